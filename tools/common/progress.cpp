// progress.cpp - the throttled progress line on a terminal's standard error.
#include "common/progress.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include <unistd.h>

#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder {

bool Progress::no_progress_requested(const char* value) {
  return value != nullptr && *value != '\0' && std::strcmp(value, "0") != 0;
}

bool Progress::term_has_ansi(const char* value) {
  return value != nullptr && *value != '\0' && std::strcmp(value, "dumb") != 0;
}

bool Progress::stderr_wants_progress() {
  return ::isatty(STDERR_FILENO) == 1 && !no_progress_requested(std::getenv("GUNPOWDER_NO_PROGRESS"));
}

Progress::Progress(std::string label, std::uint64_t total) : label_(std::move(label)), total_(total) {
  if (stderr_wants_progress()) {
    sink_ = &std::cerr;
    ansi_ = term_has_ansi(std::getenv("TERM"));
  }
}

Progress::Progress(std::string label, std::uint64_t total, std::ostream& sink, bool ansi)
    : label_(std::move(label)), total_(total), sink_(&sink), ansi_(ansi) {}

Progress::~Progress() {
  if (!sink_ || !drawn_) return;
  std::lock_guard<std::mutex> lock(draw_mutex_);
  if (ansi_)
    *sink_ << "\r\033[K" << std::flush;  // erase the line
  else
    *sink_ << '\r' << std::string(width_, ' ') << '\r' << std::flush;
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
  const std::string line =
      label_ + ": " + std::to_string(d) + '/' + std::to_string(total_) + " (" + fmtnum::fixed(pct, 0) + "%)";
  // Without an erase sequence, a shorter line is padded over the longer one drawn before it.
  const std::size_t pad = !ansi_ && line.size() < width_ ? width_ - line.size() : 0;
  *sink_ << '\r' << line << std::string(pad, ' ') << std::flush;
  width_ = std::max(width_, line.size());
  drawn_ = true;
}

}  // namespace gunpowder
