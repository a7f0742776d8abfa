// Which statements of a generator an exception thrown in at a `yield` skips: cleanup after a bare yield,
// but not in a `finally` or handler around it, nor before the first yield.
#include "analyzer/yield_exposure.hpp"

#include <gtest/gtest.h>

#include <string>

#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

// Whether the statement of `source`'s first function on line `line` runs only without an exception at a
// yield.
bool skipped(const std::string& source, uint32_t line) {
  auto facts = lower_module(SourceText{"gen.py", "gen", false, source});
  EXPECT_TRUE(facts->file_diagnostics.empty());
  const Function& f = facts->functions.at(1);
  const Stmt* target = nullptr;
  for_each_statement(f.body, [&](const Stmt& s) {
    if (target == nullptr && s.site.line == line) target = &s;
  });
  EXPECT_NE(target, nullptr) << "no statement on line " << line;
  return target != nullptr && runs_only_without_exception_at_yield(f.body, *target);
}

TEST(YieldExposure, CleanupAfterABareYieldIsSkipped) {
  const std::string source =
      "def scope(h):\n"
      "    h.install()\n"  // 2
      "    yield\n"
      "    h.remove()\n"  // 4
      "    for x in h.parts:\n"
      "        x.remove()\n";  // 6
  EXPECT_FALSE(skipped(source, 2));
  EXPECT_TRUE(skipped(source, 4));
  EXPECT_TRUE(skipped(source, 6));
}

TEST(YieldExposure, FinallyAndHandlersAroundTheYieldRun) {
  const std::string source =
      "def scope(h):\n"
      "    try:\n"
      "        value = yield h\n"
      "        h.after()\n"  // 4: skipped, the exception goes to the handlers
      "    except ValueError:\n"
      "        h.handled()\n"  // 6
      "    else:\n"
      "        h.no_error()\n"  // 8
      "    finally:\n"
      "        h.remove()\n"  // 10
      "    h.done()\n"        // 11: the handler took the exception
      "def only_finally(h):\n"
      "    try:\n"
      "        yield\n"
      "    finally:\n"
      "        h.remove()\n"
      "    h.done()\n";
  EXPECT_TRUE(skipped(source, 4));
  EXPECT_FALSE(skipped(source, 6));
  EXPECT_TRUE(skipped(source, 8));
  EXPECT_FALSE(skipped(source, 10));
  EXPECT_FALSE(skipped(source, 11));
}

TEST(YieldExposure, CodeAfterATryWithOnlyAFinallyIsSkipped) {
  const std::string source =
      "def scope(h):\n"
      "    try:\n"
      "        yield\n"
      "    finally:\n"
      "        h.close()\n"
      "    h.remove()\n";  // 6
  EXPECT_TRUE(skipped(source, 6));
}

TEST(YieldExposure, AWithBlockDoesNotCoverTheCodeAfterIt) {
  const std::string source =
      "def scope(h, lock):\n"
      "    with lock:\n"
      "        yield h\n"
      "    h.remove()\n"  // 4
      "    if h.ready:\n"
      "        yield\n"
      "    h.done()\n";  // 7
  EXPECT_TRUE(skipped(source, 4));
  EXPECT_TRUE(skipped(source, 7));
}

TEST(YieldExposure, AYieldOfANestedFunctionIsNotTheGenerators) {
  const std::string source =
      "def scope(h):\n"
      "    def inner():\n"
      "        yield h\n"
      "    h.remove()\n";  // 4
  EXPECT_FALSE(skipped(source, 4));
}

}  // namespace
