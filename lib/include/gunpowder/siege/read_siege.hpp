// read_siege.hpp - reading a siege-duration input (the siege description) into the siege
// module's requests: [stronghold], [besieger] and [defender] (seed 000), [[structure]] tables
// (seed 001) and [siege_machine] with its two sides (seed 004). Strict: unknown keys, wrong types
// and out-of-range values are errors at file:line:col, every error of a file at once (exit 65).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/input/document.hpp"
#include "gunpowder/siege/siege.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "gunpowder/siege/structures.hpp"

namespace gunpowder::siege {

/// What one input file describes.
struct Request {
  std::optional<Siege> siege;             ///< when [stronghold], [besieger] and [defender] are given
  std::vector<StructureSpec> structures;  ///< [[structure]] tables (seed 001)
  std::optional<SmSetup> machine;         ///< [siege_machine] (seed 004)
  /// Siege Machine sides rated from a War Machine force table (attacker, defender).
  std::array<std::optional<war::Rating>, 2> machine_ratings;
  /// [siege_machine.attacker] bombardment_damage: the [besieger] park's bombardment adds to d.
  bool machine_bombardment = false;
  bool ranges_complete = false;  ///< every besieger piece has a range_yd (bombardment possible)
};

/// Reads and checks an input document. `use_pi`: round structures use pi unless they say
/// otherwise (--pi). Rule errors found later carry field paths from the document's root
/// ("besieger.artillery[2].range_yd"), placed by input::place_fields. A [siege_machine] is read
/// with the Siege Machine's and the War Machine's rules of `tables`.
Expected<Request> read_siege(const data::Tables& tables, const input::Document& doc, const Rules& rules,
                             const artillery::Catalogue& cat, bool use_pi);

}  // namespace gunpowder::siege
