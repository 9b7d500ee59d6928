// Unit tests of the poker-dice broadside (seed 001, Firing to Fire). The seed's worked example
// (seven guns roll as five and two) and its printed tables are tests; every probability is checked
// against a brute-force enumeration of the dice, independent of the module's dynamic programming.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <cmath>
#include <vector>

#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/data/data.hpp"
#include "built_in_tables.hpp"

using namespace gunpowder;

namespace {
const fire::BroadsideRules& rules() {
  auto r = fire::load_broadside(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}
fire::Counts counts(std::initializer_list<int> faces) {
  fire::Counts c{};
  for (int f : faces) ++c[static_cast<size_t>(f - 1)];
  return c;
}
std::string hand(std::initializer_list<int> faces) {
  const int i = fire::best_hand(rules(), counts(faces));
  return i < 0 ? "none" : rules().hands[static_cast<size_t>(i)].key;
}

// An independent hand classifier over ordered dice (rank order of seed 001: a straight beats a
// full house), and a brute-force player: for every ordered throw, every set of positions to throw
// again, every result of those dice.
int rank_of(std::vector<int> d) {
  std::array<int, 7> n{};
  for (int x : d) ++n[static_cast<size_t>(x)];
  std::vector<int> c(n.begin() + 1, n.end());
  std::sort(c.rbegin(), c.rend());
  if (c[0] == 5) return 7;
  if (c[0] == 4) return 6;
  if (d.size() == 5 && c[0] == 1 && (n[1] == 0 || n[6] == 0)) return 5;
  if (c[0] == 3 && c[1] == 2) return 4;
  if (c[0] == 3) return 3;
  if (c[0] == 2 && c[1] == 2) return 2;
  if (c[0] == 2) return 1;
  return 0;
}
const std::array<double, 8> kStructural = {0, 1, 2, 3, 6, 12, 18, 24};

void each_throw(int n, const std::function<void(std::vector<int>&)>& fn) {
  std::vector<int> d(static_cast<size_t>(n), 1);
  while (true) {
    fn(d);
    size_t i = 0;
    while (i < d.size() && ++d[i] > 6) d[i++] = 1;
    if (i == d.size()) return;
  }
}

// Best expected value of `values[rank]` with one re-throw of up to `k` of the dice in `d`.
double best_once(const std::vector<int>& d, int k, const std::array<double, 8>& values) {
  double best = -1;
  const int n = static_cast<int>(d.size());
  for (int mask = 0; mask < (1 << n); ++mask) {
    const int r = __builtin_popcount(static_cast<unsigned>(mask));
    if (r > k) continue;
    double sum = 0;
    int count = 0;
    each_throw(std::max(r, 1), [&](std::vector<int>& re) {
      std::vector<int> x = d;
      int j = 0;
      for (int i = 0; i < n; ++i)
        if (mask & (1 << i)) x[static_cast<size_t>(i)] = re[static_cast<size_t>(j++)];
      sum += values[static_cast<size_t>(rank_of(x))];
      ++count;
    });
    best = std::max(best, sum / count);
  }
  return best;
}
}  // namespace

TEST_CASE("fire::load_broadside reads every table") {
  const auto& R = rules();
  CHECK(R.hands.size() == 7);
  CHECK(R.results.size() == 7);
  CHECK(R.pools.size() == 15);
  CHECK(R.hands.front().key == "pair");
  CHECK(R.hands.back().key == "poker");
  // "it seems more appropriate to give Straights the edge"
  CHECK(R.hands[*R.hand_index("straight")].rank > R.hands[*R.hand_index("full_house")].rank);
}

TEST_CASE("fire::BroadsideRules::hand_index: the data's key, the suite's spelling and the book's") {
  const auto& R = rules();
  REQUIRE(R.hand_index("two_pair"));
  CHECK(R.hands[*R.hand_index("two_pair")].key == "two_pair");
  CHECK(R.hand_index("two-pair") == R.hand_index("two_pair"));
  CHECK(R.hand_index("Three of a kind") == R.hand_index("three_of_a_kind"));
  CHECK(R.hand_index("pair") != R.hand_index("two_pair"));
  CHECK_FALSE(R.hand_index("royal-flush"));
}

TEST_CASE("fire::load_broadside: gates, doors and the cannon lost, for the siege module") {
  const auto& R = rules();
  // "Gates in walls or doors in buildings can be targeted independently by cannons at short range.
  // ... No strength points are deducted from the structure" (seed 001).
  CHECK(R.gate_door_band == "short");
  CHECK(R.gate_door_source == "Baggins Wood Cannons, Structural Strength Points (gates and doors)");
  CHECK(R.cannon_loss_source == "Baggins Wood Cannons, Firing (cannon aboard a ship or in a structure)");
}

TEST_CASE("Firing: seven guns roll as five and two, not three and four") {
  const auto& R = rules();
  auto doc = data::load(gunpowder::testing::built_in(), "broadside.toml");
  REQUIRE(doc.has_value());
  const auto& ex = *(*doc->root["example"].as_array())[0].as_table();
  std::vector<int> expected;
  for (const auto& n : *ex["expected_groups"].as_array()) expected.push_back(*n.value<int>());
  CHECK(fire::groups(R, *ex["cannon_count"].value<int>()) == expected);
  CHECK(fire::groups(R, 7) == std::vector<int>{5, 2});
  CHECK(fire::groups(R, 10) == std::vector<int>{5, 5});
  CHECK(fire::groups(R, 3) == std::vector<int>{3});
}

TEST_CASE("Firing: the dice table and its modifiers") {
  const auto& R = rules();
  // The printed cells, e.g. "3 Cannons ... Heavy 5+2", "1 Cannon ... Light 3".
  CHECK(fire::pool_for(R, "heavy", 3, 0, false)->dice == 5);
  CHECK(fire::pool_for(R, "heavy", 3, 0, false)->rerolls == 2);
  CHECK(fire::pool_for(R, "light", 1, 0, false)->dice == 3);
  CHECK(fire::pool_for(R, "medium", 2, 0, false)->rerolls == 0);
  SUBCASE("a modifier acts on dice + re-rolls (decision) or on the dice") {
    CHECK(fire::pool_for(R, "heavy", 5, 1, false)->rerolls == 5);
    CHECK(fire::pool_for(R, "light", 1, 1, false)->dice == 4);
    CHECK(fire::pool_for(R, "medium", 3, -1, false)->rerolls == 0);
    CHECK(fire::pool_for(R, "heavy", 5, 1, true)->rerolls == 4);
  }
  SUBCASE("no row: an error") { CHECK_FALSE(fire::pool_for(R, "heavy", 6, 0, false).has_value()); }
}

TEST_CASE("fire::best_hand: the hands of Baggins Wood Cannons") {
  CHECK(hand({1, 2, 3, 4, 5}) == "straight");  // "We ... treat a Straight as 1..5 or 2..6"
  CHECK(hand({6, 2, 3, 4, 5}) == "straight");
  CHECK(hand({1, 2, 3, 4, 6}) == "none");
  CHECK(hand({2, 2, 3, 3, 3}) == "full_house");
  CHECK(hand({4, 4, 4, 4, 1}) == "four_of_a_kind");
  CHECK(hand({5, 5, 5, 5, 5}) == "poker");
  CHECK(hand({1, 1, 2, 2, 6}) == "two_pair");
  CHECK(hand({1, 1, 1}) == "three_of_a_kind");
  CHECK(hand({1, 2, 3}) == "none");
  CHECK(hand({3, 3, 3, 3}) == "four_of_a_kind");  // "Under some circumstances fewer than 5 dice are rolled"
}

TEST_CASE("fire::hand_odds without re-rolls against every throw of the dice") {
  const auto& R = rules();
  fire::PlayRule play;
  const auto values = fire::hand_values(R, play, {});
  for (int n = 1; n <= 5; ++n) {
    CAPTURE(n);
    std::array<double, 8> want{};
    double total = 0;
    each_throw(n, [&](std::vector<int>& d) {
      want[static_cast<size_t>(rank_of(d))] += 1;
      total += 1;
    });
    const auto h = fire::hand_odds(R, n, 0, fire::RerollMode::once, values);
    CHECK(h.p_none == doctest::Approx(want[0] / total));
    for (size_t i = 0; i < 7; ++i) CHECK(h.p[i] == doctest::Approx(want[i + 1] / total));
  }
  // Five dice: 6, 150, 240, 300, 1200, 1800, 3600 and 480 of the 7,776 throws.
  const auto h = fire::hand_odds(R, 5, 0, fire::RerollMode::once, values);
  CHECK(h.p[6] * 7776 == doctest::Approx(6));
  CHECK(h.p[4] * 7776 == doctest::Approx(240));
  CHECK(h.p_none * 7776 == doctest::Approx(480));
}

TEST_CASE("fire::hand_odds: the best single re-throw against a brute-force player") {
  const auto& R = rules();
  fire::PlayRule play;
  const auto values = fire::hand_values(R, play, {});
  for (int dice : {3, 4, 5})
    for (int k = 1; k <= dice; ++k) {
      if (dice == 5 && k > 2) continue;  // larger cases are covered by the dynamic programming below
      CAPTURE(dice);
      CAPTURE(k);
      double sum = 0, count = 0;
      each_throw(dice, [&](std::vector<int>& d) {
        sum += best_once(d, k, kStructural);
        count += 1;
      });
      const auto h = fire::hand_odds(R, dice, k, fire::RerollMode::once, values);
      CHECK(h.objective_value == doctest::Approx(sum / count));
      double mean = 0;
      for (size_t i = 0; i < 7; ++i) mean += h.p[i] * kStructural[i + 1];
      CHECK(mean == doctest::Approx(h.objective_value));
      CHECK(h.p_none + [&] {
        double s = 0;
        for (double x : h.p) s += x;
        return s;
      }() == doctest::Approx(1.0));
    }
}

TEST_CASE("fire::hand_odds: n successive re-throws against a recursive brute-force player") {
  const auto& R = rules();
  fire::PlayRule play;
  play.objective = fire::Objective::at_least;
  play.at_least_hand = R.hand_index("full_house");
  const auto values = fire::hand_values(R, play, {});
  std::array<double, 8> v01{};
  for (int r = 4; r <= 7; ++r) v01[static_cast<size_t>(r)] = 1;  // full house or better
  // value(d, t): best expectation with t re-throws of any dice left.
  // Memoised by the sorted dice: the order of the dice does not change the best play.
  std::map<std::pair<std::vector<int>, int>, double> memo;
  std::function<double(const std::vector<int>&, int)> value = [&](const std::vector<int>& unsorted, int t) -> double {
    std::vector<int> d = unsorted;
    std::sort(d.begin(), d.end());
    if (t == 0) return v01[static_cast<size_t>(rank_of(d))];
    if (auto it = memo.find({d, t}); it != memo.end()) return it->second;
    double best = v01[static_cast<size_t>(rank_of(d))];
    const int n = static_cast<int>(d.size());
    for (int mask = 1; mask < (1 << n); ++mask) {
      const int r = __builtin_popcount(static_cast<unsigned>(mask));
      double sum = 0;
      int count = 0;
      each_throw(r, [&](std::vector<int>& re) {
        std::vector<int> x = d;
        int j = 0;
        for (int i = 0; i < n; ++i)
          if (mask & (1 << i)) x[static_cast<size_t>(i)] = re[static_cast<size_t>(j++)];
        sum += value(x, t - 1);
        ++count;
      });
      best = std::max(best, sum / count);
    }
    memo[{d, t}] = best;
    return best;
  };
  double sum = 0, count = 0;
  each_throw(4, [&](std::vector<int>& d) {
    sum += value(d, 2);
    count += 1;
  });
  const auto h = fire::hand_odds(R, 4, 2, fire::RerollMode::rounds, values);
  // Four dice cannot show a full house: only four of a kind counts.
  CHECK(h.objective_value == doctest::Approx(sum / count));
  CHECK(h.p[*R.hand_index("four_of_a_kind")] == doctest::Approx(sum / count));
}

TEST_CASE("fire::hand_odds: more re-rolls never hurt, five dice with four re-rolls") {
  const auto& R = rules();
  fire::PlayRule play;
  const auto values = fire::hand_values(R, play, {});
  double last = 0;
  for (int k = 0; k <= 5; ++k) {
    const auto h = fire::hand_odds(R, 5, k, fire::RerollMode::once, values);
    CHECK(h.objective_value >= last - 1e-12);
    last = h.objective_value;
  }
  const auto once = fire::hand_odds(R, 5, 4, fire::RerollMode::once, values);
  const auto rounds = fire::hand_odds(R, 5, 4, fire::RerollMode::rounds, values);
  CHECK(rounds.objective_value >= once.objective_value);
}

TEST_CASE("Cannon Fire Results: point blank, raking, formed-up parties, ammunition, aiming high") {
  const auto& R = rules();
  const size_t pair = *R.hand_index("pair"), poker = *R.hand_index("poker"), two_pair = *R.hand_index("two_pair");
  fire::BroadsideSetup s;
  SUBCASE("point blank adds the long and short figures: a pair is 3 points and 3 wounds") {
    s.band = "point_blank";
    const auto e = fire::hand_effect(R, pair, s);
    CHECK(e.structural == 3);
    CHECK(e.cas.w == 3);
  }
  SUBCASE("raking reads long as short") {
    s.band = "long";
    s.raking = true;
    CHECK(fire::hand_effect(R, poker, s).structural == 48);
    CHECK(fire::effective_band(R, "short", true) == "point_blank");
    CHECK(fire::effective_band(R, "point_blank", true) == "point_blank");
  }
  SUBCASE("short range into a formed-up party doubles casualties: two pair k & w -> 2k & 2w") {
    s.band = "short";
    s.formed_up = true;
    const auto e = fire::hand_effect(R, two_pair, s);
    CHECK(e.cas.k == 2);
    CHECK(e.cas.w == 2);
  }
  SUBCASE("canister: no structural damage, double casualties") {
    s.band = "short";
    s.ammo = "canister";
    const auto e = fire::hand_effect(R, poker, s);
    CHECK(e.structural == 0);
    CHECK(e.cas.k == 16);
  }
  SUBCASE("aiming high: points halved, knockdowns become wounds, wounds ignored") {
    s.band = "long";
    s.aiming_high = true;
    const auto e = fire::hand_effect(R, poker, s);
    CHECK(e.structural == 12);
    CHECK(e.cas.k == 0);
    CHECK(e.cas.w == 4);
    CHECK(fire::hand_effect(R, pair, s).structural == 0);
    s.halve_up = true;
    CHECK(fire::hand_effect(R, pair, s).structural == 1);
  }
}

TEST_CASE("Saving Throws: d6, natural 1 fails and natural 6 succeeds") {
  const auto& R = rules();
  CHECK(fire::save_chance_d6(R, 6, 0) == doctest::Approx(1.0 / 6));  // "a six turns a wound into a mere scratch"
  CHECK(fire::save_chance_d6(R, 5, 0) == doctest::Approx(2.0 / 6));  // officers
  CHECK(fire::save_chance_d6(R, 4, 0) == doctest::Approx(3.0 / 6));  // captains
  CHECK(fire::save_chance_d6(R, 4, 5) == doctest::Approx(5.0 / 6));  // "A natural one still fails despite modifiers"
  CHECK(fire::save_chance_d6(R, 6, -3) == doctest::Approx(1.0 / 6));  // a natural six always succeeds
}

TEST_CASE("fire::casualties_after_saves against an enumeration of every save die") {
  const auto& R = rules();
  fire::PlayRule play;
  const auto h = fire::hand_odds(R, 3, 0, fire::RerollMode::once, fire::hand_values(R, play, {}));
  std::vector<fire::Casualty> cas(R.hands.size());
  cas[0] = {1, 1};  // a pair: one knockdown and one wound (a made-up line to exercise both)
  cas[2] = {2, 0};  // three of a kind: two knockdowns
  const double ps = 2.0 / 6;
  const auto got = fire::casualties_after_saves(cas, h, ps);
  fire::KWDist want(3, std::vector<double>(4, 0.0));
  want[0][0] += h.p_none;
  for (size_t i = 0; i < cas.size(); ++i) {
    if (i != 0 && i != 2) {
      want[0][0] += h.p[i];
      continue;
    }
    const int n = cas[i].k + cas[i].w;
    each_throw(n, [&](std::vector<int>& dice) {
      int k = 0, w = 0;
      for (int j = 0; j < n; ++j) {
        const bool saved = dice[static_cast<size_t>(j)] >= 5;  // P = 2/6
        if (j < cas[i].k) (saved ? w : k) += 1;
        else if (!saved) w += 1;
      }
      want[static_cast<size_t>(k)][static_cast<size_t>(w)] += h.p[i] / std::pow(6.0, n);
    });
  }
  for (size_t k = 0; k < 3; ++k)
    for (size_t w = 0; w < 4; ++w) {
      const double g = k < got.size() && w < got[k].size() ? got[k][w] : 0.0;
      CHECK(g == doctest::Approx(want[k][w]));
    }
}

TEST_CASE("A double on n dice: every throw counted, and many dice at once") {
  // Brute force, independent of the product the code uses: every throw of n dice of s faces.
  auto counted = [](int n, int sides) {
    long total = 0, doubles = 0;
    std::vector<int> face(static_cast<size_t>(n), 1);
    while (true) {
      ++total;
      std::vector<int> seen(static_cast<size_t>(sides) + 1, 0);
      bool match = false;
      for (const int f : face) match = match || seen[static_cast<size_t>(f)]++ > 0;
      doubles += match ? 1 : 0;
      size_t i = 0;
      while (i < face.size() && ++face[i] > sides) face[i++] = 1;
      if (i == face.size()) break;
    }
    return static_cast<double>(doubles) / static_cast<double>(total);
  };
  for (int sides : {2, 4, 6})
    for (int n = 1; n <= 8; ++n) {
      CAPTURE(sides);
      CAPTURE(n);
      CHECK(fire::p_double(n, sides) == doctest::Approx(counted(n, sides)));
    }
  // 1,000 dice (the bound of any count of dice) answer at once: more dice than faces always match.
  CHECK(fire::p_double(1000, 6) == 1.0);
  CHECK(fire::p_double(0, 6) == 0.0);
}

TEST_CASE("Fire and cannon losses") {
  const auto& R = rules();
  CHECK(fire::p_double(2, 6) == doctest::Approx(6.0 / 36));  // "A double signifies that a serious fire has broken out"
  const auto fd = fire::fire_damage(R);                      // d6/2 rounded up: 1, 1, 2, 2, 3, 3
  CHECK(fd.p(1) == doctest::Approx(1.0 / 3));
  CHECK(fd.p(3) == doctest::Approx(1.0 / 3));
  // "lost half its points ... loses 1/4 of its original cannon. Half ... when three-quarters damage"
  CHECK(fire::cannon_lost(R, 10, 50, 100) == 3);
  CHECK(fire::cannon_lost(R, 10, 75, 100) == 5);
  CHECK(fire::cannon_lost(R, 10, 49, 100) == 0);
  CHECK(fire::cannon_lost(R, 10, 100, 100) == 10);
}
