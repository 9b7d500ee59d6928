// fire-odds: shots and broadsides until a target's points are gone (artillery --target-shp,
// broadside --target-points), against a plain forward count of the turns one by one (the state:
// the points dealt so far), never against dice::turns_to_reach.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "fire-odds/fire_app.hpp"
#include "turns_check.hpp"

using namespace gunpowder;

namespace {

using testing::check_turns;
using testing::forward_turns;
using testing::Rows;
using testing::with;

// The rows of a csv table (one table: --table NAME), each as its columns by header.
Rows csv_rows(std::vector<std::string> args) {
  args.insert(args.begin(), "fire-odds");
  for (const char* a : {"--format", "csv", "--distributions"}) args.emplace_back(a);
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  const int code = fire_app::main(static_cast<int>(argv.size()), argv.data(), out, err);
  REQUIRE(code == 0);
  return testing::parse_csv(out.str());
}

}  // namespace

TEST_CASE("fire-odds artillery --target-shp: shots to destroy, against the shots one by one") {
  // A 12-pdr gun, 6d10 (Guns of War, Gunpowder Artillery Characteristics), at 500 yd: medium range
  // (400/880/2,100), target value 11 + 4 = 15+. A direct hit is a natural 20 (1/20), a close hit a
  // natural 15-19 (5/20). The wall's structural save is 21 + (-4) - AC 6 = 11+ (Structural Saving
  // Throws): half the d20.
  const std::vector<std::string> args{"artillery", "--type", "gun", "--shot-lb", "12", "--range-yd", "500",
                                      "--target-ac", "6", "--target-shp", "60"};
  std::vector<double> six_d10{1.0};  // by convolution, die by die
  for (int die = 0; die < 6; ++die) {
    std::vector<double> next(six_d10.size() + 10, 0.0);
    for (size_t s = 0; s < six_d10.size(); ++s)
      for (size_t f = 1; f <= 10; ++f) next[s + f] += six_d10[s] / 10;
    six_d10 = next;
  }
  const double p_no_save = 1 - 10.0 / 20;  // 11+ on a d20
  auto turns = args;
  turns.insert(turns.end(), {"--table", "shots-to-destroy"});
  const Rows table = csv_rows(turns);
  REQUIRE(table.size() == 2);
  auto dist_args = args;
  dist_args.insert(dist_args.end(), {"--table", "shots-distribution"});
  const Rows dist = csv_rows(dist_args);
  // No structured binding: CAPTURE's lambda may not name one under clang 14 (the sanitizer build).
  for (const auto& reading :
       std::map<std::string, double>{{"direct-hits", 1.0 / 20}, {"direct-and-close-hits", 6.0 / 20}}) {
    const std::string& strikes = reading.first;
    const double p_strike = reading.second;
    CAPTURE(strikes);
    std::vector<double> shot = six_d10;
    for (double& p : shot) p *= p_strike * p_no_save;
    shot[0] += 1 - p_strike * p_no_save;
    const auto row = with(table, "strikes", strikes);
    REQUIRE(row.size() == 1);
    CHECK(row.front().at("points_needed") == "60");
    check_turns(row.front(), with(dist, "strikes", strikes), forward_turns(shot, 60));
  }
}

TEST_CASE("fire-odds broadside --target-points: broadsides to each loss, against the broadsides one by one") {
  // The broadside's own structural damage (checked against the hands elsewhere) is the turn.
  const std::vector<std::string> args{"broadside", "--cannon", "5",  "--weight", "heavy", "--range-band", "short",
                                      "--target-points", "30"};
  auto damage_args = args;
  damage_args.insert(damage_args.end(), {"--table", "structural-damage"});
  std::vector<double> per_broadside;
  for (const auto& r : csv_rows(damage_args)) {
    const auto v = static_cast<size_t>(std::stoll(r.at("points_lost")));
    if (per_broadside.size() <= v) per_broadside.resize(v + 1, 0.0);
    per_broadside[v] = std::stod(r.at("p"));
  }
  REQUIRE(per_broadside.size() > 1);
  REQUIRE(per_broadside[0] > 0);
  auto turns = args;
  turns.insert(turns.end(), {"--table", "broadsides-to-target"});
  const Rows table = csv_rows(turns);
  auto dist_args = args;
  dist_args.insert(dist_args.end(), {"--table", "broadsides-distribution"});
  const Rows dist = csv_rows(dist_args);
  for (const auto& loss : std::map<std::string, int>{{"half-lost", 15}, {"three-quarters-lost", 23}, {"destroyed", 30}}) {
    const std::string& effect = loss.first;
    const int points = loss.second;
    CAPTURE(effect);
    const auto row = with(table, "target_effect", effect);
    REQUIRE(row.size() == 1);
    CHECK(std::stoi(row.front().at("points_needed")) == points);
    check_turns(row.front(), with(dist, "target_effect", effect), forward_turns(per_broadside, points));
  }
}

