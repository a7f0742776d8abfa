#include "rules/grad_enabled.hpp"

#include <algorithm>
#include <deque>
#include <string>

namespace cyclecheck::rules {
namespace {

// Methods Lightning's evaluation loops call under no_grad or inference_mode: their callers are not in the
// project, and autograd is off there. (The Hugging Face Trainer's `prediction_step` turns it off inside its
// own body, so an override that does not leaks.)
bool is_framework_no_grad_hook(const std::string& name) {
  static const std::set<std::string, std::less<>> hooks = {
      "validation_step",         "test_step",         "predict_step",
      "on_validation_batch_end", "on_test_batch_end", "on_predict_batch_end",
      "validation_epoch_end",    "test_epoch_end",    "predict_epoch_end",
      "on_validation_epoch_end", "on_test_epoch_end", "on_predict_epoch_end",
  };
  return hooks.count(name) != 0;
}

}  // namespace

std::set<CodeRef> grad_enabled_functions(const RuleContext& context) {
  std::set<CodeRef> called;
  for (const CallEdge& edge : context.calls) called.insert(edge.callee);
  std::set<CodeRef> enabled;
  std::deque<CodeRef> queue;
  for (size_t m = 0; m < context.program.modules().size(); ++m) {
    const ModuleFacts& facts = context.program.module(static_cast<int32_t>(m));
    for (size_t f = 0; f < facts.functions.size(); ++f) {
      const CodeRef ref{static_cast<int32_t>(m), static_cast<int32_t>(f)};
      const std::string& name = facts.functions[f].name;
      if (called.count(ref) != 0 || is_framework_no_grad_hook(name) ||
          std::binary_search(context.names_called_under_no_grad.begin(),
                             context.names_called_under_no_grad.end(), name))
        continue;
      enabled.insert(ref);
      queue.push_back(ref);
    }
  }
  // Calls are sorted by caller: each caller's calls are one range.
  while (!queue.empty()) {
    const CodeRef caller = queue.front();
    queue.pop_front();
    auto it = std::lower_bound(context.calls.begin(), context.calls.end(), CallEdge{caller, {}, false});
    for (; it != context.calls.end() && it->caller == caller; ++it) {
      if (!it->under_no_grad && enabled.insert(it->callee).second) queue.push_back(it->callee);
    }
  }
  return enabled;
}

}  // namespace cyclecheck::rules
