// CC210 weak-key-value-holds-key: a WeakKeyDictionary value that refers to its own key.
#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {

const RuleDefinition& weak_key_value_holds_key() {
  static const RuleDefinition rule{
      {"CC210",
       "weak-key-value-holds-key",
       RuleKind::Retention,
       Severity::Error,  // the entry can never go: a leak for the life of the dictionary
       "a WeakKeyDictionary value refers to its own key",
       {"Finds `d[key] = value` into a `weakref.WeakKeyDictionary` kept at module level or by a class, where "
        "the value refers to the key: directly, or through an attribute, a container slot or a bound method "
        "(`_STATS[module] = Stats(module)` with `Stats.__init__` keeping `self.module = module`), up to "
        "three "
        "references deep. Not reported when the module deletes entries from the dictionary or clears it.",
        "A WeakKeyDictionary holds its keys weakly but its values strongly. A value that refers to its key "
        "keeps the key alive, so the key never dies and the entry is never dropped: every module or tensor "
        "used as a key stays allocated, with its parameters and gradients, for the life of the dictionary "
        "(the process, for a module-level one). No cycle is involved, so the garbage collector cannot help.",
        "import weakref\n\n_STATS = weakref.WeakKeyDictionary()\n\nclass Stats:\n    def __init__(self, "
        "module):\n        self.module = module\n\ndef stats_for(module):\n    if module not in _STATS:\n    "
        "    "
        "_STATS[module] = Stats(module)\n    return _STATS[module]\n",
        "import weakref\n\n_STATS = weakref.WeakKeyDictionary()\n\nclass Stats:\n    def __init__(self, "
        "module):\n        self.module_ref = weakref.ref(module)  # or keep no reference: the key is the "
        "module\n\ndef stats_for(module):\n    if module not in _STATS:\n        _STATS[module] = "
        "Stats(module)\n    return _STATS[module]\n",
        "A dictionary held by an instance (`self._cache = WeakKeyDictionary()`) and `setdefault` / `update` "
        "calls are not checked yet."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        report_events(
            context, rule_info_of("CC210"), out,
            [](const RetentionEvent& e) {
              return e.kind == EventKind::WeakKeyHeldByValue && e.base_is_global && !e.registry_cleared;
            },
            [](const RetentionEvent& e) {
              const std::string where = e.base_is_class_attribute ? "class-level" : "module-level";
              return "'" + e.value_label + "' is stored in the " + where + " WeakKeyDictionary '" +
                     base_name(e) +
                     "' and refers to its own key: the key is never freed, so the entry is never dropped.";
            },
            [](const RetentionEvent&) {
              return std::string(
                  "Keep a weakref.ref to the key in the value (or no reference at all: the value is found "
                  "through the key), or use a dictionary whose entries are removed explicitly.");
            },
            false);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
