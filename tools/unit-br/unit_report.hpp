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

/// The versions of the JSON documents (docs/schema/unit-br.*.json, x-version): 2 since the
/// vocabulary's names (rounds_per_shot, *_hexes, hd_dice, training_weeks ...).
inline constexpr int kUnitsVersion = 2;
inline constexpr int kCatalogueVersion = 2;
/// 2 since a figure not given is null, not "(none)".
inline constexpr int kCompareVersion = 2;

// Cells and JSON values.
/// "a; b; c", or "-" for none.
std::string joined(const std::vector<std::string>& v);
/// The same as a cell: "-" shows for none, and csv reads an empty cell.
report::Cell joined_cell(const std::vector<std::string>& v);
/// A cell read as it is written (a programs-only column's value); empty for none.
report::Cell raw_cell(const std::string& raw);
/// The three figures of a unit movement "march/hustle/charge" in hexes ("2/4/6", "-/1/2"): one raw cell
/// each, empty for "-" (Guns of War, Formation and Movement: a "-" is a movement the unit cannot make).
std::vector<report::Cell> movement_cells(const std::string& movement);
/// Hit dice for programs: the dice (1/2 -> 0.5, 1-1 -> 1) and the bonus after them (1-1 -> -1); empty
/// cells for hit dice that are not one of the book's forms.
report::Cell hd_dice_cell(const std::optional<units::HitDice>& hd);
report::Cell hd_bonus_cell(const std::optional<units::HitDice>& hd);
/// Adds the movement column for people (`key`, headed `header`: "2/4/6") and the three columns for
/// programs: march_hexes, hustle_hexes, charge_hexes.
void add_movement_columns(report::Table& t, const std::string& key, const std::string& header);
/// Appends a movement's cells to a row of a table with add_movement_columns: the composite, then the figures.
void push_movement(std::vector<report::Cell>& row, const std::string& movement);
json::Value opt_json(const std::optional<double>& v);
json::Value opt_json(const std::optional<int>& v);
json::Value opt_json(const std::optional<std::string>& v);
json::Value strings(const std::vector<std::string>& v);
/// Troops a troop type gives a realm of this size, per the realm's time period.
std::optional<int> realm_troops(const units::TroopType& t, const std::string& realm);

/// A unit's JSON (keys documented in docs/man/unit-br.1); member 0 is the name.
json::Value unit_json(const units::Catalogue& cat, const units::Rating& r);
/// The tables of one unit shown alone: characteristics, attacks, battle rating, cost, Mounted
/// Foot deployments, availability. Their figure tables hold one figure a row, with its unit, for
/// `programs` (csv), and the figures as the book prints them for people.
void detail_tables(const units::Catalogue& cat, const units::Rating& r, std::vector<report::Table>& out, bool programs);

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
