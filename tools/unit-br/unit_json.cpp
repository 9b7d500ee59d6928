// unit_json.cpp - a rated unit as JSON (keys documented in docs/man/unit-br.1, in this order).
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using units::Rating;

namespace {

json::Value firearm_json(const units::FirearmAttack& a) {
  json::Object o;
  o.reserve(20);
  o.emplace_back("firearm", a.firearm.name());
  o.emplace_back("mechanism", units::to_string(a.firearm.mechanism));
  o.emplace_back("type", a.firearm.type);
  o.emplace_back("bore", a.firearm.rifled ? "rifled" : "smoothbore");
  o.emplace_back("count", a.firearm.count);
  o.emplace_back("rate_column", a.rate_column_key());
  o.emplace_back("rounds_per_shot", a.rate_denominator);
  o.emplace_back("misfire_factor", a.misfire);
  o.emplace_back("average_damage", a.average_damage);
  o.emplace_back("attacks_raw", a.attacks_raw);
  o.emplace_back("attacks", a.attacks);
  o.emplace_back("reload_tokens", a.reload_tokens);
  o.emplace_back("caracole", a.caracole);
  o.emplace_back("line", a.line);
  o.emplace_back("volley_line", opt_json(a.volley_line));
  o.emplace_back("melee_line", opt_json(a.melee_line));
  o.emplace_back("ap_range_vs_foot_hexes", a.ap_range_vs_foot);
  o.emplace_back("max_range_vs_foot_hexes", a.max_range_vs_foot);
  o.emplace_back("ap_range_vs_mounted_hexes", a.ap_range_vs_mounted);
  o.emplace_back("max_range_vs_mounted_hexes", a.max_range_vs_mounted);
  return json::Value(std::move(o));
}

// The three figures of a movement ("2/4/6", "-/1/2") in hexes, null for "-".
void movement_json(const std::string& movement, json::Object& o) {
  const auto cells = movement_cells(movement);
  const char* keys[] = {"march_hexes", "hustle_hexes", "charge_hexes"};
  for (size_t i = 0; i < 3; ++i)
    o.emplace_back(keys[i], cells[i].raw.empty() ? json::Value() : json::Value(std::stoi(cells[i].raw)));
}

json::Value deployment_json(const units::Deployment& d) {
  json::Object o;
  o.reserve(9);
  o.emplace_back("formation", units::to_string(d.formation));
  o.emplace_back("units", d.units);
  o.emplace_back("troops", d.troops);
  o.emplace_back("uhp", d.uhp);
  o.emplace_back("movement", d.movement);
  movement_json(d.movement, o);
  json::Value lines = json::array();
  for (const auto& a : d.firearms) lines.push(a.line);
  o.emplace_back("attack_lines", std::move(lines));
  return json::Value(std::move(o));
}

// "mounted_foot": both deployments, or null.
json::Value mounted_foot_json(const Rating& r) {
  if (!r.as_drilled_foot || !r.as_irregular_mounted) return json::Value();
  json::Value mf = json::object();
  mf.set("as_drilled_foot", deployment_json(*r.as_drilled_foot));
  mf.set("as_irregular_mounted", deployment_json(*r.as_irregular_mounted));
  return mf;
}

// "reform": the Mounted Foot reformed after battle, or null.
json::Value reform_json(const Rating& r) {
  if (!r.reform) return json::Value();
  json::Value rf = json::object();
  rf.set("lost_numerator", r.reform->lost_numerator);
  rf.set("lost_denominator", r.reform->lost_denominator);
  rf.set("uhp_lost_unrounded", r.reform->uhp_lost_unrounded);
  rf.set("uhp_lost", r.reform->uhp_lost);
  rf.set("uhp_remaining", r.reform->uhp_remaining);
  return rf;
}

// "catalogue": a catalogue troop type's availability and training, or null.
json::Value catalogue_json(const units::Catalogue& cat, const Rating& r) {
  if (!r.availability) return json::Value();
  const units::TroopType& a = *r.availability->type;
  json::Object c;
  c.reserve(12);
  c.emplace_back("era", a.era_printed);
  json::Value market = json::array();
  for (const auto& m : a.market) {
    json::Value mo = json::object();
    mo.set("market_class", m.market_class);
    mo.set("dice", m.dice);  // troops on the market, as dice to roll (data: dice)
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
  c.emplace_back("training_weeks", opt_json(a.training_weeks));
  c.emplace_back("training_months", opt_json(a.training_months));
  c.emplace_back("marshal_cost_gp", opt_json(a.marshal_cost_gp));
  c.emplace_back("training_cost_gp", opt_json(a.training_cost_gp));
  c.emplace_back("equipment_cost_gp", opt_json(a.equipment_cost_gp));
  c.emplace_back("total_cost_troop_gp", opt_json(a.total_cost_troop_gp));
  c.emplace_back("total_cost_unit_gp", opt_json(a.total_cost_unit_gp));
  c.emplace_back("qualifying_per_120", opt_json(r.availability->qualifying_per_120));
  return json::Value(std::move(c));
}

// The characteristics, formation and movement.
void characteristics_json(const Rating& r, json::Object& o) {
  o.emplace_back("name", r.name);
  o.emplace_back("troop", r.troop.empty() ? json::Value() : json::Value(r.troop));
  o.emplace_back("race", r.race);
  o.emplace_back("veteran", r.veteran);
  o.emplace_back("troops", r.troops);
  o.emplace_back("mounted", r.mounted);
  o.emplace_back("ac", r.ac);
  o.emplace_back("ac_alt", opt_json(r.ac_alt));
  o.emplace_back("hd", r.hd.text);
  o.emplace_back("hd_dice", r.hd.dice);
  o.emplace_back("hd_bonus", r.hd.bonus);
  o.emplace_back("uhp", r.uhp);
  o.emplace_back("morale", r.morale);
  o.emplace_back("encounter_move_ft", r.encounter_move_ft);
  o.emplace_back("formation", units::to_string(r.formation));
  json::Value choices = json::array();
  for (auto f : r.formation_choices) choices.push(units::to_string(f));
  o.emplace_back("formation_choices", std::move(choices));
  o.emplace_back("movement", r.movement);
  o.emplace_back("march_hexes", opt_json(r.march));
  o.emplace_back("hustle_hexes", r.hustle);
  o.emplace_back("charge_hexes", r.charge);
  o.emplace_back("attack_throw", r.attack_throw);
}

// The attacks and the battle rating's figures.
void battle_rating_json(const Rating& r, json::Object& o) {
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
}

}  // namespace

json::Value unit_json(const units::Catalogue& cat, const Rating& r) {
  json::Object o;
  o.reserve(64);
  characteristics_json(r, o);
  battle_rating_json(r, o);
  o.emplace_back("wage_gp_troop", r.wage_gp_troop);
  o.emplace_back("wage_gp_month", r.wage_gp_month);
  o.emplace_back("supply_gp_week", r.supply_gp_week);
  o.emplace_back("specialist_gp_month", r.specialist_gp_month);
  o.emplace_back("total_gp_month", r.total_gp_month);
  o.emplace_back("daily_miles", r.daily_miles);
  o.emplace_back("weekly_miles", r.weekly_miles);
  o.emplace_back("mounted_foot", mounted_foot_json(r));
  o.emplace_back("reform", reform_json(r));
  o.emplace_back("catalogue", catalogue_json(cat, r));
  o.emplace_back("overridden", strings(r.overridden));
  o.emplace_back("notes", strings(r.notes));
  return json::Value(std::move(o));
}

}  // namespace gunpowder::unit_app
