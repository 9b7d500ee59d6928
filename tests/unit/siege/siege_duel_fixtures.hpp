// siege_duel_fixtures.hpp - the loaded tables and the park entry builder shared by the tests of
// sieges, bombardment and the artillery duel (test_siege.cpp, test_siege_duel.cpp,
// test_siege_duel_exact.cpp).
#pragma once

#include <doctest/doctest.h>

#include <optional>

#include "built_in_tables.hpp"
#include "gunpowder/siege/siege.hpp"

namespace siege_duel_test {

inline const gunpowder::siege::Rules& rules() {
  auto r = gunpowder::siege::load_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

inline const gunpowder::artillery::Catalogue& cat() {
  auto c = gunpowder::artillery::load_catalogue(gunpowder::testing::built_in());
  REQUIRE(c.has_value());
  return **c;
}

/// `count` book pieces of type `t` and shot `shot` on their most mobile carriage, at `range`.
inline gunpowder::siege::ParkEntry entry(gunpowder::artillery::Type t, double shot, int count,
                                         std::optional<double> range = std::nullopt) {
  gunpowder::siege::ParkEntry e;
  e.piece = cat().find(t, shot);
  REQUIRE(e.piece != nullptr);
  e.count = count;
  e.range_yd = range;
  e.carriage = gunpowder::siege::most_mobile_carriage(*e.piece);
  return e;
}

// One round between a 12-pdr gun and a 90-pdr mortar 500 yards apart (both medium range, 14+).
inline gunpowder::siege::DuelSetup gun_and_mortar() {
  gunpowder::siege::DuelSetup s;
  gunpowder::siege::DuelPiece gun;
  gun.label = "A";
  gun.piece = cat().find(gunpowder::artillery::Type::gun, 12);
  gun.engage_yd = gun.piece->range_long_yd;
  gunpowder::siege::DuelPiece mortar;
  mortar.label = "M";
  mortar.piece = cat().find(gunpowder::artillery::Type::mortar, 90);
  mortar.besieger = true;
  mortar.start_yd = mortar.stop_yd = 500;
  mortar.engage_yd = mortar.piece->range_long_yd;
  s.pieces = {gun, mortar};
  s.defenders = 1;
  s.max_rounds = 1;
  s.fall_back_after = s.hole_up_after = 1;
  return s;
}

}  // namespace siege_duel_test
