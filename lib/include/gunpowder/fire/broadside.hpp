// broadside.hpp - poker-dice broadsides (seed 001, "Firing" to "Fire"): the dice a battery
// throws, the "+n" re-rolls played to the best choice, the exact probability of every hand, and
// the distributions of structural damage and casualties that follow, with raking, ammunition,
// aiming high, gates and doors, fancy shooting, fire and casualty saving throws.
//
// Model and rules only: the figures come from data/broadside.toml through load_broadside(tables).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/error.hpp"
#include "gunpowder/core/turns.hpp"
#include "gunpowder/fire/requests.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::fire {

inline constexpr int kFaces = 6;    ///< "We use ordinary d6s" (seed 001, Firing)
inline constexpr int kMaxPool = 5;  ///< poker-dice hands are read from at most five dice
/// The most strength points, knockdowns or wounds one hand may deal: the book's largest is 48; a
/// house rule that leads beyond is refused (exit 65) before the distributions, which hold a
/// probability for every point, are built.
inline constexpr int kMaxHandFigure = 100000;

/// The poker-dice hands that score (Baggins Wood Cannons, Firing): a closed kind, since each is
/// its own test of the dice. Spelled once, in hand_shape_names() (the `key` of its [hand] row); a
/// row of another key, from house rules, is refused with the list.
enum class HandShape { pair, two_pair, three_of_a_kind, full_house, straight, four_of_a_kind, poker };
const std::vector<std::string>& hand_shape_names();

/// When a dice modifier applies (Firing: "target in formation", "firing platform still", "ship
/// turned"): a closed kind, each a choice of the request. Spelled once, in
/// dice_condition_names() (the `key` of its [dice_modifier] row).
enum class DiceCondition { target_in_formation, firing_platform_still, ship_turned };
const std::vector<std::string>& dice_condition_names();

/// When a save modifier applies (Saving Throws: long range, a large ship fired on from a small
/// one, good or strong cover): a closed kind, spelled once in save_condition_names() (the `key` of
/// its [save_modifier] row).
enum class SaveCondition { long_range, large_ship_from_small, good_cover, strong_cover };
const std::vector<std::string>& save_condition_names();

/// The range bands of the Cannon Fire Results: a closed kind, since the rules know each (long
/// range helps the save and rules out short-range ammunition; point blank reaches gates and doors).
/// Spelled once, in broadside_band_names() (the `key` of its [range_band] row), in the order the
/// reports list them; a row of another key is refused with the list.
enum class BroadsideBand { long_range, short_range, point_blank };
const std::vector<std::string>& broadside_band_names();
const std::string& band_key(BroadsideBand b);

/// What a cannon breaches alone ([gate_door] rows): a closed kind, spelled in breach_names().
enum class Breach { door, gate };
const std::vector<std::string>& breach_names();

struct Hand {
  HandShape shape = HandShape::pair;
  std::string key, name;
  int rank = 0;
};
struct FireResult {  ///< one row of "Cannon Fire Results"
  int structural_long = 0, structural_short = 0;
  int k_long = 0, w_long = 0, k_short = 0, w_short = 0;
  std::string text_long, text_short;
};
struct CannonType {
  std::string key, name;
  int point_blank_max_in = 0, short_max_in = 0, long_max_in = 0;
  int min_crew = 0;
};
struct PoolRow {
  int cannon_count = 0;
  std::string cannon_type;
  int dice = 0, rerolls = 0;
};
struct DiceModifier {
  DiceCondition when = DiceCondition::target_in_formation;
  std::string key, condition;
  int delta = 0;
};
struct RangeBandRule {
  std::string key;
  bool uses_long = false, uses_short = false;
  std::optional<std::string> raking_becomes;
};
struct Ammunition {
  std::string key, name;
  bool short_range_only = false;
  double structural_multiplier = 1;
  int casualty_multiplier = 1;
  bool starts_fires = false;
  int aiming_high_extra_dice = 0;
};
struct SaveModifier {
  SaveCondition when = SaveCondition::long_range;
  std::string key, condition, group;
  int modifier = 0;
};
struct CrewRate {
  std::string cannon_type;
  int crew_min = 0;
  std::optional<int> crew_max;
  int fires_every_turns = 0;
};

