// cli.hpp - the command line every tool shares: inputs as files or "-", --format, --output
// (written atomically), --explain, --help with examples, --version, and the mapping of every
// failure to one documented exit code, in one place.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/outputs.hpp"
#include "gunpowder/core/error.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/data/tables.hpp"

// CLI11 is declared, not included: it is the heaviest header of the build, and only the files that
// register options (the setup functions) include <CLI/CLI.hpp> themselves.
namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI

namespace gunpowder::cli {

/// The suite's version, printed by --version.
extern const char* const kVersion;

struct CommonOptions {
  /// TOML files; "-" reads standard input. Mutable: read_standard_input adds "-" from a run.
  mutable std::vector<std::string> inputs;
  /// Whether the run has the program's own standard input (run_tool sets it when `out` is
  /// std::cout; an in-process test never reads the test's standard input).
  bool own_stdin = false;
  /// Whether the caller keeps the report (run_tool_on's `kept`: gunpowder-book's pages, which show
  /// its tables): a batch is then held, never written as it is made (fire-odds, unit-br and
  /// siege-duration check it).
  bool hold = false;
  std::string format = "text";  ///< text | markdown | csv | json
  std::string output;           ///< empty: standard output
  bool explain = false;
  bool chart = false;  ///< --chart: distributions as text bar charts (text and markdown)
  std::string svg;     ///< --svg FILE: distributions as an SVG bar chart
  /// --distributions: the long distributions value by value too (tables declared on_request)
  bool distributions = false;
  /// The files of this run besides --output and --svg (e.g. war-machine's --write-forces): `run`
  /// adds them here and run_tool writes them with the others once everything has succeeded.
  mutable Outputs outputs;
  std::string table;          ///< --table NAME: that table alone (csv: instead of the main table); "help" lists them
  bool csv_formulas = false;  ///< --csv-formulas: csv cells that look like formulas are not guarded
  std::vector<std::string> rules;  ///< --house-rules FILE (repeatable): house rules, after those of GUNPOWDER_RULES
  std::string print_rules;         ///< --print-rules [TABLE]: handled before parsing (see run_tool)
};

struct ToolInfo {
  std::string name;         ///< e.g. "artillery-design"
  std::string description;  ///< one paragraph for --help
  std::string examples;     ///< the EXAMPLES footer of --help
  /// The JSON documents the tool writes, declared (--describe-output describes them).
  std::vector<const report::DocumentSpec*> (*documents)() = nullptr;
  /// Whether a command of the tool draws distributions: --chart, --svg and --distributions are
  /// offered only then.
  bool charts = true;
  /// A tool that writes a directory instead of reading inputs (gunpowder-book): the name of its one
  /// positional word (OUTDIR) and its help; empty: the positional TOML input files. The word is
  /// CommonOptions::inputs all the same.
  std::string output_dir{};
  std::string output_dir_help{};
};

/// The house-rules files of a run: GUNPOWDER_RULES (`env`, a ':'-separated list; empty entries are
/// skipped) first, then each --house-rules in order, so that a later file overrides an earlier one.
std::vector<std::string> rules_files(const char* env, const std::vector<std::string>& flags);

/// Adds to `r` what says that the house rules of `tables` made it: a first table "House rules"
/// (text, markdown, csv) listing each file and each figure it changed, and the JSON key
/// "house_rules". Nothing without house rules.
void note_house_rules(const data::Tables& tables, report::Report& r);

/// The text --print-rules prints: the built-in table `table` (every table when empty) as embedded,
/// under a comment saying how to make a rules file of it; nullopt for an unknown table.
std::optional<std::string> print_rules_text(const std::string& table);

/// Registers --format, --output, --explain, --version and the positional inputs (and --chart, --svg
/// and --distributions when the tool has charts; a subcommand that draws none does not offer them:
/// commands.hpp).
void add_common_options(CLI::App& app, CommonOptions& common, const ToolInfo& info);

/// The one place where a command that reads an input file and has none would say so: called there,
/// it takes standard input instead when no file is named and standard input is a pipe, a socket or
/// a regular file that holds something, and then adds the input "-" to `common.inputs` (read whole
/// by read_input, its diagnostics naming it <stdin>) and returns true. Standard input is looked at
/// without taking a byte of it (poll and FIONREAD, or the file's size). False, leaving the command
/// to give its usage error, when a file is named, standard input is a terminal (never waited on), a
/// device such as /dev/null, or empty, or the run is not the program's own (CommonOptions::own_stdin).
/// A command that can run from its flags calls it only when they do not say what to compute, so a
/// one-liner in a `while read` loop leaves the loop's standard input alone.
bool read_standard_input(const CommonOptions& common);

/// Runs a tool: parses argv with `setup`'s options (on a cli::Command: commands.hpp), makes the
/// tables of the run (data::Tables: the built-in tables, with the house-rules files of
/// GUNPOWDER_RULES and --house-rules merged over them), calls `run` with them, renders the report
/// and writes
/// it to stdout or --output, with --svg and the files `run` added to CommonOptions::outputs, all
/// at the end (Outputs::commit). Every argument after the first "--" is an input file. A command
/// that needs a file and has none may take standard input (read_standard_input, own_stdin: only
/// for the program's own streams, `out` is std::cout).
/// Returns the process exit code; never throws.
/// `run` may return diagnostics; nothing is written to stdout or any output file then. The
/// program's own run (`out` is std::cout) lets its tables live until the process ends
/// (data::Tables::keep_until_exit); an in-process run's are destroyed when it returns.
using RunFunction = std::function<Expected<report::Report>(const data::Tables&, const CommonOptions&)>;
int run_tool(const ToolInfo& info, int argc, const char* const* argv, std::ostream& out, std::ostream& err,
             const std::function<void(CLI::App&, CommonOptions&)>& setup, const RunFunction& run);

/// The same for a tool whose options live in one struct: `setup(app, options)` declares them,
/// `run(tables, options, common)` does the work once they are parsed. A tool's main() is this one call.
template <class Options>
int run_tool_with(const ToolInfo& info, int argc, const char* const* argv, std::ostream& out, std::ostream& err,
                  void (*setup)(CLI::App&, Options&),
                  Expected<report::Report> (*run)(const data::Tables&, const Options&, const CommonOptions&)) {
  Options opt;
  return run_tool(
      info, argc, argv, out, err, [&](CLI::App& app, CommonOptions&) { setup(app, opt); },
      [&](const data::Tables& tables, const CommonOptions& common) { return run(tables, opt, common); });
}

/// run_tool on the caller's tables (GUNPOWDER_RULES and --house-rules are not read: `tables` may
/// hold house rules of its own) with the command line `args` (without the program's name): what it
/// writes to `out` is what the tool prints. When `kept` is set and the run succeeds, the report is
/// copied there as it was before --table chose a table and the tables only --distributions shows
/// were dropped (the house rules noted): table_alone, and the Table::spec's on_request, make the
/// other outputs of that run from it. gunpowder-book runs the tools' commands in-process with it.
int run_tool_on(const data::Tables& tables, const ToolInfo& info, const std::vector<std::string>& args,
                std::ostream& out, std::ostream& err, const std::function<void(CLI::App&, CommonOptions&)>& setup,
                const RunFunction& run, report::Report* kept = nullptr);

/// What --table NAME keeps of a report: the tables named `name` (each marked as asked for), the
/// main table then; false, leaving `r` as it was, when no table has that name.
bool table_alone(report::Report& r, const std::string& name);

/// The same for a tool whose options live in one struct (run_tool_with).
template <class Options>
int run_tool_on_with(const data::Tables& tables, const ToolInfo& info, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err, void (*setup)(CLI::App&, Options&),
                     Expected<report::Report> (*run)(const data::Tables&, const Options&, const CommonOptions&),
                     report::Report* kept = nullptr) {
  Options opt;
  return run_tool_on(
      tables, info, args, out, err, [&](CLI::App& app, CommonOptions&) { setup(app, opt); },
      [&](const data::Tables& t, const CommonOptions& common) { return run(t, opt, common); }, kept);
}

/// Writes `text` to `path` now, as one output of Outputs (see outputs.hpp): a regular file replaced
/// atomically keeping its mode and owner, a link's target replaced, a device written directly.
/// On failure nothing is left behind; returns the diagnostic. A tool adds to
/// CommonOptions::outputs instead, so that a later failure of the run leaves the file unchanged.
Expected<bool> write_file_atomically(const std::string& path, const std::string& text);

/// The check of a FILE option: an empty name is a usage error ("--output ''").
CLI::Validator file_name();

/// A usage error (exit 64) about a command-line value, e.g. ("--shot", "must be positive").
Diagnostics usage_error(const std::string& option, const std::string& message);

/// Turns the field errors (Diagnostic::field) of a request built from flags into usage errors that
/// name the flag: "--" + the field with '-' for '_', or what `flag_of(field)` gives when it is set
/// and returns a non-empty name. Diagnostics without a field pass through unchanged.
Diagnostics place_on_flags(const Diagnostics& in, const std::function<std::string(const std::string&)>& flag_of = {});

/// Places at the first rules file the data errors (exit 65) that have neither a position nor a
/// field when house rules are in effect: a computation their figures led out of its bounds (the
/// broadside hand beyond fire::kMaxHandFigure). Without house rules, `in` unchanged.
Diagnostics place_on_rules_file(const data::Tables& tables, const Diagnostics& in);

}  // namespace gunpowder::cli
