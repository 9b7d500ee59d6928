// reader.cpp - strict, position-aware TOML reading.
#include "gunpowder/input/reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <sstream>
#include <thread>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/parallel.hpp"
#include "gunpowder/core/spelling.hpp"

namespace gunpowder::input {

std::string Document::line(int n) const {
  n -= text_line - 1;  // the line of `text`
  if (!text || !line_starts || n < 1 || n > static_cast<int>(line_starts->size())) return {};
  const size_t from = (*line_starts)[static_cast<size_t>(n - 1)];
  size_t to = text->find('\n', from);
  if (to == std::string::npos) to = text->size();
  if (to > from && (*text)[to - 1] == '\r') --to;
  return text->substr(from, to - from);
}

std::string Document::line(const SourcePos& p) const {
  if (p.file == name || merged.empty()) return line(p.line);
  for (const auto& m : merged) {
    if (m.name != p.file) continue;
    if (!m.text || !m.line_starts || p.line < 1 || p.line > static_cast<int>(m.line_starts->size())) return {};
    const size_t from = (*m.line_starts)[static_cast<size_t>(p.line - 1)];
    size_t to = m.text->find('\n', from);
    if (to == std::string::npos) to = m.text->size();
    if (to > from && (*m.text)[to - 1] == '\r') --to;
    return m.text->substr(from, to - from);
  }
  return {};
}

SourcePos Document::pos(const toml::source_region& r) const {
  const auto& b = r.begin;
  for (const auto& m : merged)  // empty unless house rules were merged in
    if (r.path && r.path.get() == m.path_id)
      return SourcePos{m.name, static_cast<int>(b.line), static_cast<int>(b.column)};
  return SourcePos{name, static_cast<int>(b.line) + (b.line > 0 ? line_offset : 0), static_cast<int>(b.column)};
}

SourcePos Document::pos(const toml::node& n) const { return pos(n.source()); }

namespace {
// The node that a field path ("a.b[2].c") reaches from `root`, or the last one it reached.
const toml::node& follow(const toml::table& root, std::string_view path) {
  const toml::node* at = &root;
  while (!path.empty()) {
    const size_t end = path.find_first_of(".[");
    const std::string_view key = path.substr(0, end);
    path = end == std::string_view::npos ? std::string_view{} : path.substr(end);
    if (!key.empty()) {
      const auto* t = at->as_table();
      const toml::node* next = t ? t->get(key) : nullptr;
      if (!next) return *at;
      at = next;
    }
    if (path.empty()) break;
    if (path.front() == '.') {
      path.remove_prefix(1);
    } else {  // "[i]"
      const size_t close = path.find(']');
      if (close == std::string_view::npos) return *at;
      size_t index = 0;
      for (const char c : path.substr(1, close - 1)) {
        if (c < '0' || c > '9') return *at;
        index = index * 10 + static_cast<size_t>(c - '0');
      }
      const auto* a = at->as_array();
      if (!a || index >= a->size()) return *at;
      at = a->get(index);
      path.remove_prefix(close + 1);
      if (!path.empty() && path.front() == '.') path.remove_prefix(1);
    }
  }
  return *at;
}
}  // namespace

Diagnostics place_fields(const Diagnostics& in, const Document& doc, const toml::table& root) {
  Diagnostics out;
  for (auto item : in.items()) {
    if (!item.field.empty()) {
      item.pos = doc.pos(follow(root, item.field));
      item.source_line = doc.line(item.pos);
      item.code = ExitCode::data_error;
      item.field.clear();
    }
    out.add(std::move(item));
  }
  return out;
}

namespace {
std::vector<size_t> line_starts(const std::string& text) {
  std::vector<size_t> out{0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i + 1 < text.size()) out.push_back(i + 1);
  return out;
}

std::string describe(const toml::node& n) {
  if (auto v = n.as_string()) return "\"" + v->get() + "\"";
  if (auto v = n.as_integer()) return std::to_string(v->get());
  if (auto v = n.as_floating_point()) return fmtnum::trim(v->get(), 6);
  if (auto v = n.as_boolean()) return v->get() ? "true" : "false";
  return type_name(n);
}
}  // namespace

std::string type_name(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::table:
      return "table";
    case toml::node_type::array:
      return "array";
    case toml::node_type::string:
      return "string";
    case toml::node_type::integer:
      return "integer";
    case toml::node_type::floating_point:
      return "float";
    case toml::node_type::boolean:
      return "boolean";
    case toml::node_type::date:
      return "date";
    case toml::node_type::time:
      return "time";
    case toml::node_type::date_time:
      return "date-time";
    default:
      return "nothing";
  }
}

