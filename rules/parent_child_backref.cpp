// CC103 parent-child-backref: a child object points back at the object that owns it.
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {
namespace {

bool is_backref_name(const std::string& field) {
  static const std::array<const char*, 12> names = {"parent", "owner", "learner",   "trainer",
                                                    "model",  "root",  "container", "manager",
                                                    "master", "host",  "outer",     "_parent"};
  for (const char* n : names) {
    if (field.find(n) != std::string::npos) return true;
  }
  return false;
}

// Neighbours in a doubly linked list (`a._next = b; b._prev = a`) are peers, not parent and child: when
// every link of the cycle is named like a sibling link, the ring rule (CC102) reports it.
bool is_sibling_link_name(const std::string& field) {
  static const std::array<const char*, 9> names = {"prev", "next", "left",  "right", "sibling",
                                                   "succ", "pred", "older", "newer"};
  std::string lower;
  for (char ch : field) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (const char* n : names) {
    if (lower.find(n) != std::string::npos) return true;
  }
  return false;
}

bool links_siblings(const CycleWitness& c) {
  for (const WitnessEdge& e : c.edges) {
    if (!is_sibling_link_name(e.field)) return false;
  }
  return !c.edges.empty();
}

bool contains(const Site& outer, const Site& inner) {
  auto before = [](uint32_t line_a, uint32_t column_a, uint32_t line_b, uint32_t column_b) {
    return line_a < line_b || (line_a == line_b && column_a <= column_b);
  };
  return before(outer.line, outer.column, inner.line, inner.column) &&
         before(inner.end_line, inner.end_column, outer.end_line, outer.end_column);
}

// `owner.window = Window(owner)`: the edge stores an object created by the storing statement itself, so
// its source made the target and owns it.
bool stores_object_it_creates(const CycleWitness& c, size_t edge) {
  const WitnessNode& target = c.nodes[(edge + 1) % c.nodes.size()];
  const std::vector<SiteRef>& chain = c.edges[edge].chain;
  if ((target.kind != NodeKind::Instance && target.kind != NodeKind::LibraryObject) || target.is_receiver ||
      chain.empty())
    return false;
  const SiteRef& store = chain.back();
  return target.site.module == store.module && target.site.site.line != 0 &&
         contains(store.site, target.site.site);
}

// The back edge: the one entering the object that owns a container of children, else the one leaving a
// child its parent created, else one named like a back reference, else the one that returns to the root.
size_t back_edge(const CycleWitness& c) {
  const size_t n = c.nodes.size();
  for (size_t i = 0; i < n; ++i) {
    const size_t target = (i + 1) % n;
    const size_t after = (i + 2) % n;
    // `parent.children[] -> child.parent`; not `owner.log = Adapter(log, {"owner": owner})`, where the
    // owner made the object right there, and the container under it names the owner.
    // Not an edge into a slot of a container its source owns (`model._modules[]` after `add_module`): its
    // source is the parent.
    if (!is_container_node(c, i) && !is_container_node(c, target) && is_container_node(c, after) &&
        !stores_object_it_creates(c, i) && !c.edges[i].field.ends_with("[]")) {
      return i;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    if (!stores_object_it_creates(c, i)) continue;
    // The child's reference may go through a container it was given (`extra={"trainer": self}`): the slot
    // that holds the parent is the reference to drop.
    size_t back = (i + 1) % n;
    while (is_container_node(c, (back + 1) % n) && (back + 1) % n != i) back = (back + 1) % n;
    return back;
  }
  if (auto named = find_edge(c, [](const WitnessEdge& e, size_t) { return is_backref_name(e.field); })) {
    return *named;
  }
  return edge_into_root(c);
}

}  // namespace

const RuleDefinition& parent_child_backref() {
  static const RuleDefinition rule{
      {"CC103",
       "parent-child-backref",
       RuleKind::Cycle,
       Severity::Warning,
       "a child keeps a strong reference back to its parent",
       {"Finds two objects that own each other: a parent that keeps a child (directly or in a list or dict) "
        "and "
        "a child that keeps its parent (`child.parent = self`, a callback with `self.learner = learner`).",
        "Parent and child are freed only by the cyclic collector, together with everything either holds: a "
        "trainer with its model, a batch with its tensors.",
        "class Learner:\n    def __init__(self, callbacks):\n        self.callbacks = list(callbacks)\n"
        "        for cb in self.callbacks:\n            cb.learner = self\n",
        "class Callback:\n    def attach(self, learner):\n        self.learner_ref = weakref.ref(learner)\n"
        "    @property\n    def learner(self):\n        return self.learner_ref()\n",
        "A back reference that is cleared when the parent is closed (an explicit `detach()`) is still "
        "reported."}},
      [](const CycleWitness& c) { return object_count(c) == 2 && !links_siblings(c); },
      [](const CycleWitness& c) { return back_edge(c); },
      [](const CycleWitness& c) {
        return "Keep the back reference '" + reference_name(c, back_edge(c)) +
               "' as a weakref.ref (or weakref.proxy) so the parent owns the child but not the reverse.";
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
