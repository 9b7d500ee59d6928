// Unit tests of the Siege Machine (seed 004, with rules-gaps.md §3): the bombard example figures,
// equipment and fortification bonuses, food, ammunition and the seeded runs.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/war/war_machine.hpp"

#include "gunpowder/siege/siege_machine.hpp"

#include "siege_fixtures.hpp"

using namespace gunpowder;
using siege::SmPlan;
using siege_test::item;
using siege_test::rules;
using siege_test::war_rules;

namespace {

siege::SmSetup basic() {
  siege::SmSetup s;
  s.attacker.br = 120;
  s.attacker.troops = 2000;
  s.attacker.equipment = {item("trebuchet", 2, 1, std::nullopt)};
  s.defender.br = 100;
  s.defender.troops = 300;
  s.defender.fortifications = {item("keep_square", 1, 1, std::nullopt)};
  s.max_weeks = 30;
  return s;
}

}  // namespace

TEST_CASE("siege::bombard_hit_dice, rules-gaps.md §3 Bombard casualties example") {
  // An attacking park worth +85 rolls 5 on 1d10: 42.5 hit dice of defenders (not rounded).
  CHECK(siege::bombard_hit_dice(rules(), 85, 5) == 42.5);
  // A defending park worth +40 rolls 11 on 2d10: 44 hit dice of attackers.
  CHECK(siege::bombard_hit_dice(rules(), 40, 11) == 44);
  CHECK(rules().defender_dice_n == 1);
  CHECK(rules().defender_dice_sides == 10);
  CHECK(rules().attacker_dice_n == 2);
  SUBCASE("the example rows of data/siege_machine.toml") {
    REQUIRE(rules().examples.size() == 2);
    for (const auto& x : rules().examples) {
      CAPTURE(x.id);
      CHECK(siege::bombard_hit_dice(rules(), x.bonus, x.roll) == x.expected_hd);
    }
  }
}

TEST_CASE("siege::side_bonus") {
  SUBCASE("artillery counts in full when bombarding, ballistas half (Preparation, l. 313, 319)") {
    siege::SmSide s;
    s.troops = 1000;
    s.equipment = {item("trebuchet", 2, 1, std::nullopt), item("ballista", 3, 1, std::nullopt)};
    const auto b = siege::side_bonus(rules(), s, false, "bombard");
    CHECK(b.artillery == 24 + 3);  // 2 x 12 + 3 x 2 / 2
    CHECK(b.equipment == 0);
  }
  SUBCASE("assault: all equipment at its assault value, double ballista") {
    siege::SmSide s;
    s.troops = 500;
    s.equipment = {item("ballista", 1, 1, std::nullopt), item("ram", 2, 1, std::nullopt), item("gallery_shed", 1, 1, std::nullopt),
                   item("mantlet", 5, 1, std::nullopt), item("ladder", 4, 1, std::nullopt)};
    const auto b = siege::side_bonus(rules(), s, false, "assault");
    CHECK(b.artillery == 4);           // ballista 2 x 2
    CHECK(b.equipment == 8 + 4 + 2 + 8);  // rams 2 x 4, one doubled by the shed, mantlets (assault) 2, ladders 4 x 2
  }
  SUBCASE("mantlets need one per 100 men") {
    siege::SmSide s;
    s.troops = 600;
    s.equipment = {item("mantlet", 5, 1, std::nullopt)};
    CHECK(siege::side_bonus(rules(), s, false, "harass").equipment == 0);
    s.equipment[0].count = 6;
    CHECK(siege::side_bonus(rules(), s, false, "harass").equipment == 3);  // the harass value
  }
  SUBCASE("crew: half counts in full, a quarter counts a quarter, less nothing") {
    siege::SmSide s;
    s.troops = 100;
    s.equipment = {item("catapult_heavy", 1, 0.5, std::nullopt)};
    CHECK(siege::side_bonus(rules(), s, false, "bombard").artillery == 8);
    s.equipment[0].crew = 0.3;
    CHECK(siege::side_bonus(rules(), s, false, "bombard").artillery == 2);
    s.equipment[0].crew = 0.2;
    CHECK(siege::side_bonus(rules(), s, false, "bombard").artillery == 0);
  }
  SUBCASE("fortifications for the defender: per item and per length") {
    siege::SmSide s;
    s.troops = 100;
    s.fortifications = {item("keep_square", 1, 1, std::nullopt), item("battlement", 1, 1, 450.0), item("moat_filled", 1, 1, std::nullopt)};
    const auto b = siege::side_bonus(rules(), s, true, "assault");
    CHECK(b.fortification == 50 + 5 + 32);  // 450' of battlements: 5 lengths of 100' (rounded up)
    CHECK(siege::side_bonus(rules(), s, false, "assault").fortification == 0);
  }
  SUBCASE("the defender's artillery counts double against harassment, not at all against an assault") {
    siege::SmSide s;
    s.troops = 100;
    s.equipment = {item("catapult_light", 1, 1, std::nullopt)};
    CHECK(siege::side_bonus(rules(), s, true, "harass").artillery == 8);
    CHECK(siege::side_bonus(rules(), s, true, "assault").artillery == 0);
  }
}

