// Unit tests of the War Machine rules (seed 004): the tables against the seed, cell by cell;
// the worked figures of rules-gaps s.3; force rating; adjustments; troop ratio; and the exact
// odds against a separate brute-force enumeration of the 10,000 pairs of d100 rolls.
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "gunpowder/data/data.hpp"
#include "gunpowder/input/reader.hpp"
#include "gunpowder/war/war_machine.hpp"
#include "built_in_tables.hpp"

using namespace gunpowder;
using war::Fatigue;
using war::Location;
using war::Role;

namespace {

const war::Rules& rules() {
  auto r = war::load_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

/// The worked check of the battle rating (rules-gaps s.3): BFR 96 with statements a, c, d, h, i,
/// j, k and l true.
war::Force elves_battle_rating_check() {
  war::Force f;
  f.name = "Elves";
  f.troops = 500;
  f.bfr = 96;
  f.statement_letters = std::vector<char>{'a', 'c', 'd', 'h', 'i', 'j', 'k', 'l'};
  return f;
}

war::Force force(const std::string& name, std::int64_t troops, int br, Role role = Role::none) {
  war::Force f;
  f.name = name;
  f.troops = troops;
  f.br = br;
  f.role = role;
  return f;
}

// ---- an independent reading of the seed's combat results table (l. 215-227) -----------------
// band upper bounds; the first band's label (1-8) is from rules-gaps s.3
const std::vector<int> kBandMax = {8, 15, 24, 30, 38, 50, 63, 80, 90, 100, 120, 150, INT_MAX};
const std::vector<int> kWinnerPct = {0, 0, 10, 10, 20, 0, 20, 30, 10, 0, 20, 10, 10};
const std::vector<int> kLoserPct = {10, 20, 20, 30, 40, 30, 50, 60, 50, 30, 70, 70, 100};
size_t band_of(int diff) {
  size_t i = 0;
  while (diff > kBandMax[i]) ++i;
  return i;
}

/// Brute force over all 10,000 (d100, d100) pairs: counts of (winner, band), ties, and the
/// expected casualty % of each side with ties rolled again (tactic casualty points added,
/// clamped to 0-100).
struct Brute {
  std::array<std::array<std::int64_t, 13>, 2> counts{};
  std::array<std::int64_t, 2> wins{};
  std::int64_t ties = 0;
  std::array<double, 2> expected_pct{};
};
Brute brute(int c0, int c1, std::array<int, 2> cas = {0, 0}) {
  Brute b;
  std::array<double, 2> sum{};
  for (int r0 = 1; r0 <= 100; ++r0)
    for (int r1 = 1; r1 <= 100; ++r1) {
      const int t0 = c0 + r0, t1 = c1 + r1;
      if (t0 == t1) {
        ++b.ties;
        continue;
      }
      const size_t w = t0 > t1 ? 0 : 1;
      const size_t band = band_of(std::abs(t0 - t1));
      ++b.counts[w][band];
      ++b.wins[w];
      for (size_t s = 0; s < 2; ++s) {
        const int base = s == w ? kWinnerPct[band] : kLoserPct[band];
        sum[s] += std::clamp(base + cas[s], 0, 100);
      }
    }
  for (size_t s = 0; s < 2; ++s) b.expected_pct[s] = sum[s] / static_cast<double>(b.wins[0] + b.wins[1]);
  return b;
}

}  // namespace

TEST_CASE("war::load_rules") {
  const auto& R = rules();
  CHECK(R.bfr_components.size() == 15);
  CHECK(R.ability_bands.size() == 7);
  CHECK(R.troop_classes.size() == 8);
  CHECK(R.statements.size() == 12);
  CHECK(R.quick_hit_dice.size() == 6);
  CHECK(R.troop_ratio.bands.size() == 12);
  CHECK(R.groups.size() == 10);
  CHECK(R.adjustments.size() == 37);
  CHECK(R.results.size() == 13);
  CHECK(R.tactics.size() == 6);
  CHECK(R.cells.size() == 36);
  CHECK(R.forced_march_rows.size() == 8);
  CHECK(R.movement.size() == 3);
  CHECK(R.forage.size() == 2);
  CHECK(R.default_tie_policy == war::TiePolicy::reroll);
}

TEST_CASE("war tables: combat results, seed 004 Combat results (winner/loser) l. 215-227, cell by cell") {
  const auto& R = rules();
  // The printed rows: band, winner%, loser%, winner fatigue, loser fatigue, winner location,
  // loser location ("---" where the seed prints a dash).
  const std::vector<std::array<std::string, 7>> seed = {
      {"1-8", "0", "10", "N", "N", "F", "R"},          {"9-15", "0", "20", "N", "N", "F", "R"},
      {"16-24", "10", "20", "N", "M", "F", "R"},       {"25-30", "10", "30", "N", "M", "F", "R1"},
      {"31-38", "20", "40", "M", "S", "R", "R"},       {"39-50", "0", "30", "N", "S", "F", "R2"},
      {"51-63", "20", "50", "M", "S", "F1", "R3"},     {"64-80", "30", "60", "M", "S", "F1", "R3"},
      {"81-90", "10", "50", "N", "S", "F3", "R2"},     {"91-100", "0", "30", "N", "---", "F3", "rout"},
      {"101-120", "20", "70", "N", "---", "F3", "rout"}, {"121-150", "10", "70", "N", "---", "F3", "rout"},
      {"151+", "10", "100", "N", "---", "F5", "---"}};
  REQUIRE(R.results.size() == seed.size());
  auto fatigue = [](const std::string& s) -> std::optional<Fatigue> {
    if (s == "N") return Fatigue::none;
    if (s == "M") return Fatigue::moderate;
    if (s == "S") return Fatigue::serious;
    return std::nullopt;
  };
  for (size_t i = 0; i < seed.size(); ++i) {
    const auto& row = seed[i];
    const auto& r = R.results[i];
    CAPTURE(row[0]);
    CHECK(r.label == row[0]);
    CHECK(r.casualties_pct[0] == std::stoi(row[1]));
    CHECK(r.casualties_pct[1] == std::stoi(row[2]));
    CHECK(r.fatigue[0] == fatigue(row[3]));
    CHECK(r.fatigue[1] == fatigue(row[4]));
    for (size_t side = 0; side < 2; ++side) {
      const std::string cell = row[5 + side];
      CHECK(r.printed[4 + side] == (cell == "---" ? "-" : cell));
      if (cell == "---") {
        CHECK_FALSE(r.location[side].has_value());
      } else if (cell == "rout") {
        CHECK(r.location[side] == Location::rout);
      } else {
        CHECK(r.location[side] == (cell[0] == 'F' ? Location::field : Location::retreat));
        CHECK(r.location_units[side] == (cell.size() > 1 ? std::stoi(cell.substr(1)) : 0));
      }
    }
    CHECK(r.diff_min == (i == 0 ? 1 : kBandMax[i - 1] + 1));
    if (i + 1 < seed.size()) CHECK(r.diff_max == kBandMax[i]);
    else CHECK_FALSE(r.diff_max.has_value());
  }
  SUBCASE("result_for finds every difference's band") {
    for (int d = 1; d <= 400; ++d) {
      CAPTURE(d);
      CHECK(&R.result_for(d) == &R.results[band_of(d)]);
    }
  }
}

TEST_CASE("war tables: tactics, seed 004 Effect of tactics (A/B) l. 258-274, cell by cell and symmetric") {
  const auto& R = rules();
  // Rows are side B's tactic, columns side A's; each cell "A effect / B effect" as printed.
  const std::vector<std::string> order = {"attack-plus", "attack", "envelop", "trap", "hold", "withdraw"};
  const std::vector<std::vector<std::string>> seed = {
      {"C+20/C+20", "BR-20/C+20", "C+10/BR+10", "BR+20/C+20", "BR-25/C+20", "C+30/BR+20"},    // l. 258-259
      {"C+20/BR-20", "C+10/C+10", "BR-10/C+10", "BR+10/C+10", "C-10/-", "C+20/BR+10"},        // l. 261-262
      {"BR+10/C+10", "C+10/BR-10", "no effect", "BR-20/C-10", "C+20/BR+20", "C-10/BR+10"},    // l. 264-265
      {"C+20/BR+20", "C+10/BR+10", "C-10/BR-20", "no effect", "C-10/BR-20", "C-10/C-10"},     // l. 267-268
      {"C+20/BR-25", "-/C-10", "BR+20/C+20", "BR-20/C-10", "no combat", "no combat"},         // l. 270-271
      {"BR+20/C+30", "BR+10/C+20", "BR+10/C-10", "C-10/C-10", "no combat", "no combat"}};     // l. 273-274
  auto parse = [](const std::string& half) -> war::TacticEffect {
    if (half == "-") return {};
    if (half.rfind("BR", 0) == 0) return {war::EffectKind::br, std::stoi(half.substr(2))};
    return {war::EffectKind::casualties, std::stoi(half.substr(1))};
  };
  REQUIRE(R.tactics.size() == order.size());
  for (size_t i = 0; i < order.size(); ++i) CHECK(R.tactics[i].id == order[i]);
  for (size_t b = 0; b < 6; ++b)
    for (size_t a = 0; a < 6; ++a) {
      const std::string& printed = seed[b][a];
      CAPTURE(order[b]);
      CAPTURE(order[a]);
      const auto* cell = R.cell(order[a], order[b]);
      REQUIRE(cell != nullptr);
      if (printed == "no effect") {
        CHECK(cell->kind == war::TacticKind::no_effect);
      } else if (printed == "no combat") {
        CHECK(cell->kind == war::TacticKind::no_combat);
      } else {
        CHECK(cell->kind == war::TacticKind::effects);
        const auto slash = printed.find('/');
        const auto ea = parse(printed.substr(0, slash)), eb = parse(printed.substr(slash + 1));
        CHECK(cell->effect[0].kind == ea.kind);
        CHECK(cell->effect[0].value == ea.value);
        CHECK(cell->effect[1].kind == eb.kind);
        CHECK(cell->effect[1].value == eb.value);
      }
      // Symmetric: swapping the two sides' tactics swaps the two halves.
      const auto* mirror = R.cell(order[b], order[a]);
      REQUIRE(mirror != nullptr);
      CHECK(mirror->kind == cell->kind);
      CHECK(mirror->effect[0].kind == cell->effect[1].kind);
      CHECK(mirror->effect[0].value == cell->effect[1].value);
      CHECK(mirror->effect[1].kind == cell->effect[0].kind);
      CHECK(mirror->effect[1].value == cell->effect[0].value);
    }
  SUBCASE("tactics_effect from both sides") {
    auto t = war::tactics_effect(R, std::string("attack"), std::string("hold"));
    REQUIRE(t.has_value());
    CHECK(t->effect[0].kind == war::EffectKind::none);  // "- / C-10%": A unaffected
    CHECK(t->effect[1].value == -10);
    auto u = war::tactics_effect(R, std::string("hold"), std::string("attack"));
    REQUIRE(u.has_value());
    CHECK(u->effect[0].value == -10);
    CHECK(u->effect[1].kind == war::EffectKind::none);
    CHECK_FALSE(war::tactics_effect(R, std::string("charge"), std::string("hold")).has_value());
    CHECK_FALSE(war::tactics_effect(R, std::string("attack"), std::nullopt).has_value());
    CHECK(war::tactics_effect(R, std::nullopt, std::nullopt).has_value());
  }
}

TEST_CASE("war tables: forced march results (1d6), seed 004 l. 233-240, cell by cell") {
  const auto& R = rules();
  const std::vector<std::pair<std::string, std::array<std::string, 6>>> seed = {
      {"untrained", {"F", "F, M", "F, S", "M", "M", "M"}},
      {"poor", {"F", "F, M", "F, S", "---", "M", "M"}},
      {"below-average", {"F", "F, M", "F, M", "F, S", "M", "M"}},
      {"fair", {"F", "F, M", "F, M", "F, M", "---", "M"}},
      {"average", {"F", "F", "F, M", "F, M", "---", "M"}},
      {"good", {"F", "F", "F, M", "F, M", "---", "---"}},
      {"excellent", {"F", "F", "F", "F", "F, M", "---"}},
      {"elite", {"F", "F", "F", "F", "F, M", "F, M"}}};
  for (const auto& [cls, cells] : seed) {
    const auto* row = R.forced_march_row(cls);
    REQUIRE(row != nullptr);
    for (size_t k = 0; k < 6; ++k) {
      const auto& captured_cls = cls;  // clang 14: no structured binding in CAPTURE's lambda
      CAPTURE(captured_cls);
      CAPTURE(k + 1);
      const std::string& c = cells[k];
      CHECK(row->printed[k] == (c == "---" ? "-" : c));
      CHECK(row->success[k] == (c.find('F') != std::string::npos));
      const Fatigue f = c.find('S') != std::string::npos ? Fatigue::serious
                        : c.find('M') != std::string::npos ? Fatigue::moderate
                                                           : Fatigue::none;
      CHECK(row->fatigue[k] == f);
    }
  }
}

TEST_CASE("war tables: create food, seed 004 Siege Machine l. 392-400, cell by cell") {
  // Three (level, per spell, per day) groups side by side on nine printed rows.
  const std::vector<std::array<int, 9>> seed = {
      {10, 36, 36, 19, 360, 1440, 28, 684, 4788},   {11, 72, 144, 20, 396, 1584, 29, 720, 5040},
      {12, 108, 216, 21, 432, 2160, 30, 756, 5292}, {13, 144, 288, 22, 468, 2340, 31, 792, 6336},
      {14, 180, 540, 23, 504, 2520, 32, 828, 6624}, {15, 216, 648, 24, 540, 2700, 33, 864, 6912},
      {16, 252, 1008, 25, 576, 2880, 34, 900, 7200}, {17, 288, 1152, 26, 612, 3672, 35, 936, 8424},
      {18, 324, 1296, 27, 648, 3888, 36, 972, 8748}};
  std::map<int, std::pair<int, int>> want;
  for (const auto& row : seed)
    for (size_t g = 0; g < 3; ++g) want[row[3 * g]] = {row[3 * g + 1], row[3 * g + 2]};
  // The per-spell column is a note of the table (a comment line "# per_spell = N": the rules read
  // a caster's day), so the rows are read from the file's text.
  std::ifstream in(std::string(GUNPOWDER_SOURCE_DIR) + "/data/siege_machine.toml");
  REQUIRE(in.good());
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::regex row(R"(\[\[create_food\]\]\nlevel = (\d+)\n# per_spell = (\d+)\nper_day = (\d+)\n)");
  std::map<int, std::pair<int, int>> got;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), row); it != std::sregex_iterator(); ++it)
    got[std::stoi((*it)[1])] = {std::stoi((*it)[2]), std::stoi((*it)[3])};
  CHECK(got == want);
}

