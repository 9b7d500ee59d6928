// The ranges and orders the tables declare (issue 24, item 1): a number whose key names its kind
// (a percentage, a divisor, a multiplier or factor) stays in that kind's range, dice strings stay
// within the dice limits, a piece's range bands grow, the dwarven price multipliers keep their order.
// Each check runs on the built-in tables when the tools are built (the loaders run then) and on
// the merged tables under house rules: the reproducers of the issue are refused at the rules
// file's key, the rule in words. The expected limits are the ones docs/house-rules.md states.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/data/tables.hpp"
#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/input/document.hpp"
#include "gunpowder/units/unit_br.hpp"
#include "run_app.hpp"

using namespace gunpowder;

namespace {

/// The errors of loading `table` under the rules `body` (testing::refused_rules), with the loader
/// of the module that reads it; empty when accepted.
std::vector<Diagnostic> refused(const std::string& table, const std::string& body) {
  return testing::refused_rules("gp-ranges-" + table + ".toml", table, body,
                                [&table](const data::Tables& t) -> std::vector<Diagnostic> {
                                  if (table == "artillery" || table == "gunpowder_economies") {
                                    if (auto c = artillery::load_catalogue(t); !c) return c.error().items();
                                  } else if (table == "broadside") {
                                    if (auto c = fire::load_broadside(t); !c) return c.error().items();
                                  } else if (auto c = units::load_catalogue(t); !c) {
                                    return c.error().items();
                                  }
                                  return {};
                                });
}

/// One error, at `line` of the rules file, whose message holds `words`.
void check_one(const std::vector<Diagnostic>& errors, int line, const std::string& words) {
  testing::check_one_error(errors, "gp-ranges-", line, words);
}

}  // namespace

TEST_CASE("input::named_range: the kind a key's name declares") {
  SUBCASE("a percentage, at the end of the key or between underscores") {
    for (const char* k : {"chance_pct", "pct", "halve_if_attacker_flyers_pct_min", "defender_loss_pct_per_week"}) {
      CAPTURE(k);
      const auto r = input::named_range(k);
      CHECK(r.min == 0);
      CHECK(r.max == 100);
      CHECK(r.kind == "a percentage");
    }
  }
  SUBCASE("divisors, multipliers and factors") {
    CHECK(input::named_range("speed_divisor").min == doctest::Approx(0.1));
    CHECK(input::named_range("speed_divisor").max == 1e6);
    CHECK(input::named_range("cart_divisor_lb").kind == "a divisor");
    CHECK(input::named_range("multiplier").max == 1000);
    CHECK(input::named_range("long_multiplier_yd").kind == "a multiplier");
    CHECK(input::named_range("lighter_shot_range_factor").kind == "a factor");
    CHECK(input::named_range("factor_examples").kind == "a factor");
  }
  SUBCASE("a count of dice: 'dice' or '_dice' at the end of the key, 0 to 1,000") {
    for (const char* k : {"dice", "damage_dice", "trigger_dice", "scatter_dice", "aiming_high_extra_dice"}) {
      CAPTURE(k);
      const auto r = input::named_range(k);
      CHECK(r.min == 0);
      CHECK(r.max == 1000);
      CHECK(r.kind == "a number of dice");
    }
    for (const char* k : {"dice_delta", "attack_dice_every_turns", "xdice", "paradice"}) {
      CAPTURE(k);
      CHECK(input::named_range(k).unbounded());
    }
  }
  SUBCASE("a die's faces: 'die_sides' or '_die_sides' at the end of the key, 2 to 100") {
    for (const char* k : {"die_sides", "scatter_die_sides", "damage_die_sides"}) {
      CAPTURE(k);
      const auto r = input::named_range(k);
      CHECK(r.min == 2);
      CHECK(r.max == 100);
      CHECK(r.kind == "the faces of a die");
    }
    CHECK(input::named_range("die_sides_note").unbounded());
  }
  SUBCASE("a name part inside a word is not a kind") {
    for (const char* k : {"pctx", "xpct", "divisors_seen", "manufactor", "impact", "shot_lb", ""}) {
      CAPTURE(k);
      CHECK(input::named_range(k).unbounded());
    }
  }
}

