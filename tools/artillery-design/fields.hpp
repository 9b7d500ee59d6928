// fields.hpp - every figure artillery-design reports, declared once (report::Field): its key (csv
// column and JSON key), its header, kind, unit and meaning. The tables and documents that use them
// are declared in specs.hpp.
#pragma once

#include "gunpowder/core/fields.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::artillery_app::fields {

using report::Field;
using report::Kind;

// --- a piece: its identity and characteristics (Gunpowder Artillery Characteristics) -------------
inline constexpr Field kName{"name", "Piece", Kind::text, "", "the piece's name", "", false};
inline constexpr Field kType{"type", "Type", Kind::enumerated, "", "the piece's type", "cannon|gun|mortar", false};
inline constexpr Field kShotLb{"shot_lb", "Shot lb", Kind::amount, "lb", "shot weight: the piece's designation"};
inline constexpr Field kSource{"source", "Source", Kind::text, "",
                               "where the figures come from: book, formula, house rule (FILE), ..."};
inline constexpr Field kAc{"ac", "AC", Kind::integer, "", "armour class of the piece"};
inline constexpr Field kShp = report::vocab::kShp.as("SHP", "structural hit points of the piece");
inline constexpr Field kBaseWeight{"base_weight_lb", "Weight lb", Kind::amount, "lb", "base weight of the piece"};
inline constexpr Field kCaliber{"caliber_in", "Calibre", Kind::amount, "in", "barrel calibre"};
inline constexpr Field kShotDiameter{"shot_diameter_in", "Shot diameter", Kind::amount, "in",
                                     "shot diameter: the calibre less 1/4 in"};
inline constexpr Field kBarrel{"barrel_length_in", "Barrel", Kind::amount, "in", "barrel length"};
inline constexpr Field kShotWeight{"shot_weight", "Shot weight", Kind::text, "lb",
                                   "the shot fired: the lighter shot when one is used (shown to people)"};
inline constexpr Field kPowder{"powder_lb", "Powder lb", Kind::amount, "lb",
                               "powder charge per shot (the reduced charge when one is used)"};
inline constexpr Field kRange{"range", "Range yd S/M/L", Kind::text, "yd", "short/medium/long range (shown to people)"};
inline constexpr Field kRangeShort{"range_short_yd", "Short yd", Kind::amount, "yd", "upper bound of short range"};
inline constexpr Field kRangeMedium{"range_medium_yd", "Medium yd", Kind::amount, "yd", "upper bound of medium range"};
inline constexpr Field kRangeLong{"range_long_yd", "Long yd", Kind::amount, "yd", "upper bound of long range"};
inline constexpr Field kDamage = report::vocab::kDamage.as("Damage", "damage dice, e.g. 8d10");
inline constexpr Field kDamageDice{"damage_dice", "Damage d10", Kind::count, "d10", "number of d10 of damage"};
inline constexpr Field kAoe{"aoe_ft", "AOE ft", Kind::amount, "ft",
                            "area of effect: a mortar's radius, a gun's or cannon's line length"};
inline constexpr Field kAoeText{"area_of_effect", "Area of effect", Kind::text, "ft",
                                "area of effect as printed (shown to people)"};
inline constexpr Field kAoeWidth{"aoe_width_ft", "AOE width ft", Kind::amount, "ft",
                                 "width of a line's area of effect (null: a mortar's radius)"};
inline constexpr Field kAoeShape{"aoe_shape",  "AOE shape", Kind::enumerated, "", "shape of the area of effect",
                                 "radius|line"};
inline constexpr Field kCrew{"crew_men", "Crew", Kind::count, "men", "crew needed at the full rate of fire"};
inline constexpr Field kRoundsPerShot{"rounds_per_shot", "ROF", Kind::count, "rounds",
                                      "rate of fire 1/N: one shot every N rounds"};
inline constexpr Field kShotsPerDay{"shots_per_day", "Shots/day", Kind::count, "", "shots per day of bombardment"};
inline constexpr Field kCost{"cost_gp", "Cost gp", Kind::amount, "gp", "price (under the chosen economy)"};
inline constexpr Field kShotCost{"shot_cost_gp", "Shot, each", Kind::amount, "gp", "price of one shot"};
inline constexpr Field kPowderCost{"powder_cost_gp", "Powder charge, each", Kind::amount, "gp",
                                   "price of one powder charge (under the chosen economy)"};
