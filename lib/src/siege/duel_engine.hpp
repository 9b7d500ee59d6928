// duel_engine.hpp - the engine of the artillery duel of seed 000 ("Gunpowder Artillery Duels",
// pp. 18-19), shared by the seeded duels (siege_duel.cpp) and the exact chain over the duel's
// states (siege_duel_exact.cpp). Internal to the siege library.
//
// Rounds in which no piece fires (everyone reloads, moves or waits) are deterministic; the engine
// jumps over them in one step, which keeps 100,000 duels of the book's example well under a
// second. The jump stops at every round where something can change: a piece finishes reloading,
// a mover arrives or crosses a range edge of a possible shooter, a policy triggers.
//
// Pieces placed alike (a run: the same piece, side, carriage and stations) are taken in a
// canonical order of their states wherever the order matters (who of them fires first, which of
// equally near targets is shot first: the most damaged, then the nearest, the soonest loaded),
// so that the duel depends only on how many of a run's pieces are in each state; the exact chain
// merges the states that differ only in which piece is which (save()).
#pragma once

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/siege/siege.hpp"

namespace gunpowder::siege::duel_detail {

using artillery::Bracket;
using fmtnum::grouped;

inline constexpr long long kNever = LLONG_MAX / 4;

// The damage die of the characteristics table, read from the artillery module's own notation
// ("12d10") so that the figure is not typed twice.
inline int damage_die_sides() {
  artillery::Characteristics c;
  c.damage_dice = 1;
  dice::Notation n;
  return dice::parse_notation(c.damage(), n) ? n.sides : 0;
}

struct Piece {
  const DuelPiece* def = nullptr;
  const artillery::BookPiece* bp = nullptr;
  bool besieger = false;
  bool alive = true;
  bool holed = false;
  enum class Mode { stationary, advancing, retreating } mode = Mode::stationary;
  int shp = 0;
  int fragile = 0;    ///< the least damage any enemy piece's hit does: at most this many shp left, any hit destroys
  double pos = 0;     ///< besieger: distance to the defender's position
  double stop = 0;    ///< advancing: where it stops
  double low = 0;     ///< it can fire only at distances above this (a mortar's short range)
  double engage = 0;  ///< ... and up to this
  int reload = 0;     ///< rounds of reloading before it can fire; 0 = loaded
  int suppressed = 0; ///< own actions still lost to suppression
};

class Engine {
 public:
  Engine(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup, DuelDice& dice,
         std::vector<TraceEvent>* trace)
      : rules_(rules), setup_(setup), dice_(&dice), trace_(trace), move_(rules.duel.move_yd), sides_(damage_die_sides()) {
    pieces_.reserve(setup.pieces.size());
    for (const auto& d : setup.pieces) {
      Piece p;
      p.def = &d;
      p.bp = d.piece;
      p.besieger = d.besieger;
      p.shp = d.piece->shp;
      p.pos = d.besieger ? d.start_yd : 0;
      p.stop = d.stop_yd;
      p.engage = d.engage_yd;
      // The lowest bracket at which the piece's type may fire at all (mortars: not at short).
      const auto& modes = cat.attack.modes[static_cast<size_t>(d.piece->type)];
      if (modes[0].empty()) p.low = modes[1].empty() ? d.piece->range_medium_yd : d.piece->range_short_yd;
      p.mode = d.besieger && d.mobile && p.pos - move_ >= p.stop - 1e-9 ? Piece::Mode::advancing : Piece::Mode::stationary;
      pieces_.push_back(p);
    }
    nd_ = setup.defenders;
    // The least damage a hit of the other side does (every die showing 1).
    for (auto& p : pieces_) {
      p.fragile = INT_MAX;
      for (const auto& q : pieces_)
        if (q.besieger != p.besieger) p.fragile = std::min(p.fragile, q.bp->damage_dice);
    }
    // Range edges of every defender (where a besieger's move can change what a defender may do).
    for (size_t i = 0; i < nd_; ++i) {
      const auto& p = pieces_[i];
      for (double e : {p.low, p.bp->range_short_yd, p.bp->range_medium_yd, p.bp->range_long_yd, p.engage})
        if (e > 0) edges_.push_back(e);
    }
    std::sort(edges_.begin(), edges_.end());
    edges_.erase(std::unique(edges_.begin(), edges_.end()), edges_.end());
    // Runs of pieces placed alike: the same book piece, side, carriage, mobility and stations.
    auto alike = [](const DuelPiece& a, const DuelPiece& b) {
      return a.piece == b.piece && a.besieger == b.besieger && a.mobile == b.mobile && a.carriage == b.carriage &&
             a.start_yd == b.start_yd && a.stop_yd == b.stop_yd && a.engage_yd == b.engage_yd;
    };
    for (size_t i = 0; i < setup.pieces.size(); ++i)
      if (i == 0 || i == nd_ || !alike(setup.pieces[i - 1], setup.pieces[i])) groups_.push_back(i);
    groups_.push_back(setup.pieces.size());
    rank();
  }

