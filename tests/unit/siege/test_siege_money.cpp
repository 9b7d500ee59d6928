// Unit tests of the Siege Machine's money and stores (War Machine, Siege Machine: Preparation,
// Application, Other notes): weekly costs, rations at half adventurer prices with mounts eating
// double, the Create food table in use, ammunition conversion, stone buildings yielding
// ammunition, field construction, and running out of money. Every expected figure is worked by
// hand from the book's text in the comment beside it.
#include <doctest/doctest.h>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "gunpowder/war/war_machine.hpp"

#include "siege_fixtures.hpp"

using namespace gunpowder;
using siege::SmPlan;
using siege_test::item;
using siege_test::rules;
using siege_test::war_rules;

namespace {

/// Neither side has artillery and the attacker only bombards: no casualties, no dice that matter,
/// so the weeks' costs are fixed.
siege::SmSetup quiet() {
  siege::SmSetup s;
  s.plan = SmPlan::bombard;
  s.attacker.br = 100;
  s.attacker.troops = 1000;
  s.defender.br = 100;
  s.defender.troops = 100;
  s.max_weeks = 20;
  return s;
}

}  // namespace

TEST_CASE("siege::weekly_costs, Siege Machine: Preparation and Other notes, Food") {
  siege::SmSide s;
  s.troops = 1000;
  s.mounts = 100;
  s.pay_gp_per_troop_week = 2;
  s.water_gp_per_week = 50;
  s.supplies_gp_per_week = 150;
  s.ammunition_gp_per_week = 400;
  SUBCASE("rations at half adventurer prices, mounts requiring double human rations") {
    // (1,000 troops + 2 x 100 mounts) x 5 gp x 1/2 = 3,000 gp
    const auto c = siege::weekly_costs(rules(), s, 1000, 1.0, true);
    CHECK(c.food == doctest::Approx(3000));
    CHECK(c.payroll == doctest::Approx(2000));  // 1,000 x 2 gp
    CHECK(c.water == doctest::Approx(50));
    CHECK(c.supplies == doctest::Approx(150));
    CHECK(c.ammunition == doctest::Approx(400));
    CHECK(c.total() == doctest::Approx(5600));  // 2,000 + 3,000 + 50 + 150 + 400
  }
  SUBCASE("no ammunition bought in a week the artillery does not fire; short rations are half") {
    const auto c = siege::weekly_costs(rules(), s, 1000, 0.5, false);
    CHECK(c.ammunition == 0);
    CHECK(c.food == doctest::Approx(1500));
  }
  SUBCASE("the payroll and rations follow the troops on hand") {
    const auto c = siege::weekly_costs(rules(), s, 500, 1.0, false);
    CHECK(c.payroll == doctest::Approx(1000));
    CHECK(c.food == doctest::Approx(1750));  // (500 + 200) x 2.5
  }
  SUBCASE("a referee's adventurer price") {
    s.ration_gp_per_week = 15;                                                               // iron rations
    CHECK(siege::weekly_costs(rules(), s, 1000, 1.0, false).food == doctest::Approx(9000));  // 1,200 x 7.5
  }
}

TEST_CASE("siege::create_food_fed, Siege Machine: Create food per spell and per day") {
  SUBCASE("the table's per-day figures") {
    REQUIRE(rules().create_food_at(10) != nullptr);
    CHECK(rules().create_food_at(10)->per_day == 36);
    CHECK(rules().create_food_at(14)->per_day == 540);
    CHECK(rules().create_food_at(26)->per_day == 3672);
    CHECK(rules().create_food_at(36)->per_day == 8748);
    CHECK(rules().create_food_at(9) == nullptr);
    CHECK(rules().create_food_at(37) == nullptr);
  }
  siege::SmSide s;
  s.troops = 1000;
  s.mounts = 100;
  s.create_food = {{14, 2}};
  SUBCASE("two 14th-level casters feed 2 x 540 = 1,080 of 1,200 rations: 1/10 is bought") {
    CHECK(siege::create_food_fed(rules(), s) == doctest::Approx(1080));
    CHECK(siege::rations_needed_share(rules(), s, 1000) == doctest::Approx(0.1));
    CHECK(siege::weekly_costs(rules(), s, 1000, 0.1, false).food == doctest::Approx(300));  // 3,000 x 1/10
  }
  SUBCASE("casters who feed everyone: no rations bought, no stores eaten") {
    auto q = quiet();
    q.defender.food_weeks = 1;           // one week of stores: unfed in week 3 without the spell
    q.defender.create_food = {{10, 3}};  // 3 x 36 = 108 fed a day, for 100 troops
    Rng rng(1);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), q, rng, &log);
    REQUIRE(r.has_value());
    CHECK(r->end == siege::SmEnd::holding_out);
    CHECK(log.front().costs[1].food == 0);
  }
}

