// args.hpp - the one look at argv before CLI11 parses it: where the input files begin ("--") and
// the requests that end a run before its options are checked (--completion, --describe-output,
// --print-rules), which need no subcommand or input.
#pragma once

#include <optional>
#include <string>

namespace gunpowder::cli {

struct ArgScan {
  int split = 0;                           ///< the index of the first "--" (argc without one)
  std::optional<std::string> completion;   ///< --completion SHELL (empty when no shell follows)
  bool describe = false;                   ///< --describe-output
  std::optional<std::string> print_rules;  ///< --print-rules [TABLE] (empty: every table)
};

/// Scans argv before "--": each request taken at its first occurrence, "--name=value" or "--name value"
/// (--print-rules takes the next word as its table unless it begins with '-').
ArgScan scan_args(int argc, const char* const* argv);

}  // namespace gunpowder::cli
