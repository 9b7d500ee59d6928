// fire_app_firearm.cpp - fire-odds firearm: a character's firearm (seed 000, p. 9-11).
#include <cmath>

#include "fire-odds/fire_app.hpp"
#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/fire/firearm.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::fire_app {

using fmtnum::trim;
using input::Need;
using report::Align;
using report::Table;

namespace {
/// ACKS combat rounds last 10 seconds (ACKS core rules; no seed prints it): six to the minute.
/// Used only to turn rounds into "per minute" figures; --round-seconds changes it.
constexpr double kAcksRoundSeconds = 10;
/// The shots-and-hits distributions follow every round: a bound keeps the work small.
constexpr int kMaxRounds = 600;

std::string signed_str(int v) { return v >= 0 ? "+" + std::to_string(v) : std::to_string(v); }

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
  o.set("mechanism", f.mechanism);
  o.set("type", f.type);
  o.set("bore", f.bore);
  o.set("cost_gp", f.cost_gp ? json::Value(*f.cost_gp) : json::Value());
  o.set("era", f.era);
  o.set("damage", std::to_string(f.damage_dice) + "d" + std::to_string(f.damage_die_sides));
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
  t.add_column("name", "Firearm")
      .add_column("cost_gp", "Cost gp", Align::right)
      .add_column("era", "Era")
      .add_column("damage", "Damage", Align::right)
      .add_column("ranges", "Short / medium / long", Align::right)
      .add_column("reload", "Reload D/U/style", Align::right)
      .add_column("misfire", "Misfire dry/damp/wet", Align::right)
      .add_column("encumbrance", "Enc");
  json::Value list = json::array();
  for (const auto& f : cat.firearms) {
    t.add_row({f.name, f.cost_gp ? trim(*f.cost_gp, 2) : "-", f.era,
               std::to_string(f.damage_dice) + "d" + std::to_string(f.damage_die_sides), ranges(f),
               std::to_string(f.reload_drilled) + "/" + std::to_string(f.reload_undrilled) + "/" +
                   (f.reload_style ? std::to_string(*f.reload_style) : "-"),
               std::to_string(f.misfire_pct[0]) + "/" + std::to_string(f.misfire_pct[1]) + "/" +
                   std::to_string(f.misfire_pct[2]) + "%",
               std::to_string(f.encumbrance) + " " + f.encumbrance_unit});
    list.push(firearm_json(f));
  }
  t.notes.push_back("* armour-piercing range: ignores " + std::to_string(cat.rules.armor_ignored) +
                    " points of armour; ranges in feet underground, yards outdoors");
  s.tables.push_back(std::move(t));
  s.json.set("firearms", std::move(list));
  return s;
}
}  // namespace