Expected<Document> parse(std::string text, std::string name) {
  Document doc;
  doc.name = std::move(name);
  doc.text = std::make_shared<const std::string>(std::move(text));
  doc.line_starts = std::make_shared<const std::vector<size_t>>(line_starts(*doc.text));
  try {
    doc.root = toml::parse(std::string_view(*doc.text), std::string_view(doc.name));
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    Diagnostics d;
    std::string msg(e.description());
    if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    while (!msg.empty() && msg.back() == '.') msg.pop_back();
    d.error(SourcePos{doc.name, static_cast<int>(b.line), static_cast<int>(b.column)}, "invalid TOML: " + msg,
            doc.line(static_cast<int>(b.line)));
    return d;
  }
  return doc;
}

namespace {
// Line indices at which the pieces of a file of `[[key]]` tables start: the first header line,
// then the first header line at or after each 1/pieces of the text. Empty when the file does not
// open (after blank and comment lines) with the header, so it cannot be cut.
std::vector<size_t> cut_lines(const std::string& t, const std::vector<size_t>& starts, const std::string& header,
                              size_t pieces) {
  std::vector<size_t> cuts;
  for (size_t li = 0; li < starts.size(); ++li) {
    const size_t from = starts[li];
    size_t to = t.find('\n', from);
    if (to == std::string::npos) to = t.size();
    std::string_view line(t.data() + from, to - from);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    if (line != header) return {};
    cuts.push_back(li);
    break;
  }
  if (cuts.empty()) return {};
  auto is_header = [&](size_t from) {
    if (t.compare(from, header.size(), header) != 0) return false;
    const size_t end = from + header.size();
    return end == t.size() || t[end] == '\n' || t[end] == '\r';
  };
  for (size_t k = 1; k < pieces; ++k) {
    const size_t target = t.size() * k / pieces;
    auto it = std::lower_bound(starts.begin(), starts.end(), target);
    for (size_t li = std::max(static_cast<size_t>(it - starts.begin()), cuts.back() + 1); li < starts.size(); ++li)
      if (is_header(starts[li])) {
        cuts.push_back(li);
        break;
      }
  }
  return cuts;
}

// Parses the lines [cuts[i], cuts[i+1]) of the text as a piece of the whole file; nothing when it
// does not parse or holds anything but the array of `key` tables at top level (the cut is then
// not to be trusted).
std::optional<Document> parse_piece(const std::shared_ptr<const std::string>& text,
                                    const std::shared_ptr<const std::vector<size_t>>& starts, const std::string& name,
                                    std::string_view key, const std::vector<size_t>& cuts, size_t i) {
  const std::string& t = *text;
  const size_t from = (*starts)[cuts[i]];
  const size_t to = i + 1 < cuts.size() ? (*starts)[cuts[i + 1]] : t.size();
  std::optional<Document> d(std::in_place);
  d->name = name;
  d->text = text;
  d->line_starts = starts;
  d->line_offset = static_cast<int>(cuts[i]);
  try {
    d->root = toml::parse(std::string_view(t.data() + from, to - from), std::string_view(name));
  } catch (const toml::parse_error&) {
    return std::nullopt;
  }
  if (d->root.size() != 1 || !d->root.contains(key) || !d->root.get(key)->is_array_of_tables()) return std::nullopt;
  return d;
}
}  // namespace

