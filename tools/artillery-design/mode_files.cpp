// mode_files.cpp - artillery-design FILE...: the [[piece]] tables of TOML files (or "-").
//
// Every input is read in pieces of about 64 KiB on two threads (input::for_each_piece), each
// designed into a Part of its own; the parts are handed on in input order, so the output and the
// order of the errors do not depend on the cut. Reading errors are all reported before any design
// error, as for a file read whole.
//
// A batch (without --explain, --table or house rules) is not held at all: a first pass reads the
// inputs and designs every piece for its errors only; when there is none, the report's writer reads
// them again and writes each piece's row or JSON object as it is designed, in input order. Text,
// whose column widths need every row, reads them once more before (report::StreamedTable measures
// the rows), then once for each block of columns. Standard input is read once (input::Source: into
// a temporary file when it is large). --explain keeps the batch in memory.
#include <array>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "artillery-design/design_report.hpp"
#include "artillery-design/modes.hpp"
#include "artillery-design/pieces.hpp"
#include "artillery-design/specs.hpp"
#include "common/batch_pass.hpp"
#include "common/width.hpp"
#include "gunpowder/artillery/read_pieces.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/input/document.hpp"

namespace gunpowder::artillery_app {

namespace {

// Reads the pieces of one document and designs each into `part`; a rule error is placed at the
// key of the piece's table that it concerns.
void design_document(const artillery::Catalogue& cat, const Options& opt, const DesignSettings& s,
                     const input::Document& doc, Part& part) {
  std::vector<artillery::PieceInput> pieces = artillery::read_pieces(doc, cat, part.read_errors);
  if (!part.read_errors.empty()) return;
  part.items.reserve(pieces.size());
  for (auto& p : pieces) {
    artillery::Request& req = p.request;
    // Economy flags apply to every piece of the files unless a piece sets its own.
    if (opt.gunpowder != "historical" && !p.gunpowder_given) req.gunpowder = opt.gunpowder;
    if (opt.price_multiplier && !req.price_multiplier) req.price_multiplier = opt.price_multiplier;
    if (opt.powder_gp_per_lb && !req.powder_gp_per_lb) req.powder_gp_per_lb = opt.powder_gp_per_lb;
    req.rate_reading = *artillery::parse_rate_reading(opt.rate_reading);
    req.lb_per_stone = opt.stone_lb;
    const toml::table& table = *p.table;
    design_into(cat, std::move(req), s, part, pieces.size() == 1,
                [&](const Diagnostics& e) { return input::place_fields(e, doc, table); });
  }
}

// The inputs of a batch (input::Source: standard input is read once, however many passes read it).
using Inputs = std::vector<input::Source>;

Inputs sources(const std::vector<std::string>& paths) {
  Inputs out;
  out.reserve(paths.size());
  for (const auto& p : paths) out.push_back(input::Source::file(p));
  return out;
}

// How the batch is cut: at [[piece]] lines, two threads.
constexpr input::Cut kCut{"piece"};

// Reads one input into new parts appended to `parts`, in input order; a syntax error goes to
// `input_errors`. Returns the error that stops the run (an input that cannot be read), empty
// otherwise.
Diagnostics design_input(const artillery::Catalogue& cat, const Options& opt, const DesignSettings& s,
                         const input::Source& source, std::vector<Part>& parts, Diagnostics& input_errors) {
  auto r = input::for_each_piece(source, kCut,
                                 input::append_in_order(parts, kCut.threads, [&](const input::Document& doc, unsigned) {
                                   Part part;
                                   design_document(cat, opt, s, doc, part);
                                   return part;
                                 }));
  if (!r) return r.error();
  input_errors.append(r->invalid);
  return {};
}

// What the first pass over a batch found: its errors (reported as errors_of orders them) and the
// number of pieces.
struct Checked {
  Diagnostics input_errors, read_errors, design_errors;
  size_t pieces = 0, carriages = 0;
};

// The first pass over a batch to be streamed: every input read and each piece read and designed
// for its errors only, so that a batch with an error writes nothing. Returns the error that stops
// the run (an input that cannot be read).
Diagnostics check_inputs(const artillery::Catalogue& cat, const Options& opt, const DesignSettings& s,
                         const Inputs& inputs, Checked& c) {
  DesignSettings check = s;
  check.check_only = true;
  std::array<Part, 2> slots;
  for (const auto& source : inputs) {
    const Checked before = c;  // an input parsed whole after pieces of it were checked starts again
    auto r = input::for_each_piece(source, kCut,
                                   {[&](size_t, unsigned w, const input::Document& doc) {
                                      slots.at(w) = Part{};
                                      design_document(cat, opt, check, doc, slots.at(w));
                                    },
                                    [&](size_t, unsigned w) {
                                      const Part& p = slots.at(w);
                                      c.read_errors.append(p.read_errors);
                                      c.design_errors.append(p.design_errors);
                                      c.pieces += p.checked;
                                      c.carriages += p.carriages;
                                    },
                                    [&] {
                                      c = before;
                                      return true;
                                    }});
    if (!r) return r.error();
    c.input_errors.append(r->invalid);
  }
  return {};
}

// One piece of the input in a worker's hands: its errors (`part`, whose items stay empty: each
// designed piece goes to Part::emit) and its output, the pieces table's csv rows or the JSON
// objects of one of its arrays (report::JsonRows, each after its comma).
struct Slot {
  Part part;
  std::string text;
  std::vector<std::vector<report::Cell>> rows, carriages;  ///< text's first pass: the rows to measure
};

// What one pass of the streamed batch writes: the pieces table's csv rows, or the JSON objects
// of one of its arrays, "pieces" or "carriages".
enum class Pass { csv, json_pieces, json_carriages };

// Appends what `pass` writes of one designed piece to `text`, as soon as the piece is designed
// (Part::emit): its rows are not kept, so the memory they took is taken again by the next piece's.
// Holding a piece of the input's rows until it was rendered (the heap grew by about 4.7 MB for
// 64 KB of input) had the allocator hand that memory back to the system after every piece of the
// input and fault it in again for the next: the JSON of 150,000 pieces took a second of system
// time and nearly twice the CPU of csv.
void render_item(std::string& text, Pass pass, const DesignSettings& s, const report::Table& shape,
                 const report::JsonRows& json_rows, const Item& it) {
  if (pass == Pass::csv) {
    report::csv_row(text, shape, it.row, s.csv_formulas);
    return;
  }
  const auto& row = pass == Pass::json_pieces ? it.row : it.carriage;
  if (row.empty()) return;
  text += ",\n    ";
  json_rows.append(text, row);
}

// The JSON document of a batch, as the core renders it with its tables empty, cut where the rows
// of "pieces" and of "carriages" go: {before pieces, between the two, after carriages}.
std::array<std::string, 3> json_frame() {
  report::Report empty;
  empty.document = &pieces_document();
  const std::string whole = json::dump(report::render_json(empty, false));
  const std::string pieces = "\"pieces\": [", carriages = "\"carriages\": [";
  const size_t p = whole.find(pieces) + pieces.size(), c = whole.find(carriages) + carriages.size();
  return {whole.substr(0, p), whole.substr(p, c - p), whole.substr(c)};
}

// One pass over the inputs, each piece designed on two threads: `each(slot, item)` on the worker
// that designed it, as it is designed; then `done(slot)` for each piece of the input, in input order
// (one at a time). Returns the error that stops the run (an input that cannot be read, or one that
// changed since the first pass read it).
template <class Each, class Done>
Diagnostics design_pass(const artillery::Catalogue& cat, const Options& opt, const DesignSettings& s,
                        const Inputs& inputs, Each each, Done done) {
  std::array<Slot, 2> slots;
  for (const auto& source : inputs) {
    bool changed = false;
    auto r = input::for_each_piece(source, kCut,
                                   {[&](size_t, unsigned w, const input::Document& doc) {
                                      Slot& slot = slots.at(w);
                                      slot.part = Part{};
                                      slot.text.clear();
                                      slot.rows.clear();
                                      slot.carriages.clear();
                                      slot.part.emit = [&slot, &each](const Item& it) { each(slot, it); };
                                      design_document(cat, opt, s, doc, slot.part);
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

// One pass over the inputs, writing what `pass` asks for as the pieces are designed, on two
// threads, in input order. `first`: no row written yet (no comma before it).
Diagnostics stream_pass(std::ostream& os, Pass pass, const artillery::Catalogue& cat, const Options& opt,
                        const DesignSettings& s, const Inputs& inputs, const report::Table& shape) {
  const report::JsonRows json_rows(shape, 2);
  bool first = true;
  auto d = design_pass(
      cat, opt, s, inputs,
      [pass, &s, &shape, &json_rows](Slot& slot, const Item& it) {
        render_item(slot.text, pass, s, shape, json_rows, it);
      },
      [&](const Slot& slot) {
        const size_t skip = pass != Pass::csv && first && !slot.text.empty() ? 1 : 0;
        if (!slot.text.empty()) first = false;
        os.write(slot.text.data() + skip, static_cast<std::streamsize>(slot.text.size() - skip));
      });
  if (!d.empty()) return d;
  if (pass != Pass::csv && !first) os << "\n  ";
  return {};
}

// Text or markdown: the pieces table, then the chosen carriages' when a piece has one, as
// render_text and render_markdown lay them out. Text measures every row first (a pass over the
// inputs), then writes each block of columns in a pass of its own.
Diagnostics write_people(std::ostream& os, report::Format format, const artillery::Catalogue& cat, const Options& opt,
                         const DesignSettings& s, const Inputs& inputs, bool carriages) {
  const size_t width = cli::output_width(&os);
  report::StreamedTable pieces(summary_table({}, "Pieces"), format, width);
  std::optional<report::StreamedTable> mob;
  if (carriages) mob.emplace(carriages_table(), format, width);
  if (format == report::Format::text) {
    auto d = design_pass(
        cat, opt, s, inputs,
        [](Slot& slot, const Item& it) {
          slot.rows.push_back(it.row);
          if (!it.carriage.empty()) slot.carriages.push_back(it.carriage);
        },
        [&](const Slot& slot) {
          for (const auto& r : slot.rows) pieces.measure(r);
          if (mob)
            for (const auto& r : slot.carriages) mob->measure(r);
        });
    if (!d.empty()) return d;
  }
  const auto write_table = [&](report::StreamedTable& table, bool carriage) {
    return cli::write_blocks(os, table, [&](size_t k) {
      return design_pass(
          cat, opt, s, inputs,
          [&table, k, carriage](Slot& slot, const Item& it) {
            const auto& row = carriage ? it.carriage : it.row;
            if (!row.empty()) table.append_row(slot.text, k, row);
          },
          [&](const Slot& slot) { os << slot.text; });
    });
  };
  if (auto d = write_table(pieces, false); !d.empty()) return d;
  if (!mob) return {};
  os << '\n';
  return write_table(*mob, true);
}

// The output of the batch (csv or JSON) written as its pieces are designed; the first pass found
// no error. JSON streams the inputs once more for the chosen carriages when a piece has one.
Diagnostics write_pieces(std::ostream& os, const artillery::Catalogue& cat, const Options& opt, const DesignSettings& s,
                         const Inputs& inputs, bool carriages, report::Format format) {
  if (format == report::Format::text || format == report::Format::markdown)
    return write_people(os, format, cat, opt, s, inputs, carriages);
  const report::Table pieces = summary_table({}, "Pieces");
  if (!s.json_out) {
    os << report::csv_header(pieces);
    return stream_pass(os, Pass::csv, cat, opt, s, inputs, pieces);
  }
  const auto frame = json_frame();
  os << frame[0];
  if (auto d = stream_pass(os, Pass::json_pieces, cat, opt, s, inputs, pieces); !d.empty()) return d;
  os << frame[1];
  if (carriages)
    if (auto d = stream_pass(os, Pass::json_carriages, cat, opt, s, inputs, carriages_table()); !d.empty()) return d;
  os << frame[2];
  return {};
}

// A batch (without --explain) is streamed: checked first, then written as it is designed, so that
// memory does not grow with it. Nothing when it is not (--explain, --table, house rules, one piece
// in all): the caller reads it into memory.
std::optional<Expected<report::Report>> run_streamed(const data::Tables& tables, const artillery::Catalogue& cat,
                                                     const Options& opt, const DesignSettings& s,
                                                     const cli::CommonOptions& common,
                                                     const std::shared_ptr<const Inputs>& inputs) {
  // A streamed batch has no room for the house-rules table (with house rules it is built whole)
  // and writes the main table alone (another --table is chosen from the whole report).
  const auto format = report::parse_format(common.format);
  if (s.explain || !format || tables.house_rules_in_effect() || !common.table.empty()) return std::nullopt;
  Checked c;
  if (auto fatal = check_inputs(cat, opt, s, *inputs, c); !fatal.empty()) return Expected<report::Report>(fatal);
  Diagnostics errors = c.input_errors;  // as errors_of orders them
  errors.append(c.read_errors);
  if (errors.empty()) errors = c.design_errors;
  if (!errors.empty()) return Expected<report::Report>(errors);
  if (c.pieces < 2) return std::nullopt;
  report::Report rep;
  DesignSettings streamed = s;
  streamed.streamed = true;
  const bool carriages = c.carriages > 0;
  rep.write = [&cat, &opt, streamed, inputs, carriages, format = *format](std::ostream& os) {
    return write_pieces(os, cat, opt, streamed, *inputs, carriages, format);
  };
  return Expected<report::Report>(std::move(rep));
}

}  // namespace

Expected<report::Report> run_files(const data::Tables& tables, const artillery::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common) {
  if (opt.powder_lb || opt.shot_used_lb || opt.carriage || opt.era || opt.name)
    return cli::usage_error("",
                            "--powder-lb, --shot-used-lb, --carriage, --era and --name go with --type/--shot-lb; "
                            "in a file, give them as keys of each [[piece]]");
  const DesignSettings s = design_settings(opt, common);
  const auto inputs = std::make_shared<const Inputs>(sources(common.inputs));
  if (auto streamed = run_streamed(tables, cat, opt, s, common, inputs)) return std::move(*streamed);
  std::vector<Part> parts;
  Diagnostics input_errors;
  for (const auto& source : *inputs)
    if (auto fatal = design_input(cat, opt, s, source, parts, input_errors); !fatal.empty()) return fatal;
  if (auto errors = errors_of(parts, input_errors); !errors.empty()) return errors;
  return pieces_report(parts, s);
}

}  // namespace gunpowder::artillery_app