TEST_CASE("war tables: combat adjustments, seed 004 Combat results l. 92-166, in printed order") {
  const auto& R = rules();
  const std::vector<int> seed = {10, 10, 10, 30, -10,             // morale
                                 25, -25, 20,                     // environment
                                 20, 20, 10, 20, -20, -20, -10,   // terrain
                                 10, 50, 40, 20, 50,              // defenders only
                                 150, 50, 50,                     // immunities
                                 -10, -30,                        // fatigue
                                 50, 20, 10, -25,                 // information
                                 40, 20,                          // surprise
                                 30, 10,                          // leader loss
                                 20, 10, -20, -10};               // PC heroics
  REQUIRE(R.adjustments.size() == seed.size());
  for (size_t i = 0; i < seed.size(); ++i) {
    CAPTURE(R.adjustments[i].id);
    CHECK(R.adjustments[i].br == seed[i]);
  }
  // The '*' lines ignored with Siege Machine (l. 120, 123, 124, 126).
  for (const char* id : {"defending-in-place", "rough-terrain-or-wall", "in-stronghold"})
    CHECK(R.adjustment(id)->ignore_with_siege_machine);
  for (const char* id : {"narrow-defile", "attackers-cross-deep-water"}) CHECK_FALSE(R.adjustment(id)->ignore_with_siege_machine);
}

