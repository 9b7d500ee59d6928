// reader.cpp - strict reading of one TOML table (TableReader): every key asked for by type and
// range, unknown keys refused with the allowed ones listed, notes of the book refused from house
// rules; arrays of tables and top-level keys checked.
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::input {

namespace {
std::string describe(const toml::node& n) {
  if (auto v = n.as_string()) return "\"" + v->get() + "\"";
  if (auto v = n.as_integer()) return std::to_string(v->get());
  if (auto v = n.as_floating_point()) return fmtnum::shortest(v->get(), 17);
  if (auto v = n.as_boolean()) return v->get() ? "true" : "false";
  return type_name(n);
}

/// A number as its file writes it (issue 24, item 5: `9223372036854775807`, `1e300`, `0.10000001`,
/// not the double they became): the literal under the node's place when it stands on one line and
/// reads as a TOML number; else as toml++ read it, exactly (an integer's digits, a float's
/// shortest round-trip form).
std::string as_given(const Document& doc, const toml::node& n) {
  const auto& src = n.source();
  if (src.begin.line == src.end.line && src.end.column > src.begin.column) {
    const std::string line = doc.line(doc.pos(n));
    const size_t from = static_cast<size_t>(src.begin.column) - 1;
    const size_t len = static_cast<size_t>(src.end.column - src.begin.column);
    if (from + len <= line.size()) {
      const std::string lit = line.substr(from, len);
      if (!lit.empty() && lit.find_first_not_of("0123456789+-._eEinfatxob") == std::string::npos) return lit;
    }
  }
  return describe(n);
}
}  // namespace

std::string type_name(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::table:
      return "table";
    case toml::node_type::array:
      return "array";
    case toml::node_type::string:
      return "string";
    case toml::node_type::integer:
      return "integer";
    case toml::node_type::floating_point:
      return "float";
    case toml::node_type::boolean:
      return "boolean";
    case toml::node_type::date:
      return "date";
    case toml::node_type::time:
      return "time";
    case toml::node_type::date_time:
      return "date-time";
    default:
      return "nothing";
  }
}

TableReader::TableReader(const Document& doc, const toml::table& table, Diagnostics& diags, std::string what)
    : doc_(doc), table_(table), diags_(diags), what_(std::move(what)) {}

SourcePos TableReader::pos_of(std::string_view key) const {
  if (const auto* n = table_.get(key)) return doc_.pos(*n);
  return doc_.pos(table_);
}

void TableReader::error_at(std::string_view key, std::string message) {
  const SourcePos p = pos_of(key);
  diags_.error(p, std::move(message), doc_.line(p));
}

void TableReader::pair_error(std::string_view first, std::string_view second, std::string message) {
  auto given_by_rules = [&](std::string_view key) {
    const auto it = table_.find(key);
    return it != table_.end() && doc_.pos(it->second).file != doc_.name;
  };
  error_at(given_by_rules(first) && !given_by_rules(second) ? first : second, std::move(message));
}

void TableReader::error(std::string message) {
  const SourcePos p = doc_.pos(table_);
  diags_.error(p, std::move(message), doc_.line(p));
}

void TableReader::remember(std::string_view key) { get(key, Need::optional, ""); }

namespace {
/// The first node of the tree `n` that a rules file gave (placed in a file other than `doc`'s own).
const toml::node* from_rules(const Document& doc, const toml::node& n) {
  if (doc.pos(n).file != doc.name) return &n;
  if (const auto* t = n.as_table())
    for (const auto& [k, v] : *t)
      if (const auto* f = from_rules(doc, v)) return f;
  if (const auto* a = n.as_array())
    for (const auto& v : *a)
      if (const auto* f = from_rules(doc, v)) return f;
  return nullptr;
}
}  // namespace

void TableReader::note(std::string_view key) {
  const toml::node* n = get(key, Need::optional, "");
  // Without house rules, or in a row that a rules file adds (its notes are its own), nothing to refuse.
  if (!n || doc_.merged.empty() || doc_.pos(table_).file != doc_.name) return;
  if (const toml::node* f = from_rules(doc_, *n)) {
    const SourcePos p = doc_.pos(*f);
    diags_.error(p,
                 "'" + std::string(key) + "' in " + what_ +
                     " is not read by any rule (it is a note of the book, not a figure the tools use)",
                 doc_.line(p));
  }
}

