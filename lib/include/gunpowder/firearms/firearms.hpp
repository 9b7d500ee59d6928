// firearms.hpp - the table of hand firearms of seed 000 ("Firearms", p. 9-11; "General Firearm
// Rules", p. 35): data/firearms.toml, loaded once and shared by the fire module (character-scale
// odds) and the units module (battle ratings).
//
// Table data only: the rules that use it live in fire (fire/firearm.hpp) and units.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::firearms {

/// Firearm mechanisms (Firearm Mechanisms, p. 9): a closed kind, since rules name them (the
/// wheellock's weather exemption, the flintlock's misfire factor and rate of fire). Spelled once,
/// in mechanism_names(); a [[firearm]] row of another mechanism is refused with the list.
enum class Mechanism { matchlock, wheellock, flintlock };
/// "matchlock", "wheellock", "flintlock", in the enum's order.
const std::vector<std::string>& mechanism_names();
std::string to_string(Mechanism m);
std::optional<Mechanism> parse_mechanism(std::string_view s);
/// "matchlock, wheellock, flintlock" for messages.
std::string mechanism_list();

/// The bores (Firearm Bores, p. 9): a closed kind, since the rules treat each its own way (the
/// smoothbore range penalty; a rifled firearm's own rate of fire and battlefield range). Spelled
/// once, in bore_names() ("smoothbore", "rifled"); a row of another bore is refused with the list.
enum class Bore { smoothbore, rifled };
const std::vector<std::string>& bore_names();
const std::string& to_string(Bore b);

/// One [[firearm_type]] row (Firearm Types, p. 9): an open list. A type is data: a house rule adds
/// one with its rows of the firearm tables, and no rule names it; the rules that single out a
/// type read what its row says of it.
struct FirearmType {
  std::string key, name;  ///< "musket", "Musket"
  /// The pistol rules apply (Weapon-Specific Firearm Rules, p. 35: caracole, pistol charge, the
  /// Formed Mounted pistol attack).
  bool pistol = false;
  /// The musket rules apply (Firearm Types, p. 9: fired from a fork rest; the races that cannot
  /// fire muskets).
  bool musket = false;
  /// The weapon key of the movement tables' rows the type is looked up by (Formation and
  /// Movement, p. 43), for infantry and for cavalry.
  std::string infantry_movement_key, cavalry_movement_key;
};

/// One row of the Firearm Characteristics table (p. 10), with its Fighting Style reload (p. 11)
/// and its price (Firearm Types, p. 9).
struct Firearm {
  std::string name;  ///< "Matchlock Musket, Smoothbore"
  Mechanism mechanism = Mechanism::matchlock;
  std::string type, bore;  ///< type: a FirearmType key
  bool musket = false;     ///< its type's FirearmType::musket (the fork rest)
  int damage_dice = 0, damage_die_sides = 0;
  std::array<int, 3> range{};         ///< band upper limits (feet underground, yards outdoors)
  std::array<int, 3> penalty{};       ///< as printed
  std::array<bool, 3> ignores_armor{};
  int reload_drilled = 0, reload_undrilled = 0;
  std::optional<int> reload_style;    ///< Fighting Style (Firearms)
  std::array<int, 3> misfire_pct{};   ///< dry, damp, wet (as printed, weather already applied)
  int encumbrance = 0;
  std::string encumbrance_unit;
  std::optional<double> cost_gp;
  std::string era;
  [[nodiscard]] bool smoothbore() const { return bore == to_string(Bore::smoothbore); }
};

/// [rules.*]: attack throws, armour penetration, range, reload, misfire, musket rest, scattershot.
struct Rules {
  int normal_men_throw = 0, veteran_throw = 0;
  int armor_ignored = 0;
  bool musket_all_ranges = false;
  int smoothbore_penalty_multiplier = 0, normal_medium_penalty = 0, normal_long_penalty = 0;
  int dex_modifier_sign = 0;
  std::vector<int> encumbrance_thresholds_stone, encumbrance_increase_rounds;
  int apostles_reduction_rounds = 0;
  int uncleaned_multiplier = 0;
  bool wheellock_weather_exempt = false;
  int misfire_clear_rounds = 0;
  int no_rest_attack_penalty = 0;
  int scattershot_bonus = 0, scattershot_dice = 0, scattershot_die_sides = 0;
  bool scattershot_ignores_armor = false;
  std::string source_characteristics, source_reload, source_misfire, source_attack, source_scattershot;
};

/// One row of the battlefield Firearm Range (AP / Maximum) table (General Firearm Rules, p. 35),
/// in hexes; it depends on the type and bore, not on the mechanism.
struct BattlefieldRange {
  std::string name;  ///< row label as printed ("Rifled Musket")
  std::string type, bore;
  int ap_vs_foot = 0, max_vs_foot = 0, ap_vs_mounted = 0, max_vs_mounted = 0;
};

struct Catalogue {
  std::vector<FirearmType> types;  ///< in the table's order
  std::vector<Firearm> firearms;
  Rules rules;
  std::vector<BattlefieldRange> battlefield_ranges;
  /// Looks a firearm up by a name such as "matchlock musket" (smoothbore unless "rifled" is said:
  /// "firearms are generally smoothbore unless otherwise noted"), "rifled flintlock arquebus" or
  /// the printed "Matchlock Musket, Smoothbore"; case-insensitive. The mechanism may be left out
  /// when one firearm alone has the type and bore ("carbine" when one carbine is in the table).
  [[nodiscard]] const Firearm* find(const std::string& query) const;
  [[nodiscard]] const FirearmType* type(std::string_view key) const;
  /// "arquebus, musket, pistol" for messages.
  [[nodiscard]] std::string type_list() const;
};

/// data/firearms.toml in `tables`, read on the first call for that Tables, every key checked; later
/// calls return the same catalogue. A failure is an internal error (exit 70): the embedded data is
/// part of the program (exit 65 when house rules caused it).
Expected<const Catalogue*> load_catalogue(const data::Tables& tables);

}  // namespace gunpowder::firearms
