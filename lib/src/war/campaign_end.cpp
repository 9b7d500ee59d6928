// campaign_end.cpp - how a campaign ends (campaign.hpp): a side's standing after its battles and
// the ending of a rolled chain, as the exact walk (campaign.cpp) and the rolled chains the tests
// and the sampled reports play (roll_battle) both read them.
#include <algorithm>
#include <string>

#include "gunpowder/war/campaign.hpp"

namespace gunpowder::war {

std::string to_string(Standing s) {
  switch (s) {
    case Standing::field:
      return "field";
    case Standing::withdraw:
      return "withdraw";
    case Standing::retreat:
      return "retreat";
    case Standing::rout:
      return "rout";
    case Standing::destroyed:
      return "destroyed";
  }
  return "field";
}

Standing standing_of(const ForceState& s) {
  if (s.destroyed) return Standing::destroyed;
  // A rout, or the 151+ row's "-" with survivors (apply_result marks both as routed).
  if (s.routed) return Standing::rout;
  if (s.location == Location::retreat) return Standing::retreat;
  if (s.location == Location::withdraw) return Standing::withdraw;
  return Standing::field;  // field, or a simple-siege defender holding its position
}

EndingKey ending_of(const RollOutcome& ro) {
  EndingKey k;
  for (size_t s = 0; s < 2; ++s) k.standing[s] = standing_of(ro.state[s]);
  const bool decided =
      std::any_of(ro.state.begin(), ro.state.end(), [](const ForceState& s) { return s.routed || s.destroyed; });
  if (!ro.rounds.empty() && !ro.rounds.back().roll.combat)
    k.end = CampaignEnd::no_combat;
  else if (decided)
    k.end = CampaignEnd::decided;
  else
    k.end = CampaignEnd::limit;
  return k;
}

}  // namespace gunpowder::war
