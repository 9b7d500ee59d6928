// fields.hpp - every figure war-machine reports, declared once (key, header, kind, unit, meaning):
// the csv columns and JSON keys of its tables, the generated schemas and man-page key tables.
// The tables made of them and the documents: specs.cpp.
#pragma once

#include "gunpowder/core/fields.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::war_app::fields {

using report::Field;
using report::Kind;

// --- what a row is about
constexpr Field kBattle{"battle", "#",  Kind::count, "", "The battle's number, in the order of the file's battles",
                        "",       false};
constexpr Field kCampaign{
    "campaign", "Campaign", Kind::count, "", "The campaign's number: one per battle of the file, in its order",
    "",         false};
constexpr Field kForce{"force", "Force", Kind::text, "", "The force", "", false};

// --- the readings and policies in effect
constexpr Field kSiegeMachine{"siege_machine",
                              "Siege Machine",
                              Kind::boolean,
                              "",
                              "True with --siege-machine (or siege_machine = true in [battle]): the starred defender "
                              "lines are ignored",
                              "",
                              false};
constexpr Field kSimpleSiege{"simple_siege",
                             "Simple siege",
                             Kind::boolean,
                             "",
                             "True with --simple-siege (or simple_siege = true): defender x4 for the troop ratio, "
                             "holds, half casualties",
                             "",
                             false};
constexpr Field kWeeksBesieged{"weeks_besieged",
                               "Weeks besieged",
                               Kind::count,
                               "weeks",
                               "Weeks besieged under the simple siege (--weeks-besieged or weeks_besieged): +5 BR a "
                               "week to the attacker; 0 otherwise",
                               "",
                               false};
constexpr Field kTiePolicy{"tie_policy",
                           "Ties",
                           Kind::enumerated,
                           "",
                           "How ties are settled (--tie-policy or tie_policy)",
                           "reroll|no-result|defender|higher-br",
                           false};
constexpr Field kCasualtyReading{"casualty_reading",
                                 "Casualty reading",
                                 Kind::enumerated,
                                 "",
                                 "How a tactic's C+n% changes casualties (--casualty-reading or casualty_reading)",
                                 "points|multiply",
                                 false};
constexpr Field kTroopRatioReading{"troop_ratio_reading",
                                   "Troop-ratio reading",
                                   Kind::enumerated,
                                   "",
                                   "Which troop-ratio band a ratio between printed ratios takes "
                                   "(--troop-ratio-reading or troop_ratio_reading)",
                                   "ceiling|floor",
                                   false};
constexpr Field kStatementReading{"statement_reading",
                                  "Statement reading",
                                  Kind::enumerated,
                                  "",
                                  "How a battle-rating statement reads a figure (--statement-reading or "
                                  "statement_reading)",
                                  "up|exact",
                                  false};
constexpr Field kSeed{"seed", "Seed", Kind::count, "",
                      "The seed of the d100 rolls (--seed, default 1); null when nothing is rolled"};
constexpr Field kRounds = report::vocab::kRounds.as(
    "Rounds", "With --roll (without --runs): the most battles fought in a row (--rounds, default 1); null otherwise");
constexpr Field kRuns{"runs", "Runs", Kind::count, "",
                      "With --roll --runs N: the number of independent battles tallied for each battle of the file; "
                      "null otherwise"};
constexpr Field kMaxBattles{
    "battles", "Battles", Kind::count, "", "The most battles of each campaign (--battles, default 10)", "", false};

// --- a force and its rating
constexpr Field kName{"name", "Force", Kind::text, "", "The force", "", false};
constexpr Field kSide = report::vocab::kSide.as("Side", "Side, as given (null when not given)");
constexpr Field kRole{"role", "Role", Kind::enumerated, "", "The force's role", "attacker|defender|none", false};
constexpr Field kTroops = report::vocab::kTroops.as("Troops", "Troops in the force", false);
constexpr Field kMethod{"method", "Rated by", Kind::enumerated, "", "How the force is rated", "factors|bfr|br|quick",
                        false};
