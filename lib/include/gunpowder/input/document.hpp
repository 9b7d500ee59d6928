// document.hpp - strict TOML reading with source positions, without toml++.
//
// Every value read through a TableReader is checked for presence, type and range; keys that no
// getter asked for are reported as unknown when the reader finishes. Errors are collected in a
// Diagnostics list (file:line:col plus the offending line) so that all errors of a file are
// reported in one run. Nothing is silently defaulted: an optional value that is absent is
// returned as std::nullopt and the caller decides, visibly, what absence means.
//
// toml++'s classes are only declared here: the tools and the modules' public headers include this
// file, and toml++ (about 40,000 lines a translation unit) stays in the input layer and in the
// library's loaders and readers, which include gunpowder/input/reader.hpp (this file and toml++).
// ctest build.includes checks that no file compiled for tools/ reaches <toml++/...>.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gunpowder/core/error.hpp"

// toml++ 3.x (Debian's 3.3.0): its classes live in the inline namespace toml::v3
// (toml++/impl/forward_declarations.h).
namespace toml {
inline namespace v3 {
struct source_region;
class node;
class array;
class table;
}  // namespace v3
}  // namespace toml

namespace gunpowder::input {

/// The size and alignment of a toml::table, at most (checked where toml++ is defined: document.cpp).
inline constexpr std::size_t kTableBytes = 128;
inline constexpr std::size_t kTableAlign = 16;

/// A parsed TOML document with its name and lines, kept for diagnostics.
///
/// The tree is held in the document's own storage and named by the reference `root`, so that this
/// header needs no definition of toml++'s classes (the tools include it without toml++,
/// ctest build.includes); the special members, in document.cpp, copy and move the tree itself.
struct Document {
  Document();
  ~Document();
  Document(const Document& other);
  Document(Document&& other) noexcept;
  Document& operator=(const Document& other);
  Document& operator=(Document&& other) noexcept;

  std::string name;  ///< file name as the user gave it, "<stdin>" for -
  /// The whole file's text and line offsets, shared by the chunks of one file.
  std::shared_ptr<const std::string> text;
  std::shared_ptr<const std::vector<size_t>> line_starts;
  int line_offset = 0;  ///< lines of the file before this chunk (0 for a whole file)
  int text_line = 1;    ///< the line of the file at which `text` begins (a chunk read on its own: line_offset + 1)

 private:
  /// Room for one toml::table (checked in document.cpp), constructed there.
  alignas(kTableAlign) unsigned char root_storage_[kTableBytes];

 public:
  toml::table& root;  ///< the parsed tree, in root_storage_
  /// Other files whose nodes were merged into `root` (house rules, see data::load): a node or key
  /// whose source is one of them is placed in that file, with that file's line.
  struct Merged {
    std::string name;
    const std::string* path_id = nullptr;  ///< toml++'s source path of that file's nodes (compared by address)
    std::shared_ptr<const std::string> text;
    std::shared_ptr<const std::vector<size_t>> line_starts;
  };
  std::vector<Merged> merged;

  [[nodiscard]] std::string line(int n) const;  ///< 1-based line of the whole file; empty when out of range
  /// The line of `p`, in this file or in the merged file `p` names.
  [[nodiscard]] std::string line(const SourcePos& p) const;
  [[nodiscard]] SourcePos pos(const toml::node& n) const;
  [[nodiscard]] SourcePos pos(const toml::source_region& r) const;
  /// The same for a table or an array, for a file that sees toml++'s classes only declared (which
  /// cannot convert them to their base, toml::node).
  [[nodiscard]] SourcePos pos(const toml::table& t) const;
  [[nodiscard]] SourcePos pos(const toml::array& a) const;
};

/// Parses TOML text; a syntax error becomes a diagnostic with its position.
Expected<Document> parse(std::string text, std::string name);

/// The offset of the first character of each line of `text` (0 first; none after a final newline),
/// as a Document keeps them in `line_starts`.
std::vector<size_t> line_starts(const std::string& text);

/// Reads a named input: a file path, or "-" for standard input. A missing or unreadable file
/// gives a diagnostic with exit code 66.
Expected<std::string> read_input(const std::string& path);

// ---------------------------------------------------------------------------------------------
// Batches: one input of `[[key]]` tables cut into pieces, parsed on several threads and handed on
// (for_each_piece). Every batch reader goes through it: artillery-design's [[piece]] and unit-br's
// [[unit]] files (held, or streamed to csv and JSON), war-machine's [[force]] files, and the rows
// of a large house-rules file.

namespace detail {
class Pass;  ///< one pass over a Source (lib/src/input/pass.hpp)
}  // namespace detail

/// An input of for_each_piece: a file, standard input ("-"), or a text in memory. A handle: its
/// copies share what has been read. Nothing is read until a pass over it; a Source may be read by
/// several passes (a streamed batch is checked, then written). Standard input, or any input that
/// is not a regular file (a pipe), is taken once, at the first pass: kept in memory when it is
/// small, else copied to a temporary file (memory stays flat), and every pass reads that.
class Source {
 public:
  /// The file `path`, or standard input for "-" (named "<stdin>" in diagnostics).
  static Source file(const std::string& path);
  /// `text` (shared, not copied), named `name` in diagnostics. The documents of its pieces share it
  /// and its lines: each holds the whole text.
  static Source text(std::shared_ptr<const std::string> text, std::string name);

