// chainmail.cpp - seed 003's gunpowder rules: arquebus accuracy die, attack-dice variant,
// cannon dowel and variation die.
#include "gunpowder/fire/chainmail.hpp"

#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::fire {

using fmtnum::trim;

namespace {
/// Binomial(n, p), in time and memory that grow with n (the distribution's own size): the
/// probabilities from the mode outward by the ratio P(k+1)/P(k) = (n-k)/(k+1) * p/(1-p), then
/// normalised. Each value is a product of factors below 1 taken from the mode, so nothing
/// overflows, and far tails fade to 0 where they fall below the smallest double.
dice::Dist binomial(int n, double p) {
  if (n <= 0) return dice::Dist(0, {1.0});
  std::vector<double> b(static_cast<size_t>(n) + 1, 0.0);
  if (!(p > 0)) {
    b.front() = 1;
    return dice::Dist(0, std::move(b));
  }
  if (!(p < 1)) {
    b.back() = 1;
    return dice::Dist(0, std::move(b));
  }
  const double q = 1 - p;
  const auto mode = static_cast<int>(std::min<double>(n, std::floor((n + 1) * p)));
  b[static_cast<size_t>(mode)] = 1;
  for (int k = mode; k < n && b[static_cast<size_t>(k)] > 0; ++k)
    b[static_cast<size_t>(k) + 1] = b[static_cast<size_t>(k)] * (static_cast<double>(n - k) / (k + 1)) * (p / q);
  for (int k = mode; k > 0 && b[static_cast<size_t>(k)] > 0; --k)
    b[static_cast<size_t>(k) - 1] = b[static_cast<size_t>(k)] * (static_cast<double>(k) / (n - k + 1)) * (q / p);
  // Summed from the smallest values up, for the least rounding.
  std::vector<double> sorted = b;
  std::sort(sorted.begin(), sorted.end());
  double total = 0;
  for (const double x : sorted) total += x;
  for (double& x : b) x /= total;
  return dice::Dist(0, std::move(b));
}

const RangeRow* row_for(const std::vector<RangeRow>& rows, double d) {
  for (const auto& r : rows)
    if (r.contains(d)) return &r;
  return nullptr;
}

double max_range(const std::vector<RangeRow>& rows) {
  double m = 0;
  for (const auto& r : rows) m = std::max(m, r.range_max);
  return m;
}
}  // namespace

Expected<AccuracyOdds> accuracy_odds(const ChainmailRules& r, const AccuracyInput& in) {
  AccuracyOdds o;
  o.row = row_for(r.hit_rows, in.range_in);
  if (!o.row)
    return Expected<AccuracyOdds>::failure("range " + trim(in.range_in, 2) + "\" is beyond the arquebus's maximum range of " +
                                           trim(max_range(r.hit_rows)) + "\"");
  // Cover: "deduct 1 ... deduct 2 from the score"; Bonus: "add 1 to the score".
  if (!in.cover.empty()) {
    const AccuracyModifier* m = r.modifier(in.cover);
    if (!m) return Expected<AccuracyOdds>::failure("unknown cover " + in.cover);
    o.modifier += m->modifier;
  }
  if (in.rested) {
    if (const AccuracyModifier* m = r.modifier("rested")) o.modifier += m->modifier;
  }
  o.needed = o.row->value - o.modifier;
  int hits = 0;
  for (int n = 1; n <= r.accuracy_die_sides; ++n)
    if (n + o.modifier >= o.row->value || (in.natural_six_hits && n == r.accuracy_die_sides)) ++hits;
  o.p_hit = static_cast<double>(hits) / r.accuracy_die_sides;
  // "Regardless of the armor classification of their target, Arquibusiers will kill any figure they hit."
  o.kills = binomial(in.men, o.p_hit);
  return o;
}

