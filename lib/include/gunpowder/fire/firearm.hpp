// firearm.hpp - hand firearms at character scale (seed 000, "Firearms", p. 9-11): the
// catalogue, reload time, misfire chance, the chance to hit an armour class with the range
// penalties and the armour ignored, scattershot, and shots and hits over a span of rounds.
//
// Model and rules only: the figures come from data/firearms.toml through load_firearms().
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/error.hpp"
#include "gunpowder/fire/requests.hpp"

namespace gunpowder::fire {

enum class Band { short_range, medium_range, long_range };
std::string to_string(Band b);

struct Firearm {
  std::string name;  ///< "Matchlock Musket, Smoothbore"
  std::string mechanism, type, bore;
  int damage_dice = 0, damage_die_sides = 0;
  std::array<int, 3> range{};         ///< band upper limits (feet underground, yards outdoors)
  std::array<int, 3> penalty{};       ///< as printed
  std::array<bool, 3> ignores_armor{};
  int reload_drilled = 0, reload_undrilled = 0;
  std::optional<int> reload_style;    ///< Fighting Style (Firearms)
  std::array<int, 3> misfire_pct{};   ///< dry, damp, wet (as printed, weather already applied)
  int encumbrance = 0;
  std::string encumbrance_unit;
  std::optional<double> cost_gp;
  std::string era;
  [[nodiscard]] bool smoothbore() const { return bore == "smoothbore"; }
};

struct FirearmRules {
  int normal_men_throw = 0, veteran_throw = 0;
  int armor_ignored = 0;
  bool musket_all_ranges = false;
  int smoothbore_penalty_multiplier = 0, normal_medium_penalty = 0, normal_long_penalty = 0;
  int dex_modifier_sign = 0;
  std::vector<int> encumbrance_thresholds_stone, encumbrance_increase_rounds;
  int apostles_reduction_rounds = 0;
  int uncleaned_multiplier = 0;
  bool wheellock_weather_exempt = false;
  int misfire_clear_rounds = 0;
  int no_rest_attack_penalty = 0;
  int scattershot_bonus = 0, scattershot_dice = 0, scattershot_die_sides = 0;
  bool scattershot_ignores_armor = false;
  std::string source_characteristics, source_reload, source_misfire, source_attack, source_scattershot;
};

struct FirearmCatalogue {
  std::vector<Firearm> firearms;
  FirearmRules rules;
  /// Looks a firearm up by a name such as "matchlock musket" (smoothbore unless "rifled" is said:
  /// "firearms are generally smoothbore unless otherwise noted"), "rifled flintlock arquebus" or
  /// the printed "Matchlock Musket, Smoothbore"; case-insensitive.
  [[nodiscard]] const Firearm* find(const std::string& query) const;
};

Expected<const FirearmCatalogue*> load_firearms();

// ---------------------------------------------------------------------------------------------

enum class Training { drilled, undrilled, fighting_style };
std::string to_string(Training t);

struct ReloadInput {
  Training training = Training::undrilled;
  int dex_mod = 0;
  double carried_stone = 0;
  bool apostles = false;
};
struct Reload {
  int base = 0, dex = 0, encumbrance = 0, apostles = 0;
  int total = 0;       ///< rounds; never below 0
  bool floored = false;  ///< the adjustments would have gone below 0
  std::vector<std::string> explain;
};
/// Reload time (Firearm Characteristics, p. 10; Fighting Style, p. 11; 12 Apostles, p. 11).
Reload reload_time(const FirearmRules& r, const Firearm& f, const ReloadInput& in);

enum class Weather { dry, damp, wet };
std::string to_string(Weather w);
/// Misfire chance as a probability (the table's weather cells, x2 when not cleaned daily),
/// capped at 1.
struct Misfire {
  int table_pct = 0;
  int pct = 0;          ///< after the cleaning rule, before the cap
  double p = 0;         ///< capped at 1
  bool capped = false;
};
Misfire misfire_chance(const FirearmRules& r, const Firearm& f, Weather w, bool cleaned);

enum class PenaltyRule { printed, rule };

struct ShotInput {
  double range = 0;          ///< feet underground or yards outdoors: the table's numbers either way
  int attack_throw = 0;      ///< shooter's attack throw (11+ normal men)
  int target_ac = 0;
  std::optional<int> armor;  ///< points of the AC from armour, hide or shields (default: all of it)
  bool scattershot = false;
  bool no_rest = false;      ///< musket fired without its fork rest
  int other_mod = 0;         ///< any further attack modifier (+ helps)
  bool naturals = true;      ///< a natural 20 always hits and a natural 1 always misses
  PenaltyRule penalties = PenaltyRule::printed;
};
struct Shot {
  Band band = Band::short_range;
  int penalty = 0;
  int armor_ignored = 0;
  int effective_ac = 0;
  int modifiers = 0;     ///< total of the modifiers to the roll (penalty, rest, scattershot, other)
  int target = 0;        ///< natural d20 roll needed (before the natural rules)
  double p_hit = 0;      ///< per attack throw
  dice::Dist damage;     ///< on a hit
  std::vector<std::string> explain;
};
/// The band of a range, or nullopt beyond long range.
std::optional<Band> band_for(const Firearm& f, double range);
/// One attack throw (p. 9-11). Fails on an impossible request, naming the field: beyond long range
/// ("range"), scattershot from a rifled firearm ("scattershot"), a fork rest for a non-musket
/// ("no_rest"), an armour part larger than the AC ("armor").
Expected<Shot> shot_odds(const FirearmRules& r, const Firearm& f, const ShotInput& in);

/// Firing for `rounds` rounds, starting loaded: each attempt misfires with p_misfire (then
/// `clear_rounds` rounds to clear it and the reload), else fires and hits with p_hit; then
/// `reload` rounds of reloading. Exact distribution by dynamic programming over the rounds.
struct Volley {
  dice::Dist attempts, shots, hits;
  double mean_attempts = 0, mean_shots = 0, mean_hits = 0;
  /// Long-run rates per round (renewal reward: one attempt per 1 + reload + p_misfire x clear rounds).
  double attempts_per_round = 0, hits_per_round = 0;
};
Volley volley(int rounds, int reload, double p_misfire, int clear_rounds, double p_hit);

// ---------------------------------------------------------------------------------------------
// One firearm request: the shot, the reload, the misfire chance and the volley over the minutes

/// ACKS combat rounds last 10 seconds (ACKS core rules; no seed prints it): six to the minute.
/// Used only to turn rounds into "per minute" figures; a request may change it.
inline constexpr double kAcksRoundSeconds = 10;
/// The shots-and-hits distributions follow every round: a bound keeps the work small.
inline constexpr int kMaxRounds = 600;

struct FirearmScenario {
  const Firearm* firearm = nullptr;
  double range = 0;
  bool range_in_feet = true;  ///< underground (feet), else outdoors (yards)
  double round_seconds = kAcksRoundSeconds;
  int minutes = 1;
  int rounds = 0;
  std::string shooter;  ///< "normal" or "veteran"
  ShotInput shot_input;
  Shot shot;
  ReloadInput reload_input;
  Reload reload;
  std::string weather;  ///< "dry", "damp" or "wet"
  Misfire misfire;
  Volley volley;
  [[nodiscard]] double rounds_per_minute() const { return 60.0 / round_seconds; }
};

/// The firearm of a request and its figures. An error names the request's field (its TOML key,
/// e.g. "range_ft").
Expected<FirearmScenario> firearm_scenario(const FirearmCatalogue& cat, const FirearmRequest& request);

}  // namespace gunpowder::fire
