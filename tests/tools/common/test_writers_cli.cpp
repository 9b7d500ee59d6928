// Tests of the shared command line with hostile names (issue 14): the csv formula guard and
// --csv-formulas, JSON of a name that is not UTF-8, controls in CLI11's own error messages.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>
#include <CLI/CLI.hpp>

#include "common/cli.hpp"
#include "demo_tool.hpp"

using namespace gunpowder;

TEST_CASE("cli::run_tool with hostile names") {
  const cli::ToolInfo info{"demo-tool", "A demo.", "Examples:\n  demo-tool --name x"};
  std::string name;
  auto setup = [&](CLI::App& app, cli::CommonOptions&) { app.add_option("--name", name, "a name"); };
  auto run = [&](const data::Tables&, const cli::CommonOptions&) -> Expected<report::Report> {
    report::Report r;
    report::Table t;
    t.add_column("name", "Name").add_column("n", "N").add_row({name, "-3"});
    r.tables.push_back(t);
    r.json.set("name", name);
    return r;
  };
  auto call = [&](std::vector<const char*> args, std::string& out, std::string& err) {
    return test::run_demo(info, setup, run, std::move(args), out, err);
  };
  std::string out, err;
  SUBCASE("csv guards a formula by default, and --csv-formulas turns the guard off") {
    CHECK(call({"--name", "=1+1", "--format", "csv"}, out, err) == 0);
    CHECK(out == "name,n\r\n'=1+1,-3\r\n");
    CHECK(call({"--name", "=1+1", "--format", "csv", "--csv-formulas"}, out, err) == 0);
    CHECK(out == "name,n\r\n=1+1,-3\r\n");
  }
  SUBCASE("a name that is not UTF-8 makes valid JSON, with U+FFFD") {
    CHECK(call({"--name", "\xFF\xFE", "--format", "json"}, out, err) == 0);
    CHECK(out == "{\n  \"name\": \"\xEF\xBF\xBD\xEF\xBF\xBD\"\n}\n");
  }
  SUBCASE("text shows a name's controls as escapes") {
    CHECK(call({"--name", "\x1b[2J\x07"}, out, err) == 0);
    CHECK(out == "Name         N\n-----------  --\n\\x1b[2J\\x07  -3\n");
  }
  SUBCASE("a command-line error echoing a value shows its controls as escapes") {
    CHECK(call({"--format", "\x1b[2J"}, out, err) == 64);
    CHECK(out.empty());
    CHECK(err.find('\x1b') == std::string::npos);
    CHECK(err.find("\\x1b[2J") != std::string::npos);
  }
}
