// CC209 global-keeps-model: a function keeps an nn.Module in module-level state.
#include <set>
#include <string>

#include "analyzer/yield_exposure.hpp"
#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {
namespace {

// The store's target as written (`_state.model`, `_ACTIVE['model']`, `_CURRENT`), or "" when it names
// no fixed slot (a computed key).
std::string slot_of(const Expr& target) {
  switch (target.kind) {
    case ExprKind::Name:
      return target.text;
    case ExprKind::Attribute: {
      if (target.children.empty() || target.text.find('*') != std::string::npos) return "";
      const std::string base = slot_of(target.children[0]);
      return base.empty() ? "" : base + "." + target.text;
    }
    case ExprKind::Subscript: {
      if (target.children.empty() || target.text.empty() || target.text == ":") return "";
      const std::string base = slot_of(target.children[0]);
      return base.empty() ? "" : base + "[" + target.text + "]";
    }
    default:
      return "";
  }
}

// Whether a function of the module other than the store's, its module body and the constructors (which set
// the slot up) assigns or deletes the same slot, or the store's own function assigns it again after the
// store: `_state.model = None` in a `reset()`, `_CURRENT = previous` in a `finally`. The module then lets
// go of the model at some point, as a context manager or an explicit clear does.
bool slot_released(const ModuleFacts& facts, const StatementLookup& store, const std::string& slot) {
  for (size_t fi = 1; fi < facts.functions.size(); ++fi) {
    const Function& f = facts.functions[fi];
    if (f.name == "__init__" || f.name == "__post_init__") continue;
    bool released = false;
    for_each_statement(f.body, [&](const Stmt& s) {
      if (released || &s == store.statement) return;
      if (s.kind != StmtKind::Assign && s.kind != StmtKind::Delete) return;
      if (fi == store.function && s.site.line < store.statement->site.line) return;
      // Set back after a bare `yield` of a @contextmanager: skipped when the with block raises.
      if (fi == store.function && f.is_generator && runs_only_without_exception_at_yield(f.body, s)) return;
      for (const Expr& target : s.targets) released |= slot_of(target) == slot;
    });
    if (released) return true;
  }
  return false;
}

// `saved = dict(self.__dict__)` ... `finally: self.__dict__.update(saved)` (or `vars(self).update(saved)`):
// the function puts every attribute of the object back when it ends, whatever it set on the way (a scoped
// override of process-wide settings).
bool restores_attributes_in_finally(const Function& function) {
  bool restores = false;
  auto updates_dict = [](const Expr& e) {
    if (e.kind != ExprKind::Call || e.children.empty() || e.children[0].kind != ExprKind::Attribute ||
        e.children[0].text != "update" || e.children[0].children.empty())
      return false;
    const Expr& dict = e.children[0].children[0];
    return (dict.kind == ExprKind::Attribute && dict.text == "__dict__") ||
           (dict.kind == ExprKind::Call && !dict.children.empty() &&
            dict.children[0].kind == ExprKind::Name && dict.children[0].text == "vars");
  };
  for_each_statement(function.body, [&](const Stmt& s) {
    for_each_statement(s.finalbody, [&](const Stmt& cleanup) {
      for_each_expr(cleanup.value, [&](const Expr& e) { restores |= updates_dict(e); });
    });
  });
  return restores;
}

// threading's table of running threads, where a thread whose loop never ends stays (see
// Context::keep_endless_thread): the instances CC203 reports keep themselves there from their own methods.
bool is_running_threads(const RetentionEvent& e) {
  return e.base_is_process_registry && e.base_label.find("running threads") != std::string::npos;
}

}  // namespace

