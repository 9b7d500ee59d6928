// tables.cpp - siege-duration's tables and its JSON document, each declared once (tables.hpp).
#include "siege-duration/tables.hpp"

#include "gunpowder/core/turns_report.hpp"
#include "siege-duration/fields.hpp"

namespace gunpowder::siege_app::tables {

using namespace fields;  // NOLINT(google-build-using-namespace): the declarations below are made of them
using report::Shown;

namespace {
constexpr Shown kPeople = Shown::people;
constexpr Shown kPrograms = Shown::programs;
}  // namespace

const TableSpec& run() {
  static const TableSpec s =
      TableSpec("run", "Run", "the input and the method asked for", {kInput, kMethodAsked}).only_for(kPrograms);
  return s;
}
const TableSpec& methods() {
  static const TableSpec s =
      TableSpec("methods", "Methods", "a method run, or asked for and skipped, in order", {kMethod, kRan, kReason})
          .only_for(kPrograms);
  return s;
}
const TableSpec& stronghold() {
  static const TableSpec s =
      TableSpec("stronghold", "Stronghold", "the stronghold as read (none when the input has no siege)",
                {kName, kShp, kShpSource, kMaterial, kSite, kSiteMultiplier})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}
const TableSpec& sides() {
  static const TableSpec s =
      TableSpec("sides", "Sides", "a side as read (none when the input has no siege)", {kSide, kName, kSideUnits})
          .only_for(kPrograms);
  return s;
}
const TableSpec& artillery() {
  static const TableSpec s = TableSpec("artillery", "Artillery", "a line of a side's artillery park, as read",
                                       {kSide, kPiece, kPieces, kRangeYd, kCarriage, kSpiked})
                                 .only_for(kPrograms);
  return s;
}
const TableSpec& engines() {
  static const TableSpec s = TableSpec("engines", "Engines", "a line of a side's siege engines, as read",
                                       {kSide, kEngineType, kEngines, kEngineBonus})
                                 .only_for(kPrograms);
  return s;
}
const TableSpec& spiked() {
  static const TableSpec s = TableSpec("spiked-guns", "Spiked guns",
                                       "artillery pieces spiked (Spiking the Guns) and the cost of removing the spikes",
                                       {kSide, kPiece, kSpiked, kRemovalGp})
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& units() {
  static const TableSpec s("units", "Simplified siege: units and bonus units",
                           "the units and bonus units counted, one line per item",
                           {kSide, kItem, kCount, kEach, kUnits, kUnitsSource});
  return s;
}
const TableSpec& duration() {
  static const TableSpec s = TableSpec("duration", "Simplified siege: duration", "the simplified method's figures",
                                       {{kBonusReading, kPrograms},
                                        kBesiegerTotal,
                                        kDefenderTotal,
                                        kAdvantage,
                                        kStrongholdShp,
                                        kTableRow,
                                        {kTableRowMin, kPrograms},
                                        {kTableRowMax, kPrograms},
                                        kTableColumn,
                                        {kTableColumnMin, kPrograms},
                                        {kTableColumnMax, kPrograms},
                                        kTableDays,
                                        kSiteMultiplier,
                                        {kOutcome, kPrograms},
                                        {kByAssault, kPrograms},
                                        kCaptureDays})
                                 .as_record("Figure", false)
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& battle_ratings() {
  static const TableSpec s = TableSpec("gunpowder-artillery-battle-ratings", "Gunpowder artillery battle ratings",
                                       "gunpowder artillery battle ratings (for D@W: Campaigns)",
                                       {kSide, kPiece, kArtilleryPieces, kUnitSize, kWholeUnits, kBrEach, kBrUnits})
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& schedule() {
  static const TableSpec s =
      TableSpec("schedule", "Stronghold shp day by day",
                "the stronghold's shp day by day (every day up to 30, else at most 31 rows)", {kDay, kShpLeft})
          .with_context({kScheduleMethod})
          .sourced_by_house_rules();
  return s;
}

const TableSpec& park() {
  static const TableSpec s = TableSpec("park", "Bombardment: the park", "the park, one line per input line",
                                       {kPiece,
                                        kPieces,
                                        kRangeYd,
                                        kRangeBand,
                                        kFire,
                                        kShpPerDayEach,
                                        kLineShpPerDay,
                                        kLineCost,
                                        kUsed,
                                        {kNote, kPrograms}})
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& result() {
  static const TableSpec s = TableSpec("result", "Bombardment: result", "the bombardment method's figures",
                                       {{kCautious, kPrograms},
                                        {kMaterial, kPrograms},
                                        kBombardShp,
                                        kShpPerDay,
                                        kBombardDays,
                                        kCostPerDay,
                                        kCostTotal,
                                        {kShpPerBreach, kPrograms},
                                        kFirstBreach,
                                        {kBreaches, kPrograms},
                                        kDaysToBreaches,
                                        kDefenderReach})
                                 .as_record("Figure", false)
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& artillery_lost() {
  static const TableSpec s =
      TableSpec("artillery-lost", "Bombardment: the defender's artillery lost as the stronghold is damaged",
                "a step of damage (Baggins Wood Cannons, Firing)", {kDamageFraction, kLossDay, kPiecesLost})
          .sourced_by_house_rules();
  return s;
}

const TableSpec& duel() {
  static const TableSpec s = TableSpec("duel", "Artillery duel", "the duel's settings",
                                       {kTrace, kSeed, kBesiegerPolicy, kDefenderPolicy, kAdvanceTo, kFallBackAfter,
                                        kHoleUpAfter, kMaxRounds, kDuelReach})
                                 .only_for(kPrograms)
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& parks() {
  static const TableSpec s = TableSpec("parks", "Artillery duel: the parks", "pieces of one type, side and station",
                                       {kSide,
                                        kLabels,
                                        kType,
                                        kCarriage,
                                        kMobile,
                                        kStartYd,
                                        kStopYd,
                                        kPieceShp,
                                        kRoundsPerShot,
                                        {kRange, kPeople},
                                        {kRangeShort, kPrograms},
                                        {kRangeMedium, kPrograms},
                                        {kRangeLong, kPrograms}})
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& duel_pieces() {
  static const TableSpec s = TableSpec("duel-pieces", "Artillery duel: every piece", "a piece of either park",
                                       {kLabel, kSide, kType, kCarriage, kMobile, kStartYd, kStopYd, kEngageYd})
                                 .only_for(kPrograms)
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& shot_odds() {
  static const TableSpec s =
      TableSpec("shot-odds", "Artillery duel: odds of one shot (exact)",
                "the exact odds of one shot, by shooter, target and range band",
                {kShooter, kTarget, kShotBand, kTargetValue, kPHit, kPSave, {kPDestroyGivenHit, kPrograms}, kPDestroy})
          .sourced_by_house_rules();
  return s;
}
const TableSpec& duel_ends() {
  static const TableSpec s =
      TableSpec(
          "duel-ends", "Artillery duel: how the seeded duels end", "an end: the duels ending so",
          {{kDuelEnd, "End"}, {kRunsEnding, "Duels"}, kP, {kCi, kPeople}, {kCiLow, kPrograms}, {kCiHigh, kPrograms}})
          .with_context({kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound})
          .sourced_by_house_rules();
  return s;
}
const TableSpec& pieces_left() {
  static const TableSpec s =
      TableSpec("pieces-left", "Artillery duel: pieces left at the end", "a number of pieces left at the end",
                {kPiecesLeft,
                 kPBesiegerLeft,
                 kPDefenderLeft,
                 {kBesiegerLeftDuels, kPrograms},
                 {kDefenderLeftDuels, kPrograms}})
          .with_context({kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound})
          .sourced_by_house_rules();
  return s;
}
const TableSpec& rounds() {
  static const TableSpec s =
      TableSpec("rounds", "Artillery duel: rounds taken", "rounds a duel takes, and the pieces left",
                {kRoundsMean,
                 {kRoundsCi, kPrograms},
                 kRoundsMin,
                 kRoundsP10,
                 kRoundsMedian,
                 kRoundsP90,
                 kRoundsMax,
                 {kBesiegerLeftMean, kPrograms},
                 {kDefenderLeftMean, kPrograms}})
          .with_context({kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound})
          .as_record("Figure", false, "Rounds")
          .sourced_by_house_rules();
  return s;
}
const TableSpec& duel_trace() {
  static const TableSpec s =
      TableSpec("artillery-duel-round-by-round", "Artillery duel, round by round", "an event of the traced duel",
                {{kRound, kPeople},
                 {kRoundFrom, kPrograms},
                 {kRoundTo, kPrograms},
                 kPhase,
                 kEvent,
                 {kEventKind, kPrograms},
                 {kActor, kPrograms},
                 {kShotTarget, kPrograms},
                 {kShotRange, kPrograms},
                 {kShotBandOrNone, kPrograms},
                 {kThrowNeeded, kPrograms},
                 {kRoll, kPrograms},
                 {kSaveRoll, kPrograms},
                 {kShotDamage, kPrograms},
                 {kShotResult, kPrograms}})
          .with_context({kSeed})
          .sourced_by_house_rules();
  return s;
}
const TableSpec& duel_result() {
  static const TableSpec s =
      TableSpec("duel-result", "Artillery duel: the traced duel's end", "the end of the traced duel",
                {kDuelEnd, kRoundsPlayed, kBesiegerLeft, kDefenderLeft, kDefenderHoledUp})
          .with_context({kSeed})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}

const TableSpec& strength_points() {
  static const TableSpec s =
      TableSpec("structural-strength-points", "Structural strength points", "a [[structure]] with its strength points",
                {kStructure,
                 kShape,
                 kFactor,
                 {kSize, kPeople},
                 {kLengthIn, kPrograms},
                 {kWidthIn, kPrograms},
                 {kDiameterIn, kPrograms},
                 kHeightLevels,
                 kPoints,
                 kSections,
                 kPointsWithPi,
                 {kStructureMaterial, kPrograms},
                 {kPi, kPrograms},
                 {kProduct, kPrograms},
                 {kCannon, kPrograms},
                 {kDamageTaken, kPrograms},
                 {kCannonLostNow, kPrograms}})
          .sourced_by_house_rules();
  return s;
}
const TableSpec& cannon_lost() {
  // The steps of damage are the table's (a column each for people, added as the table is built);
  // programs read them in cannon-loss.
  static const TableSpec s = TableSpec("cannon-lost-as-a-structure-is-damaged", "Cannon lost as a structure is damaged",
                                       "a structure with cannon", {kStructure, kCannon, kCannonLostNow})
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& cannon_loss() {
  static const TableSpec s =
      TableSpec("cannon-loss", "Cannon lost as a structure is damaged", "a structure at a step of damage",
                {kStructure, kStepFraction, kDamagePoints, kCannonLost})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}
const TableSpec& gates_and_doors() {
  static const TableSpec s =
      TableSpec("gates-and-doors", "Gates and doors", "the weakest hand that breaches a gate or door",
                {kGateTarget, kMinHand, kGateRange})
          .sourced_by_house_rules();
  return s;
}

namespace {
// A structure, then the broadsides to one of its losses (gunpowder/core/turns_report.hpp).
std::vector<report::FieldUse> battery_fields() {
  std::vector<report::FieldUse> out{kStructure};
  for (const auto& u : report::turns_fields(report::vocab::kTargetEffect)) out.push_back(u);
  out.emplace_back(kPInOne);
  out.emplace_back(kMeanGameTurns);
  return out;
}
}  // namespace
const TableSpec& battery() {
  static const TableSpec s =
      TableSpec("battery", "Battery: broadsides to bring a structure down",
                "with --battery: a structure and one of its losses (half its points, three quarters, all), and the "
                "battery's broadsides until it is dealt",
                battery_fields())
          .with_context({kBattery})
          .sourced_by_house_rules();
  return s;
}
const report::DistributionSpec& battery_broadsides() {
  static const report::DistributionSpec s("battery-broadsides", "Battery: broadsides until the loss",
                                          report::vocab::kFired, {kBattery, kStructure, report::vocab::kTargetEffect},
                                          {false, true});
  return s;
}

const TableSpec& siege_machine() {
  static const TableSpec s = TableSpec("siege-machine", "Siege Machine", "the Siege Machine's settings",
                                       {kTrace, kSeed, kPlan, kBombardWeeks, kWeeks, kTiePolicy, kEscape, kPursue,
                                        kDepartAfter, kDepartBelow, kFrontFt, kSmShp, kGunpowderDamage})
                                 .only_for(kPrograms)
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& defender_plan() {
  static const TableSpec s = TableSpec("siege-machine-defender", "Siege Machine: the defender's plan",
                                       "the defender's plan, as [siege_machine.defender] gives it",
                                       {kDefenderPlan, kDefenderPlanWeek, kDefenderPlanWhen})
                                 .only_for(kPrograms);
  return s;
}
const TableSpec& ratings() {
  static const TableSpec s =
      TableSpec("ratings", "Siege Machine: sides rated", "a side rated from a War Machine force table",
                {kSmSide, kRatingMethod, kBfr, kTroopClass, kStatementsTrue, kRatedBr})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}
const TableSpec& br_bonuses() {
  static const TableSpec s =
      TableSpec("br-bonuses", "Siege Machine: BR bonuses by the attacker's option",
                "a side's BR bonuses under an option (Preparation)",
                {kOption, kSmSide, kSideBr, kArtilleryBonus, kEquipmentBonus, kFortificationBonus, kTotalBr})
          .sourced_by_house_rules();
  return s;
}
const TableSpec& weekly_costs() {
  static const TableSpec s = TableSpec("weekly-costs", "Siege Machine: weekly costs at the start, gp",
                                       "a side's first week: its costs, money and rations (Preparation)",
                                       {kSmSide,
                                        kPayroll,
                                        kFood,
                                        kWater,
                                        kSupplies,
                                        kAmmunition,
                                        kMaterials,
                                        kWeekCost,
                                        kMoney,
                                        {kIncome, kPrograms},
                                        {kRationPrice, kPrograms},
                                        {kMounts, kPrograms},
                                        {kCreateFoodFed, kPrograms}})
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& field_construction() {
  static const TableSpec s = TableSpec("field-construction", "Siege Machine: field construction", "an item built",
                                       {kItemId, kHp, kItemMaterials, kFinishedDay, kJoinsWeek})
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& construction_plan() {
  static const TableSpec s = TableSpec("field-construction-plan", "Siege Machine: the field construction plan",
                                       "the plan as a whole", {kWoodHp, kPlanMaterials, kPlanDays})
                                 .only_for(kPrograms)
                                 .sourced_by_house_rules();
  return s;
}
const TableSpec& week_by_week() {
  static const TableSpec s =
      TableSpec("siege-machine-week-by-week", "Siege Machine, week by week", "a week of the traced siege",
                {kWeek,
                 kWeekOption,
                 {kBrPair, kPeople},
                 {kAttackerBr, kPrograms},
                 {kDefenderBr, kPrograms},
                 {kRollsPair, kPeople},
                 {kAttackerRoll, kPrograms},
                 {kDefenderRoll, kPrograms},
                 kBattle,
                 {kHdPair, kPeople},
                 {kAttackerHd, kPrograms},
                 {kDefenderHd, kPrograms},
                 {kLostPair, kPeople},
                 {kAttackerLost, kPrograms},
                 {kDefenderLost, kPrograms},
                 {kTroopsPair, kPeople},
                 {kAttackerTroops, kPrograms},
                 {kDefenderTroops, kPrograms},
                 {kDamageText, kPeople},
                 {kDamageD, kPrograms},
                 {kDamageRoll, kPrograms},
                 {kWeekDamage, kPrograms},
                 kWeekShpLeft,
                 kBreachFt,
                 {kMoralePair, kPeople},
                 {kAttackerMorale, kPrograms},
                 {kDefenderMorale, kPrograms},
                 {kCostPair, kPeople},
                 {kAttackerCost, kPrograms},
                 {kDefenderCost, kPrograms},
                 {kMoneyPair, kPeople},
                 {kAttackerMoney, kPrograms},
                 {kDefenderMoney, kPrograms},
                 kWeekNote,
                 {kEscaped, kPrograms},
                 {kAmmunitionYield, kPrograms}})
          .with_context({kSeed})
          .sourced_by_house_rules();
  return s;
}
const TableSpec& week_costs() {
  static const TableSpec s =
      TableSpec("week-costs", "Siege Machine: each week's costs", "a side's costs of a week of the traced siege",
                {kWeek, kSmSide, kPayroll, kFood, kWater, kSupplies, kAmmunition, kMaterials, kWeekCost, kMoney})
          .with_context({kSeed})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}
const TableSpec& week_built() {
  static const TableSpec s =
      TableSpec("week-built", "Siege Machine: equipment finished",
                "an item of equipment finished in a week of the traced siege", {kBuiltWeek, kBuiltId})
          .with_context({kSeed})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}
const TableSpec& machine_result() {
  static const TableSpec s =
      TableSpec("siege-machine-result", "Siege Machine: the traced siege's end", "the end of the traced siege",
                {kSmEnd, kWeeksTaken, kAttackerTroops, kDefenderTroops, kEscapedAll, kWeekShpLeft, kAttackerCostTotal,
                 kDefenderCostTotal, kAttackerMoney, kDefenderMoney})
          .with_context({kSeed})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}
const TableSpec& siege_ends() {
  static const TableSpec s =
      TableSpec(
          "siege-ends", "Siege Machine: how the sieges end", "an end: the sieges ending so",
          {{kSmEnd, "End"}, {kRunsEnding, "Sieges"}, kP, {kCi, kPeople}, {kCiLow, kPrograms}, {kCiHigh, kPrograms}})
          .with_context({kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound})
          .sourced_by_house_rules();
  return s;
}
const TableSpec& weeks_to_fall() {
  static const TableSpec s =
      TableSpec("weeks-to-fall", "Siege Machine: weeks until the stronghold falls", "a week in which strongholds fall",
                {kWeek, kPFalls, kPFallen, {kFalls, kPrograms}})
          .with_context({kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound})
          .sourced_by_house_rules();
  return s;
}
// The distributions (gunpowder/core/distribution.hpp): values on request (--distributions), their
// summaries always (programs), the rows sourced under house rules like the tables beside them.
const report::DistributionSpec& duel_rounds() {
  static const report::DistributionSpec s("duel-rounds", "Artillery duel: rounds taken", kRoundsTaken,
                                          {kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound}, {false, true});
  return s;
}
const report::DistributionSpec& duel_pieces_left() {
  static const report::DistributionSpec s("duel-pieces-left", "Artillery duel: pieces left at the end", kPiecesLeft,
                                          {kSide, kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound},
                                          {false, true});
  return s;
}
const report::DistributionSpec& siege_weeks() {
  static const report::DistributionSpec s("siege-weeks", "Siege Machine: weeks the siege lasts", kSiegeWeeks,
                                          {kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound}, {false, true});
  return s;
}
const report::DistributionSpec& siege_troops_left() {
  static const report::DistributionSpec s("siege-troops-left", "Siege Machine: troops at the end", kTroopsAtEnd,
                                          {kSmSide, kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound}, {false, true});
  return s;
}
const report::DistributionSpec& siege_cost() {
  static const report::DistributionSpec s("siege-cost", "Siege Machine: what a siege costs", kSiegeCost,
                                          {kSmSide, kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound}, {false, true});
  return s;
}
const TableSpec& machine_odds() {
  static const TableSpec s =
      TableSpec("siege-machine-odds", "Siege Machine: the sieges' means", "means over the sieges (seeded or exact)",
                {kMeanWeeks, kMedianWeeks, kAttackerMeanCost, kDefenderMeanCost, kAttackerCostSd, kDefenderCostSd})
          .with_context({kSeed, kRuns, kOddsMethod, kExactStates, kExactStateBound})
          .only_for(kPrograms)
          .sourced_by_house_rules();
  return s;
}

const report::DocumentSpec& document() {
  static const report::DocumentSpec d(
      "siege-duration", "siege", 10,
      "The JSON output of siege-duration: the input as read, then the tables of every method run (an empty array for "
      "a table a run does not make).",
      {&run(),
       &methods(),
       &stronghold(),
       &sides(),
       &artillery(),
       &engines(),
       &spiked(),
       &units(),
       &duration(),
       &battle_ratings(),
       &schedule(),
       &park(),
       &result(),
       &artillery_lost(),
       &duel(),
       &parks(),
       &duel_pieces(),
       &shot_odds(),
       &duel_ends(),
       &pieces_left(),
       &rounds(),
       &duel_rounds().values(),
       &duel_rounds().summary(),
       &duel_pieces_left().values(),
       &duel_pieces_left().summary(),
       &duel_trace(),
       &duel_result(),
       &strength_points(),
       &cannon_lost(),
       &cannon_loss(),
       &gates_and_doors(),
       &battery(),
       &battery_broadsides().values(),
       &battery_broadsides().summary(),
       &siege_machine(),
       &defender_plan(),
       &ratings(),
       &br_bonuses(),
       &weekly_costs(),
       &field_construction(),
       &construction_plan(),
       &week_by_week(),
       &week_costs(),
       &week_built(),
       &machine_result(),
       &siege_ends(),
       &weeks_to_fall(),
       &machine_odds(),
       &siege_weeks().values(),
       &siege_weeks().summary(),
       &siege_troops_left().values(),
       &siege_troops_left().summary(),
       &siege_cost().values(),
       &siege_cost().summary()});
  return d;
}

std::vector<const report::DocumentSpec*> documents() { return {&document()}; }

}  // namespace gunpowder::siege_app::tables
