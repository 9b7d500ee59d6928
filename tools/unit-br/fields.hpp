// fields.hpp - every figure unit-br reports, declared once (key, header, kind, unit, meaning), and
// the tables and JSON documents made of them (specs.cpp). Text, markdown, csv, JSON, the schemas
// in docs/schema/ and the man page's key tables are all made from these declarations.
#pragma once

#include <vector>

#include "gunpowder/core/fields.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::unit_app::fields {

using report::Field;
using report::Kind;

inline constexpr std::string_view kFormations = "DF|DM|FF|FLY|FM|IF|IM|LF|LM|MF|UF";

// --- a unit --------------------------------------------------------------------------------------
inline constexpr Field kName{
    "name",
    "Unit",
    Kind::text,
    "",
    "The unit's name (--name, the [[unit]]'s name, or the troop type's as the rosters print it).",
    "",
    false};
inline constexpr Field kTroop{"troop", "Troop type", Kind::text, "",
                              "The troop type's key (matchlock-arquebusiers ...); null for a unit described by its "
                              "characteristics."};
inline constexpr Field kRace{"race", "Race", Kind::text, "", "The race's key (man, dwarf, elf ...).", "", false};
inline constexpr Field kVeteran{
    "veteran", "Veteran", Kind::boolean, "", "Veteran troops (men only: Guns of War, the rosters' veteran note).",
    "",        false};
inline constexpr Field kTroops = report::vocab::kTroops.as("Troops", "Number of troops in the unit.", false);
inline constexpr Field kMounted{
    "mounted", "Mounted", Kind::boolean, "", "The troops are mounted (horse, or Mounted Foot).", "", false};
inline constexpr Field kAc{
    "ac", "AC", Kind::integer, "", "Unit armour class (a mounted unit: riders and mounts averaged, halves up).",
    "",   false};
inline constexpr Field kAcAlt{"ac_alt", "AC (alternative)", Kind::integer, "",
                              "The alternative AC the tables print in parentheses (with a shield), or null."};
inline constexpr Field kHd =
    report::vocab::kHd.as("HD", "Hit dice as the book writes them: \"1/2\", \"N\", \"N+M\" or \"N-M\".");
inline constexpr Field kHdDice{"hd_dice", "HD", Kind::number, "HD",
                               "The hit dice as a number: 1/2 is 0.5, N+M and N-M are N."};
inline constexpr Field kHdBonus{"hd_bonus", "HD bonus", Kind::integer, "hp",
                                "The +M or -M written after the hit dice (0 for none)."};
inline constexpr Field kUhp = report::vocab::kUhp.as("uhp", "Unit hit points.", false);
inline constexpr Field kMorale{"morale", "ML", Kind::integer, "", "Morale modifier (ML), signed: -1, 0, 1.", "", false};
inline constexpr Field kEncounterMove =
    report::vocab::kEncounterMoveFt.as("Encounter movement", "Encounter movement of the troops, in feet a turn.");
inline constexpr Field kFormation{
    "formation", "Form", Kind::enumerated, "", "Formation code: DF, DM, FF, FLY, FM, IF, IM, LF, LM, MF or UF.",
    kFormations, false};
inline constexpr Field kFormationChoices{"formation_choices", "Formation choices", Kind::text, "",
                                         "Every formation the unit may take, joined by \" or \" (a unit with pistols "
                                         "may be DM or FM)."};
inline constexpr Field kMovement{"movement", "Move", Kind::text, "",
                                 "Unit movement as the book prints it, march/hustle/charge in hexes (\"2/4/6\", "
                                 "\"-/1/2\")."};
inline constexpr Field kMarch{"march_hexes", "March", Kind::count, "hexes",
                              "Marching movement; null where the book prints \"-\" (the unit cannot march)."};
inline constexpr Field kHustle{"hustle_hexes", "Hustle", Kind::count, "hexes", "Hustling movement.", "", false};
inline constexpr Field kCharge{"charge_hexes", "Charge", Kind::count, "hexes", "Charging movement.", "", false};
inline constexpr Field kAttackThrow{"attack_throw", "Attack throw", Kind::count, "",
                                    "The attack throw: the unit hits on a d20 roll of this or more."};
