// format.cpp - war-machine's shared formatting: percentages, fatigue and location texts, the
// cells of optional values, and the tables of a force's rating.
#include <algorithm>
#include <bit>
#include <unordered_map>

#include "common/provenance.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/fields.hpp"

namespace gunpowder::war_app {

using fmtnum::trim;
using war::Fatigue;
using war::Location;

std::string pct(double p) { return fmtnum::percent(p, 2); }
/// pct(p) of a share p = pairs / 10,000 of the roll pairs: the same text, kept per thread once
/// built (many battles share the same few hundred shares). A map, not a table of all 10,001: a
/// one-liner makes a few and must not pay for the rest (issue 15, start-up).
std::string pct_pairs(std::int64_t pairs, double p) {
  if (pairs < 0 || pairs > 10000 || p != static_cast<double>(pairs) / 10000.0) return pct(p);
  thread_local std::unordered_map<std::int64_t, std::string> made;
  auto [it, fresh] = made.try_emplace(pairs);
  if (fresh) it->second = pct(p);
  return it->second;
}
/// trim(x, 2), kept per thread for the few casualty percentages the results table prints.
std::string trim2(double x) {
  thread_local std::unordered_map<std::uint64_t, std::string> made;
  if (made.size() >= 4096) return trim(x, 2);
  auto [it, fresh] = made.try_emplace(std::bit_cast<std::uint64_t>(x));
  if (fresh) it->second = trim(x, 2);
  return it->second;
}
std::string fatigue_text(const std::optional<Fatigue>& f) { return f ? war::to_string(*f) : "-"; }
std::string share_text(const war::Fraction& f) {
  if (f.n == 0) return "none";
  if (f.n == f.d) return "all";
  if (f.n == 1 && f.d == 2) return "half";
  return std::to_string(f.n) + "/" + std::to_string(f.d);
}
std::string siege_rules_text(const war::Rules& R) {
  const auto& s = R.simple_siege;
  return "defender x" + std::to_string(s.defender_troop_multiplier) + " for the ratio" +
         (s.defender_ignores_retreat_and_rout ? ", ignores retreat and rout" : "") + ", " +
         (s.defender_casualty_fraction.n == s.defender_casualty_fraction.d ? std::string("full")
                                                                           : share_text(s.defender_casualty_fraction)) +
         " casualties";
}
std::string location_text(Location l, int units) {
  if (l == Location::none) return "-";
  std::string s = war::to_string(l);
  if (units > 0) s += "+" + std::to_string(units);
  return s;
}

report::Cell pct_pairs_cell(std::int64_t pairs, double p) {
  return report::cell::exact_over(report::cell::shown_as(pct_pairs(pairs, p), p), p, 10000);
}
report::Cell pct_over(double p, std::uint64_t denominator) {
  return report::cell::exact_over(report::cell::percent(p), p, denominator);
}
report::Cell fatigue_cell(const std::optional<Fatigue>& f) {
  return f ? report::Cell(war::to_string(*f)) : report::cell::none();
}
report::Cell location_cell(Location l, int units) {
  if (l == Location::none) return report::cell::none();
  return {location_text(l, units), war::to_string(l)};
}
report::Cell location_units_cell(Location l, int units) {
  if (l == Location::none) return report::cell::none("");
  return report::cell::integer(units);
}
report::Cell opt_text_cell(const std::optional<std::string>& v) { return v ? report::Cell(*v) : report::cell::none(); }

std::string source_of(const war::Ruled& r) { return cli::sourced(r, ""); }
void add_row_source(std::vector<report::Cell>& row, const report::TableSpec& spec, const war::Ruled& r) {
  if (!r) return;
  row.resize(spec.fields.size());  // a table of rows has a column per field (report::Table(spec))
  row.emplace_back(*r);
}

void rating_tables(const war::Rules& R, const war::RatedForce& x, const report::TableSpec& lines_spec,
                   const report::TableSpec& statements_spec, std::vector<report::Table>& tables) {
  const auto& r = x.rating;
  if (!r.bfr_lines.empty()) {
    report::Table t(lines_spec);
    t.set_context(fields::kForce, x.force.name);
    t.title = x.force.name + (r.method == "quick" ? ": quick battle rating (" + R.quick_source + ")"
                                                  : ": basic force rating B' (" + R.bfr_source + ")");
    int total = 0;
    for (const auto& l : r.bfr_lines) {
      // The line's handle as the suite spells values (the data's BFR ids and quick flags join words by '_').
      std::string id = l.id;
      std::replace(id.begin(), id.end(), '_', '-');
      t.add_row({l.factor, id, l.label, l.input, std::to_string(l.points), l.note}, source_of(l.ruled));
      total += l.points;
    }
    t.add_row({"", "", r.method == "quick" ? "BR" : "B'", "", std::to_string(total), ""},
              source_of(r.method == "quick" ? r.ruled.br : r.ruled.bfr));
    tables.push_back(std::move(t));
  }
  if (!r.statements.empty()) {
    report::Table t(statements_spec);
    t.set_context(fields::kForce, x.force.name);
    t.title = x.force.name + ": battle-rating statements (" + R.br_source + ")";
    for (const auto& s : r.statements) {
      // given: the force lists its statements (true), or its figure is measured (false), or neither (none).
      t.add_row({std::string(1, s.letter), s.id,
                 report::Cell(s.label + (s.in_seed ? "" : " (a documented reading)"), s.label), s.measured,
                 report::cell::trimmed(s.figure), report::cell::trimmed(s.counted), s.unit,
                 s.given    ? report::cell::boolean(true)
                 : s.figure ? report::cell::boolean(false)
                            : report::cell::none(),
                 report::cell::boolean(s.holds), report::cell::boolean(s.in_seed)},
                source_of(s.ruled));
    }
    t.notes.push_back(std::to_string(r.statements_true) + " true x ceil(B'/" + std::to_string(R.br_bonus_divisor) +
                      ") = " + std::to_string(r.statements_true) + " x " + std::to_string(r.bonus_per_statement) +
                      " = +" + std::to_string(r.statements_true * r.bonus_per_statement));
    tables.push_back(std::move(t));
  }
}

}  // namespace gunpowder::war_app
