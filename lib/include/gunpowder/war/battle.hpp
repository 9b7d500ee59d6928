// battle.hpp - a battle between many forces (seed 004, "Divide forces" and "Combat results"):
// rating every force, dividing them into two sides (splitting a force keeps its BR), pairing
// them one battle each, and the exact odds of each battle with its adjustments itemised.
//
// Errors name the input field they concern by a path from the battle's list of forces:
// "force[3].role" is the key `role` of the fourth input force, "force[3]" the file that holds it
// (an error about the forces as a whole). war::place_force_fields (read_battle.hpp) places them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::war {

/// One force of a battle request: the force and how it divides ("Divide forces").
struct BattleForce {
  Force force;
  std::vector<std::int64_t> split;  ///< troops of each part (empty: not divided)
};

/// A force with its rating, as it fights.
struct RatedForce {
  Force force;
  Rating rating;
  std::vector<std::int64_t> split;  ///< as asked by its BattleForce
  std::string parent;               ///< name of the force it was split from ("" if not split)
  size_t source = 0;                ///< index of its BattleForce (the i of "force[i]")
};

/// The field path of key `key` of input force `source` ("force[3].role"); an empty key gives the
/// path of the force itself ("force[3]").
std::string force_field(size_t source, std::string_view key = {});

/// Rates every force (seed 004, "Battle rating B"), many on two threads; the results keep the
/// input order. An error names the force's `name` field.
Expected<std::vector<RatedForce>> rate_forces(const Rules& rules, const std::vector<BattleForce>& forces);
/// The same with the battle-rating statements read as `reading` says (rate_force(); `reading_ruled`:
/// the house rule behind it when it is the data's default).
Expected<std::vector<RatedForce>> rate_forces(const Rules& rules, const std::vector<BattleForce>& forces,
                                              PercentReading reading, const Ruled& reading_ruled = std::nullopt);

/// Both sides' settings of one battle: the adjustments' and the resolution's.
struct BattleConfig {
  BattleSettings battle;
  BattleOptions options;
};

/// The two sides of a battle.
struct Sides {
  std::array<std::string, 2> name;
  std::array<std::vector<size_t>, 2> members;  ///< indices into the rated forces
};

/// Divides the forces that ask for it (each part keeps the BR: "Divide forces", l. 68), then
/// sorts every force into two sides by `side` (else its role, else its name) and gives each side
/// one role. Errors: repeated names, not two sides, mixed roles on a side, both sides defending.
Expected<Sides> make_sides(std::vector<RatedForce>& rated);

/// Tactics are chosen by both sides or by neither (seed 004, "Tactics"): every force has one, or
/// none has. An error per force without one.
Diagnostics check_tactics(const std::vector<RatedForce>& rated);

/// One battle between a force of side 0 and one of side 1: adjustments, modified BRs, exact odds.
struct Engagement {
  std::array<size_t, 2> force{};  ///< indices into the rated forces
  std::array<SideAdjustments, 2> adj;
  std::array<SideSpec, 2> spec;
  Odds odds;
};

/// What the resolution needs of a force with its adjustments (the simple-siege defender,
/// l. 182-183, ignores retreat and rout and takes half casualties).
SideSpec side_spec(const Rules& rules, const RatedForce& x, const SideAdjustments& adj, const BattleConfig& c);

/// The battle of rated[i] (side 0) against rated[j] (side 1).
Expected<Engagement> engage(const Rules& rules, const std::vector<RatedForce>& rated, size_t i, size_t j,
                            const BattleConfig& c);

/// Pairs the forces of the two sides: each `opponent` first, then the highest BR chooses
/// ("Divide forces", l. 68; see match_forces). Returns (side 0 position, side 1 position) pairs,
/// positions into Sides::members.
Expected<std::vector<std::pair<size_t, size_t>>> pair_forces(const Rules& rules, const std::vector<RatedForce>& rated,
                                                             const Sides& sides, const BattleConfig& c);

/// A force as the fast pairing reads it (pair_forces_fast), for a caller that keeps its forces in
/// another form than RatedForce (war-machine's streamed battles); what its pointers point to lives
/// as long as the pairing runs.
struct PairingForce {
  int br = 0;                                           ///< Rating::br
  std::optional<int> troop_class_rank;                  ///< Rating::troop_class_rank
  std::int64_t troops = 0;                              ///< Force::troops
  Role role = Role::none;                               ///< as make_sides settles it
  Fatigue fatigue = Fatigue::none;                      ///< Force::fatigue
  std::optional<double> flying_pct;                     ///< Force::composition.flying_pct
  const std::vector<std::string>* situation = nullptr;  ///< Force::situation (not null)
  const std::string* tactic = nullptr;                  ///< Force::tactic, or null for none
};

/// The forces of both sides as the fast pairing reads them: `force(k, p)`, the force at position p of
/// side k (p < sizes[k]), made when it is read (so that no copy of every force is held).
struct Pairing {
  std::array<size_t, 2> sizes{};
  std::function<PairingForce(size_t side, size_t position)> force;
};

/// pair_forces's pairing by its fast search alone, from each side's forces in order (positions)
/// and the `opponent` pairs given (as (side 0 position, side 1 position)); nullopt when the search
/// cannot be used (some pair would be an error, or the odds have an unexpected shape: pair_forces
/// then fights every pair by the book's rule).
std::optional<std::vector<std::pair<size_t, size_t>>> pair_forces_fast(
    const Rules& rules, const Pairing& sides, const std::vector<std::pair<size_t, size_t>>& fixed,
    const BattleConfig& c);

/// Every battle of the pairing, fought (many on two threads) and kept in pairing order, and the
/// forces left without an opponent.
struct Battles {
  std::vector<Engagement> engagements;
  std::vector<size_t> unmatched;  ///< indices into the rated forces
};
Expected<Battles> fight_pairs(const Rules& rules, const std::vector<RatedForce>& rated, const Sides& sides,
                              const std::vector<std::pair<size_t, size_t>>& pairs, const BattleConfig& c);

}  // namespace gunpowder::war
