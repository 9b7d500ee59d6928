// dice.hpp - exact probability helpers: distributions of dice sums, d20 throws, and
// enumeration over pools of dice.
//
// Distributions hold probabilities as doubles computed by exact enumeration and convolution
// (no sampling); with at most a few hundred outcomes the rounding error is ~1e-15.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace gunpowder::dice {

/// A discrete distribution over the integers min() .. max().
class Dist {
 public:
  Dist() : min_(0), p_{1.0}, denominator_(1) {}  ///< the constant 0
  /// Probabilities computed elsewhere: not known to be exact (denominator() 0) unless declared so
  /// with exact_over.
  Dist(int min, std::vector<double> p) : min_(min), p_(std::move(p)) {}

  static Dist constant(int value) { return Dist(value, {1.0}).exact_over(1); }
  /// One die with faces 1..sides, each equally likely.
  static Dist die(int sides);
  /// The sum of n dice with faces 1..sides (n = 0 gives the constant 0).
  static Dist sum(int n, int sides);

  [[nodiscard]] int min() const { return min_; }
  [[nodiscard]] int max() const { return min_ + static_cast<int>(p_.size()) - 1; }
  /// P(X = x); 0 outside the support.
  [[nodiscard]] double p(int x) const;
  [[nodiscard]] double at_least(int x) const;
  [[nodiscard]] double at_most(int x) const;
  [[nodiscard]] double mean() const;
  [[nodiscard]] double total() const;  ///< sum of all probabilities (1 for a proper distribution)
  [[nodiscard]] const std::vector<double>& probabilities() const { return p_; }
  /// A denominator D that every probability is an exact multiple of (the product of the die sizes
  /// enumerated: 36 for 2d6), so that P = round(P x D) / D; 0 when none is known (a mixture by real
  /// weights, a normalised or sampled distribution, or a D past fraction::kMaxDenominator). Kept by
  /// die, sum, plus (the product), shift and times; --fractions prints P as a fraction over it.
  [[nodiscard]] std::uint64_t denominator() const { return denominator_; }
  /// Declares D (see denominator()) for probabilities the caller knows to be multiples of 1/D (a
  /// binomial of n trials at k/s each: s^n); 0 declares none.
  Dist& exact_over(std::uint64_t d) {
    denominator_ = d;
    return *this;
  }

  /// Distribution of X + Y for independent X, Y.
  [[nodiscard]] Dist plus(const Dist& other) const;
  /// Distribution of X + c.
  [[nodiscard]] Dist shift(int c) const;
  /// Distribution of k × X (outcomes multiplied; k >= 1).
  [[nodiscard]] Dist times(int k) const;
  /// The mixture wa·A + wb·B: A with weight `wa`, B with weight `wb` (a save halves or avoids).
  /// With `weights_over` (the weights are multiples of 1/weights_over: a d20 save, 20) its
  /// denominator is weights_over x A's x B's; else none.
  static Dist mixture(const Dist& a, double wa, const Dist& b, double wb, std::uint64_t weights_over = 0);
  /// The sum of N independent copies of `each`, N drawn from `count` (count.min() >= 0): the damage
  /// of a random number of hits.
  static Dist compound(const Dist& count, const Dist& each);

 private:
  int min_;
  std::vector<double> p_;
  std::uint64_t denominator_ = 0;
};

/// Parses dice notation "NdS", "NdS+K", "NdS-K", "dS" or a constant "K".
struct Notation {
  int count = 0;
  int sides = 0;
  int bonus = 0;
};
bool parse_notation(const std::string& text, Notation& out);
Dist from_notation(const Notation& n);

/// P(d20 >= target), where the roll is the natural die plus `modifier`, with the natural 1
/// and 20 handled by the caller where the rules say so. Clamped to [0, 1].
double d20_at_least(int target, int modifier = 0);

/// Visits every multiset of `n` dice with `sides` faces once, with its probability
/// (multinomial weight / sides^n). counts[f] is how many dice show face f+1.
void for_each_pool(int n, int sides, const std::function<void(const std::vector<int>& counts, double p)>& visit);

/// n! / (k1! k2! ... ) for the given counts (exact for pools up to 20 dice).
std::uint64_t multinomial(const std::vector<int>& counts);

}  // namespace gunpowder::dice
