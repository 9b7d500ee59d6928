// read_siege_machine.cpp - reads [siege_machine] (seed 004, Siege Machine) into an SmSetup:
// the plan, the week limit, the attacker's departure and concentrated fire; each side's BR (given,
// or a War Machine force rated by the war module), troops, food, ammunition, equipment and
// fortifications, morale; the defender's plan.
#include <algorithm>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/war/war_input.hpp"
#include "read_parts.hpp"

namespace gunpowder::siege::reading {

using input::Need;
using input::TableReader;

namespace {

struct MachineReader {
  const input::Document& doc;
  const SiegeMachineRules* sm;
  const war::Rules* war;
  bool bombardment_possible;  ///< the input's [besieger] park can bombard (every piece has range_yd)
  Diagnostics& diags;
  MachineRequest& result;
  bool concentrated = false;  ///< [siege_machine] front_ft is given

  /// A device's damage roll against structures: a whole number or dice ("2d10", "1d8+8").
  void read_damage(const toml::table& t, TableReader& e, SmItem& item, bool attacker) {
    const toml::node* n = t.get("damage");
    if (!n) return;
    if (!attacker) {
      e.allow("damage");
      e.error_at("damage", "damage applies to the attacker's siege devices (damage to fortifications)");
      return;
    }
    dice::Notation nt;
    if (n->is_string()) {
      const auto text = e.string("damage", Need::required);
      if (!text || !dice::parse_notation(*text, nt)) {
        if (text)
          e.error_at("damage",
                     "damage must be a whole number or dice such as \"2d10\" or \"1d8+8\", got \"" + *text + "\"");
        return;
      }
      // A bound on the dice rolled each week (the count of devices multiplies them).
      if (static_cast<long long>(nt.count) * item.count > 10000 || nt.sides > 10000) {
        e.error_at("damage",
                   "damage rolls too many dice: at most 10,000 dice of at most 10,000 sides a week for the entry");
        return;
      }
    } else if (n->is_integer()) {
      const auto v = e.integer("damage", Need::required, input::non_negative(1e5));
      if (!v) return;
      nt.bonus = static_cast<int>(*v);
    } else {
      e.allow("damage");
      e.error_at("damage", "damage must be a whole number or dice such as \"2d10\", got " + input::type_name(*n));
      return;
    }
    item.damage = nt;
  }

  void read_items(TableReader& r, std::string_view key, bool fortification, bool attacker, std::vector<SmItem>& out) {
    const toml::array* a = r.array(key, Need::optional);
    if (!a) return;
    const auto vocab = fortification ? vocabulary_of(sm->fortifications) : vocabulary_of(sm->equipment);
    for (const auto& n : *a) {
      const toml::table* t = n.as_table();
      if (!t) {
        r.error_at(key, std::string(key) + " entries must be tables { id = ..., count = ... }");
        continue;
      }
      TableReader e(doc, *t, diags, std::string(key) + " entry");
      SmItem item;
      const auto id = e.value("id", Need::required, vocab.ids, vocab.labels);
      if (auto c = e.integer("count", Need::optional, input::positive(kMaxCount * 100)))
        item.count = static_cast<int>(*c);
      if (fortification) {
        item.length_ft = e.number("length_ft", Need::optional, input::positive(1e6));
        if (id && item.length_ft && !sm->find_fortification(*id)->per_length_ft) {
          e.error_at("length_ft", "length_ft applies to fortifications counted per length (battlement, breach)");
        } else if (e.has("count") && e.has("length_ft")) {  // the error at the second of the two
          const SourcePos c = e.pos_of("count"), l = e.pos_of("length_ft");
          const bool count_second = c.line != l.line ? c.line > l.line : c.column > l.column;
          e.error_at(count_second ? "count" : "length_ft", "give count or length_ft, not both");
        }
        if (id && !item.length_ft && !e.has("count") && sm->find_fortification(*id)->per_length_ft)
          e.error("give length_ft (or count, in units of its length) for " + *id);
        // Structural points of the entry (damage to fortifications, l. 345-354).
        item.shp = e.number("shp", Need::optional, input::positive(kMaxShp));
        if (id && item.shp && !damageable(*id))
          e.error_at("shp", *id + " takes no structural damage: only fortifications in the damage order have shp (" +
                                list_of(damageable_ids()) + ")");
        // Concentrated fire: full BR within 200' of the front, a quarter beyond (l. 357-358).
        if (auto near = e.boolean("within_200ft", Need::optional)) {
          item.near = *near;
          if (!concentrated)
            e.error_at("within_200ft", "within_200ft needs front_ft in [siege_machine] (concentrated fire)");
        }
      } else {
        if (auto c = e.number("crew", Need::optional, input::Range{0, 1})) item.crew = *c;
        read_damage(*t, e, item, attacker);
      }
      e.finish();
      if (id) {
        item.id = *id;
        out.push_back(item);
      }
    }
  }

