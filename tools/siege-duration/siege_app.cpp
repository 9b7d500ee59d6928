// siege_app.cpp - siege-duration: reads one siege description and runs every method it allows
// (simplified siege, bombardment, artillery duel, seed 001 structures), or the one chosen.
#include "siege-duration/siege_app.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <thread>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "common/progress.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/war/war_input.hpp"

// GCC 12 at -O2 reports "may be used uninitialized" inside std::variant's move constructor when
// json::Value temporaries are pushed into arrays in the report builders below (a known false
// positive of that compiler: the variant's inactive members are never read). Only this warning,
// only in this file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace gunpowder::siege_app {

using artillery::Bracket;
using fmtnum::grouped;
using fmtnum::trim;
using input::Need;
using input::TableReader;
using report::Align;
using report::Table;

const cli::ToolInfo kInfo{
    "siege-duration",
    "How long a siege takes and what it costs: simplified sieges (unit advantage and the Duration of Siege table, "
    "seed 000 Sieges Simplified), bombardment by the besieger's gunpowder artillery (shp a day, days, breaches, "
    "powder-and-shot cost), the artillery duel between both parks (a traced duel or seeded odds), and the "
    "structural strength points of seed 001.",
    "Examples:\n"
    "  siege-duration siege.toml                          every method the input allows\n"
    "  siege-duration siege.toml --method simplified --format json\n"
    "  siege-duration siege.toml --method simplified --bonus-units table   the Bonus Units table's 16 for a 24-pdr cannon\n"
    "  siege-duration siege.toml --method bombardment --cautious --breaches 3\n"
    "  siege-duration siege.toml --method duel --trace --seed 1             one duel, round by round\n"
    "  siege-duration siege.toml --method duel --runs 100000 --seed 7       odds over seeded duels\n"
    "  siege-duration towers.toml --method structures --explain             seed 001 strength points\n"
    "  siege-duration siege.toml --method siege-machine --runs 10000        weeks to capture (seed 004)\n"
    "Input: [stronghold] shp | value_gp | structures, material, site; [besieger] and [defender] units,\n"
    "artillery = [{ type, shot_lb, count, range_yd, carriage, ... }], engines; [[structure]] tables;\n"
    "[siege_machine] with [siege_machine.attacker] and [siege_machine.defender] (see the man page).\n"};

void setup(CLI::App& app, Options& opt) {
  app.add_option("-m,--method", opt.method,
                 "all (default: every method the input allows), simplified, bombardment, duel, structures or siege-machine")
      ->check(CLI::IsMember({"all", "simplified", "bombardment", "duel", "structures", "siege-machine"}))
      ->type_name("METHOD");
  app.add_option("--bonus-units", opt.bonus_units,
                 "example (default: a 24-pdr cannon counts 27 as in the book's worked example) or table (the Bonus Units table's 16)")
      ->check(CLI::IsMember({"example", "table"}))
      ->type_name("READING");
  app.add_flag("--cautious", opt.cautious, "bombard only with pieces standing beyond the defender's artillery range");
  app.add_option("--breaches", opt.breaches, "days to open this many breaches (one per 1,000 shp of damage)")
      ->check(CLI::Range(1, 100000))
      ->type_name("N");
  app.add_flag("--trace", opt.trace, "duel: play one duel (seeded) and show it round by round");
  app.add_option("--seed", opt.seed, "seed of the duel dice (default 1)")->type_name("N");
  app.add_option("--runs", opt.runs, "duel: number of seeded duels for the odds (default 10000)")
      ->check(CLI::Range(1LL, 1000000LL))
      ->type_name("N");
  app.add_option("--threads", opt.threads, "duel: threads (default: every core; results do not depend on it)")
      ->check(CLI::Range(0U, 256U))
      ->type_name("N");
  app.add_option("--besieger-policy", opt.besieger_policy,
                 "advance (default: mobile pieces close in, then fire when loaded), fire (stand and fire when loaded) or "
                 "fall-back (advance, and fall back after losses)")
      ->check(CLI::IsMember({"advance", "fire", "fall-back"}))
      ->type_name("POLICY");
  app.add_option("--defender-policy", opt.defender_policy,
                 "fire (default: fire when loaded), hold (hold fire until a target is at medium range) or hole-up "
                 "(fire, and hole up after losses)")
      ->check(CLI::IsMember({"fire", "hold", "hole-up"}))
      ->type_name("POLICY");
  app.add_option("--advance-to", opt.advance_to, "duel: the bracket advancing pieces close to: short, medium (default) or long")
      ->check(CLI::IsMember({"short", "medium", "long"}))
      ->type_name("BRACKET");
  app.add_option("--fall-back-after", opt.fall_back_after, "fall-back policy: pieces lost before falling back (default half the mobile pieces)")
      ->check(CLI::Range(1, 100000))
      ->type_name("N");
  app.add_option("--hole-up-after", opt.hole_up_after, "hole-up policy: pieces lost before holing up (default half the defender's pieces)")
      ->check(CLI::Range(1, 100000))
      ->type_name("N");
  app.add_option("--max-rounds", opt.max_rounds, "duel: round limit (default one day, 2,880 rounds)")
      ->check(CLI::Range(1, 10000000))
      ->type_name("N");
  app.add_flag("--pi", opt.pi, "structures: use pi instead of 3 for round structures");
  app.add_option("--plan", opt.plan, "Siege Machine: bombard, harass, assault or bombard-then-assault (overrides the input)")
      ->check(CLI::IsMember({"bombard", "harass", "assault", "bombard-then-assault"}))
      ->type_name("PLAN");
  app.add_option("--weeks", opt.weeks, "Siege Machine: week limit (overrides the input; default 52)")
      ->check(CLI::Range(1, 1000))
      ->type_name("N");
}

// =============================================================================================
// Input

