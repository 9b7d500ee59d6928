// war_app.cpp - war-machine: rate forces, the exact odds of a battle (or one rolled battle and
// its consequences, chained over rounds), movement and forced march, and the simple siege's
// weekly projection (War Machine, seed 004). The subcommands: rate.cpp, battle.cpp, march.cpp,
// siege.cpp; the rules: lib/src/war.
#include "war-machine/war_app.hpp"

#include <CLI/CLI.hpp>

#include "common/commands.hpp"
#include "common/fractions.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

const cli::ToolInfo kInfo{
    "war-machine",
    "The War Machine mass-combat system: rate a force (basic force rating itemised, troop class, the "
    "twelve battle-rating statements, battle rating, or the quick rating), the exact odds of a battle over all "
    "10,000 pairs of d100 rolls with every adjustment itemised, one rolled battle applied to the forces and "
    "chained over rounds, movement, forced march and foraging, and the simple siege week by week.",
    "Examples (their files are in the examples folder, installed as share/doc/gunpowder/examples):\n"
    "  # BFR, troop class, statements and BR of each [[force]]\n"
    "  war-machine rate war-machine-prince.toml\n"
    "  # exact odds, results rows, casualties, fatigue, location\n"
    "  war-machine battle war-machine-field.toml --format json\n"
    "  # a battle from flags alone: a troop class, the woods, a BR\n"
    "  war-machine battle --force Elves:2000:excellent --situation elves-woods \\\n"
    "      --force Orcs:3500:br=72 --summary\n"
    "  # one battle rolled and applied to the forces\n"
    "  war-machine battle war-machine-field.toml --roll --seed 7\n"
    "  # five rounds, the forces after them written to after.toml\n"
    "  war-machine battle war-machine-field.toml --roll --seed 7 --rounds 5 \\\n"
    "      --write-forces after.toml\n"
    "  # other readings of the book\n"
    "  war-machine battle war-machine-field.toml --tie-policy defender \\\n"
    "      --casualty-reading multiply --explain\n"
    "  # exact odds of battles in a row until a rout\n"
    "  war-machine campaign war-machine-field.toml --battles 10 --chart\n"
    "  war-machine march --troops 300 --troop-class good --movement-ft 120\n"
    "  war-machine siege war-machine-siege.toml --weeks 8 --food-weeks 3\n"
    "Input: [[force]] tables (name, troops, and one of br, bfr, [force.factors], [force.quick]); an optional\n"
    "[battle] table; see war-machine(1).",
    [] {
      return std::vector<const report::DocumentSpec*>{&specs::rate_document(), &specs::battle_document(),
                                                      &specs::campaign_document(), &specs::march_document(),
                                                      &specs::siege_document()};
    }};

namespace {
/// What --fractions says under a table with a chance it leaves as a decimal.
const char* const kInexactNote =
    "--fractions: a chance still shown as a percentage has no fraction: it is sampled (the share of the battles "
    "rolled), not counted over the pairs of d100 rolls";
}  // namespace

const std::vector<WarCommand>& commands() {
  static const std::vector<WarCommand> table{
      {"rate", "rate each [[force]] of the files: BFR itemised, troop class, statements, BR", &setup_rate, &run_rate,
       true, false},
      {"battle", "exact odds of a battle between the [[force]] tables of a file", &setup_battle, &run_battle, true,
       true},
      {"campaign", "exact odds of up to N battles in a row between the same forces, until one routs or is destroyed",
       &setup_campaign, &run_campaign, true, true},
      {"march", "movement rate, forced march, foraging and hunger of a force", &setup_march, &run_march, false, true},
      {"siege", "the simple siege week by week: besieger's BR, starving defender, odds", &setup_siege, &run_siege, true,
       true},
  };
  return table;
}

void setup(CLI::App& app, Options& opt) {
  std::vector<cli::Subcommand> table;
  for (const WarCommand& c : commands())
    table.push_back({c.name, c.description, [&opt, &c](CLI::App& cmd) {
                       cmd.callback([&opt, &c] { opt.command = c.name; });
                       c.setup(cmd, opt);
                       if (c.takes_input) cli::reads_input(cmd);
                       if (!c.charts) cli::draws_no_charts(cmd);
                     }});
  for (cli::Command* sub : cli::add_subcommands(app, table, true)) sub->footer(kInfo.examples);
}

Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common) {
  auto rules = war::load_rules(tables);
  if (!rules) return rules.error();
  Options run_opt = opt;
  run_opt.house_rules = tables.house_rules_in_effect();
  if (auto refused = cli::refuse_fractions_in_csv(opt.fractions, common)) return *refused;
  for (const WarCommand& c : commands()) {
    if (opt.command != c.name) continue;
    auto rep = c.run(**rules, run_opt, common);
    // --fractions (battle, march, siege): each probability counted over the d100 pairs or a die as
    // a fraction; the share of the battles --runs rolled keeps its decimal.
    if (rep && opt.fractions) report::show_fractions(rep->tables, kInexactNote);
    return rep;
  }
  std::string names;
  for (size_t i = 0; i < commands().size(); ++i)
    names += (i == 0 ? "" : i + 1 == commands().size() ? " or " : ", ") + std::string(commands()[i].name);
  return cli::usage_error("", "choose a subcommand: " + names);
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::war_app
