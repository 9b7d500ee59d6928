// battle.cpp - a battle between many forces (seed 004, "Divide forces"): rating every force,
// dividing forces and sorting them into two sides, pairing them one battle each, and fighting
// each pair's battle (adjustments and exact odds).
#include "gunpowder/war/battle.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "gunpowder/core/parallel.hpp"

namespace gunpowder::war {

namespace {

/// Below this many items, one thread does the work (a thread costs more than it saves).
constexpr size_t kThreadedMin = 256;

/// Runs fn(from, to) over [0, n): on two threads when n >= kThreadedMin, else on this one. Each
/// index writes only its own slot, so results keep the input order whatever the split.
template <class Fn>
void split_work(size_t n, Fn&& fn) {
  parallel::ranges(n, n >= kThreadedMin ? 2 : 1, [&](unsigned, size_t from, size_t to) { fn(from, to); });
}

/// "Divide forces" (l. 68): each part of a divided force keeps its BR and takes its share of the
/// troops; the parts are named "<name> 1", "<name> 2", ...
void divide(std::vector<RatedForce>& rated) {
  const bool any = std::any_of(rated.begin(), rated.end(), [](const RatedForce& x) { return !x.split.empty(); });
  if (!any) return;
  std::vector<RatedForce> expanded;
  for (auto& x : rated) {
    if (x.split.empty()) {
      expanded.push_back(std::move(x));
      continue;
    }
    for (size_t k = 0; k < x.split.size(); ++k) {
      RatedForce part = x;
      part.parent = x.force.name;
      part.force.name = x.force.name + " " + std::to_string(k + 1);
      part.force.troops = x.split[k];
      part.force.wounded = 0;
      expanded.push_back(std::move(part));
    }
  }
  rated = std::move(expanded);
}

/// The side keys in order of first appearance; a force without `side` takes its role, else its
/// own name (the name of the force it was divided from).
std::vector<std::string> side_keys(std::vector<RatedForce>& rated) {
  std::vector<std::string> keys;
  for (auto& x : rated) {
    auto& f = x.force;
    if (f.side.empty()) f.side = f.role != Role::none ? to_string(f.role) : (x.parent.empty() ? f.name : x.parent);
    if (std::find(keys.begin(), keys.end(), f.side) == keys.end()) keys.push_back(f.side);
  }
  return keys;
}

/// The error when the forces do not make exactly two sides.
Diagnostics not_two_sides(const std::vector<RatedForce>& rated, const std::vector<std::string>& keys) {
  Diagnostics d;
  const auto& last = rated.back();
  const bool all_defend =
      std::all_of(rated.begin(), rated.end(), [](const RatedForce& x) { return x.force.role == Role::defender; });
  if (keys.size() < 2 && all_defend) {
    d.field_error(force_field(last.source, "role"),
                  "both sides are defending: one side must attack (role = \"attacker\")");
  } else if (keys.size() < 2 && rated.size() < 2) {
    d.field_error(force_field(last.source, "name"),
                  "a battle needs a second force: the file has only '" + last.force.name + "'");
  } else if (keys.size() < 2) {
    d.field_error(force_field(rated.front().source), "a battle needs two sides; every force is on side '" +
                                                         keys.front() + "' (give each force a role or a side)");
  } else {
    std::string list;
    for (const auto& k : keys) list += (list.empty() ? "" : ", ") + k;
    d.field_error(force_field(rated.front().source), "a battle has two sides, and the forces name " +
                                                         std::to_string(keys.size()) + ": " + list +
                                                         " (give each force a side)");
  }
  return d;
}

/// Roles: the same within a side, and not both sides defending; a force without one takes its
/// side's.
void settle_roles(std::vector<RatedForce>& rated, const Sides& s, Diagnostics& d) {
  std::array<Role, 2> role{Role::none, Role::none};
  for (size_t k = 0; k < 2; ++k)
    for (size_t i : s.members[k]) {
      const auto& x = rated[i];
      if (x.force.role == Role::none) continue;
      if (role[k] != Role::none && role[k] != x.force.role)
        d.field_error(force_field(x.source, "role"), "forces on side '" + s.name[k] + "' have different roles");
      role[k] = x.force.role;
    }
  if (role[0] == Role::defender && role[1] == Role::defender)
    d.field_error(force_field(rated[s.members[1].front()].source, "role"),
                  "both sides are defending: one side must attack (role = \"attacker\")");
  for (size_t k = 0; k < 2; ++k)
    for (size_t i : s.members[k])
      if (rated[i].force.role == Role::none) rated[i].force.role = role[k];
}

/// The `opponent` pairs given in the input, as (side 0 position, side 1 position).
Expected<std::vector<std::pair<size_t, size_t>>> fixed_pairs(const std::vector<RatedForce>& rated, const Sides& sides) {
  Diagnostics d;
  std::unordered_map<std::string_view, std::pair<int, size_t>> where;  // name -> (side, position)
  where.reserve(sides.members[0].size() + sides.members[1].size());
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < sides.members[k].size(); ++p)
      where[rated[sides.members[k][p]].force.name] = {static_cast<int>(k), p};
  std::vector<std::pair<size_t, size_t>> fixed;
  std::unordered_map<std::string_view, std::string_view> partner;
  partner.reserve(where.size());
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < sides.members[k].size(); ++p) {
      const auto& x = rated[sides.members[k][p]];
      if (!x.force.opponent) continue;
      const std::string& other = *x.force.opponent;
      const auto it = where.find(other);
      if (it == where.end() || it->second.first == static_cast<int>(k)) {
        d.field_error(force_field(x.source, "opponent"), "opponent '" + other + "' is not a force of the other side");
        continue;
      }
      auto [a, fresh_a] = partner.emplace(std::string_view(x.force.name), std::string_view(other));
      auto [b, fresh_b] = partner.emplace(std::string_view(other), std::string_view(x.force.name));
      if ((!fresh_a && a->second != other) || (!fresh_b && b->second != x.force.name)) {
        d.field_error(force_field(x.source, "opponent"),
                      "'" + x.force.name + "' and '" + other + "' are each paired with another force");
        continue;
      }
      if (fresh_a && fresh_b) fixed.emplace_back(k == 0 ? p : it->second.second, k == 0 ? it->second.second : p);
    }
  if (!d.empty()) return d;
  return fixed;
}