namespace {

constexpr double kMaxShp = 100'000'000;   // absurdly large strongholds are refused
constexpr double kMaxUnits = 1'000'000;
constexpr double kMaxCount = 1000;        // pieces or engines in one line
constexpr int kMaxPiecesPerSide = 1000;
constexpr double kMaxRangeYd = 100'000;
constexpr double kMaxInches = 10'000;
constexpr long long kMaxDuelWork = 2'000'000'000;  // duels x pieces^2 (the work of a duel grows with both sides)
constexpr long long kMaxMachineWork = 60'000'000;  // sieges x weeks
constexpr double kDaysPerWeek = 7;                 // a Siege Machine turn is a week (turn_length "week")

std::string list_of(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

struct Reader {
  const input::Document& doc;
  const siege::Rules& rules;
  const artillery::Catalogue& cat;
  Diagnostics& diags;
  const siege::SiegeMachineRules* sm = nullptr;
  const war::Rules* war = nullptr;

  bool concentrated = false;          ///< [siege_machine] front_ft is given
  bool bombardment_possible = false;  ///< the input's [besieger] park can bombard (every piece has range_yd)
  bool machine_bombardment = false;   ///< [siege_machine.attacker] bombardment_damage = true
  std::array<std::optional<war::Rating>, 2> ratings{};  ///< sides rated from a force table

  /// A device's damage roll against structures: a whole number or dice ("2d10", "1d8+8").
  void read_damage(const toml::table& t, TableReader& e, siege::SmItem& item, bool attacker) {
    const toml::node* n = t.get("damage");
    if (!n) return;
    if (!attacker) {
      e.allow("damage");
      e.error_at("damage", "damage applies to the attacker's siege devices (damage to fortifications)");
      return;
    }
    dice::Notation nt;
    if (n->is_string()) {
      const auto text = e.string("damage", Need::required);
      if (!text || !dice::parse_notation(*text, nt)) {
        if (text) e.error_at("damage", "damage must be a whole number or dice such as \"2d10\" or \"1d8+8\", got \"" + *text + "\"");
        return;
      }
      // A bound on the dice rolled each week (the count of devices multiplies them).
      if (static_cast<long long>(nt.count) * item.count > 10000 || nt.sides > 10000) {
        e.error_at("damage", "damage rolls too many dice: at most 10,000 dice of at most 10,000 sides a week for the entry");
        return;
      }
    } else if (n->is_integer()) {
      const auto v = e.integer("damage", Need::required, input::non_negative(1e5));
      if (!v) return;
      nt.bonus = static_cast<int>(*v);
    } else {
      e.allow("damage");
      e.error_at("damage", "damage must be a whole number or dice such as \"2d10\", got " + input::type_name(*n));
      return;
    }
    item.damage = nt;
  }

  void read_items(TableReader& r, std::string_view key, bool fortification, bool attacker, std::vector<siege::SmItem>& out) {
    const toml::array* a = r.array(key, Need::optional);
    if (!a) return;
    std::vector<std::string> ids;
    if (fortification)
      for (const auto& f : sm->fortifications) ids.push_back(f.id);
    else
      for (const auto& e : sm->equipment) ids.push_back(e.id);
    for (const auto& n : *a) {
      const toml::table* t = n.as_table();
      if (!t) {
        r.error_at(key, std::string(key) + " entries must be tables { id = ..., count = ... }");
        continue;
      }
      TableReader e(doc, *t, diags, std::string(key) + " entry");
      siege::SmItem item;
      const auto id = e.string("id", Need::required, ids);
      if (auto c = e.integer("count", Need::optional, input::positive(kMaxCount * 100))) item.count = static_cast<int>(*c);
      if (fortification) {
        item.length_ft = e.number("length_ft", Need::optional, input::positive(1e6));
        if (id && item.length_ft && !sm->find_fortification(*id)->per_length_ft)
          e.error_at("length_ft", "length_ft applies to fortifications counted per length (battlement, breach)");
        if (id && !item.length_ft && !e.has("count") && sm->find_fortification(*id)->per_length_ft)
          e.error("give length_ft (or count, in units of its length) for " + *id);
        // Structural points of the entry (damage to fortifications, l. 345-354).
        item.shp = e.number("shp", Need::optional, input::positive(kMaxShp));
        if (id && item.shp && !damageable(*id))
          e.error_at("shp", *id + " takes no structural damage: only fortifications in the damage order have shp (" +
                                list_of(damageable_ids()) + ")");
        // Concentrated fire: full BR within 200' of the front, a quarter beyond (l. 357-358).
        if (auto near = e.boolean("within_200ft", Need::optional)) {
          item.near = *near;
          if (!concentrated) e.error_at("within_200ft", "within_200ft needs front_ft in [siege_machine] (concentrated fire)");
        }
      } else {
        if (auto c = e.number("crew", Need::optional, input::Range{0, 1})) item.crew = *c;
        read_damage(*t, e, item, attacker);
      }
      e.finish();
      if (id) {
        item.id = *id;
        out.push_back(item);
      }
    }
  }

  [[nodiscard]] std::vector<std::string> damageable_ids() const {
    std::vector<std::string> v;
    for (const auto& step : sm->damage_steps) v.insert(v.end(), step.fortifications.begin(), step.fortifications.end());
    return v;
  }
  [[nodiscard]] bool damageable(const std::string& id) const {
    const auto v = damageable_ids();
    return std::find(v.begin(), v.end(), id) != v.end();
  }

  /// A side's War Machine BR: `br`, or a force table rated by the war module (BFR factors, a BFR,
  /// or the quick rating, with the battle-rating statements).
  void read_rating(TableReader& r, bool defender, siege::SmSide& s) {
    const std::string what = defender ? "[siege_machine.defender]" : "[siege_machine.attacker]";
    const bool has_br = r.has("br"), has_force = r.has("force");
    if (has_br && has_force) r.error_at("force", "give br or force (a War Machine force to rate), not both");
    if (!has_br && !has_force) r.error(what + " needs br or force (a War Machine force to rate)");
    const toml::table* ft = has_force ? r.table("force", Need::required) : nullptr;
    if (!ft) return;
    std::string prefix = "siege_machine.";
    prefix.append(defender ? "defender" : "attacker").append(".force");
    std::string name = "[";
    name.append(prefix).append("]");
    TableReader fr(doc, *ft, diags, name);
    war::Force f;
    f.name = defender ? "defender" : "attacker";
    f.troops = s.troops;
    const size_t before = diags.items().size();
    war::read_force_rating(*war, war::force_vocabulary(*war), doc, fr, diags, f, name, prefix);
    fr.finish();
    if (diags.items().size() != before) return;
    auto rating = war::rate_force(*war, f);
    if (!rating) {
      r.error_at("force", rating.error().items().front().message);
      return;
    }
    if (rating->br < 0) {
      r.error_at("force", "the force rates a negative BR (" + std::to_string(rating->br) + ")");
      return;
    }
    s.br = rating->br;
    ratings[defender ? 1 : 0] = *rating;
  }

  void read_machine_side(const toml::table& t, bool defender, siege::SmSide& s, siege::SmSetup& m) {
    TableReader r(doc, t, diags, defender ? "[siege_machine.defender]" : "[siege_machine.attacker]");
    if (r.has("br")) s.br = static_cast<int>(r.integer("br", Need::required, input::non_negative(100000)).value_or(0));
    s.troops = r.integer("troops", Need::required, input::positive(1e9)).value_or(1);
    s.hit_dice = r.number("hit_dice", Need::required, input::positive(100)).value_or(1);
    read_rating(r, defender, s);
    if (auto f = r.integer("food_weeks", Need::optional, input::non_negative(10000))) s.food_weeks = static_cast<int>(*f);
    s.short_rations_weeks = static_cast<int>(r.integer("short_rations_weeks", Need::optional, input::non_negative(10000)).value_or(0));
    if (r.has("short_rations_weeks") && !r.has("food_weeks")) r.error_at("short_rations_weeks", "short_rations_weeks needs food_weeks");
    s.ammunition_weeks = r.number("ammunition_weeks", Need::optional, input::non_negative(10000));
    s.artillery_bonus = static_cast<int>(r.integer("artillery_bonus", Need::optional, input::non_negative(100000)).value_or(0));
    read_items(r, "equipment", false, !defender, s.equipment);
    if (defender) read_items(r, "fortifications", true, false, s.fortifications);
    std::vector<std::string> tactics;
    for (const auto& x : war->tactics) tactics.push_back(x.id);
    s.tactic = r.string("tactic", Need::optional, tactics);
    // Morale: -2 a week of malnutrition (Other notes, Food, l. 365); the troops desert at the floor.
    if (auto v = r.integer("morale", Need::optional, {-1000, 1000})) s.morale = static_cast<int>(*v);
    if (auto v = r.integer("morale_floor", Need::optional, {-1000, 1000})) s.morale_floor = static_cast<int>(*v);
    if (r.has("morale") != r.has("morale_floor"))
      r.error_at(r.has("morale") ? "morale" : "morale_floor", "give morale and morale_floor together");
    if (s.morale && s.morale_floor && *s.morale <= *s.morale_floor)
      r.error_at("morale", "morale (" + std::to_string(*s.morale) + ") must be above morale_floor (" + std::to_string(*s.morale_floor) + ")");
    if (defender) read_defender_plan(r, s, m);
    else if (auto b = r.boolean("bombardment_damage", Need::optional); b && *b) {
      machine_bombardment = true;
      if (!bombardment_possible)
        r.error_at("bombardment_damage", "bombardment_damage needs [stronghold], [besieger] and [defender] with the "
                                         "besieger's artillery, every piece with its range_yd");
    }
    r.finish();
  }

  /// The defender's plan (Defender options, l. 292-299) and the stronghold's structural points.
  void read_defender_plan(TableReader& r, const siege::SmSide& s, siege::SmSetup& m) {
    if (auto v = r.number("shp", Need::optional, input::positive(kMaxShp))) {
      m.stronghold_shp = *v;
      for (const auto& f : s.fortifications)
        if (f.shp) {
          r.error_at("shp", "give shp for the whole stronghold or on its fortifications, not both");
          break;
        }
    }
    m.escape = r.boolean("escape", Need::optional).value_or(false);
    const auto plan = r.string("plan", Need::optional, {"stay", "sally", "depart"});
    if (plan) m.defender_plan = *plan == "sally" ? siege::SmDefenderPlan::sally : *plan == "depart" ? siege::SmDefenderPlan::depart
                                                                                                    : siege::SmDefenderPlan::stay;
    if (auto w = r.integer("plan_week", Need::optional, input::positive(1000))) m.defender_week = static_cast<int>(*w);
    if (auto w = r.string("plan_when", Need::optional, {"starving", "breached"}))
      m.defender_when = *w == "starving" ? siege::SmWhen::starving : siege::SmWhen::breached;
    const bool acts = m.defender_plan != siege::SmDefenderPlan::stay;
    const int conditions = (r.has("plan_week") ? 1 : 0) + (r.has("plan_when") ? 1 : 0);
    if (acts && conditions != 1)
      r.error_at("plan", "plan \"" + *plan + "\" needs one of plan_week (the week) and plan_when (starving or breached)");
    if (!acts && conditions > 0)
      r.error_at(r.has("plan_week") ? "plan_week" : "plan_when", "plan_week and plan_when need plan = \"sally\" or \"depart\"");
    if (m.defender_plan == siege::SmDefenderPlan::depart && !m.escape)
      r.error_at("plan", "the defender can depart only by an avenue of escape: give escape = true");
    // A plan whose moment never comes is a mistake in the input, not a silent "stay".
    if (acts && m.defender_week && *m.defender_week > m.max_weeks)
      r.error_at("plan_week", "plan_week " + std::to_string(*m.defender_week) + " comes after the siege's last week (" +
                                  std::to_string(m.max_weeks) + ", [siege_machine] weeks)");
    if (acts && m.defender_when == siege::SmWhen::starving && !s.food_weeks)
      r.error_at("plan_when", "plan_when = \"starving\" needs the defender's food_weeks (without them food is not counted)");
  }

  void read_machine(const toml::table& t, siege::SmSetup& m) {
    TableReader r(doc, t, diags, "[siege_machine]");
    if (auto p = r.string("plan", Need::optional, {"bombard", "harass", "assault", "bombard-then-assault"}))
      m.plan = *p == "bombard" ? siege::SmPlan::bombard : *p == "harass" ? siege::SmPlan::harass
             : *p == "assault" ? siege::SmPlan::assault : siege::SmPlan::bombard_then_assault;
    if (auto w = r.integer("bombard_weeks", Need::optional, input::non_negative(1000))) m.bombard_weeks = static_cast<int>(*w);
    if (auto w = r.integer("weeks", Need::optional, input::positive(1000))) m.max_weeks = static_cast<int>(*w);
    std::vector<std::string> ties;
    for (auto tp : {war::TiePolicy::reroll, war::TiePolicy::no_result, war::TiePolicy::defender, war::TiePolicy::higher_br})
      ties.push_back(war::to_string(tp));
    if (auto tie = r.string("tie", Need::optional, ties)) m.tie = *war::parse_tie_policy(*tie);
    // The attacker's departure (Attacker options, Depart) and concentrated fire (l. 356-358).
    if (auto w = r.integer("depart_after_weeks", Need::optional, input::positive(1000))) m.depart_after_weeks = static_cast<int>(*w);
    m.depart_below_troop_ratio = r.number("depart_below_troop_ratio", Need::optional, input::positive(1e6));
    m.front_ft = r.number("front_ft", Need::optional, input::positive(1e6));
    concentrated = m.front_ft.has_value();
    const auto* a = r.table("attacker", Need::required);
    const auto* d = r.table("defender", Need::required);
    if (a) read_machine_side(*a, false, m.attacker, m);
    if (d) read_machine_side(*d, true, m.defender, m);
    if (a && d && m.attacker.tactic.has_value() != m.defender.tactic.has_value())
      r.error("War Machine tactics need a tactic for both sides or for neither");
    r.finish();
  }

  void read_stronghold(const toml::table& t, siege::Stronghold& s) {
    TableReader r(doc, t, diags, "[stronghold]");
    s.name = r.string("name", Need::optional).value_or("");
    if (auto m = r.string("material", Need::required, {"stone", "wood"}))
      s.material = *m == "stone" ? siege::Material::stone : siege::Material::wood;
    std::vector<std::string> sites;
    for (const auto& m : rules.duration.sites) sites.push_back(m.key);
    s.site = r.string("site", Need::optional, sites);
    const int ways = (r.has("shp") ? 1 : 0) + (r.has("value_gp") ? 1 : 0) + (r.has("structures") ? 1 : 0);
    if (ways != 1) {
      r.error(ways == 0 ? "[stronghold] needs its size: shp, value_gp or structures"
                        : "[stronghold] takes one of shp, value_gp and structures, not several");
      for (const char* k : {"shp", "value_gp", "structures"}) r.allow(k);
      r.finish();
      return;
    }
    if (r.has("shp")) {
      if (auto v = r.integer("shp", Need::required, input::positive(kMaxShp))) s.shp = static_cast<int>(*v);
      s.shp_source = "given";
    } else if (r.has("value_gp")) {
      if (auto v = r.number("value_gp", Need::required, input::positive(kMaxShp))) {
        s.shp = siege::shp_from_value(rules.duration, *v, s.material);
        if (s.shp <= 0) r.error_at("value_gp", "value_gp is too small to give the stronghold any shp");
      }
      s.shp_source = "value";
    } else {
      s.shp_source = "structures";
      long long total = 0;
      if (const auto* a = r.array("structures", Need::required)) {
        std::vector<std::string> keys;
        for (const auto& st : rules.duration.structures) keys.push_back(st.key);
        for (const auto& n : *a) {
          const toml::table* e = n.as_table();
          if (!e) {
            r.error_at("structures", "each entry of structures must be a table { key = ..., count = ... }");
            continue;
          }
          TableReader er(doc, *e, diags, "stronghold structure");
          const auto key = er.string("key", Need::required, keys);
          const auto count = er.integer("count", Need::required, input::positive(kMaxCount * 100));
          er.finish();
          if (key && count)
            if (const auto* st = rules.duration.structure(*key)) total += static_cast<long long>(st->shp) * *count;
        }
        if (a->empty()) r.error_at("structures", "structures is empty: list the stronghold's parts");
      }
      if (total > static_cast<long long>(kMaxShp)) r.error_at("structures", "the structures add up to more than 100,000,000 shp");
      s.shp = static_cast<int>(std::min<long long>(total, static_cast<long long>(kMaxShp)));
    }
    r.finish();
  }

  void read_piece(const toml::table& t, bool besieger, siege::Side& side, std::vector<const toml::table*>* entries) {
    TableReader r(doc, t, diags, besieger ? "besieger artillery" : "defender artillery");
    siege::ParkEntry e;
    const auto type = r.string("type", Need::required, {"cannon", "gun", "mortar"});
    const auto shot = r.number("shot_lb", Need::required, input::positive(artillery::kMaxShotLb));
    const auto count = r.integer("count", Need::required, input::positive(kMaxCount));
    const auto carriage = r.string("carriage", Need::optional, {"carriageless", "garrison", "field", "limber"});
    if (auto b = r.integer("bonus_units", Need::optional, input::non_negative(kMaxUnits))) e.bonus_units = static_cast<int>(*b);
    if (besieger) {
      e.range_yd = r.number("range_yd", Need::optional, input::positive(kMaxRangeYd));
      e.duel_range_yd = r.number("duel_range_yd", Need::optional, input::positive(kMaxRangeYd));
      if (auto f = r.string("fire", Need::optional, {"direct", "plunging"}))
        e.fire = *f == "direct" ? artillery::FireMode::direct : artillery::FireMode::plunging;
    }
    const toml::array* labels = r.array("labels", Need::optional);
    const auto spiked = r.integer("spiked", Need::optional, input::non_negative(kMaxCount));
    if (!type || !shot || !count) {
      r.finish();
      return;
    }
    e.count = static_cast<int>(*count);
    if (spiked) {
      e.spiked = static_cast<int>(*spiked);
      if (e.spiked > e.count) r.error_at("spiked", "spiked: more pieces spiked than there are (" + std::to_string(e.count) + ")");
    }
    e.piece = cat.find(*artillery::parse_type(*type), *shot);
    if (!e.piece) {
      std::string known;
      for (const auto& p : cat.pieces)
        if (artillery::to_string(p.type) == *type) known += (known.empty() ? "" : ", ") + trim(p.shot_lb);
      r.error_at("shot_lb", "unknown piece: the book has no " + trim(*shot, 2) + "-pdr " + *type + " (" + *type +
                                "s: " + known + " lb)");
      r.finish();
      return;
    }
    if (carriage) {
      e.carriage = *artillery::parse_carriage(*carriage);
      e.carriage_given = true;
      if (!e.piece->carriage_era[static_cast<size_t>(e.carriage)])
        r.error_at("carriage", "the " + e.piece->name + " has no " + *carriage + " carriage in the book (Gunpowder Mobility table)");
    } else {
      e.carriage = siege::most_mobile_carriage(*e.piece);
    }
    if (e.duel_range_yd) {
      const auto b = siege::bracket_at(*e.piece, *e.duel_range_yd);
      if (!b || cat.attack.modes[static_cast<size_t>(e.piece->type)][static_cast<size_t>(*b)].empty())
        r.error_at("duel_range_yd", "the " + e.piece->name + " cannot fire from " + grouped(std::llround(*e.duel_range_yd)) +
                                        " yd (range " + grouped(std::llround(e.piece->range_long_yd)) + " yd)");
    }
    if (labels) {
      for (const auto& n : *labels) {
        if (auto s = n.value<std::string>(); s && !s->empty()) e.labels.push_back(*s);
        else r.error_at("labels", "labels must be non-empty strings");
      }
      if (e.labels.size() != static_cast<size_t>(e.count))
        r.error_at("labels", "labels must name each of the " + std::to_string(e.count) + " pieces (got " +
                                 std::to_string(e.labels.size()) + ")");
    }
    r.finish();
    side.artillery.push_back(std::move(e));
    if (entries) entries->push_back(&t);
  }

  void read_side(const toml::table& t, bool besieger, siege::Side& side, std::vector<const toml::table*>* entries) {
    const char* what = besieger ? "[besieger]" : "[defender]";
    TableReader r(doc, t, diags, what);
    side.name = r.string("name", Need::optional).value_or("");
    const auto units = r.integer("units", Need::required, input::non_negative(kMaxUnits));
    side.units = static_cast<int>(units.value_or(0));
    if (const auto* a = r.array("artillery", Need::optional))
      for (const auto& n : *a) {
        if (const auto* e = n.as_table()) read_piece(*e, besieger, side, entries);
        else r.error_at("artillery", "each artillery entry must be a table { type = ..., shot_lb = ..., count = ... }");
      }
    if (const auto* a = r.array("engines", Need::optional))
      for (const auto& n : *a) {
        const toml::table* e = n.as_table();
        if (!e) {
          r.error_at("engines", "each engine entry must be a table { type = ..., count = ... }");
          continue;
        }
        TableReader er(doc, *e, diags, std::string(besieger ? "besieger" : "defender") + " engine");
        siege::EngineEntry g;
        const auto type = er.string("type", Need::required);
        const auto count = er.integer("count", Need::required, input::positive(kMaxCount));
        if (auto b = er.integer("bonus_units", Need::optional, input::non_negative(kMaxUnits))) g.bonus_units = static_cast<int>(*b);
        if (type && std::find(rules.engine_types.begin(), rules.engine_types.end(), *type) == rules.engine_types.end())
          er.error_at("type", "unknown siege engine \"" + *type + "\" (known: " + list_of(rules.engine_types) + ")");
        er.finish();
        if (!type || !count) continue;
        g.type = *type;
        g.count = static_cast<int>(*count);
        side.engines.push_back(g);
      }
    if (side.pieces() > kMaxPiecesPerSide) r.error_at("artillery", "more than 1,000 artillery pieces on one side");
    if (!besieger && units && side.units == 0 && side.artillery.empty() && side.engines.empty())
      r.error_at("units", "a defender with no units and no artillery: there is nothing to besiege (units must be at least 1)");
    r.finish();
  }

  void read_structure(const toml::table& t, bool use_pi, std::vector<siege::StructureSpec>& out) {
    TableReader r(doc, t, diags, "[[structure]]");
    siege::StructureSpec s;
    s.name = r.string("name", Need::optional).value_or("structure " + std::to_string(out.size() + 1));
    const auto shape = r.string("shape", Need::required, {"rectangular", "round", "wall"});
    std::vector<std::string> materials;
    for (const auto& m : rules.structures.materials) materials.push_back(m.key);
    const auto material = r.string("material", Need::optional, materials);
    const auto factor = r.integer("factor", Need::optional, input::positive(100));
    if (material && factor) r.error_at("factor", "give material or factor, not both");
    if (!material && !factor && r.has("material") == false && r.has("factor") == false)
      r.error("[[structure]] needs a material (" + list_of(materials) + ") or a materials factor");
    if (material) {
      s.material = *material;
      s.factor = rules.structures.material(*material)->factor;
    } else if (factor) {
      s.factor = static_cast<int>(*factor);
    }
    const auto length = r.number("length_in", Need::optional, input::positive(kMaxInches));
    const auto width = r.number("width_in", Need::optional, input::positive(kMaxInches));
    const auto diameter = r.number("diameter_in", Need::optional, input::positive(kMaxInches));
    const auto levels = r.number("height_levels", Need::optional, input::positive(1000));
    const auto inches = r.number("height_in", Need::optional, input::positive(kMaxInches));
    if (auto p = r.boolean("pi", Need::optional)) s.use_pi = *p;
    else s.use_pi = use_pi;
    if (auto c = r.integer("cannon", Need::optional, input::non_negative(kMaxCount))) s.cannon = static_cast<int>(*c);
    s.damage_points = r.number("damage", Need::optional, input::non_negative(kMaxShp));
    if (levels && inches) r.error_at("height_in", "give height_levels or height_in, not both");
    else if (levels) s.height_levels = *levels;
    else if (inches) {
      // "Height in levels, rule of thumb one and a half inches" (seed 001).
      s.height_levels = *inches / rules.structures.level_height_in;
      s.height_from_inches = true;
    } else if (!r.has("height_levels") && !r.has("height_in"))
      r.error("[[structure]] needs its height: height_levels or height_in");
    if (s.damage_points && !s.cannon) r.error_at("damage", "damage is used to count the cannon lost: give cannon too");
    if (shape) {
      s.shape = *siege::parse_shape(*shape);
      auto need = [&](const char* key, const std::optional<double>& v) {
        if (!v && !r.has(key)) r.error("a " + *shape + " structure needs " + key);
      };
      auto forbid = [&](const char* key) {
        if (r.has(key)) r.error_at(key, std::string(key) + " does not apply to a " + *shape + " structure");
      };
      switch (s.shape) {
        case siege::Shape::rectangular:
          need("length_in", length);
          need("width_in", width);
          forbid("diameter_in");
          break;
        case siege::Shape::round:
          need("diameter_in", diameter);
          forbid("length_in");
          forbid("width_in");
          break;
        case siege::Shape::wall:
          need("length_in", length);
          forbid("width_in");
          forbid("diameter_in");
          break;
      }
      if (s.shape != siege::Shape::round && r.has("pi")) r.error_at("pi", "pi applies to round structures only");
    }
    s.length_in = length;
    s.width_in = width;
    s.diameter_in = diameter;
    r.finish();
    if (shape && s.factor > 0 && s.height_levels > 0 &&
        ((s.shape == siege::Shape::rectangular && length && width) || (s.shape == siege::Shape::round && diameter) ||
         (s.shape == siege::Shape::wall && length)))
      out.push_back(std::move(s));
  }
};

}  // namespace

Expected<Input> read_siege(const input::Document& doc, const siege::Rules& rules, const artillery::Catalogue& cat,
                           bool use_pi) {
  Diagnostics diags;
  Input in;
  Reader rd{doc, rules, cat, diags};
  input::check_top_level(doc, {"stronghold", "besieger", "defender", "structure", "siege_machine"}, diags);
  TableReader top(doc, doc.root, diags, "the input");
  const bool any_siege = top.has("stronghold") || top.has("besieger") || top.has("defender");
  if (any_siege) {
    siege::Siege s;
    const auto* st = top.table("stronghold", Need::required);
    const auto* be = top.table("besieger", Need::required);
    const auto* de = top.table("defender", Need::required);
    if (st) rd.read_stronghold(*st, s.stronghold);
    if (be) rd.read_side(*be, true, s.besieger, &in.besieger_entries);
    if (de) rd.read_side(*de, false, s.defender, nullptr);
    in.ranges_complete = !s.besieger.artillery.empty();
    for (const auto& e : s.besieger.artillery) in.ranges_complete = in.ranges_complete && e.range_yd.has_value();
    in.siege = std::move(s);
  }
  if (const auto* a = top.array("structure", Need::optional))
    for (const auto& n : *a) {
      if (const auto* t = n.as_table()) rd.read_structure(*t, use_pi, in.structures);
      else top.error_at("structure", "structure must be an array of tables ([[structure]])");
    }
  if (const auto* t = top.table("siege_machine", Need::optional)) {
    auto sm = siege::load_siege_machine_rules();
    if (!sm) return sm.error();
    auto wr = war::load_rules();
    if (!wr) return wr.error();
    rd.sm = *sm;
    rd.war = *wr;
    rd.bombardment_possible = in.siege && !in.siege->besieger.artillery.empty() && in.ranges_complete;
    siege::SmSetup m;
    rd.read_machine(*t, m);
    // The stronghold's structural points: [siege_machine.defender] shp or shp on its
    // fortifications, else the [stronghold] of the other methods.
    const bool per_entry = std::any_of(m.defender.fortifications.begin(), m.defender.fortifications.end(),
                                       [](const siege::SmItem& i) { return i.shp.has_value(); });
    if (!m.stronghold_shp && !per_entry && in.siege) m.stronghold_shp = in.siege->stronghold.shp;
    in.machine = m;
    in.machine_ratings = rd.ratings;
    in.machine_bombardment = rd.machine_bombardment;
  }
  if (!any_siege && !top.has("structure") && !top.has("siege_machine"))
    diags.error({doc.name, 1, 1},
                "nothing to compute: give [stronghold], [besieger] and [defender], [[structure]] tables or [siege_machine]",
                doc.line(1));
  if (!diags.empty()) return diags;
  return in;
}

// =============================================================================================
// Report

namespace {

std::string yd(double v) { return grouped(std::llround(v)) + " yd"; }
// Amounts as the book prints them: thousands grouped, decimals only when there are any
// (1,715 / 1,097.25).
std::string gp(double v) {
  v = std::round(v * 100) / 100;
  const double whole = std::floor(v + 1e-9);
  const std::string frac = trim(v - whole, 2);
  return grouped(static_cast<long long>(whole)) + (frac == "0" ? "" : frac.substr(1));
}

// A schedule of at most 31 rows: every day up to 30 days, else every ceil(days / 30) days and
// the last day.
std::vector<size_t> schedule_rows(size_t days) {
  std::vector<size_t> out;
  const size_t step = days <= 30 ? 1 : (days + 29) / 30;
  for (size_t d = 0; d <= days; d += step) out.push_back(d);
  if (out.back() != days) out.push_back(days);
  return out;
}

json::Value schedule_json(const std::vector<int>& shp_by_day) {
  json::Value a = json::array();
  if (shp_by_day.empty()) return a;
  for (size_t d : schedule_rows(shp_by_day.size() - 1)) {
    json::Value o = json::object();
    o.set("day", d);
    o.set("shp", shp_by_day[d]);
    a.push(std::move(o));
  }
  return a;
}

Table schedule_table(const std::string& title, const std::vector<int>& shp_by_day) {
  Table t;
  t.title = title;
  t.add_column("day", "Day", Align::right).add_column("shp", "shp left", Align::right);
  for (size_t d : schedule_rows(shp_by_day.size() - 1)) t.add_row({std::to_string(d), grouped(shp_by_day[d])});
  return t;
}

json::Value opt_int(const std::optional<int>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_num(const std::optional<double>& v) { return v ? json::Value(*v) : json::Value(); }

std::string outcome_text(const siege::Simplified& s) {
  switch (s.outcome) {
    case siege::SimpleOutcome::days: return std::to_string(*s.days) + " days";
    case siege::SimpleOutcome::without_fight: return "captured without a fight (0 days)";
    case siege::SimpleOutcome::not_by_assault: return "cannot be taken by assault: blockade only ('-' on the table)";
    case siege::SimpleOutcome::no_advantage: return "cannot be taken by assault: the besieger has no unit advantage";
  }
  return "?";
}

void simplified_report(const siege::Rules& rules, const siege::Siege& sg, const siege::Simplified& s, report::Report& rep,
                       json::Value& out) {
  const auto& t = rules.duration;
  Table lines;
  lines.title = "Simplified siege: units and bonus units (seed 000, Sieges Simplified, p. 21)";
  lines.add_column("side", "Side")
      .add_column("item", "Item")
      .add_column("count", "Count", Align::right)
      .add_column("each", "Units each", Align::right)
      .add_column("units", "Units", Align::right)
      .add_column("source", "Source");
  json::Value jl = json::array();
  for (const auto& l : s.lines) {
    lines.add_row({l.side, l.item, std::to_string(l.count), std::to_string(l.each), std::to_string(l.total), l.source});
    json::Value o = json::object();
    o.set("side", l.side);
    o.set("item", l.item);
    o.set("count", l.count);
    o.set("each", l.each);
    o.set("units", l.total);
    o.set("source", l.source);
    jl.push(std::move(o));
  }
  if (s.reading_matters)
    lines.notes.push_back("bonus units: " + std::string(s.reading == siege::BonusReading::example
                                                          ? "as the worked example counts them (a 24-pdr cannon 27); --bonus-units table for the table's 16"
                                                          : "the Bonus Units table (a 24-pdr cannon 16); --bonus-units example for the worked example's 27"));
  for (const auto& l : s.lines)
    if (l.source == "no figure")
      lines.notes.push_back(l.item + ": the rules print no bonus units for it; give bonus_units in the input to count it");
  rep.tables.push_back(std::move(lines));

  Table r;
  r.title = "Simplified siege: duration (" + t.source + ")";
  r.add_column("figure", "Figure").add_column("value", "Value", Align::right);
  r.add_row({"Besieger units", std::to_string(s.besieger_total)});
  r.add_row({"Defender units", std::to_string(s.defender_total)});
  r.add_row({"Unit advantage", std::to_string(s.advantage)});
  r.add_row({"Stronghold shp", grouped(s.shp)});
  r.add_row({"Table row", s.row ? t.rows[*s.row].label : "-"});
  r.add_row({"Table column", s.band ? t.bands[*s.band].label : "-"});
  r.add_row({"Days on the table", s.table_days ? std::to_string(*s.table_days) : "-"});
  r.add_row({"Site multiplier", sg.stronghold.site ? "x" + std::to_string(s.site_multiplier) + " (" + *sg.stronghold.site + ")" : "x1"});
  r.add_row({"Time to capture", outcome_text(s)});
  rep.tables.push_back(std::move(r));
  json::Value ju = json::array();
  if (!s.artillery_units.empty()) {
    Table u;
    u.title = "Gunpowder artillery battle ratings (seed 000, Gunpowder Artillery Battle Ratings, p. 20)";
    u.add_column("side", "Side")
        .add_column("piece", "Piece")
        .add_column("pieces", "Pieces", Align::right)
        .add_column("unit_size", "Unit size", Align::right)
        .add_column("units", "Units", Align::right)
        .add_column("br_each", "BR each", Align::right)
        .add_column("br", "BR", Align::right);
    for (const auto& a : s.artillery_units) {
      u.add_row({a.side, a.piece, std::to_string(a.pieces), std::to_string(a.unit_size), std::to_string(a.units),
                 trim(a.br_each, 2), trim(a.br, 2)});
      json::Value o = json::object();
      o.set("side", a.side);
      o.set("piece", a.piece);
      o.set("pieces", a.pieces);
      o.set("unit_size", a.unit_size);
      o.set("units", a.units);
      o.set("br_each", a.br_each);
      o.set("br", a.br);
      ju.push(std::move(o));
    }
    u.notes.push_back("for D@W: Campaigns assaults and battles; pieces too few to form a unit do not count");
    rep.tables.push_back(std::move(u));
  }
  if (s.outcome == siege::SimpleOutcome::days && !s.shp_by_day.empty())
    rep.tables.push_back(schedule_table("Simplified siege: stronghold shp day by day (progress proportional)", s.shp_by_day));

  out.set("bonus_units", s.reading == siege::BonusReading::example ? "example" : "table");
  out.set("besieger_total", s.besieger_total);
  out.set("defender_total", s.defender_total);
  out.set("advantage", s.advantage);
  out.set("shp", s.shp);
  out.set("table_row", s.row ? json::Value(t.rows[*s.row].label) : json::Value());
  out.set("table_column", s.band ? json::Value(t.bands[*s.band].label) : json::Value());
  out.set("table_days", opt_int(s.table_days));
  out.set("site_multiplier", s.site_multiplier);
  out.set("outcome", siege::to_string(s.outcome));
  out.set("by_assault", s.outcome == siege::SimpleOutcome::days || s.outcome == siege::SimpleOutcome::without_fight);
  out.set("days", opt_int(s.days));
  out.set("schedule", s.outcome == siege::SimpleOutcome::days ? schedule_json(s.shp_by_day) : json::array());
  out.set("lines", std::move(jl));
  out.set("artillery_units", std::move(ju));
  for (const auto& l : s.explain) rep.explain.push_back("simplified: " + l);
}

void bombardment_report(const siege::Rules& rules, const siege::Siege& sg, const siege::Bombardment& b, report::Report& rep,
                        json::Value& out) {
  Table p;
  p.title = "Bombardment: the park (seed 000, Bombarding with Gunpowder Artillery, pp. 17-18; " +
            std::string(b.cautious ? "cautious besieger" : "every piece") + ")";
  p.add_column("piece", "Piece")
      .add_column("count", "Count", Align::right)
      .add_column("range_yd", "Range", Align::right)
      .add_column("bracket", "Bracket")
      .add_column("fire", "Fire")
      .add_column("shp_per_day_each", "shp/day each", Align::right)
      .add_column("shp_per_day", "shp/day", Align::right)
      .add_column("cost_gp_per_day", "gp/day", Align::right)
      .add_column("used", "Used");
  json::Value jp = json::array();
  for (const auto& l : b.lines) {
    p.add_row({l.piece, std::to_string(l.count), yd(l.range_yd), artillery::to_string(l.bracket), artillery::to_string(l.mode),
               gp(l.shp_per_day_each), gp(l.shp_per_day), gp(l.cost_gp_per_day), l.used ? "yes" : "no"});
    json::Value o = json::object();
    o.set("piece", l.piece);
    o.set("count", l.count);
    o.set("range_yd", l.range_yd);
    o.set("bracket", artillery::to_string(l.bracket));
    o.set("fire", artillery::to_string(l.mode));
    o.set("shp_per_day_each", l.shp_per_day_each);
    o.set("shp_per_day", l.shp_per_day);
    o.set("cost_gp_per_day", l.cost_gp_per_day);
    o.set("used", l.used);
    o.set("note", l.note);
    jp.push(std::move(o));
    if (!l.used) p.notes.push_back(l.piece + ": " + l.note);
  }
  if (sg.stronghold.material == siege::Material::wood)
    p.notes.push_back("wood: the table's stone figures +33% at short and medium range, +66% at long range");
  rep.tables.push_back(std::move(p));

  Table r;
  r.title = "Bombardment: result";
  r.add_column("figure", "Figure").add_column("value", "Value", Align::right);
  r.add_row({"Stronghold shp", grouped(sg.stronghold.shp) + " (" + siege::to_string(sg.stronghold.material) + ")"});
  r.add_row({"shp destroyed a day", gp(b.shp_per_day)});
  r.add_row({"Days to bring it to zero", b.days ? std::to_string(*b.days) : "never (no piece bombards)"});
  r.add_row({"Powder and shot a day", gp(b.cost_gp_per_day) + " gp"});
  r.add_row({"Powder and shot in all", b.cost_gp_total ? gp(*b.cost_gp_total) + " gp" : "-"});
  r.add_row({"Days to the first breach", b.days_to_first_breach ? std::to_string(*b.days_to_first_breach) : "-"});
  if (b.breaches_wanted)
    r.add_row({"Days to " + std::to_string(*b.breaches_wanted) + " breaches",
               b.days_to_breaches ? std::to_string(*b.days_to_breaches) : "more breaches than the stronghold's shp allow"});
  r.add_row({"Defender's artillery reach", b.defender_reach_yd ? yd(*b.defender_reach_yd) : "no artillery"});
  r.notes.push_back("one breach per " + grouped(b.shp_per_breach) + " shp of damage (" + rules.duration.source + ")");
  if (!b.cautious && b.defender_reach_yd) {
    int in_reach = 0;
    for (const auto& l : b.lines) in_reach += l.range_yd <= *b.defender_reach_yd ? l.count : 0;
    if (in_reach > 0)
      r.notes.push_back(std::to_string(in_reach) + " piece(s) stand within the defender's reach: see the duel, or --cautious");
  }
  rep.tables.push_back(std::move(r));
  if (!b.defender_losses.empty()) {
    Table c;
    c.title = "Bombardment: the defender's artillery lost as the stronghold is damaged (seed 001 rule)";
    c.add_column("damage", "Damage", Align::right).add_column("day", "Day", Align::right).add_column("lost", "Pieces lost", Align::right);
    for (const auto& l : b.defender_losses)
      c.add_row({fmtnum::percent(l.damage_fraction, 0), l.day ? std::to_string(*l.day) : "-", std::to_string(l.pieces_lost)});
    c.notes.push_back("the rule of " + rules.structures.cannon_loss_source + ", applied to the stronghold (a decision; see the man page)");
    rep.tables.push_back(std::move(c));
  }
  if (b.days && !b.shp_by_day.empty())
    rep.tables.push_back(schedule_table("Bombardment: stronghold shp day by day", b.shp_by_day));

  out.set("policy", b.cautious ? "cautious" : "all");
  out.set("material", siege::to_string(sg.stronghold.material));
  out.set("shp", sg.stronghold.shp);
  out.set("shp_per_day", b.shp_per_day);
  out.set("days", opt_int(b.days));
  out.set("cost_gp_per_day", b.cost_gp_per_day);
  out.set("cost_gp_total", opt_num(b.cost_gp_total));
  out.set("shp_per_breach", b.shp_per_breach);
  out.set("days_to_first_breach", opt_int(b.days_to_first_breach));
  out.set("breaches", opt_int(b.breaches_wanted));
  out.set("days_to_breaches", opt_int(b.days_to_breaches));
  out.set("defender_reach_yd", opt_num(b.defender_reach_yd));
  out.set("pieces", std::move(jp));
  json::Value jl = json::array();
  for (const auto& l : b.defender_losses) {
    json::Value o = json::object();
    o.set("damage_fraction", l.damage_fraction);
    o.set("day", opt_int(l.day));
    o.set("pieces_lost", l.pieces_lost);
    jl.push(std::move(o));
  }
  out.set("defender_artillery_lost", std::move(jl));
  out.set("schedule", b.days ? schedule_json(b.shp_by_day) : json::array());
  for (const auto& l : b.explain) rep.explain.push_back("bombardment: " + l);
}

void duel_setup_report(const siege::Rules& rules, const siege::DuelSetup& s, report::Report& rep, json::Value& out) {
  Table t;
  t.title = "Artillery duel: the parks (seed 000, Gunpowder Artillery Duels, pp. 18-19)";
  t.add_column("side", "Side")
      .add_column("labels", "Pieces")
      .add_column("piece", "Type")
      .add_column("carriage", "Carriage")
      .add_column("mobile", "Moves")
      .add_column("start_yd", "Starts at", Align::right)
      .add_column("stop_yd", "Stops at", Align::right)
      .add_column("shp", "shp", Align::right)
      .add_column("rof", "ROF", Align::right)
      .add_column("range_yd", "Range S/M/L", Align::right);
  json::Value jp = json::array();
  for (size_t i = 0; i < s.pieces.size();) {
    const auto& p = s.pieces[i];
    size_t j = i;
    std::string labels;
    while (j < s.pieces.size() && s.pieces[j].piece == p.piece && s.pieces[j].besieger == p.besieger &&
           s.pieces[j].start_yd == p.start_yd && s.pieces[j].stop_yd == p.stop_yd && s.pieces[j].carriage == p.carriage) {
      labels += (labels.empty() ? "" : ", ") + s.pieces[j].label;
      ++j;
    }
    if (j - i > 8) labels = s.pieces[i].label + " ... " + s.pieces[j - 1].label + " (" + std::to_string(j - i) + ")";
    const auto& bp = *p.piece;
    t.add_row({p.besieger ? "besieger" : "defender", labels, bp.name, artillery::to_string(p.carriage), p.mobile ? "yes" : "no",
               p.besieger ? yd(p.start_yd) : "stronghold", p.besieger ? yd(p.stop_yd) : "-", std::to_string(bp.shp),
               "1/" + std::to_string(bp.rof),
               gp(bp.range_short_yd) + "/" + gp(bp.range_medium_yd) + "/" + gp(bp.range_long_yd)});
    i = j;
  }
  for (const auto& p : s.pieces) {
    json::Value o = json::object();
    o.set("label", p.label);
    o.set("side", p.besieger ? "besieger" : "defender");
    o.set("piece", p.piece->name);
    o.set("carriage", artillery::to_string(p.carriage));
    o.set("mobile", p.mobile);
    o.set("start_yd", p.start_yd);
    o.set("stop_yd", p.stop_yd);
    o.set("engage_yd", p.engage_yd);
    jp.push(std::move(o));
  }
  t.notes.push_back("the besieger starts at the defender's longest range (" + yd(s.defender_reach_yd) +
                    ") or farther; only pieces on a limber move, " + std::to_string(rules.duel.move_yd) + " yd a round");
  t.notes.push_back("targets: " + std::to_string(rules.duel.target[0]) + "+ short, " + std::to_string(rules.duel.target[1]) +
                    "+ medium, " + std::to_string(rules.duel.target[2]) + "+ long; a defending piece saves on " +
                    std::to_string(rules.duel.besieged_save) + "+; a hit piece that survives loses its next action");
  rep.tables.push_back(std::move(t));
  out.set("besieger_policy", siege::to_string(s.options.besieger));
  out.set("defender_policy", siege::to_string(s.options.defender));
  out.set("advance_to", artillery::to_string(s.options.advance_to));
  out.set("fall_back_after", s.fall_back_after);
  out.set("hole_up_after", s.hole_up_after);
  out.set("max_rounds", s.max_rounds);
  out.set("defender_reach_yd", s.defender_reach_yd);
  out.set("pieces", std::move(jp));
}

void shot_odds_report(const std::vector<siege::ShotOdds>& odds, report::Report& rep, json::Value& out) {
  Table t;
  t.title = "Artillery duel: odds of one shot (exact)";
  t.add_column("shooter", "Shooter")
      .add_column("target", "Target")
      .add_column("bracket", "Range")
      .add_column("target_value", "Throw", Align::right)
      .add_column("p_hit", "Hit", Align::right)
      .add_column("p_save", "Save", Align::right)
      .add_column("p_destroy", "Destroyed", Align::right);
  json::Value a = json::array();
  for (const auto& o : odds) {
    t.add_row({o.shooter, o.target, o.bracket, std::to_string(o.target_value) + "+", fmtnum::percent(o.p_hit),
               fmtnum::percent(o.p_save), fmtnum::percent(o.p_destroy)});
    json::Value j = json::object();
    j.set("shooter", o.shooter);
    j.set("target", o.target);
    j.set("bracket", o.bracket);
    j.set("target_value", o.target_value);
    j.set("p_hit", o.p_hit);
    j.set("p_save", o.p_save);
    j.set("p_destroy_given_hit", o.p_destroy_given_hit);
    j.set("p_destroy", o.p_destroy);
    a.push(std::move(j));
    rep.explain.push_back("duel: " + o.derivation);
  }
  rep.tables.push_back(std::move(t));
  out.set("shot_odds", std::move(a));
}

json::Value proportion_json(const siege::Proportion& p) {
  json::Value o = json::object();
  o.set("count", p.count);
  o.set("p", p.p);
  o.set("low", p.low);
  o.set("high", p.high);
  return o;
}

void odds_report(const siege::DuelOdds& o, report::Report& rep, json::Value& out) {
  Table t;
  t.title = "Artillery duel: how " + grouped(o.runs) + " seeded duels end (seed " + std::to_string(o.seed) + ")";
  t.add_column("end", "End")
      .add_column("count", "Duels", Align::right)
      .add_column("p", "Share", Align::right)
      .add_column("ci", "95% interval", Align::right);
  json::Value ends = json::object();
  for (auto e : siege::kDuelEnds) {
    const auto& p = o.ends[static_cast<size_t>(e)];
    t.add_row({siege::describe(e), grouped(p.count), fmtnum::percent(p.p), fmtnum::percent(p.low) + " - " + fmtnum::percent(p.high)});
    ends.set(siege::to_string(e), proportion_json(p));
  }
  t.notes.push_back("Wilson score intervals; duel i uses the random stream (seed, i), so the figures do not depend on "
                    "the number of threads");
  rep.tables.push_back(std::move(t));
  report::Chart chart;
  chart.title = "Artillery duel: how the duels end";
  for (auto e : siege::kDuelEnds) {
    chart.labels.push_back(siege::to_string(e));
    chart.values.push_back(o.ends[static_cast<size_t>(e)].p);
  }
  rep.charts.push_back(std::move(chart));
  report::Chart left;
  left.title = "Artillery duel: besieger pieces left";
  for (size_t i = 0; i < o.besieger_left.size(); ++i) {
    left.labels.push_back(std::to_string(i));
    left.values.push_back(static_cast<double>(o.besieger_left[i]) / static_cast<double>(o.runs));
  }
  rep.charts.push_back(std::move(left));

  Table l;
  l.title = "Artillery duel: pieces left at the end";
  l.add_column("pieces", "Pieces left", Align::right)
      .add_column("besieger", "Besieger", Align::right)
      .add_column("defender", "Defender", Align::right);
  const size_t rows = std::max(o.besieger_left.size(), o.defender_left.size());
  auto share = [&](const std::vector<long long>& h, size_t i) {
    return i < h.size() ? fmtnum::percent(static_cast<double>(h[i]) / static_cast<double>(o.runs)) : std::string("-");
  };
  auto count = [](const std::vector<long long>& h, size_t i) { return i < h.size() ? h[i] : 0; };
  for (size_t i = 0; i < rows; ++i)
    if (count(o.besieger_left, i) > 0 || count(o.defender_left, i) > 0)
      l.add_row({std::to_string(i), share(o.besieger_left, i), share(o.defender_left, i)});
  l.notes.push_back("rows where neither side ever ends with that many pieces are left out");
  l.notes.push_back("mean: besieger " + trim(o.besieger_left_mean, 3) + ", defender " + trim(o.defender_left_mean, 3) +
                    " pieces (holed-up pieces count as left)");
  rep.tables.push_back(std::move(l));

  Table r;
  r.title = "Artillery duel: rounds taken";
  r.add_column("figure", "Figure").add_column("value", "Rounds", Align::right);
  r.add_row({"Mean (95% interval)", trim(o.rounds_mean, 2) + " +/- " + trim(o.rounds_ci, 2)});
  r.add_row({"Fewest", std::to_string(o.rounds_min)});
  r.add_row({"10th percentile", std::to_string(o.rounds_p10)});
  r.add_row({"Median", std::to_string(o.rounds_median)});
  r.add_row({"90th percentile", std::to_string(o.rounds_p90)});
  r.add_row({"Most", std::to_string(o.rounds_max)});
  rep.tables.push_back(std::move(r));

  json::Value j = json::object();
  j.set("runs", o.runs);
  j.set("seed", static_cast<long long>(o.seed));
  j.set("ends", std::move(ends));
  auto hist = [](const std::vector<long long>& h) {
    json::Value a = json::array();
    for (auto v : h) a.push(v);
    return a;
  };
  j.set("besieger_left", hist(o.besieger_left));
  j.set("defender_left", hist(o.defender_left));
  j.set("besieger_left_mean", o.besieger_left_mean);
  j.set("defender_left_mean", o.defender_left_mean);
  json::Value rounds = json::object();
  rounds.set("mean", o.rounds_mean);
  rounds.set("ci95", o.rounds_ci);
  rounds.set("min", o.rounds_min);
  rounds.set("p10", o.rounds_p10);
  rounds.set("median", o.rounds_median);
  rounds.set("p90", o.rounds_p90);
  rounds.set("max", o.rounds_max);
  j.set("rounds", std::move(rounds));
  out.set("odds", std::move(j));
}

void trace_report(const std::vector<siege::TraceEvent>& trace, const siege::DuelResult& res, report::Report& rep,
                  json::Value& out) {
  Table t;
  t.title = "Artillery duel, round by round";
  t.add_column("rounds", "Round", Align::right).add_column("phase", "Phase").add_column("event", "Event");
  json::Value a = json::array();
  for (const auto& e : trace) {
    const std::string rounds =
        e.round_from == e.round_to ? std::to_string(e.round_from) : std::to_string(e.round_from) + "-" + std::to_string(e.round_to);
    t.add_row({rounds, e.phase == 1 ? "defender" : e.phase == 2 ? "besieger" : "", e.text});
    json::Value o = json::object();
    o.set("round_from", e.round_from);
    o.set("round_to", e.round_to);
    o.set("phase", e.phase == 1 ? json::Value("defender") : e.phase == 2 ? json::Value("besieger") : json::Value());
    o.set("kind", e.kind);
    o.set("piece", e.piece.empty() ? json::Value() : json::Value(e.piece));
    o.set("target", e.target.empty() ? json::Value() : json::Value(e.target));
    o.set("range_yd", e.kind == "fire" ? json::Value(e.range_yd) : json::Value());
    o.set("bracket", e.bracket.empty() ? json::Value() : json::Value(e.bracket));
    o.set("target_value", e.kind == "fire" ? json::Value(e.target_value) : json::Value());
    o.set("roll", e.kind == "fire" ? json::Value(e.roll) : json::Value());
    o.set("save_roll", opt_int(e.save_roll));
    o.set("damage", opt_int(e.damage));
    o.set("result", e.result.empty() ? json::Value() : json::Value(e.result));
    o.set("text", e.text);
    a.push(std::move(o));
  }
  rep.tables.push_back(std::move(t));
  json::Value r = json::object();
  r.set("end", siege::to_string(res.end));
  r.set("rounds", res.rounds);
  r.set("besieger_left", res.besieger_left);
  r.set("defender_left", res.defender_left);
  r.set("defender_holed_up", res.defender_holed_up);
  out.set("result", std::move(r));
  out.set("trace", std::move(a));
}

json::Value int_array(const std::vector<int>& v) {
  json::Value a = json::array();
  for (int x : v) a.push(x);
  return a;
}

json::Value cannon_loss_json(const std::vector<siege::CannonLossRow>& rows) {
  json::Value a = json::array();
  for (const auto& c : rows) {
    json::Value l = json::object();
    l.set("damage_fraction", c.damage_fraction);
    l.set("damage_points", c.damage_points);
    l.set("cannon_lost", c.cannon_lost);
    a.push(std::move(l));
  }
  return a;
}

void structures_report(const siege::Rules& rules, const std::vector<siege::StructurePoints>& pts,
                       const std::vector<siege::StructureSpec>& specs, report::Report& rep, json::Value& out) {
  const auto& sr = rules.structures;
  Table t;
  t.title = "Structural strength points (" + sr.source + ")";
  t.add_column("name", "Structure")
      .add_column("shape", "Shape")
      .add_column("factor", "Factor", Align::right)
      .add_column("size", "Size")
      .add_column("levels", "Levels", Align::right)
      .add_column("points", "Points", Align::right)
      .add_column("sections", "Sections")
      .add_column("pi", "With pi", Align::right);
  json::Value a = json::array();
  for (size_t i = 0; i < pts.size(); ++i) {
    const auto& p = pts[i];
    const auto& s = specs[i];
    std::string size;
    switch (s.shape) {
      case siege::Shape::rectangular: size = trim(*s.length_in, 3) + "\" x " + trim(*s.width_in, 3) + "\""; break;
      case siege::Shape::round: size = trim(*s.diameter_in, 3) + "\" across"; break;
      case siege::Shape::wall: size = trim(*s.length_in, 3) + "\" long"; break;
    }
    std::string sections;
    for (int v : p.sections) sections += (sections.empty() ? "" : " + ") + std::to_string(v);
    t.add_row({p.name, siege::to_string(p.shape), std::to_string(p.factor), size, trim(s.height_levels, 3),
               std::to_string(p.points), sections.empty() ? "-" : sections,
               p.points_with_pi ? std::to_string(*p.points_with_pi) : "-"});
    json::Value o = json::object();
    o.set("name", p.name);
    o.set("shape", siege::to_string(p.shape));
    o.set("factor", p.factor);
    o.set("material", s.material.empty() ? json::Value() : json::Value(s.material));
    o.set("length_in", opt_num(s.length_in));
    o.set("width_in", opt_num(s.width_in));
    o.set("diameter_in", opt_num(s.diameter_in));
    o.set("height_levels", s.height_levels);
    o.set("pi", s.shape == siege::Shape::round ? json::Value(s.use_pi) : json::Value());
    o.set("product", p.product);
    o.set("points", p.points);
    o.set("sections", int_array(p.sections));
    o.set("points_with_pi", opt_int(p.points_with_pi));
    o.set("cannon", opt_int(s.cannon));
    o.set("cannon_loss", cannon_loss_json(p.cannon_loss));
    o.set("damage", opt_num(s.damage_points));
    o.set("cannon_lost_now", opt_int(p.cannon_lost_now));
    a.push(std::move(o));
    for (const auto& l : p.explain) rep.explain.push_back("structures: " + l);
  }
  t.notes.push_back("points = size x height in levels x materials factor (round: x3 or pi), rounded up to a multiple of " +
                    std::to_string(sr.round_up_multiple) + "; walls count at most " + trim(sr.section_length_in) +
                    "\" a section");
  rep.tables.push_back(std::move(t));

  Table c;
  c.title = "Cannon lost as a structure is damaged (" + sr.cannon_loss_source + ")";
  c.add_column("name", "Structure").add_column("cannon", "Cannon", Align::right);
  for (const auto& step : sr.cannon_loss)
    c.add_column("lost_" + trim(step.damage_fraction * 100), "Lost at " + fmtnum::percent(step.damage_fraction, 0), Align::right);
  c.add_column("now", "Lost now", Align::right);
  for (size_t i = 0; i < pts.size(); ++i) {
    if (!specs[i].cannon) continue;
    std::vector<std::string> row{pts[i].name, std::to_string(*specs[i].cannon)};
    for (const auto& l : pts[i].cannon_loss) row.push_back(std::to_string(l.cannon_lost) + " (" + trim(l.damage_points, 2) + " pts)");
    row.push_back(pts[i].cannon_lost_now ? std::to_string(*pts[i].cannon_lost_now) : "-");
    c.add_row(std::move(row));
  }
  if (!c.rows.empty()) {
    c.notes.push_back("rounded up at every step");
    rep.tables.push_back(std::move(c));
  }

  Table g;
  g.title = "Gates and doors (" + sr.gate_door_source + ")";
  g.add_column("target", "Target").add_column("hand", "Breached by at least").add_column("range", "Range");
  json::Value gj = json::array();
  for (const auto& [what, hand] : sr.breach_hands) {
    std::string h = hand;
    std::replace(h.begin(), h.end(), '_', ' ');
    g.add_row({what, h, sr.gate_door_range});
    json::Value o = json::object();
    o.set("target", what);
    o.set("min_hand", hand);
    o.set("range", sr.gate_door_range);
    gj.push(std::move(o));
  }
  g.notes.push_back(sr.gate_door_deducts ? "a breach deducts strength points" : "a breach deducts no strength points");
  rep.tables.push_back(std::move(g));
  out.set("structures", std::move(a));
  out.set("gates_and_doors", std::move(gj));
}

void machine_bonus_report(const siege::SiegeMachineRules& r, const siege::SmSetup& m, report::Report& rep, json::Value& out) {
  Table t;
  t.title = "Siege Machine: BR bonuses by the attacker's option (seed 004, Preparation)";
  t.add_column("option", "Option")
      .add_column("side", "Side")
      .add_column("br", "BR", Align::right)
      .add_column("artillery", "Artillery", Align::right)
      .add_column("equipment", "Equipment", Align::right)
      .add_column("fortification", "Fortification", Align::right)
      .add_column("total", "Total", Align::right);
  json::Value a = json::array();
  std::vector<std::string> options;
  if (m.plan == siege::SmPlan::bombard_then_assault) options = {"bombard", "assault"};
  else options = {siege::to_string(m.plan)};
  // Concentrated fire: the engines the front allows, the distant fortifications at a quarter.
  siege::SmSide attacker = m.attacker;
  if (m.front_ft) attacker.equipment = siege::engines_at_front(r, m.attacker.equipment, siege::front_limits(r, *m.front_ft).max_engines);
  auto row = [&](const std::string& o, bool d, int br, int art, int eq, int fort, int total) {
    t.add_row({o, d ? "defender" : "attacker", std::to_string(br), std::to_string(art), std::to_string(eq), std::to_string(fort),
               std::to_string(total)});
    json::Value j = json::object();
    j.set("option", o);
    j.set("side", d ? "defender" : "attacker");
    j.set("br", br);
    j.set("artillery", art);
    j.set("equipment", eq);
    j.set("fortification", fort);
    j.set("total", total);
    a.push(std::move(j));
  };
  for (const auto& o : options)
    for (int d = 0; d < 2; ++d) {
      const auto& side = d ? m.defender : attacker;
      const auto b = siege::side_bonus(r, side, d == 1, o, nullptr, m.front_ft.has_value());
      row(o, d == 1, side.br, b.artillery, b.equipment, b.fortification, side.br + b.total());
      for (const auto& l : b.lines) rep.explain.push_back("siege machine: " + o + ", " + (d ? "defender" : "attacker") + ": " + l);
    }
  if (m.defender_plan == siege::SmDefenderPlan::sally) {
    // The sally: a standard War Machine battle, the defender +10% BR (rounded up), no siege bonuses.
    const int extra = static_cast<int>(rounding::fraction_up(m.defender.br * r.sally_br_pct / 100.0));
    row("sally", false, m.attacker.br, 0, 0, 0, m.attacker.br);
    row("sally", true, m.defender.br, 0, 0, 0, m.defender.br + extra);
  }
  t.notes.push_back("the artillery column is the A of the bombard casualties (A/10 x 1d10 hit dice of defenders, A'/10 x 2d10 of "
                    "attackers); an assault adds " + std::to_string(r.assault_br_pct) + "% of the attacker's BR");
  if (m.defender_plan == siege::SmDefenderPlan::sally)
    t.notes.push_back("a sally adds " + std::to_string(r.sally_br_pct) + "% of the defender's BR (surprise), without fortification "
                      "or siege-equipment bonuses, and takes War Machine casualties in full");
  if (m.front_ft) {
    const auto f = siege::front_limits(r, *m.front_ft);
    t.notes.push_back("concentrated fire on " + trim(*m.front_ft, 2) + "': at most " + grouped(f.max_troops) + " attacking troops and " +
                      std::to_string(f.max_engines) + " siege engines (most BR first, counting crew); fortifications beyond " +
                      std::to_string(r.cf_full_within_ft) + "' count " + std::to_string(r.cf_other.n) + "/" +
                      std::to_string(r.cf_other.d));
  }
  rep.tables.push_back(std::move(t));
  out.set("bonuses", std::move(a));
}

json::Value rating_json(const std::optional<war::Rating>& r) {
  if (!r) return json::Value();
  json::Value o = json::object();
  o.set("method", r->method);
  o.set("bfr", r->bfr ? json::Value(*r->bfr) : json::Value());
  o.set("troop_class", r->troop_class ? json::Value(*r->troop_class) : json::Value());
  o.set("statements_true", r->statements_true);
  o.set("br", r->br);
  return o;
}

void machine_trace_report(const std::vector<siege::SmWeek>& weeks, const siege::SmResult& res, report::Report& rep,
                          json::Value& out) {
  // Columns for the structure and morale only when the siege tracks them.
  const bool shp = std::any_of(weeks.begin(), weeks.end(), [](const siege::SmWeek& w) { return w.shp_left.has_value(); });
  const bool morale = std::any_of(weeks.begin(), weeks.end(),
                                  [](const siege::SmWeek& w) { return w.attacker_morale || w.defender_morale; });
  auto opt_text = [](const std::optional<int>& v) { return v ? std::to_string(*v) : std::string("-"); };
  Table t;
  t.title = "Siege Machine, week by week";
  t.add_column("week", "Week", Align::right)
      .add_column("option", "Option")
      .add_column("br", "BR att/def", Align::right)
      .add_column("rolls", "d100 att/def", Align::right)
      .add_column("battle", "Battle")
      .add_column("hd", "Artillery HD att/def", Align::right)
      .add_column("lost", "Lost att/def", Align::right)
      .add_column("troops", "Troops att/def", Align::right);
  if (shp) t.add_column("damage", "d - d% = damage", Align::right).add_column("shp", "Shp left", Align::right).add_column("breach", "Breach ft", Align::right);
  if (morale) t.add_column("morale", "Morale att/def", Align::right);
  t.add_column("note", "Note");
  json::Value a = json::array();
  for (const auto& w : weeks) {
    const bool battle = !w.battle.empty();
    std::vector<std::string> cells{std::to_string(w.week), w.option,
                                   battle ? std::to_string(w.br[0]) + "/" + std::to_string(w.br[1]) : "-",
                                   battle ? std::to_string(w.rolls[0]) + "/" + std::to_string(w.rolls[1]) : "-", battle ? w.battle : "-",
                                   trim(w.attacker_hd, 2) + "/" + trim(w.defender_hd, 2),
                                   grouped(w.attacker_lost) + "/" + grouped(w.defender_lost),
                                   grouped(w.attacker_troops) + "/" + grouped(w.defender_troops)};
    if (shp) {
      std::string dmg = "-";
      if (w.damage_d) {
        dmg = trim(*w.damage_d, 2);
        const double raw = std::max(0.0, *w.damage_d - w.damage_roll.value_or(0));
        dmg.append(" - ").append(std::to_string(w.damage_roll.value_or(0))).append(" = ").append(trim(raw, 2));
        if (w.damage < raw - 1e-9) dmg.append(" (").append(trim(w.damage, 2)).append(" left to take)");
      }
      cells.push_back(dmg);
      cells.push_back(w.shp_left ? trim(*w.shp_left, 2) : "-");
      cells.push_back(trim(w.breach_ft, 1));
    }
    if (morale) cells.push_back(opt_text(w.attacker_morale) + "/" + opt_text(w.defender_morale));
    cells.push_back(w.note);
    t.add_row(std::move(cells));
    json::Value j = json::object();
    j.set("week", w.week);
    j.set("option", w.option.empty() ? json::Value() : json::Value(w.option));
    j.set("attacker_br", battle ? json::Value(w.br[0]) : json::Value());
    j.set("defender_br", battle ? json::Value(w.br[1]) : json::Value());
    j.set("attacker_roll", battle ? json::Value(w.rolls[0]) : json::Value());
    j.set("defender_roll", battle ? json::Value(w.rolls[1]) : json::Value());
    j.set("battle", battle ? json::Value(w.battle) : json::Value());
    j.set("attacker_hd", w.attacker_hd);
    j.set("defender_hd", w.defender_hd);
    j.set("attacker_lost", static_cast<long long>(w.attacker_lost));
    j.set("defender_lost", static_cast<long long>(w.defender_lost));
    j.set("attacker_troops", static_cast<long long>(w.attacker_troops));
    j.set("defender_troops", static_cast<long long>(w.defender_troops));
    j.set("damage_d", w.damage_d ? json::Value(*w.damage_d) : json::Value());
    j.set("damage_roll", w.damage_roll ? json::Value(*w.damage_roll) : json::Value());
    j.set("damage", w.damage);
    j.set("shp_left", w.shp_left ? json::Value(*w.shp_left) : json::Value());
    j.set("breach_ft", w.breach_ft);
    j.set("attacker_morale", w.attacker_morale ? json::Value(*w.attacker_morale) : json::Value());
    j.set("defender_morale", w.defender_morale ? json::Value(*w.defender_morale) : json::Value());
    j.set("escaped", static_cast<long long>(w.escaped));
    j.set("note", w.note);
    a.push(std::move(j));
  }
  t.notes.push_back(siege::describe(res.end) + " in week " + std::to_string(res.weeks));
  rep.tables.push_back(std::move(t));
  json::Value r = json::object();
  r.set("end", siege::to_string(res.end));
  r.set("weeks", res.weeks);
  r.set("attacker_troops", static_cast<long long>(res.attacker_troops));
  r.set("defender_troops", static_cast<long long>(res.defender_troops));
  r.set("escaped", static_cast<long long>(res.escaped));
  r.set("shp_left", res.shp_left ? json::Value(*res.shp_left) : json::Value());
  out.set("result", std::move(r));
  out.set("trace", std::move(a));
  out.set("odds", json::Value());
}

void machine_odds_report(const siege::SmOdds& o, int max_weeks, report::Report& rep, json::Value& out) {
  Table t;
  t.title = "Siege Machine: how " + grouped(o.runs) + " seeded sieges end (seed " + std::to_string(o.seed) + ")";
  t.add_column("end", "End").add_column("count", "Sieges", Align::right).add_column("p", "Share", Align::right).add_column("ci", "95% interval", Align::right);
  json::Value ends = json::object();
  for (auto e : siege::kSmEnds) {
    const auto p = siege::wilson(o.ends[static_cast<size_t>(e)], o.runs);
    t.add_row({siege::describe(e), grouped(p.count), fmtnum::percent(p.p), fmtnum::percent(p.low) + " - " + fmtnum::percent(p.high)});
    ends.set(siege::to_string(e), proportion_json(p));
  }
  rep.tables.push_back(std::move(t));
  Table w;
  w.title = "Siege Machine: weeks until the stronghold falls";
  w.add_column("week", "Week", Align::right).add_column("falls", "Falls that week", Align::right).add_column("by", "Fallen by then", Align::right);
  long long cum = 0;
  json::Value hist = json::array();
  for (int k = 1; k <= max_weeks; ++k) {
    const long long c = o.capture_week[static_cast<size_t>(k)];
    cum += c;
    hist.push(c);
    if (c > 0)
      w.add_row({std::to_string(k), fmtnum::percent(static_cast<double>(c) / static_cast<double>(o.runs)),
                 fmtnum::percent(static_cast<double>(cum) / static_cast<double>(o.runs))});
  }
  report::Chart ends_chart;
  ends_chart.title = "Siege Machine: how the sieges end";
  for (auto e : siege::kSmEnds) {
    ends_chart.labels.push_back(siege::to_string(e));
    ends_chart.values.push_back(static_cast<double>(o.ends[static_cast<size_t>(e)]) / static_cast<double>(o.runs));
  }
  rep.charts.push_back(std::move(ends_chart));
  report::Chart weeks_chart;
  weeks_chart.title = "Siege Machine: the week the stronghold falls";
  int last = 0;
  for (int k = 1; k <= max_weeks; ++k)
    if (o.capture_week[static_cast<size_t>(k)] > 0) last = k;
  for (int k = 1; k <= last; ++k) {
    weeks_chart.labels.push_back(std::to_string(k));
    weeks_chart.values.push_back(static_cast<double>(o.capture_week[static_cast<size_t>(k)]) / static_cast<double>(o.runs));
  }
  if (!weeks_chart.labels.empty()) rep.charts.push_back(std::move(weeks_chart));
  w.notes.push_back("falls = captured by assault or bombardment, starved out or abandoned; mean " + trim(o.mean_weeks_to_capture, 2) +
                    " weeks, median " + std::to_string(o.median_weeks_to_capture) + " (over the sieges that fall)");
  rep.tables.push_back(std::move(w));
  json::Value j = json::object();
  j.set("runs", o.runs);
  j.set("seed", static_cast<long long>(o.seed));
  j.set("ends", std::move(ends));
  j.set("falls_by_week", std::move(hist));
  j.set("mean_weeks_to_fall", o.mean_weeks_to_capture);
  j.set("median_weeks_to_fall", o.median_weeks_to_capture);
  out.set("result", json::Value());
  out.set("trace", json::Value());
  out.set("odds", std::move(j));
}

json::Value side_json(const siege::Side& s) {
  json::Value o = json::object();
  o.set("name", s.name.empty() ? json::Value() : json::Value(s.name));
  o.set("units", s.units);
  json::Value a = json::array();
  for (const auto& e : s.artillery) {
    json::Value p = json::object();
    p.set("piece", e.piece->name);
    p.set("count", e.count);
    p.set("range_yd", opt_num(e.range_yd));
    p.set("carriage", artillery::to_string(e.carriage));
    p.set("spiked", e.spiked);
    a.push(std::move(p));
  }
  o.set("artillery", std::move(a));
  json::Value g = json::array();
  for (const auto& e : s.engines) {
    json::Value p = json::object();
    p.set("type", e.type);
    p.set("count", e.count);
    p.set("bonus_units", opt_int(e.bonus_units));
    g.push(std::move(p));
  }
  o.set("engines", std::move(g));
  return o;
}

// Places a rule error ("besieger.artillery[i]", "key: message") at its TOML key (exit 65).
Diagnostics place(const Diagnostics& in, const input::Document& doc, const Input& inp) {
  Diagnostics out;
  const std::string prefix = "besieger.artillery[";
  for (auto item : in.items()) {
    const std::string& f = item.pos.file;
    if (f.rfind(prefix, 0) == 0) {
      const size_t i = static_cast<size_t>(std::stoul(f.substr(prefix.size())));
      const toml::table* t = i < inp.besieger_entries.size() ? inp.besieger_entries[i] : nullptr;
      const toml::node* node = t;
      const auto colon = item.message.find(": ");
      if (t && colon != std::string::npos && t->get(item.message.substr(0, colon))) {
        node = t->get(item.message.substr(0, colon));
        item.message = item.message.substr(colon + 2);
      }
      if (node) {
        item.pos = doc.pos(*node);
        item.source_line = doc.line(item.pos.line);
      } else {
        item.pos = {doc.name};
      }
    }
    item.code = ExitCode::data_error;
    out.add(item);
  }
  return out;
}

}  // namespace

Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common) {
  auto rules_or = siege::load_rules();
  if (!rules_or) return rules_or.error();
  auto cat_or = artillery::load_catalogue();
  if (!cat_or) return cat_or.error();
  const siege::Rules& rules = **rules_or;
  const artillery::Catalogue& cat = **cat_or;

  if (common.inputs.size() != 1) return cli::usage_error("", "give exactly one input file (or - for standard input)");
  const std::string& path = common.inputs.front();
  auto text = input::read_input(path);
  if (!text) return text.error();
  auto doc = input::parse(std::move(*text), path == "-" ? "<stdin>" : path);
  if (!doc) return doc.error();
  auto in = read_siege(*doc, rules, cat, opt.pi);
  if (!in) return in.error();

  const bool all = opt.method == "all";
  auto wants = [&](const char* m) { return all || opt.method == m; };
  report::Report rep;
  json::Value methods = json::array();
  json::Value skipped = json::array();
  auto skip = [&](const char* m, const std::string& why) {
    json::Value o = json::object();
    o.set("method", m);
    o.set("reason", why);
    skipped.push(std::move(o));
  };
  json::Value j_simplified, j_bombard, j_duel, j_structures;
  json::Value j_spiked = json::array();
  if (in->siege) {
    // Spiking the Guns (p. 18): a spiked piece cannot fire until the spike is removed, a
    // construction project of 1 gp needing Craft (Gunsmith).
    Table t;
    t.title = "Spiked guns (" + rules.duel.spiking_source + ")";
    t.add_column("side", "Side").add_column("piece", "Piece").add_column("spiked", "Spiked", Align::right)
        .add_column("removal_gp", "Removal gp", Align::right);
    for (int d = 0; d < 2; ++d)
      for (const auto& e : (d ? in->siege->defender : in->siege->besieger).artillery) {
        if (!e.spiked) continue;
        const double cost = e.spiked * rules.duel.spike_removal_gp;
        t.add_row({d ? "defender" : "besieger", e.piece->name, std::to_string(e.spiked), gp(cost)});
        json::Value o = json::object();
        o.set("side", d ? "defender" : "besieger");
        o.set("piece", e.piece->name);
        o.set("spiked", e.spiked);
        o.set("removal_gp", cost);
        j_spiked.push(std::move(o));
      }
    if (!t.rows.empty()) {
      t.notes.push_back("a spiked piece cannot fire and counts for nothing until its spike is removed: a construction "
                        "project of " + gp(rules.duel.spike_removal_gp) + " gp each, Craft (Gunsmith); spiking takes " +
                        std::to_string(rules.duel.spike_rounds) + " stationary round adjacent to the piece");
      rep.tables.push_back(std::move(t));
    }
  }

  if (wants("simplified") || wants("bombardment") || wants("duel")) {
    if (!in->siege) {
      if (!all) return cli::usage_error("--method", opt.method + " needs [stronghold], [besieger] and [defender] in the input");
      for (const char* m : {"simplified", "bombardment", "duel"}) skip(m, "no [stronghold], [besieger] and [defender]");
    }
  }
  if (in->siege) {
    const siege::Siege& sg = *in->siege;
    if (wants("simplified")) {
      const auto s = siege::simplified(rules, sg, opt.bonus_units == "table" ? siege::BonusReading::table : siege::BonusReading::example);
      j_simplified = json::object();
      simplified_report(rules, sg, s, rep, j_simplified);
      methods.push("simplified");
    }
    if (wants("bombardment")) {
      if (sg.besieger.artillery.empty()) {
        if (!all) return cli::usage_error("--method", "bombardment needs artillery in [besieger]");
        skip("bombardment", "the besieger has no artillery");
      } else if (!in->ranges_complete && all) {
        skip("bombardment", "a besieger piece has no range_yd");
      } else {
        auto b = siege::bombard(rules, cat, sg, opt.cautious, opt.breaches);
        if (!b) return place(b.error(), *doc, *in);
        j_bombard = json::object();
        bombardment_report(rules, sg, *b, rep, j_bombard);
        methods.push("bombardment");
      }
    }
    if (wants("duel")) {
      siege::DuelOptions o;
      o.besieger = opt.besieger_policy == "advance" ? siege::BesiegerPolicy::advance
                   : opt.besieger_policy == "fire"  ? siege::BesiegerPolicy::fire
                                                    : siege::BesiegerPolicy::fall_back;
      o.defender = opt.defender_policy == "fire"   ? siege::DefenderPolicy::fire
                   : opt.defender_policy == "hold" ? siege::DefenderPolicy::hold
                                                   : siege::DefenderPolicy::hole_up;
      o.advance_to = opt.advance_to == "short" ? Bracket::short_range : opt.advance_to == "medium" ? Bracket::medium_range : Bracket::long_range;
      o.fall_back_after = opt.fall_back_after;
      o.hole_up_after = opt.hole_up_after;
      o.max_rounds = opt.max_rounds;
      auto setup = siege::duel_setup(rules, cat, sg, o);
      if (!setup) {
        if (!all) return cli::usage_error("--method", setup.error().items().front().message);
        skip("duel", setup.error().items().front().message);
      } else {
        j_duel = json::object();
        j_duel.set("mode", opt.trace ? "trace" : "odds");
        j_duel.set("seed", static_cast<long long>(opt.seed));
        duel_setup_report(rules, *setup, rep, j_duel);
        shot_odds_report(siege::shot_odds(rules, cat, *setup), rep, j_duel);
        if (opt.trace) {
          std::vector<siege::TraceEvent> trace;
          siege::RngDice dice(Rng::stream(opt.seed, 0));
          const auto res = siege::run_duel(rules, cat, *setup, dice, &trace);
          trace_report(trace, res, rep, j_duel);
          j_duel.set("odds", json::Value());
        } else {
          // A budget on the work asked for: the book's park (12 pieces) takes up to a million duels.
          const auto n = static_cast<long long>(setup->pieces.size());
          if (opt.runs * n * n > kMaxDuelWork)
            return cli::usage_error("--runs", std::to_string(opt.runs) + " duels of " + std::to_string(n) +
                                                  " pieces is too much work (runs x pieces x pieces at most " +
                                                  grouped(kMaxDuelWork) + "): ask for at most " +
                                                  std::to_string(std::max(1LL, kMaxDuelWork / (n * n))) + " runs");
          const unsigned threads = opt.threads ? opt.threads : std::max(1U, std::thread::hardware_concurrency());
          Progress progress("duels", static_cast<std::uint64_t>(opt.runs));
          const auto odds = siege::duel_odds(rules, cat, *setup, opt.runs, opt.seed, threads,
                                             [&](std::uint64_t done) { progress.advance(done); });
          j_duel.set("result", json::Value());
          j_duel.set("trace", json::Value());
          odds_report(odds, rep, j_duel);
        }
        methods.push("duel");
      }
    }
  }
  if (wants("structures")) {
    if (in->structures.empty()) {
      if (!all) return cli::usage_error("--method", "structures needs [[structure]] tables in the input");
      skip("structures", "no [[structure]] tables");
    } else {
      std::vector<siege::StructurePoints> pts;
      for (const auto& s : in->structures) pts.push_back(siege::strength_points(rules.structures, s));
      j_structures = json::object();
      structures_report(rules, pts, in->structures, rep, j_structures);
      methods.push("structures");
    }
  }
  json::Value j_machine;
  if (wants("siege-machine")) {
    if (!in->machine) {
      if (!all) return cli::usage_error("--method", "siege-machine needs [siege_machine] in the input");
      skip("siege_machine", "no [siege_machine]");
    } else {
      auto sm = siege::load_siege_machine_rules();
      if (!sm) return sm.error();
      auto wr = war::load_rules();
      if (!wr) return wr.error();
      siege::SmSetup m = *in->machine;
      if (opt.plan)
        m.plan = *opt.plan == "bombard" ? siege::SmPlan::bombard : *opt.plan == "harass" ? siege::SmPlan::harass
               : *opt.plan == "assault" ? siege::SmPlan::assault : siege::SmPlan::bombard_then_assault;
      if (opt.weeks) m.max_weeks = *opt.weeks;
      if (in->machine_bombardment) {
        // The besieger's gunpowder park: the bombardment method's shp a day, for a week's d.
        auto b = siege::bombard(rules, cat, *in->siege, opt.cautious, std::nullopt);
        if (!b) return place(b.error(), *doc, *in);
        m.gunpowder_weekly_damage = b->shp_per_day * kDaysPerWeek;
        rep.explain.push_back("siege machine: the besieger's gunpowder park bombards " + trim(b->shp_per_day, 2) + " shp a day: d += " +
                              trim(m.gunpowder_weekly_damage, 2) + " a week while its artillery fires");
      }
      j_machine = json::object();
      j_machine.set("mode", opt.trace ? "trace" : "odds");
      j_machine.set("seed", static_cast<long long>(opt.seed));
      j_machine.set("plan", siege::to_string(m.plan));
      j_machine.set("bombard_weeks", m.bombard_weeks);
      j_machine.set("max_weeks", m.max_weeks);
      j_machine.set("tie", war::to_string(m.tie));
      j_machine.set("defender_plan", siege::to_string(m.defender_plan));
      j_machine.set("defender_plan_week", m.defender_week ? json::Value(*m.defender_week) : json::Value());
      j_machine.set("defender_plan_when", m.defender_when ? json::Value(siege::to_string(*m.defender_when)) : json::Value());
      j_machine.set("escape", m.escape);
      j_machine.set("depart_after_weeks", m.depart_after_weeks ? json::Value(*m.depart_after_weeks) : json::Value());
      j_machine.set("depart_below_troop_ratio", m.depart_below_troop_ratio ? json::Value(*m.depart_below_troop_ratio) : json::Value());
      j_machine.set("front_ft", m.front_ft ? json::Value(*m.front_ft) : json::Value());
      {
        const auto st = siege::make_structure(**sm, m.defender, m.stronghold_shp);
        j_machine.set("shp", st.tracked() ? json::Value(st.total_initial()) : json::Value());
      }
      j_machine.set("gunpowder_weekly_damage", m.gunpowder_weekly_damage);
      json::Value ratings = json::object();
      ratings.set("attacker", rating_json(in->machine_ratings[0]));
      ratings.set("defender", rating_json(in->machine_ratings[1]));
      j_machine.set("ratings", std::move(ratings));
      for (int d = 0; d < 2; ++d)
        if (const auto& rt = in->machine_ratings[static_cast<size_t>(d)])
          for (const auto& l : rt->explain) rep.explain.push_back(std::string("siege machine: ") + (d ? "defender" : "attacker") + " rating: " + l);
      machine_bonus_report(**sm, m, rep, j_machine);
      if (opt.trace) {
        Rng rng = Rng::stream(opt.seed, 0);
        std::vector<siege::SmWeek> weeks;
        auto res = siege::run_siege_machine(**wr, **sm, m, rng, &weeks);
        if (!res) return res.error();
        machine_trace_report(weeks, *res, rep, j_machine);
      } else {
        const long long work = opt.runs * static_cast<long long>(m.max_weeks);
        if (work > kMaxMachineWork)
          return cli::usage_error("--runs", std::to_string(opt.runs) + " sieges of up to " + std::to_string(m.max_weeks) +
                                                " weeks is too much work (runs x weeks at most " + grouped(kMaxMachineWork) +
                                                "): ask for fewer runs or weeks");
        const unsigned threads = opt.threads ? opt.threads : std::max(1U, std::thread::hardware_concurrency());
        Progress progress("sieges", static_cast<std::uint64_t>(opt.runs));
        auto odds = siege::siege_machine_odds(**wr, **sm, m, opt.runs, opt.seed, threads,
                                              [&](std::uint64_t done) { progress.advance(done); });
        if (!odds) return odds.error();
        machine_odds_report(*odds, m.max_weeks, rep, j_machine);
      }
      methods.push("siege_machine");
    }
  }

  json::Value& j = rep.json;
  j.set("tool", kInfo.name);
  j.set("input", doc->name);
  if (in->siege) {
    const auto& st = in->siege->stronghold;
    json::Value s = json::object();
    s.set("name", st.name.empty() ? json::Value() : json::Value(st.name));
    s.set("shp", st.shp);
    s.set("shp_source", st.shp_source);
    s.set("material", siege::to_string(st.material));
    s.set("site", st.site ? json::Value(*st.site) : json::Value());
    int mult = 1;
    if (st.site)
      if (const auto* m = rules.duration.site(*st.site)) mult = m->multiplier;
    s.set("site_multiplier", mult);
    j.set("stronghold", std::move(s));
    j.set("besieger", side_json(in->siege->besieger));
    j.set("defender", side_json(in->siege->defender));
  } else {
    j.set("stronghold", json::Value());
    j.set("besieger", json::Value());
    j.set("defender", json::Value());
  }
  j.set("spiked", std::move(j_spiked));
  j.set("methods", std::move(methods));
  j.set("skipped", std::move(skipped));
  j.set("simplified", std::move(j_simplified));
  j.set("bombardment", std::move(j_bombard));
  j.set("duel", std::move(j_duel));
  j.set("structures", std::move(j_structures));
  j.set("siege_machine", std::move(j_machine));
  return rep;
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::siege_app
