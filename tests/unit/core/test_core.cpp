// Unit tests of the shared core: JSON, number formatting, table renderers, dice, PRNG,
// rounding, strict TOML input and embedded data.
#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <memory>
#include <doctest/doctest.h>

#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <unistd.h>

#include "gunpowder/data/data.hpp"
#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/parallel.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/core/rng.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/input/reader.hpp"
#include "built_in_tables.hpp"

using namespace gunpowder;

TEST_CASE("json::dump") {
  SUBCASE("keys keep their insertion order") {
    json::Value v = json::object();
    v.set("zeta", 1);
    v.set("alpha", 2);
    CHECK(json::dump_compact(v) == R"({"zeta":1,"alpha":2})");
  }
  SUBCASE("reals are shortest round-trip, non-finite become null") {
    json::Value v = json::array();
    v.push(0.1);
    v.push(2.5);
    v.push(4000.0);
    v.push(std::nan(""));
    v.push(-0.0);
    CHECK(json::dump_compact(v) == "[0.1,2.5,4000,null,0]");
  }
  SUBCASE("one float policy: at most 12 significant digits, shortest form after rounding") {
    json::Value v = json::array();
    v.push(0.1 + 0.2);  // 0.30000000000000004
    v.push(8.0 / 15.0);
    v.push(3.3000000000000003);
    v.push(22.222999999999995);
    v.push(2.0 / 3.0);          // rounds up in the 12th digit
    v.push(1.0 / 3.0 * 3.0);    // 1
    v.push(123456789012345.0);  // more digits than kept
    v.push(1e-20);
    v.push(-0.1 - 0.2);
    v.push(1234567);  // an integer stays whole, whatever its length
    v.push(static_cast<long long>(123456789012345));
    CHECK(json::dump_compact(v) ==
          "[0.3,0.533333333333,3.3,22.223,0.666666666667,1,123456789012000,1e-20,-0.3,1234567,123456789012345]");
  }
  SUBCASE("every document opens with its schema's name and version") {
    json::Value d = json::document("war-machine", "battle");
    d.set("tool", "war-machine");
    CHECK(json::dump_compact(d) ==
          R"({"schema":{"name":"gunpowder/war-machine/battle","version":1},"tool":"war-machine"})");
    CHECK(json::dump_compact(json::schema("fire-odds", "scenarios", 2)) ==
          R"({"name":"gunpowder/fire-odds/scenarios","version":2})");
  }
  SUBCASE("no sentinel strings: an empty or dash text is null") {
    CHECK(json::text_or_null("").is_null());
    CHECK(json::text_or_null("-").is_null());
    CHECK(json::dump_compact(json::text_or_null("hold")) == R"("hold")");
  }
  SUBCASE("strings are escaped") {
    CHECK(json::quote("a\"b\\c\nd\x01") == R"("a\"b\\c\nd\u0001")");
  }
  SUBCASE("pretty form indents by two spaces and ends with a newline") {
    json::Value v = json::object();
    v.set("a", json::array());
    CHECK(v.find("a") != nullptr);
    CHECK(json::dump(v) == "{\n  \"a\": []\n}\n");
  }
  SUBCASE("text serialised in advance (json::raw) dumps as the tree it came from") {
    auto unit = [](int i) {
      json::Value u = json::object();
      u.set("name", "U" + std::to_string(i));
      u.set("attacks", json::array()).push(1.5);
      u.set("nested", json::object()).set("x", i);
      return u;
    };
    // Large enough for the array to be written on two threads.
    json::Value tree = json::object(), pre = json::object();
    tree.set("tool", "t");
    pre.set("tool", "t");
    json::Value& a = tree.set("units", json::array());
    json::Value& b = pre.set("units", json::array());
    for (int i = 0; i < 25000; ++i) {
      a.push(unit(i));
      b.push(json::raw(unit(i), 2));
    }
    CHECK(json::dump(pre) == json::dump(tree));
    // Written to a stream as it is made (more than a megabyte: it goes out in several writes).
    std::ostringstream streamed;
    json::dump_to(streamed, pre);
    CHECK(streamed.str().size() > (1u << 20));
    CHECK(streamed.str() == json::dump(tree));
    std::ostringstream small;
    json::dump_to(small, unit(3));
    CHECK(small.str() == json::dump(unit(3)));
    // Anywhere but its own level, or in compact form, it is an internal error.
    json::Value wrong = json::array();
    wrong.push(json::raw(unit(1), 2));
    CHECK_THROWS_AS(json::dump(wrong), std::logic_error);
    CHECK_THROWS_AS(json::dump_compact(pre), std::logic_error);
  }
}

