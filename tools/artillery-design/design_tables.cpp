// design_tables.cpp - the tables artillery-design prints: the pieces table and the chosen
// carriages of several pieces, and the detailed tables of a single piece.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string_view>
#include <utility>

#include "artillery-design/design_report.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::artillery_app {

using artillery::Design;
using fmtnum::trim;
using report::Align;
using report::Shown;
using report::Table;

std::string money(double gp) { return trim(gp, 2); }
report::Cell money_cell(double gp) { return report::cell::trimmed(gp, 2); }

std::string barrel(double inches) {
  const int total = static_cast<int>(std::lround(inches));
  return std::to_string(total / 12) + "'" + (total % 12 ? std::to_string(total % 12) + "\"" : "");
}

// One row of the pieces table.
std::vector<report::Cell> summary_row(const Design& d) {
  const auto& c = d.effective;
  const bool mortar = d.type == artillery::Type::mortar;
  return {d.name,
          std::string(c.source),
          report::cell::inches(c.caliber_in),
          report::cell::shown_as(barrel(c.barrel_length_in), c.barrel_length_in),
          report::cell::trimmed(c.base_weight_lb),
          report::cell::trimmed(c.powder_lb, 2),
          trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd),
          report::cell::trimmed(c.range_short_yd),
          report::cell::trimmed(c.range_medium_yd),
          report::cell::trimmed(c.range_long_yd),
          c.damage(),
          std::to_string(c.damage_dice),
          report::cell::shown_as(std::to_string(c.aoe_ft) + (mortar ? " r" : " line"), c.aoe_ft),
          mortar ? "radius" : "line",
          std::to_string(c.crew),
          report::cell::shown_as("1/" + std::to_string(c.rounds_per_shot), c.rounds_per_shot),
          std::to_string(c.shots_per_day),
          money_cell(c.cost_gp),
          std::to_string(c.shp),
          std::to_string(c.ac)};
}

Table summary_table(std::vector<std::vector<report::Cell>> rows, const std::string& title) {
  Table t;
  t.title = title;
  t.add_column("name", "Piece")
      .add_column("source", "Source")
      .add_column("caliber_in", "Calibre", Align::right)
      .add_column("barrel_length_in", "Barrel", Align::right)
      .add_column("base_weight_lb", "Weight lb", Align::right)
      .add_column("powder_lb", "Powder lb", Align::right)
      .add_column("range_yd", "Range yd S/M/L", Align::right, Shown::people)
      .add_column("range_short_yd", "Short yd", Align::right, Shown::programs)
      .add_column("range_medium_yd", "Medium yd", Align::right, Shown::programs)
      .add_column("range_long_yd", "Long yd", Align::right, Shown::programs)
      .add_column("damage", "Damage", Align::right)
      .add_column("damage_dice", "Damage d10", Align::right, Shown::programs)
      .add_column("aoe_ft", "AOE ft", Align::right)
      .add_column("aoe_shape", "AOE shape", Align::left, Shown::programs)
      .add_column("crew", "Crew", Align::right)
      .add_column("rounds_per_shot", "ROF", Align::right)
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
          report::Cell(std::string(m.name), artillery::to_string(m.carriage)),
          std::to_string(m.horses),
          std::to_string(m.carts) + "/" + std::to_string(m.wagons),
          std::to_string(m.carts),
          std::to_string(m.wagons),
          money_cell(m.carriage_cost_gp),
          report::cell::trimmed(m.carriage_weight_lb, 1)};
}

Table carriages_table() {
  Table mob;
  mob.name = "carriages";
  mob.title = "Chosen carriages";
  mob.add_column("name", "Piece")
      .add_column("carriage", "Carriage")
      .add_column("horses", "Horses", Align::right)
      .add_column("carts_wagons", "Carts/wagons", Align::right, Shown::people)
      .add_column("carts", "Carts", Align::right, Shown::programs)
      .add_column("wagons", "Wagons", Align::right, Shown::programs)
      .add_column("carriage_cost_gp", "Carriage gp", Align::right)
      .add_column("carriage_weight_lb", "Carriage lb", Align::right);
  return mob;
}

