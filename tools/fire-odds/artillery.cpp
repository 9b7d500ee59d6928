// artillery.cpp - fire-odds artillery: the options of one gunpowder artillery shot (seed 000)
// and its report; the shot itself is fire::artillery_shot.
#include <CLI/CLI.hpp>
#include <algorithm>

#include "common/completion.hpp"
#include "fire-odds/choice.hpp"
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

std::string naturals(const fire::AttackResultRules& r, const std::string& kind, int target, fire::Exceed e) {
  return runs_text(naturals_of(r, kind, target, e));
}

std::string ranges(const artillery::Characteristics& c) {
  return trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd);
}

std::string throw_source(const ArtilleryShot& s) { return s.throw_given ? "given" : s.crew + " crew"; }

double mean_impact_yd(const ArtilleryShot& s) { return s.impact.mean() / std::max(1e-12, 1 - s.odds.p_misfire); }

// The derivation, for --explain.
std::vector<std::string> explain_shot(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  const artillery::Characteristics& c = s.design.effective;
  const fire::AttackSetup& a = s.attack;
  std::vector<std::string> out;
  out.push_back(s.design.name + " (" + std::string(c.source) + "): ranges " + ranges(c) + " yd, " + c.damage() +
                ", AOE " + std::to_string(c.aoe_ft) + "'");
  out.push_back(trim(s.range_yd, 2) + " yd: " + artillery::to_string(s.bracket) + " range (" + s.bracket_source + ")");
  out.push_back("fire: " + artillery::to_string(s.mode) + " (" + s.mode_source + ")");
  out.push_back("target value " + std::to_string(a.base_throw) + "+ (" + throw_source(s) + ") - (" +
                signed_str(a.range_mod) + " range " + signed_str(a.plunging_mod) + " plunging " +
                signed_str(a.shortage_mod) + " artillerists " + signed_str(a.other_mod) +
                " other) = " + std::to_string(s.target) + "+");
  for (const char* k : {"direct", "close", "scatter", "misfire"})
    out.push_back(std::string(k) + ": naturals " + naturals(R.results, k, s.target, s.exceed));
  if (s.structure)
    out.push_back("structural save " + std::to_string(R.catalogue->attack.structural_save_base) + " + (" +
                  signed_str(a.range_mod) + ") - " + std::to_string(s.structure->ac) + " = " +
                  std::to_string(s.structure->save_target) + "+");
  return out;
}

Table attack_table(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  const artillery::Characteristics& c = s.design.effective;
  const fire::AttackSetup& a = s.attack;
  Table t = figures_table("Attack: " + s.design.name + " at " + trim(s.range_yd, 2) + " yd", 3, true);
  add_figure(t, "Ranges short/medium/long", ranges(c) + " yd",
             {{c.range_short_yd, c.range_medium_yd, c.range_long_yd}, "yd", ""},
             std::string(c.source) == "book" ? R.catalogue->sources.characteristics : "design formulas");
  const std::string band = artillery::to_string(s.bracket), mode = artillery::to_string(s.mode);
  add_figure(t, "Range band", band, {{}, "", band}, s.bracket_source);
  add_figure(t, "Fire", mode, {{}, "", mode}, s.mode_source);
  add_figure(t, "Attack throw", std::to_string(a.base_throw) + "+", {{double(a.base_throw)}, "roll", ""},
             throw_source(s));
  auto modifier = [&](const char* field, int v, const std::string& note) {
    add_figure(t, field, signed_str(v), {{double(v)}, "modifier", ""}, note);
  };
  modifier("Range modifier", a.range_mod, "Range, p. 14");
  if (a.plunging_mod) modifier("Plunging fire", a.plunging_mod, "Plunging Fire, p. 17");
  if (a.shortage_mod) modifier("Too few artillerists", a.shortage_mod, "Crew, p. 14");
  if (a.other_mod) modifier("Other modifier", a.other_mod, "given");
  add_figure(t, "Target value", std::to_string(s.target) + "+", {{double(s.target)}, "roll", ""},
             s.exceed == fire::Exceed::meet ? "meet or beat" : "strictly above");
  return t;
}

