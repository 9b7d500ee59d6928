// campaign_states.hpp - the states of a campaign's walk (campaign.cpp) and the two maps that merge
// them after each battle: a hash on the packed state (StateMap) and dense rows of the second
// side's troop counts (DenseMap, its cells from a BlockPool). Internal to the war library
// (lib/src/war): campaign.cpp alone.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "gunpowder/war/campaign.hpp"

namespace gunpowder::war::detail {

/// A state after a battle, packed in 64 bits: each side's troops (as an index into that side's
/// troop counts, numbered in increasing order, or as met for large armies), fatigue, and, under the no_result tie
/// policy only, its standing (a tie leaves the last battle's location, which the report reads; under every other policy
/// a battle that goes on always sets it anew). Killed and wounded are not part of the state: their expectations are
/// sums over the battles (linear), so states that differ only in how their losses split merge.
constexpr int kIndexBits = 24;
constexpr std::uint64_t kIndexMask = (1ULL << kIndexBits) - 1;
constexpr std::uint64_t kEmpty = ~0ULL;
struct State {
  std::array<std::uint32_t, 2> index{};
  std::array<Fatigue, 2> fatigue{};
  std::array<Standing, 2> standing{};
};
inline std::uint64_t pack(const State& s) {
  return static_cast<std::uint64_t>(s.index[0]) | static_cast<std::uint64_t>(s.index[1]) << kIndexBits |
         static_cast<std::uint64_t>(s.fatigue[0]) << 48 | static_cast<std::uint64_t>(s.fatigue[1]) << 50 |
         static_cast<std::uint64_t>(s.standing[0]) << 52 | static_cast<std::uint64_t>(s.standing[1]) << 56;
}
inline State unpack(std::uint64_t k) {
  State s;
  s.index = {static_cast<std::uint32_t>(k & kIndexMask), static_cast<std::uint32_t>(k >> kIndexBits & kIndexMask)};
  s.fatigue = {static_cast<Fatigue>(k >> 48 & 3), static_cast<Fatigue>(k >> 50 & 3)};
  s.standing = {static_cast<Standing>(k >> 52 & 15), static_cast<Standing>(k >> 56 & 15)};
  return s;
}

/// States and their probabilities: open addressing on the packed key, iterated in insertion
/// order (the same on every platform), so that the sums are too.
class StateMap {
 public:
  explicit StateMap(size_t expect = 16) {
    size_t cap = 64;
    while (cap < expect * 2) cap *= 2;
    slots_.assign(cap, Slot{});
  }
  void add(std::uint64_t key, double p) {
    if ((order_.size() + 1) * 2 > slots_.size()) grow();
    Slot& s = slots_[slot(key)];
    if (s.key == kEmpty) {
      s.key = key;
      order_.push_back(static_cast<std::uint32_t>(&s - slots_.data()));
    }
    s.p += p;
  }
  /// The states and probabilities in insertion order, packed for a sequential walk, into `out`
  /// (its memory kept from battle to battle).
  void items(std::vector<std::pair<std::uint64_t, double>>& out) const {
    out.clear();
    out.reserve(order_.size());
    for (auto n : order_) out.emplace_back(slots_[n].key, slots_[n].p);
  }

