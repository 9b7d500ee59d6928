// siege_machine.hpp - the Siege Machine of seed 004 (the siege extension of War Machine): weekly
// turns with the attacker's options (bombard, harass, assault), fortification and equipment
// bonuses, bombardment casualties in hit dice, harassment and assault battles through the
// war-machine module, food and ammunition, until capture, departure or starvation.
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

#include "gunpowder/error.hpp"
#include "gunpowder/rng.hpp"
#include "gunpowder/war_machine.hpp"

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

  [[nodiscard]] const SmEquipment* find_equipment(const std::string& id) const;
  [[nodiscard]] const SmFortification* find_fortification(const std::string& id) const;
  [[nodiscard]] const SmBonusRule* bonus_rule(bool defender, const std::string& option) const;
  [[nodiscard]] const SmScaling* scaling_for(const std::string& option) const;
};

Expected<const SiegeMachineRules*> load_siege_machine_rules();

// ---------------------------------------------------------------------------------------------
// A side of the siege

struct SmItem {
  std::string id;
  int count = 1;
  double crew = 1;  ///< fraction of the crew present
  std::optional<double> length_ft;  ///< fortifications counted per length
};

struct SmSide {
  int br = 0;                   ///< War Machine battle rating, before siege bonuses
  std::int64_t troops = 0;
  double hit_dice = 1;          ///< average hit dice of the side's lowest troops
  std::optional<int> food_weeks;          ///< weeks of full rations (absent: never short)
  int short_rations_weeks = 0;            ///< further weeks on short rations (malnutrition)
  std::optional<double> ammunition_weeks; ///< weeks of artillery fire on hand (absent: unlimited)
  int artillery_bonus = 0;      ///< extra artillery BR (e.g. a gunpowder park rated by the referee)
  std::vector<SmItem> equipment;
  std::vector<SmItem> fortifications;  ///< defender only
  std::optional<std::string> tactic;   ///< War Machine tactic in battles (both sides or neither)
};

enum class SmPlan { bombard, harass, assault, bombard_then_assault };
std::string to_string(SmPlan p);

struct SmSetup {
  SmSide attacker, defender;
  SmPlan plan = SmPlan::bombard_then_assault;
  int bombard_weeks = 4;   ///< bombard-then-assault: weeks of bombardment first
  int max_weeks = 52;
  war::TiePolicy tie = war::TiePolicy::reroll;
};

/// The BR bonus of a side's equipment and fortifications for the attacker's option, itemised.
struct SmBonus {
  int artillery = 0;  ///< artillery and ballista part (A of the bombard casualties)
  int equipment = 0;  ///< other equipment counted for the option
  int fortification = 0;
  std::vector<std::string> lines;
  [[nodiscard]] int total() const { return artillery + equipment + fortification; }
};
SmBonus side_bonus(const SiegeMachineRules& r, const SmSide& s, bool defender, const std::string& option);

/// Bombard casualties in hit dice: (A / 10) x roll (Application, Bombard, l. 334-336); not rounded.
double bombard_hit_dice(const SiegeMachineRules& r, int bonus, int roll);

enum class SmEnd { captured_by_assault, captured_by_bombardment, starved, departed, holding_out };
inline constexpr std::array<SmEnd, 5> kSmEnds = {SmEnd::captured_by_assault, SmEnd::captured_by_bombardment,
                                                 SmEnd::starved, SmEnd::departed, SmEnd::holding_out};
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
};

struct SmResult {
  SmEnd end = SmEnd::holding_out;
  int weeks = 0;
  std::int64_t attacker_troops = 0, defender_troops = 0;
};

/// One siege; `log` (may be null) receives the week-by-week account.
Expected<SmResult> run_siege_machine(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, Rng& rng,
                                     std::vector<SmWeek>* log);

struct SmOdds {
  long long runs = 0;
  std::uint64_t seed = 0;
  std::array<long long, 5> ends{};
  std::vector<long long> capture_week;  ///< captures (any way) by week 1..max
  double mean_weeks_to_capture = 0;     ///< over the runs that end in capture
  int median_weeks_to_capture = 0;
};
/// `runs` seeded sieges (siege i uses Rng::stream(seed, i)).
Expected<SmOdds> siege_machine_odds(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, long long runs,
                                    std::uint64_t seed, unsigned threads,
                                    const std::function<void(std::uint64_t)>& progress = {});

}  // namespace gunpowder::siege
