// pieces.cpp - one input of `[[key]]` tables cut into pieces, parsed on several threads and handed
// on (for_each_piece, gunpowder/input/document.hpp): read block by block from its Source, cut at
// lines that read exactly "[[key]]", each piece parsed and used on one of the workers, handed on in
// input order when the sink asks, then freed; parsed whole instead whenever the cut cannot be
// trusted, so that the result and the errors are those of one parse.
#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "gunpowder/input/reader.hpp"
#include "pass.hpp"

namespace gunpowder::input {

namespace {

// A piece as the cutter gives it: its text, a view of the input in memory or of `own`, and the
// line of the input it begins at.
struct Raw {
  std::string own;
  std::string_view text;
  int first_line = 0;
};

// The bytes of one pass cut into pieces: each after the first begins at a line that reads exactly
// `header`, the first such line that begins at least `piece_bytes` into the piece before it. An
// input in memory is cut where it is; a file is read into a buffer, a block at a time, and each
// piece copied out of it.
class Cutter {
 public:
  Cutter(detail::Pass& pass, const std::string& header, size_t piece_bytes)
      : pass_(pass), pattern_("\n" + header), min_cut_(std::max<size_t>(piece_bytes, 1) - 1) {
    if (const auto& text = pass.memory()) {
      memory_ = *text;
      in_memory_ = eof_ = true;
    }
  }

  // The next piece into `piece`; false at the end.
  Expected<bool> next(Raw& piece) {
    size_t search = min_cut_;  // "\n" + header found here or after: the header begins at piece_bytes
    for (;;) {
      const std::string_view w = in_memory_ ? memory_.substr(at_) : std::string_view(buf_);
      size_t cut = std::string::npos;
      bool partial = false;
      for (size_t p = w.find(pattern_, search); p != std::string::npos; p = w.find(pattern_, p + 1)) {
        const size_t end = p + pattern_.size();
        if (end == w.size() && !eof_) {  // is the line longer? read on to see
          partial = true;
          search = p;
          break;
        }
        if (end == w.size() || w[end] == '\n' || w[end] == '\r') {
          cut = p + 1;
          break;
        }
      }
      if (cut == std::string::npos && eof_) {
        if (w.empty()) return false;
        cut = w.size();
      }
      if (cut != std::string::npos) {
        take(piece, w.substr(0, cut));
        return true;
      }
      // A match may begin in the last pattern_.size() - 1 bytes.
      if (!partial && w.size() >= pattern_.size()) search = std::max(search, w.size() - pattern_.size() + 1);
      auto more = pass_.read(buf_, kChunkBytes);
      if (!more) return more.error();
      eof_ = !*more;
    }
  }

 private:
  void take(Raw& piece, std::string_view text) {
    if (in_memory_) {
      piece.text = text;
      at_ += text.size();
    } else {
      piece.own.assign(text);
      piece.text = piece.own;
      buf_.erase(0, text.size());
    }
    piece.first_line = lines_ + 1;
    lines_ += static_cast<int>(detail::count_lines(piece.text));
  }

  detail::Pass& pass_;
  std::string pattern_, buf_;
  size_t min_cut_;
  bool in_memory_ = false;
  std::string_view memory_;  // the input, when it is in memory
  size_t at_ = 0;            // where in memory_ the next piece begins
  bool eof_ = false;
  int lines_ = 0;  // lines of the input before the next piece
};

// Whether the first line of `text` that is neither blank nor a comment reads `header`.
bool opens_with(std::string_view text, std::string_view header) {
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    return line == header;
  }
  return false;
}

// An input in memory, which the documents of its pieces share, with its lines.
struct Memory {
  std::shared_ptr<const std::string> text;
  std::shared_ptr<const std::vector<size_t>> starts;
};

// A piece parsed on its own, placed at its lines of the input; nothing when it does not parse or
// holds what a cut piece must not: anything but `key` tables, or (the first piece with Cut::head)
// no `key` table, or a last one not written "[[key]]" (the later pieces' tables continue that array).
// The document holds the piece's own text, or, for an input in memory, the whole input's.
std::optional<Document> parse_piece(Raw& piece, const std::string& name, const Cut& cut, bool first,
                                    const Memory& memory) {
  std::optional<Document> d(std::in_place);
  d->name = name;
  if (memory.text) {
    d->text = memory.text;
    d->line_starts = memory.starts;
  } else {
    d->text = std::make_shared<const std::string>(std::move(piece.own));
    piece.text = *d->text;
    d->line_starts = std::make_shared<const std::vector<size_t>>(line_starts(*d->text));
    d->text_line = piece.first_line;
  }
  std::string padded;  // Cut::input_lines: the piece after as many line breaks as lines before it
  if (cut.input_lines && piece.first_line > 1) {
    padded.reserve(static_cast<size_t>(piece.first_line - 1) + piece.text.size());
    padded.assign(static_cast<size_t>(piece.first_line - 1), '\n');
    padded.append(piece.text);
  } else if (!cut.input_lines) {
    d->line_offset = piece.first_line - 1;
  }
  try {
    d->root = toml::parse(padded.empty() ? piece.text : std::string_view(padded), std::string_view(name));
  } catch (const toml::parse_error&) {
    return std::nullopt;
  }
  if (first && cut.head) {
    const auto* rows = d->root.get_as<toml::array>(cut.key);
    if (!rows || !rows->is_array_of_tables() || rows->empty() ||
        d->line(d->pos(rows->back()).line) != "[[" + std::string(cut.key) + "]]")
      return std::nullopt;
    return d;
  }
  if (d->root.size() != 1 || !d->root.contains(cut.key) || !d->root.get(cut.key)->is_array_of_tables())
    return std::nullopt;
  return d;
}

// The workers of one pass and what they share.
struct Workers {
  Workers(Cutter& c, Memory m, const std::string& n, const Cut& k, const PieceSink& s)
      : cutter(c),
        memory(std::move(m)),
        name(n),
        cut(k),
        sink(s),
        header("[[" + std::string(k.key) + "]]"),
        thrown(k.threads) {}
  Cutter& cutter;
  const Memory memory;
  const std::string& name;
  const Cut& cut;
  const PieceSink& sink;
  const std::string header;
  std::mutex read_lock;  // the cutter, `taken`, `whole` and `error`
  size_t taken = 0;
  bool whole = false;  // the cut cannot be trusted: the input is parsed whole
  std::optional<Diagnostics> error;
  std::mutex turn_lock;  // `turn`, `stopped` and `used`
  std::condition_variable turn_changed;
  size_t turn = 0;       // the piece whose in_order call is due
  bool stopped = false;  // a piece failed: every worker stops
  bool used = false;     // a piece was handed on
  std::vector<std::exception_ptr> thrown;

