// Tests of tools/common: the command-line driver every tool shares (run_tool, atomic output
// files) and the progress indicator.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>
#include <CLI/CLI.hpp>

#include "../run_app.hpp"
#include "common/cli.hpp"
#include "demo_tool.hpp"
#include "common/commands.hpp"
#include "common/progress.hpp"

using namespace gunpowder;

TEST_CASE("cli::write_file_atomically") {
  const auto dir = testing::temp_path("gunpowder-test-atomic");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  SUBCASE("writes the whole text and leaves no temporary file") {
    auto ok = cli::write_file_atomically((dir / "out.txt").string(), "hello\n");
    CHECK(ok.has_value());
    std::ifstream in(dir / "out.txt");
    std::string s;
    std::getline(in, s);
    CHECK(s == "hello");
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      (void)e;
      ++files;
    }
    CHECK(files == 1);
  }
  SUBCASE("a missing directory is exit 73 and creates nothing") {
    auto bad = cli::write_file_atomically((dir / "no/such/out.txt").string(), "x");
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::cant_create);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("cli::run_tool") {
  const cli::ToolInfo info{"demo-tool", "A demo.", "Examples:\n  demo-tool --n 2"};
  int n = 0;
  auto setup = [&](CLI::App& app, cli::CommonOptions&) { app.add_option("--n", n, "a number"); };
  auto run = [&](const data::Tables&, const cli::CommonOptions&) -> Expected<report::Report> {
    if (n < 0) return cli::usage_error("--n", "must not be negative");
    if (n == 999) throw std::bad_alloc();
    report::Report r;
    report::Table t;
    t.add_column("n", "N").add_row({std::to_string(n)});
    r.tables.push_back(t);
    r.json.set("n", n);
    return r;
  };
  auto call = [&](std::vector<const char*> args, std::string& out, std::string& err) {
    return test::run_demo(info, setup, run, std::move(args), out, err);
  };
  std::string out, err;
  SUBCASE("json output") {
    CHECK(call({"--n", "3", "--format", "json"}, out, err) == 0);
    CHECK(out == "{\n  \"n\": 3\n}\n");
    CHECK(err.empty());
  }
  SUBCASE("an unknown option is a usage error, exit 64, nothing on stdout") {
    CHECK(call({"--bogus"}, out, err) == 64);
    CHECK(out.empty());
    CHECK(err.rfind("demo-tool: error: ", 0) == 0);
  }
  SUBCASE("a rule error becomes tool: error: and its exit code") {
    CHECK(call({"--n", "-1"}, out, err) == 64);
    CHECK(out.empty());
    CHECK(err == "demo-tool: error: --n: must not be negative\n");
  }
  SUBCASE("an unknown format is a usage error") {
    CHECK(call({"--format", "xml"}, out, err) == 64);
    CHECK(out.empty());
  }
  SUBCASE("--help shows the examples and exits 0") {
    CHECK(call({"--help"}, out, err) == 0);
    CHECK(out.find("demo-tool --n 2") != std::string::npos);
    CHECK(out.find("Exit status") != std::string::npos);
  }
  SUBCASE("--version") {
    CHECK(call({"--version"}, out, err) == 0);
    CHECK(out.rfind("demo-tool ", 0) == 0);
  }
  SUBCASE("running out of memory is said plainly, exit 71, not an internal error") {
    CHECK(call({"--n", "999"}, out, err) == 71);
    CHECK(out.empty());
    CHECK(err == "demo-tool: error: out of memory\n");
  }
}

