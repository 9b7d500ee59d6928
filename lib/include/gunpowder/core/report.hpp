// report.hpp - one table model, four renderers (text, markdown, csv, json).
//
// A tool turns its results into a Report: a sequence of titled tables, each with keyed
// columns, plus an ordered JSON value for --format json (whose keys are documented per tool).
// Renderers are pure functions returning strings; the caller decides where they go.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/core/explain.hpp"
#include "gunpowder/core/fraction.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::report {

enum class Format { text, markdown, csv, json };
/// Parses "text", "markdown", "csv" or "json".
std::optional<Format> parse_format(const std::string& name);

enum class Align { left, right };

struct Column {
  std::string key;     ///< machine name (csv header), with its unit suffix (_lb, _yd, _gp, p_ ...)
  std::string header;  ///< human header (text and markdown)
  Align align = Align::left;
  Shown shown = Shown::everywhere;
  const Field* field = nullptr;  ///< the declared field (a table made from a TableSpec): its kind and unit
};

/// One cell: the text people see (text, markdown) and the value programs read (csv). A cell made
/// from a string has one for both; the makers below give numbers a raw value ("2,500" shows,
/// "2500" is read; "42.78%" shows, "0.427812" is read; "-" shows, "" is read).
struct Cell {
  std::string text;
  std::string raw;
  bool has_raw = false;
  /// A probability's exact value as a fraction in lowest terms (cell::exact_over: dice enumerated,
  /// fraction.hpp); none: not known to be exact. show_fractions (--fractions) shows it.
  std::optional<fraction::Fraction> exact;

  Cell() = default;
  Cell(std::string s) : text(std::move(s)) {}  // NOLINT(google-explicit-constructor): a cell is its text
  Cell(const char* s) : text(s) {}             // NOLINT(google-explicit-constructor)
  Cell(std::string shown, std::string value) : text(std::move(shown)), raw(std::move(value)), has_raw(true) {}
  /// What csv writes.
  const std::string& data() const { return has_raw ? raw : text; }
};

/// Cells of numbers, each shown as the books print it and read raw: the raw form of a float is
/// fmtnum::shortest (12 significant digits), of a missing value the empty string.
namespace cell {
/// A yes/no figure: shown "yes"/"no" (or as told), raw "true"/"false".
Cell boolean(bool b, std::string yes = "yes", std::string no = "no");
/// A text that may be missing: none() when empty or "-", else the text.
Cell text_or_none(std::string s);
/// 2500 -> "2,500" (raw "2500").
Cell integer(long long n);
/// The integer, or none() (shown "-", raw empty) when there is none.
Cell integer(const std::optional<long long>& n);
/// -> "+20", "-3", "0" (raw "20", "-3", "0").
Cell signed_integer(long long n);
/// `x` shown with `decimals` decimals (grouped by thousands when `grouped`), raw in full.
Cell number(double x, int decimals, bool grouped = false);
/// `x` shown as fmtnum::trim (at most `max_decimals`), raw in full.
Cell trimmed(double x, int max_decimals = 4);
/// The number as trimmed, or none() when there is none.
Cell trimmed(const std::optional<double>& x, int max_decimals = 4);
/// A probability: 0.4278 -> "42.78%" (raw "0.4278"); the column key says p_ or _pct no more.
Cell percent(double p, int decimals = 2);
/// Inches shown with the inch mark (8 -> 8"), raw in inches.
Cell inches(double in);
/// No value: shown as `shown` ("-" unless told), raw empty.
Cell none(std::string shown = "-");
/// A value shown as `shown` and read as the number `x`.
Cell shown_as(std::string shown, double x);
/// `c`, the cell of the probability `p`, with its exact fraction over `denominator` (the product of
/// the die sizes enumerated; fraction::exact) when there is one (Cell::exact).
Cell exact_over(Cell c, double p, std::uint64_t denominator);
}  // namespace cell

/// A value shared by every row of a table (e.g. the force whose adjustments it lists): csv writes
/// it as a column before the table's own, so that the tables of one name load as one table;
/// text and markdown leave it to the title.
struct ContextCell {
  std::string key;
  std::string value;
};

