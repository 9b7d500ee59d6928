// figure_ranges.cpp - every figure a report holds checked against its kind before it is written
// (issue 24, item 1): finite, within 10^15 (a whole number: 2^64, a seed), within its kind's
// bounds (model.hpp's kind_range, which the schemas' minimum and maximum come from too), and no
// whole number at the limit of a 32-bit integer (what an overflowing conversion leaves). Table figures that break it come from rules
// files that change the book's figures; a tool refuses to write them (exit 65), naming the files.
#include <charconv>
#include <climits>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::report {

namespace {

constexpr double kMaxMagnitude = 1e15;
constexpr double kMaxWhole = 18446744073709551615.0;  // a whole number may be a 64-bit seed
constexpr double kTolerance = 1e-9;  // a probability summed from parts may pass 1 by rounding

// Why the raw value `raw` of a figure of kind `k` is out of its range; empty when it is not.
std::string why(Kind k, const std::string& raw) {
  double v = 0;
  const char* end = raw.data() + raw.size();
  const auto r = std::from_chars(raw.data(), end, v);
  if (r.ec != std::errc() || r.ptr != end || !std::isfinite(v)) return "is not a finite number";
  const KindRange range = kind_range(k);
  if (std::fabs(v) > (range.whole ? kMaxWhole : kMaxMagnitude))
    return range.whole ? "is beyond 2^64 in size" : "is beyond 10^15 in size";
  const bool whole = v == std::floor(v);
  if (whole && (v == static_cast<double>(INT_MIN) || v == static_cast<double>(INT_MAX)))
    return "is the limit of a 32-bit integer (a figure that overflowed)";
  const std::string kind = std::string(kind_name(k) == "amount" ? "an " : "a ") + std::string(kind_name(k));
  if (range.min && v < *range.min - kTolerance)
    return "is below " + fmtnum::shortest(*range.min) + ", the least " + kind + " can be";
  if (range.max && v > *range.max + kTolerance)
    return "is above " + fmtnum::shortest(*range.max) + ", the most " + kind + " can be";
  return {};
}

std::string where(const Table& t, std::string_view header, const Cell& c, const std::string& problem) {
  const std::string title = t.title.empty() ? table_name(t) : t.title;
  // A figure of a hundred digits is named by its first few.
  std::string shown = c.text;
  double v = 0;
  const std::string& raw = c.data();
  if (shown.size() > 24 && std::from_chars(raw.data(), raw.data() + raw.size(), v).ec == std::errc())
    shown = fmtnum::shortest(v, 6);
  return "the figure '" + std::string(header) + "' of '" + title + "' (" + shown + ") " + problem;
}

}  // namespace

std::optional<std::string> figure_out_of_range(const Report& r) {
  for (const Table& t : r.tables) {
    for (const Figure& f : t.figures) {
      if (!f.field || !kind_range(f.field->kind).numeric || f.value.data().empty()) continue;
      if (auto w = why(f.field->kind, f.value.data()); !w.empty())
        return where(t, f.label.empty() ? f.field->header : std::string_view(f.label), f.value, w);
    }
    for (const auto& row : t.rows)
      for (size_t i = 0; i < t.columns.size() && i < row.size(); ++i) {
        const Column& c = t.columns[i];
        if (!c.field || !kind_range(c.field->kind).numeric || row[i].data().empty()) continue;
        if (auto w = why(c.field->kind, row[i].data()); !w.empty()) return where(t, c.header, row[i], w);
      }
  }
  return std::nullopt;
}

}  // namespace gunpowder::report
