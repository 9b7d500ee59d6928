// campaign.hpp - the exact odds of a campaign (beyond the books): the same two forces fight up to
// N battles in a row, each battle's result applied as a rolled chain applies it (War Machine,
// "Combat results"; war::roll_battle), until one side routs or is destroyed. Every battle's odds
// are the exact enumeration of the 10,000 d100 pairs (resolve_battle); the states the forces can
// be in after a battle are kept in a map with their probability, equal states merged.
#pragma once

#include <array>
#include <functional>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/war/battle.hpp"
#include "gunpowder/war/rounds.hpp"

namespace gunpowder::war {

/// How a side stands after a battle: holds the field (or its position under a simple siege),
/// withdraws (the Withdraw tactic), retreats, routs, or is destroyed.
enum class Standing { field, withdraw, retreat, rout, destroyed };
inline constexpr size_t kStandings = 5;
std::string to_string(Standing s);
/// A force's standing after the battles it fought (destroyed first, then routed, then its location).
Standing standing_of(const ForceState& s);

/// How a campaign ended.
enum class CampaignEnd {
  no_combat,  ///< the tactics table says "no combat": nothing happens, the chain stops
  limit,      ///< the last battle allowed was fought and neither side routed or was destroyed
  decided,    ///< a side routed or was destroyed (see the standings)
};

/// One side after battle n: the probability of each standing (campaigns that ended before battle n
/// keep their last standing), and the expected troops fit to fight.
struct SideAfter {
  std::array<double, kStandings> p{};
  double expected_troops = 0;
};

/// The campaign after battle n.
struct CampaignStep {
  int battle = 0;
  double p_fought = 0;  ///< probability that battle n is fought
  double p_ended = 0;   ///< probability that the campaign has ended after battle n
  std::array<SideAfter, 2> side;
  size_t states = 0;  ///< distinct states that fight on after battle n (after merging)
};

/// One way the campaign ends: the standings of both sides when it stops, and why.
struct EndingKey {
  CampaignEnd end = CampaignEnd::decided;
  std::array<Standing, 2> standing{};
  bool operator<(const EndingKey& o) const {
    if (end != o.end) return end < o.end;
    return standing < o.standing;
  }
};

/// The whole distribution.
struct Campaign {
  int max_battles = 0;
  std::array<std::int64_t, 2> initial_troops{};
  std::vector<CampaignStep> steps;                            ///< one per battle that may be fought
  std::map<int, double> battles_fought;                       ///< battles -> probability
  std::array<std::map<std::int64_t, double>, 2> troops_left;  ///< per side: troops -> probability
  std::map<EndingKey, double> endings;
  std::array<double, 2> expected_killed{}, expected_wounded{};  ///< in these battles
  double expected_battles = 0;
  size_t max_states = 0;        ///< the most states alive after one battle
  size_t battles_resolved = 0;  ///< exact battle odds worked out (one per distinct pair of sides)
  bool dense = false;           ///< states kept in dense rows (few troop counts a side), else in a hash
  /// The house rule behind its figures: any of the battles it works out (OddsRuled::any).
  Ruled ruled{};
  /// The probability of the states not followed (CampaignLimits): every probability of the
  /// campaign is at most this much below the exact one (0: every state was followed).
  double mass_not_followed = 0;
  size_t states_not_followed = 0;  ///< how many states were not followed
  int first_not_followed = 0;      ///< the first battle after which states were not followed (0: none)
};

/// How far a campaign follows states of vanishing probability. Once the states followed since
/// the first battle pass `prune_after` (the walk's work so far), the lightest states alive after a
/// battle are left unfollowed, their total probability over the whole campaign at most
/// `mass_budget`: after a battle, at most what is left of the budget shared over the battles
/// still to fight, or all the live states together when their probability is within what is
/// left. The probabilities of the states not followed are not counted anywhere else: the
/// campaign's probabilities then fall short of the exact ones by at most Campaign::mass_not_followed.
/// A budget of 0 follows every state (exact, up to rounding).
struct CampaignLimits {
  double mass_budget = 1e-12;
  size_t prune_after = 1000000;
};
inline constexpr CampaignLimits kExactCampaign{0.0, 0};

/// The exact distribution of up to `max_battles` battles of `first` (the engagement of the two forces
/// in `pair`, side 0 first), each battle after the first fought as roll_battle fights its later
/// rounds (next_round), ties settled as `c.options.tie` says (reroll: the battle is fought again).
/// Probabilities are doubles: sums of products of exact counts of d100 pairs. `on_battle(n)`, when
/// given, is called as battle n has been worked out (a progress line; issue 24, item 7).
Expected<Campaign> campaign(const Rules& rules, const std::array<RatedForce, 2>& pair, const Engagement& first,
                            const BattleConfig& c, int max_battles, const std::function<void(int)>& on_battle = {},
                            const CampaignLimits& limits = {});

/// How a rolled chain (roll_battle) ended, in the campaign's terms: for tallies against the exact odds.
EndingKey ending_of(const RollOutcome& ro);

}  // namespace gunpowder::war
