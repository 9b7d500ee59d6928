// simple_siege.hpp - the simple siege of seed 004 ("Simple siege"), week by week: which side of
// the battle defends, and the assault's odds as the besieger gains BR and the defender starves
// (the weeks themselves: war::simple_siege_weeks in war_machine.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/war/battle.hpp"

namespace gunpowder::war {

/// The simple siege's assault odds in week `week` (seed 004, "Simple siege"): the battle `e` with
/// the defender (side `defender_side` of it) at `defender_troops` and `week` weeks besieged.
/// A defender with no troops left loses for certain.
struct SiegeWeekOdds {
  double p_attacker = 0, p_defender = 0, p_tie = 0;
  std::uint64_t pairs_counted = 10000;  ///< p_attacker and p_defender are exact over it (war::pairs_counted)
  Ruled ruled{};  ///< the house rule behind the odds (OddsRuled::resolved of the week's battle)
};
Expected<SiegeWeekOdds> siege_week_odds(const Rules& rules, const std::vector<RatedForce>& rated, const Engagement& e,
                                        size_t defender_side, const BattleConfig& c, int week,
                                        std::int64_t defender_troops);
/// Which side of the one battle of a simple siege defends: one force must attack and the other
/// defend. The error names the file of the first force ("force[i]").
Expected<size_t> siege_defender_side(const std::vector<RatedForce>& rated, const Engagement& e);

}  // namespace gunpowder::war
