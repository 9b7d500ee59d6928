// fire_app_artillery.cpp - fire-odds artillery: one gunpowder artillery shot (seed 000).
#include <cmath>

#include "fire-odds/fire_app.hpp"
#include "gunpowder/fire/fire_artillery.hpp"
#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::fire_app {

using artillery::Bracket;
using artillery::FireMode;
using fmtnum::trim;
using input::Need;
using report::Align;
using report::Table;

namespace {
/// Artillery damage is rolled in d10s: the characteristics table prints "12d10" and
/// data/artillery.toml stores only the number of dice (damage_dice).
constexpr int kDamageDie = 10;

std::string signed_str(int v) { return v >= 0 ? "+" + std::to_string(v) : std::to_string(v); }

// "2-10", "20", "1" or "-" for the naturals of one result.
std::string naturals(const fire::AttackResultRules& r, const std::string& kind, int target, fire::Exceed e) {
  std::string out;
  int start = 0;
  auto flush = [&](int end) {
    if (!start) return;
    out += (out.empty() ? "" : ", ") + (start == end ? std::to_string(start) : std::to_string(start) + "-" + std::to_string(end));
    start = 0;
  };
  for (int n = 1; n <= fire::kD20; ++n) {
    if (fire::classify_natural(r, n, target, e) == kind) {
      if (!start) start = n;
    } else {
      flush(n - 1);
    }
  }
  flush(fire::kD20);
  return out.empty() ? "-" : out;
}
}  // namespace

void setup_artillery(CLI::App& sub, ArtilleryParams& p) {
  sub.add_option("-t,--type", p.type, "piece type: cannon, gun or mortar")
      ->check(CLI::IsMember({"cannon", "gun", "mortar"}))
      ->type_name("TYPE");
  sub.add_option("-s,--shot", p.shot_lb, "shot weight in pounds (the book's 17 pieces, or any other by the design formulas)")
      ->type_name("LB");
  sub.add_option("-r,--range-yd", p.range_yd, "distance to the impact point in yards")->type_name("YD");
  sub.add_option("--bracket", p.bracket, "force the range bracket (short, medium, long): the referee's call")
      ->check(CLI::IsMember({"short", "medium", "long"}))
      ->type_name("BRACKET");
  sub.add_flag("--plunging", p.plunging, "plunging fire (-4, scatter doubled); required where the piece must plunge");
  sub.add_flag("--direct", p.direct, "direct fire (the default wherever it is allowed)");
  sub.add_option("--crew", p.crew, "normal (11+, the default) or veteran (10+) crew")
      ->check(CLI::IsMember({"normal", "veteran"}))
      ->type_name("CREW");
  sub.add_option("--attack-throw", p.attack_throw, "the crew's attack throw (the lowest-level member's); overrides --crew")
      ->type_name("N");
  sub.add_flag("--few-artillerists", p.few_artillerists, "too few artillerists among the crew (-4)");
  sub.add_option("--modifier", p.modifier, "any further attack modifier the referee allows (+ helps)")->type_name("N");
  sub.add_option("--exceed", p.exceed, "read \"exceeds the target value\" as meet (default) or strictly")
      ->check(CLI::IsMember({"meet", "strictly"}))
      ->type_name("HOW");
  sub.add_option("--target-ac", p.target_ac, "AC of the structure or ship aimed at: structural save and expected shp")
      ->type_name("AC");
  sub.add_option("--save", p.save, "saving throw v. Blast of creatures in the area (17 for normal men)")->type_name("N");
  sub.add_flag("--cover", p.cover, "those creatures are behind arrow loops, battlements, etc. (+4)");
  sub.add_option("--halving", p.halving, "an odd damage halved by a save rounds down (default) or up")
      ->check(CLI::IsMember({"down", "up"}))
      ->type_name("HOW");
  sub.add_option("--troops", p.troops, "troops in the target unit (damage versus units)")->type_name("N");
  sub.add_option("--hd", p.hd, "the unit's hit dice, e.g. 1-1, 4+1, 3")->type_name("HD");
  sub.add_flag("--cavalry", p.cavalry, "the unit is cavalry (troops doubled for the table)");
  sub.add_flag("--enfilade", p.enfilade, "enfilade fire through the unit's flank or rear (uhp doubled)");
  sub.add_flag("--fortified", p.fortified, "the unit occupies a fortified structure (+4 to its save)");
  sub.add_option("--unit-save", p.unit_save, "the unit's saving throw v. Blast")->type_name("N");
  sub.add_option("--table-uhp", p.table_uhp, "the table's uhp when the seed prints no table for this piece")->type_name("UHP");
  sub.add_option("--hero-save", p.hero_save, "a hero's saving throw v. Blast (11 for a 7th level fighter)")->type_name("N");
  sub.add_flag("--hero-fortified", p.hero_fortified, "the hero occupies a fortified structure (+4)");
}

