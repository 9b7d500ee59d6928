// read_input.cpp - an input file or standard input read whole (read_input), or as an input::Source
// that passes read block by block (pass.hpp): every failure an error (exit 66), never a partial
// text taken for the whole input, never a directory or a text with a NUL byte. A stream (standard
// input, a pipe) is taken once, into memory when small, else into an unnamed temporary file.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "gunpowder/input/reader.hpp"
#include "pass.hpp"

namespace gunpowder::input {

namespace detail {
namespace {
Diagnostics input_error(const std::string& what, int err, const std::string& name) {
  Diagnostics d;
  d.error({name}, what + ": " + std::strerror(err), {}, ExitCode::no_input);
  return d;
}

Diagnostics read_error(int fd, int err, const std::string& name) {
  return input_error(fd == 0 && name == "<stdin>" ? "cannot read standard input" : "cannot read input", err, name);
}

// read(2) of at most `n` bytes into `at`, again after an interruption: the bytes read, 0 at the
// end, -1 on an error (errno).
ssize_t read_some(int fd, char* at, size_t n) {
  for (;;) {
    const ssize_t got = ::read(fd, at, n);
    if (got >= 0 || errno != EINTR) return got;
  }
}

// An unnamed temporary file (in TMPDIR, else /tmp), or -1.
int temporary_file() {
  const char* dir = std::getenv("TMPDIR");
  if (!dir || !*dir) dir = "/tmp";
  return ::open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

// Appends the `n` bytes of the file `fd` at `offset` to `buf`; false on an error or a short file.
bool read_at(int fd, std::string& buf, size_t n, size_t offset) {
  const size_t have = buf.size();
  buf.resize(have + n);
  for (size_t got = 0; got < n;) {
    const ssize_t m = ::pread(fd, buf.data() + have + got, n - got, static_cast<off_t>(offset + got));
    if (m < 0 && errno == EINTR) continue;
    if (m <= 0) return false;
    got += static_cast<size_t>(m);
  }
  return true;
}

bool write_all(int fd, const char* data, size_t n) {
  while (n > 0) {
    const ssize_t put = ::write(fd, data, n);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    data += put;
    n -= static_cast<size_t>(put);
  }
  return true;
}
}  // namespace

Expected<int> open_input(const std::string& path, const std::string& name, struct stat& st) {
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return input_error("cannot open input", errno, name);
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    if (!is_stdin) ::close(fd);
    return input_error(is_stdin ? "cannot read standard input" : "cannot open input", err, name);
  }
  if (S_ISDIR(st.st_mode)) {
    if (!is_stdin) ::close(fd);
    return Expected<int>::failure("input is a directory", {name}, ExitCode::no_input);
  }
  return fd;
}

Expected<std::string> read_all(int fd, const std::string& name, off_t size_hint) {
  std::string text;
  if (size_hint > 0) text.reserve(static_cast<size_t>(size_hint) + 1);
  char buf[size_t{64} * 1024];
  for (;;) {
    const ssize_t n = read_some(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) return read_error(fd, errno, name);
    text.append(buf, static_cast<size_t>(n));
  }
  return text;
}

Diagnostics not_text(const std::string& name) {
  Diagnostics d;
  d.error({name}, "input is not text (it contains a NUL byte)");
  return d;
}

Pass::~Pass() {
  if (fd_ >= 0) ::close(fd_);
}

Expected<bool> Pass::open() {
  offset_ = 0;
  if (!s_.text && s_.spool < 0) {
    struct stat st {};
    auto fd = open_input(s_.path, s_.name, st);
    if (!fd) return fd.error();
    if (S_ISREG(st.st_mode) && s_.path != "-") {  // read as it is, in this pass
      fd_ = *fd;
      size_ = static_cast<size_t>(st.st_size);
      return true;
    }
    auto taken = take(*fd);
    if (*fd != 0) ::close(*fd);
    if (!taken) return taken;
  }
  size_ = s_.text ? s_.text->size() : s_.spool_size;
  return true;
}

// Takes the stream `fd` whole: into memory while it is under kSpoolBytes, then into a temporary
// file (into memory all the same when none can be written).
Expected<bool> Pass::take(int fd) {
  std::string text;  // what is not in the temporary file
  int spool = -1;
  size_t spooled = 0;
  bool in_memory = false;  // no temporary file
  std::string block(kChunkBytes, '\0');
  for (bool end = false; !end;) {
    const ssize_t n = read_some(fd, block.data(), block.size());
    if (n < 0) {
      const int err = errno;
      if (spool >= 0) ::close(spool);
      return read_error(fd, err, s_.name);
    }
    text.append(block.data(), static_cast<size_t>(n));
    end = n == 0;
    if (in_memory || (text.size() < kSpoolBytes && !(end && spool >= 0))) continue;
    if (spool < 0) spool = temporary_file();
    if (spool >= 0 && write_all(spool, text.data(), text.size())) {
      spooled += text.size();
      text.clear();
      continue;
    }
    in_memory = true;
    if (spool < 0) continue;
    std::string head;  // the disk is full: what is in the file comes back
    const bool back = read_at(spool, head, spooled, 0);
    ::close(spool);
    spool = -1;
    if (!back) return read_error(fd, EIO, s_.name);
    text.insert(0, head);
  }
  if (spool >= 0) {
    s_.spool = spool;
    s_.spool_size = spooled;
  } else {
    s_.text = std::make_shared<const std::string>(std::move(text));
  }
  return true;
}

Expected<bool> Pass::read(std::string& buf, size_t n) {
  const size_t have = buf.size();
  if (s_.text) {
    const size_t m = std::min(n, s_.text->size() - std::min(offset_, s_.text->size()));
    buf.append(*s_.text, offset_, m);
    offset_ += m;
    return m > 0;
  }
  buf.resize(have + n);
  for (;;) {
    const ssize_t got = fd_ >= 0 ? ::read(fd_, buf.data() + have, n)
                                 : ::pread(s_.spool, buf.data() + have, n, static_cast<off_t>(offset_));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int err = errno;
      buf.resize(have);
      return read_error(fd_, err, s_.name);
    }
    buf.resize(have + static_cast<size_t>(got));
    offset_ += static_cast<size_t>(got);
    return got > 0;
  }
}

Expected<std::string> Pass::all() {
  if (s_.text) return *s_.text;
  if (fd_ >= 0) return read_all(fd_, s_.name, static_cast<off_t>(size_));
  std::string text;
  if (!read_at(s_.spool, text, s_.spool_size, 0)) return read_error(-1, EIO, s_.name);
  return text;
}

}  // namespace detail

