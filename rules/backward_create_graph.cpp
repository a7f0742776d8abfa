// CC207 backward-create-graph: `loss.backward(create_graph=True)` with nothing resetting the gradients after
// it, so the graph left in every parameter's .grad keeps the parameters, and itself, alive for good.
#include <algorithm>

#include "analyzer/carried_state.hpp"
#include "analyzer/text_util.hpp"
#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {
namespace {

bool is_true(const Expr& e) { return e.kind == ExprKind::Literal && e.text == "True"; }

// A backward call (`loss.backward(...)`, `torch.autograd.backward(...)`, `self.manual_backward(...)`) given
// `create_graph=True`.
bool is_backward_creating_graph(const Expr& e) {
  if (!is_backward_call(e)) return false;
  // arg_names is parallel to children, the callee's slot first.
  for (size_t i = 1; i < e.arg_names.size() && i < e.children.size(); ++i) {
    if (e.arg_names[i] == "create_graph" && is_true(e.children[i])) return true;
  }
  return false;
}

bool names_grad(const Expr& target) { return target.kind == ExprKind::Attribute && target.text == "grad"; }

// Whether `s` lets go of the gradients' graphs: `p.grad = None` (or any new value), `del p.grad`,
// `zero_grad(...)` (torch 1.x detaches the old gradient, 2.x sets it to None), `p.grad.detach_()`,
// `p.grad.requires_grad_(False)`.
bool resets_gradients(const Stmt& s) {
  if (s.kind == StmtKind::Assign || s.kind == StmtKind::Delete) {
    if (std::any_of(s.targets.begin(), s.targets.end(), names_grad)) return true;
  }
  bool resets = false;
  for_each_expr(s.value, [&](const Expr& e) {
    if (e.kind != ExprKind::Call || e.children.empty() || e.children[0].kind != ExprKind::Attribute) return;
    const Expr& callee = e.children[0];
    if (callee.text == "zero_grad") resets = true;
    if ((callee.text == "detach_" || callee.text == "requires_grad_") && !callee.children.empty() &&
        names_grad(callee.children[0]))
      resets = true;
  });
  return resets;
}

// The first `backward(create_graph=True)` of `f` that no later statement of `f` follows with a reset, or
// null. A reset anywhere before it does not count: it frees the previous step's graph, not the last one.
const Stmt* unreset_backward(const Function& f) {
  const Stmt* backward = nullptr;
  for_each_statement(f.body, [&](const Stmt& s) {
    if (backward != nullptr && s.site.line > backward->site.line && resets_gradients(s)) backward = nullptr;
    if (backward != nullptr) return;
    bool found = false;
    for_each_expr(s.value, [&](const Expr& e) { found |= is_backward_creating_graph(e); });
    if (found) backward = &s;
  });
  return backward;
}

bool function_resets_gradients(const Function& f) {
  bool resets = false;
  for_each_statement(f.body, [&](const Stmt& s) { resets |= resets_gradients(s); });
  return resets;
}

// Whether a statement of `f` below line `line` resets the gradients.
bool resets_after(const Function& f, uint32_t line) {
  bool resets = false;
  for_each_statement(f.body, [&](const Stmt& s) { resets |= s.site.line > line && resets_gradients(s); });
  return resets;
}

// The line of the last call in `caller` to a function named `name`, 0 when none is written by that name.
uint32_t last_call_line(const Function& caller, const std::string& name) {
  uint32_t line = 0;
  for_each_statement(caller.body, [&](const Stmt& s) {
    for_each_expr(s.value, [&](const Expr& e) {
      if (e.kind != ExprKind::Call || e.children.empty()) return;
      const Expr& callee = e.children[0];
      if ((callee.kind == ExprKind::Name || callee.kind == ExprKind::Attribute) && callee.text == name)
        line = std::max(line, e.site.line);
    });
  });
  return line;
}

// A caller that resets the gradients after its call lets go of the graph; a reset before it (at the top of
// the training loop) frees the previous step's graph, not the last one. Where the call is not written by
// the function's name, a reset anywhere in the caller counts.
bool caller_resets(const RuleContext& context, CodeRef function) {
  const std::string& name = context.program.function(function).name;
  return std::any_of(context.calls.begin(), context.calls.end(), [&](const CallEdge& call) {
    if (call.callee != function) return false;
    const Function& caller = context.program.function(call.caller);
    const uint32_t line = last_call_line(caller, name);
    return line == 0 ? function_resets_gradients(caller) : resets_after(caller, line);
  });
}

}  // namespace

