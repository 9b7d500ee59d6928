// Tests of the troop and unit tables as loaded (data/troops.toml, data/units.toml,
// data/unit_rules.toml): figures checked against the printed book, and every row checked against
// the other tables that repeat it. The only rows allowed to disagree are the contradictions
// listed in docs/notes/troops.md and docs/notes/units.md.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gunpowder/units/unit_br.hpp"
#include "built_in_tables.hpp"

using namespace gunpowder;
using namespace gunpowder::units;

namespace {

const Catalogue& cat() {
  static const Catalogue* c = [] {
    auto r = load_catalogue(gunpowder::testing::built_in());
    REQUIRE(r.has_value());
    return *r;
  }();
  return *c;
}

const Troop& troop(const std::string& race, const std::string& type) {
  const Troop* t = cat().troop(race, type);
  REQUIRE(t != nullptr);
  return *t;
}

// The per-troop BR of the characteristics tables, a comment of data/troops.toml (`# br = 0.133`:
// no rule reads it), by "race|troop type": the transcription is still checked against the rosters.
const std::map<std::string, double>& commented_troop_br() {
  static const std::map<std::string, double> out = [] {
    std::ifstream in(std::string(GUNPOWDER_SOURCE_DIR) + "/data/troops.toml");
    std::map<std::string, double> m;
    std::string line, race, type;
    auto value = [](const std::string& l) { return l.substr(l.find('=') + 2); };
    auto unquote = [](std::string s) { return s.size() >= 2 ? s.substr(1, s.size() - 2) : s; };
    while (std::getline(in, line)) {
      if (line == "[[troop]]") race = type = "";
      if (line.rfind("race = ", 0) == 0) race = unquote(value(line));
      if (line.rfind("troop_type = ", 0) == 0) type = unquote(value(line));
      if (line.rfind("# br = ", 0) == 0) m[race + "|" + type] = std::stod(value(line));
    }
    return m;
  }();
  return out;
}
double troop_br(const std::string& race, const std::string& type) {
  const auto it = commented_troop_br().find(race + "|" + type);
  REQUIRE(it != commented_troop_br().end());
  return it->second;
}

const RosterRow& row(const std::string& key) {
  for (const auto& u : cat().roster)
    if (u.key == key) return u;
  FAIL("no roster row " << key);
  return cat().roster.front();
}

}  // namespace

TEST_CASE("units::data - the tables load with every row") {
  CHECK(cat().troop_types.size() == 18);  // 17 column heads + Undrilled Conscripts/Militia
  CHECK(cat().races.size() == 11);
  CHECK(cat().troops.size() == 99);
  CHECK(cat().realms.size() == 8);
  CHECK(cat().roster.size() == 192);
  int campaign = 0, battle = 0;
  for (const auto& u : cat().roster) (u.roster == RosterKind::campaign ? campaign : battle)++;
  CHECK(campaign == 98);
  CHECK(battle == 94);
  CHECK(cat().formations.size() == 11);
  CHECK(cat().infantry.rows.size() == 6);
  CHECK(cat().cavalry.rows.size() == 6);
  CHECK(cat().rates.size() == 10);
  CHECK(cat().attack.bands.size() == 9);
  CHECK(cat().br_factors.size() == 3);
  for (const auto& r : cat().races)
    for (const auto& t : r.troop_types) {
      CAPTURE(r.key);
      CAPTURE(t);
      CHECK(cat().troop(r.key, t) != nullptr);
    }
}