void read_artillery(input::TableReader& r, ArtilleryParams& p) {
  p.type = r.string("type", Need::optional, {"cannon", "gun", "mortar"});
  p.shot_lb = r.number("shot", Need::optional);
  p.range_yd = r.number("range_yd", Need::optional);
  p.bracket = r.string("bracket", Need::optional, {"short", "medium", "long"});
  p.plunging = r.boolean("plunging", Need::optional).value_or(false);
  p.direct = r.boolean("direct", Need::optional).value_or(false);
  p.crew = r.string("crew", Need::optional, {"normal", "veteran"});
  auto i = [&](const char* k) -> std::optional<int> {
    if (auto v = r.integer(k, Need::optional, {-1e6, 1e6})) return static_cast<int>(*v);
    return std::nullopt;
  };
  p.attack_throw = i("attack_throw");
  p.few_artillerists = r.boolean("few_artillerists", Need::optional).value_or(false);
  p.modifier = i("modifier");
  p.exceed = r.string("exceed", Need::optional, {"meet", "strictly"});
  p.target_ac = i("target_ac");
  p.save = i("save");
  p.cover = r.boolean("cover", Need::optional).value_or(false);
  p.halving = r.string("halving", Need::optional, {"down", "up"});
  p.troops = i("troops");
  p.hd = r.string("hd", Need::optional);
  p.cavalry = r.boolean("cavalry", Need::optional).value_or(false);
  p.enfilade = r.boolean("enfilade", Need::optional).value_or(false);
  p.fortified = r.boolean("fortified", Need::optional).value_or(false);
  p.unit_save = i("unit_save");
  p.table_uhp = i("table_uhp");
  p.hero_save = i("hero_save");
  p.hero_fortified = r.boolean("hero_fortified", Need::optional).value_or(false);
}

