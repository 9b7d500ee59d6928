// data::Tables (issue 23, item 4): the tables of a run are one object, built by the tool and passed
// down; no module keeps tables, house rules or anything made from them in a static. So one process
// can hold the book's tables and house-ruled ones at once, in either order, and each module reads
// the figures of the Tables it is given. Each figure below is the book's (data/*.toml as transcribed,
// the page in the comment) or the house rule's as the test writes it.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/artillery/duel_rules.hpp"
#include "gunpowder/data/tables.hpp"
#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/fire/chainmail.hpp"
#include "gunpowder/fire/fire_artillery.hpp"
#include "gunpowder/firearms/firearms.hpp"
#include "gunpowder/input/document.hpp"
#include "gunpowder/siege/siege.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "gunpowder/units/read_units.hpp"
#include "gunpowder/units/unit_br.hpp"
#include "gunpowder/war/war_machine.hpp"
#include "run_app.hpp"

using namespace gunpowder;

namespace {

std::string write_rules(const std::string& name, const std::string& text) { return testing::write_temp(name, text); }

data::Tables house_ruled(const std::vector<std::string>& files) {
  auto t = data::Tables::with_house_rules(files);
  REQUIRE(t);
  return std::move(*t);
}

// One house rule of each built-in table a module reads, each changing one figure.
std::vector<std::string> rules_of_every_module() {
  return {
      write_rules("gp-tables-artillery.toml",
                  "[house_rules]\ntable = \"artillery\"\n\n[[piece]]\nname = \"2-pdr Gun\"\ncost_gp = 150\n\n"
                  "[rules.design]\nrof_rounds_per_day = 1440\n\n[rules.duel]\ntarget_short = 7\n"),
      write_rules("gp-tables-firearms.toml",
                  "[house_rules]\ntable = \"firearms\"\n\n[rules.misfire]\nclear_rounds = 5\n"),
      write_rules("gp-tables-troops.toml",
                  "[house_rules]\ntable = \"troops\"\n\n[[troop]]\nrace = \"man\"\ntroop_type = \"pikemen\"\n"
                  "wage_gp = 9\n"),
      write_rules("gp-tables-war.toml",
                  "[house_rules]\ntable = \"war_machine\"\n\n[battle_rating]\nbonus_divisor = 20\n"),
      write_rules("gp-tables-broadside.toml",
                  "[house_rules]\ntable = \"broadside\"\n\n[cannon_loss]\n[[cannon_loss.rows]]\n"
                  "damage_fraction = 0.5\ncannon_lost_fraction = 0.5\n[[cannon_loss.rows]]\n"
                  "damage_fraction = 1.0\ncannon_lost_fraction = 1.0\n"),
      write_rules("gp-tables-chainmail.toml",
                  "[house_rules]\ntable = \"chainmail\"\n\n[arquebus_rate_of_fire]\nfires_every_turns = 3\n"),
      write_rules("gp-tables-siege-machine.toml",
                  "[house_rules]\ntable = \"siege_machine\"\n\n[siege_food]\nbr_loss_pct = 40\n"),
  };
}

/// The figures each module reads from `t`, one per accessor.
struct Figures {
  double two_pdr_cost = 0;
  int duel_target_short = 0;
  int misfire_clear_rounds = 0;
  double pikemen_wage = 0;
  int bonus_divisor = 0;
  size_t cannon_loss_steps = 0;
  int arquebus_every_turns = 0;
  int br_loss_pct = 0;
  int siege_rounds_per_day = 0;
  size_t siege_cannon_loss_steps = 0;
};

Figures figures(const data::Tables& t) {
  Figures f;
  const auto cat = artillery::load_catalogue(t);
  REQUIRE(cat);
  const auto* two = (*cat)->find(artillery::Type::gun, 2);
  REQUIRE(two);
  f.two_pdr_cost = two->cost_gp;
  const auto duel = artillery::load_duel_rules(t);
  REQUIRE(duel);
  f.duel_target_short = (*duel)->target[0];
  const auto fc = firearms::load_catalogue(t);
  REQUIRE(fc);
  f.misfire_clear_rounds = (*fc)->rules.misfire_clear_rounds;
  const auto units = units::load_catalogue(t);
  REQUIRE(units);
  const auto* pikemen = (*units)->troop("man", "pikemen");
  REQUIRE(pikemen);
  REQUIRE(pikemen->wage_gp);
  f.pikemen_wage = *pikemen->wage_gp;
  const auto war = war::load_rules(t);
  REQUIRE(war);
  f.bonus_divisor = (*war)->br_bonus_divisor;
  const auto broadside = fire::load_broadside(t);
  REQUIRE(broadside);
  f.cannon_loss_steps = (*broadside)->cannon_loss.size();
  const auto chainmail = fire::load_chainmail(t);
  REQUIRE(chainmail);
  f.arquebus_every_turns = (*chainmail)->arquebus_every_turns;
  const auto sm = siege::load_siege_machine_rules(t);
  REQUIRE(sm);
  f.br_loss_pct = (*sm)->br_loss_pct;
  const auto siege = siege::load_rules(t);  // made from the artillery and broadside tables of `t`
  REQUIRE(siege);
  f.siege_rounds_per_day = (*siege)->duel.rounds_per_day;
  f.siege_cannon_loss_steps = (*siege)->structures.cannon_loss.size();
  return f;
}

void check_book(const Figures& f) {
  CHECK(f.two_pdr_cost == 315);           // Gunpowder Artillery Characteristics: the 2-pdr gun, 315 gp
  CHECK(f.duel_target_short == 6);        // Gunpowder Artillery Duels, p. 18: "6+ at short range"
  CHECK(f.misfire_clear_rounds == 3);     // [rules.misfire]: 3 rounds to clear a misfire (Firearm Mechanisms, p. 9)
  CHECK(f.pikemen_wage == 6);             // the troop wage table: human pikemen, 6 gp a month
  CHECK(f.bonus_divisor == 10);           // War Machine: B = B' + n ceil(B'/10)
  CHECK(f.cannon_loss_steps == 3);        // Baggins Wood Cannons, Firing: 50%, 75%, 100% damaged
  CHECK(f.arquebus_every_turns == 2);     // Chainmail Gunpowder: arquebusiers fire every other turn
  CHECK(f.br_loss_pct == 50);             // Siege Machine, Food: 50% of BR lost
  CHECK(f.siege_rounds_per_day == 2880);  // Guns of War: 2,880 combat rounds a day
  CHECK(f.siege_cannon_loss_steps == 3);
}

void check_house_ruled(const Figures& f) {
  CHECK(f.two_pdr_cost == 150);
  CHECK(f.duel_target_short == 7);
  CHECK(f.misfire_clear_rounds == 5);
  CHECK(f.pikemen_wage == 9);
  CHECK(f.bonus_divisor == 20);
  CHECK(f.cannon_loss_steps == 2);
  CHECK(f.arquebus_every_turns == 3);
  CHECK(f.br_loss_pct == 40);
  CHECK(f.siege_rounds_per_day == 1440);  // the siege module reads the house-ruled artillery table
  CHECK(f.siege_cannon_loss_steps == 2);  // ... and the house-ruled broadside table
}

}  // namespace