  /// The name diagnostics give the input: the path, "<stdin>", or the text's name.
  [[nodiscard]] const std::string& name() const;
  /// The whole input, with read_input's errors (exit 66, a NUL byte).
  [[nodiscard]] Expected<std::string> whole() const;

 private:
  struct State;  ///< the input and what has been taken of it (pass.hpp)
  friend class detail::Pass;
  explicit Source(std::shared_ptr<State> state) : state_(std::move(state)) {}
  std::shared_ptr<State> state_;
};

/// Inputs below this size are parsed whole by for_each_piece by default; larger ones are cut
/// into pieces of about kChunkBytes.
inline constexpr size_t kChunkMinBytes = size_t{256} * 1024;
inline constexpr size_t kChunkBytes = size_t{64} * 1024;

/// How for_each_piece cuts an input.
struct Cut {
  std::string_view key;  ///< a piece after the first begins at a line that reads exactly "[[key]]"
  unsigned threads = 2;  ///< pieces parsed and used at once (the calling thread is worker 0)
  /// A piece ends at the first such line that begins at least this far into it.
  size_t piece_bytes = kChunkBytes;
  /// An input smaller than this is parsed whole (a thread costs more than it saves).
  size_t min_bytes = kChunkMinBytes;
  /// The first piece may hold anything, so long as its last table of `key` is written "[[key]]":
  /// the later pieces' tables continue that array (a house-rules file's [house_rules] and rows).
  /// Without it, the input must open (after blank and comment lines) with "[[key]]".
  bool head = false;
  /// Each piece is parsed with its lines where they are in the input (after as many line breaks as
  /// lines before it), so that its nodes carry the input's own lines and can be moved into one
  /// document (see data::parse_rules). For a few large pieces: the line breaks are parsed too.
  bool input_lines = false;
};

/// What for_each_piece hands its pieces to.
struct PieceSink {
  /// Each piece, on one of the worker threads, in any order: `index` counts the pieces of the input
  /// (0, 1, ...), `worker` (0 .. threads-1) the thread, for state of its own (a slot, a cache). The
  /// document holds the piece's `[[key]]` tables (and, with Cut::head, the first piece what comes
  /// before), placed at the lines of the whole input; `use` may move it away to keep it, else it is
  /// freed when `use` returns.
  std::function<void(size_t index, unsigned worker, Document& piece)> use;
  /// When set: after `use`, on the same thread, the pieces in input order and one at a time, so that
  /// what `use` made in the worker's slot can be written out or moved into place. Unset, no worker
  /// waits for another.
  std::function<void(size_t index, unsigned worker)> in_order;
  /// Called when the input cannot be cut after all and pieces were handed on already: the caller
  /// discards what they made, and the whole document follows as piece 0. Returning false stops
  /// there instead (Delivered::stopped). Unset: as returning true.
  std::function<bool()> restart;
};

/// What for_each_piece did with an input.
struct Delivered {
  size_t pieces = 0;     ///< pieces handed on (1 when the input was parsed whole)
  bool whole = false;    ///< the input was parsed whole: it is small, or cannot be cut
  bool stopped = false;  ///< PieceSink::restart returned false
  /// The input is not valid TOML: the errors of input::parse on the whole input; no piece was handed
  /// on (or, after pieces were, PieceSink::restart was called).
  Diagnostics invalid;
};

/// Reads `source`, a run of `[[key]]` tables, in pieces: a pass reads it kChunkBytes at a time,
/// cuts it at lines that read exactly "[[key]]" into pieces of about Cut::piece_bytes, and
/// `threads` threads each take the next piece, parse it and hand it on (PieceSink), so that a few
/// pieces are in memory at once and never the whole input. Positions and lines stay those of the
/// whole input. Whenever the cut cannot be trusted (the input does not open with the header, a
/// piece does not parse or holds anything but `key` tables, e.g. a multi-line string holding such a
/// line, or other tables after them), it is parsed whole instead (input::parse) and handed on as one
/// piece; the result and the errors are always those of an ordinary parse. The Source remembers it:
/// a later pass over it with the same key parses it whole at once (the second pass of a streamed
/// batch writes it without restarting). An error: the input
/// cannot be read (exit 66) or is not text, with read_input's messages. An exception thrown by the
/// sink stops every worker and is thrown again here.
Expected<Delivered> for_each_piece(const Source& source, const Cut& cut, const PieceSink& sink);

/// A PieceSink that makes each piece into a T on its worker's thread (`make(piece, worker)`) and
/// appends the Ts to `out` in input order; when the input is parsed whole after all, what its pieces
/// appended is dropped first. T is default-constructible and movable; `out` outlives the sink.
template <class T, class Make>
PieceSink append_in_order(std::vector<T>& out, unsigned threads, Make make) {
  auto slots = std::make_shared<std::vector<T>>(std::max(threads, 1U));
  const size_t base = out.size();
  return {[slots, make](size_t, unsigned worker, Document& piece) { (*slots)[worker] = make(piece, worker); },
          [slots, &out](size_t, unsigned worker) { out.push_back(std::move((*slots)[worker])); },
          [&out, base] {
            out.resize(base);
            return true;
          }};
}

enum class Need { required, optional };

/// Numeric bounds for a value, inclusive; message names them when violated.
struct Range {
  double min = -1e300;
  double max = 1e300;
  bool exclusive_min = false;  ///< min itself not allowed ("must be positive")
  /// What the bounds are, shown after them in a message ("a percentage"), or empty.
  std::string_view kind{};
  [[nodiscard]] bool unbounded() const { return min <= -1e300 && max >= 1e300 && !exclusive_min; }
};
/// The range a key's name declares for a number read without a range of its own (Range{}): a
/// percentage (`_pct`) is 0 to 100, a divisor 0.1 to 1,000,000, a multiplier or factor 0 to 1,000,
/// a count of dice (`dice`, `_dice` at the end) 0 to kMaxDice, a die's faces (`die_sides`,
/// `_die_sides` at the end) 2 to kMaxDieFaces (docs/house-rules.md, "Ranges"). Keys that mean
/// something else by such a name pass their own range. An unbounded Range when the name declares
/// none.
Range named_range(std::string_view key);
/// The range of a whole number read without a range of its own whose name declares none: from
/// -1,000,000 to 1,000,000. Every built-in table's whole numbers are within it (the largest, a
/// Duration of Siege row's 350,000 shp); beyond, products with a count of a thousand pieces or
/// troops would pass a 32-bit integer (a house rule's artillery bonus of 1,500,000,000 a trebuchet
/// printed 205,032,736 for three).
inline constexpr double kMaxWholeNumber = 1'000'000;
/// The most faces of a die given by a number of faces (`die_sides`): the percentile die.
inline constexpr double kMaxDieFaces = 100;
inline Range positive(double max = 1e300) { return {0, max, true}; }
inline Range non_negative(double max = 1e300) { return {0, max, false}; }

/// Strict reader over one TOML table.
class TableReader {
 public:
  /// `what` names the table in messages, e.g. "[[piece]]".
  TableReader(const Document& doc, const toml::table& table, Diagnostics& diags, std::string what);

