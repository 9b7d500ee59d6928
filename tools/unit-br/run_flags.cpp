// run_flags.cpp - unit-br --troop TYPE [--race --veteran --troops --name --reform-uhp-lost]: one
// catalogue troop type rated from the command line; with --actions, its reload tokens round by round.
#include <array>

#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

namespace {

// The flag a rule error's field names: a unit from flags has only --troop, --race, --veteran,
// --troops and --reform-uhp-lost, and every other field comes from the troop type.
std::string flag_of(const std::string& field) {
  const bool is_flag =
      field == "troop" || field == "race" || field == "veteran" || field == "troops" || field == "reform_uhp_lost";
  return is_flag ? std::string() : std::string("--troop");
}

// The unit of the command line's flags, rated.
Expected<units::Rating> flags_rating(const units::Catalogue& cat, const Options& opt, bool explain) {
  units::Request q = readings(opt, explain);
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
  return r;
}

}  // namespace

Expected<report::Report> run_flags(const data::Tables& tables, const units::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common) {
  auto r = flags_rating(cat, opt, common.explain);
  if (!r) return r.error();
  std::vector<Part> parts(1);
  add_rating(parts[0], tables, cat, std::move(*r), common, false);
  return units_report(tables, cat, parts, {}, common);
}

// Reload Tokens (General Firearm Rules, p. 35): tokens are placed when the unit fires; one comes
// off at the end of each movement sequence in which it stands still (or marches, if Drilled
// Mounted, or a Flyer with pistols: pp. 31, 43); it may not fire while it holds any.
Expected<report::Report> run_reload(const units::Catalogue& cat, const Options& opt) {
  std::vector<units::RoundAction> actions;
  // The words are checked by the option (cli::choices over kRoundActions).
  for (const auto& a : opt.actions)
    for (const auto& [word, action] : kRoundActions)
      if (a == word) actions.push_back(action);
  auto r = flags_rating(cat, opt, false);
  if (!r) return r.error();
  bool pistols = false;
  for (const auto& f : r->firearms) pistols = pistols || cat.is_pistol(f.firearm);
  report::Report rep;
  rep.document = &reload_document();
  report::Table t = table_of(reload_by_round_spec());
  t.set_context(fields::kName, r->name);
  t.title = "Reload tokens, round by round (Guns of War, General Firearm Rules, Reload Tokens)";
  for (const auto& f : r->firearms) {
    const auto track = units::track_reload_tokens(cat, r->formation, pistols, f.reload_tokens, f.caracole, actions);
    for (size_t i = 0; i < actions.size(); ++i) {
      const bool fires = actions[i] == units::RoundAction::fire && track.can_fire_in_round[i];
      t.add_row({f.line, f.firearm.name(), plain(static_cast<long long>(i) + 1), opt.actions[i],
                 report::cell::boolean(track.can_fire_in_round[i]), report::cell::boolean(fires),
                 plain(track.tokens_after_round[i])});
    }
  }
  if (r->firearms.empty()) t.notes.push_back(r->name + " carries no firearm");
  const int off = cat.reload.tokens_removed_per_movement_sequence;
  std::string marching;
  for (auto f : cat.reload.marching_reload_formations)
    marching += (marching.empty() ? "" : " or ") + units::to_string(f);
  t.notes.push_back("a unit that fires stands still first; " + std::to_string(off) + " reload token" +
                    (off == 1 ? " comes" : "s come") + " off after each movement sequence in which it stands still" +
                    (marching.empty() ? "" : " (or marches, if " + marching + "; a Flyer with pistols)") +
                    (cat.reload.may_fire_with_tokens ? "" : "; it may not fire while it holds any"));
  rep.tables.push_back(std::move(t));
  return rep;
}

}  // namespace gunpowder::unit_app
