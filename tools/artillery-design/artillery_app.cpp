// artillery_app.cpp - artillery-design: one piece from flags, pieces from TOML files, the
// book's catalogue, and the formula-versus-book comparison.
#include "artillery-design/artillery_app.hpp"

#include <cmath>
#include <map>
#include <ostream>
#include <thread>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::artillery_app {

using artillery::Carriage;
using artillery::Catalogue;
using artillery::Design;
using fmtnum::trim;
using report::Align;
using report::Table;

const cli::ToolInfo kInfo{
    "artillery-design",
    "Design gunpowder artillery: the book's 17 pieces and any custom piece from its shot weight and type "
    "(calibre, barrel, weight, powder, ranges, damage, area, crew, rate of fire, cost), carriages and mobility, "
    "bombardment, battle ratings and siege bonus units, artillery as automatons, and the alternative gunpowder "
    "economies (Guns of War, seed 000).",
    "Examples:\n"
    "  artillery-design --type gun --shot 18 --format json       the book's 18-pdr gun\n"
    "  artillery-design --type mortar --shot 20 --carriage field a custom piece\n"
    "  artillery-design --type gun --shot 2 --powder 1           a 2-pdr gun on a 1-lb charge\n"
    "  artillery-design --type cannon --shot 60 --gunpowder dwarven --explain\n"
    "  artillery-design --catalogue --format markdown\n"
    "  artillery-design --compare                                formulas against the book\n"
    "  artillery-design pieces.toml                              [[piece]] tables: name, type, shot_lb,\n"
    "                                                            powder_lb, shot_used_lb, carriage, era, gunpowder\n"};

void setup(CLI::App& app, Options& opt) {
  app.add_option("-t,--type", opt.type, "piece type: cannon, gun or mortar")
      ->check(CLI::IsMember({"cannon", "gun", "mortar"}))
      ->type_name("TYPE");
  app.add_option("-s,--shot", opt.shot, "shot weight in pounds (the piece's designation: 18 for an 18-pdr)")->type_name("LB");
  app.add_option("--powder", opt.powder, "reduced powder charge in pounds (scales range and damage)")->type_name("LB");
  app.add_option("--shot-used", opt.shot_used, "lighter shot actually fired (medium and long range -25%)")->type_name("LB");
  app.add_option("-c,--carriage", opt.carriage, "carriageless, garrison, field or limber")
      ->check(CLI::IsMember({"carriageless", "garrison", "field", "limber"}))
      ->type_name("CARRIAGE");
  app.add_option("--era", opt.era, "early, middle or late: rules out carriages not yet invented")
      ->check(CLI::IsMember({"early", "middle", "late"}))
      ->type_name("ERA");
  app.add_option("-g,--gunpowder", opt.gunpowder, "historical, alchemical, magical or dwarven (default historical)")
      ->check(CLI::IsMember({"historical", "alchemical", "magical", "dwarven"}))
      ->type_name("KIND");
  app.add_option("--price-multiplier", opt.price_multiplier, "override the economy's price multiplier (dwarven: 1-5, default 2)")
      ->type_name("X");
  app.add_option("--powder-price", opt.powder_price, "override the economy's powder price, gp per pound")->type_name("GP");
  app.add_option("-n,--name", opt.name, "name of the piece in the output")->type_name("NAME");
  app.add_flag("--catalogue", opt.catalogue, "list the book's 17 pieces");
  app.add_flag("--formula", opt.formula, "use the design formulas even for a piece the book lists");
  app.add_flag("--compare", opt.compare, "print the formulas against the book, field by field, for all 17 pieces");
}

namespace {

std::string money(double gp) { return trim(gp, 2); }

// ---------------------------------------------------------------------------------------------
// JSON

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
  o.set("rof", c.rof);
  o.set("shots_per_day", c.shots_per_day);
  o.set("cost_gp", c.cost_gp);
  o.set("shp", c.shp);
  o.set("ac", c.ac);
  return o;
}

