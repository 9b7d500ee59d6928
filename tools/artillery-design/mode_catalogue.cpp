// mode_catalogue.cpp - artillery-design --catalogue: the book's 17 pieces, their carriages by era
// and horses, and their bombardment and battle figures, as the book prints them.
#include <optional>
#include <utility>

#include "artillery-design/design_report.hpp"
#include "artillery-design/modes.hpp"
#include "artillery-design/specs.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::artillery_app {

using artillery::Catalogue;
using artillery::Design;
using fmtnum::trim;
using report::Table;

namespace {

// The carriages by era and horses: for people one cell per carriage ("early, 15 horses"), for
// programs the era (empty: not available) and the horses in columns of their own.
Table carriages_by_era_table(const Catalogue& cat) {
  Table mob(carriages_by_era_spec());
  mob.title = "Carriages by era and horses (" + cat.sources.mobility + "; " + cat.sources.horses + ")";
  for (size_t i = 0; i < 4; ++i)  // headed by the carriages' names in the data
    mob.columns[1 + 3 * i].header = cat.carriage(artillery::kCarriages[i]).name;
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
  Table bat(bombardment_and_battle_spec());
  bat.title = "Bombardment and battle (" + cat.sources.bombardment + "; " + cat.sources.battle_rating + ")";
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
  rep.document = &catalogue_document();
  std::vector<std::vector<report::Cell>> rows;
  rows.reserve(designs.size());
  for (const auto& d : designs) rows.push_back(summary_row(d));
  rep.tables.push_back(summary_table(std::move(rows), "Gunpowder artillery (" + cat.sources.characteristics + ")"));
  rep.tables.push_back(carriages_by_era_table(cat));
  rep.tables.push_back(bombardment_and_battle_table(cat));
  for (const auto& d : designs) rep.explain.insert(rep.explain.end(), d.explain.begin(), d.explain.end());
  return rep;
}

}  // namespace gunpowder::artillery_app
