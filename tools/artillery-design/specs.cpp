// specs.cpp - the tables and documents of a designed piece and of --catalogue (see specs.hpp);
// those of --compare and --economies are declared beside them, in their mode files.
#include "artillery-design/specs.hpp"

#include "artillery-design/fields.hpp"

namespace gunpowder::artillery_app {

using namespace fields;
using report::Shown;
using report::TableSpec;

namespace {
constexpr Shown kPeople = Shown::people;
constexpr Shown kPrograms = Shown::programs;
}  // namespace

const TableSpec& pieces_spec() {
  static const TableSpec s("pieces", "Pieces", "one designed piece",
                           {kName,
                            {kType, kPrograms},
                            {kShotLb, kPrograms},
                            kSource,
                            kCaliber,
                            {kShotDiameter, kPrograms},
                            kBarrel,
                            kBaseWeight,
                            kPowder,
                            {kRange, kPeople},
                            {kRangeShort, kPrograms},
                            {kRangeMedium, kPrograms},
                            {kRangeLong, kPrograms},
                            kDamage,
                            {kDamageDice, kPrograms},
                            kAoe,
                            {kAoeShape, kPrograms},
                            kCrew,
                            kRoundsPerShot,
                            kShotsPerDay,
                            kCost,
                            kShp,
                            kAc,
                            {kShotCost, kPrograms},
                            {kPowderCost, kPrograms},
                            {kPowderUsed, kPrograms},
                            {kShotUsed, kPrograms},
                            {kCarriage, kPrograms},
                            {kEra, kPrograms},
                            {kGunpowder, kPrograms}});
  return s;
}

const TableSpec& chosen_carriages_spec() {
  static const TableSpec s("carriages", "Chosen carriages", "the carriage asked for a piece",
                           {kName,
                            kCarriage,
                            kHorses,
                            {kCartsWagons, kPeople},
                            {kCarts, kPrograms},
                            {kWagons, kPrograms},
                            {kCarriageCost, "Carriage gp"},
                            {kCarriageWeight, "Carriage lb"}});
  return s;
}

const TableSpec& characteristics_spec() {
  static const TableSpec s =
      TableSpec("characteristics", "Characteristics", "the characteristics of one piece, each with its source",
                {{kType, kPrograms},
                 {kShotLb, kPrograms},
                 {kAc, "AC"},
                 {kShp, "Structural hit points"},
                 {kBaseWeight, "Base weight"},
                 {kCaliber, "Barrel calibre"},
                 kShotDiameter,
                 {kBarrel, "Barrel length"},
                 {kShotWeight, kPeople},
                 {kShotUsed, kPrograms},
                 {kPowder, "Powder charge"},
                 {kPowderUsed, kPrograms},
                 {kRange, "Range short/medium/long", kPeople},
                 {kRangeShort, kPrograms},
                 {kRangeMedium, kPrograms},
                 {kRangeLong, kPrograms},
                 kDamage,
                 {kDamageDice, kPrograms},
                 {kAoeText, kPeople},
                 {kAoe, kPrograms},
                 {kAoeWidth, kPrograms},
                 {kAoeShape, kPrograms},
                 kCrew,
                 {kRoundsPerShot, "Rate of fire"},
                 {kShotsPerDay, "Shots per day"},
                 {kCost, "Cost"},
                 kShotCost,
                 kPowderCost,
                 {kCostPerDay, kPrograms},
                 {kCarriage, kPrograms},
                 {kEra, kPrograms}})
          .with_context({kName})
          .as_record("Characteristic", true);
  return s;
}

const TableSpec& mobility_spec() {
  static const TableSpec s = TableSpec("mobility", "Mobility", "one carriage of the piece",
                                       {kCarriage,
                                        {kChosen, kPrograms},
                                        kAvailability,
                                        kAvailable,
                                        kCarriageCost,
                                        kCarriageWeight,
                                        {kTotalWeight, kPrograms},
                                        kHorses,
                                        {kHorsesSource, kPrograms},
                                        {kSubstitutes, kPeople},
                                        {kSubMen, kPrograms},
                                        {kSubMules, kPrograms},
                                        {kSubMedium, kPrograms},
                                        {kCartsWagons, kPeople},
                                        {kCarts, kPrograms},
                                        {kWagons, kPrograms},
                                        {kMiles, kPeople},
                                        {kMilesDay, kPrograms},
                                        {kMilesWeek, kPrograms},
                                        {kEncounter, kPeople},
                                        {kEncounterFt, kPrograms},
                                        {kAssembly, kPeople},
                                        {kAssemblyTurns, kPrograms},
                                        {kAssemblyRounds, kPrograms},
                                        {kBattleMove, kPeople},
                                        {kMarch, kPrograms},
                                        {kHustle, kPrograms},
                                        {kCharge, kPrograms}})
                                 .with_context({kName});
  return s;
}

const TableSpec& bombardment_spec() {
  static const TableSpec s =
      TableSpec("bombardment", "Bombardment (shp per day)", "structural damage a day at one range band and fire",
                {kRangeBand,
                 kFire,
                 {kYards, kPeople},
                 {kRangeFrom, kPrograms},
                 {kRangeTo, kPrograms},
                 kShpStone,
                 kShpWood,
                 kSource})
          .with_context({kName});
  return s;
}

const TableSpec& battle_spec() {
  static const TableSpec s = TableSpec("battle", "Battle", "the piece on the battlefield",
                                       {kUnitSize,
                                        kBr,
                                        kBonusUnits,
                                        {kUnitText, kPeople},
                                        {kUnitPieces, kPrograms},
                                        {kUnitFormation, kPrograms},
                                        {kUnitAc, kPrograms},
                                        {kUnitHd, kPrograms},
                                        {kUnitUhp, kPrograms},
                                        {kUnitMorale, kPrograms},
                                        kArtilleryAttack,
                                        {kCrewAttack, kPeople},
                                        {kReload, kPrograms},
                                        {kSource, kPrograms}})
                                 .with_context({kName})
                                 .as_record("Figure", false);
  return s;
}

const TableSpec& crew_attacks_spec() {
  static const TableSpec s =
      TableSpec("crew-attacks", "Crew attacks", "one crew attack of the battlefield unit", {kCrewAttack})
          .with_context({kName})
          .only_for(kPrograms);
  return s;
}

const TableSpec& economy_spec() {
  static const TableSpec s = TableSpec("economy", "Economy", "prices and making time under the gunpowder economy",
                                       {{kGunpowder, kPrograms},
                                        kPowderPrice,
                                        kMultiplier,
                                        {kPiecePrice, kPeople},
                                        {kPowderPerShot, kPeople},
                                        kMakingDays,
                                        {kMakingRule, kPrograms},
                                        kMarketReduction})
                                 .with_context({kName})
                                 .as_record("Figure", false);
  return s;
}

const TableSpec& automaton_spec() {
  static const TableSpec s = TableSpec("automaton", "As an automaton (dwarven machinist)", "the piece as an automaton",
                                       {kMaxDamage,
                                        kAoeSqFt,
                                        kTargets,
                                        kMaxPerRound,
                                        kHd,
                                        kWeightSt,
                                        {kStoneLb, kPrograms},
                                        {kWeightLb, kPrograms},
                                        kRangeFt,
                                        kAbilities,
                                        kAutomatonCost})
                                 .with_context({kName})
                                 .as_record("Figure", false);
  return s;
}

const TableSpec& formula_spec() {
  static const TableSpec s = TableSpec("formula", "Design formulas", "the design formulas' own figures for the piece",
                                       {kCaliber, kBarrel, kBaseWeight, kPowder, kRangeShort, kRangeMedium, kRangeLong,
                                        kDamage, kAoe, kCrew, kRoundsPerShot, kShotsPerDay, kCost, kShp, kAc})
                                 .with_context({kName})
                                 .as_record("Figure", false)
                                 .only_for(kPrograms);
  return s;
}

const TableSpec& carriages_by_era_spec() {
  static const TableSpec s("carriages", "Carriages by era and horses", "one book piece's carriages",
                           {kName,
                            {kCarriageless, kPeople},
                            {kCarriagelessEra, kPrograms},
                            {kCarriagelessHorses, kPrograms},
                            {kGarrison, kPeople},
                            {kGarrisonEra, kPrograms},
                            {kGarrisonHorses, kPrograms},
                            {kField, kPeople},
                            {kFieldEra, kPrograms},
                            {kFieldHorses, kPrograms},
                            {kLimber, kPeople},
                            {kLimberEra, kPrograms},
                            {kLimberHorses, kPrograms}});
  return s;
}

const TableSpec& bombardment_and_battle_spec() {
  static const TableSpec s("bombardment-and-battle", "Bombardment and battle", "one book piece",
                           {kName,
                            {kBombard, kPeople},
                            {kShortDirect, kPrograms},
                            {kMediumDirect, kPrograms},
                            {kMediumPlunging, kPrograms},
                            {kLongDirect, kPrograms},
                            {kLongPlunging, kPrograms},
                            kShotsPerDay,
                            kCostPerDay,
                            {kUnitSize, "Unit size"},
                            {kBr, "BR"},
                            {kBonusUnits, "Bonus units"},
                            kReload});
  return s;
}

const report::DocumentSpec& pieces_document() {
  static const report::DocumentSpec d(
      "artillery-design", "pieces", kPiecesSchemaVersion,
      "designed pieces: several in the pieces table (and their chosen carriages), one in its detailed tables",
      {&pieces_spec(), &chosen_carriages_spec(), &characteristics_spec(), &mobility_spec(), &bombardment_spec(),
       &battle_spec(), &crew_attacks_spec(), &economy_spec(), &automaton_spec(), &formula_spec()});
  return d;
}

const report::DocumentSpec& catalogue_document() {
  static const report::DocumentSpec d("artillery-design", "catalogue", kPiecesSchemaVersion,
                                      "the book's 17 pieces, their carriages by era, bombardment and battle figures",
                                      {&pieces_spec(), &carriages_by_era_spec(), &bombardment_and_battle_spec()});
  return d;
}

std::vector<const report::DocumentSpec*> documents() {
  return {&pieces_document(), &catalogue_document(), &compare_document(), &economies_document()};
}

}  // namespace gunpowder::artillery_app
