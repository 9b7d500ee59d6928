// battle_stream.cpp - war-machine battle on a large file of [[force]] tables, written as it is
// made (report::Report::write), in every format, --summary or not.
//
// A file (or standard input) of more than 100 battles, without --force, --roll, --explain,
// --table, --chart, --svg, --odds-chart or house rules, is not held. A first pass reads it in
// pieces of about 64 KiB on two threads (input::for_each_piece, cut at [[force]] lines), each
// piece read by war::read_battle and its forces rated, and keeps each force (each part of a
// divided one) in 64 bytes (Kept: what the pairing, the battles and the tables read of it, its
// name and `opponent` in one buffer, its method, class, tactic and situation as indices into
// lists of those seen), about 100 bytes a force with the sides, pairs and fights, where a
// war::RatedForce takes about 1.4 KB; then the forces are sided and checked as war::make_sides and
// check_tactics do, and paired across the file as war::pair_forces pairs them (its fast search,
// war::pair_forces_fast, reads each force from what is kept; where it cannot be used, every force
// is made again for the book's rule), and every battle is fought, 1,024 at a time, its two forces
// made again as war::RatedForce (expand), for its errors and each force's modified BR and
// opponent (the table of forces).
// When anything fails (an error, a [battle] table, 100 battles or fewer), the file is read whole
// and run as any other, so every error is reported as it is held. Else the writer fights the
// battles again a chunk at a time, on two threads, and writes their tables as they are made:
// csv the odds tables (or, with --summary, the table of battles); text and markdown the table of
// forces (text: measured first, then each block of columns: report::StreamedTable), each battle's
// tables laid out by itself, then the unmatched forces (with --summary: the table of battles, its
// battles fought again for each pass, then the unmatched forces); JSON every array
// (cli::JsonDocumentStream), the ratings' lines and statements in a second pass over the input.
// Memory: 40,000 forces take a few MB more than 20,000 in every format (bench/batch-memory.sh).
#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <numeric>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/batch_pass.hpp"
#include "common/json_stream.hpp"
#include "common/width.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

