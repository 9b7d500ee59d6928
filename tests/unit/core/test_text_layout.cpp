// Unit tests of the text layout (issue 13, "Fit the terminal"): render_text laid out to a width,
// wrap_words and wrap_line, as whole strings.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gunpowder/core/report.hpp"

using namespace gunpowder;

namespace {

// The widest line of `s`, in code points.
size_t widest(const std::string& s) {
  size_t best = 0, n = 0;
  for (unsigned char c : s) {
    if (c == '\n') {
      best = std::max(best, n);
      n = 0;
    } else if ((c & 0xC0) != 0x80) {
      ++n;
    }
  }
  return std::max(best, n);
}

// A table of `rows` records named A, B, ... with `cols` numeric columns of `w` characters.
report::Table numbers(size_t rows, size_t cols, size_t w) {
  report::Table t;
  t.title = "Numbers";
  t.add_column("key", "Key");
  for (size_t c = 0; c < cols; ++c)
    t.add_column("c" + std::to_string(c), "C" + std::to_string(c), report::Align::right);
  for (size_t r = 0; r < rows; ++r) {
    std::vector<report::Cell> row{std::string(1, static_cast<char>('A' + r))};
    for (size_t c = 0; c < cols; ++c)
      row.push_back(std::string(w - 1, static_cast<char>('0' + r)) + std::to_string(c % 10));
    t.add_row(std::move(row));
  }
  return t;
}

}  // namespace

TEST_CASE("report::wrap_words") {
  SUBCASE("a line that fits is one line, its spaces kept") {
    CHECK(report::wrap_words("a  b c", 10) == std::vector<std::string>{"a  b c"});
  }
  SUBCASE("it breaks at spaces, dropping them where it breaks") {
    CHECK(report::wrap_words("one two three four", 9) == std::vector<std::string>{"one two", "three", "four"});
  }
  SUBCASE("a word longer than the room is cut in a cell, kept whole in prose") {
    CHECK(report::wrap_words("abcdefgh ij", 3) == std::vector<std::string>{"abc", "def", "gh", "ij"});
    CHECK(report::wrap_words("abcdefgh ij", 3, false) == std::vector<std::string>{"abcdefgh", "ij"});
  }
  SUBCASE("widths are counted in code points, and a cut never splits one") {
    CHECK(report::wrap_words("\xC3\x97\xC3\x97\xC3\x97 x", 2) ==
          std::vector<std::string>{"\xC3\x97\xC3\x97", "\xC3\x97", "x"});
  }
}

TEST_CASE("report::wrap_line") {
  SUBCASE("a note wraps under a hanging indent") {
    CHECK(report::wrap_line("alpha beta gamma delta epsilon zeta eta", 24, "  ", "    ") ==
          "  alpha beta gamma delta\n    epsilon zeta eta\n");
  }
  SUBCASE("the line's own indentation is kept on its continuations") {
    CHECK(report::wrap_line("  alpha beta gamma delta epsilon zeta", 24, "", "  ") ==
          "  alpha beta gamma delta\n    epsilon zeta\n");
  }
  SUBCASE("an indentation that would leave its words under 20 columns is shortened") {
    CHECK(report::wrap_line(std::string(30, ' ') + "alpha beta gamma delta epsilon", 40, "", "") ==
          std::string(20, ' ') + "alpha beta gamma\n" + std::string(20, ' ') + "delta epsilon\n");
  }
  SUBCASE("control characters are made visible before the line is measured") {
    CHECK(report::wrap_line("a\x1b[1m b", 80) == "a\\x1b[1m b\n");
  }
  SUBCASE("a word longer than the width is cut (a long name in a title or a note)") {
    // The long word starts its own line, then is cut at the room each line has (22 under the
    // hanging indent): 22 + 22 + 6 = 50.
    CHECK(report::wrap_line("ab " + std::string(50, 'x') + " cd", 24, "", "  ") ==
          "ab\n  " + std::string(22, 'x') + "\n  " + std::string(22, 'x') + "\n  " + std::string(6, 'x') + " cd\n");
  }
}

