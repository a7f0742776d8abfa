// Phase timings and memory on stderr when CYCLECHECK_DEBUG_TIMES is set: where a slow or large run spends
// its time and its memory.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cyclecheck {

class PhaseTimer {
 public:
  PhaseTimer() : enabled_(std::getenv("CYCLECHECK_DEBUG_TIMES") != nullptr), last_(Clock::now()) {}

  // Prints the time since the previous mark (or construction) under `phase`.
  void mark(const char* phase) {
    if (!enabled_) return;
    const auto now = Clock::now();
    std::fprintf(stderr, "[times] %-22s %8.3f s  (resident %ld MB, peak %ld MB)\n", phase,
                 std::chrono::duration<double>(now - last_).count(), status_megabytes("VmRSS:"),
                 status_megabytes("VmHWM:"));
    last_ = now;
  }

 private:
  // A "VmRSS:"-style line of /proc/self/status in megabytes (-1 where there is none).
  static long status_megabytes(const char* key) {
    std::FILE* status = std::fopen("/proc/self/status", "r");
    if (status == nullptr) return -1;
    char line[256];
    long kilobytes = -1;
    const size_t key_length = std::strlen(key);
    while (std::fgets(line, sizeof line, status) != nullptr) {
      if (std::strncmp(line, key, key_length) == 0) {
        kilobytes = std::strtol(line + key_length, nullptr, 10);
        break;
      }
    }
    std::fclose(status);
    return kilobytes < 0 ? -1 : kilobytes / 1024;
  }

  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

}  // namespace cyclecheck
