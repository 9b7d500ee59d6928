// modes.hpp - artillery-design's five modes, one file each: a piece from flags (mode_piece.cpp),
// [[piece]] tables from files (mode_files.cpp), the book's catalogue (mode_catalogue.cpp), the
// formulas against the book (mode_compare.cpp) and the gunpowder economies with their worked
// examples (mode_economies.cpp). run() in artillery_app.cpp picks one.
#pragma once

#include "artillery-design/artillery_app.hpp"

namespace gunpowder::artillery_app {

/// --type/--shot-lb and the other piece flags: one piece, in detailed tables.
Expected<report::Report> run_piece(const artillery::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common);
/// TOML files of [[piece]] tables (or "-"): every piece, in the pieces table (detailed tables for one).
Expected<report::Report> run_files(const data::Tables& tables, const artillery::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common);
/// --catalogue: the book's 17 pieces, their carriages, bombardment and battle figures.
Expected<report::Report> run_catalogue(const artillery::Catalogue& cat, const Options& opt,
                                       const cli::CommonOptions& common);
/// --compare: the design formulas and the bombardment model against the book.
Expected<report::Report> run_compare(const artillery::Catalogue& cat, const Options& opt);
/// --economies: the gunpowder economies' prices and making times, the dwarven market availability
/// and Grimm's machinist throw, each against the figures the book states.
Expected<report::Report> run_economies(const artillery::Catalogue& cat, const Options& opt);

}  // namespace gunpowder::artillery_app
