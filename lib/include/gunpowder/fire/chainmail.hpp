// chainmail.hpp - Chainmail-style gunpowder (seed 003): the arquebus accuracy die and its hit
// table with cover and rest, the attack-dice variant (AD 8, a self-hit on each 1, the armour
// penalty by range), and cannon fire with the coloured dowel and the variation die.
//
// Model and rules only: the figures come from data/chainmail.toml through load_chainmail(tables).
#pragma once

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

struct RangeRow {  ///< a band: range_min < d <= range_max, or range_min <= d when min_inclusive
  std::string label;
  double range_min = 0, range_max = 0;
  bool min_inclusive = false;
  int value = 0;  ///< min_score (accuracy die) or ar_penalty (attack dice)
  [[nodiscard]] bool contains(double d) const {
    return (min_inclusive ? d >= range_min : d > range_min) && d <= range_max;
  }
};
/// When an arquebus's accuracy modifier applies (Arquebus: hard cover, half or more than half of
/// the target; a rested arquebus): a closed kind, each a choice of the request (`cover` half and
/// over-half, in choices::kArquebusCover's order after none; `rested`). Spelled once, in
/// accuracy_condition_names() (the `key` of its [arquebus_accuracy_modifier] row); a row of
/// another key, from house rules, is refused with the list.
enum class AccuracyCondition { hard_cover_half, hard_cover_over_half, rested };
const std::vector<std::string>& accuracy_condition_names();
const std::string& condition_key(AccuracyCondition c);

/// The cannon classes of the Chainmail variant (Cannon): a closed kind, since the command line
/// offers the three (`gun`: choices::kGun, in the same order). Spelled once, in
/// chainmail_gun_names() (the `key` of its [cannon_class] row); another key is refused.
enum class ChainmailGun { light_field_gun, heavy_field_gun, bombard };
const std::vector<std::string>& chainmail_gun_names();

struct AccuracyModifier {
  std::string key, condition, group;
  int modifier = 0;
};
struct DowelSection {
  int index = 0;
  std::string colour;
  int colour_ordinal = 0;
  double start_in = 0, end_in = 0;
};
struct CannonClass {
  std::string key, name;
  double range_in = 0, diameter_in = 0;
  bool indirect_fire = false;
  std::string rate_as;  ///< key of the catapult whose rate of fire it takes
  std::vector<DowelSection> sections;
};
struct CatapultRate {  ///< Chainmail's catapult rate of fire, which seed 003 gives the cannon
  std::string key, name;
  int every_turns = 0;
};

struct ChainmailRules {
  int accuracy_die_sides = 0;
  std::vector<RangeRow> hit_rows;  ///< printed order (farthest first)
  std::vector<AccuracyModifier> modifiers;
  int ad_sides = 0, self_hit_face = 0;
  std::vector<RangeRow> ad_rows;  ///< short, medium, long
  std::vector<CannonClass> cannon;
  std::string colour_short, colour_long;
  int level_flight_section = 1;  ///< the dowel section in level flight (water does not stop it)
  int arquebus_every_turns = 0, attack_dice_every_turns = 0;
  std::vector<CatapultRate> catapult_rates;
  int full_crew = 0, extra_turn_per_missing = 0;
  double measure_length_in = 0;  ///< the variation measure, centred on the dowel's far end
  int measure_die_sides = 0, straight_result = 0;
  std::string source_arquebus, source_ad, source_cannon, source_dowel, source_arquebus_rate, source_catapult_rate;

  [[nodiscard]] const CannonClass* cannon_class(const std::string& key) const;
  [[nodiscard]] const CatapultRate* catapult_rate(const std::string& key) const;
  [[nodiscard]] const AccuracyModifier* modifier(const std::string& key) const;
};

/// The rules of data/chainmail.toml in `tables`, loaded on the first call for that Tables (exit 70 on
/// a broken table, 65 when house rules broke it).
Expected<const ChainmailRules*> load_chainmail(const data::Tables& tables);

