// rng.hpp - a seedable pseudo-random generator with its own distributions, reproducible bit
// for bit on every machine and standard library (std:: distributions are not: their
// algorithms are implementation-defined).
//
// Generator: xoshiro256** (Blackman & Vigna), seeded by expanding one 64-bit seed with
// splitmix64. Integers in [0, n): Lemire's multiply-and-reject method (unbiased).
#pragma once

#include <array>
#include <cstdint>

namespace gunpowder {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  /// The next raw 64-bit output.
  std::uint64_t next();
  /// A uniformly distributed integer in [0, n), n >= 1.
  std::uint64_t below(std::uint64_t n);
  /// A uniformly distributed integer in [lo, hi].
  int between(int lo, int hi);
  /// One die: 1..sides.
  int roll(int sides) { return between(1, sides); }
  /// Sum of n dice with faces 1..sides.
  int roll(int n, int sides);
  /// A double in [0, 1) with 53 random bits.
  double unit();
  /// An independent generator for stream `index` (used to split work across threads so that
  /// results do not depend on the number of threads).
  [[nodiscard]] static Rng stream(std::uint64_t seed, std::uint64_t index);

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace gunpowder
