// battle_report.cpp - the report pieces of a battle's exact odds: the forces, each side's
// adjustments, the odds and combat-results rows (seed 004, "Combat results", l. 70 and
// l. 208-227), expected casualties, fatigue and location after the battle; text tables and JSON.
#include "gunpowder/core/fmtnum.hpp"
#include "war-machine/commands.hpp"

namespace gunpowder::war_app {

using report::Align;
using report::Table;

namespace {

/// A location of the distribution after a battle ("field+2", "rout", "-", "no result") as its two
/// parts: the place (empty for "-", no location; "no result" and "no combat" spelled as values,
/// no-result and no-combat) and the terrain units moved (nullopt where there is no place).
struct LocationParts {
  std::string place;
  std::optional<int> units;
};
LocationParts split_location(const std::string& where) {
  if (where == "-") return {};
  if (where == "no result" || where == "no combat") return {suite_spelling(where), {}};
  const size_t plus = where.find('+');
  if (plus == std::string::npos) return {where, 0};
  return {where.substr(0, plus), std::stoi(where.substr(plus + 1))};
}

json::Value row_json(const war::Rules& R, const war::RowOdds& ro, const std::array<std::string, 2>& names) {
  json::Value o = json::object();
  o.set("winner", names[static_cast<size_t>(ro.winner)]);
  o.set("band", R.results[ro.row].label);
  o.set("printed", [&] {
    json::Value a = json::array();
    for (const auto& c : R.results[ro.row].printed) a.push(json::text_or_null(c));  // null: a dash
    return a;
  }());
  o.set("p", ro.p);
  o.set("pairs", ro.pairs);
  o.set("sides", sides_result_json(ro.result, names));
  return o;
}

/// The combat-results rows of a battle with their probabilities and consequences.
Table results_table(const war::Rules& R, const std::array<std::string, 2>& names, const war::Engagement& e) {
  const auto& o = e.odds;
  const std::string vs = names[0] + " against " + names[1];
  Table rt;
  rt.title = "Combat results: " + vs + " (War Machine, Combat results (winner/loser))";
  rt.add_column("winner", "Winner")
      .add_column("band", "Difference", Align::right)
      .add_column("diff_min", "From", Align::right, report::Shown::programs)
      .add_column("diff_max", "To", Align::right, report::Shown::programs)
      .add_column("pairs", "Pairs", Align::right)
      .add_column("p", "Probability", Align::right)
      .add_column("winner_pct", "Winner %", Align::right)
      .add_column("loser_pct", "Loser %", Align::right)
      .add_column("winner_fatigue", "W fatigue")
      .add_column("loser_fatigue", "L fatigue")
      .add_column("winner_location", "W location")
      .add_column("winner_location_units", "W units", Align::right, report::Shown::programs)
      .add_column("loser_location", "L location")
      .add_column("loser_location_units", "L units", Align::right, report::Shown::programs)
      .add_column("winner_casualties", "W troops lost", Align::right)
      .add_column("loser_casualties", "L troops lost", Align::right);
  // The band "16-24" for people; its two ends for programs (151+: no upper end; a tie: 0).
  auto add = [&](const war::RowOdds& ro, const std::string& band, bool tie) {
    const auto& row = R.results[ro.row];
    const report::Cell from = std::to_string(tie ? 0 : row.diff_min);
    const report::Cell to = tie            ? report::Cell("0")
                            : row.diff_max ? report::Cell(std::to_string(*row.diff_max))
                                           : report::cell::none("");
    const auto w = static_cast<size_t>(ro.winner);
    const auto& W = ro.result[w];
    const auto& L = ro.result[1 - w];
    const auto share = [](double x) { return report::cell::shown_as(trim2(x), x); };
    rt.add_row({names[w], band, from, to, std::to_string(ro.pairs), pct_pairs_cell(ro.pairs, ro.p),
                share(W.casualties_pct), share(L.casualties_pct), fatigue_cell(W.fatigue), fatigue_cell(L.fatigue),
                location_cell(W.location, W.location_units), location_units_cell(W.location, W.location_units),
                location_cell(L.location, L.location_units), location_units_cell(L.location, L.location_units),
                report::cell::integer(W.casualties), report::cell::integer(L.casualties)});
  };
  for (const auto& ro : o.rows) add(ro, R.results[ro.row].label, false);
  if (o.tie_row) add(*o.tie_row, "tie", true);
  rt.notes.push_back("probabilities before ties are settled; casualties after tactics" +
                     std::string(e.spec[0].casualty_scale.n != e.spec[0].casualty_scale.d ||
                                         e.spec[1].casualty_scale.n != e.spec[1].casualty_scale.d
                                     ? " and the simple siege's half casualties"
                                     : "") +
                     "; troops lost rounded up");
  return rt;
}

/// Fatigue and location after a battle, as distributions.
Table after_table(const std::array<std::string, 2>& names, const war::Odds& o) {
  const std::string vs = names[0] + " against " + names[1];
  Table fd;
  fd.title = "After the battle: " + vs;
  fd.add_column("force", "Force")
      .add_column("kind", "Of")
      .add_column("state", "State")
      .add_column("units", "Units", Align::right, report::Shown::programs)
      .add_column("p", "Probability", Align::right);
  for (size_t k = 0; k < 2; ++k) {
    for (const auto& [state, p] : o.fatigue_dist[k])
      fd.add_row({names[k], "fatigue",
                  state == "-" ? report::cell::none("- (routed or destroyed)") : report::Cell(state),
                  report::cell::none(""), report::cell::percent(p)});
    for (const auto& [where, p] : o.location_dist[k]) {
      // "field+2": the location and the terrain units it moves, one column each for programs.
      const auto parts = split_location(where);
      fd.add_row({names[k], "location", report::Cell(where, parts.place),
                  report::Cell(parts.units ? std::to_string(*parts.units) : ""), report::cell::percent(p)});
    }
  }
  fd.notes.push_back(
      "field+n: holds the field and may advance n terrain units; retreat+n: falls back n units; "
      "-: no location (151+: the loser is broken; survivors leave as after a rout)");
  return fd;
}

/// Where each force fights: (engagement, side) by force index.
std::vector<std::optional<std::pair<size_t, size_t>>> engagement_index(const BattlePlan& p) {
  std::vector<std::optional<std::pair<size_t, size_t>>> at(p.rated.size());
  for (size_t b = 0; b < p.engagements.size(); ++b)
    for (size_t k = 0; k < 2; ++k) at[p.engagements[b].force[k]] = std::make_pair(b, k);
  return at;
}

json::Value battle_force_json(const BattlePlan& p, size_t i, const std::optional<std::pair<size_t, size_t>>& at) {
  std::optional<int> mod;
  json::Value adj = json::array();
  std::optional<std::string> opponent;
  if (at) {
    const auto& e = p.engagements[at->first];
    const size_t k = at->second;
    mod = e.spec[k].modified_br;
    opponent = p.rated[e.force[1 - k]].force.name;
    for (const auto& l : e.adj[k].lines) {
      json::Value a = json::object();
      a.set("group", l.group);
      a.set("id", l.id);
      a.set("label", l.label);
      a.set("br", l.br);
      a.set("note", json::text_or_null(l.note));
      adj.push(std::move(a));
    }
  }
  json::Value o = rating_json(p.rated[i], mod);
  o.set("opponent", opt_json(opponent));
  o.set("adjustments", std::move(adj));
  return o;
}

}  // namespace

void adjustment_tables(const std::vector<war::RatedForce>& rated, const war::Engagement& e,
                       std::vector<Table>& tables) {
  for (size_t k = 0; k < 2; ++k) {
    const auto& x = rated[e.force[k]];
    Table t;
    t.name = "adjustments";
    t.context.push_back({"force", x.force.name});
    t.title = "Adjustments: " + x.force.name + " against " + rated[e.force[1 - k]].force.name;
    t.add_column("group", "Group")
        .add_column("adjustment", "Adjustment")
        .add_column("br", "BR", Align::right)
        .add_column("note", "Note");
    t.add_row({"", "Battle rating B", std::to_string(x.rating.br), x.rating.method});
    for (const auto& l : e.adj[k].lines) t.add_row({l.group, l.label, report::cell::signed_integer(l.br), l.note});
    t.add_row({"", "Modified BR", std::to_string(e.spec[k].modified_br), ""});
    if (e.spec[k].tactic) {
      const int tb = e.odds.tactic_br[k];
      std::string note = "\"" + *e.spec[k].tactic + "\": " + e.odds.tactic_printed[k];
      if (e.odds.tactic_casualty[k])
        note += "; casualties " + std::string(e.odds.tactic_casualty[k] > 0 ? "+" : "") +
                std::to_string(e.odds.tactic_casualty[k]) + "%";
      t.add_row({"tactics", "Tactic " + *e.spec[k].tactic, report::cell::signed_integer(tb), note});
      t.add_row({"", "BR in combat", std::to_string(e.odds.final_br[k]), ""});
    }
    tables.push_back(std::move(t));
  }
}

json::Value sides_result_json(const std::array<war::SideResult, 2>& r, const std::array<std::string, 2>& names) {
  json::Value arr = json::array();
  for (size_t k = 0; k < 2; ++k) {
    json::Value o = json::object();
    o.set("name", names[k]);
    o.set("won", r[k].won);
    o.set("casualties_pct", r[k].casualties_pct);
    o.set("casualties", r[k].casualties);
    o.set("killed", r[k].killed);
    o.set("wounded", r[k].wounded);
    o.set("fatigue", r[k].fatigue ? json::Value(war::to_string(*r[k].fatigue)) : json::Value());
    o.set("location", war::to_string(r[k].location));
    o.set("location_units", r[k].location_units);
    arr.push(std::move(o));
  }
  return arr;
}

json::Value odds_json(const war::Rules& R, const std::vector<war::RatedForce>& rated, const war::Engagement& e) {
  const auto& o = e.odds;
  const std::array<std::string, 2> names{rated[e.force[0]].force.name, rated[e.force[1]].force.name};
  json::Value b = json::object();
  b.set("combat", o.combat);
  b.set("tactics", o.tactic_printed[0].empty() ? json::Value() : json::Value(o.tactic_printed[0]));
  b.set("tactics_cancelled", o.tactics_cancelled);
  json::Value sides = json::array();
  for (size_t k = 0; k < 2; ++k) {
    json::Value s = json::object();
    s.set("name", names[k]);
    s.set("modified_br", e.spec[k].modified_br);
    s.set("tactic", opt_json(e.spec[k].tactic));
    s.set("tactic_br", o.tactic_br[k]);
    s.set("tactic_casualties", o.tactic_casualty[k]);
    s.set("combat_br", o.final_br[k]);
    s.set("p_win", o.p_win[k]);
    s.set("pairs_win", o.pairs_win[k]);
    s.set("p_win_resolved", o.p_win_resolved[k]);
    s.set("expected_casualties_pct", o.expected_casualties_pct[k]);
    s.set("expected_casualties", o.expected_casualties[k]);
    s.set("expected_killed", o.expected_killed[k]);
    s.set("expected_wounded", o.expected_wounded[k]);
    json::Value fat = json::array();
    for (const auto& [state, p] : o.fatigue_dist[k]) {
      json::Value f = json::object();
      f.set("fatigue", json::text_or_null(state));  // "-": routed or destroyed
      f.set("p", p);
      fat.push(std::move(f));
    }
    s.set("fatigue", std::move(fat));
    json::Value loc = json::array();
    for (const auto& [where, p] : o.location_dist[k]) {
      json::Value l = json::object();
      const auto parts = split_location(where);
      l.set("location", json::text_or_null(parts.place));  // null: no location
      l.set("location_units", opt_json(parts.units));
      l.set("p", p);
      loc.push(std::move(l));
    }
    s.set("location", std::move(loc));
    sides.push(std::move(s));
  }
  b.set("sides", std::move(sides));
  b.set("p_tie", o.p_tie);
  b.set("pairs_tie", o.pairs_tie);
  b.set("tie_policy", war::to_string(o.tie_policy));
  b.set("p_no_result", o.p_no_result);
  json::Value rows = json::array();
  for (const auto& ro : o.rows) rows.push(row_json(R, ro, names));
  b.set("results", std::move(rows));
  b.set("tie_result", o.tie_row ? row_json(R, *o.tie_row, names) : json::Value());
  return b;
}

void odds_tables(const war::Rules& R, const std::vector<war::RatedForce>& rated, const war::Engagement& e, bool full,
                 std::vector<Table>& tables) {
  const auto& o = e.odds;
  const std::array<std::string, 2> names{rated[e.force[0]].force.name, rated[e.force[1]].force.name};
  const std::string vs = names[0] + " against " + names[1];
  Table t;
  t.title = "Odds: " + vs + " (War Machine, Combat results: C = B + adjustments + 1d100)";
  t.add_column("outcome", "Outcome")
      .add_column("pairs", "Roll pairs", Align::right)
      .add_column("p", "Probability", Align::right)
      .add_column("p_resolved", "Ties " + war::to_string(o.tie_policy), Align::right);
  if (!o.combat) {
    t.add_row({"No combat (" + o.tactic_printed[0] + ")", "10000", report::cell::percent(1), report::cell::percent(1)});
    tables.push_back(std::move(t));
    return;
  }
  for (size_t k = 0; k < 2; ++k)
    t.add_row({names[k] + " wins", std::to_string(o.pairs_win[k]), pct_pairs_cell(o.pairs_win[k], o.p_win[k]),
               report::cell::percent(o.p_win_resolved[k])});
  t.add_row({"Tie (equal totals)", std::to_string(o.pairs_tie), pct_pairs_cell(o.pairs_tie, o.p_tie),
             report::cell::percent(o.p_no_result)});
  if (o.tactics_cancelled) t.notes.push_back("tactics: " + o.tactic_printed[0] + " (both plans cancel)");
  switch (o.tie_policy) {
    case war::TiePolicy::reroll:
      t.notes.push_back("ties: both sides roll again (the book does not cover ties)");
      break;
    case war::TiePolicy::no_result:
      t.notes.push_back("ties: no result, nothing happens (the book does not cover ties)");
      break;
    case war::TiePolicy::defender:
      t.notes.push_back(o.tie_row ? "ties: the defender wins on the first row"
                                  : "ties: no defender, so both roll again");
      break;
    case war::TiePolicy::higher_br:
      t.notes.push_back(o.tie_row ? "ties: the higher BR wins on the first row"
                                  : "ties: equal BRs, so both roll again");
      break;
  }
  tables.push_back(std::move(t));
  if (full) tables.push_back(results_table(R, names, e));
  Table ex;
  ex.title = "Expected casualties: " + vs + " (ties " + war::to_string(o.tie_policy) + ")";
  ex.add_column("force", "Force")
      .add_column("casualties_pct", "Casualties %", Align::right)
      .add_column("casualties", "Troops", Align::right)
      .add_column("killed", "Killed", Align::right)
      .add_column("wounded", "Wounded", Align::right);
  for (size_t k = 0; k < 2; ++k)
    ex.add_row({names[k], report::cell::number(o.expected_casualties_pct[k], 2),
                report::cell::number(o.expected_casualties[k], 1), report::cell::number(o.expected_killed[k], 1),
                report::cell::number(o.expected_wounded[k], 1)});
  ex.notes.push_back("half killed, half wounded; a force that retreats or routs counts its wounded as killed");
  tables.push_back(std::move(ex));
  if (full) tables.push_back(after_table(names, o));
}

Table battle_forces_table(const BattlePlan& p) {
  Table t;
  t.title = "Forces";
  t.add_column("name", "Force")
      .add_column("side", "Side")
      .add_column("role", "Role")
      .add_column("troops", "Troops", Align::right)
      .add_column("method", "Rated by")
      .add_column("bfr", "BFR", Align::right)
      .add_column("troop_class", "Class")
      .add_column("br", "BR", Align::right)
      .add_column("modified_br", "Modified BR", Align::right)
      .add_column("opponent", "Opponent");
  // By force index: (modified BR, opponent's index) of the battle it fights (the last, as listed).
  std::vector<std::optional<std::pair<int, size_t>>> mod(p.rated.size());
  for (const auto& e : p.engagements)
    for (size_t k = 0; k < 2; ++k) mod[e.force[k]] = std::make_pair(e.spec[k].modified_br, e.force[1 - k]);
  t.rows.resize(p.rated.size());
  split_work(p.rated.size(), 4096, [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      const auto& x = p.rated[i];
      const auto& m = mod[i];
      t.rows[i] = {x.force.name,
                   x.force.side,
                   war::to_string(x.force.role),
                   report::cell::integer(x.force.troops),
                   x.rating.method,
                   report::cell::integer(x.rating.bfr),
                   opt_text_cell(x.rating.troop_class),
                   std::to_string(x.rating.br),
                   m ? report::Cell(std::to_string(m->first)) : report::cell::none(),
                   m ? report::Cell(p.rated[m->second].force.name) : report::cell::none("(unmatched)")};
    }
  });
  if (p.engagements.size() > 1 || !p.unmatched.empty())
    t.notes.push_back(
        "forces matched as in \"Divide forces\": highest BR chooses the opponent it is most likely to beat");
  return t;
}

json::Value settings_json(const war::BattleConfig& s) {
  json::Value o = json::object();
  o.set("siege_machine", s.battle.siege_machine);
  o.set("simple_siege", s.battle.simple_siege);
  o.set("weeks_besieged", s.battle.weeks_besieged);
  o.set("tie_policy", war::to_string(s.options.tie));
  o.set("casualty_reading", war::to_string(s.options.casualty_reading));
  o.set("troop_ratio_reading", war::to_string(s.battle.ratio_reading));
  o.set("statement_reading", war::to_string(s.battle.percent_reading));
  return o;
}

json::Value battle_forces_json(const BattlePlan& p) {
  json::Value forces = json::array();
  const auto at = engagement_index(p);
  for (size_t i = 0; i < p.rated.size(); ++i) forces.push(battle_force_json(p, i, at[i]));
  return forces;
}

}  // namespace gunpowder::war_app
