// fields.hpp - every figure siege-duration reports, declared once: its key (csv column and JSON
// key), its header, its kind, its unit and what it means. The tables (tables.cpp) list them; the
// core renders text, markdown, csv and JSON from those declarations and describes the JSON Schema.
#pragma once

#include "gunpowder/core/fields.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::siege_app::fields {

using report::Field;
using report::Kind;

// --- the run, the stronghold and the sides as read ------------------------------------------------
inline constexpr Field kInput{"input", "Input", Kind::text, "", "The input file name (\"<stdin>\" for -).", "", false};
inline constexpr Field kMethodAsked{"method",
                                    "Method",
                                    Kind::enumerated,
                                    "",
                                    "The --method asked for (all: every method the input allows).",
                                    "all|simplified|bombardment|duel|structures|siege-machine",
                                    false};
inline constexpr Field kMethod{"method",
                               "Method",
                               Kind::enumerated,
                               "",
                               "A method run or skipped.",
                               "simplified|bombardment|duel|structures|siege-machine",
                               false};
inline constexpr Field kRan{"ran", "Ran", Kind::boolean, "", "True when the method ran (false: skipped).", "", false};
inline constexpr Field kReason{"reason", "Reason", Kind::text, "", "Why it was not run (null when it ran)."};
inline constexpr Field kName{"name", "Name", Kind::text, "", "Name (null when not given)."};
inline constexpr Field kShp = report::vocab::kShp.as("shp", "The stronghold's structural hit points.");
inline constexpr Field kShpSource{"shp_source",
                                  "shp from",
                                  Kind::enumerated,
                                  "",
                                  "Where the shp come from: given (shp), value (value_gp) or structures.",
                                  "given|value|structures",
                                  false};
inline constexpr Field kMaterial{"material", "Material", Kind::text, "", "The stronghold's material.", "", false};
inline constexpr Field kSite{"site", "Site", Kind::text, "",
                             "The site of the Duration of Siege table's multipliers (null when none)."};
inline constexpr Field kSiteMultiplier{"site_multiplier",
                                       "Site multiplier",
                                       Kind::count,
                                       "",
                                       "The site's multiplier of the days (1 when none).",
                                       "",
                                       false};
inline constexpr Field kSide = report::vocab::kSide.as("Side", "The side.", false);
inline constexpr Field kSideUnits =
    report::vocab::kUnits.as("Units", "The side's units as the input gives them (Sieges Simplified).", false);
inline constexpr Field kPiece{"piece", "Piece", Kind::text, "", "The book's piece (\"24-pdr Cannon\").", "", false};
inline constexpr Field kPieces = report::vocab::kCount.as("Count", "Pieces of the line.", false);
inline constexpr Field kRangeYd{"range_yd", "Range", Kind::amount, "yd",
                                "Range the line bombards from (null when not given)."};
inline constexpr Field kCarriage{
    "carriage", "Carriage", Kind::enumerated, "", "The piece's carriage.", "carriageless|garrison|field|limber", false};
inline constexpr Field kSpiked{"spiked", "Spiked", Kind::count, "pieces", "Pieces of the line spiked.", "", false};
inline constexpr Field kEngineType{
    "engine_type", "Type", Kind::text, "", "Engine type, as the Bonus Units table names it.", "", false};
inline constexpr Field kEngines = report::vocab::kCount.as("Count", "Engines of the line.", false);
inline constexpr Field kEngineBonus{"bonus_units", "Bonus units", Kind::count, "units",
                                    "Bonus units given in the input for each engine (null: the table's)."};
inline constexpr Field kRemovalGp{
    "removal_gp", "Removal gp", Kind::amount, "gp", "Cost of removing the spikes (Spiking the Guns).", "", false};

// --- simplified ---------------------------------------------------------------------------------------
inline constexpr Field kItem{"item", "Item", Kind::text, "", "units, or the piece or engine.", "", false};
inline constexpr Field kCount = report::vocab::kCount.as("Count", "Count of the item.", false);
inline constexpr Field kEach{"each", "Units each", Kind::count, "units", "Units each.", "", false};
inline constexpr Field kUnits = report::vocab::kUnits.as("Units", "Units in all.", false);
inline constexpr Field kUnitsSource{
    "source",
    "Source",
    Kind::text,
    "",
    "Where the units each come from: units, table (the Bonus Units table), example (the worked example), input, "
    "no-figure, or house rule (FILE) when a house rule changed the figure.",
    "",
    false};
inline constexpr Field kBonusReading{"bonus_units_reading",
                                     "Bonus units reading",
                                     Kind::enumerated,
                                     "",
                                     "--bonus-units-reading: table (the printed Bonus Units table) or example (the "
                                     "worked example's count).",
                                     "table|example",
                                     false};
inline constexpr Field kBesiegerTotal{
    "besieger_total", "Besieger units", Kind::count, "units", "The besieger's units with bonus units.", "", false};
inline constexpr Field kDefenderTotal{
    "defender_total", "Defender units", Kind::count, "units", "The defender's units with bonus units.", "", false};
inline constexpr Field kAdvantage{
    "advantage", "Unit advantage", Kind::integer, "units", "Unit advantage: besieger total less defender total.", "",
    false};
inline constexpr Field kStrongholdShp = report::vocab::kShp.as("Stronghold shp", "The stronghold's shp.", false);
inline constexpr Field kTableRow{"table_row", "Table row", Kind::text, "",
                                 "Row of the Duration of Siege table (shp band, as printed; null when none)."};
