// war_machine.cpp - the War Machine rules of seed 004: force rating, battle rating, combat
// adjustments, the exact odds of a battle, one rolled battle, movement and the simple siege.
// Every figure comes from war::Rules (data/war_machine.toml); decisions where the seed is silent:
// docs/notes/war-machine-decisions.md.
#include "gunpowder/war/war_machine.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numeric>
#include <set>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::war {

using fmtnum::trim;

// ---------------------------------------------------------------------------------------------
// Names

std::string to_string(Fatigue f) {
  switch (f) {
    case Fatigue::none:
      return "none";
    case Fatigue::moderate:
      return "moderate";
    case Fatigue::serious:
      return "serious";
  }
  return "?";
}
std::string to_string(Location l) {
  switch (l) {
    case Location::field:
      return "field";
    case Location::retreat:
      return "retreat";
    case Location::rout:
      return "rout";
    case Location::none:
      return "none";
    case Location::hold:
      return "hold";
    case Location::withdraw:
      return "withdraw";
  }
  return "?";
}
std::string to_string(Role r) {
  switch (r) {
    case Role::attacker:
      return "attacker";
    case Role::defender:
      return "defender";
    case Role::none:
      return "none";
  }
  return "?";
}
std::string to_string(TiePolicy t) {
  switch (t) {
    case TiePolicy::reroll:
      return "reroll";
    case TiePolicy::no_result:
      return "no-result";
    case TiePolicy::defender:
      return "defender";
    case TiePolicy::higher_br:
      return "higher-br";
  }
  return "?";
}
std::string to_string(CasualtyReading c) { return c == CasualtyReading::points ? "points" : "multiply"; }
std::string to_string(RatioReading r) { return r == RatioReading::ceiling ? "ceiling" : "floor"; }
std::string to_string(PercentReading r) { return r == PercentReading::up ? "up" : "exact"; }

namespace {
/// The value of `all` whose to_string is `typed` in the suite's spelling (suite_spelling).
template <class E>
std::optional<E> parse_value(const std::string& typed, std::initializer_list<E> all) {
  const std::string s = suite_spelling(typed);
  for (auto v : all)
    if (to_string(v) == s) return v;
  return std::nullopt;
}
}  // namespace

std::optional<Fatigue> parse_fatigue(const std::string& s) {
  return parse_value(s, {Fatigue::none, Fatigue::moderate, Fatigue::serious});
}
std::optional<TiePolicy> parse_tie_policy(const std::string& s) {
  return parse_value(s, {TiePolicy::reroll, TiePolicy::no_result, TiePolicy::defender, TiePolicy::higher_br});
}
std::optional<CasualtyReading> parse_casualty_reading(const std::string& s) {
  return parse_value(s, {CasualtyReading::points, CasualtyReading::multiply});
}
std::optional<RatioReading> parse_ratio_reading(const std::string& s) {
  return parse_value(s, {RatioReading::ceiling, RatioReading::floor});
}
std::optional<PercentReading> parse_percent_reading(const std::string& s) {
  return parse_value(s, {PercentReading::up, PercentReading::exact});
}

// ---------------------------------------------------------------------------------------------
// Look-ups

const TroopClass* Rules::troop_class(const std::string& id) const {
  return lookup::find(troop_classes, [&](const auto& t) { return t.id == id; });
}
const TroopClass& Rules::class_for_bfr(int bfr) const {
  for (const auto& t : troop_classes)
    if (bfr >= t.bfr_min && (!t.bfr_max || bfr <= *t.bfr_max)) return t;
  return bfr < troop_classes.front().bfr_min ? troop_classes.front() : troop_classes.back();
}
const Adjustment* Rules::adjustment(const std::string& id) const {
  return lookup::find(adjustments, [&](const auto& a) { return a.id == id; });
}
const AdjustmentGroup* Rules::group(const std::string& id) const {
  return lookup::find(groups, [&](const auto& g) { return g.id == id; });
}
const Tactic* Rules::tactic(const std::string& id) const {
  return lookup::find(tactics, [&](const auto& t) { return t.id == id; });
}
const TacticsCell* Rules::cell(const std::string& a, const std::string& b) const {
  for (const auto& c : cells)
    if (c.a == a && c.b == b) return &c;
  return nullptr;
}
const CombatResult& Rules::result_for(int diff) const {
  for (const auto& r : results)
    if (diff >= r.diff_min && (!r.diff_max || diff <= *r.diff_max)) return r;
  return results.front();  // diff < 1 is never asked for (ties are settled before)
}
const ForcedMarchRow* Rules::forced_march_row(const std::string& troop_class) const {
  for (const auto& r : forced_march_rows)
    if (r.troop_class == troop_class) return &r;
  return nullptr;
}
const BfrComponent* Rules::component(const std::string& id) const {
  return lookup::find(bfr_components, [&](const auto& c) { return c.id == id; });
}