inline constexpr Field kPowderUsed{"powder_used_lb", "Reduced charge", Kind::amount, "lb",
                                   "the reduced powder charge (null: the full charge)"};
inline constexpr Field kShotUsed{"shot_used_lb", "Lighter shot", Kind::amount, "lb",
                                 "the lighter shot fired (null: the piece's own)"};
inline constexpr Field kCarriage{"carriage", "Carriage",   Kind::enumerated,
                                 "",         "a carriage", "carriageless|garrison|field|limber"};
inline constexpr Field kEra{"era", "Era", Kind::enumerated, "", "the era asked for (null: none)", "early|middle|late"};
inline constexpr Field kGunpowder{"gunpowder", "Gunpowder", Kind::text, "", "the gunpowder economy", "", false};
inline constexpr Field kCostPerDay{"cost_gp_per_day", "Daily gp", Kind::amount, "gp",
                                   "powder and shot for a day of bombardment"};

// --- a carriage (Gunpowder Mobility) ---------------------------------------------------------------
inline constexpr Field kChosen{"chosen", "Chosen", Kind::boolean, "", "the carriage asked for", "", false};
inline constexpr Field kAvailability{"availability",
                                     "From era",
                                     Kind::enumerated,
                                     "",
                                     "the era from which the carriage exists (null: not available)",
                                     "early|middle|late"};
inline constexpr Field kAvailable{
    "available", "Usable", Kind::boolean, "", "usable in the era asked for (or in some era)", "", false};
inline constexpr Field kCarriageCost{"carriage_cost_gp", "Cost gp", Kind::amount, "gp", "price of the carriage"};
inline constexpr Field kCarriageWeight{"carriage_weight_lb", "Weight lb", Kind::amount, "lb", "weight of the carriage"};
inline constexpr Field kTotalWeight{"total_weight_lb", "Total lb", Kind::amount, "lb", "piece and carriage"};
inline constexpr Field kHorses{"horses", "Horses", Kind::count, "", "heavy horses to draw it"};
inline constexpr Field kHorsesSource{"horses_source", "Horses from", Kind::text, "", "book or formula"};
inline constexpr Field kSubstitutes{"substitutes", "or men/mules/med. horses", Kind::text, "",
                                    "men, mules or medium horses instead (shown to people)"};
inline constexpr Field kSubMen{"substitute_men", "or men", Kind::count, "", "men instead of the horses"};
inline constexpr Field kSubMules{"substitute_mules", "or mules", Kind::count, "", "mules instead of the horses"};
inline constexpr Field kSubMedium{"substitute_medium_horses", "or medium horses", Kind::count, "",
                                  "medium horses instead of the heavy horses"};
inline constexpr Field kCartsWagons{"carts_wagons", "Carts/wagons", Kind::text, "",
                                    "carts or wagons (shown to people)"};
inline constexpr Field kCarts{"carts", "Carts", Kind::count, "", "large carts to carry it"};
inline constexpr Field kWagons{"wagons", "Wagons", Kind::count, "", "wagons to carry it (one replaces four carts)"};
inline constexpr Field kMiles{"miles", "Miles day/week", Kind::text, "", "overland movement (shown to people)"};
inline constexpr Field kMilesDay = report::vocab::kDailyMiles.as("Miles a day", "overland movement a day");
inline constexpr Field kMilesWeek = report::vocab::kWeeklyMiles.as("Miles a week", "overland movement a week");
inline constexpr Field kEncounter{"encounter_move", "Encounter", Kind::text, "", "encounter movement as printed"};
inline constexpr Field kEncounterFt = report::vocab::kEncounterMoveFt.as(
    "Encounter ft", "the largest encounter move a turn (0: none, or a facing change only)");
inline constexpr Field kAssembly{"assembly", "Assembly", Kind::text, "", "assembly time (shown to people)"};
inline constexpr Field kAssemblyTurns{"assembly_turns", "Assembly turns", Kind::count, "turns",
                                      "assembly time in turns (null: in rounds)"};
inline constexpr Field kAssemblyRounds{"assembly_rounds", "Assembly rounds", Kind::count, "rounds",
                                       "assembly time in rounds (null: in turns)"};
inline constexpr Field kBattleMove{"battlefield_move", "Battle move", Kind::text, "",
                                   "battlefield movement march/hustle/charge as printed"};
inline constexpr Field kMarch{"battlefield_march_hexes", "March hexes", Kind::count, "hexes",
                              "battlefield march (0: a facing change only; null: may not)"};
