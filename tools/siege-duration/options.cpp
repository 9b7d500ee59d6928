// options.cpp - siege-duration's options and help text.
#include "common/bounds.hpp"
#include "common/commands.hpp"
#include "common/seed.hpp"

#include <CLI/CLI.hpp>
#include "gunpowder/core/spelling.hpp"
#include "siege-duration/siege_app.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

const cli::ToolInfo kInfo{
    "siege-duration",
    "How long a siege takes and what it costs: simplified sieges (unit advantage and the Duration of Siege table, "
    "Guns of War, Sieges Simplified), bombardment by the besieger's gunpowder artillery (shp a day, days, breaches, "
    "powder-and-shot cost), the artillery duel between both parks (a traced duel or seeded odds), and the "
    "structural strength points of Baggins Wood Cannons.",
    "Examples (their files are in the examples folder, installed as share/doc/gunpowder/examples):\n"
    "  # every method the input allows\n"
    "  siege-duration siege-duration.toml\n"
    "  siege-duration siege-duration.toml --method simplified --format json\n"
    "  # a small castle against four 24-pdr cannon, from flags alone\n"
    "  siege-duration --structure keep_square --structure 4xtower_round_small \\\n"
    "      --besieger-units 40 --besieger-artillery 4x24-pdr-cannon@800 \\\n"
    "      --defender-units 10\n"
    "  # the worked example's count of bonus units\n"
    "  siege-duration siege-duration.toml --method simplified \\\n"
    "      --bonus-units-reading example\n"
    "  siege-duration siege-duration.toml --method bombardment --cautious \\\n"
    "      --breaches 3\n"
    "  # one duel, round by round\n"
    "  siege-duration siege-duration.toml --method duel --trace --seed 1\n"
    "  # odds over seeded duels\n"
    "  siege-duration siege-duration.toml --method duel --runs 10000 --seed 7\n"
    "  # the strength points of the Baggins Wood Cannons\n"
    "  siege-duration siege-duration-structures.toml --method structures --explain\n"
    "  # weeks to capture (War Machine)\n"
    "  siege-duration siege-duration-machine.toml --method siege-machine --runs 10000\n"
    "  # weekly costs and money on hand\n"
    "  siege-duration siege-duration-machine-money.toml --method siege-machine \\\n"
    "      --trace --seed 1\n"
    "Input: [stronghold] shp | value_gp | structures, material, site; [besieger] and [defender] units,\n"
    "artillery = [{ type, shot_lb, count, range_yd, carriage, ... }], engines; [[structure]] tables;\n"
    "[siege_machine] with [siege_machine.attacker] and [siege_machine.defender] (see the man page).\n",
    &tables::documents};

const std::vector<MethodOption>& method_options() {
  static const std::vector<MethodOption> kMethodOptions{
      {"--bonus-units-reading", {"simplified"}},
      {"--cautious", {"bombardment", "siege-machine"}},
      {"--breaches", {"bombardment"}},
      {"--trace", {"duel", "siege-machine"}},
      {"--seed", {"duel", "siege-machine"}},
      {"--runs", {"duel", "siege-machine"}},
      {"--sample", {"duel", "siege-machine"}},
      {"--threads", {"duel", "siege-machine"}},
      {"--besieger-policy", {"duel"}},
      {"--defender-policy", {"duel"}},
      {"--advance-to", {"duel"}},
      {"--fall-back-after", {"duel"}},
      {"--hole-up-after", {"duel"}},
      {"--max-rounds", {"duel"}},
      {"--battery", {"structures"}},
      {"--plan", {"siege-machine"}},
      {"--weeks", {"siege-machine"}},
  };
  return kMethodOptions;
}

