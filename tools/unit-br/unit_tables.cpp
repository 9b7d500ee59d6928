// unit_tables.cpp - the tables of one unit shown alone: characteristics, attacks, battle rating,
// campaign cost, Mounted Foot deployments, availability and training.
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using fmtnum::trim;
using report::Align;
using report::Table;
using units::Catalogue;
using units::Rating;

namespace {

std::string opt_str(const std::optional<int>& v) { return v ? std::to_string(*v) : std::string("-"); }

Table characteristics_table(const Rating& r) {
  Table u;
  u.name = "characteristics";
  u.context.push_back({"unit", r.name});
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
  return u;
}

Table attacks_table(const Rating& r) {
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
  return a;
}

Table battle_rating_table(const Catalogue& cat, const Rating& r) {
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
  return b;
}

Table cost_table(const Catalogue& cat, const Rating& r) {
  Table c;
  c.title = "Campaign cost";
  c.add_column("figure", "Figure").add_column("value", "gp", Align::right);
  c.add_row({"Wage per troop a month", money(r.wage_gp_troop)});
  c.add_row({"Monthly wage", money(r.wage_gp_month)});
  c.add_row({"Weekly supply", money(r.supply_gp_week)});
  c.add_row({"Specialists a month", money(r.specialist_gp_month)});
  c.add_row({"Total a month", money(r.total_gp_month)});
  c.notes.push_back("total = wage + specialists + " + trim(cat.campaign.weeks_per_month) + " x weekly supply");
  return c;
}

Table mounted_foot_table(const Catalogue& cat, const Rating& r) {
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
  return m;
}

Table availability_table(const Catalogue& cat, const units::Availability& availability) {
  const units::TroopType& av = *availability.type;
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
  t.add_row({"Qualifying number per 120 conscripts", opt_str(availability.qualifying_per_120)});
  return t;
}

}  // namespace

void detail_tables(const Catalogue& cat, const Rating& r, std::vector<Table>& out) {
  out.push_back(characteristics_table(r));
  out.push_back(attacks_table(r));
  out.push_back(battle_rating_table(cat, r));
  out.push_back(cost_table(cat, r));
  if (r.as_drilled_foot && r.as_irregular_mounted) out.push_back(mounted_foot_table(cat, r));
  if (r.availability) out.push_back(availability_table(cat, *r.availability));
}

}  // namespace gunpowder::unit_app
