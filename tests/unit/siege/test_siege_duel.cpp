// Unit tests of the artillery duel (seed 000, "Gunpowder Artillery Duels", pp. 18-19): the book's
// Falconi-Steinhauer example with its rolls forced, the policies, and the seeded odds checked
// against exact probabilities.
#include <doctest/doctest.h>

#include <cmath>
#include <deque>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/siege/siege.hpp"
#include "siege_duel_fixtures.hpp"

using namespace gunpowder;
using artillery::Type;

namespace {

using siege_duel_test::cat;
using siege_duel_test::rules;

// Forced dice: d20 throws and damage totals in the order the duel asks for them.
class Scripted final : public siege::DuelDice {
 public:
  Scripted(std::deque<int> d20, std::deque<int> damage) : d20_(std::move(d20)), damage_(std::move(damage)) {}
  int d20() override {
    REQUIRE_FALSE(d20_.empty());
    const int v = d20_.front();
    d20_.pop_front();
    return v;
  }
  int damage(int, int) override {
    REQUIRE_FALSE(damage_.empty());
    const int v = damage_.front();
    damage_.pop_front();
    return v;
  }
  [[nodiscard]] bool used_up() const { return d20_.empty() && damage_.empty(); }

 private:
  std::deque<int> d20_, damage_;
};

siege::ParkEntry entry(Type t, double shot, int count, std::vector<std::string> labels,
                       std::optional<double> range = std::nullopt) {
  siege::ParkEntry e = siege_duel_test::entry(t, shot, count, range);
  e.labels = std::move(labels);
  return e;
}

// Graf Steinhauer's four 12-pdr guns A-D; Duce Falconi's six 24-pdr cannon U-Z on field carriages
// with limbers and two 90-pdr mortars M, N on garrison carriages, placed at 2,500 yards.
siege::Siege book_duel() {
  siege::Siege s;
  s.stronghold.shp = 24000;
  s.besieger.units = 60;
  s.besieger.artillery = {entry(Type::cannon, 24, 6, {"U", "V", "W", "X", "Y", "Z"}),
                          entry(Type::mortar, 90, 2, {"M", "N"}, 2500)};
  s.defender.units = 24;
  s.defender.artillery = {entry(Type::gun, 12, 4, {"A", "B", "C", "D"})};
  return s;
}

std::vector<const siege::TraceEvent*> fires(const std::vector<siege::TraceEvent>& trace, int round) {
  std::vector<const siege::TraceEvent*> out;
  for (const auto& e : trace)
    if (e.kind == "fire" && e.round_from == round) out.push_back(&e);
  return out;
}

}  // namespace

TEST_CASE("siege::duel_setup") {
  siege::DuelOptions o;
  auto s = siege::duel_setup(rules(), cat(), book_duel(), o);
  REQUIRE(s.has_value());
  SUBCASE("Gunpowder Artillery Duels, p. 18: who outranges whom (2,100 / 1,300 / 3,000 yards)") {
    CHECK(s->defender_reach_yd == 2100);
    CHECK(cat().find(Type::cannon, 24)->range_long_yd == 1300);
    CHECK(cat().find(Type::mortar, 90)->range_long_yd == 3000);
  }
  SUBCASE("set-up: cannon at 2,100 yards, mortars at 2,500; only the limbered cannon move") {
    REQUIRE(s->pieces.size() == 12);
    CHECK(s->defenders == 4);
    const auto& u = s->pieces[4];
    CHECK(u.label == "U");
    CHECK(u.mobile);
    CHECK(u.start_yd == 2100);
    CHECK(u.stop_yd == 560);  // advancing to medium range, as Falconi does
    const auto& m = s->pieces[10];
    CHECK(m.label == "M");
    CHECK_FALSE(m.mobile);
    CHECK(m.start_yd == 2500);
  }
  SUBCASE("no duel without artillery on both sides") {
    auto sg = book_duel();
    sg.defender.artillery.clear();
    CHECK_FALSE(siege::duel_setup(rules(), cat(), sg, o).has_value());
  }
}

