// battle_report.cpp - the report pieces of a battle's exact odds: the forces, each side's
// adjustments, the odds and combat-results rows (seed 004, "Combat results", l. 70 and
// l. 208-227), expected casualties, fatigue and location after the battle; each table made from
// its declaration (specs.cpp), so that its JSON comes from it too.
#include <map>

#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/fields.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

using report::Table;
namespace cell = report::cell;

namespace {

/// The combat-results rows of a battle with their probabilities and consequences.
Table results_table(const war::Rules& R, const std::array<std::string, 2>& names, const war::Engagement& e) {
  const auto& o = e.odds;
  Table rt(specs::results());
  rt.title = "Combat results: " + names[0] + " against " + names[1] + " (War Machine, Combat results (winner/loser))";
  rt.columns[1].align = report::Align::right;  // a band of numbers ("16-24") lines up as they do
  // The band "16-24" for people; its two ends for programs (151+: no upper end; a tie: 0).
  const std::string source = source_of(o.ruled.any());  // its odds, casualties, fatigue and location
  auto add = [&](const war::RowOdds& ro, const std::string& band, bool tie) {
    const auto& row = R.results[ro.row];
    const report::Cell from = std::to_string(tie ? 0 : row.diff_min);
    const report::Cell to = tie            ? report::Cell("0")
                            : row.diff_max ? report::Cell(std::to_string(*row.diff_max))
                                           : cell::none("");
    const auto w = static_cast<size_t>(ro.winner);
    const auto& W = ro.result[w];
    const auto& L = ro.result[1 - w];
    const auto share = [](double x) { return cell::shown_as(trim2(x), x); };
    rt.add_row({names[w],
                band,
                from,
                to,
                std::to_string(ro.pairs),
                pct_pairs_cell(ro.pairs, ro.p),
                share(W.casualties_pct),
                share(L.casualties_pct),
                fatigue_cell(W.fatigue),
                fatigue_cell(L.fatigue),
                location_cell(W.location, W.location_units),
                location_units_cell(W.location, W.location_units),
                location_cell(L.location, L.location_units),
                location_units_cell(L.location, L.location_units),
                count_cell(W.casualties),
                count_cell(L.casualties),
                count_cell(W.killed),
                count_cell(W.wounded),
                count_cell(L.killed),
                count_cell(L.wounded)},
               source);
  };
  for (const auto& ro : o.rows) add(ro, R.results[ro.row].label, false);
  if (o.tie_row) add(*o.tie_row, "tie", true);
  // The simple siege's share of casualties, as the data gives it (the side it scales).
  std::string scaled;
  for (const auto& sp : e.spec)
    if (sp.casualty_scale.n != sp.casualty_scale.d && scaled.empty())
      scaled = " and the simple siege's " + share_text(sp.casualty_scale) + " casualties";
  rt.notes.push_back("probabilities before ties are settled; casualties after tactics" + scaled +
                     "; troops lost rounded up");
  return rt;
}

/// Fatigue and location after a battle, as distributions.
Table after_table(const war::Rules& R, const std::array<std::string, 2>& names, const war::Odds& o) {
  Table fd(specs::after());
  fd.title = "After the battle: " + names[0] + " against " + names[1];
  const std::string source = source_of(o.ruled.states);
  const std::uint64_t over = war::pairs_counted(o);
  for (size_t k = 0; k < 2; ++k) {
    for (const auto& [state, p] : o.fatigue_dist[k])
      fd.add_row({names[k], "fatigue", state == "-" ? cell::none("- (routed or destroyed)") : report::Cell(state),
                  cell::none(""), pct_over(p, over)},
                 source);
    // "field+2" for people; the location and the terrain units it moves, as the rules gave them, for programs.
    for (const auto& l : o.location_dist[k])
      fd.add_row({names[k], "location", report::Cell(l.label, l.place),
                  l.units ? report::Cell(std::to_string(*l.units)) : cell::none(""), pct_over(l.p, over)},
                 source);
  }
  // The bands whose loser has no location ("-"), as the combat-results table gives them.
  std::string broken;
  for (const auto& row : R.results)
    if (!row.location[1]) broken += (broken.empty() ? "" : ", ") + row.label;
  fd.notes.push_back(
      "field+n: holds the field and may advance n terrain units; retreat+n: falls back n units; "
      "-: no location" +
      (broken.empty() ? std::string() : " (" + broken + ": the loser is broken; survivors leave as after a rout)"));
  return fd;
}

/// Each side's casualties, killed and wounded, as counts of the 10,000 pairs of d100 rolls over the
/// pairs that count after the tie policy (war::pairs_counted: all 10,000, or the decisive ones when
/// ties roll again).
struct CasualtyCounts {
  std::array<std::array<std::map<long long, std::uint64_t>, 3>, 2> counts;  ///< [side][casualties, killed, wounded]
  std::uint64_t total = 0;
};
CasualtyCounts casualty_counts(const war::Odds& o) {
  CasualtyCounts c;
  c.total = war::pairs_counted(o);
  auto add = [&](const war::RowOdds& ro, std::uint64_t pairs) {
    for (size_t k = 0; k < 2; ++k) {
      const auto& r = ro.result[k];
      c.counts[k][0][r.casualties] += pairs;
      c.counts[k][1][r.killed] += pairs;
      c.counts[k][2][r.wounded] += pairs;
    }
  };
  for (const auto& ro : o.rows) add(ro, static_cast<std::uint64_t>(ro.pairs));
  if (o.tie_row) add(*o.tie_row, static_cast<std::uint64_t>(o.tie_row->pairs));
  // No result (ties, or no combat at all): nobody is lost.
  const std::uint64_t none = !o.combat ? c.total : o.p_no_result > 0 ? static_cast<std::uint64_t>(o.pairs_tie) : 0;
  if (none > 0)
    for (auto& side : c.counts)
      for (auto& m : side) m[0] += none;
  return c;
}

constexpr std::array<const char*, 3> kCountedNames{"casualties", "killed", "wounded"};

/// The distributions of each side's casualties, killed and wounded (for programs).
void casualty_tables(const std::array<std::string, 2>& names, const war::Odds& o, std::vector<Table>& tables) {
  const CasualtyCounts c = casualty_counts(o);
  const std::string source = source_of(o.ruled.casualties);
  for (size_t k = 0; k < 2; ++k)
    for (size_t q = 0; q < 3; ++q) {
      report::Distribution d = report::Distribution::of_counts(c.counts[k][q], c.total);
      d.denominator = c.total;  // counted, not sampled: exact over the pairs (--fractions)
      report::distribution_tables(specs::casualty_distribution(), d, names[k] + ": " + kCountedNames[q], source)
          .set_context(fields::kForce, names[k])
          .set_context(fields::kLoss, kCountedNames[q])
          .add_to(tables);
    }
}

Table expected_table(const war::Rules& R, const std::array<std::string, 2>& names, const war::Engagement& e) {
  const auto& o = e.odds;
  Table ex(specs::sides());
  ex.title =
      "Expected casualties: " + names[0] + " against " + names[1] + " (ties " + war::to_string(o.tie_policy) + ")";
  for (size_t k = 0; k < 2; ++k)
    ex.add_row({names[k], cell::number(o.expected_casualties_pct[k], 2), cell::number(o.expected_casualties[k], 1),
                cell::number(o.expected_killed[k], 1), cell::number(o.expected_wounded[k], 1),
                std::to_string(e.spec[k].modified_br), opt_text_cell(e.spec[k].tactic), std::to_string(o.tactic_br[k]),
                std::to_string(o.tactic_casualty[k]), std::to_string(o.final_br[k]), pct_pairs_cell(o.pairs_win[k], o.p_win[k]),
                std::to_string(o.pairs_win[k]), pct_over(o.p_win_resolved[k], war::pairs_counted(o))},
               source_of(o.ruled.casualties));
  // The share killed and the retreat rule, as the data gives them (the book: half killed, half wounded).
  const war::Fraction killed = R.result_rules.killed;
  ex.notes.push_back(share_text(killed) + " killed, " + share_text({killed.d - killed.n, killed.d}) + " wounded" +
                     (R.result_rules.retreating_wounded_count_as_killed
                          ? "; a force that retreats or routs counts its wounded as killed"
                          : ""));
  const CasualtyCounts c = casualty_counts(o);
  for (size_t k = 0; k < 2; ++k)
    ex.notes.push_back(
        names[k] + " troops lost: " +
        report::summary_text(report::summarise(report::Distribution::of_counts(c.counts[k][0], c.total))));
  return ex;
}

std::string tie_note(const war::Odds& o) {
  switch (o.tie_policy) {
    case war::TiePolicy::reroll:
      return "ties: both sides roll again (the book does not cover ties)";
    case war::TiePolicy::no_result:
      return "ties: no result, nothing happens (the book does not cover ties)";
    case war::TiePolicy::defender:
      return o.tie_row ? "ties: the defender wins on the first row" : "ties: no defender, so both roll again";
    case war::TiePolicy::higher_br:
      return o.tie_row ? "ties: the higher BR wins on the first row" : "ties: equal BRs, so both roll again";
  }
  return {};
}

}  // namespace

