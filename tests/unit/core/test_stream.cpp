// Unit tests of the renderers that write a table or a JSON array in pieces (report::csv_header and
// csv_rows, json::ArrayStream), each against the output of the whole (the input read in pieces:
// tests/unit/input/test_pieces.cpp).
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "gunpowder/core/json.hpp"
#include "gunpowder/core/report.hpp"

using namespace gunpowder;

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
