// A monotonic stopwatch for search time limits. steady_clock never jumps with
// the wall clock; under Emscripten it maps to performance.now().
#pragma once

#include <chrono>
#include <cstdint>

namespace qipan {

class Stopwatch {
 public:
  Stopwatch() : start_(Clock::now()) {}
  void restart() { start_ = Clock::now(); }
  std::int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }
  double elapsed_seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_;
};

}  // namespace qipan