inline constexpr Field kAttacksRaw{"attacks_raw", "Raw att.", Kind::number, "",
                                   "Raw attacks of the firearm the missile value uses; null without firearms."};
inline constexpr Field kAttacks{"attacks", "Att.", Kind::count, "",
                                "Attacks of the firearm the missile value uses; null without firearms."};
inline constexpr Field kReloadTokens{"reload_tokens", "Reload", Kind::count, "",
                                     "Reload tokens of the firearm the missile value uses; null without firearms."};
inline constexpr Field kAttackLines{"attack_lines", "Missile attacks", Kind::text, "",
                                    "The missile attack lines, as the rosters print them, joined by \"; \" (one a "
                                    "row in the attacks table)."};
inline constexpr Field kMeleeLines{"melee_lines", "Melee attacks", Kind::text, "",
                                   "The melee attack lines, as the rosters print them, joined by \"; \" (one a row "
                                   "in the attacks table)."};
inline constexpr Field kMeleeAttacks{"melee_attacks", "Melee attacks", Kind::count, "", "Number of melee attacks."};
inline constexpr Field kMeleeAttacksRaw{"melee_attacks_raw", "Raw melee attacks", Kind::number, "",
                                        "Raw number of melee attacks, before rounding."};
inline constexpr Field kChargeAttacks{"charge_attacks", "Charge attacks", Kind::count, "",
                                      "Number of attacks of a charge."};
inline constexpr Field kMaxChargeDamage{"max_charge_damage", "Maximum charge damage", Kind::number, "",
                                        "Maximum damage of a charge attack."};
inline constexpr Field kEquipmentBonus{"equipment_bonus", "Equipment bonus", Kind::number, "",
                                       "Battle rating equipment bonus (extra firearms)."};
inline constexpr Field kMissileValue{
    "missile_value", "MiV", Kind::number, "", "Missile value of the battle rating.", "", false};
inline constexpr Field kMeleeValue{"melee_value", "MeV", Kind::number, "", "Melee value of the battle rating.", "",
                                   false};
inline constexpr Field kCombatModifier{
    "combat_modifier", "CM", Kind::number, "", "Combat modifier: the missile and melee values combined.", "", false};
inline constexpr Field kUhpFactor{"uhp_factor", "uhp / 8", Kind::number, "",
                                  "Unit hit points divided by 8 (battle rating)."};
inline constexpr Field kMoraleModifier{"morale_modifier", "Morale modifier", Kind::number, "",
                                       "Morale multiplier of the battle rating."};
inline constexpr Field kSpeedModifier{"speed_modifier", "Speed modifier", Kind::number, "",
                                      "Speed multiplier of the battle rating."};
inline constexpr Field kFormationModifier{"formation_modifier", "Formation modifier", Kind::number, "",
                                          "Formation multiplier of the battle rating (the Formation Modifier table)."};
inline constexpr Field kBrRaw{"br_raw", "BR raw", Kind::number, "", "Battle rating before rounding.", "", false};
inline constexpr Field kBrRounded{"br_rounded", "BR rounded", Kind::number, "",
                                  "Battle rating rounded (below 1 to the quarter, else to the half)."};
inline constexpr Field kSpecialAttackBonus{"special_attack_bonus", "Special attack bonus", Kind::number, "",
                                           "Special attack bonus added after rounding."};
inline constexpr Field kBr = report::vocab::kBr.as("BR", "Battle rating.", false);
inline constexpr Field kBrPublished{"br_published", "Published (campaign roster)", Kind::number, "",
                                    "The battle rating the campaign roster prints (plus the veteran note's bonus); "
                                    "null for a custom unit."};
inline constexpr Field kTroopWage{"troop_wage_gp_per_month", "Wage per troop a month", Kind::amount, "gp",
                                  "Wage per troop a month."};
inline constexpr Field kWage{
    "wage_gp_per_month", "Wage gp/mo", Kind::amount, "gp", "Wage of the whole unit a month.", "", false};
