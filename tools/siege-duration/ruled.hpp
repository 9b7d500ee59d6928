// ruled.hpp - where siege-duration's figures came from when a house rule changed them, or a
// figure they are computed from: "house rule (FILE)" in a row's source (a table declared
// sourced_by_house_rules()) or a record's figure's (ruled.cpp; cli::ruled and cli::either).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "gunpowder/data/tables.hpp"
#include "gunpowder/siege/siege.hpp"

namespace gunpowder::siege_app {

/// The house rule behind a figure: "house rule (FILE)", or nullopt (always without house rules).
using Ruled = std::optional<std::string>;

/// The house rule behind any of `keys` of a piece's [[piece]] row of data/artillery.toml (its
/// house_rule_sources: a key changed, or every key of a row added).
Ruled piece_rule(const artillery::BookPiece& p, std::initializer_list<std::string_view> keys);
/// The house rule behind the stronghold's shp: its estimate from its value (stronghold_estimate)
/// or the structural hit points of its parts (siege_structure) in data/siege_duration.toml.
Ruled shp_rule(const data::Tables& run_tables, const siege::Stronghold& s);
/// The house rule behind the longest range of `side`'s usable pieces (the defender's reach).
Ruled reach_rule(const siege::Side& side);
/// The house rule behind a duel's figures: its pieces' ranges, shp, damage and rate of fire, the
/// duel rules ([rules.duel]) and the fire modes ([rules.fire_mode]) of data/artillery.toml.
Ruled duel_rule(const data::Tables& run_tables, const siege::DuelSetup& s);
/// The source a row shows: the house rule, or "" (cli::sourced).
std::string source_of(const Ruled& r);

}  // namespace gunpowder::siege_app
