// libFuzzer harness: house-rules files (issue 24, item 8). The fuzzer's bytes after the first are
// a rules file, rules.toml, given with --house-rules to a one-liner of the tool that reads the
// table the file names (`table = "..."`; a file naming none, or a table unknown here, is given to
// every probe in turn by the first byte). The first byte: bits 0-1 the output format, bit 2
// --explain, bits 3-5 which of the table's probes. Seeds: fuzz/corpus/house-rules, made from
// each table's --print-rules text (fuzz/house_rules_seeds.py). A run is checked as every other
// harness checks one (harness.hpp: documented exit codes, nothing on standard output and no file
// left after a failure, clean text, JSON and csv well formed); an internal error (exit 70) is a
// finding: no house rule may reach one.
#include <string>
#include <string_view>
#include <vector>

#include "artillery-design/artillery_app.hpp"
#include "fire-odds/fire_app.hpp"
#include "harness.hpp"
#include "siege-duration/siege_app.hpp"
#include "unit-br/unit_app.hpp"
#include "war-machine/war_app.hpp"

namespace {

struct Probe {
  fuzz::ToolMain main;
  std::vector<std::string> args;  ///< the tool's name first
};

const std::vector<Probe>& probes_of(const std::string& table) {
  static const Probe kGun{&gunpowder::artillery_app::main, {"artillery-design", "--type", "cannon", "--shot-lb", "24"}};
  static const Probe kMortar{&gunpowder::artillery_app::main,
                             {"artillery-design", "--type", "mortar", "--shot-lb", "90", "--gunpowder", "dwarven"}};
  static const Probe kBookGun{&gunpowder::artillery_app::main, {"artillery-design", "--type", "gun", "--shot-lb", "12"}};
  static const Probe kShot{&gunpowder::fire_app::main,
                           {"fire-odds", "artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", "1000"}};
  static const Probe kBroadside{&gunpowder::fire_app::main,
                                {"fire-odds", "broadside", "--cannon", "3", "--weight", "heavy", "--range-band", "short"}};
  static const Probe kHands{&gunpowder::fire_app::main, {"fire-odds", "broadside", "--dice", "5", "--rerolls", "1"}};
  static const Probe kFirearm{&gunpowder::fire_app::main, {"fire-odds", "firearm", "--weapon", "matchlock musket",
                                                           "--range-ft", "150", "--target-ac", "6", "--weather", "wet"}};
  static const Probe kArquebus{&gunpowder::fire_app::main, {"fire-odds", "arquebus", "--men", "10", "--range-in", "8"}};
  static const Probe kUnit{&gunpowder::unit_app::main,
                           {"unit-br", "--troop", "matchlock musketeers", "--race", "dwarf", "--troops", "200"}};
  static const Probe kPikes{&gunpowder::unit_app::main, {"unit-br", "--troop", "pikemen", "--race", "man", "--veteran"}};
  static const Probe kBattle{&gunpowder::war_app::main, {"war-machine", "battle", "--force", "Elves:2000:excellent",
                                                         "--situation", "elves-woods", "--force", "Orcs:3500:br=72"}};
  static const Probe kMarch{&gunpowder::war_app::main,
                            {"war-machine", "march", "--troops", "300", "--troop-class", "good", "--days-without-food", "3"}};
  static const Probe kSiege{&gunpowder::siege_app::main,
                            {"siege-duration", "--structure", "keep_square", "--structure", "4xtower_round_small",
                             "--besieger-units", "40", "--besieger-artillery", "4x24-pdr-cannon@800",
                             "--defender-units", "10"}};
  static const std::map<std::string, std::vector<Probe>> kByTable = {
      {"artillery", {kGun, kMortar, kShot, kSiege}},
      {"gunpowder_economies", {kMortar, kGun}},
      {"artillery_damage", {kShot}},
      {"broadside", {kBroadside, kHands}},
      {"chainmail", {kArquebus}},
      {"firearms", {kFirearm, kUnit}},
      {"troops", {kUnit, kPikes}},
      {"units", {kUnit, kPikes}},
      {"unit_rules", {kUnit, kPikes}},
      {"war_machine", {kBattle, kMarch}},
      {"siege_duration", {kSiege}},
      {"siege_machine", {kSiege}},
      {"structures", {kSiege}},
  };
  static const std::vector<Probe> kEvery = {kGun, kBookGun, kShot, kBroadside, kFirearm, kArquebus,
                                            kUnit, kBattle, kMarch, kSiege};
  const auto it = kByTable.find(table);
  return it == kByTable.end() ? kEvery : it->second;
}

/// The table a rules file names (the first `table = "NAME"`), or "".
std::string table_named(std::string_view text) {
  for (size_t at = text.find("table"); at != std::string_view::npos; at = text.find("table", at + 1)) {
    size_t i = at + 5;
    const auto skip_blanks = [&] {
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    };
    skip_blanks();
    if (i >= text.size() || text[i] != '=') continue;
    ++i;
    skip_blanks();
    if (i >= text.size() || text[i] != '"') continue;
    const size_t begin = ++i;
    while (i < text.size() && ((text[i] >= 'a' && text[i] <= 'z') || text[i] == '_')) ++i;
    if (i < text.size() && text[i] == '"' && i > begin) return std::string(text.substr(begin, i - begin));
  }
  return {};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t mode = data[0];
  const std::string_view rules(reinterpret_cast<const char*>(data + 1), size - 1);
  fuzz::current() = fuzz::Current{std::string_view(reinterpret_cast<const char*>(data), size), "house-rules"};
  try {
    const auto& probes = probes_of(table_named(rules.substr(0, 4096)));
    const Probe& p = probes[(mode >> 3U) % probes.size()];
    const auto format = static_cast<fuzz::Format>(mode & 3U);
    std::vector<std::string> args = p.args;
    args.insert(args.end(), {"--house-rules", "rules.toml", "--format", fuzz::format_name(format)});
    if ((mode & 4U) != 0) args.emplace_back("--explain");
    // rules.toml holds the fuzzer's rules; in.toml (written by execute) is not named.
    const fuzz::Sandbox& box = fuzz::Sandbox::get();
    box.clear();
    box.write("rules.toml", rules);
    fuzz::Outcome o;
    o.before = box.snapshot();
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    argv.push_back(nullptr);
    std::ostringstream out, err;
    o.code = box.in_dir({}, [&] { return p.main(static_cast<int>(args.size()), argv.data(), out, err); });
    o.out = out.str();
    o.err = err.str();
    o.after = box.snapshot();
    fuzz::check_outcome(o, {0, 64, 65, 66}, format, true);  // 70, internal, is a finding
    if (o.code == 0 && o.out.empty()) fuzz::fail("a success without a report", "stdout");
  } catch (const fuzz::Surveyed&) {
  }
  return 0;
}
