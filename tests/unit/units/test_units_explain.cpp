// Unit tests of units::rate()'s derivation (--explain) as typed steps: for the book's worked
// examples, the steps' figures, results, inputs by name and the section each cites. Expected
// values are the book's (section and page named in each test), not program output.
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "built_in_tables.hpp"
#include "gunpowder/units/unit_br.hpp"

using namespace gunpowder;
using namespace gunpowder::units;

namespace {

const Catalogue& explained_catalogue() {
  static const Catalogue* c = [] {
    auto r = load_catalogue(gunpowder::testing::built_in());
    REQUIRE(r.has_value());
    return *r;
  }();
  return *c;
}

Rating explained(Request q) {
  q.explain = true;
  auto r = rate(explained_catalogue(), q);
  if (!r) FAIL(r.error().items().front().message);
  return *r;
}

Request musketeers() {
  Request q;
  q.troop = "matchlock musketeers";
  return q;
}

// The step deriving `figure` (the last one, as a later step may replace an earlier figure), or
// null; `subject` as rate() leaves it: the unit, or the unit and its firearm.
const report::Step* step_of(const Rating& r, const std::string& figure, const std::string& subject) {
  const report::Step* found = nullptr;
  for (const auto& s : r.explain)
    if (s.figure == figure && s.subject == subject) found = &s;
  return found;
}

// The value of the input `name` of a step; "(no such input)" when it has none.
std::string input_of(const report::Step& s, const std::string& name) {
  for (const auto& i : s.inputs)
    if (i.name == name) return i.value;
  return "(no such input)";
}

bool cites(const report::Step& s, const std::string& section) {
  return s.source.find("Guns of War") != std::string::npos && s.source.find(section) != std::string::npos;
}

double number(const std::string& shown) { return std::stod(shown); }

const std::string kUnit = "Matchlock Musketeers";
const std::string kMusket = kUnit + ": matchlock musket";
const std::string kBattleRating = "Calculating Battle Rating";

}  // namespace

TEST_CASE("units::explain - Calculating Battle Rating, 120 Matchlock Musketeers (p. 45)") {
  // AC 2, 6 uhp, 2/3/4, DF, "2 Sword 11+", ML 0: "Morale Modifier is [(0+7)/7]1/2, or 1",
  // "Speed Modifier is (4 / 7.5)0.33, or 0.813", "Formation Modifier is 1.15", melee value
  // "(2.1) divided by ... (2) times ... (2), or 2.1", missile value "(0.53 + 0) x [2 + 3] x (2.25)
  // /2, or 2.98", combat modifier "[2.98 + (0.05 x 2.1)], or 3.1", BR "(2 x 0.75 x 1 x 0.813 x
  // 1.15 x 3.1) / 6 = 0.72, which rounds to 0.75", "+ 0.25 ... a final Battle Rating of 1.0".
  Request q = musketeers();
  q.melee_attacks_raw = 2.1;  // the example's unrounded melee attacks
  q.attacks_raw = 0.53;       // the example's missile attacks, rounded as it uses them
  const Rating r = explained(q);

  SUBCASE("the modifiers") {
    const report::Step* morale = step_of(r, "morale modifier", kUnit);
    REQUIRE(morale);
    CHECK(morale->rule.find("(0 + 7) / 7") != std::string::npos);
    CHECK(morale->result == "1");
    CHECK(cites(*morale, kBattleRating));

    const report::Step* speed = step_of(r, "speed modifier", kUnit);
    REQUIRE(speed);
    CHECK(speed->rule == "(4 / 7.5)^0.33");
    CHECK(input_of(*speed, "charging movement") == "4");
    CHECK(number(speed->result) == doctest::Approx(0.813).epsilon(1e-3));

    const report::Step* formation = step_of(r, "formation modifier", kUnit);
    REQUIRE(formation);
    CHECK(formation->result == "1.15");
    CHECK(input_of(*formation, "formation") == "DF");
    CHECK(formation->yields == report::Yields::rounded);  // looked up in the table
    CHECK(cites(*formation, "Formation Modifier"));
  }

  SUBCASE("melee, missile and combat values") {
    const report::Step* melee = step_of(r, "melee value", kUnit);
    REQUIRE(melee);
    CHECK(input_of(*melee, "unrounded melee attacks") == "2.1");
    CHECK(input_of(*melee, "melee attacks") == "2");
    CHECK(input_of(*melee, "maximum charge damage") == "2");
    CHECK(melee->result == "2.1");

    const report::Step* missile = step_of(r, "missile value", kUnit);
    REQUIRE(missile);
    CHECK(missile->rule == "(0.53 + 0) x (2 + 3) x 2.25 / 2");
    CHECK(input_of(*missile, "walking movement") == "2");
    CHECK(input_of(*missile, "missile range") == "3");
    CHECK(input_of(*missile, "firearm modifier") == "2.25");
    CHECK(number(missile->result) == doctest::Approx(2.98).epsilon(1e-3));
    CHECK(cites(*missile, kBattleRating));

    const report::Step* combat = step_of(r, "combat modifier", kUnit);
    REQUIRE(combat);
    CHECK(combat->rule.find(" + 0.05 x 2.1") != std::string::npos);  // missile value exceeds melee value
    CHECK(input_of(*combat, "melee value") == "2.1");
    CHECK(number(combat->result) == doctest::Approx(3.1).epsilon(5e-3));
  }

  SUBCASE("the battle rating, its rounding and the special attack bonus") {
    const report::Step* raw = step_of(r, "BR before rounding", kUnit);
    REQUIRE(raw);
    CHECK(input_of(*raw, "unit AC") == "2");
    CHECK(input_of(*raw, "uhp") == "6");
    CHECK(input_of(*raw, "morale modifier") == "1");
    CHECK(input_of(*raw, "formation modifier") == "1.15");
    CHECK(number(raw->result) == doctest::Approx(0.72).epsilon(5e-3));
    CHECK(raw->yields == report::Yields::equals);

    const report::Step* rounded = step_of(r, "BR rounded", kUnit);
    REQUIRE(rounded);
    CHECK(rounded->rule.find("to the nearest 0.25") != std::string::npos);  // "totals below 1"
    CHECK(rounded->result == "0.75");
    CHECK(rounded->yields == report::Yields::rounded);

    const report::Step* br = step_of(r, "BR", kUnit);
    REQUIRE(br);
    CHECK(input_of(*br, "BR rounded") == "0.75");
    CHECK(input_of(*br, "special attack bonus") == "0.25");
    CHECK(br->result == "1");
    CHECK(cites(*br, kBattleRating));
    CHECK(report::step_line(*br).rfind("Matchlock Musketeers: BR = 0.75 + 0.25", 0) == 0);
  }

  SUBCASE("the given missile attacks are not derived") {
    CHECK(step_of(r, "raw attacks", kMusket) == nullptr);
    const report::Step* line = step_of(r, "attack characteristic", kMusket);
    REQUIRE(line);
    CHECK(input_of(*line, "raw attacks") == "0.53");
  }
}

