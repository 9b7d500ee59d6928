// html.cpp - the reference book's HTML (html.hpp).
#include "gunpowder-book/html.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "gunpowder/core/escape.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::book_app {

void append_html(std::string& out, std::string_view s) {
  if (escape::is_plain(s)) {
    escape::append_xml(out, s);
    return;
  }
  escape::append_xml(out, escape::visible(s, escape::Breaks::space));
}

std::string html(std::string_view s) {
  std::string out;
  append_html(out, s);
  return out;
}

CellMarks compare_cells(const report::Table& ruled, const report::Table* book, size_t& count) {
  CellMarks marks;
  count = 0;
  if (book == nullptr) return marks;
  // The book's column of each of the ruled table's columns, by its key (its header where it has
  // none), the n-th of a name matched to the book's n-th (a table of battles has two "C-BR"
  // columns, force_br and opponent_br); npos: none (a column the house rules add, as Source).
  const auto name_of = [](const report::Column& col) { return col.key.empty() ? col.header : col.key; };
  std::vector<size_t> column_in_book(ruled.columns.size(), std::string::npos);
  for (size_t c = 0; c < ruled.columns.size(); ++c) {
    size_t nth = 0;
    for (size_t k = 0; k < c; ++k) nth += name_of(ruled.columns[k]) == name_of(ruled.columns[c]) ? 1 : 0;
    for (size_t b = 0; b < book->columns.size(); ++b)
      if (name_of(book->columns[b]) == name_of(ruled.columns[c]) && nth-- == 0) {
        column_in_book[c] = b;
        break;
      }
  }
  marks.assign(ruled.rows.size(), std::vector<bool>(ruled.columns.size(), false));
  for (size_t r = 0; r < ruled.rows.size(); ++r)
    for (size_t c = 0; c < ruled.columns.size() && c < ruled.rows[r].size(); ++c) {
      const size_t b = column_in_book[c];
      if (b == std::string::npos) continue;
      const bool changed = r >= book->rows.size() || b >= book->rows[r].size() ||
                           book->rows[r][b].text != ruled.rows[r][c].text;
      if (changed) {
        marks[r][c] = true;
        ++count;
      }
    }
  if (count == 0) marks.clear();
  return marks;
}

namespace {
// The columns whose alignment the stylesheet sets by their place (.rN): a table's first columns.
constexpr size_t kAlignedColumns = 40;
}  // namespace