  DuelResult run() {
    int round = 1;
    DuelResult r;
    while (true)
      if (auto e = advance(round, r.rounds)) {
        r.end = *e;
        break;
      }
    tally(r);
    if (trace_) {
      TraceEvent e;
      e.round_from = e.round_to = r.rounds;
      e.kind = "end";
      e.text = describe(r.end) + " after " + std::to_string(r.rounds) + (r.rounds == 1 ? " round" : " rounds");
      e.result = to_string(r.end);
      trace_->push_back(e);
    }
    return r;
  }

  /// One step of the duel from `round`: a stretch of quiet rounds or one played round. Returns
  /// how the duel ends (and sets `played` to the rounds played) or moves `round` on.
  std::optional<DuelEnd> advance(int& round, int& played) {
    if (round > setup_.max_rounds) {
      played = setup_.max_rounds;
      return DuelEnd::round_limit;
    }
    if (!policy_pending()) {
      const long long k = quiet_rounds();
      if (k >= kNever) {
        played = round - 1;
        return DuelEnd::stalemate;
      }
      if (k > 0) {
        const int n = static_cast<int>(std::min<long long>(k, setup_.max_rounds - round + 1));
        apply_quiet(round, n);
        round += n;
        if (auto e = end_of_round()) {
          played = round - 1;
          return e;
        }
        return std::nullopt;
      }
    }
    if (auto e = step(round)) {
      played = round;
      return e;
    }
    ++round;
    return std::nullopt;
  }

  /// The pieces each side has left (holed-up pieces count as left).
  void tally(DuelResult& r) const {
    for (const auto& p : pieces_) {
      if (!p.alive) continue;
      if (p.besieger) ++r.besieger_left;
      else {
        ++r.defender_left;
        if (p.holed) ++r.defender_holed_up;
      }
    }
  }

  void use_dice(DuelDice& dice) { dice_ = &dice; }

