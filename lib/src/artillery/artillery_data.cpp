// artillery_data.cpp - the one loader of data/artillery.toml and data/gunpowder_economies.toml:
// one parse of each, every key checked, into the artillery catalogue, the duel and spiking rules
// (for the siege module) and the attack results and scatter (for the fire module). The embedded
// tables are part of the program: a broken table is an internal error, caught by the data tests.
#include <algorithm>
#include <limits>
#include <array>
#include <climits>
#include <cmath>
#include <optional>
#include <string>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/artillery/attack_results.hpp"
#include "gunpowder/artillery/duel_rules.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::artillery {

using input::Need;
using input::TableReader;

namespace {

double num(TableReader& r, std::string_view key, Need need = Need::required) { return r.number(key, need).value_or(0); }
int integer(TableReader& r, std::string_view key, Need need = Need::required) {
  return static_cast<int>(r.integer(key, need).value_or(0));
}
std::string str(TableReader& r, std::string_view key, Need need = Need::required) {
  return r.string(key, need).value_or("");
}

const std::array<const char*, 4> kCarriageKeys = {"carriageless", "garrison", "field", "limber"};
const std::array<const char*, 3> kTypeKeys = {"cannon", "gun", "mortar"};

std::optional<Era> era_or_none(const std::string& s) { return s == "none" ? std::nullopt : parse_era(s); }

// The keys of a [[piece]] row that house rules changed (or the row they added), each with its
// source, for the figures taken from it (Characteristics::ruled).
void note_house_rules(const data::Tables& t, BookPiece& p) {
  // Sized by its list (std::to_array): a key removed leaves no null entry behind.
  static constexpr auto kKeys = std::to_array<const char*>({"ac",
                                                            "shp",
                                                            "base_weight_lb",
                                                            "caliber_in",
                                                            "barrel_length_in",
                                                            "powder_lb",
                                                            "range_short_yd",
                                                            "range_medium_yd",
                                                            "range_long_yd",
                                                            "damage_dice",
                                                            "aoe_ft",
                                                            "crew",
                                                            "rounds_per_shot",
                                                            "cost_gp",
                                                            "shot_cost_gp",
                                                            "bombard",
                                                            "shots_per_day",
                                                            "cost_gp_per_day",
                                                            "horses",
                                                            "carriage_era",
                                                            "shot_lb",
                                                            "unit_size",
                                                            "br",
                                                            "bonus_units",
                                                            "battlefield_unit"});
  const std::string row = "piece[name = \"" + p.name + "\"]";
  for (const char* k : kKeys)
    if (auto src = t.house_rule_source("artillery", row + "." + k)) p.house_rule_sources.emplace(k, *src);
}

// The house rules behind the pieces' figures, the keys of [rules.design] (DesignRules::house_rule_sources)
// and the gunpowders' prices and multipliers (GunpowderType, EconomyRules).
void note_house_rules(const data::Tables& t, const input::Document& doc, Catalogue& cat) {
  if (!t.house_rules_in_effect()) return;
  for (auto& p : cat.pieces) note_house_rules(t, p);
  const auto ruled = [&t](const std::string& path) {
    return t.house_rule_source("gunpowder_economies", path).value_or("");
  };
  for (auto& g : cat.economy.types) {
    const std::string row = "gunpowder_type[id = \"" + g.id + "\"].";
    g.powder_source = ruled(row + "powder_cost_gp_per_lb");
    g.multiplier_source = ruled(row + "firearm_cost_multiplier");
  }
  cat.economy.dwarven_powder_source = ruled("dwarven.recommended_powder_cost_gp_per_lb");
  cat.economy.dwarven_multiplier_source = ruled("dwarven.price_multiplier_recommended");
  if (const auto* design = doc.root["rules"]["design"].as_table())
    for (const auto& [key, node] : *design)
      if (auto src = t.house_rule_source("artillery", "rules.design." + std::string(key.str())))
        cat.design.house_rule_sources.emplace(std::string(key.str()), *src);
}

// The battlefield movement as the table prints it, march/hustle/charge ("1/2/-"): "-" may not,
// "*" a facing change only (0 hexes), else whole hexes. False when it is not of that form.
bool read_hexes(const std::string& printed, std::array<std::optional<int>, 3>& out) {
  size_t start = 0;
  for (size_t i = 0; i < 3; ++i) {
    const size_t end = i < 2 ? printed.find('/', start) : printed.size();
    if (end == std::string::npos) return false;
    const std::string part = printed.substr(start, end - start);
    if (part == "-")
      out[i] = std::nullopt;
    else if (part == "*")
      out[i] = 0;
    else if (!part.empty() && part.find_first_not_of("0123456789") == std::string::npos && part.size() < 4)
      out[i] = std::stoi(part);
    else
      return false;
    start = end + 1;
  }
  return start == printed.size() + 1;
}

void read_piece(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[[piece]]");
  BookPiece p;
  p.name = str(r, "name");
  p.type = parse_type(str(r, "type")).value_or(Type::gun);
  // (The most a designed piece may fire: a book piece past it could not be shown by the catalogue.)
  p.shot_lb = r.number("shot_lb", Need::required, input::positive(kMaxShotLb)).value_or(0);
  p.shot_kind = str(r, "shot_kind");
  p.ac = integer(r, "ac");
  p.shp = integer(r, "shp");
  p.base_weight_lb = num(r, "base_weight_lb");
  p.caliber_in = num(r, "caliber_in");
  p.barrel_length_in = num(r, "barrel_length_in");
  p.powder_lb = num(r, "powder_lb");
  p.range_short_yd = num(r, "range_short_yd");
  p.range_medium_yd = num(r, "range_medium_yd");
  p.range_long_yd = num(r, "range_long_yd");
  // The range bands run outward: short ends before medium, medium before long.
  if (p.range_short_yd > 0 && p.range_medium_yd > 0 && p.range_long_yd > 0) {
    if (!(p.range_short_yd < p.range_medium_yd))
      r.pair_error("range_short_yd", "range_medium_yd", "the ranges must grow: range_short_yd (" + fmtnum::shortest(p.range_short_yd, 17) +
                                        ") must be less than range_medium_yd (" +
                                        fmtnum::shortest(p.range_medium_yd, 17) + ")");
    else if (!(p.range_medium_yd < p.range_long_yd))
      r.pair_error("range_medium_yd", "range_long_yd", "the ranges must grow: range_medium_yd (" + fmtnum::shortest(p.range_medium_yd, 17) +
                                      ") must be less than range_long_yd (" + fmtnum::shortest(p.range_long_yd, 17) +
                                      ")");
  }
  p.damage_dice = integer(r, "damage_dice");
  p.aoe_ft = integer(r, "aoe_ft");
  p.crew = integer(r, "crew");
  p.rounds_per_shot = integer(r, "rounds_per_shot");
  p.cost_gp = num(r, "cost_gp");
  p.shot_cost_gp = num(r, "shot_cost_gp");
  if (const auto* ce = r.table("carriage_era", Need::required)) {
    TableReader e(doc, *ce, d, "carriage_era");
    for (size_t i = 0; i < 4; ++i) p.carriage_era[i] = era_or_none(str(e, kCarriageKeys[i]));
    e.finish();
  }
  if (const auto* h = r.table("horses", Need::required)) {
    TableReader e(doc, *h, d, "horses");
    for (size_t i = 0; i < 4; ++i) p.horses[i] = integer(e, kCarriageKeys[i]);
    e.finish();
  }
  if (const auto* b = r.table("bombard", Need::required)) {
    TableReader e(doc, *b, d, "bombard");
    p.bombard.short_direct = e.number("short_direct", Need::optional);
    p.bombard.medium_direct = e.number("medium_direct", Need::optional);
    p.bombard.medium_plunging = e.number("medium_plunging", Need::optional);
    p.bombard.long_direct = e.number("long_direct", Need::optional);
    p.bombard.long_plunging = e.number("long_plunging", Need::optional);
    e.finish();
  }
  p.shots_per_day = integer(r, "shots_per_day");
  p.cost_gp_per_day = num(r, "cost_gp_per_day");
  p.unit_size = integer(r, "unit_size");
  p.br = num(r, "br");
  p.bonus_units = integer(r, "bonus_units");
  if (const auto* u = r.table("battlefield_unit", Need::required)) {
    TableReader e(doc, *u, d, "[piece.battlefield_unit]");
    auto& bu = p.battlefield_unit;
    bu.pieces = integer(e, "pieces");
    e.note("move");
    bu.formation = str(e, "formation");
    bu.ac = integer(e, "ac");
    bu.hd = str(e, "hd");
    bu.uhp = integer(e, "uhp");
    bu.morale = integer(e, "morale");
    if (const auto* a = e.array("crew_attacks", Need::required))
      for (const auto& n : *a)
        if (auto s = n.value<std::string>()) bu.crew_attacks.push_back(*s);
    bu.artillery_attack = str(e, "artillery_attack");
    bu.reload = integer(e, "reload");
    e.finish();
  }
  r.finish();
  cat.pieces.push_back(std::move(p));
}

void read_carriage(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[[carriage]]");
  CarriageRule c;
  const auto key = parse_carriage(str(r, "key"));
  if (!key) {
    r.error_at("key", "unknown carriage key");
    return;
  }
  c.key = *key;
  c.name = str(r, "name");
  c.daily_miles = integer(r, "daily_miles");
  c.weekly_miles = integer(r, "weekly_miles");
  c.encounter_move = str(r, "encounter_move");
  c.encounter_move_ft = integer(r, "encounter_move_ft");
  c.assembly = str(r, "assembly");
  c.assembly_turns_per_lb = integer(r, "assembly_turns_per_lb", Need::optional);
  c.assembly_turns = integer(r, "assembly_turns", Need::optional);
  c.assembly_rounds = integer(r, "assembly_rounds", Need::optional);
  c.cost_pct = num(r, "carriage_cost_pct");
  c.weight_pct = num(r, "carriage_weight_pct");
  c.horse_divisor_lb = num(r, "horse_divisor_lb");
  // 0 is the book's "None" (no wagons); any other divisor is a divisor's range (named_range).
  if (const auto carts = r.number("cart_divisor_lb", Need::required, input::non_negative(1e6))) {
    c.cart_divisor_lb = *carts;
    if (*carts > 0 && *carts < input::named_range("divisor").min)
      r.error_at("cart_divisor_lb", "'cart_divisor_lb' must be 0 (no wagons) or from " +
                                        fmtnum::trim(input::named_range("divisor").min, 1) + " to 1,000,000, got " +
                                        fmtnum::shortest(*carts, 17));
  }
  c.battlefield_move = str(r, "battlefield_move");
  if (!read_hexes(c.battlefield_move, c.battlefield_hexes))
    r.error_at("battlefield_move", "must be march/hustle/charge in hexes, '-' or '*' each (\"1/2/-\")");
  r.note("source");
  r.finish();
  cat.carriages[static_cast<size_t>(c.key)] = c;
}

void read_design(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[rules.design]");
  auto& g = cat.design;
  cat.sources.design = str(r, "source");
  g.caliber_offset_in = num(r, "caliber_offset_in");
  g.caliber_k_iron = num(r, "caliber_k_iron");
  g.caliber_k_stone = num(r, "caliber_k_stone");
  for (size_t i = 0; i < 3; ++i) {
    const std::string k = kTypeKeys[i];
    g.barrel_calibers[i] = num(r, "barrel_calibers_" + k);
    g.powder_ratio[i] = num(r, "powder_ratio_" + k);
    g.short_range_yd_per_ft[i] = num(r, "short_range_yd_per_ft_" + k);
    g.long_range_mult[i] = num(r, "long_range_mult_" + k);
    g.weight_mod[i] = num(r, "weight_mod_" + k);
  }
  g.short_range_round_yd = num(r, "short_range_round_yd");
  g.medium_range_fraction = num(r, "medium_range_fraction");
  g.medium_range_round_yd = num(r, "medium_range_round_yd");
  g.long_range_round_yd = num(r, "long_range_round_yd");
  g.spd_numerator = num(r, "spd_numerator");
  g.spd_ref_shot_lb = num(r, "spd_ref_shot_lb");
  g.spd_exponent = num(r, "spd_exponent");
  g.spd_factor_mortar = num(r, "spd_factor_mortar");
  g.rof_rounds_per_day = num(r, "rof_rounds_per_day");
  g.cost_gp_per_lb_base_weight = num(r, "cost_gp_per_lb_base_weight");
  g.crew_extra_above_lb = num(r, "crew_extra_above_lb");
  g.crew_extra_lb_per_man = num(r, "crew_extra_lb_per_man");
  g.aoe_line_base_ft = num(r, "aoe_line_base_ft");
  g.aoe_line_per_die_ft = num(r, "aoe_line_per_die_ft");
  g.aoe_line_max_ft = num(r, "aoe_line_max_ft");
  g.aoe_line_width_ft = num(r, "aoe_line_width_ft");
  auto each = [&](std::string_view key, const auto& fn) {
    if (const auto* a = r.array(key, Need::required))
      for (const auto& n : *a)
        if (const auto* row = n.as_table()) {
          TableReader br(doc, *row, d, std::string(key));
          fn(br);
          br.finish();
        }
  };
  each("crew_band", [&](TableReader& b) { g.crew_bands.emplace_back(num(b, "max_shot_lb"), integer(b, "crew")); });
  each("damage_band", [&](TableReader& b) {
    g.damage_bands.emplace_back(b.number("up_to_powder_lb", Need::optional).value_or(INFINITY),
                                num(b, "powder_lb_per_die"));
  });
  each("mortar_aoe_band", [&](TableReader& b) {
    g.mortar_aoe_bands.emplace_back(static_cast<int>(b.integer("max_dice", Need::optional).value_or(INT_MAX)),
                                    integer(b, "radius_ft"));
  });
  // Every band list covers every piece: at least one band, in increasing order, the last of the
  // damage and area bands open (no bound: every larger charge or number of dice). An empty list
  // once gave a 7-pdr mortar 1d10 and a crew of -9.
  const auto check_bands = [&r](std::string_view key, const auto& bands, auto bound, bool last_open) {
    const std::string k(key);
    if (bands.empty()) {
      r.error_at(key, "'" + k + "' needs at least one band");
      return;
    }
    for (size_t i = 1; i < bands.size(); ++i)
      if (!(bound(bands[i - 1]) < bound(bands[i]))) {
        r.error_at(key, "the bands of '" + k + "' must be in increasing order of their bound");
        return;
      }
    // (The open marker: +infinity for a charge, INT_MAX for a number of dice.)
    if (last_open && !(bound(bands.back()) >= std::numeric_limits<decltype(bound(bands.back()))>::max()))
      r.error_at(key, "the last band of '" + k + "' must be open (no bound), for every larger piece");
  };
  check_bands("crew_band", g.crew_bands, [](const auto& b) { return b.first; }, false);
  check_bands("damage_band", g.damage_bands, [](const auto& b) { return b.first; }, true);
  check_bands("mortar_aoe_band", g.mortar_aoe_bands, [](const auto& b) { return b.first; }, true);
  r.finish();
}

// The tables of data/artillery.toml, all read by this one loader: the catalogue, and the duel and
// attack-result rules the siege and fire modules take through load_duel_rules and load_attack_results.
struct Tables {
  Catalogue catalogue;
  DuelRules duel;
  AttackResults attack_results;
};

// [rules.range], [rules.fire_mode]: the range modifiers and the fire modes by type and bracket.
void read_range_and_modes(const input::Document& doc, TableReader& r, Diagnostics& d, AttackRules& attack) {
  if (const auto* t = r.table("range", Need::required)) {
    TableReader e(doc, *t, d, "[rules.range]");
    attack.range_mod = {integer(e, "short_attack_mod"), integer(e, "medium_attack_mod"), integer(e, "long_attack_mod")};
    attack.range_source = str(e, "source");
    e.finish();
  }
  if (const auto* t = r.table("fire_mode", Need::required)) {
    TableReader e(doc, *t, d, "[rules.fire_mode]");
    attack.plunging_mod = integer(e, "plunging_attack_mod");
    for (size_t ty = 0; ty < 3; ++ty) {
      if (const auto* m = e.table(kTypeKeys[ty], Need::required)) {
        TableReader me(doc, *m, d, kTypeKeys[ty]);
        const std::array<const char*, 3> brackets = {"short", "medium", "long"};
        for (size_t b = 0; b < 3; ++b) {
          const std::string v = str(me, brackets[b]);
          auto& modes = attack.modes[ty][b];
          if (v == "direct")
            modes = {FireMode::direct};
          else if (v == "plunging")
            modes = {FireMode::plunging};
          else if (v == "direct-or-plunging")
            modes = {FireMode::direct, FireMode::plunging};
          else if (v == "none")
            modes = {};
          else
            me.error_at(brackets[b], "unknown fire mode " + v);
        }
        me.finish();
      }
    }
    attack.fire_mode_source = str(e, "source");
    e.finish();
  }
}

// [rules.attack]: the catalogue's attack throws and save base, and the attack results (naturals,
// accidental discharge, shrapnel, cover) of "Attacking with Gunpowder Artillery", pp. 16-17.
void read_attack(TableReader& e, AttackRules& attack, AttackResultRules& a) {
  attack.normal_men_throw = integer(e, "normal_men_attack_throw");
  attack.veteran_throw = integer(e, "veteran_attack_throw");
  attack.structural_save_base = integer(e, "structural_save_base");
  attack.artillerist_shortage_mod = integer(e, "artillerist_shortage_attack_mod");
  a.source = str(e, "source");
  a.direct_hit_natural = integer(e, "direct_hit_natural");
  a.close_hit_natural = integer(e, "close_hit_natural");
  a.misfire_natural = integer(e, "misfire_natural");
  a.discharge_natural = integer(e, "discharge_natural");
  a.discharge_crew_dice = integer(e, "discharge_crew_dice");
  a.discharge_crew_die_sides = integer(e, "discharge_crew_die_sides");
  a.discharge_piece_shp_fraction = num(e, "discharge_piece_shp_fraction");
  a.shrapnel_radius_ft = integer(e, "shrapnel_radius_ft");
  a.cover_save_bonus = integer(e, "cover_save_bonus");
  e.note("crew_shortage_rof");  // transcribed, read by no rule of the suite
}

// [rules.scatter]: where close hits and scatters land (pp. 16-17).
void read_scatter(TableReader& e, ScatterRules& s) {
  s.source = str(e, "source");
  s.direction_die_sides = integer(e, "direction_die_sides");
  s.close_hit_dice = integer(e, "close_hit_dice");
  s.close_hit_die_sides = integer(e, "close_hit_die_sides");
  s.scatter_dice = integer(e, "scatter_dice");
  s.scatter_die_sides = integer(e, "scatter_die_sides");
  s.multiplier_yd = {integer(e, "short_multiplier_yd"), integer(e, "medium_multiplier_yd"),
                     integer(e, "long_multiplier_yd")};
  s.plunging_multiplier = integer(e, "plunging_multiplier");
}

// [rules.duel] (Gunpowder Artillery Duels, pp. 18-19).
void read_duel(TableReader& e, DuelRules& duel) {
  duel.source = str(e, "source");
  duel.target = {integer(e, "target_short"), integer(e, "target_medium"), integer(e, "target_long")};
  duel.besieged_save = integer(e, "besieged_save");
  duel.suppressed_turns = integer(e, "suppressed_turns");
  duel.move_yd = integer(e, "move_yd");
  if (const auto* a = e.array("mobile_carriages", Need::required))
    for (const auto& n : *a) {
      const auto c = parse_carriage(n.value<std::string>().value_or(""));
      if (c)
        duel.mobile_carriages.push_back(*c);
      else
        e.error_at("mobile_carriages", "unknown carriage in mobile_carriages");
    }
}

// [rules.spiking] (Spiking the Guns, p. 18).
void read_spiking(TableReader& e, DuelRules& duel) {
  duel.spiking_source = str(e, "source");
  duel.spike_removal_gp = num(e, "removal_cost_gp");
}

void read_transport(TableReader& e, TransportRules& transport) {
  transport.large_cart_lb = num(e, "large_cart_lb");
  transport.substitute_men = integer(e, "horse_substitute_men");
  transport.substitute_mules = integer(e, "horse_substitute_mules");
  transport.substitute_medium_horses = integer(e, "horse_substitute_medium_horses");
  transport.source = str(e, "source");
}

void read_rules(const input::Document& doc, const toml::table& rules, Diagnostics& d, Tables& tables) {
  Catalogue& cat = tables.catalogue;
  TableReader r(doc, rules, d, "[rules]");
  // One sub-table of [rules], read by `fn` and checked for unknown keys.
  auto sub = [&](const char* key, const auto& fn) {
    if (const auto* t = r.table(key, Need::required)) {
      TableReader e(doc, *t, d, std::string("[rules.") + key + "]");
      fn(e);
      e.finish();
    }
  };
  read_range_and_modes(doc, r, d, cat.attack);
  sub("attack", [&](TableReader& e) { read_attack(e, cat.attack, tables.attack_results.results); });
  sub("scatter", [&](TableReader& e) { read_scatter(e, tables.attack_results.scatter); });
  sub("ammunition", [&](TableReader& e) {
    cat.attack.lighter_shot_range_factor = num(e, "lighter_shot_range_factor");
    cat.design.shot_undersize_in = num(e, "shot_undersize_in");
    for (const char* k : {"lighter_shot_brackets", "reduced_charge", "source"}) e.note(k);
  });
  sub("bombardment", [&](TableReader& e) {
    cat.attack.wood_increase_pct = {num(e, "wood_increase_short_pct"), num(e, "wood_increase_medium_pct"),
                                    num(e, "wood_increase_long_pct")};
    cat.attack.bombardment_source = str(e, "source");
  });
  if (const auto* t = r.table("design", Need::required)) read_design(doc, *t, d, cat);
  sub("transport", [&](TableReader& e) { read_transport(e, cat.transport); });
  sub("duel", [&](TableReader& e) { read_duel(e, tables.duel); });
  sub("spiking", [&](TableReader& e) { read_spiking(e, tables.duel); });
  r.finish();
}

// One [[price_example]]: a price and making time the text states.
PriceExample read_price_example(const input::Document& doc, const toml::table& t, Diagnostics& d) {
  TableReader r(doc, t, d, "[[price_example]]");
  PriceExample e;
  e.item = str(r, "item");
  e.gunpowder = str(r, "gunpowder_type");
  e.historical_gp = num(r, "historical_price_gp");
  e.price_gp = num(r, "price_gp");
  e.days_stated = r.number("days_stated", Need::optional);
  e.years_stated = r.number("years_stated", Need::optional);
  e.source = str(r, "source");
  r.note("years_text");
  r.finish();
  return e;
}

// One [[dwarven.market_example]]: the availability of an item outside dwarven lands.
MarketExample read_market_example(const input::Document& doc, const toml::table& t, Diagnostics& d) {
  TableReader r(doc, t, d, "[[dwarven.market_example]]");
  MarketExample e;
  e.powder_gp_per_lb = num(r, "powder_cost_gp_per_lb");
  e.item = str(r, "item");
  e.item_price_gp = num(r, "item_price_gp");
  e.market_class = integer(r, "market_class");
  e.settlement = str(r, "settlement");
  e.availability_pct_stated = num(r, "availability_percent");
  e.source = str(r, "source");
  r.finish();
  return e;
}

// [dwarven.grimm_example]: every figure the Grimm 60-pdr example states.
void read_grimm(const input::Document& doc, const toml::table& t, Diagnostics& d, Catalogue& cat) {
  TableReader r(doc, t, d, "[dwarven.grimm_example]");
  GrimmExample& g = cat.grimm;
  g.item = str(r, "item");
  g.historical_gp = num(r, "historical_price_gp");
  g.price_stated_gp = num(r, "price_gp_stated");
  g.multiplier_stated = num(r, "world_price_multiplier_stated");  // the example's own figure, a note:
  r.note("world_price_multiplier_stated");                        // refused to house rules
  g.base_throw = integer(r, "base_throw");
  cat.economy.machinist_throw_gp_per_step = num(r, "cost_throw_penalty_per_gp");
  g.throw_after_penalty_stated = integer(r, "throw_after_penalty_stated");
  g.workshop_bonus = integer(r, "workshop_bonus");
  g.materials_bonus = integer(r, "materials_bonus");
  g.throw_needed_stated = integer(r, "throw_needed_stated");
  g.build_days_stated = num(r, "build_days_stated");
  g.source = str(r, "source");
  // The example's other figures: notes of the book, read by no rule.
  for (const char* k : {"world_powder_cost_gp_per_lb", "machinist_level", "cost_throw_penalty", "workshop_value_gp",
                        "materials_spent_gp", "roll"})
    r.note(k);
  r.finish();
}

// The dwarven multipliers: minimum <= recommended <= maximum ([dwarven.machinist]'s artillery cost).
void check_dwarven_multipliers(TableReader& r, const EconomyRules& eco) {
  if (eco.price_multiplier_min > eco.dwarven_multiplier)
    r.pair_error("price_multiplier_recommended", "price_multiplier_min",
                 "price_multiplier_min (" + fmtnum::shortest(eco.price_multiplier_min, 17) +
                     ") must be at most price_multiplier_recommended (" + fmtnum::shortest(eco.dwarven_multiplier, 17) +
                     ")");
  else if (eco.dwarven_multiplier > eco.price_multiplier_max)
    r.error_at("price_multiplier_recommended",
               "price_multiplier_recommended (" + fmtnum::shortest(eco.dwarven_multiplier, 17) +
                   ") must be at most [dwarven.machinist] artillery_cost_multiplier (" +
                   fmtnum::shortest(eco.price_multiplier_max, 17) + "), the highest multiplier");
}

void read_economies(const input::Document& doc, Diagnostics& d, Catalogue& cat) {
  TableReader top(doc, doc.root, d, "gunpowder_economies.toml");
  if (const auto* a = top.array("gunpowder_type", Need::required))
    for (const auto& n : *a)
      if (const auto* t = n.as_table()) {
        TableReader r(doc, *t, d, "[[gunpowder_type]]");
        GunpowderType g;
        g.id = r.string("id", Need::required, gunpowder_kind_names()).value_or("");
        g.kind = parse_gunpowder_kind(g.id).value_or(g.kind);
        g.name = str(r, "name");
        g.proficiency = str(r, "proficiency_required");
        g.powder_gp_per_lb = r.number("powder_cost_gp_per_lb", Need::optional);
        g.cost_multiplier = r.number("firearm_cost_multiplier", Need::optional);
        r.note("source");
        r.finish();
        cat.economy.types.push_back(g);
      }
  if (const auto* t = top.table("crafting", Need::required)) {
    TableReader r(doc, *t, d, "[crafting]");
    cat.economy.workshop_gp_per_day = num(r, "workshop_gp_per_day");
    for (const char* k : {"workshop_staff", "days_formula", "source"}) r.note(k);
    r.finish();
  }
  if (const auto* t = top.table("dwarven", Need::required)) {
    TableReader r(doc, *t, d, "[dwarven]");
    cat.economy.dwarven_powder_gp_per_lb = num(r, "recommended_powder_cost_gp_per_lb");
    cat.economy.dwarven_multiplier = num(r, "price_multiplier_recommended");
    cat.economy.dwarven_market_class_reduction = integer(r, "market_class_reduction");
    if (const auto* m = r.table("machinist", Need::required)) {
      TableReader e(doc, *m, d, "[dwarven.machinist]");
      cat.economy.machinist_base_days = num(e, "artillery_build_base_days");
      cat.economy.machinist_days_per_1000gp = num(e, "artillery_build_days_per_1000gp");
      cat.economy.price_multiplier_max = num(e, "artillery_cost_multiplier");
      for (const char* k : {"artillery_build_rounding", "source"}) e.note(k);
      e.finish();
    }
    if (const auto* arr = r.array("market_example", Need::required))
      for (const auto& n : *arr)
        if (const auto* row = n.as_table()) cat.market_examples.push_back(read_market_example(doc, *row, d));
    if (const auto* g = r.table("grimm_example", Need::required)) read_grimm(doc, *g, d, cat);
    cat.economy.price_multiplier_min = num(r, "price_multiplier_min");
    check_dwarven_multipliers(r, cat.economy);
    r.note("source");
    r.finish();
  }
  if (const auto* t = top.table("automaton", Need::required)) {
    TableReader r(doc, *t, d, "[automaton]");
    auto& a = cat.automaton;
    cat.sources.automaton = str(r, "source");
    a.immobile_abilities = integer(r, "immobile_special_abilities");
    a.line_aoe_multiplier = num(r, "line_aoe_multiplier");
    a.mortar_aoe_pi = num(r, "mortar_aoe_pi");
    a.sq_ft_per_target = num(r, "sq_ft_per_target");
    a.hd_divisor = num(r, "hd_divisor");
    a.weight_st_per_hd2 = num(r, "weight_st_per_hd_squared");
    a.cost_per_hd = num(r, "cost_gp_per_hd");
    a.cost_per_ability = num(r, "cost_gp_per_net_special_ability");
    if (const auto* arr = r.array("piece_type", Need::required))
      for (const auto& n : *arr)
        if (const auto* row = n.as_table()) {
          TableReader e(doc, *row, d, "[[automaton.piece_type]]");
          const auto ty = parse_type(str(e, "type"));
          const int abilities = integer(e, "special_abilities");
          const double range = num(e, "range_ft_per_max_damage");
          e.note("aoe_shape");
          e.finish();
          if (ty) {
            a.type_abilities[static_cast<size_t>(*ty)] = abilities;
            a.range_ft_per_max_damage[static_cast<size_t>(*ty)] = range;
          }
        }
    a.lb_per_stone = num(r, "lb_per_stone");
    if (const auto* ex = r.table("example", Need::required)) {
      TableReader e(doc, *ex, d, "[automaton.example]");
      const double st = num(e, "weight_st");
      a.example_lb_per_stone = st > 0 ? num(e, "weight_lb_stated") / st : 0;
      for (const char* k : {"weight_st", "weight_lb_stated"}) e.note(k);  // read by the tests, refused to house rules
      for (const char* k :
           {"item", "damage_dice", "aoe_listed_ft", "rate_of_fire", "max_damage", "aoe_sq_ft", "targets",
            "max_damage_per_round", "hd", "piece_type", "max_range_ft", "net_special_abilities", "cost_gp",
            "historical_cost_gp", "historical_weight_lb", "historical_max_range_stated", "source"})
        e.note(k);  // the worked example's figures: notes of the book
      e.finish();
    }
    r.note("rounding");
    r.finish();
  }
  if (const auto* arr = top.array("price_example", Need::required))
    for (const auto& n : *arr)
      if (const auto* row = n.as_table()) cat.price_examples.push_back(read_price_example(doc, *row, d));
  top.finish();
  cat.sources.economies = "Guns of War, Gunpowder in an Age of Swords and Sorcery, p. 53-54";
}

// Every type keeps a book piece: a designed piece takes its AC, shp, unit size and battle rating
// from the nearest book piece of its type (docs/rules-notes.md, "AC and shp"), so house rules
// that remove every mortar (or gun, or cannon) of the book are refused, for every tool alike.
void check_every_type_kept(const input::Document& doc, const toml::array& rows, Diagnostics& d, const Catalogue& cat) {
  for (size_t ti = 0; ti < kTypeKeys.size(); ++ti) {
    const bool kept = std::any_of(cat.pieces.begin(), cat.pieces.end(),
                                  [ti](const BookPiece& p) { return static_cast<size_t>(p.type) == ti; });
    if (kept) continue;
    const std::string t = kTypeKeys[ti];
    std::string msg = "no book ";
    msg.append(t).append(" is left: a designed ").append(t);
    msg.append(" takes its AC, shp, unit size and battle rating from the nearest book ").append(t);
    msg.append(", so at least one must remain");
    d.error(doc.pos(rows), std::move(msg), doc.line(doc.pos(rows)));
  }
}

// The bombardment model's factor for one bracket and mode: the median, over the book's pieces
// that print a figure there, of shp per day / (shots per day x mean damage).
void fit_bombard_model(Catalogue& cat) {
  for (size_t b = 0; b < 3; ++b)
    for (size_t m = 0; m < 2; ++m) {
      std::vector<double> ratios;
      for (const auto& p : cat.pieces) {
        const auto v = p.bombard.get(static_cast<Bracket>(b), static_cast<FireMode>(m));
        if (v && p.shots_per_day > 0 && p.damage_dice > 0)
          ratios.push_back(*v / (p.shots_per_day * 5.5 * p.damage_dice));
      }
      if (ratios.empty()) continue;
      std::sort(ratios.begin(), ratios.end());
      const size_t n = ratios.size();
      cat.bombard_factor[b][m] = n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
    }
}

// Tables derived once from the book's for designed pieces (artillery.cpp uses them per piece).
void derive_design_tables(Catalogue& cat) {
  cat.carriage_from_era.fill(-1);
  for (size_t ti = 0; ti < 3; ++ti)
    for (size_t ci = 0; ci < 4; ++ci) {
      double heaviest = -1;
      for (const auto& p : cat.pieces) {
        if (!p.carriage_era[ci]) continue;
        cat.carriage_from_era[ci] = static_cast<int>(*p.carriage_era[ci]);
        if (static_cast<size_t>(p.type) == ti) heaviest = std::max(heaviest, p.base_weight_lb);
      }
      cat.carriage_weight_limit[ti][ci] = heaviest;
      cat.carriage_rule_text[ti][ci] =
          heaviest < 0 ? "rule: no " + std::string(kTypeKeys[ti]) + " of the book may have it"
                       : "rule: base weight up to " + std::to_string(static_cast<long long>(heaviest)) + " lb for a " +
                             kTypeKeys[ti];
    }
  for (const auto& p : cat.pieces)
    if (p.type == Type::mortar) cat.stone_shot_prices.emplace_back(p.shot_lb, p.shot_cost_gp);
  std::sort(cat.stone_shot_prices.begin(), cat.stone_shot_prices.end());
  cat.workshop_rule_text = "price / " + std::to_string(static_cast<long long>(cat.economy.workshop_gp_per_day)) +
                           " gp per day of a gunsmith's workshop";
  cat.machinist_rule_text =
      "dwarven machinist: " + std::to_string(static_cast<long long>(cat.economy.machinist_base_days)) + " days + " +
      std::to_string(static_cast<long long>(cat.economy.machinist_days_per_1000gp)) + " day per 1,000 gp (rounded up)";
}

void read_meta(const input::Document& doc, const toml::table& meta, Diagnostics& d, Sources& s) {
  TableReader m(doc, meta, d, "[meta]");
  s.characteristics = str(m, "characteristics_source");
  s.price_list = str(m, "price_list_source");
  s.mobility = str(m, "mobility_source");
  s.horses = str(m, "horses_source");
  s.bombardment = str(m, "bombardment_source");
  s.battle_rating = str(m, "battle_rating_source");
  s.bonus_units = str(m, "bonus_units_source");
  s.battlefield_units = str(m, "battlefield_units_source");
  m.note("battlefield_movement_source");
  m.note("piece_order");
  m.finish();
}

// One parse of artillery.toml (and of gunpowder_economies.toml) into every table of the module.
Expected<Tables> build(const data::Tables& data_tables) {
  Tables tables;
  Catalogue& cat = tables.catalogue;
  Diagnostics d;
  auto doc = data::load(data_tables, "artillery.toml");
  if (!doc) return doc.error();
  {
    TableReader top(*doc, doc->root, d, "artillery.toml");
    if (const auto* meta = top.table("meta", Need::required)) read_meta(*doc, *meta, d, cat.sources);
    if (const auto* a = top.array("piece", Need::required)) {
      for (const auto& n : *a)
        if (const auto* t = n.as_table()) read_piece(*doc, *t, d, cat);
      check_every_type_kept(*doc, *a, d, cat);
    }
    if (const auto* a = top.array("carriage", Need::required))
      for (const auto& n : *a)
        if (const auto* t = n.as_table()) read_carriage(*doc, *t, d, cat);
    if (const auto* t = top.table("rules", Need::required)) read_rules(*doc, *t, d, tables);
    top.finish();
  }
  auto eco = data::load(data_tables, "gunpowder_economies.toml");
  if (!eco) return eco.error();
  read_economies(*eco, d, cat);
  if (!d.empty()) return data::as_internal(data_tables, d);
  note_house_rules(data_tables, *doc, cat);
  fit_bombard_model(cat);
  derive_design_tables(cat);
  return tables;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<Tables> kArtillerySection{"artillery", &build};

// A part of the module's tables in `tables`, or the load's errors.
template <class T>
Expected<const T*> part(const data::Tables& tables, T Tables::*member) {
  const auto& t = kArtillerySection.get(tables);
  if (!t) return t.error();
  return &((*t).*member);
}

}  // namespace

Expected<const Catalogue*> load_catalogue(const data::Tables& tables) { return part(tables, &Tables::catalogue); }

std::vector<std::string> book_shot_weights(const data::Tables& tables) {
  std::vector<double> lb;
  if (auto cat = load_catalogue(tables))
    for (const auto& p : (*cat)->pieces) lb.push_back(p.shot_lb);
  std::sort(lb.begin(), lb.end());
  lb.erase(std::unique(lb.begin(), lb.end()), lb.end());
  std::vector<std::string> out;
  out.reserve(lb.size());
  for (const double x : lb) out.push_back(fmtnum::trim(x, 2));
  return out;
}
Expected<const DuelRules*> load_duel_rules(const data::Tables& tables) { return part(tables, &Tables::duel); }
Expected<const AttackResults*> load_attack_results(const data::Tables& tables) {
  return part(tables, &Tables::attack_results);
}

}  // namespace gunpowder::artillery
