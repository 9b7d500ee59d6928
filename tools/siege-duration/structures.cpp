// structures.cpp - siege-duration --method structures: structural strength points of the
// [[structure]] tables (seed 001, Structural Strength Points), the cannon they lose as they are
// damaged, and the gates and doors.
#include <algorithm>

#include "gunpowder/core/fmtnum.hpp"
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

void structures_report(const siege::Rules& rules, const std::vector<siege::StructurePoints>& pts,
                       const std::vector<siege::StructureSpec>& specs, report::Report& rep, json::Value& out) {
  const auto& sr = rules.structures;
  Table t;
  t.title = "Structural strength points (" + sr.source + ")";
  t.add_column("name", "Structure")
      .add_column("shape", "Shape")
      .add_column("factor", "Factor", Align::right)
      .add_column("size", "Size")
      .add_column("levels", "Levels", Align::right)
      .add_column("points", "Points", Align::right)
      .add_column("sections", "Sections")
      .add_column("pi", "With pi", Align::right);
  json::Value a = json::array();
  for (size_t i = 0; i < pts.size(); ++i) {
    const auto& p = pts[i];
    const auto& s = specs[i];
    std::string size;
    switch (s.shape) {
      case siege::Shape::rectangular: size = trim(*s.length_in, 3) + "\" x " + trim(*s.width_in, 3) + "\""; break;
      case siege::Shape::round: size = trim(*s.diameter_in, 3) + "\" across"; break;
      case siege::Shape::wall: size = trim(*s.length_in, 3) + "\" long"; break;
    }
    std::string sections;
    for (int v : p.sections) sections += (sections.empty() ? "" : " + ") + std::to_string(v);
    t.add_row({p.name, siege::to_string(p.shape), std::to_string(p.factor), size, trim(s.height_levels, 3),
               std::to_string(p.points), sections.empty() ? "-" : sections,
               p.points_with_pi ? std::to_string(*p.points_with_pi) : "-"});
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
  t.notes.push_back("points = size x height in levels x materials factor (round: x3 or pi), rounded up to a multiple of " +
                    std::to_string(sr.round_up_multiple) + "; walls count at most " + trim(sr.section_length_in) +
                    "\" a section");
  rep.tables.push_back(std::move(t));

  Table c;
  c.title = "Cannon lost as a structure is damaged (" + sr.cannon_loss_source + ")";
  c.add_column("name", "Structure").add_column("cannon", "Cannon", Align::right);
  for (const auto& step : sr.cannon_loss)
    c.add_column("lost_" + trim(step.damage_fraction * 100), "Lost at " + fmtnum::percent(step.damage_fraction, 0), Align::right);
  c.add_column("now", "Lost now", Align::right);
  for (size_t i = 0; i < pts.size(); ++i) {
    if (!specs[i].cannon) continue;
    std::vector<report::Cell> row{pts[i].name, std::to_string(*specs[i].cannon)};
    for (const auto& l : pts[i].cannon_loss) row.push_back(std::to_string(l.cannon_lost) + " (" + trim(l.damage_points, 2) + " pts)");
    row.push_back(pts[i].cannon_lost_now ? std::to_string(*pts[i].cannon_lost_now) : "-");
    c.add_row(std::move(row));
  }
  if (!c.rows.empty()) {
    c.notes.push_back("rounded up at every step");
    rep.tables.push_back(std::move(c));
  }

  Table g;
  g.title = "Gates and doors (" + sr.gate_door_source + ")";
  g.add_column("target", "Target").add_column("hand", "Breached by at least").add_column("range", "Range");
  json::Value gj = json::array();
  for (const auto& [what, hand] : sr.breach_hands) {
    std::string h = hand;
    std::replace(h.begin(), h.end(), '_', ' ');
    g.add_row({what, h, sr.gate_door_range});
    json::Value o = json::object();
    o.set("target", what);
    o.set("min_hand", hand);
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
