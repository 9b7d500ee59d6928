// war_input.cpp - reading how a War Machine force is rated from a TOML table (seed 004, "Battle
// force rating B'", "Battle rating B", and the quick rating of rules-gaps.md §3): shared by
// war-machine's [[force]] tables and siege-duration's Siege Machine sides.
#include "gunpowder/war/war_input.hpp"

#include <algorithm>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::war {

using input::Need;
using input::TableReader;

ForceVocabulary force_vocabulary(const Rules& rules) {
  ForceVocabulary v;
  for (const auto& t : rules.tactics) v.tactics.push_back(t.id);
  for (const auto& t : rules.troop_classes) v.classes.push_back(t.id);
  return v;
}

std::optional<int> read_opt_int(TableReader& r, std::string_view key, input::Range range) {
  auto v = r.integer(key, Need::optional, range);
  if (!v) return std::nullopt;
  return static_cast<int>(*v);
}

namespace {

/// A percentage given directly (`<key>_pct`) or as a count of troops (`<key>_troops`).
std::optional<double> share(TableReader& r, const std::string& key, std::int64_t troops) {
  const std::string pk = key + "_pct", tk = key + "_troops";
  auto pct = r.number(pk, Need::optional, input::non_negative(100));
  auto count = r.integer(tk, Need::optional, input::non_negative(static_cast<double>(kMaxInputTroops)));
  if (pct && count) {
    r.error_at(tk, "give " + pk + " or " + tk + ", not both");
    return pct;
  }
  if (count) {
    if (troops > 0 && *count > troops) {
      r.error_at(tk, "'" + tk + "' (" + std::to_string(*count) + ") cannot exceed the force's troops (" +
                         std::to_string(troops) + ")");
      return std::nullopt;
    }
    if (troops > 0) return 100.0 * static_cast<double>(*count) / static_cast<double>(troops);
  }
  return pct;
}

Factors read_factors(const Rules& R, TableReader& r, std::int64_t troops) {
  Factors f;
  f.leader_level = read_opt_int(r, "leader_level", input::non_negative(100));
  const double smin = R.ability_bands.empty() ? 3 : R.ability_bands.front().score_min;
  const double smax = R.ability_bands.empty() ? 18 : R.ability_bands.back().score_max;
  f.leader_int = read_opt_int(r, "leader_int", {smin, smax});
  f.leader_wis = read_opt_int(r, "leader_wis", {smin, smax});
  f.leader_cha = read_opt_int(r, "leader_cha", {smin, smax});
  f.name_level_pct = share(r, "name_level", troops);
  f.officers = read_opt_int(r, "officers", input::non_negative(static_cast<double>(kMaxInputTroops)));
  f.officer_level = r.number("officer_level", Need::optional, input::non_negative(100));
  f.officer_hit_dice = r.number("officer_hit_dice", Need::optional, input::non_negative(100));
  if (f.officer_level && f.officer_hit_dice)
    r.error_at("officer_hit_dice", "give officer_level or officer_hit_dice, not both");
  if ((f.officer_level || f.officer_hit_dice) && !f.officers && !r.has("officers"))
    r.error_at(f.officer_level ? "officer_level" : "officer_hit_dice",
               "the officer level needs 'officers', the number of officers (one is needed for each " +
                   std::to_string(R.troops_per_officer) + " troops)");
  if (f.officers && !f.officer_level && !f.officer_hit_dice && !r.has("officer_level") && !r.has("officer_hit_dice"))
    r.error_at("officers", "'officers' needs officer_level (or officer_hit_dice for non-humans)");
  f.troop_level = r.number("troop_level", Need::optional, input::non_negative(100));
  f.victories = read_opt_int(r, "victories", input::non_negative(10000));
  f.routs = read_opt_int(r, "routs", input::non_negative(10000));
  f.weeks_trained = read_opt_int(r, "weeks_trained", input::non_negative(52));
  f.weeks_with_leader = read_opt_int(r, "weeks_with_leader", input::non_negative(52));
  f.months_on_duty = read_opt_int(r, "months_on_duty", input::non_negative(12));
  if (f.weeks_trained && f.weeks_with_leader && *f.weeks_with_leader > *f.weeks_trained)
    r.error_at("weeks_with_leader", "weeks trained with the leader (" + std::to_string(*f.weeks_with_leader) +
                                        ") cannot exceed the weeks trained (" + std::to_string(*f.weeks_trained) + ")");
  std::vector<std::string> qualities;
  for (const auto& q : R.weapon_qualities) qualities.push_back(q.quality);
  f.weapons = r.value("weapons", Need::optional, qualities);
  f.second_weapon = r.boolean("second_weapon", Need::optional).value_or(false);
  if (f.second_weapon && !f.weapons && !r.has("weapons"))
    r.error_at("second_weapon", "a second weapon 'of the same quality' needs 'weapons' (the quality)");
  f.average_ac = r.number("average_ac", Need::optional, {-20, 20});
  f.all_elves_or_dwarves = r.boolean("all_elves_or_dwarves", Need::optional).value_or(false);
  f.two_asterisk_pct = share(r, "two_asterisk", troops);
  r.finish();
  return f;
}

QuickInputs read_quick(const Rules& R, TableReader& r) {
  QuickInputs q;
  q.leader_level = read_opt_int(r, "leader_level", input::non_negative(100)).value_or(0);
  if (!r.has("leader_level")) r.integer("leader_level", Need::required);
  q.hit_dice = r.number("hit_dice", Need::required, input::non_negative(1000)).value_or(0);
  q.max_damage = read_opt_int(r, "max_damage", input::non_negative(100000)).value_or(0);
  if (!r.has("max_damage")) r.integer("max_damage", Need::required);
  for (const auto& flag : R.quick_flags)
    if (r.boolean(flag, Need::optional).value_or(false)) q.flags.push_back(flag);
  r.finish();
  return q;
}

}  // namespace

