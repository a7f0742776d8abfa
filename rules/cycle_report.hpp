// Shared by the rules: predicates over cycle witnesses and the construction of diagnostics.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "analyzer/diagnostic.hpp"
#include "analyzer/findings_model.hpp"
#include "analyzer/program.hpp"
#include "rules/rule_definition.hpp"

namespace cyclecheck {

bool has_role(const CycleWitness& cycle, EdgeRole role);
bool has_node(const CycleWitness& cycle, NodeKind kind);
// Index of the first edge satisfying `pred`, if any.
std::optional<size_t> find_edge(const CycleWitness& cycle,
                                const std::function<bool(const WitnessEdge&, size_t index)>& pred);
// The edge whose target is node 0 (the object the cycle returns to).
size_t edge_into_root(const CycleWitness& cycle);
// Whether the cycle's `index`th node is a container rather than an object of its own: one made as a list,
// dict or cell, or a value an attribute or a literal key holds that the cycle leaves through a slot
// (`parent.children` in `parent.children.append(self)`: the parent's list).
bool is_container_node(const CycleWitness& cycle, size_t index);
// Number of nodes that are neither containers nor closure cells.
size_t object_count(const CycleWitness& cycle);
// The reference the cycle's `index`th edge stands for, as advice names it: its field (".parent"), or for
// a slot of a container that lives at a named place, the place with the slot ("self.modules[]") rather than
// a bare "[]".
std::string reference_name(const CycleWitness& cycle, size_t index);

SourceRange to_range(const Program& program, const SiteRef& site);
std::string site_text(const Program& program, const SiteRef& site);  // "path:line"

// The registered rule's info by code (for rules that build diagnostics themselves).
const RuleInfo& rule_info_of(const std::string& code);
std::string hex64_of(const std::string& text);

Diagnostic make_cycle_diagnostic(const Program& program, const CycleWitness& cycle,
                                 const RuleDefinition& rule, size_t closing_edge);
Diagnostic make_event_diagnostic(const Program& program, const RetentionEvent& event, const RuleInfo& rule,
                                 const std::string& message, const std::string& fix, bool escalate);

}  // namespace cyclecheck