Expected<Scenario> run_artillery(const ArtilleryParams& p, const Origin& o, bool explain) {
  auto rules_or = fire::load_artillery_rules();
  if (!rules_or) return rules_or.error();
  const fire::ArtilleryRules& R = **rules_or;
  const artillery::Catalogue& cat = *R.catalogue;

  if (!p.type) return field_error(o, "type", "required: cannon, gun or mortar");
  if (!p.shot_lb) return field_error(o, "shot", "required: the shot weight in pounds");
  if (!p.range_yd) return field_error(o, "range-yd", "required: the distance to the impact point in yards");
  if (!std::isfinite(*p.range_yd) || *p.range_yd <= 0)
    return field_error(o, "range-yd", "must be a positive, finite number of yards, got " + trim(*p.range_yd, 2));
  auto in_range = [&](const std::optional<int>& v, const char* field, int lo, int hi, const char* what) -> Diagnostics {
    if (v && (*v < lo || *v > hi))
      return field_error(o, field, std::string(what) + " must be between " + std::to_string(lo) + " and " +
                                       std::to_string(hi) + ", got " + std::to_string(*v));
    return {};
  };
  for (auto d : {in_range(p.attack_throw, "attack-throw", 1, 30, "an attack throw"),
                 in_range(p.modifier, "modifier", -20, 20, "a modifier"),
                 in_range(p.target_ac, "target-ac", -10, 20, "an armour class"),
                 in_range(p.save, "save", 1, 30, "a saving throw"), in_range(p.troops, "troops", 1, 10000, "troops"),
                 in_range(p.unit_save, "unit-save", 1, 30, "a saving throw"),
                 in_range(p.table_uhp, "table-uhp", 0, 1000, "uhp"), in_range(p.hero_save, "hero-save", 1, 30, "a saving throw")})
    if (!d.empty()) return d;

  if (p.cover && !p.save) return field_error(o, "cover", "goes with --save (the creatures' saving throw)");
  if (p.hero_fortified && !p.hero_save) return field_error(o, "hero-fortified", "goes with --hero-save");

  artillery::Request req;
  req.type = *artillery::parse_type(*p.type);
  req.shot_lb = *p.shot_lb;
  auto design = artillery::design(cat, req);
  if (!design) {
    const auto& item = design.error().items().front();
    return field_error(o, "shot", item.message);
  }
  const artillery::Design& d = *design;
  const artillery::Characteristics& c = d.effective;

  Scenario s;
  auto say = [&](const std::string& l) {
    if (explain) s.explain.push_back(l);
  };
  say(d.name + " (" + std::string(c.source) + "): ranges " + trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" +
      trim(c.range_long_yd) + " yd, " + c.damage() + ", AOE " + std::to_string(c.aoe_ft) + "'");

  // Range bracket (Gunpowder Artillery Characteristics, "Range", p. 14).
  const auto table_bracket = fire::bracket_for(c, *p.range_yd);
  if (!table_bracket)
    return field_error(o, "range-yd", trim(*p.range_yd, 2) + " yd is beyond the " + d.name + "'s long range of " +
                                          trim(c.range_long_yd) + " yd");
  Bracket bracket = *table_bracket;
  std::string bracket_source = "table";
  if (p.bracket) {
    const Bracket chosen = *p.bracket == "short" ? Bracket::short_range
                           : *p.bracket == "medium" ? Bracket::medium_range
                                                    : Bracket::long_range;
    if (chosen != bracket) bracket_source = "override: the table gives " + artillery::to_string(bracket);
    bracket = chosen;
  }
  say(trim(*p.range_yd, 2) + " yd: " + artillery::to_string(bracket) + " range (" + bracket_source + ")");

  // Fire mode (fire-type table and Plunging Fire, p. 17).
  const auto ti = static_cast<size_t>(req.type);
  const auto bi = static_cast<size_t>(bracket);
  const auto& modes = cat.attack.modes[ti][bi];
  auto allows = [&](FireMode m) {
    for (auto x : modes)
      if (x == m) return true;
    return false;
  };
  if (modes.empty())
    return field_error(o, "range-yd", "a " + artillery::to_string(req.type) + " cannot aim at targets at " +
                                          artillery::to_string(bracket) + " range (the fire-type table: \"May Not Fire\")");
  if (p.plunging && p.direct) return field_error(o, "plunging", "choose plunging or direct fire, not both");
  if (p.plunging && !allows(FireMode::plunging))
    return field_error(o, "plunging", "a " + artillery::to_string(req.type) + " cannot use plunging fire at " +
                                          artillery::to_string(bracket) + " range");
  if (p.direct && !allows(FireMode::direct))
    return field_error(o, "direct", "a " + artillery::to_string(req.type) + " must use plunging fire at " +
                                        artillery::to_string(bracket) + " range");
  FireMode mode = FireMode::direct;
  std::string mode_source = "chosen";
  if (p.plunging) mode = FireMode::plunging;
  else if (p.direct) mode = FireMode::direct;
  else if (allows(FireMode::direct)) mode_source = "default";
  else {
    mode = FireMode::plunging;
    mode_source = "required";
  }
  say("fire: " + artillery::to_string(mode) + " (" + mode_source + ")");

  // The attack throw: "artillery attacks as the lowest level member of the crew".
  fire::AttackSetup a;
  a.bracket = bracket;
  a.mode = mode;
  const std::string crew = p.crew.value_or("normal");
  a.base_throw = p.attack_throw ? *p.attack_throw : crew == "veteran" ? cat.attack.veteran_throw : cat.attack.normal_men_throw;
  a.range_mod = cat.attack.range_mod[bi];
  a.plunging_mod = mode == FireMode::plunging ? cat.attack.plunging_mod : 0;
  a.shortage_mod = p.few_artillerists ? cat.attack.artillerist_shortage_mod : 0;
  a.other_mod = p.modifier.value_or(0);
  const fire::Exceed exceed = p.exceed.value_or("meet") == "strictly" ? fire::Exceed::strictly : fire::Exceed::meet;
  const int target = a.target();
  say("target value " + std::to_string(a.base_throw) + "+ (" + (p.attack_throw ? "given" : crew + " crew") + ") - (" +
      signed_str(a.range_mod) + " range " + signed_str(a.plunging_mod) + " plunging " + signed_str(a.shortage_mod) +
      " artillerists " + signed_str(a.other_mod) + " other) = " + std::to_string(target) + "+");
  const fire::AttackOdds odds = fire::attack_odds(R.results, target, exceed);
  const fire::ScatterOdds sc = fire::scatter_odds(R.scatter, bracket, mode);
  const dice::Dist impact = fire::impact_distance(odds, sc);
  const dice::Dist damage = dice::Dist::sum(c.damage_dice, kDamageDie);
  const fire::Halving halving = p.halving.value_or("down") == "up" ? fire::Halving::up : fire::Halving::down;
  for (const char* k : {"direct", "close", "scatter", "misfire"})
    say(std::string(k) + ": naturals " + naturals(R.results, k, target, exceed));

  // ---- tables
  Table t;
  t.title = "Attack: " + d.name + " at " + trim(*p.range_yd, 2) + " yd";
  t.add_column("field", "Figure").add_column("value", "Value", Align::right).add_column("note", "Rule");
  t.add_row({"Ranges short/medium/long", trim(c.range_short_yd) + "/" + trim(c.range_medium_yd) + "/" + trim(c.range_long_yd) + " yd",
             std::string(c.source) == "book" ? cat.sources.characteristics : "design formulas"});
  t.add_row({"Range bracket", artillery::to_string(bracket), bracket_source});
  t.add_row({"Fire", artillery::to_string(mode), mode_source});
  t.add_row({"Attack throw", std::to_string(a.base_throw) + "+", p.attack_throw ? "given" : crew + " crew"});
  t.add_row({"Range modifier", signed_str(a.range_mod), "Range, p. 14"});
  if (a.plunging_mod) t.add_row({"Plunging fire", signed_str(a.plunging_mod), "Plunging Fire, p. 17"});
  if (a.shortage_mod) t.add_row({"Too few artillerists", signed_str(a.shortage_mod), "Crew, p. 14"});
  if (a.other_mod) t.add_row({"Other modifier", signed_str(a.other_mod), "given"});
  t.add_row({"Target value", std::to_string(target) + "+", exceed == fire::Exceed::meet ? "meet or beat" : "strictly above"});
  s.tables.push_back(std::move(t));

  Table res;
  res.title = "Results of the attack throw (seed 000, Attacking with Gunpowder Artillery, p. 16)";
  res.add_column("result", "Result")
      .add_column("naturals", "Naturals", Align::right)
      .add_column("p", "P", Align::right)
      .add_column("effect", "Effect");
  res.add_row({"direct hit", naturals(R.results, "direct", target, exceed), pct(odds.p_direct_hit),
               "hits the impact point; saves halve, structures save"});
  res.add_row({"close hit", naturals(R.results, "close", target, exceed), pct(odds.p_close_hit),
               std::to_string(R.scatter.close_hit_dice) + "d" + std::to_string(R.scatter.close_hit_die_sides) +
                   " yd away; saves avoid"});
  res.add_row({"scatter", naturals(R.results, "scatter", target, exceed), pct(odds.p_scatter),
               std::to_string(R.scatter.scatter_dice) + "d" + std::to_string(R.scatter.scatter_die_sides) + " x " +
                   std::to_string(sc.multiplier_yd) + " yd away, as a close hit"});
  res.add_row({"misfire", naturals(R.results, "misfire", target, exceed), pct(odds.p_misfire), "roll again"});
  res.add_row({"  shot wasted", "then 2-20", pct(odds.p_wasted), "no other effect"});
  res.add_row({"  accidental discharge", "then 1", pct(odds.p_discharge),
               "crew save or " + std::to_string(R.results.discharge_crew_dice) + "d" +
                   std::to_string(R.results.discharge_crew_die_sides) + "; piece saves or is damaged"});
  res.notes.push_back("direction of a close hit or scatter: 1d" + std::to_string(sc.direction_sides) +
                      " as a clock face, 6 o'clock towards the piece, each 1/" + std::to_string(sc.direction_sides));
  res.notes.push_back("mean distance of the impact point from the aim point (shots fired): " +
                      trim(impact.mean() / std::max(1e-12, 1 - odds.p_misfire), 2) + " yd");
  s.tables.push_back(std::move(res));
  s.tables.push_back(dist_table(sc.close_hit_yd, "Close hit: distance in yards", "Yards"));
  s.tables.push_back(dist_table(sc.scatter_yd,
                                "Scatter: distance in yards (" + std::to_string(R.scatter.scatter_dice) + "d" +
                                    std::to_string(R.scatter.scatter_die_sides) + " x " + std::to_string(sc.multiplier_yd) +
                                    (mode == FireMode::plunging ? ", doubled for plunging fire)" : ")"),
                                "Yards"));

  Table dm;
  dm.title = "Damage";
  dm.add_column("field", "Figure").add_column("value", "Value", Align::right).add_column("note", "Rule");
  const bool line = req.type != artillery::Type::mortar;
  dm.add_row({"Damage", c.damage(), "mean " + trim(damage.mean(), 2)});
  dm.add_row({"Area of effect", line ? "5' x " + std::to_string(c.aoe_ft) + "' line" : std::to_string(c.aoe_ft) + "' radius",
              line ? "from the impact point directly away from the piece" : "around the impact point"});
  if (line)
    dm.add_row({"Shrapnel on a structure or ship", std::to_string(R.results.shrapnel_radius_ft) + "' radius",
                "normal damage; saves avoid (Shrapnel, p. 17)"});

  json::Value structure;
  if (p.target_ac) {
    const int st = fire::structural_save_target(cat.attack.structural_save_base, a.range_mod, *p.target_ac);
    const double ps = fire::save_chance(st, 0);
    const double e_direct = odds.p_direct_hit * (1 - ps) * damage.mean();
    const double e_close = (odds.p_direct_hit + odds.p_close_hit) * (1 - ps) * damage.mean();
    dm.add_row({"Structural save", std::to_string(st) + "+",
                std::to_string(cat.attack.structural_save_base) + " + (" + signed_str(a.range_mod) + ") - AC " +
                    std::to_string(*p.target_ac)});
    dm.add_row({"P(structural save)", pct(ps), "a success: no damage"});
    dm.add_row({"Expected shp per shot, direct hits only", trim(e_direct, 3), "P(direct) x P(no save) x mean"});
    dm.add_row({"Expected shp per shot, close hits too", trim(e_close, 3), "when a close hit still lands on it"});
    say("structural save " + std::to_string(cat.attack.structural_save_base) + " + (" + signed_str(a.range_mod) + ") - " +
        std::to_string(*p.target_ac) + " = " + std::to_string(st) + "+");
    structure = json::object();
    structure.set("ac", *p.target_ac);
    structure.set("save_target", st);
    structure.set("p_save", fire::clean(ps));
    structure.set("expected_shp_direct_hits", fire::clean(e_direct));
    structure.set("expected_shp_with_close_hits", fire::clean(e_close));
    structure.set("shrapnel_radius_ft", line ? json::Value(R.results.shrapnel_radius_ft) : json::Value());
  }
  s.tables.push_back(std::move(dm));

  json::Value creatures;
  if (p.save) {
    const int bonus = p.cover ? R.results.cover_save_bonus : 0;
    const fire::CreatureOdds co = fire::creature_odds(damage, *p.save, bonus, halving);
    Table ct;
    ct.title = "A creature in the area of effect (save " + std::to_string(*p.save) + "+" +
               (bonus ? ", +" + std::to_string(bonus) + " cover" : "") + ")";
    ct.add_column("case", "Struck by")
        .add_column("p_save", "P(save)", Align::right)
        .add_column("p_damaged", "P(damaged)", Align::right)
        .add_column("mean", "Mean damage", Align::right)
        .add_column("save", "A save");
    ct.add_row({"direct hit", pct(co.p_save), pct(co.p_damaged_direct), trim(co.mean_damage_direct, 2),
                "halves (rounded " + std::string(halving == fire::Halving::down ? "down" : "up") + ")"});
    ct.add_row({"close hit or scatter", pct(co.p_save), pct(co.p_damaged_other), trim(co.mean_damage_other, 2), "avoids"});
    if (line) ct.add_row({"shrapnel", pct(co.p_save), pct(co.p_damaged_other), trim(co.mean_damage_other, 2), "avoids"});
    s.tables.push_back(std::move(ct));
    creatures = json::object();
    creatures.set("save", *p.save);
    creatures.set("cover_bonus", bonus);
    creatures.set("p_save", fire::clean(co.p_save));
    creatures.set("p_damaged_direct_hit", fire::clean(co.p_damaged_direct));
    creatures.set("mean_damage_direct_hit", fire::clean(co.mean_damage_direct));
    creatures.set("p_damaged_close_hit_or_scatter", fire::clean(co.p_damaged_other));
    creatures.set("mean_damage_close_hit_or_scatter", fire::clean(co.mean_damage_other));
  }

  json::Value unit;
  if (p.troops || p.hd || p.table_uhp || p.unit_save || p.cavalry || p.enfilade || p.fortified) {
    if (!p.unit_save) return field_error(o, "unit-save", "required for damage versus units: the unit's save v. Blast");
    int value = 0;
    std::string value_source;
    std::optional<int> counted;
    if (p.troops) counted = fire::troops_counted(R.damage, *p.troops, p.cavalry);
    if (p.table_uhp) {
      value = *p.table_uhp;
      value_source = "given";
    } else {
      if (!p.troops) return field_error(o, "troops", "required for damage versus units (or give --table-uhp)");
      if (!p.hd) return field_error(o, "hd", "required for damage versus units: the unit's hit dice, e.g. 1-1");
      const fire::DamageTable* dt = R.table_for(req.type, req.shot_lb);
      if (!dt) {
        std::string have;
        for (const auto& x : R.tables) have += (have.empty() ? "" : ", ") + x.artillery;
        return field_error(o, "table-uhp", "the seed prints no damage-versus-units table for the " + d.name +
                                               " (only " + have + "): give the table's value");
      }
      const auto hv = fire::hd_column_value(R.damage, *p.hd);
      if (!hv) return field_error(o, "hd", "hit dice must read like 1-1, 4+1 or 3, got \"" + *p.hd + "\"");
      const auto v = fire::table_uhp(*dt, *counted, *hv);
      if (!v)
        return field_error(o, "troops", std::to_string(*counted) + " troops counted" + (p.cavalry ? " (cavalry doubled)" : "") +
                                            " are outside the table's bands (1 to 120)");
      value = *v;
      value_source = dt->source;
    }
    const fire::UnitDamage ud = fire::unit_damage(R.damage, value, p.enfilade, *p.unit_save, p.fortified, halving);
    Table ut;
    ut.title = "Damage versus units";
    ut.add_column("field", "Figure").add_column("value", "Value", Align::right).add_column("note", "Rule");
    if (p.troops) ut.add_row({"Troops counted", std::to_string(*counted), p.cavalry ? "cavalry: troops doubled" : "as given"});
    if (p.hd) ut.add_row({"Unit HD", *p.hd, "column " + std::to_string(fire::hd_column_value(R.damage, *p.hd).value_or(0))});
    ut.add_row({"Table uhp", std::to_string(value), value_source});
    if (p.enfilade) ut.add_row({"Enfilade", std::to_string(ud.uhp), "doubled (" + R.damage.enfilade_source + ")"});
    ut.add_row({"Save", std::to_string(*p.unit_save) + "+" + (p.fortified ? " with +" + std::to_string(R.damage.unit_fortified_bonus) : ""),
                "P(save) " + pct(ud.p_save)});
    ut.add_row({"Direct hit: uhp unsaved / saved", std::to_string(ud.uhp) + " / " + std::to_string(ud.uhp_saved_direct),
                "mean " + trim(ud.direct.mean(), 3)});
    ut.add_row({"Close hit or scatter: unsaved / saved", std::to_string(ud.uhp) + " / " + std::to_string(ud.uhp_saved_other),
                "mean " + trim(ud.other.mean(), 3)});
    s.tables.push_back(std::move(ut));
    unit = json::object();
    unit.set("troops", p.troops ? json::Value(*p.troops) : json::Value());
    unit.set("troops_counted", counted ? json::Value(*counted) : json::Value());
    unit.set("hd", p.hd ? json::Value(*p.hd) : json::Value());
    unit.set("table_uhp", value);
    unit.set("table_source", value_source);
    unit.set("uhp", ud.uhp);
    unit.set("save", *p.unit_save);
    unit.set("p_save", fire::clean(ud.p_save));
    unit.set("uhp_saved_direct_hit", ud.uhp_saved_direct);
    unit.set("uhp_saved_close_hit_or_scatter", ud.uhp_saved_other);
    unit.set("direct_hit", dist_json(ud.direct, "uhp"));
    unit.set("close_hit_or_scatter", dist_json(ud.other, "uhp"));
  }

  json::Value hero;
  if (p.hero_save) {
    const fire::HeroOdds h = fire::hero_odds(R.damage, damage, *p.hero_save, p.hero_fortified, halving);
    Table ht;
    ht.title = "Damage versus heroes (one shot: " + c.damage() + ")";
    ht.add_column("case", "Hex struck by")
        .add_column("needed", "Save needed", Align::right)
        .add_column("p_save", "P(save)", Align::right)
        .add_column("mean", "Mean damage", Align::right);
    ht.add_row({"direct hit", std::to_string(h.needed_direct) + "+", pct(h.p_save_direct), trim(h.mean_damage_direct, 2)});
    ht.add_row({"close hit or scatter", std::to_string(h.needed_other) + "+", pct(h.p_save_other), trim(h.mean_damage_other, 2)});
    ht.notes.push_back("a save halves a direct hit and avoids the rest; +" + std::to_string(R.damage.hero_fortified_bonus) +
                       " fortified, +" + std::to_string(R.damage.hero_close_or_scatter_bonus) + " after a close hit or scatter");
    s.tables.push_back(std::move(ht));
    hero = json::object();
    hero.set("save", *p.hero_save);
    hero.set("fortified", p.hero_fortified);
    hero.set("save_needed_direct_hit", h.needed_direct);
    hero.set("save_needed_close_hit_or_scatter", h.needed_other);
    hero.set("p_save_direct_hit", fire::clean(h.p_save_direct));
    hero.set("p_save_close_hit_or_scatter", fire::clean(h.p_save_other));
    hero.set("mean_damage_direct_hit", fire::clean(h.mean_damage_direct));
    hero.set("mean_damage_close_hit_or_scatter", fire::clean(h.mean_damage_other));
  }

  // ---- JSON
  json::Value& j = s.json;
  json::Value piece = json::object();
  piece.set("name", d.name);
  piece.set("type", artillery::to_string(req.type));
  piece.set("shot_lb", req.shot_lb);
  piece.set("source", std::string(c.source));
  piece.set("range_short_yd", c.range_short_yd);
  piece.set("range_medium_yd", c.range_medium_yd);
  piece.set("range_long_yd", c.range_long_yd);
  piece.set("damage", c.damage());
  piece.set("aoe_ft", c.aoe_ft);
  piece.set("aoe_shape", line ? "line" : "radius");
  j.set("piece", std::move(piece));
  j.set("range_yd", *p.range_yd);
  j.set("bracket", artillery::to_string(bracket));
  j.set("bracket_source", bracket_source);
  j.set("fire_mode", artillery::to_string(mode));
  j.set("fire_mode_source", mode_source);
  j.set("attack_throw", a.base_throw);
  json::Value mods = json::object();
  mods.set("range", a.range_mod);
  mods.set("plunging", a.plunging_mod);
  mods.set("artillerists", a.shortage_mod);
  mods.set("other", a.other_mod);
  j.set("modifiers", std::move(mods));
  j.set("target", target);
  j.set("exceed", exceed == fire::Exceed::meet ? "meet" : "strictly");
  j.set("p_success", fire::clean(odds.p_success));
  j.set("p_direct_hit", fire::clean(odds.p_direct_hit));
  j.set("p_close_hit", fire::clean(odds.p_close_hit));
  j.set("p_scatter", fire::clean(odds.p_scatter));
  j.set("p_misfire", fire::clean(odds.p_misfire));
  j.set("p_shot_wasted", fire::clean(odds.p_wasted));
  j.set("p_accidental_discharge", fire::clean(odds.p_discharge));
  j.set("direction_die", sc.direction_sides);
  j.set("close_hit_yd", dist_json(sc.close_hit_yd, "yd"));
  j.set("scatter_multiplier_yd", sc.multiplier_yd);
  j.set("scatter_yd", dist_json(sc.scatter_yd, "yd"));
  j.set("mean_impact_distance_yd", fire::clean(impact.mean() / std::max(1e-12, 1 - odds.p_misfire)));
  j.set("damage_mean", fire::clean(damage.mean()));
  j.set("structure", std::move(structure));
  j.set("creatures", std::move(creatures));
  j.set("unit", std::move(unit));
  j.set("hero", std::move(hero));
  const dice::Dist crew_damage = dice::Dist::sum(R.results.discharge_crew_dice, R.results.discharge_crew_die_sides);
  json::Value discharge = json::object();
  discharge.set("crew_damage", std::to_string(R.results.discharge_crew_dice) + "d" +
                                   std::to_string(R.results.discharge_crew_die_sides));
  discharge.set("crew_damage_mean", fire::clean(crew_damage.mean()));
  discharge.set("piece_damaged_shp_fraction", R.results.discharge_piece_shp_fraction);
  j.set("accidental_discharge", std::move(discharge));
  return s;
}

}  // namespace gunpowder::fire_app
