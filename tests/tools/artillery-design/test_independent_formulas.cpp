// An independent recomputation of "Determining Gunpowder Artillery Characteristics" (Guns of War,
// seed 000), written from the book's text with its constants typed here, calling none of the
// library's formula code: `artillery-design --compare` must report exactly the agreement it gives,
// figure by figure and in its counts, under both orders of the rate-of-fire step.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <regex>
#include <string>

#include "artillery-design/artillery_app.hpp"
#include "built_in_tables.hpp"
#include "gunpowder/artillery/artillery.hpp"
#include "run_app.hpp"

using namespace gunpowder;

namespace {

double round_half_up(double x) { return std::floor(x + 0.5); }
double to_nearest(double x, double step) { return round_half_up(x / step) * step; }
// Half to even, as the table prints its half-inch barrels (112.5" -> 9'4", 127.5" -> 10'8").
double to_even_inch(double x) {
  const double f = std::floor(x);
  if (std::fabs(x - f - 0.5) < 1e-9) return std::fmod(f, 2.0) == 0 ? f : f + 1;
  return round_half_up(x);
}

// The figures the text's formulas give for one piece, keyed as `--compare` names its fields.
std::map<std::string, double> from_the_text(const std::string& type, double w, bool rof_first) {
  const bool mortar = type == "mortar", gun = type == "gun";
  // Barrel Caliber: 0.25 + 1.9237 (iron) or 2.5 (stone) x shot^(1/3); the table's quarter inches,
  // taken up from the figure written to the hundredth.
  const double raw = 0.25 + (mortar ? 2.5 : 1.9237) * std::cbrt(w);
  const double cal = std::ceil(std::round(raw * 100) / 100 / 0.25 - 1e-9) * 0.25;
  // Barrel Length: caliber x 18 / 30 / 8, read as inches.
  const double barrel = to_even_inch(cal * (mortar ? 8 : gun ? 30 : 18));
  // Powder Weight: 1/2 shot for cannon and mortars, the full shot for guns.
  const double powder = gun ? w : w / 2;
  // Short Range: barrel feet x 30 / 32 / 40; Long Range: short x 4.85 / 5.4 / 10; Medium Range:
  // short + 0.28 x (unrounded long - short).
  const double ft = barrel / 12;
  const double s = ft * (mortar ? 40 : gun ? 32 : 30);
  const double l = s * (mortar ? 10 : gun ? 5.4 : 4.85);
  const double m = s + 0.28 * (l - s);
  // Base Weight: caliber^2 x barrel feet x 10.5 / 12 / 14; Cost: 1/2 base weight.
  const double weight = to_nearest(cal * cal * ft * (mortar ? 14 : gun ? 12 : 10.5), 50);
  // Crew bands, then one man per 6 lb above 60.
  int crew = 0;
  const double bands[][2] = {{3, 3}, {6, 5}, {9, 7}, {12, 9}, {18, 11}, {24, 13}, {36, 15}, {48, 17}, {60, 19}};
  for (const auto& b : bands)
    if (crew == 0 && w <= b[0]) crew = static_cast<int>(b[1]);
  if (crew == 0) crew = 19 + static_cast<int>(std::floor((w - 60) / 6 + 1e-9));
  // Damage: 1d10 a lb to 3 lb, a 3 lb to 30 lb, a 5 lb beyond; whole steps, at least 1d10.
  double dice = std::floor(std::min(powder, 3.0) + 1e-9);
  if (powder > 3) dice += std::floor((std::min(powder, 30.0) - 3) / 3 + 1e-9);
  if (powder > 30) dice += std::floor((powder - 30) / 5 + 1e-9);
  dice = std::max(1.0, dice);
  // AOE: a line of 5' + 5' a die (at most 60'), or a radius of 5/10/15/20' for mortars.
  const double aoe = mortar ? (dice <= 5 ? 5 : dice <= 10 ? 10 : dice <= 20 ? 15 : 20) : std::min(60.0, 5 + 5 * dice);
  // ROF: SPD = 90 / (shot / 12)^0.4, x 0.833 for mortars; one shot every 2,880 / SPD rounds.
  const double spd = 90 / std::pow(w / 12, 0.4) * (mortar ? 0.833 : 1);
  double shots = 0, rounds_per_shot = 0;
  if (!rof_first) {
    shots = round_half_up(spd);
    rounds_per_shot = round_half_up(2880 / shots);
  } else {
    rounds_per_shot = round_half_up(2880 / spd);
    const double q = 2880 / rounds_per_shot;
    shots = std::fabs(q - std::round(q)) < 1e-9 ? std::round(q) : to_nearest(q, 5);
  }
  return {{"caliber_in", cal},
          {"barrel_length_in", barrel},
          {"base_weight_lb", weight},
          {"powder_lb", powder},
          {"range_short_yd", to_nearest(s, 20)},
          {"range_medium_yd", to_nearest(m, 20)},
          {"range_long_yd", to_nearest(l, 100)},
          {"damage_dice", dice},
          {"aoe_ft", aoe},
          {"crew", crew},
          {"rounds_per_shot", rounds_per_shot},
          {"shots_per_day", shots},
          {"cost_gp", weight / 2}};
}

// The printed figure of a book piece for a field.
double printed(const artillery::BookPiece& p, const std::string& f) {
  const std::map<std::string, double> v = {{"caliber_in", p.caliber_in},
                                           {"barrel_length_in", p.barrel_length_in},
                                           {"base_weight_lb", p.base_weight_lb},
                                           {"powder_lb", p.powder_lb},
                                           {"range_short_yd", p.range_short_yd},
                                           {"range_medium_yd", p.range_medium_yd},
                                           {"range_long_yd", p.range_long_yd},
                                           {"damage_dice", p.damage_dice},
                                           {"aoe_ft", p.aoe_ft},
                                           {"crew", p.crew},
                                           {"rounds_per_shot", p.rounds_per_shot},
                                           {"shots_per_day", p.shots_per_day},
                                           {"cost_gp", p.cost_gp}};
  return v.at(f);
}

}  // namespace

