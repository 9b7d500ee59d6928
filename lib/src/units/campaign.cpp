// campaign.cpp - a unit's campaign cost and movement (rules-gaps.md §2: the seed prints only the
// rosters' finished figures; the model is fitted from them at load time) and, for a catalogue
// troop type, its availability and training (pp. 23-25).
#include "gunpowder/core/fmtnum.hpp"
#include "rating_steps.hpp"

namespace gunpowder::units::detail {

// Wage: the troop tables' wage a month (or the characteristics line's, troops.md contradiction
// 1), plus the veterans' extra wage of the p. 47 note.
Diagnostics rate_wage(Rater& r) {
  const Request& req = r.req;
  Rating& out = r.out;
  if (r.overridden("wage_gp", req.wage_gp.has_value())) {
    out.wage_gp_troop = *req.wage_gp;
  } else if (r.tr) {
    const auto table = r.tr->wage_gp ? r.tr->wage_gp : r.tr->char_wage_gp;
    const auto chars = r.tr->char_wage_gp ? r.tr->char_wage_gp : r.tr->wage_gp;
    out.wage_gp_troop = (req.wage_source == "characteristics" ? chars : table).value_or(0);
    if (req.veteran) out.wage_gp_troop += r.cat.campaign.veteran_extra_wage_gp;
  } else {
    return field_error("wage_gp", "give wage_gp, the wage of one troop in gp a month");
  }
  out.wage_gp_month = out.wage_gp_troop * out.troops;
  return {};
}

// Campaign cost (rules-gaps.md §2): wage x troops + specialists + 4 x weekly supply; supply and
// specialists by kind of unit, in proportion to the troops against the rosters' unit size.
Diagnostics rate_supply_and_specialists(Rater& r) {
  const CampaignModel& cm = r.cat.campaign;
  Rating& out = r.out;
  const int size = r.standard != 0 ? r.standard : out.troops;
  const double scale = out.troops / static_cast<double>(size);
  double supply = 0, specialists = 0;
  if (r.untrained) {
    supply = cm.conscript_supply_gp_week;
    specialists = cm.conscript_specialists_gp_month;
  } else if (r.mounted_foot) {
    // Mounted Foot count as two units of light cavalry for supply (p. 31) and keep the foot
    // unit's specialists.
    supply = cm.horse_supply_gp_week * r.cat.mounted_foot.light_cavalry_equivalent_units;
    specialists = cm.foot_specialists_gp_month;
  } else if (out.mounted || size == cm.horse_unit_size) {
    supply = cm.horse_supply_gp_week;
    specialists = cm.horse_specialists_gp_month;
  } else {
    supply = cm.foot_supply_gp_week;
    specialists = cm.foot_specialists_gp_month;
  }
  out.supply_gp_week =
      r.overridden("supply_gp_week", r.req.supply_gp_week.has_value()) ? *r.req.supply_gp_week : supply * scale;
  out.specialist_gp_month = r.overridden("specialist_gp_month", r.req.specialist_gp_month.has_value())
                                ? *r.req.specialist_gp_month
                                : specialists * scale;
  out.total_gp_month = out.wage_gp_month + out.specialist_gp_month + cm.weeks_per_month * out.supply_gp_week;
  if (r.explain) {
    using fmtnum::trim;
    r.note(report::step(kTotalCostFigure,
                     trim(out.wage_gp_troop, 2) + " gp x " + std::to_string(out.troops) + " troops + " +
                         trim(out.specialist_gp_month, 2) + " gp specialists + " + trim(cm.weeks_per_month) + " x " +
                         trim(out.supply_gp_week, 2) + " gp weekly supply",
                     trim(out.total_gp_month, 2) + " gp", kRostersReading)
               .in("wage", trim(out.wage_gp_troop, 2) + " gp")
               .in("troops", std::to_string(out.troops))
               .in("specialists", trim(out.specialist_gp_month, 2) + " gp")
               .in("weekly supply", trim(out.supply_gp_week, 2) + " gp"));
  }
  return {};
}

// Campaign movement: miles a day in proportion to the encounter movement, a week's march a
// multiple of the day's (the rosters' figures, fitted).
Diagnostics rate_campaign_movement(Rater& r) {
  const CampaignModel& cm = r.cat.campaign;
  Rating& out = r.out;
  out.daily_miles = r.overridden("daily_miles", r.req.daily_miles.has_value())
                        ? *r.req.daily_miles
                        : out.encounter_move_ft * cm.miles_per_day_per_ft;
  out.weekly_miles = out.daily_miles * cm.weeks_factor;
  return {};
}

// Catalogue figures: market and realm availability, training, qualifying number (pp. 23-25).
Diagnostics rate_availability(Rater& r) {
  if (r.tt && (r.tt->training_weeks || r.tt->training_months)) {
    Availability a;
    a.type = r.tt;
    if (r.tr) a.qualifying_per_120 = r.tr->qualifying_per_120;
    // Total Cost (Unit) (p. 25) = Total Cost (Troop) x the troops of the unit: the book prints it
    // for the unit size (120 foot, 60 horse); a unit of other troops costs in proportion.
    if (r.tt->total_cost_troop_gp) a.total_cost_unit_gp = *r.tt->total_cost_troop_gp * r.out.troops;
    r.out.availability = a;
  }
  return {};
}

}  // namespace gunpowder::units::detail
