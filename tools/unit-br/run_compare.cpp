// run_compare.cpp - unit-br --compare: every roster unit recomputed by the formulas
// (units::compare) and shown against its printed figures: the agreement by kind and field first,
// then every figure, or with --differences only those that disagree.
#include <map>

#include "gunpowder/core/fmtnum.hpp"
#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using report::Table;
using units::Catalogue;

namespace {

// A kind as the book's words for people ("attack line") and its name for programs ("attack-line").
report::Cell kind_cell(const std::string& kind) {
  std::string shown = kind;
  for (char& c : shown)
    if (c == '-') c = ' ';
  return {shown, kind};
}

// The numbers of a compared figure, one cell each (none where a part is not a number).
void push_figures(std::vector<report::Cell>& row, const units::CompareFigures& f) {
  for (const auto& x : f) row.push_back(x ? report::cell::trimmed(*x, 12) : report::Cell("", ""));
}

// A figure as programs read it as text: where it has no numbers (an attack line, a formation).
report::Cell text_of(const std::string& text, const units::CompareFigures& f) {
  const bool numbers = f[0] || f[1] || f[2];
  return numbers ? report::Cell("", "") : report::Cell(text);
}

// The figure-by-figure table, with the counts the summary tables need.
struct Figures {
  Table table{compare_figures_spec()};
  std::map<std::string, std::pair<int, int>> by_kind, by_field;
  std::vector<std::string> kinds;
  int agree = 0, total = 0;
};

Figures figures(const std::vector<units::CompareUnit>& rows, bool differences) {
  Figures out;
  Table& t = out.table;
  if (differences) t.title = "The rosters against the formulas: the figures that disagree";
  for (const auto& u : rows) {
    for (const auto& f : u.fields) {
      if (!out.by_kind.count(f.kind)) out.kinds.push_back(f.kind);
      auto& k = out.by_kind[f.kind];
      auto& g = out.by_field[f.field];
      ++k.second;
      ++g.second;
      ++out.total;
      if (f.agrees) {
        ++k.first;
        ++g.first;
        ++out.agree;
        if (differences) continue;
      }
      // No sentinel strings for programs: a figure the roster or the formulas do not give is none.
      std::vector<report::Cell> row{u.key,
                                    u.name,
                                    f.field,
                                    kind_cell(f.kind),
                                    report::Cell(f.published),
                                    text_of(f.published, f.published_figures)};
      push_figures(row, f.published_figures);
      row.push_back(f.computed.empty() ? report::Cell("(none)", "") : report::Cell(f.computed));
      row.push_back(text_of(f.computed, f.computed_figures));
      push_figures(row, f.computed_figures);
      row.push_back(report::cell::boolean(f.agrees));
      t.add_row(std::move(row));
    }
  }
  return out;
}

Table agreement(const report::TableSpec& spec, const std::vector<std::pair<std::string, std::pair<int, int>>>& counts,
                bool kinds) {
  Table t(spec);
  for (const auto& [name, c] : counts)
    t.add_row({kinds ? kind_cell(name) : report::Cell(name), std::to_string(c.first), std::to_string(c.second)});
  return t;
}

}  // namespace

Expected<report::Report> run_compare(const Catalogue& cat, const Options& opt) {
  report::Report rep;
  rep.document = &compare_document();
  Figures f = figures(units::compare(cat, readings(opt, false)), opt.differences);
  std::vector<std::pair<std::string, std::pair<int, int>>> kind_counts;
  for (const auto& k : f.kinds) kind_counts.emplace_back(k, f.by_kind[k]);
  // The summary comes first: the agreement by kind (with the totals), then by field, then the figures.
  Table s = agreement(agreement_by_kind_spec(), kind_counts, true);
  s.notes.push_back(fmtnum::grouped(f.agree) + " of " + fmtnum::grouped(f.total) +
                    " published figures agree with the formulas; " + fmtnum::grouped(f.total - f.agree) + " differ" +
                    (opt.differences ? " (only those are listed below)" : " (--differences lists only those)"));
  s.notes.push_back(
      "the readings behind most differences can be switched: --misfire, --fm-pistol-column, --wage-source, "
      "--pistol-bonus (unit-br(1))");
  rep.tables.push_back(std::move(s));
  rep.tables.push_back(agreement(agreement_by_field_spec(), {f.by_field.begin(), f.by_field.end()}, false));
  rep.tables.push_back(std::move(f.table));
  return rep;
}

}  // namespace gunpowder::unit_app
