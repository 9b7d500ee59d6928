// modes.hpp - unit-br's modes, one file each: a catalogue troop type from flags (run_flags.cpp),
// [[unit]] files (run_files.cpp), the published rosters (run_catalogue.cpp), and the rosters
// against the formulas (run_compare.cpp).
#pragma once

#include <array>
#include <string_view>
#include <utility>

#include "gunpowder/units/unit_br.hpp"
#include "unit-br/unit_app.hpp"

namespace gunpowder::unit_app {

/// The request the command line's readings (--misfire, --fm-pistol-column, --wage-source,
/// --pistol-bonus) make; a [[unit]] table's own keys replace them.
units::Request readings(const Options& opt, bool explain);

Expected<report::Report> run_flags(const data::Tables& tables, const units::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common);
Expected<report::Report> run_files(const data::Tables& tables, const units::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common);
/// The words --actions takes and the round action each names, in the help's order.
inline constexpr std::array<std::pair<std::string_view, units::RoundAction>, 3> kRoundActions = {{
    {"fire", units::RoundAction::fire},
    {"stand", units::RoundAction::stationary},
    {"march", units::RoundAction::march},
}};
/// --troop with --actions: the unit's reload tokens round by round (the reload document).
Expected<report::Report> run_reload(const units::Catalogue& cat, const Options& opt);
Expected<report::Report> run_catalogue(const units::Catalogue& cat);
Expected<report::Report> run_compare(const units::Catalogue& cat, const Options& opt);

}  // namespace gunpowder::unit_app
