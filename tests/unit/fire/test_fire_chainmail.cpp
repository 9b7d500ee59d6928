// Unit tests of the Chainmail-style gunpowder rules (seed 003): the heavy field gun's Example of
// Firing, the arquebus hit table and the attack-dice variant, checked against enumerations.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "built_in_tables.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/fire/chainmail.hpp"

using namespace gunpowder;

namespace {
const fire::ChainmailRules& rules() {
  auto r = fire::load_chainmail(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

/// The Example of Firing's shot as a request: a heavy field gun calls white at a target 26" away
/// and 8" deep.
fire::DowelRequest example_request() {
  fire::DowelRequest q;
  q.gun = "heavy";
  q.call = "white";
  q.range_in = 26;
  q.depth_in = 8;
  return q;
}

void each_throw(int n, int sides, const std::function<void(const std::vector<int>&)>& fn) {
  std::vector<int> d(static_cast<size_t>(n), 1);
  while (true) {
    fn(d);
    size_t i = 0;
    while (i < d.size() && ++d[i] > sides) d[i++] = 1;
    if (i == d.size()) return;
  }
}
}  // namespace

TEST_CASE("fire::load_chainmail reads every table") {
  const auto& R = rules();
  CHECK(R.hit_rows.size() == 3);
  CHECK(R.ad_rows.size() == 3);
  REQUIRE(R.cannon.size() == 3);
  double total = 0;
  for (const auto& s : R.cannon_class("heavy_field_gun")->sections) total += s.end_in - s.start_in;
  CHECK(total == R.cannon_class("heavy_field_gun")->range_in);
}

TEST_CASE("Example of Firing: a heavy field gun calls WHITE at a pike square 26\" away and 8\" deep") {
  const auto& R = rules();
  fire::DowelInput in;
  in.cannon = "heavy_field_gun";
  in.colour = "white";
  in.range_in = 26;
  in.depth_in = 8;
  auto d = fire::dowel_odds(R, in);
  REQUIRE(d.has_value());
  // "The number rolled is 4, so the shot goes straight."
  CHECK(R.straight_result == 4);
  CHECK(d->p_straight == doctest::Approx(1.0 / 6));
  // "the full 3" of the second white section, and the full 1" of the third section, fall upon it"
  REQUIRE(d->sections.size() == 3);
  CHECK(d->sections[0].on_target_in == 0);
  CHECK(d->sections[1].section.colour_ordinal == 2);
  CHECK(d->sections[1].on_target_in == doctest::Approx(3));
  CHECK(d->sections[2].section.colour_ordinal == 3);
  CHECK(d->sections[2].on_target_in == doctest::Approx(1));
  CHECK(d->straight_on_target_in == doctest::Approx(4));
  // The same figures as the data's transcription of the example.
  auto doc = data::load(gunpowder::testing::built_in(), "chainmail.toml");
  REQUIRE(doc.has_value());
  CHECK(*(*doc->root["example"].as_array())[0].as_table()->get("inches_on_target")->value<int>() == 4);
  SUBCASE("read as the distance to the near edge, only 1\" of the second white section would fall on it") {
    in.measure = fire::Measure::near_edge;
    auto e = fire::dowel_odds(R, in);
    CHECK(e->sections[1].on_target_in == doctest::Approx(1));
  }
  SUBCASE("calling BLACK instead") {
    in.colour = "black";
    auto e = fire::dowel_odds(R, in);
    CHECK(e->straight_on_target_in == doctest::Approx(4));  // 22-24 of the 18-24 section and 27-29
  }
  SUBCASE("beyond the dowel: an error") {
    in.range_in = 45;
    CHECK_FALSE(fire::dowel_odds(R, in).has_value());
  }
}

TEST_CASE("fire::dowel_odds with offsets: the dowel pivots at the muzzle") {
  const auto& R = rules();
  fire::DowelInput in;
  in.cannon = "heavy_field_gun";
  in.colour = "white";
  in.range_in = 26;
  in.depth_in = 8;
  in.width_in = 4;
  in.offsets = std::vector<double>{-3, -1.5, 0, 0, 1.5, 3};
  auto d = fire::dowel_odds(R, in);
  REQUIRE(d.has_value());
  REQUIRE(d->faces.size() == 6);
  CHECK(d->faces[3].on_target_in == doctest::Approx(4));
  // A 3" shift at the dowel's 36" end: the dowel leaves a 4" frontage (plus half the 3/4" dowel)
  // where its sideways distance s x sin(theta) passes 2.375"; each white section counts from there.
  const double theta = std::atan2(3.0, 36.0), c = std::cos(theta);
  const double edge = (2 + 0.375) / std::sin(theta);
  auto over = [&](double a, double b) { return std::max(0.0, std::min({b, 30 / c, edge}) - std::max(a, 22 / c)); };
  CHECK(d->faces[5].on_target_in == doctest::Approx(over(0, 18) + over(24, 27) + over(29, 30)));
  CHECK(d->faces[5].on_target_in < 4);
  CHECK(d->faces[0].on_target_in == doctest::Approx(d->faces[5].on_target_in));
}

TEST_CASE("Arquibusiers: the hit table with cover and rest") {
  const auto& R = rules();
  fire::AccuracyInput in;
  in.men = 10;
  in.range_in = 8;
  in.cover = "hard_cover_half";
  auto o = fire::accuracy_odds(R, in);
  REQUIRE(o.has_value());
  CHECK(o->row->value == 4);  // "6"-12"  4-6"
  CHECK(o->needed == 5);      // "deduct 1 from the score"
  CHECK(o->p_hit == doctest::Approx(2.0 / 6));
  SUBCASE("band end points belong to the nearer band") {
    in.cover = "";
    in.range_in = 12;
    CHECK(fire::accuracy_odds(R, in)->row->value == 4);
    in.range_in = 6;
    CHECK(fire::accuracy_odds(R, in)->row->value == 2);
    in.range_in = 18.5;
    CHECK_FALSE(fire::accuracy_odds(R, in).has_value());
  }
  SUBCASE("over half in cover at 12-18\": no hit unless a natural 6 always hits") {
    in.range_in = 15;
    in.cover = "hard_cover_over_half";
    CHECK(fire::accuracy_odds(R, in)->p_hit == 0);
    in.natural_six_hits = true;
    CHECK(fire::accuracy_odds(R, in)->p_hit == doctest::Approx(1.0 / 6));
  }
  SUBCASE("rested: +1") {
    in.cover = "";
    in.rested = true;
    CHECK(fire::accuracy_odds(R, in)->p_hit == doctest::Approx(4.0 / 6));
  }
}

TEST_CASE("fire::accuracy_odds: kills per volley against every throw of five dice") {
  const auto& R = rules();
  fire::AccuracyInput in;
  in.men = 5;
  in.range_in = 14;
  in.rested = true;
  auto o = fire::accuracy_odds(R, in);
  std::vector<double> want(6, 0.0);
  each_throw(5, 6, [&](const std::vector<int>& d) {
    int k = 0;
    for (int x : d) k += x + 1 >= 5;
    want[static_cast<size_t>(k)] += 1.0 / 7776;
  });
  for (int k = 0; k <= 5; ++k) CHECK(o->kills.p(k) == doctest::Approx(want[static_cast<size_t>(k)]));
}

TEST_CASE("Effects of Fire: attack dice, self-hits on a 1, armour penalty by range") {
  const auto& R = rules();
  for (double range : {3.0, 8.0, 15.0})
    for (int ar : {2, 6, 9, 14}) {
      CAPTURE(range);
      CAPTURE(ar);
      fire::AttackDiceInput in{4, range, ar};
      auto o = fire::attack_dice_odds(R, in);
      REQUIRE(o.has_value());
      const int penalty = range <= 5 ? 10 : range <= 10 ? 5 : 0;
      CHECK(o->row->value == penalty);
      std::vector<double> hits(5, 0.0), self(5, 0.0);
      each_throw(4, 8, [&](const std::vector<int>& d) {
        int h = 0, s = 0;
        for (int x : d) {
          if (x == 1)
            ++s;
          else if (x >= ar - penalty)
            ++h;
        }
        hits[static_cast<size_t>(h)] += 1.0 / 4096;
        self[static_cast<size_t>(s)] += 1.0 / 4096;
      });
      for (int k = 0; k <= 4; ++k) {
        CHECK(o->target_hits.p(k) == doctest::Approx(hits[static_cast<size_t>(k)]));
        CHECK(o->self_hits.p(k) == doctest::Approx(self[static_cast<size_t>(k)]));
      }
    }
  fire::AttackDiceInput far{4, 20.5, 5};
  CHECK_FALSE(fire::attack_dice_odds(R, far).has_value());
}

TEST_CASE("Cannon, terrain that stops the ball: the Example of Firing with obstacles on its line") {
  const auto& R = rules();
  using K = fire::ObstacleKind;
  fire::DowelInput in;
  in.cannon = "heavy_field_gun";  // white sections 0-18, 24-27, 29-30; black 18-24, 27-29, 30-36
  in.colour = "white";
  in.range_in = 26;  // the target lies 22-30: 3" of white 2 and 1" of white 3 without terrain
  in.depth_in = 8;
  auto with = [&](K kind, double from, double to) {
    fire::DowelInput x = in;
    x.obstacles.push_back({kind, from, to});
    auto d = fire::dowel_odds(R, x);
    REQUIRE(d.has_value());
    return *d;
  };
  SUBCASE("a terrain feature stops the ball wherever it meets the dowel, under any colour") {
    auto d = with(K::feature, 25, 25);
    REQUIRE(d.stop);
    CHECK(d.stop->at_in == 25);
    CHECK(d.straight_on_target_in == doctest::Approx(1));  // 24-25 of white 2; white 3 never reached
    auto e = with(K::feature, 20, 21);                     // under black 1: still stops it
    CHECK(e.straight_on_target_in == 0);
    CHECK(with(K::feature, 40, 41).straight_on_target_in == doctest::Approx(4));  // beyond the dowel
  }
  SUBCASE("a man-high object stops it only within a section of the named colour") {
    CHECK_FALSE(with(K::man_high, 23, 23).stop);  // black 1: the ball passes over
    CHECK(with(K::man_high, 23, 23).straight_on_target_in == doctest::Approx(4));
    auto d = with(K::man_high, 29.5, 29.5);  // white 3
    CHECK(d.straight_on_target_in == doctest::Approx(3.5));
    auto e = with(K::man_high, 23, 24.5);  // reaches into white 2 at 24
    REQUIRE(e.stop);
    CHECK(e.stop->at_in == 24);
    CHECK(e.straight_on_target_in == 0);
  }
  SUBCASE("water stops it under the named colour, except under the first white (level flight)") {
    CHECK_FALSE(with(K::water, 10, 12).stop);  // white 1: level flight
    CHECK_FALSE(with(K::water, 19, 21).stop);  // black 1: not the colour named
    auto d = with(K::water, 25, 26);           // white 2
    REQUIRE(d.stop);
    CHECK(d.stop->at_in == 25);
    CHECK(d.straight_on_target_in == doctest::Approx(1));
  }
  SUBCASE("black called: water under black 1 stops it; the first-called reading spares black 1") {
    in.colour = "black";
    in.range_in = 21;  // target 18-24, all of black 1
    in.depth_in = 6;
    auto d = with(K::water, 19, 20);
    CHECK(d.straight_on_target_in == doctest::Approx(1));  // 18-19
    in.level_flight_first_called = true;
    CHECK(with(K::water, 19, 20).straight_on_target_in == doctest::Approx(6));
  }
  SUBCASE("the nearest of several obstacles stops the ball") {
    fire::DowelInput x = in;
    x.obstacles = {{K::feature, 29, 29}, {K::water, 10, 12}, {K::water, 25, 26}};
    auto d = fire::dowel_odds(R, x);
    REQUIRE(d->stop);
    CHECK(d->stop->obstacle == 2);
    REQUIRE(d->obstacle_stops.size() == 3);
    CHECK(*d->obstacle_stops[0] == 29);
    CHECK_FALSE(d->obstacle_stops[1]);
  }
}

TEST_CASE("Arquibusiers, Rate of Fire: treat as Heavy Crossbowmen (every other turn)") {
  const auto& R = rules();
  CHECK(fire::shots_in_turns(1, 2, true) == 1);
  CHECK(fire::shots_in_turns(3, 2, true) == 2);  // turns 1 and 3
  CHECK(fire::shots_in_turns(4, 2, true) == 2);
  CHECK(fire::shots_in_turns(1, 2, false) == 0);
  CHECK(fire::shots_in_turns(4, 2, false) == 2);
  auto r = fire::arquebus_rate(R, false, std::nullopt, 5, true);
  CHECK(r.every_turns == 2);
  CHECK(r.as == "heavy crossbowmen");
  CHECK(r.shots == 3);
  CHECK(fire::arquebus_rate(R, true, std::nullopt, 5, true).every_turns == 1);  // attack dice: every turn
  CHECK(fire::arquebus_rate(R, true, false, 5, true).every_turns == 2);         // asked for the crossbow rate
  SUBCASE("kills over three turns: two volleys of 2 men needing 4+ are Binomial(4, 1/2)") {
    fire::ArquebusRequest q;
    q.men = 2;
    q.range_in = 8;
    q.turns = 3;
    auto v = fire::arquebus_volley(R, q);
    REQUIRE(v.has_value());
    CHECK(v->rate.shots == 2);
    const double expected[] = {1.0 / 16, 4.0 / 16, 6.0 / 16, 4.0 / 16, 1.0 / 16};
    for (int k = 0; k <= 4; ++k) CHECK(v->kills_in_turns.p(k) == doctest::Approx(expected[k]));
    q.turns = 101;
    CHECK_FALSE(fire::arquebus_volley(R, q).has_value());
  }
}

TEST_CASE("Cannon, Rate of Fire: treat the same as Catapults (light every other turn, heavy every third)") {
  const auto& R = rules();
  const auto* light = R.cannon_class("light_field_gun");
  const auto* heavy = R.cannon_class("heavy_field_gun");
  const auto* bombard = R.cannon_class("bombard");
  CHECK(fire::cannon_rate(R, *light, "", 4, 6, true)->every_turns == 2);
  CHECK(fire::cannon_rate(R, *heavy, "", 4, 6, true)->every_turns == 3);
  CHECK(fire::cannon_rate(R, *bombard, "", 4, 6, true)->every_turns == 3);
  CHECK(fire::cannon_rate(R, *heavy, "", 4, 6, true)->shots == 2);        // turns 1 and 4
  CHECK(fire::cannon_rate(R, *heavy, "", 3, 6, true)->every_turns == 4);  // one man short: a turn more
  CHECK(fire::cannon_rate(R, *light, "", 1, 6, true)->every_turns == 5);  // three short
  CHECK(fire::cannon_rate(R, *light, "", 8, 6, true)->every_turns == 2);  // more than four do not help
  CHECK(fire::cannon_rate(R, *bombard, "light_catapult", 4, 6, true)->every_turns == 2);
  SUBCASE("straight shots over the turns are Binomial(shots, 1/6)") {
    fire::DowelRequest q = example_request();
    q.turns = 6;
    auto s = fire::dowel_shot(R, q);
    REQUIRE(s.has_value());
    CHECK(s->rate.shots == 2);
    CHECK(s->straight_shots.p(0) == doctest::Approx(25.0 / 36));
    CHECK(s->straight_shots.p(2) == doctest::Approx(1.0 / 36));
    q.crew = 0;
    CHECK_FALSE(fire::dowel_shot(R, q).has_value());
  }
}

TEST_CASE("fire::dowel_shot: the offsets lie on the variation measure, centred on the dowel's end") {
  // Cannon, Method of Fire: "a 6" 'variation measure' ... The center of the variation measure is
  // placed at the far end of the firing dowel": a shift reaches 3" either way, no more.
  const auto& R = rules();
  fire::DowelRequest q = example_request();
  q.width_in = 4;
  q.offsets = std::vector<double>{-3, -1.5, 0, 0, 1.5, 3};
  CHECK(fire::dowel_shot(R, q).has_value());
  q.offsets = std::vector<double>{-3, -1.5, 0, 0, 1.5, 3.5};
  auto s = fire::dowel_shot(R, q);
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().items().front().message ==
        "each offset must lie on the 6\" measure, centred on the dowel's end: at most 3\" either way, got 3.5");
}
