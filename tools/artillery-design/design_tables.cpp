// design_tables.cpp - the tables artillery-design prints: the pieces table and the chosen
// carriages of several pieces, and the detailed tables of a single piece, each made from its
// declaration (specs.hpp), so that JSON and csv are written from them too.
#include <cmath>
#include <string_view>
#include <utility>

#include "artillery-design/design_report.hpp"
#include "artillery-design/fields.hpp"
#include "artillery-design/specs.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::artillery_app {

using artillery::Design;
using fmtnum::trim;
using report::Align;
using report::Cell;
using report::Table;
using namespace fields;

std::string money(double gp) { return trim(gp, 2); }
report::Cell money_cell(double gp) { return report::cell::trimmed(gp, 2); }

std::string barrel(double inches) {
  const int total = gunpowder::rounding::saturated_int(std::round(inches));
  return std::to_string(total / 12) + "'" + (total % 12 ? std::to_string(total % 12) + "\"" : "");
}

namespace {
// A column of text that the table shows right-aligned, as figures are.
void align_right(Table& t, std::initializer_list<std::string_view> keys) {
  for (auto& c : t.columns)
    for (auto k : keys)
      if (c.key == k) c.align = Align::right;
}
Cell count(long long n) { return Cell(std::to_string(n)); }
Cell optional_lb(const std::optional<double>& x) { return report::cell::trimmed(x); }
Cell enum_or_none(const std::optional<std::string>& s) { return s ? Cell(*s) : report::cell::none(); }
}  // namespace

std::string summary_source(const artillery::Characteristics& c) {
  return std::string(c.ruled.empty() ? c.source : c.ruled.front().second);
}

// One row of the pieces table.
std::vector<report::Cell> summary_row(const Design& d) {
  const auto& c = d.effective;
  const bool mortar = d.type == artillery::Type::mortar;
  return {d.name,
          artillery::to_string(d.type),
          report::cell::trimmed(d.book_or_formula.shot_lb),
          summary_source(c),
          report::cell::inches(c.caliber_in),
          report::cell::trimmed(c.shot_diameter_in),
          report::cell::shown_as(barrel(c.barrel_length_in), c.barrel_length_in),
          report::cell::trimmed(c.base_weight_lb),
          report::cell::trimmed(c.powder_lb, 2),
          trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd),
          report::cell::trimmed(c.range_short_yd),
          report::cell::trimmed(c.range_medium_yd),
          report::cell::trimmed(c.range_long_yd),
          c.damage(),
          count(c.damage_dice),
          report::cell::shown_as(std::to_string(c.aoe_ft) + (mortar ? " r" : " line"), c.aoe_ft),
          mortar ? "radius" : "line",
          count(c.crew),
          report::cell::shown_as("1/" + std::to_string(c.rounds_per_shot), c.rounds_per_shot),
          count(c.shots_per_day),
          money_cell(c.cost_gp),
          count(c.shp),
          count(c.ac),
          money_cell(c.shot_cost_gp),
          money_cell(c.powder_cost_gp),
          optional_lb(d.powder_used_lb),
          optional_lb(d.shot_used_lb),
          enum_or_none(d.carriage ? std::optional<std::string>(artillery::to_string(*d.carriage)) : std::nullopt),
          enum_or_none(d.era ? std::optional<std::string>(artillery::to_string(*d.era)) : std::nullopt),
          d.economy.gunpowder};
}

Table summary_table(std::vector<std::vector<report::Cell>> rows, const std::string& title) {
  Table t(pieces_spec());
  t.title = title;
  align_right(t, {"range", "damage"});
  t.rows = std::move(rows);
  return t;
}

// One row of the chosen-carriages table (empty when the piece has no chosen carriage).
std::vector<report::Cell> carriage_row(const Design& d) {
  if (!d.carriage) return {};
  const auto& m = d.mobility[static_cast<size_t>(*d.carriage)];
  return {d.name,
          report::Cell(std::string(m.name), artillery::to_string(m.carriage)),
          count(m.horses),
          std::to_string(m.carts) + "/" + std::to_string(m.wagons),
          count(m.carts),
          count(m.wagons),
          money_cell(m.carriage_cost_gp),
          report::cell::trimmed(m.carriage_weight_lb, 1)};
}

