// war_data.cpp - loads data/war_machine.toml into war::Rules, reading every key strictly (the
// embedded table is part of the program: a broken table is an internal error, exit 70, and the
// data tests load it).
#include <algorithm>
#include <initializer_list>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/input/reader.hpp"
#include "gunpowder/war/war_input.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::war {

using input::Need;
using input::TableReader;

const std::vector<std::string>& bfr_kind_names() {
  static const std::vector<std::string> names = {"leader_level",
                                                 "leader_ability_adjustments",
                                                 "name_level_percent",
                                                 "officer_level",
                                                 "troop_level",
                                                 "victories",
                                                 "routs",
                                                 "weeks_trained",
                                                 "weeks_with_leader",
                                                 "months_on_duty",
                                                 "weapons",
                                                 "second_weapon",
                                                 "armour_class",
                                                 "elves_or_dwarves",
                                                 "two_asterisk_percent"};
  return names;
}

std::optional<BfrKind> parse_bfr_kind(std::string_view id) { return kind_named<BfrKind>(bfr_kind_names(), id); }

const std::vector<std::string>& quick_quantity_names() {
  static const std::vector<std::string> names = {
      "mounted",      "missile_capable", "missile_range_100ft",          "magical",
      "spellcasters", "flyers",          "average_movement_fastest_mode"};
  return names;
}

