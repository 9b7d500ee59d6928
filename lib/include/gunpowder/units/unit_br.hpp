// unit_br.hpp - pike-and-shot units (seed 000, "Armies of the Pike and Shot Age" to "Units of
// the Pike and Shot Age"): the troop catalogue, unit characteristics, formation and movement,
// firearm attacks and reload tokens, battle rating, campaign cost and movement, Mounted Foot.
//
// Model and rules only: no I/O, no TOML, no command line. The tables come from data/troops.toml,
// data/units.toml, data/unit_rules.toml and data/firearms.toml through load_catalogue(tables).
// Where the seed does not define a quantity (melee value, unit hit points, unit AC of horse,
// campaign supply and specialists) the definition is documented in
// docs/notes/unit-br-decisions.md and every such quantity can be overridden by the Request.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/core/explain.hpp"
#include "gunpowder/firearms/firearms.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::units {

enum class Formation { DF, DM, FF, FLY, FM, IF, IM, LF, LM, MF, UF };
inline constexpr std::array<Formation, 11> kFormations = {Formation::DF, Formation::DM, Formation::FF, Formation::FLY,
                                                          Formation::FM, Formation::IF, Formation::IM, Formation::LF,
                                                          Formation::LM, Formation::MF, Formation::UF};
std::string to_string(Formation f);
std::optional<Formation> parse_formation(std::string_view s);
/// "DF, DM, FF, ..." for messages.
std::string formation_list();

/// Mechanisms are a closed kind, declared once in the firearms table's module; firearm types are
/// open data (data/firearms.toml [[firearm_type]]), named by their key.
using firearms::Mechanism;
using firearms::parse_mechanism;
using firearms::to_string;

/// A firearm the troops carry, and how many each.
struct Firearm {
  Mechanism mechanism = Mechanism::matchlock;
  std::string type = "arquebus";  ///< a [[firearm_type]] key of data/firearms.toml
  bool rifled = false;
  int count = 1;
  /// "flintlock pistol", "matchlock rifled musket".
  [[nodiscard]] std::string name() const;
  /// The key of the rate-of-fire and BR tables: "pistol", "rifled_musket", ...
  [[nodiscard]] std::string key() const;
};

/// The weapons a unit fights with, as the movement tables tell them apart (Formation and
/// Movement, p. 43): a closed kind, since the rules choose a table's row from them. Spelled once,
/// in melee_weapon_keys() (a [[unit]]'s `weapons`, an [[equipment_item]]'s `weapon`).
enum class MeleeWeapon {
  one_handed_weapon,
  two_handed_weapon,
  dual_wielding,
  spear,
  pole_arm,
  lance,
  shield,
  bow,
  crossbow,
  darts,
  javelins,
  sling,
  natural_weapons
};
/// Melee weapon keys accepted in `weapons`, in MeleeWeapon's order.
const std::vector<std::string>& melee_weapon_keys();

/// The weapon keys of the movement tables' rows that the rules derive from a unit's weapons and
/// shield (p. 43: "spear and shield", "other melee weapon", ...): a closed kind, spelled once in
/// move_weapon_keys(). A row's other keys are firearm types' movement keys (data/firearms.toml
/// [[firearm_type]]); any other key is refused.
enum class MoveWeapon {
  bow,
  crossbow,
  darts,
  javelins,
  sling,
  natural_weapons,
  lance,
  spear,
  other_melee_weapon,
  pole_arm,
  spear_and_shield,
  spear_without_shield,
  two_handed_weapon,
  dual_wielding_one_handed,
  weapon_and_shield,
  one_handed_weapon_without_shield
};
const std::vector<std::string>& move_weapon_keys();

// ---------------------------------------------------------------------------------------------
// Hit dice

