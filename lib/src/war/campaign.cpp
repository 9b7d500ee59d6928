// campaign.cpp - the exact odds of a campaign (beyond the books): up to N battles of the same two
// forces in a row, each battle's result applied as a rolled chain applies it (War Machine,
// "Combat results": casualties, fatigue, location; roll_battle, next_round), the chain stopping
// when a side routs or is destroyed. A breadth-first walk over the states after each battle:
// every state's next battle is the exact enumeration of its 10,000 d100 pairs (resolve_battle),
// and states that are equal in everything a later battle or the report reads are merged.
#include "gunpowder/war/campaign.hpp"

#include "campaign_states.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <new>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace gunpowder::war {

namespace {

using detail::BlockPool;
using detail::ColumnMap;
using detail::Effect;
using detail::RunEnds;
using detail::Spread;
using detail::Transition;
using detail::Segment;
using detail::DenseMap;
using detail::kEmpty;
using detail::kIndexBits;
using detail::kIndexMask;
using detail::pack;
using detail::State;
using detail::StateMap;
using detail::unpack;

/// The most states a campaign follows over all its battles, in dense rows and in a hash (a few
/// seconds of work either way): beyond it, an error instead of a run that seems to hang.
/// examples/war-machine-field.toml follows 313,000 in 10 battles; the largest generated pairs of
/// the benchmark (about 900 troops a side, 100 battles) about 10 million, in 1.1-1.3 s of CPU
/// (8 million until the walk's inner loop was made faster and light states left unfollowed).
constexpr size_t kMaxWalkedDense = 16000000;
constexpr size_t kMaxWalkedHash = 1000000;
/// The most cells the dense rows (DenseMap) may ever need: a row for each fatigue (and, under
/// no_result, standing) of both sides and each count of the first side, as wide as the second
/// side's counts (128 MB at most); beyond, a hash (StateMap).
constexpr size_t kDenseCells = 16u << 20;
/// The most troop counts a side may reach for the dense rows (the search for them stops there).
constexpr size_t kDenseCounts = 1u << 16;

/// The walk: the states alive after each battle. A battle's outcomes (which side wins on which
/// row, with what probability) depend on the two modified BRs alone, and those on the fatigue and
/// the troop-ratio line of each side; each side's losses on an outcome depend on its own troops.
class Walk {
 public:
  Walk(const Rules& R, const std::array<RatedForce, 2>& pair, const Engagement& first, const BattleConfig& c, int n,
       const CampaignLimits& limits)
      : R_(R), pair_(pair), first_(first), c_(c), limits_(limits), keep_standing_(c.options.tie == TiePolicy::no_result) {
    out_.max_battles = n;
    out_.ruled = first.odds.ruled.any();  // and each later battle's (outcomes)
    fought_.assign(static_cast<size_t>(n) + 1, 0.0);
    for (size_t s = 0; s < 2; ++s) out_.initial_troops[s] = pair[s].force.troops;
  }

  Expected<Campaign> run(const std::function<void(int)>& on_battle) {
    State start;
    for (size_t s = 0; s < 2; ++s) start.fatigue[s] = pair_[s].force.fatigue;
    const bool dense = number_troops(start);
    out_.dense = dense;
    if (!dense)
      for (size_t s = 0; s < 2; ++s) start.index[s] = index_of(s, out_.initial_troops[s]);
    if (dense) {
      auto live = std::make_unique<DenseMap>(values_[1].size(), values_[0].size(), pool_);
      live->add(pack(start), 1.0);
      size_t states = 1;
      for (int n = 1; n <= out_.max_battles && states > 0; ++n) {
        if (auto bad = begin_battle(n, states, kMaxWalkedDense)) return *bad;
        auto next = std::make_unique<DenseMap>(values_[1].size(), values_[0].size(), pool_);
        if (auto bad = battle_rows(n, *live, *next)) return *bad;
        live = std::move(next);
        states = live->size();
        states -= prune(n, states, [&](auto&& f) { live->each(f); });
        finish_step(states);
        if (on_battle) on_battle(n);
      }
    } else {
      std::vector<std::pair<std::uint64_t, double>> live{{pack(start), 1.0}};
      std::vector<std::pair<std::uint64_t, double>> next;
      for (int n = 1; n <= out_.max_battles && !live.empty(); ++n) {
        if (auto bad = begin_battle(n, live.size(), kMaxWalkedHash)) return *bad;
        if (auto bad = battle(n, live, StateMap(live.size() * 2), next)) return *bad;
        live.swap(next);
        if (prune(n, live.size(), [&](auto&& f) {
              for (auto& kp : live)
                if (kp.second > 0) f(kp.second);
            }) > 0)
          std::erase_if(live, [](const std::pair<std::uint64_t, double>& kp) { return !(kp.second > 0); });
        finish_step(live.size());
        if (on_battle) on_battle(n);
      }
    }
    for (size_t b = 1; b < fought_.size(); ++b)
      if (fought_[b] > 0) out_.battles_fought[static_cast<int>(b)] = fought_[b];
    for (size_t s = 0; s < 2; ++s)
      for (size_t i = 0; i < troops_left_[s].size(); ++i)
        if (troops_left_[s][i] > 0) out_.troops_left[s][values_[s][i]] += troops_left_[s][i];
    for (size_t e = 0; e < 3; ++e)
      for (size_t a = 0; a < kStandings; ++a)
        for (size_t b = 0; b < kStandings; ++b)
          if (endings_[e][a][b] > 0)
            out_.endings[EndingKey{static_cast<CampaignEnd>(e), {static_cast<Standing>(a), static_cast<Standing>(b)}}] =
                endings_[e][a][b];
    return std::move(out_);
  }

