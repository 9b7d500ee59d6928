// outputs.hpp - the files one run writes (--output, --svg, --write-forces), gathered while the run
// works and written together at its end, so that a failed run leaves none of them changed.
//
// Each path is written as users of `sort -o` or `cp` expect: a regular file (new or existing) is
// replaced atomically (a temporary file in its directory, renamed over it) keeping an existing
// file's permission bits and owner, a new one getting 0666 less the umask; a symbolic link is
// followed and its target replaced; a character or block device, FIFO or socket is opened and
// written directly (/dev/null stays a device, /dev/full is a write error); a directory is an error.
// A regular file whose hard links or owner a rename would lose is written in place instead.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "gunpowder/core/error.hpp"

namespace gunpowder::cli {

/// rename(2), or what a test puts in its place.
using RenameFn = std::function<int(const char* from, const char* to)>;

class Outputs {
 public:
  struct File {
    std::string option;  ///< the flag that named it, e.g. "--svg" (for messages)
    std::string path;    ///< as the user gave it
    std::string text;
    /// When set, the file's content is written through this instead of `text` (a batch too large
    /// to hold, report::Report::write); diagnostics it returns fail the commit like a write error.
    std::function<Diagnostics(std::ostream&)> writer;
  };

  /// Adds a file to write at the end of the run.
  void add(std::string option, std::string path, std::string text);
  /// Adds a file whose content `writer` writes as it is made, at the commit.
  void add_streamed(std::string option, std::string path, std::function<Diagnostics(std::ostream&)> writer);
  [[nodiscard]] bool empty() const { return files_.empty(); }
  [[nodiscard]] const std::vector<File>& files() const { return files_; }

  /// Writes every file, all or nothing as far as the system allows:
  ///  1. each path is examined; every temporary file is created, written and flushed, every device,
  ///     FIFO or socket opened (an error here changes no output: 73 cannot create, 74 write error);
  ///  2. the devices (and files written in place) are written;
  ///  3. `before_renames` runs (run_tool writes standard output there); if it fails, nothing is
  ///     renamed and its diagnostics are returned;
  ///  4. the temporary files are renamed over their targets. With several, each old file is kept
  ///     first as a hard link beside it, so that when a rename fails the outputs renamed before it
  ///     are put back (an old file restored, a new one removed); only where the system refuses a
  ///     link or a rename back does the error name the outputs that stay replaced.
  /// On any failure every temporary file is removed. Two outputs naming one path are a usage error.
  /// A FIFO is written once a process reads it, after waiting at most 2 s for one (exit 73 then).
  /// `rename_fn` (tests only) stands in for rename(2).
  [[nodiscard]] Expected<bool> commit(const std::function<Expected<bool>()>& before_renames = {},
                                      const RenameFn& rename_fn = {}) const;

 private:
  std::vector<File> files_;
};

/// The name of the temporary file beside `base` (a file name, no directory): "." + base + ".tmp." +
/// `suffix`, with base shortened (on a UTF-8 character boundary) so that the whole name has at most
/// `name_max` bytes.
std::string temporary_name(const std::string& base, const std::string& suffix, size_t name_max);

/// The last component of a path ("rules/wet.toml" -> "wet.toml"; a name without '/' as it is).
std::string base_of(const std::string& p);

}  // namespace gunpowder::cli
