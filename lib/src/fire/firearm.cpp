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
// Citations of two rules whose sources data/firearms.toml keeps as notes ([[fighting_style_reload]]
// rows, [rules.musket]): the firearms module does not load them.
constexpr const char* kFightingStyleSource = "Guns of War, Firearm Proficiencies, p. 11";
constexpr const char* kForkRestSource = "Guns of War, Firearm Types, p. 9";

std::string signed_str(int v) { return v >= 0 ? "+" + std::to_string(v) : std::to_string(v); }

std::string rounds(int n) { return std::to_string(n) + (n == 1 || n == -1 ? " round" : " rounds"); }
std::string signed_rounds(int n) { return (n >= 0 ? "+" : "") + rounds(n); }

std::string firearm_ranges(const Firearm& f) {
  return std::to_string(f.range[0]) + "/" + std::to_string(f.range[1]) + "/" + std::to_string(f.range[2]);
}

// The base reload time: the Firearm Characteristics table's column for the training, or the
// Fighting Style (Firearms) table's row.
report::Step base_reload_step(const FirearmRules& r, const Firearm& f, Training t, int base, std::string figure) {
  if (t == Training::fighting_style && f.reload_style)
    return report::step(std::move(figure), "Fighting Style (Firearms) table, row \"" + f.name + "\"", rounds(base),
                     kFightingStyleSource, report::Yields::rounded)
        .in("firearm", f.name);
  const bool drilled = t != Training::undrilled;
  std::string rule =
      "Firearm Characteristics table, row \"" + f.name + "\", column \"" + (drilled ? "drilled" : "undrilled") + "\"";
  if (t == Training::fighting_style) rule += " (no Fighting Style figure: the drilled time)";
  return report::step(std::move(figure), std::move(rule), rounds(base), r.source_characteristics, report::Yields::rounded)
      .in("firearm", f.name)
      .in("training", to_string(t));
}

// The adjustments of the reload time, each a step, and the total.
void reload_steps(const FirearmRules& r, const Firearm& f, const ReloadInput& in, Reload& out) {
  // Without adjustments the base time is the reload time: one step.
  const bool adjusted = out.dex != 0 || out.encumbrance != 0 || in.apostles;
  out.explain.push_back(base_reload_step(r, f, in.training, out.base, adjusted ? "base reload" : "reload time"));
  if (!adjusted) return;
  if (out.dex != 0)
    out.explain.push_back(report::step("DEX adjustment",
                                    std::to_string(r.dex_modifier_sign) + " x " + signed_str(in.dex_mod) +
                                        " (a bonus shortens the reload)",
                                    signed_rounds(out.dex), reading(r.source_characteristics))
                              .in("DEX modifier", signed_str(in.dex_mod)));
  if (out.encumbrance != 0) {
    size_t band = 0;
    for (size_t i = 0; i < r.encumbrance_thresholds_stone.size(); ++i)
      if (in.carried_stone > r.encumbrance_thresholds_stone[i]) band = i;
    out.explain.push_back(report::step("encumbrance adjustment",
                                    trim(in.carried_stone, 2) + " stone carried, more than " +
                                        std::to_string(r.encumbrance_thresholds_stone[band]),
                                    signed_rounds(out.encumbrance), r.source_characteristics, report::Yields::rounded)
                              .in("carried", trim(in.carried_stone, 2) + " stone"));
  }
  if (in.apostles)
    out.explain.push_back(
        report::step("apostles adjustment", "loading from 12 apostles", signed_rounds(out.apostles), r.source_reload));
  std::string sum = std::to_string(out.base);
  for (int adj : {out.dex, out.encumbrance, out.apostles})
    if (adj != 0) sum += (adj > 0 ? " + " : " - ") + std::to_string(adj > 0 ? adj : -adj);
  out.explain.push_back(report::step("reload time", sum + (out.floored ? ", at least 0" : ""), rounds(out.total),
                                  r.source_reload, out.floored ? report::Yields::rounded : report::Yields::equals)
                            .in("base reload", rounds(out.base))
                            .in("DEX adjustment", signed_rounds(out.dex))
                            .in("encumbrance adjustment", signed_rounds(out.encumbrance))
                            .in("apostles adjustment", signed_rounds(out.apostles)));
}

