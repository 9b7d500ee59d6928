// structures.hpp - structural strength points of seed 001 ("Structural Strength Points"):
// buildings, walls and towers from their table-top dimensions and material, the gate and door
// breach thresholds, and the cannon a structure loses as it is damaged (seed 001, "Firing").
//
// Rules only; the constants come from data/structures.toml and data/broadside.toml through
// siege::load_rules(tables).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/explain.hpp"
#include "gunpowder/siege/siege.hpp"

namespace gunpowder::siege {

/// The shapes of Structural Strength Points: a closed kind, since each has its own product of
/// measurements. Spelled once, in shape_names() (the `key` of its [shape] row and the `shape` of a
/// [[structure]]); a [shape] row of another key, from house rules, is refused with the list.
enum class Shape { rectangular, round, wall };
/// "rectangular", "round", "wall", in the enum's order.
const std::vector<std::string>& shape_names();
std::string to_string(Shape s);
std::optional<Shape> parse_shape(const std::string& s);

/// One structure as measured on the table.
struct StructureSpec {
  std::string name;
  Shape shape = Shape::rectangular;
  int factor = 0;        ///< materials factor (1 light, 2 substantial, 3 fortified)
  std::string material;  ///< the material key the factor came from ("" when given as a number)
  std::optional<double> length_in, width_in, diameter_in;
  double height_levels = 0;             ///< height in levels (storeys)
  bool height_from_inches = false;      ///< the levels were converted from a height in inches
  bool use_pi = false;                  ///< round structures: pi instead of 3
  std::optional<int> cannon;            ///< cannon mounted in the structure
  std::optional<double> damage_points;  ///< points of damage taken so far
};

struct CannonLossRow {
  double damage_fraction = 0;
  double damage_points = 0;  ///< points of damage that reach the step
  int cannon_lost = 0;
};

struct StructurePoints {
  std::string name;
  Shape shape = Shape::rectangular;
  int factor = 0;
  double product = 0;                      ///< the unrounded product (one section for a wall)
  int points = 0;                          ///< rounded up to a multiple of round_up_multiple (the whole structure)
  std::vector<int> sections;               ///< walls: points of each 6-inch section, in order
  std::optional<int> points_with_pi;       ///< round structures: the pi alternative
  std::vector<CannonLossRow> cannon_loss;  ///< when cannon are given
  std::optional<int> cannon_lost_now;      ///< when damage and cannon are given
  report::Steps explain;
};

/// Strength points of one structure (dimensions already checked positive by the caller).
StructurePoints strength_points(const StructureRules& r, const StructureSpec& s);

/// Cannon lost by a structure or ship with `cannon` guns that has taken `damage_fraction` of its
/// original points (seed 001: a quarter at half, half at three quarters, all at collapse;
/// rounded up).
int cannon_lost(const StructureRules& r, int cannon, double damage_fraction);

/// Rounds a strength-point value up to the rules' multiple ("if necessary round the value of the
/// structure up to the nearest number divisible by four", seed 001).
int round_up_points(const StructureRules& r, double value);

}  // namespace gunpowder::siege