TEST_CASE("siege::run_siege_machine") {
  SUBCASE("a garrison without food deserts in the first week") {
    auto s = basic();
    s.defender.food_weeks = 0;
    Rng rng(1);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    REQUIRE(r.has_value());
    CHECK(r->end == siege::SmEnd::starved);
    CHECK(r->weeks == 1);
  }
  SUBCASE("short rations: malnutrition, then desertion") {
    auto s = basic();
    s.plan = SmPlan::bombard;
    s.attacker.equipment.clear();
    s.defender.food_weeks = 2;
    s.defender.short_rations_weeks = 3;
    Rng rng(1);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    REQUIRE(r.has_value());
    CHECK(r->end == siege::SmEnd::starved);
    CHECK(r->weeks == 6);
  }
  SUBCASE("an attacker without food departs") {
    auto s = basic();
    s.attacker.food_weeks = 1;
    s.plan = SmPlan::bombard;
    Rng rng(1);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::departed);
    CHECK(r->weeks == 2);
  }
  SUBCASE("bombarding reclaims three quarters of the ammunition: one week lasts four") {
    auto s = basic();
    s.plan = SmPlan::bombard;
    s.attacker.ammunition_weeks = 1;
    s.defender.troops = 1000000;
    s.max_weeks = 6;
    Rng rng(3);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    REQUIRE(log.size() == 6);
    for (int w = 0; w < 4; ++w) CHECK(log[static_cast<size_t>(w)].defender_hd > 0);
    CHECK(log[4].defender_hd == 0);
    CHECK(log[5].defender_hd == 0);
  }
  SUBCASE("bombardment alone can destroy a small garrison") {
    auto s = basic();
    s.plan = SmPlan::bombard;
    s.defender.troops = 5;
    Rng rng(5);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::captured_by_bombardment);
  }
  SUBCASE("harassment never moves the defender out") {
    auto s = basic();
    s.plan = SmPlan::harass;
    s.max_weeks = 10;
    s.defender.troops = 100000;
    Rng rng(9);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::holding_out);
  }
  SUBCASE("troops lost are hit dice / the lowest troops' hit dice, rounded up") {
    auto s = basic();
    s.plan = SmPlan::bombard;
    s.defender.hit_dice = 2;
    s.defender.troops = 100000;
    s.max_weeks = 3;
    Rng rng(2);
    std::vector<siege::SmWeek> log;
    siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    for (const auto& w : log) {
      CAPTURE(w.week);
      CHECK(w.defender_lost == static_cast<std::int64_t>(std::ceil(w.defender_hd / 2 - 1e-9)));
    }
  }
}

TEST_CASE("siege::siege_machine_odds does not depend on the number of threads") {
  auto s = basic();
  s.defender.food_weeks = 20;
  const auto a = siege::siege_machine_odds(war_rules(), rules(), s, 3000, 11, 1);
  const auto b = siege::siege_machine_odds(war_rules(), rules(), s, 3000, 11, 2);
  REQUIRE(a.has_value());
  REQUIRE(b.has_value());
  CHECK(a->ends == b->ends);
  CHECK(a->capture_week == b->capture_week);
  long long total = 0;
  for (auto c : a->ends) total += c;
  CHECK(total == 3000);
}

