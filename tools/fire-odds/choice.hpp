// choice.hpp - what the fire-odds files that register options need for a flag that takes one of a
// few values: cli::choices (common/commands.hpp) with gunpowder::suite_spelling, so that the suite's
// spelling (docs/vocabulary.md) or the books' own ("Point Blank", "Three of a kind") is read, in
// any case, and the option holds the suite's. Included by the files that register options (it
// needs <CLI/CLI.hpp>).
#pragma once

#include <CLI/CLI.hpp>

#include "common/commands.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/fire/requests.hpp"
