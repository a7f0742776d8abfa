// CC202 lru-cache-method: functools.lru_cache/cache on a method keeps every `self` it was called with.
#include "analyzer/text_util.hpp"
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {
namespace {

bool is_cache_decorator(const Program& program, int32_t module, const Decorator& d) {
  if (d.dotted.empty()) return false;
  Expr expr;
  // Re-resolve the dotted name through the module's imports: `from functools import lru_cache as memo`.
  size_t start = 0;
  std::vector<std::string> parts;
  while (start <= d.dotted.size()) {
    const size_t dot = d.dotted.find('.', start);
    parts.push_back(d.dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  expr.kind = ExprKind::Name;
  expr.text = parts[0];
  for (size_t i = 1; i < parts.size(); ++i) {
    Expr outer;
    outer.kind = ExprKind::Attribute;
    outer.text = parts[i];
    outer.children.push_back(std::move(expr));
    expr = std::move(outer);
  }
  const StaticRef ref = program.resolve_expr(module, expr);
  return ref.kind == StaticRef::Kind::External &&
         (ref.qualified == "functools.lru_cache" || ref.qualified == "functools.cache");
}

}  // namespace

const RuleDefinition& lru_cache_method() {
  static const RuleDefinition rule{
      {"CC202",
       "lru-cache-method",
       RuleKind::Retention,
       Severity::Warning,
       "functools.lru_cache or cache on a method",
       {"Finds `@functools.lru_cache` and `@functools.cache` on instance methods.",
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
          for (const Function& f : facts.functions) {
            if (f.owner_class < 0 || f.params.empty()) continue;
            const CodeRef cls{static_cast<int32_t>(m), f.owner_class};
            const auto& kinds = program.class_info(cls).method_kinds;
            auto kind = kinds.find(f.name);
            if (kind != kinds.end() && kind->second != MethodKind::Instance) continue;
            for (const Decorator& d : f.decorators) {
              if (!is_cache_decorator(program, static_cast<int32_t>(m), d)) continue;
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
              diag.fingerprint = hex64_of(diag.code + "|" + facts.path + "|" + f.qualname);
              out.push_back(std::move(diag));
            }
          }
        }
      }};
  return rule;
}

}  // namespace cyclecheck::rules
