// attack_results_data.cpp - loads the attack-result rules of [rules.attack] and the whole of
// [rules.scatter] of data/artillery.toml. The catalogue's loader (artillery_data.cpp) checks the
// keys of [rules.attack] and leaves [rules.scatter] to this file, which checks every key of it.
// The embedded tables are part of the program: a broken table is an internal error (exit 70).
#include "gunpowder/artillery/attack_results.hpp"

#include "gunpowder/data/data.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::artillery {

using input::Need;
using input::TableReader;

namespace {

int req_int(TableReader& r, std::string_view key) { return static_cast<int>(r.integer(key, Need::required).value_or(0)); }

// [rules.attack]: only the keys of the attack results; the catalogue's loader reports unknown keys.
void read_results(TableReader& r, AttackResultRules& a) {
  a.source = r.string("source", Need::required).value_or("");
  a.direct_hit_natural = req_int(r, "direct_hit_natural");
  a.close_hit_natural = req_int(r, "close_hit_natural");
  a.misfire_natural = req_int(r, "misfire_natural");
  a.discharge_natural = req_int(r, "discharge_natural");
  a.discharge_crew_dice = req_int(r, "discharge_crew_dice");
  a.discharge_crew_die_sides = req_int(r, "discharge_crew_die_sides");
  a.discharge_piece_shp_fraction = r.number("discharge_piece_shp_fraction", Need::required).value_or(0);
  a.discharge_piece_save_level_with_artillerist = req_int(r, "discharge_piece_save_level_with_artillerist");
  a.shrapnel_radius_ft = req_int(r, "shrapnel_radius_ft");
  a.cover_save_bonus = req_int(r, "cover_save_bonus");
}

void read_scatter(TableReader& r, ScatterRules& s) {
  s.source = r.string("source", Need::required).value_or("");
  s.direction_die_sides = req_int(r, "direction_die_sides");
  s.close_hit_dice = req_int(r, "close_hit_dice");
  s.close_hit_die_sides = req_int(r, "close_hit_die_sides");
  s.scatter_dice = req_int(r, "scatter_dice");
  s.scatter_die_sides = req_int(r, "scatter_die_sides");
  s.multiplier_yd = {req_int(r, "short_multiplier_yd"), req_int(r, "medium_multiplier_yd"),
                     req_int(r, "long_multiplier_yd")};
  s.plunging_multiplier = req_int(r, "plunging_multiplier");
  r.finish();
}

Expected<AttackResults> build() {
  auto doc = data::load("artillery.toml");
  if (!doc) return doc.error();
  Diagnostics d;
  AttackResults out;
  const toml::table* rules = doc->root.get_as<toml::table>("rules");
  if (!rules) {
    d.error(SourcePos{doc->name, 1, 1}, "missing [rules]");
    return data::as_internal(d);
  }
  TableReader rr(*doc, *rules, d, "[rules]");
  if (const auto* t = rr.table("attack", Need::required)) {
    TableReader r(*doc, *t, d, "[rules.attack]");
    read_results(r, out.results);
  }
  if (const auto* t = rr.table("scatter", Need::required)) {
    TableReader r(*doc, *t, d, "[rules.scatter]");
    read_scatter(r, out.scatter);
  }
  if (!d.empty()) return data::as_internal(d);
  return out;
}

}  // namespace

Expected<const AttackResults*> load_attack_results() {
  static const Expected<AttackResults> loaded = build();
  return data::pointer_to(loaded);
}

}  // namespace gunpowder::artillery