struct BroadsideRules {
  std::vector<Hand> hands;          ///< weakest first
  std::vector<FireResult> results;  ///< parallel to hands
  std::vector<CannonType> cannon_types;
  std::vector<PoolRow> pools;
  int max_group_size = 0, max_dice = 0;
  std::vector<DiceModifier> dice_modifiers;
  std::vector<RangeBandRule> bands;
  std::string formed_up_band;
  int formed_up_multiplier = 0;
  int wounds_per_knockdown = 0;
  int save_die_sides = 0, save_natural_success = 0, save_natural_failure = 0;
  std::vector<std::pair<std::string, int>> save_classes;  ///< key, min roll
  std::vector<SaveModifier> save_modifiers;
  std::vector<Ammunition> ammunition;
  int aim_damage_per_die = 0;
  std::string aim_dismasted_hand;
  double aim_structural_multiplier = 0;
  bool aim_knockdowns_become_wounds = false, aim_wounds_ignored = false;
  std::string gate_door_band;
  std::vector<std::pair<std::string, std::string>> gate_door;  ///< door/gate, weakest hand
  std::string door_hand, gate_hand;  ///< the weakest hand that breaches a door, a gate (gate_door's)
  std::string gate_door_source;      ///< [gate_door] source (printed by the siege module's structures)
  std::string fancy_min_hand, fancy_min_hand_strong_cover;
  int fancy_crew_save_wounds = 0;
  int fire_trigger_dice = 0, fire_damage_die_sides = 0, fire_damage_divisor = 0;
  std::vector<std::pair<double, double>> cannon_loss;  ///< damage fraction, cannon lost fraction
  std::string cannon_loss_source;                      ///< [cannon_loss] source
  std::vector<CrewRate> crew_rates;
  std::string source_firing, source_results, source_saves, source_ammunition, source_fire;
  std::string source_ranges, source_bands;  ///< [cannon_type] (the range table), [range_band] (raking)

  /// A hand by its data key or any spelling of it ("two_pair", "two-pair", "Two Pair").
  [[nodiscard]] std::optional<size_t> hand_index(const std::string& key) const;
  [[nodiscard]] const CannonType* cannon_type(const std::string& key) const;
  /// Ammunition by its key, or by the key without "_shot" ("round" is round_shot).
  [[nodiscard]] const Ammunition* ammo(const std::string& key) const;
  [[nodiscard]] const RangeBandRule* band(const std::string& key) const;
};

/// The rules of data/broadside.toml in `tables`, loaded on the first call for that Tables (exit 70 on
/// a broken table, 65 when house rules broke it).
Expected<const BroadsideRules*> load_broadside(const data::Tables& tables);

// ---------------------------------------------------------------------------------------------
// Hands and re-rolls

/// A multiset of dice: counts[f] dice show face f + 1.
using Counts = std::array<int, kFaces>;

/// The best hand shown by up to five dice, as an index into rules.hands (by rank), or -1 for no
/// scoring hand. Straights are 1-5 or 2-6 and need five dice.
int best_hand(const BroadsideRules& r, const Counts& c);

/// What "best" re-roll play maximises.
enum class Objective {
  structural,  ///< expected structural damage (the same choice at every range: short = 2 x long)
  casualties,  ///< expected casualties in wound equivalents (a knockdown = 2 wounds) at the band
  rank,        ///< expected rank of the hand
  at_least,    ///< probability of at least a given hand
};
/// How the "+n" is read: one re-throw of up to n dice (default), or n successive re-throws of any
/// number of dice, each chosen after seeing the last.
enum class RerollMode { once, rounds };

struct PlayRule {
  Objective objective = Objective::structural;
  std::optional<size_t> at_least_hand;  ///< for Objective::at_least
  RerollMode mode = RerollMode::once;
};

/// The exact distribution of the final hand: p[i] for rules.hands[i], p_none for no hand.
struct HandOdds {
  std::vector<double> p;
  double p_none = 0;
  double objective_value = 0;  ///< the expectation the play maximised
  /// Every chance is a multiple of 1/denominator: 6 to the dice thrown at most (the first throw and
  /// each re-throw's); 0 past fraction::kMaxDenominator (--fractions)
  std::uint64_t denominator = 0;
};

/// Value of each hand under an objective (index 0: no hand); `casualty_value` gives each hand's
/// value for Objective::casualties.
std::vector<double> hand_values(const BroadsideRules& r, const PlayRule& play,
                                const std::vector<double>& casualty_value);

/// Exact hand distribution for `dice` dice and `rerolls` re-rolls, each re-roll chosen to
/// maximise the expectation of `values` (index -1 = no hand, value 0). Ties keep more dice.
HandOdds hand_odds(const BroadsideRules& r, int dice, int rerolls, RerollMode mode, const std::vector<double>& values);

// ---------------------------------------------------------------------------------------------
// A broadside

struct Pool {
  int cannon = 0;  ///< guns in the group
  int dice = 0, rerolls = 0;
};
/// Splits `cannon` guns into groups of at most five ("seven guns would roll as five and two").
std::vector<int> groups(const BroadsideRules& r, int cannon);
/// Dice and re-rolls of one group with the modifiers (their sum): the modifier acts on dice +
/// re-rolls, split again at five (decision), or on the dice only (`on_dice_only`).
Expected<Pool> pool_for(const BroadsideRules& r, const std::string& type, int cannon, int modifier, bool on_dice_only);

/// The band the results table is read in (raking moves long to short and short to point blank).
std::string effective_band(const BroadsideRules& r, const std::string& band, bool raking);

struct Casualty {
  int k = 0, w = 0;
};
/// Figures of one hand at a band, after formed-up, ammunition and aiming-high rules.
struct HandEffect {
  int structural_before_aim = 0;
  int structural = 0;  ///< after the ammunition and aiming-high multipliers (rounded)
  Casualty cas;
};

