// Unit tests of the streamed batch: input::stream_file (a file read in pieces, handed on in input
// order), and the renderers that write a table or a JSON array in pieces (report::csv_header and
// csv_rows, json::ArrayStream), each against the output of the whole.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "gunpowder/core/json.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/input/reader.hpp"

using namespace gunpowder;

namespace {
std::string temp_file(const std::string& name, const std::string& text) {
  const auto path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// `n` [[piece]] tables, each with its number as `n` and a name; about 40 bytes a table.
std::string pieces(int n) {
  std::string t;
  for (int i = 0; i < n; ++i) t += "[[piece]]\nn = " + std::to_string(i) + "\nname = \"P" + std::to_string(i) + "\"\n\n";
  return t;
}

// What stream_file handed on: the numbers of the tables, in the order in_order saw them.
struct Seen {
  std::vector<std::vector<long long>> slot{2};
  std::vector<long long> in_order;
  std::vector<size_t> indices;
};

Expected<bool> stream(const std::string& path, Seen& seen, unsigned threads = 2) {
  seen.slot.assign(threads, {});
  return input::stream_file(
      path, "piece", threads,
      [&](size_t, unsigned w, const input::Document& doc) {
        seen.slot[w].clear();
        // A piece cut inside a multi-line string may parse as empty tables before the cut is
        // found untrustworthy (stream_file then returns false): such tables have no "n".
        for (const auto& t : *doc.root.get("piece")->as_array())
          if (const auto* n = t.as_table()->get("n"); n && n->as_integer())
            seen.slot[w].push_back(n->as_integer()->get());
      },
      [&](size_t i, unsigned w) {
        seen.indices.push_back(i);
        seen.in_order.insert(seen.in_order.end(), seen.slot[w].begin(), seen.slot[w].end());
      });
}
}  // namespace

TEST_CASE("input::stream_file") {
  SUBCASE("a file of many pieces is handed on whole and in input order") {
    const int n = 20000;  // about 800 KB: a dozen pieces of 64 KiB
    const std::string text = "# pieces\n\n" + pieces(n);
    Seen seen;
    auto r = stream(temp_file("gp-stream-many.toml", text), seen);
    REQUIRE(r);
    CHECK(*r);
    REQUIRE(seen.in_order.size() == static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) CHECK(seen.in_order[static_cast<size_t>(i)] == i);
    CHECK(seen.indices.size() > 10);
    for (size_t i = 0; i < seen.indices.size(); ++i) CHECK(seen.indices[i] == i);
  }
  SUBCASE("one thread, and a small file in one piece") {
    Seen seen;
    auto r = stream(temp_file("gp-stream-one.toml", pieces(3)), seen, 1);
    REQUIRE(r);
    CHECK(*r);
    CHECK(seen.in_order == std::vector<long long>{0, 1, 2});
    CHECK(seen.indices == std::vector<size_t>{0});
  }
  SUBCASE("the order holds when a piece takes longer than the next") {
    Seen seen;
    std::vector<size_t> order;
    const std::string path = temp_file("gp-stream-slow.toml", pieces(10000));
    auto r = input::stream_file(
        path, "piece", 2,
        [&](size_t i, unsigned, const input::Document&) {
          if (i % 3 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        },
        [&](size_t i, unsigned) { order.push_back(i); });
    REQUIRE(r);
    CHECK(*r);
    REQUIRE(order.size() > 3);
    for (size_t i = 0; i < order.size(); ++i) CHECK(order[i] == i);
  }
  SUBCASE("positions and lines are those of the whole file") {
    const std::string text = pieces(5000) + "[[piece]]\nn = 5000\nname = \"last\"\n";
    const int last_line = 4 * 5000 + 3;  // the line of name = "last"
    std::string line;
    SourcePos pos;
    auto r = input::stream_file(
        temp_file("gp-stream-pos.toml", text), "piece", 2,
        [&](size_t, unsigned, const input::Document& doc) {
          const auto& arr = *doc.root.get("piece")->as_array();
          const auto* t = arr.back().as_table();
          if (t->get("n")->as_integer()->get() != 5000) return;
          pos = doc.pos(*t->get("name"));
          line = doc.line(pos.line);
        },
        [](size_t, unsigned) {});
    REQUIRE(r);
    CHECK(*r);
    CHECK(pos.line == last_line);
    CHECK(pos.column == 8);
    CHECK(line == "name = \"last\"");
  }
  SUBCASE("what cannot be streamed is left to the caller, who reads it whole") {
    Seen seen;
    auto r = stream("-", seen);
    REQUIRE(r);
    CHECK_FALSE(*r);
    // A first line that is not the header (an indented comment, as cut_lines refuses it too).
    r = stream(temp_file("gp-stream-indented.toml", "  # x\n" + pieces(10)), seen);
    REQUIRE(r);
    CHECK_FALSE(*r);
    // A multi-line string holding header lines, across the place where the file is cut.
    std::string s = pieces(1000) + "[[piece]]\nn = 1000\nname = \"\"\"\n";
    for (int i = 0; i < 20000; ++i) s += "[[piece]]\n";
    s += "\"\"\"\n" + pieces(10);
    r = stream(temp_file("gp-stream-string.toml", s), seen);
    REQUIRE(r);
    CHECK_FALSE(*r);
    r = stream(temp_file("gp-stream-empty.toml", ""), seen);
    REQUIRE(r);
    CHECK_FALSE(*r);
    r = stream(std::filesystem::temp_directory_path().string(), seen);
    REQUIRE(r);
    CHECK_FALSE(*r);
    r = stream("/nonexistent/gp-stream.toml", seen);
    REQUIRE(r);
    CHECK_FALSE(*r);
  }
  SUBCASE("a NUL late in the file is refused as read_input refuses it") {
    std::string s = pieces(20000);
    s[s.size() - 3] = '\0';
    Seen seen;
    const std::string path = temp_file("gp-stream-nul.toml", s);
    auto r = stream(path, seen);
    REQUIRE_FALSE(r);
    const auto whole = input::read_input(path);
    REQUIRE_FALSE(whole);
    REQUIRE(r.error().items().size() == 1);
    CHECK(r.error().items()[0].message == "input is not text (it contains a NUL byte)");
    CHECK(r.error().items()[0].message == whole.error().items()[0].message);
    CHECK(r.error().items()[0].pos.file == path);
    CHECK(r.error().code() == whole.error().code());
  }
  SUBCASE("an exception thrown on a worker reaches the caller once every worker has stopped") {
    const std::string path = temp_file("gp-stream-throw.toml", pieces(20000));
    auto call = [&] {
      return input::stream_file(
          path, "piece", 2,
          [](size_t i, unsigned, const input::Document&) {
            if (i == 4) throw std::runtime_error("boom");
          },
          [](size_t, unsigned) {});
    };
    CHECK_THROWS_WITH(call(), "boom");
  }
}

TEST_CASE("report::csv_header and csv_rows") {
  report::Table a;
  a.add_column("name", "Name").add_column("note", "Note");
  a.add_row({"x", "a, \"b\""}).add_row({"y"}).add_row({"z", "line\nbreak"});
  std::string out = report::csv_header(a);
  report::csv_rows(out, a, {a.rows[0]});
  report::csv_rows(out, a, {a.rows[1], a.rows[2]});
  CHECK(out == report::render_csv({a}));
  CHECK(out == "name,note\r\nx,\"a, \"\"b\"\"\"\r\ny,\r\nz,\"line\nbreak\"\r\n");
}

TEST_CASE("json::ArrayStream") {
  json::Value head = json::object();
  head.set("tool", "t\"ool");
  head.set("meta", json::Value(json::Object{{"a", 1}, {"b", json::array()}}));
  json::Value e0 = json::object(), e1 = json::object();
  e0.set("name", "é");
  e0.set("list", json::Value(json::Array{1, 2.5, nullptr}));
  e1.set("name", "two");
  SUBCASE("elements in blocks give the text of dump()") {
    std::ostringstream os;
    json::ArrayStream s(os, head, "items");
    std::string block;
    json::ArrayStream::append(block, json::dump_at(e0, 2));
    s.write(block);
    s.write("");
    block.clear();
    json::ArrayStream::append(block, json::dump_at(e1, 2));
    json::ArrayStream::append(block, json::dump_at(e1, 2));
    s.write(block);
    s.finish();
    json::Value whole = head;
    whole.set("items", json::Value(json::Array{e0, e1, e1}));
    CHECK(os.str() == json::dump(whole));
  }
  SUBCASE("no element, and no other member") {
    std::ostringstream os;
    json::ArrayStream s(os, json::object(), "items");
    s.finish();
    json::Value whole = json::object();
    whole.set("items", json::array());
    CHECK(os.str() == json::dump(whole));
    CHECK(os.str() == "{\n  \"items\": []\n}\n");
  }
}
