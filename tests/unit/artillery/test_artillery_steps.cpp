// Unit tests of the typed steps of a piece's derivation (--explain): for the book's worked
// instances (Gunpowder Artillery Characteristics, Powder Charge: "if a 2pdr gun is fired using a
// 1lb powder charge, halve its range and damage"; Determining Gunpowder Artillery Characteristics
// applied to the 12-pdr gun), each step's figure, result, inputs and the section its source names.
// Expected values are the book's text and figures, not the program's output.
#include <doctest/doctest.h>

#include <string>

#include "built_in_tables.hpp"
#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/core/explain.hpp"

using namespace gunpowder;
using namespace gunpowder::artillery;

namespace {

const Catalogue& catalogue() {
  auto r = load_catalogue(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

Design designed(Request req) {
  req.explain = true;
  auto d = design(catalogue(), req);
  REQUIRE(d.has_value());
  return *d;
}

// The one step deriving `figure` (under `subject` when given), or a failed check.
const report::Step& step_of(const report::Steps& steps, const std::string& figure, const std::string& subject = "") {
  const report::Step* found = nullptr;
  int count = 0;
  for (const auto& s : steps)
    if (s.figure == figure && (subject.empty() || s.subject == subject)) {
      found = &s;
      ++count;
    }
  INFO("figure: " << figure << ", subject: " << subject);
  REQUIRE(count == 1);
  return *found;
}

// The value of the input named `name`, or "" when the step has none.
std::string input(const report::Step& s, const std::string& name) {
  for (const auto& in : s.inputs)
    if (in.name == name) return in.value;
  return "";
}

bool names(const report::Step& s, const std::string& section) { return s.source.find(section) != std::string::npos; }

}  // namespace

TEST_CASE("Powder Charge: a 2pdr gun fired using a 1lb powder charge halves its range and damage") {
  Request req;
  req.type = Type::gun;
  req.shot_lb = 2;
  req.powder_lb = 1;
  const Design d = designed(req);
  // The book's 2-pdr gun: 2 lb of powder, 220/480/1,200 yards, 2d10 (Gunpowder Artillery Characteristics).
  const report::Step& ranges = step_of(d.explain, "ranges");
  CHECK(ranges.subject == "2-pdr Gun");
  CHECK(ranges.result == "110/240/600 yd");
  CHECK(ranges.yields == report::Yields::rounded);
  CHECK(input(ranges, "powder charge") == "1 lb");
  CHECK(input(ranges, "full charge") == "2 lb");
  CHECK(input(ranges, "ranges at full charge") == "220/480/1200 yd");
  CHECK(names(ranges, "Gunpowder Artillery Characteristics (Powder Charge)"));
  const report::Step& damage = step_of(d.explain, "damage");
  CHECK(damage.result == "1d10");
  CHECK(input(damage, "damage at full charge") == "2d10");
  CHECK(names(damage, "Powder Charge"));
  // The book piece's own figures come first, as a statement citing the table.
  REQUIRE_FALSE(d.explain.empty());
  CHECK(d.explain.front().figure.empty());
  CHECK(d.explain.front().rule == "the book's figures");
  CHECK(names(d.explain.front(), "Gunpowder Artillery Characteristics"));
  // The book's horses (2-pdr gun: 1 horse on every carriage) are looked up, after the formula's.
  const report::Step& horses = step_of(d.explain, "horses", "2-pdr Gun: Field Carriage");
  CHECK(horses.result == "1");
  CHECK(input(horses, "piece") == "2-pdr Gun");
  CHECK(input(horses, "carriage") == "Field Carriage");
}

TEST_CASE("Determining Gunpowder Artillery Characteristics: the formulas for a 12-pdr gun") {
  Request req;
  req.type = Type::gun;
  req.shot_lb = 12;
  req.force_formula = true;
  const Design d = designed(req);
  // "Caliber = 0.25 + 1.9237 x (Shot Weight)^1/3": 4.654", taken up to the quarter inch.
  const report::Step& calibre = step_of(d.explain, "calibre");
  CHECK(calibre.subject == "12-pdr Gun");
  CHECK(calibre.result == "4.75\"");
  CHECK(calibre.yields == report::Yields::rounded);
  CHECK(input(calibre, "shot") == "12 lb");
  CHECK(input(calibre, "factor for iron shot") == "1.9237");
  CHECK(input(calibre, "offset") == "0.25 in");
  CHECK(names(calibre, "Determining Gunpowder Artillery Characteristics (Barrel Caliber)"));
  // "Multiply caliber x 30 for guns": 142.5 in, 11'10" as the table prints a length.
  const report::Step& barrel = step_of(d.explain, "barrel length");
  CHECK(input(barrel, "calibres") == "30");
  CHECK(barrel.result == "11'10\"");
  // "Powder weight is equal to ... full shot weight for guns."
  const report::Step& powder = step_of(d.explain, "powder charge");
  CHECK(powder.result == "12 lb");
  CHECK(powder.yields == report::Yields::equals);
  CHECK(names(powder, "(Powder Weight)"));
  // "Multiply barrel length x 32 for guns ... Round to the nearest 20 yards."
  const report::Step& short_range = step_of(d.explain, "short range");
  CHECK(input(short_range, "yards per foot") == "32");
  CHECK(short_range.result == "380 yd");
  CHECK(names(short_range, "(Short Range)"));
  // "At ... 10-12lbs, 9 men"; "1d10 per lb up to 3lbs ... per 3lbs ... up to 30lbs": 3 + 3 dice.
  CHECK(step_of(d.explain, "crew").result == "9 men");
  CHECK(step_of(d.explain, "damage").result == "6d10");
  // "a line 5' wide with a length equal to 5' + 5' multiplied by the number of damage dice".
  CHECK(step_of(d.explain, "area of effect").result == "5' x 35' line");
  // "SPD = 90 / (Shot Weight / 12)^0.4": 90 shots, a shot every 2,880 / 90 = 32 rounds (the
  // Gunpowder Artillery Duels example: "12-pdr guns have a rate of fire of 1/32").
  const report::Step& spd = step_of(d.explain, "shots per day");
  CHECK(spd.result == "90");
  CHECK(input(spd, "shot") == "12 lb");
  const report::Step& rof = step_of(d.explain, "ROF");
  CHECK(rof.result == "1/32");
  CHECK(input(rof, "rounds per day") == "2880");
  CHECK(names(rof, "(ROF)"));
  // "Cost in gold pieces is equal to 1/2 base weight."
  const report::Step& cost = step_of(d.explain, "cost");
  CHECK(input(cost, "gp per lb") == "0.5");
  CHECK(cost.result == std::to_string(static_cast<int>(d.formula.base_weight_lb / 2)) + " gp");
  // AC and shp are not the book's formulas: their source says it is a documented reading.
  CHECK(names(step_of(d.explain, "shp"), "(a documented reading)"));
  // Every step is about the piece and cites where its rule is from.
  for (const auto& s : d.explain) {
    INFO(report::step_line(s));
    CHECK(s.subject.rfind("12-pdr Gun", 0) == 0);
    CHECK_FALSE(s.source.empty());
  }
}

TEST_CASE("a piece designed without --explain carries no steps") {
  Request req;
  req.type = Type::mortar;
  req.shot_lb = 50;
  req.gunpowder = "dwarven";
  auto d = design(catalogue(), req);
  REQUIRE(d.has_value());
  CHECK(d->explain.empty());
  req.explain = true;
  auto with = design(catalogue(), req);
  REQUIRE(with.has_value());
  // Dwarven gunpowder: the piece as an automaton, its hit dice a step of its own.
  const report::Step& hd = step_of(with->explain, "hit dice", "50-pdr Mortar: automaton");
  CHECK(hd.result == std::to_string(with->automaton->hd) + " HD");
  CHECK(names(hd, "\"Steampunk 2020 BC\" Memorial Rule"));
}
