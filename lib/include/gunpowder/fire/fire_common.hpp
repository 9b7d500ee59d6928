// fire_common.hpp - small figures shared by the fire rules: the d20 of attack throws and saves.
// (JSON output rounds every real itself: json::kSignificantDigits.)
#pragma once

#include "gunpowder/core/spelling.hpp"

#include <cctype>
#include <string>
#include <string_view>

namespace gunpowder::fire {

/// Attack throws, saving throws and structural saves are d20 throws (ACKS; every example of
/// seed 000 reads them on a d20).
inline constexpr int kD20 = 20;

/// The suite's spelling of an enum value a user typed (gunpowder::suite_spelling).
inline std::string enum_spelling(std::string_view s) { return suite_spelling(s); }

}  // namespace gunpowder::fire