TEST_CASE("fmtnum") {
  SUBCASE("shortest after rounding to significant digits") {
    CHECK(fmtnum::shortest(0.1 + 0.2) == "0.3");
    CHECK(fmtnum::shortest(8.0 / 15.0) == "0.533333333333");
    CHECK(fmtnum::shortest(3.3000000000000003) == "3.3");
    CHECK(fmtnum::shortest(3.0) == "3");
    CHECK(fmtnum::shortest(-0.0) == "0");
    CHECK(fmtnum::shortest(2.0 / 3.0, 4) == "0.6667");
    CHECK(fmtnum::shortest(1e300 * 1e300) == "n/a");
  }
  SUBCASE("shortest: a whole number below 2^53 is a plain integer, never in exponent notation") {
    CHECK(fmtnum::shortest(1e6) == "1000000");
    CHECK(fmtnum::shortest(9e5) == "900000");
    CHECK(fmtnum::shortest(-1e6) == "-1000000");
    CHECK(fmtnum::shortest(1e15) == "1000000000000000");
    CHECK(fmtnum::shortest(1e15, 17) == "1000000000000000");
    // 2^53 = 9007199254740992: rounded to 12 digits it is 9007199254740000, below 2^53 and whole.
    CHECK(fmtnum::shortest(9007199254740992.0) == "9007199254740000");
    CHECK(fmtnum::shortest(9007199254740991.0, 17) == "9007199254740991");
    // At 2^53 and beyond: the shortest form as before (plain or exponent, whichever is shorter).
    CHECK(fmtnum::shortest(9007199254740992.0, 17) == "9007199254740992");
    CHECK(fmtnum::shortest(1e16) == "1e+16");
    CHECK(fmtnum::shortest(-1e20) == "-1e+20");
    // Whole after the rounding to 12 digits.
    CHECK(fmtnum::shortest(999999.9999999) == "1000000");
    // Not whole: as before.
    CHECK(fmtnum::shortest(0.5) == "0.5");
    CHECK(fmtnum::shortest(1e-7) == "1e-07");
    CHECK(fmtnum::shortest(1500000.5) == "1500000.5");
    CHECK(fmtnum::shortest(-0.0) == "0");
  }
  CHECK(fmtnum::fixed(2.345, 2) == "2.35");
  CHECK(fmtnum::fixed(-0.001, 2) == "0.00");
  CHECK(fmtnum::trim(3.0) == "3");
  CHECK(fmtnum::trim(2.5) == "2.5");
  CHECK(fmtnum::trim(1.0 / 3.0) == "0.3333");
  CHECK(fmtnum::grouped(24000) == "24,000");
  CHECK(fmtnum::grouped(-1234567) == "-1,234,567");
  CHECK(fmtnum::percent(0.05) == "5.00%");
  CHECK(fmtnum::fixed(std::nan(""), 2) == "n/a");
  SUBCASE("a value too large for fixed notation is written in scientific notation, never garbage") {
    CHECK(fmtnum::fixed(1e308, 2) == "1e+308");
    CHECK(fmtnum::fixed(-2.5e150, 0) == "-2.5e+150");
    CHECK(fmtnum::trim(1.5e200) == "1.5e+200");
    CHECK(fmtnum::percent(1e300) == "1e+302%");
    CHECK(fmtnum::fixed(1e100, 1).size() == 103);  // still fixed: fits the buffer
  }
  SUBCASE("grouped takes the most negative integer") {
    CHECK(fmtnum::grouped(-9223372036854775807LL - 1) == "-9,223,372,036,854,775,808");
  }
}

