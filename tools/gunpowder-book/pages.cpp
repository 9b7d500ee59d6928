// pages.cpp - the reference book's pages (pages.hpp): the one list of the reference tables, read
// by gunpowder-book for the site and for docs/tables (`make tables`, `make tables-check`).
#include "gunpowder-book/pages.hpp"

#include <ostream>

#include "artillery-design/artillery_app.hpp"
#include "fire-odds/fire_app.hpp"
#include "siege-duration/siege_app.hpp"
#include "unit-br/unit_app.hpp"
#include "war-machine/war_app.hpp"

namespace gunpowder::book_app {

namespace {
const char* const kGuns = "Guns of War";
const char* const kWar = "War Machine";
const char* const kSiege = "Siege Machine";

// A troop class in words: "below-average" -> "below average".
std::string words(std::string s) {
  for (char& c : s)
    if (c == '-') c = ' ';
  return s;
}
}  // namespace

std::vector<Page> pages() {
  std::vector<Page> out;
  const auto add = [&](std::string name, const char* book, std::string chapter, std::string title, std::string tool,
                       std::vector<std::string> args) {
    out.push_back({std::move(name), book, std::move(chapter), std::move(title), std::move(tool), std::move(args)});
  };
  // Guns of War: the artillery pieces.
  add("artillery-catalogue", kGuns, "Artillery", "The artillery catalogue", "artillery-design", {"--catalogue"});
  add("artillery-formula-vs-book", kGuns, "Artillery", "The design formulas against the book's pieces",
      "artillery-design", {"--compare"});
  add("artillery-economies", kGuns, "Artillery", "Artillery economies", "artillery-design", {"--economies"});
  for (const auto& [type, shot] : {std::pair{"cannon", "24"}, {"gun", "6"}, {"mortar", "90"}})
    add(std::string("artillery-") + type + "-" + shot, kGuns, "Artillery",
        std::string("A ") + shot + "-pdr " + type + " by the design formulas", "artillery-design",
        {"--type", type, "--shot-lb", shot});
  // Guns of War: the attack throw of an artillery shot, by range.
  for (const char* range : {"200", "800", "1600"})
    add(std::string("artillery-attack-6-pdr-gun-") + range + "-yd", kGuns, "Artillery fire",
        std::string("A 6-pdr gun's shot at ") + range + " yd", "fire-odds",
        {"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", range});
  // The shot at every 100 yd out to the piece's long range (a chart of the results by range), with
  // its tables at 400 yd, in the medium band the three pages above miss.
  add("artillery-attack-6-pdr-gun-by-range", kGuns, "Artillery fire", "A 6-pdr gun's shot by range, and at 400 yd",
      "fire-odds", {"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", "400", "--range-step-yd", "100"});
  // Guns of War: units and their Battle Ratings.
  add("unit-rosters", kGuns, "Units", "The units of the rosters", "unit-br", {"--catalogue"});
  add("unit-rosters-vs-formulas", kGuns, "Units", "The rosters against the formulas", "unit-br",
      {"--catalogue", "--compare"});
  // Guns of War: broadsides and small-arms fire.
  for (const char* n : {"1", "2", "3", "4", "5"})
    add(std::string("broadside-") + n + "-dice", kGuns, "Broadsides", std::string("A broadside of ") + n + " dice",
        "fire-odds", {"broadside", "--dice", n, "--rerolls", "0"});
  add("broadside-5-dice-4-rerolls", kGuns, "Broadsides", "A broadside of 5 dice, 4 rerolls", "fire-odds",
      {"broadside", "--dice", "5", "--rerolls", "4"});
  for (const char* r : {"4", "8", "12", "16"})
    for (const char* cover : {"none", "half", "over-half"})
      add(std::string("arquebus-10-men-") + r + "-in-" + cover, kGuns, "Arquebus fire",
          std::string("10 arquebusiers at ") + r + " in, cover " + words(cover), "fire-odds",
          {"arquebus", "--men", "10", "--range-in", r, "--cover", cover});
  // War Machine: marches, the odds by BR difference, a battle, a campaign.
  for (const char* c : {"untrained", "poor", "below-average", "fair", "average", "good", "excellent", "elite"})
    add(std::string("war-machine-march-") + c, kWar, "Marches", std::string("300 troops of ") + words(c) + " class march",
        "war-machine", {"march", "--troops", "300", "--troop-class", c});
  add("war-machine-odds-by-br-difference", kWar, "Battles", "The odds of a battle by the difference of the BRs",
      "war-machine", {"battle", "examples/war-machine-odds.toml", "--summary", "--odds-chart"});
  add("war-machine-field-battle", kWar, "Battles", "A field battle: its odds", "war-machine",
      {"battle", "examples/war-machine-field.toml"});
  add("war-machine-field-campaign", kWar, "Battles", "A field campaign: how it ends", "war-machine",
      {"campaign", "examples/war-machine-field.toml"});
  // Sieges.
  add("siege-simplified", kSiege, "Siege duration", "A siege, simplified", "siege-duration",
      {"examples/siege-duration.toml", "--method", "simplified"});
  add("siege-bombardment", kSiege, "Siege duration", "A siege by bombardment", "siege-duration",
      {"examples/siege-duration.toml", "--method", "bombardment"});
  add("siege-duel-odds", kSiege, "Siege duration", "An artillery duel's odds", "siege-duration",
      {"examples/siege-duration.toml", "--method", "duel", "--runs", "2000", "--seed", "1"});
  add("siege-structures", kSiege, "Siege duration", "The structures of a stronghold", "siege-duration",
      {"examples/siege-duration-structures.toml"});
  add("siege-machine", kSiege, "The Siege Machine", "A siege by the Siege Machine", "siege-duration",
      {"examples/siege-duration-machine.toml"});
  return out;
}

int run_page_tool(const data::Tables& tables, const std::string& tool, const std::vector<std::string>& args,
                  std::ostream& out, std::ostream& err, report::Report* kept) {
  if (tool == artillery_app::kInfo.name)
    return cli::run_tool_on_with(tables, artillery_app::kInfo, args, out, err, &artillery_app::setup,
                                 &artillery_app::run, kept);
  if (tool == unit_app::kInfo.name)
    return cli::run_tool_on_with(tables, unit_app::kInfo, args, out, err, &unit_app::setup, &unit_app::run, kept);
  if (tool == fire_app::kInfo.name)
    return cli::run_tool_on_with(tables, fire_app::kInfo, args, out, err, &fire_app::setup, &fire_app::run, kept);
  if (tool == war_app::kInfo.name)
    return cli::run_tool_on_with(tables, war_app::kInfo, args, out, err, &war_app::setup, &war_app::run, kept);
  if (tool == siege_app::kInfo.name)
    return cli::run_tool_on_with(tables, siege_app::kInfo, args, out, err, &siege_app::setup, &siege_app::run, kept);
  err << "gunpowder-book: internal error: no tool " << tool << '\n';
  return static_cast<int>(ExitCode::internal);
}

}  // namespace gunpowder::book_app
