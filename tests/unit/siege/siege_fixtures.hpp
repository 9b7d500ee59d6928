// siege_fixtures.hpp - the loaded tables and the equipment builder shared by the Siege Machine tests.
#pragma once

#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "built_in_tables.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace siege_test {

inline const gunpowder::siege::SiegeMachineRules& rules() {
  auto r = gunpowder::siege::load_siege_machine_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

inline const gunpowder::war::Rules& war_rules() {
  auto r = gunpowder::war::load_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

/// `count` items of equipment or fortification `id`.
inline gunpowder::siege::SmItem item(const std::string& id, int count = 1, double crew = 1,
                                     std::optional<double> length_ft = std::nullopt) {
  gunpowder::siege::SmItem i;
  i.id = id;
  i.count = count;
  i.crew = crew;
  i.length_ft = length_ft;
  return i;
}

}  // namespace siege_test