 private:
  /// Battle n is fought from so many states: within the bound of states to follow (`most`)?
  std::optional<Diagnostics> begin_battle(int n, size_t states, size_t most) {
    walked_ += states;
    if (walked_ > most) {
      Diagnostics d;
      d.error({}, "the campaign has too many states: more than " + std::to_string(most / 1000000) +
                      " million to follow by battle " + std::to_string(n) + "; give fewer battles");
      return d;
    }
    step_ = CampaignStep{};
    step_.battle = n;
    return std::nullopt;
  }

  /// After battle n (not the last), once the walk has followed more than limits_.prune_after
  /// states: leaves the lightest live states unfollowed (CampaignLimits); how many it left.
  /// `each(f)` calls f(double&) on every live state's probability; a state left out is set to 0.
  /// The states are taken by binades of probability (a power of 2, split in four), lightest first,
  /// while their sum stays within the battle's allowance: what is left of the budget shared over
  /// the battles still to fight, or every live state when all of them fit in what is left.
  template <class Each>
  size_t prune(int n, size_t states, Each&& each) {
    if (n >= out_.max_battles || walked_ + states <= limits_.prune_after) return 0;
    const double left = (limits_.mass_budget - out_.mass_not_followed) * (1 - 1e-9);  // margin for rounding
    if (!(left > 0)) return 0;
    binade_.assign(kBinades, 0.0);
    double live = 0;
    each([&](double& p) {
      binade_[binade(p)] += p;
      live += p;
    });
    const double allow = live <= left ? live : left / (out_.max_battles - n);
    size_t cut = 0;
    double sum = 0;
    while (cut < kBinades && (sum + binade_[cut] <= allow || live <= left)) sum += binade_[cut++];
    if (!(sum > 0)) return 0;
    double dropped = 0;
    size_t count = 0;
    each([&](double& p) {
      if (binade(p) < cut) {
        dropped += p;
        ++count;
        p = 0;
      }
    });
    out_.mass_not_followed += dropped;
    out_.states_not_followed += count;
    if (!out_.first_not_followed) out_.first_not_followed = n;
    return count;
  }
  /// A probability's binade: its exponent and the first two bits of its mantissa (below 2).
  static constexpr size_t kBinades = size_t{1} << 13;
  static size_t binade(double p) { return static_cast<size_t>(std::bit_cast<std::uint64_t>(p) >> 50) & (kBinades - 1); }

  /// Battle n fought from every live state; the states that fight on, merged in `next`, then
  /// written to `on`.
  template <class Sink>
  std::optional<Diagnostics> battle(int n, const std::vector<std::pair<std::uint64_t, double>>& live, Sink next,
                                    std::vector<std::pair<std::uint64_t, double>>& on) {
    for (const auto& [key, p] : live) {
      const State st = unpack(key);
      step_.p_fought += p;
      auto moves = outcomes(n, st);
      if (!moves) return moves.error();
      for (const auto& t : **moves)
        if (auto bad = move(n, st, p, t, next)) return bad;
    }
    next.items(on);
    return std::nullopt;
  }

