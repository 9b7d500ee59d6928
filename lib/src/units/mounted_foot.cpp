// mounted_foot.cpp - Mounted Foot (seed 000, p. 31, 44): the unit deployed as Drilled Foot or as
// two Irregular Mounted halves, and reformed after battle.
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "rating_steps.hpp"

namespace gunpowder::units {

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

namespace detail {

namespace {
// The reform rule's section (the [mounted_foot] table's source also names the BR rules, p. 44).
constexpr const char* kReformSource = "Guns of War, Unit Formations of the Pike and Shot Age: Mounted Foot, p. 31";
}  // namespace

// Mounted Foot, Variable Deployment (p. 31): as one Drilled Foot unit, or as two Irregular
// Mounted units of half the troops each, each carrying the whole unit's uhp.
Diagnostics rate_mounted_foot(Rater& r) {
  if (!r.mounted_foot) return {};
  const Catalogue& cat = r.cat;
  Rating& out = r.out;
  Deployment df;
  df.formation = Formation::DF;
  df.troops = out.troops;
  df.uhp = out.uhp;
  df.movement = out.movement;
  df.march = out.march;
  df.hustle = out.hustle;
  df.charge = out.charge;
  df.firearms = firearm_attacks(r, Formation::DF, out.troops, false);
  out.as_drilled_foot = df;
  auto im_cell = movement_cell(cat.cavalry, out.encounter_move_ft, row_keys(cat, r.eq, true), true);
  if (!im_cell) return im_cell.error();
  Deployment im;
  im.formation = Formation::IM;
  im.units = cat.mounted_foot.deploy_as_im_units;
  im.troops = rounding::saturated_int(rounding::half_up(out.troops * cat.mounted_foot.im_half_troops_fraction));
  im.uhp = out.uhp;  // each half carries the whole unit's uhp (example, p. 31)
  im.march = im_cell->cell->march;
  im.hustle = im_cell->cell->hustle;
  im.charge = im_cell->cell->charge;
  im.movement = movement_text(im.march, im.hustle, im.charge);
  im.firearms = firearm_attacks(r, Formation::IM, im.troops, false);
  out.as_irregular_mounted = im;
  return {};
}

// Mounted Foot reform after battle (p. 31).
Diagnostics rate_reform(Rater& r) {
  if (!r.req.reform_uhp_lost) return {};
  Rating& out = r.out;
  if (!r.mounted_foot) return field_error("reform_uhp_lost", "only Mounted Foot deploy as two Irregular Mounted halves");
  auto reform = reform_mounted_foot(out.uhp, {out.uhp, out.uhp}, *r.req.reform_uhp_lost);
  if (!reform) return field_error("reform_uhp_lost", reform.error().items().front().message);
  out.reform = *reform;
  if (r.explain) {
    const std::string unrounded = fmtnum::trim(reform->uhp_lost_unrounded, 3);
    const std::string lost = std::to_string(reform->uhp_lost);
    r.note(report::step("uhp lost before rounding",
                     std::to_string(reform->lost_numerator) + "/" + std::to_string(reform->lost_denominator) + " x " +
                         std::to_string(out.uhp),
                     unrounded, kReformSource)
               .in("uhp lost by the halves", std::to_string(reform->lost_numerator))
               .in("uhp of the halves", std::to_string(reform->lost_denominator))
               .in("unit uhp", std::to_string(out.uhp)));
    r.note(report::step("uhp lost", unrounded + " to the nearest whole number, 0.5 up if odd and down if even", lost,
                     kReformSource, rounded_unless_equal(reform->uhp_lost_unrounded, reform->uhp_lost))
               .in("uhp lost before rounding", unrounded));
    r.note(report::step("uhp remaining", std::to_string(out.uhp) + " - " + lost, std::to_string(reform->uhp_remaining),
                     kReformSource)
               .in("unit uhp", std::to_string(out.uhp))
               .in("uhp lost", lost));
  }
  return {};
}

}  // namespace detail

}  // namespace gunpowder::units
