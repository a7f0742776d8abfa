// Cleanup an early exit skips: the binding statement, the later statement releasing the name, and the
// `return` / `break` / `continue` / `raise` between them that leaves the block first.
#include "analyzer/early_exit.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

// The body of the only function `f` in `text`, lowered.
struct Lowered {
  std::shared_ptr<const ModuleFacts> facts;
  const std::vector<Stmt>& body() const {
    for (const Function& f : facts->functions) {
      if (f.name == "f") return f.body;
    }
    ADD_FAILURE() << "no function f";
    return facts->functions[0].body;
  }
};

Lowered lower(const std::string& text) {
  Lowered out{lower_module(SourceText{"train.py", "train", false, text})};
  EXPECT_TRUE(out.facts->file_diagnostics.empty());
  return out;
}

TEST(EarlyExit, AReturnBetweenTheBindingAndTheReleaseSkipsIt) {
  const Lowered code = lower(
      "def f(run, stop):\n"
      "    handler = attach(run)\n"  // 2
      "    for epoch in range(3):\n"
      "        if stop(epoch):\n"
      "            return epoch\n"   // 5
      "    detach_run(handler)\n");  // 6
  const SkippedRelease skipped = release_skipped_by_early_exit(code.body(), 2);
  EXPECT_EQ(skipped.exit_line, 5u);
  EXPECT_EQ(skipped.release_line, 6u);
  EXPECT_STREQ(skipped.exit, "return");
}

TEST(EarlyExit, AVariableHandedToTheRegisteringCallIsTheOneReleased) {
  const Lowered code = lower(
      "def f(run, stop):\n"
      "    handler = Handler(run)\n"
      "    logger.addHandler(handler)\n"  // 3
      "    if stop():\n"
      "        raise RuntimeError()\n"         // 5
      "    logger.removeHandler(handler)\n");  // 6
  const SkippedRelease skipped = release_skipped_by_early_exit(code.body(), 3);
  EXPECT_EQ(skipped.exit_line, 5u);
  EXPECT_EQ(skipped.release_line, 6u);
  EXPECT_STREQ(skipped.exit, "raise");
}

TEST(EarlyExit, ABreakOfTheLoopAroundTheBlockSkipsIt) {
  const Lowered code = lower(
      "def f(epochs, stopper):\n"
      "    for epoch in epochs:\n"
      "        bar = ProgressBar()\n"  // 3
      "        for step in range(4):\n"
      "            if step > 2:\n"
      "                break\n"  // 6: the inner loop's, which does not leave the block
      "        if stopper.step():\n"
      "            break\n"      // 8
      "        bar.close()\n");  // 9
  const SkippedRelease skipped = release_skipped_by_early_exit(code.body(), 3);
  EXPECT_EQ(skipped.exit_line, 8u);
  EXPECT_EQ(skipped.release_line, 9u);
  EXPECT_STREQ(skipped.exit, "break");
}

TEST(EarlyExit, AFinallyOrAWithReleasingItCoversEveryExit) {
  const Lowered in_finally = lower(
      "def f(run, stop):\n"
      "    handler = attach(run)\n"
      "    try:\n"
      "        if stop():\n"
      "            return 1\n"
      "    finally:\n"
      "        detach(handler)\n"
      "    handler.close()\n");
  EXPECT_EQ(release_skipped_by_early_exit(in_finally.body(), 2).exit_line, 0u);
  const Lowered around = lower(
      "def f(run, stop):\n"
      "    try:\n"
      "        handler = attach(run)\n"
      "        if stop():\n"
      "            return 1\n"
      "        handler.close()\n"
      "    finally:\n"
      "        handler.close()\n");
  EXPECT_EQ(release_skipped_by_early_exit(around.body(), 3).exit_line, 0u);
  const Lowered with_block = lower(
      "def f(run, stop):\n"
      "    bar = Bar()\n"
      "    with bar:\n"
      "        if stop():\n"
      "            return 1\n"
      "    bar.close()\n");
  EXPECT_EQ(release_skipped_by_early_exit(with_block.body(), 2).exit_line, 0u);
}

