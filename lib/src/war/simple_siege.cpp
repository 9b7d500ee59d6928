// simple_siege.cpp - the simple siege of seed 004 ("Simple siege", l. 182-185): which side
// defends, and the assault's odds in a given week of the siege.
#include "gunpowder/war/simple_siege.hpp"

#include <optional>

namespace gunpowder::war {

Expected<size_t> siege_defender_side(const std::vector<RatedForce>& rated, const Engagement& e) {
  std::optional<size_t> def;
  for (size_t k = 0; k < 2; ++k)
    if (rated[e.force[k]].force.role == Role::defender) def = k;
  if (!def || rated[e.force[1 - *def]].force.role != Role::attacker)
    return Expected<size_t>::field_failure(force_field(rated.front().source),
                                           "the simple siege needs role = \"attacker\" on one force and \"defender\" "
                                           "on the other");
  return *def;
}

Expected<SiegeWeekOdds> siege_week_odds(const Rules& rules, const std::vector<RatedForce>& rated, const Engagement& e,
                                        size_t defender_side, const BattleConfig& c, int week,
                                        std::int64_t defender_troops) {
  SiegeWeekOdds out;
  if (defender_troops < 1) {
    // Nobody left to defend: the assault wins.
    out.p_attacker = 1.0;
    return out;
  }
  std::vector<RatedForce> forces = rated;
  forces[e.force[defender_side]].force.troops = defender_troops;
  BattleConfig weekly = c;
  // Besiege: the attacker gains BR for each week besieged (l. 184).
  weekly.battle.weeks_besieged = week;
  auto x = engage(rules, forces, e.force[0], e.force[1], weekly);
  if (!x) return x.error();
  const size_t attacker = 1 - defender_side;
  out.p_attacker = x->odds.p_win_resolved[attacker];
  out.p_defender = x->odds.p_win_resolved[defender_side];
  out.p_tie = x->odds.p_tie;
  out.pairs_counted = pairs_counted(x->odds);
  out.ruled = x->odds.ruled.resolved;
  return out;
}

}  // namespace gunpowder::war
