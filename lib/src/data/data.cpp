// data.cpp - lookup and parsing of the embedded rule tables.
#include "gunpowder/data/data.hpp"

namespace gunpowder::data {

std::string_view embedded(std::string_view name) {
  for (const auto& f : embedded_files())
    if (f.name == name) return f.text;
  return {};
}

Expected<input::Document> load_built_in(std::string_view name) {
  const std::string_view text = embedded(name);
  if (text.empty())
    return Expected<input::Document>::failure("no embedded data file " + std::string(name), {}, ExitCode::internal);
  auto doc = input::parse(std::string(text), "data/" + std::string(name));
  if (!doc) {  // a broken embedded table is our bug, not the user's
    Diagnostics out;
    for (auto item : doc.error().items()) {
      item.code = ExitCode::internal;
      out.add(item);
    }
    return out;
  }
  return doc;
}

std::vector<std::string> table_names() {
  std::vector<std::string> out;
  for (const auto& f : embedded_files()) {
    std::string_view n = f.name;
    if (n.size() > 5 && n.substr(n.size() - 5) == ".toml") n.remove_suffix(5);
    out.emplace_back(n);
  }
  return out;
}

}  // namespace gunpowder::data
