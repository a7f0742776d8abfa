// The points-to solver: abstract interpretation of every function over abstract objects (allocation
// sites, parameters, the values held in fields), with per-function summaries applied at call sites.
// A symbolic object stands for one concrete object within one invocation, which is what lets the
// solver tell must-cycles from possible ones.
#pragma once

#include <vector>

#include "analyzer/findings_model.hpp"
#include "analyzer/library_models.hpp"
#include "analyzer/program.hpp"

namespace cyclecheck {

struct SolveResult {
  std::vector<CycleWitness> cycles;  // deduplicated; must-cycles, plus possible ones when asked
  std::vector<RetentionEvent> events;
  std::vector<CallEdge> calls;  // sorted, without repeats
  // Functions and methods called by name in a `with torch.no_grad():` block (or `inference_mode()`,
  // `set_grad_enabled(...)`) or in a function decorated with `@torch.no_grad()`, resolved or not; sorted.
  std::vector<std::string> names_called_under_no_grad;
  // Accumulators (see RetentionEvent::accumulator_key) whose elements some function back-propagates, in a
  // module that also empties them: REINFORCE's `policy.saved_log_probs`, summed into the episode's loss and
  // cleared after backward(). Sorted.
  std::vector<std::string> backpropagated_accumulators;
  size_t functions_analyzed = 0;
};

// Large projects are split into contiguous module ranges solved on separate threads, each reporting
// only its own modules; `parts` forces the number of ranges (0: chosen from the project's size, never
// from the machine, so the findings do not depend on the number of cores). With `free_state` false the
// summaries are kept until the process exits (see analyzer/retain.hpp). Modules marked in
// `context_modules` (by index) are analysed only as callees of the others, for what they say about them:
// the imports of the files a pre-commit hook passes, which are not reported on.
SolveResult solve(const Program& program, const LibraryModels& models, bool include_possible,
                  size_t parts = 0, bool free_state = true, const std::vector<bool>& context_modules = {});

}  // namespace cyclecheck