namespace {

using report::Table;

// How a battle file is cut: at [[force]] lines, two threads.
constexpr input::Cut kBattleCut{"force"};
// Up to this many battles the report is held (its charts, which gunpowder-book's pages show).
constexpr size_t kHeldBattles = 100;
// Battles fought and written at a time (JSON, about 23 KB a battle: fewer).
constexpr size_t kChunk = 1024;
constexpr size_t kJsonChunk = 256;

// Where a text kept by a battle file is (BattleBatch::names: an offset, the text ending at the
// next NUL), or kNoText; and the index of no force.
constexpr std::uint32_t kNoText = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t kNoForce = std::numeric_limits<std::uint32_t>::max();

// One force as it fights (each part of a divided force is one), in 64 bytes: what the pairing,
// the battles and the tables read of it (war::RatedForce, about 1.4 KB with its strings, is made
// again from it for the battles of a chunk: expand). Its texts are kept once in the batch.
struct Kept {
  std::int64_t troops = 0;
  double flying_pct = 0;                      ///< when has_fly
  std::uint32_t name = 0;                     ///< into BattleBatch::names
  std::uint32_t opponent = kNoText;           ///< its `opponent`, into BattleBatch::names
  std::uint32_t situation = 0;                ///< into BattleBatch::situations (0: none)
  int br = 0, bfr = 0, rank = 0;              ///< bfr when has_bfr, rank (troop class) when has_rank
  int statements_true = 0, bonus_per_statement = 0;
  std::uint16_t method = 0, troop_class = 0;  ///< into BattleBatch::texts (0: none)
  std::uint16_t tactic = 0;                   ///< into BattleBatch::texts (0: none)
  std::uint8_t side = 0, role = 0, fatigue = 0;
  bool has_bfr = false, has_rank = false, has_fly = false;
  bool statements = false;  ///< its BR was computed from the statements
};

// What the first pass's battle of a force gives the table of forces: its modified BR and opponent.
struct Fight {
  int modified_br = 0;
  std::uint32_t opponent = kNoForce;  ///< into BattleBatch::kept (kNoForce: unmatched)
};

// A battle file checked and paired by the first pass (kept by the report's writer).
struct BattleBatch {
  BattleBatch(const war::Rules& rules, war::BattleConfig c, std::vector<input::Source> in, bool with_distributions,
              bool as_fractions)
      : R(rules),
        config(std::move(c)),
        sources(std::move(in)),
        distributions(with_distributions),
        fractions(as_fractions) {}
  const war::Rules& R;
  war::BattleConfig config;
  std::vector<input::Source> sources;
  bool distributions = false;  ///< --distributions: the casualty distributions value by value
  bool fractions = false;      ///< --fractions: each chance counted over the d100 pairs as its fraction
  std::deque<Kept> kept;       ///< the forces as they fight (divided), in order (no copy as it grows)
  std::string names;           ///< every force's name and opponent, each ended by a NUL
  std::vector<std::string> texts{std::string()};  ///< methods, troop classes, tactics (0: none)
  std::vector<std::vector<std::string>> situations{std::vector<std::string>()};  ///< each one (0: none)
  war::Sides sides;
  std::vector<std::pair<size_t, size_t>> pairs;  ///< by battle: positions into sides.members
  std::vector<Fight> fights;                     ///< by force
  std::vector<size_t> unmatched;
};

// A text of the batch's names.
std::string_view text_at(const BattleBatch& b, std::uint32_t at) { return {b.names.c_str() + at}; }

// Force i as it fights, made again from what is kept of it (as war::make_sides left it; its
// rating without its lines, statements and derivation, and no house rule behind it).
war::RatedForce expand(const BattleBatch& b, size_t i) {
  const Kept& k = b.kept[i];
  war::RatedForce x;
  x.force.name = text_at(b, k.name);
  x.force.side = b.sides.name[k.side];
  x.force.role = static_cast<war::Role>(k.role);
  x.force.troops = k.troops;
  if (k.has_fly) x.force.composition.flying_pct = k.flying_pct;
  x.force.situation = b.situations[k.situation];
  x.force.fatigue = static_cast<war::Fatigue>(k.fatigue);
  if (k.tactic != 0) x.force.tactic = b.texts[k.tactic];
  if (k.opponent != kNoText) x.force.opponent = std::string(text_at(b, k.opponent));
  x.rating.method = b.texts[k.method];
  if (k.has_bfr) x.rating.bfr = k.bfr;
  if (k.troop_class != 0) x.rating.troop_class = b.texts[k.troop_class];
  if (k.has_rank) x.rating.troop_class_rank = k.rank;
  x.rating.statements_true = k.statements_true;
  x.rating.bonus_per_statement = k.bonus_per_statement;
  x.rating.br = k.br;
  x.source = i;
  return x;
}

// The forces `at` of the batch made again (expand), on two threads for many.
std::vector<war::RatedForce> expand_all(const BattleBatch& b, const std::vector<size_t>& at) {
  std::vector<war::RatedForce> out(at.size());
  split_work(at.size(), 4096, [&](size_t x, size_t y) {
    for (size_t i = x; i < y; ++i) out[i] = expand(b, at[i]);
  });
  return out;
}

// A worker's piece of the first pass: its forces, rated.
struct ReadSlot {
  std::vector<war::RatedForce> rated;
};

// Reads and rates the forces of one piece; false when it cannot be streamed (an error, a [battle]).
bool read_piece(const BattleBatch& b, input::Document& doc, std::vector<war::RatedForce>& out) {
  std::vector<input::Document> one;
  one.push_back(std::move(doc));
  auto in = war::read_battle(b.R, std::vector<input::Source>{}, std::move(one));
  if (!in || in->settings.present) return false;
  auto rated =
      war::rate_forces(b.R, in->forces, b.config.battle.percent_reading, b.config.battle.percent_reading_ruled);
  if (!rated) return false;
  out = std::move(*rated);
  return true;
}

// The first pass's keeper: each force rated, divided and kept (Kept) in input order, its side
// found as war::make_sides finds it (its `side`, else its role, else the name it was given).
// `failed`: something the held path must run for (more than two sides, a house rule behind a
// rating, more texts than a Kept can index).
class Keeper {
 public:
  explicit Keeper(BattleBatch& b) : b_(b) {}
  bool failed = false;
  std::vector<std::string> keys;  ///< the sides' keys, in order of first appearance

