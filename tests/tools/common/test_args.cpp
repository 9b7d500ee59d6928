// Tests of tools/common/args: the one walk over argv before CLI11 parses it (cli::walk_args), and
// what run_tool makes of it: the early requests, the unknown-subcommand message and the refusal of
// a tool option that the subcommand does not offer.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/args.hpp"
#include "common/cli.hpp"
#include "common/commands.hpp"
#include "demo_tool.hpp"

using namespace gunpowder;

namespace {
// A tool as run_tool makes it: --format, --output, --chart, --print-rules and the inputs
// (add_common_options), and two subcommands: "battle" (an option --side of its own, draws charts,
// reads files) and "march" (draws none).
struct Tool {
  cli::Command app{"a test tool", "demo-tool"};
  cli::CommonOptions common;
  std::string side;
  int set_up = 0;
  Tool() {
    cli::add_subcommands(app,
                         {{"battle", "a battle",
                           [this](CLI::App& cmd) {
                             ++set_up;
                             cli::reads_input(cmd);
                             cmd.add_option("--side", side);
                           }},
                          {"march", "a march", [](CLI::App& cmd) { cli::draws_no_charts(cmd); }}},
                         true);
    cli::add_common_options(app, common, cli::ToolInfo{"demo-tool", "a test tool", ""});
  }
  cli::Args walk(std::vector<const char*> args) {
    args.insert(args.begin(), "demo-tool");
    return cli::walk_args(app, static_cast<int>(args.size()), args.data());
  }
};

using Kind = cli::Word::Kind;

// The kinds of the words, one letter each: o option, v value, w word.
std::string kinds(const cli::Args& a) {
  std::string out;
  for (const auto& w : a.words) out += w.kind == Kind::option ? 'o' : w.kind == Kind::value ? 'v' : 'w';
  return out;
}
}  // namespace

TEST_CASE("cli::walk_args") {
  Tool t;
  SUBCASE("options, their values and the subcommand") {
    const auto a = t.walk({"--format", "csv", "battle", "--side", "north", "-o", "out.csv", "field.toml"});
    CHECK(a.split == 9);
    CHECK(kinds(a) == "ovwovovw");
    REQUIRE(a.subcommand);
    CHECK(*a.subcommand == 2);
    CHECK(a.first_word == a.subcommand);
    CHECK(t.set_up == 1);  // battle's options registered, so that --side takes its value
    CHECK(a.words[3].option == t.app.get_subcommand("battle")->get_option_no_throw("--side"));
    CHECK(a.words[5].name == "-o");
    CHECK(a.words[5].option == t.app.get_option_no_throw("--output"));
    CHECK_FALSE(a.completion);
    CHECK_FALSE(a.describe);
    CHECK_FALSE(a.print_rules);
  }
  SUBCASE("--name=value and -xVALUE hold their value: the next word is not one") {
    const auto a = t.walk({"--format=json", "-fcsv", "battle"});
    CHECK(kinds(a) == "oow");
    CHECK(a.words[0].name == "--format");
    CHECK(a.words[1].name == "-f");
    CHECK(a.words[1].option == t.app.get_option_no_throw("--format"));
    CHECK(a.subcommand == size_t{2});
  }
  SUBCASE("an option's value that is a subcommand's name is its value, not the subcommand") {
    const auto a = t.walk({"--output", "march", "battle"});
    CHECK(kinds(a) == "ovw");
    CHECK(a.subcommand == size_t{2});
    CHECK(a.words[*a.subcommand].text == "battle");
    // Its value is taken whatever it looks like, as CLI11 takes it.
    const auto b = t.walk({"battle", "--side", "--chart"});
    CHECK(kinds(b) == "wov");
    CHECK(kinds(t.walk({"battle", "--side"})) == "wo");  // none left: CLI11 says the value is missing
  }
  SUBCASE("a flag takes no value, nor does an unknown option") {
    const auto a = t.walk({"--explain", "battle", "--dice", "x.toml"});
    CHECK(kinds(a) == "owow");
    CHECK(a.words[2].option == nullptr);
    CHECK(a.subcommand == size_t{1});
  }
  SUBCASE("\"--\": every argument after it is an input, even one that looks like an option") {
    const auto a = t.walk({"battle", "--", "--describe-output", "-x.toml", "battle"});
    CHECK(a.split == 2);
    CHECK(kinds(a) == "w");
    CHECK_FALSE(a.describe);
  }
  SUBCASE("\"-\" is standard input, a word; the subcommand is the first word that names one") {
    const auto a = t.walk({"-", "battle"});
    CHECK(kinds(a) == "ww");
    CHECK(a.first_word == size_t{0});
    CHECK(a.subcommand == size_t{1});
    const auto b = t.walk({"batle", "--format", "csv"});
    CHECK(b.first_word == size_t{0});
    CHECK_FALSE(b.subcommand);
  }
  SUBCASE("the early requests, at their first occurrence") {
    auto a = t.walk({"battle", "--completion", "bash", "--completion=zsh"});
    CHECK(kinds(a) == "wovo");
    CHECK(a.completion == std::string("bash"));
    a = t.walk({"--completion"});
    CHECK(a.completion == std::string());
    a = t.walk({"--describe-output", "march"});
    CHECK(a.describe);
    CHECK(a.subcommand == size_t{1});
    // --print-rules takes a table that does not begin with '-'.
    a = t.walk({"--print-rules", "units", "battle"});
    CHECK(kinds(a) == "ovw");
    CHECK(a.print_rules == std::string("units"));
    a = t.walk({"--print-rules", "--format", "csv"});
    CHECK(kinds(a) == "oov");
    CHECK(a.print_rules == std::string());
    a = t.walk({"--print-rules=war"});
    CHECK(a.print_rules == std::string("war"));
    // A request that is another option's value is that value.
    a = t.walk({"--output", "--describe-output"});
    CHECK_FALSE(a.describe);
  }
}

