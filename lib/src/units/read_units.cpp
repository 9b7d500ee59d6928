// read_units.cpp - the user's [[unit]] tables read into units::Request (keys documented in
// docs/man/unit-br.1, INPUT), and rate()'s field errors placed at the unit's keys.
#include "gunpowder/units/read_units.hpp"

#include <array>
#include <cctype>
#include <set>
#include <string_view>

#include "gunpowder/input/reader.hpp"

namespace gunpowder::units {

namespace {

using input::Need;
using input::Range;

// Every key a [[unit]] table may hold (documented in docs/man/unit-br.1, INPUT).
const std::set<std::string_view> kUnitKeys = {"name",
                                              "troop",
                                              "race",
                                              "veteran",
                                              "troops",
                                              "ac",
                                              "mount_ac",
                                              "uhp",
                                              "morale",
                                              "move_ft",
                                              "foot_move_ft",
                                              "hd",
                                              "mounted",
                                              "shield",
                                              "firearm_experience",
                                              "apostles",
                                              "weapons",
                                              "firearms",
                                              "attack_throw",
                                              "dex_modifier",
                                              "encumbrance_stone",
                                              "average_damage",
                                              "formation",
                                              "movement",
                                              "rate_column",
                                              "misfire",
                                              "misfire_factor",
                                              "rate_denominator",
                                              "attacks_raw",
                                              "melee_attacks",
                                              "melee_attacks_raw",
                                              "melee_weapon",
                                              "charge_attacks",
                                              "max_charge_damage",
                                              "equipment_bonus",
                                              "missile_value",
                                              "melee_value",
                                              "combat_modifier",
                                              "morale_modifier",
                                              "speed_modifier",
                                              "formation_modifier",
                                              "wage_gp",
                                              "supply_gp_week",
                                              "specialist_gp_month",
                                              "daily_miles",
                                              "wage_source",
                                              "fm_pistol_column",
                                              "pistol_bonus",
                                              "reform_uhp_lost"};

// The keys a unit may be rated from alone (with the command line's readings).
bool identity_key(std::string_view key) {
  return key == "name" || key == "troop" || key == "race" || key == "troops" || key == "veteran";
}

// The keys of one [[unit]] table. Optional keys are only asked for when present (absent keys
// need no bookkeeping). The table's own keys are listed once, so that asking about the fifty
// possible keys costs a few comparisons each instead of a lookup in the table.
class UnitKeys {
 public:
  UnitKeys(input::TableReader& r, const toml::table& t) : reader(r) {
    for (const auto& [k, v] : t) {
      if (own_n_ == own_.size()) {
        own_n_ = own_.size() + 1;  // more keys than listed: ask the table
        break;
      }
      own_[own_n_++] = k.str();
    }
  }

  [[nodiscard]] bool has(std::string_view key) const {
    if (own_n_ > own_.size()) return reader.has(key);
    for (size_t i = 0; i < own_n_; ++i)
      if (own_[i] == key) return true;
    return false;
  }
  std::optional<double> num(const char* key, Range range) {
    return has(key) ? reader.number(key, Need::optional, range) : std::nullopt;
  }
  std::optional<int> integer(const char* key, Range range) {
    if (!has(key)) return std::nullopt;
    if (auto v = reader.integer(key, Need::optional, range)) return static_cast<int>(*v);
    return std::nullopt;
  }
  std::optional<std::string> text(const char* key, std::initializer_list<std::string_view> allowed = {}) {
    return has(key) ? reader.string(key, Need::optional, allowed) : std::nullopt;
  }
  std::optional<bool> flag(const char* key) { return has(key) ? reader.boolean(key, Need::optional) : std::nullopt; }

  input::TableReader& reader;