TEST_CASE("report renderers") {
  report::Table t;
  t.title = "Pieces";
  t.add_column("name", "Name").add_column("shot_lb", "Shot", report::Align::right);
  t.add_row({"Saker", "5"}).add_row({"Culverin, long", "18"});
  SUBCASE("text pads columns and right-aligns numbers") {
    CHECK(report::render_text({t}) ==
          "Pieces\n"
          "Name            Shot\n"
          "--------------  ----\n"
          "Saker              5\n"
          "Culverin, long    18\n");
  }
  SUBCASE("markdown") {
    CHECK(report::render_markdown({t}) ==
          "### Pieces\n\n| Name | Shot |\n|---|---:|\n| Saker | 5 |\n| Culverin, long | 18 |\n");
  }
  SUBCASE("csv quotes fields with commas and uses the column keys") {
    CHECK(report::render_csv({t}) == "name,shot_lb\r\nSaker,5\r\n\"Culverin, long\",18\r\n");
  }
  SUBCASE("csv makes one table of several: context columns first, then every column once") {
    report::Table elves, orcs, other;
    elves.title = "Elves: adjustments";
    elves.context.push_back({"force", "Elves"});
    elves.add_column("adjustment", "Adjustment").add_column("br", "BR");
    elves.add_row({"Troop ratio", "30"});
    orcs = elves;
    orcs.context[0].value = "Orcs";
    orcs.rows = {{"Terrain", "-10"}, {"Fatigue"}};
    other.add_column("br", "BR").add_column("note", "Note");
    other.add_row({"5", "n"});
    CHECK(report::render_csv({elves, orcs, other}) ==
          "force,adjustment,br,note\r\nElves,Troop ratio,30,\r\nOrcs,Terrain,-10,\r\nOrcs,Fatigue,,\r\n,,5,n\r\n");
    CHECK(report::render_csv({}).empty());
  }
  SUBCASE("table names: given, or made of the title") {
    report::Table a;
    a.title = "Battle rating (seed 000, pp. 47-51)";
    CHECK(report::table_name(a) == "battle-rating");
    a.title = "Elves' Adjustments: 3 rows";
    CHECK(report::table_name(a) == "elves-adjustments");
    a.title = "";
    CHECK(report::table_name(a) == "table");
    a.name = "given";
    CHECK(report::table_name(a) == "given");
  }
  SUBCASE("csv renders the main table alone; --table's helpers find the others") {
    report::Report r;
    report::Table a, b, c;
    a.title = "Pieces";
    a.add_column("name", "Name").add_row({"Saker"});
    b.title = "Carriages";
    b.add_column("carriage", "Carriage").add_row({"Field"});
    c = b;
    c.rows = {{"Siege"}};
    r.tables = {a, b, c};
    CHECK(report::main_table_name(r) == "pieces");
    CHECK(report::render(r, report::Format::csv, false) == "name\r\nSaker\r\n");
    CHECK(report::table_names(r) == std::vector<std::string>{"pieces", "carriages"});
    CHECK(report::tables_named(r, "carriages").size() == 2);
    CHECK(report::tables_named(r, "none").empty());
    r.main_table = "carriages";
    CHECK(report::render(r, report::Format::csv, false) == "carriage\r\nField\r\nSiege\r\n");
  }
  SUBCASE("formats parse by name") {
    CHECK(report::parse_format("json") == report::Format::json);
    CHECK(report::parse_format("md") == report::Format::markdown);
    CHECK_FALSE(report::parse_format("xml"));
  }
}

