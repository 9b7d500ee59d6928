// firearm.cpp - fire-odds firearm: the options of a character's firearm (seed 000, p. 9-11), the
// catalogue, and the report; the figures are fire::firearm_scenario.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>

#include "common/completion.hpp"
#include "fire-odds/choice.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/fire/firearm.hpp"

namespace gunpowder::fire_app {

using fire::FirearmScenario;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {
std::string ranges(const fire::Firearm& f) {
  std::string s;
  for (size_t i = 0; i < 3; ++i)
    s += (i ? " / " : "") + std::to_string(f.range[i]) + (f.penalty[i] ? " (" + signed_str(f.penalty[i]) + ")" : "") +
         (f.ignores_armor[i] ? "*" : "");
  return s;
}

json::Value firearm_json(const fire::Firearm& f) {
  json::Value o = json::object();
  o.set("name", f.name);
  o.set("mechanism", firearms::to_string(f.mechanism));
  o.set("type", f.type);
  o.set("bore", f.bore);
  o.set("cost_gp", f.cost_gp ? json::Value(*f.cost_gp) : json::Value());
  o.set("era", f.era);
  o.set("damage", dice_text(f.damage_dice, f.damage_die_sides));
  json::Value r = json::array(), pe = json::array(), ia = json::array(), mf = json::array();
  for (size_t i = 0; i < 3; ++i) {
    r.push(f.range[i]);
    pe.push(f.penalty[i]);
    ia.push(f.ignores_armor[i]);
    mf.push(f.misfire_pct[i]);
  }
  o.set("ranges", std::move(r));
  o.set("penalties", std::move(pe));
  o.set("ignores_armor", std::move(ia));
  o.set("reload_drilled", f.reload_drilled);
  o.set("reload_undrilled", f.reload_undrilled);
  o.set("reload_fighting_style", f.reload_style ? json::Value(*f.reload_style) : json::Value());
  o.set("misfire_pct", std::move(mf));
  o.set("encumbrance", std::to_string(f.encumbrance) + " " + f.encumbrance_unit);
  return o;
}

Scenario catalogue(const fire::FirearmCatalogue& cat) {
  Scenario s;
  Table t;
  t.title = "Firearms (" + cat.rules.source_characteristics + ")";
  using report::Shown;
  t.add_column("name", "Firearm")
      .add_column("cost_gp", "Cost gp", Align::right)
      .add_column("era", "Era")
      .add_column("damage", "Damage", Align::right)
      .add_column("ranges", "Short / medium / long", Align::right, Shown::people);
  // For programs, one column per number of the composite cells.
  static const char* const kBands[] = {"short", "medium", "long"};
  for (const char* b : kBands) t.add_column(std::string("range_") + b, "", Align::right, Shown::programs);
  for (const char* b : kBands) t.add_column(std::string("penalty_") + b, "", Align::right, Shown::programs);
  for (const char* b : kBands) t.add_column(std::string("ignores_armor_") + b, "", Align::left, Shown::programs);
  t.add_column("reload", "Reload D/U/style", Align::right, Shown::people)
      .add_column("reload_drilled", "", Align::right, Shown::programs)
      .add_column("reload_undrilled", "", Align::right, Shown::programs)
      .add_column("reload_fighting_style", "", Align::right, Shown::programs)
      .add_column("misfire", "Misfire dry/damp/wet", Align::right, Shown::people)
      .add_column("misfire_dry_pct", "", Align::right, Shown::programs)
      .add_column("misfire_damp_pct", "", Align::right, Shown::programs)
      .add_column("misfire_wet_pct", "", Align::right, Shown::programs)
      .add_column("encumbrance_shown", "Enc", Align::left, Shown::people)
      .add_column("encumbrance", "", Align::right, Shown::programs)
      .add_column("encumbrance_unit", "", Align::left, Shown::programs);
  json::Value list = json::array();
  for (const auto& f : cat.firearms) {
    std::vector<report::Cell> row{f.name, report::cell::trimmed(f.cost_gp, 2), f.era,
                                  dice_text(f.damage_dice, f.damage_die_sides), ranges(f)};
    for (size_t i = 0; i < 3; ++i) row.emplace_back(std::to_string(f.range[i]));
    for (size_t i = 0; i < 3; ++i) row.emplace_back(std::to_string(f.penalty[i]));
    for (size_t i = 0; i < 3; ++i) row.emplace_back(f.ignores_armor[i] ? "true" : "false");
    row.emplace_back(std::to_string(f.reload_drilled) + "/" + std::to_string(f.reload_undrilled) + "/" +
                     (f.reload_style ? std::to_string(*f.reload_style) : "-"));
    row.emplace_back(std::to_string(f.reload_drilled));
    row.emplace_back(std::to_string(f.reload_undrilled));
    row.emplace_back(f.reload_style ? std::to_string(*f.reload_style) : std::string());
    row.emplace_back(std::to_string(f.misfire_pct[0]) + "/" + std::to_string(f.misfire_pct[1]) + "/" +
                     std::to_string(f.misfire_pct[2]) + "%");
    for (size_t i = 0; i < 3; ++i) row.emplace_back(std::to_string(f.misfire_pct[i]));
    row.emplace_back(std::to_string(f.encumbrance) + " " + f.encumbrance_unit);
    row.emplace_back(std::to_string(f.encumbrance));
    row.emplace_back(f.encumbrance_unit);
    t.add_row(std::move(row));
    list.push(firearm_json(f));
  }
  t.notes.push_back("* armour-piercing range: ignores " + std::to_string(cat.rules.armor_ignored) +
                    " points of armour; ranges in feet underground, yards outdoors");
  s.tables.push_back(std::move(t));
  s.json.set("firearms", std::move(list));
  return s;
}
// The derivation, for --explain.
std::vector<std::string> explain_firearm(const fire::FirearmRules& R, const FirearmParams& p,
                                         const FirearmScenario& fs) {
  const fire::Misfire& mis = fs.misfire;
  std::vector<std::string> out = fs.shot.explain;
  out.insert(out.end(), fs.reload.explain.begin(), fs.reload.explain.end());
  out.push_back("misfire " + fs.weather + ": " + std::to_string(mis.table_pct) + "%" +
                (p.uncleaned ? " x " + std::to_string(R.uncleaned_multiplier) + " uncleaned" : "") + " = " +
                std::to_string(mis.pct) + "%" + (mis.capped ? " (capped at 100%)" : ""));
  out.push_back("one attempt every 1 + " + std::to_string(fs.reload.total) + " rounds, +" +
                std::to_string(R.misfire_clear_rounds) + " to clear a misfire");
  return out;
}

std::string damage_text(const fire::FirearmRules& R, const FirearmParams& p, const fire::Firearm& f) {
  return p.scattershot ? dice_text(R.scattershot_dice, R.scattershot_die_sides)
                       : dice_text(f.damage_dice, f.damage_die_sides);
}

Table shot_table(const fire::FirearmRules& R, const FirearmParams& p, const FirearmScenario& fs) {
  const fire::Firearm& f = *fs.firearm;
  const fire::Shot& shot = fs.shot;
  const fire::Misfire& mis = fs.misfire;
  const std::string unit = fs.range_in_feet ? "ft" : "yd";
  Table t = figures_table(
      f.name + " at " + trim(fs.range, 2) + " " + unit + " against AC " + std::to_string(fs.shot_input.target_ac), 3,
      true);
  t.name = "shot";
  add_figure(t, "Ranges", ranges(f), {{double(f.range[0]), double(f.range[1]), double(f.range[2])}, unit, ""},
             "* ignores " + std::to_string(R.armor_ignored) + " points of armour");
  const std::string band = fire::to_string(shot.band);
  add_figure(t, "Range band", band, {{}, "", band}, "penalty " + signed_str(shot.penalty));
  add_figure(t, "Attack throw", std::to_string(fs.shot_input.attack_throw) + "+",
             {{double(fs.shot_input.attack_throw)}, "roll", ""}, p.attack_throw ? "given" : fs.shooter + " shooter");
  add_figure(t, "Armour ignored", std::to_string(shot.armor_ignored), {{double(shot.armor_ignored)}, "ac", ""},
             "effective AC " + std::to_string(shot.effective_ac));
  add_figure(t, "Modifiers", signed_str(shot.modifiers), {{double(shot.modifiers)}, "modifier", ""},
             p.scattershot ? "scattershot" : "");
  add_figure(t, "Natural roll needed", std::to_string(shot.target) + "+", {{double(shot.target)}, "roll", ""},
             fs.shot_input.naturals ? "a natural 20 always hits, a natural 1 always misses" : "no natural rule");
  add_figure(t, "P(hit) per attack throw", pct(shot.p_hit), {{shot.p_hit}, "p", ""});
  const std::string damage = damage_text(R, p, f);
  add_figure(t, "Damage on a hit", damage, {{}, "dice", damage}, "mean " + trim(shot.damage.mean(), 2));
  add_figure(t, "Misfire chance", std::to_string(mis.pct) + "%", {{double(mis.pct)}, "pct", ""},
             fs.weather + (p.uncleaned ? ", not cleaned" : ", cleaned daily") + (mis.capped ? ", capped at 100%" : ""));
  const double per_attempt = (1 - mis.p) * shot.p_hit;
  add_figure(t, "P(hit) per attempt", pct(per_attempt), {{per_attempt}, "p", ""}, "no misfire, then a hit");
  add_figure(t, "Reload time", std::to_string(fs.reload.total) + " rounds", {{double(fs.reload.total)}, "rounds", ""},
             fire::to_string(fs.reload_input.training) + (fs.reload.floored ? ", floored at 0" : ""));
  return t;
}

Table volley_table(const FirearmScenario& fs) {
  const fire::Volley& v = fs.volley;
  Table m;
  m.name = "volley";
  m.title = "Over " + std::to_string(fs.minutes) + " minute" + (fs.minutes == 1 ? "" : "s") + " (" +
            std::to_string(fs.rounds) + " rounds of " + trim(fs.round_seconds, 2) + " s), loaded at the start";
  m.add_column("n", "N", Align::right)
      .add_column("p_attempts", "P(attempts)", Align::right)
      .add_column("p_shots", "P(shots fired)", Align::right)
      .add_column("p_hits", "P(hits)", Align::right);
  const int top = std::max({v.attempts.max(), v.shots.max(), v.hits.max()});
  for (int n = 0; n <= top; ++n)
    m.add_row({std::to_string(n), pct_cell(v.attempts.p(n)), pct_cell(v.shots.p(n)), pct_cell(v.hits.p(n))});
  m.notes.push_back("means: " + trim(v.mean_attempts, 3) + " attempts, " + trim(v.mean_shots, 3) + " shots, " +
                    trim(v.mean_hits, 3) + " hits; in the long run " +
                    trim(v.attempts_per_round * fs.rounds_per_minute(), 3) + " attempts and " +
                    trim(v.hits_per_round * fs.rounds_per_minute(), 3) + " hits per minute");
  return m;
}

json::Value reload_json(const FirearmScenario& fs) {
  json::Value rl = json::object();
  rl.set("training", fire::to_string(fs.reload_input.training));
  rl.set("base", fs.reload.base);
  rl.set("dex", fs.reload.dex);
  rl.set("encumbrance", fs.reload.encumbrance);
  rl.set("apostles", fs.reload.apostles);
  rl.set("rounds", fs.reload.total);
  return rl;
}

json::Value misfire_json(const fire::FirearmRules& R, const FirearmParams& p, const FirearmScenario& fs) {
  json::Value mf = json::object();
  mf.set("weather", fs.weather);
  mf.set("cleaned", !p.uncleaned);
  mf.set("table_pct", fs.misfire.table_pct);
  mf.set("pct", fs.misfire.pct);
  mf.set("p", fs.misfire.p);
  mf.set("clear_rounds", R.misfire_clear_rounds);
  return mf;
}

// The volley over the minutes and the long-run rates.
void set_volley_json(json::Value& j, const FirearmScenario& fs) {
  const fire::Volley& v = fs.volley;
  const double per_minute = fs.rounds_per_minute();
  j.set("round_seconds", fs.round_seconds);
  j.set("minutes", fs.minutes);
  j.set("rounds", fs.rounds);
  j.set("attempts", dist_json(v.attempts, "n"));
  j.set("shots", dist_json(v.shots, "n"));
  j.set("hits", dist_json(v.hits, "n"));
  j.set("mean_attempts", v.mean_attempts);
  j.set("mean_shots", v.mean_shots);
  j.set("mean_hits", v.mean_hits);
  j.set("attempts_per_minute_long_run", v.attempts_per_round * per_minute);
  j.set("hits_per_minute_long_run", v.hits_per_round * per_minute);
  j.set("expected_damage_per_minute_long_run", v.hits_per_round * per_minute * fs.shot.damage.mean());
}

json::Value firearm_scenario_json(const fire::FirearmRules& R, const FirearmParams& p, const FirearmScenario& fs) {
  const fire::Shot& shot = fs.shot;
  const int target_ac = fs.shot_input.target_ac;
  json::Value j = json::object();
  j.set("weapon", firearm_json(*fs.firearm));
  j.set("range_yd", fs.range_in_feet ? json::Value() : json::Value(fs.range));
  j.set("range_ft", fs.range_in_feet ? json::Value(fs.range) : json::Value());
  j.set("band", fire::to_string(shot.band));
  j.set("penalty", shot.penalty);
  j.set("veteran", p.veteran);
  j.set("attack_throw", fs.shot_input.attack_throw);
  j.set("target_ac", target_ac);
  j.set("armor", p.armor ? *p.armor : std::max(0, target_ac));
  j.set("armor_ignored", shot.armor_ignored);
  j.set("effective_ac", shot.effective_ac);
  j.set("modifiers", shot.modifiers);
  j.set("target", shot.target);
  j.set("naturals", fs.shot_input.naturals);
  j.set("p_hit", shot.p_hit);
  j.set("damage", damage_text(R, p, *fs.firearm));
  j.set("damage_mean", shot.damage.mean());
  j.set("reload", reload_json(fs));
  j.set("misfire", misfire_json(R, p, fs));
  j.set("p_hit_per_attempt", (1 - fs.misfire.p) * shot.p_hit);
  set_volley_json(j, fs);
  return j;
}
}  // namespace

void setup_firearm(CLI::App& sub, FirearmParams& p) {
  sub.add_option("-w,--weapon", p.weapon, "the firearm, e.g. \"matchlock musket\", \"rifled flintlock arquebus\"")
      ->check(cli::completion_values([] {  // the table's firearms as one word each, for shell completion
        std::vector<std::string> names;
        if (auto cat = firearms::load_catalogue())
          for (const auto& f : (*cat)->firearms)
            names.push_back((f.bore == "smoothbore" ? "" : f.bore + "-") + firearms::to_string(f.mechanism) + "-" +
                            f.type);
        return names;
      }))
      ->type_name("NAME");
  sub.add_flag("--catalogue", p.catalogue, "list the 14 firearms of the characteristics table");
  sub.add_option("--range-ft", p.range_ft, "range in feet (underground: the table's numbers as feet)")->type_name("FT");
  sub.add_option("--range-yd", p.range_yd, "range in yards (outdoors: the table's numbers as yards)")->type_name("YD");
  sub.add_option("--target-ac", p.target_ac, "the target's armour class")->type_name("AC");
  sub.add_option("--armor", p.armor, "points of that AC from armour, hide or shields (default: all of it)")
      ->type_name("N");
  sub.add_flag("--veteran", p.veteran, "a veteran shooter (attack throw 10+; default: a normal man, 11+)");
  sub.add_option("--attack-throw", p.attack_throw, "the shooter's attack throw; overrides --veteran")->type_name("N");
  sub.add_option("--training", p.training, "undrilled (the default), drilled or style (Fighting Style (Firearms))")
      ->transform(choice(fire::choices::kTraining))
      ->type_name("T");
  sub.add_option("--dex", p.dex, "the shooter's Dexterity modifier (a bonus shortens reload)")->type_name("N");
  sub.add_option("--carried-stone", p.carried_stone, "stone carried (more than 5, 7, 10: reload +1, +2, +3)")
      ->type_name("ST");
  sub.add_flag("--apostles", p.apostles, "loading from 12 apostles (reload -1)");
  sub.add_option("--weather", p.weather, "dry (the default), damp or wet")
      ->transform(choice(fire::choices::kWeather))
      ->type_name("W");
  sub.add_flag("--uncleaned", p.uncleaned, "not cleaned daily with a gun cleaning kit (misfire chance doubled)");
  sub.add_flag("--scattershot", p.scattershot,
               "fire scattershot (smoothbore: +2 at short range, 1d6, no armour ignored)");
  sub.add_flag("--no-rest", p.no_rest, "a musket fired without its fork rest (-2)");
  sub.add_option("--modifier", p.modifier, "any further attack modifier (+ helps)")->type_name("N");
  sub.add_flag("--no-naturals", p.no_naturals, "no automatic hit on a natural 20 nor miss on a natural 1");
  sub.add_option("--penalties", p.penalties, "range penalties as printed (default) or by the smoothbore rule")
      ->transform(choice(fire::choices::kPenalties))
      ->type_name("HOW");
  sub.add_option("--minutes", p.minutes, "minutes of firing for the shots and hits figures (default 1)")
      ->type_name("N");
  sub.add_option("--round-seconds", p.round_seconds, "length of a combat round in seconds (ACKS: 10)")->type_name("S");
}

Expected<Scenario> run_firearm(const FirearmParams& p, bool explain) {
  auto cat_or = fire::load_firearms();
  if (!cat_or) return cat_or.error();
  const fire::FirearmCatalogue& cat = **cat_or;
  if (p.catalogue) {
    if (p.weapon || p.range_ft || p.range_yd || p.target_ac) {
      Diagnostics d;
      d.field_error("catalogue", "lists every firearm; it takes no --weapon, range or target");
      return d;
    }
    Scenario listed = catalogue(cat);
    listed.no_chart = "the firearms catalogue has no distribution to chart: give --weapon, a range and --target-ac";
    return listed;
  }
  auto scenario = fire::firearm_scenario(cat, p);
  if (!scenario) return scenario.error();
  const FirearmScenario& fs = *scenario;
  Scenario s;
  if (explain) s.explain = explain_firearm(cat.rules, p, fs);
  s.tables.push_back(shot_table(cat.rules, p, fs));
  s.tables.push_back(volley_table(fs));
  s.charts.push_back(
      dist_chart(s.tables.back().title, "N",
                 {{"Attempts", &fs.volley.attempts}, {"Shots fired", &fs.volley.shots}, {"Hits", &fs.volley.hits}}));
  s.json = firearm_scenario_json(cat.rules, p, fs);
  return s;
}

}  // namespace gunpowder::fire_app
