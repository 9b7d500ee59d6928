// artillery_shot.cpp - one gunpowder artillery shot of a request (seed 000, "Range", p. 14,
// "Attacking with Gunpowder Artillery" to "Shrapnel", p. 16-17, "Gunpowder Artillery Attacks",
// p. 37-40): the checks of the request, the range bracket, the fire mode, the attack throw, and
// the damage to structures, creatures, units and heroes. Errors name the request's field.
#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/fire/fire_artillery.hpp"

namespace gunpowder::fire {

using artillery::Bracket;
using artillery::FireMode;
using fmtnum::trim;

namespace {

using Shot = Expected<ArtilleryShot>;
using report::Yields;

std::string plus_minus(int v) { return v >= 0 ? "+" + std::to_string(v) : std::to_string(v); }

std::string piece_ranges(const artillery::Characteristics& c) {
  return trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd) + " yd";
}

// The piece's figures the attack reads: its ranges, damage and area of effect, the book's (a row of
// the Gunpowder Artillery Characteristics table) or the design formulas'.
void piece_steps(const artillery::Catalogue& cat, ArtilleryShot& s) {
  const artillery::Characteristics& c = s.design.effective;
  const bool book = c.source == "book";
  const std::string rule = book ? "Gunpowder Artillery Characteristics table, row \"" + s.design.name + "\""
                                : "the design formulas for " + trim(s.shot_lb) + " lb of shot";
  const std::string& source = book ? cat.sources.characteristics : cat.sources.design;
  const std::string aoe =
      s.type == artillery::Type::mortar ? std::to_string(c.aoe_ft) + "' radius" : std::to_string(c.aoe_ft) + "' line";
  // A figure a house rule changed cites it (Characteristics::source_of).
  auto cite = [&](std::string_view key) {
    const std::string_view ruled = c.source_of(key);
    return ruled == c.source ? source : std::string(ruled);
  };
  const std::string what = book ? "piece" : "shot";
  const std::string which = book ? s.design.name : trim(s.shot_lb) + " lb";
  s.explain.push_back(
      report::step("ranges", rule, piece_ranges(c), cite("range_short_yd"), Yields::rounded).in(what, which));
  s.explain.push_back(report::step("damage", rule, c.damage(), cite("damage_dice"), Yields::rounded).in(what, which));
  s.explain.push_back(report::step("area of effect", rule, aoe, cite("aoe_ft"), Yields::rounded).in(what, which));
}

// A value the rules bound: "an attack throw must be between 1 and 30, got 99".
Diagnostics out_of_range(const std::optional<int>& v, const char* field, int lo, int hi, const char* what) {
  Diagnostics d;
  if (v && (*v < lo || *v > hi))
    d.field_error(field, std::string(what) + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                             ", got " + std::to_string(*v));
  return d;
}

// The request's own values, before any rule is read.
Diagnostics check_request(const ArtilleryRequest& p) {
  Diagnostics d;
  if (!p.type)
    d.field_error("type", "required: cannon, gun or mortar");
  else if (!p.shot_lb)
    d.field_error("shot_lb", "required: the shot weight in pounds");
  else if (!p.range_yd)
    d.field_error("range_yd", "required: the distance to the impact point in yards");
  else if (!std::isfinite(*p.range_yd) || *p.range_yd <= 0)
    d.field_error("range_yd", "must be a positive, finite number of yards, got " + fmtnum::shortest(*p.range_yd, 17));
  if (!d.empty()) return d;
  for (const auto& e :
       {out_of_range(p.attack_throw, "attack_throw", 1, 30, "an attack throw"),
        out_of_range(p.modifier, "modifier", -20, 20, "a modifier"),
        out_of_range(p.target_ac, "target_ac", -10, 20, "an armour class"),
        out_of_range(p.target_shp, "target_shp", 1, static_cast<int>(dice::kTurnsMaxTarget), "structural hit points"),
        out_of_range(p.save, "save", 1, 30, "a saving throw"), out_of_range(p.troops, "troops", 1, 10000, "troops"),
        out_of_range(p.unit_save, "unit_save", 1, 30, "a saving throw"),
        out_of_range(p.table_uhp, "table_uhp", 0, 1000, "uhp"),
        out_of_range(p.hero_save, "hero_save", 1, 30, "a saving throw"),
        out_of_range(p.hero_hp, "hero_hp", 1, static_cast<int>(dice::kTurnsMaxTarget), "hit points")})
    if (!e.empty()) return e;
  if (p.cover.value_or("none") != "none" && !p.save)
    d.field_error("cover", "goes with --save (the creatures' saving throw)");
  else if (p.target_shp && !p.target_ac)
    d.field_error("target_shp", "goes with --target-ac (the structure's armour class)");
  else if (p.hero_fortified && !p.hero_save)
    d.field_error("hero_fortified", "goes with --hero-save");
  else if (p.hero_hp && !p.hero_save)
    d.field_error("hero_hp", "goes with --hero-save (the hero's saving throw v. Blast)");
  return d;
}

// The part of a citation before its first ';': the section of a rule whose data cites several.
std::string first_citation(const std::string& source) { return source.substr(0, source.find(';')); }

// Range bracket (Gunpowder Artillery Characteristics, "Range", p. 14), or the referee's call.
Diagnostics choose_bracket(const artillery::Catalogue& cat, const ArtilleryRequest& p, ArtilleryShot& s) {
  Diagnostics d;
  const artillery::Characteristics& c = s.design.effective;
  const auto table_bracket = bracket_for(c, s.range_yd);
  if (!table_bracket) {
    d.field_error("range_yd", trim(s.range_yd, 2) + " yd is beyond the " + s.design.name + "'s long range of " +
                                  trim(c.range_long_yd) + " yd");
    return d;
  }
  const std::string& src = cat.attack.range_source;
  s.bracket = *table_bracket;
  s.bracket_source = "table";
  s.explain.push_back(report::step("range band", trim(s.range_yd, 2) + " yd against the ranges " + piece_ranges(c),
                                   artillery::to_string(s.bracket), src, Yields::rounded)
                          .in("range", trim(s.range_yd, 2) + " yd")
                          .in("ranges", piece_ranges(c)));
  if (p.range_band) {
    const Bracket chosen = *p.range_band == "short"    ? Bracket::short_range
                           : *p.range_band == "medium" ? Bracket::medium_range
                                                       : Bracket::long_range;
    if (chosen != s.bracket) {
      s.bracket_source = "override: the table gives " + artillery::to_string(s.bracket);
      s.explain.push_back(report::step("range band", "given, the referee's call", artillery::to_string(chosen), "")
                              .in("range band", *p.range_band));
    }
    s.bracket = chosen;
  }
  const int mod = cat.attack.range_mod[static_cast<size_t>(s.bracket)];
  s.explain.push_back(
      report::step("range modifier", artillery::to_string(s.bracket) + " range", plus_minus(mod), src, Yields::rounded)
          .in("range band", artillery::to_string(s.bracket)));
  return d;
}

// Fire mode (the fire-type table and Plunging Fire, p. 17): direct wherever it is allowed.
Diagnostics choose_mode(const artillery::Catalogue& cat, const ArtilleryRequest& p, ArtilleryShot& s) {
  Diagnostics d;
  const auto& modes = cat.attack.modes[static_cast<size_t>(s.type)][static_cast<size_t>(s.bracket)];
  auto allows = [&](FireMode m) {
    for (auto x : modes)
      if (x == m) return true;
    return false;
  };
  const std::string type = artillery::to_string(s.type), bracket = artillery::to_string(s.bracket);
  if (modes.empty())
    d.field_error("range_yd", "a " + type + " cannot aim at targets at " + bracket +
                                  " range (the fire-type table: \"May Not Fire\")");
  else if (p.plunging && p.direct)
    d.field_error("plunging", "choose plunging or direct fire, not both");
  else if (p.plunging && !allows(FireMode::plunging))
    d.field_error("plunging", "a " + type + " cannot use plunging fire at " + bracket + " range");
  else if (p.direct && !allows(FireMode::direct))
    d.field_error("direct", "a " + type + " must use plunging fire at " + bracket + " range");
  if (!d.empty()) return d;
  s.mode = FireMode::direct;
  s.mode_source = "chosen";
  if (p.plunging)
    s.mode = FireMode::plunging;
  else if (p.direct)
    s.mode = FireMode::direct;
  else if (allows(FireMode::direct))
    s.mode_source = "default";
  else {
    s.mode = FireMode::plunging;
    s.mode_source = "required";
  }
  std::string allowed;
  for (auto x : modes) allowed += (allowed.empty() ? "" : " or ") + artillery::to_string(x);
  const std::string table = "the fire-type table allows " + allowed + " for a " + type + " at " + bracket + " range";
  const std::string rule = s.mode_source == "chosen"    ? "given; " + table
                           : s.mode_source == "default" ? "direct wherever allowed; " + table
                                                        : table;
  s.explain.push_back(
      report::step("fire", rule, artillery::to_string(s.mode), cat.attack.fire_mode_source, Yields::rounded)
          .in("piece type", type)
          .in("range band", bracket));
  return d;
}

// The naturals of the d20 that give one result of the attack throw, as runs ("2-14", "20", "-").
std::string natural_runs(const AttackResultRules& r, const std::string& kind, int target, Exceed e) {
  std::vector<int> n;
  for (int v = 1; v <= kD20; ++v)
    if (classify_natural(r, v, target, e) == kind) n.push_back(v);
  std::string out;
  for (size_t i = 0; i < n.size();) {
    size_t j = i;
    while (j + 1 < n.size() && n[j + 1] == n[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(n[i]) + (j > i ? "-" + std::to_string(n[j]) : std::string());
    i = j + 1;
  }
  return out.empty() ? "-" : out;
}

// The target value of the attack throw and the naturals of each of its four results (p. 16).
void attack_steps(const ArtilleryRules& R, ArtilleryShot& s) {
  const AttackSetup& a = s.attack;
  const std::string src = first_citation(R.results.source);
  const std::string target = std::to_string(s.target) + "+";
  s.explain.push_back(report::step("target value",
                                   std::to_string(a.base_throw) + " (" + (s.throw_given ? "given" : s.crew + " crew") +
                                       ") - (" + plus_minus(a.range_mod) + " range " + plus_minus(a.plunging_mod) +
                                       " plunging " + plus_minus(a.shortage_mod) + " artillerists " +
                                       plus_minus(a.other_mod) + " other)",
                                   target, src)
                          .in("attack throw", std::to_string(a.base_throw) + "+")
                          .in("crew", s.throw_given ? "given" : s.crew)
                          .in("range modifier", plus_minus(a.range_mod))
                          .in("plunging modifier", plus_minus(a.plunging_mod))
                          .in("artillerists modifier", plus_minus(a.shortage_mod))
                          .in("other modifier", plus_minus(a.other_mod)));
  const std::string makes = s.exceed == Exceed::meet ? "makes " + target : "exceeds " + std::to_string(s.target);
  const std::pair<const char*, std::string> results[] = {
      {"direct", "the throw " + makes + " on a natural 20"},
      {"close", "the throw " + makes + " on a natural 2-19, or a natural 20"},
      {"scatter", "any other roll"},
      {"misfire", "the throw fails on a natural 1"}};
  for (const auto& [kind, rule] : results)
    s.explain.push_back(
        report::step(std::string("naturals, ") + kind, rule, natural_runs(R.results, kind, s.target, s.exceed), src)
            .in("target value", target)
            .in("reading of exceeds", s.exceed == Exceed::meet ? "meet" : "strictly"));
}

// The attack throw: "artillery attacks as the lowest level member of the crew" (p. 14, 16-17),
// its results, where the shot lands, and one shot's damage.
void attack(const ArtilleryRules& R, const ArtilleryRequest& p, ArtilleryShot& s) {
  const artillery::AttackRules& ar = R.catalogue->attack;
  AttackSetup& a = s.attack;
  a.bracket = s.bracket;
  a.mode = s.mode;
  s.crew = p.veteran ? "veteran" : "normal";
  s.throw_given = p.attack_throw.has_value();
  a.base_throw = p.attack_throw ? *p.attack_throw : s.crew == "veteran" ? ar.veteran_throw : ar.normal_men_throw;
  a.range_mod = ar.range_mod[static_cast<size_t>(s.bracket)];
  a.plunging_mod = s.mode == FireMode::plunging ? ar.plunging_mod : 0;
  a.shortage_mod = p.few_artillerists ? ar.artillerist_shortage_mod : 0;
  a.other_mod = p.modifier.value_or(0);
  s.exceed = p.exceed.value_or("meet") == "strictly" ? Exceed::strictly : Exceed::meet;
  s.target = a.target();
  attack_steps(R, s);
  s.odds = attack_odds(R.results, s.target, s.exceed);
  s.scatter = scatter_odds(R.scatter, s.bracket, s.mode);
  s.impact = impact_distance(s.odds, s.scatter);
  s.damage = dice::Dist::sum(s.design.effective.damage_dice, kDamageDie);
  s.halving = p.halving.value_or("down") == "up" ? Halving::up : Halving::down;
  s.line = s.type != artillery::Type::mortar;
}

// Structural Saving Throws (p. 17): the save, and the shp a shot is expected to do.
StructureTarget structure(const ArtilleryRules& R, ArtilleryShot& s, int ac, std::optional<int> shp) {
  StructureTarget t;
  t.ac = ac;
  t.save_target = structural_save_target(R.catalogue->attack.structural_save_base, s.attack.range_mod, ac);
  t.p_save = save_chance(t.save_target, 0);
  s.explain.push_back(report::step("structural save",
                                   std::to_string(R.catalogue->attack.structural_save_base) + " + (" +
                                       plus_minus(s.attack.range_mod) + ") - " + std::to_string(ac),
                                   std::to_string(t.save_target) + "+", first_citation(R.results.source))
                          .in("base", std::to_string(R.catalogue->attack.structural_save_base))
                          .in("range modifier", plus_minus(s.attack.range_mod))
                          .in("target AC", std::to_string(ac)));
  t.expected_shp_direct = s.odds.p_direct_hit * (1 - t.p_save) * s.damage.mean();
  t.expected_shp_with_close = (s.odds.p_direct_hit + s.odds.p_close_hit) * (1 - t.p_save) * s.damage.mean();
  if (shp) {
    // Shots until the structure's shp are gone: a shot deals its damage when it strikes and the
    // structure fails its save, else nothing (a miss, a save, a misfire alike).
    auto shots = [&](double p_strikes) {
      const double p = p_strikes * (1 - t.p_save);
      return dice::turns_to_reach(dice::Dist::mixture(s.damage, p, dice::Dist::constant(0), 1 - p), *shp);
    };
    t.shp = shp;
    t.shots_direct = shots(s.odds.p_direct_hit);
    t.shots_with_close = shots(s.odds.p_direct_hit + s.odds.p_close_hit);
  }
  return t;
}

// Shots of one piece at a hero's hex until the hero's hit points are gone (the two readings of
// what strikes, as for structures): a direct hit takes the hit points of damage_direct, a close hit
// those of damage_other in the second reading, and a shot that misses or misfires takes nothing.
void hero_shots(ArtilleryShot& s, int hp) {
  HeroOdds& h = *s.hero;
  const double pd = s.odds.p_direct_hit, pc = s.odds.p_close_hit;
  const dice::Dist none = dice::Dist::constant(0);
  h.hp = hp;
  h.shots_direct = dice::turns_to_reach(dice::Dist::mixture(h.damage_direct, pd, none, 1 - pd), hp);
  h.shots_with_close = dice::turns_to_reach(
      dice::Dist::mixture(dice::Dist::mixture(h.damage_direct, pd, h.damage_other, pc), 1, none, 1 - pd - pc), hp);
}

// The table's uhp for a unit (p. 37-40): given, or cross-indexed from troops and unit HD.
Diagnostics table_value(const ArtilleryRules& R, const ArtilleryRequest& p, const ArtilleryShot& s, UnitTarget& u) {
  Diagnostics d;
  if (p.table_uhp) {
    u.table_value = *p.table_uhp;
    u.table_source = "given";
    return d;
  }
  if (!p.troops) {
    d.field_error("troops", "required for damage versus units (or give --table-uhp)");
    return d;
  }
  if (!p.hd) {
    d.field_error("hd", "required for damage versus units: the unit's hit dice, e.g. 1-1");
    return d;
  }
  const DamageTable* dt = R.table_for(s.type, s.shot_lb);
  if (!dt) {
    std::string have;
    for (const auto& x : R.tables) have += (have.empty() ? "" : ", ") + x.artillery;
    d.field_error("table_uhp", "the book prints no damage-versus-units table for the " + s.design.name + " (only " +
                                   have + "): give the table's value");
    return d;
  }
  const auto hv = hd_column_value(R.damage, *p.hd);
  if (!hv) {
    d.field_error("hd", "hit dice must read like 1-1, 4+1 or 3, got \"" + *p.hd + "\"");
    return d;
  }
  const auto v = table_uhp(*dt, *u.troops_counted, *hv);
  if (!v) {
    int fewest = 0, most = 0;  // the table's troop bands, from its data
    for (const auto& [lo, hi] : dt->troop_bands) {
      fewest = fewest == 0 ? lo : std::min(fewest, lo);
      most = std::max(most, hi);
    }
    d.field_error("troops", std::to_string(*u.troops_counted) + " troops counted" +
                                (p.cavalry ? " (cavalry doubled)" : "") + " are outside the table's bands (" +
                                std::to_string(fewest) + " to " + std::to_string(most) + ")");
    return d;
  }
  u.table_value = *v;
  u.table_source = dt->source;
  return d;
}

// Damage versus units (p. 37-40): the table's uhp, enfilade, and the unit's save.
Expected<UnitTarget> unit(const ArtilleryRules& R, const ArtilleryRequest& p, const ArtilleryShot& s) {
  if (!p.unit_save)
    return Expected<UnitTarget>::field_failure("unit_save",
                                               "required for damage versus units: the unit's save v. Blast");
  UnitTarget u;
  if (p.troops) u.troops_counted = troops_counted(R.damage, *p.troops, p.cavalry);
  if (p.hd) u.hd_column = hd_column_value(R.damage, *p.hd).value_or(0);
  if (auto d = table_value(R, p, s, u); !d.empty()) return d;
  u.damage = unit_damage(R.damage, u.table_value, p.enfilade, *p.unit_save, p.fortified, s.halving);
  return u;
}

}  // namespace

Expected<ArtilleryShot> artillery_shot(const ArtilleryRules& R, const ArtilleryRequest& p) {
  if (auto d = check_request(p); !d.empty()) return d;
  ArtilleryShot s;
  s.type = *artillery::parse_type(*p.type);
  s.shot_lb = *p.shot_lb;
  s.range_yd = *p.range_yd;
  artillery::Request req;
  req.type = s.type;
  req.shot_lb = *p.shot_lb;
  auto design = artillery::design(*R.catalogue, req);
  if (!design) return Shot::field_failure("shot_lb", design.error().items().front().message);
  s.design = std::move(*design);
  piece_steps(*R.catalogue, s);
  if (auto d = choose_bracket(*R.catalogue, p, s); !d.empty()) return d;
  if (auto d = choose_mode(*R.catalogue, p, s); !d.empty()) return d;
  attack(R, p, s);
  if (p.target_ac) s.structure = structure(R, s, *p.target_ac, p.target_shp);
  if (p.save)
    s.creatures = creature_odds(s.damage, *p.save, p.cover.value_or("none") == "hard" ? R.results.cover_save_bonus : 0,
                                s.halving);
  if (p.troops || p.hd || p.table_uhp || p.unit_save || p.cavalry || p.enfilade || p.fortified) {
    auto u = unit(R, p, s);
    if (!u) return u.error();
    s.unit = std::move(*u);
  }
  if (p.hero_save) {
    s.hero = hero_odds(R.damage, s.damage, *p.hero_save, p.hero_fortified, s.halving);
    if (p.hero_hp) hero_shots(s, *p.hero_hp);
  }
  report::with_subject(s.explain, s.design.name);
  return s;
}

}  // namespace gunpowder::fire
