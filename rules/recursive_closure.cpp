// CC106 recursive-closure: a nested function that refers to itself.
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {

const RuleDefinition& recursive_closure() {
  static const RuleDefinition rule{
      {"CC106",
       "recursive-closure",
       RuleKind::Cycle,
       Severity::Warning,
       "a nested function refers to itself",
       {"Finds a function defined inside another function that calls itself by name (or otherwise reads its "
        "own "
        "name).",
        "The function object keeps the closure cell of its own name, and the cell keeps the function: a "
        "cycle "
        "that also keeps every other variable the closure reads (the model, the state dict) until the cyclic "
        "collector runs.",
        "def load_matching(model, state_dict):\n    def load(module, prefix=''):\n        for name, child in "
        "module.named_children():\n            load(child, prefix + name + '.')\n    load(model)\n",
        "def _load(module, state_dict, prefix=''):  # module level: no closure\n    for name, child in "
        "module.named_children():\n        _load(child, state_dict, prefix + name + '.')\n",
        "A closure deleted before its enclosing function returns (`del load`) is still reported."}},
      [](const CycleWitness& c) {
        for (const auto& n : c.nodes) {
          if (n.kind != NodeKind::Function && n.kind != NodeKind::Cell) return false;
        }
        return has_role(c, EdgeRole::Capture);
      },
      [](const CycleWitness& c) {
        auto e = find_edge(c, [](const WitnessEdge& e, size_t) { return e.field.rfind("cell ", 0) == 0; });
        return e ? *e : edge_into_root(c);
      },
      [](const CycleWitness&) {
        return std::string(
            "Move the recursive function to module level and pass what it needs as arguments, "
            "or `del` it before the enclosing function returns.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
