// Unit tests of the typed steps of the fire rules' derivations (--explain) for the book's worked
// examples: the target value of a gunpowder artillery attack (Attacking with Gunpowder Artillery,
// examples #1 and #2, the Plunging Fire example, the Structural Saving Throws example) and a
// firearm's shot (the Pistol Charges example). Expected values are the book's figures.
#include <doctest/doctest.h>

#include <string>

#include "built_in_tables.hpp"
#include "gunpowder/core/explain.hpp"
#include "gunpowder/fire/fire_artillery.hpp"
#include "gunpowder/fire/firearm.hpp"

using namespace gunpowder;

namespace {

const fire::ArtilleryRules& rules() {
  auto r = fire::load_artillery_rules(gunpowder::testing::built_in());
  REQUIRE(r.has_value());
  return **r;
}

fire::ArtilleryShot shot(fire::ArtilleryRequest p) {
  auto s = fire::artillery_shot(rules(), p);
  REQUIRE(s.has_value());
  return *s;
}

fire::ArtilleryRequest request(const std::string& type, double shot_lb, double range_yd) {
  fire::ArtilleryRequest p;
  p.type = type;
  p.shot_lb = shot_lb;
  p.range_yd = range_yd;
  return p;
}

// The last step deriving `figure` (a figure the referee overrides has two: the table's, then his).
const report::Step& step_of(const report::Steps& steps, const std::string& figure) {
  const report::Step* found = nullptr;
  for (const auto& s : steps)
    if (s.figure == figure) found = &s;
  INFO("figure: " << figure);
  REQUIRE(found != nullptr);
  return *found;
}

std::string input(const report::Step& s, const std::string& name) {
  for (const auto& in : s.inputs)
    if (in.name == name) return in.value;
  return "";
}

bool names(const report::Step& s, const std::string& section) { return s.source.find(section) != std::string::npos; }

}  // namespace

TEST_CASE("Attacking with Gunpowder Artillery, example #1: the 6-pdr gun's target value is 21+") {
  // "1,000 yards away, placing it at long range (-10) ... normal men (attack throw 11+). The target
  // value for the attack throw is therefore 21+."
  const auto s = shot(request("gun", 6, 1000));
  const report::Step& band = step_of(s.explain, "range band");
  CHECK(band.subject == "6-pdr Gun");
  CHECK(band.result == "long");
  CHECK(input(band, "range") == "1000 yd");
  CHECK(step_of(s.explain, "range modifier").result == "-10");
  const report::Step& target = step_of(s.explain, "target value");
  CHECK(target.result == "21+");
  CHECK(input(target, "attack throw") == "11+");
  CHECK(input(target, "crew") == "normal");
  CHECK(input(target, "range modifier") == "-10");
  CHECK(names(target, "Attacking with Gunpowder Artillery"));
  // "The die roll is an unmodified 20. The die roll does not exceed the target value, so this is
  // not a direct hit; but since an unmodified 20 was rolled, the gun scores a close hit."
  CHECK(step_of(s.explain, "naturals, direct").result == "-");
  CHECK(step_of(s.explain, "naturals, close").result == "20");
}

TEST_CASE("Attacking with Gunpowder Artillery, example #2: the 12-pdr gun at 400 yards needs 15+") {
  // "The wall is 400 yards away, placing it at medium range (-4), resulting in a target value for
  // the attack throw of 15+. The die roll is a 7, resulting in a scatter." 400 yards is the end of
  // the 12-pdr gun's short range in the table: medium is the example's call.
  auto p = request("gun", 12, 400);
  p.range_band = "medium";
  p.target_ac = 6;
  const auto s = shot(p);
  const report::Step& band = step_of(s.explain, "range band");
  CHECK(band.result == "medium");
  CHECK(input(band, "range band") == "medium");
  const report::Step& target = step_of(s.explain, "target value");
  CHECK(target.result == "15+");
  CHECK(input(target, "range modifier") == "-4");
  CHECK(input(target, "plunging modifier") == "+0");
  const std::string scatter = step_of(s.explain, "naturals, scatter").result;
  CHECK(scatter == "2-14");  // a 7 scatters
  // Structural Saving Throws example: "the target value for its saving throw is 21 + (-4) - (6), or 11+."
  const report::Step& save = step_of(s.explain, "structural save");
  CHECK(save.result == "11+");
  CHECK(input(save, "base") == "21");
  CHECK(input(save, "target AC") == "6");
  CHECK(names(save, "Structural Saving Throws"));
}