inline constexpr Field kHustle{"battlefield_hustle_hexes", "Hustle hexes", Kind::count, "hexes",
                               "battlefield hustle (0: a facing change only; null: may not)"};
inline constexpr Field kCharge{"battlefield_charge_hexes", "Charge hexes", Kind::count, "hexes",
                               "battlefield charge (0: a facing change only; null: may not)"};

// --- bombardment (Gunpowder Artillery Bombardment) -------------------------------------------------
inline constexpr Field kRangeBand{"range_band",        "Range", Kind::enumerated, "", "range band",
                                  "short|medium|long", false};
inline constexpr Field kFire{"fire", "Fire", Kind::enumerated, "", "direct or plunging fire", "direct|plunging", false};
inline constexpr Field kYards{"yards", "Yards", Kind::text, "yd", "the band's yards (shown to people)"};
inline constexpr Field kRangeFrom{"range_from_yd", "From yd", Kind::amount, "yd", "the band starts here"};
inline constexpr Field kRangeTo{"range_to_yd", "To yd", Kind::amount, "yd", "the band ends here"};
inline constexpr Field kShpStone{"shp_per_day_stone", "Stone", Kind::amount, "shp",
                                 "structural hit points of stone destroyed a day"};
inline constexpr Field kShpWood{"shp_per_day_wood", "Wood", Kind::amount, "shp",
                                "structural hit points of wood destroyed a day"};

// --- battle (Battle Ratings, Sieges Simplified, artillery units) ------------------------------------
inline constexpr Field kUnitSize{"unit_size", "Pieces per unit (D@W: Campaigns)", Kind::count, "pieces",
                                 "pieces per unit"};
inline constexpr Field kBr = report::vocab::kBr.as("Battle rating of the unit", "battle rating of the unit");
inline constexpr Field kBonusUnits{"bonus_units", "Bonus units per piece (Sieges Simplified)", Kind::count, "units",
                                   "siege bonus units per piece"};
inline constexpr Field kUnitText{"battlefield_unit", "Battlefield unit", Kind::text, "",
                                 "the battlefield unit (shown to people)"};
inline constexpr Field kUnitPieces{"unit_pieces", "Unit pieces", Kind::count, "", "pieces in the battlefield unit"};
inline constexpr Field kUnitFormation{"unit_formation", "Unit formation", Kind::text, "", "its formation"};
inline constexpr Field kUnitAc{"unit_ac", "Unit AC", Kind::integer, "", "its armour class"};
inline constexpr Field kUnitHd{"unit_hd", "Unit HD", Kind::text, "", "its hit dice, as printed"};
inline constexpr Field kUnitUhp{"unit_uhp", "Unit uhp", Kind::count, "", "its unit hit points"};
inline constexpr Field kUnitMorale{"unit_morale", "Unit morale", Kind::integer, "", "its morale modifier"};
inline constexpr Field kArtilleryAttack{"artillery_attack", "Artillery attack", Kind::text, "",
                                        "the unit's artillery attack, as printed"};
inline constexpr Field kCrewAttack{"crew_attack", "Crew attack", Kind::text, "", "a crew attack, as printed", "",
                                   false};
inline constexpr Field kReload{"reload_tokens", "Unit reload", Kind::count, "",
                               "reload tokens after an artillery attack"};

// --- economy (Gunpowder in an Age of Swords and Sorcery) ---------------------------------------------
inline constexpr Field kPowderPrice{"powder_gp_per_lb", "Powder price", Kind::amount, "gp/lb", "price of powder"};
inline constexpr Field kMultiplier{"price_multiplier", "Price multiplier", Kind::amount, "",
                                   "times the historical price"};
inline constexpr Field kPiecePrice{"piece_price", "Price of the piece", Kind::text, "gp",
                                   "the piece's price (cost_gp; shown to people)"};
inline constexpr Field kPowderPerShot{"powder_per_shot", "Powder per shot", Kind::text, "gp",
                                      "a charge's price (powder_cost_gp; shown to people)"};
inline constexpr Field kMakingDays{"making_days", "Time to make", Kind::amount, "days", "time to make the piece"};
inline constexpr Field kMakingRule{"making_rule", "Rule", Kind::text, "", "the rule of the time to make"};
inline constexpr Field kMarketReduction{"market_class_reduction", "Powder market outside dwarven lands", Kind::count,
                                        "market classes", "market classes lost outside dwarven lands"};