  void keep(const war::RatedForce& x) {
    const war::Force& f = x.force;
    if (x.rating.ruled.any()) failed = true;
    Kept k;
    k.troops = f.troops;
    k.has_fly = f.composition.flying_pct.has_value();
    k.flying_pct = f.composition.flying_pct.value_or(0);
    if (f.opponent) k.opponent = name(*f.opponent);
    k.situation = situation(f.situation);
    k.br = x.rating.br;
    k.has_bfr = x.rating.bfr.has_value();
    k.bfr = x.rating.bfr.value_or(0);
    k.has_rank = x.rating.troop_class_rank.has_value();
    k.rank = x.rating.troop_class_rank.value_or(0);
    k.statements_true = x.rating.statements_true;
    k.bonus_per_statement = x.rating.bonus_per_statement;
    k.method = text(x.rating.method);
    if (x.rating.troop_class) k.troop_class = text(*x.rating.troop_class);
    if (f.tactic) k.tactic = text(*f.tactic);
    k.role = static_cast<std::uint8_t>(f.role);
    k.fatigue = static_cast<std::uint8_t>(f.fatigue);
    k.statements = !x.rating.statements.empty();
    k.side = side(!f.side.empty() ? f.side : f.role != war::Role::none ? war::to_string(f.role) : f.name);
    if (x.split.empty()) {
      k.name = name(f.name);
      b_.kept.push_back(k);
      return;
    }
    // "Divide forces": each part keeps the BR, takes its share of the troops, is named "<name> k".
    for (size_t p = 0; p < x.split.size(); ++p) {
      Kept part = k;
      part.name = name(f.name + " " + std::to_string(p + 1));
      part.troops = x.split[p];
      b_.kept.push_back(part);
    }
  }

 private:
  // Where `s` is kept in the batch's names (each name as often as it is given).
  std::uint32_t name(const std::string& s) {
    if (s.find('\0') != std::string::npos || b_.names.size() + s.size() + 1 >= kNoText) {
      failed = true;
      return 0;
    }
    const auto at = static_cast<std::uint32_t>(b_.names.size());
    b_.names.append(s).push_back('\0');
    return at;
  }
  std::uint16_t text(const std::string& s) {
    auto it = text_at_.find(s);
    if (it != text_at_.end()) return it->second;
    if (b_.texts.size() >= std::numeric_limits<std::uint16_t>::max()) {
      failed = true;
      return 0;
    }
    const auto at = static_cast<std::uint16_t>(b_.texts.size());
    b_.texts.push_back(s);
    text_at_.emplace(s, at);
    return at;
  }
  std::uint32_t situation(const std::vector<std::string>& s) {
    if (s.empty()) return 0;
    auto it = situation_at_.find(s);
    if (it != situation_at_.end()) return it->second;
    const auto at = static_cast<std::uint32_t>(b_.situations.size());
    b_.situations.push_back(s);
    situation_at_.emplace(s, at);
    return at;
  }
  std::uint8_t side(const std::string& key) {
    const auto it = std::find(keys.begin(), keys.end(), key);
    if (it != keys.end()) return static_cast<std::uint8_t>(it - keys.begin());
    if (keys.size() == 2) {
      failed = true;  // more than two sides: an error
      return 0;
    }
    keys.push_back(key);
    return static_cast<std::uint8_t>(keys.size() - 1);
  }
  BattleBatch& b_;
  std::map<std::string, std::uint16_t> text_at_;
  std::map<std::vector<std::string>, std::uint32_t> situation_at_;
};

// The first pass: every force read and rated, kept in a few dozen bytes (Kept), divided and sided.
bool read_forces(BattleBatch& b) {
  bool other = false;
  std::vector<ReadSlot> slots(kBattleCut.threads);
  Keeper keeper(b);
  auto d = cli::batch_pass(
      b.sources, kBattleCut, slots, true, other,
      [&](ReadSlot& slot, input::Document& doc) { return read_piece(b, doc, slot.rated); },
      [&](ReadSlot& slot) {
        for (const auto& x : slot.rated) keeper.keep(x);
      });
  if (!d.empty() || other || keeper.failed || keeper.keys.size() != 2) return false;
  b.sides.name = {keeper.keys[0], keeper.keys[1]};
  return true;
}

// The forces kept, by name (indices into BattleBatch::kept).
std::vector<std::uint32_t> by_name(const BattleBatch& b) {
  std::vector<std::uint32_t> order(b.kept.size());
  std::iota(order.begin(), order.end(), 0U);
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t x, std::uint32_t y) { return text_at(b, b.kept[x].name) < text_at(b, b.kept[y].name); });
  return order;
}

