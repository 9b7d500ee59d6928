// siege_machine_money.cpp - siege-duration --method siege-machine: what the siege costs (War
// Machine, Siege Machine: Preparation and Application, the weekly payroll, food, water, supplies
// and ammunition costs and the money on hand) and the field construction plan (Other notes).
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Table;

namespace {

constexpr const char* kPreparation = "War Machine, Siege Machine: Preparation";

// A side's costs of a week (payroll ... total) and its money: the cells of weekly-costs and week-costs.
void cost_cells(const siege::SmCosts& c, const std::optional<double>& money, std::vector<report::Cell>& cells) {
  using report::cell::trimmed;
  for (double v : {c.payroll, c.food, c.water, c.supplies, c.ammunition, c.materials, c.total()})
    cells.push_back(trimmed(v, 2));
  cells.push_back(trimmed(money, 2));
}

// The first week's costs as the Preparation computes them: the troops on hand, full rations less
// what Create food makes, a week of ammunition if the side has artillery.
void first_week_table(const siege::SiegeMachineRules& r, const siege::SmSetup& m, double materials,
                      const std::string& source, report::Report& rep) {
  Table t = table_of(tables::weekly_costs());
  t.title = std::string("Siege Machine: weekly costs at the start, gp (") + kPreparation + ")";
  for (int d = 0; d < 2; ++d) {
    const auto& s = d ? m.defender : m.attacker;
    const bool fires =
        s.artillery_bonus > 0 || std::any_of(s.equipment.begin(), s.equipment.end(), [&](const siege::SmItem& i) {
          const auto* e = r.find_equipment(i.id);
          return e && e->fires();
        });
    const double share = siege::rations_needed_share(r, s, s.troops);
    auto c = siege::weekly_costs(r, s, s.troops, share, fires);
    if (d == 0) c.materials = materials;  // field construction, paid in week 1
    using report::cell::trimmed;
    const double price = s.ration_gp_per_week.value_or(r.adventurer_ration_gp);
    const double fed = siege::create_food_fed(r, s);
    std::vector<report::Cell> cells{side_name(d == 1, true)};
    cost_cells(c, s.money_gp, cells);
    cells.insert(cells.end(), {trimmed(s.income_gp_per_week, 12), trimmed(price, 12), report::cell::integer(s.mounts),
                               trimmed(fed, 12)});
    t.add_row(std::move(cells), source);
    report::Step food{std::string("siege machine: ") + (d ? "defender" : "attacker") + " costs", "food",
                      "(" + grouped(s.troops) + " troops + " + std::to_string(r.mount_rations) + " x " +
                          grouped(s.mounts) + " mounts) x " + trim(price, 2) + " gp x " +
                          std::to_string(r.ration_price.n) + "/" + std::to_string(r.ration_price.d) +
                          (fed > 0 ? " x " + trim(share, 4) + " not made by Create food" : std::string()),
                      trim(c.food, 2) + " gp a week", kPreparation};
    food.in("troops", grouped(s.troops))
        .in("mounts", grouped(s.mounts))
        .in("ration gp a week", trim(price, 2))
        .in("share of the price", std::to_string(r.ration_price.n) + "/" + std::to_string(r.ration_price.d));
    if (fed > 0) food.in("fed a day by Create food", trim(fed, 0)).in("share not made by Create food", trim(share, 4));
    rep.explain.push_back(std::move(food));
  }
  t.notes.push_back(
      "rations at half adventurer prices (" + trim(r.adventurer_ration_gp, 2) +
      " gp a person a week unless ration_gp_per_week says otherwise), mounts eating double; ammunition is paid in "
      "the weeks the artillery fires; a side that cannot pay a week's costs leaves (the attacker departs, the "
      "garrison deserts)");
  if (materials > 0) t.notes.push_back("materials of field construction: paid in week 1 by the attacker");
  rep.tables.push_back(std::move(t));
}

void construction_table(const siege::SiegeMachineRules& r, const siege::SmConstructionPlan& p,
                        const std::string& source, report::Report& rep) {
  Table t = table_of(tables::field_construction());
  t.title = "Siege Machine: field construction (War Machine, Siege Machine: Other notes)";
  for (const auto& b : p.items) {
    const auto* e = r.find_equipment(b.id);
    t.add_row({value_cell(e ? e->label : b.id, b.id), report::cell::trimmed(b.hp, 2),
               report::cell::trimmed(b.materials_gp, 2), report::cell::integer(b.day), report::cell::integer(b.week)},
              source);
  }
  t.notes.push_back("wood " + trim(p.wood_hp_per_day, 2) + " hp a day (5 x floor(n/10) x ceil(d/5), as printed); " +
                    std::to_string(r.field.max_men_per_item) +
                    " men an item at most, 1/2 hp a man a day; an engineer oversees " +
                    std::to_string(r.field.engineer_max) + " constructions, an artillerist " +
                    std::to_string(r.field.artillerist_max) + "; materials " + std::to_string(r.field.materials.n) +
                    "/" + std::to_string(r.field.materials.d) + " of the listed cost: " + trim(p.materials_gp, 2) +
                    " gp; all built in " + std::to_string(p.days) + " days");
  rep.tables.push_back(std::move(t));
  Table plan = table_of(tables::construction_plan());
  plan.add_row({report::cell::trimmed(p.wood_hp_per_day, 12), report::cell::trimmed(p.materials_gp, 12),
                report::cell::integer(p.days)},
               source);
  rep.tables.push_back(std::move(plan));
}

}  // namespace

void machine_money_report(const siege::SiegeMachineRules& r, const siege::SmSetup& m, const std::string& source,
                          report::Report& rep) {
  std::optional<siege::SmConstructionPlan> plan = m.construction_plan;
  if (!plan && m.construction)
    if (auto p = siege::plan_construction(r, *m.construction)) plan = std::move(*p);
  first_week_table(r, m, plan ? plan->materials_gp : 0, source, rep);
  if (plan) construction_table(r, *plan, source, rep);
}

void week_money_cells(const siege::SmWeek& w, std::vector<report::Cell>& cells) {
  using report::cell::trimmed;
  side_pair_cells(trimmed(w.costs[0].total(), 2), trimmed(w.costs[1].total(), 2), cells);
  side_pair_cells(trimmed(w.money[0], 2), trimmed(w.money[1], 2), cells);
}

void week_cost_tables(const std::vector<siege::SmWeek>& weeks, std::uint64_t seed, const std::string& source,
                      report::Report& rep) {
  Table costs = table_of(tables::week_costs());
  Table built = table_of(tables::week_built());
  seeded_context(costs, seed, std::nullopt);
  seeded_context(built, seed, std::nullopt);
  for (const auto& w : weeks) {
    for (int d = 0; d < 2; ++d) {
      std::vector<report::Cell> cells{report::cell::integer(w.week), side_name(d == 1, true)};
      cost_cells(w.costs[static_cast<size_t>(d)], w.money[static_cast<size_t>(d)], cells);
      costs.add_row(std::move(cells), source);
    }
    for (const auto& b : w.built) built.add_row({report::cell::integer(w.week), b}, source);
  }
  rep.tables.push_back(std::move(costs));
  rep.tables.push_back(std::move(built));
}

}  // namespace gunpowder::siege_app
