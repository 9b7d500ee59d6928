// Unit tests of the war-machine command, run in-process: the commands, the written forces
// read back, the seeded --runs tally against the exact odds, and the exit codes.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "common/commands.hpp"
#include "common/completion.hpp"
#include "../declared_values.hpp"
#include "war-machine/war_app.hpp"

using namespace gunpowder;

namespace {

struct Run {
  int code = 0;
  std::string out, err;
};

Run run(std::vector<std::string> args) {
  args.insert(args.begin(), "war-machine");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  const int code = war_app::main(static_cast<int>(argv.size()), argv.data(), out, err);
  return {code, out.str(), err.str()};
}

std::string example(const std::string& name) { return std::string(GUNPOWDER_SOURCE_DIR) + "/examples/" + name; }

std::filesystem::path temp_dir() {
  auto dir = std::filesystem::temp_directory_path() / ("war-machine-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("war_app::main") {
  SUBCASE("the issue's field: Elves BR 176 against Orcs 72 + 30 for 2:1") {
    const auto r = run({"battle", example("war-machine-field.toml"), "--format", "json"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("\"br\": 176") != std::string::npos);
    CHECK(r.out.find("\"modified_br\": 102") != std::string::npos);
    CHECK(r.out.find("\"pairs_win\": 9649") != std::string::npos);
    CHECK(r.out.find("\"pairs_tie\": 26") != std::string::npos);
  }
  SUBCASE("the written forces read back as a battle") {
    const auto dir = temp_dir();
    const auto file = (dir / "after.toml").string();
    auto r = run({"battle", example("war-machine-field.toml"), "--roll", "--seed", "7", "--rounds", "5",
                  "--write-forces", file});
    REQUIRE(r.code == 0);
    REQUIRE(std::filesystem::exists(file));
    r = run({"battle", file, "--summary"});
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    std::filesystem::remove_all(dir);
  }
  SUBCASE("seeded battles tally within 4 standard errors of the exact odds") {
    // 176 against 102: Elves win 9,649 of 10,000 pairs, tie 26 (test_war.cpp checks these counts
    // against a brute-force enumeration). 20,000 battles: sd of the share = sqrt(p(1-p)/n).
    const auto r = run(
        {"battle", example("war-machine-field.toml"), "--roll", "--seed", "11", "--runs", "20000", "--format", "json"});
    REQUIRE(r.code == 0);
    // The repeated table's first row: the first force's wins ("count").
    const auto at = r.out.find("\"count\": ", r.out.find("\"repeated\": ["));
    REQUIRE(at != std::string::npos);
    const long wins = std::stol(r.out.substr(r.out.find_first_of("0123456789", at)));
    const double p = 0.9649, n = 20000;
    CHECK(std::fabs(static_cast<double>(wins) / n - p) < 4 * std::sqrt(p * (1 - p) / n));
  }
  SUBCASE("exit codes") {
    CHECK(run({}).code == 64);
    CHECK(run({"battle", example("no-such-file.toml")}).code == 66);
    CHECK(run({"battle", example("war-machine-field.toml"), "--seed", "3"}).code == 64);
    CHECK(run({"march", "--troops", "300"}).code == 64);
    CHECK(run({"march", "--troops", "300", "--troop-class", "good"}).code == 0);
    CHECK(run({"siege", "--weeks", "4", "--food-weeks", "1", "--defender-troops", "100"}).code == 0);
    CHECK(run({"rate", example("war-machine-prince.toml")}).code == 0);
  }
}

TEST_CASE("war_app::main - a large file of forces read in pieces reports errors at their lines, in order") {
  // Over 1 MiB of [[force]] tables: input::for_each_piece cuts it in pieces of 64 KiB, read on two threads.
  std::string text;
  int line = 0, first_bad = 0, second_bad = 0;
  const int n = 24000;
  for (int i = 0; i < n; ++i) {
    text += "[[force]]\nname = \"F" + std::to_string(i) + "\"\ntroops = 100\nbr = 50\n";
    line += 4;
    if (i == 10) {
      text += "banner = 1\n";
      first_bad = ++line;
    }
    if (i == n - 10) {
      text += "colour = 2\n";
      second_bad = ++line;
    }
    text += "\n";
    ++line;
  }
  REQUIRE(text.size() > (1u << 20));
  const auto path = (temp_dir() / "many-forces.toml").string();
  std::ofstream(path, std::ios::binary) << text;
  const Run r = run({"rate", path, "--format", "csv"});
  CHECK(r.code == 65);
  CHECK(r.out.empty());
  const auto a = r.err.find("many-forces.toml:" + std::to_string(first_bad) + ":1: error:");
  const auto b = r.err.find("many-forces.toml:" + std::to_string(second_bad) + ":1: error:");
  CHECK(a != std::string::npos);
  CHECK(b != std::string::npos);
  CHECK(a < b);
}

TEST_CASE("war_app::commands - one table gives the subcommands, their help and the choice") {
  std::vector<std::string> names;
  for (const auto& c : war_app::commands()) names.emplace_back(c.name);
  CHECK(names == std::vector<std::string>{"rate", "battle", "campaign", "march", "siege"});
  const auto help = run({"--help"});
  for (const auto& c : war_app::commands()) {
    CHECK(help.out.find(c.name) != std::string::npos);
    CHECK(help.out.find(std::string(c.description).substr(0, 30)) != std::string::npos);
    // Each subcommand's help lists the common options it takes from the tool.
    const auto sub = run({c.name, "--help"});
    CHECK(sub.code == 0);
    for (const char* common : {"--format", "--output", "--explain", "--house-rules", "--table"})
      CHECK_MESSAGE(sub.out.find(common) != std::string::npos, c.name, " --help lacks ", common);
  }
  const auto typo = run({"batle", example("war-machine-field.toml")});
  CHECK(typo.code == 64);
  CHECK(typo.err == "war-machine: error: unknown subcommand 'batle'; did you mean 'battle'?\n");
}

TEST_CASE("war_app::main - an option value that names another subcommand parses as with every option registered") {
  const auto dir = temp_dir();
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir);
  // "rate" is --output's value here, so "battle" runs: its options must be there.
  const auto r = run({"--output", "rate", "battle", example("war-machine-field.toml"), "--tie-policy", "defender"});
  std::filesystem::current_path(cwd);
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(std::filesystem::exists(dir / "rate"));
  // An option of another subcommand is refused as before.
  const auto bad = run({"rate", example("war-machine-field.toml"), "--tie-policy", "defender"});
  CHECK(bad.code == 64);
  CHECK(bad.err.find("--tie-policy") != std::string::npos);
  std::filesystem::remove_all(dir);
}

using test::check_declared_values;

TEST_CASE("war_app: completion values come from the declared values of every option") {
  cli::Command app("", "war-machine");
  cli::CommonOptions common;
  war_app::Options opt;
  war_app::setup(app, opt);
  cli::add_common_options(app, common, war_app::kInfo);
  const auto bash = cli::completion_script(app, "war-machine", "bash");
  REQUIRE(bash);
  int with_values = 0;
  check_declared_values(app, *bash, with_values);
  CHECK(with_values >= 5);
}

TEST_CASE("war_app::main campaign - the title says exact only when every state was followed") {
  // The field example's ten battles follow every state; a long campaign of two larger forces
  // (bench/forces.sh's fifth pair) leaves states of vanishing probability unfollowed, and its
  // title gives the bound instead of "exact".
  const auto small = run({"campaign", example("war-machine-field.toml"), "--battles", "10"});
  REQUIRE(small.code == 0);
  CHECK(small.out.find("(exact, up to 10 battles") != std::string::npos);
  CHECK(small.out.find("not followed") == std::string::npos);
  const auto file = (temp_dir() / "long-campaign.toml").string();
  std::ofstream(file) << "[[force]]\nname = \"A5\"\nside = \"north\"\nrole = \"attacker\"\ntroops = 285\nbfr = 105\n"
                         "mounted_pct = 35\nopponent = \"D5\"\ntactic = \"attack\"\n\n"
                         "[[force]]\nname = \"D5\"\nside = \"south\"\nrole = \"defender\"\ntroops = 365\nbr = 75\n"
                         "situation = [\"defending-in-place\"]\ntactic = \"hold\"\n";
  const auto big = run({"campaign", file, "--battles", "100"});
  REQUIRE(big.code == 0);
  CHECK(big.out.find("(exact within ") != std::string::npos);
  CHECK(big.out.find("(exact, up to") == std::string::npos);
  CHECK(big.out.find("not followed: ") != std::string::npos);
  std::filesystem::remove(file);
}
