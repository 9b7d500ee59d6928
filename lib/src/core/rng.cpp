// rng.cpp - xoshiro256** with splitmix64 seeding, and unbiased bounded integers.
#include "gunpowder/core/rng.hpp"

#include <cassert>

// gunpowder_u128 is a GCC/Clang extension; the 64x64->128 product is what Lemire's method needs.
__extension__ typedef unsigned __int128 gunpowder_u128;

namespace gunpowder {

namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng::Rng(std::uint64_t seed) {
  std::uint64_t x = seed;
  for (auto& w : s_) w = splitmix64(x);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t n) {
  assert(n >= 1);
  // Lemire (2019): the high 64 bits of a 128-bit product, rejecting the biased low range.
  gunpowder_u128 m = static_cast<gunpowder_u128>(next()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<gunpowder_u128>(next()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

int Rng::between(int lo, int hi) {
  assert(lo <= hi);
  return lo + static_cast<int>(below(static_cast<std::uint64_t>(hi - lo) + 1));
}

int Rng::roll(int n, int sides) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += roll(sides);
  return s;
}

double Rng::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

Rng Rng::stream(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t x = seed ^ (0xD1B54A32D192ED03ULL * (index + 1));
  return Rng(splitmix64(x));
}

}  // namespace gunpowder
