// structures.cpp - siege-duration --method structures: structural strength points of the
// [[structure]] tables (seed 001, Structural Strength Points), the cannon they lose as they are
// damaged, and the gates and doors.
#include <algorithm>

#include "common/provenance.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/ruled.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

using fmtnum::trim;
using report::Align;
using report::Column;
using report::Table;

namespace {

// The house rule behind a structure's strength points: the rules of data/structures.toml it reads
// (the rounding; a height given in inches, a wall's sections, a round structure's factor), its
// shape's row and its material's.
Ruled points_rule(const data::Tables& run_tables, const siege::StructureSpec& s) {
  Ruled r =
      cli::ruled(run_tables, "structures",
                 {"strength_rules.round_up_multiple", cli::row_path("shape.rows", "key", siege::to_string(s.shape))});
  if (s.height_from_inches)
    r = cli::either(std::move(r), cli::ruled(run_tables, "structures", {"strength_rules.level_height_in"}));
  if (s.shape == siege::Shape::wall)
    r = cli::either(std::move(r), cli::ruled(run_tables, "structures", {"strength_rules.section_length_in"}));
  if (s.shape == siege::Shape::round)
    r = cli::either(std::move(r), cli::ruled(run_tables, "structures",
                                             {"strength_rules.round_factor", "strength_rules.round_factor_may_be_pi"}));
  if (!s.material.empty())
    r = cli::either(std::move(r),
                    cli::ruled(run_tables, "structures", {cli::row_path("material.rows", "key", s.material)}));
  return r;
}

// ... and behind the cannon it loses: those points, and the steps of data/broadside.toml's rule.
Ruled loss_rule(const data::Tables& run_tables, const siege::StructureSpec& s) {
  return cli::either(points_rule(run_tables, s), cli::ruled(run_tables, "broadside", {"cannon_loss"}));
}

// The size as people read it: 12" x 8", 6" across, 24" long.
std::string size_text(const siege::StructureSpec& s) {
  switch (s.shape) {
    case siege::Shape::rectangular:
      return trim(*s.length_in, 3) + "\" x " + trim(*s.width_in, 3) + "\"";
    case siege::Shape::round:
      return trim(*s.diameter_in, 3) + "\" across";
    case siege::Shape::wall:
      return trim(*s.length_in, 3) + "\" long";
  }
  return {};
}

}  // namespace

StructureTables::StructureTables(const data::Tables& run_tables, const siege::Rules& rules) : run_tables_(run_tables) {
  const auto& sr = rules.structures;
  points = table_of(tables::strength_points());
  points.title = "Structural strength points (" + sr.source + ")";
  points.notes.push_back(
      "points = size x height in levels x materials factor (round: x3 or pi), rounded up to a multiple of " +
      std::to_string(sr.round_up_multiple) + "; walls count at most " + trim(sr.section_length_in) + "\" a section");
  // Cannon lost as a structure is damaged: for people "3 (54 pts)" a step, one column each (the
  // steps are the table's); programs read the same figures a step a row in cannon-loss.
  lost = table_of(tables::cannon_lost());
  lost.title = "Cannon lost as a structure is damaged (" + sr.cannon_loss_source + ")";
  const Column now = lost.columns.back();  // cannon_lost_now, after the steps
  lost.columns.pop_back();
  for (const auto& step : sr.cannon_loss)
    lost.add_column("lost_" + trim(step.damage_fraction * 100), "Lost at " + fmtnum::percent(step.damage_fraction, 0),
                    Align::right, report::Shown::people);
  lost.columns.push_back(now);
  lost.notes.push_back("rounded up at every step");
  loss = table_of(tables::cannon_loss());
  gates = table_of(tables::gates_and_doors());
  gates.title = "Gates and doors (" + sr.gate_door_source + ")";
  for (const auto& [what, hand] : sr.breach_hands) {
    std::string h = hand;
    std::replace(h.begin(), h.end(), '_', ' ');
    std::replace(h.begin(), h.end(), '-', ' ');
    const std::string value = suite_spelling(hand);  // an enum value: words joined by '-'
    gates.add_row({what, value_cell(h, value), sr.gate_door_range},
                  source_of(cli::ruled(run_tables, "broadside", {"gate_door"})));
  }
  // "No strength points are deducted from the structure" (Baggins Wood Cannons, Structural Strength Points).
  gates.notes.push_back("a breach deducts no strength points");
}

void StructureTables::add(const siege::StructureSpec& s, const siege::StructurePoints& p) {
  using report::cell::integer;
  using report::cell::trimmed;
  // Sections: people read "36 + 36", programs the numbers separated by spaces.
  std::string sections, section_values;
  for (int v : p.sections) {
    sections += (sections.empty() ? "" : " + ") + std::to_string(v);
    section_values += (section_values.empty() ? "" : " ") + std::to_string(v);
  }
  const std::string loss_source = source_of(loss_rule(run_tables_, s));
  points.add_row({p.name, siege::to_string(p.shape), integer(p.factor), size_text(s), trimmed(s.length_in, 3),
                  trimmed(s.width_in, 3), trimmed(s.diameter_in, 3), trimmed(s.height_levels, 3), integer(p.points),
                  sections.empty() ? report::cell::none() : report::Cell(sections, section_values),
                  integer(p.points_with_pi), report::cell::text_or_none(s.material),
                  s.shape == siege::Shape::round ? report::cell::boolean(s.use_pi) : report::cell::none(),
                  trimmed(p.product, 12), integer(s.cannon), trimmed(s.damage_points, 12), integer(p.cannon_lost_now)},
                 p.cannon_lost_now ? loss_source : source_of(points_rule(run_tables_, s)));
  for (const auto& l : p.cannon_loss)
    loss.add_row({p.name, report::cell::percent(l.damage_fraction, 0), report::cell::trimmed(l.damage_points, 12),
                  report::cell::integer(l.cannon_lost)},
                 loss_source);
  if (!s.cannon) return;
  std::vector<report::Cell> row{p.name, report::cell::integer(*s.cannon)};
  for (const auto& l : p.cannon_loss)
    row.emplace_back(std::to_string(l.cannon_lost) + " (" + trim(l.damage_points, 2) + " pts)");
  row.push_back(report::cell::integer(p.cannon_lost_now));
  lost.add_row(std::move(row), loss_source);
}

void StructureTables::clear_rows() {
  points.rows.clear();
  lost.rows.clear();
  loss.rows.clear();
}

void StructureTables::move_to(report::Report& rep) {
  rep.tables.push_back(std::move(points));
  if (!lost.rows.empty()) rep.tables.push_back(std::move(lost));
  rep.tables.push_back(std::move(loss));
  rep.tables.push_back(std::move(gates));
}

MethodResult run_structures(const Context& c) {
  if (c.in.structures.empty()) {
    if (!c.all()) return cli::usage_error("--method", "structures needs [[structure]] tables in the input");
    c.skip("structures", "no [[structure]] tables");
    return false;
  }
  StructureTables t(c.run_tables, c.rules);
  for (const auto& s : c.in.structures) {
    const siege::StructurePoints p = siege::strength_points(c.rules.structures, s);
    t.add(s, p);
    if (c.explain) report::append_under(c.rep.explain, p.explain, "structures");
  }
  t.move_to(c.rep);
  return true;
}

}  // namespace gunpowder::siege_app
