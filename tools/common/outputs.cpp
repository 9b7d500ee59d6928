// outputs.cpp - writing a run's output files at its end: each path examined (links followed),
// every temporary file written and every device opened first, then the devices written, then the
// renames; whatever was prepared and not committed is removed.
#include "common/outputs.hpp"

#include "common/cli.hpp"

#include <array>
#include <cerrno>
#include <climits>
#include <cstring>
#include <ostream>
#include <random>
#include <streambuf>
#include <string_view>
#include <utility>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace gunpowder::cli {

void Outputs::add(std::string option, std::string path, std::string text) {
  files_.push_back({std::move(option), std::move(path), std::move(text), {}});
}

void Outputs::add_streamed(std::string option, std::string path, std::function<Diagnostics(std::ostream&)> writer) {
  files_.push_back({std::move(option), std::move(path), {}, std::move(writer)});
}

std::string temporary_name(const std::string& base, const std::string& suffix, size_t name_max) {
  const std::string tail = ".tmp." + suffix;
  const size_t room = name_max > tail.size() + 1 ? name_max - tail.size() - 1 : 0;
  size_t keep = base.size();
  if (keep > room) {
    keep = room;
    // Do not cut a UTF-8 character in two: back off over its continuation bytes.
    while (keep > 0 && (static_cast<unsigned char>(base[keep]) & 0xC0U) == 0x80U) --keep;
  }
  return "." + base.substr(0, keep) + tail;
}

namespace {

Diagnostics failed(const std::string& path, bool writing, int e) {
  Diagnostics d;
  d.error(SourcePos{path},
          std::string(writing ? "cannot write output file: " : "cannot create output file: ") + std::strerror(e), {},
          writing ? ExitCode::io_error : ExitCode::cant_create);
  return d;
}

std::string dir_of(const std::string& p) {
  const auto slash = p.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : p.substr(0, slash);
}

/// Writes all of `text` to `fd`; returns 0 or the errno of the failure.
int write_all(int fd, std::string_view text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (n == 0) return EIO;
    done += static_cast<size_t>(n);
  }
  return 0;
}

/// Where a path leads once its symbolic links are followed.
struct Resolved {
  std::string path;  ///< the final name: not a link, or not there (a new file, or a dangling link's target)
  bool exists = false;
  bool magic = false;  ///< reached through /proc or /dev/fd (/dev/stdout): written directly, never replaced
  struct stat st {};
};

bool is_magic(const std::string& p) { return p.rfind("/proc/", 0) == 0 || p.rfind("/dev/fd/", 0) == 0; }

Expected<Resolved> resolve(const std::string& shown) {
  Resolved r;
  r.path = shown;
  for (int hops = 0; hops < 40; ++hops) {
    if (::lstat(r.path.c_str(), &r.st) != 0) {
      const int e = errno;
      if (e == ENOENT) return r;
      return failed(shown, false, e);
    }
    if (!S_ISLNK(r.st.st_mode)) {
      r.exists = true;
      return r;
    }
    if (is_magic(r.path)) {  // /proc/self/fd/1 names an open file, not a path: open it as it is
      if (::stat(r.path.c_str(), &r.st) != 0) return failed(shown, false, errno);
      r.exists = r.magic = true;
      return r;
    }
    std::string target(static_cast<size_t>(r.st.st_size > 0 ? r.st.st_size : PATH_MAX) + 1, '\0');
    const ssize_t n = ::readlink(r.path.c_str(), target.data(), target.size());
    if (n < 0) return failed(shown, false, errno);
    target.resize(static_cast<size_t>(n));
    r.path = (!target.empty() && target[0] == '/') ? target : dir_of(r.path) + "/" + target;
  }
  return failed(shown, false, ELOOP);
}

/// One output on its way: a temporary file to rename, or an open device (or file written in place).
/// An output stream over a file descriptor that keeps the errno of a failed write.
class FdBuf : public std::streambuf {
 public:
  explicit FdBuf(int fd) : fd_(fd) { setp(buf_.data(), buf_.data() + buf_.size()); }
  [[nodiscard]] int error() const { return error_; }