TEST_CASE("data::Tables: the book's tables and house-ruled ones in one process, in either order") {
  const auto files = rules_of_every_module();
  SUBCASE("house rules first, then the book") {
    const data::Tables ruled = house_ruled(files);
    check_house_ruled(figures(ruled));
    const data::Tables book;
    check_book(figures(book));
    check_house_ruled(figures(ruled));  // the first is unchanged by the second
  }
  SUBCASE("the book first, then house rules") {
    const data::Tables book;
    check_book(figures(book));
    const data::Tables ruled = house_ruled(files);
    check_house_ruled(figures(ruled));
    check_book(figures(book));
  }
  SUBCASE("a module asked first for a table another module builds on (no order of loads matters)") {
    const data::Tables ruled = house_ruled(files);
    const auto siege = siege::load_rules(ruled);  // builds the artillery and broadside tables first
    REQUIRE(siege);
    CHECK((*siege)->duel.rounds_per_day == 1440);
    check_house_ruled(figures(ruled));
  }
}

TEST_CASE("data::Tables: the house rules in effect belong to their Tables") {
  const auto file =
      write_rules("gp-tables-2pdr.toml",
                  "[house_rules]\ntable = \"artillery\"\n\n[[piece]]\nname = \"2-pdr Gun\"\ncost_gp = 150\n");
  const data::Tables ruled = house_ruled({file});
  const data::Tables book;
  CHECK(ruled.house_rules_in_effect());
  CHECK_FALSE(book.house_rules_in_effect());
  REQUIRE(ruled.house_rules_files().size() == 1);
  CHECK(ruled.house_rules_files()[0].table == "artillery");
  REQUIRE(ruled.house_rule_changes().size() == 1);
  CHECK(ruled.house_rule_changes()[0].path == "piece[name = \"2-pdr Gun\"].cost_gp");
  CHECK(ruled.house_rule_source("artillery", "piece[name = \"2-pdr Gun\"].cost_gp") ==
        "house rule (gp-tables-2pdr.toml)");
  CHECK_FALSE(ruled.house_rule_source("artillery", "piece[name = \"3-pdr Gun\"].cost_gp"));
  CHECK(book.house_rules_files().empty());
  CHECK_FALSE(book.house_rule_source("artillery", "piece[name = \"2-pdr Gun\"].cost_gp"));
  // The piece remembers the rule behind its figure in the house-ruled tables only.
  const auto* ruled_piece = (*artillery::load_catalogue(ruled))->find(artillery::Type::gun, 2);
  const auto* book_piece = (*artillery::load_catalogue(book))->find(artillery::Type::gun, 2);
  REQUIRE(ruled_piece);
  REQUIRE(book_piece);
  CHECK(ruled_piece->house_rule_sources.count("cost_gp") == 1);
  CHECK(book_piece->house_rule_sources.empty());
}