  [[nodiscard]] std::vector<std::string> damageable_ids() const {
    std::vector<std::string> v;
    for (const auto& step : sm->damage_steps) v.insert(v.end(), step.fortifications.begin(), step.fortifications.end());
    return v;
  }
  [[nodiscard]] bool damageable(const std::string& id) const {
    const auto v = damageable_ids();
    return std::find(v.begin(), v.end(), id) != v.end();
  }

  /// A side's War Machine BR: `br`, or a force table rated by the war module (BFR factors, a BFR,
  /// or the quick rating, with the battle-rating statements).
  void read_rating(TableReader& r, bool defender, SmSide& s) {
    const std::string what = defender ? "[siege_machine.defender]" : "[siege_machine.attacker]";
    const bool has_br = r.has("br"), has_force = r.has("force");
    if (has_br && has_force) r.error_at("force", "give br or force (a War Machine force to rate), not both");
    if (!has_br && !has_force) r.error(what + " needs br or force (a War Machine force to rate)");
    const toml::table* ft = has_force ? r.table("force", Need::required) : nullptr;
    if (!ft) return;
    std::string prefix = "siege_machine.";
    prefix.append(defender ? "defender" : "attacker").append(".force");
    std::string name = "[";
    name.append(prefix).append("]");
    TableReader fr(doc, *ft, diags, name);
    war::Force f;
    f.name = defender ? "defender" : "attacker";
    f.troops = s.troops;
    const size_t before = diags.items().size();
    war::read_force_rating(*war, war::force_vocabulary(*war), doc, fr, diags, f, name, prefix);
    fr.finish();
    if (diags.items().size() != before) return;
    auto rating = war::rate_force(*war, f);
    if (!rating) {
      r.error_at("force", rating.error().items().front().message);
      return;
    }
    if (rating->br < 0) {
      r.error_at("force", "the force rates a negative BR (" + std::to_string(rating->br) + ")");
      return;
    }
    s.br = rating->br;
    result.ratings[defender ? 1 : 0] = *rating;
  }

  void read_machine_side(const toml::table& t, bool defender, SmSide& s, SmSetup& m) {
    TableReader r(doc, t, diags, defender ? "[siege_machine.defender]" : "[siege_machine.attacker]");
    if (r.has("br")) s.br = static_cast<int>(r.integer("br", Need::required, input::non_negative(100000)).value_or(0));
    s.troops = r.integer("troops", Need::required, input::positive(1e9)).value_or(1);
    s.hit_dice = r.number("hit_dice", Need::required, input::positive(100)).value_or(1);
    read_rating(r, defender, s);
    if (auto f = r.integer("food_weeks", Need::optional, input::non_negative(10000)))
      s.food_weeks = static_cast<int>(*f);
    s.short_rations_weeks =
        static_cast<int>(r.integer("short_rations_weeks", Need::optional, input::non_negative(10000)).value_or(0));
    if (r.has("short_rations_weeks") && !r.has("food_weeks"))
      r.error_at("short_rations_weeks", "short_rations_weeks needs food_weeks");
    s.ammunition_weeks = r.number("ammunition_weeks", Need::optional, input::non_negative(10000));
    read_money(r, defender, s);
    s.artillery_bonus =
        static_cast<int>(r.integer("artillery_bonus", Need::optional, input::non_negative(100000)).value_or(0));
    read_items(r, "equipment", false, !defender, s.equipment);
    if (defender) read_items(r, "fortifications", true, false, s.fortifications);
    if (!defender) read_construction(t, r, m);
    read_ammunition_units(t, r, s, m);
    // The tactic by its id or as the book prints it ("Attack+").
    const auto tactics = vocabulary_of(war->tactics);
    s.tactic = r.value("tactic", Need::optional, tactics.ids, tactics.labels);
    // Morale: -2 a week of malnutrition (Other notes, Food, l. 365); the troops desert at the floor.
    if (auto v = r.integer("morale", Need::optional, {-1000, 1000})) s.morale = static_cast<int>(*v);
    if (auto v = r.integer("morale_floor", Need::optional, {-1000, 1000})) s.morale_floor = static_cast<int>(*v);
    if (r.has("morale") != r.has("morale_floor"))
      r.error_at(r.has("morale") ? "morale" : "morale_floor", "give morale and morale_floor together");
    if (s.morale && s.morale_floor && *s.morale <= *s.morale_floor)
      r.error_at("morale", "morale (" + std::to_string(*s.morale) + ") must be above morale_floor (" +
                               std::to_string(*s.morale_floor) + ")");
    if (defender)
      read_defender_plan(r, s, m);
    else if (auto b = r.boolean("bombardment_damage", Need::optional); b && *b) {
      result.bombardment = true;
      if (!bombardment_possible)
        r.error_at("bombardment_damage",
                   "bombardment_damage needs [stronghold], [besieger] and [defender] with the "
                   "besieger's artillery, every piece with its range_yd");
    }
    r.finish();
  }