inline constexpr Field kTableRowMin{"table_row_shp_min", "Table row from", Kind::amount, "shp",
                                    "Lowest shp of the table's row (null when none)."};
inline constexpr Field kTableRowMax{"table_row_shp_max", "Table row to", Kind::amount, "shp",
                                    "Highest shp of the table's row (null when none)."};
inline constexpr Field kTableColumn{"table_column", "Table column", Kind::text, "",
                                    "Column of the table (unit advantage band, as printed; null when none)."};
inline constexpr Field kTableColumnMin{"table_column_units_min", "Table column from", Kind::integer, "units",
                                       "Lowest unit advantage of the table's column (null when none)."};
inline constexpr Field kTableColumnMax{"table_column_units_max", "Table column to", Kind::integer, "units",
                                       "Highest unit advantage of the table's column (null when none or open)."};
inline constexpr Field kTableDays{"table_days", "Days on the table", Kind::amount, "days",
                                  "Days the table gives (null when it gives none)."};
inline constexpr Field kOutcome{"siege_outcome",
                                "Outcome",
                                Kind::enumerated,
                                "",
                                "How the simplified siege ends.",
                                "days|captured-without-fight|not-by-assault|no-advantage",
                                false};
inline constexpr Field kByAssault{
    "by_assault", "By assault", Kind::boolean, "", "True when the stronghold can be taken by assault.", "", false};
inline constexpr Field kCaptureDays =
    report::vocab::kDays.as("Time to capture", "Days to capture (null when it cannot be taken by assault).");
inline constexpr Field kUnitSize{"unit_size", "Unit size", Kind::count, "pieces", "Pieces to a unit.", "", false};
inline constexpr Field kArtilleryPieces{"pieces", "Pieces", Kind::count, "pieces", "Pieces.", "", false};
inline constexpr Field kWholeUnits = report::vocab::kUnits.as("Units", "Whole units formed.", false);
inline constexpr Field kBrEach{"br_each", "BR each", Kind::number, "BR", "BR of one unit.", "", false};
inline constexpr Field kBrUnits = report::vocab::kBr.as("BR", "BR of the units formed.", false);
inline constexpr Field kScheduleMethod{
    "method", "Method", Kind::enumerated, "", "The method the schedule is of.", "simplified|bombardment", false};
inline constexpr Field kDay{"day", "Day", Kind::count, "days", "Day.", "", false};
inline constexpr Field kShpLeft = report::vocab::kShp.as("shp left", "shp left after the day.", false);

// --- bombardment ----------------------------------------------------------------------------------------
inline constexpr Field kRangeBand{"range_band",        "Range band", Kind::enumerated, "", "Range band of that range.",
                                  "short|medium|long", false};
inline constexpr Field kFire{"fire", "Fire", Kind::enumerated, "", "direct or plunging.", "direct|plunging", false};
inline constexpr Field kShpPerDayEach{
    "shp_per_day_each", "shp/day each", Kind::amount, "shp", "shp one piece destroys a day.", "", false};
inline constexpr Field kLineShpPerDay{"shp_per_day", "shp/day", Kind::amount, "shp", "shp the line destroys a day.", "",
                                      false};
inline constexpr Field kLineCost{
    "cost_gp_per_day", "gp/day", Kind::amount, "gp", "Powder and shot of the line a day.", "", false};
inline constexpr Field kUsed{"used", "Used", Kind::boolean, "", "False when the line does not bombard (see note).",
                             "",     false};
inline constexpr Field kNote{"note", "Note", Kind::text, "", "Why the line does not bombard (null when it does)."};
inline constexpr Field kCautious{
    "cautious", "Cautious", Kind::boolean, "", "--cautious: only pieces beyond the defender's reach bombard.",
    "",         false};
inline constexpr Field kBombardShp = report::vocab::kShp.as("Stronghold shp", "The stronghold's shp.", false);
inline constexpr Field kShpPerDay{
    "shp_per_day", "shp destroyed a day", Kind::amount, "shp", "shp the park destroys a day.", "", false};
inline constexpr Field kBombardDays = report::vocab::kDays.as(
    "Days to bring it to zero", "Days to bring the stronghold to zero (null: no piece bombards).");
inline constexpr Field kCostPerDay{
    "cost_gp_per_day", "Powder and shot a day", Kind::amount, "gp", "Powder and shot a day.", "", false};
inline constexpr Field kCostTotal{"cost_gp_total", "Powder and shot in all", Kind::amount, "gp",
                                  "Powder and shot in all (null when the days are)."};
inline constexpr Field kShpPerBreach{
    "shp_per_breach", "shp a breach", Kind::amount, "shp", "shp of damage that open one breach.", "", false};
inline constexpr Field kFirstBreach{"days_to_first_breach", "Days to the first breach", Kind::count, "days",
                                    "Days to the first breach (null when never)."};
inline constexpr Field kBreaches{"breaches", "Breaches", Kind::count, "breaches", "--breaches (null when not given)."};
inline constexpr Field kDaysToBreaches{
    "days_to_breaches", "Days to the breaches", Kind::count, "days",
    "Days to open --breaches breaches (null when not given or more than the shp allow)."};
inline constexpr Field kDefenderReach{"defender_reach_yd", "Defender's artillery reach", Kind::amount, "yd",
                                      "The defender's longest artillery range (null: no artillery)."};
