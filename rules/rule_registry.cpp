// The one table of rules. Cycle rules are listed in the order in which they claim a cycle: the most
// specific explanation first.
#include <algorithm>

#include "rules/rule_definition.hpp"

namespace cyclecheck {
namespace rules {
const RuleDefinition& syntax_error();
const RuleDefinition& io_error();
const RuleDefinition& analysis_limit();
const RuleDefinition& ctx_stores_output();
const RuleDefinition& exception_frame_cycle();
const RuleDefinition& generator_holds_owner();
const RuleDefinition& library_object_cycle();
const RuleDefinition& tensor_hook_captures_tensor();
const RuleDefinition& tensor_attribute_cycle();
const RuleDefinition& hook_captures_module();
const RuleDefinition& recursive_closure();
const RuleDefinition& callable_holds_owner();
const RuleDefinition& self_reference();
const RuleDefinition& parent_child_backref();
const RuleDefinition& object_ring();
const RuleDefinition& mutable_default_cache();
const RuleDefinition& lru_cache_method();
const RuleDefinition& instance_registry();
const RuleDefinition& loss_accumulates_graph();
const RuleDefinition& traceback_retained();
const RuleDefinition& eval_outputs_keep_graph();
const RuleDefinition& backward_create_graph();
const RuleDefinition& global_keeps_graph();
const RuleDefinition& global_keeps_model();
const RuleDefinition& weak_key_value_holds_key();
const RuleDefinition& library_keeps_objects();
}  // namespace rules

const std::vector<const RuleDefinition*>& rule_definitions() {
  static const std::vector<const RuleDefinition*> table = {
      &rules::syntax_error(),
      &rules::io_error(),
      &rules::analysis_limit(),
      &rules::ctx_stores_output(),
      &rules::generator_holds_owner(),
      &rules::exception_frame_cycle(),
      &rules::tensor_hook_captures_tensor(),
      &rules::tensor_attribute_cycle(),
      &rules::hook_captures_module(),
      &rules::recursive_closure(),
      &rules::callable_holds_owner(),
      &rules::self_reference(),
      &rules::parent_child_backref(),
      &rules::object_ring(),
      &rules::library_object_cycle(),
      &rules::mutable_default_cache(),
      &rules::lru_cache_method(),
      &rules::instance_registry(),
      &rules::loss_accumulates_graph(),
      &rules::traceback_retained(),
      &rules::eval_outputs_keep_graph(),
      &rules::backward_create_graph(),
      &rules::global_keeps_graph(),
      &rules::global_keeps_model(),
      &rules::weak_key_value_holds_key(),
      &rules::library_keeps_objects(),
  };
  return table;
}

const std::vector<const RuleInfo*>& all_rules() {
  static const std::vector<const RuleInfo*> sorted = [] {
    std::vector<const RuleInfo*> infos;
    for (const RuleDefinition* rule : rule_definitions()) infos.push_back(&rule->info);
    std::sort(infos.begin(), infos.end(),
              [](const RuleInfo* a, const RuleInfo* b) { return a->code < b->code; });
    return infos;
  }();
  return sorted;
}

const RuleInfo* find_rule(std::string_view code_or_name) {
  for (const RuleInfo* rule : all_rules()) {
    if (rule->code == code_or_name || rule->name == code_or_name) return rule;
  }
  return nullptr;
}

std::string rule_documentation_markdown(const RuleInfo& rule) {
  std::string md = "# " + rule.name + " (" + rule.code + ")\n\n";
  md += "Default severity: " + std::string(severity_name(rule.default_severity)) + "\n\n";
  md += "## What it does\n" + rule.doc.what_it_does + "\n\n";
  md += "## Why is this bad?\n" + rule.doc.why_bad + "\n\n";
  md += "## Example\n```python\n" + rule.doc.example + (rule.doc.example.ends_with("\n") ? "" : "\n") +
        "```\n\n";
  md += "## Use instead\n```python\n" + rule.doc.use_instead +
        (rule.doc.use_instead.ends_with("\n") ? "" : "\n") + "```\n\n";
  md += "## Known problems\n" + rule.doc.known_problems + "\n";
  return md;
}

}  // namespace cyclecheck
