// battle.cpp - war-machine battle: the exact odds of every battle of a file (all 10,000 pairs of
// d100 rolls, adjustments itemised), or with --roll one battle rolled and applied to the forces,
// chained over --rounds, tallied over --runs, or written back with --write-forces.
#include <CLI/CLI.hpp>
#include <algorithm>

#include "common/bounds.hpp"
#include "common/commands.hpp"
#include "common/fractions.hpp"
#include "common/seed.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

using report::Table;

namespace {

/// The flags that go with --roll, and their ranges.
std::optional<Diagnostics> check_flags(const Options& opt) {
  if (!opt.roll) {
    if (opt.seed) return cli::usage_error("--seed", "goes with --roll");
    if (opt.rounds) return cli::usage_error("--rounds", "goes with --roll");
    if (opt.runs) return cli::usage_error("--runs", "goes with --roll");
    if (!opt.write_forces.empty()) return cli::usage_error("--write-forces", "goes with --roll");
  }
  if (opt.runs && (opt.rounds || !opt.write_forces.empty()))
    return cli::usage_error("--runs", "tallies single battles: no --rounds or --write-forces with it");
  return std::nullopt;
}

/// What the battle command builds, battle by battle.
struct BattleReport {
  bool js = false, full = false, summary = false;
  std::uint64_t seed = 0;
  Table battles;                                       ///< one row per battle (--summary, JSON)
  std::vector<std::optional<war::ForceState>> states;  ///< by force, after the rolled battles
};

/// The tables (or the row of the table of battles) of each battle depend on that battle alone:
/// many are built on two threads, each into its own slot, and taken later in battle order.
void build_battles(const war::Rules& R, const BattlePlan& p, bool roll, BattleReport& br,
                   std::vector<std::vector<Table>>& tables) {
  const size_t n = p.engagements.size();
  tables.resize(br.full || br.js ? n : 0);
  if (br.summary) br.battles.rows.resize(n);
  split_work(n, kThreadedMin, [&](size_t from, size_t to) {
    for (size_t b = from; b < to; ++b) {
      const auto& e = p.engagements[b];
      if (br.full || br.js) {
        adjustment_tables(R, p.rated, e, b, tables[b]);
        odds_tables(R, p.rated, e, b, !roll, br.js, tables[b]);
      }
      if (br.summary) br.battles.rows[b] = battle_row(p, b);
    }
  });
}

/// The outcome and combat-results charts of a battle.
void battle_charts(const war::Rules& R, const BattlePlan& p, const war::Engagement& e, report::Report& rep) {
  const auto names = names_of(p, e);
  // Each side in a colour of its own: its win, and the rows it wins by.
  report::Chart outcome;
  outcome.title = "Outcome: " + names[0] + " against " + names[1] + " (exact)";
  outcome.labels = {names[0] + " wins", names[1] + " wins", "Tie"};
  outcome.add_series(names[0], {e.odds.p_win[0], std::nullopt, std::nullopt})
      .add_series(names[1], {std::nullopt, e.odds.p_win[1], std::nullopt})
      .add_series("Tie", {std::nullopt, std::nullopt, e.odds.p_tie});
  rep.charts.push_back(std::move(outcome));
  report::Chart rows;
  rows.title = "Combat-results rows: " + names[0] + " against " + names[1];
  rows.label_axis = "Row won by";
  std::vector<size_t> shown;  // the rows some side wins by, in the table's order
  for (const auto& ro : e.odds.rows)
    if (std::find(shown.begin(), shown.end(), ro.row) == shown.end()) shown.push_back(ro.row);
  std::sort(shown.begin(), shown.end());
  for (size_t r : shown) rows.labels.push_back(R.results[r].label);
  for (size_t side = 0; side < 2; ++side) {
    std::vector<std::optional<double>> v(shown.size());
    for (const auto& ro : e.odds.rows)
      if (static_cast<size_t>(ro.winner) == side)
        v[static_cast<size_t>(std::find(shown.begin(), shown.end(), ro.row) - shown.begin())] = ro.p;
    rows.add_series(names[side], std::move(v));
  }
  rep.charts.push_back(std::move(rows));
}

/// Rolls battle `b` (--roll without --runs) and adds its tables and the forces' states.
Expected<bool> roll_one(const war::Rules& R, const Options& opt, const BattlePlan& p, size_t b, BattleReport& br,
                        report::Report& rep) {
  const auto& e = p.engagements[b];
  Rng rng = Rng::stream(br.seed, b);
  auto ro = war::roll_battle(R, {p.rated[e.force[0]], p.rated[e.force[1]]}, e, p.config, rng, opt.rounds.value_or(1));
  if (!ro) return ro.error();
  const auto names = names_of(p, e);
  std::vector<Table> rolled;
  roll_tables(R, names, *ro, br.seed, b, br.js, rolled, rep.explain);
  if (br.full || br.js) rep.tables.insert(rep.tables.end(), rolled.begin(), rolled.end());
  for (size_t k = 0; k < 2; ++k) br.states[e.force[k]] = ro->state[k];
  return true;
}

/// --explain: each side's adjustments, modified BR and the count of roll pairs.
void explain_battle(const war::Rules& R, const BattlePlan& p, const war::Engagement& e, report::Steps& explain) {
  const auto names = names_of(p, e);
  // An adjustment's section: its row's, else its group's; the one line of no row and no group is
  // the troop ratio's, computed by its rule.
  const auto section = [&R](const war::AdjustmentLine& l) {
    if (const war::Adjustment* a = R.adjustment(l.id); a && !a->source.empty()) return a->source;
    const war::AdjustmentGroup* g = R.group(l.group);
    return g ? g->source : R.troop_ratio.source;
  };
  const auto signed_br = [](int v) { return (v > 0 ? "+" : "") + std::to_string(v); };
  for (size_t k = 0; k < 2; ++k)
    for (const auto& l : e.adj[k].lines)
      explain.push_back(report::Step{names[k], l.label, l.note, signed_br(l.br), section(l)});
  for (size_t k = 0; k < 2; ++k) {
    report::Step m{names[k], "modified BR", "B + adjustments", std::to_string(e.spec[k].modified_br), R.combat_source};
    for (const auto& l : e.adj[k].lines) m.in(l.label, signed_br(l.br));
    explain.push_back(std::move(m));
    if (e.odds.final_br[k] != e.spec[k].modified_br)
      explain.push_back(report::Step{names[k], "BR in combat", "modified BR with the battle's settings",
                                     std::to_string(e.odds.final_br[k]), R.combat_source}
                            .in("modified BR", std::to_string(e.spec[k].modified_br)));
  }
  const int diff = e.odds.final_br[0] - e.odds.final_br[1];
  explain.push_back(report::Step{names[0], "roll pairs won / lost / tied",
                                 "C difference = " + std::to_string(diff) + " + (d100 - d100) over the 10,000 pairs",
                                 std::to_string(e.odds.pairs_win[0]) + " / " + std::to_string(e.odds.pairs_win[1]) +
                                     " / " + std::to_string(e.odds.pairs_tie),
                                 R.combat_source}
                        .in("BR in combat, " + names[0], std::to_string(e.odds.final_br[0]))
                        .in("BR in combat, " + names[1], std::to_string(e.odds.final_br[1])));
}

/// Every battle in order: its tables, charts, roll and explanation.
Expected<bool> report_battles(const war::Rules& R, const Options& opt, const cli::CommonOptions& common,
                              const BattlePlan& p, BattleReport& br, report::Report& rep) {
  std::vector<std::vector<Table>> tables;
  build_battles(R, p, opt.roll, br, tables);
  if (!tables.empty()) {
    size_t count = rep.tables.size();
    for (const auto& v : tables) count += v.size();
    rep.tables.reserve(count);
  }
  for (size_t b = 0; b < p.engagements.size(); ++b) {
    const auto& e = p.engagements[b];
    if (!tables.empty()) {
      for (auto& t : tables[b]) rep.tables.push_back(std::move(t));
      tables[b].clear();
    }
    if (e.odds.combat && p.engagements.size() <= 100 && !opt.odds_chart) battle_charts(R, p, e, rep);
    if (opt.roll && !opt.runs) {
      auto rolled = roll_one(R, opt, p, b, br, rep);
      if (!rolled) return rolled.error();
    }
    if (common.explain) explain_battle(R, p, e, rep.explain);
  }
  if (opt.odds_chart) rep.charts.push_back(odds_chart(p));
  return true;
}

/// The ratings' explanation first (a divided force's once), and the unmatched forces' table.
void finish_tables(const BattlePlan& p, report::Report& rep) {
  report::Steps ratings;
  for (const auto& x : p.rated)
    if (x.parent.empty() || x.force.name == x.parent + " 1")
      ratings.insert(ratings.end(), x.rating.explain.begin(), x.rating.explain.end());
  rep.explain.insert(rep.explain.begin(), ratings.begin(), ratings.end());
  if (!p.unmatched.empty()) rep.tables.push_back(unmatched_table(p.rated, p.unmatched));
}

/// What only JSON shows: the settings and the seed, and each force's rating lines and statements.
void json_tables(const war::Rules& R, const Options& opt, const BattlePlan& p, const BattleReport& br,
                 report::Report& rep) {
  // The seed of the rolls and the sample size of --runs: none when nothing is rolled or tallied.
  const auto maybe = [](bool given, long long v) { return given ? report::cell::integer(v) : report::cell::none(); };
  rep.tables.push_back(settings_table(
      specs::battle_settings(), p.config,
      {maybe(opt.roll, static_cast<long long>(br.seed)), maybe(opt.roll && !opt.runs, opt.rounds.value_or(1)),
       maybe(opt.runs.has_value(), opt.runs.value_or(0))}));
  for (const auto& x : p.rated)
    rating_tables(R, x, specs::battle_force_rating(), specs::battle_statements(), rep.tables);
}

}  // namespace

