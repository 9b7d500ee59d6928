// turns.hpp - turns to a result: how many turns (shots, broadsides, volleys) a repeated attack
// needs before the total of what it deals reaches a target (a structure's shp, a ship's points),
// computed exactly.
//
// Each turn deals an independent amount X >= 0 with the same distribution. T is the first turn
// after which X1 + ... + XT >= target. Its mean and standard deviation come from a backward
// recursion over the total dealt so far (target states); its distribution from the number N of
// turns that deal anything (a forward convolution over the totals below the target) mixed with
// the turns that deal nothing (negative binomial: C(k-1, n-1) q^n p0^(k-n)). Both are exact up to
// the doubles' rounding; the distribution is listed until P(not done yet) < kTurnsTail.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "gunpowder/core/dice.hpp"

namespace gunpowder::dice {

/// The distribution of turns is listed until P(not reached yet) falls below this.
inline constexpr double kTurnsTail = 1e-9;
/// The work (additions) allowed for the distribution of turns; past it, the mean and standard
/// deviation stand alone (TurnsToReach::distribution_made is false). About a second on one core.
inline constexpr std::uint64_t kTurnsWorkBound = 400'000'000;
/// The largest target the recursion takes (states below the target are kept in memory).
inline constexpr long long kTurnsMaxTarget = 1'000'000;

struct TurnsToReach {
  long long target = 0;
  /// No turn deals anything (P(X > 0) = 0): the target is never reached; nothing else is set.
  bool never = false;
  double mean = 0;  ///< E[T], exact
  double sd = 0;    ///< the standard deviation of T, exact
  /// The turn by which the target is certainly reached (every turn deals at least its smallest
  /// amount above 0, and no turn deals 0), or none when a run of turns that deal nothing can go on.
  std::optional<long long> certain_by;
  /// The distribution was made within kTurnsWorkBound (else `p` is empty).
  bool distribution_made = false;
  /// P(T = first + i), i = 0 .. p.size() - 1; the turns after the last listed hold `tail`.
  long long first = 1;
  std::vector<double> p;
  double tail = 0;  ///< P(T > the last turn listed): below kTurnsTail
  std::uint64_t work = 0;  ///< the additions the distribution took (or would have passed the bound at)
  /// The last turn listed: after it P(reached by turn k) is within kTurnsTail of 1 (the point of no
  /// further change, at that precision), or certain_by when the target is certainly reached.
  [[nodiscard]] long long last() const { return first + static_cast<long long>(p.size()) - 1; }
  /// P(T <= k).
  [[nodiscard]] double done_by(long long k) const;
};

/// Turns until the total of `per_turn` (min() >= 0; its probabilities are normalised by their
/// total) reaches `target` (1 .. kTurnsMaxTarget). `work_bound` bounds the distribution's work.
TurnsToReach turns_to_reach(const Dist& per_turn, long long target, std::uint64_t work_bound = kTurnsWorkBound);

}  // namespace gunpowder::dice
