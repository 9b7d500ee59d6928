// turns_report.hpp - the figures of turns to a result (gunpowder/core/turns.hpp) as every tool
// reports them: a row of shots or broadsides until a target's points are gone (mean, sd, median,
// 95%, certain by, settled by), its distribution and the note under it. fire-odds (artillery,
// broadside, arquebus) and siege-duration (structures under a battery) show the same row.
#pragma once

#include <string>
#include <vector>

#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/model.hpp"
#include "gunpowder/core/turns.hpp"

namespace gunpowder::report {

/// The figures of a row of turns until a target's points are gone, after the row's `goal` (the
/// strikes, the target's loss), declared in gunpowder/core/fields.hpp.
std::vector<FieldUse> turns_fields(const Field& goal);
/// A row of them: `goal`'s cell, then one result's.
std::vector<Cell> turns_cells(Cell goal, const dice::TurnsToReach& r);
/// Their distribution (turns, P(done on that one), P(done by it) as P(at most)); empty when it was
/// not made.
Distribution turns_distribution(const dice::TurnsToReach& r);
/// The note under a table of them: exact, the bound of the work, and what was left out.
std::string turns_note(const std::vector<const dice::TurnsToReach*>& rows);

}  // namespace gunpowder::report
