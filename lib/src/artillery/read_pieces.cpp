// read_pieces.cpp - the [[piece]] tables of a user's file as design requests.
#include "gunpowder/artillery/read_pieces.hpp"

#include <utility>

#include "gunpowder/input/reader.hpp"

namespace gunpowder::artillery {

// Values are read in the suite's spelling or the book's ("Field Carriage & Limber", "Dwarven
// Gunpowder", "Cannon": from_book_spelling); anything else is an error at the key.
std::vector<PieceInput> read_pieces(const input::Document& doc, const Catalogue& cat, Diagnostics& diags) {
  std::vector<PieceInput> out;
  const EconomyRules& eco = cat.economy;
  input::check_top_level(doc, {"piece"}, diags);
  for (const toml::table* t : input::tables_of(doc, "piece", diags)) {
    input::TableReader r(doc, *t, diags, "[[piece]]");
    PieceInput p;
    p.table = t;
    Request& req = p.request;
    req.name = r.string("name", input::Need::optional).value_or("");
    if (auto ty = r.value("type", input::Need::required, {"cannon", "gun", "mortar"}, {}, from_book_spelling))
      req.type = *parse_type(*ty);
    const auto shot = r.number("shot_lb", input::Need::required, input::positive(kMaxShotLb));
    req.powder_lb = r.number("powder_lb", input::Need::optional, input::positive());
    req.shot_used_lb = r.number("shot_used_lb", input::Need::optional, input::positive());
    if (auto c = r.value("carriage", input::Need::optional, {"carriageless", "garrison", "field", "limber"}, {},
                         from_book_spelling))
      req.carriage = parse_carriage(*c);
    if (auto e = r.value("era", input::Need::optional, {"early", "middle", "late"}, {}, from_book_spelling))
      req.era = parse_era(*e);
    const auto gunpowder = r.value("gunpowder", input::Need::optional, gunpowder_kind_names(), {}, from_book_spelling);
    p.gunpowder_given = gunpowder.has_value();
    req.gunpowder = gunpowder.value_or("historical");
    // The book's multipliers (Gunpowder in an Age of Swords and Sorcery), from the tables.
    req.price_multiplier = r.number("price_multiplier", input::Need::optional,
                                    input::Range{eco.price_multiplier_min, eco.price_multiplier_max, false});
    req.powder_gp_per_lb = r.number("powder_gp_per_lb", input::Need::optional, input::non_negative(kMaxPowderGpPerLb));
    r.finish();
    if (!shot) continue;  // already reported
    req.shot_lb = *shot;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace gunpowder::artillery
