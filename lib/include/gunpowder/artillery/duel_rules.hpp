// duel_rules.hpp - the artillery duel and spiking rules of seed 000 (Gunpowder Artillery Duels,
// pp. 18-19; Spiking the Guns, p. 18): data/artillery.toml [rules.duel] and [rules.spiking],
// read with the rest of the file by the artillery module's one loader (artillery_data.cpp) for the
// siege module's duel.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/core/error.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::artillery {

struct DuelRules {
  std::string source;
  std::array<int, 3> target{};  ///< attack-throw target by Bracket (6+, 14+, 20+)
  int besieged_save = 0;        ///< save of a defending piece (11+)
  int suppressed_turns = 0;     ///< own actions a hit piece loses
  int move_yd = 0;              ///< one advance or fall-back step
  std::vector<Carriage> mobile_carriages;
  // Spiking the Guns (p. 18): [rules.spiking]
  std::string spiking_source;
  double spike_removal_gp = 0;  ///< removing a spike: a construction project of this value
};

/// [rules.duel] and [rules.spiking] of data/artillery.toml in `tables`, from the one load of the
/// file that also builds the catalogue (errors are internal, exit 70).
Expected<const DuelRules*> load_duel_rules(const data::Tables& tables);

}  // namespace gunpowder::artillery