/// Hit dice as written in the tables: "1/2", "N", "N+M", "N-M".
struct HitDice {
  std::string text;
  double value = 0;  ///< for unit hit points: 1/2 -> 0.5, N-M -> N - 0.25, N+M -> N + 0.25
  double dice = 0;   ///< the dice as written: 1/2 -> 0.5, N, N+M and N-M -> N
  int bonus = 0;     ///< the +M or -M written after them (0 for none)
  int steps = 1;     ///< attack-throw steps: up to 1 HD -> 1, 1+ to 2 -> 2, 2+ to 3 -> 3, ...
};
/// Parses hit dice; nullopt when the text is not one of the allowed forms.
std::optional<HitDice> parse_hit_dice(std::string_view s);
inline constexpr const char* kHitDiceForms =
    "\"1/2\", \"N\", \"N+M\" or \"N-M\" (N 1-40, M 1-9, e.g. \"1-1\", \"2+1\")";

// ---------------------------------------------------------------------------------------------
// The catalogue (data/troops.toml, data/units.toml, data/unit_rules.toml, data/firearms.toml)

struct MarketAvailability {
  int market_class = 0;
  std::string dice;
  int chance_pct = 100;
};

struct RealmSize {
  std::string key, name, time_period;
};

/// What a troop type is (the troop tables' column heads, pp. 23-25): a closed kind, since the
/// rules treat each its own way (Mounted Foot, the horse tables, the foot's unit size). Spelled
/// once, in troop_category_names() (the `category` of a [[troop_type]] row).
enum class TroopCategory { foot, mounted_foot, horse };
const std::vector<std::string>& troop_category_names();

/// The race groups of the rosters (`race_group`: human, demi-human, beastman): a closed kind,
/// since the rules single out humans (normal men's attack throw, a unit's name, the human line
/// other races borrow) and demi-humans (a veteran's damage bonus). Spelled once, in
/// race_group_names().
enum class RaceGroup { human, demi_human, beastman };
const std::vector<std::string>& race_group_names();

/// Which roster a row belongs to (Human Unit Characteristics - Campaigns, - Battles): a closed kind.
enum class RosterKind { campaign, battle };
const std::vector<std::string>& roster_kind_names();
/// A battle roster's second line of one troop type (Dragoons dismounted, Beastman mounted): a
/// closed kind, spelled in roster_variant_names().
enum class RosterVariant { dismounted, mounted };
const std::vector<std::string>& roster_variant_names();

struct TroopType {
  std::string key, name;
  TroopCategory category = TroopCategory::foot;
  /// Untrained troops (the Undrilled Conscripts/Militia): always Irregular Foot, or Undrilled Foot
  /// with firearms (Formation and Movement, p. 43); the row's `untrained`.
  bool untrained = false;
  std::vector<std::string> aliases;  ///< other names the book gives the type (the row's `aliases`)
  bool mounted = false;
  int unit_size = 0;
  std::string era_printed;
  std::vector<std::string> eras;
  std::vector<MarketAvailability> market;          ///< empty for conscripts
  std::vector<std::pair<std::string, int>> realm;  ///< realm key -> troops; absent realm = "-"
  /// "Training Time": the book gives it in weeks for some troop types, in months for most; at most one is set.
  std::optional<int> training_weeks, training_months;
  std::optional<double> marshal_cost_gp, training_cost_gp, equipment_cost_gp, total_cost_troop_gp;
};

struct Race {
  std::string key, name, table_label;
  RaceGroup group = RaceGroup::human;  ///< the rosters' race_group of the race's rows
  /// Ill-disciplined (beastmen other than hobgoblins, p. 43): always Irregular Foot, Undrilled
  /// Foot with firearms, Irregular Mounted; the row's `irregular`.
  bool irregular = false;
  std::vector<std::string> aliases;  ///< other names of the race (the row's `aliases`: "human", "men")
  std::vector<std::string> troop_types;
  bool has_characteristics = false;
  std::optional<std::string> veteran_hd;
  std::optional<int> veteran_morale_bonus, veteran_damage_bonus;
  bool can_fire_muskets = true;
};

