// Unit tests of the distributions every tool reports (gunpowder/core/distribution.hpp) and the
// dice they are made from (dice::Dist::mixture, compound): each against a brute-force count of the
// dice, never against the code under test.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/distribution.hpp"

using namespace gunpowder;

namespace {

// Every roll of n dice of `sides` sides, each as the sum it makes (sides^n of them, equally likely).
std::vector<long long> all_sums(int n, int sides) {
  std::vector<long long> sums{0};
  for (int d = 0; d < n; ++d) {
    std::vector<long long> next;
    for (long long s : sums)
      for (int f = 1; f <= sides; ++f) next.push_back(s + f);
    sums = std::move(next);
  }
  return sums;
}

// The q quantile of equally likely outcomes, by definition: the smallest outcome v such that at
// least q of the outcomes are v or less.
long long brute_quantile(std::vector<long long> outcomes, double q) {
  std::sort(outcomes.begin(), outcomes.end());
  for (size_t i = 0; i < outcomes.size(); ++i)
    if (static_cast<double>(i + 1) >= q * static_cast<double>(outcomes.size()) - 1e-9) return outcomes[i];
  return outcomes.back();
}

void check_same(const dice::Dist& d, const std::map<long long, double>& expected) {
  double total = 0;
  for (int v = d.min(); v <= d.max(); ++v) {
    CAPTURE(v);
    const auto it = expected.find(v);
    CHECK(d.p(v) == doctest::Approx(it == expected.end() ? 0.0 : it->second).epsilon(1e-12));
    total += d.p(v);
  }
  CHECK(total == doctest::Approx(1.0).epsilon(1e-12));
  for (const auto& [v, p] : expected) CHECK((v >= d.min() && v <= d.max()));
}

}  // namespace

TEST_CASE("dice::Dist::mixture and compound, against brute force") {
  SUBCASE("a save that avoids: 2d6 with weight 0.4, nothing with weight 0.6") {
    std::map<long long, double> want{{0, 0.6}};
    for (long long s : all_sums(2, 6)) want[s] += 0.4 / 36;
    check_same(dice::Dist::mixture(dice::Dist::sum(2, 6), 0.4, dice::Dist::constant(0), 0.6), want);
  }
  SUBCASE("a save that halves, rounded down: 3d4 with weight 0.7, half of it with weight 0.3") {
    std::map<long long, double> want;
    for (long long s : all_sums(3, 4)) {
      want[s] += 0.7 / 64;
      want[s / 2] += 0.3 / 64;
    }
    std::vector<double> half(7, 0.0);  // 3d4 halved: 1..6
    for (long long s : all_sums(3, 4)) half[static_cast<size_t>(s / 2)] += 1.0 / 64;
    check_same(dice::Dist::mixture(dice::Dist::sum(3, 4), 0.7, dice::Dist(0, half), 0.3), want);
  }
  SUBCASE("the damage of a random number of hits: 0 to 3 hits (p 0.3 each), 1d4 each") {
    // Every way: each of 3 men hits or not, each hit rolls a d4.
    std::map<long long, double> want;
    for (int mask = 0; mask < 8; ++mask) {
      const int hits = __builtin_popcount(static_cast<unsigned>(mask));
      const double p = std::pow(0.3, hits) * std::pow(0.7, 3 - hits);
      if (hits == 0) {
        want[0] += p;
        continue;
      }
      for (long long s : all_sums(hits, 4)) want[s] += p / std::pow(4.0, hits);
    }
    std::vector<double> count{0.343, 0.441, 0.189, 0.027};  // Binomial(3, 0.3)
    check_same(dice::Dist::compound(dice::Dist(0, count), dice::Dist::die(4)), want);
  }
  SUBCASE("exact over the count's dice and each's: 0 to 2 hits of a d20 throw each (hit on 11+), 1d8 each") {
    // Every way counted in whole numbers: two d20 throws, then a d8 for each hit; each value's ways
    // over 20^2 x 8^2 = 25,600.
    std::map<long long, long long> ways;
    for (int a = 1; a <= 20; ++a)
      for (int b = 1; b <= 20; ++b)
        for (int x = 1; x <= 8; ++x)
          for (int y = 1; y <= 8; ++y) {
            const bool ha = a >= 11, hb = b >= 11;
            ways[(ha ? x : 0) + (hb ? y : 0)] += 1;  // a miss's d8 counts every face once more
          }
    std::vector<double> count{0.25, 0.5, 0.25};
    const auto d = dice::Dist::compound(dice::Dist(0, count).exact_over(400), dice::Dist::die(8));
    CHECK(d.denominator() == 400 * 64);
    for (const auto& vn : ways) {
      const long long value = vn.first;
      CAPTURE(value);
      CHECK(d.p(static_cast<int>(value)) * 25600.0 == doctest::Approx(static_cast<double>(vn.second)));
    }
  }
  SUBCASE("a count that is never 0 or 1: 2 or 3 hits of 1d6+1") {
    std::map<long long, double> want;
    for (long long s : all_sums(2, 6)) want[s + 2] += 0.5 / 36;
    for (long long s : all_sums(3, 6)) want[s + 3] += 0.5 / 216;
    check_same(dice::Dist::compound(dice::Dist(2, {0.5, 0.5}), dice::Dist::die(6).shift(1)), want);
  }
}

