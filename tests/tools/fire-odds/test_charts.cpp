// fire-odds' charts: the distributions drawn (dist_chart), their tails and bands.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fire-odds/fire_app.hpp"

using namespace gunpowder;

TEST_CASE("fire_app::dist_chart") {
  SUBCASE("one bar per value with a chance, a value no series gives left out") {
    const dice::Dist d(2, {0.25, 0.0, 0.75});  // 2, (3 impossible), 4
    const report::Chart c = fire_app::dist_chart("Points", "Points", {{"", &d}});
    CHECK(c.labels == std::vector<std::string>{"2", "4"});
    REQUIRE(c.series.size() == 1);
    CHECK(*c.series[0].values[0] == doctest::Approx(0.25));
    CHECK(*c.series[0].values[1] == doctest::Approx(0.75));
    CHECK(c.title == "Points");
  }
  SUBCASE("several series over the union of their values, 0 where one has no chance") {
    const dice::Dist a(0, {0.5, 0.5}), b(1, {0.5, 0.5});
    const report::Chart c = fire_app::dist_chart("Hits", "Hits", {{"On the target", &a}, {"Self-hits", &b}});
    CHECK(c.labels == std::vector<std::string>{"0", "1", "2"});
    CHECK(*c.series[0].values[2] == 0.0);
    CHECK(*c.series[1].values[0] == 0.0);
    CHECK(c.series[1].name == "Self-hits");
  }
  SUBCASE("tails under 0.01% are not drawn, and the title says so inside its parentheses") {
    const dice::Dist d(0, {0.00001, 0.5, 0.49999});
    const report::Chart c = fire_app::dist_chart("Wounds (short column)", "Wounds", {{"", &d}});
    CHECK(c.labels == std::vector<std::string>{"1", "2"});
    CHECK(c.title == "Wounds (short column; chances under 0.01% not drawn)");
  }
  SUBCASE("more than 40 values: bands of equal width, their chances summed") {
    std::vector<double> p(81, 1.0 / 81);  // 0..80, uniform
    const dice::Dist d(0, p);
    const report::Chart c = fire_app::dist_chart("Kills", "Kills", {{"", &d}});
    // (80 - 0) / 40 + 1 = 3 values a band: 0-2, 3-5, ..., 78-80, 27 bands of 3/81 each.
    REQUIRE(c.labels.size() == 27);
    CHECK(c.labels.front() == "0-2");
    CHECK(c.labels.back() == "78-80");
    CHECK(*c.series[0].values[5] == doctest::Approx(3.0 / 81));
  }
}
