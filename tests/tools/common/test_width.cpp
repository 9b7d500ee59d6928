// The width text is laid out to (tools/common/width.hpp): COLUMNS, else the terminal's, else 100.
#include <doctest/doctest.h>

#include <optional>

#include "common/width.hpp"

using gunpowder::cli::width_from;

TEST_CASE("cli::width_from") {
  SUBCASE("COLUMNS comes first, even in a terminal") {
    CHECK(width_from("80", std::nullopt) == 80);
    CHECK(width_from("200", std::size_t{120}) == 200);
  }
  SUBCASE("without COLUMNS, the terminal's width; without a terminal, 100") {
    CHECK(width_from(nullptr, std::size_t{132}) == 132);
    CHECK(width_from(nullptr, std::nullopt) == 100);
    CHECK(width_from(nullptr, std::size_t{0}) == 100);  // a terminal that does not know its width
  }
  SUBCASE("a COLUMNS that is not a width is ignored") {
    for (const char* bad : {"", "0", "-80", "+80", " 80", "80x", "abc", "1000001", "99999999999999999999"})
      CHECK(width_from(bad, std::size_t{90}) == 90);
    CHECK(width_from("100000", std::nullopt) == 100000);
    CHECK(width_from("100001", std::nullopt) == 100);
  }
}
