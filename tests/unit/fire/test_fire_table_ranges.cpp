// test_fire_table_ranges.cpp - the declared ranges of the fire-odds tables' numbers under house
// rules (firearms, broadside, chainmail, artillery_damage): the audit's reproducers, which hung,
// ran out of memory, overflowed an int or printed nonsense, are refused at the rules file's key,
// with one error; the largest value allowed is accepted; a broadside table short of dice rows for
// a large max_group_size gets one error per cannon type, not one per missing row.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gunpowder/data/tables.hpp"
#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/fire/chainmail.hpp"
#include "gunpowder/fire/fire_artillery.hpp"
#include "gunpowder/firearms/firearms.hpp"
#include "run_app.hpp"

using namespace gunpowder;

namespace {

/// The errors of loading `table` under the rules `body` (testing::refused_rules), with the loader
/// of the module that reads it; empty when accepted.
std::vector<Diagnostic> refused(const std::string& table, const std::string& body) {
  return testing::refused_rules("gp-fire-ranges-" + table + ".toml", table, body,
                                [&table](const data::Tables& t) -> std::vector<Diagnostic> {
                                  if (table == "firearms") {
                                    if (auto c = firearms::load_catalogue(t); !c) return c.error().items();
                                  } else if (table == "broadside") {
                                    if (auto c = fire::load_broadside(t); !c) return c.error().items();
                                  } else if (table == "chainmail") {
                                    if (auto c = fire::load_chainmail(t); !c) return c.error().items();
                                  } else if (auto c = fire::load_artillery_rules(t); !c) {
                                    return c.error().items();
                                  }
                                  return {};
                                });
}

/// One error, at `line` of the rules file, whose message holds `words`.
void check_one(const std::vector<Diagnostic>& errors, int line, const std::string& words) {
  testing::check_one_error(errors, "gp-fire-ranges-", line, words);
}

const char* const kArquebus = "[[firearm]]\nname = \"Flintlock Arquebus, Smoothbore\"\n";

}  // namespace

TEST_CASE("firearms: rounds, throws, armour, ranges and damage in their declared ranges") {
  SUBCASE("clear_rounds and every reload time: 0 to 600 rounds (100,000 ran for minutes, 1e6 took 4 GB)") {
    check_one(refused("firearms", "[rules.misfire]\nclear_rounds = 100000\n"), 5,
              "'clear_rounds' must be at most 600 (a number of rounds), got 100000");
    check_one(refused("firearms", std::string(kArquebus) + "reload_undrilled = 100000\n"), 6,
              "'reload_undrilled' must be at most 600 (a number of rounds)");
    check_one(refused("firearms", std::string(kArquebus) + "reload_drilled = 601\n"), 6,
              "'reload_drilled' must be at most 600");
    check_one(refused("firearms",
                      "[[fighting_style_reload]]\nname = \"Flintlock Arquebus, Smoothbore\"\nreload = 2147483648\n"),
              6, "'reload' must be at most 600");
    check_one(refused("firearms", "[rules.reload]\napostles_reduction_rounds = 1000\n"), 5,
              "'apostles_reduction_rounds' must be at most 600");
    CHECK(refused("firearms", "[rules.misfire]\nclear_rounds = 600\n").empty());
    CHECK(refused("firearms", std::string(kArquebus) + "reload_undrilled = 600\n").empty());
  }
  SUBCASE("the encumbrance arrays: whole numbers, each in its range, refused at the element") {
    check_one(refused("firearms", "[rules.reload]\nencumbrance_increase_rounds = [1, 2, 3000]\n"), 5,
              "each of 'encumbrance_increase_rounds' must be a whole number from 0 to 600");
    check_one(refused("firearms", "[rules.reload]\nencumbrance_thresholds_stone = [5, \"seven\", 10]\n"), 5,
              "must be a whole number from 0 to 100 (stone carried), got string");
  }
  SUBCASE("a sign, a throw, armour, penalties") {
    check_one(refused("firearms", "[rules.reload]\ndex_modifier_sign = -2000000000\n"), 5,
              "'dex_modifier_sign' must be at least -1 (a sign)");
    check_one(refused("firearms", "[rules.attack_throw]\nveteran = 31\n"), 5, "'veteran' must be at most 30");
    check_one(refused("firearms", "[rules.armor_penetration]\narmor_ignored = 21\n"), 5,
              "'armor_ignored' must be at most 20 (points of armour)");
    check_one(refused("firearms", "[rules.range]\nnormal_long_penalty = -2147483648\n"), 5,
              "'normal_long_penalty' must be at least -20 (a modifier of a d20 throw)");
  }
  SUBCASE("a firearm's ranges grow, and its damage is 1 to 4 dice of 2 to 12 faces") {
    check_one(refused("firearms", std::string(kArquebus) + "medium_range = 40\n"), 6,
              "the ranges must grow: short_range (50) must be less than medium_range (40)");
    check_one(refused("firearms", std::string(kArquebus) + "damage_dice = 5\n"), 6,
              "'damage_dice' must be at most 4 (a number of dice)");
    check_one(refused("firearms", "[rules.scattershot]\ndamage_die_sides = 20\n"), 5,
              "'damage_die_sides' must be at most 12 (the faces of a die)");
    CHECK(refused("firearms", std::string(kArquebus) + "damage_dice = 4\ndamage_die_sides = 12\n").empty());
  }
}

