// siege_machine_steps.hpp - what the Siege Machine's sections share (seed 004, with rules-gaps §3):
// the crew bands, rounding up, the week of days, the stone building's id, and the week's damage
// roll d of the attacker's devices. Internal to the siege library (lib/src/siege): the bonuses
// (siege_machine_bonuses.cpp), the stronghold's structure (siege_machine_structure.cpp) and the
// weekly turns (siege_machine.cpp).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "gunpowder/core/rng.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "siege_machine_dice.hpp"

namespace gunpowder::siege::detail {

// A weapon with at least half its crew counts in full, with a quarter a quarter, below that not
// at all (rules-gaps §3).
inline double crew_factor(const SiegeMachineRules& r, double crew) {
  for (const auto& b : r.crew_bands)
    if (crew >= b.min - 1e-12 && (!b.max_exclusive || crew < *b.max_exclusive - 1e-12)) return b.counts.value();
  return 0;
}

inline int round_up(double x) { return rounding::saturated_int(rounding::fraction_up(x)); }

inline constexpr double kDaysPerWeek = 7;  // a Siege Machine turn is a week (turn_length "week")

inline bool lists(const std::vector<std::string>& v, const std::string& id) {
  return std::find(v.begin(), v.end(), id) != v.end();
}

/// d of the week, to be thrown: the damage rolls of the attacker's devices used for the option
/// (artillery and ballistas whenever they fire, other devices when the option counts them), each
/// scaled by its crew, plus the gunpowder park's weekly damage when the artillery fires.
DamageThrow devices_damage(const SiegeMachineRules& r, const SmSetup& s, const std::vector<SmItem>& equipment,
                           const std::string& option, bool artillery_fires);

}  // namespace gunpowder::siege::detail
