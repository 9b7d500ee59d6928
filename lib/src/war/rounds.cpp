// rounds.cpp - rolled battles (seed 004, "Combat results", l. 70 and l. 208-227): each side
// rolls 1d100, the result is applied to the forces, and battles chain over rounds while neither
// side routs or is destroyed. The lines that last one battle are a flag of the data.
#include "gunpowder/war/rounds.hpp"

namespace gunpowder::war {

bool lasts_one_battle(const Rules& rules, const std::string& id) {
  const auto* a = rules.adjustment(id);
  if (!a) return false;
  const auto* g = rules.group(a->group);
  return a->one_battle_only || (g && g->one_battle_only);
}

std::vector<std::string> lasting_situation(const Rules& rules, const std::vector<std::string>& ids) {
  std::vector<std::string> kept;
  for (const auto& id : ids)
    if (!lasts_one_battle(rules, id)) kept.push_back(id);
  return kept;
}

Expected<std::array<SideSpec, 2>> next_round(const Rules& R, std::array<RatedForce, 2>& x,
                                             const std::array<ForceState, 2>& state, const BattleConfig& c) {
  for (size_t k = 0; k < 2; ++k) {
    auto& f = x[k].force;
    f.troops = state[k].troops;
    f.fatigue = state[k].fatigue;
    f.situation = lasting_situation(R, f.situation);
  }
  auto adj = battle_adjustments(R, {&x[0].force, &x[1].force}, {&x[0].rating, &x[1].rating}, c.battle);
  if (!adj) return adj.error();
  std::array<SideSpec, 2> spec;
  for (size_t k = 0; k < 2; ++k) spec[k] = side_spec(R, x[k], (*adj)[k], c);
  return spec;
}

namespace {

/// C = B + adjustments + 1d100 for each side; a tie the policy does not settle rolls again
/// (at most 1,000 times), except under "no_result".
Expected<RolledBattle> roll_once(const Rules& R, const std::array<SideSpec, 2>& spec, const BattleOptions& opt, Rng& rng,
                                 int& rerolls) {
  for (int attempt = 0;; ++attempt) {
    const int r0 = rng.roll(100);
    const int r1 = rng.roll(100);
    auto res = resolve_roll(R, spec[0], spec[1], r0, r1, opt);
    if (!res) return res.error();
    // A tie the policy does not settle is rolled again, except under no_result: reroll, and
    // defender or higher_br without a defender or with equal BRs ("War Machine, Combat results";
    // ties: docs/notes/war-machine-decisions.md), as resolve_battle's exact odds count it.
    if (!res->tie || opt.tie == TiePolicy::no_result || attempt >= 1000) return res;
    ++rerolls;
  }
}

/// Why the chain ends after this round, or "" if it goes on.
std::string stop_reason(const std::array<RatedForce, 2>& x, const RollOutcome& out, int round, int rounds) {
  if (!out.rounds.back().roll.combat) return "no combat";
  std::string stop;
  for (size_t k = 0; k < 2; ++k)
    if (out.state[k].destroyed || out.state[k].routed)
      stop = x[k].force.name + (out.state[k].destroyed ? " is destroyed" : " routs");
  if (stop.empty() && round == rounds) stop = rounds == 1 ? "one battle" : std::to_string(rounds) + " rounds fought";
  return stop;
}

}  // namespace

Expected<RollOutcome> roll_battle(const Rules& rules, std::array<RatedForce, 2> pair, const Engagement& first,
                                  const BattleConfig& c, Rng& rng, int rounds) {
  RollOutcome out;
  for (size_t k = 0; k < 2; ++k) {
    out.state[k].troops = pair[k].force.troops;
    out.state[k].wounded = pair[k].force.wounded;
    out.state[k].fatigue = pair[k].force.fatigue;
  }
  for (int round = 1; round <= rounds; ++round) {
    RoundRecord rec;
    rec.round = round;
    std::array<SideSpec, 2> spec = first.spec;
    if (round > 1) {
      auto next = next_round(rules, pair, out.state, c);
      if (!next) return next.error();
      spec = *next;
    }
    rec.modified_br = {spec[0].modified_br, spec[1].modified_br};
    auto rb = roll_once(rules, spec, c.options, rng, rec.rerolls);
    if (!rb) return rb.error();
    rec.roll = *rb;
    if (rb->combat && rb->winner)
      for (size_t k = 0; k < 2; ++k) apply_result(rb->result[k], out.state[k]);
    for (size_t k = 0; k < 2; ++k) rec.troops_after[k] = out.state[k].troops;
    out.rounds.push_back(rec);
    out.stop = stop_reason(pair, out, round, rounds);
    if (!out.stop.empty()) break;
  }
  return out;
}

Tally tally_battles(const Rules& rules, const Engagement& e, const BattleOptions& opt, int repeat, std::uint64_t seed,
                    std::uint64_t stream_base, const std::function<void(std::uint64_t)>& progress) {
  Tally t;
  for (int n = 0; n < repeat; ++n) {
    if (n % 4096 == 0 && n && progress) progress(4096);
    Rng rng = Rng::stream(seed, stream_base + static_cast<std::uint64_t>(n));
    const int r0 = rng.roll(100);
    const int r1 = rng.roll(100);
    auto res = resolve_roll(rules, e.spec[0], e.spec[1], r0, r1, opt);
    if (!res || !res->combat) continue;
    if (res->winner) ++t.wins[static_cast<size_t>(*res->winner)];
    else ++t.ties;
  }
  return t;
}

}  // namespace gunpowder::war
