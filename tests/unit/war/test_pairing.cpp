// Unit tests of war::pair_forces (seed 004, "Divide forces", l. 68): the fast pairing gives the
// same pairs, in the same order, as the book's rule followed literally (each chooser, highest BR
// first, works out its battle against every free opponent and takes the one it is most likely to
// beat, the first in input order among equals), over random small battles with every kind of
// adjustment that depends on both forces; and a battle of 5,000 forces a side is paired.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/rng.hpp"
#include "gunpowder/war/battle.hpp"
#include "built_in_tables.hpp"

using namespace gunpowder;
using war::Role;

namespace {

const war::Rules& rules() {
  auto r = war::load_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

using Pairs = std::vector<std::pair<size_t, size_t>>;

/// The book's rule, battle by battle: quadratic, written plainly.
Pairs reference_pairs(const std::vector<war::RatedForce>& rated, const war::Sides& s, const war::BattleConfig& c) {
  const auto& m = s.members;
  std::vector<bool> used0(m[0].size(), false), used1(m[1].size(), false);
  struct Chooser { int br; std::int64_t troops; size_t side, pos; };
  std::vector<Chooser> order;
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < m[k].size(); ++p)
      order.push_back({rated[m[k][p]].rating.br, rated[m[k][p]].force.troops, k, p});
  std::stable_sort(order.begin(), order.end(), [](const Chooser& a, const Chooser& b) {
    if (a.br != b.br) return a.br > b.br;
    if (a.troops != b.troops) return a.troops > b.troops;
    return a.side < b.side;
  });
  Pairs out;
  for (const auto& ch : order) {
    auto& mine = ch.side == 0 ? used0 : used1;
    auto& theirs = ch.side == 0 ? used1 : used0;
    if (mine[ch.pos]) continue;
    std::optional<size_t> best;
    double best_p = -1;
    for (size_t k = 0; k < theirs.size(); ++k) {
      if (theirs[k]) continue;
      const size_t i = ch.side == 0 ? m[0][ch.pos] : m[0][k];
      const size_t j = ch.side == 0 ? m[1][k] : m[1][ch.pos];
      auto e = war::engage(rules(), rated, i, j, c);
      const double p = e ? e->odds.p_win_resolved[ch.side] : 0.0;
      if (p > best_p + 1e-12) {
        best_p = p;
        best = k;
      }
    }
    if (!best) continue;
    mine[ch.pos] = theirs[*best] = true;
    out.emplace_back(ch.side == 0 ? ch.pos : *best, ch.side == 0 ? *best : ch.pos);
  }
  return out;
}

/// A random force: BR given (no troop class) or BFR given (a class rank), flyers, a situation
/// line of each kind that depends on the opponent, fatigue, and a tactic when `tactics`.
war::BattleForce random_force(Rng& rng, const std::string& name, Role role, bool tactics, bool few_values) {
  const auto& R = rules();
  war::BattleForce b;
  auto& f = b.force;
  f.name = name;
  f.role = role;
  // Few distinct values make many ties (the first in input order must win them).
  f.troops = few_values ? 100 * rng.between(1, 3) : rng.between(1, 4000);
  if (rng.between(0, 1) == 0) f.br = few_values ? 50 * rng.between(1, 3) : rng.between(0, 300);
  else f.bfr = few_values ? 10 * rng.between(1, 3) : rng.between(0, 120);
  const int fly = rng.between(0, 3);
  if (fly > 0) f.composition.flying_pct = fly == 1 ? 3.0 : (fly == 2 ? 20.0 : 100.0);
  if (role == Role::defender && rng.between(0, 1)) f.situation.push_back(rng.between(0, 1) ? "in-stronghold" : "mire");
  if (rng.between(0, 3) == 0) f.situation.push_back("leader-removed");
  if (rng.between(0, 3) == 0) f.situation.push_back("troop-class-advantage-2");
  if (rng.between(0, 3) == 0) f.situation.push_back("higher-altitude");
  const int fat = rng.between(0, 4);
  if (fat == 1) f.fatigue = war::Fatigue::moderate;
  if (fat == 2) f.fatigue = war::Fatigue::serious;
  if (tactics) f.tactic = R.tactics[static_cast<size_t>(rng.between(0, static_cast<int>(R.tactics.size()) - 1))].id;
  return b;
}

war::BattleConfig random_config(Rng& rng) {
  war::BattleConfig c;
  const war::TiePolicy ties[] = {war::TiePolicy::reroll, war::TiePolicy::no_result, war::TiePolicy::defender,
                                 war::TiePolicy::higher_br};
  c.options.tie = ties[rng.between(0, 3)];
  c.battle.ratio_reading = rng.between(0, 1) ? war::RatioReading::ceiling : war::RatioReading::floor;
  c.battle.siege_machine = rng.between(0, 3) == 0;
  c.battle.simple_siege = rng.between(0, 3) == 0;
  if (c.battle.simple_siege) c.battle.weeks_besieged = rng.between(0, 30);
  return c;
}

}  // namespace

