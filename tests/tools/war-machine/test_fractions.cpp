// war-machine --fractions: the fractions the tool prints against a brute-force count in this test
// (every pair of d100 throws enumerated, C = BR in combat + d100 for each side, the winner and the
// combat-results band found here from the card's bands, the counts reduced with std::gcd), never
// against the code under test. The consequences of a row (fatigue, location, troops lost) are read
// from the combat-results rows the tool prints: what is checked is how the pairs are counted over them.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "json_fractions.hpp"
#include "run_app.hpp"
#include "war-machine/war_app.hpp"

using namespace gunpowder;
using fractions_test::Arrays;
using fractions_test::arrays_of;
using fractions_test::Object;
using fractions_test::reduced;
using testing::Run;

namespace {

Run war_machine(std::vector<std::string> args) {
  args.insert(args.begin(), "war-machine");
  return testing::run_main(&war_app::main, std::move(args));
}

Arrays fractions_json(std::vector<std::string> args) {
  for (const char* a : {"--fractions", "--distributions", "--format", "json"}) args.emplace_back(a);
  const Run r = war_machine(std::move(args));
  REQUIRE(r.code == 0);
  return arrays_of(r.out);
}

// The lower ends of the bands of the card's combat-results table (War Machine, Combat results: the
// difference of the two totals, 1-8, 9-15, ..., 121-150, 151+).
constexpr std::array<int, 13> kBandFrom{1, 9, 16, 25, 31, 39, 51, 64, 81, 91, 101, 121, 151};

int band_of(int difference) {
  int from = 0;
  for (int b : kBandFrom)
    if (difference >= b) from = b;
  return from;
}

enum class Ties { reroll, defender, no_result };

// Every pair of d100 throws counted: wins, ties and (winner, band) of a battle between BRs in combat
// br[0] and br[1].
struct Pairs {
  std::array<std::uint64_t, 2> win{};
  std::uint64_t tie = 0;
  std::map<std::pair<int, int>, std::uint64_t> rows;  ///< (winner, band's lower end; 0: a tie settled) -> pairs
};

Pairs count_pairs(const std::array<int, 2>& br, Ties ties) {
  Pairs c;
  for (int r0 = 1; r0 <= 100; ++r0)
    for (int r1 = 1; r1 <= 100; ++r1) {
      const int d = (br[0] + r0) - (br[1] + r1);
      if (d == 0) {
        ++c.tie;
        if (ties == Ties::defender) ++c.rows[{1, 0}];  // the second force defends: it wins the tie
        continue;
      }
      const int w = d > 0 ? 0 : 1;
      ++c.win.at(static_cast<size_t>(w));
      ++c.rows[{w, band_of(std::abs(d))}];
    }
  REQUIRE(c.win[0] + c.win[1] + c.tie == 10000);
  return c;
}

const std::vector<Object>& of_battle(const Arrays& a, const std::string& name) {
  static const std::vector<Object> none;
  const auto it = a.find(name);
  return it == a.end() ? none : it->second;
}

// A side's state after a pair, from the combat-results row it falls in: its fatigue, its location
// (the place and the units) and its troops lost.
struct SideAfter {
  std::string fatigue, location;
  long long lost = 0;
};
SideAfter side_after(const Object& row, bool winner) {
  const std::string who = winner ? "winner_" : "loser_";
  return {row.members.at(who + "fatigue"),
          row.members.at(who + "location") + "|" + row.members.at(who + "location_units"),
          std::stoll(row.members.at(who + "casualties"))};
}

// The battle of forces A and B (in the order given, A attacking) under the tie policy, against the
// brute-force count of its 10,000 pairs.
void check_battle(const std::vector<std::string>& forces, Ties ties) {
  std::vector<std::string> args{"battle"};
  args.insert(args.end(), forces.begin(), forces.end());
  const char* const policy = ties == Ties::reroll ? "reroll" : ties == Ties::defender ? "defender" : "no-result";
  args.insert(args.end(), {"--tie-policy", policy});
  CAPTURE(policy);
  const Arrays a = fractions_json(args);
  const auto& battle = of_battle(a, "battles");
  REQUIRE(battle.size() == 1);
  const std::array<int, 2> br{std::stoi(battle[0].members.at("combat_br_0")),
                              std::stoi(battle[0].members.at("combat_br_1"))};
  const std::array<std::string, 2> name{battle[0].members.at("force_0"), battle[0].members.at("force_1")};
  CAPTURE(br[0]);
  CAPTURE(br[1]);
  const Pairs c = count_pairs(br, ties);
  // The pairs that count once ties are settled: ties rolled again leave the decisive ones.
  const std::uint64_t counted = ties == Ties::reroll ? c.win[0] + c.win[1] : 10000;
  const std::array<std::uint64_t, 2> resolved{c.win[0], c.win[1] + (ties == Ties::defender ? c.tie : 0)};

  // The odds, raw and after the tie policy.
  const auto& odds = of_battle(a, "odds");
  REQUIRE(odds.size() == 3);
  for (size_t k = 0; k < 2; ++k) {
    CHECK(odds[k].members.at("outcome") == name.at(k) + " wins");
    CHECK(odds[k].fractions.at("p") == reduced(c.win.at(k), 10000));
    CHECK(odds[k].fractions.at("p_resolved") == reduced(resolved.at(k), counted));
  }
  CHECK(odds[2].fractions.at("p") == reduced(c.tie, 10000));
  CHECK(odds[2].fractions.at("p_resolved") == (ties == Ties::no_result ? reduced(c.tie, 10000) : "0"));
  CHECK(battle[0].fractions.at("p_win_resolved_0") == reduced(resolved[0], counted));
  CHECK(battle[0].fractions.at("p_win_resolved_1") == reduced(resolved[1], counted));
  CHECK(battle[0].fractions.at("p_tie") == reduced(c.tie, 10000));

  // Each combat-results row: its pairs of the 10,000; every row some pair falls in is listed.
  const auto& rows = of_battle(a, "combat_results");
  CHECK(rows.size() == c.rows.size());
  std::map<std::pair<int, int>, const Object*> row_of;
  for (const Object& r : rows) {
    const int w = r.members.at("winner") == name[0] ? 0 : 1;
    const std::pair<int, int> key{w, std::stoi(r.members.at("difference_min"))};
    row_of[key] = &r;
    const auto n = c.rows.find(key);
    REQUIRE(n != c.rows.end());
    CAPTURE(key.first);
    CAPTURE(key.second);
    CHECK(r.fractions.at("p") == reduced(n->second, 10000));
  }

  // Fatigue, location and troops lost after the battle, over the pairs that count.
  std::array<std::map<std::string, std::uint64_t>, 2> fatigue, location;
  std::array<std::map<long long, std::uint64_t>, 2> lost;
  for (const auto& entry : c.rows) {
    const Object& row = *row_of.at(entry.first);
    for (size_t k = 0; k < 2; ++k) {
      const SideAfter s = side_after(row, static_cast<int>(k) == entry.first.first);
      fatigue.at(k)[s.fatigue] += entry.second;
      location.at(k)[s.location] += entry.second;
      lost.at(k)[s.lost] += entry.second;
    }
  }
  if (ties == Ties::no_result && c.tie > 0)
    for (size_t k = 0; k < 2; ++k) {  // nothing happens: each keeps its fatigue (none) and its troops
      fatigue.at(k)["none"] += c.tie;
      location.at(k)["no-result|null"] += c.tie;
      lost.at(k)[0] += c.tie;
    }
  std::array<size_t, 2> fatigue_rows{}, location_rows{};
  for (const Object& r : of_battle(a, "after_the_battle")) {
    const size_t k = r.members.at("force") == name[0] ? 0 : 1;
    const bool is_fatigue = r.members.at("kind") == "fatigue";
    const std::string state =
        is_fatigue ? r.members.at("state") : r.members.at("state") + "|" + r.members.at("location_units");
    CAPTURE(state);
    const auto& counts = is_fatigue ? fatigue.at(k) : location.at(k);
    REQUIRE(counts.count(state) == 1);
    CHECK(r.fractions.at("p") == reduced(counts.at(state), counted));
    ++(is_fatigue ? fatigue_rows : location_rows).at(k);
  }
  for (size_t k = 0; k < 2; ++k) {
    CHECK(fatigue_rows.at(k) == fatigue.at(k).size());
    CHECK(location_rows.at(k) == location.at(k).size());
  }

  // Each side's troops lost, value by value, with P(at least) and P(at most).
  for (size_t k = 0; k < 2; ++k) {
    std::vector<const Object*> values;
    for (const Object& r : of_battle(a, "casualty_distribution"))
      if (r.members.at("force") == name.at(k) && r.members.at("loss") == "casualties") values.push_back(&r);
    REQUIRE(values.size() == lost.at(k).size());
    std::uint64_t below = 0;
    size_t i = 0;
    for (const auto& entry : lost.at(k)) {
      const Object& r = *values.at(i++);
      // troops_lost: the troops a side loses (troops is the force's size, forces[].troops).
      CHECK(r.members.count("troops") == 0);
      CHECK(r.members.at("troops_lost") == std::to_string(entry.first));
      CHECK(r.fractions.at("p_at_least") == reduced(counted - below, counted));
      below += entry.second;
      CHECK(r.fractions.at("p") == reduced(entry.second, counted));
      CHECK(r.fractions.at("p_at_most") == reduced(below, counted));
    }
  }
}

}  // namespace

