// read_siege.cpp - reads a siege-duration input into a siege::Request: the siege of seed 000,
// the [[structure]] tables of seed 001 and the [siege_machine] of seed 004 (each part in its own
// read_*.cpp), every error of the file at once.
#include "gunpowder/siege/read_siege.hpp"

#include <algorithm>

#include "read_parts.hpp"

namespace gunpowder::siege {

using input::Need;
using input::TableReader;

namespace {

// [stronghold], [besieger] and [defender]: all three, or none.
void read_the_siege(const input::Document& doc, TableReader& top, const Rules& rules, const artillery::Catalogue& cat,
                    Diagnostics& diags, Request& in) {
  Siege s;
  const auto* st = top.table("stronghold", Need::required);
  const auto* be = top.table("besieger", Need::required);
  const auto* de = top.table("defender", Need::required);
  if (st) reading::read_stronghold(doc, *st, rules, diags, s.stronghold);
  if (be) reading::read_side(doc, *be, true, rules, cat, diags, s.besieger);
  if (de) reading::read_side(doc, *de, false, rules, cat, diags, s.defender);
  if (be && de && diags.empty()) reading::check_labels(doc, *be, *de, s, diags);
  in.ranges_complete = !s.besieger.artillery.empty();
  for (const auto& e : s.besieger.artillery) in.ranges_complete = in.ranges_complete && e.range_yd.has_value();
  in.siege = std::move(s);
}

// [siege_machine], with the Siege Machine's and the War Machine's rules.
std::optional<Diagnostics> read_the_machine(const data::Tables& tables, const input::Document& doc,
                                            const toml::table& t, Diagnostics& diags, Request& in) {
  auto sm = load_siege_machine_rules(tables);
  if (!sm) return sm.error();
  auto wr = war::load_rules(tables);
  if (!wr) return wr.error();
  const bool bombardment_possible = in.siege && !in.siege->besieger.artillery.empty() && in.ranges_complete;
  reading::MachineRequest m;
  reading::read_machine(doc, t, **sm, **wr, bombardment_possible, diags, m);
  // The stronghold's structural points: [siege_machine.defender] shp or shp on its
  // fortifications, else the [stronghold] of the other methods.
  const auto& forts = m.setup.defender.fortifications;
  const bool per_entry = std::any_of(forts.begin(), forts.end(), [](const SmItem& i) { return i.shp.has_value(); });
  if (!m.setup.stronghold_shp && !per_entry && in.siege) m.setup.stronghold_shp = in.siege->stronghold.shp;
  in.machine = m.setup;
  in.machine_ratings = m.ratings;
  in.machine_bombardment = m.bombardment;
  return std::nullopt;
}

}  // namespace

Expected<Request> read_siege(const data::Tables& tables, const input::Document& doc, const Rules& rules,
                             const artillery::Catalogue& cat, bool use_pi) {
  Diagnostics diags;
  Request in;
  input::check_top_level(doc, {"stronghold", "besieger", "defender", "structure", "siege_machine"}, diags);
  TableReader top(doc, doc.root, diags, "the input");
  const bool any_siege = top.has("stronghold") || top.has("besieger") || top.has("defender");
  if (any_siege) read_the_siege(doc, top, rules, cat, diags, in);
  if (const auto* a = top.array("structure", Need::optional))
    for (const auto& n : *a) {
      if (const auto* t = n.as_table())
        reading::read_structure(doc, *t, rules, use_pi, diags, in.structures);
      else
        top.error_at("structure", "structure must be an array of tables ([[structure]])");
    }
  if (const auto* t = top.table("siege_machine", Need::optional))
    if (auto internal = read_the_machine(tables, doc, *t, diags, in)) return *internal;
  if (!any_siege && !top.has("structure") && !top.has("siege_machine"))
    diags.error(
        {doc.name, 1, 1},
        "nothing to compute: give [stronghold], [besieger] and [defender], [[structure]] tables or [siege_machine]",
        doc.line(1));
  if (!diags.empty()) return diags;
  return in;
}

}  // namespace gunpowder::siege