  /// The duel's state between two steps, as bytes, and back (a state this engine wrote). Equal
  /// states, equal bytes: within each run of pieces placed alike (same piece, side, carriage and
  /// stations: groups_) only the live pieces are written, in the canonical order (by their
  /// state, key()), and a destroyed piece is nothing but one fewer. The engine skips
  /// destroyed pieces everywhere and takes a run's live pieces in the canonical order wherever
  /// their order matters (who fires first, which of equally near targets is shot: rank()), so
  /// which of a run's pieces is in which state changes nothing but labels: the state is the
  /// multiset of its pieces' states.
  void save(std::string& out) {
    // Room for every piece first (one resize, no appends), then cut to what was written.
    constexpr size_t kPiece = 2 * sizeof(char) + 3 * sizeof(int) + sizeof(double);
    out.resize(groups_.size() * sizeof(int) + pieces_.size() * kPiece + 2 * sizeof(int) + 2);
    size_t n = 0;
    auto put = [&](const auto& v) {
      std::memcpy(out.data() + n, &v, sizeof v);
      n += sizeof v;
    };
    rank();
    for (size_t g = 0; g + 1 < groups_.size(); ++g) {
      int alive = 0;
      for (size_t i = groups_[g]; i < groups_[g + 1]; ++i) alive += pieces_[i].alive ? 1 : 0;
      put(alive);
      for (size_t r = groups_[g]; r < groups_[g + 1]; ++r) {
        const Piece& p = pieces_[rank_[r]];
        if (!p.alive) continue;
        put(static_cast<char>(p.holed));
        put(static_cast<char>(p.mode));
        put(kept(p));
        put(p.pos);
        put(p.reload);
        put(p.suppressed);
      }
    }
    put(defender_lost_);
    put(besieger_lost_);
    put(static_cast<char>(holed_up_));
    put(static_cast<char>(falling_back_));
    out.resize(n);
  }
  void load(const std::string& in) {
    size_t at = 0;
    auto get = [&](auto& v) {
      std::memcpy(&v, in.data() + at, sizeof v);
      at += sizeof v;
    };
    auto flag = [&](bool& b) {
      char c = 0;
      get(c);
      b = c != 0;
    };
    for (size_t g = 0; g + 1 < groups_.size(); ++g) {
      int alive = 0;
      get(alive);
      for (size_t i = groups_[g]; i < groups_[g + 1]; ++i) {
        Piece& p = pieces_[i];
        p.alive = static_cast<int>(i - groups_[g]) < alive;
        if (!p.alive) continue;
        flag(p.holed);
        char m = 0;
        get(m);
        p.mode = static_cast<Piece::Mode>(m);
        get(p.shp);
        get(p.pos);
        get(p.reload);
        get(p.suppressed);
      }
    }
    get(defender_lost_);
    get(besieger_lost_);
    flag(holed_up_);
    flag(falling_back_);
    // Each run's live pieces were written in the canonical order, and the destroyed ones follow.
    std::iota(rank_.begin(), rank_.end(), size_t{0});
    ranked_ = true;
  }

 private:
  [[nodiscard]] bool active(const Piece& p) const { return p.alive && !p.holed; }

  // The canonical order of a run's pieces: live first, then the most damaged (fewest strength
  // points left), the nearest, the soonest loaded, the least suppressed (a referee finishing off
  // the damaged piece first); the rest of the state breaks the remaining ties, so pieces tie
  // only in the same state, and then either may go first.
  struct Key {
    unsigned long long first = 0;  ///< destroyed, then the shp kept
    double pos = 0;
    unsigned long long rest = 0;  ///< reload, suppression, mode, holed up
    bool operator<(const Key& o) const {
      if (first != o.first) return first < o.first;
      if (pos != o.pos) return pos < o.pos;
      return rest < o.rest;
    }
  };
  static Key key(const Piece& p) {
    auto u32 = [](int v) { return static_cast<unsigned long long>(static_cast<unsigned>(v) ^ 0x80000000U); };
    Key k;
    k.first = (static_cast<unsigned long long>(!p.alive) << 32) | u32(kept(p));
    k.pos = p.pos;
    k.rest = (u32(p.reload) << 32) | (static_cast<unsigned long long>(std::clamp(p.suppressed, 0, 0xffffff)) << 8) |
             (static_cast<unsigned long long>(p.mode) << 1) | static_cast<unsigned long long>(p.holed);
    return k;
  }

  // The strength points a piece has left, as far as they matter: any number up to `fragile` is
  // alike (the next hit destroys the piece, whatever its damage), and counts as `fragile`.
  static int kept(const Piece& p) { return std::max(p.shp, p.fragile); }

  // rank_: every piece, each run of pieces placed alike (groups_) in the canonical order. The
  // engine takes pieces in this order (defenders, then besiegers) wherever the order matters.
  void rank() {
    rank_.resize(pieces_.size());
    std::iota(rank_.begin(), rank_.end(), size_t{0});
    keys_.resize(pieces_.size());
    for (size_t i = 0; i < pieces_.size(); ++i) keys_[i] = key(pieces_[i]);
    // An insertion sort (stable, no allocation): runs are short, and mostly in order already.
    for (size_t g = 0; g + 1 < groups_.size(); ++g)
      for (size_t i = groups_[g] + 1; i < groups_[g + 1]; ++i) {
        const size_t x = rank_[i];
        size_t j = i;
        for (; j > groups_[g] && keys_[x] < keys_[rank_[j - 1]]; --j) rank_[j] = rank_[j - 1];
        rank_[j] = x;
      }
    ranked_ = true;
  }

