// war_machine.hpp - the War Machine mass-combat rules of seed 004 ("War machine" card): basic
// force rating, troop class, battle rating, the quick battle rating, combat adjustments, the exact
// odds of a battle (all 10,000 pairs of d100 rolls), the combat-results and tactics tables,
// applying one rolled result to two forces, movement, forced march, food and the simple siege.
//
// Model and rules only: no I/O, no TOML, no command line. Every figure comes from
// data/war_machine.toml through load_rules(tables). Decisions where the seed is silent or contradicts
// itself: docs/notes/war-machine-decisions.md.
//
// Public API used by the Siege Machine (siege-duration), kept stable:
//   load_rules(tables)                the tables
//   Force / rate_force()              a force and its BFR, troop class, BR (itemised)
//   SideSpec, BattleOptions, resolve_battle()
//                                     exact outcome distribution from two modified BRs and tactics
//   resolve_roll(), apply_result()    one rolled battle (two d100 values) and its effect on forces
// Side index 0 is side A of the tactics table (its columns), side 1 is side B (its rows).
#pragma once

#include "gunpowder/core/explain.hpp"
#include "gunpowder/core/spelling.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::war {

/// An exact fraction n/d (d > 0), as the data stores them ([n, d]).
struct Fraction {
  std::int64_t n = 1;
  std::int64_t d = 1;
  [[nodiscard]] double value() const { return static_cast<double>(n) / static_cast<double>(d); }
};

enum class Fatigue { none, moderate, serious };
/// Where a force ends up after a battle. `none` is the combat-results table's "-" (a loser
/// destroyed at 151+); `hold` is a simple-siege defender, which ignores retreat and rout;
/// `withdraw` is a side whose Withdraw tactic lets it move one terrain unit away.
enum class Location { field, retreat, rout, none, hold, withdraw };
enum class Role { attacker, defender, none };
/// How ties (equal combat totals C) are settled; the seed does not cover them.
///   reroll     both sides roll again: odds conditioned on a decisive result (data default)
///   no-result  nothing happens: no casualties, no fatigue, no movement
///   defender   the defender wins by the smallest margin (first row); reroll without a defender
///   higher-br  the side with the higher modified BR wins by the smallest margin; reroll if equal
enum class TiePolicy { reroll, no_result, defender, higher_br };
/// How a tactic's "C+n%" changes a side's casualty percentage: added percentage points
/// (10% + C+20% = 30%, default) or a multiplier (10% x 1.2 = 12%).
enum class CasualtyReading { points, multiply };
/// Which troop-ratio band a ratio between two printed ratios falls in: `ceiling` rounds R up to
/// the next printed ratio (agrees with the seed's formula from 20:1; default), `floor` takes the
/// largest printed ratio not above R ("largest adjustment").
enum class RatioReading { ceiling, floor };
/// How a battle-rating statement's measured figure ("20% of force is mounted", "average movement
/// is 100'") meets its threshold: `up` rounds the figure up to a whole percent (or foot) first, as
/// the basic force rating counts "each 1%" (19.9% mounted counts as 20%; default), `exact`
/// compares the figure as given (19.9% fails).
enum class PercentReading { up, exact };

std::string to_string(Fatigue f);
std::string to_string(Location l);
std::string to_string(Role r);
std::string to_string(TiePolicy t);
std::string to_string(CasualtyReading c);
std::string to_string(RatioReading r);
std::string to_string(PercentReading r);
/// The parsers take a value in the suite's spelling or the book's (suite_spelling).
std::optional<Fatigue> parse_fatigue(const std::string& s);
std::optional<TiePolicy> parse_tie_policy(const std::string& s);
std::optional<CasualtyReading> parse_casualty_reading(const std::string& s);
std::optional<RatioReading> parse_ratio_reading(const std::string& s);
std::optional<PercentReading> parse_percent_reading(const std::string& s);

/// Where a figure came from when a house rule changed it, or a figure it is computed from:
/// "house rule (FILE)" (data::Tables::house_rule_source); nullopt for the book's figures, and always
/// without house rules.
using Ruled = std::optional<std::string>;
/// `a`, else `b`: a figure computed from two figures is ruled when either is.
Ruled either(Ruled a, const Ruled& b);

// ---------------------------------------------------------------------------------------------
// The tables of data/war_machine.toml

/// The lines of the Battle Force Rating table (War Machine, Basic Force Rating): a closed kind,
/// since each has its own rule. Spelled once, in bfr_kind_names() (the `id` of its
/// [[bfr_component]] row); a row of another id, from house rules, is refused with the list.
enum class BfrKind {
  leader_level,
  leader_ability_adjustments,
  name_level_percent,
  officer_level,
  troop_level,
  victories,
  routs,
  weeks_trained,
  weeks_with_leader,
  months_on_duty,
  weapons,
  second_weapon,
  armour_class,
  elves_or_dwarves,
  two_asterisk_percent
};
/// The ids of the BfrKind values, in the enum's order.
const std::vector<std::string>& bfr_kind_names();
std::optional<BfrKind> parse_bfr_kind(std::string_view id);