 private:
  struct Slot {
    std::uint64_t key = kEmpty;
    double p = 0;
  };
  [[nodiscard]] size_t slot(std::uint64_t key) const {
    // splitmix64's finaliser: every bit of the key reaches the low bits used as the slot.
    std::uint64_t h = key + 0x9E3779B97F4A7C15ULL;
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    h ^= h >> 31;
    size_t i = static_cast<size_t>(h) & (slots_.size() - 1);
    while (slots_[i].key != kEmpty && slots_[i].key != key) i = (i + 1) & (slots_.size() - 1);
    return i;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    for (auto& n : order_) {
      const Slot& from = old[n];
      n = static_cast<std::uint32_t>(slot(from.key));
      slots_[n] = from;
    }
  }
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> order_;  ///< slots in insertion order
};

/// Zeroed memory for the dense rows' blocks of cells, kept from one battle's map for the next.
/// Fresh memory cost the campaign its page faults and their zeroing (a third of its time); the
/// blocks are cut from slabs of whole 2 MB pages mapped at once, which the kernel backs with
/// transparent huge pages where it offers them (a fault for each 2 MB instead of each 4 KB: the
/// book's field campaign faulted 2,300 times, most of its system time). A block given back is
/// zero again (DenseMap's destructor zeroes the cells it used).
class BlockPool {
 public:
  BlockPool() = default;
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;
  ~BlockPool() {
    for (const auto& [at, bytes] : maps_) munmap(at, bytes);
  }
  /// A zeroed block of `cells` doubles (every block of a walk has the same size).
  double* take(size_t cells) {
    if (!free_.empty()) {
      double* b = free_.back();
      free_.pop_back();
      return b;
    }
    const size_t bytes = cells * sizeof(double);
    if (left_ < bytes) {
      // A slab of whole 2 MB pages, aligned to 2 MB within a mapping 2 MB larger.
      const size_t slab = (std::max(bytes, kHuge) + kHuge - 1) / kHuge * kHuge;
      void* at = mmap(nullptr, slab + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (at == MAP_FAILED) throw std::bad_alloc();
      maps_.emplace_back(at, slab + kHuge);
      const auto base = reinterpret_cast<std::uintptr_t>(at);
      next_ = reinterpret_cast<char*>((base + kHuge - 1) / kHuge * kHuge);
      left_ = slab;
#ifdef MADV_HUGEPAGE
      madvise(next_, slab, MADV_HUGEPAGE);  // advice only: without huge pages, 4 KB faults as before
#endif
    }
    auto* b = reinterpret_cast<double*>(next_);
    next_ += bytes;
    left_ -= bytes;
    return b;
  }
  void give(double* block) { free_.push_back(block); }

 private:
  static constexpr size_t kHuge = size_t{2} << 20;
  std::vector<std::pair<void*, size_t>> maps_;
  std::vector<double*> free_;
  char* next_ = nullptr;
  size_t left_ = 0;
};

/// States and their probabilities when each side's troop counts are few and numbered in
/// increasing order: one dense row of the second side's counts for each (fatigue, standing, first
/// side's count). A battle's outcome maps a run of sorted states to a run of sorted cells, so the
/// adds stay close in memory where a hash would scatter them.
class DenseMap {
 public:
  static constexpr size_t kBlockRows = 64;
  using Pool = BlockPool;
  /// Rows `width` cells wide; `counts0`, the first side's troop counts, sizes a direct index of the
  /// rows without standings (the map's lookups were a tenth of the walk's time).
  DenseMap(size_t width, size_t counts0, Pool& pool) : width_(width), pool_(pool) {
    cache_.fill({kEmpty, 0});
    direct_.assign(counts0 * 16, kNoRow);
  }
  DenseMap(const DenseMap&) = delete;
  DenseMap& operator=(const DenseMap&) = delete;
  DenseMap(DenseMap&&) = default;
  DenseMap& operator=(DenseMap&&) = delete;
  /// Gives the blocks back to the pool, zeroing the cells that were used.
  ~DenseMap() {
    for (size_t id = 0; id < rows_.size(); ++id)
      if (rows_[id].lo <= rows_[id].hi) std::fill(cell(id) + rows_[id].lo, cell(id) + rows_[id].hi + 1, 0.0);
    for (double* b : blocks_) pool_.give(b);
  }
  void add(std::uint64_t key, double p) {
    const std::uint64_t rk = key & ~(kIndexMask << kIndexBits);
    const auto col = static_cast<size_t>(key >> kIndexBits & kIndexMask);
    auto& c = cache_[static_cast<size_t>((rk * 0x9E3779B97F4A7C15ULL) >> 58)];
    if (c.first != rk) c = {rk, row(rk)};
    Row& r = rows_[c.second];
    r.lo = std::min(r.lo, col);
    r.hi = std::max(r.hi, col);
    cell(c.second)[col] += p;
  }
  /// The cells of row `rk` (a key without the second side's index), for a run of adds to one row
  /// (Walk::battle_rows); `mark(lo, hi)` then records the columns the run added to.
  struct RowCells {
    double* cells;
    std::uint32_t id;
  };
  RowCells open_row(std::uint64_t rk) {
    const std::uint32_t id = row(rk);
    return {cell(id), id};
  }
  void mark(std::uint32_t id, size_t lo, size_t hi) {
    Row& r = rows_[id];
    r.lo = std::min(r.lo, lo);
    r.hi = std::max(r.hi, hi);
  }
  /// A row's states: the second side's troop indexes lo..hi (cells[col]; 0 where none).
  struct RowView {
    std::uint64_t rk;
    const double* cells;
    size_t lo, hi;
  };
  /// The rows with states, in key order (row, then the second side's count): the next battle
  /// walks them in place (a vector of the states, made anew for each battle, cost the campaign a
  /// fifth of its time, most of it page faults).
  [[nodiscard]] std::vector<RowView> rows() const {
    std::vector<RowView> out;
    out.reserve(index_.size());
    for (const auto& [rk, id] : index_)
      if (const Row& r = rows_[id]; r.lo <= r.hi) out.push_back({rk, cell(id), r.lo, r.hi});
    return out;
  }
  /// Calls f(p) on the probability of every state, in key order: f may set it to 0, which leaves
  /// the state out (Walk::prune).
  template <class F>
  void each(F&& f) {
    for (const auto& [rk, id] : index_) {
      const Row& r = rows_[id];
      if (r.lo > r.hi) continue;
      double* cells = cell(id);
      for (size_t col = r.lo; col <= r.hi; ++col)
        if (cells[col] > 0) f(cells[col]);
    }
  }
  /// The number of states (cells with a probability).
  [[nodiscard]] size_t size() const {
    size_t n = 0;
    for (size_t id = 0; id < rows_.size(); ++id) {
      const Row& r = rows_[id];
      if (r.lo > r.hi) continue;
      const double* cells = cell(id);
      for (size_t col = r.lo; col <= r.hi; ++col) n += cells[col] > 0 ? 1 : 0;
    }
    return n;
  }

