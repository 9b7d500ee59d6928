// rounding.hpp - rounding helpers named after the rules they serve.
//
// The books round in several ways; every formula names the helper it uses so that a reader
// can check the rule against the text. All helpers round halves away from zero ("half up"
// for the positive figures the rules produce) unless their name says otherwise.
#pragma once

#include <climits>
#include <cmath>

namespace gunpowder::rounding {

/// `x` (already whole) as an int, without the undefined conversion of a value out of range: a
/// value beyond the int's range, or not a number, gives INT_MAX (above) or INT_MIN (below, NaN),
/// which report::figure_out_of_range refuses to write. Only house rules that lead a figure out of
/// range reach it.
inline int saturated_int(double x) {
  if (std::isnan(x) || x <= static_cast<double>(INT_MIN)) return INT_MIN;
  if (x >= static_cast<double>(INT_MAX)) return INT_MAX;
  return static_cast<int>(x);
}
/// The same for a 64-bit count (troops, rounds): beyond its range gives INT64_MAX or INT64_MIN.
inline long long saturated_int64(double x) {
  // 2^63 is exact as a double; LLONG_MAX is not (it rounds up to 2^63, out of range).
  constexpr double kLimit = 9223372036854775808.0;
  if (std::isnan(x) || x <= -kLimit) return LLONG_MIN;
  if (x >= kLimit) return LLONG_MAX;
  return static_cast<long long>(x);
}

/// Round half up to a whole number (2.5 -> 3): the common "round to the nearest" of the rules.
inline double half_up(double x) { return std::floor(x + 0.5); }
/// Nearest multiple of step, halves up.
inline double nearest(double x, double step) { return half_up(x / step) * step; }
/// Smallest multiple of step not below x (a tiny tolerance absorbs floating-point noise).
inline double up_to(double x, double step) { return std::ceil(x / step - 1e-9) * step; }
/// Largest multiple of step not above x.
inline double down_to(double x, double step) { return std::floor(x / step + 1e-9) * step; }
/// "Round every fraction up" (War Machine, rules-gaps §3).
inline double fraction_up(double x) { return std::ceil(x - 1e-9); }

/// Artillery short and medium ranges: "round to the nearest 20 yards" (seed 000, Determining
/// Gunpowder Artillery Characteristics, p. 14).
inline double nearest_20_yards(double yards) { return nearest(yards, 20); }
/// Artillery long range: "round to the nearest 100 yards" (same section).
inline double nearest_100_yards(double yards) { return nearest(yards, 100); }
/// Barrel calibre: the book's table prints quarter inches; the formula value, first written to
/// the hundredth of an inch, is taken up to the next quarter inch, which reproduces 13 of the 17
/// printed calibres (docs/rules-notes.md, "Artillery calibre rounding").
inline double caliber_quarter_inch(double inches) { return up_to(nearest(inches, 0.01), 0.25); }
/// Barrel length: the table prints whole inches.
inline double nearest_inch(double inches) { return half_up(inches); }
/// Base weight of a designed piece: the table prints round figures; nearest 50 lb.
inline double nearest_50_lb(double lb) { return nearest(lb, 50); }

}  // namespace gunpowder::rounding