Table results_table(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  const fire::AttackOdds& odds = s.odds;
  const fire::ScatterOdds& sc = s.scatter;
  const fire::AttackResultRules& rr = R.results;
  Table res;
  res.title = "Results of the attack throw (Guns of War, Attacking with Gunpowder Artillery, p. 16)";
  res.add_column("result", "Result")
      .add_column("naturals", "Naturals", Align::right, report::Shown::people)
      .add_column("natural_min", "Lowest natural", Align::right, report::Shown::programs)
      .add_column("natural_max", "Highest natural", Align::right, report::Shown::programs)
      .add_column("p", "P", Align::right)
      .add_column("effect", "Effect");
  // The naturals as shown ("2-10", "-"), and the lowest and highest of them.
  auto add = [&](const std::string& result, const std::vector<int>& nat, const std::string& shown, double p,
                 const std::string& effect) {
    const report::Cell none = report::cell::none();
    res.add_row({result, shown, nat.empty() ? none : report::cell::shown_as(shown, nat.front()),
                 nat.empty() ? none : report::cell::shown_as(shown, nat.back()), pct_cell(p), effect});
  };
  auto row = [&](const char* result, const char* kind, double p, const std::string& effect) {
    const std::vector<int> nat = naturals_of(rr, kind, s.target, s.exceed);
    add(result, nat, runs_text(nat), p, effect);
  };
  row("direct hit", "direct", odds.p_direct_hit, "hits the impact point; saves halve, structures save");
  row("close hit", "close", odds.p_close_hit,
      dice_text(R.scatter.close_hit_dice, R.scatter.close_hit_die_sides) + " yd away; saves avoid");
  row("scatter", "scatter", odds.p_scatter,
      dice_text(R.scatter.scatter_dice, R.scatter.scatter_die_sides) + " x " + std::to_string(sc.multiplier_yd) +
          " yd away, as a close hit");
  row("misfire", "misfire", odds.p_misfire, "roll again");
  // After a misfire, a second unmodified roll: the data's discharge natural is an accidental
  // discharge, any other a wasted shot (Guns of War, Attacking with Gunpowder Artillery).
  std::vector<int> wasted, discharge;
  for (int n = 1; n <= fire::kD20; ++n) (n == rr.discharge_natural ? discharge : wasted).push_back(n);
  add("  shot wasted", wasted, "then " + runs_text(wasted), odds.p_wasted, "no other effect");
  add("  accidental discharge", discharge, "then " + runs_text(discharge), odds.p_discharge,
      "crew save or " + dice_text(rr.discharge_crew_dice, rr.discharge_crew_die_sides) + "; piece saves or is damaged");
  res.notes.push_back("direction of a close hit or scatter: 1d" + std::to_string(sc.direction_sides) +
                      " as a clock face, 6 o'clock towards the piece, each 1/" + std::to_string(sc.direction_sides));
  res.notes.push_back(
      "mean distance of the impact point from the aim point (shots fired): " + trim(mean_impact_yd(s), 2) + " yd");
  return res;
}

Table damage_table(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  const artillery::Characteristics& c = s.design.effective;
  Table dm = figures_table("Damage", 2, true);
  add_figure(dm, "Damage", c.damage(), {{}, "dice", c.damage()}, "mean " + trim(s.damage.mean(), 2));
  if (s.line)  // a line of the piece's width (Guns of War, Area of Effect)
    add_figure(dm, "Area of effect", std::to_string(c.aoe_width_ft) + "' x " + std::to_string(c.aoe_ft) + "' line",
               {{double(c.aoe_width_ft), double(c.aoe_ft)}, "ft", "line"},
               "from the impact point directly away from the piece");
  else
    add_figure(dm, "Area of effect", std::to_string(c.aoe_ft) + "' radius", {{double(c.aoe_ft)}, "ft", "radius"},
               "around the impact point");
  if (s.line)
    add_figure(dm, "Shrapnel on a structure or ship", std::to_string(R.results.shrapnel_radius_ft) + "' radius",
               {{double(R.results.shrapnel_radius_ft)}, "ft", "radius"},
               "normal damage; saves avoid (Shrapnel, p. 17)");
  if (const auto& st = s.structure) {
    add_figure(dm, "Structural save", std::to_string(st->save_target) + "+", {{double(st->save_target)}, "roll", ""},
               std::to_string(R.catalogue->attack.structural_save_base) + " + (" + signed_str(s.attack.range_mod) +
                   ") - AC " + std::to_string(st->ac));
    add_figure(dm, "P(structural save)", pct(st->p_save), {{st->p_save}, "p", ""}, "a success: no damage");
    add_figure(dm, "Expected shp per shot, direct hits only", trim(st->expected_shp_direct, 3),
               {{st->expected_shp_direct}, "shp", ""}, "P(direct) x P(no save) x mean");
    add_figure(dm, "Expected shp per shot, close hits too", trim(st->expected_shp_with_close, 3),
               {{st->expected_shp_with_close}, "shp", ""}, "when a close hit still lands on it");
  }
  return dm;
}

