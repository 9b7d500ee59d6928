// Tests of siege-duration's command line, in-process (the input reader's tests are in
// tests/unit/siege/test_read_siege.cpp).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../run_app.hpp"
#include "siege-duration/siege_app.hpp"

using namespace gunpowder;

namespace {

int run(std::vector<std::string> args, std::string& out, std::string& err) {
  args.insert(args.begin(), "siege-duration");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream o, e;
  const int code = siege_app::main(static_cast<int>(argv.size()), argv.data(), o, e);
  out = o.str();
  err = e.str();
  return code;
}

}  // namespace

TEST_CASE("siege_app::main") {
  std::string out, err;
  SUBCASE("no input file is a usage error") {
    CHECK(run({}, out, err) == 64);
  }
  SUBCASE("an unknown option is a usage error") {
    CHECK(run({"--frobnicate"}, out, err) == 64);
  }
  SUBCASE("a missing input file exits 66") {
    CHECK(run({"/nonexistent/siege.toml"}, out, err) == 66);
  }
  SUBCASE("--help lists the examples") {
    CHECK(run({"--help"}, out, err) == 0);
    CHECK(out.find("--method duel --trace --seed 1") != std::string::npos);
  }
}

TEST_CASE("siege-duration --method siege-machine: exact odds, sampled when the costs' distribution is asked for") {
  // Costs without money on hand: the exact chain has their mean and sd, not their distribution.
  const auto file = testing::temp_path("siege-duration-test-machine-exact.toml");
  {
    std::ofstream f(file);
    f << "[siege_machine]\nplan = \"bombard\"\nweeks = 12\n"
         "[siege_machine.attacker]\nbr = 120\ntroops = 2000\nhit_dice = 1\npay_gp_per_troop_week = 1\n"
         "equipment = [ { id = \"trebuchet\", count = 2 } ]\n"
         "[siege_machine.defender]\nbr = 100\ntroops = 60\nhit_dice = 1\n"
         "fortifications = [ { id = \"keep_square\" } ]\n";
  }
  std::string out, err;
  const std::vector<std::string> base{file.string(), "--method", "siege-machine", "--format", "csv", "--table"};
  auto with = [&](const std::string& table) {
    std::vector<std::string> args = base;
    args.push_back(table);
    return args;
  };
  REQUIRE(run(with("siege-ends"), out, err) == 0);
  CHECK(out.find(",,exact,373,100000,captured-by-bombardment,") != std::string::npos);
  REQUIRE(run(with("siege-cost-summary"), out, err) == 0);
  CHECK(out.find("attacker,1,10000,sampled,373,100000,gp,") != std::string::npos);
  REQUIRE(run(with("siege-machine-odds"), out, err) == 0);
  CHECK(out.find(",,exact,373,") != std::string::npos);
  std::filesystem::remove(file);
}
