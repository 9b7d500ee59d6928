// document.cpp - a Document's tree in its own storage (gunpowder/input/document.hpp), its lines and
// positions (a node placed in its file, a merged rules file's nodes in theirs), and the small
// questions about a table that a file without toml++ asks.
#include <new>

#include "gunpowder/input/reader.hpp"

namespace gunpowder::input {

static_assert(sizeof(toml::table) <= kTableBytes && alignof(toml::table) <= kTableAlign,
              "input::Document's storage is too small for this toml++'s table: raise kTableBytes or kTableAlign");
static_assert(std::is_nothrow_move_constructible_v<toml::table> && std::is_nothrow_move_assignable_v<toml::table>,
              "input::Document's moves are noexcept");

Document::Document() : root(*new (root_storage_) toml::table()) {}

Document::~Document() { root.~table(); }

Document::Document(const Document& other)
    : name(other.name),
      text(other.text),
      line_starts(other.line_starts),
      line_offset(other.line_offset),
      text_line(other.text_line),
      root(*new (root_storage_) toml::table(other.root)),
      merged(other.merged) {}

Document::Document(Document&& other) noexcept
    : name(std::move(other.name)),
      text(std::move(other.text)),
      line_starts(std::move(other.line_starts)),
      line_offset(other.line_offset),
      text_line(other.text_line),
      root(*new (root_storage_) toml::table(std::move(other.root))),
      merged(std::move(other.merged)) {}

Document& Document::operator=(const Document& other) {
  if (this == &other) return *this;
  name = other.name;
  text = other.text;
  line_starts = other.line_starts;
  line_offset = other.line_offset;
  text_line = other.text_line;
  root = other.root;
  merged = other.merged;
  return *this;
}

Document& Document::operator=(Document&& other) noexcept {
  name = std::move(other.name);
  text = std::move(other.text);
  line_starts = std::move(other.line_starts);
  line_offset = other.line_offset;
  text_line = other.text_line;
  root = std::move(other.root);
  merged = std::move(other.merged);
  return *this;
}

SourcePos Document::pos(const toml::table& t) const { return pos(t.source()); }

SourcePos Document::pos(const toml::array& a) const { return pos(a.source()); }

bool TableReader::has(std::string_view key) const { return table_.contains(key); }

bool has_key(const toml::table& table, std::string_view key) { return table.contains(key); }

std::vector<std::pair<std::string_view, const toml::node*>> entries(const toml::table& table) {
  std::vector<std::pair<std::string_view, const toml::node*>> out;
  out.reserve(table.size());
  for (const auto& [key, node] : table) out.emplace_back(key.str(), &node);
  return out;
}

std::string Document::line(int n) const {
  n -= text_line - 1;  // the line of `text`
  if (!text || !line_starts || n < 1 || n > static_cast<int>(line_starts->size())) return {};
  const size_t from = (*line_starts)[static_cast<size_t>(n - 1)];
  size_t to = text->find('\n', from);
  if (to == std::string::npos) to = text->size();
  if (to > from && (*text)[to - 1] == '\r') --to;
  return text->substr(from, to - from);
}

std::string Document::line(const SourcePos& p) const {
  if (p.file == name || merged.empty()) return line(p.line);
  for (const auto& m : merged) {
    if (m.name != p.file) continue;
    if (!m.text || !m.line_starts || p.line < 1 || p.line > static_cast<int>(m.line_starts->size())) return {};
    const size_t from = (*m.line_starts)[static_cast<size_t>(p.line - 1)];
    size_t to = m.text->find('\n', from);
    if (to == std::string::npos) to = m.text->size();
    if (to > from && (*m.text)[to - 1] == '\r') --to;
    return m.text->substr(from, to - from);
  }
  return {};
}

SourcePos Document::pos(const toml::source_region& r) const {
  const auto& b = r.begin;
  for (const auto& m : merged)  // empty unless house rules were merged in
    if (r.path && r.path.get() == m.path_id)
      return SourcePos{m.name, static_cast<int>(b.line), static_cast<int>(b.column)};
  return SourcePos{name, static_cast<int>(b.line) + (b.line > 0 ? line_offset : 0), static_cast<int>(b.column)};
}

SourcePos Document::pos(const toml::node& n) const { return pos(n.source()); }

}  // namespace gunpowder::input
