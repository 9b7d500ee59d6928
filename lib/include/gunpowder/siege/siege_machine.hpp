// siege_machine.hpp - the Siege Machine of seed 004 (the siege extension of War Machine): weekly
// turns with the attacker's options (bombard, harass, assault), fortification and equipment
// bonuses, bombardment casualties in hit dice, harassment and assault battles through the
// war-machine module, the defender's sally and departure, the attacker's departure, damage to the
// fortifications, concentrated fire, food (with morale) and ammunition, until capture, departure,
// abandonment, the lifting of the siege or starvation.
//
// Rules only; the figures come from data/siege_machine.toml (and data/war_machine.toml through
// war::load_rules(tables)). Decisions: docs/notes/siege-duration-decisions.md, "Siege Machine".
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/explain.hpp"
#include "gunpowder/core/error.hpp"
#include "gunpowder/core/rng.hpp"
#include "gunpowder/siege/siege.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::siege {

// ---------------------------------------------------------------------------------------------
// Tables (data/siege_machine.toml)

/// The categories of siege equipment (War Machine, Siege Machine equipment table): a closed kind,
/// since the bonus rules treat each its own way (artillery and ballistas fire, rams are doubled by
/// gallery sheds). Spelled once, in sm_category_names(); a row of another category is refused.
enum class SmCategory { artillery, ballista, ram, assault, cover, shelter };
/// "artillery", "ballista", ... in the enum's order.
const std::vector<std::string>& sm_category_names();
std::optional<SmCategory> parse_sm_category(std::string_view s);

struct SmEquipment {
  std::string id, label;
  SmCategory category = SmCategory::cover;
  /// Artillery or ballista: the equipment that fires.
  [[nodiscard]] bool fires() const { return category == SmCategory::artillery || category == SmCategory::ballista; }
  int br = 0;
  std::optional<int> br_assault, br_harass;  ///< "x(A), y(H)" items
  std::vector<std::string> multiplies;       ///< gallery shed: bore, ram
  int multiplier = 1;
  std::optional<int> one_per_men;            ///< "requires 1 per 100 men"
};

struct SmFortification {
  std::string id, label;
  int br = 0;
  std::optional<int> per_length_ft;  ///< the value is per this length of the feature
  bool attacker = false;             ///< a breach helps the attacker
  /// A stone building: destroyed, one yields its BR value in weeks of ammunition (Other notes,
  /// Reclaiming ammunition); the row's `stone_building`.
  bool stone_building = false;
};

/// Which value of an "x(A), y(H)" item a bonus rule counts (Preparation): a closed kind, spelled
/// once in sm_value_column_names() (the `equipment_value_column` of a [[tactic_bonus_rule]]).
enum class SmValueColumn { assault, harass };
const std::vector<std::string>& sm_value_column_names();

/// Which bonuses a side counts for the attacker's option (Preparation, l. 310-323).
struct SmBonusRule {
  bool defender = false;
  std::string option;
  war::Fraction artillery{0, 1}, ballista{0, 1};
  bool artillery_given = false;
  std::vector<std::string> other;       ///< equipment ids counted
  bool other_all = false;               ///< `other_equipment` is ["all"]: every item counts
  std::optional<SmValueColumn> column;  ///< which A/H value; none: the plain BR
  std::string source;              ///< where the book gives the rule ("War Machine, Preparation, ...")
};

struct SmScaling {  ///< casualties of harassment and assault (Application, l. 337-343)
  std::string option;
  war::Fraction attacker{1, 1}, defender{1, 1};
  bool location_changes = true;
  std::array<int, 2> artillery_split_pct{100, 0};
};

struct SmCrewBand {
  double min = 0;
  std::optional<double> max_exclusive;
  war::Fraction counts{1, 1};
};

struct SmExample {  ///< the bombard casualty examples (rules-gaps §3)
  std::string id;
  int bonus = 0;
  std::string dice;
  int roll = 0;
  double expected_hd = 0;
};