TEST_CASE("dice::Dist") {
  SUBCASE("2d6 by convolution equals brute-force enumeration") {
    const auto d = dice::Dist::sum(2, 6);
    for (int s = 2; s <= 12; ++s) {
      int ways = 0;
      for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b) ways += a + b == s;
      CAPTURE(s);
      CHECK(d.p(s) == doctest::Approx(ways / 36.0).epsilon(1e-15));
    }
    CHECK(d.mean() == doctest::Approx(7));
    CHECK(d.total() == doctest::Approx(1));
  }
  SUBCASE("many dice (n x sides from 5,000: a sliding window) against a plain convolution and exact counts") {
    // 51d100: a convolution written here, die by die, in long double.
    std::vector<long double> conv{1.0L};
    for (int i = 0; i < 51; ++i) {
      std::vector<long double> next(conv.size() + 99, 0.0L);
      for (size_t a = 0; a < conv.size(); ++a)
        for (size_t f = 0; f < 100; ++f) next[a + f] += conv[a] / 100;
      conv.swap(next);
    }
    const auto d = dice::Dist::sum(51, 100);
    REQUIRE(d.min() == 51);
    REQUIRE(d.max() == 5100);
    double worst = 0;
    for (int t = 51; t <= 5100; ++t) {
      const auto want = static_cast<double>(conv[static_cast<size_t>(t - 51)]);
      worst = std::max(worst, std::fabs(d.p(t) - want) / want);
    }
    CAPTURE(worst);
    CHECK(worst < 1e-12);  // relative, even in the tails (1e-102 at the ends)
    CHECK(d.p(51) == doctest::Approx(std::pow(100.0, -51)).epsilon(1e-12));
    CHECK(d.p(52) == doctest::Approx(51 * std::pow(100.0, -51)).epsilon(1e-12));
    CHECK(d.total() == doctest::Approx(1).epsilon(1e-13));
    CHECK(d.mean() == doctest::Approx(51 * 50.5).epsilon(1e-13));
    // 2d3000: the ways to throw t are min(t - 1, 6001 - t) of 9,000,000.
    const auto two = dice::Dist::sum(2, 3000);
    for (int t : {2, 3, 1500, 3000, 3001, 3002, 4500, 5999, 6000}) {
      CAPTURE(t);
      CHECK(two.p(t) == doctest::Approx(std::min(t - 1, 6001 - t) / 9e6).epsilon(1e-14));
    }
    CHECK(two.denominator() == 9000000);
  }
  SUBCASE("6d10 has mean 33 and support 6..60") {
    const auto d = dice::Dist::sum(6, 10);
    CHECK(d.min() == 6);
    CHECK(d.max() == 60);
    CHECK(d.mean() == doctest::Approx(33));
  }
  SUBCASE("2d6 x 25 yards (long-range scatter)") {
    const auto d = dice::Dist::sum(2, 6).times(25);
    CHECK(d.min() == 50);
    CHECK(d.max() == 300);
    CHECK(d.p(175) == doctest::Approx(6 / 36.0));
    CHECK(d.p(176) == 0);
  }
  SUBCASE("notation") {
    dice::Notation n;
    CHECK(dice::parse_notation("4d10", n));
    CHECK(n.count == 4);
    CHECK(n.sides == 10);
    CHECK(dice::parse_notation("d20+3", n));
    CHECK(n.count == 1);
    CHECK(n.bonus == 3);
    CHECK(dice::parse_notation("2d6-1", n));
    CHECK(n.bonus == -1);
    CHECK_FALSE(dice::parse_notation("2d", n));
    CHECK_FALSE(dice::parse_notation("xd6", n));
    CHECK_FALSE(dice::parse_notation("2d6+", n));
  }
  SUBCASE("d20 throws") {
    CHECK(dice::d20_at_least(11) == doctest::Approx(0.5));
    CHECK(dice::d20_at_least(21) == 0);
    CHECK(dice::d20_at_least(11, -4) == doctest::Approx(0.3));
    CHECK(dice::d20_at_least(1) == 1);
  }
  SUBCASE("pool enumeration visits every multiset once and sums to 1") {
    double total = 0;
    int pools = 0;
    dice::for_each_pool(5, 6, [&](const std::vector<int>& counts, double p) {
      int n = 0;
      for (int c : counts) n += c;
      CHECK(n == 5);
      total += p;
      ++pools;
    });
    CHECK(pools == 252);  // C(5 + 6 - 1, 5)
    CHECK(total == doctest::Approx(1).epsilon(1e-14));
    CHECK(dice::multinomial({2, 1, 1, 1, 0, 0}) == 60);
  }
}

TEST_CASE("Rng") {
  SUBCASE("xoshiro256** seeded by splitmix64 matches an independent implementation") {
    Rng r(42);
    CHECK(r.next() == 0x15780b2e0c2ec716ULL);
    CHECK(r.next() == 0x6104d9866d113a7eULL);
    CHECK(r.next() == 0xae17533239e499a1ULL);
  }
  SUBCASE("bounded integers follow Lemire's method bit for bit") {
    Rng r(7);
    const std::vector<int> expected = {15, 6, 17, 20, 20, 18, 2, 3, 9, 4};
    for (int e : expected) CHECK(r.roll(20) == e);
  }
  SUBCASE("a d6 is roughly uniform over 60,000 rolls") {
    Rng r(1);
    std::vector<int> counts(7, 0);
    for (int i = 0; i < 60000; ++i) ++counts[static_cast<size_t>(r.roll(6))];
    for (int f = 1; f <= 6; ++f) CHECK(std::abs(counts[static_cast<size_t>(f)] - 10000) < 400);
  }
  SUBCASE("streams differ and are reproducible") {
    CHECK(Rng::stream(5, 0).next() == Rng::stream(5, 0).next());
    CHECK(Rng::stream(5, 0).next() != Rng::stream(5, 1).next());
  }
}

TEST_CASE("rounding") {
  CHECK(rounding::half_up(2.5) == 3);
  CHECK(rounding::nearest_20_yards(270) == 280);
  CHECK(rounding::nearest_20_yards(269.9) == 260);
  CHECK(rounding::nearest_100_yards(1746) == 1700);
  CHECK(rounding::caliber_quarter_inch(5.04) == 5.25);
  CHECK(rounding::caliber_quarter_inch(4.75) == 4.75);
  CHECK(rounding::fraction_up(3.01) == 4);
  CHECK(rounding::fraction_up(3.0) == 3);
}

