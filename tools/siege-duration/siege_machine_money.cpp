// siege_machine_money.cpp - siege-duration --method siege-machine: what the siege costs (War
// Machine, Siege Machine: Preparation and Application, the weekly payroll, food, water, supplies
// and ammunition costs and the money on hand) and the field construction plan (Other notes).
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/methods.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

json::Value costs_json(const siege::SmCosts& c) {
  json::Value o = json::object();
  o.set("payroll", c.payroll);
  o.set("food", c.food);
  o.set("water", c.water);
  o.set("supplies", c.supplies);
  o.set("ammunition", c.ammunition);
  o.set("materials", c.materials);
  o.set("total", c.total());
  return o;
}

json::Value pair_json(const json::Value& a, const json::Value& d) {
  json::Value o = json::object();
  o.set("attacker", a);
  o.set("defender", d);
  return o;
}

// The first week's costs as the Preparation computes them: the troops on hand, full rations less
// what Create food makes, a week of ammunition if the side has artillery.
void first_week_table(const siege::SiegeMachineRules& r, const siege::SmSetup& m, double materials, report::Report& rep,
                      json::Value& out) {
  Table t;
  t.name = "weekly-costs";
  t.title = "Siege Machine: weekly costs at the start, gp (War Machine, Siege Machine: Preparation)";
  t.add_column("side", "Side")
      .add_column("payroll_gp", "Payroll", Align::right)
      .add_column("food_gp", "Food", Align::right)
      .add_column("water_gp", "Water", Align::right)
      .add_column("supplies_gp", "Supplies", Align::right)
      .add_column("ammunition_gp", "Ammunition", Align::right)
      .add_column("materials_gp", "Materials", Align::right)
      .add_column("total_gp", "Total", Align::right)
      .add_column("money_gp", "Money on hand", Align::right);
  json::Value sides = json::object();
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
    t.add_row({d ? "defender" : "attacker", trimmed(c.payroll, 2), trimmed(c.food, 2), trimmed(c.water, 2),
               trimmed(c.supplies, 2), trimmed(c.ammunition, 2), trimmed(c.materials, 2), trimmed(c.total(), 2),
               report::cell::trimmed(s.money_gp, 2)});
    const double price = s.ration_gp_per_week.value_or(r.adventurer_ration_gp);
    const double fed = siege::create_food_fed(r, s);
    json::Value j = costs_json(c);
    j.set("money_gp", opt_num(s.money_gp));
    j.set("income_gp_per_week", s.income_gp_per_week);
    j.set("adventurer_ration_gp_per_week", price);
    j.set("mounts", static_cast<long long>(s.mounts));
    j.set("create_food_fed", fed);
    sides.set(d ? "defender" : "attacker", std::move(j));
    const std::string who = std::string("siege machine: ") + (d ? "defender" : "attacker") + " costs: ";
    rep.explain.push_back(who + "food = (" + grouped(s.troops) + " troops + " + std::to_string(r.mount_rations) +
                          " x " + grouped(s.mounts) + " mounts) x " + trim(price, 2) + " gp x " +
                          std::to_string(r.ration_price.n) + "/" + std::to_string(r.ration_price.d) +
                          (fed > 0
                               ? " x " + trim(share, 4) + " not made by Create food (" + trim(fed, 0) + " fed a day)"
                               : std::string()) +
                          " = " + trim(c.food, 2) + " gp a week");
  }
  t.notes.push_back(
      "rations at half adventurer prices (" + trim(r.adventurer_ration_gp, 2) +
      " gp a person a week unless ration_gp_per_week says otherwise), mounts eating double; ammunition is paid in "
      "the weeks the artillery fires; a side that cannot pay a week's costs leaves (the attacker departs, the "
      "garrison deserts)");
  if (materials > 0) t.notes.push_back("materials of field construction: paid in week 1 by the attacker");
  rep.tables.push_back(std::move(t));
  out.set("costs", std::move(sides));
}