/// One step of the damage to fortifications (Application, l. 345-354): the fortifications it
/// damages and the percent of their points it destroys before the damage moves on.
struct SmDamageStep {
  int order = 0;
  std::string target;
  int pct = 0;
  std::vector<std::string> fortifications;  ///< empty on the "again" step
  bool repeat = false;                      ///< "walls and the above list again"
};

/// When the defender's departure is noticed, by the attacker's option (Defender options, l. 294-296).
struct SmDetection {
  std::string option, detected;
  bool noticed = true;               ///< false: the departure is never noticed (the row's `noticed`)
  int delay_n = 0, delay_sides = 0;  ///< 1d4 (hours after dawn); 0: no delay roll
  std::string delay_unit;
};

/// One row of the Create food table (Siege Machine, Create food): what one caster of the level
/// makes per spell and per day, read as people fed (rations).
struct SmCreateFood {
  int level = 0, per_day = 0;
};

/// Ammunition conversion (Other notes): `units` of this engine's ammunition are worth the same as
/// the other rows' units (6 light catapult = 5 heavy catapult = 4 trebuchet).
struct SmConversion {
  std::string equipment;
  int units = 0;
};

/// Field construction (Other notes): supervision, materials, wood and labour.
struct SmFieldRules {
  int engineer_max = 0, artillerist_max = 0;  ///< constructions one can oversee at a time
  war::Fraction materials{1, 10};             ///< of the listed equipment cost
  int wood_hp_factor = 0, wood_men_group = 0, wood_distance_group_miles = 0;  ///< 5 x floor(n/10) x ceil(d/5)
  war::Fraction hp_per_man_day{1, 2};
  int max_men_per_item = 0;
};

struct SiegeMachineRules {
  std::string source;
  std::vector<SmEquipment> equipment;
  std::vector<SmFortification> fortifications;
  std::vector<SmBonusRule> bonus_rules;
  std::vector<SmScaling> scaling;
  std::vector<SmCrewBand> crew_bands;
  int assault_br_pct = 0;  ///< the attacker's assault: +5% BR
  int bombard_divisor = 0; ///< A / 10
  int defender_dice_n = 0, defender_dice_sides = 0;  ///< 1d10 (rolled with the attacker's A)
  int attacker_dice_n = 0, attacker_dice_sides = 0;  ///< 2d10 (rolled with the defender's A')
  int malnutrition_moderate = 0, malnutrition_serious = 0, malnutrition_br_loss = 0;
  int br_loss_pct = 0;
  war::Fraction reclaim_defender{0, 1};  ///< of the attacker's artillery ammunition fired
  std::array<war::Fraction, 3> reclaim_attacker{};  ///< bombard, harass, assault
  std::vector<SmExample> examples;
  int sally_br_pct = 0;      ///< the defender's assault: +10% BR (surprise)
  int rearguard_pct = 0;     ///< the defender's departure leaves 10% behind
  std::vector<SmDetection> detection;
  int damage_dice_sides = 0; ///< d - 1d% (1d100)
  std::vector<SmDamageStep> damage_steps;  ///< in order
  int cf_troops_per_100ft = 0, cf_engines_per_100ft = 0, cf_full_within_ft = 0;  ///< concentrated fire
  war::Fraction cf_other{1, 4};  ///< BR of fortifications farther than 200'
  int morale_loss_per_week = 0;  ///< of malnutrition
  int fatigue_weeks = 1;         ///< a battle's fatigue lasts this many weeks (Application)
  bool ballista_ammunition_ruined = true;  ///< by firing: nothing of it is reclaimed (Other notes)
  // Money (Preparation, Application; Other notes, Food).
  war::Fraction ration_price{1, 2};  ///< rations at half adventurer prices
  double adventurer_ration_gp = 0;   ///< a person's rations for a week at adventurer prices (not printed)
  int mount_rations = 1;             ///< mounts require double human rations
  std::vector<SmCreateFood> create_food;
  std::vector<SmConversion> conversion;
  SmFieldRules field;

