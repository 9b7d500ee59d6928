// duel_rules_data.cpp - reads [rules.duel] and [rules.spiking] of data/artillery.toml (the
// sub-tables artillery_data.cpp leaves aside) for the siege module's artillery duel. Only these
// two sub-tables are read here: the rest of the file is the catalogue's (artillery_data.cpp).
// The embedded tables are part of the program: any error is internal (exit 70).
#include "gunpowder/artillery/duel_rules.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::artillery {

using input::Need;
using input::TableReader;

namespace {

int whole(TableReader& r, std::string_view key) { return static_cast<int>(r.integer(key, Need::required).value_or(0)); }
std::string text(TableReader& r, std::string_view key) { return r.string(key, Need::required).value_or(""); }

void read_duel(const input::Document& doc, const toml::table& t, Diagnostics& d, DuelRules& duel) {
  TableReader r(doc, t, d, "[rules.duel]");
  duel.source = text(r, "source");
  duel.target = {whole(r, "target_short"), whole(r, "target_medium"), whole(r, "target_long")};
  duel.besieged_save = whole(r, "besieged_save");
  duel.suppressed_turns = whole(r, "suppressed_turns");
  duel.move_yd = whole(r, "move_yd");
  if (const auto* a = r.array("mobile_carriages", Need::required))
    for (const auto& n : *a) {
      const auto c = parse_carriage(n.value<std::string>().value_or(""));
      if (c) duel.mobile_carriages.push_back(*c);
      else r.error_at("mobile_carriages", "unknown carriage in mobile_carriages");
    }
  r.finish();
}

void read_spiking(const input::Document& doc, const toml::table& t, Diagnostics& d, DuelRules& duel) {
  TableReader r(doc, t, d, "[rules.spiking]");
  duel.spiking_source = text(r, "source");
  duel.spike_rounds = whole(r, "spike_rounds");
  duel.spike_removal_gp = r.number("removal_cost_gp", Need::required).value_or(0);
  r.finish();
}

Expected<DuelRules> build() {
  DuelRules duel;
  Diagnostics d;
  auto doc = data::load("artillery.toml");
  if (!doc) return doc.error();
  const auto* rules = doc->root["rules"].as_table();
  const auto* t = rules ? (*rules)["duel"].as_table() : nullptr;
  const auto* sp = rules ? (*rules)["spiking"].as_table() : nullptr;
  if (t) read_duel(*doc, *t, d, duel);
  else d.error({doc->name}, "[rules.duel] is missing");
  if (sp) read_spiking(*doc, *sp, d, duel);
  else d.error({doc->name}, "[rules.spiking] is missing");
  if (!d.empty()) return data::as_internal(d);
  return duel;
}

}  // namespace

Expected<const DuelRules*> load_duel_rules() {
  static const Expected<DuelRules> rules = build();
  return data::pointer_to(rules);
}

}  // namespace gunpowder::artillery