Expected<std::vector<Document>> parse_chunked(std::string text, const std::string& name, std::string_view key,
                                              unsigned threads) {
  auto whole = [&](std::string s) -> Expected<std::vector<Document>> {
    auto d = parse(std::move(s), name);
    if (!d) return d.error();
    std::vector<Document> v;
    v.push_back(std::move(*d));
    return v;
  };
  if (threads < 2 || text.size() < (1u << 20)) return whole(std::move(text));
  auto shared_text = std::make_shared<const std::string>(std::move(text));
  auto starts = std::make_shared<const std::vector<size_t>>(line_starts(*shared_text));
  const std::vector<size_t> cuts = cut_lines(*shared_text, *starts, "[[" + std::string(key) + "]]", threads);
  if (cuts.empty()) return whole(*shared_text);
  const size_t n = cuts.size();
  std::vector<std::optional<Document>> parts(n);
  parallel::ranges(n, static_cast<unsigned>(n), [&](unsigned, size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) parts[i] = parse_piece(shared_text, starts, name, key, cuts, i);
  });
  for (const auto& p : parts)
    if (!p) return whole(*shared_text);
  std::vector<Document> out;
  out.reserve(n);
  for (auto& p : parts) out.push_back(std::move(*p));
  return out;
}

bool for_each_chunk(const std::shared_ptr<const std::string>& text, const std::string& name, std::string_view key,
                    unsigned threads, const std::function<void(size_t)>& prepare,
                    const std::function<void(size_t, unsigned, const Document&)>& use) {
  if (threads < 2 || text->size() < kChunkMinBytes) return false;
  auto starts = std::make_shared<const std::vector<size_t>>(line_starts(*text));
  const std::vector<size_t> cuts =
      cut_lines(*text, *starts, "[[" + std::string(key) + "]]", std::max<size_t>(threads, text->size() / kChunkBytes));
  if (cuts.size() < 2) return false;
  prepare(cuts.size());
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  // An exception in `use` (or out of memory) stops every worker and is thrown again here, once
  // all have stopped: a thread must not end on an exception.
  std::vector<std::exception_ptr> thrown(threads);
  auto work = [&](unsigned worker) {
    try {
      for (size_t i = next++; i < cuts.size() && !failed; i = next++) {
        std::optional<Document> d = parse_piece(text, starts, name, key, cuts, i);
        if (!d) {
          failed = true;
          return;
        }
        use(i, worker, *d);
      }
    } catch (...) {
      thrown[worker] = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < threads; ++k) pool.emplace_back(work, k);
  work(0);
  for (auto& th : pool) th.join();
  for (const auto& e : thrown)
    if (e) std::rethrow_exception(e);
  return !failed;
}

namespace {
Expected<std::string> input_error(const std::string& what, int err, const std::string& name) {
  return Expected<std::string>::failure(what + ": " + std::strerror(err), {name}, ExitCode::no_input);
}

// Reads `fd` to its end. A read error at any point (EIO, a closed descriptor, ...) is an error:
// never a partial text taken for the whole input.
Expected<std::string> read_all(int fd, const std::string& name, off_t size_hint) {
  std::string text;
  if (size_hint > 0) text.reserve(static_cast<size_t>(size_hint) + 1);
  char buf[size_t{64} * 1024];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      return input_error(fd == 0 && name == "<stdin>" ? "cannot read standard input" : "cannot read input", errno,
                         name);
    }
    text.append(buf, static_cast<size_t>(n));
  }
  return text;
}
}  // namespace

Expected<std::string> read_input(const std::string& path) {
  const bool is_stdin = path == "-";
  const std::string name = is_stdin ? "<stdin>" : path;
  const int fd = is_stdin ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return input_error("cannot open input", errno, name);
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    if (!is_stdin) ::close(fd);
    return input_error(is_stdin ? "cannot read standard input" : "cannot open input", err, name);
  }
  if (S_ISDIR(st.st_mode)) {
    if (!is_stdin) ::close(fd);
    return Expected<std::string>::failure("input is a directory", {name}, ExitCode::no_input);
  }
  auto text = read_all(fd, name, S_ISREG(st.st_mode) ? st.st_size : 0);
  if (!is_stdin) ::close(fd);
  if (!text) return text;
  // NUL is refused alike from a file and from standard input.
  if (text->find('\0') != std::string::npos)
    return Expected<std::string>::failure("input is not text (it contains a NUL byte)", {name});
  return text;
}

namespace {
// A regular file read in pieces of about kChunkBytes, each beginning at a line that reads exactly
// `header` (but the first, which holds the start of the file).
class ChunkFile {
 public:
  ChunkFile(int fd, std::string name, const std::string& header)
      : fd_(fd), name_(std::move(name)), pattern_("\n" + header) {}
  ChunkFile(const ChunkFile&) = delete;
  ChunkFile& operator=(const ChunkFile&) = delete;
  ~ChunkFile() { ::close(fd_); }