  [[nodiscard]] const SmCreateFood* create_food_at(int level) const;
  [[nodiscard]] const SmConversion* conversion_for(const std::string& equipment) const;

  [[nodiscard]] const SmEquipment* find_equipment(const std::string& id) const;
  [[nodiscard]] const SmFortification* find_fortification(const std::string& id) const;
  [[nodiscard]] const SmBonusRule* bonus_rule(bool defender, const std::string& option) const;
  [[nodiscard]] const SmScaling* scaling_for(const std::string& option) const;
  [[nodiscard]] const SmDetection* detection_for(const std::string& option) const;
};

/// The rules of data/siege_machine.toml in `tables`, loaded on the first call for that Tables.
Expected<const SiegeMachineRules*> load_siege_machine_rules(const data::Tables& tables);

// ---------------------------------------------------------------------------------------------
// A side of the siege

struct SmItem {
  std::string id;
  int count = 1;
  double crew = 1;  ///< fraction of the crew present
  std::optional<double> length_ft;  ///< fortifications counted per length
  std::optional<dice::Notation> damage;  ///< attacker device: its damage roll against structures (each)
  std::optional<double> shp;             ///< fortification: structural points of the whole entry
  bool near = false;                     ///< fortification marked within 200' of the front (concentrated fire)
};

struct SmSide {
  int br = 0;                   ///< War Machine battle rating, before siege bonuses (given, or rated from a force)
  std::int64_t troops = 0;
  double hit_dice = 1;          ///< average hit dice of the side's lowest troops
  std::optional<int> food_weeks;          ///< weeks of full rations (absent: never short)
  int short_rations_weeks = 0;            ///< further weeks on short rations (malnutrition)
  std::optional<double> ammunition_weeks; ///< weeks of artillery fire on hand (absent: unlimited)
  int artillery_bonus = 0;      ///< extra artillery BR (e.g. a gunpowder park rated by the referee)
  std::vector<SmItem> equipment;
  std::vector<SmItem> fortifications;  ///< defender only
  std::optional<std::string> tactic;   ///< War Machine tactic in battles (both sides or neither)
  std::optional<int> morale;           ///< morale score: -2 a week of malnutrition
  std::optional<int> morale_floor;     ///< the troops desert when morale falls to this or below
  // Money (Preparation: weekly payroll, food, water, supplies and ammunition costs; money on hand).
  std::optional<double> money_gp;            ///< money on hand at the start (absent: not tracked)
  double pay_gp_per_troop_week = 0;          ///< payroll, a troop a week (troops on hand)
  std::int64_t mounts = 0;                   ///< mounts eat double rations
  std::optional<double> ration_gp_per_week;  ///< adventurer price of a person's week of rations (absent: the table's)
  double water_gp_per_week = 0, supplies_gp_per_week = 0;
  double ammunition_gp_per_week = 0;             ///< a week of artillery fire, paid each week the artillery fires
  double income_gp_per_week = 0;                 ///< the attacker's dominion income (a ruler under siege receives none)
  std::vector<std::pair<int, int>> create_food;  ///< (caster level, casters): Create food each day
};

/// A side's costs for one week (Preparation; Application, step 1), in gp.
struct SmCosts {
  double payroll = 0, food = 0, water = 0, supplies = 0, ammunition = 0;
  double materials = 0;  ///< field construction's materials (the first week)
  [[nodiscard]] double total() const { return payroll + food + water + supplies + ammunition + materials; }
};

/// People fed for a day by the side's Create food casters: the table's per-day figure for each
/// caster's level times the casters (one day's food feeds a person a day, so as many for a week).
double create_food_fed(const SiegeMachineRules& r, const SmSide& s);
/// The share of the side's rations (troops plus twice the mounts) that are not made by Create food.
double rations_needed_share(const SiegeMachineRules& r, const SmSide& s, std::int64_t troops);
/// The week's costs of a side with `troops` on hand: payroll, the rations bought (`ration_share`
/// of the side's rations: 0 when Create food feeds everyone or the side is unfed, 1/2 on short
/// rations), water, supplies, and a week of ammunition when its artillery fires.
SmCosts weekly_costs(const SiegeMachineRules& r, const SmSide& s, std::int64_t troops, double ration_share, bool fires);

