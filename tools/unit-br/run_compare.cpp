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
  t.add_column("unit", "Roster unit")
      .add_column("field", "Field")
      .add_column("published", "Published")
      .add_column("computed", "Formula")
      .add_column("agrees", "Agrees");
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
      t.add_row({u.key, f.field, f.published, f.computed, f.agrees ? "yes" : "no"});
      json::Value fo = json::object();
      fo.set("field", f.field);
      fo.set("kind", f.kind);
      fo.set("published", f.published);
      fo.set("computed", f.computed);
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
  rep.json = json::document(kInfo.name, "compare");
  rep.json.set("tool", kInfo.name);
  rep.json.set("summary", std::move(sj));
  rep.json.set("by_field", std::move(fj));
  rep.json.set("differences_only", opt.differences);
  rep.json.set("units", std::move(f.units));
  return rep;
}

}  // namespace gunpowder::unit_app
