// unit_report.cpp - unit-br's report of rated units: the summary table (one row a unit) or the
// JSON units, gathered piece by piece and joined in input order.
#include "unit-br/unit_report.hpp"

#include <algorithm>

#include "unit-br/unit_app.hpp"

namespace gunpowder::unit_app {

using fmtnum::trim;
using report::Align;
using report::Table;
using units::Rating;

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : "; ") + s;
  return out.empty() ? "-" : out;
}

json::Value opt_json(const std::optional<double>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_json(const std::optional<int>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_json(const std::optional<std::string>& v) { return v ? json::Value(*v) : json::Value(); }

std::optional<int> realm_troops(const units::TroopType& t, const std::string& realm) {
  for (const auto& [k, n] : t.realm)
    if (k == realm) return n;
  return std::nullopt;
}

json::Value strings(const std::vector<std::string>& v) {
  json::Value a = json::array();
  for (const auto& s : v) a.push(s);
  return a;
}

namespace {

// Each unit's JSON is serialised on the thread that rated it (json::raw), for its place in
// {"units": [ ... ]}: level 2. A batch is never held as a tree.
constexpr int kUnitLevel = 2;

Table summary_table() {
  Table t;
  t.title = "Units";
  t.add_column("name", "Unit")
      .add_column("troops", "Troops", Align::right)
      .add_column("formation", "Form")
      .add_column("movement", "Move", Align::right)
      .add_column("ac", "AC", Align::right)
      .add_column("uhp", "uhp", Align::right)
      .add_column("morale", "ML", Align::right)
      .add_column("attacks_raw", "Raw att.", Align::right)
      .add_column("attacks", "Att.", Align::right)
      .add_column("reload_tokens", "Reload", Align::right)
      .add_column("attack_lines", "Missile attacks")
      .add_column("melee_lines", "Melee attacks")
      .add_column("missile_value", "MiV", Align::right)
      .add_column("melee_value", "MeV", Align::right)
      .add_column("combat_modifier", "CM", Align::right)
      .add_column("br_raw", "BR raw", Align::right)
      .add_column("br", "BR", Align::right)
      .add_column("wage_gp_month", "Wage gp/mo", Align::right)
      .add_column("supply_gp_week", "Supply gp/wk", Align::right)
      .add_column("specialist_gp_month", "Spec. gp/mo", Align::right)
      .add_column("total_gp_month", "Total gp/mo", Align::right)
      .add_column("daily_miles", "Miles/day", Align::right)
      .add_column("weekly_miles", "Miles/wk", Align::right);
  return t;
}

std::vector<report::Cell> summary_row(const Rating& r) {
  const units::FirearmAttack* p = r.primary ? &r.firearms[*r.primary] : nullptr;
  return {r.name,
          std::to_string(r.troops),
          units::to_string(r.formation),
          r.movement,
          std::to_string(r.ac),
          std::to_string(r.uhp),
          signed_int(r.morale),
          p ? trim(p->attacks_raw, 3) : "-",
          p ? std::to_string(p->attacks) : "-",
          p ? std::to_string(p->reload_tokens) : "-",
          joined(r.missile_lines),
          joined(r.melee_lines),
          trim(r.missile_value, 2),
          trim(r.melee_value, 2),
          trim(r.combat_modifier, 2),
          trim(r.br_raw, 3),
          trim(r.br, 2),
          money(r.wage_gp_month),
          money(r.supply_gp_week),
          money(r.specialist_gp_month),
          money(r.total_gp_month),
          trim(r.daily_miles, 1),
          trim(r.weekly_miles, 1)};
}

}  // namespace

Table units_table() { return summary_table(); }

std::optional<UnitOutput> add_rating(Part& part, const units::Catalogue& cat, Rating&& r,
                                     const cli::CommonOptions& common, bool keep) {
  const bool want_json = common.format == "json";
  ++part.count;
  json::Value unit;
  if (want_json) {
    unit = unit_json(cat, r);
    part.units.push_back(json::raw(unit, kUnitLevel));
  } else {
    part.rows.push_back(summary_row(r));
  }
  std::optional<UnitOutput> kept;
  if (keep) {
    kept.emplace();
    if (want_json) kept->unit = std::move(unit);
    else kept->row = part.rows.back();
    kept->row.resize(std::max<size_t>(kept->row.size(), 1));
    kept->row.front() = r.name;
  }
  if (common.explain)
    for (auto& l : r.explain) part.explain.push_back(std::move(l));
  if (!part.first) part.first = std::move(r);
  return kept;
}

void add_output(Part& part, const UnitOutput& out, const std::string& name, const cli::CommonOptions& common) {
  ++part.count;
  if (common.format == "json") {
    json::Value u = out.unit;
    u.object().front().second = json::Value(name);
    part.units.push_back(json::raw(u, kUnitLevel));
  } else {
    part.rows.push_back(out.row);
    part.rows.back().front() = name;
  }
}

Expected<report::Report> units_report(const units::Catalogue& cat, std::vector<Part>& parts, Diagnostics errors,
                                      const cli::CommonOptions& common) {
  const bool want_json = common.format == "json";
  std::optional<Rating> first;
  size_t count = 0;
  for (auto& p : parts) {
    errors.append(p.errors);
    if (!errors.empty()) continue;
    count += p.count;
    if (!first && p.first) first = std::move(p.first);
  }
  if (!errors.empty()) return errors;
  report::Report rep;
  Table summary = summary_table();
  json::Value arr = json::array();
  if (want_json) {
    size_t total = 0;
    for (const auto& p : parts) total += p.units.size();
    arr.array().reserve(total);
  } else {
    summary.rows.reserve(count);
  }
  for (auto& p : parts) {
    for (auto& u : p.units) arr.push(std::move(u));
    for (auto& row : p.rows) summary.rows.push_back(std::move(row));
    for (auto& l : p.explain) rep.explain.push_back(std::move(l));
    p = Part{};
  }
  if (!want_json) rep.tables.push_back(std::move(summary));
  if (!want_json && count == 1 && common.format != "csv") detail_tables(cat, *first, rep.tables);
  rep.json = json::document(kInfo.name, "units");
  rep.json.set("tool", kInfo.name);
  rep.json.set("units", std::move(arr));
  return rep;
}

}  // namespace gunpowder::unit_app