// ---------------------------------------------------------------------------------------------
// Fast pairing. The book's rule (match_forces) asks, for each chooser, the winning chance against
// every free opponent: n^2 battles worked out. Here a pair's chance is taken apart instead:
//   D = (final BR of the chooser) - (final BR of the opponent)
//     = C(chooser, opponent's kind) - B(opponent, chooser's kind) + g(chooser's troops, opponent's troops)
// where an opponent's "kind" is what the other side's adjustments look at (troop-class rank,
// flyers, tactic) and g is the troop-ratio line, which never grows as the opponent's troops grow.
// The chance is a function of D alone for a given side (the tie policy looks only at D and the
// sides' roles), constant outside a window and increasing inside it; so "the opponent it is most
// likely to beat, the first in input order among equals" is the free opponent of the highest
// clamped D, then of the lowest position. Opponents of one kind sit in a tree ordered by troops
// whose nodes keep the lowest B and the lowest position of their free members; each choice is a
// bounded search of those trees: about log n steps per kind.

/// The parts of a force's final BR in a battle, as battle_adjustments and side_spec work it out.
struct Profile {
  int own_base = 0;  ///< BR + fatigue + weeks besieged
  /// Its situation lines by the opponent's flyer bucket and whether both troop-class ranks are known.
  std::array<std::array<int, 2>, 3> own{};
  int gives = 0;  ///< leader-loss lines: go to the opponent
  std::optional<int> rank;
  int fly = 0;               ///< as a defender's opponent: 0 the lines count, 1 halved, 2 ignored
  int tactic = 0;            ///< index into the tactics (0: none)
  std::int64_t counted = 0;  ///< troops for the ratio (a simple-siege defender's x4)
};

int halved_up(int br) { return br >= 0 ? (br + 1) / 2 : -((-br) / 2); }

int fly_bucket(const Rules& R, const std::optional<double>& fly) {
  if (fly && *fly >= 100 && R.defender_flyers.ignore_if_all_attackers_fly) return 2;
  if (fly && *fly >= R.defender_flyers.halve_if_attacker_flyers_pct_min) return 1;
  return 0;
}

