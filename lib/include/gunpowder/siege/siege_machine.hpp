// siege_machine.hpp - the Siege Machine of seed 004 (the siege extension of War Machine): weekly
// turns with the attacker's options (bombard, harass, assault), fortification and equipment
// bonuses, bombardment casualties in hit dice, harassment and assault battles through the
// war-machine module, the defender's sally and departure, the attacker's departure, damage to the
// fortifications, concentrated fire, food (with morale) and ammunition, until capture, departure,
// abandonment, the lifting of the siege or starvation.
//
// Rules only; the figures come from data/siege_machine.toml (and data/war_machine.toml through
// war::load_rules()). Decisions: docs/notes/siege-duration-decisions.md, "Siege Machine".
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/error.hpp"
#include "gunpowder/core/rng.hpp"
#include "gunpowder/siege/siege.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::siege {

// ---------------------------------------------------------------------------------------------
// Tables (data/siege_machine.toml)

struct SmEquipment {
  std::string id, label, category;  ///< category: artillery, ballista, ram, assault, cover, shelter
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
};

/// Which bonuses a side counts for the attacker's option (Preparation, l. 310-323).
struct SmBonusRule {
  bool defender = false;
  std::string option;
  war::Fraction artillery{0, 1}, ballista{0, 1};
  bool artillery_given = false;
  std::vector<std::string> other;  ///< equipment ids counted, "all" = every item
  std::string column;              ///< "assault" | "harass" | "" (which A/H value)
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
  int delay_n = 0, delay_sides = 0;  ///< 1d4 (hours after dawn); 0: no delay roll
  std::string delay_unit;
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

  [[nodiscard]] const SmEquipment* find_equipment(const std::string& id) const;
  [[nodiscard]] const SmFortification* find_fortification(const std::string& id) const;
  [[nodiscard]] const SmBonusRule* bonus_rule(bool defender, const std::string& option) const;
  [[nodiscard]] const SmScaling* scaling_for(const std::string& option) const;
  [[nodiscard]] const SmDetection* detection_for(const std::string& option) const;
};

Expected<const SiegeMachineRules*> load_siege_machine_rules();

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
};

enum class SmPlan { bombard, harass, assault, bombard_then_assault };
std::string to_string(SmPlan p);

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
  // The attacker's departure (Attacker options, Depart, l. 285).
  std::optional<int> depart_after_weeks;           ///< leaves at the start of the next week
  std::optional<double> depart_below_troop_ratio;  ///< leaves when its troops / the defender's fall below
  // Damage to fortifications (l. 345-354).
  std::optional<double> stronghold_shp;   ///< one pool for the whole stronghold (no per-entry shp)
  double gunpowder_weekly_damage = 0;     ///< the besieger's gunpowder park: shp a day x 7 (bombardment)
  // Concentrated fire (l. 356-358).
  std::optional<double> front_ft;         ///< length of fortification attacked
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
  std::vector<std::string> lines;
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
};

struct SmResult {
  SmEnd end = SmEnd::holding_out;
  int weeks = 0;
  std::int64_t attacker_troops = 0, defender_troops = 0;
  std::int64_t escaped = 0;          ///< defenders who got away (departure)
  std::optional<double> shp_left;
};

/// One siege; `log` (may be null) receives the week-by-week account.
Expected<SmResult> run_siege_machine(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, Rng& rng,
                                     std::vector<SmWeek>* log);

struct SmOdds {
  long long runs = 0;
  std::uint64_t seed = 0;
  std::array<long long, kSmEnds.size()> ends{};
  std::vector<long long> capture_week;  ///< captures (any way) by week 1..max
  double mean_weeks_to_capture = 0;     ///< over the runs that end in capture
  int median_weeks_to_capture = 0;
};
/// `runs` seeded sieges (siege i uses Rng::stream(seed, i)).
Expected<SmOdds> siege_machine_odds(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, long long runs,
                                    std::uint64_t seed, unsigned threads,
                                    const std::function<void(std::uint64_t)>& progress = {});

}  // namespace gunpowder::siege