  [[nodiscard]] bool can_fire_at(const Piece& shooter, double distance) const {
    return distance > shooter.low && distance <= shooter.engage && distance <= shooter.bp->range_long_yd;
  }

  // The defender's reach: the longest range of its active pieces.
  [[nodiscard]] double reach() const {
    double r = 0;
    for (size_t i = 0; i < nd_; ++i)
      if (active(pieces_[i])) r = std::max(r, pieces_[i].bp->range_long_yd);
    return r;
  }

  // No surviving besieger piece is within the defender's reach or advancing into it: the
  // defender has nothing to shoot at and holes up (the book's "... and then hole up, leaving
  // Falconi's mortars to bombard"; a decision, whatever the defender's policy).
  [[nodiscard]] bool besieger_out_of_reach() const {
    const double rch = reach();
    for (size_t i = nd_; i < pieces_.size(); ++i) {
      const Piece& p = pieces_[i];
      if (p.alive && (p.pos <= rch || p.mode == Piece::Mode::advancing)) return false;
    }
    return true;
  }

  [[nodiscard]] bool hole_up_due() const {
    if (holed_up_) return false;
    if (setup_.options.defender == DefenderPolicy::hole_up && defender_lost_ >= setup_.hole_up_after) return true;
    return besieger_out_of_reach();
  }

  [[nodiscard]] bool policy_pending() const {
    if (hole_up_due()) return true;
    if (setup_.options.besieger == BesiegerPolicy::fall_back && !falling_back_ && besieger_lost_ >= setup_.fall_back_after)
      return true;
    return false;
  }

  // The live besieger pieces sorted by distance (then their runs' order, and within a run the
  // canonical order: rank_ must be current), with their distances; every defender's candidate
  // targets are one contiguous run of this list.
  void sort_besiegers() {
    order_.clear();
    for (size_t r = nd_; r < pieces_.size(); ++r)
      if (pieces_[rank_[r]].alive) order_.push_back(rank_[r]);
    // An insertion sort by distance (stable, no allocation).
    for (size_t i = 1; i < order_.size(); ++i) {
      const size_t x = order_[i];
      size_t j = i;
      for (; j > 0 && pieces_[x].pos < pieces_[order_[j - 1]].pos; --j) order_[j] = order_[j - 1];
      order_[j] = x;
    }
    order_pos_.clear();
    for (size_t i : order_) order_pos_.push_back(pieces_[i].pos);
  }

  // The run [lo, hi) of order_ that a defending shooter can fire at: distance in (low, engage].
  [[nodiscard]] std::pair<size_t, size_t> segment(const Piece& s) const {
    const double top = std::min(s.engage, s.bp->range_long_yd);
    const auto lo = std::upper_bound(order_pos_.begin(), order_pos_.end(), s.low) - order_pos_.begin();
    const auto hi = std::upper_bound(order_pos_.begin(), order_pos_.end(), top) - order_pos_.begin();
    return {static_cast<size_t>(lo), static_cast<size_t>(std::max(lo, hi))};
  }

  // The active defending pieces in the canonical order (rank_ must be current).
  void list_defenders() {
    defenders_.clear();
    for (size_t r = 0; r < nd_; ++r)
      if (active(pieces_[rank_[r]])) defenders_.push_back(rank_[r]);
  }

  // Does a defending piece have a live besieger piece within its reach (distance in (low, engage])?
  [[nodiscard]] bool in_reach(const Piece& s) const {
    const double top = std::min(s.engage, s.bp->range_long_yd);
    for (size_t i = nd_; i < pieces_.size(); ++i)
      if (pieces_[i].alive && pieces_[i].pos > s.low && pieces_[i].pos <= top) return true;
    return false;
  }

  [[nodiscard]] long long moves_to_stop(const Piece& p) const {
    return rounding::saturated_int64(std::floor((p.pos - p.stop) / move_ + 1e-9));
  }

