// unit_report.hpp - unit-br's report building: a rated unit's summary row, JSON and detail
// tables, the output of a piece of the input, and the report of every piece in input order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/units/unit_br.hpp"

namespace gunpowder::unit_app {

// Cells and JSON values.
inline std::string money(double gp) { return fmtnum::trim(gp, 2); }
inline std::string signed_int(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }
/// "a; b; c", or "-" for none.
std::string joined(const std::vector<std::string>& v);
json::Value opt_json(const std::optional<double>& v);
json::Value opt_json(const std::optional<int>& v);
json::Value opt_json(const std::optional<std::string>& v);
json::Value strings(const std::vector<std::string>& v);
/// Troops a troop type gives a realm of this size, per the realm's time period.
std::optional<int> realm_troops(const units::TroopType& t, const std::string& realm);

/// A unit's JSON (keys documented in docs/man/unit-br.1); member 0 is the name.
json::Value unit_json(const units::Catalogue& cat, const units::Rating& r);
/// The tables of one unit shown alone: characteristics, attacks, battle rating, cost, Mounted
/// Foot deployments, availability.
void detail_tables(const units::Catalogue& cat, const units::Rating& r, std::vector<report::Table>& out);

/// A rated unit's output: its summary row (cell 0 is the name) or its JSON (member 0 is the name).
struct UnitOutput {
  std::vector<report::Cell> row;
  json::Value unit;
};

/// The units of one piece of the input, turned into their output as soon as they are rated.
struct Part {
  Diagnostics errors;
  std::vector<std::vector<report::Cell>> rows;
  json::Array units;
  std::vector<std::string> explain;
  std::optional<units::Rating> first;
  size_t count = 0;
};

/// Adds a rated unit's output (and explanation) to `part`; returns a copy of the output when
/// `keep` (for units that rate the same).
std::optional<UnitOutput> add_rating(Part& part, const units::Catalogue& cat, units::Rating&& r,
                                     const cli::CommonOptions& common, bool keep);
/// Adds the output of a unit rated before under another name.
void add_output(Part& part, const UnitOutput& out, const std::string& name, const cli::CommonOptions& common);

/// The summary table's columns, without rows (a batch streamed to csv writes its header).
report::Table units_table();

/// The report of the units of every part, in input order (a summary table, and the detail tables
/// when there is one unit; or the JSON units), or every error of `errors` and of the parts.
Expected<report::Report> units_report(const units::Catalogue& cat, std::vector<Part>& parts, Diagnostics errors,
                                      const cli::CommonOptions& common);

}  // namespace gunpowder::unit_app
