// Unit tests of the exact artillery duel (siege::duel_exact, seed 000 "Gunpowder Artillery Duels",
// pp. 18-19): a one-round duel against the odds worked out by hand and against a brute-force
// count over every face of every die, and five duels (the book's twelve pieces among them)
// against 100,000 seeded duels of the existing sampler (siege::duel_odds), within four standard
// errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/distribution.hpp"
#include "gunpowder/siege/siege.hpp"
#include "siege_duel_fixtures.hpp"

using namespace gunpowder;
using artillery::Type;

namespace {

using siege_duel_test::cat;
using siege_duel_test::entry;
using siege_duel_test::rules;

// The book's parks: four 12-pdr guns against six 24-pdr cannon and two 90-pdr mortars at 2,500 yd.
siege::Siege book_duel() {
  siege::Siege s;
  s.stronghold.shp = 24000;
  s.besieger.units = 60;
  s.besieger.artillery = {entry(Type::cannon, 24, 6), entry(Type::mortar, 90, 2, 2500)};
  s.defender.units = 24;
  s.defender.artillery = {entry(Type::gun, 12, 4)};
  return s;
}

using siege_duel_test::gun_and_mortar;

// Dice that play every face of every die: each throw of a path is fixed by `faces`, and the
// first throw past them is recorded with its number of faces (a brute-force count, nothing of
// the exact chain's outcome classes).
class EveryFace final : public siege::DuelDice {
 public:
  std::vector<std::pair<int, int>> faces;  ///< (value index, faces) of each throw so far
  size_t depth = 0;
  double p = 1;
  int d20() override { return throw_die(20, [](int i) { return i + 1; }, [](int) { return 1.0 / 20; }); }
  int damage(int n, int sides) override {
    auto it = dists_.find({n, sides});
    if (it == dists_.end()) it = dists_.emplace(std::make_pair(n, sides), dice::Dist::sum(n, sides)).first;
    const dice::Dist& d = it->second;
    return throw_die(d.max() - d.min() + 1, [&](int i) { return d.min() + i; }, [&](int i) { return d.p(d.min() + i); });
  }

 private:
  int throw_die(int count, const std::function<int(int)>& value, const std::function<double(int)>& prob) {
    if (depth == faces.size()) faces.emplace_back(0, count);
    const int i = faces[depth++].first;
    p *= prob(i);
    return value(i);
  }
  std::map<std::pair<int, int>, dice::Dist> dists_;
};

void check_within(double sampled, double exact, double sigma, const char* what) {
  CAPTURE(what);
  CAPTURE(sampled);
  CAPTURE(exact);
  CHECK(std::fabs(sampled - exact) <= 4 * sigma + 1e-12);  // stated tolerance: four standard errors
}

// The exact odds against n seeded duels: each end and each count of pieces left as a proportion,
// the mean rounds with the samples' own standard deviation.
void against_samples(const siege::DuelSetup& s, long long n) {
  const auto x = siege::duel_exact(rules(), cat(), s);
  REQUIRE(x.complete);
  const auto o = siege::duel_odds(rules(), cat(), s, n, 2026, 2);
  const double nn = static_cast<double>(n);
  auto proportion = [&](double sampled, double exact, const char* what) {
    // (An exact share may pass 1 by a rounding of the sum: its variance is then 0.)
    check_within(sampled, exact, std::sqrt(std::max(0.0, exact * (1 - exact)) / nn), what);
  };
  double total = 0;
  for (size_t e = 0; e < x.ends.size(); ++e) {
    proportion(o.ends[e].p, x.ends[e], "end");
    total += x.ends[e];
  }
  CHECK(total == doctest::Approx(1).epsilon(1e-9));
  for (size_t i = 0; i < x.besieger_left.size(); ++i)
    proportion(static_cast<double>(o.besieger_left[i]) / nn, x.besieger_left[i], "besieger pieces left");
  for (size_t i = 0; i < x.defender_left.size(); ++i)
    proportion(static_cast<double>(o.defender_left[i]) / nn, x.defender_left[i], "defender pieces left");
  // The rounds' whole distribution: P(rounds at most r) at the exact 5%, 25%, 50%, 75% and 95%
  // quantiles, against the share of the sampled duels over by then.
  report::Distribution rounds;
  for (const auto& [r, q] : x.rounds) rounds.add(r, q);
  std::uint64_t all = 0;
  for (const auto& [r, c] : o.rounds_counts) all += c;
  CHECK(all == static_cast<std::uint64_t>(n));
  for (double f : {0.05, 0.25, 0.5, 0.75, 0.95}) {
    const long long at = report::quantile(rounds, f);
    double exact = 0;
    for (const auto& [r, q] : x.rounds)
      if (r <= at) exact += q;
    std::uint64_t count = 0;
    for (const auto& [r, c] : o.rounds_counts)
      if (r <= at) count += c;
    CHECK(exact >= f - 1e-12);
    proportion(static_cast<double>(count) / nn, exact, "P(rounds at most a quantile)");
  }
  // The sampler reports the mean's 95% half width: 1.96 standard errors.
  check_within(o.rounds_mean, x.rounds_mean, o.rounds_ci / 1.959963984540054, "mean rounds");
  for (const auto* h : {&x.besieger_left, &x.defender_left}) {
    double mean = 0, second = 0;
    for (size_t i = 0; i < h->size(); ++i) {
      mean += static_cast<double>(i) * (*h)[i];
      second += static_cast<double>(i * i) * (*h)[i];
    }
    const double sampled = h == &x.besieger_left ? o.besieger_left_mean : o.defender_left_mean;
    check_within(sampled, mean, std::sqrt(std::max(0.0, second - mean * mean) / nn), "mean pieces left");
  }
}

}  // namespace

