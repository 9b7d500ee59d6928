// automaton.cpp - a piece as an automaton of the "Steampunk 2020 BC" rule (Guns of War, Dwarven
// Gunpowder): maximum damage, area and targets, hit dice, weight, range, special abilities and cost.
#include <algorithm>
#include <string>
#include <utility>

#include "design_steps.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::artillery {

namespace r = rounding;
using detail::about;
using detail::idx;
using detail::say;
using detail::step;
using fmtnum::trim;
using report::Step;
using report::Yields;

namespace {

// A step of the automaton rule, under "automaton".
Step automaton_step(const Catalogue& cat, std::string figure, std::string rule, std::string result,
                    Yields yields = Yields::equals) {
  return about("automaton", step(std::move(figure), std::move(rule), std::move(result), cat.sources.automaton, yields));
}

// The steps of the automaton's figures, in the order of the rule.
void automaton_steps(const Catalogue& cat, Type t, const Characteristics& c, const Automaton& m, report::Steps& ex) {
  const AutomatonRules& a = cat.automaton;
  const bool mortar = t == Type::mortar;
  say(ex, automaton_step(cat, "maximum damage", c.damage() + " at most: " + std::to_string(c.damage_dice) + " x 10",
                         trim(m.max_damage))
              .in("damage", c.damage()));
  say(ex, automaton_step(cat, "area of effect",
                         mortar ? std::to_string(c.aoe_ft) + "^2 x " + trim(a.mortar_aoe_pi)
                                : trim(a.line_aoe_multiplier) + " x " + std::to_string(c.aoe_ft),
                         trim(m.aoe_sq_ft, 2) + " sq ft")
              .in(mortar ? "radius" : "line", std::to_string(c.aoe_ft) + " ft"));
  say(ex, automaton_step(cat, "estimated targets", trim(m.aoe_sq_ft, 2) + " / " + trim(a.sq_ft_per_target),
                         trim(m.targets, 2))
              .in("area of effect", trim(m.aoe_sq_ft, 2) + " sq ft")
              .in("sq ft a target", trim(a.sq_ft_per_target)));
  say(ex, automaton_step(cat, "maximum damage per round",
                         trim(m.max_damage) + " x " + trim(m.targets, 2) + " x 1/" + std::to_string(c.rounds_per_shot),
                         trim(m.max_damage_per_round, 2))
              .in("maximum damage", trim(m.max_damage))
              .in("estimated targets", trim(m.targets, 2))
              .in("ROF", "1/" + std::to_string(c.rounds_per_shot)));
  say(ex, automaton_step(
              cat, "hit dice",
              trim(m.max_damage_per_round, 2) + " / " + trim(a.hd_divisor) + ", to the nearest whole, at least 1",
              std::to_string(m.hd) + " HD", Yields::rounded)
              .in("maximum damage per round", trim(m.max_damage_per_round, 2))
              .in("divisor", trim(a.hd_divisor)));
  say(ex, automaton_step(cat, "weight", std::to_string(m.hd) + "^2 x " + trim(a.weight_st_per_hd2) + " st",
                         trim(m.weight_st) + " st")
              .in("hit dice", std::to_string(m.hd))
              .in("st per HD squared", trim(a.weight_st_per_hd2)));
  Step lb = automaton_step(cat, "weight in lb", trim(m.weight_st) + " st x " + trim(m.lb_per_stone) + " lb a stone",
                           trim(m.weight_lb) + " lb");
  lb.source = detail::reading(cat.sources.automaton);
  say(ex, lb.in("weight", trim(m.weight_st) + " st").in("lb a stone", trim(m.lb_per_stone)));
  say(ex,
      automaton_step(cat, "maximum range", trim(m.max_damage) + " x " + trim(a.range_ft_per_max_damage[idx(t)]) + "'",
                     trim(m.range_ft) + "'")
          .in("maximum damage", trim(m.max_damage))
          .in("ft per point", trim(a.range_ft_per_max_damage[idx(t)])));
  say(ex, automaton_step(cat, "special abilities",
                         std::to_string(a.immobile_abilities) + " (immobile) + " +
                             std::to_string(a.type_abilities[idx(t)]) + " (" + to_string(t) + ")",
                         std::to_string(m.special_abilities)));
  const int counted = std::max(0, m.special_abilities);
  say(ex, automaton_step(cat, "cost",
                         trim(a.cost_per_hd) + " gp x " + std::to_string(m.hd) + " HD + " + trim(a.cost_per_ability) +
                             " gp x " + std::to_string(counted) + " special abilities",
                         trim(m.cost_gp) + " gp")
              .in("hit dice", std::to_string(m.hd))
              .in("special abilities", std::to_string(counted)));
}

}  // namespace

Automaton as_automaton(const Catalogue& cat, Type t, const Characteristics& c, report::Steps* ex,
                       std::optional<double> lb_per_stone) {
  const AutomatonRules& a = cat.automaton;
  Automaton m;
  m.max_damage = c.damage_dice * 10.0;
  m.aoe_sq_ft = t == Type::mortar ? c.aoe_ft * c.aoe_ft * a.mortar_aoe_pi : c.aoe_ft * a.line_aoe_multiplier;
  m.targets = m.aoe_sq_ft / a.sq_ft_per_target;
  m.max_damage_per_round = m.max_damage * m.targets / c.rounds_per_shot;
  m.hd = std::max(1, r::saturated_int(r::half_up(m.max_damage_per_round / a.hd_divisor)));
  m.weight_st = m.hd * m.hd * a.weight_st_per_hd2;
  // Pounds per stone: the book's 10 (Firearm Accessories: a barrel "weighs 10 stone (100lbs)") by
  // default; the automaton example's 640 st "about 7,680lbs" is 12 (--stone-lb 12).
  m.lb_per_stone = lb_per_stone ? *lb_per_stone : a.lb_per_stone;
  m.weight_lb = m.weight_st * m.lb_per_stone;
  m.range_ft = a.range_ft_per_max_damage[idx(t)] * m.max_damage;
  m.special_abilities = a.immobile_abilities + a.type_abilities[idx(t)];
  // A negative net count does not lower the price below the hit dice's (docs/rules-notes.md).
  m.cost_gp = a.cost_per_hd * m.hd + a.cost_per_ability * std::max(0, m.special_abilities);
  if (ex) automaton_steps(cat, t, c, m, *ex);
  return m;
}

}  // namespace gunpowder::artillery
