// broadside_structures.hpp - what data/broadside.toml says about structures beyond the figures
// that BroadsideRules holds (gate_door_band, gate_door, cannon_loss): the sources printed with
// them, and whether breaching a gate or door deducts strength points. Read by the fire module
// (the owner of broadside.toml) for the siege module's structures (seed 001).
#pragma once

#include <string>

#include "gunpowder/core/error.hpp"

namespace gunpowder::fire {

struct BroadsideStructureNotes {
  std::string gate_door_source;     ///< [gate_door] source
  bool gate_door_deducts = false;   ///< [gate_door] deducts_strength_points
  std::string cannon_loss_source;   ///< [cannon_loss] source
};

/// Read once from data/broadside.toml (errors are internal, exit 70).
Expected<const BroadsideStructureNotes*> load_broadside_structure_notes();

}  // namespace gunpowder::fire
