#include "analyzer/solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analyzer/idle_cores.hpp"
#include "analyzer/retain.hpp"
#include "analyzer/solver_context.hpp"
#include "analyzer/string_interner.hpp"

namespace cyclecheck {

// ---- field names ---------------------------------------------------------------------------------

namespace {
struct FieldTable {
  StringInterner names;
  // Interned on first use like any other field: ids follow first use, and findings depend on their order.
  std::optional<FieldId> elements;
  std::optional<FieldId> forward_hooks[kForwardHookKinds];  // set by the first registration of each kind
};
thread_local FieldTable* current_fields = nullptr;
}  // namespace

FieldId intern_field(const std::string& name) { return current_fields->names.intern(name); }

const std::string& field_name(FieldId id) { return current_fields->names.text(id); }

FieldId elements_field() {
  if (!current_fields->elements) current_fields->elements = intern_field("[]");
  return *current_fields->elements;
}

FieldId forward_hooks_field(ForwardHookKind kind) {
  static const char* const kNames[kForwardHookKinds] = {"<forward hooks>", "<forward hooks with kwargs>",
                                                        "<forward pre-hooks>",
                                                        "<forward pre-hooks with kwargs>"};
  std::optional<FieldId>& id = current_fields->forward_hooks[static_cast<size_t>(kind)];
  if (!id) id = intern_field(kNames[static_cast<size_t>(kind)]);
  return *id;
}

std::optional<ForwardHookKind> forward_hooks_kind(FieldId field) {
  for (size_t k = 0; k < kForwardHookKinds; ++k) {
    if (current_fields->forward_hooks[k] == field) return static_cast<ForwardHookKind>(k);
  }
  return std::nullopt;
}

namespace {

// How many independent solvers share the modules. Fixed, not taken from the machine: which callee is
// cut off by recursion depends on where a solver starts, so the findings must not depend on the number
// of cores. Each solver re-analyses the callees it needs from other parts and reports only its own
// modules. Four ranges on two cores balance better than two (one range of the torch tree took a
// quarter longer than the other), and with each finished range freed before the next starts the peak
// holds two quarter-size sets of summaries instead of two halves (386 MB instead of 475 on torch).
constexpr size_t kSolverParts = 4;
// Below this many functions one solver is faster than starting threads and repeating callees.
constexpr size_t kMinFunctionsPerPart = 2000;
// Past four ranges, one per this many lines: a thread holds one range's summaries at a time, so memory
// follows the size of a range, not of the project (all of a Debian dist-packages, 2.25M lines, peaks at
// 2.0 GB instead of 2.7 GB in about the same time), and more cores find ranges to take.
constexpr size_t kLinesPerPart = 100000;

bool is_context(const std::vector<bool>& context_modules, size_t module) {
  return module < context_modules.size() && context_modules[module];
}

// The functions and lines a range solves for findings of its own (a context module's cost is paid only
// where it is called from).
size_t solved_functions(const Program& program, const std::vector<bool>& context_modules, size_t module) {
  return is_context(context_modules, module) ? 0
                                             : program.module(static_cast<int32_t>(module)).functions.size();
}
size_t solved_lines(const Program& program, const std::vector<bool>& context_modules, size_t module) {
  return is_context(context_modules, module) ? 0 : program.module(static_cast<int32_t>(module)).line_count;
}

// Contiguous module ranges with about the same number of lines each: modules next to each other call
// each other most, and lines were as good a guess at the cost as counting statements or calls.
std::vector<std::pair<size_t, size_t>> partition_modules(const Program& program, size_t requested_parts,
                                                         const std::vector<bool>& context_modules) {
  const size_t modules = program.modules().size();
  size_t functions = 0, lines = 0;
  for (size_t m = 0; m < modules; ++m) {
    functions += solved_functions(program, context_modules, m);
    lines += solved_lines(program, context_modules, m);
  }
  const size_t wanted =
      requested_parts != 0
          ? requested_parts
          : std::max(std::min(kSolverParts, functions / kMinFunctionsPerPart), lines / kLinesPerPart);
  const size_t parts = std::clamp<size_t>(wanted, 1, std::max<size_t>(1, modules));
  std::vector<std::pair<size_t, size_t>> ranges;
  size_t begin = 0, seen = 0;
  for (size_t m = 0; m < modules && ranges.size() + 1 < parts; ++m) {
    seen += solved_lines(program, context_modules, m);
    if (seen * parts >= lines * (ranges.size() + 1)) {
      ranges.emplace_back(begin, m + 1);
      begin = m + 1;
    }
  }
  ranges.emplace_back(begin, modules);
  return ranges;
}

// The objects a cycle goes through and the fields that link them, in a canonical order. A slot's index is
// left out ("[2]" and "[]" are one field here: each part numbers fields in its own order), a name is kept
// (`self._prev = self` and `self._next = self` are two cycles through one object).
std::string object_signature(const CycleWitness& witness) {
  std::vector<std::string> parts;
  for (const WitnessNode& node : witness.nodes) {
    parts.push_back(std::to_string(node.site.module) + ":" + std::to_string(node.site.site.line) + ":" +
                    std::to_string(node.site.site.column) + ":" + node.label);
  }
  for (const WitnessEdge& edge : witness.edges) {
    const size_t slot = edge.field.find('[');
    parts.push_back("->" + (slot == std::string::npos ? edge.field : edge.field.substr(0, slot) + "[]"));
  }
  std::sort(parts.begin(), parts.end());
  std::string signature;
  for (const std::string& part : parts) signature += part + "|";
  return signature;
}

size_t chain_length(const CycleWitness& witness) {
  size_t length = 0;
  for (const WitnessEdge& edge : witness.edges) length += edge.chain.size();
  return length;
}

// Solves one range. The solver is handed back so that the caller decides when its summaries go.
std::shared_ptr<Solver> solve_part(const Program& program, const LibraryModels& models, bool include_possible,
                                   std::pair<size_t, size_t> range, const std::vector<bool>& context_modules,
                                   Solver::Output& out) {
  FieldTable table;
  FieldTable* saved = current_fields;
  current_fields = &table;
  intern_field("");  // id 0: no field
  const auto started = std::chrono::steady_clock::now();
  auto solver =
      std::make_shared<Solver>(program, models, include_possible, range.first, range.second, context_modules);
  {
    const TextPoolScope texts(solver->texts());
    out = solver->run();
  }
  if (std::getenv("CYCLECHECK_DEBUG_TIMES") != nullptr) {
    std::fprintf(stderr, "[times] solver on modules %zu-%zu: %zu functions analysed in %.3f s\n", range.first,
                 range.second, out.result.functions_analyzed,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  }
  current_fields = saved;
  return solver;
}

}  // namespace

SolveResult solve(const Program& program, const LibraryModels& models, bool include_possible, size_t parts,
                  bool free_state, const std::vector<bool>& context_modules) {
  const auto ranges = partition_modules(program, parts, context_modules);
  std::vector<Solver::Output> outputs(ranges.size());
  // Ranges with the most functions start first (longest first): ranges have about the same number of lines,
  // but the time follows the functions more (on torch, 4.5k-6k functions per range took 0.23-0.32 s), and a
  // long range taken last keeps one core waiting for it. Only the order of work changes, not the findings.
  std::vector<size_t> order(ranges.size());
  {
    std::vector<size_t> functions(ranges.size(), 0);
    for (size_t r = 0; r < ranges.size(); ++r) {
      order[r] = r;
      for (size_t m = ranges[r].first; m < ranges[r].second; ++m)
        functions[r] += solved_functions(program, context_modules, m);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return functions[a] > functions[b]; });
  }
  std::atomic<size_t> next{0};
  const size_t thread_count =
      std::min<size_t>(ranges.size(), std::max(1u, std::thread::hardware_concurrency()));
  BusyAnalysisThreads busy(thread_count);
  auto worker = [&] {
    // A thread that goes on to another range frees the summaries of the last one first, so the next
    // range reuses their memory: only one range per thread is alive at a time. The last range's
    // summaries stay until exit unless the caller asks for them to be freed.
    std::shared_ptr<Solver> previous;
    for (size_t n = next++; n < ranges.size(); n = next++) {
      const size_t i = order[n];
      previous.reset();
      previous = solve_part(program, models, include_possible, ranges[i], context_modules, outputs[i]);
    }
    if (!free_state && previous) retain_until_exit(std::move(previous));
    previous.reset();
    busy.leave();  // its core is free for background work while the other ranges finish
  };
  std::vector<std::thread> threads;
  for (size_t t = 1; t < thread_count; ++t) threads.emplace_back(worker);
  worker();
  for (auto& thread : threads) thread.join();

