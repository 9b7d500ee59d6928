// progress.hpp - a progress line on standard error for long runs (simulations, batches).
//
// Shown only when standard error is a terminal (never in pipes or files, never in CI logs),
// and never when GUNPOWDER_NO_PROGRESS is set to a value other than "" and "0". On a terminal
// without cursor controls (TERM=dumb or unset) the line is redrawn with a carriage return and
// erased with spaces, never with escape sequences. Safe to advance from several threads; redraws
// at most ten times a second and erases itself when done.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <string>

namespace gunpowder {

class Progress {
 public:
  /// Shows "label: n/total (p%)" on standard error when it is a terminal.
  Progress(std::string label, std::uint64_t total);
  /// For tests: draw to `sink` unconditionally; `ansi` false: no escape sequences (a dumb terminal).
  Progress(std::string label, std::uint64_t total, std::ostream& sink, bool ansi = true);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::uint64_t n = 1);
  [[nodiscard]] bool enabled() const { return sink_ != nullptr; }
  [[nodiscard]] std::uint64_t done() const { return done_.load(); }

  /// Whether progress would be shown on standard error (a terminal, no GUNPOWDER_NO_PROGRESS).
  static bool stderr_wants_progress();
  /// Whether a value of GUNPOWDER_NO_PROGRESS (nullptr: unset) turns progress off: any value but
  /// "" and "0".
  static bool no_progress_requested(const char* value);
  /// Whether a value of TERM (nullptr: unset) understands the erase-line sequence: not "dumb".
  static bool term_has_ansi(const char* value);

 private:
  void draw(bool final);

  std::string label_;
  std::uint64_t total_;
  std::ostream* sink_ = nullptr;
  std::atomic<std::uint64_t> done_{0};
  std::mutex draw_mutex_;
  std::chrono::steady_clock::time_point last_draw_{};
  bool drawn_ = false;
  bool ansi_ = true;
  std::size_t width_ = 0;  ///< the longest line drawn, erased with spaces when !ansi_
};

}  // namespace gunpowder