inline constexpr Field kDamageFraction{
    "damage_fraction", "Damage", Kind::fraction, "", "Damage as a fraction of the stronghold's shp.", "", false};
inline constexpr Field kLossDay{"day", "Day", Kind::count, "days", "Day the damage is reached (null when never)."};
inline constexpr Field kPiecesLost{"pieces_lost", "Pieces lost", Kind::count, "pieces", "Pieces lost by then.", "",
                                   false};

// --- duel --------------------------------------------------------------------------------------------
inline constexpr Field kTrace{
    "trace", "Trace", Kind::boolean, "", "--trace: one seeded run traced (false: the odds over --runs seeded runs).",
    "",      false};
inline constexpr Field kSeed{"seed", "Seed", Kind::count, "", "--seed (default 1); null for exact odds."};
inline constexpr Field kRuns{"runs", "Runs", Kind::count, "", "Seeded runs (--runs); null for exact odds."};
inline constexpr Field kOddsMethod{"odds_method",
                                   "Odds",
                                   Kind::enumerated,
                                   "",
                                   "How the odds were found: exact (a Markov chain over the duel's or the siege's "
                                   "states) or sampled (seeded runs: --runs or --sample, or the chain passed its bound).",
                                   "exact|sampled",
                                   false};
inline constexpr Field kExactStates{
    "exact_states", "States", Kind::count, "states",
    "States of the exact chain: all it went through (exact), or those it had reached when it passed its bound "
    "or stopped on course to pass it (sampled instead), 0 when the duel has more pieces than the chain takes (16); null when sampling was asked "
    "for. The Siege Machine counts its states between weeks."};
inline constexpr Field kExactStateBound{"exact_state_bound", "State bound", Kind::count, "states",
                                        "The exact chain's bound on states (null when sampling was asked for)."};
inline constexpr Field kBesiegerPolicy{
    "besieger_policy", "Besieger policy", Kind::enumerated, "", "--besieger-policy.", "advance|fire|fall-back", false};
inline constexpr Field kDefenderPolicy{
    "defender_policy", "Defender policy", Kind::enumerated, "", "--defender-policy.", "fire|hold|hole-up", false};
inline constexpr Field kAdvanceTo{
    "advance_to",        "Advance to", Kind::enumerated, "", "--advance-to: the range band advancing pieces close to.",
    "short|medium|long", false};
inline constexpr Field kFallBackAfter{"fall_back_after",
                                      "Fall back after",
                                      Kind::count,
                                      "pieces",
                                      "Pieces lost before the besieger falls back.",
                                      "",
                                      false};
inline constexpr Field kHoleUpAfter{
    "hole_up_after", "Hole up after", Kind::count, "pieces", "Pieces lost before the defender holes up.", "", false};
inline constexpr Field kMaxRounds{"max_rounds", "Round limit", Kind::count, "rounds", "Round limit of a duel.",
                                  "",           false};
inline constexpr Field kDuelReach{"defender_reach_yd",
                                  "Defender's reach",
                                  Kind::amount,
                                  "yd",
                                  "The defender's longest range: where the besieger starts.",
                                  "",
                                  false};
inline constexpr Field kLabels{"labels", "Pieces", Kind::text, "", "The labels of the pieces of the row.", "", false};
inline constexpr Field kLabel{"label", "Piece", Kind::text, "", "The piece's label.", "", false};
inline constexpr Field kType{"piece", "Type", Kind::text, "", "The book's piece.", "", false};
inline constexpr Field kMobile{"mobile", "Moves", Kind::boolean, "", "True when it moves (on a limber).", "", false};
inline constexpr Field kStartYd{"start_yd", "Starts at", Kind::amount, "yd", "Where it starts (null: the stronghold)."};
inline constexpr Field kStopYd{"stop_yd", "Stops at", Kind::amount, "yd",
                               "Where it stops advancing (null: the stronghold)."};
inline constexpr Field kEngageYd{"engage_yd", "Engages at", Kind::amount, "yd", "Range it engages from.", "", false};
inline constexpr Field kPieceShp = report::vocab::kShp.as("shp", "The piece's structural hit points.", false);
inline constexpr Field kRoundsPerShot{"rounds_per_shot",
                                      "ROF",
                                      Kind::count,
                                      "rounds",
                                      "Rate of fire: one shot every this many rounds (the book's 1/40).",
                                      "",
                                      false};
inline constexpr Field kRange{"range", "Range S/M/L", Kind::text, "yd", "Short, medium and long range, as printed."};
inline constexpr Field kRangeShort{"range_short_yd", "Short yd", Kind::amount, "yd", "Short range.", "", false};
inline constexpr Field kRangeMedium{"range_medium_yd", "Medium yd", Kind::amount, "yd", "Medium range.", "", false};
inline constexpr Field kRangeLong{"range_long_yd", "Long yd", Kind::amount, "yd", "Long range.", "", false};
inline constexpr Field kShooter{"shooter", "Shooter", Kind::text, "", "Shooting piece (side).", "", false};
inline constexpr Field kTarget{"target", "Target", Kind::text, "", "Target piece.", "", false};
inline constexpr Field kShotBand{"range_band",        "Range", Kind::enumerated, "", "Range band of the shot.",
                                 "short|medium|long", false};
