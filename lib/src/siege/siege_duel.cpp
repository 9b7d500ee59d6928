// siege_duel.cpp - the artillery duel of seed 000 ("Gunpowder Artillery Duels", pp. 18-19):
// rounds of defender fire (phase 1) and besieger fire or movement (phase 2), with the stated
// policies, a round-by-round trace, and seeded odds over many duels on several threads. The
// engine that plays a duel is in duel_engine.hpp (the exact chain, siege_duel_exact.cpp, steps it too).
#include <algorithm>
#include <cmath>
#include <thread>

#include "duel_engine.hpp"
#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/parallel.hpp"

namespace gunpowder::siege {

using artillery::Bracket;

std::string to_string(DuelEnd e) {
  switch (e) {
    case DuelEnd::besieger_destroyed: return "besieger-destroyed";
    case DuelEnd::defender_destroyed: return "defender-destroyed";
    case DuelEnd::defender_holed_up: return "defender-holed-up";
    case DuelEnd::besieger_fell_back: return "besieger-fell-back";
    case DuelEnd::stalemate: return "stalemate";
    case DuelEnd::round_limit: return "round-limit";
  }
  return "?";
}

std::string describe(DuelEnd e) {
  switch (e) {
    case DuelEnd::besieger_destroyed: return "the besieger's artillery is destroyed";
    case DuelEnd::defender_destroyed: return "the defender's artillery is destroyed";
    case DuelEnd::defender_holed_up: return "the defender's remaining artillery holes up";
    case DuelEnd::besieger_fell_back: return "the besieger's artillery falls back beyond the defender's range";
    case DuelEnd::stalemate: return "no piece can reach an enemy piece any more";
    case DuelEnd::round_limit: return "undecided at the round limit";
  }
  return "?";
}

using duel_detail::damage_die_sides;
using duel_detail::Engine;


DuelResult run_duel(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup, DuelDice& dice,
                    std::vector<TraceEvent>* trace) {
  Engine e(rules, cat, setup, dice, trace);
  return e.run();
}

Proportion wilson(long long count, long long n) {
  Proportion r;
  r.count = count;
  if (n <= 0) return r;
  const double z = 1.959963984540054;  // 95% two-sided normal quantile
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(count) / nn;
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  r.p = p;
  // At 0 (or n) successes the interval's end is exactly 0 (or 1); rounding noise is removed.
  r.low = count == 0 ? 0.0 : std::max(0.0, centre - half);
  r.high = count == n ? 1.0 : std::min(1.0, centre + half);
  return r;
}

DuelOdds duel_odds(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup, long long runs,
                   std::uint64_t seed, unsigned threads, const std::function<void(std::uint64_t)>& progress) {
  DuelOdds o;
  o.runs = runs;
  o.seed = seed;
  threads = std::max(1U, std::min<unsigned>(threads, static_cast<unsigned>(std::max(1LL, runs))));
  o.threads = threads;
  const auto n = static_cast<size_t>(std::max(0LL, runs));
  std::vector<unsigned char> ends(n);
  std::vector<int> rounds(n);
  std::vector<short> bl(n), dl(n);
  auto work = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      RngDice dice(Rng::stream(seed, i));  // duel i always draws the same numbers
      const DuelResult r = run_duel(rules, cat, setup, dice, nullptr);
      ends[i] = static_cast<unsigned char>(r.end);
      rounds[i] = r.rounds;
      bl[i] = static_cast<short>(r.besieger_left);
      dl[i] = static_cast<short>(r.defender_left);
      if (progress && (i - from + 1) % 1024 == 0) progress(1024);
    }
    if (progress) progress((to - from) % 1024);
  };
  parallel::ranges(n, threads, [&](unsigned, size_t from, size_t to) { work(from, to); });

  size_t nb = 0, ndf = 0;
  for (const auto& p : setup.pieces) (p.besieger ? nb : ndf) += 1;
  o.besieger_left.assign(nb + 1, 0);
  o.defender_left.assign(ndf + 1, 0);
  std::array<long long, 6> counts{};
  long long sum_b = 0, sum_d = 0;
  double sum = 0, sum2 = 0;
  for (size_t i = 0; i < n; ++i) {
    ++counts[ends[i]];
    ++o.besieger_left[static_cast<size_t>(bl[i])];
    ++o.defender_left[static_cast<size_t>(dl[i])];
    sum_b += bl[i];
    sum_d += dl[i];
    sum += rounds[i];
    sum2 += static_cast<double>(rounds[i]) * rounds[i];
  }
  for (size_t e = 0; e < counts.size(); ++e) o.ends[e] = wilson(counts[e], runs);
  if (n == 0) return o;
  const double nn = static_cast<double>(n);
  o.besieger_left_mean = static_cast<double>(sum_b) / nn;
  o.defender_left_mean = static_cast<double>(sum_d) / nn;
  o.rounds_mean = sum / nn;
  const double var = n > 1 ? std::max(0.0, (sum2 - sum * sum / nn) / (nn - 1)) : 0.0;
  o.rounds_ci = 1.959963984540054 * std::sqrt(var / nn);
  for (int r : rounds) ++o.rounds_counts[r];
  // The quantiles of every distribution (the smallest r with P(rounds <= r) >= f), here over the
  // duels played; rounds are at most max_rounds, an int.
  const report::Distribution d = report::Distribution::of_counts(o.rounds_counts, static_cast<std::uint64_t>(n));
  auto q = [&](double f) { return static_cast<int>(report::quantile(d, f)); };
  o.rounds_min = static_cast<int>(d.values.front());
  o.rounds_p10 = q(0.1);
  o.rounds_median = q(0.5);
  o.rounds_p90 = q(0.9);
  o.rounds_max = static_cast<int>(d.values.back());
  return o;
}