/// What a troop carries, read from a troop table's equipment list.
struct Equipment {
  std::vector<Firearm> firearms;
  std::vector<MeleeWeapon> weapons;  ///< not the shield, which is `shield`
  bool shield = false;
  bool riding_horse = false;  ///< a mount not trained for war
};

/// One item of the troop tables' equipment lists ([[equipment_item]] of data/troops.toml): the
/// weapon it is to the movement tables, a shield, a mount not trained for war, or none of these
/// (armour, a war mount, a fork rest). Open data: a house rule adds an item (a halberd, a pole arm).
struct EquipmentItem {
  std::string name;  ///< as the lists write it, lower case ("two-handed sword")
  std::optional<MeleeWeapon> weapon;
  bool riding_horse = false;
};

/// One (race, troop type) row of the troop tables.
struct Troop {
  std::string race, troop_type;
  std::optional<double> wage_gp;
  std::optional<int> base_morale, qualifying_per_120;
  bool has_characteristics = false;
  std::string printed_name;
  std::vector<std::string> equipment;
  Equipment gear;  ///< `equipment` read (at load time)
  int ac = 0;
  std::optional<int> ac_alt, mount_ac;
  int move_ft = 0;
  std::string hd;
  std::string damage, save;
  int ml = 0;  ///< the characteristics line's ML: read only where the morale table has no base_morale
  std::optional<double> char_wage_gp;
  std::vector<std::string> errata;
};

/// A published attack clause parsed: "1 (2) flintlock pistol 11+ (1 or 0 reload)".
struct Clause {
  int attacks = 0;
  std::optional<int> bonus_attacks;
  std::string weapon;
  int throw_value = 0;
  std::optional<int> reload_tokens;
  bool caracole = false;
  int caracole_tokens = 0;  ///< "(1 or 0 reload)": the tokens of a caracole's first pistol attack (p. 35)
};
std::optional<Clause> parse_clause(const std::string& text);

/// One printed roster row (campaign or battle).
struct RosterRow {
  std::string key, name;
  std::string race;  ///< race key of troops.toml ("man" where the roster says "human": a race's alias)
  RaceGroup race_group = RaceGroup::human;
  RosterKind roster = RosterKind::battle;
  std::string troop_type;  ///< troop-type key of troops.toml ("undrilled-conscripts" for conscripts-militia)
  bool veteran = false;
  std::optional<RosterVariant> variant;
  int troops = 0;
  std::string source;
  int page = 0;
  // campaign
  int daily_move_miles = 0, weekly_move_miles = 0;
  double monthly_wage_gp = 0, supply_cost_gp_per_week = 0, specialist_cost_gp_per_month = 0,
         total_cost_gp_per_month = 0;
  double battle_rating = 0;
  // battle
  std::string unit_move;  ///< "march/hustle/charge" as printed; checked against the three figures below
  std::optional<int> march_hexes;
  int hustle_hexes = 0, charge_hexes = 0;
  std::string formation_printed;
  std::optional<Formation> formation;
  std::optional<Formation> functions_as;
  int ac = 0;
  std::optional<int> ac_alt;
  std::string hd;
  int uhp = 0, morale = 0;
  std::vector<std::string> melee_attacks, missile_attacks;
  // the melee cell read (at load time): the weapon clause with the most attacks, an FM pistol
  // clause, and the "Charge:" clause
  std::optional<Clause> melee_weapon, melee_pistol, melee_charge;
};

struct MoveCell {
  int encounter_move_ft = 0;
  std::optional<int> march;
  int hustle = 0, charge = 0;
  std::vector<Formation> formations;
  bool choose_at_creation = false;
  std::string printed;
};

struct MoveRow {
  int order = 0;
  std::string weapons;
  std::vector<std::string> weapon_keys;
  std::vector<MoveCell> cells;  ///< in column order
};

struct MoveTable {
  std::string source;
  std::vector<int> columns_ft;
  std::vector<MoveRow> rows;
};

