// Unit tests of the Siege Machine (seed 004, with rules-gaps.md §3): the bombard example figures,
// equipment and fortification bonuses, food, ammunition and the seeded runs.
#include <doctest/doctest.h>

#include <cmath>

#include "gunpowder/siege_machine.hpp"

using namespace gunpowder;
using siege::SmPlan;

namespace {

const siege::SiegeMachineRules& rules() {
  auto r = siege::load_siege_machine_rules();
  REQUIRE(r.has_value());
  return **r;
}

const war::Rules& war_rules() {
  auto r = war::load_rules();
  REQUIRE(r.has_value());
  return **r;
}

siege::SmSetup basic() {
  siege::SmSetup s;
  s.attacker.br = 120;
  s.attacker.troops = 2000;
  s.attacker.equipment = {{"trebuchet", 2, 1, std::nullopt}};
  s.defender.br = 100;
  s.defender.troops = 300;
  s.defender.fortifications = {{"keep_square", 1, 1, std::nullopt}};
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
    s.equipment = {{"trebuchet", 2, 1, std::nullopt}, {"ballista", 3, 1, std::nullopt}};
    const auto b = siege::side_bonus(rules(), s, false, "bombard");
    CHECK(b.artillery == 24 + 3);  // 2 x 12 + 3 x 2 / 2
    CHECK(b.equipment == 0);
  }
  SUBCASE("assault: all equipment at its assault value, double ballista") {
    siege::SmSide s;
    s.troops = 500;
    s.equipment = {{"ballista", 1, 1, std::nullopt}, {"ram", 2, 1, std::nullopt}, {"gallery_shed", 1, 1, std::nullopt},
                   {"mantlet", 5, 1, std::nullopt}, {"ladder", 4, 1, std::nullopt}};
    const auto b = siege::side_bonus(rules(), s, false, "assault");
    CHECK(b.artillery == 4);           // ballista 2 x 2
    CHECK(b.equipment == 8 + 4 + 2 + 8);  // rams 2 x 4, one doubled by the shed, mantlets (assault) 2, ladders 4 x 2
  }
  SUBCASE("mantlets need one per 100 men") {
    siege::SmSide s;
    s.troops = 600;
    s.equipment = {{"mantlet", 5, 1, std::nullopt}};
    CHECK(siege::side_bonus(rules(), s, false, "harass").equipment == 0);
    s.equipment[0].count = 6;
    CHECK(siege::side_bonus(rules(), s, false, "harass").equipment == 3);  // the harass value
  }
  SUBCASE("crew: half counts in full, a quarter counts a quarter, less nothing") {
    siege::SmSide s;
    s.troops = 100;
    s.equipment = {{"catapult_heavy", 1, 0.5, std::nullopt}};
    CHECK(siege::side_bonus(rules(), s, false, "bombard").artillery == 8);
    s.equipment[0].crew = 0.3;
    CHECK(siege::side_bonus(rules(), s, false, "bombard").artillery == 2);
    s.equipment[0].crew = 0.2;
    CHECK(siege::side_bonus(rules(), s, false, "bombard").artillery == 0);
  }
  SUBCASE("fortifications for the defender: per item and per length") {
    siege::SmSide s;
    s.troops = 100;
    s.fortifications = {{"keep_square", 1, 1, std::nullopt}, {"battlement", 1, 1, 450.0}, {"moat_filled", 1, 1, std::nullopt}};
    const auto b = siege::side_bonus(rules(), s, true, "assault");
    CHECK(b.fortification == 50 + 5 + 32);  // 450' of battlements: 5 lengths of 100' (rounded up)
    CHECK(siege::side_bonus(rules(), s, false, "assault").fortification == 0);
  }
  SUBCASE("the defender's artillery counts double against harassment, not at all against an assault") {
    siege::SmSide s;
    s.troops = 100;
    s.equipment = {{"catapult_light", 1, 1, std::nullopt}};
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