bool TableReader::is_known(std::string_view key) const {
  for (auto k : known_)
    if (k == key) return true;
  for (const auto& k : owned_)
    if (k == key) return true;
  return false;
}

const toml::node* TableReader::get(std::string_view key, Need need, const char* expected) {
  // One lookup both remembers the key and finds its value (a large table of house rules reads
  // thousands of rows through here). A key present in the table is remembered as a view of the
  // table's own key (stable while the table lives); an absent key is copied, since the caller's
  // string may be a temporary.
  const auto it = table_.find(key);
  const toml::node* n = it != table_.end() ? &it->second : nullptr;
  if (!is_known(key)) {
    if (n)
      known_.push_back(it->first.str());
    else
      owned_.emplace_back(key);
  }
  if (!n && need == Need::required)
    error("missing required key '" + std::string(key) + "' (" + expected + ") in " + what_);
  return n;
}

void TableReader::type_error(std::string_view key, const toml::node& n, const char* expected) {
  // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on the chained +.
  std::string msg = "'";
  msg.append(key)
      .append("' must be ")
      .append(expected)
      .append(", got ")
      .append(type_name(n));
  // A value is shown after its type; a table or an array has only its type to show.
  if (const std::string shown = describe(n); shown != type_name(n)) msg.append(" ").append(shown);
  error_at(key, std::move(msg));
}

namespace {
/// A bound of a key's range: a whole number's digits, any other number exactly.
std::string bound_text(double x) {
  return std::abs(x) < 1e15 && x == std::floor(x) ? fmtnum::trim(x, 0) : fmtnum::shortest(x, 17);
}
}  // namespace

Range named_range(std::string_view key) {
  struct Named {
    std::string_view part;
    Range range;
  };
  // The name's part, whole or at an end of the key or between underscores: "chance_pct",
  // "halve_if_attacker_flyers_pct_min", "cart_divisor_lb", "multiplier", "material_factor".
  static constexpr std::array kNamed = {
      Named{"pct", {0, 100, false, "a percentage"}},
      Named{"divisor", {0.1, 1e6, false, "a divisor"}},
      Named{"multiplier", {0, 1000, false, "a multiplier"}},
      Named{"factor", {0, 1000, false, "a factor"}},
      Named{"fraction", {0, 1, false, "a fraction of a whole"}},
  };
  // A count of dice ("damage_dice", "trigger_dice", "dice"): at most the 1,000 dice of a dice
  // string; the name at the end of the key only ("dice_delta" is a change, not a count).
  static constexpr std::string_view kDice = "dice";
  if (key == kDice || (key.size() > kDice.size() && key.substr(key.size() - kDice.size() - 1) == "_dice"))
    return {0, TableReader::kMaxDice, false, "a number of dice"};
  // A die's faces ("die_sides", "scatter_die_sides"): 2 to 100, the percentile die (a sum of 1,000
  // dice of 100 faces takes seconds; of 10,000 faces, hours).
  static constexpr std::string_view kSides = "die_sides";
  if (key == kSides || (key.size() > kSides.size() && key.substr(key.size() - kSides.size() - 1) == "_die_sides"))
    return {2, kMaxDieFaces, false, "the faces of a die"};
  for (const auto& n : kNamed) {
    for (size_t at = key.find(n.part); at != std::string_view::npos; at = key.find(n.part, at + 1)) {
      const size_t end = at + n.part.size();
      if ((at == 0 || key[at - 1] == '_') && (end == key.size() || key[end] == '_')) return n.range;
    }
  }
  return {};
}

bool TableReader::check_range(std::string_view key, const toml::node& n, double v, const Range& given) {
  const Range r = given.unbounded() ? named_range(key) : given;
  const std::string k(key);
  // " (a percentage)" after the bounds of a named kind.
  const std::string kind = r.kind.empty() ? "" : " (" + std::string(r.kind) + ")";
  if (!std::isfinite(v)) {
    error_at(key, "'" + k + "' must be a finite number, got " + as_given(doc_, n));
    return false;
  }
  if (r.exclusive_min && v <= r.min) {
    error_at(key, "'" + k + "' must be " +
                      (r.min == 0 ? std::string("positive") : "greater than " + bound_text(r.min)) + kind +
                      ", got " + as_given(doc_, n));
    return false;
  }
  if (!r.exclusive_min && v < r.min) {
    error_at(key, "'" + k + "' must be at least " + bound_text(r.min) + kind + ", got " + as_given(doc_, n));
    return false;
  }
  if (v > r.max) {
    error_at(key, "'" + k + "' must be at most " + bound_text(r.max) + kind + ", got " + as_given(doc_, n));
    return false;
  }
  return true;
}

