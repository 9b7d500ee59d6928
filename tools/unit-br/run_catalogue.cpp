// run_catalogue.cpp - unit-br --catalogue: the published rosters (seed 000, pp. 47-51), campaign
// and battle, as printed.
#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using fmtnum::trim;
using report::Align;
using report::Table;
using report::cell::trimmed;
using units::Catalogue;

Expected<report::Report> run_catalogue(const Catalogue& cat) {
  report::Report rep;
  Table c;
  c.title = "Campaign rosters (Guns of War, Units of the Pike and Shot Age, pp. 47-51)";
  c.add_column("name", "Unit")
      .add_column("race", "Race")
      .add_column("troops", "Troops", Align::right)
      .add_column("daily_miles", "Miles/day", Align::right)
      .add_column("weekly_miles", "Miles/week", Align::right)
      .add_column("wage_gp_month", "Wage gp/mo", Align::right)
      .add_column("supply_gp_week", "Supply gp/wk", Align::right)
      .add_column("specialist_gp_month", "Spec. gp/mo", Align::right)
      .add_column("total_gp_month", "Total gp/mo", Align::right)
      .add_column("br", "BR", Align::right)
      .add_column("page", "Page", Align::right);
  Table b;
  b.title = "Battle rosters (Guns of War, Units of the Pike and Shot Age, pp. 47-51)";
  b.add_column("name", "Unit").add_column("race", "Race").add_column("troops", "Troops", Align::right);
  add_movement_columns(b, "move", "Move");
  b.add_column("formation", "Form")
      .add_column("ac_printed", "AC", Align::right, report::Shown::people)
      .add_column("ac", "AC", Align::right, report::Shown::programs)
      .add_column("ac_alt", "AC (alternative)", Align::right, report::Shown::programs)
      .add_column("hd", "HD", Align::right, report::Shown::people)
      .add_column("hd_dice", "HD", Align::right, report::Shown::programs)
      .add_column("hd_bonus", "HD bonus", Align::right, report::Shown::programs)
      .add_column("uhp", "uhp", Align::right)
      .add_column("morale", "ML", Align::right)
      .add_column("missile_attacks", "Missile attacks")
      .add_column("melee_attacks", "Melee attacks")
      .add_column("page", "Page", Align::right);
  json::Value cj = json::array(), bj = json::array();
  for (const auto& u : cat.roster) {
    json::Value o = json::object();
    o.set("key", u.key);
    o.set("name", u.name);
    o.set("race", u.race);
    o.set("troop", u.troop_type);
    o.set("veteran", u.veteran);
    o.set("troops", u.troops);
    if (u.roster == "campaign") {
      c.add_row({u.name, u.race, std::to_string(u.troops), std::to_string(u.daily_move_miles),
                 std::to_string(u.weekly_move_miles), trimmed(u.monthly_wage_gp, 2),
                 trimmed(u.supply_cost_gp_per_week, 2), trimmed(u.specialist_cost_gp_per_month, 2),
                 trimmed(u.total_cost_gp_per_month, 2), trimmed(u.battle_rating, 2), std::to_string(u.page)});
      o.set("daily_miles", u.daily_move_miles);
      o.set("weekly_miles", u.weekly_move_miles);
      o.set("wage_gp_month", u.monthly_wage_gp);
      o.set("supply_gp_week", u.supply_cost_gp_per_week);
      o.set("specialist_gp_month", u.specialist_cost_gp_per_month);
      o.set("total_gp_month", u.total_cost_gp_per_month);
      o.set("br", u.battle_rating);
      o.set("source", u.source);
      cj.push(std::move(o));
    } else {
      const std::string ac = std::to_string(u.ac) + (u.ac_alt ? " (" + std::to_string(*u.ac_alt) + ")" : "");
      const auto hd = units::parse_hit_dice(u.hd);  // the rosters' hit dice are checked at load time (unit_data)
      std::vector<report::Cell> row{u.name, u.race, std::to_string(u.troops)};
      push_movement(row, u.unit_move);
      for (report::Cell cell :
           {report::Cell(u.formation_printed), report::Cell(ac), report::Cell(std::to_string(u.ac)),
            report::cell::integer(u.ac_alt), report::Cell(u.hd), hd_dice_cell(hd), hd_bonus_cell(hd),
            report::Cell(std::to_string(u.uhp)), report::cell::signed_integer(u.morale), joined_cell(u.missile_attacks),
            joined_cell(u.melee_attacks), report::Cell(std::to_string(u.page))})
        row.push_back(std::move(cell));
      b.add_row(std::move(row));
      o.set("movement", u.unit_move);
      o.set("march_hexes", opt_json(u.march_hexes));
      o.set("hustle_hexes", u.hustle_hexes);
      o.set("charge_hexes", u.charge_hexes);
      o.set("formation", u.formation_printed);
      o.set("ac", u.ac);
      o.set("ac_alt", opt_json(u.ac_alt));
      o.set("hd", u.hd);
      o.set("hd_dice", hd ? json::Value(hd->dice) : json::Value());
      o.set("hd_bonus", hd ? json::Value(hd->bonus) : json::Value());
      o.set("uhp", u.uhp);
      o.set("morale", u.morale);
      o.set("missile_attacks", strings(u.missile_attacks));
      o.set("melee_attacks", strings(u.melee_attacks));
      o.set("source", u.source);
      bj.push(std::move(o));
    }
  }
  c.notes.push_back("human veterans (p. 47 note): +" + trim(cat.campaign.veteran_extra_wage_gp) +
                    " gp per troop a month, +" + trim(cat.campaign.veteran_br_bonus_infantry) + " BR infantry, +" +
                    trim(cat.campaign.veteran_br_bonus_cavalry) + " BR cavalry");
  rep.tables.push_back(std::move(c));
  rep.tables.push_back(std::move(b));
  rep.json = json::document(kInfo.name, "catalogue", kCatalogueVersion);
  rep.json.set("tool", kInfo.name);
  rep.json.set("campaign", std::move(cj));
  rep.json.set("battle", std::move(bj));
  return rep;
}

}  // namespace gunpowder::unit_app
