// width.cpp - the output width (COLUMNS, the terminal, 100) and the --help formatter wrapped to it.
#include "common/width.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/commands.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::cli {

std::size_t width_from(const char* columns, std::optional<std::size_t> terminal) {
  if (columns != nullptr) {
    const std::string_view s(columns);
    std::size_t n = 0;
    bool ok = !s.empty() && s.size() <= 6;
    for (char c : s) {
      if (c < '0' || c > '9')
        ok = false;
      else
        n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    if (ok && n >= 1 && n <= 100000) return n;
  }
  if (terminal && *terminal > 0) return *terminal;
  return report::kDefaultWidth;
}

std::size_t output_width(const std::ostream* out) {
  std::optional<std::size_t> terminal;
  winsize ws{};
  if (out == &std::cout && isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
    terminal = ws.ws_col;
  return width_from(std::getenv("COLUMNS"), terminal);
}

namespace {

// Display width: code points.
std::size_t columns_of(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

// True when a line at the margin begins a paragraph of its own: "Input: ...", "Exit status: ...",
// "Examples:" (a capitalised label of letters and spaces before a colon).
bool labelled(std::string_view line) {
  if (line.empty() || line.front() < 'A' || line.front() > 'Z') return false;
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon > 16) return false;
  for (char c : line.substr(0, colon))
    if (c != ' ' && (c < 'A' || c > 'Z') && (c < 'a' || c > 'z')) return false;
  return true;
}

// `text` (lines joined by '\n', none after the last) wrapped to `width`. An indented line (an
// example) wraps on its own, its continuations `more` columns further in. Lines of prose at the
// margin form paragraphs (up to a blank, indented or labelled line); a paragraph whose lines all
// fit is kept as it is, one that does not is filled anew.
std::string wrap_lines(const std::string& text, std::size_t width, std::size_t more) {
  std::vector<std::string_view> lines;
  for (std::string_view rest(text);;) {
    const std::size_t nl = rest.find('\n');
    lines.push_back(rest.substr(0, nl));
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
  const auto prose = [](std::string_view l) { return !l.empty() && l.front() != ' '; };
  std::string out;
  for (std::size_t i = 0; i < lines.size();) {
    std::size_t end = i + 1;
    if (prose(lines[i]))
      while (end < lines.size() && prose(lines[end]) && !labelled(lines[end])) ++end;
    bool fits = true;
    std::string joined;
    for (std::size_t k = i; k < end; ++k) {
      fits = fits && columns_of(lines[k]) <= width;
      joined += (k > i ? " " : "") + std::string(lines[k]);
    }
    std::string wrapped;
    if (fits && end - i > 1)
      for (std::size_t k = i; k < end; ++k) wrapped += std::string(lines[k]) + '\n';
    else
      wrapped = report::wrap_line(joined, width, "", std::string(prose(lines[i]) ? 0 : more, ' '));
    out += wrapped;
    i = end;
  }
  if (!out.empty()) out.pop_back();  // wrap_line ends every line with '\n'
  return out;
}

// A name and its value list (`--print-rules TABLE:{artillery,...}`) cut after its commas and at
// its spaces into lines of `width`, the continuation lines indented by `indent`.
std::string wrap_name(const std::string& name, std::size_t width, std::size_t indent) {
  std::string out, line;
  std::size_t line_w = 0;
  auto flush_piece = [&](const std::string& piece) {
    if (line_w > 0 && line_w + piece.size() > width) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + '\n';
      line = std::string(indent, ' ');
      line_w = indent;
    }
    line += piece;
    line_w += piece.size();
  };
  std::string piece;
  for (char c : name) {
    piece += c;
    if (c == ',' || c == ' ') {
      flush_piece(piece);
      piece.clear();
    }
  }
  flush_piece(piece);
  return out + line;
}

// CLI11's formatter with every line it writes wrapped to a width: the left column (option names)
// takes at most a third of it, the descriptions the rest.
class WrappingFormatter : public CLI::Formatter {
 public:
  explicit WrappingFormatter(std::size_t width) : width_(std::max<std::size_t>(width, 40)) {
    column_width(std::min<std::size_t>(30, width_ / 3));
  }

  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    return entry(make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt));
  }
  std::string make_subcommand(const CLI::App* sub) const override {
    return entry(sub->get_display_name(true), sub->get_description());
  }
  std::string make_description(const CLI::App* app) const override {
    return wrap_block(CLI::Formatter::make_description(app), 0);
  }
  std::string make_usage(const CLI::App* app, std::string name) const override {
    return wrap_block(CLI::Formatter::make_usage(app, std::move(name)), 2);
  }
  // A subcommand's help lists, before its footer, the tool's options it takes through
  // fallthrough (the input files, --format, --output, ...), made from the tool's own tree: those
  // it honours (cli::offers: the input files where it reads input, --chart and --svg where it
  // draws charts).
  std::string make_footer(const CLI::App* app) const override {
    std::string common;
    const CLI::App* parent = app->get_parent();
    if (parent && app->get_fallthrough()) {
      std::vector<const CLI::Option*> opts;
      for (const CLI::Option* o : parent->get_options())
        if (!o->get_group().empty() && o != parent->get_help_ptr() && offers(*app, *o)) opts.push_back(o);
      std::stable_partition(opts.begin(), opts.end(), [](const CLI::Option* o) { return o->get_positional(); });
      if (!opts.empty()) {
        common = "Common options (before or after the subcommand):\n";
        for (const CLI::Option* o : opts) common += make_option(o, o->get_positional());
      }
    }
    const std::string footer = wrap_block(CLI::Formatter::make_footer(app), 2);
    return common.empty() || footer.empty() ? common + footer : common + "\n" + footer;
  }

 private:
  std::size_t width_;

  // A block of lines ending with '\n' (or empty), each line wrapped, its continuations indented
  // `more` columns further than the line.
  std::string wrap_block(const std::string& block, std::size_t more) const {
    if (block.empty()) return block;
    const bool newline = block.back() == '\n';
    std::string out = wrap_lines(newline ? block.substr(0, block.size() - 1) : block, width_, more);
    return newline ? out + '\n' : out;
  }

  // "  NAME   description": the description wrapped in the right column, under the name when the
  // name fills the left one.
  std::string entry(const std::string& name, const std::string& desc) const {
    const std::size_t col = get_column_width();
    std::string out = wrap_name("  " + name, width_, 6);
    const std::size_t last_nl = out.rfind('\n');
    const std::size_t last_w = out.size() - (last_nl == std::string::npos ? 0 : last_nl + 1);
    if (desc.empty()) return out + '\n';
    if (last_w >= col || last_nl != std::string::npos)
      out += '\n' + std::string(col, ' ');
    else
      out += std::string(col - last_w, ' ');
    const std::string text = wrap_lines(desc, width_ - col, 0);
    for (char c : text) {
      out += c;
      if (c == '\n') out += std::string(col, ' ');
    }
    return out + '\n';
  }
};

}  // namespace

void wrap_help(CLI::App& app, std::size_t width) { app.formatter(std::make_shared<WrappingFormatter>(width)); }

}  // namespace gunpowder::cli
