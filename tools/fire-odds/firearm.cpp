// firearm.cpp - fire-odds firearm: the options of a character's firearm (seed 000, p. 9-11), the
// catalogue, and the report; the figures are fire::firearm_scenario.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>

#include "common/provenance.hpp"
#include "fire-odds/choice.hpp"
#include "fire-odds/fields.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/fire/firearm.hpp"

namespace gunpowder::fire_app {

using fire::FirearmScenario;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {
// The dice a chance is counted over (--fractions): the attack throw's d20, a misfire's percentage.
constexpr std::uint64_t kHitDie = fire::kD20;
constexpr std::uint64_t kMisfireDice = fire::kPercent;

std::string ranges(const fire::Firearm& f) {
  std::string s;
  for (size_t i = 0; i < 3; ++i)
    s += (i ? " / " : "") + std::to_string(f.range[i]) + (f.penalty[i] ? " (" + signed_str(f.penalty[i]) + ")" : "") +
         (f.ignores_armor[i] ? "*" : "");
  return s;
}

namespace f = fields;
using report::Cell;
using report::Shown;

// The columns of a firearm of the characteristics table (the catalogue, and the weapon of a shot).
std::vector<report::FieldUse> firearm_fields() {
  return {f::kFirearmName,
          {f::kMechanism, Shown::programs},
          {f::kFirearmType, Shown::programs},
          {f::kBore, Shown::programs},
          f::kCostGp,
          f::kEra,
          f::kDamage,
          {f::kCatalogueRanges, Shown::people},
          {f::kRangeShort, Shown::programs},
          {f::kRangeMedium, Shown::programs},
          {f::kRangeLong, Shown::programs},
          {f::kPenaltyShort, Shown::programs},
          {f::kPenaltyMedium, Shown::programs},
          {f::kPenaltyLong, Shown::programs},
          {f::kIgnoresArmorShort, Shown::programs},
          {f::kIgnoresArmorMedium, Shown::programs},
          {f::kIgnoresArmorLong, Shown::programs},
          {f::kReloadShown, Shown::people},
          {f::kReloadDrilled, Shown::programs},
          {f::kReloadUndrilled, Shown::programs},
          {f::kReloadFightingStyle, Shown::programs},
          {f::kMisfireShown, Shown::people},
          {f::kMisfireDryPct, Shown::programs},
          {f::kMisfireDampPct, Shown::programs},
          {f::kMisfireWetPct, Shown::programs},
          {f::kEncumbranceShown, Shown::people},
          {f::kEncumbrance, Shown::programs},
          {f::kEncumbranceUnit, Shown::programs}};
}

const report::TableSpec& catalogue_spec() {
  static const report::TableSpec s = scenario_spec(
      "firearms", "Firearms", "with --catalogue: one firearm of the characteristics table", firearm_fields());
  return s;
}

const report::TableSpec& weapon_spec() {
  static const report::TableSpec s =
      scenario_spec("weapon", "Weapon", "the firearm fired, as the characteristics table gives it", firearm_fields())
          .only_for(Shown::programs);
  return s;
}

const report::TableSpec& shot_spec() {
  static const report::TableSpec s =
      scenario_spec("shot", "Shot", "one shot of a character's firearm, its reload, misfire and rate over the minutes",
                    {{f::kWeapon, Shown::programs},
                     {f::kFirearmRangeYd, Shown::programs},
                     {f::kRangeFt, Shown::programs},
                     {f::kFirearmRanges, Shown::people},
                     {f::kRangeShort, Shown::programs},
                     {f::kRangeMedium, Shown::programs},
                     {f::kRangeLong, Shown::programs},
                     f::kFirearmRangeBand,
                     {f::kRangePenalty, Shown::programs},
                     {f::kVeteran, Shown::programs},
                     f::kAttackThrow,
                     {f::kTargetAc, Shown::programs},
                     {f::kArmor, Shown::programs},
                     f::kArmorIgnored,
                     {f::kEffectiveAc, Shown::programs},
                     f::kModifiers,
                     f::kNaturalNeeded,
                     {f::kNaturalRule, Shown::programs},
                     f::kPHit,
                     f::kFirearmDamage,
                     {f::kDamageMean, Shown::programs},
                     f::kMisfirePct,
                     {f::kWeather, Shown::programs},
                     {f::kCleaned, Shown::programs},
                     {f::kMisfireTablePct, Shown::programs},
                     {f::kPMisfire, Shown::programs},
                     {f::kMisfireClearRounds, Shown::programs},
                     f::kPHitPerAttempt,
                     f::kReloadRounds,
                     {f::kTraining, Shown::programs},
                     {f::kReloadBase, Shown::programs},
                     {f::kReloadDex, Shown::programs},
                     {f::kReloadEncumbrance, Shown::programs},
                     {f::kReloadApostles, Shown::programs},
                     {f::kRoundSeconds, Shown::programs},
                     {f::kMinutes, Shown::programs},
                     {f::kRounds, Shown::programs},
                     {f::kMeanAttempts, Shown::programs},
                     {f::kMeanShots, Shown::programs},
                     {f::kMeanHits, Shown::programs},
                     {f::kAttemptsPerMinute, Shown::programs},
                     {f::kHitsPerMinute, Shown::programs},
                     {f::kDamagePerMinute, Shown::programs}})
          .as_record("Figure", true, "Value", "Rule");
  return s;
}

const report::TableSpec& volley_spec() {
  static const report::TableSpec s = scenario_spec("volley", "Over the minutes", "one count of attempts, shots or hits",
                                                   {f::kN, f::kPAttempts, f::kPShots, f::kPHits});
  return s;
}

// For programs (and --table): a hit's damage, the attempts, shots and hits over the minutes one by
// one, and the damage of those hits.
const report::DistributionSpec& hit_damage_spec() {
  static const report::DistributionSpec s = dist_spec("damage-on-a-hit", "Damage on a hit", f::kHpLost, {}, false);
  return s;
}
const report::DistributionSpec& volley_dist_spec() {
  static const report::DistributionSpec s =
      dist_spec("volley-distribution", "Over the minutes", f::kN, {f::kCounted}, false);
  return s;
}
const report::DistributionSpec& minutes_damage_spec() {
  static const report::DistributionSpec s =
      dist_spec("damage-in-the-minutes", "Damage of the hits over the minutes", f::kHpLost, {}, false);
  return s;
}

std::vector<Cell> firearm_row(const fire::Firearm& fa) {
  std::vector<Cell> row{fa.name,
                        firearms::to_string(fa.mechanism),
                        fa.type,
                        fa.bore,
                        report::cell::trimmed(fa.cost_gp, 2),
                        fa.era,
                        dice_text(fa.damage_dice, fa.damage_die_sides),
                        ranges(fa)};
  for (size_t i = 0; i < 3; ++i) row.emplace_back(std::to_string(fa.range[i]));
  for (size_t i = 0; i < 3; ++i) row.emplace_back(std::to_string(fa.penalty[i]));
  for (size_t i = 0; i < 3; ++i) row.push_back(report::cell::boolean(fa.ignores_armor[i]));
  row.emplace_back(std::to_string(fa.reload_drilled) + "/" + std::to_string(fa.reload_undrilled) + "/" +
                   (fa.reload_style ? std::to_string(*fa.reload_style) : "-"));
  row.emplace_back(std::to_string(fa.reload_drilled));
  row.emplace_back(std::to_string(fa.reload_undrilled));
  row.push_back(report::cell::integer(fa.reload_style ? std::optional<long long>(*fa.reload_style) : std::nullopt));
  row.emplace_back(std::to_string(fa.misfire_pct[0]) + "/" + std::to_string(fa.misfire_pct[1]) + "/" +
                   std::to_string(fa.misfire_pct[2]) + "%");
  for (size_t i = 0; i < 3; ++i) row.emplace_back(std::to_string(fa.misfire_pct[i]));
  row.emplace_back(std::to_string(fa.encumbrance) + " " + fa.encumbrance_unit);
  row.emplace_back(std::to_string(fa.encumbrance));
  row.emplace_back(fa.encumbrance_unit);
  return row;
}

Scenario catalogue(const fire::FirearmCatalogue& cat) {
  Scenario s;
  Table t(catalogue_spec());
  t.title = "Firearms (" + cat.rules.source_characteristics + ")";
  for (const report::Field* right : {&f::kDamage, &f::kCatalogueRanges, &f::kReloadShown, &f::kMisfireShown})
    align(t, *right, report::Align::right);
  for (const auto& fa : cat.firearms) t.add_row(firearm_row(fa));
  t.notes.push_back("* armour-piercing range: ignores " + std::to_string(cat.rules.armor_ignored) +
                    " points of armour; ranges in feet underground, yards outdoors");
  s.tables.push_back(std::move(t));
  return s;
}
// The derivation, for --explain: the shot's and the reload's steps (fire::shot_odds,
// fire::reload_time), the misfire chance and the rounds between attempts, under the firearm's name.
report::Steps explain_firearm(const fire::FirearmRules& R, const FirearmParams& p, const FirearmScenario& fs) {
  const fire::Misfire& mis = fs.misfire;
  const fire::Firearm& fa = *fs.firearm;
  report::Steps out = fs.shot.explain;
  out.insert(out.end(), fs.reload.explain.begin(), fs.reload.explain.end());
  const std::string table = std::to_string(mis.table_pct) + "%";
  const bool adjusted = p.uncleaned || mis.capped;
  out.push_back(report::step(adjusted ? "misfire chance in the table" : "misfire chance",
                             "Firearm Characteristics table, row \"" + fa.name + "\", column \"" + fs.weather + "\"",
                             table, R.source_misfire, report::Yields::rounded)
                    .in("firearm", fa.name)
                    .in("weather", fs.weather));
  if (adjusted) {
    std::string rule = table;
    if (p.uncleaned) rule += " x " + std::to_string(R.uncleaned_multiplier) + " (not cleaned daily)";
    if (mis.capped) rule += " = " + std::to_string(mis.pct) + "%, at most 100%";
    out.push_back(report::step("misfire chance", rule, std::to_string(std::min(100, mis.pct)) + "%", R.source_misfire,
                               mis.capped ? report::Yields::rounded : report::Yields::equals)
                      .in("table", table)
                      .in("cleaned", p.uncleaned ? "no" : "yes"));
  }
  const int reload = fs.reload.total;
  out.push_back(report::step("rounds an attempt", "1 + " + std::to_string(reload) + " rounds of reloading",
                             std::to_string(1 + reload) + " rounds", R.source_reload)
                    .in("reload time", std::to_string(reload) + " rounds"));
  out.push_back(report::step("rounds an attempt after a misfire",
                             "1 + " + std::to_string(R.misfire_clear_rounds) + " rounds to clear it + " +
                                 std::to_string(reload) + " rounds of reloading",
                             std::to_string(1 + R.misfire_clear_rounds + reload) + " rounds", R.source_misfire)
                    .in("clearing", std::to_string(R.misfire_clear_rounds) + " rounds")
                    .in("reload time", std::to_string(reload) + " rounds"));
  report::with_subject(out, fa.name);
  return out;
}

std::string damage_text(const fire::FirearmRules& R, const FirearmParams& p, const fire::Firearm& f) {
  return p.scattershot ? dice_text(R.scattershot_dice, R.scattershot_die_sides)
                       : dice_text(f.damage_dice, f.damage_die_sides);
}

Cell count_cell(long long n, const std::string& shown) { return report::cell::shown_as(shown, static_cast<double>(n)); }

// The house rules behind the figures of a shot (none without house rules): each figure's own rows
// and keys of data/firearms.toml, and those of the figures it is computed from.
struct ShotRules {
  std::optional<std::string> ranges, band, penalty, armor, throw_needed, hit, damage, misfire, attempt, reload, rate,
      clear_rounds;
};

ShotRules shot_rules(const data::Tables& tables, const FirearmParams& p, const fire::Firearm& fa) {
  using cli::either;
  using cli::ruled;
  const std::string row = cli::row_path("firearm", "name", fa.name);
  auto key = [&](const char* k) { return row + "." + k; };
  ShotRules r;
  r.ranges = ruled(tables, "firearms",
                   {key("short_range"), key("medium_range"), key("long_range"), key("short_ignores_armor"),
                    key("medium_ignores_armor"), key("long_ignores_armor")});
  r.band = ruled(tables, "firearms", {key("short_range"), key("medium_range"), key("long_range")});
  // The band's penalty: the row's as printed, the normal ones of [rules.range] beyond short range.
  r.penalty = either(r.band, ruled(tables, "firearms",
                                   {key("short_penalty"), key("medium_penalty"), key("long_penalty"), "rules.range"}));
  r.armor = either(r.ranges, ruled(tables, "firearms", {"rules.armor_penetration"}));
  r.throw_needed = p.attack_throw ? std::nullopt : ruled(tables, "firearms", {"rules.attack_throw"});
  const auto scatter = p.scattershot ? ruled(tables, "firearms", {"rules.scattershot"}) : std::nullopt;
  r.hit = either(either(either(r.penalty, r.armor), r.throw_needed), scatter);
  r.damage = p.scattershot ? scatter : ruled(tables, "firearms", {key("damage_dice"), key("damage_die_sides")});
  r.misfire = ruled(tables, "firearms", {key("misfire_dry_pct"), "rules.misfire"});
  r.attempt = either(r.hit, r.misfire);
  r.reload = ruled(tables, "firearms",
                   {key("reload_drilled"), key("reload_undrilled"),
                    cli::row_path("fighting_style_reload", "name", fa.name), "rules.reload"});
  r.rate = either(r.attempt, r.reload);
  r.clear_rounds = ruled(tables, "firearms", {"rules.misfire.clear_rounds"});
  return r;
}

// The shot: range, band, attack throw, armour, the natural needed and its chance, damage.
void add_shot(Table& t, const fire::FirearmRules& R, const FirearmParams& p, const FirearmScenario& fs,
              const ShotRules& hr) {
  using cli::sourced;
  const fire::Firearm& fa = *fs.firearm;
  const fire::Shot& shot = fs.shot;
  program_figure(t, f::kWeapon, fa.name);
  const Cell range = report::cell::trimmed(fs.range, 12);
  program_figure(t, f::kFirearmRangeYd, fs.range_in_feet ? report::cell::none() : range);
  program_figure(t, f::kRangeFt, fs.range_in_feet ? range : report::cell::none());
  const std::string ranges_note =
      sourced(hr.ranges ? hr.ranges : hr.armor, "* ignores " + std::to_string(R.armor_ignored) + " points of armour");
  t.add_figure(f::kFirearmRanges, ranges(fa), ranges_note);
  const std::string band_note = sourced(hr.band, "* ignores " + std::to_string(R.armor_ignored) + " points of armour");
  t.add_figure(f::kRangeShort, std::to_string(fa.range[0]), band_note);
  t.add_figure(f::kRangeMedium, std::to_string(fa.range[1]), band_note);
  t.add_figure(f::kRangeLong, std::to_string(fa.range[2]), band_note);
  t.add_figure(f::kFirearmRangeBand, fire::to_string(shot.band),
               sourced(hr.band, "penalty " + signed_str(shot.penalty)));
  program_figure(t, f::kRangePenalty, std::to_string(shot.penalty), sourced(hr.penalty, ""));
  program_figure(t, f::kVeteran, report::cell::boolean(p.veteran));
  const int throw_needed = fs.shot_input.attack_throw, target_ac = fs.shot_input.target_ac;
  t.add_figure(f::kAttackThrow, count_cell(throw_needed, std::to_string(throw_needed) + "+"),
               sourced(hr.throw_needed, p.attack_throw ? "given" : fs.shooter + " shooter"));
  program_figure(t, f::kTargetAc, std::to_string(target_ac));
  program_figure(t, f::kArmor, std::to_string(p.armor ? *p.armor : std::max(0, target_ac)));
  t.add_figure(f::kArmorIgnored, std::to_string(shot.armor_ignored),
               sourced(hr.armor, "effective AC " + std::to_string(shot.effective_ac)));
  program_figure(t, f::kEffectiveAc, std::to_string(shot.effective_ac), sourced(hr.armor, ""));
  t.add_figure(f::kModifiers, report::cell::shown_as(signed_str(shot.modifiers), shot.modifiers),
               sourced(hr.penalty, p.scattershot ? "scattershot" : ""));
  t.add_figure(f::kNaturalNeeded, count_cell(shot.target, std::to_string(shot.target) + "+"),
               sourced(hr.hit, fs.shot_input.naturals ? "a natural 20 always hits, a natural 1 always misses"
                                                      : "no natural rule"));
  program_figure(t, f::kNaturalRule, report::cell::boolean(fs.shot_input.naturals));
  t.add_figure(f::kPHit, pct_cell(shot.p_hit, kHitDie), sourced(hr.hit, ""));
  t.add_figure(f::kFirearmDamage, damage_text(R, p, fa),
               sourced(hr.damage, report::summary_text(report::summarise(report::Distribution::of(shot.damage)))));
  program_figure(t, f::kDamageMean, report::cell::trimmed(shot.damage.mean(), 12), sourced(hr.damage, ""));
}

// The misfire chance, the chance an attempt hits, and the reload time.
void add_misfire_and_reload(Table& t, const fire::FirearmRules& R, const FirearmParams& p, const FirearmScenario& fs,
                            const ShotRules& hr) {
  using cli::sourced;
  const fire::Misfire& mis = fs.misfire;
  // A chance: at most 100%, the rules' product beyond it named in the note (docs/rules-notes.md).
  const int pct = std::min(100, mis.pct);
  t.add_figure(f::kMisfirePct, count_cell(pct, std::to_string(pct) + "%"),
               sourced(hr.misfire, fs.weather + (p.uncleaned ? ", not cleaned" : ", cleaned daily") +
                                       (mis.capped ? ": " + std::to_string(mis.pct) + "% by the rules, capped at 100%"
                                                   : "")));
  program_figure(t, f::kWeather, fs.weather);
  program_figure(t, f::kCleaned, report::cell::boolean(!p.uncleaned));
  program_figure(t, f::kMisfireTablePct, std::to_string(mis.table_pct), sourced(hr.misfire, ""));
  program_figure(t, f::kPMisfire, pct_cell(mis.p, kMisfireDice), sourced(hr.misfire, ""));
  program_figure(t, f::kMisfireClearRounds, std::to_string(R.misfire_clear_rounds), sourced(hr.clear_rounds, ""));
  const double per_attempt = (1 - mis.p) * fs.shot.p_hit;
  t.add_figure(f::kPHitPerAttempt, pct_cell(per_attempt, kHitDie * kMisfireDice),
               sourced(hr.attempt, "no misfire, then a hit"));
  t.add_figure(
      f::kReloadRounds, count_cell(fs.reload.total, std::to_string(fs.reload.total) + " rounds"),
      sourced(hr.reload, fire::to_string(fs.reload_input.training) + (fs.reload.floored ? ", floored at 0" : "")));
  program_figure(t, f::kTraining, fire::to_string(fs.reload_input.training));
  program_figure(t, f::kReloadBase, std::to_string(fs.reload.base), sourced(hr.reload, ""));
  program_figure(t, f::kReloadDex, std::to_string(fs.reload.dex));
  program_figure(t, f::kReloadEncumbrance, std::to_string(fs.reload.encumbrance));
  program_figure(t, f::kReloadApostles, std::to_string(fs.reload.apostles));
}

// The volley over the minutes and the long-run rates, for programs (the volley table's notes).
void add_rates(Table& t, const FirearmScenario& fs, const ShotRules& hr) {
  using cli::sourced;
  const fire::Volley& v = fs.volley;
  const double per_minute = fs.rounds_per_minute();
  auto real = [](double x) { return report::cell::trimmed(x, 12); };
  // Attempts come every reload (and misfire clearing); shots are the attempts that do not
  // misfire; hits the shots that hit.
  const std::string attempts = sourced(cli::either(hr.reload, hr.misfire), "");
  const std::string hits = sourced(hr.rate, "");
  program_figure(t, f::kRoundSeconds, real(fs.round_seconds));
  program_figure(t, f::kMinutes, std::to_string(fs.minutes));
  program_figure(t, f::kRounds, std::to_string(fs.rounds));
  program_figure(t, f::kMeanAttempts, real(v.mean_attempts), attempts);
  program_figure(t, f::kMeanShots, real(v.mean_shots), attempts);
  program_figure(t, f::kMeanHits, real(v.mean_hits), hits);
  program_figure(t, f::kAttemptsPerMinute, real(v.attempts_per_round * per_minute), attempts);
  program_figure(t, f::kHitsPerMinute, real(v.hits_per_round * per_minute), hits);
  program_figure(t, f::kDamagePerMinute, real(v.hits_per_round * per_minute * fs.shot.damage.mean()),
                 sourced(cli::either(hr.rate, hr.damage), ""));
}

Table shot_table(const data::Tables& tables, const fire::FirearmRules& R, const FirearmParams& p,
                 const FirearmScenario& fs) {
  const std::string unit = fs.range_in_feet ? "ft" : "yd";
  Table t(shot_spec());
  t.title = fs.firearm->name + " at " + trim(fs.range, 2) + " " + unit + " against AC " +
            std::to_string(fs.shot_input.target_ac);
  const ShotRules hr = shot_rules(tables, p, *fs.firearm);
  add_shot(t, R, p, fs, hr);
  add_misfire_and_reload(t, R, p, fs, hr);
  add_rates(t, fs, hr);
  return t;
}

// The damage of the hits over the minutes: a hit's damage for each hit.
dice::Dist minutes_damage(const FirearmScenario& fs) { return dice::Dist::compound(fs.volley.hits, fs.shot.damage); }

Table volley_table(const FirearmScenario& fs) {
  const fire::Volley& v = fs.volley;
  Table m(volley_spec());
  m.title = "Over " + std::to_string(fs.minutes) + " minute" + (fs.minutes == 1 ? "" : "s") + " (" +
            std::to_string(fs.rounds) + " rounds of " + trim(fs.round_seconds, 2) + " s), loaded at the start";
  const int top = std::max({v.attempts.max(), v.shots.max(), v.hits.max()});
  const std::uint64_t over = v.hits.denominator();
  for (int n = 0; n <= top; ++n)
    m.add_row({std::to_string(n), pct_cell(v.attempts.p(n), over), pct_cell(v.shots.p(n), over),
               pct_cell(v.hits.p(n), over)});
  m.notes.push_back("means: " + trim(v.mean_attempts, 3) + " attempts, " + trim(v.mean_shots, 3) + " shots, " +
                    trim(v.mean_hits, 3) + " hits; in the long run " +
                    trim(v.attempts_per_round * fs.rounds_per_minute(), 3) + " attempts and " +
                    trim(v.hits_per_round * fs.rounds_per_minute(), 3) + " hits per minute");
  m.notes.push_back("damage of the hits: " +
                    report::summary_text(report::summarise(report::Distribution::of(minutes_damage(fs)))));
  return m;
}

// The distributions for programs: a hit's damage, the counts over the minutes, the damage of the hits.
void volley_distributions(const FirearmScenario& fs, std::vector<Table>& out) {
  dist_tables(hit_damage_spec(), fs.shot.damage, "").add_to(out);
  const fire::Volley& v = fs.volley;
  for (const auto& [key, d] :
       {std::pair<const char*, const dice::Dist*>{"attempts", &v.attempts}, {"shots", &v.shots}, {"hits", &v.hits}})
    dist_tables(volley_dist_spec(), *d, "Over the minutes: " + std::string(key))
        .set_context(f::kCounted, key)
        .add_to(out);
  dist_tables(minutes_damage_spec(), minutes_damage(fs), "").add_to(out);
}

Table weapon_table(const fire::Firearm& fa) {
  Table t(weapon_spec());
  t.add_row(firearm_row(fa));
  return t;
}
}  // namespace

std::vector<const report::TableSpec*> firearm_specs() {
  std::vector<const report::TableSpec*> out{&shot_spec(), &volley_spec(), &weapon_spec(), &catalogue_spec()};
  for (const report::DistributionSpec* d : {&hit_damage_spec(), &volley_dist_spec(), &minutes_damage_spec()})
    for (const report::TableSpec* t : d->tables()) out.push_back(t);
  return out;
}

void setup_firearm(CLI::App& sub, FirearmParams& p) {
  cli::completion_values(
      sub,
      sub.add_option("-w,--weapon", p.weapon, "the firearm, e.g. \"matchlock musket\", \"rifled flintlock arquebus\""),
      [](const data::Tables& tables) {  // the table's firearms as one word each, for shell completion
        std::vector<std::string> names;
        if (auto cat = firearms::load_catalogue(tables))
          for (const auto& f : (*cat)->firearms)
            names.push_back((f.smoothbore() ? "" : f.bore + "-") + firearms::to_string(f.mechanism) + "-" + f.type);
        return names;
      })
      ->type_name("NAME");
  sub.add_flag("--catalogue", p.catalogue, "list the 14 firearms of the characteristics table");
  sub.add_option("--range-ft", p.range_ft, "range in feet (underground: the table's numbers as feet)")->type_name("FT");
  sub.add_option("--range-yd", p.range_yd, "range in yards (outdoors: the table's numbers as yards)")->type_name("YD");
  sub.add_option("--target-ac", p.target_ac, "the target's armour class")->type_name("AC");
  sub.add_option("--armor", p.armor, "points of that AC from armour, hide or shields (default: all of it)")
      ->type_name("N");
  sub.add_flag("--veteran", p.veteran, "a veteran shooter (attack throw 10+; default: a normal man, 11+)");
  sub.add_option("--attack-throw", p.attack_throw, "the shooter's attack throw; overrides --veteran")->type_name("N");
  cli::choices(
      sub,
      sub.add_option("--training", p.training, "undrilled (the default), drilled or style (Fighting Style (Firearms))"),
      fire::choices::kTraining, suite_spelling)
      ->type_name("T");
  sub.add_option("--dex", p.dex, "the shooter's Dexterity modifier (a bonus shortens reload)")->type_name("N");
  sub.add_option("--carried-stone", p.carried_stone, "stone carried (more than 5, 7, 10: reload +1, +2, +3)")
      ->type_name("ST");
  sub.add_flag("--apostles", p.apostles, "loading from 12 apostles (reload -1)");
  cli::choices(sub, sub.add_option("--weather", p.weather, "dry (the default), damp or wet"), fire::choices::kWeather,
               suite_spelling)
      ->type_name("W");
  sub.add_flag("--uncleaned", p.uncleaned, "not cleaned daily with a gun cleaning kit (misfire chance doubled)");
  sub.add_flag("--scattershot", p.scattershot,
               "fire scattershot (smoothbore: +2 at short range, 1d6, no armour ignored)");
  sub.add_flag("--no-rest", p.no_rest, "a musket fired without its fork rest (-2)");
  sub.add_option("--modifier", p.modifier, "any further attack modifier (+ helps)")->type_name("N");
  sub.add_flag("--no-naturals", p.no_naturals, "no automatic hit on a natural 20 nor miss on a natural 1");
  cli::choices(
      sub, sub.add_option("--penalties", p.penalties, "range penalties as printed (default) or by the smoothbore rule"),
      fire::choices::kPenalties, suite_spelling)
      ->type_name("HOW");
  sub.add_option("--minutes", p.minutes, "minutes of firing for the shots and hits figures (default 1)")
      ->type_name("N");
  sub.add_option("--round-seconds", p.round_seconds, "length of a combat round in seconds (ACKS: 10)")->type_name("S");
}

Expected<Scenario> run_firearm(const data::Tables& tables, const FirearmParams& p, bool explain) {
  auto cat_or = fire::load_firearms(tables);
  if (!cat_or) return cat_or.error();
  const fire::FirearmCatalogue& cat = **cat_or;
  if (p.catalogue) {
    if (p.weapon || p.range_ft || p.range_yd || p.target_ac) {
      Diagnostics d;
      d.field_error("catalogue", "lists every firearm; it takes no --weapon, range or target");
      return d;
    }
    Scenario listed = catalogue(cat);
    listed.no_chart = "the firearms catalogue has no distribution to chart: give --weapon, a range and --target-ac";
    return listed;
  }
  auto scenario = fire::firearm_scenario(cat, p);
  if (!scenario) return scenario.error();
  const FirearmScenario& fs = *scenario;
  Scenario s;
  if (explain) s.explain = explain_firearm(cat.rules, p, fs);
  s.tables.push_back(shot_table(tables, cat.rules, p, fs));
  s.tables.push_back(volley_table(fs));
  s.charts.push_back(
      dist_chart(s.tables.back().title, "N",
                 {{"Attempts", &fs.volley.attempts}, {"Shots fired", &fs.volley.shots}, {"Hits", &fs.volley.hits}}));
  s.tables.push_back(weapon_table(*fs.firearm));  // programs only: after the tables people see
  volley_distributions(fs, s.tables);
  return s;
}

}  // namespace gunpowder::fire_app