/// Ammunition conversion: units on hand of each engine's ammunition (6 light catapult = 5 heavy
/// catapult = 4 trebuchet units, a unit being one engine's week of fire) as weeks of fire for the
/// side's engines. Field errors name `field` (the units table) when an engine has no conversion or
/// the side has no engine that uses converted ammunition.
Expected<double> ammunition_weeks_from_units(const SiegeMachineRules& r, const std::vector<SmItem>& equipment,
                                             const std::vector<std::pair<std::string, double>>& units,
                                             const std::string& field);

/// Field construction (Other notes): siege equipment built in the field.
struct SmBuild {
  std::string id;  ///< an equipment id
  int count = 1;
  double hp = 0;       ///< hit points of one item (not printed: given)
  double cost_gp = 0;  ///< listed cost of one item (not printed: given); materials are a tenth
};
struct SmConstruction {
  std::vector<SmBuild> items;
  int engineers = 0, artillerists = 0;
  std::int64_t builders = 0;  ///< untrained men building, at most 9 an item
  std::int64_t wood_men = 0;  ///< n men collecting wood
  double wood_miles = 0;      ///< d miles from the wood source
};
struct SmBuiltItem {
  std::string id;
  double hp = 0, materials_gp = 0;
  int day = 0;   ///< finished at the end of this day
  int week = 0;  ///< joins the siege in this week (the week after the one it is finished in)
};
struct SmConstructionPlan {
  double wood_hp_per_day = 0, materials_gp = 0;
  int days = 0;
  std::vector<SmBuiltItem> items;  ///< one per item built, in the order finished
};
/// Day by day: wood collected (5 x floor(n/10) x ceil(d/5) hp a day), up to 4 constructions per
/// engineer and 2 artillery constructions per artillerist at a time, at most 9 men an item, each
/// building 1/2 hp a day from the wood on hand. Errors (field paths under `construction`) when the
/// work can never finish or takes more than 10,000 days.
Expected<SmConstructionPlan> plan_construction(const SiegeMachineRules& r, const SmConstruction& c);

enum class SmPlan { bombard, harass, assault, bombard_then_assault };
inline constexpr std::array kSmPlans = {SmPlan::bombard, SmPlan::harass, SmPlan::assault, SmPlan::bombard_then_assault};
std::string to_string(SmPlan p);
/// The plan whose to_string is `value`; nullopt when none.
std::optional<SmPlan> parse_plan(std::string_view value);

/// The defender's plan (Defender options, l. 292-299): stay inside, sally (its assault option), or
/// depart by an avenue of escape.
enum class SmDefenderPlan { stay, sally, depart };
std::string to_string(SmDefenderPlan p);
/// When the defender acts without a fixed week: on short rations, or once a breach is open.
enum class SmWhen { starving, breached };
std::string to_string(SmWhen w);

struct SmSetup {
  SmSide attacker, defender;
  SmPlan plan = SmPlan::bombard_then_assault;
  int bombard_weeks = 4;   ///< bombard-then-assault: weeks of bombardment first
  int max_weeks = 52;
  war::TiePolicy tie = war::TiePolicy::reroll;
  // The defender's plan: in week `defender_week`, or every week `defender_when` holds.
  SmDefenderPlan defender_plan = SmDefenderPlan::stay;
  std::optional<int> defender_week;
  std::optional<SmWhen> defender_when;
  bool escape = false;  ///< an avenue of escape is available (departure needs it)
  bool pursue_departure = true;  ///< a departure the attacker notices is pursued: a War Machine battle
  // The attacker's departure (Attacker options, Depart, l. 285).
  std::optional<int> depart_after_weeks;           ///< leaves at the start of the next week
  std::optional<double> depart_below_troop_ratio;  ///< leaves when its troops / the defender's fall below
  // Damage to fortifications (l. 345-354).
  std::optional<double> stronghold_shp;   ///< one pool for the whole stronghold (no per-entry shp)
  double gunpowder_weekly_damage = 0;     ///< the besieger's gunpowder park: shp a day x 7 (bombardment)
  // Concentrated fire (l. 356-358).
  std::optional<double> front_ft;         ///< length of fortification attacked
  // Field construction by the attacker (Other notes): the items join its equipment when built.
  std::optional<SmConstruction> construction;
  std::optional<SmConstructionPlan> construction_plan;  ///< planned once by the reader (else by each run)
};

