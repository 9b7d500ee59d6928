// harness.hpp - shared body of the libFuzzer harnesses: one tool run in-process on the fuzzer's
// bytes, in a private temporary directory, and every output of the run checked (checks.hpp).
//
// The first byte chooses how the run is made; the rest is the input:
//   bits 0-1  output format (text, markdown, csv, json)        bit 2  --explain
//   bits 3-5  one of the harness's variants (leading arguments: a subcommand and its flags)
//   bits 6-7  0: the rest is TOML on standard input (a pipe), the report on standard output
//             1: the rest is TOML in a real file, in.toml, named on the command line
//             2: as 1, and the report written with --output out.<format> (plus the variant's own
//                output files: --svg, --write-forces), so the output-file layer runs
//             3: a command line: arguments separated by NUL ("''" is the empty argument), then
//                two NULs and the content of in.toml, also fed to standard input. The harness puts
//                the tool's name and "--format <bits 0-1>" first. Arguments naming anything outside
//                the directory (a '/' or "..") are refused (the input is rejected, not run), as are
//                values of the harness's bounded flags above their bound (the work they ask for).
// Inputs up to libFuzzer's -max_len (1 MiB and more with `make fuzz`), so chunked parsing runs.
//
// A run aborts (a finding) on: a crash or sanitizer report (the sanitizers' own), an exit code
// outside the documented set, output on standard output or a file left or changed in the
// directory after a failed run, no error message on a failure, no report after a success, NUL or
// invalid UTF-8 in any output, a control character in text for a terminal (text, markdown,
// errors), JSON that does not parse, CSV whose rows lack their header's width, an SVG outside
// XML's characters, a TOML file written that does not parse.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "checks.hpp"

namespace fuzz {

using ToolMain = int (*)(int, const char* const*, std::ostream&, std::ostream&);

/// Leading arguments of a run, and the files it also writes when the output layer is fuzzed.
struct Variant {
  std::vector<std::string> args;
  std::vector<std::string> outputs;  ///< e.g. {"--svg", "chart.svg"}: relative to the directory
};

/// A flag whose value is the amount of work asked for: fuzzed command lines with a larger value
/// are rejected. `inject`, when set, is given as the flag's value when the command line has none
/// (a default too costly for a fuzzer).
struct Bound {
  std::string flag;
  double max = 0;
  std::string inject;
};

struct Harness {
  ToolMain main = nullptr;
  std::string name;
  std::vector<Variant> variants;
  std::vector<Bound> bounds;
};

enum class Format { text, markdown, csv, json, unknown };

/// The input being run, for a survey (below).
struct Current {
  std::string_view input;
  std::string tool;
};
inline Current& current() {
  static Current c;
  return c;
}

/// Thrown instead of aborting in a survey.
struct Surveyed {};

/// Prints what failed and aborts: libFuzzer keeps the input as a finding. With the environment
/// variable GUNPOWDER_FUZZ_SURVEY=DIR, a failed check is instead printed once per kind, the first
/// input of each kind kept in DIR, and fuzzing goes on: a survey of everything a run can find.
[[noreturn]] inline void fail(const std::string& what, const std::string& where) {
  const char* survey = std::getenv("GUNPOWDER_FUZZ_SURVEY");
  if (survey == nullptr || *survey == '\0') {
    std::fprintf(stderr, "fuzz: check failed: %s (%s)\n", what.c_str(), where.c_str());
    std::abort();
  }
  std::string kind = what + " (" + where + ")";
  std::string slug = current().tool + "-";
  for (char c : kind) slug += (std::isalnum(static_cast<unsigned char>(c)) != 0) ? c : '-';
  const std::string path = std::string(survey) + "/" + slug.substr(0, 120);
  std::FILE* seen = std::fopen(path.c_str(), "rb");
  if (seen != nullptr) {
    std::fclose(seen);
  } else if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(current().input.data(), 1, current().input.size(), f);
    std::fclose(f);
    std::fprintf(stderr, "fuzz: check failed: %s: kept in %s\n", kind.c_str(), path.c_str());
  }
  throw Surveyed{};
}

