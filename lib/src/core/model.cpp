// model.cpp - declared fields and tables: building a table from its declaration, writing its rows
// as typed JSON, and describing a document (JSON Schema, man-page key tables) from the declarations.
#include "gunpowder/core/model.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::report {

std::string_view kind_name(Kind k) {
  switch (k) {
    case Kind::text:
      return "text";
    case Kind::enumerated:
      return "enum";
    case Kind::boolean:
      return "boolean";
    case Kind::count:
      return "count";
    case Kind::integer:
      return "integer";
    case Kind::number:
      return "number";
    case Kind::amount:
      return "amount";
    case Kind::probability:
      return "probability";
    case Kind::fraction:
      return "fraction";
    case Kind::dice:
      return "dice";
  }
  return "text";
}

KindRange kind_range(Kind k) {
  switch (k) {
    case Kind::count:
      return {true, true, 0.0, std::nullopt};
    case Kind::integer:
      return {true, true, std::nullopt, std::nullopt};
    case Kind::number:
      return {true, false, std::nullopt, std::nullopt};
    case Kind::amount:
      return {true, false, 0.0, std::nullopt};
    case Kind::probability:
    case Kind::fraction:
      return {true, false, 0.0, 1.0};
    case Kind::text:
    case Kind::enumerated:
    case Kind::boolean:
    case Kind::dice:
      break;
  }
  return {};
}

std::vector<std::string_view> enum_values(const Field& f) {
  std::vector<std::string_view> out;
  std::string_view v = f.values;
  while (!v.empty()) {
    const size_t bar = v.find('|');
    out.push_back(v.substr(0, bar));
    if (bar == std::string_view::npos) break;
    v.remove_prefix(bar + 1);
  }
  return out;
}

std::string json_key(std::string_view table_name) {
  std::string out(table_name);
  for (char& c : out)
    if (c == '-') c = '_';
  return out;
}

namespace {
// What a figure's source says, in words (the schemas' and csv columns' description of `sources`
// and `source`): one text for every tool.
constexpr std::string_view kSourceWords =
    "book (the book's figure; \"book x 2\" for a price multiplied), formula, model, a documented reading, "
    "given (the request's), the gunpowder whose price it is, or what was done to the book's figure (reduced "
    "charge, lighter shot); \"house rule (FILE)\" first where house rules changed it or a figure it is "
    "computed from";
bool is_numeric(Kind k) {
  return k == Kind::count || k == Kind::integer || k == Kind::number || k == Kind::amount || k == Kind::probability ||
         k == Kind::fraction;
}
Align align_of(const Field& f) { return is_numeric(f.kind) ? Align::right : Align::left; }
std::string header_of(const FieldUse& u) { return std::string(u.header.empty() ? u.field->header : u.header); }
const FieldUse* find_use(const std::vector<FieldUse>& uses, const Field& f) {
  for (const auto& u : uses)
    if (u.field == &f || u.field->key == f.key) return &u;
  return nullptr;
}
}  // namespace

Table::Table(const TableSpec& s) : spec(&s), name(s.name), title(s.title) {
  for (const auto& u : s.context) context.push_back({std::string(u.field->key), {}});
  if (s.layout == Layout::rows)
    for (const auto& u : s.fields)
      columns.push_back({std::string(u.field->key), header_of(u), align_of(*u.field), u.shown, u.field});
}

Table& Table::add_figure(const Field& f, Cell value, std::string source) {
  const FieldUse* u = spec ? find_use(spec->fields, f) : nullptr;
  if (!u || spec->layout != Layout::record)
    throw std::logic_error("report: figure '" + std::string(f.key) + "' is not declared in table '" + name + "'");
  figures.push_back({u->field, std::move(value), std::move(source), header_of(*u), u->shown});
  return *this;
}

Table& Table::set_context(const Field& f, std::string value) {
  for (auto& c : context)
    if (c.key == f.key) {
      c.value = std::move(value);
      return *this;
    }
  throw std::logic_error("report: context '" + std::string(f.key) + "' is not declared in table '" + name + "'");
}

