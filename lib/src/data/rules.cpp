// rules.cpp - house rules: rules files merged over the built-in tables of a data::Tables before any
// of its loaders reads them.
//
// A rules file names the built-in table it changes in `[house_rules] table = "NAME"` and otherwise
// has that table's layout (data/NAME.toml), giving only what it changes or adds. Tables merge key by
// key; an array of tables merges row by row, a row found by the array's natural key (the first of
// key, id, name, code, type, or race + troop_type, that names every built-in row once); a row with
// `remove = true` is removed; a row the table does not have is added; anything else (a figure, a
// list of figures, a band table without a natural key) is replaced whole. Keys are checked against
// the built-in table's shape (every key some built-in row of that place has) and values against
// the built-in type; the loaders then check the merged table as they check the built-in one.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#if defined(__GLIBC__)
#endif

#include "gunpowder/data/data.hpp"
#include "tables_state.hpp"

namespace gunpowder::data {

namespace {

/// Every key the built-in table has at one place: an array of tables is the union of its rows.
struct Shape {
  std::map<std::string, Shape, std::less<>> keys;
  bool numbers = false;          ///< the built-in table has numbers here
  bool all_positive = true;      ///< ... and every one of them is more than 0
  bool all_non_negative = true;  ///< ... or at least 0
};

void add_shape(Shape& s, const toml::node& n) {
  if (n.is_number()) {
    const double v = n.is_integer() ? static_cast<double>(n.as_integer()->get()) : n.as_floating_point()->get();
    s.numbers = true;
    s.all_positive = s.all_positive && v > 0;
    s.all_non_negative = s.all_non_negative && v >= 0;
  } else if (const auto* t = n.as_table()) {
    for (const auto& [k, v] : *t) add_shape(s.keys[std::string(k.str())], v);
  } else if (const auto* a = n.as_array()) {
    for (const auto& e : *a)
      if (e.is_table()) add_shape(s, e);
  }
}

// A key as TOML writes it: bare when it is only letters, digits, '_' and '-', else quoted.
std::string key_in_toml(std::string_view k) {
  const bool bare = !k.empty() && std::all_of(k.begin(), k.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
  });
  if (bare) return std::string(k);
  std::ostringstream os;
  os << toml::value<std::string>(std::string(k));
  return os.str();
}

// A value as a rules file would write it, inline: arrays and tables written here, value by value,
// and scalars by toml++. (toml++'s formatter cannot be given an array or table: it takes
// size_t(log10(|v|)) of each number in one, undefined for a float of 0.1 or less, inf or nan, and
// negates INT64_MIN.)
std::string toml_text(const toml::node& n) {
  std::string s;
  if (const auto* a = n.as_array()) {
    for (const auto& e : *a) s += (s.empty() ? "[ " : ", ") + toml_text(e);
    return s.empty() ? "[]" : s + " ]";
  }
  if (const auto* t = n.as_table()) {
    for (const auto& [k, v] : *t) s += (s.empty() ? "{ " : ", ") + key_in_toml(k.str()) + " = " + toml_text(v);
    return s.empty() ? "{}" : s + " }";
  }
  std::ostringstream os;
  n.visit([&](const auto& x) { os << x; });
  return os.str();
}

/// A row's key field as text, quickly (the natural keys are strings and integers).
std::string key_text(const toml::node& n) {
  if (const auto* str = n.as_string()) return str->get();
  if (const auto* i = n.as_integer()) return std::to_string(i->get());
  return toml_text(n);
}

bool is_table_array(const toml::node& n) {
  const auto* a = n.as_array();
  return a && !a->empty() && a->is_array_of_tables();
}

/// The natural key of the rows of `rows`: the first candidate every row holds as a string or an
/// integer, with no two rows alike. Empty when there is none (the array is replaced whole).
std::vector<std::string> natural_key(const toml::array& rows) {
  static const std::vector<std::vector<std::string>> candidates = {{"key"},  {"id"},   {"name"},
                                                                   {"code"}, {"type"}, {"race", "troop_type"}};
  for (const auto& fields : candidates) {
    std::set<std::string> seen;
    bool ok = true;
    for (const auto& row : rows) {
      std::string v;
      for (const auto& f : fields) {
        const toml::node* n = row.as_table() ? row.as_table()->get(f) : nullptr;
        if (!n || !(n->is_string() || n->is_integer())) ok = false;
        if (ok) v += key_text(*n) + "\x1f";
      }
      ok = ok && seen.insert(v).second;
      if (!ok) break;
    }
    if (ok) return fields;
  }
  return {};
}

struct Merger {
  input::Document& rules;
  std::string table;
  std::vector<RuleChange>& changes;
  Diagnostics& diags;
  const std::string* built_in_text = nullptr;  ///< the built-in table's TOML, for its comments