TEST_CASE("units::data - figures against the printed tables") {
  SUBCASE("Availability by Market Class and by Realm Size, p. 23") {
    const TroopType* g = cat().troop_type("gendarmes");
    REQUIRE(g != nullptr);
    CHECK(g->market[0].dice == "3d10");
    CHECK(g->market[3].dice == "1");
    CHECK(g->market[3].chance_pct == 50);
    CHECK(g->market[5].chance_pct == 7);
    CHECK(g->era_printed == "Early-Middle");
    const TroopType* m = cat().troop_type("matchlock-arquebusiers");
    REQUIRE(m != nullptr);
    CHECK(m->realm.front() == std::pair<std::string, int>("continent", 240000));
    CHECK(m->realm.back() == std::pair<std::string, int>("barony", 2));
    CHECK(cat().realms[3].name == "Principality");
    CHECK(cat().realms[3].time_period == "month");
  }
  SUBCASE("GP Wage per Month, Base Morale, Qualifying Number, pp. 24-25") {
    CHECK(troop("man", "matchlock-arquebusiers").wage_gp == 6);
    CHECK(troop("elf", "gendarmes").wage_gp == 105);
    CHECK(troop("dwarf", "armored-pikemen").wage_gp == 24);
    CHECK(troop("orc", "flintlock-arquebusiers").wage_gp == 4.5);
    CHECK(troop("man", "gendarmes").base_morale == 3);
    CHECK(troop("kobold", "matchlock-arquebusiers").base_morale == -3);
    CHECK(troop("man", "heavy-swordsmen").qualifying_per_120 == 40);
    CHECK(troop("man", "gendarmes").qualifying_per_120 == 10);
    CHECK(troop("hobgoblin", "swordsmen").qualifying_per_120 == 90);  // troops.md contradiction 6, as printed
  }
  SUBCASE("Training and Equipment Time and Cost, p. 25") {
    const TroopType* c = cat().troop_type("cuirassiers");
    REQUIRE(c != nullptr);
    CHECK(c->training_months == 6);
    CHECK_FALSE(c->training_weeks.has_value());
    const TroopType* a = cat().troop_type("matchlock-arquebusiers");  // "2 weeks"
    REQUIRE(a != nullptr);
    CHECK(a->training_weeks == 2);
    CHECK_FALSE(a->training_months.has_value());
    CHECK(c->marshal_cost_gp == 8);
    CHECK(c->training_cost_gp == 85);
    CHECK(c->equipment_cost_gp == 545);
    CHECK(c->total_cost_troop_gp == 638);
    CHECK(*c->total_cost_troop_gp * c->unit_size == 38280);  // Total Cost (Unit), a comment of the data
    CHECK(cat().troop_type("matchlock-arquebusiers")->marshal_cost_gp == 0.25);
  }
  SUBCASE("Human and Beastman Troop Characteristics, pp. 26-29") {
    const Troop& g = troop("man", "gendarmes");
    CHECK(g.ac == 9);
    CHECK(g.ac_alt == 7);
    CHECK(g.mount_ac == 6);
    CHECK(g.move_ft == 120);
    CHECK(g.hd == "1-1");
    CHECK(troop_br("man", "gendarmes") == 0.133);
    CHECK(troop_br("man", "reiters") == 0.067);  // printed 0.67, corrected (troops.md contradiction 3)
    CHECK(troop("man", "reiters").errata.size() == 1);
    CHECK(troop("man", "dragoons").char_wage_gp == 21);
    CHECK(troop("ogre", "armored-pikemen").hd == "4+1");
    CHECK(troop("ogre", "armored-pikemen").damage == "BW+3");
    CHECK(troop("gnoll", "matchlock-arquebusiers").damage == "BW/BW+1");
    CHECK(troop("kobold", "flintlock-arquebusiers").equipment ==
          std::vector<std::string>{"flintlock arquebus", "fork rest", "dagger", "hide"});
  }
  SUBCASE("the rosters, pp. 47-51") {
    const RosterRow& c = row("campaign-human-matchlock-arquebusiers");
    CHECK(c.monthly_wage_gp == 720);
    CHECK(c.supply_cost_gp_per_week == 60);
    CHECK(c.specialist_cost_gp_per_month == 130);
    CHECK(c.total_cost_gp_per_month == 1090);
    CHECK(c.battle_rating == 1);
    const RosterRow& b = row("battle-human-veteran-hussars");
    CHECK(b.unit_move == "4/8/12");
    CHECK(b.ac == 3);
    CHECK(b.uhp == 8);
    CHECK(b.morale == 2);
    CHECK(b.missile_attacks == std::vector<std::string>{"1 flintlock pistol 10+ (1 reload)"});
    const RosterRow& k = row("battle-kobold-matchlock-arquebusiers");
    CHECK_FALSE(k.march_hexes.has_value());
    CHECK(k.formation == Formation::UF);
    const RosterRow& d = row("battle-human-dragoons-dismounted");
    CHECK(d.formation == Formation::MF);
    CHECK(d.functions_as == Formation::DF);
    CHECK(cat().campaign.veteran_extra_wage_gp == 12);
  }
  SUBCASE("the unit rules, pp. 31, 43-45") {
    CHECK(cat().formation(Formation::DF).modifier == 1.15);
    CHECK(cat().formation(Formation::IM).modifier == 0.62);
    CHECK(cat().formation(Formation::FLY).modifier == 2.0);
    CHECK(cat().rate(Mechanism::matchlock, "musket")->df_dm == 9);
    CHECK(cat().rate(Mechanism::wheellock, "pistol")->other == 11);
    CHECK(cat().rate(Mechanism::flintlock, "rifled_musket")->df_dm == 7);  // unit_rules.md C4, as printed
    CHECK(cat().br_factor("musket")->firearm_modifier == 2.25);
    CHECK(cat().br_factor("rifled_arquebus")->missile_range == 3);
    CHECK(cat().br.final_divisor == 6);
    CHECK(cat().mounted_foot.br_formation_modifier == 1.3);
    CHECK(cat().undrilled.max_charge == 3);
    CHECK(cat().firearms.average_damage == 4.5);
    CHECK(cat().firearms.normal_men_throw == 11);
    CHECK(cat().firearms.veteran_throw == 10);
  }
}

