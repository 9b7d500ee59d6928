// fire_common.hpp - small figures shared by the fire rules: the d20 of attack throws and saves.
// (JSON output rounds every real itself: json::kSignificantDigits.)
#pragma once

namespace gunpowder::fire {

/// Attack throws, saving throws and structural saves are d20 throws (ACKS; every example of
/// seed 000 reads them on a d20).
inline constexpr int kD20 = 20;

}  // namespace gunpowder::fire
