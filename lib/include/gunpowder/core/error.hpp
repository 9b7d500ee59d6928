// error.hpp - exit codes, source positions, diagnostics and the Expected<T> result type.
//
// Anything a user's input can cause travels as a Diagnostic inside an Expected<T> or a
// Diagnostics list; programming errors are assertions. Exit codes follow sysexits(3).
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace gunpowder {

/// Process exit codes shared by every tool (sysexits.h values).
enum class ExitCode : int {
  ok = 0,
  usage = 64,        ///< bad command line
  data_error = 65,   ///< input parsed but invalid (bad TOML, bad value)
  no_input = 66,     ///< an input file does not exist or cannot be read
  internal = 70,     ///< a bug: an invariant did not hold
  os_error = 71,     ///< the system refused a resource (out of memory)
  cant_create = 73,  ///< the output file cannot be created
  io_error = 74,     ///< writing the output failed
};

/// A place in an input: file name (or "<stdin>", "<command line>"), 1-based line and column
/// (0 when unknown).
struct SourcePos {
  std::string file;
  int line = 0;
  int column = 0;
};

/// One user-facing error message with where it happened and the offending source line.
struct Diagnostic {
  SourcePos pos;
  std::string message;      ///< lower-case start, no final period
  std::string source_line;  ///< the text of the offending line, shown under the message
  ExitCode code = ExitCode::data_error;
  /// The input field a rule's error concerns, as a path from the request's own table:
  /// "shot_lb", "besieger.artillery[2].range_yd". Rules fill it and leave `pos` empty; the input
  /// layer (input::place_fields) turns it into a file position, a tool (cli::place_on_flags) into
  /// a flag name. Empty when the error is already placed or concerns no one field.
  std::string field;
};

/// Renders "tool: file:line:col: error: message" and, when known, the source line with a caret.
std::string format_diagnostic(const std::string& tool, const Diagnostic& d);

/// A list of diagnostics collected while reading an input; reading continues after an error
/// so that every error of a file is reported at once.
class Diagnostics {
 public:
  void add(Diagnostic d) { items_.push_back(std::move(d)); }
  void error(const SourcePos& pos, std::string message, std::string source_line = {},
             ExitCode code = ExitCode::data_error) {
    items_.push_back(Diagnostic{pos, std::move(message), std::move(source_line), code, {}});
  }
  /// An error about one field of a request (see Diagnostic::field), placed later by the caller.
  void field_error(std::string field, std::string message, ExitCode code = ExitCode::data_error) {
    Diagnostic d;
    d.message = std::move(message);
    d.code = code;
    d.field = std::move(field);
    items_.push_back(std::move(d));
  }
  void append(const Diagnostics& other) {
    items_.insert(items_.end(), other.items_.begin(), other.items_.end());
  }
  [[nodiscard]] bool empty() const { return items_.empty(); }
  [[nodiscard]] const std::vector<Diagnostic>& items() const { return items_; }
  /// The exit code of the first error (all errors of one input share a kind in practice).
  [[nodiscard]] ExitCode code() const { return items_.empty() ? ExitCode::ok : items_.front().code; }

 private:
  std::vector<Diagnostic> items_;
};

/// A value or the diagnostics that explain why there is none (C++17/20 has no std::expected).
template <typename T>
class Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Expected(Diagnostics errors) : v_(std::move(errors)) {  // NOLINT(google-explicit-constructor)
    assert(!std::get<Diagnostics>(v_).empty());
  }
  static Expected failure(std::string message, const SourcePos& pos = {}, ExitCode code = ExitCode::data_error) {
    Diagnostics d;
    d.error(pos, std::move(message), {}, code);
    return Expected(std::move(d));
  }
  [[nodiscard]] bool has_value() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return has_value(); }
  T& value() { assert(has_value()); return std::get<T>(v_); }
  const T& value() const { assert(has_value()); return std::get<T>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  [[nodiscard]] const Diagnostics& error() const { assert(!has_value()); return std::get<Diagnostics>(v_); }
  /// A failure about one field of a request (see Diagnostic::field).
  static Expected field_failure(std::string field, std::string message) {
    Diagnostics d;
    d.field_error(std::move(field), std::move(message));
    return Expected(std::move(d));
  }

 private:
  std::variant<T, Diagnostics> v_;
};

/// What a figure out of its range (a saturated rating, a hand's effect, a BFR line) is blamed on,
/// after the figure's message: the house rules (named when `files` is not empty) when any are in
/// effect, else the input's figures.
inline std::string out_of_range_cause(bool house_rules, const std::string& files = {}) {
  if (!house_rules) return "; the input's figures lead to it";
  return "; the house rules" + (files.empty() ? std::string() : " (" + files + ")") +
         " change the figures it is computed from";
}

}  // namespace gunpowder