void setup_firearm(CLI::App& sub, FirearmParams& p) {
  sub.add_option("-w,--weapon", p.weapon, "the firearm, e.g. \"matchlock musket\", \"rifled flintlock arquebus\"")
      ->type_name("NAME");
  sub.add_flag("--catalogue", p.catalogue, "list the 14 firearms of the characteristics table");
  sub.add_option("--range-ft", p.range_ft, "range in feet (underground: the table's numbers as feet)")->type_name("FT");
  sub.add_option("--range-yd", p.range_yd, "range in yards (outdoors: the table's numbers as yards)")->type_name("YD");
  sub.add_option("--target-ac", p.target_ac, "the target's armour class")->type_name("AC");
  sub.add_option("--armor", p.armor, "points of that AC from armour, hide or shields (default: all of it)")->type_name("N");
  sub.add_option("--shooter", p.shooter, "normal (11+, the default) or veteran (10+)")
      ->check(CLI::IsMember({"normal", "veteran"}))
      ->type_name("WHO");
  sub.add_option("--attack-throw", p.attack_throw, "the shooter's attack throw; overrides --shooter")->type_name("N");
  sub.add_option("--training", p.training, "undrilled (the default), drilled or style (Fighting Style (Firearms))")
      ->check(CLI::IsMember({"undrilled", "drilled", "style"}))
      ->type_name("T");
  sub.add_option("--dex", p.dex, "the shooter's Dexterity modifier (a bonus shortens reload)")->type_name("N");
  sub.add_option("--carried-stone", p.carried_stone, "stone carried (more than 5, 7, 10: reload +1, +2, +3)")->type_name("ST");
  sub.add_flag("--apostles", p.apostles, "loading from 12 apostles (reload -1)");
  sub.add_option("--weather", p.weather, "dry (the default), damp or wet")
      ->check(CLI::IsMember({"dry", "damp", "wet"}))
      ->type_name("W");
  sub.add_flag("--uncleaned", p.uncleaned, "not cleaned daily with a gun cleaning kit (misfire chance doubled)");
  sub.add_flag("--scattershot", p.scattershot, "fire scattershot (smoothbore: +2 at short range, 1d6, no armour ignored)");
  sub.add_flag("--no-rest", p.no_rest, "a musket fired without its fork rest (-2)");
  sub.add_option("--modifier", p.modifier, "any further attack modifier (+ helps)")->type_name("N");
  sub.add_flag("--no-naturals", p.no_naturals, "no automatic hit on a natural 20 nor miss on a natural 1");
  sub.add_option("--penalties", p.penalties, "range penalties as printed (default) or by the smoothbore rule")
      ->check(CLI::IsMember({"printed", "rule"}))
      ->type_name("HOW");
  sub.add_option("--minutes", p.minutes, "minutes of firing for the shots and hits figures (default 1)")->type_name("N");
  sub.add_option("--round-seconds", p.round_seconds, "length of a combat round in seconds (ACKS: 10)")->type_name("S");
}

void read_firearm(input::TableReader& r, FirearmParams& p) {
  auto i = [&](const char* k) -> std::optional<int> {
    if (auto v = r.integer(k, Need::optional, {-1e6, 1e6})) return static_cast<int>(*v);
    return std::nullopt;
  };
  auto b = [&](const char* k) { return r.boolean(k, Need::optional).value_or(false); };
  p.weapon = r.string("weapon", Need::optional);
  p.catalogue = b("catalogue");
  p.range_ft = r.number("range_ft", Need::optional);
  p.range_yd = r.number("range_yd", Need::optional);
  p.target_ac = i("target_ac");
  p.armor = i("armor");
  p.shooter = r.string("shooter", Need::optional, {"normal", "veteran"});
  p.attack_throw = i("attack_throw");
  p.training = r.string("training", Need::optional, {"undrilled", "drilled", "style"});
  p.dex = i("dex");
  p.carried_stone = r.number("carried_stone", Need::optional);
  p.apostles = b("apostles");
  p.weather = r.string("weather", Need::optional, {"dry", "damp", "wet"});
  p.uncleaned = b("uncleaned");
  p.scattershot = b("scattershot");
  p.no_rest = b("no_rest");
  p.modifier = i("modifier");
  p.no_naturals = b("no_naturals");
  p.penalties = r.string("penalties", Need::optional, {"printed", "rule"});
  p.minutes = i("minutes");
  p.round_seconds = r.number("round_seconds", Need::optional);
}