void add_rule_options(CLI::App& c, Options& opt) {
  cli::choices(c,
               c.add_option("--tie-policy", opt.tie_policy, "ties: reroll (default), no-result, defender or higher-br"),
               {"reroll", "no-result", "defender", "higher-br"}, gunpowder::suite_spelling)
      ->type_name("POLICY");
  cli::choices(c,
               c.add_option("--casualty-reading", opt.casualty_reading,
                            "tactics' C+n%: points (added percentage points, default) or multiply"),
               {"points", "multiply"}, gunpowder::suite_spelling)
      ->type_name("READING");
  cli::choices(c,
               c.add_option("--troop-ratio-reading", opt.ratio_reading,
                            "troop ratio between printed ratios: ceiling (default) or floor"),
               {"ceiling", "floor"}, gunpowder::suite_spelling)
      ->type_name("READING");
  add_percent_option(c, opt);
  c.add_flag("--siege-machine", opt.siege_machine, "Siege Machine in use: ignore the starred defender lines");
}

void add_percent_option(CLI::App& c, Options& opt) {
  cli::choices(
      c,
      c.add_option("--statement-reading", opt.percent_reading,
                   "battle-rating statements: up (a figure rounds up to a whole percent first, default) or exact"),
      {"up", "exact"}, gunpowder::suite_spelling)
      ->type_name("READING");
}

