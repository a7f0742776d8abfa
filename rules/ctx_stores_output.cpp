// CC109 ctx-stores-output: a custom autograd Function keeps its output on ctx.
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {

const RuleDefinition& ctx_stores_output() {
  static const RuleDefinition rule{
      {"CC109",
       "ctx-stores-output",
       RuleKind::Cycle,
       Severity::Warning,
       "a custom autograd Function's ctx holds its output",
       {"Finds `ctx.attr = out` in the `forward` of a `torch.autograd.Function` subclass where `out` is "
        "(part of) what forward returns, and `ctx.attr = obj` where `obj` keeps the output of `Fn.apply` "
        "(a module passed to the Function that caches the result: `self.last = Fn.apply(x, self)`).",
        "The output's grad_fn is the node that owns ctx, and ctx now owns the output: a reference cycle "
        "through "
        "autograd's C++ graph that Python's collector cannot free. Every call leaks the output and its "
        "graph.",
        "class Clip(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        out = "
        "x.clamp(0, 1)\n        ctx.out = out\n        return out\n",
        "    @staticmethod\n    def forward(ctx, x):\n        out = x.clamp(0, 1)\n        "
        "ctx.save_for_backward(out)  # saved without the cycle\n        return out\n",
        "Only outputs returned directly (or in a returned tuple) are recognised."}},
      [](const CycleWitness& c) { return has_role(c, EdgeRole::GradFn); },
      [](const CycleWitness& c) {
        const size_t n = c.nodes.size();
        for (size_t i = 0; i < n; ++i) {
          if (c.nodes[i].is_ctx && c.edges[i].role != EdgeRole::GradFn) return i;
        }
        return edge_into_root(c);
      },
      [](const CycleWitness& c) {
        const size_t n = c.nodes.size();
        for (size_t i = 0; i < n; ++i) {
          // ctx -> object -> ... : ctx keeps something that keeps the output, not the output itself.
          if (c.nodes[i].is_ctx && c.edges[i].role != EdgeRole::GradFn &&
              c.edges[(i + 1) % n].role != EdgeRole::GradFn)
            return std::string(
                "Keep on ctx only what backward needs (numbers, tensors through ctx.save_for_backward), "
                "not an object that holds the output, or have that object keep the output detached "
                "(out.detach()).");
        }
        return std::string("Use ctx.save_for_backward(out) in forward and ctx.saved_tensors in backward.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
