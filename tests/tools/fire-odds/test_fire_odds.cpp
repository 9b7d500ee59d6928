// Unit tests of the fire-odds command, run in-process: the "Must work as written"
// commands, the JSON contract (tables and their order), TOML scenarios and the exit codes.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/commands.hpp"
#include "common/completion.hpp"
#include "../declared_values.hpp"
#include "fire-odds/fire_app.hpp"
#include "run_fire_odds.hpp"

using namespace gunpowder;
using fire_odds_test::Run;
using fire_odds_test::run;

namespace {
// Position of a JSON key in the output (npos when absent), to check the documented order.
size_t at(const std::string& s, const std::string& key) { return s.find("\"" + key + "\":"); }
}  // namespace

TEST_CASE("fire-odds: the issue's commands work as written") {
  SUBCASE("artillery --type gun --shot-lb 6 --range-yd 1000 --format json") {
    const auto r = run({"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", "1000", "--format", "json"});
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    // One array per table, each row naming its scenario (gunpowder/fire-odds/scenarios version 8).
    CHECK(r.out.find("\"version\": 8") != std::string::npos);
    CHECK(at(r.out, "tool") < at(r.out, "scenarios"));
    CHECK(at(r.out, "scenarios") < at(r.out, "attack"));
    CHECK(at(r.out, "attack") < at(r.out, "results_of_the_attack_throw"));
    CHECK(r.out.find("\"command\": \"artillery\"") != std::string::npos);
    CHECK(r.out.find("\"p_success\": 0,") != std::string::npos);
    const size_t direct = r.out.find("\"result\": \"direct-hit\""), close = r.out.find("\"result\": \"close-hit\""),
                 scatter = r.out.find("\"result\": \"scatter\""), misfire = r.out.find("\"result\": \"misfire\"");
    REQUIRE(direct != std::string::npos);
    CHECK(direct < close);
    CHECK(close < scatter);
    CHECK(scatter < misfire);
    CHECK(r.out.find("\"p\": 0,", direct) < close);  // 21+: a natural 20 is only a close hit
    CHECK(r.out.find("\"p\": 0.05,", close) < scatter);
  }
  SUBCASE("artillery --type cannon --shot-lb 24 --range-yd 1000 --plunging") {
    const auto r = run({"artillery", "--type", "cannon", "--shot-lb", "24", "--range-yd", "1000", "--plunging"});
    CHECK(r.code == 0);
    CHECK(r.out.find("Target value                          25+") != std::string::npos);
    CHECK(r.out.find("2d6 x 50 yd away") != std::string::npos);
  }
  SUBCASE("firearm --weapon \"matchlock musket\" --range-ft 150 --target-ac 6") {
    const auto r = run({"firearm", "--weapon", "matchlock musket", "--range-ft", "150", "--target-ac", "6"});
    CHECK(r.code == 0);
    CHECK(r.out.find("Natural roll needed") != std::string::npos);
  }
  SUBCASE("broadside --cannon 3 --weight heavy --range short --format json") {
    const auto r =
        run({"broadside", "--cannon", "3", "--weight", "heavy", "--range-band", "short", "--format", "json"});
    CHECK(r.code == 0);
    CHECK(at(r.out, "hands") != std::string::npos);
    CHECK(r.out.find("\"hand\": \"poker\"") != std::string::npos);
    CHECK(at(r.out, "structural_damage") != std::string::npos);
    CHECK(at(r.out, "casualties") != std::string::npos);
    CHECK(r.out.find("\"rerolls\": 2") != std::string::npos);  // 3 heavy cannon: 5+2
  }
  SUBCASE("broadside --dice 5 --rerolls 0") {
    const auto r = run({"broadside", "--dice", "5", "--rerolls", "0"});
    CHECK(r.code == 0);
    CHECK(r.out.find("Poker - Five of a Kind  0.0772%") != std::string::npos);
  }
  SUBCASE("arquebus --men 10 --range-in 8 --cover half") {
    const auto r = run({"arquebus", "--men", "10", "--range-in", "8", "--cover", "half"});
    CHECK(r.code == 0);
    CHECK(r.out.find("33.33%") != std::string::npos);
  }
  SUBCASE("dowel --gun heavy --call white --range-in 26 --depth-in 8") {
    const auto r =
        run({"dowel", "--gun", "heavy", "--call", "white", "--range-in", "26", "--depth-in", "8", "--format", "json"});
    CHECK(r.code == 0);
    CHECK(r.out.find("\"straight_on_target_in\": 4,") != std::string::npos);
  }
}