struct RateRow {
  std::vector<Mechanism> mechanisms;
  std::string firearm;  ///< firearm key: pistol, arquebus, musket, rifled_arquebus, rifled_musket
  std::string printed;
  int df_dm = 0, other = 0;  ///< denominators of 1/n
};

struct Band {
  std::optional<double> raw_min, raw_max;
  int attacks = 0, reload_tokens = 0;
  std::string printed;
};

struct BrFactor {
  std::string family;
  std::vector<std::string> applies_to;
  double firearm_modifier = 0;
  int missile_range = 0;
};

struct FormationRow {
  Formation code = Formation::DF;
  std::string name, kind;
  double modifier = 0;
};

/// The constants of "Calculating Battle Rating and Cost of Firearms-Equipped Units" (p. 44-45).
struct BattleRatingRules {
  std::string source;
  double uhp_divisor = 0, final_divisor = 0, morale_offset = 0, morale_exponent = 0, speed_divisor = 0,
         speed_exponent = 0, dm_speed_divisor = 0, missile_value_divisor = 0, other_walk_divisor = 0,
         equipment_bonus_per_extra_firearm = 0, melee_dominant_missile_weight = 0, missile_dominant_melee_weight = 0,
         pistol_pair_min_melee_base = 0, rounding_threshold = 0, rounding_step_low = 0, rounding_step_high = 0,
         firearm_special_attack_bonus = 0;
  std::vector<Formation> full_walk_formations, pistol_pair_min_melee_formations;
};

struct AttackCountRules {
  std::string source;        ///< the raw number of attacks (p. 44)
  std::string bands_source;  ///< the Firearm Number of Attacks and Reload Tokens table (p. 44)
  double troops_divisor = 0, average_damage_divisor = 0;
  std::string default_reading;  ///< "examples" or "text"
  double flintlock_examples = 0, flintlock_text = 0, other_examples = 0, other_text = 0;
  int comparison_precision = 0;
  std::vector<Band> bands;
};

struct ReloadRules {
  std::string source;
  int tokens_removed_per_movement_sequence = 0;
  std::vector<Formation> marching_reload_formations, caracole_formations, pistol_melee_formations, volley_formations;
  bool may_fire_with_tokens = false;
  int caracole_min_pistols = 0, caracole_first_attack_tokens = 0;
  int pistol_charge_min_pistols = 0, pistol_charge_bonus_attacks = 0;
  std::vector<std::string> pistol_charge_barred_by;
  int volley_attacks_multiplier = 0, volley_tokens_multiplier = 0;
  int reload_adjustment_per_round = 0;  ///< denominator steps per round of reload time
};

struct MountedFootRules {
  std::string source;
  int light_cavalry_equivalent_units = 0, deploy_as_im_units = 0;
  double im_half_troops_fraction = 0;
  int br_treat_as_troops = 0;
  double br_formation_modifier = 0;
};

/// Firearm figures of data/firearms.toml the unit rules need.
struct FirearmFigures {
  double average_damage = 0;  ///< mean of the firearm damage die (1d8: 4.5)
  int normal_men_throw = 0, veteran_throw = 0;
  int apostles_reduction_rounds = 0, dex_modifier_sign = 0;
  std::vector<double> encumbrance_thresholds_stone;
  std::vector<int> encumbrance_increase_rounds;
  struct Range {
    std::string type;
    bool rifled = false;
    int ap_vs_foot = 0, max_vs_foot = 0, ap_vs_mounted = 0, max_vs_mounted = 0;
  };
  std::vector<Range> ranges;
  int armor_ignored = 0;
};