// --- typed JSON of cells -------------------------------------------------------------------------

namespace {
// A raw value that is not of its field's kind (a bug of the table's maker, or a figure out of every
// range such as 1e300 in a count): written as the text it is, so that the document stays valid JSON
// and no input reaches an internal error; the schema refuses it, so json.schemas and json.ajv catch
// the table that made it.
void bad_value(std::string& out, const std::string& raw) { json::append_quoted(out, raw); }

void append_integer_text(std::string& out, const Field& /*f*/, const std::string& raw) {
  long long n = 0;
  const char* end = raw.data() + raw.size();
  if (auto r = std::from_chars(raw.data(), end, n); r.ec == std::errc() && r.ptr == end) {
    char buf[24];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, n).ptr);
    return;
  }
  unsigned long long u = 0;  // a count beyond long long (a seed up to 2^64-1): written exactly
  if (auto r = std::from_chars(raw.data(), end, u); r.ec == std::errc() && r.ptr == end) {
    char buf[24];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, u).ptr);
    return;
  }
  double d = 0;
  if (auto r = std::from_chars(raw.data(), end, d);
      r.ec == std::errc() && r.ptr == end && std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15) {
    out += fmtnum::shortest(d);
    return;
  }
  bad_value(out, raw);
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A raw number already in the form the JSON writer gives it (fmtnum::shortest at
// json::kSignificantDigits, as the cells' raw values are made): no sign but '-', no leading or
// trailing zero, no exponent, at most 12 significant digits. Written as it is, without a round trip.
bool plain_number(const std::string& s) {
  size_t i = s.empty() || s[0] != '-' ? 0 : 1;
  const size_t start = i;
  int digits = 0;
  bool leading = true;
  auto count = [&](char c) {
    if (c != '0' || !leading) {
      leading = false;
      ++digits;
    }
  };
  for (; i < s.size() && is_digit(s[i]); ++i) count(s[i]);
  const size_t int_digits = i - start;
  if (int_digits == 0 || (int_digits > 1 && s[start] == '0')) return false;
  if (i < s.size() && s[i] == '.') {
    const size_t frac = ++i;
    for (; i < s.size() && is_digit(s[i]); ++i) count(s[i]);
    if (i == frac || s[i - 1] == '0') return false;
  }
  if (i != s.size()) return false;
  if (digits == 0) return start == 0;  // "0"; not "-0"
  return digits <= json::kSignificantDigits;
}

void append_real_text(std::string& out, const Field& /*f*/, const std::string& raw) {
  if (plain_number(raw)) {
    out += raw;
    return;
  }
  double d = 0;
  const char* end = raw.data() + raw.size();
  auto r = std::from_chars(raw.data(), end, d);
  if (r.ec == std::errc::result_out_of_range) {  // beyond a double: written as the infinity it is
    out += "null";
    return;
  }
  if (r.ec != std::errc() || r.ptr != end) {
    bad_value(out, raw);
    return;
  }
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  out += fmtnum::shortest(d, json::kSignificantDigits);
}

void append_boolean_text(std::string& out, const Field& /*f*/, const std::string& raw) {
  if (raw == "true" || raw == "yes")
    out += "true";
  else if (raw == "false" || raw == "no")
    out += "false";
  else
    bad_value(out, raw);
}
}  // namespace

/// Appends the JSON value of a cell of field `f` (nullptr: a text).
void append_json_value(std::string& out, const Field* f, const Cell& c) {
  const std::string& raw = c.data();
  if (raw.empty()) {
    out += "null";
    return;
  }
  if (!f) {
    json::append_quoted(out, raw);
    return;
  }
  switch (f->kind) {
    case Kind::boolean:
      append_boolean_text(out, *f, raw);
      return;
    case Kind::count:
    case Kind::integer:
      append_integer_text(out, *f, raw);
      return;
    case Kind::number:
    case Kind::amount:
    case Kind::probability:
    case Kind::fraction:
      append_real_text(out, *f, raw);
      return;
    case Kind::text:
    case Kind::enumerated:
    case Kind::dice:
      json::append_quoted(out, raw);
      return;
  }
}

