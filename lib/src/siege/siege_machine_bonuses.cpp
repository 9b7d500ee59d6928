// siege_machine_bonuses.cpp - the Siege Machine's BR bonuses (seed 004, Preparation: the defender's
// and the attacker's adjustments by the attacker's option, l. 310-323; rules-gaps §3): equipment at
// its crew, fortifications by the share of their points left, the sally's +10%, the bombard
// casualties' hit dice and the gunpowder park's weekly damage.
#include "gunpowder/siege/siege_machine.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "gunpowder/core/dice.hpp"
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

namespace {

/// A gallery shed doubles a bore or ram ("bore/ram x 2", one shed per bore or ram): it adds the
/// multiplier less one times the bore's or ram's BR. Returns what it adds.
int gallery_sheds(int sheds, int rams, int ram_br, int multiplier, const std::string& source, SmBonus& b) {
  if (sheds <= 0 || rams <= 0 || multiplier == 1) return 0;
  const int doubled = std::min(sheds, rams);
  const int added = doubled * ram_br * (multiplier - 1);
  b.steps.push_back(report::Step{
      "gallery sheds", "BR bonus",
      std::to_string(doubled) + " x " + std::to_string(ram_br) +
          (multiplier == 2 ? std::string(" (each shed doubles a bore or ram)")
                           : " x " + std::to_string(multiplier - 1) + " (each shed multiplies a bore or ram by " +
                                 std::to_string(multiplier) + ")"),
      std::to_string(added), source}
                        .in("bores and rams doubled", std::to_string(doubled))
                        .in("BR of a bore or ram", std::to_string(ram_br)));
  return added;
}

/// The defender's fortifications (a breach counts for the attacker, handled by the caller with the
/// defender's list). Damaged fortifications count the share of their points left (a length item
/// the length still standing); under concentrated fire those beyond 200' of the front count a
/// quarter (l. 356-358). Every fraction is rounded up.
void fortification_bonus(const SiegeMachineRules& r, const SmSide& s, const SmStructure* structure, bool concentrated,
                         const std::string& source, SmBonus& b) {
  using fmtnum::trim;
  for (size_t i = 0; i < s.fortifications.size(); ++i) {
    const auto& item = s.fortifications[i];
    const SmFortification* f = r.find_fortification(item.id);
    if (!f || f->attacker) continue;
    const double left = structure ? structure->fraction(i) : 1.0;
    const bool far = concentrated && !item.near;
    const double n =
        f->per_length_ft && item.length_ft ? round_up(*item.length_ft * left / *f->per_length_ft) : item.count * left;
    const double raw = f->br * n * (far ? r.cf_other.value() : 1.0);
    const int v = round_up(raw);
    b.fortification += v;
    std::string rule_text = trim(n, 2) + " x " + std::to_string(f->br);
    if (left < 1) rule_text += " (" + fmtnum::percent(left) + " of its points left)";
    if (far)
      rule_text += " x " + std::to_string(r.cf_other.n) + "/" + std::to_string(r.cf_other.d) + " (beyond " +
                   std::to_string(r.cf_full_within_ft) + "' of the front)";
    report::Step step{f->label,
                      "BR bonus",
                      rule_text,
                      std::to_string(v),
                      source,
                      {},
                      raw == v ? report::Yields::equals : report::Yields::rounded};
    step.in("count", trim(n, 2)).in("BR each", std::to_string(f->br));
    if (left < 1) step.in("points left", fmtnum::percent(left));
    b.steps.push_back(std::move(step));
  }
}

}  // namespace

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
  const std::string& source = rule->source;
  using fmtnum::trim;
  if (s.artillery_bonus)
    b.steps.push_back(report::Step{"", "artillery bonus", std::to_string(s.artillery_bonus) + " x " + trim(art_f, 3),
                                   trim(artillery, 2), source}
                          .in("artillery bonus given", std::to_string(s.artillery_bonus))
                          .in("fraction", trim(art_f, 3)));
  double equipment = 0;
  int rams = 0, sheds = 0, ram_br = 0, shed_multiplier = 1;
  for (const auto& item : s.equipment) {
    const SmEquipment* e = r.find_equipment(item.id);
    if (!e) continue;
    const double cf = crew_factor(r, item.crew);
    if (e->fires()) {
      const double f = e->category == SmCategory::artillery ? art_f : bal_f;
      const double v = e->br * item.count * cf * f;
      artillery += v;
      b.steps.push_back(report::Step{
          e->label, "BR bonus",
          std::to_string(item.count) + " x " + std::to_string(e->br) + " x crew " + trim(cf, 2) + " x " + trim(f, 3),
          trim(v, 2), source}
                            .in("items", std::to_string(item.count))
                            .in("BR each", std::to_string(e->br))
                            .in("crew factor", trim(cf, 2))
                            .in("fraction", trim(f, 3)));
      continue;
    }
    const bool counted =
        rule->other_all || std::find(rule->other.begin(), rule->other.end(), e->id) != rule->other.end();
    if (!counted) continue;
    if (!e->multiplies.empty()) {
      sheds += item.count;
      shed_multiplier = e->multiplier;
      continue;
    }
    int each = e->br;
    if (rule->column == SmValueColumn::assault && e->br_assault) each = *e->br_assault;
    if (rule->column == SmValueColumn::harass && e->br_harass) each = *e->br_harass;
    if (e->one_per_men) {
      // "Requires 1 per 100 men": a force-wide bonus earned only with one item per 100 men.
      const bool enough = static_cast<double>(item.count) * *e->one_per_men >= static_cast<double>(s.troops);
      const double v = enough ? each * cf : 0;
      equipment += v;
      b.steps.push_back(report::Step{e->label, "BR bonus",
                                     enough ? std::to_string(each) + " x crew " + trim(cf, 2)
                                            : "0 (needs 1 per " + std::to_string(*e->one_per_men) + " men)",
                                     trim(v, 2), source}
                            .in("items", std::to_string(item.count))
                            .in("troops", std::to_string(s.troops)));
      continue;
    }
    if (e->category == SmCategory::ram) {
      rams += item.count;
      ram_br = std::max(ram_br, each);
    }
    const double v = each * item.count * cf;
    equipment += v;
    b.steps.push_back(report::Step{e->label, "BR bonus",
                                   std::to_string(item.count) + " x " + std::to_string(each) + " x crew " + trim(cf, 2),
                                   trim(v, 2), source}
                          .in("items", std::to_string(item.count))
                          .in("BR each", std::to_string(each))
                          .in("crew factor", trim(cf, 2)));
  }
  equipment += gallery_sheds(sheds, rams, ram_br, shed_multiplier, source, b);
  if (defender) fortification_bonus(r, s, structure, concentrated, source, b);
  b.artillery = round_up(artillery);
  b.equipment = round_up(equipment);
  return b;
}