  // The next piece into `text`, with the line of the file it begins at; false at the end.
  Expected<bool> next(std::string& text, int& first_line) {
    size_t search = kChunkBytes - 1;  // a header at or after kChunkBytes ends the piece
    for (;;) {
      size_t cut = std::string::npos;
      bool partial = false;
      for (size_t p = buf_.find(pattern_, search); p != std::string::npos; p = buf_.find(pattern_, p + 1)) {
        const size_t end = p + pattern_.size();
        if (end == buf_.size() && !eof_) {  // is the line longer? read on to see
          partial = true;
          search = p;
          break;
        }
        if (end == buf_.size() || buf_[end] == '\n' || buf_[end] == '\r') {
          cut = p + 1;
          break;
        }
      }
      if (cut == std::string::npos && eof_) {
        if (buf_.empty()) return false;
        cut = buf_.size();
      }
      if (cut != std::string::npos) {
        text.assign(buf_, 0, cut);
        buf_.erase(0, cut);
        first_line = lines_ + 1;
        lines_ += static_cast<int>(std::count(text.begin(), text.end(), '\n'));
        return true;
      }
      // A match may begin in the last pattern_.size() - 1 bytes.
      if (!partial && buf_.size() >= pattern_.size()) search = std::max(search, buf_.size() - pattern_.size() + 1);
      if (auto r = fill(); !r) return r;
    }
  }

 private:
  Expected<bool> fill() {
    const size_t have = buf_.size();
    buf_.resize(have + kChunkBytes);
    for (;;) {
      const ssize_t n = ::read(fd_, buf_.data() + have, kChunkBytes);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int err = errno;
        buf_.resize(have);
        return Expected<bool>::failure(std::string("cannot read input: ") + std::strerror(err), {name_},
                                       ExitCode::no_input);
      }
      buf_.resize(have + static_cast<size_t>(n));
      eof_ = n == 0;
      return true;
    }
  }

  int fd_;
  std::string name_, pattern_, buf_;
  bool eof_ = false;
  int lines_ = 0;  // lines of the file before buf_
};

// Whether the first line of `text` that is neither blank nor a comment reads `header` (as in cut_lines).
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

// A piece read on its own, parsed; nothing when it does not parse or holds anything but `key` tables.
std::optional<Document> parse_own_piece(std::string text, int first_line, const std::string& name,
                                        std::string_view key) {
  std::optional<Document> d(std::in_place);
  d->name = name;
  d->text = std::make_shared<const std::string>(std::move(text));
  d->line_starts = std::make_shared<const std::vector<size_t>>(line_starts(*d->text));
  d->line_offset = first_line - 1;
  d->text_line = first_line;
  try {
    d->root = toml::parse(std::string_view(*d->text), std::string_view(name));
  } catch (const toml::parse_error&) {
    return std::nullopt;
  }
  if (d->root.size() != 1 || !d->root.contains(key) || !d->root.get(key)->is_array_of_tables()) return std::nullopt;
  return d;
}

// The workers of stream_file and what they share.
struct Stream {
  Stream(ChunkFile& f, const std::string& n, std::string_view k,
         const std::function<void(size_t, unsigned, const Document&)>& u,
         const std::function<void(size_t, unsigned)>& o, unsigned threads)
      : file(f), name(n), key(k), use(u), in_order(o), thrown(threads) {}
  ChunkFile& file;
  const std::string& name;
  std::string_view key;
  const std::function<void(size_t, unsigned, const Document&)>& use;
  const std::function<void(size_t, unsigned)>& in_order;
  std::mutex read_lock;  // the file and `next`
  size_t next = 0;
  std::mutex turn_lock;  // `turn` and `stopped`
  std::condition_variable turn_changed;
  size_t turn = 0;       // the piece whose in_order call is due
  bool stopped = false;  // a piece failed: every worker stops
  bool whole = false;    // the file cannot be streamed
  std::optional<Diagnostics> error;
  std::vector<std::exception_ptr> thrown;