inline constexpr Field kTargetValue{"target_value", "Throw", Kind::integer, "", "d20 throw needed to hit.", "", false};
inline constexpr Field kPHit{"p_hit", "Hit", Kind::probability, "", "Probability: hit.", "", false};
inline constexpr Field kPSave{"p_save", "Save", Kind::probability, "", "Probability: save.", "", false};
inline constexpr Field kPDestroyGivenHit{
    "p_destroy_given_hit", "Destroyed if hit", Kind::probability, "", "Probability: destroy given hit.", "", false};
inline constexpr Field kPDestroy{"p_destroy", "Destroyed", Kind::probability, "", "Probability: destroy.", "", false};
inline constexpr Field kDuelEnd{"end",
                                "End",
                                Kind::enumerated,
                                "",
                                "How the duel ends.",
                                "besieger-destroyed|defender-destroyed|defender-holed-up|besieger-fell-back|stalemate|"
                                "round-limit",
                                false};
inline constexpr Field kRunsEnding = report::vocab::kCount.as("Runs", "Runs ending so (null for exact odds).");
inline constexpr Field kP{"p", "Share", Kind::probability, "", "Share of the runs (exact odds: the probability).", "", false};
inline constexpr Field kCi{"ci", "95% interval", Kind::text, "", "The 95% Wilson interval, as shown."};
inline constexpr Field kCiLow{"p_ci_low", "95% low", Kind::probability, "", "Low end of the 95% Wilson interval (null for exact odds)."};
inline constexpr Field kCiHigh{"p_ci_high", "95% high", Kind::probability, "", "High end of the 95% Wilson interval (null for exact odds)."};
inline constexpr Field kPiecesLeft{"pieces", "Pieces left", Kind::count, "pieces", "Pieces left at the end.",
                                   "",       false};
inline constexpr Field kPBesiegerLeft{"p_besieger_left", "Besieger", Kind::probability, "",
                                      "Share of the duels the besieger ends with that many pieces."};
inline constexpr Field kPDefenderLeft{"p_defender_left", "Defender", Kind::probability, "",
                                      "Share of the duels the defender ends with that many pieces."};
inline constexpr Field kBesiegerLeftDuels{"besieger_left_duels",
                                          "Besieger duels",
                                          Kind::count,
                                          "duels",
                                          "Duels the besieger ends with that many pieces (null for exact odds)."};
inline constexpr Field kDefenderLeftDuels{"defender_left_duels",
                                          "Defender duels",
                                          Kind::count,
                                          "duels",
                                          "Duels the defender ends with that many pieces (null for exact odds)."};
inline constexpr Field kRoundsMean{
    "rounds_mean", "Mean (95% interval)", Kind::amount, "rounds", "Mean rounds a duel takes.", "", false};
inline constexpr Field kRoundsCi{
    "rounds_ci95", "95% half width", Kind::amount, "rounds", "Half width of the mean's 95% interval (null for exact odds)."};
inline constexpr Field kRoundsMin{"rounds_min", "Fewest", Kind::count, "rounds", "Fewest rounds.", "", false};
inline constexpr Field kRoundsP10{
    "rounds_p10", "10th percentile", Kind::count, "rounds", "10th percentile of rounds.", "", false};
inline constexpr Field kRoundsMedian{"rounds_median", "Median", Kind::count, "rounds", "Median rounds.", "", false};
inline constexpr Field kRoundsP90{
    "rounds_p90", "90th percentile", Kind::count, "rounds", "90th percentile of rounds.", "", false};
inline constexpr Field kRoundsMax{"rounds_max", "Most", Kind::count, "rounds", "Most rounds.", "", false};
inline constexpr Field kBesiegerLeftMean{"besieger_left_mean",
                                         "Besieger pieces left (mean)",
                                         Kind::amount,
                                         "pieces",
                                         "Mean pieces the besieger has left.",
                                         "",
                                         false};
inline constexpr Field kDefenderLeftMean{"defender_left_mean",
                                         "Defender pieces left (mean)",
                                         Kind::amount,
                                         "pieces",
                                         "Mean pieces the defender has left (holed-up pieces count).",
                                         "",
                                         false};
inline constexpr Field kRound{"round", "Round", Kind::text, "rounds", "The round or rounds of the event, as shown."};
inline constexpr Field kRoundFrom{"round_from", "From round", Kind::count, "rounds", "First round of the event.",
                                  "",           false};
inline constexpr Field kRoundTo{"round_to", "To round", Kind::count, "rounds", "Last round of the event.", "", false};
inline constexpr Field kPhase{
    "phase", "Phase", Kind::enumerated, "", "defender or besieger (null: the whole round).", "defender|besieger"};
inline constexpr Field kEvent{"event", "Event", Kind::text, "", "The event in words.", "", false};
inline constexpr Field kEventKind{
    "kind", "Kind", Kind::enumerated, "", "What happens.", "fire|actions|hole-up|fall-back|end", false};
inline constexpr Field kActor{"piece", "Piece", Kind::text, "", "The acting piece (null when none)."};
inline constexpr Field kShotTarget{"target", "Target", Kind::text, "", "Its target (null when none)."};
inline constexpr Field kShotRange{"range_yd", "Range", Kind::amount, "yd", "Range of the shot (null unless fire)."};
inline constexpr Field kShotBandOrNone{
    "range_band",       "Range band", Kind::enumerated, "", "Range band of the shot (null unless fire).",
    "short|medium|long"};
