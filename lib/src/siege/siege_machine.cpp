// siege_machine.cpp - the Siege Machine of seed 004 (its tables are loaded by
// siege_machine_data.cpp): the weekly turns whose harassment and assault battles are War Machine
// battles resolved by the war-machine module (siege_machine_battle.cpp; the bonuses in
// siege_machine_bonuses.cpp, the stronghold's structure in siege_machine_structure.cpp, the names
// and the seeded odds in siege_machine_odds.cpp, the exact odds in siege_machine_exact.cpp).
#include "gunpowder/siege/siege_machine.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <thread>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/parallel.hpp"
#include "gunpowder/core/rounding.hpp"
#include "siege_machine_dice.hpp"
#include "siege_machine_steps.hpp"

namespace gunpowder::siege {

using detail::devices_damage;
using detail::driven_off;
using detail::fight;
using detail::ratio_bonus;
using detail::Rations;
using detail::record_battle;
using detail::round_up;
using detail::side_spec;
using detail::SmDice;

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

/// The attacker's bonus for wall knocked down: the breach row of the fortification table (+1 BR
/// per 10'), the length rounded up.
int breach_bonus_for(const SiegeMachineRules& r, double ft) {
  if (ft <= 1e-9) return 0;
  for (const auto& f : r.fortifications)
    if (f.attacker && f.per_length_ft) return f.br * round_up(ft / *f.per_length_ft);
  return 0;
}

int fatigue_br(const war::Rules& wr, war::Fatigue f) {
  if (f == war::Fatigue::none) return 0;
  const auto* a = wr.fatigue_line(f);
  return a ? a->br : 0;
}

/// Troops lost to `hd` hit dice of casualties (detail::troops_lost), at most `troops`.
std::int64_t troops_lost(double hd, double hit_dice, std::int64_t troops) {
  return std::min<std::int64_t>(troops, detail::troops_lost(hd, hit_dice));
}

/// The row of the attacker's option in the reclaiming table: bombard, harass, assault.
size_t option_index(SmPlan plan) { return plan == SmPlan::bombard ? 0 : plan == SmPlan::harass ? 1 : 2; }

void add_note(SmWeek& w, const std::string& note) {
  if (!w.note.empty()) w.note.append("; ");
  w.note.append(note);
}

/// One siege in progress (Application, l. 325-365): both sides' troops, food, morale,
/// ammunition and battle fatigue, and the stronghold's structural points, week by week.
class SiegeRun final : public detail::SmStepper {
 public:
  SiegeRun(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, SmDice& dice, std::vector<SmWeek>* log)
      : wr_(wr),
        r_(r),
        s_(s),
        dice_(dice),
        log_(log),
        att_(s.attacker.troops),
        def_(s.defender.troops),
        att_food_{s.attacker.food_weeks, static_cast<double>(s.attacker.short_rations_weeks)},
        def_food_{s.defender.food_weeks, static_cast<double>(s.defender.short_rations_weeks)},
        att_morale_(s.attacker.morale),
        def_morale_(s.defender.morale),
        att_ammo_(s.attacker.ammunition_weeks),
        def_ammo_(s.defender.ammunition_weeks),
        att_money_(s.attacker.money_gp),
        def_money_(s.defender.money_gp),
        input_breach_(breach_bonus(r, s.defender)),
        st_(make_structure(r, s.defender, s.stronghold_shp)),
        attacker_(s.attacker),
        base_equipment_(s.attacker.equipment),
        stone_gone_(s.defender.fortifications.size(), 0) {
    // Concentrated fire: the engines the front allows (the troops are cut in each battle).
    if (s.front_ft) {
      front_ = front_limits(r, *s.front_ft);
      attacker_.equipment = engines_at_front(r, s.attacker.equipment, front_->max_engines);
      // Mantlets and timber forts ("1 per 100 men") need to cover only the troops the front engages.
      attacker_.troops = std::min<std::int64_t>(attacker_.troops, front_->max_troops);
    }
  }

  /// The construction plan, before the first week.
  Expected<bool> prepare() {
    if (s_.construction_plan) {
      plan_ = *s_.construction_plan;
    } else if (s_.construction) {
      auto p = plan_construction(r_, *s_.construction);
      if (!p) return p.error();
      plan_ = std::move(*p);
    }
    return true;
  }

  Expected<SmResult> run() {
    if (auto p = prepare(); !p) return p.error();
    for (int week = 1; week <= s_.max_weeks; ++week) {
      SmWeek w;
      w.week = week;
      w.attacker_troops = att_;
      w.defender_troops = def_;
      track(w);
      auto end = play_week(week, w);
      if (!end) return end.error();
      if (*end) return finish(**end, week, &w);
      if (log_) log_->push_back(w);
    }
    return finish(SmEnd::holding_out, s_.max_weeks, nullptr);
  }

