// report.cpp - the text, markdown, csv and json renderers of the shared table model.
#include "gunpowder/core/report.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>

#include "gunpowder/core/escape.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/parallel.hpp"

namespace gunpowder::report {

std::optional<Format> parse_format(const std::string& given) {
  std::string name = given;  // in any case: --format JSON
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name == "text") return Format::text;
  if (name == "markdown" || name == "md") return Format::markdown;
  if (name == "csv") return Format::csv;
  if (name == "json") return Format::json;
  return std::nullopt;
}

namespace {

const std::string& text_at(const std::vector<Cell>& row, size_t i) {
  static const std::string empty;
  return i < row.size() ? row[i].text : empty;
}

// A table of `t`'s name, title, context and notes, without columns or rows (and without its spec:
// what is made from it is a plain table the renderers lay out as it stands).
Table frame_of(const Table& t) {
  Table out;
  out.name = t.name;
  out.title = t.title;
  out.context = t.context;
  out.notes = t.notes;
  return out;
}

// A record table as the rows `audience` reads: people a figure a line (label, value, source),
// programs a figure a row (its key, raw value, unit and source), the context before.
Table record_rows(const Table& t, Shown audience) {
  const Shown other = audience == Shown::people ? Shown::programs : Shown::people;
  Table out = frame_of(t);
  const bool sourced = t.has_sources();
  if (audience == Shown::people) {
    const std::string_view head = t.spec && !t.spec->figure_header.empty() ? t.spec->figure_header : "Characteristic";
    const std::string_view value = t.spec && !t.spec->value_header.empty() ? t.spec->value_header : "Value";
    out.add_column("figure", std::string(head)).add_column("value", std::string(value), Align::right);
    if (sourced)
      out.add_column("source", t.spec->source_header.empty() ? "Source" : std::string(t.spec->source_header));
  } else {
    out.add_column("figure", "Figure").add_column("value", "Value").add_column("unit", "Unit");
    if (sourced) out.add_column("source", "Source");
  }
  for (const auto& f : t.figures) {
    if (f.shown == other) continue;
    std::vector<Cell> row;
    if (audience == Shown::people)
      row = {Cell(f.label), Cell(f.value.text)};
    else
      row = {Cell(std::string(f.field->key)), Cell(f.value.data()), Cell(std::string(f.field->unit))};
    if (sourced) row.emplace_back(f.source);
    out.rows.push_back(std::move(row));
  }
  return out;
}

// `t` without the columns shown only to the other audience than `audience` (and their cells).
Table shown_to(const Table& t, Shown audience) {
  if (t.spec && t.spec->layout == Layout::record) return record_rows(t, audience);
  const Shown other = audience == Shown::people ? Shown::programs : Shown::people;
  Table out = frame_of(t);
  std::vector<size_t> keep;
  for (size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].shown != other) {
      keep.push_back(i);
      out.columns.push_back(t.columns[i]);
    }
  // Rows sourced by house rules, under house rules: their sources as the last column.
  const bool sourced = t.has_sources();
  if (sourced) out.add_column("source", t.spec->source_header.empty() ? "Source" : std::string(t.spec->source_header));
  out.rows.reserve(t.rows.size());
  for (const auto& r : t.rows) {
    auto& o = out.rows.emplace_back();
    o.reserve(keep.size() + (sourced ? 1 : 0));
    for (size_t i : keep)
      if (i < r.size()) o.push_back(r[i]);
    if (sourced) {
      o.resize(keep.size());
      o.emplace_back(t.row_source(r));
    }
  }
  return out;
}

// Appends a line of prose (a title, a note, an explain line), its control characters visible.
void append_line(std::string& out, const char* indent, const std::string& s) {
  out += indent;
  escape::append_visible(out, s);
  out += '\n';
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
      case '|':
        md += "\\|";
        break;
      case '\\':
        md += "\\\\";
        break;
      case '<':
        md += "&lt;";
        break;
      case '>':
        md += "&gt;";
        break;
      case '&':
        md += "&amp;";
        break;
      case '\n':
        md += ' ';
        break;
      default:
        md += c;
    }
  }
  if (escape::is_plain(md)) return md;
  return escape::visible(md, escape::Breaks::space);
}
}  // namespace

