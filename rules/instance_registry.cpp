// CC203 instance-registry: instances add themselves to a module-level registry.
#include <algorithm>

#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {
namespace {

struct NamedCall {
  const Expr* call;
  const Function* function;  // the function whose body makes it
};

// Every call in `facts` whose callee is named `name` (`signal` of `signal.signal(...)`), in source order.
std::vector<NamedCall> calls_named(const ModuleFacts& facts, const std::string& name) {
  std::vector<NamedCall> calls;
  for (const Function& f : facts.functions) {
    auto visit = [&](const Expr& e) {
      for_each_expr(e, [&](const Expr& call) {
        if (call.kind == ExprKind::Call && !call.children.empty() &&
            (call.children[0].kind == ExprKind::Attribute || call.children[0].kind == ExprKind::Name) &&
            call.children[0].text == name)
          calls.push_back({&call, &f});
      });
    };
    for_each_statement(f.body, [&](const Stmt& s) {
      visit(s.value);
      for (const Expr& target : s.targets) visit(target);
    });
  }
  return calls;
}

// `a.b.c` for a dotted name, "" for anything else.
std::string dotted(const Expr& e) {
  if (e.kind == ExprKind::Name) return e.text;
  if (e.kind != ExprKind::Attribute || e.children.empty()) return "";
  const std::string base = dotted(e.children[0]);
  return base.empty() ? "" : base + "." + e.text;
}

// `threading` for `threading.setprofile(...)`, "" for a callee that is a bare name or not dotted.
std::string callee_module(const Expr& call) {
  const Expr& callee = call.children[0];
  return callee.kind == ExprKind::Attribute && !callee.children.empty() ? dotted(callee.children[0]) : "";
}

// The slot a call fills: the signal of `signal.signal(sig, handler)` and the class of `copyreg.pickle(cls,
// reducer)` or of a singledispatch function's `register(cls, impl)` as written; "" for the one slot of
// `sys.settrace`, `sys.setprofile` and the like.
std::string slot_of(const Expr& call) {
  const std::string& callee = call.children[0].text;
  return (callee == "signal" || callee == "pickle" || callee == "register") && call.children.size() > 1
             ? dotted(call.children[1])
             : "";
}

// `table[Key]` or `table['key']` for a dotted table and a named or literal key, "" for anything else.
std::string entry_slot(const Expr& table, const Expr* key) {
  const std::string base = dotted(table);
  if (base.empty() || key == nullptr || (key->kind != ExprKind::Name && key->kind != ExprKind::Literal))
    return "";
  return base + "[" + key->text + "]";
}

// The slot an assignment's target names: a dotted attribute, or an entry of a dotted table.
std::string assigned_slot(const Expr& target) {
  if (target.kind == ExprKind::Subscript && target.children.size() > 1)
    return entry_slot(target.children[0], &target.children[1]);
  return target.kind == ExprKind::Attribute ? dotted(target) : "";
}

// The same for an attribute of a library module assigned at `site` (`sys.excepthook = self.on_crash`), or
// an entry of a library's table (`default_collate_fn_map[Seq] = self.collate`): whether another statement
// of the module assigns that slot (`sys.excepthook = previous`) or takes the entry out (`del table[Seq]`,
// `table.pop(Seq)`).
bool attribute_set_again(const ModuleFacts& facts, const Site& site) {
  std::string slot;
  std::vector<std::string> assigned;  // the slots of every other assignment or removal
  for (const Function& f : facts.functions) {
    for_each_statement(f.body, [&](const Stmt& s) {
      if (s.kind == StmtKind::Delete) {
        for (const Expr& target : s.targets) assigned.push_back(assigned_slot(target));
        return;
      }
      for_each_expr(s.value, [&](const Expr& call) {
        if (call.kind == ExprKind::Call && call.children.size() > 1 &&
            call.children[0].kind == ExprKind::Attribute && call.children[0].text == "pop" &&
            !call.children[0].children.empty())
          assigned.push_back(entry_slot(call.children[0].children[0], &call.children[1]));
      });
      if (s.kind != StmtKind::Assign) return;
      const bool at_site = s.site.line == site.line && s.site.column == site.column;
      for (const Expr& target : s.targets) {
        // Tuple targets: `sys.stdout, sys.stderr = out, err`.
        auto visit = [&](const Expr& e, auto& self) -> void {
          if (e.kind == ExprKind::Container) {
            for (const Expr& element : e.children) self(element, self);
            return;
          }
          std::string name = assigned_slot(e);
          if (name.empty()) return;
          if (at_site && slot.empty()) {
            slot = std::move(name);
          } else {
            assigned.push_back(std::move(name));
          }
        };
        visit(target, visit);
      }
    });
  }
  return !slot.empty() && std::find(assigned.begin(), assigned.end(), slot) != assigned.end();
}

// Whether the module installs something else in the slot the event's call fills (`signal.signal(sig,
// previous)` in a `finally`, `sys.settrace(None)`): the instance is let go then.
bool slot_set_again(const RuleContext& context, const RetentionEvent& e) {
  const SiteRef& primary = e.chain.back();
  if (primary.module < 0) return false;
  const ModuleFacts& facts = context.program.module(primary.module);
  const Expr* registration = nullptr;
  for (const Function& f : facts.functions) {
    for_each_statement(f.body, [&](const Stmt& s) {
      for_each_expr(s.value, [&](const Expr& call) {
        if (call.kind == ExprKind::Call && !call.children.empty() && call.site.line == primary.site.line &&
            call.site.column == primary.site.column)
          registration = &call;
      });
    });
  }
  if (registration == nullptr) return attribute_set_again(facts, primary.site);
  // A decorator that registers (`@encode.register(Sample)`): the call that made it names the slot.
  if (registration->children[0].kind == ExprKind::Call && !registration->children[0].children.empty())
    registration = &registration->children[0];
  const std::string slot = slot_of(*registration);
  // `threading.setprofile(None)` does not empty the slot `sys.setprofile` filled: the calls must name the
  // same module, where both name one (`setprofile(None)` after `from sys import setprofile` may be either).
  const std::string module = callee_module(*registration);
  for (const auto& [other, function] : calls_named(facts, registration->children[0].text)) {
    if (other == registration || slot_of(*other) != slot) continue;
    if (context.program.runs_only_from_finalizer(primary.module, *function)) continue;
    const std::string other_module = callee_module(*other);
    if (module.empty() || other_module.empty() || module == other_module) return true;
  }
  return false;
}

// `cls._instances[cls] = super().__call__(...)` in a metaclass's `__call__` (or `__new__`): an entry per
// class, keyed by the class being instantiated, the singleton recipe. It keeps one instance per class, made
// to live as long, not every instance.
bool singleton_per_class(const RuleContext& context, const RetentionEvent& e) {
  const SiteRef& primary = e.chain.back();
  if (primary.module < 0) return false;
  const ModuleFacts& facts = context.program.module(primary.module);
  const StatementLookup store = find_statement(facts, primary.site);
  if (store.statement == nullptr || store.statement->kind != StmtKind::Assign ||
      store.statement->site.column != primary.site.column)
    return false;
  const Function& f = facts.functions[store.function];
  if ((f.name != "__call__" && f.name != "__new__") || f.params.empty()) return false;
  return std::any_of(
      store.statement->targets.begin(), store.statement->targets.end(), [&](const Expr& target) {
        return target.kind == ExprKind::Subscript && target.children.size() > 1 &&
               target.children[1].kind == ExprKind::Name && target.children[1].text == f.params[0].name;
      });
}

// Every call of the function that registers comes from a module's top level (`VendorImporter(...).install()`
// run at import): one registration per process, by design, not one per instance the run makes.
bool registered_once_at_import(const RuleContext& context, const RetentionEvent& e) {
  bool called = false;
  for (const CallEdge& c : context.calls) {
    if (!(c.callee == e.function)) continue;
    if (c.caller.index != 0) return false;
    called = true;
  }
  return called;
}

}  // namespace

