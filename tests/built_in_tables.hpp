// built_in_tables.hpp - the built-in tables for the tests that call the library directly: one
// data::Tables without house rules (from the TOML, as the test programs but unit.snapshot link no
// snapshot), made on first use and shared by the cases of a test program. A test of house rules
// makes its own Tables (data::Tables::with_house_rules).
#pragma once

#include "gunpowder/data/tables.hpp"

namespace gunpowder::testing {

inline const data::Tables& built_in() {
  static const data::Tables tables;
  return tables;
}

}  // namespace gunpowder::testing
