// march.cpp - war-machine march: movement rate, forced march, foraging and hunger of a force
// (seed 004, movement and food), from the flags alone.
#include <CLI/CLI.hpp>
#include <cmath>

#include "common/bounds.hpp"
#include "common/commands.hpp"
#include "common/fractions.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/fraction.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

using fmtnum::trim;
using report::Table;
using war::Fatigue;

namespace {

/// The march query of the flags, checked.
Expected<war::MarchQuery> march_query(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  if (!common.inputs.empty()) return cli::usage_error("march", "takes no input file (use --troops and --troop-class)");
  if (!opt.troops) return cli::usage_error("--troops", "required: the number of troops");
  if (opt.troop_class.has_value() == opt.bfr.has_value())
    return cli::usage_error("--troop-class", "give the troop class (--troop-class) or the BFR (--bfr), one of them");
  war::MarchQuery q;
  q.troops = *opt.troops;
  if (opt.bfr) {
    q.troop_class = R.class_for_bfr(*opt.bfr).id;
  } else {
    q.troop_class = *opt.troop_class;
  }
  q.rate_ft = opt.rate_ft;
  q.fatigue = *war::parse_fatigue(opt.fatigue);
  q.days_without_food = opt.days_without_food;
  return q;
}

Table movement_table(const war::Rules& R, const war::MarchQuery& q, const war::March& mv) {
  const auto* m = &mv;
  const auto* tc = R.troop_class(q.troop_class);
  auto frac = [](const war::Fraction& f) { return war::fraction_of(f, "V"); };
  auto primed = [](const war::Fraction& f) { return war::fraction_of(f, "V'"); };
  auto ft = [](const std::optional<double>& v) {
    return v ? report::cell::shown_as(trim(*v, 1) + "'", *v) : report::cell::none();
  };
  // The rate as a fraction (people: "2V/3", "V'/3"; programs: 0.666666666667, 0.333333333333).
  auto of_v = [](const war::Fraction& f) { return report::Cell(fmtnum::shortest(f.value())); };
  Table t(specs::march_rates());
  t.title = "March: " + fmtnum::grouped(q.troops) + " troops, " + tc->label + " (" + R.movement.front().source + ")";
  // Movement and forced march rates are of V'; foraging's of V' as well (the book's "V'/2").
  t.add_row({"Movement rate V'", "movement", frac(m->rate), of_v(m->rate), ft(m->rate_ft), report::cell::none(""),
             m->rate_label},
            source_of(m->ruled.rate));
  t.add_row({"Forced march", "forced-march", primed(m->forced_rate), of_v(m->forced_rate), ft(m->forced_rate_ft),
             report::cell::none(""), "at " + primed(m->forced_rate) + " on a success (" + R.forced_march.source + ")"},
            source_of(m->ruled.forced_rate));
  for (const auto& f : m->forage)
    t.add_row({"Foraging", f.id, primed(f.rate), of_v(f.rate), ft(f.rate_ft),
               report::cell::exact_over(report::Cell(fmtnum::shortest(f.p)), f.p, war::March::kDie),
               std::to_string(static_cast<int>(std::lround(f.p * 6))) + " in 6 to find food (" + f.label + ")"},
              source_of(f.ruled));
  if (!m->can_move) t.notes.push_back("a seriously fatigued force cannot move");
  if (m->hunger_fatigue != Fatigue::none)
    t.notes.push_back(std::to_string(q.days_without_food) + " days without food: " + war::to_string(m->hunger_fatigue) +
                      " fatigue (" + R.food.source + "); \"fatigue negated by day's food\"");
  return t;
}

/// The forced march's results; with `fractions` (--fractions) the P row's texts give its chances over
/// the die as fractions.
Table forced_march_table(const war::Rules& R, const war::MarchQuery& q, const war::March& mv,
                         const war::Ruled& class_ruled, bool fractions) {
  const auto* m = &mv;
  // The troop class's row of the table (the class from --bfr by the BFR/Class table).
  const std::string source = source_of(war::either(m->ruled.forced, class_ruled));
  const auto* tc = R.troop_class(q.troop_class);
  Table fm(specs::forced_march());
  fm.title = "Forced march results (1d6), " + tc->label + " (" + R.forced_march_row(q.troop_class)->source + ")";
  // The last row (P) gives the odds over the die: for people in the two columns, for programs in
  // columns of their own (p_success, p_fatigue_none, ...), empty on the rows of the rolls.
  const report::Cell blank = report::cell::none("");
  for (const auto& f : m->forced)
    fm.add_row({std::to_string(f.roll), f.printed == "-" ? report::cell::none() : report::Cell(f.printed),
                report::cell::boolean(f.success), blank, war::to_string(f.fatigue), blank, blank, blank},
               source);
  const auto& pf = m->p_forced_fatigue;
  const auto chance = [fractions](double p) {
    const auto f = fractions ? fraction::exact(p, war::March::kDie) : std::nullopt;
    return f ? fraction::to_string(*f) : pct(p);
  };
  fm.add_row({report::cell::none(""), "P", report::cell::none(chance(m->p_forced_success)),
              pct_over(m->p_forced_success, war::March::kDie),
              report::cell::none("none " + chance(pf[0]) + ", moderate " + chance(pf[1]) + ", serious " + chance(pf[2])),
              pct_over(pf[0], war::March::kDie), pct_over(pf[1], war::March::kDie), pct_over(pf[2], war::March::kDie)},
             source);
  fm.notes.push_back(
      "F: forced march succeeds; M: moderate fatigue (serious if already fatigued); S: serious; "
      "'-': no forced march and no fatigue");
  return fm;
}

Table food_table(const war::Rules& R) {
  Table food(specs::food());
  food.title = "Days without food (" + R.food.source + ")";
  // The last row is "N+": N days or more (and_more, for programs).
  for (int dday = 0; dday <= R.food.days_serious; ++dday) {
    const bool last = dday == R.food.days_serious;
    food.add_row({report::Cell(std::to_string(dday) + (last ? "+" : ""), std::to_string(dday)),
                  report::cell::boolean(last), war::to_string(war::hunger_fatigue(R, dday))},
                 source_of(R.ruled.hunger));
  }
  food.notes.push_back("fatigue recovery: serious -> moderate after " + R.fatigue.serious_to_moderate_dice + " " +
                       R.fatigue.unit + ", moderate -> none after " + R.fatigue.moderate_to_none_dice + " " +
                       R.fatigue.unit);
  return food;
}

/// What only programs see: the force that marches, as the flags give it, and its state.
Table query_table(const war::MarchQuery& q, const std::optional<int>& bfr, const war::March& m,
                  const war::Ruled& class_ruled) {
  Table t(specs::march_query());
  t.add_row({report::cell::integer(q.troops), q.troop_class, report::cell::integer(bfr),
             report::cell::trimmed(q.rate_ft, 12), war::to_string(q.fatigue), std::to_string(q.days_without_food),
             report::cell::boolean(m.can_move), war::to_string(m.effective_fatigue), war::to_string(m.hunger_fatigue)},
            source_of(war::either(war::either(class_ruled, m.ruled.can_move), m.ruled.hunger)));
  return t;
}

}  // namespace