  // The exact chain's steps (detail::SmStepper).
  Expected<std::optional<SmEnd>> play(int week) override {
    pending_.reset();
    SmWeek w;
    w.week = week;
    week_ = week;
    return play_week(week, w);
  }
  SmResult result(SmEnd end, int week) override { return finish(end, week, nullptr); }
  [[nodiscard]] std::array<double, 2> week_cost() const override {
    return {res_.cost_total[0] - cost_at_load_[0], res_.cost_total[1] - cost_at_load_[1]};
  }
  [[nodiscard]] bool costs_kept() const override {
    return s_.attacker.money_gp.has_value() || s_.defender.money_gp.has_value();
  }
  void save(std::string& out) const override;
  void load(const std::string& in, int week) override;
  [[nodiscard]] std::optional<detail::SmPending> pending() const override { return pending_; }
  [[nodiscard]] std::array<std::int64_t, 2> troops() const override { return {att_, def_}; }
  void set_troops(std::int64_t attacker, std::int64_t defender) override {
    att_ = attacker;
    def_ = defender;
  }

 private:
  /// What a week's battles start from: fatigue, BR after malnutrition, the option, the breach.
  struct WeekStart {
    int week = 0;
    war::Fatigue att_f = war::Fatigue::none, def_f = war::Fatigue::none;
    int att_base = 0, def_br = 0;
    SmPlan plan = SmPlan::bombard;
    std::string option;
    int breach = 0;
  };

  SmResult finish(SmEnd e, int week, const SmWeek* w) {
    if (log_ && w) log_->push_back(*w);
    res_.end = e;
    res_.weeks = week;
    res_.attacker_troops = att_;
    res_.defender_troops = def_;
    if (st_.tracked()) res_.shp_left = st_.total_left();
    res_.money = {att_money_, def_money_};
    return res_;
  }

  void track(SmWeek& w) const {
    if (!st_.tracked()) return;
    w.shp_left = st_.total_left();
    w.breach_ft = breached_ft(r_, s_.defender, st_);
  }

  /// One week; an end of the siege, or nullopt when it goes on.
  Expected<std::optional<SmEnd>> play_week(int week, SmWeek& w) {
    if (auto end = attacker_departs(week, w)) return end;
    join_built(week, w);
    if (auto end = eat(w)) return end;
    if (auto end = pay(week, w)) return end;
    const WeekStart k = start(week, w);
    // The defender's plan (Defender options, l. 292-299).
    const bool acts = s_.defender_plan != SmDefenderPlan::stay &&
                      ((s_.defender_week && week == *s_.defender_week) ||
                       (s_.defender_when == SmWhen::starving && def_food_.short_now) ||
                       (s_.defender_when == SmWhen::breached && k.breach > 0));
    if (acts && s_.defender_plan == SmDefenderPlan::depart) return garrison_departs(k, w);
    if (acts && s_.defender_plan == SmDefenderPlan::sally) return sally(k, w);
    return attack(k, w);
  }

  /// The attacker may depart at the start of the week, before its costs: leave the battle, no
  /// combat (Attacker options, l. 285).
  std::optional<SmEnd> attacker_departs(int week, SmWeek& w) const {
    if (s_.depart_after_weeks && week > *s_.depart_after_weeks) {
      w.option = "depart";
      w.note = "the attacker departs after " + std::to_string(*s_.depart_after_weeks) + " weeks (its plan)";
      return SmEnd::departed;
    }
    if (s_.depart_below_troop_ratio && static_cast<double>(att_) < *s_.depart_below_troop_ratio * static_cast<double>(def_)) {
      w.option = "depart";
      w.note = "the attacker departs: its troops are below " + fmtnum::trim(*s_.depart_below_troop_ratio, 2) + " x the defender's";
      return SmEnd::departed;
    }
    return std::nullopt;
  }

  /// 1. Deduct the week's food: full rations, then short rations (malnutrition), then unfed:
  /// unfed troops desert after 1d3 days (Other notes, Food).
  std::optional<SmEnd> eat(SmWeek& w) {
    if (const double share = rations_needed_share(r_, s_.defender, def_); !def_food_.eat(share))
      if (auto end = desert_unfed(true, share, w)) return end;
    if (const double share = rations_needed_share(r_, s_.attacker, att_); !att_food_.eat(share))
      if (auto end = desert_unfed(false, share, w)) return end;
    // Malnutrition costs 2 points of morale a week (l. 365); at its floor a side deserts.
    if (def_morale_ && def_food_.short_now) *def_morale_ -= r_.morale_loss_per_week;
    if (att_morale_ && att_food_.short_now) *att_morale_ -= r_.morale_loss_per_week;
    w.defender_morale = def_morale_;
    w.attacker_morale = att_morale_;
    if (def_morale_ && *def_morale_ <= s_.defender.morale_floor.value_or(0)) {
      w.note = "the garrison's morale falls to " + std::to_string(*def_morale_) + ": it deserts";
      return SmEnd::starved;
    }
    if (att_morale_ && *att_morale_ <= s_.attacker.morale_floor.value_or(0)) {
      w.note = "the attacker's morale falls to " + std::to_string(*att_morale_) + ": its army deserts";
      return SmEnd::departed;
    }
    return std::nullopt;
  }