struct BfrComponent {  ///< one printed line of the BFR table
  BfrKind kind = BfrKind::leader_level;
  std::string factor, id, label, source;
  double points_per_unit = 0;       ///< for lines counted per unit of an input
  std::optional<int> points;        ///< flat points for a yes/no line
  std::optional<double> input_max;  ///< cap on the input ("max 10")
  Ruled ruled{};                    ///< a house rule changed or added the row
};
struct AbilityBand {
  int score_min = 0, score_max = 0, adjustment = 0;
};
struct WeaponQuality {
  std::string quality;
  int points = 0;
};
struct TroopClass {
  int rank = 0;  ///< 1 (untrained) .. 8 (elite)
  std::string id, label;
  int bfr_min = 0;
  std::optional<int> bfr_max;  ///< absent for the top band
};
/// What a quick battle-rating statement measures of a force (War Machine, Battle Rating): a closed
/// kind, each a figure of the force's composition. Spelled once, in quick_quantity_names() (the
/// `quantity` of a [[br_statement]] row); a row of another quantity is refused with the list.
enum class QuickQuantity {
  mounted,
  missile_capable,
  missile_range_100ft,
  magical,
  spellcasters,
  flyers,
  average_movement_fastest_mode
};
const std::vector<std::string>& quick_quantity_names();

struct BrStatement {
  char letter = 'a';
  QuickQuantity quantity = QuickQuantity::mounted;
  bool percent = true;  ///< the threshold is a percentage of the force (`unit` "percent"), else feet per turn
  std::string id, label, unit, source;
  double threshold = 0;
  bool in_seed = true;
  Ruled ruled{};  ///< a house rule changed or added the row
};
struct QuickHitDice {
  std::string label;
  double hd_min = 0;
  std::optional<double> hd_max_exclusive;
  int points = 0;
};
struct RatioBand {
  double ratio = 0;
  int br = 0;
  double ceil_min_exclusive = 0, ceil_max = 0;
  std::optional<double> floor_min, floor_max_exclusive;
};
struct TroopRatioRule {
  double formula_from_ratio = 0;
  int base = 0, step = 0, divisor = 1;
  RatioReading default_reading = RatioReading::ceiling;
  std::vector<RatioBand> bands;  ///< sorted by ratio
  std::string source;
};
struct AdjustmentGroup {
  std::string id, label, source;
  bool only_one = false;         ///< "Only one" (else "All that apply")
  bool defender_only = false;    ///< the defenders-only terrain group
  bool one_battle_only = false;  ///< its lines last one battle (dropped from later rounds)
};
struct Adjustment {
  std::string group, id, label, source;
  int br = 0;
  bool ignore_with_siege_machine = false;  ///< the seed's '*'
  bool benefits_opponent = false;          ///< leader/officer "removed": the other side gains
  bool one_battle_only = false;            ///< lasts one battle (as its group's flag)
  /// The line of a force in this state of fatigue (`fatigue`): given by a force's `fatigue`, not
  /// as a situation. Each state but none has one row (the loader checks).
  std::optional<Fatigue> fatigue;
  /// The line the rules give a force whose troop class ranks two or more above its opponent's
  /// (`troop_class_advantage`; one row, the loader checks): computed when both classes are known.
  bool troop_class_advantage = false;
  std::vector<std::string> excludes;       ///< ids of lines that cannot apply with this one
  Ruled ruled{};                           ///< a house rule changed the row or its group's
};
struct DefenderFlyers {
  double halve_if_attacker_flyers_pct_min = 0;
  bool ignore_if_all_attackers_fly = true;
  std::string source;
};
struct CombatResult {  ///< one row of the combat results table (winner/loser)
  int diff_min = 0;
  std::optional<int> diff_max;  ///< absent for 151+
  std::string label;
  std::array<std::string, 6> printed{};
  std::array<int, 2> casualties_pct{};                 ///< [winner, loser]
  std::array<std::optional<Fatigue>, 2> fatigue{};     ///< absent where printed "-"
  std::array<std::optional<Location>, 2> location{};   ///< field, retreat or rout; absent: "-"
  std::array<std::optional<int>, 2> location_units{};  ///< terrain units moved
  std::string source;
};
struct CombatResultRules {
  Fraction killed{1, 2};  ///< the wounded are the casualties not killed
  bool retreating_wounded_count_as_killed = true;
  std::string wounded_return_dice, wounded_return_unit, routed_return_dice, routed_return_unit;
  std::string source;
};
struct Tactic {
  std::string id, label;
  int order = 0;
};
enum class TacticKind { effects, no_effect, no_combat };
enum class EffectKind { none, casualties, br };
struct TacticEffect {
  EffectKind kind = EffectKind::none;
  int value = 0;
};
struct TacticsCell {
  std::string a, b;  ///< tactic ids: a = side A (column), b = side B (row)
  TacticKind kind = TacticKind::effects;
  std::array<TacticEffect, 2> effect{};  ///< [A, B]
  std::string printed, source;
};
struct WithdrawRule {
  int terrain_units = 0;
  std::string tactic;  ///< the [[tactic]] id whose side withdraws ([withdraw] tactic)
  std::string unless_opponent_tactic;
  bool may_occupy_field = false;  ///< a withdrawing side that wins keeps the field
  std::string source;
};
struct FatigueRecovery {
  std::string serious_to_moderate_dice, moderate_to_none_dice, unit;
  bool seriously_fatigued_can_move = false;
};
struct MovementBand {
  int troops_min = 0;
  std::optional<int> troops_max;
  Fraction rate;
  std::string label, source;
};
struct ForcedMarchRow {
  std::string troop_class;
  std::array<std::string, 6> printed{};
  std::array<bool, 6> success{};
  std::array<Fatigue, 6> fatigue{};
  std::string source;
};
struct ForcedMarchRule {
  Fraction rate;
  int die = 6;
  bool moderate_becomes_serious_if_fatigued = true;
  std::string source;
};
struct ForageOption {
  std::string id, label;
  Fraction rate;
  int chance_in_6 = 0;
  std::string source;
  Ruled ruled{};  ///< a house rule changed or added the row
};
struct FoodRule {
  int days_moderate = 0, days_serious = 0;
  std::string source;
};
struct SimpleSiegeRule {
  int defender_troop_multiplier = 1;
  bool defender_ignores_retreat_and_rout = true;
  Fraction defender_casualty_fraction{1, 2};
  int besiege_br_per_week = 0;
  double defender_loss_pct_per_week = 0;
  std::string source;
};

