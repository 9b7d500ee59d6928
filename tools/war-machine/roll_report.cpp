// roll_report.cpp - the report pieces of rolled battles: each round's rolls and consequences,
// the forces written back as a battle file, and the --runs tally against the exact odds.
#include "common/progress.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/json.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/fields.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

using fmtnum::trim;
using report::Table;
using war::Role;

namespace {
std::string toml_string(const std::string& s) { return json::quote(s); }
}  // namespace

namespace {
/// Each side after the last round (JSON only).
Table final_table(const std::array<std::string, 2>& names, const war::RollOutcome& ro) {
  Table f(specs::final_state());
  war::Ruled ruled;  // the sides at the end: every round's consequences
  for (const auto& r : ro.rounds) ruled = war::either(std::move(ruled), r.roll.ruled);
  for (size_t k = 0; k < 2; ++k) {
    const auto& s = ro.state[k];
    f.add_row({names[k], count_cell(s.troops), count_cell(s.killed), count_cell(s.wounded), war::to_string(s.fatigue),
               location_cell(s.location, s.location_units), location_units_cell(s.location, s.location_units),
               report::cell::boolean(s.routed), report::cell::boolean(s.destroyed)},
              source_of(ruled));
  }
  return f;
}

Table consequences_table(const war::Rules& R, const std::array<std::string, 2>& names, const war::RollOutcome& ro) {
  Table c(specs::consequences());
  war::Ruled before;  // the troops a round starts with come from the rounds before it
  for (const auto& r : ro.rounds) {
    const war::Ruled ruled = war::either(before, r.roll.ruled);
    before = ruled;
    for (size_t k = 0; k < 2; ++k) {
      const auto& s = r.roll.result[k];
      if (!r.roll.combat || !r.roll.winner) {
        c.add_row({std::to_string(r.round), names[k], "0", "0", "0", "0", report::cell::none(),
                   report::cell::none(r.roll.combat ? "no result" : "no combat"), report::cell::none(""),
                   count_cell(r.troops_after[k]), report::cell::boolean(false)},
                  source_of(ruled));
        continue;
      }
      c.add_row({std::to_string(r.round), names[k], report::cell::trimmed(s.casualties_pct, 2),
                 count_cell(s.casualties), count_cell(s.killed), count_cell(s.wounded), fatigue_cell(s.fatigue),
                 location_cell(s.location, s.location_units), location_units_cell(s.location, s.location_units),
                 count_cell(r.troops_after[k]), report::cell::boolean(s.won)},
                source_of(ruled));
    }
  }
  c.notes.push_back("wounded of a force that holds the field return in " + R.result_rules.wounded_return_dice + " " +
                    R.result_rules.wounded_return_unit + "; routed survivors reappear at home " +
                    R.result_rules.routed_return_dice + " " + R.result_rules.routed_return_unit + " later");
  return c;
}
}  // namespace