  [[nodiscard]] std::string suffix() const { return " (house rules for data/" + table + ".toml)"; }
  void error_at(const toml::source_region& r, const std::string& message) {
    const SourcePos p = rules.pos(r);
    diags.error(p, message + suffix(), rules.line(p));
  }
  void change(const std::string& path, const char* action, std::string built_in, std::string value) {
    changes.push_back(RuleChange{rules.name, table, path, action, std::move(built_in), std::move(value)});
  }
  /// The error for a key the built-in table does not have: a note of the book when the table
  /// gives it as a comment line `# KEY = ...` (a figure no rule reads, moved out of the keys), else
  /// an unknown key with the keys allowed there.
  [[nodiscard]] std::string unknown_key(std::string_view key, const std::string& path, const std::string& where,
                                        const Shape& shape) const {
    const std::string line = "\n# " + std::string(key) + " = ";
    if (built_in_text && built_in_text->find(line) != std::string::npos)
      return "'" + path + "' is not read by any rule (it is a note of the book, not a figure the tools use)";
    return "unknown key '" + std::string(key) + "' in " + where + " (allowed: " + allowed(shape) + ")";
  }
  static std::string allowed(const Shape& shape) {
    std::string list;
    for (const auto& [k, _] : shape.keys) list += (list.empty() ? "" : ", ") + k;
    return list;
  }

  /// A number of house rules keeps the sign of the book's figures at that place: a figure the book
  /// never gives as 0 or less (a price, a divisor) must stay above 0; none may be nan or infinite.
  /// `path` is called only for a message (a row's keys are many, their errors few).
  template <class Path>
  void check_number(const toml::node& v, const Shape& shape, const Path& path) {
    if (!v.is_number()) return;
    const double x = v.is_integer() ? static_cast<double>(v.as_integer()->get()) : v.as_floating_point()->get();
    if (!std::isfinite(x))
      error_at(v.source(), "'" + path() + "' must be a finite number");
    else if (shape.numbers && shape.all_positive && !(x > 0))
      error_at(v.source(), "'" + path() + "' must be more than 0, as every built-in value there is");
    else if (shape.numbers && shape.all_non_negative && !(x >= 0))
      error_at(v.source(), "'" + path() + "' must be 0 or more, as every built-in value there is");
  }
  void check_number(const toml::node& v, const Shape& shape, const std::string& path) {
    check_number(v, shape, [&] { return path; });
  }

  /// Reports every key of a new row that the built-in table has nowhere at that place.
  void check_keys(const toml::table& t, const Shape& shape, const std::string& where) {
    for (const auto& [k, v] : t) {
      if (k.str() == "remove") continue;  // reported by merge_rows
      const auto it = shape.keys.find(k.str());
      if (it == shape.keys.end()) {
        error_at(k.source(), unknown_key(k.str(), where + "." + std::string(k.str()), where, shape));
        continue;
      }
      const std::string_view name = k.str();
      auto here = [&] { return where + "." + std::string(name); };
      check_number(v, it->second, here);
      if (const auto* sub = v.as_table()) check_keys(*sub, it->second, here());
      if (const auto* arr = v.as_array())
        for (const auto& e : *arr)
          if (const auto* sub = e.as_table()) check_keys(*sub, it->second, here());
    }
  }

