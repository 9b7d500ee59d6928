// simplified.cpp - siege-duration --method simplified: unit advantage and the Duration of Siege
// table (seed 000, Sieges Simplified), with the bonus units and artillery battle ratings.
#include <algorithm>

#include "common/provenance.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/data/house_rules.hpp"
#include "siege-duration/fields.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/ruled.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Table;

namespace {

std::string outcome_text(const siege::Simplified& s) {
  switch (s.outcome) {
    case siege::SimpleOutcome::days:
      return std::to_string(*s.days) + " days";
    case siege::SimpleOutcome::without_fight:
      return "captured without a fight (0 days)";
    case siege::SimpleOutcome::not_by_assault:
      return "cannot be taken by assault: blockade only ('-' on the table)";
    case siege::SimpleOutcome::no_advantage:
      return "cannot be taken by assault: the besieger has no unit advantage";
  }
  return "?";
}

/// The house rules behind the figures of the duration (each from what it is read from).
struct DurationRuled {
  Ruled besieger, defender;  ///< each side's units: its bonus lines
  Ruled advantage, shp, row, column, days, site, outcome;
};

DurationRuled duration_ruled(const data::Tables& run_tables, const siege::Siege& sg, const Ruled& besieger,
                             const Ruled& defender) {
  DurationRuled d;
  d.besieger = besieger;
  d.defender = defender;
  d.advantage = cli::either(besieger, defender);
  d.shp = shp_rule(run_tables, sg.stronghold);
  // The row by the shp, the column by the advantage, the cell of both; the site's multiplier.
  d.row = cli::either(d.shp, cli::ruled(run_tables, "siege_duration", {"duration.rows"}));
  d.column = cli::either(d.advantage, cli::ruled(run_tables, "siege_duration", {"advantage_band"}));
  d.days = cli::either(cli::either(d.row, d.column), cli::ruled(run_tables, "siege_duration", {"duration"}));
  if (sg.stronghold.site) d.site = cli::ruled(run_tables, "siege_duration", {"site_multiplier"});
  d.outcome = cli::either(d.days, d.site);
  return d;
}

// Simplified siege: duration, one figure a line.
void duration_table(const siege::Rules& rules, const siege::Siege& sg, const siege::Simplified& s,
                    const DurationRuled& ruled, report::Report& rep) {
  namespace f = fields;
  using report::cell::integer;
  using report::cell::none;
  const auto& t = rules.duration;
  Table r = table_of(tables::duration());
  r.title = "Simplified siege: duration (" + t.source + ")";
  const auto src = [](const Ruled& x) { return source_of(x); };
  r.add_figure(f::kBonusReading, s.reading == siege::BonusReading::example ? "example" : "table");
  r.add_figure(f::kBesiegerTotal, integer(s.besieger_total), src(ruled.besieger));
  r.add_figure(f::kDefenderTotal, integer(s.defender_total), src(ruled.defender));
  r.add_figure(f::kAdvantage, integer(s.advantage), src(ruled.advantage));
  r.add_figure(f::kStrongholdShp, integer(s.shp), src(ruled.shp));
  if (s.row) {
    const auto& row = t.rows[*s.row];
    r.add_figure(f::kTableRow, row.label, src(ruled.row))
        .add_figure(f::kTableRowMin, integer(row.shp_min), src(ruled.row))
        .add_figure(f::kTableRowMax, integer(row.shp_max), src(ruled.row));
  } else {
    r.add_figure(f::kTableRow, none()).add_figure(f::kTableRowMin, none()).add_figure(f::kTableRowMax, none());
  }
  if (s.band) {
    const auto& band = t.bands[*s.band];
    r.add_figure(f::kTableColumn, band.label, src(ruled.column))
        .add_figure(f::kTableColumnMin, integer(band.min), src(ruled.column))
        .add_figure(f::kTableColumnMax, band.max ? integer(*band.max) : none(), src(ruled.column));
  } else {
    r.add_figure(f::kTableColumn, none()).add_figure(f::kTableColumnMin, none()).add_figure(f::kTableColumnMax, none());
  }
  r.add_figure(f::kTableDays, integer(s.table_days), src(ruled.days));
  r.add_figure(
      f::kSiteMultiplier,
      report::cell::shown_as(
          sg.stronghold.site ? "x" + std::to_string(s.site_multiplier) + " (" + *sg.stronghold.site + ")" : "x1",
          s.site_multiplier),
      src(ruled.site));
  const bool by_assault = s.outcome == siege::SimpleOutcome::days || s.outcome == siege::SimpleOutcome::without_fight;
  r.add_figure(f::kOutcome, siege::to_string(s.outcome), src(ruled.outcome));
  r.add_figure(f::kByAssault, report::cell::boolean(by_assault), src(ruled.outcome));
  r.add_figure(
      f::kCaptureDays,
      by_assault ? report::cell::shown_as(outcome_text(s), s.days.value_or(0)) : report::Cell(outcome_text(s), ""),
      src(ruled.outcome));
  rep.tables.push_back(std::move(r));
}

// The house rule that changed a line's figure, if any (the Bonus Units table of data/artillery.toml,
// the worked example of siege_duration); else the line's units come from the item's source.
std::optional<std::string> line_rule(const data::Tables& run_tables, const siege::BonusLine& l,
                                     const std::string& piece) {
  if (l.source == "table")
    return run_tables.house_rule_source("artillery", "piece[name = \"" + piece + "\"].bonus_units");
  if (l.source == "example") return run_tables.house_rule_source("siege_duration", "example");
  return std::nullopt;
}

// The house rule behind a piece's battle rating and unit size (Gunpowder Artillery Battle Ratings).
Ruled piece_br_rule(const siege::Siege& sg, const std::string& piece) {
  for (const auto* side : {&sg.besieger, &sg.defender})
    for (const auto& e : side->artillery)
      if (e.piece->name == piece) return piece_rule(*e.piece, {"unit_size", "br"});
  return std::nullopt;
}

// The note on the two readings of the bonus units, with the figures of the pieces they differ on
// (the Bonus Units table's and the worked example's, as the data give them).
std::string reading_note(const siege::Simplified& s) {
  std::string table, example, table_figures, example_figures;
  std::vector<std::string> seen;
  for (const auto& d : s.differences) {
    if (std::find(seen.begin(), seen.end(), d.piece) != seen.end()) continue;
    const char* sep = seen.empty() ? "" : ", ";
    seen.push_back(d.piece);
    table += sep + ("a " + d.piece + " " + std::to_string(d.table));
    example += sep + ("a " + d.piece + " " + std::to_string(d.example));
    table_figures += sep + std::to_string(d.table);
    example_figures += sep + std::to_string(d.example);
  }
  if (s.reading == siege::BonusReading::example)
    return "bonus units: as the worked example counts them (" + example +
           "); --bonus-units-reading table for the table's " + table_figures;
  return "bonus units: the Bonus Units table (" + table + "); --bonus-units-reading example for the worked example's " +
         example_figures;
}

void simplified_report(const data::Tables& run_tables, const siege::Rules& rules, const siege::Siege& sg,
                       const siege::Simplified& s, report::Report& rep) {
  Table lines = table_of(tables::units());
  lines.title = "Simplified siege: units and bonus units (Guns of War, Sieges Simplified, p. 21)";
  // The piece of each artillery line, in the order count_side makes them.
  std::vector<std::string> pieces;
  for (const auto* side : {&sg.besieger, &sg.defender}) {
    pieces.emplace_back();
    for (const auto& e : side->artillery) pieces.push_back(e.piece->name);
    for (size_t i = 0; i < side->engines.size(); ++i) pieces.emplace_back();
  }
  Ruled besieger, defender;  // the house rules behind each side's units
  for (size_t i = 0; i < s.lines.size(); ++i) {
    const auto& l = s.lines[i];
    const auto rule = line_rule(run_tables, l, i < pieces.size() ? pieces[i] : std::string());
    auto& side = l.side == "defender" ? defender : besieger;
    side = cli::either(std::move(side), rule);
    const std::string source = rule ? *rule : suite_spelling(l.source);  // an enum value: "no figure" is no-figure
    lines.add_row({l.side, l.item, report::cell::integer(l.count), report::cell::integer(l.each),
                   report::cell::integer(l.total),
                   value_cell(rule ? *rule : l.source, source)});  // people read the house rule too
  }
  if (s.reading_matters) lines.notes.push_back(reading_note(s));
  for (const auto& l : s.lines)
    if (l.source == "no figure")
      lines.notes.push_back(l.item +
                            ": the rules print no bonus units for it; give bonus_units in the input to count it");
  rep.tables.push_back(std::move(lines));

  const DurationRuled ruled = duration_ruled(run_tables, sg, besieger, defender);
  duration_table(rules, sg, s, ruled, rep);
  if (!s.artillery_units.empty()) {
    Table u = table_of(tables::battle_ratings());
    u.title = "Gunpowder artillery battle ratings (Guns of War, Gunpowder Artillery Battle Ratings, p. 20)";
    for (const auto& a : s.artillery_units)
      u.add_row({a.side, a.piece, report::cell::integer(a.pieces), report::cell::integer(a.unit_size),
                 report::cell::integer(a.units), report::cell::trimmed(a.br_each, 2), report::cell::trimmed(a.br, 2)},
                source_of(piece_br_rule(sg, a.piece)));
    u.notes.push_back("for D@W: Campaigns assaults and battles; pieces too few to form a unit do not count");
    rep.tables.push_back(std::move(u));
  }
  if (s.outcome == siege::SimpleOutcome::days && !s.shp_by_day.empty())
    rep.tables.push_back(schedule_table(
        "simplified", "Simplified siege: stronghold shp day by day (progress proportional)", s.shp_by_day,
        source_of(cli::either(ruled.outcome,
                              cli::ruled(run_tables, "siege_duration", {"duration_rules.progress_proportional"})))));
  report::append_under(rep.explain, s.explain, "simplified");
}

}  // namespace

MethodResult run_simplified(const Context& c) {
  const siege::Siege& sg = *c.in.siege;
  const auto reading =
      c.opt.bonus_units_reading == "example" ? siege::BonusReading::example : siege::BonusReading::table;
  const auto s = siege::simplified(c.rules, sg, reading);
  simplified_report(c.run_tables, c.rules, sg, s, c.rep);
  return true;
}

}  // namespace gunpowder::siege_app