const std::vector<Table>& shown_to(const std::vector<Table>& tables, Shown audience, std::vector<Table>& scratch) {
  const Shown other = audience == Shown::people ? Shown::programs : Shown::people;
  const auto differs = [&](const Table& t) {
    if (t.spec && (t.spec->layout == Layout::record || t.spec->shown != Shown::everywhere)) return true;
    if (t.has_sources()) return true;  // rows with their sources: a column more
    return std::any_of(t.columns.begin(), t.columns.end(), [&](const Column& c) { return c.shown == other; });
  };
  if (!std::any_of(tables.begin(), tables.end(), differs)) return tables;
  scratch.clear();
  scratch.reserve(tables.size());
  for (const auto& t : tables)
    if (!(t.spec && t.spec->shown == other && !t.asked)) scratch.push_back(shown_to(t, audience));
  return scratch;
}

namespace cell {
Cell integer(long long n) { return {fmtnum::grouped(n), std::to_string(n)}; }
Cell signed_integer(long long n) { return {(n > 0 ? "+" : "") + std::to_string(n), std::to_string(n)}; }
Cell number(double x, int decimals, bool grouped) {
  std::string shown = fmtnum::fixed(x, decimals);
  if (grouped) {  // thousands separators in the whole part of the figure as shown
    const size_t begin = (!shown.empty() && shown[0] == '-') ? 1 : 0;
    size_t end = begin;
    while (end < shown.size() && std::isdigit(static_cast<unsigned char>(shown[end]))) ++end;
    for (size_t at = end; at > begin + 3; at -= 3) shown.insert(at - 3, 1, ',');
  }
  return {std::move(shown), fmtnum::shortest(x)};
}
Cell integer(const std::optional<long long>& n) { return n ? integer(*n) : none(); }
Cell trimmed(const std::optional<double>& x, int max_decimals) { return x ? trimmed(*x, max_decimals) : none(); }
Cell trimmed(double x, int max_decimals) { return {fmtnum::trim(x, max_decimals), fmtnum::shortest(x)}; }
Cell percent(double p, int decimals) { return {fmtnum::percent(p, decimals), fmtnum::shortest(p)}; }
Cell inches(double in) { return {fmtnum::trim(in, 2) + '"', fmtnum::shortest(in)}; }
Cell none(std::string shown) { return {std::move(shown), ""}; }
Cell boolean(bool b, std::string yes, std::string no) {
  return {b ? std::move(yes) : std::move(no), b ? "true" : "false"};
}
Cell text_or_none(std::string s) { return s.empty() || s == "-" ? none() : Cell(std::move(s)); }
Cell shown_as(std::string shown, double x) { return {std::move(shown), fmtnum::shortest(x)}; }
Cell exact_over(Cell c, double p, std::uint64_t denominator) {
  c.exact = fraction::exact(p, denominator);
  return c;
}
}  // namespace cell

void show_fractions(std::vector<Table>& tables, const std::string& inexact) {
  const auto probability = [](const Field* f) { return f != nullptr && f->kind == Kind::probability; };
  const auto show = [](Cell& c, bool& left) {
    if (!c.has_raw || c.data().empty()) return;  // no value: nothing to show
    if (c.exact)
      c.text = fraction::to_string(*c.exact);
    else
      left = true;
  };
  for (Table& t : tables) {
    bool any = false, left = false;
    for (auto& fig : t.figures)
      if (probability(fig.field)) {
        any = true;
        show(fig.value, left);
      }
    for (size_t i = 0; i < t.columns.size(); ++i) {
      if (!probability(t.columns[i].field)) continue;
      any = true;
      for (auto& row : t.rows)
        if (i < row.size()) show(row[i], left);
    }
    if (!any) continue;
    t.fractions = true;
    if (left && !inexact.empty()) t.notes.push_back(inexact);
  }
}

void append_markdown_head(std::string& out, const Table& t) {
  if (!t.title.empty()) out += "### " + md_escape(t.title) + "\n\n";
  out += '|';
  for (const auto& c : t.columns) out += ' ' + md_escape(c.header) + " |";
  out += "\n|";
  for (const auto& c : t.columns) out += c.align == Align::right ? "---:|" : "---|";
  out += '\n';
}

void append_markdown_row(std::string& out, const Table& t, const std::vector<Cell>& r) {
  out += '|';
  for (size_t i = 0; i < t.columns.size(); ++i) out += ' ' + md_escape(text_at(r, i)) + " |";
  out += '\n';
}

void append_markdown_notes(std::string& out, const Table& t) {
  if (t.notes.empty()) return;
  out += '\n';
  for (const auto& n : t.notes) out += "- " + md_escape(n) + '\n';
}

