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

report::Cell joined_cell(const std::vector<std::string>& v) {
  return v.empty() ? report::cell::none() : report::Cell(joined(v));
}

report::Cell raw_cell(const std::string& raw) { return {raw, raw}; }

report::Cell hd_dice_cell(const std::optional<units::HitDice>& hd) {
  return hd ? raw_cell(fmtnum::shortest(hd->dice)) : raw_cell("");
}

report::Cell hd_bonus_cell(const std::optional<units::HitDice>& hd) {
  return hd ? raw_cell(std::to_string(hd->bonus)) : raw_cell("");
}

std::vector<report::Cell> movement_cells(const std::string& movement) {
  std::vector<report::Cell> out;
  size_t at = 0;
  while (out.size() < 3) {
    const size_t slash = movement.find('/', at);
    const std::string figure = movement.substr(at, slash == std::string::npos ? std::string::npos : slash - at);
    const bool number = !figure.empty() && figure.find_first_not_of("0123456789") == std::string::npos;
    out.push_back(raw_cell(number ? figure : std::string()));
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  out.resize(3, raw_cell(""));
  return out;
}

void add_movement_columns(Table& t, const std::string& key, const std::string& header) {
  t.add_column(key, header, Align::right, report::Shown::people)
      .add_column("march_hexes", "March", Align::right, report::Shown::programs)
      .add_column("hustle_hexes", "Hustle", Align::right, report::Shown::programs)
      .add_column("charge_hexes", "Charge", Align::right, report::Shown::programs);
}

void push_movement(std::vector<report::Cell>& row, const std::string& movement) {
  row.emplace_back(movement);
  for (auto& c : movement_cells(movement)) row.push_back(std::move(c));
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
  t.add_column("name", "Unit").add_column("troops", "Troops", Align::right).add_column("formation", "Form");
  add_movement_columns(t, "movement", "Move");
  t.add_column("ac", "AC", Align::right)
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
  using report::cell::none;
  using report::cell::trimmed;
  const units::FirearmAttack* p = r.primary ? &r.firearms[*r.primary] : nullptr;
  std::vector<report::Cell> row{r.name, std::to_string(r.troops), units::to_string(r.formation)};
  row.reserve(26);
  push_movement(row, r.movement);
  for (report::Cell c :
       {report::Cell(std::to_string(r.ac)), report::Cell(std::to_string(r.uhp)), report::cell::signed_integer(r.morale),
        p ? trimmed(p->attacks_raw, 3) : none(), p ? report::Cell(std::to_string(p->attacks)) : none(),
        p ? report::Cell(std::to_string(p->reload_tokens)) : none(), joined_cell(r.missile_lines),
        joined_cell(r.melee_lines), trimmed(r.missile_value, 2), trimmed(r.melee_value, 2),
        trimmed(r.combat_modifier, 2), trimmed(r.br_raw, 3), trimmed(r.br, 2), trimmed(r.wage_gp_month, 2),
        trimmed(r.supply_gp_week, 2), trimmed(r.specialist_gp_month, 2), trimmed(r.total_gp_month, 2),
        trimmed(r.daily_miles, 1), trimmed(r.weekly_miles, 1)})
    row.push_back(std::move(c));
  return row;
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
    if (want_json)
      kept->unit = std::move(unit);
    else
      kept->row = part.rows.back();
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
  // One unit: its detail tables too (csv prints the main table, the others with --table).
  if (!want_json && count == 1) detail_tables(cat, *first, rep.tables, common.format == "csv");
  rep.json = json::document(kInfo.name, "units", kUnitsVersion);
  rep.json.set("tool", kInfo.name);
  rep.json.set("units", std::move(arr));
  return rep;
}

}  // namespace gunpowder::unit_app
