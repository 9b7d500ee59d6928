// chainmail.cpp - fire-odds arquebus and dowel: the options of Chainmail-style gunpowder (seed 003)
// and their reports; the odds are fire::arquebus_volley and fire::dowel_shot.
#include <CLI/CLI.hpp>
#include <cmath>
#include <initializer_list>

#include "fire-odds/choice.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/fire/chainmail.hpp"

namespace gunpowder::fire_app {

using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

std::string inches(double x) { return trim(x, 3) + "\""; }
/// Inches as inches() shows them, read as the number.
report::Cell inch_cell(double x) { return report::cell::shown_as(inches(x), x); }
/// The rate of fire as a figure: every n turns, as the troops or engine it is treated as.
Raw rate_raw(const fire::RateOfFire& r) { return {{double(r.every_turns)}, "turns", r.as}; }

std::string turns_text(int n) { return std::to_string(n) + (n == 1 ? " turn" : " turns"); }

// "every 2 turns (as heavy crossbowmen)", with the crew of a cannon.
std::string rate_text(const fire::RateOfFire& r) {
  std::string out = r.every_turns == 1 ? "every turn" : "every " + turns_text(r.every_turns);
  out += " (as " + r.as + (r.crew ? ", crew " + std::to_string(r.crew) : "") + ")";
  return out;
}

std::string shots_text(const fire::RateOfFire& r, const std::string& what) {
  return std::to_string(r.shots) + " " + (r.shots == 1 ? what.substr(0, what.size() - 1) : what) + " in " +
         turns_text(r.turns) + (r.loaded ? " (loaded at the start: fires in turn 1)" : " (loads first)");
}

json::Value rate_json(const fire::RateOfFire& r) {
  json::Value o = json::object();
  o.set("as", r.as);
  o.set("every_turns", r.every_turns);
  o.set("crew", r.crew ? json::Value(r.crew) : json::Value());
  return o;
}

// The keys of a rate of fire over the turns asked.
void rate_keys(const fire::RateOfFire& r, const char* shots_key, json::Value& j) {
  j.set("rate_of_fire", rate_json(r));
  j.set("turns", r.turns);
  j.set("loaded", r.loaded);
  j.set(shots_key, r.shots);
}

// A distribution over the turns, or null for one turn (the single volley's is already given).
json::Value over_turns_json(const fire::RateOfFire& r, const dice::Dist& d) {
  return r.turns > 1 ? dist_json(d, "n") : json::Value();
}
json::Value over_turns_mean(const fire::RateOfFire& r, const dice::Dist& d) {
  return r.turns > 1 ? json::Value(d.mean()) : json::Value();
}

// The keys of the other arquebus system, null: every arquebus scenario has every key.
void null_keys(json::Value& j, std::initializer_list<const char*> keys) {
  for (const char* k : keys) j.set(k, json::Value());
}

// The accuracy die: the band, the score needed, kills per volley.
void accuracy_report(const fire::ChainmailRules& R, const ArquebusParams& p, const fire::ArquebusVolley& v,
                     bool explain, Scenario& s) {
  const fire::AccuracyOdds& odds = *v.accuracy;
  json::Value& j = s.json;
  Table t = figures_table(
      "Arquebus volley: " + std::to_string(*p.men) + " men at " + inches(*p.range_in) + " (" + R.source_arquebus + ")",
      2, false);
  add_figure(t, "Band", odds.row->label, {{odds.row->range_min, odds.row->range_max}, "in", ""});
  add_figure(t, "Score to hit", std::to_string(odds.row->value) + "-" + std::to_string(R.accuracy_die_sides),
             {{double(odds.row->value), double(R.accuracy_die_sides)}, "score", ""});
  add_figure(t, "Modifier to the die", (odds.modifier > 0 ? "+" : "") + std::to_string(odds.modifier),
             {{double(odds.modifier)}, "modifier", ""});
  add_figure(t, "Natural roll needed", std::to_string(odds.needed) + "+" + (p.natural_six ? " (a 6 always hits)" : ""),
             {{double(odds.needed)}, "roll", ""});
  add_figure(t, "P(hit) per man", pct(odds.p_hit), {{odds.p_hit}, "p", ""});
  add_figure(t, "Mean kills", trim(odds.kills.mean(), 4), {{odds.kills.mean()}, "kills", ""});
  add_figure(t, "Rate of fire", rate_text(v.rate), rate_raw(v.rate));
  t.notes.push_back("a hit kills whatever the target's armour");
  t.notes.push_back(shots_text(v.rate, "volleys") + " (" + R.source_arquebus_rate + ")");
  s.tables.push_back(std::move(t));
  s.tables.push_back(dist_table(odds.kills, "Kills per volley", "Kills", "kills"));
  s.charts.push_back(dist_chart("Kills per volley", "Kills", {{"", &odds.kills}}));
  if (v.rate.turns > 1) {
    const std::string title =
        "Kills in " + turns_text(v.rate.turns) + " (" + std::to_string(v.rate.shots) + " volleys)";
    s.tables.push_back(dist_table(v.kills_in_turns, title, "Kills", "kills"));
    s.tables.back().name = "kills-in-turns";
    s.charts.push_back(dist_chart(title, "Kills", {{"", &v.kills_in_turns}}));
  }
  if (explain)
    s.explain.push_back("d" + std::to_string(R.accuracy_die_sides) + " per man: needs " +
                        std::to_string(odds.row->value) + " after " + std::to_string(odds.modifier) +
                        ", P = " + trim(odds.p_hit, 4) + "; kills ~ Binomial(" + std::to_string(*p.men) + ", " +
                        trim(odds.p_hit, 4) + ")");
  j.set("band", odds.row->label);
  j.set("min_score", odds.row->value);
  j.set("modifier", odds.modifier);
  j.set("needed", odds.needed);
  j.set("p_hit", odds.p_hit);
  j.set("kills", dist_json(odds.kills, "n"));
  j.set("mean_kills", odds.kills.mean());
  rate_keys(v.rate, "volleys", j);
  j.set("kills_in_turns", over_turns_json(v.rate, v.kills_in_turns));
  j.set("mean_kills_in_turns", over_turns_mean(v.rate, v.kills_in_turns));
  null_keys(j, {"ar", "ar_penalty", "effective_ar", "p_target_hit", "p_self_hit", "target_hits", "self_hits",
                "mean_target_hits", "mean_self_hits", "target_hits_in_turns", "self_hits_in_turns",
                "mean_target_hits_in_turns", "mean_self_hits_in_turns"});
}

// The attack dice: the band, the effective AR, hits on the target and on the firing unit.
void attack_dice_report(const fire::ChainmailRules& R, const ArquebusParams& p, const fire::ArquebusVolley& v,
                        Scenario& s) {
  const fire::AttackDiceOdds& odds = *v.attack_dice;
  json::Value& j = s.json;
  Table t = figures_table("Arquebus attack dice: " + std::to_string(*p.men) + " AD" + std::to_string(R.ad_sides) +
                              " at " + inches(*p.range_in) + " (" + R.source_ad + ")",
                          2, false);
  add_figure(t, "Band", odds.row->label + " (up to " + inches(odds.row->range_max) + ")",
             {{odds.row->range_min, odds.row->range_max}, "in", ""});
  add_figure(t, "AR penalty", "+" + std::to_string(odds.row->value), {{double(odds.row->value)}, "ar", ""});
  add_figure(t, "Effective AR", std::to_string(odds.effective_ar), {{double(odds.effective_ar)}, "ar", ""});
  add_figure(t, "P(hit on the target) per die", pct(odds.p_target), {{odds.p_target}, "p", ""});
  add_figure(t, "P(self-hit) per die", pct(odds.p_self), {{odds.p_self}, "p", ""});
  add_figure(t, "Mean hits on the target", trim(odds.target_hits.mean(), 4), {{odds.target_hits.mean()}, "hits", ""});
  add_figure(t, "Mean self-hits", trim(odds.self_hits.mean(), 4), {{odds.self_hits.mean()}, "hits", ""});
  add_figure(t, "Rate of fire", rate_text(v.rate), rate_raw(v.rate));
  t.notes.push_back("a die scores on the target when it shows at least the AR less the penalty; each " +
                    std::to_string(R.self_hit_face) + " hits the firing unit, no armour check");
  t.notes.push_back(shots_text(v.rate, "volleys") + " (" + R.source_arquebus_rate + ")");
  s.tables.push_back(std::move(t));
  s.tables.push_back(dist_table(odds.target_hits, "Hits on the target", "Hits", "hits"));
  s.tables.push_back(dist_table(odds.self_hits, "Self-hits on the firing unit", "Hits", "hits"));
  s.charts.push_back(
      dist_chart("Hits per volley", "Hits",
                 {{"On the target", &odds.target_hits}, {"Self-hits on the firing unit", &odds.self_hits}}));
  if (v.rate.turns > 1) {
    const std::string over = " in " + turns_text(v.rate.turns) + " (" + std::to_string(v.rate.shots) + " volleys)";
    s.tables.push_back(dist_table(v.target_hits_in_turns, "Hits on the target" + over, "Hits", "hits"));
    s.tables.back().name = "hits-on-the-target-in-turns";
    s.tables.push_back(dist_table(v.self_hits_in_turns, "Self-hits on the firing unit" + over, "Hits", "hits"));
    s.tables.back().name = "self-hits-on-the-firing-unit-in-turns";
    s.charts.push_back(dist_chart(
        "Hits" + over, "Hits",
        {{"On the target", &v.target_hits_in_turns}, {"Self-hits on the firing unit", &v.self_hits_in_turns}}));
  }
  j.set("band", odds.row->label);
  j.set("ar", *p.ar);
  j.set("ar_penalty", odds.row->value);
  j.set("effective_ar", odds.effective_ar);
  j.set("p_target_hit", odds.p_target);
  j.set("p_self_hit", odds.p_self);
  j.set("target_hits", dist_json(odds.target_hits, "n"));
  j.set("self_hits", dist_json(odds.self_hits, "n"));
  j.set("mean_target_hits", odds.target_hits.mean());
  j.set("mean_self_hits", odds.self_hits.mean());
  rate_keys(v.rate, "volleys", j);
  j.set("target_hits_in_turns", over_turns_json(v.rate, v.target_hits_in_turns));
  j.set("self_hits_in_turns", over_turns_json(v.rate, v.self_hits_in_turns));
  j.set("mean_target_hits_in_turns", over_turns_mean(v.rate, v.target_hits_in_turns));
  j.set("mean_self_hits_in_turns", over_turns_mean(v.rate, v.self_hits_in_turns));
  null_keys(
      j, {"min_score", "modifier", "needed", "p_hit", "kills", "mean_kills", "kills_in_turns", "mean_kills_in_turns"});
}

// The cannon classes and their ranges (seed 003).
Table cannon_ranges(const fire::ChainmailRules& R) {
  Table cr;
  cr.title = "Cannon ranges (" + R.source_cannon + ")";
  cr.add_column("class", "Class")
      .add_column("range_in", "Range", Align::right)
      .add_column("indirect_fire", "Indirect fire");
  for (const auto& c : R.cannon)
    cr.add_row(
        {c.name, inch_cell(c.range_in), c.indirect_fire ? report::Cell("yes", "true") : report::Cell("no", "false")});
  return cr;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// arquebus

namespace {
void add_turn_options(CLI::App& sub, std::optional<int>& turns, bool& unloaded) {
  sub.add_option("--turns", turns, "count the shots and their odds over N turns (1-100, default 1)")->type_name("N");
  sub.add_flag("--unloaded", unloaded, "the weapon must load first (default: loaded, it fires in turn 1)");
}

/// "water:20-23", "man-high:24", "feature:25": an obstacle on the dowel's line; its kind in the
/// suite's spelling or the book's ("Man High"), as the TOML key `kind` takes it.
std::optional<fire::ObstacleRequest> parse_obstacle(const std::string& spec) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return std::nullopt;
  fire::ObstacleRequest o;
  o.kind = suite_spelling(spec.substr(0, colon));
  const std::string range = spec.substr(colon + 1);
  const auto dash = range.find('-', 1);
  auto number = [](const std::string& t) -> std::optional<double> {
    if (t.empty()) return std::nullopt;
    size_t used = 0;
    try {
      const double v = std::stod(t, &used);
      if (used != t.size()) return std::nullopt;
      return v;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  };
  const auto from = number(range.substr(0, dash));
  if (!from) return std::nullopt;
  o.from_in = *from;
  if (dash != std::string::npos) {
    const auto to = number(range.substr(dash + 1));
    if (!to) return std::nullopt;
    o.to_in = *to;
  }
  return o;
}
}  // namespace

void setup_arquebus(CLI::App& sub, ArquebusParams& p) {
  sub.add_option("--men", p.men, "figures firing (one accuracy die, or one attack die, each)")->type_name("N");
  sub.add_option("--range-in", p.range_in, "range to the target in inches")->type_name("IN");
  sub.add_option("--cover", p.cover, "hard cover: none (default), half (-1) or over-half (-2)")
      ->transform(choice(fire::choices::kArquebusCover))
      ->type_name("COVER");
  sub.add_flag("--rested", p.rested, "weapons rested on a strong support (+1)");
  sub.add_flag("--natural-six", p.natural_six, "a natural 6 always hits (not in the book)");
  sub.add_option("--system", p.system, "accuracy (the hit table, default) or attack-dice (the AD 8 variant)")
      ->transform(choice(fire::choices::kSystem))
      ->type_name("SYSTEM");
  sub.add_option("--ar", p.ar, "attack-dice variant: the target's armour rating")->type_name("AR");
  add_turn_options(sub, p.turns, p.unloaded);
  sub.add_option("--rate-of-fire", p.rate_of_fire,
                 "heavy-crossbow (every other turn; the accuracy die's default) or every-turn (the attack dice')")
      ->transform(choice(fire::choices::kRateOfFire))
      ->type_name("RATE");
}

Expected<Scenario> run_arquebus(const ArquebusParams& p, bool explain) {
  auto rules_or = fire::load_chainmail();
  if (!rules_or) return rules_or.error();
  const fire::ChainmailRules& R = **rules_or;
  auto volley = fire::arquebus_volley(R, p);
  if (!volley) return volley.error();
  Scenario s;
  json::Value& j = s.json;
  j.set("system", volley->system);
  j.set("men", *p.men);
  j.set("range_in", *p.range_in);
  j.set("cover", p.cover.value_or("none"));
  if (volley->accuracy)
    accuracy_report(R, p, *volley, explain, s);
  else
    attack_dice_report(R, p, *volley, s);
  return s;
}

// ---------------------------------------------------------------------------------------------
// dowel

void setup_dowel(CLI::App& sub, DowelParams& p) {
  sub.add_option("--gun", p.gun, "light, heavy or bombard")->transform(choice(fire::choices::kGun))->type_name("CLASS");
  sub.add_option("--call", p.call, "white (firing short) or black (firing long)")
      ->transform(choice(fire::choices::kCall))
      ->type_name("COLOUR");
  sub.add_option("--range-in", p.range_in, "distance to the aim point in inches")->type_name("IN");
  sub.add_option("--depth-in", p.depth_in, "the target's depth along the line of fire in inches")->type_name("IN");
  sub.add_option("--measure", p.measure, "the distance is to the target's centre (default) or its near-edge")
      ->transform(choice(fire::choices::kMeasure))
      ->type_name("TO");
  sub.add_option("--width-in", p.width_in, "the target's frontage in inches (for the variation die)")->type_name("IN");
  sub.add_option("--offsets", p.offsets,
                 "sideways shift of the dowel's end for die faces 1-6, inches (the book's drawing is lost)")
      ->delimiter(',')
      ->expected(6)
      ->type_name("O1,...,O6");
  add_turn_options(sub, p.turns, p.unloaded);
  sub.add_option("--crew", p.crew, "the gun's crew (default 4, a full crew; each man short adds a turn)")
      ->type_name("N");
  sub.add_option("--rate-as", p.rate_as, "rate of fire as light-catapult or heavy-catapult (default: by class)")
      ->transform(choice(fire::choices::kRateAs))
      ->type_name("CATAPULT");
  sub.add_option("--obstacle",
                 "terrain on the line of fire, inches from the muzzle: KIND:FROM[-TO], KIND feature, "
                 "man-high or water (repeatable)")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            return parse_obstacle(v) ? "" : "expected KIND:FROM[-TO] (e.g. water:20-23), got " + v;
          },
          "KIND:FROM[-TO]"))
      ->each([&p](const std::string& v) { p.obstacle.push_back(*parse_obstacle(v)); })
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("KIND:FROM[-TO]");
  sub.add_option("--level-flight", p.level_flight,
                 "the section water does not stop: first-white (default, the book's level flight) or first-called")
      ->transform(choice(fire::choices::kLevelFlight))
      ->type_name("SECTION");
}

