// rate.cpp - units::rate(): one unit rated by the sections of the unit rules in the book's order,
// each a step of rating_steps.hpp; the first step that fails stops the rating with its error.
#include <array>

#include "rating_steps.hpp"

namespace gunpowder::units {

namespace detail {

Diagnostics field_error(const std::string& field, const std::string& message) {
  Diagnostics d;
  d.field_error(field, message);
  return d;
}

}  // namespace detail

Expected<Rating> rate(const Catalogue& cat, const Request& req) {
  using namespace detail;
  static constexpr std::array<Step, 23> kSteps = {
      // the unit's characteristics
      &resolve_troop, &rate_troops, &rate_hit_dice, &rate_armour_class, &rate_morale, &rate_unit_hit_points,
      &rate_encounter_movement, &rate_equipment,
      // Formation and Movement (p. 43)
      &rate_formation,
      // Firearm attacks and reload tokens (p. 44), Mounted Foot deployments (p. 31)
      &rate_attack_throw, &rate_average_damage, &rate_firearm_attacks, &rate_mounted_foot,
      // melee attacks (decisions notes)
      &rate_melee_attacks,
      // Calculating Battle Rating (p. 44-45)
      &rate_missile_value, &rate_melee_value, &rate_battle_rating,
      // campaign cost and movement (rules-gaps.md §2), catalogue figures (pp. 23-25)
      &rate_wage, &rate_supply_and_specialists, &rate_campaign_movement, &rate_availability,
      // Mounted Foot reform after battle (p. 31)
      &rate_reform,
      // the explanation's heading
      [](Rater& r) {
        if (r.explain) report::with_subject(r.out.explain, r.out.name);
        return Diagnostics{};
      }};
  Rating out;
  Rater rater(cat, req, out);
  for (const Step step : kSteps) {
    Diagnostics errors = step(rater);
    if (!errors.empty()) return errors;
  }
  return out;
}

}  // namespace gunpowder::units
