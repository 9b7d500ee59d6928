// html.hpp - the reference book's HTML: escaping, tables with their changed cells marked, the page
// frame, the stylesheet. Plain HTML 5: no script but the index's filter, nothing from the network.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/report.hpp"

namespace gunpowder::book_app {

/// Appends `s` as HTML text or attribute value: control and format characters (bidi controls,
/// zero-width characters) made visible as text tables show them (escape::visible), then XML's
/// entities and character rules (escape::append_xml).
void append_html(std::string& out, std::string_view s);
std::string html(std::string_view s);

/// Which cells of a table a house rule changed: marks[row][column] (the people's columns of the
/// table as shown, `shown_to` people); empty when nothing is marked.
using CellMarks = std::vector<std::vector<bool>>;

/// The cells of `ruled` (a table of the house-ruled report, as shown to people) whose text differs
/// from the cell of the same row and column header in `book` (the same table on the built-in
/// tables); a row beyond the book's rows is changed whole. Columns the book's table lacks (the
/// house rules' Source column) are not compared. The number of cells marked in `count`.
CellMarks compare_cells(const report::Table& ruled, const report::Table* book, size_t& count);

/// A table (as shown to people) as HTML: a <table> with its <caption> (the title), <th scope="col">
/// headers, the first cell of each row a <th scope="row">, numbers right-aligned (by the table's
/// classes rN, which the stylesheet aligns), the cells of `marks` marked (<mark>; the page's banner
/// says what the marks mean), in a box that scrolls
/// sideways when the table is wide; then its notes as a list. `id` is the table's anchor.
void append_table(std::string& out, const report::Table& t, const CellMarks& marks, const std::string& id);

/// The charts of a report, each an inline SVG (role img, labelled by its title) with its values as
/// a table in a <details> (the text alternative).
void append_charts(std::string& out, const std::vector<report::Chart>& charts, const std::string& page);

/// A whole page: doctype, lang, title, the stylesheet, the site's navigation, `banner` (HTML, may be
/// empty), then `body` (HTML) inside <main>.
std::string page_html(const std::string& title, const std::string& banner, const std::string& body,
                      const std::string& script = {});

/// The site's stylesheet (style.css): one small file, system fonts, readable from a 375-px phone
/// to print; wide tables scroll inside their box.
std::string stylesheet();

/// The index's filter: hides the index entries whose text does not hold the words typed.
std::string filter_script();

}  // namespace gunpowder::book_app