Source::State::~State() {
  if (spool >= 0) ::close(spool);
}

Source Source::file(const std::string& path) {
  auto s = std::make_shared<State>();
  s->path = path;
  s->name = path == "-" ? "<stdin>" : path;
  return Source(std::move(s));
}

Source Source::text(std::shared_ptr<const std::string> text, std::string name) {
  auto s = std::make_shared<State>();
  s->name = std::move(name);
  s->text = std::move(text);
  return Source(std::move(s));
}

const std::string& Source::name() const { return state_->name; }

Expected<std::string> Source::whole() const {
  detail::Pass pass(*this);
  if (auto opened = pass.open(); !opened) return opened.error();
  auto text = pass.all();
  if (text && text->find('\0') != std::string::npos) return detail::not_text(state_->name);
  return text;
}

Expected<std::string> read_input(const std::string& path) {
  const std::string name = path == "-" ? "<stdin>" : path;
  struct stat st {};
  const auto fd = detail::open_input(path, name, st);
  if (!fd) return fd.error();
  auto text = detail::read_all(*fd, name, S_ISREG(st.st_mode) ? st.st_size : 0);
  if (*fd != 0) ::close(*fd);
  if (!text) return text;
  // NUL is refused alike from a file and from standard input.
  if (text->find('\0') != std::string::npos) return detail::not_text(name);
  return text;
}

}  // namespace gunpowder::input
