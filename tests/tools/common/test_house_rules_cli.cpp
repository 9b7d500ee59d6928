// The command-line side of house rules: GUNPOWDER_RULES and --house-rules, --print-rules.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/input/reader.hpp"

using namespace gunpowder;

TEST_CASE("cli::rules_files") {
  SUBCASE("the variable's files first, empty entries skipped, then the options' in order") {
    const std::vector<std::string> flags = {"c.toml", "d.toml"};
    CHECK(cli::rules_files("a.toml::b.toml:", flags) ==
          std::vector<std::string>{"a.toml", "b.toml", "c.toml", "d.toml"});
    CHECK(cli::rules_files(nullptr, flags) == flags);
    CHECK(cli::rules_files("", {}).empty());
    CHECK(cli::rules_files(":", {}).empty());
  }
}

TEST_CASE("cli::print_rules_text") {
  SUBCASE("one table, with the header a rules file needs, or every table") {
    const auto one = cli::print_rules_text("troops");
    REQUIRE(one);
    CHECK(one->find("table = \"troops\"") != std::string::npos);
    CHECK(one->find("[[troop_type]]") != std::string::npos);
    CHECK(cli::print_rules_text("troops.toml") == one);
    const auto all = cli::print_rules_text("");
    REQUIRE(all);
    CHECK(all->find("data/war_machine.toml") != std::string::npos);
    CHECK(all->size() > one->size());
  }
  SUBCASE("an unknown table") { CHECK_FALSE(cli::print_rules_text("artilery")); }
}