  /// Money (Siege Machine: Preparation, Application): money on hand and the weekly costs; rations
  /// at half adventurer prices for the troops and twice the mounts (Other notes, Food); the casters
  /// of Create food.
  void read_money(TableReader& r, bool defender, SmSide& s) {
    s.money_gp = r.number("money_gp", Need::optional, input::non_negative(1e12));
    s.pay_gp_per_troop_week = r.number("pay_gp_per_troop_week", Need::optional, input::non_negative(1e6)).value_or(0);
    s.mounts = r.integer("mounts", Need::optional, input::non_negative(1e9)).value_or(0);
    s.ration_gp_per_week = r.number("ration_gp_per_week", Need::optional, input::non_negative(1e6));
    s.water_gp_per_week = r.number("water_gp_per_week", Need::optional, input::non_negative(1e10)).value_or(0);
    s.supplies_gp_per_week = r.number("supplies_gp_per_week", Need::optional, input::non_negative(1e10)).value_or(0);
    s.ammunition_gp_per_week =
        r.number("ammunition_gp_per_week", Need::optional, input::non_negative(1e10)).value_or(0);
    if (auto v = r.number("income_gp_per_week", Need::optional, input::non_negative(1e10))) {
      // Application: a ruler under siege cannot receive dominion income.
      if (defender)
        r.error_at("income_gp_per_week",
                   "a ruler under siege receives no dominion income (Siege Machine, Application)");
      else if (!r.has("money_gp"))
        r.error_at("income_gp_per_week", "income_gp_per_week needs money_gp (the money on hand)");
      else
        s.income_gp_per_week = *v;
    }
    const toml::array* a = r.array("create_food", Need::optional);
    if (!a) return;
    std::vector<std::string> levels;
    for (const auto& c : sm->create_food) levels.push_back(std::to_string(c.level));
    for (const auto& n : *a) {
      const toml::table* t = n.as_table();
      if (!t) {
        r.error_at("create_food", "create_food entries must be tables { level = ..., casters = ... }");
        continue;
      }
      TableReader e(doc, *t, diags, "create_food entry");
      const auto level = e.integer("level", Need::required, input::positive(1000));
      const auto casters = e.integer("casters", Need::optional, input::positive(1e6)).value_or(1);
      if (level && !sm->create_food_at(static_cast<int>(*level)))
        e.error_at("level", "the Create food table covers caster levels " + levels.front() + " to " + levels.back());
      else if (level)
        s.create_food.emplace_back(static_cast<int>(*level), static_cast<int>(casters));
      e.finish();
    }
  }

