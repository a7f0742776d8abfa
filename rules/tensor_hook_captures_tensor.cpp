// CC108 tensor-hook-captures-tensor: an autograd hook holds the object that holds the tensor.
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {

const RuleDefinition& tensor_hook_captures_tensor() {
  static const RuleDefinition rule{
      {"CC108",
       "tensor-hook-captures-tensor",
       RuleKind::Cycle,
       Severity::Warning,
       "an autograd hook holds what holds its tensor",
       {"Finds `tensor.register_hook(fn)` and `tensor.grad_fn.register_hook(fn)` where the hook (closure, "
        "bound "
        "method or partial) keeps an object that keeps the tensor.",
        "The hook lives in autograd's C++ graph, which Python's collector cannot traverse: the cycle through "
        "it is "
        "never collected, so the tensor, its graph and the owner leak for the rest of the process.",
        "cache = torch.linalg.solve(k, y)\ncache.grad_fn.register_hook(functools.partial(clear, self))\n"
        "self.mean_cache = cache\n",
        "owner = weakref.ref(self)\ncache.grad_fn.register_hook(lambda *g: clear(owner()))\n"
        "# or keep the handle and remove it: handle.remove()\n",
        "A hook removed through its handle elsewhere in the class is taken as removed. A removal that runs "
        "only before the function's own registrations (`for h in self.handles: h.remove()` at the top of a "
        "method that registers new hooks) takes down the previous call's hooks, not the last ones: it does "
        "not count."}},
      [](const CycleWitness& c) { return has_role(c, EdgeRole::TensorHook); },
      [](const CycleWitness& c) {
        return *find_edge(c, [](const WitnessEdge& e, size_t) { return e.role == EdgeRole::TensorHook; });
      },
      [](const CycleWitness&) {
        return std::string(
            "Let the hook reach its owner through weakref.ref, or remove it with the handle "
            "register_hook returns.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