TEST_CASE("Plunging Fire example: the 24-pdr cannon must fire plunging and needs 25+") {
  // "long range, imposing a -10 penalty. The cannon can (in fact, must) use plunging fire ...
  // imposing an additional -4 penalty. The target value for the attack throw is 25+, so only a
  // natural 20 will succeed."
  const auto s = shot(request("cannon", 24, 1000));
  const report::Step& fire_step = step_of(s.explain, "fire");
  CHECK(fire_step.result == "plunging");
  CHECK(input(fire_step, "range band") == "long");
  CHECK(names(fire_step, "Plunging Fire"));
  const report::Step& target = step_of(s.explain, "target value");
  CHECK(target.result == "25+");
  CHECK(input(target, "plunging modifier") == "-4");
  // The natural 20 is the only roll that lands near the aim point: "an unmodified 20 is rolled,
  // then a close hit occurs"; no roll makes 25+, so none is a direct hit.
  CHECK(step_of(s.explain, "naturals, close").result == "20");
  CHECK(step_of(s.explain, "naturals, direct").result == "-");
}

TEST_CASE("Pistol Charges example as a firearm's shot: armour ignored, 9+ needed") {
  // "the cuirassier will ignore all 5 points of the enemy's AC. Both attacks will be at +2 because
  // the cuirassier charged, so the cuirassier only needs to roll 9+ to hit!"
  auto c = fire::load_firearms(gunpowder::testing::built_in());
  REQUIRE(c.has_value());
  const fire::Firearm* pistol = (*c)->find("flintlock pistol");
  REQUIRE(pistol != nullptr);
  fire::ShotInput in;
  in.range = 10;
  in.attack_throw = 11;
  in.target_ac = 5;
  in.other_mod = 2;
  auto s = fire::shot_odds((*c)->rules, *pistol, in);
  REQUIRE(s.has_value());
  const report::Step& band = step_of(s->explain, "range band");
  CHECK(band.result == "short");
  CHECK(names(band, "Firearm Characteristics"));
  const report::Step& ignored = step_of(s->explain, "armour ignored");
  CHECK(ignored.result == "5");
  CHECK(input(ignored, "armour") == "5");
  CHECK(step_of(s->explain, "effective AC").result == "0");
  const report::Step& needed = step_of(s->explain, "natural needed");
  CHECK(needed.result == "9+");
  CHECK(input(needed, "attack throw") == "11+");
  CHECK(input(needed, "modifiers") == "+2");
  CHECK(input(needed, "effective AC") == "0");
  CHECK(step_of(s->explain, "P(hit)").result == "0.6");  // 9-20 on the d20: 12 of 20
}

TEST_CASE("Calculating Battle Rating of Firearms-Equipped Units, example #2: the musket's reload as steps") {
  // "120 Drilled Foot ... equipped with matchlock musket ... x (1/9)": drilled, with apostles, a
  // shot every 1 + 8 rounds; the Firearm Characteristics table's drilled matchlock musket reloads in 9.
  auto c = fire::load_firearms(gunpowder::testing::built_in());
  REQUIRE(c.has_value());
  const fire::Firearm* musket = (*c)->find("matchlock musket");
  REQUIRE(musket != nullptr);
  const auto r = fire::reload_time((*c)->rules, *musket, {fire::Training::drilled, 0, 0, true});
  const report::Step& base = step_of(r.explain, "base reload");
  CHECK(base.result == "9 rounds");
  CHECK(input(base, "training") == "drilled");
  CHECK(step_of(r.explain, "apostles adjustment").result == "-1 round");
  const report::Step& total = step_of(r.explain, "reload time");
  CHECK(total.result == "8 rounds");
  CHECK(input(total, "apostles adjustment") == "-1 round");
}