  // The number of coming rounds (from now) in which no piece can fire and no policy changes.
  long long quiet_rounds() {
    long long k = kNever;
    const double rch = reach();
    bool any_defender = false;
    for (size_t i = 0; i < nd_; ++i) any_defender = any_defender || active(pieces_[i]);
    for (const auto& p : pieces_) {
      if (!active(p)) continue;
      if (p.suppressed > 0) return 0;
      if (p.besieger && p.mode == Piece::Mode::advancing) {
        const long long m = moves_to_stop(p);
        if (m <= 0) return 0;
        k = std::min(k, m);
        // The first defender range edge it crosses on the way in.
        auto it = std::lower_bound(edges_.begin(), edges_.end(), p.pos - 1e-9);
        if (it != edges_.begin()) {
          const double e = *(it - 1);
          k = std::min(k, rounding::saturated_int64(std::ceil((p.pos - e) / move_ - 1e-9)));
        }
        continue;
      }
      if (p.besieger && p.mode == Piece::Mode::retreating) {
        if (p.pos > rch) return 0;
        k = std::min(k, rounding::saturated_int64(std::floor((rch - p.pos) / move_ + 1e-9) + 1));
        auto it = std::lower_bound(edges_.begin(), edges_.end(), p.pos - 1e-9);
        if (it != edges_.end())
          k = std::min(k, rounding::saturated_int64(std::floor((*it - p.pos) / move_ + 1e-9) + 1));
        continue;
      }
      if (p.reload > 0) {
        k = std::min(k, static_cast<long long>(p.reload));
        continue;
      }
      if (p.besieger ? can_fire_at(p, p.pos) && any_defender : in_reach(p)) return 0;
    }
    return k;
  }

  void apply_quiet(int round, int n) {
    ranked_ = false;
    std::vector<std::string> reloading, waiting, moved;
    const double rch = reach();
    for (auto& p : pieces_) {
      if (!active(p)) continue;
      if (p.besieger && p.mode == Piece::Mode::advancing) {
        p.pos -= static_cast<double>(move_) * n;
        if (trace_) moved.push_back(p.def->label + " to " + grouped(std::llround(p.pos)) + " yd");
        if (moves_to_stop(p) <= 0) p.mode = Piece::Mode::stationary;
      } else if (p.besieger && p.mode == Piece::Mode::retreating) {
        p.pos += static_cast<double>(move_) * n;
        if (trace_) moved.push_back(p.def->label + " back to " + grouped(std::llround(p.pos)) + " yd");
        if (p.pos > rch) p.mode = Piece::Mode::stationary;
      } else if (p.reload > 0) {
        p.reload -= n;
        if (trace_) reloading.push_back(p.def->label);
      } else if (trace_) {
        waiting.push_back(p.def->label);
      }
    }
    if (!trace_) return;
    // A quiet stretch that follows another with the same reloading and waiting pieces extends it
    // (a mover crossing a range edge splits the jump without anything to report).
    const std::string key = join(reloading) + "|" + join(waiting);
    if (!trace_->empty() && trace_->back().kind == "actions" && trace_->back().phase == 0 &&
        trace_->back().round_to == round - 1 && key == last_quiet_key_) {
      trace_->back().round_to = round + n - 1;
      trace_->back().text = summary(reloading, waiting, moved);
      return;
    }
    last_quiet_key_ = key;
    TraceEvent e;
    e.round_from = round;
    e.round_to = round + n - 1;
    e.kind = "actions";
    e.text = summary(reloading, waiting, moved);
    trace_->push_back(e);
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
  }

  static std::string summary(const std::vector<std::string>& reloading, const std::vector<std::string>& waiting,
                             const std::vector<std::string>& moved, const std::vector<std::string>& suppressed = {}) {
    std::string s;
    auto part = [&](const std::string& what, const std::vector<std::string>& v) {
      if (v.empty()) return;
      s += (s.empty() ? "" : "; ") + what + ": " + join(v);
    };
    part("reload", reloading);
    part("move", moved);
    part("suppressed", suppressed);
    part("wait (no target in range)", waiting);
    return s.empty() ? "nothing to do" : s;
  }

