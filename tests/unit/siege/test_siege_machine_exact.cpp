// Unit tests of the exact Siege Machine (siege::siege_machine_exact, seed 004): six sieges against
// 100,000 seeded sieges of the existing sampler (siege::siege_machine_odds, which plays
// run_siege_machine with the seeded generator), within four standard errors; the bounds.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <string>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "siege_fixtures.hpp"

using namespace gunpowder;
using siege::SmPlan;
using siege_test::item;
using siege_test::rules;
using siege_test::war_rules;

namespace {

void check_within(double sampled, double exact, double sigma, const std::string& what) {
  CAPTURE(what);
  CAPTURE(sampled);
  CAPTURE(exact);
  // Stated tolerance: four standard errors (and the rounding of sums of doubles).
  CHECK(std::fabs(sampled - exact) <= 4 * sigma + 1e-9 * std::max(1.0, std::fabs(exact)));
}

// The mean and standard deviation of a distribution of counts over n runs.
std::pair<double, double> mean_sd(const std::map<long long, std::uint64_t>& counts, double n) {
  double m = 0, m2 = 0;
  for (const auto& [v, c] : counts) {
    m += static_cast<double>(v) * static_cast<double>(c) / n;
    m2 += static_cast<double>(v) * static_cast<double>(v) * static_cast<double>(c) / n;
  }
  return {m, std::sqrt(std::max(0.0, m2 - m * m))};
}

double mean_of(const std::map<long long, double>& d) {
  double m = 0;
  for (const auto& [v, p] : d) m += static_cast<double>(v) * p;
  return m;
}

double sd_of(const std::map<long long, double>& d) {
  const double m = mean_of(d);
  double v = 0;
  for (const auto& [x, p] : d) v += (static_cast<double>(x) - m) * (static_cast<double>(x) - m) * p;
  return std::sqrt(v);
}

// The exact odds against n seeded sieges: each end, each week of the fall and each week the siege
// lasts as a proportion; the mean weeks and troops left with the samples' own standard deviation.
void against_samples(const siege::SmSetup& s, long long n, long long max_states = siege::kSmExactStates,
                     long long max_paths = siege::kSmExactPaths) {
  auto x = siege::siege_machine_exact(war_rules(), rules(), s, max_states, max_paths);
  REQUIRE(x.has_value());
  CAPTURE(x->states);
  CAPTURE(x->paths);
  CAPTURE(x->week);
  REQUIRE(x->complete);
  MESSAGE("exact: " << x->states << " states, " << x->paths << " outcomes");
  double total = 0;
  for (double p : x->ends) total += p;
  CHECK(total == doctest::Approx(1).epsilon(1e-9));
  auto o = siege::siege_machine_odds(war_rules(), rules(), s, n, 2026, 2);
  REQUIRE(o.has_value());
  const double nn = static_cast<double>(n);
  auto proportion = [&](double sampled, double exact, const std::string& what) {
    check_within(sampled, exact, std::sqrt(std::max(0.0, exact * (1 - exact)) / nn), what);
  };
  for (auto e : siege::kSmEnds) {
    const auto i = static_cast<size_t>(e);
    proportion(static_cast<double>(o->ends[i]) / nn, x->ends[i], "end " + siege::to_string(e));
  }
  for (size_t k = 1; k < x->capture_week.size(); ++k)
    proportion(static_cast<double>(o->capture_week[k]) / nn, x->capture_week[k], "falls in week " + std::to_string(k));
  std::map<long long, double> weeks = x->weeks;
  for (const auto& [w, c] : o->weeks_counts) weeks.try_emplace(w, 0.0);  // a week sampled that the chain never reaches
  for (const auto& [w, p] : weeks) {
    const auto it = o->weeks_counts.find(w);
    proportion(it == o->weeks_counts.end() ? 0.0 : static_cast<double>(it->second) / nn, p,
               "lasts " + std::to_string(w) + " weeks");
  }
  // Means with the standard error of the exact distribution.
  check_within(mean_sd(o->weeks_counts, nn).first, mean_of(x->weeks), sd_of(x->weeks) / std::sqrt(nn), "mean weeks");
  for (size_t d = 0; d < 2; ++d) {
    check_within(mean_sd(o->troops_left_counts[d], nn).first, mean_of(x->troops_left[d]),
                 sd_of(x->troops_left[d]) / std::sqrt(nn), d ? "defender's troops" : "attacker's troops");
    // The mean cost to the copper piece (both rounded: 0.01 more), with the exact sd.
    check_within(o->mean_cost_gp_total[d], x->mean_cost_gp_total[d], x->cost_sd[d] / std::sqrt(nn) + 0.0025,
                 d ? "defender's mean cost" : "attacker's mean cost");
    const double csd = o->cost_sd[d];
    // The sampled sd of the costs against the exact sd: within 5% and half a gp (a sanity check).
    check_within(csd, x->cost_sd[d], (0.05 * x->cost_sd[d] + 0.5) / 4, d ? "defender's cost sd" : "attacker's cost sd");
    if (!x->cost_distribution) continue;
    for (const auto& [gp, p] : x->cost[d]) {
      const auto it = o->cost_counts[d].find(gp);
      proportion(it == o->cost_counts[d].end() ? 0.0 : static_cast<double>(it->second) / nn, p,
                 "cost " + std::to_string(gp) + " gp");
    }
  }
}

}  // namespace