namespace {

using report::Cell;

// A figure of a key/value table: what people see, and for programs its number(s) and unit.
struct Figure {
  Cell value;
  Cell value_2 = Cell{}, value_3 = Cell{};
  std::string unit;
};
Figure fig(const std::string& shown, double x, std::string unit) {
  return {report::cell::shown_as(shown, x), {}, {}, std::move(unit)};
}

// The characteristics of the piece, each with where it comes from; for programs each figure is a
// number (value, and value_2 and value_3 for the range and the area of effect) with its unit.
Table characteristics_table(const Design& d) {
  const auto& c = d.effective;
  Table ch;
  ch.name = "characteristics";
  ch.context.push_back({"piece", d.name});
  ch.title = d.name + " (" + artillery::to_string(d.type) + ", " + trim(d.book_or_formula.shot_lb) + " lb shot)";
  ch.add_column("field", "Characteristic")
      .add_column("value", "Value", Align::right)
      .add_column("value_2", "Value 2", Align::right, Shown::programs)
      .add_column("value_3", "Value 3", Align::right, Shown::programs)
      .add_column("unit", "Unit", Align::left, Shown::programs)
      .add_column("source", "Source");
  const std::string src(c.source);
  auto row = [&](Cell f, Figure v, std::string s) {
    ch.add_row({std::move(f), std::move(v.value), std::move(v.value_2), std::move(v.value_3), std::move(v.unit),
                std::move(s)});
  };
  row("AC", fig(std::to_string(c.ac), c.ac, ""), src == "book" ? "book" : "every book piece");
  row("Structural hit points", fig(std::to_string(c.shp), c.shp, "shp"),
      src == "book" ? "book" : "nearest book piece, scaled by weight");
  row("Base weight", fig(trim(c.base_weight_lb) + " lb", c.base_weight_lb, "lb"), src);
  row("Barrel calibre", fig(trim(c.caliber_in, 2) + "\"", c.caliber_in, "in"), src);
  row("Shot diameter", fig(trim(c.shot_diameter_in, 2) + "\"", c.shot_diameter_in, "in"), "calibre less 1/4\"");
  row("Barrel length", fig(barrel(c.barrel_length_in), c.barrel_length_in, "in"), src);
  const double shot = d.shot_used_lb.value_or(c.shot_lb);
  row("Shot weight", fig(trim(shot, 2) + " lb", shot, "lb"), d.shot_used_lb ? "lighter shot" : src);
  row("Powder charge", fig(trim(c.powder_lb, 2) + " lb", c.powder_lb, "lb"), d.powder_used_lb ? "reduced charge" : src);
  row("Range short/medium/long",
      {report::cell::shown_as(
           trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd) + " yd",
           c.range_short_yd),
       report::cell::trimmed(c.range_medium_yd), report::cell::trimmed(c.range_long_yd), "yd"},
      d.powder_used_lb || d.shot_used_lb ? src + ", adjusted" : src);
  row("Damage", fig(c.damage(), c.damage_dice, "d10"), d.powder_used_lb ? src + ", reduced charge" : src);
  // Area of effect (Gunpowder Artillery Characteristics): a mortar's radius, a gun's or cannon's
  // 5'-wide line; for programs the length (or radius) first, then the line's width.
  if (d.type == artillery::Type::mortar)
    row(Cell("Area of effect", "Area of effect, radius"), fig(std::to_string(c.aoe_ft) + "' radius", c.aoe_ft, "ft"),
        src);
  else
    row(Cell("Area of effect", "Area of effect, line length and width"),
        {report::cell::shown_as(std::to_string(c.aoe_width_ft) + "' x " + std::to_string(c.aoe_ft) + "' line", c.aoe_ft),
         report::cell::integer(c.aoe_width_ft), {}, "ft"},
        src);
  row("Crew", fig(std::to_string(c.crew) + " men", c.crew, "men"), src);
  row("Rate of fire", fig("1/" + std::to_string(c.rounds_per_shot), c.rounds_per_shot, "rounds per shot"), src);
  row("Shots per day", fig(std::to_string(c.shots_per_day), c.shots_per_day, "shots per day"), src);
  row("Cost", fig(money(c.cost_gp) + " gp", c.cost_gp, "gp"),
      d.economy.cost_multiplier == 1 ? src : src + " x " + trim(d.economy.cost_multiplier));
  row("Shot, each", fig(money(c.shot_cost_gp) + " gp", c.shot_cost_gp, "gp"), src);
  row("Powder charge, each", fig(money(c.powder_cost_gp) + " gp", c.powder_cost_gp, "gp"), d.economy.gunpowder);
  return ch;
}