  /// Battle n from dense states, a row at a time: `live`'s rows are in key order, each row holds
  /// the states of both fatigues and standings and the first side's troops, and each outcome takes
  /// the whole row to one row of `next`: the first side's effect is worked out once for it, and the
  /// second side's troops are a column of that row. The row's states fall in runs with the same
  /// odds (the same troop-ratio lines), each outcome's probability read for each run. The same
  /// sums as battle() (the order of the additions aside), without a row lookup for every state and
  /// outcome.
  std::optional<Diagnostics> battle_rows(int n, const DenseMap& live, DenseMap& next) {
    if (maps1_.empty()) side1_maps();
    for (const DenseMap::RowView& v : live.rows()) {
      cols_.clear();
      ps_.clear();
      segs_.clear();
      size_t a = v.lo;
      while (a <= v.hi) {
        if (v.cells[a] <= 0) {
          ++a;
          continue;
        }
        // The states [a, e) of the row with the same outcomes: the same troop-ratio lines (the
        // outcomes' key).
        const State st = unpack(v.rk | static_cast<std::uint64_t>(a) << kIndexBits);
        auto moves = outcomes(n, st);
        if (!moves) return moves.error();
        const std::uint32_t i0 = st.index[0];
        const std::uint32_t lines = lines_at(i0, static_cast<std::uint32_t>(a));
        size_t e = a + 1;
        while (e <= v.hi && (v.cells[e] <= 0 || lines_at(i0, static_cast<std::uint32_t>(e)) == lines)) ++e;
        // The run's states, packed (a row's columns between its first and last state are half
        // empty: every outcome walking them cost a tenth of the campaign's instructions).
        Segment seg{cols_.size(), 0, 0.0, &odds_by_outcome(**moves)};
        for (size_t col = a; col < e; ++col)
          if (v.cells[col] > 0) {
            cols_.push_back(static_cast<std::uint32_t>(col));
            ps_.push_back(v.cells[col]);
            seg.p += v.cells[col];
          }
        seg.end = cols_.size();
        step_.p_fought += seg.p;
        for (const auto& t : **moves)
          if (t.kind != Transition::result)
            for (size_t k = seg.begin; k < seg.end; ++k)
              if (auto bad = move(n, unpack(v.rk | static_cast<std::uint64_t>(cols_[k]) << kIndexBits), ps_[k], t, next))
                return bad;
        segs_.push_back(seg);
        a = e;
      }
      if (cols_.empty()) continue;
      segment_sums();
      const State st = unpack(v.rk | static_cast<std::uint64_t>(cols_.front()) << kIndexBits);
      // The row's states times each outcome's probability in their run, by outcome.
      p_row_.assign(results_.size(), 0.0);
      for (const Segment& seg : segs_) {
        const std::vector<double>& q = *seg.q_by_outcome;
        const size_t count = std::min(q.size(), p_row_.size());
        for (size_t o = 0; o < count; ++o) p_row_[o] += seg.p * q[o];
      }
      for (std::uint32_t o = 0; o < results_.size(); ++o)
        if (p_row_[o] > 0) {
          for (Segment& seg : segs_) seg.q = o < seg.q_by_outcome->size() ? (*seg.q_by_outcome)[o] : 0.0;
          result_rows(n, st, o, p_row_[o], next);
        }
    }
    return std::nullopt;
  }

  /// A battle's outcomes (a list of transitions) as the probability of each (winner, row) outcome
  /// by its id (a tie settled for a side adds to its row's), kept with the list.
  const std::vector<double>& odds_by_outcome(const std::vector<Transition>& moves) {
    auto [it, fresh] = q_by_outcome_.try_emplace(&moves);
    if (fresh)
      for (const Transition& t : moves)
        if (t.kind == Transition::result) {
          if (it->second.size() <= t.outcome) it->second.resize(t.outcome + 1, 0.0);
          it->second[t.outcome] += t.q;
        }
    return it->second;
  }

  /// Makes maps1_ and wounds_ (the distinct tables of the second side's wounded) for every outcome,
  /// once the troops are numbered (the first dense battle): the walk's inner loop reads them in
  /// place (effect()'s lookups were a quarter of its instructions).
  void side1_maps() {
    const size_t counts = values_[1].size();
    map_of_.assign(results_.size(), 0);
    wound_of_.assign(results_.size(), -1);
    for (std::uint32_t o = 0; o < results_.size(); ++o) {
      ColumnMap m;
      m.dest.assign(counts, kNoDest);
      m.troops.assign(counts, 0.0);
      std::vector<double> w(counts, 0.0);
      bool wounds = false;
      const SideResult& t = results_[o][1];
      for (size_t i = 0; i < counts; ++i) {
        // apply_result as effect() applies it, without numbering a count no live state reaches
        // (the counts left after the last battle): kNoDest, left to side1_effect.
        ForceState fs;
        fs.troops = values_[1][i];
        apply_result(casualties_for(R_, fs.troops, t.casualties_pct, t.fatigue, t.location, t.location_units, t.won), fs);
        w[i] = static_cast<double>(fs.wounded);
        wounds = wounds || fs.wounded != 0;
        m.troops[i] = static_cast<double>(fs.troops);
        if (const auto it = index_[1].find(fs.troops); it != index_[1].end()) m.dest[i] = it->second;
        if (m.dest[i] == kNoDest || fs.troops == 0) m.clean_from = static_cast<std::uint32_t>(i + 1);
        if (i > 0 && m.dest[i] != kNoDest && m.dest[i - 1] != kNoDest && m.dest[i] < m.dest[i - 1]) m.monotone = false;
      }
      auto same = std::find_if(maps1_.begin(), maps1_.end(), [&](const ColumnMap& x) { return x.dest == m.dest; });
      if (same == maps1_.end()) same = maps1_.insert(maps1_.end(), std::move(m));
      map_of_[o] = static_cast<size_t>(same - maps1_.begin());
      if (wounds) {
        auto found = std::find(wounds_.begin(), wounds_.end(), w);
        if (found == wounds_.end()) found = wounds_.insert(wounds_.end(), std::move(w));
        wound_of_[o] = static_cast<int>(found - wounds_.begin());
      }
    }
  }
  void segment_sums() { detail::segment_sums(segs_, cols_, ps_, maps1_, wounds_, seg_sums_); }

