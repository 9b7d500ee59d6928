// chainmail.cpp - fire-odds arquebus and dowel: the options of Chainmail-style gunpowder (seed 003)
// and their reports; the odds are fire::arquebus_volley and fire::dowel_shot.
#include <CLI/CLI.hpp>
#include <cmath>
#include <initializer_list>

#include "fire-odds/choice.hpp"
#include "fire-odds/fields.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/fire/chainmail.hpp"
#include "gunpowder/fire/fire_common.hpp"

namespace gunpowder::fire_app {

using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

std::string inches(double x) { return trim(x, 3) + "\""; }
/// Inches as inches() shows them, read as the number.
report::Cell inch_cell(double x) { return report::cell::shown_as(inches(x), x); }
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

namespace f = fields;
using report::Cell;
using report::Shown;

const report::TableSpec& arquebus_spec() {
  static const report::TableSpec s =
      scenario_spec("arquebus", "Arquebus volley", "one arquebus volley: by the accuracy die or the attack dice",
                    {{f::kSystem, Shown::programs},
                     {f::kMen, Shown::programs},
                     {f::kRangeIn, Shown::programs},
                     {f::kArquebusCover, Shown::programs},
                     {f::kDistanceBandShown, Shown::people},
                     {f::kDistanceBand, Shown::programs},
                     {f::kDistanceBandFromIn, Shown::programs},
                     {f::kDistanceBandToIn, Shown::programs},
                     {f::kScoreToHit, Shown::people},
                     {f::kMinScore, Shown::programs},
                     {f::kAccuracyDie, Shown::programs},
                     f::kDieModifier,
                     f::kNeeded,
                     f::kPHitPerMan,
                     f::kMeanKills,
                     {f::kAr, Shown::programs},
                     f::kArPenalty,
                     f::kEffectiveAr,
                     f::kPTargetHit,
                     f::kPSelfHit,
                     f::kMeanTargetHits,
                     f::kMeanSelfHits,
                     {f::kRateOfFire, Shown::people},
                     {f::kEveryTurns, Shown::programs},
                     {f::kRateAs, Shown::programs},
                     {f::kTurns, Shown::programs},
                     {f::kLoaded, Shown::programs},
                     {f::kVolleys, Shown::programs},
                     {f::kMeanKillsInTurns, Shown::programs},
                     {f::kMeanTargetHitsInTurns, Shown::programs},
                     {f::kMeanSelfHitsInTurns, Shown::programs}})
          .as_record("Figure", false);
  return s;
}

const report::DistributionSpec& kills_spec() {
  static const report::DistributionSpec s = dist_spec("kills-per-volley", "Kills per volley", f::kKills);
  return s;
}
const report::DistributionSpec& kills_in_turns_spec() {
  static const report::DistributionSpec s = dist_spec("kills-in-turns", "Kills in the turns", f::kKills);
  return s;
}
const report::DistributionSpec& target_hits_spec() {
  static const report::DistributionSpec s = dist_spec("hits-on-the-target", "Hits on the target", f::kHits);
  return s;
}
const report::DistributionSpec& self_hits_spec() {
  static const report::DistributionSpec s =
      dist_spec("self-hits-on-the-firing-unit", "Self-hits on the firing unit", f::kHits);
  return s;
}
const report::DistributionSpec& target_hits_in_turns_spec() {
  static const report::DistributionSpec s =
      dist_spec("hits-on-the-target-in-turns", "Hits on the target in the turns", f::kHits);
  return s;
}
const report::DistributionSpec& self_hits_in_turns_spec() {
  static const report::DistributionSpec s =
      dist_spec("self-hits-on-the-firing-unit-in-turns", "Self-hits on the firing unit in the turns", f::kHits);
  return s;
}

// With --target-figures: the volleys until the target's figures are down, and their distribution.
const report::TableSpec& volleys_down_spec() {
  static const report::TableSpec s = scenario_spec(
      "volleys-to-bring-down", "Volleys to bring down the target",
      "with --target-figures: the volleys until the target's figures are down (kills, or hits on the target)",
      turns_fields(f::kSystem));
  return s;
}
const report::DistributionSpec& volleys_down_dist_spec() {
  static const report::DistributionSpec s = dist_spec(
      "volleys-down-distribution", "Volleys until the target's figures are down", f::kFired, {f::kSystem}, false);
  return s;
}

// The volleys until the target is down (fire::ArquebusVolley::volleys_to_bring_down), when asked.
void volleys_down_tables(const fire::ArquebusVolley& v, Scenario& s) {
  if (!v.volleys_to_bring_down) return;
  const dice::TurnsToReach& r = *v.volleys_to_bring_down;
  const std::string what = v.accuracy ? "kills" : "hits on the target";
  Table t(volleys_down_spec());
  t.title = "Volleys to bring down " + fmtnum::grouped(r.target) + (r.target == 1 ? " figure" : " figures");
  t.add_row(turns_cells(Cell(v.system), r));
  t.notes.push_back("a figure a kill" + std::string(v.accuracy ? "" : " (a hit on the target)") +
                    "; every volley from the same men at the same range, the target's losses not counted against "
                    "its fire; volleys, not turns: " +
                    shots_text(v.rate, "volleys"));
  t.notes.push_back(turns_note({&r}));
  s.tables.push_back(std::move(t));
  if (r.distribution_made)
    report::distribution_tables(volleys_down_dist_spec(), turns_distribution(r),
                                "Volleys until " + fmtnum::grouped(r.target) + " figures are down (" + what + ")")
        .set_context(f::kSystem, v.system)
        .add_to(s.tables);
}

// The rate of fire: shown in words, and its figures for programs.
// (the dowel's record, for programs only, has no words: its sections' notes give them).
void add_rate(Table& t, const fire::RateOfFire& r, const report::Field& shots, bool words = true) {
  if (words) t.add_figure(f::kRateOfFire, rate_text(r));
  program_figure(t, f::kEveryTurns, std::to_string(r.every_turns));
  program_figure(t, f::kRateAs, r.as);
  if (r.crew) program_figure(t, f::kCrew, std::to_string(r.crew));
  program_figure(t, f::kTurns, std::to_string(r.turns));
  program_figure(t, f::kLoaded, report::cell::boolean(r.loaded));
  program_figure(t, shots, std::to_string(r.shots));
}

// The options of the volley, for programs.
void add_volley_options(Table& t, const fire::ArquebusVolley& v, const ArquebusParams& p) {
  program_figure(t, f::kSystem, v.system);
  program_figure(t, f::kMen, std::to_string(*p.men));
  program_figure(t, f::kRangeIn, real(*p.range_in));
  program_figure(t, f::kArquebusCover, p.cover.value_or("none"));
}

// The band of the range table the volley is read at.
void add_band(Table& t, const fire::RangeRow& row, const std::string& shown) {
  t.add_figure(f::kDistanceBandShown, shown);
  program_figure(t, f::kDistanceBand, row.label);
  program_figure(t, f::kDistanceBandFromIn, real(row.range_min));
  program_figure(t, f::kDistanceBandToIn, real(row.range_max));
}

// The derivation of the accuracy die, for --explain: the table's score, the natural needed after
// the modifiers, the chance per man and the kills of the volley.
report::Steps accuracy_steps(const fire::ChainmailRules& R, const ArquebusParams& p, const fire::AccuracyOdds& odds) {
  const std::string die = "d" + std::to_string(R.accuracy_die_sides);
  const std::string score = std::to_string(odds.row->value);
  const std::string needed = std::to_string(odds.needed) + "+";
  report::Steps out;
  out.push_back(report::step("score to hit", "accuracy table, row " + odds.row->label, score + "+", R.source_arquebus,
                             report::Yields::rounded)
                    .in("range", inches(*p.range_in)));
  out.push_back(report::step("natural needed", score + " - (" + signed_str(odds.modifier) + " modifiers)", needed,
                             R.source_arquebus)
                    .in("score to hit", score + "+")
                    .in("modifiers", signed_str(odds.modifier)));
  out.push_back(report::step("P(hit) per man",
                             "a " + die + " of " + needed + (p.natural_six ? ", a 6 always hits" : ""),
                             trim(odds.p_hit, 4), R.source_arquebus)
                    .in("natural needed", needed));
  out.push_back(report::step("mean kills per volley",
                             "Binomial(" + std::to_string(*p.men) + " men, " + trim(odds.p_hit, 4) +
                                 "): a hit kills whatever the armour",
                             trim(odds.kills.mean(), 4), R.source_arquebus)
                    .in("men", std::to_string(*p.men))
                    .in("P(hit) per man", trim(odds.p_hit, 4)));
  return out;
}

// The accuracy die: the band, the score needed, kills per volley.
void accuracy_report(const fire::ChainmailRules& R, const ArquebusParams& p, const fire::ArquebusVolley& v,
                     bool explain, Scenario& s) {
  const fire::AccuracyOdds& odds = *v.accuracy;
  Table t(arquebus_spec());
  t.title =
      "Arquebus volley: " + std::to_string(*p.men) + " men at " + inches(*p.range_in) + " (" + R.source_arquebus + ")";
  add_volley_options(t, v, p);
  add_band(t, *odds.row, odds.row->label);
  t.add_figure(f::kScoreToHit, std::to_string(odds.row->value) + "-" + std::to_string(R.accuracy_die_sides));
  program_figure(t, f::kMinScore, std::to_string(odds.row->value));
  program_figure(t, f::kAccuracyDie, std::to_string(R.accuracy_die_sides));
  t.add_figure(f::kDieModifier,
               report::cell::shown_as((odds.modifier > 0 ? "+" : "") + std::to_string(odds.modifier), odds.modifier));
  t.add_figure(f::kNeeded,
               report::cell::shown_as(std::to_string(odds.needed) + "+" + (p.natural_six ? " (a 6 always hits)" : ""),
                                      odds.needed));
  t.add_figure(f::kPHitPerMan, pct_cell(odds.p_hit, static_cast<std::uint64_t>(R.accuracy_die_sides)));
  t.add_figure(f::kMeanKills, report::cell::shown_as(trim(odds.kills.mean(), 4), odds.kills.mean()));
  add_rate(t, v.rate, f::kVolleys);
  if (v.rate.turns > 1) program_figure(t, f::kMeanKillsInTurns, real(v.kills_in_turns.mean()));
  t.notes.push_back("a hit kills whatever the target's armour");
  t.notes.push_back(shots_text(v.rate, "volleys") + " (" + R.source_arquebus_rate + ")");
  s.tables.push_back(std::move(t));
  dist_tables(kills_spec(), odds.kills, "Kills per volley").add_to(s.tables);
  s.charts.push_back(dist_chart("Kills per volley", "Kills", {{"", &odds.kills}}));
  if (v.rate.turns > 1) {
    const std::string title =
        "Kills in " + turns_text(v.rate.turns) + " (" + std::to_string(v.rate.shots) + " volleys)";
    dist_tables(kills_in_turns_spec(), v.kills_in_turns, title).add_to(s.tables);
    s.charts.push_back(dist_chart(title, "Kills", {{"", &v.kills_in_turns}}));
  }
  if (explain) s.explain = accuracy_steps(R, p, odds);
}

// The attack dice: the band, the effective AR, hits on the target and on the firing unit.
void attack_dice_report(const fire::ChainmailRules& R, const ArquebusParams& p, const fire::ArquebusVolley& v,
                        Scenario& s) {
  const fire::AttackDiceOdds& odds = *v.attack_dice;
  Table t(arquebus_spec());
  t.title = "Arquebus attack dice: " + std::to_string(*p.men) + " AD" + std::to_string(R.ad_sides) + " at " +
            inches(*p.range_in) + " (" + R.source_ad + ")";
  add_volley_options(t, v, p);
  add_band(t, *odds.row, odds.row->label + " (up to " + inches(odds.row->range_max) + ")");
  program_figure(t, f::kAr, std::to_string(*p.ar));
  t.add_figure(f::kArPenalty, report::cell::shown_as("+" + std::to_string(odds.row->value), odds.row->value));
  t.add_figure(f::kEffectiveAr, std::to_string(odds.effective_ar));
  t.add_figure(f::kPTargetHit, pct_cell(odds.p_target, static_cast<std::uint64_t>(R.ad_sides)));
  t.add_figure(f::kPSelfHit, pct_cell(odds.p_self, static_cast<std::uint64_t>(R.ad_sides)));
  t.add_figure(f::kMeanTargetHits, report::cell::shown_as(trim(odds.target_hits.mean(), 4), odds.target_hits.mean()));
  t.add_figure(f::kMeanSelfHits, report::cell::shown_as(trim(odds.self_hits.mean(), 4), odds.self_hits.mean()));
  add_rate(t, v.rate, f::kVolleys);
  if (v.rate.turns > 1) {
    program_figure(t, f::kMeanTargetHitsInTurns, real(v.target_hits_in_turns.mean()));
    program_figure(t, f::kMeanSelfHitsInTurns, real(v.self_hits_in_turns.mean()));
  }
  t.notes.push_back("a die scores on the target when it shows at least the AR less the penalty; each " +
                    std::to_string(R.self_hit_face) + " hits the firing unit, no armour check");
  t.notes.push_back(shots_text(v.rate, "volleys") + " (" + R.source_arquebus_rate + ")");
  s.tables.push_back(std::move(t));
  dist_tables(target_hits_spec(), odds.target_hits, "Hits on the target").add_to(s.tables);
  dist_tables(self_hits_spec(), odds.self_hits, "Self-hits on the firing unit").add_to(s.tables);
  s.charts.push_back(
      dist_chart("Hits per volley", "Hits",
                 {{"On the target", &odds.target_hits}, {"Self-hits on the firing unit", &odds.self_hits}}));
  if (v.rate.turns > 1) {
    const std::string over = " in " + turns_text(v.rate.turns) + " (" + std::to_string(v.rate.shots) + " volleys)";
    dist_tables(target_hits_in_turns_spec(), v.target_hits_in_turns, "Hits on the target" + over).add_to(s.tables);
    dist_tables(self_hits_in_turns_spec(), v.self_hits_in_turns, "Self-hits on the firing unit" + over)
        .add_to(s.tables);
    s.charts.push_back(dist_chart(
        "Hits" + over, "Hits",
        {{"On the target", &v.target_hits_in_turns}, {"Self-hits on the firing unit", &v.self_hits_in_turns}}));
  }
}

const report::TableSpec& sections_spec() {
  static const report::TableSpec s =
      scenario_spec("sections", "Sections", "one section of the called colour over the target, straight shot",
                    {f::kSection,
                     {f::kColourShown, Shown::people},
                     {f::kColour, Shown::programs},
                     {f::kColourOrdinal, Shown::programs},
                     f::kFromIn,
                     f::kToIn,
                     f::kOnTargetIn});
  return s;
}
const report::TableSpec& obstacles_spec() {
  static const report::TableSpec s =
      scenario_spec("terrain-on-the-line-of-fire", "Terrain on the line of fire",
                    "one obstacle on the line of fire (--obstacle), in the order given",
                    {f::kObstacle, f::kObstacleKind, f::kFromIn, f::kToIn, f::kStopsAtIn});
  return s;
}
const report::TableSpec& cannon_ranges_spec() {
  static const report::TableSpec s = scenario_spec("cannon-ranges", "Cannon ranges", "one cannon class of the book",
                                                   {f::kClass, f::kClassRangeIn, f::kIndirectFire});
  return s;
}
const report::TableSpec& faces_spec() {
  static const report::TableSpec s =
      scenario_spec("variation-die", "Variation die", "with --offsets: one face of the variation die",
                    {f::kFace, f::kOffsetIn, f::kOnTargetIn, {f::kStopsAtIn, "Ball stops at"}});
  return s;
}
const report::DistributionSpec& straight_shots_spec() {
  static const report::DistributionSpec s =
      dist_spec("straight-shots-in-turns", "Straight shots in the turns", f::kShots);
  return s;
}
const report::DistributionSpec& shots_on_target_spec() {
  static const report::DistributionSpec s =
      dist_spec("shots-on-target-in-turns", "Shots with the called colour on the target in the turns", f::kShots);
  return s;
}
const report::TableSpec& dowel_spec() {
  static const report::TableSpec s =
      scenario_spec("dowel", "Dowel", "the dowel shot's options and the figures its tables' notes give",
                    {f::kGun,          f::kClassName,   f::kDowelClassRangeIn,
                     f::kCall,         f::kRangeIn,     f::kMeasure,
                     f::kNearIn,       f::kFarIn,       f::kStraightOnTargetIn,
                     f::kStraightFace, f::kPStraight,   f::kMeanOnTargetIn,
                     f::kPAnyOnTarget, f::kLevelFlight, f::kStoppedAtIn,
                     f::kStoppedBy,    f::kEveryTurns,  f::kRateAs,
                     f::kCrew,         f::kTurns,       f::kLoaded,
                     f::kShots})
          .as_record("Figure", false)
          .only_for(Shown::programs);
  return s;
}

// The cannon classes and their ranges (seed 003).
Table cannon_ranges(const fire::ChainmailRules& R) {
  Table cr(cannon_ranges_spec());
  cr.title = "Cannon ranges (" + R.source_cannon + ")";
  for (const auto& c : R.cannon) cr.add_row({c.name, inch_cell(c.range_in), report::cell::boolean(c.indirect_fire)});
  return cr;
}

}  // namespace