TEST(EarlyExit, NothingWithoutAReleaseOrAnExitBeforeIt) {
  const Lowered no_release = lower(
      "def f(run, stop):\n"
      "    handler = attach(run)\n"
      "    if stop():\n"
      "        return 1\n"
      "    handler.flush()\n");
  EXPECT_EQ(release_skipped_by_early_exit(no_release.body(), 2).exit_line, 0u);
  const Lowered exit_after = lower(
      "def f(run, stop):\n"
      "    handler = attach(run)\n"
      "    handler.close()\n"
      "    if stop():\n"
      "        return 1\n");
  EXPECT_EQ(release_skipped_by_early_exit(exit_after.body(), 2).exit_line, 0u);
  const Lowered nested_def = lower(
      "def f(run):\n"
      "    handler = attach(run)\n"
      "    def later():\n"
      "        return 1\n"
      "    remove_handler(handler)\n");
  EXPECT_EQ(release_skipped_by_early_exit(nested_def.body(), 2).exit_line, 0u);
}

TEST(EarlyExit, AReturnInATryBodySkipsTheReleaseInItsElse) {
  const Lowered code = lower(
      "def f(trainer, stop):\n"
      "    probe = Probe() if trainer.profile else None\n"
      "    if probe is not None:\n"
      "        probe.install(trainer)\n"  // 4
      "    try:\n"
      "        for epoch in range(3):\n"
      "            if stop(epoch):\n"
      "                return epoch\n"  // 8
      "    except KeyboardInterrupt:\n"
      "        pass\n"
      "    else:\n"
      "        if probe is not None:\n"
      "            probe.remove()\n");  // 13
  EXPECT_EQ(release_skipped_by_early_exit(code.body(), 4).exit_line, 0u)
      << "the receiver counts only when asked";
  const SkippedRelease skipped = release_skipped_by_early_exit(code.body(), 4, true);
  EXPECT_EQ(skipped.exit_line, 8u);
  EXPECT_EQ(skipped.release_line, 13u);
  EXPECT_STREQ(skipped.exit, "return");
}

TEST(EarlyExit, AnExitAfterTheBindingInItsOwnBlockSkipsALaterRelease) {
  const Lowered code = lower(
      "def f(trainer, resume):\n"
      "    probe = Probe()\n"
      "    if trainer.profile:\n"
      "        probe.install(trainer)\n"  // 4
      "        if resume:\n"
      "            return None\n"  // 6
      "    trainer.fit()\n"
      "    probe.remove()\n");  // 8
  const SkippedRelease skipped = release_skipped_by_early_exit(code.body(), 4, true);
  EXPECT_EQ(skipped.exit_line, 6u);
  EXPECT_EQ(skipped.release_line, 8u);
}

TEST(EarlyExit, NestedReleasesReachedOnEveryPathOrOnlyOnErrorsAreNotSkipped) {
  // The exit releases first (the first release after the binding is the one on its way out).
  const Lowered releases_before_leaving = lower(
      "def f(trainer, stop):\n"
      "    probe.install(trainer)\n"
      "    for epoch in range(3):\n"
      "        if stop(epoch):\n"
      "            probe.remove()\n"
      "            return epoch\n"
      "    probe.remove()\n");
  EXPECT_EQ(release_skipped_by_early_exit(releases_before_leaving.body(), 2, true).exit_line, 0u);
  // A `break` of a loop the binding and the release are both inside.
  const Lowered loop = lower(
      "def f(trainers):\n"
      "    for trainer in trainers:\n"
      "        probe.install(trainer)\n"
      "        for step in range(3):\n"
      "            if trainer.done:\n"
      "                break\n"
      "        probe.remove()\n");
  EXPECT_EQ(release_skipped_by_early_exit(loop.body(), 3, true).exit_line, 0u);
  // Released only in an `except`: error handling, not the normal way out.
  const Lowered on_error = lower(
      "def f(trainer, stop):\n"
      "    probe.install(trainer)\n"
      "    try:\n"
      "        if stop():\n"
      "            return None\n"
      "    except RuntimeError:\n"
      "        probe.remove()\n");
  EXPECT_EQ(release_skipped_by_early_exit(on_error.body(), 2, true).exit_line, 0u);
  // Released in a `finally` around the exit.
  const Lowered in_finally = lower(
      "def f(trainer, stop):\n"
      "    probe.install(trainer)\n"
      "    try:\n"
      "        if stop():\n"
      "            return None\n"
      "    finally:\n"
      "        probe.remove()\n");
  EXPECT_EQ(release_skipped_by_early_exit(in_finally.body(), 2, true).exit_line, 0u);
}

TEST(EarlyExit, ReleaseNames) {
  for (const char* name :
       {"close", "detach_run", "removeHandler", "unsubscribe", "_restore", "__exit__", "stop"})
    EXPECT_TRUE(is_release_name(name)) << name;
  for (const char* name : {"flush", "update", "attach", "write", "record"})
    EXPECT_FALSE(is_release_name(name)) << name;
}

}  // namespace
