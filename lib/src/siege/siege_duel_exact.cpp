// siege_duel_exact.cpp - the artillery duel of seed 000 ("Gunpowder Artillery Duels", pp. 18-19)
// computed exactly: probability mass carried forward over the duel's states, step by step of the
// same engine the seeded duels play (duel_engine.hpp), with every outcome of the dice enumerated.
//
// From each state the engine plays its next step (a stretch of quiet rounds, or one round) once
// for each sequence of dice outcomes that step can throw: the dice below replay a prefix of
// outcomes and branch at the first new throw, so that all sequences are visited depth first. A
// shot is two outcomes (it lands, hit and not saved, or not: a miss and a saved hit do nothing),
// a damage total one outcome for each total that leaves the target more than its `fragile`
// strength points, one for those that leave it 1 to `fragile` (any later hit destroys it: the
// engine keeps them alike) and one for all the others; so no two outcomes of a throw lead to the
// same play. The states a step reaches are merged by their bytes (Engine::save: pieces placed
// alike in the canonical order, so a state is the multiset of their states) in a hash map per
// round; rounds are taken in order, and every step moves the round on, so each state is stepped
// once, with all of its mass. A throw against a target alone (d20_against) is two outcomes too.
#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <unordered_map>

#include "duel_engine.hpp"
#include "path_choices.hpp"
#include "gunpowder/core/distribution.hpp"

namespace gunpowder::siege {

namespace {

using duel_detail::Engine;

/// Dice that play one path of outcomes and then the next: each throw is a choice among its
/// outcomes of non-zero probability, the choices made so far are kept, and next() moves to the
/// next sequence (the last throw with an outcome left takes it; the throws after it are new).
class PathDice final : public DuelDice, public detail::PathChoices {
 public:
  int d20() override {
    p_ /= 20;
    return choose(20) + 1;
  }
  // Only "at least the target" (20) or "below it" (1) matters to the engine.
  int d20_against(int target) override {
    const double hit = dice::d20_at_least(target);
    if (hit >= 1) return 20;
    if (hit <= 0) return 1;
    const bool at_least = choose(2) == 0;
    p_ *= at_least ? hit : 1 - hit;
    return at_least ? 20 : 1;
  }
  // Hit and not saved, or not (a miss and a saved hit both do nothing).
  bool lands(int target, bool saving, int save) override {
    const double p = at_least(target) * (saving ? 1 - at_least(save) : 1.0);
    if (p >= 1) return true;
    if (p <= 0) return false;
    const bool yes = choose(2) == 0;
    p_ *= yes ? p : 1 - p;
    return yes;
  }
  int damage(int n, int sides) override { return damage_against(n, sides, INT_MAX, 0); }
  // Each total that leaves more than `fragile` shp apart (what the piece keeps), those that leave
  // 1 to `fragile` as one (the largest), every other total as `shp` (destroyed).
  int damage_against(int n, int sides, int shp, int fragile) override {
    const std::vector<std::pair<int, double>>& o = outcomes(n, sides, shp, fragile);
    const auto& [v, q] = o[static_cast<size_t>(choose(static_cast<int>(o.size())))];
    p_ *= q;
    return v;
  }