/// The checks every output gets, and those of its format.
inline void check_text(std::string_view text, Format f, const std::string& where) {
  if (check::has_nul(text)) fail("NUL byte", where);
  if (!check::valid_utf8(text)) fail("invalid UTF-8", where);
  switch (f) {
    case Format::json:
      if (!check::json_well_formed(text)) fail("JSON does not parse", where);
      break;
    case Format::csv:
      if (!check::csv_tables_well_formed(text)) fail("CSV rows differ from their header's width, or bad quoting", where);
      break;
    case Format::text:
    case Format::markdown:
      if (!check::terminal_safe(text)) fail("control character in text for a terminal", where);
      break;
    case Format::unknown: break;
  }
}

/// A file the run wrote, checked by its name's extension (the harness chose the names).
inline void check_file(const std::string& name, const std::string& text) {
  const auto ext = std::filesystem::path(name).extension().string();
  const std::string where = "file " + name;
  if (ext == ".json") check_text(text, Format::json, where);
  else if (ext == ".csv") check_text(text, Format::csv, where);
  else if (ext == ".txt") check_text(text, Format::text, where);
  else if (ext == ".md") check_text(text, Format::markdown, where);
  else check_text(text, Format::unknown, where);
  if (ext == ".svg" && !check::xml_chars(text)) fail("character outside XML's Char", where);
  if (ext == ".toml") {
    try {
      (void)toml::parse(std::string_view(text), std::string_view(name));
    } catch (const toml::parse_error& e) {
      fail(std::string("written TOML does not parse: ") + std::string(e.description()), where);
    }
  }
}

/// The private directory the runs work in, emptied before each run and removed at exit.
class Sandbox {
 public:
  static Sandbox& get() {
    static Sandbox* const box = new Sandbox;  // never destroyed: the directory is removed at exit
    return *box;
  }
  [[nodiscard]] const std::string& dir() const { return dir_; }

  void clear() const {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir_)) std::filesystem::remove_all(e.path(), ec);
  }
  void write(const std::string& name, std::string_view text) const {
    std::ofstream f(dir_ + "/" + name, std::ios::binary);
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!f) fail("cannot write the input file", dir_);
  }
  /// Every entry of the directory: a regular file's content, or a marker for anything else.
  [[nodiscard]] std::map<std::string, std::string> snapshot() const {
    std::map<std::string, std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(dir_)) {
      const std::string name = e.path().filename().string();
      if (e.is_regular_file() && !e.is_symlink()) {
        std::ifstream f(e.path(), std::ios::binary);
        files[name] = std::string(std::istreambuf_iterator<char>(f), {});
      } else {
        files[name] = "\x01(not a regular file)";
      }
    }
    return files;
  }
  /// Runs `fn` with the directory as the working directory and `stdin_text` on standard input
  /// (a pipe, or in.toml when it does not fit one), restoring both afterwards.
  template <class Fn>
  int in_dir(std::string_view stdin_text, Fn&& fn) const {
    const int saved_in = ::dup(0);
    feed_stdin(stdin_text);
    if (::fchdir(dir_fd_) != 0) fail("cannot enter the directory", dir_);
    const int code = fn();
    if (::fchdir(cwd_fd_) != 0) fail("cannot return to the working directory", "");
    ::dup2(saved_in, 0);
    ::close(saved_in);
    return code;
  }

 private:
  std::string dir_;
  int dir_fd_ = -1;
  int cwd_fd_ = -1;

  Sandbox() {
    const char* tmp = std::getenv("TMPDIR");
    std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/gunpowder-fuzz.XXXXXX";
    if (::mkdtemp(tmpl.data()) == nullptr) fail("cannot create a temporary directory", tmpl);
    dir_ = tmpl;
    dir_fd_ = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    cwd_fd_ = ::open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd_ < 0 || cwd_fd_ < 0) fail("cannot open the directories", dir_);
    ::setenv("GUNPOWDER_NO_PROGRESS", "1", 1);  // no progress line on a terminal's stderr
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(get().dir_, ec);
    });
  }

  // Standard input is never the fuzzer's own: a pipe holding the text (made large enough), or
  // the in.toml file of the same text when the pipe cannot hold it.
  void feed_stdin(std::string_view text) const {
    int p[2];
    if (::pipe2(p, O_CLOEXEC) == 0) {
      ::fcntl(p[1], F_SETFL, O_NONBLOCK);
      if (text.size() > 65536) ::fcntl(p[1], F_SETPIPE_SZ, static_cast<int>(text.size()));
      size_t done = 0;
      while (done < text.size()) {
        const ssize_t n = ::write(p[1], text.data() + done, text.size() - done);
        if (n <= 0) break;
        done += static_cast<size_t>(n);
      }
      ::close(p[1]);
      if (done == text.size()) {
        ::dup2(p[0], 0);
        ::close(p[0]);
        return;
      }
      ::close(p[0]);
    }
    const int fd = ::openat(dir_fd_, "in.toml", O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail("cannot open in.toml for standard input", dir_);
    ::dup2(fd, 0);
    ::close(fd);
  }
};