// --- the piece as an automaton (Steampunk 2020 BC) ---------------------------------------------------
inline constexpr Field kMaxDamage{"max_damage", "Maximum damage", Kind::amount, "hp", "maximum damage"};
inline constexpr Field kAoeSqFt{"aoe_sq_ft", "Area of effect", Kind::amount, "sq ft", "area of effect"};
inline constexpr Field kTargets{"targets", "Estimated targets", Kind::amount, "", "estimated targets"};
inline constexpr Field kMaxPerRound{"max_damage_per_round", "Maximum damage per round", Kind::amount, "hp",
                                    "maximum damage a round"};
inline constexpr Field kHd = report::vocab::kHd.as("Hit dice", "hit dice");
inline constexpr Field kWeightSt{"weight_st", "Weight", Kind::amount, "st", "weight in stone"};
inline constexpr Field kStoneLb{"stone_lb", "Pounds a stone", Kind::amount, "lb", "pounds in a stone"};
inline constexpr Field kWeightLb{"weight_lb", "Weight lb", Kind::amount, "lb", "weight in pounds"};
inline constexpr Field kRangeFt{"range_ft", "Maximum range", Kind::amount, "ft", "maximum range"};
inline constexpr Field kAbilities{"special_abilities", "Net special abilities", Kind::integer, "",
                                  "net special abilities"};
inline constexpr Field kAutomatonCost{"cost_gp", "Cost", Kind::amount, "gp", "price of the automaton"};

// --- carriages by era (--catalogue) ------------------------------------------------------------------
inline constexpr Field kCarriageless{"carriageless", "Carriageless", Kind::text, "", "era and horses (people)"};
inline constexpr Field kGarrison{"garrison", "Garrison Carriage", Kind::text, "", "era and horses (people)"};
inline constexpr Field kField{"field", "Field Carriage", Kind::text, "", "era and horses (people)"};
inline constexpr Field kLimber{"limber", "Field Carriage and Limber", Kind::text, "", "era and horses (people)"};
inline constexpr Field kCarriagelessEra{
    "carriageless_era", "Carriageless era", Kind::enumerated, "", "era from which it exists (null: not available)",
    "early|middle|late"};
inline constexpr Field kGarrisonEra{
    "garrison_era",     "Garrison Carriage era", Kind::enumerated, "", "era from which it exists (null: not available)",
    "early|middle|late"};
inline constexpr Field kFieldEra{
    "field_era",        "Field Carriage era", Kind::enumerated, "", "era from which it exists (null: not available)",
    "early|middle|late"};
inline constexpr Field kLimberEra{"limber_era",
                                  "Field Carriage and Limber era",
                                  Kind::enumerated,
                                  "",
                                  "era from which it exists (null: not available)",
                                  "early|middle|late"};
inline constexpr Field kCarriagelessHorses{"carriageless_horses", "Carriageless horses", Kind::count, "",
                                           "heavy horses, as printed"};
inline constexpr Field kGarrisonHorses{"garrison_horses", "Garrison Carriage horses", Kind::count, "",
                                       "heavy horses, as printed"};
inline constexpr Field kFieldHorses{"field_horses", "Field Carriage horses", Kind::count, "",
                                    "heavy horses, as printed"};
inline constexpr Field kLimberHorses{"limber_horses", "Field Carriage and Limber horses", Kind::count, "",
                                     "heavy horses, as printed"};
inline constexpr Field kBombard{"bombard", "Stone shp/day S | M | L", Kind::text, "", "bombardment (shown to people)"};
inline constexpr Field kShortDirect{"shp_per_day_short_direct", "Short direct", Kind::amount, "shp",
                                    "stone shp a day, short range, direct fire (null: impossible)"};
inline constexpr Field kMediumDirect{"shp_per_day_medium_direct", "Medium direct", Kind::amount, "shp",
                                     "stone shp a day, medium range, direct fire (null: impossible)"};
inline constexpr Field kMediumPlunging{"shp_per_day_medium_plunging", "Medium plunging", Kind::amount, "shp",
                                       "stone shp a day, medium range, plunging fire (null: impossible)"};
inline constexpr Field kLongDirect{"shp_per_day_long_direct", "Long direct", Kind::amount, "shp",
                                   "stone shp a day, long range, direct fire (null: impossible)"};
inline constexpr Field kLongPlunging{"shp_per_day_long_plunging", "Long plunging", Kind::amount, "shp",
                                     "stone shp a day, long range, plunging fire (null: impossible)"};

}  // namespace gunpowder::artillery_app::fields
