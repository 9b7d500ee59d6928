// mode_economies.cpp - artillery-design --economies: the gunpowder economies of "Gunpowder in an
// Age of Swords and Sorcery" (Guns of War) and every worked example of that section, each computed
// by the rules and printed beside the figure the book states.
#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "artillery-design/modes.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::artillery_app {

using artillery::Catalogue;
using fmtnum::trim;
using report::Align;
using report::Shown;
using report::Table;

namespace {

std::string market_class_name(int c) {
  static constexpr std::array<const char*, 6> kRoman = {"I", "II", "III", "IV", "V", "VI"};
  return c >= 1 && c <= 6 ? std::string("Class ") + kRoman[static_cast<size_t>(c - 1)] : "Class " + std::to_string(c);
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }

// The Gunpowder Type table: powder price and price multiplier of each economy.
Table types_table(const Catalogue& cat, json::Value& out) {
  Table t;
  t.title = "Gunpowder economies (" + cat.sources.economies + ")";
  t.add_column("gunpowder", "Gunpowder")
      .add_column("powder_gp_per_lb", "Powder gp/lb", Align::right)
      .add_column("price_multiplier", "Price", Align::right)
      .add_column("varies", "Varies", Align::left, Shown::programs)
      .add_column("proficiency", "Made with");
  out = json::array();
  for (const auto& g : cat.economy.types) {
    const double powder = g.powder_gp_per_lb.value_or(cat.economy.dwarven_powder_gp_per_lb);
    const double mult = g.cost_multiplier.value_or(cat.economy.dwarven_multiplier);
    const bool varies = !g.cost_multiplier;
    t.add_row({report::Cell(g.name, g.id),
               report::cell::shown_as(trim(powder) + (varies ? " (varies; recommended)" : ""), powder),
               report::cell::shown_as("x" + trim(mult) + (varies ? " (varies; recommended)" : ""), mult),
               yes_no(varies), g.proficiency});
    json::Value o = json::object();
    o.set("id", g.id);
    o.set("powder_gp_per_lb", powder);
    o.set("price_multiplier", mult);
    o.set("varies", varies);
    out.push(std::move(o));
  }
  return t;
}

// Every price and making time the section states, computed by priced() (price x multiplier, a
// workshop's 5 gp a day, rounded up).
Expected<Table> prices_table(const Catalogue& cat, json::Value& out) {
  Table t;
  t.title = "Prices and making times the book states";
  t.add_column("item", "Item")
      .add_column("gunpowder", "Gunpowder")
      .add_column("historical_price_gp", "Historical gp", Align::right)
      .add_column("price_gp", "Price gp", Align::right)
      .add_column("days", "Days", Align::right)
      .add_column("book", "Book", Align::right, Shown::people)
      .add_column("price_gp_stated", "Book gp", Align::right, Shown::programs)
      .add_column("days_stated", "Book days", Align::right, Shown::programs)
      .add_column("years_stated", "Book years", Align::right, Shown::programs)
      .add_column("agrees", "Agrees");
  out = json::array();
  for (const auto& e : cat.price_examples) {
    auto p = artillery::priced(cat, e.historical_gp, e.gunpowder);
    if (!p) return p.error();
    // The 200-pdr mortar's time is stated in years ("almost 9 years"): days / 365, to the nearest year.
    const bool in_years = e.years_stated.has_value();
    const double years = std::round(p->days / 365.0);
    const bool agrees = p->price_gp == e.price_gp && (in_years ? years == *e.years_stated : p->days == e.days_stated);
    const std::string book =
        trim(e.price_gp) + " gp, " +
        (in_years ? "almost " + trim(*e.years_stated) + " years" : trim(e.days_stated.value_or(0)) + " days");
    t.add_row(
        {e.item, e.gunpowder, report::cell::trimmed(e.historical_gp), report::cell::trimmed(p->price_gp),
         report::cell::shown_as(trim(p->days) + (in_years ? " (" + trim(p->days / 365.0, 1) + " years)" : ""), p->days),
         book, report::cell::trimmed(e.price_gp), report::cell::trimmed(e.days_stated),
         report::cell::trimmed(e.years_stated), yes_no(agrees)});
    json::Value o = json::object();
    o.set("item", e.item);
    o.set("gunpowder", e.gunpowder);
    o.set("historical_price_gp", e.historical_gp);
    o.set("price_gp", p->price_gp);
    o.set("days", p->days);
    o.set("price_gp_stated", e.price_gp);
    o.set("days_stated", e.days_stated ? json::Value(*e.days_stated) : json::Value());
    o.set("years_stated", e.years_stated ? json::Value(*e.years_stated) : json::Value());
    o.set("agrees", agrees);
    out.push(std::move(o));
  }
  t.notes.push_back("price = historical price x the economy's multiplier; days = price / " +
                    trim(cat.economy.workshop_gp_per_day) + " gp a day of a gunsmith's workshop, rounded up");
  return t;
}

// The Dwarven Gunpowder availability example: the class an item is bought in outside dwarven lands.
Table market_table(const Catalogue& cat, json::Value& out) {
  Table t;
  t.title = "Dwarven gunpowder outside dwarven lands (Dwarven Gunpowder, example)";
  t.add_column("item", "Item")
      .add_column("item_price_gp", "Price gp", Align::right)
      .add_column("market", "Market", Align::left, Shown::people)
      .add_column("settlement", "Settlement", Align::left, Shown::programs)
      .add_column("market_class", "Market class", Align::right, Shown::programs)
      .add_column("acts_as_market_class", "Acts as")
      .add_column("availability", "Availability", Align::left, Shown::people)
      .add_column("available", "Available", Align::left, Shown::programs)
      .add_column("availability_pct_stated", "Availability %", Align::right, Shown::programs);
  out = json::array();
  for (const auto& e : cat.market_examples) {
    const auto shifted = artillery::dwarven_market_class(cat, e.market_class);
    const std::string availability =
        shifted ? trim(e.availability_pct_stated) + "% of the time (the book's figure)" : "not available";
    t.add_row({e.item, report::cell::trimmed(e.item_price_gp), e.settlement + " " + market_class_name(e.market_class),
               e.settlement, std::to_string(e.market_class),
               shifted ? report::cell::shown_as(market_class_name(*shifted), *shifted)
                       : report::cell::none("none (past Class VI)"),
               availability, yes_no(shifted.has_value()), report::cell::trimmed(e.availability_pct_stated)});
    json::Value o = json::object();
    o.set("item", e.item);
    o.set("item_price_gp", e.item_price_gp);
    o.set("powder_gp_per_lb", e.powder_gp_per_lb);
    o.set("market_class", e.market_class);
    o.set("acts_as_market_class", shifted ? json::Value(*shifted) : json::Value());
    o.set("available", shifted.has_value());
    o.set("availability_pct_stated", e.availability_pct_stated);
    out.push(std::move(o));
  }
  t.notes.push_back(
      "a market class is lost outside dwarven lands; the percentage comes from the ACKS availability "
      "table, which no book of the suite prints, so it is the example's own figure");
  return t;
}

struct GrimmFigures {
  double multiplier = 0, price_gp = 0, days = 0;
  int penalty = 0, after_penalty = 0, needed = 0;
};

// Grimm's 60-pdr cannon (Dwarven Gunpowder, example): price, the machinist's throw, building time.
GrimmFigures grimm_figures(const Catalogue& cat, const Options& opt) {
  const auto& g = cat.grimm;
  const auto& e = cat.economy;
  GrimmFigures f;
  f.multiplier = opt.price_multiplier.value_or(e.dwarven_multiplier);
  f.price_gp = g.historical_gp * f.multiplier;
  f.after_penalty = artillery::machinist_throw(g.base_throw, f.price_gp, 0, e.machinist_throw_gp_per_step);
  f.penalty = f.after_penalty - g.base_throw;
  f.needed = artillery::machinist_throw(g.base_throw, f.price_gp, g.workshop_bonus + g.materials_bonus,
                                        e.machinist_throw_gp_per_step);
  // Dwarven Gunpowder: "1 week plus one day per 1,000 gp value (rounded up)".
  f.days = e.machinist_base_days + e.machinist_days_per_1000gp * std::ceil(f.price_gp / 1000.0 - 1e-9);
  return f;
}

Table grimm_table(const Catalogue& cat, const Options& opt, json::Value& out) {
  const auto& g = cat.grimm;
  const GrimmFigures f = grimm_figures(cat, opt);
  Table t;
  t.name = "grimm-example";
  t.title = "Grimm's " + g.item + " (Dwarven Gunpowder, example; price x" + trim(f.multiplier) + ")";
  t.add_column("figure", "Figure")
      .add_column("value", "Value", Align::right)
      .add_column("book", "Book", Align::right)
      .add_column("unit", "Unit", Align::left, Shown::programs)
      .add_column("agrees", "Agrees");
  // Each figure shown as the example prints it ("9+", "120000 gp") and read as its number.
  auto row = [&](const std::string& name, double v, double b, const std::string& suffix, const std::string& unit) {
    t.add_row({name, report::cell::shown_as(trim(v) + suffix, v), report::cell::shown_as(trim(b) + suffix, b), unit,
               yes_no(v == b)});
  };
  row("Price", f.price_gp, g.price_stated_gp, " gp", "gp");
  row("Base throw", g.base_throw, g.base_throw, "+", "d20 throw");
  row("After +1 per " + trim(cat.economy.machinist_throw_gp_per_step) + " gp of value (+" + std::to_string(f.penalty) +
          ")",
      f.after_penalty, g.throw_after_penalty_stated, "+", "d20 throw");
  row("Needed after the workshop (-" + std::to_string(g.workshop_bonus) + ") and materials (-" +
          std::to_string(g.materials_bonus) + ")",
      f.needed, g.throw_needed_stated, "+", "d20 throw");
  row("Days to build", f.days, g.build_days_stated, "", "days");
  t.notes.push_back("the example prints " + std::to_string(g.throw_after_penalty_stated) +
                    "+ after the value penalty: the price of its set-up (x" + trim(g.multiplier_stated) +
                    ", --price-multiplier " + trim(g.multiplier_stated) + ") gives it; its own price (x" +
                    trim(g.price_stated_gp / g.historical_gp) + ", " + trim(g.price_stated_gp) +
                    " gp) gives the final " + std::to_string(g.throw_needed_stated) + "+");
  out = json::object();
  out.set("price_multiplier", f.multiplier);
  out.set("price_gp", f.price_gp);
  out.set("base_throw", g.base_throw);
  out.set("value_penalty", f.penalty);
  out.set("throw_after_penalty", f.after_penalty);
  out.set("bonuses", g.workshop_bonus + g.materials_bonus);
  out.set("throw_needed", f.needed);
  out.set("build_days", f.days);
  json::Value stated = json::object();
  stated.set("price_gp", g.price_stated_gp);
  stated.set("throw_after_penalty", g.throw_after_penalty_stated);
  stated.set("throw_needed", g.throw_needed_stated);
  stated.set("build_days", g.build_days_stated);
  out.set("stated", std::move(stated));
  return t;
}

}  // namespace

Expected<report::Report> run_economies(const Catalogue& cat, const Options& opt) {
  report::Report rep;
  json::Value types, prices, markets, grimm;
  rep.tables.push_back(types_table(cat, types));
  auto pt = prices_table(cat, prices);
  if (!pt) return pt.error();
  rep.tables.push_back(std::move(*pt));
  rep.tables.push_back(market_table(cat, markets));
  rep.tables.push_back(grimm_table(cat, opt, grimm));
  rep.json = json::document(kInfo.name, "economies", kSchemaVersion);
  rep.json.set("tool", kInfo.name);
  rep.json.set("gunpowder_types", std::move(types));
  rep.json.set("price_examples", std::move(prices));
  rep.json.set("market_examples", std::move(markets));
  rep.json.set("grimm", std::move(grimm));
  return rep;
}

}  // namespace gunpowder::artillery_app
