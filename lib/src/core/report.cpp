// report.cpp - the markdown, csv and json renderers of the shared table model (text: text_table.cpp).
#include "gunpowder/core/report.hpp"

#include <cmath>
#include <algorithm>

#include "gunpowder/core/escape.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/parallel.hpp"

namespace gunpowder::report {

std::optional<Format> parse_format(const std::string& name) {
  if (name == "text") return Format::text;
  if (name == "markdown" || name == "md") return Format::markdown;
  if (name == "csv") return Format::csv;
  if (name == "json") return Format::json;
  return std::nullopt;
}

namespace {

// Display width of a UTF-8 string: counts code points, not bytes (the tables use "×", "–").
size_t width_of(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

const std::string& cell(const std::vector<std::string>& row, size_t i) {
  static const std::string empty;
  return i < row.size() ? row[i] : empty;
}

// Appends `s` padded to display width `w`.
void append_padded(std::string& out, const std::string& s, size_t w, Align a) {
  const size_t have = width_of(s);
  const size_t fill = have >= w ? 0 : w - have;
  if (a == Align::right) out.append(fill, ' ');
  out += s;
  if (a != Align::right) out.append(fill, ' ');
}

std::string pad(const std::string& s, size_t w, Align a) {
  std::string out;
  append_padded(out, s, w, a);
  return out;
}

// Appends a line of prose (a title, a note, an explain line), its control characters visible.
void append_line(std::string& out, const char* indent, const std::string& s) {
  out += indent;
  escape::append_visible(out, s);
  out += '\n';
}

// Renders rows [from, to) of a large table on two threads: `rows(from, to, out)` appends the
// text of those rows to `out`. The halves are joined in order, so the text does not depend on
// the split; tables under kParallelRows rows are rendered on the calling thread.
constexpr size_t kParallelRows = 20000;
template <class Fn>
void render_rows(std::string& out, size_t n, Fn rows) {
  if (n < kParallelRows) {
    rows(0, n, out);
    return;
  }
  std::string second;
  parallel::both([&] { rows(0, n / 2, out); }, [&] { rows(n / 2, n, second); });
  out += second;
}

}  // namespace

namespace {
// A cell, title or note for markdown: `|` and `\` escaped by a backslash, `<`, `>` and `&` as
// entities (so no raw HTML passes), newlines as spaces, control characters visible as in text.
std::string md_escape(const std::string& s) {
  std::string md;
  md.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '|': md += "\\|"; break;
      case '\\': md += "\\\\"; break;
      case '<': md += "&lt;"; break;
      case '>': md += "&gt;"; break;
      case '&': md += "&amp;"; break;
      case '\n': md += ' '; break;
      default: md += c;
    }
  }
  if (escape::is_plain(md)) return md;
  return escape::visible(md, escape::Breaks::space);
}
}  // namespace

std::string render_markdown(const std::vector<Table>& tables) {
  std::string out;
  bool first = true;
  for (const auto& t : tables) {
    if (!first) out += '\n';
    first = false;
    if (!t.title.empty()) out += "### " + md_escape(t.title) + "\n\n";
    out += '|';
    for (const auto& c : t.columns) out += ' ' + md_escape(c.header) + " |";
    out += "\n|";
    for (const auto& c : t.columns) out += c.align == Align::right ? "---:|" : "---|";
    out += '\n';
    for (const auto& r : t.rows) {
      out += '|';
      for (size_t i = 0; i < t.columns.size(); ++i) out += ' ' + md_escape(cell(r, i)) + " |";
      out += '\n';
    }
    if (!t.notes.empty()) {
      out += '\n';
      for (const auto& n : t.notes) out += "- " + md_escape(n) + '\n';
    }
  }
  return out;
}

