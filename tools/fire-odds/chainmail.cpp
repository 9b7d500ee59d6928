// chainmail.cpp - fire-odds arquebus and dowel: the options of Chainmail-style gunpowder (seed 003)
// and their reports; the odds are fire::arquebus_volley and fire::dowel_shot.
#include <cmath>
#include <CLI/CLI.hpp>

#include "gunpowder/fire/chainmail.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::fire_app {

using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

std::string inches(double x) { return trim(x, 3) + "\""; }

// The accuracy die: the band, the score needed, kills per volley.
void accuracy_report(const fire::ChainmailRules& R, const ArquebusParams& p, const fire::AccuracyOdds& odds, bool explain,
                     Scenario& s) {
  json::Value& j = s.json;
  Table t;
  t.title = "Arquebus volley: " + std::to_string(*p.men) + " men at " + inches(*p.range_in) + " (" + R.source_arquebus + ")";
  t.add_column("field", "Figure").add_column("value", "Value", Align::right);
  t.add_row({"Band", odds.row->label});
  t.add_row({"Score to hit", std::to_string(odds.row->value) + "-" + std::to_string(R.accuracy_die_sides)});
  t.add_row({"Modifier to the die", (odds.modifier > 0 ? "+" : "") + std::to_string(odds.modifier)});
  t.add_row({"Natural roll needed", std::to_string(odds.needed) + "+" + (p.natural_six ? " (a 6 always hits)" : "")});
  t.add_row({"P(hit) per man", pct(odds.p_hit)});
  t.add_row({"Mean kills", trim(odds.kills.mean(), 4)});
  t.notes.push_back("a hit kills whatever the target's armour");
  s.tables.push_back(std::move(t));
  s.tables.push_back(dist_table(odds.kills, "Kills per volley", "Kills"));
  if (explain)
    s.explain.push_back("d" + std::to_string(R.accuracy_die_sides) + " per man: needs " + std::to_string(odds.row->value) +
                        " after " + std::to_string(odds.modifier) + ", P = " + trim(odds.p_hit, 4) + "; kills ~ Binomial(" +
                        std::to_string(*p.men) + ", " + trim(odds.p_hit, 4) + ")");
  j.set("band", odds.row->label);
  j.set("min_score", odds.row->value);
  j.set("modifier", odds.modifier);
  j.set("needed", odds.needed);
  j.set("p_hit", fire::clean(odds.p_hit));
  j.set("kills", dist_json(odds.kills, "n"));
  j.set("mean_kills", fire::clean(odds.kills.mean()));
}

// The attack dice: the band, the effective AR, hits on the target and on the firing unit.
void attack_dice_report(const fire::ChainmailRules& R, const ArquebusParams& p, const fire::AttackDiceOdds& odds,
                        Scenario& s) {
  json::Value& j = s.json;
  Table t;
  t.title = "Arquebus attack dice: " + std::to_string(*p.men) + " AD" + std::to_string(R.ad_sides) + " at " +
            inches(*p.range_in) + " (" + R.source_ad + ")";
  t.add_column("field", "Figure").add_column("value", "Value", Align::right);
  t.add_row({"Band", odds.row->label + " (up to " + inches(odds.row->range_max) + ")"});
  t.add_row({"AR penalty", "+" + std::to_string(odds.row->value)});
  t.add_row({"Effective AR", std::to_string(odds.effective_ar)});
  t.add_row({"P(hit on the target) per die", pct(odds.p_target)});
  t.add_row({"P(self-hit) per die", pct(odds.p_self)});
  t.add_row({"Mean hits on the target", trim(odds.target_hits.mean(), 4)});
  t.add_row({"Mean self-hits", trim(odds.self_hits.mean(), 4)});
  t.notes.push_back("a die scores on the target when it shows at least the AR less the penalty; each " +
                    std::to_string(R.self_hit_face) + " hits the firing unit, no armour check");
  s.tables.push_back(std::move(t));
  s.tables.push_back(dist_table(odds.target_hits, "Hits on the target", "Hits"));
  s.tables.push_back(dist_table(odds.self_hits, "Self-hits on the firing unit", "Hits"));
  j.set("band", odds.row->label);
  j.set("ar", *p.ar);
  j.set("ar_penalty", odds.row->value);
  j.set("effective_ar", odds.effective_ar);
  j.set("p_target_hit", fire::clean(odds.p_target));
  j.set("p_self_hit", fire::clean(odds.p_self));
  j.set("target_hits", dist_json(odds.target_hits, "n"));
  j.set("self_hits", dist_json(odds.self_hits, "n"));
  j.set("mean_target_hits", fire::clean(odds.target_hits.mean()));
  j.set("mean_self_hits", fire::clean(odds.self_hits.mean()));
}

