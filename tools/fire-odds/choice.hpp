// choice.hpp - the check of a fire-odds flag that takes one of a few values: the suite's spelling
// (docs/vocabulary.md) or the books' own ("Point Blank", "Three of a kind"), made the suite's.
// Included by the files that register options (it needs <CLI/CLI.hpp>).
#pragma once

#include <CLI/CLI.hpp>

#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/fire/requests.hpp"

namespace gunpowder::fire_app {

/// A check that takes one of `values`, typed in the suite's spelling or the books' (enum_spelling):
/// the option then holds the value as `values` spells it. Its description ({a,b,c}, as CLI::IsMember
/// writes it) gives --help and the shells' completion.
inline CLI::Validator choice(const fire::choices::List& values) {
  std::string desc;
  for (const auto& v : values) desc += (desc.empty() ? "{" : ",") + v;
  desc += "}";
  return CLI::Validator(
      [values, desc](std::string& typed) -> std::string {
        std::string spelled = fire::enum_spelling(typed);
        for (const auto& v : values)
          if (v == spelled) {
            typed = spelled;
            return {};
          }
        return typed + " not in " + desc;
      },
      desc);
}

}  // namespace gunpowder::fire_app
