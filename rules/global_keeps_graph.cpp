// CC208 global-keeps-graph: a tensor with autograd history stored in module-level state.
#include <optional>
#include <set>

#include "rules/event_rule_helpers.hpp"
#include "rules/grad_enabled.hpp"

namespace cyclecheck::rules {

const RuleDefinition& global_keeps_graph() {
  static const RuleDefinition rule{
      {"CC208",
       "global-keeps-graph",
       RuleKind::Retention,
       Severity::Warning,
       "a tensor with autograd history is kept in module-level state",
       {"Finds a tensor with autograd history (a model's output, an op on a parameter, a gradient taken with "
        "`create_graph=True`) stored with autograd on into module-level state: a global, a module-level "
        "dict or object (`_CACHE[shape] = out`, `STATE.prev_grads = flat`, also through a method of a "
        "module-level object), a class attribute, an enum member (`Phase.TRAIN.latest = loss`, also a member "
        "iterated or looked up), or an instance that is a parameter's default "
        "(`def fit(..., stopper=EarlyStopping())`, a dataclass field `last: LastLoss = LastLoss()`): made "
        "once, when the def or class statement runs, and shared by every call that leaves it out. Also an "
        "object holding such a tensor in an attribute whose bound method is registered as a hook on a "
        "module-level model (`module.register_forward_hook(self.hook_fn)` on a submodule of an import-time "
        "teacher), and an in-place write with autograd on into a tensor a module-level object hands out "
        "(`CACHE.slot(key, shape).copy_(pred)`). Accumulations into such state are CC204's.",
        "The stored tensor keeps its whole graph and the activations saved for a backward pass (after a "
        "backward pass, still the graph's nodes): they stay alive until the entry is replaced, and the last "
        "one (with the model it reaches) for the life of the process.",
        "_BIAS_CACHE = {}\n\ndef positional_bias(mlp, h, w):\n    if (h, w) not in _BIAS_CACHE:\n        "
        "_BIAS_CACHE[(h, w)] = mlp(grid(h, w))\n    return _BIAS_CACHE[(h, w)]\n",
        "def positional_bias(mlp, h, w):\n    if (h, w) not in _BIAS_CACHE:\n        with torch.no_grad():\n"
        "            _BIAS_CACHE[(h, w)] = mlp(grid(h, w))\n    return _BIAS_CACHE[(h, w)]\n# or store "
        "out.detach(); a cache that must stay differentiable belongs on the module, not at module level\n",
        "A global slot that a later statement sets back is still reported (a container the module empties, "
        "with `clear()`, `pop()` or `del`, is not), and so is one in a function that "
        "a caller runs under `no_grad` in a way the analysis does not see."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        if (!context.program.uses_torch()) return;
        // Sites where the value accumulates are CC204's (or CC206's).
        const std::set<EventSite> accumulated =
            primary_sites(context, [](const RetentionEvent& e) { return e.kind == EventKind::Accumulate; });
        std::optional<std::set<CodeRef>> enabled;  // computed on the first candidate
        report_events(
            context, rule_info_of("CC208"), out,
            [&](const RetentionEvent& e) {
              // A container the module empties (`_CACHE.clear()` after each step) lets the graphs go.
              if (e.kind != EventKind::StoreIntoGlobal || !e.base_is_global || !e.value_carries_graph ||
                  e.under_no_grad || e.value_is_frame_like || !e.function.valid() ||
                  (e.registry_cleared && !e.base_is_process_slot))
                return false;
              if (accumulated.count(primary_site(e)) != 0) return false;
              if (!enabled) enabled = grad_enabled_functions(context);
              return enabled->count(e.function) != 0;
            },
            [](const RetentionEvent& e) {
              // A container holding such tensors (`self.outputs = self.outputs[1:] + [x0]`).
              const bool container = e.value_label == "list" || e.value_label == "tuple" ||
                                     e.value_label == "dict" || e.value_label == "set";
              const std::string what =
                  !e.graph_attribute.empty()
                      ? "An object ('" + e.value_label + "') holding a tensor with autograd history in '." +
                            e.graph_attribute + "'"
                  : container ? "A " + e.value_label + " holding tensors with autograd history"
                              : "A tensor with autograd history ('" + e.value_label + "')";
              return what + " is kept in the module-level '" + e.base_label +
                     "': its graph and saved activations stay alive until it is replaced, the last one "
                     "for the life of the process.";
            },
            [](const RetentionEvent& e) {
              if (e.base_is_default_instance)
                return std::string(
                    "Store `.detach()` (or `.item()`); or make the default None (a dataclass field: "
                    "`field(default_factory=...)`) and create the object in each call.");
              return std::string(
                  "Store `.detach()` (or `.item()`), or compute it under `torch.no_grad()`; state that must "
                  "stay differentiable belongs on the module, not at module level.");
            },
            true);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
