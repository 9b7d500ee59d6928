// report_common.cpp - formatting shared by siege-duration's methods: yards, gold pieces as the
// book prints them, the day-by-day schedule, optional values and proportions in JSON.
#include <algorithm>
#include <cmath>
#include <thread>

#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/methods.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Align;
using report::Table;

void Context::skip(const char* method, const std::string& why) const {
  json::Value o = json::object();
  o.set("method", method);
  o.set("reason", why);
  skipped.push(std::move(o));
}

unsigned Context::threads() const {
  return opt.threads ? opt.threads : std::max(1U, std::thread::hardware_concurrency());
}

std::string yd(double v) { return grouped(std::llround(v)) + " yd"; }

// (1,715 / 1,097.25).
std::string gp(double v) {
  v = std::round(v * 100) / 100;
  const double whole = std::floor(v + 1e-9);
  const std::string frac = trim(v - whole, 2);
  return grouped(static_cast<long long>(whole)) + (frac == "0" ? "" : frac.substr(1));
}

namespace {

// A schedule of at most 31 rows: every day up to 30 days, else every ceil(days / 30) days and
// the last day.
std::vector<size_t> schedule_rows(size_t days) {
  std::vector<size_t> out;
  const size_t step = days <= 30 ? 1 : (days + 29) / 30;
  for (size_t d = 0; d <= days; d += step) out.push_back(d);
  if (out.back() != days) out.push_back(days);
  return out;
}

}  // namespace

json::Value schedule_json(const std::vector<int>& shp_by_day) {
  json::Value a = json::array();
  if (shp_by_day.empty()) return a;
  for (size_t d : schedule_rows(shp_by_day.size() - 1)) {
    json::Value o = json::object();
    o.set("day", d);
    o.set("shp", shp_by_day[d]);
    a.push(std::move(o));
  }
  return a;
}

Table schedule_table(const std::string& title, const std::vector<int>& shp_by_day) {
  Table t;
  t.title = title;
  t.add_column("day", "Day", Align::right).add_column("shp", "shp left", Align::right);
  for (size_t d : schedule_rows(shp_by_day.size() - 1))
    t.add_row({std::to_string(d), report::cell::integer(shp_by_day[d])});
  return t;
}

json::Value opt_int(const std::optional<int>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_num(const std::optional<double>& v) { return v ? json::Value(*v) : json::Value(); }

json::Value proportion_json(const siege::Proportion& p) {
  json::Value o = json::object();
  o.set("count", p.count);
  o.set("p", p.p);
  o.set("low", p.low);
  o.set("high", p.high);
  return o;
}

report::Cell yd_cell(double v) { return report::cell::shown_as(yd(v), v); }
report::Cell gp_cell(double v) { return report::cell::shown_as(gp(v), v); }
report::Cell value_cell(std::string shown, std::string value) { return {std::move(shown), std::move(value)}; }

void key_value_columns(Table& t, const std::string& value_header, const std::vector<std::string>& extra) {
  using report::Shown;
  t.add_column("figure", "Figure", Align::left, Shown::people)
      .add_column("key", "Key", Align::left, Shown::programs)
      .add_column("value", value_header, Align::right);
  for (const auto& k : extra) t.add_column(k, k, Align::right, Shown::programs);
  t.add_column("unit", "Unit", Align::left, Shown::programs);
}

void key_value_row(Table& t, std::string figure, std::string key, report::Cell value, std::string unit,
                   std::vector<report::Cell> extra) {
  const size_t extras = t.columns.size() - 4;
  extra.resize(extras, report::cell::none(""));
  std::vector<report::Cell> row{std::move(figure), std::move(key), std::move(value)};
  for (auto& e : extra) row.push_back(std::move(e));
  row.emplace_back(std::move(unit));
  t.add_row(std::move(row));
}

void side_pair_cells(report::Cell attacker, report::Cell defender, std::vector<report::Cell>& cells) {
  cells.emplace_back(attacker.text + "/" + defender.text);
  cells.push_back(std::move(attacker));
  cells.push_back(std::move(defender));
}

void proportion_columns(Table& t) {
  using report::Shown;
  t.add_column("p", "Share", Align::right)
      .add_column("ci", "95% interval", Align::right, Shown::people)
      .add_column("ci_low", "95% low", Align::right, Shown::programs)
      .add_column("ci_high", "95% high", Align::right, Shown::programs);
}

std::vector<report::Cell> proportion_cells(const siege::Proportion& p) {
  return {report::cell::percent(p.p), fmtnum::percent(p.low) + " - " + fmtnum::percent(p.high),
          report::cell::percent(p.low), report::cell::percent(p.high)};
}

std::string json_key(std::string value) {
  std::replace(value.begin(), value.end(), '-', '_');
  return value;
}

void seeded_context(Table& t, std::uint64_t seed, std::optional<long long> runs) {
  t.context.push_back({"seed", std::to_string(seed)});
  if (runs) t.context.push_back({"runs", std::to_string(*runs)});
}

}  // namespace gunpowder::siege_app
