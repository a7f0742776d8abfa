// CC205 traceback-retained: an exception, traceback or frame stored in a module-level variable.
#include <set>

#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {

namespace {

// `return err` from a function under functools.cache / lru_cache (a capability probe caching why it failed):
// the cache keeps the exception, its traceback and every frame it passed through. Reported once per function,
// at its decorator, with the call that gets one as a related location.
void report_cached_exceptions(const RuleContext& context, std::vector<Diagnostic>& out) {
  std::set<CodeRef> seen;
  for (const RetentionEvent& e : context.events) {
    if (e.kind != EventKind::CachedArgument || !e.cached_result || !e.value_is_frame_like ||
        e.chain.empty() || !e.cached_function.valid() || !seen.insert(e.cached_function).second)
      continue;
    const Decorator* decorator = context.program.cache_decorator(e.cached_function);
    if (decorator == nullptr) continue;
    RetentionEvent at_decorator = e;
    at_decorator.chain.push_back(
        SiteRef{e.cached_function.module, decorator->site, "the cache keeps what the function returns"});
    out.push_back(make_event_diagnostic(
        context.program, at_decorator, rule_info_of("CC205"),
        "@" + decorator->dotted + " on " + e.base_label + " keeps the '" + e.value_label +
            "' it returns: the frames its traceback references, and all their local variables, stay alive "
            "for the life of the process.",
        "Return the exception's text (repr(err)) or a copy without its traceback (copy.copy(err)), or "
        "clear its frames with traceback.clear_frames(err.__traceback__).",
        true));
  }
}

}  // namespace

const RuleDefinition& traceback_retained() {
  static const RuleDefinition rule{
      {"CC205",
       "traceback-retained",
       RuleKind::Retention,
       Severity::Warning,
       "an exception, traceback or frame is kept in a module-level variable",
       {"Finds tracebacks, frames and exceptions (from `sys.exc_info()`, `except ... as e`, "
        "`inspect.currentframe()`) stored into a module-level variable or container, or into an attribute of "
        "a library module (`sys.last_value = err`: kept until something else is stored there), or bound in a "
        "`functools.partial` kept there (`_KERNELS[key] = partial(_raise_error, err)`), also through "
        "a method of a module-level object (`FAILURES.record(step, err)` appending to its list), and log "
        "records kept by a handler of the project on a module-level logger (`log.warning(..., "
        "exc_info=True)` or `log.exception(...)`: the record holds the exception being handled), and "
        "exceptions a function under `functools.cache` / `lru_cache` returns (`return err` from a cached "
        "capability probe): its cache keeps them.",
        "A traceback keeps every frame it passed through and every local variable of those frames (models, "
        "optimizers, batches): stored in a global, they are never freed.",
        "LAST_FAILURE = {}\n\ndef remember_failure():\n    LAST_FAILURE['traceback'] = sys.exc_info()[2]\n",
        "def remember_failure():\n    LAST_FAILURE['traceback'] = traceback.format_exc()  # text, no "
        "frames\n",
        "A global that is cleared right after use is still reported (one the module empties somewhere is "
        "reported as kept until then)."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        report_events(
            context, rule_info_of("CC205"), out,
            [](const RetentionEvent& e) {
              return e.kind == EventKind::StoreIntoGlobal && e.value_is_frame_like;
            },
            [](const RetentionEvent& e) {
              // A process-wide slot (`sys.last_value = err`) keeps the last one until the next replaces it.
              if (e.base_is_process_slot)
                return "'" + e.value_label + "' is stored in the process-wide '" + e.base_label +
                       "': the frames it references, and all their local variables, stay alive until "
                       "something else is stored there.";
              // Emptied somewhere in the module (`MEMO.clear()` in a reset function): kept until then.
              if (e.registry_cleared)
                return "'" + e.value_label + "' is stored in the module-level '" + e.base_label +
                       "': the frames it references, and all their local variables, stay alive until the "
                       "module empties it.";
              return "'" + e.value_label + "' is stored in the module-level '" + e.base_label +
                     "': the frames it references, and all their local variables, are never freed.";
            },
            [](const RetentionEvent&) {
              return std::string(
                  "Store traceback.format_exc() or repr(exc) instead, or clear the frames with "
                  "traceback.clear_frames(tb).");
            },
            true);
        report_cached_exceptions(context, out);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