TEST_CASE("units::data - the campaign model fitted from the rosters") {
  // rules-gaps.md §2: 60 gp a week per infantry unit, 240 per cavalry unit, 120 for conscripts;
  // specialists 130 / 90 / 0; total = wage + specialists + 4 x supply; ACKS 120' -> 24 miles.
  const auto& m = cat().campaign;
  CHECK(m.foot_supply_gp_week == 60);
  CHECK(m.horse_supply_gp_week == 240);
  CHECK(m.conscript_supply_gp_week == 120);
  CHECK(m.foot_specialists_gp_month == 130);
  CHECK(m.horse_specialists_gp_month == 90);
  CHECK(m.conscript_specialists_gp_month == 0);
  CHECK(m.weeks_per_month == 4);
  CHECK(m.weeks_factor == 4);
  CHECK(m.miles_per_day_per_ft == doctest::Approx(0.2));
  CHECK(m.uhp_per_hd_troop == doctest::Approx(1.0 / 15));
  CHECK(m.cavalry_uhp_multiplier == 2);
  CHECK(m.horse_unit_size == 60);
}

TEST_CASE("units::data - every row against the tables that repeat it") {
  SUBCASE("training: troop total = the three costs (the unit total, a comment, is troop total x unit size)") {
    const std::set<std::string> not_summed = {"matchlock-musketeers", "flintlock-musketeers", "heavy-swordsmen",
                                              "coutiliers"};  // troops.md contradiction 2
    for (const auto& t : cat().troop_types) {
      if (!t.training_weeks && !t.training_months) continue;
      CAPTURE(t.key);
      const double sum = *t.marshal_cost_gp + *t.training_cost_gp + *t.equipment_cost_gp;
      CHECK((std::fabs(sum - *t.total_cost_troop_gp) < 1e-9) == (not_summed.count(t.key) == 0));
    }
  }
  SUBCASE("campaign rows: wage = troop wage x troops; total = wage + specialists + 4 x supply; week = 4 days") {
    const std::set<std::string> wage_differs = {"campaign-human-dragoons", "campaign-human-gendarmes",
                                                "campaign-hobgoblin-cuirassiers", "campaign-ogre-matchlock-musketeers",
                                                "campaign-ogre-flintlock-musketeers"};  // units.md 1-4
    int rows = 0;
    for (const auto& u : cat().roster) {
      if (u.roster != RosterKind::campaign) continue;
      ++rows;
      CAPTURE(u.key);
      const Troop& t = troop(u.race, u.troop_type);
      const double wage = t.wage_gp.value_or(t.char_wage_gp.value_or(0));
      CHECK((std::fabs(wage * u.troops - u.monthly_wage_gp) < 1e-9) == (wage_differs.count(u.key) == 0));
      const double total = u.monthly_wage_gp + u.specialist_cost_gp_per_month + 4 * u.supply_cost_gp_per_week;
      CHECK((std::fabs(total - u.total_cost_gp_per_month) < 1e-9) == (u.key != "campaign-human-gendarmes"));
      CHECK(u.weekly_move_miles == 4 * u.daily_move_miles);
    }
    CHECK(rows == 98);
  }
  SUBCASE("battle rows: uhp = troops x hit dice / 15 (horse x 2); morale = base morale (+1 veterans)") {
    const std::set<std::string> uhp_differs = {"battle-human-veteran-dragoons-dismounted",
                                               "battle-human-veteran-dragoons-mounted"};  // units.md 12
    const std::set<std::string> morale_differs = {"battle-orc-armored-pikemen", "battle-orc-armored-swordsmen"};  // units.md 11
    for (const auto& u : cat().roster) {
      if (u.roster != RosterKind::battle) continue;
      CAPTURE(u.key);
      const auto hd = parse_hit_dice(u.hd);
      REQUIRE(hd.has_value());
      const TroopType* tt = cat().troop_type(u.troop_type);
      const bool horse = tt->category == TroopCategory::horse || u.variant == RosterVariant::mounted;
      const double uhp = u.troops * (horse ? 2 : 1) * hd->value / 15;
      CHECK((std::fabs(uhp - u.uhp) < 1e-9) == (uhp_differs.count(u.key) == 0));
      const Troop& t = troop(u.race, u.troop_type);
      const int morale = t.base_morale.value_or(t.ml) + (u.veteran ? 1 : 0);
      CHECK((morale == u.morale) == (morale_differs.count(u.key) == 0));
    }
  }
  SUBCASE("battle rows: AC = the troop table's, horse averaging rider and mount") {
    for (const auto& u : cat().roster) {
      if (u.roster != RosterKind::battle) continue;
      const Troop& t = troop(u.race, u.troop_type);
      if (!t.has_characteristics) continue;
      CAPTURE(u.key);
      const int ac = t.mount_ac ? static_cast<int>(std::floor((t.ac + *t.mount_ac) / 2.0 + 0.5)) : t.ac;
      CHECK(ac == u.ac);
    }
  }
  SUBCASE("the per-troop BR x unit size is the campaign BR, to the troop table's three decimals") {
    const std::set<std::string> differs = {"campaign-human-dragoons", "campaign-bugbear-flintlock-musketeers",
                                           "campaign-hobgoblin-cuirassiers",
                                           "campaign-ogre-flintlock-musketeers"};  // troops.md 9-10, units.md 3-4
    for (const auto& u : cat().roster) {
      if (u.roster != RosterKind::campaign) continue;
      const Troop& t = troop(u.race, u.troop_type);
      if (!t.has_characteristics) continue;
      CAPTURE(u.key);
      const bool agrees =
          std::fabs(troop_br(u.race, u.troop_type) * u.troops - u.battle_rating) <= 0.0005 * u.troops + 1e-9;
      CHECK(agrees == (differs.count(u.key) == 0));
    }
  }
}

