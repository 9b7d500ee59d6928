// siege.hpp - how long a siege takes and what it costs: simplified sieges (Duration of Siege
// table, rules-gaps.md §1, used by seed 000 "Sieges Simplified"), bombardment by gunpowder
// artillery (seed 000 "Bombarding with Gunpowder Artillery"), and the artillery duel (seed 000
// "Gunpowder Artillery Duels"). Structural strength points of seed 001 are in structures.hpp.
//
// Model and rules only: no I/O, no TOML, no command line. The tables come from
// data/siege_duration.toml and data/structures.toml (siege_data.cpp), and from the loaders of the
// modules that own the other files: broadside.toml's [gate_door] and [cannon_loss] (fire),
// artillery.toml's pieces, [rules.duel] and [rules.spiking] (artillery), siege_machine.toml's
// equipment ids (siege_machine_data.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/artillery/duel_rules.hpp"
#include "gunpowder/core/error.hpp"
#include "gunpowder/core/explain.hpp"
#include "gunpowder/core/rng.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::siege {

// ---------------------------------------------------------------------------------------------
// Rule tables

struct AdvantageBand {  ///< one column of the Duration of Siege table
  int min = 0;
  std::optional<int> max;  ///< nullopt on the open-ended last column ("601+")
  std::string label;
};

struct DurationRow {  ///< one row of the Duration of Siege table
  int shp_min = 0, shp_max = 0;
  bool open_ended = false;
  std::string label;
  std::vector<int> days;  ///< one cell per band; not_by_assault where the table prints a dash
};

struct SiteMultiplier {
  std::string key, site;
  int multiplier = 1;
};

struct SiegeStructure {  ///< a stronghold part of the D@W structure list (its shp; its AC is a note)
  std::string key, name;
  int shp = 0;
};

struct ExamplePiece {  ///< an artillery line of the worked example, as the example counts it
  std::string piece;   ///< "24-pdr cannon"
  int count = 0;
  int bonus_units_each = 0;
};

struct DurationExample {  ///< the worked example (seed 000, Sieges Simplified)
  std::string source, description;
  int besieger_units = 0, defender_units = 0;
  std::vector<ExamplePiece> besieger_artillery, defender_artillery;
  int besieger_total = 0, defender_total = 0, unit_advantage = 0, stronghold_shp = 0, expected_days = 0;
};

struct DurationTables {
  std::string source;
  std::vector<AdvantageBand> bands;
  std::vector<DurationRow> rows;
  int not_by_assault = -1;
  int captured_without_fight = 0;
  int minimum_advantage = 1;
  bool progress_proportional = true;
  std::vector<SiteMultiplier> sites;
  double stone_gp_per_shp = 0;
  double wood_fraction_of_stone = 0;
  int shp_per_breach = 0;
  std::string breach_source;  ///< [breach] source
  std::vector<SiegeStructure> structures;
  std::vector<DurationExample> examples;

  [[nodiscard]] const SiteMultiplier* site(const std::string& key) const;
  [[nodiscard]] const SiegeStructure* structure(const std::string& key) const;
};

/// Gunpowder Artillery Duels (seed 000, pp. 18-19) and Spiking the Guns (p. 18): the artillery
/// module's [rules.duel] and [rules.spiking], with the rounds in a day.
struct DuelRules : artillery::DuelRules {
  int rounds_per_day = 0;  ///< combat rounds in a day (rules.design.rof_rounds_per_day): default round limit
};

/// Structural strength points of seed 001 (data/structures.toml) and what goes with them in
/// data/broadside.toml (through the fire module's loader): gates and doors, and the cannon a
/// damaged structure loses.
struct StructureRules {
  std::string source;
  double level_height_in = 0;
  double section_length_in = 0;
  int round_factor = 0;
  bool round_factor_may_be_pi = false;
  int round_up_multiple = 0;
  struct Material {
    std::string key, description;
    int factor = 0;
  };
  std::vector<Material> materials;
  struct Example {
    std::string description, shape;
    int material_factor = 0;
    std::optional<double> length_in, width_in, diameter_in;
    double height_levels = 0;
    int printed_points = 0, formula_points = 0, expected_points = 0;
    bool contradiction = false;
  };
  std::vector<Example> examples;
  // [gate_door] (broadside.toml)
  std::string gate_door_source, gate_door_range;
  std::vector<std::pair<std::string, std::string>> breach_hands;  ///< (door|gate, weakest hand)
  // [cannon_loss] (broadside.toml)
  std::string cannon_loss_source;
  struct LossStep {
    double damage_fraction = 0, cannon_lost_fraction = 0;
  };
  std::vector<LossStep> cannon_loss;  ///< rounded up

