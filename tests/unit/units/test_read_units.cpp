// Unit tests of units::read_units: the user's [[unit]] tables read into units::Request, the
// command line's readings kept unless a table gives its own, and rate()'s field errors placed at
// the unit's keys.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "built_in_tables.hpp"
#include "gunpowder/units/read_units.hpp"

using namespace gunpowder;
using namespace gunpowder::units;

namespace {

struct Read {
  std::vector<UnitTable> units;
  Diagnostics errors;
};

// Reads `text`; on_unit keeps each unit and returns `rule_errors` for it.
Read read(const std::string& text, const Request& base = {}, const Diagnostics& rule_errors = {}) {
  Read out;
  auto doc = input::parse(text, "u.toml");
  REQUIRE(doc.has_value());
  read_units(*doc, **load_catalogue(gunpowder::testing::built_in()), base, out.errors, [&](UnitTable& u) {
    out.units.push_back(u);
    return rule_errors;
  });
  return out;
}

}  // namespace

TEST_CASE("units::read_units") {
  SUBCASE("keys into the request") {
    const auto r = read(
        "[[unit]]\nname = \"A\"\ntroop = \"pikemen\"\nrace = \"elf\"\ntroops = 60\nveteran = true\n"
        "[[unit]]\ntroop = \"reiters\"\nfirearms = [{mechanism = \"wheellock\", type = \"pistol\", count = 2}]\n"
        "weapons = [\"lance\", \"shield\"]\nreform_uhp_lost = [3, 4]\nformation = \"FM\"\n");
    REQUIRE(r.errors.empty());
    REQUIRE(r.units.size() == 2);
    const Request& a = r.units[0].request;
    CHECK(a.name == "A");
    CHECK(a.troop == std::optional<std::string>("pikemen"));
    CHECK(a.race == "elf");
    CHECK(a.troops == std::optional<int>(60));
    CHECK(a.veteran);
    CHECK(r.units[0].identity_only);
    const Request& b = r.units[1].request;
    CHECK_FALSE(r.units[1].identity_only);
    REQUIRE(b.firearms.has_value());
    REQUIRE(b.firearms->size() == 1);
    CHECK(b.firearms->front().name() == "wheellock pistol");
    CHECK(b.firearms->front().count == 2);
    CHECK(b.weapons == std::optional<std::vector<std::string>>({"lance", "shield"}));
    CHECK(b.reform_uhp_lost == std::optional<std::array<int, 2>>({3, 4}));
    CHECK(b.formation == std::optional<Formation>(Formation::FM));
  }
  SUBCASE("movement: march/hustle/charge in hexes read into its numbers, \"-\" for no march") {
    const auto r = read(
        "[[unit]]\ntroop = \"pikemen\"\nmovement = \"2/4/6\"\n"
        "[[unit]]\ntroop = \"pikemen\"\nmovement = \"-/1/12\"\n"
        "[[unit]]\ntroop = \"pikemen\"\nmovement = \"2/x/4\"\n"
        "[[unit]]\ntroop = \"pikemen\"\nmovement = \"2/4\"\n");
    REQUIRE(r.units.size() == 2);
    REQUIRE(r.units[0].request.movement.has_value());
    CHECK(r.units[0].request.movement->march == std::optional<int>(2));
    CHECK(r.units[0].request.movement->hustle == 4);
    CHECK(r.units[0].request.movement->charge == 6);
    REQUIRE(r.units[1].request.movement.has_value());
    CHECK_FALSE(r.units[1].request.movement->march.has_value());
    CHECK(r.units[1].request.movement->hustle == 1);
    CHECK(r.units[1].request.movement->charge == 12);
    REQUIRE(r.errors.items().size() == 2);
    CHECK(r.errors.items()[0].pos.line == 9);
    CHECK(r.errors.items()[0].pos.column == 12);
    CHECK(r.errors.items()[0].message ==
          "movement \"2/x/4\" must be march/hustle/charge in hexes, e.g. \"2/3/4\" or \"-/1/2\"");
    CHECK(r.errors.items()[1].pos.line == 12);
  }
  SUBCASE("the base request's readings hold unless the table gives its own") {
    Request base;
    base.misfire_reading = "text";
    base.pistol_bonus = "rosters";
    base.explain = true;
    const auto r =
        read("[[unit]]\ntroop = \"pikemen\"\n[[unit]]\ntroop = \"hussars\"\npistol_bonus = \"rule\"\n", base);
    REQUIRE(r.units.size() == 2);
    CHECK(r.units[0].request.misfire_reading == "text");
    CHECK(r.units[0].request.pistol_bonus == "rosters");
    CHECK(r.units[0].request.explain);
    CHECK(r.units[1].request.misfire_reading == "text");
    CHECK(r.units[1].request.pistol_bonus == "rule");
  }
  SUBCASE("a table with errors is not handed on; its errors are at its keys") {
    const auto r = read("[[unit]]\ntroop = \"pikemen\"\ncolour = \"red\"\n[[unit]]\ntroop = \"swordsmen\"\n");
    REQUIRE(r.units.size() == 1);
    CHECK(r.units[0].request.troop == std::optional<std::string>("swordsmen"));
    REQUIRE(r.errors.items().size() == 1);
    CHECK(r.errors.items()[0].pos.line == 3);
    CHECK(r.errors.items()[0].message.rfind("unknown key 'colour' in [[unit]]", 0) == 0);
  }
  SUBCASE("rule errors are placed at the key their field names, else at the table") {
    Diagnostics rule;
    rule.field_error("troops", "troops must be between 1 and 100000, got 0");
    rule.field_error("wage_gp", "give wage_gp, the wage of one troop in gp a month");
    const auto r = read("[[unit]]\ntroop = \"pikemen\"\ntroops = 7\n", {}, rule);
    REQUIRE(r.errors.items().size() == 2);
    const Diagnostic& at_key = r.errors.items()[0];
    CHECK(at_key.field.empty());
    CHECK(at_key.code == ExitCode::data_error);
    CHECK(at_key.pos.file == "u.toml");
    CHECK(at_key.pos.line == 3);
    CHECK(at_key.pos.column == 10);
    CHECK(at_key.source_line == "troops = 7");
    CHECK(r.errors.items()[1].pos.line == 1);  // an absent key: the unit's table
  }
}
