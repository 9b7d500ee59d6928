// broadside.cpp - fire-odds broadside: the options of a poker-dice broadside (seed 001) and its
// report; the figures are fire::broadside_odds.
#include <CLI/CLI.hpp>
#include <algorithm>

#include "fire-odds/choice.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/fire/broadside.hpp"

namespace gunpowder::fire_app {

using fire::Broadside;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

// The knockdowns and wounds of a band's casualties, before and after saves.
struct CasualtyDists {
  dice::Dist knockdowns, wounds, knockdowns_after, wounds_after;
};
CasualtyDists casualty_dists(const fire::BandFigures& f) {
  return {fire::knockdowns(f.before), fire::wounds(f.before), fire::knockdowns(f.after), fire::wounds(f.after)};
}

Table dice_table(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b) {
  Table dt;
  dt.title = "Dice (" + R.source_firing + ")";
  dt.add_column("group", "Group", Align::right)
      .add_column("cannon", "Cannon", Align::right)
      .add_column("dice", "Dice", Align::right)
      .add_column("rerolls", "Re-rolls", Align::right)
      .add_column("expected_value", "Expected value played for", Align::right);
  for (size_t i = 0; i < b.groups.size(); ++i) {
    const fire::BroadsideGroup& g = b.groups[i];
    dt.add_row({std::to_string(i + 1), b.by_cannon ? report::Cell(std::to_string(g.pool.cannon)) : report::cell::none(),
                std::to_string(g.pool.dice), std::to_string(g.pool.rerolls),
                report::cell::trimmed(g.odds.objective_value, 4)});
  }
  if (b.by_cannon)
    dt.notes.push_back(std::to_string(*p.cannon) + " " + *p.weight + " cannon" +
                       (b.modifier ? ", dice modifier " + signed_str(b.modifier) + " on the " +
                                         (b.on_dice ? "dice" : "dice + re-rolls")
                                   : ""));
  dt.notes.push_back(
      std::string("re-rolls: ") +
      (b.play.mode == fire::RerollMode::once ? "one re-throw of up to n dice" : "n successive re-throws") +
      ", played to maximise " + b.maximises);
  if (b.fires_every_turns)
    dt.notes.push_back(
        "crew of " + std::to_string(*p.crew) + ": fires every " +
        (*b.fires_every_turns == 1 ? std::string("turn") : std::to_string(*b.fires_every_turns) + " turns"));
  return dt;
}

// One group's hands: a table, and its JSON (with the group's dice).
json::Value hands_of_group(const fire::BroadsideRules& R, const Broadside& b, size_t gi, Scenario& s) {
  const fire::BroadsideGroup& g = b.groups[gi];
  Table ht;
  ht.name = "hands";
  ht.context.push_back({"group", std::to_string(gi + 1)});
  ht.title = "Hands, group " + std::to_string(gi + 1) + " (" + std::to_string(g.pool.dice) + " dice" +
             (g.pool.rerolls ? " + " + std::to_string(g.pool.rerolls) : "") + ")";
  ht.add_column("hand_name", "Hand", Align::left, report::Shown::people)
      .add_column("hand", "Hand", Align::left, report::Shown::programs)
      .add_column("p", "P", Align::right)
      .add_column("p_at_least", "P(at least)", Align::right);
  json::Value hands = json::array();
  double at_least = 0;
  std::vector<double> cum(R.hands.size(), 0.0);
  for (size_t i = R.hands.size(); i-- > 0;) {
    at_least += g.odds.p[i];
    cum[i] = at_least;
  }
  for (size_t i = R.hands.size(); i-- > 0;)
    ht.add_row({R.hands[i].name, suite_spelling(R.hands[i].key), pct_cell(g.odds.p[i]), pct_cell(cum[i])});
  ht.add_row({"no hand", "none", pct_cell(g.odds.p_none), pct_cell(1.0)});
  for (size_t i = 0; i < R.hands.size(); ++i) {
    json::Value h = json::object();
    h.set("hand", suite_spelling(R.hands[i].key));
    h.set("p", g.odds.p[i]);
    h.set("p_at_least", cum[i]);
    hands.push(std::move(h));
  }
  json::Value none = json::object();
  none.set("hand", "none");
  none.set("p", g.odds.p_none);
  none.set("p_at_least", 1.0);
  hands.push(std::move(none));
  s.tables.push_back(std::move(ht));
  json::Value gj = json::object();
  gj.set("cannon", b.by_cannon ? json::Value(g.pool.cannon) : json::Value());
  gj.set("dice", g.pool.dice);
  gj.set("rerolls", g.pool.rerolls);
  gj.set("objective_value", g.odds.objective_value);
  gj.set("hands", std::move(hands));
  return gj;
}

Table by_band_table(const fire::BroadsideRules& R, const Broadside& b) {
  Table bt;
  bt.title = "Expected structural damage by range band (" + R.source_results + ")";
  bt.add_column("band", "Band").add_column("expected_points", "Expected points", Align::right);
  for (size_t i = 0; i < fire::kBandKeys.size(); ++i)
    bt.add_row({report::Cell(fire::band_name(fire::kBandKeys[i]), suite_spelling(fire::kBandKeys[i])),
                report::cell::trimmed(b.structural_by_band[i], 4)});
  bt.notes.push_back("roundshot, not raking, not aiming high; point blank adds the long and short columns");
  return bt;
}

Table casualties_table(const fire::BroadsideRules& R, const BroadsideParams& p, const fire::BandFigures& f) {
  const auto [kb, wb, ka, wa] = casualty_dists(f);
  Table ct;
  ct.title = "Casualties (" + fire::band_name(f.effective) + " column" + (p.formed_up ? ", formed-up party" : "") + ")";
  ct.add_column("n", "N", Align::right)
      .add_column("p_knockdowns", "P(knockdowns)", Align::right)
      .add_column("p_wounds", "P(wounds)", Align::right)
      .add_column("p_knockdowns_after_saves", "P(knockdowns) after saves", Align::right)
      .add_column("p_wounds_after_saves", "P(wounds) after saves", Align::right);
  const int top = std::max({kb.max(), wb.max(), ka.max(), wa.max()});
  for (int n = 0; n <= top; ++n)
    if (kb.p(n) > 0 || wb.p(n) > 0 || ka.p(n) > 0 || wa.p(n) > 0)
      ct.add_row({std::to_string(n), pct_cell(kb.p(n)), pct_cell(wb.p(n)), pct_cell(ka.p(n)), pct_cell(wa.p(n))});
  ct.notes.push_back("saves: " + f.save_class + " " + std::to_string(f.save_min_roll) + "+ on a d" +
                     std::to_string(R.save_die_sides) +
                     (f.save_modifier ? " with " + signed_str(f.save_modifier) : "") + ", P(save) " + pct(f.p_save) +
                     "; a saved knockdown becomes a wound, a saved wound is nothing");
  ct.notes.push_back("means before saves: " + trim(kb.mean(), 4) + " knockdowns, " + trim(wb.mean(), 4) +
                     " wounds; after: " + trim(ka.mean(), 4) + " knockdowns, " + trim(wa.mean(), 4) + " wounds");
  return ct;
}

json::Value casualties_json(const fire::BandFigures& f) {
  const auto [kb, wb, ka, wa] = casualty_dists(f);
  json::Value c = json::object();
  c.set("save_class", f.save_class);
  c.set("save_min_roll", f.save_min_roll);
  c.set("save_modifier", f.save_modifier);
  c.set("p_save", f.p_save);
  c.set("knockdowns", dist_json(kb, "n"));
  c.set("wounds", dist_json(wb, "n"));
  c.set("knockdowns_after_saves", dist_json(ka, "n"));
  c.set("wounds_after_saves", dist_json(wa, "n"));
  c.set("mean_knockdowns", kb.mean());
  c.set("mean_wounds", wb.mean());
  c.set("mean_knockdowns_after_saves", ka.mean());
  c.set("mean_wounds_after_saves", wa.mean());
  return c;
}

Table special_table(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b) {
  const fire::BandFigures& f = *b.at_band;
  const fire::Ammunition& am = *b.ammunition;
  Table sp;
  sp.title = "Special effects";
  sp.add_column("effect", "Effect").add_column("p", "P", Align::right).add_column("rule", "Rule");
  if (f.gates) {
    sp.add_row({"door breached", pct_cell(f.p_door), "at least a pair"});
    sp.add_row({"gate breached", pct_cell(f.p_gate), "at least two pair"});
  }
  if (p.aim_high) {
    sp.add_row({"mast or rigging badly damaged", pct_cell(f.p_mast),
                "a 1 on any of 1d6 per " + std::to_string(R.aim_damage_per_die) + " points or part"});
    sp.add_row({"dismasted", pct_cell(f.p_dismasted), "a " + R.aim_dismasted_hand});
  }
  sp.add_row({"fire breaks out", pct_cell(f.p_fire),
              am.starts_fires ? "damage caused, then a double on " + std::to_string(R.fire_trigger_dice) + "d6"
                              : am.name + " starts no fires"});
  sp.notes.push_back("an unchecked fire does d" + std::to_string(R.fire_damage_die_sides) + "/" +
                     std::to_string(R.fire_damage_divisor) + " (rounded up) points per fires phase, mean " +
                     trim(f.fire_damage.mean(), 3));
  return sp;
}

Table target_table(const fire::TargetLoss& t) {
  Table tt;
  tt.name = "target";
  tt.title = "Target of " + std::to_string(t.points) + " points (one broadside, undamaged)";
  tt.add_column("effect", "Effect").add_column("p", "P", Align::right);
  tt.add_row({"half its points lost", pct_cell(t.p_half)});
  tt.add_row({"three quarters lost", pct_cell(t.p_three_quarters)});
  tt.add_row({"sunk or collapsed", pct_cell(t.p_destroyed)});
  if (t.guns)
    tt.notes.push_back("cannon lost of " + std::to_string(*t.guns) + ": mean " + trim(t.cannon_lost.mean(), 3));
  return tt;
}

json::Value target_json(const fire::TargetLoss& t) {
  json::Value j = json::object();
  j.set("points", t.points);
  j.set("p_half_lost", t.p_half);
  j.set("p_three_quarters_lost", t.p_three_quarters);
  j.set("p_destroyed", t.p_destroyed);
  j.set("guns", t.guns ? json::Value(*t.guns) : json::Value());
  j.set("cannon_lost", t.guns ? dist_json(t.cannon_lost, "n") : json::Value());
  return j;
}

// The JSON of the figures at the range band: structural, casualties, gates, masts, fire.
struct BandJson {
  json::Value structural, casualties, gates, masts, fire;
};
BandJson band_json(const BroadsideParams& p, const fire::BandFigures& f) {
  BandJson j;
  j.structural = json::object();
  j.structural.set("distribution", dist_json(f.structural, "points"));
  j.structural.set("mean", f.structural.mean());
  j.casualties = casualties_json(f);
  if (f.gates) {
    j.gates = json::object();
    j.gates.set("p_door", f.p_door);
    j.gates.set("p_gate", f.p_gate);
  }
  if (p.aim_high) {
    j.masts = json::object();
    j.masts.set("p_mast_hit", f.p_mast);
    j.masts.set("p_dismasted", f.p_dismasted);
  }
  j.fire = json::object();
  j.fire.set("p_fire", f.p_fire);
  j.fire.set("damage_per_phase", dist_json(f.fire_damage, "points"));
  return j;
}

// The hands of every group, best first: one series per group.
report::Chart hands_chart(const fire::BroadsideRules& R, const Broadside& b) {
  auto dice_of = [](const fire::BroadsideGroup& g) {
    return std::to_string(g.pool.dice) + " dice" + (g.pool.rerolls ? " + " + std::to_string(g.pool.rerolls) : "");
  };
  report::Chart c;
  c.title = b.groups.size() == 1 ? "Hands (" + dice_of(b.groups.front()) + ")" : "Hands, by group of cannon";
  c.label_axis = "Hand";
  for (size_t i = R.hands.size(); i-- > 0;) c.labels.push_back(R.hands[i].name);
  c.labels.emplace_back("No hand");
  for (size_t gi = 0; gi < b.groups.size(); ++gi) {
    const fire::BroadsideGroup& g = b.groups[gi];
    std::vector<std::optional<double>> v;
    for (size_t i = R.hands.size(); i-- > 0;) v.emplace_back(g.odds.p[i]);
    v.emplace_back(g.odds.p_none);
    c.add_series(b.groups.size() == 1 ? "" : "Group " + std::to_string(gi + 1) + " (" + dice_of(g) + ")", std::move(v));
  }
  return c;
}

// The tables and charts at the range band.
void band_tables(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b, Scenario& s) {
  const fire::BandFigures& f = *b.at_band;
  const std::string column = fire::band_name(f.effective) + " column";
  s.tables.push_back(dist_table(f.structural,
                                "Structural damage (" + column +
                                    (b.ammo != "round_shot" ? ", " + b.ammunition->name : "") +
                                    (p.aim_high ? ", aiming high" : "") + ")",
                                "Points", "points"));
  s.charts.push_back(dist_chart(s.tables.back().title, "Points", {{"", &f.structural}}));
  s.tables.push_back(casualties_table(R, p, f));
  const auto [kb, wb, ka, wa] = casualty_dists(f);
  const std::string party = p.formed_up ? ", formed-up party" : "";
  s.charts.push_back(
      dist_chart("Knockdowns (" + column + party + ")", "Knockdowns", {{"Before saves", &kb}, {"After saves", &ka}}));
  s.charts.push_back(
      dist_chart("Wounds (" + column + party + ")", "Wounds", {{"Before saves", &wb}, {"After saves", &wa}}));
  s.tables.push_back(special_table(R, p, b));
  if (b.target) {
    s.tables.push_back(target_table(*b.target));
    if (b.target->guns)
      s.charts.push_back(dist_chart("Target of " + std::to_string(b.target->points) + " points: cannon lost of " +
                                        std::to_string(*b.target->guns),
                                    "Cannon lost", {{"", &b.target->cannon_lost}}));
  }
}

json::Value fancy_json(const fire::BroadsideRules& R, const Broadside& b) {
  json::Value fancy = json::object();
  fancy.set("p_gun_eliminated", b.p_gun_eliminated);
  fancy.set("p_gun_eliminated_strong_cover", b.p_gun_eliminated_strong_cover);
  fancy.set("crew_save_wounds", R.fancy_crew_save_wounds);
  return fancy;
}

// The dice and the play, before the figures.
void set_dice_json(json::Value& j, const BroadsideParams& p, const Broadside& b) {
  j.set("weight", p.weight ? json::Value(*p.weight) : json::Value());
  j.set("cannon", p.cannon ? json::Value(*p.cannon) : json::Value());
  json::Value mods = json::array();
  for (const auto& m : b.modifier_names) mods.push(m);
  j.set("dice_modifiers", std::move(mods));
  j.set("dice_modifier", b.modifier);
  j.set("modifiers_on", b.on_dice ? "dice" : "pool");
  j.set("reroll_mode", b.play.mode == fire::RerollMode::once ? "once" : "rounds");
  j.set("play", b.goal);
  j.set("play_maximises", b.maximises);
}

}  // namespace

