// demo_tool.hpp - the tests of tools/common run a small demo tool in-process: its command line
// (without the program name), its standard output and error, and the exit code.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "common/cli.hpp"

namespace gunpowder::test {

/// Runs cli::run_tool for "demo-tool ARGS...", with `out` and `err` set to what it printed.
template <class Setup, class Run>
int run_demo(const cli::ToolInfo& info, const Setup& setup, const Run& run, std::vector<const char*> args,
             std::string& out, std::string& err) {
  args.insert(args.begin(), "demo-tool");
  std::ostringstream o, e;
  const int code = cli::run_tool(info, static_cast<int>(args.size()), args.data(), o, e, setup, run);
  out = o.str();
  err = e.str();
  return code;
}

}  // namespace gunpowder::test
