// CC102 object-ring: three or more objects linked in a ring.
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {

const RuleDefinition& object_ring() {
  static const RuleDefinition rule{
      {"CC102",
       "object-ring",
       RuleKind::Cycle,
       Severity::Warning,
       "objects linked in a ring",
       {"Finds objects that reference each other in a ring: a -> b -> c -> a, created by attribute or "
        "container "
        "stores the program always performs together.",
        "None of them is freed by reference counting once the ring is unreachable; all of them wait for the "
        "cyclic collector.",
        "a, b, c = Link(), Link(), Link()\na.next_link = b\nb.next_link = c\nc.next_link = a\n",
        "c.next_link = weakref.ref(a)  # the closing link is weak\n",
        "Rings that are broken explicitly before they become garbage are still reported."}},
      [](const CycleWitness&) { return true; },
      [](const CycleWitness& c) { return edge_into_root(c); },
      [](const CycleWitness&) {
        return std::string(
            "Make the closing link a weakref.ref, or unlink the objects when they are dropped.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
