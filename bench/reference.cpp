// bench-reference (issue 7): the library's exact odds timed side by side with simple brute-force
// enumerations written here, independent of the library's algorithms (they read only the rule
// tables of data/, through the library's loaders). Each row runs both in this process, checks
// that they agree, and prints the time of one call of each and their ratio (reference /
// library) as one markdown table row.
//
// Timing: std::chrono::steady_clock. The number of calls in a batch is doubled until one batch
// lasts at least kBatchSeconds; then kBatches batches are timed and the row shows the median of
// their per-call means (so each figure stands on at least kBatches x kBatchSeconds of running).
//
// Agreement: every number of a row (probabilities, expectations) must match to within 1e-12,
// relative for numbers above 1 (expected troops); otherwise the mismatch goes to stderr and the
// exit status is 1. Exit 70 if an embedded rule table does not load.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/core/dice.hpp"
#include "gunpowder/fire/fire_artillery.hpp"
#include "gunpowder/fire/firearm.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "timing.hpp"
#include "gunpowder/data/tables.hpp"
#include "gunpowder/war/war_machine.hpp"

namespace gunpowder::bench {
namespace {

constexpr double kTolerance = 1e-12;

/// What a brute-force reference returns: the numbers to compare, and how many elementary
/// outcomes (roll pairs, throws, paths) it visited.
struct Enumerated {
  std::vector<double> numbers;
  std::int64_t visited = 0;
};

struct Case {
  std::string what;
  std::function<std::vector<double>()> library;
  std::function<Enumerated()> reference;
};

// ---------------------------------------------------------------------------------------------
// Timing



/// Compares two lists of numbers; reports the first difference beyond the tolerance.
bool agree(const std::string& what, const std::vector<double>& lib, const std::vector<double>& ref) {
  if (lib.size() != ref.size()) {
    std::cerr << "bench-reference: " << what << ": the library gives " << lib.size() << " numbers, the reference "
              << ref.size() << "\n";
    return false;
  }
  for (size_t i = 0; i < lib.size(); ++i) {
    const double scale = std::max(1.0, std::abs(ref[i]));
    if (!(std::abs(lib[i] - ref[i]) <= kTolerance * scale)) {
      std::cerr << "bench-reference: " << what << ": number " << i << " differs: library "
                << fmtnum::fixed(lib[i], 17) << ", reference " << fmtnum::fixed(ref[i], 17) << "\n";
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Enumeration helper

/// Calls visit(values) for every ordered roll of n dice with faces 1..sides (an odometer).
template <class Visit>
void for_each_roll(int n, int sides, const Visit& visit) {
  std::vector<int> d(static_cast<size_t>(n), 1);
  while (true) {
    visit(d);
    size_t i = 0;
    while (i < d.size() && ++d[i] > sides) d[i++] = 1;
    if (i == d.size()) return;
  }
}

// ---------------------------------------------------------------------------------------------
// War Machine: one battle, every one of the 10,000 pairs of d100 rolls

/// The row of the combat results table for a positive difference of the totals: the row whose
/// printed band contains it.
size_t results_row(const war::Rules& R, int diff) {
  for (size_t i = 0; i < R.results.size(); ++i) {
    const auto& row = R.results[i];
    if (diff >= row.diff_min && (!row.diff_max.has_value() || diff <= *row.diff_max)) return i;
  }
  return R.results.size() - 1;
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

/// The numbers compared for a battle without tactics, ties rolled again: raw win and tie shares,
/// the share of each (winner, row), the resolved win chances, and for each side the expected
/// casualty percentage, casualties, killed and wounded, and the fatigue distribution.
std::vector<double> war_library(const war::Rules& R, const war::SideSpec& a, const war::SideSpec& b) {
  auto o = war::resolve_battle(R, a, b, {});
  std::vector<double> v;
  if (!o) return v;
  v = {o->p_win[0], o->p_win[1], o->p_tie};
  std::vector<double> rows(2 * R.results.size(), 0.0);
  for (const auto& ro : o->rows) rows[static_cast<size_t>(ro.winner) * R.results.size() + ro.row] = ro.p;
  v.insert(v.end(), rows.begin(), rows.end());
  for (size_t s = 0; s < 2; ++s) {
    v.push_back(o->p_win_resolved[s]);
    v.push_back(o->expected_casualties_pct[s]);
    v.push_back(o->expected_casualties[s]);
    v.push_back(o->expected_killed[s]);
    v.push_back(o->expected_wounded[s]);
    const std::array<const char*, 4> names{"none", "moderate", "serious", "-"};
    for (const char* name : names) {
      double p = 0;
      for (const auto& [key, q] : o->fatigue_dist[s])
        if (key == name) p = q;
      v.push_back(p);
    }
  }
  return v;
}

Enumerated war_reference(const war::Rules& R, const war::SideSpec& a, const war::SideSpec& b) {
  const std::array<const war::SideSpec*, 2> side{&a, &b};
  std::int64_t ties = 0;
  std::array<std::int64_t, 2> wins{};
  std::vector<std::int64_t> rows(2 * R.results.size(), 0);
  // Sums over the decisive pairs, per side: casualty %, casualties, killed, wounded, fatigue.
  std::array<std::int64_t, 2> pct{}, casualties{}, killed{}, wounded{};
  std::array<std::array<std::int64_t, 4>, 2> fatigue{};
  Enumerated out;
  for (int r0 = 1; r0 <= 100; ++r0)
    for (int r1 = 1; r1 <= 100; ++r1) {
      ++out.visited;
      // C = B + adjustments + 1d100 for each side; the higher total wins by the difference.
      const int c0 = a.modified_br + r0, c1 = b.modified_br + r1;
      if (c0 == c1) {
        ++ties;
        continue;
      }
      const size_t w = c0 > c1 ? 0 : 1;
      const size_t row = results_row(R, std::abs(c0 - c1));
      ++wins[w];
      ++rows[w * R.results.size() + row];
      const auto& res = R.results[row];
      for (size_t s = 0; s < 2; ++s) {
        const size_t k = s == w ? 0 : 1;  // the winner's or the loser's cells
        const int p = res.casualties_pct[k];
        // pct of the troops rounded up; half killed (rounded up), the rest wounded, except that
        // a force that retreats, routs or is destroyed counts its wounded as killed.
        const std::int64_t c = std::min(side[s]->troops, ceil_div(side[s]->troops * p, 100));
        const bool leaves = !res.location[k].has_value() || *res.location[k] == war::Location::retreat ||
                            *res.location[k] == war::Location::rout;
        const auto& half = R.result_rules.killed;
        const std::int64_t k_killed =
            leaves && R.result_rules.retreating_wounded_count_as_killed ? c : ceil_div(c * half.n, half.d);
        pct[s] += p;
        casualties[s] += c;
        killed[s] += k_killed;
        wounded[s] += c - k_killed;
        ++fatigue[s][res.fatigue[k].has_value() ? static_cast<size_t>(*res.fatigue[k]) : 3];
      }
    }
  const double all = 10000.0;
  const auto decisive = static_cast<double>(wins[0] + wins[1]);  // ties are rolled again
  out.numbers = {static_cast<double>(wins[0]) / all, static_cast<double>(wins[1]) / all,
                 static_cast<double>(ties) / all};
  for (std::int64_t n : rows) out.numbers.push_back(static_cast<double>(n) / all);
  for (size_t s = 0; s < 2; ++s) {
    out.numbers.push_back(static_cast<double>(wins[s]) / decisive);
    for (std::int64_t sum : {pct[s], casualties[s], killed[s], wounded[s]})
      out.numbers.push_back(static_cast<double>(sum) / decisive);
    for (std::int64_t n : fatigue[s]) out.numbers.push_back(static_cast<double>(n) / decisive);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Broadside: poker-dice hands with one re-throw of up to k dice, played to the best expected
// structural damage

/// Indices into BroadsideRules::hands of each hand, by key.
struct HandIndex {
  int pair = -1, two_pair = -1, three = -1, full_house = -1, straight = -1, four = -1, poker = -1;
};
HandIndex hand_index(const fire::BroadsideRules& R) {
  auto at = [&](const char* key) {
    const auto i = R.hand_index(key);
    return i.has_value() ? static_cast<int>(*i) : -1;
  };
  return {at("pair"), at("two_pair"), at("three_of_a_kind"), at("full_house"), at("straight"), at("four_of_a_kind"),
          at("poker")};
}

/// The best hand of ordered dice, strongest first as seed 001 ranks them (a straight, 1-5 or 2-6
/// on five dice, beats a full house); -1 for no hand.
int classify(const std::vector<int>& d, const HandIndex& h) {
  std::array<int, 7> n{};
  for (int x : d) ++n[static_cast<size_t>(x)];
  int most = 0, second = 0;
  for (size_t f = 1; f <= 6; ++f) {
    if (n[f] > most) {
      second = most;
      most = n[f];
    } else if (n[f] > second) {
      second = n[f];
    }
  }
  if (most == 5) return h.poker;
  if (most == 4) return h.four;
  if (d.size() == 5 && most == 1 && (n[1] == 0 || n[6] == 0)) return h.straight;
  if (most == 3 && second == 2) return h.full_house;
  if (most == 3) return h.three;
  if (most == 2 && second == 2) return h.two_pair;
  if (most == 2) return h.pair;
  return -1;
}

/// Hand probabilities (p[0..6], no hand) and the expected value.
std::vector<double> broadside_library(const fire::BroadsideRules& R, int dice, int k, const std::vector<double>& values) {
  const auto h = fire::hand_odds(R, dice, k, fire::RerollMode::once, values);
  std::vector<double> v = h.p;
  v.push_back(h.p_none);
  v.push_back(h.objective_value);
  return v;
}

/// For every ordered throw: every set of at most k positions to throw again, every ordered
/// result of those dice; the set with the best expected value is played (on a tie, within
/// 1e-12, the one keeping more dice, as the library documents).
Enumerated broadside_reference(const fire::BroadsideRules& R, int dice, int k, const std::vector<double>& values) {
  const HandIndex hi = hand_index(R);
  const size_t slots = R.hands.size() + 1;  // slot 0: no hand
  std::vector<double> dist(slots, 0.0);
  Enumerated out;
  double throws = 0;
  for_each_roll(dice, 6, [&](const std::vector<int>& d) {
    throws += 1;
    double best = -1;
    int best_kept = -1;
    std::vector<double> best_hist;
    for (unsigned mask = 0; mask < (1u << dice); ++mask) {
      const int r = __builtin_popcount(mask);
      if (r > k) continue;
      std::vector<double> hist(slots, 0.0);
      double outcomes = 0;
      std::vector<int> x = d;
      for_each_roll(r, 6, [&](const std::vector<int>& again) {
        size_t j = 0;
        for (size_t i = 0; i < x.size(); ++i)
          if (mask & (1u << i)) x[i] = again[j++];
        hist[static_cast<size_t>(classify(x, hi) + 1)] += 1;
        outcomes += 1;
        ++out.visited;
      });
      double value = 0;
      for (size_t s = 0; s < slots; ++s) {
        hist[s] /= outcomes;
        value += hist[s] * values[s];
      }
      const int kept = dice - r;
      if (value > best + 1e-12 || (value > best - 1e-12 && kept > best_kept)) {
        best = std::max(best, value);
        best_kept = kept;
        best_hist = hist;
      }
    }
    for (size_t s = 0; s < slots; ++s) dist[s] += best_hist[s];
  });
  double mean = 0;
  for (size_t s = 0; s < slots; ++s) {
    dist[s] /= throws;
    mean += dist[s] * values[s];
  }
  out.numbers.assign(dist.begin() + 1, dist.end());
  out.numbers.push_back(dist[0]);
  out.numbers.push_back(mean);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Artillery attack: every target from -2 to 30, both readings of "exceeds", both d20 rolls

constexpr int kTargetMin = -2, kTargetMax = 30;

std::vector<double> attack_library(const fire::AttackResultRules& r) {
  std::vector<double> v;
  for (auto exceed : {fire::Exceed::meet, fire::Exceed::strictly})
    for (int target = kTargetMin; target <= kTargetMax; ++target) {
      const auto a = fire::attack_odds(r, target, exceed);
      v.insert(v.end(), {a.p_success, a.p_direct_hit, a.p_close_hit, a.p_scatter, a.p_misfire, a.p_wasted,
                         a.p_discharge});
    }
  return v;
}

Enumerated attack_reference(const fire::AttackResultRules& r) {
  Enumerated out;
  for (bool strictly : {false, true})
    for (int target = kTargetMin; target <= kTargetMax; ++target) {
      std::array<int, 7> n{};  // success, direct, close, scatter, misfire, wasted, discharge
      for (int first = 1; first <= 20; ++first)
        for (int second = 1; second <= 20; ++second) {
          ++out.visited;
          const bool made = strictly ? first > target : first >= target;
          if (made) ++n[0];
          // The four results in the order printed (p. 16).
          if (made && first == r.direct_hit_natural) {
            ++n[1];
          } else if ((made && first > r.misfire_natural && first < r.direct_hit_natural) ||
                     first == r.close_hit_natural) {
            ++n[2];
          } else if (!made && first == r.misfire_natural) {
            ++n[4];
            ++n[second == r.discharge_natural ? 6 : 5];
          } else {
            ++n[3];
          }
        }
      for (int c : n) out.numbers.push_back(c / 400.0);
    }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Firearm volley: every sequence of misfires, hits and misses over the rounds

struct VolleySpec {
  int rounds = 0, reload = 0, clear = 0;
  double p_misfire = 0, p_hit = 0;
};

std::vector<double> volley_library(const VolleySpec& s) {
  const auto v = fire::volley(s.rounds, s.reload, s.p_misfire, s.clear, s.p_hit);
  std::vector<double> out;
  for (const auto* d : {&v.attempts, &v.shots, &v.hits})
    for (int n = 0; n <= s.rounds; ++n) out.push_back(d->p(n));
  out.insert(out.end(), {v.mean_attempts, v.mean_shots, v.mean_hits});
  return out;
}

struct VolleyTally {
  std::vector<double> attempts, shots, hits;
  std::int64_t paths = 0;
};

/// One round at a time: a busy firearm (reloading or clearing) waits; a loaded one makes an
/// attempt, which misfires (clear, then reload), or fires and hits or misses (then reload).
void volley_paths(const VolleySpec& s, int rounds_left, int busy, int attempts, int shots, int hits, double p,
                  VolleyTally& t) {
  if (rounds_left == 0) {
    t.attempts[static_cast<size_t>(attempts)] += p;
    t.shots[static_cast<size_t>(shots)] += p;
    t.hits[static_cast<size_t>(hits)] += p;
    ++t.paths;
    return;
  }
  if (busy > 0) {
    volley_paths(s, rounds_left - 1, busy - 1, attempts, shots, hits, p, t);
    return;
  }
  volley_paths(s, rounds_left - 1, s.clear + s.reload, attempts + 1, shots, hits, p * s.p_misfire, t);
  volley_paths(s, rounds_left - 1, s.reload, attempts + 1, shots + 1, hits + 1, p * (1 - s.p_misfire) * s.p_hit, t);
  volley_paths(s, rounds_left - 1, s.reload, attempts + 1, shots + 1, hits, p * (1 - s.p_misfire) * (1 - s.p_hit), t);
}

Enumerated volley_reference(const VolleySpec& s) {
  const auto n = static_cast<size_t>(s.rounds + 1);
  VolleyTally t{std::vector<double>(n, 0.0), std::vector<double>(n, 0.0), std::vector<double>(n, 0.0), 0};
  volley_paths(s, s.rounds, 0, 0, 0, 0, 1.0, t);
  Enumerated out;
  out.visited = t.paths;
  std::array<double, 3> mean{};
  size_t m = 0;
  for (const auto* d : {&t.attempts, &t.shots, &t.hits}) {
    for (size_t c = 0; c < n; ++c) {
      out.numbers.push_back((*d)[c]);
      mean[m] += static_cast<double>(c) * (*d)[c];
    }
    ++m;
  }
  out.numbers.insert(out.numbers.end(), mean.begin(), mean.end());
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dice sums, and a creature in the area of effect (damage dice and its d20 save)

std::vector<double> sum_library(int n, int sides) {
  const auto d = dice::Dist::sum(n, sides);
  std::vector<double> v;
  for (int x = n; x <= n * sides; ++x) v.push_back(d.p(x));
  return v;
}

Enumerated sum_reference(int n, int sides) {
  std::vector<std::int64_t> count(static_cast<size_t>(n * sides + 1), 0);
  Enumerated out;
  for_each_roll(n, sides, [&](const std::vector<int>& d) {
    int total = 0;
    for (int x : d) total += x;
    ++count[static_cast<size_t>(total)];
    ++out.visited;
  });
  for (int x = n; x <= n * sides; ++x)
    out.numbers.push_back(static_cast<double>(count[static_cast<size_t>(x)]) / static_cast<double>(out.visited));
  return out;
}

struct CreatureSpec {
  int dice = 0, sides = 0, save_target = 0, bonus = 0;
};

std::vector<double> creature_library(const CreatureSpec& s) {
  const auto c =
      fire::creature_odds(dice::Dist::sum(s.dice, s.sides), s.save_target, s.bonus, fire::Halving::down);
  return {c.p_save, c.mean_damage_direct, c.mean_damage_other, c.p_damaged_direct, c.p_damaged_other};
}

/// Every roll of the damage dice with every roll of the save: after a direct hit a save halves
/// the damage (rounded down); after a close hit or scatter it avoids all of it (p. 17).
Enumerated creature_reference(const CreatureSpec& s) {
  std::int64_t saves = 0, direct = 0, other = 0, hurt_direct = 0, hurt_other = 0;
  Enumerated out;
  for_each_roll(s.dice, s.sides, [&](const std::vector<int>& d) {
    int damage = 0;
    for (int x : d) damage += x;
    for (int save = 1; save <= 20; ++save) {
      ++out.visited;
      const bool saved = save + s.bonus >= s.save_target;
      const int on_direct = saved ? damage / 2 : damage;
      const int on_other = saved ? 0 : damage;
      saves += saved ? 1 : 0;
      direct += on_direct;
      other += on_other;
      hurt_direct += on_direct > 0 ? 1 : 0;
      hurt_other += on_other > 0 ? 1 : 0;
    }
  });
  const auto all = static_cast<double>(out.visited);
  for (std::int64_t sum : {saves, direct, other, hurt_direct, hurt_other})
    out.numbers.push_back(static_cast<double>(sum) / all);
  return out;
}

// ---------------------------------------------------------------------------------------------

int run() {
  const data::Tables tables;  // the built-in tables
  const auto war_rules = war::load_rules(tables);
  const auto broadside_rules = fire::load_broadside(tables);
  const auto artillery_rules = fire::load_artillery_rules(tables);
  if (!war_rules || !broadside_rules || !artillery_rules) {
    std::cerr << "bench-reference: an embedded rule table does not load\n";
    return 70;
  }
  const war::Rules& WR = **war_rules;
  const fire::BroadsideRules& BR = **broadside_rules;
  const fire::AttackResultRules& AR = (*artillery_rules)->results;

  std::vector<Case> cases;
  // War Machine: modified BRs 130 v 100 (800 and 1,000 troops), and 100 v 100 (ties rolled again).
  for (int br : {130, 100}) {
    const war::SideSpec a{"A", br, std::nullopt, 800, {1, 1}, false, war::Role::attacker};
    const war::SideSpec b{"B", 100, std::nullopt, 1000, {1, 1}, false, war::Role::defender};
    std::string what = "war-machine: one battle, BR ";
    what += std::to_string(br);
    what += " v 100, full outcome table";
    cases.push_back({what, [&WR, a, b] { return war_library(WR, a, b); },
                     [&WR, a, b] { return war_reference(WR, a, b); }});
  }
  // Broadside: five dice with no re-throw, and one re-throw of up to 1, 2 and 3 dice.
  const auto values = fire::hand_values(BR, fire::PlayRule{}, {});
  for (int k : {0, 1, 2, 3}) {
    std::string what = "fire-odds broadside: 5 dice +";
    what += std::to_string(k);
    what += ", hand distribution";
    cases.push_back({what, [&BR, &values, k] { return broadside_library(BR, 5, k, values); },
                     [&BR, &values, k] { return broadside_reference(BR, 5, k, values); }});
  }
  cases.push_back({"fire-odds artillery: attack odds, 66 throws (targets -2..30, both readings)",
                   [&AR] { return attack_library(AR); }, [&AR] { return attack_reference(AR); }});
  const VolleySpec vs{36, 1, 3, 0.2, 0.35};
  cases.push_back({"fire-odds firearm: volley of 36 rounds, reload 1, misfire 20%, hit 35%",
                   [vs] { return volley_library(vs); }, [vs] { return volley_reference(vs); }});
  cases.push_back({"dice: 6d10 sum by convolution", [] { return sum_library(6, 10); },
                   [] { return sum_reference(6, 10); }});
  const CreatureSpec cs{4, 10, 11, 4};
  cases.push_back({"fire-odds artillery: creature in the blast, 4d10 and its save",
                   [cs] { return creature_library(cs); }, [cs] { return creature_reference(cs); }});

  std::cout << "| computation | library per call | reference per call | reference / library | enumerated |\n"
               "|---|---:|---:|---:|---:|\n";
  volatile double sink = 0;
  bool all_agree = true;
  for (const auto& c : cases) {
    const Enumerated ref = c.reference();
    if (!agree(c.what, c.library(), ref.numbers)) {
      all_agree = false;
      continue;
    }
    const double t_lib = seconds_per_call([&] { return c.library().front(); }, sink);
    const double t_ref = seconds_per_call([&] { return c.reference().numbers.front(); }, sink);
    const double ratio = t_ref / t_lib;
    std::cout << "| " << c.what << " | " << duration_text(t_lib) << " | " << duration_text(t_ref) << " | "
              << fmtnum::fixed(ratio, ratio < 10 ? 2 : 0) << " | " << fmtnum::grouped(ref.visited) << " |\n"
              << std::flush;
  }
  std::cout << "\nper call: median of " << kBatches << " batches, each at least " << fmtnum::trim(kBatchSeconds)
            << " s; enumerated: outcomes the reference visits (roll pairs, final hands, paths)\n";
  return all_agree ? 0 : 1;
}

}  // namespace
}  // namespace gunpowder::bench

int main() { return gunpowder::bench::run(); }