TEST_CASE("siege::siege_machine_odds: the weeks, troops left and costs of every siege, counted run by run") {
  // The distributions the tool reports (siege-weeks, siege-troops-left, siege-cost) and the mean
  // and median weeks to fall against the same sieges played one at a time here: siege i draws
  // from Rng::stream(seed, i).
  auto s = basic();
  s.defender.food_weeks = 20;
  const long long runs = 500;
  const std::uint64_t seed = 7;
  const auto o = siege::siege_machine_odds(war_rules(), rules(), s, runs, seed, 2);
  REQUIRE(o.has_value());
  std::map<long long, std::uint64_t> weeks;
  std::array<std::map<long long, std::uint64_t>, 2> troops, cost;
  std::vector<int> fell;  // the weeks of the sieges that fall
  for (long long i = 0; i < runs; ++i) {
    Rng rng = Rng::stream(seed, static_cast<std::uint64_t>(i));
    const auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    REQUIRE(r.has_value());
    ++weeks[r->weeks];
    ++troops[0][r->attacker_troops];
    ++troops[1][r->defender_troops];
    // Each side's spending to the copper piece, then to the whole gp, half a gp up.
    for (size_t k = 0; k < 2; ++k) {
      const long long cp = std::llround(r->cost_total.at(k) * 100);
      ++cost.at(k)[(cp + 50) / 100];
    }
    // The stronghold falls when it is captured (by assault or bombardment), starved out or abandoned.
    using siege::SmEnd;
    if (r->end == SmEnd::captured_by_assault || r->end == SmEnd::captured_by_bombardment || r->end == SmEnd::starved ||
        r->end == SmEnd::abandoned)
      fell.push_back(r->weeks);
  }
  CHECK(o->weeks_counts == weeks);
  CHECK(o->troops_left_counts[0] == troops[0]);
  CHECK(o->troops_left_counts[1] == troops[1]);
  CHECK(o->cost_counts[0] == cost[0]);
  CHECK(o->cost_counts[1] == cost[1]);
  CHECK(weeks.size() > 1);  // the case has a spread to count
  CHECK(cost[0].size() > 1);
  CHECK(cost[1].size() > 1);
  // Mean and median (the lower middle one) of the weeks to fall.
  REQUIRE(!fell.empty());
  double sum = 0;
  for (int w : fell) sum += w;
  CHECK(o->mean_weeks_to_capture == doctest::Approx(sum / static_cast<double>(fell.size())).epsilon(1e-12));
  std::sort(fell.begin(), fell.end());
  CHECK(o->median_weeks_to_capture == fell[(fell.size() - 1) / 2]);
}

TEST_CASE("siege::sm_whole_gp: to the copper piece, then half a gp up") {
  CHECK(siege::sm_whole_gp(0) == 0);
  CHECK(siege::sm_whole_gp(1234.49) == 1234);
  CHECK(siege::sm_whole_gp(1234.5) == 1235);
  CHECK(siege::sm_whole_gp(1234.494999) == 1234);
  CHECK(siege::sm_whole_gp(1234.499999) == 1235);  // 1,234.50 to the copper piece
  CHECK(siege::sm_whole_gp(0.1 + 0.2 + 1234.2) == 1235);
}

// ---------------------------------------------------------------------------------------------
// Damage to fortifications, concentrated fire, the defender's options, departure and morale.

namespace {

siege::SmItem fort(const std::string& id, double shp, std::optional<double> length_ft = std::nullopt, int count = 1) {
  auto i = item(id, count, 1, length_ft);
  i.shp = shp;
  return i;
}

siege::SmItem device(const std::string& id, int count, const std::string& dice) {
  auto i = item(id, count);
  dice::Notation n;
  REQUIRE(dice::parse_notation(dice, n));
  i.damage = n;
  return i;
}

}  // namespace

TEST_CASE("siege::apply_fortification_damage, seed 004 Application l. 345-354 (75% of walls, then 20% of each)") {
  siege::SmSide d;
  d.fortifications = {fort("battlement", 600, 600.0), fort("gatehouse", 100), fort("building_stone", 50),
                      fort("tower_round_wide", 200, std::nullopt, 4), item("moat_filled")};
  auto st = siege::make_structure(rules(), d, std::nullopt);
  REQUIRE(st.tracked());
  REQUIRE(st.initial.size() == 4);
  CHECK(st.total_initial() == 950);
  CHECK(st.entry_group == std::vector<int>{0, 1, 2, 3, -1});  // the moat takes no structural damage
  SUBCASE("with one pool of points for the stronghold, the moat stays out of it too") {
    siege::SmSide pooled;
    pooled.fortifications = {item("battlement", 1, 1, 600.0), item("gatehouse"), item("moat_filled")};
    auto sp = siege::make_structure(rules(), pooled, 1000.0);
    REQUIRE(sp.tracked());
    CHECK(sp.entry_group == std::vector<int>{0, 0, -1});
  }
  SUBCASE("the walls lose 75% before anything else") {
    CHECK(siege::apply_fortification_damage(st, 300) == 300);
    CHECK(st.left == std::vector<double>{300, 100, 50, 200});
  }
  SUBCASE("then 20% of gatehouses, buildings, towers; then walls and the list again") {
    // 450 to the walls (600 -> 150), 20 to the gatehouse, 10 to the building, 20 of the towers' 40.
    CHECK(siege::apply_fortification_damage(st, 500) == 500);
    CHECK(st.left == std::vector<double>{150, 80, 40, 180});
    // The towers' other 20, then the walls' second 20% (to 30): 100 - 20 = 80 of its 120.
    CHECK(siege::apply_fortification_damage(st, 100) == 100);
    CHECK(st.left == std::vector<double>{70, 80, 40, 160});
    CHECK(st.fraction(0) == doctest::Approx(70.0 / 600));
    CHECK(st.fraction(4) == 1);
  }
  SUBCASE("damage beyond the stronghold's points is lost") {
    CHECK(siege::apply_fortification_damage(st, 5000) == 950);
    CHECK(st.total_left() == 0);
    CHECK(siege::breached_ft(rules(), d, st) == 600);
  }
  SUBCASE("knocked-down wall is a breach: each wall entry's length times its share destroyed") {
    siege::apply_fortification_damage(st, 300);  // half the walls' points
    CHECK(siege::breached_ft(rules(), d, st) == 300);
  }
}

