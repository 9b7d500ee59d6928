// broadside_structures_data.cpp - reads the three values of [gate_door] and [cannon_loss] in
// data/broadside.toml that broadside_data.cpp checks but does not keep (two sources and
// deducts_strength_points). Every key of those tables is checked there; only these are read here.
// The embedded tables are part of the program: any error is internal (exit 70).
#include "gunpowder/data/data.hpp"
#include "gunpowder/fire/broadside_structures.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::fire {

using input::Need;
using input::TableReader;

namespace {

Expected<BroadsideStructureNotes> build() {
  BroadsideStructureNotes notes;
  Diagnostics d;
  auto doc = data::load("broadside.toml");
  if (!doc) return doc.error();
  TableReader top(*doc, doc->root, d, "broadside.toml");
  if (const auto* t = top.table("gate_door", Need::required)) {
    TableReader r(*doc, *t, d, "[gate_door]");
    notes.gate_door_source = r.string("source", Need::required).value_or("");
    notes.gate_door_deducts = r.boolean("deducts_strength_points", Need::required).value_or(false);
  }
  if (const auto* t = top.table("cannon_loss", Need::required)) {
    TableReader r(*doc, *t, d, "[cannon_loss]");
    notes.cannon_loss_source = r.string("source", Need::required).value_or("");
  }
  if (!d.empty()) return data::as_internal(d);
  return notes;
}

}  // namespace

Expected<const BroadsideStructureNotes*> load_broadside_structure_notes() {
  static const Expected<BroadsideStructureNotes> notes = build();
  return data::pointer_to(notes);
}

}  // namespace gunpowder::fire
