// structures.cpp - structural strength points of seed 001 and the cannon a damaged structure
// loses ("Structural Strength Points"; "Firing", cannon aboard a ship or in a structure), and a
// battery of Baggins Wood Cannons firing at a structure (battery.hpp).
#include "gunpowder/siege/structures.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/siege/battery.hpp"

namespace gunpowder::siege {

using fmtnum::trim;

const std::vector<std::string>& shape_names() {
  static const std::vector<std::string> names = {"rectangular", "round", "wall"};
  return names;
}

std::string to_string(Shape s) { return shape_names()[static_cast<size_t>(s)]; }

std::optional<Shape> parse_shape(const std::string& s) { return kind_named<Shape>(shape_names(), s); }

int round_up_points(const StructureRules& r, double value) {
  // "If necessary round the value of the structure up to the nearest number divisible by four":
  // a value already divisible stays as it is.
  return rounding::saturated_int(rounding::up_to(value, r.round_up_multiple));
}

int cannon_lost(const StructureRules& r, int cannon, double damage_fraction) {
  // Half the points lost: a quarter of the original cannon; three quarters: half; collapse: all.
  // "Rounded up" is printed after the three-quarters step and applied to every step.
  double lost = 0;
  for (const auto& step : r.cannon_loss)
    if (damage_fraction >= step.damage_fraction - 1e-12) lost = step.cannon_lost_fraction;
  return rounding::saturated_int(rounding::fraction_up(lost * cannon));
}

namespace {
// The cannon a structure loses with its damage (seed 001, Firing): the loss table over its
// points, and the loss at the damage given.
void cannon_losses(const StructureRules& r, const StructureSpec& s, int cannon, StructurePoints& out) {
  for (const auto& step : r.cannon_loss) {
    CannonLossRow row;
    row.damage_fraction = step.damage_fraction;
    row.damage_points = step.damage_fraction * out.points;
    row.cannon_lost = cannon_lost(r, cannon, step.damage_fraction);
    out.cannon_loss.push_back(row);
  }
  if (s.damage_points && out.points > 0) {
    out.cannon_lost_now = cannon_lost(r, cannon, *s.damage_points / out.points);
    out.explain.push_back(report::Step{s.name, "cannon lost",
                                       trim(*s.damage_points, 2) + " of " + std::to_string(out.points) +
                                           " points lost, of " + std::to_string(cannon) + " cannon",
                                       std::to_string(*out.cannon_lost_now), r.cannon_loss_source, {},
                                       report::Yields::rounded}
                              .in("points lost", trim(*s.damage_points, 2))
                              .in("strength points", std::to_string(out.points))
                              .in("cannon", std::to_string(cannon)));
  }
}
}  // namespace

StructurePoints strength_points(const StructureRules& r, const StructureSpec& s) {
  StructurePoints out;
  out.name = s.name;
  out.shape = s.shape;
  out.factor = s.factor;
  const std::string levels =
      trim(s.height_levels, 3) +
      (s.height_from_inches ? " levels (height / " + trim(r.level_height_in) + "\")" : " levels");
  const std::string rounding_note = ", up to a multiple of " + std::to_string(r.round_up_multiple);
  switch (s.shape) {
    case Shape::rectangular: {
      // Area x height in levels x materials factor.
      out.product = s.length_in.value_or(0) * s.width_in.value_or(0) * s.height_levels * s.factor;
      out.points = round_up_points(r, out.product);
      out.explain.push_back(report::Step{s.name, "strength points",
                                         trim(*s.length_in, 3) + "\" x " + trim(*s.width_in, 3) + "\" x " + levels +
                                             " x factor " + std::to_string(s.factor) + " = " + trim(out.product, 3) +
                                             rounding_note,
                                         std::to_string(out.points), r.source, {}, report::Yields::rounded}
                                .in("length", trim(*s.length_in, 3) + "\"")
                                .in("width", trim(*s.width_in, 3) + "\"")
                                .in("height", trim(s.height_levels, 3) + " levels")
                                .in("materials factor", std::to_string(s.factor)));
      break;
    }
    case Shape::round: {
      // Three (or pi) x diameter x height in levels x materials factor.
      const double k = s.use_pi ? std::numbers::pi : r.round_factor;
      out.product = k * s.diameter_in.value_or(0) * s.height_levels * s.factor;
      out.points = round_up_points(r, out.product);
      if (r.round_factor_may_be_pi)
        out.points_with_pi =
            round_up_points(r, std::numbers::pi * s.diameter_in.value_or(0) * s.height_levels * s.factor);
      out.explain.push_back(report::Step{s.name, "strength points",
                                         (s.use_pi ? std::string("pi") : std::to_string(r.round_factor)) + " x " +
                                             trim(*s.diameter_in, 3) + "\" x " + levels + " x factor " +
                                             std::to_string(s.factor) + " = " + trim(out.product, 3) + rounding_note,
                                         std::to_string(out.points), r.source, {}, report::Yields::rounded}
                                .in("diameter", trim(*s.diameter_in, 3) + "\"")
                                .in("height", trim(s.height_levels, 3) + " levels")
                                .in("materials factor", std::to_string(s.factor)));
      if (out.points_with_pi && !s.use_pi)
        out.explain.push_back(report::Step{s.name, "strength points with pi",
                                           "pi x " + trim(*s.diameter_in, 3) + "\" x " + levels + " x factor " +
                                               std::to_string(s.factor) + rounding_note,
                                           std::to_string(*out.points_with_pi), r.source, {}, report::Yields::rounded}
                                  .in("diameter", trim(*s.diameter_in, 3) + "\"")
                                  .in("height", trim(s.height_levels, 3) + " levels")
                                  .in("materials factor", std::to_string(s.factor)));
      break;
    }
    case Shape::wall: {
      // Length (at most one 6-inch target section) x height in levels x factor; a longer wall is
      // cut into sections of about six inches, each a target of its own.
      double left = s.length_in.value_or(0);
      const double cap = r.section_length_in;
      std::string parts;
      while (left > 1e-9) {
        const double len = std::min(left, cap);
        const double v = len * s.height_levels * s.factor;
        const int pts = round_up_points(r, v);
        if (out.sections.empty()) out.product = v;
        out.sections.push_back(pts);
        out.points += pts;
        parts += (parts.empty() ? "" : " + ") + std::to_string(pts);
        left -= len;
      }
      out.explain.push_back(report::Step{s.name, "strength points",
                                         std::to_string(out.sections.size()) + " section(s) of up to " + trim(cap) +
                                             "\", each length x " + levels + " x factor " +
                                             std::to_string(s.factor) + rounding_note + ": " + parts,
                                         std::to_string(out.points), r.source}
                                .in("length", trim(s.length_in.value_or(0), 3) + "\"")
                                .in("section length", trim(cap) + "\"")
                                .in("height", trim(s.height_levels, 3) + " levels")
                                .in("materials factor", std::to_string(s.factor)));
      break;
    }
  }
  if (s.cannon) cannon_losses(r, s, *s.cannon, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// A battery against a structure (battery.hpp)

Expected<fire::Broadside> battery_broadside(const fire::BroadsideRules& r, const BatterySpec& b) {
  fire::BroadsideRequest q;
  q.cannon = b.cannon;
  q.weight = b.weight;
  q.range_band = b.band;
  // "+1 dice if the cannon is aboard a ship at standstill, at anchor or ashore": a battery
  // bombarding a building stands ashore.
  q.still = true;
  // Round shot: grapeshot does "no structural damage", chainshot is for aiming high at rigging.
  q.ammo = "round";
  return fire::broadside_odds(r, q);
}

int battery_target_points(const StructurePoints& p) {
  return p.shape == Shape::wall && !p.sections.empty() ? p.sections.front() : p.points;
}

Expected<fire::TargetLoss> battery_turns(const fire::BroadsideRules& r, const fire::Broadside& b,
                                         const StructurePoints& p) {
  // "Cannons damage ships, boats and structures ... which are subtracted from the remaining ship
  // points, (or strength points in the case of buildings)": the broadside's structural damage.
  return fire::target_loss(r, battery_target_points(p), std::nullopt, b.at_band->structural);
}

std::optional<int> battery_fires_every_turns(const fire::BroadsideRules& r, const std::string& weight) {
  std::optional<int> best;
  for (const auto& c : r.crew_rates)
    if (c.cannon_type == weight) best = std::min(best.value_or(c.fires_every_turns), c.fires_every_turns);
  return best;
}

}  // namespace gunpowder::siege
