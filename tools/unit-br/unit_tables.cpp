// unit_tables.cpp - the tables of one unit shown alone: characteristics, attacks, battle rating,
// campaign cost, Mounted Foot deployments, availability and training.
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using fmtnum::trim;
using report::Align;
using report::Table;
using units::Catalogue;
using units::Rating;

namespace {

// A table of figures and their values. People read a label and the value as the book prints it
// ("2/4/6", "120'", "+1"); programs read one figure a row: its JSON key, its raw value and its unit.
// A row for one audience only is kept for that audience (a composite for people is several rows
// for programs).
class Figures {
 public:
  Figures(Table& t, bool programs, const std::string& figure_header, const std::string& value_header)
      : t_(t), programs_(programs) {
    if (programs)
      t.add_column("figure", "Figure").add_column("value", "Value", Align::right).add_column("unit", "Unit");
    else
      t.add_column("figure", figure_header).add_column("value", value_header, Align::right);
  }
  /// A row people see.
  void shown(std::string label, report::Cell value) {
    if (!programs_) t_.add_row({std::move(label), std::move(value)});
  }
  /// A row programs read.
  void data(std::string key, const report::Cell& value, std::string unit = "") {
    if (programs_) t_.add_row({std::move(key), raw_cell(value.data()), std::move(unit)});
  }
  /// One figure both read: the label people see, the key programs read.
  void both(std::string label, std::string key, report::Cell value, std::string unit = "") {
    if (programs_)
      data(std::move(key), value, std::move(unit));
    else
      shown(std::move(label), std::move(value));
  }