double bombard_hit_dice(const SiegeMachineRules& r, int bonus, int roll) {
  return static_cast<double>(bonus) / r.bombard_divisor * roll;
}

namespace detail {

std::array<double, 2> artillery_hd(const SiegeMachineRules& r, SmPlan plan, const std::string& option, int A, int Ad,
                                   int def_roll, int att_roll) {
  const double def_hd = bombard_hit_dice(r, A, def_roll);
  const double att_hd = bombard_hit_dice(r, Ad, att_roll);
  if (plan == SmPlan::bombard) return {att_hd, def_hd};
  const SmScaling* sc = r.scaling_for(option);
  const double pool = def_hd + att_hd;
  return {pool * sc->artillery_split_pct[1] / 100.0, pool * sc->artillery_split_pct[0] / 100.0};
}

std::vector<SmCasualty> casualty_outcomes(const SiegeMachineRules& r, const SmSetup& s, SmPlan plan,
                                          const std::string& option, int A, int Ad) {
  const auto dist = [](bool read, int n, int sides) {
    return read && n > 0 && sides > 0 ? dice::Dist::sum(n, sides) : dice::Dist();
  };
  const dice::Dist def_d = dist(A != 0, r.defender_dice_n, r.defender_dice_sides);
  const dice::Dist att_d = dist(Ad != 0, r.attacker_dice_n, r.attacker_dice_sides);
  std::map<std::array<std::int64_t, 2>, double> by_lost;
  for (int dr = def_d.min(); dr <= def_d.max(); ++dr) {
    const double pd = def_d.p(dr);
    if (pd <= 0) continue;
    for (int ar = att_d.min(); ar <= att_d.max(); ++ar) {
      const double pa = att_d.p(ar);
      if (pa <= 0) continue;
      const std::array<double, 2> hd = artillery_hd(r, plan, option, A, Ad, dr, ar);
      by_lost[{troops_lost(hd[0], s.attacker.hit_dice), troops_lost(hd[1], s.defender.hit_dice)}] += pd * pa;
    }
  }
  std::vector<SmCasualty> out;
  for (const auto& [lost, p] : by_lost) out.push_back({lost, p});
  return out;
}

}  // namespace detail

}  // namespace gunpowder::siege
