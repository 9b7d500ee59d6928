// suggest.hpp - "did you mean" for a mistyped subcommand, option or value: the nearest of the
// names valid there, by edit distance (Damerau-Levenshtein: a swap of two letters is one edit).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gunpowder::cli {

/// The edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`, letters compared
/// without regard to case.
size_t edit_distance(std::string_view a, std::string_view b);

/// The name of `valid` nearest to `typed`, when it is near enough to be what was meant: at most
/// one edit for a name of up to four letters, two up to eight, three beyond; or `typed` a prefix of
/// exactly one name. Ties go to the first in `valid`.
std::optional<std::string> nearest(std::string_view typed, const std::vector<std::string>& valid);

}  // namespace gunpowder::cli