/// One figure of a record table (Layout::record): its field, its cell, where it came from, and its
/// label and audience from the table's declaration.
struct Figure {
  const Field* field = nullptr;
  Cell value;
  std::string source;  ///< "book", "formula", "house rule (FILE)", ...; empty when the table has no sources
  std::string label;   ///< the header shown to people
  Shown shown = Shown::everywhere;
};

/// A titled table of already-formatted cells; notes are printed under it in text and markdown.
/// A table made from a TableSpec (Table(spec)) has the spec's name, title and columns, and is
/// written in JSON by the core (render_json); a record table holds figures instead of rows.
struct Table {
  Table() = default;
  /// A table of the declared shape: name, title, context keys (values set by set_context) and
  /// columns from `spec` (a record table gets its columns when it is rendered).
  explicit Table(const TableSpec& spec);
  const TableSpec* spec = nullptr;
  std::vector<Figure> figures;  ///< a record table's figures, in the order they are shown

  /// The machine name --table selects it by (lower-case words joined by '-'); empty: derived from
  /// the title (table_name). Tables of one name are one table in csv.
  std::string name;
  std::string title;
  std::vector<ContextCell> context;
  std::vector<Column> columns;
  std::vector<std::vector<Cell>> rows;
  std::vector<std::string> notes;
  /// House rules are in effect (set on every table by the command line's house-rules note): a
  /// table declared sourced_by_house_rules() then has its sources.
  bool house_rules = false;
  /// --table named it: a table declared for programs only (only_for) is shown to people too.
  bool asked = false;
  /// --fractions (show_fractions): its probabilities with a denominator are shown as fractions, and
  /// its JSON objects carry "fractions" (each such figure's fraction, by its key).
  bool fractions = false;
  /// The table has a source for each figure (a record) or row: its spec is sourced, or sourced
  /// under house rules and house rules are in effect.
  [[nodiscard]] bool has_sources() const {
    return spec && (spec->sourced || (spec->sourced_under_house_rules && house_rules));
  }
  /// A row's source in a table of rows sourced_by_house_rules(): the cell after its columns
  /// (add_source), "" when it has none.
  [[nodiscard]] const std::string& row_source(const std::vector<Cell>& row) const {
    static const std::string none;
    return row.size() > columns.size() ? row[columns.size()].text : none;
  }
  /// Gives `row` (of this table's columns) the source `source`: a cell after its columns, shown
  /// only when has_sources(). An empty source adds nothing, so that a row without one is as it was.
  void add_source(std::vector<Cell>& row, std::string source) const {
    if (source.empty()) return;
    row.resize(columns.size());
    row.emplace_back(std::move(source));
  }

  Table& add_column(std::string key, std::string header, Align align = Align::left, Shown shown = Shown::everywhere) {
    columns.push_back({std::move(key), std::move(header), align, shown});
    return *this;
  }
  Table& add_row(std::vector<Cell> cells) {
    rows.push_back(std::move(cells));
    return *this;
  }
  /// A row and its source (add_source): a table of rows sourced_by_house_rules().
  Table& add_row(std::vector<Cell> cells, std::string source) {
    add_source(cells, std::move(source));
    rows.push_back(std::move(cells));
    return *this;
  }
  /// A record table: adds the figure `f` (declared in the spec, else std::logic_error).
  Table& add_figure(const Field& f, Cell value, std::string source = {});
  /// Sets the value of the context field `f` (declared in the spec's context, else std::logic_error).
  Table& set_context(const Field& f, std::string value);
};

/// One series of a chart: its name (the legend's entry; a chart of one series may leave it empty)
/// and one value per label of the chart, or none where the series has no bar at that label.
struct Series {
  std::string name;
  std::vector<std::optional<double>> values;
  int colour = -1;  ///< the palette's colour (a side's, kept from chart to chart); -1: the series' place
};

/// A distribution to draw: one bar per label and series (probabilities or counts), shown with
/// --chart as text bars and with --svg as an SVG bar chart. A chart of one series gives its
/// values in `values`; a chart of several (the two sides, before and after saves) in `series`,
/// which then replaces `values`, each series in a colour of its own with a legend.
struct Chart {
  std::string title;
  std::vector<std::string> labels;  ///< the categories, in words ("Captured by assault", "3")
  std::vector<double> values;       ///< the one series' values, when `series` is empty
  bool percent = true;              ///< values are probabilities, labelled as percentages
  std::vector<Series> series;       ///< several series, one value (or none) per label
  std::string label_axis;           ///< what the labels are ("Kills", "Hand"); may be empty
  std::string value_axis;           ///< the value axis' title; empty: "Probability" (percent) or "Value"

