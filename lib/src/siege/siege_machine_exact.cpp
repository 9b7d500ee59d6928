// siege_machine_exact.cpp - the Siege Machine of seed 004 computed exactly: probability mass
// carried forward week by week over the siege's states, each week played by the same code as the
// seeded sieges (siege_machine.cpp), with every outcome of its throws enumerated.
//
// The design is the artillery duel's (siege_duel_exact.cpp): from each state the week is played
// once for each sequence of outcomes its throws can take; the dice below replay a prefix of
// outcomes and branch at the first new throw, so that every sequence is visited depth first. A
// throw is enumerated only by what the siege reads of it: a battle's two d100 by the winner and
// the row of the combat results their difference gives (a tie rolled again left out, the others
// scaled up), the devices' damage dice and the damage roll 1d% together only by the damage they
// leave (max(0, d - roll)), a roll that nothing reads not at all. The artillery's casualty dice,
// which nothing in the week reads before its end, are left to the end (SmDice::defers_casualties):
// the states the rest of the week leaves are merged, and each takes the dice's outcomes (by the
// troops each side loses) in one pass, without the week played again. The states a week reaches
// are merged by their bytes (SmStepper::save) in a hash map; weeks are taken in order, so each
// state is played once, with all of its mass.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <unordered_map>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "path_choices.hpp"
#include "siege_machine_dice.hpp"
#include "siege_machine_steps.hpp"

