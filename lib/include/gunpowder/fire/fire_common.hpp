// fire_common.hpp - small things shared by the fire rules and fire-odds: the d20 of attack throws
// and saves, and the builder of a typed step of --explain. (JSON output rounds every real itself:
// json::kSignificantDigits.)
#pragma once

#include <string>
#include <utility>

#include "gunpowder/core/explain.hpp"

namespace gunpowder::fire {

/// Attack throws, saving throws and structural saves are d20 throws (ACKS; every example of
/// seed 000 reads them on a d20).
inline constexpr int kD20 = 20;
/// A misfire chance is a whole percentage: its chances are multiples of 1/100 (--fractions).
inline constexpr int kPercent = 100;

/// A citation of a documented reading (docs/sources.md): the book's section, then "(a documented reading)".
inline std::string reading(const std::string& source) { return source + " (a documented reading)"; }

}  // namespace gunpowder::fire
