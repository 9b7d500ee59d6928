// report_common.cpp - formatting shared by siege-duration's methods: yards, gold pieces as the
// book prints them, the day-by-day schedule, proportions, and columns a run does not track.
#include <algorithm>
#include <cmath>
#include <thread>

#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/fields.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Table;

void Context::skip(const char* method, const std::string& why) const {
  methods.add_row({method, report::cell::boolean(false), why});
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

Table table_of(const report::TableSpec& spec) {
  namespace f = fields;
  // The composites people read as one figure ("400/880/2,100", "24/12", "1-3") stand right, as numbers do.
  static const report::Field* const kRight[] = {&f::kRange,      &f::kCi,         &f::kRound,    &f::kBrPair,
                                                &f::kRollsPair,  &f::kHdPair,     &f::kLostPair, &f::kTroopsPair,
                                                &f::kDamageText, &f::kMoralePair, &f::kCostPair, &f::kMoneyPair};
  Table t(spec);
  for (auto& c : t.columns)
    if (std::find(std::begin(kRight), std::end(kRight), c.field) != std::end(kRight)) c.align = report::Align::right;
  return t;
}

Table schedule_table(const std::string& method, const std::string& title, const std::vector<int>& shp_by_day,
                     const std::string& source) {
  Table t = table_of(tables::schedule());
  t.title = title;
  t.set_context(fields::kScheduleMethod, method);
  for (size_t d : schedule_rows(shp_by_day.size() - 1))
    t.add_row({std::to_string(d), report::cell::integer(shp_by_day[d])}, source);
  return t;
}

report::Cell yd_cell(double v) { return report::cell::shown_as(yd(v), v); }
report::Cell gp_cell(double v) { return report::cell::shown_as(gp(v), v); }
report::Cell value_cell(std::string shown, std::string value) { return {std::move(shown), std::move(value)}; }

void side_pair_cells(report::Cell attacker, report::Cell defender, std::vector<report::Cell>& cells) {
  cells.emplace_back(attacker.text + "/" + defender.text);
  cells.push_back(std::move(attacker));
  cells.push_back(std::move(defender));
}

std::vector<report::Cell> proportion_cells(const siege::Proportion& p) {
  return {report::cell::percent(p.p), fmtnum::percent(p.low) + " - " + fmtnum::percent(p.high),
          report::cell::percent(p.low), report::cell::percent(p.high)};
}

void seeded_context(Table& t, std::uint64_t seed, std::optional<long long> runs) {
  t.set_context(fields::kSeed, std::to_string(seed));
  if (runs) t.set_context(fields::kRuns, std::to_string(*runs));
}

void hide_from_people(Table& t, const std::vector<const report::Field*>& keys) {
  for (size_t i = t.columns.size(); i-- > 0;) {
    auto& col = t.columns[i];
    if (std::find(keys.begin(), keys.end(), col.field) == keys.end()) continue;
    if (col.shown == report::Shown::everywhere) {
      col.shown = report::Shown::programs;
      continue;
    }
    if (col.shown != report::Shown::people) continue;
    t.columns.erase(t.columns.begin() + static_cast<std::ptrdiff_t>(i));
    for (auto& row : t.rows)
      if (i < row.size()) row.erase(row.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

void add_distribution(const report::DistributionSpec& spec, const report::Distribution& d, std::string title,
                      const std::function<void(report::Table&)>& context, const std::string& source,
                      report::Report& rep) {
  report::DistributionTables t = report::distribution_tables(spec, d, std::move(title), source);
  context(t.values);
  context(t.summary);
  t.add_to(rep.tables);
}

}  // namespace gunpowder::siege_app