namespace {

struct Ctx {
  const input::Document& doc;
  Diagnostics& diags;
};

int integer(TableReader& r, std::string_view key) {
  return static_cast<int>(r.integer(key, Need::required).value_or(0));
}
std::optional<int> opt_integer(TableReader& r, std::string_view key) {
  auto v = r.integer(key, Need::optional);
  if (!v) return std::nullopt;
  return static_cast<int>(*v);
}
double num(TableReader& r, std::string_view key) { return r.number(key, Need::required).value_or(0); }
std::string str(TableReader& r, std::string_view key, const std::vector<std::string>& allowed = {}) {
  return r.string(key, Need::required, allowed).value_or("");
}
bool boolean(TableReader& r, std::string_view key) { return r.boolean(key, Need::required).value_or(false); }

// [numerator, denominator], each a whole number up to kMaxWholeNumber (the denominator at least
// 1); a share of a whole (`share`: the casualties that are killed) at most 1. (A scale of the
// casualties, as a simple siege's defenders', may pass 1: the loss itself is at most the force.)
Fraction fraction(TableReader& r, std::string_view key, bool share = false) {
  Fraction f;
  if (const auto* a = r.array(key, Need::required)) {
    if (a->size() != 2 || !(*a)[0].is_integer() || !(*a)[1].is_integer()) {
      r.error_at(key, "'" + std::string(key) + "' must be [numerator, denominator]");
      return f;
    }
    const std::int64_t n = (*a)[0].value<std::int64_t>().value_or(1), d = (*a)[1].value<std::int64_t>().value_or(1);
    const auto most = static_cast<std::int64_t>(input::kMaxWholeNumber);
    if (n < 0 || n > most || d < 1 || d > most)
      r.error_at(key, "'" + std::string(key) + "' must be [numerator, denominator] of whole numbers from 0 (1 for the "
                      "denominator) to " + fmtnum::grouped(most) + ", got [" + std::to_string(n) + ", " +
                      std::to_string(d) + "]");
    else if (share && n > d)
      r.error_at(key, "'" + std::string(key) + "' is a share of a whole: at most [1, 1], got [" + std::to_string(n) +
                          ", " + std::to_string(d) + "]");
    else {
      f.n = n;
      f.d = d;
    }
  }
  return f;
}

std::vector<std::string> strings(TableReader& r, std::string_view key) {
  std::vector<std::string> out;
  if (const auto* a = r.array(key, Need::required))
    for (const auto& n : *a) {
      if (auto s = n.value<std::string>())
        out.push_back(*s);
      else
        r.error_at(key, "'" + std::string(key) + "' must hold strings");
    }
  return out;
}

/// Calls fn on every table of the array of tables `key` of `top`.
template <typename Fn>
void each(Ctx& c, TableReader& top, std::string_view key, const std::string& what, Fn fn) {
  if (const auto* a = top.array(key, Need::required))
    for (const auto& n : *a) {
      if (const auto* t = n.as_table()) {
        TableReader r(c.doc, *t, c.diags, what);
        fn(r);
        r.finish();
      } else {
        top.error_at(key, what + " must be a table");
      }
    }
}

/// Calls fn on the table `key` of `top`.
template <typename Fn>
void table(Ctx& c, TableReader& top, std::string_view key, Fn fn) {
  if (const auto* t = top.table(key, Need::required)) {
    TableReader r(c.doc, *t, c.diags, "[" + std::string(key) + "]");
    fn(r);
    r.finish();
  }
}

std::optional<Fatigue> fatigue_of(TableReader& r, std::string_view key) {
  auto s = r.string(key, Need::optional, {"none", "moderate", "serious"});
  if (!s) return std::nullopt;
  return parse_fatigue(*s);
}
std::optional<Location> location_of(TableReader& r, std::string_view key) {
  auto s = r.string(key, Need::optional, {"field", "retreat", "rout"});
  if (!s) return std::nullopt;
  if (*s == "field") return Location::field;
  if (*s == "retreat") return Location::retreat;
  return Location::rout;
}
TacticEffect effect_of(TableReader& r, const char* kind_key, const char* value_key) {
  TacticEffect e;
  auto k = r.string(kind_key, Need::optional, {"casualties", "br"});
  auto v = opt_integer(r, value_key);
  if (k.has_value() != v.has_value()) r.error(std::string(kind_key) + " and " + value_key + " go together");
  if (k && v) {
    e.kind = *k == "br" ? EffectKind::br : EffectKind::casualties;
    e.value = *v;
  }
  return e;
}

/// Seed 004: battle force rating B', troop classes and battle rating B.
void read_rating(Ctx& c, TableReader& top, Rules& R) {
  table(c, top, "rounding", [&](TableReader& r) {
    str(r, "default", {"up"});
    r.note("source");
  });
  table(c, top, "bfr", [&](TableReader& r) {
    R.bfr_source = str(r, "source");
    R.troops_per_officer = integer(r, "troops_per_officer");
    R.nonhuman_officer_level_bonus = integer(r, "nonhuman_officer_level_bonus");
    str(r, "percent_rounding", {"up"});
    R.special_troops_exclusive = boolean(r, "special_troops_exclusive");
  });
  each(c, top, "bfr_component", "[[bfr_component]]", [&](TableReader& r) {
    BfrComponent b;
    b.factor = str(r, "factor", {"leadership", "experience", "training", "equipment", "special-troops"});
    b.id = r.value("id", Need::required, bfr_kind_names()).value_or("");
    b.kind = parse_bfr_kind(b.id).value_or(b.kind);
    b.label = str(r, "label");
    b.source = str(r, "source");
    r.note("input");  // what the user supplies, in words: the rule reads the kind (id)
    b.points_per_unit = r.number("points_per_unit", Need::optional).value_or(0);
    b.points = opt_integer(r, "points");
    if (!b.points && !r.has("points_per_unit")) r.error("a [[bfr_component]] needs points or points_per_unit");
    b.input_max = r.number("input_max", Need::optional);
    r.note("condition");
    R.bfr_components.push_back(b);
  });
  each(c, top, "ability_adjustment", "[[ability_adjustment]]", [&](TableReader& r) {
    R.ability_bands.push_back({integer(r, "score_min"), integer(r, "score_max"), integer(r, "adjustment")});
    r.note("source");
  });
  each(c, top, "weapon_quality", "[[weapon_quality]]", [&](TableReader& r) {
    R.weapon_qualities.push_back({str(r, "quality"), integer(r, "points")});
    r.note("source");
  });
  each(c, top, "troop_class", "[[troop_class]]", [&](TableReader& r) {
    TroopClass t;
    t.rank = integer(r, "rank");
    t.id = str(r, "id");
    t.label = str(r, "label");
    t.bfr_min = integer(r, "bfr_min");
    t.bfr_max = opt_integer(r, "bfr_max");
    R.class_source = str(r, "source");
    R.troop_classes.push_back(t);
  });
  table(c, top, "battle_rating", [&](TableReader& r) {
    R.br_bonus_divisor = integer(r, "bonus_divisor");
    str(r, "bonus_rounding", {"up"});
    str(r, "troop_class_from", {"bfr"});
    R.default_percent_reading =
        parse_percent_reading(str(r, "statement_reading", {"up", "exact"})).value_or(PercentReading::up);
    r.note("statement_readings");  // the readings the tools offer (PercentReading)
    R.br_source = str(r, "source");
  });
  each(c, top, "br_statement", "[[br_statement]]", [&](TableReader& r) {
    BrStatement s;
    const std::string letter = str(r, "letter");
    s.letter = letter.size() == 1 ? letter[0] : '?';
    s.id = str(r, "id");
    s.label = str(r, "label");
    s.quantity = kind_named<QuickQuantity>(quick_quantity_names(), str(r, "quantity", quick_quantity_names()))
                     .value_or(s.quantity);
    s.threshold = num(r, "threshold");
    static const std::vector<std::string> units = {"percent", "feet_per_turn"};
    s.unit = str(r, "unit", units);
    s.percent = s.unit == units[0];
    str(r, "comparison", {">="});
    s.in_seed = boolean(r, "in_seed");
    s.source = str(r, "source");
    R.statements.push_back(s);
  });
}

/// The quick battle rating (rules-gaps s.3).
void read_quick_rating(Ctx& c, TableReader& top, Rules& R) {
  table(c, top, "quick_battle_rating", [&](TableReader& r) {
    R.quick_flag_points = integer(r, "flag_points");
    r.note("components");  // the sum, in words: quick_rating computes it
    R.quick_source = str(r, "source");
  });
  each(c, top, "quick_br_hit_dice", "[[quick_br_hit_dice]]", [&](TableReader& r) {
    QuickHitDice q;
    q.label = str(r, "label");
    q.hd_min = num(r, "hd_min");
    q.hd_max_exclusive = r.number("hd_max_exclusive", Need::optional);
    q.points = integer(r, "points");
    r.note("source");
    R.quick_hit_dice.push_back(q);
  });
  each(c, top, "quick_br_flag", "[[quick_br_flag]]", [&](TableReader& r) {
    R.quick_flags.push_back(str(r, "id"));
    r.note("label");
    r.note("source");
  });
}

/// Seed 004: Divide forces, the combat roll, Troop ratio and the combat adjustments.
void read_adjustments(Ctx& c, TableReader& top, Rules& R) {
  table(c, top, "divide_forces", [&](TableReader& r) {
    // The parts of a divided force keep its BR (battle.cpp, divide); no other division is a rule.
    if (!boolean(r, "preserve_br"))
      r.error_at("preserve_br",
                 "must be true: the parts of a divided force keep its BR (Divide forces), the only "
                 "division the tools make");
    r.note("choose_order");  // the rule is match_forces' (highest BR chooses first)
    R.divide_source = str(r, "source");
  });
  table(c, top, "combat", [&](TableReader& r) {
    str(r, "roll", {"1d100"});
    const auto t = parse_tie_policy(str(r, "tie_policy"));
    if (t)
      R.default_tie_policy = *t;
    else
      r.error_at("tie_policy", "unknown tie policy");
    R.combat_source = str(r, "source");
  });
  table(c, top, "troop_ratio", [&](TableReader& r) {
    auto& t = R.troop_ratio;
    r.note("applies_to");  // "larger force only": troop_ratio_adjustment's rule
    t.formula_from_ratio = num(r, "formula_from_ratio");
    t.base = integer(r, "formula_base");
    t.step = integer(r, "formula_step");
    t.divisor = integer(r, "formula_divisor");
    str(r, "formula_rounding", {"up"});
    t.default_reading =
        parse_ratio_reading(str(r, "default_reading", {"ceiling", "floor"})).value_or(RatioReading::ceiling);
    r.note("readings");  // the readings the tools offer (RatioReading)
    t.source = str(r, "source");
  });
  each(c, top, "troop_ratio_band", "[[troop_ratio_band]]", [&](TableReader& r) {
    RatioBand b;
    b.ratio = num(r, "ratio");
    b.br = integer(r, "br");
    b.ceil_min_exclusive = num(r, "ceil_min_exclusive");
    b.ceil_max = num(r, "ceil_max");
    b.floor_min = r.number("floor_min", Need::optional);
    b.floor_max_exclusive = r.number("floor_max_exclusive", Need::optional);
    r.note("source");
    R.troop_ratio.bands.push_back(b);
  });
  std::sort(R.troop_ratio.bands.begin(), R.troop_ratio.bands.end(),
            [](const RatioBand& x, const RatioBand& y) { return x.ratio < y.ratio; });
  each(c, top, "adjustment_group", "[[adjustment_group]]", [&](TableReader& r) {
    AdjustmentGroup g;
    g.id = str(r, "id");
    g.label = str(r, "label");
    g.only_one = str(r, "selection", {"all_that_apply", "only_one"}) == "only_one";
    g.defender_only = str(r, "applies_to", {"either", "defender"}) == "defender";
    g.one_battle_only = r.boolean("one_battle_only", Need::optional).value_or(false);
    g.source = str(r, "source");
    R.groups.push_back(g);
  });
  each(c, top, "adjustment", "[[adjustment]]", [&](TableReader& r) {
    Adjustment a;
    a.group = str(r, "group");
    a.id = str(r, "id");
    a.label = str(r, "label");
    a.br = integer(r, "br");
    a.ignore_with_siege_machine = r.boolean("ignore_with_siege_machine", Need::optional).value_or(false);
    a.benefits_opponent = r.has("beneficiary");
    r.string("beneficiary", Need::optional);
    a.one_battle_only = r.boolean("one_battle_only", Need::optional).value_or(false);
    if (auto f = r.string("fatigue", Need::optional, {"moderate", "serious"})) a.fatigue = parse_fatigue(*f);
    a.troop_class_advantage = r.boolean("troop_class_advantage", Need::optional).value_or(false);
    if (r.has("excludes")) a.excludes = strings(r, "excludes");
    a.source = str(r, "source");
    R.adjustments.push_back(a);
  });
  table(c, top, "defender_terrain_flyers", [&](TableReader& r) {
    R.defender_flyers.halve_if_attacker_flyers_pct_min = num(r, "halve_if_attacker_flyers_pct_min");
    R.defender_flyers.ignore_if_all_attackers_fly = boolean(r, "ignore_if_all_attackers_fly");
    str(r, "halving_rounding", {"up"});
    R.defender_flyers.source = str(r, "source");
  });
}

/// Seed 004: the combat results table (winner/loser) and the tactics table.
void read_results(Ctx& c, TableReader& top, Rules& R) {
  table(c, top, "combat_result_rules", [&](TableReader& r) {
    auto& x = R.result_rules;
    x.killed = fraction(r, "casualties_killed_fraction", true);
    str(r, "casualty_rounding", {"up"});
    x.retreating_wounded_count_as_killed = boolean(r, "retreating_force_wounded_count_as_killed");
    x.wounded_return_dice = str(r, "wounded_return_dice");
    x.wounded_return_unit = str(r, "wounded_return_unit");
    x.routed_return_dice = str(r, "routed_survivors_return_dice");
    x.routed_return_unit = str(r, "routed_survivors_return_unit");
    x.source = str(r, "source");
  });
  each(c, top, "combat_result", "[[combat_result]]", [&](TableReader& r) {
    CombatResult x;
    x.diff_min = integer(r, "diff_min");
    x.diff_max = opt_integer(r, "diff_max");
    x.label = str(r, "label");
    const auto printed = strings(r, "printed");
    if (printed.size() == 6)
      std::copy(printed.begin(), printed.end(), x.printed.begin());
    else
      r.error_at("printed", "'printed' must hold six cells");
    x.casualties_pct = {integer(r, "winner_casualties_pct"), integer(r, "loser_casualties_pct")};
    x.fatigue = {fatigue_of(r, "winner_fatigue"), fatigue_of(r, "loser_fatigue")};
    x.location = {location_of(r, "winner_location"), location_of(r, "loser_location")};
    x.location_units = {opt_integer(r, "winner_location_units"), opt_integer(r, "loser_location_units")};
    x.source = str(r, "source");
    R.results.push_back(x);
  });
  table(c, top, "tactics_rules", [&](TableReader& r) {
    for (const char* k : {"casualty_effect_unit", "br_effect_unit"}) r.note(k);
    str(r, "rows_are", {"side B's tactic"});
    str(r, "columns_are", {"side A's tactic"});
    str(r, "left_effect_applies_to", {"A"});
    r.note("source");
  });
  each(c, top, "tactic", "[[tactic]]", [&](TableReader& r) {
    Tactic t;
    t.id = str(r, "id");
    t.label = str(r, "label");
    t.order = integer(r, "order");
    r.note("source");
    R.tactics.push_back(t);
  });
  std::sort(R.tactics.begin(), R.tactics.end(), [](const Tactic& x, const Tactic& y) { return x.order < y.order; });
  each(c, top, "tactics_cell", "[[tactics_cell]]", [&](TableReader& r) {
    TacticsCell x;
    x.b = str(r, "b");
    x.a = str(r, "a");
    static const std::vector<std::string> kinds = {"effects", "no_effect", "no_combat"};  // TacticKind's order
    x.kind = kind_named<TacticKind>(kinds, str(r, "kind", kinds)).value_or(TacticKind::effects);
    x.effect = {effect_of(r, "a_effect", "a_value"), effect_of(r, "b_effect", "b_value")};
    x.printed = str(r, "printed");
    x.source = str(r, "source");
    R.cells.push_back(x);
  });
  table(c, top, "withdraw", [&](TableReader& r) {
    R.withdraw.terrain_units = integer(r, "terrain_units_after_combat");
    R.withdraw.tactic = str(r, "tactic");
    R.withdraw.unless_opponent_tactic = str(r, "unless_opponent_tactic");
    R.withdraw.may_occupy_field = boolean(r, "may_occupy_field");
    R.withdraw.source = str(r, "source");
  });
}

/// Seed 004: fatigue, movement rates, forced march, foraging and food.
void read_march(Ctx& c, TableReader& top, Rules& R) {
  table(c, top, "fatigue", [&](TableReader& r) {
    R.fatigue.serious_to_moderate_dice = str(r, "serious_to_moderate_dice");
    R.fatigue.moderate_to_none_dice = str(r, "moderate_to_none_dice");
    R.fatigue.unit = str(r, "unit");
    R.fatigue.seriously_fatigued_can_move = boolean(r, "seriously_fatigued_can_move");
    r.note("source");
  });
  each(c, top, "movement_rate", "[[movement_rate]]", [&](TableReader& r) {
    MovementBand m;
    // (As many troops as a force of an input may have.)
    const input::Range troops{0, static_cast<double>(kMaxInputTroops), false, "a number of troops"};
    m.troops_min = static_cast<int>(r.integer("troops_min", Need::required, troops).value_or(0));
    if (auto v = r.integer("troops_max", Need::optional, troops)) m.troops_max = static_cast<int>(*v);
    m.rate = fraction(r, "rate_fraction");
    m.label = str(r, "label");
    m.source = str(r, "source");
    R.movement.push_back(m);
  });
  table(c, top, "forced_march", [&](TableReader& r) {
    R.forced_march.rate = fraction(r, "rate_fraction");
    str(r, "roll", {"1d6"});  // the table has six columns, one per face
    R.forced_march.die = 6;
    R.forced_march.moderate_becomes_serious_if_fatigued = boolean(r, "moderate_becomes_serious_if_already_fatigued");
    r.note("legend");
    R.forced_march.source = str(r, "source");
  });
  each(c, top, "forced_march_result", "[[forced_march_result]]", [&](TableReader& r) {
    ForcedMarchRow m;
    m.troop_class = str(r, "troop_class");
    const auto printed = strings(r, "printed");
    const auto fat = strings(r, "fatigue");
    std::vector<bool> succ;
    if (const auto* a = r.array("success", Need::required))
      for (const auto& n : *a) succ.push_back(n.value<bool>().value_or(false));
    if (printed.size() != 6 || fat.size() != 6 || succ.size() != 6) {
      r.error("a [[forced_march_result]] needs six printed, success and fatigue cells");
    } else {
      for (size_t i = 0; i < 6; ++i) {
        m.printed[i] = printed[i];
        m.success[i] = succ[i];
        const auto f = parse_fatigue(fat[i]);
        if (!f) r.error_at("fatigue", "unknown fatigue " + fat[i]);
        m.fatigue[i] = f.value_or(Fatigue::none);
      }
    }
    m.source = str(r, "source");
    R.forced_march_rows.push_back(m);
  });
  each(c, top, "forage_option", "[[forage_option]]", [&](TableReader& r) {
    ForageOption f;
    f.id = str(r, "id");
    f.rate = fraction(r, "rate_fraction");
    f.chance_in_6 = static_cast<int>(
        r.integer("chance_in_6", Need::required, {0, 6, false, "a chance in 6"}).value_or(0));
    f.label = str(r, "label");
    f.source = str(r, "source");
    R.forage.push_back(f);
  });
  table(c, top, "food", [&](TableReader& r) {
    R.food.days_moderate = integer(r, "days_without_food_moderate_fatigue");
    R.food.days_serious = integer(r, "days_without_food_serious_fatigue");
    R.food.source = str(r, "source");
  });
}

/// Seed 004: the simple siege and the other notes.
void read_siege_and_notes(Ctx& c, TableReader& top, Rules& R) {
  table(c, top, "simple_siege", [&](TableReader& r) {
    auto& s = R.simple_siege;
    s.defender_troop_multiplier = integer(r, "defender_troop_multiplier_for_ratio");
    s.defender_ignores_retreat_and_rout = boolean(r, "defender_ignores_retreat_and_rout");
    s.defender_casualty_fraction = fraction(r, "defender_casualty_fraction");
    s.besiege_br_per_week = integer(r, "besiege_br_bonus_per_week");
    str(r, "besiege_bonus_side", {"attacker"});
    s.defender_loss_pct_per_week = num(r, "defender_loss_pct_per_week_without_food");
    s.source = str(r, "source");
  });
}

void read_all(Ctx& c, Rules& R) {
  TableReader top(c.doc, c.doc.root, c.diags, "war_machine.toml");
  top.integer("schema_version", Need::required, {1, 1});
  top.note("seed");
  read_rating(c, top, R);
  read_quick_rating(c, top, R);
  read_adjustments(c, top, R);
  read_results(c, top, R);
  read_march(c, top, R);
  read_siege_and_notes(c, top, R);
  // Worked figures: read by the tests, not by the rules.
  top.note("example");
  top.finish();
}

/// The troop ratio table (bands sorted by ratio): each printed ratio is its ceiling band's top,
/// the ceiling bands run on from 1:1, and the floor bands (the ratios below the formula) run from
/// 1:1 too, each from its printed ratio to the next, the last to formula_from_ratio.
template <typename Fail>
void check_ratio_bands(const TroopRatioRule& t, const Fail& fail) {
  double ceil_from = 1;
  const RatioBand* last_floor = nullptr;
  for (size_t i = 0; i < t.bands.size(); ++i) {
    const auto& b = t.bands[i];
    const std::string which = " (ratio " + fmtnum::trim(b.ratio) + ")";
    if (b.ceil_max != b.ratio || b.ceil_min_exclusive != ceil_from)
      fail("a [[troop_ratio_band]]'s ceiling band runs from the ratio before to its own" + which);
    ceil_from = b.ratio;
    if (b.floor_min.has_value() != b.floor_max_exclusive.has_value() ||
        b.floor_min.has_value() != (b.ratio < t.formula_from_ratio))
      fail("a [[troop_ratio_band]] below formula_from_ratio, and only such a band, has a floor band" + which);
    if (!b.floor_min || !b.floor_max_exclusive) continue;
    const double next = i + 1 < t.bands.size() && t.bands[i + 1].ratio < t.formula_from_ratio ? t.bands[i + 1].ratio
                                                                                              : t.formula_from_ratio;
    if (*b.floor_min != (last_floor ? b.ratio : 1.0) || *b.floor_max_exclusive != next)
      fail(
          "a [[troop_ratio_band]]'s floor band runs from its ratio (the first from 1) to the next ratio, the last "
          "to formula_from_ratio" +
          which);
    last_floor = &b;
  }
}

/// The tables of bands cover their ranges once, and the orders and ranks number their rows: a
/// band, rank or order changed alone by a house rule is refused.
template <typename Fail>
void check_bands(const Rules& R, const Fail& fail) {
  // Ability scores, from the lowest band up, each band from the score after the one before.
  for (size_t i = 1; i < R.ability_bands.size(); ++i)
    if (R.ability_bands[i].score_min != R.ability_bands[i - 1].score_max + 1)
      fail("the [[ability_adjustment]] bands must run on: score_min " +
           std::to_string(R.ability_bands[i - 1].score_max + 1) + " after score_max " +
           std::to_string(R.ability_bands[i - 1].score_max) + ", got " + std::to_string(R.ability_bands[i].score_min));
  for (const auto& b : R.ability_bands)
    if (b.score_max < b.score_min) fail("an [[ability_adjustment]] band ends before it starts");
  // Quick-rating hit dice from 0, each band from where the one before ends, the last open.
  for (size_t i = 0; i < R.quick_hit_dice.size(); ++i) {
    const auto& q = R.quick_hit_dice[i];
    const double from = i == 0 ? 0.0 : R.quick_hit_dice[i - 1].hd_max_exclusive.value_or(-1);
    if (q.hd_min != from || q.hd_max_exclusive.has_value() == (i + 1 == R.quick_hit_dice.size()) ||
        (q.hd_max_exclusive && *q.hd_max_exclusive <= q.hd_min))
      fail(
          "the [[quick_br_hit_dice]] bands must run from 0 hit dice, each from where the one before ends, the "
          "last open (" +
          q.label + ")");
  }
  // Troops per movement band from 1 (checked above), each band from the troop after the one before.
  for (size_t i = 0; i < R.movement.size(); ++i) {
    const auto& m = R.movement[i];
    const bool last = i + 1 == R.movement.size();
    if (m.troops_max.has_value() == last || (m.troops_max && *m.troops_max < m.troops_min) ||
        (!last && R.movement[i + 1].troops_min != m.troops_max.value_or(0) + 1))
      fail(
          "the [[movement_rate]] bands must run on from 1 troop, each from the troop after the one before, the "
          "last open (" +
          m.label + ")");
  }
  // Troop classes: rank 1 (worst) to N in the order of their BFR bands (the class advantage is
  // a difference of ranks).
  for (size_t i = 0; i < R.troop_classes.size(); ++i)
    if (R.troop_classes[i].rank != static_cast<int>(i) + 1)
      fail("the [[troop_class]] ranks must number the classes 1 to " + std::to_string(R.troop_classes.size()) +
           " in the order of their BFR (" + R.troop_classes[i].id + ")");
  // Tactics: the order of the table's columns and rows, 1 to N each once.
  for (size_t i = 0; i < R.tactics.size(); ++i)
    if (R.tactics[i].order != static_cast<int>(i) + 1)
      fail("the [[tactic]] orders must number the tactics 1 to " + std::to_string(R.tactics.size()) + ", each once");
  check_ratio_bands(R.troop_ratio, fail);
}

/// Consistency checks the rules rely on (each a reason for exit 70 if the data were broken).
void check(Ctx& c, const Rules& R) {
  auto fail = [&](const std::string& m) { c.diags.error(SourcePos{c.doc.name, 1, 1}, m, c.doc.line(1)); };
  if (R.results.empty() || R.results.front().diff_min != 1) fail("the combat results must start at a difference of 1");
  for (size_t i = 1; i < R.results.size(); ++i)
    if (!R.results[i - 1].diff_max || *R.results[i - 1].diff_max + 1 != R.results[i].diff_min)
      fail("the combat-results bands must be contiguous (" + R.results[i].label + ")");
  if (!R.results.empty() && R.results.back().diff_max) fail("the last combat-results band must be open");
  if (R.tactics.size() * R.tactics.size() != R.cells.size()) fail("the tactics table must be square");
  for (const auto& a : R.tactics)
    for (const auto& b : R.tactics)
      if (!R.cell(a.id, b.id)) fail("tactics cell " + a.id + "/" + b.id + " is missing");
  for (size_t i = 1; i < R.troop_classes.size(); ++i)
    if (!R.troop_classes[i - 1].bfr_max || *R.troop_classes[i - 1].bfr_max + 1 != R.troop_classes[i].bfr_min)
      fail("the troop classes must be contiguous");
  for (const auto& a : R.adjustments) {
    if (!R.group(a.group)) fail("adjustment " + a.id + " names an unknown group");
    for (const auto& x : a.excludes)
      if (!R.adjustment(x)) fail("adjustment " + a.id + " excludes an unknown adjustment " + x);
  }
  // The lines the rules give from a force's state: one per fatigue, one troop-class advantage.
  for (Fatigue f : {Fatigue::moderate, Fatigue::serious})
    if (std::count_if(R.adjustments.begin(), R.adjustments.end(), [&](const auto& a) { return a.fatigue == f; }) != 1)
      fail("one [[adjustment]] must be the line of " + to_string(f) + " fatigue (fatigue = \"" + to_string(f) + "\")");
  if (std::count_if(R.adjustments.begin(), R.adjustments.end(),
                    [](const auto& a) { return a.troop_class_advantage; }) != 1)
    fail("one [[adjustment]] must be the troop-class advantage line (troop_class_advantage = true)");
  for (const auto* t : {&R.withdraw.tactic, &R.withdraw.unless_opponent_tactic})
    if (!R.tactic(*t)) fail("[withdraw] names an unknown tactic " + *t);
  if (R.statements.size() != 12) fail("there must be twelve battle-rating statements");
  if (R.forced_march_rows.size() != R.troop_classes.size()) fail("one forced-march row per troop class");
  for (const auto& t : R.troop_classes)
    if (!R.forced_march_row(t.id)) fail("no forced-march row for " + t.id);
  if (R.br_bonus_divisor <= 0 || R.troop_ratio.divisor <= 0) fail("divisors must be positive");
  if (R.movement.empty() || R.movement.front().troops_min != 1) fail("movement bands must start at 1 troop");
  check_bands(R, fail);
}

/// The house rules behind the figures (Rules::ruled and each row's `ruled`): only with house rules.
void note_house_rules(const data::Tables& t, Rules& R) {
  if (!t.house_rules_in_effect()) return;
  auto src = [&t](std::initializer_list<std::string_view> paths) -> Ruled {
    for (auto p : paths)
      if (auto s = t.house_rule_source("war_machine", p)) return s;
    return std::nullopt;
  };
  auto row = [&t](std::string_view key, const std::string& id) {
    return t.house_rule_source("war_machine", std::string(key) + "[id = \"" + id + "\"]");
  };
  for (auto& c : R.bfr_components) c.ruled = row("bfr_component", c.id);
  for (auto& s : R.statements) s.ruled = row("br_statement", s.id);
  for (auto& a : R.adjustments) a.ruled = either(row("adjustment", a.id), row("adjustment_group", a.group));
  for (auto& f : R.forage) f.ruled = row("forage_option", f.id);
  auto& r = R.ruled;
  r.in_effect = true;
  for (const auto& f : R.quick_flags) r.quick_flags.push_back(row("quick_br_flag", f));
  r.ability_bands = src({"ability_adjustment"});
  r.weapon_qualities = src({"weapon_quality"});
  r.troops_per_officer = src({"bfr.troops_per_officer"});
  r.nonhuman_officer_bonus = src({"bfr.nonhuman_officer_level_bonus"});
  r.special_troops = src({"bfr.special_troops_exclusive"});
  r.troop_classes = src({"troop_class"});
  r.bonus_divisor = src({"battle_rating.bonus_divisor"});
  r.statement_reading = src({"battle_rating.statement_reading"});
  r.quick_flag_points = src({"quick_battle_rating.flag_points"});
  r.quick_hit_dice = src({"quick_br_hit_dice"});
  r.tie_policy = src({"combat.tie_policy"});
  r.ratio_formula = src({"troop_ratio.formula_from_ratio", "troop_ratio.formula_base", "troop_ratio.formula_step",
                         "troop_ratio.formula_divisor"});
  r.ratio_reading = src({"troop_ratio.default_reading"});
  r.ratio_bands = src({"troop_ratio_band"});
  r.defender_flyers = src({"defender_terrain_flyers"});
  r.results = src({"combat_result"});
  r.result_rules = src({"combat_result_rules.casualties_killed_fraction",
                        "combat_result_rules.retreating_force_wounded_count_as_killed"});
  r.tactics = src({"tactic", "tactics_cell"});
  r.withdraw = src({"withdraw"});
  r.siege_multiplier = src({"simple_siege.defender_troop_multiplier_for_ratio"});
  r.siege_casualties = src({"simple_siege.defender_casualty_fraction"});
  r.siege_holds = src({"simple_siege.defender_ignores_retreat_and_rout"});
  r.siege_bonus = src({"simple_siege.besiege_br_bonus_per_week"});
  r.siege_loss = src({"simple_siege.defender_loss_pct_per_week_without_food"});
  r.movement = src({"movement_rate"});
  r.forced_rate = src({"forced_march.rate_fraction"});
  r.forced_serious = src({"forced_march.moderate_becomes_serious_if_already_fatigued"});
  r.forced_results = src({"forced_march_result"});
  r.can_move = src({"fatigue.seriously_fatigued_can_move"});
  r.hunger = src({"food.days_without_food_moderate_fatigue", "food.days_without_food_serious_fatigue"});
}

Expected<Rules> build(const data::Tables& t) {
  Rules R;
  Diagnostics d;
  auto doc = data::load(t, "war_machine.toml");
  if (!doc) return doc.error();
  Ctx c{*doc, d};
  read_all(c, R);
  if (d.empty()) check(c, R);
  if (!d.empty()) return data::as_internal(t, d);
  note_house_rules(t, R);
  return R;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<Rules> kWarSection{"war", &build};

}  // namespace

Expected<const Rules*> load_rules(const data::Tables& tables) { return data::pointer_to(kWarSection.get(tables)); }

}  // namespace gunpowder::war