/// The house rules behind the figures of data/war_machine.toml that are not rows of their own
/// (a key, or a list read whole), each by the key (or keys) it holds; all nullopt without house
/// rules (the rows keep theirs: BfrComponent::ruled, ...).
struct RuleSources {
  bool in_effect = false;          ///< house rules were in effect when the rules were loaded
  Ruled ability_bands{};           ///< [[ability_adjustment]]
  Ruled weapon_qualities{};        ///< [[weapon_quality]]
  Ruled troops_per_officer{};      ///< [bfr] troops_per_officer
  Ruled nonhuman_officer_bonus{};  ///< [bfr] nonhuman_officer_level_bonus
  Ruled special_troops{};          ///< [bfr] special_troops_exclusive
  Ruled troop_classes{};           ///< [[troop_class]] (any row: the class is looked up in all)
  Ruled bonus_divisor{};           ///< [battle_rating] bonus_divisor
  Ruled statement_reading{};       ///< [battle_rating] statement_reading (the default reading)
  Ruled quick_flag_points{};       ///< [quick_battle_rating] flag_points
  Ruled quick_hit_dice{};          ///< [[quick_br_hit_dice]]
  std::vector<Ruled> quick_flags;  ///< [[quick_br_flag]], one per Rules::quick_flags
  Ruled tie_policy{};              ///< [combat] tie_policy (the default policy)
  Ruled ratio_formula{};           ///< [troop_ratio] formula_from_ratio, formula_base, _step, _divisor
  Ruled ratio_reading{};           ///< [troop_ratio] default_reading
  Ruled ratio_bands{};             ///< [[troop_ratio_band]]
  Ruled defender_flyers{};         ///< [defender_terrain_flyers]
  Ruled results{};                 ///< [[combat_result]]
  Ruled result_rules{};            ///< [combat_result_rules] (killed, retreating wounded)
  Ruled tactics{};                 ///< [[tactic]] and [[tactics_cell]]
  Ruled withdraw{};                ///< [withdraw]
  Ruled siege_multiplier{};        ///< [simple_siege] defender_troop_multiplier_for_ratio
  Ruled siege_casualties{};        ///< [simple_siege] defender_casualty_fraction
  Ruled siege_holds{};             ///< [simple_siege] defender_ignores_retreat_and_rout
  Ruled siege_bonus{};             ///< [simple_siege] besiege_br_bonus_per_week
  Ruled siege_loss{};              ///< [simple_siege] defender_loss_pct_per_week_without_food
  Ruled movement{};                ///< [[movement_rate]]
  Ruled forced_rate{};             ///< [forced_march] rate_fraction
  Ruled forced_serious{};          ///< [forced_march] moderate_becomes_serious_if_already_fatigued
  Ruled forced_results{};          ///< [[forced_march_result]]
  Ruled can_move{};                ///< [fatigue] seriously_fatigued_can_move
  Ruled hunger{};                  ///< [food] days_without_food_moderate_fatigue, _serious_fatigue
};