TEST_CASE(
    "artillery-design --compare: its counts equal an independent recomputation of Determining Gunpowder "
    "Artillery Characteristics") {
  const auto* cat = *artillery::load_catalogue(gunpowder::testing::built_in());
  REQUIRE(cat->pieces.size() == 17);
  for (bool rof_first : {false, true}) {
    CAPTURE(rof_first);
    const auto reading = rof_first ? artillery::RateReading::rof_first : artillery::RateReading::shots_first;
    int agree = 0, total = 0;
    for (const auto& p : cat->pieces) {
      CAPTURE(p.name);
      const auto mine = from_the_text(artillery::to_string(p.type), p.shot_lb, rof_first);
      for (const auto& [field, value] : mine) {
        ++total;
        agree += std::fabs(printed(p, field) - value) < 1e-6 ? 1 : 0;
      }
      // Figure by figure, the tool's formula figures are the text's.
      for (const auto& f : artillery::compare(*cat, p, reading)) {
        CAPTURE(f.field);
        CHECK(f.formula == doctest::Approx(mine.at(f.field)));
        CHECK(f.book == doctest::Approx(printed(p, f.field)));
      }
    }
    CHECK(total == 221);
    const auto run =
        testing::run_main(artillery_app::main, {"artillery-design", "--compare", "--format", "json", "--rate-reading",
                                                rof_first ? "rof-first" : "shots-first"});
    REQUIRE(run.code == 0);
    std::smatch m;
    // The totals are the record "comparison", after the tables' rows (whose "agree" is a field's).
    const std::string totals = run.out.substr(run.out.find("\"comparison\""));
    REQUIRE(std::regex_search(totals, m, std::regex("\"agree\": *([0-9]+)")));
    CHECK(std::stoi(m[1]) == agree);
    REQUIRE(std::regex_search(totals, m, std::regex("\"total\": *([0-9]+)")));
    CHECK(std::stoi(m[1]) == total);
    const std::string key = rof_first ? "agree_rof_first" : "agree_shots_first";
    REQUIRE(std::regex_search(run.out, m, std::regex("\"" + key + "\": *([0-9]+)")));
    CHECK(std::stoi(m[1]) == agree);
    // The counts the README and docs/rules-notes.md state.
    CHECK(agree == (rof_first ? 151 : 147));
  }
}

TEST_CASE(
    "artillery-design: the catalogue's formula figures are --compare's (Determining Gunpowder Artillery "
    "Characteristics)") {
  const auto* cat = *artillery::load_catalogue(gunpowder::testing::built_in());
  for (const auto& p : cat->pieces) {
    CAPTURE(p.name);
    artillery::Request req;
    req.type = p.type;
    req.shot_lb = p.shot_lb;
    const auto d = artillery::design(*cat, req);
    REQUIRE(d);
    for (const auto& f : artillery::compare(*cat, p)) {
      CAPTURE(f.field);
      if (f.field == "shots_per_day") CHECK(f.formula == d->formula.shots_per_day);
      if (f.field == "rounds_per_shot") CHECK(f.formula == d->formula.rounds_per_shot);
      if (f.field == "range_medium_yd") CHECK(f.formula == d->formula.range_medium_yd);
      if (f.field == "barrel_length_in") CHECK(f.formula == d->formula.barrel_length_in);
    }
  }
}
