// Background work waits while the analysis's threads fill every core, and goes on when one leaves.
#include "analyzer/idle_cores.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

namespace cyclecheck {
namespace {

size_t cores() { return std::max(1u, std::thread::hardware_concurrency()); }

// Starts a thread that waits for an idle core, and checks that it is still waiting a while later and goes
// on once `free_a_core` has run. Not a timing requirement: a waiter that did not wait would long have
// gone on.
void expect_wait_until(const std::function<void()>& free_a_core) {
  std::atomic<bool> went_on{false};
  std::thread background([&went_on] {
    wait_for_idle_core();
    went_on = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(went_on);
  free_a_core();
  background.join();
  EXPECT_TRUE(went_on);
}

TEST(IdleCores, NothingBusyMeansNoWait) { wait_for_idle_core(); }

TEST(IdleCores, WaitsWhileEveryCoreIsBusyAndGoesOnWhenOneThreadLeaves) {
  BusyAnalysisThreads busy(cores());
  expect_wait_until([&busy] { busy.leave(); });
}

TEST(IdleCores, ThreadsThatNeverLeftAreReleasedAtTheEndOfTheScope) {
  { BusyAnalysisThreads busy(cores() + 2); }
  wait_for_idle_core();
}

TEST(IdleCores, LeavingMoreThanWasCountedChangesNothing) {
  BusyAnalysisThreads other(cores() - 1);
  {
    BusyAnalysisThreads busy(1);
    busy.leave();
    busy.leave();  // ignored: it would free a core the other scope still holds
  }
  wait_for_idle_core();
  BusyAnalysisThreads fill(1);
  expect_wait_until([&fill] { fill.leave(); });
}

}  // namespace
}  // namespace cyclecheck
