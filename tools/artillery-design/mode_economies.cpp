// mode_economies.cpp - artillery-design --economies: the gunpowder economies of "Gunpowder in an
// Age of Swords and Sorcery" (Guns of War) and every worked example of that section, each computed
// by the rules and printed beside the figure the book states.
#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "artillery-design/fields.hpp"
#include "artillery-design/modes.hpp"
#include "artillery-design/specs.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::artillery_app {

using artillery::Catalogue;
using fmtnum::trim;
using report::Align;
using report::Field;
using report::Kind;
using report::Shown;
using report::Table;
using report::TableSpec;

namespace {
constexpr Shown kPeople = Shown::people;
constexpr Shown kPrograms = Shown::programs;
constexpr Field kGunpowderId{"gunpowder", "Gunpowder", Kind::text, "", "the gunpowder economy", "", false};
constexpr Field kVaries{"varies", "Varies", Kind::boolean, "", "the price varies (dwarven: the recommended figure)",
                        "",       false};
constexpr Field kProficiency{"proficiency", "Made with", Kind::text, "", "the proficiency that makes it"};
constexpr Field kItem{"item", "Item", Kind::text, "", "the item of the book's example", "", false};
constexpr Field kHistorical{
    "historical_price_gp", "Historical gp", Kind::amount, "gp", "its historical price", "", false};
constexpr Field kPrice{"price_gp", "Price gp", Kind::amount, "gp", "its price under the economy", "", false};
constexpr Field kDays = report::vocab::kDays.as("Days", "days to make it", false);
constexpr Field kStatedText{"stated", "Book", Kind::text, "", "the book's figures (shown to people)"};
constexpr Field kPriceStated{"price_gp_stated", "Book gp", Kind::amount, "gp", "the price the book states", "", false};
constexpr Field kDaysStated{"days_stated", "Book days", Kind::amount, "days", "the days the book states"};
constexpr Field kYearsStated{"years_stated", "Book years", Kind::amount, "years", "the years the book states"};
constexpr Field kEconomyAgrees{"agrees", "Agrees", Kind::boolean, "", "the rules give the book's figures", "", false};
constexpr Field kItemPrice{"item_price_gp", "Price gp", Kind::amount, "gp", "the item's price", "", false};
constexpr Field kMarket{"market", "Market", Kind::text, "", "settlement and market class (shown to people)"};
constexpr Field kSettlement{"settlement", "Settlement", Kind::text, "", "the settlement", "", false};
constexpr Field kMarketClass{"market_class", "Market class", Kind::count, "", "its market class (1-6)", "", false};
constexpr Field kActsAs{"acts_as_market_class", "Acts as", Kind::count, "",
                        "the class it acts as outside dwarven lands (null: not available)"};
constexpr Field kAvailabilityText{"availability", "Availability", Kind::text, "", "availability (shown to people)"};
constexpr Field kEconomyAvailable{"available", "Available", Kind::boolean, "", "it can be bought at all", "", false};
constexpr Field kAvailabilityPct{
    "availability_pct_stated", "Availability %", Kind::amount, "%", "the example's availability", "", false};
constexpr Field kGrimmFigure{"figure", "Figure", Kind::text, "", "the figure of the example", "", false};
constexpr Field kValue{"value", "Value", Kind::number, "", "the rules' figure", "", false};
constexpr Field kBookValue{"book", "Book", Kind::number, "", "the book's figure", "", false};
constexpr Field kUnit{"unit", "Unit", Kind::text, "", "its unit", "", false};
constexpr Field kGrimmMultiplier{"price_multiplier", "Price multiplier", Kind::amount, "",
                                 "times the historical price"};
constexpr Field kBaseThrow{"base_throw", "Base throw", Kind::integer, "", "the machinist's base throw (d20)"};
constexpr Field kPenalty{"value_penalty", "Value penalty", Kind::integer, "", "+1 per step of value"};
constexpr Field kAfterPenalty{"throw_after_penalty", "Throw after penalty", Kind::integer, "", "the throw with it"};
constexpr Field kBonuses{"bonuses", "Bonuses", Kind::integer, "", "workshop and materials bonuses"};
constexpr Field kNeeded{"throw_needed", "Throw needed", Kind::integer, "", "the throw needed after the bonuses"};
constexpr Field kBuildDays{"build_days", "Build days", Kind::amount, "days", "days to build"};
constexpr Field kAfterStated{"throw_after_penalty_stated", "Book throw after penalty", Kind::integer, "",
                             "the throw after the penalty the example prints"};
constexpr Field kNeededStated{"throw_needed_stated", "Book throw needed", Kind::integer, "",
                              "the throw needed the example prints"};
constexpr Field kBuildStated{"build_days_stated", "Book build days", Kind::amount, "days",
                             "the days to build the example prints"};
}  // namespace