TEST_CASE("siege::make_structure, one pool for the whole stronghold") {
  siege::SmSide d;
  d.fortifications = {item("keep_square"), item("battlement", 1, 1, 400.0), item("breach", 1, 1, 20.0)};
  CHECK_FALSE(siege::make_structure(rules(), d, std::nullopt).tracked());
  auto st = siege::make_structure(rules(), d, 1000.0);
  REQUIRE(st.tracked());
  CHECK(siege::apply_fortification_damage(st, 250) == 250);
  CHECK(st.fraction(0) == 0.75);
  CHECK(st.fraction(2) == 1);  // a breach has no points
  CHECK(siege::breached_ft(rules(), d, st) == 100);
  SUBCASE("damaged fortifications count the share of their points left, rounded up") {
    const auto b = siege::side_bonus(rules(), d, true, "assault", &st);
    CHECK(b.fortification == 38 + 3);  // keep 50 x 0.75 = 37.5 -> 38; 300' of battlement: 3 x 1
  }
}

TEST_CASE("siege concentrated fire, seed 004 Application l. 356-358") {
  SUBCASE("300 troops and 4 siege engines per 100', rounded up") {
    const auto f = siege::front_limits(rules(), 250);
    CHECK(f.max_troops == 750);
    CHECK(f.max_engines == 10);
    CHECK(siege::front_limits(rules(), 230).max_engines == 10);  // 9.2 -> 10
  }
  SUBCASE("mantlets need to cover only the troops the front engages (1 per 100 men)") {
    auto s = basic();
    s.plan = SmPlan::harass;
    s.attacker.equipment = {item("mantlet", 3)};
    s.defender.troops = 300;
    s.max_weeks = 1;
    s.front_ft = 100;  // 300 of the 2,000 engage: 3 mantlets are enough
    Rng rng(4);
    std::vector<siege::SmWeek> log;
    REQUIRE(siege::run_siege_machine(war_rules(), rules(), s, rng, &log).has_value());
    CHECK(log[0].br[0] == 120 + 3);  // a mantlet's harassing bonus, once
    s.front_ft.reset();  // all 2,000 would need 20
    s.defender.troops = 2000;
    Rng rng2(4);
    std::vector<siege::SmWeek> log2;
    REQUIRE(siege::run_siege_machine(war_rules(), rules(), s, rng2, &log2).has_value());
    CHECK(log2[0].br[0] == 120);
  }
  SUBCASE("an engine short of crew yields its place at the front") {
    // A trebuchet (+12) with a third of its crew counts a quarter (3): fully crewed heavy
    // catapults (+8) go first.
    const auto kept = siege::engines_at_front(rules(), {item("trebuchet", 2, 0.34), item("catapult_heavy", 4)}, 4);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].id == "catapult_heavy");
    CHECK(kept[0].count == 4);
  }
  SUBCASE("engines beyond the limit stay out, highest BR first; cover is not an engine") {
    const auto kept = siege::engines_at_front(rules(),
                                              {item("ballista", 6), item("trebuchet", 2), item("ram", 2), item("catapult_heavy", 4),
                                               item("mantlet", 20)},
                                              7);
    REQUIRE(kept.size() == 4);
    CHECK(kept[0].id == "trebuchet");
    CHECK(kept[0].count == 2);
    CHECK(kept[1].id == "ram");
    CHECK(kept[1].count == 1);
    CHECK(kept[2].id == "catapult_heavy");
    CHECK(kept[2].count == 4);
    CHECK(kept[3].id == "mantlet");
    CHECK(kept[3].count == 20);
  }
  SUBCASE("the defender's fortifications beyond 200' count a quarter, rounded up") {
    siege::SmSide d;
    auto keep = item("keep_square");
    auto wall = item("battlement", 1, 1, 800.0);
    wall.near = true;
    d.fortifications = {keep, wall};
    CHECK(siege::side_bonus(rules(), d, true, "assault", nullptr, false).fortification == 58);
    CHECK(siege::side_bonus(rules(), d, true, "assault", nullptr, true).fortification == 13 + 8);  // 50 / 4 = 12.5 -> 13
  }
  SUBCASE("only the engaged troops count in the troop ratio and the casualties") {
    auto s = basic();
    s.plan = SmPlan::harass;
    s.attacker.equipment.clear();
    s.front_ft = 100;  // 300 of the 2,000 troops engage
    s.max_weeks = 1;
    s.defender.troops = 300;
    Rng rng(4);
    std::vector<siege::SmWeek> log;
    REQUIRE(siege::run_siege_machine(war_rules(), rules(), s, rng, &log).has_value());
    REQUIRE(log.size() == 1);
    CHECK(log[0].br[0] == 120);          // 300 against 300: no troop ratio, and no scaling of the BR
    CHECK(log[0].br[1] == 100 + 13);     // the keep, not marked within 200', counts 50 / 4 -> 13
    CHECK(log[0].attacker_lost <= 300);  // casualties of the engaged troops only
    // Against 100: 300 engaged to 100 (3:1), not 2,000 to 100.
    s.defender.troops = 100;
    Rng rng2(4);
    std::vector<siege::SmWeek> log2;
    REQUIRE(siege::run_siege_machine(war_rules(), rules(), s, rng2, &log2).has_value());
    const int three_to_one = war::troop_ratio_adjustment(war_rules(), 300, 100, war_rules().troop_ratio.default_reading);
    CHECK(three_to_one > 0);
    CHECK(three_to_one < war::troop_ratio_adjustment(war_rules(), 2000, 100, war_rules().troop_ratio.default_reading));
    CHECK(log2[0].br[0] == 120 + three_to_one);
  }
}