TEST_CASE("war-machine battle --fractions: odds, rows, states and troops lost against every pair of d100 throws") {
  SUBCASE("equal BRs, under each tie policy") {
    for (Ties t : {Ties::reroll, Ties::defender, Ties::no_result})
      check_battle({"--force", "Red:1000:br=100", "--force", "Blue:1000:br=100"}, t);
  }
  SUBCASE("a gap of 90 BR: the 151+ row, the loser broken") {
    check_battle({"--force", "Red:1000:br=150", "--force", "Blue:1000:br=60"}, Ties::reroll);
    check_battle({"--force", "Red:1000:br=150", "--force", "Blue:1000:br=60"}, Ties::no_result);
  }
  SUBCASE("the defender stronger, and a troop ratio") {
    check_battle({"--force", "Red:1200:br=55", "--force", "Blue:500:br=70"}, Ties::defender);
  }
}

TEST_CASE("war-machine siege --fractions: the assault's odds in a week against the battle of that week") {
  // Before the food runs out the defender keeps its troops, so week 1's assault is the battle with
  // --simple-siege --weeks-besieged 1 (War Machine, Siege (simple rules)): its BRs in combat, then
  // the 10,000 pairs counted here.
  const std::string file = std::string(GUNPOWDER_SOURCE_DIR) + "/examples/war-machine-siege.toml";
  const Arrays battle = fractions_json({"battle", file, "--simple-siege", "--weeks-besieged", "1"});
  REQUIRE(battle.at("battles").size() == 1);
  const Object& b = battle.at("battles")[0];
  REQUIRE(b.members.at("force_0") == "Besiegers");
  const Pairs c = count_pairs({std::stoi(b.members.at("combat_br_0")), std::stoi(b.members.at("combat_br_1"))},
                              Ties::reroll);
  const Arrays siege = fractions_json({"siege", file, "--weeks", "2", "--food-weeks", "5"});
  const auto& weeks = siege.at("simple_siege_week_by_week");
  REQUIRE(weeks.size() == 2);
  const Object& week1 = weeks[0];
  // As battle's table of battles: the wins with ties settled (rolled again: over the decisive pairs),
  // named *_resolved, and the tie before it is settled (over all 10,000 pairs).
  CHECK(week1.fractions.at("p_attacker_wins_resolved") == reduced(c.win[0], c.win[0] + c.win[1]));
  CHECK(week1.fractions.at("p_defender_wins_resolved") == reduced(c.win[1], c.win[0] + c.win[1]));
  CHECK(week1.fractions.at("p_tie") == reduced(c.tie, 10000));
  CHECK(week1.fractions.count("p_attacker_wins") == 0);
  CHECK(week1.fractions.count("p_defender_wins") == 0);
  // A week later the besieger has 5 BR more: a different count, still exact.
  const Pairs c2 = count_pairs({std::stoi(b.members.at("combat_br_0")) + 5, std::stoi(b.members.at("combat_br_1"))},
                               Ties::reroll);
  CHECK(weeks[1].fractions.at("p_attacker_wins_resolved") == reduced(c2.win[0], c2.win[0] + c2.win[1]));
  CHECK(weeks[1].fractions.at("p_tie") == reduced(c2.tie, 10000));
  // Ties of no result: the wins are over all 10,000 pairs, and with the tie add up to 1.
  const Arrays none =
      fractions_json({"siege", file, "--weeks", "1", "--food-weeks", "5", "--tie-policy", "no-result"});
  const Object& w1 = none.at("simple_siege_week_by_week").at(0);
  CHECK(w1.fractions.at("p_attacker_wins_resolved") == reduced(c.win[0], 10000));
  CHECK(w1.fractions.at("p_defender_wins_resolved") == reduced(c.win[1], 10000));
  CHECK(w1.fractions.at("p_tie") == reduced(c.tie, 10000));
}