void setup(CLI::App& app, Options& opt) {
  // Enum values as the book spells them ("Siege Machine", "fall back") are read in the suite's.
  const auto spelling = [](const std::string& typed) { return gunpowder::suite_spelling(typed); };
  cli::choices(
      app,
      app.add_option(
          "-m,--method", opt.method,
          "all (default: every method the input allows), simplified, bombardment, duel, structures or siege-machine"),
      {"all", "simplified", "bombardment", "duel", "structures", "siege-machine"}, spelling)
      ->type_name("METHOD");
  cli::choices(app,
               app.add_option(
                   "--bonus-units-reading", opt.bonus_units_reading,
                   "table (default: the printed Bonus Units table) or example (the pieces as the book's worked example "
                   "counts them, where it differs from the table)"),
               {"example", "table"}, spelling)
      ->type_name("READING");
  app.add_flag("--cautious", opt.cautious, "bombard only with pieces standing beyond the defender's artillery range");
  app.add_option("--breaches", opt.breaches, "days to open this many breaches (one per 1,000 shp of damage)")
      ->check(cli::bounded({1, 100000, true, false, "", "INT in [1 - 100000]"}))
      ->type_name("N");
  app.add_flag("--trace", opt.trace, "duel: play one duel (seeded) and show it round by round");
  cli::add_seed_option(app, opt.seed, "seed of the duel and Siege Machine dice, 0 to 2^64-1 (default 1)");
  app.add_option("--runs", opt.runs,
                 "duel and siege-machine: number of seeded runs for the odds (default 10000); the odds are sampled "
                 "when it is given")
      ->check(cli::bounded({1, 1000000, true, false, "", "INT in [1 - 1000000]"}))
      ->each([&opt](const std::string&) { opt.runs_given = true; })
      ->type_name("N");
  app.add_flag("--sample", opt.sample,
               "duel and siege-machine: seeded odds (--runs, --seed) even where the exact odds are within the "
               "chain's bound");
  app.add_option("--threads", opt.threads,
                 "duel and siege-machine (sampled): threads (default: every core; results do not depend on it)")
      ->check(cli::bounded({0, 256, true, false, "", "UINT in [0 - 256]"}))
      ->type_name("N");
  cli::choices(
      app,
      app.add_option(
          "--besieger-policy", opt.besieger_policy,
          "advance (default: mobile pieces close in, then fire when loaded), fire (stand and fire when loaded) or "
          "fall-back (advance, and fall back after losses)"),
      {"advance", "fire", "fall-back"}, spelling)
      ->type_name("POLICY");
  cli::choices(
      app,
      app.add_option("--defender-policy", opt.defender_policy,
                     "fire (default: fire when loaded), hold (hold fire until a target is at medium range) or hole-up "
                     "(fire, and hole up after losses)"),
      {"fire", "hold", "hole-up"}, spelling)
      ->type_name("POLICY");
  cli::choices(app,
               app.add_option("--advance-to", opt.advance_to,
                              "duel: the range band advancing pieces close to: short, medium (default) or long"),
               {"short", "medium", "long"}, spelling)
      ->type_name("BAND");
  app.add_option("--fall-back-after", opt.fall_back_after,
                 "fall-back policy: pieces lost before falling back (default half the mobile pieces)")
      ->check(cli::bounded({1, 100000, true, false, "", "INT in [1 - 100000]"}))
      ->type_name("N");
  app.add_option("--hole-up-after", opt.hole_up_after,
                 "hole-up policy: pieces lost before holing up (default half the defender's pieces)")
      ->check(cli::bounded({1, 100000, true, false, "", "INT in [1 - 100000]"}))
      ->type_name("N");
  app.add_option("--max-rounds", opt.max_rounds, "duel: round limit (default one day, 2,880 rounds)")
      ->check(cli::bounded({1, 10000000, true, false, "", "INT in [1 - 10000000]"}))
      ->type_name("N");
  app.add_flag("--pi", opt.pi, "structures: use pi instead of 3 for round structures");
  app.add_option("--battery", opt.battery,
                 "structures: a battery of Baggins Wood cannon firing at each structure, [Nx]TYPE@BAND (TYPE light, "
                 "medium or heavy; BAND long, short or point-blank), e.g. 4xmedium@short: the broadsides until it is "
                 "down")
      ->type_name("SPEC");
  cli::choices(app,
               app.add_option("--plan", opt.plan,
                              "Siege Machine: bombard, harass, assault or bombard-then-assault (overrides the input)"),
               {"bombard", "harass", "assault", "bombard-then-assault"}, spelling)
      ->type_name("PLAN");
  app.add_option("--weeks", opt.weeks, "Siege Machine: week limit (overrides the input; default 52)")
      ->check(cli::bounded({1, 1000, true, false, "", "INT in [1 - 1000]"}))
      ->type_name("N");
  add_siege_flags(app, opt);
  // Which of the options only some methods read were given (siege_app.cpp refuses one that the
  // chosen method does not read).
  app.parse_complete_callback([&app, &opt] {
    opt.method_options_given.clear();
    for (const MethodOption& m : method_options())
      if (app.count(m.name) > 0) opt.method_options_given.emplace_back(m.name);
  });
  // The siege description: a file, or standard input when no file is named and the siege is not
  // given as flags (run: cli::read_standard_input).
  cli::reads_input(app);
}

}  // namespace gunpowder::siege_app
