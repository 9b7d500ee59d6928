// economy.cpp - gunpowder economies (Guns of War, pp. 53-54): the chosen gunpowder's powder price
// and price multiplier, a piece's price and the days to make it (a workshop's, or a dwarven
// machinist's), the machinist's throw and the dwarven market class.
#include <cmath>

#include "design_steps.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::artillery {

using detail::fail;
using detail::reading;
using detail::say;
using detail::section;
using detail::step;
using fmtnum::trim;
using report::Step;
using report::Yields;

namespace {

// Where a figure of the gunpowder comes from: given by the request, the Gunpowder Type table's
// row, or (dwarven gunpowder, whose price "varies") the suite's reading of the recommendation;
// `ruled`, the house rule that changed the figure, cited first.
Step gunpowder_figure(const Catalogue& cat, const GunpowderType& gp, bool given, bool in_table, const std::string& ruled,
                      std::string figure, std::string result) {
  const std::string& src = cat.sources.economies;
  const auto cite = [&ruled](const std::string& book) { return ruled.empty() ? book : ruled + ", " + book; };
  if (given) return step(std::move(figure), "given", std::move(result), "");
  if (in_table)
    return step(std::move(figure), "Gunpowder Type table, row \"" + gp.name + "\"", std::move(result),
                cite(section(src, "Gunpowder Type table")), Yields::rounded)
        .in("gunpowder", gp.name);
  return step(std::move(figure), "the recommendation for " + gp.name, std::move(result),
              cite(reading(section(src, "Dwarven Gunpowder"))))
      .in("gunpowder", gp.name);
}

// The house rule behind the gunpowder's powder price or multiplier (none when given).
std::string powder_ruled(const Catalogue& cat, const GunpowderType& gp) {
  return gp.powder_gp_per_lb ? gp.powder_source : cat.economy.dwarven_powder_source;
}
std::string multiplier_ruled(const Catalogue& cat, const GunpowderType& gp) {
  return gp.cost_multiplier ? gp.multiplier_source : cat.economy.dwarven_multiplier_source;
}

// The steps of the economy: the powder price and price multiplier, the piece's price, its powder
// cost a shot and the days to make it.
void economy_steps(const Catalogue& cat, const GunpowderType& gp, const Request& req, const Characteristics& full,
                   const Characteristics& eff, const Economy& e, report::Steps& ex) {
  const std::string& src = cat.sources.economies;
  const std::string price = trim(e.piece_cost_gp) + " gp";
  say(ex, gunpowder_figure(cat, gp, req.powder_gp_per_lb.has_value(), gp.powder_gp_per_lb.has_value(),
                           powder_ruled(cat, gp), "powder price", trim(e.powder_gp_per_lb) + " gp/lb"));
  say(ex, gunpowder_figure(cat, gp, req.price_multiplier.has_value(), gp.cost_multiplier.has_value(),
                           multiplier_ruled(cat, gp), "price multiplier", "x" + trim(e.cost_multiplier)));
  say(ex, step("price", trim(full.cost_gp) + " gp x " + trim(e.cost_multiplier), price, src)
              .in("historical price", trim(full.cost_gp) + " gp")
              .in("price multiplier", trim(e.cost_multiplier)));
  say(ex, step("powder cost", trim(eff.powder_lb) + " lb x " + trim(e.powder_gp_per_lb) + " gp/lb",
               trim(e.powder_cost_per_shot_gp) + " gp a shot", src)
              .in("powder charge", trim(eff.powder_lb) + " lb")
              .in("powder price", trim(e.powder_gp_per_lb) + " gp/lb"));
  const EconomyRules& r = cat.economy;
  if (gp.kind == GunpowderKind::dwarven) {
    const double thousands = std::ceil(e.piece_cost_gp / 1000.0 - 1e-9);
    say(ex, step("days to make",
                 trim(r.machinist_base_days) + " days + " + trim(r.machinist_days_per_1000gp) + " day x " +
                     trim(thousands) + " (a dwarven machinist: per 1,000 gp of " + price + ", rounded up)",
                 trim(e.making_days) + " days", section(src, "Dwarven Gunpowder"), Yields::rounded)
                .in("price", price)
                .in("base days", trim(r.machinist_base_days))
                .in("days per 1,000 gp", trim(r.machinist_days_per_1000gp)));
    return;
  }
  say(ex, step("days to make",
               price + " / " + trim(r.workshop_gp_per_day) + " gp a day of a gunsmith's workshop, rounded up",
               trim(e.making_days) + " days", reading(src), Yields::rounded)
              .in("price", price)
              .in("gp a day", trim(r.workshop_gp_per_day)));
}

}  // namespace