// Movement of a carriage as printed ("None", "Facing Change", "30'", "30' or 60'"): the feet of
// each figure in turn; "Facing Change" is 0 ft, "None" no figure at all.
std::vector<Cell> encounter_feet(std::string_view printed) {
  std::vector<Cell> out;
  for (size_t i = 0; i < printed.size();) {
    if (std::isdigit(static_cast<unsigned char>(printed[i])) == 0) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < printed.size() && std::isdigit(static_cast<unsigned char>(printed[j])) != 0) ++j;
    out.emplace_back(std::string(printed.substr(i, j - i)));
    i = j;
  }
  if (out.empty() && printed != "None") out.emplace_back("0");
  out.resize(2);
  return out;
}

// The battlefield movement as printed, march/hustle/charge in hexes (Artillery Movement): "-" may
// not (empty), "*" a facing change only (0 hexes), else the hexes.
std::vector<Cell> battlefield_hexes(std::string_view printed) {
  std::vector<Cell> out;
  size_t start = 0;
  while (out.size() < 3) {
    const size_t end = std::min(printed.find('/', start), printed.size());
    const std::string_view part = printed.substr(std::min(start, printed.size()), end - std::min(start, end));
    out.emplace_back(part == "-" || part.empty() ? std::string() : part == "*" ? std::string("0") : std::string(part));
    start = end + 1;
  }
  return out;
}