namespace {
void newline(std::string& out, int level) {
  out += '\n';
  out.append(static_cast<size_t>(level) * 2, ' ');
}
void member(std::string& out, bool& first, int level, std::string_view key) {
  out += first ? "{" : ",";
  first = false;
  newline(out, level + 1);
  json::append_quoted(out, key);
  out += ": ";
}
void context_members(std::string& out, bool& first, const Table& t, int level) {
  for (size_t i = 0; i < t.context.size(); ++i) {
    const Field* f = nullptr;  // a context the tool did not declare (house rules' files) is a text
    if (t.spec)
      for (const auto& u : t.spec->context)
        if (u.field->key == t.context[i].key) f = u.field;
    // A declared table's objects hold its declared context alone: the house rules' files, which csv
    // writes in every row, are the document's own "house_rules" (the schema of its rows is closed).
    if (t.spec && !f) continue;
    member(out, first, level, t.context[i].key);
    append_json_value(out, f, Cell(t.context[i].value));
  }
}
void close_object(std::string& out, bool first, int level) {
  if (first) {
    out += "{}";
    return;
  }
  newline(out, level);
  out += '}';
}
// --fractions (Table::fractions): the member "fractions", the exact fraction of each probability
// that has one, by its key ({} when none has). `each(visit)` calls visit(field, cell) for every
// figure of the object.
template <class Each>
void fractions_member(std::string& out, bool& first, int level, const Each& each) {
  member(out, first, level, "fractions");
  bool inner = true;
  each([&](const Field* f, const Cell& c) {
    if (f == nullptr || f->kind != Kind::probability || !c.exact || c.data().empty()) return;
    member(out, inner, level + 1, f->key);
    json::append_quoted(out, fraction::to_string(*c.exact));
  });
  close_object(out, inner, level + 1);
}
}  // namespace

void append_json_row(std::string& out, const Table& t, const std::vector<Cell>& row, int level) {
  JsonRows(t, level).append(out, row);
}

JsonRows::JsonRows(const Table& t, int level) {
  bool first = true;
  context_members(context_, first, t, level);
  for (size_t i = 0; i < t.columns.size(); ++i) {
    const auto& col = t.columns[i];
    if (col.shown == Shown::people) continue;
    Member m;
    member(m.before, first, level, col.key);
    m.column = i;
    m.field = col.field;
    members_.push_back(std::move(m));
  }
  if (t.has_sources()) {  // rows sourced by house rules, under house rules: a cell after the columns
    sourced_ = true;
    source_column_ = t.columns.size();
    member(source_before_, first, level, "source");
  }
  fractions_ = t.fractions;
  level_ = level;
  if (fractions_) first = false;  // "fractions" is written after the members
  close_object(close_, first, level);
}

void JsonRows::append(std::string& out, const std::vector<Cell>& row) const {
  static const Cell empty;
  out += context_;
  for (const auto& m : members_) {
    out += m.before;
    append_json_value(out, m.field, m.column < row.size() ? row[m.column] : empty);
  }
  if (sourced_) {
    out += source_before_;
    if (row.size() > source_column_ && !row[source_column_].text.empty())
      json::append_quoted(out, row[source_column_].text);
    else
      out += "null";
  }
  if (fractions_) {
    bool first = context_.empty() && members_.empty() && !sourced_;
    fractions_member(out, first, level_, [&](const auto& visit) {
      for (const auto& m : members_)
        if (m.column < row.size()) visit(m.field, row[m.column]);
    });
  }
  out += close_;
}

void append_json_record(std::string& out, const Table& t, int level) {
  bool first = true;
  context_members(out, first, t, level);
  for (const auto& f : t.figures) {
    if (f.shown == Shown::people) continue;
    member(out, first, level, f.field->key);
    append_json_value(out, f.field, f.value);
  }
  if (t.has_sources()) {
    member(out, first, level, "sources");
    bool inner = true;
    for (const auto& f : t.figures) {
      if (f.shown == Shown::people) continue;
      member(out, inner, level + 1, f.field->key);
      if (f.source.empty())
        out += "null";
      else
        json::append_quoted(out, f.source);
    }
    close_object(out, inner, level + 1);
  }
  if (t.fractions)
    fractions_member(out, first, level, [&](const auto& visit) {
      for (const auto& f : t.figures)
        if (f.shown != Shown::people) visit(f.field, f.value);
    });
  close_object(out, first, level);
}