inline constexpr Field kSupply{
    "supply_gp_per_week", "Supply gp/wk", Kind::amount, "gp", "Supply of the whole unit a week.", "", false};
inline constexpr Field kSpecialist{
    "specialist_gp_per_month", "Spec. gp/mo", Kind::amount, "gp", "Specialists of the unit a month.", "", false};
inline constexpr Field kTotal{"total_gp_per_month",
                              "Total gp/mo",
                              Kind::amount,
                              "gp",
                              "Total monthly cost: wage + specialists + weeks a month x weekly supply.",
                              "",
                              false};
inline constexpr Field kDailyMiles = report::vocab::kDailyMiles.as("Miles/day", "Campaign movement a day.", false);
inline constexpr Field kWeeklyMiles = report::vocab::kWeeklyMiles.as("Miles/wk", "Campaign movement a week.", false);
inline constexpr Field kOverridden{"overridden", "Given instead of derived", Kind::text, "",
                                   "The [[unit]] keys given instead of derived, joined by \"; \"; null for none."};
inline constexpr Field kNote{
    "note", "Note", Kind::text, "", "Where a figure comes from when it is a documented reading, not a rule.",
    "",     false};

// People's composites in the characteristics record (programs read the figures above).
inline constexpr Field kTroopShown{"troop_shown", "Troop type", Kind::text};
inline constexpr Field kRaceShown{"race_shown", "Race", Kind::text};
inline constexpr Field kTroopsShown{"troops_shown", "Troops", Kind::text};
inline constexpr Field kAcShown{"ac_shown", "Unit AC", Kind::text};
inline constexpr Field kHdUhpShown{"hd_uhp_shown", "Hit dice / unit hit points", Kind::text};
inline constexpr Field kFormationShown{"formation_shown", "Formation", Kind::text};
inline constexpr Field kMovementShown{"movement_shown", "Movement march/hustle/charge", Kind::text};
inline constexpr Field kCampaignMoveShown{"campaign_movement_shown", "Campaign movement", Kind::text};

// --- attacks ---------------------------------------------------------------------------------------
inline constexpr Field kAttackKind{"kind",
                                   "Kind",
                                   Kind::enumerated,
                                   "",
                                   "The attack: a firearm's missile attack, its Drilled Foot volley fire, or a melee "
                                   "attack; null for a unit without attacks.",
                                   "missile|volley-fire|melee"};
inline constexpr Field kLine{"line", "Attack characteristic", Kind::text, "",
                             "The attack line as the rosters print it (\"1 matchlock arquebus 11+ (2 reload)\")."};
inline constexpr Field kFirearm{"firearm", "Firearm", Kind::text, "", "The firearm, in words (\"flintlock pistol\")."};
inline constexpr Field kMechanism = report::vocab::kMechanism.as("Mechanism", "The firearm's mechanism.");
inline constexpr Field kFirearmType =
    report::vocab::kFirearmType.as("Type", "The firearm's type (the firearms table's key).");
inline constexpr Field kBore = report::vocab::kBore.as("Bore", "The firearm's bore.");
inline constexpr Field kCount = report::vocab::kCount.as("Count", "How many of this firearm each troop carries.");
inline constexpr Field kRateShown{"rate", "Rate of fire", Kind::text};
inline constexpr Field kRoundsPerShot{"rounds_per_shot", "Rounds per shot", Kind::count, "rounds",
                                      "Rate of fire after reload-time adjustments: one shot every N rounds (the "
                                      "book's 1/N)."};
inline constexpr Field kRateColumn{"rate_column",
                                   "Rate column",
                                   Kind::enumerated,
                                   "",
                                   "The Rate of Fire table's column used: drilled (DF/DM) or other.",
                                   "drilled|other"};
inline constexpr Field kMisfire{"misfire_factor", "Misfire factor", Kind::fraction, "",
                                "Misfire factor of the mechanism (0 to 1) under the --misfire reading."};
inline constexpr Field kAverageDamage{"average_damage", "Average damage", Kind::number, "",
                                      "Average damage of a hit of the firearm."};
