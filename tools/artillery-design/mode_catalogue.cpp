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
using report::Table;

namespace {

Table carriages_by_era_table(const Catalogue& cat) {
  Table mob;
  mob.name = "carriages";
  mob.title = "Carriages by era and horses (" + cat.sources.mobility + "; " + cat.sources.horses + ")";
  mob.add_column("name", "Piece");
  for (auto c : artillery::kCarriages) mob.add_column(artillery::to_string(c), cat.carriage(c).name);
  for (const auto& p : cat.pieces) {
    std::vector<report::Cell> row{p.name};
    for (size_t i = 0; i < 4; ++i)
      row.push_back((p.carriage_era[i] ? artillery::to_string(*p.carriage_era[i]) : std::string("n/a")) + ", " +
                    std::to_string(p.horses[i]) + (p.horses[i] == 1 ? " horse" : " horses"));
    mob.add_row(std::move(row));
  }
  return mob;
}

Table bombardment_and_battle_table(const Catalogue& cat) {
  Table bat;
  bat.title = "Bombardment and battle (" + cat.sources.bombardment + "; " + cat.sources.battle_rating + ")";
  bat.add_column("name", "Piece")
      .add_column("bombard", "Stone shp/day S | M | L")
      .add_column("shots_per_day", "Shots/day", Align::right)
      .add_column("daily_cost_gp", "Daily gp", Align::right)
      .add_column("unit_size", "Unit size", Align::right)
      .add_column("br", "BR", Align::right)
      .add_column("bonus_units", "Bonus units", Align::right)
      .add_column("reload", "Unit reload", Align::right);
  auto cell = [](std::optional<double> a, std::optional<double> b) {
    return (a ? trim(*a) : std::string("-")) + "/" + (b ? trim(*b) : std::string("-"));
  };
  for (const auto& p : cat.pieces) {
    bat.add_row({p.name,
                 cell(p.bombard.short_direct, std::nullopt) + " | " +
                     cell(p.bombard.medium_direct, p.bombard.medium_plunging) + " | " +
                     cell(p.bombard.long_direct, p.bombard.long_plunging),
                 std::to_string(p.shots_per_day), trim(p.daily_cost_gp), std::to_string(p.unit_size), trim(p.br, 2),
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
  rep.json = json::document(kInfo.name, "catalogue");
  rep.json.set("tool", kInfo.name);
  rep.json.set("pieces", std::move(arr));
  return rep;
}

}  // namespace gunpowder::artillery_app
