// CC101 self-reference: an object that refers to itself.
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {

const RuleDefinition& self_reference() {
  static const RuleDefinition rule{
      {"CC101",
       "self-reference",
       RuleKind::Cycle,
       Severity::Warning,
       "an object refers to itself",
       {"Finds an object stored in one of its own attributes or containers: `x.f = x`, `lst.append(lst)`, "
        "`self.cache[self] = v`; and a class made with `type(name, bases, namespace)` on every call of a "
        "function that does not return it (a class refers to itself through its `__mro__`). A loop over "
        "a list that links every element to an element of the same list (`for p in peers: "
        "p.out.append(peers[(p.rank + 1) % n])`, `node.root = nodes[0]`) is one too: its elements are one "
        "abstract object, and a finite set of objects each linking to one of the set always holds a ring.",
        "The object can never be freed by reference counting; it waits for the cyclic garbage collector, "
        "with "
        "everything it holds.",
        "class Node:\n    def __init__(self):\n        self.me = self\n",
        "class Node:\n    def __init__(self):\n        self.me = weakref.proxy(self)  # or do not keep it at "
        "all\n",
        "A self-reference through a field that is reset before the object is dropped is still reported."}},
      [](const CycleWitness& c) { return object_count(c) <= 1; },
      [](const CycleWitness& c) { return edge_into_root(c); },
      [](const CycleWitness& c) {
        if (!c.edges.empty() && c.edges[0].field == ".__mro__")
          return std::string(
              "Create the class once and reuse it (a module-level class, or a dict of the classes "
              "made so far keyed by their bases): every class refers to itself, so each one made "
              "per call is cyclic garbage once dropped.");
        return std::string("Store a weakref.ref/weakref.proxy instead, or drop the reference when done.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
