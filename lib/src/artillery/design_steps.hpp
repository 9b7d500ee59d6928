// design_steps.hpp - what the files of the artillery rules share: the derivation lines of
// --explain, a rule error about one field, and the steps of design() that live in the file of their
// section (characteristics, mobility, bombardment, economy). Internal to the artillery library
// (lib/src/artillery); design.cpp runs the steps in the order of the book.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/core/explain.hpp"

// Appends a derivation line; the line is only built when a derivation was asked for.
#define SAY(ex, line)                               \
  do {                                              \
    if (ex) (ex)->push_back(report::untyped(line)); \
  } while (0)

namespace gunpowder::artillery::detail {

inline size_t idx(Type t) { return static_cast<size_t>(t); }

// A rule error about one field of the request, named by its key in a [[piece]] table (shot_lb,
// powder_lb, ...); the caller places it (input::place_fields, cli::place_on_flags).
inline Diagnostics fail(const std::string& field, const std::string& message) {
  Diagnostics d;
  d.field_error(field, message);
  return d;
}

/// Area of effect from damage dice (p. 14, "AOE"): a mortar's radius, a line's length (characteristics.cpp).
int aoe_for(const DesignRules& g, Type t, int dice);
/// The nearest book piece of the type by ratio of shot weights, ties the lighter (characteristics.cpp).
const BookPiece& nearest_book_piece(const Catalogue& cat, Type t, double shot_lb);

/// The Gunpowder Mobility rows of a piece (p. 15-16; mobility.cpp).
std::vector<MobilityRow> mobility_for(const Catalogue& cat, const BookPiece* book, Type t, const Characteristics& c,
                                      std::optional<Era> era, report::Steps* ex);
/// The requested carriage, refused where the piece or the era rules it out (mobility.cpp).
Diagnostics check_carriage(const Catalogue& cat, const Request& req, const Design& d);

/// The Gunpowder Artillery Bombardment rows of a piece (p. 18; bombardment.cpp).
Bombardment bombardment_for(const Catalogue& cat, const BookPiece* book, Type t, const Characteristics& eff,
                            double damage_scale, report::Steps* ex);
/// The daily cost of powder and shot (p. 18; bombardment.cpp).
void daily_cost(const BookPiece* book_figures, const Request& req, const std::string& gunpowder, Design& d,
                report::Steps* ex);

/// The economy of the chosen gunpowder (pp. 53-54; economy.cpp).
Diagnostics economy_for(const Catalogue& cat, const GunpowderType& gp, const Request& req, const Characteristics& full,
                        const Characteristics& eff, Economy& e, report::Steps* ex);

}  // namespace gunpowder::artillery::detail