Table creature_table(const ArtilleryShot& s, const fire::CreatureOdds& co) {
  Table ct;
  ct.title = "A creature in the area of effect (save " + std::to_string(co.save_target) + "+" +
             (co.bonus ? ", +" + std::to_string(co.bonus) + " cover" : "") + ")";
  ct.add_column("case", "Struck by")
      .add_column("p_save", "P(save)", Align::right)
      .add_column("p_damaged", "P(damaged)", Align::right)
      .add_column("mean_damage", "Mean damage", Align::right)
      .add_column("save_effect", "A save");
  auto mean = [](double x) { return report::cell::trimmed(x, 2); };
  ct.add_row({"direct hit", pct_cell(co.p_save), pct_cell(co.p_damaged_direct), mean(co.mean_damage_direct),
              "halves (rounded " + std::string(s.halving == fire::Halving::down ? "down" : "up") + ")"});
  ct.add_row({"close hit or scatter", pct_cell(co.p_save), pct_cell(co.p_damaged_other), mean(co.mean_damage_other),
              "avoids"});
  if (s.line)
    ct.add_row({"shrapnel", pct_cell(co.p_save), pct_cell(co.p_damaged_other), mean(co.mean_damage_other), "avoids"});
  return ct;
}

Table unit_table(const fire::ArtilleryRules& R, const fire::ArtilleryRequest& p, const fire::UnitTarget& u) {
  const fire::UnitDamage& ud = u.damage;
  Table ut = figures_table("Damage versus units", 2, true);
  if (u.troops_counted)
    add_figure(ut, "Troops counted", std::to_string(*u.troops_counted), {{double(*u.troops_counted)}, "troops", ""},
               p.cavalry ? "cavalry: troops doubled" : "as given");
  if (p.hd) add_figure(ut, "Unit HD", *p.hd, {{}, "hd", *p.hd}, "column " + std::to_string(u.hd_column.value_or(0)));
  add_figure(ut, "Table uhp", std::to_string(u.table_value), {{double(u.table_value)}, "uhp", ""}, u.table_source);
  if (p.enfilade)
    add_figure(ut, "Enfilade", std::to_string(ud.uhp), {{double(ud.uhp)}, "uhp", ""},
               "doubled (" + R.damage.enfilade_source + ")");
  // The save needed, and the fortified bonus to it when there is one.
  Raw save{{double(*p.unit_save)}, "roll", ""};
  if (p.fortified) save.numbers.push_back(R.damage.unit_fortified_bonus);
  add_figure(ut, "Save",
             std::to_string(*p.unit_save) + "+" +
                 (p.fortified ? " with +" + std::to_string(R.damage.unit_fortified_bonus) : ""),
             save, "P(save) " + pct(ud.p_save));
  add_figure(ut, "Direct hit: uhp unsaved / saved",
             std::to_string(ud.uhp) + " / " + std::to_string(ud.uhp_saved_direct),
             {{double(ud.uhp), double(ud.uhp_saved_direct)}, "uhp", ""}, "mean " + trim(ud.direct.mean(), 3));
  add_figure(ut, "Close hit or scatter: unsaved / saved",
             std::to_string(ud.uhp) + " / " + std::to_string(ud.uhp_saved_other),
             {{double(ud.uhp), double(ud.uhp_saved_other)}, "uhp", ""}, "mean " + trim(ud.other.mean(), 3));
  return ut;
}

