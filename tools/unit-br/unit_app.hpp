// unit_app.hpp - the unit-br command: options, setup and run, kept in the library so that tests
// can parse a command line in-process.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/units/unit_br.hpp"

namespace gunpowder::unit_app {

struct Options {
  std::optional<std::string> troop, race, name;
  bool veteran = false;
  std::optional<int> troops;
  std::vector<int> reform_uhp_lost;
  std::vector<std::string> actions;  ///< --actions: fire, stand or march, one a round
  std::string misfire;           ///< "", "examples" or "text"
  std::string fm_pistol_column;  ///< "", "drilled" or "other"
  std::string wage_source;       ///< "", "wage-table" or "characteristics"
  std::string pistol_bonus;      ///< "", "rule" or "rosters"
  bool catalogue = false;
  bool compare = false;
  bool differences = false;  ///< --compare shows only the rows that disagree
};

extern const cli::ToolInfo kInfo;

/// Registers the tool's own options on `app`.
void setup(CLI::App& app, Options& opt);
/// Reads the inputs, rates every unit and builds the report.
Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace gunpowder::unit_app
