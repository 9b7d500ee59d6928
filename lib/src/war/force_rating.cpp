// force_rating.cpp - the War Machine's force rating (seed 004): the basic force rating (BFR) line
// by line, the quick rating, the battle rating B from the BFR and the true statements, and the
// troop class. Every figure comes from war::Rules (data/war_machine.toml); decisions where the
// seed is silent: docs/notes/war-machine-decisions.md.
#include "gunpowder/war/war_machine.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "war_steps.hpp"

namespace gunpowder::war {

using detail::ceil_div;
using detail::statement_figure;
using detail::up;
using fmtnum::trim;

namespace {

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

// ---------------------------------------------------------------------------------------------
// Basic force rating

struct BfrResult {
  std::vector<RatingLine> lines;
  int total = 0;
  Ruled ruled;  ///< behind the total: any line
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
      line.ruled = c.ruled;
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
      line.ruled = either(c.ruled, R.ruled.ability_bands);  // the adjustments are read from their bands
    }
  } else if (f.name_level_pct) {  // BfrKind::name_level_percent
    line.input = pct_text(*f.name_level_pct);
    line.points = up(ppu * percent_counted(*f.name_level_pct));
    line.ruled = c.ruled;
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
  // Its points: the row's, one officer per troops_per_officer, and a non-human officer's level bonus.
  line.ruled = either(either(c.ruled, R.ruled.troops_per_officer),
                      f.officer_hit_dice ? R.ruled.nonhuman_officer_bonus : std::nullopt);
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
      line.ruled = c.ruled;
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
    line.points = rounding::saturated_int(std::round(ppu * capped(c, *v, line)));
    line.ruled = c.ruled;
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
      line.ruled = either(c.ruled, R.ruled.weapon_qualities);
    }
  } else if (c.kind == BfrKind::second_weapon) {
    line.input = f.second_weapon ? "yes" : "no";
    if (f.second_weapon) {
      line.points = c.points.value_or(0);
      line.ruled = c.ruled;
    }
  } else if (f.average_ac) {  // BfrKind::armour_class
    line.input = "AC " + trim(*f.average_ac);
    if (*f.average_ac <= 5) {
      line.points = c.points.value_or(0);
      line.ruled = c.ruled;
    }
  }
}

/// The two special-troop lines are alternatives ("15 if all elves or dwarves or 2 for each 1%
/// with 2 asterisks", l. 32-33): only the larger counts.
void special_troops_alternative(const std::vector<BfrComponent>& components, std::vector<RatingLine>& lines,
                                int elves_points, int asterisk_points) {
  if (elves_points <= 0 || asterisk_points <= 0) return;
  // Which of the two counts depends on both: each line is ruled when either is.
  Ruled both;
  for (size_t i = 0; i < lines.size(); ++i)
    if (components[i].kind == BfrKind::elves_or_dwarves || components[i].kind == BfrKind::two_asterisk_percent)
      both = either(std::move(both), lines[i].ruled);
  for (size_t i = 0; i < lines.size(); ++i) {
    RatingLine& l = lines[i];
    const BfrKind kind = components[i].kind;
    if (kind == BfrKind::elves_or_dwarves || kind == BfrKind::two_asterisk_percent) l.ruled = both;
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
    RatingLine line{c.factor, c.id, c.label, "not given", 0, "", std::nullopt};
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
        if (f.all_elves_or_dwarves) {
          elves_points = c.points.value_or(0);
          line.ruled = c.ruled;
        }
        line.points = elves_points;
        break;
      case BfrKind::two_asterisk_percent:
        // or 2 for each 1% of the force with two (or more) asterisks (l. 33).
        if (f.two_asterisk_pct) {
          line.input = pct_text(*f.two_asterisk_pct);
          asterisk_points = up(c.points_per_unit * percent_counted(*f.two_asterisk_pct));
          line.ruled = c.ruled;
        }
        line.points = asterisk_points;
        break;
    }
    out.lines.push_back(std::move(line));
  }
  // "15 if all elves or dwarves or 2 for each 1% ... with 2 asterisks": one of the two, unless
  // [bfr] special_troops_exclusive says both count.
  if (R.special_troops_exclusive)
    special_troops_alternative(R.bfr_components, out.lines, elves_points, asterisk_points);
  if (elves_points > 0 && asterisk_points > 0)
    for (size_t i = 0; i < out.lines.size(); ++i)
      if (R.bfr_components[i].kind == BfrKind::elves_or_dwarves ||
          R.bfr_components[i].kind == BfrKind::two_asterisk_percent)
        out.lines[i].ruled = either(std::move(out.lines[i].ruled), R.ruled.special_troops);
  // A house rule's points per unit can take a line beyond any rating (a saturated INT_MAX): refused
  // here, before the sums and the battle rating's products would overflow an int.
  constexpr int kMaxLinePoints = 10000000;
  for (const auto& l : out.lines)
    if (l.points > kMaxLinePoints || l.points < -kMaxLinePoints)
      errs.error({}, "the BFR line '" + l.label + "' gives " + (l.points > 0 ? "more than " : "less than -") +
                         fmtnum::grouped(kMaxLinePoints) + " points (a line gives at most " +
                         fmtnum::grouped(kMaxLinePoints) + " either way)" +
                         out_of_range_cause(R.ruled.in_effect));
  if (!errs.empty()) return errs;
  for (const auto& l : out.lines) {
    out.total += l.points;
    out.ruled = either(std::move(out.ruled), l.ruled);
  }
  return out;
}

