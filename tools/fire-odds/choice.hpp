// choice.hpp - the check of a fire-odds flag that takes one of a few values: the suite's spelling
// (docs/vocabulary.md) or the books' own ("Point Blank", "Three of a kind"), made the suite's.
// Included by the files that register options (it needs <CLI/CLI.hpp>).
#pragma once

#include <CLI/CLI.hpp>

#include "gunpowder/core/spelling.hpp"
#include "gunpowder/fire/requests.hpp"

namespace gunpowder::fire_app {

/// A check that takes one of `values`, typed in the suite's spelling or the books' (suite_spelling):
/// CLI::IsMember with suite_spelling as its filter, as war-machine's flags use it. The option then
/// holds the value as `values` spells it; the description ({a,b,c}) gives --help and completion.
inline CLI::IsMember choice(const fire::choices::List& values) { return CLI::IsMember(values, suite_spelling); }

}  // namespace gunpowder::fire_app
