// design_steps.hpp - what the files of the artillery rules share: the typed steps of --explain
// (say, section), a rule error about one field, and the steps of design() that live in the file of
// their section (characteristics, mobility, bombardment, economy). Internal to the artillery
// library (lib/src/artillery); design.cpp runs the steps in the order of the book.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/core/explain.hpp"

namespace gunpowder::artillery::detail {

/// Appends a step of the derivation. Callers build the step only when a derivation was asked for
/// (`if (ex) say(*ex, ...)`): a batch of pieces without --explain builds none.
inline void say(report::Steps& ex, report::Step& step) { ex.push_back(std::move(step)); }
inline void say(report::Steps& ex, report::Step&& step) { ex.push_back(std::move(step)); }

using report::step;  // the shared step builder (gunpowder/core/explain.hpp)

/// The step under `subject` (a carriage of the piece, the piece as an automaton).
inline report::Step about(std::string subject, report::Step s) {
  s.subject = std::move(subject);
  return s;
}

/// A rule of a section, cited as docs/sources.md writes a part of a section: "Guns of War,
/// Determining Gunpowder Artillery Characteristics, pp. 13-14" and "Barrel Caliber" give "Guns of
/// War, Determining Gunpowder Artillery Characteristics (Barrel Caliber), pp. 13-14". A source that
/// names its parts already ("Moving Gunpowder Artillery (Horses, Wagons, Daily/Weekly Movement)")
/// names this one instead.
inline std::string section(const std::string& source, std::string_view part) {
  const auto at = source.rfind(", p");
  std::string head = at == std::string::npos ? source : source.substr(0, at);
  const std::string pages = at == std::string::npos ? "" : source.substr(at);
  if (!head.empty() && head.back() == ')')
    if (const auto open = head.rfind(" ("); open != std::string::npos) head.resize(open);
  return head + " (" + std::string(part) + ")" + pages;
}

/// A citation of a documented reading (docs/sources.md): the book's section, then "(a documented reading)".
inline std::string reading(const std::string& source) { return source + " (a documented reading)"; }

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
/// The step of the damage dice of a powder charge (p. 14, "Damage"; characteristics.cpp).
report::Step damage_step(const DesignRules& g, const std::string& source, double powder_lb, int dice);
/// The step of the area of effect of the damage dice (p. 14, "AOE"; characteristics.cpp).
report::Step aoe_step(const DesignRules& g, const std::string& source, Type t, int dice, int aoe_ft);
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
void daily_cost(const Sources& sources, const BookPiece* book_figures, const Request& req, GunpowderKind gunpowder,
                Design& d, report::Steps* ex);

/// The economy of the chosen gunpowder (pp. 53-54; economy.cpp).
Diagnostics economy_for(const Catalogue& cat, const GunpowderType& gp, const Request& req, const Characteristics& full,
                        const Characteristics& eff, Economy& e, report::Steps* ex);

}  // namespace gunpowder::artillery::detail