// ---------------------------------------------------------------------------------------------
// Arquebus, accuracy die

struct AccuracyInput {
  int men = 0;
  double range_in = 0;
  std::string cover;  ///< "" | modifier key of the cover group
  bool rested = false;
  bool natural_six_hits = false;  ///< not in the seed: a 6 always hits (option)
};
struct AccuracyOdds {
  const RangeRow* row = nullptr;
  int modifier = 0;
  int needed = 0;    ///< natural die score needed
  double p_hit = 0;  ///< per man
  dice::Dist kills;  ///< of `men` figures: "will kill any figure they hit"
};
Expected<AccuracyOdds> accuracy_odds(const ChainmailRules& r, const AccuracyInput& in);

// ---------------------------------------------------------------------------------------------
// Arquebus, attack dice (variant)

struct AttackDiceInput {
  int dice = 0;
  double range_in = 0;
  int armor_rating = 0;  ///< target's AR before the penalty
};
struct AttackDiceOdds {
  const RangeRow* row = nullptr;
  int effective_ar = 0;
  double p_self = 0;    ///< per die: a 1 hits the firing unit (no armour check)
  double p_target = 0;  ///< per die: any other face at or above the effective AR
  dice::Dist target_hits, self_hits;
};
/// Reading (the parent rules are not in the seed): a die other than the self-hit face scores a
/// hit on the target when it shows at least the target's AR less the range penalty.
Expected<AttackDiceOdds> attack_dice_odds(const ChainmailRules& r, const AttackDiceInput& in);

// ---------------------------------------------------------------------------------------------
// Rate of fire over several turns

/// How often a weapon fires and how many times it fires in a number of turns.
struct RateOfFire {
  std::string as;       ///< the troop type or engine it is treated as ("heavy crossbowmen")
  int every_turns = 1;  ///< fires once every n turns
  int crew = 0;         ///< cannon: the crew counted (0: not a crewed weapon)
  int turns = 1;        ///< turns counted
  bool loaded = true;   ///< loaded at the start: fires in turn 1, else first after n turns
  int shots = 0;        ///< volleys or shots in those turns
};
/// Shots in `turns` turns of a weapon firing every `every` turns: ceil(turns / every) when loaded
/// at the start (turns 1, 1 + every, ...), floor(turns / every) when it must load first.
int shots_in_turns(int turns, int every, bool loaded);
/// The arquebus's rate ("Treat as Heavy Crossbowmen", seed 003, Arquibusiers; Chainmail: every
/// other turn), or every turn for the attack-dice variant or when `every_turn` is asked.
RateOfFire arquebus_rate(const ChainmailRules& r, bool attack_dice, std::optional<bool> every_turn, int turns,
                         bool loaded);
/// A cannon's rate ("Treat the same as Catapults", seed 003, Cannon; Chainmail: light catapults
/// every other turn, heavy every third, one more turn for each man short of a crew of four), as
/// the catapult `rate_as` (empty: the class's own).
Expected<RateOfFire> cannon_rate(const ChainmailRules& r, const CannonClass& cls, const std::string& rate_as, int crew,
                                 int turns, bool loaded);
/// Binomial(n, p): the number of successes of n independent trials. With `trial_over` (p is a
/// multiple of 1/trial_over: a die's sides) it is exact over p's reduced denominator to the n
/// (dice::Dist::denominator; none past fraction::kMaxDenominator).
dice::Dist binomial_dist(int n, double p, std::uint64_t trial_over = 0);

// ---------------------------------------------------------------------------------------------
// Cannon: the dowel

/// Terrain on the line of fire (seed 003, Cannon, after the dowel table), from the muzzle:
///   feature   high ground, a barricade of wood planks or stone, trees: stops the ball where any
///             section of the dowel meets it
///   man_high  a substantial object the height of a man: stops it only where a section of the
///             colour named for hits lies over it
///   water     a body of water: stops it where a section of the named colour other than the
///             level-flight one (the first white) passes over it
enum class ObstacleKind { feature, man_high, water };
struct Obstacle {
  ObstacleKind kind = ObstacleKind::feature;
  double from_in = 0, to_in = 0;  ///< along the line of fire; a point object has from = to
};
std::string to_string(ObstacleKind k);
std::optional<ObstacleKind> parse_obstacle_kind(const std::string& s);