  /// Adds a series (its values one per label) and returns the chart.
  Chart& add_series(std::string name, std::vector<std::optional<double>> v, int colour = -1) {
    Series s;
    s.name = std::move(name);
    s.values = std::move(v);
    s.colour = colour;
    series.push_back(std::move(s));
    return *this;
  }
  /// The series to draw: `series`, or `values` as one unnamed series.
  std::vector<Series> all_series() const;
};

/// What a tool produces: tables for text, markdown and csv; a JSON value for json; the
/// --explain derivation lines (printed after the tables in text and markdown, and under the
/// "explain" key in JSON when requested); and the distributions worth a chart.
struct Report {
  /// The declaration of the JSON document: when set, render_json writes the document from the
  /// tables made from its TableSpecs (and the members of `json`, after them); else `json` is it.
  const DocumentSpec* document = nullptr;
  std::vector<Table> tables;
  /// The name of the table csv prints when no --table is given; empty: the first table's.
  std::string main_table;
  /// The JSON document (no `document`), or the members written after the tables (with one).
  json::Value json = json::object();
  Steps explain;
  std::vector<Chart> charts;
  /// A batch too large to hold, written as it is made: when set, it writes the whole output in the
  /// format asked for (tables, json and explain are not used) and returns what stopped it, if
  /// anything (the output is then incomplete). Errors of the input are found before it is set.
  std::function<Diagnostics(std::ostream&)> write;
};

/// --fractions: every probability (a cell of a field of Kind::probability) of `tables` that has a
/// denominator and is within fraction::kTolerance of a fraction over it is shown as that fraction in
/// lowest terms ("7/36", "0", "1"), its raw value kept; each table with probabilities is marked
/// (Table::fractions: JSON writes "fractions"), and one with a probability left as a decimal gets
/// the note `inexact` (none when empty).
void show_fractions(std::vector<Table>& tables, const std::string& inexact);

/// The first figure of the report's tables (their declared fields) out of its kind's range, in
/// words ("the figure 'Structural hit points' of '7-pdr Gun' (-2,147,483,648) is negative, ..."):
/// not finite, beyond 10^15 in size, at a 32-bit integer's limit, a negative count or amount, a
/// probability or fraction outside 0 to 1. None: every figure is in range.
std::optional<std::string> figure_out_of_range(const Report& r);

/// `tables` as `audience` (people or programs) sees them: without the columns shown only to the
/// other. Returns `tables` itself when none has such a column, else copies held in `scratch`. The
/// renderers call it; a tool need not.
const std::vector<Table>& shown_to(const std::vector<Table>& tables, Shown audience, std::vector<Table>& scratch);

/// A table's machine name: Table::name, or else its title up to the first " (" or ":", in lower
/// case, with every run of characters other than letters and digits made one '-'.
std::string table_name(const Table& t);
/// The name of the report's main table (Report::main_table, else the first table's; empty when
/// the report has no table).
std::string main_table_name(const Report& r);
/// The names of the report's tables, each once, in the order they come.
std::vector<std::string> table_names(const Report& r);
/// The tables named `name`, in order (none when no table has that name).
std::vector<Table> tables_named(const Report& r, const std::string& name);

/// Text bar charts, one per chart, at most `width` characters for the longest bar and every line
/// within kChartColumns columns (titles wrapped, long labels cut with an ellipsis); a chart of
/// several series shows one line per label and series, the series named on each line (unless
/// no label has more than one). Titles and
/// labels show control characters as text tables do.
inline constexpr int kChartColumns = 100;
/// How text charts are drawn: within `columns` columns (at least 40; labels and series names are
/// cut to a third and a quarter of it), with block characters or, where the terminal may not show
/// them (a locale that is not UTF-8, TERM=dumb), '#' in whole characters.
struct TextChartStyle {
  size_t columns = kChartColumns;
  bool ascii = false;
};
std::string render_chart_text(const std::vector<Chart>& charts, int width = 50, const TextChartStyle& style = {});
/// One SVG document holding every chart, each in a panel of its own: a title, a legend of the
/// series (one colour each), the labels in a column, the bars on one value axis with ticks and
/// its title. Its text follows XML 1.0's character rules (escape::append_xml), so the document
/// is well-formed whatever the labels hold.
std::string render_chart_svg(const std::vector<Chart>& charts);

