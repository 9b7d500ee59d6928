// fields.hpp - every figure fire-odds reports, declared once (key, header, kind, unit, meaning):
// the columns and record figures of its tables, from which text, markdown, csv, JSON, the JSON
// Schema and the man page's key tables are made (gunpowder/core/model.hpp).
#pragma once

#include "gunpowder/core/fields.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::fire_app::fields {

using report::Field;
using report::Kind;

// ---- every table: the scenario it belongs to
inline constexpr Field kScenario{"scenario",
                                 "Scenario",
                                 Kind::count,
                                 "",
                                 "the scenario's place in the run (the subcommand, or each scenario of the input "
                                 "files in order), from 1",
                                 "",
                                 false};
inline constexpr Field kName{"name", "Name", Kind::text, "",
                             "the scenario's name (the name key of its table in a file), or null"};
inline constexpr Field kCommand{"command",
                                "Command",
                                Kind::enumerated,
                                "",
                                "the kind of scenario: which tables hold its figures",
                                "artillery|firearm|broadside|arquebus|dowel",
                                false};

// ---- distributions (value, P, P(at least))
using report::vocab::kP;
using report::vocab::kPAtLeast;
inline constexpr Field kDistanceYd{
    "distance_yd", "Yards", Kind::amount, "yd", "the distance of the impact point from the aim point", "", false};
inline constexpr Field kPoints{"points_lost", "Points", Kind::count, "", "ship or strength points lost", "", false};
inline constexpr Field kKills{"kills", "Kills", Kind::count, "", "figures killed", "", false};
inline constexpr Field kHits{"hits", "Hits", Kind::count, "", "hits scored", "", false};
inline constexpr Field kShots{"shots", "Shots", Kind::count, "", "shots fired", "", false};
inline constexpr Field kN{"n", "N", Kind::count, "", "the value counted", "", false};

// ---- artillery: the attack (Guns of War, Attacking with Gunpowder Artillery)
inline constexpr Field kPiece{"piece", "Piece", Kind::text, "", "the piece fired, as the book or the design names it"};
inline constexpr Field kPieceType{"type", "Type", Kind::enumerated, "", "its type (--type)", "cannon|gun|mortar"};
inline constexpr Field kShotLb{"shot_lb", "Shot", Kind::amount, "lb", "its shot weight (--shot-lb)"};
inline constexpr Field kCharacteristicsSource{
    "characteristics_source",
    "Characteristics",
    Kind::enumerated,
    "",
    "where its characteristics come from: book (the characteristics table) or formula (the design formulas)",
    "book|formula"};
inline constexpr Field kRanges{"ranges", "Ranges short/medium/long", Kind::text, "",
                               "the ranges as the book prints them"};
inline constexpr Field kRangeShortYd{"range_short_yd", "Short range", Kind::amount, "yd", "the far end of short range"};
inline constexpr Field kRangeMediumYd{"range_medium_yd", "Medium range", Kind::amount, "yd",
                                      "the far end of medium range"};
inline constexpr Field kRangeLongYd{"range_long_yd", "Long range", Kind::amount, "yd",
                                    "the far end of long range: the greatest range"};
inline constexpr Field kRangeYd{"range_yd", "Range", Kind::amount, "yd", "the distance to the target (--range-yd)"};
inline constexpr Field kArtilleryRangeBand{
    "range_band",       "Range band", Kind::enumerated, "", "the range band (Guns of War, Range, p. 14)",
    "short|medium|long"};
inline constexpr Field kFireMode{"fire_mode",      "Fire", Kind::enumerated, "", "direct or plunging fire",
                                 "direct|plunging"};
inline constexpr Field kVeteran{"veteran", "Veteran", Kind::boolean, "", "a veteran crew or shooter (--veteran)"};
inline constexpr Field kAttackThrow{"attack_throw", "Attack throw", Kind::count, "",
                                    "the attack throw needed before modifiers (11+ normal men, 10+ veterans)"};
inline constexpr Field kRangeModifier{"range_modifier", "Range modifier", Kind::integer, "",
                                      "the modifier for the range band (a penalty is negative)"};
inline constexpr Field kPlungingModifier{"plunging_modifier", "Plunging fire", Kind::integer, "",
                                         "the modifier for plunging fire, else 0"};
inline constexpr Field kArtilleristsModifier{"artillerists_modifier", "Too few artillerists", Kind::integer, "",
                                             "the modifier for too few artillerists, else 0"};
inline constexpr Field kOtherModifier{"other_modifier", "Other modifier", Kind::integer, "",
                                      "any other modifier given (--modifier), else 0"};
inline constexpr Field kTarget{"target_value", "Target value", Kind::integer, "", "the natural roll needed"};
inline constexpr Field kExceed{
    "exceed", "Exceed", Kind::enumerated, "", "how \"exceeds the target value\" is read (--exceed)", "meet|strictly"};
inline constexpr Field kPSuccess{"p_success", "P(success)", Kind::probability, "", "the attack throw succeeds"};
inline constexpr Field kDirectionDie{"direction_die", "Direction die", Kind::count, "",
                                     "the sides of the die of a close hit's or scatter's direction (a clock face)"};
