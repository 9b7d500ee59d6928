// parallel.hpp - work split over threads, the first part on the calling thread, with an
// exception thrown by any part passed on to the caller once every thread has stopped (a thread
// must never end on an exception: that would abort the process).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <string>
#include <thread>
#include <vector>

namespace gunpowder::parallel {

template <class First, class Second>
void both(First&& first, Second&& second) {
  std::exception_ptr failed;
  std::thread other([&] {
    try {
      second();
    } catch (...) {
      failed = std::current_exception();
    }
  });
  try {
    first();
  } catch (...) {
    other.join();
    throw;
  }
  other.join();
  if (failed) std::rethrow_exception(failed);
}

/// Runs fn(part, from, to) over [0, n) cut into `threads` contiguous ranges of equal size (the
/// last one shorter), part 0 on the calling thread. Each index must write only its own results, so
/// that they do not depend on the split. The first exception of the lowest part is thrown again.
template <class Fn>
void ranges(std::size_t n, unsigned threads, Fn&& fn) {
  threads = std::max(1U, threads);
  const std::size_t chunk = (n + threads - 1) / threads;
  std::vector<std::exception_ptr> thrown(threads);
  auto run = [&](unsigned part) {
    try {
      fn(part, std::min(n, part * chunk), std::min(n, (part + 1) * chunk));
    } catch (...) {
      thrown[part] = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned part = 1; part < threads; ++part)
    if (std::min(n, part * chunk) < std::min(n, (part + 1) * chunk)) pool.emplace_back(run, part);
  run(0);
  for (auto& t : pool) t.join();
  for (const auto& e : thrown)
    if (e) std::rethrow_exception(e);
}

/// Runs fn(i) for every i in [0, n) on `threads` threads (this one among them), each thread
/// taking the next index not yet taken: for items of very unequal work, where fixed ranges
/// (ranges()) leave a thread idle. Each index must write only its own results. The first
/// exception of the lowest part is thrown again (the others' remaining items are still run).
template <class Fn>
void each(std::size_t n, unsigned threads, Fn&& fn) {
  std::atomic<std::size_t> next{0};
  const auto parts = static_cast<unsigned>(std::min<std::size_t>(std::max(1U, threads), std::max<std::size_t>(n, 1)));
  ranges(parts, parts, [&](unsigned, std::size_t, std::size_t) {
    for (std::size_t i = next++; i < n; i = next++) fn(i);
  });
}

/// Rows rendered on two threads from this many (append_rows); the text does not depend on it.
inline constexpr size_t kParallelRows = 20000;

/// Appends to `out` the text of rows [0, n) of a table: `rows(from, to, text)` appends the text
/// of rows [from, to) to `text`. A large table (kParallelRows rows or more) is made in two halves
/// on two threads, joined in order, so the text does not depend on the split.
template <class Fn>
void append_rows(std::string& out, size_t n, Fn rows) {
  if (n < kParallelRows) {
    rows(0, n, out);
    return;
  }
  std::string second;
  both([&] { rows(0, n / 2, out); }, [&] { rows(n / 2, n, second); });
  out += second;
}

}  // namespace gunpowder::parallel
