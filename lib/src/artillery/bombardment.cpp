// bombardment.cpp - the Gunpowder Artillery Bombardment table (Guns of War, p. 18): a piece's
// structural damage a day by range bracket and fire mode (the book's figures for a book piece, the
// fitted model otherwise) and the daily cost of its powder and shot.
#include <array>
#include <string_view>

#include "design_steps.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::artillery {

namespace r = rounding;
using detail::idx;
using detail::reading;
using detail::say;
using detail::step;
using fmtnum::trim;

namespace {

// The step of a bombardment figure of the fitted model (docs/rules-notes.md, "Bombardment"):
// shots per day x 5.5 a die x dice x the median factor of the book's pieces, rounded as the table.
report::Step model_step(const Catalogue& cat, const Characteristics& eff, const BombardRow& row) {
  const double factor = *cat.bombard_factor[static_cast<size_t>(row.bracket)][static_cast<size_t>(row.mode)];
  return step("stone shp a day, " + to_string(row.bracket) + " range, " + to_string(row.mode) + " fire",
              std::to_string(eff.shots_per_day) + " shots x 5.5 x " + std::to_string(eff.damage_dice) + " dice x " +
                  trim(factor, 4) + ", to the nearest 25 (5 below 200)",
              trim(row.shp_per_day_stone) + " shp", reading(cat.sources.bombardment), report::Yields::rounded)
      .in("shots per day", std::to_string(eff.shots_per_day))
      .in("mean damage a die", "5.5")
      .in("damage dice", std::to_string(eff.damage_dice))
      .in("factor", trim(factor, 4));
}

}  // namespace

namespace detail {

Bombardment bombardment_for(const Catalogue& cat, const BookPiece* book, Type t, const Characteristics& eff,
                            double damage_scale, report::Steps* ex) {
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
        if (ex) say(*ex, model_step(cat, eff, row));
      }
      row.shp_per_day_wood = r::half_up(row.shp_per_day_stone * (1 + cat.attack.wood_increase_pct[bi] / 100.0));
      b.rows.push_back(row);
    }
  }
  return b;
}

// Daily cost of powder and shot (Gunpowder Artillery Bombardment table, p. 18): the book's figure
// for a book piece at its own charge and historical powder, otherwise shots per day x (shot +
// powder), to the nearest 25 gp.
void daily_cost(const Sources& sources, const BookPiece* book_figures, const Request& req, GunpowderKind gunpowder,
                Design& d, report::Steps* ex) {
  const double per_shot = d.effective.shot_cost_gp + d.economy.powder_cost_per_shot_gp;
  // (A house rule of the historical powder's price leaves the book's figure too.)
  const bool book_cost = book_figures && !req.powder_lb && gunpowder == GunpowderKind::historical &&
                         !req.powder_gp_per_lb && d.economy.powder_source.empty();
  if (book_cost) {
    d.bombardment.cost_gp_per_day = book_figures->cost_gp_per_day;
    d.bombardment.cost_per_day_source = d.effective.source_of("cost_gp_per_day");
  } else {
    d.bombardment.cost_gp_per_day = r::nearest(d.bombardment.shots_per_day * per_shot, 25);
    // The formula's, after the house rules of the figures it is computed from, before "given".
    std::string ruled, given;
    for (const std::string_view from : {d.effective.source_of("shots_per_day"), d.effective.source_of("shot_cost_gp"),
                                        std::string_view(d.economy.powder_source)})
      if (from.starts_with("house rule") && ruled.find(from) == std::string::npos)
        ruled.append(from).append(", ");
      else if (from == "given")
        given = ", given";
    d.bombardment.cost_per_day_source = ruled + "formula" + given;
    if (ex)
      say(*ex, step("daily powder and shot",
                    std::to_string(d.bombardment.shots_per_day) + " x (" + trim(d.effective.shot_cost_gp) + " + " +
                        trim(d.economy.powder_cost_per_shot_gp) + ") gp, to the nearest 25 gp",
                    trim(d.bombardment.cost_gp_per_day) + " gp", reading(sources.bombardment), report::Yields::rounded)
                   .in("shots per day", std::to_string(d.bombardment.shots_per_day))
                   .in("shot", trim(d.effective.shot_cost_gp) + " gp")
                   .in("powder", trim(d.economy.powder_cost_per_shot_gp) + " gp"));
  }
  d.economy.cost_gp_per_day = d.bombardment.cost_gp_per_day;
}

}  // namespace detail

std::optional<double> bombard_model(const Catalogue& cat, const Characteristics& c, Bracket b, FireMode m) {
  const auto& factor = cat.bombard_factor[static_cast<size_t>(b)][static_cast<size_t>(m)];
  if (!factor) return std::nullopt;
  // The book prints its short and medium figures in steps of 25 and its long-range figures
  // (all below 200) in steps of 5.
  const double raw = c.shots_per_day * 5.5 * c.damage_dice * *factor;
  return r::nearest(raw, raw >= 200 ? 25 : 5);
}

}  // namespace gunpowder::artillery
