// rating_steps.hpp - the steps of units::rate(), one per section of the unit rules, and the state
// they share. Internal to the units library (lib/src/units); rate.cpp runs the steps in order.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/units/unit_br.hpp"

namespace gunpowder::units::detail {

inline bool contains(const std::vector<Formation>& v, Formation f) {
  return std::find(v.begin(), v.end(), f) != v.end();
}
inline bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
inline bool contains(const std::vector<MeleeWeapon>& v, MeleeWeapon w) {
  return std::find(v.begin(), v.end(), w) != v.end();
}

/// A step's result follows from its rule by rounding when the rule's value `raw` is not the value
/// `shown` ("-> 8" for riders 9 and mounts 6 averaged, halves up; "= 4" for 6 and 2); a difference
/// of floating-point arithmetic alone (120 x 0.75 x 1/15) is no rounding.
inline report::Yields rounded_unless_equal(double raw, double shown) {
  const double diff = raw > shown ? raw - shown : shown - raw;
  return diff < 1e-9 ? report::Yields::equals : report::Yields::rounded;
}

/// Where the readings of docs/notes/unit-br-decisions.md that were fitted to the rosters belong.
inline constexpr const char* kRostersReading =
    "Guns of War, Units of the Pike and Shot Age, pp. 47-51 (a documented reading: fitted to the rosters)";

/// A rule error about one field of the request (Diagnostic::field: the [[unit]] key, e.g. "troops").
Diagnostics field_error(const std::string& field, const std::string& message);

/// One rating in progress: the request, the catalogue rows it names, and what the earlier steps
/// derived. Every step reads what it needs from here and writes its figures into `out`.
struct Rater {
  Rater(const Catalogue& c, const Request& q, Rating& o) : cat(c), req(q), out(o), explain(q.explain) {}

  const Catalogue& cat;
  const Request& req;
  Rating& out;
  bool explain;

  // The troop (resolve_troop).
  const Race* race = nullptr;
  const TroopType* tt = nullptr;      ///< null for a custom unit
  const Troop* tr = nullptr;          ///< the troop tables' row of the race and type
  const RosterRow* battle = nullptr;  ///< the printed rosters' rows of the race and type
  const RosterRow* campaign = nullptr;
  const Troop* equip_row = nullptr;  ///< where the equipment comes from
  bool mounted_foot = false;
  bool untrained = false;  ///< conscripts / militia
  // Troops (rate_troops).
  int standard = 0;    ///< the rosters' unit size, 0 for a custom unit
  bool horse = false;  ///< mounted and not Mounted Foot
  // Equipment (rate_equipment).
  Equipment eq;
  bool has_firearms = false, lance_or_shield = false;
  int pistols = 0, firearm_count = 0;
  // Formation (rate_formation): the formation the firearm rules see.
  Formation acting = Formation::DF;
  // Average damage of a firearm hit (rate_average_damage).
  double average_damage = 0;

  /// Adds a step to the explanation (when one was asked for). The unit is each step's subject,
  /// named once at the end (rate.cpp); a step's own subject is a part of the unit (a firearm).
  void note(report::Step s) {
    if (explain) out.explain.push_back(std::move(s));
  }
  /// Records that the request gave `key` instead of letting it be derived; returns `given`.
  bool overridden(const char* key, bool given) {
    if (given) out.overridden.emplace_back(key);
    return given;
  }
  /// The troop tables give this troop's characteristics line.
  [[nodiscard]] bool has_characteristics() const { return tr && tr->has_characteristics; }
};

/// A step of the rating: empty diagnostics when it went through.
using Step = Diagnostics (*)(Rater&);

// characteristics.cpp: race and troop type, troops, hit dice, AC, morale, unit hit points,
// encounter movement, equipment, attack throw and average damage.
Diagnostics resolve_troop(Rater& r);
Diagnostics rate_troops(Rater& r);
Diagnostics rate_hit_dice(Rater& r);
Diagnostics rate_armour_class(Rater& r);
Diagnostics rate_morale(Rater& r);
Diagnostics rate_unit_hit_points(Rater& r);
Diagnostics rate_encounter_movement(Rater& r);
Diagnostics rate_equipment(Rater& r);
Diagnostics rate_attack_throw(Rater& r);
Diagnostics rate_average_damage(Rater& r);

// formation_movement.cpp: Formation and Movement (p. 43).
struct Cell {
  const MoveRow* row = nullptr;
  const MoveCell* cell = nullptr;
};
/// The weapon keys of the movement tables' rows that a unit carrying `e` matches.
std::vector<std::string_view> row_keys(const Catalogue& cat, const Equipment& e, bool cavalry);
/// The cell of the movement table for a unit moving `move_ft` and carrying the `keys` weapons.
Expected<Cell> movement_cell(const MoveTable& t, int move_ft, const std::vector<std::string_view>& keys, bool cavalry);
/// "2/3/4", "-/1/2".
std::string movement_text(std::optional<int> march, int hustle, int charge);
Diagnostics rate_formation(Rater& r);

// firearm_attacks.cpp: Firearm attacks and reload tokens (p. 44, 31, 35).
/// The attacks of each firearm the unit carries when it fights as `f` with `troops` troops;
/// `primary_override` lets the request's attacks_raw replace the first firearm's.
std::vector<FirearmAttack> firearm_attacks(const Rater& r, Formation f, double troops, bool primary_override);
Diagnostics rate_firearm_attacks(Rater& r);

// mounted_foot.cpp: Mounted Foot (p. 31, 44).
Diagnostics rate_mounted_foot(Rater& r);
Diagnostics rate_reform(Rater& r);

// melee.cpp: melee attacks (the printed lines; see the decisions notes).
Diagnostics rate_melee_attacks(Rater& r);

// battle_rating.cpp: Calculating Battle Rating (p. 44-45).
Diagnostics rate_missile_value(Rater& r);
Diagnostics rate_melee_value(Rater& r);
Diagnostics rate_battle_rating(Rater& r);

// campaign.cpp: campaign cost and movement (rules-gaps.md §2), availability (pp. 23-25).
Diagnostics rate_wage(Rater& r);
Diagnostics rate_supply_and_specialists(Rater& r);
Diagnostics rate_campaign_movement(Rater& r);
Diagnostics rate_availability(Rater& r);

}  // namespace gunpowder::units::detail
