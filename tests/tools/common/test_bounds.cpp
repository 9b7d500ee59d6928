// Tests of cli::bounded (tools/common/bounds.hpp): a number flag's text is checked as typed, the
// message quotes it exactly and names the bound it broke (issue 24, item 5).
#include <doctest/doctest.h>

#include <CLI/CLI.hpp>
#include <sstream>

#include "common/bounds.hpp"
#include "common/cli.hpp"

using namespace gunpowder;

TEST_CASE("cli::bounds_error") {
  const cli::Bounds feet{0, 100000, false, true, "feet"};
  const cli::Bounds count{1, 1000000000, true};
  SUBCASE("within the bounds: no message") {
    for (const char* ok : {"120", "0.5", "100000", "1e3", "+7", "100000.0"}) {
      CAPTURE(ok);
      CHECK(cli::bounds_error(feet, ok).empty());
    }
    for (const char* ok : {"1", "1000000000", "0042", "+5"}) {
      CAPTURE(ok);
      CHECK(cli::bounds_error(count, ok).empty());
    }
  }
  SUBCASE("the issue's reproducers: beyond the upper bound, quoted as typed") {
    CHECK(cli::bounds_error(feet, "1e308") == "must be positive and at most 100,000 feet, got 1e308");
    CHECK(cli::bounds_error(feet, "18446744073709551616") ==
          "must be positive and at most 100,000 feet, got 18446744073709551616");
    CHECK(cli::bounds_error(feet, "1e999") == "must be positive and at most 100,000 feet, got 1e999");
  }
  SUBCASE("at or below an excluded minimum, not a number") {
    for (const char* bad : {"0", "-0", "-1", "abc", "12x", " 5", "nan", "inf", "0x10"}) {
      CAPTURE(bad);
      CHECK(cli::bounds_error(feet, bad) == std::string("must be positive and at most 100,000 feet, got ") + bad);
    }
  }
  SUBCASE("an empty value is told it needs one, as every other option is (issue 24, item 3)") {
    CHECK(cli::bounds_error(feet, "") == "needs a value (an empty value is not the default)");
    CHECK(cli::bounds_error(count, "") == cli::kEmptyValue);
  }
  SUBCASE("a whole number is written as one") {
    for (const char* bad : {"1e3", "1.5", "1.0", "0", "1000000001", "99999999999999999999999", "-5"}) {
      CAPTURE(bad);
      CHECK(cli::bounds_error(count, bad) ==
            std::string("must be a whole number from 1 to 1,000,000,000, got ") + bad);
    }
  }
  SUBCASE("bounds that are not whole are written exactly; control characters are shown") {
    CHECK(cli::bounds_error({0.25, 2.5}, "3") == "must be from 0.25 to 2.5, got 3");
    CHECK(cli::bounds_error({0, 1e300}, "-1") == "must be from 0 to 1e+300, got -1");
    CHECK(cli::bounds_error({1, 10}, "1\x1b") == "must be from 1 to 10, got 1\\x1b");
  }
}

TEST_CASE("cli::bounded: CLI11 reports the message on the flag, exit 64") {
  std::optional<double> feet;
  std::ostringstream out, err;
  const char* args[] = {"tool", "--feet", "1e308"};
  const int code = cli::run_tool(
      {"tool", "a test", ""}, 3, args, out, err,
      [&](CLI::App& app, cli::CommonOptions&) {
        app.add_option("--feet", feet, "feet")->check(cli::bounded({0, 100000, false, true, "feet"}));
      },
      [&](const data::Tables&, const cli::CommonOptions&) -> Expected<report::Report> { return report::Report{}; });
  CHECK(code == 64);
  CHECK(out.str().empty());
  CHECK(err.str().find("tool: error: --feet: must be positive and at most 100,000 feet, got 1e308\n") == 0);
}