  struct Shot {
    size_t shooter = 0;
    size_t target = 0;
    size_t lo = 0, hi = 0;  ///< defender shooters: its run of order_
  };

  [[nodiscard]] Bracket bracket_of(const Piece& shooter, double distance) const {
    return bracket_at(*shooter.bp, distance).value_or(Bracket::long_range);
  }

  void fire(const Shot& shot, int round, int phase) {
    Piece& s = pieces_[shot.shooter];
    size_t t = shot.target;
    if (!pieces_[t].alive) {  // destroyed earlier in this phase: the first live candidate instead
      bool found = false;
      if (s.besieger) {
        for (size_t i : defenders_)
          if (pieces_[i].alive) {
            t = i;
            found = true;
            break;
          }
      } else {
        for (size_t j = shot.lo; j < shot.hi && !found; ++j)
          if (pieces_[order_[j]].alive) {
            t = order_[j];
            found = true;
          }
      }
      if (!found) return;  // nothing left to shoot at: it stays loaded
    }
    Piece& target = pieces_[t];
    const double distance = s.besieger ? s.pos : target.pos;
    const Bracket b = bracket_of(s, distance);
    // Attack throw: 6+ short, 14+ medium, 20+ long; direct hits, scatter and saves are "all
    // factored in" (Gunpowder Artillery Duels, step 1a).
    const int tv = rules_.duel.target[static_cast<size_t>(b)];
    s.reload = std::max(0, s.bp->rounds_per_shot - 1);  // fires again ROF rounds later (12-pdr gun: 1 -> 33)
    if (!trace_) {
      // No rolls to record: only whether the shot lands (hits and is not saved) and what it does.
      if (dice_->lands(tv, !target.besieger, rules_.duel.besieged_save)) hit(target, s.bp->damage_dice);
      return;
    }
    const int roll = dice_->d20_against(tv);
    TraceEvent e;
    if (trace_) {
      e.round_from = e.round_to = round;
      e.phase = phase;
      e.kind = "fire";
      e.piece = s.def->label;
      e.target = target.def->label;
      e.range_yd = distance;
      e.bracket = artillery::to_string(b);
      e.target_value = tv;
      e.roll = roll;
    }
    std::string result = "miss";
    if (roll >= tv) {
      // A defending piece saves on 11+ and then takes no damage (step 3a); besiegers get no save.
      bool saved = false;
      if (!target.besieger) {
        const int save = dice_->d20_against(rules_.duel.besieged_save);
        if (trace_) e.save_roll = save;
        saved = save >= rules_.duel.besieged_save;
      }
      if (saved) {
        result = "saved";
      } else {
        e.damage = hit(target, s.bp->damage_dice);
        result = target.alive ? "suppressed" : "destroyed";
      }
    }
    if (trace_) {
      e.result = result;
      e.text = s.def->label + " (" + s.bp->name + ") fires at " + target.def->label + ", " +
               grouped(std::llround(distance)) + " yd " + e.bracket + " range, " + std::to_string(tv) + "+: rolls " +
               std::to_string(roll) + (e.save_roll ? ", save " + std::to_string(*e.save_roll) : std::string()) +
               (e.damage ? ", " + std::to_string(*e.damage) + " shp" : std::string()) + " - " + result;
      trace_->push_back(e);
    }
  }

  /// What the pieces of a phase do besides firing, for the trace: each piece's index and words.
  struct Actions {
    using List = std::vector<std::pair<size_t, std::string>>;
    List reloading, waiting, moved, suppressed;
    // The words in the pieces' input order (the phases take the pieces in the canonical order).
    static std::vector<std::string> words(List v) {
      std::sort(v.begin(), v.end());
      std::vector<std::string> out;
      out.reserve(v.size());
      for (auto& x : v) out.push_back(std::move(x.second));
      return out;
    }
  };

  // A shot that landed (hit, not saved): its damage, which destroys the target or suppresses it
  // for one turn (read as its next action). Returns the damage.
  int hit(Piece& target, int damage_dice) {
    const int dmg = dice_->damage_against(damage_dice, sides_, target.shp, target.fragile);
    target.shp -= dmg;
    if (target.shp <= 0) {
      target.alive = false;
      if (target.besieger) ++besieger_lost_;
      else ++defender_lost_;
    } else {
      target.suppressed = rules_.duel.suppressed_turns;
    }
    return dmg;
  }

