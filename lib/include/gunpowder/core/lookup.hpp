// lookup.hpp - the row of a rule table that has a given key or id: the one search every table
// type's find()/by-key accessor shares.
#pragma once

namespace gunpowder::lookup {

/// The first element of `rows` for which `matches` holds, or nullptr.
template <class Rows, class Pred>
auto find(const Rows& rows, Pred matches) -> decltype(&*rows.begin()) {
  for (const auto& r : rows)
    if (matches(r)) return &r;
  return nullptr;
}

}  // namespace gunpowder::lookup