 private:
  std::array<std::string_view, 16> own_{};
  size_t own_n_ = 0;
};

// Which unit: name, troop type, race, veteran status and troops.
void read_identity(UnitKeys& k, Request& q) {
  q.name = k.text("name").value_or("");
  q.troop = k.text("troop");
  if (auto race = k.text("race")) q.race = *race;
  q.veteran = k.flag("veteran").value_or(false);
  q.troops = k.integer("troops", Range{1, kMaxTroops});
}

// The characteristics a unit table may give instead of the troop tables'.
void read_characteristics(UnitKeys& k, Request& q) {
  q.ac = k.integer("ac", Range{0, 30});
  q.mount_ac = k.integer("mount_ac", Range{0, 30});
  q.uhp = k.integer("uhp", Range{1, 100000});
  q.morale = k.integer("morale", Range{-6, 20});
  q.move_ft = k.integer("move_ft", Range{1, 10000});
  q.foot_move_ft = k.integer("foot_move_ft", Range{1, 10000});
  q.hd = k.text("hd");
  q.mounted = k.flag("mounted");
  q.shield = k.flag("shield");
  q.firearm_experience = k.flag("firearm_experience");
  q.apostles = k.flag("apostles");
}

// weapons = ["pole_arm", "shield"]: melee_weapon_keys().
void read_weapons(UnitKeys& k, Request& q) {
  if (!k.has("weapons")) return;
  const auto* a = k.reader.array("weapons", Need::optional);
  if (!a) return;
  const input::Document& doc = k.reader.doc();
  std::vector<std::string> w;
  for (const auto& e : *a) {
    const auto s = e.value<std::string>();
    bool ok = false;
    for (const auto& key : melee_weapon_keys()) ok = ok || (s && *s == key);
    if (!ok) {
      std::string list;
      for (const auto& key : melee_weapon_keys()) list += (list.empty() ? "" : ", ") + key;
      const SourcePos p = doc.pos(e);
      k.reader.diagnostics().error(
          p, "unknown weapon " + (s ? "\"" + *s + "\"" : input::type_name(e)) + " (allowed: " + list + ")",
          doc.line(p.line));
      continue;
    }
    w.push_back(*s);
  }
  q.weapons = std::move(w);
}

// firearms = [{mechanism, type, bore, count}, ...].
// The firearm types of the catalogue's data/firearms.toml (open data: house rules may add one).
std::vector<std::string> firearm_type_keys(const Catalogue& cat) {
  std::vector<std::string> out;
  out.reserve(cat.firearm_types.size());
  for (const auto& t : cat.firearm_types) out.push_back(t.key);
  return out;
}

void read_firearms(UnitKeys& k, const std::vector<std::string>& firearm_types, Request& q) {
  if (!k.has("firearms")) return;
  const auto* a = k.reader.array("firearms", Need::optional);
  if (!a) return;
  const input::Document& doc = k.reader.doc();
  Diagnostics& diags = k.reader.diagnostics();
  std::vector<Firearm> fs;
  for (const auto& e : *a) {
    const toml::table* ft = e.as_table();
    if (!ft) {
      const SourcePos p = doc.pos(e);
      diags.error(p, "each firearm must be a table {mechanism, type, bore, count}, got " + input::type_name(e),
                  doc.line(p.line));
      continue;
    }
    input::TableReader fr(doc, *ft, diags, "firearm");
    const auto mech = fr.string("mechanism", Need::required, firearms::mechanism_names());
    const auto type = fr.string("type", Need::required, firearm_types);
    const auto bore = fr.has("bore") ? fr.string("bore", Need::optional, firearms::bore_names()) : std::nullopt;
    const auto count = fr.has("count") ? fr.integer("count", Need::optional, Range{1, 6}) : std::nullopt;
    fr.finish();
    if (!mech || !type) continue;
    Firearm f;
    f.mechanism = *parse_mechanism(*mech);
    f.type = *type;
    f.rifled = bore && *bore == firearms::to_string(firearms::Bore::rifled);
    f.count = static_cast<int>(count.value_or(1));
    fs.push_back(f);
  }
  q.firearms = std::move(fs);
}

// movement = "2/3/4" or "-/1/2": march/hustle/charge in hexes, up to three digits each.
std::optional<Movement> parse_movement(const std::string& s) {
  const auto a = s.find('/');
  const auto b = a == std::string::npos ? a : s.find('/', a + 1);
  if (b == std::string::npos) return std::nullopt;
  auto part = [](const std::string& p, int& out) {
    if (p.empty() || p.size() > 3) return false;
    for (char c : p)
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = std::stoi(p);
    return true;
  };
  const std::string m = s.substr(0, a), h = s.substr(a + 1, b - a - 1), c = s.substr(b + 1);
  Movement out;
  int mv = 0;
  if (m == "-")
    out.march.reset();
  else if (part(m, mv))
    out.march = mv;
  else
    return std::nullopt;
  if (!part(h, out.hustle) || !part(c, out.charge)) return std::nullopt;
  return out;
}

void read_movement(UnitKeys& k, Request& q) {
  const auto text = k.text("movement");
  if (!text) return;
  q.movement = parse_movement(*text);
  if (!q.movement)
    k.reader.error_at("movement",
                      "movement \"" + *text + "\" must be march/hustle/charge in hexes, e.g. \"2/3/4\" or \"-/1/2\"");
}

// Attacks: attack throw, rate of fire and misfire, formation and movement, melee.
void read_attacks(UnitKeys& k, Request& q) {
  q.attack_throw = k.integer("attack_throw", Range{1, 30});
  q.dex_modifier = k.integer("dex_modifier", Range{-5, 5});
  q.encumbrance_stone = k.num("encumbrance_stone", input::non_negative(100));
  q.average_damage = k.num("average_damage", input::positive(100));
  if (auto f = k.text("formation", {"DF", "DM", "FF", "FLY", "FM", "IF", "IM", "LF", "LM", "MF", "UF"}))
    q.formation = parse_formation(*f);
  read_movement(k, q);
  q.rate_column = k.text("rate_column", {"drilled", "other"});
  if (auto m = k.text("misfire", {"examples", "text"})) q.misfire_reading = *m;
  q.misfire_factor = k.num("misfire_factor", input::positive(1));
  q.rate_denominator = k.integer("rate_denominator", Range{1, 100});
  q.attacks_raw = k.num("attacks_raw", input::non_negative(1000));
  q.melee_attacks = k.integer("melee_attacks", Range{0, 1000});
  q.melee_attacks_raw = k.num("melee_attacks_raw", input::non_negative(1000));
  q.melee_weapon = k.text("melee_weapon");
  q.charge_attacks = k.integer("charge_attacks", Range{0, 1000});
  q.max_charge_damage = k.num("max_charge_damage", input::non_negative(10000));
}

// The battle rating's and the campaign's figures given instead of derived, and the readings.
void read_overrides(UnitKeys& k, Request& q) {
  q.equipment_bonus = k.num("equipment_bonus", input::non_negative(100));
  q.missile_value = k.num("missile_value", input::non_negative(100000));
  q.melee_value = k.num("melee_value", input::non_negative(100000));
  q.combat_modifier = k.num("combat_modifier", input::non_negative(100000));
  q.morale_modifier = k.num("morale_modifier", input::non_negative(100));
  q.speed_modifier = k.num("speed_modifier", input::non_negative(100));
  q.formation_modifier = k.num("formation_modifier", input::non_negative(100));
  q.wage_gp = k.num("wage_gp", input::non_negative(1e6));
  q.supply_gp_week = k.num("supply_gp_week", input::non_negative(1e9));
  q.specialist_gp_month = k.num("specialist_gp_month", input::non_negative(1e9));
  q.daily_miles = k.num("daily_miles", input::non_negative(1000));
  if (auto w = k.text("wage_source", {"wage-table", "characteristics"})) q.wage_source = *w;
  if (auto c = k.text("fm_pistol_column", {"drilled", "other"})) q.fm_pistol_column = *c;
  if (auto p = k.text("pistol_bonus", {"rule", "rosters"})) q.pistol_bonus = *p;
}

// reform_uhp_lost = [3, 4]: Mounted Foot reformed after battle.
void read_reform(UnitKeys& k, Request& q) {
  if (!k.has("reform_uhp_lost")) return;
  const auto* a = k.reader.array("reform_uhp_lost", Need::optional);
  if (!a) return;
  std::array<int, 2> lost{};
  bool ok = a->size() == 2;
  for (size_t i = 0; ok && i < 2; ++i) {
    const auto v = (*a)[i].value<std::int64_t>();
    ok = v && *v >= 0 && *v <= 100000;
    if (ok) lost[i] = static_cast<int>(*v);
  }
  if (ok)
    q.reform_uhp_lost = lost;
  else
    k.reader.error_at("reform_uhp_lost",
                      "'reform_uhp_lost' must be two whole numbers of uhp, one per half, e.g. [3, 4]");
}

// One [[unit]] table into `u`; its errors go to `local`.
void read_unit(const input::Document& doc, const toml::table& t, const std::vector<std::string>& firearm_types,
               Diagnostics& local, UnitTable& u) {
  input::TableReader r(doc, t, local, "[[unit]]");
  UnitKeys k(r, t);
  Request& q = u.request;
  read_identity(k, q);
  read_characteristics(k, q);
  read_weapons(k, q);
  read_firearms(k, firearm_types, q);
  read_attacks(k, q);
  read_overrides(k, q);
  read_reform(k, q);
  // Only present keys were asked for; name every key of [[unit]] when one is unknown, so that
  // the message lists them all.
  bool unknown = false;
  u.identity_only = true;
  for (const auto& [key, v] : t) {
    unknown = unknown || !kUnitKeys.count(key.str());
    u.identity_only = u.identity_only && identity_key(key.str());
  }
  if (unknown)
    for (auto key : kUnitKeys) r.allow(key);
  r.finish();
}

}  // namespace

void read_units(const input::Document& doc, const Catalogue& cat, const Request& base, Diagnostics& diags,
                const std::function<Diagnostics(UnitTable&)>& on_unit) {
  input::check_top_level(doc, {"unit"}, diags);
  const std::vector<std::string> firearm_types = firearm_type_keys(cat);
  for (const toml::table* t : input::tables_of(doc, "unit", diags)) {
    // The unit's errors are gathered apart to know whether it read cleanly.
    Diagnostics local;
    UnitTable u{base, false};
    read_unit(doc, *t, firearm_types, local, u);
    const bool clean = local.empty();
    diags.append(local);
    if (clean) diags.append(input::place_fields(on_unit(u), doc, *t));
  }
}

}  // namespace gunpowder::units
