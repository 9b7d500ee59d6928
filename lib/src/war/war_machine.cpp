// war_machine.cpp - the War Machine rules of seed 004: names and look-ups, the troop ratio and
// combat adjustments, dividing and matching forces, movement and the simple siege (force rating in
// force_rating.cpp, tactics and combat results in combat_results.cpp).
// Every figure comes from war::Rules (data/war_machine.toml); decisions where the seed is silent:
// docs/notes/war-machine-decisions.md.
#include "gunpowder/war/war_machine.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numeric>
#include <set>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/rounding.hpp"
#include "war_steps.hpp"

namespace gunpowder::war {

using detail::ceil_div;
using detail::statement_figure;
using detail::up;
using fmtnum::trim;

// ---------------------------------------------------------------------------------------------
// Names

Ruled either(Ruled a, const Ruled& b) {
  if (a) return a;
  return b;
}

std::string to_string(Fatigue f) {
  switch (f) {
    case Fatigue::none:
      return "none";
    case Fatigue::moderate:
      return "moderate";
    case Fatigue::serious:
      return "serious";
  }
  return "?";
}
std::string to_string(Location l) {
  switch (l) {
    case Location::field:
      return "field";
    case Location::retreat:
      return "retreat";
    case Location::rout:
      return "rout";
    case Location::none:
      return "none";
    case Location::hold:
      return "hold";
    case Location::withdraw:
      return "withdraw";
  }
  return "?";
}
std::string to_string(Role r) {
  switch (r) {
    case Role::attacker:
      return "attacker";
    case Role::defender:
      return "defender";
    case Role::none:
      return "none";
  }
  return "?";
}
std::string to_string(TiePolicy t) {
  switch (t) {
    case TiePolicy::reroll:
      return "reroll";
    case TiePolicy::no_result:
      return "no-result";
    case TiePolicy::defender:
      return "defender";
    case TiePolicy::higher_br:
      return "higher-br";
  }
  return "?";
}
std::string to_string(CasualtyReading c) { return c == CasualtyReading::points ? "points" : "multiply"; }
std::string to_string(RatioReading r) { return r == RatioReading::ceiling ? "ceiling" : "floor"; }
std::string to_string(PercentReading r) { return r == PercentReading::up ? "up" : "exact"; }

namespace {
/// The value of `all` whose to_string is `typed` in the suite's spelling (suite_spelling).
template <class E>
std::optional<E> parse_value(const std::string& typed, std::initializer_list<E> all) {
  const std::string s = suite_spelling(typed);
  for (auto v : all)
    if (to_string(v) == s) return v;
  return std::nullopt;
}
}  // namespace

std::optional<Fatigue> parse_fatigue(const std::string& s) {
  return parse_value(s, {Fatigue::none, Fatigue::moderate, Fatigue::serious});
}
std::optional<TiePolicy> parse_tie_policy(const std::string& s) {
  return parse_value(s, {TiePolicy::reroll, TiePolicy::no_result, TiePolicy::defender, TiePolicy::higher_br});
}
std::optional<CasualtyReading> parse_casualty_reading(const std::string& s) {
  return parse_value(s, {CasualtyReading::points, CasualtyReading::multiply});
}
std::optional<RatioReading> parse_ratio_reading(const std::string& s) {
  return parse_value(s, {RatioReading::ceiling, RatioReading::floor});
}
std::optional<PercentReading> parse_percent_reading(const std::string& s) {
  return parse_value(s, {PercentReading::up, PercentReading::exact});
}

// ---------------------------------------------------------------------------------------------
// Look-ups

const TroopClass* Rules::troop_class(const std::string& id) const {
  return lookup::find(troop_classes, [&](const auto& t) { return t.id == id; });
}
const TroopClass& Rules::class_for_bfr(int bfr) const {
  for (const auto& t : troop_classes)
    if (bfr >= t.bfr_min && (!t.bfr_max || bfr <= *t.bfr_max)) return t;
  return bfr < troop_classes.front().bfr_min ? troop_classes.front() : troop_classes.back();
}
const Adjustment* Rules::adjustment(const std::string& id) const {
  return lookup::find(adjustments, [&](const auto& a) { return a.id == id; });
}
const Adjustment* Rules::fatigue_line(Fatigue f) const {
  return lookup::find(adjustments, [&](const auto& a) { return a.fatigue == f; });
}
const Adjustment* Rules::troop_class_advantage_line() const {
  return lookup::find(adjustments, [&](const auto& a) { return a.troop_class_advantage; });
}
const AdjustmentGroup* Rules::group(const std::string& id) const {
  return lookup::find(groups, [&](const auto& g) { return g.id == id; });
}
const Tactic* Rules::tactic(const std::string& id) const {
  return lookup::find(tactics, [&](const auto& t) { return t.id == id; });
}
const TacticsCell* Rules::cell(const std::string& a, const std::string& b) const {
  for (const auto& c : cells)
    if (c.a == a && c.b == b) return &c;
  return nullptr;
}
const CombatResult& Rules::result_for(int diff) const {
  for (const auto& r : results)
    if (diff >= r.diff_min && (!r.diff_max || diff <= *r.diff_max)) return r;
  return results.front();  // diff < 1 is never asked for (ties are settled before)
}
const ForcedMarchRow* Rules::forced_march_row(const std::string& troop_class) const {
  for (const auto& r : forced_march_rows)
    if (r.troop_class == troop_class) return &r;
  return nullptr;
}
const BfrComponent* Rules::component(const std::string& id) const {
  return lookup::find(bfr_components, [&](const auto& c) { return c.id == id; });
}

int troop_ratio_adjustment(const Rules& R, std::int64_t larger, std::int64_t smaller, RatioReading reading) {
  if (smaller <= 0 || larger <= smaller) return 0;
  const auto& t = R.troop_ratio;
  const double L = static_cast<double>(larger), S = static_cast<double>(smaller);
  // From 20:1 up: 100 + 10 ceil(R/10) (seed 004, Troop ratio, l. 74), in integers.
  if (L >= t.formula_from_ratio * S) {
    // In 64 bits, and capped so that a modified BR stays far inside an int (1,000,000 troops to 1
    // already gives +100,100).
    const std::int64_t adj = t.base + t.step * ceil_div(larger, smaller * t.divisor);
    return static_cast<int>(std::min<std::int64_t>(adj, kMaxTroopRatioAdjustment));
  }
  for (const auto& b : t.bands) {
    if (reading == RatioReading::ceiling) {
      // R rounds up to the next printed ratio: min < R <= max.
      if (L > b.ceil_min_exclusive * S && L <= b.ceil_max * S) return b.br;
    } else if (b.floor_min && b.floor_max_exclusive) {
      // The largest printed ratio not above R: min <= R < max.
      if (L >= *b.floor_min * S && L < *b.floor_max_exclusive * S) return b.br;
    }
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Adjustments

std::vector<std::pair<std::string, std::string>> check_situation(const Rules& R, const std::vector<std::string>& ids,
                                                                 Role role) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> seen;
  std::map<std::string, std::string> only_one;
  for (const auto& id : ids) {
    const auto* a = R.adjustment(id);
    if (!a) {
      std::string list;
      for (const auto& x : R.adjustments)
        if (!x.fatigue) list.append(list.empty() ? "" : ", ").append(x.id);
      std::string message = "unknown situation \"" + id + "\" (allowed: ";
      message.append(list).append(")");
      out.emplace_back(id, std::move(message));
      continue;
    }
    if (!seen.insert(id).second) {
      out.emplace_back(id, "situation \"" + id + "\" is listed twice");
      continue;
    }
    const auto* g = R.group(a->group);
    if (a->fatigue) {
      out.emplace_back(id, "give fatigue = \"moderate\" or \"serious\" instead of the situation \"" + id + "\"");
      continue;
    }
    if (g->defender_only && role != Role::defender)
      out.emplace_back(id, "\"" + id + "\" is a defenders-only line, and this force " +
                               (role == Role::none ? std::string("has no role") : "is the " + to_string(role)));
    if (g->only_one) {
      auto [it, fresh] = only_one.emplace(g->id, id);
      if (!fresh)
        out.emplace_back(
            id, "\"" + it->second + "\" and \"" + id + "\" are both " + g->label + " lines, and only one may apply");
    }
  }
  // Lines that exclude each other (the Environment's extremely favourable and unfavourable).
  for (const auto& id : ids)
    if (const auto* a = R.adjustment(id))
      for (const auto& other : a->excludes)
        if (seen.count(other)) {
          std::string why = "\"";
          why.append(id).append("\" and \"").append(other).append("\" cannot both apply (").append(a->label);
          why.append(", ").append(R.adjustment(other)->label).append(")");
          out.emplace_back(id, std::move(why));
        }
  return out;
}

std::int64_t troops_for_ratio(const Rules& rules, const BattleSettings& s, Role role, std::int64_t troops) {
  const bool multiplied = s.simple_siege && role == Role::defender;
  return troops * (multiplied ? rules.simple_siege.defender_troop_multiplier : 1);
}

namespace {
/// A defenders-only line (l. 117): dropped with the Siege Machine when starred, else halved if 5%
/// of the attackers can fly, ignored if all can.
void defenders_only(const Rules& R, const Adjustment& a, const Force& attacker, const BattleSettings& s,
                    AdjustmentLine& l) {
  if (s.siege_machine && a.ignore_with_siege_machine) {
    l.br = 0;
    l.note = "ignored with Siege Machine (*)";
    return;
  }
  const auto fly = attacker.composition.flying_pct;
  if (!fly) return;
  // The attackers' flyers are read by the flyer rule (and their percentage by the reading).
  l.ruled = either(either(std::move(l.ruled), R.ruled.defender_flyers), s.percent_reading_ruled);
  if (*fly >= 100 && R.defender_flyers.ignore_if_all_attackers_fly) {
    l.br = 0;
    l.note = "ignored: all attackers fly";
  } else if (statement_figure(*fly, s.percent_reading) >= R.defender_flyers.halve_if_attacker_flyers_pct_min) {
    l.br = static_cast<int>(ceil_div(a.br, 2));
    l.note = "halved (rounded up): " + trim(*fly) + "% of the attackers fly";
  }
}
}  // namespace

Expected<std::array<SideAdjustments, 2>> battle_adjustments(const Rules& R, const std::array<const Force*, 2>& f,
                                                            const std::array<const Rating*, 2>& r,
                                                            const BattleSettings& s) {
  std::array<SideAdjustments, 2> out;
  Diagnostics errs;
  if (f[0]->role == Role::defender && f[1]->role == Role::defender) {
    errs.error({}, "both '" + f[0]->name + "' and '" + f[1]->name + "' are defending: one side must attack");
    return errs;
  }
  for (size_t i = 0; i < 2; ++i)
    for (const auto& [id, msg] : check_situation(R, f[i]->situation, f[i]->role))
      errs.error({}, "force '" + f[i]->name + "': " + msg);
  if (!errs.empty()) return errs;

  for (size_t i = 0; i < 2; ++i) {
    const size_t j = 1 - i;
    auto& lines = out[i].lines;
    // Troop ratio (l. 73-80): the larger force only; a simple-siege defender counts its troops
    // x4 (l. 182).
    auto counted = [&](size_t k) { return troops_for_ratio(R, s, f[k]->role, f[k]->troops); };
    const std::int64_t mine = counted(i), theirs = counted(j);
    if (mine > theirs) {
      const int adj = troop_ratio_adjustment(R, mine, theirs, s.ratio_reading);
      // The formula and the bands (read by the reading), and a simple-siege defender's multiplier.
      Ruled ruled = either(either(R.ruled.ratio_formula, R.ruled.ratio_bands), s.ratio_reading_ruled);
      if (mine != f[i]->troops || theirs != f[j]->troops) ruled = either(std::move(ruled), R.ruled.siege_multiplier);
      lines.push_back(
          {"troop-ratio", "troop-ratio", "Troop ratio", adj,
           trim(static_cast<double>(mine) / static_cast<double>(theirs), 2) + ":1 (" + fmtnum::grouped(mine) + " to " +
               fmtnum::grouped(theirs) +
               (mine != f[i]->troops ? ", defender x" + std::to_string(R.simple_siege.defender_troop_multiplier) : "") +
               "; " + to_string(s.ratio_reading) + " reading)",
           std::move(ruled)});
    }
    // Morale: two or more troop-class advantage, from the classes when both are known (l. 94).
    if (r[i]->troop_class_rank && r[j]->troop_class_rank && *r[i]->troop_class_rank - *r[j]->troop_class_rank >= 2) {
      const auto* a = R.troop_class_advantage_line();
      lines.push_back({a->group, a->id, a->label, a->br, *r[i]->troop_class + " against " + *r[j]->troop_class,
                       either(either(a->ruled, r[i]->ruled.troop_class), r[j]->ruled.troop_class)});
    }
    // The force's own situation.
    for (const auto& id : f[i]->situation) {
      const auto* a = R.adjustment(id);
      if (a->benefits_opponent) continue;  // goes to the other side below
      if (a->troop_class_advantage && r[i]->troop_class_rank && r[j]->troop_class_rank) continue;
      AdjustmentLine l{a->group, a->id, a->label, a->br, "", a->ruled};
      if (R.group(a->group)->defender_only) defenders_only(R, *a, *f[j], s, l);
      lines.push_back(l);
    }
    // Fatigue (only one, l. 135-138) from the force's state.
    if (f[i]->fatigue != Fatigue::none) {
      const auto* a = R.fatigue_line(f[i]->fatigue);
      lines.push_back({a->group, a->id, a->label, a->br, "", a->ruled});
    }
    // Leader loss (l. 155-158): the side facing the force whose leader/officer was removed gains.
    for (const auto& id : f[j]->situation) {
      const auto* a = R.adjustment(id);
      if (a->benefits_opponent) lines.push_back({a->group, a->id, a->label, a->br, f[j]->name + "'s loss", a->ruled});
    }
    // Simple siege: the besieger gains +5 BR for each week (l. 184).
    if (s.simple_siege && s.weeks_besieged > 0 && f[i]->role == Role::attacker)
      lines.push_back(
          {"simple-siege", "besieged-weeks", "Besieged", s.weeks_besieged * R.simple_siege.besiege_br_per_week,
           std::to_string(s.weeks_besieged) + " weeks x " + std::to_string(R.simple_siege.besiege_br_per_week),
           R.ruled.siege_bonus});
    for (const auto& l : lines) {
      out[i].total += l.br;
      out[i].ruled = either(std::move(out[i].ruled), l.ruled);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dividing and matching forces

std::vector<std::pair<size_t, size_t>> match_forces(const std::vector<Contender>& side0,
                                                    const std::vector<Contender>& side1,
                                                    const std::vector<std::pair<size_t, size_t>>& fixed,
                                                    const std::function<std::array<double, 2>(size_t, size_t)>& p_win) {
  std::vector<std::pair<size_t, size_t>> out;
  std::vector<bool> used0(side0.size(), false), used1(side1.size(), false);
  for (const auto& [i, j] : fixed) {
    if (i >= side0.size() || j >= side1.size() || used0[i] || used1[j]) continue;
    used0[i] = used1[j] = true;
    out.emplace_back(i, j);
  }
  // Highest BR chooses first (l. 68): BR, then troops, then side 0, then input order.
  struct Entry {
    int br;
    std::int64_t troops;
    int side;
    size_t index;
  };
  std::vector<Entry> order;
  for (size_t i = 0; i < side0.size(); ++i) order.push_back({side0[i].br, side0[i].troops, 0, i});
  for (size_t j = 0; j < side1.size(); ++j) order.push_back({side1[j].br, side1[j].troops, 1, j});
  std::stable_sort(order.begin(), order.end(), [](const Entry& x, const Entry& y) {
    if (x.br != y.br) return x.br > y.br;
    if (x.troops != y.troops) return x.troops > y.troops;
    return x.side < y.side;
  });
  for (const auto& e : order) {
    auto& mine = e.side == 0 ? used0 : used1;
    const auto& theirs = e.side == 0 ? used1 : used0;
    if (mine[e.index]) continue;
    std::optional<size_t> best;
    double best_p = -1;
    for (size_t k = 0; k < theirs.size(); ++k) {
      if (theirs[k]) continue;
      const auto pw = e.side == 0 ? p_win(e.index, k) : p_win(k, e.index);
      const double p = pw[static_cast<size_t>(e.side)];
      if (p > best_p + 1e-12) {
        best_p = p;
        best = k;
      }
    }
    if (!best) continue;
    if (e.side == 0) {
      used0[e.index] = used1[*best] = true;
      out.emplace_back(e.index, *best);
    } else {
      used1[e.index] = used0[*best] = true;
      out.emplace_back(*best, e.index);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Movement, forced march, food

Fatigue hunger_fatigue(const Rules& R, int days_without_food) {
  // Hunger (l. 194-195): two days without food -> moderate, three -> serious fatigue.
  if (days_without_food >= R.food.days_serious) return Fatigue::serious;
  if (days_without_food >= R.food.days_moderate) return Fatigue::moderate;
  return Fatigue::none;
}

std::string fraction_of(const Fraction& f, const std::string& v) {
  if (f.n == f.d) return v;
  const std::string times = f.n == 1 ? v : std::to_string(f.n) + v;
  return f.d == 1 ? times : times + "/" + std::to_string(f.d);
}

namespace {
/// A movement band in words, from its figures (the book: "51-100 move at 2V/3").
std::string band_text(const MovementBand& b) {
  const std::string rate = " move at " + fraction_of(b.rate, "V");
  if (!b.troops_max) return std::to_string(b.troops_min) + " or more troops" + rate;
  if (b.troops_min <= 1) return std::to_string(*b.troops_max) + " or fewer troops" + rate;
  return std::to_string(b.troops_min) + "-" + std::to_string(*b.troops_max) + " troops" + rate;
}
}  // namespace

Expected<March> march(const Rules& R, const MarchQuery& q) {
  if (q.troops < 1) return Expected<March>::failure("a force needs at least one troop");
  const auto* row = R.forced_march_row(q.troop_class);
  if (!row) {
    std::string list;
    for (const auto& t : R.troop_classes) list += (list.empty() ? "" : ", ") + t.id;
    return Expected<March>::failure("unknown troop class \"" + q.troop_class + "\" (allowed: " + list + ")");
  }
  if (q.rate_ft && !(*q.rate_ft > 0)) return Expected<March>::failure("the movement rate must be positive");
  if (q.days_without_food < 0) return Expected<March>::failure("days without food cannot be negative");
  March m;
  const auto& rs = R.ruled;
  // Rate (l. 190-192): by the number of troops, a fraction of V, the slowest member's rate.
  m.ruled.rate = rs.movement;
  for (const auto& b : R.movement)
    if (q.troops >= b.troops_min && (!b.troops_max || q.troops <= *b.troops_max)) {
      m.rate = b.rate;
      m.rate_label = band_text(b);
    }
  if (q.rate_ft) m.rate_ft = *q.rate_ft * m.rate.value();
  m.explain.push_back(report::Step{"",
                                   "movement rate",
                                   "movement table, the row of " + fmtnum::grouped(q.troops) + " troops",
                                   m.rate_label,
                                   R.movement.front().source,
                                   {},
                                   report::Yields::rounded}
                          .in("troops", fmtnum::grouped(q.troops)));
  m.hunger_fatigue = hunger_fatigue(R, q.days_without_food);
  m.effective_fatigue = std::max(q.fatigue, m.hunger_fatigue);
  if (q.days_without_food > 0) m.ruled.hunger = rs.hunger;  // the days are read by the food rule
  // A seriously fatigued force cannot move (l. 192).
  m.can_move = m.effective_fatigue != Fatigue::serious || R.fatigue.seriously_fatigued_can_move;
  m.ruled.can_move = either(m.ruled.hunger, m.effective_fatigue == Fatigue::serious ? rs.can_move : std::nullopt);
  // Forced march (l. 196-198, table l. 230-240): 3V'/2 on a success; M is serious if already
  // fatigued.
  m.forced_rate = R.forced_march.rate;
  if (m.rate_ft) m.forced_rate_ft = *m.rate_ft * m.forced_rate.value();
  const bool already = m.effective_fatigue != Fatigue::none;
  // The die's results: the troop class's row, M made S for a fatigued force, the fatigue in effect.
  m.ruled.forced_rate = either(rs.forced_rate, m.rate_ft ? m.ruled.rate : std::nullopt);
  m.ruled.forced = either(either(rs.forced_results, already ? rs.forced_serious : std::nullopt), m.ruled.can_move);
  for (size_t k = 0; k < 6; ++k) {
    ForcedMarchOdds f;
    f.roll = static_cast<int>(k) + 1;
    f.printed = row->printed[k];
    f.success = row->success[k] && m.can_move;
    f.fatigue = row->fatigue[k];
    if (f.fatigue == Fatigue::moderate && already && R.forced_march.moderate_becomes_serious_if_fatigued)
      f.fatigue = Fatigue::serious;
    if (!m.can_move) f.fatigue = m.effective_fatigue;
    f.fatigue = std::max(f.fatigue, m.effective_fatigue);
    if (f.success) m.p_forced_success += 1.0 / 6.0;
    m.p_forced_fatigue[static_cast<size_t>(f.fatigue)] += 1.0 / 6.0;
    m.forced.push_back(f);
  }
  // Foraging (l. 193-194): at 2V'/3, 2 in 6; at V'/3, 4 in 6.
  for (const auto& fo : R.forage) {
    March::Forage x{fo.id,
                    "foraging at " + fraction_of(fo.rate, "V'") + " gives " + std::to_string(fo.chance_in_6) + " in 6",
                    fo.rate,
                    std::nullopt,
                    m.can_move ? fo.chance_in_6 / 6.0 : 0.0,
                    either(fo.ruled, m.ruled.can_move)};
    if (m.rate_ft) {
      x.rate_ft = *m.rate_ft * fo.rate.value();
      x.ruled = either(std::move(x.ruled), m.ruled.rate);
    }
    m.forage.push_back(x);
  }
  return m;
}

std::vector<SiegeWeek> simple_siege_weeks(const Rules& R, std::int64_t defender_troops, int weeks, int food_weeks,
                                          bool of_start) {
  std::vector<SiegeWeek> out;
  std::int64_t troops = defender_troops;
  Ruled lost_ruled;
  for (int w = 1; w <= weeks; ++w) {
    SiegeWeek s;
    s.week = w;
    // Besiege: +5 BR for each week (l. 184).
    s.besieger_bonus = w * R.simple_siege.besiege_br_per_week;
    s.ruled = R.ruled.siege_bonus;
    // The defender loses 10% of its numbers a week once its food is gone (l. 185), rounded up.
    s.starving = w > food_weeks;
    if (s.starving && troops > 0) {
      const std::int64_t basis = of_start ? defender_troops : troops;
      const auto tenths = rounding::saturated_int64(std::round(R.simple_siege.defender_loss_pct_per_week * 100));
      s.defender_lost = std::min(troops, ceil_div(basis * tenths, 10000));
      troops -= s.defender_lost;
      lost_ruled = either(std::move(lost_ruled), R.ruled.siege_loss);  // this week's losses, and every later week's
    }
    if (lost_ruled) s.ruled = either(std::move(s.ruled), lost_ruled);
    s.defender_troops = troops;
    out.push_back(s);
  }
  return out;
}

}  // namespace gunpowder::war
