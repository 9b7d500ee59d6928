// run_catalogue.cpp - unit-br --catalogue: the published rosters (seed 000, pp. 47-51), campaign
// and battle, as printed.
#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using fmtnum::trim;
using report::Table;
using report::cell::trimmed;
using units::Catalogue;

namespace {

std::vector<report::Cell> campaign_row(const units::RosterRow& u) {
  return {u.key,
          u.name,
          u.race,
          u.troop_type,
          report::cell::boolean(u.veteran),
          plain(u.troops),
          plain(u.daily_move_miles),
          plain(u.weekly_move_miles),
          trimmed(u.monthly_wage_gp, 2),
          trimmed(u.supply_cost_gp_per_week, 2),
          trimmed(u.specialist_cost_gp_per_month, 2),
          trimmed(u.total_cost_gp_per_month, 2),
          trimmed(u.battle_rating, 2),
          plain(u.page),
          u.source};
}

std::vector<report::Cell> battle_row(const units::RosterRow& u) {
  const std::string ac = std::to_string(u.ac) + (u.ac_alt ? " (" + std::to_string(*u.ac_alt) + ")" : "");
  const auto hd = units::parse_hit_dice(u.hd);  // the rosters' hit dice are checked at load time (unit_data)
  std::vector<report::Cell> row{u.key, u.name, u.race, u.troop_type, report::cell::boolean(u.veteran), plain(u.troops)};
  push_movement(row, u.unit_move, u.march_hexes, u.hustle_hexes, u.charge_hexes);
  for (report::Cell cell :
       {report::Cell(u.formation_printed), report::Cell(ac), plain(u.ac),
        report::cell::integer(u.ac_alt ? std::optional<long long>(*u.ac_alt) : std::nullopt), report::Cell(u.hd),
        hd_dice_cell(hd), hd_bonus_cell(hd), plain(u.uhp), report::cell::signed_integer(u.morale),
        joined_cell(u.missile_attacks), joined_cell(u.melee_attacks), plain(u.page), report::Cell(u.source)})
    row.push_back(std::move(cell));
  return row;
}

}  // namespace

Expected<report::Report> run_catalogue(const Catalogue& cat) {
  report::Report rep;
  rep.document = &catalogue_document();
  Table c(campaign_roster_spec());
  c.title = "Campaign rosters (Guns of War, Units of the Pike and Shot Age, pp. 47-51)";
  Table b = table_of(battle_roster_spec());
  b.title = "Battle rosters (Guns of War, Units of the Pike and Shot Age, pp. 47-51)";
  for (const auto& u : cat.roster) {
    if (u.roster == units::RosterKind::campaign)
      c.add_row(campaign_row(u));
    else
      b.add_row(battle_row(u));
  }
  c.notes.push_back("human veterans (p. 47 note): +" + trim(cat.campaign.veteran_extra_wage_gp) +
                    " gp per troop a month, +" + trim(cat.campaign.veteran_br_bonus_infantry) + " BR infantry, +" +
                    trim(cat.campaign.veteran_br_bonus_cavalry) + " BR cavalry");
  rep.tables.push_back(std::move(c));
  rep.tables.push_back(std::move(b));
  return rep;
}

}  // namespace gunpowder::unit_app