  /// Unfed troops desert after 1d3 days (Other notes, Food): the side's unfed share of its troops
  /// (the share of its rations Create food does not make), rounded up, leaves within the week;
  /// the troops the spell feeds stay, and, fed, are malnourished no longer. A side with no troops
  /// fed leaves whole: the garrison deserts, the attacker departs.
  std::optional<SmEnd> desert_unfed(bool defender, double share, SmWeek& w) {
    auto& troops = defender ? def_ : att_;
    const auto gone = std::min<std::int64_t>(
        troops, rounding::saturated_int64(rounding::fraction_up(static_cast<double>(troops) * share)));
    if (gone >= troops) {
      add_note(w, defender ? "the garrison has no food left and deserts" : "the attacker has no food left and departs");
      return defender ? SmEnd::starved : SmEnd::departed;
    }
    troops -= gone;
    (defender ? def_food_ : att_food_).malnourished = 0;
    add_note(w, std::to_string(gone) + (defender ? " unfed defenders desert; the " : " unfed attackers desert; the ") +
                    std::to_string(troops) + " fed by Create food stay");
    return std::nullopt;
  }

  /// Field construction: the equipment finished last week joins the attacker (within the front's
  /// limit under concentrated fire).
  void join_built(int week, SmWeek& w) {
    std::vector<SmItem> fresh = built_in(week, &w);
    if (fresh.empty()) return;
    base_equipment_.insert(base_equipment_.end(), fresh.begin(), fresh.end());
    attacker_.equipment = front_ ? engines_at_front(r_, base_equipment_, front_->max_engines) : base_equipment_;
    attacker_bonus_.clear();
    add_note(w, std::to_string(w.built.size()) + " item(s) built in the field join the attacker");
  }

  /// The items that join the attacker in week `week`, one entry per kind of item, counted.
  std::vector<SmItem> built_in(int week, SmWeek* w) const {
    std::vector<SmItem> fresh;
    for (const auto& b : plan_.items) {
      if (b.week != week) continue;
      if (w) w->built.push_back(b.id);
      auto it = std::find_if(fresh.begin(), fresh.end(), [&](const SmItem& i) { return i.id == b.id; });
      if (it != fresh.end()) {
        ++it->count;
        continue;
      }
      SmItem item;
      item.id = b.id;
      fresh.push_back(item);
    }
    return fresh;
  }

  /// The attacker's equipment at the start of week `week`, as join_built leaves it.
  void equipment_before(int week) {
    if (plan_.items.empty()) return;  // nothing is built: the equipment never changes
    base_equipment_ = s_.attacker.equipment;
    for (int k = 1; k < week; ++k) {
      const std::vector<SmItem> fresh = built_in(k, nullptr);
      base_equipment_.insert(base_equipment_.end(), fresh.begin(), fresh.end());
    }
    attacker_.equipment = front_ ? engines_at_front(r_, base_equipment_, front_->max_engines) : base_equipment_;
    attacker_bonus_.clear();
  }

  /// The attacker's option in week `week`: its plan, or bombard then assault.
  [[nodiscard]] SmPlan plan_of(int week) const {
    if (s_.plan != SmPlan::bombard_then_assault) return s_.plan;
    return week <= s_.bombard_weeks ? SmPlan::bombard : SmPlan::assault;
  }

  /// Whether a side's stores hold a week of fire under the attacker's option (Other notes,
  /// Reclaiming ammunition; decision): artillery fires a whole week or not at all, and what a side
  /// reclaims is gathered while the week's fire goes on. So the attacker fires a week when it holds
  /// 1 - the share it reclaims (1/4 of a week bombarding, 1/2 harassing, 3/4 assaulting), the
  /// defender when it holds a week, less the quarter of the attacker's fire it picks up in a week
  /// the attacker's artillery fires. A smaller stock is kept, and reclaimed ammunition adds to it.
  [[nodiscard]] bool week_of_fire(bool defender, SmPlan plan, bool attacker_fires) const {
    const auto& ammo = defender ? def_ammo_ : att_ammo_;
    if (!ammo) return true;  // ammunition not counted: unlimited
    const double gathered = !attacker_reclaimable() ? 0.0
                            : defender              ? (attacker_fires ? r_.reclaim_defender.value() : 0.0)
                                                    : r_.reclaim_attacker[option_index(plan)].value();
    return *ammo + gathered >= 1 - 1e-9;
  }

