// Tests of tools/common/completion: the scripts made from a CLI11 option tree, and the hidden
// --completion flag. The scripts themselves are driven in each shell by tests/cli/completion_test.sh.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/cli.hpp"
#include "common/commands.hpp"
#include "common/completion.hpp"

using namespace gunpowder;

namespace {
struct Tree {
  cli::Command app{"a test tool", "prog"};
  std::string colour, out, name, hidden;
  int n = 0;
  std::vector<std::string> inputs;
  int asked = 0;  ///< how often the names were asked for
  Tree() {
    app.fallthrough();
    app.add_option("inputs", inputs)->type_name("FILE");
    cli::choices(app, app.add_option("-c,--colour", colour), {"red", "blue"})->type_name("COLOUR");
    app.add_option("--out", out)->type_name("FILE");
    app.add_option("--secret", hidden)->group("");
    cli::add_subcommands(app,
                         {{"sub", "a subcommand",
                           [this](CLI::App& sub) {
                             ++set_up;
                             sub.add_option("--n", n)->type_name("N");
                             cli::completion_values(sub, sub.add_option("--name", name), [this](const data::Tables&) {
                               ++asked;
                               return std::vector<std::string>{"alpha", "beta gamma", "delta"};
                             })->type_name("NAME");
                           }}},
                         false);
  }
  int set_up = 0;  ///< how often the subcommand's options were registered
};
}  // namespace

TEST_CASE("completion: the names of completion_values are asked for only when a script is made") {
  Tree t;
  const char* argv[] = {"prog", "sub", "--name", "anything at all"};
  t.app.parse(4, argv);
  CHECK(t.name == "anything at all");  // the check refuses nothing
  CHECK(t.set_up == 1);                // registered once the command line named it
  CHECK(t.app.get_subcommand("sub")->help().find("alpha") == std::string::npos);
  CHECK(t.asked == 0);
  const auto script = cli::completion_script(t.app, "prog", "bash");
  REQUIRE(script);
  CHECK(t.asked > 0);
  CHECK(script->find("\"sub|--name\")\n      _gunpowder_words \"alpha delta\"") != std::string::npos);
  CHECK(script->find("gamma") == std::string::npos);  // a value with a blank is not offered
}

TEST_CASE("completion: options, values, files and subcommands from the tree") {
  Tree t;
  const auto bash = cli::completion_script(t.app, "prog", "bash");
  REQUIRE(bash);
  CHECK(bash->find("complete -F _gunpowder_prog prog\n") != std::string::npos);
  // The subcommand has its own options and, through fallthrough, those of the tool.
  CHECK(bash->find("\"sub\") words=\"-h --help --n --name -c --colour --out\"") != std::string::npos);
  CHECK(bash->find("\"\") words=\"-h --help -c --colour --out\"") != std::string::npos);
  CHECK(bash->find("\"|-c\"|\"|--colour\")\n      _gunpowder_words \"red blue\"") != std::string::npos);
  CHECK(bash->find("\"|--out\"|\"sub|--out\")\n      _gunpowder_files any") != std::string::npos);
  CHECK(bash->find("--secret") == std::string::npos);
  const auto zsh = cli::completion_script(t.app, "prog", "zsh");
  REQUIRE(zsh);
  CHECK(zsh->rfind("#compdef prog\n", 0) == 0);
  CHECK(zsh->find("'(-c --colour)--colour[]:COLOUR:(red blue)'") != std::string::npos);
  CHECK(zsh->find("'(--out)--out[]:FILE:_files'") != std::string::npos);
  CHECK(zsh->find("'sub:a subcommand'") != std::string::npos);
  const auto fish = cli::completion_script(t.app, "prog", "fish");
  REQUIRE(fish);
  CHECK(fish->find("complete -c prog -n '__fish_seen_subcommand_from sub' -l n -x") != std::string::npos);
  CHECK(fish->find("-s c -l colour -x -a 'red blue'") != std::string::npos);
  CHECK(fish->find("--secret") == std::string::npos);
  CHECK_FALSE(cli::completion_script(t.app, "prog", "tcsh"));
}