  /// What outcome o does to a row's states apart from their second side's troops: the state
  /// after it (first side's troops, both fatigues and standings, the second side's standing as
  /// when it is not destroyed), whether it decides the campaign, and the first side's wounded.
  struct RowEffect {
    State to;
    bool decided = false;
    double wounded0 = 0;
  };
  RowEffect row_effect(const State& st, std::uint32_t o) {
    const std::array<SideResult, 2>& r = results_[o];
    const Effect e0 = effect(0, st.index[0], o);
    RowEffect x{st, false, static_cast<double>(e0.wounded)};
    x.to.index[0] = static_cast<std::uint32_t>(e0.dest);
    std::array<ForceState, 2> fs;
    for (size_t s = 0; s < 2; ++s) {
      if (r[s].fatigue && static_cast<int>(*r[s].fatigue) > static_cast<int>(x.to.fatigue[s]))
        x.to.fatigue[s] = *r[s].fatigue;
      fs[s].location = r[s].location;
      fs[s].routed = r[s].location == Location::rout || r[s].location == Location::none;
    }
    fs[0].destroyed = values_[0][x.to.index[0]] == 0;
    // (Under the no_result tie policy the row's key keeps both standings: a tie after this battle
    // leaves them, and the second side's must be this battle's, not the one it came with.)
    for (size_t s = 0; s < 2; ++s) x.to.standing[s] = standing_of(fs[s]);
    x.decided = fs[0].routed || fs[0].destroyed || fs[1].routed;
    return x;
  }

  /// Outcome o of the states of one row (cols_ and ps_, its runs segs_ with the outcome's
  /// probability in each; st: one of the states; p_row: the states' sum times those
  /// probabilities), as move() applies it to each.
  void result_rows(int n, const State& st, std::uint32_t o, double p_row, DenseMap& next) {
    const RowEffect x = row_effect(st, o);
    const State& to = x.to;
    const Standing standing1 = to.standing[1];  // when the second side is not destroyed
    const bool decided = x.decided;
    out_.expected_wounded[0] += p_row * x.wounded0;
    const bool goes_on = !decided && n != out_.max_battles;
    State key = to;
    if (!keep_standing_) key.standing = {};
    DenseMap::RowCells row{nullptr, 0};
    const auto initial1 = static_cast<double>(out_.initial_troops[1]);
    // The sums over the row in locals (the compiler cannot keep members in registers across the
    // stores to the cells), added to the walk's once at the end.
    Spread on;     // the states that fight on, and every state's wounded
    RunEnds ends;  // the states that end here
    // A state whose second side is destroyed, or whose troops left were not numbered (the counts
    // below the map's clean_from): one at a time; its wounded are in the segment's sums.
    const auto one = [&](std::uint32_t i1, double m) {
      const Side1 e1 = side1_effect(i1, o);
      if (decided || e1.destroyed || !goes_on) {
        // end_side(1, ...), its troops looked up once.
        const Standing standing = e1.destroyed ? Standing::destroyed : standing1;
        troops_left_[1][e1.dest] += m;
        ends.p1[static_cast<size_t>(standing)] += m;
        ends.troops1 += m * e1.troops;
        ends.lost1 += m * (initial1 - e1.troops);
        ends.by[decided || e1.destroyed ? 0 : 1][e1.destroyed ? 1 : 0] += m;
      } else {
        const size_t col = e1.dest;
        row.cells[col] += m;
        on.lo = std::min(on.lo, col);
        on.hi = std::max(on.hi, col);
        on.p += m;
        on.troops += m * e1.troops;
      }
    };
    const ColumnMap& map = maps1_[map_of_[o]];
    const std::uint32_t* dest = map.dest.data();
    const size_t stride = maps1_.size() * 2 + wounds_.size();
    const size_t wound = wound_of_[o] < 0 ? 0 : maps1_.size() * 2 + static_cast<size_t>(wound_of_[o]);
    const std::uint32_t* cols = cols_.data();
    const double* ps = ps_.data();
    double* cells = nullptr;
    if (goes_on) {
      row = next.open_row(pack(key) & ~(kIndexMask << kIndexBits));
      cells = row.cells;
    }
    double alive = 0, troops = 0, wounded = 0;
    for (size_t g = 0; g < segs_.size(); ++g) {
      const Segment& seg = segs_[g];
      const double q = seg.q;
      if (!(q > 0)) continue;
      size_t k = seg.begin;
      for (; k < seg.end && cols[k] < map.clean_from; ++k) one(cols[k], ps[k] * q);
      const double* sums = &seg_sums_[g * stride];
      alive += q * sums[2 * map_of_[o]];
      troops += q * sums[2 * map_of_[o] + 1];
      if (wound_of_[o] >= 0) wounded += q * sums[wound];
      if (k == seg.end) continue;
      // The states left all have a second side numbered and not destroyed: a bare scatter.
      if (goes_on) {
        for (size_t i = k; i < seg.end; ++i) cells[dest[cols[i]]] += ps[i] * q;
        if (map.monotone) {
          on.lo = std::min<size_t>(on.lo, dest[cols[k]]);
          on.hi = std::max<size_t>(on.hi, dest[cols[seg.end - 1]]);
        } else {
          for (size_t i = k; i < seg.end; ++i) {
            on.lo = std::min<size_t>(on.lo, dest[cols[i]]);
            on.hi = std::max<size_t>(on.hi, dest[cols[i]]);
          }
        }
      } else {
        // (Read after one(), which may number a count and so move troops_left_.)
        double* left = troops_left_[1].data();
        for (size_t i = k; i < seg.end; ++i) left[dest[cols[i]]] += ps[i] * q;
      }
    }
    on.wounded += wounded;
    if (goes_on) {
      on.p += alive;
      on.troops += troops;
    } else {
      ends.p1[static_cast<size_t>(standing1)] += alive;
      ends.troops1 += troops;
      ends.lost1 += initial1 * alive - troops;
      ends.by[decided ? 0 : 1][0] += alive;
    }
    add_run(n, to, standing1, on, ends, next, row);
  }