TEST_CASE("units::data - every equipment list reads to weapons the movement tables know") {
  for (const auto& t : cat().troops) {
    if (!t.has_characteristics) continue;
    CAPTURE(t.race);
    CAPTURE(t.troop_type);
    CHECK((!t.gear.firearms.empty() || !t.gear.weapons.empty()));
    std::vector<std::string> unknown;  // every other item is an [[equipment_item]]
    read_equipment(cat(), t.equipment, unknown);
    CHECK(unknown.empty());
    int listed_firearms = 0;
    for (const auto& e : t.equipment)
      listed_firearms += e.find("arquebus") != std::string::npos || e.find("musket") != std::string::npos ||
                         e.find("pistol") != std::string::npos;
    CHECK(t.gear.firearms.size() == static_cast<size_t>(listed_firearms));
  }
  const Troop& h = troop("man", "harquebusiers");
  REQUIRE(h.gear.firearms.size() == 2);
  CHECK(h.gear.firearms[1].type == "pistol");
  CHECK(h.gear.firearms[1].count == 2);
  CHECK(troop("man", "hussars").gear.shield);
  CHECK(troop("man", "dragoons").gear.riding_horse);
}

TEST_CASE("units::data - the firearm figures come from the firearms module's one load of firearms.toml") {
  const FirearmFigures& f = cat().firearms;
  // Every firearm does 1d8 on a hit (Firearm Characteristics, p. 10): a mean of 4.5.
  CHECK(f.average_damage == doctest::Approx(4.5));
  // Normal men 11+, veterans 10+ (Units of the Pike and Shot Age); 5 points of armour ignored (p. 35).
  CHECK(f.normal_men_throw == 11);
  CHECK(f.veteran_throw == 10);
  CHECK(f.armor_ignored == 5);
  // Reload: more than 5, 7, 10 stone adds 1, 2, 3 rounds; apostles take 1 round off (pp. 10-11).
  CHECK(f.encumbrance_thresholds_stone == std::vector<double>{5, 7, 10});
  CHECK(f.encumbrance_increase_rounds == std::vector<int>{1, 2, 3});
  CHECK(f.apostles_reduction_rounds == 1);
  // The battlefield Firearm Range table (p. 35): five rows, the first the rifled musket at 4/4 v. foot.
  REQUIRE(f.ranges.size() == 5);
  CHECK(f.ranges[0].type == "musket");
  CHECK(f.ranges[0].rifled);
  CHECK(f.ranges[0].ap_vs_foot == 4);
  CHECK(f.ranges[0].max_vs_mounted == 5);
  CHECK_FALSE(f.ranges[4].rifled);
  CHECK(f.ranges[4].type == "pistol");
}
