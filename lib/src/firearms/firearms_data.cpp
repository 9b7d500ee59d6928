// firearms_data.cpp - the one loader of data/firearms.toml (seed 000, Firearms, p. 9-11; General
// Firearm Rules, p. 35), shared by the fire and units modules. Every key is read or named; a
// broken embedded table is an internal error (exit 70).
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <utility>

#include "gunpowder/core/spelling.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/firearms/firearms.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::firearms {

using input::Need;
using input::TableReader;

namespace {

const std::vector<std::string>& kBores = bore_names();

// Required values; a missing or mistyped key is reported by the reader and the placeholder
// returned here is never used (the load fails as a whole).
int req_int(TableReader& r, std::string_view key, input::Range range = {}) {
  return static_cast<int>(r.integer(key, Need::required, range).value_or(0));
}

// The declared ranges of the table's numbers (docs/house-rules.md, "Ranges"): each bounds what a
// rule does with the number, so that no house rule leads a loop, an allocation or an int out of
// its depth.
// A number of rounds (a reload time, its adjustments, the rounds to clear a misfire): at most 600,
// the most rounds a volley follows (fire::kMaxRounds): a reload longer than that fires once.
constexpr input::Range kRounds{0, 600, false, "a number of rounds"};
// A modifier of the d20 attack throw (a range penalty, the fork rest's, scattershot's bonus), and
// an attack throw: beyond 20 either way a d20 throw is decided before it is thrown.
constexpr input::Range kThrowModifier{-20, 20, false, "a modifier of a d20 throw"};
constexpr input::Range kAttackThrow{1, 30, false, "an attack throw"};
// Points of armour: an AC is at most 20 (--target-ac).
constexpr input::Range kArmour{0, 20, false, "points of armour"};
// A range band's end, in feet underground or yards outdoors, and a battlefield range in hexes.
constexpr input::Range kRangeFt{1, 10000, false, "feet or yards"};
constexpr input::Range kHexes{0, 100, false, "hexes"};
// A hit's damage: 1 to 4 dice of 2 to 12 faces (the book: 1d8, scattershot 1d6). The damage of the
// hits over the minutes sums up to 600 hits' damage, whose work grows with the square of the
// spread of a hit's: 4d12 takes 0.6 s of CPU, 10d20 took 10 s.
constexpr input::Range kDamageDice{1, 4, false, "a number of dice"};
constexpr input::Range kDamageSides{2, 12, false, "the faces of a die"};
double req_number(TableReader& r, std::string_view key) { return r.number(key, Need::required).value_or(0); }
std::string req_string(TableReader& r, std::string_view key) { return r.string(key, Need::required).value_or(""); }
bool req_bool(TableReader& r, std::string_view key) { return r.boolean(key, Need::required).value_or(false); }

struct Key {
  Mechanism mechanism = Mechanism::matchlock;
  std::string type, bore;
};
// The type keys of the [[firearm_type]] rows read so far.
std::vector<std::string> type_keys(const Catalogue& cat) {
  std::vector<std::string> keys;
  keys.reserve(cat.types.size());
  for (const auto& t : cat.types) keys.push_back(t.key);
  return keys;
}
// A row's mechanism (a closed kind: one of mechanism_names()) and type (one of the
// [[firearm_type]] rows: open data), each refused at its key with the values allowed.
Key read_key(TableReader& r, const std::vector<std::string>& types) {
  Key k;
  k.mechanism =
      parse_mechanism(r.value("mechanism", Need::required, mechanism_names()).value_or("")).value_or(k.mechanism);
  k.type = r.string("type", Need::required, types).value_or("");
  k.bore = r.string("bore", Need::required, kBores).value_or("");
  return k;
}

Firearm* find_key(std::vector<Firearm>& v, const Key& k) {
  for (auto& f : v)
    if (f.mechanism == k.mechanism && f.type == k.type && f.bore == k.bore) return &f;
  return nullptr;
}

// Each table of the array of tables `key`, read by `fn` and checked for unknown keys.
template <typename Fn>
void each(TableReader& top, const input::Document& doc, Diagnostics& d, const char* key, const Fn& fn) {
  if (const auto* a = top.array(key, Need::required))
    for (const auto& n : *a)
      if (const auto* t = n.as_table()) {
        TableReader r(doc, *t, d, std::string("[[") + key + "]]");
        fn(r);
        r.finish();
      }
}

// [[firearm]]: the Firearm Characteristics table (p. 10).
void read_firearm(TableReader& r, Catalogue& cat, const std::vector<std::string>& types) {
  Firearm f;
  f.name = req_string(r, "name");
  const Key k = read_key(r, types);
  f.mechanism = k.mechanism;
  f.type = k.type;
  f.bore = k.bore;
  f.damage_dice = req_int(r, "damage_dice", kDamageDice);
  f.damage_die_sides = req_int(r, "damage_die_sides", kDamageSides);
  const std::array<const char*, 3> b = {"short", "medium", "long"};
  for (size_t i = 0; i < 3; ++i) {
    f.range[i] = req_int(r, std::string(b[i]) + "_range", kRangeFt);
    f.penalty[i] = req_int(r, std::string(b[i]) + "_penalty", kThrowModifier);
    f.ignores_armor[i] = req_bool(r, std::string(b[i]) + "_ignores_armor");
  }
  // The bands follow one another: a range is in the first band whose end it does not pass.
  for (size_t i = 1; i < 3; ++i)
    if (f.range[i] <= f.range[i - 1]) {
      const std::string nearer = std::string(b[i - 1]) + "_range", farther = std::string(b[i]) + "_range";
      std::string why = "the ranges must grow: ";
      why.append(nearer).append(" (").append(std::to_string(f.range[i - 1])).append(") must be less than ");
      why.append(farther).append(" (").append(std::to_string(f.range[i])).append(")");
      r.pair_error(nearer, farther, std::move(why));
    }
  f.reload_drilled = req_int(r, "reload_drilled", kRounds);
  f.reload_undrilled = req_int(r, "reload_undrilled", kRounds);
  // Damp and wet: derived from the dry chance by [rules.misfire] (derive_weather_misfire).
  f.misfire_pct = {static_cast<int>(r.integer("misfire_dry_pct", Need::required, input::non_negative(100)).value_or(0)),
                   0, 0};
  f.encumbrance = req_int(r, "encumbrance", input::non_negative(1000));
  f.encumbrance_unit = req_string(r, "encumbrance_unit");
  r.note("source");
  cat.firearms.push_back(std::move(f));
}

// The firearm characteristics, fighting-style reload and price tables (p. 9-11) and the
// battlefield ranges (p. 35).
void read_tables(TableReader& top, const input::Document& doc, Diagnostics& d, Catalogue& cat) {
  // [[firearm_type]]: the types of Firearm Types (p. 9), with what the rules say of each.
  each(top, doc, d, "firearm_type", [&](TableReader& r) {
    FirearmType t;
    t.key = req_string(r, "key");
    t.name = req_string(r, "name");
    t.pistol = req_bool(r, "pistol");
    t.musket = req_bool(r, "musket");
    t.infantry_movement_key = req_string(r, "infantry_movement_key");
    t.cavalry_movement_key = req_string(r, "cavalry_movement_key");
    r.note("source");
    cat.types.push_back(std::move(t));
  });
  const std::vector<std::string> types = type_keys(cat);
  each(top, doc, d, "firearm", [&](TableReader& r) { read_firearm(r, cat, types); });
  for (auto& f : cat.firearms)
    if (const FirearmType* t = cat.type(f.type)) f.musket = t->musket;
  each(top, doc, d, "fighting_style_reload", [&](TableReader& r) {
    r.allow("name");
    r.note("source");
    const Key k = read_key(r, types);
    const int reload = req_int(r, "reload", kRounds);
    if (Firearm* f = find_key(cat.firearms, k)) f->reload_style = reload;
    else r.error("no [[firearm]] row for this fighting-style row");
  });
  each(top, doc, d, "firearm_price", [&](TableReader& r) {
    r.allow("name");
    r.note("source");
    r.note("eras");
    const Key k = read_key(r, types);
    const double cost = req_number(r, "cost_gp");
    const std::string era = req_string(r, "era");
    if (Firearm* f = find_key(cat.firearms, k)) {
      f->cost_gp = cost;
      f->era = era;
    } else {
      r.error("no [[firearm]] row for this price row");
    }
  });
  each(top, doc, d, "battlefield_range", [&](TableReader& r) {
    BattlefieldRange rg;
    rg.name = req_string(r, "name");
    rg.type = r.string("type", Need::required, types).value_or("");
    rg.bore = r.string("bore", Need::required, kBores).value_or("");
    rg.ap_vs_foot = req_int(r, "ap_range_vs_foot", kHexes);
    rg.max_vs_foot = req_int(r, "max_range_vs_foot", kHexes);
    rg.ap_vs_mounted = req_int(r, "ap_range_vs_mounted", kHexes);
    rg.max_vs_mounted = req_int(r, "max_range_vs_mounted", kHexes);
    r.note("source");
    cat.battlefield_ranges.push_back(std::move(rg));
  });
  // The Firearm Rate of Fire table: the units' rates of fire come from unit_rules.toml; the unit tests
  // check it against the characters' reload times (a note of the book, refused to house rules).
  top.note("unit_rate_of_fire");
}

// The whole numbers of the array `key`, each in `range`; an element of another type or out of the
// range is refused at itself.
std::vector<int> int_array(const input::Document& doc, Diagnostics& d, TableReader& r, const char* key,
                           const input::Range& range) {
  std::vector<int> out;
  const auto* a = r.array(key, Need::required);
  if (!a) return out;
  for (const auto& n : *a) {
    const auto v = n.value_exact<int64_t>();
    if (!v || static_cast<double>(*v) < range.min || static_cast<double>(*v) > range.max) {
      const SourcePos p = doc.pos(n);
      d.error(p,
              "each of '" + std::string(key) + "' must be a whole number from " + std::to_string(std::lround(range.min)) +
                  " to " + std::to_string(std::lround(range.max)) + " (" + std::string(range.kind) + "), got " +
                  (v ? std::to_string(*v) : input::type_name(n)),
              doc.line(p));
      out.push_back(0);  // in its place: the arrays' sizes are compared next
      continue;
    }
    out.push_back(static_cast<int>(*v));
  }
  return out;
}

// [rules.reload]: the base reload adjustments (Firearm Characteristics, p. 10; 12 Apostles, p. 11).
void read_reload(const input::Document& doc, Diagnostics& d, TableReader& r, Rules& g) {
  g.dex_modifier_sign = req_int(r, "dex_modifier_sign", {-1, 1, false, "a sign"});
  // At most the 100 stone a character may carry (--carried-stone).
  g.encumbrance_thresholds_stone =
      int_array(doc, d, r, "encumbrance_thresholds_stone", {0, 100, false, "stone carried"});
  g.encumbrance_increase_rounds = int_array(doc, d, r, "encumbrance_increase_rounds", kRounds);
  if (g.encumbrance_thresholds_stone.size() != g.encumbrance_increase_rounds.size())
    r.error_at("encumbrance_increase_rounds", "one increase per threshold expected");
  g.apostles_reduction_rounds = req_int(r, "apostles_reduction_rounds", kRounds);
  g.source_reload = req_string(r, "source");
}

// The damp and wet misfire chances of every firearm: "Damp conditions (such as most dungeons) double
// the chances of misfiring, while wet conditions (such as rain) quadruple the chance of misfire.
// Wheellocks do not suffer an increased chance of misfire in damp or wet conditions" (Firearm
// Characteristics, Misfire Chance, p. 10): the dry chance times [rules.misfire] damp_multiplier and
// wet_multiplier, a wheellock's kept when wheellock_weather_exempt. The table's Damp and Wet columns
// are these products (data/firearms.toml keeps them as comments). A chance is at most 100% (only a
// house rule's multiplier gets there: the book's largest product is 80%).
void derive_weather_misfire(Catalogue& cat, int damp_multiplier, int wet_multiplier) {
  for (auto& f : cat.firearms) {
    const bool exempt = cat.rules.wheellock_weather_exempt && f.mechanism == Mechanism::wheellock;
    const int dry = f.misfire_pct[0];
    f.misfire_pct[1] = exempt ? dry : std::min(100, dry * damp_multiplier);
    f.misfire_pct[2] = exempt ? dry : std::min(100, dry * wet_multiplier);
  }
}

// [rules.*]: attack throws, armour penetration, range, reload, misfire, musket rest, scattershot.
// `weather`: [rules.misfire] damp_multiplier and wet_multiplier.
void read_rules(TableReader& top, const input::Document& doc, Diagnostics& d, Rules& g, std::array<int, 2>& weather) {
  const auto* rules = top.table("rules", Need::required);
  if (!rules) return;
  TableReader rr(doc, *rules, d, "[rules]");
  auto sub = [&](const char* name, const auto& fn) {
    if (const auto* t = rr.table(name, Need::required)) {
      TableReader r(doc, *t, d, std::string("[rules.") + name + "]");
      fn(r);
      r.finish();
    }
  };
  sub("attack_throw", [&](TableReader& r) {
    g.normal_men_throw = req_int(r, "normal_men", kAttackThrow);
    g.veteran_throw = req_int(r, "veteran", kAttackThrow);
    g.source_attack = req_string(r, "source");
  });
  sub("armor_penetration", [&](TableReader& r) {
    g.armor_ignored = req_int(r, "armor_ignored", kArmour);
    r.note("source");
  });
  sub("range", [&](TableReader& r) {
    g.smoothbore_penalty_multiplier = req_int(r, "smoothbore_penalty_multiplier");
    g.normal_medium_penalty = req_int(r, "normal_medium_penalty", kThrowModifier);
    g.normal_long_penalty = req_int(r, "normal_long_penalty", kThrowModifier);
    g.source_characteristics = req_string(r, "source");
  });
  sub("reload", [&](TableReader& r) { read_reload(doc, d, r, g); });
  sub("misfire", [&](TableReader& r) {
    g.uncleaned_multiplier = req_int(r, "uncleaned_multiplier");
    g.wheellock_weather_exempt = req_bool(r, "wheellock_weather_exempt");
    g.misfire_clear_rounds = req_int(r, "clear_rounds", kRounds);
    weather = {static_cast<int>(r.integer("damp_multiplier", Need::required, input::positive(100)).value_or(1)),
               static_cast<int>(r.integer("wet_multiplier", Need::required, input::positive(100)).value_or(1))};
    g.source_misfire = req_string(r, "source");
  });
  sub("musket", [&](TableReader& r) {
    g.no_rest_attack_penalty = req_int(r, "no_rest_attack_penalty", kThrowModifier);
    r.note("source");
  });
  sub("scattershot", [&](TableReader& r) {
    g.scattershot_bonus = req_int(r, "short_range_attack_bonus", kThrowModifier);
    g.scattershot_dice = req_int(r, "damage_dice", kDamageDice);
    g.scattershot_die_sides = req_int(r, "damage_die_sides", kDamageSides);
    g.scattershot_ignores_armor = req_bool(r, "ignores_armor");
    g.source_scattershot = req_string(r, "source");
  });
  // [rules.unit_rate_of_fire]: a note of the Firearm Rate of Fire table (see unit_rate_of_fire).
  rr.note("unit_rate_of_fire");
  rr.finish();
}

Expected<Catalogue> build(const data::Tables& t) {
  auto doc_or = data::load(t, "firearms.toml");
  if (!doc_or) return doc_or.error();
  const input::Document& doc = *doc_or;
  Catalogue cat;
  Diagnostics d;
  TableReader top(doc, doc.root, d, "firearms.toml");
  read_tables(top, doc, d, cat);
  std::array<int, 2> weather{1, 1};
  read_rules(top, doc, d, cat.rules, weather);
  top.finish();
  derive_weather_misfire(cat, weather[0], weather[1]);
  if (!d.empty()) return data::as_internal(t, d);
  return cat;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<Catalogue> kFirearmsSection{"firearms", &build};

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

const std::vector<std::string>& mechanism_names() {
  static const std::vector<std::string> names = {"matchlock", "wheellock", "flintlock"};
  return names;
}

std::string to_string(Mechanism m) { return mechanism_names()[static_cast<size_t>(m)]; }

std::optional<Mechanism> parse_mechanism(std::string_view s) {
  return kind_named<Mechanism>(mechanism_names(), s);
}

const std::vector<std::string>& bore_names() {
  static const std::vector<std::string> names = {"smoothbore", "rifled"};
  return names;
}
const std::string& to_string(Bore b) { return bore_names()[static_cast<size_t>(b)]; }

std::string mechanism_list() {
  std::string out;
  for (const auto& m : mechanism_names()) out += (out.empty() ? "" : ", ") + m;
  return out;
}

const FirearmType* Catalogue::type(std::string_view key) const {
  for (const auto& t : types)
    if (t.key == key) return &t;
  return nullptr;
}

std::string Catalogue::type_list() const {
  std::string out;
  for (const auto& t : types) out += (out.empty() ? "" : ", ") + t.key;
  return out;
}

const Firearm* Catalogue::find(const std::string& query) const {
  std::string q = lower(query);
  for (auto& c : q)
    if (c == ',' || c == '-' || c == '_') c = ' ';
  std::vector<std::string> words;
  size_t i = 0;
  while (i < q.size()) {
    while (i < q.size() && q[i] == ' ') ++i;
    size_t j = i;
    while (j < q.size() && q[j] != ' ') ++j;
    if (j > i) words.push_back(q.substr(i, j - i));
    i = j;
  }
  std::optional<Mechanism> mechanism;
  std::string type, bore;
  for (const auto& w : words) {
    if (auto m = parse_mechanism(w); m && !mechanism)
      mechanism = m;
    else if (this->type(w) && type.empty())
      type = w;
    else if (std::find(kBores.begin(), kBores.end(), w) != kBores.end() && bore.empty())
      bore = w;
    else return nullptr;
  }
  if (type.empty()) return nullptr;
  // "Firearms are generally smoothbore unless otherwise noted" (Firearm Bores, p. 9).
  if (bore.empty()) bore = to_string(Bore::smoothbore);
  const Firearm* found = nullptr;
  for (const auto& f : firearms)
    if ((!mechanism || f.mechanism == *mechanism) && f.type == type && f.bore == bore) {
      if (found) return nullptr;  // no mechanism named, and more than one firearm of the type
      found = &f;
    }
  return found;
}

Expected<const Catalogue*> load_catalogue(const data::Tables& tables) {
  return data::pointer_to(kFirearmsSection.get(tables));
}

}  // namespace gunpowder::firearms
