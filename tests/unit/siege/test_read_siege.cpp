// Tests of siege::read_siege: the siege description read into the siege module's requests
// (moved from tests/tools/siege-duration with the reader).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gunpowder/siege/read_siege.hpp"
#include "built_in_tables.hpp"

using namespace gunpowder;

namespace {

const siege::Rules& rules() {
  auto r = siege::load_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

const artillery::Catalogue& cat() {
  auto c = artillery::load_catalogue(gunpowder::testing::built_in());
  REQUIRE(c.has_value());
  return **c;
}

const char* const kBook = R"([stronghold]
shp = 24000
material = "stone"

[besieger]
units = 60
artillery = [ { type = "cannon", shot_lb = 24, count = 6, range_yd = 1000 },
              { type = "mortar", shot_lb = 90, count = 2, range_yd = 2500 } ]

[defender]
units = 24
artillery = [ { type = "gun", shot_lb = 12, count = 4 } ]
)";

// Reads a document and returns its diagnostics as "line:col: message" strings.
std::vector<std::string> errors_of(const std::string& text) {
  std::vector<std::string> out;
  auto doc = input::parse(text, "t.toml");
  if (!doc) {
    for (const auto& d : doc.error().items()) out.push_back(d.message);
    return out;
  }
  auto in = siege::read_siege(gunpowder::testing::built_in(), *doc, rules(), cat(), false);
  if (in) return out;
  for (const auto& d : in.error().items())
    out.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " + d.message);
  return out;
}

}  // namespace

TEST_CASE("siege::read_siege") {
  SUBCASE("the issue's example reads cleanly") {
    auto doc = input::parse(kBook, "t.toml");
    REQUIRE(doc.has_value());
    auto in = siege::read_siege(gunpowder::testing::built_in(), *doc, rules(), cat(), false);
    REQUIRE(in.has_value());
    REQUIRE(in->siege.has_value());
    CHECK(in->siege->stronghold.shp == 24000);
    CHECK(in->siege->besieger.pieces() == 8);
    CHECK(in->ranges_complete);
    CHECK(in->siege->besieger.artillery[0].carriage == artillery::Carriage::limber);
  }
  SUBCASE("the stronghold's shp from its value or its structures") {
    auto e = errors_of("[stronghold]\nvalue_gp = 100000\nmaterial = \"wood\"\n[besieger]\nunits = 5\n[defender]\nunits = 1\n");
    CHECK(e.empty());
    auto doc = input::parse("[stronghold]\nstructures = [{ key = \"keep_square\", count = 1 }, { key = \"gatehouse\", count = 2 }]\n"
                            "material = \"stone\"\n[besieger]\nunits = 5\n[defender]\nunits = 1\n",
                            "t.toml");
    auto in = siege::read_siege(gunpowder::testing::built_in(), *doc, rules(), cat(), false);
    REQUIRE(in.has_value());
    CHECK(in->siege->stronghold.shp == 17000);
  }
  SUBCASE("unknown key, wrong type, out of range") {
    CHECK(errors_of("[stronghold]\nshp = 24000\nmaterial = \"stone\"\nwalls = 3\n[besieger]\nunits = 5\n[defender]\nunits = 1\n")
              .front()
              .find("4:1: unknown key 'walls' in [stronghold]") == 0);
    CHECK(errors_of("[stronghold]\nshp = \"big\"\nmaterial = \"stone\"\n[besieger]\nunits = 5\n[defender]\nunits = 1\n") ==
          std::vector<std::string>{"2:7: 'shp' must be an integer, got string \"big\""});
    CHECK(errors_of("[stronghold]\nshp = -5\nmaterial = \"stone\"\n[besieger]\nunits = 5\n[defender]\nunits = 1\n") ==
          std::vector<std::string>{"2:7: 'shp' must be positive, got -5"});
  }
  SUBCASE("unknown pieces and engines") {
    auto e = errors_of("[stronghold]\nshp = 24000\nmaterial = \"stone\"\n[besieger]\nunits = 5\n"
                       "artillery = [{ type = \"gun\", shot_lb = 25, count = 1 }]\n"
                       "engines = [{ type = \"catapult\", count = 1 }]\n[defender]\nunits = 1\n");
    REQUIRE(e.size() == 2);
    CHECK(e[0] == "6:40: unknown piece: the book has no 25-pdr gun (guns: 24, 18, 12, 9, 6, 3, 2, 1 lb)");
    CHECK(e[1].find("7:21: unknown siege engine \"catapult\"") == 0);
  }
  SUBCASE("a defender with no units") {
    CHECK(errors_of("[stronghold]\nshp = 24000\nmaterial = \"stone\"\n[besieger]\nunits = 5\n[defender]\nunits = 0\n") ==
          std::vector<std::string>{
              "7:9: a defender with no units and no artillery: there is nothing to besiege (units must be at least 1)"});
  }
  SUBCASE("every error of a file is reported") {
    auto e = errors_of("[stronghold]\nmaterial = \"brick\"\n[besieger]\nunits = -1\n[defender]\n");
    CHECK(e.size() == 4);  // material, no size, units, missing units
  }
  SUBCASE("structures need their dimensions") {
    auto e = errors_of("[[structure]]\nshape = \"round\"\nmaterial = \"fortified\"\nheight_levels = 3\nlength_in = 4\n");
    REQUIRE(e.size() == 2);
    CHECK(e[0].find("a round structure needs diameter_in") != std::string::npos);
    CHECK(e[1].find("length_in does not apply to a round structure") != std::string::npos);
  }
  SUBCASE("a carriage the piece does not have") {
    auto e = errors_of("[stronghold]\nshp = 24000\nmaterial = \"stone\"\n[besieger]\nunits = 5\n"
                       "artillery = [{ type = \"mortar\", shot_lb = 90, count = 1, carriage = \"limber\" }]\n[defender]\nunits = 1\n");
    REQUIRE(e.size() == 1);
    CHECK(e[0].find("the 90-pdr Mortar has no limber carriage") != std::string::npos);
  }
}

