// Tests of --seed (tools/common/seed.hpp): the full 64-bit range is accepted, a sign, an
// overflow or stray text is refused with a usage error naming the flag (issue 14).
#include <doctest/doctest.h>

#include <sstream>

#include "common/cli.hpp"
#include "common/seed.hpp"

using namespace gunpowder;

TEST_CASE("cli::parse_seed") {
  SUBCASE("0 to 2^64 - 1") {
    CHECK(cli::parse_seed("0") == 0u);
    CHECK(cli::parse_seed("7") == 7u);
    CHECK(cli::parse_seed("0007") == 7u);
    CHECK(cli::parse_seed("18446744073709551615") == 18446744073709551615u);
  }
  SUBCASE("out of range or not a plain integer") {
    for (const char* bad : {"18446744073709551616", "99999999999999999999999", "-1", "-0", "+1", "", " 1", "1 ", "1e3",
                            "0x10", "12abc"}) {
      CAPTURE(bad);
      CHECK_FALSE(cli::parse_seed(bad).has_value());
    }
  }
  SUBCASE("the message names the range and the value, control characters shown") {
    CHECK(cli::seed_range_message("-1") == "must be an integer from 0 to 18446744073709551615, got -1");
    CHECK(cli::seed_range_message("1\x1b") == "must be an integer from 0 to 18446744073709551615, got 1\\x1b");
  }
}

TEST_CASE("cli::add_seed_option") {
  auto run = [](std::vector<const char*> args, std::ostream& err) {
    std::optional<std::uint64_t> seed;
    std::ostringstream out;
    args.insert(args.begin(), "tool");
    const int code = cli::run_tool(
        {"tool", "a test", ""}, static_cast<int>(args.size()), args.data(), out, err,
        [&](CLI::App& app, cli::CommonOptions&) { cli::add_seed_option(app, seed, "the seed"); },
        [&](const data::Tables&, const cli::CommonOptions&) -> Expected<report::Report> {
          report::Report r;
          r.explain.push_back(report::statement(seed ? std::to_string(*seed) : "none"));
          return r;
        });
    return std::make_pair(code, seed);
  };
  SUBCASE("a seed in range is kept") {
    std::ostringstream err;
    const auto [code, seed] = run({"--seed", "18446744073709551615"}, err);
    CHECK(code == 0);
    CHECK(seed == 18446744073709551615u);
  }
  SUBCASE("a seed out of range is a usage error naming the flag") {
    std::ostringstream err;
    const auto [code, seed] = run({"--seed", "18446744073709551616"}, err);
    CHECK(code == 64);
    CHECK_FALSE(seed.has_value());
    CHECK(err.str() ==
          "tool: error: --seed: must be an integer from 0 to 18446744073709551615, got 18446744073709551616\n"
          "tool: run with --help for usage\n");
  }
}
