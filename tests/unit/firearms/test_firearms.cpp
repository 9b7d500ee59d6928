// Unit tests of the firearms module: the one loader of data/firearms.toml (seed 000, Firearms,
// p. 9-11; General Firearm Rules, p. 35) and the lookup of a firearm by name.
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "gunpowder/firearms/firearms.hpp"
#include "built_in_tables.hpp"

using namespace gunpowder;

namespace {
const firearms::Catalogue& cat() {
  auto c = firearms::load_catalogue(gunpowder::testing::built_in());
  REQUIRE(c.has_value());
  return **c;
}
const firearms::Firearm& gun(const std::string& name) {
  const firearms::Firearm* f = cat().find(name);
  REQUIRE(f != nullptr);
  return *f;
}
}  // namespace

TEST_CASE("firearms::load_catalogue and Catalogue::find") {
  CHECK(cat().firearms.size() == 14);
  for (const auto& f : cat().firearms) {
    CAPTURE(f.name);
    CHECK(f.reload_style.has_value());
    CHECK(f.cost_gp.has_value());
  }
  SUBCASE("smoothbore unless rifled is said") {
    CHECK(gun("matchlock musket").name == "Matchlock Musket, Smoothbore");
    CHECK(gun("Rifled Flintlock Arquebus").name == "Flintlock Arquebus, Rifled");
    CHECK(gun("Wheellock Musket, Rifled").name == "Wheellock Musket, Rifled");
    CHECK(gun("flintlock pistol").name == "Flintlock Pistol, Smoothbore");
  }
  SUBCASE("unknown names are refused") {
    CHECK(cat().find("matchlock pistol") == nullptr);  // no such firearm in the book
    CHECK(cat().find("musket") == nullptr);
    CHECK(cat().find("matchlock musket of doom") == nullptr);
  }
  SUBCASE("prices follow the price list") {
    CHECK(*gun("matchlock arquebus").cost_gp == 15);
    CHECK(*gun("rifled wheellock musket").cost_gp == 285);
  }
  SUBCASE("loaded once") {
    auto again = firearms::load_catalogue(gunpowder::testing::built_in());
    REQUIRE(again.has_value());
    CHECK(*again == &cat());
  }
}

TEST_CASE("firearms::load_catalogue: the battlefield Firearm Range (AP / Maximum) table, p. 35") {
  // As printed, in hexes: "v. Foot 4/4 3/3 2/4 2/3 1/2", "v. Mounted 5/5 4/4 2/5 2/4 1/3" for
  // Rifled Musket, Musket, Rifled Arquebus, Arquebus, Pistol.
  struct Row {
    const char* name;
    const char* type;
    const char* bore;
    int ap_foot, max_foot, ap_mounted, max_mounted;
  };
  const Row book[] = {{"Rifled Musket", "musket", "rifled", 4, 4, 5, 5},
                      {"Musket", "musket", "smoothbore", 3, 3, 4, 4},
                      {"Rifled Arquebus", "arquebus", "rifled", 2, 4, 2, 5},
                      {"Arquebus", "arquebus", "smoothbore", 2, 3, 2, 4},
                      {"Pistol", "pistol", "smoothbore", 1, 2, 1, 3}};
  const auto& rows = cat().battlefield_ranges;
  REQUIRE(rows.size() == 5);
  for (size_t i = 0; i < 5; ++i) {
    CAPTURE(book[i].name);
    CHECK(rows[i].name == book[i].name);
    CHECK(rows[i].type == book[i].type);
    CHECK(rows[i].bore == book[i].bore);
    CHECK(rows[i].ap_vs_foot == book[i].ap_foot);
    CHECK(rows[i].max_vs_foot == book[i].max_foot);
    CHECK(rows[i].ap_vs_mounted == book[i].ap_mounted);
    CHECK(rows[i].max_vs_mounted == book[i].max_mounted);
  }
}

// The Damp and Wet columns are derived from the Dry one by the Misfire Chance rule ("damp
// conditions ... double the chances of misfiring, while wet conditions ... quadruple the chance";
// wheellocks are exempt: Firearm Characteristics, p. 10): the derivation gives every printed cell.
TEST_CASE("firearms::load_catalogue - Firearm Characteristics, Misfire Chance (p. 10): the printed columns") {
  // Dry / Damp / Wet as printed in the Firearm Characteristics table.
  const std::array<int, 3> flintlock = {10, 20, 40}, matchlock = {20, 40, 80}, wheellock = {20, 20, 20};
  for (const auto& f : cat().firearms) {
    CAPTURE(f.name);
    const auto& printed = f.mechanism == firearms::Mechanism::flintlock  ? flintlock
                          : f.mechanism == firearms::Mechanism::matchlock ? matchlock
                                                                          : wheellock;
    CHECK(f.misfire_pct == printed);
  }
}