TEST_CASE("units::explain - Unit Number of Attacks & Reload Tokens, EXAMPLE #2 (p. 44)") {
  // "(120/20) x (4.5/4.5) x (1/9) x (0.8) = 0.53. The unit's attack sequence is '1 matchlock
  // musket, 2 reload tokens'"; the rate from the Firearm Rate of Fire table.
  const Rating r = explained(musketeers());
  const report::Step* rate = step_of(r, "rate of fire", kMusket);
  REQUIRE(rate);
  CHECK(rate->result == "1/9");
  CHECK(input_of(*rate, "column") == "DF/DM");
  CHECK(rate->yields == report::Yields::rounded);
  CHECK(cites(*rate, "Firearm Rate of Fire"));

  const report::Step* raw = step_of(r, "raw attacks", kMusket);
  REQUIRE(raw);
  CHECK(input_of(*raw, "troops") == "120");
  CHECK(input_of(*raw, "average damage") == "4.5");
  CHECK(input_of(*raw, "rate of fire") == "1/9");
  CHECK(input_of(*raw, "misfire factor") == "0.8");
  CHECK(number(raw->result) == doctest::Approx(0.53).epsilon(1e-2));

  const report::Step* line = step_of(r, "attack characteristic", kMusket);
  REQUIRE(line);
  CHECK(line->result == "1 matchlock musket 11+ (2 reload)");
  CHECK(line->yields == report::Yields::rounded);
  CHECK(cites(*line, "Firearm Number of Attacks and Reload Tokens"));

  SUBCASE("without apostles, the reload time is a round longer: 1/10") {
    // "The listed rates of fire assume ... if DF ..., are using apostles. For each round by which
    // reload time varies from this default, adjust the listed rate of fire by 1."
    Request q = musketeers();
    q.apostles = false;
    const Rating slow = explained(q);
    const report::Step* adjusted = step_of(slow, "rate of fire", kMusket);
    REQUIRE(adjusted);
    CHECK(adjusted->result == "1/10");
    CHECK(input_of(*adjusted, "apostles") == "no");
    CHECK(adjusted->rule.find("(1/9), adjusted for reload time") != std::string::npos);
  }
}

TEST_CASE("units::explain - Mounted Foot, Variable Deployment (p. 31)") {
  // "they have lost a total of 7/12 uhp ... (7/12 x 6) 3.5 uhp, rounded to 4 uhp. The unit has 2
  // uhp remaining."
  Request q;
  q.troop = "dragoons";
  q.reform_uhp_lost = std::array<int, 2>{3, 4};
  const Rating r = explained(q);
  const std::string unit = "Dragoons";
  const report::Step* before = step_of(r, "uhp lost before rounding", unit);
  REQUIRE(before);
  CHECK(before->rule == "7/12 x 6");
  CHECK(before->result == "3.5");
  const report::Step* lost = step_of(r, "uhp lost", unit);
  REQUIRE(lost);
  CHECK(lost->result == "4");
  CHECK(lost->yields == report::Yields::rounded);
  CHECK(cites(*lost, "Mounted Foot, p. 31"));
  const report::Step* left = step_of(r, "uhp remaining", unit);
  REQUIRE(left);
  CHECK(left->result == "2");
  // The unit fights as Mounted Foot whatever its movement row says (p. 31).
  const report::Step* move = step_of(r, "movement and formation", unit);
  REQUIRE(move);
  CHECK(move->result == "2/3/4 MF");
  CHECK(move->rule.find("forced: Mounted Foot (MF)") != std::string::npos);
}

TEST_CASE("units::explain - only when asked, and no step without its figure") {
  Request q = musketeers();
  auto r = rate(explained_catalogue(), q);
  REQUIRE(r.has_value());
  CHECK(r->explain.empty());
  const Rating e = explained(musketeers());
  REQUIRE_FALSE(e.explain.empty());
  for (const auto& s : e.explain) {
    CAPTURE(report::step_line(s));
    CHECK_FALSE(s.figure.empty());
    CHECK_FALSE(s.result.empty());
    CHECK_FALSE(s.source.empty());
    CHECK_FALSE(s.inputs.empty());
    CHECK(s.subject.rfind(kUnit, 0) == 0);
  }
}