/// One situation line's value against an opponent of flyer bucket `fb`.
int line_value(const Rules& R, const Adjustment& a, const BattleSettings& s, int fb) {
  if (!R.group(a.group)->defender_only) return a.br;
  if (s.siege_machine && a.ignore_with_siege_machine) return 0;
  if (fb == 2) return 0;
  return fb == 1 ? halved_up(a.br) : a.br;
}

Profile profile_of(const Rules& R, const PairingForce& f, const BattleSettings& s,
                   const std::vector<std::string>& tactics) {
  Profile p;
  p.own_base = f.br;
  if (f.fatigue != Fatigue::none) p.own_base += R.fatigue_line(f.fatigue)->br;
  if (s.simple_siege && s.weeks_besieged > 0 && f.role == Role::attacker)
    p.own_base += s.weeks_besieged * R.simple_siege.besiege_br_per_week;
  for (const auto& id : *f.situation) {
    const Adjustment* a = R.adjustment(id);
    if (a->benefits_opponent) {
      p.gives += a->br;
      continue;
    }
    for (int fb = 0; fb < 3; ++fb)
      for (int both = 0; both < 2; ++both)
        if (!(both && a->troop_class_advantage))
          p.own[static_cast<size_t>(fb)][static_cast<size_t>(both)] += line_value(R, *a, s, fb);
  }
  p.rank = f.troop_class_rank;
  p.fly = fly_bucket(R, f.flying_pct);
  p.tactic =
      f.tactic ? static_cast<int>(std::find(tactics.begin(), tactics.end(), *f.tactic) - tactics.begin()) + 1 : 0;
  p.counted = troops_for_ratio(R, s, f.role, f.troops);
  return p;
}

/// What a chooser of one side makes of D: the chance is 0 up to `lo` and constant from `hi` on,
/// strictly growing between; levels are D clamped to [lo, hi].
struct Levels {
  int lo = 0, hi = 0;
};

/// The chance of side `s` for every D of the window, from resolve_battle itself; nullopt when it
/// does not have the shape the search relies on.
std::optional<Levels> levels_for(const Rules& R, size_t s, const std::array<Role, 2>& roles, const BattleOptions& opt) {
  constexpr int kWindow = 250;  // beyond +-199 (two d100 differences) nothing changes
  std::vector<double> p;
  for (int d = -kWindow; d <= kWindow; ++d) {
    SideSpec a, b;
    a.role = roles[0];
    b.role = roles[1];
    (s == 0 ? a : b).modified_br = d;
    auto o = resolve_battle(R, a, b, opt);
    if (!o) return std::nullopt;
    p.push_back(o->p_win_resolved[s]);
  }
  // The book's rule takes chances within 1e-12 of each other as equal (0.9999999999999999 after a
  // reroll and 1 are one level): the lowest and highest levels gather such values, and every
  // other step must be a real one.
  constexpr double kSame = 1e-12;
  if (p.front() != 0) return std::nullopt;  // a battle without combat counts as 0: the lowest level
  size_t lo = 0, hi = p.size() - 1;
  while (lo + 1 < p.size() && p[lo + 1] <= p.front() + kSame) ++lo;
  while (hi > 0 && p[hi - 1] >= p.back() - kSame) --hi;
  if (lo == 0 || hi == p.size() - 1 || lo >= hi) return std::nullopt;
  for (size_t k = lo; k < hi; ++k)
    if (!(p[k + 1] > p[k] + kSame)) return std::nullopt;
  return Levels{static_cast<int>(lo) - kWindow, static_cast<int>(hi) - kWindow};
}

/// The troop-ratio lines' difference for a force of `mine` counted troops against `theirs`.
int ratio_gain(const Rules& R, std::int64_t mine, std::int64_t theirs, RatioReading reading) {
  if (mine > theirs) return troop_ratio_adjustment(R, mine, theirs, reading);
  if (theirs > mine) return -troop_ratio_adjustment(R, theirs, mine, reading);
  return 0;
}

constexpr size_t kNone = static_cast<size_t>(-1);
constexpr int kNoB = std::numeric_limits<int>::max();

