// mode_catalogue.cpp - artillery-design --catalogue: the book's 17 pieces, their carriages by era
// and horses, and their bombardment and battle figures, as the book prints them.
#include <optional>
#include <utility>

#include "artillery-design/design_report.hpp"
#include "artillery-design/modes.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::artillery_app {

using artillery::Catalogue;
using artillery::Design;
using fmtnum::trim;
using report::Align;
using report::Shown;
using report::Table;

namespace {

// The carriages by era and horses: for people one cell per carriage ("early, 15 horses"), for
// programs the era (empty: not available) and the horses in columns of their own.
Table carriages_by_era_table(const Catalogue& cat) {
  Table mob;
  mob.name = "carriages";
  mob.title = "Carriages by era and horses (" + cat.sources.mobility + "; " + cat.sources.horses + ")";
  mob.add_column("name", "Piece");
  for (auto c : artillery::kCarriages) {
    const std::string key = artillery::to_string(c);
    mob.add_column(key, cat.carriage(c).name, Align::left, Shown::people)
        .add_column(key + "_era", cat.carriage(c).name + " era", Align::left, Shown::programs)
        .add_column(key + "_horses", cat.carriage(c).name + " horses", Align::right, Shown::programs);
  }
  for (const auto& p : cat.pieces) {
    std::vector<report::Cell> row{p.name};
    for (size_t i = 0; i < 4; ++i) {
      const std::string era = p.carriage_era[i] ? artillery::to_string(*p.carriage_era[i]) : std::string();
      row.emplace_back((era.empty() ? std::string("n/a") : era) + ", " + std::to_string(p.horses[i]) +
                       (p.horses[i] == 1 ? " horse" : " horses"));
      row.emplace_back(era);
      row.emplace_back(std::to_string(p.horses[i]));
    }
    mob.add_row(std::move(row));
  }
  return mob;
}

Table bombardment_and_battle_table(const Catalogue& cat) {
  Table bat;
  bat.title = "Bombardment and battle (" + cat.sources.bombardment + "; " + cat.sources.battle_rating + ")";
  bat.add_column("name", "Piece")
      .add_column("bombard", "Stone shp/day S | M | L", Align::left, Shown::people)
      .add_column("shp_per_day_short_direct", "Short direct", Align::right, Shown::programs)
      .add_column("shp_per_day_medium_direct", "Medium direct", Align::right, Shown::programs)
      .add_column("shp_per_day_medium_plunging", "Medium plunging", Align::right, Shown::programs)
      .add_column("shp_per_day_long_direct", "Long direct", Align::right, Shown::programs)
      .add_column("shp_per_day_long_plunging", "Long plunging", Align::right, Shown::programs)
      .add_column("shots_per_day", "Shots/day", Align::right)
      .add_column("cost_gp_per_day", "Daily gp", Align::right)
      .add_column("unit_size", "Unit size", Align::right)
      .add_column("br", "BR", Align::right)
      .add_column("bonus_units", "Bonus units", Align::right)
      .add_column("reload_tokens", "Unit reload", Align::right);
  auto cell = [](std::optional<double> a, std::optional<double> b) {
    return (a ? trim(*a) : std::string("-")) + "/" + (b ? trim(*b) : std::string("-"));
  };
  for (const auto& p : cat.pieces) {
    const auto& b = p.bombard;
    bat.add_row({p.name,
                 cell(b.short_direct, std::nullopt) + " | " + cell(b.medium_direct, b.medium_plunging) + " | " +
                     cell(b.long_direct, b.long_plunging),
                 report::cell::trimmed(b.short_direct), report::cell::trimmed(b.medium_direct),
                 report::cell::trimmed(b.medium_plunging), report::cell::trimmed(b.long_direct),
                 report::cell::trimmed(b.long_plunging), std::to_string(p.shots_per_day),
                 report::cell::trimmed(p.cost_gp_per_day), std::to_string(p.unit_size), report::cell::trimmed(p.br, 2),
                 std::to_string(p.bonus_units), std::to_string(p.battlefield_unit.reload)});
  }
  bat.notes.push_back("bombardment cells are direct/plunging; '-' where that fire is impossible");
  return bat;
}

}  // namespace

Expected<report::Report> run_catalogue(const Catalogue& cat, const Options& opt, const cli::CommonOptions& common) {
  std::vector<Design> designs;
  for (const auto& p : cat.pieces) {
    artillery::Request req;
    req.rate_reading = *artillery::parse_rate_reading(opt.rate_reading);
    req.lb_per_stone = opt.stone_lb;
    req.type = p.type;
    req.shot_lb = p.shot_lb;
    req.explain = common.explain;
    auto d = artillery::design(cat, req);
    if (!d) return d.error();
    designs.push_back(std::move(*d));
  }
  report::Report rep;
  std::vector<std::vector<report::Cell>> rows;
  rows.reserve(designs.size());
  for (const auto& d : designs) rows.push_back(summary_row(d));
  rep.tables.push_back(summary_table(std::move(rows), "Gunpowder artillery (" + cat.sources.characteristics + ")"));
  rep.tables.push_back(carriages_by_era_table(cat));
  rep.tables.push_back(bombardment_and_battle_table(cat));
  json::Value arr = json::array();
  for (const auto& d : designs) {
    arr.push(design_json(d));
    for (const auto& l : d.explain) rep.explain.push_back(l);
  }
  rep.json = json::document(kInfo.name, "catalogue", kSchemaVersion);
  rep.json.set("tool", kInfo.name);
  rep.json.set("pieces", std::move(arr));
  return rep;
}

}  // namespace gunpowder::artillery_app