TEST_CASE("war::rate_force: its derivation as typed steps (War Machine, Battle rating B)") {
  // The worked check of the battle rating: BFR 96 and eight statements true give B = 96 + 8 x
  // ceil(96/10) = 176, troop class Good (BFR 81-100).
  const war::Force f = elves_battle_rating_check();
  auto r = war::rate_force(rules(), f);
  REQUIRE(r.has_value());
  const auto step = [&](const std::string& figure) -> const report::Step& {
    auto it = std::find_if(r->explain.begin(), r->explain.end(), [&](const auto& s) { return s.figure == figure; });
    REQUIRE(it != r->explain.end());
    return *it;
  };
  const auto input = [](const report::Step& s, const std::string& name) {
    for (const auto& in : s.inputs)
      if (in.name == name) return in.value;
    return std::string("(none)");
  };
  const report::Step& b = step("B");
  CHECK(b.subject == "Elves");
  CHECK(b.result == "176");
  CHECK(input(b, "B'") == "96");
  CHECK(input(b, "n (statements true)") == "8");
  CHECK(input(b, "ceil(B'/10)") == "10");
  CHECK(b.source.find("War Machine, Battle rating B") == 0);
  const report::Step& tc = step("troop class");
  CHECK(tc.result == "Good");
  CHECK(tc.yields == report::Yields::rounded);
  CHECK(input(tc, "BFR") == "96");
  CHECK(step("BFR").result == "96");
  CHECK(report::step_line(b).find("Elves: B = ") == 0);
}