  /// Numbers each side's troop counts in increasing order, from every count reachable in the
  /// campaign's battles, when every outcome is known from two battles that cover all the rows and
  /// the counts are few enough for dense rows; else (false) they are numbered as met.
  bool number_troops(State& start) {
    if (!first_.odds.combat) return false;
    for (const int diff : {76, -76}) {
      auto spec = first_.spec;
      spec[0].modified_br = spec[1].modified_br + diff;
      auto odds = resolve_battle(R_, spec[0], spec[1], c_.options);
      if (!odds) return false;
      for (const auto& r : odds->rows) outcome_of(r);
    }
    if (results_.size() != 2 * R_.results.size()) return false;
    std::array<std::vector<std::int64_t>, 2> reach;
    for (size_t s = 0; s < 2; ++s) {
      std::set<std::int64_t> seen{out_.initial_troops[s]};
      std::vector<std::int64_t> frontier{out_.initial_troops[s]};
      for (int depth = 0; depth < out_.max_battles && !frontier.empty(); ++depth) {
        std::vector<std::int64_t> found;
        for (const std::int64_t t : frontier)
          for (const auto& r : results_) {
            const SideResult& x = r[s];
            ForceState fs;
            fs.troops = t;
            apply_result(casualties_for(R_, t, x.casualties_pct, x.fatigue, x.location, x.location_units, x.won), fs);
            if (seen.insert(fs.troops).second) found.push_back(fs.troops);
          }
        if (seen.size() > kDenseCounts) return false;
        frontier = std::move(found);
      }
      reach[s].assign(seen.begin(), seen.end());
    }
    const size_t rows = reach[0].size() * 9 * (keep_standing_ ? 9 : 1);
    if (rows * reach[1].size() > kDenseCells) return false;
    for (size_t s = 0; s < 2; ++s) {
      for (const std::int64_t t : reach[s]) index_of(s, t);
      start.index[s] = index_of(s, out_.initial_troops[s]);
    }
    return true;
  }

  std::uint32_t index_of(size_t s, std::int64_t troops) {
    auto [it, fresh] = index_[s].try_emplace(troops, static_cast<std::uint32_t>(values_[s].size()));
    if (fresh) {
      values_[s].push_back(troops);
      effects_[s].resize(effects_[s].size() + 2 * R_.results.size());
      troops_left_[s].push_back(0);
    }
    return it->second;
  }

  /// The outcome index of a (winner, row), its effects kept as the template of every later battle
  /// (tactics, casualty scale and roles do not change between battles).
  /// A result's fatigue is the worse of the row's and the one the side brought (resolve_battle).
  /// number_troops registers every (winner, row) from the first battle's sides, and a state's
  /// fatigue never falls below theirs, so the worse of a state's and the kept result's is the
  /// worse of the state's and the row's: exact for every later battle.
  std::uint32_t outcome_of(const RowOdds& r) {
    const size_t id = static_cast<size_t>(r.winner) * R_.results.size() + r.row;
    if (outcome_id_.size() <= id) outcome_id_.resize(2 * R_.results.size(), -1);
    if (outcome_id_[id] < 0) {
      outcome_id_[id] = static_cast<int>(results_.size());
      results_.push_back(r.result);
    }
    return static_cast<std::uint32_t>(outcome_id_[id]);
  }