namespace gunpowder::siege {

namespace {

/// Dice that play one path of outcomes and then the next (see the head of the file).
class SmPathDice final : public detail::SmDice, public detail::PathChoices {
 public:
  int roll(int n, int sides) override {
    if (n <= 0 || sides <= 0) return 0;
    const dice::Dist& d = dist(n, sides);
    const int v = d.min() + choose(d.max() - d.min() + 1);
    p_ *= d.p(v);
    return v;
  }
  // Every damage the week can do (max(0, d - roll)) once, with a (d, roll) that does it.
  std::pair<double, int> damage(const detail::DamageThrow& t, int sides) override {
    // The key field by field (a DamageTerm has padding, which no one writes).
    std::string key;
    const auto put = [&key](const auto& v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
    put(sides);
    put(t.constant);
    for (const auto& x : t.terms) {
      put(x.n);
      put(x.sides);
      put(x.bonus);
      put(x.factor);
    }
    auto found = damages_.find(key);
    if (found == damages_.end()) {
      // Too many totals to enumerate (the devices' dice as the input may give them): the chain
      // stops, and the sieges are sampled.
      auto made = damage_outcomes(t, sides);
      if (!made) {
        too_many_totals_ = true;
        return {0, 0};
      }
      found = damages_.emplace(key, std::move(*made)).first;
    }
    const std::vector<Damage>& o = found->second;
    const Damage& x = o[static_cast<size_t>(choose(static_cast<int>(o.size())))];
    p_ *= x.p;
    return {x.d, x.roll};
  }
  int unread_roll(int n, int sides) override {
    (void)sides;
    return n;  // read by no one: one outcome
  }
  // The differences r0 - r1 grouped by kind, each kind played once (a pair with its difference),
  // at its share of the pairs that are not rolled again.
  std::array<int, 2> d100_pair(const std::function<int(int)>& kind, std::int64_t key) override {
    auto found = battles_.find(key);
    if (found == battles_.end()) found = battles_.emplace(key, kinds_of(kind)).first;
    const std::vector<Kind>& kinds = found->second;
    if (kinds.empty()) return {100, 100};
    const Kind& x = kinds[static_cast<size_t>(choose(static_cast<int>(kinds.size())))];
    p_ *= x.p;
    return x.r >= 0 ? std::array<int, 2>{100, 100 - x.r} : std::array<int, 2>{100 + x.r, 100};
  }
  [[nodiscard]] bool enumerates() const override { return true; }
  [[nodiscard]] bool defers_casualties() const override { return true; }
  /// A throw had more totals than the chain enumerates (kSmExactDamageTotals): its play is void.
  [[nodiscard]] bool too_many_totals() const { return too_many_totals_; }

 private:
  struct Kind {
    int kind = 0, r = 0;
    double p = 0;
  };
  // The differences r0 - r1 grouped by kind, each kind with a difference of its own and its share
  // of the pairs that are not rolled again.
  static std::vector<Kind> kinds_of(const std::function<int(int)>& kind) {
    std::vector<Kind> kinds;
    double kept = 0;
    for (int r = -99; r <= 99; ++r) {
      const int k = kind(r);
      if (k < 0) continue;
      const double q = (100.0 - std::abs(r)) / 10000.0;
      kept += q;
      auto it = std::find_if(kinds.begin(), kinds.end(), [&](const Kind& x) { return x.kind == k; });
      if (it == kinds.end())
        kinds.push_back({k, r, q});
      else
        it->p += q;
    }
    for (Kind& x : kinds) x.p /= kept;
    return kinds;
  }
  struct Damage {
    double d = 0;
    int roll = 0;
    double p = 0;
  };
  // The distribution of d (each device's max(0, bonus + dice) x factor, summed with the constant
  // and rounded up), then of the damage d - 1d`sides` leaves, by damage.
  // None when there are more totals than the chain enumerates: a term of more than
  // kSmExactDamageTotals totals or a sum of more, or more than kDamageWork pairs of totals to add.
  std::optional<std::vector<Damage>> damage_outcomes(const detail::DamageThrow& t, int sides) {
    constexpr double kDamageWork = 4'000'000;
    std::map<double, double> d{{t.constant, 1.0}};
    for (const auto& x : t.terms) {
      // Before the term's dice are worked out: its totals at most n x sides, and with the sums so far.
      const double totals = static_cast<double>(std::max(0, x.n)) * std::max(1, x.sides);
      if (totals > static_cast<double>(kSmExactDamageTotals) || static_cast<double>(d.size()) * (totals + 1) > kDamageWork)
        return std::nullopt;
      std::map<double, double> one;
      const dice::Dist& dd = dist(std::max(0, x.n), x.n > 0 ? std::max(1, x.sides) : 1);
      for (int v = dd.min(); v <= dd.max(); ++v)
        if (dd.p(v) > 0) one[std::max(0, x.bonus + v) * x.factor] += dd.p(v);
      std::map<double, double> sum;
      for (const auto& [a, pa] : d)
        for (const auto& [b, pb] : one) sum[a + b] += pa * pb;
      if (sum.size() > static_cast<size_t>(kSmExactDamageTotals)) return std::nullopt;
      d.swap(sum);
    }
    std::map<double, Damage> by_damage;
    for (const auto& [raw, p] : d) {
      const double whole = rounding::fraction_up(raw);
      if (whole <= 0) {
        Damage& x = by_damage.try_emplace(-1.0, Damage{whole, 0, 0}).first->second;
        x.p += p;
        continue;
      }
      for (int roll = 1; roll <= sides; ++roll) {
        Damage& x = by_damage.try_emplace(std::max(0.0, whole - roll), Damage{whole, roll, 0}).first->second;
        x.p += p / sides;
      }
    }
    std::vector<Damage> out;
    for (const auto& [dmg, x] : by_damage) out.push_back(x);
    return out;
  }
  const dice::Dist& dist(int n, int sides) {
    auto it = dists_.find({n, sides});
    if (it == dists_.end()) it = dists_.emplace(std::make_pair(n, sides), dice::Dist::sum(n, sides)).first;
    return it->second;
  }
  bool too_many_totals_ = false;
  std::map<std::int64_t, std::vector<Kind>> battles_;  ///< a battle's kinds, by its key
  std::unordered_map<std::string, std::vector<Damage>> damages_;  ///< a week's damage, by its throw
  std::map<std::pair<int, int>, dice::Dist> dists_;
};

/// A state's probability and the first two moments of each side's costs so far over it
/// (sum of p x cost and of p x cost^2): the costs leave the state where they do not decide the
/// play (SmStepper::costs_kept), and the week's cost is the same on every path from a state (it is
/// paid before any throw).
struct Mass {
  double p = 0;
  std::array<double, 2> m1{}, m2{};
  /// The share dp of this mass that pays `cost` in the week.
  [[nodiscard]] Mass step(double dp, const std::array<double, 2>& cost) const {
    Mass x;
    x.p = p * dp;
    for (size_t d = 0; d < 2; ++d) {
      x.m1[d] = dp * (m1[d] + p * cost[d]);
      x.m2[d] = dp * (m2[d] + 2 * cost[d] * m1[d] + p * cost[d] * cost[d]);
    }
    return x;
  }
  void add(const Mass& x) {
    p += x.p;
    for (size_t d = 0; d < 2; ++d) {
      m1[d] += x.m1[d];
      m2[d] += x.m2[d];
    }
  }
};

/// Sieges that ended with mass m: their end, weeks, troops and costs.
void settle(const SmResult& res, const Mass& m, bool costs_kept, SmExact& out) {
  const double q = m.p;
  out.settled += q;
  out.ends[static_cast<size_t>(res.end)] += q;
  out.weeks[res.weeks] += q;
  if (falls(res.end)) out.capture_week[static_cast<size_t>(res.weeks)] += q;
  out.troops_left[0][res.attacker_troops] += q;
  out.troops_left[1][res.defender_troops] += q;
  for (size_t d = 0; d < 2; ++d) {
    out.mean_cost_gp_total[d] += m.m1[d];
    out.cost_sd[d] += m.m2[d];  // E[cost^2] until the summary
    if (costs_kept) out.cost[d][sm_whole_gp(res.cost_total[d])] += q;
  }
}

/// The figures over the whole chain: the weeks to fall (over the sieges that fall), the means to
/// the copper piece.
void sm_exact_summary(SmExact& out) {
  report::Distribution fell;
  double p_fell = 0;
  for (size_t k = 1; k < out.capture_week.size(); ++k)
    if (out.capture_week[k] > 0) {
      fell.add(static_cast<long long>(k), out.capture_week[k]);
      p_fell += out.capture_week[k];
    }
  if (p_fell > 0) {
    const report::Summary by_week = report::summarise(fell);
    out.mean_weeks_to_capture = by_week.mean;
    out.median_weeks_to_capture = static_cast<int>(by_week.median);
  }
  for (size_t d = 0; d < 2; ++d) {
    const double mean = out.mean_cost_gp_total[d];
    out.cost_sd[d] = std::sqrt(std::max(0.0, out.cost_sd[d] - mean * mean));
  }
  for (double& m : out.mean_cost_gp_total) m = std::round(m * 100) / 100;
}

/// The chain's states of the week and the next, and one week's walk over them (SmChain::week):
/// every path of the week's throws from each state, the casualty dice left to the week's end taken
/// once for each state before them (merged), the bounds of states and paths watched as it goes.
class SmChain {
 public:
  SmChain(const SmSetup& s, detail::SmStepper& run, SmPathDice& dice, long long max_states, long long max_paths,
          SmExact& out)
      : s_(s), run_(run), dice_(dice), max_states_(max_states), max_paths_(max_paths), out_(out) {
    run_.save(key_);
    now_[key_].p = 1.0;
    out_.states = 1;
    out_.week_states = 1;
    if (s_.max_weeks <= 0) settle(run_.result(SmEnd::holding_out, 0), now_[key_], out_.cost_distribution, out_);
  }
  [[nodiscard]] bool empty() const { return now_.empty(); }

