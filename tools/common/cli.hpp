// cli.hpp - the command line every tool shares: inputs as files or "-", --format, --output
// (written atomically), --explain, --help with examples, --version, and the mapping of every
// failure to one documented exit code, in one place.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "gunpowder/core/error.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::cli {

/// The suite's version, printed by --version.
extern const char* const kVersion;

struct CommonOptions {
  std::vector<std::string> inputs;  ///< TOML files; "-" reads standard input
  std::string format = "text";      ///< text | markdown | csv | json
  std::string output;               ///< empty: standard output
  bool explain = false;
  bool chart = false;  ///< --chart: distributions as text bar charts (text and markdown)
  std::string svg;     ///< --svg FILE: distributions as an SVG bar chart
};

struct ToolInfo {
  std::string name;         ///< e.g. "artillery-design"
  std::string description;  ///< one paragraph for --help
  std::string examples;     ///< the EXAMPLES footer of --help
};

/// Registers --format, --output, --explain, --version and the positional inputs.
void add_common_options(CLI::App& app, CommonOptions& common, const ToolInfo& info);

/// Runs a tool: parses argv with `setup`'s options, calls `run`, renders the report and writes
/// it to stdout or --output. Returns the process exit code; never throws.
/// `run` may return diagnostics; nothing is written to stdout or the output file then.
int run_tool(const ToolInfo& info, int argc, const char* const* argv, std::ostream& out, std::ostream& err,
             const std::function<void(CLI::App&, CommonOptions&)>& setup,
             const std::function<Expected<report::Report>(const CommonOptions&)>& run);

/// The same for a tool whose options live in one struct: `setup(app, options)` declares them,
/// `run(options, common)` does the work once they are parsed. A tool's main() is this one call.
template <class Options>
int run_tool_with(const ToolInfo& info, int argc, const char* const* argv, std::ostream& out, std::ostream& err,
                  void (*setup)(CLI::App&, Options&),
                  Expected<report::Report> (*run)(const Options&, const CommonOptions&)) {
  Options opt;
  return run_tool(
      info, argc, argv, out, err, [&](CLI::App& app, CommonOptions&) { setup(app, opt); },
      [&](const CommonOptions& common) { return run(opt, common); });
}

/// Writes `text` to `path` atomically: a temporary file in the same directory, flushed and
/// renamed over the target. On failure nothing is left behind; returns the diagnostic.
Expected<bool> write_file_atomically(const std::string& path, const std::string& text);

/// The same for output written as it is made (report::Report::write): `write` writes into the
/// temporary file, which replaces the target only when it returned no diagnostics.
Expected<bool> write_file_atomically(const std::string& path, const std::function<Diagnostics(std::ostream&)>& write);

/// A usage error (exit 64) about a command-line value, e.g. ("--shot", "must be positive").
Diagnostics usage_error(const std::string& option, const std::string& message);

/// Turns the field errors (Diagnostic::field) of a request built from flags into usage errors that
/// name the flag: "--" + the field with '-' for '_', or what `flag_of(field)` gives when it is set
/// and returns a non-empty name. Diagnostics without a field pass through unchanged.
Diagnostics place_on_flags(const Diagnostics& in,
                           const std::function<std::string(const std::string&)>& flag_of = {});

}  // namespace gunpowder::cli
