// CC109 ctx-stores-output: a custom autograd Function keeps its output on ctx.
#include <algorithm>

#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {
namespace {

// The edge out of ctx (the store `ctx.attr = ...`), not the output's grad_fn edge into it.
std::optional<size_t> ctx_store(const CycleWitness& c) {
  return find_edge(
      c, [&](const WitnessEdge& e, size_t i) { return c.nodes[i].is_ctx && e.role != EdgeRole::GradFn; });
}

}  // namespace

const RuleDefinition& ctx_stores_output() {
  static const RuleDefinition rule{
      {"CC109",
       "ctx-stores-output",
       RuleKind::Cycle,
       Severity::Warning,
       "a custom autograd Function's ctx holds its output",
       {"Finds `ctx.attr = out` in the `forward` of a `torch.autograd.Function` subclass where `out` is "
        "(part of) what forward returns, and `ctx.attr = obj` where `obj` keeps the output of `Fn.apply` "
        "(a module passed to the Function that caches the result: `self.last = Fn.apply(x, self)`), and "
        "`ctx.attr = ctx.saved_tensors` in `backward` when forward saved its own output.",
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
      [](const CycleWitness& c) { return ctx_store(c).value_or(edge_into_root(c)); },
      [](const CycleWitness& c) {
        // backward caching what forward saved: the saved output comes back with its grad_fn.
        if (std::any_of(c.nodes.begin(), c.nodes.end(),
                        [](const WitnessNode& n) { return n.label == "ctx.saved_tensors"; }))
          return std::string(
              "Unpack ctx.saved_tensors into local variables in each backward call instead of keeping it on "
              "ctx.");
        // ctx -> object -> ... : ctx keeps something that keeps the output, not the output itself.
        const std::optional<size_t> store = ctx_store(c);
        if (store && c.edges[(*store + 1) % c.edges.size()].role != EdgeRole::GradFn)
          return std::string(
              "Keep on ctx only what backward needs (numbers, tensors through ctx.save_for_backward), not an "
              "object that holds the output, or have that object keep the output detached (out.detach()).");
        return std::string("Use ctx.save_for_backward(out) in forward and ctx.saved_tensors in backward.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
