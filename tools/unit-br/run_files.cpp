// run_files.cpp - unit-br FILE...: the [[unit]] tables of TOML files (or stdin), each rated and
// turned into its output as soon as it is read; every error of every unit is reported. Every input
// is read in pieces of about 64 KiB on two threads (input::for_each_piece), each rated into a Part
// of its own, handed on in input order. A batch (without --explain, --table or house rules) is not
// held: a first pass reads the inputs and rates every unit for its errors only; when there is none,
// the report's writer reads them again and writes each unit's row or JSON object as it is rated, in
// input order. Text, whose column widths need every row, reads them once more before
// (report::StreamedTable measures the rows), then once for each block of columns. Standard input is
// read once (input::Source: into a temporary file when it is large). --explain, and one unit in
// text or markdown (its detail tables), keep the batch in memory.
#include <array>
#include <memory>
#include <optional>
#include <ostream>
#include <unordered_map>
#include <utility>

#include "common/batch_pass.hpp"
#include "common/json_stream.hpp"
#include "common/width.hpp"
#include "gunpowder/units/read_units.hpp"
#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

namespace {

// Units whose tables hold only name, troop, race, troops and veteran are rated from those alone
// (and the command-line readings, the same for every unit): units that agree on them share one
// rating and one output, but for the name. One memo per worker thread (input::for_each_piece
// numbers them), kept across its pieces. A memo keeps the first kMemoEntries outputs it is given
// and no more, so that memory does not grow with a batch of units that all differ (a unit's JSON
// output, its detail tables, is about 30 KB: 60,000 units of as many troop counts held 1.7 GB).
using Memo = std::unordered_map<std::string, UnitOutput>;
constexpr size_t kMemoEntries = 256;

std::string memo_key(const units::Request& q) {
  std::string k;
  auto add = [&](std::string_view s) { k.append(std::to_string(s.size())).append(":").append(s); };
  if (q.troop)
    add(*q.troop);
  else
    k += '-';
  add(q.race);
  k += q.troops ? std::to_string(*q.troops) : std::string("-");
  k += q.veteran ? "|v" : "|-";
  k += q.name.empty() ? "|d" : "|n";
  return k;
}

// Rates one unit table into `part`; returns rate()'s errors (read_units places them). Once the
// part holds an error, units are still rated for their errors but give no output.
Diagnostics rate_unit(const data::Tables& tables, const units::Catalogue& cat, units::UnitTable& u, Part& part,
                      Memo& memo, const cli::CommonOptions& common) {
  const bool cacheable = !common.explain && u.identity_only;
  std::string key;
  if (cacheable) {
    key = memo_key(u.request);
    const auto it = memo.find(key);
    if (it != memo.end()) {
      if (part.errors.empty())
        add_output(part, it->second, u.request.name.empty() ? it->second.row.front().text : u.request.name, common);
      return {};
    }
  }
  auto r = units::rate(cat, u.request);
  if (!r) return r.error();
  if (!part.errors.empty()) return {};
  // A full memo takes no more: the output is then not copied for it.
  auto out = add_rating(part, tables, cat, std::move(*r), common, cacheable && memo.size() < kMemoEntries);
  if (out) memo.emplace(std::move(key), std::move(*out));
  return {};
}

// Reads and rates the units of one piece of the input into `part`, with the memo of its worker.
struct Rater {
  const data::Tables& tables;
  const units::Catalogue& cat;
  const units::Request& base;
  const cli::CommonOptions& common;
  std::array<Memo, 2> memos;
  void operator()(const input::Document& doc, Part& part, unsigned worker) {
    Memo& memo = memos.at(worker);
    units::read_units(doc, cat, base, part.errors,
                      [&](units::UnitTable& u) { return rate_unit(tables, cat, u, part, memo, common); });
  }
};

// The inputs of a batch (input::Source: standard input is read once, however many passes read it).
using Inputs = std::vector<input::Source>;

// How the batch is cut: at [[unit]] lines, two threads.
constexpr input::Cut kCut{"unit"};

// How the JSON of a streamed batch is written: in smaller pieces. A unit's JSON (its detail tables)
// is about 75 times its table: the rows of two 64 KiB pieces in flight took 80 MB. Every input but
// the smallest is cut so (an input under kChunkMinBytes, parsed whole by default, was one piece:
// 5,000 units, 190 KB, took 180 MB).
constexpr input::Cut kJsonCut{"unit", kCut.threads, input::kChunkBytes / 4, input::kChunkBytes / 4};

// The first pass over a batch to be streamed: every unit read and rated for its errors, which are
// gathered in input order into `errors`, after the errors of the inputs that are not valid TOML
// (as units_report orders them). Returns the error that stops the run (an input that cannot be
// read).
Diagnostics check_units(const data::Tables& tables, const units::Catalogue& cat, const units::Request& base,
                        const cli::CommonOptions& common, const Inputs& inputs, Diagnostics& errors, size_t& count) {
  // Cut as the writing pass will cut (JSON in smaller pieces): a file that cannot be cut safely
  // (a cut inside a multi-line string) is found here and read whole by both passes.
  const input::Cut& cut = report::parse_format(common.format) == report::Format::json ? kJsonCut : kCut;
  cli::CommonOptions rows_only = common;  // the errors are the same in every format; rows cost least
  rows_only.format = "csv";
  Rater rate{tables, cat, base, rows_only, {}};
  std::array<Part, 2> slots;
  Diagnostics invalid, found;
  for (const auto& source : inputs) {
    const Diagnostics before = found;  // an input parsed whole after pieces of it were rated starts again
    const size_t counted = count;
    auto r = input::for_each_piece(source, cut,
                                   {[&](size_t, unsigned w, const input::Document& doc) {
                                      slots.at(w) = Part{};
                                      rate(doc, slots.at(w), w);
                                    },
                                    [&](size_t, unsigned w) {
                                      found.append(slots.at(w).errors);
                                      count += slots.at(w).count;
                                    },
                                    [&] {
                                      found = before;
                                      count = counted;
                                      return true;
                                    }});
    if (!r) return r.error();
    invalid.append(r->invalid);
  }
  errors = invalid;
  errors.append(found);
  return {};
}

// The JSON of a part's units, one block per table of the document (render_json's text).
std::vector<std::string> part_json(const Part& part, const report::Table& shape, const cli::JsonDocumentStream& doc,
                                   size_t tables) {
  std::vector<std::string> blocks(tables);
  const report::JsonRows units(shape, 2);
  for (const auto& row : part.rows) {
    blocks[0] += ",\n    ";
    units.append(blocks[0], row);
  }
  for (const auto& t : part.details) cli::append_json_objects(blocks[doc.index(t.spec)], t);
  return blocks;
}

// A slot of a pass over the inputs: a piece's units rated (their rows, and the JSON's details), and
// the text of its output, one block per table of the document (csv, text, markdown: one).
using Slot = std::pair<Part, std::vector<std::string>>;

// One pass over the inputs cut as `cut`, each piece rated on two threads: `each(slot)` on the
// worker that rated it, then `done(slot)` for each piece of the input, in input order (one at a
// time). Returns the error that stops the run (an input that cannot be read, or one that changed
// since the first pass read it).
template <class Each, class Done>
Diagnostics rate_pass(Rater& rate, const Inputs& inputs, const input::Cut& cut, Each each, Done done) {
  std::array<Slot, 2> slots;
  for (const auto& source : inputs) {
    bool changed = false;
    auto r = input::for_each_piece(source, cut,
                                   {[&](size_t, unsigned w, const input::Document& d) {
                                      auto& slot = slots.at(w);
                                      slot.first = Part{};
                                      rate(d, slot.first, w);
                                      each(slot);
                                    },
                                    [&](size_t, unsigned w) { done(slots.at(w)); },
                                    [&] {
                                      changed = true;
                                      return false;
                                    }});
    if (!r) return r.error();
    if (changed || !r->invalid.empty()) {  // the first pass read it in pieces and without an error
      Diagnostics d;
      d.error(SourcePos{source.name()}, "the input changed while it was read", {}, ExitCode::no_input);
      return d;
    }
  }
  return {};
}

// Text or markdown: the units table as render_text and render_markdown lay it out. Text measures
// every row first (a pass over the inputs), then writes each block of columns in a pass of its own.
Diagnostics write_people(std::ostream& os, report::Format format, Rater& rate, const Inputs& inputs) {
  report::StreamedTable table(units_table(), format, cli::output_width(&os));
  if (format == report::Format::text) {
    auto d = rate_pass(
        rate, inputs, kCut, [](Slot&) {},
        [&](const Slot& slot) {
          for (const auto& row : slot.first.rows) table.measure(row);
        });
    if (!d.empty()) return d;
  }
  return cli::write_blocks(os, table, [&](size_t k) {
    return rate_pass(
        rate, inputs, kCut,
        [&table, k](Slot& slot) {
          slot.second.assign(1, std::string());
          for (const auto& row : slot.first.rows) table.append_row(slot.second[0], k, row);
        },
        [&](const Slot& slot) { os << slot.second[0]; });
  });
}

// The second pass: the units table (csv, text, markdown) or the units document (JSON), written as
// the units are rated, in input order; the first pass found no error.
Diagnostics write_units(std::ostream& os, const data::Tables& tables, const units::Catalogue& cat,
                        const units::Request& base, const cli::CommonOptions& common, const Inputs& inputs) {
  const auto format = report::parse_format(common.format).value_or(report::Format::text);
  Rater rate{tables, cat, base, common, {}};
  if (format == report::Format::text || format == report::Format::markdown)
    return write_people(os, format, rate, inputs);
  const bool want_json = format == report::Format::json;
  const report::Table shape = units_table();
  const report::DocumentSpec& spec = units_document();
  std::optional<cli::JsonDocumentStream> doc;
  if (want_json)
    doc.emplace(os, spec);
  else
    os << report::csv_header(shape);
  auto d = rate_pass(
      rate, inputs, want_json ? kJsonCut : kCut,
      [&](Slot& slot) {
        auto& [part, text] = slot;
        if (doc) {
          text = part_json(part, shape, *doc, spec.tables.size());
          return;
        }
        text.assign(1, std::string());
        report::csv_rows(text[0], shape, part.rows,
                         common.csv_formulas ? report::CsvFormulas::keep : report::CsvFormulas::guard);
      },
      [&](const Slot& slot) {
        const auto& text = slot.second;
        if (!doc) {
          os.write(text[0].data(), static_cast<std::streamsize>(text[0].size()));
          return;
        }
        for (size_t i = 0; i < text.size(); ++i) doc->write(i, text[i]);
      });
  if (!d.empty()) return d;
  if (doc) return doc->finish();
  return {};
}

// A batch (without --explain) is streamed: checked first, then written as it is rated, so that
// memory does not grow with it. Nothing when it is not (--explain, --table, house rules, one unit
// in text or markdown): the caller reads it into memory.
std::optional<Expected<report::Report>> run_streamed(const data::Tables& tables, const units::Catalogue& cat,
                                                     const units::Request& base, const cli::CommonOptions& common,
                                                     const std::shared_ptr<const Inputs>& inputs) {
  // A streamed batch has no room for the house-rules table: with house rules it is built whole.
  const auto format = report::parse_format(common.format);
  if (common.hold || common.explain || !format || tables.house_rules_in_effect() || !common.table.empty())
    return std::nullopt;
  Diagnostics errors;
  size_t count = 0;
  if (auto fatal = check_units(tables, cat, base, common, *inputs, errors, count); !fatal.empty())
    return Expected<report::Report>(fatal);
  if (!errors.empty()) return Expected<report::Report>(errors);
  // Text and markdown show one unit's detail tables: a unit alone is held.
  const bool people = *format == report::Format::text || *format == report::Format::markdown;
  if (people && count < 2) return std::nullopt;
  report::Report rep;
  rep.write = [&tables, &cat, base, &common, inputs](std::ostream& os) {
    return write_units(os, tables, cat, base, common, *inputs);
  };
  return Expected<report::Report>(std::move(rep));
}

}  // namespace

