// artillery.hpp - gunpowder artillery (seed 000, "Artillery of the Pike and Shot Age" to
// "Sieges Simplified", and "Gunpowder in an Age of Swords and Sorcery"): the book's 17 pieces,
// the design formulas for any other piece, carriages and mobility, bombardment, battle ratings,
// artillery as automatons and the alternative gunpowder economies.
//
// Model and rules only: no I/O, no TOML, no command line. The tables come from
// data/artillery.toml and data/gunpowder_economies.toml through load_catalogue(tables).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/core/explain.hpp"

namespace gunpowder::data {
class Tables;
}

namespace gunpowder::artillery {

enum class Type { cannon, gun, mortar };
enum class Carriage { carriageless, garrison, field, limber };
enum class Era { early, middle, late };
enum class Bracket { short_range, medium_range, long_range };
enum class FireMode { direct, plunging };
/// The order of the rate-of-fire step of the design formulas ("Determining Gunpowder Artillery
/// Characteristics", ROF): the text computes shots per day and derives the rate of fire from them
/// (shots_first, the default); rof_first rounds the rate of fire first and derives shots per day
/// from it as the Bombardment table does, which reproduces more of the printed figures.
enum class RateReading { shots_first, rof_first };

inline constexpr std::array<Carriage, 4> kCarriages = {Carriage::carriageless, Carriage::garrison, Carriage::field,
                                                       Carriage::limber};
inline constexpr std::array<Type, 3> kTypes = {Type::cannon, Type::gun, Type::mortar};

std::string to_string(Type t);
std::string to_string(Carriage c);
std::string to_string(Era e);
std::string to_string(Bracket b);
std::string to_string(FireMode m);
std::optional<Type> parse_type(const std::string& s);
std::optional<Carriage> parse_carriage(const std::string& s);
std::optional<Era> parse_era(const std::string& s);

// ---------------------------------------------------------------------------------------------
// The book's tables (data/artillery.toml)

struct Bombard {  ///< shp of stone per day; nullopt where the table prints "-"
  std::optional<double> short_direct, medium_direct, medium_plunging, long_direct, long_plunging;
  [[nodiscard]] std::optional<double> get(Bracket b, FireMode m) const;
};

struct BattlefieldUnit {  ///< one row of the artillery unit roster (p. 36-37)
  int pieces = 0;
  std::string formation;
  int ac = 0;
  std::string hd;
  int uhp = 0;
  int morale = 0;
  std::vector<std::string> crew_attacks;
  std::string artillery_attack;
  int reload = 0;
};

struct BookPiece {
  std::string name;  ///< "60-pdr Cannon"
  Type type = Type::gun;
  double shot_lb = 0;
  std::string shot_kind;  ///< "round" | "stone"
  int ac = 0, shp = 0;
  double base_weight_lb = 0;
  double caliber_in = 0, barrel_length_in = 0, powder_lb = 0;
  double range_short_yd = 0, range_medium_yd = 0, range_long_yd = 0;
  int damage_dice = 0, aoe_ft = 0, crew = 0, rounds_per_shot = 0;
  double cost_gp = 0, shot_cost_gp = 0;
  std::array<std::optional<Era>, 4> carriage_era{};  ///< by Carriage; nullopt = not available
  std::array<int, 4> horses{};
  Bombard bombard;
  int shots_per_day = 0;
  double cost_gp_per_day = 0;
  int unit_size = 0;
  double br = 0;
  int bonus_units = 0;
  BattlefieldUnit battlefield_unit;
  /// The keys of this row a house rule changed (or added the row), each with its source
  /// ("house rule (FILE)", data::Tables::house_rule_source); empty without house rules.
  std::map<std::string, std::string> house_rule_sources;
};

struct CarriageRule {
  Carriage key = Carriage::carriageless;
  std::string name;
  int daily_miles = 0, weekly_miles = 0;
  std::string encounter_move;
  int encounter_move_ft = 0;
  std::string assembly;
  int assembly_turns_per_lb = 0;  ///< 0 when the assembly time is fixed
  int assembly_turns = 0;
  int assembly_rounds = 0;
  double cost_pct = 0, weight_pct = 0;
  double horse_divisor_lb = 0, cart_divisor_lb = 0;
  std::string battlefield_move;
  /// The battlefield movement in hexes, march/hustle/charge (Artillery Movement, read from
  /// battlefield_move at load): nullopt where it may not ("-"), 0 for a facing change only ("*").
  std::array<std::optional<int>, 3> battlefield_hexes{};
};

/// The constants of "Determining Gunpowder Artillery Characteristics" (p. 13-14).
struct DesignRules {
  double caliber_offset_in = 0, caliber_k_iron = 0, caliber_k_stone = 0;
  std::array<double, 3> barrel_calibers{}, powder_ratio{}, short_range_yd_per_ft{}, long_range_mult{}, weight_mod{};
  double short_range_round_yd = 0, medium_range_fraction = 0, medium_range_round_yd = 0, long_range_round_yd = 0;
  double spd_numerator = 0, spd_ref_shot_lb = 0, spd_exponent = 0, spd_factor_mortar = 0, rof_rounds_per_day = 0;
  double cost_gp_per_lb_base_weight = 0;
  double shot_undersize_in = 0;                    ///< shot is this much smaller than the calibre (Barrel Caliber)
  std::vector<std::pair<double, int>> crew_bands;  ///< (max shot lb, crew)
  double crew_extra_above_lb = 0, crew_extra_lb_per_man = 0;
  std::vector<std::pair<double, double>> damage_bands;  ///< (up to powder lb or +inf, lb per die)
  double aoe_line_base_ft = 0, aoe_line_per_die_ft = 0, aoe_line_max_ft = 0, aoe_line_width_ft = 0;
  std::vector<std::pair<int, int>> mortar_aoe_bands;  ///< (max dice or INT_MAX, radius ft)
  /// The keys of [rules.design] a house rule changed ("damage_band", "powder_ratio_gun"), with
  /// their source ("house rule (FILE)"); empty without house rules. The formulas' figures computed
  /// from them say so (formula_characteristics, Characteristics::ruled).
  std::map<std::string, std::string> house_rule_sources;
};

struct AttackRules {
  int normal_men_throw = 0, veteran_throw = 0;
  std::array<int, 3> range_mod{};  ///< by Bracket
  int plunging_mod = 0;
  /// fire modes allowed, by type then bracket
  std::array<std::array<std::vector<FireMode>, 3>, 3> modes{};
  int structural_save_base = 0;
  int artillerist_shortage_mod = 0;
  double lighter_shot_range_factor = 0;
  std::array<double, 3> wood_increase_pct{};   ///< by Bracket
  std::string bombardment_source;              ///< [rules.bombardment] source (the wood increase)
  std::string range_source, fire_mode_source;  ///< [rules.range] and [rules.fire_mode] sources
};

struct TransportRules {
  double large_cart_lb = 0;
  int substitute_men = 0, substitute_mules = 0, substitute_medium_horses = 0;
  std::string source;  ///< [rules.transport] source: the horses, carts and wagons rules
};

/// The gunpowders of the Gunpowder Type table (Guns of War, p. 53): a closed kind, since the
/// rules single out two (a dwarven piece is made by a dwarven machinist, may be an automaton and
/// takes the [dwarven] prices; the Bombardment table's daily cost is at historical prices) and the
/// command line offers the four (`--gunpowder`, read before house rules are). Spelled once, in
/// gunpowder_kind_names() (the `id` of its [[gunpowder_type]] row); a row of another id, from
/// house rules, is refused with the list.
enum class GunpowderKind { historical, alchemical, magical, dwarven };
/// "historical", "alchemical", "magical", "dwarven", in the enum's order.
const std::vector<std::string>& gunpowder_kind_names();
std::optional<GunpowderKind> parse_gunpowder_kind(std::string_view id);

struct GunpowderType {
  GunpowderKind kind = GunpowderKind::historical;
  std::string id, name, proficiency;
  std::optional<double> powder_gp_per_lb;
  std::optional<double> cost_multiplier;
  /// "house rule (FILE)" where house rules changed its powder price or its price multiplier;
  /// empty for the book's.
  std::string powder_source, multiplier_source;
};

struct EconomyRules {
  std::vector<GunpowderType> types;
  double workshop_gp_per_day = 0;
  double dwarven_powder_gp_per_lb = 0, dwarven_multiplier = 0;
  /// "house rule (FILE)" where house rules changed the dwarven recommendations; empty for the book's.
  std::string dwarven_powder_source, dwarven_multiplier_source;
  int dwarven_market_class_reduction = 0;
  double machinist_base_days = 0, machinist_days_per_1000gp = 0;
  double machinist_throw_gp_per_step = 0;  ///< +1 to the machinist's throw per this much value
  /// The price multipliers the book uses: from the historical x1 ([dwarven] price_multiplier_min) to
  /// the machinist-built artillery's x10 ([dwarven.machinist] artillery_cost_multiplier).
  double price_multiplier_min = 0, price_multiplier_max = 0;
};

/// A price and making time the text states ("Gunpowder in an Age of Swords and Sorcery").
struct PriceExample {
  std::string item, gunpowder;
  double historical_gp = 0, price_gp = 0;
  std::optional<double> days_stated, years_stated;
  std::string source;
};

/// The Dwarven Gunpowder availability example: an item in a market class of a settlement.
struct MarketExample {
  std::string item, settlement;
  double powder_gp_per_lb = 0, item_price_gp = 0;
  int market_class = 0;
  double availability_pct_stated = 0;  ///< from an ACKS table no book of the suite prints
  std::string source;
};

/// The Dwarven Gunpowder example of Grimm's 60-pdr cannon, every stated figure.
struct GrimmExample {
  std::string item;
  double historical_gp = 0, price_stated_gp = 0, multiplier_stated = 0;
  int base_throw = 0, throw_after_penalty_stated = 0, workshop_bonus = 0, materials_bonus = 0, throw_needed_stated = 0;
  double build_days_stated = 0;
  std::string source;
};

/// The market classes of ACKS: Class I (largest) to Class VI (smallest).
inline constexpr int kSmallestMarketClass = 6;

struct AutomatonRules {
  int immobile_abilities = 0;
  double line_aoe_multiplier = 0, mortar_aoe_pi = 0, sq_ft_per_target = 0, hd_divisor = 0, weight_st_per_hd2 = 0;
  double cost_per_hd = 0, cost_per_ability = 0;
  std::array<int, 3> type_abilities{};  ///< by Type
  std::array<double, 3> range_ft_per_max_damage{};
  double lb_per_stone = 0;          ///< the book's general rule: a barrel of 10 stone weighs 100 lb
  double example_lb_per_stone = 0;  ///< the Grimm automaton example: 640 st "about 7,680 lbs"
};

struct Sources {
  std::string characteristics, price_list, mobility, horses, bombardment, battle_rating, bonus_units, battlefield_units,
      design, economies, automaton;
};

/// Everything the artillery rules read from data/.
struct Catalogue {
  std::vector<BookPiece> pieces;
  std::array<CarriageRule, 4> carriages{};
  DesignRules design;
  AttackRules attack;
  TransportRules transport;
  EconomyRules economy;
  AutomatonRules automaton;
  std::vector<PriceExample> price_examples;
  std::vector<MarketExample> market_examples;
  GrimmExample grimm;
  Sources sources;
  /// Bombardment model for designed pieces: shp/day = shots/day x mean damage x factor,
  /// one factor per (bracket, mode), fitted as the median over the book's pieces.
  std::array<std::array<std::optional<double>, 2>, 3> bombard_factor{};
  /// Derived once at load for designed pieces: the heaviest book piece of each type that may have
  /// each carriage (-1: none may), the era each carriage appears in (-1: never), the rule's text.
  std::array<std::array<double, 4>, 3> carriage_weight_limit{};
  std::array<int, 4> carriage_from_era{};
  std::array<std::array<std::string, 4>, 3> carriage_rule_text{};
  std::vector<std::pair<double, double>> stone_shot_prices;  ///< (shot lb, gp), the book's mortars, sorted
  std::string workshop_rule_text, machinist_rule_text;

