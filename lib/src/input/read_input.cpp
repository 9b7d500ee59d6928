// read_input.cpp - an input file or standard input read whole, every failure an error (exit 66):
// never a partial text taken for the whole input, never a directory or a text with a NUL byte.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>

#include "gunpowder/input/reader.hpp"

namespace gunpowder::input {

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

}  // namespace gunpowder::input