TEST_CASE("saturated conversions: a figure out of range is an integer's limit, never undefined") {
  CHECK(rounding::saturated_int(41.0) == 41);
  CHECK(rounding::saturated_int(-7.0) == -7);
  CHECK(rounding::saturated_int(2147483647.0) == INT_MAX);
  CHECK(rounding::saturated_int(2147483648.0) == INT_MAX);
  CHECK(rounding::saturated_int(1e300) == INT_MAX);
  CHECK(rounding::saturated_int(HUGE_VAL) == INT_MAX);
  CHECK(rounding::saturated_int(-1e300) == INT_MIN);
  CHECK(rounding::saturated_int(std::nan("")) == INT_MIN);
  CHECK(rounding::saturated_int64(41.0) == 41);
  CHECK(rounding::saturated_int64(4294967296.0) == 4294967296LL);              // beyond an int: kept
  CHECK(rounding::saturated_int64(9007199254740992.0) == 9007199254740992LL);  // 2^53
  CHECK(rounding::saturated_int64(9223372036854775807.0) == LLONG_MAX);        // the double is 2^63
  CHECK(rounding::saturated_int64(1e300) == LLONG_MAX);
  CHECK(rounding::saturated_int64(-9223372036854775808.0) == LLONG_MIN);
  CHECK(rounding::saturated_int64(-1e300) == LLONG_MIN);
  CHECK(rounding::saturated_int64(std::nan("")) == LLONG_MIN);
}

namespace {
input::Document parse_ok(const std::string& text) {
  auto d = input::parse(text, "t.toml");
  REQUIRE(d.has_value());
  return std::move(*d);
}
}  // namespace

TEST_CASE("input::TableReader") {
  SUBCASE("a syntax error gives its position") {
    auto d = input::parse("a = [1,\nb = 2\n", "bad.toml");
    REQUIRE_FALSE(d.has_value());
    const auto& e = d.error().items().front();
    CHECK(e.pos.file == "bad.toml");
    CHECK(e.pos.line == 2);
    CHECK(e.message.rfind("invalid TOML: ", 0) == 0);
  }
  SUBCASE("types, ranges, allowed values and unknown keys are all reported") {
    auto doc = parse_ok("shot_lb = \"six\"\npowder_lb = -4\ntype = \"howitzer\"\nshot_weight = 6\n");
    Diagnostics diags;
    input::TableReader r(doc, doc.root, diags, "[[piece]]");
    CHECK_FALSE(r.number("shot_lb", input::Need::required, input::positive()));
    CHECK_FALSE(r.number("powder_lb", input::Need::optional, input::positive()));
    CHECK_FALSE(r.string("type", input::Need::required, {"cannon", "gun", "mortar"}));
    CHECK_FALSE(r.string("name", input::Need::required));
    r.finish();
    REQUIRE(diags.items().size() == 5);
    CHECK(diags.items()[0].message == "'shot_lb' must be a number, got string \"six\"");
    CHECK(diags.items()[0].pos.line == 1);
    CHECK(diags.items()[0].pos.column == 11);
    CHECK(diags.items()[1].message == "'powder_lb' must be positive, got -4");
    CHECK(diags.items()[2].message == "unknown type \"howitzer\" (allowed: cannon, gun, mortar)");
    CHECK(diags.items()[3].message == "missing required key 'name' (a string) in [[piece]]");
    CHECK(diags.items()[4].message ==
          "unknown key 'shot_weight' in [[piece]] (allowed: name, powder_lb, shot_lb, type)");
    CHECK(diags.items()[4].pos.line == 4);
    CHECK(diags.items()[4].source_line == "shot_weight = 6");
    CHECK(diags.code() == ExitCode::data_error);
  }
  SUBCASE("non-finite floats are refused") {
    auto doc = parse_ok("x = nan\ny = inf\n");
    Diagnostics diags;
    input::TableReader r(doc, doc.root, diags, "t");
    CHECK_FALSE(r.number("x", input::Need::required));
    CHECK_FALSE(r.number("y", input::Need::required));
    CHECK(diags.items().size() == 2);
  }
  SUBCASE("a string is at most 64 KiB; a whole number without a range at most 1,000,000 either way") {
    const std::string longest(input::TableReader::kMaxTextBytes, 'x');
    auto doc = parse_ok("ok = \"" + longest + "\"\nlong = \"" + longest + "y\"\nn = 1000000\nm = -1000001\n"
                        "chance_pct = 101\n");
    Diagnostics diags;
    input::TableReader r(doc, doc.root, diags, "t");
    CHECK(r.string("ok", input::Need::required) == longest);
    CHECK_FALSE(r.string("long", input::Need::required));
    CHECK(r.integer("n", input::Need::required) == 1000000);
    CHECK_FALSE(r.integer("m", input::Need::required));
    CHECK_FALSE(r.integer("chance_pct", input::Need::required));  // its name's range, 0 to 100
    REQUIRE(diags.items().size() == 3);
    CHECK(diags.items()[0].message == "'long' must be at most 65,536 bytes long, got 65,537");
    CHECK(diags.items()[1].message == "'m' must be at least -1000000 (a whole number of a table), got -1000001");
    CHECK(diags.items()[2].message == "'chance_pct' must be at most 100 (a percentage), got 101");
  }
  SUBCASE("an integer where an integer is wanted, not a float") {
    auto doc = parse_ok("n = 2.5\n");
    Diagnostics diags;
    input::TableReader r(doc, doc.root, diags, "t");
    CHECK_FALSE(r.integer("n", input::Need::required));
    CHECK(diags.items().front().message == "'n' must be an integer, got float 2.5");
  }
  SUBCASE("the [[key]] tables of a file: absent, not an array, or an element that is not a table") {
    Diagnostics d;
    auto doc = parse_ok("[[piece]]\nk = 1\n[[piece]]\nk = 2\n");
    const auto ts = input::tables_of(doc, "piece", d);
    CHECK(ts.size() == 2);
    CHECK(d.empty());
    CHECK(input::tables_of(doc, "unit", d).empty());
    REQUIRE(d.items().size() == 1);
    CHECK(d.items()[0].message == "no [[unit]] table in the file");
    CHECK(d.items()[0].pos.line == 1);
    Diagnostics d2;
    auto mixed = parse_ok("unit = [1, { k = 2 }]\n");
    CHECK(input::tables_of(mixed, "unit", d2).size() == 1);
    REQUIRE(d2.items().size() == 1);
    CHECK(d2.items()[0].message == "each [[unit]] must be a table, got integer");
    Diagnostics d3;
    auto scalar = parse_ok("unit = 3\n");
    CHECK(input::tables_of(scalar, "unit", d3).empty());
    REQUIRE(d3.items().size() == 1);
    CHECK(d3.items()[0].message == "'unit' must be an array of tables ([[unit]]), got integer");
  }
  SUBCASE("a missing file is exit 66") {
    auto t = input::read_input("/nonexistent/x.toml");
    REQUIRE_FALSE(t.has_value());
    CHECK(t.error().code() == ExitCode::no_input);
  }
  SUBCASE("diagnostics render as tool: file:line:col: error: with the line and a caret") {
    Diagnostic d{SourcePos{"p.toml", 3, 11}, "shot weight must be positive, got -4", "shot_lb = -4", ExitCode::data_error, {}};
    CHECK(format_diagnostic("artillery-design", d) ==
          "artillery-design: p.toml:3:11: error: shot weight must be positive, got -4\n  shot_lb = -4\n            ^\n");
  }
}