void construction_table(const siege::SiegeMachineRules& r, const siege::SmConstructionPlan& p, report::Report& rep,
                        json::Value& out) {
  Table t;
  t.name = "field-construction";
  t.title = "Siege Machine: field construction (War Machine, Siege Machine: Other notes)";
  t.add_column("id", "Item")
      .add_column("hp", "Hp", Align::right)
      .add_column("materials_gp", "Materials gp", Align::right)
      .add_column("day", "Finished on day", Align::right)
      .add_column("week", "Joins in week", Align::right);
  json::Value items = json::array();
  for (const auto& b : p.items) {
    const auto* e = r.find_equipment(b.id);
    t.add_row({value_cell(e ? e->label : b.id, b.id), report::cell::trimmed(b.hp, 2),
               report::cell::trimmed(b.materials_gp, 2), report::cell::integer(b.day), report::cell::integer(b.week)});
    json::Value j = json::object();
    j.set("id", b.id);
    j.set("hp", b.hp);
    j.set("materials_gp", b.materials_gp);
    j.set("day", b.day);
    j.set("week", b.week);
    items.push(std::move(j));
  }
  t.notes.push_back("wood " + trim(p.wood_hp_per_day, 2) + " hp a day (5 x floor(n/10) x ceil(d/5), as printed); " +
                    std::to_string(r.field.max_men_per_item) +
                    " men an item at most, 1/2 hp a man a day; an engineer oversees " +
                    std::to_string(r.field.engineer_max) + " constructions, an artillerist " +
                    std::to_string(r.field.artillerist_max) + "; materials " + std::to_string(r.field.materials.n) +
                    "/" + std::to_string(r.field.materials.d) + " of the listed cost: " + trim(p.materials_gp, 2) +
                    " gp; all built in " + std::to_string(p.days) + " days");
  rep.tables.push_back(std::move(t));
  json::Value j = json::object();
  j.set("wood_hp_per_day", p.wood_hp_per_day);
  j.set("materials_gp", p.materials_gp);
  j.set("days", p.days);
  j.set("items", std::move(items));
  out.set("construction", std::move(j));
}

}  // namespace

void machine_money_report(const siege::SiegeMachineRules& r, const siege::SmSetup& m, report::Report& rep,
                          json::Value& out) {
  std::optional<siege::SmConstructionPlan> plan = m.construction_plan;
  if (!plan && m.construction)
    if (auto p = siege::plan_construction(r, *m.construction)) plan = std::move(*p);
  first_week_table(r, m, plan ? plan->materials_gp : 0, rep, out);
  if (plan)
    construction_table(r, *plan, rep, out);
  else
    out.set("construction", json::Value());
}

void week_money_cells(const siege::SmWeek& w, bool money, std::vector<report::Cell>& cells) {
  using report::cell::trimmed;
  side_pair_cells(trimmed(w.costs[0].total(), 2), trimmed(w.costs[1].total(), 2), cells);
  if (money) side_pair_cells(trimmed(w.money[0], 2), trimmed(w.money[1], 2), cells);
}

void week_money_json(const siege::SmWeek& w, json::Value& j) {
  j.set("cost_gp_per_week", pair_json(w.costs[0].total(), w.costs[1].total()));
  j.set("costs_gp", pair_json(costs_json(w.costs[0]), costs_json(w.costs[1])));
  j.set("money_gp", pair_json(opt_num(w.money[0]), opt_num(w.money[1])));
  j.set("ammunition_yield_weeks", w.ammunition_yield);
  json::Value built = json::array();
  for (const auto& b : w.built) built.push(b);
  j.set("built", std::move(built));
}

void result_money_json(const siege::SmResult& res, json::Value& r) {
  r.set("cost_gp_total", pair_json(res.cost_total[0], res.cost_total[1]));
  r.set("money_gp", pair_json(opt_num(res.money[0]), opt_num(res.money[1])));
}

}  // namespace gunpowder::siege_app
