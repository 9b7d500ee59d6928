// data.cpp - lookup and parsing of the embedded rule tables.
#include "gunpowder/data/data.hpp"

namespace gunpowder::data {

std::string_view embedded(std::string_view name) {
  for (const auto& f : embedded_files())
    if (f.name == name) return f.text;
  return {};
}

bool house_rules_in_effect() { return false; }  // no house rules yet

Expected<input::Document> load(std::string_view name) {
  const std::string_view text = embedded(name);
  if (text.empty())
    return Expected<input::Document>::failure("no embedded data file " + std::string(name), {}, ExitCode::internal);
  auto doc = input::parse(std::string(text), "data/" + std::string(name));
  if (!doc) return as_internal(doc.error());  // a broken embedded table is our bug, not the user's
  return doc;
}

}  // namespace gunpowder::data