TEST_CASE("data::embedded") {
  SUBCASE("every file of data/ is embedded and parses as TOML") {
    std::set<std::string> on_disk;
    for (const auto& e : std::filesystem::directory_iterator(std::string(GUNPOWDER_SOURCE_DIR) + "/data"))
      if (e.path().extension() == ".toml") on_disk.insert(e.path().filename().string());
    std::set<std::string> embedded;
    for (const auto& f : data::embedded_files()) {
      embedded.insert(std::string(f.name));
      auto doc = data::load(gunpowder::testing::built_in(), f.name);
      CAPTURE(f.name);
      CHECK(doc.has_value());
      std::ifstream in(std::string(GUNPOWDER_SOURCE_DIR) + "/data/" + std::string(f.name), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      CHECK(ss.str() == f.text);
    }
    CHECK(on_disk == embedded);
    CHECK(on_disk.size() >= 10);
  }
  SUBCASE("an unknown name is an internal error") {
    auto d = data::load(gunpowder::testing::built_in(), "nope.toml");
    REQUIRE_FALSE(d.has_value());
    CHECK(d.error().code() == ExitCode::internal);
  }
}

TEST_CASE("parallel::ranges, parallel::each and parallel::both") {
  SUBCASE("every index once, whatever the number of threads") {
    for (unsigned threads : {1U, 2U, 3U, 8U})
      for (size_t n : {size_t{0}, size_t{1}, size_t{5}, size_t{1000}}) {
        CAPTURE(threads);
        CAPTURE(n);
        std::vector<int> seen(n, 0);
        parallel::ranges(n, threads, [&](unsigned, size_t from, size_t to) {
          for (size_t i = from; i < to; ++i) ++seen[i];
        });
        CHECK(std::count(seen.begin(), seen.end(), 1) == static_cast<long>(n));
      }
  }
  SUBCASE("parallel::each: every index once, items taken as threads come free") {
    for (unsigned threads : {1U, 2U, 3U, 8U})
      for (size_t n : {size_t{0}, size_t{1}, size_t{5}, size_t{1000}}) {
        CAPTURE(threads);
        CAPTURE(n);
        std::vector<std::atomic<int>> seen(n);
        parallel::each(n, threads, [&](size_t i) { ++seen[i]; });
        CHECK(std::count_if(seen.begin(), seen.end(), [](const std::atomic<int>& c) { return c == 1; }) ==
              static_cast<long>(n));
      }
    CHECK_THROWS_AS(parallel::each(10, 2, [](size_t i) {
                      if (i == 3) throw std::runtime_error("item 3");
                    }),
                    std::runtime_error);
  }
  SUBCASE("an exception on another thread reaches the caller after every part has stopped") {
    std::atomic<int> finished{0};
    CHECK_THROWS_AS(parallel::ranges(300, 3,
                                     [&](unsigned part, size_t, size_t) {
                                       if (part == 2) throw std::runtime_error("part 2");
                                       ++finished;
                                     }),
                    std::runtime_error);
    CHECK(finished == 2);
    CHECK_THROWS_AS(parallel::both([] {}, [] { throw std::runtime_error("second"); }), std::runtime_error);
    CHECK_THROWS_AS(parallel::both([] { throw std::runtime_error("first"); }, [] {}), std::runtime_error);
  }
}

TEST_CASE("input::place_fields") {
  auto doc = input::parse("[besieger]\nname = \"A\"\n[[besieger.artillery]]\npiece = \"x\"\n"
                          "[[besieger.artillery]]\npiece = \"y\"\nrange_yd = 900\n",
                          "s.toml");
  REQUIRE(doc.has_value());
  Diagnostics in;
  in.field_error("besieger.artillery[1].range_yd", "out of range");
  in.field_error("besieger.artillery[1].crew", "absent key: the table");
  in.field_error("besieger.artillery[7].piece", "index past the end: the array");
  in.error(SourcePos{"other.toml", 3, 4}, "already placed", "x");
  const auto out = input::place_fields(in, *doc, doc->root);
  REQUIRE(out.items().size() == 4);
  SUBCASE("a full path is placed at its value, with the line shown under it") {
    const auto& d = out.items()[0];
    CHECK(d.pos.file == "s.toml");
    CHECK(d.pos.line == 7);
    CHECK(d.pos.column == 12);
    CHECK(d.source_line == "range_yd = 900");
    CHECK(d.field.empty());
    CHECK(d.code == ExitCode::data_error);
  }
  SUBCASE("a path that leaves the tree is placed at the last node it reached") {
    CHECK(out.items()[1].pos.line == 5);  // the second [[besieger.artillery]] table
    CHECK(out.items()[2].pos.line == 3);  // the array begins at its first table
  }
  SUBCASE("a diagnostic without a field is left as it was") {
    CHECK(out.items()[3].pos.file == "other.toml");
    CHECK(out.items()[3].pos.line == 3);
    CHECK(out.items()[3].message == "already placed");
  }
}

TEST_CASE("input::read_input refuses what is not a whole text file") {
  SUBCASE("a directory is a missing input (66), said in words") {
    const auto r = input::read_input(std::filesystem::temp_directory_path().string());
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code() == ExitCode::no_input);
    CHECK(r.error().items()[0].message == "input is a directory");
  }
  SUBCASE("a read error is 66 with the system's reason, never a partial text") {
    const auto r = input::read_input("/proc/self/mem");  // open succeeds, read gives EIO
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code() == ExitCode::no_input);
    CHECK(r.error().items()[0].message == "cannot read input: Input/output error");
  }
  SUBCASE("a file that does not exist") {
    const auto r = input::read_input("/nonexistent/x.toml");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code() == ExitCode::no_input);
    CHECK(r.error().items()[0].message == "cannot open input: No such file or directory");
  }
}