/// Everything the War Machine rules read from data/war_machine.toml.
struct Rules {
  std::vector<BfrComponent> bfr_components;
  int troops_per_officer = 0, nonhuman_officer_level_bonus = 0;
  bool special_troops_exclusive = true;  ///< the two special-troop lines: the larger counts
  std::vector<AbilityBand> ability_bands;
  std::vector<WeaponQuality> weapon_qualities;
  std::vector<TroopClass> troop_classes;  ///< by rank
  int br_bonus_divisor = 10;
  std::vector<BrStatement> statements;  ///< a .. l
  PercentReading default_percent_reading = PercentReading::up;
  int quick_flag_points = 0;
  std::vector<QuickHitDice> quick_hit_dice;
  std::vector<std::string> quick_flags;
  TiePolicy default_tie_policy = TiePolicy::reroll;
  TroopRatioRule troop_ratio;
  std::vector<AdjustmentGroup> groups;
  std::vector<Adjustment> adjustments;
  DefenderFlyers defender_flyers;
  CombatResultRules result_rules;
  std::vector<CombatResult> results;  ///< by difference, 1-8 first
  std::vector<Tactic> tactics;        ///< in printed order
  std::vector<TacticsCell> cells;     ///< 36 cells
  WithdrawRule withdraw;
  FatigueRecovery fatigue;
  std::vector<MovementBand> movement;
  ForcedMarchRule forced_march;
  std::vector<ForcedMarchRow> forced_march_rows;
  std::vector<ForageOption> forage;
  FoodRule food;
  SimpleSiegeRule simple_siege;
  std::string bfr_source, class_source, br_source, quick_source, combat_source, divide_source;
  RuleSources ruled;  ///< the house rules behind the figures that are not rows

  [[nodiscard]] const TroopClass* troop_class(const std::string& id) const;
  [[nodiscard]] const TroopClass& class_for_bfr(int bfr) const;
  [[nodiscard]] const Adjustment* adjustment(const std::string& id) const;
  /// The line of a fatigued force (Adjustment::fatigue); nullptr for Fatigue::none.
  [[nodiscard]] const Adjustment* fatigue_line(Fatigue f) const;
  /// The troop-class advantage line (Adjustment::troop_class_advantage).
  [[nodiscard]] const Adjustment* troop_class_advantage_line() const;
  [[nodiscard]] const AdjustmentGroup* group(const std::string& id) const;
  [[nodiscard]] const Tactic* tactic(const std::string& id) const;
  /// The cell for side A's and side B's tactics (nullptr for an unknown id).
  [[nodiscard]] const TacticsCell* cell(const std::string& a, const std::string& b) const;
  /// The combat-results row for a positive difference of the two totals.
  [[nodiscard]] const CombatResult& result_for(int diff) const;
  [[nodiscard]] const ForcedMarchRow* forced_march_row(const std::string& troop_class) const;
  [[nodiscard]] const BfrComponent* component(const std::string& id) const;
};

/// The rules of data/war_machine.toml in `tables` (with its house rules), loaded and checked on the
/// first call for that Tables; later calls return the same rules. A failure is an internal error
/// (exit 70): the embedded data is part of the program (exit 65 when house rules caused it).
Expected<const Rules*> load_rules(const data::Tables& tables);

// ---------------------------------------------------------------------------------------------
// Rating a force

/// The factors of the basic force rating (seed 004, "Battle force rating B'"). Every value is
/// optional: an absent factor scores nothing and is shown as "not given".
struct Factors {
  std::optional<int> leader_level;
  std::optional<int> leader_int, leader_wis, leader_cha;  ///< ability scores 3-18
  std::optional<double> name_level_pct;                   ///< percent of the force at name level
  std::optional<int> officers;                            ///< number of officers
  std::optional<double> officer_level;                    ///< average officer level
  std::optional<double> officer_hit_dice;                 ///< non-human officers: level = HD + 1
  std::optional<double> troop_level;                      ///< average troop level
  std::optional<int> victories, routs;                    ///< in the last 10 years
  std::optional<int> weeks_trained, weeks_with_leader, months_on_duty;
  std::optional<std::string> weapons;  ///< a [[weapon_quality]]: below-average|average|good|excellent
  bool second_weapon = false;
  std::optional<double> average_ac;  ///< descending AC; 5 or lower scores
  bool all_elves_or_dwarves = false;
  std::optional<double> two_asterisk_pct;  ///< percent with two or more asterisks
};