inline constexpr Field kThrowNeeded{"target_value", "Throw", Kind::integer, "", "d20 throw needed (null unless fire)."};
inline constexpr Field kRoll{"roll", "Roll", Kind::count, "", "d20 thrown (null unless fire)."};
inline constexpr Field kSaveRoll{"save_roll", "Save roll", Kind::count, "",
                                 "The target's save throw (null when none)."};
inline constexpr Field kShotDamage{"damage_shp", "Damage", Kind::amount, "shp", "Damage done (null when none)."};
inline constexpr Field kShotResult{"result",
                                   "Result",
                                   Kind::enumerated,
                                   "",
                                   "The shot's result (a fire row), or how the duel ended (the end row); null "
                                   "otherwise.",
                                   "miss|saved|destroyed|suppressed|besieger-destroyed|defender-destroyed|"
                                   "defender-holed-up|besieger-fell-back|stalemate|round-limit"};
inline constexpr Field kRoundsPlayed = report::vocab::kRounds.as("Rounds", "Rounds played.", false);
inline constexpr Field kRoundsTaken = report::vocab::kRounds.as("Rounds", "Rounds a duel takes.", false);
inline constexpr Field kBesiegerLeft{
    "besieger_left", "Besieger left", Kind::count, "pieces", "Besieger pieces left.", "", false};
inline constexpr Field kDefenderLeft{
    "defender_left", "Defender left", Kind::count, "pieces", "Defender pieces left.", "", false};
inline constexpr Field kDefenderHoledUp{"defender_holed_up",
                                        "Defender holed up",
                                        Kind::count,
                                        "pieces",
                                        "Defender pieces holed up (0: it did not hole up).",
                                        "",
                                        false};

// --- structures -------------------------------------------------------------------------------------
inline constexpr Field kStructure{"name", "Structure", Kind::text, "", "Name (null when not given)."};
inline constexpr Field kShape{
    "shape", "Shape", Kind::enumerated, "", "The structure's shape.", "rectangular|round|wall", false};
inline constexpr Field kFactor{"materials_factor", "Factor", Kind::count, "", "Materials factor.", "", false};
inline constexpr Field kSize{"size", "Size", Kind::text, "in", "The size on the table, as shown."};
inline constexpr Field kLengthIn{"length_in", "Length in", Kind::amount, "in",
                                 "Length on the table (null when not given)."};
inline constexpr Field kWidthIn{"width_in", "Width in", Kind::amount, "in",
                                "Width on the table (null when not given)."};
inline constexpr Field kDiameterIn{"diameter_in", "Diameter in", Kind::amount, "in",
                                   "Diameter on the table (null when not given)."};
inline constexpr Field kHeightLevels{"height_levels", "Levels", Kind::amount, "levels", "Height in levels.", "", false};
inline constexpr Field kPoints{
    "strength_points", "Points", Kind::count, "points", "Structural strength points.", "", false};
inline constexpr Field kSections{"sections", "Sections", Kind::text, "points",
                                 "A wall's sections' points, separated by spaces (null for others)."};
inline constexpr Field kPointsWithPi{"points_with_pi", "With pi", Kind::count, "points",
                                     "Points with pi (null unless round)."};
inline constexpr Field kStructureMaterial{"material", "Material", Kind::text, "",
                                          "Material (null when a factor is given)."};
inline constexpr Field kPi{"pi", "Pi", Kind::boolean, "", "Round structures: pi used instead of 3 (null for others)."};
inline constexpr Field kProduct{"product", "Product", Kind::amount, "points", "Size x height x factor before rounding.",
                                "",        false};
inline constexpr Field kCannon = report::vocab::kCannon.as("Cannon", "Cannon on the structure (null when not given).");
inline constexpr Field kDamageTaken{"damage_points", "Damage", Kind::amount, "points",
                                    "Damage taken, given in the input (null when none)."};
inline constexpr Field kCannonLostNow{"cannon_lost_now", "Lost now", Kind::count, "pieces",
                                      "Cannon lost at that damage (null when none given)."};
inline constexpr Field kStepFraction{
    "damage_fraction", "Damage", Kind::fraction, "", "Damage as a fraction of the points.", "", false};
inline constexpr Field kDamagePoints{
    "damage_points", "Damage points", Kind::amount, "points", "Damage in points.", "", false};
inline constexpr Field kCannonLost{"cannon_lost", "Cannon lost", Kind::count, "pieces", "Cannon lost.", "", false};
inline constexpr Field kGateTarget{"target", "Target", Kind::text, "", "gate or door.", "", false};
inline constexpr Field kMinHand{"min_hand",
                                "Breached by at least",
                                Kind::text,
                                "",
                                "The weakest poker-dice hand that breaches it (pair, two-pair ...).",
                                "",
                                false};
inline constexpr Field kGateRange{"range", "Range", Kind::text, "", "The range band it must be fired from.", "", false};

// --- a battery against a structure (--battery) ----------------------------------------------------
inline constexpr Field kBattery{"battery", "Battery", Kind::text, "",
                                "The battery (--battery): its cannon, their type and the range band, as "
                                "[N x]TYPE@BAND (4xmedium@short).",
                                "", false};
inline constexpr Field kPInOne{"p_in_one", "P(one)", Kind::probability, "",
                               "The probability that one broadside does it.", "", false};
inline constexpr Field kMeanGameTurns{"mean_game_turns", "Mean turns", Kind::amount, "",
                                      "The mean game turns it takes, the battery fully manned: broadside n falls on "
                                      "turn 1 + (n - 1) x the turns between its broadsides (null when no broadside "
                                      "deals any)."};

