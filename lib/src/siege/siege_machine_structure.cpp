// siege_machine_structure.cpp - the stronghold under the Siege Machine (seed 004, Application,
// l. 345-358): its structural points by fortification, damage to fortifications (75% of walls,
// then 20% of each list), the breach, concentrated fire's front, and the week's damage roll d of
// the attacker's devices.
#include "gunpowder/siege/siege_machine.hpp"

#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "siege_machine_steps.hpp"

namespace gunpowder::siege {

using detail::crew_factor;
using detail::lists;

// ---------------------------------------------------------------------------------------------
// The structure of the stronghold and concentrated fire

namespace {

/// The walls: the fortifications of the first damage step (l. 346).
const std::vector<std::string>* wall_ids(const SiegeMachineRules& r) {
  for (const auto& step : r.damage_steps)
    if (!step.fortifications.empty()) return &step.fortifications;
  return nullptr;
}

bool is_engine(const SmEquipment& e) {
  return e.fires() || e.category == SmCategory::ram || e.category == SmCategory::assault;
}

}  // namespace

double SmStructure::total_initial() const {
  double t = 0;
  for (double v : initial) t += v;
  return t;
}

double SmStructure::total_left() const {
  double t = 0;
  for (double v : left) t += v;
  return t;
}

double SmStructure::fraction(size_t entry) const {
  if (entry >= entry_group.size() || entry_group[entry] < 0) return 1.0;
  const auto g = static_cast<size_t>(entry_group[entry]);
  return initial[g] > 0 ? left[g] / initial[g] : 1.0;
}

SmStructure make_structure(const SiegeMachineRules& r, const SmSide& defender, std::optional<double> stronghold_shp) {
  SmStructure st;
  const auto& forts = defender.fortifications;
  const bool per_entry = std::any_of(forts.begin(), forts.end(), [](const SmItem& i) { return i.shp.has_value(); });
  st.entry_group.assign(forts.size(), -1);
  // The groups are the damage steps that name fortifications, in order (walls first).
  std::vector<const SmDamageStep*> named;
  const SmDamageStep* again = nullptr;
  for (const auto& step : r.damage_steps) {
    if (step.repeat)
      again = &step;
    else if (!step.fortifications.empty())
      named.push_back(&step);
  }
  if (per_entry) {
    for (const auto* step : named) {
      st.labels.push_back(step->target);
      st.initial.push_back(0);
    }
    for (size_t i = 0; i < forts.size(); ++i) {
      if (!forts[i].shp) continue;
      for (size_t g = 0; g < named.size(); ++g)
        if (lists(named[g]->fortifications, forts[i].id)) {
          st.entry_group[i] = static_cast<int>(g);
          st.initial[g] += *forts[i].shp;
          break;
        }
    }
  } else if (stronghold_shp) {
    // One pool: the fortifications the damage order names share the stronghold's points (a moat
    // or a breach takes none, as with points given per entry).
    st.labels.push_back("stronghold");
    st.initial.push_back(*stronghold_shp);
    for (size_t i = 0; i < forts.size(); ++i)
      for (const auto* step : named)
        if (lists(step->fortifications, forts[i].id)) {
          st.entry_group[i] = 0;
          break;
        }
    st.left = st.initial;
    st.steps.emplace_back(0, 0.0);
    return st;
  } else {
    return st;
  }
  st.left = st.initial;
  // Damage is d - 1d%, "applied to 75% of walls, and then 20% of" gatehouses, gates and
  // drawbridges, normal buildings, the lost rows, then "walls and above list again" (l. 345-354):
  // each step destroys its percent of the group's points (rounded up) before the damage moves on.
  std::vector<int> done(named.size(), 0);
  for (int cycle = 0; cycle < 100; ++cycle) {
    bool more = false;
    for (size_t g = 0; g < named.size(); ++g) {
      if (st.initial[g] <= 0 || done[g] >= 100) continue;
      const int pct = cycle == 0 ? named[g]->pct : again ? again->pct : 0;
      if (pct <= 0) continue;
      done[g] = std::min(100, done[g] + pct);
      const double target = std::max(0.0, st.initial[g] - rounding::fraction_up(st.initial[g] * done[g] / 100.0));
      st.steps.emplace_back(static_cast<int>(g), target);
      more = more || done[g] < 100;
    }
    if (!more || !again) break;
  }
  return st;
}

double apply_fortification_damage(SmStructure& s, double damage) {
  double taken = 0;
  for (const auto& [group, target] : s.steps) {
    if (damage <= 0) break;
    auto& left = s.left[static_cast<size_t>(group)];
    if (left <= target) continue;
    const double t = std::min(damage, left - target);
    left -= t;
    damage -= t;
    taken += t;
  }
  return taken;
}

double breached_ft(const SiegeMachineRules& r, const SmSide& defender, const SmStructure& s) {
  const auto* walls = wall_ids(r);
  if (!walls || !s.tracked()) return 0;
  double ft = 0;
  for (size_t i = 0; i < defender.fortifications.size(); ++i) {
    const auto& item = defender.fortifications[i];
    if (!lists(*walls, item.id)) continue;
    const auto* f = r.find_fortification(item.id);
    const double length = item.length_ft
                              ? *item.length_ft
                              : item.count * static_cast<double>(f && f->per_length_ft ? *f->per_length_ft : 1);
    ft += length * (1 - s.fraction(i));
  }
  return ft;
}

SmFront front_limits(const SiegeMachineRules& r, double front_ft) {
  // "At most 300 troops and 4 siege engines per 100' of fortifications" (l. 356), rounded up.
  SmFront f;
  f.max_troops = rounding::saturated_int64(rounding::fraction_up(front_ft * r.cf_troops_per_100ft / 100.0));
  f.max_engines = rounding::saturated_int(rounding::fraction_up(front_ft * r.cf_engines_per_100ft / 100.0));
  return f;
}

std::vector<SmItem> engines_at_front(const SiegeMachineRules& r, const std::vector<SmItem>& equipment,
                                     int max_engines) {
  std::vector<size_t> order;
  for (size_t i = 0; i < equipment.size(); ++i)
    if (const auto* e = r.find_equipment(equipment[i].id); e && is_engine(*e)) order.push_back(i);
  // The engines that count most go first: BR times the crew factor (an engine without enough crew
  // counts a quarter or nothing, decision 38).
  auto worth = [&](size_t i) { return r.find_equipment(equipment[i].id)->br * crew_factor(r, equipment[i].crew); };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return worth(a) > worth(b); });
  std::vector<int> keep(equipment.size(), -1);
  int room = max_engines;
  for (size_t i : order) {
    keep[i] = std::min(room, equipment[i].count);
    room -= keep[i];
  }
  std::vector<SmItem> out;
  for (size_t i = 0; i < equipment.size(); ++i) {
    if (keep[i] == 0) continue;
    SmItem item = equipment[i];
    if (keep[i] > 0) item.count = keep[i];
    out.push_back(item);
  }
  return out;
}

namespace detail {

/// d of the week, to be thrown (siege_machine_steps.hpp).
DamageThrow devices_damage(const SiegeMachineRules& r, const SmSetup& s, const std::vector<SmItem>& equipment,
                           const std::string& option, bool artillery_fires) {
  DamageThrow t;
  t.constant = artillery_fires ? s.gunpowder_weekly_damage : 0;
  const SmBonusRule* rule = r.bonus_rule(false, option);
  for (const auto& item : equipment) {
    if (!item.damage) continue;
    const SmEquipment* e = r.find_equipment(item.id);
    if (!e) continue;
    const bool fires = e->fires();
    const bool used = fires ? artillery_fires : rule && (rule->other_all || lists(rule->other, e->id));
    const double cf = crew_factor(r, item.crew);
    if (!used || cf <= 0) continue;
    const auto& n = *item.damage;
    t.terms.push_back({n.count * item.count, n.sides, n.bonus * item.count, cf});
  }
  return t;
}

}  // namespace detail

}  // namespace gunpowder::siege
