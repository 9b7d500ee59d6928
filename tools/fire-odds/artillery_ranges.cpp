// artillery_ranges.cpp - fire-odds artillery --range-step-yd: a chart of how the attack throw ends
// (Guns of War, Attacking with Gunpowder Artillery, p. 16) at every STEP yards out to the piece's long
// range, each shot the request's but for its range (and the band read from it), by fire::artillery_shot.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "fire-odds/fire_app.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/fire/fire_artillery.hpp"

namespace gunpowder::fire_app {

namespace {
// More ranges than a chart can show: the step is refused (a usage error on the flag).
constexpr int kMaxRanges = 100;
}  // namespace

Expected<report::Chart> artillery_range_chart(const data::Tables& tables, const ArtilleryParams& p, double step_yd) {
  if (!(step_yd > 0) || !std::isfinite(step_yd))
    return Expected<report::Chart>::field_failure("range_step_yd", "must be a positive number of yards");
  auto rules_or = fire::load_artillery_rules(tables);
  if (!rules_or) return rules_or.error();
  const fire::ArtilleryRules& R = **rules_or;
  // The piece and its long range: the request's own shot.
  auto first = fire::artillery_shot(R, p);
  if (!first) return first.error();
  const double long_yd = first->design.effective.range_long_yd;
  if (long_yd / step_yd > kMaxRanges)
    return Expected<report::Chart>::field_failure(
        "range_step_yd", "gives more than " + std::to_string(kMaxRanges) + " ranges out to the long range of " +
                             fmtnum::trim(long_yd, 2) + " yd: take a longer step");
  report::Chart c;
  c.title = "Results of the attack throw by range: " + first->design.name + " (every " + fmtnum::trim(step_yd, 2) +
            " yd out to its long range, " + fmtnum::trim(long_yd, 2) + " yd)";
  c.label_axis = "Range (band)";
  std::vector<std::optional<double>> direct, close, scatter, misfire;
  std::vector<double> barred;  // the ranges it may not fire at
  for (int k = 1; k * step_yd <= long_yd * (1 + 1e-12); ++k) {
    ArtilleryParams at = p;
    at.range_yd = k * step_yd;
    auto shot = fire::artillery_shot(R, at);
    if (!shot) {
      // Only the range differs from the request's own shot: a range the piece may not fire at (a
      // mortar at short range, a cannon's direct fire at long range) is charted as such.
      c.labels.push_back(fmtnum::trim(k * step_yd, 2) + " yd (may not fire)");
      for (auto* series : {&direct, &close, &scatter, &misfire}) series->emplace_back(std::nullopt);
      barred.push_back(k * step_yd);
      continue;
    }
    c.labels.push_back(fmtnum::trim(shot->range_yd, 2) + " yd (" + artillery::to_string(shot->bracket) + ")");
    direct.emplace_back(shot->odds.p_direct_hit);
    close.emplace_back(shot->odds.p_close_hit);
    scatter.emplace_back(shot->odds.p_scatter);
    misfire.emplace_back(shot->odds.p_misfire);
  }
  // (A text chart leaves out the ranges with no values: the title names them.)
  if (!barred.empty()) {
    const bool run = std::abs(barred.back() - barred.front() - static_cast<double>(barred.size() - 1) * step_yd) <
                     1e-9 * barred.back();
    std::string at;
    if (barred.size() > 1 && run) {
      at = fmtnum::trim(barred.front(), 2) + " to " + fmtnum::trim(barred.back(), 2);
    } else {
      for (size_t i = 0; i < barred.size(); ++i) at += (i ? ", " : "") + fmtnum::trim(barred[i], 2);
    }
    c.title += "; it may not fire at " + at + " yd";
  }
  c.add_series("Direct hit", std::move(direct))
      .add_series("Close hit", std::move(close))
      .add_series("Scatter", std::move(scatter))
      .add_series("Misfire", std::move(misfire));
  return c;
}

}  // namespace gunpowder::fire_app
