// battery.hpp - a battery of the cannon of Baggins Wood Cannons (seed 001) firing at a structure
// whose strength points seed 001's "Structural Strength Points" gave: the battery's broadside, its
// structural damage subtracted from the structure's points ("the remaining ship points (or strength
// points in the case of buildings)"), and the broadsides until the structure has lost half, three
// quarters and all of them, exactly (the broadside module's turns to a result).
//
// Rules only: the broadside's figures come from data/broadside.toml (fire::load_broadside).
#pragma once

#include <optional>
#include <string>

#include "gunpowder/core/error.hpp"
#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/siege/structures.hpp"

namespace gunpowder::siege {

/// The battery: its cannon, of one type, and the range band it fires from.
struct BatterySpec {
  int cannon = 1;
  std::string weight;  ///< the cannon type: a [cannon_type] key (light, medium, heavy)
  std::string band;    ///< the range band, as the suite spells it: long, short or point-blank
};

/// The battery's broadside (docs/rules-notes.md, "A battery against a structure"): ashore, so the
/// firing platform is still (+1 die); round shot, fired straight at the structure (not aiming
/// high, no raking: those are a ship's); the re-rolls played for the most structural damage. An
/// error names its field (cannon, weight, range_band).
Expected<fire::Broadside> battery_broadside(const fire::BroadsideRules& r, const BatterySpec& b);

/// The points the battery must take from a structure: its strength points, or for a wall its first
/// 6-inch section's ("major structures ... divided into c.6" target sections": one section is one
/// target, and its fall a breach).
int battery_target_points(const StructurePoints& p);

/// The broadsides until the structure has lost half, three quarters and all of its target points
/// (fire::TargetLoss), the battery's broadside `b` fired again and again.
Expected<fire::TargetLoss> battery_turns(const fire::BroadsideRules& r, const fire::Broadside& b,
                                         const StructurePoints& p);

/// The turns between the battery's broadsides, fully manned: the fewest of the crew table's rows
/// for its cannon type (light and medium every turn with two figures, heavy every other turn with
/// three or more); none when the table has no row for the type.
std::optional<int> battery_fires_every_turns(const fire::BroadsideRules& r, const std::string& weight);

}  // namespace gunpowder::siege
