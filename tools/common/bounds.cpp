// bounds.cpp - the check of a number flag on its text as typed (bounds.hpp).
#include "common/bounds.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <string_view>
#include <system_error>

#include "gunpowder/core/escape.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::cli {

std::string bounds_error(const Bounds& b, const std::string& text) {
  if (text.empty()) return kEmptyValue;
  const std::string unit = *b.unit ? std::string(" ") + b.unit : std::string();
  // A whole bound as the books write numbers (10,000); any other exactly.
  const auto bound = [](double x) {
    return std::abs(x) < 1e15 && x == std::floor(x) ? fmtnum::grouped(static_cast<long long>(x)) : fmtnum::shortest(x, 17);
  };
  const std::string lo = bound(b.min), hi = bound(b.max);
  const std::string range = b.above_min ? (b.min == 0 ? std::string("positive") : "greater than " + lo) +
                                              " and at most " + hi + unit
                                        : "from " + lo + " to " + hi + unit;
  std::string want = std::string("must be ") + (b.whole ? "a whole number " : "") + range + ", got " +
                           escape::visible(text);
  // The whole text must be the number (from_chars takes no leading '+', space or "0x").
  std::string_view t(text);
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v)) return want;
  // A whole number is written as one (digits, a sign): "1e3" is 1000 but no INT flag reads it.
  if (b.whole && t.find_first_not_of("-0123456789") != std::string_view::npos) return want;
  if (b.above_min ? !(v > b.min) : !(v >= b.min)) return want;
  if (!(v <= b.max)) return want;
  return {};
}

CLI::Validator bounded(const Bounds& b) {
  return CLI::Validator([b](const std::string& s) { return bounds_error(b, s); }, b.describe);
}

}  // namespace gunpowder::cli