json::Value design_json(const Design& d) {
  const auto& c = d.effective;
  json::Value o = json::object();
  o.set("name", d.name);
  o.set("type", artillery::to_string(d.type));
  o.set("shot_lb", d.book_or_formula.shot_lb);
  o.set("source", c.source);
  o.set("caliber_in", c.caliber_in);
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
  o.set("rof", c.rof);
  o.set("shots_per_day", c.shots_per_day);
  o.set("cost_gp", c.cost_gp);
  o.set("shp", c.shp);
  o.set("ac", c.ac);
  o.set("shot_cost_gp", c.shot_cost_gp);
  o.set("powder_cost_gp", c.powder_cost_gp);
  o.set("powder_used_lb", d.powder_used_lb ? json::Value(*d.powder_used_lb) : json::Value());
  o.set("shot_used_lb", d.shot_used_lb ? json::Value(*d.shot_used_lb) : json::Value());
  o.set("carriage", d.carriage ? json::Value(artillery::to_string(*d.carriage)) : json::Value());
  o.set("era", d.era ? json::Value(artillery::to_string(*d.era)) : json::Value());
  json::Value carriages = json::array();
  for (const auto& m : d.mobility) {
    json::Value r = json::object();
    r.set("carriage", artillery::to_string(m.carriage));
    r.set("name", m.name);
    r.set("availability", m.availability);
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
    carriages.push(std::move(r));
  }
  o.set("carriages", std::move(carriages));
  json::Value b = json::object();
  b.set("shots_per_day", d.bombardment.shots_per_day);
  b.set("daily_cost_gp", d.bombardment.daily_cost_gp);
  b.set("daily_cost_source", d.bombardment.daily_cost_source);
  json::Value rows = json::array();
  for (const auto& row : d.bombardment.rows) {
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
  o.set("bombardment", std::move(b));
  json::Value bt = json::object();
  bt.set("source", d.battle.source());
  bt.set("unit_size", d.battle.unit_size);
  bt.set("br", d.battle.br);
  bt.set("bonus_units", d.battle.bonus_units);
  bt.set("unit_pieces", d.battle.unit().pieces);
  bt.set("unit_formation", d.battle.unit().formation);
  bt.set("unit_ac", d.battle.unit().ac);
  bt.set("unit_hd", d.battle.unit().hd);
  bt.set("unit_uhp", d.battle.unit().uhp);
  bt.set("unit_morale", d.battle.unit().morale);
  json::Value attacks = json::array();
  attacks.push(d.battle.artillery_attack());
  for (const auto& a : d.battle.unit().crew_attacks) attacks.push(a);
  bt.set("attacks", std::move(attacks));
  bt.set("reload_tokens", d.battle.reload);
  o.set("battle", std::move(bt));
  json::Value e = json::object();
  e.set("gunpowder", d.economy.gunpowder);
  e.set("powder_gp_per_lb", d.economy.powder_gp_per_lb);
  e.set("price_multiplier", d.economy.cost_multiplier);
  e.set("piece_cost_gp", d.economy.piece_cost_gp);
  e.set("powder_cost_per_shot_gp", d.economy.powder_cost_per_shot_gp);
  e.set("daily_cost_gp", d.economy.daily_cost_gp);
  e.set("making_days", d.economy.making_days);
  e.set("making_rule", d.economy.making_rule);
  e.set("market_class_reduction", d.economy.market_class_reduction);
  o.set("economy", std::move(e));
  if (d.automaton) {
    const auto& a = *d.automaton;
    json::Value m = json::object();
    m.set("max_damage", a.max_damage);
    m.set("aoe_sq_ft", a.aoe_sq_ft);
    m.set("targets", a.targets);
    m.set("max_damage_per_round", a.max_damage_per_round);
    m.set("hd", a.hd);
    m.set("weight_st", a.weight_st);
    m.set("weight_lb", a.weight_lb);
    m.set("range_ft", a.range_ft);
    m.set("special_abilities", a.special_abilities);
    m.set("cost_gp", a.cost_gp);
    o.set("automaton", std::move(m));
  }
  o.set("formula", characteristics_json(d.formula));
  return o;
}

// ---------------------------------------------------------------------------------------------
// Tables

std::string barrel(double inches) {
  const int total = static_cast<int>(inches + 0.5);
  return std::to_string(total / 12) + "'" + (total % 12 ? std::to_string(total % 12) + "\"" : "");
}

// One row of the pieces table.
std::vector<std::string> summary_row(const Design& d) {
  const auto& c = d.effective;
  return {d.name, std::string(c.source), trim(c.caliber_in, 2) + "\"", barrel(c.barrel_length_in),
          trim(c.base_weight_lb), trim(c.powder_lb, 2),
          trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd), c.damage(),
          std::to_string(c.aoe_ft) + (d.type == artillery::Type::mortar ? " r" : " line"), std::to_string(c.crew),
          "1/" + std::to_string(c.rof), std::to_string(c.shots_per_day), money(c.cost_gp), std::to_string(c.shp),
          std::to_string(c.ac)};
}