  /// A battle's outcomes from its exact odds: each (winner, row) by its share of the d100 pairs; a
  /// tie by the policy: settled for a side (its row), no result, or rolled again (the decisive
  /// shares divided by the decisive pairs), as resolve_battle and roll_battle settle it.
  std::vector<Transition> transitions(const Odds& o) {
    if (!o.combat) return {Transition{Transition::no_combat, 0, 1.0}};
    std::vector<Transition> out;
    const bool reroll = !o.tie_row && c_.options.tie != TiePolicy::no_result && o.pairs_tie > 0;
    const double denom = reroll ? static_cast<double>(o.pairs_win[0] + o.pairs_win[1]) : 10000.0;
    for (const auto& r : o.rows)
      out.push_back({Transition::result, outcome_of(r), static_cast<double>(r.pairs) / denom});
    if (o.tie_row)
      out.push_back({Transition::result, outcome_of(*o.tie_row), static_cast<double>(o.tie_row->pairs) / 10000.0});
    else if (!reroll && o.pairs_tie > 0)
      out.push_back({Transition::no_result, 0, static_cast<double>(o.pairs_tie) / 10000.0});
    return out;
  }

  /// The troop-ratio line of each side for these troops (War Machine, "Troop ratio"; a simple-siege
  /// defender counts its troops x4, as battle_adjustments counts them): with the fatigue, all that
  /// changes a later battle's modified BRs, so the key of its odds.
  std::array<int, 2> ratio_lines(const State& st) const {
    std::array<std::int64_t, 2> counted{};
    for (size_t s = 0; s < 2; ++s)
      counted[s] = troops_for_ratio(R_, c_.battle, pair_[s].force.role, values_[s][st.index[s]]);
    std::array<int, 2> line{};
    for (size_t s = 0; s < 2; ++s)
      if (counted[s] > counted[1 - s])
        line[s] = troop_ratio_adjustment(R_, counted[s], counted[1 - s], c_.battle.ratio_reading);
    return line;
  }

  /// ratio_lines of the troops indexes (i0, i1) of dense rows, packed in 32 bits, kept in a table
  /// of every pair (a twentieth of the walk's time was working them out for every state).
  /// Counts numbered after the table was made (effect() may number more) are worked out each time.
  std::uint32_t lines_at(std::uint32_t i0, std::uint32_t i1) {
    if (lines_.empty()) {
      lines_n_ = {values_[0].size(), values_[1].size()};
      lines_.assign(lines_n_[0] * lines_n_[1], kNoLines);
    }
    const bool kept = i0 < lines_n_[0] && i1 < lines_n_[1];
    std::uint32_t fresh = kNoLines;
    std::uint32_t& l = kept ? lines_[static_cast<size_t>(i0) * lines_n_[1] + i1] : fresh;
    if (l == kNoLines) {
      State st;
      st.index = {i0, i1};
      const auto line = ratio_lines(st);
      l = static_cast<std::uint32_t>(static_cast<std::uint16_t>(line[0])) |
          static_cast<std::uint32_t>(static_cast<std::uint16_t>(line[1])) << 16;
    }
    return l;
  }
  static constexpr std::uint32_t kNoLines = ~std::uint32_t{0};

  /// The outcomes of the battle fought from state `st` as battle n (the first battle is `first`):
  /// the sides of a later battle come from next_round, as roll_battle makes them.
  Expected<const std::vector<Transition>*> outcomes(int n, const State& st) {
    if (n == 1) {
      if (first_moves_.empty()) first_moves_ = transitions(first_.odds);
      return &first_moves_;
    }
    const auto line = ratio_lines(st);
    const auto key = std::make_tuple(st.fatigue[0], st.fatigue[1], line[0], line[1]);
    auto it = cache_.find(key);
    if (it != cache_.end()) return &it->second;
    std::array<RatedForce, 2> x = pair_;
    std::array<ForceState, 2> fs;
    for (size_t s = 0; s < 2; ++s) {
      fs[s].troops = values_[s][st.index[s]];
      fs[s].fatigue = st.fatigue[s];
    }
    auto spec = next_round(R_, x, fs, c_);
    if (!spec) return spec.error();
    auto odds = resolve_battle(R_, (*spec)[0], (*spec)[1], c_.options);
    if (!odds) return odds.error();
    ++out_.battles_resolved;
    out_.ruled = either(std::move(out_.ruled), odds->ruled.any());
    return &cache_.emplace(key, transitions(*odds)).first->second;
  }

