// tables.hpp - the tables siege-duration reports and its one JSON document, declared once from the
// fields of fields.hpp (tables.cpp): each method builds its tables from these specs, and the core
// renders every format and describes the schema from them.
#pragma once

#include <vector>

#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::siege_app::tables {

using report::TableSpec;

// The run, the stronghold and the sides as read (programs only), and the spiked guns.
const TableSpec& run();
const TableSpec& methods();
const TableSpec& stronghold();
const TableSpec& sides();
const TableSpec& artillery();
const TableSpec& engines();
const TableSpec& spiked();
// Simplified siege.
const TableSpec& units();
const TableSpec& duration();
const TableSpec& battle_ratings();
const TableSpec& schedule();
// Bombardment.
const TableSpec& park();
const TableSpec& result();
const TableSpec& artillery_lost();
// Artillery duel.
const TableSpec& duel();
const TableSpec& parks();
const TableSpec& duel_pieces();
const TableSpec& shot_odds();
const TableSpec& duel_ends();
const TableSpec& pieces_left();
const TableSpec& rounds();
/// The distributions of the duel's rounds and of each side's pieces left (values on request).
const report::DistributionSpec& duel_rounds();
const report::DistributionSpec& duel_pieces_left();
const TableSpec& duel_trace();
const TableSpec& duel_result();
// Structures.
const TableSpec& strength_points();
const TableSpec& cannon_lost();
const TableSpec& cannon_loss();
const TableSpec& gates_and_doors();
/// --battery: the broadsides until each structure's losses, and their distribution (values on request).
const TableSpec& battery();
const report::DistributionSpec& battery_broadsides();
// The Siege Machine.
const TableSpec& siege_machine();
const TableSpec& defender_plan();
const TableSpec& ratings();
const TableSpec& br_bonuses();
const TableSpec& weekly_costs();
const TableSpec& field_construction();
const TableSpec& construction_plan();
const TableSpec& week_by_week();
const TableSpec& week_costs();
const TableSpec& week_built();
const TableSpec& machine_result();
const TableSpec& siege_ends();
const TableSpec& weeks_to_fall();
/// The distributions of the weeks a siege lasts and of each side's troops at its end (sampled;
/// values on request).
const report::DistributionSpec& siege_weeks();
const report::DistributionSpec& siege_troops_left();
/// Each side's cost of a siege in whole gp (siege::SmOdds::cost_counts).
const report::DistributionSpec& siege_cost();
const TableSpec& machine_odds();

/// gunpowder/siege-duration/siege: every table above that programs see.
const report::DocumentSpec& document();
/// The documents of the tool (cli::ToolInfo::documents).
std::vector<const report::DocumentSpec*> documents();

}  // namespace gunpowder::siege_app::tables
