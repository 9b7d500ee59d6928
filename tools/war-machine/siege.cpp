// siege.cpp - war-machine siege: the simple siege week by week (seed 004, "Simple siege"): the
// besieger's BR bonus, the starving defender's numbers and, with a battle file, the assault's
// odds each week.
#include "gunpowder/core/fmtnum.hpp"

#include <CLI/CLI.hpp>
#include "common/bounds.hpp"
#include "common/fractions.hpp"
#include "gunpowder/war/simple_siege.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

using report::Table;

namespace {

std::optional<Diagnostics> check_flags(const Options& opt, const cli::CommonOptions& common) {
  if (!opt.weeks) return cli::usage_error("--weeks", "required: how many weeks to project");
  if (!opt.food_weeks) return cli::usage_error("--food-weeks", "required: the weeks of food the defender holds");
  const bool forces = !common.inputs.empty() || !opt.force_flags.empty();
  if (forces && opt.defender_troops)
    return cli::usage_error("--defender-troops", "comes from the battle's defender when a file or --force is given");
  if (!forces && !opt.defender_troops && !cli::read_standard_input(common))
    return cli::usage_error("siege",
                            "give a battle file (one attacker, one defender), --force flags or --defender-troops");
  return std::nullopt;
}

/// The battle file's one battle, under the simple siege, and which side of it defends.
struct SiegePlan {
  std::unique_ptr<BattlePlan> plan;
  size_t def_side = 0;
};

Expected<SiegePlan> plan_siege(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  Options o = opt;
  o.simple_siege = true;
  o.weeks_besieged.reset();
  auto planned = plan_battle(R, o, common, "siege");
  if (!planned) return planned.error();
  SiegePlan s;
  s.plan = std::move(*planned);
  const BattlePlan& p = *s.plan;
  if (p.engagements.size() != 1 || !p.unmatched.empty())
    return cli::usage_error("siege", "the simple siege takes one attacking and one defending force");
  auto def = war::siege_defender_side(p.rated, p.engagements.front());
  if (!def) return war::place_force_fields(def.error(), p.input);
  s.def_side = *def;
  return s;
}

Table weeks_table(const war::Rules& R, bool with_odds) {
  Table t(specs::siege_weeks());
  t.title = "Simple siege, week by week (" + R.simple_siege.source + ")";
  // Without a battle file there are no odds: people see no such columns, programs see them empty.
  if (!with_odds)
    for (size_t i = 5; i < t.columns.size(); ++i) t.columns[i].shown = report::Shown::programs;
  return t;
}

void week_notes(const war::Rules& R, const Options& opt, const SiegePlan* sp, Table& t) {
  t.notes.push_back("besieger: +" + std::to_string(R.simple_siege.besiege_br_per_week) + " BR a week; defender: -" +
                    fmtnum::trim(R.simple_siege.defender_loss_pct_per_week) + "% of its " +
                    (opt.loss_of_start ? "starting" : "current") + " numbers a week after " +
                    std::to_string(*opt.food_weeks) + " weeks of food, rounded up");
  if (sp) {
    t.notes.push_back("assault odds: the simple siege (" + siege_rules_text(R) + "); ties " +
                      war::to_string(sp->plan->config.options.tie));
    // Which odds settle ties, as battle's table of battles says it (Wins, Loses and Tie).
    t.notes.push_back(
        specs::battles_note(war::to_string(sp->plan->config.options.tie), "Assault wins", "Defence holds"));
  }
}

}  // namespace

void setup_siege(CLI::App& s, Options& opt) {
  add_rule_options(s, opt);
  add_force_options(s, opt);
  s.add_option("--weeks", opt.weeks, "weeks to project (required)")->check(cli::bounded({1, 520, true}))->type_name("N");
  s.add_option("--food-weeks", opt.food_weeks, "weeks of food the defender holds (required)")
      ->check(cli::bounded({0, 10000, true, false, "weeks"}))
      ->type_name("N");
  s.add_option("--defender-troops", opt.defender_troops, "defender's troops, without a battle file")
      ->check(cli::bounded({1, static_cast<double>(war::kMaxInputTroops), true}))
      ->type_name("N");
  s.add_flag("--loss-of-start", opt.loss_of_start, "starving losses are 10% of the starting numbers, not the current");
  cli::add_fractions_flag(s, opt.fractions);
}

Expected<report::Report> run_siege(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  if (auto bad = check_flags(opt, common)) return *bad;
  report::Report rep;
  rep.document = &specs::siege_document();
  std::optional<SiegePlan> sp;
  std::int64_t defenders = opt.defender_troops.value_or(0);
  if (!common.inputs.empty() || !opt.force_flags.empty()) {
    auto planned = plan_siege(R, opt, common);
    if (!planned) return planned.error();
    sp = std::move(*planned);
    const auto& p = *sp->plan;
    defenders = p.rated[p.engagements.front().force[sp->def_side]].force.troops;
    rep.tables.push_back(battle_forces_table(p));
  }
  const auto weeks = war::simple_siege_weeks(R, defenders, *opt.weeks, *opt.food_weeks, opt.loss_of_start);
  Table t = weeks_table(R, sp.has_value());
  report::Chart chart;
  chart.title = "Simple siege: the assault, by week";
  chart.label_axis = "Assault in";
  // The wins with ties settled, the tie before it is settled: as the table's columns.
  chart.add_series("Assault wins", {}).add_series("Defence holds", {}).add_series("Tie (equal totals)", {});
  for (const auto& w : weeks) {
    std::vector<report::Cell> row{std::to_string(w.week), report::cell::signed_integer(w.besieger_bonus),
                                  report::cell::boolean(w.starving), report::cell::integer(w.defender_lost),
                                  report::cell::integer(w.defender_troops)};
    war::Ruled ruled = w.ruled;  // the bonus and the losses, and the assault's odds
    if (sp) {
      const auto& p = *sp->plan;
      auto x =
          war::siege_week_odds(R, p.rated, p.engagements.front(), sp->def_side, p.config, w.week, w.defender_troops);
      if (!x) return x.error();
      ruled = war::either(std::move(ruled), x->ruled);
      row.insert(row.end(), {pct_over(x->p_attacker, x->pairs_counted), pct_over(x->p_defender, x->pairs_counted),
                             pct_over(x->p_tie, 10000)});
      chart.labels.push_back("week " + std::to_string(w.week));
      chart.series[0].values.emplace_back(x->p_attacker);
      chart.series[1].values.emplace_back(x->p_defender);
      chart.series[2].values.emplace_back(x->p_tie);
    } else {
      row.insert(row.end(), {report::cell::none(""), report::cell::none(""), report::cell::none("")});
    }
    t.add_row(std::move(row), source_of(ruled));
  }
  week_notes(R, opt, sp ? &*sp : nullptr, t);
  rep.tables.push_back(std::move(t));
  // csv's main table is the weeks, not the forces of the battle file.
  rep.main_table = "simple-siege-week-by-week";
  if (!chart.labels.empty()) rep.charts.push_back(std::move(chart));
  Table settings(specs::siege_settings());
  settings.add_row({std::to_string(*opt.weeks), std::to_string(*opt.food_weeks), report::cell::integer(defenders),
                    report::cell::boolean(opt.loss_of_start)});
  rep.tables.push_back(std::move(settings));
  return rep;
}

}  // namespace gunpowder::war_app