  /// Plays week `week` from every state: false when the chain stops before its end (a bound
  /// passed or about to be, or a damage throw with too many totals; `out` says which).
  Expected<bool> week(int week) {
    week_ = week;
    out_.week = week;
    // On course to pass the path bound in this week at the last week's pace: stop now.
    if (static_cast<double>(out_.paths) + per_state_ * static_cast<double>(now_.size()) >
        static_cast<double>(max_paths_)) {
      out_.on_course = true;
      return false;
    }
    before_ = out_.paths;
    size_t done = 0;  // states of the week played
    next_.clear();
    before_casualties_.clear();
    left_ = 0;
    for (const auto& [state, mass] : now_) {
      auto go = play(state, mass);
      if (!go) return go.error();
      if (!*go) return false;
      // On course to pass the path bound in this week at this week's pace so far: stop now.
      ++done;
      const double pace = (static_cast<double>(out_.paths - before_) + left_) / static_cast<double>(done);
      if (done >= kSmExactPaceFrom && static_cast<double>(out_.paths) + left_ +
                                              pace * static_cast<double>(now_.size() - done) >
                                          static_cast<double>(max_paths_)) {
        out_.on_course = true;
        return false;
      }
    }
    for (const auto& [state, x] : before_casualties_) {
      bytes_.assign(state, 0, state.size() - sizeof x.pending.id - 1);
      run_.load(bytes_, week + 1);
      if (!casualties(x.mass, x.pending)) return false;
    }
    per_state_ = static_cast<double>(out_.paths - before_) / static_cast<double>(now_.size());
    out_.week_states = std::max(out_.week_states, static_cast<long long>(next_.size()));
    now_.swap(next_);
    return true;
  }

 private:
  /// Every path of the week's throws from one state: false when the chain stops.
  Expected<bool> play(const std::string& state, const Mass& mass) {
    do {
      run_.load(state, week_);
      dice_.start();
      auto end = run_.play(week_);
      if (!end) return end.error();
      if (dice_.too_many_totals()) {
        out_.too_many_totals = true;
        return false;
      }
      const Mass m = mass.step(dice_.p(), run_.week_cost());
      // (With the casualty outcomes already owed by the states made so far: plays that merge
      // into them after the last new one must not take the week past the bound either.)
      if (static_cast<double>(++out_.paths) + left_ > static_cast<double>(max_paths_)) {
        out_.on_course = left_ > 0;
        return false;
      }
      if (const std::optional<detail::SmPending> pend = run_.pending()) {
        if (!defer(m, *pend)) return false;
        continue;
      }
      if (!reach(m, *end)) return false;
    } while (dice_.next());
    return true;
  }