/// Campaign cost and movement figures the seed prints only as finished roster figures; each one
/// is the value most campaign-roster rows print (see the decisions notes), fitted at load time.
struct CampaignModel {
  double foot_supply_gp_week = 0, horse_supply_gp_week = 0, conscript_supply_gp_week = 0;
  double foot_specialists_gp_month = 0, horse_specialists_gp_month = 0, conscript_specialists_gp_month = 0;
  double miles_per_day_per_ft = 0;  ///< daily march in miles per foot of encounter movement
  double weeks_factor = 0;          ///< weekly march = daily x this (the rosters: 4)
  double weeks_per_month = 0;       ///< total monthly cost = wage + specialists + this x weekly supply
  int horse_unit_size = 0;          ///< unit size of the horse troop types (60)
  double veteran_extra_wage_gp = 0;
  double veteran_br_bonus_infantry = 0, veteran_br_bonus_cavalry = 0;
  double uhp_per_hd_troop = 0;     ///< unit hit points per troop-hit-die (fitted: 1/15)
  int cavalry_uhp_multiplier = 0;  ///< cavalry uhp count the mounts as well (fitted: 2)
};

struct UndrilledFootRules {
  int max_march = 0, max_hustle = 0, max_charge = 0;
};

struct Catalogue {
  std::vector<TroopType> troop_types;
  std::vector<Race> races;
  std::vector<Troop> troops;
  std::vector<RealmSize> realms;
  std::vector<RosterRow> roster;
  std::vector<FormationRow> formations;
  std::string formation_source;  ///< the Formation Modifier table (p. 44)
  MoveTable infantry, cavalry;
  UndrilledFootRules undrilled;
  std::vector<RateRow> rates;
  std::string rate_source;
  AttackCountRules attack;
  ReloadRules reload;
  MountedFootRules mounted_foot;
  std::vector<BrFactor> br_factors;
  BattleRatingRules br;
  FirearmFigures firearms;
  std::vector<firearms::FirearmType> firearm_types;  ///< data/firearms.toml [[firearm_type]]
  std::vector<EquipmentItem> equipment_items;        ///< data/troops.toml [[equipment_item]]
  CampaignModel campaign;
  std::string troops_source, wage_source, training_source, market_source, realm_source, qualifying_source;

  [[nodiscard]] const TroopType* troop_type(std::string_view key) const;
  [[nodiscard]] const Race* race(std::string_view key) const;
  [[nodiscard]] const Troop* troop(std::string_view race, std::string_view type) const;
  [[nodiscard]] const RosterRow* roster_row(std::string_view race, std::string_view type, RosterKind roster,
                                            bool veteran, std::optional<RosterVariant> variant = {}) const;
  /// The key of the human race (the first of group human): the line other races borrow.
  [[nodiscard]] const Race* human_race() const;
  [[nodiscard]] const FormationRow& formation(Formation f) const;
  [[nodiscard]] const BrFactor* br_factor(const std::string& firearm_key) const;
  [[nodiscard]] const RateRow* rate(Mechanism m, const std::string& firearm_key) const;
  /// A firearm type by key (data/firearms.toml); nullptr when unknown.
  [[nodiscard]] const firearms::FirearmType* firearm_type(std::string_view key) const;
  /// Whether a firearm of this type follows the pistol rules (p. 35).
  [[nodiscard]] bool is_pistol(const Firearm& f) const;
  /// The firearm type a printed weapon names ("flintlock pistol" -> pistol): the first type whose
  /// key the text holds; nullptr for none.
  [[nodiscard]] const firearms::FirearmType* firearm_type_in(std::string_view text) const;

  /// Resolves a user-written troop-type name ("matchlock musketeers", "Matchlock-Musketeers",
  /// "conscripts") to a key; nullopt when unknown.
  [[nodiscard]] std::optional<std::string> find_troop_type(std::string_view name) const;
  /// The same for races ("man", "human", "Hob.").
  [[nodiscard]] std::optional<std::string> find_race(std::string_view name) const;
  [[nodiscard]] std::string troop_type_list() const;
  [[nodiscard]] std::string race_list() const;

  std::unordered_map<std::string, size_t> troop_index;   ///< "race|type" -> troops index
  std::unordered_map<std::string, size_t> roster_index;  ///< "race|type|roster|veteran|variant" -> roster index
  std::unordered_map<std::string, std::string> troop_type_names, race_names;  ///< accepted spellings -> key
};