TEST_CASE("war::rate_force") {
  const auto& R = rules();
  SUBCASE("rules-gaps s.3 Battle rating check: BFR 96 with a, c, d, h, i, j, k, l true gives BR 176, Good") {
    const war::Force f = elves_battle_rating_check();
    auto r = war::rate_force(R, f);
    REQUIRE(r.has_value());
    CHECK(r->bonus_per_statement == 10);
    CHECK(r->statements_true == 8);
    CHECK(r->br == 176);
    CHECK(r->troop_class == "good");
    // Listed, not measured: every line is given, none has a figure.
    for (const auto& sl : r->statements) {
      CHECK(sl.given);
      CHECK_FALSE(sl.figure.has_value());
    }
  }
  SUBCASE("the same from the composition of the issue's field.toml") {
    war::Force f;
    f.name = "Elves";
    f.troops = 500;
    f.bfr = 96;
    f.composition.mounted_pct = 20;
    f.composition.missile_pct = 100;
    f.composition.missile_100ft_pct = 100;
    f.composition.spells_pct = 100;
    f.composition.flying_pct = 20;
    f.composition.movement_ft = 120;
    auto r = war::rate_force(R, f);
    REQUIRE(r.has_value());
    CHECK(r->br == 176);
    std::string held;
    for (const auto& s : r->statements)
      if (s.holds) held += s.letter;
    CHECK(held == "acdhijkl");
    for (const auto& s : r->statements) CHECK_FALSE(s.given);  // measured, not listed
  }
  SUBCASE("Battle rating B statements, 'at least', up reading (default): 19.9% mounted counts as 20% and holds") {
    war::Force f = force("X", 100, 0);
    f.br.reset();
    f.bfr = 50;
    f.composition.mounted_pct = 19.9;  // 199 of 1,000 riders: the BFR would count it as 20%
    auto r = war::rate_force(R, f);
    REQUIRE(r.has_value());
    CHECK(r->statements_true == 1);
    CHECK(r->br == 55);  // 50 + ceil(50/10)
    CHECK(r->statements[0].measured == "20% (19.9% rounded up)");
    f.composition.mounted_pct = 19;  // a whole 19% does not
    CHECK(war::rate_force(R, f)->statements_true == 0);
    f.composition.mounted_pct = 49.01;  // 50% mounted (b) holds as well
    CHECK(war::rate_force(R, f)->statements_true == 2);
    f.composition.mounted_pct.reset();
    f.composition.movement_ft = 99.5;  // (l) average movement 100: a fraction of a foot rounds up too
    CHECK(war::rate_force(R, f)->statements_true == 1);
  }
  SUBCASE("Battle rating B statements, exact reading: 19.9% mounted fails, 20% holds") {
    war::Force f = force("X", 100, 0);
    f.br.reset();
    f.bfr = 50;
    f.composition.mounted_pct = 19.9;
    CHECK(war::rate_force(R, f, war::PercentReading::exact)->statements_true == 0);
    f.composition.mounted_pct = 20;
    CHECK(war::rate_force(R, f, war::PercentReading::exact)->statements_true == 1);
    f.composition.mounted_pct.reset();
    f.composition.movement_ft = 99.5;
    CHECK(war::rate_force(R, f, war::PercentReading::exact)->statements_true == 0);
  }
  SUBCASE("Battle rating B statements: a listed letter is checked against the figure under the same reading") {
    war::Force f = force("X", 100, 0);
    f.br.reset();
    f.bfr = 50;
    f.composition.mounted_pct = 19.9;
    f.statement_letters = std::vector<char>{'a'};
    CHECK(war::rate_force(R, f).has_value());
    CHECK_FALSE(war::rate_force(R, f, war::PercentReading::exact).has_value());
  }
  SUBCASE("rules-gaps s.3 special troops: 290 ghouls + 10 spectres, 3.33% counts as 4% -> +8") {
    war::Force f;
    f.name = "Undead";
    f.troops = 300;
    war::Factors fa;
    fa.two_asterisk_pct = 100.0 * 10 / 300;
    f.factors = fa;
    auto r = war::rate_force(R, f);
    REQUIRE(r.has_value());
    CHECK(r->bfr == 8);
  }
  SUBCASE("every factor, worked by hand from seed 004 Battle force rating B' (l. 15-33)") {
    war::Force f;
    f.name = "Prince";
    f.troops = 400;
    war::Factors fa;
    fa.leader_level = 12;                       // +12
    fa.leader_int = 13;                         // +1
    fa.leader_wis = 9;                          // 0
    fa.leader_cha = 16;                         // +2
    fa.name_level_pct = 2.5;                    // 3% -> +6
    fa.officers = 10;                           // 10 x 40 = 400: enough
    fa.officer_level = 4;                       // +12
    fa.troop_level = 1.5;                       // +3
    fa.victories = 12;                          // max 10 -> +10
    fa.routs = 2;                               // -2
    fa.weeks_trained = 25;                      // max 20 -> +20
    fa.weeks_with_leader = 8;                   // +8
    fa.months_on_duty = 12;                     // +12
    fa.weapons = "good";                        // +10
    fa.second_weapon = true;                    // +5
    fa.average_ac = 5;                          // +5
    f.factors = fa;
    auto r = war::rate_force(R, f);
    REQUIRE(r.has_value());
    CHECK(r->bfr == 104);
    CHECK(r->troop_class == "excellent");
    std::map<std::string, int> pts;
    for (const auto& l : r->bfr_lines) pts[l.id] = l.points;
    CHECK(pts["leader_level"] == 12);
    CHECK(pts["leader_ability_adjustments"] == 3);
    CHECK(pts["name_level_percent"] == 6);
    CHECK(pts["officer_level"] == 12);
    CHECK(pts["troop_level"] == 3);
    CHECK(pts["victories"] == 10);
    CHECK(pts["routs"] == -2);
    CHECK(pts["weeks_trained"] == 20);
    CHECK(pts["weeks_with_leader"] == 8);
    CHECK(pts["months_on_duty"] == 12);
    CHECK(pts["weapons"] == 10);
    CHECK(pts["second_weapon"] == 5);
    CHECK(pts["armour_class"] == 5);
    SUBCASE("one officer short of one per 40 troops: the officer term is 0 (l. 19)") {
      f.factors->officers = 9;
      CHECK(war::rate_force(R, f)->bfr == 92);
    }
    SUBCASE("non-human officers: level = average hit dice + 1 (rules-gaps s.3)") {
      f.factors->officer_level.reset();
      f.factors->officer_hit_dice = 3;
      CHECK(war::rate_force(R, f)->bfr == 104);
    }
    SUBCASE("AC 6 is worse than 5: no armour points") {
      f.factors->average_ac = 6;
      CHECK(war::rate_force(R, f)->bfr == 99);
    }
    SUBCASE("weapons 5/10/15 for average/good/excellent; below average 0 (a documented reading)") {
      const std::map<std::string, int> points = {{"below-average", 0}, {"average", 5}, {"good", 10}, {"excellent", 15}};
      for (const auto& [quality, n] : points) {
        const auto& captured_quality = quality;  // clang 14: no structured binding in CAPTURE's lambda
        CAPTURE(captured_quality);
        f.factors->weapons = quality;
        CHECK(war::rate_force(R, f)->bfr == 104 - 10 + n);
      }
    }
  }
  SUBCASE("the special-troop lines are alternatives: the larger counts (l. 32-33)") {
    war::Force f;
    f.name = "Elves";
    f.troops = 100;
    war::Factors fa;
    fa.all_elves_or_dwarves = true;
    fa.two_asterisk_pct = 5;  // +10 < 15
    f.factors = fa;
    CHECK(war::rate_force(R, f)->bfr == 15);
    f.factors->two_asterisk_pct = 10;  // +20 > 15
    CHECK(war::rate_force(R, f)->bfr == 20);
  }
  SUBCASE("troop classes from BFR, l. 38-43") {
    const std::vector<std::pair<int, std::string>> cases = {
        {0, "untrained"}, {20, "untrained"}, {21, "poor"}, {35, "poor"}, {36, "below-average"}, {55, "below-average"},
        {56, "fair"}, {70, "fair"}, {71, "average"}, {80, "average"}, {81, "good"}, {100, "good"},
        {101, "excellent"}, {125, "excellent"}, {126, "elite"}, {400, "elite"}};
    for (const auto& [bfr, cls] : cases) {
      const auto& captured_bfr = bfr;  // clang 14: no structured binding in CAPTURE's lambda
      CAPTURE(captured_bfr);
      CHECK(R.class_for_bfr(bfr).id == cls);
    }
  }
  SUBCASE("quick battle rating (rules-gaps s.3): level 8, 1 HD, archers and flyers, 8 damage -> 66") {
    war::Force f;
    f.name = "Goblins";
    f.troops = 200;
    f.quick = war::QuickInputs{8, 1, {"archers", "flyers"}, 8};
    auto r = war::rate_force(R, f);
    REQUIRE(r.has_value());
    CHECK(r->br == 8 + 30 + 20 + 8);
    f.quick->hit_dice = 0.5;  // less than 1 HD: 20
    CHECK(war::rate_force(R, f)->br == 8 + 20 + 20 + 8);
    f.quick->hit_dice = 9;  // 9+: 80
    CHECK(war::rate_force(R, f)->br == 8 + 80 + 20 + 8);
  }
  SUBCASE("contradictions are errors") {
    war::Force f = force("X", 100, 50);
    f.bfr = 40;
    CHECK_FALSE(war::rate_force(R, f).has_value());  // two ways to rate
    war::Force g = force("Y", 0, 50);
    CHECK_FALSE(war::rate_force(R, g).has_value());  // no troops
    war::Force h = force("Z", 100, 0);
    h.br.reset();
    h.bfr = 96;
    h.troop_class = "elite";
    CHECK_FALSE(war::rate_force(R, h).has_value());  // class contradicts BFR
    h.troop_class.reset();
    h.statement_letters = std::vector<char>{'a'};
    h.composition.mounted_pct = 5;
    CHECK_FALSE(war::rate_force(R, h).has_value());  // statement a listed, 5% mounted
  }
}

TEST_CASE("war::troop_ratio_adjustment, seed 004 Troop ratio l. 73-80") {
  const auto& R = rules();
  using war::RatioReading;
  SUBCASE("the printed ratios give the printed adjustments under both readings") {
    const std::vector<std::pair<double, int>> printed = {{1.5, 15}, {2, 30}, {3, 45}, {4, 60}, {5, 70}, {6, 80},
                                                         {7, 90}, {10, 100}, {15, 110}, {20, 120}, {30, 130}, {40, 140}};
    for (const auto& [ratio, adj] : printed) {
      const auto& captured_ratio = ratio;  // clang 14: no structured binding in CAPTURE's lambda
      CAPTURE(captured_ratio);
      const auto larger = static_cast<std::int64_t>(ratio * 1000);
      CHECK(war::troop_ratio_adjustment(R, larger, 1000, RatioReading::ceiling) == adj);
      CHECK(war::troop_ratio_adjustment(R, larger, 1000, RatioReading::floor) == adj);
    }
  }
  SUBCASE("between the printed ratios, ceiling: R rounds up to the next printed ratio") {
    const std::vector<std::pair<std::int64_t, int>> cases = {
        {1001, 15}, {1600, 30}, {2500, 45}, {3500, 60}, {7500, 100}, {12000, 110}, {16000, 120}, {19999, 120}};
    for (const auto& [l, adj] : cases) {
      const auto& captured_l = l;  // clang 14: no structured binding in CAPTURE's lambda
      CAPTURE(captured_l);
      CHECK(war::troop_ratio_adjustment(R, l, 1000, RatioReading::ceiling) == adj);
    }
  }
  SUBCASE("between the printed ratios, floor: the largest printed ratio not above R; above 1:1 is at least 1.5:1") {
    // The first band is 1.01-1.5:1 (rules-gaps s.3): a ratio just above 1 already earns +15, and
    // under the floor reading keeps it up to 2:1.
    const std::vector<std::pair<std::int64_t, int>> cases = {{1001, 15},   {1250, 15},  {1499, 15}, {1600, 15},
                                                             {1999, 15},   {2000, 30},  {2500, 30}, {7500, 90},
                                                             {12000, 100}, {19999, 110}};
    for (const auto& [l, adj] : cases) {
      const auto& captured_l = l;  // clang 14: no structured binding in CAPTURE's lambda
      CAPTURE(captured_l);
      CHECK(war::troop_ratio_adjustment(R, l, 1000, RatioReading::floor) == adj);
    }
  }
  SUBCASE("from 20:1 both readings use 100 + 10 ceil(R/10)") {
    for (auto reading : {RatioReading::ceiling, RatioReading::floor}) {
      CHECK(war::troop_ratio_adjustment(R, 25, 1, reading) == 130);
      CHECK(war::troop_ratio_adjustment(R, 45, 1, reading) == 150);
      CHECK(war::troop_ratio_adjustment(R, 301, 10, reading) == 140);
      CHECK(war::troop_ratio_adjustment(R, 1000, 1, reading) == 1100);
    }
  }
  SUBCASE("equal or smaller forces get nothing") {
    CHECK(war::troop_ratio_adjustment(R, 1000, 1000, RatioReading::ceiling) == 0);
    CHECK(war::troop_ratio_adjustment(R, 500, 1000, RatioReading::ceiling) == 0);
  }
}

