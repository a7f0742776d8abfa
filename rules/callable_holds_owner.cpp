// CC104 callable-holds-owner: a bound method, lambda, closure or partial that holds an object is stored
// on that object (or on something it owns).
#include <algorithm>

#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {
namespace {

size_t capture_edge(const CycleWitness& c) {
  // The capture itself (__self__, the closure cell, the partial's argument) is where the owner comes back.
  if (auto e = find_edge(c, [](const WitnessEdge& e, size_t) {
        return e.role == EdgeRole::Capture && e.field != "contents";
      })) {
    return *e;
  }
  if (auto e = find_edge(c, [](const WitnessEdge& e, size_t) { return e.role == EdgeRole::Callback; }))
    return *e;
  return edge_into_root(c);
}

}  // namespace

const RuleDefinition& callable_holds_owner() {
  static const RuleDefinition rule{
      {"CC104",
       "callable-holds-owner",
       RuleKind::Cycle,
       Severity::Warning,
       "a callable that holds its owner is stored on it",
       {"Finds bound methods (`self.cb = self.on_step`), lambdas and closures that refer to `self`, and "
        "`functools.partial(f, self)`, stored on the same object or on something it owns (a scheduler, a "
        "sampler, a dict of activations, an optimizer's defaults, a `saved_tensors_hooks` kept for later, an "
        "`ExitStack` of callbacks no teardown method closes, an asyncio server started with the object's "
        "own callback, a cached property returning one of the object's own methods), "
        "and a weak reference to the object whose callback reaches it (`weakref.ref(self, self.flush)`: the "
        "reference keeps its callback, which then never runs). Also torch 1.13's "
        "`parametrize.register_parametrization(module, "
        "...)` when the project never calls `remove_parametrizations`: the class it makes for the module "
        "has a property whose getter closes over the module.",
        "A bound method keeps its object in `__self__`, a closure keeps the variables it reads: storing one "
        "on its "
        "own object makes a cycle, so the object (a model, a trainer with its optimizer state) survives "
        "until the "
        "cyclic collector runs.",
        "class Trainer:\n    def __init__(self, opt):\n        self.sched = LambdaLR(opt, lambda s: min(1.0, "
        "s / "
        "self.warmup))\n",
        "class Trainer:\n    def __init__(self, opt):\n        warmup = self.warmup  # capture the value, "
        "not self\n"
        "        self.sched = LambdaLR(opt, lambda s: min(1.0, s / warmup))\n"
        "# or keep the method weakly: self._fn = weakref.WeakMethod(self.fn)\n"
        "# or let go of it when done, in a method the callers run: def close(self): self.sched = None\n",
        "A library call that keeps its callable argument is assumed for unknown classes; if it does not, the "
        "finding is a false positive: suppress it with `# cyclecheck: ignore[CC104]`."}},
      [](const CycleWitness& c) {
        return has_role(c, EdgeRole::Capture) || has_role(c, EdgeRole::Callback) ||
               has_node(c, NodeKind::BoundMethod) || has_node(c, NodeKind::Partial);
      },
      capture_edge,
      [](const CycleWitness& c) {
        const WitnessEdge& e = c.edges[capture_edge(c)];
        // torch's own closure (see Context::parametrize): nothing in the project's code to change but its
        // lifetime.
        if (std::any_of(c.nodes.begin(), c.nodes.end(), [](const WitnessNode& n) {
              return n.label.find("register_parametrization()") != std::string::npos;
            })) {
          return std::string(
              "torch 1.13's parametrized class keeps the module through its property: call "
              "parametrize.remove_parametrizations(module, name, leave_parametrized=True) when the module is "
              "done (before export, or at the end of each run).");
        }
        if (e.field == ".__self__") {
          return std::string(
              "Store a weakref.WeakMethod of the method, or pass a plain function that takes the "
              "object as an argument.");
        }
        if (e.field.rfind("cell ", 0) == 0) {
          return "The closure reads '" + e.field.substr(5) +
                 "': copy the values it needs into local variables before defining it, or hold the object "
                 "through weakref.ref.";
        }
        return std::string(
            "Pass a weakref.proxy of the object instead, or avoid keeping the callable on it.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
