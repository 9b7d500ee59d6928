// run_flags.cpp - unit-br --troop TYPE [--race --veteran --troops --name --reform-uhp-lost]: one
// catalogue troop type rated from the command line.
#include <array>

#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

namespace {

// The flag a rule error's field names: a unit from flags has only --troop, --race, --veteran and
// --troops, and every other field comes from the troop type.
std::string flag_of(const std::string& field) {
  const bool is_flag = field == "troop" || field == "race" || field == "veteran" || field == "troops";
  return is_flag ? std::string() : std::string("--troop");
}

}  // namespace

Expected<report::Report> run_flags(const data::Tables& tables, const units::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common) {
  units::Request q = readings(opt, common.explain);
  q.troop = opt.troop;
  if (opt.race) q.race = *opt.race;
  q.veteran = opt.veteran;
  if (opt.troops) q.troops = opt.troops;  // within 1 .. kMaxTroops (cli::bounded)
  q.name = opt.name.value_or("");
  if (!opt.reform_uhp_lost.empty()) {
    for (int v : opt.reform_uhp_lost)
      if (v < 0)
        return cli::usage_error("--reform-uhp-lost", "uhp lost must not be negative, got " + std::to_string(v));
    q.reform_uhp_lost = std::array<int, 2>{opt.reform_uhp_lost[0], opt.reform_uhp_lost[1]};
  }
  auto r = units::rate(cat, q);
  if (!r) return cli::place_on_flags(r.error(), &flag_of);
  std::vector<Part> parts(1);
  add_rating(parts[0], tables, cat, std::move(*r), common, false);
  return units_report(tables, cat, parts, {}, common);
}

}  // namespace gunpowder::unit_app