TEST_CASE("completion: a positional DIR (gunpowder-book's OUTDIR) completes directories, not files") {
  cli::Command app{"a tool that writes a directory", "book"};
  std::vector<std::string> inputs;
  app.add_option("OUTDIR", inputs)->type_name("DIR");
  const auto bash = cli::completion_script(app, "book", "bash");
  REQUIRE(bash);
  CHECK(bash->find("\"\") _gunpowder_files dir \"$cur\";") != std::string::npos);
  CHECK(bash->find("_gunpowder_files toml \"$cur\";") == std::string::npos);
  const auto zsh = cli::completion_script(app, "book", "zsh");
  REQUIRE(zsh);
  CHECK(zsh->find("'*:directory:_files -/'") != std::string::npos);
  CHECK(zsh->find("*.toml") == std::string::npos);
  const auto fish = cli::completion_script(app, "book", "fish");
  REQUIRE(fish);
  CHECK(fish->find("complete -c book -a '(__fish_complete_directories)'") != std::string::npos);
  CHECK(fish->find("-a '(__gunpowder_toml_files)'") == std::string::npos);
}

TEST_CASE("completion: the hidden flag --completion SHELL") {
  Tree t;
  std::ostringstream out, err;
  auto ask = [&](std::vector<const char*> args) {
    out.str("");
    err.str("");
    return cli::print_completion_if_asked(t.app, "prog",
                                          cli::walk_args(t.app, static_cast<int>(args.size()), args.data()), out, err);
  };
  CHECK(ask({"prog", "--completion", "fish"}) == 0);
  CHECK(out.str().rfind("# fish completion for prog", 0) == 0);
  CHECK(ask({"prog", "sub", "--completion=bash"}) == 0);
  CHECK(out.str().find("complete -F _gunpowder_prog prog") != std::string::npos);
  CHECK(ask({"prog", "--completion", "tcsh"}) == 64);
  CHECK(err.str() == "prog: error: --completion: unknown shell tcsh (bash, zsh or fish)\n");
  CHECK(out.str().empty());
  CHECK(ask({"prog", "--completion"}) == 64);
  CHECK_FALSE(ask({"prog", "--", "--completion", "bash"}));  // an input file after "--"
  CHECK_FALSE(ask({"prog", "sub", "--name", "x"}));
}

TEST_CASE("completion: run_tool prints the script before it parses (no subcommand or input needed)") {
  const cli::ToolInfo info{"prog", "a test tool", ""};
  const char* argv[] = {"prog", "--completion", "zsh"};
  std::ostringstream out, err;
  bool ran = false;
  const int code = cli::run_tool(
      info, 3, argv, out, err,
      [](CLI::App& app, cli::CommonOptions&) {
        app.require_subcommand(1);
        app.add_subcommand("only", "the one subcommand");
      },
      [&](const data::Tables&, const cli::CommonOptions&) -> Expected<report::Report> {
        ran = true;
        return report::Report{};
      });
  CHECK(code == 0);
  CHECK_FALSE(ran);
  CHECK(err.str().empty());
  CHECK(out.str().find("'only:the one subcommand'") != std::string::npos);
  CHECK(out.str().find("--format[") != std::string::npos);
}

TEST_CASE("completion: a subcommand's options are registered when it is named, or for a script") {
  Tree t;
  CHECK(t.set_up == 0);
  const char* argv[] = {"prog", "-c", "red"};
  t.app.parse(3, argv);
  CHECK(t.set_up == 0);  // no subcommand named: its options are not built
  const auto script = cli::completion_script(t.app, "prog", "fish");
  REQUIRE(script);
  CHECK(t.set_up == 1);
  CHECK(script->find("-l name -x -a 'alpha delta'") != std::string::npos);
}

TEST_CASE("completion: an option's values are those its command declares, in any case on the command line") {
  Tree t;
  const char* argv[] = {"prog", "--colour", "RED"};
  t.app.parse(3, argv);
  CHECK(t.colour == "red");  // read in any case, held as declared
  const data::Tables tables;
  CHECK(t.app.values_of(t.app.get_option("--colour"), tables) == std::vector<std::string>{"red", "blue"});
  CHECK(t.app.values_of(t.app.get_option("--out"), tables).empty());
  // Not read back from the option's description: a check with a description of its own adds nothing.
  t.app.add_option("--size", t.n)->check(CLI::IsMember({1, 2}))->type_name("SIZE");
  const auto bash = cli::completion_script(t.app, "prog", "bash");
  REQUIRE(bash);
  CHECK(bash->find("_gunpowder_words \"red blue\"") != std::string::npos);
  CHECK(bash->find("\"1 2\"") == std::string::npos);
}
