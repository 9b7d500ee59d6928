// structures_stream.cpp - siege-duration --method structures (or all) on a batch of [[structure]] tables,
// written as it is made (report::Report::write), in every format.
//
// An input of [[structure]] tables alone (a file or standard input), with --method structures or
// all (the default), without --explain, --table, --battery or house rules, is not held (unless
// the caller keeps the report: cli::CommonOptions::hold): it is read in pieces of about 64 KiB on
// two threads (input::for_each_piece, cut at [[structure]] lines), each piece read by siege::read_siege and its
// structures turned into rows (StructureTables, as run_structures makes them), handed on in input
// order. A first pass reads every structure; when it found an error, or a table other than
// [[structure]], the input is read whole and run as any other (so every error is reported as it
// is today). Else the report's writer reads the input again and writes each structure's rows as
// they are made: csv the strength points; JSON every array of the document (cli::JsonDocumentStream);
// text the strength points' and the cannon lost's rows measured in a pass of their own, then each
// block of columns in a pass of its own (report::StreamedTable). Standard input is read once
// (input::Source: into a temporary file when it is large).
#include <array>
#include <memory>
#include <ostream>
#include <utility>
#include <vector>

#include "common/batch_pass.hpp"
#include "common/json_stream.hpp"
#include "common/width.hpp"
#include "gunpowder/input/document.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