  void stop() {
    const std::lock_guard<std::mutex> l(turn_lock);
    stopped = true;
    turn_changed.notify_all();
  }
  bool stopped_now() {
    const std::lock_guard<std::mutex> l(turn_lock);
    return stopped;
  }
  enum class Took { piece, end, failed };
  // The next piece to parse; a failure is recorded in `error` or `whole`.
  Took take(Raw& piece, size_t& index) {
    const std::lock_guard<std::mutex> l(read_lock);
    if (stopped_now()) return Took::end;
    auto r = cutter.next(piece);
    if (!r) {
      error = r.error();
      return Took::failed;
    }
    if (!*r) return Took::end;
    index = taken++;
    if (piece.text.find('\0') != std::string::npos) {  // as read_input refuses it
      error = detail::not_text(name);
      return Took::failed;
    }
    if (index == 0 && !cut.head && !opens_with(piece.text, header)) {
      whole = true;
      return Took::failed;
    }
    return Took::piece;
  }
  // Hands on one parsed piece: `use`, then `in_order` in its turn. False when the pass stopped.
  bool hand_on(size_t index, unsigned worker, Document& piece) {
    {
      const std::lock_guard<std::mutex> l(turn_lock);
      if (stopped) return false;
      used = true;
    }
    sink.use(index, worker, piece);
    if (!sink.in_order) return true;
    {
      std::unique_lock<std::mutex> l(turn_lock);
      turn_changed.wait(l, [&] { return turn == index || stopped; });
      if (stopped) return false;
    }
    sink.in_order(index, worker);
    const std::lock_guard<std::mutex> l(turn_lock);
    ++turn;
    turn_changed.notify_all();
    return true;
  }
  // Parses and hands on the pieces this worker takes, until the end or a failure.
  bool run(unsigned worker) {
    for (;;) {
      Raw piece;
      size_t index = 0;
      const Took took = take(piece, index);
      if (took != Took::piece) return took == Took::end;
      std::optional<Document> d = parse_piece(piece, name, cut, index == 0, memory);
      if (!d) {
        const std::lock_guard<std::mutex> l(read_lock);
        whole = true;
        return false;
      }
      if (!hand_on(index, worker, *d)) return true;
    }
  }
  void work(unsigned worker) {
    bool ok = false;
    try {
      ok = run(worker);
    } catch (...) {
      thrown[worker] = std::current_exception();
    }
    if (!ok) stop();  // a failure ends every worker, also those waiting for a turn that will not come
  }
};

// The whole input parsed as one document and handed on as piece 0.
Expected<Delivered> hand_on_whole(Expected<std::string> text, const std::string& name, const PieceSink& sink) {
  if (!text) return text.error();
  if (text->find('\0') != std::string::npos) return detail::not_text(name);
  Delivered out;
  out.whole = true;
  auto doc = parse(std::move(*text), name);
  if (!doc) {
    out.invalid = doc.error();
    return out;
  }
  sink.use(0, 0, *doc);
  if (sink.in_order) sink.in_order(0, 0);
  out.pieces = 1;
  return out;
}
}  // namespace

Expected<Delivered> for_each_piece(const Source& source, const Cut& cut_asked, const PieceSink& sink) {
  Cut cut = cut_asked;
  cut.threads = std::max(cut.threads, 1U);
  detail::Pass pass(source);
  if (auto opened = pass.open(); !opened) return opened.error();
  if (pass.size() < cut.min_bytes || pass.uncut(cut.key)) return hand_on_whole(pass.all(), source.name(), sink);
  Cutter cutter(pass, "[[" + std::string(cut.key) + "]]", cut.piece_bytes);
  Memory memory;  // an input in memory: its lines found once, for every piece
  memory.text = pass.memory();
  if (memory.text)
    memory.starts = std::make_shared<const std::vector<size_t>>(line_starts(*memory.text));
  Workers w(cutter, std::move(memory), source.name(), cut, sink);
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < cut.threads; ++k) pool.emplace_back([&w, k] { w.work(k); });
  w.work(0);
  for (auto& th : pool) th.join();
  for (const auto& e : w.thrown)
    if (e) std::rethrow_exception(e);
  if (w.error) return *w.error;
  if (!w.whole && w.taken > 0) {
    Delivered out;
    out.pieces = w.taken;
    return out;
  }
  pass.set_uncut(cut.key);
  if (w.used && sink.restart && !sink.restart()) {
    Delivered out;
    out.stopped = true;
    return out;
  }
  return hand_on_whole(source.whole(), source.name(), sink);
}

}  // namespace gunpowder::input
