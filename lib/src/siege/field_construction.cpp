// field_construction.cpp - War Machine, Siege Machine: Other notes, Field construction: siege
// equipment built in the field under a siege engineer (and an artillerist for artillery), from wood
// the men collect, half a hit point a man a day, materials at a tenth of the listed cost.
#include <algorithm>
#include <cmath>

#include "gunpowder/core/rounding.hpp"
#include "gunpowder/siege/siege_machine.hpp"

namespace gunpowder::siege {

namespace {

constexpr int kMaxDays = 10'000;
constexpr std::int64_t kMaxItems = 1'000;  // items built, all entries together
constexpr int kDaysPerWeek = 7;  // a Siege Machine turn is a week

struct Job {
  size_t item = 0;
  bool artillery = false;
  double hp = 0, built = 0;
  int day = 0;  ///< 0: not finished
};

Diagnostics check(const SiegeMachineRules& r, const SmConstruction& c, double wood_per_day, bool artillery) {
  Diagnostics d;
  if (c.items.empty()) d.field_error("construction.build", "give the equipment to build");
  std::int64_t n = 0;
  for (const auto& b : c.items) n += b.count;
  if (n > kMaxItems) d.field_error("construction.build", "at most 1,000 items can be built in the field");
  if (c.engineers <= 0)
    d.field_error("construction.engineers", "field construction is supervised by a siege engineer: give engineers");
  if (artillery && c.artillerists <= 0)
    d.field_error("construction.artillerists",
                  "artillery built in the field is supervised by an artillerist too: give artillerists");
  if (c.builders <= 0)
    d.field_error("construction.builders",
                  "give the men who build (at most " + std::to_string(r.field.max_men_per_item) + " an item)");
  if (wood_per_day <= 0)
    d.field_error("construction.wood_men", "no wood is collected: 5 x floor(n/10) x ceil(d/5) needs at least " +
                                               std::to_string(r.field.wood_men_group) +
                                               " men and a distance above 0 miles");
  return d;
}

}  // namespace

Expected<SmConstructionPlan> plan_construction(const SiegeMachineRules& r, const SmConstruction& c) {
  SmConstructionPlan p;
  const auto& f = r.field;
  // Wood for 5 x floor(n/10) x ceil(d/5) hp a day for n men within d miles of the wood (as printed:
  // it grows with the distance).
  p.wood_hp_per_day = static_cast<double>(f.wood_hp_factor) *
                      std::floor(static_cast<double>(c.wood_men) / f.wood_men_group) *
                      std::ceil(c.wood_miles / f.wood_distance_group_miles - 1e-12);
  std::vector<Job> jobs;
  bool artillery = false;
  for (size_t i = 0; i < c.items.size(); ++i) {
    const auto* e = r.find_equipment(c.items[i].id);
    const bool art = e && e->category == SmCategory::artillery;
    artillery = artillery || art;
    // Materials cost 1/10 of the listed equipment cost.
    p.materials_gp += c.items[i].cost_gp * c.items[i].count * f.materials.value();
    for (int k = 0; k < c.items[i].count && jobs.size() <= static_cast<size_t>(kMaxItems); ++k)
      jobs.push_back({i, art, c.items[i].hp, 0, 0});
  }
  if (auto d = check(r, c, p.wood_hp_per_day, artillery); !d.empty()) return d;
  double wood = 0;
  size_t left = jobs.size();
  for (int day = 1; day <= kMaxDays && left > 0; ++day) {
    wood += p.wood_hp_per_day;
    // A siege engineer oversees four constructions at a time, an artillerist two (artillery needs both).
    int eng = c.engineers * f.engineer_max, art = c.artillerists * f.artillerist_max;
    std::int64_t men = c.builders;
    for (auto& j : jobs) {
      if (eng <= 0 || men <= 0) break;
      if (j.day) continue;
      if (j.artillery && art <= 0) continue;
      --eng;
      if (j.artillery) --art;
      // At most 9 men an item, each building 1/2 hp a day, from the wood on hand.
      const std::int64_t m = std::min<std::int64_t>(men, f.max_men_per_item);
      men -= m;
      const double work = std::min({static_cast<double>(m) * f.hp_per_man_day.value(), j.hp - j.built, wood});
      j.built += work;
      wood -= work;
      if (j.built >= j.hp - 1e-9) {
        j.day = day;
        --left;
        const auto& item = c.items[j.item];
        // Finished during a week's days, it joins the siege the next week.
        p.items.push_back({item.id, item.hp, item.cost_gp * f.materials.value(), day,
                           static_cast<int>(rounding::fraction_up(static_cast<double>(day) / kDaysPerWeek)) + 1});
      }
    }
  }
  if (left > 0)
    return Expected<SmConstructionPlan>::field_failure(
        "construction.build", "the work would take more than " + std::to_string(kMaxDays) + " days");
  p.days = p.items.empty() ? 0 : p.items.back().day;
  return p;
}

}  // namespace gunpowder::siege
