// fire_artillery.cpp - the odds of a gunpowder artillery attack (seed 000, p. 16-17 and 37-40).
#include "gunpowder/fire/fire_artillery.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>

#include "gunpowder/core/fraction.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::fire {

using artillery::Bracket;
using artillery::FireMode;

// ---------------------------------------------------------------------------------------------
// Attack results (Attacking with Gunpowder Artillery, p. 16)

namespace {
bool throw_made(int natural, int target, Exceed exceed) {
  return exceed == Exceed::meet ? natural >= target : natural > target;
}
}  // namespace

std::string classify_natural(const AttackResultRules& r, int natural, int target, Exceed exceed) {
  const bool made = throw_made(natural, target, exceed);
  // 1. "exceeds the target value and an unmodified 20 is rolled": direct hit.
  if (made && natural == r.direct_hit_natural) return "direct";
  // 2. "exceeds the target value on an unmodified 2-19, or an unmodified 20 is rolled": close hit.
  //    2-19 are the naturals strictly between the misfire natural and the direct-hit natural.
  const bool middle = natural > r.misfire_natural && natural < r.direct_hit_natural;
  if ((made && middle) || natural == r.close_hit_natural) return "close";
  // 3. "fails with an unmodified 1": misfire.
  if (!made && natural == r.misfire_natural) return "misfire";
  // 4. "A scatter occurs on any other result."
  return "scatter";
}

AttackOdds attack_odds(const AttackResultRules& r, int target, Exceed exceed) {
  AttackOdds a;
  a.target = target;
  const double each = 1.0 / kD20;
  for (int n = 1; n <= kD20; ++n) {
    if (throw_made(n, target, exceed)) a.p_success += each;
    const std::string k = classify_natural(r, n, target, exceed);
    if (k == "direct")
      a.p_direct_hit += each;
    else if (k == "close")
      a.p_close_hit += each;
    else if (k == "misfire")
      a.p_misfire += each;
    else
      a.p_scatter += each;
  }
  // "When a misfire occurs, roll again ... another unmodified 1: accidental powder discharge."
  const double p_again = r.discharge_natural >= 1 && r.discharge_natural <= kD20 ? 1.0 / kD20 : 0.0;
  a.p_discharge = a.p_misfire * p_again;
  a.p_wasted = a.p_misfire - a.p_discharge;
  return a;
}