TEST_CASE("siege::run_siege_machine, damage to fortifications (d - 1d%)") {
  auto s = basic();
  s.plan = SmPlan::bombard;
  s.attacker.equipment = {device("trebuchet", 2, "200")};
  s.defender.troops = 100000;
  s.stronghold_shp = 1000;
  s.max_weeks = 2;
  Rng rng(7);
  std::vector<siege::SmWeek> log;
  REQUIRE(siege::run_siege_machine(war_rules(), rules(), s, rng, &log).has_value());
  REQUIRE(log.size() == 2);
  CHECK(*log[0].damage_d == 400);  // two trebuchets of 200 each
  REQUIRE(log[0].damage_roll.has_value());
  CHECK(*log[0].damage_roll >= 1);
  CHECK(*log[0].damage_roll <= 100);
  CHECK(log[0].damage == 400 - *log[0].damage_roll);
  CHECK(*log[0].shp_left == 1000 - log[0].damage);
  CHECK(*log[1].shp_left == *log[0].shp_left - log[1].damage);
  SUBCASE("d is a whole number of points, rounded up: a quarter-crewed trebuchet of 5 does 2") {
    s.attacker.equipment = {device("trebuchet", 1, "5")};
    s.attacker.equipment[0].crew = 0.3;  // a quarter to a half of its crew: counts a quarter
    Rng rng2(7);
    std::vector<siege::SmWeek> log2;
    REQUIRE(siege::run_siege_machine(war_rules(), rules(), s, rng2, &log2).has_value());
    REQUIRE(log2[0].damage_d.has_value());
    CHECK(*log2[0].damage_d == 2);  // 5 x 1/4 = 1.25 -> 2
  }
  SUBCASE("devices are used only in the options that count them: a ram does not bombard") {
    s.attacker.equipment = {device("ram", 1, "500")};
    Rng rng2(7);
    std::vector<siege::SmWeek> log2;
    siege::run_siege_machine(war_rules(), rules(), s, rng2, &log2);
    CHECK_FALSE(log2[0].damage_d.has_value());
    CHECK(*log2[0].shp_left == 1000);
  }
  SUBCASE("a breach opened by damage adds +1 BR per 10' to the attacker; damaged fortifications count less") {
    s.plan = SmPlan::bombard_then_assault;
    s.bombard_weeks = 1;
    s.defender.troops = 2000;  // as many as the attacker: only the bombard week's losses make a troop ratio
    s.defender.fortifications = {item("keep_square"), item("battlement", 1, 1, 1000.0)};
    s.attacker.equipment = {device("trebuchet", 1, "600")};
    Rng rng3(7);
    std::vector<siege::SmWeek> log3;
    siege::run_siege_machine(war_rules(), rules(), s, rng3, &log3);
    REQUIRE(log3.size() == 2);
    const double dmg = log3[0].damage;  // 600 - 1d100 of the pool's 1,000 points
    CHECK(log3[0].breach_ft == doctest::Approx(dmg));  // 1,000' of wall x dmg / 1,000
    const double left = 1 - dmg / 1000;
    // Assault: 120 + trebuchet 12 + 5% of 120 + ceil(breach / 10) + the troop ratio (the
    // defender lost troops to the bombardment); no fatigue after a bombard week.
    const auto att = log3[1].attacker_troops, def = log3[1].defender_troops;
    REQUIRE(att > def);
    const int ratio = war::troop_ratio_adjustment(war_rules(), att, def, war_rules().troop_ratio.default_reading);
    CHECK(log3[1].br[0] == 138 + static_cast<int>(std::ceil(dmg / 10 - 1e-9)) + ratio);
    // Defender: 100 + ceil(50 x left) + ceil(1,000' x left / 100') of battlement.
    CHECK(log3[1].br[1] == 100 + static_cast<int>(std::ceil(50 * left - 1e-9)) + static_cast<int>(std::ceil(10 * left - 1e-9)));
  }
}

