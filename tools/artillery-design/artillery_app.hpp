// artillery_app.hpp - the artillery-design command: options, setup and run, kept in the
// library so that tests can parse a command line in-process.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "common/cli.hpp"
#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::artillery_app {

struct Options {
  std::optional<std::string> type, carriage, era, name;
  std::optional<double> shot_lb, powder_lb, shot_used_lb, price_multiplier, powder_gp_per_lb, stone_lb;
  std::string rate_reading = "shots-first";
  std::string gunpowder = "historical";
  bool catalogue = false;
  bool formula = false;
  bool compare = false;
  bool differences = false;  ///< --compare shows only the rows that disagree
  bool economies = false;
};

extern const cli::ToolInfo kInfo;

/// Registers the tool's own options on `app`.
void setup(CLI::App& app, Options& opt);
/// Reads the inputs, designs every piece and builds the report.
Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace gunpowder::artillery_app
