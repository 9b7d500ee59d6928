// battle_stream.cpp - war-machine battle on a large file of [[force]] tables, written as it is
// made (report::Report::write), in every format, --summary or not.
//
// A file (or standard input) of more than 100 battles, without --force, --roll, --explain,
// --table, --chart, --svg, --odds-chart or house rules, is not held. A first pass reads it in
// pieces of about 64 KiB on two threads (input::for_each_piece, cut at [[force]] lines), each
// piece read by war::read_battle and its forces rated, and keeps each force as it fights without
// its rating's lines, statements and derivation; then the forces are divided into sides and
// paired across the file as the held path pairs them (war::make_sides, check_tactics,
// pair_forces), and every battle is fought, 1,024 at a time, for its errors and each force's
// modified BR and opponent (the table of forces).
// When anything fails (an error, a [battle] table, 100 battles or fewer), the file is read whole
// and run as any other, so every error is reported as it is held. Else the writer fights the
// battles again a chunk at a time, on two threads, and writes their tables as they are made:
// csv the odds tables (or, with --summary, the table of battles); text and markdown the table of
// forces (text: measured first, then each block of columns: report::StreamedTable), each battle's
// tables laid out by itself, then the unmatched forces (with --summary: the table of battles, its
// battles fought again for each pass, then the unmatched forces); JSON every array
// (cli::JsonDocumentStream), the ratings' lines and statements in a second pass over the input.
#include <algorithm>
#include <iterator>
#include <memory>
#include <ostream>
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
  bool distributions = false;          ///< --distributions: the casualty distributions value by value
  bool fractions = false;              ///< --fractions: each chance counted over the d100 pairs as its fraction
  std::vector<war::RatedForce> rated;  ///< as they fight, without their ratings' lines and derivation
  std::vector<char> statements;        ///< by force: its BR was computed from the statements
  war::Sides sides;
  std::vector<std::pair<size_t, size_t>> pairs;  ///< by battle: positions into sides.members
  std::vector<ForceBattle> fights;               ///< by force: the battle it fights
  std::vector<size_t> unmatched;
};