  // Merge. A cycle seen from two parts (in a callee, and again through it in a caller) is kept once:
  // it is recognised by the sites of its innermost edges (the solver's own key) or, across parts, by
  // its objects (each part numbers fields in its own order, so equivalent edges may be named "[0]" or
  // "[]"; within one part, two cycles through the same objects are two stores to fix). Of two reports
  // the proven one wins, then the innermost (shortest call chains), as when one solver sees both.
  SolveResult result;
  std::vector<size_t> origin;  // the part each kept cycle came from
  std::unordered_map<std::string, size_t> by_key;
  std::unordered_map<std::string, std::vector<size_t>> by_skeleton;  // see Solver::report_cycle
  std::vector<CycleEdgeKeys> kept_edges;                             // per kept cycle
  std::unordered_map<std::string, std::vector<size_t>> by_objects;
  for (size_t p = 0; p < outputs.size(); ++p) {
    auto& part = outputs[p];
    result.functions_analyzed += part.result.functions_analyzed;
    for (size_t c = 0; c < part.result.cycles.size(); ++c) {
      CycleWitness& witness = part.result.cycles[c];
      std::optional<size_t> existing;
      if (auto it = by_key.find(part.cycle_keys[c]); it != by_key.end()) existing = it->second;
      std::vector<size_t>& same_objects = by_objects[object_signature(witness)];
      for (size_t index : same_objects) {
        if (!existing && origin[index] != p) existing = index;
      }
      CycleEdgeKeys& edges = part.cycle_edges[c];
      if (!existing) {
        for (size_t index : by_skeleton[edges.skeleton]) {
          if (!existing && origin[index] != p && edges.same_cycle(kept_edges[index])) existing = index;
        }
      }
      if (!existing) {
        const size_t index = result.cycles.size();
        by_key.emplace(std::move(part.cycle_keys[c]), index);
        by_skeleton[edges.skeleton].push_back(index);
        same_objects.push_back(index);
        origin.push_back(p);
        kept_edges.push_back(std::move(edges));
        result.cycles.push_back(std::move(witness));
        continue;
      }
      by_key.emplace(std::move(part.cycle_keys[c]), *existing);
      CycleWitness& kept = result.cycles[*existing];
      if (std::make_tuple(!witness.must, edges.reads(), chain_length(witness)) <
          std::make_tuple(!kept.must, kept_edges[*existing].reads(), chain_length(kept))) {
        kept = std::move(witness);
        kept_edges[*existing] = std::move(edges);
      }
    }
    std::move(part.result.events.begin(), part.result.events.end(), std::back_inserter(result.events));
    result.calls.insert(result.calls.end(), part.result.calls.begin(), part.result.calls.end());
    std::move(part.result.names_called_under_no_grad.begin(), part.result.names_called_under_no_grad.end(),
              std::back_inserter(result.names_called_under_no_grad));
    std::move(part.result.backpropagated_accumulators.begin(), part.result.backpropagated_accumulators.end(),
              std::back_inserter(result.backpropagated_accumulators));
  }
  sort_unique(result.calls);
  sort_unique(result.names_called_under_no_grad);
  sort_unique(result.backpropagated_accumulators);
  if (!include_possible) {
    result.cycles.erase(std::remove_if(result.cycles.begin(), result.cycles.end(),
                                       [](const CycleWitness& w) { return !w.must; }),
                        result.cycles.end());
  }
  return result;
}

}  // namespace cyclecheck
