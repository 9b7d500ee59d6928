// progress.hpp - a progress line on standard error for long runs (simulations, batches).
//
// Shown only when standard error is a terminal (never in pipes or files, never in CI logs),
// and never when GUNPOWDER_NO_PROGRESS is set. Safe to advance from several threads; redraws at
// most ten times a second and erases itself when done.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <string>

namespace gunpowder {

class Progress {
 public:
  /// Shows "label: n/total (p%)" on standard error when it is a terminal.
  Progress(std::string label, std::uint64_t total);
  /// For tests: draw to `sink` unconditionally.
  Progress(std::string label, std::uint64_t total, std::ostream& sink);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::uint64_t n = 1);
  [[nodiscard]] bool enabled() const { return sink_ != nullptr; }
  [[nodiscard]] std::uint64_t done() const { return done_.load(); }

  /// Whether progress would be shown on standard error (a terminal, no GUNPOWDER_NO_PROGRESS).
  static bool stderr_wants_progress();

 private:
  void draw(bool final);

  std::string label_;
  std::uint64_t total_;
  std::ostream* sink_ = nullptr;
  std::atomic<std::uint64_t> done_{0};
  std::mutex draw_mutex_;
  std::chrono::steady_clock::time_point last_draw_{};
  bool drawn_ = false;
};

}  // namespace gunpowder