Table carriages_table() {
  Table mob(chosen_carriages_spec());
  align_right(mob, {"carts_wagons"});
  return mob;
}

namespace {

// Where a figure of the piece came from: its house rule, else `plain` (the book, the formulas or
// the rule that gives it).
std::string ruled_or(const artillery::Characteristics& c, std::string_view key, std::string plain) {
  const std::string_view s = c.source_of(key);
  return s == c.source ? std::move(plain) : std::string(s);
}
// The source of a figure computed from the figure of `key`: that figure's source, and how.
std::string from(const artillery::Characteristics& c, std::string_view key, const std::string& how = "") {
  return std::string(c.source_of(key)) + how;
}

// The figures the table shows first: the piece itself.
void identity_figures(const Design& d, Table& ch) {
  const auto& c = d.effective;
  ch.add_figure(kType, artillery::to_string(d.type));
  ch.add_figure(kShotLb, report::cell::trimmed(d.book_or_formula.shot_lb), from(c, "shot_lb"));
  ch.add_figure(kAc, report::cell::shown_as(std::to_string(c.ac), c.ac),
                ruled_or(c, "ac", c.source == "book" ? "book" : "every book piece"));
  ch.add_figure(kShp, report::cell::shown_as(std::to_string(c.shp), c.shp),
                ruled_or(c, "shp", c.source == "book" ? "book" : "nearest book piece, scaled by weight"));
  ch.add_figure(kBaseWeight, report::cell::shown_as(trim(c.base_weight_lb) + " lb", c.base_weight_lb),
                from(c, "base_weight_lb"));
  ch.add_figure(kCaliber, report::cell::shown_as(trim(c.caliber_in, 2) + "\"", c.caliber_in), from(c, "caliber_in"));
  ch.add_figure(kShotDiameter, report::cell::shown_as(trim(c.shot_diameter_in, 2) + "\"", c.shot_diameter_in),
                ruled_or(c, "caliber_in", "calibre less 1/4\"") +
                    (c.source_of("caliber_in") == c.source ? "" : ", calibre less 1/4\""));
  ch.add_figure(kBarrel, report::cell::shown_as(barrel(c.barrel_length_in), c.barrel_length_in),
                from(c, "barrel_length_in"));
  const double shot = d.shot_used_lb.value_or(c.shot_lb);
  ch.add_figure(kShotWeight, trim(shot, 2) + " lb", d.shot_used_lb ? "lighter shot" : from(c, "shot_lb"));
  ch.add_figure(kShotUsed, optional_lb(d.shot_used_lb), d.shot_used_lb ? "lighter shot" : "");
  ch.add_figure(kPowder, report::cell::shown_as(trim(c.powder_lb, 2) + " lb", c.powder_lb),
                d.powder_used_lb ? "reduced charge" : from(c, "powder_lb"));
  ch.add_figure(kPowderUsed, optional_lb(d.powder_used_lb), d.powder_used_lb ? "reduced charge" : "");
}

// Range, damage and area of effect: the piece's own, or adjusted by a reduced charge or lighter shot.
void fire_figures(const Design& d, Table& ch) {
  const auto& c = d.effective;
  const std::string adjusted = d.powder_used_lb || d.shot_used_lb ? ", adjusted" : "";
  std::string range_src = from(c, "range_short_yd", adjusted);
  for (const char* k : {"range_medium_yd", "range_long_yd"})
    if (c.source_of(k) != c.source && range_src == std::string(c.source) + adjusted) range_src = from(c, k, adjusted);
  ch.add_figure(kRange, trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd) + " yd",
                range_src);
  ch.add_figure(kRangeShort, report::cell::trimmed(c.range_short_yd), from(c, "range_short_yd", adjusted));
  ch.add_figure(kRangeMedium, report::cell::trimmed(c.range_medium_yd), from(c, "range_medium_yd", adjusted));
  ch.add_figure(kRangeLong, report::cell::trimmed(c.range_long_yd), from(c, "range_long_yd", adjusted));
  const std::string damage_src = from(c, "damage_dice", d.powder_used_lb ? ", reduced charge" : "");
  ch.add_figure(kDamage, c.damage(), damage_src);
  ch.add_figure(kDamageDice, count(c.damage_dice), damage_src);
  // Area of effect (Gunpowder Artillery Characteristics): a mortar's radius, a gun's or cannon's
  // 5'-wide line.
  const bool mortar = d.type == artillery::Type::mortar;
  const std::string aoe_src = from(c, "aoe_ft");
  ch.add_figure(kAoeText,
                mortar ? std::to_string(c.aoe_ft) + "' radius"
                       : std::to_string(c.aoe_width_ft) + "' x " + std::to_string(c.aoe_ft) + "' line",
                aoe_src);
  ch.add_figure(kAoe, count(c.aoe_ft), aoe_src);
  // The line's width and the shape are the type's, whatever the dice (a house rule of the dice
  // or of the area's length leaves them as they are).
  ch.add_figure(kAoeWidth, mortar ? report::cell::none() : count(c.aoe_width_ft), mortar ? "" : std::string(c.source));
  ch.add_figure(kAoeShape, mortar ? "radius" : "line", std::string(c.source));
}

