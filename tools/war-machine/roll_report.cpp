// roll_report.cpp - the report pieces of rolled battles: each round's rolls and consequences,
// the forces written back as a battle file, and the --runs tally against the exact odds.
#include "common/progress.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "war-machine/commands.hpp"

namespace gunpowder::war_app {

using fmtnum::trim;
using report::Align;
using report::Table;
using war::Role;

namespace {
std::string toml_string(const std::string& s) { return json::quote(s); }
}  // namespace

void roll_tables(const war::Rules& R, const std::array<std::string, 2>& names, const war::RollOutcome& ro,
                 std::uint64_t seed, std::vector<Table>& tables, std::vector<std::string>& explain) {
  Table t;
  t.title = "Rolled: " + names[0] + " against " + names[1] + " (seed " + std::to_string(seed) + ")";
  t.add_column("round", "Round", Align::right)
      .add_column("roll_0", names[0] + " d100", Align::right)
      .add_column("total_0", names[0] + " C", Align::right)
      .add_column("roll_1", names[1] + " d100", Align::right)
      .add_column("total_1", names[1] + " C", Align::right)
      .add_column("diff", "Difference", Align::right)
      .add_column("winner", "Winner")
      .add_column("band", "Band")
      .add_column("seed", "Seed", Align::right, report::Shown::programs);
  const std::string seed_text = std::to_string(seed);
  for (const auto& r : ro.rounds) {
    const auto& b = r.roll;
    std::string winner = !b.combat ? "no combat" : b.winner ? names[static_cast<size_t>(*b.winner)] : "tie";
    const auto combat_int = [&](int v) { return b.combat ? report::Cell(std::to_string(v)) : report::cell::none(); };
    t.add_row({std::to_string(r.round), std::to_string(b.roll[0]), combat_int(b.total[0]), std::to_string(b.roll[1]),
               combat_int(b.total[1]), combat_int(b.diff), winner,
               b.row ? report::Cell(R.results[*b.row].label) : report::cell::none(), seed_text});
    if (r.rerolls)
      t.notes.push_back("round " + std::to_string(r.round) + ": " + std::to_string(r.rerolls) + " tie(s) rolled again");
    if (!b.note.empty()) t.notes.push_back("round " + std::to_string(r.round) + ": " + b.note);
    explain.push_back("round " + std::to_string(r.round) + ": C = " + std::to_string(r.modified_br[0]) +
                      " + tactics + " + std::to_string(b.roll[0]) + " = " + std::to_string(b.total[0]) + " against " +
                      std::to_string(r.modified_br[1]) + " + tactics + " + std::to_string(b.roll[1]) + " = " +
                      std::to_string(b.total[1]));
  }
  t.notes.push_back("ended: " + ro.stop);
  tables.push_back(std::move(t));
  Table c;
  c.title = "Consequences";
  c.add_column("round", "Round", Align::right)
      .add_column("force", "Force")
      .add_column("casualties_pct", "Casualties %", Align::right)
      .add_column("casualties", "Troops lost", Align::right)
      .add_column("killed", "Killed", Align::right)
      .add_column("wounded", "Wounded", Align::right)
      .add_column("fatigue", "Fatigue")
      .add_column("location", "Location")
      .add_column("location_units", "Units", Align::right, report::Shown::programs)
      .add_column("troops", "Troops left", Align::right);
  for (const auto& r : ro.rounds)
    for (size_t k = 0; k < 2; ++k) {
      const auto& s = r.roll.result[k];
      if (!r.roll.combat || !r.roll.winner) {
        c.add_row({std::to_string(r.round), names[k], "0", "0", "0", "0", report::cell::none(),
                   report::cell::none(r.roll.combat ? "no result" : "no combat"), report::cell::none(""),
                   report::cell::integer(r.troops_after[k])});
        continue;
      }
      c.add_row({std::to_string(r.round), names[k], report::cell::trimmed(s.casualties_pct, 2),
                 report::cell::integer(s.casualties), report::cell::integer(s.killed), report::cell::integer(s.wounded),
                 fatigue_cell(s.fatigue), location_cell(s.location, s.location_units),
                 location_units_cell(s.location, s.location_units), report::cell::integer(r.troops_after[k])});
    }
  c.notes.push_back("wounded of a force that holds the field return in " + R.result_rules.wounded_return_dice + " " +
                    R.result_rules.wounded_return_unit + "; routed survivors reappear at home " +
                    R.result_rules.routed_return_dice + " " + R.result_rules.routed_return_unit + " later");
  tables.push_back(std::move(c));
}

json::Value roll_json(const war::Rules& R, const std::array<std::string, 2>& names, const war::RollOutcome& ro,
                      std::uint64_t seed) {
  json::Value o = json::object();
  o.set("seed", static_cast<long long>(seed));
  json::Value rounds = json::array();
  for (const auto& r : ro.rounds) {
    const auto& b = r.roll;
    json::Value x = json::object();
    x.set("round", r.round);
    x.set("combat", b.combat);
    x.set("rerolled_ties", r.rerolls);
    x.set("rolls", json::Array{b.roll[0], b.roll[1]});
    x.set("modified_br", json::Array{r.modified_br[0], r.modified_br[1]});
    x.set("totals", json::Array{b.total[0], b.total[1]});
    x.set("diff", b.diff);
    x.set("tie", b.tie);
    x.set("winner", b.winner ? json::Value(names[static_cast<size_t>(*b.winner)]) : json::Value());
    x.set("band", b.row ? json::Value(R.results[*b.row].label) : json::Value());
    x.set("note", json::text_or_null(b.note));
    json::Value sides = sides_result_json(b.result, names);
    for (size_t k = 0; k < 2; ++k) sides.array()[k].set("troops_after", r.troops_after[k]);
    x.set("sides", std::move(sides));
    rounds.push(std::move(x));
  }
  o.set("rounds", std::move(rounds));
  o.set("ended", ro.stop);
  json::Value fin = json::array();
  for (size_t k = 0; k < 2; ++k) {
    const auto& s = ro.state[k];
    json::Value f = json::object();
    f.set("name", names[k]);
    f.set("troops", s.troops);
    f.set("killed", s.killed);
    f.set("wounded", s.wounded);
    f.set("fatigue", war::to_string(s.fatigue));
    f.set("location", war::to_string(s.location));
    f.set("location_units", s.location_units);
    f.set("routed", s.routed);
    f.set("destroyed", s.destroyed);
    fin.push(std::move(f));
  }
  o.set("final", std::move(fin));
  return o;
}

std::string forces_toml(const war::Rules& R, const std::vector<war::RatedForce>& rated,
                        const std::vector<std::optional<war::ForceState>>& state, const war::BattleConfig& s,
                        std::uint64_t seed) {
  std::string out = "# war-machine: forces after the rolled battle (seed " + std::to_string(seed) + ").\n";
  out += "# Each force is rated by its battle rating; wounded are out of action (they return in " +
         R.result_rules.wounded_return_dice + " " + R.result_rules.wounded_return_unit +
         " if the force held the field).\n\n";
  out += "[battle]\n";
  out += "siege_machine = " + std::string(s.battle.siege_machine ? "true" : "false") + "\n";
  out += "simple_siege = " + std::string(s.battle.simple_siege ? "true" : "false") + "\n";
  if (s.battle.simple_siege) out += "weeks_besieged = " + std::to_string(s.battle.weeks_besieged) + "\n";
  out += "tie_policy = " + toml_string(war::to_string(s.options.tie)) + "\n";
  out += "casualty_reading = " + toml_string(war::to_string(s.options.casualty_reading)) + "\n";
  out += "troop_ratio_reading = " + toml_string(war::to_string(s.battle.ratio_reading)) + "\n";
  out += "statement_reading = " + toml_string(war::to_string(s.battle.percent_reading)) + "\n";
  for (size_t i = 0; i < rated.size(); ++i) {
    const auto& x = rated[i];
    const auto& f = x.force;
    war::ForceState st;
    st.troops = f.troops;
    st.wounded = f.wounded;
    st.fatigue = f.fatigue;
    if (state[i]) st = *state[i];
    out += "\n";
    if (state[i]) {
      // Names in comments are quoted like values: a name can never end the comment's line.
      out += "# " + toml_string(f.name) + ": " + std::to_string(st.killed) + " killed, " +
             std::to_string(st.wounded - f.wounded) + " wounded in these battles; location " +
             location_text(st.location, st.location_units) +
             (st.routed ? "; routed: survivors reappear at home in " + R.result_rules.routed_return_dice + " " +
                              R.result_rules.routed_return_unit
                        : "") +
             "\n";
    }
    if (st.troops < 1) {
      out += "# " + toml_string(f.name) + " was destroyed and is left out.\n";
      continue;
    }
    out += "[[force]]\n";
    out += "name = " + toml_string(f.name) + "\n";
    out += "side = " + toml_string(f.side) + "\n";
    if (f.role != Role::none) out += "role = " + toml_string(war::to_string(f.role)) + "\n";
    out += "troops = " + std::to_string(st.troops) + "\n";
    out += "br = " + std::to_string(x.rating.br) + "\n";
    if (x.rating.troop_class) out += "troop_class = " + toml_string(*x.rating.troop_class) + "\n";
    if (f.composition.flying_pct) out += "flying_pct = " + trim(*f.composition.flying_pct, 4) + "\n";
    out += "fatigue = " + toml_string(war::to_string(st.fatigue)) + "\n";
    if (st.wounded > 0) out += "wounded = " + std::to_string(st.wounded) + "\n";
    if (f.tactic) out += "tactic = " + toml_string(*f.tactic) + "\n";
    // The lines that last one battle are not written back (a flag of the data).
    const std::vector<std::string> kept = war::lasting_situation(R, f.situation);
    if (!kept.empty()) {
      out += "situation = [";
      for (size_t k = 0; k < kept.size(); ++k) out += (k ? ", " : "") + toml_string(kept[k]);
      out += "]\n";
    }
  }
  return out;
}

/// Monte Carlo check of --roll: N independent battles (first round only), tallied.
json::Value runs_tables(const war::Rules& R, const BattlePlan& p, int runs, std::uint64_t seed, report::Report& rep) {
  json::Value arr = json::array();
  for (size_t b = 0; b < p.engagements.size(); ++b) {
    const auto& e = p.engagements[b];
    Progress progress("battles", static_cast<std::uint64_t>(runs));
    const auto tally =
        war::tally_battles(R, e, p.config.options, runs, seed, static_cast<std::uint64_t>(b) * 1000003ULL,
                           [&](std::uint64_t n) { progress.advance(n); });
    const auto& wins = tally.wins;
    const std::int64_t ties = tally.ties;
    const std::array<std::string, 2> names{p.rated[e.force[0]].force.name, p.rated[e.force[1]].force.name};
    Table t;
    t.name = "repeated";
    if (p.engagements.size() > 1) t.context.push_back({"battle", std::to_string(b + 1)});
    t.title = "Repeated: " + names[0] + " against " + names[1] + " (" + std::to_string(runs) + " battles, seed " +
              std::to_string(seed) + ")";
    t.add_column("outcome", "Outcome")
        .add_column("count", "Count", Align::right)
        .add_column("p_share", "Share", Align::right)
        .add_column("p_exact", "Exact", Align::right)
        .add_column("runs", "Runs", Align::right, report::Shown::programs)
        .add_column("seed", "Seed", Align::right, report::Shown::programs);
    const double n = runs;
    const bool settled = e.odds.tie_row.has_value();
    const std::string runs_text = std::to_string(runs), seed_text = std::to_string(seed);
    for (size_t k = 0; k < 2; ++k)
      t.add_row({names[k] + " wins", std::to_string(wins[k]), report::cell::percent(static_cast<double>(wins[k]) / n),
                 report::cell::percent(settled ? e.odds.p_win_resolved[k] : e.odds.p_win[k]), runs_text, seed_text});
    t.add_row({"Tie", std::to_string(ties), report::cell::percent(static_cast<double>(ties) / n),
               report::cell::percent(settled ? 0.0 : e.odds.p_tie), runs_text, seed_text});
    t.notes.push_back(
        "one d100 pair per battle (ties not rolled again); a share lies within 3 standard errors "
        "(3 sqrt(p(1-p)/n)) of the exact figure in 99.7% of runs");
    rep.tables.push_back(std::move(t));
    json::Value o = json::object();
    o.set("runs", runs);
    o.set("wins", json::Array{wins[0], wins[1]});
    o.set("ties", ties);
    arr.push(std::move(o));
  }
  return arr;
}

}  // namespace gunpowder::war_app
