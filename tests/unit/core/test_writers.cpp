// Unit tests of the writers' safety (issue 14, "writers are safe by construction"): hostile
// strings (ESC, BEL, newline, `|`, `<b>`, `=1+1`, bytes that are not UTF-8) through every
// renderer, the csv formula guard, and diagnostics (escaped messages, long source lines cut).
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "gunpowder/core/error.hpp"
#include "gunpowder/core/escape.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/report.hpp"

using namespace gunpowder;

namespace {

bool valid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const auto step = escape::utf8_next(s, i);
    if (!step.valid) return false;
    i += step.length;
  }
  return true;
}

// No byte a terminal would act on: C0 controls but newline, DEL, C1 controls, or non-UTF-8.
bool terminal_safe(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const auto step = escape::utf8_next(s, i);
    if (!step.valid) return false;
    const char32_t c = step.code_point;
    if ((c < 0x20 && c != '\n') || (c >= 0x7F && c <= 0x9F)) return false;
    i += step.length;
  }
  return true;
}

}  // namespace

TEST_CASE("escape::utf8_next") {
  SUBCASE("well-formed sequences of one to four bytes") {
    CHECK(escape::utf8_next("A", 0).code_point == U'A');
    CHECK(escape::utf8_next("\xC3\xA9", 0).code_point == U'\u00E9');
    CHECK(escape::utf8_next("\xE2\x82\xAC", 0).length == 3);
    CHECK(escape::utf8_next("\xF0\x9F\x98\x80", 0).code_point == U'\U0001F600');
  }
  SUBCASE("ill-formed sequences are invalid for their maximal subpart") {
    const auto bad = [](std::string_view s) {
      const auto step = escape::utf8_next(s, 0);
      return step.valid ? size_t{0} : step.length;
    };
    CHECK(bad("\xFF") == 1);
    CHECK(bad("\x80") == 1);              // a lone continuation byte
    CHECK(bad("\xC0\xAF") == 1);          // overlong '/': C0 never leads
    CHECK(bad("\xE0\x80\x80") == 1);      // overlong three-byte form
    CHECK(bad("\xED\xA0\x80") == 1);      // a surrogate
    CHECK(bad("\xF4\x90\x80\x80") == 1);  // above U+10FFFF
    CHECK(bad("\xE2\x82") == 2);          // cut short at the end
    CHECK(bad("\xE2\x82(") == 2);         // cut short by another character
  }
}

TEST_CASE("escape::visible") {
  SUBCASE("controls are shown as escapes, printable text and UTF-8 as they are") {
    CHECK(escape::visible("\x1b[31mred") == R"(\x1b[31mred)");
    CHECK(escape::visible("bell\x07") == R"(bell\x07)");
    CHECK(escape::visible("del\x7f") == R"(del\x7f)");
    CHECK(escape::visible("a\r\nb\tc") == "a\\r\\nb\tc");
    CHECK(escape::visible("csi \xC2\x9B") == R"(csi \u009b)");
    CHECK(escape::visible("\xFF\xFE") == R"(\xff\xfe)");
    CHECK(escape::visible("a\\x1b × é") == "a\\x1b × é");
  }
  SUBCASE("format characters that reorder or hide text are shown as escapes (Unicode category Cf)") {
    // U+202E RIGHT-TO-LEFT OVERRIDE would show "evil\u202etxt.exe" as "evilexe.txt".
    CHECK(escape::visible("evil\xE2\x80\xAEtxt.exe") == R"(evil\u202etxt.exe)");
    CHECK(escape::visible("\xE2\x81\xA6iso\xE2\x81\xA9") == R"(\u2066iso\u2069)");  // isolates
    CHECK(escape::visible("a\xE2\x80\x8B"
                          "b\xE2\x80\x8F") == R"(a\u200bb\u200f)");  // zero width, RLM
    CHECK(escape::visible("\xD8\x9C") == R"(\u061c)");               // Arabic letter mark
    CHECK(escape::visible("\xEF\xBB\xBF"
                          "bom") == R"(\ufeffbom)");
    CHECK(escape::visible("tag\xF3\xA0\x80\x81") == R"(tag\U000e0001)");
    CHECK(escape::visible("\xE2\x80\x90 \xE2\x80\x93") ==
          "\xE2\x80\x90 \xE2\x80\x93");  // dashes are not format characters
    CHECK_FALSE(escape::is_plain("evil\xE2\x80\xAEtxt"));
  }
  SUBCASE("in a cell, newline and tab become spaces") {
    CHECK(escape::visible("two\nlines\tx\x1b", escape::Breaks::space) == R"(two lines x\x1b)");
  }
  SUBCASE("is_plain tells the strings that need nothing") {
    CHECK(escape::is_plain("Saker 5 × 2 – é"));
    CHECK_FALSE(escape::is_plain("a\tb"));
    CHECK_FALSE(escape::is_plain("\xC2\x85"));
    CHECK_FALSE(escape::is_plain("\xFF"));
  }
}

