// Unit tests of a battle between many forces (seed 004, "Divide forces"): sides and roles, the
// field paths of their errors and where the reader places them, pairing, the lines that last one
// battle (a flag of data/war_machine.toml), rolled rounds, and the simple siege's weekly odds.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "gunpowder/war/battle.hpp"
#include "gunpowder/war/read_battle.hpp"
#include "gunpowder/war/rounds.hpp"
#include "gunpowder/war/simple_siege.hpp"
#include "built_in_tables.hpp"

using namespace gunpowder;
using war::Role;

namespace {

const war::Rules& rules() {
  auto r = war::load_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

war::BattleForce battle_force(const std::string& name, std::int64_t troops, int br, Role role = Role::none) {
  war::BattleForce b;
  b.force.name = name;
  b.force.troops = troops;
  b.force.br = br;
  b.force.role = role;
  return b;
}

std::vector<war::RatedForce> rated(const std::vector<war::BattleForce>& forces) {
  auto r = war::rate_forces(rules(), forces);
  REQUIRE(r.has_value());
  return *r;
}

std::string only_field(const Diagnostics& d) {
  REQUIRE(d.items().size() == 1);
  return d.items().front().field;
}

/// Writes `text` to a temporary file and returns its path.
std::string temp_file(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / ("war-battle-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = (dir / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace

TEST_CASE("war::force_field") {
  CHECK(war::force_field(3, "role") == "force[3].role");
  CHECK(war::force_field(0) == "force[0]");
}

TEST_CASE("war::make_sides") {
  SUBCASE("roles make the sides, and a force without a role takes its side's") {
    auto r = rated({battle_force("A", 100, 50, Role::attacker), battle_force("B", 100, 50, Role::defender)});
    auto s = war::make_sides(r);
    REQUIRE(s.has_value());
    CHECK(s->name[0] == "attacker");
    CHECK(s->name[1] == "defender");
    CHECK(s->members[0] == std::vector<size_t>{0});
    CHECK(s->members[1] == std::vector<size_t>{1});
  }
  SUBCASE("a divided force keeps its BR, its parts named by number (Divide forces, l. 68)") {
    auto a = battle_force("A", 300, 80, Role::attacker);
    a.split = {200, 100};
    auto r = rated({a, battle_force("B", 100, 50, Role::defender)});
    auto s = war::make_sides(r);
    REQUIRE(s.has_value());
    REQUIRE(r.size() == 3);
    CHECK(r[0].force.name == "A 1");
    CHECK(r[0].force.troops == 200);
    CHECK(r[1].force.name == "A 2");
    CHECK(r[1].rating.br == 80);
    CHECK(r[1].parent == "A");
    CHECK(r[1].source == 0);
    CHECK(s->members[0].size() == 2);
  }
  SUBCASE("errors name the field of the input force") {
    auto r = rated({battle_force("A", 100, 50), battle_force("A", 100, 50)});
    auto s = war::make_sides(r);
    REQUIRE_FALSE(s.has_value());
    CHECK(only_field(s.error()) == "force[1].name");
    CHECK(s.error().items().front().message == "two forces are named 'A'");

    r = rated({battle_force("A", 100, 50, Role::defender), battle_force("B", 100, 50, Role::defender)});
    s = war::make_sides(r);
    REQUIRE_FALSE(s.has_value());
    CHECK(only_field(s.error()) == "force[1].role");
  }
  SUBCASE("not two sides: the file of the first force") {
    auto a = battle_force("A", 100, 50);
    auto b = battle_force("B", 100, 50);
    a.force.side = b.force.side = "x";
    auto r = rated({a, b});
    auto s = war::make_sides(r);
    REQUIRE_FALSE(s.has_value());
    CHECK(only_field(s.error()) == "force[0]");
    CHECK(s.error().items().front().message ==
          "a battle needs two sides; every force is on side 'x' (give each force a role or a side)");
  }
}

TEST_CASE("war::check_tactics") {
  auto a = battle_force("A", 100, 50, Role::attacker);
  a.force.tactic = "attack";
  auto r = rated({a, battle_force("B", 100, 50, Role::defender)});
  const auto d = war::check_tactics(r);
  CHECK(only_field(d) == "force[1].name");
  r[1].force.tactic = "hold";
  CHECK(war::check_tactics(r).empty());
}

TEST_CASE("war::pair_forces and war::fight_pairs") {
  SUBCASE("an opponent that is not on the other side") {
    auto a = battle_force("A", 100, 50, Role::attacker);
    a.force.opponent = "Z";
    auto r = rated({a, battle_force("B", 100, 50, Role::attacker), battle_force("C", 100, 50, Role::defender)});
    auto s = war::make_sides(r);
    REQUIRE(s.has_value());
    war::BattleConfig c;
    auto p = war::pair_forces(rules(), r, *s, c);
    REQUIRE_FALSE(p.has_value());
    CHECK(only_field(p.error()) == "force[0].opponent");
  }
  SUBCASE("two against one: one battle, one force unmatched") {
    auto r = rated({battle_force("A", 100, 90, Role::attacker), battle_force("B", 100, 50, Role::attacker),
                    battle_force("C", 100, 50, Role::defender)});
    auto s = war::make_sides(r);
    REQUIRE(s.has_value());
    war::BattleConfig c;
    auto p = war::pair_forces(rules(), r, *s, c);
    REQUIRE(p.has_value());
    auto b = war::fight_pairs(rules(), r, *s, *p, c);
    REQUIRE(b.has_value());
    REQUIRE(b->engagements.size() == 1);
    // The highest BR chooses first.
    CHECK(b->engagements.front().force[0] == 0);
    CHECK(b->unmatched == std::vector<size_t>{1});
  }
}

TEST_CASE("war::lasts_one_battle (one_battle_only in data/war_machine.toml)") {
  const auto& R = rules();
  // Surprise, Leader loss and PC heroics groups, and "Attacking enemy on the march".
  for (const char* id : {"ambush", "encampment", "leader-removed", "officer-removed", "pc-leader-succeeds",
                         "name-level-pc-fails", "attacking-on-march"}) {
    CAPTURE(id);
    CHECK(war::lasts_one_battle(R, id));
  }
  for (const char* id : {"in-stronghold", "higher-altitude", "detailed-plan", "in-liege-dominion", "no_such_line"}) {
    CAPTURE(id);
    CHECK_FALSE(war::lasts_one_battle(R, id));
  }
  CHECK(war::lasting_situation(R, {"ambush", "higher-altitude", "attacking-on-march", "detailed-plan"}) ==
        std::vector<std::string>{"higher-altitude", "detailed-plan"});
}

TEST_CASE("war::roll_battle") {
  const auto& R = rules();
  auto a = battle_force("A", 5000, 100, Role::attacker);
  a.force.situation = {"ambush", "higher-altitude"};
  auto r = rated({a, battle_force("B", 5000, 100, Role::defender)});
  auto s = war::make_sides(r);
  REQUIRE(s.has_value());
  war::BattleConfig c;
  auto e = war::engage(R, r, 0, 1, c);
  REQUIRE(e.has_value());
  Rng rng = Rng::stream(7, 0);
  auto ro = war::roll_battle(R, {r[0], r[1]}, *e, c, rng, 50);
  REQUIRE(ro.has_value());
  REQUIRE(ro->rounds.size() >= 2);
  CHECK(ro->rounds.front().modified_br[0] == e->spec[0].modified_br);
  // Round 2 is fought by the forces as round 1 left them, without the ambush (one battle only)
  // and with the higher altitude still.
  Rng again = Rng::stream(7, 0);
  auto first = war::roll_battle(R, {r[0], r[1]}, *e, c, again, 1);
  REQUIRE(first.has_value());
  CHECK(first->stop == "one battle");
  auto after = r;
  for (size_t k = 0; k < 2; ++k) {
    after[k].force.troops = first->state[k].troops;
    after[k].force.fatigue = first->state[k].fatigue;
  }
  after[0].force.situation = {"higher-altitude"};
  auto second = war::engage(R, after, 0, 1, c);
  REQUIRE(second.has_value());
  CHECK(ro->rounds[1].modified_br[0] == second->spec[0].modified_br);
  CHECK(ro->rounds[1].modified_br[1] == second->spec[1].modified_br);
  CHECK_FALSE(ro->stop.empty());
  for (size_t k = 0; k < 2; ++k) CHECK(ro->state[k].troops == ro->rounds.back().troops_after[k]);
}

TEST_CASE("war::tally_battles") {
  const auto& R = rules();
  auto r = rated({battle_force("A", 100, 176, Role::attacker), battle_force("B", 100, 102, Role::defender)});
  auto s = war::make_sides(r);
  REQUIRE(s.has_value());
  war::BattleConfig c;
  auto e = war::engage(R, r, 0, 1, c);
  REQUIRE(e.has_value());
  std::uint64_t told = 0;
  const auto t = war::tally_battles(R, *e, c.options, 10000, 3, 0, [&](std::uint64_t n) { told += n; });
  CHECK(t.wins[0] + t.wins[1] + t.ties == 10000);
  CHECK(told == 8192);
  CHECK(t.wins[0] > t.wins[1]);
}

TEST_CASE("war::siege_defender_side and war::siege_week_odds") {
  const auto& R = rules();
  auto r = rated({battle_force("Besiegers", 4000, 120, Role::attacker), battle_force("Garrison", 500, 100, Role::defender)});
  auto s = war::make_sides(r);
  REQUIRE(s.has_value());
  war::BattleConfig c;
  c.battle.simple_siege = true;
  auto e = war::engage(R, r, 0, 1, c);
  REQUIRE(e.has_value());
  auto def = war::siege_defender_side(r, *e);
  REQUIRE(def.has_value());
  CHECK(*def == 1);
  auto w1 = war::siege_week_odds(R, r, *e, 1, c, 1, 500);
  auto w4 = war::siege_week_odds(R, r, *e, 1, c, 4, 300);
  REQUIRE(w1.has_value());
  REQUIRE(w4.has_value());
  // +5 BR a week for the besieger and a smaller garrison: the assault's odds grow.
  CHECK(w4->p_attacker > w1->p_attacker);
  auto none = war::siege_week_odds(R, r, *e, 1, c, 9, 0);
  REQUIRE(none.has_value());
  CHECK(none->p_attacker == 1.0);
  CHECK(none->p_defender == 0.0);
}

TEST_CASE("war::read_battle and war::place_force_fields") {
  const auto& R = rules();
  const auto path = temp_file("two.toml",
                              "[battle]\ntie_policy = \"defender\"\n\n"
                              "[[force]]\nname = \"A\"\ntroops = 100\nbr = 50\nrole = \"attacker\"\n\n"
                              "[[force]]\nname = \"B\"\ntroops = 100\nbr = 50\nsplit = [60, 40]\n");
  auto in = war::read_battle(R, {path});
  REQUIRE(in.has_value());
  REQUIRE(in->forces.size() == 2);
  CHECK(in->settings.tie_policy == std::optional<std::string>("defender"));
  CHECK(in->forces[1].split == std::vector<std::int64_t>{60, 40});
  Diagnostics d;
  d.field_error("force[1].split", "a message");
  d.field_error("force[0].opponent", "at the table when the key is absent");
  d.field_error("force[1]", "the file");
  d.error(SourcePos{"elsewhere", 2, 3}, "passes through");
  const auto placed = war::place_force_fields(d, *in);
  REQUIRE(placed.items().size() == 4);
  const auto& i = placed.items();
  CHECK(i[0].pos.line == 14);
  CHECK(i[0].pos.column == 9);
  CHECK(i[0].source_line == "split = [60, 40]");
  CHECK(i[0].field.empty());
  CHECK(i[1].pos.line == 4);
  CHECK(i[2].pos.file == path);
  CHECK(i[2].pos.line == 0);
  CHECK(i[2].source_line.empty());
  CHECK(i[3].pos.file == "elsewhere");
  std::filesystem::remove_all(std::filesystem::path(path).parent_path());
}
