// CC112 tensor-attribute-cycle: a tensor's attribute holds a view of it or a value whose graph ends in it.
#include <algorithm>

#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {
namespace {

// The store into the tensor's attribute: the edge out of the tensor the C++ reference leads back to.
size_t attribute_store(const CycleWitness& c) {
  const size_t n = c.edges.size();
  for (size_t i = 0; i < n; ++i) {
    if (c.edges[i].role == EdgeRole::TensorBase && c.edges[(i + 1) % n].role != EdgeRole::TensorBase)
      return (i + 1) % n;
  }
  return edge_into_root(c);
}

}  // namespace

const RuleDefinition& tensor_attribute_cycle() {
  static const RuleDefinition rule{
      {"CC112",
       "tensor-attribute-cycle",
       RuleKind::Cycle,
       Severity::Warning,
       "a tensor's attribute holds a view of it or a value computed from it with autograd",
       {"Finds `t.attr = value` where `value` is a view of `t` (`buf.slices = buf.unbind(0)`), or was "
        "computed from `t`, a parameter or another tensor that requires grad, with autograd on "
        "(`p.c_local = c_local - p * lr`).",
        "A view keeps its base tensor, and the graph of a value computed from a leaf ends in the leaf's "
        "AccumulateGrad node, which keeps the leaf. Both references are in C++, where Python's collector "
        "cannot see them: the tensor, its attribute and the whole graph stay allocated for the rest of the "
        "process, and a value recomputed from the previous one each step chains every step's graph.",
        "for p in model.parameters():\n    p.c_local = p.c_local - p.c_global + (global_p - p) * scale\n",
        "with torch.no_grad():\n    for p in model.parameters():\n        p.c_local = p.c_local - "
        "p.c_global + (global_p - p) * scale\n# or: p.c_local = new_value.detach(), or keep it in a dict "
        "keyed by the parameter's name\n",
        "A tensor that is not a leaf is flagged only for views: whether autograd saved it in the value's "
        "graph depends on the operations, which are not followed."}},
      [](const CycleWitness& c) { return has_role(c, EdgeRole::TensorBase); },
      [](const CycleWitness& c) { return attribute_store(c); },
      [](const CycleWitness& c) {
        const bool view = std::any_of(c.edges.begin(), c.edges.end(), [](const WitnessEdge& e) {
          return e.role == EdgeRole::TensorBase && e.field == "._base";
        });
        if (view)
          return std::string(
              "Keep the views off the tensor (on its owner, or recompute them where they are used), or store "
              "copies (`.clone()`) that do not share its base.");
        return std::string(
            "Compute the value under torch.no_grad() or store it detached (`.detach()`), or keep it in a "
            "dict "
            "keyed by the parameter's name instead of on the tensor.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
