// siege_machine_steps.hpp - what the Siege Machine's sections share (seed 004, with rules-gaps §3):
// the crew bands, rounding up, the week of days, the stone building's id, and the week's damage
// roll d of the attacker's devices. Internal to the siege library (lib/src/siege): the bonuses
// (siege_machine_bonuses.cpp), the stronghold's structure (siege_machine_structure.cpp) and the
// weekly turns (siege_machine.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
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

/// Hit dice of casualties / average hit dice of the lowest troops = troops lost, rounded up
/// (before they are clamped at the troops left).
inline std::int64_t troops_lost(double hd, double hit_dice) {
  if (hd <= 0) return 0;
  return rounding::saturated_int64(rounding::fraction_up(hd / hit_dice));
}

/// How a week of attack ends once its casualties are taken (attacker's and defender's troops
/// left; `captured`: an assault drove the defenders out; `bombard`: the week bombarded): a
/// garrison driven out or with no troops left falls (by assault, or by bombardment when it was
/// bombarded and not driven out), an attacker with none left departs; else the siege goes on.
inline std::optional<SmEnd> week_end(std::int64_t attacker, std::int64_t defender, bool captured, bool bombard) {
  if (defender <= 0 || captured) return captured || !bombard ? SmEnd::captured_by_assault : SmEnd::captured_by_bombardment;
  if (attacker <= 0) return SmEnd::departed;
  return std::nullopt;
}

/// The hit dice of casualties (attacker, defender) the artillery's casualty dice give in a week of
/// `plan` (`option` its name): `def_roll` (1d10) x A/10 of defenders, `att_roll` (2d10) x A'/10 of
/// attackers; in a harassment or an assault their sum is split between the sides (4/1 harassing,
/// 3/2 assaulting).
std::array<double, 2> artillery_hd(const SiegeMachineRules& r, SmPlan plan, const std::string& option, int A, int Ad,
                                   int def_roll, int att_roll);

/// The outcomes of a week's casualty dice for the exact chain (SmDice::defers_casualties): the
/// troops each side loses (before the clamp at the troops left), each with the sum of its rolls'
/// probabilities; a side's roll that nothing reads (its enemy's artillery silent: A or A' 0) is
/// one outcome.
std::vector<SmCasualty> casualty_outcomes(const SiegeMachineRules& r, const SmSetup& s, SmPlan plan,
                                          const std::string& option, int A, int Ad);

/// A side's food: full rations, then short rations (malnutrition), then none (Other notes, Food).
struct Rations {
  std::optional<double> full;  ///< weeks of full rations for the whole side
  double short_left = 0;       ///< weeks of short rations for the whole side
  int malnourished = 0;     ///< weeks of malnutrition so far
  bool short_now = false;   ///< on short rations this week
  double eaten = 0;         ///< share of the side's rations eaten this week (short rations: half)
  /// Deducts the week's food, `need` being the share of the side's rations not made by Create
  /// food: full rations, then short rations, each stretched over that share alone (a store of a
  /// week for the whole side lasts 1/need weeks); false when neither holds the week's share (the
  /// share is unfed).
  bool eat(double need) {
    short_now = false;
    eaten = need;
    if (need <= 1e-12) return true;  // Create food feeds everyone: no stores eaten
    if (!full) return true;
    if (*full >= need - 1e-9) {
      *full = std::max(0.0, *full - need);
      return true;
    }
    *full = 0;  // what is left goes with the short rations
    eaten = 0;
    if (short_left < need - 1e-9) {
      short_left = 0;  // what is left is eaten before the unfed desert
      return false;
    }
    short_left = std::max(0.0, short_left - need);
    ++malnourished;
    short_now = true;
    // Short rations are read as half rations (decision: the book does not say how short).
    eaten = need / 2;
    return true;
  }
  /// Moderate fatigue after one week of malnutrition, serious after two.
  [[nodiscard]] war::Fatigue fatigue(const SiegeMachineRules& r) const {
    if (malnourished >= r.malnutrition_serious) return war::Fatigue::serious;
    if (malnourished >= r.malnutrition_moderate) return war::Fatigue::moderate;
    return war::Fatigue::none;
  }
  /// BR -50% (rounded up) after three weeks of malnutrition.
  [[nodiscard]] int br(const SiegeMachineRules& r, int br) const {
    return malnourished >= r.malnutrition_br_loss ? br - round_up(br * r.br_loss_pct / 100.0) : br;
  }
};

/// One War Machine battle through the war module; ties under the reroll policy are rolled again
/// (siege_machine_battle.cpp).
Expected<std::optional<war::RolledBattle>> fight(const war::Rules& wr, const war::SideSpec& a, const war::SideSpec& d,
                                                 const war::BattleOptions& bo, SmDice& dice);
war::SideSpec side_spec(const char* name, int br, const std::optional<std::string>& tactic, std::int64_t troops,
                        war::Fraction scale, war::Role role);
/// The troop ratio adjustment of War Machine: the larger side only, in the rules' default reading.
int ratio_bonus(const war::Rules& wr, std::int64_t mine, std::int64_t theirs);
bool driven_off(war::Location l);
/// Records a rolled battle in the week (its text only when `text`: a logged week); both sides'
/// results when the battle was decided.
const std::array<war::SideResult, 2>* record_battle(const std::optional<war::RolledBattle>& rb, int abr, int dbr,
                                                    std::int64_t att, std::int64_t def, SmWeek& w, war::Fatigue& att_fat,
                                                    war::Fatigue& def_fat, bool text);

}  // namespace gunpowder::siege::detail