inline constexpr Field kScatterMultiplierYd{"scatter_multiplier_yd", "Scatter multiplier", Kind::amount, "yd",
                                            "yards per point of the scatter dice (doubled for plunging fire)"};
inline constexpr Field kMeanImpactDistanceYd{
    "mean_impact_distance_yd", "Mean impact distance", Kind::amount, "yd",
    "the mean distance of the impact point from the aim point, over the shots fired"};

// ---- artillery: the results of the attack throw
inline constexpr Field kResult{"result",
                               "Result",
                               Kind::enumerated,
                               "",
                               "how the attack throw ends (a misfire, then its second roll)",
                               "direct-hit|close-hit|scatter|misfire|shot-wasted|accidental-discharge",
                               false};
inline constexpr Field kNaturals{"naturals", "Naturals", Kind::text, "", "the naturals of the d20 as runs"};
inline constexpr Field kNaturalMin{"natural_min", "Lowest natural", Kind::count, "", "the lowest natural, or null"};
inline constexpr Field kNaturalMax{"natural_max", "Highest natural", Kind::count, "", "the highest natural, or null"};
inline constexpr Field kEffect{"effect", "Effect", Kind::text, "", "what the result does"};

// ---- artillery: damage
inline constexpr Field kDamage = report::vocab::kDamage.as("Damage", "the damage dice of one shot or hit");
inline constexpr Field kDamageMean{"damage_mean", "Mean damage", Kind::number, "", "the mean of those dice"};
inline constexpr Field kDamagePoints{"shot_damage",
                                     "Damage",
                                     Kind::count,
                                     "",
                                     "points of damage of one shot: hit points of a creature, shp of a structure",
                                     "",
                                     false};
inline constexpr Field kHpLost{"hp_lost", "hp lost", Kind::count, "hp", "the hit points it loses", "", false};
inline constexpr Field kAreaOfEffect{"area_of_effect", "Area of effect", Kind::text, "", "the area of effect"};
inline constexpr Field kAoeWidthFt{"aoe_width_ft", "Width", Kind::amount, "ft",
                                   "the width of a line-shaped area of effect, or null"};
inline constexpr Field kAoeFt{"aoe_ft", "Area of effect", Kind::amount, "ft",
                              "the length of the line (cannon, gun) or the radius (mortar)"};
inline constexpr Field kAoeShape{
    "aoe_shape",  "Shape", Kind::enumerated, "", "line (from the impact point away from the piece) or radius",
    "line|radius"};
inline constexpr Field kShrapnelRadiusFt{"shrapnel_radius_ft", "Shrapnel on a structure or ship", Kind::amount, "ft",
                                         "the radius of the shrapnel a line-shaped shot throws off a structure"};
inline constexpr Field kTargetAc{"target_ac", "Target AC", Kind::integer, "",
                                 "the target's armour class (--target-ac)"};
inline constexpr Field kStructuralSave{"structural_save", "Structural save", Kind::integer, "",
                                       "the structural save needed: 21 plus the range modifier, less the AC"};
inline constexpr Field kPStructuralSave{"p_structural_save", "P(structural save)", Kind::probability, "",
                                        "the structure saves: no damage"};
inline constexpr Field kExpectedShpDirectHits{"expected_shp_direct_hits", "Expected shp per shot, direct hits only",
                                              Kind::amount, "shp",
                                              "expected structural hit points lost per shot, direct hits only"};
inline constexpr Field kExpectedShpWithCloseHits{"expected_shp_with_close_hits",
                                                 "Expected shp per shot, close hits too", Kind::amount, "shp",
                                                 "the same when a close hit still lands on it"};
inline constexpr Field kCrewDamage{"discharge_crew_damage", "Accidental discharge: crew damage", Kind::dice, "",
                                   "the damage of each crew member who fails a save after an accidental discharge"};
inline constexpr Field kCrewDamageMean{"discharge_crew_damage_mean", "Mean crew damage", Kind::number, "", "its mean"};
inline constexpr Field kPieceDamagedShpFraction{
    "discharge_piece_shp_fraction", "Piece damaged", Kind::fraction, "",
    "the fraction of its structural hit points the piece loses when it fails its save"};

// ---- artillery: creatures, units, heroes
inline constexpr Field kStruckBy{"struck_by", "Struck by",          Kind::enumerated,
                                 "",          "how the shot lands", "direct-hit|close-hit-or-scatter|shrapnel",
                                 false};
inline constexpr Field kPSave{"p_save", "P(save)", Kind::probability, "", "the save succeeds"};
inline constexpr Field kPDamaged{"p_damaged", "P(damaged)", Kind::probability, "", "it takes damage"};
inline constexpr Field kMeanDamage{"mean_damage", "Mean damage", Kind::number, "", "the mean damage it takes"};
inline constexpr Field kSaveEffect{"save_effect", "A save", Kind::text, "", "what a save does"};
inline constexpr Field kCreatureSave{"save", "Save", Kind::count, "", "the creature's saving throw v. Blast (--save)"};
inline constexpr Field kArtilleryCover{"cover", "Cover", Kind::enumerated, "", "its cover (--cover)", "none|hard"};
inline constexpr Field kCoverBonus{"cover_bonus", "Cover bonus", Kind::count, "", "the bonus its cover gives the save"};
inline constexpr Field kTroops = report::vocab::kTroops.as("Troops", "the troops in the unit (--troops)");
inline constexpr Field kTroopsCounted{"troops_counted", "Troops counted", Kind::count, "",
                                      "the troops the table is read with (doubled for cavalry)"};
