// broadside.cpp - fire-odds broadside: the options of a poker-dice broadside (seed 001) and its
// report; the figures are fire::broadside_odds.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <utility>

#include "fire-odds/choice.hpp"
#include "fire-odds/fields.hpp"
#include "fire-odds/fire_app.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/fraction.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/fire/fire_common.hpp"

namespace gunpowder::fire_app {

using fire::Broadside;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

namespace f = fields;
using report::Cell;
using report::Shown;

const report::TableSpec& dice_spec() {
  static const report::TableSpec s =
      scenario_spec("dice", "Dice", "one group of up to five cannon of one type (one group with --dice)",
                    {f::kGroup, f::kCannon, f::kDice, f::kRerolls, f::kExpectedValue});
  return s;
}

const report::TableSpec& hands_spec() {
  static const report::TableSpec s = scenario_spec(
      "hands", "Hands", "one hand a group may throw, best first, then none",
      {{f::kHandName, Shown::people}, {f::kHand, Shown::programs}, f::kP, f::kPAtLeast, report::vocab::kPAtMost},
      {f::kGroup});
  return s;
}

const report::TableSpec& by_band_spec() {
  static const report::TableSpec s =
      scenario_spec("expected-structural-damage-by-range-band", "Expected structural damage by range band",
                    "the broadside's expected structural damage at one band (round shot, not raking, not aiming high)",
                    {f::kBroadsideRangeBand, f::kExpectedPoints});
  return s;
}

const report::DistributionSpec& structural_spec() {
  static const report::DistributionSpec s = dist_spec("structural-damage", "Structural damage", f::kPoints);
  return s;
}

const report::TableSpec& casualties_spec() {
  static const report::TableSpec s =
      scenario_spec("casualties", "Casualties", "one count of figure casualties at the band",
                    {f::kN, f::kPKnockdowns, f::kPWounds, f::kPKnockdownsAfter, f::kPWoundsAfter});
  return s;
}

const report::TableSpec& special_spec() {
  static const report::TableSpec s = scenario_spec(
      "special-effects", "Special effects", "one special effect at the band", {f::kSpecialEffect, f::kP, f::kRule});
  return s;
}

const report::TableSpec& target_spec() {
  static const report::TableSpec s = scenario_spec(
      "target", "Target", "with --target-points: one loss of the target from one broadside", {f::kTargetEffect, f::kP});
  return s;
}

// With --target-points: the broadsides until each loss, and their distributions (for programs, and
// people with --distributions).
const report::TableSpec& broadsides_spec() {
  static const report::TableSpec s =
      scenario_spec("broadsides-to-target", "Broadsides to each loss",
                    "with --target-points: the broadsides until one loss of the undamaged target",
                    turns_fields(f::kTargetEffect));
  return s;
}

const report::DistributionSpec& broadsides_dist_spec() {
  static const report::DistributionSpec s =
      dist_spec("broadsides-distribution", "Broadsides until the loss", f::kFired, {f::kTargetEffect}, false);
  return s;
}

// For programs (and --table): the casualties one by one, an unchecked fire's damage per fires phase, and
// with --target-guns the cannon the target loses.
const report::DistributionSpec& casualty_dist_spec() {
  static const report::DistributionSpec s =
      dist_spec("casualty-distribution", "Casualties at the band", f::kN, {f::kCasualty}, false);
  return s;
}

const report::DistributionSpec& fire_damage_spec() {
  static const report::DistributionSpec s = dist_spec("fire-damage", "Fire damage per phase", f::kPoints, {}, false);
  return s;
}

const report::DistributionSpec& cannon_lost_spec() {
  static const report::DistributionSpec s = dist_spec("cannon-lost", "Cannon lost", f::kN, {}, false);
  return s;
}

const report::TableSpec& broadside_spec() {
  static const report::TableSpec s =
      scenario_spec("broadside", "Broadside", "the broadside's options and the figures its tables' notes give",
                    {f::kWeight,
                     f::kCannonCount,
                     f::kDiceModifiers,
                     f::kDiceModifier,
                     f::kModifiersOn,
                     f::kRerollMode,
                     f::kPlay,
                     f::kPlayMaximises,
                     f::kBroadsideRangeBand,
                     f::kEffectiveRangeBand,
                     f::kAmmo,
                     f::kAimHigh,
                     f::kBroadsideCover,
                     f::kStructuralMean,
                     f::kSaveClass,
                     f::kSaveMinRoll,
                     f::kSaveModifier,
                     f::kPCasualtySave,
                     f::kMeanKnockdowns,
                     f::kMeanWounds,
                     f::kMeanKnockdownsAfter,
                     f::kMeanWoundsAfter,
                     f::kMeanFireDamage,
                     f::kPGunEliminated,
                     f::kPGunEliminatedStrongCover,
                     f::kCrewSaveWounds,
                     f::kTargetPoints,
                     f::kTargetGuns,
                     f::kMeanCannonLost,
                     f::kCrew,
                     f::kFiresEveryTurns})
          .as_record("Figure", false)
          .only_for(Shown::programs);
  return s;
}

Cell optional_count(const std::optional<int>& n) {
  return report::cell::integer(n ? std::optional<long long>(*n) : std::nullopt);
}

// The knockdowns and wounds of a band's casualties, before and after saves.
struct CasualtyDists {
  dice::Dist knockdowns, wounds, knockdowns_after, wounds_after;
};
/// Before the saves a function of the hands (every throw of the groups' dice: the structural
/// damage's denominator); after them, one save die more for each casualty at most.
CasualtyDists casualty_dists(const fire::BroadsideRules& R, const fire::BandFigures& f) {
  const std::uint64_t hands_over = f.structural.denominator();
  int most = 0;
  for (size_t k = 0; k < f.before.size(); ++k)
    for (size_t w = 0; w < f.before[k].size(); ++w)
      if (f.before[k][w] > 0) most = std::max(most, static_cast<int>(k + w));
  const std::uint64_t saves_over = fraction::product(
      hands_over, fraction::power(static_cast<std::uint64_t>(std::max(R.save_die_sides, 1)), most));
  return {fire::knockdowns(f.before).exact_over(hands_over), fire::wounds(f.before).exact_over(hands_over),
          fire::knockdowns(f.after).exact_over(saves_over), fire::wounds(f.after).exact_over(saves_over)};
}

Table dice_table(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b) {
  Table dt(dice_spec());
  dt.title = "Dice (" + R.source_firing + ")";
  for (size_t i = 0; i < b.groups.size(); ++i) {
    const fire::BroadsideGroup& g = b.groups[i];
    dt.add_row({std::to_string(i + 1), b.by_cannon ? report::Cell(std::to_string(g.pool.cannon)) : report::cell::none(),
                std::to_string(g.pool.dice), std::to_string(g.pool.rerolls),
                report::cell::trimmed(g.odds.objective_value, 4)});
  }
  if (b.by_cannon)
    dt.notes.push_back(std::to_string(*p.cannon) + " " + *p.weight + " cannon" +
                       (b.modifier ? ", dice modifier " + signed_str(b.modifier) + " on the " +
                                         (b.on_dice ? "dice" : "dice + re-rolls")
                                   : ""));
  dt.notes.push_back(
      std::string("re-rolls: ") +
      (b.play.mode == fire::RerollMode::once ? "one re-throw of up to n dice" : "n successive re-throws") +
      ", played to maximise " + b.maximises);
  if (b.fires_every_turns)
    dt.notes.push_back(
        "crew of " + std::to_string(*p.crew) + ": fires every " +
        (*b.fires_every_turns == 1 ? std::string("turn") : std::to_string(*b.fires_every_turns) + " turns"));
  return dt;
}

// One group's hands, best first, then none.
void hands_of_group(const fire::BroadsideRules& R, const Broadside& b, size_t gi, Scenario& s) {
  const fire::BroadsideGroup& g = b.groups[gi];
  Table ht(hands_spec());
  ht.set_context(f::kGroup, std::to_string(gi + 1));
  ht.title = "Hands, group " + std::to_string(gi + 1) + " (" + std::to_string(g.pool.dice) + " dice" +
             (g.pool.rerolls ? " + " + std::to_string(g.pool.rerolls) : "") + ")";
  // P(at least a hand) summed from the best, P(at most) from no hand up.
  const std::uint64_t over = g.odds.denominator;
  double at_least = 0;
  std::vector<double> cum(R.hands.size(), 0.0), below(R.hands.size(), 0.0);
  for (size_t i = R.hands.size(); i-- > 0;) {
    at_least += g.odds.p[i];
    cum[i] = at_least;
  }
  double at_most = g.odds.p_none;
  for (size_t i = 0; i < R.hands.size(); ++i) below[i] = at_most += g.odds.p[i];
  for (size_t i = R.hands.size(); i-- > 0;)
    ht.add_row({R.hands[i].name, suite_spelling(R.hands[i].key), pct_cell(g.odds.p[i], over), pct_cell(cum[i], over),
                pct_cell(std::min(1.0, below[i]), over)});
  ht.add_row({"no hand", "none", pct_cell(g.odds.p_none, over), pct_cell(1.0, over), pct_cell(g.odds.p_none, over)});
  s.tables.push_back(std::move(ht));
}

Table by_band_table(const fire::BroadsideRules& R, const Broadside& b) {
  Table bt(by_band_spec());
  bt.title = "Expected structural damage by range band (" + R.source_results + ")";
  const auto& bands = fire::broadside_band_names();
  for (size_t i = 0; i < bands.size(); ++i)
    bt.add_row({report::Cell(fire::band_name(bands[i]), suite_spelling(bands[i])),
                report::cell::trimmed(b.structural_by_band[i], 4)});
  bt.notes.push_back("roundshot, not raking, not aiming high; point blank adds the long and short columns");
  return bt;
}

Table casualties_table(const fire::BroadsideRules& R, const BroadsideParams& p, const fire::BandFigures& f) {
  const auto [kb, wb, ka, wa] = casualty_dists(R, f);
  Table ct(casualties_spec());
  ct.title = "Casualties (" + fire::band_name(f.effective) + " column" + (p.formed_up ? ", formed-up party" : "") + ")";
  const int top = std::max({kb.max(), wb.max(), ka.max(), wa.max()});
  for (int n = 0; n <= top; ++n)
    if (kb.p(n) > 0 || wb.p(n) > 0 || ka.p(n) > 0 || wa.p(n) > 0)
      ct.add_row({std::to_string(n), pct_cell(kb.p(n), kb.denominator()), pct_cell(wb.p(n), wb.denominator()),
                  pct_cell(ka.p(n), ka.denominator()), pct_cell(wa.p(n), wa.denominator())});
  ct.notes.push_back("saves: " + f.save_class + " " + std::to_string(f.save_min_roll) + "+ on a d" +
                     std::to_string(R.save_die_sides) +
                     (f.save_modifier ? " with " + signed_str(f.save_modifier) : "") + ", P(save) " + pct(f.p_save) +
                     "; a saved knockdown becomes a wound, a saved wound is nothing");
  ct.notes.push_back("means before saves: " + trim(kb.mean(), 4) + " knockdowns, " + trim(wb.mean(), 4) +
                     " wounds; after: " + trim(ka.mean(), 4) + " knockdowns, " + trim(wa.mean(), 4) + " wounds");
  return ct;
}

Table special_table(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b) {
  const fire::BandFigures& f = *b.at_band;
  const fire::Ammunition& am = *b.ammunition;
  Table sp(special_spec());
  // The groups' hands: every throw of their dice (the structural damage's denominator).
  const std::uint64_t hands_over = f.structural.denominator();
  if (f.gates) {
    sp.add_row({Cell("door breached", "door-breached"), pct_cell(f.p_door, hands_over), "at least a pair"});
    sp.add_row({Cell("gate breached", "gate-breached"), pct_cell(f.p_gate, hands_over), "at least two pair"});
  }
  if (p.aim_high) {
    sp.add_row({Cell("mast or rigging badly damaged", "mast-or-rigging-badly-damaged"), pct_cell(f.p_mast),
                "a 1 on any of 1d6 per " + std::to_string(R.aim_damage_per_die) + " points or part"});
    sp.add_row({Cell("dismasted", "dismasted"), pct_cell(f.p_dismasted, hands_over), "a " + R.aim_dismasted_hand});
  }
  // Damage caused (the hands), then a double on the trigger's dice.
  const std::uint64_t fire_over =
      fraction::product(hands_over, fraction::power(fire::kFaces, std::max(R.fire_trigger_dice, 0)));
  sp.add_row({Cell("fire breaks out", "fire-breaks-out"), pct_cell(f.p_fire, fire_over),
              am.starts_fires ? "damage caused, then a double on " + std::to_string(R.fire_trigger_dice) + "d6"
                              : am.name + " starts no fires"});
  sp.notes.push_back("an unchecked fire does d" + std::to_string(R.fire_damage_die_sides) + "/" +
                     std::to_string(R.fire_damage_divisor) + " (rounded up) points per fires phase, mean " +
                     trim(f.fire_damage.mean(), 3));
  return sp;
}

// The target's losses, in [cannon_loss]'s order: in words, and as the target_effect key.
const std::array<std::pair<const char*, const char*>, fire::TargetLoss::kLosses> kLosses{
    {{"half its points lost", "half-lost"}, {"three quarters lost", "three-quarters-lost"}, {"sunk or collapsed", "destroyed"}}};

/// `over`: the denominator of the broadside's structural damage (every throw of its hands), of
/// which each loss is a function.
Table target_table(const fire::TargetLoss& t, std::uint64_t over) {
  Table tt(target_spec());
  tt.title = "Target of " + std::to_string(t.points) + " points (one broadside, undamaged)";
  for (size_t i = 0; i < kLosses.size(); ++i)
    tt.add_row({Cell(kLosses.at(i).first, kLosses.at(i).second), pct_cell(t.p.at(i), over)});
  if (t.guns)
    tt.notes.push_back("cannon lost of " + std::to_string(*t.guns) + ": mean " + trim(t.cannon_lost.mean(), 3));
  if (!t.broadsides.front())
    tt.notes.push_back("the broadsides to each loss are computed for targets of up to " +
                       fmtnum::grouped(dice::kTurnsMaxTarget) + " points");
  return tt;
}

Table broadsides_table(const fire::TargetLoss& t) {
  Table bt(broadsides_spec());
  bt.title = "Broadsides to each loss of a target of " + fmtnum::grouped(t.points) + " points";
  std::vector<const dice::TurnsToReach*> rows;
  for (size_t i = 0; i < kLosses.size(); ++i) {
    const dice::TurnsToReach& r = *t.broadsides.at(i);
    bt.add_row(turns_cells(Cell(kLosses.at(i).first, kLosses.at(i).second), r));
    rows.push_back(&r);
  }
  bt.notes.push_back("the same broadside each time (its structural damage above), the target's own points only: "
                     "fires and the cannon it loses do not change it");
  bt.notes.push_back(turns_note(rows));
  return bt;
}

void broadsides_distributions(const fire::TargetLoss& t, std::vector<Table>& out) {
  for (size_t i = 0; i < kLosses.size(); ++i)
    if (t.broadsides.at(i) && t.broadsides.at(i)->distribution_made)
      report::distribution_tables(broadsides_dist_spec(), turns_distribution(*t.broadsides.at(i)),
                                  "Broadsides to each loss: " + std::string(kLosses.at(i).first) + " (" +
                                      fmtnum::grouped(t.needed.at(i)) + " of " + fmtnum::grouped(t.points) +
                                      " points)")
          .set_context(f::kTargetEffect, kLosses.at(i).second)
          .add_to(out);
}

// The hands of every group, best first: one series per group.
report::Chart hands_chart(const fire::BroadsideRules& R, const Broadside& b) {
  auto dice_of = [](const fire::BroadsideGroup& g) {
    return std::to_string(g.pool.dice) + " dice" + (g.pool.rerolls ? " + " + std::to_string(g.pool.rerolls) : "");
  };
  report::Chart c;
  c.title = b.groups.size() == 1 ? "Hands (" + dice_of(b.groups.front()) + ")" : "Hands, by group of cannon";
  c.label_axis = "Hand";
  for (size_t i = R.hands.size(); i-- > 0;) c.labels.push_back(R.hands[i].name);
  c.labels.emplace_back("No hand");
  for (size_t gi = 0; gi < b.groups.size(); ++gi) {
    const fire::BroadsideGroup& g = b.groups[gi];
    std::vector<std::optional<double>> v;
    for (size_t i = R.hands.size(); i-- > 0;) v.emplace_back(g.odds.p[i]);
    v.emplace_back(g.odds.p_none);
    c.add_series(b.groups.size() == 1 ? "" : "Group " + std::to_string(gi + 1) + " (" + dice_of(g) + ")", std::move(v));
  }
  return c;
}

// The tables and charts at the range band.
void band_tables(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b, Scenario& s) {
  const fire::BandFigures& f = *b.at_band;
  const std::string column = fire::band_name(f.effective) + " column";
  const std::string title = "Structural damage (" + column +
                            (p.ammo.value_or("round") != "round" ? ", " + b.ammunition->name : "") +
                            (p.aim_high ? ", aiming high" : "") + ")";
  dist_tables(structural_spec(), f.structural, title).add_to(s.tables);
  s.charts.push_back(dist_chart(title, "Points", {{"", &f.structural}}));
  s.tables.push_back(casualties_table(R, p, f));
  const auto [kb, wb, ka, wa] = casualty_dists(R, f);
  const std::string party = p.formed_up ? ", formed-up party" : "";
  s.charts.push_back(
      dist_chart("Knockdowns (" + column + party + ")", "Knockdowns", {{"Before saves", &kb}, {"After saves", &ka}}));
  s.charts.push_back(
      dist_chart("Wounds (" + column + party + ")", "Wounds", {{"Before saves", &wb}, {"After saves", &wa}}));
  s.tables.push_back(special_table(R, p, b));
  if (b.target) {
    s.tables.push_back(target_table(*b.target, b.at_band->structural.denominator()));
    if (b.target->broadsides.front()) s.tables.push_back(broadsides_table(*b.target));
    if (b.target->guns)
      s.charts.push_back(dist_chart("Target of " + std::to_string(b.target->points) + " points: cannon lost of " +
                                        std::to_string(*b.target->guns),
                                    "Cannon lost", {{"", &b.target->cannon_lost}}));
  }
}

// The dice and the play, for programs.
void add_dice_figures(Table& t, const BroadsideParams& p, const Broadside& b) {
  t.add_figure(f::kWeight, p.weight.value_or(""));
  t.add_figure(f::kCannonCount, optional_count(p.cannon));
  std::string mods;
  for (const auto& m : b.modifier_names) mods += (mods.empty() ? "" : ", ") + m;
  t.add_figure(f::kDiceModifiers, mods);
  t.add_figure(f::kDiceModifier, std::to_string(b.modifier));
  t.add_figure(f::kModifiersOn, b.on_dice ? "dice" : "pool");
  t.add_figure(f::kRerollMode, b.play.mode == fire::RerollMode::once ? "once" : "rounds");
  t.add_figure(f::kPlay, b.goal);
  t.add_figure(f::kPlayMaximises, b.maximises);
  t.add_figure(f::kBroadsideRangeBand, b.band ? suite_spelling(*b.band) : "");
  t.add_figure(f::kEffectiveRangeBand, b.at_band ? suite_spelling(b.at_band->effective) : "");
  t.add_figure(f::kAmmo, p.ammo.value_or("round"));
  t.add_figure(f::kAimHigh, report::cell::boolean(p.aim_high));
  t.add_figure(f::kBroadsideCover, p.cover.value_or("none"));
}

// The figures at the band the tables' notes give: the mean damage, the casualties' saves and means.
void add_band_figures(Table& t, const fire::BroadsideRules& R, const fire::BandFigures& bf) {
  const auto [kb, wb, ka, wa] = casualty_dists(R, bf);
  t.add_figure(f::kStructuralMean, real(bf.structural.mean()));
  t.add_figure(f::kSaveClass, bf.save_class);
  t.add_figure(f::kSaveMinRoll, std::to_string(bf.save_min_roll));
  t.add_figure(f::kSaveModifier, std::to_string(bf.save_modifier));
  t.add_figure(f::kPCasualtySave, pct_cell(bf.p_save, static_cast<std::uint64_t>(std::max(R.save_die_sides, 1))));
  t.add_figure(f::kMeanKnockdowns, real(kb.mean()));
  t.add_figure(f::kMeanWounds, real(wb.mean()));
  t.add_figure(f::kMeanKnockdownsAfter, real(ka.mean()));
  t.add_figure(f::kMeanWoundsAfter, real(wa.mean()));
  t.add_figure(f::kMeanFireDamage, real(bf.fire_damage.mean()));
}

Table broadside_table(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b) {
  Table t(broadside_spec());
  add_dice_figures(t, p, b);
  if (b.at_band) add_band_figures(t, R, *b.at_band);
  t.add_figure(f::kPGunEliminated, pct_cell(b.p_gun_eliminated));
  t.add_figure(f::kPGunEliminatedStrongCover, pct_cell(b.p_gun_eliminated_strong_cover));
  t.add_figure(f::kCrewSaveWounds, std::to_string(R.fancy_crew_save_wounds));
  if (b.target) {
    t.add_figure(f::kTargetPoints, std::to_string(b.target->points));
    t.add_figure(f::kTargetGuns, optional_count(b.target->guns));
    t.add_figure(f::kMeanCannonLost, b.target->guns ? real(b.target->cannon_lost.mean()) : report::cell::none());
  }
  if (b.fires_every_turns) {
    t.add_figure(f::kCrew, optional_count(p.crew));
    t.add_figure(f::kFiresEveryTurns, std::to_string(*b.fires_every_turns));
  }
  return t;
}

// The tables only programs read: the broadside's figures and the distributions no table shows.
void program_tables(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b, Scenario& s) {
  s.tables.push_back(broadside_table(R, p, b));
  if (b.at_band) {
    const auto [kb, wb, ka, wa] = casualty_dists(R, *b.at_band);
    const std::string column = " (" + fire::band_name(b.at_band->effective) + " column)";
    for (const auto& [key, d] : {std::pair<const char*, const dice::Dist*>{"knockdowns", &kb},
                                 {"wounds", &wb},
                                 {"knockdowns-after-saves", &ka},
                                 {"wounds-after-saves", &wa}}) {
      std::string words = key;
      std::replace(words.begin(), words.end(), '-', ' ');
      words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
      dist_tables(casualty_dist_spec(), *d, words + column).set_context(f::kCasualty, key).add_to(s.tables);
    }
    dist_tables(fire_damage_spec(), b.at_band->fire_damage, "").add_to(s.tables);
  }
  if (b.target && b.target->guns) dist_tables(cannon_lost_spec(), b.target->cannon_lost, "").add_to(s.tables);
  if (b.target) broadsides_distributions(*b.target, s.tables);
}

}  // namespace

