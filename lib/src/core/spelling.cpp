// spelling.cpp - the suite's spelling of a typed value (docs/vocabulary.md, "The book's own names").
#include "gunpowder/core/spelling.hpp"

namespace gunpowder {

std::string suite_spelling(std::string_view typed) {
  std::string out;
  out.reserve(typed.size() + 4);
  for (size_t i = 0; i < typed.size(); ++i) {
    const char c = typed[i];
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (c == '&') {  // "Field Carriage & Limber" is field-carriage-and-limber
      if (!out.empty() && out.back() != '-') out += '-';
      out += "and-";
    } else if (c == '+' && i + 1 == typed.size() && !out.empty()) {
      if (out.back() != '-') out += '-';
      out += "plus";
    } else if (!word) {
      if (!out.empty() && out.back() != '-') out += '-';
    } else {
      out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

}  // namespace gunpowder