std::optional<double> quantity_of(const Composition& c, QuickQuantity q) {
  switch (q) {
    case QuickQuantity::mounted:
      return c.mounted_pct;
    case QuickQuantity::missile_capable:
      return c.missile_pct;
    case QuickQuantity::missile_range_100ft:
      return c.missile_100ft_pct;
    case QuickQuantity::magical:
      return c.magical_pct;
    case QuickQuantity::spellcasters:
      return c.spells_pct;
    case QuickQuantity::flyers:
      return c.flying_pct;
    case QuickQuantity::average_movement_fastest_mode:
      return c.movement_ft;
  }
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
      {"quick", "leader_level", "Leader level", std::to_string(q.leader_level), q.leader_level, "", std::nullopt});
  int hd_points = 0;
  std::string hd_label;
  for (const auto& b : R.quick_hit_dice)
    if (q.hit_dice >= b.hd_min && (!b.hd_max_exclusive || q.hit_dice < *b.hd_max_exclusive)) {
      hd_points = b.points;
      hd_label = b.label;
    }
  out.bfr_lines.push_back(
      {"quick", "hit_dice", "Hit dice (" + hd_label + ")", trim(q.hit_dice), hd_points, "", R.ruled.quick_hit_dice});
  for (size_t k = 0; k < R.quick_flags.size(); ++k) {
    const auto& flag = R.quick_flags[k];
    const bool has = std::find(q.flags.begin(), q.flags.end(), flag) != q.flags.end();
    // A flag the force has scores flag_points; its row names it.
    const Ruled ruled =
        has ? either(k < R.ruled.quick_flags.size() ? R.ruled.quick_flags[k] : std::nullopt, R.ruled.quick_flag_points)
            : std::nullopt;
    out.bfr_lines.push_back(
        {"quick", flag, "Any " + flag, has ? "yes" : "no", has ? R.quick_flag_points : 0, "", ruled});
  }
  for (const auto& flag : q.flags)
    if (std::find(R.quick_flags.begin(), R.quick_flags.end(), flag) == R.quick_flags.end())
      errs.error({}, "force '" + force.name + "': unknown quick-rating flag " + flag);
  out.bfr_lines.push_back({"quick", "max_damage", "Maximum damage per round", std::to_string(q.max_damage),
                           q.max_damage, "", std::nullopt});
  for (const auto& l : out.bfr_lines) {
    out.br += l.points;
    out.ruled.br = either(std::move(out.ruled.br), l.ruled);
  }
  report::Step quick{force.name, "quick BR", "the sum of the quick rating's points", std::to_string(out.br),
                     R.quick_source};
  for (const auto& l : out.bfr_lines) quick.in(l.label, std::to_string(l.points));
  out.explain.push_back(std::move(quick));
}

/// B', given or computed from the factors (seed 004, "Battle force rating B'"); a negative BFR
/// counts as 0.
Expected<int> basic_force_rating(const Rules& R, const Force& force, Rating& out) {
  int bfr = 0;
  if (force.bfr) {
    out.method = "bfr";
    bfr = *force.bfr;
    out.explain.push_back({force.name, "BFR", "given directly", std::to_string(bfr), R.bfr_source});
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
    out.ruled.bfr = b->ruled;
    std::string sum;
    for (const auto& l : out.bfr_lines)
      if (l.points)
        sum += (sum.empty() ? (l.points < 0 ? "-" : "") : (l.points < 0 ? " - " : " + ")) +
               std::to_string(std::abs(l.points));
    report::Step step{force.name, "B'", sum.empty() ? "0" : sum, std::to_string(bfr), R.bfr_source};
    for (const auto& l : out.bfr_lines)
      if (l.points) step.in(l.label, std::to_string(l.points));
    out.explain.push_back(std::move(step));
  }
  if (bfr < 0) {
    out.explain.push_back(report::Step{force.name, "BFR", "a negative BFR counts as 0 (the class table starts at 0)", "0",
                                       R.class_source}
                              .in("B'", std::to_string(bfr)));
    bfr = 0;
  }
  return bfr;
}