/// What a run gave.
struct Outcome {
  int code = 0;
  std::string out, err;
  std::map<std::string, std::string> before, after;
};

inline Outcome execute(ToolMain tool_main, const std::vector<std::string>& args, std::string_view input,
                       std::string_view stdin_text) {
  const Sandbox& box = Sandbox::get();
  box.clear();
  box.write("in.toml", input);
  Outcome o;
  o.before = box.snapshot();
  std::vector<const char*> argv;
  argv.reserve(args.size() + 1);
  for (const auto& a : args) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  std::ostringstream out, err;
  o.code = box.in_dir(stdin_text,
                      [&] { return tool_main(static_cast<int>(args.size()), argv.data(), out, err); });
  o.out = out.str();
  o.err = err.str();
  o.after = box.snapshot();
  return o;
}

/// The checks of every run: documented exit codes; a failure has a message and leaves no output
/// at all (standard output empty, the directory as it was); every output is clean text.
/// `named` says that the files' names tell their formats (the harness chose them).
inline void check_outcome(const Outcome& o, const std::vector<int>& codes, Format stdout_format, bool named) {
  bool known = false;
  for (int c : codes) known = known || c == o.code;
  if (!known) fail("undocumented exit code " + std::to_string(o.code), "exit code");
  check_text(o.err, Format::text, "stderr");
  if (o.code != 0) {
    if (!o.out.empty()) fail("output on standard output after a failure", "stdout");
    if (o.err.empty()) fail("a failure without a message", "stderr");
    for (const auto& [name, text] : o.after) {
      const auto it = o.before.find(name);
      if (it == o.before.end()) fail("a file left after a failure", name);
      if (it->second != text) fail("a file changed by a failed run", name);
    }
    if (o.after.size() != o.before.size()) fail("a file removed by a failed run", "directory");
    return;
  }
  if (!o.out.empty()) check_text(o.out, stdout_format, "stdout");  // empty: written to a file
  for (const auto& [name, text] : o.after) {
    const auto it = o.before.find(name);
    if (it != o.before.end() && it->second == text) continue;
    if (named) check_file(name, text);
    else check_text(text, Format::unknown, "file " + name);
  }
}

inline const char* format_name(Format f) {
  static const char* const kNames[] = {"text", "markdown", "csv", "json"};
  return kNames[static_cast<int>(f) % 4];
}
inline const char* format_ext(Format f) {
  static const char* const kExt[] = {"txt", "md", "csv", "json"};
  return kExt[static_cast<int>(f) % 4];
}

/// Modes 0-2: TOML through standard input, through a file, and with output files.
inline int run_toml(const Harness& h, uint8_t mode, std::string_view text) {
  static const Variant kNone;
  const Variant& v = h.variants.empty() ? kNone : h.variants[(mode >> 3U) % h.variants.size()];
  const auto how = static_cast<unsigned>(mode >> 6U);
  const auto format = static_cast<Format>(mode & 3U);
  std::vector<std::string> args{h.name};
  args.insert(args.end(), v.args.begin(), v.args.end());
  args.emplace_back(how == 0 ? "-" : "in.toml");
  args.insert(args.end(), {"--format", format_name(format)});
  if ((mode & 4U) != 0) args.emplace_back("--explain");
  const std::string out_name = std::string("out.") + format_ext(format);
  if (how == 2) {
    args.insert(args.end(), {"--output", out_name});
    args.insert(args.end(), v.outputs.begin(), v.outputs.end());
  }
  const Outcome o = execute(h.main, args, text, how == 0 ? text : std::string_view());
  check_outcome(o, {0, 64, 65, 66}, format, true);
  if (o.code == 0) {
    if (how == 2) {
      if (!o.out.empty()) fail("a report on standard output with --output", "stdout");
      const auto it = o.after.find(out_name);
      if (it == o.after.end() || it->second.empty()) fail("no report written to --output", out_name);
    } else if (o.out.empty()) {
      fail("a success without a report", "stdout");
    }
  }
  return 0;
}