Table summary_table(std::vector<std::vector<std::string>> rows, const std::string& title) {
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
std::vector<std::string> carriage_row(const Design& d) {
  if (!d.carriage) return {};
  const auto& m = d.mobility[static_cast<size_t>(*d.carriage)];
  return {d.name, std::string(m.name), std::to_string(m.horses), std::to_string(m.carts) + "/" + std::to_string(m.wagons),
          money(m.carriage_cost_gp), trim(m.carriage_weight_lb, 1)};
}

void detail_tables(const Design& d, std::vector<Table>& out) {
  const auto& c = d.effective;
  Table ch;
  ch.title = d.name + " (" + artillery::to_string(d.type) + ", " + trim(d.book_or_formula.shot_lb) + " lb shot)";
  ch.add_column("field", "Characteristic").add_column("value", "Value", Align::right).add_column("source", "Source");
  const std::string src(c.source);
  auto row = [&](std::string f, std::string v, std::string s) { ch.add_row({std::move(f), std::move(v), std::move(s)}); };
  row("AC", std::to_string(c.ac), src == "book" ? "book" : "every book piece");
  row("Structural hit points", std::to_string(c.shp), src == "book" ? "book" : "nearest book piece, scaled by weight");
  row("Base weight", trim(c.base_weight_lb) + " lb", src);
  row("Barrel calibre", trim(c.caliber_in, 2) + "\"", src);
  row("Barrel length", barrel(c.barrel_length_in), src);
  row("Shot weight", trim(d.shot_used_lb.value_or(c.shot_lb), 2) + " lb", d.shot_used_lb ? "lighter shot" : src);
  row("Powder charge", trim(c.powder_lb, 2) + " lb", d.powder_used_lb ? "reduced charge" : src);
  row("Range short/medium/long", trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd) + " yd",
      d.powder_used_lb || d.shot_used_lb ? src + ", adjusted" : src);
  row("Damage", c.damage(), d.powder_used_lb ? src + ", reduced charge" : src);
  row("Area of effect",
      d.type == artillery::Type::mortar ? std::to_string(c.aoe_ft) + "' radius" : "5' x " + std::to_string(c.aoe_ft) + "' line",
      src);
  row("Crew", std::to_string(c.crew) + " men", src);
  row("Rate of fire", "1/" + std::to_string(c.rof), src);
  row("Shots per day", std::to_string(c.shots_per_day), src);
  row("Cost", money(c.cost_gp) + " gp", d.economy.cost_multiplier == 1 ? src : src + " x " + trim(d.economy.cost_multiplier));
  row("Shot, each", money(c.shot_cost_gp) + " gp", src);
  row("Powder charge, each", money(c.powder_cost_gp) + " gp", d.economy.gunpowder);
  out.push_back(std::move(ch));

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
    mo.add_row({std::string(m.name) + (d.carriage && *d.carriage == m.carriage ? " *" : ""), std::string(m.availability),
                m.available ? "yes" : "no",
                money(m.carriage_cost_gp), trim(m.carriage_weight_lb, 1), std::to_string(m.horses),
                std::to_string(m.substitute_men) + "/" + std::to_string(m.substitute_mules) + "/" +
                    std::to_string(m.substitute_medium_horses),
                m.carts || m.wagons ? std::to_string(m.carts) + "/" + std::to_string(m.wagons) : "-",
                std::to_string(m.daily_miles) + "/" + std::to_string(m.weekly_miles), std::string(m.encounter_move), m.assembly,
                std::string(m.battlefield_move)});
  }
  if (d.carriage) mo.notes.push_back("* the chosen carriage");
  mo.notes.push_back(std::string("horses: ") + (d.mobility.empty() ? "" : std::string(d.mobility[0].horses_source)) +
                     "; carts carry 1,600 lb, a wagon replaces four carts");
  out.push_back(std::move(mo));

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
                     money(d.bombardment.daily_cost_gp) + " gp a day (" + std::string(d.bombardment.daily_cost_source) + ")");
  out.push_back(std::move(bo));

  Table ba;
  ba.title = "Battle";
  ba.add_column("field", "Figure").add_column("value", "Value", Align::right);
  ba.add_row({"Pieces per unit (D@W: Campaigns)", std::to_string(d.battle.unit_size)});
  ba.add_row({"Battle rating of the unit", trim(d.battle.br, 2)});
  ba.add_row({"Bonus units per piece (Sieges Simplified)", std::to_string(d.battle.bonus_units)});
  ba.add_row({"Battlefield unit", std::to_string(d.battle.unit().pieces) + " pieces, " + d.battle.unit().formation + ", AC " +
                                      std::to_string(d.battle.unit().ac) + ", HD " + d.battle.unit().hd + ", " +
                                      std::to_string(d.battle.unit().uhp) + " uhp, morale " +
                                      (d.battle.unit().morale >= 0 ? "+" : "") + std::to_string(d.battle.unit().morale)});
  ba.add_row({"Artillery attack", d.battle.artillery_attack()});
  for (const auto& a : d.battle.unit().crew_attacks) ba.add_row({"Crew attack", a});
  ba.notes.push_back("source: " + d.battle.source());
  out.push_back(std::move(ba));

  Table ec;
  ec.title = "Economy (" + d.economy.gunpowder + " gunpowder)";
  ec.add_column("field", "Figure").add_column("value", "Value", Align::right);
  ec.add_row({"Powder price", trim(d.economy.powder_gp_per_lb, 2) + " gp/lb"});
  ec.add_row({"Price multiplier", "x" + trim(d.economy.cost_multiplier, 2)});
  ec.add_row({"Price of the piece", money(d.economy.piece_cost_gp) + " gp"});
  ec.add_row({"Powder per shot", money(d.economy.powder_cost_per_shot_gp) + " gp"});
  ec.add_row({"Time to make", trim(d.economy.making_days) + " days"});
  if (d.economy.market_class_reduction)
    ec.add_row({"Powder market outside dwarven lands", "-" + std::to_string(d.economy.market_class_reduction) + " class"});
  ec.notes.push_back("time to make: " + std::string(d.economy.making_rule));
  out.push_back(std::move(ec));

  if (d.automaton) {
    const auto& a = *d.automaton;
    Table au;
    au.title = "As an automaton (dwarven machinist)";
    au.add_column("field", "Figure").add_column("value", "Value", Align::right);
    au.add_row({"Maximum damage", trim(a.max_damage)});
    au.add_row({"Area of effect", trim(a.aoe_sq_ft, 2) + " sq ft"});
    au.add_row({"Estimated targets", trim(a.targets, 2)});
    au.add_row({"Maximum damage per round", trim(a.max_damage_per_round, 2)});
    au.add_row({"Hit dice", std::to_string(a.hd)});
    au.add_row({"Weight", trim(a.weight_st) + " st (" + trim(a.weight_lb) + " lb)"});
    au.add_row({"Maximum range", trim(a.range_ft) + "'"});
    au.add_row({"Net special abilities", std::to_string(a.special_abilities)});
    au.add_row({"Cost", money(a.cost_gp) + " gp"});
    out.push_back(std::move(au));
  }
}