inline constexpr Field kFirearmAttacksRaw{"attacks_raw", "Raw", Kind::number, "",
                                          "Raw number of firearm attacks, before the Firearm Number of Attacks table."};
inline constexpr Field kFirearmAttacks{"attacks", "Attacks", Kind::count, "",
                                       "Number of firearm attacks (the Firearm Number of Attacks table)."};
inline constexpr Field kFirearmReload{"reload_tokens", "Reload tokens", Kind::count, "",
                                      "Reload tokens placed after the unit fires."};
inline constexpr Field kCaracole{"caracole", "Caracole", Kind::boolean, "",
                                 "Pistol caracole: no reload tokens the first time it fires its pistols (\"or 0\")."};
inline constexpr Field kMeleeLine{"melee_line", "Melee line", Kind::text, "",
                                  "The Formed Mounted pistol line of the melee section, or null."};
inline constexpr Field kRangeShown{"range", "Range AP/max v. foot, mounted", Kind::text};
inline constexpr Field kApFoot{"ap_range_vs_foot_hexes", "AP range v. foot", Kind::count, "hexes",
                               "Armour-piercing range against foot units."};
inline constexpr Field kMaxFoot{"max_range_vs_foot_hexes", "Max range v. foot", Kind::count, "hexes",
                                "Maximum range against foot units."};
inline constexpr Field kApMounted{"ap_range_vs_mounted_hexes", "AP range v. mounted", Kind::count, "hexes",
                                  "Armour-piercing range against mounted units."};
inline constexpr Field kMaxMounted{"max_range_vs_mounted_hexes", "Max range v. mounted", Kind::count, "hexes",
                                   "Maximum range against mounted units."};

// --- reload tokens round by round (--actions) ------------------------------------------------------
inline constexpr Field kRound{"round", "Round", Kind::count, "",
                              "The round of combat (the first given to --actions is 1).", "", false};
inline constexpr Field kRoundAction{"action",
                                    "Action",
                                    Kind::enumerated,
                                    "",
                                    "What the unit does in the round (--actions): fire (stands still in its movement "
                                    "sequence, then fires if it may), stand (stands still) or march.",
                                    "fire|stand|march",
                                    false};
inline constexpr Field kMayFire{"may_fire", "May fire", Kind::boolean, "",
                                "The unit may declare a firearms attack with the firearm in the round's attack "
                                "sequence (it holds none of its reload tokens, unless house rules allow it).",
                                "", false};
inline constexpr Field kFires{"fires", "Fires", Kind::boolean, "",
                              "The unit fires the firearm in the round: it was told to and may.", "", false};
inline constexpr Field kTokensAfter{"reload_tokens_after", "Tokens after", Kind::count, "",
                                    "Reload tokens of the firearm on the unit at the end of the round.", "", false};

// --- Mounted Foot ----------------------------------------------------------------------------------
inline constexpr Field kDeployment{"deployment",
                                   "Deployed as",
                                   Kind::enumerated,
                                   "",
                                   "The deployment: as one Drilled Foot unit (DF) or as two Irregular Mounted "
                                   "halves (IM, each half).",
                                   "DF|IM",
                                   false};
inline constexpr Field kDeployedUnits = report::vocab::kUnits.as("Units", "Units deployed (1, or 2 halves).");
inline constexpr Field kDeployedTroops = report::vocab::kTroops.as("Troops each", "Troops of each unit deployed.");
inline constexpr Field kDeployedUhp = report::vocab::kUhp.as("uhp each", "Unit hit points of each unit deployed.");
inline constexpr Field kLostNumerator{"lost_numerator", "uhp lost by the halves", Kind::count, "uhp",
                                      "uhp the two halves lost together (the share's numerator)."};
inline constexpr Field kLostDenominator{"lost_denominator", "uhp of the halves", Kind::count, "uhp",
                                        "uhp the two halves had together (the share's denominator)."};
inline constexpr Field kUhpLostUnrounded{"uhp_lost_unrounded", "uhp lost, unrounded", Kind::amount, "uhp",
                                         "That share of the unit's uhp, before rounding."};
