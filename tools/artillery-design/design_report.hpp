// design_report.hpp - what artillery-design shows of a designed piece: its row of the pieces table,
// its row of the chosen-carriages table and, for a single piece, its detailed tables
// (characteristics, mobility, bombardment, battle, economy, automaton, the formulas' figures).
#pragma once

#include <string>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::artillery_app {

/// A price in gp: at most two decimals, trailing zeros dropped.
std::string money(double gp);
/// A price cell: shown as money(), read in full.
report::Cell money_cell(double gp);
/// A barrel length in inches as feet and inches: 144 -> 12', 100 -> 8'4".
std::string barrel(double inches);

/// One row of the pieces table (summary_table's columns).
std::vector<report::Cell> summary_row(const artillery::Design& d);
/// The pieces table (pieces_spec): one row per piece, from summary_row.
report::Table summary_table(std::vector<std::vector<report::Cell>> rows, const std::string& title);
/// The figures' source of a summary row: the piece's, or the first house rule that changed one.
std::string summary_source(const artillery::Characteristics& c);
/// One row of the chosen-carriages table (carriages_table's columns); empty without a chosen carriage.
std::vector<report::Cell> carriage_row(const artillery::Design& d);
/// The chosen-carriages table, without rows.
report::Table carriages_table();
/// The detailed tables of a single piece, appended to `out`.
void detail_tables(const artillery::Design& d, std::vector<report::Table>& out);

}  // namespace gunpowder::artillery_app