  void merge_table(toml::table& base, toml::table& over, const Shape& shape, const std::string& path);
  void merge_value(toml::table& base, const toml::key& k, toml::node& over, const Shape& shape,
                   const std::string& path);
  void merge_rows(toml::array& base, toml::array& over, const Shape& shape, const std::string& path);
};

std::string row_label(const toml::table& row, const std::vector<std::string>& fields) {
  std::string s;
  for (const auto& f : fields)
    if (const auto* n = row.get(f))
      s += (s.empty() ? "" : ", ") + f + " = " + (n->is_string() ? "\"" + key_text(*n) + "\"" : key_text(*n));
  return s;
}

void Merger::merge_table(toml::table& base, toml::table& over, const Shape& shape, const std::string& path) {
  for (auto& [k, v] : over) {
    const std::string key(k.str());
    std::string here = path;
    if (!here.empty()) here += ".";
    here += key;
    const auto it = shape.keys.find(key);
    if (it == shape.keys.end()) {
      error_at(k.source(), unknown_key(key, here, path.empty() ? "the table" : "[" + path + "]", shape));
      continue;
    }
    merge_value(base, k, v, it->second, here);
  }
}

void Merger::merge_value(toml::table& base, const toml::key& k, toml::node& over, const Shape& shape,
                         const std::string& path) {
  toml::node* old = base.get(k.str());
  if (old && old->is_table() && over.is_table()) {
    merge_table(*old->as_table(), *over.as_table(), shape, path);
    return;
  }
  if (old && is_table_array(*old) && !natural_key(*old->as_array()).empty()) {  // computed again in merge_rows: small
    if (!over.is_array() || !over.as_array()->is_array_of_tables()) {
      error_at(over.source(),
               "'" + path + "' must be an array of tables ([[" + path + "]]), got " + input::type_name(over));
      return;
    }
    merge_rows(*old->as_array(), *over.as_array(), shape, path);
    return;
  }
  if (old) {
    // A number may be written as an integer or a float: the loader says which it takes.
    const bool same = old->type() == over.type() || (old->is_number() && over.is_number());
    if (!same) {
      const std::string type = input::type_name(*old);
      error_at(over.source(), "'" + path + "' must be " + (type == "integer" || type == "array" ? "an " : "a ") + type +
                                  " like the built-in value, got " + input::type_name(over));
      return;
    }
    check_number(over, shape, path);
  } else if (const auto* t = over.as_table()) {
    check_keys(*t, shape, path);
  } else {
    check_number(over, shape, path);
  }
  const bool scalar = over.is_value();
  std::string before = old ? (scalar || old->is_array() ? toml_text(*old) : "") : "";
  std::string after = scalar || over.is_array() ? toml_text(over) : "";
  if (!old || before != after)  // a key field or a figure written as it was is no change
    change(path, !old ? "added" : (is_table_array(*old) ? "replaced" : "changed"), std::move(before), std::move(after));
  over.visit([&](auto& x) { base.insert_or_assign(k, std::move(x)); });
}

void Merger::merge_rows(toml::array& base, toml::array& over, const Shape& shape, const std::string& path) {
  const auto fields = natural_key(base);
  std::unordered_map<std::string, size_t> index;
  auto key_of = [&](const toml::table& row) {
    std::string v;
    for (const auto& f : fields)
      if (const auto* n = row.get(f)) v += key_text(*n) + "\x1f";
    return v;
  };
  for (size_t i = 0; i < base.size(); ++i) index.emplace(key_of(*base[i].as_table()), i);
  std::vector<size_t> removed;
  std::unordered_set<std::string> given;  // the rows of this file so far, by key
  for (auto& node : over) {
    auto& row = *node.as_table();
    bool named = true;
    for (const auto& f : fields) named = named && row.contains(f);
    std::string label = path + "[" + row_label(row, fields) + "]";
    if (!named) {
      std::string msg = "a [[" + path + "]] row of house rules needs its ";
      for (size_t i = 0; i < fields.size(); ++i) {
        msg += i == 0 ? "'" : " and '";
        msg += fields[i];
        msg += "'";
      }
      msg += ", which name the row it changes, adds or removes";
      error_at(row.source(), msg);
      continue;
    }
    std::string key = key_of(row);
    // One row of a file for each row it changes: a second would override the first unseen (and
    // the table of changes would report both against the book).
    if (!given.insert(key).second) {
      error_at(row.source(), "the row " + label + " is given twice in this file: give each row once");
      continue;
    }
    const auto found = index.find(key);
    if (const toml::node* rm = row.get("remove")) {
      if (!rm->is_boolean() || !rm->value_or(false)) {
        error_at(rm->source(), "'remove' must be true (it removes the row " + label + ")");
      } else if (found == index.end()) {
        error_at(row.source(), "no row " + label + " in data/" + table + ".toml to remove");
      } else if (row.size() != fields.size() + 1) {
        error_at(row.source(), "a removed row gives only its key and remove = true: " + label);
      } else {
        removed.push_back(found->second);
        change(label, "removed", "", "");
      }
      continue;
    }
    if (found != index.end()) {
      merge_table(*base[found->second].as_table(), row, shape, label);
      continue;
    }
    check_keys(row, shape, "[[" + path + "]]");
    change(label, "added", "", "");
    index.emplace(std::move(key), base.size());
    base.push_back(std::move(row));
  }
  std::sort(removed.begin(), removed.end());
  removed.erase(std::unique(removed.begin(), removed.end()), removed.end());
  for (auto it = removed.rbegin(); it != removed.rend(); ++it)
    base.erase(base.begin() + static_cast<std::ptrdiff_t>(*it));
}

const std::string* path_id(const input::Document& doc) {
  if (doc.root.source().path) return doc.root.source().path.get();
  for (const auto& [k, v] : doc.root)
    if (k.source().path) return k.source().path.get();
  return nullptr;
}

/// Every toml++ source path of a rules document: one per parse of the file (parse_rules gives the
/// rows of a large file from two), each the address that places a merged node in that file.
std::vector<const std::string*> path_ids(const input::Document& doc) {
  std::vector<const std::string*> ids;
  auto add = [&](const std::string* id) {
    if (id && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  };
  add(path_id(doc));
  for (const auto& [k, v] : doc.root)
    if (const auto* rows = v.as_array())
      for (const auto& row : *rows) add(row.source().path.get());
  return ids;
}

// ---------------------------------------------------------------------------------------------
// A large rules file parsed in two pieces at once (issue 15: a 1 MB file must load in under 50 ms,
// and toml++ took half of that on one thread).

/// Below this size a rules file is parsed whole: a thread costs more than it saves.
constexpr size_t kSplitMinBytes = size_t{256} * 1024;

/// The line of `text` that begins at `from`, without its line break.
std::string_view line_from(const std::string& text, size_t from) {
  size_t to = text.find('\n', from);
  if (to == std::string::npos) to = text.size();
  if (to > from && text[to - 1] == '\r') --to;
  return std::string_view(text).substr(from, to - from);
}

/// The key of a line that reads exactly "[[key]]" with a bare key; empty for any other line.
std::string_view row_header_key(std::string_view line) {
  if (line.size() < 5 || line.substr(0, 2) != "[[" || line.substr(line.size() - 2) != "]]") return {};
  const std::string_view key = line.substr(2, line.size() - 4);
  for (const char c : key)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return {};
  return key;
}

/// Reads [house_rules] of a parsed rules file; removes it from the document.
std::optional<RulesFile> read_header(input::Document& doc, Diagnostics& d) {
  const auto names = table_names();
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  const auto* header = doc.root.get_as<toml::table>("house_rules");
  if (!header) {
    d.error(
        SourcePos{doc.name, 1, 1},
        "a house-rules file begins with [house_rules] table = \"NAME\", the built-in table it changes (" + list + ")",
        doc.line(1));
    return std::nullopt;
  }
  input::TableReader r(doc, *header, d, "[house_rules]");
  RulesFile f;
  f.name = doc.name;
  f.pos = r.pos_of("table");
  f.table = r.string("table", input::Need::required, names).value_or("");
  f.description = r.string("description", input::Need::optional).value_or("");
  r.finish();
  doc.root.erase("house_rules");
  if (f.table.empty()) return std::nullopt;
  return f;
}

/// The built-in table `table` with every rules file for it merged in, in order.
Expected<input::Document> build_merged(const std::string& table, const std::vector<input::Document*>& docs,
                                       std::vector<RuleChange>& changes) {
  auto base = load_built_in(table + ".toml");
  if (!base) return base.error();
  Diagnostics d;
  for (auto* doc : docs) merge_rules(*base, *doc, table, changes, d);
  if (!d.empty()) return d;
  return base;
}

/// A cross-check of the merged tables names the value it refuses ("an unknown race kender"): when a
/// rules file writes that value as a string, the error is placed there, the last word first.
void place_on_value(Diagnostic& item, const HouseRules& s) {
  std::vector<std::string> words;
  std::string w;
  for (const char c : item.message + " ") {
    if (c == ' ' || c == '(' || c == ')' || c == ',') {
      if (!w.empty()) words.push_back(w);
      w.clear();
    } else {
      w += c;
    }
  }
  for (auto it = words.rbegin(); it != words.rend(); ++it) {
    const std::string quoted = "\"" + *it + "\"";
    for (const auto& doc : s.docs) {
      const size_t at = doc.text ? doc.text->find(quoted) : std::string::npos;
      if (at == std::string::npos) continue;
      const auto& starts = *doc.line_starts;
      const auto line = std::upper_bound(starts.begin(), starts.end(), at) - starts.begin();
      item.pos =
          SourcePos{doc.name, static_cast<int>(line), static_cast<int>(at - starts[static_cast<size_t>(line - 1)]) + 1};
      item.source_line = doc.line(item.pos.line);
      return;
    }
  }
}

/// The errors of the rules files in the order of the files, then of their lines and columns (a
/// TOML table iterates its keys in sorted order, not in the file's).
Diagnostics in_file_order(const Diagnostics& d, const std::vector<std::string>& paths) {
  std::vector<Diagnostic> items = d.items();
  auto rank = [&](const Diagnostic& x) {
    for (size_t i = 0; i < paths.size(); ++i)
      if (paths[i] == x.pos.file) return i;
    return paths.size();
  };
  std::stable_sort(items.begin(), items.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    const size_t ra = rank(a), rb = rank(b);
    if (ra != rb) return ra < rb;
    return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.column < b.pos.column;
  });
  Diagnostics out;
  for (auto& item : items) out.add(std::move(item));
  return out;
}

}  // namespace

