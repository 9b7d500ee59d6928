// structures.cpp - siege-duration --method structures: structural strength points of the
// [[structure]] tables (seed 001, Structural Strength Points), the cannon they lose as they are
// damaged, and the gates and doors.
#include <algorithm>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "siege-duration/methods.hpp"

namespace gunpowder::siege_app {

using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

json::Value int_array(const std::vector<int>& v) {
  json::Value a = json::array();
  for (int x : v) a.push(x);
  return a;
}

json::Value cannon_loss_json(const std::vector<siege::CannonLossRow>& rows) {
  json::Value a = json::array();
  for (const auto& c : rows) {
    json::Value l = json::object();
    l.set("damage_fraction", c.damage_fraction);
    l.set("damage_points", c.damage_points);
    l.set("cannon_lost", c.cannon_lost);
    a.push(std::move(l));
  }
  return a;
}

// Cannon lost as a structure is damaged: "3 (54 pts)" for people, cannon_lost_50 and damage_points_50 for programs.
void cannon_loss_table(const siege::StructureRules& sr, const std::vector<siege::StructurePoints>& pts,
                       const std::vector<siege::StructureSpec>& specs, report::Report& rep) {
  Table c;
  c.title = "Cannon lost as a structure is damaged (" + sr.cannon_loss_source + ")";
  c.add_column("name", "Structure").add_column("cannon", "Cannon", Align::right);
  // Each step: "3 (54 pts)" for people; cannon_lost_50 and damage_points_50 for programs.
  for (const auto& step : sr.cannon_loss) {
    const std::string pct = trim(step.damage_fraction * 100);
    c.add_column("lost_" + pct, "Lost at " + fmtnum::percent(step.damage_fraction, 0), Align::right,
                 report::Shown::people)
        .add_column("cannon_lost_" + pct, "Cannon lost at " + pct + "%", Align::right, report::Shown::programs)
        .add_column("damage_points_" + pct, "Damage points at " + pct + "%", Align::right, report::Shown::programs);
  }
  c.add_column("cannon_lost_now", "Lost now", Align::right);
  for (size_t i = 0; i < pts.size(); ++i) {
    if (!specs[i].cannon) continue;
    std::vector<report::Cell> row{pts[i].name, report::cell::integer(*specs[i].cannon)};
    for (const auto& l : pts[i].cannon_loss) {
      row.emplace_back(std::to_string(l.cannon_lost) + " (" + trim(l.damage_points, 2) + " pts)");
      row.push_back(report::cell::integer(l.cannon_lost));
      row.push_back(report::cell::trimmed(l.damage_points, 2));
    }
    row.push_back(report::cell::integer(pts[i].cannon_lost_now));
    c.add_row(std::move(row));
  }
  if (!c.rows.empty()) {
    c.notes.push_back("rounded up at every step");
    rep.tables.push_back(std::move(c));
  }
}

void structures_report(const siege::Rules& rules, const std::vector<siege::StructurePoints>& pts,
                       const std::vector<siege::StructureSpec>& specs, report::Report& rep, json::Value& out) {
  const auto& sr = rules.structures;
  Table t;
  t.title = "Structural strength points (" + sr.source + ")";
  t.add_column("name", "Structure")
      .add_column("shape", "Shape")
      .add_column("factor", "Factor", Align::right)
      .add_column("size", "Size", Align::left, report::Shown::people)
      .add_column("length_in", "Length in", Align::right, report::Shown::programs)
      .add_column("width_in", "Width in", Align::right, report::Shown::programs)
      .add_column("diameter_in", "Diameter in", Align::right, report::Shown::programs)
      .add_column("height_levels", "Levels", Align::right)
      .add_column("points", "Points", Align::right)
      .add_column("sections", "Sections")
      .add_column("points_with_pi", "With pi", Align::right);
  json::Value a = json::array();
  for (size_t i = 0; i < pts.size(); ++i) {
    const auto& p = pts[i];
    const auto& s = specs[i];
    std::string size;
    switch (s.shape) {
      case siege::Shape::rectangular:
        size = trim(*s.length_in, 3) + "\" x " + trim(*s.width_in, 3) + "\"";
        break;
      case siege::Shape::round:
        size = trim(*s.diameter_in, 3) + "\" across";
        break;
      case siege::Shape::wall:
        size = trim(*s.length_in, 3) + "\" long";
        break;
    }
    // Sections: people read "36 + 36", programs the numbers separated by spaces.
    std::string sections, section_values;
    for (int v : p.sections) {
      sections += (sections.empty() ? "" : " + ") + std::to_string(v);
      section_values += (section_values.empty() ? "" : " ") + std::to_string(v);
    }
    t.add_row({p.name, siege::to_string(p.shape), report::cell::integer(p.factor), size,
               report::cell::trimmed(s.length_in, 3), report::cell::trimmed(s.width_in, 3),
               report::cell::trimmed(s.diameter_in, 3), report::cell::trimmed(s.height_levels, 3),
               report::cell::integer(p.points),
               sections.empty() ? report::cell::none() : report::Cell(sections, section_values),
               report::cell::integer(p.points_with_pi)});
    json::Value o = json::object();
    o.set("name", p.name);
    o.set("shape", siege::to_string(p.shape));
    o.set("factor", p.factor);
    o.set("material", s.material.empty() ? json::Value() : json::Value(s.material));
    o.set("length_in", opt_num(s.length_in));
    o.set("width_in", opt_num(s.width_in));
    o.set("diameter_in", opt_num(s.diameter_in));
    o.set("height_levels", s.height_levels);
    o.set("pi", s.shape == siege::Shape::round ? json::Value(s.use_pi) : json::Value());
    o.set("product", p.product);
    o.set("points", p.points);
    o.set("sections", int_array(p.sections));
    o.set("points_with_pi", opt_int(p.points_with_pi));
    o.set("cannon", opt_int(s.cannon));
    o.set("cannon_loss", cannon_loss_json(p.cannon_loss));
    o.set("damage", opt_num(s.damage_points));
    o.set("cannon_lost_now", opt_int(p.cannon_lost_now));
    a.push(std::move(o));
    for (const auto& l : p.explain) rep.explain.push_back("structures: " + l);
  }
  t.notes.push_back(
      "points = size x height in levels x materials factor (round: x3 or pi), rounded up to a multiple of " +
      std::to_string(sr.round_up_multiple) + "; walls count at most " + trim(sr.section_length_in) + "\" a section");
  rep.tables.push_back(std::move(t));

  cannon_loss_table(sr, pts, specs, rep);

  Table g;
  g.title = "Gates and doors (" + sr.gate_door_source + ")";
  g.add_column("target", "Target").add_column("min_hand", "Breached by at least").add_column("range", "Range");
  json::Value gj = json::array();
  for (const auto& [what, hand] : sr.breach_hands) {
    std::string h = hand;
    std::replace(h.begin(), h.end(), '_', ' ');
    std::replace(h.begin(), h.end(), '-', ' ');
    const std::string value = suite_spelling(hand);  // an enum value: words joined by '-'
    g.add_row({what, value_cell(h, value), sr.gate_door_range});
    json::Value o = json::object();
    o.set("target", what);
    o.set("min_hand", value);
    o.set("range", sr.gate_door_range);
    gj.push(std::move(o));
  }
  g.notes.push_back(sr.gate_door_deducts ? "a breach deducts strength points" : "a breach deducts no strength points");
  rep.tables.push_back(std::move(g));
  out.set("structures", std::move(a));
  out.set("gates_and_doors", std::move(gj));
}

}  // namespace

MethodResult run_structures(const Context& c) {
  if (c.in.structures.empty()) {
    if (!c.all()) return cli::usage_error("--method", "structures needs [[structure]] tables in the input");
    c.skip("structures", "no [[structure]] tables");
    return json::Value();
  }
  std::vector<siege::StructurePoints> pts;
  for (const auto& s : c.in.structures) pts.push_back(siege::strength_points(c.rules.structures, s));
  json::Value out = json::object();
  structures_report(c.rules, pts, c.in.structures, c.rep, out);
  return out;
}

}  // namespace gunpowder::siege_app