/// The free opponents of one kind, ordered by counted troops: a segment tree keeping, per node,
/// the lowest B (for each of the chooser's six kinds) and the lowest position of its free members.
class KindTree {
 public:
  KindTree(std::vector<size_t> members, const std::vector<Profile>& prof) : pos_(std::move(members)) {
    std::stable_sort(pos_.begin(), pos_.end(), [&](size_t a, size_t b) { return prof[a].counted < prof[b].counted; });
    size_ = 1;
    while (size_ < pos_.size()) size_ *= 2;
    min_b_.assign(2 * size_, {kNoB, kNoB, kNoB, kNoB, kNoB, kNoB});
    min_pos_.assign(2 * size_, kNone);
    left_t_.assign(2 * size_, 0);
    for (size_t i = 0; i < pos_.size(); ++i) {
      const Profile& q = prof[pos_[i]];
      for (size_t v = 0; v < 6; ++v) min_b_[size_ + i][v] = b_of(q, v);
      min_pos_[size_ + i] = pos_[i];
      left_t_[size_ + i] = q.counted;
      slot_.emplace_back(pos_[i], i);
    }
    for (size_t n = size_; n-- > 1;) {
      pull(n);
      left_t_[n] = left_t_[2 * n];
    }
    std::sort(slot_.begin(), slot_.end());
  }

  /// B of an opponent for a chooser of kind v = flyer bucket * 2 + both ranks known.
  static int b_of(const Profile& q, size_t v) { return q.own_base + q.own[v / 2][v % 2] - q.gives; }

  void remove(size_t position) {
    auto it = std::lower_bound(slot_.begin(), slot_.end(), std::pair<size_t, size_t>{position, 0});
    size_t n = size_ + it->second;
    min_b_[n].fill(kNoB);
    min_pos_[n] = kNone;
    for (n /= 2; n >= 1; n /= 2) pull(n);
  }
  [[nodiscard]] size_t first_free() const { return min_pos_[1]; }
  [[nodiscard]] bool empty() const { return min_pos_[1] == kNone; }

  /// The highest level above `best` reached by a free member: D = c - B + gain(troops).
  template <class Gain>
  void best_level(size_t n, std::int64_t c, size_t v, const Gain& gain, const Levels& lv, int& best) const {
    if (min_pos_[n] == kNone || best >= lv.hi) return;
    const int bound = clamp(c - min_b_[n][v] + gain(left_t_[n]), lv);
    if (bound <= best) return;
    if (n >= size_) {
      best = bound;
      return;
    }
    best_level(2 * n, c, v, gain, lv, best);
    best_level(2 * n + 1, c, v, gain, lv, best);
  }

  /// The lowest position below `first` of a free member whose D reaches `level`.
  template <class Gain>
  void first_at(size_t n, std::int64_t c, size_t v, const Gain& gain, int level, size_t& first) const {
    if (min_pos_[n] == kNone || min_pos_[n] >= first) return;
    if (c - min_b_[n][v] + gain(left_t_[n]) < level) return;
    if (n >= size_) {
      first = min_pos_[n];
      return;
    }
    const bool left_first = min_pos_[2 * n] < min_pos_[2 * n + 1];
    first_at(left_first ? 2 * n : 2 * n + 1, c, v, gain, level, first);
    first_at(left_first ? 2 * n + 1 : 2 * n, c, v, gain, level, first);
  }

  static int clamp(std::int64_t d, const Levels& lv) {
    return static_cast<int>(std::clamp<std::int64_t>(d, lv.lo, lv.hi));
  }

 private:
  void pull(size_t n) {
    for (size_t v = 0; v < 6; ++v) min_b_[n][v] = std::min(min_b_[2 * n][v], min_b_[2 * n + 1][v]);
    min_pos_[n] = std::min(min_pos_[2 * n], min_pos_[2 * n + 1]);
  }
  std::vector<size_t> pos_;
  size_t size_ = 1;
  std::vector<std::array<int, 6>> min_b_;
  std::vector<size_t> min_pos_;
  std::vector<std::int64_t> left_t_;
  std::vector<std::pair<size_t, size_t>> slot_;  ///< (position, leaf), sorted by position
};

