// siege_machine_battle.cpp - the Siege Machine's War Machine battles (seed 004, Application): one
// battle through the war module (its d100 pair thrown by the Siege Machine's dice), its sides, the
// troop ratio, and what a week records of it.
#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "siege_machine_dice.hpp"
#include "siege_machine_steps.hpp"

namespace gunpowder::siege::detail {

/// One War Machine battle through the war module; ties under the reroll policy are rolled again.
/// The battle reads its two d100 only through their difference, and through that only by the
/// winner and the row of the combat results it gives (a tie apart): the kinds the exact chain's
/// dice enumerate.
Expected<std::optional<war::RolledBattle>> fight(const war::Rules& wr, const war::SideSpec& a, const war::SideSpec& d,
                                                 const war::BattleOptions& bo, SmDice& dice) {
  // The exact chain's kinds: C0 - C1 less the rolls' difference (both rolling 100), and the kind of
  // a tie (-1: rolled again, 1: no result, else the side it is settled for).
  int base = 0, tie_kind = 1;
  bool combat = true;
  auto settled = [&](const war::RolledBattle& x) {
    return 2 + x.winner.value_or(0) * 1000 + static_cast<int>(x.row.value_or(0));
  };
  if (dice.enumerates()) {
    auto x = war::resolve_roll(wr, a, d, 100, 100, bo);
    if (!x) return x.error();
    base = x->total[0] - x->total[1];
    combat = x->combat;
    if (combat) {
      const int r = -base;  // the difference of the rolls that ties (the pair below has it when |r| < 100)
      auto t = war::resolve_roll(wr, a, d, r >= 0 ? 100 : std::max(1, 100 + r), r >= 0 ? std::max(1, 100 - r) : 100, bo);
      if (!t) return t.error();
      tie_kind = !t->tie ? settled(*t) : bo.tie == war::TiePolicy::reroll ? -1 : 1;
    }
  }
  auto kind = [&](int r) -> int {
    if (!combat) return 0;
    const int diff = base + r;
    if (diff == 0) return tie_kind;
    const auto row = static_cast<int>(&wr.result_for(std::abs(diff)) - wr.results.data());
    return 2 + (diff > 0 ? 0 : 1) * 1000 + row;
  };
  const std::int64_t key = !combat ? INT64_MIN : static_cast<std::int64_t>(base) * 4096 + tie_kind;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    const std::array<int, 2> roll = dice.d100_pair(kind, key);
    auto x = war::resolve_roll(wr, a, d, roll[0], roll[1], bo);
    if (!x) return x.error();
    if (!x->tie || bo.tie != war::TiePolicy::reroll) return std::optional<war::RolledBattle>(std::move(*x));
  }
  return std::optional<war::RolledBattle>();
}

war::SideSpec side_spec(const char* name, int br, const std::optional<std::string>& tactic, std::int64_t troops,
                        war::Fraction scale, war::Role role) {
  war::SideSpec x;
  x.name = name;
  x.modified_br = br;
  x.tactic = tactic;
  x.troops = troops;
  x.casualty_scale = scale;
  x.role = role;
  return x;
}

/// The troop ratio adjustment of War Machine (seed 004, Troop ratio): the larger side only, in the
/// rules' default reading of the ratio.
int ratio_bonus(const war::Rules& wr, std::int64_t mine, std::int64_t theirs) {
  return mine > theirs ? war::troop_ratio_adjustment(wr, mine, theirs, wr.troop_ratio.default_reading) : 0;
}

bool driven_off(war::Location l) { return l == war::Location::rout || l == war::Location::none; }

/// Records a rolled battle in the week: BRs, rolls, casualties (at most the troops engaged), the
/// fatigue it leaves for a week (a rout prints none: serious) and the result. Returns both sides'
/// results when the battle was decided; a tie or no combat leaves no fatigue.
const std::array<war::SideResult, 2>* record_battle(const std::optional<war::RolledBattle>& rb, int abr, int dbr,
                                                    std::int64_t att, std::int64_t def, SmWeek& w, war::Fatigue& att_fat,
                                                    war::Fatigue& def_fat, bool text) {
  if (!rb) return nullptr;
  const auto& b = *rb;
  w.br = {abr, dbr};
  w.rolls = b.roll;
  if (!b.combat || !b.winner) {
    att_fat = def_fat = war::Fatigue::none;
    w.battle = b.combat ? "tie" : "no combat";
    return nullptr;
  }
  const auto& ar = b.result[0];
  const auto& dr = b.result[1];
  w.attacker_lost += std::min(att, ar.casualties);
  w.defender_lost += std::min(def, dr.casualties);
  att_fat = ar.fatigue.value_or(war::Fatigue::serious);
  def_fat = dr.fatigue.value_or(war::Fatigue::serious);
  if (!text) return &b.result;  // no week is logged: the battle's text is read by no one
  w.battle = std::string(*b.winner == 0 ? "attacker" : "defender") + " wins by " + std::to_string(b.diff) +
             ": casualties " + fmtnum::trim(ar.casualties_pct, 2) + "% / " + fmtnum::trim(dr.casualties_pct, 2) + "%";
  return &b.result;
}

}  // namespace gunpowder::siege::detail