/// The quick battle rating's inputs (rules-gaps s.3).
struct QuickInputs {
  int leader_level = 0;
  double hit_dice = 0;             ///< of the most numerous troops
  std::vector<std::string> flags;  ///< archers, spellcasters, magical_beings, flyers
  int max_damage = 0;              ///< maximum damage per round of the most numerous creature type
};

/// The percentages behind the twelve battle-rating statements (and the flyer rule of the
/// defenders-only bonuses).
struct Composition {
  std::optional<double> mounted_pct, missile_pct, missile_100ft_pct, magical_pct, spells_pct, flying_pct;
  std::optional<double> movement_ft;  ///< average movement, fastest mode, feet per turn
};

struct Force {
  std::string name;
  std::string side;  ///< sides are matched by this key
  Role role = Role::none;
  std::int64_t troops = 0;
  // exactly one of: br, bfr, factors, quick
  std::optional<int> br;
  std::optional<int> bfr;
  std::optional<Factors> factors;
  std::optional<QuickInputs> quick;
  std::optional<std::string> troop_class;  ///< given when the BFR is unknown
  Composition composition;
  std::optional<std::vector<char>> statement_letters;  ///< statements given as letters
  // situation in one battle
  std::vector<std::string> situation;  ///< adjustment ids
  Fatigue fatigue = Fatigue::none;
  std::optional<std::string> tactic;
  std::optional<std::string> opponent;  ///< name of the force it fights (else matched by BR)
  std::int64_t wounded = 0;             ///< out of action, carried between battles
};

struct RatingLine {  ///< one itemised line of a rating
  std::string factor, id, label;
  std::string input;  ///< the value used, as text ("12", "4% (3.33% rounded up)", "not given")
  int points = 0;
  std::string note;
  Ruled ruled{};  ///< the house rule behind its points (its row, or a table its points are read from)
};
struct StatementLine {
  char letter = 'a';
  std::string id, label;
  std::string measured;  ///< as shown: "20% (19.9% rounded up)", "given true", "not given"
  bool holds = false;
  bool in_seed = true;
  std::optional<double> figure;   ///< the force's figure, when measured
  std::optional<double> counted;  ///< the figure as it meets the threshold (the reading's)
  std::string unit;               ///< of the figures: "percent" or "ft"; empty when not measured
  bool given = false;             ///< the force lists its statements (holds is as listed)
  Ruled ruled{};                  ///< its row, or the reading of a measured figure, by a house rule
};

/// The house rules behind a rating's figures (each nullopt when none is behind it).
struct RatingRuled {
  Ruled bfr{};                  ///< B' (its lines)
  Ruled troop_class{};          ///< the class (from B' and the BFR/Class table, or the class given)
  Ruled statements{};           ///< the count of true statements (any statement line)
  Ruled bonus_per_statement{};  ///< ceil(B' / bonus_divisor)
  Ruled br{};                   ///< B (or the quick rating)
  /// Any of them: a row that shows the rating.
  [[nodiscard]] Ruled any() const {
    return either(either(either(either(bfr, troop_class), statements), bonus_per_statement), br);
  }
};

struct Rating {
  std::string method;                 ///< "factors", "bfr", "br", "quick"
  std::vector<RatingLine> bfr_lines;  ///< factors, or the quick rating's lines
  std::optional<int> bfr;
  std::optional<std::string> troop_class;  ///< id
  std::optional<int> troop_class_rank;
  std::vector<StatementLine> statements;  ///< the twelve, when the BR is computed from them
  int statements_true = 0;
  int bonus_per_statement = 0;
  int br = 0;
  report::Steps explain;
  RatingRuled ruled{};  ///< the house rules behind its figures
};

/// Rates a force: BFR with every factor itemised, troop class, the twelve statements (their
/// figures read as `reading` says), BR. Errors (contradictory inputs) name the force.
/// `reading_ruled`: the house rule behind the reading when it is the data's default.
Expected<Rating> rate_force(const Rules& rules, const Force& force, PercentReading reading,
                            const Ruled& reading_ruled = std::nullopt);
/// The same with the data's default reading of the statements (rules.default_percent_reading).
Expected<Rating> rate_force(const Rules& rules, const Force& force);

/// B = B' + n x ceil(B'/10) (seed 004, "Battle rating B", l. 48).
int battle_rating(const Rules& rules, int bfr, int true_statements);

/// The troop-ratio adjustment never exceeds this (a ratio of about 10,000,000 to 1), so that BR
/// sums stay exact in an int.
inline constexpr int kMaxTroopRatioAdjustment = 10000000;
/// The troop-ratio adjustment for R = larger / smaller (seed 004, "Troop ratio", l. 73-80) of
/// the larger force; 0 when larger <= smaller. Counts must be positive.
int troop_ratio_adjustment(const Rules& rules, std::int64_t larger, std::int64_t smaller, RatioReading reading);