TEST_CASE("fire-odds: bad input is a clear error") {
  SUBCASE("beyond maximum range: 64 on the command line") {
    const auto r = run({"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", "1601"});
    CHECK(r.code == 64);
    CHECK(r.err == "fire-odds: error: --range-yd: 1601 yd is beyond the 6-pdr Gun's long range of 1600 yd\n");
    CHECK(r.out.empty());
  }
  SUBCASE("more dice than the rules allow") {
    CHECK(run({"broadside", "--dice", "6"}).code == 64);
    CHECK(run({"broadside", "--dice", "5", "--rerolls", "7"}).code == 64);
    CHECK(run({"broadside", "--cannon", "0", "--weight", "light"}).code == 64);
  }
  SUBCASE("impossible modifiers and modes") {
    CHECK(run({"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", "500", "--plunging"}).code == 64);
    CHECK(run({"artillery", "--type", "mortar", "--shot-lb", "12", "--range-yd", "50"}).code == 64);
    CHECK(run({"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", "500", "--attack-throw", "99"}).code ==
          64);
    CHECK(
        run({"firearm", "--weapon", "rifled matchlock musket", "--range-ft", "10", "--target-ac", "5", "--scattershot"})
            .code == 64);
    CHECK(run({"broadside", "--cannon", "2", "--weight", "light", "--range-band", "long", "--ammo", "canister"}).code ==
          64);
  }
  SUBCASE("no subcommand, or a subcommand and files") {
    CHECK(run({}).code == 64);
    CHECK(run({"artillery", "x.toml"}).code == 64);
  }
  SUBCASE("a missing input file is 66") { CHECK(run({"/nonexistent/fire.toml"}).code == 66); }
}

TEST_CASE("fire-odds: --help lists the subcommands and examples") {
  const auto r = run({"--help"});
  CHECK(r.code == 0);
  for (const char* s : {"artillery", "firearm", "broadside", "arquebus", "dowel", "Examples"})
    CHECK(r.out.find(s) != std::string::npos);
}

using test::check_declared_values;

TEST_CASE("fire_app: completion values come from the declared values of every option") {
  cli::Command app("", "fire-odds");
  cli::CommonOptions common;
  fire_app::Options opt;
  fire_app::setup(app, opt);
  cli::add_common_options(app, common, fire_app::kInfo);
  const auto bash = cli::completion_script(app, "fire-odds", "bash");
  REQUIRE(bash);
  int with_values = 0;
  check_declared_values(app, *bash, with_values);
  CHECK(with_values >= 5);
}

TEST_CASE("fire-odds artillery: the creature's damage distribution, against every roll of the dice") {
  // A 6-pdr gun does 4d10 (Guns of War, Damage); a creature saving v. Blast on 17 or more (a d20):
  // after a direct hit a save halves the damage (rounded down), after a close hit it avoids it.
  const auto r = run({"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", "1000", "--save", "17",
                      "--format", "csv", "--table", "creature-damage"});
  REQUIRE(r.code == 0);
  std::map<std::string, std::map<int, double>> want;
  for (int save = 1; save <= 20; ++save)
    for (int a = 1; a <= 10; ++a)
      for (int b = 1; b <= 10; ++b)
        for (int c = 1; c <= 10; ++c)
          for (int d = 1; d <= 10; ++d) {
            const int dmg = a + b + c + d;
            const bool saved = save >= 17;
            want["direct-hit"][saved ? dmg / 2 : dmg] += 1.0 / 200000;
            want["close-hit-or-scatter"][saved ? 0 : dmg] += 1.0 / 200000;
          }
  std::string out = r.out;  // csv lines end in CRLF (RFC 4180)
  out.erase(std::remove(out.begin(), out.end(), '\r'), out.end());
  std::istringstream lines(out);
  std::string line;
  std::getline(lines, line);
  CHECK(line == "scenario,name,struck_by,hp_lost,p,p_at_least,p_at_most");
  std::map<std::string, size_t> rows;
  while (std::getline(lines, line)) {
    std::vector<std::string> c;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) c.push_back(cell);
    REQUIRE(c.size() == 7);
    CAPTURE(line);
    const auto& dist = want[c[2]];
    const int v = std::stoi(c[3]);
    double at_least = 0, at_most = 0;
    for (const auto& [value, p] : dist) (value >= v ? at_least : at_most) += p;
    at_most += dist.count(v) ? dist.at(v) : 0.0;
    CHECK(std::stod(c[4]) == doctest::Approx(dist.count(v) ? dist.at(v) : -1).epsilon(1e-10));
    CHECK(std::stod(c[5]) == doctest::Approx(at_least).epsilon(1e-10));
    CHECK(std::stod(c[6]) == doctest::Approx(at_most).epsilon(1e-10));
    ++rows[c[2]];
  }
  CHECK(rows["direct-hit"] == want["direct-hit"].size());
  CHECK(rows["close-hit-or-scatter"] == want["close-hit-or-scatter"].size());
}