// A worker's piece of the first pass: its forces, rated.
struct ReadSlot {
  std::vector<war::RatedForce> rated;
  std::vector<char> statements;
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

// The first pass: every force read and rated, kept without what the battles do not show.
bool read_forces(BattleBatch& b) {
  bool other = false;
  std::vector<ReadSlot> slots(kBattleCut.threads);
  std::vector<std::vector<war::RatedForce>> pieces;  // in input order
  auto d = cli::batch_pass(
      b.sources, kBattleCut, slots, true, other,
      [&](ReadSlot& slot, input::Document& doc) {
        slot.statements.clear();
        if (!read_piece(b, doc, slot.rated)) return false;
        for (auto& x : slot.rated) {
          slot.statements.push_back(x.rating.statements.empty() ? 0 : 1);
          std::vector<war::RatingLine>().swap(x.rating.bfr_lines);
          std::vector<war::StatementLine>().swap(x.rating.statements);
          report::Steps().swap(x.rating.explain);
        }
        return true;
      },
      [&](ReadSlot& slot) {
        const size_t base = b.statements.size();
        for (auto& x : slot.rated) x.source += base;
        pieces.push_back(std::move(slot.rated));
        b.statements.insert(b.statements.end(), slot.statements.begin(), slot.statements.end());
      });
  // The forces in one vector of their size (one that grew as they came would be twice it at times).
  b.rated.reserve(b.statements.size());
  for (auto& piece : pieces) {
    std::move(piece.begin(), piece.end(), std::back_inserter(b.rated));
    std::vector<war::RatedForce>().swap(piece);
  }
  return d.empty() && !other;
}

// The battles [from, to) fought (cannot fail: each was fought by the first pass).
Expected<war::Battles> fight_chunk(const BattleBatch& b, size_t from, size_t to) {
  const std::vector<std::pair<size_t, size_t>> part(b.pairs.begin() + static_cast<std::ptrdiff_t>(from),
                                                    b.pairs.begin() + static_cast<std::ptrdiff_t>(to));
  return war::fight_pairs(b.R, b.rated, b.sides, part, b.config);
}

// Divides, sides and pairs the forces, then fights every battle once, keeping what the tables of
// forces and battles show. False when the held path must run (an error, too few battles).
bool pair_and_fight(BattleBatch& b) {
  const std::vector<char> by_source = std::move(b.statements);
  auto sides = war::make_sides(b.rated);
  if (!sides || !war::check_tactics(b.rated).empty()) return false;
  b.sides = std::move(*sides);
  auto pairs = war::pair_forces(b.R, b.rated, b.sides, b.config);
  if (!pairs || pairs->size() <= kHeldBattles) return false;
  b.pairs = std::move(*pairs);
  b.statements.resize(b.rated.size());
  for (size_t i = 0; i < b.rated.size(); ++i) b.statements[i] = by_source[b.rated[i].source];
  b.fights.resize(b.rated.size());
  std::vector<char> matched(b.rated.size(), 0);
  for (size_t from = 0; from < b.pairs.size(); from += kChunk) {
    auto fought = fight_chunk(b, from, std::min(b.pairs.size(), from + kChunk));
    if (!fought) return false;
    for (const auto& e : fought->engagements) {
      for (size_t k = 0; k < 2; ++k) {
        b.fights[e.force[k]] = {e.spec[k].modified_br, &b.rated[e.force[1 - k]].force.name, nullptr};
        matched[e.force[k]] = 1;
      }
    }
  }
  for (size_t i = 0; i < b.rated.size(); ++i)
    if (!matched[i]) b.unmatched.push_back(i);
  return true;
}

// The forces' rows [from, to) of the table of forces.
std::vector<std::vector<report::Cell>> force_rows(const BattleBatch& b, size_t from, size_t to) {
  std::vector<std::vector<report::Cell>> rows(to - from);
  split_work(rows.size(), 4096, [&](size_t x, size_t y) {
    for (size_t i = x; i < y; ++i)
      rows[i] = battle_forces_row(b.rated[from + i], b.fights[from + i], b.statements[from + i] != 0);
  });
  return rows;
}

// The row of battle `n` (from 0) in the table of battles.
std::vector<report::Cell> battles_row(const BattleBatch& b, const war::Engagement& e, size_t n) {
  return battle_row({b.rated[e.force[0]].force.name, b.rated[e.force[1]].force.name}, e.odds, n);
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
  std::vector<std::vector<report::Cell>> rows(fought->engagements.size());
  split_work(rows.size(), kThreadedMin, [&](size_t x, size_t y) {
    for (size_t i = x; i < y; ++i) rows[i] = battles_row(b, fought->engagements[i], from + i);
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
// value by value only with --distributions), made on two threads: `use(i, battle, tables)` for
// the chunk's battle i, on the thread that made them. Returns the error of a battle fought again.
template <class Use>
Diagnostics chunk_tables(const BattleBatch& b, size_t from, size_t to, bool every, bool js, Use use) {
  auto fought = fight_chunk(b, from, to);
  if (!fought) return fought.error();
  const auto& engagements = fought->engagements;
  split_work(engagements.size(), kThreadedMin, [&](size_t x, size_t y) {
    for (size_t i = x; i < y; ++i) {
      std::vector<Table> tables;
      if (every) adjustment_tables(b.R, b.rated, engagements[i], from + i, tables);
      odds_tables(b.R, b.rated, engagements[i], from + i, every, js, tables);
      if (!b.distributions)
        std::erase_if(tables, [](const Table& t) { return t.spec != nullptr && t.spec->on_request && !t.asked; });
      // No chance of a streamed battle is rolled, so none is left without its fraction (no note).
      if (b.fractions) report::show_fractions(tables, "");
      use(i, engagements[i], tables);
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
    auto d = chunk_tables(b, from, to, false, false, [&](size_t i, const war::Engagement&, std::vector<Table>& tables) {
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
  const size_t n = b.rated.size();
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
          [&](size_t i, const war::Engagement&, const std::vector<Table>& tables) { texts[i] = render(tables); });
      if (!d.empty()) return d;
      for (const auto& t : texts) put(t);
    }
  }
  if (!b.unmatched.empty()) put(render({unmatched_table(b.rated, b.unmatched)}));
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
  for (size_t from = 0; from < b.rated.size(); from += kChunk) {
    Table t(specs::battle_forces());
    t.rows = force_rows(b, from, std::min(b.rated.size(), from + kChunk));
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
                          [&](size_t i, const war::Engagement& e, const std::vector<Table>& tables) {
                            for (const auto& t : tables) cli::append_json_objects(blocks[i][doc.index(t.spec)], t);
                            std::vector<Table> row(1, battles_frame(b));
                            row.front().rows.push_back(battles_row(b, e, from + i));
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
  if (!b.unmatched.empty()) put_table(unmatched_table(b.rated, b.unmatched));
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
