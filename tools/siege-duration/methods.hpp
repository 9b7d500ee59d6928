// methods.hpp - siege-duration's methods, one file each (simplified.cpp, bombardment.cpp,
// duel.cpp, structures.cpp, siege_machine.cpp): each runs its rules on the request and builds
// its tables and its JSON object; report_common.cpp holds the formatting they share.
#pragma once

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