TEST_CASE("run_tool reads the walk: unknown subcommands, options a subcommand does not offer") {
  const cli::ToolInfo info{"demo-tool", "A demo.", ""};
  auto setup = [](CLI::App& app, cli::CommonOptions&) {
    cli::add_subcommands(app,
                         {{"battle", "a battle", [](CLI::App& cmd) { cli::reads_input(cmd); }},
                          {"march", "a march", [](CLI::App& cmd) { cli::draws_no_charts(cmd); }}},
                         true);
  };
  auto run = [](const data::Tables&, const cli::CommonOptions&) -> Expected<report::Report> {
    report::Report r;
    report::Table t;
    t.add_column("n", "N").add_row({"1"});
    r.tables.push_back(t);
    return r;
  };
  std::string out, err;
  auto call = [&](std::vector<const char*> args) {
    return test::run_demo(info, setup, run, std::move(args), out, err);
  };
  SUBCASE("an unknown subcommand, with the nearest name") {
    CHECK(call({"--format", "csv", "batle"}) == 64);
    CHECK(err == "demo-tool: error: unknown subcommand 'batle'; did you mean 'battle'?\n");
    CHECK(call({"xyzzy"}) == 64);
    CHECK(err == "demo-tool: error: unknown subcommand 'xyzzy' (subcommands: battle, march)\n");
    CHECK(call({"-", "battle"}) == 64);
    CHECK(err == "demo-tool: error: a subcommand is required before the input - (subcommands: battle, march)\n");
  }
  SUBCASE("an option's value is not taken for the subcommand") {
    CHECK(call({"--format", "csv", "march"}) == 0);
    CHECK(out == "n\r\n1\r\n");
  }
  SUBCASE("a tool's flag that the subcommand does not offer, before or after it") {
    for (const auto& args : std::vector<std::vector<const char*>>{{"march", "--chart"}, {"--chart", "march"}}) {
      CHECK(call(args) == 64);
      CHECK(err ==
            "demo-tool: error: unknown option '--chart' for demo-tool march (demo-tool march --help lists the "
            "options)\ndemo-tool: run with --help for usage\n");
    }
    // As the value of another option it is that option's value: --table's name here.
    CHECK(call({"march", "--table", "--chart"}) == 64);
    CHECK(err.find("unknown option") == std::string::npos);
    CHECK(err.find("--table") != std::string::npos);
  }
}