TEST_CASE("siege::run_duel, seed 000 Gunpowder Artillery Duels example (pp. 18-19) with the book's rolls") {
  siege::DuelOptions o;
  o.max_rounds = 121;  // the example stops after round 121
  auto setup = siege::duel_setup(rules(), cat(), book_duel(), o);
  REQUIRE(setup.has_value());
  // d20 throws in the order the duel makes them, as printed:
  Scripted dice(
      {
          18, 10, 14, 10,  // round 1: Steinhauer's four guns at long range (20+): four misses
          11, 20, 12,      // round 1: the mortars (20+): 11 misses, 20 hits; the gun saves on 12 (11+)
          20, 10, 19, 14,  // round 33: gun A hits cannon U
          17, 11, 16, 5,   // round 65: medium range (14+): cannons V and X destroyed
          11, 7, 19, 6,    // round 78: the cannon at 560 yd (14+) hit gun C, which fails its save with a 6
          6, 9,            // round 86: the mortars miss
          11, 6, 12,       // round 97: three guns miss
          13, 8, 14, 20,   // cannon reloaded (book: round 121): gun D is hit and saves on a 20
      },
      {
          30,  // 6d10 demolishes cannon U (the book gives no figure; any roll of 7+ does)
          30,  // cannon V
          30,  // cannon X
          28,  // gun C "is destroyed by 28 shp of damage"
      });
  std::vector<siege::TraceEvent> trace;
  const auto res = siege::run_duel(rules(), cat(), *setup, dice, &trace);
  CHECK(dice.used_up());

  SUBCASE("round 1: guns A-D fire at cannon U-X at long range, 20+; the mortars fire at 2,500 yd, 20+") {
    const auto f = fires(trace, 1);
    REQUIRE(f.size() == 6);
    CHECK(f[0]->piece == "A");
    CHECK(f[0]->target == "U");
    CHECK(f[3]->piece == "D");
    CHECK(f[3]->target == "X");
    for (int i = 0; i < 4; ++i) {
      CHECK(f[static_cast<size_t>(i)]->target_value == 20);
      CHECK(f[static_cast<size_t>(i)]->range_yd == 2100);
      CHECK(f[static_cast<size_t>(i)]->result == "miss");
    }
    CHECK(f[4]->piece == "M");
    CHECK(f[4]->target_value == 20);
    CHECK(f[4]->result == "miss");
    CHECK(f[5]->piece == "N");
    CHECK(f[5]->result == "saved");
    CHECK(*f[5]->save_roll == 12);
  }
  SUBCASE("round 33: the guns, reloaded (ROF 1/32), fire at 1,460 yd, still long range") {
    const auto f = fires(trace, 33);
    REQUIRE(f.size() == 4);
    CHECK(f[0]->range_yd == 1460);
    CHECK(f[0]->target_value == 20);
    CHECK(f[0]->target == "U");
    CHECK(f[0]->result == "destroyed");
    CHECK(fires(trace, 32).empty());
  }
  SUBCASE("round 65: guns reloaded again; 820 yd is medium range, 14+; V and X destroyed") {
    const auto f = fires(trace, 65);
    REQUIRE(f.size() == 4);
    CHECK(f[0]->range_yd == 820);
    CHECK(f[0]->target_value == 14);
    CHECK(f[0]->target == "V");
    CHECK(f[0]->result == "destroyed");
    CHECK(f[1]->result == "miss");
    CHECK(f[2]->target == "X");
    CHECK(f[2]->result == "destroyed");
  }
  SUBCASE("round 78: W, Y and Z at 560 yd (medium, 14+) fire; gun C fails its save and is destroyed by 28") {
    const auto f = fires(trace, 78);
    REQUIRE(f.size() == 3);
    CHECK(f[0]->piece == "W");
    CHECK(f[0]->range_yd == 560);
    CHECK(f[0]->target_value == 14);
    CHECK(f[2]->piece == "Z");
    CHECK(f[2]->target == "C");
    CHECK(*f[2]->save_roll == 6);
    CHECK(*f[2]->damage == 28);
    CHECK(f[2]->result == "destroyed");
  }
  SUBCASE("round 86: the mortars fire again (ROF 1/85); round 97: the three guns (14+)") {
    const auto m = fires(trace, 86);
    REQUIRE(m.size() == 2);
    CHECK(m[0]->piece == "M");
    const auto g = fires(trace, 97);
    REQUIRE(g.size() == 3);
    CHECK(g[0]->target_value == 14);
  }
  SUBCASE("the cannon fire again 40 rounds after round 78 (the book says round 121), gun D saves on 20") {
    // ROF 1/40: fired in round 78, reloading in rounds 79-117, ready in round 118. The book's
    // "rounds 98-120 are spent reloading. On round 121" contradicts its own rate of fire; see
    // docs/notes/siege-duration-decisions.md.
    const auto f = fires(trace, 118);
    REQUIRE(f.size() == 3);
    CHECK(f[2]->target == "D");
    CHECK(f[2]->result == "saved");
    CHECK(*f[2]->save_roll == 20);
  }
  SUBCASE("the position of the end of round 40: 1,300 yd, long range for the 24-pdr cannon") {
    siege::DuelOptions o40;
    o40.max_rounds = 40;
    auto s40 = siege::duel_setup(rules(), cat(), book_duel(), o40);
    Scripted d40({18, 10, 14, 10, 11, 20, 12, 20, 10, 19, 14}, {30});
    std::vector<siege::TraceEvent> t40;
    siege::run_duel(rules(), cat(), *s40, d40, &t40);
    CHECK(t40[t40.size() - 2].text.find("V to 1,300 yd") != std::string::npos);
  }
  SUBCASE("the state after round 121") {
    CHECK(res.end == siege::DuelEnd::round_limit);
    CHECK(res.rounds == 121);
    CHECK(res.besieger_left == 5);  // W, Y, Z and the two mortars
    CHECK(res.defender_left == 3);  // A, B, D
  }
}