void merge_rules(input::Document& base, input::Document& rules, const std::string& table,
                 std::vector<RuleChange>& changes, Diagnostics& diags) {
  Shape shape;
  add_shape(shape, base.root);
  const auto ids = path_ids(rules);  // before the merge moves the rows out
  Merger m{rules, table, changes, diags, base.text.get()};
  m.merge_table(base.root, rules.root, shape, "");
  for (const auto* id : ids)
    base.merged.push_back(input::Document::Merged{rules.name, id, rules.text, rules.line_starts});
}

/// The key of the first line of `text` that begins at `from` or after and reads "[[key]]" with a
/// bare key; empty when there is none.
std::string row_header_after(const std::string& text, size_t from) {
  size_t at = from;
  if (at > 0 && text[at - 1] != '\n') {  // the line that begins after `from`
    at = text.find('\n', at);
    if (at == std::string::npos) return {};
    ++at;
  }
  while (at < text.size()) {
    if (const auto key = row_header_key(line_from(text, at)); !key.empty()) return std::string(key);
    at = text.find('\n', at);
    if (at == std::string::npos) break;
    ++at;
  }
  return {};
}

/// Parses `text` as a rules file: in two pieces on two threads when it is large and can be cut at
/// a line "[[key]]" past its middle (input::for_each_piece with Cut::head: the first piece holds
/// [house_rules] and whatever comes before the cut, the second nothing but [[key]] rows, each
/// parsed with the lines of the whole file), the second piece's rows then appended to the first
/// piece's [[key]] rows. for_each_piece parses the file whole whenever the cut could change the
/// result, so the document and the errors are always those of an ordinary parse.
Expected<input::Document> parse_rules(std::string text, std::string name) {
  if (text.size() < kSplitMinBytes) return input::parse(std::move(text), std::move(name));
  const std::string key = row_header_after(text, text.size() / 2);
  if (key.empty()) return input::parse(std::move(text), std::move(name));
  auto shared = std::make_shared<const std::string>(std::move(text));
  std::vector<std::optional<input::Document>> parsed(2);  // two: the second piece is shorter than half the file
  input::Cut how;
  how.key = key;
  how.piece_bytes = shared->size() / 2;
  how.min_bytes = 0;
  how.head = true;
  how.input_lines = true;
  auto read = input::for_each_piece(
      input::Source::text(shared, name), how,
      {[&](size_t i, unsigned, input::Document& piece) { parsed.at(i) = std::move(piece); }, {}, {}});
  if (!read) return read.error();
  if (!read->invalid.empty()) return read->invalid;
  input::Document doc = std::move(*parsed[0]);  // the whole file's text and lines (a Source::text's pieces share them)
  if (read->whole) return doc;
  auto* rows = doc.root.get_as<toml::array>(key);
  for (auto& row : *parsed[1]->root.get_as<toml::array>(key)) rows->push_back(std::move(*row.as_table()));
  input::Document shells;  // the second piece's rows, emptied: never freed, like the rest
  shells.root = std::move(parsed[1]->root);
  retire(std::move(shells));
  return doc;
}