  [[nodiscard]] const Material* material(const std::string& key) const;
};

struct Rules {
  DurationTables duration;
  DuelRules duel;
  StructureRules structures;
  std::vector<std::string> engine_types;  ///< siege engines the input may name (siege_machine.toml [[equipment]] ids)
};

/// The rules of `tables`, loaded and checked on the first call for that Tables (a broken table is
/// an internal error, exit 70; 65 when house rules broke it).
Expected<const Rules*> load_rules(const data::Tables& tables);

// ---------------------------------------------------------------------------------------------
// The siege described by the input

enum class Material { stone, wood };
std::string to_string(Material m);

/// One artillery line of a side: `count` identical book pieces.
struct ParkEntry {
  const artillery::BookPiece* piece = nullptr;
  int count = 0;
  std::optional<double> range_yd;       ///< where the pieces stand (bombardment, duel start)
  std::optional<double> duel_range_yd;  ///< where mobile pieces stop advancing in a duel
  artillery::Carriage carriage = artillery::Carriage::garrison;
  bool carriage_given = false;              ///< false: the most mobile carriage the book allows
  std::optional<artillery::FireMode> fire;  ///< forced fire mode for bombardment
  std::optional<int> bonus_units;           ///< overrides the Bonus Units table
  std::vector<std::string> labels;          ///< duel labels, one per piece
  int spiked = 0;                           ///< pieces spiked: they cannot fire until the spike is removed
  [[nodiscard]] int usable() const { return count - spiked; }
};

/// A non-gunpowder siege engine (ballista, catapult, ...): counted in simplified sieges only
/// when the input gives its bonus units (the book prints none).
struct EngineEntry {
  std::string type;
  int count = 0;
  std::optional<int> bonus_units;
};

struct Side {
  std::string name;
  int units = 0;
  std::vector<ParkEntry> artillery;
  std::vector<EngineEntry> engines;
  [[nodiscard]] int pieces() const;
};

struct Stronghold {
  std::string name;
  int shp = 0;
  std::string shp_source;  ///< "given", "value", "structures"
  Material material = Material::stone;
  std::optional<std::string> site;  ///< a site_multiplier key; nullopt: ordinary site (x1)
};

struct Siege {
  Stronghold stronghold;
  Side besieger, defender;
};

/// A stronghold's shp from its value when no map exists: stone ceil(gp / 8); wood a tenth of that
/// (rounded up too: decision, docs/notes/siege-duration-decisions.md).
int shp_from_value(const DurationTables& t, double value_gp, Material m);

/// The most mobile carriage the book makes available for a piece (limber, field, garrison,
/// carriageless, in that order of preference).
artillery::Carriage most_mobile_carriage(const artillery::BookPiece& p);

/// The range bracket of a piece at a distance; nullopt beyond long range.
std::optional<artillery::Bracket> bracket_at(const artillery::BookPiece& p, double yd);

// ---------------------------------------------------------------------------------------------
// 1. Simplified sieges

/// How bonus units are counted: `table` (the default) the printed Bonus Units table (a 24-pdr
/// cannon 16), `example` follows the worked example of seed 000 (the example
/// counts a 24-pdr cannon as 27, the 24-pdr gun's figure).
enum class BonusReading { example, table };

struct BonusLine {
  std::string side;  ///< "besieger" | "defender"
  std::string item;  ///< "units", a piece name or an engine type
  int count = 0;
  int each = 0;
  int total = 0;
  std::string source;  ///< "units", "table", "example", "input", "no figure"
};

enum class SimpleOutcome { days, without_fight, not_by_assault, no_advantage };
std::string to_string(SimpleOutcome o);

