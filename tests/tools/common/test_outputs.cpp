// Tests of tools/common's output files (cli::Outputs, cli::write_file_atomically): what each kind of
// path becomes, and that a failed run leaves every output as it was.
#include <doctest/doctest.h>

#include <chrono>
#include <cerrno>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include "../run_app.hpp"
#include "common/cli.hpp"
#include "common/outputs.hpp"

using namespace gunpowder;
namespace fs = std::filesystem;

namespace {

/// A scratch directory, removed at the end of the test.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name) : path(testing::temp_path("gunpowder-test-" + name)) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] std::string operator/(const std::string& name) const { return (path / name).string(); }
  /// The names in the directory, sorted.
  [[nodiscard]] std::vector<std::string> names() const {
    std::vector<std::string> v;
    for (const auto& e : fs::directory_iterator(path)) v.push_back(e.path().filename().string());
    std::sort(v.begin(), v.end());
    return v;
  }
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

mode_t mode_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  return st.st_mode;
}

}  // namespace

TEST_CASE("cli::temporary_name") {
  SUBCASE("a short name is kept whole") {
    CHECK(cli::temporary_name("out.txt", "ab12CD", 255) == ".out.txt.tmp.ab12CD");
  }
  SUBCASE("a long name is shortened so that the temporary name fits in NAME_MAX") {
    const std::string base(250, 'a');
    const std::string t = cli::temporary_name(base, "ab12CD", 255);
    CHECK(t.size() == 255);
    CHECK(t == "." + std::string(243, 'a') + ".tmp.ab12CD");
  }
  SUBCASE("a UTF-8 character is not cut in two") {
    // 242 'a' then "é" (2 bytes): 243 bytes would end inside the "é", so it stops before it.
    const std::string base = std::string(242, 'a') + "\xc3\xa9" + "zzzz";
    CHECK(cli::temporary_name(base, "ab12CD", 255) == "." + std::string(242, 'a') + ".tmp.ab12CD");
    // 241 'a' then "é": 243 bytes end after it, and it is kept.
    const std::string fits = std::string(241, 'a') + "\xc3\xa9" + "zzzz";
    CHECK(cli::temporary_name(fits, "ab12CD", 255) == "." + std::string(241, 'a') + "\xc3\xa9.tmp.ab12CD");
  }
}