  std::optional<double> number(std::string_view key, Need need, Range range = {});
  std::optional<std::int64_t> integer(std::string_view key, Need need, Range range = {});
  std::optional<std::string> string(std::string_view key, Need need, const std::vector<std::string>& allowed = {});
  /// The same with the allowed values as a list of literals (no allocation).
  std::optional<std::string> string(std::string_view key, Need need, std::initializer_list<std::string_view> allowed);
  std::optional<bool> boolean(std::string_view key, Need need);
  /// An error about two keys together (an order, a minimum above a maximum): at `second` unless
  /// only `first` was given by a rules file (the key the referee changed is the one shown).
  void pair_error(std::string_view first, std::string_view second, std::string message);
  /// Dice as a table prints them: "NdS", "dS", "NdS+K" or a whole number "K", with 1 to kMaxDice
  /// dice of 2 to kMaxDiceSides sides and K from 0 to kMaxDiceSides; anything else is an error at
  /// the key naming those limits. The text as given.
  static constexpr int kMaxDice = 1000;
  /// The longest string a table or an input gives (a name, a label): 64 KiB. The built-in
  /// tables' longest is 238 bytes.
  static constexpr size_t kMaxTextBytes = 65536;
  static constexpr int kMaxDiceSides = 10000;
  std::optional<std::string> dice(std::string_view key, Need need);
  /// How a typed value is brought to the suite's spelling (gunpowder::suite_spelling by default).
  using Speller = std::string (*)(std::string_view);
  /// A value a user types (docs/vocabulary.md): a string naming one of `allowed` once both are
  /// spelled by `spell` ("Attack+" names attack-plus), or naming `labels[i]`, the book's label of
  /// `allowed[i]`; returns that entry of `allowed`. Anything else is an error at the key that lists
  /// `allowed`.
  std::optional<std::string> value(std::string_view key, Need need, const std::vector<std::string>& allowed,
                                   const std::vector<std::string>& labels = {}, Speller spell = nullptr);
  /// A sub-table or nullptr (absent is an error when required; a non-table is an error).
  const toml::table* table(std::string_view key, Need need);
  /// An array or nullptr.
  const toml::array* array(std::string_view key, Need need);
  /// Marks a key as known without reading it (the caller reads it another way).
  void allow(std::string_view key) { remember(key); }
  /// Marks a key as a note of the book that no rule reads (a citation, a title, the figures of a
  /// worked example that the tests read): known, and refused to house rules. A value that a rules
  /// file gives there, in a table of the built-in document (not in a row the rules file adds), is
  /// an error: "'KEY' in WHAT is not read by any rule (...)".
  void note(std::string_view key);
  /// Reports every key of the table that no getter or allow() named.
  void finish();

