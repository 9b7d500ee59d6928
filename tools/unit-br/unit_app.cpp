// unit_app.cpp - unit-br: one catalogue troop type from flags, units from TOML files, the
// published rosters, and the rosters against the formulas.
#include "unit-br/unit_app.hpp"

#include <array>
#include <map>
#include <set>
#include <string_view>
#include <ostream>
#include <thread>
#include <unordered_map>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::unit_app {

using fmtnum::trim;
using report::Align;
using report::Table;
using units::Catalogue;
using units::Rating;
using units::Request;

const cli::ToolInfo kInfo{
    "unit-br",
    "Battle rating and cost of pike-and-shot units (Guns of War, seed 000): formation and movement, firearm attacks "
    "and reload tokens (volley fire, pistol caracole, pistol charge), missile and melee values, battle rating, monthly "
    "wage, supply and specialists, campaign movement, Mounted Foot deployments, and for a catalogue troop type its "
    "availability, training and qualifying numbers. Every derived figure can be given instead in a [[unit]] table.",
    "Examples:\n"
    "  unit-br --troop \"matchlock musketeers\" --race man --troops 120 --format json\n"
    "  unit-br --troop \"flintlock arquebusiers\" --race man --veteran --format csv\n"
    "  unit-br --troop dragoons --reform-lost 3 4 --explain   Mounted Foot reformed after battle\n"
    "  unit-br --troop reiters --race elf --format markdown\n"
    "  unit-br --catalogue                                     the published rosters\n"
    "  unit-br --catalogue --compare                           the rosters against the formulas\n"
    "  unit-br units.toml                                      [[unit]] tables: troop, race, troops, veteran,\n"
    "                                                          name, or the characteristics themselves\n"};

void setup(CLI::App& app, Options& opt) {
  app.add_option("--troop", opt.troop, "catalogue troop type, e.g. \"matchlock musketeers\", pikemen, dragoons")
      ->type_name("TYPE");
  app.add_option("--race", opt.race, "race: man (default), dwarf, elf, kobold, goblin, orc, hobgoblin, gnoll, lizardman, "
                                     "bugbear, ogre")
      ->type_name("RACE");
  app.add_flag("--veteran", opt.veteran, "veteran troops (human units only)");
  app.add_option("--troops", opt.troops, "number of troops (default: the unit size of the rosters)")->type_name("N");
  app.add_option("-n,--name", opt.name, "name of the unit in the output")->type_name("NAME");
  app.add_option("--reform-lost", opt.reform_lost,
                 "Mounted Foot: uhp lost by each of the two Irregular Mounted halves, reformed after battle")
      ->expected(2)
      ->type_name("A B");
  app.add_option("--misfire", opt.misfire, "misfire factors: examples (flintlock 0.9, other 0.8; default) or text (0.8/0.9)")
      ->check(CLI::IsMember({"examples", "text"}))
      ->type_name("READING");
  app.add_option("--fm-pistol-column", opt.fm_pistol_column,
                 "rate-of-fire column of Formed Mounted pistols: drilled (default, as the rosters) or other")
      ->check(CLI::IsMember({"drilled", "other"}))
      ->type_name("COLUMN");
  app.add_option("--wage-source", opt.wage_source,
                 "troop wage: wage-table (default) or characteristics (the two disagree for dragoons)")
      ->check(CLI::IsMember({"wage-table", "characteristics"}))
      ->type_name("TABLE");
  app.add_option("--pistol-bonus", opt.pistol_bonus,
                 "pistol-charge bonus attack: rule (never with lance or shield; default) or rosters (hussars get it)")
      ->check(CLI::IsMember({"rule", "rosters"}))
      ->type_name("READING");
  app.add_flag("--catalogue", opt.catalogue, "list every roster unit with its published figures");
  app.add_flag("--compare", opt.compare, "recompute every roster unit and compare it with the published figures");
}

