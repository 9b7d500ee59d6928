// war_steps.hpp - the rounding steps the War Machine's sections share ("round every fraction up",
// rules-gaps s.3): exact for rationals, up for real figures, and a battle-rating statement's figure.
// Internal to the war library (lib/src/war): force_rating.cpp, war_machine.cpp, combat_results.cpp.
#pragma once

#include <cstdint>

#include "gunpowder/core/rounding.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::war::detail {

/// "Round every fraction up" (rules-gaps s.3) for a non-negative rational n/d.
inline std::int64_t ceil_div(std::int64_t n, std::int64_t d) {
  if (d < 0) {
    n = -n;
    d = -d;
  }
  return n >= 0 ? (n + d - 1) / d : -((-n) / d);
}

/// Round a real figure up ("round every fraction up", rules-gaps s.3).
inline int up(double x) { return rounding::saturated_int(rounding::fraction_up(x)); }

/// A battle-rating statement's figure as it meets its threshold (seed 004, Battle rating B, l.
/// 52-63): under the `up` reading rounded up to a whole percent or foot, as the basic force
/// rating counts "each 1%" (round every fraction up, rules-gaps s.3); under `exact`, as given.
inline double statement_figure(double v, PercentReading reading) {
  return reading == PercentReading::up ? static_cast<double>(up(v)) : v;
}

}  // namespace gunpowder::war::detail
