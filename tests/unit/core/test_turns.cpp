// Unit tests of turns to a result (gunpowder/core/turns.hpp): each against an independent count
// (every sequence of turns enumerated, the negative binomial's closed form, or a seeded sampler
// of the turns themselves), never against the code under test.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/turns.hpp"
#include "gunpowder/core/turns_report.hpp"

using namespace gunpowder;

namespace {

// P(T = k) for k = 1 .. turns, by walking every sequence of `turns` turns (amount v with p[v]):
// a sequence is counted at the turn its running total first reaches `target`.
std::vector<double> enumerate_turns(const std::vector<double>& p, long long target, int turns) {
  std::vector<double> out(static_cast<size_t>(turns) + 1, 0.0);
  std::function<void(int, long long, double)> walk = [&](int k, long long total, double prob) {
    if (total >= target) {
      out[static_cast<size_t>(k)] += prob;
      return;
    }
    if (k == turns) return;
    for (size_t v = 0; v < p.size(); ++v)
      if (p[v] > 0) walk(k + 1, total + static_cast<long long>(v), prob * p[v]);
  };
  walk(0, 0, 1.0);
  return out;
}

// The mean, the standard deviation and P(T <= k) of `runs` sampled attacks.
struct Sampled {
  double mean = 0, sd = 0;
  std::vector<double> done_by;  // index k
};
Sampled sample_turns(const std::vector<double>& p, long long target, int runs, int max_k) {
  std::mt19937_64 rng(20261206);
  std::discrete_distribution<int> turn(p.begin(), p.end());
  Sampled s;
  s.done_by.assign(static_cast<size_t>(max_k) + 1, 0.0);
  double sum = 0, sum2 = 0;
  for (int r = 0; r < runs; ++r) {
    long long total = 0, k = 0;
    while (total < target) {
      total += turn(rng);
      ++k;
    }
    sum += static_cast<double>(k);
    sum2 += static_cast<double>(k * k);
    for (long long j = k; j <= max_k; ++j) s.done_by[static_cast<size_t>(j)] += 1.0 / runs;
  }
  s.mean = sum / runs;
  s.sd = std::sqrt(sum2 / runs - s.mean * s.mean);
  return s;
}

dice::Dist dist_of(const std::vector<double>& p) { return dice::Dist(0, p); }

}  // namespace

