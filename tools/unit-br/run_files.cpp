// run_files.cpp - unit-br FILE...: the [[unit]] tables of TOML files (or stdin), each rated and
// turned into its output as soon as it is read; every error of every unit is reported. Every input
// is read in pieces of about 64 KiB on two threads (input::for_each_piece), each rated into a Part
// of its own, handed on in input order. A batch to csv or JSON (without --explain) is not held: a
// first pass reads the inputs and rates every unit for its errors only; when there is none, the
// report's writer reads them again and writes each unit's row or JSON object as it is rated, in
// input order. Standard input is read once (input::Source: into a temporary file when it is
// large). Text and markdown (whose column widths need every row) and --explain keep the batch in
// memory.
#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <ostream>
#include <unordered_map>
#include <utility>

#include "gunpowder/units/read_units.hpp"
#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

namespace {

// Units whose tables hold only name, troop, race, troops and veteran are rated from those alone
// (and the command-line readings, the same for every unit): units that agree on them share one
// rating and one output, but for the name. One memo per worker thread (input::for_each_piece
// numbers them), kept across its pieces.
using Memo = std::unordered_map<std::string, UnitOutput>;

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
  auto out = add_rating(part, tables, cat, std::move(*r), common, cacheable);
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
// is about 75 times its table: the rows of two 64 KiB pieces in flight took 80 MB.
constexpr input::Cut kJsonCut{"unit", kCut.threads, input::kChunkBytes / 4};

// The first pass over a batch to be streamed: every unit read and rated for its errors, which are
// gathered in input order into `errors`, after the errors of the inputs that are not valid TOML
// (as units_report orders them). Returns the error that stops the run (an input that cannot be
// read).
Diagnostics check_units(const data::Tables& tables, const units::Catalogue& cat, const units::Request& base,
                        const cli::CommonOptions& common, const Inputs& inputs, Diagnostics& errors) {
  cli::CommonOptions rows_only = common;  // the errors are the same in every format; rows cost least
  rows_only.format = "csv";
  Rater rate{tables, cat, base, rows_only, {}};
  std::array<Part, 2> slots;
  Diagnostics invalid, found;
  for (const auto& source : inputs) {
    const Diagnostics before = found;  // an input parsed whole after pieces of it were rated starts again
    auto r = input::for_each_piece(source, kCut,
                                   {[&](size_t, unsigned w, const input::Document& doc) {
                                      slots.at(w) = Part{};
                                      rate(doc, slots.at(w), w);
                                    },
                                    [&](size_t, unsigned w) { found.append(slots.at(w).errors); },
                                    [&] {
                                      found = before;
                                      return true;
                                    }});
    if (!r) return r.error();
    invalid.append(r->invalid);
  }
  errors = invalid;
  errors.append(found);
  return {};
}

// The JSON document of a streamed batch, written as the units are rated: the envelope, then each
// declared table's array. The units' rows go straight to the stream; the other tables' objects
// wait in a temporary file each (their arrays come after), so that memory does not grow with the
// batch. The text is render_json's.
class DocumentStream {
 public:
  DocumentStream(std::ostream& os, const report::DocumentSpec& doc) : os_(os), doc_(doc) {
    json::Value head = json::document(doc.tool, doc.name, doc.version);
    head.set("tool", std::string(doc.tool));
    std::string out = "{";
    for (const auto& [k, v] : head.object()) {
      out += out.size() == 1 ? "\n  " : ",\n  ";
      json::append_quoted(out, k);
      out += ": " + json::dump_at(v, 1);
    }
    os_.write(out.data(), static_cast<std::streamsize>(out.size()));
    spill_.resize(doc.tables.size());
    any_.resize(doc.tables.size(), false);
    open(0);
  }
  DocumentStream(const DocumentStream&) = delete;
  DocumentStream& operator=(const DocumentStream&) = delete;
  ~DocumentStream() {
    for (FILE* f : spill_)
      if (f) std::fclose(f);
  }
  /// The index of the table of `spec` in the document.
  size_t index(const report::TableSpec* spec) const {
    for (size_t i = 0; i < doc_.tables.size(); ++i)
      if (doc_.tables[i] == spec) return i;
    return 0;
  }
  /// Writes a block of objects of table `i` (each after ",\n    "), after those written before.
  bool write(size_t i, const std::string& block) {
    if (block.empty()) return true;
    const size_t skip = any_[i] ? 0 : 1;  // the first object of an array has no comma before it
    any_[i] = true;
    if (i == 0) {
      os_.write(block.data() + skip, static_cast<std::streamsize>(block.size() - skip));
      return true;
    }
    if (!spill_[i]) spill_[i] = std::tmpfile();
    return spill_[i] && std::fwrite(block.data() + skip, 1, block.size() - skip, spill_[i]) == block.size() - skip;
  }
  /// Closes the units' array and writes the other tables' arrays; false when a temporary file failed.
  bool finish() {
    close(0);
    std::vector<char> buf(1 << 16);
    for (size_t i = 1; i < doc_.tables.size(); ++i) {
      open(i);
      if (FILE* f = spill_[i]) {
        std::rewind(f);
        size_t n = 0;
        while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0)
          os_.write(buf.data(), static_cast<std::streamsize>(n));
        if (std::ferror(f)) return false;
      }
      close(i);
    }
    os_.write("\n}\n", 3);
    return true;
  }