TEST_CASE("report::render_text laid out to a width") {
  SUBCASE("a table that fits is printed as it is, whatever the width") {
    const report::Table t = numbers(2, 3, 4);
    const std::string wide = report::render_text({t}, 200);
    CHECK(wide ==
          "Numbers\n"
          "Key    C0    C1    C2\n"
          "---  ----  ----  ----\n"
          "A    0000  0001  0002\n"
          "B    1110  1111  1112\n");
    CHECK(report::render_text({t}, 21) == wide);
  }
  SUBCASE("a wide table splits into column groups that repeat the key column") {
    const report::Table t = numbers(2, 6, 4);  // 3 + 6 x 6 = 39 columns
    CHECK(report::render_text({t}, 25) ==
          "Numbers\n"
          "Key    C0    C1    C2\n"
          "---  ----  ----  ----\n"
          "A    0000  0001  0002\n"
          "B    1110  1111  1112\n"
          "\n"
          "Key    C3    C4    C5\n"
          "---  ----  ----  ----\n"
          "A    0003  0004  0005\n"
          "B    1113  1114  1115\n");
    CHECK(report::render_text({t}, 39) == report::render_text({t}, 200));  // it uses the room
  }
  SUBCASE("the key is as many leading columns as tell the rows apart") {
    report::Table t;
    t.add_column("side", "Side").add_column("range", "Range").add_column("a", "Alpha").add_column("b", "Beta");
    t.add_row({"Elves", "1-8", "aaaaaaaaaa", "bbbbbbbbbb"}).add_row({"Elves", "9-15", "cccccccccc", "dddddddddd"});
    CHECK(report::render_text({t}, 30) ==
          "Side   Range  Alpha\n"
          "-----  -----  ----------\n"
          "Elves  1-8    aaaaaaaaaa\n"
          "Elves  9-15   cccccccccc\n"
          "\n"
          "Side   Range  Beta\n"
          "-----  -----  ----------\n"
          "Elves  1-8    bbbbbbbbbb\n"
          "Elves  9-15   dddddddddd\n");
  }
  SUBCASE("headers wrap at spaces when their column is narrower") {
    report::Table t;
    t.add_column("a", "Alpha").add_column("b", "Troops lost att/def", report::Align::right);
    t.add_column("c", "Cost gp att/def", report::Align::right);
    t.add_row({"one", "313/70", "4907.5/732.5"}).add_row({"two", "5/5", "12/3"});
    // Natural 5 + 19 + 15 + 4 = 43. At 30 the widest column narrows to the level 9 (the second:
    // its cells are 6 wide, its longest header word 7) and the third to its cells' 12:
    // 5 + 9 + 12 + 4 = 30; the level 10 would make 31.
    CHECK(report::render_text({t}, 30) ==
          "Alpha     Troops       Cost gp\n"
          "            lost       att/def\n"
          "         att/def\n"
          "-----  ---------  ------------\n"
          "one       313/70  4907.5/732.5\n"
          "two          5/5          12/3\n");
  }
  SUBCASE("a single record too wide becomes a Characteristic/Value list") {
    const report::Table t = numbers(1, 6, 4);
    CHECK(report::render_text({t}, 30) ==
          "Numbers\n"
          "Characteristic  Value\n"
          "--------------  -----\n"
          "Key             A\n"
          "C0              0000\n"
          "C1              0001\n"
          "C2              0002\n"
          "C3              0003\n"
          "C4              0004\n"
          "C5              0005\n");
  }
  SUBCASE("long cells wrap at spaces, the widest column narrowed first; notes wrap under their indent") {
    // Natural widths 4 + 41 + 11 and two gaps of 2: 60. The battle column (prose: its longest word
    // is 10) is narrowed to 21, the level at which 4 + 21 + 11 + 4 = 40.
    report::Table t;
    t.title = "Battles";
    t.add_column("week", "Week", report::Align::right).add_column("battle", "Battle of the week");
    t.add_column("lost", "Troops lost", report::Align::right);
    t.add_row({"1", "attacker wins by 66: casualties 15% / 15%", "313/70"});
    t.add_row({"2", "-", "5/5"});
    t.notes.push_back("captured by assault (defenders driven out or destroyed) in week 2");
    const std::string s = report::render_text({t}, 40);
    CHECK(s ==
          "Battles\n"
          "Week  Battle of the week     Troops lost\n"
          "----  ---------------------  -----------\n"
          "   1  attacker wins by 66:        313/70\n"
          "      casualties 15% / 15%\n"
          "   2  -                              5/5\n"
          "  captured by assault (defenders driven\n"
          "    out or destroyed) in week 2\n");
    CHECK(widest(s) <= 40);
  }
  SUBCASE("no line is wider than the width, down to the narrowest") {
    const report::Table t = numbers(3, 12, 7);
    for (size_t w : {20, 40, 60, 80, 100}) CHECK(widest(report::render_text({t}, w)) <= w);
  }
  SUBCASE("explain lines wrap in text, never in markdown or csv") {
    report::Report r;
    r.tables.push_back(numbers(1, 1, 2));
    r.explain.push_back(report::statement("first second third fourth fifth sixth seventh eighth ninth tenth"));
    CHECK(report::render(r, report::Format::text, true, report::CsvFormulas::guard, 40)
              .find("\n  first second third fourth fifth sixth\n    seventh eighth ninth tenth\n") !=
          std::string::npos);
    const report::Table wide = numbers(3, 30, 6);
    CHECK(widest(report::render_markdown({wide})) > 200);
    r.tables.push_back(wide);
    CHECK(report::render(r, report::Format::markdown, true, report::CsvFormulas::guard, 40) ==
          report::render(r, report::Format::markdown, true, report::CsvFormulas::guard, 200));
    CHECK(report::render(r, report::Format::csv, true, report::CsvFormulas::guard, 40) ==
          report::render(r, report::Format::csv, true, report::CsvFormulas::guard, 200));
  }
}