namespace {

std::string stop_text(const fire::DowelInput& in, const fire::Stop& st) {
  return "the ball stops at " + inches(st.at_in) + " (obstacle " + std::to_string(st.obstacle + 1) + ", " +
         fire::to_string(in.obstacles[st.obstacle].kind) + ")";
}

// The called colour's sections over the target, straight shot.
Table sections_table(const fire::ChainmailRules& R, const DowelParams& p, const fire::DowelShot& shot,
                     json::Value& sections) {
  const fire::DowelOdds& d = shot.odds;
  Table t;
  t.name = "sections";
  t.title = d.cls->name + ", " + *p.call + " called, target " + inches(d.near_in) + " to " + inches(d.far_in) + " (" +
            R.source_dowel + ")";
  t.add_column("section", "Section", Align::right)
      .add_column("colour_shown", "Colour", Align::left, report::Shown::people)
      .add_column("colour", "Colour", Align::left, report::Shown::programs)
      .add_column("colour_ordinal", "Of the colour", Align::right, report::Shown::programs)
      .add_column("from_in", "From", Align::right)
      .add_column("to_in", "To", Align::right)
      .add_column("on_target_in", "On the target", Align::right);
  sections = json::array();
  for (const auto& h : d.sections) {
    t.add_row({std::to_string(h.section.index), h.section.colour + " " + std::to_string(h.section.colour_ordinal),
               h.section.colour, std::to_string(h.section.colour_ordinal), inch_cell(h.section.start_in),
               inch_cell(h.section.end_in), inch_cell(h.on_target_in)});
    json::Value sj = json::object();
    sj.set("index", h.section.index);
    sj.set("colour_ordinal", h.section.colour_ordinal);
    sj.set("start_in", h.section.start_in);
    sj.set("end_in", h.section.end_in);
    sj.set("on_target_in", h.on_target_in);
    sections.push(std::move(sj));
  }
  t.notes.push_back("dowel " + inches(d.cls->range_in) + " long, " + inches(d.cls->diameter_in) +
                    " thick; every figure the " + *p.call + " sections touch is removed, friends included");
  if (d.stop) t.notes.push_back(stop_text(shot.input, *d.stop) + ": nothing beyond it is touched");
  t.notes.push_back("straight shot: " + inches(d.straight_on_target_in) + " of " + *p.call +
                    " on the target; the variation die gives it on a " + std::to_string(R.straight_result) + " (P " +
                    pct(d.p_straight) + ")");
  if (!p.offsets)
    t.notes.push_back(
        "the variation measure's drawing is lost: the other faces' shifts are unknown (give --offsets and --width-in)");
  t.notes.push_back("rate of fire " + rate_text(shot.rate) + ": " + shots_text(shot.rate, "shots") + " (" +
                    R.source_catapult_rate + ")");
  return t;
}

// The terrain on the line of fire and where each obstacle alone would stop the straight shot.
Table obstacles_table(const fire::ChainmailRules& R, const fire::DowelShot& shot, json::Value& obstacles) {
  Table t;
  t.title = "Terrain on the line of fire (" + R.source_dowel + ")";
  t.add_column("obstacle", "#", Align::right)
      .add_column("kind", "Kind")
      .add_column("from_in", "From", Align::right)
      .add_column("to_in", "To", Align::right)
      .add_column("stops_at_in", "Stops the straight shot at", Align::right);
  obstacles = json::array();
  for (size_t i = 0; i < shot.input.obstacles.size(); ++i) {
    const auto& o = shot.input.obstacles[i];
    const auto& at = shot.odds.obstacle_stops[i];
    t.add_row({std::to_string(i + 1), fire::to_string(o.kind), inch_cell(o.from_in), inch_cell(o.to_in),
               at ? inch_cell(*at) : report::cell::none()});
    json::Value oj = json::object();
    oj.set("kind", fire::to_string(o.kind));
    oj.set("from_in", o.from_in);
    oj.set("to_in", o.to_in);
    oj.set("stops_at_in", at ? json::Value(*at) : json::Value());
    obstacles.push(std::move(oj));
  }
  t.notes.push_back(std::string("feature: stops the ball where any section meets it; man-high: only under the called "
                                "colour; water: only under the called colour, not under ") +
                    (shot.input.level_flight_first_called ? "its first section" : "the first white (level flight)"));
  return t;
}

// The variation die's faces, given their offsets.
Table faces_table(const DowelParams& p, const fire::DowelOdds& d, json::Value& faces) {
  Table ft;
  ft.title = "Variation die (offsets given)";
  ft.add_column("face", "Face", Align::right)
      .add_column("offset_in", "Offset", Align::right)
      .add_column("on_target_in", "On the target", Align::right)
      .add_column("stops_at_in", "Ball stops at", Align::right);
  faces = json::array();
  for (const auto& f : d.faces) {
    ft.add_row({std::to_string(f.face), inch_cell(f.offset_in), inch_cell(f.on_target_in),
                f.stop ? inch_cell(f.stop->at_in) : report::cell::none()});
    json::Value fj = json::object();
    fj.set("face", f.face);
    fj.set("offset_in", f.offset_in);
    fj.set("on_target_in", f.on_target_in);
    fj.set("stopped_at_in", f.stop ? json::Value(f.stop->at_in) : json::Value());
    faces.push(std::move(fj));
  }
  ft.notes.push_back("mean " + inches(d.mean_on_target_in) + " on the target; P(some " + *p.call + " on it) " +
                     pct(d.p_any_on_target));
  return ft;
}

void dowel_json(const DowelParams& p, const fire::ChainmailRules& R, const fire::DowelShot& shot, json::Value sections,
                json::Value faces, json::Value obstacles, json::Value& j) {
  const fire::DowelInput& in = shot.input;
  const fire::DowelOdds& d = shot.odds;
  j.set("gun", *p.gun);
  j.set("class_name", d.cls->name);
  j.set("class_range_in", d.cls->range_in);
  j.set("call", *p.call);
  j.set("range_in", in.range_in);
  j.set("measure", in.measure == fire::Measure::centre ? "centre" : "near-edge");
  j.set("near_in", d.near_in);
  j.set("far_in", d.far_in);
  j.set("sections", std::move(sections));
  j.set("on_target_in", d.straight_on_target_in);
  j.set("straight_face", R.straight_result);
  j.set("p_straight", d.p_straight);
  j.set("faces", std::move(faces));
  j.set("mean_on_target_in", p.offsets ? json::Value(d.mean_on_target_in) : json::Value());
  j.set("p_any_on_target", p.offsets ? json::Value(d.p_any_on_target) : json::Value());
  j.set("obstacles", std::move(obstacles));
  j.set("level_flight", in.level_flight_first_called ? "first-called" : "first-white");
  j.set("stopped_at_in", d.stop ? json::Value(d.stop->at_in) : json::Value());
  j.set("stopped_by", d.stop ? json::Value(static_cast<int>(d.stop->obstacle) + 1) : json::Value());
  rate_keys(shot.rate, "shots", j);
  j.set("straight_shots", over_turns_json(shot.rate, shot.straight_shots));
  j.set("shots_on_target", shot.shots_on_target ? over_turns_json(shot.rate, *shot.shots_on_target) : json::Value());
}

}  // namespace

