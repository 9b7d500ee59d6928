// Unit tests of report::StreamedTable (issue 24, item 4: batches written as they are made): a table
// given row by row (measured, then written block by block) is the text render_text and the markdown
// render_markdown write of the same table held whole, whatever its layout: blocks of columns with
// their key columns, wrapped prose, a single row as a vertical list, no rows, escapes, columns
// shown to programs only.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gunpowder/core/report.hpp"

using namespace gunpowder;

namespace {

// The table written through a StreamedTable, its rows given to measure() then to each block.
std::string streamed(const report::Table& t, report::Format format, size_t width) {
  report::Table frame = t;
  frame.rows.clear();
  report::StreamedTable s(frame, format, width);
  for (const auto& r : t.rows) s.measure(r);
  std::string out;
  const size_t blocks = s.blocks();
  for (size_t k = 0; k < blocks; ++k) {
    out += s.head(k);
    for (const auto& r : t.rows) s.append_row(out, k, r);
  }
  return out + s.tail();
}

// `rows` rows of a table of many columns: a key, a second column, a prose column and numbers.
report::Table wide(size_t rows, bool unique_keys, bool unique_pairs) {
  report::Table t;
  t.title = "Wide table with a title long enough to wrap at forty columns";
  t.add_column("name", "Name").add_column("kind", "Kind").add_column("notes", "Notes about it");
  for (int c = 0; c < 6; ++c)
    t.add_column("c" + std::to_string(c), "Column " + std::to_string(c), report::Align::right);
  for (size_t r = 0; r < rows; ++r) {
    std::vector<report::Cell> row{unique_keys ? "name " + std::to_string(r) : std::string("same"),
                                  unique_pairs ? "kind " + std::to_string(r) : std::string("kind"),
                                  r % 2 ? "a long note of several words that wraps in a narrow column" : "short"};
    for (int c = 0; c < 6; ++c) row.push_back(report::cell::integer(static_cast<long long>(r * 1000 + c)));
    t.add_row(std::move(row));
  }
  t.notes.push_back("a note under the table, long enough to be wrapped at a narrow width of forty");
  return t;
}

void same_everywhere(const report::Table& t) {
  for (size_t width : {20, 40, 60, 100, 300}) {
    CAPTURE(width);
    CHECK(streamed(t, report::Format::text, width) == report::render_text({t}, width));
  }
  CHECK(streamed(t, report::Format::markdown, 100) == report::render_markdown({t}));
}

}  // namespace

TEST_CASE("report::StreamedTable writes what render_text and render_markdown write") {
  SUBCASE("rows told apart by the first column") { same_everywhere(wide(5, true, true)); }
  SUBCASE("by the first two columns") { same_everywhere(wide(5, false, true)); }
  SUBCASE("by none") { same_everywhere(wide(5, false, false)); }
  SUBCASE("one row: a vertical list when too wide") { same_everywhere(wide(1, true, true)); }
  SUBCASE("no row") { same_everywhere(wide(0, true, true)); }
  SUBCASE("escapes and wide characters") {
    report::Table t;
    t.add_column("a", "A|b").add_column("b", "Größe", report::Align::right);
    t.add_row({"bell\a here", "1×2"}).add_row({"tab\tand <b>", "–"});
    same_everywhere(t);
  }
  SUBCASE("columns shown to programs only are left out") {
    report::Table t = wide(3, true, true);
    t.columns[1].shown = report::Shown::programs;
    same_everywhere(t);
  }
}

TEST_CASE("report::StreamedTable: a layout that needs every row") {
  // The last row alone widens the first column: measured without it, the table is laid out otherwise.
  report::Table t = wide(4, true, true);
  t.rows.back()[0] = report::Cell("a name much longer than any other");
  const std::string whole = report::render_text({t}, 100);
  CHECK(streamed(t, report::Format::text, 100) == whole);
  report::Table frame = t;
  frame.rows.clear();
  report::StreamedTable partial(frame, report::Format::text, 100);
  for (size_t r = 0; r + 1 < t.rows.size(); ++r) partial.measure(t.rows[r]);
  std::string out;
  for (size_t k = 0; k < partial.blocks(); ++k) {
    out += partial.head(k);
    for (const auto& r : t.rows) partial.append_row(out, k, r);
  }
  CHECK(out + partial.tail() != whole);
  report::StreamedTable md(frame, report::Format::markdown, 60);
  CHECK(md.blocks() == 1);
}