void roll_tables(const war::Rules& R, const std::array<std::string, 2>& names, const war::RollOutcome& ro,
                 std::uint64_t seed, size_t battle, bool js, std::vector<Table>& tables, report::Steps& explain) {
  Table t(specs::rolled());
  t.title = "Rolled: " + names[0] + " against " + names[1] + " (seed " + std::to_string(seed) + ")";
  t.columns[1].header = names[0] + " d100";
  t.columns[2].header = names[0] + " C";
  t.columns[3].header = names[1] + " d100";
  t.columns[4].header = names[1] + " C";
  const std::string seed_text = std::to_string(seed);
  war::Ruled before;  // a later round's sides come from the rounds before it
  for (const auto& r : ro.rounds) {
    const auto& b = r.roll;
    before = war::either(std::move(before), b.ruled);
    // The winner's name; "tie" or "no combat" for people, none for programs (combat and tie say which).
    const report::Cell winner = !b.combat  ? report::cell::none("no combat")
                                : b.winner ? report::Cell(names[static_cast<size_t>(*b.winner)])
                                           : report::cell::none("tie");
    const auto combat_int = [&](int v) { return b.combat ? report::Cell(std::to_string(v)) : report::cell::none(); };
    t.add_row({std::to_string(r.round), std::to_string(b.roll[0]), combat_int(b.total[0]), std::to_string(b.roll[1]),
               combat_int(b.total[1]), combat_int(b.diff), winner,
               b.row ? report::Cell(R.results[*b.row].label) : report::cell::none(), seed_text,
               report::cell::boolean(b.combat), std::to_string(r.rerolls), std::to_string(r.modified_br[0]),
               std::to_string(r.modified_br[1]), report::cell::boolean(b.tie), b.note, ro.stop},
              source_of(before));
    if (r.rerolls)
      t.notes.push_back("round " + std::to_string(r.round) + ": " + std::to_string(r.rerolls) + " tie(s) rolled again");
    if (!b.note.empty()) t.notes.push_back("round " + std::to_string(r.round) + ": " + b.note);
    for (size_t k = 0; k < 2; ++k)
      explain.push_back(report::Step{"round " + std::to_string(r.round) + ", " + names[k], "C",
                                     std::to_string(r.modified_br[k]) + " + tactics + " + std::to_string(b.roll[k]),
                                     std::to_string(b.total[k]), R.combat_source}
                            .in("modified BR", std::to_string(r.modified_br[k]))
                            .in("d100", std::to_string(b.roll[k])));
  }
  t.notes.push_back("ended: " + ro.stop);
  tables.push_back(std::move(t));
  tables.push_back(consequences_table(R, names, ro));
  if (js) tables.push_back(final_table(names, ro));
  for (size_t i = tables.size() - (js ? 3 : 2); i < tables.size(); ++i)
    tables[i].set_context(fields::kBattle, std::to_string(battle + 1));
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
void runs_tables(const war::Rules& R, const BattlePlan& p, int runs, std::uint64_t seed, report::Report& rep) {
  for (size_t b = 0; b < p.engagements.size(); ++b) {
    const auto& e = p.engagements[b];
    Progress progress("battles", static_cast<std::uint64_t>(runs));
    const auto tally =
        war::tally_battles(R, e, p.config.options, runs, seed, static_cast<std::uint64_t>(b) * 1000003ULL,
                           [&](std::uint64_t n) { progress.advance(n); });
    const auto& wins = tally.wins;
    const std::int64_t ties = tally.ties;
    const std::array<std::string, 2> names{p.rated[e.force[0]].force.name, p.rated[e.force[1]].force.name};
    Table t(specs::repeated());
    t.set_context(fields::kBattle, std::to_string(b + 1));
    t.title = "Repeated: " + names[0] + " against " + names[1] + " (" + std::to_string(runs) + " battles, seed " +
              std::to_string(seed) + ")";
    const double n = runs;
    const bool settled = e.odds.tie_row.has_value();
    const std::string runs_text = std::to_string(runs), seed_text = std::to_string(seed);
    // The battles are rolled with the exact odds' BRs and tie policy.
    const std::string source = source_of(e.odds.ruled.resolved);
    for (size_t k = 0; k < 2; ++k)
      t.add_row({names[k] + " wins", std::to_string(wins[k]), report::cell::percent(static_cast<double>(wins[k]) / n),
                 pct_over(settled ? e.odds.p_win_resolved[k] : e.odds.p_win[k], 10000), runs_text, seed_text},
                source);
    t.add_row({"Tie", std::to_string(ties), report::cell::percent(static_cast<double>(ties) / n),
               pct_over(settled ? 0.0 : e.odds.p_tie, 10000), runs_text, seed_text},
              source);
    t.notes.push_back(
        "one d100 pair per battle (ties not rolled again); a share lies within 3 standard errors "
        "(3 sqrt(p(1-p)/n)) of the exact figure in 99.7% of runs");
    rep.tables.push_back(std::move(t));
  }
}

}  // namespace gunpowder::war_app
