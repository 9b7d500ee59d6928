// war_app.cpp - war-machine: rate forces, the exact odds of a battle (or one rolled battle and
// its consequences, chained over rounds), movement and forced march, and the simple siege's
// weekly projection (War Machine, seed 004). The subcommands: rate.cpp, battle.cpp, march.cpp,
// siege.cpp; the rules: lib/src/war.
#include "war-machine/war_app.hpp"

#include <CLI/CLI.hpp>
#include <string_view>

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

std::array<bool, kSubcommands> named_subcommands(int argc, const char* const* argv) {
  std::array<bool, kSubcommands> named{};
  bool any = false, whole_tree = false;
  for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i) {
    const std::string_view a = argv[i];
    // The hidden --completion SHELL writes a script from every subcommand's options.
    whole_tree = whole_tree || a == "--completion" || a.substr(0, 13) == "--completion=";
    for (size_t c = 0; c < kSubcommands; ++c)
      if (a == kSubcommandNames[c]) {
        named[c] = true;
        any = true;
      }
  }
  if (!any || whole_tree) named.fill(true);
  return named;
}

void setup(CLI::App& app, Options& opt) {
  std::array<bool, kSubcommands> all{};
  all.fill(true);
  setup(app, opt, all);
}

void setup(CLI::App& app, Options& opt, const std::array<bool, kSubcommands>& with_options) {
  app.fallthrough();
  app.require_subcommand(1);
  opt.rate_cmd =
      app.add_subcommand("rate", "rate each [[force]] of the files: BFR itemised, troop class, statements, BR");
  opt.battle_cmd = app.add_subcommand("battle", "exact odds of a battle between the [[force]] tables of a file");
  opt.campaign_cmd = app.add_subcommand(
      "campaign", "exact odds of up to N battles in a row between the same forces, until one routs or is destroyed");
  opt.march_cmd = app.add_subcommand("march", "movement rate, forced march, foraging and hunger of a force");
  opt.siege_cmd = app.add_subcommand("siege", "the simple siege week by week: besieger's BR, starving defender, odds");
  for (auto* c : {opt.rate_cmd, opt.battle_cmd, opt.campaign_cmd, opt.march_cmd, opt.siege_cmd})
    c->footer("Common options (after the subcommand or before it): FILE..., --format, --output, --explain.\n" +
              kInfo.examples);
  // In the order of kSubcommandNames.
  if (with_options[0]) setup_rate(*opt.rate_cmd, opt);
  if (with_options[1]) setup_battle(*opt.battle_cmd, opt);
  if (with_options[2]) setup_campaign(*opt.campaign_cmd, opt);
  if (with_options[3]) setup_march(*opt.march_cmd, opt);
  if (with_options[4]) setup_siege(*opt.siege_cmd, opt);
}

Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common) {
  auto rules = war::load_rules();
  if (!rules) return rules.error();
  const war::Rules& R = **rules;
  if (opt.rate_cmd && opt.rate_cmd->parsed()) return run_rate(R, opt, common);
  if (opt.battle_cmd && opt.battle_cmd->parsed()) return run_battle(R, opt, common);
  if (opt.campaign_cmd && opt.campaign_cmd->parsed()) return run_campaign(R, opt, common);
  if (opt.march_cmd && opt.march_cmd->parsed()) return run_march(R, opt, common);
  if (opt.siege_cmd && opt.siege_cmd->parsed()) return run_siege(R, opt, common);
  return cli::usage_error("", "choose a subcommand: rate, battle, campaign, march or siege");
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  // Only the options of the subcommand named are registered: CLI11 building the options of all five
  // cost a one-liner a fifth of its instructions (issue 15, start-up).
  Options opt;
  return cli::run_tool(
      kInfo, argc, argv, out, err,
      [&](CLI::App& app, cli::CommonOptions&) { setup(app, opt, named_subcommands(argc, argv)); },
      [&](const cli::CommonOptions& common) { return run(opt, common); });
}

}  // namespace gunpowder::war_app
