// CC201 mutable-default-cache: a mutable default argument written to, so it keeps what it is given forever.
#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {

const RuleDefinition& mutable_default_cache() {
  static const RuleDefinition rule{
      {"CC201",
       "mutable-default-cache",
       RuleKind::Retention,
       Severity::Warning,
       "a mutable default argument is used as a cache or accumulator",
       {"Finds stores into a parameter whose default is a list, dict or set literal (`cache[key] = value`, "
        "`seen.append(x)`) in the function that declares it.",
        "The default is created once, when the function is defined, and lives as long as the function: "
        "everything stored in it (tensors, models, batches) is never freed.",
        "def compute(x, _cache={}):\n    _cache[x] = dict(foo=Big(), bar=Big())\n",
        "def compute(x, _cache=None):\n    if _cache is None:\n        _cache = {}\n"
        "# or an explicit, bounded cache: functools.lru_cache on a module-level function\n",
        "A cache that is deliberately process-wide and bounded is still reported; suppress it on the line."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        report_events(
            context, rule_info_of("CC201"), out,
            [](const RetentionEvent& e) { return e.kind == EventKind::MutableDefaultStore; },
            [](const RetentionEvent& e) {
              return "The mutable default '" + e.base_label.substr(e.base_label.rfind(' ') + 1) +
                     "' is written to here: it is created once, when the function is defined, and keeps " +
                     (e.value_label.empty() ? std::string("what is stored in it")
                                            : "'" + e.value_label + "'") +
                     " for the life of the function.";
            },
            [](const RetentionEvent&) {
              return std::string("Use None as the default and create the container inside the function.");
            },
            false);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