// ---------------------------------------------------------------------------------------------
// Inputs

struct Named {
  artillery::Request req;
  // Where each field came from, to place errors: TOML key positions or the flag's name.
  const input::Document* doc = nullptr;
  const toml::table* table = nullptr;
};

std::string flag_for(const std::string& field) { return "--" + field; }

std::string key_for(const std::string& field) {
  if (field == "shot") return "shot_lb";
  if (field == "powder") return "powder_lb";
  if (field == "shot-used") return "shot_used_lb";
  if (field == "price-multiplier") return "price_multiplier";
  if (field == "powder-price") return "powder_price_gp_per_lb";
  return field;
}

// Places a rule error at the TOML key it concerns (exit 65) or names the flag (exit 64).
Diagnostics place(const Diagnostics& in, const Named& n) {
  Diagnostics out;
  for (auto item : in.items()) {
    const std::string field = item.pos.file;
    if (n.doc && n.table) {
      const std::string key = key_for(field);
      const toml::node* node = n.table->get(key);
      item.pos = n.doc->pos(node ? *node : static_cast<const toml::node&>(*n.table));
      item.source_line = n.doc->line(item.pos.line);
      item.code = ExitCode::data_error;
    } else {
      item.pos = SourcePos{};
      item.message = flag_for(field) + ": " + item.message;
      item.code = ExitCode::usage;
    }
    out.add(item);
  }
  return out;
}

