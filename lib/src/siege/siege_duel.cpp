// siege_duel.cpp - the artillery duel of seed 000 ("Gunpowder Artillery Duels", pp. 18-19):
// rounds of defender fire (phase 1) and besieger fire or movement (phase 2), with the stated
// policies, a round-by-round trace, and seeded odds over many duels on several threads.
//
// Rounds in which no piece fires (everyone reloads, moves or waits) are deterministic; the engine
// jumps over them in one step, which keeps 100,000 duels of the book's example well under a
// second. The jump stops at every round where something can change: a piece finishes reloading,
// a mover arrives or crosses a range edge of a possible shooter, a policy triggers.
#include <algorithm>
#include <climits>
#include <cmath>
#include <thread>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/core/parallel.hpp"
#include "gunpowder/siege/siege.hpp"

namespace gunpowder::siege {

using artillery::Bracket;
using fmtnum::grouped;

std::string to_string(DuelEnd e) {
  switch (e) {
    case DuelEnd::besieger_destroyed: return "besieger-destroyed";
    case DuelEnd::defender_destroyed: return "defender-destroyed";
    case DuelEnd::defender_holed_up: return "defender-holed-up";
    case DuelEnd::besieger_fell_back: return "besieger-fell-back";
    case DuelEnd::stalemate: return "stalemate";
    case DuelEnd::round_limit: return "round-limit";
  }
  return "?";
}

std::string describe(DuelEnd e) {
  switch (e) {
    case DuelEnd::besieger_destroyed: return "the besieger's artillery is destroyed";
    case DuelEnd::defender_destroyed: return "the defender's artillery is destroyed";
    case DuelEnd::defender_holed_up: return "the defender's remaining artillery holes up";
    case DuelEnd::besieger_fell_back: return "the besieger's artillery falls back beyond the defender's range";
    case DuelEnd::stalemate: return "no piece can reach an enemy piece any more";
    case DuelEnd::round_limit: return "undecided at the round limit";
  }
  return "?";
}

namespace {

constexpr long long kNever = LLONG_MAX / 4;

// The damage die of the characteristics table, read from the artillery module's own notation
// ("12d10") so that the figure is not typed twice.
int damage_die_sides() {
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
      : rules_(rules), setup_(setup), dice_(dice), trace_(trace), move_(rules.duel.move_yd), sides_(damage_die_sides()) {
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
    // Range edges of every defender (where a besieger's move can change what a defender may do).
    for (size_t i = 0; i < nd_; ++i) {
      const auto& p = pieces_[i];
      for (double e : {p.low, p.bp->range_short_yd, p.bp->range_medium_yd, p.bp->range_long_yd, p.engage})
        if (e > 0) edges_.push_back(e);
    }
    std::sort(edges_.begin(), edges_.end());
    edges_.erase(std::unique(edges_.begin(), edges_.end()), edges_.end());
  }

  DuelResult run() {
    int round = 1;
    DuelResult r;
    while (true) {
      if (round > setup_.max_rounds) {
        r.end = DuelEnd::round_limit;
        r.rounds = setup_.max_rounds;
        break;
      }
      if (!policy_pending()) {
        const long long k = quiet_rounds();
        if (k >= kNever) {
          r.end = DuelEnd::stalemate;
          r.rounds = round - 1;
          break;
        }
        if (k > 0) {
          const int n = static_cast<int>(std::min<long long>(k, setup_.max_rounds - round + 1));
          apply_quiet(round, n);
          round += n;
          if (auto e = end_of_round()) {
            r.end = *e;
            r.rounds = round - 1;
            break;
          }
          continue;
        }
      }
      if (auto e = step(round)) {
        r.end = *e;
        r.rounds = round;
        break;
      }
      ++round;
    }
    for (const auto& p : pieces_) {
      if (!p.alive) continue;
      if (p.besieger) ++r.besieger_left;
      else {
        ++r.defender_left;
        if (p.holed) ++r.defender_holed_up;
      }
    }
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

 private:
  [[nodiscard]] bool active(const Piece& p) const { return p.alive && !p.holed; }

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

  // The live besieger pieces sorted by distance (then input order), with their distances; every
  // defender's candidate targets are one contiguous run of this list.
  void sort_besiegers() {
    order_.clear();
    for (size_t i = nd_; i < pieces_.size(); ++i)
      if (pieces_[i].alive) order_.push_back(i);
    std::stable_sort(order_.begin(), order_.end(), [&](size_t a, size_t b) { return pieces_[a].pos < pieces_[b].pos; });
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

  void list_defenders() {
    defenders_.clear();
    for (size_t i = 0; i < nd_; ++i)
      if (active(pieces_[i])) defenders_.push_back(i);
  }

  // Does the piece have a target now? (order_ and defenders_ must be current.)
  [[nodiscard]] bool has_target(const Piece& p) const {
    if (p.besieger) return can_fire_at(p, p.pos) && !defenders_.empty();
    const auto [lo, hi] = segment(p);
    return lo < hi;
  }

  [[nodiscard]] long long moves_to_stop(const Piece& p) const {
    return rounding::saturated_int64(std::floor((p.pos - p.stop) / move_ + 1e-9));
  }

  // The number of coming rounds (from now) in which no piece can fire and no policy changes.
  long long quiet_rounds() {
    long long k = kNever;
    const double rch = reach();
    sort_besiegers();
    list_defenders();
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
      if (has_target(p)) return 0;
    }
    return k;
  }

  void apply_quiet(int round, int n) {
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
    const int roll = dice_.d20();
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
    s.reload = std::max(0, s.bp->rounds_per_shot - 1);  // fires again ROF rounds later (12-pdr gun: 1 -> 33)
    std::string result = "miss";
    if (roll >= tv) {
      // A defending piece saves on 11+ and then takes no damage (step 3a); besiegers get no save.
      bool saved = false;
      if (!target.besieger) {
        const int save = dice_.d20();
        if (trace_) e.save_roll = save;
        saved = save >= rules_.duel.besieged_save;
      }
      if (saved) {
        result = "saved";
      } else {
        const int dmg = dice_.damage(s.bp->damage_dice, sides_);
        if (trace_) e.damage = dmg;
        target.shp -= dmg;
        if (target.shp <= 0) {
          target.alive = false;
          result = "destroyed";
          if (target.besieger) ++besieger_lost_;
          else ++defender_lost_;
        } else {
          // Otherwise the target is suppressed for one turn (read as its next action).
          target.suppressed = rules_.duel.suppressed_turns;
          result = "suppressed";
        }
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

  void actions_event(int round, int phase, const std::vector<std::string>& reloading, const std::vector<std::string>& waiting,
                     const std::vector<std::string>& moved, const std::vector<std::string>& suppressed) {
    if (!trace_ || (reloading.empty() && waiting.empty() && moved.empty() && suppressed.empty())) return;
    TraceEvent e;
    e.round_from = e.round_to = round;
    e.phase = phase;
    e.kind = "actions";
    e.text = summary(reloading, waiting, moved, suppressed);
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

  /// What the pieces of a phase do besides firing, for the trace.
  struct Actions {
    std::vector<std::string> reloading, waiting, moved, suppressed;
  };

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

  void defender_phase(int round) {
    Actions act;
    shots_.clear();
    size_t k = 0;
    sort_besiegers();
    for (size_t i = 0; i < nd_; ++i) {
      Piece& p = pieces_[i];
      if (!active(p)) continue;
      if (p.suppressed > 0) {
        --p.suppressed;
        if (trace_) act.suppressed.push_back(p.def->label);
      } else if (p.reload > 0) {
        --p.reload;
        if (trace_) act.reloading.push_back(p.def->label);
      } else {
        const auto [lo, hi] = segment(p);
        if (lo == hi) {
          if (trace_) act.waiting.push_back(p.def->label);
        } else {
          // Fire is spread: the k-th shooter takes the k-th target (nearest first).
          shots_.push_back({i, order_[lo + k % (hi - lo)], lo, hi});
          ++k;
        }
      }
    }
    actions_event(round, 1, act.reloading, act.waiting, act.moved, act.suppressed);
    for (const auto& s : shots_) fire(s, round, 1);
  }

  void fall_back(int round) {
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
      if (trace_) act.reloading.push_back(p.def->label);
    } else if (!can_fire_at(p, p.pos) || defenders_.empty()) {
      if (trace_) act.waiting.push_back(p.def->label);
    } else {
      // Every defender stands at the same range: spread over them in order.
      shots_.push_back({i, defenders_[k % defenders_.size()], 0, 0});
      ++k;
    }
  }

  void besieger_phase(int round) {
    Actions act;
    shots_.clear();
    size_t k = 0;
    list_defenders();
    const double rch2 = reach();
    for (size_t i = nd_; i < pieces_.size(); ++i) {
      Piece& p = pieces_[i];
      if (!p.alive) continue;
      if (p.suppressed > 0) {
        --p.suppressed;
        if (trace_) act.suppressed.push_back(p.def->label);
      } else if (p.mode == Piece::Mode::advancing && moves_to_stop(p) > 0) {
        p.pos -= move_;
        if (trace_) act.moved.push_back(p.def->label + " to " + grouped(std::llround(p.pos)) + " yd");
        if (moves_to_stop(p) <= 0) p.mode = Piece::Mode::stationary;
      } else if (p.mode == Piece::Mode::retreating) {
        p.pos += move_;
        if (trace_) act.moved.push_back(p.def->label + " back to " + grouped(std::llround(p.pos)) + " yd");
        if (p.pos > rch2) p.mode = Piece::Mode::stationary;
      } else {
        besieger_stands(i, k, act);
      }
    }
    actions_event(round, 2, act.reloading, act.waiting, act.moved, act.suppressed);
    for (const auto& s : shots_) fire(s, round, 2);
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
  DuelDice& dice_;
  std::vector<TraceEvent>* trace_;
  int move_;
  int sides_;
  std::vector<Piece> pieces_;
  size_t nd_ = 0;
  std::vector<double> edges_;
  std::vector<Shot> shots_;
  std::vector<size_t> order_, defenders_;
  std::vector<double> order_pos_;
  int defender_lost_ = 0, besieger_lost_ = 0;
  bool holed_up_ = false, falling_back_ = false;
  std::string last_quiet_key_;
};

}  // namespace

DuelResult run_duel(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup, DuelDice& dice,
                    std::vector<TraceEvent>* trace) {
  Engine e(rules, cat, setup, dice, trace);
  return e.run();
}

Proportion wilson(long long count, long long n) {
  Proportion r;
  r.count = count;
  if (n <= 0) return r;
  const double z = 1.959963984540054;  // 95% two-sided normal quantile
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(count) / nn;
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  r.p = p;
  // At 0 (or n) successes the interval's end is exactly 0 (or 1); rounding noise is removed.
  r.low = count == 0 ? 0.0 : std::max(0.0, centre - half);
  r.high = count == n ? 1.0 : std::min(1.0, centre + half);
  return r;
}

DuelOdds duel_odds(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup, long long runs,
                   std::uint64_t seed, unsigned threads, const std::function<void(std::uint64_t)>& progress) {
  DuelOdds o;
  o.runs = runs;
  o.seed = seed;
  threads = std::max(1U, std::min<unsigned>(threads, static_cast<unsigned>(std::max(1LL, runs))));
  o.threads = threads;
  const auto n = static_cast<size_t>(std::max(0LL, runs));
  std::vector<unsigned char> ends(n);
  std::vector<int> rounds(n);
  std::vector<short> bl(n), dl(n);
  auto work = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      RngDice dice(Rng::stream(seed, i));  // duel i always draws the same numbers
      const DuelResult r = run_duel(rules, cat, setup, dice, nullptr);
      ends[i] = static_cast<unsigned char>(r.end);
      rounds[i] = r.rounds;
      bl[i] = static_cast<short>(r.besieger_left);
      dl[i] = static_cast<short>(r.defender_left);
      if (progress && (i - from + 1) % 1024 == 0) progress(1024);
    }
    if (progress) progress((to - from) % 1024);
  };
  parallel::ranges(n, threads, [&](unsigned, size_t from, size_t to) { work(from, to); });

  size_t nb = 0, ndf = 0;
  for (const auto& p : setup.pieces) (p.besieger ? nb : ndf) += 1;
  o.besieger_left.assign(nb + 1, 0);
  o.defender_left.assign(ndf + 1, 0);
  std::array<long long, 6> counts{};
  long long sum_b = 0, sum_d = 0;
  double sum = 0, sum2 = 0;
  for (size_t i = 0; i < n; ++i) {
    ++counts[ends[i]];
    ++o.besieger_left[static_cast<size_t>(bl[i])];
    ++o.defender_left[static_cast<size_t>(dl[i])];
    sum_b += bl[i];
    sum_d += dl[i];
    sum += rounds[i];
    sum2 += static_cast<double>(rounds[i]) * rounds[i];
  }
  for (size_t e = 0; e < counts.size(); ++e) o.ends[e] = wilson(counts[e], runs);
  if (n == 0) return o;
  const double nn = static_cast<double>(n);
  o.besieger_left_mean = static_cast<double>(sum_b) / nn;
  o.defender_left_mean = static_cast<double>(sum_d) / nn;
  o.rounds_mean = sum / nn;
  const double var = n > 1 ? std::max(0.0, (sum2 - sum * sum / nn) / (nn - 1)) : 0.0;
  o.rounds_ci = 1.959963984540054 * std::sqrt(var / nn);
  std::sort(rounds.begin(), rounds.end());
  // The nearest-rank quantile, halves up.
  auto q = [&](double f) {
    return rounds[std::min(n - 1, static_cast<size_t>(rounding::half_up(f * static_cast<double>(n - 1))))];
  };
  o.rounds_min = rounds.front();
  o.rounds_p10 = q(0.1);
  o.rounds_median = q(0.5);
  o.rounds_p90 = q(0.9);
  o.rounds_max = rounds.back();
  return o;
}

std::vector<ShotOdds> shot_odds(const Rules& rules, const artillery::Catalogue& cat, const DuelSetup& setup) {
  std::vector<ShotOdds> out;
  const int sides = damage_die_sides();
  std::vector<const DuelPiece*> kinds;  // one piece of each (side, book piece)
  for (const auto& p : setup.pieces) {
    bool seen = false;
    for (const auto* k : kinds) seen = seen || (k->piece == p.piece && k->besieger == p.besieger);
    if (!seen) kinds.push_back(&p);
  }
  for (const auto* s : kinds)
    for (const auto* t : kinds) {
      if (s->besieger == t->besieger) continue;
      for (auto b : {Bracket::short_range, Bracket::medium_range, Bracket::long_range}) {
        // Only the brackets at which the shooter may fire (a mortar never fires at short range).
        if (cat.attack.modes[static_cast<size_t>(s->piece->type)][static_cast<size_t>(b)].empty()) continue;
        ShotOdds o;
        o.shooter = s->piece->name + (s->besieger ? " (besieger)" : " (defender)");
        o.target = t->piece->name;
        o.bracket = artillery::to_string(b);
        o.target_value = rules.duel.target[static_cast<size_t>(b)];
        o.p_hit = dice::d20_at_least(o.target_value);
        o.p_save = t->besieger ? 0.0 : dice::d20_at_least(rules.duel.besieged_save);
        o.p_destroy_given_hit = (1 - o.p_save) * dice::Dist::sum(s->piece->damage_dice, sides).at_least(t->piece->shp);
        o.p_destroy = o.p_hit * o.p_destroy_given_hit;
        const double p_kill = dice::Dist::sum(s->piece->damage_dice, sides).at_least(t->piece->shp);
        const std::string hit = "P(d20 >= " + std::to_string(o.target_value) + ")";
        const std::string save = "P(save fails: d20 < " + std::to_string(rules.duel.besieged_save) + ")";
        const std::string kill = "P(" + std::to_string(s->piece->damage_dice) + "d" + std::to_string(sides) +
                                 " >= " + std::to_string(t->piece->shp) + " shp)";
        o.explain = report::Step{o.shooter + " at a " + o.target + ", " + o.bracket + " range", "P(destroyed)",
                                 fmtnum::percent(o.p_hit) +
                                     (t->besieger ? std::string() : " x " + fmtnum::percent(1 - o.p_save)) + " x " +
                                     fmtnum::percent(p_kill, 4),
                                 fmtnum::percent(o.p_destroy, 4), rules.duel.source};
        o.explain.in("hit: " + hit, fmtnum::percent(o.p_hit));
        if (!t->besieger) o.explain.in(save, fmtnum::percent(1 - o.p_save));
        o.explain.in(kill, fmtnum::percent(p_kill, 4));
        out.push_back(o);
      }
    }
  return out;
}

}  // namespace gunpowder::siege
