// mode_compare.cpp - artillery-design --compare: the design formulas against the book's 17 pieces,
// field by field, and the bombardment model against the book's bombardment table.
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "artillery-design/modes.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::artillery_app {

using artillery::Catalogue;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

struct FormulaComparison {
  Table table, agreement;
  json::Value pieces, by_field;
  int agree = 0, total = 0;
};

// Every figure the formulas give, against the book's, piece by piece; then the agreement by field.
// With `differences`, the table and the JSON hold only the figures that disagree; the counts hold all.
FormulaComparison compare_formulas(const Catalogue& cat, artillery::RateReading rate, bool differences) {
  FormulaComparison out;
  Table& t = out.table;
  t.title = std::string(differences ? "Design formulas against the book, the figures that disagree ("
                                    : "Design formulas against the book (") +
            cat.sources.characteristics + "; rate of fire " + artillery::to_string(rate) + ")";
  t.add_column("piece", "Piece")
      .add_column("field", "Field")
      .add_column("book", "Book", Align::right)
      .add_column("formula", "Formula", Align::right)
      .add_column("agrees", "Agrees");
  out.pieces = json::array();
  std::map<std::string, std::pair<int, int>> by_field;
  for (const auto& p : cat.pieces) {
    json::Value o = json::object();
    o.set("name", p.name);
    json::Value fields = json::array();
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
                 f.agrees() ? "yes" : "no"});
      json::Value fo = json::object();
      fo.set("field", f.field);
      fo.set("book", f.book);
      fo.set("formula", f.formula);
      fo.set("agrees", f.agrees());
      fields.push(std::move(fo));
    }
    if (differences && fields.array().empty()) continue;
    o.set("fields", std::move(fields));
    out.pieces.push(std::move(o));
  }

  out.by_field = json::array();
  out.agreement = report::agreement_table("Agreement by field", "field", "Field",
                                          report::AgreementCounts(by_field.begin(), by_field.end()), out.by_field);
  return out;
}

struct ModelComparison {
  Table table;
  json::Value cells;
  double mean_abs_error_pct = 0, worst_error_pct = 0;
};

// The bombardment model for designed pieces against the book's table.
ModelComparison compare_bombardment_model(const Catalogue& cat) {
  ModelComparison out;
  Table& bm = out.table;
  bm.title = "Bombardment model against the book (" + cat.sources.bombardment + ")";
  bm.add_column("piece", "Piece")
      .add_column("range", "Range")
      .add_column("fire", "Fire")
      .add_column("book", "Book", Align::right)
      .add_column("model", "Model", Align::right)
      .add_column("error_pct", "Error %", Align::right);
  out.cells = json::array();
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
        json::Value o = json::object();
        o.set("piece", p.name);
        o.set("range", artillery::to_string(bracket));
        o.set("fire", artillery::to_string(m));
        o.set("book", *book);
        o.set("model", *model);
        o.set("error_pct", err);
        out.cells.push(std::move(o));
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
  json::Value by_reading = json::object();
  std::string counts;
  for (auto r : {artillery::RateReading::shots_first, artillery::RateReading::rof_first}) {
    const int n = agreement(cat, r);
    by_reading.set(r == artillery::RateReading::shots_first ? "shots_first" : "rof_first", n);  // keys join with _
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
  rep.tables.push_back(std::move(formulas.agreement));
  rep.tables.push_back(std::move(formulas.table));
  rep.tables.push_back(std::move(model.table));
  rep.json = json::document(kInfo.name, "compare", kSchemaVersion);
  rep.json.set("tool", kInfo.name);
  rep.json.set("bombardment_model", std::move(model.cells));
  rep.json.set("bombardment_mean_abs_error_pct", model.mean_abs_error_pct);
  rep.json.set("bombardment_worst_error_pct", model.worst_error_pct);
  rep.json.set("rate_reading", artillery::to_string(rate));
  rep.json.set("agree", formulas.agree);
  rep.json.set("total", formulas.total);
  rep.json.set("agree_by_rate_reading", std::move(by_reading));
  rep.json.set("by_field", std::move(formulas.by_field));
  rep.json.set("differences_only", opt.differences);
  rep.json.set("pieces", std::move(formulas.pieces));
  return rep;
}

}  // namespace gunpowder::artillery_app
