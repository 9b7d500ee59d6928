// unit_report.hpp - unit-br's report building: a rated unit's summary row and detail tables (made
// from the declared tables of fields.hpp), the output of a piece of the input, and the report of
// every piece in input order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/units/unit_br.hpp"
#include "unit-br/fields.hpp"

namespace gunpowder::unit_app {

/// A table of the declaration `spec`, with the composites people read as numbers ("2/4/6", "1/4
/// (DF/DM)", "4 (5)") right-aligned as the numbers they are.
report::Table table_of(const report::TableSpec& spec);

// Cells.
/// "a; b; c", or "-" for none.
std::string joined(const std::vector<std::string>& v);
/// The same as a cell: "-" shows for none, and programs read none.
report::Cell joined_cell(const std::vector<std::string>& v);
/// The three figures of a unit movement in hexes (march, hustle, charge), march none where the book
/// prints "-" (Guns of War, Formation and Movement: a movement the unit cannot make).
std::vector<report::Cell> movement_cells(const std::optional<int>& march, int hustle, int charge);
/// Appends a movement's cells to a row of a table with the movement columns (the composite for
/// people, then the three figures).
void push_movement(std::vector<report::Cell>& row, const std::string& shown, const std::optional<int>& march,
                   int hustle, int charge);
/// Hit dice for programs: the dice (1/2 -> 0.5, 1-1 -> 1) and the bonus after them (1-1 -> -1); none
/// for hit dice that are not one of the book's forms.
report::Cell hd_dice_cell(const std::optional<units::HitDice>& hd);
report::Cell hd_bonus_cell(const std::optional<units::HitDice>& hd);
/// Troops a troop type gives a realm of this size, per the realm's time period.
std::optional<int> realm_troops(const units::TroopType& t, const std::string& realm);

/// The house rule of `tables` behind a troop's wage: its row of data/troops.toml (wage_gp, or the
/// characteristics line's char_wage_gp), unless the unit's own wage_gp replaced it.
std::optional<std::string> wage_rule(const data::Tables& tables, const units::Rating& r);

/// The tables of one unit shown alone (characteristics, attacks, battle rating, cost, Mounted Foot
/// deployments, availability), and for programs the unit's reform, market, realms and notes.
void detail_tables(const data::Tables& tables, const units::Catalogue& cat, const units::Rating& r,
                   std::vector<report::Table>& out);

/// A rated unit's output: its summary row (cell 0 is the name) and, in JSON, its detail tables.
struct UnitOutput {
  std::vector<report::Cell> row;
  std::vector<report::Table> details;
};

/// The units of one piece of the input, turned into their output as soon as they are rated.
struct Part {
  Diagnostics errors;
  std::vector<std::vector<report::Cell>> rows;
  std::vector<report::Table> details;  ///< JSON: every unit's detail tables, in unit order
  report::Steps explain;
  std::optional<units::Rating> first;
  size_t count = 0;
};

/// Adds a rated unit's output (and explanation) to `part`; returns a copy of the output when
/// `keep` (for units that rate the same).
std::optional<UnitOutput> add_rating(Part& part, const data::Tables& tables, const units::Catalogue& cat,
                                     units::Rating&& r, const cli::CommonOptions& common, bool keep);
/// Adds the output of a unit rated before under another name.
void add_output(Part& part, const UnitOutput& out, const std::string& name, const cli::CommonOptions& common);

/// A whole number shown as it is, without thousands separators (troops, pages, ratings).
inline report::Cell plain(long long n) { return report::Cell(std::to_string(n)); }

/// The summary table, without rows (a batch streamed writes its header, or its rows' JSON).
report::Table units_table();

/// The report of the units of every part, in input order (a summary table, and the detail tables
/// when there is one unit or in JSON), or every error of `errors` and of the parts.
Expected<report::Report> units_report(const data::Tables& tables, const units::Catalogue& cat, std::vector<Part>& parts,
                                      Diagnostics errors, const cli::CommonOptions& common);

}  // namespace gunpowder::unit_app
