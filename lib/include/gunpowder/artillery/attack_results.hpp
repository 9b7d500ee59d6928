// attack_results.hpp - the attack-result and scatter rules of data/artillery.toml ([rules.attack]
// naturals, discharge, shrapnel and cover; [rules.scatter]) that the artillery catalogue does not
// carry, for the fire module's odds (seed 000, "Attacking with Gunpowder Artillery", p. 16-17).
//
// Model only: no I/O, no TOML. Read with the rest of data/artillery.toml by the artillery module's
// one loader (artillery_data.cpp).
#pragma once

#include <array>
#include <string>

#include "gunpowder/core/error.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::artillery {

/// The attack-result rules of [rules.attack] that the artillery catalogue does not carry.
struct AttackResultRules {
  int direct_hit_natural = 0;  ///< unmodified roll that, with the throw made, is a direct hit
  int close_hit_natural = 0;   ///< unmodified roll that is at least a close hit
  int misfire_natural = 0;     ///< unmodified roll that, the throw failed, is a misfire
  int discharge_natural = 0;   ///< second unmodified roll after a misfire: accidental discharge
  int discharge_crew_dice = 0, discharge_crew_die_sides = 0;
  double discharge_piece_shp_fraction = 0;
  int shrapnel_radius_ft = 0;
  int cover_save_bonus = 0;
  std::string source;
};

/// [rules.scatter]: where close hits and scatters land.
struct ScatterRules {
  int direction_die_sides = 0;
  int close_hit_dice = 0, close_hit_die_sides = 0;
  int scatter_dice = 0, scatter_die_sides = 0;
  std::array<int, 3> multiplier_yd{};  ///< by artillery::Bracket
  int plunging_multiplier = 0;
  std::string source;
};

struct AttackResults {
  AttackResultRules results;
  ScatterRules scatter;
};

/// [rules.attack]'s result rules and [rules.scatter] of `tables`, from the one load of
/// data/artillery.toml that also builds the catalogue (exit 70 on a broken table).
Expected<const AttackResults*> load_attack_results(const data::Tables& tables);

}  // namespace gunpowder::artillery