Expected<Scenario> run_dowel(const DowelParams& p, bool explain) {
  auto rules_or = fire::load_chainmail();
  if (!rules_or) return rules_or.error();
  const fire::ChainmailRules& R = **rules_or;
  auto shot = fire::dowel_shot(R, p);
  if (!shot) return shot.error();
  const fire::DowelInput& in = shot->input;
  const fire::DowelOdds& d = shot->odds;

  Scenario s;
  json::Value sections, faces, obstacles = json::array();
  s.tables.push_back(sections_table(R, p, *shot, sections));
  if (!in.obstacles.empty()) s.tables.push_back(obstacles_table(R, *shot, obstacles));
  s.tables.push_back(cannon_ranges(R));
  if (p.offsets) s.tables.push_back(faces_table(p, d, faces));
  if (shot->rate.turns > 1) {
    const std::string over =
        " in " + turns_text(shot->rate.turns) + " (" + std::to_string(shot->rate.shots) + " shots)";
    s.tables.push_back(dist_table(shot->straight_shots, "Straight shots" + over, "Shots", "shots"));
    s.tables.back().name = "straight-shots-in-turns";
    std::vector<NamedDist> series{{"Straight shots", &shot->straight_shots}};
    if (shot->shots_on_target) {
      s.tables.push_back(
          dist_table(*shot->shots_on_target, "Shots with " + *p.call + " on the target" + over, "Shots", "shots"));
      s.tables.back().name = "shots-on-target-in-turns";
      series.push_back({"With " + *p.call + " on the target", &*shot->shots_on_target});
    }
    s.charts.push_back(dist_chart("Shots" + over, "Shots", series));
  } else {
    s.no_chart = "one dowel shot has no distribution to chart: give --turns 2 or more for the shots over the turns";
  }
  if (explain) {
    s.explain.push_back("target from " + trim(d.near_in, 3) + " to " + trim(d.far_in, 3) + " in (" +
                        (in.measure == fire::Measure::centre ? "distance to the centre" : "distance to the near edge") +
                        ")");
    if (d.stop) s.explain.push_back(stop_text(in, *d.stop));
    for (const auto& h : d.sections)
      s.explain.push_back(h.section.colour + " section " + std::to_string(h.section.index) + " " +
                          trim(h.section.start_in) + "-" + trim(h.section.end_in) + ": overlap " +
                          trim(h.on_target_in, 3) + " in");
  }
  dowel_json(p, R, *shot, std::move(sections), std::move(faces), std::move(obstacles), s.json);
  return s;
}

}  // namespace gunpowder::fire_app
