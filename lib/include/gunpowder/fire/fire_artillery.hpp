// fire_artillery.hpp - the odds of a gunpowder artillery attack (seed 000, "Attacking with
// Gunpowder Artillery" to "Shrapnel", p. 16-17, and "Gunpowder Artillery Attacks", p. 37-40):
// the four attack results read literally, the scatter distance, the structural saving throw,
// shrapnel, the saves of creatures in the area of effect, damage to units in uhp and to heroes.
//
// Model and rules only: no I/O, no TOML, no command line. The figures come from
// data/artillery.toml (through the artillery module: its catalogue and its attack results) and
// data/artillery_damage.toml (this module's loader), through load_artillery_rules(tables).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/artillery/attack_results.hpp"
#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/error.hpp"
#include "gunpowder/core/explain.hpp"
#include "gunpowder/core/turns.hpp"
#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/fire/requests.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::fire {

/// The attack-result and scatter rules of data/artillery.toml, loaded by the artillery module.
using AttackResultRules = artillery::AttackResultRules;
using ScatterRules = artillery::ScatterRules;

/// One "<piece> Damage" table of data/artillery_damage.toml.
struct DamageColumn {
  std::string label;
  int hd_min = 0, hd_max = 0;
  std::vector<int> uhp;  ///< one per troop band
};
struct DamageTable {
  std::string artillery;  ///< "200-pdr mortar"
  artillery::Type type = artillery::Type::gun;
  double shot_lb = 0;
  std::string source;
  std::vector<std::pair<int, int>> troop_bands;  ///< [min, max], printed order (most troops first)
  std::vector<DamageColumn> columns;
};

/// The rules around the damage tables ([rules.*] of data/artillery_damage.toml).
struct DamageRules {
  int cavalry_troop_multiplier = 0;
  bool plus_hd_uses_next_column = false;
  bool minus_hd_uses_first_column = false;
  double unit_direct_success_factor = 0, unit_other_success_factor = 0;
  int unit_fortified_bonus = 0;
  int enfilade_multiplier = 0;
  bool enfilade_save_allowed = false;
  int hero_shots = 0;
  double hero_direct_success_factor = 0, hero_other_success_factor = 0;
  int hero_fortified_bonus = 0;
  int hero_close_or_scatter_bonus = 0;
  std::string units_source, enfilade_source, heroes_source;
};

/// Everything the artillery-fire rules read from data/.
struct ArtilleryRules {
  const artillery::Catalogue* catalogue = nullptr;
  AttackResultRules results;
  ScatterRules scatter;
  std::vector<DamageTable> tables;
  std::vector<std::string> types_without_table;
  DamageRules damage;

  /// The printed damage-versus-units table of a piece, or nullptr (14 of 17 pieces have none).
  [[nodiscard]] const DamageTable* table_for(artillery::Type t, double shot_lb) const;
};

/// The artillery-fire tables of `tables`, loaded on the first call for that Tables (exit 70 on a
/// broken table, 65 when house rules broke it).
Expected<const ArtilleryRules*> load_artillery_rules(const data::Tables& tables);

// ---------------------------------------------------------------------------------------------
// The attack throw and its four results

/// How "exceeds the target value" is read: meet-or-beat (an "11+" target succeeds on 11, the
/// reading every example needs) or strictly above.
enum class Exceed { meet, strictly };

/// Probabilities of the attack results for one attack throw (all sum to 1).
struct AttackOdds {
  int target = 0;           ///< natural d20 roll needed for the throw to succeed (before natural rules)
  double p_success = 0;     ///< P(the throw meets its target), naturals aside
  double p_direct_hit = 0;  ///< throw made and a natural 20
  double p_close_hit = 0;   ///< throw made on a natural 2-19, or a natural 20 that misses the target
  double p_scatter = 0;     ///< any other result
  double p_misfire = 0;     ///< throw failed on a natural 1 (wasted + discharge)
  double p_wasted = 0;      ///< misfire, then a natural 2-20: shot and powder wasted
  double p_discharge = 0;   ///< misfire, then another natural 1: accidental powder discharge
};

