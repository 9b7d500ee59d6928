// fire_app_broadside.cpp - fire-odds broadside: a poker-dice broadside (seed 001).
#include <cmath>
#include <map>

#include "gunpowder/fire/broadside.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::fire_app {

using fmtnum::trim;
using input::Need;
using report::Align;
using report::Table;

namespace {

const std::vector<std::string> kBands = {"long", "short", "point_blank"};

std::string band_name(const std::string& b) { return b == "point_blank" ? "point blank" : b; }

// "round" -> "round_shot", as the data names the ammunition.
std::string ammo_key(const std::string& s) {
  if (s == "round") return "round_shot";
  if (s == "chain") return "chain_shot";
  return s;
}

struct Group {
  fire::Pool pool;
  fire::HandOdds odds;
};

}  // namespace

void setup_broadside(CLI::App& sub, BroadsideParams& p) {
  sub.add_option("-n,--cannon", p.cannon, "cannon of one type firing (groups of up to five)")->type_name("N");
  sub.add_option("--weight", p.weight, "cannon type: light, medium or heavy")
      ->check(CLI::IsMember({"light", "medium", "heavy"}))
      ->type_name("TYPE");
  sub.add_option("--dice", p.dice, "throw this many dice instead (1-5)")->type_name("N");
  sub.add_option("--rerolls", p.rerolls, "with --dice: the \"+n\" re-rolls (default 0)")->type_name("N");
  sub.add_option("--range", p.range, "range band: long, short or point-blank")
      ->check(CLI::IsMember({"long", "short", "point-blank"}))
      ->type_name("BAND");
  sub.add_option("--range-in", p.range_in, "range in inches (the band from the cannon type's table)")->type_name("IN");
  sub.add_flag("--formation", p.formation, "the target is a unit in formation (+1 die)");
  sub.add_flag("--still", p.still, "the cannon is ashore, or aboard a ship at standstill or at anchor (+1 die)");
  sub.add_flag("--turned", p.turned, "the firing ship made a turn this move (-1 die)");
  sub.add_option("--modifiers-on", p.modifiers_on, "the dice modifiers act on dice + re-rolls (pool, default) or on the dice")
      ->check(CLI::IsMember({"pool", "dice"}))
      ->type_name("WHAT");
  sub.add_option("--reroll-mode", p.reroll_mode, "once: one re-throw of up to n dice (default); rounds: n re-throws")
      ->check(CLI::IsMember({"once", "rounds"}))
      ->type_name("MODE");
  sub.add_option("--play", p.play,
                 "what the re-rolls maximise: structural (default), casualties, rank, or a hand key "
                 "(pair, two_pair, three_of_a_kind, full_house, straight, four_of_a_kind, poker) for P(at least it)")
      ->type_name("GOAL");
  sub.add_flag("--raking", p.raking, "raking fire: long reads short, short reads point blank");
  sub.add_flag("--formed-up", p.formed_up, "fire at short range into a formed-up party (casualties doubled)");
  sub.add_option("--ammo", p.ammo, "round (default), chain or canister")
      ->check(CLI::IsMember({"round", "chain", "canister"}))
      ->type_name("AMMO");
  sub.add_flag("--aim-high", p.aim_high, "aiming high at masts and rigging");
  sub.add_option("--halving", p.halving, "aiming high halves strength points: round down (default) or up")
      ->check(CLI::IsMember({"down", "up"}))
      ->type_name("HOW");
  sub.add_option("--save-class", p.save_class, "casualties save as ordinary (default), officer or captain")
      ->check(CLI::IsMember({"ordinary", "officer", "captain"}))
      ->type_name("CLASS");
  sub.add_option("--cover", p.cover, "the casualties' cover: none (default), good or strong")
      ->check(CLI::IsMember({"none", "good", "strong"}))
      ->type_name("COVER");
  sub.add_flag("--large-ship-from-small", p.large_ship_from_small, "aboard a large ship fired on from a small one (+1 save)");
  sub.add_option("--target-points", p.target_points, "the target's ship or strength points (loss thresholds)")->type_name("N");
  sub.add_option("--target-guns", p.target_guns, "cannon aboard the target (cannon lost to the damage)")->type_name("N");
  sub.add_option("--crew", p.crew, "figures manning each cannon (how often it fires)")->type_name("N");
}

