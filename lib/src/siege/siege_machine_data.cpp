// siege_machine_data.cpp - loads data/siege_machine.toml, the Siege Machine of seed 004, once:
// the one loader of that file (siege::load_rules takes the siege engine ids from it).
// The embedded tables are part of the program: any error is internal (exit 70).
#include <algorithm>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/input/reader.hpp"
#include "gunpowder/siege/siege_machine.hpp"

namespace gunpowder::siege {

using input::Need;
using input::TableReader;

const SmEquipment* SiegeMachineRules::find_equipment(const std::string& id) const {
  return lookup::find(equipment, [&](const auto& e) { return e.id == id; });
}
const SmFortification* SiegeMachineRules::find_fortification(const std::string& id) const {
  return lookup::find(fortifications, [&](const auto& f) { return f.id == id; });
}
const SmBonusRule* SiegeMachineRules::bonus_rule(bool defender, const std::string& option) const {
  for (const auto& b : bonus_rules)
    if (b.defender == defender && b.option == option) return &b;
  return nullptr;
}
const SmScaling* SiegeMachineRules::scaling_for(const std::string& option) const {
  for (const auto& s : scaling)
    if (s.option == option) return &s;
  return nullptr;
}
const SmDetection* SiegeMachineRules::detection_for(const std::string& option) const {
  for (const auto& x : detection)
    if (x.option == option) return &x;
  return nullptr;
}

const SmCreateFood* SiegeMachineRules::create_food_at(int level) const {
  return lookup::find(create_food, [&](const auto& c) { return c.level == level; });
}
const SmConversion* SiegeMachineRules::conversion_for(const std::string& id) const {
  return lookup::find(conversion, [&](const auto& c) { return c.equipment == id; });
}

const std::vector<std::string>& sm_category_names() {
  static const std::vector<std::string> names = {"artillery", "ballista", "ram", "assault", "cover", "shelter"};
  return names;
}

std::optional<SmCategory> parse_sm_category(std::string_view s) {
  return kind_named<SmCategory>(sm_category_names(), s);
}

const std::vector<std::string>& sm_value_column_names() {
  static const std::vector<std::string> names = {"assault", "harass"};
  return names;
}

namespace {

// The attacker's options (War Machine, Attacker options): a closed kind, each with its own rules;
// the tables of bonuses, casualties and detection name the three that fight or fire (kAttackerOptions,
// whose order is that of SiegeMachineRules::reclaim_attacker). The defender's options are two of
// the same spellings: depart, and assault (a sally).
enum class Option { depart, bombard, harass, assault };
const std::vector<std::string> kAttackerOptionIds = {"depart", "bombard", "harass", "assault"};
const std::vector<std::string> kAttackerOptions(kAttackerOptionIds.begin() + 1, kAttackerOptionIds.end());
const std::vector<std::string> kDefenderOptionIds = {kAttackerOptionIds[0], kAttackerOptionIds[3]};
std::optional<Option> option_named(const std::optional<std::string>& id) {
  return id ? kind_named<Option>(kAttackerOptionIds, *id) : std::nullopt;
}

// [numerator, denominator] of whole numbers up to kMaxWholeNumber (the denominator at least 1);
// a share of a whole (Share::yes: a crew's count, the ammunition reclaimed) at most 1. (The
// casualty scales of a harassment or an assault multiply the table's figure: above 1 a bloodier
// battle, the loss itself at most the whole side.)
enum class Share : bool { no, yes };
war::Fraction fraction(TableReader& r, std::string_view key, Need need, bool* given = nullptr, Share share = Share::no) {
  war::Fraction f{0, 1};
  const toml::array* a = r.array(key, need);
  if (given) *given = a != nullptr;
  if (!a) return f;
  const auto most = static_cast<std::int64_t>(input::kMaxWholeNumber);
  const auto at = [a](size_t i) { return (*a)[i].value<std::int64_t>().value_or(-1); };
  if (a->size() != 2 || !(*a)[0].is_integer() || !(*a)[1].is_integer() || at(0) < 0 || at(0) > most || at(1) < 1 ||
      at(1) > most) {
    r.error_at(key, std::string(key) + " must be [numerator, denominator] of whole numbers from 0 (1 for the " +
                        "denominator) to " + fmtnum::grouped(most));
    return f;
  }
  if (share == Share::yes && at(0) > at(1)) {
    r.error_at(key, std::string(key) + " is a share of a whole: at most [1, 1], got [" + std::to_string(at(0)) + ", " +
                        std::to_string(at(1)) + "]");
    return f;
  }
  f.n = at(0);
  f.d = at(1);
  return f;
}

int integer(TableReader& r, std::string_view key) { return static_cast<int>(r.integer(key, Need::required).value_or(0)); }
std::string str(TableReader& r, std::string_view key) { return r.string(key, Need::required).value_or(""); }

template <typename Fn>
void rows(const input::Document& doc, TableReader& top, std::string_view key, Diagnostics& d, Fn fn) {
  if (const auto* a = top.array(key, Need::required))
    for (const auto& n : *a)
      if (const auto* t = n.as_table()) {
        TableReader r(doc, *t, d, "[[" + std::string(key) + "]]");
        fn(r);
        r.note("source");
        r.finish();
      }
}

bool parse_dice(const std::string& s, int& n, int& sides) {
  dice::Notation nt;
  if (!dice::parse_notation(s, nt) || nt.bonus != 0) return false;
  n = nt.count;
  sides = nt.sides;
  return true;
}

// [siege_machine], [preparation] and [ammunition]: how long a battle's fatigue lasts, and whether a
// ballista's ammunition can be reclaimed.
void read_turn_rules(const input::Document& doc, TableReader& top, Diagnostics& d, SiegeMachineRules& r) {
  if (const auto* t = top.table("siege_machine", Need::required)) {
    TableReader e(doc, *t, d, "[siege_machine]");
    e.string("turn_length", Need::required, {"week"});
    r.fatigue_weeks =
        static_cast<int>(e.integer("fatigue_lasts_weeks", Need::required, input::positive(52)).value_or(1));
    e.note("source");
    e.finish();
  }
  if (const auto* t = top.table("preparation", Need::required)) {
    TableReader e(doc, *t, d, "[preparation]");
    for (const char* k : {"weekly_costs", "source"}) e.note(k);
    e.finish();
  }
  if (const auto* t = top.table("ammunition", Need::required)) {
    TableReader e(doc, *t, d, "[ammunition]");
    r.ballista_ammunition_ruined = e.boolean("ballista_ammunition_ruined", Need::required).value_or(true);
    for (const char* k : {"stone_building_destroyed_yields", "source"}) e.note(k);
    e.finish();
  }
}

// [[equipment]] and [[fortification]]: the BR of siege equipment and fortifications.
void read_devices(const input::Document& doc, TableReader& top, Diagnostics& d, SiegeMachineRules& r) {
  rows(doc, top, "equipment", d, [&](TableReader& e) {
    SmEquipment q;
    q.id = str(e, "id");
    q.label = str(e, "label");
    q.category =
        parse_sm_category(e.value("category", Need::required, sm_category_names()).value_or("")).value_or(q.category);
    q.br = static_cast<int>(e.integer("br", Need::optional).value_or(0));
    if (auto v = e.integer("br_assault", Need::optional)) q.br_assault = static_cast<int>(*v);
    if (auto v = e.integer("br_harass", Need::optional)) q.br_harass = static_cast<int>(*v);
    if (const auto* m = e.array("multiplies", Need::optional))
      for (const auto& n : *m) q.multiplies.push_back(n.value<std::string>().value_or(""));
    q.multiplier = static_cast<int>(e.integer("multiplier", Need::optional).value_or(1));
    if (auto v = e.integer("requires_one_per_men", Need::optional)) q.one_per_men = static_cast<int>(*v);
    e.note("footnotes");
    r.equipment.push_back(q);
  });
  rows(doc, top, "fortification", d, [&](TableReader& e) {
    SmFortification f;
    f.id = str(e, "id");
    f.label = str(e, "label");
    f.br = integer(e, "br");
    if (auto v = e.integer("per_length_ft", Need::optional)) f.per_length_ft = static_cast<int>(*v);
    f.attacker = e.string("beneficiary", Need::required, {"defender", "attacker"}).value_or("") == "attacker";
    f.stone_building = e.boolean("stone_building", Need::optional).value_or(false);
    r.fortifications.push_back(f);
  });
}

/// The crew bands cover every crew from none up, each crew once: from 0, each band starting where
/// the one before ends, the last open (and above).
void check_crew_bands(std::vector<SmCrewBand> bands, Diagnostics& d) {
  std::sort(bands.begin(), bands.end(), [](const SmCrewBand& a, const SmCrewBand& b) { return a.min < b.min; });
  double from = 0;
  for (size_t i = 0; i < bands.size(); ++i) {
    const bool last = i + 1 == bands.size();
    if (bands[i].min != from || bands[i].max_exclusive.has_value() == last ||
        (bands[i].max_exclusive && *bands[i].max_exclusive <= bands[i].min)) {
      d.error({},
              "siege_machine.toml: the [[crew_band]] rows must cover every crew from 0 once: each from where "
              "the one before ends (" +
                  fmtnum::trim(from, 3) +
                  "), only the last without "
                  "crew_fraction_max_exclusive");
      return;
    }
    from = bands[i].max_exclusive.value_or(from);
  }
}

// [[tactic_bonus_rule]], [[attacker_option]], [[casualty_scaling]] and [[crew_band]].
void read_bonus_rules(const input::Document& doc, TableReader& top, Diagnostics& d, SiegeMachineRules& r) {
  rows(doc, top, "tactic_bonus_rule", d, [&](TableReader& e) {
    SmBonusRule b;
    b.defender = e.string("side", Need::required, {"defender", "attacker"}).value_or("") == "defender";
    b.option = e.string("attacker_option", Need::required, kAttackerOptions).value_or("");
    b.artillery = fraction(e, "artillery_fraction", Need::optional, &b.artillery_given);
    b.ballista = fraction(e, "ballista_fraction", Need::required);
    // other_equipment: equipment ids; "all" for every item.
    if (const auto* o = e.array("other_equipment", Need::optional))
      for (const auto& n : *o) b.other.push_back(n.value<std::string>().value_or(""));
    b.other_all = std::find(b.other.begin(), b.other.end(), "all") != b.other.end();
    if (const auto c = e.string("equipment_value_column", Need::optional, sm_value_column_names()))
      b.column = kind_named<SmValueColumn>(sm_value_column_names(), *c);
    e.note("condition");
    b.source = e.string("source", Need::optional).value_or(r.source);
    r.bonus_rules.push_back(b);
  });
  rows(doc, top, "attacker_option", d, [&](TableReader& e) {
    const auto id = option_named(e.string("id", Need::required, kAttackerOptionIds));
    const auto pct = e.number("br_bonus_pct", Need::optional);
    if (id == Option::assault && pct) r.assault_br_pct = static_cast<int>(*pct);
    for (const char* k : {"label", "description"}) e.note(k);
  });
  rows(doc, top, "casualty_scaling", d, [&](TableReader& e) {
    SmScaling s;
    s.option = e.string("attacker_option", Need::required, kAttackerOptions).value_or("");
    bool given = false;
    s.attacker = fraction(e, "attacker_casualty_fraction", Need::optional, &given);
    if (!given) s.attacker = {1, 1};
    s.defender = fraction(e, "defender_casualty_fraction", Need::optional, &given);
    if (!given) s.defender = {1, 1};
    s.location_changes = e.boolean("location_changes", Need::optional).value_or(true);
    if (const auto* a = e.array("artillery_split_pct", Need::required); a && a->size() == 2)
      s.artillery_split_pct = {static_cast<int>((*a)[0].value<std::int64_t>().value_or(0)),
                               static_cast<int>((*a)[1].value<std::int64_t>().value_or(0))};
    e.note("rout_means");
    r.scaling.push_back(s);
  });
  rows(doc, top, "crew_band", d, [&](TableReader& e) {
    SmCrewBand c;
    c.min = e.number("crew_fraction_min", Need::required).value_or(0);
    c.max_exclusive = e.number("crew_fraction_max_exclusive", Need::optional);
    c.counts = fraction(e, "counts_as_fraction", Need::required, nullptr, Share::yes);
    r.crew_bands.push_back(c);
  });
  check_crew_bands(r.crew_bands, d);
}

// [bombard], [siege_food] and [[ammunition_reclaim]].
void read_bombard_and_food(const input::Document& doc, TableReader& top, Diagnostics& d, SiegeMachineRules& r) {
  if (const auto* t = top.table("bombard", Need::required)) {
    TableReader e(doc, *t, d, "[bombard]");
    r.bombard_divisor = integer(e, "divisor");
    if (!parse_dice(str(e, "defender_casualty_dice"), r.defender_dice_n, r.defender_dice_sides))
      e.error_at("defender_casualty_dice", "bad dice");
    if (!parse_dice(str(e, "attacker_casualty_dice"), r.attacker_dice_n, r.attacker_dice_sides))
      e.error_at("attacker_casualty_dice", "bad dice");
    e.string("hit_dice_rounding", Need::required, {"none"});
    for (const char* k : {"casualty_unit", "troops_lost", "source"}) e.note(k);
    e.finish();
  }
  if (const auto* t = top.table("siege_food", Need::required)) {
    TableReader e(doc, *t, d, "[siege_food]");
    r.malnutrition_moderate = integer(e, "malnutrition_weeks_moderate_fatigue");
    r.malnutrition_serious = integer(e, "malnutrition_weeks_serious_fatigue");
    r.malnutrition_br_loss = integer(e, "malnutrition_weeks_br_loss");
    r.br_loss_pct = integer(e, "br_loss_pct");
    r.morale_loss_per_week = integer(e, "morale_loss_per_week");
    r.ration_price = fraction(e, "ration_price_fraction", Need::required);
    r.mount_rations = integer(e, "mount_ration_multiplier");
    r.adventurer_ration_gp =
        e.number("adventurer_ration_gp_per_week", Need::required, input::positive(1e6)).value_or(0);
    for (const char* k : {"unfed_desert_dice", "unfed_desert_unit", "source"}) e.note(k);
    e.finish();
  }
  rows(doc, top, "ammunition_reclaim", d, [&](TableReader& e) {
    const std::string who = e.string("who", Need::required, {"attacker", "defender"}).value_or("");
    const auto opt = option_named(e.string("attacker_option", Need::optional, kAttackerOptions));
    const auto f = fraction(e, "fraction", Need::required, nullptr, Share::yes);
    e.note("what");
    if (who == "defender") r.reclaim_defender = f;
    else if (opt)
      r.reclaim_attacker[static_cast<size_t>(*opt) - 1] = f;  // bombard, harass, assault
  });
}

// [[defender_option]] and [[departure_detection]].
void read_defender_options(const input::Document& doc, TableReader& top, Diagnostics& d, SiegeMachineRules& r) {
  rows(doc, top, "defender_option", d, [&](TableReader& e) {
    const auto id = option_named(e.string("id", Need::required, kDefenderOptionIds));
    const auto pct = e.number("br_bonus_pct", Need::optional);
    const auto rear = e.number("rearguard_pct", Need::optional);
    if (id == Option::assault && pct) r.sally_br_pct = static_cast<int>(*pct);  // a sally
    if (id == Option::depart && rear) r.rearguard_pct = static_cast<int>(*rear);
    for (const char* k : {"label", "description"}) e.note(k);
  });
  rows(doc, top, "departure_detection", d, [&](TableReader& e) {
    SmDetection x;
    x.option = e.string("attacker_option", Need::required, kAttackerOptions).value_or("");
    x.detected = str(e, "detected");
    x.noticed = e.boolean("noticed", Need::optional).value_or(true);
    if (auto dd = e.string("delay_dice", Need::optional))
      if (!parse_dice(*dd, x.delay_n, x.delay_sides)) e.error_at("delay_dice", "bad dice");
    x.delay_unit = e.string("delay_unit", Need::optional).value_or("");
    r.detection.push_back(x);
  });
}

// [[create_food]], [[ammunition_conversion]], [field_construction] and the stone building's BR
// (destroying one yields its BR value in weeks of ammunition).
void read_other_notes(const input::Document& doc, TableReader& top, Diagnostics& d, SiegeMachineRules& r) {
  rows(doc, top, "create_food", d, [&](TableReader& e) {
    SmCreateFood c;
    c.level = integer(e, "level");
    c.per_day = integer(e, "per_day");
    // One row a caster level, in order (the table runs 10 to 36).
    if (!r.create_food.empty() && c.level != r.create_food.back().level + 1)
      e.error_at("level", "the Create food rows run one level at a time: level " +
                              std::to_string(r.create_food.back().level + 1) + " expected, got " +
                              std::to_string(c.level));
    r.create_food.push_back(c);
  });
  rows(doc, top, "ammunition_conversion", d, [&](TableReader& e) {
    SmConversion c;
    c.equipment = str(e, "equipment");
    c.units = static_cast<int>(e.integer("units", Need::required, input::positive(1000)).value_or(1));
    if (!r.find_equipment(c.equipment)) e.error_at("equipment", "unknown equipment \"" + c.equipment + "\"");
    r.conversion.push_back(c);
  });
  if (const auto* t = top.table("field_construction", Need::required)) {
    TableReader e(doc, *t, d, "[field_construction]");
    r.field.engineer_max = integer(e, "engineer_max_constructions");
    r.field.artillerist_max = integer(e, "artillerist_max_constructions");
    r.field.materials = fraction(e, "materials_cost_fraction", Need::required);
    r.field.wood_hp_factor = integer(e, "wood_hp_factor");
    r.field.wood_men_group = integer(e, "wood_men_group");
    r.field.wood_distance_group_miles = integer(e, "wood_distance_group_miles");
    r.field.hp_per_man_day = fraction(e, "hp_per_man_per_day", Need::required);
    r.field.max_men_per_item = integer(e, "max_men_per_item");
    if (r.field.wood_men_group <= 0 || r.field.wood_distance_group_miles <= 0)
      e.error("the wood groups must be positive");
    for (const char* k : {"wood_formula", "source"}) e.note(k);
    e.finish();
  }
}

// [fortification_damage], [[damage_allocation]] (in order) and [concentrated_fire].
void read_damage_rules(const input::Document& doc, TableReader& top, Diagnostics& d, SiegeMachineRules& r) {
  if (const auto* t = top.table("fortification_damage", Need::required)) {
    TableReader e(doc, *t, d, "[fortification_damage]");
    int n = 0;
    if (!parse_dice(str(e, "damage_dice"), n, r.damage_dice_sides) || n != 1) e.error_at("damage_dice", "bad dice");
    for (const char* k : {"formula", "d_source", "source"}) e.note(k);
    e.finish();
  }
  rows(doc, top, "damage_allocation", d, [&](TableReader& e) {
    SmDamageStep x;
    x.order = integer(e, "order");
    x.target = str(e, "target");
    x.pct = integer(e, "pct");
    if (const auto* a = e.array("fortifications", Need::optional))
      for (const auto& n : *a) {
        const std::string id = n.value<std::string>().value_or("");
        if (!r.find_fortification(id)) e.error_at("fortifications", "unknown fortification \"" + id + "\"");
        x.fortifications.push_back(id);
      }
    x.repeat = e.boolean("repeat", Need::optional).value_or(false);
    if (x.pct <= 0 || x.pct > 100) e.error_at("pct", "pct must be 1 to 100");
    e.note("reading");
    r.damage_steps.push_back(x);
  });
  std::sort(r.damage_steps.begin(), r.damage_steps.end(), [](const SmDamageStep& a, const SmDamageStep& b) { return a.order < b.order; });
  // The steps are numbered 1, 2, ... each once: the order the damage goes.
  for (size_t i = 0; i < r.damage_steps.size(); ++i)
    if (r.damage_steps[i].order != static_cast<int>(i) + 1) {
      d.error({}, "siege_machine.toml: the [[damage_allocation]] orders must number the steps 1 to " +
                      std::to_string(r.damage_steps.size()) + ", each once");
      break;
    }
  if (const auto* t = top.table("concentrated_fire", Need::required)) {
    TableReader e(doc, *t, d, "[concentrated_fire]");
    r.cf_troops_per_100ft = integer(e, "max_troops_per_100ft");
    r.cf_engines_per_100ft = integer(e, "max_siege_engines_per_100ft");
    r.cf_full_within_ft = integer(e, "full_br_within_ft");
    r.cf_other = fraction(e, "other_fortification_fraction", Need::required);
    e.note("source");
    e.finish();
  }
}

// [[example]]: the bombard casualty examples.
void read_examples(const input::Document& doc, TableReader& top, Diagnostics& d, SiegeMachineRules& r) {
  rows(doc, top, "example", d, [&](TableReader& e) {
    SmExample x;
    x.id = str(e, "id");
    e.note("rule");
    e.note("working");
    if (const auto* in = e.table("inputs", Need::required)) {
      TableReader ir(doc, *in, d, "example inputs");
      x.bonus = integer(ir, "artillery_bonus");
      x.dice = str(ir, "dice");
      x.roll = integer(ir, "roll");
      ir.finish();
    }
    if (const auto* ex = e.table("expected", Need::required)) {
      for (const auto& [k, v] : *ex) x.expected_hd = v.value<double>().value_or(0);
    }
    r.examples.push_back(x);
  });
}

Expected<SiegeMachineRules> build_siege_machine(const data::Tables& t) {
  SiegeMachineRules r;
  Diagnostics d;
  auto doc_or = data::load(t, "siege_machine.toml");
  if (!doc_or) return doc_or.error();
  const auto& doc = *doc_or;
  TableReader top(doc, doc.root, d, "siege_machine.toml");
  r.source = "War Machine, Siege Machine";
  top.integer("schema_version", Need::required, {1, 1});
  top.note("book");
  read_turn_rules(doc, top, d, r);
  read_devices(doc, top, d, r);
  read_bonus_rules(doc, top, d, r);
  read_bombard_and_food(doc, top, d, r);
  read_defender_options(doc, top, d, r);
  read_damage_rules(doc, top, d, r);
  read_other_notes(doc, top, d, r);
  read_examples(doc, top, d, r);
  top.note("example");  // the worked examples: the tests' figures, not house rules'
  // The card's descriptions: footnote marks and texts, the steps of the application.
  for (const char* k : {"footnote", "application"}) top.note(k);
  top.finish();
  if (!d.empty()) return data::as_internal(t, d);
  return r;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<SiegeMachineRules> kSiegeMachineSection{"siege.machine", &build_siege_machine};

}  // namespace

Expected<const SiegeMachineRules*> load_siege_machine_rules(const data::Tables& tables) {
  return data::pointer_to(kSiegeMachineSection.get(tables));
}

}  // namespace gunpowder::siege
