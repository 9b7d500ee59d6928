// read_structure.cpp - reads one [[structure]] table (seed 001, Structural Strength Points):
// shape, material or materials factor, table-top dimensions, height in levels or inches, cannon
// and damage taken.
#include "read_parts.hpp"

namespace gunpowder::siege::reading {

using input::Need;
using input::TableReader;

void read_structure(const input::Document& doc, const toml::table& t, const Rules& rules, bool use_pi,
                    Diagnostics& diags, std::vector<StructureSpec>& out) {
  TableReader r(doc, t, diags, "[[structure]]");
  StructureSpec s;
  s.name = r.string("name", Need::optional).value_or("structure " + std::to_string(out.size() + 1));
  const auto shape = r.value("shape", Need::required, shape_names());
  std::vector<std::string> materials;
  for (const auto& m : rules.structures.materials) materials.push_back(m.key);
  const auto material = r.value("material", Need::optional, materials);
  const auto factor = r.integer("factor", Need::optional, input::positive(100));
  if (material && factor) r.error_at("factor", "give material or factor, not both");
  if (!material && !factor && r.has("material") == false && r.has("factor") == false)
    r.error("[[structure]] needs a material (" + list_of(materials) + ") or a materials factor");
  if (material) {
    s.material = *material;
    s.factor = rules.structures.material(*material)->factor;
  } else if (factor) {
    s.factor = static_cast<int>(*factor);
  }
  const auto length = r.number("length_in", Need::optional, input::positive(kMaxInches));
  const auto width = r.number("width_in", Need::optional, input::positive(kMaxInches));
  const auto diameter = r.number("diameter_in", Need::optional, input::positive(kMaxInches));
  const auto levels = r.number("height_levels", Need::optional, input::positive(1000));
  const auto inches = r.number("height_in", Need::optional, input::positive(kMaxInches));
  if (auto p = r.boolean("pi", Need::optional))
    s.use_pi = *p;
  else
    s.use_pi = use_pi;
  if (auto c = r.integer("cannon", Need::optional, input::non_negative(kMaxCount))) s.cannon = static_cast<int>(*c);
  s.damage_points = r.number("damage", Need::optional, input::non_negative(kMaxShp));
  if (levels && inches)
    r.error_at("height_in", "give height_levels or height_in, not both");
  else if (levels)
    s.height_levels = *levels;
  else if (inches) {
    // "Height in levels, rule of thumb one and a half inches" (seed 001).
    s.height_levels = *inches / rules.structures.level_height_in;
    s.height_from_inches = true;
  } else if (!r.has("height_levels") && !r.has("height_in"))
    r.error("[[structure]] needs its height: height_levels or height_in");
  if (s.damage_points && !s.cannon) r.error_at("damage", "damage is used to count the cannon lost: give cannon too");
  if (shape) {
    s.shape = *parse_shape(*shape);
    auto need = [&](const char* key, const std::optional<double>& v) {
      if (!v && !r.has(key)) r.error("a " + *shape + " structure needs " + key);
    };
    auto forbid = [&](const char* key) {
      if (r.has(key)) r.error_at(key, std::string(key) + " does not apply to a " + *shape + " structure");
    };
    switch (s.shape) {
      case Shape::rectangular:
        need("length_in", length);
        need("width_in", width);
        forbid("diameter_in");
        break;
      case Shape::round:
        need("diameter_in", diameter);
        forbid("length_in");
        forbid("width_in");
        break;
      case Shape::wall:
        need("length_in", length);
        forbid("width_in");
        forbid("diameter_in");
        break;
    }
    if (s.shape != Shape::round && r.has("pi")) r.error_at("pi", "pi applies to round structures only");
  }
  s.length_in = length;
  s.width_in = width;
  s.diameter_in = diameter;
  r.finish();
  if (shape && s.factor > 0 && s.height_levels > 0 &&
      ((s.shape == Shape::rectangular && length && width) || (s.shape == Shape::round && diameter) ||
       (s.shape == Shape::wall && length)))
    out.push_back(std::move(s));
}

}  // namespace gunpowder::siege::reading
