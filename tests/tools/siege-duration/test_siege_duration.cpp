// Tests of siege-duration's command line, in-process (the input reader's tests are in
// tests/unit/siege/test_read_siege.cpp).
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

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