namespace {

siege::SmSetup small_siege(SmPlan plan, std::int64_t defenders, int weeks) {
  siege::SmSetup s;
  s.plan = plan;
  s.attacker.br = 120;
  s.attacker.troops = 2000;
  s.attacker.equipment = {item("trebuchet", 2)};
  s.defender.br = 100;
  s.defender.troops = defenders;
  s.defender.fortifications = {item("keep_square")};
  s.max_weeks = weeks;
  return s;
}

}  // namespace

TEST_CASE("siege::siege_machine_exact against 100,000 seeded sieges: bombard only, money on hand") {
  auto s = small_siege(SmPlan::bombard, 60, 12);
  s.attacker.money_gp = 40000;  // the costs decide the play: kept in the state, their distribution exact
  s.attacker.pay_gp_per_troop_week = 1;
  against_samples(s, 100000);
}

TEST_CASE("siege::siege_machine_exact against 100,000 seeded sieges: return fire, food and ammunition") {
  auto s = small_siege(SmPlan::bombard, 40, 10);
  s.defender.equipment = {item("catapult_light", 1)};
  s.defender.food_weeks = 3;
  s.defender.short_rations_weeks = 2;
  s.defender.ammunition_weeks = 2;
  s.attacker.ammunition_weeks = 4;
  against_samples(s, 100000);
}

TEST_CASE("siege::siege_machine_exact against 100,000 seeded sieges: bombard then assault a small garrison") {
  auto s = small_siege(SmPlan::bombard_then_assault, 30, 6);
  s.bombard_weeks = 2;
  s.attacker.troops = 150;
  s.attacker.equipment = {item("trebuchet", 1), item("ladder", 4)};
  against_samples(s, 100000);
}

TEST_CASE("siege::siege_machine_exact against 100,000 seeded sieges: harassed, the starving garrison sallies") {
  auto s = small_siege(SmPlan::harass, 25, 6);
  s.attacker.troops = 120;
  s.defender.food_weeks = 1;
  s.defender.short_rations_weeks = 3;
  s.defender_plan = siege::SmDefenderPlan::sally;
  s.defender_when = siege::SmWhen::starving;
  against_samples(s, 100000);
}

TEST_CASE("siege::siege_machine_exact against 100,000 seeded sieges: a trebuchet's damage to a gatehouse") {
  auto s = small_siege(SmPlan::bombard, 20, 3);
  s.attacker.equipment = {item("trebuchet", 1)};
  s.attacker.equipment[0].damage = dice::Notation{1, 20, 30};  // 1d20+30 a week, less 1d%
  s.defender.fortifications = {item("gatehouse")};
  s.stronghold_shp = 60;
  against_samples(s, 100000);
}

TEST_CASE("siege::siege_machine_exact against 100,000 seeded sieges: the book's example, to its first assault") {
  // The book's Siege Machine example (examples/siege-duration-machine.toml) cut to four weeks: three
  // of bombardment with return fire, then an assault, where the casualty dice of both sides' artillery
  // are pooled and split after the battle. Past the default bounds (5,385 states, over 3 million
  // outcomes): bounds of its own.
  auto s = siege_test::example_machine("siege-duration-machine.toml");
  REQUIRE(s.plan == SmPlan::bombard_then_assault);
  REQUIRE(s.bombard_weeks == 3);
  s.max_weeks = 4;
  against_samples(s, 100000, 1'000'000, 10'000'000);
}

TEST_CASE("siege::siege_machine_exact: the bounds") {
  const auto s = small_siege(SmPlan::bombard, 400, 30);
  auto x = siege::siege_machine_exact(war_rules(), rules(), s, 50, 1000000);
  REQUIRE(x.has_value());
  CHECK_FALSE(x->complete);
  CHECK(x->states > 50);
  auto y = siege::siege_machine_exact(war_rules(), rules(), s, 1000000, 5000);
  REQUIRE(y.has_value());
  CHECK_FALSE(y->complete);
  CHECK(y->paths <= 5001);
}

TEST_CASE("siege::siege_machine_exact: casualty dice with too many pairs of totals are sampled, not enumerated") {
  // House rules may give the bombard's casualty dice as 1000d100 a side: 99,001 totals each, some
  // 10^10 pairs, which the chain once enumerated for hours. Past kSmExactCasualtyPairs pairs
  // (n x (sides - 1) + 1 totals a side, multiplied) the chain stops before any week.
  const auto s = small_siege(SmPlan::bombard, 400, 30);
  siege::SiegeMachineRules r = rules();
  struct Case {
    int def_n, def_sides, att_n, att_sides;
    bool too_many;
  };
  // 10 x 10,000 = 100,000 pairs: at the bound; 10 x 10,001: past it; 99,001 x 99,001.
  for (const Case c : {Case{1, 10, 1, 10000, false}, Case{1, 10, 1, 10001, true}, Case{1000, 100, 1000, 100, true}}) {
    CAPTURE(c.att_sides);
    r.defender_dice_n = c.def_n;
    r.defender_dice_sides = c.def_sides;
    r.attacker_dice_n = c.att_n;
    r.attacker_dice_sides = c.att_sides;
    auto x = siege::siege_machine_exact(war_rules(), r, s, 50, 1000000);
    REQUIRE(x.has_value());
    CHECK(x->too_many_casualty_pairs == c.too_many);
    CHECK_FALSE(x->complete);
    if (c.too_many) CHECK(x->paths == 0);
  }
}
