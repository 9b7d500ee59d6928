// data.hpp - the rule tables of data/*.toml, embedded in the binaries at build time, as the loaders
// read them (with toml++; the command line includes gunpowder/data/tables.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/data/house_rules.hpp"
#include "gunpowder/data/tables.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::data {

/// Parses an embedded file (diagnostics name it "data/NAME"), with the house rules of `tables`
/// merged over it: a merged node keeps its place in its rules file, so the loader's errors about it
/// point there. A loader calls it once per Tables (its Section keeps what it built).
Expected<input::Document> load(const Tables& tables, std::string_view name);

/// Keeps a document a loader has read as long as `tables`, so that it is freed with the tables
/// (never, for a tool's own run: Tables::keep_until_exit) instead of node by node when the loader
/// returns: a table with house rules can hold thousands of rows, and freeing its tree cost more
/// than the loader's reading of it (issue 15: a 1 MB rules file).
void retire(const Tables& tables, input::Document&& doc);

/// Never frees `doc`: for the emptied pieces of a rules file that parse_rules joined.
void retire(input::Document&& doc);

/// The embedded file alone, without house rules ("data/NAME"; errors are exit 70).
Expected<input::Document> load_built_in(std::string_view name);

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
/// house rules in effect in `tables` they are the rules' doing (the built-in tables pass the tests
/// on their own): exit 65, placed in the rules file, naming the built-in table they change.
Diagnostics as_internal(const Tables& tables, const Diagnostics& d);

/// The tables a loader built (its Section's get()), or their errors.
template <class T>
Expected<const T*> pointer_to(const Expected<T>& built) {
  if (!built) return built.error();
  return &*built;
}

}  // namespace gunpowder::data
