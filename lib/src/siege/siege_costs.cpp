// siege_costs.cpp - the Siege Machine's money and stores (War Machine, Siege Machine: Preparation,
// Application, Other notes): each week's payroll, food, water, supplies and ammunition costs,
// rations at half adventurer prices with mounts eating double, the Create food table, and the
// conversion of ammunition between engines.
#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/siege/siege_machine.hpp"

namespace gunpowder::siege {

double create_food_fed(const SiegeMachineRules& r, const SmSide& s) {
  // Siege Machine, Create food: the per-day figure of the caster's level, read as people fed a day.
  double fed = 0;
  for (const auto& [level, casters] : s.create_food)
    if (const auto* row = r.create_food_at(level)) fed += static_cast<double>(row->per_day) * casters;
  return fed;
}

double rations_needed_share(const SiegeMachineRules& r, const SmSide& s, std::int64_t troops) {
  // Other notes, Food: mounts require double human rations.
  const double rations = static_cast<double>(troops) + static_cast<double>(s.mounts) * r.mount_rations;
  if (rations <= 0) return 0;
  const double fed = create_food_fed(r, s);
  return std::clamp(1.0 - fed / rations, 0.0, 1.0);
}

namespace {

// Money is counted to the copper piece (0.01 gp): a week's costs are whole coins.
double to_copper(double gp) { return std::round(gp * 100) / 100; }

}  // namespace

SmCosts weekly_costs(const SiegeMachineRules& r, const SmSide& s, std::int64_t troops, double ration_share,
                     bool fires) {
  SmCosts c;
  // Preparation: weekly payroll of the troops on hand.
  c.payroll = s.pay_gp_per_troop_week * static_cast<double>(troops);
  // Other notes, Food: rations at half adventurer prices; mounts require double human rations.
  const double price = s.ration_gp_per_week.value_or(r.adventurer_ration_gp) * r.ration_price.value();
  const double rations = static_cast<double>(troops) + static_cast<double>(s.mounts) * r.mount_rations;
  c.food = rations * price * ration_share;
  c.water = s.water_gp_per_week;
  c.supplies = s.supplies_gp_per_week;
  // A week of artillery fire, paid in the weeks the side's artillery fires.
  c.ammunition = fires ? s.ammunition_gp_per_week : 0;
  for (double* x : {&c.payroll, &c.food, &c.water, &c.supplies, &c.ammunition}) *x = to_copper(*x);
  return c;
}

long long sm_whole_gp(double gp) {
  const long long cp = rounding::saturated_int64(std::round(gp * 100));  // to the copper piece, as the means
  return cp / 100 + (cp % 100 >= 50 ? 1 : 0);
}

Expected<double> ammunition_weeks_from_units(const SiegeMachineRules& r, const std::vector<SmItem>& equipment,
                                             const std::vector<std::pair<std::string, double>>& units,
                                             const std::string& field) {
  // Other notes, Ammunition conversion: 6 light-catapult = 5 heavy-catapult = 4 trebuchet units, so
  // a unit of an engine's ammunition is worth 1/units of a common measure. A unit is read as one
  // engine's week of fire: the side's engines burn sum(count / units) of the measure a week.
  Diagnostics d;
  double stock = 0;
  for (const auto& [id, n] : units) {
    const auto* c = r.conversion_for(id);
    if (!c) {
      std::string path = field;
      path.append(".").append(id);
      std::string message = "no ammunition conversion for \"";
      message.append(id).append("\" (light catapult, heavy catapult and trebuchet ammunition convert)");
      d.field_error(path, message);
      continue;
    }
    stock += n / c->units;
  }
  double need = 0;
  for (const auto& item : equipment)
    if (const auto* c = r.conversion_for(item.id)) need += static_cast<double>(item.count) / c->units;
  if (need <= 0) d.field_error(field, "the side has no catapult or trebuchet to fire converted ammunition");
  if (!d.empty()) return d;
  return stock / need;
}

}  // namespace gunpowder::siege
