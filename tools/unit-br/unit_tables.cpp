// unit_tables.cpp - the tables of one unit: characteristics, attacks, battle rating, campaign cost,
// Mounted Foot deployments, availability and training (and for programs its reform, market,
// realms and notes), each made from its declaration (specs.cpp).
#include <algorithm>

#include "common/provenance.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

using fmtnum::trim;
using report::Table;
using units::Catalogue;
using units::Rating;
using namespace fields;
using report::cell::trimmed;

std::optional<std::string> wage_rule(const data::Tables& tables, const Rating& r) {
  if (r.troop.empty() || std::find(r.overridden.begin(), r.overridden.end(), "wage_gp") != r.overridden.end())
    return std::nullopt;
  const std::string row = "troop[race = \"" + r.race + "\", troop_type = \"" + r.troop + "\"]";
  return cli::ruled(tables, "troops", {row + ".wage_gp", row + ".char_wage_gp"});
}

namespace {

Table table_of(const report::TableSpec& spec, const Rating& r) {
  Table t = unit_app::table_of(spec);
  t.set_context(kName, r.name);
  return t;
}

Table characteristics_table(const Rating& r) {
  Table u = table_of(characteristics_spec(), r);
  u.title = r.name;
  u.add_figure(kTroopShown, r.troop.empty() ? "custom" : r.troop);
  u.add_figure(kTroop, report::cell::text_or_none(r.troop));
  u.add_figure(kRaceShown, r.race + (r.veteran ? ", veteran" : ""));
  u.add_figure(kRace, r.race);
  u.add_figure(kVeteran, report::cell::boolean(r.veteran));
  u.add_figure(kTroopsShown, std::to_string(r.troops) + (r.mounted ? " mounted" : ""));
  u.add_figure(kTroops, plain(r.troops));
  u.add_figure(kMounted, report::cell::boolean(r.mounted));
  u.add_figure(kAcShown, std::to_string(r.ac) + (r.ac_alt ? " (" + std::to_string(*r.ac_alt) + ")" : ""));
  u.add_figure(kAc, plain(r.ac));
  u.add_figure(kAcAlt, report::cell::integer(r.ac_alt ? std::optional<long long>(*r.ac_alt) : std::nullopt));
  u.add_figure(kHdUhpShown, r.hd.text + " / " + std::to_string(r.uhp) + " uhp");
  u.add_figure(kHdDice, hd_dice_cell(r.hd));
  u.add_figure(kHdBonus, hd_bonus_cell(r.hd));
  u.add_figure(kUhp, plain(r.uhp));
  u.add_figure(kMorale, report::cell::signed_integer(r.morale));
  u.add_figure(kEncounterMove, report::cell::shown_as(std::to_string(r.encounter_move_ft) + "'", r.encounter_move_ft));
  std::string choices;
  for (auto c : r.formation_choices) choices += (choices.empty() ? "" : " or ") + units::to_string(c);
  u.add_figure(kFormationShown,
               units::to_string(r.formation) + (r.formation_choices.size() > 1 ? " (of " + choices + ")" : ""));
  u.add_figure(kFormation, units::to_string(r.formation));
  u.add_figure(kFormationChoices, choices);
  u.add_figure(kMovementShown, r.movement);
  const auto move = movement_cells(r.march, r.hustle, r.charge);
  u.add_figure(kMarch, move[0]);
  u.add_figure(kHustle, move[1]);
  u.add_figure(kCharge, move[2]);
  u.add_figure(kAttackThrow, report::cell::shown_as(std::to_string(r.attack_throw) + "+", r.attack_throw));
  u.add_figure(kCampaignMoveShown, trim(r.daily_miles, 1) + " miles a day, " + trim(r.weekly_miles, 1) + " a week");
  u.add_figure(kDailyMiles, trimmed(r.daily_miles, 1));
  u.add_figure(kWeeklyMiles, trimmed(r.weekly_miles, 1));
  u.add_figure(kOverridden, r.overridden.empty() ? report::cell::none() : report::Cell(joined(r.overridden)));
  for (const auto& n : r.notes) u.notes.push_back(n);
  if (!r.overridden.empty()) u.notes.push_back("given instead of derived: " + joined(r.overridden));
  return u;
}

// A firearm's row: its missile attack as shown, then every figure of it for programs.
std::vector<report::Cell> firearm_row(const units::FirearmAttack& f) {
  using report::cell::boolean;
  const units::Firearm& fa = f.firearm;
  return {report::Cell("missile"),
          f.line,
          trimmed(f.attacks_raw, 4),
          "1/" + std::to_string(f.rate_denominator) + " (" + f.rate_column() + ")",
          plain(f.rate_denominator),
          f.rate_column_key(),
          std::to_string(f.ap_range_vs_foot) + "/" + std::to_string(f.max_range_vs_foot) + ", " +
              std::to_string(f.ap_range_vs_mounted) + "/" + std::to_string(f.max_range_vs_mounted),
          plain(f.ap_range_vs_foot),
          plain(f.max_range_vs_foot),
          plain(f.ap_range_vs_mounted),
          plain(f.max_range_vs_mounted),
          fa.name(),
          units::to_string(fa.mechanism),
          fa.type,
          fa.rifled ? "rifled" : "smoothbore",
          plain(fa.count),
          trimmed(f.misfire, 12),
          trimmed(f.average_damage, 12),
          plain(f.attacks),
          plain(f.reload_tokens),
          boolean(f.caracole),
          report::cell::text_or_none(f.melee_line.value_or(""))};
}

Table attacks_table(const Rating& r) {
  Table a = table_of(attacks_spec(), r);
  auto add = [&](report::Cell kind, std::string line) {
    std::vector<report::Cell> row{std::move(kind), std::move(line)};
    row.resize(a.columns.size(), report::Cell("", ""));
    a.add_row(std::move(row));
  };
  for (const auto& f : r.firearms) {
    a.add_row(firearm_row(f));
    if (f.volley_line) add(report::Cell("volley fire", "volley-fire"), *f.volley_line);
  }
  for (const auto& l : r.melee_lines) add("melee", l);
  if (a.rows.empty()) add(report::cell::none(), "no attacks");
  for (const auto& f : r.firearms)
    if (f.caracole)
      a.notes.push_back("\"or " + std::to_string(f.caracole_tokens) + "\": " +
                        (f.caracole_tokens == 0 ? std::string("no reload tokens")
                                                : std::to_string(f.caracole_tokens) + " reload tokens") +
                        " the first time it fires its pistols (pistol caracole)");
  return a;
}

Table battle_rating_table(const Catalogue& cat, const Rating& r) {
  Table b = table_of(battle_rating_spec(), r);
  b.title = "Battle rating (" + cat.br.source + ")";
  b.add_figure(kAc, plain(r.ac));
  b.add_figure(kUhpFactor, trimmed(r.uhp_factor, 4));
  b.add_figure(kMoraleModifier, trimmed(r.morale_modifier, 4));
  b.add_figure(kSpeedModifier, trimmed(r.speed_modifier, 4));
  b.add_figure(kFormationModifier, trimmed(r.formation_modifier, 4));
  b.add_figure(kEquipmentBonus, trimmed(r.equipment_bonus, 2));
  b.add_figure(kMissileValue, trimmed(r.missile_value, 4));
  b.add_figure(kMeleeValue, trimmed(r.melee_value, 4));
  b.add_figure(kCombatModifier, trimmed(r.combat_modifier, 4));
  b.add_figure(kBrRaw, trimmed(r.br_raw, 4));
  b.add_figure(kBrRounded, trimmed(r.br_rounded, 2));
  b.add_figure(kSpecialAttackBonus, trimmed(r.special_attack_bonus, 2));
  b.add_figure(kBr, trimmed(r.br, 2));
  b.add_figure(kBrPublished, trimmed(r.br_published, 2));
  if (!r.br_published) b.figures.back().shown = report::Shown::programs;  // people see no line for none
  b.add_figure(kMeleeAttacks, plain(r.melee_attacks));
  b.add_figure(kMeleeAttacksRaw, trimmed(r.melee_attacks_raw, 12));
  b.add_figure(kChargeAttacks, plain(r.charge_attacks));
  b.add_figure(kMaxChargeDamage, trimmed(r.max_charge_damage, 12));
  return b;
}

Table cost_table(const data::Tables& tables, const Catalogue& cat, const Rating& r) {
  Table c = table_of(campaign_cost_spec(), r);
  // Under house rules, each figure says which changed it: the troop's wage (its row of the troop
  // tables, unless the unit gives wage_gp), then the unit's wage and the total computed from it.
  const std::string wage = cli::sourced(wage_rule(tables, r), "");
  c.add_figure(kTroopWage, trimmed(r.wage_gp_troop, 2), wage);
  c.add_figure(kWage, trimmed(r.wage_gp_month, 2), wage);
  c.add_figure(kSupply, trimmed(r.supply_gp_week, 2));
  c.add_figure(kSpecialist, trimmed(r.specialist_gp_month, 2));
  c.add_figure(kTotal, trimmed(r.total_gp_month, 2), wage);
  c.notes.push_back("total = wage + specialists + " + trim(cat.campaign.weeks_per_month) + " x weekly supply");
  return c;
}

Table mounted_foot_table(const Catalogue& cat, const Rating& r) {
  Table m = table_of(mounted_foot_spec(), r);
  m.title = "Mounted Foot deployments (" + cat.mounted_foot.source + ")";
  for (const auto* d : {&*r.as_drilled_foot, &*r.as_irregular_mounted}) {
    std::vector<std::string> lines;
    for (const auto& f : d->firearms) lines.push_back(f.line);
    std::vector<report::Cell> row{units::to_string(d->formation), plain(d->units), plain(d->troops), plain(d->uhp)};
    push_movement(row, d->movement, d->march, d->hustle, d->charge);
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

Table reform_table(const Rating& r) {
  Table t = table_of(reform_spec(), r);
  const units::Reform& f = *r.reform;
  t.add_row({plain(f.lost_numerator), plain(f.lost_denominator), trimmed(f.uhp_lost_unrounded, 12), plain(f.uhp_lost),
             plain(f.uhp_remaining)});
  return t;
}

report::Cell gp(const std::optional<double>& v) {
  return v ? report::cell::shown_as(trim(*v, 2) + " gp", *v) : report::cell::none();
}

Table availability_table(const Catalogue& cat, const Rating& r) {
  const units::Availability& availability = *r.availability;
  const units::TroopType& av = *availability.type;
  Table t = table_of(availability_spec(), r);
  t.title = "Availability and training (" + cat.market_source + "; " + cat.training_source + ")";
  t.add_figure(kEra, av.era_printed);
  for (const auto& m : av.market) {
    t.add_figure(kMarketShown, m.dice + (m.chance_pct < 100 ? " (" + std::to_string(m.chance_pct) + "%)" : ""));
    t.figures.back().label = "Market class " + std::to_string(m.market_class);
  }
  for (const auto& realm : cat.realms) {
    t.add_figure(kRealmShown, report::cell::integer(realm_troops(av, realm.key)));
    t.figures.back().label = realm.name + " (per " + realm.time_period + ")";
  }
  // "Training Time": in weeks for some troop types, in months for most (an availability has one of them).
  const bool weeks = av.training_weeks.has_value();
  const int tt = weeks ? *av.training_weeks : av.training_months.value_or(0);
  const std::string unit = weeks ? "weeks" : "months";
  t.add_figure(kTrainingShown, std::to_string(tt) + " " + (tt == 1 ? unit.substr(0, unit.size() - 1) : unit));
  t.add_figure(kTrainingWeeks,
               report::cell::integer(av.training_weeks ? std::optional<long long>(*av.training_weeks) : std::nullopt));
  t.add_figure(kTrainingMonths, report::cell::integer(av.training_months ? std::optional<long long>(*av.training_months)
                                                                         : std::nullopt));
  t.add_figure(kMarshalCost, gp(av.marshal_cost_gp));
  t.add_figure(kTrainingCost, gp(av.training_cost_gp));
  t.add_figure(kEquipmentCost, gp(av.equipment_cost_gp));
  t.add_figure(kTotalCostTroop, gp(av.total_cost_troop_gp));
  t.add_figure(kTotalCostUnit, gp(availability.total_cost_unit_gp));
  t.add_figure(kQualifying, report::cell::integer(availability.qualifying_per_120
                                                      ? std::optional<long long>(*availability.qualifying_per_120)
                                                      : std::nullopt));
  return t;
}

Table market_table(const Rating& r) {
  Table t = table_of(market_spec(), r);
  for (const auto& m : r.availability->type->market) t.add_row({plain(m.market_class), m.dice, plain(m.chance_pct)});
  return t;
}

Table realms_table(const Catalogue& cat, const Rating& r) {
  Table t = table_of(realms_spec(), r);
  for (const auto& realm : cat.realms)
    t.add_row({realm.key, report::cell::integer(realm_troops(*r.availability->type, realm.key)), realm.time_period});
  return t;
}

}  // namespace

void detail_tables(const data::Tables& tables, const Catalogue& cat, const Rating& r, std::vector<Table>& out) {
  out.push_back(characteristics_table(r));
  out.push_back(attacks_table(r));
  out.push_back(battle_rating_table(cat, r));
  out.push_back(cost_table(tables, cat, r));
  if (r.as_drilled_foot && r.as_irregular_mounted) out.push_back(mounted_foot_table(cat, r));
  if (r.reform) out.push_back(reform_table(r));
  if (r.availability) {
    out.push_back(availability_table(cat, r));
    out.push_back(market_table(r));
    out.push_back(realms_table(cat, r));
  }
  if (!r.notes.empty()) {
    Table n = table_of(notes_spec(), r);
    for (const auto& note : r.notes) n.add_row({note});
    out.push_back(std::move(n));
  }
}

}  // namespace gunpowder::unit_app
