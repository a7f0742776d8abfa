// CC204 loss-accumulates-graph: graph-attached tensors accumulated across loop iterations.
#include <algorithm>
#include <optional>
#include <set>

#include "rules/event_rule_helpers.hpp"
#include "rules/grad_enabled.hpp"

namespace cyclecheck::rules {

const RuleDefinition& loss_accumulates_graph() {
  static const RuleDefinition rule{
      {"CC204",
       "loss-accumulates-graph",
       RuleKind::Retention,
       Severity::Warning,
       "a loss (or another tensor with autograd history) is accumulated across iterations",
       {"Finds `total += loss`, `self.total = self.total + loss`, `losses.append(loss)` and `by_step[step] = "
        "loss` inside a loop (or in a method called from one, such as `history.update(loss)`) where the "
        "value "
        "carries autograd history and the accumulator outlives the iteration; a record made each step "
        "that holds the loss (`history.append({\"loss\": loss, \"step\": step})`) keeps it alike. A training "
        "step whose loop is "
        "in a framework counts too: a method that keeps a loss on `self` after back-propagating it "
        "(`loss.backward()`, `scaler.scale(loss).backward()`, `torch.autograd.backward(loss)`, "
        "`accelerator.backward(loss)`, `self.manual_backward(loss)`, or returning it from a Lightning "
        "`training_step`). So does a module-level list that a forward hook (or pre-hook) appends the "
        "module's "
        "output or inputs to (`features.append(output)`), when the module runs in a loop with autograd on. "
        "And so does a module's own `forward` that keeps such a value on `self` "
        "(`self.running = 0.9 * self.running + 0.1 * out.mean(0)`, `self.maps.append(weights)`, a "
        "stateful RNN's `self.hidden` never detached) when no other method starts that attribute again: "
        "forward runs once per batch. Recurrent state fed from one step into the next (`out, hidden = "
        "model(x, hidden)` in a loop that calls backward()) and never detached there is reported too: each "
        "step's graph hangs off the next one. So is an average of the weights (an EMA) updated from "
        "`model.parameters()` with autograd on (`self.shadow[name] = d * self.shadow[name] + (1 - d) * p`) "
        "where the updating function can run with autograd on: every update links to the one before. "
        "Likewise a running statistic on an object made before the loop that updates it (`self.mean = "
        "self.mean + (x.mean() - self.mean) / n` in a method called once per step), and a tensor updated "
        "in place with such a value (`self.avg.mul_(0.9).add_(loss)`, `RUNNING.add_(loss)`).",
        "Each accumulated tensor keeps its whole autograd graph: memory grows every step (on the GPU too) "
        "until "
        "the accumulator is dropped.",
        "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    total_loss += "
        "loss\n",
        "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    total_loss += "
        "loss.item()  # or loss.detach()\n",
        "Accumulating losses on purpose to call backward() on their sum is recognised when backward() is "
        "called on the accumulator in the same function, or when a function of the module that empties the "
        "accumulator back-propagates its elements (REINFORCE's `policy.saved_log_probs`, summed into the "
        "episode's loss and cleared after backward()). Carried recurrent state is found when the loop itself "
        "calls "
        "backward() and the call is a module's or named like one (`model`, `lstm`, `rnn_cell`, "
        "`policy_net`); "
        "a model that detaches the state it returns is still reported (suppress that line)."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        std::optional<std::set<CodeRef>> grad_enabled;  // made on the first update from parameters
        report_events(
            context, rule_info_of("CC204"), out,
            [&](const RetentionEvent& e) {
              if (e.kind != EventKind::Accumulate || e.comprehension || !e.accumulates_across_steps() ||
                  e.accumulator_backpropagated)
                return false;
              // A window (`deque(maxlen=30)`) on an object keeps its last entries' graphs only, not every
              // step's; kept at module level, those last ones outlive the run.
              if (e.accumulator_bounded && !e.base_is_global) return false;
              // Kept until another function sums it into a loss, back-propagates it and empties it
              // (REINFORCE's `policy.saved_log_probs`): one episode's graphs, on purpose.
              if (!e.value_backpropagated && !e.accumulator_key.empty() &&
                  std::binary_search(context.backpropagated_accumulators.begin(),
                                     context.backpropagated_accumulators.end(), e.accumulator_key))
                return false;
              // Appending model outputs to a local list is common and usually consumed; a loss (backward()
              // was called on it) or a long-lived accumulator is the leak.
              // A comprehension's losses are summed and back-propagated on purpose, or are CC206's.
              if (e.value_carries_graph && (e.value_backpropagated || e.base_is_global ||
                                            e.accumulates_per_forward || e.carried_into_next_step))
                return true;
              // A running sum or average on an object that outlives the loop updating it (`self.mean =
              // self.mean + (x - self.mean) * k` in a method called once per step): each update's graph
              // links to the one before, whether or not a loss goes through it.
              if (e.value_carries_graph && e.augmented && e.accumulator_outlives_loop && !e.under_no_grad)
                return true;
              // An average of the parameters kept with autograd on (an EMA outside no_grad): every update
              // links to the one before, whether or not a loss goes through it, where the updating
              // function can run with autograd on.
              if (!e.value_from_parameters || e.under_no_grad) return false;
              if (!grad_enabled) grad_enabled = grad_enabled_functions(context);
              return grad_enabled->count(e.function) != 0;
            },
            [](const RetentionEvent& e) {
              if (e.value_from_parameters && !e.value_backpropagated)
                return "'" + e.base_label +
                       "' is updated from the model's parameters with autograd on: each update's graph links "
                       "to "
                       "the one before, so every update's graph stays alive.";
              if (e.carried_into_next_step)
                return "'" + e.base_label +
                       "' is fed into the next step's call without being detached: each step's graph links "
                       "to the one before, so none is freed (and backward() runs back through them).";
              return "'" + e.base_label + "' accumulates a tensor with autograd history " +
                     (e.in_loop                   ? "across iterations"
                      : e.accumulates_per_forward ? "on every forward() call"
                                                  : "on every call") +
                     ": every step's graph stays alive.";
            },
            [](const RetentionEvent& e) {
              if (e.value_from_parameters && !e.value_backpropagated)
                return std::string(
                    "Update it under `torch.no_grad()` (or decorate the method with `@torch.no_grad()`), or "
                    "from `p.detach()`: `shadow.mul_(decay).add_(p.detach(), alpha=1 - decay)`.");
              if (e.carried_into_next_step)
                return "Detach the state once per step, before or after the call: `" + e.base_label + " = " +
                       e.base_label + ".detach()` (for an LSTM's (h, c), `" + e.base_label +
                       " = tuple(t.detach() for t in " + e.base_label + ")`).";
              // A kept output that no loss went through (a global list of features) is not a loss.
              return std::string(e.value_backpropagated
                                     ? "Accumulate loss.item() (a Python float) or loss.detach() instead."
                                     : "Keep a detached copy (`.detach()`, or `.detach().cpu()` to free the "
                                       "GPU) instead, or run the loop under `torch.no_grad()`.");
            },
            true);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
