// formation_movement.cpp - Formation and Movement (seed 000, p. 43): the infantry and cavalry
// movement tables looked up by weapon and encounter movement, the forced formations (Irregular
// Foot, Undrilled Foot, Irregular Mounted, Mounted Foot) and the undrilled cap.
#include <algorithm>

#include "rating_steps.hpp"

namespace gunpowder::units::detail {

namespace {

// Mounted Foot fight as Drilled Foot at the race's foot speed (decision: the fastest foot troop
// of the race; 120' for men).
int mounted_foot_move_ft(Rater& r) {
  if (r.overridden("foot_move_ft", r.req.foot_move_ft.has_value())) return *r.req.foot_move_ft;
  int foot_move = 0;
  for (const auto& t : r.cat.troops) {
    const TroopType* ty = r.cat.troop_type(t.troop_type);
    if (t.race == r.race->key && t.has_characteristics && ty && ty->category == TroopCategory::foot)
      foot_move = std::max(foot_move, t.move_ft);
  }
  return foot_move == 0 ? r.out.encounter_move_ft : foot_move;
}

// The formation the rules impose, if any; `undrilled_cap` is set for Undrilled Foot.
std::optional<Formation> forced_formation(const Rater& r, bool& undrilled_cap) {
  const bool beastman = r.race->irregular;  // beastmen other than hobgoblins (p. 43)
  const bool no_firearm_experience = r.req.firearm_experience && !*r.req.firearm_experience;
  std::optional<Formation> forced;
  if (!r.horse && (r.untrained || beastman || no_firearm_experience)) {
    // Irregular Foot / Undrilled Foot (p. 43).
    if (r.has_firearms) {
      forced = Formation::UF;
      undrilled_cap = true;
    } else if (!no_firearm_experience) {
      forced = Formation::IF;
    }
  }
  if (r.horse && (beastman || r.eq.riding_horse)) forced = Formation::IM;  // p. 43, Irregular Mounted
  if (r.mounted_foot) forced = Formation::MF;
  return forced;
}

// "Choose when the unit is created": a catalogue troop type takes the rosters' choice (its own
// row, else the human row of the type); otherwise the first formation printed.
Formation chosen_formation(const Rater& r, const MoveCell& cell) {
  Formation f = cell.formations.front();
  if (cell.choose_at_creation && r.tt) {
    const Race* man = r.cat.human_race();
    const RosterRow* human = man ? r.cat.roster_row(man->key, r.tt->key, RosterKind::battle, false) : nullptr;
    for (const RosterRow* row : {human, r.battle})
      if (row && row->formation && contains(cell.formations, *row->formation)) f = *row->formation;
  }
  return f;
}

// The step of formation and movement: the table's cell, and what the rules or the request changed.
report::Step movement_step(const Rater& r, const Cell& cell, int move_ft, std::optional<Formation> forced,
                           bool undrilled_cap) {
  const Catalogue& cat = r.cat;
  std::string rule = std::string(r.horse ? "cavalry" : "infantry") + " table, row \"" + cell.row->weapons + "\", " +
                     std::to_string(move_ft) + "' column (" + cell.cell->printed + ")";
  if (r.req.formation)
    rule += ", formation given";
  else if (forced)
    rule += ", forced: " + cat.formation(*forced).name + " (" + to_string(*forced) + ")";
  if (undrilled_cap)
    rule += ", at most " + movement_text(cat.undrilled.max_march, cat.undrilled.max_hustle, cat.undrilled.max_charge) +
            " (Undrilled Foot)";
  if (r.req.movement) rule += ", movement given";
  report::Step s =
      report::step("movement and formation", std::move(rule), r.out.movement + " " + to_string(r.out.formation),
                (r.horse ? cat.cavalry : cat.infantry).source, report::Yields::rounded);
  s.in("row", cell.row->weapons).in("column", std::to_string(move_ft) + "'");
  return s;
}

}  // namespace

std::vector<std::string_view> row_keys(const Catalogue& cat, const Equipment& e, bool cavalry) {
  std::vector<std::string_view> k;
  k.reserve(8);
  for (const auto& f : e.firearms) {
    // Each type names its row of either table (data/firearms.toml [[firearm_type]]): muskets are
    // not in the cavalry table (unit_rules.md U9), a mounted musket uses the arquebus row.
    if (const firearms::FirearmType* t = cat.firearm_type(f.type))
      k.emplace_back(cavalry ? t->cavalry_movement_key : t->infantry_movement_key);
  }
  using W = MeleeWeapon;
  using M = MoveWeapon;
  auto has = [&](W w) { return contains(e.weapons, w); };
  auto add = [&](M m) { k.emplace_back(move_weapon_keys()[static_cast<size_t>(m)]); };
  const std::pair<W, M> missile[] = {{W::bow, M::bow},     {W::crossbow, M::crossbow},
                                     {W::darts, M::darts}, {W::javelins, M::javelins},
                                     {W::sling, M::sling}, {W::natural_weapons, M::natural_weapons}};
  for (const auto& [w, m] : missile)
    if (has(w)) add(m);
  if (cavalry) {
    if (has(W::lance)) add(M::lance);
    if (has(W::spear)) add(M::spear);
    if (has(W::one_handed_weapon) || has(W::two_handed_weapon) || has(W::dual_wielding) || has(W::pole_arm))
      add(M::other_melee_weapon);
  } else {
    if (has(W::pole_arm)) add(M::pole_arm);
    if (has(W::spear) || has(W::lance)) add(e.shield ? M::spear_and_shield : M::spear_without_shield);
    if (has(W::two_handed_weapon)) add(M::two_handed_weapon);
    if (has(W::dual_wielding)) add(M::dual_wielding_one_handed);
    if (has(W::one_handed_weapon)) add(e.shield ? M::weapon_and_shield : M::one_handed_weapon_without_shield);
  }
  if (k.empty()) add(M::natural_weapons);
  return k;
}

// "Start at the top and work downward, stopping when a weapon carried by the unit is reached"
// (p. 43); the column is the largest printed encounter movement not above the unit's.
Expected<Cell> movement_cell(const MoveTable& t, int move_ft, const std::vector<std::string_view>& keys, bool cavalry) {
  if (t.columns_ft.empty() || move_ft < t.columns_ft.front())
    return field_error("move_ft", "encounter movement " + std::to_string(move_ft) + "' is below the " +
                                      std::string(cavalry ? "cavalry" : "infantry") + " table's slowest column (" +
                                      std::to_string(t.columns_ft.empty() ? 0 : t.columns_ft.front()) + "')");
  size_t col = 0;
  for (size_t i = 0; i < t.columns_ft.size(); ++i)
    if (t.columns_ft[i] <= move_ft) col = i;
  for (const MoveRow& r : t.rows)
    for (const auto k : keys)
      if (std::find(r.weapon_keys.begin(), r.weapon_keys.end(), k) != r.weapon_keys.end())
        return Cell{&r, &r.cells[col]};
  return Cell{&t.rows.back(), &t.rows.back().cells[col]};
}

std::string movement_text(std::optional<int> march, int hustle, int charge) {
  return (march ? std::to_string(*march) : std::string("-")) + "/" + std::to_string(hustle) + "/" +
         std::to_string(charge);
}

// Formation and movement (p. 43).
Diagnostics rate_formation(Rater& r) {
  const Catalogue& cat = r.cat;
  const Request& req = r.req;
  Rating& out = r.out;
  const int foot_move = r.mounted_foot ? mounted_foot_move_ft(r) : out.encounter_move_ft;
  const int move_ft = r.mounted_foot ? foot_move : out.encounter_move_ft;
  auto cell_or = movement_cell(r.horse ? cat.cavalry : cat.infantry, move_ft, row_keys(cat, r.eq, r.horse), r.horse);
  if (!cell_or) return cell_or.error();
  const Cell cell = *cell_or;
  out.formation_choices = cell.cell->formations;
  bool undrilled_cap = false;
  const std::optional<Formation> forced = forced_formation(r, undrilled_cap);
  if (forced) out.formation_choices = {*forced};
  if (r.overridden("formation", req.formation.has_value()))
    out.formation = *req.formation;
  else if (forced)
    out.formation = *forced;
  else
    out.formation = chosen_formation(r, *cell.cell);
  out.march = cell.cell->march;
  out.hustle = cell.cell->hustle;
  out.charge = cell.cell->charge;
  if (undrilled_cap) {
    if (out.march) out.march = std::min(*out.march, cat.undrilled.max_march);
    out.hustle = std::min(out.hustle, cat.undrilled.max_hustle);
    out.charge = std::min(out.charge, cat.undrilled.max_charge);
  }
  if (r.overridden("movement", req.movement.has_value())) {
    out.march = req.movement->march;
    out.hustle = req.movement->hustle;
    out.charge = req.movement->charge;
  }
  out.movement = movement_text(out.march, out.hustle, out.charge);
  if (r.explain) r.note(movement_step(r, cell, move_ft, forced, undrilled_cap));
  // The formation the firearm rules see: Mounted Foot are rated as Drilled Foot (p. 44).
  r.acting = out.formation == Formation::MF ? Formation::DF : out.formation;
  return {};
}

}  // namespace gunpowder::units::detail