void adjustment_tables(const war::Rules& R, const std::vector<war::RatedForce>& rated, const war::Engagement& e,
                       size_t battle, std::vector<Table>& tables) {
  for (size_t k = 0; k < 2; ++k) {
    const auto& x = rated[e.force[k]];
    Table t(specs::adjustments());
    t.set_context(fields::kBattle, std::to_string(battle + 1));
    t.set_context(fields::kForce, x.force.name);
    t.title = "Adjustments: " + x.force.name + " against " + rated[e.force[1 - k]].force.name;
    t.add_row({"", "", "Battle rating B", std::to_string(x.rating.br), x.rating.method}, source_of(x.rating.ruled.br));
    for (const auto& l : e.adj[k].lines)
      t.add_row({l.group, l.id, l.label, cell::signed_integer(l.br), l.note}, source_of(l.ruled));
    t.add_row({"", "", "Modified BR", std::to_string(e.spec[k].modified_br), ""}, source_of(e.spec[k].ruled));
    if (e.spec[k].tactic) {
      const int tb = e.odds.tactic_br[k];
      std::string note = "\"" + *e.spec[k].tactic + "\": " + e.odds.tactic_printed[k];
      if (e.odds.tactic_casualty[k])
        note += "; casualties " + std::string(e.odds.tactic_casualty[k] > 0 ? "+" : "") +
                std::to_string(e.odds.tactic_casualty[k]) + "%";
      // The tactics table gives the tactic's points; the BR in combat adds them to the modified BR.
      t.add_row({"tactics", "tactic", "Tactic " + *e.spec[k].tactic, cell::signed_integer(tb), note},
                source_of(R.ruled.tactics));
      t.add_row({"", "", "BR in combat", std::to_string(e.odds.final_br[k]), ""},
                source_of(war::either(e.spec[k].ruled, R.ruled.tactics)));
    }
    tables.push_back(std::move(t));
  }
}

