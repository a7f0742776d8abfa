// CC206 eval-outputs-keep-graph: an evaluation loop that keeps model outputs while autograd is on.
#include <algorithm>
#include <cctype>
#include <deque>
#include <initializer_list>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <vector>

#include "rules/event_rule_helpers.hpp"
#include "rules/grad_enabled.hpp"

namespace cyclecheck::rules {
namespace {

// The words of an identifier, lowercased: `evalEpoch`, `eval_epoch` -> eval, epoch.
std::vector<std::string> words_of(const std::string& name) {
  std::vector<std::string> words(1);
  for (size_t k = 0; k < name.size(); ++k) {
    const auto ch = static_cast<unsigned char>(name[k]);
    const bool starts_word =
        std::isupper(ch) && k > 0 && std::islower(static_cast<unsigned char>(name[k - 1]));
    if (ch == '_' || starts_word) {
      if (!words.back().empty()) words.emplace_back();
      if (ch == '_') continue;
    }
    words.back() += static_cast<char>(std::tolower(ch));
  }
  return words;
}

// Whether some call in `function`'s own body (nested functions left out) passes `test`.
template <typename Test>
bool any_call(const Function& function, Test test) {
  bool found = false;
  for_each_statement(function.body, [&](const Stmt& st) {
    for_each_expr(st.value, [&](const Expr& e) {
      found |= e.kind == ExprKind::Call && !e.children.empty() && test(e);
    });
  });
  return found;
}

// What an evaluation calls itself: a word of its name says so (not `retrieval` or `invalid`), or it switches
// a module to eval mode.
bool is_evaluation(const Function& function) {
  static const std::set<std::string, std::less<>> kWords = {
      "eval",       "evaluate", "evaluation", "evaluating", "valid",       "validate", "validation",
      "validating", "val",      "predict",    "prediction", "predictions", "infer",    "inference"};
  // "test" alone is a word of too many helpers of test suites (`_test_accumulate_gradients`): only a name
  // that is the test phase itself.
  bool evaluates =
      function.name == "test" || function.name.ends_with("_test") || function.name.starts_with("test_epoch");
  for (const std::string& word : words_of(function.name)) evaluates |= kWords.count(word) != 0;
  // `model.eval()`: switched to inference, and often thought to turn autograd off too.
  return evaluates || any_call(function, [](const Expr& call) {
           return call.children.size() == 1 && call.children[0].kind == ExprKind::Attribute &&
                  call.children[0].text == "eval";
         });
}

// Whether some call in `function`'s own body (nested functions left out) is to one of `names` (`f(...)` or
// `x.f(...)`), or some statement assigns an attribute named one of `attributes`.
bool calls_or_sets(const Function& function, std::initializer_list<std::string_view> names,
                   std::initializer_list<std::string_view> attributes = {}) {
  auto listed = [](std::initializer_list<std::string_view> list, const std::string& text) {
    return std::find(list.begin(), list.end(), text) != list.end();
  };
  bool sets = false;
  for_each_statement(function.body, [&](const Stmt& st) {
    for (const Expr& target : st.targets) {
      sets |= st.kind == StmtKind::Assign && target.kind == ExprKind::Attribute &&
              listed(attributes, target.text);
    }
  });
  return sets || any_call(function, [&](const Expr& call) {
           const Expr& callee = call.children[0];
           return (callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name) &&
                  listed(names, callee.text);
         });
}

// A test of a test suite (pytest's `test_*` in `test_*.py`, a method of a `Test*` class): it runs once, on
// a few inputs.
bool is_unit_test(const Program& program, CodeRef ref) {
  const Function& function = program.function(ref);
  if (!function.name.starts_with("test")) return false;
  if (function.owner_class >= 0 &&
      program.class_def(CodeRef{ref.module, function.owner_class}).name.starts_with("Test"))
    return true;
  const std::string& path = program.module(ref.module).path;
  const std::string file = path.substr(path.find_last_of('/') + 1);
  return file.starts_with("test_") || file.ends_with("_test.py") || file == "conftest.py";
}

// A function that back-propagates something trains: outputs it keeps may be meant for a loss.
bool backpropagates(const Function& function) {
  return calls_or_sets(function, {"backward", "manual_backward", "grad"});
}

// `torch.set_grad_enabled(False)` as a statement, or a frozen model (`model.requires_grad_(False)`,
// `p.requires_grad = False`): its outputs may keep no graph.
bool switches_autograd(const Function& function) {
  return calls_or_sets(function, {"set_grad_enabled", "requires_grad_"}, {"requires_grad"});
}

}  // namespace

const RuleDefinition& eval_outputs_keep_graph() {
  static const RuleDefinition rule{
      {"CC206",
       "eval-outputs-keep-graph",
       RuleKind::Retention,
       Severity::Warning,
       "an evaluation loop keeps model outputs while autograd is on",
       {"Finds `preds.append(model(x))`, `outputs.append(out)`, `total += model(x).sum()` inside a loop, and "
        "`[model(x) for x in loader]`, `sum(criterion(model(x), y) for x, y in loader)` and "
        "`logits = out if logits is None else torch.cat([logits, out])` (and a forward hook's "
        "`self.features.append(output)` on a model the loop runs), in an evaluation (a function that calls "
        "`model.eval()`, or whose name has a word such as eval, validate, test, predict or infer) that "
        "back-propagates nothing and runs "
        "with autograd on along some path: it is not under `torch.no_grad()` or `torch.inference_mode()` (a "
        "`with` block or a decorator) or `torch.set_grad_enabled(...)` (a `with` block, or a statement before"
        " it), and it is an entry point or called outside those by a function that runs with autograd on. "
        "Left out: methods Lightning runs without autograd (`validation_step`, `test_step`, `predict_step` "
        "and their hooks), functions that freeze the model (`requires_grad_(False)`) or call "
        "`torch.set_grad_enabled` themselves, outputs a caller back-propagates, tests of a test suite, and "
        "projects that never import torch.",
        "With autograd on, every output keeps the graph that produced it, with the activations saved for a "
        "backward pass that never comes: the list holds every batch's activations until it is dropped, "
        "and evaluation runs out of (GPU) memory part way through. `model.eval()` changes dropout and batch "
        "norm; it does not turn autograd off.",
        "def evaluate(model, loader):\n    model.eval()\n    preds = []\n    for x, _ in loader:\n"
        "        preds.append(model(x))\n    return torch.cat(preds)\n",
        "@torch.no_grad()  # or `with torch.inference_mode():` around the loop\ndef evaluate(model, "
        "loader):\n    model.eval()\n    preds = []\n    for x, _ in loader:\n        preds.append(model(x))"
        "\n    return torch.cat(preds)\n",
        "A caller that turns autograd off in a way the analysis does not see (a framework loop other than "
        "Lightning's, a global `torch.set_grad_enabled(False)` in code that was not given) is taken to leave "
        "it on, and a model frozen by a caller (`requires_grad_(False)`) is not seen unless the call follows "
        "it "
        "in the same function."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        std::optional<std::set<CodeRef>> enabled;  // computed on the first candidate: most runs have none
        // Autograd is torch's: a `model(x)` elsewhere (Keras, scikit-learn) keeps no graph.
        if (!context.program.uses_torch()) return;
        // Outputs some caller back-propagates (`loss(torch.cat(encode_chunks(model, x))).backward()`) are
        // kept for that loss: where any copy of the event says so, the site is left alone.
        const std::set<EventSite> kept_for_a_loss = primary_sites(context, [](const RetentionEvent& e) {
          return e.kind == EventKind::Accumulate && (e.value_backpropagated || e.accumulator_backpropagated);
        });
        auto candidate = [](const RetentionEvent& e) {
          // A back-propagated value, or a global accumulator, is CC204's.
          // An accumulator a callee makes is new on every call: a loop around the call keeps nothing.
          return e.kind == EventKind::Accumulate && e.value_carries_graph && e.in_loop && !e.under_no_grad &&
                 !e.base_made_in_callee && !e.value_backpropagated && !e.accumulator_backpropagated &&
                 !e.base_is_global && e.function.valid();
        };
        report_events(
            context, rule_info_of("CC206"), out,
            [&](const RetentionEvent& e) {
              if (!candidate(e)) return false;
              if (kept_for_a_loss.count(primary_site(e)) != 0) return false;
              const Function& function = context.program.function(e.function);
              if (!is_evaluation(function) || is_unit_test(context.program, e.function) ||
                  backpropagates(function) || switches_autograd(function) ||
                  (e.origin.valid() && backpropagates(context.program.function(e.origin))))
                return false;
              if (!enabled) enabled = grad_enabled_functions(context);
              return enabled->count(e.function) != 0;
            },
            [&](const RetentionEvent& e) {
              const std::string& name = context.program.function(e.function).name;
              const std::string where = name == "<module>" ? "the module's top-level code" : name + "()";
              // A comprehension's base is labelled "list comprehension", "dict comprehension", ...
              const std::string made = e.base_label.substr(0, e.base_label.find(' '));
              const std::string holder = e.comprehension ? "This " + e.base_label : "'" + e.base_label + "'";
              const std::string dropped = e.comprehension ? "the " + made : "'" + e.base_label + "'";
              return holder + " keeps tensors with autograd history across the iterations of " + where +
                     ", which runs with autograd on: every batch's graph and activations stay alive until " +
                     dropped + " is dropped.";
            },
            [](const RetentionEvent& e) {
              return std::string(
                         "Run the loop under `with torch.no_grad():` (or decorate the function with "
                         "`@torch.no_grad()`); model.eval() does not turn autograd off. Or keep ") +
                     (e.augmented ? "a number (`.item()`)." : "`out.detach()`.");
            },
            false);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
