// requests.hpp - the fire-odds scenarios as the fire rules take them: one request per kind
// (artillery shot, firearm, broadside, arquebus volley, dowel shot), filled from the command
// line or from a [[<kind>]] table (read_scenarios.hpp). Every value is optional: a rule decides,
// visibly, what an absent value means, and reports a missing one as an error about its field.
//
// A rule's error names the field by its TOML key ("range_yd"); the input layer places it at that
// key of the scenario's table, the command line on the flag of the same name ("--range-yd").
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gunpowder::fire {

/// The values of the scenarios' choices, as a flag and its TOML key take them (docs/vocabulary.md:
/// lower-case words joined by '-'; gunpowder::suite_spelling reads the books' spellings).
namespace choices {
using List = std::vector<std::string>;
inline const List kPieceType{"cannon", "gun", "mortar"};
inline const List kArtilleryRangeBand{"short", "medium", "long"};  ///< Guns of War, Range, p. 14
inline const List kExceed{"meet", "strictly"};
inline const List kArtilleryCover{"none", "hard"};  ///< arrow loops, battlements (Guns of War, p. 17)
inline const List kHalving{"down", "up"};
inline const List kTraining{"undrilled", "drilled", "style"};
inline const List kWeather{"dry", "damp", "wet"};
inline const List kPenalties{"printed", "rule"};
inline const List kWeight{"light", "medium", "heavy"};
inline const List kBroadsideRangeBand{"point-blank", "short", "long"};  ///< Baggins Wood Cannons, range table
inline const List kModifiersOn{"pool", "dice"};
inline const List kRerollMode{"once", "rounds"};
/// What the re-rolls maximise: three objectives, or a hand (P(at least it)), weakest hand first.
inline const List kPlay{"structural",      "casualties", "rank",     "pair",           "two-pair",
                        "three-of-a-kind", "full-house", "straight", "four-of-a-kind", "poker"};
inline const List kAmmo{"round", "chain", "canister"};
inline const List kSaveClass{"ordinary", "officer", "captain"};
inline const List kBroadsideCover{"none", "good", "strong"};
inline const List kArquebusCover{"none", "half", "over-half"};
inline const List kSystem{"accuracy", "attack-dice"};
inline const List kRateOfFire{"heavy-crossbow", "every-turn"};
inline const List kGun{"light", "heavy", "bombard"};
inline const List kCall{"white", "black"};
inline const List kMeasure{"centre", "near-edge"};
inline const List kRateAs{"light-catapult", "heavy-catapult"};
inline const List kLevelFlight{"first-white", "first-called"};
inline const List kObstacleKind{"feature", "man-high", "water"};
}  // namespace choices

/// One gunpowder artillery shot (seed 000, p. 16-17, 37-40).
struct ArtilleryRequest {
  std::optional<std::string> type, range_band, exceed, halving, hd, name, cover;
  std::optional<double> shot_lb, range_yd;
  std::optional<int> attack_throw, modifier, target_ac, save, troops, unit_save, table_uhp, hero_save;
  std::optional<int> target_shp;  ///< with target_ac: the structure's shp, for the shots to bring it down
  std::optional<int> hero_hp;     ///< with hero_save: the hero's hit points, for the shots to bring them down
  bool plunging = false, direct = false, veteran = false, few_artillerists = false;
  bool cavalry = false, enfilade = false, fortified = false, hero_fortified = false;
};

/// A character's firearm (seed 000, p. 9-11).
struct FirearmRequest {
  std::optional<std::string> weapon, training, weather, penalties;
  std::optional<double> range_ft, range_yd, carried_stone, round_seconds;
  std::optional<int> target_ac, armor, attack_throw, dex, modifier, minutes;
  bool apostles = false, uncleaned = false, scattershot = false, no_rest = false, no_naturals = false;
  bool catalogue = false, veteran = false;
};

/// A poker-dice broadside (seed 001).
struct BroadsideRequest {
  std::optional<std::string> weight, range_band, modifiers_on, reroll_mode, play, ammo, halving, save_class, cover;
  std::optional<int> cannon, dice, rerolls, target_points, target_guns, crew;
  std::optional<double> range_in;
  bool formation = false, still = false, turned = false, raking = false, formed_up = false, aim_high = false;
  bool large_ship_from_small = false;
};

/// A Chainmail-style arquebus volley (seed 003).
struct ArquebusRequest {
  std::optional<std::string> system, cover, rate_of_fire;
  std::optional<int> men, ar, turns;
  std::optional<int> target_figures;  ///< the target's figures, for the volleys until they are down
  std::optional<double> range_in;
  bool rested = false, natural_six = false, unloaded = false;
};

/// One terrain obstacle on the dowel's line: its kind ("feature", "man-high", "water") and where
/// it lies from the muzzle (to_in absent: a point).
struct ObstacleRequest {
  std::string kind;
  double from_in = 0;
  std::optional<double> to_in;
};

/// A Chainmail-style cannon shot with the coloured dowel (seed 003).
struct DowelRequest {
  std::optional<std::string> gun, call, measure, rate_as, level_flight;
  std::optional<double> range_in, depth_in, width_in;
  std::optional<std::vector<double>> offsets;
  std::optional<int> turns, crew;
  std::vector<ObstacleRequest> obstacle;
  bool unloaded = false;
};

}  // namespace gunpowder::fire