/// Reads an equipment list ("2 flintlock pistols", "pole arm", "shield", ...): a firearm is a
/// mechanism followed by one of the catalogue's firearm types, any other item one of its
/// equipment items. An item of neither is added to `unknown`.
Equipment read_equipment(const Catalogue& cat, const std::vector<std::string>& items,
                         std::vector<std::string>& unknown);

/// Builds the name and row indexes and the parsed forms of the tables (equipment lists, melee
/// cells); load_catalogue(tables) calls it. The items no [[equipment_item]] names are added to
/// `unknown`.
void prepare_catalogue(Catalogue& cat, std::vector<std::string>* unknown = nullptr);

/// The catalogue of `tables` (with its house rules), loaded and checked on the first call for that
/// Tables; later calls return the same catalogue. A failure is an internal error (exit 70): the
/// embedded data is part of the program (exit 65 when house rules caused it).
Expected<const Catalogue*> load_catalogue(const data::Tables& tables);

// ---------------------------------------------------------------------------------------------
// Rules that stand alone (worked examples)

/// Rate of fire denominator after reload-time adjustments (p. 44): the table's figure, plus one
/// per round of reload time above the default (no apostles in DF/DM, encumbrance), less the DEX
/// modifier; never below 1.
int adjusted_rate_denominator(const Catalogue& cat, int table_denominator, bool drilled_column, bool apostles,
                              int dex_modifier, double encumbrance_stone);

/// Raw number of firearm attacks (p. 44): (troops / 20) x (average damage / 4.5) x rate x misfire.
double raw_firearm_attacks(const Catalogue& cat, double troops, double average_damage, int rate_denominator,
                           double misfire_factor);

/// The Firearm Number of Attacks and Reload Tokens table (p. 44), the raw value compared at the
/// table's two decimals.
const Band& attacks_band(const Catalogue& cat, double raw);

/// Misfire factor of a mechanism under a reading ("examples" or "text"; see unit_rules.md C1).
double misfire_factor(const Catalogue& cat, Mechanism m, const std::string& reading);

/// BR rounding (p. 45): below 1 to the nearest 0.25, 1 or more to the nearest 0.5.
double round_battle_rating(const Catalogue& cat, double br);

/// Mounted Foot reform after battle (p. 31): the share of uhp the two Irregular Mounted halves
/// lost, applied to the unit's uhp, rounded to the nearest whole number with a half going to the
/// even integer.
struct Reform {
  int lost_numerator = 0, lost_denominator = 0;
  double uhp_lost_unrounded = 0;
  int uhp_lost = 0, uhp_remaining = 0;
};
Expected<Reform> reform_mounted_foot(int unit_uhp, std::array<int, 2> half_uhp, std::array<int, 2> half_uhp_lost);

/// Reload tokens over a sequence of rounds (p. 31, 35): each round the unit fires, stays
/// stationary or marches. Returns the tokens at the end of each round and whether it could fire.
enum class RoundAction { fire, stationary, march };
struct TokenTrack {
  std::vector<int> tokens_after_round;
  std::vector<bool> can_fire_in_round;
};
TokenTrack track_reload_tokens(const Catalogue& cat, Formation f, int tokens_per_attack, bool caracole,
                               const std::vector<RoundAction>& rounds);

/// A pistol charge's first melee attack sequence (p. 35-36).
struct PistolCharge {
  int attacks = 0;        ///< with the bonus attack where it applies
  int armor_ignored = 0;  ///< at the attack's range (firearms.toml battlefield range)
  int target_value = 0;   ///< the attack throw less the charge bonus
  int reload_tokens = 0;  ///< placed after the attack sequence
};
PistolCharge pistol_charge(const Catalogue& cat, int attacks, int pistols, bool lance_or_shield, int attack_throw,
                           int charge_bonus, int range_hexes, bool target_mounted, int reload_tokens);

// ---------------------------------------------------------------------------------------------
// Rating a unit