const TableSpec& gunpowder_types_spec() {
  static const TableSpec s("gunpowder-economies", "Gunpowder economies", "one gunpowder economy",
                           {kGunpowderId,
                            {fields::kPowderPrice, "Powder gp/lb"},
                            {fields::kMultiplier, "Price"},
                            {kVaries, kPrograms},
                            kProficiency});
  return s;
}
const TableSpec& price_examples_spec() {
  static const TableSpec s("prices-and-making-times-the-book-states", "Prices and making times the book states",
                           "one price and making time the book states",
                           {kItem,
                            kGunpowderId,
                            kHistorical,
                            kPrice,
                            kDays,
                            {kStatedText, kPeople},
                            {kPriceStated, kPrograms},
                            {kDaysStated, kPrograms},
                            {kYearsStated, kPrograms},
                            kEconomyAgrees});
  return s;
}
const TableSpec& market_examples_spec() {
  static const TableSpec s("dwarven-gunpowder-outside-dwarven-lands", "Dwarven gunpowder outside dwarven lands",
                           "one item of the Dwarven Gunpowder availability example",
                           {kItem,
                            kItemPrice,
                            {fields::kPowderPrice, kPrograms},
                            {kMarket, kPeople},
                            {kSettlement, kPrograms},
                            {kMarketClass, kPrograms},
                            kActsAs,
                            {kAvailabilityText, kPeople},
                            {kEconomyAvailable, kPrograms},
                            {kAvailabilityPct, kPrograms}});
  return s;
}
const TableSpec& grimm_spec() {
  static const TableSpec s("grimm-example", "Grimm's example", "one figure of Grimm's 60-pdr cannon",
                           {kGrimmFigure, kValue, kBookValue, {kUnit, kPrograms}, kEconomyAgrees});
  return s;
}
const TableSpec& grimm_figures_spec() {
  static const TableSpec s =
      TableSpec("grimm", "Grimm's example, figures", "the figures of Grimm's 60-pdr cannon by key",
                {kGrimmMultiplier, kPrice, kBaseThrow, kPenalty, kAfterPenalty, kBonuses, kNeeded, kBuildDays,
                 kPriceStated, kAfterStated, kNeededStated, kBuildStated})
          .as_record("Figure", false)
          .only_for(kPrograms);
  return s;
}
const report::DocumentSpec& economies_document() {
  static const report::DocumentSpec d(
      "artillery-design", "economies", kSchemaVersion,
      "the gunpowder economies, the prices and making times the book states, the dwarven market example and "
      "Grimm's machinist throw",
      {&gunpowder_types_spec(), &price_examples_spec(), &market_examples_spec(), &grimm_spec(), &grimm_figures_spec()});
  return d;
}

