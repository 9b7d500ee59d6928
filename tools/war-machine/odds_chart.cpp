// odds_chart.cpp - war-machine battle --odds-chart: one chart of the outcome odds of every battle of
// the file (each side's outright win and the tie, before the tie policy, over the 10,000 pairs of
// d100 rolls: War Machine, Combat results), by the difference of the BRs in combat, the battles in
// its order (lowest first; equal differences in the order fought); in place of the two charts a
// battle otherwise draws. A file of battles at several BR differences charts the odds
// by BR difference (examples/war-machine-odds.toml, the reference book's page).
#include <algorithm>
#include <numeric>

#include "war-machine/commands.hpp"

namespace gunpowder::war_app {

report::Chart odds_chart(const BattlePlan& p) {
  report::Chart c;
  c.title = "Outcome odds of each battle, by the difference of the BRs in combat (exact, before the tie policy)";
  c.label_axis = "Battle (first force's BR in combat less the second's)";
  const auto diff_of = [&p](size_t b) { return p.engagements[b].odds.final_br[0] - p.engagements[b].odds.final_br[1]; };
  std::vector<size_t> order(p.engagements.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return diff_of(a) < diff_of(b); });
  std::vector<std::optional<double>> first, second, tie;
  for (const size_t b : order) {
    const auto& e = p.engagements[b];
    const auto names = names_of(p, e);
    const int diff = diff_of(b);
    c.labels.push_back(names[0] + " v. " + names[1] + " (" + (diff > 0 ? "+" : "") + std::to_string(diff) + ")");
    if (!e.odds.combat) {  // the tactics table says "no combat": no odds to draw
      first.emplace_back();
      second.emplace_back();
      tie.emplace_back();
      continue;
    }
    first.emplace_back(e.odds.p_win[0]);
    second.emplace_back(e.odds.p_win[1]);
    tie.emplace_back(e.odds.p_tie);
  }
  c.add_series("First force wins", std::move(first))
      .add_series("Second force wins", std::move(second))
      .add_series("Tie", std::move(tie));
  return c;
}

}  // namespace gunpowder::war_app
