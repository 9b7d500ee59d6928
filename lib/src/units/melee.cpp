// melee.cpp - a unit's melee attacks. The seed defines no rule for them (docs/notes/
// unit-br-decisions.md): the printed melee line of the catalogue troop, or the nearest printed
// line of the same troop type, or the request's.
#include <cmath>

#include "rating_steps.hpp"

namespace gunpowder::units::detail {

namespace {

// The battle roster row whose melee line the unit takes: its own, else the printed row of the
// same troop type whose hit dice are nearest (ties: the larger hit dice).
const RosterRow* melee_row(Rater& r) {
  if (r.battle || !r.tt) return r.battle;
  const RosterRow* best = nullptr;
  double best_d = 1e9;
  for (const auto& u : r.cat.roster) {
    if (u.roster != RosterKind::battle || u.troop_type != r.tt->key || u.veteran != r.req.veteran ||
        u.variant == RosterVariant::mounted)
      continue;
    const auto h = parse_hit_dice(u.hd);
    if (!h) continue;
    const double dist = std::fabs(h->value - r.out.hd.value) - h->value * 1e-6;  // ties: the larger HD
    if (dist < best_d) {
      best_d = dist;
      best = &u;
    }
  }
  if (best)
    r.out.notes.push_back("melee attacks estimated from the nearest printed line of the type: " + best->name + " (" +
                          best->source + ")");
  return best;
}

}  // namespace

Diagnostics rate_melee_attacks(Rater& r) {
  const Request& req = r.req;
  Rating& out = r.out;
  const RosterRow* pm = melee_row(r);
  std::string melee_weapon = req.melee_weapon.value_or(pm && pm->melee_weapon ? pm->melee_weapon->weapon : std::string());
  r.overridden("melee_weapon", req.melee_weapon.has_value());
  if (r.overridden("melee_attacks", req.melee_attacks.has_value())) out.melee_attacks = *req.melee_attacks;
  else if (pm && pm->melee_weapon) out.melee_attacks = pm->melee_weapon->attacks;
  else if (!r.eq.weapons.empty())
    return field_error("melee_attacks", "give melee_attacks: the book has no rule for a unit's melee attacks");
  if (r.overridden("charge_attacks", req.charge_attacks.has_value())) out.charge_attacks = *req.charge_attacks;
  else if (pm && pm->melee_charge) out.charge_attacks = pm->melee_charge->attacks;
  if (out.melee_attacks > 0) {
    if (melee_weapon.empty()) melee_weapon = "melee weapon";
    out.melee_lines.push_back(std::to_string(out.melee_attacks) + " " + melee_weapon + " " +
                              std::to_string(out.attack_throw) + "+");
  }
  // A pistol formation's pistol attack comes first in the melee lines (p. 35-36).
  for (const auto& a : out.firearms)
    if (a.melee_line) out.melee_lines.insert(out.melee_lines.begin(), *a.melee_line);
  if (out.charge_attacks > 0) {
    const std::string what = pm && pm->melee_charge ? pm->melee_charge->weapon : std::string("hooves");
    const int thr = pm && pm->melee_charge ? pm->melee_charge->throw_value : out.attack_throw;
    out.melee_lines.push_back("Charge: " + std::to_string(out.charge_attacks) + " " + what + " " + std::to_string(thr) +
                              "+");
  }
  return {};
}

}  // namespace gunpowder::units::detail