// --- the Siege Machine ---------------------------------------------------------------------------------
inline constexpr Field kSmSide = report::vocab::kSide.as("Side", "The side.", false);
inline constexpr Field kPlan{"plan",
                             "Plan",
                             Kind::enumerated,
                             "",
                             "The attacker's plan (--plan or [siege_machine] plan).",
                             "bombard|harass|assault|bombard-then-assault",
                             false};
inline constexpr Field kBombardWeeks{"bombard_weeks",
                                     "Bombard weeks",
                                     Kind::amount,
                                     "weeks",
                                     "Weeks of bombardment before the assault (bombard-then-assault).",
                                     "",
                                     false};
inline constexpr Field kWeeks =
    report::vocab::kWeeks.as("Weeks", "Week limit (--weeks or the input; default 52).", false);
inline constexpr Field kTiePolicy{"tie_policy",
                                  "Tie policy",
                                  Kind::enumerated,
                                  "",
                                  "How a tied battle is settled.",
                                  "reroll|no-result|defender|higher-br",
                                  false};
inline constexpr Field kEscape{"escape", "Escape", Kind::boolean, "", "The defender has an avenue of escape.",
                               "",       false};
inline constexpr Field kPursue{"pursue_departure",
                               "Pursue departure",
                               Kind::boolean,
                               "",
                               "The defender pursues an attacker it sees depart.",
                               "",
                               false};
inline constexpr Field kDepartAfter{"depart_after_weeks", "Depart after", Kind::amount, "weeks",
                                    "The attacker departs after this many weeks (null when never)."};
inline constexpr Field kDepartBelow{"depart_below_troop_ratio", "Depart below ratio", Kind::amount, "",
                                    "The attacker departs below this troop ratio (null when never)."};
inline constexpr Field kFrontFt{"front_ft", "Front", Kind::amount, "ft",
                                "Front of concentrated fire (null when none)."};
inline constexpr Field kSmShp =
    report::vocab::kShp.as("shp", "The stronghold's structural points (null when not tracked).");
inline constexpr Field kGunpowderDamage{"gunpowder_weekly_damage",
                                        "Gunpowder d a week",
                                        Kind::amount,
                                        "shp",
                                        "d added a week by the besieger's gunpowder park (bombardment_damage).",
                                        "",
                                        false};
inline constexpr Field kDefenderPlan{
    "plan", "Plan", Kind::enumerated, "", "The defender's plan ([siege_machine.defender] plan).", "stay|sally|depart",
    false};
inline constexpr Field kDefenderPlanWeek{"plan_week", "Plan week", Kind::count, "weeks",
                                         "Week the defender acts (null when not given)."};
inline constexpr Field kDefenderPlanWhen{
    "plan_when",        "Plan when", Kind::enumerated, "", "When the defender acts (null when not given).",
    "starving|breached"};
inline constexpr Field kRatingMethod{
    "rating_method", "Rated by", Kind::text, "", "How the force was rated.", "", false};
inline constexpr Field kBfr = report::vocab::kBfr.as("BFR", "Basic force rating (null when not used).");
inline constexpr Field kTroopClass{"troop_class", "Troop class", Kind::text, "", "Troop class (null when not used)."};
inline constexpr Field kStatementsTrue{
    "statements_true", "Statements true", Kind::count, "", "Battle-rating statements that hold.", "", false};
inline constexpr Field kRatedBr = report::vocab::kBr.as("BR", "The BR.", false);
inline constexpr Field kOption{
    "option", "Option", Kind::enumerated, "", "The attacker's option (or the sally).", "bombard|harass|assault|sally",
    false};
inline constexpr Field kSideBr = report::vocab::kBr.as("BR", "The side's BR.", false);
inline constexpr Field kArtilleryBonus{"artillery", "Artillery", Kind::count, "BR", "Artillery bonus.", "", false};
inline constexpr Field kEquipmentBonus{"equipment", "Equipment", Kind::count, "BR", "Siege equipment bonus.",
                                       "",          false};
inline constexpr Field kFortificationBonus{
    "fortification", "Fortification", Kind::count, "BR", "Fortification bonus.", "", false};
inline constexpr Field kTotalBr{"total_br", "Total", Kind::number, "", "BR with the bonuses.", "", false};
inline constexpr Field kPayroll{"payroll_gp_per_week",       "Payroll", Kind::amount, "gp",
                                "Pay of the troops a week.", "",        false};
inline constexpr Field kFood{"food_gp_per_week", "Food", Kind::amount, "gp", "Food a week.", "", false};
inline constexpr Field kWater{"water_gp_per_week", "Water", Kind::amount, "gp", "Water a week.", "", false};
inline constexpr Field kSupplies{"supplies_gp_per_week", "Supplies", Kind::amount, "gp", "Supplies a week.", "", false};
inline constexpr Field kAmmunition{"ammunition_gp_per_week", "Ammunition", Kind::amount, "gp",
                                   "Ammunition a week.",     "",           false};
inline constexpr Field kMaterials{"materials_gp_per_week",
                                  "Materials",
                                  Kind::amount,
                                  "gp",
                                  "Materials of field construction (paid in week 1).",
                                  "",
                                  false};