void read_force_rating(const Rules& R, const ForceVocabulary& vocab, const input::Document& doc, TableReader& r,
                       Diagnostics& d, Force& f, const std::string& who, const std::string& prefix) {
  f.br = read_opt_int(r, "br", {-kMaxInputRating, kMaxInputRating});
  f.bfr = read_opt_int(r, "bfr", {-kMaxInputRating, kMaxInputRating});
  std::string factors_name = "[";
  factors_name.append(prefix).append(".factors]");
  std::string quick_name = "[";
  quick_name.append(prefix).append(".quick]");
  if (const auto* ft = r.table("factors", Need::optional)) {
    TableReader fr(doc, *ft, d, factors_name);
    f.factors = read_factors(R, fr, f.troops);
  }
  if (const auto* qt = r.table("quick", Need::optional)) {
    TableReader qr(doc, *qt, d, quick_name);
    f.quick = read_quick(R, qr);
  }
  const int methods =
      (r.has("br") ? 1 : 0) + (r.has("bfr") ? 1 : 0) + (r.has("factors") ? 1 : 0) + (r.has("quick") ? 1 : 0);
  if (methods == 0) {
    std::string m = who;
    m.append(" needs one of br, bfr, ").append(factors_name).append(" or ").append(quick_name);
    r.error(m);
  }
  if (methods > 1) {
    std::string given;
    for (const char* k : {"br", "bfr", "factors", "quick"})
      if (r.has(k)) given.append(given.empty() ? "" : ", ").append(k);
    std::string m = who;
    m.append(" gives ").append(given).append(": give only one way to rate it");
    r.error(m);
  }
  f.troop_class = r.value("troop_class", Need::optional, vocab.classes);
  auto& c = f.composition;
  c.mounted_pct = r.number("mounted_pct", Need::optional, input::non_negative(100));
  c.missile_pct = r.number("missile_pct", Need::optional, input::non_negative(100));
  c.missile_100ft_pct = r.number("missile_100ft_pct", Need::optional, input::non_negative(100));
  c.magical_pct = r.number("magical_pct", Need::optional, input::non_negative(100));
  c.spells_pct = r.number("spells_pct", Need::optional, input::non_negative(100));
  c.flying_pct = r.number("flying_pct", Need::optional, input::non_negative(100));
  c.movement_ft = r.number("movement_ft", Need::optional, input::non_negative(100000));
  if (c.missile_pct && c.missile_100ft_pct && *c.missile_100ft_pct > *c.missile_pct)
    r.error_at("missile_100ft_pct", "missile_100ft_pct (" + fmtnum::trim(*c.missile_100ft_pct) +
                                        ") cannot exceed missile_pct (" + fmtnum::trim(*c.missile_pct) +
                                        "): those who fire to 100' are among those who fire");
  if (const auto* a = r.array("statements", Need::optional)) {
    std::vector<char> letters;
    for (const auto& n : *a) {
      const auto s = n.value<std::string>();
      bool ok = s && s->size() == 1;
      if (ok)
        ok = std::any_of(R.statements.begin(), R.statements.end(),
                         [&](const BrStatement& st) { return st.letter == (*s)[0]; });
      if (!ok) {
        r.error_at("statements", "'statements' must list letters a-l of the battle-rating statements");
        break;
      }
      if (std::find(letters.begin(), letters.end(), (*s)[0]) != letters.end()) {
        r.error_at("statements", "statement " + *s + " is listed twice");
        break;
      }
      letters.push_back((*s)[0]);
    }
    f.statement_letters = letters;
  }
}

}  // namespace gunpowder::war
