// Background work that should use only the cores the analysis leaves idle (the cache writer). The
// analysis counts its worker threads in and out; background work waits at its pause points while they
// occupy every core, and goes on as soon as one of them runs out of work (the end of a parallel phase, the
// serial steps between phases).
#pragma once

#include <cstddef>

namespace cyclecheck {

// Marks `count` analysis threads busy for its lifetime; each may leave early with `leave()`.
class BusyAnalysisThreads {
 public:
  explicit BusyAnalysisThreads(size_t count);
  ~BusyAnalysisThreads();
  BusyAnalysisThreads(const BusyAnalysisThreads&) = delete;
  BusyAnalysisThreads& operator=(const BusyAnalysisThreads&) = delete;

  // One of the threads has no more work; called at most `count` times.
  void leave();

 private:
  size_t remaining_;
};

// Blocks while busy analysis threads occupy every core. Called by background work between its steps.
void wait_for_idle_core();

}  // namespace cyclecheck