constexpr Field kBfr = report::vocab::kBfr.as("BFR", "Basic force rating B' (null when not computed)");
constexpr Field kTroopClass{"troop_class", "Class", Kind::text, "", "Troop class (null when not computed)"};
constexpr Field kBr = report::vocab::kBr.as("BR", "Battle rating B, before the battle's adjustments", false);
constexpr Field kModifiedBr{"modified_br", "Modified BR", Kind::integer, "",
                            "B with the adjustments (null when the force fights no battle)"};
constexpr Field kOpponent{"opponent", "Opponent", Kind::text, "", "The force it fights; null when unmatched"};
constexpr Field kStatementsTrue{"statements_true", "Statements", Kind::count, "",
                                "Statements that hold (null when B is given or quick)"};
constexpr Field kBonusPerStatement{
    "bonus_per_statement", "Bonus per statement", Kind::count, "", "BR bonus for each statement that holds", "", false};

// --- the lines of the basic force rating (or of the quick rating)
constexpr Field kFactor{"factor", "Factor", Kind::text, "", "The factor (null on the total line)"};
constexpr Field kLineId{"id", "Id", Kind::text, "",
                        "The line's id, words joined by '-' (leader-level, two-asterisk-percent, ...); null on the "
                        "total line"};
constexpr Field kLine{"line", "Line", Kind::text, "", "The line as printed (B' or BR: the total)", "", false};
constexpr Field kInput{"input", "Input", Kind::text, "", "The figure it reads"};
constexpr Field kPoints{"points", "Points", Kind::integer, "", "Points it gives (the total line: their sum)",
                        "",       false};
constexpr Field kNote{"note", "Note", Kind::text, "", "Note (null when none)"};

// --- the battle-rating statements
constexpr Field kLetter{"letter", "#", Kind::text, "", "The statement letter", "", false};
constexpr Field kStatementId{
    "id", "Id", Kind::text, "", "The statement's id, words joined by '-' (mounted-20, average-movement-100, ...)",
    "",   false};
constexpr Field kStatement{"statement", "Statement", Kind::text, "", "The statement", "", false};
constexpr Field kMeasured{"measured",
                          "Force",
                          Kind::text,
                          "",
                          "The figure as shown: \"20% (19.9% rounded up)\", \"given true\", \"not given\"",
                          "",
                          false};
constexpr Field kFigure{"figure", "Figure", Kind::number, "",
                        "The force's figure, in unit (null when not measured: given or not given)"};
constexpr Field kCounted{"counted", "Counted", Kind::number, "",
                         "The figure as it meets the threshold under the statement reading (up: rounded up to a whole "
                         "percent or foot)"};
constexpr Field kStatementUnit{
    "unit", "Unit", Kind::enumerated, "", "The unit of figure and counted (null when not measured)", "percent|ft"};
constexpr Field kGiven{"given", "Given", Kind::boolean, "",
                       "True when the force lists its statements, false when its figure is measured, null when "
                       "neither"};
constexpr Field kHolds{"holds", "Holds", Kind::boolean, "", "True when it holds", "", false};
constexpr Field kInBook{
    "in_book", "In the book", Kind::boolean, "", "True when the book states it (false: a documented reading)",
    "",        false};

// --- the adjustments of a battle
constexpr Field kGroup{"group", "Group", Kind::text, "",
                       "The adjustment group (morale, terrain, troop-ratio, tactics, ...); null on the B, modified BR "
                       "and BR-in-combat lines"};
constexpr Field kAdjustmentId{"id", "Id", Kind::text, "",
                              "The adjustment line (a situation id of the input, or one the tool adds: troop-ratio, "
                              "besieged-weeks); null on the B, modified BR and BR-in-combat lines"};
constexpr Field kAdjustment{"adjustment", "Adjustment", Kind::text, "", "The line as printed", "", false};
constexpr Field kBrPoints{"br_points",
                          "BR",
                          Kind::integer,
                          "",
                          "Points added to the BR (negative: subtracted); on the B, modified BR and BR-in-combat "
                          "lines the BR itself",
                          "",
                          false};