TEST_CASE("siege::run_siege_machine, the defender's sally (Defender options, Assault, l. 297-299)") {
  auto s = basic();
  s.defender_plan = siege::SmDefenderPlan::sally;
  s.defender_week = 1;
  s.attacker.equipment = {item("trebuchet", 2), item("ladder", 10)};
  SUBCASE("+10% BR for surprise, no fortification or equipment bonuses, War Machine casualties in full") {
    s.defender.troops = 100000;
    s.attacker.troops = 100000;
    Rng rng(12);
    std::vector<siege::SmWeek> log;
    REQUIRE(siege::run_siege_machine(war_rules(), rules(), s, rng, &log).has_value());
    REQUIRE(!log.empty());
    const auto& w = log[0];
    CHECK(w.option == "sally");
    CHECK(w.br[0] == 120);
    CHECK(w.br[1] == 110);  // 100 + 10%, the keep's +50 not counted
    CHECK(w.attacker_hd == 0);
    CHECK(w.defender_hd == 0);
    // The same rolls through the war module, unscaled.
    war::SideSpec a, d;
    a.modified_br = 120;
    a.troops = 100000;
    a.role = war::Role::defender;
    d.modified_br = 110;
    d.troops = 100000;
    d.role = war::Role::attacker;
    const auto x = war::resolve_roll(war_rules(), a, d, w.rolls[0], w.rolls[1], {});
    REQUIRE(x.has_value());
    if (x->winner) {
      CHECK(w.attacker_lost == x->result[0].casualties);
      CHECK(w.defender_lost == x->result[1].casualties);
    }
  }
  SUBCASE("the sally is a War Machine battle: the larger side has its troop ratio") {
    s.defender.troops = 500;  // 2,000 against 500: 4:1 to the attacker
    Rng rng(12);
    std::vector<siege::SmWeek> log;
    REQUIRE(siege::run_siege_machine(war_rules(), rules(), s, rng, &log).has_value());
    REQUIRE(!log.empty());
    const int four_to_one = war::troop_ratio_adjustment(war_rules(), 2000, 500, war_rules().troop_ratio.default_reading);
    CHECK(four_to_one > 0);
    CHECK(log[0].br[0] == 120 + four_to_one);
    CHECK(log[0].br[1] == 110);
  }
  SUBCASE("an attacker routed or destroyed by the sally lifts the siege") {
    s.defender.br = 1000;
    s.attacker.br = 10;
    Rng rng(1);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::lifted);
    CHECK(r->weeks == 1);
  }
  SUBCASE("a garrison destroyed in its sally loses the stronghold") {
    s.defender.br = 10;
    s.attacker.br = 1000;
    Rng rng(1);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::captured_by_assault);
    CHECK(r->weeks == 1);
  }
  SUBCASE("sallying every week it starves") {
    s.defender_week.reset();
    s.defender_when = siege::SmWhen::starving;
    s.defender.food_weeks = 2;
    s.defender.short_rations_weeks = 2;
    s.defender.troops = 100000;
    s.attacker.troops = 100000;
    s.plan = SmPlan::bombard;
    Rng rng(2);
    std::vector<siege::SmWeek> log;
    siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    REQUIRE(log.size() >= 3);
    CHECK(log[0].option == "bombard");
    CHECK(log[1].option == "bombard");
    CHECK(log[2].option == "sally");
  }
}