Table hero_table(const fire::ArtilleryRules& R, const ArtilleryShot& s, const fire::HeroOdds& h) {
  Table ht;
  ht.title = "Damage versus heroes (one shot: " + s.design.effective.damage() + ")";
  ht.add_column("case", "Hex struck by")
      .add_column("save_needed", "Save needed", Align::right)
      .add_column("p_save", "P(save)", Align::right)
      .add_column("mean_damage", "Mean damage", Align::right);
  ht.add_row({"direct hit", report::cell::shown_as(std::to_string(h.needed_direct) + "+", h.needed_direct),
              pct_cell(h.p_save_direct), report::cell::trimmed(h.mean_damage_direct, 2)});
  ht.add_row({"close hit or scatter", report::cell::shown_as(std::to_string(h.needed_other) + "+", h.needed_other),
              pct_cell(h.p_save_other), report::cell::trimmed(h.mean_damage_other, 2)});
  ht.notes.push_back("a save halves a direct hit and avoids the rest; +" +
                     std::to_string(R.damage.hero_fortified_bonus) + " fortified, +" +
                     std::to_string(R.damage.hero_close_or_scatter_bonus) + " after a close hit or scatter");
  return ht;
}

std::string scatter_title(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  return "Scatter: distance in yards (" + dice_text(R.scatter.scatter_dice, R.scatter.scatter_die_sides) + " x " +
         std::to_string(s.scatter.multiplier_yd) +
         (s.mode == FireMode::plunging ? ", doubled for plunging fire)" : ")");
}