// The force named `name` (by_name), or kNoForce.
std::uint32_t find_name(const BattleBatch& b, const std::vector<std::uint32_t>& names, std::string_view name) {
  const auto it = std::lower_bound(names.begin(), names.end(), name,
                                   [&](std::uint32_t x, std::string_view n) { return text_at(b, b.kept[x].name) < n; });
  return it != names.end() && text_at(b, b.kept[*it].name) == name ? *it : kNoForce;
}

// As war::make_sides and war::check_tactics check the forces kept: names told apart, each side's
// forces of one role (a force without one takes its side's), not both sides defending, tactics
// on every force or on none; the sides' members. False where they give an error.
bool settle_sides(BattleBatch& b, const std::vector<std::uint32_t>& names) {
  for (size_t i = 1; i < names.size(); ++i)
    if (text_at(b, b.kept[names[i - 1]].name) == text_at(b, b.kept[names[i]].name)) return false;
  const auto none = static_cast<std::uint8_t>(war::Role::none);
  std::array<std::uint8_t, 2> role{none, none};
  size_t tactics = 0;
  for (const auto& k : b.kept) {
    tactics += k.tactic != 0 ? 1 : 0;
    if (k.role == none) continue;
    if (role[k.side] != none && role[k.side] != k.role) return false;
    role[k.side] = k.role;
  }
  const auto defender = static_cast<std::uint8_t>(war::Role::defender);
  if ((role[0] == defender && role[1] == defender) || (tactics != 0 && tactics != b.kept.size())) return false;
  for (size_t i = 0; i < b.kept.size(); ++i) {
    auto& k = b.kept[i];
    if (k.role == none) k.role = role[k.side];
    b.sides.members[k.side].push_back(i);
  }
  return true;
}

// The `opponent` pairs given, as war::pair_forces finds them (side 0 position, side 1 position);
// nullopt where it gives an error.
std::optional<std::vector<std::pair<size_t, size_t>>> fixed_pairs(const BattleBatch& b,
                                                                   const std::vector<std::uint32_t>& names) {
  const auto& m = b.sides.members;
  std::vector<std::uint32_t> position(b.kept.size());  // in its side
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < m[k].size(); ++p) position[m[k][p]] = static_cast<std::uint32_t>(p);
  std::vector<std::pair<size_t, size_t>> fixed;
  std::vector<std::uint32_t> partner(b.kept.size(), kNoForce);
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < m[k].size(); ++p) {
      const size_t i = m[k][p];
      const Kept& x = b.kept[i];
      if (x.opponent == kNoText) continue;
      const std::uint32_t j = find_name(b, names, text_at(b, x.opponent));
      if (j == kNoForce || b.kept[j].side == k) return std::nullopt;
      const bool fresh_i = partner[i] == kNoForce, fresh_j = partner[j] == kNoForce;
      if (fresh_i) partner[i] = j;
      if (fresh_j) partner[j] = static_cast<std::uint32_t>(i);
      if (partner[i] != j || partner[j] != i) return std::nullopt;  // each paired with another force
      if (fresh_i && fresh_j) fixed.emplace_back(k == 0 ? p : position[j], k == 0 ? position[j] : p);
    }
  return fixed;
}

// The forces sided (settle_sides) and paired as war::pair_forces pairs them: its fast search from
// what is kept, else (a pair would be an error, or the odds have an unexpected shape) every force
// made again for it. False where they give an error, or for 100 battles or fewer.
bool pair_kept(BattleBatch& b) {
  std::optional<std::vector<std::pair<size_t, size_t>>> fixed;
  {
    const std::vector<std::uint32_t> names = by_name(b);
    if (!settle_sides(b, names)) return false;
    fixed = fixed_pairs(b, names);
  }
  if (!fixed) return false;
  const war::Pairing in{{b.sides.members[0].size(), b.sides.members[1].size()}, [&](size_t k, size_t p) {
                          const Kept& x = b.kept[b.sides.members[k][p]];
                          return war::PairingForce{x.br,
                                                   x.has_rank ? std::optional<int>(x.rank) : std::nullopt,
                                                   x.troops,
                                                   static_cast<war::Role>(x.role),
                                                   static_cast<war::Fatigue>(x.fatigue),
                                                   x.has_fly ? std::optional<double>(x.flying_pct) : std::nullopt,
                                                   &b.situations[x.situation],
                                                   x.tactic != 0 ? &b.texts[x.tactic] : nullptr};
                        }};
  auto pairs = war::pair_forces_fast(b.R, in, *fixed, b.config);
  if (!pairs) {
    std::vector<size_t> every(b.kept.size());
    for (size_t i = 0; i < every.size(); ++i) every[i] = i;
    auto slow = war::pair_forces(b.R, expand_all(b, every), b.sides, b.config);
    if (!slow) return false;
    pairs = std::move(*slow);
  }
  b.pairs = std::move(*pairs);
  return b.pairs.size() > kHeldBattles;
}

