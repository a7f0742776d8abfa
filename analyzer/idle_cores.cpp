#include "analyzer/idle_cores.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace cyclecheck {
namespace {

std::mutex busy_mutex;
std::condition_variable busy_changed;
size_t busy_threads = 0;

size_t core_count() {
  static const size_t cores = std::max(1u, std::thread::hardware_concurrency());
  return cores;
}

}  // namespace

BusyAnalysisThreads::BusyAnalysisThreads(size_t count) : remaining_(count) {
  const std::lock_guard<std::mutex> lock(busy_mutex);
  busy_threads += count;
}

BusyAnalysisThreads::~BusyAnalysisThreads() {
  {
    const std::lock_guard<std::mutex> lock(busy_mutex);
    busy_threads -= remaining_;
  }
  busy_changed.notify_all();
}

void BusyAnalysisThreads::leave() {
  {
    const std::lock_guard<std::mutex> lock(busy_mutex);
    if (remaining_ == 0) return;
    --remaining_;
    --busy_threads;
  }
  busy_changed.notify_all();
}

void wait_for_idle_core() {
  std::unique_lock<std::mutex> lock(busy_mutex);
  busy_changed.wait(lock, [] { return busy_threads < core_count(); });
}

}  // namespace cyclecheck
