// CC105 hook-captures-module: a hook registered on a module closes over something that reaches the module.
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {

const RuleDefinition& hook_captures_module() {
  static const RuleDefinition rule{
      {"CC105",
       "hook-captures-module",
       RuleKind::Cycle,
       Severity::Warning,
       "a module hook holds an object that holds the module",
       {"Finds forward, backward and state-dict hooks registered on an `nn.Module` whose hook (a closure, a "
        "bound "
        "method or a partial) keeps an object that in turn reaches the module, while the hook's handle is "
        "never "
        "removed.",
        "The module keeps the hook in its `_forward_hooks` dict, the hook keeps its owner, the owner keeps "
        "the "
        "module: model, activations saved by the hook and the owner stay alive until the cyclic collector "
        "runs "
        "(and through autograd's C++ graph, possibly forever).",
        "class ActivationRecorder:\n    def __init__(self, model, layer):\n        self.model = model\n"
        "        layer.register_forward_hook(self.save)\n",
        "class ActivationRecorder:\n    def __init__(self, model, layer):\n        self.model = model\n"
        "        self.handle = layer.register_forward_hook(self.save)\n    def close(self):\n"
        "        self.handle.remove()  # removing the handle silences the rule\n",
        "A handle that is kept and removed somewhere in the same class is taken as removed, even if that "
        "code never runs; but not one removed after a bare `yield` of the generator that registered it "
        "(a @contextmanager), or after an `__exit__`'s early return for the with block's exception, which an "
        "exception raised in the with block skips. A one-shot hook, which removes its own handle when it "
        "runs, is taken as removed unless it is registered in a loop over modules (a module the forward "
        "never runs keeps its hook)."}},
      [](const CycleWitness& c) { return has_role(c, EdgeRole::ModuleHook); },
      [](const CycleWitness& c) {
        return *find_edge(c, [](const WitnessEdge& e, size_t) { return e.role == EdgeRole::ModuleHook; });
      },
      [](const CycleWitness& c) {
        const WitnessEdge& hook = c.edges[*find_edge(
            c, [](const WitnessEdge& e, size_t) { return e.role == EdgeRole::ModuleHook; })];
        for (const SiteRef& s : hook.chain) {
          const bool at_yield = s.note.ends_with(kRemovalSkippedAtYield);
          if (!at_yield && !s.note.ends_with(kRemovalSkippedInExit)) continue;
          // The note reads "register_forward_hook() registers it; its removal at line 32 is skipped ...".
          std::string removal = s.note.substr(s.note.find("; ") + 2);
          removal[0] = 'I';
          if (!at_yield)
            return removal +
                   ". Remove the handles in `__exit__` before anything returns (or in a `finally`): an "
                   "exception raised in the with block makes it return early and leaves the hook installed.";
          return removal +
                 ". Remove the handles in a `finally` around the `yield` (`try: yield ... finally: "
                 "handle.remove()`): an exception raised in the with block comes back in at the yield and "
                 "skips the code after it, leaving the hook installed.";
        }
        return std::string(
            "Keep the handle returned by register_*_hook and call handle.remove() when done, or "
            "make the hook hold its owner through weakref.ref / weakref.WeakMethod.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
