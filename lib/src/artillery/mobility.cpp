// mobility.cpp - Gunpowder Mobility (Guns of War, pp. 15-16): a piece's carriages, when each is
// available, their cost, weight, horses and substitutes, carts, marches and assembly; and the
// requested carriage checked against the piece and the era.
#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include "design_steps.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::artillery {

namespace r = rounding;
using detail::about;
using detail::fail;
using detail::idx;
using detail::step;
using fmtnum::trim;

namespace {

// The steps of a carriage's total weight and horses (Moving Gunpowder Artillery, Cost and Weight,
// Horses), under the carriage's name; a book piece's horses are the printed figure, after the
// formula's for comparison.
void carriage_steps(const Catalogue& cat, const BookPiece* book, const Characteristics& c, const CarriageRule& rule,
                    const MobilityRow& m, int formula_horses, report::Steps& ex) {
  const std::string total = trim(m.total_weight_lb, 1) + " lb";
  detail::say(ex, about(rule.name, step("total weight", trim(c.base_weight_lb) + " lb + " + trim(rule.weight_pct) + "%",
                                        total, cat.sources.mobility))
                      .in("base weight", trim(c.base_weight_lb) + " lb")
                      .in("carriage weight", trim(rule.weight_pct) + "%"));
  const bool printed = m.horses_source != "formula";
  detail::say(
      ex, about(rule.name, step(printed ? "horses by the formula" : "horses",
                                total + " / " + trim(rule.horse_divisor_lb) + " lb, to the nearest horse, at least 1",
                                std::to_string(formula_horses), detail::section(cat.transport.source, "Horses"),
                                report::Yields::rounded))
              .in("total weight", total)
              .in("lb per horse", trim(rule.horse_divisor_lb)));
  if (printed && book)
    detail::say(
        ex, about(rule.name,
                  step("horses", "horses by carriage table, row \"" + book->name + "\", column \"" + rule.name + "\"",
                       std::to_string(m.horses),
                       m.horses_source == "book" ? cat.sources.horses : std::string(m.horses_source),
                       report::Yields::rounded))
                .in("piece", book->name)
                .in("carriage", rule.name));
}

}  // namespace

namespace detail {

// Mobility rows for a piece (p. 15-16). Availability: the book's table for a book piece; for a
// designed piece, carriageless and garrison carriages as for every book piece, and field
// carriages (with or without limber) when its base weight does not exceed that of the heaviest
// book piece of its type that may have one (docs/rules-notes.md, "Carriages for designed pieces").
std::vector<MobilityRow> mobility_for(const Catalogue& cat, const BookPiece* book, Type t, const Characteristics& c,
                                      std::optional<Era> era, report::Steps* ex) {
  std::vector<MobilityRow> rows;
  for (auto carriage : kCarriages) {
    const size_t ci = static_cast<size_t>(carriage);
    const CarriageRule& rule = cat.carriage(carriage);
    MobilityRow m;
    m.carriage = carriage;
    m.name = rule.name;
    int from = -1;  // era index from which the carriage exists, -1: never
    if (book) {
      if (book->carriage_era[ci]) from = static_cast<int>(*book->carriage_era[ci]);
      m.availability_source = "book";
    } else {
      if (c.base_weight_lb <= cat.carriage_weight_limit[idx(t)][ci]) from = cat.carriage_from_era[ci];
      m.availability_source = cat.carriage_rule_text[idx(t)][ci];
    }
    static constexpr std::array<std::string_view, 3> kEraNames = {"early", "middle", "late"};
    if (from >= 0) m.from_era = static_cast<Era>(from);
    m.availability = from >= 0 ? kEraNames[static_cast<size_t>(from)] : std::string_view("not available");
    m.available = from >= 0 && (!era || from <= static_cast<int>(*era));
    m.carriage_cost_gp = c.cost_gp * rule.cost_pct / 100.0;
    m.carriage_weight_lb = c.base_weight_lb * rule.weight_pct / 100.0;
    m.total_weight_lb = c.base_weight_lb + m.carriage_weight_lb;
    const int formula_horses = std::max(1, r::saturated_int(r::half_up(m.total_weight_lb / rule.horse_divisor_lb)));
    if (book && c.source == "book") {
      m.horses = book->horses[ci];
      m.horses_source = c.source_of("horses");
    } else {
      m.horses = formula_horses;
      m.horses_source = "formula";
    }
    if (ex) carriage_steps(cat, book, c, rule, m, formula_horses, *ex);
    m.substitute_men = r::saturated_int(static_cast<double>(m.horses) * cat.transport.substitute_men);
    m.substitute_mules = r::saturated_int(static_cast<double>(m.horses) * cat.transport.substitute_mules);
    m.substitute_medium_horses = r::saturated_int(static_cast<double>(m.horses) * cat.transport.substitute_medium_horses);
    if (rule.cart_divisor_lb > 0) {
      m.carts = r::saturated_int(std::ceil(m.total_weight_lb / cat.transport.large_cart_lb - 1e-9));
      m.wagons = r::saturated_int(std::ceil(m.total_weight_lb / rule.cart_divisor_lb - 1e-9));
    }
    m.daily_miles = rule.daily_miles;
    m.weekly_miles = rule.weekly_miles;
    m.encounter_move = rule.encounter_move;
    m.encounter_move_ft = rule.encounter_move_ft;
    if (rule.assembly_turns_per_lb > 0)
      m.assembly_turns = r::saturated_int(std::ceil(m.total_weight_lb / rule.assembly_turns_per_lb - 1e-9));
    else if (rule.assembly_turns > 0)
      m.assembly_turns = rule.assembly_turns;
    else
      m.assembly_rounds = rule.assembly_rounds;
    if (m.assembly_turns)
      m.assembly = std::to_string(*m.assembly_turns) + (*m.assembly_turns == 1 ? " turn" : " turns");
    else
      m.assembly = std::to_string(*m.assembly_rounds) + (*m.assembly_rounds == 1 ? " round" : " rounds");
    m.battlefield_move = rule.battlefield_move;
    m.battlefield_hexes = rule.battlefield_hexes;
    rows.push_back(std::move(m));
  }
  return rows;
}

// The requested carriage must exist for the piece (p. 15) and in the chosen era.
Diagnostics check_carriage(const Catalogue& cat, const Request& req, const Design& d) {
  if (!req.carriage) return {};
  const MobilityRow& m = d.mobility[static_cast<size_t>(*req.carriage)];
  if (!m.from_era)
    return fail("carriage",
                "a " + d.name + " cannot have a " + cat.carriage(*req.carriage).name + " (" +
                    (m.availability_source == "book" ? cat.sources.mobility : std::string(m.availability_source)) +
                    ")");
  if (!m.available)
    return fail("carriage", cat.carriage(*req.carriage).name + " is not available in the " + to_string(*req.era) +
                                " era (from the " + std::string(m.availability) + " era)");
  return {};
}

}  // namespace detail

}  // namespace gunpowder::artillery
