// firearm_attacks.cpp - firearm attacks and reload tokens (seed 000, p. 44, 31, 35): the rate of
// fire and its adjustments, the raw number of attacks, the Firearm Number of Attacks and Reload
// Tokens table, misfire, volley fire, pistol caracoles and pistol charges, and a unit's attack lines.
#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "rating_steps.hpp"

namespace gunpowder::units {

using detail::contains;

// Rate of Fire (p. 44): "For each round by which reload time varies from this default, adjust
// the listed rate of fire by 1." The DF/DM column assumes apostles; DEX and encumbrance change
// the reload time (firearms.toml [rules.reload]).
int adjusted_rate_denominator(const Catalogue& cat, int table_denominator, bool drilled_column, bool apostles,
                              int dex_modifier, double encumbrance_stone) {
  const auto& f = cat.firearms;
  int rounds = 0;
  if (drilled_column && !apostles) rounds += f.apostles_reduction_rounds;
  rounds += f.dex_modifier_sign * dex_modifier;
  int enc = 0;
  for (size_t i = 0; i < f.encumbrance_thresholds_stone.size(); ++i)
    if (encumbrance_stone > f.encumbrance_thresholds_stone[i]) enc = f.encumbrance_increase_rounds[i];
  rounds += enc;
  return std::max(1, table_denominator + rounds * cat.reload.reload_adjustment_per_round);
}

// Raw number of attacks (p. 44): (creatures / 20) x (average damage / 4.5) x rate x misfire.
double raw_firearm_attacks(const Catalogue& cat, double troops, double average_damage, int rate_denominator,
                           double misfire) {
  return (troops / cat.attack.troops_divisor) * (average_damage / cat.attack.average_damage_divisor) *
         (1.0 / rate_denominator) * misfire;
}

// Firearm Number of Attacks and Reload Tokens (p. 44): the raw value at the table's precision.
const Band& attacks_band(const Catalogue& cat, double raw) {
  const double scale = std::pow(10.0, cat.attack.comparison_precision);
  const double r = rounding::half_up(raw * scale) / scale;
  for (const auto& b : cat.attack.bands)
    if ((!b.raw_min || r >= *b.raw_min - 1e-9) && (!b.raw_max || r <= *b.raw_max + 1e-9)) return b;
  return cat.attack.bands.back();
}

// Misfire factor (p. 44 and unit_rules.md C1).
double misfire_factor(const Catalogue& cat, Mechanism m, const std::string& reading) {
  const bool text = (reading.empty() ? cat.attack.default_reading : reading) == "text";
  if (m == Mechanism::flintlock) return text ? cat.attack.flintlock_text : cat.attack.flintlock_examples;
  return text ? cat.attack.other_text : cat.attack.other_examples;
}

// Reload Tokens (p. 35), Drilled Mounted reload (p. 31), Pistol Caracoles (p. 35).
TokenTrack track_reload_tokens(const Catalogue& cat, Formation f, int tokens_per_attack, bool caracole,
                               const std::vector<RoundAction>& rounds) {
  const auto& rl = cat.reload;
  TokenTrack t;
  int tokens = 0;
  bool fired_pistols = false;
  for (auto a : rounds) {
    // Movement sequence: a token comes off when the unit stood still, or marched if its
    // formation may reload on the march. A unit that fires stands still first.
    const bool remove = a != RoundAction::march || contains(rl.marching_reload_formations, f);
    if (remove) tokens = std::max(0, tokens - rl.tokens_removed_per_movement_sequence);
    const bool can_fire = rl.may_fire_with_tokens || tokens == 0;
    t.can_fire_in_round.push_back(can_fire);
    if (a == RoundAction::fire && can_fire) {
      tokens = caracole && !fired_pistols ? rl.caracole_first_attack_tokens : tokens_per_attack;
      fired_pistols = true;
    }
    t.tokens_after_round.push_back(tokens);
  }
  return t;
}

// Pistol Charges (p. 35-36): the bonus attack with two or more pistols, never with a lance or a
// shield; armour ignored within the firearm's armour-penetrating range.
PistolCharge pistol_charge(const Catalogue& cat, int attacks, int pistols, bool lance_or_shield, int attack_throw,
                           int charge_bonus, int range_hexes, bool target_mounted, int reload_tokens) {
  PistolCharge p;
  p.attacks = attacks;
  if (pistols >= cat.reload.pistol_charge_min_pistols && !lance_or_shield)
    p.attacks += cat.reload.pistol_charge_bonus_attacks;
  for (const auto& r : cat.firearms.ranges)
    if (const auto* t = cat.firearm_type(r.type); t && t->pistol && !r.rifled) {
      const int ap = target_mounted ? r.ap_vs_mounted : r.ap_vs_foot;
      p.armor_ignored = range_hexes <= ap ? cat.firearms.armor_ignored : 0;
    }
  p.target_value = attack_throw - charge_bonus;
  p.reload_tokens = reload_tokens;
  return p;
}

namespace detail {

namespace {

// One attack clause: its figures, from which its line is rendered.
Clause clause(int attacks, std::optional<int> bonus, const std::string& weapon, int throw_value, int tokens,
              bool caracole, int caracole_tokens = 0) {
  Clause c;
  c.attacks = attacks;
  c.bonus_attacks = bonus;
  c.weapon = weapon;
  c.throw_value = throw_value;
  c.reload_tokens = tokens;
  c.caracole = caracole;
  c.caracole_tokens = caracole_tokens;
  return c;
}

// "1 matchlock musket 11+ (2 reload)", "1 (2) flintlock pistol 11+ (1 or 0 reload)": the rosters'
// usual spelling (p. 47-51), and artillery-design's ("(1 reload)").
std::string attack_line(const Clause& c) {
  std::string s = std::to_string(c.attacks);
  if (c.bonus_attacks) s += " (" + std::to_string(*c.bonus_attacks) + ")";
  s += " " + c.weapon + " " + std::to_string(c.throw_value) + "+ (" + std::to_string(c.reload_tokens.value_or(0));
  if (c.caracole) s += " or " + std::to_string(c.caracole_tokens);  // Pistol Caracoles (p. 35)
  return s + " reload)";
}

// Rate of fire (p. 44): the DF/DM column for Drilled Foot and Drilled Mounted, else "Other",
// adjusted for reload time.
void rate_of_fire(const Rater& r, Formation f, FirearmAttack& a) {
  const Request& req = r.req;
  const Firearm& fa = a.firearm;
  const RateRow* rr = r.cat.rate(fa.mechanism, fa.key());
  bool drilled = f == Formation::DF || f == Formation::DM;
  // unit_rules.md C3: Formed Mounted pistols take the DF/DM column by default.
  if (f == Formation::FM && r.cat.is_pistol(fa) && req.fm_pistol_column == "drilled") drilled = true;
  if (req.rate_column) drilled = *req.rate_column == "drilled";
  a.drilled_column = drilled;
  a.table_denominator = drilled ? rr->df_dm : rr->other;
  a.rate_denominator = req.rate_denominator
                           ? *req.rate_denominator
                           : adjusted_rate_denominator(r.cat, a.table_denominator, drilled, req.apostles.value_or(true),
                                                       req.dex_modifier.value_or(0), req.encumbrance_stone.value_or(0));
}

// A firearm's attack lines: volley fire for Drilled Foot (p. 31), the pistol attack in melee of
// the pistol formations with the pistol-charge bonus attack (p. 35-36).
void attack_lines(const Rater& r, Formation f, FirearmAttack& a) {
  const ReloadRules& rl = r.cat.reload;
  const Firearm& fa = a.firearm;
  const int thr = r.out.attack_throw;
  a.line = attack_line(clause(a.attacks, std::nullopt, fa.name(), thr, a.reload_tokens, a.caracole, a.caracole_tokens));
  if (contains(rl.volley_formations, f))
    a.volley_line = attack_line(clause(a.attacks * rl.volley_attacks_multiplier, std::nullopt, fa.name(), thr,
                                       a.reload_tokens * rl.volley_tokens_multiplier, false));
  if (r.cat.is_pistol(fa) && contains(rl.pistol_melee_formations, f)) {
    const bool bonus =
        fa.count >= rl.pistol_charge_min_pistols && (r.req.pistol_bonus == "rosters" || !r.lance_or_shield);
    a.melee = clause(a.attacks, bonus ? std::optional<int>(a.attacks + rl.pistol_charge_bonus_attacks) : std::nullopt,
                     fa.name(), thr, a.reload_tokens, false);
    a.melee_line = attack_line(*a.melee);
  }
}

// The steps of one firearm's attacks: its rate of fire (unless given), its raw number of attacks
// (unless given) and its attack characteristic, each under the firearm's name.
void firearm_steps(Rater& r, const FirearmAttack& a, double troops, bool raw_given) {
  const Catalogue& cat = r.cat;
  const Request& req = r.req;
  const std::string name = a.firearm.name();
  const std::string rate = "1/" + std::to_string(a.rate_denominator);
  if (!req.rate_denominator) {
    const RateRow* rr = cat.rate(a.firearm.mechanism, a.firearm.key());
    report::Step s = report::step(
        "rate of fire", "Firearm Rate of Fire table, row \"" + rr->printed + "\", " + a.rate_column() + " column", rate,
        cat.rate_source, report::Yields::rounded, name);
    s.in("row", rr->printed).in("column", a.rate_column());
    if (req.apostles || req.dex_modifier || req.encumbrance_stone) {
      s.rule += " (1/" + std::to_string(a.table_denominator) + "), adjusted for reload time";
      if (req.apostles) s.in("apostles", *req.apostles ? "yes" : "no");
      if (req.dex_modifier)
        s.in("DEX modifier", (*req.dex_modifier >= 0 ? "+" : "") + std::to_string(*req.dex_modifier));
      if (req.encumbrance_stone) s.in("encumbrance", fmtnum::trim(*req.encumbrance_stone, 2) + " stone");
    }
    r.note(std::move(s));
  }
  const std::string raw = fmtnum::trim(a.attacks_raw, 4);
  if (!raw_given)
    r.note(report::step("raw attacks",
                        "(" + fmtnum::trim(troops) + " / " + fmtnum::trim(cat.attack.troops_divisor) + ") x (" +
                            fmtnum::trim(a.average_damage, 2) + " / " +
                            fmtnum::trim(cat.attack.average_damage_divisor) + ") x (" + rate + ") x " +
                            fmtnum::trim(a.misfire),
                        raw, cat.attack.source, report::Yields::equals, name)
               .in("troops", fmtnum::trim(troops))
               .in("average damage", fmtnum::trim(a.average_damage, 2))
               .in("rate of fire", rate)
               .in("misfire factor", fmtnum::trim(a.misfire)));
  const std::string throw_value = std::to_string(r.out.attack_throw) + "+";
  r.note(report::step("attack characteristic",
                      "Firearm Number of Attacks and Reload Tokens table, row \"" +
                          attacks_band(cat, a.attacks_raw).printed + "\" (raw " + raw + "), attack throw " +
                          throw_value +
                          (a.caracole ? ", pistol caracole (or " + std::to_string(a.caracole_tokens) + ")" : ""),
                      a.line, cat.attack.bands_source, report::Yields::rounded, name)
             .in("raw attacks", raw)
             .in("attack throw", throw_value));
}

}  // namespace

// Firearm attacks (p. 44): rate of fire, misfire, the raw number of attacks and the table's
// attacks and reload tokens; a pistol caracole (p. 35) with enough pistols.
std::vector<FirearmAttack> firearm_attacks(const Rater& r, Formation f, double troops, bool primary_override) {
  const Catalogue& cat = r.cat;
  const Request& req = r.req;
  const std::string reading = req.misfire_reading.empty() ? cat.attack.default_reading : req.misfire_reading;
  std::vector<FirearmAttack> list;
  for (size_t i = 0; i < r.eq.firearms.size(); ++i) {
    const Firearm& fa = r.eq.firearms[i];
    FirearmAttack a;
    a.firearm = fa;
    rate_of_fire(r, f, a);
    a.misfire = req.misfire_factor.value_or(misfire_factor(cat, fa.mechanism, reading));
    a.average_damage = r.average_damage;
    a.attacks_raw = raw_firearm_attacks(cat, troops, r.average_damage, a.rate_denominator, a.misfire);
    if (primary_override && i == 0 && req.attacks_raw) a.attacks_raw = *req.attacks_raw;
    const Band& b = attacks_band(cat, a.attacks_raw);
    a.attacks = b.attacks;
    a.reload_tokens = b.reload_tokens;
    a.caracole =
        cat.is_pistol(fa) && contains(cat.reload.caracole_formations, f) && fa.count >= cat.reload.caracole_min_pistols;
    a.caracole_tokens = cat.reload.caracole_first_attack_tokens;  // Pistol Caracoles (p. 35)
    attack_lines(r, f, a);
    for (const auto& rg : cat.firearms.ranges)
      if (rg.type == fa.type && rg.rifled == fa.rifled) {
        a.ap_range_vs_foot = rg.ap_vs_foot;
        a.max_range_vs_foot = rg.max_vs_foot;
        a.ap_range_vs_mounted = rg.ap_vs_mounted;
        a.max_range_vs_mounted = rg.max_vs_mounted;
      }
    list.push_back(std::move(a));
  }
  return list;
}

// The unit's own attack lines; Mounted Foot are given as 120 Drilled Foot for the BR (p. 44).
Diagnostics rate_firearm_attacks(Rater& r) {
  const Catalogue& cat = r.cat;
  const Request& req = r.req;
  Rating& out = r.out;
  r.overridden("rate_denominator", req.rate_denominator.has_value());
  r.overridden("misfire_factor", req.misfire_factor.has_value());
  r.overridden("attacks_raw", req.attacks_raw.has_value() && r.has_firearms);
  const double br_troops = out.formation == Formation::MF ? cat.mounted_foot.br_treat_as_troops : out.troops;
  out.firearms = firearm_attacks(r, r.acting, br_troops, true);
  for (size_t i = 0; i < out.firearms.size(); ++i) {
    const FirearmAttack& a = out.firearms[i];
    out.missile_lines.push_back(a.line);
    if (r.explain) firearm_steps(r, a, br_troops, i == 0 && req.attacks_raw);
  }
  return {};
}

}  // namespace detail

}  // namespace gunpowder::units