TEST_CASE("siege::ammunition_weeks_from_units, Siege Machine: Other notes, Ammunition conversion") {
  SUBCASE("6 light-catapult = 5 heavy-catapult units: 12 light units keep 2 heavy catapults firing 5 weeks") {
    auto w = siege::ammunition_weeks_from_units(rules(), {item("catapult_heavy", 2)}, {{"catapult_light", 12}},
                                                "ammunition_units");
    REQUIRE(w.has_value());
    CHECK(*w == doctest::Approx(5));  // 12 light = 10 heavy units, 2 a week
  }
  SUBCASE("6 light-catapult = 4 trebuchet units: 6 light units are 4 weeks of one trebuchet") {
    auto w =
        siege::ammunition_weeks_from_units(rules(), {item("trebuchet")}, {{"catapult_light", 6}}, "ammunition_units");
    CHECK(*w == doctest::Approx(4));
  }
  SUBCASE("5 heavy-catapult = 4 trebuchet units, mixed engines and stores") {
    // 10 heavy + 8 trebuchet units = 2 + 2 = 4 measures; 1 heavy + 1 trebuchet burn 1/5 + 1/4 = 0.45 a week
    auto w = siege::ammunition_weeks_from_units(rules(), {item("catapult_heavy"), item("trebuchet")},
                                                {{"catapult_heavy", 10}, {"trebuchet", 8}}, "ammunition_units");
    CHECK(*w == doctest::Approx(4 / 0.45));
  }
  SUBCASE("errors: ammunition that does not convert, and no engine to fire it") {
    auto w = siege::ammunition_weeks_from_units(rules(), {item("trebuchet")}, {{"ballista", 6}}, "ammunition_units");
    REQUIRE_FALSE(w.has_value());
    CHECK(w.error().items().front().field == "ammunition_units.ballista");
    w = siege::ammunition_weeks_from_units(rules(), {item("ram")}, {{"trebuchet", 6}}, "ammunition_units");
    REQUIRE_FALSE(w.has_value());
  }
}

TEST_CASE("siege::plan_construction, Siege Machine: Other notes, Field construction") {
  siege::SmConstruction c;
  c.engineers = 1;
  c.artillerists = 1;
  c.builders = 18;
  c.wood_men = 20;
  c.wood_miles = 5;
  c.items = {{"trebuchet", 2, 45, 500}};
  SUBCASE("two trebuchets of 45 hp, 9 men each at 1/2 hp a day: 10 days; materials 1/10 of 2 x 500 gp") {
    auto p = siege::plan_construction(rules(), c);
    REQUIRE(p.has_value());
    CHECK(p->wood_hp_per_day == doctest::Approx(10));  // 5 x floor(20/10) x ceil(5/5)
    CHECK(p->materials_gp == doctest::Approx(100));
    CHECK(p->days == 10);  // 45 / (9 x 1/2)
    REQUIRE(p->items.size() == 2);
    CHECK(p->items[0].week == 3);  // finished in week 2 (days 8-14), joins in week 3
  }
  SUBCASE("wood as printed grows with the distance: 5 x floor(25/10) x ceil(11/5) = 30") {
    c.wood_men = 25;
    c.wood_miles = 11;
    CHECK(siege::plan_construction(rules(), c)->wood_hp_per_day == doctest::Approx(30));
  }
  SUBCASE("the wood limits the work: two 10-hp ladders at 5 hp of wood a day take 5 days") {
    c.wood_men = 10;
    c.wood_miles = 3;  // 5 x 1 x 1
    c.items = {{"ladder", 2, 10, 10}};
    // Wood on hand each day, the first ladder served first, each at most 9 x 1/2 = 4.5 hp a day:
    // day 1: 4.5 + 0.5; day 2: 4.5 + 0.5 (9 and 1); day 3: 1 (the first done) + 4 (5);
    // day 4: 4.5 (9.5); day 5: 0.5 (the second done).
    auto p = siege::plan_construction(rules(), c);
    CHECK(p->items[0].day == 3);
    CHECK(p->days == 5);
  }
  SUBCASE("an artillerist oversees two constructions: the third trebuchet waits") {
    c.builders = 27;
    c.wood_men = 100;  // 50 hp a day
    c.items = {{"trebuchet", 3, 9, 0}};
    auto p = siege::plan_construction(rules(), c);
    CHECK(p->items[0].day == 2);
    CHECK(p->items[1].day == 2);
    CHECK(p->items[2].day == 4);
  }
  SUBCASE("an engineer oversees four, and no item takes more than 9 men") {
    c.builders = 100;
    c.wood_men = 100;
    c.items = {{"ladder", 5, 4.5, 0}};
    auto p = siege::plan_construction(rules(), c);
    CHECK(p->items[3].day == 1);
    CHECK(p->items[4].day == 2);
    c.items = {{"ladder", 1, 9, 0}};
    CHECK(siege::plan_construction(rules(), c)->days == 2);  // 9 men, 4.5 hp a day, however many men
  }
  SUBCASE("errors: no engineer, no artillerist for artillery, no wood") {
    c.engineers = 0;
    c.artillerists = 0;
    c.wood_men = 9;
    auto p = siege::plan_construction(rules(), c);
    REQUIRE_FALSE(p.has_value());
    CHECK(p.error().items().size() == 3);
  }
  SUBCASE("the built engines join the attacker in the Siege Machine, and the materials are paid in week 1") {
    auto q = quiet();
    q.construction = c;
    Rng rng(1);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), q, rng, &log);
    REQUIRE(r.has_value());
    CHECK(log[0].costs[0].materials == doctest::Approx(100));
    CHECK(log[1].costs[0].materials == 0);
    CHECK(log[2].built.size() == 2);
    CHECK(log[2].defender_hd > 0);  // the trebuchets bombard from week 3
    CHECK(log[1].defender_hd == 0);
  }
}

