// combat_results.cpp - a War Machine battle resolved (seed 004, Effect of tactics and Combat
// results): the tactics' effects, casualties, fatigue and location of each outcome, the exact odds
// over the 10,000 pairs of d100 rolls with the tie policies, one rolled battle, and a result
// applied to a force. Every figure comes from war::Rules (data/war_machine.toml); decisions where
// the seed is silent: docs/notes/war-machine-decisions.md.
#include "gunpowder/war/war_machine.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "gunpowder/core/rounding.hpp"
#include "war_steps.hpp"

namespace gunpowder::war {

using detail::ceil_div;

// ---------------------------------------------------------------------------------------------
// Tactics

Expected<TacticsOutcome> tactics_effect(const Rules& R, const std::optional<std::string>& a,
                                        const std::optional<std::string>& b) {
  TacticsOutcome out;
  if (!a && !b) return out;
  if (!a || !b)
    return Expected<TacticsOutcome>::failure("tactics need a tactic for both sides (only side " +
                                             std::string(a ? "A" : "B") + " has one)");
  for (const auto* t : {&*a, &*b})
    if (!R.tactic(*t)) {
      std::string list;
      for (const auto& x : R.tactics) list += (list.empty() ? "" : ", ") + x.id;
      return Expected<TacticsOutcome>::failure("unknown tactic \"" + *t + "\" (allowed: " + list + ")");
    }
  const auto* c = R.cell(*a, *b);
  out.kind = c->kind;
  out.printed = c->printed;
  if (c->kind == TacticKind::effects) out.effect = c->effect;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Outcomes

namespace {

struct Prepared {
  TacticsOutcome tactics;
  std::array<int, 2> final_br{};
  std::array<std::string, 2> tactic{};
};

Expected<Prepared> prepare(const Rules& R, const SideSpec& a, const SideSpec& b) {
  Prepared p;
  auto t = tactics_effect(R, a.tactic, b.tactic);
  if (!t) return t.error();
  p.tactics = *t;
  p.tactic = {a.tactic.value_or(""), b.tactic.value_or("")};
  const std::array<const SideSpec*, 2> s{&a, &b};
  for (size_t i = 0; i < 2; ++i) {
    if (s[i]->troops < 0) return Expected<Prepared>::failure("side '" + s[i]->name + "': troops cannot be negative");
    if (s[i]->casualty_scale.d <= 0 || s[i]->casualty_scale.n < 0)
      return Expected<Prepared>::failure("side '" + s[i]->name + "': casualty scale must be a non-negative fraction");
    p.final_br[i] = s[i]->modified_br + (p.tactics.effect[i].kind == EffectKind::br ? p.tactics.effect[i].value : 0);
  }
  return p;
}

}  // namespace

SideResult casualties_for(const Rules& R, std::int64_t troops, double pct, std::optional<Fatigue> fatigue, Location loc,
                          int units, bool won) {
  SideResult s;
  s.won = won;
  s.casualties_pct = pct;
  s.fatigue = fatigue;
  s.location = loc;
  s.location_units = units;
  // Casualties: pct of the troops, rounded up (rules-gaps s.3); the pct is a multiple of 1/100
  // of a percent at worst, so work in hundredths to stay exact.
  const auto hundredths = rounding::saturated_int64(std::round(pct * 100));
  s.casualties = std::min(troops, ceil_div(troops * hundredths, 10000));
  // Half killed, half wounded (l. 179), killed rounded up; a force that retreats counts its
  // wounded as killed (rules-gaps s.3), as does a routed or destroyed one.
  const bool leaves = loc == Location::retreat || loc == Location::rout || loc == Location::none;
  if (leaves && R.result_rules.retreating_wounded_count_as_killed) {
    s.killed = s.casualties;
  } else {
    s.killed = ceil_div(s.casualties * R.result_rules.killed.n, R.result_rules.killed.d);
  }
  s.wounded = s.casualties - s.killed;
  return s;
}

namespace {

/// The consequences for both sides of `winner` winning on combat-results row `row`.
std::array<SideResult, 2> outcome(const Rules& R, const SideSpec& a, const SideSpec& b, const Prepared& p, int winner,
                                  size_t row, const BattleOptions& opt) {
  const auto& res = R.results[row];
  const std::array<const SideSpec*, 2> s{&a, &b};
  std::array<SideResult, 2> out;
  for (size_t i = 0; i < 2; ++i) {
    const size_t k = static_cast<int>(i) == winner ? 0 : 1;  // 0 = winner's cells, 1 = loser's
    double pct = res.casualties_pct[k];
    // Tactics "C+n%" (l. 243): percentage points by default, or a multiplier.
    const auto& e = p.tactics.effect[i];
    if (e.kind == EffectKind::casualties) {
      pct = opt.casualty_reading == CasualtyReading::points ? pct + e.value : pct * (100.0 + e.value) / 100.0;
    }
    pct = std::clamp(pct, 0.0, 100.0);
    // (A scale above 1, a house rule's bloodier siege, loses at most the whole side.)
    pct = std::min(pct * s[i]->casualty_scale.value(), 100.0);
    std::optional<Fatigue> fat = res.fatigue[k];
    Location loc = res.location[k].value_or(Location::none);
    int units = res.location_units[k].value_or(0);
    if (s[i]->holds_position && (loc == Location::retreat || loc == Location::rout || loc == Location::none)) {
      // Simple siege: the defender ignores retreat and rout (l. 182-183); a rout's "-" fatigue
      // becomes serious, as on the rows above it.
      loc = Location::hold;
      units = 0;
      if (!fat) fat = Fatigue::serious;
    }
    // Fatigue after the battle (Combat results; Battle rating, Fatigue): the worse of the row's and
    // the side's own, which the battle does not lift (only rest does, Other notes, Fatigue). A "-"
    // (routed or destroyed) stays "-".
    if (fat) fat = std::max(*fat, s[i]->fatigue);
    // Withdraw (l. 199-201): unless the other side chose Attack+, a withdrawing side moves one
    // terrain unit after combat and cannot hold the field or pursue ([withdraw] may_occupy_field).
    if (p.tactic[i] == R.withdraw.tactic && p.tactic[1 - i] != R.withdraw.unless_opponent_tactic &&
        p.tactics.kind != TacticKind::no_combat && loc == Location::field && !R.withdraw.may_occupy_field) {
      loc = Location::withdraw;
      units = R.withdraw.terrain_units;
    }
    if (!opt.location_changes && loc != Location::none) {
      loc = Location::hold;
      units = 0;
    }
    out[i] = casualties_for(R, s[i]->troops, pct, fat, loc, units, static_cast<int>(i) == winner);
  }
  return out;
}

/// The house rules behind a battle's figures: the BRs in combat (modified BRs, the tactics table),
/// the tie policy when ties are possible, the combat-results table, the casualty rules, a simple
/// siege's defender and the Withdraw tactic.
OddsRuled odds_ruled(const Rules& R, const SideSpec& a, const SideSpec& b, const BattleOptions& opt, bool ties) {
  OddsRuled r;
  r.br = either(either(a.ruled, b.ruled), a.tactic || b.tactic ? R.ruled.tactics : std::nullopt);
  r.resolved = either(r.br, ties ? opt.tie_ruled : std::nullopt);
  r.rows = either(r.resolved, R.ruled.results);
  const Ruled sides = either(a.outcome_ruled, b.outcome_ruled);
  r.casualties = either(either(r.rows, R.ruled.result_rules), sides);
  const bool withdraws = a.tactic == R.withdraw.tactic || b.tactic == R.withdraw.tactic;
  r.states = either(either(r.rows, sides), withdraws ? R.ruled.withdraw : std::nullopt);
  return r;
}

std::string location_label(Location l, int units) {
  if (l == Location::none) return "-";
  std::string s = to_string(l);
  if (units > 0) s += "+" + std::to_string(units);
  return s;
}
int location_order(Location l, int units) {
  switch (l) {
    case Location::field:
      return 100 - units;
    case Location::withdraw:
      return 200 - units;
    case Location::hold:
      return 300;
    case Location::retreat:
      return 400 + units;
    case Location::rout:
      return 500;
    case Location::none:
      return 600;
  }
  return 700;
}

/// Which side wins a tie under the policy, if any.
std::optional<int> tie_winner(TiePolicy t, const SideSpec& a, const SideSpec& b, const Prepared& p) {
  if (t == TiePolicy::defender) {
    if (a.role == Role::defender && b.role != Role::defender) return 0;
    if (b.role == Role::defender && a.role != Role::defender) return 1;
  }
  if (t == TiePolicy::higher_br && p.final_br[0] != p.final_br[1]) return p.final_br[0] > p.final_br[1] ? 0 : 1;
  return std::nullopt;
}

/// The 10,000 pairs of d100 rolls counted by outcome: C0 - C1 = (B0 - B1) + (r0 - r1), and
/// r0 - r1 = k for 100 - |k| of the pairs. Fills the win and tie counts of `o`; returns the pairs
/// of each (combat-results row, winner).
std::vector<std::array<std::int64_t, 2>> count_pairs(const Rules& R, const Prepared& p, Odds& o) {
  const int base = p.final_br[0] - p.final_br[1];
  std::vector<std::array<std::int64_t, 2>> pairs(R.results.size(), {0, 0});
  // The row for a difference is the first row whose bound it does not exceed (the last row, or
  // one without a bound, takes the rest). That first row never moves back as the difference
  // grows, so each side's differences are taken in increasing order with one moving row.
  const size_t nrows = R.results.size();
  auto row_from = [&](size_t row, int diff) {
    while (row + 1 < nrows && R.results[row].diff_max && diff > *R.results[row].diff_max) ++row;
    return row;
  };
  size_t row0 = 0, row1 = 0;
  for (int k = -99; k <= 99; ++k) {  // side 0 wins by d = base + k, growing with k
    const std::int64_t n = 100 - std::abs(k);
    const int d = base + k;
    if (d == 0) {
      o.pairs_tie += n;
    } else if (d > 0) {
      o.pairs_win[0] += n;
      row0 = row_from(row0, d);
      pairs[row0][0] += n;
    }
  }
  for (int k = 99; k >= -99; --k) {  // side 1 wins by -d, growing as k falls
    const int d = base + k;
    if (d >= 0) continue;
    const std::int64_t n = 100 - std::abs(k);
    o.pairs_win[1] += n;
    row1 = row_from(row1, -d);
    pairs[row1][1] += n;
  }
  return pairs;
}

/// Ties (not covered by the seed), settled by the policy: a winner on the first row, no
/// result, or both roll again (the decisive outcomes scaled up). Returns that scale.
double settle_ties(const Rules& R, const SideSpec& a, const SideSpec& b, const Prepared& p, const BattleOptions& opt,
                   Odds& o) {
  constexpr double kPairs = 10000.0;
  double scale = 1;  // weight of a decisive outcome after the policy
  const std::optional<int> tw = o.pairs_tie > 0 ? tie_winner(opt.tie, a, b, p) : std::nullopt;
  if (o.pairs_tie > 0) {
    if (tw) {
      RowOdds ro;
      ro.winner = *tw;
      ro.row = 0;
      ro.pairs = o.pairs_tie;
      ro.p = o.p_tie;
      ro.result = outcome(R, a, b, p, *tw, 0, opt);
      o.tie_row = ro;
    } else if (opt.tie == TiePolicy::no_result) {
      o.p_no_result = o.p_tie;
    } else {
      scale = kPairs / static_cast<double>(o.pairs_win[0] + o.pairs_win[1]);  // reroll
    }
  }
  for (size_t i = 0; i < 2; ++i) o.p_win_resolved[i] = o.p_win[i] * scale;
  if (tw) o.p_win_resolved[static_cast<size_t>(*tw)] += o.p_tie;
  return scale;
}

/// Expectations and distributions (fatigue, location) after the tie policy; a battle of no result
/// leaves each side its own fatigue.
void expectations(Odds& o, double scale, const std::array<Fatigue, 2>& own) {
  struct LocSlot {
    Location where = Location::none;
    int units = 0;
    bool named = false;
    LocationShare entry;
  };
  std::array<std::map<int, LocSlot>, 2> loc;
  std::array<std::array<double, 4>, 2> fat{};
  auto add = [&](const RowOdds& ro, double w) {
    for (size_t i = 0; i < 2; ++i) {
      const auto& r = ro.result[i];
      o.expected_casualties_pct[i] += w * r.casualties_pct;
      o.expected_casualties[i] += w * static_cast<double>(r.casualties);
      o.expected_killed[i] += w * static_cast<double>(r.killed);
      o.expected_wounded[i] += w * static_cast<double>(r.wounded);
      fat[i][r.fatigue ? static_cast<size_t>(*r.fatigue) : 3] += w;
      auto& slot = loc[i][location_order(r.location, r.location_units)];
      // The label of the last location added to the slot (built only when it changes).
      if (!slot.named || slot.where != r.location || slot.units != r.location_units) {
        slot.entry.label = location_label(r.location, r.location_units);
        slot.entry.place = r.location == Location::none ? std::string() : to_string(r.location);
        slot.entry.units = r.location == Location::none ? std::nullopt : std::optional<int>(r.location_units);
        slot.where = r.location;
        slot.units = r.location_units;
        slot.named = true;
      }
      slot.entry.p += w;
    }
  };
  for (const auto& ro : o.rows) add(ro, ro.p * scale);
  if (o.tie_row) add(*o.tie_row, o.tie_row->p);
  for (size_t i = 0; i < 2; ++i) {
    if (o.p_no_result > 0) fat[i][static_cast<size_t>(own[i])] += o.p_no_result;
    const std::array<const char*, 4> names{"none", "moderate", "serious", "-"};
    for (size_t k = 0; k < 4; ++k)
      if (fat[i][k] > 0) o.fatigue_dist[i].emplace_back(names[k], fat[i][k]);
    for (auto& [key, v] : loc[i]) o.location_dist[i].push_back(std::move(v.entry));
    if (o.p_no_result > 0) o.location_dist[i].push_back({"no result", "no-result", std::nullopt, o.p_no_result});
  }
}

}  // namespace

Expected<Odds> resolve_battle(const Rules& R, const SideSpec& a, const SideSpec& b, const BattleOptions& opt) {
  auto prep = prepare(R, a, b);
  if (!prep) return prep.error();
  const Prepared& p = *prep;
  Odds o;
  o.tie_policy = opt.tie;
  o.final_br = p.final_br;
  o.tactics_cancelled = p.tactics.kind == TacticKind::no_effect;
  for (size_t i = 0; i < 2; ++i) {
    const auto& e = p.tactics.effect[i];
    o.tactic_br[i] = e.kind == EffectKind::br ? e.value : 0;
    o.tactic_casualty[i] = e.kind == EffectKind::casualties ? e.value : 0;
    o.tactic_printed[i] = p.tactics.printed;
  }
  if (p.tactics.kind == TacticKind::no_combat) {
    o.combat = false;
    o.p_no_result = 1;
    // No combat: every figure is the tactics table's (and the modified BRs were read by it).
    const Ruled br = odds_ruled(R, a, b, opt, false).br;
    o.ruled = {br, br, br, br, br};
    for (size_t i = 0; i < 2; ++i) {
      o.fatigue_dist[i] = {{to_string(i == 0 ? a.fatigue : b.fatigue), 1.0}};
      o.location_dist[i] = {{"no combat", "no-combat", std::nullopt, 1.0}};
    }
    return o;
  }
  const auto pairs = count_pairs(R, p, o);
  constexpr double kPairs = 10000.0;
  o.p_win = {static_cast<double>(o.pairs_win[0]) / kPairs, static_cast<double>(o.pairs_win[1]) / kPairs};
  o.p_tie = static_cast<double>(o.pairs_tie) / kPairs;
  o.rows.reserve(2 * R.results.size());
  for (int w = 0; w < 2; ++w)
    for (size_t row = 0; row < R.results.size(); ++row)
      if (pairs[row][static_cast<size_t>(w)] > 0) {
        RowOdds ro;
        ro.winner = w;
        ro.row = row;
        ro.pairs = pairs[row][static_cast<size_t>(w)];
        ro.p = static_cast<double>(ro.pairs) / kPairs;
        ro.result = outcome(R, a, b, p, w, row, opt);
        o.rows.push_back(ro);
      }
  expectations(o, settle_ties(R, a, b, p, opt, o), {a.fatigue, b.fatigue});
  o.ruled = odds_ruled(R, a, b, opt, o.pairs_tie > 0);
  return o;
}

std::uint64_t pairs_counted(const Odds& o) {
  const bool reroll = o.combat && o.pairs_tie > 0 && !o.tie_row && o.p_no_result <= 0;
  return reroll ? static_cast<std::uint64_t>(o.pairs_win[0] + o.pairs_win[1]) : 10000;
}

Expected<RolledBattle> resolve_roll(const Rules& R, const SideSpec& a, const SideSpec& b, int roll_a, int roll_b,
                                    const BattleOptions& opt) {
  if (roll_a < 1 || roll_a > 100 || roll_b < 1 || roll_b > 100)
    return Expected<RolledBattle>::failure("d100 rolls must be 1-100");
  auto prep = prepare(R, a, b);
  if (!prep) return prep.error();
  const Prepared& p = *prep;
  RolledBattle rb;
  rb.roll = {roll_a, roll_b};
  // Every figure of the roll (its totals, winner, row and consequences) by the battle's rules.
  if (R.ruled.in_effect)  // (a tally rolls millions: nothing to do without house rules)
    rb.ruled = odds_ruled(R, a, b, opt, roll_a + p.final_br[0] == roll_b + p.final_br[1]).any();
  if (p.tactics.kind == TacticKind::no_combat) {
    rb.combat = false;
    rb.note = "no combat (" + p.tactics.printed + ")";
    for (auto& r : rb.result) r.location = Location::field;
    rb.result[0].fatigue = a.fatigue;  // no battle: each keeps its own fatigue
    rb.result[1].fatigue = b.fatigue;
    return rb;
  }
  // C = B + adjustments + 1d100 (l. 70); the higher total wins by the difference.
  rb.total = {p.final_br[0] + roll_a, p.final_br[1] + roll_b};
  rb.diff = std::abs(rb.total[0] - rb.total[1]);
  if (rb.diff == 0) {
    const auto tw = tie_winner(opt.tie, a, b, p);
    if (!tw) {
      rb.tie = true;
      rb.note = "tie (" + to_string(opt.tie) + ")";
      for (auto& r : rb.result) r.location = Location::field;
      rb.result[0].fatigue = a.fatigue;  // no result: each keeps its own fatigue
      rb.result[1].fatigue = b.fatigue;
      return rb;
    }
    rb.winner = *tw;
    rb.row = 0;
    rb.note = "tie settled for " + std::string(*tw == 0 ? a.name : b.name) + " (" + to_string(opt.tie) + ")";
  } else {
    rb.winner = rb.total[0] > rb.total[1] ? 0 : 1;
    const auto& row = R.result_for(rb.diff);
    rb.row = static_cast<size_t>(&row - R.results.data());
  }
  rb.result = outcome(R, a, b, p, *rb.winner, *rb.row, opt);
  return rb;
}

void apply_result(const SideResult& r, ForceState& s) {
  const std::int64_t lost = std::min(s.troops, r.casualties);
  s.troops -= lost;
  s.killed += std::min(lost, r.killed);
  s.wounded += lost - std::min(lost, r.killed);
  if (r.fatigue && static_cast<int>(*r.fatigue) > static_cast<int>(s.fatigue)) s.fatigue = *r.fatigue;
  s.location = r.location;
  s.location_units = r.location_units;
  // A rout, or the 151+ row's "-" (no location) with survivors: the survivors leave the field.
  if (r.location == Location::rout || r.location == Location::none) s.routed = true;
  if (s.troops == 0) s.destroyed = true;
}

}  // namespace gunpowder::war
