// pass.hpp - an input::Source and one pass over it (read_input.cpp), read by the batch reader
// (pieces.cpp) and by Source::whole. Internal to the input library (lib/src/input).
#pragma once

#include <sys/stat.h>
#include <sys/types.h>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "gunpowder/input/document.hpp"

namespace gunpowder::input {

/// A Source's input and what has been taken of it. A stream (standard input, a pipe) can be read
/// once: the first pass takes it whole, into `text` when it is small, else into the unnamed
/// temporary file `spool`, and every pass reads that.
struct Source::State {
  State() = default;
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State();

  std::string path;                         ///< the file, "-" for standard input; empty for a text
  std::string name;                         ///< as diagnostics name it
  std::shared_ptr<const std::string> text;  ///< a text, or a stream taken into memory
  int spool = -1;                           ///< a stream taken into a temporary file
  size_t spool_size = 0;
  /// The `[[key]]` tables that a pass could not cut (for_each_piece parsed the input whole): a
  /// later pass parses it whole at once, as the first did in the end, rather than handing on
  /// pieces and having to restart.
  std::string uncut_key;
  bool uncut = false;
};

namespace detail {

/// A stream of at least this many bytes is taken into a temporary file rather than memory.
inline constexpr size_t kSpoolBytes = size_t{1} << 20;

/// One pass over a Source: its bytes from the start, block by block.
class Pass {
 public:
  explicit Pass(const Source& source) : s_(*source.state_) {}
  Pass(const Pass&) = delete;
  Pass& operator=(const Pass&) = delete;
  ~Pass();

  /// Opens the input (the first pass over a stream takes it), with read_input's errors.
  Expected<bool> open();
  /// The bytes the pass reads (a file's size when it was opened).
  [[nodiscard]] size_t size() const { return size_; }
  /// Appends the next bytes of the input, at most `n`, to `buf`; false at the end.
  Expected<bool> read(std::string& buf, size_t n);
  /// The whole input, from the start of the pass.
  Expected<std::string> all();
  /// The input when it is in memory (a text, or a stream taken into memory), else nullptr.
  [[nodiscard]] const std::shared_ptr<const std::string>& memory() const { return s_.text; }
  [[nodiscard]] const std::string& name() const { return s_.name; }
  /// Whether an earlier pass could not cut the input at `key` tables; `set_uncut` records it.
  [[nodiscard]] bool uncut(std::string_view key) const { return s_.uncut && s_.uncut_key == key; }
  void set_uncut(std::string_view key) {
    s_.uncut = true;
    s_.uncut_key = key;
  }

 private:
  Expected<bool> take(int fd);

  Source::State& s_;
  int fd_ = -1;  ///< a regular file of this pass
  size_t offset_ = 0, size_ = 0;
};

/// Opens `path` ("-": standard input) as read_input does, its status in `st`: the descriptor, or
/// read_input's error (exit 66; a directory is refused).
Expected<int> open_input(const std::string& path, const std::string& name, struct stat& st);
/// Reads `fd` to its end; a read error at any point is an error, never a partial text.
Expected<std::string> read_all(int fd, const std::string& name, off_t size_hint);
/// The error of an input that holds a NUL byte, as read_input gives it.
Diagnostics not_text(const std::string& name);
/// The line breaks in `text` (parse.cpp).
size_t count_lines(std::string_view text);

}  // namespace detail
}  // namespace gunpowder::input
