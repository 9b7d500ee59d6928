// siege_machine_dice.hpp - where the Siege Machine's dice come from, and a siege that can be
// stepped week by week and saved as bytes: the seeded sieges (siege_machine.cpp) roll the
// generator; the exact chain (siege_machine_exact.cpp) enumerates every outcome of each throw.
// Internal to the siege library.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gunpowder/core/rng.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::siege::detail {

/// The week's damage roll d of the attacker's devices (Application, l. 345): each device's dice
/// (max(0, bonus + n d sides) x its crew's factor) and a constant (the gunpowder park's), the sum
/// rounded up.
struct DamageTerm {
  int n = 0, sides = 0, bonus = 0;
  double factor = 1;
};
struct DamageThrow {
  double constant = 0;
  std::vector<DamageTerm> terms;
};

/// The Siege Machine's throws. Each says what the siege reads of it, so that the exact chain can
/// enumerate the outcomes that play differently and no others.
class SmDice {
 public:
  virtual ~SmDice() = default;
  /// The sum of n dice of `sides` faces (the bombardment's casualty dice, a device's damage).
  virtual int roll(int n, int sides) = 0;
  /// The week's d (the devices' damage) and, when d > 0, the damage roll 1d`sides` taken from it:
  /// only max(0, d - roll) is read (and d, roll in a logged week).
  virtual std::pair<double, int> damage(const DamageThrow& t, int sides) = 0;
  /// A roll whose value nothing reads (the delay before a departure is noticed, only printed;
  /// casualty dice multiplied by no artillery): the seeded dice roll it all the same.
  virtual int unread_roll(int n, int sides) = 0;
  /// A battle's two d100 (side 0's first): the battle reads only their difference r0 - r1, and
  /// `kind(difference)` says which differences play alike (equal kinds), -1 for a tie that is
  /// rolled again; battles of equal `key` have equal kinds.
  virtual std::array<int, 2> d100_pair(const std::function<int(int)>& kind, std::int64_t key) = 0;
  /// Whether the dice enumerate outcomes (and read d100_pair's kinds and key).
  [[nodiscard]] virtual bool enumerates() const { return false; }
  /// Whether the week leaves the artillery's casualty dice unthrown, to the caller (the exact
  /// chain applies their outcomes to the state the rest of the week leaves: SmStepper::pending).
  [[nodiscard]] virtual bool defers_casualties() const { return false; }
};

/// Seeded dice: the generator's throws in the order the seeded sieges have always drawn them.
class SmRngDice final : public SmDice {
 public:
  explicit SmRngDice(Rng& rng) : rng_(rng) {}
  int roll(int n, int sides) override { return rng_.roll(n, sides); }
  std::pair<double, int> damage(const DamageThrow& t, int sides) override {
    double d = t.constant;
    for (const auto& x : t.terms) d += std::max(0, x.bonus + (x.n > 0 && x.sides > 0 ? rng_.roll(x.n, x.sides) : 0)) * x.factor;
    // A quarter-crewed device or the bombardment's shp a day x 7 can leave a fraction of a point:
    // d is a whole number, rounded up (decision 50).
    d = rounding::fraction_up(d);
    return {d, d > 0 ? rng_.roll(sides) : 0};
  }
  int unread_roll(int n, int sides) override { return rng_.roll(n, sides); }
  std::array<int, 2> d100_pair(const std::function<int(int)>&, std::int64_t) override {
    const int a = rng_.roll(100);
    return {a, rng_.roll(100)};
  }

 private:
  Rng& rng_;
};

/// One outcome of a week's artillery casualty dice: the troops each side loses by it (attacker,
/// defender) before they are clamped at the troops left, and its probability.
struct SmCasualty {
  std::array<std::int64_t, 2> lost{};
  double p = 0;
};
/// The casualty dice a week left unthrown (SmDice::defers_casualties): their outcomes, which of
/// the week's kinds of casualty dice they are (`id`, equal ids equal outcomes), whether the
/// battle drove the defenders out, and whether the week bombarded (which says how a garrison
/// destroyed falls).
struct SmPending {
  const std::vector<SmCasualty>* outcomes = nullptr;
  int id = 0;
  bool captured = false;
  bool bombard = false;
};

/// A siege between weeks: everything that changes (troops, food, morale, ammunition, money,
/// fatigue, structure, stone buildings destroyed; the costs so far where money is counted) as bytes, equal states equal
/// bytes; what follows from the week alone (the equipment built so far) is rebuilt on load.
class SmStepper {
 public:
  virtual ~SmStepper() = default;
  virtual void save(std::string& out) const = 0;
  /// A state saved at the start of `week`.
  virtual void load(const std::string& in, int week) = 0;
  /// Plays week `week`: the end of the siege, or nullopt when it goes on.
  virtual Expected<std::optional<SmEnd>> play(int week) = 0;
  /// The result of a siege that ended (or held out) in `week`: its costs are those of the state
  /// loaded (costs_kept) or nothing, and the last week's.
  virtual SmResult result(SmEnd end, int week) = 0;
  /// What each side spent in the week just played (attacker, defender).
  [[nodiscard]] virtual std::array<double, 2> week_cost() const = 0;
  /// Whether the costs so far are part of the state: only where they decide the play (money on
  /// hand is counted); elsewhere the chain carries their moments beside each state's probability.
  [[nodiscard]] virtual bool costs_kept() const = 0;
  /// After play: the casualty dice the week left unthrown (dice that defer them), or none (the
  /// week threw them, or ended before them). The state is then the week's with the battle's
  /// casualties only, and it goes on or ends as the casualties decide: a garrison with no troops
  /// left or driven out falls, an attacker with none departs.
  [[nodiscard]] virtual std::optional<SmPending> pending() const = 0;
  /// Both sides' troops (attacker, defender), and setting them (the exact chain applies the
  /// casualty dice a week left unthrown).
  [[nodiscard]] virtual std::array<std::int64_t, 2> troops() const = 0;
  virtual void set_troops(std::int64_t attacker, std::int64_t defender) = 0;
};

/// A siege at its start (the construction plan made; errors as run_siege_machine's).
Expected<std::unique_ptr<SmStepper>> siege_stepper(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s,
                                                   SmDice& dice);

}  // namespace gunpowder::siege::detail