/// The stronghold's structural points by damage group (Application, l. 345-354).
struct SmStructure {
  std::vector<std::string> labels;      ///< of the groups
  std::vector<double> initial, left;    ///< points of each group
  std::vector<int> entry_group;         ///< per defender fortification entry; -1: takes no damage
  std::vector<std::pair<int, double>> steps;  ///< (group, points left once the step is done), in order
  [[nodiscard]] bool tracked() const { return !initial.empty(); }
  [[nodiscard]] double total_initial() const;
  [[nodiscard]] double total_left() const;
  /// The share of its points an entry has left (1 for an entry that takes no damage).
  [[nodiscard]] double fraction(size_t entry) const;
};
/// The groups and the step list: per-entry `shp` of the defender's fortifications, or one pool of
/// `stronghold_shp` shared by every entry. Untracked (empty) when neither is given.
SmStructure make_structure(const SiegeMachineRules& r, const SmSide& defender, std::optional<double> stronghold_shp);
/// Applies `damage` points: walls until 75% of their points are gone, then 20% of gatehouses,
/// normal buildings, towers and keeps, then walls and that list again, 20% at a time. Returns the
/// points taken (damage beyond what is left is lost).
double apply_fortification_damage(SmStructure& s, double damage);
/// Length of wall knocked down (a breach for the attacker): each wall entry's length times the
/// share of its points destroyed.
double breached_ft(const SiegeMachineRules& r, const SmSide& defender, const SmStructure& s);

/// Concentrated fire (l. 356-358): the most engines and troops the front allows.
struct SmFront {
  std::int64_t max_troops = 0;
  int max_engines = 0;
};
SmFront front_limits(const SiegeMachineRules& r, double front_ft);
/// The attacker's equipment with the siege engines (artillery, ballistas, rams, assault items)
/// cut to the front's limit, highest BR first (input order on equal BR).
std::vector<SmItem> engines_at_front(const SiegeMachineRules& r, const std::vector<SmItem>& equipment, int max_engines);

/// The BR bonus of a side's equipment and fortifications for the attacker's option, itemised.
struct SmBonus {
  int artillery = 0;  ///< artillery and ballista part (A of the bombard casualties)
  int equipment = 0;  ///< other equipment counted for the option
  int fortification = 0;
  report::Steps steps;  ///< how each part was counted (--explain)
  [[nodiscard]] int total() const { return artillery + equipment + fortification; }
};
/// With `structure`, damaged fortifications count the share of their points left; with
/// `concentrated`, fortifications not within 200' of the front count a quarter (rounded up).
SmBonus side_bonus(const SiegeMachineRules& r, const SmSide& s, bool defender, const std::string& option,
                   const SmStructure* structure = nullptr, bool concentrated = false);

/// The sally's surprise: the defender's BR +10% (Defender options, Assault), rounded up.
int sally_bonus(const SiegeMachineRules& r, int defender_br);

/// The besieger's gunpowder park in a Siege Machine turn (a week, turn_length "week"): seven days
/// of the bombardment method's shp a day, added to d while its artillery fires.
double gunpowder_weekly_damage(const Bombardment& b);

/// Bombard casualties in hit dice: (A / 10) x roll (Application, Bombard, l. 334-336); not rounded.
double bombard_hit_dice(const SiegeMachineRules& r, int bonus, int roll);