// The battles of a chunk, fought: its forces made again (battle n of the chunk: its side-0 force
// at 2n, its side-1 force at 2n + 1; engagements' indices are into rated).
struct Chunk {
  std::vector<war::RatedForce> rated;
  std::vector<size_t> at;  ///< by force of the chunk: its index into BattleBatch::kept
  war::Battles battles;
};

// The battles [from, to) fought (cannot fail: each was fought by the first pass).
Expected<Chunk> fight_chunk(const BattleBatch& b, size_t from, size_t to) {
  Chunk c;
  war::Sides sides;
  sides.name = b.sides.name;
  std::vector<std::pair<size_t, size_t>> part;
  for (size_t n = from; n < to; ++n) {
    c.at.push_back(b.sides.members[0][b.pairs[n].first]);
    c.at.push_back(b.sides.members[1][b.pairs[n].second]);
    sides.members[0].push_back(2 * (n - from));
    sides.members[1].push_back(2 * (n - from) + 1);
    part.emplace_back(n - from, n - from);
  }
  c.rated = expand_all(b, c.at);
  auto fought = war::fight_pairs(b.R, c.rated, sides, part, b.config);
  if (!fought) return fought.error();
  c.battles = std::move(*fought);
  return c;
}

// Checks, sides and pairs the forces, then fights every battle once, keeping what the tables of
// forces and battles show. False when the held path must run (an error, too few battles).
bool pair_and_fight(BattleBatch& b) {
  if (!pair_kept(b)) return false;
  b.fights.assign(b.kept.size(), Fight{});
  for (size_t from = 0; from < b.pairs.size(); from += kChunk) {
    auto fought = fight_chunk(b, from, std::min(b.pairs.size(), from + kChunk));
    if (!fought) return false;
    for (const auto& e : fought->battles.engagements)
      for (size_t k = 0; k < 2; ++k)
        b.fights[fought->at[e.force[k]]] = {e.spec[k].modified_br,
                                            static_cast<std::uint32_t>(fought->at[e.force[1 - k]])};
  }
  for (size_t i = 0; i < b.kept.size(); ++i)
    if (b.fights[i].opponent == kNoForce) b.unmatched.push_back(i);
  return true;
}

// The forces' rows [from, to) of the table of forces.
std::vector<std::vector<report::Cell>> force_rows(const BattleBatch& b, size_t from, size_t to) {
  std::vector<std::vector<report::Cell>> rows(to - from);
  split_work(rows.size(), 4096, [&](size_t x, size_t y) {
    for (size_t i = x; i < y; ++i) {
      const Fight& f = b.fights[from + i];
      const std::string opponent(f.opponent != kNoForce ? text_at(b, b.kept[f.opponent].name) : std::string_view());
      const ForceBattle battle{f.modified_br, f.opponent != kNoForce ? &opponent : nullptr, nullptr};
      rows[i] = battle_forces_row(expand(b, from + i), battle, b.kept[from + i].statements);
    }
  });
  return rows;
}

// The row of battle `n` (from 0) in the table of battles.
std::vector<report::Cell> battles_row(const std::vector<war::RatedForce>& rated, const war::Engagement& e, size_t n) {
  return battle_row({rated[e.force[0]].force.name, rated[e.force[1]].force.name}, e.odds, n);
}