  /// Whether what the attacker fires can be picked up again: "All ballista ammunition is ruined by
  /// firing" (Other notes, Reclaiming ammunition), so an attacker firing ballistas only (no
  /// artillery, no artillery bonus) leaves nothing to reclaim, to either side. The stores are weeks
  /// of fire of the whole park: a mixed park reclaims as artillery.
  [[nodiscard]] bool attacker_reclaimable() const {
    if (!r_.ballista_ammunition_ruined || attacker_.artillery_bonus > 0) return true;
    return std::any_of(attacker_.equipment.begin(), attacker_.equipment.end(), [&](const SmItem& i) {
      const auto* e = r_.find_equipment(i.id);
      return e && e->category == SmCategory::artillery;
    });
  }

  /// Whether a side's artillery (or ballistas) fires this week: it has some, and a week of fire.
  [[nodiscard]] bool fires(bool defender, SmPlan plan) const {
    const SmSide& side = defender ? s_.defender : attacker_;
    const bool has =
        side.artillery_bonus > 0 || std::any_of(side.equipment.begin(), side.equipment.end(), [&](const SmItem& i) {
          const auto* e = r_.find_equipment(i.id);
          return e && e->fires();
        });
    return has && week_of_fire(defender, plan, defender && fires(false, plan));
  }

  /// 1. Deduct costs for the week (Application): payroll, the rations eaten, water, supplies, a
  /// week of ammunition if the artillery fires, and in the first week the materials of field
  /// construction. The attacker adds its dominion income first (a ruler under siege receives
  /// none). A side that cannot pay leaves: the attacker departs, the unpaid garrison deserts. The
  /// garrison pays first, as it eats first.
  std::optional<SmEnd> pay(int week, SmWeek& w) {
    for (size_t d : {1U, 0U}) {
      const SmSide& side = d ? s_.defender : s_.attacker;
      auto& money = d ? def_money_ : att_money_;
      SmCosts c =
          weekly_costs(r_, side, d ? def_ : att_, d ? def_food_.eaten : att_food_.eaten, fires(d == 1, plan_of(week)));
      if (d == 0 && week == 1) c.materials = plan_.materials_gp;
      w.costs[d] = c;
      if (money) {
        if (d == 0) *money += side.income_gp_per_week;
        w.money[d] = *money;
        if (c.total() > *money + 1e-9) {
          add_note(w, std::string(d ? "the garrison cannot be paid" : "the attacker cannot pay") + " the week's " +
                          fmtnum::trim(c.total(), 2) + " gp with " + fmtnum::trim(*money, 2) +
                          " gp on hand: " + (d ? "it deserts" : "it departs"));
          if (d == 0) w.option = "depart";
          return d ? SmEnd::starved : SmEnd::departed;
        }
        *money -= c.total();
        w.money[d] = *money;
      }
      res_.cost_total[d] += c.total();
    }
    return std::nullopt;
  }

  /// 2. BR modifications: malnutrition (moderate, serious fatigue, then -50% BR); battle fatigue
  /// lasts one week ([siege_machine] fatigue_lasts_weeks; a later battle's replaces it). 3. The
  /// attacker's option for the week.
  WeekStart start(int week, SmWeek& w) const {
    WeekStart k;
    k.week = week;
    const bool lasting = week - fatigue_week_ <= r_.fatigue_weeks;
    k.def_f = std::max(lasting ? def_fat_ : war::Fatigue::none, def_food_.fatigue(r_));
    k.att_f = std::max(lasting ? att_fat_ : war::Fatigue::none, att_food_.fatigue(r_));
    k.def_br = def_food_.br(r_, s_.defender.br);
    k.att_base = att_food_.br(r_, s_.attacker.br);
    k.plan = plan_of(week);
    k.option = to_string(k.plan);
    w.option = k.option;
    k.breach = input_breach_ + breach_bonus_for(r_, breached_ft(r_, s_.defender, st_));
    return k;
  }

