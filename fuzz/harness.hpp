// harness.hpp - shared body of the libFuzzer harnesses: one tool's whole input path (TOML from
// standard input -> rules -> every renderer), run in-process on the fuzzer's bytes.
//
// The first byte of the input chooses the output format and --explain; the rest is the TOML
// file fed to the tool as "-". Any crash, sanitizer report or hang, an exit code outside the
// documented set, output on a failure or no output on a success aborts the run.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace fuzz {

using ToolMain = int (*)(int, const char* const*, std::ostream&, std::ostream&);

/// `variants` are alternative leading arguments (subcommands and their flags); bits 3-5 of the
/// first byte choose one.
inline int run(ToolMain tool_main, const std::vector<std::vector<std::string>>& variants, const uint8_t* data,
               size_t size) {
  if (size == 0) return 0;
  static const std::vector<std::string> kNone;
  const std::vector<std::string>& leading_args = variants.empty() ? kNone : variants[(data[0] >> 3) % variants.size()];
  static const char* const kFormats[] = {"text", "markdown", "csv", "json"};
  const uint8_t mode = data[0];
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::istringstream in(text);
  std::streambuf* saved = std::cin.rdbuf(in.rdbuf());
  std::vector<std::string> args{"fuzz"};
  args.insert(args.end(), leading_args.begin(), leading_args.end());
  args.push_back("-");
  args.push_back("--format");
  args.push_back(kFormats[mode % 4]);
  if (mode & 4) args.push_back("--explain");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  const int code = tool_main(static_cast<int>(argv.size()), argv.data(), out, err);
  std::cin.rdbuf(saved);
  std::cin.clear();
  // Only the documented exit codes; a bad input never also produces output.
  if (code != 0 && code != 64 && code != 65 && code != 66) std::abort();
  if (code != 0 && !out.str().empty()) std::abort();
  if (code == 0 && out.str().empty()) std::abort();
  return 0;
}

}  // namespace fuzz