// The four carriages: availability, cost, weight, horses, transport and movement.
Table mobility_table(const Design& d) {
  Table mo;
  mo.title = "Mobility";
  mo.add_column("carriage", "Carriage")
      .add_column("chosen", "Chosen", Align::left, Shown::programs)
      .add_column("availability", "From era")
      .add_column("available", "Usable")
      .add_column("carriage_cost_gp", "Cost gp", Align::right)
      .add_column("carriage_weight_lb", "Weight lb", Align::right)
      .add_column("horses", "Horses", Align::right)
      .add_column("substitutes", "or men/mules/med. horses", Align::right, Shown::people)
      .add_column("substitute_men", "or men", Align::right, Shown::programs)
      .add_column("substitute_mules", "or mules", Align::right, Shown::programs)
      .add_column("substitute_medium_horses", "or medium horses", Align::right, Shown::programs)
      .add_column("carts_wagons", "Carts/wagons", Align::right, Shown::people)
      .add_column("carts", "Carts", Align::right, Shown::programs)
      .add_column("wagons", "Wagons", Align::right, Shown::programs)
      .add_column("miles", "Miles day/week", Align::right, Shown::people)
      .add_column("daily_miles", "Miles a day", Align::right, Shown::programs)
      .add_column("weekly_miles", "Miles a week", Align::right, Shown::programs)
      .add_column("encounter_move", "Encounter", Align::left, Shown::people)
      .add_column("encounter_move_1_ft", "Encounter ft", Align::right, Shown::programs)
      .add_column("encounter_move_2_ft", "Encounter ft, or", Align::right, Shown::programs)
      .add_column("assembly", "Assembly", Align::left, Shown::people)
      .add_column("assembly_turns", "Assembly turns", Align::right, Shown::programs)
      .add_column("assembly_rounds", "Assembly rounds", Align::right, Shown::programs)
      .add_column("battlefield_move", "Battle move", Align::left, Shown::people)
      .add_column("battlefield_march_hexes", "March hexes", Align::right, Shown::programs)
      .add_column("battlefield_hustle_hexes", "Hustle hexes", Align::right, Shown::programs)
      .add_column("battlefield_charge_hexes", "Charge hexes", Align::right, Shown::programs);
  for (const auto& m : d.mobility) {
    const bool chosen = d.carriage && *d.carriage == m.carriage;
    const bool era = m.availability != "not available";
    auto enc = encounter_feet(m.encounter_move);
    auto hexes = battlefield_hexes(m.battlefield_move);
    const std::string carts = std::to_string(m.carts), wagons = std::to_string(m.wagons);
    mo.add_row({Cell(std::string(m.name) + (chosen ? " *" : ""), artillery::to_string(m.carriage)),
                chosen ? "yes" : "no",
                Cell(std::string(m.availability), era ? std::string(m.availability) : ""),
                m.available ? "yes" : "no",
                money_cell(m.carriage_cost_gp),
                report::cell::trimmed(m.carriage_weight_lb, 1),
                std::to_string(m.horses),
                std::to_string(m.substitute_men) + "/" + std::to_string(m.substitute_mules) + "/" +
                    std::to_string(m.substitute_medium_horses),
                std::to_string(m.substitute_men),
                std::to_string(m.substitute_mules),
                std::to_string(m.substitute_medium_horses),
                m.carts || m.wagons ? std::to_string(m.carts) + "/" + wagons : "-",
                carts,
                wagons,
                std::to_string(m.daily_miles) + "/" + std::to_string(m.weekly_miles),
                std::to_string(m.daily_miles),
                std::to_string(m.weekly_miles),
                std::string(m.encounter_move),
                std::move(enc[0]),
                std::move(enc[1]),
                m.assembly,
                report::cell::integer(m.assembly_turns),
                report::cell::integer(m.assembly_rounds),
                std::string(m.battlefield_move),
                std::move(hexes[0]),
                std::move(hexes[1]),
                std::move(hexes[2])});
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
      .add_column("yards", "Yards", Align::right, Shown::people)
      .add_column("range_from_yd", "From yd", Align::right, Shown::programs)
      .add_column("range_to_yd", "To yd", Align::right, Shown::programs)
      .add_column("shp_per_day_stone", "Stone", Align::right)
      .add_column("shp_per_day_wood", "Wood", Align::right)
      .add_column("source", "Source");
  for (const auto& r : d.bombardment.rows)
    bo.add_row({artillery::to_string(r.bracket), artillery::to_string(r.mode),
                trim(r.range_from_yd) + "-" + trim(r.range_to_yd), report::cell::trimmed(r.range_from_yd),
                report::cell::trimmed(r.range_to_yd), report::cell::trimmed(r.shp_per_day_stone),
                report::cell::trimmed(r.shp_per_day_wood), std::string(r.source)});
  bo.notes.push_back(std::to_string(d.bombardment.shots_per_day) + " shots a day; powder and shot " +
                     money(d.bombardment.cost_gp_per_day) + " gp a day (" +
                     std::string(d.bombardment.cost_per_day_source) + ")");
  return bo;
}

// A key/value table of figures: for programs each value a number (or text) and its unit.
Table figures_table(std::string title) {
  Table t;
  t.title = std::move(title);
  t.add_column("field", "Figure")
      .add_column("value", "Value", Align::right)
      .add_column("unit", "Unit", Align::left, Shown::programs);
  return t;
}
void add_figure(Table& t, std::string field, Cell value, std::string unit = "") {
  t.add_row({std::move(field), std::move(value), std::move(unit)});
}

// The piece on the battlefield: unit size, battle rating, bonus units, battlefield unit.
Table battle_table(const Design& d) {
  Table ba = figures_table("Battle");
  add_figure(ba, "Pieces per unit (D@W: Campaigns)", std::to_string(d.battle.unit_size), "pieces");
  add_figure(ba, "Battle rating of the unit", report::cell::trimmed(d.battle.br, 2));
  add_figure(ba, "Bonus units per piece (Sieges Simplified)", std::to_string(d.battle.bonus_units), "units");
  add_figure(ba, "Battlefield unit",
             std::to_string(d.battle.unit().pieces) + " pieces, " + d.battle.unit().formation + ", AC " +
                 std::to_string(d.battle.unit().ac) + ", HD " + d.battle.unit().hd + ", " +
                 std::to_string(d.battle.unit().uhp) + " uhp, morale " + (d.battle.unit().morale >= 0 ? "+" : "") +
                 std::to_string(d.battle.unit().morale));
  add_figure(ba, "Artillery attack", d.battle.artillery_attack());
  for (const auto& a : d.battle.unit().crew_attacks) add_figure(ba, "Crew attack", a);
  ba.notes.push_back("source: " + d.battle.source());
  return ba;
}

// Prices and making time under the chosen gunpowder economy.
Table economy_table(const Design& d) {
  const auto& e = d.economy;
  Table ec = figures_table("Economy (" + e.gunpowder + " gunpowder)");
  add_figure(ec, "Powder price", report::cell::shown_as(trim(e.powder_gp_per_lb, 2) + " gp/lb", e.powder_gp_per_lb),
             "gp per lb");
  add_figure(ec, "Price multiplier", report::cell::shown_as("x" + trim(e.cost_multiplier, 2), e.cost_multiplier),
             "times the historical price");
  add_figure(ec, "Price of the piece", report::cell::shown_as(money(e.piece_cost_gp) + " gp", e.piece_cost_gp), "gp");
  add_figure(ec, "Powder per shot",
             report::cell::shown_as(money(e.powder_cost_per_shot_gp) + " gp", e.powder_cost_per_shot_gp), "gp");
  add_figure(ec, "Time to make", report::cell::shown_as(trim(e.making_days) + " days", e.making_days), "days");
  if (e.market_class_reduction)
    add_figure(
        ec, "Powder market outside dwarven lands",
        report::cell::shown_as("-" + std::to_string(e.market_class_reduction) + " class", -e.market_class_reduction),
        "market classes");
  ec.notes.push_back("time to make: " + std::string(e.making_rule));
  return ec;
}

// The piece as an automaton (dwarven gunpowder only).
Table automaton_table(const artillery::Automaton& a) {
  Table au = figures_table("As an automaton (dwarven machinist)");
  add_figure(au, "Maximum damage", report::cell::trimmed(a.max_damage), "hp");
  add_figure(au, "Area of effect", report::cell::shown_as(trim(a.aoe_sq_ft, 2) + " sq ft", a.aoe_sq_ft), "sq ft");
  add_figure(au, "Estimated targets", report::cell::trimmed(a.targets, 2), "targets");
  add_figure(au, "Maximum damage per round", report::cell::trimmed(a.max_damage_per_round, 2), "hp per round");
  add_figure(au, "Hit dice", std::to_string(a.hd), "HD");
  add_figure(au, "Weight",
             report::cell::shown_as(
                 trim(a.weight_st) + " st (" + trim(a.weight_lb) + " lb at " + trim(a.lb_per_stone) + " lb a stone)",
                 a.weight_st),
             "st");
  add_figure(au, "Maximum range", report::cell::shown_as(trim(a.range_ft) + "'", a.range_ft), "ft");
  add_figure(au, "Net special abilities", std::to_string(a.special_abilities), "abilities");
  add_figure(au, "Cost", report::cell::shown_as(money(a.cost_gp) + " gp", a.cost_gp), "gp");
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
