// Which assignments in a loop feed one step's state into the next (analyzer/carried_state.hpp): the syntax
// half of CC204's carried-state finding, apart from whether the call makes a graph.
#include "analyzer/carried_state.hpp"

#include <gtest/gtest.h>

#include <string>

#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

// Lowers `loop` (a module-level `for` or `while` statement) and asks about its first statement.
std::string carried_in(const std::string& loop) {
  const SourceText source{"loop.py", "loop", false, loop};
  const auto facts = lower_module(source);
  EXPECT_TRUE(facts->file_diagnostics.empty()) << loop;
  const std::vector<Stmt>& body = facts->functions.at(0).body;
  if (body.empty() || body[0].body.empty()) return "<no loop body>";
  return state_carried_across_steps(body[0].body[0], body[0]);
}

TEST(CarriedState, StateFedBackIntoItsCallInALoopThatBackPropagates) {
  EXPECT_EQ(carried_in("for x in xs:\n    out, h = rnn(x, h)\n    out.sum().backward()\n"), "h");
  EXPECT_EQ(carried_in("for x in xs:\n    out, (h, c) = lstm(x, (h, c))\n    loss.backward()\n"), "h");
  EXPECT_EQ(carried_in("for x in xs:\n    h = cell(x, hx=h)\n    accelerator.backward(loss)\n"), "h");
  EXPECT_EQ(carried_in("while True:\n    h = cell(x, h)\n    torch.autograd.backward(h.sum())\n"), "h");
  // Each variable on its own: `h` is detached each step, `c` is not.
  EXPECT_EQ(carried_in("for x in xs:\n    h, c = cell(x, (h, c))\n    loss.backward()\n    h = h.detach()\n"),
            "c");
  // backward() in a nested block of the loop still makes it a step loop (gradient accumulation).
  EXPECT_EQ(carried_in("for x in xs:\n    h = cell(x, h)\n    for m in ms:\n        m.backward()\n"), "h");
}

TEST(CarriedState, NotWhenTheStateIsCutOrTheLoopKeepsNoSteps) {
  // No backward() in the loop: one forward pass's layers, a rollout, evaluation.
  EXPECT_EQ(carried_in("for layer in layers:\n    x = layer(x)\n"), "");
  // Detached (or made again) elsewhere in the loop, in place, or by a helper handed the state.
  EXPECT_EQ(carried_in("for x in xs:\n    out, h = rnn(x, h)\n    loss.backward()\n    h = h.detach()\n"),
            "");
  EXPECT_EQ(carried_in("for x in xs:\n    out, h = rnn(x, h)\n    loss.backward()\n    h.detach_()\n"), "");
  EXPECT_EQ(carried_in("for x in xs:\n    out, h = rnn(x, h)\n    loss.backward()\n    reset(h)\n"), "");
  EXPECT_EQ(carried_in("for h in hs:\n    out, h = rnn(x, h)\n    loss.backward()\n"), "");
  // Not the variable itself: a part of it, or a new value made from it.
  EXPECT_EQ(carried_in("for x in xs:\n    out, h = rnn(x, h[0])\n    loss.backward()\n"), "");
  EXPECT_EQ(carried_in("for x in xs:\n    out, h = rnn(x, h.detach())\n    loss.backward()\n"), "");
  // Not a call, or a call that is not handed what it binds.
  EXPECT_EQ(carried_in("for x in xs:\n    h = h + x\n    loss.backward()\n"), "");
  EXPECT_EQ(carried_in("for x in xs:\n    out, h = rnn(x)\n    loss.backward()\n"), "");
}

}  // namespace
