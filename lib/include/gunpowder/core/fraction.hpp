// fraction.hpp - exact fractions of probabilities computed in doubles over a known denominator
// (--fractions).
//
// The rules compute in doubles; where a probability comes from dice enumerated (2d6, a d20 then a
// d20 again, five poker dice), it is an exact multiple of 1/D, D the product of the die sizes. The
// fraction is recovered from the double as n = round(p x D), and taken only when
//   - |p - n/D| <= kTolerance (1e-13): the double is that close to the fraction (the rules' doubles
//     are within about 1e-15 of the exact values: sums of products of at most a few thousand
//     terms), so a denominator declared wrongly (a conditional chance, a real weight) is caught
//     rather than rounded to a fraction it is not; and
//   - D <= kMaxDenominator (2^40, about 1.1 x 10^12): then kTolerance x D < 0.11, so at most one
//     numerator is that close, and n fits a double exactly.
// Otherwise there is no fraction (std::nullopt) and the decimal stands. 64-bit integers suffice:
// n <= D <= 2^40, and the reduction is one gcd.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gunpowder::fraction {

/// The largest denominator a fraction is recovered over (2^40, about 1.1 x 10^12).
inline constexpr std::uint64_t kMaxDenominator = std::uint64_t{1} << 40;
/// How far p may be from n/D for the fraction to be taken.
inline constexpr double kTolerance = 1e-13;

/// A fraction n/d in lowest terms (gcd(n, d) = 1, d >= 1; 0 is 0/1).
struct Fraction {
  std::uint64_t num = 0;
  std::uint64_t den = 1;
};

/// a x b, or 0 when either is 0 (unknown) or the product passes kMaxDenominator.
std::uint64_t product(std::uint64_t a, std::uint64_t b);
/// base^n (1 for n = 0), or 0 as product() says.
std::uint64_t power(std::uint64_t base, int n);
/// The reduced denominator of k/s (s / gcd(k, s)); 0 when s is 0.
std::uint64_t reduced_denominator(std::uint64_t k, std::uint64_t s);

/// The reduced denominator of p over `over` (3 for 2/6 over a d6's 6), or 0 when p is no exact
/// multiple of 1/over (exact() has no fraction).
std::uint64_t denominator_of(double p, std::uint64_t over);

/// p as a reduced fraction over `denominator` (see above), or nullopt: no denominator (0), one past
/// kMaxDenominator, p outside 0 to 1 (by more than kTolerance) or not finite, or p not within
/// kTolerance of n/D.
std::optional<Fraction> exact(double p, std::uint64_t denominator);

/// "0", "1" or "n/d".
std::string to_string(const Fraction& f);

}  // namespace gunpowder::fraction