TEST_CASE("cli::write_file_atomically") {
  TempDir dir("outputs");
  SUBCASE("a new file: the whole text, no temporary file left, mode 0666 less the umask") {
    const mode_t old = ::umask(027);
    auto ok = cli::write_file_atomically(dir / "out.txt", "hello\n");
    ::umask(old);
    CHECK(ok.has_value());
    CHECK(slurp(dir / "out.txt") == "hello\n");
    CHECK((mode_of(dir / "out.txt") & 07777) == 0640);
    CHECK(dir.names() == std::vector<std::string>{"out.txt"});
  }
  SUBCASE("an existing 0600 file keeps its mode (the umask does not widen it)") {
    spit(dir / "secret.txt", "old\n");
    fs::permissions(dir / "secret.txt", fs::perms::owner_read | fs::perms::owner_write);
    const mode_t old = ::umask(0);
    auto ok = cli::write_file_atomically(dir / "secret.txt", "new\n");
    ::umask(old);
    CHECK(ok.has_value());
    CHECK(slurp(dir / "secret.txt") == "new\n");
    CHECK((mode_of(dir / "secret.txt") & 07777) == 0600);
    CHECK(dir.names() == std::vector<std::string>{"secret.txt"});
  }
  SUBCASE("a symbolic link is kept and its target replaced") {
    fs::create_directories(dir.path / "sub");
    spit(dir / "sub/target.txt", "old\n");
    fs::create_symlink("sub/target.txt", dir.path / "link.txt");
    auto ok = cli::write_file_atomically(dir / "link.txt", "new\n");
    CHECK(ok.has_value());
    CHECK(S_ISLNK(mode_of(dir / "link.txt")));
    CHECK(slurp(dir / "sub/target.txt") == "new\n");
    // the temporary file was made beside the target, and is gone
    CHECK(dir.names() == std::vector<std::string>{"link.txt", "sub"});
    CHECK(fs::directory_iterator(dir.path / "sub")->path().filename() == "target.txt");
  }
  SUBCASE("a dangling symbolic link: its target is created") {
    fs::create_symlink("made.txt", dir.path / "link.txt");
    CHECK(cli::write_file_atomically(dir / "link.txt", "x\n").has_value());
    CHECK(S_ISLNK(mode_of(dir / "link.txt")));
    CHECK(slurp(dir / "made.txt") == "x\n");
  }
  SUBCASE("a hard-linked file is written in place: every link sees the new text") {
    spit(dir / "a.txt", "old\n");
    fs::create_hard_link(dir.path / "a.txt", dir.path / "b.txt");
    CHECK(cli::write_file_atomically(dir / "a.txt", "new text\n").has_value());
    CHECK(slurp(dir / "b.txt") == "new text\n");
    CHECK(fs::hard_link_count(dir.path / "a.txt") == 2);
  }
  SUBCASE("a FIFO is opened and written, not replaced") {
    REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
    std::string got;
    std::thread reader([&] { got = slurp(dir / "fifo"); });
    const std::string text(100000, 'z');  // more than a pipe holds: the reader must be there
    auto ok = cli::write_file_atomically(dir / "fifo", text);
    reader.join();
    CHECK(ok.has_value());
    CHECK(got == text);
    CHECK(S_ISFIFO(mode_of(dir / "fifo")));
  }
  SUBCASE("/dev/null stays a character device (this matters when the test runs as root)") {
    CHECK(cli::write_file_atomically("/dev/null", "gone\n").has_value());
    CHECK(S_ISCHR(mode_of("/dev/null")));
  }
  SUBCASE("/dev/full is a write error, exit 74") {
    if (!fs::exists("/dev/full")) return;
    auto bad = cli::write_file_atomically("/dev/full", "x\n");
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::io_error);
    CHECK(bad.error().items()[0].message == "cannot write output file: No space left on device");
    CHECK(S_ISCHR(mode_of("/dev/full")));
  }
  SUBCASE("a directory is exit 73 and stays as it was") {
    fs::create_directories(dir.path / "d");
    auto bad = cli::write_file_atomically(dir / "d", "x\n");
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::cant_create);
    CHECK(bad.error().items()[0].message == "cannot create output file: Is a directory");
    CHECK(fs::is_directory(dir.path / "d"));
    CHECK(fs::is_empty(dir.path / "d"));
    CHECK(dir.names() == std::vector<std::string>{"d"});
  }
  SUBCASE("a missing directory is exit 73 and creates nothing") {
    auto bad = cli::write_file_atomically(dir / "no/such/out.txt", "x");
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::cant_create);
    CHECK(bad.error().items()[0].pos.file == dir / "no/such/out.txt");
    CHECK(dir.names().empty());
  }
  SUBCASE("a name of 250 characters works") {
    const std::string name(250, 'n');
    CHECK(cli::write_file_atomically(dir / name, "long\n").has_value());
    CHECK(slurp(dir / name) == "long\n");
    CHECK(dir.names() == std::vector<std::string>{name});
  }
  SUBCASE("/dev/stdout-like names (/proc/self/fd/N) are opened, not replaced") {
    // A descriptor of this process on a file: /proc/self/fd/N is a link the kernel makes.
    spit(dir / "via-fd.txt", "old contents that are longer\n");
    const int fd = ::open((dir / "via-fd.txt").c_str(), O_WRONLY);
    REQUIRE(fd >= 0);
    auto ok = cli::write_file_atomically("/proc/self/fd/" + std::to_string(fd), "new\n");
    ::close(fd);
    CHECK(ok.has_value());
    CHECK(slurp(dir / "via-fd.txt") == "new\n");
    CHECK(dir.names() == std::vector<std::string>{"via-fd.txt"});
  }
}

