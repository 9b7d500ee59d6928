// flag_input.cpp - errors in input made from flags, placed on the flags (see flag_input.hpp).
#include "common/flag_input.hpp"

namespace gunpowder::cli {

Diagnostics placed_on_flag(const Diagnostics& in, std::string_view name_prefix) {
  Diagnostics out;
  for (auto item : in.items()) {
    if (std::string_view(item.pos.file).substr(0, name_prefix.size()) == name_prefix) {
      item.pos.line = item.pos.column = 0;
      item.source_line.clear();
      item.code = ExitCode::usage;
    }
    out.add(std::move(item));
  }
  return out;
}

}  // namespace gunpowder::cli