TEST_CASE("siege::read_siege, the Siege Machine's new keys") {
  const std::string head = "[siege_machine]\n[siege_machine.attacker]\ntroops = 2000\nhit_dice = 1\n";
  const std::string def = "[siege_machine.defender]\nbr = 100\ntroops = 300\nhit_dice = 1\n";
  SUBCASE("a side rated from its War Machine force (rules-gaps.md §3: BFR 96, eight statements true = 176)") {
    auto doc = input::parse(head + "[siege_machine.attacker.force]\nbfr = 96\nstatements = [\"a\", \"c\", \"d\", \"h\", \"i\", \"j\", "
                                   "\"k\", \"l\"]\n" + def,
                            "t.toml");
    REQUIRE(doc.has_value());
    auto in = siege::read_siege(gunpowder::testing::built_in(), *doc, rules(), cat(), false);
    REQUIRE(in.has_value());
    CHECK(in->machine->attacker.br == 176);
    REQUIRE(in->machine_ratings[0].has_value());
    CHECK(in->machine_ratings[0]->troop_class == "good");
    CHECK_FALSE(in->machine_ratings[1].has_value());
  }
  SUBCASE("the force's factors, read as war-machine reads a [[force]]") {
    auto doc = input::parse(head + "[siege_machine.attacker.force.factors]\nleader_level = 9\nleader_int = 16\n" + def, "t.toml");
    auto in = siege::read_siege(gunpowder::testing::built_in(), *doc, rules(), cat(), false);
    REQUIRE(in.has_value());
    CHECK(in->machine_ratings[0]->method == "factors");
    CHECK(in->machine->attacker.br == in->machine_ratings[0]->br);
  }
  SUBCASE("br and force, neither, or an unknown key in the force") {
    CHECK(errors_of(head + "br = 5\n[siege_machine.attacker.force]\nbfr = 5\n" + def) ==
          std::vector<std::string>{"6:1: give br or force (a War Machine force to rate), not both"});
    CHECK(errors_of(head + def) == std::vector<std::string>{"2:1: [siege_machine.attacker] needs br or force (a War Machine force to rate)"});
    CHECK(errors_of(head + "[siege_machine.attacker.force]\nbfr = 5\nelan = 3\n" + def)
              .front()
              .find("7:1: unknown key 'elan' in [siege_machine.attacker.force]") == 0);
  }
  SUBCASE("damage, structural points and concentrated fire") {
    CHECK(errors_of(head + "br = 5\nequipment = [{ id = \"ram\", damage = \"2q10\" }]\n" + def) ==
          std::vector<std::string>{"6:37: damage must be a whole number or dice such as \"2d10\" or \"1d8+8\", got \"2q10\""});
    CHECK(errors_of(head + "br = 5\nequipment = [{ id = \"ram\", damage = 1.5 }]\n" + def) ==
          std::vector<std::string>{"6:37: damage must be a whole number or dice such as \"2d10\", got float"});
    CHECK(errors_of(head + "br = 5\n" + def + "equipment = [{ id = \"ballista\", damage = 4 }]\n") ==
          std::vector<std::string>{"10:42: damage applies to the attacker's siege devices (damage to fortifications)"});
    CHECK(errors_of(head + "br = 5\n" + def + "fortifications = [{ id = \"moat_filled\", shp = 40 }]\n")
              .front()
              .find("10:47: moat_filled takes no structural damage") == 0);
    CHECK(errors_of(head + "br = 5\n" + def + "fortifications = [{ id = \"keep_square\", within_200ft = true }]\n") ==
          std::vector<std::string>{"10:56: within_200ft needs front_ft in [siege_machine] (concentrated fire)"});
    CHECK(errors_of(head + "br = 5\nbombardment_damage = true\n" + def)
              .front()
              .find("6:22: bombardment_damage needs [stronghold]") == 0);
  }
  SUBCASE("the defender's plan") {
    CHECK(errors_of(head + "br = 5\n" + def + "plan = \"depart\"\nplan_week = 3\n") ==
          std::vector<std::string>{"10:8: the defender can depart only by an avenue of escape: give escape = true"});
    CHECK(errors_of(head + "br = 5\n" + def + "plan = \"sally\"\n") ==
          std::vector<std::string>{"10:8: plan \"sally\" needs one of plan_week (the week) and plan_when (starving or breached)"});
    CHECK(errors_of(head + "br = 5\n" + def + "plan_when = \"starving\"\n") ==
          std::vector<std::string>{"10:13: plan_week and plan_when need plan = \"sally\" or \"depart\""});
    CHECK(errors_of(head + "br = 5\n" + def + "morale = 8\n") == std::vector<std::string>{"10:10: give morale and morale_floor together"});
    // A plan whose moment never comes is refused.
    CHECK(errors_of("[siege_machine]\nweeks = 5\n" + head.substr(16) + "br = 5\n" + def + "plan = \"sally\"\nplan_week = 9\n") ==
          std::vector<std::string>{"12:13: plan_week 9 comes after the siege's last week (5, [siege_machine] weeks)"});
    CHECK(errors_of(head + "br = 5\n" + def + "plan = \"sally\"\nplan_when = \"starving\"\n") ==
          std::vector<std::string>{"11:13: plan_when = \"starving\" needs the defender's food_weeks (without them food is not counted)"});
  }
  SUBCASE("money, Create food, ammunition units and field construction (Siege Machine: Preparation, Other notes)") {
    auto doc = input::parse(head +
                                "br = 5\nmoney_gp = 1000\nincome_gp_per_week = 50\nmounts = 20\n"
                                "ammunition_units = { catapult_light = 12 }\n"
                                "equipment = [{ id = \"catapult_heavy\", count = 2 }]\n" +
                                def + "create_food = [{ level = 14, casters = 2 }]\n",
                            "t.toml");
    auto in = siege::read_siege(gunpowder::testing::built_in(), *doc, rules(), cat(), false);
    REQUIRE(in.has_value());
    const auto& m = *in->machine;
    CHECK(*m.attacker.money_gp == 1000);
    CHECK(m.attacker.income_gp_per_week == 50);
    CHECK(m.attacker.mounts == 20);
    CHECK(*m.attacker.ammunition_weeks == doctest::Approx(5));  // 12 light = 10 heavy units, 2 a week
    REQUIRE(m.defender.create_food.size() == 1);
    CHECK(m.defender.create_food.front() == std::pair<int, int>{14, 2});
    // A ruler under siege cannot receive dominion income (Application).
    CHECK(errors_of(head + "br = 5\n" + def + "income_gp_per_week = 10\n") ==
          std::vector<std::string>{
              "10:22: a ruler under siege receives no dominion income (Siege Machine, Application)"});
    CHECK(errors_of(head + "br = 5\n" + def + "create_food = [{ level = 9 }]\n") ==
          std::vector<std::string>{"10:26: the Create food table covers caster levels 10 to 36"});
    CHECK(errors_of(head + "br = 5\nammunition_units = { trebuchet = 4 }\n" + def)
              .front()
              .find("the side has no catapult or trebuchet to fire converted ammunition") != std::string::npos);
    CHECK(errors_of(head +
                    "br = 5\nammunition_weeks = 2\nammunition_units = { trebuchet = 4 }\n"
                    "equipment = [{ id = \"trebuchet\" }]\n" +
                    def)
              .front()
              .find("give ammunition_weeks or ammunition_units, not both") != std::string::npos);
    const auto e =
        errors_of(head +
                  "br = 5\n[siege_machine.attacker.construction]\nengineers = 0\nbuilders = 9\n"
                  "wood_men = 10\nwood_miles = 1\nbuild = [{ id = \"trebuchet\", hp = 20, cost_gp = 100 }]\n" +
                  def);
    REQUIRE(e.size() == 2);
    CHECK(e[0].find("7:13: field construction is supervised by a siege engineer") == 0);
    CHECK(e[1].find("artillery built in the field is supervised by an artillerist too") != std::string::npos);
  }
  SUBCASE("the [stronghold]'s shp is the Siege Machine's structural points unless the defender gives its own") {
    auto doc = input::parse(std::string(kBook) + head + "br = 5\n" + def, "t.toml");
    auto in = siege::read_siege(gunpowder::testing::built_in(), *doc, rules(), cat(), false);
    REQUIRE(in.has_value());
    CHECK(in->machine->stronghold_shp == 24000);
  }
}