namespace detail {

// Economy (p. 53-54): powder price and price multiplier of the chosen gunpowder, the price of the
// piece and its powder, and the time to make it (a workshop's rate, or a dwarven machinist's).
Diagnostics economy_for(const Catalogue& cat, const GunpowderType& gp, const Request& req, const Characteristics& full,
                        const Characteristics& eff, Economy& e, report::Steps* ex) {
  e.gunpowder = gp.id;
  const bool dwarven = gp.kind == GunpowderKind::dwarven;
  e.powder_gp_per_lb = req.powder_gp_per_lb  ? *req.powder_gp_per_lb
                       : gp.powder_gp_per_lb ? *gp.powder_gp_per_lb
                                             : cat.economy.dwarven_powder_gp_per_lb;
  e.cost_multiplier = req.price_multiplier ? *req.price_multiplier
                      : gp.cost_multiplier ? *gp.cost_multiplier
                                           : cat.economy.dwarven_multiplier;
  e.powder_source = req.powder_gp_per_lb ? "given" : powder_ruled(cat, gp);
  e.multiplier_source = req.price_multiplier ? "given" : multiplier_ruled(cat, gp);
  if (!std::isfinite(e.powder_gp_per_lb) || e.powder_gp_per_lb < 0)
    return fail("powder_gp_per_lb", "powder price must be zero or more gp per pound");
  if (!std::isfinite(e.cost_multiplier) || e.cost_multiplier <= 0)
    return fail("price_multiplier", "price multiplier must be positive");
  e.piece_cost_gp = full.cost_gp * e.cost_multiplier;
  e.powder_cost_per_shot_gp = eff.powder_lb * e.powder_gp_per_lb;
  e.market_class_reduction = dwarven ? cat.economy.dwarven_market_class_reduction : 0;
  if (dwarven) {
    e.making_days = cat.economy.machinist_base_days +
                    cat.economy.machinist_days_per_1000gp * std::ceil(e.piece_cost_gp / 1000.0 - 1e-9);
    e.making_rule = cat.machinist_rule_text;
  } else {
    e.making_days = std::ceil(e.piece_cost_gp / cat.economy.workshop_gp_per_day - 1e-9);
    e.making_rule = cat.workshop_rule_text;
  }
  if (ex) economy_steps(cat, gp, req, full, eff, e, *ex);
  return {};
}

}  // namespace detail

Expected<Priced> priced(const Catalogue& cat, double historical_gp, const std::string& gunpowder) {
  const GunpowderType* gp = cat.gunpowder(gunpowder);
  if (!gp) return Expected<Priced>::failure("unknown gunpowder " + gunpowder);
  const double mult = gp->cost_multiplier ? *gp->cost_multiplier : cat.economy.dwarven_multiplier;
  Priced p;
  p.price_gp = historical_gp * mult;
  p.days = std::ceil(p.price_gp / cat.economy.workshop_gp_per_day - 1e-9);
  return p;
}

int machinist_throw(int base_throw, double value_gp, int bonuses, double gp_per_step) {
  // Dwarven Gunpowder, example: "+1 per 5,000gp value": 8,000 gp counts 2 (the example's own
  // figure), so fractions round up.
  // Saturated: a house-ruled step of 1e-300 gp makes the quotient any size (figure_out_of_range refuses it).
  return rounding::saturated_int(base_throw + std::ceil(value_gp / gp_per_step - 1e-9) - bonuses);
}

std::optional<int> dwarven_market_class(const Catalogue& cat, int market_class) {
  // Dwarven Gunpowder: "the market availability for dwarven gunpowder in non-dwarven settlements
  // would be reduced by one market class"; past Class VI nothing is for sale.
  const int shifted = market_class + cat.economy.dwarven_market_class_reduction;
  if (shifted > kSmallestMarketClass) return std::nullopt;
  return shifted;
}

}  // namespace gunpowder::artillery