/// The twelve statements (l. 52-63), given as letters or measured from the composition; n of
/// them hold. A measured figure meets "at least" its threshold as `reading` says.
void statements_of(const Rules& R, const Force& force, PercentReading reading, const Ruled& reading_ruled, Rating& out,
                   Diagnostics& errs) {
  for (const auto& s : R.statements) {
    StatementLine sl{s.letter,     s.id,         s.label, "not given", false,       s.in_seed,
                     std::nullopt, std::nullopt, "",      false,       std::nullopt};
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
      const std::string unit = s.percent ? "%" : "'";
      const double counted = statement_figure(*v, reading);
      sl.measured = trim(counted) + unit;
      sl.figure = *v;
      sl.counted = counted;
      sl.unit = s.percent ? "percent" : "ft";
      if (counted != *v) sl.measured += " (" + trim(*v) + unit + " rounded up)";
      // Measured: the row's threshold, and the reading of the figure.
      sl.ruled = either(s.ruled, reading_ruled);
    }
    if (sl.holds) ++out.statements_true;
    out.ruled.statements = either(std::move(out.ruled.statements), sl.ruled);
    out.statements.push_back(sl);
  }
}

/// BR from B': troop class (l. 38-43, from the BFR, not the BR), the statements, and
/// B = B' + n x ceil(B'/10) (l. 48).
std::optional<Diagnostics> rate_from_bfr(const Rules& R, const Force& force, PercentReading reading,
                                         const Ruled& reading_ruled, Rating& out) {
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
  out.ruled.troop_class = either(out.ruled.bfr, R.ruled.troop_classes);  // looked up in the BFR/Class table
  statements_of(R, force, reading, reading_ruled, out, errs);
  if (!errs.empty()) return errs;
  out.bonus_per_statement = static_cast<int>(ceil_div(bfr, R.br_bonus_divisor));
  out.br = battle_rating(R, bfr, out.statements_true);
  // B = B' + n x bonus: the bonus counts only when a statement holds.
  out.ruled.bonus_per_statement = either(out.ruled.bfr, R.ruled.bonus_divisor);
  out.ruled.br = either(out.ruled.bfr, out.ruled.statements);
  if (out.statements_true > 0) out.ruled.br = either(std::move(out.ruled.br), out.ruled.bonus_per_statement);
  const std::string range = std::to_string(tc.bfr_min) + (tc.bfr_max ? "-" + std::to_string(*tc.bfr_max) : "+");
  out.explain.push_back(report::Step{force.name, "troop class", "BFR " + std::to_string(bfr) + " in " + range, tc.label,
                                     R.class_source, {}, report::Yields::rounded}
                            .in("BFR", std::to_string(bfr)));
  out.explain.push_back(report::Step{force.name, "B",
                                     "B' + n ceil(B'/" + std::to_string(R.br_bonus_divisor) + ") = " +
                                         std::to_string(bfr) + " + " + std::to_string(out.statements_true) + " x " +
                                         std::to_string(out.bonus_per_statement),
                                     std::to_string(out.br), R.br_source}
                            .in("B'", std::to_string(bfr))
                            .in("n (statements true)", std::to_string(out.statements_true))
                            .in("ceil(B'/" + std::to_string(R.br_bonus_divisor) + ")",
                                std::to_string(out.bonus_per_statement)));
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
  return rate_force(R, force, R.default_percent_reading, R.ruled.statement_reading);
}

Expected<Rating> rate_force(const Rules& R, const Force& force, PercentReading reading, const Ruled& reading_ruled) {
  Rating out;
  Diagnostics errs = check_force(R, force);
  if (!errs.empty()) return errs;
  if (force.br) {
    out.method = "br";
    out.br = *force.br;
    out.explain.push_back({force.name, "BR", "given directly", std::to_string(out.br), R.br_source});
  } else if (force.quick) {
    quick_rating(R, force, out, errs);
  } else if (auto failed = rate_from_bfr(R, force, reading, reading_ruled, out)) {
    return *failed;
  }
  if (!out.troop_class && force.troop_class) {
    const auto* tc = R.troop_class(*force.troop_class);
    out.troop_class = tc->id;
    out.troop_class_rank = tc->rank;
    out.ruled.troop_class = R.ruled.troop_classes;  // its rank, from its row
  }
  if (!errs.empty()) return errs;
  return out;
}

}  // namespace gunpowder::war