std::vector<Table> shot_tables(const fire::ArtilleryRules& R, const fire::ArtilleryRequest& p, const ArtilleryShot& s) {
  std::vector<Table> out;
  out.push_back(attack_table(R, s));
  out.push_back(results_table(R, s));
  out.push_back(dist_table(s.scatter.close_hit_yd, "Close hit: distance in yards", "Yards", "distance_yd"));
  out.push_back(dist_table(s.scatter.scatter_yd, scatter_title(R, s), "Yards", "distance_yd"));
  out.push_back(damage_table(R, s));
  if (s.creatures) out.push_back(creature_table(s, *s.creatures));
  if (s.unit) out.push_back(unit_table(R, p, *s.unit));
  if (s.hero) out.push_back(hero_table(R, s, *s.hero));
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

// ---- JSON

json::Value structure_json(const fire::ArtilleryRules& R, const ArtilleryShot& s) {
  if (!s.structure) return {};
  const fire::StructureTarget& st = *s.structure;
  json::Value structure = json::object();
  structure.set("ac", st.ac);
  structure.set("save_target", st.save_target);
  structure.set("p_save", st.p_save);
  structure.set("expected_shp_direct_hits", st.expected_shp_direct);
  structure.set("expected_shp_with_close_hits", st.expected_shp_with_close);
  structure.set("shrapnel_radius_ft", s.line ? json::Value(R.results.shrapnel_radius_ft) : json::Value());
  return structure;
}

json::Value creatures_json(const fire::ArtilleryRequest& p, const ArtilleryShot& s) {
  if (!s.creatures) return {};
  const fire::CreatureOdds& co = *s.creatures;
  json::Value creatures = json::object();
  creatures.set("save", co.save_target);
  creatures.set("cover", p.cover.value_or("none"));
  creatures.set("cover_bonus", co.bonus);
  creatures.set("p_save", co.p_save);
  creatures.set("p_damaged_direct_hit", co.p_damaged_direct);
  creatures.set("mean_damage_direct_hit", co.mean_damage_direct);
  creatures.set("p_damaged_close_hit_or_scatter", co.p_damaged_other);
  creatures.set("mean_damage_close_hit_or_scatter", co.mean_damage_other);
  return creatures;
}

json::Value unit_json(const fire::ArtilleryRequest& p, const ArtilleryShot& s) {
  if (!s.unit) return {};
  const fire::UnitTarget& u = *s.unit;
  const fire::UnitDamage& ud = u.damage;
  json::Value unit = json::object();
  unit.set("troops", p.troops ? json::Value(*p.troops) : json::Value());
  unit.set("troops_counted", u.troops_counted ? json::Value(*u.troops_counted) : json::Value());
  unit.set("hd", p.hd ? json::Value(*p.hd) : json::Value());
  unit.set("table_uhp", u.table_value);
  unit.set("table_source", u.table_source);
  unit.set("uhp", ud.uhp);
  unit.set("save", *p.unit_save);
  unit.set("p_save", ud.p_save);
  unit.set("uhp_saved_direct_hit", ud.uhp_saved_direct);
  unit.set("uhp_saved_close_hit_or_scatter", ud.uhp_saved_other);
  unit.set("direct_hit", dist_json(ud.direct, "uhp"));
  unit.set("close_hit_or_scatter", dist_json(ud.other, "uhp"));
  return unit;
}

json::Value hero_json(const fire::ArtilleryRequest& p, const ArtilleryShot& s) {
  if (!s.hero) return {};
  const fire::HeroOdds& h = *s.hero;
  json::Value hero = json::object();
  hero.set("save", *p.hero_save);
  hero.set("fortified", p.hero_fortified);
  hero.set("save_needed_direct_hit", h.needed_direct);
  hero.set("save_needed_close_hit_or_scatter", h.needed_other);
  hero.set("p_save_direct_hit", h.p_save_direct);
  hero.set("p_save_close_hit_or_scatter", h.p_save_other);
  hero.set("mean_damage_direct_hit", h.mean_damage_direct);
  hero.set("mean_damage_close_hit_or_scatter", h.mean_damage_other);
  return hero;
}

json::Value piece_json(const ArtilleryShot& s) {
  const artillery::Characteristics& c = s.design.effective;
  json::Value piece = json::object();
  piece.set("name", s.design.name);
  piece.set("type", artillery::to_string(s.type));
  piece.set("shot_lb", s.shot_lb);
  piece.set("source", std::string(c.source));
  piece.set("range_short_yd", c.range_short_yd);
  piece.set("range_medium_yd", c.range_medium_yd);
  piece.set("range_long_yd", c.range_long_yd);
  piece.set("damage", c.damage());
  piece.set("aoe_ft", c.aoe_ft);
  piece.set("aoe_shape", s.line ? "line" : "radius");
  return piece;
}

// The attack throw and where the shot lands.
void set_attack_json(json::Value& j, const ArtilleryShot& s) {
  const fire::AttackSetup& a = s.attack;
  j.set("range_yd", s.range_yd);
  j.set("range_band", artillery::to_string(s.bracket));
  j.set("range_band_source", s.bracket_source);
  j.set("fire_mode", artillery::to_string(s.mode));
  j.set("fire_mode_source", s.mode_source);
  j.set("veteran", s.crew == "veteran");
  j.set("attack_throw", a.base_throw);
  json::Value mods = json::object();
  mods.set("range", a.range_mod);
  mods.set("plunging", a.plunging_mod);
  mods.set("artillerists", a.shortage_mod);
  mods.set("other", a.other_mod);
  j.set("modifiers", std::move(mods));
  j.set("target", s.target);
  j.set("exceed", s.exceed == fire::Exceed::meet ? "meet" : "strictly");
  j.set("p_success", s.odds.p_success);
  j.set("p_direct_hit", s.odds.p_direct_hit);
  j.set("p_close_hit", s.odds.p_close_hit);
  j.set("p_scatter", s.odds.p_scatter);
  j.set("p_misfire", s.odds.p_misfire);
  j.set("p_shot_wasted", s.odds.p_wasted);
  j.set("p_accidental_discharge", s.odds.p_discharge);
  j.set("direction_die", s.scatter.direction_sides);
  j.set("close_hit_yd", dist_json(s.scatter.close_hit_yd, "yd"));
  j.set("scatter_multiplier_yd", s.scatter.multiplier_yd);
  j.set("scatter_yd", dist_json(s.scatter.scatter_yd, "yd"));
  j.set("mean_impact_distance_yd", mean_impact_yd(s));
}

json::Value discharge_json(const fire::ArtilleryRules& R) {
  const fire::AttackResultRules& rr = R.results;
  const dice::Dist crew_damage = dice::Dist::sum(rr.discharge_crew_dice, rr.discharge_crew_die_sides);
  json::Value discharge = json::object();
  discharge.set("crew_damage", dice_text(rr.discharge_crew_dice, rr.discharge_crew_die_sides));
  discharge.set("crew_damage_mean", crew_damage.mean());
  discharge.set("piece_damaged_shp_fraction", rr.discharge_piece_shp_fraction);
  return discharge;
}

}  // namespace