  /// The second side's effect of an outcome on one troop count, as result_rows reads it one state
  /// at a time (its wounded are in the segment sums).
  static constexpr std::uint32_t kNoDest = ~std::uint32_t{0};
  struct Side1 {
    std::uint32_t dest = kNoDest;  ///< index of the troops left
    bool destroyed = false;        ///< no troops left
    double troops = 0;             ///< the troops left
  };
  Side1 side1_effect(std::uint32_t i, std::uint32_t o) {
    const auto dest = static_cast<std::uint32_t>(effect(1, i, o).dest);
    return {dest, values_[1][dest] == 0, static_cast<double>(values_[1][dest])};
  }
  /// Adds a run's sums (result_rows) to the walk's: the second side's ends and figures, both
  /// sides' ends of the campaigns that end, and the row (columns on.lo..on.hi) the others fight on in.
  void add_run(int n, const State& to, Standing standing1, const Spread& on, const RunEnds& ends, DenseMap& next,
               const DenseMap::RowCells& row) {
    out_.expected_wounded[1] += on.wounded;
    for (size_t k = 0; k < kStandings; ++k) ended_[1].p[k] += ends.p1[k];
    ended_[1].expected_troops += ends.troops1;
    lost_[1] += ends.lost1;
    if (on.p > 0) {
      step_.side[1].p[static_cast<size_t>(standing1)] += on.p;
      step_.side[1].expected_troops += on.troops;
    }
    for (size_t why = 0; why < 2; ++why)
      for (size_t d = 0; d < 2; ++d)
        if (const double m = ends.by[why][d]; m > 0) {
          end_both(n, why == 0 ? CampaignEnd::decided : CampaignEnd::limit,
                   {to.standing[0], d == 1 ? Standing::destroyed : standing1}, m);
          end_side(0, to.index[0], to.standing[0], m);
        }
    if (row.cells) {
      next.mark(row.id, on.lo, on.hi);
      step_.side[0].p[static_cast<size_t>(to.standing[0])] += on.p;
      step_.side[0].expected_troops += on.p * static_cast<double>(values_[0][to.index[0]]);
    }
  }

  /// Side s with troops index i takes outcome `o`: its troops left and its wounded.
  const Effect& effect(size_t s, std::uint32_t i, std::uint32_t o) {
    // One row of 2 x (combat-results rows) cells a troop count: outcome ids never exceed it.
    const size_t at = static_cast<size_t>(i) * 2 * R_.results.size() + o;
    if (effects_[s][at].dest >= 0) return effects_[s][at];
    const SideResult& t = results_[o][s];
    ForceState fs;
    fs.troops = values_[s][i];
    apply_result(casualties_for(R_, fs.troops, t.casualties_pct, t.fatigue, t.location, t.location_units, t.won), fs);
    const std::uint32_t dest = index_of(s, fs.troops);
    auto& cell = effects_[s][at];  // index_of may have grown effects_[s]
    cell.dest = static_cast<std::int32_t>(dest);
    cell.wounded = fs.wounded;
    return cell;
  }

  template <class Sink>
  std::optional<Diagnostics> move(int n, const State& st, double p, const Transition& t, Sink& next) {
    const double m = p * t.q;
    if (t.kind == Transition::no_combat) {
      end(n, CampaignEnd::no_combat, st, m);
      return std::nullopt;
    }
    State to = st;
    bool decided = false;
    if (t.kind == Transition::result) {
      // The first side and both standings as for a row (row_effect), then the second side's troops.
      const RowEffect x = row_effect(st, t.outcome);
      const Effect e1 = effect(1, st.index[1], t.outcome);
      to = x.to;
      to.index[1] = static_cast<std::uint32_t>(e1.dest);
      const bool destroyed1 = values_[1][to.index[1]] == 0;
      if (destroyed1) to.standing[1] = Standing::destroyed;
      decided = x.decided || destroyed1;
      out_.expected_wounded[0] += m * x.wounded0;
      out_.expected_wounded[1] += m * static_cast<double>(e1.wounded);
    }
    if (decided)
      end(n, CampaignEnd::decided, to, m);
    else if (n == out_.max_battles)
      end(n, CampaignEnd::limit, to, m);
    else {
      for (size_t s = 0; s < 2; ++s) {
        step_.side[s].p[static_cast<size_t>(to.standing[s])] += m;
        step_.side[s].expected_troops += m * static_cast<double>(values_[s][to.index[s]]);
      }
      if (to.index[0] > kIndexMask || to.index[1] > kIndexMask) {
        Diagnostics d;
        d.error({}, "the campaign has too many states (more than 16,777,216 troop counts a side): give fewer battles");
        return d;
      }
      State key = to;
      if (!keep_standing_) key.standing = {};
      next.add(pack(key), m);
    }
    return std::nullopt;
  }