// The table of unmatched forces.
Table unmatched(const BattleBatch& b) {
  std::vector<size_t> all(b.unmatched.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return unmatched_table(expand_all(b, b.unmatched), all);
}

// The table of battles without its rows (with --fractions, marked as showing them: every chance of
// a streamed battle is counted over the d100 pairs, none is rolled).
Table battles_frame(const BattleBatch& b) {
  std::vector<Table> t(1, Table(specs::battles()));
  t.front().title = "Battles (exact odds, ties " + war::to_string(b.config.options.tie) + ")";
  t.front().notes.push_back(specs::battles_note(war::to_string(b.config.options.tie)));
  if (b.fractions) report::show_fractions(t, "");
  return std::move(t.front());
}

// The rows of battles [from, to) in the table of battles, their battles fought again (cannot fail).
Expected<std::vector<std::vector<report::Cell>>> battles_rows(const BattleBatch& b, size_t from, size_t to) {
  auto fought = fight_chunk(b, from, to);
  if (!fought) return fought.error();
  const auto& engagements = fought->battles.engagements;
  std::vector<std::vector<report::Cell>> rows(engagements.size());
  split_work(rows.size(), kThreadedMin, [&](size_t x, size_t y) {
    for (size_t i = x; i < y; ++i) rows[i] = battles_row(fought->rated, engagements[i], from + i);
  });
  if (b.fractions) {
    std::vector<Table> t(1, battles_frame(b));
    t.front().rows = std::move(rows);
    report::show_fractions(t, "");
    rows = std::move(t.front().rows);
  }
  return rows;
}

// `each(rows)` for the rows of each chunk of battles in the table of battles, in order; the error
// of a battle fought again.
template <class Each>
Diagnostics for_battles_rows(const BattleBatch& b, Each each) {
  for (size_t from = 0; from < b.pairs.size(); from += kChunk) {
    auto rows = battles_rows(b, from, std::min(b.pairs.size(), from + kChunk));
    if (!rows) return rows.error();
    each(*rows);
  }
  return {};
}

// The tables of each battle of a chunk, as the held report has them (the casualty distributions
// value by value only with --distributions), made on two threads: `use(i, rated, battle, tables)`
// for the chunk's battle i (rated: the chunk's forces), on the thread that made them. Returns the error of a battle fought again.
template <class Use>
Diagnostics chunk_tables(const BattleBatch& b, size_t from, size_t to, bool every, bool js, Use use) {
  auto fought = fight_chunk(b, from, to);
  if (!fought) return fought.error();
  const auto& engagements = fought->battles.engagements;
  split_work(engagements.size(), kThreadedMin, [&](size_t x, size_t y) {
    for (size_t i = x; i < y; ++i) {
      std::vector<Table> tables;
      if (every) adjustment_tables(b.R, fought->rated, engagements[i], from + i, tables);
      odds_tables(b.R, fought->rated, engagements[i], from + i, every, js, tables);
      if (!b.distributions)
        std::erase_if(tables, [](const Table& t) { return t.spec != nullptr && t.spec->on_request && !t.asked; });
      // No chance of a streamed battle is rolled, so none is left without its fraction (no note).
      if (b.fractions) report::show_fractions(tables, "");
      use(i, fought->rated, engagements[i], tables);
    }
  });
  return {};
}

// csv: the odds tables of the battles (the report's main table), or with --summary the table of battles.
Diagnostics write_battle_csv(std::ostream& os, const BattleBatch& b, bool summary, report::CsvFormulas formulas) {
  if (summary) {
    const Table frame = battles_frame(b);
    os << report::csv_header(frame);
    return for_battles_rows(b, [&](const std::vector<std::vector<report::Cell>>& rows) {
      std::string text;
      report::csv_rows(text, frame, rows, formulas);
      os << text;
    });
  }
  std::vector<Table> odds;
  for (size_t from = 0; from < b.pairs.size(); from += kChunk) {
    const size_t to = std::min(b.pairs.size(), from + kChunk);
    odds.assign(to - from, Table());
    auto d = chunk_tables(b, from, to, false, false, [&](size_t i, const std::vector<war::RatedForce>&, const war::Engagement&, std::vector<Table>& tables) {
      odds[i] = std::move(tables.front());
    });
    if (!d.empty()) return d;
    std::string text = report::render_csv(odds, formulas);
    // Each chunk's csv opens with the same header: only the first is written.
    if (from > 0) text.erase(0, text.find("\r\n") + 2);
    os << text;
  }
  return {};
}

// The table of forces, measured (text) then written block by block of columns.
void write_forces_people(std::ostream& os, report::Format format, size_t width, const BattleBatch& b) {
  report::StreamedTable table(battle_forces_frame(b.pairs.size(), b.unmatched.size()), format, width);
  const size_t n = b.kept.size();
  if (format == report::Format::text)
    for (size_t from = 0; from < n; from += kChunk)
      for (const auto& row : force_rows(b, from, std::min(n, from + kChunk))) table.measure(row);
  const auto block = [&](size_t k) {
    for (size_t from = 0; from < n; from += kChunk) {
      std::string text;
      for (const auto& row : force_rows(b, from, std::min(n, from + kChunk))) table.append_row(text, k, row);
      os << text;
    }
    return Diagnostics{};
  };
  (void)cli::write_blocks(os, table, block);
}

// The table of battles (--summary), measured (text) then written block by block of columns, the
// battles fought again for each pass; whether it wrote anything, or the error of a battle.
Expected<bool> write_battles_people(std::ostream& os, report::Format format, size_t width, const BattleBatch& b) {
  report::StreamedTable table(battles_frame(b), format, width);
  if (format == report::Format::text) {
    auto d = for_battles_rows(b, [&](const std::vector<std::vector<report::Cell>>& rows) {
      for (const auto& row : rows) table.measure(row);
    });
    if (!d.empty()) return d;
  }
  auto d = cli::write_blocks(os, table, [&](size_t k) {
    return for_battles_rows(b, [&](const std::vector<std::vector<report::Cell>>& rows) {
      std::string text;
      for (const auto& row : rows) table.append_row(text, k, row);
      os << text;
    });
  });
  if (!d.empty()) return d;
  return table.blocks() > 0;
}

// Text or markdown: as render_text and render_markdown lay out the held report, each table by
// itself, a blank line between tables.
Diagnostics write_battle_people(std::ostream& os, report::Format format, const BattleBatch& b, bool summary) {
  const size_t width = cli::output_width(&os);
  const auto render = [&](const std::vector<Table>& tables) {
    return format == report::Format::text ? report::render_text(tables, width) : report::render_markdown(tables);
  };
  bool any = false;
  const auto put = [&](const std::string& text) {
    if (text.empty()) return;
    if (any) os << '\n';
    any = true;
    os << text;
  };
  if (summary) {
    auto wrote = write_battles_people(os, format, width, b);
    if (!wrote) return wrote.error();
    any = *wrote;
  } else {
    write_forces_people(os, format, width, b);
    any = true;
    std::vector<std::string> texts;
    for (size_t from = 0; from < b.pairs.size(); from += kChunk) {
      const size_t to = std::min(b.pairs.size(), from + kChunk);
      texts.assign(to - from, std::string());
      auto d = chunk_tables(
          b, from, to, true, false,
          [&](size_t i, const std::vector<war::RatedForce>&, const war::Engagement&, const std::vector<Table>& tables) {
            texts[i] = render(tables);
          });
      if (!d.empty()) return d;
      for (const auto& t : texts) put(t);
    }
  }
  if (!b.unmatched.empty()) put(render({unmatched(b)}));
  return {};
}

// JSON, second pass: each force's rating lines and statements (a divided force's under each
// part's name, as war::make_sides names them).
Diagnostics write_ratings_json(cli::JsonDocumentStream& doc, const BattleBatch& b) {
  const size_t lines = doc.index(&specs::battle_force_rating());
  const size_t statements = doc.index(&specs::battle_statements());
  struct Slot {
    std::vector<war::RatedForce> rated;
    std::string lines, statements;
  };
  std::vector<Slot> slots(kBattleCut.threads);
  bool other = false;
  doc.open_through(lines);
  return cli::batch_pass(
      b.sources, kBattleCut, slots, false, other,
      [&](Slot& slot, input::Document& d) {
        slot.lines.clear();
        slot.statements.clear();
        if (!read_piece(b, d, slot.rated)) return false;
        std::vector<Table> tables;
        for (auto& x : slot.rated) {
          const std::string name = x.force.name;
          for (size_t k = 0; k < std::max<size_t>(1, x.split.size()); ++k) {
            if (!x.split.empty()) x.force.name = name + " " + std::to_string(k + 1);
            rating_tables(b.R, x, specs::battle_force_rating(), specs::battle_statements(), tables);
          }
        }
        for (const auto& t : tables)
          cli::append_json_objects(t.spec == &specs::battle_statements() ? slot.statements : slot.lines, t);
        return true;
      },
      [&](const Slot& slot) {
        doc.write(lines, slot.lines);
        doc.write(statements, slot.statements);
      });
}

// JSON: the settings, the forces, their ratings, then each battle's tables, each in its array
// (cli::JsonDocumentStream: the arrays after the open one wait in temporary files), then the
// unmatched forces.
Diagnostics write_battle_json(std::ostream& os, const BattleBatch& b) {
  const report::DocumentSpec& spec = specs::battle_document();
  cli::JsonDocumentStream doc(os, spec);
  const auto put_table = [&](const Table& t) {
    std::string block;
    cli::append_json_objects(block, t);
    doc.write(doc.index(t.spec), block);
  };
  put_table(settings_table(specs::battle_settings(), b.config,
                           {report::cell::none(), report::cell::none(), report::cell::none()}));
  doc.open_through(doc.index(&specs::battle_forces()));
  for (size_t from = 0; from < b.kept.size(); from += kChunk) {
    Table t(specs::battle_forces());
    t.rows = force_rows(b, from, std::min(b.kept.size(), from + kChunk));
    put_table(t);
  }
  if (auto d = write_ratings_json(doc, b); !d.empty()) return d;
  const size_t battles = doc.index(&specs::battles());
  doc.open_through(doc.index(&specs::adjustments()));
  std::vector<std::vector<std::string>> blocks;  // by battle of the chunk, by array
  for (size_t from = 0; from < b.pairs.size(); from += kJsonChunk) {
    const size_t to = std::min(b.pairs.size(), from + kJsonChunk);
    blocks.assign(to - from, std::vector<std::string>(spec.tables.size()));
    auto d = chunk_tables(b, from, to, true, true,
                          [&](size_t i, const std::vector<war::RatedForce>& rated, const war::Engagement& e,
                              const std::vector<Table>& tables) {
                            for (const auto& t : tables) cli::append_json_objects(blocks[i][doc.index(t.spec)], t);
                            std::vector<Table> row(1, battles_frame(b));
                            row.front().rows.push_back(battles_row(rated, e, from + i));
                            if (b.fractions) report::show_fractions(row, "");
                            cli::append_json_objects(blocks[i][battles], row.front());
                          });
    if (!d.empty()) return d;
    for (size_t a = 0; a < spec.tables.size(); ++a) {
      std::string block;
      for (const auto& one : blocks) block += one[a];
      if (!block.empty()) doc.write(a, block);
    }
  }
  if (!b.unmatched.empty()) put_table(unmatched(b));
  return doc.finish();
}

}  // namespace

