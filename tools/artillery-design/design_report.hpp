// design_report.hpp - what artillery-design shows of a designed piece: its JSON object, its row of
// the pieces table, its row of the chosen-carriages table and, for a single piece, its detailed
// tables (characteristics, mobility, bombardment, battle, economy, automaton).
#pragma once

#include <string>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::artillery_app {

/// A price in gp: at most two decimals, trailing zeros dropped.
std::string money(double gp);
/// A price cell: shown as money(), read in full.
report::Cell money_cell(double gp);
/// A barrel length in inches as feet and inches: 144 -> 12', 100 -> 8'4".
std::string barrel(double inches);

/// The piece's object of {"pieces": [...]}, in the documented key order.
json::Value design_json(const artillery::Design& d);

/// One row of the pieces table (summary_table's columns).
std::vector<report::Cell> summary_row(const artillery::Design& d);
/// The pieces table: one row per piece, from summary_row.
report::Table summary_table(std::vector<std::vector<report::Cell>> rows, const std::string& title);
/// One row of the chosen-carriages table (carriages_table's columns); empty without a chosen carriage.
std::vector<report::Cell> carriage_row(const artillery::Design& d);
/// The chosen-carriages table, without rows.
report::Table carriages_table();
/// The detailed tables of a single piece, appended to `out`.
void detail_tables(const artillery::Design& d, std::vector<report::Table>& out);

}  // namespace gunpowder::artillery_app
