// automaton.cpp - a piece as an automaton of the "Steampunk 2020 BC" rule (Guns of War, Dwarven
// Gunpowder): maximum damage, area and targets, hit dice, weight, range, special abilities and cost.
#include <algorithm>

#include "design_steps.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::artillery {

namespace r = rounding;
using detail::idx;
using fmtnum::trim;

Automaton as_automaton(const Catalogue& cat, Type t, const Characteristics& c, report::Steps* ex,
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

}  // namespace gunpowder::artillery
