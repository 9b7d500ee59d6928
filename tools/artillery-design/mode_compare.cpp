// mode_compare.cpp - artillery-design --compare: the design formulas against the book's 17 pieces,
// field by field, and the bombardment model against the book's bombardment table.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <utility>

#include "artillery-design/fields.hpp"
#include "artillery-design/modes.hpp"
#include "artillery-design/specs.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::artillery_app {

using artillery::Catalogue;
using fmtnum::trim;
using report::Field;
using report::Kind;
using report::Table;
using report::TableSpec;

namespace {
constexpr Field kFigure{"field", "Field", Kind::text, "", "the characteristic compared", "", false};
constexpr Field kAgree{"agree", "Agree", Kind::count, "", "figures where the formulas give the book's", "", false};
constexpr Field kOf{"of", "Of", Kind::count, "", "figures compared", "", false};
constexpr Field kBook{"book", "Book", Kind::number, "", "the book's figure", "", false};
constexpr Field kFormula{"formula", "Formula", Kind::number, "", "the design formulas' figure", "", false};
constexpr Field kAgrees{"agrees", "Agrees", Kind::boolean, "", "the two figures agree", "", false};
constexpr Field kModel{"model", "Model", Kind::number, "", "the bombardment model's figure (shp a day)", "", false};
constexpr Field kErrorPct{"error_pct", "Error %", Kind::number, "%", "the model's error against the book", "", false};
constexpr Field kRateReading{
    "rate_reading",          "Rate reading", Kind::enumerated, "", "the order of the formulas' rate-of-fire step",
    "shots-first|rof-first", false};
constexpr Field kTotal{"total", "Total", Kind::count, "", "figures compared", "", false};
constexpr Field kAgreeShots{"agree_shots_first",
                            "Agree shots-first",
                            Kind::count,
                            "",
                            "figures that agree with the rate-of-fire step shots-first",
                            "",
                            false};
constexpr Field kAgreeRof{"agree_rof_first",
                          "Agree rof-first",
                          Kind::count,
                          "",
                          "figures that agree with the rate-of-fire step rof-first",
                          "",
                          false};
constexpr Field kDifferencesOnly{"differences_only",
                                 "Differences only",
                                 Kind::boolean,
                                 "",
                                 "only the figures that disagree are listed (--differences)",
                                 "",
                                 false};
constexpr Field kMeanError{"bombardment_mean_abs_error_pct",
                           "Mean error %",
                           Kind::amount,
                           "%",
                           "the bombardment model's mean absolute error",
                           "",
                           false};
constexpr Field kWorstError{"bombardment_worst_error_pct",
                            "Worst error %",
                            Kind::amount,
                            "%",
                            "the bombardment model's worst absolute error",
                            "",
                            false};
}  // namespace

const TableSpec& agreement_spec() {
  static const TableSpec s("agreement-by-field", "Agreement by field", "the agreement of one characteristic",
                           {kFigure, kAgree, kOf});
  return s;
}
const TableSpec& formulas_spec() {
  static const TableSpec s("design-formulas-against-the-book", "Design formulas against the book",
                           "one figure of one piece, the formulas' against the book's",
                           {fields::kName, kFigure, kBook, kFormula, kAgrees});
  return s;
}
const TableSpec& bombardment_model_spec() {
  static const TableSpec s("bombardment-model-against-the-book", "Bombardment model against the book",
                           "one cell of the book's bombardment table against the model",
                           {fields::kName, fields::kRangeBand, fields::kFire, kBook, kModel, kErrorPct});
  return s;
}
const TableSpec& comparison_spec() {
  static const TableSpec s =
      TableSpec("comparison", "Comparison", "the totals of the comparison",
                {kRateReading, kAgree, kTotal, kAgreeShots, kAgreeRof, kDifferencesOnly, kMeanError, kWorstError})
          .as_record("Figure", false)
          .only_for(report::Shown::programs);
  return s;
}
const report::DocumentSpec& compare_document() {
  static const report::DocumentSpec d(
      "artillery-design", "compare", kSchemaVersion, "the design formulas and the bombardment model against the book",
      {&agreement_spec(), &formulas_spec(), &bombardment_model_spec(), &comparison_spec()});
  return d;
}

