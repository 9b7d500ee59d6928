// run_compare.cpp - unit-br --compare: every roster unit recomputed by the formulas
// (units::compare) and shown against its printed figures, with the agreement by kind and field.
#include <map>

#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using report::Table;
using units::Catalogue;

Expected<report::Report> run_compare(const Catalogue& cat, const Options& opt) {
  report::Report rep;
  const auto rows = units::compare(cat, readings(opt, false));
  Table t;
  t.title = "The rosters against the formulas";
  t.add_column("unit", "Roster unit")
      .add_column("field", "Field")
      .add_column("published", "Published")
      .add_column("computed", "Formula")
      .add_column("agrees", "Agrees");
  std::map<std::string, std::pair<int, int>> by_kind, by_field;
  std::vector<std::string> kinds;
  json::Value uj = json::array();
  for (const auto& u : rows) {
    json::Value o = json::object();
    o.set("key", u.key);
    o.set("name", u.name);
    json::Value fields = json::array();
    for (const auto& f : u.fields) {
      if (!by_kind.count(f.kind)) kinds.push_back(f.kind);
      auto& k = by_kind[f.kind];
      auto& g = by_field[f.field];
      ++k.second;
      ++g.second;
      if (f.agrees) {
        ++k.first;
        ++g.first;
      }
      t.add_row({u.key, f.field, f.published, f.computed, f.agrees ? "yes" : "no"});
      json::Value fo = json::object();
      fo.set("field", f.field);
      fo.set("kind", f.kind);
      fo.set("published", f.published);
      fo.set("computed", f.computed);
      fo.set("agrees", f.agrees);
      fields.push(std::move(fo));
    }
    o.set("fields", std::move(fields));
    uj.push(std::move(o));
  }
  rep.tables.push_back(std::move(t));
  json::Value sj = json::array(), fj = json::array();
  report::AgreementCounts kind_counts;
  for (const auto& k : kinds) kind_counts.emplace_back(k, by_kind[k]);
  Table s = report::agreement_table("Agreement by kind", "kind", "Kind", kind_counts, sj);
  s.notes.push_back("docs/notes/unit-br-decisions.md explains the definitions and every kind of difference");
  rep.tables.push_back(std::move(s));
  rep.tables.push_back(report::agreement_table("Agreement by field", "field", "Field",
                                               report::AgreementCounts(by_field.begin(), by_field.end()), fj));
  rep.json = json::document(kInfo.name, "compare");
  rep.json.set("tool", kInfo.name);
  rep.json.set("summary", std::move(sj));
  rep.json.set("by_field", std::move(fj));
  rep.json.set("units", std::move(uj));
  return rep;
}

}  // namespace gunpowder::unit_app