/// A unit movement in hexes, as the book prints it march/hustle/charge ("2/4/6"; "-/1/2": no march).
struct Movement {
  std::optional<int> march;  ///< none: a movement the unit cannot make ("-")
  int hustle = 0, charge = 0;
};

/// What a unit table or the command line gives. Every optional left empty is derived (from the
/// catalogue when `troop` names a troop type); every derived value can be given instead.
struct Request {
  std::string name;
  std::optional<std::string> troop;  ///< troop-type key or name
  std::string race = "man";
  bool veteran = false;
  std::optional<int> troops;
  // characteristics
  std::optional<int> ac, mount_ac, uhp, morale, move_ft, foot_move_ft;
  std::optional<std::string> hd;
  std::optional<bool> mounted, shield, firearm_experience, apostles;
  std::optional<std::vector<std::string>> weapons;
  std::optional<std::vector<Firearm>> firearms;
  std::optional<int> attack_throw, dex_modifier;
  std::optional<double> encumbrance_stone, average_damage;
  // formation and movement
  std::optional<Formation> formation;
  std::optional<Movement> movement;          ///< [[unit]] movement = "march/hustle/charge" (read_units)
  std::optional<std::string> rate_column;    ///< "drilled" or "other"
  std::string fm_pistol_column = "drilled";  ///< unit_rules.md C3: "drilled" or "other"
  std::string misfire_reading;               ///< "" = the data's default; "examples" or "text"
  std::optional<double> misfire_factor;
  std::optional<int> rate_denominator;
  std::optional<double> attacks_raw;  ///< of the primary firearm
  // melee
  std::optional<int> melee_attacks, charge_attacks;
  std::optional<double> melee_attacks_raw, max_charge_damage;
  std::optional<std::string> melee_weapon;
  std::string pistol_bonus = "rule";  ///< "rule" (never with lance or shield) or "rosters"
  // battle rating overrides
  std::optional<double> equipment_bonus, missile_value, melee_value, combat_modifier, morale_modifier, speed_modifier,
      formation_modifier;
  // campaign
  std::optional<double> wage_gp, supply_gp_week, specialist_gp_month, daily_miles;
  std::string wage_source = "wage-table";  ///< or "characteristics" (troops.md contradiction 1)
  std::optional<std::array<int, 2>> reform_uhp_lost;
  bool explain = false;
};

/// One firearm's attacks.
struct FirearmAttack {
  Firearm firearm;
  bool drilled_column = false;  ///< rate of fire read in the DF/DM column, else in "Other"
  /// The column as the rate-of-fire table prints it: "DF/DM" or "Other".
  [[nodiscard]] std::string rate_column() const { return drilled_column ? "DF/DM" : "Other"; }
  /// The column as Request::rate_column, the options and JSON name it: "drilled" or "other".
  [[nodiscard]] std::string rate_column_key() const { return drilled_column ? "drilled" : "other"; }
  int table_denominator = 0, rate_denominator = 0;
  double misfire = 0;
  double average_damage = 0;
  double attacks_raw = 0;
  int attacks = 0, reload_tokens = 0;
  bool caracole = false;
  int caracole_tokens = 0;  ///< reload tokens of its first pistol attack sequence, when `caracole` (p. 35)
  std::string line;                        ///< "1 matchlock musket 11+ (reload 2)"
  std::optional<std::string> volley_line;  ///< Drilled Foot volley fire
  std::optional<std::string> melee_line;   ///< FM pistol attack in the melee section, rendered from `melee`
  std::optional<Clause> melee;             ///< the figures of melee_line
  int ap_range_vs_foot = 0, max_range_vs_foot = 0, ap_range_vs_mounted = 0, max_range_vs_mounted = 0;
};

/// One deployment of a Mounted Foot unit.
struct Deployment {
  Formation formation = Formation::DF;
  int units = 1;
  int troops = 0;              ///< per unit
  int uhp = 0;                 ///< per unit
  std::string movement;        ///< "march/hustle/charge" as the book prints it
  std::optional<int> march;    ///< hexes; none: a movement it cannot make ("-")
  int hustle = 0, charge = 0;  ///< hexes
  std::vector<FirearmAttack> firearms;
};