std::string render_markdown(const std::vector<Table>& tables_given) {
  std::vector<Table> scratch;
  const auto& tables = shown_to(tables_given, Shown::people, scratch);
  std::string out;
  bool first = true;
  for (const auto& t : tables) {
    if (!first) out += '\n';
    first = false;
    append_markdown_head(out, t);
    for (const auto& r : t.rows) append_markdown_row(out, t, r);
    append_markdown_notes(out, t);
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
bool is_inert(std::string_view s) { return s.find_first_not_of("0123456789-*/") == std::string_view::npos; }

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
    case '=':
    case '@':
    case '\t':
    case '\r':
      return true;
    case '+':
    case '-':
      return !is_number(cell) && !is_inert(cell);
    default:
      return false;
  }
}

std::string table_name(const Table& t) {
  if (!t.name.empty()) return t.name;
  std::string_view title = t.title;
  title = title.substr(0, std::min(title.find(" ("), title.find(':')));
  std::string out;
  bool gap = false;
  for (const char ch : title) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) != 0) {
      if (gap && !out.empty()) out += '-';
      out += static_cast<char>(std::tolower(c));
      gap = false;
    } else {
      gap = true;
    }
  }
  return out.empty() ? "table" : out;
}

std::string main_table_name(const Report& r) {
  if (!r.main_table.empty()) return r.main_table;
  return r.tables.empty() ? std::string{} : table_name(r.tables.front());
}

std::vector<std::string> table_names(const Report& r) {
  std::vector<std::string> out;
  for (const auto& t : r.tables)
    if (auto n = table_name(t); std::find(out.begin(), out.end(), n) == out.end()) out.push_back(std::move(n));
  return out;
}

std::vector<Table> tables_named(const Report& r, const std::string& name) {
  std::vector<Table> out;
  for (const auto& t : r.tables)
    if (table_name(t) == name) out.push_back(t);
  return out;
}

namespace {
// The keys of the one csv table made of `tables`: context keys first, then column keys, each once.
std::vector<std::string> csv_keys(const std::vector<Table>& tables) {
  std::vector<std::string> keys;
  const auto add = [&](const std::string& k) {
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  };
  for (const auto& t : tables)
    for (const auto& c : t.context) add(c.key);
  for (const auto& t : tables)
    for (const auto& c : t.columns) add(c.key);
  return keys;
}

// Where each csv key finds its value in rows of `t`: a column index, a context value, or nothing.
struct Source {
  const std::string* context = nullptr;
  size_t column = SIZE_MAX;
};
std::vector<Source> csv_sources(const Table& t, const std::vector<std::string>& keys) {
  std::vector<Source> out(keys.size());
  for (size_t k = 0; k < keys.size(); ++k) {
    for (const auto& c : t.context)
      if (c.key == keys[k]) out[k].context = &c.value;
    for (size_t i = 0; i < t.columns.size(); ++i)
      if (t.columns[i].key == keys[k]) out[k].column = i;
  }
  return out;
}

void append_csv_header(std::string& out, const std::vector<std::string>& keys) {
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i) out += ',';
    csv_field(out, keys[i], CsvFormulas::guard);
  }
  out += "\r\n";
}
}  // namespace

std::string render_csv(const std::vector<Table>& tables_given, CsvFormulas formulas) {
  std::vector<Table> scratch;
  const auto& tables = shown_to(tables_given, Shown::programs, scratch);
  std::string out;
  const auto keys = csv_keys(tables);
  if (keys.empty()) return out;
  append_csv_header(out, keys);
  for (const auto& t : tables) {
    const auto sources = csv_sources(t, keys);
    parallel::append_rows(out, t.rows.size(), [&](size_t from, size_t to, std::string& o) {
      size_t bytes = 0;
      for (size_t k = from; k < to; ++k)
        for (const auto& c : t.rows[k]) bytes += c.data().size() + 1;
      o.reserve(o.size() + bytes + (to - from) * (keys.size() + 2));
      for (size_t k = from; k < to; ++k) {
        const auto& r = t.rows[k];
        for (size_t i = 0; i < sources.size(); ++i) {
          if (i) o += ',';
          if (sources[i].context)
            csv_field(o, *sources[i].context, formulas);
          else if (sources[i].column < r.size())
            csv_field(o, r[sources[i].column].data(), formulas);
        }
        o += "\r\n";
      }
    });
  }
  return out;
}

