// parallel.hpp - runs two pieces of work at once, the second on its own thread, and passes on
// an exception thrown by either (the first one thrown, the calling thread's first).
#pragma once

#include <exception>
#include <thread>

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

}  // namespace gunpowder::parallel