inline constexpr Field kHd = report::vocab::kHd.as("Unit HD", "the unit's hit dice as given (--hd)");
inline constexpr Field kTableUhp{"table_uhp", "Table uhp", Kind::count, "", "the unit hit points the table gives"};
inline constexpr Field kEnfilade{"enfilade", "Enfilade", Kind::text, "", "the uhp doubled by enfilade fire"};
inline constexpr Field kUhp = report::vocab::kUhp.as("uhp", "the unit hit points an unsaved hit takes");
inline constexpr Field kUnitSaveShown{"unit_save_shown", "Save", Kind::text, "", "the unit's save as shown"};
inline constexpr Field kUnitSave{"unit_save", "Save", Kind::count, "", "the unit's saving throw v. Blast"};
inline constexpr Field kFortifiedBonus{"fortified_bonus", "Fortified bonus", Kind::count, "",
                                       "the bonus to the save in a fortified structure (--fortified), or null"};
inline constexpr Field kPUnitSave{"p_unit_save", "P(save)", Kind::probability, "", "the unit saves"};
inline constexpr Field kDirectHitUhp{"direct_hit_uhp", "Direct hit: uhp unsaved / saved", Kind::text, "",
                                     "the uhp of a direct hit, unsaved and saved"};
inline constexpr Field kUhpSavedDirectHit{"uhp_saved_direct_hit", "Saved direct hit", Kind::count, "",
                                          "the uhp a saved direct hit takes (halved)"};
inline constexpr Field kOtherHitUhp{"close_hit_or_scatter_uhp", "Close hit or scatter: unsaved / saved", Kind::text, "",
                                    "the uhp of a close hit or scatter, unsaved and saved"};
inline constexpr Field kUhpSavedCloseHitOrScatter{"uhp_saved_close_hit_or_scatter", "Saved close hit or scatter",
                                                  Kind::count, "", "the uhp a saved close hit or scatter takes"};
inline constexpr Field kMeanUhpDirectHit{"mean_uhp_direct_hit", "Mean uhp, direct hit", Kind::number, "",
                                         "the mean uhp lost to a direct hit"};
inline constexpr Field kMeanUhpCloseHitOrScatter{"mean_uhp_close_hit_or_scatter", "Mean uhp, close hit or scatter",
                                                 Kind::number, "", "the mean uhp lost to a close hit or scatter"};
inline constexpr Field kUhpLost = report::vocab::kUhp.as("uhp", "the unit hit points lost", false);
inline constexpr Field kSaveNeeded{"save_needed", "Save needed", Kind::integer, "", "the roll the hero needs"};
inline constexpr Field kHeroSave{"hero_save", "Hero save", Kind::count, "",
                                 "the hero's saving throw v. Blast (--hero-save)"};
inline constexpr Field kHeroFortified{"hero_fortified", "Fortified", Kind::boolean, "",
                                      "the hero occupies a fortified structure (--hero-fortified)"};

// ---- firearm (Guns of War, Firearms)
inline constexpr Field kWeapon{"weapon", "Firearm", Kind::text, "",
                               "the firearm, as the characteristics table names it"};
inline constexpr Field kFirearmRanges{"ranges", "Ranges", Kind::text, "", "the ranges as the table prints them"};
inline constexpr Field kRangeShort{"range_short", "Short range", Kind::count, "",
                                   "the far end of short range: feet underground, yards outdoors"};
inline constexpr Field kRangeMedium{"range_medium", "Medium range", Kind::count, "",
                                    "the far end of medium range: feet underground, yards outdoors"};
inline constexpr Field kRangeLong{"range_long", "Long range", Kind::count, "",
                                  "the far end of long range: feet underground, yards outdoors"};
inline constexpr Field kRangeFt{"range_ft", "Range", Kind::amount, "ft", "the range underground (--range-ft), or null"};
inline constexpr Field kFirearmRangeYd{"range_yd", "Range", Kind::amount, "yd",
                                       "the range outdoors (--range-yd), or null"};
inline constexpr Field kFirearmRangeBand{"range_band", "Range band",     Kind::enumerated,
                                         "",           "the range band", "short|medium|long"};
inline constexpr Field kRangePenalty{"range_penalty", "Range penalty", Kind::integer, "",
                                     "the attack penalty at that band"};
inline constexpr Field kArmor{"armor", "Armour", Kind::count, "",
                              "the points of the target's AC from armour, hide or shields (--armor)"};
inline constexpr Field kArmorIgnored{"armor_ignored", "Armour ignored", Kind::count, "",
                                     "the points of armour the shot ignores"};