// ---------------------------------------------------------------------------------------------
// A battle: adjustments and the exact odds

struct AdjustmentLine {
  std::string group, id, label;
  int br = 0;
  std::string note;  ///< e.g. "halved: 20% of the attackers fly", "from Orcs' leader loss"
  Ruled ruled{};     ///< the house rule behind its points (its row, or the rule it is read by)
};

/// What the exact resolution needs of one side.
struct SideSpec {
  std::string name;
  int modified_br = 0;                ///< B + every adjustment (tactics not included)
  std::optional<std::string> tactic;  ///< a tactic id of the tactics table
  std::int64_t troops = 0;            ///< for casualties in troops (0: percentages only)
  Fraction casualty_scale{1, 1};      ///< multiplies the side's casualty % (simple siege 1/2,...)
  bool holds_position = false;        ///< ignores retreat and rout (simple-siege defender)
  Role role = Role::none;
  /// The fatigue the side brings to the battle (its BR line is in modified_br): after the battle
  /// it has the worse of this and the combat-results row's.
  Fatigue fatigue = Fatigue::none;
  Ruled ruled{};          ///< the house rule behind modified_br (its B or an adjustment)
  Ruled outcome_ruled{};  ///< behind casualty_scale or holds_position (the simple siege's)
};

struct BattleOptions {
  TiePolicy tie = TiePolicy::reroll;
  CasualtyReading casualty_reading = CasualtyReading::points;
  bool location_changes = true;  ///< false: no side moves (Siege Machine harassment)
  Ruled tie_ruled{};             ///< the house rule behind `tie` when it is the data's default
};

/// The house rules behind the figures of a battle's odds, from what each is computed from.
struct OddsRuled {
  Ruled br{};          ///< the BRs in combat and the raw odds (p_win, p_tie): modified BRs, tactics
  Ruled resolved{};    ///< the odds after the tie policy (p_win_resolved, p_no_result)
  Ruled rows{};        ///< each combat-results row's odds (its band)
  Ruled casualties{};  ///< casualties, killed and wounded, and their expectations
  Ruled states{};      ///< fatigue and location after the battle
  /// Every figure of the battle.
  [[nodiscard]] Ruled any() const { return either(casualties, states); }
};

/// One side's consequences of one outcome.
struct SideResult {
  bool won = false;
  double casualties_pct = 0;    ///< after tactics and casualty scale, 0..100
  std::int64_t casualties = 0;  ///< troops, rounded up
  std::int64_t killed = 0, wounded = 0;
  std::optional<Fatigue> fatigue;  ///< absent where the table prints "-" (routed / destroyed)
  Location location = Location::field;
  int location_units = 0;
};

/// The probability of one (winner, combat-results row) outcome.
struct RowOdds {
  int winner = 0;                      ///< side index
  size_t row = 0;                      ///< index into Rules::results
  double p = 0;                        ///< before tie resolution (the raw share of the 10,000 roll pairs)
  std::int64_t pairs = 0;              ///< how many of the 10,000 (d100, d100) pairs give it
  std::array<SideResult, 2> result{};  ///< side 0, side 1
};

/// One location of the distribution after a battle, as data: what people read ("field+2") and
/// its parts for programs, so that no caller parses the label back.
struct LocationShare {
  std::string label;         ///< "field+2", "rout", "-" (no location), "no result", "no combat"
  std::string place;         ///< field, retreat, rout, hold, withdraw, no-result, no-combat; empty: no location
  std::optional<int> units;  ///< terrain units moved (0: none); nullopt with no location, no result, no combat
  double p = 0;
};

struct Odds {
  bool combat = true;                    ///< false: the tactics table says "no combat"
  bool tactics_cancelled = false;        ///< "no effect": neither plan counts
  std::array<int, 2> tactic_br{};        ///< BR points from tactics
  std::array<int, 2> tactic_casualty{};  ///< casualty points from tactics
  std::array<std::string, 2> tactic_printed{};
  std::array<int, 2> final_br{};  ///< modified BR + tactics
  std::array<double, 2> p_win{};  ///< raw: share of roll pairs the side wins outright
  double p_tie = 0;               ///< raw: share of roll pairs with equal totals
  std::array<std::int64_t, 2> pairs_win{};
  std::int64_t pairs_tie = 0;
  TiePolicy tie_policy = TiePolicy::reroll;
  std::array<double, 2> p_win_resolved{};  ///< after the tie policy
  double p_no_result = 0;                  ///< after the tie policy (no_result leaves ties)
  std::vector<RowOdds> rows;               ///< every (winner, row) with p > 0, side 0 first
  std::optional<RowOdds> tie_row;          ///< how a tie is settled (defender/higher_br policies)
  /// Expectations after the tie policy: casualties %, troops, killed, wounded.
  std::array<double, 2> expected_casualties_pct{}, expected_casualties{}, expected_killed{}, expected_wounded{};
  /// Distributions after the tie policy, in a fixed order: fatigue ("none", "moderate", "serious",
  /// "-") and location (field+1, field, withdraw, hold, retreat, retreat+2, rout, none, no result).
  std::array<std::vector<std::pair<std::string, double>>, 2> fatigue_dist;
  std::array<std::vector<LocationShare>, 2> location_dist;
  OddsRuled ruled{};  ///< the house rules behind its figures
};