TEST_CASE("cli::Outputs::commit") {
  TempDir dir("outputs-set");
  SUBCASE("all files are written") {
    cli::Outputs o;
    o.add("--svg", dir / "a.svg", "<svg/>\n");
    o.add("--output", dir / "b.txt", "b\n");
    CHECK(o.commit().has_value());
    CHECK(slurp(dir / "a.svg") == "<svg/>\n");
    CHECK(slurp(dir / "b.txt") == "b\n");
  }
  SUBCASE("the second output fails: the first is neither created nor left changed") {
    spit(dir / "old.svg", "old\n");
    for (const std::string first : {"new.svg", "old.svg"}) {
      CAPTURE(first);
      cli::Outputs o;
      o.add("--svg", dir / first, "<svg/>\n");
      o.add("--output", dir / "nodir/o.txt", "b\n");
      auto bad = o.commit();
      REQUIRE_FALSE(bad.has_value());
      CHECK(bad.error().code() == ExitCode::cant_create);
      CHECK(dir.names() == std::vector<std::string>{"old.svg"});
      CHECK(slurp(dir / "old.svg") == "old\n");
    }
  }
  SUBCASE("a device that fails to take the text (/dev/full) leaves the files unchanged") {
    if (!fs::exists("/dev/full")) return;
    spit(dir / "old.txt", "old\n");
    cli::Outputs o;
    o.add("--output", dir / "old.txt", "new\n");
    o.add("--svg", "/dev/full", "<svg/>\n");
    auto bad = o.commit();
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::io_error);
    CHECK(slurp(dir / "old.txt") == "old\n");
    CHECK(dir.names() == std::vector<std::string>{"old.txt"});
  }
  SUBCASE("a failure of the last step (standard output) renames nothing") {
    cli::Outputs o;
    o.add("--output", dir / "o.txt", "o\n");
    bool called = false;
    auto bad = o.commit([&]() -> Expected<bool> {
      called = true;
      CHECK(dir.names().size() == 1);  // the temporary file, written before this step
      return Expected<bool>::failure("cannot write to standard output", {}, ExitCode::io_error);
    });
    CHECK(called);
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::io_error);
    CHECK(dir.names().empty());
  }
  SUBCASE("a rename that fails puts back the outputs renamed before it (issue 24, item 6)") {
    // The reproducer: --write-forces after.toml -o out.txt, the second rename failing after the
    // first had replaced after.toml. Here the third of three renames fails.
    spit(dir / "after.toml", "old forces\n");
    cli::Outputs o;
    o.add("--write-forces", dir / "after.toml", "new forces\n");
    o.add("--svg", dir / "chart.svg", "<svg/>\n");
    o.add("--output", dir / "out.txt", "out\n");
    int calls = 0;
    auto bad = o.commit({}, [&](const char* from, const char* to) {
      if (++calls == 3) {
        errno = EXDEV;
        return -1;
      }
      return ::rename(from, to);
    });
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::cant_create);
    REQUIRE(bad.error().items().size() == 1);  // nothing stays replaced: no second message
    CHECK(bad.error().items()[0].message.find("cannot create output file") == 0);
    CHECK(calls == 4);  // three renames, then after.toml's backup put back
    CHECK(slurp(dir / "after.toml") == "old forces\n");
    CHECK(dir.names() == std::vector<std::string>{"after.toml"});  // chart.svg removed, no backup or temporary left
  }
  SUBCASE("an output that cannot be put back is named") {
    spit(dir / "a.txt", "old a\n");
    spit(dir / "b.txt", "old b\n");
    cli::Outputs o;
    o.add("--svg", dir / "a.txt", "new a\n");
    o.add("--output", dir / "b.txt", "new b\n");
    int calls = 0;
    auto bad = o.commit({}, [&](const char* from, const char* to) {
      ++calls;
      if (calls >= 2) {  // the second rename and every rename back fail
        errno = EIO;
        return -1;
      }
      return ::rename(from, to);
    });
    REQUIRE_FALSE(bad.has_value());
    REQUIRE(bad.error().items().size() == 2);
    const std::string msg = bad.error().items()[1].message;
    const std::string head = "these outputs were replaced before the failure and could not be put back: " +
                             (dir / "a.txt") + " (its old content is in ";
    REQUIRE(msg.rfind(head, 0) == 0);
    const std::string backup = msg.substr(head.size(), msg.size() - head.size() - 1);
    CHECK(slurp(backup) == "old a\n");  // kept for the user
    CHECK(slurp(dir / "a.txt") == "new a\n");
    CHECK(slurp(dir / "b.txt") == "old b\n");
    CHECK(dir.names().size() == 3);  // a.txt, b.txt and the kept backup; no temporary file
  }
  SUBCASE("every rename done: no backup is left") {
    spit(dir / "a.txt", "old a\n");
    cli::Outputs o;
    o.add("--svg", dir / "a.txt", "new a\n");
    o.add("--output", dir / "b.txt", "new b\n");
    CHECK(o.commit().has_value());
    CHECK(dir.names() == std::vector<std::string>{"a.txt", "b.txt"});
    CHECK(slurp(dir / "a.txt") == "new a\n");
  }
  SUBCASE("a FIFO without a reader is refused after a short wait, not waited on forever") {
    REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
    cli::Outputs o;
    o.add("--output", dir / "fifo", "text\n");
    const auto start = std::chrono::steady_clock::now();
    auto bad = o.commit();
    const auto waited = std::chrono::steady_clock::now() - start;
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::cant_create);
    CHECK(bad.error().items()[0].message == "cannot create output file: no process reads this FIFO (waited 2 s for one)");
    CHECK(waited >= std::chrono::milliseconds(1900));
    CHECK(waited < std::chrono::seconds(10));
  }
  SUBCASE("two outputs naming one file are a usage error") {
    cli::Outputs o;
    o.add("--svg", dir / "x", "1");
    o.add("--output", dir / "x", "2");
    auto bad = o.commit();
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::usage);
    CHECK(bad.error().items()[0].message == "--output: names the same file as --svg: " + (dir / "x"));
    CHECK(dir.names().empty());
  }
  SUBCASE("an empty name is a usage error") {
    cli::Outputs o;
    o.add("--svg", "", "1");
    auto bad = o.commit();
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().code() == ExitCode::usage);
  }
}

