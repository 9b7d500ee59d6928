// war_app.hpp - the war-machine command: subcommands rate, battle, campaign, march and siege; options,
// setup and run kept in the library so that tests can parse a command line in-process.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "common/cli.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::war_app {

struct Options {
  // battle
  bool roll = false;
  std::optional<std::uint64_t> seed;
  std::optional<int> rounds;
  std::optional<int> runs;
  std::string write_forces;
  bool summary = false;
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
  // which subcommand ran (set by setup)
  CLI::App* rate_cmd = nullptr;
  CLI::App* battle_cmd = nullptr;
  CLI::App* march_cmd = nullptr;
  CLI::App* siege_cmd = nullptr;
  CLI::App* campaign_cmd = nullptr;
};

extern const cli::ToolInfo kInfo;

/// The subcommands, in the order of the flags of setup() and named_subcommands().
inline constexpr std::size_t kSubcommands = 5;
inline constexpr std::array<std::string_view, kSubcommands> kSubcommandNames{"rate", "battle", "campaign", "march",
                                                                             "siege"};

/// Registers the subcommands and their options on `app`.
void setup(CLI::App& app, Options& opt);
/// The same, with the options only of the subcommands `with_options` marks (the others are
/// registered without options: their name and description for --help).
void setup(CLI::App& app, Options& opt, const std::array<bool, kSubcommands>& with_options);
/// The subcommands whose options a command line can use: those named by one of its arguments
/// before "--" (CLI11 takes a subcommand only by its exact name, so the one that runs is among
/// them); every subcommand when none is named (--help, a usage error) or when the hidden
/// --completion asks for the script of the whole option tree.
std::array<bool, kSubcommands> named_subcommands(int argc, const char* const* argv);
/// Runs the chosen subcommand and builds the report.
Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace gunpowder::war_app