namespace {
// The number of a csv cell, as csv_formula_guarded describes it: [+-] digits (grouped by
// thousands with ',' or not) [. digits] [e [+-] digits] [%]. At least one digit before or after
// the point.
bool is_number(std::string_view s) {
  size_t i = 0;
  const auto digits = [&] {
    const size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - from;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const size_t whole = digits();
  // Thousands groups: "1,250" and "12,500,000"; never ",5", "1,25" or "1250,000".
  if (whole >= 1 && whole <= 3)
    while (i < s.size() && s[i] == ',') {
      ++i;
      if (digits() != 3) return false;
    }
  size_t fraction = 0;
  if (i < s.size() && s[i] == '.') {
    ++i;
    fraction = digits();
  }
  if (whole + fraction == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  if (i < s.size() && s[i] == '%') ++i;
  return i == s.size();
}

// Made only of digits, '-', '*' and '/': "-", "-/1/-", "-/*/-".
bool is_inert(std::string_view s) {
  return s.find_first_not_of("0123456789-*/") == std::string_view::npos;
}

void csv_field(std::string& out, const std::string& s, CsvFormulas formulas) {
  const bool guard = formulas == CsvFormulas::guard && csv_formula_guarded(s);
  if (s.find_first_of(",\"\r\n") == std::string::npos) {
    if (guard) out += '\'';
    out += s;
    return;
  }
  out += '"';
  if (guard) out += '\'';
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}
}  // namespace

bool csv_formula_guarded(std::string_view cell) {
  if (cell.empty()) return false;
  switch (cell.front()) {
    case '=': case '@': case '\t': case '\r': return true;
    case '+': case '-': return !is_number(cell) && !is_inert(cell);
    default: return false;
  }
}

std::string render_csv(const std::vector<Table>& tables, CsvFormulas formulas) {
  std::string out;
  bool first = true;
  for (const auto& t : tables) {
    if (!first) out += "\r\n";
    first = false;
    const size_t nc = t.columns.size();
    for (size_t i = 0; i < nc; ++i) {
      if (i) out += ',';
      csv_field(out, t.columns[i].key, formulas);
    }
    out += "\r\n";
    render_rows(out, t.rows.size(), [&](size_t from, size_t to, std::string& o) {
      size_t bytes = 0;
      for (size_t k = from; k < to; ++k)
        for (const auto& c : t.rows[k]) bytes += c.size() + 1;
      o.reserve(o.size() + bytes + (to - from) * (nc + 2));
      for (size_t k = from; k < to; ++k) {
        const auto& r = t.rows[k];
        for (size_t i = 0; i < nc; ++i) {
          if (i) o += ',';
          if (i < r.size()) csv_field(o, r[i], formulas);
        }
        o += "\r\n";
      }
    });
  }
  return out;
}

std::string csv_header(const Table& t, bool first) {
  std::string out = first ? "" : "\r\n";
  for (size_t i = 0; i < t.columns.size(); ++i) {
    if (i) out += ',';
    csv_field(out, t.columns[i].key, CsvFormulas::guard);
  }
  out += "\r\n";
  return out;
}

void csv_rows(std::string& out, const std::vector<std::vector<std::string>>& rows, size_t columns,
              CsvFormulas formulas) {
  for (const auto& r : rows) {
    for (size_t i = 0; i < columns; ++i) {
      if (i) out += ',';
      if (i < r.size()) csv_field(out, r[i], formulas);
    }
    out += "\r\n";
  }
}

std::string render_chart_text(const std::vector<Chart>& charts, int width) {
  std::string out;
  for (const auto& c : charts) {
    if (!out.empty()) out += '\n';
    append_line(out, "", c.title);
    std::vector<std::string> labels;
    labels.reserve(c.labels.size());
    for (const auto& l : c.labels) labels.push_back(escape::visible(l, escape::Breaks::space));
    size_t label_w = 0;
    double max = 0;
    for (size_t i = 0; i < labels.size(); ++i) {
      label_w = std::max(label_w, width_of(labels[i]));
      if (i < c.values.size()) max = std::max(max, c.values[i]);
    }
    for (size_t i = 0; i < c.labels.size() && i < c.values.size(); ++i) {
      const double v = c.values[i];
      // Eighth-block characters give the bar a resolution of 1/8 of a character.
      const int eighths = max > 0 ? static_cast<int>(std::lround(v / max * width * 8)) : 0;
      std::string bar;
      for (int k = 0; k < eighths / 8; ++k) bar += "\u2588";
      static const char* const kPartial[] = {"", "\u258F", "\u258E", "\u258D", "\u258C", "\u258B", "\u258A", "\u2589"};
      bar += kPartial[eighths % 8];
      out += pad(labels[i], label_w, Align::left) + "  " + bar + ' ' +
             (c.percent ? fmtnum::fixed(v * 100, 2) + "%" : fmtnum::trim(v, 4)) + '\n';
    }
  }
  return out;
}

namespace {
std::string xml_escape(const std::string& s) {
  std::string out;
  escape::append_xml(out, s);
  return out;
}
}  // namespace

std::string render_chart_svg(const std::vector<Chart>& charts) {
  const int bar_h = 18, gap = 4, label_w = 220, bar_w = 400, title_h = 28, value_w = 80;
  int height = 10;
  for (const auto& c : charts) height += title_h + static_cast<int>(c.labels.size()) * (bar_h + gap) + 16;
  const int width = label_w + bar_w + value_w + 20;
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    std::to_string(width) + "\" height=\"" + std::to_string(height) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  int y = 10;
  for (const auto& c : charts) {
    out += "  <text x=\"10\" y=\"" + std::to_string(y + 18) + "\" font-size=\"14\" font-weight=\"bold\">" + xml_escape(c.title) +
           "</text>\n";
    y += title_h;
    double max = 0;
    for (double v : c.values) max = std::max(max, v);
    for (size_t i = 0; i < c.labels.size() && i < c.values.size(); ++i) {
      const double v = c.values[i];
      const double w = max > 0 ? v / max * bar_w : 0;
      out += "  <text x=\"" + std::to_string(label_w) + "\" y=\"" + std::to_string(y + bar_h - 5) +
             "\" text-anchor=\"end\">" + xml_escape(c.labels[i]) + "</text>\n";
      out += "  <rect x=\"" + std::to_string(label_w + 8) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
             fmtnum::fixed(w, 1) + "\" height=\"" + std::to_string(bar_h) + "\" fill=\"#4a6fa5\"/>\n";
      out += "  <text x=\"" + fmtnum::fixed(label_w + 12 + w, 1) + "\" y=\"" + std::to_string(y + bar_h - 5) + "\">" +
             (c.percent ? fmtnum::fixed(v * 100, 2) + "%" : fmtnum::trim(v, 4)) + "</text>\n";
      y += bar_h + gap;
    }
    y += 16;
  }
  return out + "</svg>\n";
}

Table agreement_table(std::string title, const std::string& key, std::string header, const AgreementCounts& counts,
                      json::Value& json) {
  Table t;
  t.title = std::move(title);
  t.add_column(key, std::move(header)).add_column("agree", "Agree", Align::right).add_column("of", "Of", Align::right);
  for (const auto& [name, c] : counts) {
    t.add_row({name, std::to_string(c.first), std::to_string(c.second)});
    json::Value& o = json.push(json::object());
    o.set(key, name);
    o.set("agree", c.first);
    o.set("of", c.second);
  }
  return t;
}

namespace {
// The report's JSON with the derivation under "explain": a copy, made only when it is asked for.
json::Value json_with_explain(const Report& r) {
  json::Value v = r.json;
  json::Value lines = json::array();
  for (const auto& l : r.explain) lines.push(l);
  if (v.is_object()) v.set("explain", std::move(lines));
  return v;
}
}  // namespace

void render_json_to(std::ostream& os, const Report& r, bool with_explain) {
  if (!with_explain || r.explain.empty()) json::dump_to(os, r.json);
  else json::dump_to(os, json_with_explain(r));
}

std::string render(const Report& r, Format f, bool with_explain, CsvFormulas formulas, size_t width) {
  switch (f) {
    case Format::json:
      if (with_explain && !r.explain.empty()) return json::dump(json_with_explain(r));
      return json::dump(r.json);
    case Format::csv:
      return render_csv(r.tables, formulas);  // the derivation is prose: csv stays machine-readable
    case Format::markdown: {
      std::string out = render_markdown(r.tables);
      if (with_explain && !r.explain.empty()) {
        out += "\n### Derivation\n\n";
        for (const auto& l : r.explain) append_line(out, "    ", l);  // a code block: no markdown escapes
      }
      return out;
    }
    case Format::text:
    default: {
      std::string out = render_text(r.tables, width);
      if (with_explain && !r.explain.empty()) {
        out += "\nDerivation\n";
        for (const auto& l : r.explain) out += wrap_line(l, width, "  ", "    ");
      }
      return out;
    }
  }
}

}  // namespace gunpowder::report
