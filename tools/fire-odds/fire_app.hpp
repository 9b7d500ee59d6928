// fire_app.hpp - the fire-odds command: five subcommands (artillery, firearm, broadside,
// arquebus, dowel), each a scenario given by flags or as [[<subcommand>]] tables of TOML files
// (read by the fire module, gunpowder/fire/read_scenarios.hpp).
// Kept in the library so that tests can run a command line in-process.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/core/turns.hpp"
#include "gunpowder/core/turns_report.hpp"
#include "gunpowder/fire/requests.hpp"

namespace gunpowder::input {
class TableReader;
}  // namespace gunpowder::input

namespace gunpowder::fire_app {

extern const cli::ToolInfo kInfo;

/// One computed scenario: its tables (made from the TableSpecs below; JSON is rendered from them),
/// its derivation lines and the charts of its distributions (--chart, --svg).
struct Scenario {
  std::vector<report::Table> tables;
  report::Steps explain;
  std::vector<report::Chart> charts;
  /// Why the scenario has no chart, for the usage error of --chart and --svg (empty: it has one).
  std::string no_chart;
};

// The scenarios' options are the fire rules' requests (gunpowder/fire/requests.hpp).
using ArtilleryParams = fire::ArtilleryRequest;
using FirearmParams = fire::FirearmRequest;
using BroadsideParams = fire::BroadsideRequest;
using ArquebusParams = fire::ArquebusRequest;
using DowelParams = fire::DowelRequest;
// Turns to a result as every tool reports them (gunpowder/core/turns_report.hpp).
using report::turns_cells;
using report::turns_distribution;
using report::turns_fields;
using report::turns_note;

struct Options {
  ArtilleryParams artillery;
  FirearmParams firearm;
  BroadsideParams broadside;
  ArquebusParams arquebus;
  DowelParams dowel;
  /// artillery --range-step-yd (a flag only): a chart of the attack throw's results at every STEP yards.
  std::optional<double> range_step_yd;
  std::string command;     ///< the subcommand that ran (set when the command line names it)
  bool fractions = false;  ///< --fractions: exact probabilities as reduced fractions (report::show_fractions)
};

/// One kind of scenario: the subcommand of its name (its line in --help, its options, its run) and
/// the [[<name>]] tables of a file (their reader, the tables of its report).
struct FireCommand {
  const char* name;
  const char* description;
  void (*setup)(CLI::App& sub, Options& opt);
  Expected<Scenario> (*run)(const data::Tables& tables, const Options& opt, bool explain);
  void (*read)(input::TableReader& r, Options& opt);
  std::vector<const report::TableSpec*> (*specs)();
};

/// The kinds of scenario, in the order of --help (fire_app.cpp). A new one is a file with its setup,
/// run, reader and table declarations, and a line here.
const std::vector<FireCommand>& commands();

/// Registers the subcommands and their options on `app`.
void setup(CLI::App& app, Options& opt);
/// Runs the chosen subcommand, or every scenario of the input files, and builds the report.
Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// The five scenario kinds (artillery.cpp, firearm.cpp, broadside.cpp, chainmail.cpp): their
// options, and the run of one scenario into its report. A rule's error names its field (the TOML
// key); fire_app.cpp places it at the scenario's key or on the flag.
void setup_artillery(CLI::App& sub, ArtilleryParams& p);
Expected<Scenario> run_artillery(const data::Tables& tables, const ArtilleryParams& p, bool explain);
/// The chart of --range-step-yd (artillery_ranges.cpp): the results of the attack throw of the
/// request's shot at every `step_yd` yards out to its piece's long range. Errors name their field.
Expected<report::Chart> artillery_range_chart(const data::Tables& tables, const ArtilleryParams& p, double step_yd);

void setup_firearm(CLI::App& sub, FirearmParams& p);
Expected<Scenario> run_firearm(const data::Tables& tables, const FirearmParams& p, bool explain);

void setup_broadside(CLI::App& sub, BroadsideParams& p);
Expected<Scenario> run_broadside(const data::Tables& tables, const BroadsideParams& p, bool explain);

void setup_arquebus(CLI::App& sub, ArquebusParams& p);
Expected<Scenario> run_arquebus(const data::Tables& tables, const ArquebusParams& p, bool explain);

void setup_dowel(CLI::App& sub, DowelParams& p);
Expected<Scenario> run_dowel(const data::Tables& tables, const DowelParams& p, bool explain);

// Shared formatting.
std::string pct(double p);
/// A modifier as the books print it: "+2", "-3", "+0".
std::string signed_str(int v);
/// Dice as the books print them: "4d6".
std::string dice_text(int n, int sides);
/// A probability shown as pct() shows it, read as the fraction (csv); with `denominator` (the
/// product of the die sizes it is counted over: 400 for a d20 then a d20 again) its exact fraction
/// for --fractions (report::cell::exact_over).
report::Cell pct_cell(double p, std::uint64_t denominator = 0);
/// What --fractions says under a table with a chance it leaves as a decimal.
extern const char* const kInexactNote;

/// The declaration of a table of fire-odds: its rows (or record) belong to a scenario, named by the
/// context fields scenario and name (then `context`, e.g. the group of cannon).
report::TableSpec scenario_spec(std::string_view name, std::string_view title, std::string_view description,
                                std::vector<report::FieldUse> fields, std::vector<report::FieldUse> context = {});
/// The declaration of a distribution of a scenario (report::DistributionSpec): the table of its values
/// (`value`, P, P(at least), P(at most)) and its summary, named by scenario and name (then `context`).
report::DistributionSpec dist_spec(std::string_view name, std::string_view title, const report::Field& value,
                                   std::vector<report::FieldUse> context = {}, bool always = true);
/// Aligns the column of field `f` of `t` as told (a text column the books print right-aligned).
void align(report::Table& t, const report::Field& f, report::Align a);
/// Adds to a record table a figure shown to programs only (csv, JSON), whatever its declaration.
void program_figure(report::Table& t, const report::Field& f, report::Cell value, std::string source = {});
/// The tables of the distribution `d` declared by `spec` (its values and its summary), titled `title`.
report::DistributionTables dist_tables(const report::DistributionSpec& spec, const dice::Dist& d, std::string title);
/// The JSON document every fire-odds run writes, and the tables of each kind of scenario in it.
const report::DocumentSpec& scenarios_doc();
std::vector<const report::DocumentSpec*> documents();
std::vector<const report::TableSpec*> artillery_specs();
std::vector<const report::TableSpec*> firearm_specs();
std::vector<const report::TableSpec*> broadside_specs();
std::vector<const report::TableSpec*> arquebus_specs();
std::vector<const report::TableSpec*> dowel_specs();

/// A chart of distributions over the same values (kills, hits, points), one series each (a chart
/// of one series may leave its name empty): a bar at every value some series gives a chance, the
/// tails under kChartTail left out, and more than kChartBars values drawn in bands of equal width.
struct NamedDist {
  std::string name;
  const dice::Dist* dist;
};
report::Chart dist_chart(std::string title, std::string label_axis, const std::vector<NamedDist>& series);
inline constexpr double kChartTail = 1e-4;
inline constexpr int kChartBars = 40;

/// A figure for programs: up to 12 decimals, trailing zeros trimmed.
inline report::Cell real(double x) { return report::cell::trimmed(x, 12); }

}  // namespace gunpowder::fire_app