TEST_CASE("data::Tables: what a reader takes from the tables is the Tables' (a firearm type added by house rules)") {
  // carbine-firearms.toml adds the firearm type "carbine" (docs/house-rules.md): a [[unit]] may carry
  // one with those tables and not with the book's, in the same process.
  const std::string carbine = std::string(GUNPOWDER_SOURCE_DIR) + "/examples/house-rules/carbine-firearms.toml";
  const std::string unit =
      "[[unit]]\ntroop = \"reiters\"\nfirearms = [{mechanism = \"wheellock\", type = \"carbine\", count = 1}]\n";
  auto errors_with = [&](const data::Tables& t) {
    auto doc = input::parse(unit, "u.toml");
    REQUIRE(doc);
    const auto cat = units::load_catalogue(t);
    REQUIRE(cat);
    Diagnostics errors;
    units::read_units(*doc, **cat, {}, errors, [](units::UnitTable&) { return Diagnostics{}; });
    return errors;
  };
  const data::Tables book;
  const data::Tables ruled = house_ruled({carbine});
  for (int round = 0; round < 2; ++round) {
    CHECK(errors_with(ruled).empty());
    const Diagnostics refused = errors_with(book);
    REQUIRE_FALSE(refused.empty());
    CHECK(refused.items().front().message.find("carbine") != std::string::npos);
  }
}

TEST_CASE("data::Tables: a table that points to another module's points into the same Tables") {
  const std::string gun = std::string(GUNPOWDER_SOURCE_DIR) + "/examples/house-rules/30-pdr-gun.toml";
  const data::Tables book;
  const data::Tables ruled = house_ruled({gun});
  for (const data::Tables* t : {&ruled, &book}) {
    const auto fire_rules = fire::load_artillery_rules(*t);
    REQUIRE(fire_rules);
    const auto cat = artillery::load_catalogue(*t);
    REQUIRE(cat);
    CHECK((*fire_rules)->catalogue == *cat);
  }
  CHECK((*fire::load_artillery_rules(ruled))->catalogue->find(artillery::Type::gun, 30) != nullptr);
  CHECK((*fire::load_artillery_rules(book))->catalogue->find(artillery::Type::gun, 30) == nullptr);
}

TEST_CASE("data::Tables: a module's tables are made once per Tables, on the first request, by one thread") {
  const data::Tables t;
  std::vector<const siege::Rules*> got(4, nullptr);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < got.size(); ++i)
    threads.emplace_back([&t, &got, i] {
      auto r = siege::load_rules(t);
      got[i] = r ? *r : nullptr;
    });
  for (auto& th : threads) th.join();
  for (const auto* r : got) {
    REQUIRE(r != nullptr);
    CHECK(r == got[0]);
  }
  CHECK(*siege::load_rules(t) == got[0]);
  // Another Tables makes its own.
  const data::Tables other;
  CHECK(*siege::load_rules(other) != got[0]);
}

TEST_CASE("data::Tables: an error of house-ruled tables is theirs alone") {
  // A divisor of 0 is refused by the merge (every built-in value there is more than 0)...
  CHECK_FALSE(data::Tables::with_house_rules({write_rules(
      "gp-tables-zero.toml", "[house_rules]\ntable = \"war_machine\"\n\n[battle_rating]\nbonus_divisor = 0\n")}));
  // ... and one the loader refuses (no pikemen wage row for men) fails that Tables' load only.
  const data::Tables ruled = house_ruled(
      {write_rules("gp-tables-remove.toml",
                   "[house_rules]\ntable = \"firearms\"\n\n[[firearm_type]]\nkey = \"pistol\"\nremove = true\n")});
  const auto broken = units::load_catalogue(ruled);
  REQUIRE_FALSE(broken);
  CHECK(broken.error().items().front().code == ExitCode::data_error);
  const data::Tables book;
  CHECK(units::load_catalogue(book));
}