  void stop() {
    const std::lock_guard<std::mutex> l(turn_lock);
    stopped = true;
    turn_changed.notify_all();
  }
  enum class Took { piece, end, failed };
  // The next piece to parse; a failure is recorded in `error` or `whole`.
  Took take(std::string& text, int& first_line, size_t& index) {
    const std::lock_guard<std::mutex> l(read_lock);
    if (stopped_now()) return Took::end;
    auto r = file.next(text, first_line);
    if (!r) {
      error = r.error();
      return Took::failed;
    }
    if (!*r) return Took::end;
    index = next++;
    if (index == 0 && !opens_with(text, "[[" + std::string(key) + "]]")) {
      whole = true;
      return Took::failed;
    }
    if (text.find('\0') != std::string::npos) {  // as read_input refuses it
      error = Expected<bool>::failure("input is not text (it contains a NUL byte)", {name}).error();
      return Took::failed;
    }
    return Took::piece;
  }
  bool stopped_now() {
    const std::lock_guard<std::mutex> l(turn_lock);
    return stopped;
  }
  // Parses, uses and hands on in order the pieces this worker takes, until the end or a failure.
  bool run(unsigned worker) {
    std::string text;
    int first_line = 0;
    size_t index = 0;
    for (;;) {
      const Took took = take(text, first_line, index);
      if (took != Took::piece) return took == Took::end;
      std::optional<Document> d = parse_own_piece(std::move(text), first_line, name, key);
      if (!d) {
        const std::lock_guard<std::mutex> l(read_lock);
        whole = true;
        return false;
      }
      use(index, worker, *d);
      d.reset();
      {
        std::unique_lock<std::mutex> l(turn_lock);
        turn_changed.wait(l, [&] { return turn == index || stopped; });
        if (stopped) return true;
      }
      in_order(index, worker);
      const std::lock_guard<std::mutex> l(turn_lock);
      ++turn;
      turn_changed.notify_all();
      text = std::string();
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
}  // namespace

Expected<bool> stream_file(const std::string& path, std::string_view key, unsigned threads,
                           const std::function<void(size_t, unsigned, const Document&)>& use,
                           const std::function<void(size_t, unsigned)>& in_order) {
  if (path == "-") return false;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return false;
  }
  ChunkFile file(fd, path, "[[" + std::string(key) + "]]");
  threads = std::max(threads, 1u);
  Stream s(file, path, key, use, in_order, threads);
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < threads; ++k) pool.emplace_back([&s, k] { s.work(k); });
  s.work(0);
  for (auto& th : pool) th.join();
  for (const auto& e : s.thrown)
    if (e) std::rethrow_exception(e);
  if (s.error) return *s.error;
  return !s.whole && s.next > 0;
}

TableReader::TableReader(const Document& doc, const toml::table& table, Diagnostics& diags, std::string what)
    : doc_(doc), table_(table), diags_(diags), what_(std::move(what)) {}

SourcePos TableReader::pos_of(std::string_view key) const {
  if (const auto* n = table_.get(key)) return doc_.pos(*n);
  return doc_.pos(table_);
}

void TableReader::error_at(std::string_view key, std::string message) {
  const SourcePos p = pos_of(key);
  diags_.error(p, std::move(message), doc_.line(p));
}

void TableReader::error(std::string message) {
  const SourcePos p = doc_.pos(table_);
  diags_.error(p, std::move(message), doc_.line(p));
}

void TableReader::remember(std::string_view key) { get(key, Need::optional, ""); }

namespace {
/// The first node of the tree `n` that a rules file gave (placed in a file other than `doc`'s own).
const toml::node* from_rules(const Document& doc, const toml::node& n) {
  if (doc.pos(n).file != doc.name) return &n;
  if (const auto* t = n.as_table())
    for (const auto& [k, v] : *t)
      if (const auto* f = from_rules(doc, v)) return f;
  if (const auto* a = n.as_array())
    for (const auto& v : *a)
      if (const auto* f = from_rules(doc, v)) return f;
  return nullptr;
}
}  // namespace

void TableReader::note(std::string_view key) {
  const toml::node* n = get(key, Need::optional, "");
  // Without house rules, or in a row that a rules file adds (its notes are its own), nothing to refuse.
  if (!n || doc_.merged.empty() || doc_.pos(table_).file != doc_.name) return;
  if (const toml::node* f = from_rules(doc_, *n)) {
    const SourcePos p = doc_.pos(*f);
    diags_.error(p,
                 "'" + std::string(key) + "' in " + what_ +
                     " is not read by any rule (it is a note of the book, not a figure the tools use)",
                 doc_.line(p));
  }
}