  /// Depart by the avenue of escape, leaving 10% as a rearguard (rounded up), who are taken with
  /// the stronghold; the attacker's option decides when the departure is noticed.
  Expected<std::optional<SmEnd>> garrison_departs(const WeekStart& k, SmWeek& w) {
    const std::int64_t rear = std::min<std::int64_t>(
        def_, rounding::saturated_int64(rounding::fraction_up(static_cast<double>(def_) * r_.rearguard_pct / 100.0)));
    w.escaped = def_ - rear;
    def_ = rear;
    std::string noticed = "unnoticed";
    const SmDetection* x = r_.detection_for(k.option);
    const bool seen = x && x->noticed;
    if (seen) {
      noticed = "noticed ";
      if (x->delay_n > 0)
        noticed.append(std::to_string(x->delay_n)).append("d").append(std::to_string(x->delay_sides)).append(" = ")
            .append(std::to_string(dice_.unread_roll(x->delay_n, x->delay_sides))).append(" ").append(x->delay_unit);
      else
        noticed.append(x->detected);
    }
    w.note = "the garrison departs, leaving a rearguard of " + std::to_string(rear) + " who are taken; " + noticed;
    if (seen && s_.pursue_departure) {
      auto p = pursue(k, w);
      if (!p) return p.error();
    }
    add_note(w, std::to_string(w.escaped) + " get away");
    res_.escaped = w.escaped;
    w.attacker_troops = att_;
    w.defender_troops = def_;
    return std::optional<SmEnd>(SmEnd::abandoned);
  }

  /// A departure noticed is pursued (decision): a standard War Machine battle in the field between
  /// the attacker and the departing troops, without fortification or siege-equipment bonuses; the
  /// departing troops lose their casualties, none get away if they are destroyed.
  Expected<bool> pursue(const WeekStart& k, SmWeek& w) {
    const std::int64_t away = w.escaped;
    const int abr = k.att_base + fatigue_br(wr_, k.att_f) + ratio_bonus(wr_, att_, away);
    const int dbr = k.def_br + fatigue_br(wr_, k.def_f) + ratio_bonus(wr_, away, att_);
    const auto a = side_spec("attacker", abr, s_.attacker.tactic, att_, {1, 1}, war::Role::attacker);
    const auto d = side_spec("defender", dbr, s_.defender.tactic, away, {1, 1}, war::Role::defender);
    war::BattleOptions bo;
    bo.tie = s_.tie;
    auto rb = fight(wr_, a, d, bo, dice_);
    if (!rb) return rb.error();
    war::Fatigue af = war::Fatigue::none, df = war::Fatigue::none;
    bool destroyed = false;
    if (const auto* res2 = record_battle(*rb, abr, dbr, att_, away, w, af, df, log_ != nullptr))
      destroyed = (*res2)[1].location == war::Location::none;
    att_ -= w.attacker_lost;
    w.escaped = destroyed ? 0 : std::max<std::int64_t>(0, away - w.defender_lost);
    add_note(w, "the attacker pursues the departing garrison");
    return true;
  }

  /// The defender's assault: a standard War Machine battle with tactics, +10% BR for surprise
  /// (rounded up), no fortification or siege-equipment bonuses, casualties in full.
  Expected<std::optional<SmEnd>> sally(const WeekStart& k, SmWeek& w) {
    w.option = "sally";
    const int abr = k.att_base + fatigue_br(wr_, k.att_f) + ratio_bonus(wr_, att_, def_);
    const int dbr = k.def_br + sally_bonus(r_, k.def_br) + fatigue_br(wr_, k.def_f) + ratio_bonus(wr_, def_, att_);
    const auto a = side_spec("attacker", abr, s_.attacker.tactic, att_, {1, 1}, war::Role::defender);
    const auto d = side_spec("defender", dbr, s_.defender.tactic, def_, {1, 1}, war::Role::attacker);
    war::BattleOptions bo;
    bo.tie = s_.tie;
    auto rb = fight(wr_, a, d, bo, dice_);
    if (!rb) return rb.error();
    bool lifted = false, destroyed = false;
    att_fat_ = def_fat_ = war::Fatigue::none;
    fatigue_week_ = k.week;
    if (const auto* res2 = record_battle(*rb, abr, dbr, att_, def_, w, att_fat_, def_fat_, log_ != nullptr)) {
      const auto& [ar, dr] = *res2;
      lifted = driven_off(ar.location);
      destroyed = dr.location == war::Location::none;
      if (lifted) add_note(w, "the sally routs the attacker: the siege is lifted");
      else if (dr.location == war::Location::rout) add_note(w, "the sally is routed and driven back inside");
    }
    att_ -= w.attacker_lost;
    def_ -= w.defender_lost;
    w.attacker_troops = att_;
    w.defender_troops = def_;
    track(w);
    if (def_ <= 0 || destroyed) {
      add_note(w, "the garrison is destroyed in its sally");
      return std::optional<SmEnd>(SmEnd::captured_by_assault);
    }
    if (lifted || att_ <= 0) return std::optional<SmEnd>(SmEnd::lifted);
    return std::optional<SmEnd>();
  }

