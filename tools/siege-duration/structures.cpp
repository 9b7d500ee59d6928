// structures.cpp - siege-duration --method structures: structural strength points of the
// [[structure]] tables (seed 001, Structural Strength Points), the cannon they lose as they are
// damaged, the gates and doors, and with --battery the broadsides until a battery brings each down.
#include <algorithm>
#include <array>
#include <charconv>

#include "common/provenance.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/core/turns_report.hpp"
#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/siege/battery.hpp"
#include "siege-duration/fields.hpp"
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

namespace {

// The losses of a structure (fire::TargetLoss's order) as people read them, and as target_effect.
const std::array<std::pair<const char*, const char*>, fire::TargetLoss::kLosses> kStructureLosses{
    {{"half its points lost", "half-lost"},
     {"three quarters lost", "three-quarters-lost"},
     {"collapsed", "destroyed"}}};

// The choices of a --battery part: "a, b or c".
std::string battery_choices(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i == 0 ? "" : i + 1 == v.size() ? " or " : ", ") + v[i];
  return out;
}

// --battery "[Nx]TYPE@BAND": the cannon (1 when no count is given), a [cannon_type] key and a band.
Expected<siege::BatterySpec> parse_battery(const fire::BroadsideRules& r, const std::string& text) {
  const auto fail = [&text](const std::string& why) {
    return cli::usage_error("--battery", "'" + text + "': " + why + " (give [Nx]TYPE@BAND, e.g. 4xmedium@short)");
  };
  const auto at = text.find('@');
  if (at == std::string::npos) return fail("no range band");
  std::string gun = text.substr(0, at);
  siege::BatterySpec b;
  const auto x = gun.find_first_not_of("0123456789");
  if (x != 0 && x != std::string::npos && (gun[x] == 'x' || gun[x] == 'X')) {
    const auto [end, ec] = std::from_chars(gun.data(), gun.data() + x, b.cannon);
    if (ec != std::errc() || end != gun.data() + x) return fail("the count of cannon is too large");
    gun.erase(0, x + 1);
  }
  b.weight = suite_spelling(gun);
  std::vector<std::string> types;
  for (const auto& t : r.cannon_types) types.push_back(t.key);
  if (!r.cannon_type(b.weight)) return fail("no cannon type '" + gun + "': " + battery_choices(types));
  b.band = suite_spelling(text.substr(at + 1));
  std::vector<std::string> bands;
  for (const auto& k : fire::broadside_band_names()) bands.push_back(suite_spelling(k));
  if (std::find(bands.begin(), bands.end(), b.band) == bands.end())
    return fail("no range band '" + text.substr(at + 1) + "': " + battery_choices(bands));
  return b;
}

// The battery's notes: its dice, what a turn is, walls, and the exact computation.
void battery_notes(const siege::BatterySpec& spec, const fire::Broadside& b, std::optional<int> every, bool walls,
                   Table& t) {
  std::string dice;
  for (const auto& g : b.groups)
    dice += (dice.empty() ? "" : ", ") + std::to_string(g.pool.dice) + " dice" +
            (g.pool.rerolls ? " + " + std::to_string(g.pool.rerolls) + " re-rolled" : "");
  t.notes.push_back("each broadside: " + dice +
                    " (with +1 die ashore), round shot, the re-rolls played for the most "
                    "structural damage; " +
                    trim(b.at_band->structural.mean(), 3) + " points a broadside on average (" +
                    fire::band_name(b.at_band->effective) +
                    " column), subtracted from the structure's strength points");
  if (every)
    t.notes.push_back(spec.weight + " cannon, fully manned, fire every " +
                      (*every == 1 ? std::string("turn: a broadside a turn")
                                   : std::to_string(*every) + " turns: broadside n falls on turn 1 + (n - 1) x " +
                                         std::to_string(*every)));
  if (walls) t.notes.push_back("a wall is fired at one section at a time: its points are its first section's");
  t.notes.push_back(
      "gates and doors are not fired at (a breach deducts no strength points); fires and the cannon "
      "the structure loses do not change the battery's broadside");
}

