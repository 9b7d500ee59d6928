// text_table.cpp - the text renderer of the table model, laid out to a width.
//
// A table whose columns fit the width is printed as it always was: header, rule, rows, the
// columns two spaces apart. One that does not fit is laid out to it:
//   - a table of a single record becomes a vertical Characteristic/Value list;
//   - otherwise each column gets at least its minimum width (its longest word in the header, its
//     longest cell, or for a column of long prose cells, a narrower width those cells wrap to);
//     when even the minimums do not fit, the columns are split into groups of about equal width,
//     each printed as its own block that repeats the key (first) column;
//   - in a group, the columns get their natural widths but for the widest, narrowed to a common
//     level (never below their minimum) until the group fits;
//   - cells, headers, titles and notes longer than their room wrap at spaces; a word longer than
//     the whole room is cut.
// Control characters are made visible before anything is measured (escape::append_visible).
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "gunpowder/core/escape.hpp"
#include "gunpowder/core/parallel.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::report {

namespace text_layout {
struct Measure;
struct CellWidths;
struct Group;
class KeyCheck;
}  // namespace text_layout
using text_layout::CellWidths;
using text_layout::Group;
using text_layout::KeyCheck;
using text_layout::Measure;

namespace {

// Display width of a UTF-8 string: counts code points, not bytes (the tables use "×", "–").
size_t columns_of(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

// The byte offset of the code point at display column `col` of `s` (or s.size()).
size_t byte_at(std::string_view s, size_t col) {
  size_t i = 0;
  for (; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (col == 0) return i;
      --col;
    }
  return i;
}

// The widest space-separated word of `s`.
size_t longest_word(std::string_view s) {
  size_t best = 0;
  while (!s.empty()) {
    const size_t sp = s.find(' ');
    best = std::max(best, columns_of(s.substr(0, sp)));
    if (sp == std::string_view::npos) break;
    s.remove_prefix(sp + 1);
  }
  return best;
}

const std::string& cell_of(const std::vector<Cell>& row, size_t i) {
  static const std::string empty;
  return i < row.size() ? row[i].text : empty;
}

// `s` as a terminal is to show it in a cell: itself when nothing in it needs an escape (the fast
// path of large tables), or else its rendering, held in `scratch`.
const std::string& shown(const std::string& s, std::string& scratch) {
  if (escape::is_plain(s)) return s;
  scratch.clear();
  escape::append_visible(scratch, s, escape::Breaks::space);
  return scratch;
}

// Appends `s` padded to display width `w`.
void append_padded(std::string& out, std::string_view s, size_t w, Align a) {
  const size_t have = columns_of(s);
  const size_t fill = have >= w ? 0 : w - have;
  if (a == Align::right) out.append(fill, ' ');
  out += s;
  if (a != Align::right) out.append(fill, ' ');
}

// A cell longer than a column's minimum that wraps (rather than widening the column) is prose:
// a cell wider than this, with spaces in it.
constexpr size_t kProse = 24;
// A prose column is not narrowed below this (or its longest word) before the table is split.
constexpr size_t kProseMin = 20;
// The narrowest width laid out to.
constexpr size_t kMinWidth = 20;
}  // namespace

// The types of the layout are named (not in the anonymous namespace): StreamedTable::State holds them.
namespace text_layout {

// What the layout knows of a column.
struct Measure {
  size_t natural = 0;  ///< its widest header or cell
  size_t minimum = 0;  ///< the narrowest it is given before the table is split
};

// A column's widths over its cells, taken one cell at a time (a table's rows, or a streamed
// table's as they come).
struct CellWidths {
  size_t cells = 0, cell_word = 0;
  void add(const std::string& shown_text) {
    const size_t w = columns_of(shown_text);
    if (w > cells) cells = w;
    if (w > cell_word) cell_word = std::max(cell_word, longest_word(shown_text));  // a word is no wider than its cell
  }
  // The column's Measure, its header `header` (as shown).
  [[nodiscard]] Measure of(const std::string& h) const {
    const size_t header = columns_of(h);
    const size_t header_word = longest_word(h);
    const bool prose = cells > kProse && cell_word < cells;
    const size_t body = prose ? std::max(cell_word, std::min(cells, kProseMin)) : cells;
    return {std::max(header, cells), std::max(header_word, body)};
  }
};
}  // namespace text_layout

namespace {

Measure measure(const Table& t, size_t i) {
  std::string scratch;
  CellWidths widths;
  for (const auto& r : t.rows) widths.add(shown(cell_of(r, i), scratch));
  return widths.of(shown(t.columns[i].header, scratch));
}

// The widths of columns sharing `room`: their natural widths when those fit; otherwise the
// widest are narrowed first, to one level (never below their minimum), so that a table a little
// too wide loses a little of its longest column rather than wrapping every column somewhat.
std::vector<size_t> fit_widths(const std::vector<size_t>& min, const std::vector<size_t>& natural, size_t room) {
  const auto at = [&](size_t level) {
    std::vector<size_t> w(min.size());
    size_t total = 0;
    for (size_t i = 0; i < w.size(); ++i) {
      w[i] = std::max(min[i], std::min(natural[i], level));
      total += w[i];
    }
    return std::make_pair(w, total);
  };
  size_t lo = 0, hi = *std::max_element(natural.begin(), natural.end());
  while (lo < hi) {  // the highest level whose widths fit
    const size_t mid = lo + (hi - lo + 1) / 2;
    if (at(mid).second <= room)
      lo = mid;
    else
      hi = mid - 1;
  }
  auto [w, total] = at(lo);
  for (size_t i = 0; i < w.size() && total < room; ++i)  // what the level leaves, one column each
    if (w[i] < natural[i]) {
      ++w[i];
      ++total;
    }
  return w;
}

// The number of groups the columns from `keys` on fall into when no group is wider than `limit`,
// the key columns (`key` wide in all) repeated in each.
size_t count_groups(const std::vector<size_t>& min, size_t keys, size_t key, size_t limit) {
  size_t groups = 1, used = key, members = 0;
  for (size_t i = keys; i < min.size(); ++i) {
    if (members > 0 && used + 2 + min[i] > limit) {
      ++groups;
      used = key;
      members = 0;
    }
    used += 2 + min[i];
    ++members;
  }
  return groups;
}
}  // namespace

// The types of the layout are named (not in the anonymous namespace): StreamedTable::State holds them.
namespace text_layout {

// One block of a table: the columns it shows and their widths.
struct Group {
  std::vector<size_t> columns;
  std::vector<size_t> widths;
};

// Whether the first one and the first two columns tell the rows apart, taken one row at a time.
class KeyCheck {
 public:
  void add(const std::vector<Cell>& r) {
    std::string id;
    for (size_t k = 0; k < 2; ++k) {
      (id += cell_of(r, k)) += '\x1f';
      if (unique_[k] && !seen_[k].insert(id).second) {
        unique_[k] = false;
        seen_[k].clear();
      }
    }
  }
  // The number of leading columns that name a row, repeated in each group (key_columns).
  [[nodiscard]] size_t keys(size_t columns) const {
    const size_t most = std::min<size_t>(3, columns - 1);
    for (size_t k = 1; k < most; ++k)
      if (unique_[k - 1]) return k;
    return 1;
  }

