// house_rules.hpp - what the command line asks of the data layer (tools/common: --house-rules,
// --print-rules): the embedded tables' names and texts and the house rules in effect. Without
// toml++ (the tools include this, not data.hpp; ctest build.includes).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"

namespace gunpowder::data {

struct EmbeddedFile {
  std::string_view name;  ///< file name, e.g. "artillery.toml"
  std::string_view text;
};

/// Every embedded data file, in the order the build listed them.
const std::vector<EmbeddedFile>& embedded_files();

/// The text of one embedded file; empty when there is none by that name.
std::string_view embedded(std::string_view name);

/// True when a house-rules file changes the built-in tables in this process (issue 15: `--house-rules`,
/// GUNPOWDER_RULES). Loaders may take a precomputed form of the built-in tables only when false.
bool house_rules_in_effect();

/// The names of the built-in tables, "artillery" for data/artillery.toml, in the build's order.
std::vector<std::string> table_names();

/// One figure or row a house-rules file changed.
struct RuleChange {
  std::string file;      ///< the rules file, as given
  std::string table;     ///< the built-in table, e.g. "troops"
  std::string path;      ///< e.g. `dwarven.recommended_powder_cost_gp_per_lb`, `piece[name = "30-pdr Gun"]`
  std::string action;    ///< "changed", "added" (a key or a row), "removed" (a row), "replaced" (a keyless list)
  std::string built_in;  ///< the built-in value as TOML; empty for an added row or key
  std::string value;     ///< the house-rule value as TOML; empty for a row added or removed
};

/// A house-rules file in effect.
struct RulesFile {
  std::string name;         ///< as given by --house-rules or GUNPOWDER_RULES
  std::string table;        ///< the built-in table it changes
  std::string description;  ///< [house_rules] description, may be empty
  SourcePos pos;            ///< where it names its table (`table = ...`)
};

/// Reads, checks and merges the house-rules files `paths` over the built-in tables, for every
/// later load() of this process. Must be called before any table is loaded: a later call with
/// files is an error (the tables are built once). Errors: a missing file (66), bad TOML, an
/// unknown table, key or row, a value of the wrong type (65) — every error of every file.
Diagnostics set_house_rules(const std::vector<std::string>& paths);
const std::vector<RulesFile>& house_rules_files();
const std::vector<RuleChange>& house_rule_changes();
/// Where a figure of a built-in table came from when a house rule changed it: "house rule (FILE)"
/// (the last file, by its last path component) when a change of `table` is at `path`, inside it
/// (a key of the row `path` names) or around it (the row, or a list, holding it); nullopt when no
/// house rule touched it. `path` is spelled as RuleChange::path is: `piece[name = "18-pdr Gun"].damage_dice`.
std::optional<std::string> house_rule_source(std::string_view table, std::string_view path);

}  // namespace gunpowder::data