TEST_CASE("report::summarise and quantile, against brute force") {
  // Not a structured binding: CAPTURE's lambda may not name one before C++20 as clang 14 reads it.
  for (const auto& dice_case : std::vector<std::pair<int, int>>{{1, 6}, {2, 6}, {3, 6}, {4, 10}, {1, 20}, {5, 4}}) {
    const int n = dice_case.first;
    const int sides = dice_case.second;
    CAPTURE(n);
    CAPTURE(sides);
    const std::vector<long long> outcomes = all_sums(n, sides);
    double mean = 0;
    for (long long v : outcomes) mean += static_cast<double>(v);
    mean /= static_cast<double>(outcomes.size());
    double var = 0;
    for (long long v : outcomes) var += (static_cast<double>(v) - mean) * (static_cast<double>(v) - mean);
    var /= static_cast<double>(outcomes.size());
    const report::Summary s = report::summarise(report::Distribution::of(dice::Dist::sum(n, sides)));
    CHECK(s.mean == doctest::Approx(mean).epsilon(1e-12));
    CHECK(s.sd == doctest::Approx(std::sqrt(var)).epsilon(1e-12));
    CHECK(s.min == n);
    CHECK(s.max == n * sides);
    CHECK(s.q05 == brute_quantile(outcomes, 0.05));
    CHECK(s.q25 == brute_quantile(outcomes, 0.25));
    CHECK(s.median == brute_quantile(outcomes, 0.5));
    CHECK(s.q75 == brute_quantile(outcomes, 0.75));
    CHECK(s.q95 == brute_quantile(outcomes, 0.95));
  }
  SUBCASE("a distribution short of 1 (a misfire fires no shot) is summed up over what it holds") {
    report::Distribution d;
    d.add(3, 0.2);
    d.add(1, 0.2);
    d.add(3, 0.2);  // merged with the first: P(3) = 0.4
    REQUIRE(d.values == std::vector<long long>{1, 3});
    CHECK(d.total() == doctest::Approx(0.6));
    const report::Summary s = report::summarise(d);
    CHECK(s.mean == doctest::Approx((1 * 0.2 + 3 * 0.4) / 0.6));
    CHECK(s.median == 3);  // P(at most 1) = 1/3 of what it holds
    CHECK(s.q25 == 1);
  }
  SUBCASE("counts out of a total: pairs of d100 rolls") {
    const report::Distribution d = report::Distribution::of_counts({{0, 5000}, {50, 0}, {100, 5000}}, 10000);
    CHECK(d.values == std::vector<long long>{0, 100});
    CHECK(report::quantile(d, 0.5) == 0);  // exactly half at most 0
    CHECK(report::quantile(d, 0.5000001) == 100);
  }
}

TEST_CASE("report::distribution_tables: each value with P, P(at least) and P(at most), and the summary") {
  static const report::Field kValue{"value", "Value", report::Kind::count, "yd", "a value", "", false};
  static const report::DistributionSpec spec("two-dice", "Two dice", kValue, {});
  const report::DistributionTables t = report::distribution_tables(spec, report::Distribution::of(dice::Dist::sum(2, 6)));
  REQUIRE(t.values.rows.size() == 11);
  // By count: 2d6 has 36 rolls; v is made by 6 - |v - 7| of them.
  int below = 0;
  for (int v = 2; v <= 12; ++v) {
    CAPTURE(v);
    const auto& row = t.values.rows[static_cast<size_t>(v - 2)];
    const int ways = 6 - std::abs(v - 7);
    below += ways;
    CHECK(row[0].data() == std::to_string(v));
    CHECK(std::stod(row[1].data()) == doctest::Approx(ways / 36.0).epsilon(1e-11));
    CHECK(std::stod(row[2].data()) == doctest::Approx((36 - below + ways) / 36.0).epsilon(1e-11));
    CHECK(std::stod(row[3].data()) == doctest::Approx(below / 36.0).epsilon(1e-11));
  }
  REQUIRE(t.values.notes.size() == 1);
  // sd of 2d6: sqrt(2 x 35/12) = 2.4152; quartiles: P(at most 4) = 6/36 < 1/4 <= P(at most 5) = 10/36,
  // P(at most 9) = 30/36 >= 3/4 > P(at most 8) = 26/36; 5%: P(at most 3) = 3/36; 95%: P(at most 11) = 35/36.
  CHECK(t.values.notes[0] == "mean 7, sd 2.4152, median 7, quartiles 5 and 9, 90% from 3 to 11 (yd)");
  REQUIRE(t.summary.rows.size() == 1);
  CHECK(t.summary.title == "Two dice: summary");
  std::vector<std::string> raw;
  for (const auto& c : t.summary.rows[0]) raw.push_back(c.data());
  // sqrt(35/6) = 2.415229457698..., to 12 significant digits
  CHECK(raw == std::vector<std::string>{"yd", "7", "2.4152294577", "2", "3", "5", "7", "9", "11", "12"});
}

TEST_CASE("report::summary_text leaves out what says nothing") {
  report::Summary s;
  s.mean = 0.18;
  s.sd = 0.99378;
  CHECK(report::summary_text(s) == "mean 0.18, sd 0.9938, median 0");
}
