// specs.cpp - unit-br's tables and JSON documents, declared once from the fields of fields.hpp.
#include "unit-br/fields.hpp"

namespace gunpowder::unit_app {

using report::DocumentSpec;
using report::Shown;
using report::TableSpec;
using namespace fields;

namespace {
constexpr Shown people = Shown::people;
constexpr Shown programs = Shown::programs;
}  // namespace

const TableSpec& units_spec() {
  static const TableSpec s("units", "Units",
                           "One rated unit per unit asked for (flags) or per [[unit]] of the input files, in input "
                           "order.",
                           {kName,
                            kTroops,
                            kFormation,
                            {kMovement, people},
                            {kMarch, programs},
                            {kHustle, programs},
                            {kCharge, programs},
                            kAc,
                            kUhp,
                            kMorale,
                            kAttacksRaw,
                            kAttacks,
                            kReloadTokens,
                            kAttackLines,
                            kMeleeLines,
                            kMissileValue,
                            kMeleeValue,
                            kCombatModifier,
                            kBrRaw,
                            kBr,
                            kWage,
                            kSupply,
                            kSpecialist,
                            kTotal,
                            kDailyMiles,
                            kWeeklyMiles});
  return s;
}

const TableSpec& characteristics_spec() {
  static const TableSpec s =
      TableSpec("characteristics", "Characteristics", "The characteristics of each unit, one record a unit.",
                {{kTroopShown, people},
                 {kTroop, programs},
                 {kRaceShown, people},
                 {kRace, programs},
                 {kVeteran, programs},
                 {kTroopsShown, people},
                 {kTroops, programs},
                 {kMounted, programs},
                 {kAcShown, people},
                 {kAc, programs},
                 {kAcAlt, programs},
                 {kHdUhpShown, people},
                 {kHdDice, programs},
                 {kHdBonus, programs},
                 {kUhp, programs},
                 {kMorale, "Morale"},
                 kEncounterMove,
                 {kFormationShown, people},
                 {kFormation, programs},
                 {kFormationChoices, programs},
                 {kMovementShown, people},
                 {kMarch, programs},
                 {kHustle, programs},
                 {kCharge, programs},
                 kAttackThrow,
                 {kCampaignMoveShown, people},
                 {kDailyMiles, programs},
                 {kWeeklyMiles, programs},
                 {kOverridden, programs}})
          .with_context({kName})
          .as_record("Characteristic", false);
  return s;
}

const TableSpec& attacks_spec() {
  static const TableSpec s =
      TableSpec("attacks", "Attacks",
                "Each unit's attacks: one row per firearm (its missile attack), its volley fire, and each melee "
                "attack.",
                {kAttackKind,
                 kLine,
                 kFirearmAttacksRaw,
                 {kRateShown, people},
                 {kRoundsPerShot, programs},
                 {kRateColumn, programs},
                 {kRangeShown, people},
                 {kApFoot, programs},
                 {kMaxFoot, programs},
                 {kApMounted, programs},
                 {kMaxMounted, programs},
                 {kFirearm, programs},
                 {kMechanism, programs},
                 {kFirearmType, programs},
                 {kBore, programs},
                 {kCount, programs},
                 {kMisfire, programs},
                 {kAverageDamage, programs},
                 {kFirearmAttacks, programs},
                 {kFirearmReload, programs},
                 {kCaracole, programs},
                 {kMeleeLine, programs}})
          .with_context({kName});
  return s;
}

const TableSpec& battle_rating_spec() {
  static const TableSpec s =
      TableSpec("battle-rating", "Battle rating", "The battle rating of each unit, step by step.",
                {{kAc, "Unit AC"},
                 kUhpFactor,
                 kMoraleModifier,
                 kSpeedModifier,
                 kFormationModifier,
                 kEquipmentBonus,
                 {kMissileValue, "Missile value"},
                 {kMeleeValue, "Melee value"},
                 {kCombatModifier, "Combat modifier"},
                 {kBrRaw, "BR before rounding"},
                 kBrRounded,
                 kSpecialAttackBonus,
                 {kBr, "Battle rating"},
                 kBrPublished,
                 {kMeleeAttacks, programs},
                 {kMeleeAttacksRaw, programs},
                 {kChargeAttacks, programs},
                 {kMaxChargeDamage, programs}})
          .with_context({kName})
          .as_record("Figure", false);
  return s;
}

const TableSpec& campaign_cost_spec() {
  static const TableSpec s = TableSpec("campaign-cost", "Campaign cost", "The campaign cost of each unit.",
                                       {kTroopWage,
                                        {kWage, "Monthly wage"},
                                        {kSupply, "Weekly supply"},
                                        {kSpecialist, "Specialists a month"},
                                        {kTotal, "Total a month"}})
                                 .with_context({kName})
                                 .as_record("Figure", false, "gp")
                                 .sourced_by_house_rules();
  return s;
}

const TableSpec& mounted_foot_spec() {
  static const TableSpec s =
      TableSpec("mounted-foot-deployments", "Mounted Foot deployments",
                "A Mounted Foot unit's two deployments: as one Drilled Foot unit, or as two Irregular Mounted halves "
                "(each half).",
                {kDeployment,
                 kDeployedUnits,
                 kDeployedTroops,
                 kDeployedUhp,
                 {kMovement, people},
                 {kMarch, programs},
                 {kHustle, programs},
                 {kCharge, programs},
                 {kAttackLines, "Missile attacks"}})
          .with_context({kName});
  return s;
}

const TableSpec& reform_spec() {
  static const TableSpec s = TableSpec("reform", "Mounted Foot reformed after battle",
                                       "The Mounted Foot unit reformed after battle (--reform-uhp-lost).",
                                       {kLostNumerator, kLostDenominator, kUhpLostUnrounded, kUhpLost, kUhpRemaining})
                                 .with_context({kName})
                                 .only_for(programs);
  return s;
}

const TableSpec& availability_spec() {
  static const TableSpec s =
      TableSpec("availability-and-training", "Availability and training",
                "A catalogue troop type's availability and training (market and realms: the market and realms "
                "tables).",
                {kEra,
                 {kMarketShown, people},
                 {kRealmShown, people},
                 {kTrainingShown, people},
                 {kTrainingWeeks, programs},
                 {kTrainingMonths, programs},
                 kMarshalCost,
                 kTrainingCost,
                 kEquipmentCost,
                 kTotalCostTroop,
                 kTotalCostUnit,
                 kQualifying})
          .with_context({kName})
          .as_record("Figure", false);
  return s;
}

const TableSpec& market_spec() {
  static const TableSpec s = TableSpec("market", "Availability by market class",
                                       "A catalogue troop type's availability by market class, I to VI.",
                                       {kMarketClass, kMarketDice, kChancePct})
                                 .with_context({kName})
                                 .only_for(programs);
  return s;
}

const TableSpec& realms_spec() {
  static const TableSpec s =
      TableSpec("realms", "Availability by realm size", "A catalogue troop type's troops available by realm size.",
                {kRealm, kRealmTroops, kTimePeriod})
          .with_context({kName})
          .only_for(programs);
  return s;
}

const TableSpec& notes_spec() {
  static const TableSpec s =
      TableSpec("notes", "Notes", "Where a unit's figures come from when they are a reading.", {kNote})
          .with_context({kName})
          .only_for(programs);
  return s;
}

const TableSpec& campaign_roster_spec() {
  static const TableSpec s(
      "campaign-rosters", "Campaign rosters",
      "The campaign roster (Guns of War, pp. 47-51): each unit with its cost, movement and rating.",
      {{kKey, programs},
       kName,
       kRace,
       {kTroop, programs},
       {kVeteran, programs},
       kTroops,
       kDailyMiles,
       {kWeeklyMiles, "Miles/week"},
       kWage,
       kSupply,
       kSpecialist,
       kTotal,
       kBr,
       kPage,
       {kSource, programs}});
  return s;
}

const TableSpec& battle_roster_spec() {
  static const TableSpec s(
      "battle-rosters", "Battle rosters",
      "The battle roster (Guns of War, pp. 47-51): each unit with its characteristics and attacks.",
      {{kKey, programs},
       kName,
       kRace,
       {kTroop, programs},
       {kVeteran, programs},
       kTroops,
       {kMovement, people},
       {kMarch, programs},
       {kHustle, programs},
       {kCharge, programs},
       kRosterFormation,
       {kAcPrinted, people},
       {kAc, programs},
       {kAcAlt, programs},
       {kHd, people},
       {kHdDice, programs},
       {kHdBonus, programs},
       kUhp,
       kMorale,
       kAttackLines,
       kMeleeLines,
       kPage,
       {kSource, programs}});
  return s;
}

const TableSpec& agreement_by_kind_spec() {
  static const TableSpec s("agreement-by-kind", "Agreement by kind",
                           "Figures that agree with the printed rosters, by kind.", {kAgreeKind, kAgree, kOf});
  return s;
}

const TableSpec& agreement_by_field_spec() {
  static const TableSpec s("agreement-by-field", "Agreement by field", "Figures that agree, by field.",
                           {kCompareField, kAgree, kOf});
  return s;
}

const TableSpec& compare_figures_spec() {
  static const TableSpec s("figures", "The rosters against the formulas",
                           "Every figure of every roster unit compared (with --differences, only those that "
                           "disagree).",
                           {kCompareUnit,
                            {kName, programs},
                            kCompareField,
                            {kCompareKind, programs},
                            {kPublished, people},
                            {kPublishedText, programs},
                            {kPublished1, programs},
                            {kPublished2, programs},
                            {kPublished3, programs},
                            {kComputed, people},
                            {kComputedText, programs},
                            {kComputed1, programs},
                            {kComputed2, programs},
                            {kComputed3, programs},
                            kAgrees});
  return s;
}

const DocumentSpec& units_document() {
  static const DocumentSpec d(
      "unit-br", "units", 6, "The rated units (--troop, or [[unit]] files).",
      {&units_spec(), &characteristics_spec(), &attacks_spec(), &battle_rating_spec(), &campaign_cost_spec(),
       &mounted_foot_spec(), &reform_spec(), &availability_spec(), &market_spec(), &realms_spec(), &notes_spec()});
  return d;
}

const DocumentSpec& catalogue_document() {
  static const DocumentSpec d("unit-br", "catalogue", 5, "The published rosters (--catalogue).",
                              {&campaign_roster_spec(), &battle_roster_spec()});
  return d;
}

const DocumentSpec& compare_document() {
  static const DocumentSpec d("unit-br", "compare", 4, "The rosters against the formulas (--compare).",
                              {&agreement_by_kind_spec(), &agreement_by_field_spec(), &compare_figures_spec()});
  return d;
}

const TableSpec& reload_by_round_spec() {
  static const TableSpec s =
      TableSpec("reload-by-round", "Reload tokens, round by round",
                "One firearm of the unit in one round of --actions, the unit firing that firearm only (Guns of War, "
                "General Firearm Rules, Reload Tokens).",
                {{kLine, people}, {kFirearm, programs}, kRound, kRoundAction, kMayFire, kFires, kTokensAfter})
          .with_context({kName});
  return s;
}

const DocumentSpec& reload_document() {
  static const DocumentSpec d("unit-br", "reload", 1, "A unit's reload tokens round by round (--troop with --actions).",
                              {&reload_by_round_spec()});
  return d;
}

std::vector<const DocumentSpec*> documents() {
  return {&units_document(), &catalogue_document(), &compare_document(), &reload_document()};
}

}  // namespace gunpowder::unit_app