inline constexpr Field kWeekCost{"cost_gp_per_week", "Total", Kind::amount, "gp", "All costs of the week.", "", false};
inline constexpr Field kMoney{"money_gp", "Money on hand", Kind::amount, "gp",
                              "Money on hand (null when not counted)."};
inline constexpr Field kIncome{"income_gp_per_week", "Income", Kind::amount, "gp", "Income a week.", "", false};
inline constexpr Field kRationPrice{"ration_gp_per_week",
                                    "Ration price",
                                    Kind::amount,
                                    "gp",
                                    "Rations of a person a week at adventurer prices (the input's ration_gp_per_week, "
                                    "else the book's; halved for troops).",
                                    "",
                                    false};
inline constexpr Field kMounts{"mounts", "Mounts", Kind::count, "mounts", "Mounts fed.", "", false};
inline constexpr Field kCreateFoodFed{
    "create_food_fed", "Fed by Create food", Kind::amount, "people", "People fed a day by Create food.", "", false};
inline constexpr Field kItemId{"id", "Item", Kind::text, "", "Equipment id.", "", false};
inline constexpr Field kHp{"hp", "Hp", Kind::amount, "hp", "Hit points of the item.", "", false};
inline constexpr Field kItemMaterials{"materials_gp", "Materials gp", Kind::amount, "gp", "Materials of the item.", "",
                                      false};
inline constexpr Field kFinishedDay{"day", "Finished on day", Kind::count, "days", "Day it is finished.", "", false};
inline constexpr Field kJoinsWeek = report::vocab::kWeek.as("Joins in week", "Week it joins the siege.", false);
inline constexpr Field kWoodHp{"wood_hp_per_day", "Wood a day", Kind::amount, "hp", "Wood gathered a day.", "", false};
inline constexpr Field kPlanMaterials{"materials_gp", "Materials", Kind::amount, "gp", "Materials of all items.", "",
                                      false};
inline constexpr Field kPlanDays = report::vocab::kDays.as("Days", "Days to build everything.", false);
inline constexpr Field kWeek = report::vocab::kWeek.as("Week", "Week.", false);
inline constexpr Field kSiegeWeeks = report::vocab::kWeeks.as("Weeks", "Weeks a siege lasts, whatever its end.", false);
inline constexpr Field kTroopsAtEnd = report::vocab::kTroops.as("Troops", "Troops a side has at the end of a siege.", false);
inline constexpr Field kSiegeCost{"cost_gp", "Cost gp", Kind::amount, "gp",
                                  "What a side spends over a siege, to the whole gp.", "", false};
inline constexpr Field kWeekOption{"option_taken", "Option", Kind::text, "",
                                   "The option taken that week (null when none)."};
inline constexpr Field kBrPair{"br_pair", "BR att/def", Kind::text, "BR", "Both sides' BR in the battle, as shown."};
inline constexpr Field kAttackerBr{"attacker_br", "Attacker BR", Kind::count, "BR",
                                   "Attacker's BR in the battle (null without one)."};
inline constexpr Field kDefenderBr{"defender_br", "Defender BR", Kind::count, "BR",
                                   "Defender's BR in the battle (null without one)."};
inline constexpr Field kRollsPair{"rolls", "d100 att/def", Kind::text, "", "Both sides' d100, as shown."};
inline constexpr Field kAttackerRoll{"attacker_roll", "Attacker d100", Kind::count, "",
                                     "Attacker's d100 (null without a battle)."};
inline constexpr Field kDefenderRoll{"defender_roll", "Defender d100", Kind::count, "",
                                     "Defender's d100 (null without a battle)."};
inline constexpr Field kBattle{"battle_result", "Battle", Kind::text, "",
                               "The battle's result in words (null without one)."};
inline constexpr Field kHdPair{"hd_pair", "Artillery HD att/def", Kind::text, "HD", "Both sides' HD, as shown."};
inline constexpr Field kAttackerHd{
    "attacker_hd", "Attacker HD", Kind::amount, "HD", "Hit dice of defenders the attacker's artillery kills.", "",
    false};
inline constexpr Field kDefenderHd{
    "defender_hd", "Defender HD", Kind::amount, "HD", "Hit dice of attackers the defender's artillery kills.", "",
    false};
inline constexpr Field kLostPair{"lost_pair", "Lost att/def", Kind::text, "men", "Both sides' losses, as shown."};
inline constexpr Field kAttackerLost{
    "attacker_lost", "Attacker lost", Kind::count, "men", "Attacking troops lost.", "", false};
inline constexpr Field kDefenderLost{
    "defender_lost", "Defender lost", Kind::count, "men", "Defending troops lost.", "", false};
inline constexpr Field kTroopsPair{"troops_pair", "Troops att/def", Kind::text, "men", "Both sides' troops, as shown."};
inline constexpr Field kAttackerTroops{
    "attacker_troops", "Attacker troops", Kind::count, "men", "Attacking troops left.", "", false};
inline constexpr Field kDefenderTroops =
    report::vocab::kDefenderTroops.as("Defender troops", "Defending troops left.", false);
inline constexpr Field kDamageText{"damage_roll_text", "d - d% = damage", Kind::text, "shp",
                                   "The week's d, the d% rolled and the damage, as shown."};
inline constexpr Field kDamageD{"damage_d", "d", Kind::amount, "shp",
                                "The week's d of damage to fortifications (null when none)."};
