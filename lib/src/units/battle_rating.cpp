// battle_rating.cpp - Calculating Battle Rating and Cost of Firearms-Equipped Units (seed 000,
// p. 44-45): the equipment bonus, the missile value, the melee value, the combat modifier, the
// BR formula and its rounding, the special attack bonus.
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "rating_steps.hpp"

namespace gunpowder::units {

using fmtnum::trim;

// "Round totals below 1 to the nearest 0.25 and totals of 1 or higher to the nearest 0.5" (p. 45).
double round_battle_rating(const Catalogue& cat, double br) {
  const auto& b = cat.br;
  return br < b.rounding_threshold ? rounding::nearest(br, b.rounding_step_low) : rounding::nearest(br, b.rounding_step_high);
}

namespace detail {

// Missile value (p. 44): the firearm with the largest firearm modifier is rated; (raw attacks +
// equipment bonus) x (walk + missile range) x firearm modifier / the missile value divisor, the
// walk divided (but in the full-walk formations). The equipment bonus: per firearm beyond the first.
Diagnostics rate_missile_value(Rater& r) {
  const BattleRatingRules& b = r.cat.br;
  Rating& out = r.out;
  double best_mod = -1;
  for (size_t i = 0; i < out.firearms.size(); ++i) {
    const BrFactor* f = r.cat.br_factor(out.firearms[i].firearm.key());
    if (f->firearm_modifier > best_mod) {
      best_mod = f->firearm_modifier;
      out.primary = i;
    }
  }
  const bool bonus_given = r.overridden("equipment_bonus", r.req.equipment_bonus.has_value());
  out.equipment_bonus =
      bonus_given ? *r.req.equipment_bonus : b.equipment_bonus_per_extra_firearm * std::max(0, r.firearm_count - 1);
  if (r.explain && !bonus_given && r.firearm_count > 1)
    r.note(report::step(
               "equipment bonus",
               trim(b.equipment_bonus_per_extra_firearm) + " x (" + std::to_string(r.firearm_count) + " firearms - 1)",
               trim(out.equipment_bonus), b.source)
               .in("firearms", std::to_string(r.firearm_count)));
  if (r.overridden("missile_value", r.req.missile_value.has_value())) {
    out.missile_value = *r.req.missile_value;
    return {};
  }
  if (!out.primary) return {};
  const auto& a = out.firearms[*out.primary];
  const BrFactor* f = r.cat.br_factor(a.firearm.key());
  const double walk = out.march.value_or(0);
  const bool full = contains(b.full_walk_formations, r.acting);
  const double walk_term = full ? walk : walk / b.other_walk_divisor;
  out.missile_value =
      (a.attacks_raw + out.equipment_bonus) * (walk_term + f->missile_range) * f->firearm_modifier / b.missile_value_divisor;
  if (r.explain)
    r.note(report::step("missile value",
                     "(" + trim(a.attacks_raw, 4) + " + " + trim(out.equipment_bonus) + ") x (" + trim(walk) +
                         (full ? "" : " / " + trim(b.other_walk_divisor)) + " + " + std::to_string(f->missile_range) +
                         ") x " + trim(f->firearm_modifier, 3) + " / " + trim(b.missile_value_divisor),
                     trim(out.missile_value, 4), b.source)
               .in("raw attacks", trim(a.attacks_raw, 4))
               .in("equipment bonus", trim(out.equipment_bonus))
               .in("walking movement", trim(walk))
               .in("missile range", std::to_string(f->missile_range))
               .in("firearm modifier", trim(f->firearm_modifier, 3)));
  return {};
}

// Melee value (p. 45): "the unit's unrounded number of attacks divided by its rounded number of
// attacks times the maximum damage the unit can deal in a charge"; units with a pair of pistols
// in the pistol formations are raised to a minimum.
Diagnostics rate_melee_value(Rater& r) {
  const BattleRatingRules& b = r.cat.br;
  const Request& req = r.req;
  Rating& out = r.out;
  out.melee_attacks_raw =
      r.overridden("melee_attacks_raw", req.melee_attacks_raw.has_value()) ? *req.melee_attacks_raw : out.melee_attacks;
  out.max_charge_damage = r.overridden("max_charge_damage", req.max_charge_damage.has_value())
                              ? *req.max_charge_damage
                              : out.melee_attacks + out.charge_attacks;
  if (r.overridden("melee_value", req.melee_value.has_value())) {
    out.melee_value = *req.melee_value;
    return {};
  }
  const double ratio = out.melee_attacks > 0 ? out.melee_attacks_raw / out.melee_attacks : 1.0;
  out.melee_value = ratio * out.max_charge_damage;
  if (r.explain)
    r.note(report::step("melee value",
                     "(" + trim(out.melee_attacks_raw, 4) + " / " + std::to_string(out.melee_attacks) + ") x " +
                         trim(out.max_charge_damage, 4),
                     trim(out.melee_value, 4), b.source)
               .in("unrounded melee attacks", trim(out.melee_attacks_raw, 4))
               .in("melee attacks", std::to_string(out.melee_attacks))
               .in("maximum charge damage", trim(out.max_charge_damage, 4)));
  if (r.pistols >= r.cat.reload.pistol_charge_min_pistols && contains(b.pistol_pair_min_melee_formations, out.formation)) {
    const double floor_value = b.pistol_pair_min_melee_base + out.charge_attacks;
    if (floor_value > out.melee_value) {
      out.melee_value = floor_value;
      if (r.explain)
        r.note(report::step("melee value",
                         "pistol-pair minimum " + trim(b.pistol_pair_min_melee_base) + " + " +
                             std::to_string(out.charge_attacks) + " charge attacks",
                         trim(floor_value), b.source)
                   .in("charge attacks", std::to_string(out.charge_attacks)));
    }
  }
  return {};
}

namespace {

// Which of the battle rating's modifiers the request gave (no step derives them).
struct GivenModifiers {
  bool combat = false, morale = false, speed = false, formation = false;
};

// The modifiers' steps, in the order of the worked example (p. 45).
void modifier_steps(Rater& r, const GivenModifiers& given) {
  const BattleRatingRules& b = r.cat.br;
  const Rating& out = r.out;
  if (!given.combat) {
    const bool melee_first = out.melee_value >= out.missile_value;
    const double first = melee_first ? out.melee_value : out.missile_value;
    const double other = melee_first ? out.missile_value : out.melee_value;
    const double weight = melee_first ? b.melee_dominant_missile_weight : b.missile_dominant_melee_weight;
    r.note(report::step("combat modifier", trim(first, 4) + " + " + trim(weight) + " x " + trim(other, 4),
                     trim(out.combat_modifier, 4), b.source)
               .in("melee value", trim(out.melee_value, 4))
               .in("missile value", trim(out.missile_value, 4)));
  }
  if (!given.morale)
    r.note(report::step("morale modifier",
                     "((" + std::to_string(out.morale) + " + " + trim(b.morale_offset) + ") / " +
                         trim(b.morale_offset) + ")^" + trim(b.morale_exponent, 3),
                     trim(out.morale_modifier, 4), b.source)
               .in("morale", (out.morale >= 0 ? "+" : "") + std::to_string(out.morale)));
  if (!given.speed) {
    const bool dm = out.formation == Formation::DM;
    r.note(report::step(
               "speed modifier",
               dm ? std::to_string(out.charge) + " / " + trim(b.dm_speed_divisor)
                  : "(" + std::to_string(out.charge) + " / " + trim(b.speed_divisor) + ")^" + trim(b.speed_exponent, 3),
               trim(out.speed_modifier, 4), b.source)
               .in("charging movement", std::to_string(out.charge)));
  }
  if (!given.formation) {
    const bool mf = out.formation == Formation::MF;
    const std::string code = to_string(out.formation);
    r.note(report::step("formation modifier",
                     mf ? "Mounted Foot rated as Drilled Foot, with the Mounted Foot modifier"
                        : "Formation Modifier table, column " + code,
                     trim(out.formation_modifier, 3), mf ? r.cat.mounted_foot.source : r.cat.formation_source,
                     mf ? report::Yields::equals : report::Yields::rounded)
               .in("formation", code));
  }
}

// The battle rating's steps: the formula, its rounding (p. 45) and the special attack bonus.
void battle_rating_steps(Rater& r) {
  const BattleRatingRules& b = r.cat.br;
  const Rating& out = r.out;
  r.note(report::step("BR before rounding",
                   std::to_string(out.ac) + " x (" + std::to_string(out.uhp) + " / " + trim(b.uhp_divisor) + ") x " +
                       trim(out.morale_modifier, 4) + " x " + trim(out.speed_modifier, 4) + " x " +
                       trim(out.formation_modifier, 3) + " x " + trim(out.combat_modifier, 4) + " / " +
                       trim(b.final_divisor),
                   trim(out.br_raw, 4), b.source)
             .in("unit AC", std::to_string(out.ac))
             .in("uhp", std::to_string(out.uhp))
             .in("morale modifier", trim(out.morale_modifier, 4))
             .in("speed modifier", trim(out.speed_modifier, 4))
             .in("formation modifier", trim(out.formation_modifier, 3))
             .in("combat modifier", trim(out.combat_modifier, 4)));
  const double step = out.br_raw < b.rounding_threshold ? b.rounding_step_low : b.rounding_step_high;
  r.note(report::step(r.has_firearms ? "BR rounded" : "BR", trim(out.br_raw, 4) + " to the nearest " + trim(step),
                   trim(out.br_rounded, 2), b.source, rounded_unless_equal(out.br_raw, out.br_rounded))
             .in("BR before rounding", trim(out.br_raw, 4)));
  if (r.has_firearms)
    r.note(report::step("BR",
                     trim(out.br_rounded, 2) + " + " + trim(out.special_attack_bonus, 2) + " special attack bonus",
                     trim(out.br, 2), b.source)
               .in("BR rounded", trim(out.br_rounded, 2))
               .in("special attack bonus", trim(out.special_attack_bonus, 2)));
}

}  // namespace

// The battle rating (p. 44-45): AC x (uhp / 8) x morale modifier x speed modifier x formation
// modifier x combat modifier / the final divisor, rounded, plus the special attack bonus of a
// firearms-equipped unit.
Diagnostics rate_battle_rating(Rater& r) {
  const BattleRatingRules& b = r.cat.br;
  const Request& req = r.req;
  Rating& out = r.out;
  GivenModifiers given;
  // Combat modifier: the larger of the two values plus a share of the other.
  given.combat = r.overridden("combat_modifier", req.combat_modifier.has_value());
  if (given.combat) out.combat_modifier = *req.combat_modifier;
  else if (out.melee_value >= out.missile_value)
    out.combat_modifier = out.melee_value + b.melee_dominant_missile_weight * out.missile_value;
  else out.combat_modifier = out.missile_value + b.missile_dominant_melee_weight * out.melee_value;
  out.uhp_factor = out.uhp / b.uhp_divisor;
  given.morale = r.overridden("morale_modifier", req.morale_modifier.has_value());
  out.morale_modifier = given.morale ? *req.morale_modifier
                                     : std::pow((out.morale + b.morale_offset) / b.morale_offset, b.morale_exponent);
  given.speed = r.overridden("speed_modifier", req.speed_modifier.has_value());
  if (given.speed) out.speed_modifier = *req.speed_modifier;
  else if (out.formation == Formation::DM) out.speed_modifier = out.charge / b.dm_speed_divisor;  // p. 44, DM
  else out.speed_modifier = std::pow(out.charge / b.speed_divisor, b.speed_exponent);
  given.formation = r.overridden("formation_modifier", req.formation_modifier.has_value());
  out.formation_modifier = given.formation ? *req.formation_modifier
                                           : (out.formation == Formation::MF ? r.cat.mounted_foot.br_formation_modifier
                                                                             : r.cat.formation(out.formation).modifier);
  out.br_raw = out.ac * out.uhp_factor * out.morale_modifier * out.speed_modifier * out.formation_modifier *
               out.combat_modifier / b.final_divisor;
  out.br_rounded = round_battle_rating(r.cat, out.br_raw);
  out.special_attack_bonus = r.has_firearms ? b.firearm_special_attack_bonus : 0;
  out.br = out.br_rounded + out.special_attack_bonus;
  if (r.explain) {
    modifier_steps(r, given);
    battle_rating_steps(r);
  }
  // The campaign rosters' BR, with the veterans' bonus of the p. 47 note.
  if (r.campaign) {
    const CampaignModel& cm = r.cat.campaign;
    const bool infantry = !r.horse;
    out.br_published = r.campaign->battle_rating +
                       (req.veteran ? (infantry ? cm.veteran_br_bonus_infantry : cm.veteran_br_bonus_cavalry) : 0);
  }
  return {};
}

}  // namespace detail

}  // namespace gunpowder::units