  /// The attacker's bonuses for an option: they change only with its equipment (kept until
  /// join_built or equipment_before changes it).
  const SmBonus& attacker_bonus(const std::string& option) {
    auto it = attacker_bonus_.find(option);
    if (it == attacker_bonus_.end()) it = attacker_bonus_.emplace(option, side_bonus(r_, attacker_, false, option)).first;
    return it->second;
  }
  /// The defender's: constant unless the structure is tracked (damaged fortifications count less).
  const SmBonus& defender_bonus(const std::string& option) {
    if (st_.tracked()) {
      damaged_bonus_ = side_bonus(r_, s_.defender, true, option, &st_, front_.has_value());
      return damaged_bonus_;
    }
    auto it = defender_bonus_.find(option);
    if (it == defender_bonus_.end())
      it = defender_bonus_.emplace(option, side_bonus(r_, s_.defender, true, option, nullptr, front_.has_value())).first;
    return it->second;
  }

  /// 4. The attacker's option: bombard, or a harassment or assault battle; then ammunition and
  /// 5. damage to fortifications.
  Expected<std::optional<SmEnd>> attack(const WeekStart& k, SmWeek& w) {
    const SmBonus& ab = attacker_bonus(k.option);
    const SmBonus& db = defender_bonus(k.option);
    const bool att_fires = week_of_fire(false, k.plan, false);
    const int A = att_fires ? ab.artillery : 0;
    const bool def_fires = week_of_fire(true, k.plan, A > 0);
    const int Ad = def_fires ? db.artillery : 0;
    // Artillery casualties as for bombarding: A/10 x 1d10 hit dice of defenders, A'/10 x 2d10 of
    // attackers.
    // (Without artillery firing the dice are thrown and count nothing.) Dice that defer them
    // (the exact chain's) leave them to the end of the week: nothing before reads them.
    const bool defer = dice_.defers_casualties();
    int def_roll = 0, att_roll = 0;
    if (!defer) {
      def_roll = A != 0 ? dice_.roll(r_.defender_dice_n, r_.defender_dice_sides)
                        : dice_.unread_roll(r_.defender_dice_n, r_.defender_dice_sides);
      att_roll = Ad != 0 ? dice_.roll(r_.attacker_dice_n, r_.attacker_dice_sides)
                         : dice_.unread_roll(r_.attacker_dice_n, r_.attacker_dice_sides);
    }
    bool captured = false;
    if (k.plan != SmPlan::bombard) {
      auto c = battle(k, ab, db, att_fires, def_fires, w);
      if (!c) return c.error();
      captured = *c;
    }
    if (!defer) {
      const std::array<double, 2> hd = detail::artillery_hd(r_, k.plan, k.option, A, Ad, def_roll, att_roll);
      w.attacker_hd = hd[0];
      w.defender_hd = hd[1];
      w.attacker_lost += troops_lost(w.attacker_hd, s_.attacker.hit_dice, att_ - w.attacker_lost);
      w.defender_lost += troops_lost(w.defender_hd, s_.defender.hit_dice, def_ - w.defender_lost);
    }
    att_ -= w.attacker_lost;
    def_ -= w.defender_lost;
    // (Neither reads the troops: a week whose casualty dice are deferred does them before.)
    use_ammunition(k.plan, A > 0, Ad > 0);
    damage_fortifications(k.option, att_fires, w);
    if (defer) {
      // The chain applies the dice's outcomes, and then the week's end (SmStepper::pending).
      pending_ = casualty_outcomes(k, A, Ad);
      pending_->captured = captured;
      return std::optional<SmEnd>();
    }
    w.attacker_troops = att_;
    w.defender_troops = def_;
    return detail::week_end(att_, def_, captured, k.plan == SmPlan::bombard);
  }