TEST_CASE("input::read_input from standard input") {
  // Standard input is file descriptor 0: the test puts a pipe (or nothing) there and restores it.
  const int saved = ::dup(0);  // -1 when the test itself runs with standard input closed
  auto restore = [saved] {
    if (saved >= 0) ::dup2(saved, 0);
    else ::close(0);
  };
  auto with_stdin = [&](const std::string& bytes) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    REQUIRE(::write(fds[1], bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
    ::close(fds[1]);
    if (fds[0] != 0) {  // with standard input closed, the pipe's read end is already 0
      ::dup2(fds[0], 0);
      ::close(fds[0]);
    }
    auto r = input::read_input("-");
    restore();
    return r;
  };
  SUBCASE("a NUL is refused as from a file, naming <stdin>") {
    const auto r = with_stdin(std::string("a = 1\n\0b = 2\n", 13));
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code() == ExitCode::data_error);
    CHECK(r.error().items()[0].message == "input is not text (it contains a NUL byte)");
    CHECK(r.error().items()[0].pos.file == "<stdin>");
  }
  SUBCASE("the whole text of a pipe") {
    const auto r = with_stdin("[[piece]]\ntype = \"gun\"\n");
    REQUIRE(r.has_value());
    CHECK(*r == "[[piece]]\ntype = \"gun\"\n");
  }
  SUBCASE("a closed standard input is a missing input (66), not an empty file") {
    ::close(0);
    const auto r = input::read_input("-");
    restore();
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code() == ExitCode::no_input);
    CHECK(r.error().items()[0].message == "cannot read standard input: Bad file descriptor");
  }
  if (saved >= 0) ::close(saved);
}