TEST_CASE("broadside: max_group_size and the dice rows in their declared ranges") {
  SUBCASE("max_group_size = 1000000 (seconds and gigabytes of errors): refused at its key") {
    check_one(refused("broadside", "[dice_pool]\nmax_group_size = 1000000\n"), 5,
              "'max_group_size' must be at most 100 (the most cannon a request fires), got 1000000");
  }
  SUBCASE("max_group_size = 100 without the rows: one error per cannon type, the missing sizes as a run") {
    const auto errors = refused("broadside", "[dice_pool]\nmax_group_size = 100\n");
    REQUIRE(errors.size() == 3);
    for (const auto& e : errors) {
      CAPTURE(e.message);
      CHECK(e.message.find(": no row for group sizes 6 to 100 (one per group size") != std::string::npos);
    }
  }
  SUBCASE("re-rolls, a dice change, a rank, a save's roll") {
    check_one(refused("broadside", "[[dice_modifier.rows]]\nkey = \"ship_turned\"\ndice_delta = -2147483648\n"), 6,
              "'dice_delta' must be at least -10 (a change of the dice)");
    check_one(refused("broadside", "[[saving_throw.rows]]\nkey = \"ordinary\"\nmin_roll = 1000\n"), 6,
              "'min_roll' must be at most 100 (a roll of the die)");
    check_one(refused("broadside", "[[hand.rows]]\nkey = \"pair\"\nrank = 1000\n"), 6, "'rank' must be at most 100 (a rank)");
  }
  SUBCASE("a cannon type's range bands grow") {
    check_one(refused("broadside", "[[cannon_type.rows]]\nkey = \"light\"\nshort_max_in = 30\n"), 6,
              "the ranges must grow: short_max_in (30) must be less than long_max_in (24)");
  }
}

TEST_CASE("chainmail: a face is on its die, a rate of fire stays within an int") {
  SUBCASE("extra_turn_per_missing = 1431655766 overflowed an int (every 5 turns, the book's 6)") {
    check_one(refused("chainmail", "[catapult_rate_of_fire]\nextra_turn_per_missing = 1431655766\n"), 5,
              "'extra_turn_per_missing' must be at most 100 (turns), got 1431655766");
    check_one(refused("chainmail", "[catapult_rate_of_fire]\nfull_crew = 101\n"), 5,
              "'full_crew' must be at most 100 (men)");
    CHECK(refused("chainmail", "[catapult_rate_of_fire]\nextra_turn_per_missing = 100\nfull_crew = 100\n").empty());
    // The largest rate: 100 + 100 x (100 - 1) turns, an int.
    const std::string path = (std::filesystem::temp_directory_path() / "gp-fire-ranges-slowest.toml").string();
    std::ofstream(path, std::ios::binary) << "[house_rules]\ntable = \"chainmail\"\n\n[catapult_rate_of_fire]\n"
                                             "extra_turn_per_missing = 100\nfull_crew = 100\n\n"
                                             "[[catapult_rate_of_fire.rows]]\nkey = \"heavy_catapult\"\n"
                                             "fires_every_turns = 100\n";
    auto t = data::Tables::with_house_rules({path});
    REQUIRE(t.has_value());
    auto c = fire::load_chainmail(*t);
    REQUIRE(c.has_value());
    const fire::CannonClass* heavy = (*c)->cannon_class("heavy_field_gun");
    REQUIRE(heavy != nullptr);
    auto rate = fire::cannon_rate(**c, *heavy, "", 1, 10, true);
    REQUIRE(rate.has_value());
    CHECK(rate->every_turns == 100 + 100 * 99);
  }
  SUBCASE("self_hit_face = 1000 on a d8, and 9: refused; 8 accepted") {
    check_one(refused("chainmail", "[arquebus_attack_dice]\nself_hit_face = 1000\n"), 5,
              "'self_hit_face' must be at most 100 (a face of a die), got 1000");
    check_one(refused("chainmail", "[arquebus_attack_dice]\nself_hit_face = 9\n"), 5,
              "'self_hit_face' must be a face of the d8 (1 to 8), got 9");
    check_one(refused("chainmail", "[variation_measure]\nstraight_result = 7\n"), 5,
              "'straight_result' must be a face of the d6 (1 to 6), got 7");
    CHECK(refused("chainmail", "[arquebus_attack_dice]\nself_hit_face = 8\n").empty());
  }
}

TEST_CASE("artillery_damage: a hero's shots, save shares and multipliers in their declared ranges") {
  check_one(refused("artillery_damage", "[rules.hero_damage]\nshots = 1000\n"), 5,
            "'shots' must be at most 10 (shots), got 1000");
  CHECK(refused("artillery_damage", "[rules.hero_damage]\nshots = 10\n").empty());
  check_one(refused("artillery_damage", "[rules.hero_save]\ndirect_hit_success_factor = 1000\n"), 5,
            "'direct_hit_success_factor' must be at most 1 (a share of the damage)");
  check_one(refused("artillery_damage", "[rules.enfilade]\nuhp_multiplier = 1000\n"), 5,
            "'uhp_multiplier' must be at most 10 (a multiplier)");
  check_one(refused("artillery_damage", "[rules.unit_fortified]\nsave_bonus = 2147483647\n"), 5,
            "'save_bonus' must be at most 20 (a bonus to a d20 save)");
}