// Crew, rate of fire and prices.
void service_figures(const Design& d, Table& ch) {
  const auto& c = d.effective;
  ch.add_figure(kCrew, report::cell::shown_as(std::to_string(c.crew) + " men", c.crew), from(c, "crew"));
  ch.add_figure(kRoundsPerShot, report::cell::shown_as("1/" + std::to_string(c.rounds_per_shot), c.rounds_per_shot),
                from(c, "rounds_per_shot"));
  ch.add_figure(kShotsPerDay, report::cell::shown_as(std::to_string(c.shots_per_day), c.shots_per_day),
                from(c, "shots_per_day"));
  // A price multiplier or powder price changed by house rules says so first, one given last
  // ("house rule (FILE), book x 1.5"; "book x 3, given"; "house rule (FILE), dwarven").
  const std::string& mult_src = d.economy.multiplier_source;
  const std::string times =
      d.economy.cost_multiplier == 1 && mult_src.empty() ? "" : " x " + trim(d.economy.cost_multiplier);
  ch.add_figure(kCost, report::cell::shown_as(money(c.cost_gp) + " gp", c.cost_gp),
                mult_src == "given"  ? from(c, "cost_gp", times + ", given")
                : mult_src.empty()   ? from(c, "cost_gp", times)
                                     : mult_src + ", " + from(c, "cost_gp", times));
  ch.add_figure(kShotCost, report::cell::shown_as(money(c.shot_cost_gp) + " gp", c.shot_cost_gp),
                from(c, "shot_cost_gp"));
  const std::string& powder_src = d.economy.powder_source;
  const std::string price = powder_src.empty()   ? d.economy.gunpowder
                            : powder_src == "given" ? powder_src
                                                    : powder_src + ", " + d.economy.gunpowder;
  ch.add_figure(kPowderCost, report::cell::shown_as(money(c.powder_cost_gp) + " gp", c.powder_cost_gp),
                c.source_of("powder_lb") == c.source ? price : std::string(c.source_of("powder_lb")) + ", " + price);
  ch.add_figure(kCostPerDay, money_cell(d.bombardment.cost_gp_per_day), std::string(d.bombardment.cost_per_day_source));
  ch.add_figure(kCarriage, d.carriage ? Cell(artillery::to_string(*d.carriage)) : report::cell::none());
  ch.add_figure(kEra, d.era ? Cell(artillery::to_string(*d.era)) : report::cell::none());
}

// The characteristics of the piece, a figure a line, each with where it comes from.
Table characteristics_table(const Design& d) {
  Table ch(characteristics_spec());
  ch.set_context(kName, d.name);
  ch.title = d.name + " (" + artillery::to_string(d.type) + ", " + trim(d.book_or_formula.shot_lb) + " lb shot)";
  identity_figures(d, ch);
  fire_figures(d, ch);
  service_figures(d, ch);
  return ch;
}

Cell hexes(const std::optional<int>& h) { return h ? count(*h) : report::cell::none(""); }