// --- a battle's odds
constexpr Field kForce0{"force_0", "Force", Kind::text, "", "The battle's first force", "", false};
constexpr Field kForce1{"force_1", "Against", Kind::text, "", "The force it fights", "", false};
constexpr Field kCombatBr0{
    "combat_br_0", "C-BR", Kind::integer, "", "The first force's BR in combat: modified BR plus tactics", "", false};
constexpr Field kCombatBr1{"combat_br_1", "C-BR", Kind::integer, "", "Its opponent's BR in combat", "", false};
constexpr Field kPWinResolved0{"p_win_resolved_0",
                               "Wins",
                               Kind::probability,
                               "",
                               "That the first force wins, ties settled by the tie policy",
                               "",
                               false};
constexpr Field kPWinResolved1{"p_win_resolved_1",
                               "Loses",
                               Kind::probability,
                               "",
                               "That its opponent wins, ties settled by the tie policy",
                               "",
                               false};
constexpr Field kPTie{"p_tie", "Tie", Kind::probability, "", "That the totals are equal (before ties are settled)",
                      "",      false};
constexpr Field kExpectedCasualtiesPct0{"expected_casualties_pct_0",
                                        "Casualties %",
                                        Kind::amount,
                                        "%",
                                        "The first force's expected casualties, as a percentage of its troops",
                                        "",
                                        false};
constexpr Field kExpectedCasualtiesPct1{"expected_casualties_pct_1",
                                        "Their casualties %",
                                        Kind::amount,
                                        "%",
                                        "Its opponent's expected casualties, as a percentage of its troops",
                                        "",
                                        false};
constexpr Field kCombat{"combat", "Combat", Kind::boolean, "", "False when the tactics table gives no combat",
                        "",       false};
constexpr Field kTactics{"tactics", "Tactics", Kind::text, "",
                         "The tactics cell as printed (A/B); null without tactics"};
constexpr Field kTacticsCancelled{
    "tactics_cancelled", "Tactics cancelled", Kind::boolean, "", "True when both plans cancel out", "", false};
constexpr Field kPairsTie{
    "pairs_tie", "Tie pairs", Kind::count, "", "Of the 10,000 pairs of d100 rolls, how many give equal totals",
    "",          false};
constexpr Field kPNoResult{"p_no_result",
                           "No result",
                           Kind::probability,
                           "",
                           "That the battle has no result (ties under the no-result policy, or no combat)",
                           "",
                           false};

constexpr Field kOutcome{"outcome", "Outcome", Kind::text, "", "The outcome, in words", "", false};
constexpr Field kPairs{"pairs", "Pairs", Kind::count, "", "Of the 10,000 pairs of d100 rolls, how many give it",
                       "",      false};
constexpr Field kP{"p", "Probability", Kind::probability, "", "Its probability", "", false};
constexpr Field kPResolved{
    "p_resolved", "Resolved", Kind::probability, "", "Its probability once ties are settled by the tie policy",
    "",           false};

constexpr Field kExpectedCasualtiesPct{"expected_casualties_pct",
                                       "Casualties %",
                                       Kind::amount,
                                       "%",
                                       "Expected casualties, as a percentage of the force's troops",
                                       "",
                                       false};
constexpr Field kExpectedCasualties{
    "expected_casualties", "Troops", Kind::amount, "", "Expected troops lost (killed and wounded)", "", false};
constexpr Field kExpectedKilled{"expected_killed", "Killed", Kind::amount, "", "Expected troops killed", "", false};
constexpr Field kExpectedWounded{"expected_wounded",
                                 "Wounded",
                                 Kind::amount,
                                 "",
                                 "Expected troops wounded (a force that retreats or routs counts its wounded as "
                                 "killed)",
                                 "",
                                 false};