Expected<HouseRules> read_house_rules(const std::vector<std::string>& paths) {
  Diagnostics d;
  std::vector<RulesFile> files;
  std::vector<input::Document> docs;
  for (const auto& path : paths) {
    auto text = input::read_input(path);
    if (!text) {
      d.append(text.error());
      continue;
    }
    auto doc = parse_rules(std::move(*text), path == "-" ? "<stdin>" : path);
    if (!doc) {
      d.append(doc.error());
      continue;
    }
    auto header = read_header(*doc, d);
    if (!header) continue;
    files.push_back(*header);
    docs.push_back(std::move(*doc));
  }
  if (!d.empty()) return d;
  std::vector<RuleChange> changes;
  std::map<std::string, input::Document, std::less<>> merged;
  for (const auto& name : table_names()) {
    std::vector<input::Document*> mine;
    for (size_t i = 0; i < files.size(); ++i)
      if (files[i].table == name) mine.push_back(&docs[i]);
    if (mine.empty()) continue;
    auto doc = build_merged(name, mine, changes);
    if (!doc) {
      d.append(doc.error());
      continue;
    }
    merged.emplace(name, std::move(*doc));
  }
  if (!d.empty()) return in_file_order(d, paths);
  return HouseRules{std::move(files), std::move(changes), std::move(docs), std::move(merged)};
}

