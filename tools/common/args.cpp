// args.cpp - the one look at argv before CLI11 parses it (args.hpp).
#include "common/args.hpp"

#include <string_view>

namespace gunpowder::cli {

ArgScan scan_args(int argc, const char* const* argv) {
  ArgScan s;
  s.split = argc;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--") {
      s.split = i;
      break;
    }
  for (int i = 1; i < s.split; ++i) {
    const std::string_view a = argv[i];
    const bool next = i + 1 < s.split;
    if (a == "--describe-output") {
      s.describe = true;
    } else if (!s.completion && a == "--completion") {
      s.completion = next ? argv[i + 1] : "";
    } else if (!s.completion && a.substr(0, 13) == "--completion=") {
      s.completion = std::string(a.substr(13));
    } else if (!s.print_rules && a == "--print-rules") {
      s.print_rules = next && argv[i + 1][0] != '-' ? argv[i + 1] : "";
    } else if (!s.print_rules && a.substr(0, 14) == "--print-rules=") {
      s.print_rules = std::string(a.substr(14));
    }
  }
  return s;
}

}  // namespace gunpowder::cli
