// chainmail.cpp - seed 003's gunpowder rules: arquebus accuracy die, attack-dice variant,
// cannon dowel and variation die.
#include "gunpowder/fire/chainmail.hpp"

#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/fraction.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::fire {

using fmtnum::trim;

namespace {
/// Binomial(n, p), in time and memory that grow with n (the distribution's own size): the
/// probabilities from the mode outward by the ratio P(k+1)/P(k) = (n-k)/(k+1) * p/(1-p), then
/// normalised. Each value is a product of factors below 1 taken from the mode, so nothing
/// overflows, and far tails fade to 0 where they fall below the smallest double.
dice::Dist chainmail_binomial(int n, double p) {
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
  const auto mode = rounding::saturated_int(std::min<double>(n, std::floor((n + 1) * p)));
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

dice::Dist binomial_dist(int n, double p, std::uint64_t trial_over) {
  // n trials of chance k/s each: every outcome's chance is a multiple of 1/s^n.
  return chainmail_binomial(n, p).exact_over(fraction::power(fraction::denominator_of(p, trial_over), n));
}

int shots_in_turns(int turns, int every, bool loaded) {
  if (turns < 1 || every < 1) return 0;
  // A loaded weapon fires in turn 1, then in turns 1 + every, 1 + 2 every, ...; one that must
  // load first fires at the end of each full interval.
  return loaded ? (turns + every - 1) / every : turns / every;
}

RateOfFire arquebus_rate(const ChainmailRules& r, bool attack_dice, std::optional<bool> every_turn, int turns,
                         bool loaded) {
  RateOfFire rate;
  // "Rate of Fire: Treat as Heavy Crossbowmen" (seed 003, Arquibusiers): Chainmail's heavy
  // crossbowmen fire every other turn. The attack-dice variant's arquebusiers are "normal
  // missile-firing units in all respects" and "cannot fire more than once per turn" (Effects of
  // Fire, When They Fire): once every turn.
  const bool each_turn = every_turn.value_or(attack_dice);
  rate.as = each_turn ? "normal missile troops" : "heavy crossbowmen";
  rate.every_turns = each_turn ? r.attack_dice_every_turns : r.arquebus_every_turns;
  rate.turns = turns;
  rate.loaded = loaded;
  rate.shots = shots_in_turns(turns, rate.every_turns, loaded);
  return rate;
}

Expected<RateOfFire> cannon_rate(const ChainmailRules& r, const CannonClass& cls, const std::string& rate_as, int crew,
                                 int turns, bool loaded) {
  // "Rate of Fire: Treat the same as Catapults" (seed 003, Cannon): Chainmail's light catapults
  // fire every other turn, heavy ones every third, with a full crew of four; each man short adds
  // a turn, and more than four do not help.
  const CatapultRate* cat = r.catapult_rate(rate_as.empty() ? cls.rate_as : rate_as);
  if (!cat) return Expected<RateOfFire>::failure("unknown catapult " + rate_as);
  RateOfFire rate;
  rate.as = cat->name;
  rate.crew = std::min(crew, r.full_crew);
  rate.every_turns = cat->every_turns + r.extra_turn_per_missing * (r.full_crew - rate.crew);
  rate.turns = turns;
  rate.loaded = loaded;
  rate.shots = shots_in_turns(turns, rate.every_turns, loaded);
  return rate;
}

Expected<AccuracyOdds> accuracy_odds(const ChainmailRules& r, const AccuracyInput& in) {
  AccuracyOdds o;
  o.row = row_for(r.hit_rows, in.range_in);
  if (!o.row)
    return Expected<AccuracyOdds>::failure("range " + trim(in.range_in, 2) +
                                           "\" is beyond the arquebus's maximum range of " +
                                           trim(max_range(r.hit_rows)) + "\"");
  // Cover: "deduct 1 ... deduct 2 from the score"; Bonus: "add 1 to the score".
  if (!in.cover.empty()) {
    const AccuracyModifier* m = r.modifier(in.cover);
    if (!m) return Expected<AccuracyOdds>::failure("unknown cover " + in.cover);
    o.modifier += m->modifier;
  }
  if (in.rested) {
    if (const AccuracyModifier* m = r.modifier(condition_key(AccuracyCondition::rested))) o.modifier += m->modifier;
  }
  o.needed = o.row->value - o.modifier;
  int hits = 0;
  for (int n = 1; n <= r.accuracy_die_sides; ++n)
    if (n + o.modifier >= o.row->value || (in.natural_six_hits && n == r.accuracy_die_sides)) ++hits;
  o.p_hit = static_cast<double>(hits) / r.accuracy_die_sides;
  // "Regardless of the armor classification of their target, Arquibusiers will kill any figure they hit."
  o.kills = binomial_dist(in.men, o.p_hit, static_cast<std::uint64_t>(r.accuracy_die_sides));
  return o;
}

Expected<AttackDiceOdds> attack_dice_odds(const ChainmailRules& r, const AttackDiceInput& in) {
  AttackDiceOdds o;
  o.row = row_for(r.ad_rows, in.range_in);
  if (!o.row)
    return Expected<AttackDiceOdds>::failure("range " + trim(in.range_in, 2) +
                                             "\" is beyond the arquebus's maximum range of " +
                                             trim(max_range(r.ad_rows)) + "\" (attack-dice variant)");
  // "A target at medium range suffers a +5 penalty to its AR", "+10 at short range".
  o.effective_ar = in.armor_rating - o.row->value;
  int self = 0, target = 0;
  for (int f = 1; f <= r.ad_sides; ++f) {
    // "each AD result of 1 causes an automatic hit (no armor check allowed) on the arquebus unit itself".
    if (f == r.self_hit_face)
      ++self;
    else if (f >= o.effective_ar)
      ++target;
  }
  o.p_self = static_cast<double>(self) / r.ad_sides;
  o.p_target = static_cast<double>(target) / r.ad_sides;
  o.target_hits = binomial_dist(in.dice, o.p_target, static_cast<std::uint64_t>(r.ad_sides));
  o.self_hits = binomial_dist(in.dice, o.p_self, static_cast<std::uint64_t>(r.ad_sides));
  return o;
}

std::string to_string(ObstacleKind k) {
  switch (k) {
    case ObstacleKind::feature:
      return "feature";
    case ObstacleKind::man_high:
      return "man-high";
    case ObstacleKind::water:
      return "water";
  }
  return "?";
}

std::optional<ObstacleKind> parse_obstacle_kind(const std::string& s) {
  for (auto k : {ObstacleKind::feature, ObstacleKind::man_high, ObstacleKind::water})
    if (to_string(k) == s) return k;
  return std::nullopt;
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

/// Where one obstacle stops the ball of a dowel laid at angle theta (seed 003, Cannon, the
/// paragraph after the dowel table), in inches along the dowel; nullopt if it lets it pass. The
/// obstacle lies across the line of fire, so along the dowel it starts at from / cos(theta).
std::optional<double> stop_of(const ChainmailRules& r, const CannonClass& cls, const DowelInput& in, const Obstacle& o,
                              double theta) {
  const double c = std::cos(theta);
  const double from = o.from_in / c, to = o.to_in / c;
  if (from > cls.range_in) return std::nullopt;  // beyond the dowel's end
  // "Any terrain features which interpose with ANY section of the dowel stop the flight of the
  // cannon ball at that point."
  if (o.kind == ObstacleKind::feature) return from;
  // A man-high object stops it "if ... within the color section named for hits"; water "if it is
  // passed over by a section ... colored the color named for hits, other than the first such
  // colored section which represents the cannon ball in level flight".
  std::optional<double> at;
  for (const auto& s : cls.sections) {
    if (s.colour != in.colour) continue;
    if (o.kind == ObstacleKind::water) {
      const bool level = in.level_flight_first_called ? s.colour_ordinal == 1 : s.index == r.level_flight_section;
      if (level) continue;
    }
    const double lo = std::max(from, s.start_in), hi = std::min(to, s.end_in);
    if (lo <= hi && (!at || lo < *at)) at = lo;
  }
  return at;
}

/// The first obstacle to stop a dowel laid at angle theta.
std::optional<Stop> first_stop(const ChainmailRules& r, const CannonClass& cls, const DowelInput& in, double theta) {
  std::optional<Stop> best;
  for (size_t i = 0; i < in.obstacles.size(); ++i) {
    const auto at = stop_of(r, cls, in, in.obstacles[i], theta);
    if (at && (!best || *at < best->at_in)) best = Stop{*at, i};
  }
  return best;
}

/// A section cut where the ball stops.
double section_end(const DowelSection& s, const std::optional<Stop>& stop) {
  return stop ? std::min(s.end_in, stop->at_in) : s.end_in;
}
}  // namespace

Expected<DowelOdds> dowel_odds(const ChainmailRules& r, const DowelInput& in) {
  DowelOdds o;
  o.cls = r.cannon_class(in.cannon);
  if (!o.cls) return Expected<DowelOdds>::failure("unknown cannon class " + in.cannon);
  // The example's "26 inches" is measured to the square's centre (docs/notes); near_edge reads it
  // as the distance to the front of the target.
  o.near_in = in.measure == Measure::centre ? in.range_in - in.depth_in / 2 : in.range_in;
  o.far_in = o.near_in + in.depth_in;
  if (o.near_in < 0)
    return Expected<DowelOdds>::failure("a target " + trim(in.depth_in, 2) + "\" deep centred " + trim(in.range_in, 2) +
                                        "\" away would reach behind the muzzle");
  if (o.near_in >= o.cls->range_in)
    return Expected<DowelOdds>::failure("the target (from " + trim(o.near_in, 2) + "\") is beyond the " + o.cls->name +
                                        "' maximum range of " + trim(o.cls->range_in) + "\"");
  const double length = o.cls->range_in;
  std::optional<double> half;
  // "All figures that are touched by the named color": the dowel's own thickness counts.
  if (in.width_in) half = *in.width_in / 2 + o.cls->diameter_in / 2;
  o.stop = first_stop(r, *o.cls, in, 0.0);
  for (const auto& ob : in.obstacles) o.obstacle_stops.push_back(stop_of(r, *o.cls, in, ob, 0.0));
  for (const auto& s : o.cls->sections) {
    if (s.colour != in.colour) continue;
    // The ball stops at the obstacle: the sections beyond it touch nothing.
    SectionHit h{s, over_target(s.start_in, section_end(s, o.stop), 0.0, o.near_in, o.far_in, half)};
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
      f.stop = first_stop(r, *o.cls, in, theta);
      for (const auto& s : o.cls->sections)
        if (s.colour == in.colour)
          f.on_target_in += over_target(s.start_in, section_end(s, f.stop), theta, o.near_in, o.far_in, half);
      o.mean_on_target_in += f.on_target_in / static_cast<double>(in.offsets->size());
      if (f.on_target_in > 0) o.p_any_on_target += 1.0 / static_cast<double>(in.offsets->size());
      o.faces.push_back(f);
    }
  }
  return o;
}

}  // namespace gunpowder::fire