Expected<input::Document> load(const Tables& tables, std::string_view name) {
  Tables::State& state = tables.state();
  const HouseRules& s = state.rules;
  if (s.files.empty()) return load_built_in(name);
  std::string table(name);
  if (table.size() > 5 && table.substr(table.size() - 5) == ".toml") table.resize(table.size() - 5);
  {
    const std::lock_guard<std::mutex> lock(state.rules_mutex);
    if (auto it = state.rules.merged.find(table); it != state.rules.merged.end()) {
      input::Document doc = std::move(it->second);  // each table is loaded once (its loader keeps what it built)
      state.rules.merged.erase(it);
      return doc;
    }
  }
  bool patched = false;
  for (const auto& f : s.files) patched = patched || f.table == table;
  if (!patched) return load_built_in(name);
  // Loaded a second time: merge again from the files' text (the first merge moved their nodes).
  std::vector<input::Document> again;
  std::vector<input::Document*> mine;
  for (size_t i = 0; i < s.files.size(); ++i) {
    if (s.files[i].table != table) continue;
    auto doc = input::parse(*s.docs[i].text, s.docs[i].name);
    if (!doc) return doc.error();
    doc->root.erase("house_rules");
    again.push_back(std::move(*doc));
  }
  mine.reserve(again.size());
  for (auto& doc : again) mine.push_back(&doc);
  std::vector<RuleChange> ignored;
  return build_merged(table, mine, ignored);
}

Diagnostics as_internal(const Tables& tables, const Diagnostics& d) {
  const HouseRules& s = tables.state().rules;
  Diagnostics out;
  for (auto item : d.items()) {
    if (s.files.empty()) {
      item.code = ExitCode::internal;
      out.add(item);
      continue;
    }
    item.code = ExitCode::data_error;
    const RulesFile* in_file = nullptr;
    for (const auto& f : s.files)
      if (f.name == item.pos.file) in_file = &f;
    if (in_file) {
      item.message += " (house rules for data/" + in_file->table + ".toml)";
      out.add(item);
      continue;
    }
    // An error of a built-in table that the house rules made: placed at the rules file that changes
    // that table (or the last one given, when the error is in a table the rules leave alone).
    const RulesFile* by = &s.files.back();
    for (const auto& f : s.files)
      if (item.pos.file == "data/" + f.table + ".toml") by = &f;
    const std::string where = item.pos.file.empty() ? std::string("the built-in tables") : item.pos.file;
    item.message += " (in " + where + " with the house rules of " + by->name + ")";
    item.pos = by->pos;
    item.source_line = {};
    for (const auto& doc : s.docs)
      if (doc.name == by->name) item.source_line = doc.line(by->pos.line);
    place_on_value(item, s);
    out.add(item);
  }
  return out;
}

}  // namespace gunpowder::data
