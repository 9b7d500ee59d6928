// unit_report.cpp - unit-br's report of rated units: the summary table (one row a unit) and, in
// JSON, every unit's detail tables, gathered piece by piece and joined in input order.
#include "unit-br/unit_report.hpp"

#include <algorithm>

#include "common/provenance.hpp"
#include "unit-br/unit_app.hpp"

namespace gunpowder::unit_app {

using report::Table;
using units::Rating;

report::Table table_of(const report::TableSpec& spec) {
  Table t(spec);
  for (auto& c : t.columns)
    if (c.field == &fields::kMovement || c.field == &fields::kRateShown || c.field == &fields::kRangeShown ||
        c.field == &fields::kAcPrinted || c.field == &fields::kHd)
      c.align = report::Align::right;
  return t;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : "; ") + s;
  return out.empty() ? "-" : out;
}

report::Cell joined_cell(const std::vector<std::string>& v) {
  return v.empty() ? report::cell::none() : report::Cell(joined(v));
}

report::Cell hd_dice_cell(const std::optional<units::HitDice>& hd) {
  return hd ? report::cell::trimmed(hd->dice, 12) : report::cell::none();
}

report::Cell hd_bonus_cell(const std::optional<units::HitDice>& hd) {
  return hd ? report::cell::signed_integer(hd->bonus) : report::cell::none();
}

std::vector<report::Cell> movement_cells(const std::optional<int>& march, int hustle, int charge) {
  return {report::cell::integer(march ? std::optional<long long>(*march) : std::nullopt), report::cell::integer(hustle),
          report::cell::integer(charge)};
}

void push_movement(std::vector<report::Cell>& row, const std::string& shown, const std::optional<int>& march,
                   int hustle, int charge) {
  row.emplace_back(shown);
  for (auto& c : movement_cells(march, hustle, charge)) row.push_back(std::move(c));
}

std::optional<int> realm_troops(const units::TroopType& t, const std::string& realm) {
  for (const auto& [k, n] : t.realm)
    if (k == realm) return n;
  return std::nullopt;
}

namespace {

std::vector<report::Cell> summary_row(const Rating& r) {
  using report::cell::none;
  using report::cell::trimmed;
  const auto integer = [](int n) { return report::Cell(std::to_string(n)); };  // as printed: no grouping
  const units::FirearmAttack* p = r.primary ? &r.firearms[*r.primary] : nullptr;
  std::vector<report::Cell> row{r.name, integer(r.troops), units::to_string(r.formation)};
  row.reserve(26);
  push_movement(row, r.movement, r.march, r.hustle, r.charge);
  for (report::Cell c :
       {integer(r.ac), integer(r.uhp), report::cell::signed_integer(r.morale), p ? trimmed(p->attacks_raw, 3) : none(),
        p ? integer(p->attacks) : none(), p ? integer(p->reload_tokens) : none(), joined_cell(r.missile_lines),
        joined_cell(r.melee_lines), trimmed(r.missile_value, 2), trimmed(r.melee_value, 2),
        trimmed(r.combat_modifier, 2), trimmed(r.br_raw, 3), trimmed(r.br, 2), trimmed(r.wage_gp_month, 2),
        trimmed(r.supply_gp_week, 2), trimmed(r.specialist_gp_month, 2), trimmed(r.total_gp_month, 2),
        trimmed(r.daily_miles, 1), trimmed(r.weekly_miles, 1)})
    row.push_back(std::move(c));
  return row;
}

}  // namespace

Table units_table() { return table_of(units_spec()); }

std::optional<UnitOutput> add_rating(Part& part, const data::Tables& tables, const units::Catalogue& cat, Rating&& r,
                                     const cli::CommonOptions& common, bool keep) {
  const bool want_json = common.format == "json";
  ++part.count;
  part.rows.push_back(summary_row(r));
  const size_t first_detail = part.details.size();
  if (want_json) detail_tables(tables, cat, r, part.details);
  std::optional<UnitOutput> kept;
  if (keep) {
    kept.emplace();
    kept->row = part.rows.back();
    kept->details.assign(part.details.begin() + static_cast<std::ptrdiff_t>(first_detail), part.details.end());
  }
  if (common.explain) {
    // The cost step names the house rule behind the wage, as the cost table does.
    const std::optional<std::string> wage = wage_rule(tables, r);
    for (auto& s : r.explain) {
      if (wage && s.figure == units::kTotalCostFigure) s.source = cli::sourced(wage, s.source);
      part.explain.push_back(std::move(s));
    }
  }
  if (!part.first) part.first = std::move(r);
  return kept;
}

void add_output(Part& part, const UnitOutput& out, const std::string& name, const cli::CommonOptions& common) {
  ++part.count;
  part.rows.push_back(out.row);
  part.rows.back().front() = name;
  if (common.format != "json") return;
  for (const auto& t : out.details) {
    part.details.push_back(t);
    Table& d = part.details.back();
    d.set_context(fields::kName, name);
    if (d.spec == &characteristics_spec()) d.title = name;
  }
}

Expected<report::Report> units_report(const data::Tables& tables, const units::Catalogue& cat, std::vector<Part>& parts,
                                      Diagnostics errors, const cli::CommonOptions& common) {
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
  rep.document = &units_document();
  rep.tables.push_back(units_table());
  rep.tables.front().rows.reserve(count);
  for (auto& p : parts) {
    for (auto& row : p.rows) rep.tables.front().rows.push_back(std::move(row));
    for (auto& t : p.details) rep.tables.push_back(std::move(t));
    for (auto& l : p.explain) rep.explain.push_back(std::move(l));
    p = Part{};
  }
  // One unit: its detail tables too (csv prints the main table, the others with --table).
  if (!want_json && count == 1) detail_tables(tables, cat, *first, rep.tables);
  rep.main_table = "units";
  return rep;
}

}  // namespace gunpowder::unit_app