enum class SmEnd { captured_by_assault, captured_by_bombardment, starved, abandoned, departed, lifted, holding_out };
inline constexpr std::array<SmEnd, 7> kSmEnds = {SmEnd::captured_by_assault, SmEnd::captured_by_bombardment,
                                                 SmEnd::starved,  SmEnd::abandoned, SmEnd::departed,
                                                 SmEnd::lifted,   SmEnd::holding_out};
/// Whether the stronghold is taken (captured, starved out or abandoned).
bool falls(SmEnd e);
std::string to_string(SmEnd e);
std::string describe(SmEnd e);

struct SmWeek {
  int week = 0;
  std::string option;
  std::array<int, 2> br{};            ///< modified BR in a battle (attacker, defender)
  std::array<int, 2> rolls{};         ///< d100 rolls in a battle
  std::string battle;                 ///< battle result text
  double attacker_hd = 0, defender_hd = 0;        ///< artillery casualties in hit dice
  std::int64_t attacker_lost = 0, defender_lost = 0;
  std::int64_t attacker_troops = 0, defender_troops = 0;
  std::string note;
  // Damage to fortifications: d of the devices used, the 1d% roll, the points destroyed.
  std::optional<double> damage_d;
  std::optional<int> damage_roll;
  double damage = 0;
  std::optional<double> shp_left;  ///< after the week's damage (when the structure is tracked)
  double breach_ft = 0;            ///< wall knocked down so far
  std::optional<int> attacker_morale, defender_morale;
  std::int64_t escaped = 0;        ///< defenders who departed
  std::array<SmCosts, 2> costs{};  ///< the week's costs (attacker, defender)
  std::array<std::optional<double>, 2> money;  ///< money on hand after the week's costs (when tracked)
  double ammunition_yield = 0;     ///< weeks of ammunition the defender gains from stone buildings destroyed
  std::vector<std::string> built;  ///< equipment that joins the attacker this week
};

struct SmResult {
  SmEnd end = SmEnd::holding_out;
  int weeks = 0;
  std::int64_t attacker_troops = 0, defender_troops = 0;
  std::int64_t escaped = 0;          ///< defenders who got away (departure)
  std::optional<double> shp_left;
  std::array<double, 2> cost_total{};          ///< gp spent over the siege (attacker, defender)
  std::array<std::optional<double>, 2> money;  ///< money left (when tracked)
};

/// One siege; `log` (may be null) receives the week-by-week account.
Expected<SmResult> run_siege_machine(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, Rng& rng,
                                     std::vector<SmWeek>* log);

struct SmOdds {
  long long runs = 0;
  std::uint64_t seed = 0;
  std::array<long long, kSmEnds.size()> ends{};
  std::vector<long long> capture_week;  ///< captures (any way) by week 1..max
  /// Over the runs that end in capture: the mean and the median (the smallest week by which half
  /// of them have fallen) of capture_week.
  double mean_weeks_to_capture = 0;
  int median_weeks_to_capture = 0;
  std::array<double, 2> mean_cost_gp_total{};  ///< gp spent over a siege, mean over the runs (attacker, defender)
  std::array<double, 2> cost_sd{};             ///< their standard deviation over the runs
  std::map<long long, std::uint64_t> weeks_counts;  ///< sieges by the weeks they lasted (any end)
  /// Sieges by the troops each side has at the end (attacker, defender).
  std::array<std::map<long long, std::uint64_t>, 2> troops_left_counts;
  /// Sieges by what each side spent over them (attacker, defender), in whole gp (sm_whole_gp).
  std::array<std::map<long long, std::uint64_t>, 2> cost_counts;
};
/// A cost in gp to the whole gp: counted to the copper piece (0.01 gp) first, as the means are,
/// then half a gp and more up (1,234.50 gp is 1,235).
long long sm_whole_gp(double gp);
/// `runs` seeded sieges (siege i uses Rng::stream(seed, i)).
Expected<SmOdds> siege_machine_odds(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, long long runs,
                                    std::uint64_t seed, unsigned threads,
                                    const std::function<void(std::uint64_t)>& progress = {});


