// methods.hpp - siege-duration's methods, one file each (simplified.cpp, bombardment.cpp,
// duel.cpp, structures.cpp, siege_machine.cpp): each runs its rules on the request and builds
// its tables and its JSON object; report_common.cpp holds the formatting they share.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/json.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/siege/read_siege.hpp"
#include "siege-duration/siege_app.hpp"

namespace gunpowder::siege_app {

/// What every method reads and where it reports.
struct Context {
  const Options& opt;
  const siege::Rules& rules;
  const artillery::Catalogue& cat;
  const input::Document& doc;
  const siege::Request& in;
  report::Report& rep;
  json::Value& skipped;  ///< [{method, reason}] of the methods "all" could not run

  [[nodiscard]] bool all() const { return opt.method == "all"; }
  /// Records a method that "all" cannot run on this input.
  void skip(const char* method, const std::string& why) const;
  /// The threads for seeded runs: --threads, or every core.
  [[nodiscard]] unsigned threads() const;
};

/// A method's JSON object; null when the method was skipped.
using MethodResult = Expected<json::Value>;

MethodResult run_simplified(const Context& c);
MethodResult run_bombardment(const Context& c);
MethodResult run_duel(const Context& c);
MethodResult run_structures(const Context& c);
MethodResult run_siege_machine(const Context& c);

// Formatting shared by the methods (report_common.cpp).
std::string yd(double v);
/// Amounts as the book prints them: thousands grouped, decimals only when there are any.
std::string gp(double v);
json::Value schedule_json(const std::vector<int>& shp_by_day);
report::Table schedule_table(const std::string& title, const std::vector<int>& shp_by_day);
json::Value opt_int(const std::optional<int>& v);
json::Value opt_num(const std::optional<double>& v);
json::Value proportion_json(const siege::Proportion& p);

// Typed cells: the text people see and the raw value csv writes.
/// Yards as yd() shows them ("2,100 yd"), raw the number.
report::Cell yd_cell(double v);
/// Gold pieces (or any amount) as gp() shows them ("6,900"), raw the number.
report::Cell gp_cell(double v);
/// An enum value: shown as `shown`, read as its value (lower-case words joined by '-').
report::Cell value_cell(std::string shown, std::string value);
/// A key/value table (Figure, Value): for people the figure's words and the value as shown; for
/// programs the figure's key (its JSON key), the raw value and its unit, and `extra` columns
/// (programs only) for a second number of a row (the top of a range, a margin).
void key_value_columns(report::Table& t, const std::string& value_header = "Value",
                       const std::vector<std::string>& extra = {});
/// A row of such a table; `extra` holds one cell per extra column (missing ones are empty).
void key_value_row(report::Table& t, std::string figure, std::string key, report::Cell value, std::string unit,
                   std::vector<report::Cell> extra = {});
/// A figure of both sides: for people one cell "att/def" (the two cells as shown), for programs the
/// attacker's and the defender's cells.
void side_pair_cells(report::Cell attacker, report::Cell defender, std::vector<report::Cell>& cells);
/// The probability and its 95% interval of a proportion: p, ci (people: "a% - b%"), ci_low, ci_high.
void proportion_columns(report::Table& t);
std::vector<report::Cell> proportion_cells(const siege::Proportion& p);
/// An enum value ("besieger-destroyed") as a JSON key ("besieger_destroyed"): keys join words with '_'.
std::string json_key(std::string value);
/// The seed and runs of a table drawn from seeded runs, as csv context columns (seed, runs).
void seeded_context(report::Table& t, std::uint64_t seed, std::optional<long long> runs);

// The Siege Machine's money and field construction (siege_machine_money.cpp).
/// The first week's costs of each side, the money on hand, and the field construction plan.
void machine_money_report(const siege::SiegeMachineRules& r, const siege::SmSetup& m, report::Report& rep,
                          json::Value& out);
/// A week's cost (and money, when `money`) cells of the trace.
void week_money_cells(const siege::SmWeek& w, bool money, std::vector<report::Cell>& cells);
/// cost_gp_per_week, costs_gp, money_gp, ammunition_yield and built of a week.
void week_money_json(const siege::SmWeek& w, json::Value& j);
/// cost_gp_total and money_gp of the result.
void result_money_json(const siege::SmResult& res, json::Value& r);

}  // namespace gunpowder::siege_app
