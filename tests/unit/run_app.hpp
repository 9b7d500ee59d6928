// run_app.hpp - helpers of the tests that run a tool in-process: its exit code, stdout and
// stderr, and input files written to the temporary directory.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gunpowder::testing {

/// What a run gave.
struct Run {
  int code = 0;
  std::string out, err;
};
/// Runs a tool's main (e.g. unit_app::main) on `args` (args[0] is the tool's name).
template <class Main>
Run run_main(Main main, std::vector<std::string> args) {
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  Run r;
  r.code = main(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}
/// Writes `text` to `name` in the temporary directory and returns its path.
inline std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace gunpowder::testing
