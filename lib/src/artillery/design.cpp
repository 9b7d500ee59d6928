// design.cpp - one artillery piece designed (Guns of War, Gunpowder Artillery): its name, the
// book's figures or the design formulas, a reduced charge and lighter shot, the economy, mobility,
// bombardment, battle figures and automaton, one step per rule in the order of the book.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "design_steps.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::artillery {

namespace r = rounding;
using detail::aoe_for;
using detail::bombardment_for;
using detail::check_carriage;
using detail::daily_cost;
using detail::economy_for;
using detail::fail;
using detail::mobility_for;
using detail::nearest_book_piece;
using detail::say;
using detail::section;
using detail::step;
using fmtnum::trim;
using report::Step;
using report::Yields;

namespace {

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
  // The price list's powder charge is its weight at the economy's price a pound: design() prices it.
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

// The name of the piece: the request's, the book's, or "<shot>-pdr <Type>".
std::string piece_name(const Request& req, const BookPiece* book) {
  if (!req.name.empty()) return req.name;
  if (book) return book->name;
  const std::string type = to_string(req.type);
  return trim(req.shot_lb) + "-pdr " + std::string(1, static_cast<char>(std::toupper(type[0]))) + type.substr(1);
}

// A weight as given: to 2 decimals from 1 lb up, else to 6 significant digits (5e-324 is not
// "0"), infinity as "inf" (not "n/a").
std::string weight_given(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return std::abs(x) >= 1 ? trim(x) : fmtnum::shortest(x, 6);
}

// Shot weight: positive, finite and within the range this tool designs.
Diagnostics check_shot(const Request& req) {
  if (!std::isfinite(req.shot_lb) || req.shot_lb <= 0)
    return fail("shot_lb", "shot weight must be a positive number of pounds, got " + weight_given(req.shot_lb));
  if (req.shot_lb < kMinShotLb || req.shot_lb > kMaxShotLb)
    return fail("shot_lb", "shot weight " + weight_given(req.shot_lb) + " lb is outside the range this tool designs (" +
                               trim(kMinShotLb) + " to " + trim(kMaxShotLb) + " lb)");
  return {};
}

// The piece at full charge: the book's figures for a book piece (unless the formulas are forced),
// the design formulas (p. 14) otherwise; the formulas' figures are always kept for comparison.
void choose_figures(const Catalogue& cat, const Request& req, const BookPiece* book_figures, Design& d,
                    report::Steps* ex) {
  report::Steps formula_lines;
  d.formula = formula_characteristics(cat, req.type, req.shot_lb, ex ? &formula_lines : nullptr, req.rate_reading);
  if (book_figures) {
    d.book_or_formula = with_shot_diameter(from_book(*book_figures), cat.design);
    if (ex) say(*ex, report::statement("the book's figures", cat.sources.characteristics));
  } else {
    d.book_or_formula = d.formula;
    if (ex) {
      say(*ex, report::statement("design formulas", cat.sources.design));
      ex->insert(ex->end(), formula_lines.begin(), formula_lines.end());
    }
  }
  // A gun's or cannon's area of effect is a line of this width; a mortar's a radius (p. 14).
  const int width = req.type == Type::mortar ? 0 : static_cast<int>(cat.design.aoe_line_width_ft);
  d.formula.aoe_width_ft = d.book_or_formula.aoe_width_ft = width;
}

std::string ranges_text(const Characteristics& c) {
  return trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd) + " yd";
}

// The steps of a reduced charge: the ranges, the damage and, when the dice change, the area of effect.
void reduced_charge_steps(const Catalogue& cat, Type t, const Characteristics& full, const Characteristics& eff,
                          double f, report::Steps& ex) {
  const std::string src = section(cat.sources.characteristics, "Powder Charge");
  const std::string factor = trim(eff.powder_lb) + " lb / " + trim(full.powder_lb) + " lb (" + trim(f, 4) + ")";
  say(ex, step("ranges", ranges_text(full) + " x " + factor + ", to the yard", ranges_text(eff), src, Yields::rounded)
              .in("ranges at full charge", ranges_text(full))
              .in("powder charge", trim(eff.powder_lb) + " lb")
              .in("full charge", trim(full.powder_lb) + " lb"));
  say(ex,
      step("damage", full.damage() + " x " + factor + ", halves up, at least 1d10", eff.damage(), src, Yields::rounded)
          .in("damage at full charge", full.damage())
          .in("powder charge", trim(eff.powder_lb) + " lb")
          .in("full charge", trim(full.powder_lb) + " lb"));
  if (eff.damage_dice != full.damage_dice)
    say(ex, detail::aoe_step(cat.design, cat.sources.design, t, eff.damage_dice, eff.aoe_ft));
}