// The range band of the shot and its penalty, as printed or by the smoothbore rule.
void band_steps(const FirearmRules& r, const Firearm& f, const ShotInput& in, Shot& s) {
  const std::string band = to_string(s.band);
  s.explain.push_back(report::step("range band", trim(in.range, 2) + " against the ranges " + firearm_ranges(f), band,
                                r.source_characteristics, report::Yields::rounded)
                          .in("range", trim(in.range, 2))
                          .in("ranges", firearm_ranges(f)));
  if (in.penalties == PenaltyRule::rule && s.band != Band::short_range) {
    const int normal = s.band == Band::medium_range ? r.normal_medium_penalty : r.normal_long_penalty;
    const int times = f.smoothbore() ? r.smoothbore_penalty_multiplier : 1;
    s.explain.push_back(report::step("range penalty",
                                  signed_str(normal) + " x " + std::to_string(times) +
                                      (f.smoothbore() ? " (smoothbore: twice the normal penalty)" : " (rifled)"),
                                  signed_str(s.penalty), r.source_characteristics)
                            .in("normal penalty", signed_str(normal))
                            .in("bore", f.bore));
    return;
  }
  s.explain.push_back(report::step("range penalty",
                                "Firearm Characteristics table, row \"" + f.name + "\", column \"" + band + "\"",
                                signed_str(s.penalty), r.source_characteristics, report::Yields::rounded)
                          .in("firearm", f.name)
                          .in("band", band));
}

// The armour the shot ignores and the AC it is thrown against.
void armour_steps(const FirearmRules& r, const ShotInput& in, int armor, bool ignores, Shot& s) {
  const std::string why =
      ignores ? "at most " + std::to_string(r.armor_ignored) + " of " + std::to_string(armor) +
                    " points of armour (an armour-piercing range)"
              : std::string(in.scattershot ? "scattershot ignores none" : "none beyond the armour-piercing range");
  s.explain.push_back(report::step("armour ignored", why, std::to_string(s.armor_ignored), r.source_characteristics)
                          .in("armour", std::to_string(armor)));
  s.explain.push_back(report::step("effective AC", std::to_string(in.target_ac) + " - " + std::to_string(s.armor_ignored),
                                std::to_string(s.effective_ac), r.source_characteristics)
                          .in("target AC", std::to_string(in.target_ac))
                          .in("armour ignored", std::to_string(s.armor_ignored)));
}

