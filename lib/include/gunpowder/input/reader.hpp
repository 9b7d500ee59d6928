// reader.hpp - strict TOML reading with source positions (gunpowder/input/document.hpp), with
// toml++'s definitions: for the input layer and the library's loaders and readers, which walk
// toml++'s trees. The tools include document.hpp instead (ctest build.includes).
#pragma once

#include <toml++/toml.h>

#include "gunpowder/input/document.hpp"