 private:
  std::array<std::unordered_set<std::string>, 2> seen_;
  std::array<bool, 2> unique_{true, true};
};
}  // namespace text_layout

namespace {

// The number of leading columns that name a row, repeated in each group: the first column, or
// the first two or three when it takes them to tell the rows apart ("Elves", "1-8").
size_t key_columns(const Table& t) {
  KeyCheck check;
  for (const auto& r : t.rows) check.add(r);
  return check.keys(t.columns.size());
}

// Splits the columns into as few groups as fit `width`, each led by the `keys` key columns,
// balanced: the narrowest limit that needs no more groups than `width` does decides where each
// group ends. Key columns wider than half the width are narrowed to it (the first alone is kept).
std::vector<Group> plan_groups(const std::vector<Measure>& m, size_t keys, size_t width) {
  const size_t n = m.size();
  std::vector<size_t> min(n), natural(n);
  for (size_t i = 0; i < n; ++i) natural[i] = m[i].natural;
  size_t key = 2 * (keys - 1);
  for (size_t i = 0; i < keys; ++i) key += m[i].minimum;
  if (keys > 1 && key > width / 2) {
    keys = 1;
    key = m[0].minimum;
  }
  if (keys == 1) key = n > 1 ? std::min(m[0].minimum, width / 2) : std::min(m[0].minimum, width);
  size_t widest = key;
  for (size_t i = 0; i < n; ++i) {
    min[i] = i < keys ? (keys == 1 ? key : m[i].minimum) : std::min(m[i].minimum, width - key - 2);
    if (i >= keys) widest = std::max(widest, key + 2 + min[i]);
  }
  const size_t groups = count_groups(min, keys, key, width);
  size_t lo = widest, hi = width;  // count_groups does not grow with the limit
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (count_groups(min, keys, key, mid) <= groups)
      hi = mid;
    else
      lo = mid + 1;
  }
  Group lead;
  for (size_t i = 0; i < keys; ++i) lead.columns.push_back(i);
  std::vector<Group> plan{lead};
  size_t used = key;
  for (size_t i = keys; i < n; ++i) {
    if (plan.back().columns.size() > keys && used + 2 + min[i] > lo) {
      plan.push_back(lead);
      used = key;
    }
    plan.back().columns.push_back(i);
    used += 2 + min[i];
  }
  for (auto& g : plan) {
    std::vector<size_t> low, nat;
    for (size_t c : g.columns) {
      low.push_back(min[c]);
      nat.push_back(natural[c]);
    }
    g.widths = fit_widths(low, nat, width - 2 * (g.columns.size() - 1));
  }
  return plan;
}

// The lines of one cell in a column of width `w`: the cell itself when it fits.
void cell_lines(std::vector<std::string>& out, const std::string& s, size_t w) {
  out.clear();
  if (columns_of(s) <= w) {
    out.push_back(s);
    return;
  }
  out = wrap_words(s, w);
}

// Appends the lines of one row (a header or a record): `text(k)` is the shown text of the k-th
// column of the group. A cell that fits takes one line; the row is as tall as its tallest cell.
template <class Text>
void append_row(std::string& out, const Table& t, const Group& g, Text text,
                std::vector<std::vector<std::string>>& lines) {
  size_t height = 1;
  bool wraps = false;
  for (size_t k = 0; k < g.columns.size(); ++k)
    if (columns_of(text(k)) > g.widths[k]) wraps = true;
  if (wraps) {
    lines.resize(g.columns.size());
    for (size_t k = 0; k < g.columns.size(); ++k) {
      cell_lines(lines[k], text(k), g.widths[k]);
      height = std::max(height, lines[k].size());
    }
  }
  static const std::string empty;
  for (size_t line = 0; line < height; ++line) {
    const size_t start = out.size();
    for (size_t k = 0; k < g.columns.size(); ++k) {
      if (k) out += "  ";
      const std::string& s = !wraps ? text(k) : line < lines[k].size() ? lines[k][line] : empty;
      append_padded(out, s, g.widths[k], t.columns[g.columns[k]].align);
    }
    while (out.size() > start && out.back() == ' ') out.pop_back();
    out += '\n';
  }
}

// Appends the header of a group and its rule.
void append_head(std::string& out, const Table& t, const Group& g) {
  std::vector<std::vector<std::string>> lines;
  std::string scratch;
  append_row(
      out, t, g, [&](size_t k) -> const std::string& { return shown(t.columns[g.columns[k]].header, scratch); }, lines);
  for (size_t k = 0; k < g.columns.size(); ++k) {
    if (k) out += "  ";
    out.append(g.widths[k], '-');
  }
  out += '\n';
}

void append_group(std::string& out, const Table& t, const Group& g) {
  append_head(out, t, g);
  const auto rows = [&](size_t from, size_t to, std::string& o) {
    size_t line_w = 2 * g.columns.size() + 1;
    for (size_t x : g.widths) line_w += x;
    o.reserve(o.size() + (to - from) * line_w);
    std::string own;  // each half of a large table renders its escapes in its own scratch
    std::vector<std::vector<std::string>> own_lines;
    for (size_t r = from; r < to; ++r)
      append_row(
          o, t, g, [&](size_t k) -> const std::string& { return shown(cell_of(t.rows[r], g.columns[k]), own); },
          own_lines);
  };
  parallel::append_rows(out, t.rows.size(), rows);
}

// A table of one record too wide for the width: its columns as the rows of a two-column list.
Table vertical(const Table& t) {
  Table v;
  v.title = t.title;
  v.notes = t.notes;
  v.add_column("characteristic", "Characteristic").add_column("value", "Value");
  for (size_t i = 0; i < t.columns.size(); ++i) v.add_row({t.columns[i].header, cell_of(t.rows[0], i)});
  return v;
}

// The blocks of a table whose columns measure `m` (`total` wide with the spaces between them): one
// of every column at its natural width when they fit `width`, else plan_groups' (`keys()`: the
// number of key columns).
template <class Keys>
std::vector<Group> plan_table(const std::vector<Measure>& m, size_t total, size_t width, Keys keys) {
  if (total > width) return plan_groups(m, keys(), width);
  std::vector<Group> plan(1);
  for (size_t i = 0; i < m.size(); ++i) {
    plan[0].columns.push_back(i);
    plan[0].widths.push_back(m[i].natural);
  }
  return plan;
}

void append_table(std::string& out, const Table& t, size_t width) {
  if (!t.title.empty()) out += wrap_line(t.title, width, "", "  ");
  const size_t nc = t.columns.size();
  std::vector<Measure> m(nc);
  size_t total = nc > 0 ? 2 * (nc - 1) : 0;
  for (size_t i = 0; i < nc; ++i) {
    m[i] = measure(t, i);
    total += m[i].natural;
  }
  if (total > width && t.rows.size() == 1 && nc > 1) {
    Table v = vertical(t);
    v.title.clear();
    v.notes.clear();
    append_table(out, v, width);
  } else {
    const std::vector<Group> plan = plan_table(m, total, width, [&] { return key_columns(t); });
    for (size_t k = 0; k < plan.size(); ++k) {
      if (k) out += '\n';
      append_group(out, t, plan[k]);
    }
  }
  for (const auto& n : t.notes) out += wrap_line(n, width, "  ", "    ");
}

}  // namespace

