// data.hpp - the rule tables of data/*.toml, embedded in the binaries at build time.
#pragma once

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

/// True when a house-rules file changes the built-in tables in this process (issue 15: `--rules`,
/// GUNPOWDER_RULES). Loaders may take a precomputed form of the built-in tables only when false.
bool house_rules_in_effect();

/// Parses an embedded file (diagnostics name it "data/NAME").
Expected<input::Document> load(std::string_view name);

/// Errors in an embedded table are bugs of the program (exit 70), not of the user's input.
inline Diagnostics as_internal(const Diagnostics& d) {
  Diagnostics out;
  for (auto item : d.items()) {
    item.code = ExitCode::internal;
    out.add(item);
  }
  return out;
}

/// The tables a loader built once (`static const Expected<T> x = build();`), or its errors.
template <class T>
Expected<const T*> pointer_to(const Expected<T>& built) {
  if (!built) return built.error();
  return &*built;
}

}  // namespace gunpowder::data
