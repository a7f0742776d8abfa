// CC202 lru-cache-method: functools.lru_cache/cache on a method keeps every `self` it was called with.
#include <set>

#include "analyzer/text_util.hpp"
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {
namespace {

// `cached(model)` where `cached` is a function (or static method) under functools.cache / lru_cache: the
// cache keeps every module, or tensor with its graph, it is called with. Reported once per function, at
// its decorator, with the first call that passes one.
void report_cached_arguments(const RuleContext& context, std::vector<Diagnostic>& out) {
  const Program& program = context.program;
  std::set<std::pair<CodeRef, bool>> seen;
  for (const RetentionEvent& event : context.events) {
    if (event.kind != EventKind::CachedArgument || event.chain.empty() || !event.cached_function.valid())
      continue;
    // What it returns: only where it is called again and again (a model loaded once by name and cached on
    // purpose is one model).
    if (event.cached_result && !event.in_loop) continue;
    // A returned exception with its frames and nothing else CC202 is about is CC205's.
    if (!event.value_is_module && !event.value_holds_module && !event.value_carries_graph) continue;
    if (!seen.insert({event.cached_function, event.cached_result}).second) continue;
    const Decorator* decorator = program.cache_decorator(event.cached_function);
    if (decorator == nullptr) continue;
    const Function& f = program.function(event.cached_function);
    const std::string held = event.value_is_module ? "an nn.Module (" + event.value_label + ")"
                             : event.value_holds_module
                                 ? "an object holding an nn.Module (" + event.value_label + ")"
                                 : "a tensor with autograd history";
    const std::string kept =
        event.value_is_module || event.value_holds_module ? "with its parameters" : "with its whole graph";
    Diagnostic diag;
    diag.code = "CC202";
    diag.rule_name = "lru-cache-method";
    diag.severity = Severity::Error;
    diag.range = to_range(program, SiteRef{event.cached_function.module, decorator->site, {}});
    diag.message = event.cached_result
                       ? "@" + decorator->dotted + " on " + f.qualname +
                             "() keeps what it returns for every new argument: " + held +
                             " it gives back stays alive, " + kept + ", for the life of the process."
                       : "@" + decorator->dotted + " on " + f.qualname +
                             "() keeps every argument it is called with: " + held +
                             " passed to it stays alive, " + kept + ", for the life of the process.";
    diag.fix =
        "Cache on something that does not hold the object (a name, a shape, id(model) with a weakref "
        "to check it), keep the cache on the object itself, or drop the cache.";
    for (size_t k = 0; k < event.chain.size(); ++k) {
      RelatedLocation rel;
      rel.range = to_range(program, event.chain[k]);
      rel.message = k + 1 == event.chain.size()
                        ? (event.cached_result ? "returns " : "called with ") + held + " here"
                        : "reached from here";
      diag.related.push_back(std::move(rel));
    }
    diag.fingerprint = hex64_of(diag.code + "|" + program.module(event.cached_function.module).path + "|" +
                                f.qualname + (event.cached_result ? "|results" : "|arguments"));
    out.push_back(std::move(diag));
  }
}

}  // namespace

const RuleDefinition& lru_cache_method() {
  static const RuleDefinition rule{
      {"CC202",
       "lru-cache-method",
       RuleKind::Retention,
       Severity::Warning,
       "functools.lru_cache or cache on a method, or on a function called with or returning a model",
       {"Finds `@functools.lru_cache` and `@functools.cache` on instance methods (under `@property` too, "
        "and applied by a decorator of the project, such as `def memoized_property(fn): return "
        "property(functools.lru_cache()(fn))`), and on functions (or static methods) that some call passes "
        "an `nn.Module` or a tensor with autograd history (`no_decay_names(model)`), or that return a "
        "module, "
        "called again and again with new arguments (`prototype(width, depth)` in a sweep): the cache keeps "
        "every argument as a key, and every result.",
        "The cache belongs to the function, which lives as long as the class: it keeps a strong reference to "
        "every `self` it was called with (and every argument and result), so instances (models, their "
        "parameters) are never freed.",
        "class PrototypeBank(nn.Module):\n    @functools.lru_cache(maxsize=128)\n    def "
        "prototype_norm(self, "
        "class_id):\n        ...\n",
        "class PrototypeBank(nn.Module):\n    def __init__(self):\n        self._norms = {}  # per-instance "
        "cache, freed with the instance\n# or functools.cached_property for argument-less methods\n",
        "Methods of classes with few, long-lived instances are reported too."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        const Program& program = context.program;
        for (size_t m = 0; m < program.modules().size(); ++m) {
          const ModuleFacts& facts = program.module(static_cast<int32_t>(m));
          for (size_t fi = 0; fi < facts.functions.size(); ++fi) {
            const Function& f = facts.functions[fi];
            if (f.owner_class < 0 || f.params.empty()) continue;
            const CodeRef cls{static_cast<int32_t>(m), f.owner_class};
            const auto& kinds = program.class_info(cls).method_kinds;
            auto kind = kinds.find(f.name);
            // A static method's cache keeps no instance, a class method's only the class; a property's getter
            // under the cache (`@property @lru_cache`) takes the instance as any method does.
            if (kind != kinds.end() &&
                (kind->second == MethodKind::Static || kind->second == MethodKind::Class))
              continue;
            const CodeRef cached{static_cast<int32_t>(m), static_cast<int32_t>(fi)};
            if (const Decorator* cache = program.cache_decorator(cached)) {
              const Decorator& d = *cache;
              Diagnostic diag;
              diag.code = "CC202";
              diag.rule_name = "lru-cache-method";
              diag.severity = program.class_info(cls).is_nn_module ? Severity::Error : Severity::Warning;
              diag.range = to_range(program, SiteRef{static_cast<int32_t>(m), d.site, {}});
              diag.message = "@" + d.dotted + " on method " + f.qualname +
                             "() keeps every instance it is called on (and its arguments) alive for the life "
                             "of the class.";
              diag.fix =
                  "Cache per instance (a dict attribute, functools.cached_property) or cache a "
                  "module-level function that does not take self.";
              RelatedLocation rel;
              rel.range = to_range(program, SiteRef{static_cast<int32_t>(m), f.site, {}});
              rel.message = "the cached method";
              diag.related.push_back(std::move(rel));
              if (const std::optional<SiteRef> applied = program.cache_site(cached)) {
                RelatedLocation cache_rel;
                cache_rel.range = to_range(program, *applied);
                cache_rel.message = "@" + d.dotted + " applies functools' cache here";
                diag.related.push_back(std::move(cache_rel));
              }
              diag.fingerprint = hex64_of(diag.code + "|" + facts.path + "|" + f.qualname);
              out.push_back(std::move(diag));
            }
          }
        }
        report_cached_arguments(context, out);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
