// run_app.hpp - helpers of the tests that run a tool in-process: its exit code, stdout and
// stderr, and input files written to the temporary directory.
#pragma once

#include <unistd.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gunpowder/data/tables.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::testing {

/// What a run gave.
struct Run {
  int code = 0;
  std::string out, err;
};
/// Runs a tool's main (e.g. unit_app::main) on `args` (args[0] is the tool's name).
template <class Main>
Run run_main(Main main, std::vector<std::string> args) {
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  Run r;
  r.code = main(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}
/// A path for `name` in a directory of this test process's own under the temporary directory
/// (made on first use): two checkouts running their tests at once no longer write each other's
/// files.
/// The directory is removed when the process ends.
inline std::filesystem::path temp_path(const std::string& name) {
  struct Dir {
    std::filesystem::path path;
    Dir() : path(std::filesystem::temp_directory_path() / ("gunpowder-tests-" + std::to_string(::getpid()))) {
      std::filesystem::create_directories(path);
    }
    Dir(const Dir&) = delete;
    Dir& operator=(const Dir&) = delete;
    ~Dir() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  };
  static const Dir dir;
  return dir.path / name;
}

/// Writes `text` to `name` in the process's temporary directory (temp_path) and returns its path.
inline std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = temp_path(name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

/// The bytes of the file at `path` (empty when it cannot be read).
inline std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A tool's file input read in pieces (input::for_each_piece) against the same tables read
/// whole: `a` and `b` are each under input::kChunkMinBytes (parsed whole), `a + b` is not
/// (streamed); the output of the joined file must equal that of the two halves, in csv and json.
/// Then `bad_tail`, appended to the joined file, must be reported at its last line and `column`.
template <class Main>
void check_streamed(Main main, const std::string& tool, const std::string& a, const std::string& b,
                    const std::string& bad_tail, int column) {
  REQUIRE(a.size() < input::kChunkMinBytes);
  REQUIRE(b.size() < input::kChunkMinBytes);
  REQUIRE(a.size() + b.size() >= input::kChunkMinBytes);
  const auto pa = write_temp("gp-" + tool + "-a.toml", a), pb = write_temp("gp-" + tool + "-b.toml", b),
             pab = write_temp("gp-" + tool + "-ab.toml", a + b);
  for (const char* fmt : {"csv", "json"}) {
    CAPTURE(fmt);
    const Run halves = run_main(main, {tool, pa, pb, "--format", fmt});
    const Run whole = run_main(main, {tool, pab, "--format", fmt});
    CHECK(halves.code == 0);
    CHECK(whole.code == 0);
    CHECK(whole.out == halves.out);
  }
  const std::string bad = a + b + bad_tail;
  const int line = static_cast<int>(std::count(bad.begin(), bad.end(), '\n'));
  const std::string name = "gp-" + tool + "-bad.toml";
  const Run r = run_main(main, {tool, write_temp(name, bad)});
  CHECK(r.code == 65);
  CHECK(r.out.empty());
  CHECK(r.err.find(name + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error:") != std::string::npos);
}

/// The errors of loading house rules `body` for `table` (the [house_rules] header added, so the
/// body's first line is line 4), written as the temporary file `name`, by `load` (the module's
/// loader, given the tables: its errors); empty when accepted.
template <class Load>
std::vector<Diagnostic> refused_rules(const std::string& name, const std::string& table, const std::string& body,
                                      Load load) {
  const std::string path = write_temp(name, "[house_rules]\ntable = \"" + table + "\"\n\n" + body);
  auto t = data::Tables::with_house_rules({path});
  if (!t) return t.error().items();
  return load(*t);
}

/// One error, a data error at `line` of the rules file `name`, whose message holds `words`.
inline void check_one_error(const std::vector<Diagnostic>& errors, const std::string& name, int line,
                            const std::string& words) {
  REQUIRE(errors.size() == 1);
  CAPTURE(errors[0].message);
  CHECK(errors[0].pos.file.find(name) != std::string::npos);
  CHECK(errors[0].pos.line == line);
  CHECK(errors[0].message.find(words) != std::string::npos);
  CHECK(errors[0].code == ExitCode::data_error);
}

}  // namespace gunpowder::testing
