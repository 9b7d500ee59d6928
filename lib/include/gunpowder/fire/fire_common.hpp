// fire_common.hpp - small figures shared by the fire rules: the d20 of attack throws and saves,
// and the rounding of probabilities for JSON output.
#pragma once

#include <cmath>

namespace gunpowder::fire {

/// Attack throws, saving throws and structural saves are d20 throws (ACKS; every example of
/// seed 000 reads them on a d20).
inline constexpr int kD20 = 20;

/// A probability for JSON output: rounded to 12 decimals so that sums such as 0.1 + 0.2 print
/// as 0.3 on every machine (the exact value differs from it by less than 1e-12).
inline double clean(double p) {
  const double r = std::round(p * 1e12) / 1e12;
  return r == 0 ? 0.0 : r;
}

}  // namespace gunpowder::fire