inline constexpr Field kEffectiveAc{"effective_ac", "Effective AC", Kind::integer, "",
                                    "the AC the shot is thrown against"};
inline constexpr Field kModifiers{"modifiers", "Modifiers", Kind::integer, "", "the sum of the attack modifiers"};
inline constexpr Field kNaturalNeeded{"natural_needed", "Natural roll needed", Kind::integer, "",
                                      "the natural roll needed"};
inline constexpr Field kNaturalRule{"naturals", "Naturals", Kind::boolean, "",
                                    "a natural 20 always hits and a natural 1 always misses"};
inline constexpr Field kPHit{"p_hit", "P(hit) per attack throw", Kind::probability, "", "the shot hits"};
inline constexpr Field kFirearmDamage = report::vocab::kDamage.as("Damage on a hit", "the damage dice of a hit");
inline constexpr Field kMisfirePct{"misfire_pct", "Misfire chance", Kind::amount, "%",
                                   "the misfire chance (doubled when uncleaned, at most 100)"};
inline constexpr Field kMisfireTablePct{"misfire_table_pct", "Table misfire chance", Kind::amount, "%",
                                        "the table's misfire chance for the weather"};
inline constexpr Field kPMisfire{"p_misfire", "P(misfire)", Kind::probability, "", "an attempt misfires"};
inline constexpr Field kWeather{"weather", "Weather", Kind::enumerated, "", "the weather (--weather)", "dry|damp|wet"};
inline constexpr Field kCleaned{"cleaned", "Cleaned", Kind::boolean, "",
                                "cleaned daily with a gun cleaning kit (false with --uncleaned)"};
inline constexpr Field kMisfireClearRounds{"misfire_clear_rounds", "Rounds to clear", Kind::count, "",
                                           "rounds to clear a misfire"};
inline constexpr Field kPHitPerAttempt{"p_hit_per_attempt", "P(hit) per attempt", Kind::probability, "",
                                       "an attempt fires (no misfire) and hits"};
inline constexpr Field kReloadRounds{"reload_rounds", "Reload time", Kind::count, "", "the reload time in rounds"};
inline constexpr Field kTraining{
    "training", "Training", Kind::enumerated, "", "the shooter's training (--training)", "undrilled|drilled|style"};
inline constexpr Field kReloadBase{"reload_base", "Reload, table", Kind::count, "",
                                   "the table's reload time for that training"};
inline constexpr Field kReloadDex{"dex", "Reload, Dexterity", Kind::integer, "",
                                  "the Dexterity adjustment to it (a bonus shortens it)"};
inline constexpr Field kReloadEncumbrance{"reload_encumbrance", "Reload, stone carried", Kind::integer, "",
                                          "the adjustment for the stone carried"};
inline constexpr Field kReloadApostles{"reload_apostles", "Reload, apostles", Kind::integer, "",
                                       "the adjustment for loading from 12 apostles (-1), else 0"};
inline constexpr Field kRoundSeconds{"round_seconds", "Round", Kind::amount, "s",
                                     "the length of a combat round (--round-seconds)"};
inline constexpr Field kMinutes{"minutes", "Minutes", Kind::count, "", "minutes of firing counted (--minutes)"};
inline constexpr Field kRounds = report::vocab::kRounds.as("Rounds", "the rounds in those minutes");
inline constexpr Field kMeanAttempts{"mean_attempts", "Mean attempts", Kind::number, "",
                                     "the mean number of attempts to fire"};
inline constexpr Field kMeanShots{"mean_shots", "Mean shots", Kind::number, "", "the mean number of shots fired"};
inline constexpr Field kMeanHits{"mean_hits", "Mean hits", Kind::number, "", "the mean number of hits"};
inline constexpr Field kAttemptsPerMinute{"attempts_per_minute_long_run", "Attempts per minute", Kind::number, "",
                                          "attempts per minute over a long fight"};
inline constexpr Field kHitsPerMinute{"hits_per_minute_long_run", "Hits per minute", Kind::number, "",
                                      "hits per minute over a long fight"};
inline constexpr Field kDamagePerMinute{"expected_damage_per_minute_long_run", "Damage per minute", Kind::number, "",
                                        "expected damage per minute over a long fight"};
inline constexpr Field kCounted{
    "quantity", "Quantity", Kind::enumerated, "", "what is counted over the minutes", "attempts|shots|hits", false};
inline constexpr Field kPAttempts{"p_attempts", "P(attempts)", Kind::probability, "", "exactly n attempts to fire"};
inline constexpr Field kPShots{"p_shots", "P(shots fired)", Kind::probability, "", "exactly n shots fired"};
inline constexpr Field kPHits{"p_hits", "P(hits)", Kind::probability, "", "exactly n hits"};

// ---- the firearms catalogue
inline constexpr Field kFirearmName{"firearm", "Firearm", Kind::text, "", "the firearm, as the table names it",
                                    "",        false};
inline constexpr Field kMechanism =
    report::vocab::kMechanism.as("Mechanism", "its lock (matchlock, wheellock or flintlock)");
