// lines.hpp - where the lines of a text begin, shared by the parsers of the input layer (parse.cpp,
// stream.cpp). Internal to the input library (lib/src/input).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace gunpowder::input::detail {

/// The offset of the first character of each line of `text` (0 first; none after a final newline).
std::vector<size_t> line_starts(const std::string& text);

}  // namespace gunpowder::input::detail
