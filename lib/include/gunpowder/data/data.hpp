// data.hpp - the rule tables of data/*.toml, embedded in the binaries at build time.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/input/reader.hpp"

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

/// Parses an embedded file (diagnostics name it "data/NAME"), with the house rules of this process
/// merged over it (see set_house_rules): a merged node keeps its place in its rules file, so the
/// loader's errors about it point there.
Expected<input::Document> load(std::string_view name);

/// Keeps a document a loader has read until the process ends, without ever freeing it: a table
/// with house rules can hold thousands of rows, and freeing its tree node by node cost more than
/// the loader's reading of it (issue 15: a 1 MB rules file). A loader calls it when it is done
/// with what load() gave it; the tables it built are kept as long anyway (snapshot::built_in).
void retire(input::Document&& doc);

/// The embedded file alone, without house rules ("data/NAME"; errors are exit 70).
Expected<input::Document> load_built_in(std::string_view name);

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

/// Merges the rules document `rules` (its [house_rules] table removed) over `base`, a built-in
/// table named `table`: tables key by key, arrays of tables row by row by their natural key,
/// anything else replaced. Moves nodes out of `rules` (so that they keep their source places).
/// Appends the changes and the errors (placed in `rules`). Exposed for the tests.
void merge_rules(input::Document& base, input::Document& rules, const std::string& table,
                 std::vector<RuleChange>& changes, Diagnostics& diags);

/// Parses the text of a house-rules file: as input::parse, but a large file of `[[key]]` rows in
/// two pieces at once (the rows of the second then appended to the first's). The document, its
/// positions and its errors are those of input::parse (a file that cannot be cut safely is parsed
/// whole); the nodes of the two pieces have two toml++ source paths, and merge_rules places both in
/// the file. Exposed for the tests.
Expected<input::Document> parse_rules(std::string text, std::string name);

/// Errors in an embedded table are bugs of the program (exit 70), not of the user's input. With
/// house rules in effect they are the rules' doing (the built-in tables pass the tests on their
/// own): exit 65, placed in the rules file, naming the built-in table they change.
Diagnostics as_internal(const Diagnostics& d);

/// The tables a loader built once (`static const Expected<T> x = build();`), or its errors.
template <class T>
Expected<const T*> pointer_to(const Expected<T>& built) {
  if (!built) return built.error();
  return &*built;
}

}  // namespace gunpowder::data