std::vector<const report::TableSpec*> arquebus_specs() {
  std::vector<const report::TableSpec*> out{&arquebus_spec(), &volleys_down_spec()};
  for (const report::DistributionSpec* d :
       {&kills_spec(), &kills_in_turns_spec(), &target_hits_spec(), &self_hits_spec(), &target_hits_in_turns_spec(),
        &self_hits_in_turns_spec(), &volleys_down_dist_spec()})
    for (const report::TableSpec* t : d->tables()) out.push_back(t);
  return out;
}

std::vector<const report::TableSpec*> dowel_specs() {
  std::vector<const report::TableSpec*> out{&sections_spec(), &obstacles_spec(), &cannon_ranges_spec(), &faces_spec()};
  for (const report::DistributionSpec* d : {&straight_shots_spec(), &shots_on_target_spec()})
    for (const report::TableSpec* t : d->tables()) out.push_back(t);
  out.push_back(&dowel_spec());
  return out;
}

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
  cli::choices(sub, sub.add_option("--cover", p.cover, "hard cover: none (default), half (-1) or over-half (-2)"),
               fire::choices::kArquebusCover, suite_spelling)
      ->type_name("COVER");
  sub.add_flag("--rested", p.rested, "weapons rested on a strong support (+1)");
  sub.add_flag("--natural-six", p.natural_six, "a natural 6 always hits (not in the book)");
  cli::choices(
      sub, sub.add_option("--system", p.system, "accuracy (the hit table, default) or attack-dice (the AD 8 variant)"),
      fire::choices::kSystem, suite_spelling)
      ->type_name("SYSTEM");
  sub.add_option("--ar", p.ar, "attack-dice variant: the target's armour rating")->type_name("AR");
  add_turn_options(sub, p.turns, p.unloaded);
  cli::choices(
      sub,
      sub.add_option("--rate-of-fire", p.rate_of_fire,
                     "heavy-crossbow (every other turn; the accuracy die's default) or every-turn (the attack dice')"),
      fire::choices::kRateOfFire, suite_spelling)
      ->type_name("RATE");
  sub.add_option("--target-figures", p.target_figures,
                 "the target's figures, for the volleys until they are down (exact)")
      ->type_name("N");
}