/// Splits mode 3's input: NUL-separated arguments up to two NULs, then the file's content.
inline void split_command_line(std::string_view rest, std::vector<std::string>& args, std::string_view& file) {
  const size_t end = rest.find(std::string_view("\0\0", 2));
  std::string_view line = end == std::string_view::npos ? rest : rest.substr(0, end);
  file = end == std::string_view::npos ? std::string_view() : rest.substr(end + 2);
  while (!line.empty()) {
    const size_t nul = line.find('\0');
    std::string a(line.substr(0, nul));
    args.push_back(a == "''" ? std::string() : a);
    if (nul == std::string_view::npos) break;
    line.remove_prefix(nul + 1);
  }
}

/// A fuzzed argument may name only what is inside the directory.
inline bool stays_inside(const std::string& a) { return a.find('/') == std::string::npos && a != ".."; }

/// Whether `args` ask for more work than a bound allows (the value after the flag, or after '=').
inline bool over_bound(const std::vector<std::string>& args, const Bound& b, bool& present) {
  for (size_t i = 0; i < args.size(); ++i) {
    std::string value;
    if (args[i] == b.flag) {
      if (i + 1 >= args.size()) continue;
      value = args[i + 1];
    } else if (args[i].rfind(b.flag + "=", 0) == 0) {
      value = args[i].substr(b.flag.size() + 1);
    } else {
      continue;
    }
    present = true;
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    if (end != value.c_str() && !(v >= -b.max && v <= b.max)) return true;  // also NaN
  }
  return false;
}

/// Whether the fuzzed arguments may change the output format the harness put first (another
/// --format, -f in a cluster of short options, or help and version text instead of a report).
inline bool may_change_format(const std::vector<std::string>& args) {
  for (const auto& a : args) {
    if (a == "--") break;
    if (a.rfind("--format", 0) == 0 || a.rfind("--help", 0) == 0 || a == "--version") return true;
    if (a.size() > 1 && a[0] == '-' && a[1] != '-' &&
        (a.find('f') != std::string::npos || a.find('h') != std::string::npos))
      return true;
  }
  return false;
}

/// Mode 3: a fuzzed command line.
inline int run_command_line(const Harness& h, uint8_t mode, std::string_view rest) {
  std::vector<std::string> fuzzed;
  std::string_view file;
  split_command_line(rest, fuzzed, file);
  for (const auto& a : fuzzed)
    if (!stays_inside(a)) return -1;
  std::vector<std::string> args{h.name};
  for (const auto& b : h.bounds) {
    bool present = false;
    if (over_bound(fuzzed, b, present)) return -1;
    if (!present && !b.inject.empty()) args.push_back(b.flag + "=" + b.inject);
  }
  auto format = static_cast<Format>(mode & 3U);
  args.insert(args.end(), {"--format", format_name(format)});
  args.insert(args.end(), fuzzed.begin(), fuzzed.end());
  if (may_change_format(fuzzed)) format = Format::unknown;
  // Output files may be written in any format under any name: they get the checks of all text.
  const Outcome o = execute(h.main, args, file, file);
  check_outcome(o, {0, 64, 65, 66, 73, 74}, format, false);
  return 0;
}

/// The body of LLVMFuzzerTestOneInput.
inline int run(const Harness& h, const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t mode = data[0];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  current() = Current{std::string_view(reinterpret_cast<const char*>(data), size), h.name};
  try {
    if ((mode >> 6U) == 3) return run_command_line(h, mode, rest);
    return run_toml(h, mode, rest);
  } catch (const Surveyed&) {
    return 0;
  }
}

}  // namespace fuzz
