// rate_stream.cpp - war-machine rate on a batch of [[force]] files, written as it is made
// (report::Report::write), in every format.
//
// Forces given in files alone (no --force), without --explain, --table or house rules, are not
// held: each input is read in pieces of about 64 KiB on two threads (input::for_each_piece, cut at
// [[force]] lines), each piece read by war::read_battle and its forces rated (war::rate_forces) and
// turned into rows, handed on in input order. A first pass reads and rates every force; when it
// found an error or a [battle] table (whose settings the last file's decides), the inputs are read
// whole and run as any other (so every error is reported as it is today). Else the report's writer
// reads them again and writes each force's rows as they are made: csv the table of forces; JSON
// every array (cli::JsonDocumentStream); text and markdown the table of forces (text: measured in a
// pass of its own, then each block of columns in a pass of its own, report::StreamedTable), then
// each force's own tables in a last pass. Standard input is read once (input::Source).
#include <array>
#include <memory>
#include <ostream>
#include <utility>
#include <vector>

#include "common/batch_pass.hpp"
#include "common/json_stream.hpp"
#include "common/width.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

namespace {

// How a batch is cut: at [[force]] lines, two threads.
constexpr input::Cut kForceCut{"force"};

// What a streamed batch reads and how (kept by the report's writer).
struct RateBatch {
  const war::Rules& R;
  war::PercentReading reading;
  war::Ruled reading_ruled;
  std::vector<input::Source> sources;
};

// What a pass makes of each force.
enum class Make { rows, tables, both };

// A worker's piece of the input: its forces' rows in the table of forces, their own tables (when
// asked) and the text it writes.
struct RateSlot {
  report::Table forces{specs::rate_forces()};
  std::vector<report::Table> tables;
  std::array<std::string, 3> text;  ///< forces, force ratings, statements
};

// Reads and rates one piece into `slot`; false when it cannot be streamed (an error, a [battle]).
bool rate_piece(const RateBatch& b, input::Document& doc, Make make, RateSlot& slot) {
  slot.forces.rows.clear();
  slot.tables.clear();
  for (auto& t : slot.text) t.clear();
  std::vector<input::Document> one;
  one.push_back(std::move(doc));
  auto in = war::read_battle(b.R, std::vector<input::Source>{}, std::move(one));
  if (!in || in->settings.present) return false;
  auto rated = war::rate_forces(b.R, in->forces, b.reading, b.reading_ruled);
  if (!rated) return false;
  if (make != Make::tables) add_rate_rows(slot.forces, *rated);
  if (make != Make::rows)
    for (const auto& x : *rated) rating_tables(b.R, x, specs::force_rating(), specs::statements(), slot.tables);
  return true;
}

// One pass over the inputs (cli::batch_pass): `each(slot)` on the worker that read a piece (false:
// it cannot be streamed), then `done(slot)` for each piece in input order. `first`: the check,
// which sets `other` when the inputs cannot be streamed; a writer's pass that finds it so returns
// an error.
template <class Each, class Done>
Diagnostics force_pass(const RateBatch& b, Make make, bool first, bool& other, Each each, Done done) {
  std::vector<RateSlot> slots(kForceCut.threads);
  return cli::batch_pass(
      b.sources, kForceCut, slots, first, other,
      [&](RateSlot& slot, input::Document& doc) { return rate_piece(b, doc, make, slot) && each(slot); }, done);
}

// A pass of the writer (see force_pass).
template <class Each, class Done>
Diagnostics write_forces_pass(const RateBatch& b, Make make, Each each, Done done) {
  bool other = false;
  return force_pass(
      b, make, false, other,
      [&](RateSlot& slot) {
        each(slot);
        return true;
      },
      done);
}

// The first pass: every force read and rated, its rows and tables made and their figures checked.
// True when the batch can be streamed (no error, no [battle], no figure out of range, two forces or
// more).
bool check_forces(const RateBatch& b) {
  bool other = false;
  size_t count = 0;
  auto d = force_pass(
      b, Make::both, true, other,
      [](const RateSlot& slot) {
        // A figure out of its kind's range is reported as for a report held (report::figure_out_of_range).
        report::Report one;
        one.tables = slot.tables;
        one.tables.push_back(slot.forces);
        return !report::figure_out_of_range(one).has_value();
      },
      [&](const RateSlot& slot) { count += slot.forces.rows.size(); });
  return d.empty() && !other && count >= 2;
}

// The settings table (for programs): the statements' reading.
report::Table settings_of(const RateBatch& b) {
  report::Table t(specs::rate_settings());
  t.add_row({war::to_string(b.reading)}, source_of(b.reading_ruled));
  return t;
}

// csv: the table of forces (the report's main table).
Diagnostics write_rate_csv(std::ostream& os, const RateBatch& b, report::CsvFormulas formulas) {
  const report::Table frame(specs::rate_forces());
  os << report::csv_header(frame);
  return write_forces_pass(
      b, Make::rows, [&](RateSlot& slot) { report::csv_rows(slot.text[0], slot.forces, slot.forces.rows, formulas); },
      [&](const RateSlot& slot) { os << slot.text[0]; });
}

// JSON: the settings, then the forces' array written as they are rated (their ratings' and
// statements' arrays wait in temporary files until theirs opens).
Diagnostics write_rate_json(std::ostream& os, const RateBatch& b) {
  cli::JsonDocumentStream doc(os, specs::rate_document());
  const report::Table settings = settings_of(b);
  std::string block;
  cli::append_json_objects(block, settings);
  doc.write(doc.index(settings.spec), block);
  const size_t forces = doc.index(&specs::rate_forces());
  const std::array<size_t, 2> detail{doc.index(&specs::force_rating()), doc.index(&specs::statements())};
  doc.open_through(forces);
  auto d = write_forces_pass(
      b, Make::both,
      [&](RateSlot& slot) {
        cli::append_json_objects(slot.text[0], slot.forces);
        for (const auto& t : slot.tables)
          cli::append_json_objects(slot.text[t.spec == &specs::statements() ? 2 : 1], t);
      },
      [&](const RateSlot& slot) {
        doc.write(forces, slot.text[0]);
        for (size_t k = 0; k < detail.size(); ++k) doc.write(detail[k], slot.text[k + 1]);
      });
  if (!d.empty()) return d;
  return doc.finish();
}

// Text or markdown: the table of forces as render_text and render_markdown lay it out alone (text
// measures its rows first, a pass, then writes each block of columns in a pass of its own), then
// each force's tables, each laid out by itself, a blank line between tables.
Diagnostics write_rate_people(std::ostream& os, report::Format format, const RateBatch& b) {
  const size_t width = cli::output_width(&os);
  report::StreamedTable table(report::Table(specs::rate_forces()), format, width);
  if (format == report::Format::text) {
    auto d = write_forces_pass(
        b, Make::rows, [](RateSlot&) {},
        [&](const RateSlot& slot) {
          for (const auto& row : slot.forces.rows) table.measure(row);
        });
    if (!d.empty()) return d;
  }
  if (auto d = cli::write_blocks(os, table,
                                 [&](size_t k) {
                                   return write_forces_pass(
                                       b, Make::rows,
                                       [&table, k](RateSlot& slot) {
                                         for (const auto& row : slot.forces.rows)
                                           table.append_row(slot.text[0], k, row);
                                       },
                                       [&](const RateSlot& slot) { os << slot.text[0]; });
                                 });
      !d.empty())
    return d;
  bool any = table.blocks() > 0;
  return write_forces_pass(
      b, Make::tables,
      [&](RateSlot& slot) {
        slot.text[1] = format == report::Format::text ? report::render_text(slot.tables, width)
                                                      : report::render_markdown(slot.tables);
      },
      [&](const RateSlot& slot) {
        if (slot.text[1].empty()) return;
        if (any) os << '\n';
        any = true;
        os << slot.text[1];
      });
}

}  // namespace

std::optional<report::Report> run_rate_streamed(const war::Rules& R, const Options& opt,
                                                const cli::CommonOptions& common,
                                                const std::vector<input::Source>& sources) {
  const auto format = report::parse_format(common.format);
  if (sources.empty() || !opt.force_flags.empty() || common.explain || !format || opt.house_rules ||
      !common.table.empty())
    return std::nullopt;
  const auto [reading, reading_ruled] = rate_reading(R, opt, std::nullopt);
  auto b = std::make_shared<const RateBatch>(RateBatch{R, reading, reading_ruled, sources});
  if (!check_forces(*b)) return std::nullopt;
  const auto formulas = common.csv_formulas ? report::CsvFormulas::keep : report::CsvFormulas::guard;
  report::Report rep;
  rep.document = &specs::rate_document();
  rep.write = cli::format_writer(
      *format, [b, formulas](std::ostream& os) { return write_rate_csv(os, *b, formulas); },
      [b](std::ostream& os) { return write_rate_json(os, *b); },
      [b](std::ostream& os, report::Format people) { return write_rate_people(os, people, *b); });
  return rep;
}

}  // namespace gunpowder::war_app
