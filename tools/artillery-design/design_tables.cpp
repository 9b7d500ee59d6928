// design_tables.cpp - the tables artillery-design prints: the pieces table and the chosen
// carriages of several pieces, and the detailed tables of a single piece.
#include <cmath>
#include <utility>

#include "artillery-design/design_report.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::artillery_app {

using artillery::Design;
using fmtnum::trim;
using report::Align;
using report::Table;

std::string money(double gp) { return trim(gp, 2); }

std::string barrel(double inches) {
  const int total = static_cast<int>(std::lround(inches));
  return std::to_string(total / 12) + "'" + (total % 12 ? std::to_string(total % 12) + "\"" : "");
}

// One row of the pieces table.
std::vector<report::Cell> summary_row(const Design& d) {
  const auto& c = d.effective;
  return {d.name,
          std::string(c.source),
          trim(c.caliber_in, 2) + "\"",
          barrel(c.barrel_length_in),
          trim(c.base_weight_lb),
          trim(c.powder_lb, 2),
          trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd),
          c.damage(),
          std::to_string(c.aoe_ft) + (d.type == artillery::Type::mortar ? " r" : " line"),
          std::to_string(c.crew),
          "1/" + std::to_string(c.rof),
          std::to_string(c.shots_per_day),
          money(c.cost_gp),
          std::to_string(c.shp),
          std::to_string(c.ac)};
}

Table summary_table(std::vector<std::vector<report::Cell>> rows, const std::string& title) {
  Table t;
  t.title = title;
  t.add_column("name", "Piece")
      .add_column("source", "Source")
      .add_column("caliber_in", "Calibre", Align::right)
      .add_column("barrel", "Barrel", Align::right)
      .add_column("base_weight_lb", "Weight lb", Align::right)
      .add_column("powder_lb", "Powder lb", Align::right)
      .add_column("range_yd", "Range yd S/M/L", Align::right)
      .add_column("damage", "Damage", Align::right)
      .add_column("aoe_ft", "AOE ft", Align::right)
      .add_column("crew", "Crew", Align::right)
      .add_column("rof", "ROF", Align::right)
      .add_column("shots_per_day", "Shots/day", Align::right)
      .add_column("cost_gp", "Cost gp", Align::right)
      .add_column("shp", "SHP", Align::right)
      .add_column("ac", "AC", Align::right);
  t.rows = std::move(rows);
  return t;
}

// One row of the chosen-carriages table (empty when the piece has no chosen carriage).
std::vector<report::Cell> carriage_row(const Design& d) {
  if (!d.carriage) return {};
  const auto& m = d.mobility[static_cast<size_t>(*d.carriage)];
  return {d.name,
          std::string(m.name),
          std::to_string(m.horses),
          std::to_string(m.carts) + "/" + std::to_string(m.wagons),
          money(m.carriage_cost_gp),
          trim(m.carriage_weight_lb, 1)};
}

Table carriages_table() {
  Table mob;
  mob.name = "carriages";
  mob.title = "Chosen carriages";
  mob.add_column("name", "Piece")
      .add_column("carriage", "Carriage")
      .add_column("horses", "Horses", Align::right)
      .add_column("carts", "Carts/wagons", Align::right)
      .add_column("carriage_cost_gp", "Carriage gp", Align::right)
      .add_column("carriage_weight_lb", "Carriage lb", Align::right);
  return mob;
}