constexpr Field kTactic{"tactic", "Tactic", Kind::text, "",
                        "The tactic chosen (attack-plus, attack, envelop, trap, hold, withdraw); null without"};
constexpr Field kTacticBr{"tactic_br", "Tactic BR", Kind::integer, "", "BR points the tactics cell adds", "", false};
constexpr Field kTacticCasualtiesPct{"tactic_casualties_pct",
                                     "Tactic casualties",
                                     Kind::integer,
                                     "%",
                                     "Casualty percentage points the tactics cell adds (C+n%)",
                                     "",
                                     false};
constexpr Field kCombatBr{"combat_br", "C-BR", Kind::integer, "", "BR in combat: modified BR plus tactics", "", false};
constexpr Field kPWin{"p_win", "Win", Kind::probability, "", "That the force wins outright (before ties are settled)",
                      "",      false};
constexpr Field kPairsWin{
    "pairs_win", "Win pairs", Kind::count, "", "Of the 10,000 pairs of d100 rolls, how many this force wins",
    "",          false};
constexpr Field kPWinResolved{
    "p_win_resolved", "Wins", Kind::probability, "", "That the force wins, ties settled by the tie policy", "", false};

// --- the combat-results rows
constexpr Field kWinner{"winner", "Winner", Kind::text, "", "The side that wins (null on a tie or no combat)"};
constexpr Field kDifferenceBand{"difference_band", "Difference", Kind::text, "",
                                "The War Machine combat-results band of the difference of the two combat totals C, "
                                "as printed (\"1-8\", \"151+\"; \"tie\": the row a tie is settled on)"};
constexpr Field kDifferenceMin{
    "difference_min", "From", Kind::count, "", "The band's lowest difference (0: the tie row)", "", false};
constexpr Field kDifferenceMax{"difference_max", "To", Kind::count, "",
                               "The band's highest difference (null: no upper end; 0: the tie row)"};
constexpr Field kWinnerCasualtiesPct{"winner_casualties_pct",
                                     "Winner %",
                                     Kind::amount,
                                     "%",
                                     "The winner's casualties as a percentage of its troops (after tactics and the "
                                     "simple siege)",
                                     "",
                                     false};
constexpr Field kLoserCasualtiesPct{"loser_casualties_pct",
                                    "Loser %",
                                    Kind::amount,
                                    "%",
                                    "The loser's casualties as a percentage of its troops",
                                    "",
                                    false};
constexpr Field kWinnerFatigue{"winner_fatigue",
                               "W fatigue",
                               Kind::enumerated,
                               "",
                               "The winner's fatigue after the battle; null where the book prints a dash",
                               "none|moderate|serious"};
constexpr Field kLoserFatigue{"loser_fatigue",
                              "L fatigue",
                              Kind::enumerated,
                              "",
                              "The loser's fatigue after the battle; null where the book prints a dash (routed or "
                              "destroyed)",
                              "none|moderate|serious"};
constexpr Field kWinnerLocation{"winner_location",
                                "W location",
                                Kind::enumerated,
                                "",
                                "Where the winner ends up; null: no location (the book's dash)",
                                "field|retreat|rout|hold|withdraw"};
constexpr Field kLoserLocation{"loser_location",
                               "L location",
                               Kind::enumerated,
                               "",
                               "Where the loser ends up; null: no location (the book's dash)",
                               "field|retreat|rout|hold|withdraw"};
constexpr Field kWinnerLocationUnits{"winner_location_units", "W units", Kind::count, "",
                                     "Terrain units the winner advances (field) or falls back (retreat): the n of "
                                     "F+n or R+n; 0 otherwise; null with no location"};
constexpr Field kLoserLocationUnits{"loser_location_units", "L units", Kind::count, "",
                                    "Terrain units the loser advances or falls back; null with no location"};
constexpr Field kWinnerCasualties{"winner_casualties",
                                  "W troops lost",
                                  Kind::count,
                                  "",
                                  "Troops the winner loses (killed and wounded), rounded up",
                                  "",
                                  false};