void setup_march(CLI::App& m, Options& opt) {
  m.add_option("--troops", opt.troops, "number of troops (required)")
      ->check(cli::bounded({1, static_cast<double>(war::kMaxInputTroops), true}))
      ->type_name("N");
  cli::choices(
      m,
      m.add_option("--troop-class", opt.troop_class,
                   "troop class: untrained, poor, below-average, fair, average, good, excellent or elite (or as the "
                   "book prints it: \"Below Average\")"),
      {"untrained", "poor", "below-average", "fair", "average", "good", "excellent", "elite"},
      gunpowder::suite_spelling)
      ->type_name("CLASS");
  m.add_option("--bfr", opt.bfr, "basic force rating, instead of --troop-class")
      ->check(cli::bounded({0, war::kMaxInputRating, true}))
      ->type_name("N");
  m.add_option("--movement-ft", opt.rate_ft, "V, the movement rate of the slowest member, in feet")
      ->check(cli::bounded({0, 100000, false, true, "feet"}))
      ->type_name("FEET");
  cli::choices(m, m.add_option("--fatigue", opt.fatigue, "current fatigue: none (default), moderate or serious"),
               {"none", "moderate", "serious"}, gunpowder::suite_spelling)
      ->type_name("STATE");
  m.add_option("--days-without-food", opt.days_without_food, "days the force has gone without food")
      ->check(cli::bounded({0, 10000, true, false, "days"}))
      ->type_name("N");
  cli::add_fractions_flag(m, opt.fractions);
}

Expected<report::Report> run_march(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  auto q = march_query(R, opt, common);
  if (!q) return q.error();
  auto m = war::march(R, *q);
  if (!m) return cli::usage_error("--troop-class", m.error().items().front().message);
  const auto* tc = R.troop_class(q->troop_class);
  report::Report rep;
  rep.document = &specs::march_document();
  rep.tables.push_back(movement_table(R, *q, *m));
  // A class from --bfr is looked up in the BFR/Class table.
  const war::Ruled class_ruled = opt.bfr ? R.ruled.troop_classes : std::nullopt;
  rep.tables.push_back(forced_march_table(R, *q, *m, class_ruled, opt.fractions));
  rep.tables.push_back(food_table(R));
  rep.explain = m->explain;
  report::Chart chart;
  chart.title = "Forced march, " + tc->label + ": fatigue after";
  chart.labels = {"none", "moderate", "serious"};
  chart.values = {m->p_forced_fatigue[0], m->p_forced_fatigue[1], m->p_forced_fatigue[2]};
  rep.charts.push_back(std::move(chart));
  rep.tables.push_back(query_table(*q, opt.bfr, *m, class_ruled));
  return rep;
}

}  // namespace gunpowder::war_app