void setup_battle(CLI::App& b, Options& opt) {
  b.add_flag("--roll", opt.roll, "roll 1d100 for each side and apply the result to the forces");
  cli::add_seed_option(b, opt.seed,
                       "with --roll: seed of the d100 rolls, 0 to 2^64-1 (default 1, shown in the output)");
  b.add_option("--rounds", opt.rounds, "with --roll: fight up to N battles while neither side routs or is destroyed")
      ->check(cli::bounded({1, 10000, true}))
      ->type_name("N");
  b.add_option("--runs", opt.runs, "with --roll: fight N independent battles and tally them against the exact odds")
      ->check(cli::bounded({1, 10000000, true}))
      ->type_name("N");
  b.add_flag("--summary", opt.summary, "text, markdown and csv: one row per battle instead of every table");
  b.add_flag("--odds-chart", opt.odds_chart,
             "one chart of every battle's outcome odds, by the difference of the BRs, instead of two a battle");
  b.add_option("--write-forces", opt.write_forces, "with --roll: write the forces after the battle as TOML to FILE")
      ->check(cli::file_name())
      ->type_name("FILE");
  cli::add_fractions_flag(b, opt.fractions);
  add_rule_options(b, opt);
  add_force_options(b, opt);
  b.add_flag("--simple-siege", opt.simple_siege, "the simple siege rules: defender x4, holds, half casualties");
  // The same limit as the [battle] table's weeks_besieged key.
  b.add_option("--weeks-besieged", opt.weeks_besieged, "simple siege: weeks besieged (+5 BR a week to the attacker)")
      ->check(cli::bounded({0, war::kMaxWeeksBesieged, true, false, "weeks"}))
      ->type_name("N");
}

