// war_input.hpp - reading how a War Machine force is rated from a TOML table (strict
// input::TableReader: unknown keys and wrong types are errors at file:line:col). Used by
// war-machine's [[force]] tables and by siege-duration's Siege Machine sides, so that both read
// a force the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/input/document.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::war {

/// The largest troop count and rating an input may give.
inline constexpr std::int64_t kMaxInputTroops = 1000000000;
inline constexpr double kMaxInputRating = 100000;
/// The most weeks besieged a battle may give ([battle] weeks_besieged and --weeks-besieged): at
/// +5 BR a week this keeps a modified BR far inside an int.
inline constexpr int kMaxWeeksBesieged = 10000;

/// The allowed values of the force keys that come from the rules (tactic and troop-class ids).
struct ForceVocabulary {
  std::vector<std::string> tactics, classes;
};
ForceVocabulary force_vocabulary(const Rules& rules);

/// An optional integer key as an int.
std::optional<int> read_opt_int(input::TableReader& r, std::string_view key, input::Range range);


/// The rating keys of one force table, read into `f` (whose `troops` must already be set):
/// exactly one of br, bfr, a `factors` table and a `quick` table; troop_class; the composition
/// percentages (mounted_pct, missile_pct, missile_100ft_pct, magical_pct, spells_pct, flying_pct,
/// movement_ft) and statements. `who` names the force in messages ("force 'Orcs'"), `prefix` names
/// its table in them ("force": "[force.factors]"). The nested tables are finished here; `r` is not.
void read_force_rating(const Rules& rules, const ForceVocabulary& vocab, const input::Document& doc,
                       input::TableReader& r, Diagnostics& d, Force& f, const std::string& who,
                       const std::string& prefix);

}  // namespace gunpowder::war
