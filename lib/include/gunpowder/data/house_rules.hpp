// house_rules.hpp - what the command line asks of the data layer besides the tables themselves
// (tools/common: --print-rules, the "House rules" table): the embedded tables' names and texts,
// and the records of the house rules in effect (data::Tables holds them). Without toml++ (the tools
// include this and tables.hpp, not data.hpp; ctest build.includes).
#pragma once

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

}  // namespace gunpowder::data