Expected<AttackDiceOdds> attack_dice_odds(const ChainmailRules& r, const AttackDiceInput& in) {
  AttackDiceOdds o;
  o.row = row_for(r.ad_rows, in.range_in);
  if (!o.row)
    return Expected<AttackDiceOdds>::failure("range " + trim(in.range_in, 2) +
                                             "\" is beyond the arquebus's maximum range of " + trim(max_range(r.ad_rows)) +
                                             "\" (attack-dice variant)");
  // "A target at medium range suffers a +5 penalty to its AR", "+10 at short range".
  o.effective_ar = in.armor_rating - o.row->value;
  int self = 0, target = 0;
  for (int f = 1; f <= r.ad_sides; ++f) {
    // "each AD result of 1 causes an automatic hit (no armor check allowed) on the arquebus unit itself".
    if (f == r.self_hit_face) ++self;
    else if (f >= o.effective_ar) ++target;
  }
  o.p_self = static_cast<double>(self) / r.ad_sides;
  o.p_target = static_cast<double>(target) / r.ad_sides;
  o.target_hits = binomial(in.dice, o.p_target);
  o.self_hits = binomial(in.dice, o.p_self);
  return o;
}

namespace {
// Length of the section [a, b] of a dowel laid at angle theta from the line of fire that lies
// over the rectangle near..far (along the line) x |y| <= half_width (across it).
double over_target(double a, double b, double theta, double near, double far, std::optional<double> half_width) {
  const double c = std::cos(theta), s = std::sin(theta);
  double lo = std::max(a, near / c), hi = std::min(b, far / c);
  if (half_width && std::abs(s) > 1e-12) hi = std::min(hi, *half_width / std::abs(s));
  return std::max(0.0, hi - lo);
}
}  // namespace

Expected<DowelOdds> dowel_odds(const ChainmailRules& r, const DowelInput& in) {
  DowelOdds o;
  o.cls = r.cannon_class(in.cannon);
  if (!o.cls) return Expected<DowelOdds>::failure("unknown cannon class " + in.cannon);
  // The example's "26 inches" is measured to the square's centre (docs/notes); near_edge reads it
  // as the distance to the front of the target.
  o.near_in = in.measure == Measure::centre ? in.distance_in - in.depth_in / 2 : in.distance_in;
  o.far_in = o.near_in + in.depth_in;
  if (o.near_in < 0)
    return Expected<DowelOdds>::failure("a target " + trim(in.depth_in, 2) + "\" deep centred " + trim(in.distance_in, 2) +
                                        "\" away would reach behind the muzzle");
  if (o.near_in >= o.cls->range_in)
    return Expected<DowelOdds>::failure("the target (from " + trim(o.near_in, 2) + "\") is beyond the " + o.cls->name +
                                        "' maximum range of " + trim(o.cls->range_in) + "\"");
  const double length = o.cls->range_in;
  std::optional<double> half;
  // "All figures that are touched by the named color": the dowel's own thickness counts.
  if (in.width_in) half = *in.width_in / 2 + o.cls->diameter_in / 2;
  for (const auto& s : o.cls->sections) {
    if (s.colour != in.colour) continue;
    SectionHit h{s, over_target(s.start_in, s.end_in, 0.0, o.near_in, o.far_in, half)};
    o.straight_on_target_in += h.on_target_in;
    o.sections.push_back(h);
  }
  o.p_straight = 1.0 / r.measure_die_sides;
  if (in.offsets) {
    for (size_t i = 0; i < in.offsets->size(); ++i) {
      FaceResult f;
      f.face = static_cast<int>(i) + 1;
      f.offset_in = (*in.offsets)[i];
      const double theta = std::atan2(f.offset_in, length);
      for (const auto& s : o.cls->sections)
        if (s.colour == in.colour) f.on_target_in += over_target(s.start_in, s.end_in, theta, o.near_in, o.far_in, half);
      o.mean_on_target_in += f.on_target_in / static_cast<double>(in.offsets->size());
      if (f.on_target_in > 0) o.p_any_on_target += 1.0 / static_cast<double>(in.offsets->size());
      o.faces.push_back(f);
    }
  }
  return o;
}

}  // namespace gunpowder::fire