// --- a table streamed ------------------------------------------------------------------------------

struct StreamedTable::State {
  Table frame;  ///< as shown to people, without rows (but the first, in `first`)
  Format format = Format::text;
  size_t width = kDefaultWidth;
  bool hidden = false;
  bool as_given = true;      ///< the rows are shown as they come (no column dropped, no source added)
  std::vector<size_t> keep;  ///< else the columns shown, and
  bool sourced = false;      ///< whether each row's source is added
  size_t given_columns = 0;  ///< the frame's columns as given (where a row holds its source)
  std::vector<CellWidths> widths;
  KeyCheck keys;
  size_t rows = 0;
  std::vector<Cell> first;
  bool whole = false;  ///< one row too wide: written whole by head(0), as a vertical list
  std::vector<Group> plan;

  // The row as shown (shown_to): `scratch` holds it when it is not the row itself.
  const std::vector<Cell>& shown_row(const std::vector<Cell>& r, std::vector<Cell>& scratch) const {
    if (as_given) return r;
    scratch.clear();
    for (size_t i : keep)
      if (i < r.size()) scratch.push_back(r[i]);
    if (sourced) {
      scratch.resize(keep.size());
      scratch.emplace_back(r.size() > given_columns ? r[given_columns].text : std::string());
    }
    return scratch;
  }
};