  void actions_event(int round, int phase, const Actions& act) {
    if (!trace_ || (act.reloading.empty() && act.waiting.empty() && act.moved.empty() && act.suppressed.empty())) return;
    TraceEvent e;
    e.round_from = e.round_to = round;
    e.phase = phase;
    e.kind = "actions";
    e.text = summary(Actions::words(act.reloading), Actions::words(act.waiting), Actions::words(act.moved),
                     Actions::words(act.suppressed));
    trace_->push_back(e);
  }

  void policy_event(int round, int phase, const std::string& kind, const std::string& text) {
    if (!trace_) return;
    TraceEvent e;
    e.round_from = e.round_to = round;
    e.phase = phase;
    e.kind = kind;
    e.text = text;
    trace_->push_back(e);
  }

  // One full round; returns the end of the duel if it ends in this round.
  std::optional<DuelEnd> step(int round) {
    // Phase 1: each defending piece fires, reloads or holes up.
    if (hole_up_due()) hole_up(round);
    defender_phase(round);
    bool any = false;
    for (size_t i = nd_; i < pieces_.size(); ++i) any = any || pieces_[i].alive;
    if (!any) return DuelEnd::besieger_destroyed;
    // Phase 2: each besieging piece fires, reloads or moves.
    if (setup_.options.besieger == BesiegerPolicy::fall_back && !falling_back_ && besieger_lost_ >= setup_.fall_back_after)
      fall_back(round);
    besieger_phase(round);
    return end_of_round();
  }

  void hole_up(int round) {
    ranked_ = false;
    const bool losses = setup_.options.defender == DefenderPolicy::hole_up && defender_lost_ >= setup_.hole_up_after;
    holed_up_ = true;
    std::vector<std::string> who;
    for (size_t i = 0; i < nd_; ++i)
      if (active(pieces_[i])) {
        pieces_[i].holed = true;
        who.push_back(pieces_[i].def->label);
      }
    policy_event(round, 1, "hole-up",
                 (losses ? "the defender has lost " + std::to_string(defender_lost_) + " pieces"
                         : std::string("no besieger piece is within reach or coming into it")) +
                     "; the defender holes up: " + join(who));
  }

  // The defending pieces in the canonical order (rank()): the k-th of them to fire takes the k-th
  // target, and the shots are fired in that order.
  void defender_phase(int round) {
    Actions act;
    shots_.clear();
    size_t k = 0;
    if (!ranked_) rank();  // (just loaded: in the canonical order already)
    sort_besiegers();
    for (size_t r = 0; r < nd_; ++r) {
      const size_t i = rank_[r];
      Piece& p = pieces_[i];
      if (!active(p)) continue;
      if (p.suppressed > 0) {
        --p.suppressed;
        if (trace_) act.suppressed.emplace_back(i, p.def->label);
      } else if (p.reload > 0) {
        --p.reload;
        if (trace_) act.reloading.emplace_back(i, p.def->label);
      } else {
        const auto [lo, hi] = segment(p);
        if (lo == hi) {
          if (trace_) act.waiting.emplace_back(i, p.def->label);
        } else {
          // Fire is spread: the k-th shooter takes the k-th target (nearest first).
          shots_.push_back({i, order_[lo + k % (hi - lo)], lo, hi});
          ++k;
        }
      }
    }
    actions_event(round, 1, act);
    for (const auto& s : shots_) fire(s, round, 1);
    ranked_ = false;
  }

  void fall_back(int round) {
    ranked_ = false;
    falling_back_ = true;
    const double rch = reach();
    std::vector<std::string> who;
    for (size_t i = nd_; i < pieces_.size(); ++i) {
      Piece& p = pieces_[i];
      if (!p.alive || !p.def->mobile) continue;
      p.mode = p.pos <= rch ? Piece::Mode::retreating : Piece::Mode::stationary;
      who.push_back(p.def->label);
    }
    policy_event(round, 2, "fall-back", "the besieger has lost " + std::to_string(besieger_lost_) +
                                            " pieces and falls back: " + (who.empty() ? "no mobile piece" : join(who)));
  }

