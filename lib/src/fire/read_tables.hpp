// read_tables.hpp - helpers of the fire module's table loaders (*_data.cpp only): strict reads
// of required values from the embedded tables, and the conversion of their errors to internal
// errors. Private to lib/src/fire.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gunpowder/core/error.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::fire {

/// Required values of an embedded table; a missing or mistyped key is reported by the reader and
/// the placeholder returned here is never used (the load fails as a whole).
/// A whole number is read in its declared range (`range`, else the range its key's name declares):
/// an unbounded one would be cut to an int.
inline int req_int(input::TableReader& r, std::string_view key, input::Range range = {}) {
  return static_cast<int>(r.integer(key, input::Need::required, range).value_or(0));
}
inline double req_number(input::TableReader& r, std::string_view key) {
  return r.number(key, input::Need::required).value_or(0);
}
inline std::string req_string(input::TableReader& r, std::string_view key) {
  return r.string(key, input::Need::required).value_or("");
}
inline bool req_bool(input::TableReader& r, std::string_view key) {
  return r.boolean(key, input::Need::required).value_or(false);
}

/// An element of an array of whole numbers (`key`) in `range`; else an error at the element itself
/// (its type, or the range) and nullopt.
inline std::optional<int> int_element(const input::Document& doc, Diagnostics& d, const toml::node& n,
                                      std::string_view key, const input::Range& range) {
  const auto v = n.value_exact<std::int64_t>();
  if (v && static_cast<double>(*v) >= range.min && static_cast<double>(*v) <= range.max) return static_cast<int>(*v);
  const SourcePos p = doc.pos(n);
  d.error(p,
          "each of '" + std::string(key) + "' must be a whole number from " + std::to_string(std::lround(range.min)) +
              " to " + std::to_string(std::lround(range.max)) +
              (range.kind.empty() ? "" : " (" + std::string(range.kind) + ")") + ", got " +
              (v ? std::to_string(*v) : input::type_name(n)),
          doc.line(p));
  return std::nullopt;
}

/// Reads a top-level table of an embedded file: its scalars through `fn`, then each of its
/// [[key.rows]] through `row` (its "title" is a note, read by no rule).
template <typename Fn, typename Row>
void read_table(input::TableReader& top, const input::Document& doc, Diagnostics& d, const char* key, const Fn& fn,
                const Row& row) {
  const auto* t = top.table(key, input::Need::required);
  if (!t) return;
  input::TableReader r(doc, *t, d, std::string("[") + key + "]");
  r.note("title");
  fn(r);
  if (const auto* rows = r.array("rows", input::Need::optional))
    for (const auto& n : *rows)
      if (const auto* rt = n.as_table()) {
        input::TableReader rr(doc, *rt, d, std::string("[[") + key + ".rows]]");
        row(rr);
        rr.finish();
      }
  r.finish();
}

}  // namespace gunpowder::fire
