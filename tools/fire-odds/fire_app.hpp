// fire_app.hpp - the fire-odds command: five subcommands (artillery, firearm, broadside,
// arquebus, dowel), each a scenario given by flags or as [[<subcommand>]] tables of TOML files.
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
#include "gunpowder/input/reader.hpp"

namespace gunpowder::fire_app {

extern const cli::ToolInfo kInfo;

/// Where a scenario's values came from: a TOML table (errors at its keys, exit 65) or the command
/// line (errors name the flag, exit 64).
struct Origin {
  const input::Document* doc = nullptr;
  const toml::table* table = nullptr;
};
/// An error about one field ("range-yd"): placed at the TOML key range_yd, or on --range-yd.
Diagnostics field_error(const Origin& o, const std::string& field, const std::string& message);

/// One computed scenario: its tables, its JSON object (keys in the documented order) and its
/// derivation lines.
struct Scenario {
  std::vector<report::Table> tables;
  json::Value json = json::object();
  std::vector<std::string> explain;
};

struct ArtilleryParams {
  std::optional<std::string> type, bracket, crew, exceed, halving, hd, name;
  std::optional<double> shot_lb, range_yd;
  std::optional<int> attack_throw, modifier, target_ac, save, troops, unit_save, table_uhp, hero_save;
  bool plunging = false, direct = false, few_artillerists = false, cover = false;
  bool cavalry = false, enfilade = false, fortified = false, hero_fortified = false;
};
struct FirearmParams {
  std::optional<std::string> weapon, training, weather, penalties, shooter;
  std::optional<double> range_ft, range_yd, carried_stone, round_seconds;
  std::optional<int> target_ac, armor, attack_throw, dex, modifier, minutes;
  bool apostles = false, uncleaned = false, scattershot = false, no_rest = false, no_naturals = false;
  bool catalogue = false;
};
struct BroadsideParams {
  std::optional<std::string> weight, range, modifiers_on, reroll_mode, play, ammo, halving, save_class, cover;
  std::optional<int> cannon, dice, rerolls, target_points, target_guns, crew;
  std::optional<double> range_in;
  bool formation = false, still = false, turned = false, raking = false, formed_up = false, aim_high = false;
  bool large_ship_from_small = false;
};
struct ArquebusParams {
  std::optional<std::string> system, cover;
  std::optional<int> men, ar;
  std::optional<double> range_in;
  bool rested = false, natural_six = false;
};
struct DowelParams {
  std::optional<std::string> gun, call, measure;
  std::optional<double> distance_in, depth_in, width_in;
  std::optional<std::vector<double>> offsets;
};

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

// The five scenario kinds (fire_app_*.cpp).
void setup_artillery(CLI::App& sub, ArtilleryParams& p);
void read_artillery(input::TableReader& r, ArtilleryParams& p);
Expected<Scenario> run_artillery(const ArtilleryParams& p, const Origin& o, bool explain);

void setup_firearm(CLI::App& sub, FirearmParams& p);
void read_firearm(input::TableReader& r, FirearmParams& p);
Expected<Scenario> run_firearm(const FirearmParams& p, const Origin& o, bool explain);

void setup_broadside(CLI::App& sub, BroadsideParams& p);
void read_broadside(input::TableReader& r, BroadsideParams& p);
Expected<Scenario> run_broadside(const BroadsideParams& p, const Origin& o, bool explain);

void setup_arquebus(CLI::App& sub, ArquebusParams& p);
void read_arquebus(input::TableReader& r, ArquebusParams& p);
Expected<Scenario> run_arquebus(const ArquebusParams& p, const Origin& o, bool explain);

void setup_dowel(CLI::App& sub, DowelParams& p);
void read_dowel(input::TableReader& r, DowelParams& p);
Expected<Scenario> run_dowel(const DowelParams& p, const Origin& o, bool explain);

// Shared formatting.
std::string pct(double p);
/// [{<value_key>: v, "p": P(v)}, ...] for every v with P(v) > 0, probabilities cleaned (fire::clean).
json::Value dist_json(const dice::Dist& d, const std::string& value_key);
/// A distribution as table rows: value, probability, probability of at least the value.
report::Table dist_table(const dice::Dist& d, const std::string& title, const std::string& value_header);

}  // namespace gunpowder::fire_app