TEST_CASE("war-machine march --fractions: the forced march and foraging over the d6") {
  const Arrays a = fractions_json({"march", "--troops", "300", "--troop-class", "good"});
  // The chances over the die's six faces, counted from the faces the table prints.
  std::uint64_t success = 0;
  std::map<std::string, std::uint64_t> fatigue;
  const Object* p_row = nullptr;
  for (const Object& r : a.at("forced_march_results")) {
    if (r.members.at("roll") == "null") {
      p_row = &r;
      continue;
    }
    if (r.members.at("success") == "true") ++success;
    ++fatigue[r.members.at("fatigue")];
  }
  REQUIRE(p_row != nullptr);
  CHECK(p_row->fractions.at("p_success") == reduced(success, 6));
  for (const char* f : {"none", "moderate", "serious"})
    CHECK(p_row->fractions.at(std::string("p_fatigue_") + f) == reduced(fatigue[f], 6));
  // Foraging (War Machine, Food): at 2V'/3, 2 in 6; at V'/3, 4 in 6.
  std::vector<std::string> food;
  for (const Object& r : a.at("rates"))
    if (r.fractions.count("p_food") != 0U) food.push_back(r.fractions.at("p_food"));
  CHECK(food == std::vector<std::string>{"1/3", "2/3"});
}