  [[nodiscard]] const BookPiece* find(Type t, double shot_lb) const;
  [[nodiscard]] const CarriageRule& carriage(Carriage c) const { return carriages[static_cast<size_t>(c)]; }
  [[nodiscard]] const GunpowderType* gunpowder(const std::string& id) const;
};

/// The suite's spelling (suite_spelling, docs/vocabulary.md) of a value typed in the book's own,
/// "&" read as "and"; the whole name the book gives a carriage or a gunpowder (the Gunpowder
/// Mobility table's "Field Carriage and Limber", the Gunpowder Type table's "Dwarven Gunpowder")
/// is its key. "Cannon" is "cannon", "Early" "early"; anything else comes back so spelt, for the
/// caller to refuse.
std::string from_book_spelling(std::string_view typed);

/// The catalogue of `tables` (with its house rules), loaded and checked on the first call for that
/// Tables; later calls return the same catalogue. A failure is an internal error (exit 70): the
/// embedded data is part of the program (exit 65 when house rules caused it).
Expected<const Catalogue*> load_catalogue(const data::Tables& tables);

/// The shot weights of the book's pieces, each once, ascending, as a user types them ("1", "90"):
/// the values shell completion offers for --shot-lb. Empty when the catalogue cannot be loaded.
std::vector<std::string> book_shot_weights(const data::Tables& tables);

// ---------------------------------------------------------------------------------------------
// Designing a piece

/// The dearest powder a request may name, gp per pound (--powder-gp-per-lb, a [[piece]]'s
/// powder_gp_per_lb): a thousand times the book's dearest economy (1,000 gp/lb), so that no cost
/// leaves the range of a figure.
inline constexpr double kMaxPowderGpPerLb = 1e6;

/// Shot weights outside this range are refused as absurd (the book spans 1 to 200 lb).
inline constexpr double kMinShotLb = 0.25;
inline constexpr double kMaxShotLb = 1000;

struct Request {
  std::string name;  ///< empty: "<shot>-pdr <Type>"
  Type type = Type::gun;
  double shot_lb = 0;
  std::optional<double> powder_lb;     ///< reduced charge
  std::optional<double> shot_used_lb;  ///< lighter shot
  std::optional<Carriage> carriage;
  std::optional<Era> era;
  std::string gunpowder = "historical";
  std::optional<double> price_multiplier;  ///< overrides the economy's multiplier (dwarven "varies")
  std::optional<double> powder_gp_per_lb;  ///< overrides the economy's powder price (at most kMaxPowderGpPerLb)
  bool force_formula = false;
  RateReading rate_reading = RateReading::shots_first;
  std::optional<double> lb_per_stone;  ///< automaton weight: pounds per stone (default the book's 10)
  bool explain = false;                ///< fill Design::explain with the derivation
};

/// Every characteristic of the Gunpowder Artillery Characteristics table.
struct Characteristics {
  std::string_view source;  ///< "book" or "formula": where every figure comes from unless `ruled` says otherwise
  /// The figures a house rule changed, by their key in data/artillery.toml's [[piece]]
  /// ("damage_dice", "range_short_yd"), with their source ("house rule (FILE)"); see source_of.
  std::vector<std::pair<std::string_view, std::string_view>> ruled;
  int ac = 0, shp = 0;
  double base_weight_lb = 0, caliber_in = 0, barrel_length_in = 0, shot_lb = 0, powder_lb = 0;
  double range_short_yd = 0, range_medium_yd = 0, range_long_yd = 0;
  int damage_dice = 0, aoe_ft = 0, crew = 0, rounds_per_shot = 0, shots_per_day = 0;
  int aoe_width_ft = 0;  ///< a line's width (a gun's or cannon's area of effect); 0 for a mortar's radius
  double cost_gp = 0, shot_cost_gp = 0, powder_cost_gp = 0;
  double shot_diameter_in = 0;  ///< calibre less the windage ("fires shot at least 1/4 in smaller")
  [[nodiscard]] std::string damage() const { return std::to_string(damage_dice) + "d10"; }
  /// Where the figure of `key` ([[piece]]'s key: "damage_dice") came from: its house rule, or `source`.
  [[nodiscard]] std::string_view source_of(std::string_view key) const {
    for (const auto& [k, s] : ruled)
      if (k == key) return s;
    return source;
  }
};

struct MobilityRow {
  // Text fields view strings owned by the catalogue or literals: they live as long as the process.
  Carriage carriage = Carriage::carriageless;
  std::string_view name;
  bool available = false;                ///< in the chosen era (or in some era when none is chosen)
  std::optional<Era> from_era;           ///< the era from which the carriage exists; none: never
  std::string_view availability;         ///< from_era spelled: "early", "middle", "late" or "not available"
  std::string_view availability_source;  ///< "book" or the rule used for a designed piece
  double carriage_cost_gp = 0, carriage_weight_lb = 0, total_weight_lb = 0;
  int horses = 0;
  std::string_view horses_source;  ///< "book" or "formula"
  int substitute_men = 0, substitute_mules = 0, substitute_medium_horses = 0;
  int carts = 0, wagons = 0;
  int daily_miles = 0, weekly_miles = 0;
  std::string_view encounter_move, battlefield_move;      ///< as the book prints them
  int encounter_move_ft = 0;                              ///< the largest move a turn, ft (0: none, or a facing change)
  std::array<std::optional<int>, 3> battlefield_hexes{};  ///< march/hustle/charge (CarriageRule::battlefield_hexes)
  std::string assembly;                                   ///< e.g. "50 turns"
  std::optional<int> assembly_turns, assembly_rounds;     ///< the same time as a number: one of them
};

struct BombardRow {
  Bracket bracket = Bracket::short_range;
  FireMode mode = FireMode::direct;
  double range_from_yd = 0, range_to_yd = 0;
  double shp_per_day_stone = 0, shp_per_day_wood = 0;
  std::string_view source;  ///< "book", "book, scaled by the reduced charge", "model" or a house rule's
};

struct Bombardment {
  int shots_per_day = 0;
  double cost_gp_per_day = 0;
  std::string cost_per_day_source;  ///< "book", "formula" or a house rule's (with what else it is computed from)
  std::vector<BombardRow> rows;
};

struct Battle {
  bool from_book = false;                ///< false: the figures of the nearest book piece
  const BookPiece* reference = nullptr;  ///< the book piece the figures come from
  int unit_size = 0;
  double br = 0;
  int bonus_units = 0;
  int reload = 0;  ///< reload tokens of the battlefield unit after an artillery attack
  [[nodiscard]] const BattlefieldUnit& unit() const { return reference->battlefield_unit; }
  /// "book" or "nearest book piece: <name>"
  [[nodiscard]] std::string source() const;
  /// "1 gunpowder artillery attack 11+ (36 reload)"
  [[nodiscard]] std::string artillery_attack() const;
};

struct Automaton {
  double max_damage = 0, aoe_sq_ft = 0, targets = 0, max_damage_per_round = 0;
  int hd = 0;
  double weight_st = 0, lb_per_stone = 0, weight_lb = 0, range_ft = 0;
  int special_abilities = 0;
  double cost_gp = 0;
};

struct Economy {
  std::string gunpowder;
  double powder_gp_per_lb = 0, cost_multiplier = 0;
  /// Where the powder price and the price multiplier come from when not from the book's table for
  /// the gunpowder: "given" (the request's) or "house rule (FILE)"; empty otherwise.
  std::string powder_source, multiplier_source;
  double piece_cost_gp = 0, powder_cost_per_shot_gp = 0, cost_gp_per_day = 0;
  double making_days = 0;
  std::string_view making_rule;
  int market_class_reduction = 0;
};

struct Design {
  std::string name;
  Type type = Type::gun;
  Characteristics book_or_formula;  ///< the piece at full charge with its own shot
  Characteristics formula;          ///< the design formulas' figures, always computed
  Characteristics effective;        ///< after reduced charge / lighter shot / economy
  std::optional<double> powder_used_lb, shot_used_lb;
  std::vector<MobilityRow> mobility;
  std::optional<Carriage> carriage;
  std::optional<Era> era;
  Bombardment bombardment;
  Battle battle;
  Economy economy;
  std::optional<Automaton> automaton;  ///< dwarven gunpowder only
  report::Steps explain;
};

/// The design formulas alone (p. 14), in the text's order, with the derivation appended to
/// `explain` when given; `rate` chooses the order of the rate-of-fire step.
Characteristics formula_characteristics(const Catalogue& cat, Type type, double shot_lb,
                                        report::Steps* explain = nullptr, RateReading rate = RateReading::shots_first);
std::string to_string(RateReading r);
std::optional<RateReading> parse_rate_reading(const std::string& s);
/// Designs one piece; errors (absurd weights, a charge above the piece's own, a carriage the
/// piece or era rules out) name the offending field.
Expected<Design> design(const Catalogue& cat, const Request& req);

/// The automaton of the "Steampunk 2020 BC" rule for a piece's characteristics; its weight in
/// pounds at `lb_per_stone` (the book's 10 unless given; the Grimm example's arithmetic is 12).
Automaton as_automaton(const Catalogue& cat, Type type, const Characteristics& c, report::Steps* explain,
                       std::optional<double> lb_per_stone = std::nullopt);

/// Comparison of the formulas with the book, field by field.
struct CompareField {
  std::string field;
  double book = 0, formula = 0;
  [[nodiscard]] bool agrees() const;
};
std::vector<CompareField> compare(const Catalogue& cat, const BookPiece& p,
                                  RateReading rate = RateReading::shots_first);

/// The bombardment model's figure for a piece at one bracket and mode (shp of stone per day),
/// or nullopt where that fire is impossible: shots/day x 5.5 per die x dice x the fitted factor,
/// rounded as the book's table is (nearest 25, or nearest 5 below 200).
std::optional<double> bombard_model(const Catalogue& cat, const Characteristics& c, Bracket b, FireMode m);

/// Price and making time of any item under a gunpowder economy (p. 53): historical price x the
/// economy's multiplier; days = price / the workshop's 5 gp a day, rounded up (a 15 gp arquebus:
/// alchemical 30 gp and 6 days, magical 75 gp and 15 days).
struct Priced {
  double price_gp = 0;
  double days = 0;
};
Expected<Priced> priced(const Catalogue& cat, double historical_gp, const std::string& gunpowder);

/// A dwarven machinist's proficiency-throw target (Dwarven Gunpowder example, p. 54): the base
/// throw, +1 per 5,000 gp of value (rounded up), less the workshop and materials bonuses.
int machinist_throw(int base_throw, double value_gp, int bonuses, double gp_per_step = 5000);

/// The market class an item is bought in outside dwarven lands under dwarven gunpowder (Dwarven
/// Gunpowder: "reduced by one market class"): Class V acts as Class VI; nullopt when the reduction
/// takes it past the smallest class (Class VI: not available at all).
std::optional<int> dwarven_market_class(const Catalogue& cat, int market_class);

}  // namespace gunpowder::artillery
