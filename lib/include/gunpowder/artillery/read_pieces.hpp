// read_pieces.hpp - reading a user's [[piece]] tables (artillery-design's input files) into
// artillery::Request, with the strict input::TableReader: unknown keys, wrong types and values
// out of range are errors at file:line:col.
#pragma once

#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/input/document.hpp"

namespace gunpowder::artillery {

/// One [[piece]] table: the request it describes and the table itself, under which the rule
/// errors of design() (whose fields are the table's keys: "shot_lb", "powder_lb", ...) are
/// placed with input::place_fields.
struct PieceInput {
  Request request;
  const toml::table* table = nullptr;
  bool gunpowder_given = false;  ///< the table sets `gunpowder` (else request.gunpowder is "historical")
};

/// Reads the [[piece]] tables of `doc` (the only top-level key allowed): name, type, shot_lb,
/// powder_lb, shot_used_lb, carriage, era, gunpowder, price_multiplier, powder_gp_per_lb.
/// Every error is added to `diags`; a table without a valid shot_lb is left out. The limits of
/// price_multiplier and powder_gp_per_lb are those of `cat`'s economy rules.
std::vector<PieceInput> read_pieces(const input::Document& doc, const Catalogue& cat, Diagnostics& diags);

}  // namespace gunpowder::artillery
