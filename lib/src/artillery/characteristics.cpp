// characteristics.cpp - Determining Gunpowder Artillery Characteristics (Guns of War, pp. 13-14):
// the design formulas in the book's order (calibre, barrel, powder, range, weight and cost, crew,
// damage and area of effect, rate of fire), each with its typed step of the derivation, and the
// formulas' figures compared with the book's pieces.
#include <algorithm>
#include <cmath>

#include "design_steps.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::artillery {

namespace r = rounding;
using detail::idx;
using detail::say;
using detail::section;
using detail::step;
using fmtnum::trim;
using report::Step;
using report::Yields;

namespace detail {

// Area of effect from damage dice (p. 14, "AOE").
int aoe_for(const DesignRules& g, Type t, int dice) {
  if (t == Type::mortar) {
    for (const auto& [max_dice, radius] : g.mortar_aoe_bands)
      if (dice <= max_dice) return radius;
    return g.mortar_aoe_bands.empty() ? 0 : g.mortar_aoe_bands.back().second;
  }
  return static_cast<int>(std::min(g.aoe_line_max_ft, g.aoe_line_base_ft + g.aoe_line_per_die_ft * dice));
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

// Damage from the powder charge, a term per band of the Damage rule: "3 lb / 1 lb + 9 lb / 3 lb".
Step damage_step(const DesignRules& g, const std::string& src, double powder_lb, int dice) {
  std::string terms;
  double from = 0;
  for (const auto& [upto, per] : g.damage_bands) {
    const double span = std::min(powder_lb, upto) - from;
    if (span <= 0) break;
    terms += (terms.empty() ? "" : " + ") + trim(span, 2) + " lb / " + trim(per) + " lb";
    from = upto;
  }
  return step("damage", (terms.empty() ? trim(powder_lb, 2) + " lb" : terms) + ", 1d10 a whole step, at least 1d10",
              std::to_string(dice) + "d10", section(src, "Damage"), Yields::rounded)
      .in("powder charge", trim(powder_lb, 2) + " lb");
}

// Area of effect from damage dice: a line's length (base + per die, to a maximum) or a mortar's radius.
Step aoe_step(const DesignRules& g, const std::string& src, Type t, int dice, int aoe_ft) {
  if (t == Type::mortar)
    return step("area of effect", "a mortar's radius by damage, " + std::to_string(dice) + "d10",
                std::to_string(aoe_ft) + "' radius", section(src, "AOE"), Yields::rounded)
        .in("damage dice", std::to_string(dice));
  return step("area of effect",
              trim(g.aoe_line_base_ft) + "' + " + trim(g.aoe_line_per_die_ft) + "' x " + std::to_string(dice) +
                  " dice, at most " + trim(g.aoe_line_max_ft) + "'",
              trim(g.aoe_line_width_ft) + "' x " + std::to_string(aoe_ft) + "' line", section(src, "AOE"))
      .in("damage dice", std::to_string(dice))
      .in("base", trim(g.aoe_line_base_ft) + " ft")
      .in("per die", trim(g.aoe_line_per_die_ft) + " ft")
      .in("maximum", trim(g.aoe_line_max_ft) + " ft");
}

}  // namespace detail

using detail::aoe_for;
using detail::aoe_step;
using detail::damage_step;
using detail::nearest_book_piece;

namespace {

std::string feet_inches(double inches) {
  const int total = r::saturated_int(std::round(inches));
  const int ft = total / 12, in = total % 12;
  return std::to_string(ft) + "'" + (in ? std::to_string(in) + "\"" : "");
}

// Crew by shot weight (p. 14, "Crew").
int crew_for(const DesignRules& g, double shot_lb) {
  for (const auto& [max_lb, crew] : g.crew_bands)
    if (shot_lb <= max_lb) return crew;
  const int last = g.crew_bands.empty() ? 0 : g.crew_bands.back().second;
  return r::saturated_int(last + std::floor((shot_lb - g.crew_extra_above_lb) / g.crew_extra_lb_per_man + 1e-9));
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
  return std::max(1, r::saturated_int(dice));
}

// Shots per day from the ROF: 2,880 rounds a day / N. The bombardment table prints the whole
// quotient when it is whole and the nearest 5 otherwise (53.3 -> 55, 205.7 -> 205), which
// reproduces all 17 printed figures.
int shots_per_day_from_rof(double rounds_per_day, int rounds_per_shot) {
  const double q = rounds_per_day / rounds_per_shot;
  if (std::fabs(q - std::round(q)) < 1e-9) return r::saturated_int(std::round(q));
  return r::saturated_int(r::nearest(q, 5));
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

// Barrel calibre: offset + k x shot^(1/3), k for iron or stone shot, up to the quarter inch.
void calibre_step(const DesignRules& g, const std::string& src, Type t, double shot, Characteristics& c,
                  report::Steps* ex) {
  const double k = t == Type::mortar ? g.caliber_k_stone : g.caliber_k_iron;
  const double cal_raw = g.caliber_offset_in + k * std::cbrt(shot);
  c.caliber_in = r::caliber_quarter_inch(cal_raw);
  if (ex)
    say(*ex, step("calibre",
                  trim(g.caliber_offset_in) + " + " + trim(k) + " x " + trim(shot) + "^(1/3) = " + trim(cal_raw, 3) +
                      "\", up to the quarter inch",
                  trim(c.caliber_in, 2) + "\"", section(src, "Barrel Caliber"), Yields::rounded)
                 .in("offset", trim(g.caliber_offset_in) + " in")
                 .in(t == Type::mortar ? "factor for stone shot" : "factor for iron shot", trim(k))
                 .in("shot", trim(shot) + " lb"));
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
void barrel_step(const DesignRules& g, const std::string& src, Type t, Characteristics& c, report::Steps* ex) {
  const size_t i = idx(t);
  c.barrel_length_in = barrel_inch_half_even(c.caliber_in * g.barrel_calibers[i]);
  if (ex)
    say(*ex, step("barrel length",
                  trim(c.caliber_in, 2) + " x " + trim(g.barrel_calibers[i]) + " = " +
                      trim(c.caliber_in * g.barrel_calibers[i], 2) +
                      " in, to the whole inch (halves to even, as the table prints)",
                  feet_inches(c.barrel_length_in), section(src, "Barrel Length"), Yields::rounded)
                 .in("calibre", trim(c.caliber_in, 2) + " in")
                 .in("calibres", trim(g.barrel_calibers[i])));
}

// Powder charge: shot weight x the type's ratio.
void powder_step(const DesignRules& g, const std::string& src, Type t, double shot, Characteristics& c,
                 report::Steps* ex) {
  const size_t i = idx(t);
  c.powder_lb = shot * g.powder_ratio[i];
  if (ex)
    say(*ex, step("powder charge", trim(shot) + " lb x " + trim(g.powder_ratio[i]), trim(c.powder_lb) + " lb",
                  section(src, "Powder Weight"))
                 .in("shot", trim(shot) + " lb")
                 .in("powder to shot", trim(g.powder_ratio[i])));
}

// Range: short = barrel feet x yards per foot (nearest 20), long = short x the type's multiple
// (nearest 100), medium = short + a fraction of the way to the unrounded long (nearest 20).
void range_step(const DesignRules& g, const std::string& src, Type t, Characteristics& c, report::Steps* ex) {
  const size_t i = idx(t);
  const double barrel_ft = c.barrel_length_in / 12.0;
  const double short_raw = barrel_ft * g.short_range_yd_per_ft[i];
  const double long_raw = short_raw * g.long_range_mult[i];
  const double medium_raw = short_raw + g.medium_range_fraction * (long_raw - short_raw);
  c.range_short_yd = r::nearest(short_raw, g.short_range_round_yd);
  c.range_long_yd = r::nearest(long_raw, g.long_range_round_yd);
  c.range_medium_yd = r::nearest(medium_raw, g.medium_range_round_yd);
  if (!ex) return;
  say(*ex, step("short range",
                trim(barrel_ft, 3) + " ft x " + trim(g.short_range_yd_per_ft[i]) + " = " + trim(short_raw, 1) +
                    " yd, to the nearest " + trim(g.short_range_round_yd),
                trim(c.range_short_yd) + " yd", section(src, "Short Range"), Yields::rounded)
               .in("barrel length", trim(barrel_ft, 3) + " ft")
               .in("yards per foot", trim(g.short_range_yd_per_ft[i])));
  say(*ex, step("long range",
                trim(short_raw, 1) + " x " + trim(g.long_range_mult[i]) + " = " + trim(long_raw, 1) +
                    " yd, to the nearest " + trim(g.long_range_round_yd),
                trim(c.range_long_yd) + " yd", section(src, "Long Range"), Yields::rounded)
               .in("short range, unrounded", trim(short_raw, 1) + " yd")
               .in("multiple", trim(g.long_range_mult[i])));
  say(*ex, step("medium range",
                trim(short_raw, 1) + " + " + trim(g.medium_range_fraction) + " x (" + trim(long_raw, 1) + " - " +
                    trim(short_raw, 1) + ") = " + trim(medium_raw, 1) + " yd, to the nearest " +
                    trim(g.medium_range_round_yd),
                trim(c.range_medium_yd) + " yd", section(src, "Medium Range"), Yields::rounded)
               .in("short range, unrounded", trim(short_raw, 1) + " yd")
               .in("fraction", trim(g.medium_range_fraction))
               .in("long range, unrounded", trim(long_raw, 1) + " yd"));
}

// Base weight: calibre^2 x barrel feet x the type's modifier, to the nearest 50 lb; cost: base
// weight x gp per lb.
void weight_and_cost_step(const DesignRules& g, const std::string& src, Type t, Characteristics& c, report::Steps* ex) {
  const double barrel_ft = c.barrel_length_in / 12.0;
  const double weight_raw = c.caliber_in * c.caliber_in * barrel_ft * g.weight_mod[idx(t)];
  c.base_weight_lb = r::nearest_50_lb(weight_raw);
  c.cost_gp = c.base_weight_lb * g.cost_gp_per_lb_base_weight;
  if (!ex) return;
  say(*ex, step("base weight",
                trim(c.caliber_in, 2) + "^2 x " + trim(barrel_ft, 3) + " ft x " + trim(g.weight_mod[idx(t)]) + " = " +
                    trim(weight_raw, 1) + " lb, to the nearest 50",
                trim(c.base_weight_lb) + " lb", section(src, "Base Weight"), Yields::rounded)
               .in("calibre", trim(c.caliber_in, 2) + " in")
               .in("barrel length", trim(barrel_ft, 3) + " ft")
               .in("weight modifier", trim(g.weight_mod[idx(t)])));
  say(*ex, step("cost", trim(c.base_weight_lb) + " lb x " + trim(g.cost_gp_per_lb_base_weight) + " gp",
                trim(c.cost_gp) + " gp", section(src, "Cost"))
               .in("base weight", trim(c.base_weight_lb) + " lb")
               .in("gp per lb", trim(g.cost_gp_per_lb_base_weight)));
}

// Crew by shot weight, damage by powder charge, area of effect by damage (p. 14).
void crew_damage_step(const DesignRules& g, const std::string& src, Type t, double shot, Characteristics& c,
                      report::Steps* ex) {
  c.crew = crew_for(g, shot);
  c.damage_dice = damage_dice_for(g, c.powder_lb);
  c.aoe_ft = aoe_for(g, t, c.damage_dice);
  if (!ex) return;
  say(*ex, step("crew", "men by shot weight, " + trim(shot) + " lb", std::to_string(c.crew) + " men",
                section(src, "Crew"), Yields::rounded)
               .in("shot", trim(shot) + " lb"));
  say(*ex, damage_step(g, src, c.powder_lb, c.damage_dice));
  say(*ex, aoe_step(g, src, t, c.damage_dice, c.aoe_ft));
}

// Rate of fire (Determining Gunpowder Artillery Characteristics, ROF): shots per day = numerator /
// (shot / reference shot)^exponent, mortars x a factor; ROF = 1/N with N = rounds per day / shots
// per day (the text's "1 / [1 / (shots per day / 2880)]" read as one shot every N rounds).
// shots_first, the text's order: shots per day to the whole shot, then N from them, to the nearest
// whole round. rof_first: N from the unrounded shots per day, then shots per day = 2,880 / N as
// the Bombardment table prints them (whole, else the nearest 5).
void rate_of_fire_step(const DesignRules& g, const std::string& src, Type t, double shot, RateReading rate,
                       Characteristics& c, report::Steps* ex) {
  double spd = g.spd_numerator / std::pow(shot / g.spd_ref_shot_lb, g.spd_exponent);
  if (t == Type::mortar) spd *= g.spd_factor_mortar;
  const bool shots_first = rate == RateReading::shots_first;
  if (shots_first) {
    c.shots_per_day = std::max(1, r::saturated_int(r::half_up(spd)));
    c.rounds_per_shot = std::max(1, r::saturated_int(r::half_up(g.rof_rounds_per_day / c.shots_per_day)));
  } else {
    c.rounds_per_shot = std::max(1, r::saturated_int(r::half_up(g.rof_rounds_per_day / spd)));
    c.shots_per_day = shots_per_day_from_rof(g.rof_rounds_per_day, c.rounds_per_shot);
  }
  if (!ex) return;
  const std::string rof_source = shots_first ? section(src, "ROF") : detail::reading(section(src, "ROF"));
  Step formula = step("shots per day",
                      trim(g.spd_numerator) + " / (" + trim(shot) + "/" + trim(g.spd_ref_shot_lb) + ")^" +
                          trim(g.spd_exponent) + (t == Type::mortar ? " x " + trim(g.spd_factor_mortar) : "") + " = " +
                          trim(spd, 2) + ", to the whole shot",
                      std::to_string(c.shots_per_day), section(src, "ROF"), Yields::rounded);
  formula.in("shot", trim(shot) + " lb")
      .in("numerator", trim(g.spd_numerator))
      .in("reference shot", trim(g.spd_ref_shot_lb) + " lb")
      .in("exponent", trim(g.spd_exponent));
  if (t == Type::mortar) formula.in("mortar factor", trim(g.spd_factor_mortar));
  const std::string per_day = shots_first ? std::to_string(c.shots_per_day) : trim(spd, 2);
  Step rof = step("ROF",
                  "1 / (" + trim(g.rof_rounds_per_day) + " / " + per_day + "), to the whole round" +
                      (shots_first ? "" : " (--rate-reading rof-first)"),
                  "1/" + std::to_string(c.rounds_per_shot), rof_source, Yields::rounded);
  rof.in("rounds per day", trim(g.rof_rounds_per_day)).in("shots per day", per_day);
  if (shots_first) {
    say(*ex, formula);
    say(*ex, rof);
    return;
  }
  formula.figure = "shots per day, unrounded";
  formula.rule = formula.rule.substr(0, formula.rule.rfind(", to the whole shot"));
  formula.result.clear();
  formula.yields = Yields::equals;
  say(*ex, formula);
  say(*ex, rof);
  say(*ex, step("shots per day",
                trim(g.rof_rounds_per_day) + " / " + std::to_string(c.rounds_per_shot) +
                    ", whole, else to the nearest 5 (as the Bombardment table prints)",
                std::to_string(c.shots_per_day), rof_source, Yields::rounded)
               .in("rounds per day", trim(g.rof_rounds_per_day))
               .in("rounds per shot", std::to_string(c.rounds_per_shot)));
}

// The [rules.design] keys each figure of the formulas is computed from, for a piece of type `t`
// (the steps above, in their order): a figure is ruled when a house rule changed one of them.
std::vector<std::pair<std::string_view, std::vector<std::string>>> design_inputs(Type t) {
  const std::string T = "_" + to_string(t);
  const bool mortar = t == Type::mortar;
  std::vector<std::string> caliber{"caliber_offset_in", mortar ? "caliber_k_stone" : "caliber_k_iron"};
  std::vector<std::string> barrel = caliber;
  barrel.push_back("barrel_calibers" + T);
  std::vector<std::string> range = barrel;
  range.insert(range.end(), {"short_range_yd_per_ft" + T, "long_range_mult" + T, "medium_range_fraction",
                             "short_range_round_yd", "medium_range_round_yd", "long_range_round_yd"});
  std::vector<std::string> weight = barrel;
  weight.push_back("weight_mod" + T);
  std::vector<std::string> cost = weight;
  cost.push_back("cost_gp_per_lb_base_weight");
  const std::vector<std::string> powder{"powder_ratio" + T};
  std::vector<std::string> damage = powder;
  damage.push_back("damage_band");
  std::vector<std::string> aoe = damage;
  if (mortar)
    aoe.push_back("mortar_aoe_band");
  else
    aoe.insert(aoe.end(), {"aoe_line_base_ft", "aoe_line_per_die_ft", "aoe_line_max_ft"});
  std::vector<std::string> rate{"spd_numerator", "spd_ref_shot_lb", "spd_exponent", "rof_rounds_per_day"};
  if (mortar) rate.push_back("spd_factor_mortar");
  return {{"caliber_in", caliber},
          {"barrel_length_in", barrel},
          {"powder_lb", powder},
          {"range_short_yd", range},
          {"range_medium_yd", range},
          {"range_long_yd", range},
          {"base_weight_lb", weight},
          {"cost_gp", cost},
          {"shp", weight},
          {"crew", {"crew_band", "crew_extra_above_lb", "crew_extra_lb_per_man"}},
          {"damage_dice", damage},
          {"aoe_ft", aoe},
          {"shots_per_day", rate},
          {"rounds_per_shot", rate},
          {"powder_cost_gp", powder}};
}

// The steps of the formulas (from `first` on) whose figure a house rule changed cite it before
// the book's rule: "house rule (FILE), Guns of War, ...".
void cite_house_rules(const Characteristics& c, report::Steps& ex, size_t first) {
  if (c.ruled.empty()) return;
  static const std::pair<std::string_view, std::string_view> kFigureKeys[] = {
      {"calibre", "caliber_in"},
      {"barrel length", "barrel_length_in"},
      {"powder charge", "powder_lb"},
      {"short range", "range_short_yd"},
      {"medium range", "range_medium_yd"},
      {"long range", "range_long_yd"},
      {"base weight", "base_weight_lb"},
      {"cost", "cost_gp"},
      {"crew", "crew"},
      {"damage", "damage_dice"},
      {"area of effect", "aoe_ft"},
      {"shots per day", "shots_per_day"},
      {"shots per day, unrounded", "shots_per_day"},
      {"ROF", "rounds_per_shot"},
      {"shp", "shp"}};
  for (size_t i = first; i < ex.size(); ++i)
    for (const auto& [figure, key] : kFigureKeys)
      if (ex[i].figure == figure && c.source_of(key) != c.source) {
        ex[i].source = std::string(c.source_of(key)) + ", " + ex[i].source;
        break;
      }
}

// The figures of the formulas a house rule of [rules.design] changed, by what they are computed from.
void note_design_house_rules(const DesignRules& g, Type t, Characteristics& c) {
  if (g.house_rule_sources.empty()) return;
  for (const auto& [figure, inputs] : design_inputs(t))
    for (const auto& key : inputs)
      if (auto it = g.house_rule_sources.find(key); it != g.house_rule_sources.end()) {
        c.ruled.emplace_back(figure, it->second);
        break;
      }
}

}  // namespace

Characteristics formula_characteristics(const Catalogue& cat, Type t, double shot, report::Steps* ex,
                                        RateReading rate) {
  const DesignRules& g = cat.design;
  Characteristics c;
  c.source = "formula";
  c.shot_lb = shot;
  const std::string& src = cat.sources.design;
  const size_t first_step = ex ? ex->size() : 0;
  calibre_step(g, src, t, shot, c, ex);
  barrel_step(g, src, t, c, ex);
  powder_step(g, src, t, shot, c, ex);
  range_step(g, src, t, c, ex);
  weight_and_cost_step(g, src, t, c, ex);
  crew_damage_step(g, src, t, shot, c, ex);
  rate_of_fire_step(g, src, t, shot, rate, c, ex);
  // AC and structural hit points, which the formulas do not give: the nearest book piece's AC,
  // its shp scaled by base weight.
  const BookPiece& near = nearest_book_piece(cat, t, shot);
  c.ac = near.ac;
  c.shp = r::saturated_int(std::max(1.0, r::half_up(near.shp * c.base_weight_lb / near.base_weight_lb)));
  if (ex) {
    // The formulas give neither (docs/rules-notes.md, "AC and shp").
    const std::string reading = detail::reading(cat.sources.characteristics);
    say(*ex, step("AC", "the nearest book piece's, the " + near.name, std::to_string(c.ac), reading)
                 .in("nearest book piece", near.name));
    say(*ex, step("shp",
                  std::to_string(near.shp) + " x " + trim(c.base_weight_lb) + " lb / " + trim(near.base_weight_lb) +
                      " lb (the " + near.name + "'s shp scaled by base weight)",
                  std::to_string(c.shp), reading, Yields::rounded)
                 .in("shp of the nearest book piece", std::to_string(near.shp))
                 .in("base weight", trim(c.base_weight_lb) + " lb")
                 .in("base weight of the nearest book piece", trim(near.base_weight_lb) + " lb"));
  }
  c.shot_cost_gp = shot_cost_for(cat, t, shot);
  c.powder_cost_gp = c.powder_lb * 1.0;
  c.shot_diameter_in = c.caliber_in - g.shot_undersize_in;
  note_design_house_rules(g, t, c);
  if (ex) cite_house_rules(c, *ex, first_step);
  return c;
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

}  // namespace gunpowder::artillery