// --- descriptions: JSON Schema and key tables ------------------------------------------------------

namespace {
std::string describe(const Field& f) {
  std::string d(f.description);
  if (!f.unit.empty()) d += (d.empty() ? "" : " ") + std::string("(") + std::string(f.unit) + ")";
  return d;
}

json::Value typed(std::string_view type) {
  json::Value t = json::object();
  t.set("type", std::string(type));
  return t;
}

// The schema of a value of field `f`, without its description.
json::Value value_schema(const Field& f) {
  json::Value s = json::object();
  switch (f.kind) {
    case Kind::text:
    case Kind::dice:
      s = typed("string");
      break;
    case Kind::enumerated: {
      json::Value values = json::array();
      for (auto v : enum_values(f)) values.push(std::string(v));
      s.set("enum", std::move(values));
      break;
    }
    case Kind::boolean:
      s = typed("boolean");
      break;
    case Kind::count:
    case Kind::integer:
    case Kind::number:
    case Kind::amount:
    case Kind::probability:
    case Kind::fraction: {
      const KindRange r = kind_range(f.kind);
      s = typed(r.whole ? "integer" : "number");
      if (r.min) s.set("minimum", static_cast<int>(*r.min));
      if (r.max) s.set("maximum", static_cast<int>(*r.max));
      break;
    }
  }
  return s;
}

json::Value property_schema(const Field& f) {
  json::Value s = json::object();
  s.set("description", describe(f));
  if (!f.nullable) {
    json::Value v = value_schema(f);
    for (auto& m : v.object()) s.set(m.first, std::move(m.second));
    return s;
  }
  json::Value any = json::array();
  any.push(value_schema(f));
  any.push(typed("null"));
  s.set("anyOf", std::move(any));
  return s;
}

json::Value closed_object(json::Value properties, json::Value required) {
  json::Value o = typed("object");
  o.set("additionalProperties", false);
  o.set("required", std::move(required));
  o.set("properties", std::move(properties));
  return o;
}

}  // namespace

namespace {
// The probabilities of a table (Kind::probability), shown to programs.
std::vector<const Field*> probability_fields(const TableSpec& t) {
  std::vector<const Field*> out;
  for (const auto& u : t.fields)
    if (u.shown != Shown::people && u.field->kind == Kind::probability) out.push_back(u.field);
  return out;
}

// The schema of "fractions" (--fractions): each probability that has an exact fraction, as text.
json::Value fractions_schema(const std::vector<const Field*>& probabilities) {
  json::Value props = json::object();
  for (const Field* f : probabilities) {
    json::Value v = typed("string");
    v.set("pattern", "^(0|1|[1-9][0-9]*/[1-9][0-9]*)$");
    props.set(std::string(f->key), std::move(v));
  }
  json::Value s = closed_object(std::move(props), json::array());
  s.set("description",
        "with --fractions only: each probability of the object that is exact over its dice, as a fraction in lowest "
        "terms (\"7/36\", \"0\", \"1\"), by its key; a probability not listed has no exact fraction");
  return s;
}
}  // namespace