bool TableReader::is_known(std::string_view key) const {
  for (auto k : known_)
    if (k == key) return true;
  for (const auto& k : owned_)
    if (k == key) return true;
  return false;
}

const toml::node* TableReader::get(std::string_view key, Need need, const char* expected) {
  // One lookup both remembers the key and finds its value (a large table of house rules reads
  // thousands of rows through here). A key present in the table is remembered as a view of the
  // table's own key (stable while the table lives); an absent key is copied, since the caller's
  // string may be a temporary.
  const auto it = table_.find(key);
  const toml::node* n = it != table_.end() ? &it->second : nullptr;
  if (!is_known(key)) {
    if (n)
      known_.push_back(it->first.str());
    else
      owned_.emplace_back(key);
  }
  if (!n && need == Need::required)
    error("missing required key '" + std::string(key) + "' (" + expected + ") in " + what_);
  return n;
}

void TableReader::type_error(std::string_view key, const toml::node& n, const char* expected) {
  // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on the chained +.
  std::string msg = "'";
  msg.append(key)
      .append("' must be ")
      .append(expected)
      .append(", got ")
      .append(type_name(n))
      .append(" ")
      .append(describe(n));
  error_at(key, std::move(msg));
}

bool TableReader::check_range(std::string_view key, double v, const Range& r) {
  const std::string k(key);
  if (!std::isfinite(v)) {
    error_at(key, "'" + k + "' must be a finite number, got " + fmtnum::trim(v));
    return false;
  }
  if (r.exclusive_min && v <= r.min) {
    error_at(key, "'" + k + "' must be " +
                      (r.min == 0 ? std::string("positive") : "greater than " + fmtnum::trim(r.min)) + ", got " +
                      fmtnum::trim(v, 6));
    return false;
  }
  if (!r.exclusive_min && v < r.min) {
    error_at(key, "'" + k + "' must be at least " + fmtnum::trim(r.min, 6) + ", got " + fmtnum::trim(v, 6));
    return false;
  }
  if (v > r.max) {
    error_at(key, "'" + k + "' must be at most " + fmtnum::trim(r.max, 6) + ", got " + fmtnum::trim(v, 6));
    return false;
  }
  return true;
}

std::optional<double> TableReader::number(std::string_view key, Need need, Range range) {
  const toml::node* n = get(key, need, "a number");
  if (!n) return std::nullopt;
  double v = 0;
  if (auto i = n->as_integer())
    v = static_cast<double>(i->get());
  else if (auto f = n->as_floating_point())
    v = f->get();
  else {
    type_error(key, *n, "a number");
    return std::nullopt;
  }
  if (!check_range(key, v, range)) return std::nullopt;
  return v;
}

std::optional<std::int64_t> TableReader::integer(std::string_view key, Need need, Range range) {
  const toml::node* n = get(key, need, "an integer");
  if (!n) return std::nullopt;
  auto i = n->as_integer();
  if (!i) {
    type_error(key, *n, "an integer");
    return std::nullopt;
  }
  if (!check_range(key, static_cast<double>(i->get()), range)) return std::nullopt;
  return i->get();
}

std::optional<std::string> TableReader::string(std::string_view key, Need need,
                                               const std::vector<std::string>& allowed) {
  const toml::node* n = get(key, need, "a string");
  if (!n) return std::nullopt;
  auto s = n->as_string();
  if (!s) {
    type_error(key, *n, "a string");
    return std::nullopt;
  }
  if (!allowed.empty()) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == s->get();
    if (!ok) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      error_at(key, "unknown " + std::string(key) + " \"" + s->get() + "\" (allowed: " + list + ")");
      return std::nullopt;
    }
  }
  return s->get();
}

std::optional<std::string> TableReader::string(std::string_view key, Need need,
                                               std::initializer_list<std::string_view> allowed) {
  const toml::node* n = get(key, need, "a string");
  if (!n) return std::nullopt;
  auto s = n->as_string();
  if (!s) {
    type_error(key, *n, "a string");
    return std::nullopt;
  }
  if (allowed.size() == 0) return s->get();
  for (auto a : allowed)
    if (a == s->get()) return s->get();
  std::string list;
  for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  error_at(key, "unknown " + std::string(key) + " \"" + s->get() + "\" (allowed: " + list + ")");
  return std::nullopt;
}

