// The Siege Machine figures the money, Create food, ammunition conversion and field construction
// rules use, read back from the book's text (the War Machine / Siege Machine summary) and compared
// with data/siege_machine.toml. Built only when the seeds are present (see tests/CMakeLists.txt).
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "built_in_tables.hpp"
#include "gunpowder/siege/siege_machine.hpp"

using namespace gunpowder;

namespace {

std::string book() {
  std::ifstream in(std::string(GUNPOWDER_SEEDS_DIR) + "/004_acba82eb0eac9aaa.txt");
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// data/siege_machine.toml as written (its comment lines included).
const std::string& data_text() {
  static const std::string text = [] {
    std::ifstream in(std::string(GUNPOWDER_SOURCE_DIR) + "/data/siege_machine.toml");
    return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }();
  return text;
}

/// The text with its line breaks and extraction marks flattened to single spaces.
std::string flat() {
  std::string s = book();
  s = std::regex_replace(s, std::regex(R"(\s+)"), " ");
  return s;
}

const siege::SiegeMachineRules& rules() {
  auto r = siege::load_siege_machine_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

}  // namespace

TEST_CASE("siege_machine.toml against the book: Create food, per spell and per day") {
  // Rows "392 10 & 36 & 36 & 19 & 360 & 1440 & 28 & 684 & 4788 \\" ...: three (level, /s, /d) groups.
  const std::string text = flat();
  const std::regex row(R"((39[2-9]|400) (\d+) & (\d+) & (\d+) & (\d+) & (\d+) & (\d+) & (\d+) & (\d+) & (\d+) )");
  int groups = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), row); it != std::sregex_iterator(); ++it)
    for (int g = 0; g < 3; ++g) {
      const int level = std::stoi((*it)[2 + 3 * g]);
      CAPTURE(level);
      const auto* c = rules().create_food_at(level);
      REQUIRE(c != nullptr);
      // The per-spell column is a comment of the table (the rules read a caster's day).
      CHECK(data_text().find("level = " + std::to_string(level) + "\n# per_spell = " + std::string((*it)[3 + 3 * g]) +
                             "\n") != std::string::npos);
      CHECK(c->per_day == std::stoi((*it)[4 + 3 * g]));
      ++groups;
    }
  CHECK(groups == 27);
  CHECK(rules().create_food.size() == 27);
}

TEST_CASE("siege_machine.toml against the book: Other notes (food, ammunition conversion, field construction)") {
  const std::string text = flat();
  SUBCASE("Food: rations at half adventurer prices, mounts double") {
    CHECK(text.find("Rations available at half adventurer prices") != std::string::npos);
    CHECK(rules().ration_price.n == 1);
    CHECK(rules().ration_price.d == 2);
    CHECK(text.find("Mounts require double human rations") != std::string::npos);
    CHECK(rules().mount_rations == 2);
  }
  SUBCASE("Ammunition conversion: 6 light-catapult = 5 heavy-catapult = 4 trebuchet units") {
    const std::regex conv(
        R"(6 units of light-catapult \$=\$ 5 units of 373 heavy-catapult \$=\$ 4 units of trebuchet)");
    CHECK(std::regex_search(text, conv));
    CHECK(rules().conversion_for("catapult_light")->units == 6);
    CHECK(rules().conversion_for("catapult_heavy")->units == 5);
    CHECK(rules().conversion_for("trebuchet")->units == 4);
  }
  SUBCASE("Field construction: four and two constructions, 1/10 of the cost, 1/2 hp a man, 9 men an item") {
    CHECK(text.find("a siege engineer can oversee 376 four constructions at a time; an artillerist can oversee two") !=
          std::string::npos);
    CHECK(rules().field.engineer_max == 4);
    CHECK(rules().field.artillerist_max == 2);
    CHECK(text.find("costs are 1/ 10 of listed equipment cost") != std::string::npos);
    CHECK(rules().field.materials.value() == doctest::Approx(0.1));
    CHECK(text.find("construct $ \\tfrac{1}{2}$\\,hp of equipment per day, max 9 men per item") != std::string::npos);
    CHECK(rules().field.hp_per_man_day.value() == doctest::Approx(0.5));
    CHECK(rules().field.max_men_per_item == 9);
    CHECK(text.find("wood for $ 5 \\times \\lfloor n/ 10 \\rfloor \\times \\lceil d/ 5 379 \\rceil$") !=
          std::string::npos);
  }
  SUBCASE("Stone buildings yield their BR in weeks of ammunition; a stone building's BR is 6") {
    CHECK(text.find("Destroying stone buildings yields BR-value as weeks of 370 ammunition") != std::string::npos);
    CHECK(text.find("Building, stone & 6") != std::string::npos);
    CHECK(rules().find_fortification("building_stone")->br == 6);
    CHECK(rules().find_fortification("building_stone")->stone_building);
  }
  SUBCASE("Preparation and Application: weekly costs, money on hand, costs deducted each week") {
    CHECK(text.find("Compute weekly payroll, food, water, supplies and ammunition costs; 305 note money, rations and "
                    "ammunition on hand.") != std::string::npos);
    CHECK(text.find("Deduct costs for week. Ruler under siege cannot receive dominion") != std::string::npos);
  }
}
