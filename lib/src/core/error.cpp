// error.cpp - rendering of diagnostics in the GNU/LLVM "file:line:col: error: message" style.
#include "gunpowder/core/error.hpp"

namespace gunpowder {

std::string format_diagnostic(const std::string& tool, const Diagnostic& d) {
  std::string out = tool + ": ";
  if (!d.pos.file.empty()) {
    out += d.pos.file;
    if (d.pos.line > 0) {
      out += ':' + std::to_string(d.pos.line);
      if (d.pos.column > 0) out += ':' + std::to_string(d.pos.column);
    }
    out += ": ";
  }
  out += "error: " + d.message + '\n';
  if (!d.source_line.empty()) {
    out += "  " + d.source_line + '\n';
    if (d.pos.column > 0) {
      std::string caret(2, ' ');
      // Keep tabs so the caret lines up under tab-indented source.
      for (int i = 0; i + 1 < d.pos.column && i < static_cast<int>(d.source_line.size()); ++i)
        caret += d.source_line[static_cast<size_t>(i)] == '\t' ? '\t' : ' ';
      out += caret + "^\n";
    }
  }
  return out;
}

}  // namespace gunpowder