 protected:
  int overflow(int c) override {
    if (!drain()) return traits_type::eof();
    if (c != traits_type::eof()) {
      *pptr() = static_cast<char>(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    if (error_ == 0) error_ = write_all(fd_, std::string_view(pbase(), static_cast<size_t>(pptr() - pbase())));
    setp(buf_.data(), buf_.data() + buf_.size());
    return error_ == 0;
  }
  int fd_;
  int error_ = 0;
  std::array<char, size_t{1} << 16> buf_{};
};

/// Writes a file's content to `fd`: its text, or what its writer makes. `errno_out` is 0 or the
/// errno of a failed write; the writer's own diagnostics are returned as a failure.
Expected<bool> write_content(int fd, const Outputs::File& file, int& errno_out) {
  if (!file.writer) {
    errno_out = write_all(fd, file.text);
    return true;
  }
  FdBuf buf(fd);
  std::ostream os(&buf);
  Diagnostics stopped = file.writer(os);
  os.flush();
  errno_out = buf.error();
  if (!stopped.empty()) return stopped;
  return true;
}

struct Slot {
  const Outputs::File* file = nullptr;
  std::string target;  ///< replaced file: where the temporary file goes
  std::string temp;    ///< replaced file: the temporary file, until renamed
  std::string backup;  ///< replaced file that existed: a hard link to the old file, until every rename is done
  bool existed = false;  ///< replaced file: the target existed before the run
  bool renamed = false;  ///< replaced file: the temporary file is now the target
  int fd = -1;         ///< written directly: open until written
  bool truncate = false;
};

/// The slots of a commit; whatever is left of them (open descriptors, temporary files) is undone.
class Pending {
 public:
  explicit Pending(size_t n) : slots(n) {}
  Pending(const Pending&) = delete;
  Pending& operator=(const Pending&) = delete;
  ~Pending() {
    for (auto& s : slots) {
      if (s.fd >= 0) ::close(s.fd);
      if (!s.temp.empty()) ::unlink(s.temp.c_str());
      if (!s.backup.empty()) ::unlink(s.backup.c_str());
    }
  }
  std::vector<Slot> slots;
};

Expected<bool> open_direct(const std::string& path, bool truncate, Slot& s) {
  s.fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (s.fd < 0) return failed(s.file->path, false, errno);
  s.truncate = truncate;
  return true;
}

/// A FIFO: opened for writing once a process reads it, waiting at most kFifoWaitMs for one (an
/// open without a reader would block the run forever; issue 24, item 6). Its writes then block as
/// a pipe's do.
constexpr int kFifoWaitMs = 2000;
Expected<bool> open_fifo(const std::string& path, Slot& s) {
  for (int waited = 0;; waited += 10) {
    s.fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (s.fd >= 0) break;
    if (errno != ENXIO && errno != EINTR) return failed(s.file->path, false, errno);
    if (waited >= kFifoWaitMs) {
      Diagnostics d;
      d.error(SourcePos{s.file->path},
              "cannot create output file: no process reads this FIFO (waited " + std::to_string(kFifoWaitMs / 1000) +
                  " s for one)",
              {}, ExitCode::cant_create);
      return d;
    }
    ::usleep(10000);
  }
  const int flags = ::fcntl(s.fd, F_GETFL);
  if (flags < 0 || ::fcntl(s.fd, F_SETFL, flags & ~O_NONBLOCK) != 0) return failed(s.file->path, false, errno);
  return true;
}

Expected<bool> connect_socket(const std::string& path, Slot& s) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) return failed(s.file->path, false, ENAMETOOLONG);
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  s.fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (s.fd < 0) return failed(s.file->path, false, errno);
  if (::connect(s.fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0)
    return failed(s.file->path, false, errno);
  return true;
}

/// Creates the temporary file beside `target` (mode 0666 less the umask); the slot owns its name.
int create_temporary(const std::string& target, Slot& s) {
  static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const std::string dir = dir_of(target);
  const long name_max = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  std::random_device rd;
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string suffix(6, 'x');
    for (char& c : suffix) c = kChars[rd() % (sizeof kChars - 1)];
    const std::string name =
        temporary_name(base_of(target), suffix, name_max > 0 ? static_cast<size_t>(name_max) : NAME_MAX);
    const std::string temp = (dir == "/" ? "" : dir) + "/" + name;
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC, 0666);
    if (fd >= 0) {
      s.temp = temp;
      return fd;
    }
    if (errno != EEXIST) return -1;
  }
  errno = EEXIST;
  return -1;
}

/// A regular file (or none yet): written to a temporary file that keeps the old file's permission
/// bits and owner. If the owner cannot be kept (another user's file), the file is written in place.
Expected<bool> prepare_replacement(const Resolved& t, Slot& s) {
  const int fd = create_temporary(t.path, s);
  if (fd < 0) return failed(s.file->path, false, errno);
  if (t.exists) {
    struct stat mine {};
    const bool other_owner = ::fstat(fd, &mine) == 0 && (mine.st_uid != t.st.st_uid || mine.st_gid != t.st.st_gid);
    if (other_owner && ::fchown(fd, t.st.st_uid, t.st.st_gid) != 0) {
      ::close(fd);
      ::unlink(s.temp.c_str());
      s.temp.clear();
      return open_direct(t.path, true, s);
    }
    if (::fchmod(fd, t.st.st_mode & 0777) != 0) {
      const int e = errno;
      ::close(fd);
      return failed(s.file->path, false, e);
    }
  }
  int e = 0;
  auto content = write_content(fd, *s.file, e);
  if (!content) {
    ::close(fd);
    return content;
  }
  if (e == 0 && ::fsync(fd) != 0) e = errno;
  if (::close(fd) != 0 && e == 0) e = errno;
  if (e != 0) return failed(s.file->path, true, e);
  s.target = t.path;
  s.existed = t.exists;
  return true;
}