/// The width text output is laid out to when the caller knows no other (tools/common passes the
/// terminal's, or COLUMNS).
inline constexpr size_t kDefaultWidth = 100;
/// Fixed-width text: title, header, rule, rows; numbers right-aligned. Control characters in
/// any text are shown as escapes (escape::append_visible; in cells newline and tab become spaces).
/// Laid out to `width` columns (at least 20): a table that fits is printed as it is; one that does
/// not becomes a Characteristic/Value list when it has a single record, or else has its long
/// cells and headers wrapped at spaces and, when that is not enough, is split into blocks of
/// columns that each repeat the first (key) column. Titles and notes wrap too.
std::string render_text(const std::vector<Table>& tables, size_t width = kDefaultWidth);
/// `s` (a line without control characters) cut at spaces into lines of at most `width` columns
/// (code points). A word longer than `width` is cut when `cut` (a table cell), or else left whole on
/// a line of its own (prose: a file name stays one piece). The spaces where it breaks are dropped,
/// those inside a line kept.
std::vector<std::string> wrap_words(std::string_view s, size_t width, bool cut = true);
/// A line of prose for a terminal (a title, note, explain line): `s` with its control characters
/// visible (escape::append_visible), after `indent`, wrapped at spaces to `width` columns with
/// the continuation lines after `hanging` (no shorter than `indent`); the line's own leading
/// spaces are kept on every line; a word longer than the room is not cut. Each line ends with '\n'.
std::string wrap_line(std::string_view s, size_t width, std::string_view indent = "", std::string_view hanging = "");
/// GitHub-flavoured markdown tables under "### title" headings. Cells, titles and notes escape
/// `|` and `\` with a backslash and `<`, `>`, `&` as entities (no raw HTML passes), newlines
/// become spaces, and control characters are shown as in text.
std::string render_markdown(const std::vector<Table>& tables);
/// The markdown of one table (shown to people) in pieces, as render_markdown writes it: its title,
/// header and alignment row; one row; its notes (a blank line and a list), if it has any.
void append_markdown_head(std::string& out, const Table& t);
void append_markdown_row(std::string& out, const Table& t, const std::vector<Cell>& row);
void append_markdown_notes(std::string& out, const Table& t);

