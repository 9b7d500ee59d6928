// startup.cpp - the start-up benchmark (issue 15): each command of a list against the C++ hello
// world (bench/hello.cpp, `g++ -O2`, linked dynamically), started alternately in one run.
//
// Usage: bench-startup BIN COMMANDS [PAIRS]
//   BIN       the directory of the tools and of bench-hello
//   COMMANDS  a file of command lines, one a line (`#` comments; "double quotes" group words);
//             the first word is a tool of BIN
//   PAIRS     pairs a command (default 41)
//
// A pair is one start of hello and one of the command, back to back, in an order that alternates
// from pair to pair; the rounds go through every command in turn, so that the load of the machine
// falls alike on all. Each start is posix_spawn then waitpid, its standard output and error to
// /dev/null, timed with the monotonic clock. Prints a markdown table: the median of the command,
// the median of hello in its pairs, their ratio, the median of the pairs' ratios, and the median
// CPU time (user + system, from wait4) of each, which a loaded machine disturbs less.
// A command that exits other than 0 is an error (exit 1).
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

extern char** environ;  // NOLINT: POSIX

namespace {

struct Command {
  std::string line;
  std::vector<std::string> argv;
  std::vector<double> ms, hello_ms, cpu_ms, hello_cpu_ms;
};

struct Start {
  double wall_ms = -1;  ///< -1 when it could not start or exited other than 0
  double cpu_ms = 0;    ///< user + system time of the process
};

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool quoted = false, any = false;
  for (const char c : line) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (any) words.push_back(word);
      word.clear();
      any = false;
    } else {
      word += c;
      any = true;
    }
  }
  if (any) words.push_back(word);
  return words;
}

// Wall and CPU time of one start.
Start run_once(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));  // NOLINT: posix_spawn's type
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int err = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  int status = 0;
  rusage usage{};
  if (err == 0) wait4(pid, &status, 0, &usage);
  const auto end = std::chrono::steady_clock::now();
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return {};
  const auto ms = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) / 1e3;
  };
  return {std::chrono::duration<double, std::milli>(end - start).count(), ms(usage.ru_utime) + ms(usage.ru_stime)};
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: bench-startup BIN COMMANDS [PAIRS]\n";
    return 64;
  }
  const std::string bin = argv[1];
  const int pairs = argc > 3 ? std::stoi(argv[3]) : 41;
  std::ifstream in(argv[2]);
  std::vector<Command> commands;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    Command c{line, split_words(line), {}, {}, {}, {}};
    c.argv[0] = bin + "/" + c.argv[0];
    commands.push_back(std::move(c));
  }
  const std::vector<std::string> hello{bin + "/bench-hello"};
  for (int pair = 0; pair < pairs; ++pair) {
    for (auto& c : commands) {
      const bool hello_first = pair % 2 == 0;
      const Start a = run_once(hello_first ? hello : c.argv);
      const Start b = run_once(hello_first ? c.argv : hello);
      const Start& h = hello_first ? a : b;
      const Start& t = hello_first ? b : a;
      if (h.wall_ms < 0 || t.wall_ms < 0) {
        std::cerr << "bench-startup: failed: " << (h.wall_ms < 0 ? hello[0] : c.line) << "\n";
        return 1;
      }
      c.ms.push_back(t.wall_ms);
      c.hello_ms.push_back(h.wall_ms);
      c.cpu_ms.push_back(t.cpu_ms);
      c.hello_cpu_ms.push_back(h.cpu_ms);
    }
  }
  std::printf(
      "| command | median ms | hello ms (same pairs) | ratio | median of pair ratios | CPU ms: command, hello |\n");
  std::printf("|---|---:|---:|---:|---:|---:|\n");
  double worst = 0;
  for (const auto& c : commands) {
    std::vector<double> ratios;
    for (std::size_t i = 0; i < c.ms.size(); ++i) ratios.push_back(c.ms[i] / c.hello_ms[i]);
    const double m = median(c.ms), h = median(c.hello_ms);
    worst = std::max(worst, m / h);
    std::printf("| `%s` | %.2f | %.2f | %.2fx | %.2fx | %.2f, %.2f |\n", c.line.c_str(), m, h, m / h, median(ratios),
                median(c.cpu_ms), median(c.hello_cpu_ms));
  }
  std::printf("\n%d pairs a command; worst ratio of medians %.2fx\n", pairs, worst);
  return 0;
}
