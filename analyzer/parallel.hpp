// A parallel loop over indices on all cores, for work items that write only their own result slots.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

#include "analyzer/idle_cores.hpp"

namespace cyclecheck {

// Runs `work(i)` for every i in [0, count). Items are handed out in index order, one at a time, so
// callers put the costliest first; results stored by index do not depend on scheduling.
template <typename Work>
void parallel_for(size_t count, Work work) {
  std::atomic<size_t> next{0};
  const size_t threads = std::max<size_t>(1, std::min<size_t>(std::thread::hardware_concurrency(), count));
  BusyAnalysisThreads busy(threads);
  auto worker = [&] {
    for (size_t i = next++; i < count; i = next++) work(i);
    busy.leave();
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
}

}  // namespace cyclecheck