/// The four result rules applied literally to every natural roll (p. 16): a natural 20 is a direct
/// hit only if the throw also succeeds, otherwise a close hit; a success on 2-19 is a close hit; a
/// failure on a natural 1 is a misfire (roll again: 1 = discharge); anything else scatters.
AttackOdds attack_odds(const AttackResultRules& r, int target, Exceed exceed = Exceed::meet);

/// Classifies one natural roll (for tests and --explain): "direct", "close", "scatter", "misfire".
std::string classify_natural(const AttackResultRules& r, int natural, int target, Exceed exceed = Exceed::meet);

/// The attack throw's modifiers and its target (p. 16-17; crew and ROF, p. 14).
struct AttackSetup {
  artillery::Bracket bracket = artillery::Bracket::short_range;
  artillery::FireMode mode = artillery::FireMode::direct;
  int base_throw = 0;  ///< crew's attack throw (11+ normal men, 10+ veterans)
  int range_mod = 0;
  int plunging_mod = 0;
  int shortage_mod = 0;  ///< too few artillerists
  int other_mod = 0;     ///< any further modifier the referee allows (+ helps)
  [[nodiscard]] int target() const { return base_throw - range_mod - plunging_mod - shortage_mod - other_mod; }
};

/// The bracket of a distance (yards) for a piece's ranges, or nullopt beyond long range.
std::optional<artillery::Bracket> bracket_for(const artillery::Characteristics& c, double yards);

// ---------------------------------------------------------------------------------------------
// Where the shot lands

struct ScatterOdds {
  dice::Dist close_hit_yd;  ///< 1d6 yards
  dice::Dist scatter_yd;    ///< 2d6 x (1 | 5 | 25) yards, doubled for plunging fire
  int multiplier_yd = 0;    ///< the scatter multiplier used, plunging doubling included
  int direction_sides = 0;  ///< 1d12 clock direction, each 1/12
};
ScatterOdds scatter_odds(const ScatterRules& r, artillery::Bracket b, artillery::FireMode m);

/// Distance of the impact point from the aim point over the shots fired (a misfire fires no shot:
/// the distribution is conditional on firing, and sums to 1): 0 for a direct hit, the close-hit
/// and scatter distances weighted by their probabilities given a shot.
dice::Dist impact_distance(const AttackOdds& a, const ScatterOdds& s);

// ---------------------------------------------------------------------------------------------
// Saves and damage

/// P(a d20 saving throw meets `target` after `bonus`): ACKS saves have no natural rule here.
double save_chance(int target, int bonus);

/// Structural saving throw target (p. 17): base + range modifier - AC.
int structural_save_target(int base, int range_mod, int ac);

/// Damage of n d10 halved on a successful save (rounded down or up): its distribution.
enum class Halving { down, up };
dice::Dist halved(const dice::Dist& d, Halving h);

/// Expected damage to a creature in the area of effect and the chance it takes any.
struct CreatureOdds {
  int save_target = 0, bonus = 0;
  double p_save = 0;
  double mean_damage_direct = 0;  ///< in the area of a direct hit: save halves
  double mean_damage_other = 0;   ///< in the area of a close hit or scatter: save avoids
  double p_damaged_direct = 0, p_damaged_other = 0;
  dice::Dist damage_direct;  ///< the damage it takes in the area of a direct hit (save halves)
  dice::Dist damage_other;   ///< in the area of a close hit or scatter, or in the shrapnel (save avoids)
};
CreatureOdds creature_odds(const dice::Dist& damage, int save_target, int bonus, Halving h);

/// "Cross-index the number of troops with its Unit HD" (p. 37-40): the column for a unit HD
/// string ("1-1", "4+1", "3"), or nullopt when the HD string is not understood.
std::optional<int> hd_column_value(const DamageRules& r, const std::string& hd);
/// Troops counted for the table (cavalry doubled).
int troops_counted(const DamageRules& r, int troops, bool cavalry);
/// The table value, or nullopt when the count is outside every band or no column fits.
std::optional<int> table_uhp(const DamageTable& t, int troops_counted, int hd_value);

