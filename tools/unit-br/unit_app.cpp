// unit_app.cpp - unit-br: the options, and the choice of mode (modes.hpp): one catalogue troop
// type from flags, units from TOML files, the published rosters, the rosters against the formulas.
#include "unit-br/unit_app.hpp"

#include <CLI/CLI.hpp>
#include <ostream>

#include "common/bounds.hpp"
#include "common/commands.hpp"
#include "gunpowder/units/unit_br.hpp"
#include "unit-br/fields.hpp"
#include "unit-br/modes.hpp"

namespace gunpowder::unit_app {

const cli::ToolInfo kInfo{
    "unit-br",
    "Battle rating and cost of pike-and-shot units (Guns of War): formation and movement, firearm attacks "
    "and reload tokens (volley fire, pistol caracole, pistol charge), missile and melee values, battle rating, monthly "
    "wage, supply and specialists, campaign movement, Mounted Foot deployments, and for a catalogue troop type its "
    "availability, training and qualifying numbers. Every derived figure can be given instead in a [[unit]] table.",
    "Examples (their files are in the examples folder, installed as share/doc/gunpowder/examples):\n"
    "  unit-br --troop \"matchlock musketeers\" --race man --troops 120 --format json\n"
    "  unit-br --troop \"flintlock arquebusiers\" --race man --veteran --format csv\n"
    "  # Mounted Foot reformed after a battle\n"
    "  unit-br --troop dragoons --reform-uhp-lost 3 4 --explain\n"
    "  unit-br --troop reiters --race elf --format markdown\n"
    "  # when matchlock arquebusiers that fired may fire again\n"
    "  unit-br --troop \"matchlock arquebusiers\" --actions fire,stand,march,stand\n"
    "  # the published rosters\n"
    "  unit-br --catalogue\n"
    "  # the rosters where they disagree with the formulas\n"
    "  unit-br --catalogue --compare --differences\n"
    "  # every [[unit]] table of the file (troop, race, troops, veteran, ...)\n"
    "  unit-br unit-br-units.toml\n",
    &documents,
    /*charts=*/false};

void setup(CLI::App& app, Options& opt) {
  cli::completion_values(
      app,
      app.add_option("--troop", opt.troop, "catalogue troop type, e.g. \"matchlock musketeers\", pikemen, dragoons"),
      [](const data::Tables& tables) {  // the catalogue's troop types, for shell completion
        std::vector<std::string> keys;
        if (auto cat = units::load_catalogue(tables))
          for (const auto& t : (*cat)->troop_types) keys.push_back(t.key);
        return keys;
      })
      ->type_name("TYPE");
  cli::completion_values(
      app,
      app.add_option("--race", opt.race,
                     "race: man (default), dwarf, elf, kobold, goblin, orc, hobgoblin, gnoll, lizardman, "
                     "bugbear, ogre"),
      [](const data::Tables& tables) {  // the catalogue's races, for shell completion
        std::vector<std::string> keys;
        if (auto cat = units::load_catalogue(tables))
          for (const auto& r : (*cat)->races) keys.push_back(r.key);
        return keys;
      })
      ->type_name("RACE");
  app.add_flag("--veteran", opt.veteran, "veteran troops (human units only)");
  app.add_option("--troops", opt.troops, "number of troops (default: the unit size of the rosters)")
      ->check(cli::bounded({1, units::kMaxTroops, true}))
      ->type_name("N");
  app.add_option("-n,--name", opt.name, "name of the unit in the output")->type_name("NAME");
  app.add_option("--reform-uhp-lost", opt.reform_uhp_lost,
                 "Mounted Foot: uhp lost by each of the two Irregular Mounted halves, reformed after battle")
      ->expected(2)
      ->type_name("A B");
  std::vector<std::string> action_words;
  for (const auto& a : kRoundActions) action_words.emplace_back(a.first);
  cli::choices(app,
               app.add_option("--actions", opt.actions,
                              "with --troop: the unit's reload tokens over rounds of combat, each fire, stand or march "
                              "(e.g. fire,stand,march,stand)")
                   ->delimiter(','),
               action_words)
      ->type_name("ACTIONS");
  cli::choices(app,
               app.add_option("--misfire", opt.misfire,
                              "misfire factors: examples (flintlock 0.9, other 0.8; default) or text (0.8/0.9)"),
               {"examples", "text"})
      ->type_name("READING");
  cli::choices(
      app,
      app.add_option("--fm-pistol-column", opt.fm_pistol_column,
                     "rate-of-fire column of Formed Mounted pistols: drilled (default, as the rosters) or other"),
      {"drilled", "other"})
      ->type_name("COLUMN");
  cli::choices(app,
               app.add_option("--wage-source", opt.wage_source,
                              "troop wage: wage-table (default) or characteristics (the two disagree for dragoons)"),
               {"wage-table", "characteristics"})
      ->type_name("TABLE");
  cli::choices(
      app,
      app.add_option(
          "--pistol-bonus", opt.pistol_bonus,
          "pistol-charge bonus attack: rule (never with lance or shield; default) or rosters (hussars get it)"),
      {"rule", "rosters"})
      ->type_name("READING");
  app.add_flag("--catalogue", opt.catalogue, "list every roster unit with its published figures");
  app.add_flag("--compare", opt.compare,
               "recompute every roster unit and compare it with the published figures (the agreement first)");
  app.add_flag("--differences", opt.differences, "with --compare: show only the figures that disagree");
  // [[unit]] tables from files (standard input when no file and no other mode is given: run).
  cli::reads_input(app);
}

units::Request readings(const Options& opt, bool explain) {
  units::Request q;
  q.explain = explain;
  if (!opt.misfire.empty()) q.misfire_reading = opt.misfire;
  if (!opt.fm_pistol_column.empty()) q.fm_pistol_column = opt.fm_pistol_column;
  if (!opt.wage_source.empty()) q.wage_source = opt.wage_source;
  if (!opt.pistol_bonus.empty()) q.pistol_bonus = opt.pistol_bonus;
  return q;
}

Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common) {
  auto cat_or = units::load_catalogue(tables);
  if (!cat_or) return cat_or.error();
  const units::Catalogue& cat = **cat_or;
  const bool flags_unit = opt.troop.has_value();
  int modes = (opt.catalogue || opt.compare ? 1 : 0) + (flags_unit ? 1 : 0) + (!common.inputs.empty() ? 1 : 0);
  if (modes == 0 && cli::read_standard_input(common)) modes = 1;  // [[unit]] tables piped in
  if (modes == 0) return cli::usage_error("", "nothing to do: give --troop, a TOML file, --catalogue or --compare");
  if (modes > 1) return cli::usage_error("", "choose one of: --troop, input files, --catalogue/--compare");
  if (opt.differences && !opt.compare) return cli::usage_error("--differences", "goes with --compare");
  if (!opt.actions.empty() && !flags_unit) return cli::usage_error("--actions", "goes with --troop");
  if (opt.compare) return run_compare(cat, opt);
  if (opt.catalogue) return run_catalogue(cat);
  if (flags_unit && !opt.actions.empty()) return run_reload(cat, opt);
  if (flags_unit) return run_flags(tables, cat, opt, common);
  return run_files(tables, cat, opt, common);
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::unit_app
