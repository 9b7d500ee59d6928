// unit_br.cpp - the unit rules of seed 000: formation and movement (p. 43), firearm attacks and
// reload tokens (p. 44, 31, 35), battle rating (p. 44-45), Mounted Foot (p. 31, 44), campaign
// cost and movement (rules-gaps.md §2), and the catalogue lookups.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/units/unit_br.hpp"

namespace gunpowder::units {

using fmtnum::trim;

// ---------------------------------------------------------------------------------------------
// Names

namespace {
const std::array<const char*, 3> kTypeKeys = {"pistol", "arquebus", "musket"};
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

bool contains(const std::vector<Formation>& v, Formation f) { return std::find(v.begin(), v.end(), f) != v.end(); }
bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

Diagnostics field_error(const std::string& field, const std::string& message) {
  Diagnostics d;
  d.error(SourcePos{field}, message);
  return d;
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

std::string to_string(Mechanism m) {
  switch (m) {
    case Mechanism::matchlock: return "matchlock";
    case Mechanism::wheellock: return "wheellock";
    case Mechanism::flintlock: return "flintlock";
  }
  return "";
}

std::string to_string(FirearmType t) {
  switch (t) {
    case FirearmType::pistol: return "pistol";
    case FirearmType::arquebus: return "arquebus";
    case FirearmType::musket: return "musket";
  }
  return "";
}

std::optional<Mechanism> parse_mechanism(std::string_view s) {
  for (auto m : {Mechanism::matchlock, Mechanism::wheellock, Mechanism::flintlock})
    if (s == to_string(m)) return m;
  return std::nullopt;
}

std::optional<FirearmType> parse_firearm_type(std::string_view s) {
  for (auto t : {FirearmType::pistol, FirearmType::arquebus, FirearmType::musket})
    if (s == to_string(t)) return t;
  return std::nullopt;
}

std::string Firearm::name() const {
  return to_string(mechanism) + (rifled ? " rifled " : " ") + to_string(type);
}

std::string Firearm::key() const { return (rifled ? "rifled_" : "") + to_string(type); }

const std::vector<std::string>& melee_weapon_keys() {
  static const std::vector<std::string> keys = {"one_handed_weapon", "two_handed_weapon", "dual_wielding", "spear",
                                                "pole_arm",          "lance",             "shield",        "bow",
                                                "crossbow",          "darts",             "javelins",      "sling",
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
    hd.steps = 1;
    return hd;
  }
  size_t i = 0;
  auto digits = [&](int& out) {
    const size_t start = i;
    out = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && i - start < 3) out = out * 10 + (s[i++] - '0');
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
  }
  hd.value = value;
  hd.steps = static_cast<int>(std::ceil(value));
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
std::string roster_key(std::string_view r, std::string_view type, std::string_view which, bool veteran,
                       std::string_view variant) {
  std::string k;
  k.reserve(r.size() + type.size() + which.size() + variant.size() + 8);
  k.append(r).append("|").append(type).append("|").append(which).append(veteran ? "|v|" : "|-|").append(variant);
  return k;
}
}  // namespace

const RosterRow* Catalogue::roster_row(std::string_view r, std::string_view type, std::string_view which, bool veteran,
                                       std::string_view variant) const {
  const auto it = roster_index.find(roster_key(r, type, which, veteran, variant));
  return it == roster_index.end() ? nullptr : &roster[it->second];
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

const RateRow* Catalogue::rate(Mechanism m, const std::string& firearm_key) const {
  for (const auto& r : rates)
    if (r.firearm == firearm_key && std::find(r.mechanisms.begin(), r.mechanisms.end(), m) != r.mechanisms.end()) return &r;
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

void prepare_catalogue(Catalogue& cat) {
  for (const auto& t : cat.troop_types) {
    cat.troop_type_names[t.key] = t.key;
    cat.troop_type_names[normalise(t.name)] = t.key;
    if (t.key.size() > 1 && t.key.back() == 's') cat.troop_type_names[t.key.substr(0, t.key.size() - 1)] = t.key;
  }
  // The conscripts go by several names in the seed ("Undrilled Conscripts/Militia", "Untrained
  // Conscripts/Militia", "Conscripts/Militia").
  for (const char* alias : {"conscripts", "militia", "conscripts-militia", "conscripts/militia", "untrained-conscripts",
                            "untrained-conscripts/militia", "undrilled-conscripts/militia"})
    cat.troop_type_names[alias] = "undrilled-conscripts";
  for (const auto& r : cat.races) {
    cat.race_names[r.key] = r.key;
    cat.race_names[r.key + "s"] = r.key;
    cat.race_names[normalise(r.table_label)] = r.key;
    cat.race_names[normalise(r.name)] = r.key;
  }
  for (const char* alias : {"human", "humans", "men"}) cat.race_names[alias] = "man";
  for (size_t i = 0; i < cat.troops.size(); ++i) {
    auto& t = cat.troops[i];
    cat.troop_index[t.race + "|" + t.troop_type] = i;
    t.gear = read_equipment(t.equipment);
  }
  for (size_t i = 0; i < cat.roster.size(); ++i) {
    const auto& u = cat.roster[i];
    cat.roster_index.emplace(roster_key(u.race, u.troop_type, u.roster, u.veteran, u.variant), i);
    // a row without a variant is also found without naming one
    if (!u.variant.empty()) cat.roster_index.emplace(roster_key(u.race, u.troop_type, u.roster, u.veteran, ""), i);
  }
  // Rows in lookup order: "start at the top and work downward" (p. 43).
  for (MoveTable* t : {&cat.infantry, &cat.cavalry})
    std::stable_sort(t->rows.begin(), t->rows.end(), [](const MoveRow& a, const MoveRow& b) { return a.order < b.order; });
  for (auto& u : cat.roster)
    for (const auto& s : u.melee_attacks) {
      if (s == "or") continue;
      if (s.rfind("Charge:", 0) == 0) {
        u.melee_charge = parse_clause(s.substr(7));
        continue;
      }
      auto c = parse_clause(s);
      if (!c) continue;
      if (c->weapon.find("pistol") != std::string::npos) u.melee_pistol = c;
      else if (!u.melee_weapon || c->attacks > u.melee_weapon->attacks) u.melee_weapon = c;
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
// Stand-alone rules

// Rate of Fire (p. 44): "For each round by which reload time varies from this default, adjust
// the listed rate of fire by 1." The DF/DM column assumes apostles; DEX and encumbrance change
// the reload time (firearms.toml [rules.reload]).
int adjusted_rate_denominator(const Catalogue& cat, int table_denominator, bool drilled_column, bool apostles,
                              int dex_modifier, double encumbrance_stone) {
  const auto& f = cat.firearms;
  int rounds = 0;
  if (drilled_column && !apostles) rounds += f.apostles_reduction_rounds;
  rounds += f.dex_modifier_sign * dex_modifier;
  int enc = 0;
  for (size_t i = 0; i < f.encumbrance_thresholds_stone.size(); ++i)
    if (encumbrance_stone > f.encumbrance_thresholds_stone[i]) enc = f.encumbrance_increase_rounds[i];
  rounds += enc;
  return std::max(1, table_denominator + rounds * cat.reload.reload_adjustment_per_round);
}

// Raw number of attacks (p. 44): (creatures / 20) x (average damage / 4.5) x rate x misfire.
double raw_firearm_attacks(const Catalogue& cat, double troops, double average_damage, int rate_denominator,
                           double misfire) {
  return (troops / cat.attack.troops_divisor) * (average_damage / cat.attack.average_damage_divisor) *
         (1.0 / rate_denominator) * misfire;
}

// Firearm Number of Attacks and Reload Tokens (p. 44): the raw value at the table's precision.
const Band& attacks_band(const Catalogue& cat, double raw) {
  const double scale = std::pow(10.0, cat.attack.comparison_precision);
  const double r = rounding::half_up(raw * scale) / scale;
  for (const auto& b : cat.attack.bands)
    if ((!b.raw_min || r >= *b.raw_min - 1e-9) && (!b.raw_max || r <= *b.raw_max + 1e-9)) return b;
  return cat.attack.bands.back();
}

// Misfire factor (p. 44 and unit_rules.md C1).
double misfire_factor(const Catalogue& cat, Mechanism m, const std::string& reading) {
  const bool text = (reading.empty() ? cat.attack.default_reading : reading) == "text";
  if (m == Mechanism::flintlock) return text ? cat.attack.flintlock_text : cat.attack.flintlock_examples;
  return text ? cat.attack.other_text : cat.attack.other_examples;
}

// "Round totals below 1 to the nearest 0.25 and totals of 1 or higher to the nearest 0.5" (p. 45).
double round_battle_rating(const Catalogue& cat, double br) {
  const auto& b = cat.br;
  return br < b.rounding_threshold ? rounding::nearest(br, b.rounding_step_low) : rounding::nearest(br, b.rounding_step_high);
}

// Mounted Foot, Variable Deployment (p. 31): "reduce its total uhp by the percentage of uhp lost
// combined across the two IM units. Round fractions to the nearest whole number, rounding 0.5 up
// if odd and down if even." Done in integers so that the tie is exact.
Expected<Reform> reform_mounted_foot(int unit_uhp, std::array<int, 2> half_uhp, std::array<int, 2> half_uhp_lost) {
  if (unit_uhp <= 0) return Expected<Reform>::failure("the unit's uhp must be positive");
  for (size_t i = 0; i < 2; ++i) {
    if (half_uhp[i] <= 0) return Expected<Reform>::failure("each half's uhp must be positive");
    if (half_uhp_lost[i] < 0 || half_uhp_lost[i] > half_uhp[i])
      return Expected<Reform>::failure("uhp lost by a half must be between 0 and its " + std::to_string(half_uhp[i]) +
                                       " uhp, got " + std::to_string(half_uhp_lost[i]));
  }
  Reform r;
  r.lost_numerator = half_uhp_lost[0] + half_uhp_lost[1];
  r.lost_denominator = half_uhp[0] + half_uhp[1];
  const long long num = static_cast<long long>(r.lost_numerator) * unit_uhp;
  const long long den = r.lost_denominator;
  r.uhp_lost_unrounded = static_cast<double>(num) / static_cast<double>(den);
  long long q = num / den;
  const long long rem = num % den;
  if (2 * rem > den || (2 * rem == den && q % 2 == 1)) ++q;  // nearest; a half goes to the even number
  r.uhp_lost = static_cast<int>(q);
  r.uhp_remaining = unit_uhp - r.uhp_lost;
  return r;
}

// Reload Tokens (p. 35), Drilled Mounted reload (p. 31), Pistol Caracoles (p. 35).
TokenTrack track_reload_tokens(const Catalogue& cat, Formation f, int tokens_per_attack, bool caracole,
                               const std::vector<RoundAction>& rounds) {
  const auto& rl = cat.reload;
  TokenTrack t;
  int tokens = 0;
  bool fired_pistols = false;
  for (auto a : rounds) {
    // Movement sequence: a token comes off when the unit stood still, or marched if its
    // formation may reload on the march. A unit that fires stands still first.
    const bool remove = a != RoundAction::march || contains(rl.marching_reload_formations, f);
    if (remove) tokens = std::max(0, tokens - rl.tokens_removed_per_movement_sequence);
    const bool can_fire = rl.may_fire_with_tokens || tokens == 0;
    t.can_fire_in_round.push_back(can_fire);
    if (a == RoundAction::fire && can_fire) {
      tokens = caracole && !fired_pistols ? rl.caracole_first_attack_tokens : tokens_per_attack;
      fired_pistols = true;
    }
    t.tokens_after_round.push_back(tokens);
  }
  return t;
}

// Pistol Charges (p. 35-36): the bonus attack with two or more pistols, never with a lance or a
// shield; armour ignored within the firearm's armour-penetrating range.
PistolCharge pistol_charge(const Catalogue& cat, int attacks, int pistols, bool lance_or_shield, int attack_throw,
                           int charge_bonus, int range_hexes, bool target_mounted, int reload_tokens) {
  PistolCharge p;
  p.attacks = attacks;
  if (pistols >= cat.reload.pistol_charge_min_pistols && !lance_or_shield) p.attacks += cat.reload.pistol_charge_bonus_attacks;
  for (const auto& r : cat.firearms.ranges)
    if (r.type == "pistol" && !r.rifled) {
      const int ap = target_mounted ? r.ap_vs_mounted : r.ap_vs_foot;
      p.armor_ignored = range_hexes <= ap ? cat.firearms.armor_ignored : 0;
    }
  p.target_value = attack_throw - charge_bonus;
  p.reload_tokens = reload_tokens;
  return p;
}

// ---------------------------------------------------------------------------------------------
// Rating a unit

Equipment read_equipment(const std::vector<std::string>& items) {
  Equipment e;
  for (const auto& raw : items) {
    std::string s = lower(raw);
    int count = 1;
    if (!s.empty() && std::isdigit(static_cast<unsigned char>(s[0]))) {
      count = s[0] - '0';
      s = s.substr(s.find(' ') + 1);
    }
    bool firearm = false;
    for (auto m : {Mechanism::matchlock, Mechanism::wheellock, Mechanism::flintlock})
      for (auto t : {FirearmType::pistol, FirearmType::arquebus, FirearmType::musket})
        if (s.rfind(to_string(m), 0) == 0 && s.find(to_string(t)) != std::string::npos) {
          Firearm f;
          f.mechanism = m;
          f.type = t;
          f.rifled = s.find("rifled") != std::string::npos;
          f.count = count;
          e.firearms.push_back(f);
          firearm = true;
        }
    if (firearm) continue;
    auto add = [&](const char* k) {
      if (!contains(e.weapons, k)) e.weapons.emplace_back(k);
    };
    if (s == "shield") e.shield = true;
    else if (s == "pole arm") add("pole_arm");
    else if (s == "two-handed sword") add("two_handed_weapon");
    else if (s == "lance") add("lance");
    else if (s == "spear") add("spear");
    else if (s == "sword" || s == "short sword" || s == "hand axe" || s == "dagger" || s == "dagger sword" || s == "mace")
      add("one_handed_weapon");
    else if (s.find("riding horse") != std::string::npos) e.riding_horse = true;
    // armour, mounts and accessories do not choose a movement row
  }
  return e;
}

namespace {

// The weapon keys of the movement tables' rows that a unit carrying `e` matches (p. 43).
std::vector<std::string_view> row_keys(const Equipment& e, bool cavalry) {
  std::vector<std::string_view> k;
  k.reserve(8);
  for (const auto& f : e.firearms) {
    // Muskets are not in the cavalry table (unit_rules.md U9): a mounted musket uses the
    // arquebus row, the nearest long firearm (decision).
    if (cavalry && f.type == FirearmType::musket) k.emplace_back("arquebus");
    else k.emplace_back(kTypeKeys[static_cast<size_t>(f.type)]);
  }
  auto has = [&](const char* w) { return contains(e.weapons, w); };
  for (const char* m : {"bow", "crossbow", "darts", "javelins", "sling", "natural_weapons"})
    if (has(m)) k.emplace_back(m);
  if (cavalry) {
    if (has("lance")) k.emplace_back("lance");
    if (has("spear")) k.emplace_back("spear");
    if (has("one_handed_weapon") || has("two_handed_weapon") || has("dual_wielding") || has("pole_arm"))
      k.emplace_back("other_melee_weapon");
  } else {
    if (has("pole_arm")) k.emplace_back("pole_arm");
    if (has("spear") || has("lance")) k.emplace_back(e.shield ? "spear_and_shield" : "spear_without_shield");
    if (has("two_handed_weapon")) k.emplace_back("two_handed_weapon");
    if (has("dual_wielding")) k.emplace_back("dual_wielding_one_handed");
    if (has("one_handed_weapon")) k.emplace_back(e.shield ? "weapon_and_shield" : "one_handed_weapon_without_shield");
  }
  if (k.empty()) k.emplace_back("natural_weapons");
  return k;
}

struct Cell {
  const MoveRow* row = nullptr;
  const MoveCell* cell = nullptr;
};

// "Start at the top and work downward, stopping when a weapon carried by the unit is reached"
// (p. 43); the column is the largest printed encounter movement not above the unit's.
Expected<Cell> movement_cell(const MoveTable& t, int move_ft, const std::vector<std::string_view>& keys, bool cavalry) {
  if (t.columns_ft.empty() || move_ft < t.columns_ft.front())
    return field_error("move_ft", "encounter movement " + std::to_string(move_ft) + "' is below the " +
                                      std::string(cavalry ? "cavalry" : "infantry") + " table's slowest column (" +
                                      std::to_string(t.columns_ft.empty() ? 0 : t.columns_ft.front()) + "')");
  size_t col = 0;
  for (size_t i = 0; i < t.columns_ft.size(); ++i)
    if (t.columns_ft[i] <= move_ft) col = i;
  for (const MoveRow& r : t.rows)
    for (const auto k : keys)
      if (std::find(r.weapon_keys.begin(), r.weapon_keys.end(), k) != r.weapon_keys.end()) return Cell{&r, &r.cells[col]};
  return Cell{&t.rows.back(), &t.rows.back().cells[col]};
}

std::string movement_text(std::optional<int> march, int hustle, int charge) {
  return (march ? std::to_string(*march) : std::string("-")) + "/" + std::to_string(hustle) + "/" + std::to_string(charge);
}

// "2/3/4" or "-/1/2".
bool parse_movement(const std::string& s, std::optional<int>& march, int& hustle, int& charge) {
  const auto a = s.find('/');
  const auto b = a == std::string::npos ? a : s.find('/', a + 1);
  if (b == std::string::npos) return false;
  auto part = [](const std::string& p, int& out) {
    if (p.empty() || p.size() > 3) return false;
    for (char c : p)
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = std::stoi(p);
    return true;
  };
  const std::string m = s.substr(0, a), h = s.substr(a + 1, b - a - 1), c = s.substr(b + 1);
  int mv = 0;
  if (m == "-") march.reset();
  else if (part(m, mv)) march = mv;
  else return false;
  return part(h, hustle) && part(c, charge);
}

std::string attack_line(int attacks, std::optional<int> bonus, const std::string& weapon, int throw_value, int tokens,
                        bool caracole) {
  std::string s = std::to_string(attacks);
  if (bonus) s += " (" + std::to_string(*bonus) + ")";
  s += " " + weapon + " " + std::to_string(throw_value) + "+ (reload " + std::to_string(tokens);
  if (caracole) s += " or 0";
  return s + ")";
}

// Unit AC of horse: the riders' and the mounts' AC averaged, halves up (decision: reproduces
// every human and hobgoblin horse roster AC, e.g. cuirassiers 6/2 -> 4, gendarmes 9 (7)/6 -> 8 (7)).
int horse_unit_ac(int rider, int mount) { return static_cast<int>(rounding::half_up((rider + mount) / 2.0)); }

// The missile part of a troop table's damage cell: "BW-1" -> -1, "BW/BW+1" -> 0.
int missile_damage_bonus(const std::string& damage) {
  const std::string first = damage.substr(0, damage.find('/'));
  if (first.rfind("BW", 0) != 0 || first.size() < 4) return 0;
  const int v = first[3] - '0';
  if (v < 0 || v > 9) return 0;
  return first[2] == '-' ? -v : (first[2] == '+' ? v : 0);
}

}  // namespace

Expected<Rating> rate(const Catalogue& cat, const Request& req) {
  Rating out;
  auto& ex = out.explain;
  const bool explain = req.explain;
  auto note = [&](std::string s) {
    if (explain) ex.push_back(std::move(s));
  };
  auto overridden = [&](const char* key, bool given) {
    if (given) out.overridden.emplace_back(key);
    return given;
  };

  // Race and troop type.
  const auto race_key = cat.find_race(req.race);
  if (!race_key) return field_error("race", "unknown race \"" + req.race + "\" (allowed: " + cat.race_list() + ")");
  const Race& race = *cat.race(*race_key);
  out.race = race.key;
  const TroopType* tt = nullptr;
  const Troop* tr = nullptr;
  if (req.troop) {
    const auto key = cat.find_troop_type(*req.troop);
    if (!key)
      return field_error("troop", "unknown troop type \"" + *req.troop + "\" (allowed: " + cat.troop_type_list() + ")");
    tt = cat.troop_type(*key);
    if (!contains(race.troop_types, *key)) {
      std::string allowed;
      for (const auto& k : race.troop_types) allowed += (allowed.empty() ? "" : ", ") + k;
      return field_error("troop", "the troop tables give no " + race.key + " " + *key + " (" + race.key +
                                      " troop types: " + allowed + ")");
    }
    tr = cat.troop(race.key, *key);
    out.troop = *key;
  }
  if (req.veteran && !race.veteran_hd)
    return field_error("veteran", "the seed defines veterans for human troops only (race man), not for " + race.key);
  out.veteran = req.veteran;
  const bool mounted_foot = (tt && tt->category == "mounted-foot") || req.formation == Formation::MF;
  const RosterRow* battle = nullptr;
  const RosterRow* campaign = nullptr;
  if (tt) {
    battle = cat.roster_row(race.key, tt->key, "battle", req.veteran, mounted_foot ? "dismounted" : "");
    campaign = cat.roster_row(race.key, tt->key, "campaign", false);
  }
  // A race without a characteristics line (dwarves, elves) takes its troops' equipment from the
  // human line of the same type and its AC, hit dice and movement from its battle roster.
  const Troop* equip_row = tr && tr->has_characteristics ? tr : (tt ? cat.troop("man", tt->key) : nullptr);

  // Troops.
  // The unit size of the rosters (0 for a custom unit): ogres, for instance, come in 60s.
  const int standard = campaign ? campaign->troops : (tt ? tt->unit_size : 0);
  if (!req.troops && standard == 0) return field_error("troops", "give the number of troops (a custom unit has no default)");
  out.troops = req.troops ? *req.troops : standard;
  if (out.troops < 1 || out.troops > kMaxTroops)
    return field_error("troops", "troops must be between 1 and " + std::to_string(kMaxTroops) + ", got " +
                                     std::to_string(out.troops));
  overridden("troops", req.troops && standard != 0 && *req.troops != standard);
  out.name = !req.name.empty() ? req.name
             : tt ? (req.veteran ? "Veteran " : "") + (race.key == "man" ? std::string() : race.name + " ") + tt->name
                  : std::string("Unit");
  out.mounted = overridden("mounted", req.mounted.has_value()) ? *req.mounted : (tt && tt->mounted);
  const bool horse = out.mounted && !mounted_foot;

  // Hit dice.
  std::string hd_text;
  if (overridden("hd", req.hd.has_value())) hd_text = *req.hd;
  else if (req.veteran) hd_text = *race.veteran_hd;
  else if (tr && tr->has_characteristics) hd_text = tr->hd;
  else if (battle) hd_text = battle->hd;
  else return field_error("hd", "give hd, the troops' hit dice (" + std::string(kHitDiceForms) + ")");
  const auto hd = parse_hit_dice(hd_text);
  if (!hd) return field_error("hd", "hit dice \"" + hd_text + "\" must be written " + kHitDiceForms);
  out.hd = *hd;

  // Armour class.
  std::optional<int> rider_ac, mount_ac, alt_ac;
  if (tr && tr->has_characteristics) {
    rider_ac = tr->ac;
    mount_ac = tr->mount_ac;
    alt_ac = tr->ac_alt;
  }
  if (overridden("ac", req.ac.has_value())) rider_ac = req.ac;
  if (overridden("mount_ac", req.mount_ac.has_value())) mount_ac = req.mount_ac;
  if (rider_ac) {
    if (out.mounted && mount_ac) {
      out.ac = horse_unit_ac(*rider_ac, *mount_ac);
      if (alt_ac) out.ac_alt = horse_unit_ac(*alt_ac, *mount_ac);
      if (explain) note("unit AC: riders " + std::to_string(*rider_ac) + " and mounts " + std::to_string(*mount_ac) +
           " averaged, halves up = " + std::to_string(out.ac));
    } else {
      out.ac = *rider_ac;
      out.ac_alt = alt_ac;
    }
  } else if (battle) {
    out.ac = battle->ac;
    out.ac_alt = battle->ac_alt;
    out.notes.push_back("AC, hit dice and movement from the battle roster (" + battle->source + ")");
  } else {
    return field_error("ac", "give ac, the troops' armour class");
  }

  // Morale.
  if (overridden("morale", req.morale.has_value())) {
    out.morale = *req.morale;
  } else if (tr && (tr->base_morale || tr->has_characteristics)) {
    out.morale = tr->base_morale.value_or(tr->ml) + (req.veteran ? race.veteran_morale_bonus.value_or(0) : 0);
  } else {
    return field_error("morale", "give morale, the unit's morale modifier");
  }
  if (out.morale + cat.br.morale_offset <= 0)
    return field_error("morale", "morale must be above " + trim(-cat.br.morale_offset) + ", got " + std::to_string(out.morale));

  // Unit hit points: troops x hit dice / 15, horse counting their mounts as much again
  // (decision from the rosters: 120 troops of 1-1 HD -> 6, 60 horse of 1-1 HD -> 6).
  const double uhp_troops = out.troops * (horse ? cat.campaign.cavalry_uhp_multiplier : 1);
  if (overridden("uhp", req.uhp.has_value())) {
    out.uhp = *req.uhp;
  } else {
    out.uhp = std::max(1, static_cast<int>(rounding::half_up(uhp_troops * out.hd.value * cat.campaign.uhp_per_hd_troop)));
    if (explain) note("uhp = " + std::to_string(out.troops) + " troops" + (horse ? " x " + std::to_string(cat.campaign.cavalry_uhp_multiplier) + " (riders and mounts)" : "") + " x " + trim(out.hd.value) +
         " HD / " + trim(1 / cat.campaign.uhp_per_hd_troop) + " = " + std::to_string(out.uhp));
  }

  // Encounter movement.
  if (overridden("move_ft", req.move_ft.has_value())) out.encounter_move_ft = *req.move_ft;
  else if (tr && tr->has_characteristics) out.encounter_move_ft = tr->move_ft;
  else if (campaign && cat.campaign.miles_per_day_per_ft > 0)
    out.encounter_move_ft = static_cast<int>(rounding::half_up(campaign->daily_move_miles / cat.campaign.miles_per_day_per_ft));
  else return field_error("move_ft", "give move_ft, the troops' encounter movement in feet");

  // Equipment.
  Equipment eq = equip_row ? equip_row->gear : Equipment{};
  if (overridden("firearms", req.firearms.has_value())) eq.firearms = *req.firearms;
  if (overridden("weapons", req.weapons.has_value())) {
    eq.weapons.clear();
    for (const auto& w : *req.weapons) {
      if (w == "shield") eq.shield = true;
      else eq.weapons.push_back(w);
    }
  }
  if (overridden("shield", req.shield.has_value())) eq.shield = *req.shield;
  for (const auto& f : eq.firearms) {
    if (f.type == FirearmType::musket && !race.can_fire_muskets)
      return field_error(req.firearms ? "firearms" : "troop", race.key + " troops cannot fire muskets (the beastman table's footnote)");
    if (!cat.rate(f.mechanism, f.key()) || !cat.br_factor(f.key()))
      return field_error("firearms", "no rate of fire for a " + f.name());
  }
  const bool has_firearms = !eq.firearms.empty();
  int pistols = 0, firearm_count = 0;
  for (const auto& f : eq.firearms) {
    firearm_count += f.count;
    if (f.type == FirearmType::pistol) pistols += f.count;
  }
  const bool lance_or_shield = eq.shield || contains(eq.weapons, "lance");

  // Formation and movement (p. 43).
  const bool beastman = race.group == "beastman" && race.key != "hobgoblin";
  const bool untrained = tt && tt->key == "undrilled-conscripts";
  const bool no_firearm_experience = req.firearm_experience && !*req.firearm_experience;
  bool undrilled_cap = false;
  auto lookup = [&](bool cavalry, int move_ft) -> Expected<Cell> {
    return movement_cell(cavalry ? cat.cavalry : cat.infantry, move_ft, row_keys(eq, cavalry), cavalry);
  };
  std::optional<Formation> forced;
  int foot_move = out.encounter_move_ft;
  if (mounted_foot) {
    // Mounted Foot fight as Drilled Foot at the race's foot speed (decision: the fastest foot
    // troop of the race; 120' for men).
    if (overridden("foot_move_ft", req.foot_move_ft.has_value())) {
      foot_move = *req.foot_move_ft;
    } else {
      foot_move = 0;
      for (const auto& t : cat.troops) {
        const TroopType* ty = cat.troop_type(t.troop_type);
        if (t.race == race.key && t.has_characteristics && ty && ty->category == "foot") foot_move = std::max(foot_move, t.move_ft);
      }
      if (foot_move == 0) foot_move = out.encounter_move_ft;
    }
  }
  auto cell_or = lookup(horse, mounted_foot ? foot_move : out.encounter_move_ft);
  if (!cell_or) return cell_or.error();
  const Cell cell = *cell_or;
  out.formation_choices = cell.cell->formations;
  if (!horse && (untrained || beastman || no_firearm_experience)) {
    // Irregular Foot / Undrilled Foot (p. 43).
    if (has_firearms) {
      forced = Formation::UF;
      undrilled_cap = true;
    } else if (!no_firearm_experience) {
      forced = Formation::IF;
    }
  }
  if (horse && (beastman || eq.riding_horse)) forced = Formation::IM;  // p. 43, Irregular Mounted
  if (mounted_foot) forced = Formation::MF;
  if (forced) out.formation_choices = {*forced};
  if (overridden("formation", req.formation.has_value())) {
    out.formation = *req.formation;
  } else if (forced) {
    out.formation = *forced;
  } else {
    // "Choose when the unit is created": a catalogue troop type takes the rosters' choice (its
    // own row, else the human row of the type); otherwise the first formation printed.
    out.formation = cell.cell->formations.front();
    if (cell.cell->choose_at_creation && tt) {
      const RosterRow* human = cat.roster_row("man", tt->key, "battle", false);
      for (const RosterRow* row : {human, battle})
        if (row && row->formation && contains(cell.cell->formations, *row->formation)) out.formation = *row->formation;
    }
  }
  out.march = cell.cell->march;
  out.hustle = cell.cell->hustle;
  out.charge = cell.cell->charge;
  if (undrilled_cap) {
    if (out.march) out.march = std::min(*out.march, cat.undrilled.max_march);
    out.hustle = std::min(out.hustle, cat.undrilled.max_hustle);
    out.charge = std::min(out.charge, cat.undrilled.max_charge);
  }
  if (overridden("movement", req.movement.has_value())) {
    if (!parse_movement(*req.movement, out.march, out.hustle, out.charge))
      return field_error("movement", "movement \"" + *req.movement + "\" must be march/hustle/charge in hexes, e.g. \"2/3/4\" or \"-/1/2\"");
  }
  out.movement = movement_text(out.march, out.hustle, out.charge);
  if (explain) note("movement: " + std::string(horse ? "cavalry" : "infantry") + " table, row \"" + cell.row->weapons + "\", " +
       std::to_string(mounted_foot ? foot_move : out.encounter_move_ft) + "' column: " + cell.cell->printed + " -> " +
       out.movement + " " + to_string(out.formation));
  // The formation the firearm rules see: Mounted Foot are rated as Drilled Foot (p. 44).
  const Formation acting = out.formation == Formation::MF ? Formation::DF : out.formation;

  // Attack throw: men below 1 HD are normal men (11+), veterans of 1 HD 10+ (firearms.toml);
  // every other troop by hit dice, one better per hit die above 1 (decision from the rosters:
  // kobolds to orcs 10+, hobgoblins, elves and gnolls 9+; the ACKS monster progression).
  if (overridden("attack_throw", req.attack_throw.has_value())) out.attack_throw = *req.attack_throw;
  else if (race.key == "man" && out.hd.value < 1) out.attack_throw = cat.firearms.normal_men_throw;
  else out.attack_throw = std::max(1, cat.firearms.veteran_throw - (out.hd.steps - 1));

  // Average damage of a firearm hit: the die's mean, +1 for veterans and for demi-humans
  // (decision: the rosters' demi-human lines need it), plus the troop table's damage modifier.
  double avg = cat.firearms.average_damage;
  if (overridden("average_damage", req.average_damage.has_value())) {
    avg = *req.average_damage;
  } else {
    const Race* man = cat.race("man");
    const int vet_bonus = man ? man->veteran_damage_bonus.value_or(0) : 0;
    if (req.veteran || race.group == "demi-human") avg += vet_bonus;
    if (tr && tr->has_characteristics) avg += missile_damage_bonus(tr->damage);
  }

  // Firearm attacks (p. 44).
  const std::string reading = req.misfire_reading.empty() ? cat.attack.default_reading : req.misfire_reading;
  auto firearm_attacks = [&](Formation f, double troops, bool primary_override) {
    std::vector<FirearmAttack> list;
    for (size_t i = 0; i < eq.firearms.size(); ++i) {
      const Firearm& fa = eq.firearms[i];
      FirearmAttack a;
      a.firearm = fa;
      const RateRow* rr = cat.rate(fa.mechanism, fa.key());
      bool drilled = f == Formation::DF || f == Formation::DM;
      // unit_rules.md C3: Formed Mounted pistols take the DF/DM column by default.
      if (f == Formation::FM && fa.type == FirearmType::pistol && req.fm_pistol_column == "drilled") drilled = true;
      if (req.rate_column) drilled = *req.rate_column == "drilled";
      a.rate_column = drilled ? "DF/DM" : "Other";
      a.table_denominator = drilled ? rr->df_dm : rr->other;
      a.rate_denominator = req.rate_denominator
                               ? *req.rate_denominator
                               : adjusted_rate_denominator(cat, a.table_denominator, drilled, req.apostles.value_or(true),
                                                           req.dex_modifier.value_or(0), req.encumbrance_stone.value_or(0));
      a.misfire = req.misfire_factor.value_or(misfire_factor(cat, fa.mechanism, reading));
      a.average_damage = avg;
      a.attacks_raw = raw_firearm_attacks(cat, troops, avg, a.rate_denominator, a.misfire);
      if (primary_override && i == 0 && req.attacks_raw) a.attacks_raw = *req.attacks_raw;
      const Band& b = attacks_band(cat, a.attacks_raw);
      a.attacks = b.attacks;
      a.reload_tokens = b.reload_tokens;
      a.caracole = fa.type == FirearmType::pistol && contains(cat.reload.caracole_formations, f) &&
                   fa.count >= cat.reload.caracole_min_pistols;
      a.line = attack_line(a.attacks, std::nullopt, fa.name(), out.attack_throw, a.reload_tokens, a.caracole);
      if (contains(cat.reload.volley_formations, f))
        a.volley_line = attack_line(a.attacks * cat.reload.volley_attacks_multiplier, std::nullopt, fa.name(),
                                    out.attack_throw, a.reload_tokens * cat.reload.volley_tokens_multiplier, false);
      if (fa.type == FirearmType::pistol && contains(cat.reload.pistol_melee_formations, f)) {
        const bool bonus = fa.count >= cat.reload.pistol_charge_min_pistols && (req.pistol_bonus == "rosters" || !lance_or_shield);
        a.melee_line = attack_line(a.attacks, bonus ? std::optional<int>(a.attacks + cat.reload.pistol_charge_bonus_attacks)
                                                    : std::nullopt,
                                   fa.name(), out.attack_throw, a.reload_tokens, false);
      }
      for (const auto& r : cat.firearms.ranges)
        if (r.type == to_string(fa.type) && r.rifled == fa.rifled) {
          a.ap_range_vs_foot = r.ap_vs_foot;
          a.max_range_vs_foot = r.max_vs_foot;
          a.ap_range_vs_mounted = r.ap_vs_mounted;
          a.max_range_vs_mounted = r.max_vs_mounted;
        }
      list.push_back(std::move(a));
    }
    return list;
  };
  overridden("rate_denominator", req.rate_denominator.has_value());
  overridden("misfire_factor", req.misfire_factor.has_value());
  overridden("attacks_raw", req.attacks_raw.has_value() && has_firearms);
  // The unit's own lines; Mounted Foot are given as 120 Drilled Foot for the BR (p. 44).
  const double br_troops = out.formation == Formation::MF ? cat.mounted_foot.br_treat_as_troops : out.troops;
  out.firearms = firearm_attacks(acting, br_troops, true);
  for (const auto& a : out.firearms) {
    out.missile_lines.push_back(a.line);
    if (explain) note(a.firearm.name() + ": (" + trim(br_troops) + " / " + trim(cat.attack.troops_divisor) + ") x (" + trim(a.average_damage, 2) +
         " / " + trim(cat.attack.average_damage_divisor) + ") x (1/" + std::to_string(a.rate_denominator) + ", " + a.rate_column +
         " column) x " + trim(a.misfire) + " misfire = " + trim(a.attacks_raw, 4) + " -> " + a.line);
  }
  if (mounted_foot) {
    Deployment df;
    df.formation = Formation::DF;
    df.troops = out.troops;
    df.uhp = out.uhp;
    df.movement = out.movement;
    df.firearms = firearm_attacks(Formation::DF, out.troops, false);
    out.as_drilled_foot = df;
    auto im_cell = movement_cell(cat.cavalry, out.encounter_move_ft, row_keys(eq, true), true);
    if (!im_cell) return im_cell.error();
    Deployment im;
    im.formation = Formation::IM;
    im.units = cat.mounted_foot.deploy_as_im_units;
    im.troops = static_cast<int>(rounding::half_up(out.troops * cat.mounted_foot.im_half_troops_fraction));
    im.uhp = out.uhp;  // each half carries the whole unit's uhp (example, p. 31)
    im.movement = movement_text(im_cell->cell->march, im_cell->cell->hustle, im_cell->cell->charge);
    im.firearms = firearm_attacks(Formation::IM, im.troops, false);
    out.as_irregular_mounted = im;
  }

  // Melee (not defined by the seed; see the decisions notes): the printed melee line of the
  // catalogue troop, or the nearest printed line of the same troop type, or the request's.
  const RosterRow* pm = battle;
  if (!pm && tt) {
    const RosterRow* best = nullptr;
    double best_d = 1e9;
    for (const auto& u : cat.roster) {
      if (u.roster != "battle" || u.troop_type != tt->key || u.veteran != req.veteran || u.variant == "mounted") continue;
      const auto h = parse_hit_dice(u.hd);
      if (!h) continue;
      const double dist = std::fabs(h->value - out.hd.value) - h->value * 1e-6;  // ties: the larger HD
      if (dist < best_d) {
        best_d = dist;
        best = &u;
      }
    }
    if (best) {
      pm = best;
      out.notes.push_back("melee attacks estimated from the nearest printed line of the type: " + best->name + " (" +
                          best->source + ")");
    }
  }
  std::string melee_weapon = req.melee_weapon.value_or(pm && pm->melee_weapon ? pm->melee_weapon->weapon : std::string());
  overridden("melee_weapon", req.melee_weapon.has_value());
  if (overridden("melee_attacks", req.melee_attacks.has_value())) out.melee_attacks = *req.melee_attacks;
  else if (pm && pm->melee_weapon) out.melee_attacks = pm->melee_weapon->attacks;
  else if (!eq.weapons.empty())
    return field_error("melee_attacks", "give melee_attacks: the seed has no rule for a unit's melee attacks");
  if (overridden("charge_attacks", req.charge_attacks.has_value())) out.charge_attacks = *req.charge_attacks;
  else if (pm && pm->melee_charge) out.charge_attacks = pm->melee_charge->attacks;
  if (out.melee_attacks > 0) {
    if (melee_weapon.empty()) melee_weapon = "melee weapon";
    out.melee_lines.push_back(std::to_string(out.melee_attacks) + " " + melee_weapon + " " + std::to_string(out.attack_throw) + "+");
  }
  for (const auto& a : out.firearms)
    if (a.melee_line) out.melee_lines.insert(out.melee_lines.begin(), *a.melee_line);
  if (out.charge_attacks > 0) {
    const std::string what = pm && pm->melee_charge ? pm->melee_charge->weapon : std::string("hooves");
    const int thr = pm && pm->melee_charge ? pm->melee_charge->throw_value : out.attack_throw;
    out.melee_lines.push_back("Charge: " + std::to_string(out.charge_attacks) + " " + what + " " + std::to_string(thr) + "+");
  }

  // Battle rating (p. 44-45).
  const auto& b = cat.br;
  std::optional<size_t> primary;
  double best_mod = -1;
  for (size_t i = 0; i < out.firearms.size(); ++i) {
    const BrFactor* f = cat.br_factor(out.firearms[i].firearm.key());
    if (f->firearm_modifier > best_mod) {
      best_mod = f->firearm_modifier;
      primary = i;
    }
  }
  out.primary = primary;
  out.equipment_bonus = overridden("equipment_bonus", req.equipment_bonus.has_value())
                            ? *req.equipment_bonus
                            : b.equipment_bonus_per_extra_firearm * std::max(0, firearm_count - 1);
  if (overridden("missile_value", req.missile_value.has_value())) {
    out.missile_value = *req.missile_value;
  } else if (primary) {
    const auto& a = out.firearms[*primary];
    const BrFactor* f = cat.br_factor(a.firearm.key());
    const double walk = out.march.value_or(0);
    const bool full = contains(b.full_walk_formations, acting);
    const double walk_term = full ? walk : walk / b.other_walk_divisor;
    out.missile_value = (a.attacks_raw + out.equipment_bonus) * (walk_term + f->missile_range) * f->firearm_modifier /
                        b.missile_value_divisor;
    if (explain) note("missile value = (" + trim(a.attacks_raw, 4) + " + " + trim(out.equipment_bonus) + ") x (" + trim(walk) +
         (full ? "" : " / " + trim(b.other_walk_divisor)) + " + " + std::to_string(f->missile_range) + ") x " +
         trim(f->firearm_modifier, 3) + " / " + trim(b.missile_value_divisor) + " = " + trim(out.missile_value, 4));
  }
  out.melee_attacks_raw = overridden("melee_attacks_raw", req.melee_attacks_raw.has_value()) ? *req.melee_attacks_raw
                                                                                              : out.melee_attacks;
  out.max_charge_damage = overridden("max_charge_damage", req.max_charge_damage.has_value())
                              ? *req.max_charge_damage
                              : out.melee_attacks + out.charge_attacks;
  if (overridden("melee_value", req.melee_value.has_value())) {
    out.melee_value = *req.melee_value;
  } else {
    // "the unit's unrounded number of attacks divided by its rounded number of attacks times the
    // maximum damage the unit can deal in a charge" (p. 45).
    const double ratio = out.melee_attacks > 0 ? out.melee_attacks_raw / out.melee_attacks : 1.0;
    out.melee_value = ratio * out.max_charge_damage;
    if (explain) note("melee value = (" + trim(out.melee_attacks_raw, 4) + " / " + std::to_string(out.melee_attacks) + ") x " +
         trim(out.max_charge_damage, 4) + " = " + trim(out.melee_value, 4));
    if (pistols >= cat.reload.pistol_charge_min_pistols && contains(b.pistol_pair_min_melee_formations, out.formation)) {
      const double floor_value = b.pistol_pair_min_melee_base + out.charge_attacks;
      if (floor_value > out.melee_value) {
        out.melee_value = floor_value;
        if (explain) note("melee value raised to the pistol-pair minimum " + trim(b.pistol_pair_min_melee_base) + " + " +
             std::to_string(out.charge_attacks) + " = " + trim(floor_value));
      }
    }
  }
  if (overridden("combat_modifier", req.combat_modifier.has_value())) {
    out.combat_modifier = *req.combat_modifier;
  } else if (out.melee_value >= out.missile_value) {
    out.combat_modifier = out.melee_value + b.melee_dominant_missile_weight * out.missile_value;
  } else {
    out.combat_modifier = out.missile_value + b.missile_dominant_melee_weight * out.melee_value;
  }
  out.uhp_factor = out.uhp / b.uhp_divisor;
  out.morale_modifier = overridden("morale_modifier", req.morale_modifier.has_value())
                            ? *req.morale_modifier
                            : std::pow((out.morale + b.morale_offset) / b.morale_offset, b.morale_exponent);
  if (overridden("speed_modifier", req.speed_modifier.has_value())) out.speed_modifier = *req.speed_modifier;
  else if (out.formation == Formation::DM) out.speed_modifier = out.charge / b.dm_speed_divisor;  // p. 44, DM
  else out.speed_modifier = std::pow(out.charge / b.speed_divisor, b.speed_exponent);
  out.formation_modifier = overridden("formation_modifier", req.formation_modifier.has_value())
                               ? *req.formation_modifier
                               : (out.formation == Formation::MF ? cat.mounted_foot.br_formation_modifier
                                                                 : cat.formation(out.formation).modifier);
  out.br_raw = out.ac * out.uhp_factor * out.morale_modifier * out.speed_modifier * out.formation_modifier *
               out.combat_modifier / b.final_divisor;
  out.br_rounded = round_battle_rating(cat, out.br_raw);
  out.special_attack_bonus = has_firearms ? b.firearm_special_attack_bonus : 0;
  out.br = out.br_rounded + out.special_attack_bonus;
  if (explain) note("combat modifier = " + trim(out.combat_modifier, 4) + " (melee " + trim(out.melee_value, 4) + ", missile " +
       trim(out.missile_value, 4) + ")");
  if (explain) note("BR = " + std::to_string(out.ac) + " x (" + std::to_string(out.uhp) + " / " + trim(b.uhp_divisor) + ") x " +
       trim(out.morale_modifier, 4) + " x " + trim(out.speed_modifier, 4) + " x " + trim(out.formation_modifier, 3) + " x " +
       trim(out.combat_modifier, 4) + " / " + trim(b.final_divisor) + " = " + trim(out.br_raw, 4) + " -> " +
       trim(out.br_rounded, 2) + (has_firearms ? " + " + trim(out.special_attack_bonus, 2) : std::string()) + " = " +
       trim(out.br, 2));
  if (campaign) {
    const bool infantry = !horse;
    out.br_published = campaign->battle_rating + (req.veteran ? (infantry ? cat.campaign.veteran_br_bonus_infantry
                                                                          : cat.campaign.veteran_br_bonus_cavalry)
                                                              : 0);
  }

  // Campaign cost (rules-gaps.md §2): wage x troops + specialists + 4 x weekly supply.
  const auto& cm = cat.campaign;
  if (overridden("wage_gp", req.wage_gp.has_value())) {
    out.wage_gp_troop = *req.wage_gp;
  } else if (tr) {
    const auto table = tr->wage_gp ? tr->wage_gp : tr->char_wage_gp;
    const auto chars = tr->char_wage_gp ? tr->char_wage_gp : tr->wage_gp;
    out.wage_gp_troop = (req.wage_source == "characteristics" ? chars : table).value_or(0);
    if (req.veteran) out.wage_gp_troop += cm.veteran_extra_wage_gp;
  } else {
    return field_error("wage_gp", "give wage_gp, the wage of one troop in gp a month");
  }
  out.wage_gp_month = out.wage_gp_troop * out.troops;
  const int size = standard != 0 ? standard : out.troops;
  const double scale = out.troops / static_cast<double>(size);
  double supply = 0, specialists = 0;
  if (untrained) {
    supply = cm.conscript_supply_gp_week;
    specialists = cm.conscript_specialists_gp_month;
  } else if (mounted_foot) {
    // Mounted Foot count as two units of light cavalry for supply (p. 31) and keep the foot
    // unit's specialists.
    supply = cm.horse_supply_gp_week * cat.mounted_foot.light_cavalry_equivalent_units;
    specialists = cm.foot_specialists_gp_month;
  } else if (out.mounted || size == cm.horse_unit_size) {
    supply = cm.horse_supply_gp_week;
    specialists = cm.horse_specialists_gp_month;
  } else {
    supply = cm.foot_supply_gp_week;
    specialists = cm.foot_specialists_gp_month;
  }
  out.supply_gp_week = overridden("supply_gp_week", req.supply_gp_week.has_value()) ? *req.supply_gp_week : supply * scale;
  out.specialist_gp_month = overridden("specialist_gp_month", req.specialist_gp_month.has_value())
                                ? *req.specialist_gp_month
                                : specialists * scale;
  out.total_gp_month = out.wage_gp_month + out.specialist_gp_month + cm.weeks_per_month * out.supply_gp_week;
  if (explain) note("cost: " + trim(out.wage_gp_troop, 2) + " gp x " + std::to_string(out.troops) + " + " + trim(out.specialist_gp_month, 2) +
       " specialists + " + trim(cm.weeks_per_month) + " x " + trim(out.supply_gp_week, 2) + " supply = " +
       trim(out.total_gp_month, 2) + " gp a month");
  out.daily_miles = overridden("daily_miles", req.daily_miles.has_value()) ? *req.daily_miles
                                                                           : out.encounter_move_ft * cm.miles_per_day_per_ft;
  out.weekly_miles = out.daily_miles * cm.weeks_factor;

  // Catalogue figures.
  if (tt && tt->training_time) {
    Availability a;
    a.type = tt;
    if (tr) a.qualifying_per_120 = tr->qualifying_per_120;
    out.availability = a;
  }

  // Mounted Foot reform after battle (p. 31).
  if (req.reform_uhp_lost) {
    if (!mounted_foot) return field_error("reform_uhp_lost", "only Mounted Foot deploy as two Irregular Mounted halves");
    auto r = reform_mounted_foot(out.uhp, {out.uhp, out.uhp}, *req.reform_uhp_lost);
    if (!r) return field_error("reform_uhp_lost", r.error().items().front().message);
    out.reform = *r;
    if (explain) note("reform: " + std::to_string(r->lost_numerator) + "/" + std::to_string(r->lost_denominator) + " x " +
         std::to_string(out.uhp) + " = " + trim(r->uhp_lost_unrounded, 3) + " uhp lost -> " + std::to_string(r->uhp_lost) +
         " (half to even); " + std::to_string(r->uhp_remaining) + " remain");
  }
  if (explain && !out.explain.empty()) out.explain.insert(out.explain.begin(), out.name + ":");
  return out;
}

}  // namespace gunpowder::units
