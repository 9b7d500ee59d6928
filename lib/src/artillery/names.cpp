// names.cpp - the artillery's closed kinds spelled and read (types, carriages, eras, range
// brackets, fire modes, readings of the rate of fire), the book's whole names of carriages and
// gunpowders, and the catalogue's lookups (Guns of War).
#include <array>
#include <utility>

#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/spelling.hpp"

namespace gunpowder::artillery {

std::string to_string(Type t) {
  switch (t) {
    case Type::cannon:
      return "cannon";
    case Type::gun:
      return "gun";
    case Type::mortar:
      return "mortar";
  }
  return "?";
}
std::string to_string(Carriage c) {
  switch (c) {
    case Carriage::carriageless:
      return "carriageless";
    case Carriage::garrison:
      return "garrison";
    case Carriage::field:
      return "field";
    case Carriage::limber:
      return "limber";
  }
  return "?";
}
std::string to_string(Era e) {
  switch (e) {
    case Era::early:
      return "early";
    case Era::middle:
      return "middle";
    case Era::late:
      return "late";
  }
  return "?";
}
std::string to_string(Bracket b) {
  switch (b) {
    case Bracket::short_range:
      return "short";
    case Bracket::medium_range:
      return "medium";
    case Bracket::long_range:
      return "long";
  }
  return "?";
}
std::string to_string(FireMode m) { return m == FireMode::direct ? "direct" : "plunging"; }

std::optional<Type> parse_type(const std::string& s) {
  for (auto t : kTypes)
    if (to_string(t) == s) return t;
  return std::nullopt;
}
std::optional<Carriage> parse_carriage(const std::string& s) {
  for (auto c : kCarriages)
    if (to_string(c) == s) return c;
  return std::nullopt;
}
std::optional<Era> parse_era(const std::string& s) {
  for (auto e : {Era::early, Era::middle, Era::late})
    if (to_string(e) == s) return e;
  return std::nullopt;
}

const std::vector<std::string>& gunpowder_kind_names() {
  static const std::vector<std::string> names = {"historical", "alchemical", "magical", "dwarven"};
  return names;
}
std::optional<GunpowderKind> parse_gunpowder_kind(std::string_view id) {
  return kind_named<GunpowderKind>(gunpowder_kind_names(), id);
}

std::string from_book_spelling(std::string_view typed) {
  std::string s = suite_spelling(typed);  // "Field Carriage & Limber" is field-carriage-and-limber
  // The whole names of the Gunpowder Mobility table's carriages and the Gunpowder Type table's
  // gunpowders (data/ holds them too; test_read_pieces checks that every one of the data's is here).
  // Not read from the catalogue: option values are read before --house-rules is, and the
  // catalogue, once loaded, is kept.
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kBookNames{{
      {"garrison-carriage", "garrison"},
      {"field-carriage", "field"},
      {"field-carriage-and-limber", "limber"},
      {"historical-gunpowder", "historical"},
      {"alchemical-gunpowder", "alchemical"},
      {"magical-gunpowder", "magical"},
      {"dwarven-gunpowder", "dwarven"},
  }};
  for (const auto& [name, key] : kBookNames)
    if (name == s) return std::string(key);
  return s;
}

std::optional<double> Bombard::get(Bracket b, FireMode m) const {
  switch (b) {
    case Bracket::short_range:
      return m == FireMode::direct ? short_direct : std::nullopt;
    case Bracket::medium_range:
      return m == FireMode::direct ? medium_direct : medium_plunging;
    case Bracket::long_range:
      return m == FireMode::direct ? long_direct : long_plunging;
  }
  return std::nullopt;
}

const BookPiece* Catalogue::find(Type t, double shot_lb) const {
  for (const auto& p : pieces)
    if (p.type == t && p.shot_lb == shot_lb) return &p;
  return nullptr;
}

const GunpowderType* Catalogue::gunpowder(const std::string& id) const {
  return lookup::find(economy.types, [&](const auto& g) { return g.id == id; });
}

std::string to_string(RateReading r) { return r == RateReading::shots_first ? "shots-first" : "rof-first"; }

std::optional<RateReading> parse_rate_reading(const std::string& s) {
  if (s == "shots-first") return RateReading::shots_first;
  if (s == "rof-first") return RateReading::rof_first;
  return std::nullopt;
}

}  // namespace gunpowder::artillery
