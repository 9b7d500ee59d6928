// commands.hpp - a tool's commands declared once: the subcommands (their names, their lines in
// --help, the registration of their options), the values of every enumerated option, which
// commands read input files and which draw charts. The dispatch, --help, the "choose a
// subcommand" and "unknown subcommand" messages and the shell completion are all made from these
// declarations.
// Included by the files that register options (it needs <CLI/CLI.hpp>, as they do).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "gunpowder/data/tables.hpp"

namespace gunpowder::cli {

/// A command of the suite: the tool itself (made by run_tool) or one of its subcommands (made by
/// add_subcommands). Besides CLI11's command it holds what the suite declares of it.
class Command : public CLI::App {
 public:
  Command(std::string description, std::string name) : CLI::App(std::move(description), std::move(name)) {}
  /// A subcommand of `parent`, its options registered by `setup` when the command line names it (a
  /// CLI11 pre-parse callback: a one-liner builds the options of one subcommand, not of all).
  Command(std::string description, std::string name, CLI::App* parent, std::function<void(CLI::App&)> setup);

  /// Registers the options now, if that has not been done (help, completion and the output
  /// descriptions need the whole tree).
  void set_up();

  /// The values that `opt` (an option of this command) takes, for completion: asked only when a
  /// script is made, with the tables it offers the names of (the built-in tables).
  using Values = std::function<std::vector<std::string>(const data::Tables&)>;
  void declare_values(const CLI::Option* opt, Values values);
  /// The declared values of `opt` in `tables`, in order; empty when it declares none.
  std::vector<std::string> values_of(const CLI::Option* opt, const data::Tables& tables) const;

  /// This command reads TOML input files (its help and completion offer them); with none named it
  /// may take standard input, where it would say that a file is missing (read_standard_input).
  void reads_input() { reads_input_ = true; }
  /// Whether this command reads TOML input at all (input files, or standard input).
  bool takes_input() const { return reads_input_; }
  /// This command draws no distribution: the tool's --chart and --svg are not offered in its help
  /// and completion, and run_tool refuses them there as unknown options.
  void draws_no_charts() { draws_charts_ = false; }
  bool draws_charts() const { return draws_charts_; }
  /// The tool's options that only a command drawing charts honours (add_common_options sets them).
  void chart_options(std::vector<const CLI::Option*> opts) { chart_options_ = std::move(opts); }
  const std::vector<const CLI::Option*>& chart_options() const { return chart_options_; }

 private:
  std::function<void(CLI::App&)> setup_;
  bool set_up_ = true;
  std::vector<std::pair<const CLI::Option*, Values>> values_;
  bool reads_input_ = false;
  bool draws_charts_ = true;
  std::vector<const CLI::Option*> chart_options_;
};

/// One line of a tool's table of subcommands.
struct Subcommand {
  std::string name;
  std::string description;  ///< its line in --help
  /// Registers its options and its pre-parse state (e.g. a callback naming it in the options struct).
  std::function<void(CLI::App&)> setup;
};

/// Adds the subcommands of `table` to `tool`, in order (fallthrough: the tool's options may follow
/// them); `required`: the tool needs one. Returns them in the table's order.
std::vector<Command*> add_subcommands(CLI::App& tool, const std::vector<Subcommand>& table, bool required);

/// Registers the options of every subcommand of `app` not yet set up.
void set_up_all(CLI::App& app);

/// The names of the subcommands of `app`, "rate, battle, campaign, march or siege" (`last`
/// before the last one).
std::string subcommand_list(const CLI::App& app, const std::string& last = " or ");

/// An option that takes one of `values`: read in any case (and through `spelling` when given, e.g.
/// the books' spelling made the suite's), the option then holding the value as `values` spells it;
/// the values are declared on `cmd` (a Command) for completion. Returns `opt`.
CLI::Option* choices(CLI::App& cmd, CLI::Option* opt, const std::vector<std::string>& values,
                     const std::function<std::string(std::string)>& spelling = {});

/// An option naming things of the built-in tables (troop types, races, firearms, shot weights):
/// any value is taken (the command checks it), and `values` is declared on `cmd` for completion
/// only, called only when a script is made (with the built-in tables). Returns `opt`.
CLI::Option* completion_values(CLI::App& cmd, CLI::Option* opt, Command::Values values);

/// Command::reads_input on `cmd` when it is a Command (a bare CLI::App, in a test, reads no input).
void reads_input(CLI::App& cmd);
/// Command::draws_no_charts on `cmd` when it is a Command.
void draws_no_charts(CLI::App& cmd);

/// Whether the subcommand `sub` offers `opt`, an option of its tool that it takes through
/// fallthrough (its --help lists it, its completion offers it): the input files only where it
/// reads input, the tool's chart options only where it draws charts.
bool offers(const CLI::App& sub, const CLI::Option& opt);

}  // namespace gunpowder::cli
