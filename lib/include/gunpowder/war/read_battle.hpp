// read_battle.hpp - reading a War Machine battle file: [[force]] tables (name, troops, role,
// side, one way of rating, situation, fatigue, tactic, opponent, split, wounded) and an optional
// [battle] table of settings. A large file is parsed in two pieces at once. The reader keeps
// where each force came from, so that a rule's field path ("force[3].role", see battle.hpp)
// becomes file:line:col here, once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/input/document.hpp"
#include "gunpowder/war/battle.hpp"

namespace gunpowder::war {

/// The [battle] table: each setting as given (absent: not given).
struct BattleFileSettings {
  std::optional<bool> siege_machine, simple_siege;
  std::optional<int> weeks_besieged;
  std::optional<std::string> tie_policy, casualty_reading, ratio_reading, percent_reading;
  bool present = false;
};

/// Where an input force was read: its document and table (both owned by BattleInput::docs).
struct ForceOrigin {
  const input::Document* doc = nullptr;
  const toml::table* table = nullptr;
};

/// Every input of a battle, read: the documents, the settings and the forces in input order.
struct BattleInput {
  std::vector<input::Document> docs;
  BattleFileSettings settings;
  std::vector<BattleForce> forces;
  std::vector<ForceOrigin> origins;  ///< one per force
};

/// Reads and parses every path ("-": stdin), then reads the [[force]] and [battle] tables of
/// each; all errors of all files at once, in file order.
Expected<BattleInput> read_battle(const Rules& rules, const std::vector<std::string>& paths);
/// The same, with documents parsed elsewhere (a tool's forces given as flags) read after the files.
Expected<BattleInput> read_battle(const Rules& rules, const std::vector<std::string>& paths,
                                  std::vector<input::Document> more);

/// The same, from inputs that may be read again (standard input is read once: input::Source).
Expected<BattleInput> read_battle(const Rules& rules, const std::vector<input::Source>& sources,
                                  std::vector<input::Document> more);

/// Places the diagnostics that name a force's field ("force[i].key", see battle.hpp) at that key
/// of its table (at the table when the key is absent); "force[i]" alone is placed at its file,
/// without a line. Others pass through unchanged.
Diagnostics place_force_fields(const Diagnostics& in, const BattleInput& input);

}  // namespace gunpowder::war
