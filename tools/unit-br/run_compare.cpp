// run_compare.cpp - unit-br --compare: every roster unit recomputed by the formulas
// (units::compare) and shown against its printed figures: the agreement by kind and field first,
// then every figure, or with --differences only those that disagree.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>

#include "gunpowder/core/fmtnum.hpp"
#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using report::Table;
using units::Catalogue;

namespace {

bool is_integer(const std::string& s) {
  const size_t start = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  return s.size() > start && s.find_first_not_of("0123456789", start) == std::string::npos;
}

// A published or computed figure as programs read it, in up to three cells: a slash figure
// ("2/3/4", "-/1/2") one number a cell ("-" empty), an AC with its alternative ("4 (5)") or a
// formation with the one it functions as ("DF (IM)") two cells, hit dice their dice and bonus
// ("1-1": 1 and -1; "1/2": 0.5 and 0), an attack throw ("11+") or a signed number ("+1") the
// number, "(none)" nothing; any other text (an attack line) as it is.
std::array<report::Cell, 3> split_figure(const std::string& field, const std::string& text) {
  std::array<report::Cell, 3> out{raw_cell(""), raw_cell(""), raw_cell("")};
  if (text.empty() || text == "(none)") return out;
  if (field == "hit dice") {
    const auto hd = units::parse_hit_dice(text);
    out[0] = hd ? hd_dice_cell(hd) : raw_cell(text);
    if (hd) out[1] = hd_bonus_cell(hd);
    return out;
  }
  if (text.find('/') != std::string::npos && text.find_first_not_of("0123456789-*/") == std::string::npos) {
    const auto cells = movement_cells(text);
    std::copy(cells.begin(), cells.end(), out.begin());
    return out;
  }
  const auto open = text.find(" (");
  if (open != std::string::npos && text.back() == ')' && text.find(' ') == open &&
      text.find(' ', open + 2) == std::string::npos) {
    out[0] = raw_cell(text.substr(0, open));
    out[1] = raw_cell(text.substr(open + 2, text.size() - open - 3));
    return out;
  }
  if (text.size() > 1 && text.back() == '+' && is_integer(text.substr(0, text.size() - 1))) {
    out[0] = raw_cell(text.substr(0, text.size() - 1));
    return out;
  }
  out[0] = raw_cell(is_integer(text) && text[0] == '+' ? text.substr(1) : text);
  return out;
}

// The three parts of split_figure as JSON: a number where the part is one, else its text, null
// where there is none.
json::Value figures_json(const std::string& field, const std::string& text) {
  json::Value out = json::array();
  for (const auto& c : split_figure(field, text)) {
    const std::string& v = c.data();
    char* end = nullptr;
    const double x = v.empty() ? 0 : std::strtod(v.c_str(), &end);
    if (v.empty())
      out.push(json::Value());
    else if (end == v.c_str() + v.size())
      out.push(json::Value(x));
    else
      out.push(json::Value(v));
  }
  return out;
}

// The figure-by-figure table and its JSON, with the counts the summary tables need.
struct Figures {
  Table table;
  json::Value units = json::array();
  std::map<std::string, std::pair<int, int>> by_kind, by_field;
  std::vector<std::string> kinds;
  int agree = 0, total = 0;
};

Figures figures(const std::vector<units::CompareUnit>& rows, bool differences) {
  Figures out;
  Table& t = out.table;
  t.title =
      differences ? "The rosters against the formulas: the figures that disagree" : "The rosters against the formulas";
  using report::Shown;
  t.add_column("unit", "Roster unit")
      .add_column("field", "Field")
      .add_column("kind", "Kind", report::Align::left, Shown::programs)
      .add_column("published", "Published", report::Align::left, Shown::people);
  for (const char* n : {"1", "2", "3"})
    t.add_column(std::string("published_") + n, "Published", report::Align::left, Shown::programs);
  t.add_column("computed", "Formula", report::Align::left, Shown::people);
  for (const char* n : {"1", "2", "3"})
    t.add_column(std::string("computed_") + n, "Formula", report::Align::left, Shown::programs);
  t.add_column("agrees", "Agrees");
  for (const auto& u : rows) {
    json::Value o = json::object();
    o.set("key", u.key);
    o.set("name", u.name);
    json::Value fields = json::array();
    bool listed = false;
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
      listed = true;
      std::vector<report::Cell> row{u.key, f.field, f.kind, f.published};
      for (auto& c : split_figure(f.field, f.published)) row.push_back(std::move(c));
      row.emplace_back(f.computed);
      for (auto& c : split_figure(f.field, f.computed)) row.push_back(std::move(c));
      row.emplace_back(f.agrees ? "yes" : "no", f.agrees ? "true" : "false");
      t.add_row(std::move(row));
      json::Value fo = json::object();
      fo.set("field", f.field);
      fo.set("kind", f.kind);
      // No sentinel strings in JSON: a figure the roster or the formulas do not give is null.
      fo.set("published", f.published.empty() ? json::Value() : json::Value(f.published));
      fo.set("computed", f.computed.empty() || f.computed == "(none)" ? json::Value() : json::Value(f.computed));
      fo.set("published_figures", figures_json(f.field, f.published));
      fo.set("computed_figures", figures_json(f.field, f.computed));
      fo.set("agrees", f.agrees);
      fields.push(std::move(fo));
    }
    if (differences && !listed) continue;
    o.set("fields", std::move(fields));
    out.units.push(std::move(o));
  }
  return out;
}

}  // namespace

Expected<report::Report> run_compare(const Catalogue& cat, const Options& opt) {
  report::Report rep;
  Figures f = figures(units::compare(cat, readings(opt, false)), opt.differences);
  json::Value sj = json::array(), fj = json::array();
  report::AgreementCounts kind_counts;
  for (const auto& k : f.kinds) kind_counts.emplace_back(k, f.by_kind[k]);
  // The summary comes first: the agreement by kind (with the totals), then by field, then the figures.
  Table s = report::agreement_table("Agreement by kind", "kind", "Kind", kind_counts, sj);
  s.notes.push_back(fmtnum::grouped(f.agree) + " of " + fmtnum::grouped(f.total) +
                    " published figures agree with the formulas; " + fmtnum::grouped(f.total - f.agree) + " differ" +
                    (opt.differences ? " (only those are listed below)" : " (--differences lists only those)"));
  s.notes.push_back(
      "the readings behind most differences can be switched: --misfire, --fm-pistol-column, --wage-source, "
      "--pistol-bonus (unit-br(1))");
  rep.tables.push_back(std::move(s));
  rep.tables.push_back(report::agreement_table("Agreement by field", "field", "Field",
                                               report::AgreementCounts(f.by_field.begin(), f.by_field.end()), fj));
  rep.tables.push_back(std::move(f.table));
  rep.json = json::document(kInfo.name, "compare", kCompareVersion);
  rep.json.set("tool", kInfo.name);
  rep.json.set("summary", std::move(sj));
  rep.json.set("by_field", std::move(fj));
  rep.json.set("differences_only", opt.differences);
  rep.json.set("units", std::move(f.units));
  return rep;
}

}  // namespace gunpowder::unit_app
