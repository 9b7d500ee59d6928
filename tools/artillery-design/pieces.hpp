// pieces.hpp - designing the pieces a user asks for (from flags or [[piece]] tables) and the
// report of them, shared by mode_piece.cpp and mode_files.cpp.
//
// Each piece is designed as soon as it is read and turned at once into what the output needs (its
// rows of the pieces and chosen-carriages tables), so that no file's designs are held in memory. A
// file streamed in chunks fills one Part per chunk; parts are joined in input order.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "artillery-design/artillery_app.hpp"

#include "gunpowder/core/explain.hpp"

namespace gunpowder::artillery_app {

/// One designed piece, as the output needs it.
struct Item {
  std::optional<artillery::Design> design;  ///< kept for a piece that may be the only one (its detailed tables)
  std::vector<report::Cell> row, carriage;  ///< its rows of the pieces and chosen-carriages tables
  report::Steps explain;
};

/// The pieces of one input (a file, or a chunk of a streamed file) and its errors.
struct Part {
  Diagnostics read_errors, design_errors;
  std::vector<Item> items;
  size_t checked = 0;    ///< pieces designed without errors, with DesignSettings::check_only
  size_t carriages = 0;  ///< of those, the pieces with a chosen carriage
  /// When set, each designed piece is handed to it as soon as it is made instead of being kept in
  /// `items`: a streamed batch writes its rows at once, and the memory of one piece's rows is
  /// reused by the next.
  std::function<void(const Item&)> emit;
};

/// How a tool's request becomes a design: the settings every piece shares.
struct DesignSettings {
  bool formula = false;     ///< --formula
  bool explain = false;     ///< --explain
  bool json_out = false;    ///< --format json
  bool check_only = false;  ///< design for the errors only, and count: no output is made or kept
  bool streamed = false;    ///< the output is written as it is made (its items are not kept)
  report::CsvFormulas csv_formulas = report::CsvFormulas::guard;  ///< --csv-formulas
};
DesignSettings design_settings(const Options& opt, const cli::CommonOptions& common);

/// Places the field errors of a design (input::place_fields or cli::place_on_flags).
using Placer = std::function<Diagnostics(const Diagnostics&)>;

/// Designs `req` into `part`: a design error is placed and kept in part.design_errors; after the
/// first error of a part, later pieces are checked but no longer kept. `keep`: the piece may be the
/// only one, whose Design is kept for its detailed tables.
void design_into(const artillery::Catalogue& cat, artillery::Request req, const DesignSettings& s, Part& part,
                 bool keep, const Placer& place);

/// Every error of the parts: the reading errors first, and the design errors only when nothing
/// failed to read (as for a file read whole).
Diagnostics errors_of(const std::vector<Part>& parts, const Diagnostics& input_errors);

/// The report of the designed pieces (the pieces document): one piece's detailed tables, or the
/// pieces table and the chosen carriages. Consumes the items.
report::Report pieces_report(std::vector<Part>& parts, const DesignSettings& s);

}  // namespace gunpowder::artillery_app