namespace {

std::string money(double gp) { return trim(gp, 2); }
std::string opt_str(const std::optional<int>& v) { return v ? std::to_string(*v) : std::string("-"); }
std::string signed_int(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }
json::Value opt_json(const std::optional<double>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_json(const std::optional<int>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_json(const std::optional<std::string>& v) { return v ? json::Value(*v) : json::Value(); }

json::Value strings(const std::vector<std::string>& v) {
  json::Value a = json::array();
  for (const auto& s : v) a.push(s);
  return a;
}

// Applies the command-line readings to a request unless the unit table chose its own.
void apply_options(const Options& opt, Request& req, const toml::table* t) {
  auto unset = [&](const char* key) { return !t || !t->contains(key); };
  if (!opt.misfire.empty() && unset("misfire_reading")) req.misfire_reading = opt.misfire;
  if (!opt.fm_pistol_column.empty() && unset("fm_pistol_column")) req.fm_pistol_column = opt.fm_pistol_column;
  if (!opt.wage_source.empty() && unset("wage_source")) req.wage_source = opt.wage_source;
  if (!opt.pistol_bonus.empty() && unset("pistol_bonus")) req.pistol_bonus = opt.pistol_bonus;
}

// ---------------------------------------------------------------------------------------------
// JSON (keys documented in docs/man/unit-br.1)

json::Value firearm_json(const units::FirearmAttack& a) {
  json::Object o;
  o.reserve(20);
  o.emplace_back("firearm", a.firearm.name());
  o.emplace_back("mechanism", units::to_string(a.firearm.mechanism));
  o.emplace_back("type", units::to_string(a.firearm.type));
  o.emplace_back("bore", a.firearm.rifled ? "rifled" : "smoothbore");
  o.emplace_back("count", a.firearm.count);
  o.emplace_back("rate_column", a.rate_column);
  o.emplace_back("rate_of_fire", "1/" + std::to_string(a.rate_denominator));
  o.emplace_back("misfire_factor", a.misfire);
  o.emplace_back("average_damage", a.average_damage);
  o.emplace_back("attacks_raw", a.attacks_raw);
  o.emplace_back("attacks", a.attacks);
  o.emplace_back("reload_tokens", a.reload_tokens);
  o.emplace_back("caracole", a.caracole);
  o.emplace_back("line", a.line);
  o.emplace_back("volley_line", opt_json(a.volley_line));
  o.emplace_back("melee_line", opt_json(a.melee_line));
  o.emplace_back("ap_range_vs_foot", a.ap_range_vs_foot);
  o.emplace_back("max_range_vs_foot", a.max_range_vs_foot);
  o.emplace_back("ap_range_vs_mounted", a.ap_range_vs_mounted);
  o.emplace_back("max_range_vs_mounted", a.max_range_vs_mounted);
  return json::Value(std::move(o));
}

json::Value deployment_json(const units::Deployment& d) {
  json::Object o;
  o.reserve(6);
  o.emplace_back("formation", units::to_string(d.formation));
  o.emplace_back("units", d.units);
  o.emplace_back("troops", d.troops);
  o.emplace_back("uhp", d.uhp);
  o.emplace_back("movement", d.movement);
  json::Value lines = json::array();
  for (const auto& a : d.firearms) lines.push(a.line);
  o.emplace_back("attack_lines", std::move(lines));
  return json::Value(std::move(o));
}

std::optional<int> realm_troops(const units::TroopType& t, const std::string& realm) {
  for (const auto& [k, n] : t.realm)
    if (k == realm) return n;
  return std::nullopt;
}

json::Value unit_json(const Catalogue& cat, const Rating& r) {
  json::Object o;
  o.reserve(62);
  o.emplace_back("name", r.name);
  o.emplace_back("troop", r.troop.empty() ? json::Value() : json::Value(r.troop));
  o.emplace_back("race", r.race);
  o.emplace_back("veteran", r.veteran);
  o.emplace_back("troops", r.troops);
  o.emplace_back("mounted", r.mounted);
  o.emplace_back("ac", r.ac);
  o.emplace_back("ac_alt", opt_json(r.ac_alt));
  o.emplace_back("hd", r.hd.text);
  o.emplace_back("uhp", r.uhp);
  o.emplace_back("morale", r.morale);
  o.emplace_back("encounter_move_ft", r.encounter_move_ft);
  o.emplace_back("formation", units::to_string(r.formation));
  json::Value choices = json::array();
  for (auto f : r.formation_choices) choices.push(units::to_string(f));
  o.emplace_back("formation_choices", std::move(choices));
  o.emplace_back("movement", r.movement);
  o.emplace_back("march", opt_json(r.march));
  o.emplace_back("hustle", r.hustle);
  o.emplace_back("charge", r.charge);
  o.emplace_back("attack_throw", r.attack_throw);
  json::Value fa = json::array();
  for (const auto& a : r.firearms) fa.push(firearm_json(a));
  o.emplace_back("firearms", std::move(fa));
  const units::FirearmAttack* p = r.primary ? &r.firearms[*r.primary] : nullptr;
  o.emplace_back("attacks_raw", p ? json::Value(p->attacks_raw) : json::Value());
  o.emplace_back("attacks", p ? json::Value(p->attacks) : json::Value());
  o.emplace_back("reload_tokens", p ? json::Value(p->reload_tokens) : json::Value());
  o.emplace_back("attack_lines", strings(r.missile_lines));
  o.emplace_back("melee_lines", strings(r.melee_lines));
  o.emplace_back("melee_attacks", r.melee_attacks);
  o.emplace_back("melee_attacks_raw", r.melee_attacks_raw);
  o.emplace_back("charge_attacks", r.charge_attacks);
  o.emplace_back("max_charge_damage", r.max_charge_damage);
  o.emplace_back("equipment_bonus", r.equipment_bonus);
  o.emplace_back("missile_value", r.missile_value);
  o.emplace_back("melee_value", r.melee_value);
  o.emplace_back("combat_modifier", r.combat_modifier);
  o.emplace_back("uhp_factor", r.uhp_factor);
  o.emplace_back("morale_modifier", r.morale_modifier);
  o.emplace_back("speed_modifier", r.speed_modifier);
  o.emplace_back("formation_modifier", r.formation_modifier);
  o.emplace_back("br_raw", r.br_raw);
  o.emplace_back("br_rounded", r.br_rounded);
  o.emplace_back("special_attack_bonus", r.special_attack_bonus);
  o.emplace_back("br", r.br);
  o.emplace_back("br_published", opt_json(r.br_published));
  o.emplace_back("wage_gp_troop", r.wage_gp_troop);
  o.emplace_back("wage_gp_month", r.wage_gp_month);
  o.emplace_back("supply_gp_week", r.supply_gp_week);
  o.emplace_back("specialist_gp_month", r.specialist_gp_month);
  o.emplace_back("total_gp_month", r.total_gp_month);
  o.emplace_back("daily_miles", r.daily_miles);
  o.emplace_back("weekly_miles", r.weekly_miles);
  if (r.as_drilled_foot && r.as_irregular_mounted) {
    json::Value mf = json::object();
    mf.set("as_drilled_foot", deployment_json(*r.as_drilled_foot));
    mf.set("as_irregular_mounted", deployment_json(*r.as_irregular_mounted));
    o.emplace_back("mounted_foot", std::move(mf));
  } else {
    o.emplace_back("mounted_foot", json::Value());
  }
  if (r.reform) {
    json::Value rf = json::object();
    rf.set("lost_fraction", std::to_string(r.reform->lost_numerator) + "/" + std::to_string(r.reform->lost_denominator));
    rf.set("uhp_lost_unrounded", r.reform->uhp_lost_unrounded);
    rf.set("uhp_lost", r.reform->uhp_lost);
    rf.set("uhp_remaining", r.reform->uhp_remaining);
    o.emplace_back("reform", std::move(rf));
  } else {
    o.emplace_back("reform", json::Value());
  }
  if (r.availability) {
    const units::TroopType& a = *r.availability->type;
    json::Object c;
    c.reserve(12);
    c.emplace_back("era", a.era_printed);
    json::Value market = json::array();
    for (const auto& m : a.market) {
      json::Value mo = json::object();
      mo.set("market_class", m.market_class);
      mo.set("troops", m.dice);
      mo.set("chance_pct", m.chance_pct);
      market.push(std::move(mo));
    }
    c.emplace_back("market", std::move(market));
    json::Value realm = json::array();
    for (const auto& rs : cat.realms) {
      json::Value ro = json::object();
      ro.set("realm", rs.key);
      ro.set("troops", opt_json(realm_troops(a, rs.key)));
      realm.push(std::move(ro));
    }
    c.emplace_back("realm", std::move(realm));
    c.emplace_back("training_time", opt_json(a.training_time));
    c.emplace_back("training_time_unit", a.training_time_unit);
    c.emplace_back("marshal_cost_gp", opt_json(a.marshal_cost_gp));
    c.emplace_back("training_cost_gp", opt_json(a.training_cost_gp));
    c.emplace_back("equipment_cost_gp", opt_json(a.equipment_cost_gp));
    c.emplace_back("total_cost_troop_gp", opt_json(a.total_cost_troop_gp));
    c.emplace_back("total_cost_unit_gp", opt_json(a.total_cost_unit_gp));
    c.emplace_back("qualifying_per_120", opt_json(r.availability->qualifying_per_120));
    o.emplace_back("catalogue", json::Value(std::move(c)));
  } else {
    o.emplace_back("catalogue", json::Value());
  }
  o.emplace_back("overridden", strings(r.overridden));
  o.emplace_back("notes", strings(r.notes));
  return json::Value(std::move(o));
}

// ---------------------------------------------------------------------------------------------
// Tables

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : "; ") + s;
  return out.empty() ? "-" : out;
}

Table summary_table() {
  Table t;
  t.title = "Units";
  t.add_column("name", "Unit")
      .add_column("troops", "Troops", Align::right)
      .add_column("formation", "Form")
      .add_column("movement", "Move", Align::right)
      .add_column("ac", "AC", Align::right)
      .add_column("uhp", "uhp", Align::right)
      .add_column("morale", "ML", Align::right)
      .add_column("attacks_raw", "Raw att.", Align::right)
      .add_column("attacks", "Att.", Align::right)
      .add_column("reload_tokens", "Reload", Align::right)
      .add_column("attack_lines", "Missile attacks")
      .add_column("melee_lines", "Melee attacks")
      .add_column("missile_value", "MiV", Align::right)
      .add_column("melee_value", "MeV", Align::right)
      .add_column("combat_modifier", "CM", Align::right)
      .add_column("br_raw", "BR raw", Align::right)
      .add_column("br", "BR", Align::right)
      .add_column("wage_gp_month", "Wage gp/mo", Align::right)
      .add_column("supply_gp_week", "Supply gp/wk", Align::right)
      .add_column("specialist_gp_month", "Spec. gp/mo", Align::right)
      .add_column("total_gp_month", "Total gp/mo", Align::right)
      .add_column("daily_miles", "Miles/day", Align::right)
      .add_column("weekly_miles", "Miles/wk", Align::right);
  return t;
}

void add_summary_row(std::vector<std::vector<std::string>>& rows, const Rating& r) {
  {
    const units::FirearmAttack* p = r.primary ? &r.firearms[*r.primary] : nullptr;
    rows.push_back({r.name, std::to_string(r.troops), units::to_string(r.formation), r.movement, std::to_string(r.ac),
               std::to_string(r.uhp), signed_int(r.morale), p ? trim(p->attacks_raw, 3) : "-",
               p ? std::to_string(p->attacks) : "-", p ? std::to_string(p->reload_tokens) : "-", joined(r.missile_lines),
               joined(r.melee_lines), trim(r.missile_value, 2), trim(r.melee_value, 2), trim(r.combat_modifier, 2),
               trim(r.br_raw, 3), trim(r.br, 2), money(r.wage_gp_month), money(r.supply_gp_week),
               money(r.specialist_gp_month), money(r.total_gp_month), trim(r.daily_miles, 1), trim(r.weekly_miles, 1)});
  }
}

void detail_tables(const Catalogue& cat, const Rating& r, std::vector<Table>& out) {
  Table u;
  u.title = r.name;
  u.add_column("figure", "Characteristic").add_column("value", "Value", Align::right);
  auto row = [&](std::string f, std::string v) { u.add_row({std::move(f), std::move(v)}); };
  row("Troop type", r.troop.empty() ? "custom" : r.troop);
  row("Race", r.race + (r.veteran ? ", veteran" : ""));
  row("Troops", std::to_string(r.troops) + (r.mounted ? " mounted" : ""));
  row("Unit AC", std::to_string(r.ac) + (r.ac_alt ? " (" + std::to_string(*r.ac_alt) + ")" : ""));
  row("Hit dice / unit hit points", r.hd.text + " / " + std::to_string(r.uhp) + " uhp");
  row("Morale", signed_int(r.morale));
  row("Encounter movement", std::to_string(r.encounter_move_ft) + "'");
  std::string choices;
  for (auto f : r.formation_choices) choices += (choices.empty() ? "" : " or ") + units::to_string(f);
  row("Formation", units::to_string(r.formation) + (r.formation_choices.size() > 1 ? " (of " + choices + ")" : ""));
  row("Movement march/hustle/charge", r.movement);
  row("Attack throw", std::to_string(r.attack_throw) + "+");
  row("Campaign movement", trim(r.daily_miles, 1) + " miles a day, " + trim(r.weekly_miles, 1) + " a week");
  for (const auto& n : r.notes) u.notes.push_back(n);
  if (!r.overridden.empty()) u.notes.push_back("given instead of derived: " + joined(r.overridden));
  out.push_back(std::move(u));

  Table a;
  a.title = "Attacks";
  a.add_column("kind", "Kind")
      .add_column("line", "Attack characteristic")
      .add_column("raw", "Raw", Align::right)
      .add_column("rate", "Rate of fire", Align::right)
      .add_column("range", "Range AP/max v. foot, mounted", Align::right);
  for (const auto& f : r.firearms) {
    a.add_row({"missile", f.line, trim(f.attacks_raw, 4), "1/" + std::to_string(f.rate_denominator) + " (" + f.rate_column + ")",
               std::to_string(f.ap_range_vs_foot) + "/" + std::to_string(f.max_range_vs_foot) + ", " +
                   std::to_string(f.ap_range_vs_mounted) + "/" + std::to_string(f.max_range_vs_mounted)});
    if (f.volley_line) a.add_row({"volley fire", *f.volley_line, "", "", ""});
  }
  for (const auto& l : r.melee_lines) a.add_row({"melee", l, "", "", ""});
  if (a.rows.empty()) a.add_row({"-", "no attacks", "", "", ""});
  for (const auto& f : r.firearms)
    if (f.caracole) a.notes.push_back("\"or 0\": no reload tokens the first time it fires its pistols (pistol caracole)");
  out.push_back(std::move(a));

  Table b;
  b.title = "Battle rating (" + cat.br.source + ")";
  b.add_column("figure", "Figure").add_column("value", "Value", Align::right);
  b.add_row({"Unit AC", std::to_string(r.ac)});
  b.add_row({"uhp / 8", trim(r.uhp_factor, 4)});
  b.add_row({"Morale modifier", trim(r.morale_modifier, 4)});
  b.add_row({"Speed modifier", trim(r.speed_modifier, 4)});
  b.add_row({"Formation modifier", trim(r.formation_modifier, 4)});
  b.add_row({"Equipment bonus", trim(r.equipment_bonus, 2)});
  b.add_row({"Missile value", trim(r.missile_value, 4)});
  b.add_row({"Melee value", trim(r.melee_value, 4)});
  b.add_row({"Combat modifier", trim(r.combat_modifier, 4)});
  b.add_row({"BR before rounding", trim(r.br_raw, 4)});
  b.add_row({"BR rounded", trim(r.br_rounded, 2)});
  b.add_row({"Special attack bonus", trim(r.special_attack_bonus, 2)});
  b.add_row({"Battle rating", trim(r.br, 2)});
  if (r.br_published) b.add_row({"Published (campaign roster)", trim(*r.br_published, 2)});
  out.push_back(std::move(b));

  Table c;
  c.title = "Campaign cost";
  c.add_column("figure", "Figure").add_column("value", "gp", Align::right);
  c.add_row({"Wage per troop a month", money(r.wage_gp_troop)});
  c.add_row({"Monthly wage", money(r.wage_gp_month)});
  c.add_row({"Weekly supply", money(r.supply_gp_week)});
  c.add_row({"Specialists a month", money(r.specialist_gp_month)});
  c.add_row({"Total a month", money(r.total_gp_month)});
  c.notes.push_back("total = wage + specialists + " + trim(cat.campaign.weeks_per_month) + " x weekly supply");
  out.push_back(std::move(c));

  if (r.as_drilled_foot && r.as_irregular_mounted) {
    Table m;
    m.title = "Mounted Foot deployments (" + cat.mounted_foot.source + ")";
    m.add_column("deployment", "Deployed as")
        .add_column("units", "Units", Align::right)
        .add_column("troops", "Troops each", Align::right)
        .add_column("uhp", "uhp each", Align::right)
        .add_column("movement", "Move", Align::right)
        .add_column("attacks", "Missile attacks");
    for (const auto* d : {&*r.as_drilled_foot, &*r.as_irregular_mounted}) {
      std::vector<std::string> lines;
      for (const auto& f : d->firearms) lines.push_back(f.line);
      m.add_row({units::to_string(d->formation), std::to_string(d->units), std::to_string(d->troops), std::to_string(d->uhp),
                 d->movement, joined(lines)});
    }
    if (r.reform)
      m.notes.push_back("reformed after battle: " + std::to_string(r.reform->lost_numerator) + "/" +
                        std::to_string(r.reform->lost_denominator) + " of " + std::to_string(r.uhp) + " uhp = " +
                        trim(r.reform->uhp_lost_unrounded, 3) + " lost, rounded half to even to " +
                        std::to_string(r.reform->uhp_lost) + "; " + std::to_string(r.reform->uhp_remaining) + " uhp remain");
    out.push_back(std::move(m));
  }

  if (r.availability) {
    const units::TroopType& av = *r.availability->type;
    Table t;
    t.title = "Availability and training (" + cat.market_source + "; " + cat.training_source + ")";
    t.add_column("figure", "Figure").add_column("value", "Value", Align::right);
    t.add_row({"Era", av.era_printed});
    for (const auto& m : av.market)
      t.add_row({"Market class " + std::to_string(m.market_class),
                 m.dice + (m.chance_pct < 100 ? " (" + std::to_string(m.chance_pct) + "%)" : "")});
    for (const auto& realm : cat.realms) {
      const auto v = realm_troops(av, realm.key);
      t.add_row({realm.name + " (per " + realm.time_period + ")", v ? fmtnum::grouped(*v) : "-"});
    }
    t.add_row({"Training time", av.training_time ? std::to_string(*av.training_time) + " " + av.training_time_unit +
                                                       (*av.training_time == 1 ? "" : "s")
                                                 : "-"});
    auto g = [](const std::optional<double>& v) { return v ? money(*v) + " gp" : std::string("-"); };
    t.add_row({"Marshal cost per troop", g(av.marshal_cost_gp)});
    t.add_row({"Training cost per troop", g(av.training_cost_gp)});
    t.add_row({"Equipment cost per troop", g(av.equipment_cost_gp)});
    t.add_row({"Total cost per troop", g(av.total_cost_troop_gp)});
    t.add_row({"Total cost per unit", g(av.total_cost_unit_gp)});
    t.add_row({"Qualifying number per 120 conscripts", opt_str(r.availability->qualifying_per_120)});
    out.push_back(std::move(t));
  }
}

// ---------------------------------------------------------------------------------------------
// Inputs

struct Named {
  Request req;
  const input::Document* doc = nullptr;
  const toml::table* table = nullptr;
};

// Places a rule error at the TOML key it concerns (exit 65) or names the flag (exit 64): a
// unit from flags has only --troop, --race, --veteran and --troops, and every other field comes
// from the troop type.
Diagnostics place(const Diagnostics& in, const Named& n) {
  if (n.doc && n.table) return input::place_fields(in, *n.doc, *n.table);
  return cli::place_on_flags(in, [](const std::string& field) {
    const bool is_flag = field == "troop" || field == "race" || field == "veteran" || field == "troops";
    return is_flag ? std::string() : std::string("--troop");
  });
}

// Every key a [[unit]] table may hold (documented in docs/man/unit-br.1, INPUT).
const std::set<std::string_view> kUnitKeys = {
    "name", "troop", "race", "veteran", "troops", "ac", "mount_ac", "uhp", "morale", "move_ft", "foot_move_ft", "hd",
    "mounted", "shield", "firearm_experience", "apostles", "weapons", "firearms", "attack_throw", "dex_modifier",
    "encumbrance_stone", "average_damage", "formation", "movement", "rate_column", "misfire_reading", "misfire_factor",
    "rate_denominator", "attacks_raw", "melee_attacks", "melee_attacks_raw", "melee_weapon", "charge_attacks",
    "max_charge_damage", "equipment_bonus", "missile_value", "melee_value", "combat_modifier", "morale_modifier",
    "speed_modifier", "formation_modifier", "wage_gp", "supply_gp_week", "specialist_gp_month", "daily_miles",
    "wage_source", "fm_pistol_column", "pistol_bonus", "reform_uhp_lost"};

// Reads every [[unit]] of a document and hands each one that read cleanly to `on_unit`.
template <typename F>
void read_units(const input::Document& doc, Diagnostics& diags, const F& on_unit) {
  input::check_top_level(doc, {"unit"}, diags);
  using input::Need;
  using input::Range;
  for (const toml::table* t : input::tables_of(doc, "unit", diags)) {
    // The unit's errors are gathered apart to know whether it read cleanly.
    Diagnostics local;
    input::TableReader r(doc, *t, local, "[[unit]]");
    Named n;
    n.doc = &doc;
    n.table = t;
    Request& q = n.req;
    // Optional keys are only asked for when present (absent keys need no bookkeeping). The
    // table's own keys are listed once, so that asking about the fifty possible keys costs a
    // few comparisons each instead of a lookup in the table.
    std::array<std::string_view, 16> own{};
    size_t own_n = 0;
    for (const auto& [k, v] : *t) {
      if (own_n == own.size()) {
        own_n = own.size() + 1;  // more keys than listed: ask the table
        break;
      }
      own[own_n++] = k.str();
    }
    auto has = [&](std::string_view key) {
      if (own_n > own.size()) return r.has(key);
      for (size_t i = 0; i < own_n; ++i)
        if (own[i] == key) return true;
      return false;
    };
    auto num = [&](const char* key, Range range) -> std::optional<double> {
      return has(key) ? r.number(key, Need::optional, range) : std::nullopt;
    };
    auto integer = [&](const char* key, Range range) -> std::optional<int> {
      if (!has(key)) return std::nullopt;
      if (auto v = r.integer(key, Need::optional, range)) return static_cast<int>(*v);
      return std::nullopt;
    };
    auto text = [&](const char* key, std::initializer_list<std::string_view> allowed = {}) -> std::optional<std::string> {
      return has(key) ? r.string(key, Need::optional, allowed) : std::nullopt;
    };
    auto flag = [&](const char* key) -> std::optional<bool> {
      return has(key) ? r.boolean(key, Need::optional) : std::nullopt;
    };
    q.name = text("name").value_or("");
    q.troop = text("troop");
    if (auto race = text("race")) q.race = *race;
    q.veteran = flag("veteran").value_or(false);
    q.troops = integer("troops", Range{1, units::kMaxTroops});
    q.ac = integer("ac", Range{0, 30});
    q.mount_ac = integer("mount_ac", Range{0, 30});
    q.uhp = integer("uhp", Range{1, 100000});
    q.morale = integer("morale", Range{-6, 20});
    q.move_ft = integer("move_ft", Range{1, 10000});
    q.foot_move_ft = integer("foot_move_ft", Range{1, 10000});
    q.hd = text("hd");
    q.mounted = flag("mounted");
    q.shield = flag("shield");
    q.firearm_experience = flag("firearm_experience");
    q.apostles = flag("apostles");
    if (has("weapons"))
      if (const auto* a = r.array("weapons", Need::optional)) {
        std::vector<std::string> w;
        for (const auto& e : *a) {
          const auto s = e.value<std::string>();
          bool ok = false;
          for (const auto& k : units::melee_weapon_keys()) ok = ok || (s && *s == k);
          if (!ok) {
            std::string list;
            for (const auto& k : units::melee_weapon_keys()) list += (list.empty() ? "" : ", ") + k;
            const SourcePos p = doc.pos(e);
            local.error(p, "unknown weapon " + (s ? "\"" + *s + "\"" : input::type_name(e)) + " (allowed: " + list + ")",
                        doc.line(p.line));
            continue;
          }
          w.push_back(*s);
        }
        q.weapons = std::move(w);
      }
    if (has("firearms"))
      if (const auto* a = r.array("firearms", Need::optional)) {
        std::vector<units::Firearm> fs;
        for (const auto& e : *a) {
          const toml::table* ft = e.as_table();
          if (!ft) {
            const SourcePos p = doc.pos(e);
            local.error(p, "each firearm must be a table {mechanism, type, bore, count}, got " + input::type_name(e),
                        doc.line(p.line));
            continue;
          }
          input::TableReader fr(doc, *ft, local, "firearm");
          units::Firearm f;
          const auto mech = fr.string("mechanism", Need::required, {"matchlock", "wheellock", "flintlock"});
          const auto type = fr.string("type", Need::required, {"pistol", "arquebus", "musket"});
          const auto bore = fr.has("bore") ? fr.string("bore", Need::optional, {"smoothbore", "rifled"}) : std::nullopt;
          const auto count = fr.has("count") ? fr.integer("count", Need::optional, Range{1, 6}) : std::nullopt;
          fr.finish();
          if (!mech || !type) continue;
          f.mechanism = *units::parse_mechanism(*mech);
          f.type = *units::parse_firearm_type(*type);
          f.rifled = bore && *bore == "rifled";
          f.count = static_cast<int>(count.value_or(1));
          fs.push_back(f);
        }
        q.firearms = std::move(fs);
      }
    q.attack_throw = integer("attack_throw", Range{1, 30});
    q.dex_modifier = integer("dex_modifier", Range{-5, 5});
    q.encumbrance_stone = num("encumbrance_stone", input::non_negative(100));
    q.average_damage = num("average_damage", input::positive(100));
    if (auto f = text("formation", {"DF", "DM", "FF", "FLY", "FM", "IF", "IM", "LF", "LM", "MF", "UF"}))
      q.formation = units::parse_formation(*f);
    q.movement = text("movement");
    q.rate_column = text("rate_column", {"drilled", "other"});
    q.misfire_reading = text("misfire_reading", {"examples", "text"}).value_or("");
    q.misfire_factor = num("misfire_factor", input::positive(1));
    q.rate_denominator = integer("rate_denominator", Range{1, 100});
    q.attacks_raw = num("attacks_raw", input::non_negative(1000));
    q.melee_attacks = integer("melee_attacks", Range{0, 1000});
    q.melee_attacks_raw = num("melee_attacks_raw", input::non_negative(1000));
    q.melee_weapon = text("melee_weapon");
    q.charge_attacks = integer("charge_attacks", Range{0, 1000});
    q.max_charge_damage = num("max_charge_damage", input::non_negative(10000));
    q.equipment_bonus = num("equipment_bonus", input::non_negative(100));
    q.missile_value = num("missile_value", input::non_negative(100000));
    q.melee_value = num("melee_value", input::non_negative(100000));
    q.combat_modifier = num("combat_modifier", input::non_negative(100000));
    q.morale_modifier = num("morale_modifier", input::non_negative(100));
    q.speed_modifier = num("speed_modifier", input::non_negative(100));
    q.formation_modifier = num("formation_modifier", input::non_negative(100));
    q.wage_gp = num("wage_gp", input::non_negative(1e6));
    q.supply_gp_week = num("supply_gp_week", input::non_negative(1e9));
    q.specialist_gp_month = num("specialist_gp_month", input::non_negative(1e9));
    q.daily_miles = num("daily_miles", input::non_negative(1000));
    if (auto w = text("wage_source", {"wage-table", "characteristics"})) q.wage_source = *w;
    if (auto c = text("fm_pistol_column", {"drilled", "other"})) q.fm_pistol_column = *c;
    if (auto p = text("pistol_bonus", {"rule", "rosters"})) q.pistol_bonus = *p;
    if (has("reform_uhp_lost"))
      if (const auto* a = r.array("reform_uhp_lost", Need::optional)) {
        std::array<int, 2> lost{};
        bool ok = a->size() == 2;
        for (size_t i = 0; ok && i < 2; ++i) {
          const auto v = (*a)[i].value<std::int64_t>();
          ok = v && *v >= 0 && *v <= 100000;
          if (ok) lost[i] = static_cast<int>(*v);
        }
        if (ok) q.reform_uhp_lost = lost;
        else r.error_at("reform_uhp_lost", "'reform_uhp_lost' must be two whole numbers of uhp, one per half, e.g. [3, 4]");
      }
    // Only present keys were asked for; name every key of [[unit]] when one is unknown, so that
    // the message lists them all.
    bool unknown = false;
    for (const auto& [k, v] : *t) unknown = unknown || !kUnitKeys.count(k.str());
    if (unknown)
      for (auto k : kUnitKeys) r.allow(k);
    r.finish();
    const bool clean = local.empty();
    diags.append(local);
    if (clean) on_unit(n);
  }
}

// ---------------------------------------------------------------------------------------------
// The rosters

Expected<report::Report> catalogue_report(const Catalogue& cat) {
  report::Report rep;
  Table c;
  c.title = "Campaign rosters (seed 000, Units of the Pike and Shot Age, pp. 47-51)";
  c.add_column("name", "Unit")
      .add_column("race", "Race")
      .add_column("troops", "Troops", Align::right)
      .add_column("daily_miles", "Miles/day", Align::right)
      .add_column("weekly_miles", "Miles/week", Align::right)
      .add_column("wage_gp_month", "Wage gp/mo", Align::right)
      .add_column("supply_gp_week", "Supply gp/wk", Align::right)
      .add_column("specialist_gp_month", "Spec. gp/mo", Align::right)
      .add_column("total_gp_month", "Total gp/mo", Align::right)
      .add_column("br", "BR", Align::right)
      .add_column("page", "Page", Align::right);
  Table b;
  b.title = "Battle rosters (seed 000, Units of the Pike and Shot Age, pp. 47-51)";
  b.add_column("name", "Unit")
      .add_column("race", "Race")
      .add_column("troops", "Troops", Align::right)
      .add_column("move", "Move", Align::right)
      .add_column("formation", "Form")
      .add_column("ac", "AC", Align::right)
      .add_column("hd", "HD", Align::right)
      .add_column("uhp", "uhp", Align::right)
      .add_column("morale", "ML", Align::right)
      .add_column("missile", "Missile attacks")
      .add_column("melee", "Melee attacks")
      .add_column("page", "Page", Align::right);
  json::Value cj = json::array(), bj = json::array();
  for (const auto& u : cat.roster) {
    json::Value o = json::object();
    o.set("key", u.key);
    o.set("name", u.name);
    o.set("race", u.race);
    o.set("troop", u.troop_type);
    o.set("veteran", u.veteran);
    o.set("troops", u.troops);
    if (u.roster == "campaign") {
      c.add_row({u.name, u.race, std::to_string(u.troops), std::to_string(u.daily_move_miles), std::to_string(u.weekly_move_miles),
                 money(u.monthly_wage_gp), money(u.supply_cost_gp_per_week), money(u.specialist_cost_gp_per_month),
                 money(u.total_cost_gp_per_month), trim(u.battle_rating, 2), std::to_string(u.page)});
      o.set("daily_miles", u.daily_move_miles);
      o.set("weekly_miles", u.weekly_move_miles);
      o.set("wage_gp_month", u.monthly_wage_gp);
      o.set("supply_gp_week", u.supply_cost_gp_per_week);
      o.set("specialist_gp_month", u.specialist_cost_gp_per_month);
      o.set("total_gp_month", u.total_cost_gp_per_month);
      o.set("br", u.battle_rating);
      o.set("source", u.source);
      cj.push(std::move(o));
    } else {
      const std::string ac = std::to_string(u.ac) + (u.ac_alt ? " (" + std::to_string(*u.ac_alt) + ")" : "");
      b.add_row({u.name, u.race, std::to_string(u.troops), u.unit_move, u.formation_printed, ac, u.hd, std::to_string(u.uhp),
                 signed_int(u.morale), joined(u.missile_attacks), joined(u.melee_attacks), std::to_string(u.page)});
      o.set("movement", u.unit_move);
      o.set("formation", u.formation_printed);
      o.set("ac", u.ac);
      o.set("ac_alt", opt_json(u.ac_alt));
      o.set("hd", u.hd);
      o.set("uhp", u.uhp);
      o.set("morale", u.morale);
      o.set("missile_attacks", strings(u.missile_attacks));
      o.set("melee_attacks", strings(u.melee_attacks));
      o.set("source", u.source);
      bj.push(std::move(o));
    }
  }
  c.notes.push_back("human veterans (p. 47 note): +" + trim(cat.campaign.veteran_extra_wage_gp) + " gp per troop a month, +" +
                    trim(cat.campaign.veteran_br_bonus_infantry) + " BR infantry, +" +
                    trim(cat.campaign.veteran_br_bonus_cavalry) + " BR cavalry");
  rep.tables.push_back(std::move(c));
  rep.tables.push_back(std::move(b));
  rep.json.set("tool", kInfo.name);
  rep.json.set("campaign", std::move(cj));
  rep.json.set("battle", std::move(bj));
  return rep;
}

Expected<report::Report> compare_report(const Catalogue& cat, const Request& options) {
  report::Report rep;
  const auto rows = units::compare(cat, options);
  Table t;
  t.title = "The rosters against the formulas";
  t.add_column("unit", "Roster unit")
      .add_column("field", "Field")
      .add_column("published", "Published")
      .add_column("computed", "Formula")
      .add_column("agrees", "Agrees");
  std::map<std::string, std::pair<int, int>> by_kind, by_field;
  std::vector<std::string> kinds;
  json::Value uj = json::array();
  for (const auto& u : rows) {
    json::Value o = json::object();
    o.set("key", u.key);
    o.set("name", u.name);
    json::Value fields = json::array();
    for (const auto& f : u.fields) {
      if (!by_kind.count(f.kind)) kinds.push_back(f.kind);
      auto& k = by_kind[f.kind];
      auto& g = by_field[f.field];
      ++k.second;
      ++g.second;
      if (f.agrees) {
        ++k.first;
        ++g.first;
      }
      t.add_row({u.key, f.field, f.published, f.computed, f.agrees ? "yes" : "no"});
      json::Value fo = json::object();
      fo.set("field", f.field);
      fo.set("kind", f.kind);
      fo.set("published", f.published);
      fo.set("computed", f.computed);
      fo.set("agrees", f.agrees);
      fields.push(std::move(fo));
    }
    o.set("fields", std::move(fields));
    uj.push(std::move(o));
  }
  rep.tables.push_back(std::move(t));
  json::Value sj = json::array(), fj = json::array();
  report::AgreementCounts kind_counts;
  for (const auto& k : kinds) kind_counts.emplace_back(k, by_kind[k]);
  Table s = report::agreement_table("Agreement by kind", "kind", "Kind", kind_counts, sj);
  s.notes.push_back("docs/notes/unit-br-decisions.md explains the definitions and every kind of difference");
  rep.tables.push_back(std::move(s));
  rep.tables.push_back(report::agreement_table("Agreement by field", "field", "Field",
                                               report::AgreementCounts(by_field.begin(), by_field.end()), fj));
  rep.json.set("tool", kInfo.name);
  rep.json.set("summary", std::move(sj));
  rep.json.set("by_field", std::move(fj));
  rep.json.set("units", std::move(uj));
  return rep;
}

}  // namespace

Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common) {
  auto cat_or = units::load_catalogue();
  if (!cat_or) return cat_or.error();
  const Catalogue& cat = **cat_or;

  const bool flags_unit = opt.troop.has_value();
  const int modes = (opt.catalogue || opt.compare ? 1 : 0) + (flags_unit ? 1 : 0) + (!common.inputs.empty() ? 1 : 0);
  if (modes == 0) return cli::usage_error("", "nothing to do: give --troop, a TOML file, --catalogue or --compare");
  if (modes > 1) return cli::usage_error("", "choose one of: --troop, input files, --catalogue/--compare");
  if (opt.compare) {
    Request options;
    apply_options(opt, options, nullptr);
    return compare_report(cat, options);
  }
  if (opt.catalogue) return catalogue_report(cat);

  // Each unit is rated and turned into its output as soon as it is read; every error of every
  // unit is reported. A large file is streamed in small pieces (input::for_each_chunk), read and
  // rated on two threads, each into its own Part; the parts are joined in input order, so the
  // output and the order of the errors do not depend on the split, and no more than a few
  // pieces' parse trees are in memory at once.
  report::Report rep;
  const bool want_json = common.format == "json";
  Table summary = summary_table();
  json::Value arr = json::array();
  struct Part {
    Diagnostics errors;
    std::vector<std::vector<std::string>> rows;
    json::Array units;
    std::vector<std::string> explain;
    std::optional<Rating> first;
    size_t count = 0;
  };
  // A unit whose table holds only these keys is rated from them alone (and the command-line
  // readings, the same for every unit): units that agree on them share one rating and one
  // output, but for the name.
  auto simple_table = [](const toml::table& t) {
    for (const auto& [k, v] : t) {
      const std::string_view key = k.str();
      if (key != "name" && key != "troop" && key != "race" && key != "troops" && key != "veteran") return false;
    }
    return true;
  };
  auto memo_key = [](const Request& q) {
    std::string k;
    auto add = [&](std::string_view s) { k.append(std::to_string(s.size())).append(":").append(s); };
    if (q.troop) add(*q.troop);
    else k += '-';
    add(q.race);
    k += q.troops ? std::to_string(*q.troops) : std::string("-");
    k += q.veteran ? "|v" : "|-";
    k += q.name.empty() ? "|d" : "|n";
    return k;
  };
  struct Memo {
    std::vector<std::string> row;  // the summary row (cell 0 is the name)
    json::Value unit;              // the unit's JSON (member 0 is the name)
  };
  // Each unit's JSON is serialised on the thread that rated it (json::raw), for its place in
  // {"units": [ ... ]}: level 2. A batch is never held as a tree.
  constexpr int kUnitLevel = 2;
  // One memo per worker thread (input::for_each_chunk numbers them), kept across its pieces.
  std::array<std::unordered_map<std::string, Memo>, 2> memos;
  auto process = [&](const input::Document* doc, Named* single, Part& part, unsigned worker) {
    auto& memo = memos.at(worker);
    auto emit = [&](const Memo& m, const std::string& name) {
      ++part.count;
      if (want_json) {
        json::Value u = m.unit;
        u.object().front().second = json::Value(name);
        part.units.push_back(json::raw(u, kUnitLevel));
      } else {
        part.rows.push_back(m.row);
        part.rows.back().front() = name;
      }
    };
    auto on_unit = [&](Named& n) {
      n.req.explain = common.explain;
      apply_options(opt, n.req, n.table);
      const bool cacheable = !common.explain && n.table && simple_table(*n.table);
      std::string key;
      if (cacheable) {
        key = memo_key(n.req);
        const auto it = memo.find(key);
        if (it != memo.end()) {
          if (!part.errors.empty()) return;
          emit(it->second, n.req.name.empty() ? it->second.row.front() : n.req.name);
          return;
        }
      }
      auto r = units::rate(cat, n.req);
      if (!r) {
        part.errors.append(place(r.error(), n));
        return;
      }
      if (!part.errors.empty()) return;
      ++part.count;
      json::Value unit;
      if (want_json) {
        unit = unit_json(cat, *r);
        part.units.push_back(json::raw(unit, kUnitLevel));
      } else {
        add_summary_row(part.rows, *r);
      }
      if (cacheable) {
        Memo m;
        if (want_json) m.unit = std::move(unit);
        else m.row = part.rows.back();
        m.row.resize(std::max<size_t>(m.row.size(), 1));
        m.row.front() = r->name;
        memo.emplace(std::move(key), std::move(m));
      }
      if (common.explain)
        for (auto& l : r->explain) part.explain.push_back(std::move(l));
      if (!part.first) part.first = std::move(*r);
    };
    if (single) on_unit(*single);
    else read_units(*doc, part.errors, on_unit);
  };

  std::vector<Part> parts;
  Diagnostics errors;
  if (opt.troop) {
    Named n;
    n.req.troop = opt.troop;
    if (opt.race) n.req.race = *opt.race;
    n.req.veteran = opt.veteran;
    if (opt.troops) {
      if (*opt.troops < 1 || *opt.troops > units::kMaxTroops)
        return cli::usage_error("--troops", "must be between 1 and " + std::to_string(units::kMaxTroops) + ", got " +
                                                std::to_string(*opt.troops));
      n.req.troops = opt.troops;
    }
    n.req.name = opt.name.value_or("");
    if (!opt.reform_lost.empty()) {
      for (int v : opt.reform_lost)
        if (v < 0) return cli::usage_error("--reform-lost", "uhp lost must not be negative, got " + std::to_string(v));
      n.req.reform_uhp_lost = std::array<int, 2>{opt.reform_lost[0], opt.reform_lost[1]};
    }
    parts.resize(1);
    process(nullptr, &n, parts[0], 0);
  } else {
    if (opt.race || opt.veteran || opt.troops || opt.name || !opt.reform_lost.empty())
      return cli::usage_error("", "--race, --veteran, --troops, --name and --reform-lost go with --troop; in a file, "
                                  "give them as keys of each [[unit]]");
    for (const auto& path : common.inputs) {
      auto text = input::read_input(path);
      if (!text) return text.error();
      const std::string name = path == "-" ? "<stdin>" : path;
      auto shared = std::make_shared<const std::string>(std::move(*text));
      const size_t base = parts.size();
      const bool streamed = input::for_each_chunk(
          shared, name, "unit", 2, [&](size_t n) { parts.resize(base + n); },
          [&](size_t i, unsigned worker, const input::Document& doc) {
            process(&doc, nullptr, parts[base + i], worker);
          });
      if (streamed) continue;
      parts.resize(base);
      auto doc = input::parse(*shared, name);
      if (!doc) {
        errors.append(doc.error());
        continue;
      }
      parts.emplace_back();
      process(&*doc, nullptr, parts.back(), 0);
    }
  }
  std::optional<Rating> first;
  size_t count = 0;
  for (auto& p : parts) {
    errors.append(p.errors);
    if (!errors.empty()) continue;
    count += p.count;
    if (!first && p.first) first = std::move(p.first);
  }
  if (errors.empty()) {
    if (want_json) {
      size_t total = 0;
      for (const auto& p : parts) total += p.units.size();
      arr.array().reserve(total);
    } else {
      summary.rows.reserve(count);
    }
    for (auto& p : parts) {
      for (auto& u : p.units) arr.push(std::move(u));
      for (auto& row : p.rows) summary.rows.push_back(std::move(row));
      for (auto& l : p.explain) rep.explain.push_back(std::move(l));
      p = Part{};
    }
  }
  if (!errors.empty()) return errors;
  if (!want_json) rep.tables.push_back(std::move(summary));
  if (!want_json && count == 1 && common.format != "csv") detail_tables(cat, *first, rep.tables);
  rep.json.set("tool", kInfo.name);
  rep.json.set("units", std::move(arr));
  return rep;
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::unit_app