namespace {

std::string market_class_name(int c) {
  static constexpr std::array<const char*, 6> kRoman = {"I", "II", "III", "IV", "V", "VI"};
  return c >= 1 && c <= 6 ? std::string("Class ") + kRoman[static_cast<size_t>(c - 1)] : "Class " + std::to_string(c);
}

report::Cell yes_no(bool b) { return report::cell::boolean(b); }

// The Gunpowder Type table: powder price and price multiplier of each economy.
Table types_table(const Catalogue& cat) {
  Table t(gunpowder_types_spec());
  t.title = "Gunpowder economies (" + cat.sources.economies + ")";
  for (const auto& g : cat.economy.types) {
    const double powder = g.powder_gp_per_lb.value_or(cat.economy.dwarven_powder_gp_per_lb);
    const double mult = g.cost_multiplier.value_or(cat.economy.dwarven_multiplier);
    const bool varies = !g.cost_multiplier;
    t.add_row({report::Cell(g.name, g.id),
               report::cell::shown_as(trim(powder) + (varies ? " (varies; recommended)" : ""), powder),
               report::cell::shown_as("x" + trim(mult) + (varies ? " (varies; recommended)" : ""), mult),
               yes_no(varies), g.proficiency});
  }
  return t;
}

// Every price and making time the section states, computed by priced() (price x multiplier, a
// workshop's 5 gp a day, rounded up).
Expected<Table> prices_table(const Catalogue& cat) {
  Table t(price_examples_spec());
  for (auto& c : t.columns)
    if (c.key == "stated") c.align = Align::right;
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
  }
  t.notes.push_back("price = historical price x the economy's multiplier; days = price / " +
                    trim(cat.economy.workshop_gp_per_day) + " gp a day of a gunsmith's workshop, rounded up");
  return t;
}

// The Dwarven Gunpowder availability example: the class an item is bought in outside dwarven lands.
Table market_table(const Catalogue& cat) {
  Table t(market_examples_spec());
  t.title = "Dwarven gunpowder outside dwarven lands (Dwarven Gunpowder, example)";
  for (auto& c : t.columns)
    if (c.key == "acts_as_market_class") c.align = Align::left;
  for (const auto& e : cat.market_examples) {
    const auto shifted = artillery::dwarven_market_class(cat, e.market_class);
    const std::string availability =
        shifted ? trim(e.availability_pct_stated) + "% of the time (the book's figure)" : "not available";
    t.add_row({e.item, report::cell::trimmed(e.item_price_gp), report::cell::trimmed(e.powder_gp_per_lb),
               e.settlement + " " + market_class_name(e.market_class), e.settlement, std::to_string(e.market_class),
               shifted ? report::cell::shown_as(market_class_name(*shifted), *shifted)
                       : report::cell::none("none (past Class VI)"),
               availability, yes_no(shifted.has_value()), report::cell::trimmed(e.availability_pct_stated)});
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

// The figures of the example by key (for programs).
Table grimm_figures_table(const artillery::GrimmExample& g, const GrimmFigures& f) {
  Table t(grimm_figures_spec());
  t.add_figure(kGrimmMultiplier, report::cell::trimmed(f.multiplier, 12));
  t.add_figure(kPrice, report::cell::trimmed(f.price_gp, 12));
  t.add_figure(kBaseThrow, std::to_string(g.base_throw));
  t.add_figure(kPenalty, std::to_string(f.penalty));
  t.add_figure(kAfterPenalty, std::to_string(f.after_penalty));
  t.add_figure(kBonuses, std::to_string(g.workshop_bonus + g.materials_bonus));
  t.add_figure(kNeeded, std::to_string(f.needed));
  t.add_figure(kBuildDays, report::cell::trimmed(f.days, 12));
  t.add_figure(kPriceStated, report::cell::trimmed(g.price_stated_gp, 12));
  t.add_figure(kAfterStated, std::to_string(g.throw_after_penalty_stated));
  t.add_figure(kNeededStated, std::to_string(g.throw_needed_stated));
  t.add_figure(kBuildStated, report::cell::trimmed(g.build_days_stated, 12));
  return t;
}

void grimm_tables(const Catalogue& cat, const Options& opt, std::vector<Table>& out) {
  const auto& g = cat.grimm;
  const GrimmFigures f = grimm_figures(cat, opt);
  Table t(grimm_spec());
  t.title = "Grimm's " + g.item + " (Dwarven Gunpowder, example; price x" + trim(f.multiplier) + ")";
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
  out.push_back(std::move(t));
  out.push_back(grimm_figures_table(g, f));
}

}  // namespace

Expected<report::Report> run_economies(const Catalogue& cat, const Options& opt) {
  report::Report rep;
  rep.document = &economies_document();
  rep.tables.push_back(types_table(cat));
  auto pt = prices_table(cat);
  if (!pt) return pt.error();
  rep.tables.push_back(std::move(*pt));
  rep.tables.push_back(market_table(cat));
  grimm_tables(cat, opt, rep.tables);
  return rep;
}

}  // namespace gunpowder::artillery_app