// The four carriages: availability, cost, weight, horses, transport and movement.
Table mobility_table(const Design& d) {
  Table mo(mobility_spec());
  mo.set_context(kName, d.name);
  align_right(mo, {"substitutes", "carts_wagons", "miles"});
  for (const auto& m : d.mobility) {
    const bool chosen = d.carriage && *d.carriage == m.carriage;
    const bool era = m.from_era.has_value();
    mo.add_row({Cell(std::string(m.name) + (chosen ? " *" : ""), artillery::to_string(m.carriage)),
                report::cell::boolean(chosen),
                Cell(std::string(m.availability), era ? std::string(m.availability) : ""),
                report::cell::boolean(m.available),
                money_cell(m.carriage_cost_gp),
                report::cell::trimmed(m.carriage_weight_lb, 1),
                report::cell::trimmed(m.total_weight_lb, 1),
                count(m.horses),
                std::string(m.horses_source),
                std::to_string(m.substitute_men) + "/" + std::to_string(m.substitute_mules) + "/" +
                    std::to_string(m.substitute_medium_horses),
                count(m.substitute_men),
                count(m.substitute_mules),
                count(m.substitute_medium_horses),
                m.carts || m.wagons ? std::to_string(m.carts) + "/" + std::to_string(m.wagons) : "-",
                count(m.carts),
                count(m.wagons),
                std::to_string(m.daily_miles) + "/" + std::to_string(m.weekly_miles),
                count(m.daily_miles),
                count(m.weekly_miles),
                std::string(m.encounter_move),
                count(m.encounter_move_ft),
                m.assembly,
                report::cell::integer(m.assembly_turns),
                report::cell::integer(m.assembly_rounds),
                std::string(m.battlefield_move),
                hexes(m.battlefield_hexes[0]),
                hexes(m.battlefield_hexes[1]),
                hexes(m.battlefield_hexes[2])});
  }
  if (d.carriage) mo.notes.push_back("* the chosen carriage");
  mo.notes.push_back(std::string("horses: ") + (d.mobility.empty() ? "" : std::string(d.mobility[0].horses_source)) +
                     "; carts carry 1,600 lb, a wagon replaces four carts");
  return mo;
}