json::Value describe_items(const TableSpec& t, bool fractions) {
  json::Value props = json::object();
  json::Value required = json::array();
  // With house rules every row (and record) names the rules files first (cli::note_house_rules).
  json::Value house_rules = typed("string");
  house_rules.set("description", "with house rules only: the rules files");
  props.set("house_rules", std::move(house_rules));
  for (const auto& u : t.context) {
    props.set(std::string(u.field->key), property_schema(*u.field));
    required.push(std::string(u.field->key));
  }
  const bool record = t.layout == Layout::record;
  json::Value sources = json::object();
  for (const auto& u : t.fields) {
    if (u.shown == Shown::people) continue;
    props.set(std::string(u.field->key), property_schema(*u.field));
    if (!record) required.push(std::string(u.field->key));
    json::Value src = json::object();
    src.set("anyOf", json::Value(json::Array{typed("string"), typed("null")}));
    sources.set(std::string(u.field->key), std::move(src));
  }
  if (record && (t.sourced || t.sourced_under_house_rules)) {
    json::Value s = closed_object(std::move(sources), json::array());
    s.set("description", t.sourced ? "where each figure came from: " + std::string(kSourceWords)
                                   : "with house rules only: the house rule (FILE) behind each figure it changed or "
                                     "that is computed from one it changed, null for the others");
    props.set("sources", std::move(s));
    if (t.sourced) required.push("sources");
  }
  if (!record && t.sourced_under_house_rules) {
    json::Value s = json::object();
    s.set("description",
          "with house rules only: the house rule (FILE) behind a figure of the row it changed or that is computed "
          "from one it changed, null for the others");
    s.set("anyOf", json::Value(json::Array{typed("string"), typed("null")}));
    props.set("source", std::move(s));
  }
  if (const auto probabilities = probability_fields(t); fractions && !probabilities.empty())
    props.set("fractions", fractions_schema(probabilities));
  json::Value item = closed_object(std::move(props), std::move(required));
  if (!t.description.empty()) item.set("description", std::string(t.description));
  return item;
}

namespace {
// A text of a derivation step: a string, or null when the step has no such part.
json::Value step_text(const char* description) {
  json::Value v = json::object();
  v.set("anyOf", json::Value(json::Array{typed("string"), typed("null")}));
  v.set("description", description);
  return v;
}

// One step of --explain (explain.hpp, report::Step; rendered by report.cpp's json_steps).
json::Value step_schema() {
  json::Value input_props = json::object();
  input_props.set("name", typed("string"));
  input_props.set("value", typed("string"));
  json::Value inputs = typed("array");
  inputs.set("description", "what the rule reads: each input's name and value as shown (with its unit)");
  inputs.set("items", closed_object(std::move(input_props), json::Value(json::Array{"name", "value"})));
  json::Value props = json::object();
  props.set("subject", step_text("whom or what the step is about (a force, a piece, a unit); null: the whole result"));
  props.set("figure", step_text("the figure the step derives; null: a statement"));
  props.set("rule", step_text("the rule as the book writes it, with its inputs in place"));
  props.set("inputs", std::move(inputs));
  props.set("result", step_text("the figure's value; null when the step states a fact"));
  json::Value rounded = typed("boolean");
  rounded.set("description", "the result is the rule's value rounded or looked up in a table");
  props.set("rounded", std::move(rounded));
  props.set("source", step_text("where the rule is from: book and section, or a reading"));
  return closed_object(std::move(props),
                       json::Value(json::Array{"subject", "figure", "rule", "inputs", "result", "rounded", "source"}));
}
}  // namespace

json::Value describe_schema(const DocumentSpec& doc, const json::Value& extra) {
  const std::string name = "gunpowder/" + std::string(doc.tool) + "/" + std::string(doc.name);
  json::Value props = json::object();
  json::Value head = json::object();
  json::Value name_s = json::object();
  name_s.set("const", name);
  head.set("name", std::move(name_s));
  json::Value version_s = json::object();
  version_s.set("const", doc.version);
  head.set("version", std::move(version_s));
  json::Value schema_s = closed_object(std::move(head), json::Value(json::Array{"name", "version"}));
  schema_s.set("description", "the name and version of this document's schema");
  props.set("schema", std::move(schema_s));
  json::Value tool_s = json::object();
  tool_s.set("description", "the tool that wrote the document");
  tool_s.set("const", std::string(doc.tool));
  props.set("tool", std::move(tool_s));
  json::Value required = json::Value(json::Array{"schema", "tool"});
  for (const TableSpec* t : doc.tables) {
    if (t->shown == Shown::people) continue;
    json::Value a = typed("array");
    a.set("description", std::string(t->title) + (t->description.empty() ? "" : ": " + std::string(t->description)));
    a.set("items", describe_items(*t, doc.fractions));
    props.set(json_key(t->name), std::move(a));
    required.push(json_key(t->name));
  }
  if (extra.is_object())
    for (const auto& m : extra.object()) props.set(m.first, m.second);
  json::Value explain = typed("array");
  explain.set("description", "the derivation (with --explain): one object a step");
  explain.set("items", step_schema());
  props.set("explain", std::move(explain));
  json::Value s = json::object();
  s.set("$schema", "https://json-schema.org/draft/2020-12/schema");
  s.set("title", name + " version " + std::to_string(doc.version));
  s.set("description", std::string(doc.description));
  json::Value body = closed_object(std::move(props), std::move(required));
  for (auto& m : body.object()) s.set(m.first, std::move(m.second));
  return s;
}