void setup_artillery(CLI::App& sub, ArtilleryParams& p) {
  sub.add_option("-t,--type", p.type, "piece type: cannon, gun or mortar")
      ->transform(choice(fire::choices::kPieceType))
      ->type_name("TYPE");
  sub.add_option("-s,--shot-lb", p.shot_lb,
                 "shot weight in pounds (the book's 17 pieces, or any other by the design formulas)")
      ->check(cli::completion_values(&artillery::book_shot_weights))
      ->type_name("LB");
  sub.add_option("-r,--range-yd", p.range_yd, "distance to the impact point in yards")->type_name("YD");
  sub.add_option("--range-band", p.range_band, "force the range band (short, medium, long): the referee's call")
      ->transform(choice(fire::choices::kArtilleryRangeBand))
      ->type_name("BAND");
  sub.add_flag("--plunging", p.plunging, "plunging fire (-4, scatter doubled); required where the piece must plunge");
  sub.add_flag("--direct", p.direct, "direct fire (the default wherever it is allowed)");
  sub.add_flag("--veteran", p.veteran, "a veteran crew (attack throw 10+; default: normal men, 11+)");
  sub.add_option("--attack-throw", p.attack_throw,
                 "the crew's attack throw (the lowest-level member's); overrides --veteran")
      ->type_name("N");
  sub.add_flag("--few-artillerists", p.few_artillerists, "too few artillerists among the crew (-4)");
  sub.add_option("--modifier", p.modifier, "any further attack modifier the referee allows (+ helps)")->type_name("N");
  sub.add_option("--exceed", p.exceed, "read \"exceeds the target value\" as meet (default) or strictly")
      ->transform(choice(fire::choices::kExceed))
      ->type_name("HOW");
  sub.add_option("--target-ac", p.target_ac, "AC of the structure or ship aimed at: structural save and expected shp")
      ->type_name("AC");
  sub.add_option("--save", p.save, "saving throw v. Blast of creatures in the area (17 for normal men)")
      ->type_name("N");
  sub.add_option("--cover", p.cover,
                 "those creatures' cover: none (the default) or hard (arrow loops, battlements, etc.: +4 to the save)")
      ->transform(choice(fire::choices::kArtilleryCover))
      ->type_name("COVER");
  sub.add_option("--halving", p.halving, "an odd damage halved by a save rounds down (default) or up")
      ->transform(choice(fire::choices::kHalving))
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
}

Expected<Scenario> run_artillery(const ArtilleryParams& p, bool explain) {
  auto rules_or = fire::load_artillery_rules();
  if (!rules_or) return rules_or.error();
  const fire::ArtilleryRules& R = **rules_or;
  auto shot = fire::artillery_shot(R, p);
  if (!shot) return shot.error();
  const ArtilleryShot& s = *shot;
  Scenario out;
  if (explain) out.explain = explain_shot(R, s);
  out.tables = shot_tables(R, p, s);
  out.charts = shot_charts(R, s);
  json::Value& j = out.json;
  j.set("piece", piece_json(s));
  set_attack_json(j, s);
  j.set("damage_mean", s.damage.mean());
  j.set("structure", structure_json(R, s));
  j.set("creatures", creatures_json(p, s));
  j.set("unit", unit_json(p, s));
  j.set("hero", hero_json(p, s));
  j.set("accidental_discharge", discharge_json(R));
  return out;
}

}  // namespace gunpowder::fire_app