inline constexpr Field kFirearmType = report::vocab::kFirearmType.as("Type", "its type (musket, pistol...)");
inline constexpr Field kBore = report::vocab::kBore.as("Bore", "smoothbore or rifled");
inline constexpr Field kCostGp{"cost_gp", "Cost gp", Kind::amount, "gp",
                               "its price, or null where the book gives none"};
inline constexpr Field kEra = report::vocab::kEraPrinted.as("Era", "the era it belongs to, as printed");
inline constexpr Field kCatalogueRanges{"ranges_shown", "Short / medium / long", Kind::text, "",
                                        "the ranges with their penalties as printed"};
inline constexpr Field kPenaltyShort{"penalty_short", "Short penalty", Kind::integer, "", "the penalty at short range"};
inline constexpr Field kPenaltyMedium{"penalty_medium", "Medium penalty", Kind::integer, "",
                                      "the penalty at medium range"};
inline constexpr Field kPenaltyLong{"penalty_long", "Long penalty", Kind::integer, "", "the penalty at long range"};
inline constexpr Field kIgnoresArmorShort{"ignores_armor_short", "Ignores armour, short", Kind::boolean, "",
                                          "a hit at short range ignores points of armour"};
inline constexpr Field kIgnoresArmorMedium{"ignores_armor_medium", "Ignores armour, medium", Kind::boolean, "",
                                           "a hit at medium range ignores points of armour"};
inline constexpr Field kIgnoresArmorLong{"ignores_armor_long", "Ignores armour, long", Kind::boolean, "",
                                         "a hit at long range ignores points of armour"};
inline constexpr Field kReloadShown{"reload", "Reload D/U/style", Kind::text, "", "the reload times as printed"};
inline constexpr Field kReloadDrilled{"reload_drilled", "Reload drilled", Kind::count, "", "rounds to reload, drilled"};
inline constexpr Field kReloadUndrilled{"reload_undrilled", "Reload undrilled", Kind::count, "",
                                        "rounds to reload, undrilled"};
inline constexpr Field kReloadFightingStyle{"reload_fighting_style", "Reload with the style", Kind::count, "",
                                            "rounds to reload with Fighting Style (Firearms), or null"};
inline constexpr Field kMisfireShown{"misfire", "Misfire dry/damp/wet", Kind::text, "",
                                     "the misfire chances as printed"};
inline constexpr Field kMisfireDryPct{"misfire_dry_pct", "Misfire dry", Kind::amount, "%", "the chance in dry weather"};
inline constexpr Field kMisfireDampPct{"misfire_damp_pct", "Misfire damp", Kind::amount, "%",
                                       "the chance in damp weather"};
inline constexpr Field kMisfireWetPct{"misfire_wet_pct", "Misfire wet", Kind::amount, "%", "the chance in wet weather"};
inline constexpr Field kEncumbranceShown{"encumbrance_shown", "Enc", Kind::text, "", "its encumbrance as printed"};
inline constexpr Field kEncumbrance{"encumbrance", "Encumbrance", Kind::count, "", "its encumbrance"};
inline constexpr Field kEncumbranceUnit{"encumbrance_unit", "Encumbrance unit", Kind::text, "",
                                        "what it counts (stone, item)"};

// ---- broadside (Baggins Wood Cannons)
inline constexpr Field kGroup{
    "cannon_group", "Group", Kind::count, "", "the group of up to five cannon of one type, from 1", "", false};
inline constexpr Field kCannon{"cannon_in_group", "Cannon", Kind::count, "",
                               "the cannon of the group, or null with --dice"};
inline constexpr Field kDice{"dice", "Dice", Kind::count, "", "the dice it throws"};
inline constexpr Field kRerolls{"rerolls", "Re-rolls", Kind::count, "", "the \"+n\" re-rolls"};
inline constexpr Field kExpectedValue{"expected_value", "Expected value played for", Kind::number, "",
                                      "the expected value of what the re-rolls are played for"};
inline constexpr Field kHandName{"hand_name", "Hand", Kind::text, "", "the hand as the book names it"};
inline constexpr Field kHand{"hand",
                             "Hand",
                             Kind::enumerated,
                             "",
                             "the best hand thrown",
                             "poker|four-of-a-kind|straight|full-house|three-of-a-kind|two-pair|pair|none",
                             false};
inline constexpr Field kBroadsideRangeBand{"range_band", "Band",           Kind::enumerated,
                                           "",           "the range band", "long|short|point-blank"};
inline constexpr Field kExpectedPoints{"expected_points", "Expected points", Kind::number, "",
                                       "the expected structural damage of the broadside"};
inline constexpr Field kPKnockdowns{"p_knockdowns", "P(knockdowns)", Kind::probability, "", "n knockdowns"};
inline constexpr Field kPWounds{"p_wounds", "P(wounds)", Kind::probability, "", "n wounds"};
inline constexpr Field kPKnockdownsAfter{"p_knockdowns_after_saves", "P(knockdowns) after saves", Kind::probability, "",
                                         "n knockdowns after saves"};
inline constexpr Field kPWoundsAfter{"p_wounds_after_saves", "P(wounds) after saves", Kind::probability, "",
                                     "n wounds after saves"};