void setup_broadside(CLI::App& sub, BroadsideParams& p) {
  sub.add_option("--cannon", p.cannon, "cannon of one type firing (groups of up to five)")->type_name("N");
  sub.add_option("--weight", p.weight, "cannon type: light, medium or heavy")
      ->transform(choice(fire::choices::kWeight))
      ->type_name("TYPE");
  sub.add_option("--dice", p.dice, "throw this many dice instead (1-5)")->type_name("N");
  sub.add_option("--rerolls", p.rerolls, "with --dice: the \"+n\" re-rolls (default 0)")->type_name("N");
  sub.add_option("--range-band", p.range_band, "range band: point-blank, short or long")
      ->transform(choice(fire::choices::kBroadsideRangeBand))
      ->type_name("BAND");
  sub.add_option("--range-in", p.range_in, "range in inches (the band from the cannon type's table)")->type_name("IN");
  sub.add_flag("--formation", p.formation, "the target is a unit in formation (+1 die)");
  sub.add_flag("--still", p.still, "the cannon is ashore, or aboard a ship at standstill or at anchor (+1 die)");
  sub.add_flag("--turned", p.turned, "the firing ship made a turn this move (-1 die)");
  sub.add_option("--modifiers-on", p.modifiers_on,
                 "the dice modifiers act on dice + re-rolls (pool, default) or on the dice")
      ->transform(choice(fire::choices::kModifiersOn))
      ->type_name("WHAT");
  sub.add_option("--reroll-mode", p.reroll_mode, "once: one re-throw of up to n dice (default); rounds: n re-throws")
      ->transform(choice(fire::choices::kRerollMode))
      ->type_name("MODE");
  sub.add_option("--play", p.play,
                 "what the re-rolls maximise: structural (default), casualties, rank, or a hand key "
                 "(pair, two-pair, three-of-a-kind, full-house, straight, four-of-a-kind, poker) for P(at least it)")
      ->transform(choice(fire::choices::kPlay))
      ->type_name("GOAL");
  sub.add_flag("--raking", p.raking, "raking fire: long reads short, short reads point blank");
  sub.add_flag("--formed-up", p.formed_up, "fire at short range into a formed-up party (casualties doubled)");
  sub.add_option("--ammo", p.ammo, "round (default), chain or canister")
      ->transform(choice(fire::choices::kAmmo))
      ->type_name("AMMO");
  sub.add_flag("--aim-high", p.aim_high, "aiming high at masts and rigging");
  sub.add_option("--halving", p.halving, "aiming high halves strength points: round down (default) or up")
      ->transform(choice(fire::choices::kHalving))
      ->type_name("HOW");
  sub.add_option("--save-class", p.save_class, "casualties save as ordinary (default), officer or captain")
      ->transform(choice(fire::choices::kSaveClass))
      ->type_name("CLASS");
  sub.add_option("--cover", p.cover, "the casualties' cover: none (default), good or strong")
      ->transform(choice(fire::choices::kBroadsideCover))
      ->type_name("COVER");
  sub.add_flag("--large-ship-from-small", p.large_ship_from_small,
               "aboard a large ship fired on from a small one (+1 save)");
  sub.add_option("--target-points", p.target_points, "the target's ship or strength points (loss thresholds)")
      ->type_name("N");
  sub.add_option("--target-guns", p.target_guns, "cannon aboard the target (cannon lost to the damage)")
      ->type_name("N");
  sub.add_option("--crew", p.crew, "figures manning each cannon (how often it fires)")->type_name("N");
}

