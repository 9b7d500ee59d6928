// broadside_fire.cpp - one poker-dice broadside of a request (seed 001): the dice of each group
// of cannon, the range band and ammunition, the play of the re-rolls, and at a known band the
// structural damage, casualties and saves, gates and doors, masts, fire, a target's losses,
// fancy shooting and the crew's rate of fire. Errors name the request's field.
#include <algorithm>
#include <cmath>
#include <map>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/fire/broadside.hpp"

namespace gunpowder::fire {

using fmtnum::trim;

namespace {

Diagnostics error(const char* field, std::string message) {
  Diagnostics d;
  d.field_error(field, std::move(message));
  return d;
}

// The dice modifiers in force (Firing: target in formation, firing platform still, ship turned).
void dice_modifiers(const BroadsideRules& R, const BroadsideRequest& p, Broadside& b) {
  for (const auto& m : R.dice_modifiers) {
    bool on = false;
    switch (m.when) {
      case DiceCondition::target_in_formation:
        on = p.formation;
        break;
      case DiceCondition::firing_platform_still:
        on = p.still;
        break;
      case DiceCondition::ship_turned:
        on = p.turned;
        break;
    }
    if (on) {
      b.modifier += m.delta;
      b.modifier_names.push_back(m.key);
    }
  }
  b.on_dice = p.modifiers_on.value_or("pool") == "dice";
}

// The cannon type of --weight is one the rules have (house rules may remove one): the same words
// as siege-duration's --battery.
Diagnostics cannon_weight(const BroadsideRules& R, const BroadsideRequest& p, Broadside&) {
  if (!p.weight || R.cannon_type(*p.weight)) return {};
  std::string known;
  for (size_t i = 0; i < R.cannon_types.size(); ++i)
    known += (i == 0 ? "" : i + 1 == R.cannon_types.size() ? " or " : ", ") + R.cannon_types[i].key;
  return error("weight", "no cannon type '" + *p.weight + "': " + (known.empty() ? "none is left" : known));
}

// The dice of each group of up to five cannon (the dice table), or the dice given.
Diagnostics dice_groups(const BroadsideRules& R, const BroadsideRequest& p, Broadside& b) {
  b.by_cannon = p.cannon.has_value();
  if (b.by_cannon == p.dice.has_value())
    return error(b.by_cannon ? "dice" : "cannon", "give either --cannon with --weight, or --dice");
  dice_modifiers(R, p, b);
  if (b.by_cannon) {
    if (!p.weight) return error("weight", "required with --cannon: light, medium or heavy");
    if (*p.cannon < 1 || *p.cannon > 100)
      return error("cannon", "must be between 1 and 100, got " + std::to_string(*p.cannon));
    if (p.rerolls) return error("rerolls", "the re-rolls come from the dice table with --cannon; use --dice");
    for (int g : groups(R, *p.cannon)) {
      auto pool = pool_for(R, *p.weight, g, b.modifier, b.on_dice);
      if (!pool) return error("cannon", pool.error().items().front().message);
      b.groups.push_back({*pool, {}});
    }
    return {};
  }
  int most_rerolls = 0;
  for (const auto& row : R.pools) most_rerolls = std::max(most_rerolls, row.rerolls);
  for (const auto& m : R.dice_modifiers) most_rerolls += std::max(0, m.delta);
  if (*p.dice < 1 || *p.dice > R.max_dice)
    return error("dice", "at most " + std::to_string(R.max_dice) + " dice are thrown (and at least 1), got " +
                             std::to_string(*p.dice));
  const int rr = p.rerolls.value_or(0);
  if (rr < 0 || rr > most_rerolls)
    return error("rerolls", "must be between 0 and " + std::to_string(most_rerolls) +
                                " (the most the dice table and its modifiers give), got " + std::to_string(rr));
  if (b.modifier != 0 || p.formation || p.still || p.turned)
    return error(p.formation ? "formation"
                 : p.still   ? "still"
                             : "turned",
                 "the dice modifiers apply to --cannon; with --dice give the dice to throw");
  b.groups.push_back({Pool{0, *p.dice, rr}, {}});
  return {};
}

// The range band: given, or from inches by the cannon type's range table.
Diagnostics range_band(const BroadsideRules& R, const BroadsideRequest& p, Broadside& b) {
  if (p.range_band && p.range_in) return error("range_in", "give --range-band or --range-in, not both");
  if (p.range_band)  // the suite's "point-blank" is the data's point_blank
    for (const auto& k : broadside_band_names())
      if (suite_spelling(k) == *p.range_band) b.band = k;
  if (!p.range_in) return {};
  if (!p.weight) return error("range_in", "needs --weight (the cannon type's range table); or give --range-band");
  const CannonType* ct = R.cannon_type(*p.weight);
  const double d = *p.range_in;
  if (!std::isfinite(d) || d < 0) return error("range_in", "must be 0 inches or more, got " + fmtnum::shortest(d, 17));
  // The range table's figures are read as the far end of each band (docs/notes).
  if (d <= ct->point_blank_max_in)
    b.band = band_key(BroadsideBand::point_blank);
  else if (d <= ct->short_max_in)
    b.band = band_key(BroadsideBand::short_range);
  else if (d <= ct->long_max_in)
    b.band = band_key(BroadsideBand::long_range);
  else
    return error("range_in", trim(d, 2) + "\" is beyond the " + ct->name + "'s maximum range of " +
                                 std::to_string(ct->long_max_in) + "\"");
  return {};
}

// Ammunition, and the choices that need the range band.
Diagnostics ammunition(const BroadsideRules& R, const BroadsideRequest& p, Broadside& b) {
  const std::string ammo = p.ammo.value_or("round");  // the request's --ammo
  b.ammunition = R.ammo(ammo);
  if (!b.ammunition) return error("ammo", "unknown ammunition " + ammo);
  b.ammo = b.ammunition->key;
  if (b.ammunition->short_range_only && (!b.band || *b.band == band_key(BroadsideBand::long_range)))
    return error("ammo", b.ammunition->name + " can only be fired at short range" +
                             std::string(b.band ? "" : ": give --range-band short or point-blank"));
  const char* needs = "needs the range band (--range-band or --range-in)";
  if (p.aim_high && !b.band) return error("aim_high", needs);
  if (p.raking && !b.band) return error("raking", needs);
  if (p.formed_up && !b.band) return error("formed_up", needs);
  return {};
}

// What the re-rolls are played for.
Diagnostics play_rule(const BroadsideRules& R, const BroadsideRequest& p, Broadside& b) {
  b.play.mode = p.reroll_mode.value_or("once") == "rounds" ? RerollMode::rounds : RerollMode::once;
  b.goal = p.play.value_or("structural");
  if (b.goal == "structural") {
    b.play.objective = Objective::structural;
    b.maximises = "the expected structural damage (the same play at long, short and point-blank range)";
  } else if (b.goal == "casualties") {
    if (!b.band) return error("play", "casualties needs the range band (--range-band or --range-in)");
    b.play.objective = Objective::casualties;
    b.maximises = "the expected casualties at " + band_name(effective_band(R, *b.band, p.raking)) +
                  " range, a knockdown counted as " + std::to_string(R.wounds_per_knockdown) + " wounds";
  } else if (b.goal == "rank") {
    b.play.objective = Objective::rank;
    b.maximises = "the expected rank of the hand";
  } else if (auto hi = R.hand_index(b.goal)) {
    b.play.objective = Objective::at_least;
    b.play.at_least_hand = hi;
    b.maximises = "the probability of at least " + R.hands[*hi].name;
  } else {
    return error("play", "unknown goal \"" + b.goal + "\" (structural, casualties, rank or a hand key)");
  }
  return {};
}

BroadsideSetup setup_of(const BroadsideRequest& p, const Broadside& b) {
  BroadsideSetup setup;
  setup.band = b.band.value_or(band_key(BroadsideBand::long_range));
  setup.raking = p.raking;
  setup.formed_up = p.formed_up;
  setup.ammo = b.ammo;
  setup.aiming_high = p.aim_high;
  setup.halve_up = p.halving.value_or("down") == "up";
  return setup;
}

// P(at least `hand`) for one group; 0 when the hand is unknown.
double p_at_least(const BroadsideRules& R, const HandOdds& odds, const std::optional<size_t>& hand) {
  double pa = 0;
  for (size_t h = 0; h < R.hands.size(); ++h)
    if (hand && R.hands[h].rank >= R.hands[*hand].rank) pa += odds.p[h];
  return pa;
}

// Expected structural damage in each band (round shot, no raking, not aiming high).
void structural_by_band(const BroadsideRules& R, Broadside& b) {
  for (const auto& band : broadside_band_names()) {
    BroadsideSetup plain;
    plain.band = band;
    double e = 0;
    for (const auto& g : b.groups)
      for (size_t h = 0; h < R.hands.size(); ++h) e += g.odds.p[h] * hand_effect(R, h, plain).structural;
    b.structural_by_band.push_back(e);
  }
}

// Saving throw: class, then "+1 for long-range", "+1 in a large ship fired upon from a small
// ship", and the better of good (+1) and strong (+2) cover.
void saves(const BroadsideRules& R, const BroadsideRequest& p, const std::string& band, BandFigures& f) {
  f.save_class = p.save_class.value_or("ordinary");
  for (const auto& [key, m] : R.save_classes)
    if (key == f.save_class) f.save_min_roll = m;
  std::map<std::string, int> group_best;
  const std::string cover = p.cover.value_or("none");  // the request's --cover: none, good or strong
  for (const auto& m : R.save_modifiers) {
    bool on = false;
    switch (m.when) {
      case SaveCondition::long_range:
        on = band == band_key(BroadsideBand::long_range);
        break;
      case SaveCondition::large_ship_from_small:
        on = p.large_ship_from_small;
        break;
      case SaveCondition::good_cover:
        on = cover == "good";
        break;
      case SaveCondition::strong_cover:
        on = cover == "strong";
        break;
    }
    if (!on) continue;
    if (m.group.empty())
      f.save_modifier += m.modifier;
    else
      group_best[m.group] = std::max(group_best[m.group], m.modifier);
  }
  for (const auto& [g, m] : group_best) f.save_modifier += m;
  f.p_save = save_chance_d6(R, f.save_min_roll, f.save_modifier);
}

// Every figure at a known band, summed over the groups.
BandFigures at_band(const BroadsideRules& R, const BroadsideRequest& p, const Broadside& b,
                    const std::vector<HandEffect>& effect) {
  const std::string& band = *b.band;
  BandFigures f;
  f.effective = effective_band(R, band, p.raking);
  saves(R, p, band, f);
  std::vector<Casualty> cas;
  cas.reserve(effect.size());
  for (const auto& e : effect) cas.push_back(e.cas);
  double p_no_mast = 1, p_no_dismast = 1, p_no_door = 1, p_no_gate = 1;
  const auto dismast = R.hand_index(R.aim_dismasted_hand);
  for (const auto& g : b.groups) {
    std::vector<double> sp(1, g.odds.p_none);
    double no_mast = g.odds.p_none;
    for (size_t h = 0; h < R.hands.size(); ++h) {
      const int v = effect[h].structural;
      if (static_cast<size_t>(v) >= sp.size()) sp.resize(static_cast<size_t>(v) + 1, 0.0);
      sp[static_cast<size_t>(v)] += g.odds.p[h];
      // Aiming high: "for every 12 points of damage or part thereof caused roll a d6" (points
      // before the halving, decision), one more die for chain shot; a 1 on any die hits a mast.
      const int pts = effect[h].structural_before_aim;
      const int dice_n =
          pts > 0 ? (pts + R.aim_damage_per_die - 1) / R.aim_damage_per_die + b.ammunition->aiming_high_extra_dice : 0;
      no_mast += g.odds.p[h] * std::pow(1.0 - 1.0 / kFaces, dice_n);
    }
    f.structural = f.structural.plus(dice::Dist(0, std::move(sp)).exact_over(g.odds.denominator));
    p_no_mast *= no_mast;
    if (dismast) p_no_dismast *= 1 - g.odds.p[*dismast];
    f.before = add(f.before, casualties_before_saves(cas, g.odds));
    f.after = add(f.after, casualties_after_saves(cas, g.odds, f.p_save));
    // Gates and doors: at least a pair breaches a door, two pair a gate.
    p_no_door *= 1 - p_at_least(R, g.odds, R.hand_index(R.door_hand));
    p_no_gate *= 1 - p_at_least(R, g.odds, R.hand_index(R.gate_hand));
  }
  // Gates and doors "can be targeted independently by cannons at short range" (point blank
  // being closer still counts, decision).
  f.gates = band == R.gate_door_band || band == band_key(BroadsideBand::point_blank);
  f.p_door = 1 - p_no_door;
  f.p_gate = 1 - p_no_gate;
  f.p_mast = 1 - p_no_mast;
  f.p_dismasted = 1 - p_no_dismast;
  // Fire: "When damage is caused to an SBS by Cannon ... roll 2d6. A double signifies that a
  // serious fire has broken out" (one roll per firing action, decision).
  f.p_fire = b.ammunition->starts_fires ? f.structural.at_least(1) * p_double(R.fire_trigger_dice, kFaces) : 0.0;
  f.fire_damage = fire_damage(R);
  return f;
}

// Fancy shooting at a single gun on land: "at least a full-house ... (a straight if the target is
// in strong cover)"; the crew then save against two wounds each.
void fancy_shooting(const BroadsideRules& R, Broadside& b) {
  const auto fh = R.hand_index(R.fancy_min_hand), fs = R.hand_index(R.fancy_min_hand_strong_cover);
  double no = 1, no_strong = 1;
  for (const auto& g : b.groups) {
    no *= 1 - p_at_least(R, g.odds, fh);
    no_strong *= 1 - p_at_least(R, g.odds, fs);
  }
  b.p_gun_eliminated = 1 - no;
  b.p_gun_eliminated_strong_cover = 1 - no_strong;
}

// How often a cannon with this crew fires (Crew, seed 001).
Diagnostics crew_rate(const BroadsideRules& R, const BroadsideRequest& p, Broadside& b) {
  if (!p.weight) return error("crew", "needs --weight (the crew rules depend on the cannon type)");
  int min_crew = 0;
  for (const auto& c : R.crew_rates)
    if (c.cannon_type == *p.weight && *p.crew >= c.crew_min && (!c.crew_max || *p.crew <= *c.crew_max))
      b.fires_every_turns = c.fires_every_turns;
  if (const auto* ct = R.cannon_type(*p.weight)) min_crew = ct->min_crew;
  // The cannon type's fewest figures that can fire it (Cannons); the crew table gives the rate.
  if (*p.crew < min_crew) b.fires_every_turns.reset();
  if (!b.fires_every_turns)
    return error("crew", "a " + *p.weight + " cannon needs at least " + std::to_string(min_crew) +
                             " figures to fire, got " + std::to_string(*p.crew));
  return {};
}

// The odds of the hands of every group, played for the request's goal.
Diagnostics hands(const BroadsideRules& R, const BroadsideRequest& p, Broadside& b, std::vector<HandEffect>& effect) {
  const BroadsideSetup setup = setup_of(p, b);
  std::vector<double> wound_equivalents;
  effect.reserve(R.hands.size());
  wound_equivalents.reserve(R.hands.size());
  for (size_t h = 0; h < R.hands.size(); ++h) {
    effect.push_back(hand_effect(R, h, setup));
    const HandEffect& e = effect.back();
    for (const int v : {e.structural_before_aim, e.structural, e.cas.k, e.cas.w})
      if (v < 0 || v > kMaxHandFigure) {
        Diagnostics d;
        // The figure itself may be a saturated INT_MAX: the bound it broke is what the message says.
        d.error({}, "the hand '" + R.hands[h].name + "' would deal " +
                        (v < 0 ? std::string("a negative number of") : "more than " + fmtnum::grouped(kMaxHandFigure)) +
                        " strength points, knockdowns or wounds (a hand deals 0 to " + fmtnum::grouped(kMaxHandFigure) +
                        ")" + out_of_range_cause(true));
        return d;
      }
    wound_equivalents.push_back(static_cast<double>(e.cas.k) * R.wounds_per_knockdown + e.cas.w);
  }
  if (auto d = play_rule(R, p, b); !d.empty()) return d;
  const std::vector<double> values = hand_values(R, b.play, wound_equivalents);
  for (auto& g : b.groups) g.odds = hand_odds(R, g.pool.dice, g.pool.rerolls, b.play.mode, values);
  return {};
}

}  // namespace

std::string band_name(const std::string& key) {
  std::string name = key;
  std::replace(name.begin(), name.end(), '_', ' ');  // point_blank: "point blank"
  return name;
}

Expected<TargetLoss> target_loss(const BroadsideRules& R, int points, std::optional<int> guns,
                                 const dice::Dist& total) {
  if (points < 1)
    return Expected<TargetLoss>::field_failure("target_points", "must be at least 1, got " + std::to_string(points));
  // The optional read once: `guns && *guns < 0` compiled to a test of its (uninitialised) value
  // beside its flag when none is given, which valgrind reports.
  const bool with_guns = guns.has_value();
  const int gun_count = guns.value_or(0);
  if (gun_count < 0) return Expected<TargetLoss>::field_failure("target_guns", "must be 0 or more");
  TargetLoss t;
  t.points = points;
  const double pts = points;
  for (size_t i = 0; i < TargetLoss::kLosses; ++i)
    t.needed.at(i) = rounding::saturated_int(std::ceil(TargetLoss::kFractions.at(i) * pts - 1e-9));
  std::vector<double> lost_p;
  for (int v = total.min(); v <= total.max(); ++v) {
    const double q = total.p(v);
    if (q == 0) continue;
    for (size_t i = 0; i < TargetLoss::kLosses; ++i)
      if (v >= t.needed.at(i)) t.p.at(i) += q;
    if (with_guns) {
      const int lost = cannon_lost(R, gun_count, v, pts);
      if (static_cast<size_t>(lost) >= lost_p.size()) lost_p.resize(static_cast<size_t>(lost) + 1, 0.0);
      lost_p[static_cast<size_t>(lost)] += q;
    }
  }
  if (with_guns) {
    t.guns = gun_count;
    // A function of the broadside's damage: exact over its throws.
    t.cannon_lost = lost_p.empty() ? dice::Dist::constant(0)
                                   : dice::Dist(0, std::move(lost_p)).exact_over(total.denominator());
  }
  // Broadsides until each loss: the same broadside again and again against the undamaged target.
  if (t.points <= dice::kTurnsMaxTarget)
    for (size_t i = 0; i < TargetLoss::kLosses; ++i) t.broadsides.at(i) = dice::turns_to_reach(total, t.needed.at(i));
  return t;
}

Expected<Broadside> broadside_odds(const BroadsideRules& R, const BroadsideRequest& p) {
  Broadside b;
  std::vector<HandEffect> effect;
  for (auto* step : {&cannon_weight, &dice_groups, &range_band, &ammunition})
    if (auto d = step(R, p, b); !d.empty()) return d;
  if (auto d = hands(R, p, b, effect); !d.empty()) return d;
  structural_by_band(R, b);
  if (b.band) {
    b.at_band = at_band(R, p, b, effect);
    if (p.target_points) {
      auto t = target_loss(R, *p.target_points, p.target_guns, b.at_band->structural);
      if (!t) return t.error();
      b.target = std::move(*t);
    }
  } else if (p.target_points || p.target_guns) {
    return error("target_points", "needs the range band (--range-band or --range-in)");
  }
  if (p.target_guns && !p.target_points)
    return error("target_guns", "needs --target-points (the losses follow the points lost)");
  fancy_shooting(R, b);
  if (p.crew)
    if (auto d = crew_rate(R, p, b); !d.empty()) return d;
  return b;
}

}  // namespace gunpowder::fire