/// A catalogue troop type's availability, training and qualifying figures (pp. 23-25).
struct Availability {
  const TroopType* type = nullptr;  ///< market and realm availability, era, training time and costs
  std::optional<int> qualifying_per_120;
  /// "Total Cost (Unit)" of this unit: the troop total x the unit's troops (the book prints it for
  /// the unit size; a unit of other troops costs in proportion). None when the book gives no troop total.
  std::optional<double> total_cost_unit_gp;
};

struct Rating {
  std::string name;
  std::string troop, race;  ///< keys; troop empty for a custom unit
  bool veteran = false;
  int troops = 0;
  bool mounted = false;
  int ac = 0;
  std::optional<int> ac_alt;
  HitDice hd;
  int uhp = 0, morale = 0;
  int encounter_move_ft = 0;
  Formation formation = Formation::DF;
  std::vector<Formation> formation_choices;
  std::optional<int> march;
  int hustle = 0, charge = 0;
  std::string movement;
  int attack_throw = 0;
  std::vector<FirearmAttack> firearms;
  std::optional<size_t> primary;  ///< index of the firearm the missile value uses
  std::vector<std::string> missile_lines, melee_lines;
  int melee_attacks = 0, charge_attacks = 0;
  double melee_attacks_raw = 0, max_charge_damage = 0;
  double equipment_bonus = 0, missile_value = 0, melee_value = 0, combat_modifier = 0;
  double uhp_factor = 0, morale_modifier = 0, speed_modifier = 0, formation_modifier = 0;
  double br_raw = 0, br_rounded = 0, special_attack_bonus = 0, br = 0;
  std::optional<double> br_published;
  double wage_gp_troop = 0, wage_gp_month = 0, supply_gp_week = 0, specialist_gp_month = 0, total_gp_month = 0;
  double daily_miles = 0, weekly_miles = 0;
  std::optional<Deployment> as_drilled_foot, as_irregular_mounted;
  std::optional<Reform> reform;
  std::optional<Availability> availability;
  std::vector<std::string> overridden;  ///< request keys that replaced a derived value
  std::vector<std::string> notes;       ///< where a figure comes from when it is not a rule
  report::Steps explain;
};

/// The figure of the explanation's step that adds up the campaign cost (a tool names there the house
/// rule behind the troop's wage, as in its cost table).
inline constexpr const char* kTotalCostFigure = "total cost a month";

/// Rates one unit. Errors are field errors (Diagnostic::field: the request's [[unit]] key, e.g.
/// "troops"; the caller places them at the key or on a flag): an unknown troop type or race, a
/// combination the tables rule out, troops out of range, hit dice written wrongly, a unit with
/// nothing to rate.
Expected<Rating> rate(const Catalogue& cat, const Request& req);

/// The largest troop count accepted.
inline constexpr int kMaxTroops = 100000;

// ---------------------------------------------------------------------------------------------
// Rosters against the formulas

/// The numbers of a compared figure (up to three: a movement's march, hustle and charge; an AC and
/// its alternative; hit dice and their bonus), none where a part is not a number or not given.
using CompareFigures = std::array<std::optional<double>, 3>;
struct CompareField {
  std::string field;                ///< the figure's JSON key in unit-br's outputs: "ac", "hd", "movement", "br", ...
  std::string kind;                 ///< "attack-line", "battle-rating", "cost", "movement", "characteristic", ...
  std::string published, computed;  ///< as printed (computed: empty when the formulas give none)
  CompareFigures published_figures, computed_figures;
  bool agrees = false;
};
struct CompareUnit {
  std::string key, name;
  std::vector<CompareField> fields;
};
/// Recomputes every roster unit from its troop type, race and veteran status and compares it
/// with the printed figures, field by field.
std::vector<CompareUnit> compare(const Catalogue& cat, const Request& options);

}  // namespace gunpowder::units