// The cannon classes and their ranges (seed 003).
Table cannon_ranges(const fire::ChainmailRules& R) {
  Table cr;
  cr.title = "Cannon ranges (" + R.source_cannon + ")";
  cr.add_column("class", "Class").add_column("range", "Range", Align::right).add_column("indirect", "Indirect fire");
  for (const auto& c : R.cannon) cr.add_row({c.name, inches(c.range_in), c.indirect_fire ? "yes" : "no"});
  return cr;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// arquebus

void setup_arquebus(CLI::App& sub, ArquebusParams& p) {
  sub.add_option("--men", p.men, "figures firing (one accuracy die, or one attack die, each)")->type_name("N");
  sub.add_option("--range-in", p.range_in, "range to the target in inches")->type_name("IN");
  sub.add_option("--cover", p.cover, "hard cover: none (default), half (-1) or over-half (-2)")
      ->check(CLI::IsMember({"none", "half", "over-half"}))
      ->type_name("COVER");
  sub.add_flag("--rested", p.rested, "weapons rested on a strong support (+1)");
  sub.add_flag("--natural-six", p.natural_six, "a natural 6 always hits (not in the seed)");
  sub.add_option("--system", p.system, "accuracy (the hit table, default) or attack-dice (the AD 8 variant)")
      ->check(CLI::IsMember({"accuracy", "attack-dice"}))
      ->type_name("SYSTEM");
  sub.add_option("--ar", p.ar, "attack-dice variant: the target's armour rating")->type_name("AR");
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
  if (volley->accuracy) accuracy_report(R, p, *volley->accuracy, explain, s);
  else attack_dice_report(R, p, *volley->attack_dice, s);
  return s;
}

// ---------------------------------------------------------------------------------------------
// dowel

void setup_dowel(CLI::App& sub, DowelParams& p) {
  sub.add_option("--gun", p.gun, "light, heavy or bombard")
      ->check(CLI::IsMember({"light", "heavy", "bombard"}))
      ->type_name("CLASS");
  sub.add_option("--call", p.call, "white (firing short) or black (firing long)")
      ->check(CLI::IsMember({"white", "black"}))
      ->type_name("COLOUR");
  sub.add_option("--distance-in", p.distance_in, "distance to the aim point in inches")->type_name("IN");
  sub.add_option("--depth-in", p.depth_in, "the target's depth along the line of fire in inches")->type_name("IN");
  sub.add_option("--measure", p.measure, "the distance is to the target's centre (default) or its near-edge")
      ->check(CLI::IsMember({"centre", "near-edge"}))
      ->type_name("TO");
  sub.add_option("--width-in", p.width_in, "the target's frontage in inches (for the variation die)")->type_name("IN");
  sub.add_option("--offsets", p.offsets, "sideways shift of the dowel's end for die faces 1-6, inches (the seed's drawing is lost)")
      ->delimiter(',')
      ->expected(6)
      ->type_name("O1,...,O6");
}

Expected<Scenario> run_dowel(const DowelParams& p, bool explain) {
  auto rules_or = fire::load_chainmail();
  if (!rules_or) return rules_or.error();
  const fire::ChainmailRules& R = **rules_or;
  auto shot = fire::dowel_shot(R, p);
  if (!shot) return shot.error();
  const fire::DowelInput& in = shot->input;
  const fire::DowelOdds& d = shot->odds;

  Scenario s;
  Table t;
  t.title = d.cls->name + ", " + *p.call + " called, target " + inches(d.near_in) + " to " + inches(d.far_in) + " (" +
            R.source_dowel + ")";
  t.add_column("section", "Section", Align::right)
      .add_column("colour", "Colour")
      .add_column("from", "From", Align::right)
      .add_column("to", "To", Align::right)
      .add_column("on_target", "On the target", Align::right);
  json::Value sections = json::array();
  for (const auto& h : d.sections) {
    t.add_row({std::to_string(h.section.index), h.section.colour + " " + std::to_string(h.section.colour_ordinal),
               inches(h.section.start_in), inches(h.section.end_in), inches(h.on_target_in)});
    json::Value sj = json::object();
    sj.set("index", h.section.index);
    sj.set("colour_ordinal", h.section.colour_ordinal);
    sj.set("start_in", h.section.start_in);
    sj.set("end_in", h.section.end_in);
    sj.set("on_target_in", fire::clean(h.on_target_in));
    sections.push(std::move(sj));
  }
  t.notes.push_back("dowel " + inches(d.cls->range_in) + " long, " + inches(d.cls->diameter_in) +
                    " thick; every figure the " + *p.call + " sections touch is removed, friends included");
  t.notes.push_back("straight shot: " + inches(d.straight_on_target_in) + " of " + *p.call + " on the target; the variation die gives it on a " +
                    std::to_string(R.straight_result) + " (P " + pct(d.p_straight) + ")");
  if (!p.offsets)
    t.notes.push_back("the variation measure's drawing is lost: the other faces' shifts are unknown (give --offsets and --width-in)");
  s.tables.push_back(std::move(t));
  s.tables.push_back(cannon_ranges(R));
  json::Value faces;
  if (p.offsets) {
    Table ft;
    ft.title = "Variation die (offsets given)";
    ft.add_column("face", "Face", Align::right)
        .add_column("offset", "Offset", Align::right)
        .add_column("on_target", "On the target", Align::right);
    faces = json::array();
    for (const auto& f : d.faces) {
      ft.add_row({std::to_string(f.face), inches(f.offset_in), inches(f.on_target_in)});
      json::Value fj = json::object();
      fj.set("face", f.face);
      fj.set("offset_in", f.offset_in);
      fj.set("on_target_in", fire::clean(f.on_target_in));
      faces.push(std::move(fj));
    }
    ft.notes.push_back("mean " + inches(d.mean_on_target_in) + " on the target; P(some " + *p.call + " on it) " +
                       pct(d.p_any_on_target));
    s.tables.push_back(std::move(ft));
  }
  if (explain) {
    s.explain.push_back("target from " + trim(d.near_in, 3) + " to " + trim(d.far_in, 3) + " in (" +
                        (in.measure == fire::Measure::centre ? "distance to the centre" : "distance to the near edge") + ")");
    for (const auto& h : d.sections)
      s.explain.push_back(h.section.colour + " section " + std::to_string(h.section.index) + " " + trim(h.section.start_in) +
                          "-" + trim(h.section.end_in) + ": overlap " + trim(h.on_target_in, 3) + " in");
  }
  json::Value& j = s.json;
  j.set("cannon_class", in.cannon);
  j.set("class_name", d.cls->name);
  j.set("range_in", d.cls->range_in);
  j.set("colour", *p.call);
  j.set("measure", in.measure == fire::Measure::centre ? "centre" : "near-edge");
  j.set("near_in", fire::clean(d.near_in));
  j.set("far_in", fire::clean(d.far_in));
  j.set("sections", std::move(sections));
  j.set("on_target_in", fire::clean(d.straight_on_target_in));
  j.set("straight_face", R.straight_result);
  j.set("p_straight", fire::clean(d.p_straight));
  j.set("faces", std::move(faces));
  j.set("mean_on_target_in", p.offsets ? json::Value(fire::clean(d.mean_on_target_in)) : json::Value());
  j.set("p_any_on_target", p.offsets ? json::Value(fire::clean(d.p_any_on_target)) : json::Value());
  return s;
}

}  // namespace gunpowder::fire_app