TEST_CASE("report::render_text with hostile cells") {
  report::Table t;
  t.title = "T\x1b]0;title\x07";
  t.add_column("name", "Name").add_column("n", "N", report::Align::right);
  t.add_row({"\x1b[31mred", "1"}).add_row({"two\nlines\tx", "2"}).add_row({"bell\x07", "3"}).add_row({"\xFF\xFE", "4"});
  t.notes.push_back("note\x1b[2J");
  const std::string s = report::render_text({t});
  CHECK(s == R"(T\x1b]0;title\x07
Name         N
-----------  -
\x1b[31mred  1
two lines x  2
bell\x07     3
\xff\xfe     4
  note\x1b[2J
)");
  CHECK(terminal_safe(s));
  SUBCASE("explain lines too, a newline in one shown as \\n") {
    report::Report r;
    r.tables.push_back(t);
    r.explain.push_back(report::statement("step \x1b[1mone\nstep two"));
    const std::string e = report::render(r, report::Format::text, true);
    CHECK(e.find("\n  step \\x1b[1mone\\nstep two\n") != std::string::npos);
    CHECK(terminal_safe(e));
  }
  SUBCASE("text charts") {
    report::Chart c;
    c.title = "Chart\x1b";
    c.labels = {"\x1b[2Jwin", "lose\x07"};
    c.values = {0.5, 0.5};
    const std::string ch = report::render_chart_text({c}, 4);
    CHECK(ch.find(R"(Chart\x1b)") != std::string::npos);
    CHECK(ch.find(R"(\x1b[2Jwin  )") != std::string::npos);
    CHECK(ch.find("lose\\x07    \u2588") != std::string::npos);  // padded to the wider label's 10 columns
    CHECK(terminal_safe(ch));
  }
}

TEST_CASE("report::render_markdown with hostile cells") {
  report::Table t;
  t.title = "A <i>title</i>";
  t.add_column("name", "Name|x").add_column("n", "N", report::Align::right);
  t.add_row({"<b>|x", "1"}).add_row({"a\\b & c", "2"}).add_row({"two\nlines", "3"}).add_row({"\x1b[2J", "4"});
  t.notes.push_back("<script>");
  CHECK(report::render_markdown({t}) == R"(### A &lt;i&gt;title&lt;/i&gt;

| Name\|x | N |
|---|---:|
| &lt;b&gt;\|x | 1 |
| a\\b &amp; c | 2 |
| two lines | 3 |
| \x1b[2J | 4 |

- &lt;script&gt;
)");
  SUBCASE("the derivation, an indented code block, gets no markdown escapes but no control or newline either") {
    report::Report r;
    r.tables.push_back(t);
    r.explain.push_back(report::statement("a < b\x1b\n# not a heading"));
    const std::string m = report::render(r, report::Format::markdown, true);
    CHECK(m.find("\n    a < b\\x1b\\n# not a heading\n") != std::string::npos);
    CHECK(terminal_safe(m));
  }
}

TEST_CASE("report::render_csv guards formulas") {
  SUBCASE("which cells are guarded") {
    for (const char* cell : {"=1+1", "@SUM(A1)", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "\tx", "\rx",
                             "- (routed or destroyed)", "-inf", "+", "-1,25", "-1250,000", "-1e", "-3 ft"}) {
      CAPTURE(cell);
      CHECK(report::csv_formula_guarded(cell));
    }
    for (const char* cell : {"-3", "+20", "-0.5", "-.5", "+12.5%", "-1,250", "-12,500,000.25", "-1e5", "+2.5E-3", "-",
                             "-/1/-", "-/*/-", "-/-/-", "", "5", "Saker", "x=1", "11+", "2/4/6"}) {
      CAPTURE(cell);
      CHECK_FALSE(report::csv_formula_guarded(cell));
    }
  }
  report::Table t;
  t.add_column("name", "Name").add_column("n", "N");
  t.add_row({"=1+1", "-3"})
      .add_row({"=HYPERLINK(\"http://x\",\"y\")", "+20"})
      .add_row({"@x", "-"})
      .add_row({"\rx", "-0.5"})
      .add_row({"<b>|x", "\x1b"});
  SUBCASE("a guarded cell gets a leading quote inside RFC 4180 quoting; numbers and '-' are untouched") {
    CHECK(report::render_csv({t}) ==
          "name,n\r\n"
          "'=1+1,-3\r\n"
          "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",+20\r\n"
          "'@x,-\r\n"
          "\"'\rx\",-0.5\r\n"
          "<b>|x,\x1b\r\n");
  }
  SUBCASE("CsvFormulas::keep writes the cells as they are") {
    CHECK(report::render_csv({t}, report::CsvFormulas::keep) ==
          "name,n\r\n"
          "=1+1,-3\r\n"
          "\"=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",+20\r\n"
          "@x,-\r\n"
          "\"\rx\",-0.5\r\n"
          "<b>|x,\x1b\r\n");
    report::Report r;
    r.tables.push_back(t);
    CHECK(report::render(r, report::Format::csv, false, report::CsvFormulas::keep).find("\r\n=1+1,") !=
          std::string::npos);
    CHECK(report::render(r, report::Format::csv, false).find("\r\n'=1+1,") != std::string::npos);
  }
}

TEST_CASE("json is always valid UTF-8") {
  SUBCASE("bytes that are not UTF-8 become U+FFFD, one per maximal subpart") {
    CHECK(json::quote("\xFF\xFE") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
    CHECK(json::quote("a\xE2\x82") == "\"a\xEF\xBF\xBD\"");
    CHECK(json::quote("\xE2\x82(") == "\"\xEF\xBF\xBD(\"");
    CHECK(json::quote("\xED\xA0\x80") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");
  }
  SUBCASE("control characters are escaped, other UTF-8 kept") {
    CHECK(json::quote("\x1b[31m\x07\x7f\xC2\x9B") == R"("\u001b[31m\u0007\u007f\u009b")");
    CHECK(json::quote("a\"b\\c\nd\te\r") == R"("a\"b\\c\nd\te\r")");
    CHECK(json::quote("× é 😀") == "\"× é 😀\"");
  }
  SUBCASE("keys and values of a whole document") {
    json::Value v = json::object();
    v.set("\xFF", "\xFE<b>|x");
    const std::string s = json::dump(v);
    CHECK(s == "{\n  \"\xEF\xBF\xBD\": \"\xEF\xBF\xBD<b>|x\"\n}\n");
    CHECK(valid_utf8(s));
  }
}

TEST_CASE("report::render_chart_svg is well-formed XML") {
  report::Chart c;
  c.title = "T\x01 & 'q'";
  c.labels = {"<b>\x1b\"x\"", "\xFF\xFE", "ok\xEF\xBF\xBF"};
  c.values = {0.5, 0.25, 0.25};
  c.add_series("a \x1b<side>", {0.5, 0.25, std::nullopt}).add_series("\xFF", {0.1, std::nullopt, 0.2});
  c.label_axis = "<axis>\x07";
  const std::string s = report::render_chart_svg({c});
  CHECK(s.find(">T\xEF\xBF\xBD &amp; &apos;q&apos;</text>") != std::string::npos);
  CHECK(s.find(">&lt;b&gt;\xEF\xBF\xBD&quot;x&quot;</text>") != std::string::npos);
  CHECK(s.find(">\xEF\xBF\xBD\xEF\xBF\xBD</text>") != std::string::npos);
  CHECK(s.find(">ok\xEF\xBF\xBD</text>") != std::string::npos);              // U+FFFF is not an XML character
  CHECK(s.find(">a \xEF\xBF\xBD&lt;side&gt;</text>") != std::string::npos);  // the legend
  CHECK(s.find(">&lt;axis&gt;\xEF\xBF\xBD</text>") != std::string::npos);
  CHECK(valid_utf8(s));
  CHECK(terminal_safe(s));
}

TEST_CASE("format_diagnostic") {
  SUBCASE("a message, file name and source line with controls show them as escapes") {
    Diagnostic d;
    d.pos = {"f\x1b.toml", 2, 7};
    d.message = "unknown troop \"\x1b[2J\x07\"";
    d.source_line = "x = \"\x1b[2J\"";
    // Column 7 is the '[' after ESC: the caret moves past the four columns of "\x1b".
    CHECK(format_diagnostic("t", d) ==
          "t: f\\x1b.toml:2:7: error: unknown troop \"\\x1b[2J\\x07\"\n"
          "  x = \"\\x1b[2J\"\n"
          "           ^\n");
  }
  SUBCASE("a newline in a message cannot forge a second diagnostic") {
    Diagnostic d;
    d.message = "bad name \"x\nt: error: forged\"";
    CHECK(format_diagnostic("t", d) == "t: error: bad name \"x\\nt: error: forged\"\n");
  }
  SUBCASE("tabs and multi-byte characters before the caret keep it in place") {
    Diagnostic d;
    d.pos = {"f.toml", 1, 5};
    d.message = "m";
    d.source_line = "\t\xE2\x82\xAC\xC3\xA9 x";
    CHECK(format_diagnostic("t", d) == "t: f.toml:1:5: error: m\n  \t\xE2\x82\xAC\xC3\xA9 x\n  \t   ^\n");
  }
  SUBCASE("a 1 MB line is cut to 200 columns around the caret") {
    std::string line(1 << 20, 'a');
    line[500000] = 'X';
    Diagnostic d;
    d.pos = {"f.toml", 1, 500001};
    d.message = "m";
    d.source_line = line;
    const std::string s = format_diagnostic("t", d);
    CHECK(s == "t: f.toml:1:500001: error: m\n  \u2026" + std::string(100, 'a') + "X" + std::string(99, 'a') +
                   "\u2026\n   " + std::string(100, ' ') + "^\n");
  }
  SUBCASE("near either end of a long line the window takes the other side's share") {
    const std::string line = "X" + std::string(999, 'a') + "Y";
    Diagnostic d;
    d.pos = {"f.toml", 1, 1};
    d.message = "m";
    d.source_line = line;
    CHECK(format_diagnostic("t", d) == "t: f.toml:1:1: error: m\n  X" + std::string(199, 'a') + "\u2026\n  ^\n");
    d.pos.column = 1001;
    CHECK(format_diagnostic("t", d) ==
          "t: f.toml:1:1001: error: m\n  \u2026" + std::string(199, 'a') + "Y\n   " + std::string(199, ' ') + "^\n");
    d.pos.column = 0;  // no caret: the start of the line
    CHECK(format_diagnostic("t", d) == "t: f.toml:1: error: m\n  X" + std::string(199, 'a') + "\u2026\n");
  }
  SUBCASE("a message quoting a 1 MB value keeps its first and last 1,000 columns") {
    Diagnostic d;
    d.message = "unknown troop type \"" + std::string(1000000, 'a') + "\" (allowed: x)";
    CHECK(format_diagnostic("t", d) == "t: error: unknown troop type \"" + std::string(980, 'a') + "\u2026" +
                                           std::string(986, 'a') + "\" (allowed: x)\n");
    d.message = std::string(2000, 'b');  // at the limit: whole
    CHECK(format_diagnostic("t", d) == "t: error: " + std::string(2000, 'b') + "\n");
  }
  SUBCASE("escapes count at their width in the window") {
    const std::string line(1000, '\x1b');
    Diagnostic d;
    d.pos = {"f.toml", 1, 1};
    d.message = "m";
    d.source_line = line;
    std::string shown;
    for (int i = 0; i < 50; ++i) shown += "\\x1b";
    CHECK(format_diagnostic("t", d) == "t: f.toml:1:1: error: m\n  " + shown + "\u2026\n  ^\n");
  }
}