std::vector<const report::TableSpec*> broadside_specs() {
  std::vector<const report::TableSpec*> out{&dice_spec(), &hands_spec(), &by_band_spec()};
  for (const report::TableSpec* t : structural_spec().tables()) out.push_back(t);
  for (const report::TableSpec* t :
       {&casualties_spec(), &special_spec(), &target_spec(), &broadsides_spec(), &broadside_spec()})
    out.push_back(t);
  for (const report::DistributionSpec* d :
       {&fire_damage_spec(), &cannon_lost_spec(), &casualty_dist_spec(), &broadsides_dist_spec()})
    for (const report::TableSpec* t : d->tables()) out.push_back(t);
  return out;
}

void setup_broadside(CLI::App& sub, BroadsideParams& p) {
  sub.add_option("--cannon", p.cannon, "cannon of one type firing (groups of up to five)")->type_name("N");
  cli::choices(sub, sub.add_option("--weight", p.weight, "cannon type: light, medium or heavy"), fire::choices::kWeight,
               suite_spelling)
      ->type_name("TYPE");
  sub.add_option("--dice", p.dice, "throw this many dice instead (1-5)")->type_name("N");
  sub.add_option("--rerolls", p.rerolls, "with --dice: the \"+n\" re-rolls (default 0)")->type_name("N");
  cli::choices(sub, sub.add_option("--range-band", p.range_band, "range band: point-blank, short or long"),
               fire::choices::kBroadsideRangeBand, suite_spelling)
      ->type_name("BAND");
  sub.add_option("--range-in", p.range_in, "range in inches (the band from the cannon type's table)")->type_name("IN");
  sub.add_flag("--formation", p.formation, "the target is a unit in formation (+1 die)");
  sub.add_flag("--still", p.still, "the cannon is ashore, or aboard a ship at standstill or at anchor (+1 die)");
  sub.add_flag("--turned", p.turned, "the firing ship made a turn this move (-1 die)");
  cli::choices(sub,
               sub.add_option("--modifiers-on", p.modifiers_on,
                              "the dice modifiers act on dice + re-rolls (pool, default) or on the dice"),
               fire::choices::kModifiersOn, suite_spelling)
      ->type_name("WHAT");
  cli::choices(sub,
               sub.add_option("--reroll-mode", p.reroll_mode,
                              "once: one re-throw of up to n dice (default); rounds: n re-throws"),
               fire::choices::kRerollMode, suite_spelling)
      ->type_name("MODE");
  cli::choices(sub,
               sub.add_option(
                   "--play", p.play,
                   "what the re-rolls maximise: structural (default), casualties, rank, or a hand key "
                   "(pair, two-pair, three-of-a-kind, full-house, straight, four-of-a-kind, poker) for P(at least it)"),
               fire::choices::kPlay, suite_spelling)
      ->type_name("GOAL");
  sub.add_flag("--raking", p.raking, "raking fire: long reads short, short reads point blank");
  sub.add_flag("--formed-up", p.formed_up, "fire at short range into a formed-up party (casualties doubled)");
  cli::choices(sub, sub.add_option("--ammo", p.ammo, "round (default), chain or canister"), fire::choices::kAmmo,
               suite_spelling)
      ->type_name("AMMO");
  sub.add_flag("--aim-high", p.aim_high, "aiming high at masts and rigging");
  cli::choices(sub,
               sub.add_option("--halving", p.halving, "aiming high halves strength points: round down (default) or up"),
               fire::choices::kHalving, suite_spelling)
      ->type_name("HOW");
  cli::choices(
      sub, sub.add_option("--save-class", p.save_class, "casualties save as ordinary (default), officer or captain"),
      fire::choices::kSaveClass, suite_spelling)
      ->type_name("CLASS");
  cli::choices(sub, sub.add_option("--cover", p.cover, "the casualties' cover: none (default), good or strong"),
               fire::choices::kBroadsideCover, suite_spelling)
      ->type_name("COVER");
  sub.add_flag("--large-ship-from-small", p.large_ship_from_small,
               "aboard a large ship fired on from a small one (+1 save)");
  sub.add_option("--target-points", p.target_points, "the target's ship or strength points (loss thresholds)")
      ->type_name("N");
  sub.add_option("--target-guns", p.target_guns, "cannon aboard the target (cannon lost to the damage)")
      ->type_name("N");
  sub.add_option("--crew", p.crew, "figures manning each cannon (how often it fires)")->type_name("N");
}