/// The tactics cell of a side-0 and a side-1 tactic (indices, 0: none): whether they fight and
/// each side's BR change; nullopt where the pair has no cell (an error the book's rule would
/// score as a chance of 0 with every opponent: the slow rule handles it).
struct TacticPair {
  bool combat = true;
  std::array<int, 2> br{};
};
std::optional<TacticPair> tactic_pair(const Rules& R, const std::vector<std::string>& tactics, int t0, int t1) {
  if (t0 == 0 && t1 == 0) return TacticPair{};
  if (t0 == 0 || t1 == 0) return std::nullopt;
  auto e = tactics_effect(R, tactics[static_cast<size_t>(t0 - 1)], tactics[static_cast<size_t>(t1 - 1)]);
  if (!e) return std::nullopt;
  TacticPair tp;
  tp.combat = e->kind != TacticKind::no_combat;
  for (size_t k = 0; k < 2; ++k) tp.br[k] = e->effect[k].kind == EffectKind::br ? e->effect[k].value : 0;
  return tp;
}

/// One kind of opponent on a side and its tree.
struct Kind {
  std::optional<int> rank;
  int fly = 0, tactic = 0;
  KindTree tree;
};

/// Everything the fast search needs; nullopt when some pair would be an error (bad situation
/// line, tactics on one side only, an unknown tactic) or the chance has an unexpected shape.
struct FastSetup {
  std::vector<std::string> tactics;
  std::array<std::vector<Profile>, 2> prof;
  std::array<std::vector<Kind>, 2> kinds;
  std::array<std::vector<size_t>, 2> kind_of;  ///< by position
  std::array<Levels, 2> levels;
  std::vector<std::vector<TacticPair>> tp;  ///< [side-0 tactic][side-1 tactic]
};

bool profiles(const Rules& R, const Pairing& in, const BattleSettings& s, FastSetup& f) {
  for (const auto& t : R.tactics) f.tactics.push_back(t.id);
  for (size_t k = 0; k < 2; ++k) {
    f.prof[k].reserve(in.sizes[k]);
    for (size_t p = 0; p < in.sizes[k]; ++p) {
      const PairingForce x = in.force(k, p);
      if (x.troops < 0 || !check_situation(R, *x.situation, x.role).empty()) return false;
      if (x.tactic && std::find(f.tactics.begin(), f.tactics.end(), *x.tactic) == f.tactics.end()) return false;
      f.prof[k].push_back(profile_of(R, x, s, f.tactics));
    }
  }
  f.tp.assign(f.tactics.size() + 1, std::vector<TacticPair>(f.tactics.size() + 1));
  std::array<std::vector<char>, 2> present{std::vector<char>(f.tactics.size() + 1, 0),
                                           std::vector<char>(f.tactics.size() + 1, 0)};
  for (size_t k = 0; k < 2; ++k)
    for (const auto& p : f.prof[k]) present[k][static_cast<size_t>(p.tactic)] = 1;
  for (size_t a = 0; a < present[0].size(); ++a)
    for (size_t b = 0; b < present[1].size(); ++b) {
      if (!present[0][a] || !present[1][b]) continue;
      auto tp = tactic_pair(R, f.tactics, static_cast<int>(a), static_cast<int>(b));
      if (!tp) return false;
      f.tp[a][b] = *tp;
    }
  return true;
}

std::optional<FastSetup> fast_setup(const Rules& R, const Pairing& in, const BattleConfig& c) {
  FastSetup f;
  if (in.sizes[0] == 0 || in.sizes[1] == 0) return std::nullopt;
  const std::array<Role, 2> roles{in.force(0, 0).role, in.force(1, 0).role};
  if (roles[0] == Role::defender && roles[1] == Role::defender) return std::nullopt;
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < in.sizes[k]; ++p)
      if (in.force(k, p).role != roles[k]) return std::nullopt;
  if (!profiles(R, in, c.battle, f)) return std::nullopt;
  for (size_t k = 0; k < 2; ++k) {
    auto lv = levels_for(R, k, roles, c.options);
    if (!lv) return std::nullopt;
    f.levels[k] = *lv;
    std::map<std::tuple<int, int, int>, std::vector<size_t>> by_kind;
    for (size_t p = 0; p < f.prof[k].size(); ++p) {
      const Profile& q = f.prof[k][p];
      by_kind[{q.rank.value_or(std::numeric_limits<int>::min()), q.fly, q.tactic}].push_back(p);
    }
    f.kind_of[k].assign(f.prof[k].size(), 0);
    for (auto& [key, members] : by_kind) {
      for (size_t p : members) f.kind_of[k][p] = f.kinds[k].size();
      const Profile& q = f.prof[k][members.front()];
      f.kinds[k].push_back(Kind{q.rank, q.fly, q.tactic, KindTree(std::move(members), f.prof[k])});
    }
  }
  return f;
}

