// Tests of war-machine's --write-forces as one of the run's outputs: written only when the whole run
// succeeds, an existing file unchanged otherwise, an empty name a usage error; and "--" before a
// file whose name starts with "-".
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "war-machine/war_app.hpp"

using namespace gunpowder;

namespace {

struct Outcome {
  int code = 0;
  std::string out, err;
};

Outcome war_machine(std::vector<std::string> args) {
  args.insert(args.begin(), "war-machine");
  std::vector<const char*> argv;
  argv.reserve(args.size());
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  const int code = war_app::main(static_cast<int>(argv.size()), argv.data(), out, err);
  return {code, out.str(), err.str()};
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("war_app --write-forces with the run's other outputs") {
  const std::string field = std::string(GUNPOWDER_SOURCE_DIR) + "/examples/war-machine-field.toml";
  const auto dir = std::filesystem::temp_directory_path() / ("war-machine-outputs-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string after = (dir / "after.toml").string();
  const std::vector<std::string> roll = {"battle", field, "--roll", "--seed", "7", "--write-forces", after};

  SUBCASE("a failing --output: the forces file is not created") {
    auto args = roll;
    args.insert(args.end(), {"--output", (dir / "nodir/o.txt").string()});
    const auto r = war_machine(args);
    CHECK(r.code == 73);
    CHECK(r.out.empty());
    CHECK_FALSE(std::filesystem::exists(after));
    CHECK(std::filesystem::is_empty(dir));
  }
  SUBCASE("a failing --output: an existing forces file is unchanged") {
    std::ofstream(after) << "# the last campaign\n";
    auto args = roll;
    args.insert(args.end(), {"--output", (dir / "nodir/o.txt").string()});
    CHECK(war_machine(args).code == 73);
    CHECK(slurp(after) == "# the last campaign\n");
  }
  SUBCASE("with --output and --svg: all three written") {
    auto args = roll;
    args.insert(args.end(), {"--output", (dir / "o.txt").string(), "--svg", (dir / "c.svg").string()});
    const auto r = war_machine(args);
    CHECK(r.code == 0);
    CHECK(r.out.empty());
    CHECK(slurp(after).find("[[force]]") != std::string::npos);
    CHECK(std::filesystem::file_size(dir / "o.txt") > 0);
    CHECK(slurp(dir / "c.svg").find("<svg") != std::string::npos);
  }
  SUBCASE("--write-forces '' is a usage error") {
    auto args = roll;
    args.back() = "";
    const auto r = war_machine(args);
    CHECK(r.code == 64);
    CHECK(r.err == "war-machine: error: --write-forces: needs a file name\nwar-machine: run with --help for usage\n");
  }
  SUBCASE("the same file for --write-forces and --output is a usage error, nothing written") {
    auto args = roll;
    args.insert(args.end(), {"--output", after});
    const auto r = war_machine(args);
    CHECK(r.code == 64);
    CHECK(std::filesystem::is_empty(dir));
  }
  SUBCASE("after --, a name starting with - is a file (the subcommand passes it on)") {
    std::filesystem::copy_file(field, dir / "-x.toml");
    const auto here = std::filesystem::current_path();
    std::filesystem::current_path(dir);
    const auto r = war_machine({"battle", "--summary", "--", "-x.toml"});
    std::filesystem::current_path(here);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(r.out == war_machine({"battle", "--summary", field}).out);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("war_app --write-forces writes names that cannot add or break forces") {
  const auto dir = std::filesystem::temp_directory_path() / ("war-machine-names-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  // The reproducer: a name whose second line would be a force of its own if written raw
  // into a comment, and a quote and a backslash that would end a hand-quoted string.
  const std::string ghost = "Elves\\n[[force]]\\nname = \\\"Ghost army\\\"\\ntroops = 999999\\nbr = 100\\nrole = \\\"attacker\\\"";
  {
    std::ofstream f(dir / "field.toml");
    f << "[[force]]\nname = \"" << ghost << "\"\nrole = \"attacker\"\ntroops = 500\nbr = 96\n\n"
      << "[[force]]\nname = \"Orcs \\\"the\\\" \\\\ Bold\"\nrole = \"defender\"\ntroops = 1000\nbr = 72\n";
  }
  const std::string after = (dir / "after.toml").string();
  const auto r = war_machine({"battle", (dir / "field.toml").string(), "--roll", "--seed", "3", "--rounds", "3",
                              "--write-forces", after});
  REQUIRE(r.code == 0);
  const std::string written = slurp(after);
  // Every comment line is one line: no line of the file starts a table but the two [[force]] headers.
  int headers = 0;
  std::istringstream lines(written);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("[[force]]", 0) == 0) ++headers;
  CHECK(headers <= 2);
  // Read back: the same two forces, the names intact.
  const auto back = war_machine({"rate", after, "--format", "json"});
  CHECK(back.code == 0);
  CHECK(back.err.empty());
  CHECK(back.out.find("Ghost army") != std::string::npos);  // inside the first name, not a force
  CHECK(back.out.find("\"troops\": 999999") == std::string::npos);
  CHECK(back.out.find("Orcs \\\"the\\\" \\\\ Bold") != std::string::npos);
  std::filesystem::remove_all(dir);
}