void odds_tables(const war::Rules& R, const std::vector<war::RatedForce>& rated, const war::Engagement& e,
                 size_t battle, bool full, bool js, std::vector<Table>& tables) {
  const auto& o = e.odds;
  const std::array<std::string, 2> names{rated[e.force[0]].force.name, rated[e.force[1]].force.name};
  const size_t first = tables.size();
  Table t(specs::odds());
  t.title =
      "Odds: " + names[0] + " against " + names[1] + " (War Machine, Combat results: C = B + adjustments + 1d100)";
  t.columns[3].header = "Ties " + war::to_string(o.tie_policy);
  const std::string source = source_of(o.ruled.resolved);  // the raw odds, and after the tie policy
  const std::uint64_t over = war::pairs_counted(o);
  if (!o.combat) {
    t.add_row({"No combat (" + o.tactic_printed[0] + ")", "10000", pct_over(1, 1), pct_over(1, 1)}, source);
  } else {
    for (size_t k = 0; k < 2; ++k)
      t.add_row({names[k] + " wins", std::to_string(o.pairs_win[k]), pct_pairs_cell(o.pairs_win[k], o.p_win[k]),
                 pct_over(o.p_win_resolved[k], over)},
                source);
    t.add_row({"Tie (equal totals)", std::to_string(o.pairs_tie), pct_pairs_cell(o.pairs_tie, o.p_tie),
               pct_over(o.p_no_result, over)},
              source);
    if (o.tactics_cancelled) t.notes.push_back("tactics: " + o.tactic_printed[0] + " (both plans cancel)");
    t.notes.push_back(tie_note(o));
  }
  tables.push_back(std::move(t));
  // JSON has every table of a battle, a battle without combat too (each side's figures, its states).
  const bool every = full || js;
  if (o.combat && every) tables.push_back(results_table(R, names, e));
  if (o.combat || js) tables.push_back(expected_table(R, names, e));
  if (every && (o.combat || js)) tables.push_back(after_table(R, names, o));
  if (every && (o.combat || js)) casualty_tables(names, o, tables);
  for (size_t i = first; i < tables.size(); ++i) tables[i].set_context(fields::kBattle, std::to_string(battle + 1));
}

