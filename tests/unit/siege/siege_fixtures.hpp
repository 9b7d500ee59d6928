// siege_fixtures.hpp - the loaded tables and the equipment builder shared by the Siege Machine tests.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "built_in_tables.hpp"
#include "gunpowder/input/document.hpp"
#include "gunpowder/siege/read_siege.hpp"
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

/// The [siege_machine] of an example input (examples/NAME), read as siege-duration reads it.
inline gunpowder::siege::SmSetup example_machine(const std::string& name) {
  using namespace gunpowder;
  std::ifstream f(std::string(GUNPOWDER_SOURCE_DIR) + "/examples/" + name);
  REQUIRE(f.good());
  std::ostringstream text;
  text << f.rdbuf();
  auto doc = input::parse(text.str(), name);
  REQUIRE(doc.has_value());
  auto siege_rules = siege::load_rules(testing::built_in());
  REQUIRE(siege_rules.has_value());
  auto cat = artillery::load_catalogue(testing::built_in());
  REQUIRE(cat.has_value());
  auto in = siege::read_siege(testing::built_in(), *doc, **siege_rules, **cat, false);
  REQUIRE(in.has_value());
  REQUIRE(in->machine.has_value());
  return *in->machine;
}

}  // namespace siege_test