namespace {

// How the batch is cut: at [[structure]] lines, two threads.
constexpr input::Cut kStructureCut{"structure"};

// What a streamed batch reads and how it reads it (kept by the report's writer).
struct Batch {
  const data::Tables& run_tables;
  const siege::Rules& rules;
  const artillery::Catalogue& cat;
  bool pi = false;
  std::string method;
  std::vector<input::Source> sources;  ///< the one input
  bool cannon = false;                 ///< a structure has cannon: the cannon lost is shown
};

// A worker's piece of the input: its structures' rows and the text it writes (one block per table).
struct Slot {
  explicit Slot(const Batch& b) : rows(b.run_tables, b.rules) {}
  StructureTables rows;
  std::array<std::string, 3> text;  ///< points, cannon lost, cannon loss
};

// Reads one piece into `slot`, its structures' rows; false when it cannot be streamed (an error,
// a table other than [[structure]]).
bool read_piece(const Batch& b, const input::Document& doc, Slot& slot) {
  slot.rows.clear_rows();
  for (auto& t : slot.text) t.clear();
  auto in = siege::read_siege(b.run_tables, doc, b.rules, b.cat, b.pi);
  if (!in || in->siege || in->machine) return false;
  for (const auto& s : in->structures) {
    siege::StructurePoints p = siege::strength_points(b.rules.structures, s);
    p.explain = {};
    slot.rows.add(s, p);
  }
  return true;
}

// One pass over the input (cli::batch_pass): `each(slot)` on the worker that read a piece, then
// `done(slot)` for each piece in input order. `first`: the check, which sets `other` when the
// input cannot be streamed; a writer's pass that finds it so returns an error.
template <class Each, class Done>
Diagnostics structure_pass(const Batch& b, bool first, bool& other, Each each, Done done) {
  std::vector<Slot> slots;
  slots.reserve(kStructureCut.threads);
  for (unsigned w = 0; w < kStructureCut.threads; ++w) slots.emplace_back(b);
  return cli::batch_pass(
      b.sources, kStructureCut, slots, first, other,
      [&](Slot& slot, const input::Document& doc) { return read_piece(b, doc, slot) && each(slot); }, done);
}

// A pass of the writer (see structure_pass).
template <class Each, class Done>
Diagnostics write_pass(const Batch& b, Each each, Done done) {
  bool other = false;
  return structure_pass(
      b, false, other,
      [&](Slot& slot) {
        each(slot);
        return true;
      },
      done);
}

// The first pass: every structure read, its rows made and their figures checked. True when the
// batch can be streamed (no error, no other table, no figure out of range, two structures or more).
bool check_batch(Batch& b) {
  bool other = false;
  size_t count = 0;
  bool cannon = false;
  auto d = structure_pass(
      b, true, other,
      [](const Slot& slot) {
        // A figure out of its kind's range is reported as for a report held (report::figure_out_of_range).
        report::Report one;
        one.tables = {slot.rows.points, slot.rows.lost, slot.rows.loss};
        return !report::figure_out_of_range(one).has_value();
      },
      [&](const Slot& slot) {
        count += slot.rows.points.rows.size();
        cannon = cannon || !slot.rows.lost.rows.empty();
      });
  b.cannon = cannon;
  return d.empty() && !other && count >= 2;
}

// The tables the batch's report has besides the structures', for programs: the run and the methods,
// as run_methods fills them for an input of [[structure]] tables alone: with --method all (the
// default), the methods that need a siege or a [siege_machine] skipped around the structures' row.
std::vector<report::Table> input_tables(const Batch& b) {
  std::vector<report::Table> out{table_of(tables::run()), table_of(tables::methods())};
  out[0].add_row({b.sources.front().name(), b.method});
  const bool all = b.method == "all";
  if (all)
    for (const char* m : {"simplified", "bombardment", "duel"})
      out[1].add_row({m, report::cell::boolean(false), "no [stronghold], [besieger] and [defender]"});
  out[1].add_row({"structures", report::cell::boolean(true), report::cell::none()});
  if (all) out[1].add_row({"siege-machine", report::cell::boolean(false), "no [siege_machine]"});
  return out;
}

// csv: the strength points (the report's main table).
Diagnostics write_csv(std::ostream& os, const Batch& b, report::CsvFormulas formulas) {
  const StructureTables frame(b.run_tables, b.rules);
  os << report::csv_header(frame.points);
  return write_pass(
      b, [&](Slot& slot) { report::csv_rows(slot.text[0], slot.rows.points, slot.rows.points.rows, formulas); },
      [&](const Slot& slot) { os << slot.text[0]; });
}

// JSON: the document's arrays in order; the structures' three arrays filled as they are made
// (the cannon lost's and the cannon loss's wait in temporary files until theirs opens).
Diagnostics write_json(std::ostream& os, const Batch& b) {
  const StructureTables frame(b.run_tables, b.rules);
  cli::JsonDocumentStream doc(os, tables::document());
  for (const auto& t : input_tables(b)) {
    std::string block;
    cli::append_json_objects(block, t);
    doc.write(doc.index(t.spec), block);
  }
  const std::array<size_t, 3> index{doc.index(frame.points.spec), doc.index(frame.lost.spec),
                                    doc.index(frame.loss.spec)};
  doc.open_through(index[0]);
  auto d = write_pass(
      b,
      [&](Slot& slot) {
        cli::append_json_objects(slot.text[0], slot.rows.points);
        cli::append_json_objects(slot.text[1], slot.rows.lost);
        cli::append_json_objects(slot.text[2], slot.rows.loss);
      },
      [&](const Slot& slot) {
        for (size_t k = 0; k < index.size(); ++k) doc.write(index[k], slot.text[k]);
      });
  if (!d.empty()) return d;
  std::string gates;
  cli::append_json_objects(gates, frame.gates);
  doc.write(doc.index(frame.gates.spec), gates);
  return doc.finish();
}

// Text or markdown: the strength points, the cannon lost (when a structure has cannon), the gates
// and doors, each laid out as render_text and render_markdown lay out a table by itself, a blank
// line between them. Text measures the rows first (a pass), then writes each block of columns in a
// pass of its own.
Diagnostics write_people(std::ostream& os, report::Format format, const Batch& b) {
  const size_t width = cli::output_width(&os);
  const StructureTables frame(b.run_tables, b.rules);
  report::StreamedTable points(frame.points, format, width), lost(frame.lost, format, width);
  if (format == report::Format::text) {
    auto d = write_pass(
        b, [](Slot&) {},
        [&](const Slot& slot) {
          for (const auto& row : slot.rows.points.rows) points.measure(row);
          for (const auto& row : slot.rows.lost.rows) lost.measure(row);
        });
    if (!d.empty()) return d;
  }
  const auto write_table = [&](report::StreamedTable& table, size_t which) {
    return cli::write_blocks(os, table, [&](size_t k) {
      return write_pass(
          b,
          [&table, k, which](Slot& slot) {
            const auto& rows = which == 0 ? slot.rows.points.rows : slot.rows.lost.rows;
            for (const auto& row : rows) table.append_row(slot.text[which], k, row);
          },
          [&](const Slot& slot) { os << slot.text[which]; });
    });
  };
  if (auto d = write_table(points, 0); !d.empty()) return d;
  if (b.cannon && lost.blocks() > 0) {
    os << '\n';
    if (auto d = write_table(lost, 1); !d.empty()) return d;
  }
  const std::vector<report::Table> gates{frame.gates};
  const std::string rest =
      format == report::Format::text ? report::render_text(gates, width) : report::render_markdown(gates);
  if (!rest.empty()) os << '\n' << rest;
  return {};
}

}  // namespace

std::optional<Expected<report::Report>> run_structures_streamed(const data::Tables& run_tables,
                                                                const siege::Rules& rules,
                                                                const artillery::Catalogue& cat, const Options& opt,
                                                                const cli::CommonOptions& common,
                                                                const input::Source& source) {
  const auto format = report::parse_format(common.format);
  if ((opt.method != "structures" && opt.method != "all") || common.hold || common.explain || !format ||
      run_tables.house_rules_in_effect() || !common.table.empty() || opt.battery)
    return std::nullopt;
  auto b = std::make_shared<Batch>(Batch{run_tables, rules, cat, opt.pi, opt.method, {source}});
  if (!check_batch(*b)) return std::nullopt;
  const auto formulas = common.csv_formulas ? report::CsvFormulas::keep : report::CsvFormulas::guard;
  report::Report rep;
  rep.document = &tables::document();
  rep.write = cli::format_writer(
      *format, [b, formulas](std::ostream& os) { return write_csv(os, *b, formulas); },
      [b](std::ostream& os) { return write_json(os, *b); },
      [b](std::ostream& os, report::Format people) { return write_people(os, people, *b); });
  return Expected<report::Report>(std::move(rep));
}

}  // namespace gunpowder::siege_app
