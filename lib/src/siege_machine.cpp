// siege_machine.cpp - the Siege Machine of seed 004: its tables (data/siege_machine.toml), the
// equipment and fortification bonuses, bombard casualties, and weekly turns whose harassment and
// assault battles are War Machine battles resolved by the war-machine module.
#include "gunpowder/siege_machine.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "gunpowder/data.hpp"
#include "gunpowder/dice.hpp"
#include "gunpowder/format.hpp"
#include "gunpowder/rounding.hpp"
#include "gunpowder/toml_input.hpp"

namespace gunpowder::siege {

using input::Need;
using input::TableReader;

const SmEquipment* SiegeMachineRules::find_equipment(const std::string& id) const {
  for (const auto& e : equipment)
    if (e.id == id) return &e;
  return nullptr;
}
const SmFortification* SiegeMachineRules::find_fortification(const std::string& id) const {
  for (const auto& f : fortifications)
    if (f.id == id) return &f;
  return nullptr;
}
const SmBonusRule* SiegeMachineRules::bonus_rule(bool defender, const std::string& option) const {
  for (const auto& b : bonus_rules)
    if (b.defender == defender && b.option == option) return &b;
  return nullptr;
}
const SmScaling* SiegeMachineRules::scaling_for(const std::string& option) const {
  for (const auto& s : scaling)
    if (s.option == option) return &s;
  return nullptr;
}

std::string to_string(SmPlan p) {
  switch (p) {
    case SmPlan::bombard: return "bombard";
    case SmPlan::harass: return "harass";
    case SmPlan::assault: return "assault";
    case SmPlan::bombard_then_assault: return "bombard-then-assault";
  }
  return "?";
}

std::string to_string(SmEnd e) {
  switch (e) {
    case SmEnd::captured_by_assault: return "captured_by_assault";
    case SmEnd::captured_by_bombardment: return "captured_by_bombardment";
    case SmEnd::starved: return "starved";
    case SmEnd::departed: return "departed";
    case SmEnd::holding_out: return "holding_out";
  }
  return "?";
}

std::string describe(SmEnd e) {
  switch (e) {
    case SmEnd::captured_by_assault: return "captured by assault (defenders driven out or destroyed)";
    case SmEnd::captured_by_bombardment: return "captured: the garrison destroyed by bombardment";
    case SmEnd::starved: return "starved out: the unfed garrison deserts";
    case SmEnd::departed: return "the attacker departs (food exhausted or army destroyed)";
    case SmEnd::holding_out: return "still holding out at the week limit";
  }
  return "?";
}

// ---------------------------------------------------------------------------------------------
// Loading

namespace {

war::Fraction fraction(TableReader& r, std::string_view key, Need need, bool* given = nullptr) {
  war::Fraction f{0, 1};
  const toml::array* a = r.array(key, need);
  if (given) *given = a != nullptr;
  if (!a) return f;
  if (a->size() != 2 || !(*a)[0].is_integer() || !(*a)[1].is_integer() || (*a)[1].value<std::int64_t>().value_or(0) <= 0) {
    r.error_at(key, std::string(key) + " must be [numerator, denominator]");
    return f;
  }
  f.n = (*a)[0].value<std::int64_t>().value_or(0);
  f.d = (*a)[1].value<std::int64_t>().value_or(1);
  return f;
}

int integer(TableReader& r, std::string_view key) { return static_cast<int>(r.integer(key, Need::required).value_or(0)); }
std::string str(TableReader& r, std::string_view key) { return r.string(key, Need::required).value_or(""); }

template <typename Fn>
void rows(const input::Document& doc, TableReader& top, std::string_view key, Diagnostics& d, Fn fn) {
  if (const auto* a = top.array(key, Need::required))
    for (const auto& n : *a)
      if (const auto* t = n.as_table()) {
        TableReader r(doc, *t, d, "[[" + std::string(key) + "]]");
        fn(r);
        r.allow("source");
        r.finish();
      }
}

bool parse_dice(const std::string& s, int& n, int& sides) {
  dice::Notation nt;
  if (!dice::parse_notation(s, nt) || nt.bonus != 0) return false;
  n = nt.count;
  sides = nt.sides;
  return true;
}

Expected<SiegeMachineRules> build() {
  SiegeMachineRules r;
  Diagnostics d;
  auto doc_or = data::load("siege_machine.toml");
  if (!doc_or) return doc_or.error();
  const auto& doc = *doc_or;
  TableReader top(doc, doc.root, d, "siege_machine.toml");
  r.source = "seed 004, Siege Machine";
  rows(doc, top, "equipment", d, [&](TableReader& e) {
    SmEquipment q;
    q.id = str(e, "id");
    q.label = str(e, "label");
    q.category = e.string("category", Need::required, {"artillery", "ballista", "ram", "assault", "cover", "shelter"}).value_or("");
    q.br = static_cast<int>(e.integer("br", Need::optional).value_or(0));
    if (auto v = e.integer("br_assault", Need::optional)) q.br_assault = static_cast<int>(*v);
    if (auto v = e.integer("br_harass", Need::optional)) q.br_harass = static_cast<int>(*v);
    if (const auto* m = e.array("multiplies", Need::optional))
      for (const auto& n : *m) q.multiplies.push_back(n.value<std::string>().value_or(""));
    q.multiplier = static_cast<int>(e.integer("multiplier", Need::optional).value_or(1));
    if (auto v = e.integer("requires_one_per_men", Need::optional)) q.one_per_men = static_cast<int>(*v);
    for (const char* k : {"table_row", "footnotes", "in_seed"}) e.allow(k);
    r.equipment.push_back(q);
  });
  rows(doc, top, "fortification", d, [&](TableReader& e) {
    SmFortification f;
    f.id = str(e, "id");
    f.label = str(e, "label");
    f.br = integer(e, "br");
    if (auto v = e.integer("per_length_ft", Need::optional)) f.per_length_ft = static_cast<int>(*v);
    f.attacker = e.string("beneficiary", Need::required, {"defender", "attacker"}).value_or("") == "attacker";
    for (const char* k : {"table_row", "in_seed"}) e.allow(k);
    r.fortifications.push_back(f);
  });
  rows(doc, top, "tactic_bonus_rule", d, [&](TableReader& e) {
    SmBonusRule b;
    b.defender = e.string("side", Need::required, {"defender", "attacker"}).value_or("") == "defender";
    b.option = str(e, "attacker_option");
    b.artillery = fraction(e, "artillery_fraction", Need::optional, &b.artillery_given);
    b.ballista = fraction(e, "ballista_fraction", Need::required);
    if (const auto* o = e.array("other_equipment", Need::optional))
      for (const auto& n : *o) b.other.push_back(n.value<std::string>().value_or(""));
    b.column = e.string("equipment_value_column", Need::optional, {"assault", "harass"}).value_or("");
    for (const char* k : {"condition", "text_lost"}) e.allow(k);
    r.bonus_rules.push_back(b);
  });
  rows(doc, top, "attacker_option", d, [&](TableReader& e) {
    const std::string id = str(e, "id");
    const auto pct = e.number("br_bonus_pct", Need::optional);
    if (id == "assault" && pct) r.assault_br_pct = static_cast<int>(*pct);
    for (const char* k : {"label", "description", "combat", "text_lost"}) e.allow(k);
  });
  rows(doc, top, "casualty_scaling", d, [&](TableReader& e) {
    SmScaling s;
    s.option = str(e, "attacker_option");
    bool given = false;
    s.attacker = fraction(e, "attacker_casualty_fraction", Need::optional, &given);
    if (!given) s.attacker = {1, 1};
    s.defender = fraction(e, "defender_casualty_fraction", Need::optional, &given);
    if (!given) s.defender = {1, 1};
    s.location_changes = e.boolean("location_changes", Need::optional).value_or(true);
    if (const auto* a = e.array("artillery_split_pct", Need::required); a && a->size() == 2)
      s.artillery_split_pct = {static_cast<int>((*a)[0].value<std::int64_t>().value_or(0)),
                               static_cast<int>((*a)[1].value<std::int64_t>().value_or(0))};
    for (const char* k : {"artillery_split", "rout_means"}) e.allow(k);
    r.scaling.push_back(s);
  });
  rows(doc, top, "crew_band", d, [&](TableReader& e) {
    SmCrewBand c;
    c.min = e.number("crew_fraction_min", Need::required).value_or(0);
    c.max_exclusive = e.number("crew_fraction_max_exclusive", Need::optional);
    c.counts = fraction(e, "counts_as_fraction", Need::required);
    r.crew_bands.push_back(c);
  });
  if (const auto* t = top.table("bombard", Need::required)) {
    TableReader e(doc, *t, d, "[bombard]");
    r.bombard_divisor = integer(e, "divisor");
    if (!parse_dice(str(e, "defender_casualty_dice"), r.defender_dice_n, r.defender_dice_sides))
      e.error_at("defender_casualty_dice", "bad dice");
    if (!parse_dice(str(e, "attacker_casualty_dice"), r.attacker_dice_n, r.attacker_dice_sides))
      e.error_at("attacker_casualty_dice", "bad dice");
    e.string("hit_dice_rounding", Need::required, {"none"});
    for (const char* k : {"casualty_unit", "troops_lost", "source"}) e.allow(k);
    e.finish();
  }
  if (const auto* t = top.table("siege_food", Need::required)) {
    TableReader e(doc, *t, d, "[siege_food]");
    r.malnutrition_moderate = integer(e, "malnutrition_weeks_moderate_fatigue");
    r.malnutrition_serious = integer(e, "malnutrition_weeks_serious_fatigue");
    r.malnutrition_br_loss = integer(e, "malnutrition_weeks_br_loss");
    r.br_loss_pct = integer(e, "br_loss_pct");
    for (const char* k : {"ration_price_fraction", "morale_loss_per_week", "unfed_desert_dice", "unfed_desert_unit",
                          "mount_ration_multiplier", "source"})
      e.allow(k);
    e.finish();
  }
  rows(doc, top, "ammunition_reclaim", d, [&](TableReader& e) {
    const std::string who = e.string("who", Need::required, {"attacker", "defender"}).value_or("");
    const auto opt = e.string("attacker_option", Need::optional, {"bombard", "harass", "assault"});
    const auto f = fraction(e, "fraction", Need::required);
    e.allow("what");
    if (who == "defender") r.reclaim_defender = f;
    else if (opt) r.reclaim_attacker[*opt == "bombard" ? 0 : *opt == "harass" ? 1 : 2] = f;
  });
  rows(doc, top, "example", d, [&](TableReader& e) {
    SmExample x;
    x.id = str(e, "id");
    e.allow("rule");
    e.allow("working");
    if (const auto* in = e.table("inputs", Need::required)) {
      TableReader ir(doc, *in, d, "example inputs");
      x.bonus = integer(ir, "artillery_bonus");
      x.dice = str(ir, "dice");
      x.roll = integer(ir, "roll");
      ir.finish();
    }
    if (const auto* ex = e.table("expected", Need::required)) {
      for (const auto& [k, v] : *ex) x.expected_hd = v.value<double>().value_or(0);
    }
    r.examples.push_back(x);
  });
  if (!d.empty()) {
    Diagnostics internal;
    for (auto item : d.items()) {
      item.code = ExitCode::internal;
      internal.add(item);
    }
    return internal;
  }
  return r;
}

}  // namespace

Expected<const SiegeMachineRules*> load_siege_machine_rules() {
  static const Expected<SiegeMachineRules> rules = build();
  if (!rules) return rules.error();
  return &*rules;
}

// ---------------------------------------------------------------------------------------------
// Bonuses

namespace {

// A weapon with at least half its crew counts in full, with a quarter a quarter, below that not
// at all (rules-gaps §3).
double crew_factor(const SiegeMachineRules& r, double crew) {
  for (const auto& b : r.crew_bands)
    if (crew >= b.min - 1e-12 && (!b.max_exclusive || crew < *b.max_exclusive - 1e-12)) return b.counts.value();
  return 0;
}

int round_up(double x) { return static_cast<int>(rounding::fraction_up(x)); }

}  // namespace

SmBonus side_bonus(const SiegeMachineRules& r, const SmSide& s, bool defender, const std::string& option) {
  SmBonus b;
  const SmBonusRule* rule = r.bonus_rule(defender, option);
  if (!rule) return b;
  // The attacker's harass line is cut off after "Ballista, timber fort and mantlet bonuses, and":
  // the artillery bonus is read as the lost end of it (the option is "artillery and missile fire").
  const double art_f = rule->artillery_given ? rule->artillery.value() : 1.0;
  const double bal_f = rule->ballista.value();
  double artillery = s.artillery_bonus * art_f;
  if (s.artillery_bonus) b.lines.push_back("artillery bonus given: " + std::to_string(s.artillery_bonus) + " x " + fmtnum::trim(art_f, 3));
  double equipment = 0;
  int rams = 0, sheds = 0, ram_br = 0;
  for (const auto& item : s.equipment) {
    const SmEquipment* e = r.find_equipment(item.id);
    if (!e) continue;
    const double cf = crew_factor(r, item.crew);
    if (e->category == "artillery" || e->category == "ballista") {
      const double f = e->category == "artillery" ? art_f : bal_f;
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
      b.lines.push_back(e->label + ": " + (enough ? std::to_string(each) : std::string("0 (needs 1 per ") +
                                                                             std::to_string(*e->one_per_men) + " men)"));
      continue;
    }
    if (e->category == "ram") {
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
  if (defender)
    for (const auto& item : s.fortifications) {
      const SmFortification* f = r.find_fortification(item.id);
      if (!f || f->attacker) continue;
      const int n = f->per_length_ft && item.length_ft ? round_up(*item.length_ft / *f->per_length_ft) : item.count;
      b.fortification += f->br * n;
      b.lines.push_back(f->label + ": " + std::to_string(n) + " x " + std::to_string(f->br));
    }
  b.artillery = round_up(artillery);
  b.equipment = round_up(equipment);
  return b;
}

double bombard_hit_dice(const SiegeMachineRules& r, int bonus, int roll) {
  return static_cast<double>(bonus) / r.bombard_divisor * roll;
}

// ---------------------------------------------------------------------------------------------
// The weekly turns

namespace {

int breach_bonus(const SiegeMachineRules& r, const SmSide& defender) {
  int b = 0;
  for (const auto& item : defender.fortifications)
    if (const auto* f = r.find_fortification(item.id); f && f->attacker) {
      const int n = f->per_length_ft && item.length_ft ? round_up(*item.length_ft / *f->per_length_ft) : item.count;
      b += f->br * n;
    }
  return b;
}

int fatigue_br(const war::Rules& wr, war::Fatigue f) {
  if (f == war::Fatigue::none) return 0;
  const auto* a = wr.adjustment(f == war::Fatigue::moderate ? "moderately_fatigued" : "seriously_fatigued");
  return a ? a->br : 0;
}

std::int64_t troops_lost(double hd, double hit_dice, std::int64_t troops) {
  // Hit dice of casualties / average hit dice of the lowest troops = troops lost, rounded up.
  if (hd <= 0) return 0;
  return std::min(troops, static_cast<std::int64_t>(rounding::fraction_up(hd / hit_dice)));
}

}  // namespace

Expected<SmResult> run_siege_machine(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, Rng& rng,
                                     std::vector<SmWeek>* log) {
  SmResult res;
  std::int64_t att = s.attacker.troops, def = s.defender.troops;
  std::optional<int> att_food = s.attacker.food_weeks, def_food = s.defender.food_weeks;
  int def_short = s.defender.short_rations_weeks;
  int malnourished = 0;
  std::optional<double> att_ammo = s.attacker.ammunition_weeks, def_ammo = s.defender.ammunition_weeks;
  war::Fatigue att_fat = war::Fatigue::none, def_fat = war::Fatigue::none;
  const int breach = breach_bonus(r, s.defender);
  auto finish = [&](SmEnd e, int week) {
    res.end = e;
    res.weeks = week;
    res.attacker_troops = att;
    res.defender_troops = def;
    return res;
  };
  for (int week = 1; week <= s.max_weeks; ++week) {
    SmWeek w;
    w.week = week;
    // 1. Deduct the week's food. The defender on full rations, then short rations
    // (malnutrition), then unfed: unfed troops desert after 1d3 days (Other notes, Food).
    if (def_food) {
      if (*def_food > 0) {
        --*def_food;
      } else if (def_short > 0) {
        --def_short;
        ++malnourished;
      } else {
        if (log) {
          w.note = "the garrison has no food left and deserts";
          log->push_back(w);
        }
        return finish(SmEnd::starved, week);
      }
    }
    if (att_food) {
      if (*att_food > 0) --*att_food;
      else {
        if (log) {
          w.note = "the attacker has no food left and departs";
          log->push_back(w);
        }
        return finish(SmEnd::departed, week);
      }
    }
    // 2. BR modifications: malnutrition (moderate, serious fatigue, then -50% BR); battle fatigue
    // lasts one week.
    war::Fatigue def_hunger = war::Fatigue::none;
    if (malnourished >= r.malnutrition_serious) def_hunger = war::Fatigue::serious;
    else if (malnourished >= r.malnutrition_moderate) def_hunger = war::Fatigue::moderate;
    const war::Fatigue def_f = std::max(def_fat, def_hunger);
    int def_br = s.defender.br;
    if (malnourished >= r.malnutrition_br_loss) def_br -= round_up(def_br * r.br_loss_pct / 100.0);
    // 3. The attacker's option.
    const SmPlan plan = s.plan == SmPlan::bombard_then_assault ? (week <= s.bombard_weeks ? SmPlan::bombard : SmPlan::assault) : s.plan;
    const std::string option = to_string(plan);
    w.option = option;
    const SmBonus ab = side_bonus(r, s.attacker, false, option);
    const SmBonus db = side_bonus(r, s.defender, true, option);
    const bool att_fires = !att_ammo || *att_ammo > 1e-9;
    const bool def_fires = !def_ammo || *def_ammo > 1e-9;
    const int A = att_fires ? ab.artillery : 0;
    const int Ad = def_fires ? db.artillery : 0;
    // Artillery casualties as for bombarding: A/10 x 1d10 hit dice of defenders, A'/10 x 2d10 of
    // attackers.
    const double def_hd = bombard_hit_dice(r, A, rng.roll(r.defender_dice_n, r.defender_dice_sides));
    const double att_hd = bombard_hit_dice(r, Ad, rng.roll(r.attacker_dice_n, r.attacker_dice_sides));
    bool captured = false;
    if (plan == SmPlan::bombard) {
      w.defender_hd = def_hd;
      w.attacker_hd = att_hd;
    } else {
      // Harassment and assault: a War Machine battle with scaled casualties; the artillery's
      // casualties are pooled and split between the sides (4/1 harassing, 3/2 assaulting).
      const SmScaling* sc = r.scaling_for(option);
      const double pool = def_hd + att_hd;
      w.defender_hd = pool * sc->artillery_split_pct[0] / 100.0;
      w.attacker_hd = pool * sc->artillery_split_pct[1] / 100.0;
      int att_br = s.attacker.br + (att_fires ? ab.artillery : 0) + ab.equipment + breach + fatigue_br(wr, att_fat);
      if (plan == SmPlan::assault) att_br += round_up(s.attacker.br * r.assault_br_pct / 100.0);
      const int dbr = def_br + (def_fires ? db.artillery : 0) + db.equipment + db.fortification + fatigue_br(wr, def_f);
      war::SideSpec a;
      a.name = "attacker";
      a.modified_br = att_br;
      a.tactic = s.attacker.tactic;
      a.troops = att;
      a.casualty_scale = sc->attacker;
      a.role = war::Role::attacker;
      war::SideSpec d;
      d.name = "defender";
      d.modified_br = dbr;
      d.tactic = s.defender.tactic;
      d.troops = def;
      d.casualty_scale = sc->defender;
      d.role = war::Role::defender;
      war::BattleOptions bo;
      bo.tie = s.tie;
      bo.location_changes = sc->location_changes;
      std::optional<war::RolledBattle> rb;
      for (int attempt = 0; attempt < 1000; ++attempt) {  // ties under the reroll policy: roll again
        const int ra = rng.roll(100), rd = rng.roll(100);
        auto x = war::resolve_roll(wr, a, d, ra, rd, bo);
        if (!x) return x.error();
        if (!x->tie || s.tie != war::TiePolicy::reroll) {
          rb = *x;
          break;
        }
      }
      if (rb) {
        w.br = {att_br, dbr};
        w.rolls = rb->roll;
        if (rb->combat && rb->winner) {
          const auto& ar = rb->result[0];
          const auto& dr = rb->result[1];
          w.attacker_lost += std::min(att, ar.casualties);
          w.defender_lost += std::min(def, dr.casualties);
          att_fat = ar.fatigue.value_or(war::Fatigue::serious);
          def_fat = dr.fatigue.value_or(war::Fatigue::serious);
          w.battle = std::string(*rb->winner == 0 ? "attacker" : "defender") + " wins by " + std::to_string(rb->diff) +
                     ": casualties " + fmtnum::trim(ar.casualties_pct, 2) + "% / " + fmtnum::trim(dr.casualties_pct, 2) + "%";
          // Rout or extermination drives the defenders from the fortification (l. 341-342).
          if (plan == SmPlan::assault && (dr.location == war::Location::rout || dr.location == war::Location::none)) captured = true;
        } else {
          att_fat = def_fat = war::Fatigue::none;
          w.battle = rb->combat ? "tie" : "no combat";
        }
      }
    }
    if (plan == SmPlan::bombard) att_fat = def_fat = war::Fatigue::none;
    w.attacker_lost += troops_lost(w.attacker_hd, s.attacker.hit_dice, att - w.attacker_lost);
    w.defender_lost += troops_lost(w.defender_hd, s.defender.hit_dice, def - w.defender_lost);
    att -= w.attacker_lost;
    def -= w.defender_lost;
    // Ammunition: a week of fire each; the attacker reclaims 3/4 bombarding, 1/2 harassing, 1/4
    // assaulting; the defender reclaims a quarter of what the attacker fired.
    const size_t oi = plan == SmPlan::bombard ? 0 : plan == SmPlan::harass ? 1 : 2;
    const bool att_used = A > 0, def_used = Ad > 0;
    if (att_ammo && att_used) *att_ammo = std::max(0.0, *att_ammo - 1 + r.reclaim_attacker[oi].value());
    if (def_ammo && def_used) *def_ammo = std::max(0.0, *def_ammo - 1);
    if (def_ammo && att_used) *def_ammo += r.reclaim_defender.value();
    w.attacker_troops = att;
    w.defender_troops = def;
    if (log) log->push_back(w);
    if (def <= 0 || captured)
      return finish(captured || plan != SmPlan::bombard ? SmEnd::captured_by_assault : SmEnd::captured_by_bombardment, week);
    if (att <= 0) return finish(SmEnd::departed, week);
  }
  return finish(SmEnd::holding_out, s.max_weeks);
}

Expected<SmOdds> siege_machine_odds(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, long long runs,
                                    std::uint64_t seed, unsigned threads,
                                    const std::function<void(std::uint64_t)>& progress) {
  SmOdds o;
  o.runs = runs;
  o.seed = seed;
  const auto n = static_cast<size_t>(std::max(0LL, runs));
  std::vector<unsigned char> ends(n);
  std::vector<int> weeks(n);
  std::vector<std::string> errors(std::max(1U, threads));
  threads = std::max(1U, std::min<unsigned>(threads, static_cast<unsigned>(std::max<size_t>(1, n))));
  auto work = [&](unsigned t, size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      Rng rng = Rng::stream(seed, i);
      auto res = run_siege_machine(wr, r, s, rng, nullptr);
      if (!res) {
        errors[t] = res.error().items().front().message;
        return;
      }
      ends[i] = static_cast<unsigned char>(res->end);
      weeks[i] = res->weeks;
      if (progress && (i - from + 1) % 1024 == 0) progress(1024);
    }
    if (progress) progress((to - from) % 1024);
  };
  const size_t chunk = (n + threads - 1) / threads;
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) {
    const size_t from = std::min(n, t * chunk), to = std::min(n, (t + 1) * chunk);
    if (from < to) pool.emplace_back(work, t, from, to);
  }
  work(0, 0, std::min(n, chunk));
  for (auto& t : pool) t.join();
  for (const auto& e : errors)
    if (!e.empty()) return Expected<SmOdds>::failure(e);
  o.capture_week.assign(static_cast<size_t>(s.max_weeks) + 1, 0);
  std::vector<int> captured;
  for (size_t i = 0; i < n; ++i) {
    ++o.ends[ends[i]];
    const auto e = static_cast<SmEnd>(ends[i]);
    if (e == SmEnd::captured_by_assault || e == SmEnd::captured_by_bombardment || e == SmEnd::starved) {
      ++o.capture_week[static_cast<size_t>(weeks[i])];
      captured.push_back(weeks[i]);
    }
  }
  if (!captured.empty()) {
    double sum = 0;
    for (int w : captured) sum += w;
    o.mean_weeks_to_capture = sum / static_cast<double>(captured.size());
    std::sort(captured.begin(), captured.end());
    o.median_weeks_to_capture = captured[(captured.size() - 1) / 2];
  }
  return o;
}

}  // namespace gunpowder::siege
