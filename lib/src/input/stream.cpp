// stream.cpp - a large file of `[[key]]` tables streamed (stream_file): read in pieces, each parsed
// and used on one of several threads, handed on in input order, and freed as soon as it is used.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

#include "gunpowder/input/reader.hpp"

namespace gunpowder::input {

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
bool stream_opens_with(std::string_view text, std::string_view header) {
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
    if (index == 0 && !stream_opens_with(text, "[[" + std::string(key) + "]]")) {
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

}  // namespace gunpowder::input