/// The free opponent chooser `a` of side `s` is most likely to beat (the lowest position among
/// equals), or kNone.
size_t choose(const Rules& R, const FastSetup& f, size_t s, size_t a, RatioReading reading) {
  const Profile& me = f.prof[s][a];
  const Levels& lv = f.levels[s];
  const int tca = R.troop_class_advantage_line()->br;
  auto gain = [&](std::int64_t t) { return ratio_gain(R, me.counted, t, reading); };
  struct Query {
    const Kind* kind;
    bool combat;
    std::int64_t c;
    size_t v;
  };
  std::vector<Query> qs;
  int best = lv.lo - 1;
  for (const Kind& k : f.kinds[1 - s]) {
    if (k.tree.empty()) continue;
    const TacticPair& tp = s == 0 ? f.tp[static_cast<size_t>(me.tactic)][static_cast<size_t>(k.tactic)]
                                  : f.tp[static_cast<size_t>(k.tactic)][static_cast<size_t>(me.tactic)];
    const bool both = me.rank && k.rank;
    std::int64_t c =
        me.own_base + me.own[static_cast<size_t>(k.fly)][both ? 1 : 0] - me.gives + tp.br[s] - tp.br[1 - s];
    if (both && *me.rank - *k.rank >= 2) c += tca;
    if (both && *k.rank - *me.rank >= 2) c -= tca;
    qs.push_back({&k, tp.combat, c, static_cast<size_t>(me.fly * 2 + (both ? 1 : 0))});
    if (!tp.combat)
      best = std::max(best, lv.lo);
    else
      k.tree.best_level(1, c, qs.back().v, gain, lv, best);
  }
  size_t first = kNone;
  for (const Query& q : qs) {
    if (best == lv.lo)
      first = std::min(first, q.kind->tree.first_free());
    else if (q.combat)
      q.kind->tree.first_at(1, q.c, q.v, gain, best, first);
  }
  return first;
}

/// A chooser: its BR and troops, side and position.
struct Entry {
  int br;
  std::int64_t troops;
  size_t side;
  size_t index;
};

/// Highest BR chooses first (l. 68): BR, then troops, then side 0, then input order.
std::vector<Entry> choosing_order(const Pairing& in) {
  std::vector<Entry> order;
  order.reserve(in.sizes[0] + in.sizes[1]);
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < in.sizes[k]; ++p) {
      const PairingForce x = in.force(k, p);
      order.push_back({x.br, x.troops, k, p});
    }
  std::stable_sort(order.begin(), order.end(), [](const Entry& x, const Entry& y) {
    if (x.br != y.br) return x.br > y.br;
    if (x.troops != y.troops) return x.troops > y.troops;
    return x.side < y.side;
  });
  return order;
}

/// The book's rule (match_forces) over the prepared trees: fixed pairs, then the choosers in
/// `order` (choosing_order) among sides of `sizes` forces.
std::vector<std::pair<size_t, size_t>> fast_match(const Rules& R, const std::array<size_t, 2>& sizes,
                                                  const std::vector<Entry>& order,
                                                  const std::vector<std::pair<size_t, size_t>>& fixed, FastSetup& f,
                                                  RatioReading reading) {
  std::array<std::vector<char>, 2> used{std::vector<char>(sizes[0], 0), std::vector<char>(sizes[1], 0)};
  std::vector<std::pair<size_t, size_t>> out;
  auto take = [&](size_t p0, size_t p1) {
    used[0][p0] = used[1][p1] = 1;
    f.kinds[0][f.kind_of[0][p0]].tree.remove(p0);
    f.kinds[1][f.kind_of[1][p1]].tree.remove(p1);
    out.emplace_back(p0, p1);
  };
  for (const auto& [i, j] : fixed)
    if (i < used[0].size() && j < used[1].size() && !used[0][i] && !used[1][j]) take(i, j);
  for (const auto& e : order) {
    if (used[e.side][e.index]) continue;
    const size_t k = choose(R, f, e.side, e.index, reading);
    if (k == kNone) continue;
    if (e.side == 0)
      take(e.index, k);
    else
      take(k, e.index);
  }
  return out;
}

}  // namespace

