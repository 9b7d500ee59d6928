// batch_pass.hpp - one pass over the inputs of a batch written as it is made (a streamed batch:
// siege-duration's structures, war-machine's rate), in pieces on the workers of input::for_each_piece.
#pragma once

#include <functional>
#include <ostream>
#include <utility>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/input/document.hpp"

namespace gunpowder::cli {

/// Reads `sources` in pieces cut as `cut`: `read(slot, piece)` on the worker that parsed the piece,
/// into that worker's slot (`slots` holds one per worker), returns whether the piece can be streamed;
/// then `done(slot)` for each piece in input order (one at a time), while every piece read could be.
/// `other` is set when one could not, or when an input was read whole after pieces of it were
/// handed on, or is not valid TOML; the pass then stops. `first`: the first pass, which finds that
/// out; a later pass (the writer's) that finds it instead returns "the input changed while it was
/// read" (exit 66). Returns the error that stops the run (an input that cannot be read).
template <class Slot, class Read, class Done>
Diagnostics batch_pass(const std::vector<input::Source>& sources, const input::Cut& cut, std::vector<Slot>& slots,
                       bool first, bool& other, Read read, Done done) {
  for (const auto& source : sources) {
    bool cut_failed = false;
    std::vector<char> streamable(slots.size(), 0);
    auto r = input::for_each_piece(
        source, cut,
        {[&](size_t, unsigned w, input::Document& doc) { streamable.at(w) = read(slots.at(w), doc) ? 1 : 0; },
         [&](size_t, unsigned w) {
           other = other || streamable.at(w) == 0;
           if (!other) done(slots.at(w));
         },
         [&] {
           cut_failed = true;
           return false;
         }});
    if (!r) return r.error();
    other = other || cut_failed || !r->invalid.empty();
    if (other && !first) {
      Diagnostics d;
      d.error(SourcePos{source.name()}, "the input changed while it was read", {}, ExitCode::no_input);
      return d;
    }
    if (other) break;
  }
  return {};
}

/// Writes a streamed table (text or markdown) once its rows are measured: each block of columns,
/// its head then `pass(k)`, a pass over the batch that writes the rows of block k; then its tail.
/// Returns the error of a pass.
template <class Pass>
Diagnostics write_blocks(std::ostream& os, report::StreamedTable& table, Pass pass) {
  const size_t blocks = table.blocks();
  for (size_t k = 0; k < blocks; ++k) {
    os << table.head(k);
    if (auto d = pass(k); !d.empty()) return d;
  }
  os << table.tail();
  return {};
}

/// The writer of a batch streamed in `format` (report::Report::write): `csv(os)`, `json(os)`, or
/// `people(os, format)` for text and markdown.
template <class Csv, class Json, class People>
std::function<Diagnostics(std::ostream&)> format_writer(report::Format format, Csv csv, Json json, People people) {
  return [format, csv = std::move(csv), json = std::move(json), people = std::move(people)](std::ostream& os) {
    switch (format) {
      case report::Format::csv:
        return csv(os);
      case report::Format::json:
        return json(os);
      default:
        return people(os, format);
    }
  };
}

}  // namespace gunpowder::cli
