// Unit tests of the arquebus volley's binomial (seed 003: each man's accuracy die, kills ~
// Binomial(men, P(hit))): worked out in time that grows with the volley (issue 14), and equal to
// the convolution of one Bernoulli a man, written here as the plain reference, to 1e-13.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "built_in_tables.hpp"
#include "gunpowder/fire/chainmail.hpp"

using namespace gunpowder;

namespace {

const fire::ChainmailRules& rules() {
  auto r = fire::load_chainmail(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

/// Binomial(n, p) by adding one man at a time: n^2 steps, exact to rounding.
std::vector<double> by_convolution(int n, double p) {
  std::vector<double> b{1.0};
  for (int i = 0; i < n; ++i) {
    std::vector<double> nb(b.size() + 1, 0.0);
    for (size_t j = 0; j < b.size(); ++j) {
      nb[j] += b[j] * (1 - p);
      nb[j + 1] += b[j] * p;
    }
    b.swap(nb);
  }
  return b;
}

}  // namespace

TEST_CASE("fire::accuracy_odds, kills of a volley of any size") {
  const auto& R = rules();
  for (int men : {1, 2, 7, 60, 333, 1000}) {
    for (double range : {1.0, 5.0, 10.0, 14.0}) {
      CAPTURE(men);
      CAPTURE(range);
      fire::AccuracyInput in;
      in.men = men;
      in.range_in = range;
      auto o = fire::accuracy_odds(R, in);
      if (!o) continue;  // beyond the arquebus's range
      const auto ref = by_convolution(men, o->p_hit);
      const auto& got = o->kills.probabilities();
      REQUIRE(got.size() == ref.size());
      CHECK(o->kills.min() == 0);
      double worst = 0;
      for (size_t k = 0; k < ref.size(); ++k) worst = std::max(worst, std::abs(got[k] - ref[k]));
      CHECK(worst < 1e-13);
      CHECK(o->kills.mean() == doctest::Approx(men * o->p_hit).epsilon(1e-12));
      CHECK(o->kills.total() == doctest::Approx(1.0).epsilon(1e-12));
    }
  }
}

TEST_CASE("fire::attack_dice_odds, certain and impossible hits") {
  const auto& R = rules();
  fire::AttackDiceInput in;
  in.dice = 1000;
  in.range_in = 1;
  in.armor_rating = 100;  // no face reaches it: no hit on the target, whatever the penalty
  auto o = fire::attack_dice_odds(R, in);
  REQUIRE(o.has_value());
  CHECK(o->p_target == 0);
  CHECK(o->target_hits.p(0) == 1.0);
  CHECK(o->target_hits.max() == 1000);
  CHECK(o->target_hits.at_least(1) == 0.0);
}