std::optional<double> TableReader::number(std::string_view key, Need need, Range range) {
  const toml::node* n = get(key, need, "a number");
  if (!n) return std::nullopt;
  double v = 0;
  if (auto i = n->as_integer())
    v = static_cast<double>(i->get());
  else if (auto f = n->as_floating_point())
    v = f->get();
  else {
    type_error(key, *n, "a number");
    return std::nullopt;
  }
  if (!check_range(key, *n, v, range)) return std::nullopt;
  return v;
}

std::optional<std::int64_t> TableReader::integer(std::string_view key, Need need, Range range) {
  const toml::node* n = get(key, need, "an integer");
  if (!n) return std::nullopt;
  auto i = n->as_integer();
  if (!i) {
    type_error(key, *n, "an integer");
    return std::nullopt;
  }
  // A whole number with no range of its own nor of its name: kMaxWholeNumber either way.
  const Range whole{-kMaxWholeNumber, kMaxWholeNumber, false, "a whole number of a table"};
  const Range r = range.unbounded() && named_range(key).unbounded() ? whole : range;
  if (!check_range(key, *n, static_cast<double>(i->get()), r)) return std::nullopt;
  return i->get();
}

bool TableReader::text_fits(std::string_view key, const std::string& s) {
  if (s.size() <= kMaxTextBytes) return true;
  // (A name is printed on every row of some outputs: a war-machine force's 10 MB name made 580 MB.)
  error_at(key, "'" + std::string(key) + "' must be at most " + fmtnum::grouped(static_cast<long long>(kMaxTextBytes)) +
                    " bytes long, got " + fmtnum::grouped(static_cast<long long>(s.size())));
  return false;
}

std::optional<std::string> TableReader::string(std::string_view key, Need need,
                                               const std::vector<std::string>& allowed) {
  const toml::node* n = get(key, need, "a string");
  if (!n) return std::nullopt;
  auto s = n->as_string();
  if (!s) {
    type_error(key, *n, "a string");
    return std::nullopt;
  }
  if (!text_fits(key, s->get())) return std::nullopt;
  if (!allowed.empty()) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == s->get();
    if (!ok) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      error_at(key, "unknown " + std::string(key) + " \"" + s->get() + "\" (allowed: " + list + ")");
      return std::nullopt;
    }
  }
  return s->get();
}

std::optional<std::string> TableReader::string(std::string_view key, Need need,
                                               std::initializer_list<std::string_view> allowed) {
  const toml::node* n = get(key, need, "a string");
  if (!n) return std::nullopt;
  auto s = n->as_string();
  if (!s) {
    type_error(key, *n, "a string");
    return std::nullopt;
  }
  if (!text_fits(key, s->get())) return std::nullopt;
  if (allowed.size() == 0) return s->get();
  for (auto a : allowed)
    if (a == s->get()) return s->get();
  std::string list;
  for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  error_at(key, "unknown " + std::string(key) + " \"" + s->get() + "\" (allowed: " + list + ")");
  return std::nullopt;
}

std::optional<std::string> TableReader::value(std::string_view key, Need need, const std::vector<std::string>& allowed,
                                              const std::vector<std::string>& labels, Speller spell) {
  if (spell == nullptr) spell = suite_spelling;
  const auto typed = string(key, need);
  if (!typed) return std::nullopt;
  const std::string t = spell(*typed);
  for (size_t i = 0; i < allowed.size(); ++i)
    if (spell(allowed[i]) == t || (i < labels.size() && spell(labels[i]) == t)) return allowed[i];
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  error_at(key, "unknown " + std::string(key) + " \"" + *typed + "\" (allowed: " + list + ")");
  return std::nullopt;
}