inline constexpr Field kCasualty{"casualty",
                                 "Casualty",
                                 Kind::enumerated,
                                 "",
                                 "which casualties are counted, before or after saves",
                                 "knockdowns|wounds|knockdowns-after-saves|wounds-after-saves",
                                 false};
inline constexpr Field kSpecialEffect{
    "special_effect",
    "Effect",
    Kind::enumerated,
    "",
    "the special effect",
    "door-breached|gate-breached|mast-or-rigging-badly-damaged|dismasted|fire-breaks-out",
    false};
inline constexpr Field kRule{"rule", "Rule", Kind::text, "", "the rule that gives it"};
inline constexpr const Field& kTargetEffect = report::vocab::kTargetEffect;
inline constexpr Field kWeight{
    "weight", "Weight", Kind::enumerated, "", "the cannon type (--weight), or null", "light|medium|heavy"};
inline constexpr Field kCannonCount = report::vocab::kCannon.as("Cannon", "the cannon firing (--cannon), or null");
inline constexpr Field kDiceModifiers{"dice_modifiers", "Dice modifiers", Kind::text, "",
                                      "the dice modifiers in force (keys of the book's list, joined by ', ')"};
inline constexpr Field kDiceModifier{"dice_modifier", "Dice modifier", Kind::integer, "", "their sum"};
inline constexpr Field kModifiersOn{
    "modifiers_on", "Modifiers on", Kind::enumerated, "", "what they act on (--modifiers-on)", "pool|dice"};
inline constexpr Field kRerollMode{"reroll_mode", "Re-roll mode", Kind::enumerated, "", "the re-rolls (--reroll-mode)",
                                   "once|rounds"};
inline constexpr Field kPlay{"play",
                             "Play",
                             Kind::enumerated,
                             "",
                             "what the re-rolls are played for (--play)",
                             "structural|casualties|rank|pair|two-pair|three-of-a-kind|full-house|straight|"
                             "four-of-a-kind|poker"};
inline constexpr Field kPlayMaximises{"play_maximises", "Played to maximise", Kind::text, "", "the same in words"};
inline constexpr Field kEffectiveRangeBand{"effective_range_band",
                                           "Effective band",
                                           Kind::enumerated,
                                           "",
                                           "the band the results table is read at (raking reads one closer)",
                                           "long|short|point-blank"};
inline constexpr Field kAmmo{
    "ammo", "Ammunition", Kind::enumerated, "", "the ammunition (--ammo)", "round|chain|canister"};
inline constexpr Field kAimHigh{"aim_high", "Aim high", Kind::boolean, "", "aiming high at masts and rigging"};
inline constexpr Field kBroadsideCover{
    "cover", "Cover", Kind::enumerated, "", "the casualties' cover (--cover)", "none|good|strong"};
inline constexpr Field kStructuralMean{"structural_mean", "Mean structural damage", Kind::number, "",
                                       "the mean points lost at the band, or null without a band"};
inline constexpr Field kSaveClass{"save_class", "Save class",           Kind::enumerated,
                                  "",           "the casualties' save", "ordinary|officer|captain"};
inline constexpr Field kSaveMinRoll{"save_min_roll", "Save roll", Kind::integer, "", "the d6 roll that saves"};
inline constexpr Field kSaveModifier{"save_modifier", "Save modifier", Kind::integer, "", "the modifier to it"};
inline constexpr Field kPCasualtySave{"p_casualty_save", "P(save)", Kind::probability, "", "a figure saves"};
inline constexpr Field kMeanKnockdowns{"mean_knockdowns", "Mean knockdowns", Kind::number, "",
                                       "the mean knockdowns before saves"};
inline constexpr Field kMeanWounds{"mean_wounds", "Mean wounds", Kind::number, "", "the mean wounds before saves"};
inline constexpr Field kMeanKnockdownsAfter{"mean_knockdowns_after_saves", "Mean knockdowns after saves", Kind::number,
                                            "", "the mean knockdowns after saves"};
inline constexpr Field kMeanWoundsAfter{"mean_wounds_after_saves", "Mean wounds after saves", Kind::number, "",
                                        "the mean wounds after saves"};
inline constexpr Field kMeanFireDamage{"mean_fire_damage", "Mean fire damage", Kind::number, "",
                                       "the mean damage of an unchecked fire per fires phase"};
inline constexpr Field kPGunEliminated{"p_gun_eliminated", "P(gun eliminated)", Kind::probability, "",
                                       "fancy shooting: the cannon targeted is eliminated"};
inline constexpr Field kPGunEliminatedStrongCover{"p_gun_eliminated_strong_cover", "P(gun eliminated, strong cover)",
                                                  Kind::probability, "", "the same in strong cover"};
inline constexpr Field kCrewSaveWounds{"crew_save_wounds", "Crew save wounds", Kind::count, "",
                                       "the wounds its crew must save against"};
inline constexpr Field kTargetPoints{"target_points", "Target points", Kind::count, "",
                                     "the target's ship or strength points (--target-points), or null"};
inline constexpr Field kTargetGuns{"target_guns", "Target cannon", Kind::count, "",
                                   "cannon aboard the target (--target-guns), or null"};