void append_table(std::string& out, const report::Table& t, const CellMarks& marks, const std::string& id) {
  // The right-aligned columns (numbers): classes of the table that the stylesheet aligns (rN: the
  // N-th cell of each row), a class of each cell beyond kAlignedColumns.
  std::string classes;
  for (size_t c = 0; c < t.columns.size() && c < kAlignedColumns; ++c)
    if (t.columns[c].align == report::Align::right) classes += (classes.empty() ? "r" : " r") + std::to_string(c + 1);
  out += "<section class=\"table\" id=\"";
  append_html(out, id);
  out += "\">\n<div class=\"scroll\" role=\"region\" tabindex=\"0\" aria-labelledby=\"";
  append_html(out, id);
  out += "-caption\">\n<table";
  if (!classes.empty()) out += " class=\"" + classes + "\"";
  out += ">\n<caption id=\"";
  append_html(out, id);
  out += "-caption\">";
  append_html(out, t.title);
  out += "</caption>\n<thead><tr>";
  for (const auto& c : t.columns) {
    out += "<th scope=\"col\">";
    append_html(out, c.header);
    out += "</th>";
  }
  out += "</tr></thead>\n<tbody>\n";
  for (size_t r = 0; r < t.rows.size(); ++r) {
    out += "<tr>";
    for (size_t c = 0; c < t.columns.size(); ++c) {
      const bool head = c == 0;
      const bool marked = r < marks.size() && c < marks[r].size() && marks[r][c];
      out += head ? "<th scope=\"row\"" : "<td";
      if (c >= kAlignedColumns && t.columns[c].align == report::Align::right) out += " class=\"num\"";
      out += '>';
      if (marked) out += "<mark>";
      if (c < t.rows[r].size()) append_html(out, t.rows[r][c].text);
      if (marked) out += "</mark>";
      out += head ? "</th>" : "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n</div>\n";
  if (!t.notes.empty()) {
    out += "<ul class=\"notes\">\n";
    for (const auto& n : t.notes) {
      out += "<li>";
      append_html(out, n);
      out += "</li>\n";
    }
    out += "</ul>\n";
  }
  out += "</section>\n";
}

namespace {
// The SVG of one chart, inline: without its XML declaration, as an image labelled by its title.
std::string inline_svg(const report::Chart& chart, const std::string& label_id) {
  std::string svg = report::render_chart_svg({chart});
  if (svg.rfind("<?xml", 0) == 0) svg.erase(0, svg.find('\n') + 1);
  const auto open = svg.find("<svg ");
  if (open != std::string::npos)
    svg.insert(open + 5, "role=\"img\" aria-labelledby=\"" + label_id + "\" ");
  return svg;
}

std::string chart_value(const report::Chart& chart, double v) {
  return chart.percent ? fmtnum::fixed(v * 100, 2) + "%" : fmtnum::trim(v, 4);
}
}  // namespace

void append_charts(std::string& out, const std::vector<report::Chart>& charts, const std::string& page) {
  if (charts.empty()) return;
  out += "<h2 id=\"charts\">Charts</h2>\n";
  for (size_t i = 0; i < charts.size(); ++i) {
    const auto& chart = charts[i];
    const std::string id = page + "-chart-" + std::to_string(i + 1);
    out += "<figure class=\"chart\">\n<figcaption id=\"" + id + "\">";
    append_html(out, chart.title);
    out += "</figcaption>\n<div class=\"scroll\">" + inline_svg(chart, id) + "</div>\n";
    // The text alternative: the chart's values as a table.
    report::Table values;
    values.title = chart.title + ": the values drawn";
    values.columns.push_back({"label", chart.label_axis.empty() ? "Label" : chart.label_axis});
    const auto series = chart.all_series();
    for (const auto& s : series)
      values.columns.push_back(
          {"value", s.name.empty() ? (chart.percent ? "Probability" : "Value") : s.name, report::Align::right});
    for (size_t l = 0; l < chart.labels.size(); ++l) {
      std::vector<report::Cell> row{chart.labels[l]};
      for (const auto& s : series)
        row.emplace_back(l < s.values.size() && s.values[l] ? chart_value(chart, *s.values[l]) : std::string("-"));
      values.rows.push_back(std::move(row));
    }
    out += "<details>\n<summary>The values of this chart</summary>\n";
    append_table(out, values, {}, id + "-values");
    out += "</details>\n</figure>\n";
  }
}

std::string page_html(const std::string& title, const std::string& banner, const std::string& body,
                      const std::string& script) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
  append_html(out, title);
  out +=
      " - the gunpowder reference book</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n"
      "<header><nav aria-label=\"Site\"><a href=\"index.html\">Contents</a> <a href=\"house-rules.html\">House "
      "rules</a></nav></header>\n";
  out += banner;
  out += "<main>\n";
  out += body;
  out += "</main>\n";
  if (!script.empty()) out += "<script>\n" + script + "</script>\n";
  out += "</body>\n</html>\n";
  return out;
}

std::string stylesheet() {
  std::string aligned;
  for (size_t c = 1; c <= kAlignedColumns; ++c)
    aligned += (c == 1 ? "" : ",\n") + std::string(".r") + std::to_string(c) + " tr > :nth-child(" + std::to_string(c) + ")";
  return aligned + " { text-align: right; white-space: nowrap; }\n" + R"(/* The gunpowder reference book: one small stylesheet, system fonts, nothing from the network. */
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 60rem; padding: 0 1rem 2rem; font: 1rem/1.45 system-ui, sans-serif;
       color: #1a1a1a; background: #fff; overflow-wrap: break-word; }
header nav { padding: .6rem 0; border-bottom: 1px solid #888; }
header nav a { margin-right: 1rem; }
a { color: #0645ad; }
a:visited { color: #5a2d91; }
h1 { font-size: 1.6rem; line-height: 1.2; }
h2 { font-size: 1.25rem; margin-top: 2rem; }
.scroll { max-width: 100%; overflow-x: auto; }
table { border-collapse: collapse; margin: .5rem 0; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: bold; padding: .3rem 0; }
th, td { border: 1px solid #999; padding: .2rem .45rem; vertical-align: top; text-align: left; }
thead th { background: #e8e8e8; }
tbody th { font-weight: normal; }
.num { text-align: right; white-space: nowrap; }
mark { background: #ffe066; color: #1a1a1a; font-weight: bold; outline: 1px solid #8a5a00; }
.banner { border: 2px solid #8a5a00; background: #fff4d6; color: #1a1a1a; padding: .5rem 1rem; margin: 1rem 0; }
.vh { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.files a { margin-right: .8rem; }
.notes { font-size: .95rem; }
figure { margin: 1rem 0; }
figcaption { font-weight: bold; }
svg { max-width: 100%; height: auto; }
label { font-weight: bold; }
input[type=search] { font: inherit; padding: .3rem; width: 100%; max-width: 24rem; box-sizing: border-box; }
#contents li[hidden] { display: none; }
@media print {
  header nav, .filter, .files, details > summary { display: none; }
  body { max-width: none; padding: 0; font-size: 10pt; }
  .scroll { overflow: visible; }
  details > :not(summary) { display: block; }
  a { color: inherit; text-decoration: none; }
  table, figure { page-break-inside: auto; }
  tr { page-break-inside: avoid; }
  mark { border: 1px solid #000; }
}
)";
}

std::string filter_script() {
  return R"(// The index's filter: an entry is shown when its text holds every word typed (any case).
(function () {
  var box = document.getElementById('filter');
  var entries = document.querySelectorAll('#contents li.page');
  var groups = document.querySelectorAll('#contents .group');
  var count = document.getElementById('filter-count');
  function apply() {
    var words = box.value.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
    var shown = 0;
    entries.forEach(function (li) {
      var text = li.textContent.toLowerCase();
      var ok = words.every(function (w) { return text.indexOf(w) >= 0; });
      li.hidden = !ok;
      if (ok) shown++;
    });
    groups.forEach(function (g) { g.hidden = g.querySelector('li.page:not([hidden])') === null; });
    count.textContent = shown + ' of ' + entries.length + ' pages';
  }
  box.addEventListener('input', apply);
  apply();
})();
)";
}

}  // namespace gunpowder::book_app