 private:
  void open(size_t i) {
    std::string out = ",\n  ";
    json::append_quoted(out, report::json_key(doc_.tables[i]->name));
    out += ": [";
    os_.write(out.data(), static_cast<std::streamsize>(out.size()));
  }
  void close(size_t i) {
    const char* end = any_[i] ? "\n  ]" : "]";
    os_.write(end, static_cast<std::streamsize>(std::char_traits<char>::length(end)));
  }
  std::ostream& os_;
  const report::DocumentSpec& doc_;
  std::vector<FILE*> spill_;
  std::vector<bool> any_;
};

// The JSON of a part's units, one block per table of the document (render_json's text).
std::vector<std::string> part_json(const Part& part, const report::Table& shape, const DocumentStream& doc,
                                   size_t tables) {
  std::vector<std::string> blocks(tables);
  const report::JsonRows units(shape, 2);
  for (const auto& row : part.rows) {
    blocks[0] += ",\n    ";
    units.append(blocks[0], row);
  }
  for (const auto& t : part.details) {
    std::string& b = blocks[doc.index(t.spec)];
    if (t.spec->layout == report::Layout::record) {
      b += ",\n    ";
      report::append_json_record(b, t, 2);
      continue;
    }
    const report::JsonRows rows(t, 2);
    for (const auto& row : t.rows) {
      b += ",\n    ";
      rows.append(b, row);
    }
  }
  return blocks;
}

// The second pass: the units table (csv) or the units document (JSON), written as the units are
// rated, in input order; the first pass found no error.
Diagnostics write_units(std::ostream& os, const data::Tables& tables, const units::Catalogue& cat,
                        const units::Request& base, const cli::CommonOptions& common, const Inputs& inputs) {
  const bool want_json = common.format == "json";
  const report::Table shape = units_table();
  const report::DocumentSpec& spec = units_document();
  std::optional<DocumentStream> doc;
  if (want_json)
    doc.emplace(os, spec);
  else
    os << report::csv_header(shape);
  Rater rate{tables, cat, base, common, {}};
  std::array<std::pair<Part, std::vector<std::string>>, 2> slots;
  bool spilled = true;
  for (const auto& source : inputs) {
    bool changed = false;
    auto r = input::for_each_piece(source, want_json ? kJsonCut : kCut,
                                   {[&](size_t, unsigned w, const input::Document& d) {
                                      auto& [part, text] = slots.at(w);
                                      part = Part{};
                                      rate(d, part, w);
                                      if (doc) {
                                        text = part_json(part, shape, *doc, spec.tables.size());
                                        return;
                                      }
                                      text.assign(1, std::string());
                                      report::csv_rows(
                                          text[0], shape, part.rows,
                                          common.csv_formulas ? report::CsvFormulas::keep : report::CsvFormulas::guard);
                                    },
                                    [&](size_t, unsigned w) {
                                      const auto& text = slots.at(w).second;
                                      if (!doc) {
                                        os.write(text[0].data(), static_cast<std::streamsize>(text[0].size()));
                                        return;
                                      }
                                      for (size_t i = 0; i < text.size(); ++i)
                                        spilled = doc->write(i, text[i]) && spilled;
                                    },
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
  if (doc && !(doc->finish() && spilled)) {
    Diagnostics d;
    d.error(SourcePos{"<output>"}, "cannot write a temporary file of the JSON output", {}, ExitCode::io_error);
    return d;
  }
  return {};
}

// A batch to csv or JSON (without --explain) is streamed: checked first, then written as it is
// rated, so that memory does not grow with it. Nothing when it is not (another format): the caller
// reads it into memory.
std::optional<Expected<report::Report>> run_streamed(const data::Tables& tables, const units::Catalogue& cat,
                                                     const units::Request& base, const cli::CommonOptions& common,
                                                     const std::shared_ptr<const Inputs>& inputs) {
  // A streamed batch has no room for the house-rules table: with house rules it is built whole.
  if (common.explain || (common.format != "csv" && common.format != "json") || tables.house_rules_in_effect() ||
      !common.table.empty())
    return std::nullopt;
  Diagnostics errors;
  if (auto fatal = check_units(tables, cat, base, common, *inputs, errors); !fatal.empty())
    return Expected<report::Report>(fatal);
  if (!errors.empty()) return Expected<report::Report>(errors);
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