std::vector<ShotOdds> shot_odds(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup) {
  std::vector<ShotOdds> out;
  const int sides = damage_die_sides();
  std::vector<const DuelPiece*> kinds;  // one piece of each (side, book piece)
  for (const auto& p : setup.pieces) {
    bool seen = false;
    for (const auto* k : kinds) seen = seen || (k->piece == p.piece && k->besieger == p.besieger);
    if (!seen) kinds.push_back(&p);
  }
  for (const auto* s : kinds)
    for (const auto* t : kinds) {
      if (s->besieger == t->besieger) continue;
      for (auto b : {Bracket::short_range, Bracket::medium_range, Bracket::long_range}) {
        // Only the brackets at which the shooter may fire (a mortar never fires at short range).
        if (cat.attack.modes[static_cast<size_t>(s->piece->type)][static_cast<size_t>(b)].empty()) continue;
        ShotOdds o;
        o.shooter = s->piece->name + (s->besieger ? " (besieger)" : " (defender)");
        o.target = t->piece->name;
        o.bracket = artillery::to_string(b);
        o.target_value = rules.duel.target[static_cast<size_t>(b)];
        o.p_hit = dice::d20_at_least(o.target_value);
        o.p_save = t->besieger ? 0.0 : dice::d20_at_least(rules.duel.besieged_save);
        o.p_destroy_given_hit = (1 - o.p_save) * dice::Dist::sum(s->piece->damage_dice, sides).at_least(t->piece->shp);
        o.p_destroy = o.p_hit * o.p_destroy_given_hit;
        const double p_kill = dice::Dist::sum(s->piece->damage_dice, sides).at_least(t->piece->shp);
        const std::string hit = "P(d20 >= " + std::to_string(o.target_value) + ")";
        const std::string save = "P(save fails: d20 < " + std::to_string(rules.duel.besieged_save) + ")";
        const std::string kill = "P(" + std::to_string(s->piece->damage_dice) + "d" + std::to_string(sides) +
                                 " >= " + std::to_string(t->piece->shp) + " shp)";
        o.explain = report::Step{o.shooter + " at a " + o.target + ", " + o.bracket + " range", "P(destroyed)",
                                 fmtnum::percent(o.p_hit) +
                                     (t->besieger ? std::string() : " x " + fmtnum::percent(1 - o.p_save)) + " x " +
                                     fmtnum::percent(p_kill, 4),
                                 fmtnum::percent(o.p_destroy, 4), rules.duel.source};
        o.explain.in("hit: " + hit, fmtnum::percent(o.p_hit));
        if (!t->besieger) o.explain.in(save, fmtnum::percent(1 - o.p_save));
        o.explain.in(kill, fmtnum::percent(p_kill, 4));
        out.push_back(o);
      }
    }
  return out;
}

}  // namespace gunpowder::siege
