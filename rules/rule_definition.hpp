// How a rule plugs into the analysis. A cycle rule claims cycles by their shape (the first rule in the
// registry that matches a cycle reports it); a retention rule reads events and module facts.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "analyzer/findings_model.hpp"
#include "analyzer/program.hpp"
#include "rules/rule.hpp"

namespace cyclecheck {

struct RuleContext {
  const Program& program;
  const std::vector<RetentionEvent>& events;
  const std::vector<CallEdge>& calls;                           // sorted
  const std::vector<std::string>& names_called_under_no_grad;   // sorted
  const std::vector<std::string>& backpropagated_accumulators;  // sorted; see SolveResult
};

struct RuleDefinition {
  RuleInfo info;
  // Cycle rules.
  std::function<bool(const CycleWitness&)> matches_cycle;
  std::function<size_t(const CycleWitness&)> closing_edge;  // index into witness.edges: the edge to make weak
  std::function<std::string(const CycleWitness&)> fix;
  // Retention rules.
  std::function<void(const RuleContext&, std::vector<Diagnostic>&)> check;
};

// Every rule in registration order: cycle rules in the order they claim cycles.
const std::vector<const RuleDefinition*>& rule_definitions();

}  // namespace cyclecheck
