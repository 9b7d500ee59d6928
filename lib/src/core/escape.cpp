// escape.cpp - UTF-8 decoding, visible control characters for terminals, XML character rules.
#include "gunpowder/core/escape.hpp"

namespace gunpowder::escape {

namespace {
constexpr bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The range the second byte of a sequence led by `lead` must fall in (Unicode table 3-7); the
// later bytes are any continuation byte. Returns the sequence length, 0 for a byte that leads none.
int sequence(unsigned char lead, unsigned char& low, unsigned char& high) {
  low = 0x80;
  high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead == 0xE0) low = 0xA0;    // no overlong 3-byte forms
  if (lead == 0xED) high = 0x9F;   // no surrogates
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead == 0xF0) low = 0x90;    // no overlong 4-byte forms
  if (lead == 0xF4) high = 0x8F;   // nothing above U+10FFFF
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

constexpr char kHex[] = "0123456789abcdef";

void append_hex_byte(std::string& out, unsigned char c) {
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 0xF];
}
}  // namespace

Utf8Step utf8_next(std::string_view s, std::size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  if (lead < 0x80) return {lead, 1, true};
  unsigned char low = 0;
  unsigned char high = 0;
  const int n = sequence(lead, low, high);
  if (n == 0) return {0, 1, false};
  char32_t cp = lead & (0x7F >> n);
  for (int k = 1; k < n; ++k) {
    const size_t at = i + static_cast<size_t>(k);
    if (at >= s.size()) return {0, static_cast<size_t>(k), false};
    const auto c = static_cast<unsigned char>(s[at]);
    if (k == 1 ? (c < low || c > high) : !is_continuation(c)) return {0, static_cast<size_t>(k), false};
    cp = (cp << 6) | (c & 0x3F);
  }
  return {cp, static_cast<size_t>(n), true};
}

namespace {
// Unicode format characters (general category Cf) that change how a terminal lays out or hides
// text: the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069), zero-width characters and joiners (U+200B-U+200D, U+2060-U+2064,
// U+FEFF), the deprecated format characters (U+206A-U+206F), the Mongolian vowel separator
// (U+180E), the interlinear annotation controls (U+FFF9-U+FFFB) and the tag characters
// (U+E0001, U+E0020-U+E007F). A name holding U+202E can reorder what the referee reads.
bool is_format(char32_t cp) {
  return cp == 0x061C || cp == 0x180E || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x206F) || cp == 0xFEFF ||
         (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0xE0001 || (cp >= 0xE0020 && cp <= 0xE007F);
}

void append_code_point(std::string& out, char32_t cp) {
  out += cp > 0xFFFF ? "\\U" : "\\u";
  for (int shift = cp > 0xFFFF ? 28 : 12; shift >= 0; shift -= 4) out += kHex[(cp >> shift) & 0xF];
}
}  // namespace

bool is_plain(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {
      ++i;
      continue;
    }
    if (c < 0x80) return false;  // a C0 control or DEL
    const Utf8Step step = utf8_next(s, i);
    if (!step.valid || step.code_point <= 0x9F || is_format(step.code_point)) return false;  // not UTF-8, C1, Cf
    i += step.length;
  }
  return true;
}

void append_visible(std::string& out, std::string_view s, Breaks breaks) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {
      size_t j = i + 1;  // a run of printable ASCII is copied at once
      while (j < s.size() && static_cast<unsigned char>(s[j]) >= 0x20 && static_cast<unsigned char>(s[j]) < 0x7F) ++j;
      out.append(s.substr(i, j - i));
      i = j;
      continue;
    }
    if (c < 0x80) {
      if ((c == '\n' || c == '\t') && breaks == Breaks::space) out += ' ';
      else if (c == '\t') out += '\t';
      else if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else append_hex_byte(out, c);
      ++i;
      continue;
    }
    const Utf8Step step = utf8_next(s, i);
    if (!step.valid) {
      for (size_t k = 0; k < step.length; ++k) append_hex_byte(out, static_cast<unsigned char>(s[i + k]));
    } else if (step.code_point <= 0x9F) {  // C1 control: ESC's 8-bit twins (CSI is U+009B)
      out += "\\u00";
      out += kHex[step.code_point >> 4];
      out += kHex[step.code_point & 0xF];
    } else if (is_format(step.code_point)) {  // shown as \u202e: it would reorder or hide the text
      append_code_point(out, step.code_point);
    } else {
      out.append(s.substr(i, step.length));
    }
    i += step.length;
  }
}

std::string visible(std::string_view s, Breaks breaks) {
  std::string out;
  out.reserve(s.size());
  append_visible(out, s, breaks);
  return out;
}

void append_xml(std::string& out, std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '\t': case '\n': case '\r': out += static_cast<char>(c); break;
        default:
          if (c < 0x20) out += kReplacement;  // XML 1.0 Char excludes the other C0 controls
          else out += static_cast<char>(c);
      }
      ++i;
      continue;
    }
    const Utf8Step step = utf8_next(s, i);
    if (!step.valid || step.code_point == 0xFFFE || step.code_point == 0xFFFF) out += kReplacement;
    else out.append(s.substr(i, step.length));
    i += step.length;
  }
}

}  // namespace gunpowder::escape