struct Simplified {
  BonusReading reading = BonusReading::table;
  std::vector<BonusLine> lines;
  int besieger_total = 0, defender_total = 0, advantage = 0;
  int shp = 0;
  std::optional<size_t> row, band;  ///< indexes into the duration table
  bool reading_matters = false;     ///< a piece is counted differently by the two readings
  /// A piece the two readings count differently: its name as the worked example spells it, the
  /// Bonus Units table's figure and the worked example's.
  struct ReadingDifference {
    std::string piece;
    int table = 0, example = 0;
  };
  std::vector<ReadingDifference> differences;
  SimpleOutcome outcome = SimpleOutcome::days;
  std::optional<int> table_days;
  int site_multiplier = 1;
  std::optional<int> days;      ///< nullopt when the stronghold cannot be taken by assault
  std::vector<int> shp_by_day;  ///< shp left after day 0 .. days (progress proportional)
  struct ArtilleryUnits {       ///< Gunpowder Artillery Battle Ratings (p. 20)
    std::string side, piece;
    int pieces = 0, unit_size = 0, units = 0;
    double br_each = 0, br = 0;
  };
  std::vector<ArtilleryUnits> artillery_units;
  report::Steps explain;
};

Simplified simplified(const Rules& rules, const Siege& siege, BonusReading reading);

/// shp left after each day 0..days when damage accrues in proportion to time (rounded half up).
std::vector<int> proportional_schedule(int shp, int days);

// ---------------------------------------------------------------------------------------------
// 2. Bombardment

struct BombardLine {
  std::string piece;
  int count = 0;
  double range_yd = 0;
  artillery::Bracket bracket = artillery::Bracket::long_range;
  artillery::FireMode mode = artillery::FireMode::direct;
  double shp_per_day_stone = 0;  ///< the bombardment table's figure (for stone)
  double wood_increase_pct = 0;  ///< added to it for a wood stronghold (0 for stone)
  double shp_per_day_each = 0;   ///< against the stronghold's material
  double shp_per_day = 0;
  double cost_gp_per_day = 0;
  bool used = true;
  std::string note;  ///< why a piece is held back (cautious besieger)
};

struct Bombardment {
  bool cautious = false;
  std::optional<double> defender_reach_yd;  ///< longest range of the defender's artillery
  std::vector<BombardLine> lines;
  double shp_per_day = 0;
  double cost_gp_per_day = 0;
  std::optional<int> days;  ///< days to bring the stronghold to zero
  std::optional<double> cost_gp_total;
  int shp_per_breach = 0;
  std::optional<int> days_to_first_breach;
  std::optional<int> breaches_wanted;
  std::optional<int> days_to_breaches;  ///< nullopt: more breaches than the stronghold's shp allows
  std::vector<int> shp_by_day;
  struct CannonLoss {  ///< seed 001's rule applied to the defender's artillery
    double damage_fraction = 0;
    std::optional<int> day;
    int pieces_lost = 0;
  };
  std::vector<CannonLoss> defender_losses;
  report::Steps explain;
};

/// The daily damage of the park (errors: a piece out of range, a fire mode impossible at its
/// range, a piece without a range). Each error carries a field path from the siege
/// description's root: "besieger.artillery[i].range_yd" or ".fire", or "besieger.artillery[i]"
/// for an entry without a range (its message names the missing key).
Expected<Bombardment> bombard(const Rules& rules, const artillery::Catalogue& cat, const Siege& siege, bool cautious,
                              std::optional<int> breaches);

// ---------------------------------------------------------------------------------------------
// 3. Artillery duel

enum class BesiegerPolicy { advance, fire, fall_back };
enum class DefenderPolicy { fire, hold, hole_up };
std::string to_string(BesiegerPolicy p);
std::string to_string(DefenderPolicy p);

struct DuelOptions {
  BesiegerPolicy besieger = BesiegerPolicy::advance;
  DefenderPolicy defender = DefenderPolicy::fire;
  artillery::Bracket advance_to = artillery::Bracket::medium_range;
  std::optional<int> fall_back_after;  ///< losses that make the besieger fall back (default half its mobile pieces)
  std::optional<int> hole_up_after;    ///< losses that make the defender hole up (default half its pieces)
  std::optional<int> max_rounds;       ///< default: one day of rounds
};

struct DuelPiece {
  std::string label;
  const artillery::BookPiece* piece = nullptr;
  bool besieger = false;
  bool mobile = false;
  artillery::Carriage carriage = artillery::Carriage::garrison;
  double start_yd = 0;   ///< besieger: range from the defender's position; defender: 0
  double stop_yd = 0;    ///< besieger advancing: where it stops; otherwise = start
  double engage_yd = 0;  ///< farthest range at which it opens fire
};

struct DuelSetup {
  std::vector<DuelPiece> pieces;  ///< defenders first, then besiegers
  size_t defenders = 0;
  DuelOptions options;
  int fall_back_after = 0, hole_up_after = 0, max_rounds = 0;
  double defender_reach_yd = 0;
};