Expected<Scenario> run_broadside(const BroadsideParams& p, bool explain) {
  auto rules_or = fire::load_broadside();
  if (!rules_or) return rules_or.error();
  const fire::BroadsideRules& R = **rules_or;
  auto odds = fire::broadside_odds(R, p);
  if (!odds) return odds.error();
  const Broadside& b = *odds;
  Scenario s;
  if (explain) {
    s.explain.push_back("re-rolls maximise " + b.maximises);
    if (b.at_band)
      s.explain.push_back("range band " + fire::band_name(*b.band) +
                          (p.raking ? ", raking: read as " + fire::band_name(b.at_band->effective) : ""));
  }
  s.tables.push_back(dice_table(R, p, b));
  json::Value groups_json = json::array();
  for (size_t gi = 0; gi < b.groups.size(); ++gi) groups_json.push(hands_of_group(R, b, gi, s));
  s.charts.push_back(hands_chart(R, b));
  s.tables.push_back(by_band_table(R, b));
  BandJson bj;
  if (b.at_band) {
    band_tables(R, p, b, s);
    bj = band_json(p, *b.at_band);
  }
  json::Value& j = s.json;
  set_dice_json(j, p, b);
  j.set("hands",
        groups_json.array().front().find("hands") ? *groups_json.array().front().find("hands") : json::array());
  j.set("groups", std::move(groups_json));
  json::Value by_band = json::object();
  for (size_t i = 0; i < fire::kBandKeys.size(); ++i) by_band.set(fire::kBandKeys[i], b.structural_by_band[i]);
  j.set("expected_structural_by_band", std::move(by_band));
  j.set("range_band", b.band ? json::Value(suite_spelling(*b.band)) : json::Value());
  j.set("effective_band", b.at_band ? json::Value(suite_spelling(b.at_band->effective)) : json::Value());
  j.set("ammo", p.ammo.value_or("round"));
  j.set("aim_high", p.aim_high);
  j.set("cover", p.cover.value_or("none"));
  j.set("structural", std::move(bj.structural));
  j.set("casualties", std::move(bj.casualties));
  j.set("gates", std::move(bj.gates));
  j.set("masts", std::move(bj.masts));
  j.set("fire", std::move(bj.fire));
  j.set("fancy_shooting", fancy_json(R, b));
  j.set("target", b.target ? target_json(*b.target) : json::Value());
  json::Value crew_json;
  if (b.fires_every_turns) {
    crew_json = json::object();
    crew_json.set("crew", *p.crew);
    crew_json.set("fires_every_turns", *b.fires_every_turns);
  }
  j.set("crew", std::move(crew_json));
  return s;
}

}  // namespace gunpowder::fire_app
