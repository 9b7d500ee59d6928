// checks.hpp - the content checks the fuzz harnesses make on every output of a run: valid UTF-8,
// no NUL, no raw control character where a terminal may show it, well-formed JSON, CSV whose
// rows have their header's width (RFC 4180 quoting), SVG text within XML's character rules.
// Pure functions of the text, written here once, and tested by fuzz/test_checks.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fuzz::check {

/// Strict UTF-8 (RFC 3629): no overlong form, no surrogate, nothing above U+10FFFF, no cut sequence.
inline bool valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    size_t n = 0;
    uint32_t cp = 0;
    uint32_t min = 0;
    if (b >= 0xC2 && b <= 0xDF) {
      n = 1, cp = b & 0x1FU, min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
      n = 2, cp = b & 0x0FU, min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
      n = 3, cp = b & 0x07U, min = 0x10000;
    } else {
      return false;  // a continuation byte first, C0/C1 (always overlong) or F5-FF
    }
    if (s.size() - i <= n) return false;
    for (size_t k = 1; k <= n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0U) != 0x80U) return false;
      cp = (cp << 6U) | (c & 0x3FU);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n + 1;
  }
  return true;
}

inline bool has_nul(std::string_view s) { return s.find('\0') != std::string_view::npos; }

/// Text meant for a terminal (text and markdown output, error messages): no C0 control character
/// but newline and tab, no DEL. ESC, BEL, CR and backspace from an input must be shown visibly.
inline bool terminal_safe(std::string_view s) {
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return false;
  }
  return true;
}

/// XML 1.0's Char production over UTF-8 text: tab, LF, CR, and U+0020 and above but U+FFFE and
/// U+FFFF (surrogates are refused by valid_utf8).
inline bool xml_chars(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return false;
    if (c == 0xEF && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(s[i + 2]) == 0xBE || static_cast<unsigned char>(s[i + 2]) == 0xBF))
      return false;
  }
  return true;
}

namespace detail {
// A recursive-descent reader of RFC 8259's grammar; it builds nothing. Nesting is bounded so that
// a hostile document cannot overflow the stack of the checker itself.
class JsonReader {
 public:
  explicit JsonReader(std::string_view s) : s_(s) {}

  bool document() {
    space();
    if (!value(0)) return false;
    space();
    return i_ == s_.size();
  }

 private:
  static constexpr int kMaxDepth = 256;
  std::string_view s_;
  size_t i_ = 0;

  [[nodiscard]] bool at_end() const { return i_ >= s_.size(); }
  [[nodiscard]] char peek() const { return at_end() ? '\0' : s_[i_]; }
  void space() {
    while (!at_end() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  static bool hex(char c) { return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
  bool digits() {
    const size_t from = i_;
    while (!at_end() && digit(s_[i_])) ++i_;
    return i_ > from;
  }

  bool value(int depth) {
    if (depth > kMaxDepth) return false;
    switch (peek()) {
      case '{': return object(depth);
      case '[': return array(depth);
      case '"': return string();
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default: return number();
    }
  }
  bool object(int depth) {
    ++i_;
    space();
    if (peek() == '}') return ++i_, true;
    for (;;) {
      space();
      if (peek() != '"' || !string()) return false;
      space();
      if (peek() != ':') return false;
      ++i_;
      space();
      if (!value(depth + 1)) return false;
      space();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      if (peek() != '}') return false;
      ++i_;
      return true;
    }
  }
  bool array(int depth) {
    ++i_;
    space();
    if (peek() == ']') return ++i_, true;
    for (;;) {
      space();
      if (!value(depth + 1)) return false;
      space();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      if (peek() != ']') return false;
      ++i_;
      return true;
    }
  }
  bool string() {
    ++i_;  // the opening quote
    while (!at_end()) {
      const auto c = static_cast<unsigned char>(s_[i_++]);
      if (c == '"') return true;
      if (c < 0x20) return false;  // a raw control character must be escaped
      if (c != '\\') continue;
      if (at_end()) return false;
      const char e = s_[i_++];
      if (e == 'u') {
        for (int k = 0; k < 4; ++k)
          if (at_end() || !hex(s_[i_++])) return false;
      } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
        return false;
      }
    }
    return false;  // unterminated
  }
  bool number() {
    if (peek() == '-') ++i_;
    if (peek() == '0') {
      ++i_;
    } else if (!digits()) {
      return false;  // also NaN, Infinity, a lone '-' and anything else that is not a value
    }
    if (peek() == '.') {
      ++i_;
      if (!digits()) return false;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++i_;
      if (peek() == '+' || peek() == '-') ++i_;
      if (!digits()) return false;
    }
    return true;
  }
};
}  // namespace detail

/// One JSON value (RFC 8259 grammar), with only whitespace around it.
inline bool json_well_formed(std::string_view s) { return detail::JsonReader(s).document(); }

/// The suite's CSV (RFC 4180 quoting, CRLF or LF records): one or more tables, each a header
/// record and its rows, separated by an empty line; every record of a table has the width of its
/// header. A quote inside an unquoted field, text after a closing quote, or an unterminated quoted
/// field is malformed. Empty text is not a table.
inline bool csv_tables_well_formed(std::string_view s) {
  if (s.empty()) return false;
  size_t i = 0;
  size_t header_width = 0;  // 0: the next record is a header
  while (i < s.size()) {
    // An empty line (not a quoted empty field) separates two tables.
    if (s[i] == '\n' || (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n')) {
      if (header_width == 0) return false;  // an empty line where a header belongs
      i += s[i] == '\r' ? 2 : 1;
      header_width = 0;
      continue;
    }
    size_t width = 0;
    for (;;) {  // one field, then its separator
      ++width;
      if (i < s.size() && s[i] == '"') {
        ++i;
        for (;;) {
          if (i >= s.size()) return false;  // unterminated quoted field
          if (s[i] == '"') {
            if (i + 1 < s.size() && s[i + 1] == '"') {
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          ++i;
        }
      } else {
        while (i < s.size() && s[i] != ',' && s[i] != '\n' && s[i] != '\r') {
          if (s[i] == '"') return false;  // a quote in an unquoted field
          ++i;
        }
      }
      if (i < s.size() && s[i] == ',') {
        ++i;
        continue;
      }
      break;
    }
    // The record ends here: CRLF, LF, or the end of the text.
    if (i < s.size()) {
      if (s[i] == '\r') {
        if (i + 1 >= s.size() || s[i + 1] != '\n') return false;  // a bare CR outside quotes
        i += 2;
      } else if (s[i] == '\n') {
        ++i;
      } else {
        return false;  // text after a closing quote
      }
    }
    if (header_width == 0) header_width = width;
    else if (width != header_width) return false;
  }
  return true;
}

}  // namespace fuzz::check