Expected<report::Report> run_battle(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  if (auto bad = check_flags(opt)) return *bad;
  // One file (or standard input) of forces: a large one is written as it is made
  // (battle_stream.cpp); else, or when it cannot be, it is read whole, standard input once.
  std::vector<input::Source> sources;
  if (opt.force_flags.empty() && (common.inputs.size() == 1 || cli::read_standard_input(common))) {
    sources.push_back(input::Source::file(common.inputs.front()));
    if (auto streamed = run_battle_streamed(R, opt, common, sources)) return std::move(*streamed);
  }
  auto planned = plan_battle(R, opt, common, "battle", sources.empty() ? nullptr : &sources);
  if (!planned) return planned.error();
  // No error is placed in the files after the plan: the parsed files are freed before the report is
  // built (a large batch's documents took about a fifth of its peak).
  (*planned)->input.docs.clear();
  (*planned)->input.docs.shrink_to_fit();
  (*planned)->input.origins.clear();
  const BattlePlan& p = **planned;
  report::Report rep;
  rep.document = &specs::battle_document();
  BattleReport br;
  br.js = common.format == "json";
  br.full = !br.js && !opt.summary;
  br.summary = br.js || opt.summary;
  br.battles = Table(specs::battles());
  br.battles.title = "Battles (exact odds, ties " + war::to_string(p.config.options.tie) + ")";
  br.battles.notes.push_back(specs::battles_note(war::to_string(p.config.options.tie)));
  br.states.resize(p.rated.size());
  if (br.full || br.js) rep.tables.push_back(battle_forces_table(p));
  // The seed of the rolls: 1 unless --seed gives one (docs/vocabulary.md), printed with them.
  if (opt.roll) br.seed = opt.seed.value_or(1);
  auto done = report_battles(R, opt, common, p, br, rep);
  if (!done) return done.error();
  if (br.summary) rep.tables.push_back(std::move(br.battles));
  if (opt.runs) runs_tables(R, p, *opt.runs, br.seed, rep);
  finish_tables(p, rep);
  if (br.js) json_tables(R, opt, p, br, rep);
  // csv's main table is the odds of the battles, when they are shown.
  if (br.full && !report::tables_named(rep, "odds").empty()) rep.main_table = "odds";
  // Written by run_tool with the run's other outputs, once everything has succeeded.
  if (!opt.write_forces.empty())
    common.outputs.add("--write-forces", opt.write_forces, forces_toml(R, p.rated, br.states, p.config, br.seed));
  release(*planned);
  return rep;
}

}  // namespace gunpowder::war_app