Expected<Scenario> run_arquebus(const data::Tables& tables, const ArquebusParams& p, bool explain) {
  auto rules_or = fire::load_chainmail(tables);
  if (!rules_or) return rules_or.error();
  const fire::ChainmailRules& R = **rules_or;
  auto volley = fire::arquebus_volley(R, p);
  if (!volley) return volley.error();
  Scenario s;
  if (volley->accuracy)
    accuracy_report(R, p, *volley, explain, s);
  else
    attack_dice_report(R, p, *volley, s);
  volleys_down_tables(*volley, s);
  return s;
}

// ---------------------------------------------------------------------------------------------
// dowel

void setup_dowel(CLI::App& sub, DowelParams& p) {
  cli::choices(sub, sub.add_option("--gun", p.gun, "light, heavy or bombard"), fire::choices::kGun, suite_spelling)
      ->type_name("CLASS");
  cli::choices(sub, sub.add_option("--call", p.call, "white (firing short) or black (firing long)"),
               fire::choices::kCall, suite_spelling)
      ->type_name("COLOUR");
  sub.add_option("--range-in", p.range_in, "distance to the aim point in inches")->type_name("IN");
  sub.add_option("--depth-in", p.depth_in, "the target's depth along the line of fire in inches")->type_name("IN");
  cli::choices(
      sub, sub.add_option("--measure", p.measure, "the distance is to the target's centre (default) or its near-edge"),
      fire::choices::kMeasure, suite_spelling)
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
  cli::choices(
      sub,
      sub.add_option("--rate-as", p.rate_as, "rate of fire as light-catapult or heavy-catapult (default: by class)"),
      fire::choices::kRateAs, suite_spelling)
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
  cli::choices(
      sub,
      sub.add_option("--level-flight", p.level_flight,
                     "the section water does not stop: first-white (default, the book's level flight) or first-called"),
      fire::choices::kLevelFlight, suite_spelling)
      ->type_name("SECTION");
}

