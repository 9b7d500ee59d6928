// width.hpp - the width text output is laid out to, and --help wrapped to it.
//
// The library renders to a width it is given (report::render_text); this is where a tool finds
// it: COLUMNS when it is set to a width, else the terminal's when standard output is one, else
// report::kDefaultWidth (100). COLUMNS comes first so that `COLUMNS=80 tool ...` narrows the
// output in a terminal too (shells set COLUMNS without exporting it, so a stale value does not
// reach the tool unless a user exports it).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>

namespace CLI {
class App;
}  // namespace CLI

namespace gunpowder::cli {

/// The width from COLUMNS (`columns`, null when unset) and the terminal's (`terminal`, nullopt
/// when the output is not a terminal): COLUMNS when it is a whole number from 1 to 100000 (no
/// sign, no spaces), else the terminal's when it is positive, else report::kDefaultWidth.
std::size_t width_from(const char* columns, std::optional<std::size_t> terminal);

/// The width of text written to `out` (null: to a file): the terminal's is asked for only when
/// `out` is std::cout and standard output is a terminal.
std::size_t output_width(const std::ostream* out);

/// Makes `app`'s --help (and that of the subcommands added after this call) wrap its
/// descriptions, option lists and footer to `width` columns.
void wrap_help(CLI::App& app, std::size_t width);

}  // namespace gunpowder::cli