std::string csv_header(const Table& t) {
  std::string out;
  append_csv_header(out, csv_keys({shown_to(t, Shown::programs)}));
  return out;
}

void csv_row(std::string& out, const Table& shape, const std::vector<Cell>& row, CsvFormulas formulas) {
  bool first = true;
  for (size_t i = 0; i < shape.columns.size(); ++i) {
    if (shape.columns[i].shown == Shown::people) continue;
    if (!first) out += ',';
    first = false;
    if (i < row.size()) csv_field(out, row[i].data(), formulas);
  }
  out += "\r\n";
}

void csv_rows(std::string& out, const Table& shape, const std::vector<std::vector<Cell>>& rows, CsvFormulas formulas) {
  for (const auto& r : rows) csv_row(out, shape, r, formulas);
}

namespace {
// The derivation as JSON: one object a step, every part of it under its name (null when empty).
json::Value json_steps(const Steps& steps) {
  json::Value out = json::array();
  for (const auto& s : steps) {
    json::Value o = json::object();
    o.set("subject", json::text_or_null(s.subject));
    o.set("figure", json::text_or_null(s.figure));
    o.set("rule", json::text_or_null(s.rule));
    json::Value inputs = json::array();
    for (const auto& in : s.inputs) {
      json::Value i = json::object();
      i.set("name", in.name);
      i.set("value", in.value);
      inputs.push(std::move(i));
    }
    o.set("inputs", std::move(inputs));
    o.set("result", json::text_or_null(s.result));
    o.set("rounded", s.yields == Yields::rounded);
    o.set("source", json::text_or_null(s.source));
    out.push(std::move(o));
  }
  return out;
}

// The report's JSON with the derivation under "explain": a copy, made only when it is asked for.
json::Value json_with_explain(const Report& r) {
  json::Value v = r.json;
  if (v.is_object()) v.set("explain", json_steps(r.explain));
  return v;
}
}  // namespace

json::Value render_json(const Report& r, bool with_explain) {
  const DocumentSpec& doc = *r.document;
  json::Value out = json::document(doc.tool, doc.name, doc.version);
  out.set("tool", std::string(doc.tool));
  for (const TableSpec* spec : doc.tables) {
    if (spec->shown == Shown::people) continue;
    json::Value& items = out.set(json_key(spec->name), json::array());
    for (const auto& t : r.tables) {
      if (t.spec != spec) continue;
      if (spec->layout == Layout::record) {
        json::Raw raw{{}, 2};
        append_json_record(raw.text, t, 2);
        items.push(std::move(raw));
        continue;
      }
      const JsonRows rows(t, 2);
      for (const auto& row : t.rows) {
        json::Raw raw{{}, 2};
        rows.append(raw.text, row);
        items.push(std::move(raw));
      }
    }
  }
  if (r.json.is_object())
    for (const auto& m : r.json.object()) out.set(m.first, m.second);
  if (with_explain && !r.explain.empty()) out.set("explain", json_steps(r.explain));
  return out;
}

void render_json_to(std::ostream& os, const Report& r, bool with_explain) {
  if (r.document) {
    json::dump_to(os, render_json(r, with_explain));
    return;
  }
  if (!with_explain || r.explain.empty())
    json::dump_to(os, r.json);
  else
    json::dump_to(os, json_with_explain(r));
}

std::string render(const Report& r, Format f, bool with_explain, CsvFormulas formulas, size_t width) {
  switch (f) {
    case Format::json:
      if (r.document) return json::dump(render_json(r, with_explain));
      if (with_explain && !r.explain.empty()) return json::dump(json_with_explain(r));
      return json::dump(r.json);
    case Format::csv:
      // One table, the main one; the derivation is prose: csv stays machine-readable.
      return render_csv(tables_named(r, main_table_name(r)), formulas);
    case Format::markdown: {
      std::string out = render_markdown(r.tables);
      if (with_explain && !r.explain.empty()) {
        out += "\n### Derivation\n\n";
        for (const auto& l : r.explain) append_line(out, "    ", step_line(l));  // a code block: no markdown escapes
      }
      return out;
    }
    case Format::text:
    default: {
      std::string out = render_text(r.tables, width);
      if (with_explain && !r.explain.empty()) {
        out += "\nDerivation\n";
        for (const auto& l : r.explain) out += wrap_line(step_line(l), width, "  ", "    ");
      }
      return out;
    }
  }
}

}  // namespace gunpowder::report
