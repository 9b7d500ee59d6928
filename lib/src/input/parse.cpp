// parse.cpp - a TOML text parsed into a Document (toml++'s errors turned into diagnostics), with
// the offsets of its lines.
#include <cctype>
#include <utility>

#include "gunpowder/input/reader.hpp"

namespace gunpowder::input {

std::vector<size_t> line_starts(const std::string& text) {
  std::vector<size_t> out{0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i + 1 < text.size()) out.push_back(i + 1);
  return out;
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
    d.error(SourcePos{doc.name, static_cast<int>(b.line), static_cast<int>(b.column)}, "invalid TOML: " + msg,
            doc.line(static_cast<int>(b.line)));
    return d;
  }
  return doc;
}

}  // namespace gunpowder::input