  /// The casualty dice left to the end of the week: one outcome thrown now; more after the
  /// week's other throws, on the states before them, merged (fewer states than paths). False
  /// when the chain stops.
  bool defer(const Mass& m, const detail::SmPending& pend) {
    if (pend.outcomes->size() == 1) return casualties(m, pend);
    run_.save(key_);
    key_.append(reinterpret_cast<const char*>(&pend.id), sizeof pend.id);
    key_.push_back(pend.captured ? 1 : 0);
    auto [it, fresh] = before_casualties_.try_emplace(key_);
    if (fresh) {
      it->second.pending = pend;
      // Their outcomes will all be enumerated: past the path bound, stop now.
      left_ += static_cast<double>(pend.outcomes->size());
      if (static_cast<double>(out_.paths) + left_ > static_cast<double>(max_paths_)) {
        out_.on_course = true;
        return false;
      }
    }
    it->second.mass.add(m);
    return true;
  }

  /// A week's state that goes on into the next week, or ends: false past the state bound.
  bool reach(const Mass& m, std::optional<SmEnd> end) {
    if (end || week_ == s_.max_weeks) {
      settle(run_.result(end.value_or(SmEnd::holding_out), week_), m, out_.cost_distribution, out_);
      return true;
    }
    run_.save(key_);
    auto [it, fresh] = next_.try_emplace(key_);
    it->second.add(m);
    return !(fresh && ++out_.states > max_states_);
  }

  /// The casualty dice the week left, thrown on the state loaded (the rest of its week played):
  /// each outcome's losses, clamped at the troops left, then the week's end as the siege's own
  /// (detail::week_end). False past the state bound. Each outcome counts as one of the week's
  /// (but a single one is the play's own, counted already).
  bool casualties(const Mass& mass, const detail::SmPending& pend) {
    const std::array<std::int64_t, 2> t = run_.troops();
    for (const detail::SmCasualty& c : *pend.outcomes) {
      if (pend.outcomes->size() > 1) ++out_.paths;
      const std::int64_t att = t[0] - std::min(t[0], c.lost[0]), def = t[1] - std::min(t[1], c.lost[1]);
      run_.set_troops(att, def);
      if (!reach(mass.step(c.p, {0.0, 0.0}), detail::week_end(att, def, pend.captured, pend.bombard))) return false;
    }
    return true;
  }

  /// The states of a week left before its casualty dice (SmStepper::pending), by their bytes and
  /// which dice, and whether the battle drove the defenders out.
  struct BeforeCasualties {
    Mass mass;
    detail::SmPending pending;
  };
  const SmSetup& s_;
  detail::SmStepper& run_;
  SmPathDice& dice_;
  long long max_states_, max_paths_;
  SmExact& out_;
  std::unordered_map<std::string, Mass> now_, next_;  // state -> its mass, this week and the next
  std::unordered_map<std::string, BeforeCasualties> before_casualties_;
  std::string key_, bytes_;
  int week_ = 0;
  long long before_ = 0;   // the paths before this week
  double left_ = 0;        // the outcomes of the casualty dice left to the end of the week
  double per_state_ = 1;   // paths per state in the last week played
};

}  // namespace

Expected<SmExact> siege_machine_exact(const war::Rules& wr, const SiegeMachineRules& r, const SmSetup& s,
                                      long long max_states, long long max_paths) {
  SmExact out;
  SmPathDice dice;
  auto made = detail::siege_stepper(wr, r, s, dice);
  if (!made) return made.error();
  // The casualty dice are enumerated by the pairs of their totals (detail::casualty_outcomes):
  // too many, and the sieges are sampled before any work (their sums alone could take seconds).
  const auto totals = [](int n, int sides) {
    return n > 0 && sides > 0 ? static_cast<double>(n) * (sides - 1) + 1 : 1.0;
  };
  if (totals(r.defender_dice_n, r.defender_dice_sides) * totals(r.attacker_dice_n, r.attacker_dice_sides) >
      static_cast<double>(kSmExactCasualtyPairs)) {
    out.too_many_casualty_pairs = true;
    return out;
  }
  out.capture_week.assign(static_cast<size_t>(std::max(0, s.max_weeks)) + 1, 0.0);
  out.cost_distribution = (*made)->costs_kept();
  SmChain chain(s, **made, dice, max_states, max_paths, out);
  for (int week = 1; week <= s.max_weeks && !chain.empty(); ++week) {
    auto go = chain.week(week);
    if (!go) return go.error();
    if (!*go) return out;
  }
  out.complete = true;
  sm_exact_summary(out);
  return out;
}

}  // namespace gunpowder::siege