/// The tactics table's effect of side A's and side B's tactics (both given, or neither).
struct TacticsOutcome {
  TacticKind kind = TacticKind::effects;
  std::array<TacticEffect, 2> effect{};
  std::string printed;
};
Expected<TacticsOutcome> tactics_effect(const Rules& rules, const std::optional<std::string>& a,
                                        const std::optional<std::string>& b);

/// The exact outcome distribution of one battle, C = B + adjustments + 1d100 for each side,
/// over all 10,000 pairs of d100 rolls (seed 004, "Combat results", l. 70 and l. 208-227).
/// Errors: an unknown tactic, or one side with a tactic and the other without.
Expected<Odds> resolve_battle(const Rules& rules, const SideSpec& a, const SideSpec& b, const BattleOptions& opt);
/// The pairs of d100 rolls the odds after the tie policy are counted over: the decisive pairs when
/// ties roll again, else all 10,000. p_win_resolved, p_no_result and the distributions after the
/// battle are exact multiples of 1 over it (--fractions).
std::uint64_t pairs_counted(const Odds& o);

/// One battle with the two d100 values rolled for side 0 and side 1 (1..100 each).
struct RolledBattle {
  bool combat = true;
  std::array<int, 2> roll{};
  std::array<int, 2> total{};  ///< C of each side
  int diff = 0;                ///< |C0 - C1|
  bool tie = false;            ///< equal totals, not settled by the policy (reroll/no_result)
  std::optional<int> winner;
  std::optional<size_t> row;
  std::array<SideResult, 2> result{};
  std::string note;  ///< e.g. "tie settled for the defender"
  Ruled ruled{};     ///< the house rule behind its totals, winner, row or consequences
};
Expected<RolledBattle> resolve_roll(const Rules& rules, const SideSpec& a, const SideSpec& b, int roll_a, int roll_b,
                                    const BattleOptions& opt);

/// What a force carries from one battle to the next.
struct ForceState {
  std::int64_t troops = 0;   ///< fit to fight
  std::int64_t killed = 0;   ///< cumulative
  std::int64_t wounded = 0;  ///< cumulative, out of action (return in 1d4 months if the force held the field)
  Fatigue fatigue = Fatigue::none;
  Location location = Location::field;
  int location_units = 0;
  bool routed = false;
  bool destroyed = false;
};
/// Applies one side's result: troops lose casualties (killed and wounded leave the ranks),
/// fatigue becomes the worse of the old and the new, the location is the result's.
void apply_result(const SideResult& r, ForceState& s);

/// Casualties of one outcome in troops: pct of troops rounded up, half killed (rounded up) and
/// half wounded; a retreating or routed force counts its wounded as killed.
SideResult casualties_for(const Rules& rules, std::int64_t troops, double pct, std::optional<Fatigue> fatigue,
                          Location loc, int units, bool won);

/// Every adjustment of one side in one battle, itemised (both sides are needed: troop ratio,
/// troop-class advantage, the flyer rule and leader loss depend on the opponent).
struct BattleSettings {
  bool siege_machine = false;  ///< drop the starred defender lines
  bool simple_siege = false;   ///< defender x4 for the ratio, ignores retreat/rout, half casualties
  int weeks_besieged = 0;      ///< simple siege: +5 BR a week for the attacker
  RatioReading ratio_reading = RatioReading::ceiling;
  PercentReading percent_reading = PercentReading::up;  ///< the attackers' flyer percentage too
  Ruled ratio_reading_ruled{};    ///< the house rule behind ratio_reading when it is the data's default
  Ruled percent_reading_ruled{};  ///< the same for percent_reading
};
/// The troops a force counts for the troop ratio (War Machine, Troop ratio): its troops, times the
/// simple siege's multiplier for a defender (Simple sieges: "the defender's troops count x4").
std::int64_t troops_for_ratio(const Rules& rules, const BattleSettings& s, Role role, std::int64_t troops);

struct SideAdjustments {
  std::vector<AdjustmentLine> lines;
  int total = 0;
  Ruled ruled{};  ///< behind the total (any line)
};
Expected<std::array<SideAdjustments, 2>> battle_adjustments(const Rules& rules, const std::array<const Force*, 2>& f,
                                                            const std::array<const Rating*, 2>& r,
                                                            const BattleSettings& s);

