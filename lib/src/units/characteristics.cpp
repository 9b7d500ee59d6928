// characteristics.cpp - a unit's characteristics (seed 000, "Armies of the Pike and Shot Age"):
// race and troop type, troops, hit dice, unit AC, morale, unit hit points, encounter movement,
// equipment, attack throw and the average damage of a firearm hit. Where the seed does not define
// a quantity, the definition is the one of docs/notes/unit-br-decisions.md.
#include <algorithm>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/core/spelling.hpp"
#include "rating_steps.hpp"

namespace gunpowder::units::detail {

namespace {

constexpr const char* kHorseAcReading =
    "Guns of War, Units of the Pike and Shot Age, pp. 47-51 (a documented reading: as the rosters print the AC of "
    "horse)";

// Unit AC of horse: the riders' and the mounts' AC averaged, halves up (decision: reproduces
// every human and hobgoblin horse roster AC, e.g. cuirassiers 6/2 -> 4, gendarmes 9 (7)/6 -> 8 (7)).
int horse_unit_ac(int rider, int mount) { return static_cast<int>(rounding::half_up((rider + mount) / 2.0)); }

// The missile part of a troop table's damage cell: "BW-1" -> -1, "BW/BW+1" -> 0.
int missile_damage_bonus(const std::string& damage) {
  const std::string first = damage.substr(0, damage.find('/'));
  if (first.rfind("BW", 0) != 0 || first.size() < 4) return 0;
  const int v = first[3] - '0';
  if (v < 0 || v > 9) return 0;
  return first[2] == '-' ? -v : (first[2] == '+' ? v : 0);
}

}  // namespace

// Race and troop type: the troop tables (pp. 23-25) give each race its troop types.
Diagnostics resolve_troop(Rater& r) {
  const Catalogue& cat = r.cat;
  const Request& req = r.req;
  const auto race_key = cat.find_race(req.race);
  if (!race_key) return field_error("race", "unknown race \"" + req.race + "\" (allowed: " + cat.race_list() + ")");
  const Race& race = *cat.race(*race_key);
  r.race = &race;
  r.out.race = race.key;
  if (req.troop) {
    const auto key = cat.find_troop_type(*req.troop);
    if (!key)
      return field_error("troop", "unknown troop type \"" + *req.troop + "\" (allowed: " + cat.troop_type_list() + ")");
    r.tt = cat.troop_type(*key);
    if (!contains(race.troop_types, *key)) {
      std::string allowed;
      for (const auto& k : race.troop_types) allowed += (allowed.empty() ? "" : ", ") + k;
      return field_error("troop", "the troop tables give no " + race.key + " " + *key + " (" + race.key +
                                      " troop types: " + allowed + ")");
    }
    r.tr = cat.troop(race.key, *key);
    r.out.troop = *key;
  }
  if (req.veteran && !race.veteran_hd)
    return field_error("veteran", "the book defines veterans for human troops only (race man), not for " + race.key);
  r.out.veteran = req.veteran;
  r.mounted_foot = (r.tt && r.tt->category == TroopCategory::mounted_foot) || req.formation == Formation::MF;
  r.untrained = r.tt && r.tt->untrained;
  if (r.tt) {
    const auto variant = r.mounted_foot ? std::optional(RosterVariant::dismounted) : std::nullopt;
    r.battle = cat.roster_row(race.key, r.tt->key, RosterKind::battle, req.veteran, variant);
    r.campaign = cat.roster_row(race.key, r.tt->key, RosterKind::campaign, false);
  }
  // A race without a characteristics line (dwarves, elves) takes its troops' equipment from the
  // human line of the same type and its AC, hit dice and movement from its battle roster.
  const Race* human = cat.human_race();
  r.equip_row = r.has_characteristics() ? r.tr : (r.tt && human ? cat.troop(human->key, r.tt->key) : nullptr);
  return {};
}

// Troops: the unit size of the rosters (0 for a custom unit): ogres, for instance, come in 60s.
Diagnostics rate_troops(Rater& r) {
  const Request& req = r.req;
  Rating& out = r.out;
  r.standard = r.campaign ? r.campaign->troops : (r.tt ? r.tt->unit_size : 0);
  if (!req.troops && r.standard == 0)
    return field_error("troops", "give the number of troops (a custom unit has no default)");
  out.troops = req.troops ? *req.troops : r.standard;
  if (out.troops < 1 || out.troops > kMaxTroops)
    return field_error("troops", "troops must be between 1 and " + std::to_string(kMaxTroops) + ", got " +
                                     std::to_string(out.troops));
  r.overridden("troops", req.troops && r.standard != 0 && *req.troops != r.standard);
  out.name = !req.name.empty() ? req.name
             : r.tt            ? (req.veteran ? "Veteran " : "") +
                          (r.race->group == RaceGroup::human ? std::string() : r.race->name + " ") + r.tt->name
                    : std::string("Unit");
  out.mounted = r.overridden("mounted", req.mounted.has_value()) ? *req.mounted : (r.tt && r.tt->mounted);
  r.horse = out.mounted && !r.mounted_foot;
  return {};
}

// Hit dice: the troop tables' (veterans: the race's veteran hit dice), else the battle roster's.
Diagnostics rate_hit_dice(Rater& r) {
  const Request& req = r.req;
  std::string hd_text;
  if (r.overridden("hd", req.hd.has_value())) hd_text = *req.hd;
  else if (req.veteran) hd_text = *r.race->veteran_hd;
  else if (r.has_characteristics()) hd_text = r.tr->hd;
  else if (r.battle) hd_text = r.battle->hd;
  else return field_error("hd", "give hd, the troops' hit dice (" + std::string(kHitDiceForms) + ")");
  const auto hd = parse_hit_dice(hd_text);
  if (!hd) return field_error("hd", "hit dice \"" + hd_text + "\" must be written " + kHitDiceForms);
  r.out.hd = *hd;
  return {};
}

// Armour class: the troop tables', horse averaging riders and mounts, else the battle roster's.
Diagnostics rate_armour_class(Rater& r) {
  const Request& req = r.req;
  Rating& out = r.out;
  std::optional<int> rider_ac, mount_ac, alt_ac;
  if (r.has_characteristics()) {
    rider_ac = r.tr->ac;
    mount_ac = r.tr->mount_ac;
    alt_ac = r.tr->ac_alt;
  }
  if (r.overridden("ac", req.ac.has_value())) rider_ac = req.ac;
  if (r.overridden("mount_ac", req.mount_ac.has_value())) mount_ac = req.mount_ac;
  if (rider_ac) {
    if (out.mounted && mount_ac) {
      out.ac = horse_unit_ac(*rider_ac, *mount_ac);
      if (alt_ac) out.ac_alt = horse_unit_ac(*alt_ac, *mount_ac);
      if (r.explain)
        r.note(report::step("unit AC",
                         "riders " + std::to_string(*rider_ac) + " and mounts " + std::to_string(*mount_ac) +
                             " averaged, halves up",
                         std::to_string(out.ac), kHorseAcReading,
                         rounded_unless_equal((*rider_ac + *mount_ac) / 2.0, out.ac))
                   .in("riders' AC", std::to_string(*rider_ac))
                   .in("mounts' AC", std::to_string(*mount_ac)));
    } else {
      out.ac = *rider_ac;
      out.ac_alt = alt_ac;
    }
  } else if (r.battle) {
    out.ac = r.battle->ac;
    out.ac_alt = r.battle->ac_alt;
    out.notes.push_back("AC, hit dice and movement from the battle roster (" + r.battle->source + ")");
  } else {
    return field_error("ac", "give ac, the troops' armour class");
  }
  return {};
}

// Morale: the troop tables' base morale (veterans: plus the race's veteran bonus).
Diagnostics rate_morale(Rater& r) {
  const Request& req = r.req;
  Rating& out = r.out;
  const Troop* tr = r.tr;
  if (r.overridden("morale", req.morale.has_value())) {
    out.morale = *req.morale;
  } else if (tr && (tr->base_morale || tr->has_characteristics)) {
    out.morale = tr->base_morale.value_or(tr->ml) + (req.veteran ? r.race->veteran_morale_bonus.value_or(0) : 0);
  } else {
    return field_error("morale", "give morale, the unit's morale modifier");
  }
  if (out.morale + r.cat.br.morale_offset <= 0) {
    const std::string why =
        "morale must be above " + fmtnum::trim(-r.cat.br.morale_offset) + ", got " + std::to_string(out.morale);
    if (req.morale) return field_error("morale", why);
    // The troop's morale from the rules (house rules of the troops or of the morale offset): bad
    // data, not a bad request.
    Diagnostics d;
    d.error({}, "the troop's " + why + " (its base morale with the rules in effect)");
    return d;
  }
  return {};
}

// Unit hit points: troops x hit dice / 15, horse counting their mounts as much again
// (decision from the rosters: 120 troops of 1-1 HD -> 6, 60 horse of 1-1 HD -> 6).
Diagnostics rate_unit_hit_points(Rater& r) {
  Rating& out = r.out;
  const CampaignModel& cm = r.cat.campaign;
  const double uhp_troops = out.troops * (r.horse ? cm.cavalry_uhp_multiplier : 1);
  if (r.overridden("uhp", r.req.uhp.has_value())) {
    out.uhp = *r.req.uhp;
    return {};
  }
  const double raw = uhp_troops * out.hd.value * cm.uhp_per_hd_troop;
  out.uhp = std::max(1, rounding::saturated_int(rounding::half_up(raw)));
  if (r.explain) {
    report::Step s =
        report::step("uhp",
                  std::to_string(out.troops) + " troops" +
                      (r.horse ? " x " + std::to_string(cm.cavalry_uhp_multiplier) + " (riders and mounts)" : "") +
                      " x " + fmtnum::trim(out.hd.value) + " HD / " + fmtnum::trim(1 / cm.uhp_per_hd_troop),
                  std::to_string(out.uhp), kRostersReading, rounded_unless_equal(raw, out.uhp));
    s.in("troops", std::to_string(out.troops));
    if (r.horse) s.in("riders and mounts", std::to_string(cm.cavalry_uhp_multiplier));
    r.note(std::move(s.in("hit dice", fmtnum::trim(out.hd.value))));
  }
  return {};
}

// Encounter movement: the troop tables', else back from the campaign roster's daily march.
Diagnostics rate_encounter_movement(Rater& r) {
  Rating& out = r.out;
  const double miles_per_ft = r.cat.campaign.miles_per_day_per_ft;
  if (r.overridden("move_ft", r.req.move_ft.has_value())) out.encounter_move_ft = *r.req.move_ft;
  else if (r.has_characteristics()) out.encounter_move_ft = r.tr->move_ft;
  else if (r.campaign && miles_per_ft > 0)
    out.encounter_move_ft = rounding::saturated_int(rounding::half_up(r.campaign->daily_move_miles / miles_per_ft));
  else return field_error("move_ft", "give move_ft, the troops' encounter movement in feet");
  return {};
}

// Equipment: the troop tables' equipment list, or the request's weapons, shield and firearms.
Diagnostics rate_equipment(Rater& r) {
  const Request& req = r.req;
  Equipment& eq = r.eq;
  eq = r.equip_row ? r.equip_row->gear : Equipment{};
  if (r.overridden("firearms", req.firearms.has_value())) eq.firearms = *req.firearms;
  if (r.overridden("weapons", req.weapons.has_value())) {
    eq.weapons.clear();
    for (const auto& key : *req.weapons) {  // melee_weapon_keys(), checked by the reader
      const auto w = kind_named<MeleeWeapon>(melee_weapon_keys(), key);
      if (w == MeleeWeapon::shield)
        eq.shield = true;
      else if (w)
        eq.weapons.push_back(*w);
    }
  }
  if (r.overridden("shield", req.shield.has_value())) eq.shield = *req.shield;
  for (const auto& f : eq.firearms) {
    const firearms::FirearmType* type = r.cat.firearm_type(f.type);
    if (!type) return field_error("firearms", "unknown firearm type " + f.type);
    if (type->musket && !r.race->can_fire_muskets)
      return field_error(req.firearms ? "firearms" : "troop",
                         r.race->key + " troops cannot fire muskets (the beastman table's footnote)");
    if (!r.cat.rate(f.mechanism, f.key()) || !r.cat.br_factor(f.key()))
      return field_error("firearms", "no rate of fire for a " + f.name());
  }
  r.has_firearms = !eq.firearms.empty();
  for (const auto& f : eq.firearms) {
    r.firearm_count += f.count;
    if (r.cat.is_pistol(f)) r.pistols += f.count;
  }
  r.lance_or_shield = eq.shield || contains(eq.weapons, MeleeWeapon::lance);
  return {};
}

// Attack throw: men below 1 HD are normal men (11+), veterans of 1 HD 10+ (firearms.toml);
// every other troop by hit dice, one better per hit die above 1 (decision from the rosters:
// kobolds to orcs 10+, hobgoblins, elves and gnolls 9+; the ACKS monster progression).
Diagnostics rate_attack_throw(Rater& r) {
  Rating& out = r.out;
  const FirearmFigures& f = r.cat.firearms;
  if (r.overridden("attack_throw", r.req.attack_throw.has_value())) out.attack_throw = *r.req.attack_throw;
  else if (r.race->group == RaceGroup::human && out.hd.value < 1)
    out.attack_throw = f.normal_men_throw;
  else out.attack_throw = std::max(1, f.veteran_throw - (out.hd.steps - 1));
  return {};
}

// Average damage of a firearm hit: the die's mean, +1 for veterans and for demi-humans
// (decision: the rosters' demi-human lines need it), plus the troop table's damage modifier.
Diagnostics rate_average_damage(Rater& r) {
  double avg = r.cat.firearms.average_damage;
  if (r.overridden("average_damage", r.req.average_damage.has_value())) {
    avg = *r.req.average_damage;
  } else {
    const Race* man = r.cat.human_race();
    const int vet_bonus = man ? man->veteran_damage_bonus.value_or(0) : 0;
    if (r.req.veteran || r.race->group == RaceGroup::demi_human) avg += vet_bonus;
    if (r.has_characteristics()) avg += missile_damage_bonus(r.tr->damage);
  }
  r.average_damage = avg;
  return {};
}

}  // namespace gunpowder::units::detail