const RuleDefinition& backward_create_graph() {
  static const RuleDefinition rule{
      {"CC207",
       "backward-create-graph",
       RuleKind::Retention,
       Severity::Error,
       "backward(create_graph=True) with nothing resetting the gradients after it",
       {"Finds `loss.backward(create_graph=True)` (also `torch.autograd.backward`, `manual_backward` and "
        "`accelerator.backward` with `create_graph=True`) when no later statement of the function, and "
        "nothing in a function that calls it, resets the gradients: `p.grad = None`, `del p.grad`, "
        "`zero_grad()`, `p.grad.detach_()`. Also `p.grad = g` with autograd on, for a `g` that carries "
        "a graph (`torch.autograd.grad(..., create_graph=...)`), under the same condition.",
        "With `create_graph=True` each parameter's `.grad` is a tensor with a graph, and that graph reaches "
        "the parameter again through its AccumulateGrad node: a reference cycle through autograd's C++ "
        "objects, which Python's collector cannot see. The parameters (with their gradients) and the last "
        "step's graph are never freed, even after every reference to the model is gone (PyTorch warns "
        "about this leak). A `zero_grad()` before the next backward frees the previous graph; the last one "
        "stays.",
        "for x, y in loader:\n    opt.zero_grad()\n    loss = loss_fn(model(x), y)\n    "
        "loss.backward(create_graph=True)\n    penalty = sum(p.grad.pow(2).sum() for p in "
        "model.parameters())\n    penalty.backward()\n    opt.step()\n",
        "for x, y in loader:\n    opt.zero_grad()\n    loss = loss_fn(model(x), y)\n    grads = "
        "torch.autograd.grad(loss, model.parameters(), create_graph=True)\n    (loss + sum(g.pow(2).sum() "
        "for g in grads)).backward()\n    opt.step()\n# or, keeping backward(create_graph=True): "
        "opt.zero_grad(set_to_none=True) after opt.step()\n",
        "For `backward`, only the literal `create_graph=True` is recognised; a flag passed in a variable is "
        "not (for `torch.autograd.grad` it is taken to be on). A reset in a method a framework calls "
        "afterwards (not a project function calling this one) is not seen."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        const Program& program = context.program;
        for (size_t m = 0; m < program.modules().size(); ++m) {
          // Most modules never call backward: skipped without walking their statements.
          if (!program.module_references(static_cast<int32_t>(m), "backward") &&
              !program.module_references(static_cast<int32_t>(m), "manual_backward"))
            continue;
          const ModuleFacts& facts = program.module(static_cast<int32_t>(m));
          for (size_t fi = 0; fi < facts.functions.size(); ++fi) {
            const Function& f = facts.functions[fi];
            const Stmt* backward = unreset_backward(f);
            if (backward == nullptr) continue;
            const CodeRef self{static_cast<int32_t>(m), static_cast<int32_t>(fi)};
            if (caller_resets(context, self)) continue;
            Diagnostic diag;
            diag.code = "CC207";
            diag.rule_name = "backward-create-graph";
            diag.severity = Severity::Error;
            diag.range = to_range(program, SiteRef{self.module, backward->site, {}});
            diag.message =
                "backward(create_graph=True) leaves a graph in every parameter's .grad that refers back "
                "to the parameter, a cycle through autograd that the collector cannot free, and nothing "
                "resets the gradients after it: the parameters and the last graph are never freed, "
                "even once the model is gone.";
            diag.fix =
                "Take the gradients with torch.autograd.grad(loss, params, create_graph=True) instead, "
                "or set them to None after the step (optimizer.zero_grad(set_to_none=True), "
                "p.grad = None).";
            diag.fingerprint = hex64_of(diag.code + "|" + facts.path + "|" + f.qualname);
            out.push_back(std::move(diag));
          }
        }
        // `p.grad = g` with `g` from torch.autograd.grad(..., create_graph=...): the same graph, by hand.
        report_events(
            context, rule_info_of("CC207"), out,
            [&](const RetentionEvent& e) {
              if (e.kind != EventKind::GraphIntoGrad || !e.origin.valid()) return false;
              const SiteRef& store = e.chain.back();
              return !resets_after(program.function(e.origin), store.site.line) &&
                     !caller_resets(context, e.origin);
            },
            [](const RetentionEvent& e) {
              // An operator's result is only "value": the store's target says more.
              const std::string named = e.value_label == "value" ? "" : " ('" + e.value_label + "')";
              return "A gradient with autograd history" + named + " is stored in '" + e.base_label +
                     "': its graph refers back to the parameter, a cycle through autograd that the collector "
                     "cannot free, and nothing resets the gradients after it: the parameters and the last "
                     "graph are never freed, even once the model is gone.";
            },
            [](const RetentionEvent&) {
              return std::string(
                  "Take the gradients without create_graph for the optimizer (or assign g.detach()), or set "
                  "them to None after the step (optimizer.zero_grad(set_to_none=True), p.grad = None).");
            },
            false);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