  /// Harassment and assault: a War Machine battle with scaled casualties (the artillery's are
  /// split between the sides after it: artillery_hd). True when an assault drives the defenders
  /// out.
  Expected<bool> battle(const WeekStart& k, const SmBonus& ab, const SmBonus& db, bool att_fires, bool def_fires,
                        SmWeek& w) {
    const SmScaling* sc = r_.scaling_for(k.option);
    // Concentrated fire: at most 300 troops per 100' engage; they are the attacker's troops in
    // the battle's troop ratio and its casualties.
    const std::int64_t engaged = front_ ? std::min<std::int64_t>(att_, front_->max_troops) : att_;
    int att_br = k.att_base + (att_fires ? ab.artillery : 0) + ab.equipment + k.breach + fatigue_br(wr_, k.att_f) +
                 ratio_bonus(wr_, engaged, def_);
    if (k.plan == SmPlan::assault) att_br += round_up(k.att_base * r_.assault_br_pct / 100.0);
    const int dbr = k.def_br + (def_fires ? db.artillery : 0) + db.equipment + db.fortification + fatigue_br(wr_, k.def_f) +
                    ratio_bonus(wr_, def_, engaged);
    const auto a = side_spec("attacker", att_br, s_.attacker.tactic, engaged, sc->attacker, war::Role::attacker);
    const auto d = side_spec("defender", dbr, s_.defender.tactic, def_, sc->defender, war::Role::defender);
    war::BattleOptions bo;
    bo.tie = s_.tie;
    bo.location_changes = sc->location_changes;
    auto rb = fight(wr_, a, d, bo, dice_);
    if (!rb) return rb.error();
    att_fat_ = def_fat_ = war::Fatigue::none;  // a tie or no combat leaves none
    fatigue_week_ = k.week;
    // Rout or extermination drives the defenders from the fortification (l. 341-342): in the
    // battles whose results move the sides (the assault's; a harassment has no location changes).
    if (const auto* res2 = record_battle(*rb, att_br, dbr, engaged, def_, w, att_fat_, def_fat_, log_ != nullptr))
      return sc->location_changes && driven_off((*res2)[1].location);
    return false;
  }

  /// The casualty dice of a week the exact chain plays (SmDice::defers_casualties): their outcomes
  /// (detail::casualty_outcomes), kept by the option and the artillery bonuses (A, A'), which
  /// decide them.
  detail::SmPending casualty_outcomes(const WeekStart& k, int A, int Ad) {
    const std::array<int, 3> key{static_cast<int>(option_index(k.plan)), A, Ad};
    auto it = casualties_.find(key);
    if (it == casualties_.end()) {
      casualty_kinds_.push_back(detail::casualty_outcomes(r_, s_, k.plan, k.option, A, Ad));
      it = casualties_.emplace(key, static_cast<int>(casualty_kinds_.size() - 1)).first;
    }
    detail::SmPending x;
    x.id = it->second;
    x.outcomes = &casualty_kinds_[static_cast<size_t>(x.id)];
    x.bombard = k.plan == SmPlan::bombard;
    return x;
  }

  /// Ammunition: a week of fire each; the attacker reclaims 3/4 bombarding, 1/2 harassing, 1/4
  /// assaulting; the defender reclaims a quarter of what the attacker fired, gathered while it
  /// fires. A side fires only with a week of fire on hand (week_of_fire), so no store falls below
  /// zero (the clamp absorbs rounding only).
  void use_ammunition(SmPlan plan, bool att_used, bool def_used) {
    const bool reclaim = attacker_reclaimable();
    if (att_ammo_ && att_used)
      *att_ammo_ = std::max(0.0, *att_ammo_ - 1 + (reclaim ? r_.reclaim_attacker[option_index(plan)].value() : 0.0));
    if (def_ammo_ && att_used && reclaim) *def_ammo_ += r_.reclaim_defender.value();
    if (def_ammo_ && def_used) *def_ammo_ = std::max(0.0, *def_ammo_ - 1);
  }

  /// 5. Damage to fortifications: d - 1d%, spread as l. 345-354 order it.
  void damage_fortifications(const std::string& option, bool att_fires, SmWeek& w) {
    if (!st_.tracked()) return;
    const auto [dd, roll] = dice_.damage(devices_damage(r_, s_, attacker_.equipment, option, att_fires), r_.damage_dice_sides);
    if (dd > 0) {
      w.damage_d = dd;
      w.damage_roll = roll;
      w.damage = apply_fortification_damage(st_, std::max(0.0, dd - roll));
      stone_yield(w);
    }
    track(w);
  }

  /// Reclaiming ammunition: destroying stone buildings yields their BR value in weeks of
  /// ammunition, read as the defender's (the rubble falls inside its walls).
  void stone_yield(SmWeek& w) {
    const auto& forts = s_.defender.fortifications;
    int fresh = 0;
    double yield = 0;
    for (size_t i = 0; i < forts.size(); ++i) {
      const SmFortification* f = r_.find_fortification(forts[i].id);
      if (!f || !f->stone_building) continue;
      const int gone = rounding::saturated_int(std::floor(forts[i].count * (1 - st_.fraction(i)) + 1e-9));
      fresh += gone - stone_gone_[i];
      yield += static_cast<double>(gone - stone_gone_[i]) * f->br;
      stone_gone_[i] = gone;
    }
    if (fresh <= 0) return;
    w.ammunition_yield = yield;
    if (def_ammo_) *def_ammo_ += w.ammunition_yield;
    add_note(w, std::to_string(fresh) + " stone building(s) destroyed: " + fmtnum::trim(w.ammunition_yield, 2) +
                    " weeks of ammunition for the defender");
  }

