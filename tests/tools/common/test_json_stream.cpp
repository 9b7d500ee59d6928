// test_json_stream.cpp - cli::JsonDocumentStream against the core's render_json: the same text for
// the same tables, whatever the order their objects are written in.
#include <doctest/doctest.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "common/json_stream.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/report.hpp"

using namespace gunpowder;
using report::Field;
using report::Kind;

namespace {
constexpr Field kName{"name", "Name", Kind::text, "", "a name", "", false};
constexpr Field kCrew{"crew", "Crew", Kind::count, "", "men serving it"};
constexpr Field kCost{"cost_gp", "Cost", Kind::amount, "gp", "price"};

const report::TableSpec& first_spec() {
  static const report::TableSpec s("pieces", "Pieces", "one piece", {kName, kCrew});
  return s;
}
const report::TableSpec& people_spec() {
  static const report::TableSpec s =
      report::TableSpec("notes", "Notes", "for people", {kName}).only_for(report::Shown::people);
  return s;
}
const report::TableSpec& record_spec() {
  static const report::TableSpec s = report::TableSpec("costs", "Costs", "the figures of one piece", {kCost})
                                         .with_context({kName})
                                         .as_record("Characteristic", true);
  return s;
}
const report::TableSpec& empty_spec() {
  static const report::TableSpec s("crews", "Crews", "one crew", {kName, kCrew});
  return s;
}
const report::DocumentSpec& doc_spec() {
  static const report::DocumentSpec d("artillery-design", "pieces", 3, "designed pieces",
                                      {&first_spec(), &people_spec(), &record_spec(), &empty_spec()});
  return d;
}

report::Table pieces(int from, int to) {
  report::Table t(first_spec());
  for (int i = from; i < to; ++i) t.add_row({"Gun " + std::to_string(i), report::cell::integer(i)});
  return t;
}
report::Table cost(const std::string& name, long long gp) {
  report::Table c(record_spec());
  c.set_context(kName, name);
  c.add_figure(kCost, report::cell::integer(gp));
  return c;
}
report::Table note() {
  report::Table t(people_spec());
  t.add_row({"for people only"});
  return t;
}
std::string objects(const report::Table& t) {
  std::string out;
  cli::append_json_objects(out, t);
  return out;
}
}  // namespace

TEST_CASE("cli::JsonDocumentStream") {
  report::Report held;
  held.document = &doc_spec();
  held.tables = {pieces(0, 2), note(), cost("Gun 0", 100), pieces(2, 5), cost("Gun 1", 250)};
  const std::string expected = json::dump(report::render_json(held, false));

  SUBCASE("objects of a later array written first wait for it: the text render_json writes") {
    std::ostringstream os;
    cli::JsonDocumentStream doc(os, doc_spec());
    const size_t costs = doc.index(&record_spec());
    doc.write(costs, objects(cost("Gun 0", 100)));
    doc.write(0, objects(pieces(0, 2)));
    doc.write(doc.index(&people_spec()), objects(note()));  // not in JSON
    doc.write(costs, objects(cost("Gun 1", 250)));
    doc.write(0, objects(pieces(2, 5)));
    CHECK(doc.finish().empty());
    CHECK(os.str() == expected);
  }
  SUBCASE("open_through closes the arrays before it; an array closed cannot be written") {
    std::ostringstream os;
    cli::JsonDocumentStream doc(os, doc_spec());
    doc.write(0, objects(pieces(0, 2)) + objects(pieces(2, 5)));
    const size_t costs = doc.index(&record_spec());
    doc.open_through(costs);
    doc.write(costs, objects(cost("Gun 0", 100)));
    doc.write(costs, objects(cost("Gun 1", 250)));
    CHECK_THROWS_AS(doc.write(0, objects(pieces(5, 6))), std::logic_error);
    CHECK(doc.finish().empty());
    CHECK(os.str() == expected);
  }
  SUBCASE("a table not of the document is a programming error") {
    std::ostringstream os;
    cli::JsonDocumentStream doc(os, doc_spec());
    static const report::TableSpec other("other", "Other", "not declared", {kName});
    CHECK_THROWS_AS((void)doc.index(&other), std::logic_error);
  }
}