TEST_CASE("war::battle_adjustments") {
  const auto& R = rules();
  war::Force a = force("Attackers", 500, 100, Role::attacker);
  war::Force d = force("Defenders", 1000, 80, Role::defender);
  war::Rating ra, rd;
  ra.br = 100;
  rd.br = 80;
  war::BattleSettings s;
  auto total = [&](size_t side) {
    auto adj = war::battle_adjustments(R, {&a, &d}, {&ra, &rd}, s);
    REQUIRE(adj.has_value());
    return (*adj)[side].total;
  };
  SUBCASE("the larger force gets the troop ratio, the smaller nothing") {
    CHECK(total(0) == 0);
    CHECK(total(1) == 30);
  }
  SUBCASE("each adjustment adds its printed value to its own side") {
    for (const auto& adj : R.adjustments) {
      if (adj.fatigue || adj.benefits_opponent) continue;
      CAPTURE(adj.id);
      war::Force& who = R.group(adj.group)->defender_only ? d : a;
      who.situation = {adj.id};
      const size_t side = &who == &a ? 0 : 1;
      CHECK(total(side) == adj.br + (side == 1 ? 30 : 0));
      who.situation.clear();
    }
  }
  SUBCASE("fatigue from the force's state (l. 135-138)") {
    a.fatigue = Fatigue::moderate;
    CHECK(total(0) == -10);
    a.fatigue = Fatigue::serious;
    CHECK(total(0) == -30);
  }
  SUBCASE("leader loss goes to the other side (l. 155-158)") {
    d.situation = {"leader-removed", "officer-removed"};
    CHECK(total(0) == 40);
    CHECK(total(1) == 30);
  }
  SUBCASE("two or more troop-class advantage from the classes (l. 94)") {
    ra.troop_class = "elite";
    ra.troop_class_rank = 8;
    rd.troop_class = "excellent";
    rd.troop_class_rank = 7;
    CHECK(total(0) == 0);
    rd.troop_class = "good";
    rd.troop_class_rank = 6;
    CHECK(total(0) == 10);
  }
  SUBCASE("defenders-only lines: halved if 5% of the attackers fly, ignored if all do (l. 117)") {
    d.situation = {"in-stronghold", "narrow-defile"};
    CHECK(total(1) == 30 + 100);
    a.composition.flying_pct = 4;
    CHECK(total(1) == 30 + 100);
    a.composition.flying_pct = 4.9;  // up reading (default): counts as 5%, as the statements do
    CHECK(total(1) == 30 + 50);
    s.percent_reading = war::PercentReading::exact;
    CHECK(total(1) == 30 + 100);
    s.percent_reading = war::PercentReading::up;
    a.composition.flying_pct = 5;
    CHECK(total(1) == 30 + 50);
    a.composition.flying_pct = 100;
    CHECK(total(1) == 30);
  }
  SUBCASE("Siege Machine drops the starred lines (l. 126)") {
    d.situation = {"in-stronghold", "narrow-defile", "defending-in-place", "rough-terrain-or-wall"};
    CHECK(total(1) == 30 + 50 + 50 + 10 + 20);
    s.siege_machine = true;
    CHECK(total(1) == 30 + 50);
  }
  SUBCASE("simple siege: defender x4 for the ratio, +5 a week for the besieger (l. 182-185)") {
    s.simple_siege = true;
    s.weeks_besieged = 3;
    // 500 attackers against 4 x 1000: the defender has 8:1 -> +100 (ceiling reading)
    CHECK(total(1) == 100);
    CHECK(total(0) == 15);
  }
  SUBCASE("contradictions are errors") {
    d.situation = {"ambush", "encampment"};
    CHECK_FALSE(war::battle_adjustments(R, {&a, &d}, {&ra, &rd}, s).has_value());
    d.situation = {};
    a.situation = {"in-stronghold"};
    CHECK_FALSE(war::battle_adjustments(R, {&a, &d}, {&ra, &rd}, s).has_value());
    a.situation = {"extremely-favourable", "extremely-unfavourable"};
    CHECK_FALSE(war::battle_adjustments(R, {&a, &d}, {&ra, &rd}, s).has_value());
    a.situation = {};
    a.role = Role::defender;
    CHECK_FALSE(war::battle_adjustments(R, {&a, &d}, {&ra, &rd}, s).has_value());
  }
}

