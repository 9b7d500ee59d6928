// spelling.hpp - the suite's spelling of a value a user typed (docs/vocabulary.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gunpowder {

/// The suite's spelling of an enum value as a user may type it, the books' own spelling included:
/// lower case, every run of characters other than letters and digits made one '-', none at either
/// end, '&' read as "and" and a final '+' as "-plus". "Attack+" is attack-plus, "Below Average" below-average,
/// "Point Blank" point-blank, "Three of a kind" three-of-a-kind, "no_result" no-result, "Field Carriage & Limber" field-carriage-and-limber.
std::string suite_spelling(std::string_view typed);

/// The closed kind spelled `s`: the enum whose value is the index of `s` in `names` (the kind's
/// spellings, declared once in the enum's order), or nullopt for a spelling no kind has.
template <class Kind>
std::optional<Kind> kind_named(const std::vector<std::string>& names, std::string_view s) {
  for (size_t i = 0; i < names.size(); ++i)
    if (s == names[i]) return static_cast<Kind>(i);
  return std::nullopt;
}

}  // namespace gunpowder
