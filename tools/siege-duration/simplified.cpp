// simplified.cpp - siege-duration --method simplified: unit advantage and the Duration of Siege
// table (seed 000, Sieges Simplified), with the bonus units and artillery battle ratings.
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "siege-duration/methods.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Align;
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

// Simplified siege: duration, one row per figure (for programs: key, raw value, top of a range, unit).
void duration_table(const siege::Rules& rules, const siege::Siege& sg, const siege::Simplified& s,
                    report::Report& rep) {
  const auto& t = rules.duration;
  Table r;
  r.name = "duration";
  r.title = "Simplified siege: duration (" + t.source + ")";
  key_value_columns(r, "Value", {"value_max"});
  using report::cell::integer;
  key_value_row(r, "Besieger units", "besieger_total", integer(s.besieger_total), "units");
  key_value_row(r, "Defender units", "defender_total", integer(s.defender_total), "units");
  key_value_row(r, "Unit advantage", "advantage", integer(s.advantage), "units");
  key_value_row(r, "Stronghold shp", "shp", integer(s.shp), "shp");
  if (s.row) {
    const auto& row = t.rows[*s.row];
    key_value_row(r, "Table row", "table_row", report::cell::shown_as(row.label, row.shp_min), "shp",
                  {integer(row.shp_max)});
  } else {
    key_value_row(r, "Table row", "table_row", report::cell::none(), "shp");
  }
  if (s.band) {
    const auto& band = t.bands[*s.band];
    key_value_row(r, "Table column", "table_column", report::cell::shown_as(band.label, band.min), "units",
                  {band.max ? integer(*band.max) : report::cell::none("")});
  } else {
    key_value_row(r, "Table column", "table_column", report::cell::none(), "units");
  }
  key_value_row(r, "Days on the table", "table_days", report::cell::integer(s.table_days), "days");
  key_value_row(
      r, "Site multiplier", "site_multiplier",
      report::cell::shown_as(
          sg.stronghold.site ? "x" + std::to_string(s.site_multiplier) + " (" + *sg.stronghold.site + ")" : "x1",
          s.site_multiplier),
      "");
  const bool by_assault = s.outcome == siege::SimpleOutcome::days || s.outcome == siege::SimpleOutcome::without_fight;
  key_value_row(
      r, "Time to capture", "days",
      by_assault ? report::cell::shown_as(outcome_text(s), s.days.value_or(0)) : report::Cell(outcome_text(s), ""),
      "days");
  rep.tables.push_back(std::move(r));
}

void simplified_report(const siege::Rules& rules, const siege::Siege& sg, const siege::Simplified& s,
                       report::Report& rep, json::Value& out) {
  const auto& t = rules.duration;
  Table lines;
  lines.name = "units";
  lines.title = "Simplified siege: units and bonus units (Guns of War, Sieges Simplified, p. 21)";
  lines.add_column("side", "Side")
      .add_column("item", "Item")
      .add_column("count", "Count", Align::right)
      .add_column("each", "Units each", Align::right)
      .add_column("units", "Units", Align::right)
      .add_column("source", "Source");
  json::Value jl = json::array();
  for (const auto& l : s.lines) {
    const std::string source = suite_spelling(l.source);  // an enum value: "no figure" is no-figure
    lines.add_row({l.side, l.item, report::cell::integer(l.count), report::cell::integer(l.each),
                   report::cell::integer(l.total), value_cell(l.source, source)});
    json::Value o = json::object();
    o.set("side", l.side);
    o.set("item", l.item);
    o.set("count", l.count);
    o.set("each", l.each);
    o.set("units", l.total);
    o.set("source", source);
    jl.push(std::move(o));
  }
  if (s.reading_matters)
    lines.notes.push_back("bonus units: " +
                          std::string(s.reading == siege::BonusReading::example
                                          ? "as the worked example counts them (a 24-pdr cannon 27); "
                                            "--bonus-units-reading table for the table's 16"
                                          : "the Bonus Units table (a 24-pdr cannon 16); --bonus-units-reading example "
                                            "for the worked example's 27"));
  for (const auto& l : s.lines)
    if (l.source == "no figure")
      lines.notes.push_back(l.item +
                            ": the rules print no bonus units for it; give bonus_units in the input to count it");
  rep.tables.push_back(std::move(lines));

  duration_table(rules, sg, s, rep);
  json::Value ju = json::array();
  if (!s.artillery_units.empty()) {
    Table u;
    u.title = "Gunpowder artillery battle ratings (Guns of War, Gunpowder Artillery Battle Ratings, p. 20)";
    u.add_column("side", "Side")
        .add_column("piece", "Piece")
        .add_column("pieces", "Pieces", Align::right)
        .add_column("unit_size", "Unit size", Align::right)
        .add_column("units", "Units", Align::right)
        .add_column("br_each", "BR each", Align::right)
        .add_column("br", "BR", Align::right);
    for (const auto& a : s.artillery_units) {
      u.add_row({a.side, a.piece, report::cell::integer(a.pieces), report::cell::integer(a.unit_size),
                 report::cell::integer(a.units), report::cell::trimmed(a.br_each, 2), report::cell::trimmed(a.br, 2)});
      json::Value o = json::object();
      o.set("side", a.side);
      o.set("piece", a.piece);
      o.set("pieces", a.pieces);
      o.set("unit_size", a.unit_size);
      o.set("units", a.units);
      o.set("br_each", a.br_each);
      o.set("br", a.br);
      ju.push(std::move(o));
    }
    u.notes.push_back("for D@W: Campaigns assaults and battles; pieces too few to form a unit do not count");
    rep.tables.push_back(std::move(u));
  }
  if (s.outcome == siege::SimpleOutcome::days && !s.shp_by_day.empty())
    rep.tables.push_back(
        schedule_table("Simplified siege: stronghold shp day by day (progress proportional)", s.shp_by_day));

  out.set("bonus_units_reading", s.reading == siege::BonusReading::example ? "example" : "table");
  out.set("besieger_total", s.besieger_total);
  out.set("defender_total", s.defender_total);
  out.set("advantage", s.advantage);
  out.set("shp", s.shp);
  out.set("table_row", s.row ? json::Value(t.rows[*s.row].label) : json::Value());
  out.set("table_column", s.band ? json::Value(t.bands[*s.band].label) : json::Value());
  out.set("table_days", opt_int(s.table_days));
  out.set("site_multiplier", s.site_multiplier);
  out.set("outcome", siege::to_string(s.outcome));
  out.set("by_assault", s.outcome == siege::SimpleOutcome::days || s.outcome == siege::SimpleOutcome::without_fight);
  out.set("days", opt_int(s.days));
  out.set("schedule", s.outcome == siege::SimpleOutcome::days ? schedule_json(s.shp_by_day) : json::array());
  out.set("lines", std::move(jl));
  out.set("artillery_units", std::move(ju));
  for (const auto& l : s.explain) rep.explain.push_back("simplified: " + l);
}

}  // namespace

MethodResult run_simplified(const Context& c) {
  const siege::Siege& sg = *c.in.siege;
  const auto reading =
      c.opt.bonus_units_reading == "example" ? siege::BonusReading::example : siege::BonusReading::table;
  const auto s = siege::simplified(c.rules, sg, reading);
  json::Value out = json::object();
  simplified_report(c.rules, sg, s, c.rep, out);
  return out;
}

}  // namespace gunpowder::siege_app