inline constexpr Field kMeanCannonLost{"mean_cannon_lost", "Mean cannon lost", Kind::number, "",
                                       "the mean cannon the target loses, or null"};
inline constexpr Field kCrew{"crew", "Crew", Kind::count, "", "figures manning each cannon or the gun, or null"};
inline constexpr Field kFiresEveryTurns{"fires_every_turns", "Fires every", Kind::count, "",
                                        "it fires once every n turns"};

// ---- turns to a result: shots or broadsides until a structure's or a ship's points are gone
inline constexpr Field kStrikes{"strikes",
                                "Strikes",
                                Kind::enumerated,
                                "",
                                "the shots that strike the target (a structure, a hero): direct hits only, or close "
                                "hits too",
                                "direct-hits|direct-and-close-hits",
                                false};
inline constexpr const Field& kPointsNeeded = report::vocab::kPointsNeeded;
inline constexpr const Field& kMeanTurns = report::vocab::kMeanTurns;
inline constexpr const Field& kSdTurns = report::vocab::kSdTurns;
inline constexpr const Field& kMedianTurns = report::vocab::kMedianTurns;
inline constexpr const Field& kQ95Turns = report::vocab::kQ95Turns;
inline constexpr const Field& kCertainBy = report::vocab::kCertainBy;
inline constexpr const Field& kSettledBy = report::vocab::kSettledBy;
inline constexpr const Field& kFired = report::vocab::kFired;

// ---- arquebus and dowel (Chainmail Gunpowder)
inline constexpr Field kSystem{
    "system", "System", Kind::enumerated, "", "the arquebus rules (--system)", "accuracy|attack-dice"};
inline constexpr Field kMen{"men", "Men", Kind::count, "", "figures firing (--men)"};
inline constexpr Field kRangeIn{"range_in", "Range", Kind::amount, "in", "the range (--range-in)"};
inline constexpr Field kArquebusCover{
    "cover", "Cover", Kind::enumerated, "", "the target's hard cover (--cover)", "none|half|over-half"};
inline constexpr Field kDistanceBandShown{"distance_band_shown", "Band", Kind::text, "", "the distance band as shown"};
inline constexpr Field kDistanceBand{"distance_band", "Band", Kind::text, "",
                                     "the distance band of the table, as printed"};
inline constexpr Field kDistanceBandFromIn{"distance_band_from_in", "Band from", Kind::amount, "in",
                                           "where the band begins"};
inline constexpr Field kDistanceBandToIn{"distance_band_to_in", "Band to", Kind::amount, "in", "where the band ends"};
inline constexpr Field kScoreToHit{"score_to_hit", "Score to hit", Kind::text, "", "the scores that hit, as shown"};
inline constexpr Field kMinScore{"min_score", "Lowest score", Kind::count, "", "the die's lowest score that hits"};
inline constexpr Field kAccuracyDie{"accuracy_die", "Accuracy die", Kind::count, "", "the sides of the accuracy die"};
inline constexpr Field kDieModifier{"modifier", "Modifier to the die", Kind::integer, "",
                                    "the modifier to the die (cover, rested)"};
inline constexpr Field kNeeded{"needed", "Natural roll needed", Kind::integer, "", "the natural roll needed"};
inline constexpr Field kPHitPerMan{"p_hit", "P(hit) per man", Kind::probability, "", "a man hits (a hit kills)"};
inline constexpr Field kMeanKills{"mean_kills", "Mean kills", Kind::number, "", "the mean kills per volley"};
inline constexpr Field kRateOfFire{"rate_of_fire", "Rate of fire", Kind::text, "", "the rate of fire as shown"};
inline constexpr Field kEveryTurns{"every_turns", "Every", Kind::count, "", "it fires once every n turns"};
inline constexpr Field kRateAs{"rate_as", "As", Kind::text, "", "the troops or engine it is treated as"};
inline constexpr Field kTurns{"turns", "Turns", Kind::count, "", "the turns counted (--turns)"};
inline constexpr Field kLoaded{"loaded", "Loaded", Kind::boolean, "", "loaded at the start: fires in turn 1"};
inline constexpr Field kVolleys{"volleys", "Volleys", Kind::count, "", "volleys fired in the turns counted"};
inline constexpr Field kMeanKillsInTurns{"mean_kills_in_turns", "Mean kills in the turns", Kind::number, "",
                                         "the mean kills over the turns, or null for one turn"};
inline constexpr Field kAr{"ar", "AR", Kind::integer, "", "the target's armour rating (--ar)"};
inline constexpr Field kArPenalty{"ar_penalty", "AR penalty", Kind::integer, "", "the penalty to AR at the band"};
inline constexpr Field kEffectiveAr{"effective_ar", "Effective AR", Kind::integer, "", "the AR less the penalty"};
inline constexpr Field kPTargetHit{"p_target_hit", "P(hit on the target) per die", Kind::probability, "",
                                   "an attack die hits the target"};
inline constexpr Field kPSelfHit{"p_self_hit", "P(self-hit) per die", Kind::probability, "",
                                 "an attack die hits the firing unit"};
