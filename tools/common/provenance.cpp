// provenance.cpp - see provenance.hpp.
#include "common/provenance.hpp"

namespace gunpowder::cli {

std::optional<std::string> ruled(const data::Tables& tables, std::string_view table,
                                 std::initializer_list<std::string_view> paths) {
  if (!tables.house_rules_in_effect()) return std::nullopt;
  for (auto p : paths)
    if (auto src = tables.house_rule_source(table, p)) return src;
  return std::nullopt;
}

std::optional<std::string> ruled_table(const data::Tables& tables, std::string_view table) {
  if (!tables.house_rules_in_effect()) return std::nullopt;
  std::optional<std::string> last;
  for (const auto& c : tables.house_rule_changes())
    if (c.table == table) last = c.path;
  return last ? tables.house_rule_source(table, *last) : std::nullopt;
}

std::optional<std::string> either(std::optional<std::string> a, const std::optional<std::string>& b) {
  if (a) return a;
  return b;
}

std::string row_path(std::string_view key, std::string_view field, std::string_view value) {
  std::string p(key);
  p.append("[").append(field).append(" = \"").append(value).append("\"]");
  return p;
}

std::string sourced(const std::optional<std::string>& rule, std::string plain) {
  if (!rule) return plain;
  if (plain.empty() || plain == "book") return *rule;
  return *rule + ", " + plain;
}

}  // namespace gunpowder::cli
