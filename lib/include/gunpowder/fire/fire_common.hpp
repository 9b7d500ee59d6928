// fire_common.hpp - small figures shared by the fire rules: the d20 of attack throws and saves.
// (JSON output rounds every real itself: json::kSignificantDigits.)
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace gunpowder::fire {

/// Attack throws, saving throws and structural saves are d20 throws (ACKS; every example of
/// seed 000 reads them on a d20).
inline constexpr int kD20 = 20;

/// The suite's spelling of an enum value a user typed (docs/vocabulary.md): lower case, its words
/// joined by one '-', so that the books' own spellings read as well: "Point Blank", "point_blank"
/// and "point-blank" are all "point-blank", "Three of a kind" is "three-of-a-kind".
inline std::string enum_spelling(std::string_view s) {
  std::string out;
  bool gap = false;
  for (char c : s) {
    if (c == ' ' || c == '_' || c == '-' || c == '\t') {
      gap = !out.empty();
      continue;
    }
    if (gap) out += '-';
    gap = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace gunpowder::fire
