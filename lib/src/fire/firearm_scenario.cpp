// firearm_scenario.cpp - one firearm request (seed 000, p. 9-11): the checks of the request, the
// attack throw, the reload time, the misfire chance and the volley over the minutes of firing.
// Errors name the request's field.
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/fraction.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/fire/firearm.hpp"

namespace gunpowder::fire {

using fmtnum::trim;

namespace {

Diagnostics out_of_range(const std::optional<int>& v, const char* field, int lo, int hi) {
  Diagnostics d;
  if (v && (*v < lo || *v > hi))
    d.field_error(
        field, "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " + std::to_string(*v));
  return d;
}

// The weapon, range and target, and the bounds of the other values.
Diagnostics check_request(const FirearmRequest& p) {
  Diagnostics d;
  if (p.range_ft && p.range_yd)
    d.field_error("range_yd", "give the range in feet or in yards, not both");
  else if (!p.range_ft && !p.range_yd)
    d.field_error("range_ft", "required: the range (--range-ft or --range-yd)");
  else if (const double range = p.range_ft ? *p.range_ft : *p.range_yd; !std::isfinite(range) || range < 0)
    d.field_error(p.range_ft ? "range_ft" : "range_yd", "must be a range of 0 or more, got " + fmtnum::shortest(range, 17));
  else if (!p.target_ac)
    d.field_error("target_ac", "required: the target's armour class");
  if (!d.empty()) return d;
  for (const auto& e : {out_of_range(p.target_ac, "target_ac", -10, 20), out_of_range(p.armor, "armor", 0, 20),
                        out_of_range(p.attack_throw, "attack_throw", 1, 30), out_of_range(p.dex, "dex", -5, 5),
                        out_of_range(p.modifier, "modifier", -20, 20), out_of_range(p.minutes, "minutes", 1, 60)})
    if (!e.empty()) return e;
  if (p.carried_stone && (!std::isfinite(*p.carried_stone) || *p.carried_stone < 0 || *p.carried_stone > 100))
    d.field_error("carried_stone", "must be between 0 and 100 stone, got " + fmtnum::shortest(*p.carried_stone, 17));
  return d;
}

// The minutes of firing as whole rounds (ACKS rounds of 10 seconds unless the request says).
Diagnostics count_rounds(const FirearmRequest& p, FirearmScenario& s) {
  Diagnostics d;
  s.round_seconds = p.round_seconds.value_or(kAcksRoundSeconds);
  const double seconds = s.round_seconds;
  if (!std::isfinite(seconds) || seconds < 1 || seconds > 60) {
    d.field_error("round_seconds", "must be between 1 and 60 seconds, got " + fmtnum::shortest(seconds, 17));
    return d;
  }
  s.minutes = p.minutes.value_or(1);
  const double rounds_exact = s.minutes * 60.0 / seconds;
  s.rounds = rounding::saturated_int(std::round(rounds_exact));
  const std::string what = trim(s.minutes) + " minute(s) of " + trim(seconds, 2) + "-second rounds is ";
  if (s.rounds > kMaxRounds)
    d.field_error("minutes", what + std::to_string(s.rounds) + " rounds; at most " + std::to_string(kMaxRounds) +
                                 " are followed round by round");
  else if (std::abs(rounds_exact - s.rounds) > 1e-9)
    d.field_error("round_seconds", what + "not a whole number of rounds");
  return d;
}

// The attack throw (p. 9-11); an impossible shot names the request's field.
Diagnostics shoot(const FirearmRules& R, const FirearmRequest& p, FirearmScenario& s) {
  ShotInput& in = s.shot_input;
  in.range = s.range;
  s.shooter = p.veteran ? "veteran" : "normal";
  in.attack_throw = p.attack_throw ? *p.attack_throw : s.shooter == "veteran" ? R.veteran_throw : R.normal_men_throw;
  in.target_ac = *p.target_ac;
  in.armor = p.armor;
  in.scattershot = p.scattershot;
  in.no_rest = p.no_rest;
  in.other_mod = p.modifier.value_or(0);
  in.naturals = !p.no_naturals;
  in.penalties = p.penalties.value_or("printed") == "rule" ? PenaltyRule::rule : PenaltyRule::printed;
  auto shot = shot_odds(R, *s.firearm, in);
  if (shot) {
    s.shot = std::move(*shot);
    return {};
  }
  Diagnostics d;
  for (auto item : shot.error().items()) {
    if (item.field == "range") item.field = s.range_in_feet ? "range_ft" : "range_yd";
    d.add(std::move(item));
  }
  return d;
}

// Reload time (p. 10-11) and misfire chance (p. 10).
void reload_and_misfire(const FirearmRules& R, const FirearmRequest& p, FirearmScenario& s) {
  ReloadInput& ri = s.reload_input;
  const std::string training = p.training.value_or("undrilled");
  ri.training = training == "drilled" ? Training::drilled
                : training == "style" ? Training::fighting_style
                                      : Training::undrilled;
  ri.dex_mod = p.dex.value_or(0);
  ri.carried_stone = p.carried_stone.value_or(0);
  ri.apostles = p.apostles;
  s.reload = reload_time(R, *s.firearm, ri);
  s.weather = p.weather.value_or("dry");
  const Weather weather = s.weather == "damp" ? Weather::damp : s.weather == "wet" ? Weather::wet : Weather::dry;
  s.misfire = misfire_chance(R, *s.firearm, weather, !p.uncleaned);
}

}  // namespace

Expected<FirearmScenario> firearm_scenario(const FirearmCatalogue& cat, const FirearmRequest& p) {
  using Result = Expected<FirearmScenario>;
  if (!p.weapon)
    return Result::field_failure("weapon", "required: the firearm, e.g. \"matchlock musket\" (or --catalogue)");
  FirearmScenario s;
  s.firearm = cat.find(*p.weapon);
  if (!s.firearm)
    return Result::field_failure("weapon", "unknown firearm \"" + *p.weapon + "\": name a mechanism (" +
                                               firearms::mechanism_list() + "), a type (" + cat.type_list() +
                                               ") and optionally rifled; see --catalogue");
  if (auto d = check_request(p); !d.empty()) return d;
  s.range_in_feet = p.range_ft.has_value();
  s.range = p.range_ft ? *p.range_ft : *p.range_yd;
  if (auto d = count_rounds(p, s); !d.empty()) return d;
  if (auto d = shoot(cat.rules, p, s); !d.empty()) return d;
  reload_and_misfire(cat.rules, p, s);
  s.volley = volley(s.rounds, s.reload.total, s.misfire.p, cat.rules.misfire_clear_rounds, s.shot.p_hit);
  // Exact over the dice of each attempt (the misfire's percentage, the attack throw's d20), one
  // attempt a round at most: a count's chance is a multiple of 1 over their product to the most
  // attempts (--fractions).
  const std::uint64_t per_attempt = fraction::product(fraction::denominator_of(s.misfire.p, kPercent),
                                                      fraction::denominator_of(s.shot.p_hit, kD20));
  const std::uint64_t over = fraction::power(per_attempt, s.volley.attempts.max());
  for (dice::Dist* d : {&s.volley.attempts, &s.volley.shots, &s.volley.hits}) d->exact_over(over);
  return s;
}

}  // namespace gunpowder::fire
