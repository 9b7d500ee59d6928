// siege_machine_bonuses.cpp - the Siege Machine's BR bonuses (seed 004, Preparation: the defender's
// and the attacker's adjustments by the attacker's option, l. 310-323; rules-gaps §3): equipment at
// its crew, fortifications by the share of their points left, the sally's +10%, the bombard
// casualties' hit dice and the gunpowder park's weekly damage.
#include "gunpowder/siege/siege_machine.hpp"

#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "siege_machine_steps.hpp"

namespace gunpowder::siege {

using detail::crew_factor;
using detail::kDaysPerWeek;
using detail::round_up;

// ---------------------------------------------------------------------------------------------
// Bonuses

int sally_bonus(const SiegeMachineRules& r, int defender_br) { return round_up(defender_br * r.sally_br_pct / 100.0); }

double gunpowder_weekly_damage(const Bombardment& b) { return b.shp_per_day * kDaysPerWeek; }

SmBonus side_bonus(const SiegeMachineRules& r, const SmSide& s, bool defender, const std::string& option,
                   const SmStructure* structure, bool concentrated) {
  SmBonus b;
  const SmBonusRule* rule = r.bonus_rule(defender, option);
  if (!rule) return b;
  // The attacker's harass line is cut off after "Ballista, timber fort and mantlet bonuses, and":
  // the artillery bonus is read as the lost end of it (the option is "artillery and missile fire").
  const double art_f = rule->artillery_given ? rule->artillery.value() : 1.0;
  const double bal_f = rule->ballista.value();
  double artillery = s.artillery_bonus * art_f;
  if (s.artillery_bonus)
    b.lines.push_back("artillery bonus given: " + std::to_string(s.artillery_bonus) + " x " + fmtnum::trim(art_f, 3));
  double equipment = 0;
  int rams = 0, sheds = 0, ram_br = 0;
  for (const auto& item : s.equipment) {
    const SmEquipment* e = r.find_equipment(item.id);
    if (!e) continue;
    const double cf = crew_factor(r, item.crew);
    if (e->fires()) {
      const double f = e->category == SmCategory::artillery ? art_f : bal_f;
      const double v = e->br * item.count * cf * f;
      artillery += v;
      b.lines.push_back(e->label + ": " + std::to_string(item.count) + " x " + std::to_string(e->br) + " x crew " +
                        fmtnum::trim(cf, 2) + " x " + fmtnum::trim(f, 3) + " = " + fmtnum::trim(v, 2));
      continue;
    }
    const bool counted = std::find(rule->other.begin(), rule->other.end(), "all") != rule->other.end() ||
                         std::find(rule->other.begin(), rule->other.end(), e->id) != rule->other.end();
    if (!counted) continue;
    if (!e->multiplies.empty()) {
      sheds += item.count;
      continue;
    }
    int each = e->br;
    if (rule->column == "assault" && e->br_assault) each = *e->br_assault;
    if (rule->column == "harass" && e->br_harass) each = *e->br_harass;
    if (e->one_per_men) {
      // "Requires 1 per 100 men": a force-wide bonus earned only with one item per 100 men.
      const bool enough = static_cast<double>(item.count) * *e->one_per_men >= static_cast<double>(s.troops);
      const double v = enough ? each * cf : 0;
      equipment += v;
      b.lines.push_back(
          e->label + ": " +
          (enough ? std::to_string(each) : std::string("0 (needs 1 per ") + std::to_string(*e->one_per_men) + " men)"));
      continue;
    }
    if (e->category == SmCategory::ram) {
      rams += item.count;
      ram_br = std::max(ram_br, each);
    }
    const double v = each * item.count * cf;
    equipment += v;
    b.lines.push_back(e->label + ": " + std::to_string(item.count) + " x " + std::to_string(each) + " x crew " +
                      fmtnum::trim(cf, 2) + " = " + fmtnum::trim(v, 2));
  }
  if (sheds > 0 && rams > 0) {
    // A gallery shed doubles a bore or ram (one shed per bore or ram).
    const int doubled = std::min(sheds, rams);
    equipment += static_cast<double>(doubled) * ram_br;
    b.lines.push_back("gallery sheds double " + std::to_string(doubled) + " bore(s)/ram(s): +" +
                      std::to_string(doubled * ram_br));
  }
  // Fortifications count for the defender inside; a breach counts for the attacker (handled by
  // the caller with the defender's list).
  // Damaged fortifications count the share of their points left (a length item the length still
  // standing); under concentrated fire those beyond 200' of the front count a quarter (l. 356-358).
  // Every fraction is rounded up.
  if (defender)
    for (size_t i = 0; i < s.fortifications.size(); ++i) {
      const auto& item = s.fortifications[i];
      const SmFortification* f = r.find_fortification(item.id);
      if (!f || f->attacker) continue;
      const double left = structure ? structure->fraction(i) : 1.0;
      const bool far = concentrated && !item.near;
      const double n =
          f->per_length_ft && item.length_ft ? round_up(*item.length_ft * left / *f->per_length_ft) : item.count * left;
      const int v = round_up(f->br * n * (far ? r.cf_other.value() : 1.0));
      b.fortification += v;
      std::string line = f->label;
      line.append(": ").append(fmtnum::trim(n, 2)).append(" x ").append(std::to_string(f->br));
      if (left < 1) line.append(" (").append(fmtnum::percent(left)).append(" of its points left)");
      if (far)
        line.append(" x ")
            .append(std::to_string(r.cf_other.n))
            .append("/")
            .append(std::to_string(r.cf_other.d))
            .append(" (beyond ")
            .append(std::to_string(r.cf_full_within_ft))
            .append("' of the front) = ")
            .append(std::to_string(v));
      b.lines.push_back(line);
    }
  b.artillery = round_up(artillery);
  b.equipment = round_up(equipment);
  return b;
}

double bombard_hit_dice(const SiegeMachineRules& r, int bonus, int roll) {
  return static_cast<double>(bonus) / r.bombard_divisor * roll;
}

}  // namespace gunpowder::siege