  /// Ammunition conversion (Other notes): ammunition_units = { catapult_light = 12, ... }, units of
  /// each engine's ammunition, become weeks of fire for the side's engines (and those it builds).
  void read_ammunition_units(const toml::table& t, TableReader& r, SmSide& s, const SmSetup& m) {
    const toml::table* u = r.table("ammunition_units", Need::optional);
    if (!u) return;
    if (r.has("ammunition_weeks"))
      r.error_at("ammunition_units", "give ammunition_weeks or ammunition_units, not both");
    TableReader ur(doc, *u, diags, "ammunition_units");
    std::vector<std::pair<std::string, double>> units;
    for (const auto& c : sm->conversion)
      if (auto v = ur.number(c.equipment, Need::optional, input::non_negative(1e9)))
        units.emplace_back(c.equipment, *v);
    ur.finish();
    std::vector<SmItem> engines = s.equipment;
    if (m.construction && &s == &m.attacker)
      for (const auto& b : m.construction->items) {
        SmItem i;
        i.id = b.id;
        i.count = b.count;
        engines.push_back(i);
      }
    auto w = ammunition_weeks_from_units(*sm, engines, units, "ammunition_units");
    if (!w) {
      diags.append(input::place_fields(w.error(), doc, t));
      return;
    }
    s.ammunition_weeks = *w;
  }

  /// Field construction (Other notes): [siege_machine.attacker.construction] with the men, the
  /// supervisors and build = [{ id, count, hp, cost_gp }]; checked by planning it once.
  void read_construction(const toml::table& t, TableReader& r, SmSetup& m) {
    const toml::table* ct = r.table("construction", Need::optional);
    if (!ct) return;
    const size_t before = diags.items().size();
    TableReader c(doc, *ct, diags, "[siege_machine.attacker.construction]");
    SmConstruction k;
    k.engineers = static_cast<int>(c.integer("engineers", Need::required, input::non_negative(1e4)).value_or(0));
    k.artillerists = static_cast<int>(c.integer("artillerists", Need::optional, input::non_negative(1e4)).value_or(0));
    k.builders = c.integer("builders", Need::required, input::non_negative(1e9)).value_or(0);
    k.wood_men = c.integer("wood_men", Need::required, input::non_negative(1e9)).value_or(0);
    k.wood_miles = c.number("wood_miles", Need::required, input::non_negative(1e4)).value_or(0);
    const auto equipment = vocabulary_of(sm->equipment);
    if (const toml::array* a = c.array("build", Need::required))
      for (const auto& n : *a) {
        const toml::table* bt = n.as_table();
        if (!bt) {
          c.error_at("build", "build entries must be tables { id = ..., count = ..., hp = ..., cost_gp = ... }");
          continue;
        }
        TableReader e(doc, *bt, diags, "build entry");
        SmBuild b;
        const auto id = e.value("id", Need::required, equipment.ids, equipment.labels);
        b.count = static_cast<int>(e.integer("count", Need::optional, input::positive(kMaxCount)).value_or(1));
        b.hp = e.number("hp", Need::required, input::positive(1e6)).value_or(0);
        b.cost_gp = e.number("cost_gp", Need::required, input::non_negative(1e9)).value_or(0);
        e.finish();
        if (id && b.hp > 0) {
          b.id = *id;
          k.items.push_back(b);
        }
      }
    c.finish();
    m.construction = k;
    if (diags.items().size() != before) return;
    auto p = plan_construction(*sm, k);
    if (!p)
      diags.append(input::place_fields(p.error(), doc, t));
    else
      m.construction_plan = std::move(*p);
  }

