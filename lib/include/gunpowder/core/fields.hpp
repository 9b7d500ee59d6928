// fields.hpp - the figures several tools report, declared once: one key, one kind, one unit in
// every tool (docs/vocabulary.md, "Output keys"; ctest docs.keys). A tool shows one of them under
// its own header and sentence with Field::as: `inline constexpr Field kTroops =
// vocab::kTroops.as("Troops", "Troops in the force", false);` keeps the key, kind, unit and values.
#pragma once

#include "gunpowder/core/model.hpp"

namespace gunpowder::report::vocab {

// ---- distributions (gunpowder/core/distribution.hpp): a value's probability, and the tails
inline constexpr Field kP{"p", "P", Kind::probability, "", "the probability of the value", "", false};
inline constexpr Field kPAtLeast{
    "p_at_least", "P(at least)", Kind::probability, "", "the probability of the value or more", "", false};
inline constexpr Field kPAtMost{
    "p_at_most", "P(at most)", Kind::probability, "", "the probability of the value or less", "", false};

// ---- forces and units
inline constexpr Field kTroops{"troops", "Troops", Kind::count, "men", "the troops, in men"};
inline constexpr Field kDefenderTroops{"defender_troops", "Defender troops", Kind::count, "men",
                                       "the defender's troops, in men"};
inline constexpr Field kSide{"side", "Side", Kind::text, "",
                             "the side: attacker, besieger or defender (a battle file's side as it gives it)"};
inline constexpr Field kBr{"br", "BR", Kind::number, "", "a battle rating (BR)"};
inline constexpr Field kBfr{"bfr", "BFR", Kind::count, "points", "a basic force rating (BFR), in points"};
inline constexpr Field kHd{"hd", "HD", Kind::text, "",
                           "hit dice as the books write them (\"1/2\", \"N\", \"N+M\", \"N-M\")"};
inline constexpr Field kUhp{"uhp", "uhp", Kind::count, "uhp", "unit hit points"};
inline constexpr Field kUnits{"units", "Units", Kind::count, "", "a number of units"};
inline constexpr Field kRounds{"rounds", "Rounds", Kind::count, "", "a number of rounds"};
inline constexpr Field kCount{"count", "Count", Kind::count, "", "how many of what the row is"};

// ---- firearms (the firearms table: an open list of types, closed mechanisms and bores)
inline constexpr Field kMechanism{
    "mechanism", "Mechanism", Kind::enumerated, "", "the firearm's mechanism", "matchlock|wheellock|flintlock"};
inline constexpr Field kFirearmType{"firearm_type", "Type", Kind::text, "",
                                    "the firearm's type, as the firearms table keys it (pistol, arquebus, musket...)"};
inline constexpr Field kBore{"bore", "Bore", Kind::enumerated, "", "the firearm's bore", "smoothbore|rifled"};
inline constexpr Field kEraPrinted{"era_printed", "Era", Kind::text, "",
                                   "the era it belongs to, as the book prints it (\"Any\", \"Late\"...)"};

// ---- artillery pieces
inline constexpr Field kShp{"shp", "shp", Kind::amount, "shp", "structural hit points"};
inline constexpr Field kDamage{"damage", "Damage", Kind::dice, "", "damage dice, e.g. 8d10"};
inline constexpr Field kCannon{"cannon", "Cannon", Kind::count, "", "a number of cannon"};

// ---- movement
inline constexpr Field kDailyMiles{"daily_miles", "Miles a day", Kind::amount, "miles", "overland movement a day"};
inline constexpr Field kWeeklyMiles{"weekly_miles", "Miles a week", Kind::amount, "miles", "overland movement a week"};
inline constexpr Field kEncounterMoveFt{"encounter_move_ft", "Encounter ft", Kind::amount, "ft",
                                        "encounter movement a turn, in feet"};

// ---- time
inline constexpr Field kDays{"days", "Days", Kind::amount, "days", "a time in days"};
inline constexpr Field kWeek{"week", "Week", Kind::count, "", "a week's number, from 1"};
inline constexpr Field kWeeks{"weeks", "Weeks", Kind::count, "weeks", "a number of weeks"};

// ---- turns to a result (gunpowder/core/turns_report.hpp): shots or broadsides until a target's
// points are gone
inline constexpr Field kTargetEffect{"target_effect",
                                     "Effect",
                                     Kind::enumerated,
                                     "",
                                     "the target's loss",
                                     "half-lost|three-quarters-lost|destroyed",
                                     false};
inline constexpr Field kPointsNeeded{
    "points_needed", "Points", Kind::count, "", "the points the shots or broadsides must deal", "", false};
inline constexpr Field kMeanTurns{"mean_turns", "Mean", Kind::amount, "",
                                  "the mean number of shots or broadsides it takes (exact), or null when no shot "
                                  "or broadside deals any"};
inline constexpr Field kSdTurns{"sd_turns", "SD", Kind::amount, "",
                                "their standard deviation (exact), or null when no shot or broadside deals any"};
inline constexpr Field kMedianTurns{"median_turns", "Median", Kind::count, "",
                                    "the fewest shots or broadsides by which P(done) >= 0.5, or null when the "
                                    "distribution was not made"};
inline constexpr Field kQ95Turns{"q95_turns", "95%", Kind::count, "",
                                 "the fewest shots or broadsides by which P(done) >= 0.95, or null when the "
                                 "distribution was not made"};
inline constexpr Field kCertainBy{"certain_by", "Certain by", Kind::count, "",
                                  "the shot or broadside by which it is certain, or null when shots or broadsides "
                                  "that deal nothing can go on without end"};
inline constexpr Field kSettledBy{"settled_by", "Settled by", Kind::count, "",
                                  "the shot or broadside after which P(not done yet) is below 1e-9 (the point of "
                                  "no further change at that precision), or null when the distribution was not made"};
inline constexpr Field kFired{
    "fired", "Fired", Kind::count, "", "the shots or broadsides fired until done, the last included", "", false};

}  // namespace gunpowder::report::vocab
