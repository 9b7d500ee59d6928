// rate.cpp - war-machine rate: each [[force]] of the files rated (seed 004, "Battle force
// rating B'" and "Battle rating B", or the quick rating): BFR itemised, troop class, the twelve
// statements, BR.
#include "gunpowder/core/fmtnum.hpp"
#include "war-machine/commands.hpp"

namespace gunpowder::war_app {

using report::Align;
using report::Table;

namespace {

void rating_tables(const war::Rules& R, const war::RatedForce& x, std::vector<Table>& tables) {
  const auto& r = x.rating;
  if (!r.bfr_lines.empty()) {
    Table t;
    t.name = "force-rating";
    t.context.push_back({"force", x.force.name});
    t.title = x.force.name + (r.method == "quick" ? ": quick battle rating (" + R.quick_source + ")"
                                                  : ": basic force rating B' (" + R.bfr_source + ")");
    t.add_column("factor", "Factor")
        .add_column("line", "Line")
        .add_column("input", "Input")
        .add_column("points", "Points", Align::right)
        .add_column("note", "Note");
    int total = 0;
    for (const auto& l : r.bfr_lines) {
      t.add_row({l.factor, l.label, l.input, std::to_string(l.points), l.note});
      total += l.points;
    }
    t.add_row({"", r.method == "quick" ? "BR" : "B'", "", std::to_string(total), ""});
    tables.push_back(std::move(t));
  }
  if (!r.statements.empty()) {
    Table t;
    t.name = "statements";
    t.context.push_back({"force", x.force.name});
    t.title = x.force.name + ": battle-rating statements (" + R.br_source + ")";
    t.add_column("letter", "#")
        .add_column("statement", "Statement")
        .add_column("measured", "Force", Align::left, report::Shown::people)
        .add_column("figure", "Figure", Align::right, report::Shown::programs)
        .add_column("counted", "Counted", Align::right, report::Shown::programs)
        .add_column("unit", "Unit", Align::left, report::Shown::programs)
        .add_column("given", "Given", Align::left, report::Shown::programs)
        .add_column("holds", "Holds");
    for (const auto& s : r.statements) {
      // given: the force lists its statements (yes), or its figure is measured (no), or neither (empty).
      t.add_row({std::string(1, s.letter), s.label + (s.in_seed ? "" : " (a documented reading)"), s.measured,
                 report::cell::trimmed(s.figure), report::cell::trimmed(s.counted), s.unit,
                 s.given ? "yes" : (s.figure ? "no" : ""), s.holds ? "yes" : "no"});
    }
    t.notes.push_back(std::to_string(r.statements_true) + " true x ceil(B'/" + std::to_string(R.br_bonus_divisor) +
                      ") = " + std::to_string(r.statements_true) + " x " + std::to_string(r.bonus_per_statement) +
                      " = +" + std::to_string(r.statements_true * r.bonus_per_statement));
    tables.push_back(std::move(t));
  }
}

Table summary_table(const std::vector<war::RatedForce>& forces) {
  Table t;
  t.title = "Forces";
  t.add_column("name", "Force")
      .add_column("troops", "Troops", Align::right)
      .add_column("method", "Rated by")
      .add_column("bfr", "BFR", Align::right)
      .add_column("troop_class", "Class")
      .add_column("statements_true", "Statements", Align::right)
      .add_column("br", "BR", Align::right);
  for (const auto& x : forces)
    t.add_row(
        {x.force.name, report::cell::integer(x.force.troops), x.rating.method, report::cell::integer(x.rating.bfr),
         opt_text_cell(x.rating.troop_class),
         x.rating.statements.empty() ? report::cell::none() : report::Cell(std::to_string(x.rating.statements_true)),
         std::to_string(x.rating.br)});
  return t;
}

}  // namespace

void setup_rate(CLI::App& cmd, Options& opt) { add_percent_option(cmd, opt); }

Expected<report::Report> run_rate(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  if (common.inputs.empty()) return cli::usage_error("rate", "give one or more TOML files with [[force]] tables");
  auto input = war::read_battle(R, common.inputs);
  if (!input) return input.error();
  // The statements' reading: the flag, else the files' [battle] statement_reading, else the data's.
  war::PercentReading reading = R.default_percent_reading;
  if (auto r = opt.percent_reading ? opt.percent_reading : input->settings.percent_reading)
    reading = *war::parse_percent_reading(*r);
  auto rated = war::rate_forces(R, input->forces, reading);
  if (!rated) return war::place_force_fields(rated.error(), *input);
  report::Report rep;
  const bool js = common.format == "json";
  if (!js) {
    rep.tables.push_back(summary_table(*rated));
    for (const auto& x : *rated) rating_tables(R, x, rep.tables);
  }
  json::Value arr = json::array();
  for (const auto& x : *rated) {
    if (js) arr.push(rating_json(x, std::nullopt));
    if (common.explain)
      for (const auto& l : x.rating.explain) rep.explain.push_back(l);
  }
  rep.json = json::document(kInfo.name, "rate", 2);
  rep.json.set("tool", kInfo.name);
  rep.json.set("command", "rate");
  rep.json.set("statement_reading", war::to_string(reading));
  rep.json.set("forces", std::move(arr));
  return rep;
}

}  // namespace gunpowder::war_app