TEST_CASE("war-machine --fractions: sampled shares keep their decimals; every fraction is reduced; not with csv") {
  const std::string file = std::string(GUNPOWDER_SOURCE_DIR) + "/examples/war-machine-field.toml";
  // --runs: the share of the battles rolled is sampled (no fraction), the exact odds beside it are.
  const Arrays a = fractions_json({"battle", file, "--roll", "--runs", "500"});
  const auto& repeated = a.at("repeated");
  REQUIRE(repeated.size() == 3);
  for (const Object& r : repeated) {
    CHECK(r.fractions.count("p_share") == 0);
    CHECK(r.fractions.count("p_exact") == 1);
  }
  fractions_test::check_all_reduced(a);
  const Run text = war_machine({"battle", file, "--roll", "--runs", "500", "--fractions", "--table", "repeated"});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("has no fraction") != std::string::npos);
  CHECK(text.out.find("9649/10000") != std::string::npos);
  // Without --fractions, no "fractions" member anywhere.
  const Run plain = war_machine({"battle", file, "--format", "json"});
  CHECK(plain.out.find("\"fractions\"") == std::string::npos);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"battle", file}, {"siege", file, "--weeks", "2", "--food-weeks", "1"},
        {"march", "--troops", "300", "--troop-class", "good"}}) {
    std::vector<std::string> csv_args = args;
    csv_args.insert(csv_args.end(), {"--fractions", "--format", "csv"});
    const Run csv = war_machine(csv_args);
    CAPTURE(args.front());
    CHECK(csv.code == 64);
    CHECK(csv.err.find("--fractions: csv writes raw values") != std::string::npos);
    CHECK(csv.out.empty());
  }
  // A campaign's odds come from a chain of battles with no small denominator: no --fractions there.
  CHECK(war_machine({"campaign", file, "--fractions"}).code == 64);
}