TEST_CASE("report::cell makers: shown as the books print, read raw") {
  using namespace gunpowder::report;
  CHECK(cell::integer(2500).text == "2,500");
  CHECK(cell::integer(2500).data() == "2500");
  CHECK(cell::integer(-1250).text == "-1,250");
  CHECK(cell::signed_integer(20).text == "+20");
  CHECK(cell::signed_integer(20).data() == "20");
  CHECK(cell::signed_integer(-3).text == "-3");
  CHECK(cell::signed_integer(0).text == "0");
  CHECK(cell::percent(0.4278).text == "42.78%");
  CHECK(cell::percent(0.4278).data() == "0.4278");
  CHECK(cell::percent(8.0 / 15).data() == "0.533333333333");
  CHECK(cell::number(24000.5, 1, true).text == "24,000.5");
  CHECK(cell::number(-1234567.0, 0, true).text == "-1,234,567");
  CHECK(cell::number(999.96, 1, true).text == "1,000.0");
  CHECK(cell::number(0.1 + 0.2, 2).data() == "0.3");
  CHECK(cell::inches(8).text == "8\"");
  CHECK(cell::inches(8).data() == "8");
  CHECK(cell::none().text == "-");
  CHECK(cell::none().data().empty());
  CHECK(Cell("plain").data() == "plain");
  CHECK(cell::integer(std::optional<long long>{}).text == "-");
  CHECK(cell::integer(std::optional<long long>{}).data().empty());
  CHECK(cell::integer(std::optional<long long>{1500}).data() == "1500");
  CHECK(cell::trimmed(std::optional<double>{}, 2).data().empty());
  CHECK(cell::trimmed(std::optional<double>{2.5}, 2).text == "2.5");
}

TEST_CASE("report: columns for people and columns for programs") {
  using namespace gunpowder::report;
  Table t;
  t.add_column("name", "Name")
      .add_column("range_yd", "Range yd", Align::right, Shown::people)
      .add_column("range_short_yd", "", Align::right, Shown::programs)
      .add_column("range_long_yd", "", Align::right, Shown::programs);
  t.add_row({"gun", "100/900", cell::integer(100), cell::integer(900)});
  CHECK(render_csv({t}) == "name,range_short_yd,range_long_yd\r\ngun,100,900\r\n");
  const std::string text = render_text({t});
  CHECK(text.find("100/900") != std::string::npos);
  CHECK(text.find("range_short") == std::string::npos);
  CHECK(render_markdown({t}) == "| Name | Range yd |\n|---|---:|\n| gun | 100/900 |\n");
  std::string streamed = csv_header(t);
  csv_rows(streamed, t, t.rows);
  CHECK(streamed == render_csv({t}));
}

TEST_CASE("suite_spelling: a typed value, the books' spellings included, in the suite's spelling") {
  CHECK(gunpowder::suite_spelling("Attack+") == "attack-plus");
  CHECK(gunpowder::suite_spelling("Below Average") == "below-average");
  CHECK(gunpowder::suite_spelling("  Elite ") == "elite");
  CHECK(gunpowder::suite_spelling("attack-plus") == "attack-plus");
  CHECK(gunpowder::suite_spelling("below_average") == "below-average");
  CHECK(gunpowder::suite_spelling("Catapult, light") == "catapult-light");
  CHECK(gunpowder::suite_spelling("Field Carriage & Limber") == "field-carriage-and-limber");
  CHECK(gunpowder::suite_spelling("Field Carriage &Limber") == "field-carriage-and-limber");
  CHECK(gunpowder::suite_spelling("Three of a kind") == "three-of-a-kind");
}
