// parse.cpp - a TOML text parsed into a Document (toml++'s errors turned into diagnostics), with
// the offsets of its lines (found with memchr: a byte loop was a fifth of reading a rules file).
#include <cctype>
#include <cstring>
#include <utility>

#include "gunpowder/input/reader.hpp"
#include "pass.hpp"

namespace gunpowder::input {

std::vector<size_t> line_starts(const std::string& text) {
  std::vector<size_t> out{0};
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  for (const char* p = begin; (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p))));) {
    if (++p == end) break;
    out.push_back(static_cast<size_t>(p - begin));
  }
  return out;
}

size_t detail::count_lines(std::string_view text) {
  size_t n = 0;
  if (text.empty()) return n;
  const char* const end = text.data() + text.size();
  for (const char* p = text.data(); (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p))));
       ++p)
    ++n;
  return n;
}

Expected<Document> parse(std::string text, std::string name) {
  Document doc;
  doc.name = std::move(name);
  doc.text = std::make_shared<const std::string>(std::move(text));
  doc.line_starts = std::make_shared<const std::vector<size_t>>(line_starts(*doc.text));
  try {
    doc.root = toml::parse(std::string_view(*doc.text), std::string_view(doc.name));
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    Diagnostics d;
    std::string msg(e.description());
    if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    while (!msg.empty() && msg.back() == '.') msg.pop_back();
    // The parser names its own build settings in some messages ("... depth of 256
    // (TOML_MAX_NESTED_VALUES)"): a name that means nothing to a user, left out.
    if (const size_t open = msg.find(" (TOML_"); open != std::string::npos) {
      if (const size_t close = msg.find(')', open); close != std::string::npos) msg.erase(open, close - open + 1);
    }
    d.error(SourcePos{doc.name, static_cast<int>(b.line), static_cast<int>(b.column)}, "invalid TOML: " + msg,
            doc.line(static_cast<int>(b.line)));
    return d;
  }
  return doc;
}

}  // namespace gunpowder::input