/// Places both parks as the duel rules require (errors: no artillery on a side).
/// The label a duel gives its i-th piece (counted from 0: the defender's rows first, then the
/// besieger's, spiked pieces counted) when its row gives none: A, B, ..., Z, AA, AB, ...
std::string duel_letters(size_t i);
Expected<DuelSetup> duel_setup(const Rules& rules, const artillery::Catalogue& cat, const Siege& siege,
                               const DuelOptions& options);

/// Where the duel's dice come from: the seeded generator, or forced rolls in tests.
class DuelDice {
 public:
  virtual ~DuelDice() = default;
  virtual int d20() = 0;                        ///< attack throws and saves
  virtual int damage(int dice, int sides) = 0;  ///< damage of a hit
  /// A d20 thrown against `target` (the engine only compares it with `target`): d20() here; the
  /// exact chain's dice return one roll for each side of the target.
  virtual int d20_against(int target) {
    (void)target;
    return d20();
  }
  /// A shot's attack throw against `target` and, for a piece that saves (`saving`) on `save`, its
  /// save after a hit: true when the shot hits and is not saved. Thrown as d20_against(target) and
  /// d20_against(save) here, as the engine throws them when a trace records the rolls; the exact
  /// chain's dice return the two outcomes (a miss and a saved hit do the same: nothing).
  virtual bool lands(int target, bool saving, int save) {
    if (d20_against(target) < target) return false;
    return !saving || d20_against(save) < save;
  }
  /// A hit's damage against a piece of `shp` strength points: damage() here; the exact chain's
  /// dice return each total that leaves more than `fragile` shp, one for all the totals that leave
  /// 1 to `fragile` (the piece is then destroyed by any later hit: the engine treats them alike),
  /// and one for all those that destroy it.
  virtual int damage_against(int dice, int sides, int shp, int fragile) {
    (void)shp;
    (void)fragile;
    return damage(dice, sides);
  }
};

/// Seeded dice (gunpowder::Rng).
class RngDice final : public DuelDice {
 public:
  explicit RngDice(Rng rng) : rng_(rng) {}
  int d20() override { return rng_.roll(20); }
  int damage(int dice, int sides) override { return rng_.roll(dice, sides); }

 private:
  Rng rng_;
};

enum class DuelEnd {
  besieger_destroyed,
  defender_destroyed,
  defender_holed_up,
  besieger_fell_back,
  stalemate,
  round_limit
};
inline constexpr std::array<DuelEnd, 6> kDuelEnds = {DuelEnd::besieger_destroyed, DuelEnd::defender_destroyed,
                                                     DuelEnd::defender_holed_up,  DuelEnd::besieger_fell_back,
                                                     DuelEnd::stalemate,          DuelEnd::round_limit};
std::string to_string(DuelEnd e);
std::string describe(DuelEnd e);

/// One line of a duel's trace.
struct TraceEvent {
  int round_from = 0, round_to = 0;
  int phase = 0;     ///< 1 defender, 2 besieger, 0 whole round
  std::string kind;  ///< "fire", "actions", "hole_up", "fall_back", "end"
  std::string piece, target;
  double range_yd = 0;
  std::string bracket;
  int target_value = 0, roll = 0;
  std::optional<int> save_roll;
  std::optional<int> damage;
  std::string result;  ///< "miss", "saved", "suppressed", "destroyed"
  std::string text;
};

struct DuelResult {
  DuelEnd end = DuelEnd::round_limit;
  int rounds = 0;                            ///< rounds played
  int besieger_left = 0, defender_left = 0;  ///< pieces not destroyed (holed-up pieces count as left)
  int defender_holed_up = 0;
};

/// Plays one duel; `trace` (may be null) receives the round-by-round account.
DuelResult run_duel(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup, DuelDice& dice,
                    std::vector<TraceEvent>* trace);

struct Proportion {
  long long count = 0;
  double p = 0, low = 0, high = 0;  ///< estimate and 95% Wilson interval
};
Proportion wilson(long long count, long long n);