TEST_CASE("siege::run_duel policies") {
  SUBCASE("hole up: the defender leaves the duel after its first loss") {
    siege::DuelOptions o;
    o.defender = siege::DefenderPolicy::hole_up;
    o.hole_up_after = 1;
    auto s = siege::duel_setup(rules(), cat(), book_duel(), o);
    // Round 1: four misses; the mortars hit gun A, which fails its save and is destroyed.
    Scripted dice({1, 1, 1, 1, 20, 1, 1}, {99});
    std::vector<siege::TraceEvent> trace;
    const auto r = siege::run_duel(rules(), cat(), *s, dice, &trace);
    CHECK(r.end == siege::DuelEnd::defender_holed_up);
    CHECK(r.rounds == 2);
    CHECK(r.defender_left == 3);
    CHECK(r.defender_holed_up == 3);
  }
  SUBCASE("fall back: after one loss the cannon withdraw 20 yards a round beyond 2,100 yards") {
    siege::DuelOptions o;
    o.besieger = siege::BesiegerPolicy::fall_back;
    o.fall_back_after = 1;
    auto sg = book_duel();
    sg.besieger.artillery.pop_back();  // the cannon only
    auto s = siege::duel_setup(rules(), cat(), sg, o);
    Scripted dice({20, 1, 1, 1}, {30});  // round 1: gun A destroys cannon U
    std::vector<siege::TraceEvent> trace;
    const auto r = siege::run_duel(rules(), cat(), *s, dice, &trace);
    CHECK(r.end == siege::DuelEnd::besieger_fell_back);
    CHECK(r.besieger_left == 5);
    // Phase 2 of round 1: instead of advancing they fall back to 2,120 yd, beyond the guns' reach.
    CHECK(r.rounds == 1);
  }
  SUBCASE("the besieger's artillery destroyed") {
    auto sg = book_duel();
    sg.besieger.artillery.pop_back();
    sg.besieger.artillery[0].count = 1;
    sg.besieger.artillery[0].labels = {"U"};
    auto s = siege::duel_setup(rules(), cat(), sg, siege::DuelOptions{});
    Scripted dice({20, 1, 1, 1}, {7});  // 7 shp: exactly a 24-pdr cannon's 7
    const auto r = siege::run_duel(rules(), cat(), *s, dice, nullptr);
    CHECK(r.end == siege::DuelEnd::besieger_destroyed);
    CHECK(r.rounds == 1);
    CHECK(r.besieger_left == 0);
  }
  SUBCASE("once only the out-of-reach mortars are left, the guns hole up") {
    auto sg = book_duel();
    sg.besieger.artillery[0].count = 1;
    sg.besieger.artillery[0].labels = {"U"};
    auto s = siege::duel_setup(rules(), cat(), sg, siege::DuelOptions{});
    Scripted dice({20, 1, 1, 1, 1, 1}, {7});  // round 1: U destroyed; the mortars miss
    const auto r = siege::run_duel(rules(), cat(), *s, dice, nullptr);
    CHECK(r.end == siege::DuelEnd::defender_holed_up);
    CHECK(r.rounds == 2);
    CHECK(r.besieger_left == 2);
    CHECK(r.defender_left == 4);
  }
  SUBCASE("a hit that does not destroy suppresses the piece for its next action") {
    auto sg = book_duel();
    sg.besieger.artillery.pop_back();
    sg.besieger.artillery[0].count = 1;
    sg.besieger.artillery[0].labels = {"U"};
    siege::DuelOptions o;
    o.max_rounds = 2;
    auto s = siege::duel_setup(rules(), cat(), sg, o);
    Scripted dice({20, 1, 1, 1}, {6});  // 6 shp of the cannon's 7
    std::vector<siege::TraceEvent> trace;
    siege::run_duel(rules(), cat(), *s, dice, &trace);
    bool suppressed = false, moved_in_round_1 = false;
    for (const auto& e : trace) {
      if (e.round_from == 1 && e.phase == 2 && e.text.find("suppressed: U") != std::string::npos) suppressed = true;
      if (e.round_from == 1 && e.phase == 2 && e.text.find("U to") != std::string::npos) moved_in_round_1 = true;
    }
    CHECK(suppressed);
    CHECK_FALSE(moved_in_round_1);
  }
  SUBCASE("among equally near targets of a run, the most damaged is shot first (not the first in input order)") {
    // Two guns against two cannon that cannot move, at 2,000 yd: beyond the cannon's reach, at
    // the guns' long range (20+). Round 1: A misses U, B hits V for 6 of its 7 shp. Round 33:
    // the guns fire again, and the damaged V is the first target (A's), U the second (B's).
    siege::Siege sg;
    sg.defender.artillery = {entry(Type::gun, 12, 2, {"A", "B"})};
    sg.besieger.artillery = {entry(Type::cannon, 24, 2, {"U", "V"}, 2000)};
    sg.besieger.artillery[0].carriage = artillery::Carriage::garrison;
    sg.besieger.artillery[0].carriage_given = true;
    siege::DuelOptions o;
    o.max_rounds = 33;
    auto s = siege::duel_setup(rules(), cat(), sg, o);
    REQUIRE(s.has_value());
    Scripted dice({1, 20, 1, 1}, {6});
    std::vector<siege::TraceEvent> trace;
    const auto r = siege::run_duel(rules(), cat(), *s, dice, &trace);
    CHECK(dice.used_up());
    CHECK(r.end == siege::DuelEnd::round_limit);
    const auto f1 = fires(trace, 1);
    REQUIRE(f1.size() == 2);
    CHECK(f1[0]->target == "U");
    CHECK(f1[1]->target == "V");
    CHECK(f1[1]->result == "suppressed");
    const auto f33 = fires(trace, 33);
    REQUIRE(f33.size() == 2);
    CHECK(f33[0]->piece == "A");
    CHECK(f33[0]->target == "V");
    CHECK(f33[1]->piece == "B");
    CHECK(f33[1]->target == "U");
  }
  SUBCASE("the defender holes up when nothing can come within its reach") {
    siege::Siege sg;
    sg.defender.artillery = {entry(Type::gun, 1, 1, {})};                // reaches 1,000 yd
    sg.besieger.artillery = {entry(Type::cannon, 12, 1, {}, 2000)};     // reaches 1,000 yd
    sg.besieger.artillery[0].carriage = artillery::Carriage::garrison;  // cannot move
    sg.besieger.artillery[0].carriage_given = true;
    auto s = siege::duel_setup(rules(), cat(), sg, siege::DuelOptions{});
    Scripted dice({}, {});
    const auto r = siege::run_duel(rules(), cat(), *s, dice, nullptr);
    CHECK(r.end == siege::DuelEnd::defender_holed_up);
    CHECK(r.rounds == 1);
    CHECK(r.defender_holed_up == 1);
  }
}

