// spelling.hpp - the suite's spelling of a value a user typed (docs/vocabulary.md).
#pragma once

#include <string>
#include <string_view>

namespace gunpowder {

/// The suite's spelling of an enum value as a user may type it, the books' own spelling included:
/// lower case, every run of characters other than letters and digits made one '-', none at either
/// end, '&' read as "and" and a final '+' as "-plus". "Attack+" is attack-plus, "Below Average" below-average,
/// "Point Blank" point-blank, "Three of a kind" three-of-a-kind, "no_result" no-result, "Field Carriage & Limber" field-carriage-and-limber.
std::string suite_spelling(std::string_view typed);

}  // namespace gunpowder
