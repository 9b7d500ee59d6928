// escape.hpp - UTF-8 decoding and the escapes that keep every writer safe by construction.
//
// Strings that reach the writers may hold anything a user can type: control characters (ESC,
// BEL, newline), bytes that are not UTF-8 (`--name $'\xff\xfe'`), characters XML forbids. Each
// output has one rule, applied to every string it writes, so no renderer can forget it:
//   - a terminal (text tables, explain lines, diagnostics) sees controls as visible escapes;
//   - JSON is always valid UTF-8 (U+FFFD for bytes that are not);
//   - XML (the SVG chart) holds only characters XML 1.0 allows.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gunpowder::escape {

/// One step of UTF-8 decoding at byte `i` of `s`: the code point and its length in bytes. A
/// byte sequence that is not well-formed UTF-8 (Unicode 15, table 3-7: no overlong forms, no
/// surrogates, nothing above U+10FFFF) is `valid = false`, and `length` is its maximal subpart
/// (at least one byte), the unit that the Unicode standard replaces by one U+FFFD.
struct Utf8Step {
  char32_t code_point = 0;
  std::size_t length = 1;
  bool valid = true;
};
Utf8Step utf8_next(std::string_view s, std::size_t i);

/// What becomes of a newline or tab in text for a terminal.
enum class Breaks {
  escape,  ///< a line (message, explain line): newline shown as `\n`, tab kept
  space,   ///< a table cell or chart label: newline and tab become a space, keeping columns straight
};

/// Appends `s` for a terminal, every control character made visible: C0 controls (but see
/// `breaks` for newline and tab) and DEL as `\xHH` (ESC `\x1b`, BEL `\x07`; CR `\r`, newline `\n`),
/// C1 controls (U+0080 to U+009F) as `\u0080`, the format characters that reorder or hide text
/// (bidirectional controls such as U+202E, zero-width characters, tags) as `\u202e` or
/// `\U000e0001`, and each byte that is not UTF-8 as `\xHH`. A
/// backslash stays as it is: the rendering is for a person's eyes, not to be read back.
void append_visible(std::string& out, std::string_view s, Breaks breaks = Breaks::escape);
/// The same as a new string.
std::string visible(std::string_view s, Breaks breaks = Breaks::escape);
/// True when append_visible would copy `s` unchanged in either mode (printable ASCII only, or
/// well-formed UTF-8 without controls): the fast path of large tables.
bool is_plain(std::string_view s);

/// Appends `s` as XML 1.0 character data or attribute text: `& < > " '` as entities, and every
/// character XML 1.0 does not allow (C0 controls other than tab, newline and CR; U+FFFE, U+FFFF;
/// bytes that are not UTF-8) as U+FFFD.
void append_xml(std::string& out, std::string_view s);

/// U+FFFD REPLACEMENT CHARACTER in UTF-8.
inline constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

}  // namespace gunpowder::escape