void read_pieces(const input::Document& doc, std::vector<Named>& out, Diagnostics& diags) {
  input::check_top_level(doc, {"piece"}, diags);
  for (const toml::table* t : input::tables_of(doc, "piece", diags)) {
    input::TableReader r(doc, *t, diags, "[[piece]]");
    Named n;
    n.doc = &doc;
    n.table = t;
    n.req.name = r.string("name", input::Need::optional).value_or("");
    if (auto ty = r.string("type", input::Need::required, {"cannon", "gun", "mortar"})) n.req.type = *artillery::parse_type(*ty);
    const auto shot = r.number("shot_lb", input::Need::required, input::positive(artillery::kMaxShotLb));
    n.req.powder_lb = r.number("powder_lb", input::Need::optional, input::positive());
    n.req.shot_used_lb = r.number("shot_used_lb", input::Need::optional, input::positive());
    if (auto c = r.string("carriage", input::Need::optional, {"carriageless", "garrison", "field", "limber"}))
      n.req.carriage = artillery::parse_carriage(*c);
    if (auto e = r.string("era", input::Need::optional, {"early", "middle", "late"})) n.req.era = artillery::parse_era(*e);
    n.req.gunpowder = r.string("gunpowder", input::Need::optional, {"historical", "alchemical", "magical", "dwarven"})
                          .value_or("historical");
    n.req.price_multiplier = r.number("price_multiplier", input::Need::optional, input::positive(100));
    n.req.powder_gp_per_lb = r.number("powder_price_gp_per_lb", input::Need::optional, input::non_negative());
    r.finish();
    if (!shot) continue;  // already reported
    n.req.shot_lb = *shot;
    out.push_back(std::move(n));
  }
}

Expected<report::Report> catalogue_report(const Catalogue& cat, const cli::CommonOptions& common) {
  std::vector<Design> designs;
  for (const auto& p : cat.pieces) {
    artillery::Request req;
    req.type = p.type;
    req.shot_lb = p.shot_lb;
    req.explain = common.explain;
    auto d = artillery::design(cat, req);
    if (!d) return d.error();
    designs.push_back(std::move(*d));
  }
  report::Report rep;
  std::vector<std::vector<std::string>> rows;
  for (const auto& d : designs) rows.push_back(summary_row(d));
  rep.tables.push_back(summary_table(std::move(rows), "Gunpowder artillery (" + cat.sources.characteristics + ")"));
  Table mob;
  mob.title = "Carriages by era and horses (" + cat.sources.mobility + "; " + cat.sources.horses + ")";
  mob.add_column("name", "Piece");
  for (auto c : artillery::kCarriages) mob.add_column(artillery::to_string(c), cat.carriage(c).name);
  for (const auto& p : cat.pieces) {
    std::vector<std::string> row{p.name};
    for (size_t i = 0; i < 4; ++i)
      row.push_back((p.carriage_era[i] ? artillery::to_string(*p.carriage_era[i]) : std::string("n/a")) + ", " +
                    std::to_string(p.horses[i]) + (p.horses[i] == 1 ? " horse" : " horses"));
    mob.add_row(std::move(row));
  }
  rep.tables.push_back(std::move(mob));
  Table bat;
  bat.title = "Bombardment and battle (" + cat.sources.bombardment + "; " + cat.sources.battle_rating + ")";
  bat.add_column("name", "Piece")
      .add_column("bombard", "Stone shp/day S | M | L")
      .add_column("shots_per_day", "Shots/day", Align::right)
      .add_column("daily_cost_gp", "Daily gp", Align::right)
      .add_column("unit_size", "Unit size", Align::right)
      .add_column("br", "BR", Align::right)
      .add_column("bonus_units", "Bonus units", Align::right)
      .add_column("reload", "Unit reload", Align::right);
  for (const auto& p : cat.pieces) {
    auto cell = [](std::optional<double> a, std::optional<double> b) {
      return (a ? trim(*a) : std::string("-")) + "/" + (b ? trim(*b) : std::string("-"));
    };
    bat.add_row({p.name,
                 cell(p.bombard.short_direct, std::nullopt) + " | " + cell(p.bombard.medium_direct, p.bombard.medium_plunging) +
                     " | " + cell(p.bombard.long_direct, p.bombard.long_plunging),
                 std::to_string(p.shots_per_day), trim(p.daily_cost_gp), std::to_string(p.unit_size), trim(p.br, 2),
                 std::to_string(p.bonus_units), std::to_string(p.battlefield_unit.reload)});
  }
  bat.notes.push_back("bombardment cells are direct/plunging; '-' where that fire is impossible");
  rep.tables.push_back(std::move(bat));
  json::Value arr = json::array();
  for (const auto& d : designs) {
    arr.push(design_json(d));
    for (const auto& l : d.explain) rep.explain.push_back(l);
  }
  rep.json.set("tool", kInfo.name);
  rep.json.set("pieces", std::move(arr));
  return rep;
}