Expected<report::Report> run_files(const data::Tables& tables, const units::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common) {
  if (opt.race || opt.veteran || opt.troops || opt.name || !opt.reform_uhp_lost.empty())
    return cli::usage_error("",
                            "--race, --veteran, --troops, --name and --reform-uhp-lost go with --troop; in a file, "
                            "give them as keys of each [[unit]]");
  const units::Request base = readings(opt, common.explain);
  Inputs sources;
  for (const auto& p : common.inputs) sources.push_back(input::Source::file(p));
  const auto inputs = std::make_shared<const Inputs>(std::move(sources));
  if (auto streamed = run_streamed(tables, cat, base, common, inputs)) return std::move(*streamed);
  // Each piece of an input read and rated into its own Part, one memo per worker thread; the parts
  // are handed on in input order, so the output and the order of the errors do not depend on the
  // cut, and no more than a few pieces' parse trees are in memory at once.
  Rater rate{tables, cat, base, common, {}};
  std::vector<Part> parts;
  Diagnostics errors;
  for (const auto& source : *inputs) {
    auto r = input::for_each_piece(
        source, kCut, input::append_in_order(parts, kCut.threads, [&](const input::Document& doc, unsigned w) {
          Part part;
          rate(doc, part, w);
          return part;
        }));
    if (!r) return r.error();
    errors.append(r->invalid);
  }
  return units_report(tables, cat, parts, std::move(errors), common);
}

}  // namespace gunpowder::unit_app