namespace {

/// "Round every fraction up" (rules-gaps s.3) for a non-negative rational n/d.
std::int64_t ceil_div(std::int64_t n, std::int64_t d) {
  if (d < 0) {
    n = -n;
    d = -d;
  }
  return n >= 0 ? (n + d - 1) / d : -((-n) / d);
}

/// Round a real figure up ("round every fraction up", rules-gaps s.3).
int up(double x) { return static_cast<int>(rounding::fraction_up(x)); }

std::string signed_num(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

int ability_adjustment(const Rules& R, int score) {
  for (const auto& b : R.ability_bands)
    if (score >= b.score_min && score <= b.score_max) return b.adjustment;
  return 0;
}

/// A percentage counted "for each 1%": fractions of a percent round up (rules-gaps s.3 worked
/// figure: 10 spectres of 300 = 3.33% -> 4%).
int percent_counted(double pct) { return up(pct); }

std::string pct_text(double pct) {
  const int counted = percent_counted(pct);
  if (static_cast<double>(counted) == pct) return trim(pct, 2) + "%";
  return std::to_string(counted) + "% (" + trim(pct, 2) + "% rounded up)";
}

/// A battle-rating statement's figure as it meets its threshold (seed 004, Battle rating B, l.
/// 52-63): under the `up` reading rounded up to a whole percent or foot, as the basic force
/// rating counts "each 1%" (round every fraction up, rules-gaps s.3); under `exact`, as given.
double statement_figure(double v, PercentReading reading) {
  return reading == PercentReading::up ? static_cast<double>(up(v)) : v;
}

// ---------------------------------------------------------------------------------------------
// Basic force rating

struct BfrResult {
  std::vector<RatingLine> lines;
  int total = 0;
};

/// A value capped at the component's input_max ("max 10"), noted on the line.
double capped(const BfrComponent& c, double v, RatingLine& line) {
  if (c.input_max && v > *c.input_max) {
    line.note = "capped at " + trim(*c.input_max);
    return *c.input_max;
  }
  return v;
}

/// Leadership factor (l. 15-16): the leader's level, dI + dW + dH (the leader's Intelligence,
/// Wisdom and Charisma adjustments; scale from rules-gaps s.3), 2 for each 1% at name level.
void leadership_line(const Rules& R, const BfrComponent& c, const Factors& f, RatingLine& line) {
  const double ppu = c.points_per_unit;
  if (c.kind == BfrKind::leader_level) {
    if (f.leader_level) {
      line.input = std::to_string(*f.leader_level);
      line.points = up(ppu * *f.leader_level);
    }
  } else if (c.kind == BfrKind::leader_ability_adjustments) {
    std::string text;
    int sum = 0;
    auto add = [&](const char* name, const std::optional<int>& score) {
      if (!score) return;
      const int a = ability_adjustment(R, *score);
      sum += a;
      text +=
          (text.empty() ? "" : ", ") + std::string(name) + " " + std::to_string(*score) + " (" + signed_num(a) + ")";
    };
    add("Int", f.leader_int);
    add("Wis", f.leader_wis);
    add("Cha", f.leader_cha);
    if (!text.empty()) {
      line.input = text;
      line.points = up(ppu * sum);
    }
  } else if (f.name_level_pct) {  // BfrKind::name_level_percent
    line.input = pct_text(*f.name_level_pct);
    line.points = up(ppu * percent_counted(*f.name_level_pct));
  }
}

/// 3 x average officer level, only with one officer for each 40 troops (l. 18-19); non-human
/// officers' level = average hit dice + 1 (rules-gaps s.3).
void officer_line(const Rules& R, const BfrComponent& c, const Factors& f, std::int64_t troops, RatingLine& line,
                  Diagnostics& errs) {
  auto err = [&](const std::string& m) { errs.error({}, m); };
  if (f.officer_level && f.officer_hit_dice) err("give officer_level or officer_hit_dice, not both");
  std::optional<double> level = f.officer_level;
  std::string how;
  if (f.officer_hit_dice) {
    level = *f.officer_hit_dice + R.nonhuman_officer_level_bonus;
    how = " (non-human: " + trim(*f.officer_hit_dice) + " HD + " + std::to_string(R.nonhuman_officer_level_bonus) + ")";
  }
  if (level && !f.officers)
    err("officer_level needs officers (the number of officers; one is needed for each " +
        std::to_string(R.troops_per_officer) + " troops)");
  if (!level && f.officers) err("officers needs officer_level or officer_hit_dice");
  if (!level || !f.officers) return;
  line.input = trim(*level) + how + ", " + std::to_string(*f.officers) + " officers";
  const std::int64_t needed = ceil_div(troops, R.troops_per_officer);
  if (*f.officers < needed) {
    line.note = "needs " + std::to_string(needed) + " officers (one per " + std::to_string(R.troops_per_officer) +
                " troops): counts 0";
  } else {
    line.points = up(c.points_per_unit * *level);
  }
}

/// Experience and training factors (l. 20-26): 2 x average troop level; 1 per victory, -1 per
/// rout in the last 10 years, max 10 each; weeks trained (max 20), weeks with the leader (max 20),
/// months on duty (cap 12, rules-gaps s.3).
void experience_line(const BfrComponent& c, const Factors& f, RatingLine& line) {
  const double ppu = c.points_per_unit;
  if (c.kind == BfrKind::troop_level) {
    if (f.troop_level) {
      line.input = trim(*f.troop_level);
      line.points = up(ppu * *f.troop_level);
    }
    return;
  }
  const std::optional<int> v = c.kind == BfrKind::victories           ? f.victories
                               : c.kind == BfrKind::routs             ? f.routs
                               : c.kind == BfrKind::weeks_trained     ? f.weeks_trained
                               : c.kind == BfrKind::weeks_with_leader ? f.weeks_with_leader
                                                                      : f.months_on_duty;
  if (v) {
    line.input = std::to_string(*v);
    line.points = static_cast<int>(std::lround(ppu * capped(c, *v, line)));
  }
}

/// Equipment factor (l. 28-30): 5, 10, 15 for average/good/excellent weapons (below-average
/// scores 0: all four in [[weapon_quality]]); 5 if a second weapon of the same quality; 5 if the average AC is 5 or
/// better (descending AC: 5 or lower).
void equipment_line(const Rules& R, const BfrComponent& c, const Factors& f, RatingLine& line) {
  if (c.kind == BfrKind::weapons) {
    if (f.weapons) {
      line.input = *f.weapons;
      for (const auto& q : R.weapon_qualities)
        if (q.quality == *f.weapons) line.points = up(c.points_per_unit * q.points);
    }
  } else if (c.kind == BfrKind::second_weapon) {
    line.input = f.second_weapon ? "yes" : "no";
    if (f.second_weapon) line.points = c.points.value_or(0);
  } else if (f.average_ac) {  // BfrKind::armour_class
    line.input = "AC " + trim(*f.average_ac);
    if (*f.average_ac <= 5) line.points = c.points.value_or(0);
  }
}

/// The two special-troop lines are alternatives ("15 if all elves or dwarves or 2 for each 1%
/// with 2 asterisks", l. 32-33): only the larger counts.
void special_troops_alternative(const std::vector<BfrComponent>& components, std::vector<RatingLine>& lines,
                                int elves_points, int asterisk_points) {
  if (elves_points <= 0 || asterisk_points <= 0) return;
  for (size_t i = 0; i < lines.size(); ++i) {
    RatingLine& l = lines[i];
    const BfrKind kind = components[i].kind;
    if (kind == BfrKind::elves_or_dwarves && elves_points < asterisk_points) {
      l.points = 0;
      l.note = "alternative to the asterisk line, which is larger";
    }
    if (kind == BfrKind::two_asterisk_percent && asterisk_points <= elves_points) {
      l.points = 0;
      l.note = "alternative to the elves/dwarves line, which is at least as large";
    }
  }
}

Expected<BfrResult> compute_bfr(const Rules& R, const Factors& f, std::int64_t troops) {
  BfrResult out;
  Diagnostics errs;
  int elves_points = 0, asterisk_points = 0;
  for (const auto& c : R.bfr_components) {
    RatingLine line{c.factor, c.id, c.label, "not given", 0, ""};
    switch (c.kind) {  // every kind has its rule; the loader refuses any other id
      case BfrKind::leader_level:
      case BfrKind::leader_ability_adjustments:
      case BfrKind::name_level_percent:
        leadership_line(R, c, f, line);
        break;
      case BfrKind::officer_level:
        officer_line(R, c, f, troops, line, errs);
        break;
      case BfrKind::troop_level:
      case BfrKind::victories:
      case BfrKind::routs:
      case BfrKind::weeks_trained:
      case BfrKind::weeks_with_leader:
      case BfrKind::months_on_duty:
        experience_line(c, f, line);
        break;
      case BfrKind::weapons:
      case BfrKind::second_weapon:
      case BfrKind::armour_class:
        equipment_line(R, c, f, line);
        break;
      case BfrKind::elves_or_dwarves:
        // 15 if all elves or dwarves (l. 32).
        line.input = f.all_elves_or_dwarves ? "yes" : "no";
        if (f.all_elves_or_dwarves) elves_points = c.points.value_or(0);
        line.points = elves_points;
        break;
      case BfrKind::two_asterisk_percent:
        // or 2 for each 1% of the force with two (or more) asterisks (l. 33).
        if (f.two_asterisk_pct) {
          line.input = pct_text(*f.two_asterisk_pct);
          asterisk_points = up(c.points_per_unit * percent_counted(*f.two_asterisk_pct));
        }
        line.points = asterisk_points;
        break;
    }
    out.lines.push_back(std::move(line));
  }
  special_troops_alternative(R.bfr_components, out.lines, elves_points, asterisk_points);
  if (!errs.empty()) return errs;
  for (const auto& l : out.lines) out.total += l.points;
  return out;
}

std::optional<double> quantity_of(const Composition& c, const std::string& q) {
  if (q == "mounted") return c.mounted_pct;
  if (q == "missile_capable") return c.missile_pct;
  if (q == "missile_range_100ft") return c.missile_100ft_pct;
  if (q == "magical") return c.magical_pct;
  if (q == "spellcasters") return c.spells_pct;
  if (q == "flyers") return c.flying_pct;
  if (q == "average_movement_fastest_mode") return c.movement_ft;
  return std::nullopt;
}

}  // namespace

int battle_rating(const Rules& R, int bfr, int true_statements) {
  // B = B' + n ceil(B'/10) (seed 004, Battle rating B, l. 48).
  return bfr + true_statements * static_cast<int>(ceil_div(bfr, R.br_bonus_divisor));
}

namespace {

/// Quick battle rating (rules-gaps s.3): leader level + hit-dice points + 10 per flag + the
/// maximum damage per round of the most numerous creature type.
void quick_rating(const Rules& R, const Force& force, Rating& out, Diagnostics& errs) {
  out.method = "quick";
  const auto& q = *force.quick;
  out.bfr_lines.push_back(
      {"quick", "leader_level", "Leader level", std::to_string(q.leader_level), q.leader_level, ""});
  int hd_points = 0;
  std::string hd_label;
  for (const auto& b : R.quick_hit_dice)
    if (q.hit_dice >= b.hd_min && (!b.hd_max_exclusive || q.hit_dice < *b.hd_max_exclusive)) {
      hd_points = b.points;
      hd_label = b.label;
    }
  out.bfr_lines.push_back({"quick", "hit_dice", "Hit dice (" + hd_label + ")", trim(q.hit_dice), hd_points, ""});
  for (const auto& flag : R.quick_flags) {
    const bool has = std::find(q.flags.begin(), q.flags.end(), flag) != q.flags.end();
    out.bfr_lines.push_back({"quick", flag, "Any " + flag, has ? "yes" : "no", has ? R.quick_flag_points : 0, ""});
  }
  for (const auto& flag : q.flags)
    if (std::find(R.quick_flags.begin(), R.quick_flags.end(), flag) == R.quick_flags.end())
      errs.error({}, "force '" + force.name + "': unknown quick-rating flag " + flag);
  out.bfr_lines.push_back(
      {"quick", "max_damage", "Maximum damage per round", std::to_string(q.max_damage), q.max_damage, ""});
  for (const auto& l : out.bfr_lines) out.br += l.points;
  out.explain.push_back(force.name + ": quick BR = " + std::to_string(out.br) + " (" + R.quick_source + ")");
}

/// B', given or computed from the factors (seed 004, "Battle force rating B'"); a negative BFR
/// counts as 0.
Expected<int> basic_force_rating(const Rules& R, const Force& force, Rating& out) {
  int bfr = 0;
  if (force.bfr) {
    out.method = "bfr";
    bfr = *force.bfr;
    out.explain.push_back(force.name + ": BFR " + std::to_string(bfr) + " given directly");
  } else {
    out.method = "factors";
    auto b = compute_bfr(R, *force.factors, force.troops);
    if (!b) {
      Diagnostics named;
      for (auto d : b.error().items()) {
        d.message = "force '" + force.name + "': " + d.message;
        named.add(d);
      }
      return named;
    }
    out.bfr_lines = b->lines;
    bfr = b->total;
    std::string sum;
    for (const auto& l : out.bfr_lines)
      if (l.points)
        sum += (sum.empty() ? (l.points < 0 ? "-" : "") : (l.points < 0 ? " - " : " + ")) +
               std::to_string(std::abs(l.points));
    out.explain.push_back(force.name + ": B' = " + (sum.empty() ? "0" : sum) + " = " + std::to_string(bfr) + " (" +
                          R.bfr_source + ")");
  }
  if (bfr < 0) {
    out.explain.push_back(force.name + ": a negative BFR counts as 0 (the class table starts at 0)");
    bfr = 0;
  }
  return bfr;
}

/// The twelve statements (l. 52-63), given as letters or measured from the composition; n of
/// them hold. A measured figure meets "at least" its threshold as `reading` says.
void statements_of(const Rules& R, const Force& force, PercentReading reading, Rating& out, Diagnostics& errs) {
  for (const auto& s : R.statements) {
    StatementLine sl{s.letter, s.id, s.label, "not given", false, s.in_seed, std::nullopt, std::nullopt, "", false};
    const auto v = quantity_of(force.composition, s.quantity);
    const bool meets = v && statement_figure(*v, reading) >= s.threshold;
    if (force.statement_letters) {
      const auto& L = *force.statement_letters;
      sl.holds = std::find(L.begin(), L.end(), s.letter) != L.end();
      sl.given = true;
      sl.measured = sl.holds ? "given true" : "given false";
      if (v && meets != sl.holds)
        errs.error({}, "force '" + force.name + "': statement " + std::string(1, s.letter) + " (" + s.label + ") is " +
                           (sl.holds ? "listed" : "not listed") + " but the force's figure is " + trim(*v));
    } else if (v) {
      sl.holds = meets;
      const std::string unit = s.unit == "percent" ? "%" : "'";
      const double counted = statement_figure(*v, reading);
      sl.measured = trim(counted) + unit;
      sl.figure = *v;
      sl.counted = counted;
      sl.unit = s.unit == "percent" ? "percent" : "ft";
      if (counted != *v) sl.measured += " (" + trim(*v) + unit + " rounded up)";
    }
    if (sl.holds) ++out.statements_true;
    out.statements.push_back(sl);
  }
}

/// BR from B': troop class (l. 38-43, from the BFR, not the BR), the statements, and
/// B = B' + n x ceil(B'/10) (l. 48).
std::optional<Diagnostics> rate_from_bfr(const Rules& R, const Force& force, PercentReading reading, Rating& out) {
  auto given = basic_force_rating(R, force, out);
  if (!given) return given.error();
  const int bfr = *given;
  out.bfr = bfr;
  Diagnostics errs;
  const auto& tc = R.class_for_bfr(bfr);
  if (force.troop_class && *force.troop_class != tc.id) {
    errs.error({}, "force '" + force.name + "': troop_class " + *force.troop_class + " contradicts BFR " +
                       std::to_string(bfr) + " (" + tc.label + ")");
    return errs;
  }
  out.troop_class = tc.id;
  out.troop_class_rank = tc.rank;
  statements_of(R, force, reading, out, errs);
  if (!errs.empty()) return errs;
  out.bonus_per_statement = static_cast<int>(ceil_div(bfr, R.br_bonus_divisor));
  out.br = battle_rating(R, bfr, out.statements_true);
  out.explain.push_back(force.name + ": troop class " + tc.label + " (BFR " + std::to_string(bfr) + " in " +
                        std::to_string(tc.bfr_min) + (tc.bfr_max ? "-" + std::to_string(*tc.bfr_max) : "+") + ")");
  out.explain.push_back(force.name + ": B = B' + n ceil(B'/" + std::to_string(R.br_bonus_divisor) +
                        ") = " + std::to_string(bfr) + " + " + std::to_string(out.statements_true) + " x " +
                        std::to_string(out.bonus_per_statement) + " = " + std::to_string(out.br));
  return std::nullopt;
}

/// Inputs that contradict each other or the tables.
Diagnostics check_force(const Rules& R, const Force& force) {
  Diagnostics errs;
  const int methods = (force.br ? 1 : 0) + (force.bfr ? 1 : 0) + (force.factors ? 1 : 0) + (force.quick ? 1 : 0);
  if (methods != 1) {
    errs.error({}, "force '" + force.name + "': give exactly one of br, bfr, factors or quick");
    return errs;
  }
  if (force.troops < 1) {
    errs.error({}, "force '" + force.name + "': a force needs at least one troop");
    return errs;
  }
  const auto& c = force.composition;
  if (c.missile_pct && c.missile_100ft_pct && *c.missile_100ft_pct > *c.missile_pct)
    errs.error({}, "force '" + force.name + "': missile_100ft_pct (" + trim(*c.missile_100ft_pct) +
                       ") cannot exceed missile_pct (" + trim(*c.missile_pct) + ")");
  if (force.troop_class && !R.troop_class(*force.troop_class))
    errs.error({}, "force '" + force.name + "': unknown troop class " + *force.troop_class);
  return errs;
}

}  // namespace

Expected<Rating> rate_force(const Rules& R, const Force& force) {
  return rate_force(R, force, R.default_percent_reading);
}

Expected<Rating> rate_force(const Rules& R, const Force& force, PercentReading reading) {
  Rating out;
  Diagnostics errs = check_force(R, force);
  if (!errs.empty()) return errs;
  if (force.br) {
    out.method = "br";
    out.br = *force.br;
    out.explain.push_back(force.name + ": BR " + std::to_string(out.br) + " given directly");
  } else if (force.quick) {
    quick_rating(R, force, out, errs);
  } else if (auto failed = rate_from_bfr(R, force, reading, out)) {
    return *failed;
  }
  if (!out.troop_class && force.troop_class) {
    const auto* tc = R.troop_class(*force.troop_class);
    out.troop_class = tc->id;
    out.troop_class_rank = tc->rank;
  }
  if (!errs.empty()) return errs;
  return out;
}

int troop_ratio_adjustment(const Rules& R, std::int64_t larger, std::int64_t smaller, RatioReading reading) {
  if (smaller <= 0 || larger <= smaller) return 0;
  const auto& t = R.troop_ratio;
  const double L = static_cast<double>(larger), S = static_cast<double>(smaller);
  // From 20:1 up: 100 + 10 ceil(R/10) (seed 004, Troop ratio, l. 74), in integers.
  if (L >= t.formula_from_ratio * S) {
    // In 64 bits, and capped so that a modified BR stays far inside an int (1,000,000 troops to 1
    // already gives +100,100).
    const std::int64_t adj = t.base + t.step * ceil_div(larger, smaller * t.divisor);
    return static_cast<int>(std::min<std::int64_t>(adj, kMaxTroopRatioAdjustment));
  }
  for (const auto& b : t.bands) {
    if (reading == RatioReading::ceiling) {
      // R rounds up to the next printed ratio: min < R <= max.
      if (L > b.ceil_min_exclusive * S && L <= b.ceil_max * S) return b.br;
    } else if (b.floor_min && b.floor_max_exclusive) {
      // The largest printed ratio not above R: min <= R < max.
      if (L >= *b.floor_min * S && L < *b.floor_max_exclusive * S) return b.br;
    }
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Adjustments

std::vector<std::pair<std::string, std::string>> check_situation(const Rules& R, const std::vector<std::string>& ids,
                                                                 Role role) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> seen;
  std::map<std::string, std::string> only_one;
  for (const auto& id : ids) {
    const auto* a = R.adjustment(id);
    if (!a) {
      std::string list;
      for (const auto& x : R.adjustments)
        if (x.group != "fatigue") list.append(list.empty() ? "" : ", ").append(x.id);
      std::string message = "unknown situation \"" + id + "\" (allowed: ";
      message.append(list).append(")");
      out.emplace_back(id, std::move(message));
      continue;
    }
    if (!seen.insert(id).second) {
      out.emplace_back(id, "situation \"" + id + "\" is listed twice");
      continue;
    }
    const auto* g = R.group(a->group);
    if (a->group == "fatigue") {
      out.emplace_back(id, "give fatigue = \"moderate\" or \"serious\" instead of the situation \"" + id + "\"");
      continue;
    }
    if (g->defender_only && role != Role::defender)
      out.emplace_back(id, "\"" + id + "\" is a defenders-only line, and this force " +
                               (role == Role::none ? std::string("has no role") : "is the " + to_string(role)));
    if (g->only_one) {
      auto [it, fresh] = only_one.emplace(g->id, id);
      if (!fresh)
        out.emplace_back(
            id, "\"" + it->second + "\" and \"" + id + "\" are both " + g->label + " lines, and only one may apply");
    }
  }
  if (seen.count("extremely-favourable") && seen.count("extremely-unfavourable"))
    out.emplace_back("extremely-unfavourable",
                     "the environment cannot be both extremely favourable and extremely unfavourable");
  return out;
}

std::int64_t troops_for_ratio(const Rules& rules, const BattleSettings& s, Role role, std::int64_t troops) {
  const bool multiplied = s.simple_siege && role == Role::defender;
  return troops * (multiplied ? rules.simple_siege.defender_troop_multiplier : 1);
}

Expected<std::array<SideAdjustments, 2>> battle_adjustments(const Rules& R, const std::array<const Force*, 2>& f,
                                                            const std::array<const Rating*, 2>& r,
                                                            const BattleSettings& s) {
  std::array<SideAdjustments, 2> out;
  Diagnostics errs;
  if (f[0]->role == Role::defender && f[1]->role == Role::defender) {
    errs.error({}, "both '" + f[0]->name + "' and '" + f[1]->name + "' are defending: one side must attack");
    return errs;
  }
  for (size_t i = 0; i < 2; ++i)
    for (const auto& [id, msg] : check_situation(R, f[i]->situation, f[i]->role))
      errs.error({}, "force '" + f[i]->name + "': " + msg);
  if (!errs.empty()) return errs;

  for (size_t i = 0; i < 2; ++i) {
    const size_t j = 1 - i;
    auto& lines = out[i].lines;
    // Troop ratio (l. 73-80): the larger force only; a simple-siege defender counts its troops
    // x4 (l. 182).
    auto counted = [&](size_t k) { return troops_for_ratio(R, s, f[k]->role, f[k]->troops); };
    const std::int64_t mine = counted(i), theirs = counted(j);
    if (mine > theirs) {
      const int adj = troop_ratio_adjustment(R, mine, theirs, s.ratio_reading);
      lines.push_back(
          {"troop-ratio", "troop-ratio", "Troop ratio", adj,
           trim(static_cast<double>(mine) / static_cast<double>(theirs), 2) + ":1 (" + fmtnum::grouped(mine) + " to " +
               fmtnum::grouped(theirs) +
               (mine != f[i]->troops ? ", defender x" + std::to_string(R.simple_siege.defender_troop_multiplier) : "") +
               "; " + to_string(s.ratio_reading) + " reading)"});
    }
    // Morale: two or more troop-class advantage, from the classes when both are known (l. 94).
    if (r[i]->troop_class_rank && r[j]->troop_class_rank && *r[i]->troop_class_rank - *r[j]->troop_class_rank >= 2) {
      const auto* a = R.adjustment("troop-class-advantage-2");
      lines.push_back({a->group, a->id, a->label, a->br, *r[i]->troop_class + " against " + *r[j]->troop_class});
    }
    // The force's own situation.
    for (const auto& id : f[i]->situation) {
      const auto* a = R.adjustment(id);
      if (a->benefits_opponent) continue;  // goes to the other side below
      if (a->id == "troop-class-advantage-2" && r[i]->troop_class_rank && r[j]->troop_class_rank) continue;
      AdjustmentLine l{a->group, a->id, a->label, a->br, ""};
      const auto* g = R.group(a->group);
      if (g->defender_only) {
        if (s.siege_machine && a->ignore_with_siege_machine) {
          l.br = 0;
          l.note = "ignored with Siege Machine (*)";
        } else {
          // Halved if 5% of the attackers can fly, ignored if all can (l. 117).
          const auto fly = f[j]->composition.flying_pct;
          const double halve_at = R.defender_flyers.halve_if_attacker_flyers_pct_min;
          if (fly && *fly >= 100 && R.defender_flyers.ignore_if_all_attackers_fly) {
            l.br = 0;
            l.note = "ignored: all attackers fly";
          } else if (fly && statement_figure(*fly, s.percent_reading) >= halve_at) {
            l.br = static_cast<int>(ceil_div(a->br, 2));
            l.note = "halved (rounded up): " + trim(*fly) + "% of the attackers fly";
          }
        }
      }
      lines.push_back(l);
    }
    // Fatigue (only one, l. 135-138) from the force's state.
    if (f[i]->fatigue != Fatigue::none) {
      const auto* a = R.adjustment(f[i]->fatigue == Fatigue::moderate ? "moderately-fatigued" : "seriously-fatigued");
      lines.push_back({a->group, a->id, a->label, a->br, ""});
    }
    // Leader loss (l. 155-158): the side facing the force whose leader/officer was removed gains.
    for (const auto& id : f[j]->situation) {
      const auto* a = R.adjustment(id);
      if (a->benefits_opponent) lines.push_back({a->group, a->id, a->label, a->br, f[j]->name + "'s loss"});
    }
    // Simple siege: the besieger gains +5 BR for each week (l. 184).
    if (s.simple_siege && s.weeks_besieged > 0 && f[i]->role == Role::attacker)
      lines.push_back(
          {"simple-siege", "besieged-weeks", "Besieged", s.weeks_besieged * R.simple_siege.besiege_br_per_week,
           std::to_string(s.weeks_besieged) + " weeks x " + std::to_string(R.simple_siege.besiege_br_per_week)});
    for (const auto& l : lines) out[i].total += l.br;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tactics

Expected<TacticsOutcome> tactics_effect(const Rules& R, const std::optional<std::string>& a,
                                        const std::optional<std::string>& b) {
  TacticsOutcome out;
  if (!a && !b) return out;
  if (!a || !b)
    return Expected<TacticsOutcome>::failure("tactics need a tactic for both sides (only side " +
                                             std::string(a ? "A" : "B") + " has one)");
  for (const auto* t : {&*a, &*b})
    if (!R.tactic(*t)) {
      std::string list;
      for (const auto& x : R.tactics) list += (list.empty() ? "" : ", ") + x.id;
      return Expected<TacticsOutcome>::failure("unknown tactic \"" + *t + "\" (allowed: " + list + ")");
    }
  const auto* c = R.cell(*a, *b);
  out.kind = c->kind;
  out.printed = c->printed;
  if (c->kind == TacticKind::effects) out.effect = c->effect;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Outcomes

namespace {

struct Prepared {
  TacticsOutcome tactics;
  std::array<int, 2> final_br{};
  std::array<std::string, 2> tactic{};
};

Expected<Prepared> prepare(const Rules& R, const SideSpec& a, const SideSpec& b) {
  Prepared p;
  auto t = tactics_effect(R, a.tactic, b.tactic);
  if (!t) return t.error();
  p.tactics = *t;
  p.tactic = {a.tactic.value_or(""), b.tactic.value_or("")};
  const std::array<const SideSpec*, 2> s{&a, &b};
  for (size_t i = 0; i < 2; ++i) {
    if (s[i]->troops < 0) return Expected<Prepared>::failure("side '" + s[i]->name + "': troops cannot be negative");
    if (s[i]->casualty_scale.d <= 0 || s[i]->casualty_scale.n < 0)
      return Expected<Prepared>::failure("side '" + s[i]->name + "': casualty scale must be a non-negative fraction");
    p.final_br[i] = s[i]->modified_br + (p.tactics.effect[i].kind == EffectKind::br ? p.tactics.effect[i].value : 0);
  }
  return p;
}

}  // namespace

SideResult casualties_for(const Rules& R, std::int64_t troops, double pct, std::optional<Fatigue> fatigue, Location loc,
                          int units, bool won) {
  SideResult s;
  s.won = won;
  s.casualties_pct = pct;
  s.fatigue = fatigue;
  s.location = loc;
  s.location_units = units;
  // Casualties: pct of the troops, rounded up (rules-gaps s.3); the pct is a multiple of 1/100
  // of a percent at worst, so work in hundredths to stay exact.
  const auto hundredths = static_cast<std::int64_t>(std::llround(pct * 100));
  s.casualties = std::min(troops, ceil_div(troops * hundredths, 10000));
  // Half killed, half wounded (l. 179), killed rounded up; a force that retreats counts its
  // wounded as killed (rules-gaps s.3), as does a routed or destroyed one.
  const bool leaves = loc == Location::retreat || loc == Location::rout || loc == Location::none;
  if (leaves && R.result_rules.retreating_wounded_count_as_killed) {
    s.killed = s.casualties;
  } else {
    s.killed = ceil_div(s.casualties * R.result_rules.killed.n, R.result_rules.killed.d);
  }
  s.wounded = s.casualties - s.killed;
  return s;
}

namespace {

/// The consequences for both sides of `winner` winning on combat-results row `row`.
std::array<SideResult, 2> outcome(const Rules& R, const SideSpec& a, const SideSpec& b, const Prepared& p, int winner,
                                  size_t row, const BattleOptions& opt) {
  const auto& res = R.results[row];
  const std::array<const SideSpec*, 2> s{&a, &b};
  std::array<SideResult, 2> out;
  for (size_t i = 0; i < 2; ++i) {
    const size_t k = static_cast<int>(i) == winner ? 0 : 1;  // 0 = winner's cells, 1 = loser's
    double pct = res.casualties_pct[k];
    // Tactics "C+n%" (l. 243): percentage points by default, or a multiplier.
    const auto& e = p.tactics.effect[i];
    if (e.kind == EffectKind::casualties) {
      pct = opt.casualty_reading == CasualtyReading::points ? pct + e.value : pct * (100.0 + e.value) / 100.0;
    }
    pct = std::clamp(pct, 0.0, 100.0);
    pct = pct * s[i]->casualty_scale.value();
    std::optional<Fatigue> fat = res.fatigue[k];
    Location loc = res.location[k].value_or(Location::none);
    int units = res.location_units[k].value_or(0);
    if (s[i]->holds_position && (loc == Location::retreat || loc == Location::rout || loc == Location::none)) {
      // Simple siege: the defender ignores retreat and rout (l. 182-183); a rout's "-" fatigue
      // becomes serious, as on the rows above it.
      loc = Location::hold;
      units = 0;
      if (!fat) fat = Fatigue::serious;
    }
    // Fatigue after the battle (Combat results; Battle rating, Fatigue): the worse of the row's and
    // the side's own, which the battle does not lift (only rest does, Other notes, Fatigue). A "-"
    // (routed or destroyed) stays "-".
    if (fat) fat = std::max(*fat, s[i]->fatigue);
    // Withdraw (l. 199-201): unless the other side chose Attack+, a withdrawing side moves one
    // terrain unit after combat and cannot hold the field or pursue.
    if (p.tactic[i] == "withdraw" && p.tactic[1 - i] != R.withdraw.unless_opponent_tactic &&
        p.tactics.kind != TacticKind::no_combat && loc == Location::field) {
      loc = Location::withdraw;
      units = R.withdraw.terrain_units;
    }
    if (!opt.location_changes && loc != Location::none) {
      loc = Location::hold;
      units = 0;
    }
    out[i] = casualties_for(R, s[i]->troops, pct, fat, loc, units, static_cast<int>(i) == winner);
  }
  return out;
}

std::string location_label(Location l, int units) {
  if (l == Location::none) return "-";
  std::string s = to_string(l);
  if (units > 0) s += "+" + std::to_string(units);
  return s;
}
int location_order(Location l, int units) {
  switch (l) {
    case Location::field:
      return 100 - units;
    case Location::withdraw:
      return 200 - units;
    case Location::hold:
      return 300;
    case Location::retreat:
      return 400 + units;
    case Location::rout:
      return 500;
    case Location::none:
      return 600;
  }
  return 700;
}

/// Which side wins a tie under the policy, if any.
std::optional<int> tie_winner(TiePolicy t, const SideSpec& a, const SideSpec& b, const Prepared& p) {
  if (t == TiePolicy::defender) {
    if (a.role == Role::defender && b.role != Role::defender) return 0;
    if (b.role == Role::defender && a.role != Role::defender) return 1;
  }
  if (t == TiePolicy::higher_br && p.final_br[0] != p.final_br[1]) return p.final_br[0] > p.final_br[1] ? 0 : 1;
  return std::nullopt;
}

/// The 10,000 pairs of d100 rolls counted by outcome: C0 - C1 = (B0 - B1) + (r0 - r1), and
/// r0 - r1 = k for 100 - |k| of the pairs. Fills the win and tie counts of `o`; returns the pairs
/// of each (combat-results row, winner).
std::vector<std::array<std::int64_t, 2>> count_pairs(const Rules& R, const Prepared& p, Odds& o) {
  const int base = p.final_br[0] - p.final_br[1];
  std::vector<std::array<std::int64_t, 2>> pairs(R.results.size(), {0, 0});
  // The row for a difference is the first row whose bound it does not exceed (the last row, or
  // one without a bound, takes the rest). That first row never moves back as the difference
  // grows, so each side's differences are taken in increasing order with one moving row.
  const size_t nrows = R.results.size();
  auto row_from = [&](size_t row, int diff) {
    while (row + 1 < nrows && R.results[row].diff_max && diff > *R.results[row].diff_max) ++row;
    return row;
  };
  size_t row0 = 0, row1 = 0;
  for (int k = -99; k <= 99; ++k) {  // side 0 wins by d = base + k, growing with k
    const std::int64_t n = 100 - std::abs(k);
    const int d = base + k;
    if (d == 0) {
      o.pairs_tie += n;
    } else if (d > 0) {
      o.pairs_win[0] += n;
      row0 = row_from(row0, d);
      pairs[row0][0] += n;
    }
  }
  for (int k = 99; k >= -99; --k) {  // side 1 wins by -d, growing as k falls
    const int d = base + k;
    if (d >= 0) continue;
    const std::int64_t n = 100 - std::abs(k);
    o.pairs_win[1] += n;
    row1 = row_from(row1, -d);
    pairs[row1][1] += n;
  }
  return pairs;
}

/// Ties (not covered by the seed), settled by the policy: a winner on the first row, no
/// result, or both roll again (the decisive outcomes scaled up). Returns that scale.
double settle_ties(const Rules& R, const SideSpec& a, const SideSpec& b, const Prepared& p, const BattleOptions& opt,
                   Odds& o) {
  constexpr double kPairs = 10000.0;
  double scale = 1;  // weight of a decisive outcome after the policy
  const std::optional<int> tw = o.pairs_tie > 0 ? tie_winner(opt.tie, a, b, p) : std::nullopt;
  if (o.pairs_tie > 0) {
    if (tw) {
      RowOdds ro;
      ro.winner = *tw;
      ro.row = 0;
      ro.pairs = o.pairs_tie;
      ro.p = o.p_tie;
      ro.result = outcome(R, a, b, p, *tw, 0, opt);
      o.tie_row = ro;
    } else if (opt.tie == TiePolicy::no_result) {
      o.p_no_result = o.p_tie;
    } else {
      scale = kPairs / static_cast<double>(o.pairs_win[0] + o.pairs_win[1]);  // reroll
    }
  }
  for (size_t i = 0; i < 2; ++i) o.p_win_resolved[i] = o.p_win[i] * scale;
  if (tw) o.p_win_resolved[static_cast<size_t>(*tw)] += o.p_tie;
  return scale;
}

/// Expectations and distributions (fatigue, location) after the tie policy; a battle of no result
/// leaves each side its own fatigue.
void expectations(Odds& o, double scale, const std::array<Fatigue, 2>& own) {
  struct LocSlot {
    Location where = Location::none;
    int units = 0;
    bool named = false;
    LocationShare entry;
  };
  std::array<std::map<int, LocSlot>, 2> loc;
  std::array<std::array<double, 4>, 2> fat{};
  auto add = [&](const RowOdds& ro, double w) {
    for (size_t i = 0; i < 2; ++i) {
      const auto& r = ro.result[i];
      o.expected_casualties_pct[i] += w * r.casualties_pct;
      o.expected_casualties[i] += w * static_cast<double>(r.casualties);
      o.expected_killed[i] += w * static_cast<double>(r.killed);
      o.expected_wounded[i] += w * static_cast<double>(r.wounded);
      fat[i][r.fatigue ? static_cast<size_t>(*r.fatigue) : 3] += w;
      auto& slot = loc[i][location_order(r.location, r.location_units)];
      // The label of the last location added to the slot (built only when it changes).
      if (!slot.named || slot.where != r.location || slot.units != r.location_units) {
        slot.entry.label = location_label(r.location, r.location_units);
        slot.entry.place = r.location == Location::none ? std::string() : to_string(r.location);
        slot.entry.units = r.location == Location::none ? std::nullopt : std::optional<int>(r.location_units);
        slot.where = r.location;
        slot.units = r.location_units;
        slot.named = true;
      }
      slot.entry.p += w;
    }
  };
  for (const auto& ro : o.rows) add(ro, ro.p * scale);
  if (o.tie_row) add(*o.tie_row, o.tie_row->p);
  for (size_t i = 0; i < 2; ++i) {
    if (o.p_no_result > 0) fat[i][static_cast<size_t>(own[i])] += o.p_no_result;
    const std::array<const char*, 4> names{"none", "moderate", "serious", "-"};
    for (size_t k = 0; k < 4; ++k)
      if (fat[i][k] > 0) o.fatigue_dist[i].emplace_back(names[k], fat[i][k]);
    for (auto& [key, v] : loc[i]) o.location_dist[i].push_back(std::move(v.entry));
    if (o.p_no_result > 0) o.location_dist[i].push_back({"no result", "no-result", std::nullopt, o.p_no_result});
  }
}

}  // namespace

Expected<Odds> resolve_battle(const Rules& R, const SideSpec& a, const SideSpec& b, const BattleOptions& opt) {
  auto prep = prepare(R, a, b);
  if (!prep) return prep.error();
  const Prepared& p = *prep;
  Odds o;
  o.tie_policy = opt.tie;
  o.final_br = p.final_br;
  o.tactics_cancelled = p.tactics.kind == TacticKind::no_effect;
  for (size_t i = 0; i < 2; ++i) {
    const auto& e = p.tactics.effect[i];
    o.tactic_br[i] = e.kind == EffectKind::br ? e.value : 0;
    o.tactic_casualty[i] = e.kind == EffectKind::casualties ? e.value : 0;
    o.tactic_printed[i] = p.tactics.printed;
  }
  if (p.tactics.kind == TacticKind::no_combat) {
    o.combat = false;
    o.p_no_result = 1;
    for (size_t i = 0; i < 2; ++i) {
      o.fatigue_dist[i] = {{to_string(i == 0 ? a.fatigue : b.fatigue), 1.0}};
      o.location_dist[i] = {{"no combat", "no-combat", std::nullopt, 1.0}};
    }
    return o;
  }
  const auto pairs = count_pairs(R, p, o);
  constexpr double kPairs = 10000.0;
  o.p_win = {static_cast<double>(o.pairs_win[0]) / kPairs, static_cast<double>(o.pairs_win[1]) / kPairs};
  o.p_tie = static_cast<double>(o.pairs_tie) / kPairs;
  o.rows.reserve(2 * R.results.size());
  for (int w = 0; w < 2; ++w)
    for (size_t row = 0; row < R.results.size(); ++row)
      if (pairs[row][static_cast<size_t>(w)] > 0) {
        RowOdds ro;
        ro.winner = w;
        ro.row = row;
        ro.pairs = pairs[row][static_cast<size_t>(w)];
        ro.p = static_cast<double>(ro.pairs) / kPairs;
        ro.result = outcome(R, a, b, p, w, row, opt);
        o.rows.push_back(ro);
      }
  expectations(o, settle_ties(R, a, b, p, opt, o), {a.fatigue, b.fatigue});
  return o;
}

Expected<RolledBattle> resolve_roll(const Rules& R, const SideSpec& a, const SideSpec& b, int roll_a, int roll_b,
                                    const BattleOptions& opt) {
  if (roll_a < 1 || roll_a > 100 || roll_b < 1 || roll_b > 100)
    return Expected<RolledBattle>::failure("d100 rolls must be 1-100");
  auto prep = prepare(R, a, b);
  if (!prep) return prep.error();
  const Prepared& p = *prep;
  RolledBattle rb;
  rb.roll = {roll_a, roll_b};
  if (p.tactics.kind == TacticKind::no_combat) {
    rb.combat = false;
    rb.note = "no combat (" + p.tactics.printed + ")";
    for (auto& r : rb.result) r.location = Location::field;
    rb.result[0].fatigue = a.fatigue;  // no battle: each keeps its own fatigue
    rb.result[1].fatigue = b.fatigue;
    return rb;
  }
  // C = B + adjustments + 1d100 (l. 70); the higher total wins by the difference.
  rb.total = {p.final_br[0] + roll_a, p.final_br[1] + roll_b};
  rb.diff = std::abs(rb.total[0] - rb.total[1]);
  if (rb.diff == 0) {
    const auto tw = tie_winner(opt.tie, a, b, p);
    if (!tw) {
      rb.tie = true;
      rb.note = "tie (" + to_string(opt.tie) + ")";
      for (auto& r : rb.result) r.location = Location::field;
      rb.result[0].fatigue = a.fatigue;  // no result: each keeps its own fatigue
      rb.result[1].fatigue = b.fatigue;
      return rb;
    }
    rb.winner = *tw;
    rb.row = 0;
    rb.note = "tie settled for " + std::string(*tw == 0 ? a.name : b.name) + " (" + to_string(opt.tie) + ")";
  } else {
    rb.winner = rb.total[0] > rb.total[1] ? 0 : 1;
    const auto& row = R.result_for(rb.diff);
    rb.row = static_cast<size_t>(&row - R.results.data());
  }
  rb.result = outcome(R, a, b, p, *rb.winner, *rb.row, opt);
  return rb;
}

void apply_result(const SideResult& r, ForceState& s) {
  const std::int64_t lost = std::min(s.troops, r.casualties);
  s.troops -= lost;
  s.killed += std::min(lost, r.killed);
  s.wounded += lost - std::min(lost, r.killed);
  if (r.fatigue && static_cast<int>(*r.fatigue) > static_cast<int>(s.fatigue)) s.fatigue = *r.fatigue;
  s.location = r.location;
  s.location_units = r.location_units;
  // A rout, or the 151+ row's "-" (no location) with survivors: the survivors leave the field.
  if (r.location == Location::rout || r.location == Location::none) s.routed = true;
  if (s.troops == 0) s.destroyed = true;
}

// ---------------------------------------------------------------------------------------------
// Dividing and matching forces

std::vector<std::pair<size_t, size_t>> match_forces(const std::vector<Contender>& side0,
                                                    const std::vector<Contender>& side1,
                                                    const std::vector<std::pair<size_t, size_t>>& fixed,
                                                    const std::function<std::array<double, 2>(size_t, size_t)>& p_win) {
  std::vector<std::pair<size_t, size_t>> out;
  std::vector<bool> used0(side0.size(), false), used1(side1.size(), false);
  for (const auto& [i, j] : fixed) {
    if (i >= side0.size() || j >= side1.size() || used0[i] || used1[j]) continue;
    used0[i] = used1[j] = true;
    out.emplace_back(i, j);
  }
  // Highest BR chooses first (l. 68): BR, then troops, then side 0, then input order.
  struct Entry {
    int br;
    std::int64_t troops;
    int side;
    size_t index;
  };
  std::vector<Entry> order;
  for (size_t i = 0; i < side0.size(); ++i) order.push_back({side0[i].br, side0[i].troops, 0, i});
  for (size_t j = 0; j < side1.size(); ++j) order.push_back({side1[j].br, side1[j].troops, 1, j});
  std::stable_sort(order.begin(), order.end(), [](const Entry& x, const Entry& y) {
    if (x.br != y.br) return x.br > y.br;
    if (x.troops != y.troops) return x.troops > y.troops;
    return x.side < y.side;
  });
  for (const auto& e : order) {
    auto& mine = e.side == 0 ? used0 : used1;
    const auto& theirs = e.side == 0 ? used1 : used0;
    if (mine[e.index]) continue;
    std::optional<size_t> best;
    double best_p = -1;
    for (size_t k = 0; k < theirs.size(); ++k) {
      if (theirs[k]) continue;
      const auto pw = e.side == 0 ? p_win(e.index, k) : p_win(k, e.index);
      const double p = pw[static_cast<size_t>(e.side)];
      if (p > best_p + 1e-12) {
        best_p = p;
        best = k;
      }
    }
    if (!best) continue;
    if (e.side == 0) {
      used0[e.index] = used1[*best] = true;
      out.emplace_back(e.index, *best);
    } else {
      used1[e.index] = used0[*best] = true;
      out.emplace_back(*best, e.index);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Movement, forced march, food

Fatigue hunger_fatigue(const Rules& R, int days_without_food) {
  // Hunger (l. 194-195): two days without food -> moderate, three -> serious fatigue.
  if (days_without_food >= R.food.days_serious) return Fatigue::serious;
  if (days_without_food >= R.food.days_moderate) return Fatigue::moderate;
  return Fatigue::none;
}

Expected<March> march(const Rules& R, const MarchQuery& q) {
  if (q.troops < 1) return Expected<March>::failure("a force needs at least one troop");
  const auto* row = R.forced_march_row(q.troop_class);
  if (!row) {
    std::string list;
    for (const auto& t : R.troop_classes) list += (list.empty() ? "" : ", ") + t.id;
    return Expected<March>::failure("unknown troop class \"" + q.troop_class + "\" (allowed: " + list + ")");
  }
  if (q.rate_ft && !(*q.rate_ft > 0)) return Expected<March>::failure("the movement rate must be positive");
  if (q.days_without_food < 0) return Expected<March>::failure("days without food cannot be negative");
  March m;
  // Rate (l. 190-192): by the number of troops, a fraction of V, the slowest member's rate.
  for (const auto& b : R.movement)
    if (q.troops >= b.troops_min && (!b.troops_max || q.troops <= *b.troops_max)) {
      m.rate = b.rate;
      m.rate_label = b.label;
    }
  if (q.rate_ft) m.rate_ft = *q.rate_ft * m.rate.value();
  m.explain.push_back(fmtnum::grouped(q.troops) + " troops: " + m.rate_label + " (" + R.movement.front().source + ")");
  m.hunger_fatigue = hunger_fatigue(R, q.days_without_food);
  m.effective_fatigue = std::max(q.fatigue, m.hunger_fatigue);
  // A seriously fatigued force cannot move (l. 192).
  m.can_move = m.effective_fatigue != Fatigue::serious || R.fatigue.seriously_fatigued_can_move;
  // Forced march (l. 196-198, table l. 230-240): 3V'/2 on a success; M is serious if already
  // fatigued.
  m.forced_rate = R.forced_march.rate;
  if (m.rate_ft) m.forced_rate_ft = *m.rate_ft * m.forced_rate.value();
  const bool already = m.effective_fatigue != Fatigue::none;
  for (size_t k = 0; k < 6; ++k) {
    ForcedMarchOdds f;
    f.roll = static_cast<int>(k) + 1;
    f.printed = row->printed[k];
    f.success = row->success[k] && m.can_move;
    f.fatigue = row->fatigue[k];
    if (f.fatigue == Fatigue::moderate && already && R.forced_march.moderate_becomes_serious_if_fatigued)
      f.fatigue = Fatigue::serious;
    if (!m.can_move) f.fatigue = m.effective_fatigue;
    f.fatigue = std::max(f.fatigue, m.effective_fatigue);
    if (f.success) m.p_forced_success += 1.0 / 6.0;
    m.p_forced_fatigue[static_cast<size_t>(f.fatigue)] += 1.0 / 6.0;
    m.forced.push_back(f);
  }
  // Foraging (l. 193-194): at 2V'/3, 2 in 6; at V'/3, 4 in 6.
  for (const auto& fo : R.forage) {
    March::Forage x{fo.id, fo.label, fo.rate, std::nullopt, m.can_move ? fo.chance_in_6 / 6.0 : 0.0};
    if (m.rate_ft) x.rate_ft = *m.rate_ft * fo.rate.value();
    m.forage.push_back(x);
  }
  return m;
}

std::vector<SiegeWeek> simple_siege_weeks(const Rules& R, std::int64_t defender_troops, int weeks, int food_weeks,
                                          bool of_start) {
  std::vector<SiegeWeek> out;
  std::int64_t troops = defender_troops;
  for (int w = 1; w <= weeks; ++w) {
    SiegeWeek s;
    s.week = w;
    // Besiege: +5 BR for each week (l. 184).
    s.besieger_bonus = w * R.simple_siege.besiege_br_per_week;
    // The defender loses 10% of its numbers a week once its food is gone (l. 185), rounded up.
    s.starving = w > food_weeks;
    if (s.starving && troops > 0) {
      const std::int64_t basis = of_start ? defender_troops : troops;
      const auto tenths = static_cast<std::int64_t>(std::llround(R.simple_siege.defender_loss_pct_per_week * 100));
      s.defender_lost = std::min(troops, ceil_div(basis * tenths, 10000));
      troops -= s.defender_lost;
    }
    s.defender_troops = troops;
    out.push_back(s);
  }
  return out;
}

}  // namespace gunpowder::war