struct DuelOdds {
  long long runs = 0;
  std::uint64_t seed = 0;
  unsigned threads = 1;
  std::array<Proportion, 6> ends{};                     ///< by DuelEnd
  std::vector<long long> besieger_left, defender_left;  ///< histogram by pieces left
  double besieger_left_mean = 0, defender_left_mean = 0;
  double rounds_mean = 0, rounds_ci = 0;  ///< mean and 95% half-width
  /// Quantiles as everywhere (gunpowder/core/distribution.hpp): the smallest r with a share of at
  /// least f of the duels over in r rounds or fewer.
  int rounds_min = 0, rounds_p10 = 0, rounds_median = 0, rounds_p90 = 0, rounds_max = 0;
  std::map<long long, std::uint64_t> rounds_counts;  ///< duels by the rounds they took
};

/// Plays `runs` seeded duels (duel i uses Rng::stream(seed, i), so results do not depend on the
/// number of threads).
/// `progress` (may be empty) is told, from any thread, how many more duels are done.
DuelOdds duel_odds(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup, long long runs,
                   std::uint64_t seed, unsigned threads, const std::function<void(std::uint64_t)>& progress = {});

/// The exact duel's bounds: the distinct states its chain may go through (states reached in
/// different rounds count apart), and the dice outcomes it may enumerate (each replays one step
/// of the duel from a state). Past either the chain stops and the duel is sampled instead.
/// A duel of more pieces is not tried at all: its states grow with the pieces, and each step of
/// so many takes long enough that the chain would pass its bounds slowly.
/// (The book's twelve pieces: 223,762 states and 1,594,597 dice outcomes.)
inline constexpr long long kDuelExactStates = 250'000;
inline constexpr long long kDuelExactPaths = 2'000'000;
inline constexpr size_t kDuelExactPieces = 16;
/// The chain also stops early when it is on course to pass its state bound by far: once it has
/// gone through a fifth of the bound (and kDuelExactOnCourseFrom states at least), if the duels it has settled (ended) are a smaller share than
/// kDuelExactOnCourse times its states over the bound (at 50,000 states: under 2%), then at the
/// same pace it would need more than ten times the bound. (Six guns against eight cannon and two
/// mortars, with a bound of 10,000 states: 5.4% settled at 10,000; the book's twelve pieces have
/// settled 99.99% at 50,000 states; every duel that completes within the bound has settled far
/// more by then.) A heuristic; it saves the bulk of a hopeless attempt.
inline constexpr double kDuelExactOnCourse = 0.1;
inline constexpr long long kDuelExactOnCourseFrom = 10'000;

/// The duel computed exactly: a Markov chain over the duel's states (each piece's strength points,
/// place, reload and suppression, the losses and the policies in force), probability mass carried
/// forward round by round with the dice's exact odds (a shot only as "lands or not", a damage
/// total only as what the target has left, as far as it matters), equal states merged: pieces
/// placed alike are told apart only by their states (the engine takes them in a canonical order).
struct DuelExact {
  bool complete = false;   ///< false: the chain passed a bound (states or paths say which)
  bool on_course = false;  ///< true (complete false): stopped early, on course to pass its bound
  long long states = 0;    ///< distinct states the chain went through
  long long paths = 0;     ///< dice outcomes enumerated
  double settled = 0;      ///< the share of the duels that had ended when the chain stopped
  std::array<double, 6> ends{};                     ///< P(end), by DuelEnd
  std::vector<double> besieger_left, defender_left;  ///< P(pieces left = i)
  std::vector<std::pair<int, double>> rounds;        ///< P(rounds = r), r increasing, p > 0
  double besieger_left_mean = 0, defender_left_mean = 0;
  double rounds_mean = 0, rounds_sd = 0;
  int rounds_min = 0, rounds_p10 = 0, rounds_median = 0, rounds_p90 = 0, rounds_max = 0;
};

/// The duel's exact distribution, or (complete false) where the chain passed `max_states` or
/// `max_paths`, or was not tried (states 0: more than kDuelExactPieces pieces).
DuelExact duel_exact(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup,
                     long long max_states = kDuelExactStates, long long max_paths = kDuelExactPaths);

/// Exact odds of one shot: hit at a bracket, and destroy the target given a hit (after its save).
struct ShotOdds {
  std::string shooter, target, bracket;
  int target_value = 0;
  double p_hit = 0;
  double p_save = 0;  ///< defending targets only
  double p_destroy_given_hit = 0;
  double p_destroy = 0;
  report::Step explain;  ///< how p_destroy follows from the dice (--explain)
};
std::vector<ShotOdds> shot_odds(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup);

}  // namespace gunpowder::siege