inline constexpr Field kDamageRoll{"damage_roll", "d%", Kind::count, "", "The d% rolled against it (null when none)."};
inline constexpr Field kWeekDamage{"damage_shp", "Damage", Kind::amount, "shp",
                                   "Damage done to the fortifications (null when none)."};
inline constexpr Field kWeekShpLeft{"shp_left", "Shp left", Kind::amount, "shp",
                                    "Structural points left (null when not tracked)."};
inline constexpr Field kBreachFt{"breach_ft", "Breach ft", Kind::amount, "ft",
                                 "Breach opened so far (null when not tracked)."};
inline constexpr Field kMoralePair{"morale_pair", "Morale att/def", Kind::text, "", "Both sides' morale, as shown."};
inline constexpr Field kAttackerMorale{"attacker_morale", "Attacker morale", Kind::integer, "",
                                       "Attacker's morale (null when not tracked)."};
inline constexpr Field kDefenderMorale{"defender_morale", "Defender morale", Kind::integer, "",
                                       "Defender's morale (null when not tracked)."};
inline constexpr Field kCostPair{"cost_pair", "Cost gp att/def", Kind::text, "gp", "Both sides' costs, as shown."};
inline constexpr Field kAttackerCost{
    "attacker_cost_gp_per_week", "Attacker cost", Kind::amount, "gp", "The attacker's costs of the week.", "", false};
inline constexpr Field kDefenderCost{
    "defender_cost_gp_per_week", "Defender cost", Kind::amount, "gp", "The defender's costs of the week.", "", false};
inline constexpr Field kMoneyPair{"money_pair", "Money gp att/def", Kind::text, "gp", "Both sides' money, as shown."};
inline constexpr Field kAttackerMoney{"attacker_money_gp", "Attacker money", Kind::amount, "gp",
                                      "The attacker's money left (null when not counted)."};
inline constexpr Field kDefenderMoney{"defender_money_gp", "Defender money", Kind::amount, "gp",
                                      "The defender's money left (null when not counted)."};
inline constexpr Field kWeekNote{"note", "Note", Kind::text, "", "Note (null when none)."};
inline constexpr Field kEscaped{"escaped", "Escaped", Kind::count, "men", "Defenders escaped that week.", "", false};
inline constexpr Field kAmmunitionYield{"ammunition_yield_weeks",
                                        "Ammunition yield",
                                        Kind::amount,
                                        "weeks",
                                        "Weeks of ammunition yielded that week.",
                                        "",
                                        false};
inline constexpr Field kBuiltWeek = report::vocab::kWeek.as("Week", "Week it was finished.", false);
inline constexpr Field kBuiltId{"id", "Item", Kind::text, "", "Equipment id.", "", false};
inline constexpr Field kSmEnd{"end",
                              "End",
                              Kind::enumerated,
                              "",
                              "How the siege ends.",
                              "captured-by-assault|captured-by-bombardment|starved|abandoned|departed|lifted|"
                              "holding-out",
                              false};
inline constexpr Field kWeeksTaken = report::vocab::kWeeks.as("Weeks", "Weeks the siege took.", false);
inline constexpr Field kEscapedAll{"escaped", "Escaped", Kind::count, "men", "Defenders escaped.", "", false};
inline constexpr Field kAttackerCostTotal{
    "attacker_cost_gp_total", "Attacker cost", Kind::amount, "gp", "What the siege cost the attacker.", "", false};
inline constexpr Field kDefenderCostTotal{
    "defender_cost_gp_total", "Defender cost", Kind::amount, "gp", "What the siege cost the defender.", "", false};
inline constexpr Field kPFalls{
    "p_falls", "Falls that week", Kind::probability, "", "Share of the sieges whose stronghold falls that week.", "",
    false};
inline constexpr Field kPFallen{
    "p_fallen", "Fallen by then", Kind::probability, "", "Share of the sieges whose stronghold has fallen by then.", "",
    false};
inline constexpr Field kFalls{"sieges", "Sieges", Kind::count, "sieges",
                              "Sieges whose stronghold falls that week (null for exact odds)."};
inline constexpr Field kMeanWeeks{"mean_weeks_to_fall",
                                  "Mean weeks",
                                  Kind::amount,
                                  "weeks",
                                  "Mean weeks until the stronghold falls, over the sieges that fall.",
                                  "",
                                  false};
inline constexpr Field kMedianWeeks{"median_weeks_to_fall",
                                    "Median weeks",
                                    Kind::count,
                                    "weeks",
                                    "Median weeks until it falls, over the sieges that fall.",
                                    "",
                                    false};
inline constexpr Field kAttackerMeanCost{"attacker_mean_cost_gp_total",
                                         "Attacker mean cost",
                                         Kind::amount,
                                         "gp",
                                         "The attacker's mean cost of a siege.",
                                         "",
                                         false};
inline constexpr Field kDefenderMeanCost{"defender_mean_cost_gp_total",
                                         "Defender mean cost",
                                         Kind::amount,
                                         "gp",
                                         "The defender's mean cost of a siege.",
                                         "",
                                         false};
inline constexpr Field kAttackerCostSd{"attacker_cost_sd_gp", "Attacker cost sd", Kind::amount, "gp",
                                       "The standard deviation of the attacker's cost of a siege.", "", false};
inline constexpr Field kDefenderCostSd{"defender_cost_sd_gp", "Defender cost sd", Kind::amount, "gp",
                                       "The standard deviation of the defender's cost of a siege.", "", false};

}  // namespace gunpowder::siege_app::fields
