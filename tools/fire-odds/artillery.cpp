// artillery.cpp - fire-odds artillery: the options of one gunpowder artillery shot (seed 000)
// and its report; the shot itself is fire::artillery_shot.
#include <CLI/CLI.hpp>
#include <algorithm>

#include "common/provenance.hpp"
#include "fire-odds/choice.hpp"
#include "fire-odds/fields.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/fire/fire_artillery.hpp"

namespace gunpowder::fire_app {

using artillery::FireMode;
using fire::ArtilleryShot;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {
// The dice a chance is counted over (--fractions): a save's d20, and the attack throw's d20 with
// the second d20 after a misfire.
constexpr std::uint64_t kSaveDie = fire::kD20;
constexpr std::uint64_t kAttackDice = kSaveDie * kSaveDie;


// The naturals of the d20 that give one result of the attack throw, ascending.
std::vector<int> naturals_of(const fire::AttackResultRules& r, const std::string& kind, int target, fire::Exceed e) {
  std::vector<int> out;
  for (int n = 1; n <= fire::kD20; ++n)
    if (fire::classify_natural(r, n, target, e) == kind) out.push_back(n);
  return out;
}

// "2-10", "20", "1, 20" or "-": ascending naturals as runs.
std::string runs_text(const std::vector<int>& naturals) {
  std::string out;
  for (size_t i = 0; i < naturals.size();) {
    size_t j = i;
    while (j + 1 < naturals.size() && naturals[j + 1] == naturals[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(naturals[i]) +
           (j > i ? "-" + std::to_string(naturals[j]) : std::string());
    i = j + 1;
  }
  return out.empty() ? "-" : out;
}

std::string ranges(const artillery::Characteristics& c) {
  return trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd);
}

std::string throw_source(const ArtilleryShot& s) { return s.throw_given ? "given" : s.crew + " crew"; }

/// Over the shots fired (the distribution is conditional on firing: fire::impact_distance).
double mean_impact_yd(const ArtilleryShot& s) { return s.impact.mean(); }

namespace f = fields;
using report::Cell;
using report::Shown;

const report::TableSpec& attack_spec() {
  static const report::TableSpec s =
      scenario_spec("attack", "Attack", "the attack throw of one gunpowder artillery shot",
                    {{f::kPiece, Shown::programs},
                     {f::kPieceType, Shown::programs},
                     {f::kShotLb, Shown::programs},
                     {f::kCharacteristicsSource, Shown::programs},
                     {f::kRangeYd, Shown::programs},
                     {f::kRanges, Shown::people},
                     {f::kRangeShortYd, Shown::programs},
                     {f::kRangeMediumYd, Shown::programs},
                     {f::kRangeLongYd, Shown::programs},
                     f::kArtilleryRangeBand,
                     f::kFireMode,
                     {f::kVeteran, Shown::programs},
                     f::kAttackThrow,
                     f::kRangeModifier,
                     f::kPlungingModifier,
                     f::kArtilleristsModifier,
                     f::kOtherModifier,
                     f::kTarget,
                     {f::kExceed, Shown::programs},
                     {f::kPSuccess, Shown::programs},
                     {f::kDirectionDie, Shown::programs},
                     {f::kScatterMultiplierYd, Shown::programs},
                     {f::kMeanImpactDistanceYd, Shown::programs}})
          .as_record("Figure", true, "Value", "Rule");
  return s;
}

const report::TableSpec& results_spec() {
  static const report::TableSpec s =
      scenario_spec("results-of-the-attack-throw",
                    "Results of the attack throw (Guns of War, Attacking with Gunpowder Artillery, p. 16)",
                    "one result of the attack throw",
                    {f::kResult,
                     {f::kNaturals, Shown::people},
                     {f::kNaturalMin, Shown::programs},
                     {f::kNaturalMax, Shown::programs},
                     f::kP,
                     f::kEffect});
  return s;
}

const report::DistributionSpec& close_hit_spec() {
  static const report::DistributionSpec s = dist_spec("close-hit", "Close hit: distance in yards", f::kDistanceYd);
  return s;
}

const report::DistributionSpec& scatter_spec() {
  static const report::DistributionSpec s = dist_spec("scatter", "Scatter: distance in yards", f::kDistanceYd);
  return s;
}

// The distributions too long for a terminal (12d10 has 111 values): for programs, and for people
// with --table NAME; the text shows their summary.
const report::DistributionSpec& impact_spec() {
  static const report::DistributionSpec s = dist_spec(
      "impact-distance", "Distance of the impact point from the aim point (shots fired)", f::kDistanceYd, {}, false);
  return s;
}

const report::DistributionSpec& damage_dist_spec() {
  static const report::DistributionSpec s =
      dist_spec("damage-distribution", "Damage of one shot", f::kDamagePoints, {}, false);
  return s;
}

const report::DistributionSpec& crew_damage_spec() {
  static const report::DistributionSpec s =
      dist_spec("discharge-crew-damage", "Accidental discharge: the damage of a crew member who fails his save",
                f::kHpLost, {}, false);
  return s;
}

const report::DistributionSpec& creature_damage_spec() {
  static const report::DistributionSpec s = dist_spec(
      "creature-damage", "A creature in the area of effect: hit points lost", f::kHpLost, {f::kStruckBy}, false);
  return s;
}

const report::DistributionSpec& hero_damage_spec() {
  static const report::DistributionSpec s =
      dist_spec("hero-damage", "Damage versus heroes: hit points lost", f::kHpLost, {f::kStruckBy}, false);
  return s;
}

const report::TableSpec& damage_spec() {
  static const report::TableSpec s =
      scenario_spec("damage", "Damage", "the damage of one shot, and what it does to a structure",
                    {f::kDamage,
                     {f::kDamageMean, Shown::programs},
                     {f::kAreaOfEffect, Shown::people},
                     {f::kAoeWidthFt, Shown::programs},
                     {f::kAoeFt, Shown::programs},
                     {f::kAoeShape, Shown::programs},
                     f::kShrapnelRadiusFt,
                     {f::kTargetAc, Shown::programs},
                     f::kStructuralSave,
                     f::kPStructuralSave,
                     f::kExpectedShpDirectHits,
                     f::kExpectedShpWithCloseHits,
                     {f::kCrewDamage, Shown::programs},
                     {f::kCrewDamageMean, Shown::programs},
                     {f::kPieceDamagedShpFraction, Shown::programs}})
          .as_record("Figure", true, "Value", "Rule");
  return s;
}

const report::TableSpec& creature_spec() {
  static const report::TableSpec s = scenario_spec(
      "a-creature-in-the-area-of-effect", "A creature in the area of effect", "with --save: a creature struck one way",
      {f::kStruckBy,
       f::kPSave,
       f::kPDamaged,
       f::kMeanDamage,
       f::kSaveEffect,
       {f::kCreatureSave, Shown::programs},
       {f::kArtilleryCover, Shown::programs},
       {f::kCoverBonus, Shown::programs}});
  return s;
}

const report::TableSpec& unit_spec() {
  static const report::TableSpec s =
      scenario_spec("damage-versus-units", "Damage versus units",
                    "with --unit-save: damage versus units (Guns of War, Gunpowder Artillery Attacks)",
                    {{f::kTroops, Shown::programs},
                     f::kTroopsCounted,
                     f::kHd,
                     f::kTableUhp,
                     {f::kEnfilade, Shown::people},
                     {f::kUhp, Shown::programs},
                     {f::kUnitSaveShown, Shown::people},
                     {f::kUnitSave, Shown::programs},
                     {f::kFortifiedBonus, Shown::programs},
                     {f::kPUnitSave, Shown::programs},
                     {f::kDirectHitUhp, Shown::people},
                     {f::kUhpSavedDirectHit, Shown::programs},
                     {f::kOtherHitUhp, Shown::people},
                     {f::kUhpSavedCloseHitOrScatter, Shown::programs},
                     {f::kMeanUhpDirectHit, Shown::programs},
                     {f::kMeanUhpCloseHitOrScatter, Shown::programs}})
          .as_record("Figure", true, "Value", "Rule");
  return s;
}

const report::DistributionSpec& unit_damage_spec() {
  static const report::DistributionSpec s =
      dist_spec("unit-damage", "Damage versus units: uhp lost", f::kUhpLost, {f::kStruckBy}, false);
  return s;
}

const report::TableSpec& hero_spec() {
  static const report::TableSpec s = scenario_spec("damage-versus-heroes", "Damage versus heroes",
                                                   "with --hero-save: a hero in the hex struck one way",
                                                   {{f::kStruckBy, "Hex struck by"},
                                                    f::kSaveNeeded,
                                                    f::kPSave,
                                                    f::kMeanDamage,
                                                    {f::kHeroSave, Shown::programs},
                                                    {f::kHeroFortified, Shown::programs}});
  return s;
}

// With --target-shp: the shots until the structure's shp are gone, under either reading of what
// strikes it, and their distributions (for programs, and people with --distributions).
const report::TableSpec& shots_spec() {
  static const report::TableSpec s = scenario_spec(
      "shots-to-destroy", "Shots to destroy",
      "with --target-shp: the shots until the structure's shp are gone, under one reading of what strikes it",
      turns_fields(f::kStrikes));
  return s;
}

const report::DistributionSpec& shots_dist_spec() {
  static const report::DistributionSpec s =
      dist_spec("shots-distribution", "Shots until the structure's shp are gone", f::kFired, {f::kStrikes}, false);
  return s;
}

// With --hero-hp (and --hero-save): the shots of this piece until the hero's hit points are gone,
// under either reading of what strikes, and their distributions.
const report::TableSpec& hero_shots_spec() {
  static const report::TableSpec s = scenario_spec(
      "shots-to-bring-down-hero", "Shots to bring down the hero",
      "with --hero-hp: the shots until the hero's hit points are gone, under one reading of what strikes the hero",
      turns_fields(f::kStrikes));
  return s;
}

const report::DistributionSpec& hero_shots_dist_spec() {
  static const report::DistributionSpec s = dist_spec("hero-shots-distribution", "Shots until the hero's hit points are gone",
                                                      f::kFired, {f::kStrikes}, false);
  return s;
}

// The house rule behind any of the three ranges, else `plain`: the range band is read from them.
std::string ranges_source(const artillery::Characteristics& c, const std::string& plain) {
  for (const char* k : {"range_short_yd", "range_medium_yd", "range_long_yd"})
    if (c.source_of(k) != c.source) return std::string(c.source_of(k));
  return plain;
}

Cell roll_cell(int n) { return report::cell::shown_as(std::to_string(n) + "+", n); }
Cell modifier_cell(int v) { return report::cell::shown_as(signed_str(v), v); }

void add_piece(Table& t, const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  const artillery::Characteristics& c = s.design.effective;
  program_figure(t, f::kPiece, s.design.name);
  program_figure(t, f::kPieceType, artillery::to_string(s.type));
  program_figure(t, f::kShotLb, report::cell::trimmed(s.shot_lb, 12));
  program_figure(t, f::kCharacteristicsSource, std::string(c.source));
  program_figure(t, f::kRangeYd, report::cell::trimmed(s.range_yd, 12));
  const std::string src = std::string(c.source) == "book" ? R.catalogue->sources.characteristics : "design formulas";
  // A range a house rule changed says so (artillery::Characteristics::ruled), and so do the
  // ranges shown together.
  auto range_src = [&](std::string_view key) {
    return c.source_of(key) == c.source ? src : std::string(c.source_of(key));
  };
  t.add_figure(f::kRanges, ranges(c) + " yd", ranges_source(c, src));
  t.add_figure(f::kRangeShortYd, report::cell::trimmed(c.range_short_yd, 12), range_src("range_short_yd"));
  t.add_figure(f::kRangeMediumYd, report::cell::trimmed(c.range_medium_yd, 12), range_src("range_medium_yd"));
  t.add_figure(f::kRangeLongYd, report::cell::trimmed(c.range_long_yd, 12), range_src("range_long_yd"));
}

Table attack_table(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  const fire::AttackSetup& a = s.attack;
  Table t(attack_spec());
  t.title = "Attack: " + s.design.name + " at " + trim(s.range_yd, 2) + " yd";
  add_piece(t, R, s);
  const std::string band_src = ranges_source(s.design.effective, "");
  t.add_figure(f::kArtilleryRangeBand, artillery::to_string(s.bracket),
               band_src.empty() || s.bracket_source != "table" ? s.bracket_source : band_src);
  t.add_figure(f::kFireMode, artillery::to_string(s.mode), s.mode_source);
  program_figure(t, f::kVeteran, report::cell::boolean(s.crew == "veteran"));
  t.add_figure(f::kAttackThrow, roll_cell(a.base_throw), throw_source(s));
  // A modifier the shot does not have is shown to programs only (as 0).
  auto modifier = [&](const report::Field& field, int v, const std::string& note) {
    if (v)
      t.add_figure(field, modifier_cell(v), note);
    else
      program_figure(t, field, modifier_cell(v), note);
  };
  t.add_figure(f::kRangeModifier, modifier_cell(a.range_mod), "Range, p. 14");
  modifier(f::kPlungingModifier, a.plunging_mod, "Plunging Fire, p. 17");
  modifier(f::kArtilleristsModifier, a.shortage_mod, "Crew, p. 14");
  modifier(f::kOtherModifier, a.other_mod, "given");
  const bool meet = s.exceed == fire::Exceed::meet;
  t.add_figure(f::kTarget, roll_cell(s.target), meet ? "meet or beat" : "strictly above");
  program_figure(t, f::kExceed, meet ? "meet" : "strictly");
  program_figure(t, f::kPSuccess, pct_cell(s.odds.p_success, kAttackDice));
  program_figure(t, f::kDirectionDie, std::to_string(s.scatter.direction_sides));
  program_figure(t, f::kScatterMultiplierYd, std::to_string(s.scatter.multiplier_yd));
  program_figure(t, f::kMeanImpactDistanceYd, report::cell::trimmed(mean_impact_yd(s), 12));
  return t;
}

Table results_table(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  const fire::AttackOdds& odds = s.odds;
  const fire::ScatterOdds& sc = s.scatter;
  const fire::AttackResultRules& rr = R.results;
  Table res(results_spec());
  align(res, f::kNaturals, report::Align::right);
  // The naturals as shown ("2-10", "-"), and the lowest and highest of them.
  auto add = [&](const std::string& shown_result, const std::string& result, const std::vector<int>& nat,
                 const std::string& shown, double p, const std::string& effect) {
    const Cell none = report::cell::none();
    res.add_row({Cell(shown_result, result), shown, nat.empty() ? none : report::cell::shown_as(shown, nat.front()),
                 nat.empty() ? none : report::cell::shown_as(shown, nat.back()), pct_cell(p, kAttackDice), effect});
  };
  auto row = [&](const char* shown_result, const char* result, const char* kind, double p, const std::string& effect) {
    const std::vector<int> nat = naturals_of(rr, kind, s.target, s.exceed);
    add(shown_result, result, nat, runs_text(nat), p, effect);
  };
  row("direct hit", "direct-hit", "direct", odds.p_direct_hit, "hits the impact point; saves halve, structures save");
  row("close hit", "close-hit", "close", odds.p_close_hit,
      dice_text(R.scatter.close_hit_dice, R.scatter.close_hit_die_sides) + " yd away; saves avoid");
  row("scatter", "scatter", "scatter", odds.p_scatter,
      dice_text(R.scatter.scatter_dice, R.scatter.scatter_die_sides) + " x " + std::to_string(sc.multiplier_yd) +
          " yd away, as a close hit");
  row("misfire", "misfire", "misfire", odds.p_misfire, "roll again");
  // After a misfire, a second unmodified roll: the data's discharge natural is an accidental
  // discharge, any other a wasted shot (Guns of War, Attacking with Gunpowder Artillery).
  std::vector<int> wasted, discharge;
  for (int n = 1; n <= fire::kD20; ++n) (n == rr.discharge_natural ? discharge : wasted).push_back(n);
  add("  shot wasted", "shot-wasted", wasted, "then " + runs_text(wasted), odds.p_wasted, "no other effect");
  add("  accidental discharge", "accidental-discharge", discharge, "then " + runs_text(discharge), odds.p_discharge,
      "crew save or " + dice_text(rr.discharge_crew_dice, rr.discharge_crew_die_sides) + "; piece saves or is damaged");
  res.notes.push_back("direction of a close hit or scatter: 1d" + std::to_string(sc.direction_sides) +
                      " as a clock face, 6 o'clock towards the piece, each 1/" + std::to_string(sc.direction_sides));
  res.notes.push_back(
      "mean distance of the impact point from the aim point (shots fired): " + trim(mean_impact_yd(s), 2) + " yd");
  return res;
}

// What an accidental powder discharge does (Guns of War, Attacking with Gunpowder Artillery).
void add_discharge(Table& dm, const fire::ArtilleryRules& R) {
  const fire::AttackResultRules& rr = R.results;
  const dice::Dist crew_damage = dice::Dist::sum(rr.discharge_crew_dice, rr.discharge_crew_die_sides);
  program_figure(dm, f::kCrewDamage, dice_text(rr.discharge_crew_dice, rr.discharge_crew_die_sides));
  program_figure(dm, f::kCrewDamageMean, report::cell::trimmed(crew_damage.mean(), 12));
  program_figure(dm, f::kPieceDamagedShpFraction, report::cell::trimmed(rr.discharge_piece_shp_fraction, 12));
}

Table damage_table(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  const artillery::Characteristics& c = s.design.effective;
  Table dm(damage_spec());
  // A house-ruled damage (or area of effect) says so, and so do the figures computed from it.
  const std::string_view dice_src = c.source_of("damage_dice");
  const std::optional<std::string> dice_rule =
      dice_src == c.source ? std::nullopt : std::optional<std::string>(dice_src);
  // A book piece's area of effect is the book's; a reduced charge's is read from its damage.
  const std::optional<std::string> aoe_rule = c.source_of("aoe_ft") != c.source
                                                  ? std::optional<std::string>(c.source_of("aoe_ft"))
                                                  : (s.design.powder_used_lb ? dice_rule : std::nullopt);
  dm.add_figure(f::kDamage, c.damage(),
                cli::sourced(dice_rule, report::summary_text(report::summarise(report::Distribution::of(s.damage)))));
  program_figure(dm, f::kDamageMean, report::cell::trimmed(s.damage.mean(), 12), cli::sourced(dice_rule, ""));
  if (s.line)  // a line of the piece's width (Guns of War, Area of Effect)
    dm.add_figure(f::kAreaOfEffect, std::to_string(c.aoe_width_ft) + "' x " + std::to_string(c.aoe_ft) + "' line",
                  cli::sourced(aoe_rule, "from the impact point directly away from the piece"));
  else
    dm.add_figure(f::kAreaOfEffect, std::to_string(c.aoe_ft) + "' radius",
                  cli::sourced(aoe_rule, "around the impact point"));
  program_figure(dm, f::kAoeWidthFt, s.line ? Cell(std::to_string(c.aoe_width_ft)) : report::cell::none());
  program_figure(dm, f::kAoeFt, std::to_string(c.aoe_ft), cli::sourced(aoe_rule, ""));
  program_figure(dm, f::kAoeShape, s.line ? "line" : "radius");
  if (s.line)
    dm.add_figure(
        f::kShrapnelRadiusFt,
        report::cell::shown_as(std::to_string(R.results.shrapnel_radius_ft) + "' radius", R.results.shrapnel_radius_ft),
        "normal damage; saves avoid (Shrapnel, p. 17)");
  if (const auto& st = s.structure) {
    program_figure(dm, f::kTargetAc, std::to_string(st->ac));
    dm.add_figure(f::kStructuralSave, roll_cell(st->save_target),
                  std::to_string(R.catalogue->attack.structural_save_base) + " + (" + signed_str(s.attack.range_mod) +
                      ") - AC " + std::to_string(st->ac));
    dm.add_figure(f::kPStructuralSave, pct_cell(st->p_save, kSaveDie), "a success: no damage");
    dm.add_figure(f::kExpectedShpDirectHits,
                  report::cell::shown_as(trim(st->expected_shp_direct, 3), st->expected_shp_direct),
                  cli::sourced(dice_rule, "P(direct) x P(no save) x mean"));
    dm.add_figure(f::kExpectedShpWithCloseHits,
                  report::cell::shown_as(trim(st->expected_shp_with_close, 3), st->expected_shp_with_close),
                  cli::sourced(dice_rule, "when a close hit still lands on it"));
  }
  add_discharge(dm, R);
  return dm;
}

Table creature_table(const fire::ArtilleryRequest& p, const ArtilleryShot& s, const fire::CreatureOdds& co) {
  Table ct(creature_spec());
  ct.title = "A creature in the area of effect (save " + std::to_string(co.save_target) + "+" +
             (co.bonus ? ", +" + std::to_string(co.bonus) + " cover" : "") + ")";
  auto mean = [](double x) { return report::cell::trimmed(x, 2); };
  const std::string save = std::to_string(co.save_target), cover = p.cover.value_or("none"),
                    bonus = std::to_string(co.bonus);
  ct.add_row({Cell("direct hit", "direct-hit"), pct_cell(co.p_save, kSaveDie),
              pct_cell(co.p_damaged_direct, co.damage_direct.denominator()),
              mean(co.mean_damage_direct),
              "halves (rounded " + std::string(s.halving == fire::Halving::down ? "down" : "up") + ")", save, cover,
              bonus});
  ct.add_row({Cell("close hit or scatter", "close-hit-or-scatter"), pct_cell(co.p_save, kSaveDie),
              pct_cell(co.p_damaged_other, co.damage_other.denominator()),
              mean(co.mean_damage_other), "avoids", save, cover, bonus});
  if (s.line)
    ct.add_row({Cell("shrapnel", "shrapnel"), pct_cell(co.p_save, kSaveDie),
                pct_cell(co.p_damaged_other, co.damage_other.denominator()),
                mean(co.mean_damage_other), "avoids", save, cover, bonus});
  return ct;
}

Table unit_table(const fire::ArtilleryRules& R, const fire::ArtilleryRequest& p, const fire::UnitTarget& u) {
  const fire::UnitDamage& ud = u.damage;
  Table ut(unit_spec());
  program_figure(ut, f::kTroops, report::cell::integer(p.troops ? std::optional<long long>(*p.troops) : std::nullopt));
  if (u.troops_counted)
    ut.add_figure(f::kTroopsCounted, report::cell::integer(*u.troops_counted),
                  p.cavalry ? "cavalry: troops doubled" : "as given");
  if (p.hd) ut.add_figure(f::kHd, *p.hd, "column " + std::to_string(u.hd_column.value_or(0)));
  ut.add_figure(f::kTableUhp, std::to_string(u.table_value), u.table_source);
  if (p.enfilade) ut.add_figure(f::kEnfilade, std::to_string(ud.uhp), "doubled (" + R.damage.enfilade_source + ")");
  program_figure(ut, f::kUhp, std::to_string(ud.uhp));
  // The save needed, and the fortified bonus to it when there is one.
  const std::string save_note = "P(save) " + pct(ud.p_save);
  ut.add_figure(f::kUnitSaveShown,
                std::to_string(*p.unit_save) + "+" +
                    (p.fortified ? " with +" + std::to_string(R.damage.unit_fortified_bonus) : ""),
                save_note);
  program_figure(ut, f::kUnitSave, std::to_string(*p.unit_save), save_note);
  program_figure(ut, f::kFortifiedBonus,
                 p.fortified ? Cell(std::to_string(R.damage.unit_fortified_bonus)) : report::cell::none());
  program_figure(ut, f::kPUnitSave, pct_cell(ud.p_save, kSaveDie));
  const std::string direct_note = "mean " + trim(ud.direct.mean(), 3), other_note = "mean " + trim(ud.other.mean(), 3);
  ut.add_figure(f::kDirectHitUhp, std::to_string(ud.uhp) + " / " + std::to_string(ud.uhp_saved_direct), direct_note);
  program_figure(ut, f::kUhpSavedDirectHit, std::to_string(ud.uhp_saved_direct), direct_note);
  ut.add_figure(f::kOtherHitUhp, std::to_string(ud.uhp) + " / " + std::to_string(ud.uhp_saved_other), other_note);
  program_figure(ut, f::kUhpSavedCloseHitOrScatter, std::to_string(ud.uhp_saved_other), other_note);
  program_figure(ut, f::kMeanUhpDirectHit, report::cell::trimmed(ud.direct.mean(), 12));
  program_figure(ut, f::kMeanUhpCloseHitOrScatter, report::cell::trimmed(ud.other.mean(), 12));
  return ut;
}

// The two distributions of a quantity by how the shot lands: after a direct hit, after a close hit or
// scatter (the same as in the shrapnel).
void struck_by_tables(std::vector<Table>& out, const report::DistributionSpec& spec, const dice::Dist& direct,
                      const dice::Dist& other) {
  const std::string title(spec.values().title);
  dist_tables(spec, direct, title + " (direct hit)").set_context(f::kStruckBy, "direct-hit").add_to(out);
  dist_tables(spec, other, title + " (close hit or scatter)")
      .set_context(f::kStruckBy, "close-hit-or-scatter")
      .add_to(out);
}

Table hero_table(const fire::ArtilleryRules& R, const fire::ArtilleryRequest& p, const ArtilleryShot& s,
                 const fire::HeroOdds& h) {
  Table ht(hero_spec());
  // The damage of [rules.hero_damage] shots (the book: one), saved against as one.
  const int shots = R.damage.hero_shots;
  ht.title = "Damage versus heroes (" + (shots == 1 ? std::string("one shot: ") : std::to_string(shots) + " shots of ") +
             s.design.effective.damage() + ")";
  const std::string save = std::to_string(*p.hero_save);
  const Cell fortified = report::cell::boolean(p.hero_fortified);
  ht.add_row({Cell("direct hit", "direct-hit"), roll_cell(h.needed_direct), pct_cell(h.p_save_direct, kSaveDie),
              report::cell::trimmed(h.mean_damage_direct, 2), save, fortified});
  ht.add_row({Cell("close hit or scatter", "close-hit-or-scatter"), roll_cell(h.needed_other), pct_cell(h.p_save_other, kSaveDie),
              report::cell::trimmed(h.mean_damage_other, 2), save, fortified});
  ht.notes.push_back("a save halves a direct hit and avoids the rest; +" +
                     std::to_string(R.damage.hero_fortified_bonus) + " fortified, +" +
                     std::to_string(R.damage.hero_close_or_scatter_bonus) + " after a close hit or scatter");
  return ht;
}

// A turns table's two rows: the shots when only direct hits strike, and when close hits do too.
void strikes_rows(Table& t, const dice::TurnsToReach& direct, const dice::TurnsToReach& with_close) {
  t.add_row(turns_cells(Cell("direct hits only", "direct-hits"), direct));
  t.add_row(turns_cells(Cell("direct and close hits", "direct-and-close-hits"), with_close));
}

Table shots_table(const fire::StructureTarget& st) {
  Table t(shots_spec());
  t.title = "Shots to destroy " + fmtnum::grouped(*st.shp) + " shp (AC " + std::to_string(st.ac) + ")";
  strikes_rows(t, *st.shots_direct, *st.shots_with_close);
  t.notes.push_back("a shot that misses, is saved against or misfires deals nothing; the piece fires on (an "
                    "accidental discharge that damages it is not followed)");
  t.notes.push_back(turns_note({&*st.shots_direct, &*st.shots_with_close}));
  return t;
}

Table hero_shots_table(const fire::HeroOdds& h) {
  Table t(hero_shots_spec());
  t.title = "Shots to bring down a hero of " + fmtnum::grouped(*h.hp) + " hp";
  strikes_rows(t, *h.shots_direct, *h.shots_with_close);
  t.notes.push_back("one piece firing at the hero's hex; a hit takes the hit points of the hero's damage after it "
                    "(after the hero's save); a shot that misses or misfires takes nothing, and the piece fires on");
  t.notes.push_back(turns_note({&*h.shots_direct, &*h.shots_with_close}));
  return t;
}

std::string scatter_title(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  return "Scatter: distance in yards (" + dice_text(R.scatter.scatter_dice, R.scatter.scatter_die_sides) + " x " +
         std::to_string(s.scatter.multiplier_yd) +
         (s.mode == FireMode::plunging ? ", doubled for plunging fire)" : ")");
}

// The shots until `what` is gone under each reading of what strikes (direct hits only, or close
// hits too), as distributions (those the work bound let be made).
void strikes_distributions(std::vector<Table>& out, const report::DistributionSpec& spec, const std::string& what,
                           const dice::TurnsToReach& direct, const dice::TurnsToReach& with_close) {
  for (const auto* r : {&direct, &with_close})
    if (r->distribution_made)
      report::distribution_tables(spec, turns_distribution(*r),
                                  "Shots until " + what + " are gone (" +
                                      (r == &direct ? "direct hits only" : "direct and close hits") + ")")
          .set_context(f::kStrikes, r == &direct ? "direct-hits" : "direct-and-close-hits")
          .add_to(out);
}

// The distributions of the shot that are for programs (and --table), after the tables people see, and
// the note that names them.
void distribution_tables(std::vector<Table>& out, const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  std::vector<std::string> names{"impact-distance", "damage-distribution", "discharge-crew-damage"};
  dist_tables(impact_spec(), s.impact, "").add_to(out);
  dist_tables(damage_dist_spec(), s.damage, "Damage of one shot (" + s.design.effective.damage() + ")").add_to(out);
  const fire::AttackResultRules& rr = R.results;
  dist_tables(crew_damage_spec(), dice::Dist::sum(rr.discharge_crew_dice, rr.discharge_crew_die_sides), "").add_to(out);
  if (s.creatures) {
    struck_by_tables(out, creature_damage_spec(), s.creatures->damage_direct, s.creatures->damage_other);
    names.emplace_back("creature-damage");
  }
  if (s.unit) {
    struck_by_tables(out, unit_damage_spec(), s.unit->damage.direct, s.unit->damage.other);
    names.emplace_back("unit-damage");
  }
  if (s.hero) {
    struck_by_tables(out, hero_damage_spec(), s.hero->damage_direct, s.hero->damage_other);
    names.emplace_back("hero-damage");
  }
  if (s.hero && s.hero->hp) {
    strikes_distributions(out, hero_shots_dist_spec(), "the hero's " + fmtnum::grouped(*s.hero->hp) + " hp",
                          *s.hero->shots_direct, *s.hero->shots_with_close);
    names.emplace_back("hero-shots-distribution");
  }
  if (s.structure && s.structure->shp) {
    strikes_distributions(out, shots_dist_spec(), fmtnum::grouped(*s.structure->shp) + " shp",
                          *s.structure->shots_direct, *s.structure->shots_with_close);
    names.emplace_back("shots-distribution");
  }
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  // People read each damage distribution's summary under the table of its target.
  auto summed = [](const dice::Dist& d, std::string_view unit) {
    return report::summary_text(report::summarise(report::Distribution::of(d)), unit);
  };
  auto lost = [&](Table& t, std::string_view unit, const dice::Dist& direct, const dice::Dist& other) {
    t.notes.push_back(std::string(unit) + " lost after a direct hit: " + summed(direct, {}));
    t.notes.push_back(std::string(unit) + " lost after a close hit or scatter: " + summed(other, {}));
  };
  for (auto& t : out) {
    if (t.spec == &damage_spec())
      t.notes.push_back("each distribution value by value: --distributions, or --table NAME for one of " + list);
    if (t.spec == &creature_spec() && s.creatures) lost(t, "hp", s.creatures->damage_direct, s.creatures->damage_other);
    if (t.spec == &unit_spec() && s.unit) lost(t, "uhp", s.unit->damage.direct, s.unit->damage.other);
    if (t.spec == &hero_spec() && s.hero) lost(t, "hp", s.hero->damage_direct, s.hero->damage_other);
  }
}

std::vector<Table> shot_tables(const fire::ArtilleryRules& R, const fire::ArtilleryRequest& p, const ArtilleryShot& s) {
  std::vector<Table> out;
  out.push_back(attack_table(R, s));
  out.push_back(results_table(R, s));
  dist_tables(close_hit_spec(), s.scatter.close_hit_yd, "Close hit: distance in yards").add_to(out);
  dist_tables(scatter_spec(), s.scatter.scatter_yd, scatter_title(R, s)).add_to(out);
  out.push_back(damage_table(R, s));
  if (s.creatures) out.push_back(creature_table(p, s, *s.creatures));
  if (s.unit) out.push_back(unit_table(R, p, *s.unit));
  if (s.hero) out.push_back(hero_table(R, p, s, *s.hero));
  if (s.hero && s.hero->hp) out.push_back(hero_shots_table(*s.hero));
  if (s.structure && s.structure->shp) out.push_back(shots_table(*s.structure));
  distribution_tables(out, R, s);
  return out;
}

// The charts: how the attack throw ends, where the shot lands, and the uhp a unit loses.
std::vector<report::Chart> shot_charts(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  std::vector<report::Chart> out;
  report::Chart res;
  res.title = "Results of the attack throw: " + s.design.name + " at " + trim(s.range_yd, 2) + " yd";
  res.label_axis = "Result";
  res.labels = {"Direct hit", "Close hit", "Scatter", "Misfire, shot wasted", "Misfire, accidental discharge"};
  res.values = {s.odds.p_direct_hit, s.odds.p_close_hit, s.odds.p_scatter, s.odds.p_wasted, s.odds.p_discharge};
  out.push_back(std::move(res));
  out.push_back(dist_chart("Close hit: distance in yards", "Yards", {{"", &s.scatter.close_hit_yd}}));
  out.push_back(dist_chart(scatter_title(R, s), "Yards", {{"", &s.scatter.scatter_yd}}));
  if (s.unit)
    out.push_back(
        dist_chart("Damage versus units: uhp lost, given how the shot lands", "uhp",
                   {{"Direct hit", &s.unit->damage.direct}, {"Close hit or scatter", &s.unit->damage.other}}));
  return out;
}

}  // namespace

std::vector<const report::TableSpec*> artillery_specs() {
  std::vector<const report::TableSpec*> out{&attack_spec(), &results_spec()};
  for (const report::DistributionSpec* d : {&close_hit_spec(), &scatter_spec()})
    for (const report::TableSpec* t : d->tables()) out.push_back(t);
  for (const report::TableSpec* t :
       {&damage_spec(), &creature_spec(), &unit_spec(), &hero_spec(), &shots_spec(), &hero_shots_spec()})
    out.push_back(t);
  for (const report::DistributionSpec* d : {&unit_damage_spec(), &impact_spec(), &damage_dist_spec(),
                                            &crew_damage_spec(), &creature_damage_spec(), &hero_damage_spec(),
                                            &shots_dist_spec(), &hero_shots_dist_spec()})
    for (const report::TableSpec* t : d->tables()) out.push_back(t);
  return out;
}

void setup_artillery(CLI::App& sub, ArtilleryParams& p) {
  cli::choices(sub, sub.add_option("-t,--type", p.type, "piece type: cannon, gun or mortar"), fire::choices::kPieceType,
               suite_spelling)
      ->type_name("TYPE");
  cli::completion_values(
      sub,
      sub.add_option("-s,--shot-lb", p.shot_lb,
                     "shot weight in pounds (the book's 17 pieces, or any other by the design formulas)"),
      &artillery::book_shot_weights)
      ->type_name("LB");
  sub.add_option("-r,--range-yd", p.range_yd, "distance to the impact point in yards")->type_name("YD");
  cli::choices(
      sub,
      sub.add_option("--range-band", p.range_band, "force the range band (short, medium, long): the referee's call"),
      fire::choices::kArtilleryRangeBand, suite_spelling)
      ->type_name("BAND");
  sub.add_flag("--plunging", p.plunging, "plunging fire (-4, scatter doubled); required where the piece must plunge");
  sub.add_flag("--direct", p.direct, "direct fire (the default wherever it is allowed)");
  sub.add_flag("--veteran", p.veteran, "a veteran crew (attack throw 10+; default: normal men, 11+)");
  sub.add_option("--attack-throw", p.attack_throw,
                 "the crew's attack throw (the lowest-level member's); overrides --veteran")
      ->type_name("N");
  sub.add_flag("--few-artillerists", p.few_artillerists, "too few artillerists among the crew (-4)");
  sub.add_option("--modifier", p.modifier, "any further attack modifier the referee allows (+ helps)")->type_name("N");
  cli::choices(sub,
               sub.add_option("--exceed", p.exceed, "read \"exceeds the target value\" as meet (default) or strictly"),
               fire::choices::kExceed, suite_spelling)
      ->type_name("HOW");
  sub.add_option("--target-ac", p.target_ac, "AC of the structure or ship aimed at: structural save and expected shp")
      ->type_name("AC");
  sub.add_option("--target-shp", p.target_shp,
                 "with --target-ac: the structure's shp, for the shots until they are gone (exact)")
      ->type_name("SHP");
  sub.add_option("--save", p.save, "saving throw v. Blast of creatures in the area (17 for normal men)")
      ->type_name("N");
  cli::choices(
      sub,
      sub.add_option(
          "--cover", p.cover,
          "those creatures' cover: none (the default) or hard (arrow loops, battlements, etc.: +4 to the save)"),
      fire::choices::kArtilleryCover, suite_spelling)
      ->type_name("COVER");
  cli::choices(sub,
               sub.add_option("--halving", p.halving, "an odd damage halved by a save rounds down (default) or up"),
               fire::choices::kHalving, suite_spelling)
      ->type_name("HOW");
  sub.add_option("--troops", p.troops, "troops in the target unit (damage versus units)")->type_name("N");
  sub.add_option("--hd", p.hd, "the unit's hit dice, e.g. 1-1, 4+1, 3")->type_name("HD");
  sub.add_flag("--cavalry", p.cavalry, "the unit is cavalry (troops doubled for the table)");
  sub.add_flag("--enfilade", p.enfilade, "enfilade fire through the unit's flank or rear (uhp doubled)");
  sub.add_flag("--fortified", p.fortified, "the unit occupies a fortified structure (+4 to its save)");
  sub.add_option("--unit-save", p.unit_save, "the unit's saving throw v. Blast")->type_name("N");
  sub.add_option("--table-uhp", p.table_uhp, "the table's uhp when the book prints no table for this piece")
      ->type_name("UHP");
  sub.add_option("--hero-save", p.hero_save, "a hero's saving throw v. Blast (11 for a 7th level fighter)")
      ->type_name("N");
  sub.add_flag("--hero-fortified", p.hero_fortified, "the hero occupies a fortified structure (+4)");
  sub.add_option("--hero-hp", p.hero_hp, "with --hero-save: the hero's hit points, for the shots until they are gone (exact)")
      ->type_name("HP");
}

Expected<Scenario> run_artillery(const data::Tables& tables, const ArtilleryParams& p, bool explain) {
  auto rules_or = fire::load_artillery_rules(tables);
  if (!rules_or) return rules_or.error();
  const fire::ArtilleryRules& R = **rules_or;
  auto shot = fire::artillery_shot(R, p);
  if (!shot) return shot.error();
  const ArtilleryShot& s = *shot;
  Scenario out;
  if (explain) out.explain = s.explain;
  out.tables = shot_tables(R, p, s);
  out.charts = shot_charts(R, s);
  return out;
}

}  // namespace gunpowder::fire_app