TEST_CASE("war::pair_forces gives the pairs of the book's rule") {
  const auto& R = rules();
  int compared = 0;
  for (std::uint64_t n = 0; n < 300; ++n) {
    CAPTURE(n);
    Rng rng = Rng::stream(14, n);
    const bool tactics = rng.between(0, 2) == 0, few = rng.between(0, 1) == 0;
    const int roles = rng.between(0, 2);  // attacker/defender, defender/attacker, neither
    const Role r0 = roles == 0 ? Role::attacker : (roles == 1 ? Role::defender : Role::none);
    const Role r1 = roles == 0 ? Role::defender : (roles == 1 ? Role::attacker : Role::none);
    std::vector<war::BattleForce> forces;
    const int n0 = rng.between(1, 9), n1 = rng.between(1, 9);
    for (int k = 0; k < n0 + n1; ++k) {
      const bool first = k < n0;
      auto b = random_force(rng, (first ? "A" : "B") + std::to_string(k), first ? r0 : r1, tactics, few);
      b.force.side = first ? "a" : "b";
      if (!war::check_situation(R, b.force.situation, b.force.role).empty()) b.force.situation.clear();
      forces.push_back(std::move(b));
    }
    auto rated = war::rate_forces(R, forces);
    REQUIRE(rated.has_value());
    auto sides = war::make_sides(*rated);
    REQUIRE(sides.has_value());
    const auto c = random_config(rng);
    auto fast = war::pair_forces(R, *rated, *sides, c);
    REQUIRE(fast.has_value());
    if (n0 == 1 && n1 == 1) continue;  // a single pair needs no choosing
    CHECK(*fast == reference_pairs(*rated, *sides, c));
    ++compared;
  }
  CHECK(compared > 250);
}

TEST_CASE("war::pair_forces keeps the given opponents first") {
  const auto& R = rules();
  std::vector<war::BattleForce> forces;
  for (int k = 0; k < 6; ++k) {
    war::BattleForce b;
    b.force.name = "F" + std::to_string(k);
    b.force.side = k < 3 ? "a" : "b";
    b.force.troops = 100;
    b.force.br = 40 * (k % 3) + 10;
    forces.push_back(b);
  }
  forces[0].force.opponent = "F5";  // the weakest of side a against the strongest of side b
  auto rated = war::rate_forces(R, forces);
  REQUIRE(rated.has_value());
  auto sides = war::make_sides(*rated);
  REQUIRE(sides.has_value());
  war::BattleConfig c;
  auto p = war::pair_forces(R, *rated, *sides, c);
  REQUIRE(p.has_value());
  // F0-F5 fixed; then F2 (BR 90, side a first on equal BR) picks the weakest free: F3 (BR 10);
  // F1 meets F4.
  CHECK(*p == Pairs{{0, 2}, {2, 0}, {1, 1}});
}

TEST_CASE("war::pair_forces pairs 5,000 forces a side") {
  const auto& R = rules();
  Rng rng(2026);
  std::vector<war::BattleForce> forces;
  for (int k = 0; k < 10000; ++k) {
    war::BattleForce b;
    b.force.name = "F" + std::to_string(k);
    b.force.role = k < 5000 ? Role::attacker : Role::defender;
    b.force.troops = rng.between(100, 5000);
    b.force.br = rng.between(20, 250);
    forces.push_back(b);
  }
  auto rated = war::rate_forces(R, forces);
  REQUIRE(rated.has_value());
  auto sides = war::make_sides(*rated);
  REQUIRE(sides.has_value());
  war::BattleConfig c;
  const auto t0 = std::chrono::steady_clock::now();
  auto p = war::pair_forces(R, *rated, *sides, c);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  REQUIRE(p.has_value());
  CHECK(p->size() == 5000);
  std::vector<char> seen0(5000, 0), seen1(5000, 0);
  for (const auto& [a, b] : *p) {
    CHECK_FALSE(seen0[a]);
    CHECK_FALSE(seen1[b]);
    seen0[a] = seen1[b] = 1;
  }
  // Loose: the book's rule took minutes here (25 million battles); the pairing takes well under
  // a second even on a loaded machine or under a sanitizer.
  CHECK(seconds < 30);
}