Expected<report::Report> compare_report(const Catalogue& cat) {
  report::Report rep;
  Table t;
  t.title = "Design formulas against the book (" + cat.sources.characteristics + ")";
  t.add_column("piece", "Piece")
      .add_column("field", "Field")
      .add_column("book", "Book", Align::right)
      .add_column("formula", "Formula", Align::right)
      .add_column("agrees", "Agrees");
  json::Value pieces = json::array();
  int total = 0, agree = 0;
  std::map<std::string, std::pair<int, int>> by_field;
  for (const auto& p : cat.pieces) {
    json::Value o = json::object();
    o.set("name", p.name);
    json::Value fields = json::array();
    for (const auto& f : artillery::compare(cat, p)) {
      ++total;
      auto& bf = by_field[f.field];
      ++bf.second;
      if (f.agrees()) {
        ++agree;
        ++bf.first;
      }
      t.add_row({p.name, f.field, trim(f.book, 2), trim(f.formula, 2), f.agrees() ? "yes" : "no"});
      json::Value fo = json::object();
      fo.set("field", f.field);
      fo.set("book", f.book);
      fo.set("formula", f.formula);
      fo.set("agrees", f.agrees());
      fields.push(std::move(fo));
    }
    o.set("fields", std::move(fields));
    pieces.push(std::move(o));
  }
  t.notes.push_back(std::to_string(agree) + " of " + std::to_string(total) +
                    " figures agree; docs/rules-notes.md explains every difference");
  rep.tables.push_back(std::move(t));
  json::Value summary = json::array();
  rep.tables.push_back(report::agreement_table("Agreement by field", "field", "Field",
                                               report::AgreementCounts(by_field.begin(), by_field.end()), summary));

  // The bombardment model for designed pieces against the book's table.
  Table bm;
  bm.title = "Bombardment model against the book (" + cat.sources.bombardment + ")";
  bm.add_column("piece", "Piece")
      .add_column("range", "Range")
      .add_column("fire", "Fire")
      .add_column("book", "Book", Align::right)
      .add_column("model", "Model", Align::right)
      .add_column("error_pct", "Error %", Align::right);
  json::Value bjson = json::array();
  double worst = 0, sum_abs = 0;
  int cells = 0;
  for (const auto& p : cat.pieces) {
    artillery::Characteristics c;
    c.shots_per_day = p.shots_per_day;
    c.damage_dice = p.damage_dice;
    for (size_t b = 0; b < 3; ++b)
      for (auto m : {artillery::FireMode::direct, artillery::FireMode::plunging}) {
        const auto bracket = static_cast<artillery::Bracket>(b);
        const auto book = p.bombard.get(bracket, m);
        if (!book) continue;
        const auto model = artillery::bombard_model(cat, c, bracket, m);
        if (!model) continue;
        const double err = 100.0 * (*model - *book) / *book;
        worst = std::max(worst, std::fabs(err));
        sum_abs += std::fabs(err);
        ++cells;
        bm.add_row({p.name, artillery::to_string(bracket), artillery::to_string(m), trim(*book), trim(*model),
                    fmtnum::fixed(err, 1)});
        json::Value o = json::object();
        o.set("piece", p.name);
        o.set("range", artillery::to_string(bracket));
        o.set("fire", artillery::to_string(m));
        o.set("book", *book);
        o.set("model", *model);
        o.set("error_pct", err);
        bjson.push(std::move(o));
      }
  }
  bm.notes.push_back("model: shots per day x 5.5 per die x dice x a factor per range and fire, fitted as the median "
                     "over the book; " + std::to_string(cells) + " cells, mean absolute error " +
                     fmtnum::fixed(cells ? sum_abs / cells : 0, 1) + "%, worst " + fmtnum::fixed(worst, 1) + "%");
  rep.tables.push_back(std::move(bm));
  rep.json.set("tool", kInfo.name);
  rep.json.set("bombardment_model", std::move(bjson));
  rep.json.set("bombardment_mean_abs_error_pct", cells ? sum_abs / cells : 0.0);
  rep.json.set("bombardment_worst_error_pct", worst);
  rep.json.set("agree", agree);
  rep.json.set("total", total);
  rep.json.set("by_field", std::move(summary));
  rep.json.set("pieces", std::move(pieces));
  return rep;
}

}  // namespace

Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common) {
  auto cat_or = artillery::load_catalogue();
  if (!cat_or) return cat_or.error();
  const Catalogue& cat = **cat_or;

  const bool flags_piece = opt.type || opt.shot;
  const int modes = (opt.catalogue ? 1 : 0) + (opt.compare ? 1 : 0) + (flags_piece ? 1 : 0) + (!common.inputs.empty() ? 1 : 0);
  if (modes == 0)
    return cli::usage_error("", "nothing to do: give --type and --shot, a TOML file, --catalogue or --compare");
  if (modes > 1)
    return cli::usage_error("", "choose one of: --type/--shot, input files, --catalogue, --compare");
  if (opt.catalogue) return catalogue_report(cat, common);
  if (opt.compare) return compare_report(cat);

  // Each piece is designed as soon as it is read and turned at once into what the output needs
  // (its row of the pieces table, or its JSON object), so that no file's designs, nor a large
  // file's whole parse tree, are held in memory. A large file is streamed in small pieces on two
  // threads (input::for_each_chunk), each into its own Part; parts are joined in input order, so
  // the output and the order of the errors do not depend on the split. Reading errors are all
  // reported before any design error, as for a file read whole.
  const bool json_out = report::parse_format(common.format) == report::Format::json;
  struct Item {
    std::optional<Design> design;  // a single piece: its detailed tables
    std::vector<std::string> row, carriage;
    json::Value json;
    std::vector<std::string> explain;
  };
  struct Part {
    Diagnostics read_errors, design_errors;
    std::vector<Item> items;
  };
  // keep: the piece may be the only one, which is shown in detailed tables.
  auto design_one = [&](Named& n, Part& part, bool keep) {
    n.req.force_formula = opt.formula;
    n.req.explain = common.explain;
    auto d = artillery::design(cat, n.req);
    if (!d) {
      part.design_errors.append(place(d.error(), n));
      return;
    }
    if (!part.design_errors.empty()) return;
    Item it;
    it.explain = std::move(d->explain);
    if (json_out) {
      // Serialised here, on the thread that designed it, for its place in {"pieces": [ ... ]}.
      it.json = json::raw(design_json(*d), 2);
    } else {
      it.row = summary_row(*d);
      it.carriage = carriage_row(*d);
      if (keep) it.design = std::move(*d);
    }
    part.items.push_back(std::move(it));
  };
  auto process = [&](const input::Document& doc, Part& part) {
    std::vector<Named> named;
    read_pieces(doc, named, part.read_errors);
    if (!part.read_errors.empty()) return;
    part.items.reserve(named.size());
    for (auto& n : named) {
      // Economy flags apply to every piece of the files unless a piece sets its own.
      if (opt.gunpowder != "historical" && !n.table->contains("gunpowder")) n.req.gunpowder = opt.gunpowder;
      if (opt.price_multiplier && !n.req.price_multiplier) n.req.price_multiplier = opt.price_multiplier;
      if (opt.powder_price && !n.req.powder_gp_per_lb) n.req.powder_gp_per_lb = opt.powder_price;
      design_one(n, part, named.size() == 1);
    }
  };

  std::vector<Part> parts;
  Diagnostics input_errors;
  if (flags_piece) {
    if (!opt.type) return cli::usage_error("--type", "required with --shot (cannon, gun or mortar)");
    if (!opt.shot) return cli::usage_error("--shot", "required with --type (shot weight in pounds)");
    Named n;
    n.req.type = *artillery::parse_type(*opt.type);
    n.req.shot_lb = *opt.shot;
    n.req.powder_lb = opt.powder;
    n.req.shot_used_lb = opt.shot_used;
    if (opt.carriage) n.req.carriage = artillery::parse_carriage(*opt.carriage);
    if (opt.era) n.req.era = artillery::parse_era(*opt.era);
    n.req.gunpowder = opt.gunpowder;
    n.req.name = opt.name.value_or("");
    n.req.price_multiplier = opt.price_multiplier;
    n.req.powder_gp_per_lb = opt.powder_price;
    parts.resize(1);
    design_one(n, parts[0], true);
  } else {
    if (opt.powder || opt.shot_used || opt.carriage || opt.era || opt.name)
      return cli::usage_error("", "--powder, --shot-used, --carriage, --era and --name go with --type/--shot; "
                                  "in a file, give them as keys of each [[piece]]");
    for (const auto& path : common.inputs) {
      auto text = input::read_input(path);
      if (!text) return text.error();
      const std::string name = path == "-" ? "<stdin>" : path;
      auto shared = std::make_shared<const std::string>(std::move(*text));
      const size_t base = parts.size();
      const bool streamed = input::for_each_chunk(
          shared, name, "piece", 2, [&](size_t count) { parts.resize(base + count); },
          [&](size_t i, unsigned, const input::Document& doc) { process(doc, parts[base + i]); });
      if (streamed) continue;
      parts.resize(base);
      auto doc = input::parse(*shared, name);
      if (!doc) {
        input_errors.append(doc.error());
        continue;
      }
      parts.emplace_back();
      process(*doc, parts.back());
    }
  }
  Diagnostics errors = input_errors;
  for (const auto& p : parts) errors.append(p.read_errors);
  if (errors.empty())
    for (const auto& p : parts) errors.append(p.design_errors);
  if (!errors.empty()) return errors;

  report::Report rep;
  rep.json.set("tool", kInfo.name);
  size_t total = 0;
  for (const auto& p : parts) total += p.items.size();
  if (json_out) {
    json::Value arr = json::array();
    arr.array().reserve(total);
    for (auto& p : parts)
      for (auto& it : p.items) arr.push(std::move(it.json));
    rep.json.set("pieces", std::move(arr));
  } else if (total == 1) {
    for (auto& p : parts)
      if (!p.items.empty()) detail_tables(*p.items[0].design, rep.tables);
  } else {
    std::vector<std::vector<std::string>> rows;
    rows.reserve(total);
    Table mob;
    mob.title = "Chosen carriages";
    mob.add_column("name", "Piece")
        .add_column("carriage", "Carriage")
        .add_column("horses", "Horses", Align::right)
        .add_column("carts", "Carts/wagons", Align::right)
        .add_column("carriage_cost_gp", "Carriage gp", Align::right)
        .add_column("carriage_weight_lb", "Carriage lb", Align::right);
    for (auto& p : parts)
      for (auto& it : p.items) {
        rows.push_back(std::move(it.row));
        if (!it.carriage.empty()) mob.rows.push_back(std::move(it.carriage));
      }
    rep.tables.push_back(summary_table(std::move(rows), "Pieces"));
    if (!mob.rows.empty()) rep.tables.push_back(std::move(mob));
  }
  if (common.explain)
    for (const auto& p : parts)
      for (const auto& it : p.items) rep.explain.insert(rep.explain.end(), it.explain.begin(), it.explain.end());
  return rep;
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::artillery_app
