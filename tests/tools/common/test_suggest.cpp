// test_suggest.cpp - "did you mean": the edit distance and the choice of the nearest name.
#include <doctest/doctest.h>

#include "common/suggest.hpp"

using gunpowder::cli::edit_distance;
using gunpowder::cli::nearest;

TEST_CASE("cli::edit_distance") {
  SUBCASE("the edits of the textbook examples") {
    CHECK(edit_distance("kitten", "sitting") == 3);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("abc", "abc") == 0);
  }
  SUBCASE("a swap of two neighbours is one edit, and case does not count") {
    CHECK(edit_distance("batle", "battle") == 1);
    CHECK(edit_distance("brodside", "broadside") == 1);
    CHECK(edit_distance("--tpye", "--type") == 1);
    CHECK(edit_distance("JSON", "json") == 0);
  }
}

TEST_CASE("cli::nearest") {
  const std::vector<std::string> subs = {"rate", "battle", "campaign", "march", "siege"};
  SUBCASE("a near name is suggested") {
    CHECK(nearest("batle", subs) == std::optional<std::string>("battle"));
    CHECK(nearest("campain", subs) == std::optional<std::string>("campaign"));
    CHECK(nearest("sege", subs) == std::optional<std::string>("siege"));
  }
  SUBCASE("a far name is not, nor an empty one") {
    CHECK_FALSE(nearest("zzzzzz", subs));
    CHECK_FALSE(nearest("", subs));
  }
  SUBCASE("a prefix of one name is that name; of several, none") {
    CHECK(nearest("camp", subs) == std::optional<std::string>("campaign"));
    const std::vector<std::string> flags = {"--range-band", "--range-ft", "--range-yd"};
    CHECK_FALSE(nearest("--rang", flags));
  }
}
