// Phase timings on stderr when CYCLECHECK_DEBUG_TIMES is set: where a slow run spends its time.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace cyclecheck {

class PhaseTimer {
 public:
  PhaseTimer() : enabled_(std::getenv("CYCLECHECK_DEBUG_TIMES") != nullptr), last_(Clock::now()) {}

  // Prints the time since the previous mark (or construction) under `phase`.
  void mark(const char* phase) {
    if (!enabled_) return;
    const auto now = Clock::now();
    std::fprintf(stderr, "[times] %-22s %8.3f s\n", phase,
                 std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

}  // namespace cyclecheck