 private:
  struct Row {
    size_t lo = ~size_t{0}, hi = 0;
  };
  // The rows' cells in blocks of kBlockRows rows, zero until used, taken from the pool or made as
  // rows are added: growing one vector of every cell moved all of them at each doubling (a fifth
  // of a campaign's time).
  static constexpr std::uint32_t kNoRow = ~std::uint32_t{0};
  /// The direct index's slot of a row key: its first side's troops and both fatigues (none when
  /// it has standings, which only the no_result tie policy keeps).
  [[nodiscard]] size_t direct(std::uint64_t rk) const {
    return rk >> 52 ? direct_.size() : static_cast<size_t>(rk & kIndexMask) * 16 + static_cast<size_t>(rk >> 48 & 15);
  }
  std::uint32_t row(std::uint64_t rk) {
    const size_t d = direct(rk);
    if (d < direct_.size() && direct_[d] != kNoRow) return direct_[d];
    auto [it, fresh] = index_.try_emplace(rk, static_cast<std::uint32_t>(rows_.size()));
    if (d < direct_.size()) direct_[d] = it->second;
    if (fresh) {
      if (rows_.size() % kBlockRows == 0) {
        blocks_.push_back(pool_.take(kBlockRows * width_));
      }
      rows_.emplace_back();
    }
    return it->second;
  }
  double* cell(size_t id) { return blocks_[id / kBlockRows] + (id % kBlockRows) * width_; }
  [[nodiscard]] const double* cell(size_t id) const { return blocks_[id / kBlockRows] + (id % kBlockRows) * width_; }
  size_t width_;
  std::map<std::uint64_t, std::uint32_t> index_;
  std::vector<std::uint32_t> direct_;  ///< row ids by direct(rk), kNoRow when none
  std::vector<Row> rows_;
  std::vector<double*> blocks_;  ///< taken from pool_, given back by the destructor
  Pool& pool_;
  std::array<std::pair<std::uint64_t, std::uint32_t>, 64> cache_{};
};

/// One outcome of a battle and its probability: a (winner, combat-results row) of the campaign
/// (an index into the walk's results), a tie with no result, or no combat.
struct Transition {
  enum Kind : std::uint8_t { result, no_result, no_combat };
  Kind kind = result;
  std::uint32_t outcome = 0;
  double q = 0;
};

/// The effect of one outcome on one side with so many troops, as apply_result gives it.
struct Effect {
  std::int32_t dest = -1;  ///< index of the troops left (-1: not worked out yet)
  std::int64_t wounded = 0;
};

/// What the states of a dense row that fight on add up (Walk::result_rows).
struct Spread {
  double p = 0, wounded = 0, troops = 0;  ///< sums of the states' probabilities and of them times each
  size_t lo = ~size_t{0}, hi = 0;         ///< the columns of `cells` added to
};
/// What the states of a dense row that end with an outcome add up to (Walk::result_rows): the
/// sums kept in locals while the row is walked.
struct RunEnds {
  double troops1 = 0, lost1 = 0;        ///< the second side's troops left and lost, times probability
  std::array<double, kStandings> p1{};  ///< the second side's ends by standing
  /// The campaigns that end, by why (decided, limit) and whether the second side is destroyed:
  /// their first side's part is added once for each.
  std::array<std::array<double, 2>, 2> by{};
};

/// The second side's troop map of an outcome in the dense walk (its troops index left for each
/// troops index), shared by the outcomes with the same one (the combat results' 26 outcomes have
/// 9 casualty percentages for a side): clean_from, the first count from which every count above
/// is numbered and left with troops (the walk scatters those without a test).
struct ColumnMap {
  std::vector<std::uint32_t> dest;
  std::vector<double> troops;  ///< the troops left (read from clean_from on)
  std::uint32_t clean_from = 0;
  bool monotone = true;  ///< dest never falls as the troops rise (lo and hi at the ends)
};

/// A run of a dense row's states with the same odds: the row's states [begin, end), their
/// probabilities' sum, the probability of each outcome by its id, and the one being applied.
struct Segment {
  size_t begin = 0, end = 0;
  double p = 0;
  const std::vector<double>* q_by_outcome = nullptr;
  double q = 0;
};

/// For each segment of a row (states: their second side's troops indexes `cols` and
/// probabilities `ps`), into `out` (a row of maps.size() * 2 + wounds.size() sums a segment):
/// for each map, the probability and troops left of its states from the map's clean_from on;
/// for each wound table, the wounded of all its states.
inline void segment_sums(const std::vector<Segment>& segs, const std::vector<std::uint32_t>& cols,
                         const std::vector<double>& ps, const std::vector<ColumnMap>& maps,
                         const std::vector<std::vector<double>>& wounds, std::vector<double>& out) {
  const size_t stride = maps.size() * 2 + wounds.size();
  out.assign(segs.size() * stride, 0.0);
  for (size_t g = 0; g < segs.size(); ++g) {
    double* row = &out[g * stride];
    const Segment& seg = segs[g];
    for (size_t b = 0; b < maps.size(); ++b) {
      const ColumnMap& m = maps[b];
      double p = 0, troops = 0;
      for (size_t k = seg.begin; k < seg.end; ++k)
        if (cols[k] >= m.clean_from) {
          p += ps[k];
          troops += ps[k] * m.troops[cols[k]];
        }
      row[2 * b] = p;
      row[2 * b + 1] = troops;
    }
    for (size_t t = 0; t < wounds.size(); ++t) {
      const double* w = wounds[t].data();
      double sum = 0;
      for (size_t k = seg.begin; k < seg.end; ++k) sum += ps[k] * w[cols[k]];
      row[maps.size() * 2 + t] = sum;
    }
  }
}

}  // namespace gunpowder::war::detail
