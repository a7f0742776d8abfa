// CC203 instance-registry: instances add themselves to a module-level registry.
#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {

const RuleDefinition& instance_registry() {
  static const RuleDefinition rule{
      {"CC203",
       "instance-registry",
       RuleKind::Retention,
       Severity::Warning,
       "instances add themselves to a module-level registry",
       {"Finds an object storing `self` (directly or through a helper function), or a bound method, closure "
        "or partial that holds `self`, into a module-level list, dict or set, or into one held by a class "
        "attribute (`Model.instances.append(self)`), with no code removing it; also "
        "`atexit.register(self.close)` "
        "without `atexit.unregister`, a global module hook (`register_module_forward_hook(self.record)`) "
        "whose handle is never removed, `weakref.finalize(self, self.cleanup)`, whose callback keeps the "
        "object it was meant to outlive, and a handler or filter holding the object added to a logger from "
        "`logging.getLogger` (which the logging module keeps for the life of the process) with no "
        "`removeHandler` / `removeFilter` in the module.",
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
            [](const RetentionEvent& e) {
              return e.kind == EventKind::StoreIntoGlobal &&
                     (e.value_is_receiver || e.value_holds_receiver) && !e.registry_cleared;
            },
            [](const RetentionEvent& e) {
              // A library's process-wide registry is named by its call: "atexit.register() registry".
              const std::string registry =
                  (e.base_is_process_registry  ? "process-wide " + e.base_label
                   : e.base_is_class_attribute ? "class-level registry '" + e.base_label + "'"
                                               : "module-level registry '" + e.base_label + "'") +
                  ": every instance is kept alive for the life of the process.";
              if (!e.value_is_receiver)
                return "'" + e.value_label + "', which holds its object, is added to the " + registry;
              return "'" + e.value_label + "' adds itself to the " + registry;
            },
            [](const RetentionEvent& e) {
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
      }};
  return rule;
}

}  // namespace cyclecheck::rules
