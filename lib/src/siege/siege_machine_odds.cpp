// siege_machine_odds.cpp - the Siege Machine's names (its plans and ends) and its odds over seeded
// sieges (siege i plays Rng::stream(seed, i)).
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/parallel.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/siege/siege_machine.hpp"

namespace gunpowder::siege {

std::string to_string(SmPlan p) {
  switch (p) {
    case SmPlan::bombard: return "bombard";
    case SmPlan::harass: return "harass";
    case SmPlan::assault: return "assault";
    case SmPlan::bombard_then_assault: return "bombard-then-assault";
  }
  return "?";
}

std::optional<SmPlan> parse_plan(std::string_view value) {
  for (auto p : kSmPlans)
    if (to_string(p) == value) return p;
  return std::nullopt;
}

std::string to_string(SmDefenderPlan p) {
  switch (p) {
    case SmDefenderPlan::stay: return "stay";
    case SmDefenderPlan::sally: return "sally";
    case SmDefenderPlan::depart: return "depart";
  }
  return "?";
}

std::string to_string(SmWhen w) { return w == SmWhen::starving ? "starving" : "breached"; }

bool falls(SmEnd e) {
  return e == SmEnd::captured_by_assault || e == SmEnd::captured_by_bombardment || e == SmEnd::starved ||
         e == SmEnd::abandoned;
}

std::string to_string(SmEnd e) {
  switch (e) {
    case SmEnd::captured_by_assault: return "captured-by-assault";
    case SmEnd::captured_by_bombardment: return "captured-by-bombardment";
    case SmEnd::starved: return "starved";
    case SmEnd::abandoned: return "abandoned";
    case SmEnd::departed: return "departed";
    case SmEnd::lifted: return "lifted";
    case SmEnd::holding_out: return "holding-out";
  }
  return "?";
}

std::string describe(SmEnd e) {
  switch (e) {
    case SmEnd::captured_by_assault: return "captured by assault (defenders driven out or destroyed)";
    case SmEnd::captured_by_bombardment: return "captured: the garrison destroyed by bombardment";
    case SmEnd::starved:
      return "starved out: the unfed, unpaid or demoralised garrison deserts";
    case SmEnd::abandoned: return "abandoned: the garrison departs, leaving a rearguard";
    case SmEnd::departed:
      return "the attacker departs (plan, food, money, morale or army destroyed)";
    case SmEnd::lifted: return "the siege is lifted: a sally routs or destroys the attacker";
    case SmEnd::holding_out: return "still holding out at the week limit";
  }
  return "?";
}

Expected<SmOdds> siege_machine_odds(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s, long long runs,
                                    std::uint64_t seed, unsigned threads,
                                    const std::function<void(std::uint64_t)>& progress) {
  SmOdds o;
  o.runs = runs;
  o.seed = seed;
  const auto n = static_cast<size_t>(std::max(0LL, runs));
  std::vector<unsigned char> ends(n);
  std::vector<int> weeks(n);
  std::vector<std::array<double, 2>> costs(n);
  std::vector<std::array<std::int64_t, 2>> troops(n);
  std::vector<std::string> errors(std::max(1U, threads));
  threads = std::max(1U, std::min<unsigned>(threads, static_cast<unsigned>(std::max<size_t>(1, n))));
  auto work = [&](unsigned t, size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      Rng rng = Rng::stream(seed, i);
      auto res = run_siege_machine(wr, r, s, rng, nullptr);
      if (!res) {
        errors[t] = res.error().items().front().message;
        return;
      }
      ends[i] = static_cast<unsigned char>(res->end);
      weeks[i] = res->weeks;
      costs[i] = res->cost_total;
      troops[i] = {res->attacker_troops, res->defender_troops};
      if (progress && (i - from + 1) % 1024 == 0) progress(1024);
    }
    if (progress) progress((to - from) % 1024);
  };
  parallel::ranges(n, threads, work);
  for (const auto& e : errors)
    if (!e.empty()) return Expected<SmOdds>::failure(e);
  o.capture_week.assign(static_cast<size_t>(s.max_weeks) + 1, 0);
  std::map<long long, std::uint64_t> fell;  // the sieges that fall, by the week they fall
  std::uint64_t fallen = 0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t d = 0; d < 2; ++d) {
      o.mean_cost_gp_total[d] += costs[i][d] / static_cast<double>(n);
      ++o.cost_counts[d][sm_whole_gp(costs[i][d])];
      ++o.troops_left_counts[d][troops[i][d]];
    }
    ++o.ends[ends[i]];
    ++o.weeks_counts[weeks[i]];
    if (falls(static_cast<SmEnd>(ends[i]))) {
      ++o.capture_week[static_cast<size_t>(weeks[i])];
      ++fell[weeks[i]];
      ++fallen;
    }
  }
  for (size_t i = 0; i < n; ++i)
    for (size_t d = 0; d < 2; ++d) {
      const double dev = costs[i][d] - o.mean_cost_gp_total[d];
      o.cost_sd[d] += dev * dev / static_cast<double>(n);
    }
  for (double& v : o.cost_sd) v = std::sqrt(v);
  // Money is counted to the copper piece (0.01 gp).
  for (double& m : o.mean_cost_gp_total) m = std::round(m * 100) / 100;
  const report::Summary by_week = report::summarise(report::Distribution::of_counts(fell, fallen));
  o.mean_weeks_to_capture = by_week.mean;
  o.median_weeks_to_capture = rounding::saturated_int(static_cast<double>(by_week.median));
  return o;
}


}  // namespace gunpowder::siege