namespace {

struct FormulaComparison {
  Table table, agreement;
  int agree = 0, total = 0;
};

// Every figure the formulas give, against the book's, piece by piece; then the agreement by field.
// With `differences`, the table and the JSON hold only the figures that disagree; the counts hold all.
FormulaComparison compare_formulas(const Catalogue& cat, artillery::RateReading rate, bool differences) {
  FormulaComparison out;
  out.table = Table(formulas_spec());
  Table& t = out.table;
  t.title = std::string(differences ? "Design formulas against the book, the figures that disagree ("
                                    : "Design formulas against the book (") +
            cat.sources.characteristics + "; rate of fire " + artillery::to_string(rate) + ")";
  std::map<std::string, std::pair<int, int>> by_field;
  for (const auto& p : cat.pieces) {
    for (const auto& f : artillery::compare(cat, p, rate)) {
      ++out.total;
      auto& bf = by_field[f.field];
      ++bf.second;
      if (f.agrees()) {
        ++out.agree;
        ++bf.first;
        if (differences) continue;
      }
      t.add_row({p.name, f.field, report::cell::trimmed(f.book, 2), report::cell::trimmed(f.formula, 2),
                 report::cell::boolean(f.agrees())});
    }
  }
  out.agreement = Table(agreement_spec());
  for (const auto& [name, c] : by_field)
    out.agreement.add_row({name, std::to_string(c.first), std::to_string(c.second)});
  return out;
}

struct ModelComparison {
  Table table;
  double mean_abs_error_pct = 0, worst_error_pct = 0;
};

// The bombardment model for designed pieces against the book's table.
ModelComparison compare_bombardment_model(const Catalogue& cat) {
  ModelComparison out;
  out.table = Table(bombardment_model_spec());
  Table& bm = out.table;
  bm.title = "Bombardment model against the book (" + cat.sources.bombardment + ")";
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
        bm.add_row({p.name, artillery::to_string(bracket), artillery::to_string(m), report::cell::trimmed(*book),
                    report::cell::trimmed(*model), report::cell::number(err, 1)});
      }
  }
  out.mean_abs_error_pct = cells ? sum_abs / cells : 0.0;
  out.worst_error_pct = worst;
  bm.notes.push_back(
      "model: shots per day x 5.5 per die x dice x a factor per range and fire, fitted as the median "
      "over the book; " +
      std::to_string(cells) + " cells, mean absolute error " + fmtnum::fixed(cells ? sum_abs / cells : 0, 1) +
      "%, worst " + fmtnum::fixed(worst, 1) + "%");
  return out;
}

// The agreement of the formulas with the book under each order of the rate-of-fire step.
int agreement(const Catalogue& cat, artillery::RateReading rate) {
  int agree = 0;
  for (const auto& p : cat.pieces)
    for (const auto& f : artillery::compare(cat, p, rate)) agree += f.agrees() ? 1 : 0;
  return agree;
}

}  // namespace

Expected<report::Report> run_compare(const Catalogue& cat, const Options& opt) {
  const auto rate = *artillery::parse_rate_reading(opt.rate_reading);
  FormulaComparison formulas = compare_formulas(cat, rate, opt.differences);
  std::array<int, 2> by_reading{};
  std::string counts;
  for (auto r : {artillery::RateReading::shots_first, artillery::RateReading::rof_first}) {
    const int n = agreement(cat, r);
    by_reading[r == artillery::RateReading::shots_first ? 0 : 1] = n;
    counts += (counts.empty() ? "" : "; ") + std::to_string(n) + " of " + std::to_string(formulas.total) + " " +
              (r == artillery::RateReading::shots_first ? "shots-first (the text's order, the default)"
                                                        : "rof-first (--rate-reading rof-first)");
  }
  // The summary comes first: the agreement by field with the totals, then the figures.
  formulas.agreement.notes.push_back(
      std::to_string(formulas.agree) + " of " + std::to_string(formulas.total) +
      " figures agree; by the order of the rate-of-fire step: " + counts + "; " +
      std::to_string(formulas.total - formulas.agree) + " differ" +
      (opt.differences ? " (only those are listed below)" : " (--differences lists only those)"));
  ModelComparison model = compare_bombardment_model(cat);
  report::Report rep;
  rep.document = &compare_document();
  rep.tables.push_back(std::move(formulas.agreement));
  rep.tables.push_back(std::move(formulas.table));
  rep.tables.push_back(std::move(model.table));
  Table totals(comparison_spec());
  totals.add_figure(kRateReading, artillery::to_string(rate));
  totals.add_figure(kAgree, report::cell::integer(formulas.agree));
  totals.add_figure(kTotal, report::cell::integer(formulas.total));
  totals.add_figure(kAgreeShots, report::cell::integer(by_reading[0]));
  totals.add_figure(kAgreeRof, report::cell::integer(by_reading[1]));
  totals.add_figure(kDifferencesOnly, report::cell::boolean(opt.differences));
  totals.add_figure(kMeanError, report::cell::trimmed(model.mean_abs_error_pct, 12));
  totals.add_figure(kWorstError, report::cell::trimmed(model.worst_error_pct, 12));
  rep.tables.push_back(std::move(totals));
  return rep;
}

}  // namespace gunpowder::artillery_app
