// unit_data.cpp - loads data/troops.toml, data/units.toml and data/unit_rules.toml (strictly:
// every key is read or named), takes the few figures of data/firearms.toml the unit rules need
// from the firearms module's loader, and fits the campaign model from the rosters. A broken
// embedded table is an internal error.
#include <algorithm>
#include <cmath>
#include <map>

#include "gunpowder/core/rounding.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/firearms/firearms.hpp"
#include "gunpowder/input/reader.hpp"
#include "gunpowder/units/unit_br.hpp"
#include "unit_checks.hpp"

namespace gunpowder::units {

using input::Need;
using input::TableReader;

namespace {

// The closed kind a row's `key` names: one of `names` (else an error listing them), or nullopt.
template <class Kind>
std::optional<Kind> kind_of(TableReader& r, std::string_view key, const std::vector<std::string>& names,
                            Need need = Need::required) {
  const auto s = r.string(key, need, names);
  return s ? kind_named<Kind>(names, *s) : std::nullopt;
}

double num(TableReader& r, std::string_view key) { return r.number(key, Need::required).value_or(0); }
int integer(TableReader& r, std::string_view key) {
  return static_cast<int>(r.integer(key, Need::required).value_or(0));
}
std::optional<int> opt_int(TableReader& r, std::string_view key) {
  if (auto v = r.integer(key, Need::optional)) return static_cast<int>(*v);
  return std::nullopt;
}
std::string str(TableReader& r, std::string_view key) { return r.string(key, Need::required).value_or(""); }
bool flag(TableReader& r, std::string_view key) { return r.boolean(key, Need::required).value_or(false); }

std::vector<std::string> strings(TableReader& r, std::string_view key, Need need = Need::required) {
  std::vector<std::string> out;
  if (const auto* a = r.array(key, need))
    for (const auto& n : *a) {
      if (auto s = n.value<std::string>())
        out.push_back(*s);
      else
        r.error_at(key, "'" + std::string(key) + "' must hold strings");
    }
  return out;
}

std::vector<Formation> formations(TableReader& r, std::string_view key) {
  std::vector<Formation> out;
  for (const auto& s : strings(r, key)) {
    if (auto f = parse_formation(s))
      out.push_back(*f);
    else
      r.error_at(key, "unknown formation code " + s);
  }
  return out;
}

// Iterates the tables of an array of tables.
template <typename F>
void each_table(TableReader& r, std::string_view key, const F& fn) {
  if (const auto* a = r.array(key, Need::required))
    for (const auto& n : *a) {
      if (const auto* t = n.as_table())
        fn(*t);
      else
        r.error_at(key, "'" + std::string(key) + "' must hold tables");
    }
}

// ---------------------------------------------------------------------------------------------
// troops.toml

// A [[source_table]]: where each table of the troop tables was printed.
void read_source_table(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[[source_table]]");
  // The printed tables whose citation the reports give, each into its field of the catalogue; a
  // row of another key (from house rules) is refused with the list.
  const std::pair<const char*, std::string Catalogue::*> fields[] = {
      {"market_availability", &Catalogue::market_source},
      {"realm_availability", &Catalogue::realm_source},
      {"wage", &Catalogue::wage_source},
      {"qualifying", &Catalogue::qualifying_source},
      {"training", &Catalogue::training_source},
      {"human_characteristics", &Catalogue::troops_source},
      {"morale", nullptr},
      {"beastman_characteristics", nullptr},
      {"beastman_characteristics_2", nullptr}};
  std::vector<std::string> keys;
  for (const auto& f : fields) keys.emplace_back(f.first);
  const auto key = r.string("key", Need::required, keys);
  const std::string source = str(r, "source");
  r.note("title");
  r.finish();
  for (const auto& [k, field] : fields)
    if (key && *key == k && field) cat.*field = source;
}

// A [[realm_size]]: a column of the realm availability table.
void read_realm_size(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[[realm_size]]");
  RealmSize s;
  s.key = str(r, "key");
  s.name = str(r, "name");
  s.time_period = r.string("time_period", Need::required, {"year", "season", "month", "week"}).value_or("");
  r.note("source");
  r.finish();
  cat.realms.push_back(std::move(s));
}

// A [[troop_type]]: unit size, era, market and realm availability, training (pp. 23-25).
void read_troop_type(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[[troop_type]]");
  TroopType tt;
  tt.key = str(r, "key");
  tt.name = str(r, "name");
  tt.category = kind_of<TroopCategory>(r, "category", troop_category_names()).value_or(tt.category);
  tt.untrained = r.boolean("untrained", Need::optional).value_or(false);
  tt.aliases = strings(r, "aliases", Need::optional);
  tt.mounted = flag(r, "mounted");
  tt.unit_size = integer(r, "unit_size");
  tt.era_printed = r.string("era_printed", Need::optional).value_or("");
  tt.eras = strings(r, "eras", Need::optional);
  if (const auto* a = r.array("market_availability", Need::optional))
    for (const auto& n : *a)
      if (const auto* m = n.as_table()) {
        TableReader e(doc, *m, d, "market_availability");
        MarketAvailability ma;
        ma.market_class = integer(e, "market_class");
        ma.dice = e.dice("dice", Need::required).value_or("");
        ma.chance_pct = integer(e, "chance_pct");
        e.finish();
        tt.market.push_back(std::move(ma));
      }
  if (const auto* ra = r.table("realm_availability", Need::optional)) {
    TableReader e(doc, *ra, d, "realm_availability");
    for (const auto& realm : cat.realms)
      if (auto v = e.integer(realm.key, Need::optional)) tt.realm.emplace_back(realm.key, static_cast<int>(*v));
    e.finish();
  }
  // The Training Time column gives weeks for some troop types, months for most: one key each.
  tt.training_weeks = opt_int(r, "training_weeks");
  tt.training_months = opt_int(r, "training_months");
  if (tt.training_weeks && tt.training_months)
    r.error_at("training_months", "give training_weeks or training_months, not both");
  tt.marshal_cost_gp = r.number("marshal_cost_gp", Need::optional);
  tt.training_cost_gp = r.number("training_cost_gp", Need::optional);
  tt.equipment_cost_gp = r.number("equipment_cost_gp", Need::optional);
  tt.total_cost_troop_gp = r.number("total_cost_troop_gp", Need::optional);
  r.finish();
  cat.troop_types.push_back(std::move(tt));
}

// A [[race]]: its troop types and veterans.
void read_race(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[[race]]");
  Race race;
  race.key = str(r, "key");
  race.name = str(r, "name");
  race.table_label = str(r, "table_label");
  race.aliases = strings(r, "aliases", Need::optional);
  race.irregular = r.boolean("irregular", Need::optional).value_or(false);
  race.troop_types = strings(r, "troop_types");
  race.has_characteristics = r.has("characteristics_source");
  r.allow("characteristics_source");
  race.veteran_hd = r.string("veteran_hd", Need::optional);
  race.veteran_morale_bonus = opt_int(r, "veteran_morale_bonus");
  race.veteran_damage_bonus = opt_int(r, "veteran_damage_bonus");
  race.can_fire_muskets = r.boolean("can_fire_muskets", Need::optional).value_or(true);
  r.finish();
  cat.races.push_back(std::move(race));
}

// A [[troop]]: one (race, troop type) row of the troop tables and its characteristics line.
void read_troop(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[[troop]]");
  Troop tr;
  tr.race = str(r, "race");
  tr.troop_type = str(r, "troop_type");
  tr.wage_gp = r.number("wage_gp", Need::optional);
  if (auto v = r.integer("base_morale", Need::optional, {-6, 12, false, "a morale modifier"}))
    tr.base_morale = static_cast<int>(*v);
  if (auto v = r.integer("qualifying_per_120", Need::optional, {0, 120, false, "of 120 conscripts"}))
    tr.qualifying_per_120 = static_cast<int>(*v);
  tr.has_characteristics = r.has("printed_name");
  const Need need = tr.has_characteristics ? Need::required : Need::optional;
  tr.printed_name = r.string("printed_name", need).value_or("");
  tr.equipment = strings(r, "equipment", need);
  tr.ac = static_cast<int>(r.integer("ac", need).value_or(0));
  tr.ac_alt = opt_int(r, "ac_alt");
  tr.mount_ac = opt_int(r, "mount_ac");
  r.note("ac_printed");
  tr.move_ft = static_cast<int>(r.integer("move_ft", need).value_or(0));
  tr.hd = r.string("hd", need).value_or("");
  tr.damage = r.string("damage", need).value_or("");
  tr.save = r.string("save", need).value_or("");
  // The morale is the morale table's (base_morale); the characteristics line's ML, the same figure,
  // is a key only where that table has none (the conscripts).
  if (tr.base_morale && r.has("ml"))
    r.error_at("ml", "the morale of this troop is its base_morale (the morale table); give that, not ml");
  tr.ml = static_cast<int>(
      r.integer("ml", r.has("base_morale") ? Need::optional : need, {-6, 12, false, "a morale modifier"}).value_or(0));
  tr.char_wage_gp = r.number("char_wage_gp", Need::optional);
  r.note("char_source");
  tr.errata = strings(r, "errata", Need::optional);
  r.finish();
  cat.troops.push_back(std::move(tr));
}

void read_troops(const input::Document& doc, Diagnostics& d, Catalogue& cat) {
  TableReader top(doc, doc.root, d, "troops.toml");
  each_table(top, "source_table", [&](const toml::table& t) { read_source_table(doc, t, d, cat); });
  each_table(top, "realm_size", [&](const toml::table& t) { read_realm_size(doc, t, d, cat); });
  each_table(top, "troop_type", [&](const toml::table& t) { read_troop_type(doc, t, d, cat); });
  each_table(top, "race", [&](const toml::table& t) { read_race(doc, t, d, cat); });
  each_table(top, "troop", [&](const toml::table& t) { read_troop(doc, t, d, cat); });
  // [[equipment_item]]: what each item of the equipment lists is to the movement tables.
  each_table(top, "equipment_item", [&](const toml::table& t) {
    TableReader r(doc, t, d, "[[equipment_item]]");
    EquipmentItem item;
    item.name = str(r, "name");
    item.weapon = kind_of<MeleeWeapon>(r, "weapon", melee_weapon_keys(), Need::optional);
    item.riding_horse = r.boolean("riding_horse", Need::optional).value_or(false);
    r.finish();
    cat.equipment_items.push_back(std::move(item));
  });
  top.finish();
}

// ---------------------------------------------------------------------------------------------
// units.toml: the printed rosters (campaign and battle) and the veterans note

struct Veterans {
  double extra_wage = 0, br_infantry = 0, br_cavalry = 0;
};

void read_rosters(const input::Document& doc, Diagnostics& d, Catalogue& cat, Veterans& vet) {
  TableReader top(doc, doc.root, d, "units.toml");
  if (const auto* t = top.table("campaign_veterans", Need::required)) {
    TableReader r(doc, *t, d, "[campaign_veterans]");
    vet.extra_wage = num(r, "extra_wage_gp_per_troop_per_month");
    vet.br_infantry = num(r, "battle_rating_bonus_infantry");
    vet.br_cavalry = num(r, "battle_rating_bonus_cavalry");
    for (const char* k : {"applies_to_race_group", "troop_level", "source"}) r.note(k);
    r.finish();
  }
  if (const auto* rows = doc.root["unit"].as_array()) cat.roster.reserve(cat.roster.size() + rows->size());
  each_table(top, "unit", [&](const toml::table& t) {
    TableReader r(doc, t, d, "[[unit]]");
    RosterRow u;
    u.key = str(r, "key");
    u.name = str(r, "name");
    u.race = str(r, "race");              // the rosters' name ("human"): a race's key or alias,
    u.troop_type = str(r, "troop_type");  // and a troop type's ("conscripts-militia"): prepare_catalogue
    u.race_group = kind_of<RaceGroup>(r, "race_group", race_group_names()).value_or(u.race_group);
    u.roster = kind_of<RosterKind>(r, "roster", roster_kind_names()).value_or(u.roster);
    u.veteran = flag(r, "veteran");
    u.variant = kind_of<RosterVariant>(r, "variant", roster_variant_names(), Need::optional);
    u.troops = integer(r, "troops");
    u.source = str(r, "source");
    u.page = integer(r, "page");
    if (u.roster == RosterKind::campaign) {
      u.daily_move_miles = integer(r, "daily_miles");
      u.weekly_move_miles = integer(r, "weekly_miles");
      u.monthly_wage_gp = num(r, "wage_gp_month");
      u.supply_cost_gp_per_week = num(r, "supply_gp_week");
      u.specialist_cost_gp_per_month = num(r, "specialist_gp_month");
      u.total_cost_gp_per_month = num(r, "total_gp_month");
      u.battle_rating = num(r, "br");
    } else {
      u.march_hexes = opt_int(r, "march_hexes");
      u.hustle_hexes = integer(r, "hustle_hexes");
      u.charge_hexes = integer(r, "charge_hexes");
      // The roster prints march/hustle/charge, "-" for a march the unit cannot make (Guns of War,
      // Formation and Movement); the row gives it as printed and as three figures, which must agree.
      u.unit_move = str(r, "movement");
      const std::string figures = (u.march_hexes ? std::to_string(*u.march_hexes) : std::string("-")) + "/" +
                                  std::to_string(u.hustle_hexes) + "/" + std::to_string(u.charge_hexes);
      if (!u.unit_move.empty() && u.unit_move != figures)
        r.error_at("movement", "movement \"" + u.unit_move + "\" disagrees with the figures (" + figures +
                                   ") of march_hexes, hustle_hexes and charge_hexes");
      u.formation_printed = str(r, "formation_printed");
      u.formation = parse_formation(str(r, "formation"));
      if (auto f = r.string("formation_functions_as", Need::optional)) u.functions_as = parse_formation(*f);
      u.ac = integer(r, "ac");
      u.ac_alt = opt_int(r, "ac_alt");
      u.hd = str(r, "hd");
      if (!u.hd.empty() && !parse_hit_dice(u.hd))
        r.error_at("hd", "hit dice \"" + u.hd + "\" must be written " + kHitDiceForms);
      u.uhp = integer(r, "uhp");
      u.morale = integer(r, "morale");
      u.melee_attacks = strings(r, "melee_attacks");
      u.missile_attacks = strings(r, "missile_attacks");
    }
    r.finish();
    cat.roster.push_back(std::move(u));
  });
  top.finish();
}

// ---------------------------------------------------------------------------------------------
// unit_rules.toml

MoveTable read_move_table(const input::Document& doc, const toml::table& t, Diagnostics& d, const char* what,
                          bool infantry) {
  TableReader r(doc, t, d, what);
  MoveTable m;
  m.source = str(r, "source");
  r.note("title");
  r.note("lookup_rule");
  if (!infantry) r.note("always_irregular_mounted");
  if (const auto* a = r.array("columns_ft", Need::required))
    for (const auto& n : *a) m.columns_ft.push_back(static_cast<int>(n.value<std::int64_t>().value_or(0)));
  each_table(r, "row", [&](const toml::table& rt) {
    TableReader rr(doc, rt, d, std::string(what) + ".row");
    MoveRow row;
    row.order = integer(rr, "order");
    row.weapons = str(rr, "weapons");
    row.weapon_keys = strings(rr, "weapon_keys");
    if (const auto* cells = rr.array("cells", Need::required))
      for (const auto& n : *cells)
        if (const auto* c = n.as_table()) {
          TableReader cr(doc, *c, d, "cells");
          MoveCell cell;
          cell.encounter_move_ft = integer(cr, "encounter_move_ft");
          cell.printed = str(cr, "printed");
          cr.note("movement");
          cell.march = opt_int(cr, "march");
          cell.hustle = integer(cr, "hustle");
          cell.charge = integer(cr, "charge");
          cell.formations = formations(cr, "formations");
          cell.choose_at_creation = flag(cr, "choose_at_creation");
          cr.finish();
          row.cells.push_back(std::move(cell));
        }
    rr.finish();
    if (row.cells.size() != m.columns_ft.size()) rr.error("a row must have one cell per column");
    m.rows.push_back(std::move(row));
  });
  r.finish();
  return m;
}

// Formation modifiers for the battle rating (p. 44).
void read_formations(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[formation]");
  cat.formation_source = str(r, "source");
  r.note("title");
  each_table(r, "row", [&](const toml::table& rt) {
    TableReader rr(doc, rt, d, "[[formation.row]]");
    FormationRow f;
    const std::string code = str(rr, "code");
    if (auto p = parse_formation(code))
      f.code = *p;
    else
      rr.error_at("code", "unknown formation code " + code);
    f.name = str(rr, "name");
    f.kind = str(rr, "kind");
    f.modifier = num(rr, "br_formation_modifier");
    rr.finish();
    cat.formations.push_back(std::move(f));
  });
  r.finish();
}

// The movement cap of Undrilled Foot (p. 43).
void read_undrilled_foot_cap(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[undrilled_foot_cap]");
  cat.undrilled.max_march = integer(r, "max_march");
  cat.undrilled.max_hustle = integer(r, "max_hustle");
  cat.undrilled.max_charge = integer(r, "max_charge");
  for (const char* k : {"source", "max_movement", "forced_groups", "forced_irregular_foot_groups"}) r.note(k);
  r.finish();
}

// Firearm Rate of Fire (p. 44).
void read_firearm_rate_of_fire(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[firearm_rate_of_fire]");
  cat.rate_source = str(r, "source");
  r.note("title");
  r.note("rate_rule");
  cat.reload.reload_adjustment_per_round = integer(r, "reload_adjustment_per_round");
  each_table(r, "row", [&](const toml::table& rt) {
    TableReader rr(doc, rt, d, "[[firearm_rate_of_fire.row]]");
    RateRow row;
    rr.note("mechanism_class");
    for (const auto& m : strings(rr, "mechanisms")) {
      if (auto p = parse_mechanism(m))
        row.mechanisms.push_back(*p);
      else
        rr.error_at("mechanisms", "unknown mechanism " + m);
    }
    row.firearm = str(rr, "firearm");
    row.printed = str(rr, "printed");
    row.df_dm = integer(rr, "df_dm_rate_denominator");
    row.other = integer(rr, "other_rate_denominator");
    rr.finish();
    cat.rates.push_back(std::move(row));
  });
  r.finish();
}

// The raw number of firearm attacks (p. 44).
void read_attack_count(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[attack_count]");
  cat.attack.source = str(r, "source");
  r.note("formula");
  cat.attack.troops_divisor = num(r, "troops_divisor");
  cat.attack.average_damage_divisor = num(r, "average_damage_divisor");
  cat.attack.default_reading =
      r.string("misfire_factor_default_reading", Need::required, {"examples", "text"}).value_or("examples");
  r.finish();
}

// Misfire factors (p. 44, unit_rules.md C1).
void read_misfire_factor(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[misfire_factor]");
  r.note("source");
  each_table(r, "row", [&](const toml::table& rt) {
    TableReader rr(doc, rt, d, "[[misfire_factor.row]]");
    const std::string cls = rr.string("mechanism_class", Need::required, {"flintlock", "other"}).value_or("");
    const double ex = num(rr, "factor_examples"), tx = num(rr, "factor_text");
    rr.finish();
    if (cls == "flintlock") {
      cat.attack.flintlock_examples = ex;
      cat.attack.flintlock_text = tx;
    } else {
      cat.attack.other_examples = ex;
      cat.attack.other_text = tx;
    }
  });
  r.finish();
}

// Firearm Number of Attacks and Reload Tokens (p. 44).
void read_attacks_and_reload_tokens(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[attacks_and_reload_tokens]");
  cat.attack.bands_source = str(r, "source");
  r.note("title");
  cat.attack.comparison_precision = integer(r, "comparison_precision");
  each_table(r, "row", [&](const toml::table& rt) {
    TableReader rr(doc, rt, d, "[[attacks_and_reload_tokens.row]]");
    Band b;
    b.printed = str(rr, "printed_band");
    b.raw_min = rr.number("raw_min", Need::optional);
    b.raw_max = rr.number("raw_max", Need::optional);
    b.attacks = integer(rr, "attacks");
    b.reload_tokens = integer(rr, "reload_tokens");
    rr.finish();
    cat.attack.bands.push_back(std::move(b));
  });
  r.finish();
}

// Volley fire of Drilled Foot (p. 31).
void read_volley_fire(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[volley_fire]");
  r.note("source");
  cat.reload.volley_formations = formations(r, "formations");
  cat.reload.volley_attacks_multiplier = integer(r, "attacks_multiplier");
  cat.reload.volley_tokens_multiplier = integer(r, "reload_tokens_multiplier");
  r.finish();
}

// Reload tokens, pistol caracoles and pistol charges (p. 31, 35-36).
void read_reload(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[reload]");
  auto& rl = cat.reload;
  rl.source = str(r, "source");
  rl.tokens_removed_per_movement_sequence = integer(r, "tokens_removed_per_movement_sequence");
  rl.marching_reload_formations = formations(r, "marching_reload_formations");
  rl.may_fire_with_tokens = flag(r, "may_fire_with_tokens");
  rl.caracole_formations = formations(r, "caracole_formations");
  rl.caracole_min_pistols = integer(r, "caracole_min_pistols");
  rl.caracole_first_attack_tokens = integer(r, "caracole_first_attack_tokens");
  rl.pistol_melee_formations = formations(r, "pistol_melee_formations");
  rl.pistol_charge_min_pistols = integer(r, "pistol_charge_min_pistols");
  rl.pistol_charge_bonus_attacks = integer(r, "pistol_charge_bonus_attacks");
  rl.pistol_charge_barred_by = strings(r, "pistol_charge_bonus_barred_by");
  r.finish();
}

// Mounted Foot (p. 31, 44).
void read_mounted_foot(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[mounted_foot]");
  auto& mf = cat.mounted_foot;
  mf.source = str(r, "source");
  mf.light_cavalry_equivalent_units = integer(r, "light_cavalry_equivalent_units");
  mf.deploy_as_im_units = integer(r, "deploy_as_im_units");
  mf.im_half_troops_fraction = num(r, "im_half_troops_fraction");
  r.note("reform_loss_rule");
  r.string("reform_rounding", Need::required, {"half_to_even"});
  mf.br_treat_as_troops = integer(r, "br_treat_as_troops");
  mf.br_formation_modifier = num(r, "br_formation_modifier");
  r.finish();
}

// Firearm BR factors (p. 44).
void read_firearm_br_factor(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[firearm_br_factor]");
  r.note("source");
  each_table(r, "row", [&](const toml::table& rt) {
    TableReader rr(doc, rt, d, "[[firearm_br_factor.row]]");
    BrFactor f;
    f.family = str(rr, "firearm");
    f.applies_to = strings(rr, "applies_to");
    f.firearm_modifier = num(rr, "firearm_modifier");
    f.missile_range = integer(rr, "br_missile_range");
    rr.finish();
    cat.br_factors.push_back(std::move(f));
  });
  r.finish();
}

// Calculating Battle Rating (p. 44-45).
void read_battle_rating(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[battle_rating]");
  auto& b = cat.br;
  b.source = str(r, "source");
  r.note("formula");
  b.uhp_divisor = num(r, "uhp_divisor");
  b.final_divisor = num(r, "final_divisor");
  b.morale_offset = num(r, "morale_offset");
  b.morale_exponent = num(r, "morale_exponent");
  b.speed_divisor = num(r, "speed_divisor");
  b.speed_exponent = num(r, "speed_exponent");
  b.dm_speed_divisor = num(r, "dm_speed_divisor");
  b.missile_value_divisor = num(r, "missile_value_divisor");
  b.full_walk_formations = formations(r, "missile_value_full_walk_formations");
  b.other_walk_divisor = num(r, "other_walk_divisor");
  b.equipment_bonus_per_extra_firearm = num(r, "equipment_bonus_per_extra_firearm");
  b.melee_dominant_missile_weight = num(r, "melee_dominant_missile_weight");
  b.missile_dominant_melee_weight = num(r, "missile_dominant_melee_weight");
  b.pistol_pair_min_melee_base = num(r, "pistol_pair_min_melee_base");
  b.pistol_pair_min_melee_formations = formations(r, "pistol_pair_min_melee_formations");
  b.rounding_threshold = num(r, "rounding_threshold");
  b.rounding_step_low = num(r, "rounding_step_low");
  b.rounding_step_high = num(r, "rounding_step_high");
  b.firearm_special_attack_bonus = num(r, "firearm_special_attack_bonus");
  r.finish();
}

void read_unit_rules(const input::Document& doc, Diagnostics& d, Catalogue& cat) {
  TableReader top(doc, doc.root, d, "unit_rules.toml");
  // The layout of this file (checked, as war_machine.toml's is).
  top.integer("schema_version", Need::required, {1, 1});
  top.note("example");  // the worked examples are the unit tests' business
  if (const auto* t = top.table("formation", Need::required)) read_formations(doc, *t, d, cat);
  if (const auto* t = top.table("infantry_movement_formation", Need::required))
    cat.infantry = read_move_table(doc, *t, d, "[infantry_movement_formation]", true);
  if (const auto* t = top.table("cavalry_movement_formation", Need::required))
    cat.cavalry = read_move_table(doc, *t, d, "[cavalry_movement_formation]", false);
  if (const auto* t = top.table("undrilled_foot_cap", Need::required)) read_undrilled_foot_cap(doc, *t, d, cat);
  if (const auto* t = top.table("firearm_rate_of_fire", Need::required)) read_firearm_rate_of_fire(doc, *t, d, cat);
  if (const auto* t = top.table("attack_count", Need::required)) read_attack_count(doc, *t, d, cat);
  if (const auto* t = top.table("misfire_factor", Need::required)) read_misfire_factor(doc, *t, d, cat);
  if (const auto* t = top.table("attacks_and_reload_tokens", Need::required))
    read_attacks_and_reload_tokens(doc, *t, d, cat);
  if (const auto* t = top.table("volley_fire", Need::required)) read_volley_fire(doc, *t, d, cat);
  if (const auto* t = top.table("reload", Need::required)) read_reload(doc, *t, d, cat);
  if (const auto* t = top.table("mounted_foot", Need::required)) read_mounted_foot(doc, *t, d, cat);
  if (const auto* t = top.table("firearm_br_factor", Need::required)) read_firearm_br_factor(doc, *t, d, cat);
  if (const auto* t = top.table("battle_rating", Need::required)) read_battle_rating(doc, *t, d, cat);
  top.finish();
}

// ---------------------------------------------------------------------------------------------
// The figures of data/firearms.toml the unit rules need, from the firearms module's one load of it.

void take_firearms(const firearms::Catalogue& fc, Diagnostics& d, FirearmFigures& f) {
  // Every firearm does the same damage on a hit; the unit rules' "average damage" is its mean.
  std::optional<double> mean;
  for (const auto& fa : fc.firearms) {
    const double m = fa.damage_dice * (fa.damage_die_sides + 1) / 2.0;
    if (mean && std::fabs(*mean - m) > 1e-9)
      d.error(SourcePos{"data/firearms.toml"}, "firearms differ in damage: " + fa.name, {}, ExitCode::internal);
    mean = m;
  }
  f.average_damage = mean.value_or(0);
  for (const auto& rg : fc.battlefield_ranges)
    f.ranges.push_back({rg.type, rg.bore == firearms::to_string(firearms::Bore::rifled), rg.ap_vs_foot, rg.max_vs_foot,
                        rg.ap_vs_mounted, rg.max_vs_mounted});
  const firearms::Rules& g = fc.rules;
  f.normal_men_throw = g.normal_men_throw;
  f.veteran_throw = g.veteran_throw;
  f.dex_modifier_sign = g.dex_modifier_sign;
  f.apostles_reduction_rounds = g.apostles_reduction_rounds;
  f.encumbrance_thresholds_stone.assign(g.encumbrance_thresholds_stone.begin(), g.encumbrance_thresholds_stone.end());
  f.encumbrance_increase_rounds = g.encumbrance_increase_rounds;
  f.armor_ignored = g.armor_ignored;
}

// ---------------------------------------------------------------------------------------------
// The campaign model: the value most rows print, for each figure the seed gives only as
// finished roster figures (docs/notes/unit-br-decisions.md, "Campaign costs").

double mode(const std::vector<double>& xs) {
  std::map<long long, std::pair<int, double>> counts;
  for (double x : xs) {
    auto& c = counts[std::llround(x * 1e6)];
    ++c.first;
    c.second = x;
  }
  int best = 0;
  double value = 0;
  for (const auto& [k, c] : counts)
    if (c.first > best) {
      best = c.first;
      value = c.second;
    }
  return value;
}

void fit_campaign_model(Catalogue& cat, const Veterans& vet, Diagnostics& d) {
  auto& m = cat.campaign;
  m.veteran_extra_wage_gp = vet.extra_wage;
  m.veteran_br_bonus_infantry = vet.br_infantry;
  m.veteran_br_bonus_cavalry = vet.br_cavalry;
  std::vector<double> sizes;
  for (const auto& t : cat.troop_types)
    if (t.category == TroopCategory::horse) sizes.push_back(t.unit_size);
  m.horse_unit_size = static_cast<int>(mode(sizes));
  std::vector<double> foot_supply, horse_supply, conscript_supply, foot_spec, horse_spec, conscript_spec, miles, weeks,
      months, uhp_foot, uhp_cav;
  for (const auto& u : cat.roster) {
    const TroopType* tt = cat.troop_type(u.troop_type);
    if (!tt) continue;
    if (u.roster == RosterKind::campaign) {
      if (tt->untrained) {
        conscript_supply.push_back(u.supply_cost_gp_per_week);
        conscript_spec.push_back(u.specialist_cost_gp_per_month);
      } else if (tt->category == TroopCategory::foot && u.troops == tt->unit_size) {
        foot_supply.push_back(u.supply_cost_gp_per_week);
        foot_spec.push_back(u.specialist_cost_gp_per_month);
      } else if (tt->category == TroopCategory::horse) {
        horse_supply.push_back(u.supply_cost_gp_per_week);
        horse_spec.push_back(u.specialist_cost_gp_per_month);
      }
      if (const Troop* tr = cat.troop(u.race, u.troop_type); tr && tr->has_characteristics && tr->move_ft > 0)
        miles.push_back(u.daily_move_miles / static_cast<double>(tr->move_ft));
      if (u.daily_move_miles > 0) weeks.push_back(u.weekly_move_miles / static_cast<double>(u.daily_move_miles));
      if (u.supply_cost_gp_per_week > 0)
        months.push_back((u.total_cost_gp_per_month - u.monthly_wage_gp - u.specialist_cost_gp_per_month) /
                         u.supply_cost_gp_per_week);
    } else if (u.formation != Formation::MF) {
      const auto hd = parse_hit_dice(u.hd);
      if (!hd || u.troops <= 0) continue;
      (tt->mounted ? uhp_cav : uhp_foot).push_back(u.uhp / (u.troops * hd->value));
    }
  }
  m.foot_supply_gp_week = mode(foot_supply);
  m.horse_supply_gp_week = mode(horse_supply);
  m.conscript_supply_gp_week = mode(conscript_supply);
  m.foot_specialists_gp_month = mode(foot_spec);
  m.horse_specialists_gp_month = mode(horse_spec);
  m.conscript_specialists_gp_month = mode(conscript_spec);
  m.miles_per_day_per_ft = mode(miles);
  m.weeks_factor = mode(weeks);
  m.weeks_per_month = mode(months);
  m.uhp_per_hd_troop = mode(uhp_foot);
  m.cavalry_uhp_multiplier =
      m.uhp_per_hd_troop > 0 ? rounding::saturated_int(std::round(mode(uhp_cav) / m.uhp_per_hd_troop)) : 0;
  if (m.foot_supply_gp_week <= 0 || m.horse_supply_gp_week <= 0 || m.miles_per_day_per_ft <= 0 || m.weeks_factor <= 0 ||
      m.weeks_per_month <= 0 || m.uhp_per_hd_troop <= 0 || m.cavalry_uhp_multiplier <= 0 || m.horse_unit_size <= 0)
    d.error(SourcePos{"data/units.toml"}, "the rosters do not give the campaign model's figures", {},
            ExitCode::internal);
}

void check(Catalogue& cat, Diagnostics& d) {
  auto fail = [&](const std::string& msg) { d.error(SourcePos{"data/troops.toml"}, msg, {}, ExitCode::internal); };
  std::vector<std::string> unknown;
  prepare_catalogue(cat, &unknown);
  for (const auto& u : unknown) fail("troop " + u);
  for (const auto& t : cat.troops) {
    if (!cat.race(t.race)) fail("troop row names an unknown race " + t.race);
    if (!cat.troop_type(t.troop_type)) fail("troop row names an unknown troop type " + t.troop_type);
    if (t.has_characteristics && !parse_hit_dice(t.hd)) fail("troop row has hit dice " + t.hd);
  }
  for (auto& r : cat.races) {
    for (const auto& k : r.troop_types)
      if (!cat.troop_type(k)) fail("race " + r.key + " lists an unknown troop type " + k);
    bool rostered = false;
    for (const auto& u : cat.roster)
      if (u.race == r.key) {
        r.group = u.race_group;
        rostered = true;
        break;
      }
    if (!rostered) fail("race " + r.key + " has no roster row");
  }
  for (const auto& u : cat.roster)
    if (!cat.race(u.race) || !cat.troop_type(u.troop_type))
      fail("roster row " + u.key + " names an unknown race or type");
  if (!cat.human_race()) fail("no race is of the human group (the rosters' race_group \"human\")");
  // A troop type's unit size is the human campaign roster's (Human Unit Characteristics -
  // Campaigns, pp. 46-47), where that roster has the type.
  if (const Race* man = cat.human_race())
    for (const auto& t : cat.troop_types)
      if (const RosterRow* row = cat.roster_row(man->key, t.key, RosterKind::campaign, false);
          row && row->troops != t.unit_size)
        fail("troop type " + t.key + ": unit_size " + std::to_string(t.unit_size) +
             " is not the human campaign roster's " + std::to_string(row->troops) + " troops");
  for (auto f : kFormations) {
    bool found = false;
    for (const auto& row : cat.formations) found = found || row.code == f;
    if (!found) fail("no formation modifier for " + to_string(f));
  }
  if (cat.attack.bands.empty() || cat.rates.empty() || cat.br_factors.empty()) fail("unit rules are incomplete");
  if (cat.firearms.average_damage <= 0 || cat.firearms.normal_men_throw <= 0) fail("firearm figures are incomplete");
}

// The firearm types (open data: data/firearms.toml), each found in the movement tables by the
// weapon keys its row names (Formation and Movement, p. 43).
void take_firearm_types(const firearms::Catalogue& fc, Diagnostics& d, Catalogue& cat) {
  cat.firearm_types = fc.types;
  auto names = [](const MoveTable& t, const std::string& key) {
    for (const auto& row : t.rows)
      if (std::find(row.weapon_keys.begin(), row.weapon_keys.end(), key) != row.weapon_keys.end()) return true;
    return false;
  };
  // A row's weapon keys: the rules' (move_weapon_keys) and the firearm types' movement keys.
  for (const MoveTable* table : {&cat.infantry, &cat.cavalry})
    for (const auto& row : table->rows)
      for (const auto& key : row.weapon_keys) {
        const bool firearm = std::any_of(fc.types.begin(), fc.types.end(), [&](const auto& t) {
          return key == (table == &cat.infantry ? t.infantry_movement_key : t.cavalry_movement_key);
        });
        const auto& rules = move_weapon_keys();
        if (!firearm && std::find(rules.begin(), rules.end(), key) == rules.end()) {
          std::string why = "a movement row's weapon key is one the rules derive from a unit's weapons (";
          for (size_t i = 0; i < rules.size(); ++i) why.append(i ? ", " : "").append(rules[i]);
          why.append(") or a firearm type's movement key, not ").append(key);
          d.error(SourcePos{"data/unit_rules.toml"}, why, {}, ExitCode::internal);
        }
      }
  for (const auto& t : fc.types) {
    if (!names(cat.infantry, t.infantry_movement_key))
      d.error(SourcePos{"data/firearms.toml"},
              "firearm type " + t.key + ": no infantry movement row has the weapon key " + t.infantry_movement_key, {},
              ExitCode::internal);
    if (!names(cat.cavalry, t.cavalry_movement_key))
      d.error(SourcePos{"data/firearms.toml"},
              "firearm type " + t.key + ": no cavalry movement row has the weapon key " + t.cavalry_movement_key, {},
              ExitCode::internal);
  }
}

Expected<Catalogue> build(const data::Tables& t) {
  Catalogue cat;
  Diagnostics d;
  Veterans vet;
  auto troops = data::load(t, "troops.toml");
  if (!troops) return troops.error();
  read_troops(*troops, d, cat);
  auto rosters = data::load(t, "units.toml");
  if (!rosters) return rosters.error();
  read_rosters(*rosters, d, cat, vet);
  auto rules = data::load(t, "unit_rules.toml");
  if (!rules) return rules.error();
  read_unit_rules(*rules, d, cat);
  auto fc = firearms::load_catalogue(t);
  if (!fc) return fc.error();
  take_firearms(**fc, d, cat.firearms);
  take_firearm_types(**fc, d, cat);
  if (d.empty()) check(cat, d);
  if (d.empty()) detail::check_unit_rules(cat, d);
  if (d.empty()) fit_campaign_model(cat, vet, d);
  if (!d.empty()) return data::as_internal(t, d);
  for (auto* doc : {&*troops, &*rosters, &*rules}) data::retire(t, std::move(*doc));
  return cat;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<Catalogue> kUnitsSection{"units", &build};

}  // namespace

Expected<const Catalogue*> load_catalogue(const data::Tables& tables) {
  return data::pointer_to(kUnitsSection.get(tables));
}

}  // namespace gunpowder::units