constexpr Field kLoserCasualties{"loser_casualties",
                                 "L troops lost",
                                 Kind::count,
                                 "",
                                 "Troops the loser loses (killed and wounded), rounded up",
                                 "",
                                 false};
constexpr Field kWinnerKilled{"winner_killed", "W killed", Kind::count, "", "Troops of the winner killed", "", false};
constexpr Field kWinnerWounded{
    "winner_wounded", "W wounded", Kind::count, "", "Troops of the winner wounded", "", false};
constexpr Field kLoserKilled{"loser_killed", "L killed", Kind::count, "", "Troops of the loser killed", "", false};
constexpr Field kLoserWounded{"loser_wounded",
                              "L wounded",
                              Kind::count,
                              "",
                              "Troops of the loser wounded (a force that retreats or routs counts its wounded as "
                              "killed)",
                              "",
                              false};

// --- fatigue and location after a battle, as distributions
constexpr Field kOf{"kind", "Of", Kind::enumerated, "", "What the state is: fatigue or location", "fatigue|location",
                    false};
constexpr Field kState{"state", "State", Kind::text, "",
                       "Fatigue (none, moderate, serious) or location (field, retreat, rout, hold, withdraw; "
                       "no-result: a tie under --tie-policy no-result; no-combat: the tactics table); null: routed or "
                       "destroyed (fatigue) or no location (the 151+ loser)"};
constexpr Field kStateUnits{"location_units", "Units", Kind::count, "",
                            "A location's terrain units advanced (field) or fallen back (retreat): the n of F+n or "
                            "R+n; 0 otherwise; null for fatigue, no location, no-result or no-combat"};

// --- rolled battles
constexpr Field kRound{"round", "Round", Kind::count, "", "The round, from 1", "", false};
constexpr Field kRoll0{"roll_0", "d100", Kind::count, "", "The first force's d100 roll", "", false};
constexpr Field kTotal0{"total_0", "C", Kind::integer, "", "The first force's combat total C (null: no combat)"};
constexpr Field kRoll1{"roll_1", "d100", Kind::count, "", "Its opponent's d100 roll", "", false};
constexpr Field kTotal1{"total_1", "C", Kind::integer, "", "Its opponent's combat total C (null: no combat)"};
constexpr Field kDifference{"difference", "Difference", Kind::integer, "",
                            "The difference of the totals, first force minus its opponent (null: no combat)"};
constexpr Field kModifiedBr0{
    "modified_br_0", "Modified BR", Kind::integer, "", "The first force's modified BR in this round", "", false};
constexpr Field kModifiedBr1{
    "modified_br_1", "Modified BR", Kind::integer, "", "Its opponent's modified BR", "", false};
constexpr Field kRerolledTies{"rerolled_ties",
                              "Rerolled ties",
                              Kind::count,
                              "",
                              "Ties rolled again before this result (reroll policy)",
                              "",
                              false};
constexpr Field kTie{"tie", "Tie", Kind::boolean, "", "True when the totals are equal", "", false};
constexpr Field kEnded{"ended", "Ended", Kind::text, "", "Why the rounds stopped", "", false};
constexpr Field kCasualtiesPct{"casualties_pct",
                               "Casualties %",
                               Kind::amount,
                               "%",
                               "The force's casualties as a percentage of its troops",
                               "",
                               false};
constexpr Field kCasualties{
    "casualties", "Troops lost", Kind::count, "", "Troops lost (killed and wounded), rounded up", "", false};
constexpr Field kKilled{"killed", "Killed", Kind::count, "", "Troops killed", "", false};
constexpr Field kLoss{"loss",
                      "Loss",
                      Kind::enumerated,
                      "",
                      "The troops a distribution counts: casualties (killed and wounded), killed or wounded",
                      "casualties|killed|wounded",
                      false};
// Troops lost, not a force's size: `troops` is only the troops a force has (forces[].troops).
constexpr Field kTroopsLost{
    "troops_lost", "Troops lost", Kind::count, "men", "Troops lost, killed or wounded (as the distribution counts)", "",
    false};