TEST_CASE("siege::duel_exact, one round of a gun against a mortar, worked out by hand") {
  // The gun destroys the mortar with P(hit) x P(6d10 >= 28); the mortar destroys the gun only if
  // the gun missed (a hit mortar is destroyed or suppressed) and it hits, the gun fails its 11+
  // save, and 15d10 >= 8.
  const auto s = gun_and_mortar();
  const double p_hit = dice::d20_at_least(14);
  const double p_mortar = p_hit * dice::Dist::sum(6, 10).at_least(28);
  const double p_gun = (1 - p_hit) * p_hit * (1 - dice::d20_at_least(11)) * dice::Dist::sum(15, 10).at_least(8);
  const auto x = siege::duel_exact(rules(), cat(), s);
  REQUIRE(x.complete);
  CHECK(x.ends[static_cast<size_t>(siege::DuelEnd::besieger_destroyed)] == doctest::Approx(p_mortar).epsilon(1e-12));
  CHECK(x.ends[static_cast<size_t>(siege::DuelEnd::defender_destroyed)] == doctest::Approx(p_gun).epsilon(1e-12));
  CHECK(x.ends[static_cast<size_t>(siege::DuelEnd::round_limit)] ==
        doctest::Approx(1 - p_mortar - p_gun).epsilon(1e-12));
  CHECK(x.rounds_min == 1);
  CHECK(x.rounds_max == 1);
  CHECK(x.defender_left[0] == doctest::Approx(p_gun).epsilon(1e-12));
  CHECK(x.besieger_left[0] == doctest::Approx(p_mortar).epsilon(1e-12));
}

TEST_CASE("siege::duel_exact against a brute-force count over every face of every die") {
  // Three rounds (nothing fires in rounds 2 and 3: both pieces reload), every sequence of faces
  // played through run_duel; the mass of each end added up.
  auto s = gun_and_mortar();
  s.max_rounds = 3;
  EveryFace dice;
  std::map<siege::DuelEnd, double> ends;
  std::map<int, double> left;  // the mortar's side
  long long paths = 0;
  const auto& r_ = rules();
  const auto& c_ = cat();
  while (true) {
    dice.depth = 0;
    dice.p = 1;
    const auto r = siege::run_duel(r_, c_, s, dice, nullptr);
    ends[r.end] += dice.p;
    left[r.besieger_left] += dice.p;
    ++paths;
    dice.faces.resize(dice.depth);
    while (!dice.faces.empty() && dice.faces.back().first + 1 >= dice.faces.back().second) dice.faces.pop_back();
    if (dice.faces.empty()) break;
    ++dice.faces.back().first;
  }
  CAPTURE(paths);
  const auto x = siege::duel_exact(rules(), cat(), s);
  REQUIRE(x.complete);
  CHECK(x.paths < paths);  // the chain's outcome classes: far fewer than every face
  for (auto e : siege::kDuelEnds) {
    CAPTURE(siege::to_string(e));
    CHECK(x.ends[static_cast<size_t>(e)] == doctest::Approx(ends[e]).epsilon(1e-10));
  }
  CHECK(x.besieger_left[0] == doctest::Approx(left[0]).epsilon(1e-10));
  CHECK(x.besieger_left[1] == doctest::Approx(left[1]).epsilon(1e-10));
}