void read_broadside(input::TableReader& r, BroadsideParams& p) {
  auto i = [&](const char* k) -> std::optional<int> {
    if (auto v = r.integer(k, Need::optional, {-1e6, 1e6})) return static_cast<int>(*v);
    return std::nullopt;
  };
  auto b = [&](const char* k) { return r.boolean(k, Need::optional).value_or(false); };
  p.cannon = i("cannon");
  p.weight = r.string("weight", Need::optional, {"light", "medium", "heavy"});
  p.dice = i("dice");
  p.rerolls = i("rerolls");
  p.range = r.string("range", Need::optional, {"long", "short", "point-blank"});
  p.range_in = r.number("range_in", Need::optional);
  p.formation = b("formation");
  p.still = b("still");
  p.turned = b("turned");
  p.modifiers_on = r.string("modifiers_on", Need::optional, {"pool", "dice"});
  p.reroll_mode = r.string("reroll_mode", Need::optional, {"once", "rounds"});
  p.play = r.string("play", Need::optional);
  p.raking = b("raking");
  p.formed_up = b("formed_up");
  p.ammo = r.string("ammo", Need::optional, {"round", "chain", "canister"});
  p.aim_high = b("aim_high");
  p.halving = r.string("halving", Need::optional, {"down", "up"});
  p.save_class = r.string("save_class", Need::optional, {"ordinary", "officer", "captain"});
  p.cover = r.string("cover", Need::optional, {"none", "good", "strong"});
  p.large_ship_from_small = b("large_ship_from_small");
  p.target_points = i("target_points");
  p.target_guns = i("target_guns");
  p.crew = i("crew");
}