/// A table of many rows written as they are made, in text or markdown, as render_text and
/// render_markdown write it alone: its frame (title, columns, notes and spec; no rows) is given
/// first; then (text, whose layout depends on every row's widths) each row to measure(); then, for
/// each of the blocks() of columns, head(k) and each row again in order to append_row(k); then
/// tail(). The rows are those of the frame's columns, as a held table's, shown to people as
/// shown_to shows them. A table of one row too wide for the width (text's vertical list) is written
/// whole by head(0), its row kept from measure(). Not for record tables (std::logic_error).
class StreamedTable {
 public:
  StreamedTable(const Table& frame, Format format, size_t width = kDefaultWidth);
  ~StreamedTable();
  StreamedTable(const StreamedTable&) = delete;
  StreamedTable& operator=(const StreamedTable&) = delete;
  /// Text: takes the row's widths into the layout (one thread at a time, in any order).
  void measure(const std::vector<Cell>& row);
  /// The number of blocks, each a pass over the rows (text: once every row is measured; 1 in
  /// markdown). 0: the table is not shown to people (nothing to write).
  size_t blocks();
  /// What comes before the rows of block k: the title (block 0), a blank line (the others), the
  /// header and the rule.
  [[nodiscard]] std::string head(size_t k) const;
  /// Appends a row of block k (any thread).
  void append_row(std::string& out, size_t k, const std::vector<Cell>& row) const;
  /// What comes after the last block: the notes.
  [[nodiscard]] std::string tail() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// What render_csv does with a text cell that a spreadsheet would take for a formula.
enum class CsvFormulas {
  guard,  ///< the cell gets a leading `'` (OWASP "CSV injection"); the default
  keep,   ///< the cell is written as it is (--csv-formulas)
};
/// True when a csv cell would be guarded: it begins with `=`, `+`, `-`, `@`, tab or CR, and it is
/// neither a number nor inert. Cells are strings, so a number is recognised by its text: an optional
/// sign, digits (optionally grouped by thousands with `,`), an optional fraction and exponent, and
/// an optional final `%` (`-3`, `+20`, `-0.5`, `-1,250`, `+12.5%`). Inert is made only of digits,
/// `-`, `*` and `/`: the lone `-` meaning "no value" and the book's slash figures such as `-/1/-`,
/// which a spreadsheet can at most compute as arithmetic, never as a function or a reference.
bool csv_formula_guarded(std::string_view cell);
/// RFC 4180 csv: one header row, then the rows of every table given, as one table. Its columns are
/// the tables' context keys, then their column keys, each once, in the order they first come; a
/// row has an empty cell for a column its table lacks. Tables of one name share their columns.
std::string render_csv(const std::vector<Table>& tables, CsvFormulas formulas = CsvFormulas::guard);
/// The csv of a table written in pieces, as render_csv writes it: its header row, then its rows as
/// they come, appended by csv_rows.
std::string csv_header(const Table& t);
/// Appends the csv of `rows` of a table shaped as `shape` (its columns; any thread; no header).
void csv_rows(std::string& out, const Table& shape, const std::vector<std::vector<Cell>>& rows,
              CsvFormulas formulas = CsvFormulas::guard);
/// The same for one row.
void csv_row(std::string& out, const Table& shape, const std::vector<Cell>& row,
             CsvFormulas formulas = CsvFormulas::guard);
/// Renders a report in the chosen format (csv: the main table alone); `with_explain` appends the
/// derivation (text and markdown show its lines with control characters made visible); `formulas`
/// is for csv; text is laid out to `width` columns (render_text; the derivation's lines wrap).
/// Markdown, csv and json are never wrapped.
std::string render(const Report& r, Format f, bool with_explain, CsvFormulas formulas = CsvFormulas::guard,
                   size_t width = kDefaultWidth);
/// The JSON of render(r, Format::json, with_explain), written to `os` as it is made.
void render_json_to(std::ostream& os, const Report& r, bool with_explain);
/// The JSON document of a report with a DocumentSpec: {"schema", "tool", one array per declared
/// table (the rows, or the records, of the tables made from it, in order; [] when there are none),
/// the members of r.json, "explain" when asked}.
json::Value render_json(const Report& r, bool with_explain);
/// Appends the JSON object of one row of `t` (made from a TableSpec of rows) as render_json writes
/// it at nesting `level`: the context, then each column shown to programs, typed by its field's kind.
void append_json_row(std::string& out, const Table& t, const std::vector<Cell>& row, int level);
/// The JSON objects of many rows of one table, as append_json_row writes each: the text of its
/// members but their values (each key quoted and indented, and the context with its values, which
/// every row shares) is made once, for every row. Holds pointers into `t`, which must outlive it.
class JsonRows {
 public:
  JsonRows(const Table& t, int level);
  /// Appends the object of `row` (a row of the table, or of one shaped as it).
  void append(std::string& out, const std::vector<Cell>& row) const;

 private:
  struct Member {
    std::string before;  ///< what comes before the value: "{" or ",", the newline, indent, key, ": "
    size_t column = 0;
    const Field* field = nullptr;
  };
  std::string context_;  ///< the context members, values and all ("{" ... ), or empty
  std::vector<Member> members_;
  std::string close_;          ///< "{}" when the object has no member, else its closing line
  bool sourced_ = false;       ///< the rows have a source (Table::has_sources): "source" last
  size_t source_column_ = 0;   ///< where a row holds it (Table::row_source)
  std::string source_before_;  ///< what comes before it
  bool fractions_ = false;     ///< Table::fractions: "fractions" after the members
  int level_ = 0;
};
/// The same for a record table: its context and figures (and "sources" when the spec has them).
void append_json_record(std::string& out, const Table& t, int level);
/// Appends the JSON value of a cell of field `f` (nullptr: a text): null when its raw value is
/// empty, else typed by the field's kind (a raw value not of that kind is written as text).
void append_json_value(std::string& out, const Field* f, const Cell& c);

}  // namespace gunpowder::report