namespace {

std::string stop_text(const fire::DowelInput& in, const fire::Stop& st) {
  return "the ball stops at " + inches(st.at_in) + " (obstacle " + std::to_string(st.obstacle + 1) + ", " +
         fire::to_string(in.obstacles[st.obstacle].kind) + ")";
}

// The called colour's sections over the target, straight shot.
Table sections_table(const fire::ChainmailRules& R, const DowelParams& p, const fire::DowelShot& shot) {
  const fire::DowelOdds& d = shot.odds;
  Table t(sections_spec());
  t.title = d.cls->name + ", " + *p.call + " called, target " + inches(d.near_in) + " to " + inches(d.far_in) + " (" +
            R.source_dowel + ")";
  for (const auto& h : d.sections) {
    t.add_row({std::to_string(h.section.index), h.section.colour + " " + std::to_string(h.section.colour_ordinal),
               h.section.colour, std::to_string(h.section.colour_ordinal), inch_cell(h.section.start_in),
               inch_cell(h.section.end_in), inch_cell(h.on_target_in)});
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
Table obstacles_table(const fire::ChainmailRules& R, const fire::DowelShot& shot) {
  Table t(obstacles_spec());
  t.title = "Terrain on the line of fire (" + R.source_dowel + ")";
  for (size_t i = 0; i < shot.input.obstacles.size(); ++i) {
    const auto& o = shot.input.obstacles[i];
    const auto& at = shot.odds.obstacle_stops[i];
    t.add_row({std::to_string(i + 1), fire::to_string(o.kind), inch_cell(o.from_in), inch_cell(o.to_in),
               at ? inch_cell(*at) : report::cell::none()});
  }
  t.notes.push_back(std::string("feature: stops the ball where any section meets it; man-high: only under the called "
                                "colour; water: only under the called colour, not under ") +
                    (shot.input.level_flight_first_called ? "its first section" : "the first white (level flight)"));
  return t;
}

// The variation die's faces, given their offsets.
Table faces_table(const DowelParams& p, const fire::DowelOdds& d) {
  Table ft(faces_spec());
  ft.title = "Variation die (offsets given)";
  for (const auto& f : d.faces) {
    ft.add_row({std::to_string(f.face), inch_cell(f.offset_in), inch_cell(f.on_target_in),
                f.stop ? inch_cell(f.stop->at_in) : report::cell::none()});
  }
  ft.notes.push_back("mean " + inches(d.mean_on_target_in) + " on the target; P(some " + *p.call + " on it) " +
                     pct(d.p_any_on_target));
  return ft;
}

// The derivation of the dowel shot, for --explain: the target's extent along the line of fire,
// where terrain stops the ball, and each section of the called colour over the target.
report::Steps dowel_steps(const fire::ChainmailRules& R, const fire::DowelInput& in, const fire::DowelOdds& d) {
  const bool centre = in.measure == fire::Measure::centre;
  const std::string target = trim(d.near_in, 3) + " to " + trim(d.far_in, 3) + " in";
  report::Steps out;
  out.push_back(report::step("target along the line of fire",
                             trim(in.range_in, 3) + (centre ? " in to the centre, " : " in to the near edge, ") +
                                 trim(in.depth_in, 3) + " in deep",
                             target, R.source_dowel)
                    .in("range", trim(in.range_in, 3) + " in")
                    .in("depth", trim(in.depth_in, 3) + " in")
                    .in("measured to", centre ? "centre" : "near-edge"));
  if (d.stop) out.push_back(report::statement(stop_text(in, *d.stop), R.source_dowel));
  for (const auto& h : d.sections)
    out.push_back(report::step(h.section.colour + " section " + std::to_string(h.section.index) + " on the target",
                               trim(h.section.start_in) + "-" + trim(h.section.end_in) + " in against " + target,
                               trim(h.on_target_in, 3) + " in", R.source_dowel)
                      .in("section", trim(h.section.start_in) + "-" + trim(h.section.end_in) + " in")
                      .in("target", target));
  return out;
}

Table dowel_table(const DowelParams& p, const fire::ChainmailRules& R, const fire::DowelShot& shot) {
  const fire::DowelInput& in = shot.input;
  const fire::DowelOdds& d = shot.odds;
  Table t(dowel_spec());
  t.add_figure(f::kGun, *p.gun);
  t.add_figure(f::kClassName, d.cls->name);
  t.add_figure(f::kDowelClassRangeIn, real(d.cls->range_in));
  t.add_figure(f::kCall, *p.call);
  t.add_figure(f::kRangeIn, real(in.range_in));
  t.add_figure(f::kMeasure, in.measure == fire::Measure::centre ? "centre" : "near-edge");
  t.add_figure(f::kNearIn, real(d.near_in));
  t.add_figure(f::kFarIn, real(d.far_in));
  t.add_figure(f::kStraightOnTargetIn, real(d.straight_on_target_in));
  t.add_figure(f::kStraightFace, std::to_string(R.straight_result));
  t.add_figure(f::kPStraight, pct_cell(d.p_straight, static_cast<std::uint64_t>(R.measure_die_sides)));
  t.add_figure(f::kMeanOnTargetIn, p.offsets ? real(d.mean_on_target_in) : report::cell::none());
  t.add_figure(f::kPAnyOnTarget, p.offsets ? pct_cell(d.p_any_on_target, p.offsets->size()) : report::cell::none());
  t.add_figure(f::kLevelFlight, in.level_flight_first_called ? "first-called" : "first-white");
  t.add_figure(f::kStoppedAtIn, d.stop ? real(d.stop->at_in) : report::cell::none());
  t.add_figure(f::kStoppedBy, d.stop ? Cell(std::to_string(d.stop->obstacle + 1)) : report::cell::none());
  add_rate(t, shot.rate, f::kShots, false);
  return t;
}

}  // namespace

Expected<Scenario> run_dowel(const data::Tables& tables, const DowelParams& p, bool explain) {
  auto rules_or = fire::load_chainmail(tables);
  if (!rules_or) return rules_or.error();
  const fire::ChainmailRules& R = **rules_or;
  auto shot = fire::dowel_shot(R, p);
  if (!shot) return shot.error();
  const fire::DowelInput& in = shot->input;
  const fire::DowelOdds& d = shot->odds;

  Scenario s;
  s.tables.push_back(sections_table(R, p, *shot));
  if (!in.obstacles.empty()) s.tables.push_back(obstacles_table(R, *shot));
  s.tables.push_back(cannon_ranges(R));
  if (p.offsets) s.tables.push_back(faces_table(p, d));
  if (shot->rate.turns > 1) {
    const std::string over =
        " in " + turns_text(shot->rate.turns) + " (" + std::to_string(shot->rate.shots) + " shots)";
    dist_tables(straight_shots_spec(), shot->straight_shots, "Straight shots" + over).add_to(s.tables);
    std::vector<NamedDist> series{{"Straight shots", &shot->straight_shots}};
    if (shot->shots_on_target) {
      dist_tables(shots_on_target_spec(), *shot->shots_on_target, "Shots with " + *p.call + " on the target" + over)
          .add_to(s.tables);
      series.push_back({"With " + *p.call + " on the target", &*shot->shots_on_target});
    }
    s.charts.push_back(dist_chart("Shots" + over, "Shots", series));
  } else {
    s.no_chart = "one dowel shot has no distribution to chart: give --turns 2 or more for the shots over the turns";
  }
  if (explain) s.explain = dowel_steps(R, in, d);
  s.tables.push_back(dowel_table(p, R, *shot));  // programs only: after the tables people see
  return s;
}

}  // namespace gunpowder::fire_app
