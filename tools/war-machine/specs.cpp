// specs.cpp - the tables war-machine makes and the JSON documents they form, declared once from
// the fields of fields.hpp (text, markdown, csv, JSON and the generated schemas all come from them).
#include "war-machine/specs.hpp"

#include "war-machine/fields.hpp"

namespace gunpowder::war_app::specs {

using namespace fields;
using report::Shown;
using report::TableSpec;

namespace {
constexpr Shown kPrograms = Shown::programs;
constexpr Shown kPeople = Shown::people;
}  // namespace

// --- rate and battle: a force and its rating

const TableSpec& rate_settings() {
  static const TableSpec s =
      TableSpec("settings", "Settings", "the reading of the statements in effect", {kStatementReading})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}

const TableSpec& rate_forces() {
  static const TableSpec s = TableSpec("forces", "Forces", "one [[force]] rated",
                                       {kName,
                                        {kSide, kPrograms},
                                        {kRole, kPrograms},
                                        kTroops,
                                        kMethod,
                                        kBfr,
                                        kTroopClass,
                                        kStatementsTrue,
                                        {kBonusPerStatement, kPrograms},
                                        kBr})
                                 .sourced_by_house_rules();
  return s;
}

namespace {
std::vector<report::FieldUse> rating_lines() { return {kFactor, {kLineId, kPrograms}, kLine, kInput, kPoints, kNote}; }
std::vector<report::FieldUse> statement_fields() {
  return {kLetter,
          {kStatementId, kPrograms},
          kStatement,
          {kMeasured, kPeople},
          {kFigure, kPrograms},
          {kCounted, kPrograms},
          {kStatementUnit, kPrograms},
          {kGiven, kPrograms},
          kHolds,
          {kInBook, kPrograms}};
}
}  // namespace

const TableSpec& force_rating() {
  static const TableSpec s =
      TableSpec("force-rating", "Basic force rating",
                "one line of a force's basic force rating B' (or quick rating), then their total", rating_lines())
          .with_context({kForce})
          .sourced_by_house_rules();
  return s;
}

const TableSpec& statements() {
  static const TableSpec s = TableSpec("statements", "Battle-rating statements",
                                       "one of a force's twelve battle-rating statements", statement_fields())
                                 .with_context({kForce})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& battle_force_rating() {
  static const TableSpec s =
      TableSpec("force-rating", "Basic force rating",
                "one line of a force's basic force rating B' (or quick rating), then their total", rating_lines())
          .with_context({kForce})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}

const TableSpec& battle_statements() {
  static const TableSpec s = TableSpec("statements", "Battle-rating statements",
                                       "one of a force's twelve battle-rating statements", statement_fields())
                                 .with_context({kForce})
                                 .only_for(kPrograms)
                                 .sourced_by_house_rules();
  return s;
}

// --- battle

const TableSpec& battle_settings() {
  static const TableSpec s =
      TableSpec("settings", "Settings", "the readings and policies in effect, and the rolls' seed",
                {kSiegeMachine, kSimpleSiege, kWeeksBesieged, kTiePolicy, kCasualtyReading, kTroopRatioReading,
                 kStatementReading, kSeed, kRounds, kRuns})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}

const TableSpec& battle_forces() {
  static const TableSpec s = TableSpec("forces", "Forces", "one force, rated, with the battle it fights",
                                       {kName,
                                        kSide,
                                        kRole,
                                        kTroops,
                                        kMethod,
                                        kBfr,
                                        kTroopClass,
                                        kBr,
                                        kModifiedBr,
                                        kOpponent,
                                        {kStatementsTrue, kPrograms},
                                        {kBonusPerStatement, kPrograms}})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& adjustments() {
  static const TableSpec s =
      TableSpec("adjustments", "Adjustments", "one line of a force's BR in a battle: B, each adjustment, modified BR",
                {kGroup, {kAdjustmentId, kPrograms}, kAdjustment, kBrPoints, kNote})
          .with_context({kBattle, kForce})
          .sourced_by_house_rules();
  return s;
}

std::string battles_note(const std::string& policy, const std::string& wins, const std::string& loses) {
  if (policy == "no-result")
    return "a tie is a battle of no result: " + wins + ", " + loses + " and Tie add up to 100%";
  const std::string settled = policy == "defender"    ? "awarded to the defender, or fought again when neither defends"
                              : policy == "higher-br" ? "awarded to the higher BR, or fought again when they are equal"
                                                      : "fought again";
  return wins + " and " + loses + " count a tie as settled (" + settled +
         "); Tie is the chance that the totals are equal before it is settled";
}

const TableSpec& battles() {
  static const TableSpec s =
      TableSpec("battles", "Battles", "one battle of the file: its exact odds (--summary shows it)",
                {kBattle,
                 kForce0,
                 kCombatBr0,
                 kForce1,
                 kCombatBr1,
                 kPWinResolved0,
                 kPWinResolved1,
                 kPTie,
                 kExpectedCasualtiesPct0,
                 kExpectedCasualtiesPct1,
                 {kCombat, kPrograms},
                 {kTactics, kPrograms},
                 {kTacticsCancelled, kPrograms},
                 {kTiePolicy, kPrograms},
                 {kPairsTie, kPrograms},
                 {kPNoResult, kPrograms}})
          .sourced_by_house_rules();
  return s;
}

const TableSpec& odds() {
  static const TableSpec s = TableSpec("odds", "Odds", "one outcome of a battle over the 10,000 pairs of d100 rolls",
                                       {kOutcome, {kPairs, "Roll pairs"}, kP, kPResolved})
                                 .with_context({kBattle})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& results() {
  static const TableSpec s = TableSpec("combat-results", "Combat results",
                                       "one combat-results row some side wins by, with its odds and consequences",
                                       {kWinner,
                                        kDifferenceBand,
                                        {kDifferenceMin, kPrograms},
                                        {kDifferenceMax, kPrograms},
                                        kPairs,
                                        kP,
                                        kWinnerCasualtiesPct,
                                        kLoserCasualtiesPct,
                                        kWinnerFatigue,
                                        kLoserFatigue,
                                        kWinnerLocation,
                                        {kWinnerLocationUnits, kPrograms},
                                        kLoserLocation,
                                        {kLoserLocationUnits, kPrograms},
                                        kWinnerCasualties,
                                        kLoserCasualties,
                                        {kWinnerKilled, kPrograms},
                                        {kWinnerWounded, kPrograms},
                                        {kLoserKilled, kPrograms},
                                        {kLoserWounded, kPrograms}})
                                 .with_context({kBattle})
                                 .sourced_by_house_rules();
  return s;
}

const report::DistributionSpec& casualty_distribution() {
  static const report::DistributionSpec s("casualty-distribution", "Casualties", kTroopsLost,
                                          {kBattle, kForce, kLoss}, {false, true});
  return s;
}

const TableSpec& sides() {
  static const TableSpec s = TableSpec("expected-casualties", "Expected casualties",
                                       "one side of a battle: its BR in combat, its odds and expected casualties",
                                       {kForce,
                                        kExpectedCasualtiesPct,
                                        kExpectedCasualties,
                                        kExpectedKilled,
                                        kExpectedWounded,
                                        {kModifiedBr, kPrograms},
                                        {kTactic, kPrograms},
                                        {kTacticBr, kPrograms},
                                        {kTacticCasualtiesPct, kPrograms},
                                        {kCombatBr, kPrograms},
                                        {kPWin, kPrograms},
                                        {kPairsWin, kPrograms},
                                        {kPWinResolved, kPrograms}})
                                 .with_context({kBattle})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& after() {
  static const TableSpec s =
      TableSpec("after-the-battle", "After the battle", "one fatigue or location of a side after the battle",
                {kForce, kOf, kState, {kStateUnits, kPrograms}, kP})
          .with_context({kBattle})
          .sourced_by_house_rules();
  return s;
}

const TableSpec& rolled() {
  static const TableSpec s = TableSpec("rolled", "Rolled", "one round of a rolled battle",
                                       {kRound,
                                        kRoll0,
                                        kTotal0,
                                        kRoll1,
                                        kTotal1,
                                        kDifference,
                                        kWinner,
                                        {kDifferenceBand, "Band"},
                                        {kSeed, kPrograms},
                                        {kCombat, kPrograms},
                                        {kRerolledTies, kPrograms},
                                        {kModifiedBr0, kPrograms},
                                        {kModifiedBr1, kPrograms},
                                        {kTie, kPrograms},
                                        {kNote, kPrograms},
                                        {kEnded, kPrograms}})
                                 .with_context({kBattle})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& consequences() {
  static const TableSpec s = TableSpec("consequences", "Consequences", "one side after one round of a rolled battle",
                                       {kRound,
                                        kForce,
                                        kCasualtiesPct,
                                        kCasualties,
                                        kKilled,
                                        kWounded,
                                        kFatigue,
                                        kLocation,
                                        {kLocationUnits, kPrograms},
                                        kTroopsAfter,
                                        {kWon, kPrograms}})
                                 .with_context({kBattle})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& final_state() {
  static const TableSpec s =
      TableSpec("final", "After the rolled battle", "one side after the last round",
                {kForce, kTroopsAfter, kKilled, kWounded, kFatigue, kLocation, kLocationUnits, kRouted, kDestroyed})
          .with_context({kBattle})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}

const TableSpec& repeated() {
  static const TableSpec s =
      TableSpec("repeated", "Repeated", "one outcome of --runs independent battles, against the exact odds",
                {kOutcome, kCount, kPShare, kPExact, {kRuns, kPrograms}, {kSeed, kPrograms}})
          .with_context({kBattle})
          .sourced_by_house_rules();
  return s;
}

const TableSpec& unmatched() {
  static const TableSpec s("unmatched-forces", "Unmatched forces (no opponent left: they do not fight)",
                           "one force without an opponent", {kName, kSide});
  return s;
}

// --- campaign

const TableSpec& campaign_settings() {
  static const TableSpec s =
      TableSpec("settings", "Settings", "the readings and policies in effect, and the most battles",
                {kSiegeMachine, kSimpleSiege, kWeeksBesieged, kTiePolicy, kCasualtyReading, kTroopRatioReading,
                 kStatementReading, kMaxBattles})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}

const TableSpec& campaign_end() {
  static const TableSpec s = TableSpec("campaign", "Campaign", "one side when its campaign ends",
                                       {kForce,
                                        kTroopsBefore,
                                        kPField,
                                        kPWithdraw,
                                        kPRetreat,
                                        kPRout,
                                        kPDestroyed,
                                        kExpectedTroops,
                                        kExpectedKilled,
                                        kExpectedWounded,
                                        {kExpectedBattles, kPrograms},
                                        {kMaxStates, kPrograms},
                                        {kBattlesResolved, kPrograms},
                                        {kMassNotFollowed, kPrograms}})
                                 .with_context({kCampaign})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& endings() {
  static const TableSpec s = TableSpec("how-it-ends", "How it ends", "one way a campaign ends",
                                       {kEnding, {kStanding0, kPrograms}, {kStanding1, kPrograms}, kP})
                                 .with_context({kCampaign})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& after_each_battle() {
  static const TableSpec s =
      TableSpec("after-each-battle", "After each battle", "one side after one battle that may be fought",
                {kCampaignBattle,
                 kPFought,
                 kPEnded,
                 kPField,
                 kPWithdraw,
                 kPRetreat,
                 kPRout,
                 kPDestroyed,
                 kExpectedTroops,
                 {kStates, kPrograms}})
          .with_context({kCampaign, kForce})
          .sourced_by_house_rules();
  return s;
}

const TableSpec& battles_fought() {
  static const TableSpec s = TableSpec("battles-fought", "Battles fought", "one number of battles a campaign fights",
                                       {kBattlesFought, kP, kPAtLeast, kPAtMost})
                                 .with_context({kCampaign})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& troops_left() {
  static const TableSpec s =
      TableSpec("troops-left", "Troops left",
                "one count of troops a side has left at the end (a band of counts in text when there are many)",
                {{kTroopsBand, kPeople}, {kTroopsMin, kPrograms}, {kTroopsMax, kPrograms}, kP, kPAtLeast, kPAtMost})
          .with_context({kCampaign, kForce})
          .sourced_by_house_rules();
  return s;
}

const report::SummarySpec& battles_fought_summary() {
  static const report::SummarySpec s("battles-fought", "Battles fought", {kCampaign}, true);
  return s;
}

const report::SummarySpec& troops_left_summary() {
  static const report::SummarySpec s("troops-left", "Troops left", {kCampaign, kForce}, true);
  return s;
}

// --- march

const TableSpec& march_query() {
  static const TableSpec s = TableSpec("query", "March", "the force that marches, as the flags give it, and its state",
                                       {kTroops, kMarchTroopClass, kBfr, kMovementFt, kMarchFatigue, kDaysWithoutFood,
                                        kCanMove, kEffectiveFatigue, kHungerFatigue})
                                 .only_for(kPrograms)
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& march_rates() {
  static const TableSpec s = TableSpec("rates", "March", "one rate: movement, forced march, or a foraging line",
                                       {kWhat,
                                        {kRateId, kPrograms},
                                        {kRate, kPeople},
                                        {kRateFraction, kPrograms},
                                        kRateFt,
                                        {kPFood, kPrograms},
                                        kNote})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& forced_march() {
  static const TableSpec s = TableSpec("forced-march-results", "Forced march results",
                                       "one roll of the forced-march die, then the odds over the die (the P row)",
                                       {kRoll1d6,
                                        kPrinted,
                                        kSuccess,
                                        {kPSuccess, kPrograms},
                                        kFatigueAfter,
                                        {kPFatigueNone, kPrograms},
                                        {kPFatigueModerate, kPrograms},
                                        {kPFatigueSerious, kPrograms}})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& food() {
  static const TableSpec s =
      TableSpec("days-without-food", "Days without food", "a number of days without food and its fatigue",
                {kDays, {kAndMore, kPrograms}, kHunger})
          .sourced_by_house_rules();
  return s;
}

// --- siege

const TableSpec& siege_settings() {
  static const TableSpec s =
      TableSpec("settings", "Settings", "the siege projected", {kWeeks, kFoodWeeks, kDefenderTroops, kLossOfStart})
          .only_for(kPrograms);
  return s;
}

const TableSpec& siege_weeks() {
  static const TableSpec s =
      TableSpec("simple-siege-week-by-week", "Simple siege, week by week", "one week of the siege",
                {kWeek, kBesiegerBonus, kStarving, kDefendersLost, kDefenders, kPAttackerWinsResolved,
                 kPDefenderWinsResolved, kSiegePTie})
          .sourced_by_house_rules();
  return s;
}

// --- the documents

const report::DocumentSpec& rate_document() {
  static const report::DocumentSpec d("war-machine", "rate", 5, "war-machine rate: each [[force]] rated",
                                      {&rate_settings(), &rate_forces(), &force_rating(), &statements()});
  return d;
}

const report::DocumentSpec& battle_document() {
  // version 6: casualty_distribution and its summary (issue 27); version 7: "fractions" with
  // --fractions (each probability counted over the d100 pairs as a reduced fraction); version 8:
  // casualty_distribution's troops (troops lost, not the force's size) renamed troops_lost
  static const report::DocumentSpec d =
      report::DocumentSpec(
          "war-machine", "battle", 8,
          "war-machine battle: the exact odds of each battle of a file, and with --roll the rolled battles",
          {&battle_settings(), &battle_forces(), &battle_force_rating(), &battle_statements(), &adjustments(),
           &battles(), &odds(), &results(), &sides(), &after(), &rolled(), &consequences(), &final_state(),
           &repeated(), &unmatched(), &casualty_distribution().values(), &casualty_distribution().summary()})
          .with_fractions();
  return d;
}

const report::DocumentSpec& campaign_document() {
  // version 6: p_at_least, and the summaries of the battles fought and the troops left (issue 27);
  // version 7: p_not_followed (states of vanishing probability left unfollowed; issue 27)
  static const report::DocumentSpec d(
      "war-machine", "campaign", 7,
      "war-machine campaign: the exact odds of battles in a row between the forces of each battle of a file",
      {&campaign_settings(), &battle_forces(), &campaign_end(), &endings(), &after_each_battle(), &battles_fought(),
       &troops_left(), &unmatched(), &battles_fought_summary().spec(), &troops_left_summary().spec()});
  return d;
}

const report::DocumentSpec& march_document() {
  // version 6: "fractions" with --fractions (the chances over the d6 as reduced fractions)
  static const report::DocumentSpec d =
      report::DocumentSpec("war-machine", "march", 6, "war-machine march: movement rate, forced march, foraging and hunger",
                           {&march_query(), &march_rates(), &forced_march(), &food()})
          .with_fractions();
  return d;
}

const report::DocumentSpec& siege_document() {
  // version 6: "fractions" with --fractions (the assault's odds over the d100 pairs as reduced fractions);
  // version 7: p_attacker_wins and p_defender_wins (ties settled) renamed p_attacker_wins_resolved and
  // p_defender_wins_resolved, as battle's p_win_resolved_0 beside p_tie (before ties are settled)
  static const report::DocumentSpec d =
      report::DocumentSpec("war-machine", "siege", 7,
                           "war-machine siege: the simple siege week by week, and with a battle file the assault's odds",
                           {&siege_settings(), &battle_forces(), &siege_weeks()})
          .with_fractions();
  return d;
}

}  // namespace gunpowder::war_app::specs
