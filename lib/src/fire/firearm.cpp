// firearm.cpp - character-scale firearm rules of seed 000 (Firearms, p. 9-11).
#include "gunpowder/fire/firearm.hpp"

#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/fire/fire_common.hpp"

namespace gunpowder::fire {

using fmtnum::trim;

std::string to_string(Band b) {
  switch (b) {
    case Band::short_range:
      return "short";
    case Band::medium_range:
      return "medium";
    case Band::long_range:
      return "long";
  }
  return "?";
}

std::string to_string(Training t) {
  switch (t) {
    case Training::drilled:
      return "drilled";
    case Training::undrilled:
      return "undrilled";
    case Training::fighting_style:
      return "fighting style";
  }
  return "?";
}

std::string to_string(Weather w) {
  switch (w) {
    case Weather::dry:
      return "dry";
    case Weather::damp:
      return "damp";
    case Weather::wet:
      return "wet";
  }
  return "?";
}

namespace {
std::string signed_str(int v) { return v >= 0 ? "+" + std::to_string(v) : std::to_string(v); }
}  // namespace

Reload reload_time(const FirearmRules& r, const Firearm& f, const ReloadInput& in) {
  Reload out;
  // Base time by training (Reload Time, p. 10); Fighting Style (Firearms) replaces it (p. 11).
  switch (in.training) {
    case Training::drilled:
      out.base = f.reload_drilled;
      break;
    case Training::undrilled:
      out.base = f.reload_undrilled;
      break;
    case Training::fighting_style:
      out.base = f.reload_style.value_or(f.reload_drilled);
      break;
  }
  out.explain.push_back(
      report::untyped("base reload, " + to_string(in.training) + ": " + std::to_string(out.base) + " rounds"));
  // "Adjust the base reload time by the character's Dexterity modifier" (sign: data, reload.dex_modifier_sign).
  out.dex = r.dex_modifier_sign * in.dex_mod;
  if (out.dex != 0)
    out.explain.push_back(
        report::untyped("DEX modifier " + signed_str(in.dex_mod) + ": " + signed_str(out.dex) + " rounds"));
  // "Increase reload time by 1 if ... more than 5 stone, by 2 if more than 7, by 3 if more than 10":
  // the highest threshold exceeded, not a sum.
  for (size_t i = 0; i < r.encumbrance_thresholds_stone.size(); ++i)
    if (in.carried_stone > r.encumbrance_thresholds_stone[i]) out.encumbrance = r.encumbrance_increase_rounds[i];
  if (out.encumbrance != 0)
    out.explain.push_back(report::untyped("carrying " + trim(in.carried_stone, 2) +
                                          " stone: " + signed_str(out.encumbrance) + " rounds"));
  // 12 Apostles: "reduces the time needed to load a firearm by one round".
  if (in.apostles) {
    out.apostles = -r.apostles_reduction_rounds;
    out.explain.push_back(report::untyped("apostles: " + signed_str(out.apostles) + " round"));
  }
  const int raw = out.base + out.dex + out.encumbrance + out.apostles;
  // No lower limit is printed; a reload time below 0 rounds means nothing, so it stops at 0.
  out.total = std::max(0, raw);
  out.floored = raw < 0;
  out.explain.push_back(report::untyped("reload time: " + std::to_string(out.total) + " rounds" +
                                        (out.floored ? " (floored at 0)" : "")));
  return out;
}

Misfire misfire_chance(const FirearmRules& r, const Firearm& f, Weather w, bool cleaned) {
  Misfire m;
  // The damp and wet cells already include x2 and x4 (wheellocks exempt); only cleaning is applied here.
  m.table_pct = f.misfire_pct[static_cast<size_t>(w)];
  m.pct = cleaned ? m.table_pct : m.table_pct * r.uncleaned_multiplier;
  // No cap is printed (an uncleaned matchlock in the wet comes to 160%): a chance stops at certainty.
  m.capped = m.pct > 100;
  m.p = std::min(100, m.pct) / 100.0;
  return m;
}

std::optional<Band> band_for(const Firearm& f, double range) {
  if (range <= f.range[0]) return Band::short_range;
  if (range <= f.range[1]) return Band::medium_range;
  if (range <= f.range[2]) return Band::long_range;
  return std::nullopt;
}

Expected<Shot> shot_odds(const FirearmRules& r, const Firearm& f, const ShotInput& in) {
  Shot s;
  const auto band = band_for(f, in.range);
  if (!band)
    return Expected<Shot>::field_failure("range", "range " + trim(in.range, 2) + " is beyond the " + f.name +
                                                      "'s long range of " + std::to_string(f.range[2]));
  s.band = *band;
  const auto b = static_cast<size_t>(s.band);
  if (in.scattershot && !f.smoothbore())
    return Expected<Shot>::field_failure("scattershot",
                                         "scattershot needs a smoothbore firearm; the " + f.name + " is rifled");
  if (in.no_rest && !f.musket)
    return Expected<Shot>::field_failure("no_rest",
                                         "only muskets need a fork rest; the " + f.name + " is not a musket");
  const int armor = in.armor.value_or(std::max(0, in.target_ac));
  if (armor < 0 || armor > std::max(0, in.target_ac))
    return Expected<Shot>::field_failure("armor", "the armour part of the AC (" + std::to_string(armor) +
                                                      ") must be between 0 and the target's AC " +
                                                      std::to_string(in.target_ac));

  // Range penalty: as printed, or recomputed by the rule "smoothbore firearms have twice the
  // range penalty of other missile weapons" (they differ for the flintlock pistol's medium range).
  if (in.penalties == PenaltyRule::printed || s.band == Band::short_range) {
    s.penalty = f.penalty[b];
  } else {
    const int normal = s.band == Band::medium_range ? r.normal_medium_penalty : r.normal_long_penalty;
    s.penalty = normal * (f.smoothbore() ? r.smoothbore_penalty_multiplier : 1);
  }
  s.explain.push_back(report::untyped(f.name + " at " + trim(in.range, 2) + ": " + to_string(s.band) +
                                      " range (up to " + std::to_string(f.range[b]) + "), penalty " +
                                      signed_str(s.penalty) +
                                      (in.penalties == PenaltyRule::rule ? " by the smoothbore rule" : " as printed")));
  s.modifiers = s.penalty + in.other_mod;
  if (in.no_rest) {
    s.modifiers += r.no_rest_attack_penalty;
    s.explain.push_back(report::untyped("musket without a rest: " + signed_str(r.no_rest_attack_penalty)));
  }
  bool ignores = f.ignores_armor[b];
  if (in.scattershot) {
    // Scattershot: "+2 bonus to attack throws at short range, but only deals 1d6 ... and does not ignore armor".
    if (s.band == Band::short_range) {
      s.modifiers += r.scattershot_bonus;
      s.explain.push_back(report::untyped("scattershot at short range: " + signed_str(r.scattershot_bonus)));
    }
    ignores = ignores && r.scattershot_ignores_armor;
    s.damage = dice::Dist::sum(r.scattershot_dice, r.scattershot_die_sides);
  } else {
    s.damage = dice::Dist::sum(f.damage_dice, f.damage_die_sides);
  }
  if (in.other_mod != 0) s.explain.push_back(report::untyped("other modifiers: " + signed_str(in.other_mod)));
  // "At short range (at any range for muskets), attacks with firearms may ignore 5 points of armor".
  s.armor_ignored = ignores ? std::min(r.armor_ignored, armor) : 0;
  s.effective_ac = in.target_ac - s.armor_ignored;
  s.explain.push_back(report::untyped("AC " + std::to_string(in.target_ac) + " (armour " + std::to_string(armor) +
                                      "), armour ignored " + std::to_string(s.armor_ignored) + ": effective AC " +
                                      std::to_string(s.effective_ac)));
  // ACKS attack throw: d20 + modifiers >= attack throw + AC.
  s.target = in.attack_throw + s.effective_ac - s.modifiers;
  if (in.naturals) {
    int wins = 0;
    for (int n = 1; n <= kD20; ++n)
      if (n == kD20 || (n != 1 && n >= s.target)) ++wins;
    s.p_hit = static_cast<double>(wins) / kD20;
  } else {
    s.p_hit = dice::d20_at_least(s.target, 0);
  }
  s.explain.push_back(report::untyped(
      "attack throw " + std::to_string(in.attack_throw) + "+ + AC " + std::to_string(s.effective_ac) + " - (" +
      signed_str(s.modifiers) + ") = " + std::to_string(s.target) + "+ on the d20" +
      (in.naturals ? " (a natural 20 always hits, a natural 1 always misses)" : "") + ": P(hit) " + trim(s.p_hit, 4)));
  return s;
}

Volley volley(int rounds, int reload, double p_misfire, int clear_rounds, double p_hit) {
  Volley v;
  const int busy_max = clear_rounds + reload;
  const auto B = static_cast<size_t>(busy_max) + 1;
  const auto N = static_cast<size_t>(rounds) + 1;
  // Three marginals, each by dynamic programming over (rounds left busy, count so far).
  auto run = [&](int which) {
    std::vector<double> cur(B * N, 0.0), next(B * N, 0.0);
    cur[0] = 1.0;  // round 1: loaded and ready, nothing counted
    for (int t = 0; t < rounds; ++t) {
      std::fill(next.begin(), next.end(), 0.0);
      for (size_t b = 0; b < B; ++b)
        for (size_t c = 0; c < N; ++c) {
          const double p = cur[b * N + c];
          if (p == 0) continue;
          if (b > 0) {
            next[(b - 1) * N + c] += p;
            continue;
          }
          // An attempt this round. A misfire: "three rounds to clear", then the reload.
          const auto after_misfire = static_cast<size_t>(busy_max);
          const size_t after_shot = static_cast<size_t>(reload);
          const size_t c1 = std::min(c + 1, N - 1);
          if (which == 0) {
            next[after_misfire * N + c1] += p * p_misfire;
            next[after_shot * N + c1] += p * (1 - p_misfire);
          } else if (which == 1) {
            next[after_misfire * N + c] += p * p_misfire;
            next[after_shot * N + c1] += p * (1 - p_misfire);
          } else {
            next[after_misfire * N + c] += p * p_misfire;
            next[after_shot * N + c1] += p * (1 - p_misfire) * p_hit;
            next[after_shot * N + c] += p * (1 - p_misfire) * (1 - p_hit);
          }
        }
      std::swap(cur, next);
    }
    std::vector<double> marginal(N, 0.0);
    for (size_t b = 0; b < B; ++b)
      for (size_t c = 0; c < N; ++c) marginal[c] += cur[b * N + c];
    while (marginal.size() > 1 && marginal.back() == 0) marginal.pop_back();
    return dice::Dist(0, std::move(marginal));
  };
  v.attempts = run(0);
  v.shots = run(1);
  v.hits = run(2);
  v.mean_attempts = v.attempts.mean();
  v.mean_shots = v.shots.mean();
  v.mean_hits = v.hits.mean();
  // Renewal reward: one attempt per (1 + reload + p_misfire x clear) rounds on average.
  const double cycle = 1.0 + reload + p_misfire * clear_rounds;
  v.attempts_per_round = 1.0 / cycle;
  v.hits_per_round = v.attempts_per_round * (1 - p_misfire) * p_hit;
  return v;
}

}  // namespace gunpowder::fire