enum class Measure { centre, near_edge };
struct DowelInput {
  std::string cannon;   ///< class key
  std::string colour;   ///< "white" | "black"
  double range_in = 0;  ///< to the aim point
  double depth_in = 0;  ///< target depth along the line of fire
  Measure measure = Measure::centre;
  std::optional<double> width_in;              ///< target frontage, for the variation die
  std::optional<std::vector<double>> offsets;  ///< lateral shift of the dowel's end per die face
  std::vector<Obstacle> obstacles;
  bool level_flight_first_called = false;  ///< water spares the first section of the named colour
};
/// Where the ball stops: the point along the dowel and the obstacle (index into the input).
struct Stop {
  double at_in = 0;
  size_t obstacle = 0;
};
struct SectionHit {
  DowelSection section;
  double on_target_in = 0;
};
struct FaceResult {
  int face = 0;
  double offset_in = 0;
  double on_target_in = 0;
  std::optional<Stop> stop;
};
struct DowelOdds {
  const CannonClass* cls = nullptr;
  double near_in = 0, far_in = 0;
  std::vector<SectionHit> sections;                   ///< sections of the called colour, straight shot
  std::optional<Stop> stop;                           ///< terrain that stops the straight shot, if any
  std::vector<std::optional<double>> obstacle_stops;  ///< per obstacle: where it alone stops the straight shot
  double straight_on_target_in = 0;
  double p_straight = 0;                              ///< the variation die leaves the shot on line
  std::vector<FaceResult> faces;                      ///< with offsets: every face
  double mean_on_target_in = 0, p_any_on_target = 0;  ///< with offsets
};
/// Inches of the named colour over a target (a rectangle centred on the line of fire, or only its
/// depth when no width is given) for the straight shot and, with offsets, for every die face
/// (the dowel pivots at the muzzle and its end moves sideways by the offset).
Expected<DowelOdds> dowel_odds(const ChainmailRules& r, const DowelInput& in);

// ---------------------------------------------------------------------------------------------
// One request: its checks, and the odds of its system

/// An arquebus volley of a request, by the accuracy die (the default) or the attack dice.
struct ArquebusVolley {
  std::string system;  ///< "accuracy" or "attack-dice"
  std::optional<AccuracyOdds> accuracy;
  std::optional<AttackDiceOdds> attack_dice;
  RateOfFire rate;
  /// Over the turns asked (rate.shots volleys of the same men at the same range): kills, or the
  /// attack dice's hits on the target and self-hits; left empty for one turn.
  dice::Dist kills_in_turns, target_hits_in_turns, self_hits_in_turns;
  /// With the target's figures given: the volleys until they are all down (kills, or the attack
  /// dice's hits on the target, a figure each), each volley from the same men at the same range.
  std::optional<dice::TurnsToReach> volleys_to_bring_down;
};
/// The volley of an arquebus request. An error names the request's field (its TOML key).
Expected<ArquebusVolley> arquebus_volley(const ChainmailRules& r, const ArquebusRequest& request);

/// A dowel shot of a request: its input as the rules read it, its odds, its rate of fire and the
/// shots over the turns asked.
struct DowelShot {
  DowelInput input;
  DowelOdds odds;
  RateOfFire rate;
  dice::Dist straight_shots;                  ///< shots the variation die leaves on line (more than one turn)
  std::optional<dice::Dist> shots_on_target;  ///< with offsets: shots that touch the target
};
/// The dowel shot of a request. An error names the request's field (its TOML key).
Expected<DowelShot> dowel_shot(const ChainmailRules& r, const DowelRequest& request);

}  // namespace gunpowder::fire
