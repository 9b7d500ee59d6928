// format.hpp - locale-independent number formatting for the renderers.
#pragma once

#include <string>

namespace gunpowder::fmtnum {

/// Fixed notation with `decimals` digits after the point ("%.*f" semantics, C locale);
/// -0 prints as 0; NaN and infinities print as "n/a" (they never should reach output).
std::string fixed(double x, int decimals);
/// The shortest decimal form of x with at most `max_decimals` decimals: 2.5 -> "2.5",
/// 3.0 -> "3", 0.333333 -> "0.3333" (max 4).
std::string trim(double x, int max_decimals = 4);
/// x rounded to `significant` significant digits (1 to 17), then written in the shortest form
/// that reads back to the rounded value, as JSON numbers are written: 0.30000000000000004 ->
/// "0.3", 8.0/15 -> "0.533333333333" (12 digits), 3.0 -> "3", 1e-20 -> "1e-20"; -0 prints "0".
/// A whole number (after the rounding) below 2^53 in size prints as a plain integer, never in
/// exponent notation: 1e6 -> "1000000"; larger ones keep the shortest form (1e16 -> "1e+16").
/// NaN and infinities print as "n/a".
std::string shortest(double x, int significant = 12);
/// An integer with thousands separators as the books print them: 24000 -> "24,000".
std::string grouped(long long n);
/// A probability as a percentage with `decimals` decimals: 0.05 -> "5.00%".
std::string percent(double p, int decimals = 2);

}  // namespace gunpowder::fmtnum