namespace {

// The derivation, for --explain: the play of the re-rolls, the range band and the column read.
report::Steps broadside_steps(const fire::BroadsideRules& R, const BroadsideParams& p, const Broadside& b) {
  report::Steps out;
  // The re-roll play is the suite's search for the best play (no rule of the book).
  out.push_back(report::statement("the re-rolls maximise " + b.maximises));
  if (!b.at_band) return out;
  const std::string band = fire::band_name(*b.band);
  if (p.range_in) {
    const fire::CannonType* ct = R.cannon_type(*p.weight);
    const std::string ranges = std::to_string(ct->point_blank_max_in) + "/" + std::to_string(ct->short_max_in) + "/" +
                               std::to_string(ct->long_max_in) + "\"";
    out.push_back(report::step("range band",
                               trim(*p.range_in, 2) + "\" against the " + ct->name +
                                   " cannon's ranges (point blank, short, long) " + ranges,
                               band, R.source_ranges, report::Yields::rounded)
                      .in("range", trim(*p.range_in, 2) + " in")
                      .in("ranges", ranges));
  } else {
    out.push_back(report::step("range band", "given", band, "").in("range band", *p.range_band));
  }
  if (p.raking)
    out.push_back(report::step("band read", "raking fire reads the " + band + " range one band closer",
                               fire::band_name(b.at_band->effective), R.source_bands, report::Yields::rounded)
                      .in("range band", band));
  return out;
}

}  // namespace

Expected<Scenario> run_broadside(const data::Tables& tables, const BroadsideParams& p, bool explain) {
  auto rules_or = fire::load_broadside(tables);
  if (!rules_or) return rules_or.error();
  const fire::BroadsideRules& R = **rules_or;
  auto odds = fire::broadside_odds(R, p);
  if (!odds) return odds.error();
  const Broadside& b = *odds;
  Scenario s;
  if (explain) s.explain = broadside_steps(R, p, b);
  s.tables.push_back(dice_table(R, p, b));
  for (size_t gi = 0; gi < b.groups.size(); ++gi) hands_of_group(R, b, gi, s);
  s.charts.push_back(hands_chart(R, b));
  s.tables.push_back(by_band_table(R, b));
  if (b.at_band) band_tables(R, p, b, s);
  program_tables(R, p, b, s);
  return s;
}

}  // namespace gunpowder::fire_app
