// Unit tests of exact fractions (gunpowder/core/fraction.hpp) and of the denominators dice::Dist
// carries: each fraction against one worked out here (a count of faces over the die sizes, reduced
// by hand), never against the code under test.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fraction.hpp"

using namespace gunpowder;

namespace {
std::string shown(double p, std::uint64_t over) {
  const auto f = fraction::exact(p, over);
  return f ? fraction::to_string(*f) : "none";
}
}  // namespace

TEST_CASE("fraction::exact") {
  SUBCASE("a count of faces over the dice, in lowest terms") {
    CHECK(shown(6.0 / 36, 36) == "1/6");
    CHECK(shown(1.0 / 400, 400) == "1/400");
    CHECK(shown(240.0 / 7776, 7776) == "5/162");
    CHECK(shown(0, 36) == "0");
    CHECK(shown(1, 36) == "1");
    CHECK(shown(20.0 / 400, 400) == "1/20");
  }
  SUBCASE("a sum of doubles a little off the fraction still finds it") {
    double p = 0;
    for (int i = 0; i < 7; ++i) p += 1.0 / 36;  // 7/36 by seven additions
    CHECK(shown(p, 36) == "7/36");
  }
  SUBCASE("no fraction: no denominator, a wrong one, one past 2^40, or no probability") {
    CHECK(shown(1.0 / 6, 0) == "none");
    CHECK(shown(0.1, 36) == "none");  // 3.6/36
    CHECK(shown(1.0 / 3, 36 * 1000 + 1) == "none");
    CHECK(shown(0.5, (std::uint64_t{1} << 40) + 2) == "none");
    CHECK(shown(1.5, 36) == "none");
    CHECK(shown(-1e-3, 36) == "none");
    CHECK(shown(1 + 1e-15, 36) == "1");  // a sum of chances one bit past 1
    CHECK(shown(-1e-17, 36) == "0");
  }
  SUBCASE("the largest denominator taken") {
    // 6^15 = 470,184,984,576 <= 2^40: one throw in 6^15, and 5^15 of them.
    CHECK(fraction::power(6, 15) == 470184984576ULL);
    CHECK(shown(1.0 / 470184984576.0, fraction::power(6, 15)) == "1/470184984576");
    CHECK(shown(30517578125.0 / 470184984576.0, fraction::power(6, 15)) == "30517578125/470184984576");
    CHECK(fraction::power(6, 16) == 0);
    CHECK(fraction::product(1ULL << 20, 1ULL << 21) == 0);
    CHECK(fraction::product(1ULL << 20, 1ULL << 20) == 1ULL << 40);
  }
  SUBCASE("reduced denominators") {
    CHECK(fraction::reduced_denominator(2, 6) == 3);
    CHECK(fraction::denominator_of(2.0 / 6, 6) == 3);
    CHECK(fraction::denominator_of(0.3, 6) == 0);
  }
}

TEST_CASE("dice::Dist::denominator") {
  CHECK(dice::Dist::die(6).denominator() == 6);
  CHECK(dice::Dist::sum(4, 10).denominator() == 10000);
  CHECK(dice::Dist::sum(2, 6).times(25).shift(3).denominator() == 36);
  CHECK(dice::Dist::constant(4).denominator() == 1);
  CHECK(dice::Dist::sum(20, 10).denominator() == 0);  // 10^20: past 2^40
  CHECK(dice::Dist(0, {0.5, 0.5}).denominator() == 0);
  // A d20 save (11+: 1/2) halving 1d6 or not: every chance a multiple of 1/(20 x 6 x 6).
  const dice::Dist d6 = dice::Dist::die(6);
  const dice::Dist m = dice::Dist::mixture(d6, 0.5, d6, 0.5, 20);
  CHECK(m.denominator() == 720);
  CHECK(shown(m.p(3), m.denominator()) == "1/6");
  CHECK(dice::Dist::mixture(d6, 0.5, d6, 0.5).denominator() == 0);
  // 2d6 = 7 in 6 of 36 throws, over the product the sum carries.
  const dice::Dist two = dice::Dist::sum(2, 6);
  CHECK(shown(two.p(7), two.denominator()) == "1/6");
  CHECK(shown(two.at_least(10), two.denominator()) == "1/6");
  CHECK(shown(two.at_most(3), two.denominator()) == "1/12");
}
