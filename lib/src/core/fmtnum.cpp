// fmtnum.cpp - number formatting without locales or iostreams.
#include "gunpowder/core/fmtnum.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace gunpowder::fmtnum {

namespace {
// 2^53: every whole number below it in size is a double exactly.
constexpr double kExactIntegerLimit = 9007199254740992.0;
}  // namespace

std::string fixed(double x, int decimals) {
  if (!std::isfinite(x)) return "n/a";
  char buf[128];
  auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed, decimals);
  // A value too large for fixed notation in the buffer (about 1e120 and more) is written in
  // scientific notation, shortest form, instead of whatever the buffer held.
  if (r.ec != std::errc{}) r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  if (r.ec != std::errc{}) return "n/a";  // cannot happen: a double's shortest form fits in 128 bytes
  std::string s(buf, r.ptr);
  // Fold a negative zero ("-0.00") into "0.00".
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

std::string trim(double x, int max_decimals) {
  std::string s = fixed(x, max_decimals);
  if (s.find('.') != std::string::npos && s.find('e') == std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

std::string shortest(double x, int significant) {
  if (!std::isfinite(x)) return "n/a";
  if (x == 0) return "0";  // also folds -0
  char buf[64];
  // Rounded first (general notation keeps `significant` digits whatever the magnitude)...
  auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general, significant);
  double rounded = x;
  std::from_chars(buf, r.ptr, rounded);
  // A whole number that a double holds exactly (below 2^53 in size) is written as a plain integer,
  // never in exponent notation ("1000000", not "1e+06"): strict integer readers of csv and JSON
  // refuse an exponent.
  if (std::fabs(rounded) < kExactIntegerLimit && rounded == std::floor(rounded)) {
    r = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(rounded));
    return {buf, r.ptr};
  }
  // ...else the shortest text that reads back to the rounded double, which drops the rounding's
  // trailing zeros and picks plain or exponent notation by length.
  r = std::to_chars(buf, buf + sizeof buf, rounded);
  return {buf, r.ptr};
}

std::string grouped(long long n) {
  // The magnitude as unsigned, so that the most negative value has one too.
  const unsigned long long magnitude = n < 0 ? 0ULL - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  std::string digits = std::to_string(magnitude);
  std::string out;
  int count = 0;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    if (count && count % 3 == 0) out.insert(out.begin(), ',');
    out.insert(out.begin(), *it);
    ++count;
  }
  return n < 0 ? "-" + out : out;
}

std::string percent(double p, int decimals) { return fixed(p * 100.0, decimals) + "%"; }

}  // namespace gunpowder::fmtnum
