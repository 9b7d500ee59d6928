// siege_app.hpp - the siege-duration command: its options, setup and run, built as a driver
// library so that tests run a command line in-process. The input is read by the siege module
// (siege::read_siege); each method is run and reported by its own file (methods.hpp).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::siege_app {

struct Options {
  std::string method = "all";                 ///< all | simplified | bombardment | duel | structures | siege-machine
  std::string bonus_units_reading = "table";  ///< table (the printed Bonus Units table) | example (the worked example)
  bool cautious = false;
  std::optional<int> breaches;
  bool trace = false;
  std::uint64_t seed = 1;
  long long runs = 10000;
  bool runs_given = false;  ///< --runs was given: the duel's odds are sampled
  bool sample = false;      ///< --sample: the duel's odds are sampled even where they can be exact
  unsigned threads = 0;  ///< 0: every core
  std::string besieger_policy = "advance";
  std::string defender_policy = "fire";
  std::string advance_to = "medium";
  std::optional<int> fall_back_after, hole_up_after, max_rounds;
  bool pi = false;
  std::optional<std::string> battery;  ///< structures: "[Nx]TYPE@BAND", a battery firing at each structure
  std::optional<std::string> plan;  ///< Siege Machine: overrides the input's plan
  std::optional<int> weeks;         ///< Siege Machine: week limit
  // A siege from flags (siege_flags.cpp), instead of a file.
  std::optional<long long> shp;
  std::optional<double> value_gp;
  std::vector<std::string> structures;  ///< "[Nx]KEY"
  std::optional<std::string> material, site;
  std::optional<long long> besieger_units, defender_units;
  std::vector<std::string> besieger_artillery, defender_artillery;  ///< "[Nx]SHOT-pdr-TYPE[@YARDS]"
  /// The options given that only some methods read (kMethodOptions), as typed on the command line.
  std::vector<std::string> method_options_given;
};

/// The options that only some methods read, each with those methods: with one --method, an option
/// none of whose methods it is would change nothing, so it is a usage error.
struct MethodOption {
  const char* name;
  std::vector<std::string> methods;
};
const std::vector<MethodOption>& method_options();

/// Whether the siege is given as flags (--shp, --structure, --value-gp, --besieger-units, ...).
bool has_siege_flags(const Options& opt);
/// The siege flags as the text of a siege description ([stronghold], [besieger], [defender]),
/// read by the file's reader; a malformed flag is a usage error naming it.
Expected<std::string> siege_flags_toml(const Options& opt);
/// Registers those flags.
void add_siege_flags(CLI::App& app, Options& opt);
/// The name of the siege description made from the flags (in diagnostics and the run table).
inline constexpr std::string_view kFlagsName = "the siege flags";
/// Errors placed in that description: no line (it is not the user's text), exit 64.
/// A line of it is named by its flag where one is known (`made`: the description's text).
Diagnostics on_siege_flags(const Diagnostics& in, const std::string& made);

extern const cli::ToolInfo kInfo;

/// Registers the tool's own options on `app`.
void setup(CLI::App& app, Options& opt);
/// Reads the input, runs every requested method and builds the report.
Expected<report::Report> run(const data::Tables& run_tables, const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace gunpowder::siege_app
