// chainmail_scenario.cpp - one Chainmail-style request (seed 003): the checks of an arquebus
// volley or a dowel shot and their odds. Errors name the request's field.
#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/fire/chainmail.hpp"

namespace gunpowder::fire {

using fmtnum::trim;

namespace {

// The request's cover (none, half, over-half) -> the cover's accuracy condition key ("" for none):
// the choices after none are the first conditions, in order.
std::string cover_key(const std::string& c) {
  const auto& covers = choices::kArquebusCover;
  const auto at = std::find(covers.begin(), covers.end(), c) - covers.begin();
  if (at == 0 || at == static_cast<std::ptrdiff_t>(covers.size())) return "";
  return condition_key(static_cast<AccuracyCondition>(at - 1));
}
// The request's gun (light, heavy, bombard) -> its cannon class key, in the same order.
std::string gun_key(const std::string& g) {
  const auto& guns = choices::kGun;
  const auto at = static_cast<size_t>(std::find(guns.begin(), guns.end(), g) - guns.begin());
  return at < guns.size() ? chainmail_gun_names()[at] : g;
}

// A failure of the odds (a range beyond the table) is about the range.
template <class T>
Diagnostics about(const Expected<T>& odds, const char* field) {
  Diagnostics d;
  d.field_error(field, odds.error().items().front().message);
  return d;
}

// The accuracy die (Arquebus, seed 003).
Expected<ArquebusVolley> by_accuracy(const ChainmailRules& R, const ArquebusRequest& p, ArquebusVolley v) {
  if (p.ar)
    return Expected<ArquebusVolley>::field_failure("ar", "belongs to the attack-dice system (--system attack-dice)");
  AccuracyInput in;
  in.men = *p.men;
  in.range_in = *p.range_in;
  in.cover = cover_key(p.cover.value_or("none"));
  in.rested = p.rested;
  in.natural_six_hits = p.natural_six;
  auto odds = accuracy_odds(R, in);
  if (!odds) return about(odds, "range_in");
  v.accuracy = std::move(*odds);
  return v;
}

// The attack dice (the variant of seed 003).
Expected<ArquebusVolley> by_attack_dice(const ChainmailRules& R, const ArquebusRequest& p, ArquebusVolley v) {
  using Result = Expected<ArquebusVolley>;
  if (p.cover && *p.cover != "none") return Result::field_failure("cover", "belongs to the accuracy-die system");
  if (p.rested) return Result::field_failure("rested", "belongs to the accuracy-die system");
  if (p.natural_six) return Result::field_failure("natural_six", "belongs to the accuracy-die system");
  if (!p.ar) return Result::field_failure("ar", "required by the attack-dice system: the target's armour rating");
  if (*p.ar < -20 || *p.ar > 30)
    return Result::field_failure("ar", "must be between -20 and 30, got " + std::to_string(*p.ar));
  auto odds = attack_dice_odds(R, AttackDiceInput{*p.men, *p.range_in, *p.ar});
  if (!odds) return about(odds, "range_in");
  v.attack_dice = std::move(*odds);
  return v;
}

// The dowel request's own values.
Diagnostics check_dowel(const ChainmailRules& R, const DowelRequest& p) {
  Diagnostics d;
  if (!p.gun)
    d.field_error("gun", "required: light, heavy or bombard");
  else if (!p.call)
    d.field_error("call", "required: white (short) or black (long)");
  else if (!p.range_in)
    d.field_error("range_in", "required: the distance to the aim point in inches");
  else if (!p.depth_in)
    d.field_error("depth_in", "required: the target's depth in inches");
  else if (!std::isfinite(*p.range_in) || *p.range_in < 0)
    d.field_error("range_in", "must be 0 inches or more, got " + fmtnum::shortest(*p.range_in, 17));
  else if (!std::isfinite(*p.depth_in) || *p.depth_in <= 0 || *p.depth_in > 1000)
    d.field_error("depth_in", "must be a positive depth up to 1000 inches, got " + fmtnum::shortest(*p.depth_in, 17));
  else if (p.width_in && (!std::isfinite(*p.width_in) || *p.width_in <= 0 || *p.width_in > 1000))
    d.field_error("width_in", "must be a positive width up to 1000 inches, got " + fmtnum::shortest(*p.width_in, 17));
  if (!d.empty() || !p.offsets) return d;
  if (!p.width_in) {
    d.field_error("offsets", "needs --width-in (whether a shifted shot still crosses the target)");
  } else if (p.offsets->size() != static_cast<size_t>(R.measure_die_sides)) {
    d.field_error("offsets", "one offset per die face (" + std::to_string(R.measure_die_sides) + ") expected");
  } else {
    // "The center of the variation measure is placed at the far end of the firing dowel" (Cannon:
    // Method of Fire): a shift reaches half the measure's length either way.
    const double reach = R.measure_length_in / 2;
    for (double x : *p.offsets)
      if (!std::isfinite(x) || std::abs(x) > reach) {
        d.field_error("offsets", "each offset must lie on the " + trim(R.measure_length_in) +
                                     "\" measure, centred on the dowel's end: at most " + trim(reach) +
                                     "\" either way, got " + fmtnum::shortest(x, 17));
        break;
      }
  }
  return d;
}

/// Turns to count (1 to kMaxTurns; absent: one turn).
constexpr int kMaxTurns = 100;
std::optional<std::string> bad_turns(const std::optional<int>& turns) {
  if (turns && (*turns < 1 || *turns > kMaxTurns))
    return "must be between 1 and " + std::to_string(kMaxTurns) + " turns, got " + std::to_string(*turns);
  return std::nullopt;
}

// The terrain of a dowel request: each obstacle's kind and extent.
void check_obstacles(const DowelRequest& p, Diagnostics& d) {
  for (const auto& o : p.obstacle) {
    const double to = o.to_in.value_or(o.from_in);
    std::string why;
    if (!parse_obstacle_kind(o.kind))
      why = "kind must be feature, man-high or water, got \"" + o.kind + "\"";
    else if (!std::isfinite(o.from_in) || o.from_in < 0 || o.from_in > 1000)
      why = "must start between 0 and 1000 inches from the muzzle, got " + fmtnum::shortest(o.from_in, 17);
    else if (!std::isfinite(to) || to < o.from_in || to > 1000)
      why = "must end between its start (" + trim(o.from_in, 2) + "\") and 1000 inches, got " + fmtnum::shortest(to, 17);
    if (!why.empty()) {
      d.field_error("obstacle", why);
      return;
    }
  }
}

// The dowel request's rate of fire and turns.
void check_dowel_rate(const DowelRequest& p, Diagnostics& d) {
  if (auto why = bad_turns(p.turns)) d.field_error("turns", *why);
  if (p.crew && (*p.crew < 1 || *p.crew > 100))
    d.field_error("crew", "must be between 1 and 100 men, got " + std::to_string(*p.crew));
}

// The request's rate_as ("light-catapult"), which names a catapult row in the suite's spelling.
std::string catapult_key(const std::optional<std::string>& a) { return a.value_or(""); }

}  // namespace

Expected<ArquebusVolley> arquebus_volley(const ChainmailRules& R, const ArquebusRequest& p) {
  using Result = Expected<ArquebusVolley>;
  if (!p.men) return Result::field_failure("men", "required: the figures firing");
  if (*p.men < 1 || *p.men > 1000)
    return Result::field_failure("men", "must be between 1 and 1000, got " + std::to_string(*p.men));
  if (!p.range_in) return Result::field_failure("range_in", "required: the range in inches");
  if (!std::isfinite(*p.range_in) || *p.range_in < 0)
    return Result::field_failure("range_in", "must be 0 inches or more, got " + fmtnum::shortest(*p.range_in, 17));
  if (auto why = bad_turns(p.turns)) return Result::field_failure("turns", *why);
  if (p.target_figures && (*p.target_figures < 1 || *p.target_figures > dice::kTurnsMaxTarget))
    return Result::field_failure("target_figures", "must be between 1 and " + fmtnum::grouped(dice::kTurnsMaxTarget) +
                                                       " figures, got " + std::to_string(*p.target_figures));
  ArquebusVolley v;
  v.system = p.system.value_or("accuracy");
  const bool attack_dice = v.system != "accuracy";
  std::optional<bool> every_turn;
  if (p.rate_of_fire) every_turn = *p.rate_of_fire == "every-turn";
  v.rate = arquebus_rate(R, attack_dice, every_turn, p.turns.value_or(1), !p.unloaded);
  auto out = attack_dice ? by_attack_dice(R, p, std::move(v)) : by_accuracy(R, p, std::move(v));
  if (!out) return out;
  if (p.target_figures)
    out->volleys_to_bring_down = dice::turns_to_reach(
        out->accuracy ? out->accuracy->kills : out->attack_dice->target_hits, *p.target_figures);
  // Over the turns: rate.shots volleys of the same men at the same range, each man's die
  // independent, so the totals are binomial over men x volleys dice.
  if (out->rate.turns == 1) return out;  // one turn: the single volley's distributions say it all
  const int dice = *p.men * out->rate.shots;
  const auto accuracy_sides = static_cast<std::uint64_t>(R.accuracy_die_sides);
  const auto ad_sides = static_cast<std::uint64_t>(R.ad_sides);
  if (out->accuracy) out->kills_in_turns = binomial_dist(dice, out->accuracy->p_hit, accuracy_sides);
  if (out->attack_dice) {
    out->target_hits_in_turns = binomial_dist(dice, out->attack_dice->p_target, ad_sides);
    out->self_hits_in_turns = binomial_dist(dice, out->attack_dice->p_self, ad_sides);
  }
  return out;
}

Expected<DowelShot> dowel_shot(const ChainmailRules& R, const DowelRequest& p) {
  if (auto d = check_dowel(R, p); !d.empty()) return d;
  {
    Diagnostics d;
    check_dowel_rate(p, d);
    check_obstacles(p, d);
    if (!d.empty()) return d;
  }
  DowelShot s;
  DowelInput& in = s.input;
  in.cannon = gun_key(*p.gun);
  in.colour = *p.call;
  in.range_in = *p.range_in;
  in.depth_in = *p.depth_in;
  in.measure = p.measure.value_or("centre") == "near-edge" ? Measure::near_edge : Measure::centre;
  in.width_in = p.width_in;
  in.offsets = p.offsets;
  in.level_flight_first_called = p.level_flight.value_or("first-white") == "first-called";
  for (const auto& o : p.obstacle)
    in.obstacles.push_back({*parse_obstacle_kind(o.kind), o.from_in, o.to_in.value_or(o.from_in)});
  auto odds = dowel_odds(R, in);
  if (!odds) return about(odds, "range_in");
  s.odds = std::move(*odds);
  auto rate = cannon_rate(R, *s.odds.cls, catapult_key(p.rate_as), p.crew.value_or(R.full_crew), p.turns.value_or(1),
                          !p.unloaded);
  if (!rate) return about(rate, "rate_as");
  s.rate = *rate;
  // Each shot's variation die is independent: straight shots ~ Binomial(shots, 1/6); with the
  // faces' offsets, shots with some of the named colour on the target ~ Binomial(shots, P).
  if (s.rate.turns == 1) return s;
  s.straight_shots = binomial_dist(s.rate.shots, s.odds.p_straight, static_cast<std::uint64_t>(R.measure_die_sides));
  if (p.offsets)  // one face of the variation die each
    s.shots_on_target = binomial_dist(s.rate.shots, s.odds.p_any_on_target, p.offsets->size());
  return s;
}

}  // namespace gunpowder::fire