Expected<Scenario> run_firearm(const FirearmParams& p, const Origin& o, bool explain) {
  auto cat_or = fire::load_firearms();
  if (!cat_or) return cat_or.error();
  const fire::FirearmCatalogue& cat = **cat_or;
  const fire::FirearmRules& R = cat.rules;
  if (p.catalogue) {
    if (p.weapon || p.range_ft || p.range_yd || p.target_ac)
      return field_error(o, "catalogue", "lists every firearm; it takes no --weapon, range or target");
    return catalogue(cat);
  }
  if (!p.weapon) return field_error(o, "weapon", "required: the firearm, e.g. \"matchlock musket\" (or --catalogue)");
  const fire::Firearm* f = cat.find(*p.weapon);
  if (!f)
    return field_error(o, "weapon", "unknown firearm \"" + *p.weapon +
                                        "\": name a mechanism (matchlock, wheellock, flintlock), a type (arquebus, musket, "
                                        "pistol) and optionally rifled; see --catalogue");
  if (p.range_ft && p.range_yd) return field_error(o, "range-yd", "give the range in feet or in yards, not both");
  if (!p.range_ft && !p.range_yd) return field_error(o, "range-ft", "required: the range (--range-ft or --range-yd)");
  const std::string range_field = p.range_ft ? "range-ft" : "range-yd";
  const double range = p.range_ft ? *p.range_ft : *p.range_yd;
  if (!std::isfinite(range) || range < 0)
    return field_error(o, range_field, "must be a range of 0 or more, got " + trim(range, 2));
  if (!p.target_ac) return field_error(o, "target-ac", "required: the target's armour class");
  auto check = [&](const std::optional<int>& v, const char* field, int lo, int hi) -> Diagnostics {
    if (v && (*v < lo || *v > hi))
      return field_error(o, field, "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " +
                                       std::to_string(*v));
    return {};
  };
  for (auto d : {check(p.target_ac, "target-ac", -10, 20), check(p.armor, "armor", 0, 20),
                 check(p.attack_throw, "attack-throw", 1, 30), check(p.dex, "dex", -5, 5),
                 check(p.modifier, "modifier", -20, 20), check(p.minutes, "minutes", 1, 60)})
    if (!d.empty()) return d;
  if (p.carried_stone && (!std::isfinite(*p.carried_stone) || *p.carried_stone < 0 || *p.carried_stone > 100))
    return field_error(o, "carried-stone", "must be between 0 and 100 stone, got " + trim(*p.carried_stone, 2));
  const double seconds = p.round_seconds.value_or(kAcksRoundSeconds);
  if (!std::isfinite(seconds) || seconds < 1 || seconds > 60)
    return field_error(o, "round-seconds", "must be between 1 and 60 seconds, got " + trim(seconds, 2));
  const int minutes = p.minutes.value_or(1);
  const double rounds_exact = minutes * 60.0 / seconds;
  const int rounds = static_cast<int>(std::lround(rounds_exact));
  if (rounds > kMaxRounds)
    return field_error(o, "minutes", trim(minutes) + " minute(s) of " + trim(seconds, 2) + "-second rounds is " +
                                         std::to_string(rounds) + " rounds; at most " + std::to_string(kMaxRounds) +
                                         " are followed round by round");
  if (std::abs(rounds_exact - rounds) > 1e-9)
    return field_error(o, "round-seconds", trim(minutes) + " minute(s) of " + trim(seconds, 2) +
                                               "-second rounds is not a whole number of rounds");

  fire::ShotInput in;
  in.range = range;
  const std::string shooter = p.shooter.value_or("normal");
  in.attack_throw = p.attack_throw ? *p.attack_throw : shooter == "veteran" ? R.veteran_throw : R.normal_men_throw;
  in.target_ac = *p.target_ac;
  in.armor = p.armor;
  in.scattershot = p.scattershot;
  in.no_rest = p.no_rest;
  in.other_mod = p.modifier.value_or(0);
  in.naturals = !p.no_naturals;
  in.penalties = p.penalties.value_or("printed") == "rule" ? fire::PenaltyRule::rule : fire::PenaltyRule::printed;
  auto shot_or = fire::shot_odds(R, *f, in);
  if (!shot_or) {
    const std::string msg = shot_or.error().items().front().message;
    const std::string field = msg.rfind("range", 0) == 0 ? range_field
                              : msg.find("scattershot") != std::string::npos ? "scattershot"
                              : msg.find("fork rest") != std::string::npos  ? "no-rest"
                                                                              : "armor";
    return field_error(o, field, msg);
  }
  const fire::Shot& shot = *shot_or;

  fire::ReloadInput ri;
  const std::string training = p.training.value_or("undrilled");
  ri.training = training == "drilled" ? fire::Training::drilled
                : training == "style" ? fire::Training::fighting_style
                                      : fire::Training::undrilled;
  ri.dex_mod = p.dex.value_or(0);
  ri.carried_stone = p.carried_stone.value_or(0);
  ri.apostles = p.apostles;
  const fire::Reload reload = fire::reload_time(R, *f, ri);
  const std::string weather_name = p.weather.value_or("dry");
  const fire::Weather weather = weather_name == "damp" ? fire::Weather::damp
                                : weather_name == "wet" ? fire::Weather::wet
                                                        : fire::Weather::dry;
  const fire::Misfire mis = fire::misfire_chance(R, *f, weather, !p.uncleaned);
  const fire::Volley v = fire::volley(rounds, reload.total, mis.p, R.misfire_clear_rounds, shot.p_hit);
  const double rounds_per_minute = 60.0 / seconds;

  Scenario s;
  if (explain) {
    for (const auto& l : shot.explain) s.explain.push_back(l);
    for (const auto& l : reload.explain) s.explain.push_back(l);
    s.explain.push_back("misfire " + weather_name + ": " + std::to_string(mis.table_pct) + "%" +
                        (p.uncleaned ? " x " + std::to_string(R.uncleaned_multiplier) + " uncleaned" : "") + " = " +
                        std::to_string(mis.pct) + "%" + (mis.capped ? " (capped at 100%)" : ""));
    s.explain.push_back("one attempt every 1 + " + std::to_string(reload.total) + " rounds, +" +
                        std::to_string(R.misfire_clear_rounds) + " to clear a misfire");
  }
  Table t;
  t.title = f->name + " at " + trim(range, 2) + (p.range_ft ? " ft" : " yd") + " against AC " + std::to_string(*p.target_ac);
  t.add_column("field", "Figure").add_column("value", "Value", Align::right).add_column("note", "Rule");
  t.add_row({"Ranges", ranges(*f), "* ignores " + std::to_string(R.armor_ignored) + " points of armour"});
  t.add_row({"Range band", fire::to_string(shot.band), "penalty " + signed_str(shot.penalty)});
  t.add_row({"Attack throw", std::to_string(in.attack_throw) + "+", p.attack_throw ? "given" : shooter + " shooter"});
  t.add_row({"Armour ignored", std::to_string(shot.armor_ignored), "effective AC " + std::to_string(shot.effective_ac)});
  t.add_row({"Modifiers", signed_str(shot.modifiers), p.scattershot ? "scattershot" : ""});
  t.add_row({"Natural roll needed", std::to_string(shot.target) + "+",
             in.naturals ? "a natural 20 always hits, a natural 1 always misses" : "no natural rule"});
  t.add_row({"P(hit) per attack throw", pct(shot.p_hit), ""});
  const std::string damage_text = p.scattershot
                                      ? std::to_string(R.scattershot_dice) + "d" + std::to_string(R.scattershot_die_sides)
                                      : std::to_string(f->damage_dice) + "d" + std::to_string(f->damage_die_sides);
  t.add_row({"Damage on a hit", damage_text, "mean " + trim(shot.damage.mean(), 2)});
  t.add_row({"Misfire chance", std::to_string(mis.pct) + "%",
             weather_name + (p.uncleaned ? ", not cleaned" : ", cleaned daily") + (mis.capped ? ", capped at 100%" : "")});
  t.add_row({"P(hit) per attempt", pct((1 - mis.p) * shot.p_hit), "no misfire, then a hit"});
  t.add_row({"Reload time", std::to_string(reload.total) + " rounds",
             fire::to_string(ri.training) + (reload.floored ? ", floored at 0" : "")});
  s.tables.push_back(std::move(t));

  Table m;
  m.title = "Over " + std::to_string(minutes) + " minute" + (minutes == 1 ? "" : "s") + " (" + std::to_string(rounds) +
            " rounds of " + trim(seconds, 2) + " s), loaded at the start";
  m.add_column("n", "N", Align::right)
      .add_column("attempts", "P(attempts)", Align::right)
      .add_column("shots", "P(shots fired)", Align::right)
      .add_column("hits", "P(hits)", Align::right);
  const int top = std::max({v.attempts.max(), v.shots.max(), v.hits.max()});
  for (int n = 0; n <= top; ++n) m.add_row({std::to_string(n), pct(v.attempts.p(n)), pct(v.shots.p(n)), pct(v.hits.p(n))});
  m.notes.push_back("means: " + trim(v.mean_attempts, 3) + " attempts, " + trim(v.mean_shots, 3) + " shots, " +
                    trim(v.mean_hits, 3) + " hits; in the long run " + trim(v.attempts_per_round * rounds_per_minute, 3) +
                    " attempts and " + trim(v.hits_per_round * rounds_per_minute, 3) + " hits per minute");
  s.tables.push_back(std::move(m));

  json::Value& j = s.json;
  j.set("weapon", firearm_json(*f));
  j.set("range", range);
  j.set("range_unit", p.range_ft ? "ft" : "yd");
  j.set("band", fire::to_string(shot.band));
  j.set("penalty", shot.penalty);
  j.set("attack_throw", in.attack_throw);
  j.set("target_ac", *p.target_ac);
  j.set("armor", p.armor ? *p.armor : std::max(0, *p.target_ac));
  j.set("armor_ignored", shot.armor_ignored);
  j.set("effective_ac", shot.effective_ac);
  j.set("modifiers", shot.modifiers);
  j.set("target", shot.target);
  j.set("naturals", in.naturals);
  j.set("p_hit", fire::clean(shot.p_hit));
  j.set("damage", damage_text);
  j.set("damage_mean", fire::clean(shot.damage.mean()));
  json::Value rl = json::object();
  rl.set("training", fire::to_string(ri.training));
  rl.set("base", reload.base);
  rl.set("dex", reload.dex);
  rl.set("encumbrance", reload.encumbrance);
  rl.set("apostles", reload.apostles);
  rl.set("rounds", reload.total);
  j.set("reload", std::move(rl));
  json::Value mf = json::object();
  mf.set("weather", weather_name);
  mf.set("cleaned", !p.uncleaned);
  mf.set("table_pct", mis.table_pct);
  mf.set("pct", mis.pct);
  mf.set("p", fire::clean(mis.p));
  mf.set("clear_rounds", R.misfire_clear_rounds);
  j.set("misfire", std::move(mf));
  j.set("p_hit_per_attempt", fire::clean((1 - mis.p) * shot.p_hit));
  j.set("round_seconds", seconds);
  j.set("minutes", minutes);
  j.set("rounds", rounds);
  j.set("attempts", dist_json(v.attempts, "n"));
  j.set("shots", dist_json(v.shots, "n"));
  j.set("hits", dist_json(v.hits, "n"));
  j.set("mean_attempts", fire::clean(v.mean_attempts));
  j.set("mean_shots", fire::clean(v.mean_shots));
  j.set("mean_hits", fire::clean(v.mean_hits));
  j.set("attempts_per_minute_long_run", fire::clean(v.attempts_per_round * rounds_per_minute));
  j.set("hits_per_minute_long_run", fire::clean(v.hits_per_round * rounds_per_minute));
  j.set("expected_damage_per_minute_long_run", fire::clean(v.hits_per_round * rounds_per_minute * shot.damage.mean()));
  return s;
}

}  // namespace gunpowder::fire_app
