// unit_br.cpp - the model of the unit rules of seed 000: names of formations, mechanisms and
// firearms, hit dice, the catalogue lookups and indexes, and troops' equipment lists read. The
// rating itself is rate.cpp and the files of its sections (rating_steps.hpp).
#include <algorithm>
#include <cctype>
#include <cmath>

#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/units/unit_br.hpp"
#include "rating_steps.hpp"

namespace gunpowder::units {

using detail::contains;

// ---------------------------------------------------------------------------------------------
// Names

namespace {
const std::array<const char*, 11> kFormationCodes = {"DF", "DM", "FF", "FLY", "FM", "IF", "IM", "LF", "LM", "MF", "UF"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "Matchlock Musketeers", "matchlock_musketeers" -> "matchlock-musketeers".
std::string normalise(std::string_view s) {
  std::string out;
  for (char c : lower(s)) {
    if (c == ' ' || c == '_' || c == '-') {
      if (!out.empty() && out.back() != '-') out += '-';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

}  // namespace

std::string to_string(Formation f) { return kFormationCodes[static_cast<size_t>(f)]; }

std::optional<Formation> parse_formation(std::string_view s) {
  for (size_t i = 0; i < kFormationCodes.size(); ++i)
    if (s == kFormationCodes[i]) return static_cast<Formation>(i);
  return std::nullopt;
}

std::string formation_list() {
  std::string out;
  for (const char* c : kFormationCodes) out += (out.empty() ? "" : ", ") + std::string(c);
  return out;
}

std::string Firearm::name() const { return to_string(mechanism) + (rifled ? " rifled " : " ") + type; }

std::string Firearm::key() const { return (rifled ? "rifled_" : "") + type; }

const std::vector<std::string>& troop_category_names() {
  static const std::vector<std::string> names = {"foot", "mounted-foot", "horse"};
  return names;
}
const std::vector<std::string>& race_group_names() {
  static const std::vector<std::string> names = {"human", "demi-human", "beastman"};
  return names;
}
const std::vector<std::string>& roster_kind_names() {
  static const std::vector<std::string> names = {"campaign", "battle"};
  return names;
}
const std::vector<std::string>& roster_variant_names() {
  static const std::vector<std::string> names = {"dismounted", "mounted"};
  return names;
}

const std::vector<std::string>& move_weapon_keys() {
  static const std::vector<std::string> keys = {"bow",
                                                "crossbow",
                                                "darts",
                                                "javelins",
                                                "sling",
                                                "natural_weapons",
                                                "lance",
                                                "spear",
                                                "other_melee_weapon",
                                                "pole_arm",
                                                "spear_and_shield",
                                                "spear_without_shield",
                                                "two_handed_weapon",
                                                "dual_wielding_one_handed",
                                                "weapon_and_shield",
                                                "one_handed_weapon_without_shield"};
  return keys;
}

const std::vector<std::string>& melee_weapon_keys() {
  static const std::vector<std::string> keys = {"one_handed_weapon",
                                                "two_handed_weapon",
                                                "dual_wielding",
                                                "spear",
                                                "pole_arm",
                                                "lance",
                                                "shield",
                                                "bow",
                                                "crossbow",
                                                "darts",
                                                "javelins",
                                                "sling",
                                                "natural_weapons"};
  return keys;
}

// ---------------------------------------------------------------------------------------------
// Hit dice

std::optional<HitDice> parse_hit_dice(std::string_view s) {
  HitDice hd;
  hd.text = std::string(s);
  if (s == "1/2") {
    hd.value = 0.5;
    hd.dice = 0.5;
    hd.steps = 1;
    return hd;
  }
  size_t i = 0;
  auto digits = [&](int& out) {
    const size_t start = i;
    out = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && i - start < 3)
      out = out * 10 + (s[i++] - '0');
    return i > start && (i == s.size() || !std::isdigit(static_cast<unsigned char>(s[i])));
  };
  int n = 0;
  if (!digits(n) || n < 1 || n > 40) return std::nullopt;
  double value = n;
  if (i < s.size()) {
    const char sign = s[i++];
    int m = 0;
    if ((sign != '+' && sign != '-') || !digits(m) || m < 1 || m > 9 || i != s.size()) return std::nullopt;
    // D@W unit hit points count a "+" or "-" as a quarter hit die (the rosters: 1-1 -> 6 uhp,
    // 1+1 -> 10 uhp for 120 troops; docs/notes/unit-br-decisions.md).
    value += sign == '+' ? 0.25 : -0.25;
    hd.bonus = sign == '+' ? m : -m;
  }
  hd.dice = n;
  hd.value = value;
  hd.steps = rounding::saturated_int(std::ceil(value));
  return hd;
}

// ---------------------------------------------------------------------------------------------
// Catalogue lookups

const TroopType* Catalogue::troop_type(std::string_view key) const {
  return lookup::find(troop_types, [&](const auto& t) { return t.key == key; });
}

const Race* Catalogue::race(std::string_view key) const {
  return lookup::find(races, [&](const auto& r) { return r.key == key; });
}

const Troop* Catalogue::troop(std::string_view r, std::string_view type) const {
  std::string k(r);
  k += '|';
  k += type;
  const auto it = troop_index.find(k);
  return it == troop_index.end() ? nullptr : &troops[it->second];
}

namespace {
std::string roster_key(std::string_view r, std::string_view type, RosterKind which, bool veteran,
                       std::optional<RosterVariant> variant) {
  const std::string& w = roster_kind_names()[static_cast<size_t>(which)];
  const std::string v = variant ? roster_variant_names()[static_cast<size_t>(*variant)] : std::string();
  std::string k;
  k.reserve(r.size() + type.size() + w.size() + v.size() + 8);
  k.append(r).append("|").append(type).append("|").append(w).append(veteran ? "|v|" : "|-|").append(v);
  return k;
}
}  // namespace

const RosterRow* Catalogue::roster_row(std::string_view r, std::string_view type, RosterKind which, bool veteran,
                                       std::optional<RosterVariant> variant) const {
  const auto it = roster_index.find(roster_key(r, type, which, veteran, variant));
  return it == roster_index.end() ? nullptr : &roster[it->second];
}

const Race* Catalogue::human_race() const {
  for (const auto& r : races)
    if (r.group == RaceGroup::human) return &r;
  return nullptr;
}

const FormationRow& Catalogue::formation(Formation f) const {
  for (const auto& row : formations)
    if (row.code == f) return row;
  assert(!formations.empty());
  return formations.front();
}

const BrFactor* Catalogue::br_factor(const std::string& firearm_key) const {
  for (const auto& f : br_factors)
    if (contains(f.applies_to, firearm_key)) return &f;
  return nullptr;
}

const firearms::FirearmType* Catalogue::firearm_type(std::string_view key) const {
  for (const auto& t : firearm_types)
    if (t.key == key) return &t;
  return nullptr;
}

const firearms::FirearmType* Catalogue::firearm_type_in(std::string_view text) const {
  for (const auto& t : firearm_types)
    if (text.find(t.key) != std::string_view::npos) return &t;
  return nullptr;
}

bool Catalogue::is_pistol(const Firearm& f) const {
  const firearms::FirearmType* t = firearm_type(f.type);
  return t && t->pistol;
}

const RateRow* Catalogue::rate(Mechanism m, const std::string& firearm_key) const {
  for (const auto& r : rates)
    if (r.firearm == firearm_key && std::find(r.mechanisms.begin(), r.mechanisms.end(), m) != r.mechanisms.end())
      return &r;
  return nullptr;
}

std::optional<std::string> Catalogue::find_troop_type(std::string_view name) const {
  const auto it = troop_type_names.find(normalise(name));
  if (it == troop_type_names.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> Catalogue::find_race(std::string_view name) const {
  const auto it = race_names.find(normalise(name));
  if (it == race_names.end()) return std::nullopt;
  return it->second;
}

void prepare_catalogue(Catalogue& cat, std::vector<std::string>* unknown) {
  for (const auto& t : cat.troop_types) {
    cat.troop_type_names[t.key] = t.key;
    cat.troop_type_names[normalise(t.name)] = t.key;
    if (t.key.size() > 1 && t.key.back() == 's') cat.troop_type_names[t.key.substr(0, t.key.size() - 1)] = t.key;
    // Other names the book gives the type (the conscripts: "Untrained Conscripts/Militia", ...).
    for (const auto& alias : t.aliases) cat.troop_type_names[normalise(alias)] = t.key;
  }
  for (const auto& r : cat.races) {
    cat.race_names[r.key] = r.key;
    cat.race_names[r.key + "s"] = r.key;
    cat.race_names[normalise(r.table_label)] = r.key;
    cat.race_names[normalise(r.name)] = r.key;
    for (const auto& alias : r.aliases) cat.race_names[normalise(alias)] = r.key;
  }
  // The rosters name a race or a troop type by one of its names ("human", "conscripts-militia").
  for (auto& u : cat.roster) {
    if (auto k = cat.find_race(u.race)) u.race = *k;
    if (auto k = cat.find_troop_type(u.troop_type)) u.troop_type = *k;
  }
  for (size_t i = 0; i < cat.troops.size(); ++i) {
    auto& t = cat.troops[i];
    cat.troop_index[t.race + "|" + t.troop_type] = i;
    std::vector<std::string> missing;
    t.gear = read_equipment(cat, t.equipment, missing);
    if (unknown)
      for (const auto& m : missing)
        unknown->push_back(t.race + " " + t.troop_type +
                           " carries an item that is no [[equipment_item]] and no firearm: " + m);
  }
  for (size_t i = 0; i < cat.roster.size(); ++i) {
    const auto& u = cat.roster[i];
    cat.roster_index.emplace(roster_key(u.race, u.troop_type, u.roster, u.veteran, u.variant), i);
    // a row with a variant is also found without naming one
    if (u.variant) cat.roster_index.emplace(roster_key(u.race, u.troop_type, u.roster, u.veteran, std::nullopt), i);
  }
  // Rows in lookup order: "start at the top and work downward" (p. 43).
  for (MoveTable* t : {&cat.infantry, &cat.cavalry})
    std::stable_sort(t->rows.begin(), t->rows.end(),
                     [](const MoveRow& a, const MoveRow& b) { return a.order < b.order; });
  for (auto& u : cat.roster)
    for (const auto& s : u.melee_attacks) {
      if (s == "or") continue;
      if (s.rfind("Charge:", 0) == 0) {
        u.melee_charge = parse_clause(s.substr(7));
        continue;
      }
      auto c = parse_clause(s);
      if (!c) continue;
      if (const auto* t = cat.firearm_type_in(c->weapon); t && t->pistol)  // a pistol fired in melee (p. 35)
        u.melee_pistol = c;
      else if (!u.melee_weapon || c->attacks > u.melee_weapon->attacks)
        u.melee_weapon = c;
    }
}

std::string Catalogue::troop_type_list() const {
  std::string out;
  for (const auto& t : troop_types) out += (out.empty() ? "" : ", ") + t.key;
  return out;
}

std::string Catalogue::race_list() const {
  std::string out;
  for (const auto& r : races) out += (out.empty() ? "" : ", ") + r.key;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Equipment lists

Equipment read_equipment(const Catalogue& cat, const std::vector<std::string>& items,
                         std::vector<std::string>& unknown) {
  Equipment e;
  for (const auto& raw : items) {
    std::string s = lower(raw);
    int count = 1;
    if (!s.empty() && std::isdigit(static_cast<unsigned char>(s[0]))) {
      count = s[0] - '0';
      s = s.substr(s.find(' ') + 1);
    }
    bool firearm = false;
    for (const auto& name : firearms::mechanism_names())
      for (const auto& t : cat.firearm_types)
        if (s.rfind(name, 0) == 0 && s.find(t.key) != std::string::npos) {
          Firearm f;
          f.mechanism = *parse_mechanism(name);
          f.type = t.key;
          f.rifled = s.find("rifled") != std::string::npos;
          f.count = count;
          e.firearms.push_back(f);
          firearm = true;
        }
    if (firearm) continue;
    // Any other item is one of [[equipment_item]]: a weapon of the movement tables, a shield, a
    // mount not trained for war, or none of these (armour and war mounts choose no row).
    const EquipmentItem* item = lookup::find(cat.equipment_items, [&](const auto& i) { return i.name == s; });
    if (!item) {
      unknown.push_back(s);
      continue;
    }
    if (item->riding_horse) e.riding_horse = true;
    if (item->weapon == MeleeWeapon::shield)
      e.shield = true;
    else if (item->weapon && !contains(e.weapons, *item->weapon))
      e.weapons.push_back(*item->weapon);
  }
  return e;
}

}  // namespace gunpowder::units