// Structural damage per day at each range and fire the piece allows.
Table bombardment_table(const Design& d) {
  Table bo(bombardment_spec());
  bo.set_context(kName, d.name);
  align_right(bo, {"yards"});
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

// The piece on the battlefield: unit size, battle rating, bonus units, battlefield unit.
void battle_tables(const Design& d, std::vector<Table>& out) {
  const auto& u = d.battle.unit();
  Table ba(battle_spec());
  ba.set_context(kName, d.name);
  ba.add_figure(kUnitSize, count(d.battle.unit_size));
  ba.add_figure(kBr, report::cell::trimmed(d.battle.br, 2));
  ba.add_figure(kBonusUnits, count(d.battle.bonus_units));
  ba.add_figure(kUnitText, std::to_string(u.pieces) + " pieces, " + u.formation + ", AC " + std::to_string(u.ac) +
                               ", HD " + u.hd + ", " + std::to_string(u.uhp) + " uhp, morale " +
                               (u.morale >= 0 ? "+" : "") + std::to_string(u.morale));
  ba.add_figure(kUnitPieces, count(u.pieces));
  ba.add_figure(kUnitFormation, u.formation);
  ba.add_figure(kUnitAc, report::cell::signed_integer(u.ac));
  ba.add_figure(kUnitHd, u.hd);
  ba.add_figure(kUnitUhp, count(u.uhp));
  ba.add_figure(kUnitMorale, report::cell::signed_integer(u.morale));
  ba.add_figure(kArtilleryAttack, d.battle.artillery_attack());
  Table attacks(crew_attacks_spec());
  attacks.set_context(kName, d.name);
  for (const auto& a : u.crew_attacks) {
    ba.add_figure(kCrewAttack, a);
    attacks.add_row({a});
  }
  ba.add_figure(kReload, count(d.battle.reload));
  ba.add_figure(kSource, d.battle.source());
  ba.notes.push_back("source: " + d.battle.source());
  out.push_back(std::move(ba));
  out.push_back(std::move(attacks));
}

// Prices and making time under the chosen gunpowder economy.
Table economy_table(const Design& d) {
  const auto& e = d.economy;
  Table ec(economy_spec());
  ec.set_context(kName, d.name);
  ec.title = "Economy (" + e.gunpowder + " gunpowder)";
  ec.add_figure(kGunpowder, e.gunpowder);
  ec.add_figure(kPowderPrice, report::cell::shown_as(trim(e.powder_gp_per_lb, 2) + " gp/lb", e.powder_gp_per_lb));
  ec.add_figure(kMultiplier, report::cell::shown_as("x" + trim(e.cost_multiplier, 2), e.cost_multiplier));
  ec.add_figure(kPiecePrice, money(e.piece_cost_gp) + " gp");
  ec.add_figure(kPowderPerShot, money(e.powder_cost_per_shot_gp) + " gp");
  ec.add_figure(kMakingDays, report::cell::shown_as(trim(e.making_days) + " days", e.making_days));
  ec.add_figure(kMakingRule, std::string(e.making_rule));
  if (e.market_class_reduction)
    ec.add_figure(kMarketReduction, report::cell::shown_as("-" + std::to_string(e.market_class_reduction) + " class",
                                                           e.market_class_reduction));
  ec.notes.push_back("time to make: " + std::string(e.making_rule));
  return ec;
}

// The piece as an automaton (dwarven gunpowder only).
Table automaton_table(const Design& d, const artillery::Automaton& a) {
  Table au(automaton_spec());
  au.set_context(kName, d.name);
  au.add_figure(kMaxDamage, report::cell::trimmed(a.max_damage));
  au.add_figure(kAoeSqFt, report::cell::shown_as(trim(a.aoe_sq_ft, 2) + " sq ft", a.aoe_sq_ft));
  au.add_figure(kTargets, report::cell::trimmed(a.targets, 2));
  au.add_figure(kMaxPerRound, report::cell::trimmed(a.max_damage_per_round, 2));
  au.add_figure(kHd, count(a.hd));
  au.add_figure(kWeightSt, report::cell::shown_as(trim(a.weight_st) + " st (" + trim(a.weight_lb) + " lb at " +
                                                      trim(a.lb_per_stone) + " lb a stone)",
                                                  a.weight_st));
  au.add_figure(kStoneLb, report::cell::trimmed(a.lb_per_stone));
  au.add_figure(kWeightLb, report::cell::trimmed(a.weight_lb));
  au.add_figure(kRangeFt, report::cell::shown_as(trim(a.range_ft) + "'", a.range_ft));
  au.add_figure(kAbilities, report::cell::integer(a.special_abilities));
  au.add_figure(kAutomatonCost, report::cell::shown_as(money(a.cost_gp) + " gp", a.cost_gp));
  return au;
}

// The design formulas' own figures (for programs: the text compares them in --compare).
Table formula_table(const Design& d) {
  const auto& c = d.formula;
  Table fo(formula_spec());
  fo.set_context(kName, d.name);
  fo.add_figure(kCaliber, report::cell::trimmed(c.caliber_in));
  fo.add_figure(kBarrel, report::cell::trimmed(c.barrel_length_in));
  fo.add_figure(kBaseWeight, report::cell::trimmed(c.base_weight_lb));
  fo.add_figure(kPowder, report::cell::trimmed(c.powder_lb));
  fo.add_figure(kRangeShort, report::cell::trimmed(c.range_short_yd));
  fo.add_figure(kRangeMedium, report::cell::trimmed(c.range_medium_yd));
  fo.add_figure(kRangeLong, report::cell::trimmed(c.range_long_yd));
  fo.add_figure(kDamage, c.damage());
  fo.add_figure(kAoe, count(c.aoe_ft));
  fo.add_figure(kCrew, count(c.crew));
  fo.add_figure(kRoundsPerShot, count(c.rounds_per_shot));
  fo.add_figure(kShotsPerDay, count(c.shots_per_day));
  fo.add_figure(kCost, report::cell::trimmed(c.cost_gp));
  fo.add_figure(kShp, count(c.shp));
  fo.add_figure(kAc, report::cell::integer(c.ac));
  return fo;
}

}  // namespace

void detail_tables(const Design& d, std::vector<Table>& out) {
  out.push_back(characteristics_table(d));
  out.push_back(mobility_table(d));
  out.push_back(bombardment_table(d));
  battle_tables(d, out);
  out.push_back(economy_table(d));
  if (d.automaton) out.push_back(automaton_table(d, *d.automaton));
  out.push_back(formula_table(d));
}

}  // namespace gunpowder::artillery_app