TEST_CASE("war::resolve_battle against a brute-force enumeration of the 10,000 roll pairs") {
  const auto& R = rules();
  const std::vector<int> diffs = {-260, -151, -150, -100, -37, -8, -1, 0, 1, 5, 74, 99, 100, 101, 150, 151, 200, 250};
  for (int diff : diffs) {
    CAPTURE(diff);
    war::SideSpec a{"A", 100 + diff, std::nullopt, 1000, {1, 1}, false, Role::attacker};
    war::SideSpec b{"B", 100, std::nullopt, 1000, {1, 1}, false, Role::defender};
    auto o = war::resolve_battle(R, a, b, {});
    REQUIRE(o.has_value());
    const Brute br = brute(a.modified_br, b.modified_br);
    CHECK(o->pairs_win[0] == br.wins[0]);
    CHECK(o->pairs_win[1] == br.wins[1]);
    CHECK(o->pairs_tie == br.ties);
    CHECK(o->p_win[0] + o->p_win[1] + o->p_tie == doctest::Approx(1.0));
    std::array<std::array<std::int64_t, 13>, 2> got{};
    for (const auto& ro : o->rows) got[static_cast<size_t>(ro.winner)][ro.row] = ro.pairs;
    CHECK(got == br.counts);
    CHECK(o->expected_casualties_pct[0] == doctest::Approx(br.expected_pct[0]).epsilon(1e-12));
    CHECK(o->expected_casualties_pct[1] == doctest::Approx(br.expected_pct[1]).epsilon(1e-12));
    // reroll: resolved odds are conditioned on a decisive result
    if (br.wins[0] + br.wins[1] > 0)
      CHECK(o->p_win_resolved[0] ==
            doctest::Approx(static_cast<double>(br.wins[0]) / static_cast<double>(br.wins[0] + br.wins[1])));
  }
  SUBCASE("with every pair of tactics: BR and casualty effects") {
    for (const auto& ta : R.tactics)
      for (const auto& tb : R.tactics) {
        CAPTURE(ta.id);
        CAPTURE(tb.id);
        war::SideSpec a{"A", 130, ta.id, 1000, {1, 1}, false, Role::attacker};
        war::SideSpec b{"B", 100, tb.id, 1000, {1, 1}, false, Role::defender};
        auto o = war::resolve_battle(R, a, b, {});
        REQUIRE(o.has_value());
        const auto* cell = R.cell(ta.id, tb.id);
        if (cell->kind == war::TacticKind::no_combat) {
          CHECK_FALSE(o->combat);
          CHECK(o->p_no_result == 1.0);
          continue;
        }
        std::array<int, 2> br_add{}, cas{};
        for (size_t k = 0; k < 2; ++k) {
          if (cell->kind != war::TacticKind::effects) continue;
          (cell->effect[k].kind == war::EffectKind::br ? br_add : cas)[k] =
              cell->effect[k].kind == war::EffectKind::none ? 0 : cell->effect[k].value;
        }
        const Brute bf = brute(130 + br_add[0], 100 + br_add[1], cas);
        CHECK(o->pairs_win[0] == bf.wins[0]);
        CHECK(o->pairs_tie == bf.ties);
        CHECK(o->expected_casualties_pct[0] == doctest::Approx(bf.expected_pct[0]).epsilon(1e-12));
        CHECK(o->expected_casualties_pct[1] == doctest::Approx(bf.expected_pct[1]).epsilon(1e-12));
      }
  }
  SUBCASE("tie policies") {
    war::SideSpec a{"A", 100, std::nullopt, 1000, {1, 1}, false, Role::attacker};
    war::SideSpec b{"B", 100, std::nullopt, 1000, {1, 1}, false, Role::defender};
    war::BattleOptions opt;
    auto o = war::resolve_battle(R, a, b, opt);
    CHECK(o->pairs_tie == 100);  // equal BRs: r0 = r1 on 100 of the 10,000 pairs
    CHECK(o->p_win_resolved[0] == doctest::Approx(0.5));
    opt.tie = war::TiePolicy::no_result;
    o = war::resolve_battle(R, a, b, opt);
    CHECK(o->p_no_result == doctest::Approx(0.01));
    CHECK(o->p_win_resolved[0] == doctest::Approx(0.495));
    opt.tie = war::TiePolicy::defender;
    o = war::resolve_battle(R, a, b, opt);
    REQUIRE(o->tie_row.has_value());
    CHECK(o->tie_row->winner == 1);
    CHECK(o->p_win_resolved[1] == doctest::Approx(0.505));
    opt.tie = war::TiePolicy::higher_br;
    a.modified_br = 101;
    o = war::resolve_battle(R, a, b, opt);
    REQUIRE(o->tie_row.has_value());
    CHECK(o->tie_row->winner == 0);
  }
  SUBCASE("casualties in troops: rounded up, half killed, retreating wounded count as killed (l. 179)") {
    war::SideSpec a{"A", 300, std::nullopt, 333, {1, 1}, false, Role::attacker};
    war::SideSpec b{"B", 100, std::nullopt, 333, {1, 1}, false, Role::defender};
    auto o = war::resolve_battle(R, a, b, {});
    REQUIRE(o.has_value());
    // A always wins by 101-299: rows 101-120, 121-150 and 151+
    CHECK(o->pairs_win[0] == 10000);
    for (const auto& ro : o->rows) {
      if (ro.row != 10) continue;  // 101-120: winner 20%, loser 70% and rout
      CHECK(ro.result[0].casualties == 67);  // 66.6 rounded up
      CHECK(ro.result[0].killed == 34);
      CHECK(ro.result[0].wounded == 33);
      CHECK(ro.result[1].casualties == 234);  // 233.1 rounded up
      CHECK(ro.result[1].killed == 234);       // routed: wounded count as killed
      CHECK(ro.result[1].location == Location::rout);
    }
  }
  SUBCASE("the multiplicative reading of C+n%") {
    war::SideSpec a{"A", 200, std::string("attack-plus"), 1000, {1, 1}, false, Role::attacker};
    war::SideSpec b{"B", 100, std::string("attack-plus"), 1000, {1, 1}, false, Role::defender};
    war::BattleOptions opt;
    opt.casualty_reading = war::CasualtyReading::multiply;
    auto o = war::resolve_battle(R, a, b, opt);
    REQUIRE(o.has_value());
    for (const auto& ro : o->rows)
      if (ro.row == 8 && ro.winner == 0) {  // 81-90: 10% / 50%, both C+20%
        CHECK(ro.result[0].casualties_pct == doctest::Approx(12));
        CHECK(ro.result[1].casualties_pct == doctest::Approx(60));
      }
  }
  SUBCASE("simple siege defender: half casualties, holds its place") {
    war::SideSpec a{"A", 250, std::nullopt, 1000, {1, 1}, false, Role::attacker};
    war::SideSpec b{"B", 100, std::nullopt, 1000, R.simple_siege.defender_casualty_fraction, true, Role::defender};
    auto o = war::resolve_battle(R, a, b, {});
    REQUIRE(o.has_value());
    for (const auto& ro : o->rows) {
      CHECK(ro.result[1].location == Location::hold);
      CHECK(ro.result[1].casualties_pct == doctest::Approx(kLoserPct[ro.row] / 2.0));
    }
  }
  SUBCASE("Withdraw: the winner moves one unit away unless the other chose Attack+ (l. 199-201)") {
    war::SideSpec a{"A", 250, std::string("withdraw"), 1000, {1, 1}, false, Role::attacker};
    war::SideSpec b{"B", 100, std::string("attack"), 1000, {1, 1}, false, Role::defender};
    auto o = war::resolve_battle(R, a, b, {});
    for (const auto& ro : o->rows) {
      CHECK(ro.result[0].location == Location::withdraw);
      CHECK(ro.result[0].location_units == 1);
    }
    b.tactic = "attack-plus";
    o = war::resolve_battle(R, a, b, {});
    for (const auto& ro : o->rows) CHECK(ro.result[0].location != Location::withdraw);
  }
}

TEST_CASE("war::resolve_battle: the locations after a battle as data, not labels to parse back") {
  const auto& R = rules();
  war::SideSpec a{"A", 100, std::nullopt, 1000, {1, 1}, false, Role::attacker};
  war::SideSpec b{"B", 100, std::nullopt, 1000, {1, 1}, false, Role::defender};
  war::BattleOptions opt;
  opt.tie = war::TiePolicy::no_result;
  auto o = war::resolve_battle(R, a, b, opt);
  REQUIRE(o.has_value());
  double total = 0;
  bool advance = false, no_result = false;
  for (const auto& l : o->location_dist[0]) {
    CAPTURE(l.label);
    total += l.p;
    if (l.label == "-") {  // the 151+ loser: no location, no units
      CHECK(l.place.empty());
      CHECK_FALSE(l.units.has_value());
    } else if (l.label == "no result") {  // ties under --tie-policy no-result
      no_result = true;
      CHECK(l.place == "no-result");
      CHECK_FALSE(l.units.has_value());
    } else {
      REQUIRE(l.units.has_value());
      // The label is the place with "+n" when it moves n units: the parts give it, not the reverse.
      CHECK(l.label == l.place + (*l.units > 0 ? "+" + std::to_string(*l.units) : ""));
      advance = advance || (l.place == "field" && *l.units > 0);
    }
  }
  CHECK(advance);
  CHECK(no_result);
  CHECK(total == doctest::Approx(1.0));
  SUBCASE("no combat: one location, no-combat") {
    const auto& t = R.tactics;
    for (const auto& ta : t)
      for (const auto& tb : t)
        if (R.cell(ta.id, tb.id)->kind == war::TacticKind::no_combat) {
          war::SideSpec x{"A", 100, ta.id, 1000, {1, 1}, false, Role::attacker};
          war::SideSpec y{"B", 100, tb.id, 1000, {1, 1}, false, Role::defender};
          auto n = war::resolve_battle(R, x, y, {});
          REQUIRE(n.has_value());
          REQUIRE(n->location_dist[0].size() == 1);
          CHECK(n->location_dist[0][0].place == "no-combat");
          CHECK(n->location_dist[0][0].label == "no combat");
          CHECK_FALSE(n->location_dist[0][0].units.has_value());
          return;
        }
  }
}