/// The exact Siege Machine's bounds: the distinct states its chain may go through (states of
/// different weeks count apart), and the throws' outcomes it may enumerate (each plays one week
/// from a state). Past either the chain stops and the sieges are sampled instead.
inline constexpr long long kSmExactStates = 100'000;
inline constexpr long long kSmExactPaths = 1'000'000;
/// The chain also stops as soon as it is on course to pass its path bound: before a week, if the
/// week's states at the last week's pace of outcomes per state would pass it, and within a week,
/// once kSmExactPaceFrom of its states are played, at the week's own pace so far.
inline constexpr size_t kSmExactPaceFrom = 16;
/// The exact chain enumerates a week's damage throw (the devices' dice) only with at most this
/// many totals (each device's dice counted as n x sides, and their distinct sums), and at most
/// 4,000,000 pairs of totals to add; a throw with more (a device of 2000d100, as the input may
/// give) sends the siege to sampling before the work is done.
inline constexpr long long kSmExactDamageTotals = 20'000;
/// The exact chain enumerates the artillery's casualty dice (bombard) by the pairs of their totals
/// (each side's n x (sides - 1) + 1): with more pairs than this (house rules of 1000d100 a side)
/// the sieges are sampled, before any week is played.
inline constexpr long long kSmExactCasualtyPairs = 100'000;

/// The siege computed exactly: a Markov chain over its states between weeks (both sides' troops,
/// food, morale, ammunition, money (and then costs so far), battle fatigue, the structure's points
/// and the stone buildings destroyed), probability mass carried week by week with the throws' exact
/// odds (a battle's d100 pair only through the winner and row of the combat results, the damage
/// roll only through the damage it leaves), equal states merged. The same figures as SmOdds, as
/// probabilities.
struct SmExact {
  bool complete = false;     ///< false: the chain passed a bound (states or paths say which)
  bool on_course = false;    ///< (complete false) stopped before a week it was on course to pass its path bound in
  bool too_many_totals = false;  ///< (complete false) a damage throw had more than kSmExactDamageTotals totals
  bool too_many_casualty_pairs = false;  ///< (complete false) the casualty dice have more than kSmExactCasualtyPairs pairs
  long long states = 0;      ///< distinct states the chain went through
  long long week_states = 0; ///< the most states of one week
  long long paths = 0;       ///< outcomes of the weeks' throws enumerated
  int week = 0;              ///< the last week the chain played (or was about to)
  double settled = 0;        ///< the share of the sieges that had ended when the chain stopped
  std::array<double, kSmEnds.size()> ends{};  ///< P(end)
  std::vector<double> capture_week;           ///< P(falls in week k), k = 1..max
  double mean_weeks_to_capture = 0;           ///< over the sieges that fall
  int median_weeks_to_capture = 0;
  std::array<double, 2> mean_cost_gp_total{};  ///< to the copper piece (attacker, defender)
  std::array<double, 2> cost_sd{};             ///< the costs' standard deviation
  /// Whether `cost` holds the costs' distribution: only where money on hand is counted (the costs
  /// then decide the play and are part of the state); elsewhere only their mean and sd are exact.
  bool cost_distribution = false;
  std::map<long long, double> weeks;            ///< P(the siege lasts k weeks)
  std::array<std::map<long long, double>, 2> troops_left;  ///< P(troops at the end)
  std::array<std::map<long long, double>, 2> cost;         ///< P(cost in whole gp, sm_whole_gp); see cost_distribution
};
/// The siege's exact distribution, or (complete false) where the chain passed `max_states` or
/// `max_paths`. Errors as run_siege_machine's.
Expected<SmExact> siege_machine_exact(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s,
                                      long long max_states = kSmExactStates, long long max_paths = kSmExactPaths);

}  // namespace gunpowder::siege