/// Pairs the forces of two sides, one battle each (seed 004, "Divide forces", l. 68): pairs
/// fixed in advance (`fixed`, indices of side 0 and side 1) first; then the free forces of both
/// sides in order of BR, highest first (more troops first on equal BR, side 0 first, then input
/// order), each choosing the free opponent it is most likely to beat (`p_win(i, j)` gives the
/// winning chances of side 0's force i and side 1's force j against each other). Forces left
/// without an opponent do not fight. Returns (side 0 index, side 1 index) pairs in the order made.
struct Contender {
  int br = 0;
  std::int64_t troops = 0;
};
std::vector<std::pair<size_t, size_t>> match_forces(const std::vector<Contender>& side0,
                                                    const std::vector<Contender>& side1,
                                                    const std::vector<std::pair<size_t, size_t>>& fixed,
                                                    const std::function<std::array<double, 2>(size_t, size_t)>& p_win);

/// Checks one force's situation list: every id known, defenders-only lines on a defender, at
/// most one line of an "only one" group, no repeats, fatigue given by the force's fatigue state,
/// and no two environment lines that contradict each other. One message per problem, each
/// naming the id it concerns.
std::vector<std::pair<std::string, std::string>> check_situation(const Rules& rules,
                                                                 const std::vector<std::string>& ids, Role role);

// ---------------------------------------------------------------------------------------------
// Movement, forced march, food

struct MarchQuery {
  std::int64_t troops = 0;
  std::string troop_class;        ///< id
  std::optional<double> rate_ft;  ///< V, the slowest member's rate
  Fatigue fatigue = Fatigue::none;
  int days_without_food = 0;
};
struct ForcedMarchOdds {
  int roll = 0;
  std::string printed;
  bool success = false;
  Fatigue fatigue = Fatigue::none;  ///< after "serious if already fatigued"
};
struct March {
  Fraction rate;  ///< of V
  std::string rate_label;  ///< the band in words, from its figures: "101 or more troops move at V/2"
  std::optional<double> rate_ft;  ///< V' when V is given
  bool can_move = true;
  Fraction forced_rate;  ///< of V'
  std::optional<double> forced_rate_ft;
  /// The forced march's and foraging's die (1d6): their chances are multiples of 1/6 (--fractions).
  static constexpr std::uint64_t kDie = 6;
  std::vector<ForcedMarchOdds> forced;  ///< one per die face
  double p_forced_success = 0;
  std::array<double, 3> p_forced_fatigue{};  ///< none, moderate, serious
  struct Forage {
    std::string id;
    std::string label;  ///< in words, from the row's figures: "foraging at 2V'/3 gives 2 in 6"
    Fraction rate;
    std::optional<double> rate_ft;
    double p = 0;
    Ruled ruled{};  ///< its row, its rate's (of V') and whether the force can move, by a house rule
  };
  std::vector<Forage> forage;
  Fatigue hunger_fatigue = Fatigue::none;  ///< from days without food
  Fatigue effective_fatigue = Fatigue::none;
  report::Steps explain;
  /// The house rules behind its figures.
  struct Sources {
    Ruled rate{};         ///< the rate (of V, and V')
    Ruled forced_rate{};  ///< the forced march's rate (of V', and in feet)
    Ruled forced{};       ///< the forced-march die's results and their odds
    Ruled hunger{};       ///< the fatigue of days without food, and the fatigue in effect
    Ruled can_move{};     ///< whether the force can move
  } ruled{};
};
Expected<March> march(const Rules& rules, const MarchQuery& q);
/// A rate as a fraction of `v` (the book's V or V'), from the data's figures: "V", "V/2", "2V'/3",
/// and "2V'" for 2/1.
std::string fraction_of(const Fraction& f, const std::string& v);
/// The fatigue of a force after `days_without_food` days without food (seed 004, food).
Fatigue hunger_fatigue(const Rules& rules, int days_without_food);

/// The simple siege, week by week: the besieger's BR bonus and the starving defender's numbers.
struct SiegeWeek {
  int week = 0;
  int besieger_bonus = 0;
  std::int64_t defender_troops = 0;
  std::int64_t defender_lost = 0;
  bool starving = false;
  Ruled ruled{};  ///< the house rule behind the bonus or the losses
};
/// food_weeks: weeks of food the defender holds; losses are 10% of the current numbers a week,
/// rounded up (compound) or of the starting numbers (`of_start`).
std::vector<SiegeWeek> simple_siege_weeks(const Rules& rules, std::int64_t defender_troops, int weeks, int food_weeks,
                                          bool of_start);

}  // namespace gunpowder::war