TEST_CASE("siege::read_siege: enum values as the books print them read as the data's ids") {
  // The expected ids are those of data/siege_machine.toml and data/war_machine.toml for the labels
  // War Machine prints (Siege equipment/fortifications; the tactics "Attack+").
  auto doc = input::parse(
      "[siege_machine]\nplan = \"Harass\"\ntie_policy = \"No result\"\n"
      "[siege_machine.attacker]\nbr = 120\ntroops = 2000\nhit_dice = 1\ntactic = \"Attack+\"\n"
      "equipment = [ { id = \"Catapult, heavy\", count = 4 }, { id = \"Gallery shed\" } ]\n"
      "[siege_machine.defender]\nbr = 110\ntroops = 400\nhit_dice = 1\ntactic = \"attack_plus\"\n"
      "fortifications = [ { id = \"Keep, square\" }, { id = \"Tower, round (wide)\", count = 4 } ]\n",
      "t.toml");
  REQUIRE(doc.has_value());
  auto in = siege::read_siege(gunpowder::testing::built_in(), *doc, rules(), cat(), false);
  REQUIRE(in.has_value());
  const auto& m = *in->machine;
  CHECK(m.plan == siege::SmPlan::harass);
  CHECK(m.tie == war::TiePolicy::no_result);
  CHECK(m.attacker.tactic == std::optional<std::string>("attack-plus"));
  CHECK(m.defender.tactic == std::optional<std::string>("attack-plus"));
  REQUIRE(m.attacker.equipment.size() == 2);
  CHECK(m.attacker.equipment[0].id == "catapult_heavy");
  CHECK(m.attacker.equipment[1].id == "gallery_shed");
  REQUIRE(m.defender.fortifications.size() == 2);
  CHECK(m.defender.fortifications[0].id == "keep_square");
  CHECK(m.defender.fortifications[1].id == "tower_round_wide");
  CHECK(errors_of("[siege_machine]\ntie_policy = \"coin toss\"\n[siege_machine.attacker]\nbr = 1\ntroops = 1\n"
                  "hit_dice = 1\n[siege_machine.defender]\nbr = 1\ntroops = 1\nhit_dice = 1\n")
            .size() == 1);
}
