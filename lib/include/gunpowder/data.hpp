// data.hpp - the rule tables of data/*.toml, embedded in the binaries at build time.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/error.hpp"
#include "gunpowder/toml_input.hpp"

namespace gunpowder::data {

struct EmbeddedFile {
  std::string_view name;  ///< file name, e.g. "artillery.toml"
  std::string_view text;
};

/// Every embedded data file, in the order the build listed them.
const std::vector<EmbeddedFile>& embedded_files();

/// The text of one embedded file; empty when there is none by that name.
std::string_view embedded(std::string_view name);

/// Parses an embedded file (diagnostics name it "data/NAME").
Expected<input::Document> load(std::string_view name);

}  // namespace gunpowder::data