TEST_CASE("siege::run_siege_machine, departures (Attacker and Defender options, Depart, l. 285, 294-296)") {
  auto s = basic();
  SUBCASE("the defender departs, leaving 10% (rounded up) as a rearguard: the stronghold is abandoned") {
    s.plan = SmPlan::bombard;
    s.defender.troops = 305;
    s.defender_plan = siege::SmDefenderPlan::depart;
    s.escape = true;
    s.defender_week = 2;
    s.attacker.equipment.clear();  // no casualties before the departure
    Rng rng(1);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    CHECK(r->end == siege::SmEnd::abandoned);
    CHECK(r->weeks == 2);
    CHECK(r->defender_troops == 31);  // 30.5 -> 31
    CHECK(r->escaped == 274);
    CHECK(log.back().note.find("unnoticed") != std::string::npos);  // while the attacker bombards
    CHECK(siege::falls(r->end));
  }
  SUBCASE("noticed after 1 turn of assault; 1d4 hours after dawn when harassing") {
    s.defender_plan = siege::SmDefenderPlan::depart;
    s.escape = true;
    s.defender_week = 1;
    s.plan = SmPlan::assault;
    Rng rng(1);
    std::vector<siege::SmWeek> log;
    siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    CHECK(log.back().note.find("noticed after 1 turn of assault") != std::string::npos);
    s.plan = SmPlan::harass;
    log.clear();
    siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    CHECK(log.back().note.find("noticed 1d4 = ") != std::string::npos);
  }
  SUBCASE("a departure noticed (after 1 turn of assault) is pursued: a War Machine battle with those getting away") {
    s.plan = SmPlan::assault;
    s.defender.troops = 305;
    s.defender_plan = siege::SmDefenderPlan::depart;
    s.escape = true;
    s.defender_week = 1;
    Rng rng(3);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    REQUIRE(r.has_value());
    CHECK(r->end == siege::SmEnd::abandoned);
    const auto& w = log.back();
    CHECK(w.note.find("the attacker pursues the departing garrison") != std::string::npos);
    CHECK_FALSE(w.battle.empty());
    // 305 - a rearguard of 31 = 274 leave; the pursuit's casualties do not get away.
    CHECK(r->escaped == std::max<std::int64_t>(0, 274 - w.defender_lost));
    CHECK(r->attacker_troops == 2000 - w.attacker_lost);
    SUBCASE("pursue_departure = false: all 274 get away") {
      s.pursue_departure = false;
      Rng rng2(3);
      auto r2 = siege::run_siege_machine(war_rules(), rules(), s, rng2, nullptr);
      CHECK(r2->escaped == 274);
    }
  }
  SUBCASE("the attacker departs after its weeks, or when outnumbered beyond its ratio") {
    s.plan = SmPlan::bombard;
    s.defender.troops = 100000;
    s.depart_after_weeks = 3;
    Rng rng(1);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::departed);
    CHECK(r->weeks == 4);
    CHECK_FALSE(siege::falls(r->end));
    s.depart_after_weeks.reset();
    s.depart_below_troop_ratio = 0.5;  // 2,000 against 100,000
    r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::departed);
    CHECK(r->weeks == 1);
  }
  SUBCASE("the attacker leaves at the start of its week, before a garrison out of food would desert") {
    s.plan = SmPlan::bombard;
    s.depart_after_weeks = 2;
    s.defender.food_weeks = 2;  // the garrison would be unfed, and desert, in week 3
    Rng rng(1);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::departed);
    CHECK(r->weeks == 3);
  }
}

TEST_CASE("siege::run_siege_machine, malnutrition and morale (Other notes, Food, l. 363-366)") {
  auto s = basic();
  s.plan = SmPlan::bombard;
  s.attacker.equipment.clear();
  SUBCASE("-2 morale a week of malnutrition; at the floor the garrison deserts") {
    s.defender.food_weeks = 1;
    s.defender.short_rations_weeks = 10;
    s.defender.morale = 6;
    s.defender.morale_floor = 1;
    Rng rng(1);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    CHECK(r->end == siege::SmEnd::starved);
    CHECK(r->weeks == 4);  // week 1 fed (6), then 4, 2, 0
    REQUIRE(log.size() == 4);
    CHECK(*log[0].defender_morale == 6);
    CHECK(*log[1].defender_morale == 4);
    CHECK(*log[2].defender_morale == 2);
    CHECK(*log[3].defender_morale == 0);
  }
  SUBCASE("the attacker too goes on short rations before it departs") {
    s.attacker.food_weeks = 1;
    s.attacker.short_rations_weeks = 2;
    s.attacker.morale = 10;
    s.attacker.morale_floor = 0;
    s.defender.troops = 100000;
    Rng rng(1);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    CHECK(r->end == siege::SmEnd::departed);
    CHECK(r->weeks == 4);
    CHECK(*log[2].attacker_morale == 6);
  }
}