struct BroadsideSetup {
  std::string band = "long";  ///< actual range band
  bool raking = false;
  bool formed_up = false;
  std::string ammo = "round_shot";
  bool aiming_high = false;
  bool halve_up = false;  ///< aiming high: how an odd number of points halves
};
HandEffect hand_effect(const BroadsideRules& r, size_t hand, const BroadsideSetup& s);

/// P(a casualty saving throw succeeds) on a d6: natural 1 fails, natural 6 succeeds.
double save_chance_d6(const BroadsideRules& r, int min_roll, int modifier);

/// Joint distribution of knockdowns and wounds after saves, for one group's hand distribution
/// (saved knockdown -> wound, saved wound -> nothing), keyed [k][w].
using KWDist = std::vector<std::vector<double>>;
KWDist casualties_after_saves(const std::vector<Casualty>& per_hand, const HandOdds& h, double p_save);
KWDist casualties_before_saves(const std::vector<Casualty>& per_hand, const HandOdds& h);
/// Sum of two independent (k, w) distributions.
KWDist add(const KWDist& a, const KWDist& b);
dice::Dist knockdowns(const KWDist& d);
dice::Dist wounds(const KWDist& d);

/// Fire (seed 001): P(a double on the trigger dice), and the damage of an unchecked fire per
/// phase, d6 / 2 rounded up (decision).
double p_double(int dice, int sides);
dice::Dist fire_damage(const BroadsideRules& r);

/// Cannon lost (rounded up) when a ship or structure has lost `lost` of its `points`.
int cannon_lost(const BroadsideRules& r, int guns, double lost, double points);

// ---------------------------------------------------------------------------------------------
// One broadside request: the dice, the play of the re-rolls, and every figure of its range band

/// A band key as the book names the band: "point_blank" is "point blank".
std::string band_name(const std::string& key);

struct BroadsideGroup {
  Pool pool;
  HandOdds odds;
};

/// The figures of a broadside at a known range band (seed 001, Cannon Fire Results, Saving
/// Throws, Aiming High, Gates and Doors, Fire).
struct BandFigures {
  std::string effective;   ///< the column read (raking fire reads one band closer)
  dice::Dist structural;   ///< points of structural damage, all groups
  KWDist before, after;    ///< knockdowns and wounds before and after the saves
  std::string save_class;  ///< "ordinary", "officer" or "captain"
  int save_min_roll = 0, save_modifier = 0;
  double p_save = 0;
  bool gates = false;  ///< gates and doors may be targeted at this band
  double p_door = 0, p_gate = 0;
  double p_mast = 0, p_dismasted = 0;  ///< aiming high
  double p_fire = 0;
  dice::Dist fire_damage;  ///< per fires phase
};

/// A target's losses from one broadside (Loss of strength points, seed 001).
struct TargetLoss {
  int points = 0;
  /// The target's losses (Baggins Wood Cannons, Firing: half its points lost, three quarters, sunk
  /// or collapsed), as fractions of its points. [cannon_loss] has the same fractions today but is the
  /// cannon-loss rule, which a house rule may give in other steps; these name the output's losses.
  static constexpr size_t kLosses = 3;
  static constexpr std::array<double, kLosses> kFractions{0.5, 0.75, 1.0};
  /// P(one broadside, the target undamaged, reaches each loss).
  std::array<double, kLosses> p{};
  std::optional<int> guns;
  dice::Dist cannon_lost;  ///< with guns
  /// The points each loss needs (the least whole number of points at or above its fraction) and the
  /// broadsides until they are lost, the target undamaged before the first (absent for a target of
  /// more than dice::kTurnsMaxTarget points).
  std::array<int, kLosses> needed{};
  std::array<std::optional<dice::TurnsToReach>, kLosses> broadsides;
};

struct Broadside {
  bool by_cannon = false;
  int modifier = 0;                         ///< the dice modifiers in force, summed
  std::vector<std::string> modifier_names;  ///< their keys
  bool on_dice = false;                     ///< the modifiers act on the dice only
  std::vector<BroadsideGroup> groups;
  std::optional<std::string> band;  ///< the range band, when known
  std::string ammo;                 ///< ammunition key
  const Ammunition* ammunition = nullptr;
  PlayRule play;
  std::string goal;                        ///< as requested: structural, casualties, rank or a hand key
  std::string maximises;                   ///< what the play maximises, in words
  std::vector<double> structural_by_band;  ///< expected points by band (round shot, no raking or aiming high)
  std::optional<BandFigures> at_band;
  std::optional<TargetLoss> target;
  double p_gun_eliminated = 0, p_gun_eliminated_strong_cover = 0;  ///< fancy shooting
  std::optional<int> fires_every_turns;                            ///< with a crew
};

/// A target of `points` (with `guns` cannon, when given) under the same broadside again and again,
/// `total` its structural damage: what one broadside takes of it and the broadsides until each
/// loss. An error names the request's field (target_points, target_guns).
Expected<TargetLoss> target_loss(const BroadsideRules& R, int points, std::optional<int> guns, const dice::Dist& total);

/// A broadside of a request. An error names the request's field (its TOML key, e.g. "range_in").
Expected<Broadside> broadside_odds(const BroadsideRules& r, const BroadsideRequest& request);

}  // namespace gunpowder::fire
