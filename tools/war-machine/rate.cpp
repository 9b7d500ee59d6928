// rate.cpp - war-machine rate: each [[force]] of the files rated (seed 004, "Battle force
// rating B'" and "Battle rating B", or the quick rating): BFR itemised, troop class, the twelve
// statements, BR.
#include "war-machine/commands.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

using report::Table;

namespace {

Table summary_table(const std::vector<war::RatedForce>& forces) {
  Table t(specs::rate_forces());
  add_rate_rows(t, forces);
  return t;
}

}  // namespace

void add_rate_rows(Table& t, const std::vector<war::RatedForce>& forces) {
  for (const auto& x : forces)
    t.add_row(
        {x.force.name, x.force.side, war::to_string(x.force.role), report::cell::integer(x.force.troops),
         x.rating.method, report::cell::integer(x.rating.bfr), opt_text_cell(x.rating.troop_class),
         x.rating.statements.empty() ? report::cell::none() : report::Cell(std::to_string(x.rating.statements_true)),
         std::to_string(x.rating.bonus_per_statement), std::to_string(x.rating.br)},
        source_of(x.rating.ruled.any()));
}

std::pair<war::PercentReading, war::Ruled> rate_reading(const war::Rules& R, const Options& opt,
                                                        const std::optional<std::string>& from_files) {
  war::PercentReading reading = R.default_percent_reading;
  war::Ruled reading_ruled = R.ruled.statement_reading;  // the data's reading, which a house rule may set
  if (auto r = opt.percent_reading ? opt.percent_reading : from_files) {
    reading = *war::parse_percent_reading(*r);
    reading_ruled.reset();
  }
  return {reading, reading_ruled};
}

void setup_rate(CLI::App& cmd, Options& opt) {
  add_percent_option(cmd, opt);
  add_force_options(cmd, opt);
}

namespace {

Expected<report::Report> rate(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  // Standard input only when neither a file nor --force gives the forces.
  if (common.inputs.empty() && opt.force_flags.empty() && !cli::read_standard_input(common))
    return cli::usage_error("rate", "give one or more TOML files with [[force]] tables, or --force flags");
  std::vector<input::Source> sources;
  sources.reserve(common.inputs.size());
  for (const auto& path : common.inputs) sources.push_back(input::Source::file(path));
  // A batch of files is written as it is made (rate_stream.cpp); else, or when it cannot be, the
  // inputs are read whole (standard input is read once, by its Source).
  if (auto streamed = run_rate_streamed(R, opt, common, sources)) return std::move(*streamed);
  auto flag_docs = force_documents(R, opt, false);
  if (!flag_docs) return flag_docs.error();
  auto input = war::read_battle(R, sources, std::move(*flag_docs));
  if (!input) return input.error();
  // The statements' reading: the flag, else the files' [battle] statement_reading, else the data's.
  const auto [reading, reading_ruled] = rate_reading(R, opt, input->settings.percent_reading);
  auto rated = war::rate_forces(R, input->forces, reading, reading_ruled);
  if (!rated) return war::place_force_fields(rated.error(), *input);
  // No error left to place: the parsed files are freed before the report is built (a large batch's
  // documents took about a fifth of its peak).
  *input = war::BattleInput{};
  report::Report rep;
  rep.document = &specs::rate_document();
  rep.tables.push_back(summary_table(*rated));
  for (const auto& x : *rated) rating_tables(R, x, specs::force_rating(), specs::statements(), rep.tables);
  Table settings(specs::rate_settings());
  settings.add_row({war::to_string(reading)}, source_of(reading_ruled));
  rep.tables.push_back(std::move(settings));
  if (common.explain)
    for (const auto& x : *rated)
      rep.explain.insert(rep.explain.end(), x.rating.explain.begin(), x.rating.explain.end());
  return rep;
}

}  // namespace

Expected<report::Report> run_rate(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  auto rep = rate(R, opt, common);
  if (!rep && !opt.force_flags.empty()) return on_force_flags(rep.error());
  return rep;
}

}  // namespace gunpowder::war_app
