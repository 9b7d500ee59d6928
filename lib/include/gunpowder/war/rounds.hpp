// rounds.hpp - rolled battles (seed 004, "Combat results"): one battle rolled with two d100 and
// applied to the forces, chained over rounds while neither side routs or is destroyed; the
// adjustments that last one battle (a flag of the data) dropped after the first; and a tally of
// many independent rolled battles to set against the exact odds.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/core/rng.hpp"
#include "gunpowder/war/battle.hpp"

namespace gunpowder::war {

/// Whether an adjustment lasts one battle only (`one_battle_only` of the line or of its group in
/// data/war_machine.toml: surprise, leader loss, PC heroics, attacking on the march).
bool lasts_one_battle(const Rules& rules, const std::string& id);
/// The ids of a situation that still hold after a battle (those that do not last one battle only).
std::vector<std::string> lasting_situation(const Rules& rules, const std::vector<std::string>& ids);

/// The sides of a later round (battle) of the chain: copies `x` of the two forces take the troops
/// and fatigue of `state`, drop the lines that last one battle, and have their adjustments
/// computed again (the troop ratio from the troops left). Used by roll_battle and the campaign.
Expected<std::array<SideSpec, 2>> next_round(const Rules& rules, std::array<RatedForce, 2>& x,
                                             const std::array<ForceState, 2>& state, const BattleConfig& c);

/// One round of a rolled battle.
struct RoundRecord {
  int round = 0;
  RolledBattle roll;
  int rerolls = 0;  ///< ties rolled again under the "reroll" policy
  std::array<std::int64_t, 2> troops_after{};
  std::array<int, 2> modified_br{};
};

/// A rolled battle, chained over rounds.
struct RollOutcome {
  std::vector<RoundRecord> rounds;
  std::array<ForceState, 2> state;
  std::string stop;  ///< why the chain ended
};

/// Rolls the battle `first` between copies of its two forces, for up to `rounds` rounds: each
/// round after the first recomputes the adjustments from the forces' troops and fatigue, without
/// the lines that last one battle. Ends early on no combat, a rout or a force destroyed.
Expected<RollOutcome> roll_battle(const Rules& rules, std::array<RatedForce, 2> pair, const Engagement& first,
                                  const BattleConfig& c, Rng& rng, int rounds);

/// Independent rolled battles of one engagement (first round only, ties not rolled again).
struct Tally {
  std::array<std::int64_t, 2> wins{};
  std::int64_t ties = 0;
};
/// Fights `repeat` battles of `e`, battle n on Rng::stream(seed, stream_base + n); `progress`
/// (may be empty) is told every 4,096 battles.
Tally tally_battles(const Rules& rules, const Engagement& e, const BattleOptions& opt, int repeat, std::uint64_t seed,
                    std::uint64_t stream_base, const std::function<void(std::uint64_t)>& progress);

}  // namespace gunpowder::war
