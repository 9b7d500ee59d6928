// read_pieces.cpp - the [[piece]] tables of a user's file as design requests.
#include "gunpowder/artillery/read_pieces.hpp"

#include <utility>

namespace gunpowder::artillery {

namespace {

// A value of one of `allowed`, typed in the suite's spelling or the book's ("Field Carriage and
// Limber", "Dwarven Gunpowder", "Cannon": from_book_spelling); anything else is an error at the key.
std::optional<std::string> enum_value(input::TableReader& r, std::string_view key, input::Need need,
                                      std::initializer_list<std::string_view> allowed) {
  const auto typed = r.string(key, need);
  if (!typed) return std::nullopt;
  std::string value = from_book_spelling(*typed);
  std::string list;
  for (auto a : allowed) {
    if (a == value) return value;
    list += (list.empty() ? "" : ", ") + std::string(a);
  }
  r.error_at(key, "unknown " + std::string(key) + " \"" + *typed + "\" (allowed: " + list + ")");
  return std::nullopt;
}

}  // namespace

std::vector<PieceInput> read_pieces(const input::Document& doc, Diagnostics& diags) {
  std::vector<PieceInput> out;
  const auto cat = load_catalogue();
  if (!cat) {
    for (const auto& item : cat.error().items()) diags.add(item);
    return out;
  }
  const EconomyRules& eco = (*cat)->economy;
  input::check_top_level(doc, {"piece"}, diags);
  for (const toml::table* t : input::tables_of(doc, "piece", diags)) {
    input::TableReader r(doc, *t, diags, "[[piece]]");
    PieceInput p;
    p.table = t;
    Request& req = p.request;
    req.name = r.string("name", input::Need::optional).value_or("");
    if (auto ty = enum_value(r, "type", input::Need::required, {"cannon", "gun", "mortar"}))
      req.type = *parse_type(*ty);
    const auto shot = r.number("shot_lb", input::Need::required, input::positive(kMaxShotLb));
    req.powder_lb = r.number("powder_lb", input::Need::optional, input::positive());
    req.shot_used_lb = r.number("shot_used_lb", input::Need::optional, input::positive());
    if (auto c = enum_value(r, "carriage", input::Need::optional, {"carriageless", "garrison", "field", "limber"}))
      req.carriage = parse_carriage(*c);
    if (auto e = enum_value(r, "era", input::Need::optional, {"early", "middle", "late"})) req.era = parse_era(*e);
    const auto gunpowder =
        enum_value(r, "gunpowder", input::Need::optional, {"historical", "alchemical", "magical", "dwarven"});
    p.gunpowder_given = gunpowder.has_value();
    req.gunpowder = gunpowder.value_or("historical");
    // The book's multipliers (Gunpowder in an Age of Swords and Sorcery), from the tables.
    req.price_multiplier = r.number("price_multiplier", input::Need::optional,
                                    input::Range{eco.price_multiplier_min, eco.price_multiplier_max, false});
    req.powder_gp_per_lb = r.number("powder_gp_per_lb", input::Need::optional, input::non_negative());
    r.finish();
    if (!shot) continue;  // already reported
    req.shot_lb = *shot;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace gunpowder::artillery
