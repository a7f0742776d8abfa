// CC110 generator-holds-owner: a generator or coroutine made from a method (or from a function given the
// object) is kept by that object.
#include <algorithm>

#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {
namespace {

size_t keeping_edge(const CycleWitness& c) {
  // The store that keeps the generator (self.batches = self._batches()): the edge into the node whose
  // suspended frame leads back.
  const size_t n = c.nodes.size();
  for (size_t i = 0; i < n; ++i) {
    if (c.edges[i].role != EdgeRole::Generator && c.edges[(i + 1) % n].role == EdgeRole::Generator) return i;
  }
  return edge_into_root(c);
}

}  // namespace

const RuleDefinition& generator_holds_owner() {
  static const RuleDefinition rule{
      {"CC110",
       "generator-holds-owner",
       RuleKind::Cycle,
       Severity::Warning,
       "a generator or coroutine whose frame holds an object is stored on that object",
       {"Finds a generator created from a method (`self.batches = self._batches()`), or from a function "
        "given the object, and kept on that object or on something it owns. Calling an `async def` without "
        "awaiting it makes a coroutine (an async generator when it yields), found the same way "
        "(`self.next_batch = self._fetch()`). So is a generator expression that reads the object "
        "(`self.stream = (self._prepare(b) for b in self.loader)`), unless it is drained where it is made "
        "(`list(...)`, `sum(...)`).",
        "A generator's or coroutine's suspended frame keeps every argument it was called with, `self` "
        "included, until it is exhausted, run to its end or closed. Kept on `self`, it makes a cycle: the "
        "object, its model and the batch the "
        "generator is paused on stay alive until the cyclic collector runs.",
        "class Loader:\n    def __init__(self, data):\n        self.data = data\n        self.batches = "
        "self._batches()\n\n    def _batches(self):\n        for x in self.data:\n            yield x\n",
        "class Loader:\n    def __init__(self, data):\n        self.data = data\n        self.batches = "
        "_batches(data)  # the frame keeps the data, not self\n\n\ndef _batches(data):\n    for x in "
        "data:\n        yield x\n",
        "The generator or coroutine is assumed alive where it is stored, unless the same function runs it "
        "to its end in a `for` loop without `break` or `return`, or the class closes it (`close()`, or "
        "`__exit__` of a @contextmanager object) where that call survives a close of its own caller at a "
        "yield. A coroutine awaited where it is created (`x = await self._fetch()`) is not kept: the call "
        "gives its return value. An async generator made outside `__init__` is taken to be closed by the "
        "event loop that iterated it (`asyncio.run()` shuts them down), unless the project runs loops by "
        "hand without `shutdown_asyncgens()`. A generator expression's `if` conditions are not read."}},
      // A cycle through an exception's traceback to the frame (a task keeping the exception its coroutine
      // ended with) is CC107's.
      [](const CycleWitness& c) {
        return has_role(c, EdgeRole::Generator) &&
               std::none_of(c.nodes.begin(), c.nodes.end(), [](const WitnessNode& node) {
                 return node.kind == NodeKind::Exception || node.kind == NodeKind::Traceback;
               });
      },
      keeping_edge,
      [](const CycleWitness&) {
        return std::string(
            "Give the generator the data it needs instead of the object (a function or staticmethod), "
            "or create it where it is consumed (await a coroutine where it is made); close it (gen.close()) "
            "when it is kept.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
