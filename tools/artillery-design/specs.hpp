// specs.hpp - the tables and JSON documents artillery-design reports, each declared once
// (report::TableSpec, report::DocumentSpec) from the fields of fields.hpp; text, markdown, csv and
// JSON, the JSON Schemas and the man page's key tables are all made from these declarations.
#pragma once

#include <vector>

#include "gunpowder/core/model.hpp"

namespace gunpowder::artillery_app {

/// The version of the tool's JSON documents (docs/schema/artillery-design.*.json): 3 writes every
/// document from the declared tables (one array per table, the figures of a piece as a record with
/// a source each), renames range to range_band and drops the copies of one figure under two keys;
/// 4: --explain's derivation is an array of typed steps (objects), not lines of text.
inline constexpr int kSchemaVersion = 4;
/// The pieces and catalogue documents: version 4 (crew_men; hd as the books write it; shp, miles
/// and encounter feet as amounts: one key, one kind and unit in every tool); 5: --explain's
/// derivation as typed steps.
inline constexpr int kPiecesSchemaVersion = 5;

// A piece (mode_piece.cpp, mode_files.cpp, design_tables.cpp).
const report::TableSpec& pieces_spec();            ///< "pieces": one row per piece (several pieces, --catalogue)
const report::TableSpec& chosen_carriages_spec();  ///< "carriages": the carriage of each piece that has one
const report::TableSpec& characteristics_spec();   ///< "characteristics": one piece's figures, each with its source
const report::TableSpec& mobility_spec();          ///< "mobility": the four carriages of one piece
const report::TableSpec& bombardment_spec();       ///< "bombardment": shp a day by range band and fire
const report::TableSpec& battle_spec();            ///< "battle": unit size, BR, bonus units, battlefield unit
const report::TableSpec& crew_attacks_spec();      ///< "crew-attacks": the battlefield unit's crew attacks (programs)
const report::TableSpec& economy_spec();           ///< "economy": prices and making time
const report::TableSpec& automaton_spec();         ///< "automaton": the piece as an automaton (dwarven powder)
const report::TableSpec& formula_spec();           ///< "formula": the design formulas' own figures (programs)
// --catalogue (mode_catalogue.cpp).
const report::TableSpec& carriages_by_era_spec();
const report::TableSpec& bombardment_and_battle_spec();
// --compare (mode_compare.cpp) and --economies (mode_economies.cpp).
const report::TableSpec& agreement_spec();
const report::TableSpec& formulas_spec();
const report::TableSpec& bombardment_model_spec();
const report::TableSpec& comparison_spec();
const report::TableSpec& gunpowder_types_spec();
const report::TableSpec& price_examples_spec();
const report::TableSpec& market_examples_spec();
const report::TableSpec& grimm_spec();
const report::TableSpec& grimm_figures_spec();

const report::DocumentSpec& pieces_document();
const report::DocumentSpec& catalogue_document();
const report::DocumentSpec& compare_document();
const report::DocumentSpec& economies_document();
/// Every document the tool writes (cli::ToolInfo::documents).
std::vector<const report::DocumentSpec*> documents();

}  // namespace gunpowder::artillery_app
