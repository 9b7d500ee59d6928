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

unsigned Context::threads() const { return opt.threads ? opt.threads : std::max(1U, std::thread::hardware_concurrency()); }

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
  for (size_t d : schedule_rows(shp_by_day.size() - 1)) t.add_row({std::to_string(d), grouped(shp_by_day[d])});
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

}  // namespace gunpowder::siege_app
