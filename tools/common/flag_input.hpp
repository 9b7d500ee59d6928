// flag_input.hpp - input made from flags: a tool that spells its flags as the text of an input
// file (war-machine's --force, siege-duration's siege flags) reads it with the file's reader,
// then places the reader's errors on the flags, since a line of text the user never wrote
// means nothing to them.
#pragma once

#include <string_view>

#include "gunpowder/core/error.hpp"

namespace gunpowder::cli {

/// The diagnostics placed in a document whose name begins with `name_prefix` (the flag, or a
/// name such as "the siege flags") lose their line, column and source line, and become usage
/// errors (exit 64): the name alone says where. Others pass through unchanged.
Diagnostics placed_on_flag(const Diagnostics& in, std::string_view name_prefix);

}  // namespace gunpowder::cli