std::optional<std::string> TableReader::dice(std::string_view key, Need need) {
  auto text = string(key, need);
  if (!text) return std::nullopt;
  dice::Notation n;
  // A whole number parses with no sides: only its size is then checked.
  const bool ok = dice::parse_notation(*text, n) && n.bonus >= 0 && n.bonus <= kMaxDiceSides &&
                  (n.sides == 0 || (n.count >= 1 && n.count <= kMaxDice && n.sides >= 2 && n.sides <= kMaxDiceSides));
  if (!ok) {
    error_at(key, "'" + std::string(key) + "' must be dice such as \"2d6\" or \"1d8+2\" (1 to " +
                      fmtnum::grouped(kMaxDice) + " dice of 2 to " + fmtnum::grouped(kMaxDiceSides) +
                      " sides, plus 0 to " + fmtnum::grouped(kMaxDiceSides) + ") or a whole number up to " +
                      fmtnum::grouped(kMaxDiceSides) + ", got \"" + *text + "\"");
    return std::nullopt;
  }
  return text;
}

std::optional<bool> TableReader::boolean(std::string_view key, Need need) {
  const toml::node* n = get(key, need, "true or false");
  if (!n) return std::nullopt;
  auto b = n->as_boolean();
  if (!b) {
    type_error(key, *n, "true or false");
    return std::nullopt;
  }
  return b->get();
}

const toml::table* TableReader::table(std::string_view key, Need need) {
  const toml::node* n = get(key, need, "a table");
  if (!n) return nullptr;
  if (!n->is_table()) {
    type_error(key, *n, "a table");
    return nullptr;
  }
  return n->as_table();
}

const toml::array* TableReader::array(std::string_view key, Need need) {
  const toml::node* n = get(key, need, "an array");
  if (!n) return nullptr;
  if (!n->is_array()) {
    type_error(key, *n, "an array");
    return nullptr;
  }
  return n->as_array();
}

void TableReader::finish() {
  std::string list;  // built only when a key is unknown
  auto allowed = [&] {
    if (!list.empty()) return list;
    std::vector<std::string> all(owned_.begin(), owned_.end());
    for (auto k : known_) all.emplace_back(k);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    for (const auto& k : all) list += (list.empty() ? "" : ", ") + k;
    return list;
  };
  // known_ holds each key of the table that was asked for, once: when they are all there, no key
  // is unknown (and a row of many keys is not searched key by key).
  if (known_.size() == table_.size()) return;
  for (const auto& [k, v] : table_) {
    if (!is_known(k.str())) {
      const SourcePos p = doc_.pos(v);
      // toml++ places a key's node at its value; point at the key instead when we can.
      SourcePos kp = p;
      if (k.source().begin.line > 0) kp = doc_.pos(k.source());
      diags_.error(kp, "unknown key '" + std::string(k.str()) + "' in " + what_ + " (allowed: " + allowed() + ")",
                   doc_.line(kp));
    }
  }
}

std::vector<const toml::table*> tables_in(const Document& doc, const toml::node& node, std::string_view key,
                                          Diagnostics& diags) {
  std::vector<const toml::table*> out;
  const std::string k(key);
  const toml::array* arr = node.as_array();
  if (!arr) {
    const SourcePos p = doc.pos(node);
    diags.error(p, "'" + k + "' must be an array of tables ([[" + k + "]]), got " + type_name(node), doc.line(p));
    return out;
  }
  for (const auto& item : *arr) {
    if (const toml::table* t = item.as_table()) {
      out.push_back(t);
      continue;
    }
    const SourcePos p = doc.pos(item);
    diags.error(p, "each [[" + k + "]] must be a table, got " + type_name(item), doc.line(p));
  }
  return out;
}

std::vector<const toml::table*> tables_of(const Document& doc, std::string_view key, Diagnostics& diags) {
  const toml::node* node = doc.root.get(key);
  if (!node) {
    diags.error(SourcePos{doc.name, 1, 1}, "no [[" + std::string(key) + "]] table in the file", doc.line(1));
    return {};
  }
  return tables_in(doc, *node, key, diags);
}

void check_top_level(const Document& doc, const std::vector<std::string>& allowed, Diagnostics& diags) {
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  for (const auto& [k, v] : doc.root) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == k.str();
    if (!ok) {
      SourcePos p = doc.pos(k.source());
      if (k.source().begin.line == 0) p = doc.pos(v);
      diags.error(p, "unknown top-level key '" + std::string(k.str()) + "' (allowed: " + list + ")", doc.line(p));
    }
  }
}

}  // namespace gunpowder::input
