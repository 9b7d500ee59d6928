// progress.cpp - the throttled progress line on a terminal's standard error.
#include "common/progress.hpp"

#include <cstdlib>
#include <iostream>

#include <unistd.h>

#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder {

bool Progress::stderr_wants_progress() {
  return ::isatty(STDERR_FILENO) == 1 && std::getenv("GUNPOWDER_NO_PROGRESS") == nullptr;
}

Progress::Progress(std::string label, std::uint64_t total) : label_(std::move(label)), total_(total) {
  if (stderr_wants_progress()) sink_ = &std::cerr;
}

Progress::Progress(std::string label, std::uint64_t total, std::ostream& sink)
    : label_(std::move(label)), total_(total), sink_(&sink) {}

Progress::~Progress() {
  if (!sink_ || !drawn_) return;
  std::lock_guard<std::mutex> lock(draw_mutex_);
  *sink_ << "\r\033[K" << std::flush;  // erase the line
}

void Progress::advance(std::uint64_t n) {
  done_.fetch_add(n);
  if (!sink_) return;
  const auto now = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(draw_mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100) && done_.load() < total_) return;
  last_draw_ = now;
  draw(false);
}

void Progress::draw(bool /*final*/) {
  const std::uint64_t d = std::min(done_.load(), total_);
  const double pct = total_ ? 100.0 * static_cast<double>(d) / static_cast<double>(total_) : 100.0;
  *sink_ << '\r' << label_ << ": " << d << '/' << total_ << " (" << fmtnum::fixed(pct, 0) << "%)" << std::flush;
  drawn_ = true;
}

}  // namespace gunpowder
