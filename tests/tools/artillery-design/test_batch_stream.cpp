// In-process tests of artillery-design's streamed batches (csv and JSON written as the pieces are
// designed, mode_files.cpp): the same output as the batch held whole, written to --output alike,
// and nothing on stdout, nor any file, when a piece late in a large file has an error.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "artillery-design/artillery_app.hpp"
#include "../run_app.hpp"

using namespace gunpowder;
using gunpowder::testing::run_main;
using gunpowder::testing::write_temp;

namespace {
// `n` pieces of all three types, some light ones on a chosen carriage, a few with names to escape.
std::string batch(int n) {
  const char* types[] = {"cannon", "gun", "mortar"};
  const char* carriages[] = {"field", "limber", "garrison"};
  std::string t = "# a batch\n\n";
  for (int i = 0; i < n; ++i) {
    t += "[[piece]]\ntype = \"" + std::string(types[i % 3]) + "\"\nshot_lb = " + std::to_string(1 + (i % 97) * 0.5) + "\n";
    if (i % 5 == 0 && i % 97 < 6) t += "carriage = \"" + std::string(carriages[i % 3]) + "\"\n";
    if (i % 7 == 0) t += "name = \"P, \\\"" + std::to_string(i) + "\\\"\"\n";
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

TEST_CASE("artillery-design: a batch streamed to csv and JSON gives the output of the batch held whole") {
  const std::string text = batch(6000);  // about 300 KB: several pieces of 64 KiB
  const std::string streamed = write_temp("gp-ad-stream.toml", text);
  // An indented first line cannot be cut at (input::for_each_piece refuses it), so this file is
  // parsed whole, as one piece, and written from it.
  const std::string whole = write_temp("gp-ad-whole.toml", "  # held whole\n" + text);
  for (const char* fmt : {"csv", "json"}) {
    CAPTURE(fmt);
    const auto s = run_main(artillery_app::main, {"artillery-design", streamed, "--format", fmt});
    const auto w = run_main(artillery_app::main, {"artillery-design", whole, "--format", fmt});
    CHECK(s.code == 0);
    CHECK(w.code == 0);
    CHECK(s.err.empty());
    CHECK(s.out.size() > 100000);
    CHECK(s.out == w.out);
    // Two files, and the same written to --output.
    const auto two = run_main(artillery_app::main, {"artillery-design", streamed, streamed, "--format", fmt});
    const auto two_whole = run_main(artillery_app::main, {"artillery-design", whole, whole, "--format", fmt});
    CHECK(two.out == two_whole.out);
    const std::string out_path = testing::temp_path("gp-ad-stream.out").string();
    const auto o = run_main(artillery_app::main, {"artillery-design", streamed, "--format", fmt, "--output", out_path});
    CHECK(o.code == 0);
    CHECK(o.out.empty());
    CHECK(slurp(out_path) == w.out);
    std::filesystem::remove(out_path);
  }
  // The csv is one table, the pieces; the chosen carriages are the table "carriages", held whole.
  const auto s = run_main(artillery_app::main, {"artillery-design", streamed, "--format", "csv"});
  CHECK(s.out.rfind("name,", 0) == 0);
  CHECK(s.out.find("\r\n\r\n") == std::string::npos);
  CHECK(s.out.find("carriage_weight_lb") == std::string::npos);
  const auto c =
      run_main(artillery_app::main, {"artillery-design", streamed, "--format", "csv", "--table", "carriages"});
  CHECK(c.code == 0);
  CHECK(c.out.rfind("name,carriage,horses,carts,wagons,carriage_cost_gp,carriage_weight_lb\r\n", 0) == 0);
}

TEST_CASE("artillery-design: an error late in a large batch leaves stdout empty and writes no file") {
  const std::string text = batch(6000);
  const std::string bad = text + "[[piece]]\ntype = \"gun\"\nshot_lb = 6\npowder_lb = \"x\"\n";
  const int line = static_cast<int>(std::count(bad.begin(), bad.end(), '\n'));
  const std::string path = write_temp("gp-ad-stream-bad.toml", bad);
  const std::string whole = write_temp("gp-ad-stream-bad-whole.toml", "  # held whole\n" + bad);
  const std::string out_path = testing::temp_path("gp-ad-stream-bad.out").string();
  std::filesystem::remove(out_path);
  for (const char* fmt : {"csv", "json"}) {
    CAPTURE(fmt);
    const auto r = run_main(artillery_app::main, {"artillery-design", path, "--format", fmt});
    CHECK(r.code == 65);
    CHECK(r.out.empty());
    CHECK(r.err.find("gp-ad-stream-bad.toml:" + std::to_string(line) + ":13: error:") != std::string::npos);
    // The same message as for the file read whole, one line further down there.
    const auto w = run_main(artillery_app::main, {"artillery-design", whole, "--format", fmt});
    std::string expected = w.err;
    const std::string from = "gp-ad-stream-bad-whole.toml:" + std::to_string(line + 1) + ":";
    REQUIRE(expected.find(from) != std::string::npos);
    expected.replace(expected.find(from), from.size(), "gp-ad-stream-bad.toml:" + std::to_string(line) + ":");
    CHECK(r.err == expected);
    const auto o = run_main(artillery_app::main, {"artillery-design", path, "--format", fmt, "--output", out_path});
    CHECK(o.code == 65);
    CHECK_FALSE(std::filesystem::exists(out_path));
  }
  // A design error (a rule's, after reading) late in the file: the same.
  const std::string bad2 = text + "[[piece]]\ntype = \"gun\"\nshot_lb = 6\npowder_lb = 99999\n";
  const auto r = run_main(artillery_app::main, {"artillery-design", write_temp("gp-ad-stream-bad2.toml", bad2), "--format", "json"});
  CHECK(r.code == 65);
  CHECK(r.out.empty());
  CHECK(r.err.find("gp-ad-stream-bad2.toml:" + std::to_string(std::count(bad2.begin(), bad2.end(), '\n')) + ":") !=
        std::string::npos);
}