// The natural needed on the d20 (ACKS: attack throw + AC - modifiers) and the chance to hit.
void throw_steps(const FirearmRules& r, const ShotInput& in, Shot& s) {
  // The attack throws' citation, at character scale: its first part ("Guns of War, Firearms, p. 9").
  const std::string source = r.source_attack.substr(0, r.source_attack.find(';'));
  s.explain.push_back(report::step("natural needed",
                                std::to_string(in.attack_throw) + " + " + std::to_string(s.effective_ac) + " - (" +
                                    signed_str(s.modifiers) + ")",
                                std::to_string(s.target) + "+", source)
                          .in("attack throw", std::to_string(in.attack_throw) + "+")
                          .in("effective AC", std::to_string(s.effective_ac))
                          .in("modifiers", signed_str(s.modifiers)));
  s.explain.push_back(report::step("P(hit)",
                                "a d20 of " + std::to_string(s.target) + "+" +
                                    (in.naturals ? ", a natural 20 always hits, a natural 1 always misses" : ""),
                                trim(s.p_hit, 4), source)
                          .in("natural needed", std::to_string(s.target) + "+")
                          .in("natural rule", in.naturals ? "yes" : "no"));
}
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
  // "Adjust the base reload time by the character's Dexterity modifier" (sign: data, reload.dex_modifier_sign).
  out.dex = r.dex_modifier_sign * in.dex_mod;
  // "Increase reload time by 1 if ... more than 5 stone, by 2 if more than 7, by 3 if more than 10":
  // the highest threshold exceeded, not a sum.
  for (size_t i = 0; i < r.encumbrance_thresholds_stone.size(); ++i)
    if (in.carried_stone > r.encumbrance_thresholds_stone[i]) out.encumbrance = r.encumbrance_increase_rounds[i];
  // 12 Apostles: "reduces the time needed to load a firearm by one round".
  if (in.apostles) out.apostles = -r.apostles_reduction_rounds;
  const int raw = out.base + out.dex + out.encumbrance + out.apostles;
  // No lower limit is printed; a reload time below 0 rounds means nothing, so it stops at 0.
  out.total = std::max(0, raw);
  out.floored = raw < 0;
  reload_steps(r, f, in, out);
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
  band_steps(r, f, in, s);
  s.modifiers = s.penalty + in.other_mod;
  if (in.no_rest) {
    s.modifiers += r.no_rest_attack_penalty;
    s.explain.push_back(report::step("no-rest modifier", "a musket fired without its fork rest",
                                  signed_str(r.no_rest_attack_penalty), kForkRestSource));
  }
  bool ignores = f.ignores_armor[b];
  if (in.scattershot) {
    // Scattershot: "+2 bonus to attack throws at short range, but only deals 1d6 ... and does not ignore armor".
    if (s.band == Band::short_range) {
      s.modifiers += r.scattershot_bonus;
      s.explain.push_back(report::step("scattershot modifier", "scattershot at short range",
                                    signed_str(r.scattershot_bonus), r.source_scattershot));
    }
    ignores = ignores && r.scattershot_ignores_armor;
    s.damage = dice::Dist::sum(r.scattershot_dice, r.scattershot_die_sides);
  } else {
    s.damage = dice::Dist::sum(f.damage_dice, f.damage_die_sides);
  }
  if (in.other_mod != 0) s.explain.push_back(report::step("other modifiers", "given", signed_str(in.other_mod), ""));
  // "At short range (at any range for muskets), attacks with firearms may ignore 5 points of armor".
  s.armor_ignored = ignores ? std::min(r.armor_ignored, armor) : 0;
  s.effective_ac = in.target_ac - s.armor_ignored;
  armour_steps(r, in, armor, ignores, s);
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
  throw_steps(r, in, s);
  return s;
}

Volley volley(int rounds, int reload, double p_misfire, int clear_rounds, double p_hit) {
  Volley v;
  const auto R = static_cast<size_t>(std::max(0, rounds));
  const size_t N = R + 1;
  // The rounds from an attempt to the next: a shot's, then its reload; a misfire's, "three rounds to
  // clear", then the reload. An attempt falls in a round; the rounds between are busy.
  const size_t after_shot = 1 + static_cast<size_t>(std::max(0, reload));
  const size_t after_misfire = after_shot + static_cast<size_t>(std::max(0, clear_rounds));
  // Three marginals, each by dynamic programming over the attempts: at[t N + c] is the chance that
  // an attempt falls in round t + 1 with c counted before it. An attempt past the last round ends
  // the count. The work is rounds x counts, whatever the reload and clearing times.
  auto run = [&](int which) {
    std::vector<double> at(R * N, 0.0), marginal(N, 0.0);
    auto next = [&](size_t t, size_t gap, size_t c, double p) {
      if (gap < R - t)
        at[(t + gap) * N + c] += p;
      else
        marginal[c] += p;
    };
    if (R == 0) marginal[0] = 1.0;
    else at[0] = 1.0;  // round 1: loaded and ready, nothing counted
    for (size_t t = 0; t < R; ++t)
      for (size_t c = 0; c <= t && c < N; ++c) {
        const double p = at[t * N + c];
        if (p == 0) continue;
        const size_t c1 = std::min(c + 1, N - 1);
        if (which == 0) {
          next(t, after_misfire, c1, p * p_misfire);
          next(t, after_shot, c1, p * (1 - p_misfire));
        } else if (which == 1) {
          next(t, after_misfire, c, p * p_misfire);
          next(t, after_shot, c1, p * (1 - p_misfire));
        } else {
          next(t, after_misfire, c, p * p_misfire);
          next(t, after_shot, c1, p * (1 - p_misfire) * p_hit);
          next(t, after_shot, c, p * (1 - p_misfire) * (1 - p_hit));
        }
      }
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
  const double cycle = static_cast<double>(after_shot) + p_misfire * static_cast<double>(after_misfire - after_shot);
  v.attempts_per_round = 1.0 / cycle;
  v.hits_per_round = v.attempts_per_round * (1 - p_misfire) * p_hit;
  return v;
}

}  // namespace gunpowder::fire