// Reduced powder charge: range and damage scale with charge / full charge (p. 14, "Powder Charge").
// `damage_scale` becomes the ratio of the reduced dice to the full dice.
Diagnostics reduce_charge(const Catalogue& cat, const Request& req, Design& d, Characteristics& eff,
                          double& damage_scale, report::Steps* ex) {
  const DesignRules& g = cat.design;
  damage_scale = 1.0;
  if (!req.powder_lb) return {};
  const Characteristics& full = d.book_or_formula;
  const double pw = *req.powder_lb;
  if (!std::isfinite(pw) || pw <= 0)
    return fail("powder_lb", "powder charge must be a positive number of pounds, got " + fmtnum::shortest(pw, 17));
  if (pw > full.powder_lb + 1e-9)
    return fail("powder_lb", "powder charge " + trim(pw) + " lb is above the piece's own charge of " +
                                 trim(full.powder_lb) + " lb (a reduced charge may only be smaller)");
  const double f = pw / full.powder_lb;
  d.powder_used_lb = pw;
  eff.powder_lb = pw;
  eff.range_short_yd = r::half_up(full.range_short_yd * f);
  eff.range_medium_yd = r::half_up(full.range_medium_yd * f);
  eff.range_long_yd = r::half_up(full.range_long_yd * f);
  eff.damage_dice = std::max(1, r::saturated_int(r::half_up(full.damage_dice * f)));
  if (eff.damage_dice != full.damage_dice) eff.aoe_ft = aoe_for(g, req.type, eff.damage_dice);
  damage_scale = static_cast<double>(eff.damage_dice) / full.damage_dice;
  if (ex) reduced_charge_steps(cat, req.type, full, eff, f, *ex);
  return {};
}

// Lighter shot: medium and long range -25% (p. 14, "Shot Weight").
Diagnostics lighter_shot(const Catalogue& cat, const Request& req, Design& d, Characteristics& eff, report::Steps* ex) {
  const AttackRules& a = cat.attack;
  if (!req.shot_used_lb) return {};
  const double s = *req.shot_used_lb;
  if (!std::isfinite(s) || s <= 0)
    return fail("shot_used_lb", "shot used must be a positive number of pounds, got " + fmtnum::shortest(s, 17));
  if (s > req.shot_lb + 1e-9)
    return fail("shot_used_lb",
                "a piece cannot fire shot heavier than its own " + trim(req.shot_lb) + " lb, got " + fmtnum::shortest(s, 17) + " lb");
  d.shot_used_lb = s;
  if (s < req.shot_lb) {
    const double f = a.lighter_shot_range_factor;
    const std::string before = trim(eff.range_medium_yd) + "/" + trim(eff.range_long_yd) + " yd";
    eff.range_medium_yd = r::half_up(eff.range_medium_yd * f);
    eff.range_long_yd = r::half_up(eff.range_long_yd * f);
    if (ex)
      say(*ex, step("medium and long range",
                    before + " x " + trim(f) + " (" + trim(s) + " lb shot, lighter than " + trim(req.shot_lb) +
                        " lb), to the yard",
                    trim(eff.range_medium_yd) + "/" + trim(eff.range_long_yd) + " yd",
                    section(cat.sources.characteristics, "Shot Weight"), Yields::rounded)
                   .in("medium and long range", before)
                   .in("shot used", trim(s) + " lb")
                   .in("shot", trim(req.shot_lb) + " lb")
                   .in("range factor", trim(f)));
  }
  return {};
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
        1, r::saturated_int(r::half_up(static_cast<double>(eff.rounds_per_shot) / ref.battlefield_unit.pieces)));
  }
  return b;
}

}  // namespace

std::string Battle::source() const {
  for (const char* k : {"unit_size", "br", "bonus_units", "battlefield_unit"})
    if (auto it = reference->house_rule_sources.find(k); it != reference->house_rule_sources.end())
      return from_book ? it->second : it->second + ", nearest book piece: " + reference->name;
  return from_book ? "book" : "nearest book piece: " + reference->name;
}

std::string Battle::artillery_attack() const {
  return "1 gunpowder artillery attack 11+ (" + std::to_string(reload) + " reload)";
}

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
  if (auto bad = reduce_charge(cat, req, d, eff, damage_scale, ex); !bad.empty()) return bad;
  if (auto bad = lighter_shot(cat, req, d, eff, ex); !bad.empty()) return bad;

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
  daily_cost(cat.sources, book_figures, req, gp->kind, d, ex);

  d.battle = battle_for(cat, req, book, d.effective);
  if (gp->kind == GunpowderKind::dwarven) d.automaton = as_automaton(cat, req.type, d.effective, ex, req.lb_per_stone);
  if (ex) report::with_subject(*ex, d.name);  // every step is about the piece
  return d;
}

}  // namespace gunpowder::artillery