std::string force_field(size_t source, std::string_view key) {
  std::string path = "force[" + std::to_string(source) + "]";
  if (!key.empty()) path.append(".").append(key);
  return path;
}

Expected<std::vector<RatedForce>> rate_forces(const Rules& rules, const std::vector<BattleForce>& forces) {
  return rate_forces(rules, forces, rules.default_percent_reading, rules.ruled.statement_reading);
}

Expected<std::vector<RatedForce>> rate_forces(const Rules& rules, const std::vector<BattleForce>& forces,
                                              PercentReading reading, const Ruled& reading_ruled) {
  // Each force is rated on its own (two threads for many), then joined in input order.
  std::vector<std::optional<Expected<Rating>>> ratings(forces.size());
  split_work(forces.size(), [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) ratings[i].emplace(rate_force(rules, forces[i].force, reading, reading_ruled));
  });
  std::vector<RatedForce> out;
  out.reserve(forces.size());
  Diagnostics d;
  for (size_t i = 0; i < forces.size(); ++i) {
    auto& r = *ratings[i];
    if (!r) {
      for (const auto& item : r.error().items()) d.field_error(force_field(i, "name"), item.message);
      continue;
    }
    out.push_back({forces[i].force, std::move(*r), forces[i].split, "", i});
  }
  if (!d.empty()) return d;
  return out;
}

Expected<Sides> make_sides(std::vector<RatedForce>& rated) {
  if (rated.empty()) return Expected<Sides>::failure("a battle needs two sides, and the file has no force");
  divide(rated);
  Diagnostics d;
  std::unordered_set<std::string_view> names;
  names.reserve(rated.size());
  for (const auto& x : rated)
    if (!names.insert(x.force.name).second)
      d.field_error(force_field(x.source, "name"), "two forces are named '" + x.force.name + "'");
  if (!d.empty()) return d;
  const std::vector<std::string> keys = side_keys(rated);
  if (keys.size() != 2) return not_two_sides(rated, keys);
  Sides s;
  s.name = {keys[0], keys[1]};
  for (size_t i = 0; i < rated.size(); ++i) s.members[rated[i].force.side == keys[0] ? 0 : 1].push_back(i);
  settle_roles(rated, s, d);
  if (!d.empty()) return d;
  return s;
}

Diagnostics check_tactics(const std::vector<RatedForce>& rated) {
  Diagnostics d;
  const auto with =
      std::count_if(rated.begin(), rated.end(), [](const RatedForce& x) { return x.force.tactic.has_value(); });
  if (with == 0 || static_cast<size_t>(with) == rated.size()) return d;
  for (const auto& x : rated)
    if (!x.force.tactic)
      d.field_error(force_field(x.source, "name"), "force '" + x.force.name +
                                                       "' has no tactic, but others do: "
                                                       "tactics are chosen by both sides or by neither");
  return d;
}

SideSpec side_spec(const Rules& rules, const RatedForce& x, const SideAdjustments& adj, const BattleConfig& c) {
  SideSpec sp;
  sp.name = x.force.name;
  sp.modified_br = x.rating.br + adj.total;
  sp.tactic = x.force.tactic;
  sp.troops = x.force.troops;
  sp.role = x.force.role;
  sp.fatigue = x.force.fatigue;
  sp.ruled = either(x.rating.ruled.br, adj.ruled);
  if (c.battle.simple_siege && x.force.role == Role::defender) {
    // Simple siege (l. 182-183): the defender ignores retreat and rout and takes half casualties.
    sp.casualty_scale = rules.simple_siege.defender_casualty_fraction;
    sp.holds_position = rules.simple_siege.defender_ignores_retreat_and_rout;
    sp.outcome_ruled = either(rules.ruled.siege_casualties, rules.ruled.siege_holds);
  }
  return sp;
}