  [[nodiscard]] bool has(std::string_view key) const;
  [[nodiscard]] SourcePos pos_of(std::string_view key) const;
  /// Records an error about a key's value (at the value's position).
  void error_at(std::string_view key, std::string message);
  /// Records an error about the table itself.
  void error(std::string message);
  [[nodiscard]] const Document& doc() const { return doc_; }
  [[nodiscard]] Diagnostics& diagnostics() { return diags_; }

 private:
  const toml::node* get(std::string_view key, Need need, const char* expected);
  void remember(std::string_view key);
  std::vector<std::string> owned_;  ///< keys built at run time (e.g. "barrel_calibers_" + type)
  void type_error(std::string_view key, const toml::node& n, const char* expected);
  bool check_range(std::string_view key, const toml::node& n, double v, const Range& r);
  /// Whether a string is at most kMaxTextBytes long (an error at `key` when not).
  bool text_fits(std::string_view key, const std::string& s);

  const Document& doc_;
  const toml::table& table_;
  Diagnostics& diags_;
  std::string what_;
  std::vector<std::string_view> known_;  ///< keys asked for (views of literals or of the table's keys)
  [[nodiscard]] bool is_known(std::string_view key) const;
};

/// Places every diagnostic that names a field (Diagnostic::field, e.g. "besieger.artillery[2].range_yd")
/// at that key under `root` in `doc`, with its source line, as a data error (exit 65); the field is
/// then cleared. A path that leaves the tree early (a key that is absent, an index out of range) is
/// placed at the last node it reached, at worst at `root` itself. Diagnostics without a field pass
/// through unchanged. This is the one place where a rule's field path becomes file:line:col.
Diagnostics place_fields(const Diagnostics& in, const Document& doc, const toml::table& root);

/// "integer", "string", "table", ... for messages.
std::string type_name(const toml::node& n);

/// Reports every top-level key of `root` that is not in `allowed`.
void check_top_level(const Document& doc, const std::vector<std::string>& allowed, Diagnostics& diags);

/// The tables of `node`, which must be an array of tables written as `[[key]]`, in order. A
/// value that is not an array, and each element that is not a table, is reported and skipped.
std::vector<const toml::table*> tables_in(const Document& doc, const toml::node& node, std::string_view key,
                                          Diagnostics& diags);
/// The same for the top-level `[[key]]` tables a file must hold; their absence is reported too.
std::vector<const toml::table*> tables_of(const Document& doc, std::string_view key, Diagnostics& diags);

/// True when `table` has the key `key` (toml::table::contains, for a file that does not include toml++).
bool has_key(const toml::table& table, std::string_view key);

/// The keys of `table` and their values, in the table's (alphabetical) order; the views and
/// pointers live as long as the table.
std::vector<std::pair<std::string_view, const toml::node*>> entries(const toml::table& table);

}  // namespace gunpowder::input