inline constexpr Field kMeanTargetHits{"mean_target_hits", "Mean hits on the target", Kind::number, "",
                                       "the mean hits on the target per volley"};
inline constexpr Field kMeanSelfHits{"mean_self_hits", "Mean self-hits", Kind::number, "",
                                     "the mean self-hits per volley"};
inline constexpr Field kMeanTargetHitsInTurns{"mean_target_hits_in_turns", "Mean hits in the turns", Kind::number, "",
                                              "the mean hits on the target over the turns, or null"};
inline constexpr Field kMeanSelfHitsInTurns{"mean_self_hits_in_turns", "Mean self-hits in the turns", Kind::number, "",
                                            "the mean self-hits over the turns, or null"};
inline constexpr Field kSection{"section", "Section", Kind::count, "", "the section's place along the dowel",
                                "",        false};
inline constexpr Field kColourShown{"colour_shown", "Colour", Kind::text, "", "its colour and place among them"};
inline constexpr Field kColour{"colour", "Colour", Kind::enumerated, "", "its colour", "white|black"};
inline constexpr Field kColourOrdinal{"colour_ordinal", "Of the colour", Kind::count, "",
                                      "its place among the sections of its colour"};
inline constexpr Field kFromIn{"from_in", "From", Kind::amount, "in", "where it begins, from the muzzle"};
inline constexpr Field kToIn{"to_in", "To", Kind::amount, "in", "where it ends, from the muzzle"};
inline constexpr Field kOnTargetIn{"on_target_in", "On the target", Kind::amount, "in",
                                   "its length over the target (short of where the ball stops)"};
inline constexpr Field kObstacle{"obstacle", "#", Kind::count, "", "the obstacle (1 = the first given)", "", false};
inline constexpr Field kObstacleKind{"kind", "Kind", Kind::enumerated, "", "the terrain", "feature|man-high|water"};
inline constexpr Field kStopsAtIn{"stops_at_in", "Stops the straight shot at", Kind::amount, "in",
                                  "where the ball stops, or null"};
inline constexpr Field kClass{"class", "Class", Kind::text, "", "the cannon class as the book names it", "", false};
inline constexpr Field kClassRangeIn{"range_in", "Range", Kind::amount, "in", "its range: the dowel's length"};
inline constexpr Field kIndirectFire{"indirect_fire", "Indirect fire", Kind::boolean, "", "it may fire indirectly"};
inline constexpr Field kFace{"face", "Face", Kind::count, "", "the variation die's face", "", false};
inline constexpr Field kOffsetIn{"offset_in", "Offset", Kind::number, "in",
                                 "the sideways shift of the dowel's end (--offsets)"};
inline constexpr Field kGun{"gun", "Gun", Kind::enumerated, "", "the gun (--gun)", "light|heavy|bombard"};
inline constexpr Field kClassName{"class_name", "Class", Kind::text, "", "the gun's class as the book names it"};
inline constexpr Field kDowelClassRangeIn{"class_range_in", "Class range", Kind::amount, "in",
                                          "the class's range: the dowel's length"};
inline constexpr Field kCall{"call", "Call", Kind::enumerated, "", "the colour called (--call)", "white|black"};
inline constexpr Field kMeasure{"measure",
                                "Measure",
                                Kind::enumerated,
                                "",
                                "the distance is to the target's centre or near-edge (--measure)",
                                "centre|near-edge"};
inline constexpr Field kNearIn{"near_in", "Near edge", Kind::amount, "in", "the target's near edge, from the muzzle"};
inline constexpr Field kFarIn{"far_in", "Far edge", Kind::amount, "in", "the target's far edge, from the muzzle"};
inline constexpr Field kStraightOnTargetIn{"straight_on_target_in", "Straight shot on the target", Kind::amount, "in",
                                           "the called colour's length on the target, straight shot"};
inline constexpr Field kStraightFace{"straight_face", "Straight face", Kind::count, "",
                                     "the variation die's face that leaves the shot straight"};
inline constexpr Field kPStraight{"p_straight", "P(straight)", Kind::probability, "", "the shot goes straight"};
inline constexpr Field kMeanOnTargetIn{"mean_on_target_in", "Mean on the target", Kind::amount, "in",
                                       "the mean length over the target over the faces, or null without --offsets"};
inline constexpr Field kPAnyOnTarget{"p_any_on_target", "P(any on the target)", Kind::probability, "",
                                     "some of the called colour is on the target, or null without --offsets"};
inline constexpr Field kLevelFlight{"level_flight",
                                    "Level flight",
                                    Kind::enumerated,
                                    "",
                                    "the section under which water does not stop the ball (--level-flight)",
                                    "first-white|first-called"};
inline constexpr Field kStoppedAtIn{"stopped_at_in", "Stopped at", Kind::amount, "in",
                                    "where the straight shot's ball stops, or null"};
inline constexpr Field kStoppedBy{"stopped_by", "Stopped by", Kind::count, "",
                                  "the obstacle that stops it (1 = the first given), or null"};

}  // namespace gunpowder::fire_app::fields