StreamedTable::StreamedTable(const Table& frame, Format format, size_t width) : state_(std::make_unique<State>()) {
  if (frame.spec && frame.spec->layout == Layout::record) throw std::logic_error("a record table is not streamed");
  State& st = *state_;
  st.format = format;
  st.width = std::max(width, kMinWidth);
  const std::vector<Table> given{frame};
  std::vector<Table> scratch;
  const auto& shown_tables = shown_to(given, Shown::people, scratch);
  st.hidden = shown_tables.empty();
  if (st.hidden) return;
  st.frame = shown_tables.front();
  st.frame.rows.clear();
  st.given_columns = frame.columns.size();
  st.sourced = frame.has_sources();
  for (size_t i = 0; i < frame.columns.size(); ++i)
    if (frame.columns[i].shown != Shown::programs) st.keep.push_back(i);
  st.as_given = !st.sourced && st.keep.size() == frame.columns.size();
  st.widths.resize(st.frame.columns.size());
}

StreamedTable::~StreamedTable() = default;

void StreamedTable::measure(const std::vector<Cell>& row) {
  State& st = *state_;
  if (st.hidden || st.format != Format::text) return;
  std::vector<Cell> own;
  const auto& r = st.shown_row(row, own);
  if (st.rows++ == 0) st.first = r;
  std::string scratch;
  for (size_t i = 0; i < st.widths.size(); ++i) st.widths[i].add(shown(cell_of(r, i), scratch));
  st.keys.add(r);
}

size_t StreamedTable::blocks() {
  State& st = *state_;
  if (st.hidden) return 0;
  if (st.format != Format::text) return 1;
  const size_t nc = st.frame.columns.size();
  std::vector<Measure> m(nc);
  size_t total = nc > 0 ? 2 * (nc - 1) : 0;
  std::string scratch;
  for (size_t i = 0; i < nc; ++i) {
    m[i] = st.widths[i].of(shown(st.frame.columns[i].header, scratch));
    total += m[i].natural;
  }
  st.whole = total > st.width && st.rows == 1 && nc > 1;
  if (st.whole) return 1;
  st.plan = plan_table(m, total, st.width, [&] { return st.keys.keys(nc); });
  return st.plan.size();
}

