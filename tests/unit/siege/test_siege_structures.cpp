// Unit tests of seed 001's structural strength points, gates and doors, and the cannon lost as a
// structure is damaged ("Structural Strength Points"; "Firing").
#include <doctest/doctest.h>

#include "built_in_tables.hpp"
#include "gunpowder/siege/structures.hpp"

using namespace gunpowder;
using siege::Shape;

namespace {

const siege::StructureRules& rules() {
  auto r = siege::load_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return (*r)->structures;
}

siege::StructureSpec spec(Shape shape, int factor, double height_levels) {
  siege::StructureSpec s;
  s.name = "test";
  s.shape = shape;
  s.factor = factor;
  s.height_levels = height_levels;
  return s;
}

}  // namespace

TEST_CASE("siege::strength_points, Baggins Wood Cannons Structural Strength Points examples") {
  SUBCASE("a two storey 4 by 5 inch building is 40 (5 x 4 x 2)") {
    auto s = spec(Shape::rectangular, 1, 2);
    s.length_in = 5;
    s.width_in = 4;
    CHECK(siege::strength_points(rules(), s).points == 40);
  }
  SUBCASE("the East Wing, timber and brick (factor 2), 6 by 4 inches, two storeys: 2 x 24 x 2 = 96, printed 72") {
    auto s = spec(Shape::rectangular, 2, 2);
    s.length_in = 6;
    s.width_in = 4;
    const auto p = siege::strength_points(rules(), s);
    CHECK(p.points == 96);  // the book's own product; its "72" contradicts its arithmetic
  }
  SUBCASE("a six inch length of stockade wall (factor 2) three high: 6 x 3 x 2 = 36") {
    auto s = spec(Shape::wall, 2, 3);
    s.length_in = 6;
    CHECK(siege::strength_points(rules(), s).points == 36);
  }
  SUBCASE("the stockade read with its height in inches: 3 inches is 2 levels of 1.5 inches, 24 points") {
    auto s = spec(Shape::wall, 2, 3.0 / rules().level_height_in);
    s.length_in = 6;
    s.height_from_inches = true;
    CHECK(siege::strength_points(rules(), s).points == 24);
  }
  SUBCASE("a round stone tower (factor 3), 4 inches across, three levels: 3 x 4 x 3 x 3 = 108") {
    auto s = spec(Shape::round, 3, 3);
    s.diameter_in = 4;
    const auto p = siege::strength_points(rules(), s);
    CHECK(p.points == 108);
    REQUIRE(p.points_with_pi.has_value());
    CHECK(*p.points_with_pi == 116);  // pi x 4 x 3 x 3 = 113.1, up to a multiple of 4
    s.use_pi = true;
    CHECK(siege::strength_points(rules(), s).points == 116);
  }
  SUBCASE("the East Wing's derivation: one step with its inputs, cited from the section") {
    auto s = spec(Shape::rectangular, 2, 2);
    s.name = "East Wing";
    s.length_in = 6;
    s.width_in = 4;
    const auto p = siege::strength_points(rules(), s);
    REQUIRE(p.explain.size() == 1);
    const auto& st = p.explain[0];
    CHECK(st.subject == "East Wing");
    CHECK(st.figure == "strength points");
    CHECK(st.result == "96");
    CHECK(st.source == "Baggins Wood Cannons, Structural Strength Points");
    REQUIRE(st.inputs.size() == 4);
    CHECK(st.inputs[0].value == "6\"");
    CHECK(st.inputs[1].value == "4\"");
    CHECK(st.inputs[2].value == "2 levels");
    CHECK(st.inputs[3].name == "materials factor");
    CHECK(st.inputs[3].value == "2");
  }
  SUBCASE("every example row of data/structures.toml gives its expected points") {
    for (const auto& x : rules().examples) {
      CAPTURE(x.description);
      auto s = spec(*siege::parse_shape(x.shape), x.material_factor, x.height_levels);
      s.length_in = x.length_in;
      s.width_in = x.width_in;
      s.diameter_in = x.diameter_in;
      CHECK(siege::strength_points(rules(), s).points == x.expected_points);
      CHECK(x.contradiction == (x.printed_points != x.expected_points));
    }
  }
}

TEST_CASE("siege::strength_points rounding and sections") {
  SUBCASE("rounded up to a multiple of four only when necessary") {
    CHECK(siege::round_up_points(rules(), 40) == 40);
    CHECK(siege::round_up_points(rules(), 41) == 44);
    CHECK(siege::round_up_points(rules(), 0.5) == 4);
  }
  SUBCASE("a 15 inch wall is cut into 6 + 6 + 3 inch sections") {
    auto s = spec(Shape::wall, 3, 2);
    s.length_in = 15;
    const auto p = siege::strength_points(rules(), s);
    CHECK(p.sections == std::vector<int>{36, 36, 20});  // 6x2x3 = 36, 3x2x3 = 18 -> 20
    CHECK(p.points == 92);
  }
}

TEST_CASE("siege::cannon_lost, Baggins Wood Cannons Firing") {
  // Half the points lost: a quarter of the original cannon; three quarters: half, rounded up;
  // collapse: all.
  CHECK(siege::cannon_lost(rules(), 10, 0.49) == 0);
  CHECK(siege::cannon_lost(rules(), 10, 0.5) == 3);  // 2.5 rounded up (decision: every step)
  CHECK(siege::cannon_lost(rules(), 10, 0.75) == 5);
  CHECK(siege::cannon_lost(rules(), 7, 0.8) == 4);
  CHECK(siege::cannon_lost(rules(), 10, 1.0) == 10);
  CHECK(siege::cannon_lost(rules(), 8, 0.5) == 2);
  auto s = spec(Shape::rectangular, 3, 2);
  s.length_in = 6;
  s.width_in = 6;  // 216 points
  s.cannon = 8;
  s.damage_points = 170;
  const auto p = siege::strength_points(rules(), s);
  REQUIRE(p.cannon_loss.size() == 3);
  CHECK(p.cannon_loss[0].damage_points == 108);
  CHECK(p.cannon_loss[0].cannon_lost == 2);
  CHECK(p.cannon_loss[1].cannon_lost == 4);
  CHECK(*p.cannon_lost_now == 4);  // 170 of 216 is past three quarters
}

TEST_CASE("siege gates and doors, Baggins Wood Cannons Structural Strength Points") {
  const auto& r = rules();
  REQUIRE(r.breach_hands.size() == 2);
  CHECK(r.breach_hands[0] == std::pair<std::string, std::string>{"door", "pair"});
  CHECK(r.breach_hands[1] == std::pair<std::string, std::string>{"gate", "two_pair"});
  CHECK(r.gate_door_range == "short");
  // Taken from the fire module's one load of broadside.toml.
  CHECK(r.gate_door_source == "Baggins Wood Cannons, Structural Strength Points (gates and doors)");
  CHECK(r.cannon_loss_source == "Baggins Wood Cannons, Firing (cannon aboard a ship or in a structure)");
}