namespace {

// The characteristics of the piece, each with where it comes from.
Table characteristics_table(const Design& d) {
  const auto& c = d.effective;
  Table ch;
  ch.name = "characteristics";
  ch.context.push_back({"piece", d.name});
  ch.title = d.name + " (" + artillery::to_string(d.type) + ", " + trim(d.book_or_formula.shot_lb) + " lb shot)";
  ch.add_column("field", "Characteristic").add_column("value", "Value", Align::right).add_column("source", "Source");
  const std::string src(c.source);
  auto row = [&](std::string f, std::string v, std::string s) {
    ch.add_row({std::move(f), std::move(v), std::move(s)});
  };
  row("AC", std::to_string(c.ac), src == "book" ? "book" : "every book piece");
  row("Structural hit points", std::to_string(c.shp), src == "book" ? "book" : "nearest book piece, scaled by weight");
  row("Base weight", trim(c.base_weight_lb) + " lb", src);
  row("Barrel calibre", trim(c.caliber_in, 2) + "\"", src);
  row("Shot diameter", trim(c.shot_diameter_in, 2) + "\"", "calibre less 1/4\"");
  row("Barrel length", barrel(c.barrel_length_in), src);
  row("Shot weight", trim(d.shot_used_lb.value_or(c.shot_lb), 2) + " lb", d.shot_used_lb ? "lighter shot" : src);
  row("Powder charge", trim(c.powder_lb, 2) + " lb", d.powder_used_lb ? "reduced charge" : src);
  row("Range short/medium/long",
      trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd) + " yd",
      d.powder_used_lb || d.shot_used_lb ? src + ", adjusted" : src);
  row("Damage", c.damage(), d.powder_used_lb ? src + ", reduced charge" : src);
  row("Area of effect",
      d.type == artillery::Type::mortar ? std::to_string(c.aoe_ft) + "' radius"
                                        : "5' x " + std::to_string(c.aoe_ft) + "' line",
      src);
  row("Crew", std::to_string(c.crew) + " men", src);
  row("Rate of fire", "1/" + std::to_string(c.rof), src);
  row("Shots per day", std::to_string(c.shots_per_day), src);
  row("Cost", money(c.cost_gp) + " gp",
      d.economy.cost_multiplier == 1 ? src : src + " x " + trim(d.economy.cost_multiplier));
  row("Shot, each", money(c.shot_cost_gp) + " gp", src);
  row("Powder charge, each", money(c.powder_cost_gp) + " gp", d.economy.gunpowder);
  return ch;
}

// The four carriages: availability, cost, weight, horses, transport and movement.
Table mobility_table(const Design& d) {
  Table mo;
  mo.title = "Mobility";
  mo.add_column("carriage", "Carriage")
      .add_column("availability", "From era")
      .add_column("available", "Usable")
      .add_column("carriage_cost_gp", "Cost gp", Align::right)
      .add_column("carriage_weight_lb", "Weight lb", Align::right)
      .add_column("horses", "Horses", Align::right)
      .add_column("substitutes", "or men/mules/med. horses", Align::right)
      .add_column("carts", "Carts/wagons", Align::right)
      .add_column("miles", "Miles day/week", Align::right)
      .add_column("encounter_move", "Encounter")
      .add_column("assembly", "Assembly")
      .add_column("battlefield_move", "Battle move");
  for (const auto& m : d.mobility) {
    mo.add_row({std::string(m.name) + (d.carriage && *d.carriage == m.carriage ? " *" : ""),
                std::string(m.availability), m.available ? "yes" : "no", money(m.carriage_cost_gp),
                trim(m.carriage_weight_lb, 1), std::to_string(m.horses),
                std::to_string(m.substitute_men) + "/" + std::to_string(m.substitute_mules) + "/" +
                    std::to_string(m.substitute_medium_horses),
                m.carts || m.wagons ? std::to_string(m.carts) + "/" + std::to_string(m.wagons) : "-",
                std::to_string(m.daily_miles) + "/" + std::to_string(m.weekly_miles), std::string(m.encounter_move),
                m.assembly, std::string(m.battlefield_move)});
  }
  if (d.carriage) mo.notes.push_back("* the chosen carriage");
  mo.notes.push_back(std::string("horses: ") + (d.mobility.empty() ? "" : std::string(d.mobility[0].horses_source)) +
                     "; carts carry 1,600 lb, a wagon replaces four carts");
  return mo;
}

// Structural damage per day at each range and fire the piece allows.
Table bombardment_table(const Design& d) {
  Table bo;
  bo.title = "Bombardment (shp per day)";
  bo.add_column("range", "Range")
      .add_column("fire", "Fire")
      .add_column("yards", "Yards", Align::right)
      .add_column("stone", "Stone", Align::right)
      .add_column("wood", "Wood", Align::right)
      .add_column("source", "Source");
  for (const auto& r : d.bombardment.rows)
    bo.add_row({artillery::to_string(r.bracket), artillery::to_string(r.mode),
                trim(r.range_from_yd) + "-" + trim(r.range_to_yd), trim(r.shp_per_day_stone), trim(r.shp_per_day_wood),
                std::string(r.source)});
  bo.notes.push_back(std::to_string(d.bombardment.shots_per_day) + " shots a day; powder and shot " +
                     money(d.bombardment.daily_cost_gp) + " gp a day (" + std::string(d.bombardment.daily_cost_source) +
                     ")");
  return bo;
}

