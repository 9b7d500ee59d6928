// timing.hpp - the benchmarks' timing of one call (bench-reference, bench-sampling): the number
// of calls in a batch is doubled until one batch lasts at least kBatchSeconds; then kBatches
// batches are timed and the median of their per-call means is returned (std::chrono::steady_clock).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::bench {

inline constexpr double kBatchSeconds = 0.05;
inline constexpr int kBatches = 5;

/// The median over kBatches batches of the mean time of one call of `fn`, in seconds.
/// Writing each result to the volatile `sink` keeps the compiler from dropping the calls.
template <class Fn>
double seconds_per_call(const Fn& fn, volatile double& sink) {
  using clock = std::chrono::steady_clock;
  auto batch = [&](std::int64_t calls) {
    const auto t0 = clock::now();
    for (std::int64_t i = 0; i < calls; ++i) sink = fn();
    return std::chrono::duration<double>(clock::now() - t0).count();
  };
  std::int64_t calls = 1;
  while (batch(calls) < kBatchSeconds) calls *= 2;
  std::vector<double> per_call;
  for (int b = 0; b < kBatches; ++b) per_call.push_back(batch(calls) / static_cast<double>(calls));
  std::sort(per_call.begin(), per_call.end());
  return per_call[per_call.size() / 2];
}

/// A duration for people: µs below a millisecond, ms below a second, else s.
inline std::string duration_text(double s) {
  std::string out;
  if (s < 1e-3) {
    out = fmtnum::fixed(s * 1e6, s < 1e-5 ? 2 : 1);
    out += " µs";
  } else if (s < 1) {
    out = fmtnum::fixed(s * 1e3, s < 1e-2 ? 2 : 1);
    out += " ms";
  } else {
    out = fmtnum::fixed(s, 2);
    out += " s";
  }
  return out;
}

}  // namespace gunpowder::bench