constexpr Field kWounded{"wounded",
                         "Wounded",
                         Kind::count,
                         "",
                         "Troops wounded (a force that retreats or routs counts its wounded as killed)",
                         "",
                         false};
constexpr Field kFatigue{"fatigue",
                         "Fatigue",
                         Kind::enumerated,
                         "",
                         "Fatigue after the battle; null where the book prints a dash, or without a result",
                         "none|moderate|serious"};
constexpr Field kLocation{"location",
                          "Location",
                          Kind::enumerated,
                          "",
                          "Where the force ends up; null: no location, no result or no combat",
                          "field|retreat|rout|hold|withdraw"};
constexpr Field kLocationUnits{"location_units", "Units", Kind::count, "",
                               "Terrain units the force advances (field) or falls back (retreat): the n of F+n or "
                               "R+n; 0 otherwise; null with no location"};
constexpr Field kTroopsAfter{"troops_after", "Troops left", Kind::count, "", "Troops fit to fight after it", "", false};
constexpr Field kWon{"won", "Won", Kind::boolean, "", "True for the force that wins", "", false};
constexpr Field kRouted{"routed", "Routed", Kind::boolean, "", "True when the force routed", "", false};
constexpr Field kDestroyed{"destroyed", "Destroyed", Kind::boolean, "", "True when the force has no troops left",
                           "",          false};

// --- the tally of --runs
constexpr Field kCount = report::vocab::kCount.as("Count", "Battles with this outcome", false);
constexpr Field kPShare{"p_share", "Share", Kind::probability, "", "Their share of the battles fought", "", false};
constexpr Field kPExact{
    "p_exact", "Exact", Kind::probability, "", "The exact probability of the outcome on one d100 pair", "", false};

// --- campaigns
constexpr Field kTroopsBefore{
    "troops_before", "Troops", Kind::count, "", "Troops fit to fight before the first battle", "", false};
constexpr Field kPField{"p_field",
                        "Holds the field",
                        Kind::probability,
                        "",
                        "That the force holds the field (a simple-siege defender: holds its position)",
                        "",
                        false};
constexpr Field kPWithdraw{
    "p_withdraw", "Withdraws", Kind::probability, "", "That the force withdraws (the Withdraw tactic)", "", false};
constexpr Field kPRetreat{"p_retreat", "Retreats", Kind::probability, "", "That the force retreats", "", false};
constexpr Field kPRout{
    "p_rout", "Routs", Kind::probability, "", "That the force routs (or is the 151+ loser with survivors)", "", false};
constexpr Field kPDestroyed{"p_destroyed", "Destroyed", Kind::probability, "", "That the force has no troops left", "",
                            false};
constexpr Field kExpectedTroops{
    "expected_troops", "Troops left", Kind::amount, "", "Expected troops fit to fight", "", false};
constexpr Field kExpectedBattles{
    "expected_battles", "Expected battles", Kind::amount, "", "Expected number of battles fought", "", false};
constexpr Field kMaxStates{"max_states", "Most states", Kind::count, "", "The most states alive after one battle",
                           "",           false};
constexpr Field kMassNotFollowed{"p_not_followed",
                                 "Not followed",
                                 Kind::probability,
                                 "",
                                 "The probability of the states of vanishing probability the walk did not follow (at "
                                 "most 1e-12): every probability of the campaign is at most this much below the exact "
                                 "one; 0 when every state was followed",
                                 "",
                                 false};
constexpr Field kBattlesResolved{"battles_resolved",
                                 "Battles worked out",
                                 Kind::count,
                                 "",
                                 "Distinct later battles whose exact odds were worked out",
                                 "",
                                 false};
constexpr Field kEnding{"ending",
                        "Ending",
                        Kind::enumerated,
                        "",
                        "How the campaign ends: decided (a side routs or is destroyed), limit (--battles fought) or "
                        "no-combat (the text names the sides and their standings)",
                        "decided|limit|no-combat",
                        false};