TEST_CASE("war::resolve_roll and war::apply_result") {
  const auto& R = rules();
  war::SideSpec a{"Elves", 176, std::string("attack"), 500, {1, 1}, false, Role::attacker};
  war::SideSpec b{"Orcs", 102, std::string("hold"), 1000, {1, 1}, false, Role::defender};
  SUBCASE("C = B + adjustments + 1d100 (l. 70): 176 + 27 against 102 + 31 -> 70, row 64-80") {
    auto r = war::resolve_roll(R, a, b, 27, 31, {});
    REQUIRE(r.has_value());
    CHECK(r->total == std::array<int, 2>{203, 133});
    CHECK(r->diff == 70);
    CHECK(r->winner == 0);
    CHECK(R.results[*r->row].label == "64-80");
    CHECK(r->result[0].casualties == 150);  // 30% of 500
    CHECK(r->result[1].casualties == 500);  // 60% - 10% (hold against attack) of 1000
    CHECK(r->result[1].killed == 500);      // retreat: wounded count as killed
    CHECK(r->result[0].killed == 75);
    war::ForceState s0{500, 0, 0, Fatigue::none, Location::field, 0, false, false};
    war::ForceState s1{1000, 0, 0, Fatigue::none, Location::field, 0, false, false};
    war::apply_result(r->result[0], s0);
    war::apply_result(r->result[1], s1);
    CHECK(s0.troops == 350);
    CHECK(s0.wounded == 75);
    CHECK(s0.fatigue == Fatigue::moderate);
    CHECK(s0.location_units == 1);
    CHECK(s1.troops == 500);
    CHECK(s1.fatigue == Fatigue::serious);
    CHECK(s1.location == Location::retreat);
    CHECK(s1.location_units == 3);
  }
  SUBCASE("a tie under reroll is reported as a tie") {
    auto r = war::resolve_roll(R, a, b, 1, 75, {});
    REQUIRE(r.has_value());
    CHECK(r->tie);
    CHECK_FALSE(r->winner.has_value());
  }
  SUBCASE("rolls out of range are errors") { CHECK_FALSE(war::resolve_roll(R, a, b, 0, 50, {}).has_value()); }
  SUBCASE("fatigue never improves by winning, a rout is remembered") {
    war::ForceState s{100, 0, 0, Fatigue::serious, Location::field, 0, false, false};
    war::SideResult r;
    r.fatigue = Fatigue::none;
    r.location = Location::rout;
    war::apply_result(r, s);
    CHECK(s.fatigue == Fatigue::serious);
    CHECK(s.routed);
  }
}

TEST_CASE(
    "war::resolve_battle and war::resolve_roll: a force's fatigue after a battle, seed 004 Fatigue l. 135-138 and "
    "Combat results") {
  // The book's fatigue columns of Combat results (winner/loser), band by band: N none, M
  // moderate, S serious, "-" routed or destroyed (3 here). A force brings its fatigue into the
  // battle (Battle rating, Fatigue: -10 moderate, -30 serious) and only rest lifts it (Other
  // notes, Fatigue: 1d4 days); so after the battle it is the worse of its own and the row's.
  const std::array<int, 13> winner_fat = {0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0};
  const std::array<int, 13> loser_fat = {0, 0, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3};
  const auto& R = rules();
  war::SideSpec a{"A", 80, std::nullopt, 500, {1, 1}, false, Role::attacker};
  war::SideSpec b{"B", 72, std::nullopt, 1000, {1, 1}, false, Role::defender};
  a.fatigue = Fatigue::moderate;
  SUBCASE("exact odds: a moderately fatigued side is never 'none' after the battle") {
    // Brute force over the 10,000 pairs: side A's after-battle fatigue is max(moderate, row's),
    // "-" kept; ties rolled again, so each share is over the decisive pairs.
    std::array<std::int64_t, 4> count{};
    std::int64_t decisive = 0;
    for (int r0 = 1; r0 <= 100; ++r0)
      for (int r1 = 1; r1 <= 100; ++r1) {
        const int t0 = 80 + r0, t1 = 72 + r1;
        if (t0 == t1) continue;
        const size_t band = band_of(std::abs(t0 - t1));
        const int row = t0 > t1 ? winner_fat[band] : loser_fat[band];
        ++count[static_cast<size_t>(row == 3 ? 3 : std::max(row, 1))];
        ++decisive;
      }
    CHECK(count[0] == 0);
    auto o = war::resolve_battle(R, a, b, {});
    REQUIRE(o.has_value());
    const std::array<const char*, 4> names{"none", "moderate", "serious", "-"};
    std::array<double, 4> got{};
    for (const auto& [state, p] : o->fatigue_dist[0])
      for (size_t k = 0; k < 4; ++k)
        if (state == names[k]) got[k] = p;
    for (size_t k = 0; k < 4; ++k) {
      CAPTURE(k);
      CHECK(got[k] == doctest::Approx(static_cast<double>(count[k]) / static_cast<double>(decisive)).epsilon(1e-12));
    }
  }
  SUBCASE("a roll: 80 + 40 against 72 + 42 -> 6, band 1-8 (N/N): the winner stays moderate") {
    auto r = war::resolve_roll(R, a, b, 40, 42, {});
    REQUIRE(r.has_value());
    CHECK(r->winner == 0);
    CHECK(r->result[0].fatigue == Fatigue::moderate);
    CHECK(r->result[1].fatigue == Fatigue::none);
  }
  SUBCASE("a roll: 80 + 1 against 72 + 45 -> 36, band 31-38 (M/S): the loser is serious") {
    auto r = war::resolve_roll(R, a, b, 1, 45, {});
    REQUIRE(r.has_value());
    CHECK(r->winner == 1);
    CHECK(r->result[0].fatigue == Fatigue::serious);
    CHECK(r->result[1].fatigue == Fatigue::moderate);
  }
  SUBCASE("a roll: 80 + 1 against 72 + 100 -> 91, band 91-100: the routed loser's '-' stays") {
    auto r = war::resolve_roll(R, a, b, 1, 100, {});
    REQUIRE(r.has_value());
    CHECK_FALSE(r->result[0].fatigue.has_value());
  }
  SUBCASE("no result and no combat: each side keeps its own fatigue") {
    war::BattleOptions opt;
    opt.tie = war::TiePolicy::no_result;
    auto r = war::resolve_roll(R, a, b, 2, 10, opt);  // 82 against 82
    REQUIRE(r.has_value());
    CHECK(r->tie);
    CHECK(r->result[0].fatigue == Fatigue::moderate);
    CHECK(r->result[1].fatigue == Fatigue::none);
    auto o = war::resolve_battle(R, a, b, opt);
    REQUIRE(o.has_value());
    for (const auto& [state, p] : o->fatigue_dist[0]) CHECK(state != "none");
  }
}

