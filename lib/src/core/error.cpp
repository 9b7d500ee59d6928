// error.cpp - rendering of diagnostics in the GNU/LLVM "file:line:col: error: message" style.
#include "gunpowder/core/error.hpp"

#include <algorithm>
#include <deque>
#include <string_view>
#include <vector>

#include "gunpowder/core/escape.hpp"

namespace gunpowder {

namespace {

// One character of a source line as the terminal shows it: its bytes and the columns its
// visible rendering takes (1, or the length of an escape such as `\x1b`).
struct Piece {
  size_t from = 0;
  size_t length = 0;
  size_t width = 0;
};

Piece piece_at(std::string_view line, size_t i) {
  const size_t n = escape::utf8_next(line, i).length;
  std::string shown;
  escape::append_visible(shown, line.substr(i, n));
  size_t width = 0;
  for (const char c : shown) width += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return {i, n, width};
}

// At most this many columns of a source line are echoed, around the caret (a 1 MB line is not
// shown whole); what is cut off is marked by an ellipsis.
constexpr size_t kSourceColumns = 200;
constexpr std::string_view kEllipsis = "\u2026";

// The source line under a message and, when the column is known, the caret under it. Columns
// count characters (code points), as the input layer's positions do.
std::string source_excerpt(std::string_view line, int column) {
  const size_t caret = column > 0 ? static_cast<size_t>(column - 1) : 0;
  // The characters before the caret, the last kSourceColumns columns of them kept.
  std::deque<Piece> left;
  size_t left_w = 0;
  bool cut_left = false;
  size_t i = 0;
  for (size_t k = 0; k < caret && i < line.size(); ++k) {
    const Piece p = piece_at(line, i);
    left.push_back(p);
    left_w += p.width;
    i += p.length;
    while (left_w > kSourceColumns) {
      left_w -= left.front().width;
      left.pop_front();
      cut_left = true;
    }
  }
  // The characters from the caret on, up to kSourceColumns columns of them.
  std::vector<Piece> right;
  size_t right_w = 0;
  for (; i < line.size() && right_w < kSourceColumns; i += right.back().length) {
    right.push_back(piece_at(line, i));
    right_w += right.back().width;
  }
  bool cut_right = i < line.size();
  // Half the width each side of the caret, or more on one side when the other is short.
  const size_t right_short = right_w < kSourceColumns ? kSourceColumns - right_w : 0;
  const size_t keep_left = std::min(left_w, std::max(kSourceColumns / 2, right_short));
  while (left_w > keep_left) {
    left_w -= left.front().width;
    left.pop_front();
    cut_left = true;
  }
  while (!right.empty() && left_w + right_w > kSourceColumns) {
    right_w -= right.back().width;
    right.pop_back();
    cut_right = true;
  }

  std::string out = "  ";
  if (cut_left) out += kEllipsis;
  for (const auto& p : left) escape::append_visible(out, line.substr(p.from, p.length));
  for (const auto& p : right) escape::append_visible(out, line.substr(p.from, p.length));
  if (cut_right) out += kEllipsis;
  out += '\n';
  if (column > 0) {
    out += cut_left ? "   " : "  ";
    // Keep tabs so the caret lines up under tab-indented source.
    for (const auto& p : left) {
      if (line[p.from] == '\t') out += '\t';
      else out.append(p.width, ' ');
    }
    out += "^\n";
  }
  return out;
}

// A message longer than this many columns (one that quotes a 1 MB value) keeps its first and
// last halves around an ellipsis: what is wrong is said at the start, what is allowed at the end.
constexpr size_t kMessageColumns = 2000;

void append_message(std::string& out, std::string_view message) {
  const std::string shown = escape::visible(message);
  size_t n = 0;
  for (const char c : shown) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  if (n <= kMessageColumns) {
    out += shown;
    return;
  }
  // The byte offset where character `k` of `shown` begins.
  const auto offset = [&](size_t k) {
    size_t i = 0;
    for (size_t seen = 0; i < shown.size(); ++i)
      if ((static_cast<unsigned char>(shown[i]) & 0xC0) != 0x80 && seen++ == k) break;
    return i;
  };
  const std::string_view v = shown;
  out += v.substr(0, offset(kMessageColumns / 2));
  out += kEllipsis;
  out += v.substr(offset(n - kMessageColumns / 2));
}

}  // namespace

std::string format_diagnostic(const std::string& tool, const Diagnostic& d) {
  std::string out = tool + ": ";
  if (!d.pos.file.empty()) {
    escape::append_visible(out, d.pos.file);
    if (d.pos.line > 0) {
      out += ':' + std::to_string(d.pos.line);
      if (d.pos.column > 0) out += ':' + std::to_string(d.pos.column);
    }
    out += ": ";
  }
  out += "error: ";
  append_message(out, d.message);
  out += '\n';
  if (!d.source_line.empty()) out += source_excerpt(d.source_line, d.pos.column);
  return out;
}

}  // namespace gunpowder
