// artillery_app.cpp - artillery-design: its options, and run(), which picks one of the five
// modes (modes.hpp) and hands it the book's catalogue.
#include "artillery-design/artillery_app.hpp"

#include <CLI/CLI.hpp>
#include "common/bounds.hpp"
#include "gunpowder/core/fmtnum.hpp"

#include "artillery-design/modes.hpp"
#include "artillery-design/specs.hpp"
#include "common/commands.hpp"

namespace gunpowder::artillery_app {

const cli::ToolInfo kInfo{
    "artillery-design",
    "Design gunpowder artillery: the book's 17 pieces and any custom piece from its shot weight and type "
    "(calibre, barrel, weight, powder, ranges, damage, area, crew, rate of fire, cost), carriages and mobility, "
    "bombardment, battle ratings and siege bonus units, artillery as automatons, and the alternative gunpowder "
    "economies (Guns of War).",
    "Examples (their files are in the examples folder, installed as share/doc/gunpowder/examples):\n"
    "  # the book's 18-pdr gun, as JSON\n"
    "  artillery-design --type gun --shot-lb 18 --format json\n"
    "  # a custom piece on a field carriage\n"
    "  artillery-design --type mortar --shot-lb 20 --carriage field\n"
    "  # a 2-pdr gun on a 1-lb charge\n"
    "  artillery-design --type gun --shot-lb 2 --powder-lb 1\n"
    "  # a dwarven cannon, with the derivation of its figures\n"
    "  artillery-design --type cannon --shot-lb 60 --gunpowder dwarven --explain\n"
    "  # the book's 17 pieces\n"
    "  artillery-design --catalogue --format markdown\n"
    "  # the figures where the formulas and the book disagree\n"
    "  artillery-design --compare --differences\n"
    "  # prices, availability, Grimm's throw\n"
    "  artillery-design --economies\n"
    "  # every [[piece]] table of the file (name, type, shot_lb, powder_lb, ...)\n"
    "  artillery-design pieces.toml\n",
    &documents,
    /*charts=*/false};

void setup(CLI::App& app, Options& opt) {
  cli::choices(app, app.add_option("-t,--type", opt.type, "piece type: cannon, gun or mortar"),
               {"cannon", "gun", "mortar"}, artillery::from_book_spelling)
      ->type_name("TYPE");
  cli::completion_values(
      app,
      app.add_option("-s,--shot-lb", opt.shot_lb, "shot weight in pounds (the piece's designation: 18 for an 18-pdr)"),
      &artillery::book_shot_weights)
      ->type_name("LB");
  app.add_option("--powder-lb", opt.powder_lb, "reduced powder charge in pounds (scales range and damage)")
      ->type_name("LB");
  app.add_option("--shot-used-lb", opt.shot_used_lb, "lighter shot actually fired (medium and long range -25%)")
      ->type_name("LB");
  cli::choices(app, app.add_option("-c,--carriage", opt.carriage, "carriageless, garrison, field or limber"),
               {"carriageless", "garrison", "field", "limber"}, artillery::from_book_spelling)
      ->type_name("CARRIAGE");
  cli::choices(app, app.add_option("--era", opt.era, "early, middle or late: rules out carriages not yet invented"),
               {"early", "middle", "late"}, artillery::from_book_spelling)
      ->type_name("ERA");
  cli::choices(app,
               app.add_option("-g,--gunpowder", opt.gunpowder,
                              "historical, alchemical, magical or dwarven (default historical)"),
               artillery::gunpowder_kind_names(), artillery::from_book_spelling)
      ->type_name("KIND");
  app.add_option("--price-multiplier", opt.price_multiplier,
                 "override the economy's price multiplier, 1 to 10 (dwarven: 1-5 by rarity, default 2; 10 for the "
                 "machinist rule)")
      ->type_name("X");
  app.add_option("--powder-gp-per-lb", opt.powder_gp_per_lb, "override the economy's powder price, gp per pound")
      ->check(cli::bounded({0, artillery::kMaxPowderGpPerLb, false, false, "gp"}))
      ->type_name("GP");
  app.add_option("-n,--name", opt.name, "name of the piece in the output")->type_name("NAME");
  app.add_flag("--catalogue", opt.catalogue, "list the book's 17 pieces");
  app.add_flag("--formula", opt.formula, "use the design formulas even for a piece the book lists");
  app.add_flag("--compare", opt.compare,
               "print the formulas against the book, field by field, for all 17 pieces (the agreement first)");
  app.add_flag("--differences", opt.differences, "with --compare: show only the figures that disagree");
  app.add_flag(
      "--economies", opt.economies,
      "the gunpowder economies: prices and making times, dwarven market availability, Grimm's machinist throw");
  cli::choices(app,
               app.add_option(
                   "--rate-reading", opt.rate_reading,
                   "order of the formulas' rate-of-fire step: shots-first (the text: shots per day, then ROF; default) "
                   "or rof-first (ROF first, shots per day from it, as the Bombardment table)"),
               {"shots-first", "rof-first"})
      ->type_name("ORDER");
  app.add_option(
         "--stone-lb", opt.stone_lb,
         "pounds in a stone for an automaton's weight (default 10, the book's; 12 reproduces the Grimm example)")
      // A stone of 10 lb (the book) or 12 lb (the Grimm example); anything from 1 to 100 lb is accepted.
      ->check(cli::bounded({1, 100, false, false, "pounds"}))
      ->type_name("LB");
  // [[piece]] tables from files (standard input when no file and no other mode is given: run).
  cli::reads_input(app);
}

Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common) {
  auto cat_or = artillery::load_catalogue(tables);
  if (!cat_or) return cat_or.error();
  const artillery::Catalogue& cat = **cat_or;

  const bool flags_piece = opt.type || opt.shot_lb;
  int modes = (opt.catalogue ? 1 : 0) + (opt.compare ? 1 : 0) + (opt.economies ? 1 : 0) + (flags_piece ? 1 : 0) +
              (!common.inputs.empty() ? 1 : 0);
  if (modes == 0 && cli::read_standard_input(common)) modes = 1;  // [[piece]] tables piped in
  if (modes == 0)
    return cli::usage_error(
        "", "nothing to do: give --type and --shot-lb, a TOML file, --catalogue, --compare or --economies");
  if (modes > 1)
    return cli::usage_error("", "choose one of: --type/--shot-lb, input files, --catalogue, --compare, --economies");
  if (opt.differences && !opt.compare) return cli::usage_error("--differences", "goes with --compare");
  // The same limits as the [[piece]] keys price_multiplier and powder_gp_per_lb. The book's
  // multipliers run from x1 (historical) to x10 (Dwarven Gunpowder: "1-5x the historical price", and
  // machinist-built artillery at "10 x historical price").
  const double lo = cat.economy.price_multiplier_min, hi = cat.economy.price_multiplier_max;
  if (opt.price_multiplier && !(*opt.price_multiplier >= lo && *opt.price_multiplier <= hi))
    return cli::usage_error("--price-multiplier", "must be from " + fmtnum::trim(lo, 6) + " to " + fmtnum::trim(hi, 6) +
                                                      " (the book's x" + fmtnum::trim(lo, 6) +
                                                      " to the dwarven machinist's x" + fmtnum::trim(hi, 6) +
                                                      "), got " + fmtnum::shortest(*opt.price_multiplier, 17));
  if (opt.catalogue) return run_catalogue(cat, opt, common);
  if (opt.compare) return run_compare(cat, opt);
  if (opt.economies) return run_economies(cat, opt);
  if (flags_piece) return run_piece(cat, opt, common);
  return run_files(tables, cat, opt, common);
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::artillery_app