const RuleDefinition& global_keeps_model() {
  static const RuleDefinition rule{
      {"CC209",
       "global-keeps-model",
       RuleKind::Retention,
       Severity::Warning,
       "a function keeps an nn.Module in module-level state",
       {"Finds a function storing an `nn.Module` it was given or built (or an object of the project that "
        "holds one, such as a watcher, callback or closure keeping the model, or one of its parameters, as "
        "a value or a dict key: `_ANCHORS[p] = p.detach().clone()` for `p` in `model.parameters()`, or a "
        "torch.optim optimizer, which keeps them and their state, or a custom autograd Function's ctx with "
        "parameters set on it, `Fn.last_ctx = ctx`) into "
        "module-level state: a "
        "global (`global _MODEL; _MODEL = model`, or `globals()[name] = model` in a module-level "
        "`__getattr__` "
        "that caches what it builds), a slot of a module-level dict or object "
        "(`_ACTIVE['model'] "
        "= model`, `_state.model = model` on a `threading.local()`), a process-wide slot "
        "(`warnings.showwarning = show` with `show` closing over the model, `signal.signal(sig, handler)`), "
        "also through a method of a module-level object, or a class attribute (`Registry.models`, or "
        "`self._observers` for an `_observers = []` in "
        "the class body that no instance assigns: one list shared by every instance), including the dict of "
        "a descriptor the model's class holds (a memoizing `@cached_on_class` whose `__get__` stores "
        "`self._values[obj]`), and a thread that never ends holding the model (a `threading.Thread` subclass "
        "started with `start()` whose `run()` loop nothing in its module stops, or a "
        "`Thread(target=obj.loop)` "
        "started from a function). Not reported: a model "
        "made at import time, a slot that another "
        "function of the module sets again or deletes (a `reset()`, a `finally` restoring the previous "
        "one), a function that puts the object's attributes back in a `finally` "
        "(`self.__dict__.update(saved)` "
        "in a scoped override), registries emptied with `del` / `pop` / `clear`, and instances storing "
        "themselves (CC203).",
        "Module-level state lives for the whole process: the model, its parameters, gradients and "
        "buffers (on the GPU, if it was moved there) stay allocated after the training that used it is "
        "over, until the slot is overwritten. A sweep, a notebook or a test session that builds a second "
        "model then holds both; a dict keyed by name holds every model ever stored.",
        "import threading\n\n_state = threading.local()\n\ndef set_active_model(model):\n    _state.model = "
        "model\n\ndef active_model():\n    return getattr(_state, 'model', None)\n",
        "import contextlib, threading\n\n_state = threading.local()\n\n@contextlib.contextmanager\ndef "
        "active_model_scope(model):\n    previous = getattr(_state, 'model', None)\n    _state.model = "
        "model\n    try:\n        yield model\n    finally:\n        _state.model = previous\n# or pass the "
        "model explicitly, or store weakref.ref(model)\n",
        "A slot cleared by code outside the module (`set_active_model(None)` from a caller) is still "
        "reported; a slot whose key or attribute is computed is compared by its base only."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        if (!context.program.uses_torch()) return;
        // Sites where an instance stores itself, or a callable holding it, are CC203's; reached from a
        // caller that knows the instance as a plain model, the same store would be reported twice.
        const std::set<EventSite> registered = primary_sites(context, [](const RetentionEvent& e) {
          return e.kind == EventKind::StoreIntoGlobal && (e.value_is_receiver || e.value_holds_receiver);
        });
        std::set<EventSite> fixed_slots;  // stores that overwrite one slot
        report_events(
            context, rule_info_of("CC209"), out,
            [&](const RetentionEvent& e) {
              if (e.kind != EventKind::StoreIntoGlobal || !e.base_is_global ||
                  !(e.value_is_module || e.value_holds_module || e.value_is_parameter ||
                    e.value_is_optimizer) ||
                  (e.registry_cleared && !e.base_is_process_slot) ||
                  (e.base_is_process_registry && !is_running_threads(e)) || !e.function.valid())
                return false;
              const SiteRef& primary = e.chain.back();
              const EventSite key = primary_site(e);
              if (primary.module < 0 || registered.count(key) != 0) return false;
              const ModuleFacts& facts = context.program.module(primary.module);
              const StatementLookup store = find_statement(facts, primary.site);
              // A model made at import time is the module's own, meant to live as long.
              if (store.statement == nullptr || store.function == 0) return false;
              if (is_running_threads(e)) return true;  // no slot: each thread stays, started where it is
              if (restores_attributes_in_finally(facts.functions[store.function])) return false;
              // One process-wide slot (`sys.excepthook = hook`, signal.signal()) keeps the last value.
              bool fixed =
                  store.statement->kind == StmtKind::Assign || e.base_is_process_slot || e.replaces_slot;
              for (const Expr& target : store.statement->targets) {
                const std::string slot = slot_of(target);
                if (!slot.empty() && slot_released(facts, store, slot)) return false;
                fixed &= !slot.empty();
              }
              if (fixed) fixed_slots.insert(key);
              return true;
            },
            [&](const RetentionEvent& e) {
              const bool fixed = fixed_slots.count(primary_site(e)) != 0;
              std::string where = e.base_is_class_attribute ? "class-level '" + e.base_label + "'"
                                                            : "module-level '" + e.base_label + "'";
              if (e.base_is_process_slot)  // "sys.excepthook", "signal.signal() registry"
                where = "process-wide slot '" + slot_name(e) + "'";
              if (is_running_threads(e))
                where = "process-wide " + e.base_label + ", by a thread that never ends";
              // What is kept, what stays allocated, and what else a registry gathers.
              std::string what, memory, others;
              if (!e.value_is_module && e.value_is_optimizer) {
                what = "An optimizer ('" + e.value_label + "')";
                memory = "the parameters it updates, their gradients and its state (momentum, moments)";
                others = "optimizer";
              } else if (!e.value_is_module && !e.value_holds_module) {
                // `model[]`, an element of what `model.parameters()` yields: named by the module.
                const std::string& label = e.value_label;
                // A record of them (`{"params": list(head.parameters()), "lr": lr}`): named as such.
                const bool record = label == "dict" || label == "list" || label == "tuple" || label == "set";
                // A custom Function's ctx with parameters set on it (`ctx.step = step`).
                const bool ctx = label.starts_with("ctx of ");
                what = label.ends_with("[]") && label.size() > 2
                           ? "A parameter of '" + label.substr(0, label.size() - 2) + "'"
                       : record ? "A " + label + " holding parameters of an nn.Module"
                       : ctx    ? "The " + label +
                                   " (a custom autograd Function's ctx), holding parameters of "
                                   "an nn.Module,"
                             : "A parameter of an nn.Module ('" + label + "')";
                memory = record || ctx ? "their data and gradients" : "its data and gradient";
                others = "parameter";
              } else {
                what = e.value_is_module ? "An nn.Module ('" + e.value_label + "')"
                                         : "'" + e.value_label + "', which holds an nn.Module,";
                memory = "its parameters, gradients and buffers";
                others = "model";
              }
              return what + " is kept in the " + where + ": " + memory + " stay allocated " +
                     (fixed ? "after training is over, until the slot is overwritten."
                            : "for the life of the process, with every other " + others + " stored there.");
            },
            [](const RetentionEvent&) {
              return std::string(
                  "Pass the model explicitly, store weakref.ref(model), or set the slot back (to None, or "
                  "to the previous model in a `finally`) when the model is done.");
            },
            false);  // a warning, whatever the model holds
      }};
  return rule;
}

}  // namespace cyclecheck::rules