/// uhp dealt to a unit whose hex is struck, before and after its saving throw.
struct UnitDamage {
  int table_uhp = 0;
  int uhp = 0;  ///< after enfilade
  int save_target = 0;
  double p_save = 0;
  int uhp_saved_direct = 0;  ///< a direct hit saved: halved
  int uhp_saved_other = 0;   ///< a close hit or scatter saved: avoided
  dice::Dist direct;         ///< uhp distribution on a direct hit
  dice::Dist other;          ///< on a close hit or scatter
};
UnitDamage unit_damage(const DamageRules& r, int table_value, bool enfilade, int save_target, bool fortified,
                       Halving h);

/// A hero in the impact hex (p. 37): one shot's damage, save v. Blast with +4 fortified and a
/// further +4 after a close hit or scatter.
struct HeroOdds {
  int save_target = 0;
  int needed_direct = 0, needed_other = 0;  ///< natural roll needed after the bonuses
  double p_save_direct = 0, p_save_other = 0;
  double mean_damage_direct = 0, mean_damage_other = 0;
  dice::Dist damage_direct;  ///< the hit points it loses to the shot after a direct hit
  dice::Dist damage_other;   ///< after a close hit or scatter
  /// With its hit points given: the shots of this piece until they are gone, when only direct hits
  /// strike the hero and when close hits do too.
  std::optional<int> hp;
  std::optional<dice::TurnsToReach> shots_direct, shots_with_close;
};
HeroOdds hero_odds(const DamageRules& r, const dice::Dist& one_shot, int save_target, bool fortified, Halving h);

// ---------------------------------------------------------------------------------------------
// One shot of a request: every figure above for one piece, range and target

/// Artillery damage is rolled in d10s: the characteristics table prints "12d10" and
/// data/artillery.toml stores only the number of dice (damage_dice).
inline constexpr int kDamageDie = 10;

/// A structure or ship aimed at (Structural Saving Throws, p. 17).
struct StructureTarget {
  int ac = 0;
  int save_target = 0;
  double p_save = 0;
  double expected_shp_direct = 0;      ///< P(direct) x P(no save) x mean damage
  double expected_shp_with_close = 0;  ///< when a close hit still lands on it
  /// With its shp given: the shots until they are gone, when only direct hits strike it and when
  /// close hits do too (the two readings of expected_shp_*).
  std::optional<int> shp;
  std::optional<dice::TurnsToReach> shots_direct, shots_with_close;
};

/// A unit in the struck hex (Gunpowder Artillery Attacks, p. 37-40).
struct UnitTarget {
  std::optional<int> troops_counted;  ///< when troops are given
  std::optional<int> hd_column;       ///< when the unit HD are given
  int table_value = 0;
  std::string table_source;  ///< "given" or the table's source
  UnitDamage damage;
};

/// Every figure of one shot. Its texts ("table", "override: ...", "default", ...) say where a
/// choice came from.
struct ArtilleryShot {
  artillery::Design design;
  artillery::Type type = artillery::Type::gun;
  double shot_lb = 0;  ///< as requested
  double range_yd = 0;
  artillery::Bracket bracket = artillery::Bracket::short_range;
  std::string bracket_source;
  artillery::FireMode mode = artillery::FireMode::direct;
  std::string mode_source;
  AttackSetup attack;
  std::string crew;          ///< "normal" or "veteran"
  bool throw_given = false;  ///< the attack throw was given, not the crew's
  Exceed exceed = Exceed::meet;
  int target = 0;
  AttackOdds odds;
  ScatterOdds scatter;
  dice::Dist impact;
  dice::Dist damage;  ///< one shot's damage, n d10
  Halving halving = Halving::down;
  bool line = true;  ///< a line area of effect (guns and cannon), else a radius (mortars)
  std::optional<StructureTarget> structure;
  std::optional<CreatureOdds> creatures;
  std::optional<UnitTarget> unit;
  std::optional<HeroOdds> hero;
  /// The derivation of the attack (--explain): the piece, the range band, the fire, the target
  /// value, the naturals of each result and the structural save, each step under the piece's name.
  report::Steps explain;
};

/// One shot of an artillery request: the piece (designed when the book has none), the range
/// bracket, the fire mode, the attack throw and its results, and the damage to whatever targets
/// the request names. An error names the request's field (its TOML key, e.g. "range_yd").
Expected<ArtilleryShot> artillery_shot(const ArtilleryRules& rules, const ArtilleryRequest& request);

}  // namespace gunpowder::fire