TEST_CASE("war::match_forces, seed 004 Divide forces l. 68") {
  // p_win from the BR difference alone
  const std::vector<war::Contender> s0 = {{150, 100}, {60, 100}};
  const std::vector<war::Contender> s1 = {{100, 100}, {40, 100}};
  auto p = [&](size_t i, size_t j) -> std::array<double, 2> {
    const double d = (s0[i].br - s1[j].br) / 400.0;
    return {0.5 + d, 0.5 - d};
  };
  SUBCASE("the highest BR chooses the opponent it is most likely to beat") {
    const auto m = war::match_forces(s0, s1, {}, p);
    REQUIRE(m.size() == 2);
    CHECK(m[0] == std::pair<size_t, size_t>{0, 1});  // 150 picks 40
    CHECK(m[1] == std::pair<size_t, size_t>{1, 0});  // 60 meets 100
  }
  SUBCASE("fixed pairs first") {
    const auto m = war::match_forces(s0, s1, {{0, 0}}, p);
    REQUIRE(m.size() == 2);
    CHECK(m[0] == std::pair<size_t, size_t>{0, 0});
    CHECK(m[1] == std::pair<size_t, size_t>{1, 1});
  }
  SUBCASE("a force left over does not fight") {
    const auto m = war::match_forces(s0, {{100, 100}}, {}, p);
    CHECK(m.size() == 1);
  }
}

TEST_CASE("war::march, seed 004 Rate, Food and Forced march l. 190-198") {
  const auto& R = rules();
  auto run = [&](std::int64_t troops, const std::string& cls, Fatigue f = Fatigue::none, int hungry = 0) {
    war::MarchQuery q;
    q.troops = troops;
    q.troop_class = cls;
    q.rate_ft = 120;
    q.fatigue = f;
    q.days_without_food = hungry;
    auto m = war::march(R, q);
    REQUIRE(m.has_value());
    return *m;
  };
  SUBCASE("50 or fewer move at V, 51-100 at 2V/3, 101 or more at V/2") {
    CHECK(*run(50, "good").rate_ft == doctest::Approx(120));
    CHECK(*run(51, "good").rate_ft == doctest::Approx(80));
    CHECK(*run(100, "good").rate_ft == doctest::Approx(80));
    CHECK(*run(101, "good").rate_ft == doctest::Approx(60));
    CHECK(*run(300, "good").forced_rate_ft == doctest::Approx(90));  // 3V'/2
  }
  SUBCASE("forced-march odds by class: the F cells of the row, out of 6") {
    const std::map<std::string, int> successes = {{"untrained", 3}, {"poor", 3}, {"below-average", 4}, {"fair", 4},
                                                  {"average", 4},   {"good", 4}, {"excellent", 5},     {"elite", 6}};
    for (const auto& [cls, n] : successes) {
      const auto& captured_cls = cls;  // clang 14: no structured binding in CAPTURE's lambda
      CAPTURE(captured_cls);
      CHECK(run(300, cls).p_forced_success == doctest::Approx(n / 6.0));
    }
    const auto g = run(300, "good");
    CHECK(g.p_forced_fatigue[1] == doctest::Approx(2 / 6.0));
  }
  SUBCASE("M is serious if already fatigued") {
    const auto g = run(300, "good", Fatigue::moderate);
    CHECK(g.p_forced_fatigue[2] == doctest::Approx(2 / 6.0));
    CHECK(g.p_forced_fatigue[1] == doctest::Approx(4 / 6.0));
  }
  SUBCASE("foraging 2 in 6 at 2V'/3, 4 in 6 at V'/3") {
    const auto m = run(300, "good");
    REQUIRE(m.forage.size() == 2);
    CHECK(m.forage[0].p == doctest::Approx(2 / 6.0));
    CHECK(*m.forage[0].rate_ft == doctest::Approx(40));
    CHECK(m.forage[1].p == doctest::Approx(4 / 6.0));
    CHECK(*m.forage[1].rate_ft == doctest::Approx(20));
  }
  SUBCASE("two days without food: moderate; three: serious, and no movement") {
    CHECK(run(300, "good", Fatigue::none, 1).hunger_fatigue == Fatigue::none);
    CHECK(run(300, "good", Fatigue::none, 2).hunger_fatigue == Fatigue::moderate);
    const auto m = run(300, "good", Fatigue::none, 3);
    CHECK(m.hunger_fatigue == Fatigue::serious);
    CHECK_FALSE(m.can_move);
    CHECK(m.p_forced_success == 0);
  }
  SUBCASE("bad input") {
    war::MarchQuery q;
    q.troops = 0;
    q.troop_class = "good";
    CHECK_FALSE(war::march(R, q).has_value());
    q.troops = 10;
    q.troop_class = "heroic";
    CHECK_FALSE(war::march(R, q).has_value());
  }
}

TEST_CASE("war::march: the rate band and foraging in words are made from the figures in force") {
  // A house rule that changes a figure changes the words that give it (the data's labels are the
  // book's print, and would keep the book's figures).
  war::Rules R = rules();
  war::MarchQuery q;
  q.troops = 300;
  q.troop_class = "good";
  auto book = war::march(R, q);
  REQUIRE(book.has_value());
  CHECK(book->rate_label == "101 or more troops move at V/2");
  REQUIRE(book->forage.size() == 2);
  CHECK(book->forage[0].label == "foraging at 2V'/3 gives 2 in 6");
  CHECK(book->forage[1].label == "foraging at V'/3 gives 4 in 6");
  R.movement.back().rate = {1, 3};
  R.forage.front().rate = {3, 4};
  R.forage.front().chance_in_6 = 1;
  auto ruled = war::march(R, q);
  REQUIRE(ruled.has_value());
  CHECK(ruled->rate_label == "101 or more troops move at V/3");
  CHECK(ruled->forage[0].label == "foraging at 3V'/4 gives 1 in 6");
  q.troops = 60;
  CHECK(war::march(R, q)->rate_label == "51-100 troops move at 2V/3");
  q.troops = 5;
  CHECK(war::march(R, q)->rate_label == "50 or fewer troops move at V");
  // The rate as a fraction of V or V': n/1 is "nV'", not "nV'/1".
  CHECK(war::fraction_of({2, 1}, "V'") == "2V'");
  CHECK(war::fraction_of({3, 2}, "V'") == "3V'/2");
  CHECK(war::fraction_of({1, 2}, "V") == "V/2");
  CHECK(war::fraction_of({4, 4}, "V") == "V");
}

TEST_CASE("war::simple_siege_weeks, seed 004 Siege (simple rules) l. 184-185") {
  const auto& R = rules();
  const auto w = war::simple_siege_weeks(R, 1000, 4, 2, false);
  REQUIRE(w.size() == 4);
  CHECK(w[0].besieger_bonus == 5);
  CHECK(w[3].besieger_bonus == 20);
  CHECK(w[1].defender_troops == 1000);
  CHECK(w[2].defender_lost == 100);  // 10% of 1,000
  CHECK(w[3].defender_lost == 90);   // 10% of 900
  CHECK(w[3].defender_troops == 810);
  const auto s = war::simple_siege_weeks(R, 1000, 4, 2, true);
  CHECK(s[3].defender_troops == 800);
  const auto r = war::simple_siege_weeks(R, 15, 2, 0, false);
  CHECK(r[0].defender_lost == 2);  // 1.5 rounded up
}

TEST_CASE("war parsers: the book's spellings read as the suite's (docs/vocabulary.md)") {
  SUBCASE("the old '_' spelling reads as the suite's; a phrase that is no value does not") {
    CHECK(war::parse_tie_policy("no_result") == war::TiePolicy::no_result);
    CHECK_FALSE(war::parse_tie_policy("no result at all").has_value());
  }
  SUBCASE("the parsers take either spelling") {
    CHECK(war::parse_tie_policy("Higher BR") == war::TiePolicy::higher_br);
    CHECK(war::parse_tie_policy("no-result") == war::TiePolicy::no_result);
    CHECK(war::to_string(war::TiePolicy::higher_br) == "higher-br");
    CHECK(war::parse_fatigue("Moderate") == war::Fatigue::moderate);
    CHECK(war::parse_casualty_reading("Multiply") == war::CasualtyReading::multiply);
  }
}
