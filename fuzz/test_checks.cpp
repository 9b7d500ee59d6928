// test_checks.cpp - the fuzz harnesses' content checks (checks.hpp), each against texts it must
// accept and texts it must refuse (ctest unit.fuzz-checks; built with the test suite, not with
// the harnesses).
#include "checks.hpp"

#include <string>

#include <doctest/doctest.h>

using namespace std::string_literals;
namespace check = fuzz::check;

TEST_CASE("fuzz::check::valid_utf8") {
  SUBCASE("ASCII, two-, three- and four-byte forms are valid") {
    CHECK(check::valid_utf8(""));
    CHECK(check::valid_utf8("Gun 18-pdr"));
    CHECK(check::valid_utf8("\xC3\xA9"));          // U+00E9
    CHECK(check::valid_utf8("\xE2\x82\xAC"));      // U+20AC
    CHECK(check::valid_utf8("\xF0\x9F\x92\xA3"));  // U+1F4A3
    CHECK(check::valid_utf8("\xF4\x8F\xBF\xBF"));  // U+10FFFF, the last code point
  }
  SUBCASE("stray, cut, overlong, surrogate and out-of-range forms are invalid") {
    CHECK_FALSE(check::valid_utf8("\xFF\xFE"));          // the issue's --name $'\xff\xfe'
    CHECK_FALSE(check::valid_utf8("\x80"));              // a continuation byte first
    CHECK_FALSE(check::valid_utf8("a\xC3"));             // cut at the end
    CHECK_FALSE(check::valid_utf8("\xE2\x82"));          // cut three-byte form
    CHECK_FALSE(check::valid_utf8("\xC0\xAF"));          // overlong '/'
    CHECK_FALSE(check::valid_utf8("\xE0\x80\xAF"));      // overlong '/' in three bytes
    CHECK_FALSE(check::valid_utf8("\xED\xA0\x80"));      // U+D800, a surrogate
    CHECK_FALSE(check::valid_utf8("\xF4\x90\x80\x80"));  // U+110000
    CHECK_FALSE(check::valid_utf8("\xC3x"));             // a lead byte without its continuation
  }
}

TEST_CASE("fuzz::check::has_nul and terminal_safe") {
  CHECK(check::has_nul("a\0b"s));
  CHECK_FALSE(check::has_nul("ab"));
  CHECK(check::terminal_safe("line\n\tindented\n"));
  CHECK_FALSE(check::terminal_safe("\x1b[31mred"));  // ESC
  CHECK_FALSE(check::terminal_safe("bell\a"));
  CHECK_FALSE(check::terminal_safe("over\rwrite"));
  CHECK_FALSE(check::terminal_safe("del\x7f"));
}

TEST_CASE("fuzz::check::xml_chars") {
  CHECK(check::xml_chars("<svg>\t\r\n\xC3\xA9</svg>"));
  CHECK_FALSE(check::xml_chars("<text>\x01</text>"));
  CHECK_FALSE(check::xml_chars("<text>\x1b</text>"));
  CHECK_FALSE(check::xml_chars("<text>\xEF\xBF\xBE</text>"));  // U+FFFE
  CHECK(check::xml_chars("<text>\xEF\xBF\xBD</text>"));        // U+FFFD is a character
}

TEST_CASE("fuzz::check::json_well_formed") {
  SUBCASE("values of every kind, nested, with whitespace around") {
    CHECK(check::json_well_formed(R"({"schema":"x","v":1,"a":[1,-0.5,2e10,1E-3,true,false,null,{}],"s":"\u00e9\n"})"));
    CHECK(check::json_well_formed(" [ ] \n"));
    CHECK(check::json_well_formed("0"));
    CHECK(check::json_well_formed(R"("a\"b\\c\/")"));
  }
  SUBCASE("what a careless writer produces is refused") {
    CHECK_FALSE(check::json_well_formed(""));
    CHECK_FALSE(check::json_well_formed("{\"a\":1,}"));         // trailing comma
    CHECK_FALSE(check::json_well_formed("[1 2]"));              // missing comma
    CHECK_FALSE(check::json_well_formed("{\"a\" 1}"));          // missing colon
    CHECK_FALSE(check::json_well_formed("{a:1}"));              // unquoted key
    CHECK_FALSE(check::json_well_formed("[NaN]"));
    CHECK_FALSE(check::json_well_formed("[inf]"));
    CHECK_FALSE(check::json_well_formed("[01]"));               // leading zero
    CHECK_FALSE(check::json_well_formed("[1.]"));
    CHECK_FALSE(check::json_well_formed("[-]"));
    CHECK_FALSE(check::json_well_formed("[1e]"));
    CHECK_FALSE(check::json_well_formed("\"a\nb\""));           // a raw control character in a string
    CHECK_FALSE(check::json_well_formed("\"\\x41\""));          // no such escape
    CHECK_FALSE(check::json_well_formed("\"\\u12G4\""));
    CHECK_FALSE(check::json_well_formed("\"open"));
    CHECK_FALSE(check::json_well_formed("{} {}"));              // two documents
    CHECK_FALSE(check::json_well_formed("[1]\0"s));             // a NUL after the value
    CHECK_FALSE(check::json_well_formed("[1e400"));             // cut
  }
  SUBCASE("nesting deeper than the checker's bound is refused, not a stack overflow") {
    CHECK(check::json_well_formed(std::string(200, '[') + std::string(200, ']')));
    CHECK_FALSE(check::json_well_formed(std::string(100000, '[') + std::string(100000, ']')));
  }
}

TEST_CASE("fuzz::check::csv_tables_well_formed") {
  SUBCASE("one table, quoted cells with commas, quotes and newlines") {
    CHECK(check::csv_tables_well_formed("a,b\r\n1,2\r\n"));
    CHECK(check::csv_tables_well_formed("a,b\n1,2\n"));
    CHECK(check::csv_tables_well_formed("a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\n\"two\r\nlines\",\r\n"));
    CHECK(check::csv_tables_well_formed("name\r\n\"\"\r\n"));  // a quoted empty cell
    CHECK(check::csv_tables_well_formed("a,b\r\n1,2"));        // the last record without its CRLF
  }
  SUBCASE("tables separated by an empty line, each its own width") {
    CHECK(check::csv_tables_well_formed("a,b\r\n1,2\r\n\r\nc,d,e\r\n3,4,5\r\n"));
    CHECK_FALSE(check::csv_tables_well_formed("a,b\r\n1,2\r\n\r\nc,d,e\r\n3,4\r\n"));
  }
  SUBCASE("rows of another width and broken quoting are refused") {
    CHECK_FALSE(check::csv_tables_well_formed(""));
    CHECK_FALSE(check::csv_tables_well_formed("a,b\r\n1,2,3\r\n"));
    CHECK_FALSE(check::csv_tables_well_formed("a,b\r\n1\r\n"));
    CHECK_FALSE(check::csv_tables_well_formed("a,b\r\nx\ny,2\r\n"));     // an unquoted newline splits a row
    CHECK_FALSE(check::csv_tables_well_formed("a,b\r\nsay \"hi\",2\r\n"));  // a quote in an unquoted cell
    CHECK_FALSE(check::csv_tables_well_formed("a,b\r\n\"x\"y,2\r\n"));  // text after a closing quote
    CHECK_FALSE(check::csv_tables_well_formed("a,b\r\n\"open,2\r\n"));  // unterminated
    CHECK_FALSE(check::csv_tables_well_formed("a,b\r\n1\r2,3\r\n"));    // a bare CR
    CHECK_FALSE(check::csv_tables_well_formed("\r\na,b\r\n"));          // no header first
  }
}
