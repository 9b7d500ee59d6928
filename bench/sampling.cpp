// bench-sampling (issue 27, item 6): the library's exact distributions timed against seeded
// sampling to the same precision, written here with the project's own generator (core/rng.hpp).
//
// Precision: a sampler estimates each probability of a distribution (each value's P, or each
// P(done by turn k) of turns to a result) with a standard error of sqrt(p (1 - p) / n); the
// sample size n is the smallest that brings the largest of them to kStandardError (0.001), found
// from the exact distribution. The sampler is then run once with that n and timed; the exact
// computation is timed by the median of kBatches batches of calls (at least kBatchSeconds each).
// Each row prints both times, n and their ratio (sampled / exact), and checks that the sample
// agrees with the exact figures to within 5 standard errors (else exit 1; a sanity check of the
// two, not a test: the test suite checks the distributions against brute force).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "timing.hpp"
#include "gunpowder/core/rng.hpp"
#include "gunpowder/core/turns.hpp"

namespace gunpowder::bench {
namespace {

constexpr double kStandardError = 0.001;
constexpr std::uint64_t kSeed = 2026;

using clock = std::chrono::steady_clock;



/// The sample size that brings the largest standard error of the probabilities `p` to kStandardError.
std::uint64_t samples_for(const std::vector<double>& p) {
  double var = 0;
  for (double q : p) var = std::max(var, q * (1 - q));
  return static_cast<std::uint64_t>(std::ceil(var / (kStandardError * kStandardError)));
}

/// One row: `exact` gives the exact probabilities (and is timed); `sample(rng, n)` gives the
/// sampled shares of the same probabilities from n draws.
struct Case {
  std::string what;
  std::function<std::vector<double>()> exact;
  std::function<std::vector<double>(Rng&, std::uint64_t)> sample;
};

bool run_case(const Case& c) {
  volatile double sink = 0;
  const std::vector<double> exact = c.exact();
  const double t_exact = seconds_per_call([&] { return c.exact().front(); }, sink);
  const std::uint64_t n = samples_for(exact);
  Rng rng(kSeed);
  const auto t0 = clock::now();
  const std::vector<double> sampled = c.sample(rng, n);
  const double t_sampled = std::chrono::duration<double>(clock::now() - t0).count();
  // The largest difference in standard errors, each at least 1/n (one draw more or less): a value
  // of a tiny chance drawn once is not a discrepancy.
  double worst = 0;
  const double nn = static_cast<double>(n);
  for (size_t i = 0; i < exact.size() && i < sampled.size(); ++i) {
    const double se = std::max(std::sqrt(exact[i] * (1 - exact[i]) / nn), 1 / nn);
    worst = std::max(worst, std::fabs(sampled[i] - exact[i]) / se);
  }
  std::printf("| %s | %s | %s (%s draws) | %sx | %s |\n", c.what.c_str(), duration_text(t_exact).c_str(),
              duration_text(t_sampled).c_str(), fmtnum::grouped(static_cast<long long>(n)).c_str(),
              fmtnum::fixed(t_sampled / t_exact, 0).c_str(), fmtnum::fixed(worst, 1).c_str());
  if (sampled.size() != exact.size() || worst > 5) {
    std::fprintf(stderr, "bench-sampling: %s: the sample is %s standard errors from the exact figures\n", c.what.c_str(),
                 fmtnum::fixed(worst, 1).c_str());
    return false;
  }
  return true;
}

std::vector<double> probabilities(const dice::Dist& d) {
  std::vector<double> out;
  for (int v = d.min(); v <= d.max(); ++v) out.push_back(d.p(v));
  return out;
}

/// Shares of each value from min to max of `n` draws of `draw`.
std::vector<double> shares(int min, int max, std::uint64_t n, const std::function<int()>& draw) {
  std::vector<double> count(static_cast<size_t>(max - min + 1), 0.0);
  for (std::uint64_t i = 0; i < n; ++i) {
    const int v = std::clamp(draw(), min, max);
    count[static_cast<size_t>(v - min)] += 1;
  }
  for (double& c : count) c /= static_cast<double>(n);
  return count;
}

// One shot's damage to a wall of AC 6 from a 12-pdr at 500 yd, as a simplified stand-in: it
// strikes with probability kStrike and deals 12d10 (the piece's damage), else nothing.
constexpr double kStrike = 0.30;
constexpr int kShotDice = 12;
constexpr int kWall = 600;

dice::Dist one_shot() {
  return dice::Dist::mixture(dice::Dist::sum(kShotDice, 10), kStrike, dice::Dist::constant(0), 1 - kStrike);
}

int draw_shot(Rng& rng) { return rng.unit() < kStrike ? rng.roll(kShotDice, 10) : 0; }

int run() {
  std::printf("exact distributions against seeded sampling to a standard error of %s on every probability\n\n",
              fmtnum::fixed(kStandardError, 3).c_str());
  std::printf("| distribution | exact | sampled | sampled / exact | sample's largest difference (SE) |\n");
  std::printf("|---|---:|---:|---:|---:|\n");
  const dice::TurnsToReach wall = dice::turns_to_reach(one_shot(), kWall);
  std::vector<Case> cases;
  cases.push_back({"12d10 (111 values)", [] { return probabilities(dice::Dist::sum(12, 10)); },
                   [](Rng& rng, std::uint64_t n) { return shares(12, 120, n, [&] { return rng.roll(12, 10); }); }});
  cases.push_back({"hits of a volley of 20 men at 35% each, 1d8 damage a hit (compound)",
                   [] {
                     std::vector<double> hits(21, 0.0);
                     // Binomial(20, 0.35) by the recurrence of its terms.
                     hits[0] = std::pow(0.65, 20);
                     for (int k = 1; k <= 20; ++k)
                       hits[static_cast<size_t>(k)] = hits[static_cast<size_t>(k - 1)] * (20 - k + 1) / k * 0.35 / 0.65;
                     return probabilities(dice::Dist::compound(dice::Dist(0, hits), dice::Dist::die(8)));
                   },
                   [](Rng& rng, std::uint64_t n) {
                     return shares(0, 160, n, [&] {
                       int total = 0;
                       for (int m = 0; m < 20; ++m)
                         if (rng.unit() < 0.35) total += rng.roll(8);
                       return total;
                     });
                   }});
  cases.push_back({"shots to bring down 600 shp at 30% a shot, 12d10 a strike (turns to a result)",
                   [] {
                     const dice::TurnsToReach t = dice::turns_to_reach(one_shot(), kWall);
                     std::vector<double> done;  // P(done by turn k), k = first .. last
                     double cum = 0;
                     for (double q : t.p) done.push_back(cum += q);
                     return done;
                   },
                   [&wall](Rng& rng, std::uint64_t n) {
                     const dice::TurnsToReach& t = wall;  // where the exact list starts and ends
                     std::vector<double> by(t.p.size(), 0.0);
                     for (std::uint64_t i = 0; i < n; ++i) {
                       long long shots = 0;
                       for (int dealt = 0; dealt < kWall; ++shots) dealt += draw_shot(rng);
                       const long long at = std::max(0LL, shots - t.first);
                       if (at < static_cast<long long>(by.size())) by[static_cast<size_t>(at)] += 1;
                     }
                     std::vector<double> done;
                     double cum = 0;
                     for (double c : by) done.push_back(cum += c / static_cast<double>(n));
                     return done;
                   }});
  bool ok = true;
  for (const auto& c : cases) ok = run_case(c) && ok;
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace gunpowder::bench

int main() { return gunpowder::bench::run(); }