  /// A campaign that ends after battle n in state `st`.
  void end(int n, CampaignEnd why, const State& st, double m) {
    end_both(n, why, st.standing, m);
    for (size_t s = 0; s < 2; ++s) end_side(s, st.index[s], st.standing[s], m);
  }
  /// What campaigns (of probability m) ending after battle n with these standings add, apart from
  /// each side's troops (end_side).
  void end_both(int n, CampaignEnd why, const std::array<Standing, 2>& standing, double m) {
    fought_[static_cast<size_t>(n)] += m;
    endings_[static_cast<size_t>(why)][static_cast<size_t>(standing[0])][static_cast<size_t>(standing[1])] += m;
    ended_p_ += m;
    out_.expected_battles += m * n;
  }
  /// Side s of campaigns (of probability m) ending with troops index i and this standing.
  void end_side(size_t s, std::uint32_t i, Standing standing, double m) {
    const double troops = static_cast<double>(values_[s][i]);
    troops_left_[s][i] += m;
    ended_[s].p[static_cast<size_t>(standing)] += m;
    ended_[s].expected_troops += m * troops;
    lost_[s] += m * (static_cast<double>(out_.initial_troops[s]) - troops);
  }

  /// After battle n: the ended campaigns with their last standing, and the live ones.
  void finish_step(size_t states) {
    for (size_t s = 0; s < 2; ++s) {
      for (size_t k = 0; k < kStandings; ++k) step_.side[s].p[k] += ended_[s].p[k];
      step_.side[s].expected_troops += ended_[s].expected_troops;
      // Killed and wounded together are the troops lost (apply_result).
      out_.expected_killed[s] = lost_[s] - out_.expected_wounded[s];
    }
    step_.p_ended = ended_p_;
    step_.states = states;
    out_.max_states = std::max(out_.max_states, states);
    out_.steps.push_back(step_);
  }

  const Rules& R_;
  const std::array<RatedForce, 2>& pair_;
  const Engagement& first_;
  const BattleConfig& c_;
  CampaignLimits limits_;
  bool keep_standing_ = false;
  Campaign out_;
  CampaignStep step_;
  std::array<std::unordered_map<std::int64_t, std::uint32_t>, 2> index_;
  std::array<std::vector<std::int64_t>, 2> values_;
  std::array<std::vector<Effect>, 2> effects_;  ///< [troops index][outcome id], flattened
  std::array<std::vector<double>, 2> troops_left_;
  std::vector<int> outcome_id_;
  std::vector<std::array<SideResult, 2>> results_;
  std::vector<Transition> first_moves_;
  std::map<std::tuple<Fatigue, Fatigue, int, int>, std::vector<Transition>> cache_;
  std::array<std::array<std::array<double, kStandings>, kStandings>, 3> endings_{};
  std::array<SideAfter, 2> ended_{};
  std::array<double, 2> lost_{};
  double ended_p_ = 0;
  size_t walked_ = 0;
  std::vector<double> fought_;  ///< by battles fought, gathered into out_.battles_fought at the end
  DenseMap::Pool pool_;  ///< zeroed cell blocks handed from one battle's DenseMap to the next
  std::vector<Segment> segs_;                          ///< and its runs of the same odds
  std::vector<double> p_row_;                          ///< battle_rows: the row's probability times each outcome's
  std::vector<std::uint32_t> cols_;  ///< battle_rows's states of one row: the second side's troops indexes
  std::vector<double> ps_;           ///< and their probabilities
  std::vector<ColumnMap> maps1_;     ///< side1_maps: the second side's distinct troop maps
  std::vector<size_t> map_of_;       ///< [outcome]: its map in maps1_
  std::vector<std::vector<double>> wounds_;  ///< the second side's distinct wound tables
  std::vector<int> wound_of_;                ///< [outcome]: its table in wounds_, -1 when none is wounded
  std::vector<double> seg_sums_;             ///< segment_sums: [segment][map's p and troops..., tables]
  std::unordered_map<const std::vector<Transition>*, std::vector<double>> q_by_outcome_;  ///< odds_by_outcome
  std::vector<double> binade_;             ///< prune: the live probability in each binade
  std::vector<std::uint32_t> lines_;       ///< lines_at: [i0 * counts of side 1 + i1]
  std::array<size_t, 2> lines_n_{};        ///< the counts of each side when lines_ was made
};

}  // namespace

Expected<Campaign> campaign(const Rules& rules, const std::array<RatedForce, 2>& pair, const Engagement& first,
                            const BattleConfig& c, int max_battles, const std::function<void(int)>& on_battle,
                            const CampaignLimits& limits) {
  if (max_battles < 1) return Expected<Campaign>::failure("a campaign has at least one battle");
  return Walk(rules, pair, first, c, max_battles, limits).run(on_battle);
}

}  // namespace gunpowder::war