Expected<Scenario> run_broadside(const BroadsideParams& p, const Origin& o, bool explain) {
  auto rules_or = fire::load_broadside();
  if (!rules_or) return rules_or.error();
  const fire::BroadsideRules& R = **rules_or;
  Scenario s;
  auto say = [&](const std::string& l) {
    if (explain) s.explain.push_back(l);
  };

  // ---- the dice
  const bool by_cannon = p.cannon.has_value();
  if (by_cannon == p.dice.has_value())
    return field_error(o, by_cannon ? "dice" : "cannon", "give either --cannon with --weight, or --dice");
  int modifier = 0;
  std::vector<std::string> modifier_names;
  for (const auto& m : R.dice_modifiers) {
    const bool on = (m.key == "target_in_formation" && p.formation) || (m.key == "firing_platform_still" && p.still) ||
                    (m.key == "ship_turned" && p.turned);
    if (on) {
      modifier += m.delta;
      modifier_names.push_back(m.key);
    }
  }
  int most_rerolls = 0;
  for (const auto& row : R.pools) most_rerolls = std::max(most_rerolls, row.rerolls);
  for (const auto& m : R.dice_modifiers) most_rerolls += std::max(0, m.delta);
  const bool on_dice = p.modifiers_on.value_or("pool") == "dice";
  std::vector<Group> groups;
  if (by_cannon) {
    if (!p.weight) return field_error(o, "weight", "required with --cannon: light, medium or heavy");
    if (*p.cannon < 1 || *p.cannon > 100) return field_error(o, "cannon", "must be between 1 and 100, got " + std::to_string(*p.cannon));
    if (p.rerolls) return field_error(o, "rerolls", "the re-rolls come from the dice table with --cannon; use --dice");
    for (int g : fire::groups(R, *p.cannon)) {
      auto pool = fire::pool_for(R, *p.weight, g, modifier, on_dice);
      if (!pool) return field_error(o, "cannon", pool.error().items().front().message);
      groups.push_back({*pool, {}});
    }
  } else {
    if (*p.dice < 1 || *p.dice > R.max_dice)
      return field_error(o, "dice", "at most " + std::to_string(R.max_dice) + " dice are thrown (and at least 1), got " +
                                        std::to_string(*p.dice));
    const int rr = p.rerolls.value_or(0);
    if (rr < 0 || rr > most_rerolls)
      return field_error(o, "rerolls", "must be between 0 and " + std::to_string(most_rerolls) +
                                           " (the most the dice table and its modifiers give), got " + std::to_string(rr));
    if (modifier != 0 || p.formation || p.still || p.turned)
      return field_error(o, p.formation ? "formation" : p.still ? "still" : "turned",
                         "the dice modifiers apply to --cannon; with --dice give the dice to throw");
    groups.push_back({fire::Pool{0, *p.dice, rr}, {}});
  }

  // ---- the range band
  std::optional<std::string> band;
  if (p.range && p.range_in) return field_error(o, "range-in", "give --range or --range-in, not both");
  if (p.range) band = *p.range == "point-blank" ? "point_blank" : *p.range;
  if (p.range_in) {
    if (!p.weight) return field_error(o, "range-in", "needs --weight (the cannon type's range table); or give --range");
    const fire::CannonType* ct = R.cannon_type(*p.weight);
    const double d = *p.range_in;
    if (!std::isfinite(d) || d < 0) return field_error(o, "range-in", "must be 0 inches or more, got " + trim(d, 2));
    // The range table's figures are read as the far end of each band (docs/notes).
    if (d <= ct->point_blank_max_in) band = "point_blank";
    else if (d <= ct->short_max_in) band = "short";
    else if (d <= ct->long_max_in) band = "long";
    else
      return field_error(o, "range-in", trim(d, 2) + "\" is beyond the " + ct->name + "'s maximum range of " +
                                            std::to_string(ct->long_max_in) + "\"");
  }
  const std::string ammo = ammo_key(p.ammo.value_or("round"));
  const fire::Ammunition* am = R.ammo(ammo);
  if (!am) return field_error(o, "ammo", "unknown ammunition " + ammo);
  if (am->short_range_only && (!band || *band == "long"))
    return field_error(o, "ammo", am->name + " can only be fired at short range" +
                                      std::string(band ? "" : ": give --range short or point-blank"));
  if (p.aim_high && !band) return field_error(o, "aim-high", "needs the range band (--range or --range-in)");
  if (p.raking && !band) return field_error(o, "raking", "needs the range band (--range or --range-in)");
  if (p.formed_up && !band) return field_error(o, "formed-up", "needs the range band (--range or --range-in)");

  fire::BroadsideSetup setup;
  setup.band = band.value_or("long");
  setup.raking = p.raking;
  setup.formed_up = p.formed_up;
  setup.ammo = ammo;
  setup.aiming_high = p.aim_high;
  setup.halve_up = p.halving.value_or("down") == "up";
  std::vector<fire::HandEffect> effect;
  std::vector<fire::Casualty> cas;
  std::vector<double> wound_equivalents;
  for (size_t h = 0; h < R.hands.size(); ++h) {
    effect.push_back(fire::hand_effect(R, h, setup));
    cas.push_back(effect.back().cas);
    wound_equivalents.push_back(effect.back().cas.k * R.wounds_per_knockdown + effect.back().cas.w);
  }

  // ---- how the re-rolls are played
  fire::PlayRule play;
  play.mode = p.reroll_mode.value_or("once") == "rounds" ? fire::RerollMode::rounds : fire::RerollMode::once;
  const std::string goal = p.play.value_or("structural");
  std::string maximises;
  if (goal == "structural") {
    play.objective = fire::Objective::structural;
    maximises = "the expected structural damage (the same play at long, short and point-blank range)";
  } else if (goal == "casualties") {
    if (!band) return field_error(o, "play", "casualties needs the range band (--range or --range-in)");
    play.objective = fire::Objective::casualties;
    maximises = "the expected casualties at " + band_name(fire::effective_band(R, *band, p.raking)) +
                " range, a knockdown counted as " + std::to_string(R.wounds_per_knockdown) + " wounds";
  } else if (goal == "rank") {
    play.objective = fire::Objective::rank;
    maximises = "the expected rank of the hand";
  } else if (auto hi = R.hand_index(goal)) {
    play.objective = fire::Objective::at_least;
    play.at_least_hand = hi;
    maximises = "the probability of at least " + R.hands[*hi].name;
  } else {
    return field_error(o, "play", "unknown goal \"" + goal + "\" (structural, casualties, rank or a hand key)");
  }
  const std::vector<double> values = fire::hand_values(R, play, wound_equivalents);
  for (auto& g : groups) g.odds = fire::hand_odds(R, g.pool.dice, g.pool.rerolls, play.mode, values);
  say("re-rolls maximise " + maximises);

  // ---- tables: dice and hands
  Table dt;
  dt.title = "Dice (" + R.source_firing + ")";
  dt.add_column("group", "Group", Align::right)
      .add_column("cannon", "Cannon", Align::right)
      .add_column("dice", "Dice", Align::right)
      .add_column("rerolls", "Re-rolls", Align::right)
      .add_column("value", "Expected value played for", Align::right);
  for (size_t i = 0; i < groups.size(); ++i)
    dt.add_row({std::to_string(i + 1), by_cannon ? std::to_string(groups[i].pool.cannon) : "-",
                std::to_string(groups[i].pool.dice), std::to_string(groups[i].pool.rerolls),
                trim(groups[i].odds.objective_value, 4)});
  if (by_cannon)
    dt.notes.push_back(std::to_string(*p.cannon) + " " + *p.weight + " cannon" +
                       (modifier ? ", dice modifier " + std::string(modifier > 0 ? "+" : "") + std::to_string(modifier) +
                                       " on the " + (on_dice ? "dice" : "dice + re-rolls")
                                 : ""));
  dt.notes.push_back(std::string("re-rolls: ") +
                     (play.mode == fire::RerollMode::once ? "one re-throw of up to n dice" : "n successive re-throws") +
                     ", played to maximise " + maximises);
  s.tables.push_back(std::move(dt));

  json::Value groups_json = json::array();
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    const auto& g = groups[gi];
    Table ht;
    ht.title = "Hands, group " + std::to_string(gi + 1) + " (" + std::to_string(g.pool.dice) + " dice" +
               (g.pool.rerolls ? " + " + std::to_string(g.pool.rerolls) : "") + ")";
    ht.add_column("hand", "Hand").add_column("p", "P", Align::right).add_column("p_at_least", "P(at least)", Align::right);
    json::Value hands = json::array();
    double at_least = 0;
    std::vector<double> cum(R.hands.size(), 0.0);
    for (size_t i = R.hands.size(); i-- > 0;) {
      at_least += g.odds.p[i];
      cum[i] = at_least;
    }
    for (size_t i = R.hands.size(); i-- > 0;) ht.add_row({R.hands[i].name, pct(g.odds.p[i]), pct(cum[i])});
    ht.add_row({"no hand", pct(g.odds.p_none), "100.00%"});
    for (size_t i = 0; i < R.hands.size(); ++i) {
      json::Value h = json::object();
      h.set("hand", R.hands[i].key);
      h.set("p", fire::clean(g.odds.p[i]));
      h.set("p_at_least", fire::clean(cum[i]));
      hands.push(std::move(h));
    }
    json::Value none = json::object();
    none.set("hand", "none");
    none.set("p", fire::clean(g.odds.p_none));
    none.set("p_at_least", 1.0);
    hands.push(std::move(none));
    s.tables.push_back(std::move(ht));
    json::Value gj = json::object();
    gj.set("cannon", by_cannon ? json::Value(g.pool.cannon) : json::Value());
    gj.set("dice", g.pool.dice);
    gj.set("rerolls", g.pool.rerolls);
    gj.set("objective_value", fire::clean(g.odds.objective_value));
    gj.set("hands", std::move(hands));
    groups_json.push(std::move(gj));
  }

  // Expected structural damage in each band (round shot, no raking, not aiming high).
  json::Value by_band = json::object();
  Table bt;
  bt.title = "Expected structural damage by range band (" + R.source_results + ")";
  bt.add_column("band", "Band").add_column("expected", "Expected points", Align::right);
  for (const auto& b : kBands) {
    fire::BroadsideSetup plain;
    plain.band = b;
    double e = 0;
    for (const auto& g : groups)
      for (size_t h = 0; h < R.hands.size(); ++h) e += g.odds.p[h] * fire::hand_effect(R, h, plain).structural;
    bt.add_row({band_name(b), trim(e, 4)});
    by_band.set(b, fire::clean(e));
  }
  bt.notes.push_back("roundshot, not raking, not aiming high; point blank adds the long and short columns");
  s.tables.push_back(std::move(bt));

  // ---- with a range band: damage, casualties and the special targets
  json::Value structural_json, casualties_json, gates_json, masts_json, fire_json, target_json;
  if (band) {
    const std::string eff = fire::effective_band(R, *band, p.raking);
    say("range band " + band_name(*band) + (p.raking ? ", raking: read as " + band_name(eff) : ""));
    dice::Dist total = dice::Dist::constant(0);
    fire::KWDist before, after;
    // Saving throw: class, then "+1 for long-range", "+1 in a large ship fired upon from a small
    // ship", and the better of good (+1) and strong (+2) cover.
    int min_roll = 0;
    const std::string cls = p.save_class.value_or("ordinary");
    for (const auto& [key, m] : R.save_classes)
      if (key == cls) min_roll = m;
    int save_mod = 0;
    std::map<std::string, int> group_best;
    for (const auto& m : R.save_modifiers) {
      const bool on = (m.key == "long_range" && *band == "long") ||
                      (m.key == "large_ship_from_small" && p.large_ship_from_small) ||
                      (m.key == "good_cover" && p.cover.value_or("none") == "good") ||
                      (m.key == "strong_cover" && p.cover.value_or("none") == "strong");
      if (!on) continue;
      if (m.group.empty()) save_mod += m.modifier;
      else group_best[m.group] = std::max(group_best[m.group], m.modifier);
    }
    for (const auto& [g, m] : group_best) save_mod += m;
    const double p_save = fire::save_chance_d6(R, min_roll, save_mod);
    double p_no_mast = 1, p_no_dismast = 1, p_no_door = 1, p_no_gate = 1;
    const auto dismast = R.hand_index(R.aim_dismasted_hand);
    for (const auto& g : groups) {
      std::vector<double> sp(1, g.odds.p_none);
      double no_mast = g.odds.p_none;
      for (size_t h = 0; h < R.hands.size(); ++h) {
        const int v = effect[h].structural;
        if (static_cast<size_t>(v) >= sp.size()) sp.resize(static_cast<size_t>(v + 1), 0.0);
        sp[static_cast<size_t>(v)] += g.odds.p[h];
        // Aiming high: "for every 12 points of damage or part thereof caused roll a d6" (points
        // before the halving, decision), one more die for chain shot; a 1 on any die hits a mast.
        const int pts = effect[h].structural_before_aim;
        const int dice_n = pts > 0 ? (pts + R.aim_damage_per_die - 1) / R.aim_damage_per_die + am->aiming_high_extra_dice : 0;
        no_mast += g.odds.p[h] * std::pow(1.0 - 1.0 / fire::kFaces, dice_n);
      }
      total = total.plus(dice::Dist(0, std::move(sp)));
      p_no_mast *= no_mast;
      if (dismast) p_no_dismast *= 1 - g.odds.p[*dismast];
      before = fire::add(before, fire::casualties_before_saves(cas, g.odds));
      after = fire::add(after, fire::casualties_after_saves(cas, g.odds, p_save));
      // Gates and doors: at least a pair breaches a door, two pair a gate.
      for (const auto& [key, hand] : R.gate_door) {
        const auto hi = R.hand_index(hand);
        double pa = 0;
        for (size_t h = 0; h < R.hands.size(); ++h)
          if (hi && R.hands[h].rank >= R.hands[*hi].rank) pa += g.odds.p[h];
        (key == "door" ? p_no_door : p_no_gate) *= 1 - pa;
      }
    }
    s.tables.push_back(dist_table(total, "Structural damage (" + band_name(eff) + " column" +
                                             (ammo != "round_shot" ? ", " + am->name : "") +
                                             (p.aim_high ? ", aiming high" : "") + ")",
                                  "Points"));
    structural_json = json::object();
    structural_json.set("distribution", dist_json(total, "points"));
    structural_json.set("mean", fire::clean(total.mean()));

    const dice::Dist kb = fire::knockdowns(before), wb = fire::wounds(before);
    const dice::Dist ka = fire::knockdowns(after), wa = fire::wounds(after);
    Table ct;
    ct.title = "Casualties (" + band_name(eff) + " column" + (p.formed_up ? ", formed-up party" : "") + ")";
    ct.add_column("n", "N", Align::right)
        .add_column("k", "P(knockdowns)", Align::right)
        .add_column("w", "P(wounds)", Align::right)
        .add_column("k_saved", "P(knockdowns) after saves", Align::right)
        .add_column("w_saved", "P(wounds) after saves", Align::right);
    const int top = std::max({kb.max(), wb.max(), ka.max(), wa.max()});
    for (int n = 0; n <= top; ++n)
      if (kb.p(n) > 0 || wb.p(n) > 0 || ka.p(n) > 0 || wa.p(n) > 0)
        ct.add_row({std::to_string(n), pct(kb.p(n)), pct(wb.p(n)), pct(ka.p(n)), pct(wa.p(n))});
    ct.notes.push_back("saves: " + cls + " " + std::to_string(min_roll) + "+ on a d" + std::to_string(R.save_die_sides) +
                       (save_mod ? " with " + std::string(save_mod > 0 ? "+" : "") + std::to_string(save_mod) : "") +
                       ", P(save) " + pct(p_save) + "; a saved knockdown becomes a wound, a saved wound is nothing");
    ct.notes.push_back("means before saves: " + trim(kb.mean(), 4) + " knockdowns, " + trim(wb.mean(), 4) +
                       " wounds; after: " + trim(ka.mean(), 4) + " knockdowns, " + trim(wa.mean(), 4) + " wounds");
    s.tables.push_back(std::move(ct));
    casualties_json = json::object();
    casualties_json.set("save_class", cls);
    casualties_json.set("save_min_roll", min_roll);
    casualties_json.set("save_modifier", save_mod);
    casualties_json.set("p_save", fire::clean(p_save));
    casualties_json.set("knockdowns", dist_json(kb, "n"));
    casualties_json.set("wounds", dist_json(wb, "n"));
    casualties_json.set("knockdowns_after_saves", dist_json(ka, "n"));
    casualties_json.set("wounds_after_saves", dist_json(wa, "n"));
    casualties_json.set("mean_knockdowns", fire::clean(kb.mean()));
    casualties_json.set("mean_wounds", fire::clean(wb.mean()));
    casualties_json.set("mean_knockdowns_after_saves", fire::clean(ka.mean()));
    casualties_json.set("mean_wounds_after_saves", fire::clean(wa.mean()));

    Table sp;
    sp.title = "Special effects";
    sp.add_column("effect", "Effect").add_column("p", "P", Align::right).add_column("rule", "Rule");
    // Gates and doors "can be targeted independently by cannons at short range" (point blank
    // being closer still counts, decision).
    if (*band == R.gate_door_band || *band == "point_blank") {
      sp.add_row({"door breached", pct(1 - p_no_door), "at least a pair"});
      sp.add_row({"gate breached", pct(1 - p_no_gate), "at least two pair"});
      gates_json = json::object();
      gates_json.set("p_door", fire::clean(1 - p_no_door));
      gates_json.set("p_gate", fire::clean(1 - p_no_gate));
    }
    if (p.aim_high) {
      sp.add_row({"mast or rigging badly damaged", pct(1 - p_no_mast),
                  "a 1 on any of 1d6 per " + std::to_string(R.aim_damage_per_die) + " points or part"});
      sp.add_row({"dismasted", pct(1 - p_no_dismast), "a " + R.aim_dismasted_hand});
      masts_json = json::object();
      masts_json.set("p_mast_hit", fire::clean(1 - p_no_mast));
      masts_json.set("p_dismasted", fire::clean(1 - p_no_dismast));
    }
    // Fire: "When damage is caused to an SBS by Cannon ... roll 2d6. A double signifies that a
    // serious fire has broken out" (one roll per firing action, decision).
    const double p_dbl = fire::p_double(R.fire_trigger_dice, fire::kFaces);
    const double p_fire = am->starts_fires ? total.at_least(1) * p_dbl : 0.0;
    sp.add_row({"fire breaks out", pct(p_fire),
                am->starts_fires ? "damage caused, then a double on " + std::to_string(R.fire_trigger_dice) + "d6"
                                 : am->name + " starts no fires"});
    const dice::Dist fd = fire::fire_damage(R);
    fire_json = json::object();
    fire_json.set("p_fire", fire::clean(p_fire));
    fire_json.set("damage_per_phase", dist_json(fd, "points"));
    sp.notes.push_back("an unchecked fire does d" + std::to_string(R.fire_damage_die_sides) + "/" +
                       std::to_string(R.fire_damage_divisor) + " (rounded up) points per fires phase, mean " +
                       trim(fd.mean(), 3));
    s.tables.push_back(std::move(sp));

    if (p.target_points) {
      if (*p.target_points < 1) return field_error(o, "target-points", "must be at least 1, got " + std::to_string(*p.target_points));
      const double pts = *p.target_points;
      double p_half = 0, p_three = 0, p_all = 0;
      std::vector<double> lost_p;
      for (int v = total.min(); v <= total.max(); ++v) {
        const double q = total.p(v);
        if (q == 0) continue;
        if (v >= 0.5 * pts) p_half += q;
        if (v >= 0.75 * pts) p_three += q;
        if (v >= pts) p_all += q;
        if (p.target_guns) {
          const int lost = fire::cannon_lost(R, *p.target_guns, v, pts);
          if (static_cast<size_t>(lost) >= lost_p.size()) lost_p.resize(static_cast<size_t>(lost + 1), 0.0);
          lost_p[static_cast<size_t>(lost)] += q;
        }
      }
      Table tt;
      tt.title = "Target of " + std::to_string(*p.target_points) + " points (one broadside, undamaged)";
      tt.add_column("effect", "Effect").add_column("p", "P", Align::right);
      tt.add_row({"half its points lost", pct(p_half)});
      tt.add_row({"three quarters lost", pct(p_three)});
      tt.add_row({"sunk or collapsed", pct(p_all)});
      target_json = json::object();
      target_json.set("points", *p.target_points);
      target_json.set("p_half_lost", fire::clean(p_half));
      target_json.set("p_three_quarters_lost", fire::clean(p_three));
      target_json.set("p_destroyed", fire::clean(p_all));
      if (p.target_guns) {
        if (*p.target_guns < 0) return field_error(o, "target-guns", "must be 0 or more");
        const dice::Dist lost(0, lost_p.empty() ? std::vector<double>{1.0} : lost_p);
        tt.notes.push_back("cannon lost of " + std::to_string(*p.target_guns) + ": mean " + trim(lost.mean(), 3));
        target_json.set("guns", *p.target_guns);
        target_json.set("cannon_lost", dist_json(lost, "n"));
      } else {
        target_json.set("guns", json::Value());
        target_json.set("cannon_lost", json::Value());
      }
      s.tables.push_back(std::move(tt));
    }
  } else if (p.target_points || p.target_guns) {
    return field_error(o, "target-points", "needs the range band (--range or --range-in)");
  }
  if (p.target_guns && !p.target_points) {
    return field_error(o, "target-guns", "needs --target-points (the losses follow the points lost)");
  }

  // Fancy shooting at a single gun on land: "at least a full-house ... (a straight if the target is
  // in strong cover)"; the crew then save against two wounds each.
  json::Value fancy = json::object();
  {
    const auto fh = R.hand_index(R.fancy_min_hand), fs = R.hand_index(R.fancy_min_hand_strong_cover);
    double no = 1, no_strong = 1;
    for (const auto& g : groups) {
      double a = 0, b = 0;
      for (size_t h = 0; h < R.hands.size(); ++h) {
        if (fh && R.hands[h].rank >= R.hands[*fh].rank) a += g.odds.p[h];
        if (fs && R.hands[h].rank >= R.hands[*fs].rank) b += g.odds.p[h];
      }
      no *= 1 - a;
      no_strong *= 1 - b;
    }
    fancy.set("p_gun_eliminated", fire::clean(1 - no));
    fancy.set("p_gun_eliminated_strong_cover", fire::clean(1 - no_strong));
    fancy.set("crew_save_wounds", R.fancy_crew_save_wounds);
  }

  json::Value crew_json;
  if (p.crew) {
    if (!p.weight) return field_error(o, "crew", "needs --weight (the crew rules depend on the cannon type)");
    std::optional<int> every;
    int min_crew = 0;
    for (const auto& c : R.crew_rates)
      if (c.cannon_type == *p.weight && *p.crew >= c.crew_min && (!c.crew_max || *p.crew <= *c.crew_max))
        every = c.fires_every_turns;
    if (const auto* ct = R.cannon_type(*p.weight)) min_crew = ct->min_crew;
    if (!every)
      return field_error(o, "crew", "a " + *p.weight + " cannon needs at least " + std::to_string(min_crew) +
                                        " figures to fire, got " + std::to_string(*p.crew));
    crew_json = json::object();
    crew_json.set("crew", *p.crew);
    crew_json.set("fires_every_turns", *every);
    s.tables.front().notes.push_back("crew of " + std::to_string(*p.crew) + ": fires every " +
                                     (*every == 1 ? std::string("turn") : std::to_string(*every) + " turns"));
  }

  json::Value& j = s.json;
  j.set("cannon_type", p.weight ? json::Value(*p.weight) : json::Value());
  j.set("cannon", p.cannon ? json::Value(*p.cannon) : json::Value());
  json::Value mods = json::array();
  for (const auto& m : modifier_names) mods.push(m);
  j.set("dice_modifiers", std::move(mods));
  j.set("dice_modifier", modifier);
  j.set("modifiers_on", on_dice ? "dice" : "pool");
  j.set("reroll_mode", play.mode == fire::RerollMode::once ? "once" : "rounds");
  j.set("play", goal);
  j.set("play_maximises", maximises);
  j.set("hands", groups_json.array().front().find("hands") ? *groups_json.array().front().find("hands") : json::array());
  j.set("groups", std::move(groups_json));
  j.set("expected_structural_by_band", std::move(by_band));
  j.set("range_band", band ? json::Value(*band) : json::Value());
  j.set("effective_band", band ? json::Value(fire::effective_band(R, *band, p.raking)) : json::Value());
  j.set("ammo", ammo);
  j.set("aiming_high", p.aim_high);
  j.set("structural", std::move(structural_json));
  j.set("casualties", std::move(casualties_json));
  j.set("gates", std::move(gates_json));
  j.set("masts", std::move(masts_json));
  j.set("fire", std::move(fire_json));
  j.set("fancy_shooting", std::move(fancy));
  j.set("target", std::move(target_json));
  j.set("crew", std::move(crew_json));
  return s;
}

}  // namespace gunpowder::fire_app