std::optional<report::Report> run_battle_streamed(const war::Rules& R, const Options& opt,
                                                  const cli::CommonOptions& common,
                                                  const std::vector<input::Source>& sources) {
  const auto format = report::parse_format(common.format);
  if (sources.empty() || !opt.force_flags.empty() || opt.roll || opt.odds_chart || opt.house_rules ||
      common.explain || common.chart || !common.svg.empty() || !common.table.empty() || !format)
    return std::nullopt;
  auto config = battle_settings(R, opt, war::BattleFileSettings{});
  if (!config) return std::nullopt;
  auto b = std::make_shared<BattleBatch>(R, *config, sources, common.distributions, opt.fractions);
  if (!read_forces(*b) || !pair_and_fight(*b)) return std::nullopt;
  std::shared_ptr<const BattleBatch> batch = std::move(b);
  const bool summary = opt.summary;
  const auto formulas = common.csv_formulas ? report::CsvFormulas::keep : report::CsvFormulas::guard;
  report::Report rep;
  rep.document = &specs::battle_document();
  rep.write = cli::format_writer(
      *format, [batch, summary, formulas](std::ostream& os) { return write_battle_csv(os, *batch, summary, formulas); },
      [batch](std::ostream& os) { return write_battle_json(os, *batch); },
      [batch, summary](std::ostream& os, report::Format people) {
        return write_battle_people(os, people, *batch, summary);
      });
  return rep;
}

}  // namespace gunpowder::war_app