TEST_CASE("turns to a result: every sequence of turns enumerated") {
  // A turn deals 0 (half the time), 1 or 2; the target is 3. Sequences of up to 11 turns.
  const std::vector<double> p{0.5, 0.3, 0.2};
  const auto r = dice::turns_to_reach(dist_of(p), 3);
  REQUIRE(r.distribution_made);
  CHECK_FALSE(r.never);
  CHECK_FALSE(r.certain_by.has_value());  // a turn may deal nothing, so no turn is certain
  const auto brute = enumerate_turns(p, 3, 11);
  for (long long k = 1; k <= 11; ++k) {
    CAPTURE(k);
    CHECK(r.done_by(k) - r.done_by(k - 1) == doctest::Approx(brute[static_cast<size_t>(k)]).epsilon(1e-12));
  }
  CHECK(r.first == 2);  // a turn deals at most 2: two turns at least
  CHECK(r.tail < dice::kTurnsTail);
  // The mean and sd against 200,000 sampled attacks, within 4 standard errors.
  const auto s = sample_turns(p, 3, 200'000, 20);
  CHECK(std::abs(r.mean - s.mean) < 4 * s.sd / std::sqrt(200'000.0));
  CHECK(r.sd == doctest::Approx(s.sd).epsilon(0.02));
  for (long long k = 2; k <= 20; ++k) {
    const double pk = s.done_by[static_cast<size_t>(k)];
    CHECK(std::abs(r.done_by(k) - pk) < 4 * std::sqrt(pk * (1 - pk) / 200'000.0) + 1e-9);
  }
}

TEST_CASE("turns to a result: no idle turns, a d6 until 10 (every roll enumerated)") {
  std::vector<double> p(7, 1.0 / 6);
  p[0] = 0;
  const auto r = dice::turns_to_reach(dist_of(p), 10);
  REQUIRE(r.distribution_made);
  REQUIRE(r.certain_by.has_value());
  CHECK(*r.certain_by == 10);  // ten 1s
  CHECK(r.first == 2);         // 6 + 4
  const auto brute = enumerate_turns(p, 10, 10);
  double mean = 0, second = 0;
  for (long long k = 1; k <= 10; ++k) {
    CAPTURE(k);
    const double bk = brute[static_cast<size_t>(k)];
    CHECK(r.done_by(k) - r.done_by(k - 1) == doctest::Approx(bk).epsilon(1e-12));
    mean += static_cast<double>(k) * bk;
    second += static_cast<double>(k * k) * bk;
  }
  CHECK(r.mean == doctest::Approx(mean).epsilon(1e-12));
  CHECK(r.sd == doctest::Approx(std::sqrt(second - mean * mean)).epsilon(1e-9));
}

TEST_CASE("turns to a result: hit or miss is the negative binomial") {
  // Each turn deals 1 with q = 0.15: the turns to n = 7 follow C(k-1, 6) q^7 (1-q)^(k-7).
  const double q = 0.15;
  const long long n = 7;
  const auto r = dice::turns_to_reach(dist_of({1 - q, q}), n);
  REQUIRE(r.distribution_made);
  CHECK(r.mean == doctest::Approx(n / q).epsilon(1e-12));
  CHECK(r.sd == doctest::Approx(std::sqrt(n * (1 - q)) / q).epsilon(1e-9));
  CHECK(r.first == n);
  double binom = 1;  // C(k-1, n-1), built by multiplying up
  for (long long k = n; k <= 200; ++k) {
    if (k > n) binom = binom * static_cast<double>(k - 1) / static_cast<double>(k - n);
    const double expected = binom * std::pow(q, n) * std::pow(1 - q, static_cast<double>(k - n));
    CAPTURE(k);
    CHECK(r.done_by(k) - r.done_by(k - 1) == doctest::Approx(expected).epsilon(1e-10));
  }
  CHECK(1 - r.done_by(r.last()) < dice::kTurnsTail);
  CHECK(1 - r.done_by(r.last() - 1) >= dice::kTurnsTail);  // the list stops at the first turn past it
}

TEST_CASE("turns to a result: a constant, nothing ever, and the work bound") {
  const auto one = dice::turns_to_reach(dice::Dist::constant(1), 5);
  CHECK(one.mean == doctest::Approx(5));
  CHECK(one.sd == doctest::Approx(0));
  REQUIRE(one.certain_by.has_value());
  CHECK(*one.certain_by == 5);
  CHECK(one.first == 5);
  CHECK(one.p.size() == 1);
  CHECK(dice::turns_to_reach(dice::Dist::constant(0), 5).never);
  // 12d10 a turn, half the turns idle, against 24,000 points: the mean by the recursion alone
  // when the distribution's work passes a small bound (about 24,000 / 33 turns that deal damage).
  const dice::Dist shot = dice::Dist::mixture(dice::Dist::sum(12, 10), 0.5, dice::Dist::constant(0), 0.5);
  const auto big = dice::turns_to_reach(shot, 24'000, 1'000'000);
  CHECK_FALSE(big.distribution_made);
  CHECK(big.p.empty());
  CHECK(big.mean == doctest::Approx(2 * 24'000 / 66.0).epsilon(0.01));  // Wald: about target / mean dealt
}

TEST_CASE("turns to a result: P(at least) counts the turns past the listing") {
  // The negative binomial above (n = 7, q = 0.15), listed until P(not done yet) < 1e-9. From the
  // closed form, P(T = j) = C(j-1, 6) q^7 (1-q)^(j-7) for j up to 2,000 (the rest below 1e-100):
  // P(T >= k) summed from the top and P(T <= k) from the bottom, on every row, the last included
  // (the listing's own sum from the top would leave out the turns past it).
  const double q = 0.15;
  const long long n = 7, far = 2000;
  const auto r = dice::turns_to_reach(dist_of({1 - q, q}), n);
  REQUIRE(r.distribution_made);
  REQUIRE(r.tail > 0);
  std::vector<double> pmf(static_cast<size_t>(far) + 2, 0.0);
  double binom = 1;  // C(j-1, n-1)
  for (long long j = n; j <= far; ++j) {
    if (j > n) binom = binom * static_cast<double>(j - 1) / static_cast<double>(j - n);
    pmf[static_cast<size_t>(j)] = binom * std::pow(q, n) * std::pow(1 - q, static_cast<double>(j - n));
  }
  std::vector<double> from_top(pmf.size(), 0.0);
  for (size_t j = pmf.size() - 1; j-- > 0;) from_top[j] = from_top[j + 1] + pmf[j];
  static const report::Field kTurns{"turns", "Turns", report::Kind::count, "", "turns", "", false};
  static const report::DistributionSpec spec("turns", "Turns", kTurns, {});
  const auto t = report::distribution_tables(spec, report::turns_distribution(r));
  REQUIRE(t.values.rows.size() == static_cast<size_t>(r.last() - n + 1));
  double below = 0;
  for (long long k = n; k <= r.last(); ++k) {
    const auto& row = t.values.rows[static_cast<size_t>(k - n)];
    CAPTURE(k);
    below += pmf[static_cast<size_t>(k)];
    CHECK(std::stod(row[2].data()) == doctest::Approx(from_top[static_cast<size_t>(k)]).epsilon(1e-9));
    CHECK(std::stod(row[3].data()) == doctest::Approx(below).epsilon(1e-9));
  }
  CHECK(std::stod(t.values.rows.front()[2].data()) == doctest::Approx(1.0).epsilon(1e-12));
}