TEST_CASE("fire-odds artillery --hero-hp: shots to bring down a hero, against the shots one by one") {
  // The 12-pdr gun at 500 yd of the test above: a direct hit on a natural 20 (1/20), a close hit on
  // 15-19 (5/20). The hero's hit points lost to each (save 11: halved after a direct hit, none after
  // a close hit or scatter when saved) are the hero-damage tables (checked against the dice
  // elsewhere); a shot that misses or misfires takes nothing.
  const std::vector<std::string> args{"artillery", "--type",      "gun", "--shot-lb", "12", "--range-yd",
                                      "500",       "--hero-save", "11",  "--hero-hp", "42"};
  auto damage_args = args;
  damage_args.insert(damage_args.end(), {"--table", "hero-damage"});
  std::map<std::string, std::vector<double>> lost;  // by struck_by: P(hp lost = v)
  for (const auto& r : csv_rows(damage_args)) {
    auto& d = lost[r.at("struck_by")];
    const auto v = static_cast<size_t>(std::stoll(r.at("hp_lost")));
    if (d.size() <= v) d.resize(v + 1, 0.0);
    d[v] = std::stod(r.at("p"));
  }
  REQUIRE(lost.size() == 2);
  auto turns = args;
  turns.insert(turns.end(), {"--table", "shots-to-bring-down-hero"});
  const Rows table = csv_rows(turns);
  REQUIRE(table.size() == 2);
  auto dist_args = args;
  dist_args.insert(dist_args.end(), {"--table", "hero-shots-distribution"});
  const Rows dist = csv_rows(dist_args);
  for (const std::string strikes : {"direct-hits", "direct-and-close-hits"}) {
    CAPTURE(strikes);
    std::vector<double> shot(1, 0.0);
    double struck = 0;
    auto add = [&](const std::vector<double>& d, double p) {
      if (shot.size() < d.size()) shot.resize(d.size(), 0.0);
      for (size_t v = 0; v < d.size(); ++v) shot[v] += p * d[v];
      struck += p;
    };
    add(lost.at("direct-hit"), 1.0 / 20);
    if (strikes == "direct-and-close-hits") add(lost.at("close-hit-or-scatter"), 5.0 / 20);
    shot[0] += 1 - struck;
    const auto row = with(table, "strikes", strikes);
    REQUIRE(row.size() == 1);
    CHECK(row.front().at("points_needed") == "42");
    check_turns(row.front(), with(dist, "strikes", strikes), forward_turns(shot, 42));
  }
}

TEST_CASE("fire-odds arquebus --target-figures: volleys to bring down a unit, against the volleys one by one") {
  // Each volley's kills (accuracy die) or hits on the target (attack dice) are the tool's own
  // per-volley distribution (checked against the dice elsewhere); a figure a kill.
  for (const auto& system : std::map<std::string, std::vector<std::string>>{
           {"accuracy", {"--table", "kills-per-volley"}},
           {"attack-dice", {"--system", "attack-dice", "--ar", "5", "--table", "hits-on-the-target"}}}) {
    CAPTURE(system.first);
    std::vector<std::string> args{"arquebus", "--men", "10", "--range-in", "8", "--target-figures", "20"};
    if (system.first == "attack-dice") args.insert(args.end(), {"--system", "attack-dice", "--ar", "5"});
    auto per_args = args;
    per_args.insert(per_args.end(), system.second.end() - 2, system.second.end());
    std::vector<double> per_volley;
    for (const auto& r : csv_rows(per_args)) {
      const std::string key = r.count("kills") ? "kills" : "hits";
      const auto v = static_cast<size_t>(std::stoll(r.at(key)));
      if (per_volley.size() <= v) per_volley.resize(v + 1, 0.0);
      per_volley[v] = std::stod(r.at("p"));
    }
    REQUIRE(per_volley.size() > 1);
    auto turns = args;
    turns.insert(turns.end(), {"--table", "volleys-to-bring-down"});
    const Rows table = csv_rows(turns);
    REQUIRE(table.size() == 1);
    CHECK(table.front().at("system") == system.first);
    auto dist_args = args;
    dist_args.insert(dist_args.end(), {"--table", "volleys-down-distribution"});
    check_turns(table.front(), csv_rows(dist_args), forward_turns(per_volley, 20));
  }
}