TEST_CASE("siege::run_siege_machine, money on hand (Siege Machine: Application, deduct costs for week)") {
  auto s = quiet();
  s.attacker.pay_gp_per_troop_week = 1;
  s.attacker.money_gp = 10000;
  SUBCASE("the attacker pays 1,000 + 2,500 = 3,500 gp a week and departs in week 3 with 3,000 gp left") {
    Rng rng(1);
    std::vector<siege::SmWeek> log;
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
    REQUIRE(r.has_value());
    CHECK(r->end == siege::SmEnd::departed);
    CHECK(r->weeks == 3);
    CHECK(r->cost_total[0] == doctest::Approx(7000));
    CHECK(*r->money[0] == doctest::Approx(3000));
    CHECK(*log[0].money[0] == doctest::Approx(6500));
    CHECK(log[0].costs[0].total() == doctest::Approx(3500));
    CHECK(log.back().note.find("cannot pay") != std::string::npos);
  }
  SUBCASE("dominion income of 500 gp a week keeps it one week longer") {
    // 10,500 - 3,500 = 7,000; 7,500 - 3,500 = 4,000; 4,500 - 3,500 = 1,000; 1,500 < 3,500 in week 4
    s.attacker.income_gp_per_week = 500;
    Rng rng(1);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::departed);
    CHECK(r->weeks == 4);
    CHECK(r->cost_total[0] == doctest::Approx(10500));
  }
  SUBCASE("the unpaid garrison deserts: 100 + 250 = 350 gp a week from 1,000 gp") {
    s.attacker.money_gp.reset();
    s.defender.pay_gp_per_troop_week = 1;
    s.defender.money_gp = 1000;
    Rng rng(1);
    auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, nullptr);
    CHECK(r->end == siege::SmEnd::starved);
    CHECK(r->weeks == 3);
    CHECK(*r->money[1] == doctest::Approx(300));
    // The garrison pays (or fails to) first, as it eats first: the attacker's costs, counted without
    // money on hand too, are those of weeks 1 and 2.
    CHECK(r->cost_total[0] == doctest::Approx(2 * 3500));
  }
}

TEST_CASE("siege::run_siege_machine, Other notes, Reclaiming ammunition: stone buildings yield their BR in weeks") {
  siege::SmSetup s = quiet();
  siege::SmItem treb = item("trebuchet");
  dice::Notation d;
  d.bonus = 100000;  // a damage roll that knocks everything down in week 1
  treb.damage = d;
  s.attacker.equipment = {treb};
  siege::SmItem wall = item("battlement");
  wall.length_ft = 100;
  wall.shp = 100;
  siege::SmItem houses = item("building_stone", 2);
  houses.shp = 400;
  s.defender.fortifications = {wall, houses};
  s.defender.troops = 10000;
  s.defender.ammunition_weeks = 0;
  s.max_weeks = 1;
  Rng rng(1);
  std::vector<siege::SmWeek> log;
  auto r = siege::run_siege_machine(war_rules(), rules(), s, rng, &log);
  REQUIRE(r.has_value());
  // Two stone buildings (BR 6 each) destroyed: 2 x 6 = 12 weeks of ammunition.
  CHECK(log.front().ammunition_yield == doctest::Approx(12));
  CHECK(log.front().note.find("2 stone building(s) destroyed") != std::string::npos);
}