Expected<Engagement> engage(const Rules& rules, const std::vector<RatedForce>& rated, size_t i, size_t j,
                            const BattleConfig& c) {
  Engagement e;
  e.force = {i, j};
  auto adj =
      battle_adjustments(rules, {&rated[i].force, &rated[j].force}, {&rated[i].rating, &rated[j].rating}, c.battle);
  if (!adj) return adj.error();
  e.adj = *adj;
  for (size_t k = 0; k < 2; ++k) e.spec[k] = side_spec(rules, rated[e.force[k]], e.adj[k], c);
  auto odds = resolve_battle(rules, e.spec[0], e.spec[1], c.options);
  if (!odds) return odds.error();
  e.odds = std::move(*odds);
  return e;
}

Expected<std::vector<std::pair<size_t, size_t>>> pair_forces(const Rules& rules, const std::vector<RatedForce>& rated,
                                                             const Sides& sides, const BattleConfig& c) {
  const auto& m0 = sides.members[0];
  const auto& m1 = sides.members[1];
  if (m0.size() == 1 && m1.size() == 1) return std::vector<std::pair<size_t, size_t>>{{0, 0}};
  auto fixed = fixed_pairs(rated, sides);
  if (!fixed) return fixed.error();
  const Pairing in{{m0.size(), m1.size()}, [&](size_t k, size_t p) {
                     const RatedForce& x = rated[sides.members[k][p]];
                     return PairingForce{x.rating.br,
                                         x.rating.troop_class_rank,
                                         x.force.troops,
                                         x.force.role,
                                         x.force.fatigue,
                                         x.force.composition.flying_pct,
                                         &x.force.situation,
                                         x.force.tactic ? &*x.force.tactic : nullptr};
                   }};
  if (auto fast = pair_forces_fast(rules, in, *fixed, c)) return std::move(*fast);
  // Some pair is an error or the odds have an unexpected shape: the book's rule, battle by battle.
  std::vector<Contender> c0, c1;
  c0.reserve(m0.size());
  c1.reserve(m1.size());
  for (size_t i : m0) c0.push_back({rated[i].rating.br, rated[i].force.troops});
  for (size_t j : m1) c1.push_back({rated[j].rating.br, rated[j].force.troops});
  auto p_win = [&](size_t a, size_t b) -> std::array<double, 2> {
    auto e = engage(rules, rated, m0[a], m1[b], c);
    if (!e) return {0, 0};
    return e->odds.p_win_resolved;
  };
  return match_forces(c0, c1, *fixed, p_win);
}

std::optional<std::vector<std::pair<size_t, size_t>>> pair_forces_fast(
    const Rules& rules, const Pairing& sides, const std::vector<std::pair<size_t, size_t>>& fixed,
    const BattleConfig& c) {
  auto fast = fast_setup(rules, sides, c);
  if (!fast) return std::nullopt;
  return fast_match(rules, sides.sizes, choosing_order(sides), fixed, *fast, c.battle.ratio_reading);
}

Expected<Battles> fight_pairs(const Rules& rules, const std::vector<RatedForce>& rated, const Sides& sides,
                              const std::vector<std::pair<size_t, size_t>>& pairs, const BattleConfig& c) {
  // Every battle is independent: many are fought on two threads, then taken in pairing order
  // (the first error in that order is the one reported, as when fought one by one).
  std::vector<std::optional<Expected<Engagement>>> fought(pairs.size());
  split_work(pairs.size(), [&](size_t from, size_t to) {
    for (size_t n = from; n < to; ++n) {
      const auto [a, b] = pairs[n];
      fought[n].emplace(engage(rules, rated, sides.members[0][a], sides.members[1][b], c));
    }
  });
  Battles out;
  std::vector<char> matched(rated.size(), 0);
  out.engagements.reserve(pairs.size());
  for (auto& e : fought) {
    if (!*e) return e->error();
    out.engagements.push_back(std::move(**e));
    matched[out.engagements.back().force[0]] = 1;
    matched[out.engagements.back().force[1]] = 1;
  }
  for (size_t i = 0; i < rated.size(); ++i)
    if (!matched[i]) out.unmatched.push_back(i);
  return out;
}

}  // namespace gunpowder::war
