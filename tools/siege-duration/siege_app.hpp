// siege_app.hpp - the siege-duration command: options, input reading, setup and run, kept in
// the library so that tests can parse a command line and an input in-process.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/siege/siege.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "gunpowder/siege/structures.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::siege_app {

struct Options {
  std::string method = "all";  ///< all | simplified | bombardment | duel | structures | siege-machine
  std::string bonus_units = "example";  ///< example | table
  bool cautious = false;
  std::optional<int> breaches;
  bool trace = false;
  std::uint64_t seed = 1;
  long long runs = 10000;
  unsigned threads = 0;  ///< 0: every core
  std::string besieger_policy = "advance";
  std::string defender_policy = "fire";
  std::string advance_to = "medium";
  std::optional<int> fall_back_after, hole_up_after, max_rounds;
  bool pi = false;
  std::optional<std::string> plan;  ///< Siege Machine: overrides the input's plan
  std::optional<int> weeks;         ///< Siege Machine: week limit
};

extern const cli::ToolInfo kInfo;

/// What one input file describes.
struct Input {
  std::optional<siege::Siege> siege;  ///< when [stronghold], [besieger] and [defender] are given
  std::vector<siege::StructureSpec> structures;  ///< [[structure]] tables (seed 001)
  std::optional<siege::SmSetup> machine;          ///< [siege_machine] (seed 004)
  /// Siege Machine sides rated from a War Machine force table (attacker, defender).
  std::array<std::optional<war::Rating>, 2> machine_ratings;
  /// [siege_machine.attacker] bombardment_damage: the [besieger] park's bombardment adds to d.
  bool machine_bombardment = false;
  bool ranges_complete = false;  ///< every besieger piece has a range_yd (bombardment possible)
  /// The TOML table of each besieger artillery entry, to place rule errors at their keys.
  std::vector<const toml::table*> besieger_entries;
};

/// Reads and checks an input document (every error of the file at once; exit 65).
Expected<Input> read_siege(const input::Document& doc, const siege::Rules& rules, const artillery::Catalogue& cat,
                           bool use_pi);

/// Registers the tool's own options on `app`.
void setup(CLI::App& app, Options& opt);
/// Reads the input, runs every requested method and builds the report.
Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace gunpowder::siege_app
