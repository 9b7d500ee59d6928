// methods.hpp - siege-duration's methods, one file each (simplified.cpp, bombardment.cpp,
// duel.cpp, structures.cpp, siege_machine.cpp): each runs its rules on the request and builds
// its tables (tables.hpp); report_common.cpp holds the formatting they share.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/siege/read_siege.hpp"
#include "siege-duration/siege_app.hpp"

namespace gunpowder::siege_app {

/// What every method reads and where it reports.
struct Context {
  const data::Tables& run_tables;  ///< the run's tables (the house rules behind a figure)
  const Options& opt;
  const siege::Rules& rules;
  const artillery::Catalogue& cat;
  const input::Document& doc;
  const siege::Request& in;
  report::Report& rep;
  report::Table& methods;  ///< the methods run, and those "all" could not run with the reason
  bool explain = false;    ///< --explain: the derivation is kept (else a method may drop its steps)
  std::string table;       ///< --table NAME: the one table asked for (empty: all)

  [[nodiscard]] bool all() const { return opt.method == "all"; }
  /// Records a method that "all" cannot run on this input.
  void skip(const char* method, const std::string& why) const;
  /// The threads for seeded runs: --threads, or every core.
  [[nodiscard]] unsigned threads() const;
};

/// The tables of --method structures (structures.cpp), made a structure at a time: held
/// (run_structures), or a piece of the input at a time (structures_stream.cpp).
class StructureTables {
 public:
  /// The frames: titles, columns (the cannon-loss steps' among them), notes; the gates and doors.
  StructureTables(const data::Tables& run_tables, const siege::Rules& rules);
  /// The rows of one structure: its strength points, its steps of cannon loss, its cannon lost.
  void add(const siege::StructureSpec& s, const siege::StructurePoints& p);
  /// Drops the rows of the structures (a streamed piece's, once written).
  void clear_rows();
  /// The tables in report order (the cannon lost only when a structure has cannon).
  void move_to(report::Report& rep);
  report::Table points, lost, loss, gates;

 private:
  const data::Tables& run_tables_;
};

/// --method structures on an input of [[structure]] tables alone, written as it is made
/// (structures_stream.cpp): the report, whose `write` writes it, or an error that stops the run.
/// Nothing when the input is not streamed (--explain, --table, --battery, house rules, another
/// method, an input with an error, another table or fewer than two structures): the caller reads it
/// whole.
std::optional<Expected<report::Report>> run_structures_streamed(const data::Tables& run_tables,
                                                                const siege::Rules& rules,
                                                                const artillery::Catalogue& cat, const Options& opt,
                                                                const cli::CommonOptions& common,
                                                                const input::Source& source);

/// True when the method ran, false when it was skipped.
using MethodResult = Expected<bool>;

MethodResult run_simplified(const Context& c);
MethodResult run_bombardment(const Context& c);
MethodResult run_duel(const Context& c);
MethodResult run_structures(const Context& c);
MethodResult run_siege_machine(const Context& c);

// Formatting shared by the methods (report_common.cpp).
std::string yd(double v);
/// Amounts as the book prints them: thousands grouped, decimals only when there are any.
std::string gp(double v);
/// A table of the declared shape, its composite columns aligned right as numbers are.
report::Table table_of(const report::TableSpec& spec);
/// The stronghold's shp day by day of `method` (simplified or bombardment); `source`: the house
/// rule behind the days, under house rules.
report::Table schedule_table(const std::string& method, const std::string& title, const std::vector<int>& shp_by_day,
                             const std::string& source);

// Typed cells: the text people see and the raw value csv writes.
/// Yards as yd() shows them ("2,100 yd"), raw the number.
report::Cell yd_cell(double v);
/// Gold pieces (or any amount) as gp() shows them ("6,900"), raw the number.
report::Cell gp_cell(double v);
/// An enum value: shown as `shown`, read as its value (lower-case words joined by '-').
report::Cell value_cell(std::string shown, std::string value);
/// A side's name as its value ("besieger", "defender", "attacker").
inline const char* side_name(bool defender, bool machine = false) {
  return defender ? "defender" : machine ? "attacker" : "besieger";
}
/// A figure of both sides: for people one cell "att/def" (the two cells as shown), for programs the
/// attacker's and the defender's cells.
void side_pair_cells(report::Cell attacker, report::Cell defender, std::vector<report::Cell>& cells);
/// The probability and its 95% interval of a proportion: p, ci (people: "a% - b%"), ci_low, ci_high.
std::vector<report::Cell> proportion_cells(const siege::Proportion& p);
/// The seed and runs of a table drawn from seeded runs (its context).
void seeded_context(report::Table& t, std::uint64_t seed, std::optional<long long> runs);
/// Hides the columns of `keys` from people: a column people alone see is dropped (with its cells),
/// one everybody sees is left to programs (a figure the run does not track: null in csv and JSON).
void hide_from_people(report::Table& t, const std::vector<const report::Field*>& keys);
/// Adds the tables of the distribution `d` (its values, made on request, and its summary) to `rep`,
/// with `context` applied to both (the seed and runs, the odds method, the side).
void add_distribution(const report::DistributionSpec& spec, const report::Distribution& d, std::string title,
                      const std::function<void(report::Table&)>& context, const std::string& source,
                      report::Report& rep);

// The Siege Machine's money and field construction (siege_machine_money.cpp).
/// The first week's costs of each side, the money on hand, and the field construction plan
/// (`source`: the house rule behind their figures, under house rules).
void machine_money_report(const siege::SiegeMachineRules& r, const siege::SmSetup& m, const std::string& source,
                          report::Report& rep);
/// A week's cost (and money) cells of the trace: both sides' totals, then their money.
void week_money_cells(const siege::SmWeek& w, std::vector<report::Cell>& cells);
/// The costs of each side in each week (week-costs) and the items finished (week-built).
void week_cost_tables(const std::vector<siege::SmWeek>& weeks, std::uint64_t seed, const std::string& source,
                      report::Report& rep);

}  // namespace gunpowder::siege_app