std::optional<std::string> TableReader::value(std::string_view key, Need need, const std::vector<std::string>& allowed,
                                              const std::vector<std::string>& labels, Speller spell) {
  if (spell == nullptr) spell = suite_spelling;
  const auto typed = string(key, need);
  if (!typed) return std::nullopt;
  const std::string t = spell(*typed);
  for (size_t i = 0; i < allowed.size(); ++i)
    if (spell(allowed[i]) == t || (i < labels.size() && spell(labels[i]) == t)) return allowed[i];
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  error_at(key, "unknown " + std::string(key) + " \"" + *typed + "\" (allowed: " + list + ")");
  return std::nullopt;
}

std::optional<bool> TableReader::boolean(std::string_view key, Need need) {
  const toml::node* n = get(key, need, "true or false");
  if (!n) return std::nullopt;
  auto b = n->as_boolean();
  if (!b) {
    type_error(key, *n, "true or false");
    return std::nullopt;
  }
  return b->get();
}

const toml::table* TableReader::table(std::string_view key, Need need) {
  const toml::node* n = get(key, need, "a table");
  if (!n) return nullptr;
  if (!n->is_table()) {
    type_error(key, *n, "a table");
    return nullptr;
  }
  return n->as_table();
}

const toml::array* TableReader::array(std::string_view key, Need need) {
  const toml::node* n = get(key, need, "an array");
  if (!n) return nullptr;
  if (!n->is_array()) {
    type_error(key, *n, "an array");
    return nullptr;
  }
  return n->as_array();
}

void TableReader::finish() {
  std::string list;  // built only when a key is unknown
  auto allowed = [&] {
    if (!list.empty()) return list;
    std::vector<std::string> all(owned_.begin(), owned_.end());
    for (auto k : known_) all.emplace_back(k);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    for (const auto& k : all) list += (list.empty() ? "" : ", ") + k;
    return list;
  };
  // known_ holds each key of the table that was asked for, once: when they are all there, no key
  // is unknown (and a row of many keys is not searched key by key).
  if (known_.size() == table_.size()) return;
  for (const auto& [k, v] : table_) {
    if (!is_known(k.str())) {
      const SourcePos p = doc_.pos(v);
      // toml++ places a key's node at its value; point at the key instead when we can.
      SourcePos kp = p;
      if (k.source().begin.line > 0) kp = doc_.pos(k.source());
      diags_.error(kp, "unknown key '" + std::string(k.str()) + "' in " + what_ + " (allowed: " + allowed() + ")",
                   doc_.line(kp));
    }
  }
}

std::vector<const toml::table*> tables_in(const Document& doc, const toml::node& node, std::string_view key,
                                          Diagnostics& diags) {
  std::vector<const toml::table*> out;
  const std::string k(key);
  const toml::array* arr = node.as_array();
  if (!arr) {
    const SourcePos p = doc.pos(node);
    diags.error(p, "'" + k + "' must be an array of tables ([[" + k + "]]), got " + type_name(node), doc.line(p));
    return out;
  }
  for (const auto& item : *arr) {
    if (const toml::table* t = item.as_table()) {
      out.push_back(t);
      continue;
    }
    const SourcePos p = doc.pos(item);
    diags.error(p, "each [[" + k + "]] must be a table, got " + type_name(item), doc.line(p));
  }
  return out;
}

std::vector<const toml::table*> tables_of(const Document& doc, std::string_view key, Diagnostics& diags) {
  const toml::node* node = doc.root.get(key);
  if (!node) {
    diags.error(SourcePos{doc.name, 1, 1}, "no [[" + std::string(key) + "]] table in the file", doc.line(1));
    return {};
  }
  return tables_in(doc, *node, key, diags);
}

void check_top_level(const Document& doc, const std::vector<std::string>& allowed, Diagnostics& diags) {
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  for (const auto& [k, v] : doc.root) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == k.str();
    if (!ok) {
      SourcePos p = doc.pos(k.source());
      if (k.source().begin.line == 0) p = doc.pos(v);
      diags.error(p, "unknown top-level key '" + std::string(k.str()) + "' (allowed: " + list + ")", doc.line(p));
    }
  }
}

}  // namespace gunpowder::input
