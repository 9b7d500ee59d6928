// artillery.cpp - the artillery rules of seed 000: design formulas, mobility, bombardment,
// battle ratings, automatons and gunpowder economies.
#include "gunpowder/artillery/artillery.hpp"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <utility>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/core/spelling.hpp"

namespace gunpowder::artillery {

namespace r = rounding;
using fmtnum::trim;

std::string to_string(Type t) {
  switch (t) {
    case Type::cannon:
      return "cannon";
    case Type::gun:
      return "gun";
    case Type::mortar:
      return "mortar";
  }
  return "?";
}
std::string to_string(Carriage c) {
  switch (c) {
    case Carriage::carriageless:
      return "carriageless";
    case Carriage::garrison:
      return "garrison";
    case Carriage::field:
      return "field";
    case Carriage::limber:
      return "limber";
  }
  return "?";
}
std::string to_string(Era e) {
  switch (e) {
    case Era::early:
      return "early";
    case Era::middle:
      return "middle";
    case Era::late:
      return "late";
  }
  return "?";
}
std::string to_string(Bracket b) {
  switch (b) {
    case Bracket::short_range:
      return "short";
    case Bracket::medium_range:
      return "medium";
    case Bracket::long_range:
      return "long";
  }
  return "?";
}
std::string to_string(FireMode m) { return m == FireMode::direct ? "direct" : "plunging"; }

std::optional<Type> parse_type(const std::string& s) {
  for (auto t : kTypes)
    if (to_string(t) == s) return t;
  return std::nullopt;
}
std::optional<Carriage> parse_carriage(const std::string& s) {
  for (auto c : kCarriages)
    if (to_string(c) == s) return c;
  return std::nullopt;
}
std::optional<Era> parse_era(const std::string& s) {
  for (auto e : {Era::early, Era::middle, Era::late})
    if (to_string(e) == s) return e;
  return std::nullopt;
}

std::string from_book_spelling(std::string_view typed) {
  std::string s = suite_spelling(typed);  // "Field Carriage & Limber" is field-carriage-and-limber
  // The whole names of the Gunpowder Mobility table's carriages and the Gunpowder Type table's
  // gunpowders (data/ holds them too; test_read_pieces checks that every one of the data's is here).
  // Not read from the catalogue: option values are read before --house-rules is, and the
  // catalogue, once loaded, is kept.
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kBookNames{{
      {"garrison-carriage", "garrison"},
      {"field-carriage", "field"},
      {"field-carriage-and-limber", "limber"},
      {"historical-gunpowder", "historical"},
      {"alchemical-gunpowder", "alchemical"},
      {"magical-gunpowder", "magical"},
      {"dwarven-gunpowder", "dwarven"},
  }};
  for (const auto& [name, key] : kBookNames)
    if (name == s) return std::string(key);
  return s;
}

std::optional<double> Bombard::get(Bracket b, FireMode m) const {
  switch (b) {
    case Bracket::short_range:
      return m == FireMode::direct ? short_direct : std::nullopt;
    case Bracket::medium_range:
      return m == FireMode::direct ? medium_direct : medium_plunging;
    case Bracket::long_range:
      return m == FireMode::direct ? long_direct : long_plunging;
  }
  return std::nullopt;
}

const BookPiece* Catalogue::find(Type t, double shot_lb) const {
  for (const auto& p : pieces)
    if (p.type == t && p.shot_lb == shot_lb) return &p;
  return nullptr;
}

const GunpowderType* Catalogue::gunpowder(const std::string& id) const {
  return lookup::find(economy.types, [&](const auto& g) { return g.id == id; });
}

namespace {

size_t idx(Type t) { return static_cast<size_t>(t); }

std::string feet_inches(double inches) {
  const int total = static_cast<int>(std::lround(inches));
  const int ft = total / 12, in = total % 12;
  return std::to_string(ft) + "'" + (in ? std::to_string(in) + "\"" : "");
}

// Crew by shot weight (p. 14, "Crew").
int crew_for(const DesignRules& g, double shot_lb) {
  for (const auto& [max_lb, crew] : g.crew_bands)
    if (shot_lb <= max_lb) return crew;
  const int last = g.crew_bands.empty() ? 0 : g.crew_bands.back().second;
  return last + static_cast<int>(std::floor((shot_lb - g.crew_extra_above_lb) / g.crew_extra_lb_per_man + 1e-9));
}

// Damage dice from the powder charge (p. 14, "Damage"): 1d10 per lb up to 3 lb, per 3 lb up to
// 30 lb, per 5 lb beyond. Incomplete steps do not count; every piece deals at least 1d10.
int damage_dice_for(const DesignRules& g, double powder_lb) {
  double dice = 0, from = 0;
  for (const auto& [upto, per] : g.damage_bands) {
    const double span = std::min(powder_lb, upto) - from;
    if (span <= 0) break;
    dice += std::floor(span / per + 1e-9);
    from = upto;
  }
  return std::max(1, static_cast<int>(dice));
}

// Area of effect from damage dice (p. 14, "AOE").
int aoe_for(const DesignRules& g, Type t, int dice) {
  if (t == Type::mortar) {
    for (const auto& [max_dice, radius] : g.mortar_aoe_bands)
      if (dice <= max_dice) return radius;
    return g.mortar_aoe_bands.empty() ? 0 : g.mortar_aoe_bands.back().second;
  }
  return static_cast<int>(std::min(g.aoe_line_max_ft, g.aoe_line_base_ft + g.aoe_line_per_die_ft * dice));
}

// Shots per day from the ROF: 2,880 rounds a day / N. The bombardment table prints the whole
// quotient when it is whole and the nearest 5 otherwise (53.3 -> 55, 205.7 -> 205), which
// reproduces all 17 printed figures.
int shots_per_day_from_rof(double rounds_per_day, int rounds_per_shot) {
  const double q = rounds_per_day / rounds_per_shot;
  if (std::fabs(q - std::round(q)) < 1e-9) return static_cast<int>(std::lround(q));
  return static_cast<int>(r::nearest(q, 5));
}

// Price of one shot for a designed piece: iron round shot at the price list's 1 gp per 6 lb
// (60 lb -> 10 gp, 9 lb -> 15 sp); stone shot interpolated between the book's four mortars.
double shot_cost_for(const Catalogue& cat, Type t, double shot_lb) {
  if (t != Type::mortar) return std::round(shot_lb / 6.0 * 100) / 100;
  const auto& pts = cat.stone_shot_prices;
  if (pts.size() < 2) return shot_lb / 6.0;
  size_t i = 1;
  while (i + 1 < pts.size() && shot_lb > pts[i].first) ++i;
  const auto [x0, y0] = pts[i - 1];
  const auto [x1, y1] = pts[i];
  const double y = y0 + (y1 - y0) * (shot_lb - x0) / (x1 - x0);
  return std::max(0.01, std::round(y * 100) / 100);
}

// Appends a derivation line; the line is only built when a derivation was asked for.
#define SAY(ex, line)              \
  do {                             \
    if (ex) (ex)->push_back(line); \
  } while (0)

Characteristics from_book(const BookPiece& p) {
  Characteristics c;
  c.source = "book";
  c.ac = p.ac;
  c.shp = p.shp;
  c.base_weight_lb = p.base_weight_lb;
  c.caliber_in = p.caliber_in;
  c.barrel_length_in = p.barrel_length_in;
  c.shot_lb = p.shot_lb;
  c.powder_lb = p.powder_lb;
  c.range_short_yd = p.range_short_yd;
  c.range_medium_yd = p.range_medium_yd;
  c.range_long_yd = p.range_long_yd;
  c.damage_dice = p.damage_dice;
  c.aoe_ft = p.aoe_ft;
  c.crew = p.crew;
  c.rounds_per_shot = p.rounds_per_shot;
  c.shots_per_day = p.shots_per_day;
  c.cost_gp = p.cost_gp;
  c.shot_cost_gp = p.shot_cost_gp;
  c.powder_cost_gp = p.powder_cost_gp;
  for (const auto& [key, src] : p.house_rule_sources) c.ruled.emplace_back(key, src);
  return c;
}

// "An artillery piece will fire shot at least 1/4 in smaller than the caliber of its barrel. An
// 18-pound gun has a barrel caliber of 5.5". It fires round shot of 5.25"." (Gunpowder Artillery
// Characteristics, Barrel Caliber).
Characteristics with_shot_diameter(Characteristics c, const DesignRules& g) {
  c.shot_diameter_in = c.caliber_in - g.shot_undersize_in;
  return c;
}

// The nearest book piece of the same type by shot weight (ties: the lighter), used for the
// figures the formulas do not give (AC, shp, unit size, BR, bonus units).
const BookPiece& nearest_book_piece(const Catalogue& cat, Type t, double shot_lb) {
  // Nearest by ratio of shot weights (a 5-lb piece is nearer a 6-pdr than a 3-pdr).
  const BookPiece* best = nullptr;
  double best_ratio = 0;
  for (const auto& p : cat.pieces) {
    if (p.type != t) continue;
    const double ratio = std::max(p.shot_lb / shot_lb, shot_lb / p.shot_lb);
    if (!best || ratio < best_ratio - 1e-12 || (ratio <= best_ratio + 1e-12 && p.shot_lb < best->shot_lb)) {
      best = &p;
      best_ratio = ratio;
    }
  }
  return *best;
}

// The steps of "Determining Gunpowder Artillery Characteristics" (pp. 13-14), in the book's order.
// Each fills its figures of `c` and, when `ex` is given, appends its derivation.

// Barrel calibre: offset + k x shot^(1/3), k for iron or stone shot, up to the quarter inch.
void calibre_step(const DesignRules& g, Type t, double shot, Characteristics& c, std::vector<std::string>* ex) {
  const double k = t == Type::mortar ? g.caliber_k_stone : g.caliber_k_iron;
  const double cal_raw = g.caliber_offset_in + k * std::cbrt(shot);
  c.caliber_in = r::caliber_quarter_inch(cal_raw);
  SAY(ex, "calibre = " + trim(g.caliber_offset_in) + " + " + trim(k) + " x " + trim(shot) +
              "^(1/3) = " + trim(cal_raw, 3) + "\" -> up to the quarter inch: " + trim(c.caliber_in, 2) + "\"");
}

// Barrel length to the whole inch as the Gunpowder Artillery Characteristics table prints it: a
// half inch goes to the even inch (112.5 -> 9'4", 97.5 -> 8'2", 127.5 -> 10'8"), which every
// printed length with a half-inch product follows (docs/notes/artillery.md, "Barrel length").
double barrel_inch_half_even(double inches) {
  const double lower = std::floor(inches + 1e-9);
  const double frac = inches - lower;
  if (std::fabs(frac - 0.5) < 1e-9) return std::fmod(lower, 2.0) == 0 ? lower : lower + 1;
  return r::half_up(inches);
}

// Barrel length: calibre x the type's number of calibres, in inches (Determining Gunpowder
// Artillery Characteristics, Barrel Length), to the whole inch, halves to even.
void barrel_step(const DesignRules& g, Type t, Characteristics& c, std::vector<std::string>* ex) {
  const size_t i = idx(t);
  c.barrel_length_in = barrel_inch_half_even(c.caliber_in * g.barrel_calibers[i]);
  SAY(ex, "barrel length = " + trim(c.caliber_in, 2) + " x " + trim(g.barrel_calibers[i]) + " = " +
              trim(c.caliber_in * g.barrel_calibers[i], 2) + " in -> " + feet_inches(c.barrel_length_in) +
              " (whole inch, halves to even as the table prints)");
}

// Powder charge: shot weight x the type's ratio.
void powder_step(const DesignRules& g, Type t, double shot, Characteristics& c, std::vector<std::string>* ex) {
  const size_t i = idx(t);
  c.powder_lb = shot * g.powder_ratio[i];
  SAY(ex, "powder = " + trim(shot) + " lb x " + trim(g.powder_ratio[i]) + " = " + trim(c.powder_lb) + " lb");
}

// Range: short = barrel feet x yards per foot (nearest 20), long = short x the type's multiple
// (nearest 100), medium = short + a fraction of the way to the unrounded long (nearest 20).
void range_step(const DesignRules& g, Type t, Characteristics& c, std::vector<std::string>* ex) {
  const size_t i = idx(t);
  const double barrel_ft = c.barrel_length_in / 12.0;
  const double short_raw = barrel_ft * g.short_range_yd_per_ft[i];
  const double long_raw = short_raw * g.long_range_mult[i];
  const double medium_raw = short_raw + g.medium_range_fraction * (long_raw - short_raw);
  c.range_short_yd = r::nearest(short_raw, g.short_range_round_yd);
  c.range_long_yd = r::nearest(long_raw, g.long_range_round_yd);
  c.range_medium_yd = r::nearest(medium_raw, g.medium_range_round_yd);
  SAY(ex, "short range = " + trim(barrel_ft, 3) + " ft x " + trim(g.short_range_yd_per_ft[i]) + " = " +
              trim(short_raw, 1) + " yd -> nearest 20: " + trim(c.range_short_yd));
  SAY(ex, "long range = " + trim(short_raw, 1) + " x " + trim(g.long_range_mult[i]) + " = " + trim(long_raw, 1) +
              " yd -> nearest 100: " + trim(c.range_long_yd));
  SAY(ex, "medium range = " + trim(short_raw, 1) + " + " + trim(g.medium_range_fraction) + " x (" + trim(long_raw, 1) +
              " - " + trim(short_raw, 1) + ") = " + trim(medium_raw, 1) +
              " yd -> nearest 20: " + trim(c.range_medium_yd));
}

// Base weight: calibre^2 x barrel feet x the type's modifier, to the nearest 50 lb; cost: base
// weight x gp per lb.
void weight_and_cost_step(const DesignRules& g, Type t, Characteristics& c, std::vector<std::string>* ex) {
  const double barrel_ft = c.barrel_length_in / 12.0;
  const double weight_raw = c.caliber_in * c.caliber_in * barrel_ft * g.weight_mod[idx(t)];
  c.base_weight_lb = r::nearest_50_lb(weight_raw);
  SAY(ex, "base weight = " + trim(c.caliber_in, 2) + "^2 x " + trim(barrel_ft, 3) + " ft x " +
              trim(g.weight_mod[idx(t)]) + " = " + trim(weight_raw, 1) +
              " lb -> nearest 50: " + trim(c.base_weight_lb));
  c.cost_gp = c.base_weight_lb * g.cost_gp_per_lb_base_weight;
  SAY(ex, "cost = " + trim(c.base_weight_lb) + " lb x " + trim(g.cost_gp_per_lb_base_weight) + " = " + trim(c.cost_gp) +
              " gp");
}

// Crew by shot weight, damage by powder charge, area of effect by damage (p. 14).
void crew_damage_step(const DesignRules& g, Type t, double shot, Characteristics& c, std::vector<std::string>* ex) {
  c.crew = crew_for(g, shot);
  SAY(ex, "crew for " + trim(shot) + " lb of shot = " + std::to_string(c.crew) + " men");
  c.damage_dice = damage_dice_for(g, c.powder_lb);
  SAY(ex, "damage for " + trim(c.powder_lb) + " lb of powder = " + c.damage());
  c.aoe_ft = aoe_for(g, t, c.damage_dice);
  SAY(ex, std::string("area of effect = ") +
              (t == Type::mortar ? std::to_string(c.aoe_ft) + "' radius"
                                 : trim(g.aoe_line_width_ft) + "' x " + std::to_string(c.aoe_ft) + "' line (" +
                                       trim(g.aoe_line_base_ft) + "' + " + trim(g.aoe_line_per_die_ft) +
                                       "' per die, max " + trim(g.aoe_line_max_ft) + "')"));
}

// Rate of fire (Determining Gunpowder Artillery Characteristics, ROF): shots per day = numerator /
// (shot / reference shot)^exponent, mortars x a factor; ROF = 1/N with N = rounds per day / shots
// per day (the text's "1 / [1 / (shots per day / 2880)]" read as one shot every N rounds).
// shots_first, the text's order: shots per day to the whole shot, then N from them, to the nearest
// whole round. rof_first: N from the unrounded shots per day, then shots per day = 2,880 / N as
// the Bombardment table prints them (whole, else the nearest 5).
void rate_of_fire_step(const DesignRules& g, Type t, double shot, RateReading rate, Characteristics& c,
                       std::vector<std::string>* ex) {
  double spd = g.spd_numerator / std::pow(shot / g.spd_ref_shot_lb, g.spd_exponent);
  if (t == Type::mortar) spd *= g.spd_factor_mortar;
  const std::string formula = "shots per day = " + trim(g.spd_numerator) + " / (" + trim(shot) + "/" +
                              trim(g.spd_ref_shot_lb) + ")^" + trim(g.spd_exponent) +
                              (t == Type::mortar ? " x " + trim(g.spd_factor_mortar) : "") + " = " + trim(spd, 2);
  if (rate == RateReading::shots_first) {
    c.shots_per_day = std::max(1, static_cast<int>(r::half_up(spd)));
    c.rounds_per_shot = std::max(1, static_cast<int>(r::half_up(g.rof_rounds_per_day / c.shots_per_day)));
    SAY(ex, formula + " -> " + std::to_string(c.shots_per_day) + " shots; ROF = 1/" +
                std::to_string(c.rounds_per_shot) + " (" + trim(g.rof_rounds_per_day) + " / " +
                std::to_string(c.shots_per_day) + " rounded)");
    return;
  }
  c.rounds_per_shot = std::max(1, static_cast<int>(r::half_up(g.rof_rounds_per_day / spd)));
  c.shots_per_day = shots_per_day_from_rof(g.rof_rounds_per_day, c.rounds_per_shot);
  SAY(ex, formula + "; ROF = 1/" + std::to_string(c.rounds_per_shot) + " (" + trim(g.rof_rounds_per_day) + " / " +
              trim(spd, 2) + " rounded); " + std::to_string(c.shots_per_day) +
              " shots per day at that ROF (--rate-reading rof-first)");
}

}  // namespace

std::string to_string(RateReading r) { return r == RateReading::shots_first ? "shots-first" : "rof-first"; }

std::optional<RateReading> parse_rate_reading(const std::string& s) {
  if (s == "shots-first") return RateReading::shots_first;
  if (s == "rof-first") return RateReading::rof_first;
  return std::nullopt;
}

Characteristics formula_characteristics(const Catalogue& cat, Type t, double shot, std::vector<std::string>* ex,
                                        RateReading rate) {
  const DesignRules& g = cat.design;
  Characteristics c;
  c.source = "formula";
  c.shot_lb = shot;
  calibre_step(g, t, shot, c, ex);
  barrel_step(g, t, c, ex);
  powder_step(g, t, shot, c, ex);
  range_step(g, t, c, ex);
  weight_and_cost_step(g, t, c, ex);
  crew_damage_step(g, t, shot, c, ex);
  rate_of_fire_step(g, t, shot, rate, c, ex);
  // AC and structural hit points, which the formulas do not give: the nearest book piece's AC,
  // its shp scaled by base weight.
  const BookPiece& near = nearest_book_piece(cat, t, shot);
  c.ac = near.ac;
  c.shp = static_cast<int>(std::max(1.0, r::half_up(near.shp * c.base_weight_lb / near.base_weight_lb)));
  SAY(ex, "AC " + std::to_string(c.ac) + " (every book piece); shp scaled by weight from the " + near.name + ": " +
              std::to_string(near.shp) + " x " + trim(c.base_weight_lb) + " / " + trim(near.base_weight_lb) + " -> " +
              std::to_string(c.shp));
  c.shot_cost_gp = shot_cost_for(cat, t, shot);
  c.powder_cost_gp = c.powder_lb * 1.0;
  c.shot_diameter_in = c.caliber_in - g.shot_undersize_in;
  return c;
}

std::string Battle::source() const {
  for (const char* k : {"unit_size", "br", "bonus_units", "battlefield_unit"})
    if (auto it = reference->house_rule_sources.find(k); it != reference->house_rule_sources.end())
      return from_book ? it->second : it->second + ", nearest book piece: " + reference->name;
  return from_book ? "book" : "nearest book piece: " + reference->name;
}

std::string Battle::artillery_attack() const {
  return "1 gunpowder artillery attack 11+ (" + std::to_string(reload) + " reload)";
}

bool CompareField::agrees() const { return std::fabs(book - formula) < 1e-6; }

std::vector<CompareField> compare(const Catalogue& cat, const BookPiece& p, RateReading rate) {
  // Every formula figure comes from the formulas alone (never from the book's own ROF).
  const Characteristics f = formula_characteristics(cat, p.type, p.shot_lb, nullptr, rate);
  return {
      {"caliber_in", p.caliber_in, f.caliber_in},
      {"barrel_length_in", p.barrel_length_in, f.barrel_length_in},
      {"base_weight_lb", p.base_weight_lb, f.base_weight_lb},
      {"powder_lb", p.powder_lb, f.powder_lb},
      {"range_short_yd", p.range_short_yd, f.range_short_yd},
      {"range_medium_yd", p.range_medium_yd, f.range_medium_yd},
      {"range_long_yd", p.range_long_yd, f.range_long_yd},
      {"damage_dice", static_cast<double>(p.damage_dice), static_cast<double>(f.damage_dice)},
      {"aoe_ft", static_cast<double>(p.aoe_ft), static_cast<double>(f.aoe_ft)},
      {"crew", static_cast<double>(p.crew), static_cast<double>(f.crew)},
      {"rounds_per_shot", static_cast<double>(p.rounds_per_shot), static_cast<double>(f.rounds_per_shot)},
      {"shots_per_day", static_cast<double>(p.shots_per_day), static_cast<double>(f.shots_per_day)},
      {"cost_gp", p.cost_gp, f.cost_gp},
  };
}

Automaton as_automaton(const Catalogue& cat, Type t, const Characteristics& c, std::vector<std::string>* ex,
                       std::optional<double> lb_per_stone) {
  const AutomatonRules& a = cat.automaton;
  Automaton m;
  m.max_damage = c.damage_dice * 10.0;
  SAY(ex, "automaton: maximum damage = " + c.damage() + " -> " + trim(m.max_damage));
  m.aoe_sq_ft = t == Type::mortar ? c.aoe_ft * c.aoe_ft * a.mortar_aoe_pi : c.aoe_ft * a.line_aoe_multiplier;
  SAY(ex, "automaton: area = " +
              (t == Type::mortar ? std::to_string(c.aoe_ft) + "^2 x " + trim(a.mortar_aoe_pi)
                                 : trim(a.line_aoe_multiplier) + " x " + std::to_string(c.aoe_ft)) +
              " = " + trim(m.aoe_sq_ft, 2) + " sq ft");
  m.targets = m.aoe_sq_ft / a.sq_ft_per_target;
  SAY(ex, "automaton: estimated targets = " + trim(m.aoe_sq_ft, 2) + " / " + trim(a.sq_ft_per_target) + " = " +
              trim(m.targets, 2));
  m.max_damage_per_round = m.max_damage * m.targets / c.rounds_per_shot;
  SAY(ex, "automaton: maximum damage per round = " + trim(m.max_damage) + " x " + trim(m.targets, 2) + " x 1/" +
              std::to_string(c.rounds_per_shot) + " = " + trim(m.max_damage_per_round, 2));
  m.hd = std::max(1, static_cast<int>(r::half_up(m.max_damage_per_round / a.hd_divisor)));
  SAY(ex, "automaton: hit dice = " + trim(m.max_damage_per_round, 2) + " / " + trim(a.hd_divisor) + " -> " +
              std::to_string(m.hd) + " HD (nearest whole, at least 1)");
  m.weight_st = m.hd * m.hd * a.weight_st_per_hd2;
  // Pounds per stone: the book's 10 (Firearm Accessories: a barrel "weighs 10 stone (100lbs)") by
  // default; the automaton example's 640 st "about 7,680lbs" is 12 (--stone-lb 12).
  m.lb_per_stone = lb_per_stone ? *lb_per_stone : a.lb_per_stone;
  m.weight_lb = m.weight_st * m.lb_per_stone;
  SAY(ex, "automaton: weight = " + std::to_string(m.hd) + "^2 x " + trim(a.weight_st_per_hd2) + " = " +
              trim(m.weight_st) + " st (" + trim(m.weight_lb) + " lb at " + trim(m.lb_per_stone) + " lb a stone)");
  m.range_ft = a.range_ft_per_max_damage[idx(t)] * m.max_damage;
  SAY(ex, "automaton: maximum range = " + trim(m.max_damage) + " x " + trim(a.range_ft_per_max_damage[idx(t)]) +
              "' = " + trim(m.range_ft) + "'");
  m.special_abilities = a.immobile_abilities + a.type_abilities[idx(t)];
  // A negative net count does not lower the price below the hit dice's (docs/rules-notes.md).
  m.cost_gp = a.cost_per_hd * m.hd + a.cost_per_ability * std::max(0, m.special_abilities);
  SAY(ex, "automaton: special abilities = " + std::to_string(a.immobile_abilities) + " (immobile) + " +
              std::to_string(a.type_abilities[idx(t)]) + " (" + to_string(t) +
              ") = " + std::to_string(m.special_abilities) + "; cost = " + trim(a.cost_per_hd) + " x " +
              std::to_string(m.hd) + " HD + " + trim(a.cost_per_ability) + " x " +
              std::to_string(std::max(0, m.special_abilities)) + " = " + trim(m.cost_gp) + " gp");
  return m;
}

namespace {

// A rule error about one field of the request, named by its key in a [[piece]] table (shot_lb,
// powder_lb, ...); the caller places it (input::place_fields, cli::place_on_flags).
Diagnostics fail(const std::string& field, const std::string& message) {
  Diagnostics d;
  d.field_error(field, message);
  return d;
}

// Mobility rows for a piece (p. 15-16). Availability: the book's table for a book piece; for a
// designed piece, carriageless and garrison carriages as for every book piece, and field
// carriages (with or without limber) when its base weight does not exceed that of the heaviest
// book piece of its type that may have one (docs/rules-notes.md, "Carriages for designed pieces").
std::vector<MobilityRow> mobility_for(const Catalogue& cat, const BookPiece* book, Type t, const Characteristics& c,
                                      std::optional<Era> era, std::vector<std::string>* ex) {
  std::vector<MobilityRow> rows;
  for (auto carriage : kCarriages) {
    const size_t ci = static_cast<size_t>(carriage);
    const CarriageRule& rule = cat.carriage(carriage);
    MobilityRow m;
    m.carriage = carriage;
    m.name = rule.name;
    int from = -1;  // era index from which the carriage exists, -1: never
    if (book) {
      if (book->carriage_era[ci]) from = static_cast<int>(*book->carriage_era[ci]);
      m.availability_source = "book";
    } else {
      if (c.base_weight_lb <= cat.carriage_weight_limit[idx(t)][ci]) from = cat.carriage_from_era[ci];
      m.availability_source = cat.carriage_rule_text[idx(t)][ci];
    }
    static constexpr std::array<std::string_view, 3> kEraNames = {"early", "middle", "late"};
    m.availability = from >= 0 ? kEraNames[static_cast<size_t>(from)] : std::string_view("not available");
    m.available = from >= 0 && (!era || from <= static_cast<int>(*era));
    m.carriage_cost_gp = c.cost_gp * rule.cost_pct / 100.0;
    m.carriage_weight_lb = c.base_weight_lb * rule.weight_pct / 100.0;
    m.total_weight_lb = c.base_weight_lb + m.carriage_weight_lb;
    const int formula_horses = std::max(1, static_cast<int>(r::half_up(m.total_weight_lb / rule.horse_divisor_lb)));
    if (book && c.source == "book") {
      m.horses = book->horses[ci];
      m.horses_source = c.source_of("horses");
    } else {
      m.horses = formula_horses;
      m.horses_source = "formula";
    }
    SAY(ex, std::string(rule.name) + ": total weight " + trim(c.base_weight_lb) + " + " + trim(rule.weight_pct) +
                "% = " + trim(m.total_weight_lb, 1) + " lb; horses = " + trim(m.total_weight_lb, 1) + " / " +
                trim(rule.horse_divisor_lb) + " -> " + std::to_string(formula_horses) +
                (m.horses_source == "book" ? " (book prints " + std::to_string(m.horses) + ")" : std::string()));
    m.substitute_men = m.horses * cat.transport.substitute_men;
    m.substitute_mules = m.horses * cat.transport.substitute_mules;
    m.substitute_medium_horses = m.horses * cat.transport.substitute_medium_horses;
    if (rule.cart_divisor_lb > 0) {
      m.carts = static_cast<int>(std::ceil(m.total_weight_lb / cat.transport.large_cart_lb - 1e-9));
      m.wagons = static_cast<int>(std::ceil(m.total_weight_lb / rule.cart_divisor_lb - 1e-9));
    }
    m.daily_miles = rule.daily_miles;
    m.weekly_miles = rule.weekly_miles;
    m.encounter_move = rule.encounter_move;
    m.encounter_move_ft = rule.encounter_move_ft;
    if (rule.assembly_turns_per_lb > 0)
      m.assembly_turns = static_cast<int>(std::ceil(m.total_weight_lb / rule.assembly_turns_per_lb - 1e-9));
    else if (rule.assembly_turns > 0)
      m.assembly_turns = rule.assembly_turns;
    else
      m.assembly_rounds = rule.assembly_rounds;
    if (m.assembly_turns)
      m.assembly = std::to_string(*m.assembly_turns) + (*m.assembly_turns == 1 ? " turn" : " turns");
    else
      m.assembly = std::to_string(*m.assembly_rounds) + (*m.assembly_rounds == 1 ? " round" : " rounds");
    m.battlefield_move = rule.battlefield_move;
    m.battlefield_hexes = rule.battlefield_hexes;
    rows.push_back(std::move(m));
  }
  return rows;
}

Bombardment bombardment_for(const Catalogue& cat, const BookPiece* book, Type t, const Characteristics& eff,
                            double damage_scale, std::vector<std::string>* ex) {
  Bombardment b;
  b.shots_per_day = eff.shots_per_day;
  const std::array<double, 3> range_to = {eff.range_short_yd, eff.range_medium_yd, eff.range_long_yd};
  for (size_t bi = 0; bi < 3; ++bi) {
    for (FireMode m : cat.attack.modes[idx(t)][bi]) {
      BombardRow row;
      row.bracket = static_cast<Bracket>(bi);
      row.mode = m;
      row.range_from_yd = bi == 0 ? 0 : range_to[bi - 1];
      row.range_to_yd = range_to[bi];
      const auto printed = book ? book->bombard.get(row.bracket, m) : std::nullopt;
      if (printed && eff.source == "book") {
        row.shp_per_day_stone = r::nearest(*printed * damage_scale, damage_scale == 1.0 ? 1 : 25);
        const std::string_view ruled = eff.source_of("bombard");
        row.source = ruled != "book"       ? ruled
                     : damage_scale == 1.0 ? std::string_view("book")
                                           : std::string_view("book, scaled by the reduced charge");
      } else {
        const auto model = bombard_model(cat, eff, row.bracket, m);
        if (!model) continue;
        row.shp_per_day_stone = *model;
        row.source = "model";
        SAY(ex, "bombardment " + to_string(row.bracket) + "/" + to_string(m) + ": " +
                    std::to_string(eff.shots_per_day) + " shots x 5.5 x " + std::to_string(eff.damage_dice) +
                    " dice x " + trim(*cat.bombard_factor[bi][static_cast<size_t>(m)], 4) +
                    " -> rounded as the book: " + trim(row.shp_per_day_stone));
      }
      row.shp_per_day_wood = r::half_up(row.shp_per_day_stone * (1 + cat.attack.wood_increase_pct[bi] / 100.0));
      b.rows.push_back(row);
    }
  }
  return b;
}

// ---------------------------------------------------------------------------------------------
// design(): one step per rule, in the order of the book.

// The name of the piece: the request's, the book's, or "<shot>-pdr <Type>".
std::string piece_name(const Request& req, const BookPiece* book) {
  if (!req.name.empty()) return req.name;
  if (book) return book->name;
  const std::string type = to_string(req.type);
  return trim(req.shot_lb) + "-pdr " + std::string(1, static_cast<char>(std::toupper(type[0]))) + type.substr(1);
}

// Shot weight: positive, finite and within the range this tool designs.
Diagnostics check_shot(const Request& req) {
  if (!std::isfinite(req.shot_lb) || req.shot_lb <= 0)
    return fail("shot_lb", "shot weight must be a positive number of pounds, got " +
                               (std::isnan(req.shot_lb) ? std::string("nan") : trim(req.shot_lb)));
  if (req.shot_lb < kMinShotLb || req.shot_lb > kMaxShotLb)
    return fail("shot_lb", "shot weight " + trim(req.shot_lb) + " lb is outside the range this tool designs (" +
                               trim(kMinShotLb) + " to " + trim(kMaxShotLb) + " lb)");
  return {};
}

// The piece at full charge: the book's figures for a book piece (unless the formulas are forced),
// the design formulas (p. 14) otherwise; the formulas' figures are always kept for comparison.
void choose_figures(const Catalogue& cat, const Request& req, const BookPiece* book_figures, Design& d,
                    std::vector<std::string>* ex) {
  std::vector<std::string> formula_lines;
  d.formula = formula_characteristics(cat, req.type, req.shot_lb, ex ? &formula_lines : nullptr, req.rate_reading);
  if (book_figures) {
    d.book_or_formula = with_shot_diameter(from_book(*book_figures), cat.design);
    SAY(ex, d.name + ": the book's figures (" + cat.sources.characteristics + ")");
  } else {
    d.book_or_formula = d.formula;
    SAY(ex, d.name + ": design formulas (" + cat.sources.design + ")");
    if (ex) ex->insert(ex->end(), formula_lines.begin(), formula_lines.end());
  }
  // A gun's or cannon's area of effect is a line of this width; a mortar's a radius (p. 14).
  const int width = req.type == Type::mortar ? 0 : static_cast<int>(cat.design.aoe_line_width_ft);
  d.formula.aoe_width_ft = d.book_or_formula.aoe_width_ft = width;
}

// Reduced powder charge: range and damage scale with charge / full charge (p. 14, "Powder Charge").
// `damage_scale` becomes the ratio of the reduced dice to the full dice.
Diagnostics reduce_charge(const DesignRules& g, const Request& req, Design& d, Characteristics& eff,
                          double& damage_scale, std::vector<std::string>* ex) {
  damage_scale = 1.0;
  if (!req.powder_lb) return {};
  const Characteristics& full = d.book_or_formula;
  const double pw = *req.powder_lb;
  if (!std::isfinite(pw) || pw <= 0)
    return fail("powder_lb", "powder charge must be a positive number of pounds, got " + trim(pw));
  if (pw > full.powder_lb + 1e-9)
    return fail("powder_lb", "powder charge " + trim(pw) + " lb is above the piece's own charge of " +
                                 trim(full.powder_lb) + " lb (a reduced charge may only be smaller)");
  const double f = pw / full.powder_lb;
  d.powder_used_lb = pw;
  eff.powder_lb = pw;
  eff.range_short_yd = r::half_up(full.range_short_yd * f);
  eff.range_medium_yd = r::half_up(full.range_medium_yd * f);
  eff.range_long_yd = r::half_up(full.range_long_yd * f);
  eff.damage_dice = std::max(1, static_cast<int>(r::half_up(full.damage_dice * f)));
  if (eff.damage_dice != full.damage_dice) eff.aoe_ft = aoe_for(g, req.type, eff.damage_dice);
  damage_scale = static_cast<double>(eff.damage_dice) / full.damage_dice;
  SAY(ex, "reduced charge " + trim(pw) + " of " + trim(full.powder_lb) + " lb: ranges and damage x " + trim(f, 4) +
              " -> " + trim(eff.range_short_yd) + "/" + trim(eff.range_medium_yd) + "/" + trim(eff.range_long_yd) +
              " yd, " + eff.damage());
  return {};
}

// Lighter shot: medium and long range -25% (p. 14, "Shot Weight").
Diagnostics lighter_shot(const AttackRules& a, const Request& req, Design& d, Characteristics& eff,
                         std::vector<std::string>* ex) {
  if (!req.shot_used_lb) return {};
  const double s = *req.shot_used_lb;
  if (!std::isfinite(s) || s <= 0)
    return fail("shot_used_lb", "shot used must be a positive number of pounds, got " + trim(s));
  if (s > req.shot_lb + 1e-9)
    return fail("shot_used_lb",
                "a piece cannot fire shot heavier than its own " + trim(req.shot_lb) + " lb, got " + trim(s) + " lb");
  d.shot_used_lb = s;
  if (s < req.shot_lb) {
    const double f = a.lighter_shot_range_factor;
    eff.range_medium_yd = r::half_up(eff.range_medium_yd * f);
    eff.range_long_yd = r::half_up(eff.range_long_yd * f);
    SAY(ex, "lighter shot (" + trim(s) + " lb): medium and long range x " + trim(f) + " -> " +
                trim(eff.range_medium_yd) + "/" + trim(eff.range_long_yd) + " yd");
  }
  return {};
}

// Economy (p. 53-54): powder price and price multiplier of the chosen gunpowder, the price of the
// piece and its powder, and the time to make it (a workshop's rate, or a dwarven machinist's).
Diagnostics economy_for(const Catalogue& cat, const GunpowderType& gp, const Request& req, const Characteristics& full,
                        const Characteristics& eff, Economy& e, std::vector<std::string>* ex) {
  e.gunpowder = gp.id;
  const bool dwarven = gp.id == "dwarven";
  e.powder_gp_per_lb = req.powder_gp_per_lb  ? *req.powder_gp_per_lb
                       : gp.powder_gp_per_lb ? *gp.powder_gp_per_lb
                                             : cat.economy.dwarven_powder_gp_per_lb;
  e.cost_multiplier = req.price_multiplier ? *req.price_multiplier
                      : gp.cost_multiplier ? *gp.cost_multiplier
                                           : cat.economy.dwarven_multiplier;
  if (!std::isfinite(e.powder_gp_per_lb) || e.powder_gp_per_lb < 0)
    return fail("powder_gp_per_lb", "powder price must be zero or more gp per pound");
  if (!std::isfinite(e.cost_multiplier) || e.cost_multiplier <= 0)
    return fail("price_multiplier", "price multiplier must be positive");
  e.piece_cost_gp = full.cost_gp * e.cost_multiplier;
  e.powder_cost_per_shot_gp = eff.powder_lb * e.powder_gp_per_lb;
  e.market_class_reduction = dwarven ? cat.economy.dwarven_market_class_reduction : 0;
  if (dwarven) {
    e.making_days = cat.economy.machinist_base_days +
                    cat.economy.machinist_days_per_1000gp * std::ceil(e.piece_cost_gp / 1000.0 - 1e-9);
    e.making_rule = cat.machinist_rule_text;
  } else {
    e.making_days = std::ceil(e.piece_cost_gp / cat.economy.workshop_gp_per_day - 1e-9);
    e.making_rule = cat.workshop_rule_text;
  }
  SAY(ex, "economy (" + gp.name + "): powder " + trim(e.powder_gp_per_lb) + " gp/lb, price x " +
              trim(e.cost_multiplier) + " -> " + trim(e.piece_cost_gp) + " gp, " + trim(e.making_days) +
              " days to make (" + std::string(e.making_rule) + ")");
  return {};
}

// The requested carriage must exist for the piece (p. 15) and in the chosen era.
Diagnostics check_carriage(const Catalogue& cat, const Request& req, const Design& d) {
  if (!req.carriage) return {};
  const MobilityRow& m = d.mobility[static_cast<size_t>(*req.carriage)];
  if (m.availability == "not available")
    return fail("carriage",
                "a " + d.name + " cannot have a " + cat.carriage(*req.carriage).name + " (" +
                    (m.availability_source == "book" ? cat.sources.mobility : std::string(m.availability_source)) +
                    ")");
  if (!m.available)
    return fail("carriage", cat.carriage(*req.carriage).name + " is not available in the " + to_string(*req.era) +
                                " era (from the " + std::string(m.availability) + " era)");
  return {};
}

// Daily cost of powder and shot (Gunpowder Artillery Bombardment table, p. 18): the book's figure
// for a book piece at its own charge and historical powder, otherwise shots per day x (shot +
// powder), to the nearest 25 gp.
void daily_cost(const BookPiece* book_figures, const Request& req, const std::string& gunpowder, Design& d,
                std::vector<std::string>* ex) {
  const double per_shot = d.effective.shot_cost_gp + d.economy.powder_cost_per_shot_gp;
  const bool book_cost = book_figures && !req.powder_lb && gunpowder == "historical" && !req.powder_gp_per_lb;
  if (book_cost) {
    d.bombardment.cost_gp_per_day = book_figures->cost_gp_per_day;
    d.bombardment.cost_per_day_source = d.effective.source_of("cost_gp_per_day");
  } else {
    d.bombardment.cost_gp_per_day = r::nearest(d.bombardment.shots_per_day * per_shot, 25);
    d.bombardment.cost_per_day_source = "formula";
    SAY(ex, "daily powder and shot = " + std::to_string(d.bombardment.shots_per_day) + " x (" +
                trim(d.effective.shot_cost_gp) + " + " + trim(d.economy.powder_cost_per_shot_gp) +
                ") gp -> nearest 25: " + trim(d.bombardment.cost_gp_per_day) + " gp");
  }
  d.economy.cost_gp_per_day = d.bombardment.cost_gp_per_day;
}

// Battle: unit size, BR, bonus units, battlefield unit (p. 20, 36-37), from the book piece or the
// nearest book piece of the type.
Battle battle_for(const Catalogue& cat, const Request& req, const BookPiece* book, const Characteristics& eff) {
  const BookPiece& ref = book ? *book : nearest_book_piece(cat, req.type, req.shot_lb);
  Battle b;
  b.from_book = book != nullptr;
  b.reference = &ref;
  b.unit_size = ref.unit_size;
  b.br = ref.br;
  b.bonus_units = ref.bonus_units;
  b.reload = ref.battlefield_unit.reload;
  if (!book || req.force_formula || req.powder_lb) {
    // Reload tokens: the piece's ROF shared by the pieces of the unit, rounded half up
    // (reproduces all 17 printed reload figures).
    b.reload = std::max(
        1, static_cast<int>(r::half_up(static_cast<double>(eff.rounds_per_shot) / ref.battlefield_unit.pieces)));
  }
  return b;
}

}  // namespace

Expected<Design> design(const Catalogue& cat, const Request& req) {
  if (auto bad = check_shot(req); !bad.empty()) return bad;
  Design d;
  d.type = req.type;
  d.era = req.era;
  d.carriage = req.carriage;
  auto* ex = req.explain ? &d.explain : nullptr;
  const BookPiece* book = cat.find(req.type, req.shot_lb);
  const BookPiece* book_figures = book && !req.force_formula ? book : nullptr;  // the book's figures are used
  d.name = piece_name(req, book);
  choose_figures(cat, req, book_figures, d, ex);

  Characteristics eff = d.book_or_formula;
  double damage_scale = 1.0;
  if (auto bad = reduce_charge(cat.design, req, d, eff, damage_scale, ex); !bad.empty()) return bad;
  if (auto bad = lighter_shot(cat.attack, req, d, eff, ex); !bad.empty()) return bad;

  const GunpowderType* gp = cat.gunpowder(req.gunpowder);
  if (!gp)
    return fail("gunpowder",
                "unknown gunpowder " + req.gunpowder + " (allowed: historical, alchemical, magical, dwarven)");
  if (auto bad = economy_for(cat, *gp, req, d.book_or_formula, eff, d.economy, ex); !bad.empty()) return bad;
  eff.powder_cost_gp = d.economy.powder_cost_per_shot_gp;
  eff.cost_gp = d.economy.piece_cost_gp;
  d.effective = eff;

  // Mobility and the requested carriage.
  d.mobility = mobility_for(cat, book_figures, req.type, d.effective, req.era, ex);
  if (auto bad = check_carriage(cat, req, d); !bad.empty()) return bad;

  // Bombardment: the book's table for a book piece, the fitted model otherwise.
  d.bombardment = bombardment_for(cat, book_figures, req.type, d.effective, damage_scale, ex);
  daily_cost(book_figures, req, gp->id, d, ex);

  d.battle = battle_for(cat, req, book, d.effective);
  if (gp->id == "dwarven") d.automaton = as_automaton(cat, req.type, d.effective, ex, req.lb_per_stone);
  return d;
}

std::optional<double> bombard_model(const Catalogue& cat, const Characteristics& c, Bracket b, FireMode m) {
  const auto& factor = cat.bombard_factor[static_cast<size_t>(b)][static_cast<size_t>(m)];
  if (!factor) return std::nullopt;
  // The book prints its short and medium figures in steps of 25 and its long-range figures
  // (all below 200) in steps of 5.
  const double raw = c.shots_per_day * 5.5 * c.damage_dice * *factor;
  return r::nearest(raw, raw >= 200 ? 25 : 5);
}

Expected<Priced> priced(const Catalogue& cat, double historical_gp, const std::string& gunpowder) {
  const GunpowderType* gp = cat.gunpowder(gunpowder);
  if (!gp) return Expected<Priced>::failure("unknown gunpowder " + gunpowder);
  const double mult = gp->cost_multiplier ? *gp->cost_multiplier : cat.economy.dwarven_multiplier;
  Priced p;
  p.price_gp = historical_gp * mult;
  p.days = std::ceil(p.price_gp / cat.economy.workshop_gp_per_day - 1e-9);
  return p;
}

int machinist_throw(int base_throw, double value_gp, int bonuses, double gp_per_step) {
  // Dwarven Gunpowder, example: "+1 per 5,000gp value": 8,000 gp counts 2 (the example's own
  // figure), so fractions round up.
  return base_throw + static_cast<int>(std::ceil(value_gp / gp_per_step - 1e-9)) - bonuses;
}

std::optional<int> dwarven_market_class(const Catalogue& cat, int market_class) {
  // Dwarven Gunpowder: "the market availability for dwarven gunpowder in non-dwarven settlements
  // would be reduced by one market class"; past Class VI nothing is for sale.
  const int shifted = market_class + cat.economy.dwarven_market_class_reduction;
  if (shifted > kSmallestMarketClass) return std::nullopt;
  return shifted;
}

}  // namespace gunpowder::artillery