TEST_CASE("siege::duel_exact against 100,000 seeded duels (four standard errors)") {
  const long long n = 100000;
  auto duel = [](std::vector<siege::ParkEntry> defender, std::vector<siege::ParkEntry> besieger,
                 const siege::DuelOptions& o) {
    siege::Siege sg;
    sg.stronghold.shp = 24000;
    sg.defender.artillery = std::move(defender);
    sg.besieger.artillery = std::move(besieger);
    auto s = siege::duel_setup(rules(), cat(), sg, o);
    REQUIRE(s.has_value());
    return *s;
  };
  SUBCASE("a gun against a mortar within its reach: hits that suppress, strength points that wear down") {
    siege::DuelOptions o;
    o.max_rounds = 400;
    against_samples(duel({entry(Type::gun, 12, 1)}, {entry(Type::mortar, 90, 1, 1500)}, o), n);
  }
  SUBCASE("two guns against two advancing cannon; the defender holes up after one loss") {
    siege::DuelOptions o;
    o.defender = siege::DefenderPolicy::hole_up;
    o.hole_up_after = 1;
    against_samples(duel({entry(Type::gun, 12, 2)}, {entry(Type::cannon, 24, 2)}, o), n);
  }
  SUBCASE("a gun against three cannon closing to short range, falling back after one loss") {
    siege::DuelOptions o;
    o.besieger = siege::BesiegerPolicy::fall_back;
    o.fall_back_after = 1;
    o.advance_to = artillery::Bracket::short_range;
    against_samples(duel({entry(Type::gun, 12, 1)}, {entry(Type::cannon, 24, 3)}, o), n);
  }
  SUBCASE("three guns holding their fire against four cannon and a mortar at 2,000 yards (eight pieces)") {
    siege::DuelOptions o;
    o.defender = siege::DefenderPolicy::hold;
    against_samples(duel({entry(Type::gun, 12, 3)}, {entry(Type::cannon, 24, 4), entry(Type::mortar, 90, 1, 2000)}, o),
                    n);
  }
  SUBCASE("the book's parks: four guns against six cannon and two mortars out of their reach") {
    auto s = siege::duel_setup(rules(), cat(), book_duel(), siege::DuelOptions{});
    REQUIRE(s.has_value());
    REQUIRE(s->pieces.size() == 12);
    against_samples(*s, n);
  }
}

TEST_CASE("siege::duel_exact: past its bound the chain stops and says so") {
  auto s = siege::duel_setup(rules(), cat(), book_duel(), siege::DuelOptions{});
  REQUIRE(s.has_value());
  SUBCASE("the book's twelve pieces are within the bounds") {
    const auto book = siege::duel_exact(rules(), cat(), *s);
    CHECK(book.complete);
    CHECK(book.states <= siege::kDuelExactStates);
    CHECK(book.paths <= siege::kDuelExactPaths);
  }
  SUBCASE("a duel of more than sixteen pieces is not tried") {
    auto sg = book_duel();
    sg.besieger.artillery[0].count = 13;  // 4 guns, 13 cannon, 2 mortars
    auto big = siege::duel_setup(rules(), cat(), sg, siege::DuelOptions{});
    REQUIRE(big.has_value());
    REQUIRE(big->pieces.size() == 19);
    const auto x = siege::duel_exact(rules(), cat(), *big);
    CHECK_FALSE(x.complete);
    CHECK(x.states == 0);
    CHECK(x.paths == 0);
  }
  // Sixteen pieces: six guns against eight cannon and two mortars.
  auto big_siege = book_duel();
  big_siege.defender.artillery[0].count = 6;
  big_siege.besieger.artillery[0].count = 8;
  auto big = siege::duel_setup(rules(), cat(), big_siege, siege::DuelOptions{});
  REQUIRE(big.has_value());
  REQUIRE(big->pieces.size() == 16);
  SUBCASE("on course to pass a bound of 10,000 states: stopped at 10,000, not at a fifth of it") {
    const auto x = siege::duel_exact(rules(), cat(), *big, 10'000);
    CHECK_FALSE(x.complete);
    CHECK(x.on_course);
    CHECK(x.states == siege::kDuelExactOnCourseFrom);
    CHECK(x.settled < 0.1);
  }
  SUBCASE("sixteen pieces pass the bound of dice outcomes (the tool samples them)") {
    const auto x = siege::duel_exact(rules(), cat(), *big);
    CHECK_FALSE(x.complete);
    CHECK_FALSE(x.on_course);
    CHECK(x.paths == siege::kDuelExactPaths + 1);
    CHECK(x.states < siege::kDuelExactStates);
  }
  const auto x = siege::duel_exact(rules(), cat(), *s, 10);
  CHECK_FALSE(x.complete);
  CHECK(x.states == 11);
  const auto y = siege::duel_exact(rules(), cat(), *s, siege::kDuelExactStates, 5);
  CHECK_FALSE(y.complete);
  CHECK(y.paths == 6);
}