TEST_CASE("a subcommand offers the tool's options it honours, and takes no other") {
  const cli::ToolInfo info{"demo-tool", "A demo.", "Examples:\n  demo-tool drawn"};
  bool piped = true;
  auto setup = [&](CLI::App& app, cli::CommonOptions&) {
    cli::add_subcommands(app,
                         {{"plain", "reads files, draws nothing",
                           [](CLI::App& cmd) {
                             cli::reads_input(cmd);
                             cli::draws_no_charts(cmd);
                           }},
                          {"drawn", "draws, reads no file", [](CLI::App&) {}}},
                         true);
  };
  auto run = [&](const data::Tables&, const cli::CommonOptions& common) -> Expected<report::Report> {
    piped = cli::read_standard_input(common);  // never the test's own standard input
    report::Report r;
    report::Table t;
    t.add_column("n", "N").add_row({"1"});
    r.tables.push_back(t);
    return r;
  };
  auto call = [&](std::vector<const char*> args, std::string& out, std::string& err) {
    return test::run_demo(info, setup, run, std::move(args), out, err);
  };
  std::string out, err;
  SUBCASE("help: the input files where it reads them, --chart and --svg where it draws") {
    REQUIRE(call({"plain", "--help"}, out, err) == 0);
    CHECK(out.find("Common options") != std::string::npos);
    CHECK(out.find("--format") != std::string::npos);
    CHECK(out.find("inputs FILE") != std::string::npos);
    CHECK(out.find("--chart") == std::string::npos);
    CHECK(out.find("--svg") == std::string::npos);
    REQUIRE(call({"drawn", "--help"}, out, err) == 0);
    CHECK(out.find("inputs FILE") == std::string::npos);
    CHECK(out.find("--chart") != std::string::npos);
    CHECK(out.find("--svg") != std::string::npos);
  }
  SUBCASE("what it does not offer is an unknown option of it, before or after it, value or none") {
    for (const auto& args : std::vector<std::vector<const char*>>{
             {"plain", "--chart"}, {"--chart", "plain"}, {"plain", "--svg"}, {"plain", "--svg=x.svg"}}) {
      CHECK(call(args, out, err) == 64);
      CHECK(out.empty());
      CHECK(err.rfind("demo-tool: error: unknown option '--", 0) == 0);
      CHECK(err.find("for demo-tool plain (demo-tool plain --help lists the options)") != std::string::npos);
    }
    CHECK(call({"drawn", "--svg", "--format", "json"}, out, err) == 64);  // --svg's value missing: CLI11's error
    CHECK(err.find("unknown option") == std::string::npos);
  }
  SUBCASE("an in-process run never reads the caller's standard input") {
    CHECK(call({"plain"}, out, err) == 0);
    CHECK_FALSE(piped);
  }
}

TEST_CASE("Progress") {
  SUBCASE("draws label, count and percentage, and erases itself") {
    std::ostringstream sink;
    {
      Progress p("duels", 4, sink);
      CHECK(p.enabled());
      p.advance();
      p.advance(3);
      CHECK(p.done() == 4);
    }
    const std::string s = sink.str();
    CHECK(s.find("duels: 1/4 (25%)") != std::string::npos);
    CHECK(s.find("duels: 4/4 (100%)") != std::string::npos);
    CHECK(s.substr(s.size() - 4) == "\r\033[K");
  }
  SUBCASE("a dumb terminal gets no escape sequence: the line is padded and erased with spaces") {
    std::ostringstream sink;
    {
      Progress p("sieges", 1000, sink, false);
      p.advance(1000);  // "sieges: 1000/1000 (100%)", 24 characters
    }
    const std::string s = sink.str();
    CHECK(s.find('\033') == std::string::npos);
    CHECK(s.find("sieges: 1000/1000 (100%)") != std::string::npos);
    CHECK(s.substr(s.size() - 26) == "\r" + std::string(24, ' ') + "\r");
  }
  SUBCASE("GUNPOWDER_NO_PROGRESS turns progress off only when set to something other than \"\" and \"0\"") {
    CHECK_FALSE(Progress::no_progress_requested(nullptr));
    CHECK_FALSE(Progress::no_progress_requested(""));
    CHECK_FALSE(Progress::no_progress_requested("0"));
    CHECK(Progress::no_progress_requested("1"));
    CHECK(Progress::no_progress_requested("yes"));
    CHECK(Progress::no_progress_requested("00"));
  }
  SUBCASE("TERM=dumb (or no TERM) has no erase-line sequence") {
    CHECK_FALSE(Progress::term_has_ansi(nullptr));
    CHECK_FALSE(Progress::term_has_ansi(""));
    CHECK_FALSE(Progress::term_has_ansi("dumb"));
    CHECK(Progress::term_has_ansi("xterm-256color"));
    CHECK(Progress::term_has_ansi("linux"));
  }
  SUBCASE("nothing when standard error is not a terminal (as under ctest)") {
    if (::isatty(2) == 1) return;  // run by hand in a terminal: this case does not apply
    CHECK_FALSE(Progress::stderr_wants_progress());
    Progress p("x", 10);
    CHECK_FALSE(p.enabled());
    p.advance(10);
    CHECK(p.done() == 10);
  }
}

TEST_CASE("cli::place_on_flags") {
  Diagnostics in;
  in.field_error("price_multiplier", "must be at most 5");
  in.field_error("shot_lb", "must be positive");
  in.error(SourcePos{"f.toml", 1, 1}, "placed");
  const auto out = cli::place_on_flags(in, [](const std::string& f) { return f == "shot_lb" ? "--shot" : ""; });
  REQUIRE(out.items().size() == 3);
  CHECK(out.items()[0].message == "--price-multiplier: must be at most 5");
  CHECK(out.items()[0].code == ExitCode::usage);
  CHECK(out.items()[0].pos.file.empty());
  CHECK(out.items()[1].message == "--shot: must be positive");
  CHECK(out.items()[2].message == "placed");
  CHECK(out.items()[2].pos.file == "f.toml");
}