 private:
  Table& t_;
  bool programs_;
};

report::Cell flag_cell(bool b) { return b ? "true" : "false"; }

Table characteristics_table(const Rating& r, bool programs) {
  Table u;
  u.name = "characteristics";
  u.context.push_back({"name", r.name});
  u.title = r.name;
  Figures f(u, programs, "Characteristic", "Value");
  f.shown("Troop type", r.troop.empty() ? "custom" : r.troop);
  f.data("troop", r.troop);
  f.shown("Race", r.race + (r.veteran ? ", veteran" : ""));
  f.data("race", r.race);
  f.data("veteran", flag_cell(r.veteran));
  f.shown("Troops", std::to_string(r.troops) + (r.mounted ? " mounted" : ""));
  f.data("troops", std::to_string(r.troops), "men");
  f.data("mounted", flag_cell(r.mounted));
  f.shown("Unit AC", std::to_string(r.ac) + (r.ac_alt ? " (" + std::to_string(*r.ac_alt) + ")" : ""));
  f.data("ac", std::to_string(r.ac));
  f.data("ac_alt", report::cell::integer(r.ac_alt));
  f.shown("Hit dice / unit hit points", r.hd.text + " / " + std::to_string(r.uhp) + " uhp");
  f.data("hd_dice", hd_dice_cell(r.hd), "HD");
  f.data("hd_bonus", hd_bonus_cell(r.hd), "hp");
  f.data("uhp", std::to_string(r.uhp), "uhp");
  f.both("Morale", "morale", report::cell::signed_integer(r.morale));
  f.both("Encounter movement", "encounter_move_ft",
         report::cell::shown_as(std::to_string(r.encounter_move_ft) + "'", r.encounter_move_ft), "ft");
  std::string choices;
  for (auto c : r.formation_choices) choices += (choices.empty() ? "" : " or ") + units::to_string(c);
  f.shown("Formation", units::to_string(r.formation) + (r.formation_choices.size() > 1 ? " (of " + choices + ")" : ""));
  f.data("formation", units::to_string(r.formation));
  f.data("formation_choices", choices);
  f.shown("Movement march/hustle/charge", r.movement);
  const auto move = movement_cells(r.movement);
  f.data("march_hexes", move[0], "hexes");
  f.data("hustle_hexes", move[1], "hexes");
  f.data("charge_hexes", move[2], "hexes");
  f.both("Attack throw", "attack_throw", report::cell::shown_as(std::to_string(r.attack_throw) + "+", r.attack_throw));
  f.shown("Campaign movement", trim(r.daily_miles, 1) + " miles a day, " + trim(r.weekly_miles, 1) + " a week");
  f.data("daily_miles", report::cell::trimmed(r.daily_miles, 1), "miles");
  f.data("weekly_miles", report::cell::trimmed(r.weekly_miles, 1), "miles");
  for (const auto& n : r.notes) u.notes.push_back(n);
  if (!r.overridden.empty()) u.notes.push_back("given instead of derived: " + joined(r.overridden));
  return u;
}

Table attacks_table(const Rating& r) {
  using report::Shown;
  Table a;
  a.title = "Attacks";
  a.add_column("kind", "Kind")
      .add_column("line", "Attack characteristic")
      .add_column("attacks_raw", "Raw", Align::right)
      .add_column("rate", "Rate of fire", Align::right, Shown::people)
      .add_column("rounds_per_shot", "Rounds per shot", Align::right, Shown::programs)
      .add_column("rate_column", "Rate column", Align::left, Shown::programs)
      .add_column("range", "Range AP/max v. foot, mounted", Align::right, Shown::people)
      .add_column("ap_range_vs_foot_hexes", "AP range v. foot", Align::right, Shown::programs)
      .add_column("max_range_vs_foot_hexes", "Max range v. foot", Align::right, Shown::programs)
      .add_column("ap_range_vs_mounted_hexes", "AP range v. mounted", Align::right, Shown::programs)
      .add_column("max_range_vs_mounted_hexes", "Max range v. mounted", Align::right, Shown::programs);
  auto add = [&](report::Cell kind, std::string line) {
    std::vector<report::Cell> row{std::move(kind), std::move(line)};
    row.resize(a.columns.size(), raw_cell(""));
    a.add_row(std::move(row));
  };
  for (const auto& f : r.firearms) {
    a.add_row({"missile", f.line, report::cell::trimmed(f.attacks_raw, 4),
               "1/" + std::to_string(f.rate_denominator) + " (" + f.rate_column() + ")",
               std::to_string(f.rate_denominator), f.rate_column_key(),
               std::to_string(f.ap_range_vs_foot) + "/" + std::to_string(f.max_range_vs_foot) + ", " +
                   std::to_string(f.ap_range_vs_mounted) + "/" + std::to_string(f.max_range_vs_mounted),
               std::to_string(f.ap_range_vs_foot), std::to_string(f.max_range_vs_foot),
               std::to_string(f.ap_range_vs_mounted), std::to_string(f.max_range_vs_mounted)});
    if (f.volley_line) add("volley fire", *f.volley_line);
  }
  for (const auto& l : r.melee_lines) add("melee", l);
  if (a.rows.empty()) add(report::cell::none(), "no attacks");
  for (const auto& f : r.firearms)
    if (f.caracole)
      a.notes.push_back("\"or 0\": no reload tokens the first time it fires its pistols (pistol caracole)");
  return a;
}

Table battle_rating_table(const Catalogue& cat, const Rating& r, bool programs) {
  using report::cell::trimmed;
  Table b;
  b.name = "battle-rating";
  b.title = "Battle rating (" + cat.br.source + ")";
  Figures f(b, programs, "Figure", "Value");
  f.both("Unit AC", "ac", std::to_string(r.ac));
  f.both("uhp / 8", "uhp_factor", trimmed(r.uhp_factor, 4));
  f.both("Morale modifier", "morale_modifier", trimmed(r.morale_modifier, 4));
  f.both("Speed modifier", "speed_modifier", trimmed(r.speed_modifier, 4));
  f.both("Formation modifier", "formation_modifier", trimmed(r.formation_modifier, 4));
  f.both("Equipment bonus", "equipment_bonus", trimmed(r.equipment_bonus, 2));
  f.both("Missile value", "missile_value", trimmed(r.missile_value, 4));
  f.both("Melee value", "melee_value", trimmed(r.melee_value, 4));
  f.both("Combat modifier", "combat_modifier", trimmed(r.combat_modifier, 4));
  f.both("BR before rounding", "br_raw", trimmed(r.br_raw, 4));
  f.both("BR rounded", "br_rounded", trimmed(r.br_rounded, 2));
  f.both("Special attack bonus", "special_attack_bonus", trimmed(r.special_attack_bonus, 2));
  f.both("Battle rating", "br", trimmed(r.br, 2));
  if (r.br_published) f.shown("Published (campaign roster)", trimmed(*r.br_published, 2));
  f.data("br_published", r.br_published ? trimmed(*r.br_published, 2) : report::cell::none());
  return b;
}

Table cost_table(const Catalogue& cat, const Rating& r, bool programs) {
  using report::cell::trimmed;
  Table c;
  c.name = "campaign-cost";
  c.title = "Campaign cost";
  Figures f(c, programs, "Figure", "gp");
  f.both("Wage per troop a month", "wage_gp_troop", trimmed(r.wage_gp_troop, 2), "gp");
  f.both("Monthly wage", "wage_gp_month", trimmed(r.wage_gp_month, 2), "gp");
  f.both("Weekly supply", "supply_gp_week", trimmed(r.supply_gp_week, 2), "gp");
  f.both("Specialists a month", "specialist_gp_month", trimmed(r.specialist_gp_month, 2), "gp");
  f.both("Total a month", "total_gp_month", trimmed(r.total_gp_month, 2), "gp");
  c.notes.push_back("total = wage + specialists + " + trim(cat.campaign.weeks_per_month) + " x weekly supply");
  return c;
}

Table mounted_foot_table(const Catalogue& cat, const Rating& r) {
  Table m;
  m.name = "mounted-foot-deployments";
  m.title = "Mounted Foot deployments (" + cat.mounted_foot.source + ")";
  m.add_column("deployment", "Deployed as")
      .add_column("units", "Units", Align::right)
      .add_column("troops", "Troops each", Align::right)
      .add_column("uhp", "uhp each", Align::right);
  add_movement_columns(m, "movement", "Move");
  m.add_column("attack_lines", "Missile attacks");
  for (const auto* d : {&*r.as_drilled_foot, &*r.as_irregular_mounted}) {
    std::vector<std::string> lines;
    for (const auto& f : d->firearms) lines.push_back(f.line);
    std::vector<report::Cell> row{units::to_string(d->formation), std::to_string(d->units), std::to_string(d->troops),
                                  std::to_string(d->uhp)};
    push_movement(row, d->movement);
    row.push_back(joined_cell(lines));
    m.add_row(std::move(row));
  }
  if (r.reform)
    m.notes.push_back("reformed after battle: " + std::to_string(r.reform->lost_numerator) + "/" +
                      std::to_string(r.reform->lost_denominator) + " of " + std::to_string(r.uhp) +
                      " uhp = " + trim(r.reform->uhp_lost_unrounded, 3) + " lost, rounded half to even to " +
                      std::to_string(r.reform->uhp_lost) + "; " + std::to_string(r.reform->uhp_remaining) +
                      " uhp remain");
  return m;
}

Table availability_table(const Catalogue& cat, const units::Availability& availability, bool programs) {
  const units::TroopType& av = *availability.type;
  Table t;
  t.name = "availability-and-training";
  t.title = "Availability and training (" + cat.market_source + "; " + cat.training_source + ")";
  Figures f(t, programs, "Figure", "Value");
  f.both("Era", "era", av.era_printed);
  for (const auto& m : av.market) {
    const std::string n = std::to_string(m.market_class);
    f.shown("Market class " + n, m.dice + (m.chance_pct < 100 ? " (" + std::to_string(m.chance_pct) + "%)" : ""));
    f.data("market_class_" + n + "_dice", m.dice, "dice");
    f.data("market_class_" + n + "_chance_pct", std::to_string(m.chance_pct), "%");
  }
  for (const auto& realm : cat.realms)
    f.both(realm.name + " (per " + realm.time_period + ")", "realm_" + realm.key + "_troops",
           report::cell::integer(realm_troops(av, realm.key)), "men a " + realm.time_period);
  // "Training Time": in weeks for some troop types, in months for most (an availability has one of them).
  const bool weeks = av.training_weeks.has_value();
  const int tt = weeks ? *av.training_weeks : av.training_months.value_or(0);
  const std::string unit = weeks ? "weeks" : "months";
  f.shown("Training time", std::to_string(tt) + " " + (tt == 1 ? unit.substr(0, unit.size() - 1) : unit));
  f.data("training_" + unit, std::to_string(tt), unit);
  auto g = [](const std::optional<double>& v) {
    return v ? report::cell::shown_as(trim(*v, 2) + " gp", *v) : report::cell::none();
  };
  f.both("Marshal cost per troop", "marshal_cost_gp", g(av.marshal_cost_gp), "gp");
  f.both("Training cost per troop", "training_cost_gp", g(av.training_cost_gp), "gp");
  f.both("Equipment cost per troop", "equipment_cost_gp", g(av.equipment_cost_gp), "gp");
  f.both("Total cost per troop", "total_cost_troop_gp", g(av.total_cost_troop_gp), "gp");
  f.both("Total cost per unit", "total_cost_unit_gp", g(av.total_cost_unit_gp), "gp");
  f.both("Qualifying number per 120 conscripts", "qualifying_per_120",
         report::cell::integer(availability.qualifying_per_120), "men");
  return t;
}

}  // namespace

void detail_tables(const Catalogue& cat, const Rating& r, std::vector<Table>& out, bool programs) {
  out.push_back(characteristics_table(r, programs));
  out.push_back(attacks_table(r));
  out.push_back(battle_rating_table(cat, r, programs));
  out.push_back(cost_table(cat, r, programs));
  if (r.as_drilled_foot && r.as_irregular_mounted) out.push_back(mounted_foot_table(cat, r));
  if (r.availability) out.push_back(availability_table(cat, *r.availability, programs));
}

}  // namespace gunpowder::unit_app
