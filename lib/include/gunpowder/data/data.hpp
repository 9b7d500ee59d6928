// data.hpp - the rule tables of data/*.toml, embedded in the binaries at build time, as the loaders
// read them (with toml++; the command line includes gunpowder/data/house_rules.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/data/house_rules.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::data {

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
