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
/// An integer with thousands separators as the books print them: 24000 -> "24,000".
std::string grouped(long long n);
/// A probability as a percentage with `decimals` decimals: 0.05 -> "5.00%".
std::string percent(double p, int decimals = 2);

}  // namespace gunpowder::fmtnum
