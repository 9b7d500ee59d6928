// bounds.hpp - the check of a number flag, made on its text as typed (issue 24, item 5: a value is
// quoted exactly as given, and an out-of-range value names the bound it broke).
#pragma once

#include <string>

namespace CLI {
class Validator;
}

namespace gunpowder::cli {

/// What a bounded flag takes.
struct Bounds {
  double min = 0;
  double max = 0;
  bool whole = false;          ///< a whole number (an INT flag)
  bool above_min = false;      ///< min itself excluded ("positive")
  const char* unit = "";       ///< named after the bounds: "feet", "pounds"
  const char* describe = "";   ///< the help's type text ("INT in [1 - 100]", as CLI::Range wrote it); "" adds none
};

/// "must be from 1 to 100000 feet, got 1e308", "must be a whole number from 1 to 1000000, got
/// 1e3", "must be positive and at most 100000 feet, got 0"; "" when `text` is a number within `b`.
std::string bounds_error(const Bounds& b, const std::string& text);

/// What an option given an empty value is told (`--troops ''`): every option, bounded or not.
inline constexpr const char* kEmptyValue = "needs a value (an empty value is not the default)";

/// A CLI11 check of the flag's text by bounds_error: CLI11 reports "--FLAG: MESSAGE" (exit 64).
CLI::Validator bounded(const Bounds& b);

}  // namespace gunpowder::cli