inline constexpr Field kUhpLost{"uhp_lost", "uhp lost", Kind::count, "uhp", "uhp lost, rounded half to even."};
inline constexpr Field kUhpRemaining{"uhp_remaining", "uhp remaining", Kind::count, "uhp",
                                     "uhp the reformed unit has left."};

// --- availability and training -------------------------------------------------------------------
inline constexpr Field kEra =
    report::vocab::kEraPrinted.as("Era", "The era the troop type belongs to, as printed (\"Any\", \"Late\" ...).");
inline constexpr Field kMarketShown{"market_shown", "Market class", Kind::text};
inline constexpr Field kRealmShown{"realm_shown", "Realm", Kind::text};
inline constexpr Field kTrainingShown{"training_shown", "Training time", Kind::text};
inline constexpr Field kTrainingWeeks{"training_weeks", "Training time", Kind::count, "weeks",
                                      "Training time, where the book gives it in weeks; else null."};
inline constexpr Field kTrainingMonths{"training_months", "Training time", Kind::count, "months",
                                       "Training time, where the book gives it in months; else null."};
inline constexpr Field kMarshalCost{"marshal_cost_gp", "Marshal cost per troop", Kind::amount, "gp",
                                    "Marshalling cost per troop, or null."};
inline constexpr Field kTrainingCost{"training_cost_gp", "Training cost per troop", Kind::amount, "gp",
                                     "Training cost per troop, or null."};
inline constexpr Field kEquipmentCost{"equipment_cost_gp", "Equipment cost per troop", Kind::amount, "gp",
                                      "Equipment cost per troop, or null."};
inline constexpr Field kTotalCostTroop{"total_cost_troop_gp", "Total cost per troop", Kind::amount, "gp",
                                       "Total cost per troop (the book's Total Cost (Troop)), or null."};
inline constexpr Field kTotalCostUnit{"total_cost_unit_gp", "Total cost per unit", Kind::amount, "gp",
                                      "Total cost of this unit: the cost per troop x its troops (the book's Total "
                                      "Cost (Unit) for the unit size), or null."};
inline constexpr Field kQualifying{"qualifying_per_120", "Qualifying number per 120 conscripts", Kind::count, "men",
                                   "Qualifying number per 120 conscripts, or null."};
inline constexpr Field kMarketClass{"market_class", "Market class", Kind::count, "", "The market class, 1 to 6.", "",
                                    false};
inline constexpr Field kMarketDice{"troops_dice", "Troops", Kind::dice, "",
                                   "Troops on the market: dice to roll (\"7d20\") or a number, as printed."};
inline constexpr Field kChancePct{"chance_pct", "Chance", Kind::amount, "%",
                                  "Chance that the troops are on the market at all, in percent."};
inline constexpr Field kRealm{"realm", "Realm", Kind::text, "", "The realm size's key (continent, empire ... barony).",
                              "",      false};
inline constexpr Field kRealmTroops = report::vocab::kTroops.as(
    "Troops", "Troops available per the realm's time period; null where the book prints \"-\".");
inline constexpr Field kTimePeriod{"time_period", "Per", Kind::text, "",
                                   "The realm's time period the troops are available per (\"year\" ...)."};

// --- the rosters ---------------------------------------------------------------------------------
inline constexpr Field kKey{"key", "Key", Kind::text, "", "The roster row's key.", "", false};
inline constexpr Field kPage{"page", "Page", Kind::count, "", "The page of the rosters the row is printed on."};
inline constexpr Field kSource{"source", "Source", Kind::text, "", "The book, section and page of the row."};
inline constexpr Field kRosterFormation{"formation_printed", "Form", Kind::text, "",
                                        "The formation as printed (\"DF\", \"FF (IM)\" ...)."};
inline constexpr Field kAcPrinted{"ac_printed", "AC", Kind::text};

// --- the rosters against the formulas --------------------------------------------------------------
inline constexpr std::string_view kCompareKinds =
    "battle-rating|cost|movement|characteristic|attack-line|veteran-battle-rating|error";
