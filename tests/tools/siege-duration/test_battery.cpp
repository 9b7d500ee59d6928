// siege-duration --method structures --battery: the broadsides until a battery brings a structure
// down, against an independent count: the battery's broadside from the five dice enumerated face
// by face and the hands read from the seed's table (Baggins Wood Cannons, Cannon Fire Results),
// then the broadsides one by one (tests/tools/turns_check.hpp), never dice::turns_to_reach nor the
// broadside module.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "run_app.hpp"
#include "siege-duration/siege_app.hpp"
#include "turns_check.hpp"

using namespace gunpowder;

namespace {

using testing::Rows;

// The rows of one table of a run in csv (--distributions: the values of a distribution too).
Rows table_rows(const std::string& input, const std::string& battery, const std::string& table) {
  const testing::Run r =
      testing::run_main(&siege_app::main, {"siege-duration", input, "--method", "structures", "--battery", battery,
                                           "--format", "csv", "--distributions", "--table", table});
  REQUIRE(r.code == 0);
  return testing::parse_csv(r.out);
}

// Structural damage of one throw of five dice at short range (Cannon Fire Results, the short
// column): pair 2, two pair 4, three of a kind 6, full house 12, straight (1-5 or 2-6) 24, four of
// a kind 36, poker 48; nothing else deals any. P(damage = v) by enumerating the 6^5 throws.
std::vector<double> five_dice_short() {
  std::vector<double> p(49, 0.0);
  constexpr int kThrows = 6 * 6 * 6 * 6 * 6;
  for (int t = 0; t < kThrows; ++t) {
    std::array<int, 6> count{};
    for (int d = 0, rest = t; d < 5; ++d, rest /= 6) ++count.at(static_cast<size_t>(rest % 6));
    std::array<int, 6> sorted = count;
    std::sort(sorted.rbegin(), sorted.rend());
    int damage = 0;
    if (sorted[0] == 5)
      damage = 48;
    else if (sorted[0] == 4)
      damage = 36;
    else if (sorted[0] == 1)
      damage = (count[0] == 0 || count[5] == 0) ? 24 : 0;  // five faces: a straight unless 1 and 6 both show
    else if (sorted[0] == 3)
      damage = sorted[1] == 2 ? 12 : 6;
    else if (sorted[0] == 2)
      damage = sorted[1] == 2 ? 4 : 2;
    p[static_cast<size_t>(damage)] += 1.0 / kThrows;
  }
  return p;
}

}  // namespace

TEST_CASE("siege-duration --battery: broadsides to bring a structure down, against the broadsides one by one") {
  // Two light cannon throw 4 dice (the dice table), +1 ashore: 5 dice and no re-roll. The building
  // is the seed's "two storey 4" by 5" building ... 40" (factor 1); the wall, 12" long, 3 levels,
  // factor 2, is two 6" sections of 6 x 3 x 2 = 36 points, fired at one at a time.
  const std::string input = testing::write_temp("gp-siege-battery.toml", R"([[structure]]
name = "house"
shape = "rectangular"
length_in = 5
width_in = 4
height_levels = 2
factor = 1

[[structure]]
name = "wall"
shape = "wall"
length_in = 12
height_levels = 3
factor = 2
)");
  const std::vector<double> broadside = five_dice_short();
  const Rows table = table_rows(input, "2xlight@short", "battery");
  const Rows dist = table_rows(input, "2xlight@short", "battery-broadsides");
  REQUIRE(table.size() == 6);
  const std::vector<std::pair<std::string, std::array<int, 3>>> cases{{"house", {20, 30, 40}}, {"wall", {18, 27, 36}}};
  const std::array<const char*, 3> effects{"half-lost", "three-quarters-lost", "destroyed"};
  for (const auto& c : cases) {
    const std::string& name = c.first;
    CAPTURE(name);
    for (size_t k = 0; k < effects.size(); ++k) {
      const std::string effect = effects.at(k);
      const int points = c.second.at(k);
      CAPTURE(effect);
      const Rows row = testing::with(testing::with(table, "name", name), "target_effect", effect);
      REQUIRE(row.size() == 1);
      CHECK(row.front().at("battery") == "2xlight@short");
      CHECK(std::stoi(row.front().at("points_needed")) == points);
      double p_one = 0;
      for (size_t v = static_cast<size_t>(points); v < broadside.size(); ++v) p_one += broadside[v];
      CHECK(std::stod(row.front().at("p_in_one")) == doctest::Approx(p_one).epsilon(1e-9));
      // Light guns fully manned fire every turn: the game turns are the broadsides.
      CHECK(std::stod(row.front().at("mean_game_turns")) == doctest::Approx(std::stod(row.front().at("mean_turns"))));
      testing::check_turns(row.front(), testing::with(testing::with(dist, "name", name), "target_effect", effect),
                           testing::forward_turns(broadside, points));
    }
  }
}

TEST_CASE("siege-duration --battery: usage errors") {
  const std::string input = testing::write_temp("gp-siege-battery-errors.toml", R"([[structure]]
shape = "wall"
length_in = 6
height_levels = 1
factor = 1
)");
  const auto err_of = [&input](const std::vector<std::string>& more) {
    std::vector<std::string> args{"siege-duration", input};
    args.insert(args.end(), more.begin(), more.end());
    const testing::Run r = testing::run_main(&siege_app::main, args);
    CHECK(r.code == 64);
    return r.err;
  };
  CHECK(err_of({"--battery", "2xlight"}) ==
        "siege-duration: error: --battery: '2xlight': no range band (give [Nx]TYPE@BAND, e.g. 4xmedium@short)\n");
  CHECK(err_of({"--battery", "2xhuge@short"}) ==
        "siege-duration: error: --battery: '2xhuge@short': no cannon type 'huge': light, medium or heavy (give "
        "[Nx]TYPE@BAND, e.g. 4xmedium@short)\n");
  CHECK(err_of({"--battery", "light@far"}) ==
        "siege-duration: error: --battery: 'light@far': no range band 'far': long, short or point-blank (give "
        "[Nx]TYPE@BAND, e.g. 4xmedium@short)\n");
  CHECK(err_of({"--battery", "101xlight@long"}) ==
        "siege-duration: error: --battery: must be between 1 and 100, got 101\n");
  CHECK(err_of({"--battery", "light@long", "--method", "duel"}) ==
        "siege-duration: error: --battery: applies to --method structures, not duel\n");
}