constexpr Field kStanding0{"standing_0",
                           "Standing",
                           Kind::enumerated,
                           "",
                           "The first force's standing at the end",
                           "field|withdraw|retreat|rout|destroyed",
                           false};
constexpr Field kStanding1{"standing_1",
                           "Standing",
                           Kind::enumerated,
                           "",
                           "Its opponent's standing at the end",
                           "field|withdraw|retreat|rout|destroyed",
                           false};
constexpr Field kCampaignBattle{"battle", "Battle", Kind::count, "", "The battle's number in the campaign, from 1",
                                "",       false};
constexpr Field kPFought{"p_fought", "Fought", Kind::probability, "", "That this battle is fought", "", false};
constexpr Field kPEnded{
    "p_ended", "Ended", Kind::probability, "", "That the campaign has ended after it (this battle or an earlier one)",
    "",        false};
constexpr Field kStates{
    "states", "States", Kind::count, "", "Distinct states that fight on after it, equal states merged", "", false};
constexpr Field kBattlesFought{"battles_fought", "Battles", Kind::count, "", "A number of battles fought", "", false};
constexpr Field kPAtLeast{"p_at_least", "At least", Kind::probability, "", "That it is this many or more", "", false};
constexpr Field kPAtMost{"p_at_most", "At most", Kind::probability, "", "That it is this many or fewer", "", false};
constexpr Field kTroopsBand{"troops_band", "Troops", Kind::text, "", "A count of troops left, or a band of them", "",
                            false};
constexpr Field kTroopsMin{"troops_min", "From", Kind::count, "", "The fewest troops left of the band", "", false};
constexpr Field kTroopsMax{"troops_max", "To", Kind::count, "", "The most troops left of the band", "", false};

// --- march
constexpr Field kMarchTroopClass{
    "troop_class", "Class", Kind::text, "", "Troop class (--troop-class, or the class of --bfr)", "", false};
constexpr Field kMovementFt{"movement_ft", "V", Kind::amount, "ft",
                            "V, the movement rate of the slowest member (--movement-ft); null when not given"};
constexpr Field kMarchFatigue{
    "fatigue", "Fatigue", Kind::enumerated, "", "The force's fatigue before it marches", "none|moderate|serious",
    false};
constexpr Field kDaysWithoutFood{
    "days_without_food", "Days without food", Kind::count, "days", "Days the force has gone without food", "", false};
constexpr Field kCanMove{"can_move", "Can move", Kind::boolean, "", "False when serious fatigue keeps it from moving",
                         "",         false};
constexpr Field kEffectiveFatigue{"effective_fatigue",
                                  "Effective fatigue",
                                  Kind::enumerated,
                                  "",
                                  "Its fatigue with hunger's",
                                  "none|moderate|serious",
                                  false};
constexpr Field kHungerFatigue{"hunger_fatigue",
                               "Hunger fatigue",
                               Kind::enumerated,
                               "",
                               "The fatigue its days without food give",
                               "none|moderate|serious",
                               false};
constexpr Field kWhat{"what", "", Kind::text, "", "The rate: movement, forced march or foraging", "", false};
constexpr Field kRateId{"id", "Id", Kind::text, "", "The rate's id: movement, forced-march, or the foraging line's id",
                        "",   false};
constexpr Field kRate{"rate", "Rate", Kind::text, "", "The rate as the book writes it (2V/3, V'/2)", "", false};
constexpr Field kRateFraction{"rate_fraction",
                              "Fraction",
                              Kind::number,
                              "",
                              "The rate as a fraction of V (movement) or of V' (forced march, foraging)",
                              "",
                              false};
constexpr Field kRateFt{"rate_ft", "Feet", Kind::amount, "ft", "The rate in feet (null without --movement-ft)"};
constexpr Field kPFood{"p_food", "Food", Kind::probability, "",
                       "Foraging: the chance to find food (null on the other rows)"};