TEST_CASE("house rules out of a declared range are refused at their key (issue 24's reproducers)") {
  SUBCASE("a divisor next to nothing (the BR was 1.56e+99), and one of 0.001") {
    check_one(refused("unit_rules", "[battle_rating]\nspeed_divisor = 1e-300\n"), 5,
              "'speed_divisor' must be at least 0.1 (a divisor), got 1e-300");
    check_one(refused("unit_rules", "[battle_rating]\nspeed_divisor = 0.001\n"), 5, "at least 0.1 (a divisor)");
  }
  SUBCASE("an average-damage divisor of 1e-308 (the BR was n/a)") {
    check_one(refused("unit_rules", "[attack_count]\naverage_damage_divisor = 1e-308\n"), 5,
              "'average_damage_divisor' must be at least 0.1 (a divisor)");
  }
  SUBCASE("a chance of 1000%, dice of -1d6 and 99999d99999") {
    const auto pct = refused("troops",
                             "[[troop_type]]\nkey = \"matchlock-arquebusiers\"\nmarket_availability = [\n"
                             "  { market_class = 1, dice = \"6d100\", chance_pct = 1000 },\n]\n");
    check_one(pct, 7, "'chance_pct' must be at most 100 (a percentage), got 1000");
    for (const char* dice : {"-1d6", "99999d99999", "1d1", "d", "2d6-1", "1d10001"}) {
      CAPTURE(std::string(dice));
      const auto e = refused("troops", std::string("[[troop_type]]\nkey = \"matchlock-arquebusiers\"\n"
                                                   "market_availability = [\n  { market_class = 1, dice = \"") +
                                           dice + "\", chance_pct = 100 },\n]\n");
      check_one(e, 7, "'dice' must be dice such as \"2d6\" or \"1d8+2\" (1 to 1,000 dice of 2 to 10,000 sides");
    }
    CHECK(refused("troops", "[[troop_type]]\nkey = \"matchlock-arquebusiers\"\nmarket_availability = [\n"
                            "  { market_class = 1, dice = \"1000d10000+10000\", chance_pct = 0 },\n"
                            "  { market_class = 2, dice = \"7\", chance_pct = 100 },\n]\n")
              .empty());
  }
  SUBCASE("a multiplier beyond 1,000") {
    check_one(refused("unit_rules", "[volley_fire]\nreload_tokens_multiplier = 5000\n"), 5,
              "'reload_tokens_multiplier' must be at most 1000 (a multiplier), got 5000");
  }
  SUBCASE("a piece whose short range is 5,000 yd and long range 100 yd") {
    check_one(refused("artillery", "[[piece]]\nname = \"60-pdr Cannon\"\nrange_short_yd = 5000\nrange_long_yd = 100\n"),
              6, "the ranges must grow: range_short_yd (5000) must be less than range_medium_yd (740)");
    // Only the long range changed: the error is at it.
    check_one(refused("artillery", "[[piece]]\nname = \"60-pdr Cannon\"\nrange_long_yd = 700\n"), 6,
              "range_medium_yd (740) must be less than range_long_yd (700)");
  }
  SUBCASE("a dwarven minimum multiplier above the recommended one, a recommended one above the most") {
    check_one(refused("gunpowder_economies", "[dwarven]\nprice_multiplier_min = 9\n"), 5,
              "price_multiplier_min (9) must be at most price_multiplier_recommended (2)");
    check_one(refused("gunpowder_economies", "[dwarven]\nprice_multiplier_recommended = 12\n"), 5,
              "must be at most [dwarven.machinist] artillery_cost_multiplier (10)");
  }
  SUBCASE("broadside max_dice = 100: one error, not one more for every dice row that reads it") {
    check_one(refused("broadside", "[dice_pool]\nmax_dice = 100\n"), 5, "'max_dice' must be at most 5, got 100");
  }
  SUBCASE("a count of dice beyond 1,000 (damage_dice = 1000000 hung the duel; trigger_dice = 20 the fire odds)") {
    struct Case {
      const char* table;
      const char* rules;
      int line;
      const char* message;
    };
    for (const Case& c : {Case{"artillery", "[[piece]]\nname = \"12-pdr Gun\"\ndamage_dice = 1000000\n", 6,
                               "'damage_dice' must be at most 1000 (a number of dice), got 1000000"},
                          Case{"broadside", "[fire]\ntrigger_dice = 1001\n", 5,
                               "'trigger_dice' must be at most 1000 (a number of dice), got 1001"},
                          Case{"artillery", "[rules.scatter]\nscatter_dice = 5000\n", 5,
                               "'scatter_dice' must be at most 1000 (a number of dice)"},
                          Case{"artillery", "[rules.attack]\ndischarge_crew_dice = 5000\n", 5,
                               "'discharge_crew_dice' must be at most 1000 (a number of dice)"}}) {
      CAPTURE(std::string(c.rules));
      check_one(refused(c.table, c.rules), c.line, c.message);
    }
    // 1,000 dice of 10,000 faces: a sum of dice that took hours.
    check_one(refused("artillery", "[rules.scatter]\nscatter_dice = 1000\nscatter_die_sides = 10000\n"), 6,
              "'scatter_die_sides' must be at most 100 (the faces of a die), got 10000");
    check_one(refused("broadside", "[fire]\ndamage_die_sides = 1\n"), 5,
              "'damage_die_sides' must be at least 2 (the faces of a die)");
    CHECK(refused("artillery", "[[piece]]\nname = \"12-pdr Gun\"\ndamage_dice = 1000\n").empty());
    CHECK(refused("artillery", "[rules.scatter]\nscatter_dice = 1000\nscatter_die_sides = 100\n").empty());
    CHECK(refused("broadside", "[fire]\ntrigger_dice = 20\n").empty());
  }
  SUBCASE("every book mortar removed: refused, one error, at the rules file (a designed mortar crashed)") {
    std::string body;
    for (const char* name : {"200-pdr Mortar", "90-pdr Mortar", "24-pdr Mortar", "12-pdr Mortar"})
      body += std::string("[[piece]]\nname = \"") + name + "\"\nremove = true\n";
    check_one(refused("artillery", body), 2, "no book mortar is left");
    // Three of the four removed: the last one is the nearest book mortar of every designed one.
    const std::string three = body.substr(0, body.rfind("[[piece]]"));
    CHECK(refused("artillery", three).empty());
  }
  SUBCASE("the book's own figures pass, in range and in order") {
    CHECK(refused("artillery", "[[piece]]\nname = \"60-pdr Cannon\"\nrange_long_yd = 1700\n").empty());
    CHECK(refused("unit_rules", "[battle_rating]\nspeed_divisor = 7.5\n").empty());
    CHECK(refused("gunpowder_economies", "[dwarven]\nprice_multiplier_recommended = 10\n").empty());
  }
}
