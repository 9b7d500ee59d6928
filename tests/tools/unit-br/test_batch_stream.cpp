// In-process tests of unit-br's streamed batches (csv and JSON written as the units are rated,
// run_files.cpp): the same output as the batch held whole, also to --output, and nothing on
// stdout, nor any file, when a unit late in a large file has an error.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "unit-br/unit_app.hpp"
#include "../run_app.hpp"

using namespace gunpowder;
using gunpowder::testing::run_main;
using gunpowder::testing::write_temp;

namespace {
// `n` units: named and unnamed (the memo of units that rate alike), veterans, a comma to quote.
std::string batch(int n) {
  const char* troops[] = {"pikemen", "matchlock musketeers", "dragoons", "reiters", "swordsmen"};
  std::string t;
  for (int i = 0; i < n; ++i) {
    t += "[[unit]]\ntroop = \"" + std::string(troops[i % 5]) + "\"\ntroops = " + std::to_string(60 + 10 * (i % 7)) + "\n";
    if (i % 3 != 0) t += "name = \"U, " + std::to_string(i) + "\"\n";
    if (i % 4 == 0) t += "veteran = true\n";
    t += "\n";
  }
  return t;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("unit-br: a batch streamed to csv and JSON gives the output of the batch held whole") {
  const std::string text = batch(6000);  // about 400 KB
  const std::string streamed = write_temp("gp-ub-stream.toml", text);
  // An indented first line cannot be cut at: this file is parsed whole and its report held.
  const std::string whole = write_temp("gp-ub-whole.toml", "  # held whole\n" + text);
  const std::string out_path = testing::temp_path("gp-ub-stream.out").string();
  for (const char* fmt : {"csv", "json"}) {
    CAPTURE(fmt);
    const auto s = run_main(unit_app::main, {"unit-br", streamed, streamed, "--format", fmt});
    const auto w = run_main(unit_app::main, {"unit-br", whole, whole, "--format", fmt});
    CHECK(s.code == 0);
    CHECK(w.code == 0);
    CHECK(s.err.empty());
    CHECK(s.out.size() > 100000);
    CHECK(s.out == w.out);
    const auto o = run_main(unit_app::main, {"unit-br", streamed, streamed, "--format", fmt, "--output", out_path});
    CHECK(o.code == 0);
    CHECK(slurp(out_path) == w.out);
    std::filesystem::remove(out_path);
  }
}

TEST_CASE("unit-br: JSON of a file that cannot be cut (a [[unit]] line inside a multi-line name) is whole") {
  // Between the 16 KiB the JSON pass cuts at and the 256 KiB under which a file is read whole
  // for csv: the first pass must find the bad cut as the JSON pass will make it (it failed half
  // way with "the input changed while it was read" and half a document on stdout).
  std::string text = batch(600);
  std::string name = "[[unit]]\ntroop = \"pikemen\"\nname = \"\"\"X\n";
  for (int i = 0; i < 1000; ++i) name += "filler line " + std::to_string(i) + "\n";
  name += "[[unit]]\nY\"\"\"\n\n";
  const size_t at = text.find("[[unit]]", text.size() / 2);  // between two units
  text = text.substr(0, at) + name + text.substr(at);
  REQUIRE(text.size() > 32 * 1024);
  REQUIRE(text.size() < 200 * 1024);
  const std::string path = write_temp("gp-ub-multiline.toml", text);
  const auto r = run_main(unit_app::main, {"unit-br", path, "--format", "json"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("filler line 999") != std::string::npos);
  CHECK(r.out.size() > 1000);
  CHECK(r.out[r.out.find_last_not_of('\n')] == '}');  // a whole document
}

TEST_CASE("unit-br: an error late in a large batch leaves stdout empty and writes no file") {
  const std::string bad = batch(6000) + "[[unit]]\ntroop = \"pikemen\"\ntroops = -5\n";
  const int line = static_cast<int>(std::count(bad.begin(), bad.end(), '\n'));
  const std::string path = write_temp("gp-ub-stream-bad.toml", bad);
  const std::string out_path = testing::temp_path("gp-ub-stream-bad.out").string();
  std::filesystem::remove(out_path);
  for (const char* fmt : {"csv", "json"}) {
    CAPTURE(fmt);
    const auto r = run_main(unit_app::main, {"unit-br", path, "--format", fmt});
    CHECK(r.code == 65);
    CHECK(r.out.empty());
    CHECK(r.err.find("gp-ub-stream-bad.toml:" + std::to_string(line) + ":") != std::string::npos);
    const auto o = run_main(unit_app::main, {"unit-br", path, "--format", fmt, "--output", out_path});
    CHECK(o.code == 65);
    CHECK_FALSE(std::filesystem::exists(out_path));
  }
}
