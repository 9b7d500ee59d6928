// read_units.hpp - reading the user's [[unit]] tables (the input of unit-br files) into
// units::Request, strictly (input::TableReader: unknown keys, wrong types and values out of
// range are errors at file:line:col), and placing rate()'s field errors at the unit's keys.
#pragma once

#include <functional>

#include "gunpowder/input/document.hpp"
#include "gunpowder/units/unit_br.hpp"

namespace gunpowder::units {

/// One [[unit]] table that read cleanly.
struct UnitTable {
  Request request;
  /// The table holds no key but name, troop, race, troops and veteran: its request is the base
  /// request but for those, and tables that agree on them but the name rate the same.
  bool identity_only = false;
};

/// Reads every [[unit]] table of `doc` in order, each into a copy of `base` (the readings of the
/// command line, which the table's own keys replace), and hands each that read cleanly to
/// `on_unit`. The errors on_unit returns (rate()'s field errors) are placed at the table's keys
/// (input::place_fields). Every error goes to `diags`, in the order of the tables. A firearm's
/// `type` is one of `cat`'s firearm types.
void read_units(const input::Document& doc, const Catalogue& cat, const Request& base, Diagnostics& diags,
                const std::function<Diagnostics(UnitTable&)>& on_unit);

}  // namespace gunpowder::units
