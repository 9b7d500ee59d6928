// fire_app.hpp - the fire-odds command: five subcommands (artillery, firearm, broadside,
// arquebus, dowel), each a scenario given by flags or as [[<subcommand>]] tables of TOML files
// (read by the fire module, gunpowder/fire/read_scenarios.hpp).
// Kept in the library so that tests can run a command line in-process.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/fire/requests.hpp"

namespace gunpowder::fire_app {

extern const cli::ToolInfo kInfo;

/// One computed scenario: its tables, its JSON object (keys in the documented order), its
/// derivation lines and the charts of its distributions (--chart, --svg).
struct Scenario {
  std::vector<report::Table> tables;
  json::Value json = json::object();
  std::vector<std::string> explain;
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

struct Options {
  ArtilleryParams artillery;
  FirearmParams firearm;
  BroadsideParams broadside;
  ArquebusParams arquebus;
  DowelParams dowel;
  CLI::App* sub_artillery = nullptr;
  CLI::App* sub_firearm = nullptr;
  CLI::App* sub_broadside = nullptr;
  CLI::App* sub_arquebus = nullptr;
  CLI::App* sub_dowel = nullptr;
};

/// Registers the subcommands and their options on `app`.
void setup(CLI::App& app, Options& opt);
/// Runs the chosen subcommand, or every scenario of the input files, and builds the report.
Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// The five scenario kinds (artillery.cpp, firearm.cpp, broadside.cpp, chainmail.cpp): their
// options, and the run of one scenario into its report. A rule's error names its field (the TOML
// key); fire_app.cpp places it at the scenario's key or on the flag.
void setup_artillery(CLI::App& sub, ArtilleryParams& p);
Expected<Scenario> run_artillery(const ArtilleryParams& p, bool explain);

void setup_firearm(CLI::App& sub, FirearmParams& p);
Expected<Scenario> run_firearm(const FirearmParams& p, bool explain);

void setup_broadside(CLI::App& sub, BroadsideParams& p);
Expected<Scenario> run_broadside(const BroadsideParams& p, bool explain);

void setup_arquebus(CLI::App& sub, ArquebusParams& p);
Expected<Scenario> run_arquebus(const ArquebusParams& p, bool explain);

void setup_dowel(CLI::App& sub, DowelParams& p);
Expected<Scenario> run_dowel(const DowelParams& p, bool explain);

// Shared formatting.
std::string pct(double p);
/// A modifier as the books print it: "+2", "-3", "+0".
std::string signed_str(int v);
/// Dice as the books print them: "4d6".
std::string dice_text(int n, int sides);
/// A probability shown as pct() shows it, read as the fraction (csv).
report::Cell pct_cell(double p);

/// The figure of a key/value table as programs read it: its numbers (a composite figure such as
/// "160/560/1600 yd" has several, in the order its field names them), what they count, and its
/// value when that is a word or dice ("medium", "4d8").
struct Raw {
  std::vector<double> numbers;
  std::string unit;
  std::string text;
};
/// A key/value table: Figure | Value [| Rule] for people; for programs (csv) field, value,
/// value_2 ... value_<numbers> (the numbers of a composite figure), unit, text [, note].
report::Table figures_table(std::string title, int numbers, bool with_note);
/// Adds a row to a figures_table.
void add_figure(report::Table& t, const std::string& field, const std::string& shown, const Raw& raw,
                const std::string& note = "");
/// [{<value_key>: v, "p": P(v)}, ...] for every v with P(v) > 0, probabilities
/// as JSON writes every real (json::kSignificantDigits).
json::Value dist_json(const dice::Dist& d, const std::string& value_key);
/// A distribution as table rows: value (csv column `value_key`: "kills", "distance_yd"), probability
/// `p`, probability of at least the value `p_at_least`.
report::Table dist_table(const dice::Dist& d, const std::string& title, const std::string& value_header,
                         const std::string& value_key);
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

}  // namespace gunpowder::fire_app