  /// The defender's plan (Defender options, l. 292-299) and the stronghold's structural points.
  void read_defender_plan(TableReader& r, const SmSide& s, SmSetup& m) {
    if (auto v = r.number("shp", Need::optional, input::positive(kMaxShp))) {
      m.stronghold_shp = *v;
      for (const auto& f : s.fortifications)
        if (f.shp) {
          r.error_at("shp", "give shp for the whole stronghold or on its fortifications, not both");
          break;
        }
    }
    m.escape = r.boolean("escape", Need::optional).value_or(false);
    const auto plan = r.value("plan", Need::optional, {"stay", "sally", "depart"});
    if (plan)
      m.defender_plan = *plan == "sally"    ? SmDefenderPlan::sally
                        : *plan == "depart" ? SmDefenderPlan::depart
                                            : SmDefenderPlan::stay;
    if (auto w = r.integer("plan_week", Need::optional, input::positive(1000))) m.defender_week = static_cast<int>(*w);
    if (auto w = r.value("plan_when", Need::optional, {"starving", "breached"}))
      m.defender_when = *w == "starving" ? SmWhen::starving : SmWhen::breached;
    const bool acts = m.defender_plan != SmDefenderPlan::stay;
    const int conditions = (r.has("plan_week") ? 1 : 0) + (r.has("plan_when") ? 1 : 0);
    if (acts && conditions != 1)
      r.error_at("plan",
                 "plan \"" + *plan + "\" needs one of plan_week (the week) and plan_when (starving or breached)");
    if (!acts && conditions > 0)
      r.error_at(r.has("plan_week") ? "plan_week" : "plan_when",
                 "plan_week and plan_when need plan = \"sally\" or \"depart\"");
    if (m.defender_plan == SmDefenderPlan::depart && !m.escape)
      r.error_at("plan", "the defender can depart only by an avenue of escape: give escape = true");
    // A plan whose moment never comes is a mistake in the input, not a silent "stay".
    if (acts && m.defender_week && *m.defender_week > m.max_weeks)
      r.error_at("plan_week", "plan_week " + std::to_string(*m.defender_week) + " comes after the siege's last week (" +
                                  std::to_string(m.max_weeks) + ", [siege_machine] weeks)");
    if (acts && m.defender_when == SmWhen::starving && !s.food_weeks)
      r.error_at("plan_when",
                 "plan_when = \"starving\" needs the defender's food_weeks (without them food is not counted)");
  }

  void read_machine(const toml::table& t, SmSetup& m) {
    TableReader r(doc, t, diags, "[siege_machine]");
    std::vector<std::string> plans;
    plans.reserve(kSmPlans.size());
    for (auto p : kSmPlans) plans.push_back(to_string(p));
    if (auto p = r.value("plan", Need::optional, plans)) m.plan = parse_plan(*p).value_or(m.plan);
    if (auto w = r.integer("bombard_weeks", Need::optional, input::non_negative(1000)))
      m.bombard_weeks = static_cast<int>(*w);
    if (auto w = r.integer("weeks", Need::optional, input::positive(1000))) m.max_weeks = static_cast<int>(*w);
    // tie_policy, as war-machine's --tie-policy spells it (war::to_string).
    std::vector<std::string> ties;
    for (auto tp :
         {war::TiePolicy::reroll, war::TiePolicy::no_result, war::TiePolicy::defender, war::TiePolicy::higher_br})
      ties.push_back(war::to_string(tp));
    if (auto tie = r.value("tie_policy", Need::optional, ties)) m.tie = war::parse_tie_policy(*tie).value_or(m.tie);
    // The attacker's departure (Attacker options, Depart) and concentrated fire (l. 356-358).
    if (auto w = r.integer("depart_after_weeks", Need::optional, input::positive(1000)))
      m.depart_after_weeks = static_cast<int>(*w);
    m.depart_below_troop_ratio = r.number("depart_below_troop_ratio", Need::optional, input::positive(1e6));
    m.front_ft = r.number("front_ft", Need::optional, input::positive(1e6));
    // A departure the attacker notices is pursued (Defender options, Depart; decision), unless false.
    m.pursue_departure = r.boolean("pursue_departure", Need::optional).value_or(true);
    concentrated = m.front_ft.has_value();
    const auto* a = r.table("attacker", Need::required);
    const auto* d = r.table("defender", Need::required);
    if (a) read_machine_side(*a, false, m.attacker, m);
    if (d) read_machine_side(*d, true, m.defender, m);
    if (a && d && m.attacker.tactic.has_value() != m.defender.tactic.has_value())
      r.error("War Machine tactics need a tactic for both sides or for neither");
    r.finish();
  }
};

}  // namespace

void read_machine(const input::Document& doc, const toml::table& t, const SiegeMachineRules& sm, const war::Rules& war,
                  bool bombardment_possible, Diagnostics& diags, MachineRequest& out) {
  MachineReader reader{doc, &sm, &war, bombardment_possible, diags, out};
  reader.read_machine(t, out.setup);
}

}  // namespace gunpowder::siege::reading
