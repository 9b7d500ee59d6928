// war_app.hpp - the war-machine command: subcommands rate, battle, campaign, march and siege; options,
// setup and run kept in the library so that tests can parse a command line in-process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::war_app {

/// A force given on the command line: --force SPEC, and the --situation flags that follow it.
struct ForceFlag {
  std::string spec;
  std::vector<std::string> situations;
};

struct Options {
  // battle
  bool roll = false;
  std::optional<std::uint64_t> seed;
  std::optional<int> rounds;
  std::optional<int> runs;
  std::string write_forces;
  bool summary = false;
  bool odds_chart = false;  ///< battle --odds-chart: one chart of every battle's odds (odds_chart.cpp)
  std::optional<std::string> tie_policy, casualty_reading, ratio_reading, percent_reading;
  bool siege_machine = false, simple_siege = false;
  std::optional<int> weeks_besieged;
  // campaign
  std::optional<int> battles;
  // march
  std::optional<std::int64_t> troops;
  std::optional<std::string> troop_class;
  std::optional<int> bfr;
  std::optional<double> rate_ft;
  std::string fatigue = "none";
  int days_without_food = 0;
  // siege
  std::optional<int> weeks;
  std::optional<int> food_weeks;
  std::optional<std::int64_t> defender_troops;
  bool loss_of_start = false;
  // battle, campaign, rate and siege: forces given as flags (force_flags.cpp)
  std::vector<ForceFlag> force_flags;
  std::string situation_without_force;  ///< a --situation before any --force (an error)
  // battle, march and siege: exact probabilities as fractions (common/fractions.hpp)
  bool fractions = false;
  // which subcommand ran (set when the command line names it)
  std::string command;
  bool house_rules = false;  ///< the run's tables have house rules (set by run: no batch is streamed)
};

extern const cli::ToolInfo kInfo;

/// One subcommand: its name, its line in --help, its options, its run, whether it reads [[force]]
/// tables from files (standard input when none is named: its run calls cli::read_standard_input
/// where it would say that a file is missing) and whether it draws distributions (--chart and
/// --svg are offered only then).
struct WarCommand {
  const char* name;
  const char* description;
  void (*setup)(CLI::App& cmd, Options& opt);
  Expected<report::Report> (*run)(const war::Rules& R, const Options& opt, const cli::CommonOptions& common);
  bool takes_input;
  bool charts;
};

/// The subcommands, in the order of --help (commands() in war_app.cpp). A new one is a file with its setup and
/// run and a line here.
const std::vector<WarCommand>& commands();

/// Registers the subcommands on `app` (their options when the command line names them).
void setup(CLI::App& app, Options& opt);
/// Runs the chosen subcommand and builds the report.
Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace gunpowder::war_app