  const war::Rules& wr_;
  const SiegeMachineRules& r_;
  const SmSetup& s_;
  SmDice& dice_;
  std::vector<SmWeek>* log_;
  SmResult res_;
  std::int64_t att_, def_;
  Rations att_food_, def_food_;
  std::optional<int> att_morale_, def_morale_;
  std::optional<double> att_ammo_, def_ammo_;
  std::optional<double> att_money_, def_money_;
  war::Fatigue att_fat_ = war::Fatigue::none, def_fat_ = war::Fatigue::none;
  int fatigue_week_ = 0;  ///< the week of the battle that left att_fat_ and def_fat_
  int input_breach_;
  SmStructure st_;
  std::optional<SmFront> front_;
  SmSide attacker_;
  std::vector<SmItem> base_equipment_;  ///< the attacker's equipment with what it has built
  SmConstructionPlan plan_;
  std::vector<int> stone_gone_;  ///< stone buildings destroyed so far, per fortification entry
  int week_ = 0;                 ///< the last week played (the exact chain's steps)
  std::array<double, 2> cost_at_load_{};  ///< the costs of the state loaded (the exact chain's steps)
  std::map<std::string, SmBonus> attacker_bonus_, defender_bonus_;  ///< by option (see attacker_bonus)
  SmBonus damaged_bonus_;  ///< the defender's, this week, with the structure tracked
  std::optional<detail::SmPending> pending_;  ///< the casualty dice the week left (see pending())
  std::map<std::array<int, 3>, int> casualties_;  ///< casualty_kinds_'s index by option, A and A'
  std::deque<std::vector<detail::SmCasualty>> casualty_kinds_;  ///< the casualty dice's outcomes (stable)
};

// The state between weeks: what the next weeks read. Within a week's step short_now and eaten
// are set before they are read, and a battle's fatigue is written only while it lasts, with its
// age: so states that play alike are equal bytes.
void SiegeRun::save(std::string& out) const {
  out.clear();
  auto put = [&](const auto& v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); };
  auto put_opt = [&](const auto& o) {
    put(static_cast<char>(o.has_value()));
    if (o) put(*o);
  };
  put(att_);
  put(def_);
  for (const Rations* f : {&att_food_, &def_food_}) {
    put_opt(f->full);
    put(f->short_left);
    put(f->malnourished);
  }
  put_opt(att_morale_);
  put_opt(def_morale_);
  put_opt(att_ammo_);
  put_opt(def_ammo_);
  put_opt(att_money_);
  put_opt(def_money_);
  const int age = week_ + 1 - fatigue_week_;
  const bool lasting = (att_fat_ != war::Fatigue::none || def_fat_ != war::Fatigue::none) && age <= r_.fatigue_weeks;
  put(lasting ? att_fat_ : war::Fatigue::none);
  put(lasting ? def_fat_ : war::Fatigue::none);
  put(lasting ? age : 0);
  for (double v : st_.left) put(v);
  for (int g : stone_gone_) put(g);
  if (costs_kept()) put(res_.cost_total);
}

void SiegeRun::load(const std::string& in, int week) {
  size_t at = 0;
  auto get = [&](auto& v) {
    std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
  };
  auto get_opt = [&](auto& o) {
    char has = 0;
    get(has);
    o.reset();
    if (has) {
      o.emplace();
      get(*o);
    }
  };
  get(att_);
  get(def_);
  for (Rations* f : {&att_food_, &def_food_}) {
    get_opt(f->full);
    get(f->short_left);
    get(f->malnourished);
    f->short_now = false;
    f->eaten = 0;
  }
  get_opt(att_morale_);
  get_opt(def_morale_);
  get_opt(att_ammo_);
  get_opt(def_ammo_);
  get_opt(att_money_);
  get_opt(def_money_);
  int age = 0;
  get(att_fat_);
  get(def_fat_);
  get(age);
  fatigue_week_ = week - age;
  for (double& v : st_.left) get(v);
  for (int& g : stone_gone_) get(g);
  res_ = SmResult{};
  if (costs_kept()) get(res_.cost_total);
  cost_at_load_ = res_.cost_total;
  week_ = week - 1;
  equipment_before(week);
}

}  // namespace

Expected<SmResult> run_siege_machine(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, Rng& rng,
                                     std::vector<SmWeek>* log) {
  detail::SmRngDice dice(rng);
  return SiegeRun(wr, r, s, dice, log).run();
}

namespace detail {

Expected<std::unique_ptr<SmStepper>> siege_stepper(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s,
                                                   SmDice& dice) {
  auto run = std::make_unique<SiegeRun>(wr, r, s, dice, nullptr);
  if (auto p = run->prepare(); !p) return p.error();
  return std::unique_ptr<SmStepper>(std::move(run));
}

}  // namespace detail

}  // namespace gunpowder::siege