std::optional<Bracket> bracket_for(const artillery::Characteristics& c, double yards) {
  if (yards <= c.range_short_yd) return Bracket::short_range;
  if (yards <= c.range_medium_yd) return Bracket::medium_range;
  if (yards <= c.range_long_yd) return Bracket::long_range;
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Scatter (p. 16-17; Plunging Fire: "Double the distance of any scatter")

ScatterOdds scatter_odds(const ScatterRules& r, Bracket b, FireMode m) {
  ScatterOdds s;
  s.direction_sides = r.direction_die_sides;
  s.close_hit_yd = dice::Dist::sum(r.close_hit_dice, r.close_hit_die_sides);
  s.multiplier_yd = r.multiplier_yd[static_cast<size_t>(b)] * (m == FireMode::plunging ? r.plunging_multiplier : 1);
  s.scatter_yd = dice::Dist::sum(r.scatter_dice, r.scatter_die_sides).times(s.multiplier_yd);
  return s;
}

dice::Dist impact_distance(const AttackOdds& a, const ScatterOdds& s) {
  // Over the shots fired: a misfire fires no shot, so each result's chance is divided by the
  // chance of firing (the table's title, its summary and the mean impact distance all read so).
  const double fired = a.p_direct_hit + a.p_close_hit + a.p_scatter;
  if (!(fired > 0)) return dice::Dist{};
  const int top = std::max(s.close_hit_yd.max(), s.scatter_yd.max());
  std::vector<double> p(static_cast<size_t>(top + 1), 0.0);
  p[0] += a.p_direct_hit / fired;
  for (int y = s.close_hit_yd.min(); y <= s.close_hit_yd.max(); ++y)
    p[static_cast<size_t>(y)] += a.p_close_hit / fired * s.close_hit_yd.p(y);
  for (int y = s.scatter_yd.min(); y <= s.scatter_yd.max(); ++y)
    p[static_cast<size_t>(y)] += a.p_scatter / fired * s.scatter_yd.p(y);
  // Exact over the d20's naturals that fire and both distances' dice (each term a count of those
  // naturals over the count that fire, times a distance's chance).
  const auto firing = static_cast<std::uint64_t>(std::lround(fired * kD20));
  return dice::Dist(0, std::move(p))
      .exact_over(fraction::product(firing, fraction::product(s.close_hit_yd.denominator(), s.scatter_yd.denominator())));
}

// ---------------------------------------------------------------------------------------------
// Saves

double save_chance(int target, int bonus) { return dice::d20_at_least(target, bonus); }

// Structural Saving Throws (p. 17): "a target value of (21 + Range Modifier - AC)".
int structural_save_target(int base, int range_mod, int ac) { return base + range_mod - ac; }

namespace {
// A successful save multiplies damage by the rule's factor (1/2 on a direct hit, 0 otherwise);
// the seed does not say how an odd number halves: the caller chooses (docs/notes/fire-odds-decisions.md).
int apply_factor(int value, double factor, Halving h) {
  if (factor <= 0) return 0;
  const double x = value * factor;
  return rounding::saturated_int(h == Halving::down ? std::floor(x + 1e-9) : std::ceil(x - 1e-9));
}

dice::Dist map_dist(const dice::Dist& d, double factor, Halving h) {
  const int lo = apply_factor(d.min(), factor, h);
  const int hi = apply_factor(d.max(), factor, h);
  std::vector<double> p(static_cast<size_t>(hi - lo + 1), 0.0);
  for (int v = d.min(); v <= d.max(); ++v) p[static_cast<size_t>(apply_factor(v, factor, h) - lo)] += d.p(v);
  return dice::Dist(lo, std::move(p)).exact_over(d.denominator());  // the same outcomes, relabelled
}

// Mixture of two outcomes of one integer quantity.
dice::Dist two_point(int a, double pa, int b, double pb) {
  const int lo = std::min(a, b), hi = std::max(a, b);
  std::vector<double> p(static_cast<size_t>(hi - lo + 1), 0.0);
  p[static_cast<size_t>(a - lo)] += pa;
  p[static_cast<size_t>(b - lo)] += pb;
  return dice::Dist(lo, std::move(p)).exact_over(kD20);  // pa and pb: a d20 save's chances
}
}  // namespace

dice::Dist halved(const dice::Dist& d, Halving h) { return map_dist(d, 0.5, h); }

CreatureOdds creature_odds(const dice::Dist& damage, int save_target, int bonus, Halving h) {
  CreatureOdds c;
  c.save_target = save_target;
  c.bonus = bonus;
  c.p_save = save_chance(save_target, bonus);
  const dice::Dist half = halved(damage, h);
  // Direct hit: "can reduce damage by half with a successful saving throw v. Blast".
  c.damage_direct = dice::Dist::mixture(damage, 1 - c.p_save, half, c.p_save, kD20);
  c.mean_damage_direct = c.damage_direct.mean();
  c.p_damaged_direct = c.damage_direct.at_least(1);
  // Close hit (and a scatter, resolved as a close hit): "successful saving throws avoid all damage".
  c.damage_other = dice::Dist::mixture(damage, 1 - c.p_save, dice::Dist::constant(0), c.p_save, kD20);
  c.mean_damage_other = c.damage_other.mean();
  c.p_damaged_other = c.damage_other.at_least(1);
  return c;
}

// ---------------------------------------------------------------------------------------------
// Damage versus units and heroes (Gunpowder Artillery Attacks, p. 37-40)

std::optional<int> hd_column_value(const DamageRules& r, const std::string& hd) {
  size_t i = 0;
  int n = 0;
  while (i < hd.size() && std::isdigit(static_cast<unsigned char>(hd[i]))) {
    n = n * 10 + (hd[i] - '0');
    if (n > 999) return std::nullopt;
    ++i;
  }
  if (i == 0) return std::nullopt;
  if (i == hd.size()) return n;
  const char sign = hd[i++];
  if (sign != '+' && sign != '-') return std::nullopt;
  size_t digits = 0;
  while (i < hd.size() && std::isdigit(static_cast<unsigned char>(hd[i]))) {
    ++i;
    ++digits;
  }
  if (digits == 0 || digits > 3 || i != hd.size()) return std::nullopt;
  // Derived from the examples: "4+1" is read in the 5 HD column, "1-1" in the first column.
  if (sign == '+') return r.plus_hd_uses_next_column ? n + 1 : n;
  return r.minus_hd_uses_first_column ? std::max(0, n - 1) : n;
}

int troops_counted(const DamageRules& r, int troops, bool cavalry) {
  // "If the unit is cavalry, double the number of troops in the unit".
  return cavalry ? troops * r.cavalry_troop_multiplier : troops;
}

std::optional<int> table_uhp(const DamageTable& t, int counted, int hd_value) {
  std::optional<size_t> band;
  for (size_t i = 0; i < t.troop_bands.size(); ++i)
    if (counted >= t.troop_bands[i].first && counted <= t.troop_bands[i].second) band = i;
  if (!band) return std::nullopt;
  for (const auto& c : t.columns)
    if (hd_value >= c.hd_min && hd_value <= c.hd_max) return c.uhp[*band];
  return std::nullopt;
}

UnitDamage unit_damage(const DamageRules& r, int table_value, bool enfilade, int save_target, bool fortified,
                       Halving h) {
  UnitDamage u;
  u.table_uhp = table_value;
  // Enfilade Fire: "deals double the normal value in uhp damage to a unit".
  u.uhp = enfilade ? table_value * r.enfilade_multiplier : table_value;
  u.save_target = save_target;
  const bool may_save = !enfilade || r.enfilade_save_allowed;
  // "Units occupying a fortified structure will receive a +4 to their saving throws."
  u.p_save = may_save ? save_chance(save_target, fortified ? r.unit_fortified_bonus : 0) : 0.0;
  // "may make a saving throw versus Blast to avoid the damage (or reduce damage by half if directly hit)".
  u.uhp_saved_direct = apply_factor(u.uhp, r.unit_direct_success_factor, h);
  u.uhp_saved_other = apply_factor(u.uhp, r.unit_other_success_factor, h);
  u.direct = two_point(u.uhp, 1 - u.p_save, u.uhp_saved_direct, u.p_save);
  u.other = two_point(u.uhp, 1 - u.p_save, u.uhp_saved_other, u.p_save);
  return u;
}

HeroOdds hero_odds(const DamageRules& r, const dice::Dist& one_shot, int save_target, bool fortified, Halving h) {
  HeroOdds o;
  o.save_target = save_target;
  const int fort = fortified ? r.hero_fortified_bonus : 0;
  o.needed_direct = save_target - fort;
  // "If the hex was impacted as a result of a close hit or scatter, ... an additional +4".
  o.needed_other = save_target - fort - r.hero_close_or_scatter_bonus;
  o.p_save_direct = save_chance(o.needed_direct, 0);
  o.p_save_other = save_chance(o.needed_other, 0);
  // Damage versus Heroes: "the hp damage of a single shot, whatever the number of pieces": the
  // damage of [rules.hero_damage] shots shots (one), saved against as one.
  dice::Dist hit = one_shot;
  for (int i = 1; i < r.hero_shots; ++i) hit = hit.plus(one_shot);
  const dice::Dist saved_direct = map_dist(hit, r.hero_direct_success_factor, h);
  const dice::Dist saved_other = map_dist(hit, r.hero_other_success_factor, h);
  o.damage_direct = dice::Dist::mixture(hit, 1 - o.p_save_direct, saved_direct, o.p_save_direct, kD20);
  o.damage_other = dice::Dist::mixture(hit, 1 - o.p_save_other, saved_other, o.p_save_other, kD20);
  o.mean_damage_direct = o.damage_direct.mean();
  o.mean_damage_other = o.damage_other.mean();
  return o;
}

}  // namespace gunpowder::fire
