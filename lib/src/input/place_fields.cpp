// place_fields.cpp - a rule's field errors ("besieger.artillery[2].range_yd") placed at the key of
// the TOML file they name: file:line:col and the line shown under it, exit 65.
#include <string_view>
#include <utility>

#include "gunpowder/input/reader.hpp"

namespace gunpowder::input {

namespace {
// The node that a field path ("a.b[2].c") reaches from `root`, or the last one it reached.
const toml::node& follow(const toml::table& root, std::string_view path) {
  const toml::node* at = &root;
  while (!path.empty()) {
    const size_t end = path.find_first_of(".[");
    const std::string_view key = path.substr(0, end);
    path = end == std::string_view::npos ? std::string_view{} : path.substr(end);
    if (!key.empty()) {
      const auto* t = at->as_table();
      const toml::node* next = t ? t->get(key) : nullptr;
      if (!next) return *at;
      at = next;
    }
    if (path.empty()) break;
    if (path.front() == '.') {
      path.remove_prefix(1);
    } else {  // "[i]"
      const size_t close = path.find(']');
      if (close == std::string_view::npos) return *at;
      size_t index = 0;
      for (const char c : path.substr(1, close - 1)) {
        if (c < '0' || c > '9') return *at;
        index = index * 10 + static_cast<size_t>(c - '0');
      }
      const auto* a = at->as_array();
      if (!a || index >= a->size()) return *at;
      at = a->get(index);
      path.remove_prefix(close + 1);
      if (!path.empty() && path.front() == '.') path.remove_prefix(1);
    }
  }
  return *at;
}
}  // namespace

Diagnostics place_fields(const Diagnostics& in, const Document& doc, const toml::table& root) {
  Diagnostics out;
  for (auto item : in.items()) {
    if (!item.field.empty()) {
      item.pos = doc.pos(follow(root, item.field));
      item.source_line = doc.line(item.pos);
      item.code = ExitCode::data_error;
      item.field.clear();
    }
    out.add(std::move(item));
  }
  return out;
}

}  // namespace gunpowder::input
