// firearm.hpp - hand firearms at character scale (seed 000, "Firearms", p. 9-11): the
// catalogue, reload time, misfire chance, the chance to hit an armour class with the range
// penalties and the armour ignored, scattershot, and shots and hits over a span of rounds.
//
// Model and rules only: the figures come from data/firearms.toml through the firearms module's
// loader (firearms/firearms.hpp), the one the units module uses too.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/error.hpp"
#include "gunpowder/core/explain.hpp"
#include "gunpowder/fire/requests.hpp"
#include "gunpowder/firearms/firearms.hpp"

namespace gunpowder::fire {

enum class Band { short_range, medium_range, long_range };
std::string to_string(Band b);

// The table of firearms is the firearms module's (shared with the units module); these are its
// names in the fire module's rules.
using Firearm = firearms::Firearm;
using FirearmRules = firearms::Rules;
using FirearmCatalogue = firearms::Catalogue;

/// The one load of data/firearms.toml in `tables` (firearms::load_catalogue).
inline Expected<const FirearmCatalogue*> load_firearms(const data::Tables& tables) {
  return firearms::load_catalogue(tables);
}

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
  int total = 0;         ///< rounds; never below 0
  bool floored = false;  ///< the adjustments would have gone below 0
  report::Steps explain;
};
/// Reload time (Firearm Characteristics, p. 10; Fighting Style, p. 11; 12 Apostles, p. 11).
Reload reload_time(const FirearmRules& r, const Firearm& f, const ReloadInput& in);

enum class Weather { dry, damp, wet };
std::string to_string(Weather w);
/// Misfire chance as a probability (the table's weather cells, x2 when not cleaned daily),
/// capped at 1.
struct Misfire {
  int table_pct = 0;
  int pct = 0;   ///< after the cleaning rule, before the cap
  double p = 0;  ///< capped at 1
  bool capped = false;
};
Misfire misfire_chance(const FirearmRules& r, const Firearm& f, Weather w, bool cleaned);

enum class PenaltyRule { printed, rule };

struct ShotInput {
  double range = 0;      ///< feet underground or yards outdoors: the table's numbers either way
  int attack_throw = 0;  ///< shooter's attack throw (11+ normal men)
  int target_ac = 0;
  std::optional<int> armor;  ///< points of the AC from armour, hide or shields (default: all of it)
  bool scattershot = false;
  bool no_rest = false;  ///< musket fired without its fork rest
  int other_mod = 0;     ///< any further attack modifier (+ helps)
  bool naturals = true;  ///< a natural 20 always hits and a natural 1 always misses
  PenaltyRule penalties = PenaltyRule::printed;
};
struct Shot {
  Band band = Band::short_range;
  int penalty = 0;
  int armor_ignored = 0;
  int effective_ac = 0;
  int modifiers = 0;  ///< total of the modifiers to the roll (penalty, rest, scattershot, other)
  int target = 0;     ///< natural d20 roll needed (before the natural rules)
  double p_hit = 0;   ///< per attack throw
  dice::Dist damage;  ///< on a hit
  report::Steps explain;
};
/// The band of a range, or nullopt beyond long range.
std::optional<Band> band_for(const Firearm& f, double range);
/// One attack throw (p. 9-11). Fails on an impossible request, naming the field: beyond long range
/// ("range"), scattershot from a rifled firearm ("scattershot"), a fork rest for a non-musket
/// ("no_rest"), an armour part larger than the AC ("armor").
Expected<Shot> shot_odds(const FirearmRules& r, const Firearm& f, const ShotInput& in);

/// Firing for `rounds` rounds, starting loaded: each attempt misfires with p_misfire (then
/// `clear_rounds` rounds to clear it and the reload), else fires and hits with p_hit; then
/// `reload` rounds of reloading. Exact distribution by dynamic programming over the attempts (the
/// round each falls in and the count before it): rounds x rounds work, whatever the reload.
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