const RuleDefinition& instance_registry() {
  static const RuleDefinition rule{
      {"CC203",
       "instance-registry",
       RuleKind::Retention,
       Severity::Warning,
       "instances add themselves to a module-level registry",
       {"Finds an object storing `self` (directly or through a helper function), or a bound method, closure "
        "or partial that holds `self`, into a module-level list, dict or set, or into one held by a class "
        "attribute (`Model.instances.append(self)`, `self._seen[self] = 1` on a class-level dict: a dict "
        "keeps its keys), or into a list or dict a module-level instance holds (`BUS.subscribe(self)` "
        "appending to the bus's list), with no code removing it that runs (a removal reached only from "
        "`__del__`, as `close()` called by `__del__`, never runs while the registry holds its object, and a "
        "release that a `return`, `break`, `continue` or `raise` skips on the way from the registering "
        "call to it, with no `finally` or `with` doing it, leaves the entry on that path) (a "
        "metaclass's `__call__` "
        "storing the instance `super().__call__()` built counts as the instance storing itself, unless the "
        "entry is keyed by the class itself (`cls._instances[cls] = ...`, a singleton per class), and so "
        "does "
        "a descriptor on the class whose `__set__` or `__get__` keeps the instance in its own dict); also "
        "`atexit.register(self.close)` "
        "without `atexit.unregister`, `gc.callbacks.append(self.on_gc)` with no `remove` outside `__del__` "
        "(a finalizer never runs while the list holds its object), `os.register_at_fork(...)`, "
        "`sys.addaudithook(...)` and `torch.serialization.register_package(...)` (which have no way to "
        "unregister), `IterDataPipe.register_function(name, self.method)` (a class-level table with no "
        "removal), `codecs.register(self.search)` without `codecs.unregister`, an import finder "
        "inserted into `sys.meta_path` (or `sys.path_hooks`) and never removed, a global module hook "
        "(`register_module_forward_hook(self.record)`) "
        "whose handle is never removed (a `stop()` that removes it counts only if some code calls it, or if "
        "the project never makes the class itself), `weakref.finalize(self, self.cleanup)`, whose callback "
        "keeps the "
        "object it was meant to outlive, a handler or filter holding the object added to a logger from "
        "`logging.getLogger` (which the logging module keeps for the life of the process) with no "
        "`removeHandler` / `removeFilter` in the module, and a `threading.Thread` whose target is a bound "
        "method running a `while True:` worker loop that nothing in its module stops (no `put(None)` or "
        "sentinel constant, no `Event.set()`, no flag set outside `__init__`): the running thread keeps "
        "its target for the life of the process. As a warning: a bound method (or a callable holding "
        "the object) installed in a one-handler slot of the process (`signal.signal`, `sys.settrace`, "
        "`sys.setprofile`, `asyncio.set_event_loop_policy`, `copyreg.pickle` for one class, "
        "`logging.setLogRecordFactory`, the implementation "
        "`f.register(cls)` (or `@f.register(cls)`) keeps for one class on a module-level "
        "`functools.singledispatch` function `f`, or an attribute of "
        "a library module such as `sys.excepthook = self.on_crash` or "
        "`warnings.showwarning = ...`, or an entry of a library's module-level table such as "
        "`default_collate_fn_map[Seq] = self.collate`, or the table `@torch.distributions.register_kl(P, Q)` "
        "fills) that nothing in the module sets again or takes out, or an instance set as the "
        "value of a module-level `contextvars.ContextVar` that the module never resets. A registration "
        "made only by code that runs at import (a function called only from a module's top level, such as "
        "`VendorImporter(...).install()`) is one per process, by design, and is not reported.",
        "A module-level container lives for the whole process: every instance that registers itself, with "
        "its "
        "parameters and buffers, is kept forever.",
        "_LIVE_MODELS = []\n\nclass RegisteredMLP(nn.Module):\n    def __init__(self):\n        "
        "_LIVE_MODELS.append(self)\n",
        "_LIVE_MODELS = weakref.WeakSet()\n\nclass RegisteredMLP(nn.Module):\n    def __init__(self):\n"
        "        _LIVE_MODELS.add(self)\n",
        "Registries emptied by code the analyzer cannot see are still reported."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        report_events(
            context, rule_info_of("CC203"), out,
            [&context](const RetentionEvent& e) {
              return e.kind == EventKind::StoreIntoGlobal &&
                     (e.value_is_receiver || e.value_holds_receiver) && !e.registry_cleared &&
                     !e.base_is_context_variable && !singleton_per_class(context, e) &&
                     !registered_once_at_import(context, e);
            },
            [](const RetentionEvent& e) {
              // A library's process-wide registry is named by its call: "atexit.register() registry".
              const std::string registry =
                  (e.base_is_process_registry  ? "process-wide " + e.base_label
                   : e.base_is_class_attribute ? "class-level registry '" + e.base_label + "'"
                                               : "module-level registry '" + e.base_label + "'") +
                  ": every instance is kept alive for the life of the process" +
                  (e.removed_only_in_finalizers
                       ? std::string(
                             " (the code taking it out runs only from __del__, which cannot run while "
                             "the registry holds the object, or nothing calls it).")
                   : !e.skipped_release.empty() ? " when " + e.skipped_release + "."
                                                : std::string("."));
              if (!e.value_is_receiver)
                return "'" + e.value_label + "', which holds its object, is added to the " + registry;
              return "'" + e.value_label + "' adds itself to the " + registry;
            },
            [](const RetentionEvent& e) {
              if (e.base_label.find("running threads") != std::string::npos)
                return std::string(
                    "Give the worker a way out (put a sentinel such as None on its queue, or set a "
                    "threading.Event its loop checks), send it when the object is done and join() the "
                    "thread.");
              if (!e.skipped_release.empty())
                return std::string(
                    "Release it in a `finally:` block (or a context manager's exit) so that every way out of "
                    "the function runs the release.");
              if (e.base_is_process_registry)
                return std::string(
                    "Undo the registration when the instance is done (keep the handle and call "
                    "handle.remove(), or atexit.unregister(...)), or register a function that reaches the "
                    "instance through weakref.ref / weakref.WeakMethod.");
              return std::string(
                  "Use a weakref.WeakSet / WeakValueDictionary for the registry, or remove the "
                  "instance when it is closed.");
            },
            true);
        // A context variable set and never reset: the last instance stays until the next set().
        report_events(
            context, rule_info_of("CC203"), out,
            [](const RetentionEvent& e) {
              return e.kind == EventKind::StoreIntoGlobal && e.base_is_context_variable &&
                     (e.value_is_receiver || e.value_holds_receiver) && !e.registry_cleared;
            },
            [](const RetentionEvent& e) {
              return "'" + e.value_label + "' is set as the value of the module-level context variable '" +
                     base_name(e) +
                     "', which nothing resets: the last instance is kept alive until the next set().";
            },
            [](const RetentionEvent&) {
              return std::string(
                  "Keep the token set() returns and call reset(token) when the instance is done (in a "
                  "`finally`, or a context manager's exit).");
            },
            false);
        // One process-wide slot: the last instance stays until something else is installed there.
        report_events(
            context, rule_info_of("CC203"), out,
            [&](const RetentionEvent& e) {
              return e.kind == EventKind::StoreIntoGlobal && e.base_is_process_slot &&
                     (e.value_is_receiver || e.value_holds_receiver) &&
                     (!e.skipped_release.empty() || !slot_set_again(context, e));
            },
            [](const RetentionEvent& e) {
              return "'" + e.value_label + "', which holds its object, is installed as the process's one " +
                     slot_name(e) +
                     " handler: the last instance is kept alive until another handler replaces it" +
                     (e.skipped_release.empty() ? "." : ", when " + e.skipped_release + ".");
            },
            [](const RetentionEvent& e) {
              if (!e.skipped_release.empty())
                return std::string(
                    "Put the previous handler back in a `finally:` block (or a context manager's exit) so "
                    "that "
                    "every way out of the function runs it.");
              return std::string(
                  "Put the previous handler back when the instance is done, in close() or a `finally` (keep "
                  "what signal.signal() returned and install it again; for a singledispatch registration, "
                  "register the module-level implementation again), or install a function that reaches the "
                  "instance through weakref.WeakMethod.");
            },
            false);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
