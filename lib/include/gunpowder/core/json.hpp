// json.hpp - a small ordered JSON value and its serialiser.
//
// Object keys keep their insertion order: the JSON keys of every tool are a documented,
// stable contract, so they must not be re-sorted (a toml::table would alphabetise them).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace gunpowder::json {

class Value;
using Array = std::vector<Value>;
/// JSON text already written by dump_at(value, level): dump() copies it as it stands. It lets a
/// large batch be serialised element by element (on the threads that made them) instead of being
/// held as a tree. It must be placed where dump() writes at that level, in a pretty dump: anywhere
/// else, or in dump_compact, serialising throws std::logic_error.
struct Raw {
  std::string text;
  int level = 0;
};
using Member = std::pair<std::string, Value>;
using Object = std::vector<Member>;

/// A JSON value: null, boolean, integer, real, string, array or object (ordered).
class Value {
 public:
  Value() = default;
  Value(std::nullptr_t) {}                                    // NOLINT
  Value(bool b) : v_(b) {}                                    // NOLINT
  Value(int i) : v_(static_cast<std::int64_t>(i)) {}          // NOLINT
  Value(long i) : v_(static_cast<std::int64_t>(i)) {}         // NOLINT
  Value(long long i) : v_(static_cast<std::int64_t>(i)) {}    // NOLINT
  Value(unsigned i) : v_(static_cast<std::int64_t>(i)) {}     // NOLINT
  Value(unsigned long i) : v_(static_cast<std::int64_t>(i)) {}  // NOLINT
  Value(double d) : v_(d) {}                                  // NOLINT
  Value(const char* s) : v_(std::string(s)) {}                // NOLINT
  Value(std::string s) : v_(std::move(s)) {}                  // NOLINT
  Value(std::string_view s) : v_(std::string(s)) {}           // NOLINT
  Value(Array a) : v_(std::move(a)) {}                        // NOLINT
  Value(Object o) : v_(std::move(o)) {}                       // NOLINT
  Value(Raw r) : v_(std::move(r)) {}                          // NOLINT

  [[nodiscard]] bool is_null() const { return v_.index() == 0; }
  [[nodiscard]] bool is_object() const { return std::holds_alternative<Object>(v_); }
  [[nodiscard]] bool is_array() const { return std::holds_alternative<Array>(v_); }
  Object& object() { return std::get<Object>(v_); }
  [[nodiscard]] const Object& object() const { return std::get<Object>(v_); }
  Array& array() { return std::get<Array>(v_); }
  [[nodiscard]] const Array& array() const { return std::get<Array>(v_); }

  /// Appends a member to an object value (the value must be an object).
  Value& set(std::string key, Value v) {
    object().emplace_back(std::move(key), std::move(v));
    return object().back().second;
  }
  /// Appends an element to an array value.
  Value& push(Value v) {
    array().push_back(std::move(v));
    return array().back();
  }
  /// Member lookup (nullptr when absent or not an object).
  [[nodiscard]] const Value* find(const std::string& key) const;

  using Storage = std::variant<std::monostate, bool, std::int64_t, double, std::string, Array, Object, Raw>;
  [[nodiscard]] const Storage& storage() const { return v_; }

 private:
  Storage v_;
};

inline Value object() { return Value(Object{}); }
/// A text that may be missing: null when it is empty or the table cell "-". JSON output has no
/// sentinel strings: "" and "-" never stand for "not applicable", null does, and the key is there
/// either way. (Not for names a user gives: those are written as they are.)
inline Value text_or_null(std::string s) { return s.empty() || s == "-" ? Value() : Value(std::move(s)); }
inline Value array() { return Value(Array{}); }

/// The float policy of every JSON output: a real is rounded to this many significant digits and
/// written in the shortest form that reads back to the rounded value (fmtnum::shortest), so that
/// 0.1 + 0.2 prints 0.3 and 8/15 prints 0.533333333333. Integers are written whole.
inline constexpr int kSignificantDigits = 12;

/// The "schema" member that opens every JSON document of the suite:
/// {"name": "gunpowder/<tool>/<document>", "version": N}. The name is that of the JSON Schema
/// docs/schema/<tool>.<document>.json that describes the document; the version grows when a key
/// is added, removed or renamed, or changes its type or meaning (the schemas forbid unknown keys).
Value schema(std::string_view tool, std::string_view document, int version = 1);
/// An object holding only that "schema" member: what a tool's JSON document starts from.
Value document(std::string_view tool, std::string_view document, int version = 1);

/// Serialises with two-space indentation and a final newline. Reals follow kSignificantDigits;
/// NaN and infinities become null.
std::string dump(const Value& v);
/// The text of dump(v), written to `os` as it is made (a large array goes out a megabyte at a
/// time), so that a large batch is not held twice.
void dump_to(std::ostream& os, const Value& v);
/// The pretty text of `v` as dump() writes it at nesting `level` (no final newline).
std::string dump_at(const Value& v, int level);
/// `v` serialised now, for a place at nesting `level` (see Raw).
inline Value raw(const Value& v, int level) {
  Raw r{dump_at(v, level), level};
  r.text.shrink_to_fit();  // held until the whole batch is written: no spare capacity
  return Value(std::move(r));
}
/// The text of dump() of an object whose last member is an array too large to hold, written to a
/// stream as the array's elements come: the object's other members (`head`, an object), then the
/// elements, each serialised at level 2 (dump_at(e, 2) or Raw text of that level) and gathered in
/// blocks by append() on any thread, written in order by write(); finish() closes it.
class ArrayStream {
 public:
  ArrayStream(std::ostream& os, const Value& head, const std::string& key);
  /// Appends one element's text (of level 2), with what goes before it, to a block.
  static void append(std::string& block, const std::string& element);
  /// The same for an element not yet serialised: written straight into the block.
  static void append(std::string& block, const Value& element);
  /// Writes a block of elements, after those written before.
  void write(const std::string& block);
  /// Closes the array and the object (with dump()'s final newline).
  void finish();

 private:
  std::ostream& os_;
  bool any_ = false;
};

/// The same on one line, without the final newline.
std::string dump_compact(const Value& v);
/// JSON string escaping, quotes included: control characters (C0, DEL, C1) escaped, bytes that
/// are not UTF-8 replaced by U+FFFD (the output is always valid UTF-8).
std::string quote(const std::string& s);
/// Appends quote(s) to `out` (no copy of `s`).
void append_quoted(std::string& out, std::string_view s);

}  // namespace gunpowder::json