/// Keeps the old file of a replaced output as a hard link beside it until every rename is done, so
/// that a later failed rename can put it back. False when the system will not link it (the file
/// system has no hard links): that output cannot be restored.
bool keep_backup(Slot& s) {
  const std::string dir = dir_of(s.target);
  const long name_max = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  for (int attempt = 0; attempt < 10; ++attempt) {
    const std::string name = temporary_name(base_of(s.target), "bak" + std::to_string(::getpid()) + "-" + std::to_string(attempt),
                                            name_max > 0 ? static_cast<size_t>(name_max) : NAME_MAX);
    const std::string backup = (dir == "/" ? "" : dir) + "/" + name;
    if (::link(s.target.c_str(), backup.c_str()) == 0) {
      s.backup = backup;
      return true;
    }
    if (errno != EEXIST) return false;
  }
  return false;
}

/// After the rename of `failed_slot` failed: the outputs renamed before it are put back as they
/// were (the old file from its backup, a new file removed). Returns the outputs that stay replaced
/// (none, unless the system refused a link or a rename back; a backup that could not be put back is
/// kept, and named).
std::vector<std::string> undo_renames(std::vector<Slot>& slots, const RenameFn& rename_fn) {
  std::vector<std::string> replaced;
  for (auto& s : slots) {
    if (!s.renamed) continue;
    bool undone = false;
    if (!s.backup.empty())
      undone = rename_fn(s.backup.c_str(), s.target.c_str()) == 0;
    else if (!s.existed)
      undone = ::unlink(s.target.c_str()) == 0;
    if (undone) {
      s.backup.clear();
    } else if (!s.backup.empty()) {  // kept for the user to put back
      replaced.push_back(s.file->path + " (its old content is in " + s.backup + ")");
      s.backup.clear();
    } else {
      replaced.push_back(s.file->path);
    }
  }
  return replaced;
}

Expected<bool> prepare(Slot& s) {
  auto resolved = resolve(s.file->path);
  if (!resolved) return resolved.error();
  const Resolved& t = *resolved;
  if (!t.exists) return prepare_replacement(t, s);
  const auto mode = t.st.st_mode;
  if (S_ISDIR(mode)) return failed(s.file->path, false, EISDIR);
  if (S_ISSOCK(mode)) return connect_socket(t.path, s);
  if (S_ISFIFO(mode)) return open_fifo(t.path, s);
  if (!S_ISREG(mode)) return open_direct(t.path, false, s);  // a device
  // A rename would cut a hard link, and /dev/stdout's file is the one the shell opened.
  if (t.magic || t.st.st_nlink > 1) return open_direct(t.path, true, s);
  return prepare_replacement(t, s);
}

Expected<bool> write_direct(Slot& s) {
  int e = 0;
  if (s.truncate && ::ftruncate(s.fd, 0) != 0) e = errno;
  Expected<bool> content = true;
  if (e == 0) content = write_content(s.fd, *s.file, e);
  const int fd = std::exchange(s.fd, -1);
  if (!content) {
    ::close(fd);
    return content;
  }
  if (::close(fd) != 0 && e == 0 && errno != EINTR) e = errno;
  if (e != 0) return failed(s.file->path, true, e);
  return true;
}

}  // namespace

Expected<bool> Outputs::commit(const std::function<Expected<bool>()>& before_renames, const RenameFn& rename_fn) const {
  for (size_t i = 0; i < files_.size(); ++i) {
    if (files_[i].path.empty()) return usage_error(files_[i].option, "needs a file name");
    for (size_t j = 0; j < i; ++j)
      if (files_[j].path == files_[i].path)
        return usage_error(files_[i].option, "names the same file as " + files_[j].option + ": " + files_[i].path);
  }
  Pending pending(files_.size());
  for (size_t i = 0; i < files_.size(); ++i) {
    pending.slots[i].file = &files_[i];
    auto ready = prepare(pending.slots[i]);
    if (!ready) return ready;
  }
  for (auto& s : pending.slots) {
    if (s.fd < 0) continue;
    auto written = write_direct(s);
    if (!written) return written;
  }
  if (before_renames) {
    auto done = before_renames();
    if (!done) return done;
  }
  // Every rename, or none: the old files are kept as backups until the last rename is done.
  const RenameFn do_rename = rename_fn ? rename_fn : RenameFn(&::rename);
  int renames = 0;
  for (const auto& s : pending.slots) renames += s.temp.empty() ? 0 : 1;
  for (auto& s : pending.slots)
    if (renames > 1 && !s.temp.empty() && s.existed) keep_backup(s);
  for (auto& s : pending.slots) {
    if (s.temp.empty()) continue;
    if (do_rename(s.temp.c_str(), s.target.c_str()) != 0) {
      Diagnostics d = failed(s.file->path, false, errno);
      const std::vector<std::string> replaced = undo_renames(pending.slots, do_rename);
      std::string list;
      for (const auto& r : replaced) list += (list.empty() ? "" : ", ") + r;
      if (!replaced.empty())
        d.error(SourcePos{s.file->path}, "these outputs were replaced before the failure and could not be put back: " + list,
                {}, ExitCode::cant_create);
      return d;
    }
    s.temp.clear();
    s.renamed = true;
  }
  return true;
}

std::string base_of(const std::string& p) {
  const auto slash = p.find_last_of('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

}  // namespace gunpowder::cli