namespace {
std::string type_of(const Field& f) {
  std::string t(kind_name(f.kind));
  if (f.kind == Kind::enumerated) {
    t = "";
    for (auto v : enum_values(f)) t += (t.empty() ? "" : "|") + std::string(v);
  }
  return f.nullable ? t + " or null" : t;
}
KeyRow row_of(std::string key, const Field& f) {
  return {std::move(key), type_of(f), std::string(f.unit), std::string(f.description)};
}
}  // namespace

std::vector<KeyRow> describe_json_keys(const DocumentSpec& doc) {
  std::vector<KeyRow> out;
  out.push_back({"schema.name", "text", "", "gunpowder/" + std::string(doc.tool) + "/" + std::string(doc.name)});
  out.push_back({"schema.version", "integer", "", std::to_string(doc.version)});
  out.push_back({"tool", "text", "", std::string(doc.tool)});
  for (const TableSpec* t : doc.tables) {
    if (t->shown == Shown::people) continue;
    const std::string k = json_key(t->name) + "[]";
    out.push_back(
        {k, "array", "", std::string(t->title) + (t->description.empty() ? "" : ": " + std::string(t->description))});
    for (const auto& u : t->context) out.push_back(row_of(k + "." + std::string(u.field->key), *u.field));
    for (const auto& u : t->fields)
      if (u.shown != Shown::people) out.push_back(row_of(k + "." + std::string(u.field->key), *u.field));
    if (t->layout == Layout::record && t->sourced)
      out.push_back({k + ".sources", "object", "", "the source of each figure, by its key"});
    else if (t->layout == Layout::record && t->sourced_under_house_rules)
      out.push_back(
          {k + ".sources", "object", "", "with house rules only: the house rule behind each figure, by its key"});
    else if (t->sourced_under_house_rules)
      out.push_back({k + ".source", "text or null", "",
                     "with house rules only: the house rule (FILE) behind the row's figures, if any"});
    if (doc.fractions && !probability_fields(*t).empty())
      out.push_back({k + ".fractions", "object", "",
                     "with --fractions only: each probability exact over its dice, as a reduced fraction "
                     "(text), by its key"});
  }
  return out;
}

std::vector<KeyRow> describe_csv_columns(const TableSpec& t) {
  std::vector<KeyRow> out;
  for (const auto& u : t.context) out.push_back(row_of(std::string(u.field->key), *u.field));
  if (t.layout == Layout::record) {
    out.push_back({"figure", "text", "", "the figure's key (as in JSON)"});
    out.push_back({"value", "text", "", "its value, raw"});
    out.push_back({"unit", "text", "", "its unit"});
    if (t.sourced)
      out.push_back({"source", "text", "", "where it came from: " + std::string(kSourceWords)});
    else if (t.sourced_under_house_rules)
      out.push_back({"source", "text", "", "with house rules only: the house rule (FILE) behind the figure, if any"});
    return out;
  }
  for (const auto& u : t.fields)
    if (u.shown != Shown::people) out.push_back(row_of(std::string(u.field->key), *u.field));
  if (t.sourced_under_house_rules)
    out.push_back(
        {"source", "text", "", "with house rules only: the house rule (FILE) behind the row's figures, if any"});
  return out;
}

}  // namespace gunpowder::report