std::string StreamedTable::head(size_t k) const {
  const State& st = *state_;
  std::string out;
  if (st.format != Format::text) {
    append_markdown_head(out, st.frame);
    return out;
  }
  if (st.whole) {  // the title and the vertical list; the notes come with tail()
    Table one = st.frame;
    one.rows.push_back(st.first);
    one.notes.clear();
    append_table(out, one, st.width);
    return out;
  }
  if (k == 0 && !st.frame.title.empty()) out += wrap_line(st.frame.title, st.width, "", "  ");
  if (k > 0) out += '\n';
  append_head(out, st.frame, st.plan.at(k));
  return out;
}

void StreamedTable::append_row(std::string& out, size_t k, const std::vector<Cell>& row) const {
  const State& st = *state_;
  if (st.hidden || st.whole) return;
  std::vector<Cell> own;
  const auto& r = st.shown_row(row, own);
  if (st.format != Format::text) {
    append_markdown_row(out, st.frame, r);
    return;
  }
  const Group& g = st.plan.at(k);
  std::string scratch;
  std::vector<std::vector<std::string>> lines;
  report::append_row(
      out, st.frame, g, [&](size_t c) -> const std::string& { return shown(cell_of(r, g.columns[c]), scratch); },
      lines);
}

std::string StreamedTable::tail() const {
  const State& st = *state_;
  std::string out;
  if (st.hidden) return out;
  if (st.format != Format::text) {
    append_markdown_notes(out, st.frame);
    return out;
  }
  for (const auto& n : st.frame.notes) out += wrap_line(n, st.width, "  ", "    ");
  return out;
}

std::vector<std::string> wrap_words(std::string_view s, size_t width, bool cut) {
  width = std::max<size_t>(width, 1);
  std::vector<std::string> lines;
  std::string line;
  size_t line_w = 0;
  while (!s.empty()) {
    // The next word and the spaces before it: kept inside a line, dropped where it breaks.
    const size_t start = std::min(s.find_first_not_of(' '), s.size());
    const size_t end = std::min(s.find(' ', start), s.size());
    const size_t spaces = start;
    std::string_view word = s.substr(start, end - start);
    s.remove_prefix(end);
    if (word.empty()) break;
    size_t w = columns_of(word);
    if (line_w > 0 && line_w + spaces + w <= width) {
      line.append(spaces, ' ');
      line += word;
      line_w += spaces + w;
      continue;
    }
    if (line_w > 0) lines.push_back(std::move(line));
    line.clear();
    while (cut && w > width) {  // a word longer than the room is cut
      const size_t piece = byte_at(word, width);
      lines.emplace_back(word.substr(0, piece));
      word.remove_prefix(piece);
      w -= width;
    }
    line = std::string(word);
    line_w = w;
  }
  if (line_w > 0 || lines.empty()) lines.push_back(std::move(line));
  return lines;
}

std::string wrap_line(std::string_view s, size_t width, std::string_view indent, std::string_view hanging) {
  std::string text;
  escape::append_visible(text, s);
  const size_t lead = text.find_first_not_of(' ');
  const size_t own = lead == std::string::npos ? 0 : lead;
  std::string out(indent);
  if (columns_of(indent) + columns_of(text) <= width) return out + text + '\n';
  // The line's own indentation is kept as far as it leaves kMinWidth columns to its words.
  const size_t keep =
      std::min(own, width > kMinWidth + columns_of(hanging) ? width - kMinWidth - columns_of(hanging) : 0);
  const std::string first = std::string(indent) + text.substr(0, keep);
  const std::string next = std::string(hanging) + text.substr(0, keep);
  // Each line has the room its prefix leaves, and never under kMinWidth.
  const auto room = [&](const std::string& prefix) {
    return std::max(kMinWidth, width > columns_of(prefix) ? width - columns_of(prefix) : 0);
  };
  std::string_view rest = std::string_view(text).substr(own);
  // The first line: wrap_words keeps the spaces inside a line, so it is a prefix of the text.
  const std::string head = wrap_words(rest, room(first), true).front();
  rest.remove_prefix(std::min(rest.size(), head.size()));
  out = first + head + '\n';
  rest.remove_prefix(std::min(rest.size(), rest.find_first_not_of(' ')));
  if (!rest.empty())
    for (const auto& line : wrap_words(rest, room(next), true)) out += next + line + '\n';
  return out;
}

std::string render_text(const std::vector<Table>& tables_given, size_t width) {
  std::vector<Table> scratch;
  const auto& tables = shown_to(tables_given, Shown::people, scratch);
  width = std::max(width, kMinWidth);
  std::string out;
  bool first = true;
  for (const auto& t : tables) {
    if (!first) out += '\n';
    first = false;
    append_table(out, t, width);
  }
  return out;
}

}  // namespace gunpowder::report
