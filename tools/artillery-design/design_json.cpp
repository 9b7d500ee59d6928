// design_json.cpp - a designed piece as JSON: its characteristics, carriages, bombardment, battle,
// economy and, with dwarven gunpowder, the automaton; the formulas' own figures last.
#include <utility>

#include "artillery-design/design_report.hpp"

namespace gunpowder::artillery_app {

using artillery::Design;

namespace {

json::Value characteristics_json(const artillery::Characteristics& c) {
  json::Value o = json::object();
  o.set("source", c.source);
  o.set("caliber_in", c.caliber_in);
  o.set("barrel_length_in", c.barrel_length_in);
  o.set("base_weight_lb", c.base_weight_lb);
  o.set("powder_lb", c.powder_lb);
  o.set("range_short_yd", c.range_short_yd);
  o.set("range_medium_yd", c.range_medium_yd);
  o.set("range_long_yd", c.range_long_yd);
  o.set("damage", c.damage());
  o.set("aoe_ft", c.aoe_ft);
  o.set("crew", c.crew);
  o.set("rounds_per_shot", c.rounds_per_shot);
  o.set("shots_per_day", c.shots_per_day);
  o.set("cost_gp", c.cost_gp);
  o.set("shp", c.shp);
  o.set("ac", c.ac);
  return o;
}

// The piece's effective characteristics, at the top level of its object.
void set_effective(const Design& d, json::Value& o) {
  const auto& c = d.effective;
  o.set("source", c.source);
  o.set("caliber_in", c.caliber_in);
  o.set("shot_diameter_in", c.shot_diameter_in);
  o.set("barrel_length_in", c.barrel_length_in);
  o.set("base_weight_lb", c.base_weight_lb);
  o.set("powder_lb", c.powder_lb);
  o.set("range_short_yd", c.range_short_yd);
  o.set("range_medium_yd", c.range_medium_yd);
  o.set("range_long_yd", c.range_long_yd);
  o.set("damage", c.damage());
  o.set("damage_dice", c.damage_dice);
  o.set("aoe_ft", c.aoe_ft);
  o.set("aoe_shape", d.type == artillery::Type::mortar ? "radius" : "line");
  o.set("crew", c.crew);
  o.set("rounds_per_shot", c.rounds_per_shot);
  o.set("shots_per_day", c.shots_per_day);
  o.set("cost_gp", c.cost_gp);
  o.set("shp", c.shp);
  o.set("ac", c.ac);
  o.set("shot_cost_gp", c.shot_cost_gp);
  o.set("powder_cost_gp", c.powder_cost_gp);
}

json::Value mobility_json(const artillery::MobilityRow& m) {
  json::Value r = json::object();
  r.set("carriage", artillery::to_string(m.carriage));
  r.set("name", m.name);
  // null: the carriage exists in no era for this piece (the book's "Not Available")
  r.set("availability", m.availability == "not available" ? json::Value() : json::Value(m.availability));
  r.set("available", m.available);
  r.set("horses", m.horses);
  r.set("horses_source", m.horses_source);
  r.set("substitute_men", m.substitute_men);
  r.set("substitute_mules", m.substitute_mules);
  r.set("substitute_medium_horses", m.substitute_medium_horses);
  r.set("carts", m.carts);
  r.set("wagons", m.wagons);
  r.set("carriage_cost_gp", m.carriage_cost_gp);
  r.set("carriage_weight_lb", m.carriage_weight_lb);
  r.set("total_weight_lb", m.total_weight_lb);
  r.set("daily_miles", m.daily_miles);
  r.set("weekly_miles", m.weekly_miles);
  r.set("encounter_move", m.encounter_move);
  r.set("assembly", m.assembly);
  r.set("battlefield_move", m.battlefield_move);
  return r;
}

json::Value bombardment_json(const artillery::Bombardment& bombardment) {
  json::Value b = json::object();
  b.set("shots_per_day", bombardment.shots_per_day);
  b.set("cost_gp_per_day", bombardment.cost_gp_per_day);
  b.set("cost_per_day_source", bombardment.cost_per_day_source);
  json::Value rows = json::array();
  for (const auto& row : bombardment.rows) {
    json::Value r = json::object();
    r.set("range", artillery::to_string(row.bracket));
    r.set("fire", artillery::to_string(row.mode));
    r.set("range_from_yd", row.range_from_yd);
    r.set("range_to_yd", row.range_to_yd);
    r.set("shp_per_day_stone", row.shp_per_day_stone);
    r.set("shp_per_day_wood", row.shp_per_day_wood);
    r.set("source", row.source);
    rows.push(std::move(r));
  }
  b.set("rows", std::move(rows));
  return b;
}

json::Value battle_json(const artillery::Battle& battle) {
  json::Value bt = json::object();
  bt.set("source", battle.source());
  bt.set("unit_size", battle.unit_size);
  bt.set("br", battle.br);
  bt.set("bonus_units", battle.bonus_units);
  bt.set("unit_pieces", battle.unit().pieces);
  bt.set("unit_formation", battle.unit().formation);
  bt.set("unit_ac", battle.unit().ac);
  bt.set("unit_hd", battle.unit().hd);
  bt.set("unit_uhp", battle.unit().uhp);
  bt.set("unit_morale", battle.unit().morale);
  json::Value attacks = json::array();
  attacks.push(battle.artillery_attack());
  for (const auto& a : battle.unit().crew_attacks) attacks.push(a);
  bt.set("attacks", std::move(attacks));
  bt.set("reload_tokens", battle.reload);
  return bt;
}

json::Value economy_json(const artillery::Economy& economy) {
  json::Value e = json::object();
  e.set("gunpowder", economy.gunpowder);
  e.set("powder_gp_per_lb", economy.powder_gp_per_lb);
  e.set("price_multiplier", economy.cost_multiplier);
  e.set("piece_cost_gp", economy.piece_cost_gp);
  e.set("powder_cost_per_shot_gp", economy.powder_cost_per_shot_gp);
  e.set("cost_gp_per_day", economy.cost_gp_per_day);
  e.set("making_days", economy.making_days);
  e.set("making_rule", economy.making_rule);
  e.set("market_class_reduction", economy.market_class_reduction);
  return e;
}

json::Value automaton_json(const artillery::Automaton& a) {
  json::Value m = json::object();
  m.set("max_damage", a.max_damage);
  m.set("aoe_sq_ft", a.aoe_sq_ft);
  m.set("targets", a.targets);
  m.set("max_damage_per_round", a.max_damage_per_round);
  m.set("hd", a.hd);
  m.set("weight_st", a.weight_st);
  m.set("stone_lb", a.lb_per_stone);
  m.set("weight_lb", a.weight_lb);
  m.set("range_ft", a.range_ft);
  m.set("special_abilities", a.special_abilities);
  m.set("cost_gp", a.cost_gp);
  return m;
}

}  // namespace

json::Value design_json(const Design& d) {
  json::Value o = json::object();
  o.set("name", d.name);
  o.set("type", artillery::to_string(d.type));
  o.set("shot_lb", d.book_or_formula.shot_lb);
  set_effective(d, o);
  o.set("powder_used_lb", d.powder_used_lb ? json::Value(*d.powder_used_lb) : json::Value());
  o.set("shot_used_lb", d.shot_used_lb ? json::Value(*d.shot_used_lb) : json::Value());
  o.set("carriage", d.carriage ? json::Value(artillery::to_string(*d.carriage)) : json::Value());
  o.set("era", d.era ? json::Value(artillery::to_string(*d.era)) : json::Value());
  json::Value carriages = json::array();
  for (const auto& m : d.mobility) carriages.push(mobility_json(m));
  o.set("carriages", std::move(carriages));
  o.set("bombardment", bombardment_json(d.bombardment));
  o.set("battle", battle_json(d.battle));
  o.set("economy", economy_json(d.economy));
  o.set("automaton", d.automaton ? automaton_json(*d.automaton) : json::Value());  // null: not dwarven powder
  o.set("formula", characteristics_json(d.formula));
  return o;
}

}  // namespace gunpowder::artillery_app