TEST_CASE("siege::duel_odds against exact probabilities") {
  // One round between a 12-pdr gun and a 90-pdr mortar 500 yards apart (both medium range, 14+).
  // Exact: the gun destroys the mortar with P(hit) x P(6d10 >= 28); the mortar destroys the gun
  // only if the gun missed (a hit mortar is destroyed or suppressed) and it hits, the gun fails
  // its 11+ save, and 15d10 >= 8.
  const siege::DuelSetup s = siege_duel_test::gun_and_mortar();

  const double p_hit = dice::d20_at_least(14);
  const double p_mortar = p_hit * dice::Dist::sum(6, 10).at_least(28);
  const double p_gun = (1 - p_hit) * p_hit * (1 - dice::d20_at_least(11)) * dice::Dist::sum(15, 10).at_least(8);
  const long long n = 200000;
  const auto odds = siege::duel_odds(rules(), cat(), s, n, 42, 2);
  auto within = [&](const siege::Proportion& got, double p) {
    const double sigma = std::sqrt(p * (1 - p) / static_cast<double>(n));
    CAPTURE(got.p);
    CAPTURE(p);
    CHECK(std::fabs(got.p - p) < 4 * sigma);  // stated tolerance: four standard errors
  };
  within(odds.ends[static_cast<size_t>(siege::DuelEnd::besieger_destroyed)], p_mortar);
  within(odds.ends[static_cast<size_t>(siege::DuelEnd::defender_destroyed)], p_gun);
  within(odds.ends[static_cast<size_t>(siege::DuelEnd::round_limit)], 1 - p_mortar - p_gun);

  SUBCASE("the shot odds are the same exact figures") {
    const auto shots = siege::shot_odds(rules(), cat(), s);
    bool found = false;
    for (const auto& o : shots)
      if (o.shooter == "12-pdr Gun (defender)" && o.bracket == "medium") {
        found = true;
        CHECK(o.p_destroy == doctest::Approx(p_mortar));
      }
    CHECK(found);
  }
}

TEST_CASE("siege::duel_odds does not depend on the number of threads") {
  siege::DuelOptions o;
  auto s = siege::duel_setup(rules(), cat(), book_duel(), o);
  const auto a = siege::duel_odds(rules(), cat(), *s, 2000, 7, 1);
  const auto b = siege::duel_odds(rules(), cat(), *s, 2000, 7, 3);
  for (size_t e = 0; e < a.ends.size(); ++e) CHECK(a.ends[e].count == b.ends[e].count);
  CHECK(a.besieger_left == b.besieger_left);
  CHECK(a.defender_left == b.defender_left);
  CHECK(a.rounds_mean == b.rounds_mean);
  CHECK(a.rounds_median == b.rounds_median);
  long long total = 0;
  for (const auto& p : a.ends) total += p.count;
  CHECK(total == 2000);
}

TEST_CASE("siege::wilson") {
  const auto p = siege::wilson(50, 100);
  CHECK(p.p == 0.5);
  CHECK(p.low == doctest::Approx(0.4038).epsilon(0.001));
  CHECK(p.high == doctest::Approx(0.5962).epsilon(0.001));
  const auto z = siege::wilson(0, 100);
  CHECK(z.low == 0);
  CHECK(z.high > 0);
}
