// test_figure_ranges.cpp - report::figure_out_of_range: every figure checked against its kind's
// range before it is written (issue 24, item 1: "never INT_MIN or 1e+300").
#include <doctest/doctest.h>

#include <climits>
#include <cmath>
#include <limits>
#include <string>

#include "gunpowder/core/model.hpp"
#include "gunpowder/core/report.hpp"

using namespace gunpowder;
using report::Field;
using report::Kind;

namespace {
constexpr Field kName{"name", "Name", Kind::text, "", "the piece's name", "", false};
constexpr Field kShp{"shp", "Structural hit points", Kind::count, "", "hit points"};
constexpr Field kMod{"modifier", "Modifier", Kind::integer, "", "an adjustment"};
constexpr Field kCost{"cost_gp", "Cost", Kind::amount, "gp", "price"};
constexpr Field kRatio{"ratio", "Ratio", Kind::number, "", "any real number"};
constexpr Field kHit{"p_hit", "Hit", Kind::probability, "", "chance to hit"};
constexpr Field kShare{"share", "Share", Kind::fraction, "", "a share of a whole"};
constexpr Field kSeed{"seed", "Seed", Kind::count, "", "the seed"};
constexpr Field kDice{"damage", "Damage", Kind::dice, "", "dice"};

const report::TableSpec& rows_spec() {
  static const report::TableSpec s("pieces", "Pieces", "one piece",
                                   {kName, kShp, kMod, kCost, kRatio, kHit, kShare, kSeed, kDice});
  return s;
}
const report::TableSpec& record_spec() {
  static const report::TableSpec s =
      report::TableSpec("piece", "7-pdr Gun", "one piece", {kShp, kCost}).as_record("Characteristic", false);
  return s;
}

// A report of one row whose cells are in range, but for the column `bad` (0-based among the
// numeric columns, from kShp on) given the raw value `raw`.
report::Report row_with(size_t bad, const std::string& raw) {
  std::vector<report::Cell> cells = {"Gun",
                                     report::cell::integer(3),
                                     report::cell::signed_integer(-2),
                                     report::cell::trimmed(250.5),
                                     report::cell::trimmed(-1.5),
                                     report::cell::percent(0.25),
                                     report::cell::trimmed(1.0),
                                     report::cell::integer(7),
                                     "2d10"};
  if (bad != SIZE_MAX) cells[bad + 1] = report::Cell(raw, raw);
  report::Table t(rows_spec());
  t.add_row(cells);
  report::Report r;
  r.tables.push_back(std::move(t));
  return r;
}
}  // namespace

TEST_CASE("report::figure_out_of_range") {
  SUBCASE("figures in their kinds' ranges pass, none shown ('-') passes") {
    CHECK_FALSE(report::figure_out_of_range(row_with(SIZE_MAX, "")).has_value());
    CHECK_FALSE(report::figure_out_of_range(row_with(0, "")).has_value());
    // a 64-bit seed is a whole number in range; a negative integer is, a negative number is
    CHECK_FALSE(report::figure_out_of_range(row_with(6, "18446744073709551615")).has_value());
    CHECK_FALSE(report::figure_out_of_range(row_with(1, "-40")).has_value());
    CHECK_FALSE(report::figure_out_of_range(row_with(3, "-1e14")).has_value());
    CHECK_FALSE(report::figure_out_of_range(row_with(4, "1")).has_value());
    CHECK_FALSE(report::figure_out_of_range(row_with(4, "0")).has_value());
  }
  SUBCASE("the issue's reproducers: INT_MIN hit points, a calibre of 1.9e+300, n/a") {
    auto m = report::figure_out_of_range(row_with(0, std::to_string(INT_MIN)));
    REQUIRE(m.has_value());
    CHECK(*m == "the figure 'Structural hit points' of 'Pieces' (-2147483648) is the limit of a 32-bit integer "
                "(a figure that overflowed)");
    m = report::figure_out_of_range(row_with(2, "1.91293118277e+300"));
    REQUIRE(m.has_value());
    CHECK(*m == "the figure 'Cost' of 'Pieces' (1.91293118277e+300) is beyond 10^15 in size");
    m = report::figure_out_of_range(row_with(2, "n/a"));
    REQUIRE(m.has_value());
    CHECK(m->find("is not a finite number") != std::string::npos);
    CHECK(report::figure_out_of_range(row_with(1, std::to_string(INT_MAX))).has_value());
    CHECK(report::figure_out_of_range(row_with(3, "inf")).has_value());
    CHECK(report::figure_out_of_range(row_with(3, "nan")).has_value());
  }
  SUBCASE("each kind's own bounds (the schema's minimum and maximum, kind_range)") {
    CHECK(report::figure_out_of_range(row_with(0, "-1"))->find("is below 0, the least a count can be") != std::string::npos);
    CHECK(report::figure_out_of_range(row_with(2, "-0.5"))->find("is below 0, the least an amount can be") != std::string::npos);
    CHECK(report::figure_out_of_range(row_with(4, "1.01"))->find("is above 1, the most a probability can be") != std::string::npos);
    CHECK(report::figure_out_of_range(row_with(4, "-0.01")).has_value());
    CHECK(report::figure_out_of_range(row_with(5, "2"))->find("is above 1, the most a fraction can be") != std::string::npos);
    CHECK(report::figure_out_of_range(row_with(6, "1e20"))->find("beyond 2^64") != std::string::npos);
    CHECK(report::figure_out_of_range(row_with(3, "2e15")).has_value());  // a number beyond 10^15
  }
  SUBCASE("a record table's figures, and a long figure named by its first digits") {
    report::Table c(record_spec());
    c.add_figure(kShp, report::cell::integer(3));
    c.add_figure(kCost, report::Cell(std::string(100, '1'), std::string(100, '1')));
    report::Report r;
    r.tables.push_back(std::move(c));
    auto m = report::figure_out_of_range(r);
    REQUIRE(m.has_value());
    CHECK(*m == "the figure 'Cost' of '7-pdr Gun' (1.11111e+99) is beyond 10^15 in size");
  }
  SUBCASE("text, dice and enumerated figures are not numbers") {
    report::Report r = row_with(SIZE_MAX, "");
    r.tables[0].rows[0][8] = report::Cell("99999d99999");
    CHECK_FALSE(report::figure_out_of_range(r).has_value());
  }
}