std::vector<report::Cell> battle_row(const BattlePlan& p, size_t b) {
  return battle_row(names_of(p, p.engagements[b]), p.engagements[b].odds, b);
}

std::vector<report::Cell> battle_row(const std::array<std::string, 2>& names, const war::Odds& o, size_t b) {
  std::vector<report::Cell> row{std::to_string(b + 1),
                                names[0],
                                std::to_string(o.final_br[0]),
                                names[1],
                                std::to_string(o.final_br[1]),
                                pct_over(o.p_win_resolved[0], war::pairs_counted(o)),
                                pct_over(o.p_win_resolved[1], war::pairs_counted(o)),
                                pct_pairs_cell(o.pairs_tie, o.p_tie),
                                cell::number(o.expected_casualties_pct[0], 2),
                                cell::number(o.expected_casualties_pct[1], 2),
                                cell::boolean(o.combat),
                                o.tactic_printed[0],
                                cell::boolean(o.tactics_cancelled),
                                war::to_string(o.tie_policy),
                                std::to_string(o.pairs_tie),
                                pct_over(o.p_no_result, war::pairs_counted(o))};
  add_row_source(row, specs::battles(), o.ruled.casualties);  // its odds and expected casualties
  return row;
}

Table battle_forces_frame(size_t battles, size_t unmatched) {
  Table t(specs::battle_forces());
  if (battles > 1 || unmatched > 0)
    t.notes.push_back(
        "forces matched as in \"Divide forces\": highest BR chooses the opponent it is most likely to beat");
  return t;
}

std::vector<report::Cell> battle_forces_row(const war::RatedForce& x, const ForceBattle& m, bool statements) {
  std::vector<report::Cell> row{x.force.name,
                                x.force.side,
                                war::to_string(x.force.role),
                                cell::integer(x.force.troops),
                                x.rating.method,
                                cell::integer(x.rating.bfr),
                                opt_text_cell(x.rating.troop_class),
                                std::to_string(x.rating.br),
                                m.opponent ? report::Cell(std::to_string(m.modified_br)) : cell::none(),
                                m.opponent ? report::Cell(*m.opponent) : cell::none("(unmatched)"),
                                statements ? report::Cell(std::to_string(x.rating.statements_true)) : cell::none(),
                                std::to_string(x.rating.bonus_per_statement)};
  // Its rating, and its modified BR.
  add_row_source(row, specs::battle_forces(), war::either(x.rating.ruled.any(), m.ruled ? *m.ruled : war::Ruled()));
  return row;
}

Table battle_forces_table(const BattlePlan& p) {
  Table t = battle_forces_frame(p.engagements.size(), p.unmatched.size());
  // By force index: the battle it fights (the last, as listed).
  std::vector<ForceBattle> mod(p.rated.size());
  for (const auto& e : p.engagements)
    for (size_t k = 0; k < 2; ++k)
      mod[e.force[k]] = {e.spec[k].modified_br, &p.rated[e.force[1 - k]].force.name, &e.spec[k].ruled};
  t.rows.resize(p.rated.size());
  split_work(p.rated.size(), 4096, [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i)
      t.rows[i] = battle_forces_row(p.rated[i], mod[i], !p.rated[i].rating.statements.empty());
  });
  return t;
}

Table settings_table(const report::TableSpec& spec, const war::BattleConfig& s, std::vector<report::Cell> more) {
  Table t(spec);
  std::vector<report::Cell> row{cell::boolean(s.battle.siege_machine),      cell::boolean(s.battle.simple_siege),
                                std::to_string(s.battle.weeks_besieged),    war::to_string(s.options.tie),
                                war::to_string(s.options.casualty_reading), war::to_string(s.battle.ratio_reading),
                                war::to_string(s.battle.percent_reading)};
  for (auto& c : more) row.push_back(std::move(c));
  // The tie policy and the readings, where they are the data's.
  t.add_row(std::move(row), source_of(war::either(war::either(s.options.tie_ruled, s.battle.ratio_reading_ruled),
                                                  s.battle.percent_reading_ruled)));
  return t;
}

Table unmatched_table(const std::vector<war::RatedForce>& rated, const std::vector<size_t>& unmatched) {
  Table u(specs::unmatched());
  for (size_t i : unmatched) u.add_row({rated[i].force.name, rated[i].force.side});
  return u;
}

}  // namespace gunpowder::war_app
