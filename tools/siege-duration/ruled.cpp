// ruled.cpp - see ruled.hpp.
#include "siege-duration/ruled.hpp"

#include "common/provenance.hpp"

namespace gunpowder::siege_app {

Ruled piece_rule(const artillery::BookPiece& p, std::initializer_list<std::string_view> keys) {
  for (auto k : keys)
    if (auto it = p.house_rule_sources.find(std::string(k)); it != p.house_rule_sources.end()) return it->second;
  return std::nullopt;
}

Ruled shp_rule(const data::Tables& run_tables, const siege::Stronghold& s) {
  if (s.shp_source == "value")  // stone: ceil(value / stone_gp_per_shp); wood: a fraction of it
    return cli::ruled(run_tables, "siege_duration", {"stronghold_estimate"});
  if (s.shp_source == "structures") return cli::ruled(run_tables, "siege_duration", {"siege_structure"});
  return std::nullopt;  // given
}

Ruled reach_rule(const siege::Side& side) {
  Ruled r;
  for (const auto& e : side.artillery)
    if (e.usable() > 0) r = cli::either(std::move(r), piece_rule(*e.piece, {"range_long_yd"}));
  return r;
}

Ruled duel_rule(const data::Tables& run_tables, const siege::DuelSetup& s) {
  Ruled r = cli::ruled(run_tables, "artillery", {"rules.duel", "rules.fire_mode"});
  for (const auto& p : s.pieces)
    r = cli::either(std::move(r), piece_rule(*p.piece, {"range_short_yd", "range_medium_yd", "range_long_yd", "shp",
                                                        "damage_dice", "rounds_per_shot", "carriage_era"}));
  return r;
}

std::string source_of(const Ruled& r) { return cli::sourced(r, ""); }

}  // namespace gunpowder::siege_app