constexpr Field kRoll1d6{"roll", "1d6", Kind::count, "", "The 1d6 roll (null on the P row: the odds over the die)"};
constexpr Field kPrinted{"printed", "Printed", Kind::text, "",
                         "The cell as printed (F, M, S, P on the odds row; null: the book's dash)"};
constexpr Field kSuccess{"success", "Forced march", Kind::boolean, "",
                         "True when the forced march succeeds on this roll (null on the P row)"};
constexpr Field kPSuccess{"p_success", "P(forced march)", Kind::probability, "",
                          "The P row: that the forced march succeeds (null on the rows of the rolls)"};
constexpr Field kFatigueAfter{"fatigue",
                              "Fatigue after",
                              Kind::enumerated,
                              "",
                              "Fatigue after the forced march (null on the P row)",
                              "none|moderate|serious"};
constexpr Field kPFatigueNone{"p_fatigue_none", "P(none)", Kind::probability, "",
                              "The P row: that it ends with no fatigue (null on the rows of the rolls)"};
constexpr Field kPFatigueModerate{"p_fatigue_moderate", "P(moderate)", Kind::probability, "",
                                  "The P row: that it ends moderately fatigued"};
constexpr Field kPFatigueSerious{"p_fatigue_serious", "P(serious)", Kind::probability, "",
                                 "The P row: that it ends seriously fatigued"};
constexpr Field kDays = report::vocab::kDays.as("Days", "Days without food", false);
constexpr Field kAndMore{"and_more", "And more", Kind::boolean, "", "True on the last row: that many days or more",
                         "",         false};
constexpr Field kHunger{
    "fatigue", "Fatigue", Kind::enumerated, "", "The fatigue so many days without food give", "none|moderate|serious",
    false};

// --- the simple siege
constexpr Field kWeeks = report::vocab::kWeeks.as("Weeks", "Weeks projected (--weeks)", false);
constexpr Field kFoodWeeks{
    "food_weeks", "Food weeks", Kind::count, "weeks", "Weeks of food the defender holds (--food-weeks)", "", false};
constexpr Field kDefenderTroops = report::vocab::kDefenderTroops.as(
    "Defender troops", "The defender's troops at the start (--defender-troops, or the file's defender)", false);
constexpr Field kLossOfStart{"loss_of_start",
                             "Loss of start",
                             Kind::boolean,
                             "",
                             "True with --loss-of-start: starving losses are of the starting numbers, not the "
                             "current",
                             "",
                             false};
constexpr Field kWeek = report::vocab::kWeek.as("Week", "The week, from 1", false);
constexpr Field kBesiegerBonus{
    "besieger_bonus", "Besieger BR", Kind::integer, "", "BR points the besieger has gained by this week", "", false};
constexpr Field kStarving{"starving", "Starving", Kind::boolean, "", "True when the defender's food has run out",
                          "",         false};
constexpr Field kDefendersLost{"defenders_lost",
                               "Defenders lost",
                               Kind::count,
                               "",
                               "Defenders lost to starvation this week, rounded up",
                               "",
                               false};
constexpr Field kDefenders{"defenders", "Defenders", Kind::count, "", "Defenders left at the end of the week",
                           "",          false};
// The assault's odds as battle's table of battles gives them: the wins with ties settled by the tie
// policy (*_resolved, as p_win_resolved_0), the tie before it is settled (p_tie).
constexpr Field kPAttackerWinsResolved{"p_attacker_wins_resolved", "Assault wins", Kind::probability, "",
                                       "That an assault this week wins, ties settled by the tie policy (null "
                                       "without a battle file)"};
constexpr Field kPDefenderWinsResolved{"p_defender_wins_resolved", "Defence holds", Kind::probability, "",
                                       "That the defence holds against an assault this week, ties settled by the "
                                       "tie policy (null without a battle file)"};
constexpr Field kSiegePTie{"p_tie", "Tie", Kind::probability, "",
                           "That an assault this week ties: the totals are equal (before ties are settled; null "
                           "without a battle file)"};

}  // namespace gunpowder::war_app::fields
