// fraction.cpp - exact fractions over a known denominator (see fraction.hpp).
#include "gunpowder/core/fraction.hpp"

#include <cmath>
#include <numeric>

namespace gunpowder::fraction {

std::uint64_t product(std::uint64_t a, std::uint64_t b) {
  if (a == 0 || b == 0 || a > kMaxDenominator / b) return 0;
  return a * b;
}

std::uint64_t power(std::uint64_t base, int n) {
  std::uint64_t r = 1;
  for (int i = 0; i < n && r != 0; ++i) r = product(r, base);
  return r;
}

std::uint64_t reduced_denominator(std::uint64_t k, std::uint64_t s) {
  if (s == 0) return 0;
  return s / std::gcd(k, s);
}

std::optional<Fraction> exact(double p, std::uint64_t denominator) {
  // A sum of chances may pass 1 (or 0) by its last bit: within the tolerance it is 1 (or 0).
  if (p > 1 && p <= 1 + kTolerance) p = 1;
  if (p < 0 && p >= -kTolerance) p = 0;
  if (denominator == 0 || denominator > kMaxDenominator || !std::isfinite(p) || p < 0 || p > 1) return std::nullopt;
  const auto d = static_cast<double>(denominator);  // exact: D <= 2^40
  const double n = std::round(p * d);
  if (std::abs(p - n / d) > kTolerance) return std::nullopt;
  const auto num = static_cast<std::uint64_t>(n);  // 0 <= n <= D <= 2^40: representable
  const std::uint64_t g = std::gcd(num, denominator);
  return Fraction{num / g, denominator / g};
}

std::uint64_t denominator_of(double p, std::uint64_t over) {
  const auto f = exact(p, over);
  return f ? f->den : 0;
}

std::string to_string(const Fraction& f) {
  if (f.num == 0) return "0";
  if (f.num == f.den) return "1";
  return std::to_string(f.num) + "/" + std::to_string(f.den);
}

}  // namespace gunpowder::fraction