TEST_CASE("cli::run_tool output files") {
  TempDir dir("outputs-run");
  const cli::ToolInfo info{"demo-tool", "A demo.", "Examples:\n  demo-tool --n 2"};
  std::string extra, fail;
  CLI::App* sub = nullptr;  // valid only while run_tool runs: its App is gone afterwards
  bool sub_parsed = false;
  auto setup = [&](CLI::App& app, cli::CommonOptions&) {
    app.add_option("--extra", extra, "a file the run writes itself");
    app.add_option("--fail", fail, "fail the run after adding --extra");
    app.fallthrough();
    sub = app.add_subcommand("sub", "a subcommand");
  };
  auto run = [&](const data::Tables&, const cli::CommonOptions& common) -> Expected<report::Report> {
    sub_parsed = sub && sub->parsed();
    if (!extra.empty()) common.outputs.add("--extra", extra, "extra\n");
    if (!fail.empty()) return cli::usage_error("--fail", fail);
    report::Report r;
    report::Table t;
    t.add_column("n", "N").add_row({std::to_string(common.inputs.size())});
    r.tables.push_back(t);
    for (const auto& in : common.inputs) r.explain.push_back(report::statement(in));
    report::Chart c;
    c.title = "odds";
    c.labels = {"win", "lose"};
    c.values = {0.25, 0.75};
    r.charts.push_back(c);
    r.json.set("n", static_cast<int>(common.inputs.size()));
    return r;
  };
  auto call = [&](std::vector<std::string> args, std::string& out, std::string& err) {
    args.insert(args.begin(), "demo-tool");
    std::vector<const char*> argv;
    argv.reserve(args.size());
    for (const auto& a : args) argv.push_back(a.c_str());
    std::ostringstream o, e;
    const int code = cli::run_tool(info, static_cast<int>(argv.size()), argv.data(), o, e, setup, run);
    out = o.str();
    err = e.str();
    return code;
  };
  std::string out, err;
  SUBCASE("--svg with a failing --output: 73, the SVG is not written") {
    CHECK(call({"--svg", dir / "chart.svg", "--output", dir / "nodir/o.txt"}, out, err) == 73);
    CHECK(out.empty());
    CHECK(err ==
          "demo-tool: " + (dir / "nodir/o.txt") + ": error: cannot create output file: No such file or directory\n");
    CHECK(dir.names().empty());
  }
  SUBCASE("--svg with a failing --output: an existing SVG is unchanged") {
    spit(dir / "chart.svg", "old\n");
    CHECK(call({"--svg", dir / "chart.svg", "--output", dir / "nodir/o.txt"}, out, err) == 73);
    CHECK(slurp(dir / "chart.svg") == "old\n");
  }
  SUBCASE("a file the run adds is written with the others, and not at all when the run fails") {
    CHECK(call({"--extra", dir / "extra.txt", "--svg", dir / "c.svg", "--output", dir / "o.txt"}, out, err) == 0);
    CHECK(dir.names() == std::vector<std::string>{"c.svg", "extra.txt", "o.txt"});
    CHECK(slurp(dir / "extra.txt") == "extra\n");
    CHECK(slurp(dir / "c.svg").find("<svg") != std::string::npos);
    fs::remove(dir.path / "extra.txt");
    fs::remove(dir.path / "c.svg");
    fs::remove(dir.path / "o.txt");
    CHECK(call({"--extra", dir / "extra.txt", "--output", dir / "nodir/o.txt"}, out, err) == 73);
    CHECK(dir.names().empty());
    CHECK(call({"--extra", dir / "extra.txt", "--fail", "no"}, out, err) == 64);
    CHECK(err == "demo-tool: error: --fail: no\n");
    CHECK(dir.names().empty());
  }
  SUBCASE("--output '' and --svg '' are usage errors, nothing on stdout") {
    CHECK(call({"--output", ""}, out, err) == 64);
    CHECK(out.empty());
    CHECK(err == "demo-tool: error: --output: needs a file name\ndemo-tool: run with --help for usage\n");
    CHECK(call({"--svg", ""}, out, err) == 64);
    CHECK(out.empty());
    CHECK(err == "demo-tool: error: --svg: needs a file name\ndemo-tool: run with --help for usage\n");
  }
  SUBCASE("--output /dev/null: exit 0, nothing on stdout, still a device") {
    CHECK(call({"--output", "/dev/null", "--format", "json"}, out, err) == 0);
    CHECK(out.empty());
    CHECK(err.empty());
    CHECK(S_ISCHR(mode_of("/dev/null")));
  }
  SUBCASE("--output - is standard output") {
    CHECK(call({"--output", "-", "--format", "csv"}, out, err) == 0);
    CHECK(out == "n\r\n0\r\n");
  }
  SUBCASE("every argument after -- is an input, also after a subcommand") {
    CHECK(call({"--format", "csv", "--", "-x.toml", "--help"}, out, err) == 0);
    CHECK(out == "n\r\n2\r\n");
    CHECK(call({"sub", "--format", "csv", "--", "-x.toml"}, out, err) == 0);
    CHECK(sub_parsed);
    CHECK(out == "n\r\n1\r\n");
    CHECK(call({"sub", "a.toml", "--explain", "--", "-x.toml"}, out, err) == 0);
    CHECK(out.find("a.toml") < out.find("-x.toml"));
    CHECK(out.find("-x.toml") != std::string::npos);
  }
  SUBCASE("without --, -x.toml after a subcommand is still an unknown option") {
    CHECK(call({"sub", "-x.toml"}, out, err) == 64);
    CHECK(out.empty());
  }
}