// The battery's rows of one structure and the distributions of its broadsides.
void battery_rows(const std::string& structure, const fire::TargetLoss& loss, std::optional<int> every,
                  const std::string& battery, const std::string& source, Table& t, std::vector<Table>& dists) {
  for (size_t k = 0; k < kStructureLosses.size(); ++k) {
    const dice::TurnsToReach& r = *loss.broadsides.at(k);
    std::vector<report::Cell> cells{structure};
    for (auto& cell : report::turns_cells(report::Cell(kStructureLosses.at(k).first, kStructureLosses.at(k).second), r))
      cells.push_back(std::move(cell));
    cells.push_back(report::cell::percent(loss.p.at(k)));
    cells.push_back(r.never || !every ? report::cell::none()
                                      : report::cell::number(1 + (r.mean - 1) * *every, 2, true));
    t.add_row(std::move(cells), source);
    if (r.distribution_made)
      report::distribution_tables(tables::battery_broadsides(), report::turns_distribution(r),
                                  "Battery: broadsides until " + structure + ": " + kStructureLosses.at(k).first +
                                      " (" + fmtnum::grouped(loss.needed.at(k)) + " of " +
                                      fmtnum::grouped(loss.points) + " points)",
                                  source)
          .set_context(fields::kBattery, battery)
          .set_context(fields::kStructure, structure)
          .set_context(report::vocab::kTargetEffect, kStructureLosses.at(k).second)
          .add_to(dists);
  }
}

// --battery: the broadsides until the battery brings each structure down (docs/rules-notes.md, "A
// battery against a structure").
Diagnostics battery_report(const Context& c, const std::vector<siege::StructurePoints>& points) {
  auto rules = fire::load_broadside(c.run_tables);
  if (!rules) return rules.error();
  const fire::BroadsideRules& r = **rules;
  auto spec = parse_battery(r, *c.opt.battery);
  if (!spec) return spec.error();
  const auto on_flag = [&c](const Diagnostics& d) {
    return cli::place_on_rules_file(
        c.run_tables, cli::place_on_flags(d, [](const std::string&) { return std::string("--battery"); }));
  };
  auto b = siege::battery_broadside(r, *spec);
  if (!b) return on_flag(b.error());
  const std::optional<int> every = siege::battery_fires_every_turns(r, spec->weight);
  const std::string battery =
      std::to_string(spec->cannon) + "x" + spec->weight + "@" + spec->band;  // as the suite spells it
  Table t = table_of(tables::battery());
  t.title = "Battery of " + std::to_string(spec->cannon) + " " + spec->weight + " cannon at " +
            fire::band_name(b->at_band->effective) + " range: broadsides to bring each structure down";
  t.set_context(fields::kBattery, battery);
  std::vector<Table> dists;
  std::vector<fire::TargetLoss> losses;
  losses.reserve(points.size());
  bool walls = false;
  for (size_t i = 0; i < points.size(); ++i) {
    auto loss = siege::battery_turns(r, *b, points[i]);
    if (!loss) return on_flag(loss.error());
    losses.push_back(std::move(*loss));
    walls = walls || points[i].sections.size() > 1;
    if (!losses.back().broadsides.front()) {
      t.notes.push_back(points[i].name + ": the broadsides are computed for targets of up to " +
                        fmtnum::grouped(dice::kTurnsMaxTarget) + " points");
      continue;
    }
    const std::string source = source_of(
        cli::either(points_rule(c.run_tables, c.in.structures[i]), cli::ruled_table(c.run_tables, "broadside")));
    battery_rows(points[i].name, losses.back(), every, battery, source, t, dists);
  }
  battery_notes(*spec, *b, every, walls, t);
  std::vector<const dice::TurnsToReach*> rows;
  for (const auto& l : losses)
    for (const auto& br : l.broadsides)
      if (br) rows.push_back(&*br);
  t.notes.push_back(report::turns_note(rows));
  c.rep.tables.push_back(std::move(t));
  for (auto& d : dists) c.rep.tables.push_back(std::move(d));
  return {};
}

}  // namespace

MethodResult run_structures(const Context& c) {
  if (c.in.structures.empty()) {
    if (!c.all()) return cli::usage_error("--method", "structures needs [[structure]] tables in the input");
    c.skip("structures", "no [[structure]] tables");
    return false;
  }
  StructureTables t(c.run_tables, c.rules);
  std::vector<siege::StructurePoints> points;
  for (const auto& s : c.in.structures) {
    siege::StructurePoints p = siege::strength_points(c.rules.structures, s);
    t.add(s, p);
    if (c.explain) report::append_under(c.rep.explain, p.explain, "structures");
    if (c.opt.battery) points.push_back(std::move(p));
  }
  t.move_to(c.rep);
  if (c.opt.battery)
    if (auto d = battery_report(c, points); !d.empty()) return d;
  return true;
}

}  // namespace gunpowder::siege_app
