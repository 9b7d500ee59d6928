// run_fire_odds.hpp - fire-odds run in-process on a command line (without the program's name), for
// the tests of tool.fire-odds: its exit code and what it wrote to standard output and error.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "fire-odds/fire_app.hpp"

namespace gunpowder::fire_odds_test {

struct Run {
  int code = 0;
  std::string out, err;
};

inline Run run(std::vector<std::string> args) {
  args.insert(args.begin(), "fire-odds");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  Run r;
  r.code = fire_app::main(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace gunpowder::fire_odds_test
