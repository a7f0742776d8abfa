// analyze_modules: link, solve, then let the rules turn cycles and events into diagnostics.
#include <algorithm>
#include <set>
#include <string_view>

#include "analyzer/context_modules.hpp"
#include "analyzer/ir.hpp"
#include "analyzer/library_models.hpp"
#include "analyzer/phase_timer.hpp"
#include "analyzer/program.hpp"
#include "analyzer/project.hpp"
#include "analyzer/retain.hpp"
#include "analyzer/solver.hpp"
#include "rules/cycle_report.hpp"
#include "rules/rule_definition.hpp"

namespace cyclecheck {
namespace {

// The modules to analyse: stubs (`.pyi`) are left out. They declare types, not behaviour: a stub function's
// body is `...`, so taken as code it would store nothing and return nothing, where the extension module it
// describes may keep what it is given (`_ext.register(self.on_event)`), and a stub beside its `.py` would
// stand for the implementation wherever the module's name is looked up. Without them, their modules are
// libraries, as if the stubs were not there. Their syntax errors are still reported.
std::vector<std::shared_ptr<const ModuleFacts>> analysed_modules(
    const std::vector<std::shared_ptr<const ModuleFacts>>& modules) {
  std::vector<std::shared_ptr<const ModuleFacts>> kept;
  kept.reserve(modules.size());
  for (const auto& module : modules) {
    if (!std::string_view(module->path).ends_with(".pyi")) kept.push_back(module);
  }
  return kept;
}

}  // namespace

std::vector<Diagnostic> analyze_modules(const std::vector<std::shared_ptr<const ModuleFacts>>& modules,
                                        const AnalysisOptions& options) {
  PhaseTimer timer;
  std::vector<Diagnostic> out;
  for (const auto& module : modules) {
    out.insert(out.end(), module->file_diagnostics.begin(), module->file_diagnostics.end());
  }
  const auto linked = std::make_shared<const Program>(analysed_modules(modules), options.link_cache.get());
  const Program& program = *linked;
  if (!options.free_memory) retain_until_exit(linked);
  timer.mark("link");
  const auto models = options.models ? options.models : LibraryModels::builtin();
  const SolveResult solved = solve(program, *models, options.show_possible, 0, options.free_memory,
                                   context_only_modules(program, options.context_paths));
  timer.mark("solve");

  for (const CycleWitness& cycle : solved.cycles) {
    if (cycle.edges.empty()) continue;
    for (const RuleDefinition* rule : rule_definitions()) {
      if (!rule->matches_cycle || !rule->matches_cycle(cycle)) continue;
      const size_t closing = std::min(rule->closing_edge(cycle), cycle.edges.size() - 1);
      out.push_back(make_cycle_diagnostic(program, cycle, *rule, closing));
      break;
    }
  }
  const RuleContext context{program, solved.events, solved.calls, solved.names_called_under_no_grad,
                            solved.backpropagated_accumulators};
  for (const RuleDefinition* rule : rule_definitions()) {
    if (rule->check) rule->check(context, out);
  }
  // One finding per rule and line: several witnesses of the same cycle shape read as noise. A sure one
  // is kept over a possible one (--show-possible), an error over a warning (a caller's own object over a
  // parameter standing for it), then the first by position and message.
  std::sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.range.path, a.range.line, a.code, a.possible, a.severity) <
               std::tie(b.range.path, b.range.line, b.code, b.possible, b.severity) ||
           (std::tie(a.range.path, a.range.line, a.code, a.possible, a.severity) ==
                std::tie(b.range.path, b.range.line, b.code, b.possible, b.severity) &&
            diagnostic_less(a, b));
  });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const Diagnostic& a, const Diagnostic& b) {
                          return a.code == b.code && a.range.path == b.range.path &&
                                 a.range.line == b.range.line;
                        }),
            out.end());
  // An exception kept for good (CC205) whose frames also reach it again (CC107) is one leak: the retention
  // says more, so the cycle on the same line is left out.
  std::set<std::pair<std::string, uint32_t>> retained_exceptions;
  for (const Diagnostic& d : out) {
    if (d.code == "CC205") retained_exceptions.emplace(d.range.path, d.range.line);
  }
  if (!retained_exceptions.empty()) {
    std::erase_if(out, [&](const Diagnostic& d) {
      return d.code == "CC107" && retained_exceptions.count({d.range.path, d.range.line}) != 0;
    });
  }
  std::sort(out.begin(), out.end(), diagnostic_less);
  timer.mark("rules");
  return out;
}

}  // namespace cyclecheck
