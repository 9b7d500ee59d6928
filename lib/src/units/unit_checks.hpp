// unit_checks.hpp - the whole-table checks of the unit rules (unit_rules_checks.cpp), run by the
// loader (unit_data.cpp) once the tables are read. Internal to the units library.
#pragma once

#include "gunpowder/core/error.hpp"
#include "gunpowder/units/unit_br.hpp"

namespace gunpowder::units::detail {

/// The movement tables' row order, cell columns and choices, and the attack bands' edges
/// (unit_rules_checks.cpp): errors of data/unit_rules.toml, exit 70 built in, 65 from house rules.
void check_unit_rules(const Catalogue& cat, Diagnostics& d);

}  // namespace gunpowder::units::detail