 private:
  // The outcomes of n dice of `sides` against `shp`, worked out once (a duel has few such throws).
  const std::vector<std::pair<int, double>>& outcomes(int n, int sides, int shp, int fragile) {
    for (const auto& c : outcomes_)
      if (c.n == n && c.sides == sides && c.shp == shp && c.fragile == fragile) return c.o;
    const dice::Dist d = dice::Dist::sum(n, sides);
    Outcomes c{n, sides, shp, fragile, {}};
    double worn = 0;  // the totals that leave 1 to `fragile` shp
    for (int v = d.min(); v <= d.max() && v < shp; ++v)
      if (d.p(v) > 0) {
        if (shp - v > fragile) c.o.emplace_back(v, d.p(v));
        else worn += d.p(v);
      }
    if (worn > 0) c.o.emplace_back(shp - 1, worn);
    const double rest = d.at_least(shp);
    if (shp <= d.max() && rest > 0) c.o.emplace_back(shp, rest);
    outcomes_.push_back(std::move(c));
    return outcomes_.back().o;
  }
  // P(d20 >= target), from a table for the targets a duel uses.
  double at_least(int target) {
    if (target < 0 || target >= static_cast<int>(at_least_.size())) return dice::d20_at_least(target);
    double& p = at_least_[static_cast<size_t>(target)];
    if (p < 0) p = dice::d20_at_least(target);
    return p;
  }
  std::array<double, 32> at_least_ = filled(-1.0);
  static std::array<double, 32> filled(double v) {
    std::array<double, 32> a{};
    a.fill(v);
    return a;
  }
  struct Outcomes {
    int n = 0, sides = 0, shp = 0, fragile = 0;
    std::vector<std::pair<int, double>> o;
  };
  std::deque<Outcomes> outcomes_;  ///< a deque: the references handed out stay valid
};

// The rounds' summary (the core's: mean, sd, extremes, and quantiles as the smallest number of
// rounds r with P(rounds <= r) >= f) and the mean pieces left.
void summarise(const std::map<int, double>& rounds, DuelExact& out) {
  out.rounds.assign(rounds.begin(), rounds.end());
  report::Distribution d;
  for (const auto& [r, p] : out.rounds) d.add(r, p);
  const report::Summary sum = report::summarise(d);
  out.rounds_mean = sum.mean;
  out.rounds_sd = sum.sd;
  auto whole = [](long long v) { return static_cast<int>(v); };  // rounds: at most max_rounds, an int
  out.rounds_min = whole(sum.min);
  out.rounds_max = whole(sum.max);
  out.rounds_p10 = whole(report::quantile(d, 0.1));
  out.rounds_median = whole(sum.median);
  out.rounds_p90 = whole(report::quantile(d, 0.9));
  for (size_t i = 0; i < out.besieger_left.size(); ++i)
    out.besieger_left_mean += static_cast<double>(i) * out.besieger_left[i];
  for (size_t i = 0; i < out.defender_left.size(); ++i)
    out.defender_left_mean += static_cast<double>(i) * out.defender_left[i];
}

}  // namespace

DuelExact duel_exact(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup, long long max_states,
                     long long max_paths) {
  DuelExact out;
  if (setup.pieces.size() > kDuelExactPieces) return out;
  PathDice dice;
  Engine engine(rules, cat, setup, dice, nullptr);
  out.besieger_left.assign(setup.pieces.size() - setup.defenders + 1, 0.0);
  out.defender_left.assign(setup.defenders + 1, 0.0);
  std::map<int, std::unordered_map<std::string, double>> todo;  // round -> state -> probability
  std::string key;
  engine.save(key);
  todo[1][key] = 1.0;
  out.states = 1;
  std::map<int, double> rounds;
  while (!todo.empty()) {
    auto bucket = todo.extract(todo.begin());
    for (const auto& [state, p] : bucket.mapped()) {
      do {
        engine.load(state);
        dice.start();
        int round = bucket.key(), played = 0;
        const auto end = engine.advance(round, played);
        const double q = p * dice.p();
        if (++out.paths > max_paths) return out;
        if (end) {
          out.settled += q;
          out.ends[static_cast<size_t>(*end)] += q;
          rounds[played] += q;
          DuelResult r;
          engine.tally(r);
          out.besieger_left[static_cast<size_t>(r.besieger_left)] += q;
          out.defender_left[static_cast<size_t>(r.defender_left)] += q;
          continue;
        }
        engine.save(key);
        auto [it, fresh] = todo[round].try_emplace(key, 0.0);
        it->second += q;
        if (fresh && ++out.states > max_states) return out;
        // On course to pass the bound by far (kDuelExactOnCourse): stop now.
        if (fresh && out.states >= std::max(max_states / 5, kDuelExactOnCourseFrom) &&
            out.settled * static_cast<double>(max_states) < kDuelExactOnCourse * static_cast<double>(out.states)) {
          out.on_course = true;
          return out;
        }
      } while (dice.next());
    }
  }
  out.complete = true;
  summarise(rounds, out);
  return out;
}

}  // namespace gunpowder::siege