// The piece on the battlefield: unit size, battle rating, bonus units, battlefield unit.
Table battle_table(const Design& d) {
  Table ba;
  ba.title = "Battle";
  ba.add_column("field", "Figure").add_column("value", "Value", Align::right);
  ba.add_row({"Pieces per unit (D@W: Campaigns)", std::to_string(d.battle.unit_size)});
  ba.add_row({"Battle rating of the unit", trim(d.battle.br, 2)});
  ba.add_row({"Bonus units per piece (Sieges Simplified)", std::to_string(d.battle.bonus_units)});
  ba.add_row({"Battlefield unit", std::to_string(d.battle.unit().pieces) + " pieces, " + d.battle.unit().formation +
                                      ", AC " + std::to_string(d.battle.unit().ac) + ", HD " + d.battle.unit().hd +
                                      ", " + std::to_string(d.battle.unit().uhp) + " uhp, morale " +
                                      (d.battle.unit().morale >= 0 ? "+" : "") +
                                      std::to_string(d.battle.unit().morale)});
  ba.add_row({"Artillery attack", d.battle.artillery_attack()});
  for (const auto& a : d.battle.unit().crew_attacks) ba.add_row({"Crew attack", a});
  ba.notes.push_back("source: " + d.battle.source());
  return ba;
}

// Prices and making time under the chosen gunpowder economy.
Table economy_table(const Design& d) {
  Table ec;
  ec.title = "Economy (" + d.economy.gunpowder + " gunpowder)";
  ec.add_column("field", "Figure").add_column("value", "Value", Align::right);
  ec.add_row({"Powder price", trim(d.economy.powder_gp_per_lb, 2) + " gp/lb"});
  ec.add_row({"Price multiplier", "x" + trim(d.economy.cost_multiplier, 2)});
  ec.add_row({"Price of the piece", money(d.economy.piece_cost_gp) + " gp"});
  ec.add_row({"Powder per shot", money(d.economy.powder_cost_per_shot_gp) + " gp"});
  ec.add_row({"Time to make", trim(d.economy.making_days) + " days"});
  if (d.economy.market_class_reduction)
    ec.add_row(
        {"Powder market outside dwarven lands", "-" + std::to_string(d.economy.market_class_reduction) + " class"});
  ec.notes.push_back("time to make: " + std::string(d.economy.making_rule));
  return ec;
}

// The piece as an automaton (dwarven gunpowder only).
Table automaton_table(const artillery::Automaton& a) {
  Table au;
  au.title = "As an automaton (dwarven machinist)";
  au.add_column("field", "Figure").add_column("value", "Value", Align::right);
  au.add_row({"Maximum damage", trim(a.max_damage)});
  au.add_row({"Area of effect", trim(a.aoe_sq_ft, 2) + " sq ft"});
  au.add_row({"Estimated targets", trim(a.targets, 2)});
  au.add_row({"Maximum damage per round", trim(a.max_damage_per_round, 2)});
  au.add_row({"Hit dice", std::to_string(a.hd)});
  au.add_row(
      {"Weight", trim(a.weight_st) + " st (" + trim(a.weight_lb) + " lb at " + trim(a.lb_per_stone) + " lb a stone)"});
  au.add_row({"Maximum range", trim(a.range_ft) + "'"});
  au.add_row({"Net special abilities", std::to_string(a.special_abilities)});
  au.add_row({"Cost", money(a.cost_gp) + " gp"});
  return au;
}

}  // namespace

void detail_tables(const Design& d, std::vector<Table>& out) {
  out.push_back(characteristics_table(d));
  out.push_back(mobility_table(d));
  out.push_back(bombardment_table(d));
  out.push_back(battle_table(d));
  out.push_back(economy_table(d));
  if (d.automaton) out.push_back(automaton_table(*d.automaton));
}

}  // namespace gunpowder::artillery_app