TEST_CASE("siege::run_siege_machine, Other notes, Reclaiming ammunition: a week of fire at a time") {
  // The book: "Defender reclaims one quarter of artillery ammunition fired by attacker";
  // "Attacker reclaims three-quarters of ammunition used if bombarding". Read (rules notes,
  // ammunition spent a week at a time): artillery fires a whole week or not at all; what a side
  // reclaims is gathered while the week's fire goes on; a smaller stock is kept.
  siege::SmSetup s;
  s.plan = SmPlan::bombard;
  s.max_weeks = 30;
  s.attacker.br = 100;
  s.attacker.troops = 1000000;  // nobody runs out of troops in 30 weeks
  s.attacker.equipment = {item("catapult_heavy", 2)};
  s.defender.br = 100;
  s.defender.troops = 1000000;
  s.defender.equipment = {item("catapult_light", 2)};
  s.defender.ammunition_gp_per_week = 100;
  SUBCASE("a garrison with 1 week and a quarter week reclaimed a week fires 8 of 30 weeks") {
    // Stock 1 + 30 x 1/4 = 8.5 weeks over the siege. Week 1: 1 on hand, fires, 0 + 1/4 left.
    // Weeks 2-3: 1/4 + 1/4 = 1/2, then 3/4 (with the week's quarter): less than a week, kept.
    // Week 4: 3/4 + 1/4 = 1: fires, 0 left. So weeks 4, 8, ..., 28: 8 weeks in all, 1/2 left.
    s.defender.ammunition_weeks = 1;
    Rng rng(7);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    REQUIRE(r.has_value());
    REQUIRE(log.size() == 30);
    int fired = 0;
    double paid = 0;
    for (const auto& w : log) {
      paid += w.costs[1].ammunition;
      CAPTURE(w.week);
      const bool expected = w.week == 1 || w.week % 4 == 0;
      // The garrison's artillery fires: A'/10 x 2d10 hit dice of attackers (A' > 0, 2d10 >= 2).
      CHECK((w.attacker_hd > 0) == expected);
      // Its week of ammunition is paid in the weeks it fires, not in the others.
      CHECK(w.costs[1].ammunition == doctest::Approx(expected ? 100.0 : 0.0));
      CHECK(w.defender_hd > 0);  // the besieger's ammunition is not counted: it fires every week
      fired += expected ? 1 : 0;
    }
    CHECK(fired == 8);
    CHECK(paid == doctest::Approx(800.0));  // 8 weeks x 100 gp
  }
  SUBCASE("a besieger's 0.6 week fires 2 weeks bombarding: 0.6 - 1/4 = 0.35, 0.1; 0.1 is kept") {
    s.defender.equipment.clear();
    s.attacker.ammunition_weeks = 0.6;
    Rng rng(7);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    REQUIRE(r.has_value());
    REQUIRE(log.size() == 30);
    for (const auto& w : log) {
      CAPTURE(w.week);
      CHECK((w.defender_hd > 0) == (w.week <= 2));
    }
  }
}

TEST_CASE("siege::run_siege_machine, Other notes, Food: unfed troops desert, the fed stay") {
  // 400 troops, 2 weeks of full rations and 2 of short rations, one 12th-level caster of Create
  // food (216 a day, Create food table). The spell makes 216 of the 400 rations: 184/400 = 0.46 of
  // the garrison eats from the stores, which stretch over that share: full rations 2 / 0.46 =
  // 4.35 weeks (weeks 1-4; 0.16 left in week 5), short rations weeks 5-8 (0.16 left in week 9).
  // Week 9: no food for the 184 ("unfed troops desert after 1d3 days"): they desert, the 216 fed
  // stay and hold out, fed wholly by the spell. Rations cost half of 5 gp: 184 x 2.50 = 460 gp a
  // week on full rations, half on short rations, nothing when the spell feeds everyone.
  siege::SmSetup s;
  s.plan = SmPlan::bombard;
  s.max_weeks = 12;
  s.attacker.br = 100;
  s.attacker.troops = 2000;
  s.defender.br = 100;
  s.defender.troops = 400;
  s.defender.food_weeks = 2;
  s.defender.short_rations_weeks = 2;
  s.defender.create_food = {{12, 1}};
  Rng rng(1);
  std::vector<siege::SmWeek> log;
  auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
  REQUIRE(r.has_value());
  CHECK(r->end == siege::SmEnd::holding_out);
  CHECK(r->weeks == 12);
  CHECK(r->defender_troops == 216);
  REQUIRE(log.size() == 12);
  for (const auto& w : log) {
    CAPTURE(w.week);
    const double food = w.week <= 4 ? 460.0 : w.week <= 8 ? 230.0 : 0.0;
    CHECK(w.costs[1].food == doctest::Approx(food));
    CHECK(w.defender_troops == (w.week < 9 ? 400 : 216));
  }
  CHECK(log[8].note == "184 unfed defenders desert; the 216 fed by Create food stay");
  SUBCASE("without the spell, the whole unfed garrison deserts") {
    s.defender.create_food.clear();
    Rng rng2(1);
    auto r2 = siege::run_siege_machine(war_rules(), rules(), s, rng2, nullptr);
    CHECK(r2->end == siege::SmEnd::starved);
    CHECK(r2->weeks == 5);  // weeks 1-2 full, 3-4 short, week 5 unfed
  }
}
