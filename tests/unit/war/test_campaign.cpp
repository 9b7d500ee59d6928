// Unit tests of the campaign's exact odds (beyond the books; each battle as War Machine, "Combat
// results" applies it): a case worked out by hand from the combat-results table, and the exact
// distribution against many chains rolled by roll_battle (the code of --roll --rounds).
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "built_in_tables.hpp"
#include "gunpowder/war/battle.hpp"
#include "gunpowder/war/campaign.hpp"
#include "gunpowder/war/read_battle.hpp"
#include "gunpowder/war/rounds.hpp"

using namespace gunpowder;
using war::Role;
using war::Standing;

namespace {

const war::Rules& rules() {
  auto r = war::load_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

war::BattleForce battle_force(const std::string& name, std::int64_t troops, int br, Role role) {
  war::BattleForce b;
  b.force.name = name;
  b.force.troops = troops;
  b.force.br = br;
  b.force.role = role;
  return b;
}

/// The two forces rated, sided and engaged, ready for a campaign or for rolled chains.
struct Setup {
  std::vector<war::RatedForce> rated;
  war::BattleConfig config;
  war::Engagement first;
};
Setup setup(std::vector<war::BattleForce> forces, war::BattleConfig c = {}) {
  Setup s;
  auto r = war::rate_forces(rules(), forces);
  REQUIRE(r.has_value());
  s.rated = *r;
  auto sides = war::make_sides(s.rated);
  REQUIRE(sides.has_value());
  s.config = c;
  auto e = war::engage(rules(), s.rated, sides->members[0][0], sides->members[1][0], c);
  REQUIRE(e.has_value());
  s.first = *e;
  return s;
}

/// A battle's settings: this tie policy, the troop ratio read as the book's default reading.
war::BattleConfig config(war::TiePolicy tie) {
  war::BattleConfig c;
  c.options.tie = tie;
  c.battle.ratio_reading = rules().troop_ratio.default_reading;
  return c;
}

war::Campaign run(const Setup& s, int battles) {
  auto cp = war::campaign(rules(), {s.rated[s.first.force[0]], s.rated[s.first.force[1]]}, s.first, s.config, battles);
  REQUIRE(cp.has_value());
  return *cp;
}

double share(const war::Campaign& cp, size_t side, Standing st) {
  return cp.steps.back().side[side].p[static_cast<size_t>(st)];
}

}  // namespace

// By hand: A (BR 160) against B (BR 10), 100 troops each (no troop-ratio line, no tactics), so the
// difference is 150 + (d100 - d100) = 150 + k, found in 100 - |k| of the 10,000 pairs. Rows of the
// combat-results table (winner/loser casualties, location):
//   51-63   k -99..-87    91 pairs   20/50  F1/R3     101-120  k -49..-30  1,210 pairs  20/70 F3/rout
//   64-80   k -86..-70   374 pairs   30/60  F1/R3     121-150  k -29..0    2,565 pairs  10/70 F3/rout
//   81-90   k -69..-60   355 pairs   10/50  F3/R2     151+     k 1..99     4,950 pairs  10/100 F5/-
//   91-100  k -59..-50   455 pairs    0/30  F3/rout
// (the pair counts are sums of 100 - |k|: 1..13 = 91, 14..30 = 374, ..., 1..99 = 4,950; all 10,000).
TEST_CASE("war::campaign: one battle worked out by hand (War Machine, Combat results)") {
  const auto s = setup({battle_force("A", 100, 160, Role::attacker), battle_force("B", 100, 10, Role::defender)});
  REQUIRE(s.first.spec[0].modified_br - s.first.spec[1].modified_br == 150);
  const auto cp = run(s, 1);
  REQUIRE(cp.steps.size() == 1);
  // B is destroyed on 151+ (100% casualties), routs on 91-150, retreats on 51-90.
  CHECK(share(cp, 1, Standing::destroyed) == doctest::Approx(0.4950).epsilon(1e-12));
  CHECK(share(cp, 1, Standing::rout) == doctest::Approx((455 + 1210 + 2565) / 10000.0).epsilon(1e-12));
  CHECK(share(cp, 1, Standing::retreat) == doctest::Approx(820 / 10000.0).epsilon(1e-12));
  CHECK(share(cp, 0, Standing::field) == doctest::Approx(1.0).epsilon(1e-12));
  // A's troops left: 100 (0% on 91-100), 90 (10%: 81-90, 121-150, 151+), 80 (20%: 51-63, 101-120), 70 (30%).
  const std::map<std::int64_t, double> a_left{{70, 0.0374}, {80, 0.1301}, {90, 0.7870}, {100, 0.0455}};
  REQUIRE(cp.troops_left[0].size() == a_left.size());
  for (const auto& [t, p] : a_left) CHECK(cp.troops_left[0].at(t) == doctest::Approx(p).epsilon(1e-12));
  // B: 50 left (51-63, 81-90), 40 (64-80), 70 (91-100), 30 (101-150), 0 (151+).
  const std::map<std::int64_t, double> b_left{{0, 0.4950}, {30, 0.3775}, {40, 0.0374}, {50, 0.0446}, {70, 0.0455}};
  REQUIRE(cp.troops_left[1].size() == b_left.size());
  for (const auto& [t, p] : b_left) CHECK(cp.troops_left[1].at(t) == doctest::Approx(p).epsilon(1e-12));
  // Half killed (rounded up), half wounded for A, which holds the field: 20 lost -> 10 wounded, 30 -> 15,
  // 10 -> 5. B leaves the field every time: its wounded count as killed.
  CHECK(cp.expected_wounded[0] == doctest::Approx(5.797).epsilon(1e-12));
  CHECK(cp.expected_killed[0] == doctest::Approx(0.0374 * 30 + 0.1301 * 20 + 0.7870 * 10 - 5.797).epsilon(1e-12));
  CHECK(cp.expected_wounded[1] == 0);
  CHECK(cp.expected_killed[1] ==
        doctest::Approx(100 - (0.3775 * 30 + 0.0374 * 40 + 0.0446 * 50 + 0.0455 * 70)).epsilon(1e-12));
  CHECK(cp.battles_fought.at(1) == 1.0);
  CHECK(cp.expected_battles == doctest::Approx(1.0));
  // The undecided share is the retreats: 820 pairs of 10,000.
  const war::EndingKey undecided{war::CampaignEnd::limit, {Standing::field, Standing::retreat}};
  CHECK(cp.endings.at(undecided) == doctest::Approx(0.082).epsilon(1e-12));
}

TEST_CASE("war::campaign: a second battle is fought only after a retreat (by hand)") {
  const auto s = setup({battle_force("A", 100, 160, Role::attacker), battle_force("B", 100, 10, Role::defender)});
  const auto cp = run(s, 2);
  REQUIRE(cp.steps.size() == 2);
  CHECK(cp.steps[0].p_fought == 1.0);
  CHECK(cp.steps[0].p_ended == doctest::Approx(0.918).epsilon(1e-12));
  CHECK(cp.steps[1].p_fought == doctest::Approx(0.082).epsilon(1e-12));
  CHECK(cp.steps[1].p_ended == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(cp.battles_fought.at(1) == doctest::Approx(0.918).epsilon(1e-12));
  CHECK(cp.battles_fought.at(2) == doctest::Approx(0.082).epsilon(1e-12));
  // After battle 1 the three retreats leave (A, B) at (80, 50), (70, 40) and (90, 50): three states.
  CHECK(cp.steps[0].states == 3);
  double total = 0;
  for (const auto& [n, p] : cp.battles_fought) total += p;
  CHECK(total == doctest::Approx(1.0).epsilon(1e-14));
}

TEST_CASE("war::campaign: on_battle is told of each battle worked out (the progress line)") {
  // The by-hand case above: two battles may be fought, so battles 1 and 2 are reported, in order.
  const auto s = setup({battle_force("A", 100, 160, Role::attacker), battle_force("B", 100, 10, Role::defender)});
  std::vector<int> told;
  auto cp = war::campaign(rules(), {s.rated[s.first.force[0]], s.rated[s.first.force[1]]}, s.first, s.config, 5,
                          [&](int n) { told.push_back(n); });
  REQUIRE(cp.has_value());
  CHECK(told == std::vector<int>{1, 2});  // after battle 2 no state fights on
  CHECK(cp->steps.size() == 2);
}

TEST_CASE("war::campaign: certain destruction ends after one battle") {
  // A difference of 300 + k is always 151+: B loses 100% and is destroyed; A loses 10% (F5).
  const auto s = setup({battle_force("A", 100, 310, Role::attacker), battle_force("B", 100, 10, Role::defender)});
  const auto cp = run(s, 10);
  CHECK(cp.steps.size() == 1);
  CHECK(share(cp, 1, Standing::destroyed) == 1.0);
  CHECK(cp.troops_left[0].at(90) == 1.0);
  CHECK(cp.expected_killed[0] == 5.0);
  CHECK(cp.expected_wounded[0] == 5.0);
  CHECK(cp.expected_killed[1] == 100.0);
}

TEST_CASE("war::campaign: no combat ends at once") {
  auto a = battle_force("A", 100, 50, Role::attacker);
  auto b = battle_force("B", 100, 50, Role::defender);
  // Withdraw against withdraw: the tactics table says there is no combat.
  a.force.tactic = "withdraw";
  b.force.tactic = "withdraw";
  const auto s = setup({a, b});
  REQUIRE_FALSE(s.first.odds.combat);
  const auto cp = run(s, 10);
  CHECK(cp.endings.begin()->first.end == war::CampaignEnd::no_combat);
  CHECK(cp.endings.begin()->second == 1.0);
  CHECK(cp.troops_left[0].at(100) == 1.0);
}

TEST_CASE("war::campaign: rejects fewer than one battle") {
  const auto s = setup({battle_force("A", 100, 50, Role::attacker), battle_force("B", 100, 50, Role::defender)});
  CHECK_FALSE(war::campaign(rules(), {s.rated[0], s.rated[1]}, s.first, s.config, 0).has_value());
}

namespace {

/// Rolls `n` chains of up to `battles` with roll_battle (seeded streams) and checks every ending,
/// standing and battles-fought share against the exact campaign: within 4 standard errors
/// (sqrt(p(1-p)/n)) plus one chain's share, and the mean troops left within 4 standard errors.
void check_against_rolls(const Setup& s, int battles, int n, std::uint64_t seed) {
  const auto& R = rules();
  const auto cp = run(s, battles);
  std::map<war::EndingKey, int> endings;
  std::map<int, int> fought;
  std::array<std::array<int, war::kStandings>, 2> standing{};
  std::array<double, 2> sum{}, sum2{};
  for (int i = 0; i < n; ++i) {
    Rng rng = Rng::stream(seed, static_cast<std::uint64_t>(i));
    auto ro =
        war::roll_battle(R, {s.rated[s.first.force[0]], s.rated[s.first.force[1]]}, s.first, s.config, rng, battles);
    REQUIRE(ro.has_value());
    ++endings[war::ending_of(*ro)];
    ++fought[static_cast<int>(ro->rounds.size())];
    for (size_t k = 0; k < 2; ++k) {
      ++standing[k][static_cast<size_t>(war::standing_of(ro->state[k]))];
      const auto t = static_cast<double>(ro->state[k].troops);
      sum[k] += t;
      sum2[k] += t * t;
    }
  }
  auto within = [n](double exact, int count, const std::string& what) {
    const double share = static_cast<double>(count) / n;
    const double tolerance = 4 * std::sqrt(exact * (1 - exact) / n) + 1.0 / n;
    INFO(what << ": exact " << exact << ", rolled " << share << " (" << count << " of " << n << ")");
    CHECK(std::abs(share - exact) <= tolerance);
  };
  for (const auto& [k, p] : cp.endings) within(p, endings[k], "ending");
  for (const auto& [k, c] : endings) CHECK(cp.endings.count(k) == 1);  // nothing rolled the exact odds exclude
  for (const auto& [b, p] : cp.battles_fought) within(p, fought[b], "battles " + std::to_string(b));
  for (const auto& [b, c] : fought) CHECK(cp.battles_fought.count(b) == 1);
  for (size_t k = 0; k < 2; ++k) {
    for (size_t st = 0; st < war::kStandings; ++st)
      within(cp.steps.back().side[k].p[st], standing[k][st], "standing " + war::to_string(static_cast<Standing>(st)));
    const double mean = sum[k] / n, var = sum2[k] / n - mean * mean;
    INFO("side " << k << " mean troops left: exact " << cp.steps.back().side[k].expected_troops << ", rolled " << mean);
    CHECK(std::abs(mean - cp.steps.back().side[k].expected_troops) <= 4 * std::sqrt(var / n) + 1e-9);
  }
}

}  // namespace

TEST_CASE("war::campaign against rolled chains: examples/war-machine-field.toml, 10 battles") {
  const auto& R = rules();
  auto in = war::read_battle(R, {std::string(GUNPOWDER_SOURCE_DIR) + "/examples/war-machine-field.toml"});
  REQUIRE(in.has_value());
  auto c = config(R.default_tie_policy);
  const auto s = setup(in->forces, c);
  CHECK(run(s, 10).dense);
  check_against_rolls(s, 10, 20000, 16);
}

TEST_CASE("war::campaign against rolled chains: close forces, ties without result, fatigue and troop ratio") {
  auto c = config(war::TiePolicy::no_result);
  auto a = battle_force("A", 300, 60, Role::attacker);
  a.force.situation = {"ambush"};  // lasts one battle
  const auto s = setup({a, battle_force("B", 400, 70, Role::defender)}, c);
  check_against_rolls(s, 6, 20000, 99);
}

TEST_CASE("war::campaign against rolled chains: ties without result keep the last battle's standings") {
  // Under the no_result tie policy a tie leaves both sides where the last battle put them (the
  // dense rows keep both standings in the row's key): a campaign whose last battles tie ends with
  // those standings, never with ones the sides had before. 200,000 chains: an ending of
  // probability 0.0009 that no chain can reach is outside four standard errors.
  auto c = config(war::TiePolicy::no_result);
  const auto s = setup({battle_force("A", 300, 62, Role::attacker), battle_force("B", 400, 70, Role::defender)}, c);
  CHECK(run(s, 4).dense);
  check_against_rolls(s, 4, 200000, 7);
}

TEST_CASE("war::campaign against rolled chains: the simple siege (the defender holds)") {
  const auto& R = rules();
  war::BattleConfig c;
  c.options.tie = war::TiePolicy::defender;
  c.battle.simple_siege = true;
  c.battle.weeks_besieged = 2;
  c.battle.ratio_reading = R.troop_ratio.default_reading;
  const auto s = setup({battle_force("A", 500, 90, Role::attacker), battle_force("B", 120, 60, Role::defender)}, c);
  check_against_rolls(s, 5, 20000, 5);
}

TEST_CASE("war::campaign against rolled chains: small forces worn down to nothing, the defender holding") {
  // Dense rows over many battles with what the row-at-a-time walk treats apart: states whose
  // second side is destroyed (a few troops a side, casualties rounded up), outcomes that leave a
  // state as it was (Hold takes 10 points off the defender's 10% loss: 0% a side), runs of
  // different odds in one row (the troop ratio changing with the counts) and fatigue rows.
  const auto& R = rules();
  auto c = config(R.default_tie_policy);
  auto a = battle_force("A", 23, 70, Role::attacker);
  a.force.tactic = "attack";
  auto b = battle_force("B", 17, 80, Role::defender);
  b.force.tactic = "hold";
  b.force.situation = {"defending-in-place"};
  const auto s = setup({a, b}, c);
  const auto cp = run(s, 40);
  CHECK(cp.dense);
  CHECK(share(cp, 1, Standing::destroyed) > 0.01);
  CHECK(share(cp, 0, Standing::destroyed) > 0.001);
  CHECK(cp.steps.size() > 20);
  check_against_rolls(s, 40, 20000, 41);
}

TEST_CASE("war::campaign against rolled chains: large armies (troop counts numbered as met)") {
  // More than 4,096 troop counts reachable a side: the states are kept in a hash, not dense rows.
  const auto& R = rules();
  auto c = config(R.default_tie_policy);
  const auto s =
      setup({battle_force("A", 200000, 80, Role::attacker), battle_force("B", 150000, 75, Role::defender)}, c);
  CHECK_FALSE(run(s, 8).dense);
  check_against_rolls(s, 8, 10000, 3);
}

TEST_CASE("war::campaign: too many states is an error, not a run without end") {
  const auto s =
      setup({battle_force("A", 1000000000, 80, Role::attacker), battle_force("B", 900000000, 75, Role::defender)});
  const auto cp = war::campaign(rules(), {s.rated[0], s.rated[1]}, s.first, s.config, 100);
  REQUIRE_FALSE(cp.has_value());
  CHECK(cp.error().items().front().message.find("too many states") != std::string::npos);
}

namespace {

/// A campaign whose light states were left unfollowed (war::CampaignLimits) against the same
/// campaign walked exactly (every state followed, kExactCampaign: the pruning's code not run):
/// every probability of the pruned one is at most its mass_not_followed below the exact one and
/// never above it (it sums a part of the same chains), up to rounding; the expectations are within
/// that mass times their largest value.
void check_pruned(const Setup& s, int battles, const war::CampaignLimits& limits) {
  const auto pair = std::array<war::RatedForce, 2>{s.rated[s.first.force[0]], s.rated[s.first.force[1]]};
  auto exact_r = war::campaign(rules(), pair, s.first, s.config, battles, {}, war::kExactCampaign);
  auto pruned_r = war::campaign(rules(), pair, s.first, s.config, battles, {}, limits);
  REQUIRE(exact_r.has_value());
  REQUIRE(pruned_r.has_value());
  const war::Campaign& exact = *exact_r;
  const war::Campaign& pruned = *pruned_r;
  CHECK(exact.mass_not_followed == 0);
  CHECK(exact.states_not_followed == 0);
  const double m = pruned.mass_not_followed;
  INFO("mass not followed " << m << " (" << pruned.states_not_followed << " states from battle "
                            << pruned.first_not_followed << ")");
  REQUIRE(pruned.states_not_followed > 0);  // the case does leave states: else it checks nothing
  CHECK(m > 0);
  CHECK(m <= limits.mass_budget);
  const double round = 1e-13;
  auto near = [m, round](double p_pruned, double p_exact, const std::string& what) {
    INFO(what << ": exact " << p_exact << ", pruned " << p_pruned);
    CHECK(p_pruned <= p_exact + round);
    CHECK(p_pruned >= p_exact - m - round);
  };
  // Each battle's figures; a pruned walk that left every live state stops early, and the exact
  // campaign's later battles are fought with at most the mass left.
  REQUIRE(pruned.steps.size() <= exact.steps.size());
  for (size_t b = 0; b < exact.steps.size(); ++b) {
    const auto& e = exact.steps[b];
    if (b >= pruned.steps.size()) {
      CHECK(e.p_fought <= m + round);
      continue;
    }
    const auto& p = pruned.steps[b];
    const std::string at = "battle " + std::to_string(b + 1);
    near(p.p_fought, e.p_fought, at + " fought");
    near(p.p_ended, e.p_ended, at + " ended");
    for (size_t k = 0; k < 2; ++k)
      for (size_t st = 0; st < war::kStandings; ++st) near(p.side[k].p[st], e.side[k].p[st], at + " standing");
  }
  for (const auto& [k, p] : exact.endings) near(pruned.endings.count(k) ? pruned.endings.at(k) : 0.0, p, "ending");
  for (const auto& [k, p] : pruned.endings) CHECK(exact.endings.count(k) == 1);
  for (const auto& [b, p] : exact.battles_fought)
    near(pruned.battles_fought.count(b) ? pruned.battles_fought.at(b) : 0.0, p, "battles " + std::to_string(b));
  for (size_t k = 0; k < 2; ++k)
    for (const auto& [t, p] : exact.troops_left[k])
      near(pruned.troops_left[k].count(t) ? pruned.troops_left[k].at(t) : 0.0, p, "troops " + std::to_string(t));
  // What ended adds up to all but the mass not followed.
  double total = 0;
  for (const auto& [b, p] : pruned.battles_fought) total += p;
  CHECK(std::abs(total - (1 - m)) <= 1e-12);
  // Expectations: the chains not followed hold at most m of the weight.
  CHECK(std::abs(pruned.expected_battles - exact.expected_battles) <= m * battles + 1e-9);
  for (size_t k = 0; k < 2; ++k) {
    const auto t = static_cast<double>(exact.initial_troops[k]);
    CHECK(std::abs(pruned.expected_killed[k] - exact.expected_killed[k]) <= 2 * m * t + 1e-9);
    CHECK(std::abs(pruned.expected_wounded[k] - exact.expected_wounded[k]) <= m * t + 1e-9);
  }
}

}  // namespace

TEST_CASE("war::campaign: states not followed stay within the budget (dense rows, against the exact walk)") {
  const auto& R = rules();
  auto c = config(R.default_tie_policy);
  const auto s = setup({battle_force("A", 160, 70, Role::attacker), battle_force("B", 150, 68, Role::defender)}, c);
  // Every battle after the first leaves states (a budget large enough to leave many), and the
  // walk ends when all that fights on fits in what is left of it.
  check_pruned(s, 40, {1e-6, 0});
  check_pruned(s, 40, {1e-12, 0});
  // The default: a campaign that follows fewer than a million states follows all of them.
  CHECK(run(s, 5).mass_not_followed == 0);
}

TEST_CASE("war::campaign: states not followed stay within the budget (ties without result, a hash)") {
  const auto& R = rules();
  auto c = config(war::TiePolicy::no_result);
  const auto s = setup({battle_force("A", 300, 60, Role::attacker), battle_force("B", 400, 70, Role::defender)}, c);
  check_pruned(s, 12, {1e-6, 0});
  c.options.tie = R.default_tie_policy;
  const auto big =
      setup({battle_force("A", 200000, 80, Role::attacker), battle_force("B", 150000, 75, Role::defender)}, c);
  REQUIRE_FALSE(run(big, 8).dense);
  check_pruned(big, 8, {1e-6, 0});
}