inline constexpr Field kCompareKind{"kind",        "Kind", Kind::enumerated, "", "The kind of figure compared.",
                                    kCompareKinds, false};
inline constexpr Field kCompareField{"field",
                                     "Field",
                                     Kind::text,
                                     "",
                                     "The figure compared: its key in unit-br's units output (ac, hd, movement, "
                                     "wage_gp_per_month ...).",
                                     "",
                                     false};
inline constexpr Field kCompareUnit{"unit", "Roster unit", Kind::text, "", "The roster row's key.", "", false};
inline constexpr Field kPublished{"published", "Published", Kind::text, "",
                                  "The figure as the roster prints it (null where it prints none)."};
inline constexpr Field kPublishedText{"published_text", "Published", Kind::text, "",
                                      "The figure as the roster prints it where it is no number (an attack line, a "
                                      "formation); null where it is one (see published_1 to published_3) or none."};
inline constexpr Field kComputedText{"computed_text", "Formula", Kind::text, "",
                                     "The figure as the formulas give it where it is no number, as published_text."};
inline constexpr Field kComputed{"computed", "Formula", Kind::text, "",
                                 "The figure as the formulas give it (null where they give none, which the text "
                                 "shows as (none))."};
inline constexpr Field kPublished1{"published_1", "Published", Kind::number, "",
                                   "The published figure's first number (2/3/4: 2; 11+: 11; 1-1: 1; 4 (5): 4); "
                                   "null where it is not a number."};
inline constexpr Field kPublished2{"published_2", "Published", Kind::number, "",
                                   "Its second number (2/3/4: 3; 1-1: -1; 4 (5): 5), or null."};
inline constexpr Field kPublished3{"published_3", "Published", Kind::number, "",
                                   "Its third number (2/3/4: 4), or null."};
inline constexpr Field kComputed1{"computed_1", "Formula", Kind::number, "",
                                  "The computed figure's first number, as published_1."};
inline constexpr Field kComputed2{"computed_2", "Formula", Kind::number, "", "Its second number, as published_2."};
inline constexpr Field kComputed3{"computed_3", "Formula", Kind::number, "", "Its third number, as published_3."};
inline constexpr Field kAgrees{"agrees", "Agrees", Kind::boolean, "", "The two agree.", "", false};
inline constexpr Field kAgreeKind{"kind",
                                  "Kind",
                                  Kind::enumerated,
                                  "",
                                  "The kind of figure, or \"total\".",
                                  "battle-rating|cost|movement|characteristic|attack-line|veteran-battle-rating|error|"
                                  "total",
                                  false};
inline constexpr Field kAgree{"agree", "Agree", Kind::count, "", "Figures that agree with the book.", "", false};
inline constexpr Field kOf{"of", "Of", Kind::count, "", "Figures compared.", "", false};

}  // namespace gunpowder::unit_app::fields

namespace gunpowder::unit_app {

// The tables (specs.cpp).
const report::TableSpec& units_spec();
const report::TableSpec& characteristics_spec();
const report::TableSpec& attacks_spec();
const report::TableSpec& battle_rating_spec();
const report::TableSpec& campaign_cost_spec();
const report::TableSpec& mounted_foot_spec();
const report::TableSpec& reform_spec();
const report::TableSpec& availability_spec();
const report::TableSpec& market_spec();
const report::TableSpec& realms_spec();
const report::TableSpec& notes_spec();
const report::TableSpec& campaign_roster_spec();
const report::TableSpec& battle_roster_spec();
const report::TableSpec& agreement_by_kind_spec();
const report::TableSpec& agreement_by_field_spec();
const report::TableSpec& compare_figures_spec();
const report::TableSpec& reload_by_round_spec();

// The documents.
const report::DocumentSpec& units_document();
const report::DocumentSpec& catalogue_document();
const report::DocumentSpec& compare_document();
const report::DocumentSpec& reload_document();
std::vector<const report::DocumentSpec*> documents();

}  // namespace gunpowder::unit_app