  // A besieging piece that neither is suppressed nor moves: it reloads, waits or fires (shot k).
  void besieger_stands(size_t i, size_t& k, Actions& act) {
    Piece& p = pieces_[i];
    if (p.mode == Piece::Mode::advancing) p.mode = Piece::Mode::stationary;
    if (p.reload > 0) {
      --p.reload;
      if (trace_) act.reloading.emplace_back(i, p.def->label);
    } else if (!can_fire_at(p, p.pos) || defenders_.empty()) {
      if (trace_) act.waiting.emplace_back(i, p.def->label);
    } else {
      // Every defender stands at the same range: spread over them in the canonical order.
      shots_.push_back({i, defenders_[k % defenders_.size()], 0, 0});
      ++k;
    }
  }

  // The besieging pieces in the canonical order (rank()), as the defenders'.
  void besieger_phase(int round) {
    Actions act;
    shots_.clear();
    size_t k = 0;
    rank();
    list_defenders();
    const double rch2 = reach();
    for (size_t r = nd_; r < pieces_.size(); ++r) {
      const size_t i = rank_[r];
      Piece& p = pieces_[i];
      if (!p.alive) continue;
      if (p.suppressed > 0) {
        --p.suppressed;
        if (trace_) act.suppressed.emplace_back(i, p.def->label);
      } else if (p.mode == Piece::Mode::advancing && moves_to_stop(p) > 0) {
        p.pos -= move_;
        if (trace_) act.moved.emplace_back(i, p.def->label + " to " + grouped(std::llround(p.pos)) + " yd");
        if (moves_to_stop(p) <= 0) p.mode = Piece::Mode::stationary;
      } else if (p.mode == Piece::Mode::retreating) {
        p.pos += move_;
        if (trace_) act.moved.emplace_back(i, p.def->label + " back to " + grouped(std::llround(p.pos)) + " yd");
        if (p.pos > rch2) p.mode = Piece::Mode::stationary;
      } else {
        besieger_stands(i, k, act);
      }
    }
    actions_event(round, 2, act);
    for (const auto& s : shots_) fire(s, round, 2);
    ranked_ = false;
  }

  // The end conditions checked after phase 2 (step 3).
  std::optional<DuelEnd> end_of_round() const {
    bool any_active = false, any_alive = false;
    for (size_t i = 0; i < nd_; ++i) {
      any_alive = any_alive || pieces_[i].alive;
      any_active = any_active || active(pieces_[i]);
    }
    if (!any_alive) return DuelEnd::defender_destroyed;
    if (!any_active) return DuelEnd::defender_holed_up;
    if (falling_back_) {
      const double rch = reach();
      bool all_out = true, any_besieger = false;
      for (size_t i = nd_; i < pieces_.size(); ++i)
        if (pieces_[i].alive) {
          any_besieger = true;
          all_out = all_out && pieces_[i].pos > rch;
        }
      if (any_besieger && all_out) return DuelEnd::besieger_fell_back;
    }
    return std::nullopt;
  }

  const Rules& rules_;
  const DuelSetup& setup_;
  DuelDice* dice_;
  std::vector<TraceEvent>* trace_;
  int move_;
  int sides_;
  std::vector<Piece> pieces_;
  size_t nd_ = 0;
  std::vector<double> edges_;
  std::vector<size_t> groups_;  ///< where each run of pieces placed alike begins, then the end
  std::vector<size_t> rank_;    ///< the pieces, each run in the canonical order (rank())
  std::vector<Key> keys_;       ///< rank()'s sort keys
  bool ranked_ = false;         ///< rank_ is current (nothing has changed since rank() or load())
  std::vector<Shot> shots_;
  std::vector<size_t> order_, defenders_;
  std::vector<double> order_pos_;
  int defender_lost_ = 0, besieger_lost_ = 0;
  bool holed_up_ = false, falling_back_ = false;
  std::string last_quiet_key_;
};

}  // namespace gunpowder::siege::duel_detail
