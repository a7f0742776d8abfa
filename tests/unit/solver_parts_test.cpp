// Large projects are solved in parts on separate threads (analyzer/solver.cpp). Splitting must not
// lose findings or report one twice. Each part numbers fields in its own order, so a part may name a
// cycle by equivalent edges, or see it only through a caller: the cycles are compared by objects.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "analyzer/library_models.hpp"
#include "analyzer/program.hpp"
#include "analyzer/project.hpp"
#include "analyzer/solver.hpp"

namespace fs = std::filesystem;
using namespace cyclecheck;

namespace {

std::vector<std::shared_ptr<const ModuleFacts>> lower_tree(const fs::path& root) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() == ".py") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::shared_ptr<const ModuleFacts>> modules;
  for (const fs::path& file : files) {
    Diagnostic error;
    auto source = read_source(file, fs::relative(file, root.parent_path()).generic_string(), error);
    if (source) modules.push_back(lower_module(*source));
  }
  return modules;
}

// The objects a cycle goes through. Parts number fields in their own order, so a cycle may be named
// by equivalent edges ("[0]" or "[]"); its objects and whether it is proven do not change.
std::string describe(const CycleWitness& cycle) {
  std::vector<std::string> nodes;
  for (const WitnessNode& n : cycle.nodes) {
    nodes.push_back(std::to_string(n.site.module) + ":" + std::to_string(n.site.site.line) + " " + n.label);
  }
  std::sort(nodes.begin(), nodes.end());
  std::string text = cycle.must ? "must:" : "possible:";
  for (const auto& n : nodes) text += " " + n;
  return text;
}

std::multiset<std::string> cycles_of(const SolveResult& result) {
  std::multiset<std::string> out;
  for (const CycleWitness& c : result.cycles) out.insert(describe(c));
  return out;
}

std::multiset<std::string> events_of(const SolveResult& result) {
  std::multiset<std::string> out;
  for (const RetentionEvent& e : result.events) {
    const SiteRef site = e.chain.empty() ? SiteRef{} : e.chain.back();
    out.insert(std::to_string(static_cast<int>(e.kind)) + " " + std::to_string(site.module) + ":" +
               std::to_string(site.site.line) + " " + e.base_label + " <- " + e.value_label);
  }
  return out;
}

TEST(SolverParts, SplittingTheExampleProjectLosesNothing) {
  const auto modules = lower_tree(fs::path(CYCLECHECK_SOURCE_DIR) / "examples" / "leaky_trainer");
  ASSERT_GE(modules.size(), 5u);
  const Program program(modules);
  const auto& models = *LibraryModels::builtin();
  for (const bool possible : {false, true}) {
    const SolveResult whole = solve(program, models, possible, 1);
    ASSERT_FALSE(whole.cycles.empty());
    ASSERT_FALSE(whole.events.empty());
    // A small project is never split unless asked.
    EXPECT_EQ(cycles_of(whole), cycles_of(solve(program, models, possible)));
    for (size_t parts = 2; parts <= modules.size(); ++parts) {
      const SolveResult split = solve(program, models, possible, parts);
      const auto split_cycles = cycles_of(split);
      for (const std::string& cycle : cycles_of(whole)) {
        EXPECT_TRUE(split_cycles.count(cycle)) << cycle << " lost with " << parts << " parts";
      }
      for (const std::string& cycle : split_cycles) {
        EXPECT_EQ(split_cycles.count(cycle), 1u) << cycle << " reported twice with " << parts << " parts";
      }
      // A cycle may be seen both in its callee's part and, through the caller's copies of its
      // objects, in a caller's part: here that happens to one cycle at most.
      EXPECT_LE(split.cycles.size(), whole.cycles.size() + 1) << parts << " parts";
      EXPECT_EQ(events_of(whole), events_of(split)) << parts << " parts, possible=" << possible;
    }
  }
}

TEST(SolverParts, SameResultOnEveryRun) {
  const auto modules = lower_tree(fs::path(CYCLECHECK_SOURCE_DIR) / "examples" / "leaky_trainer");
  const Program program(modules);
  const SolveResult first = solve(program, *LibraryModels::builtin(), true, 3);
  for (int run = 0; run < 5; ++run) {
    const SolveResult again = solve(program, *LibraryModels::builtin(), true, 3);
    ASSERT_EQ(first.cycles.size(), again.cycles.size());
    for (size_t i = 0; i < first.cycles.size(); ++i)
      EXPECT_EQ(describe(first.cycles[i]), describe(again.cycles[i]));
    EXPECT_EQ(events_of(first), events_of(again));
  }
}

// More ranges than threads: a thread frees the summaries of its last range before it starts the next,
// and with free_state false keeps only its last range's. Either way the findings are the same.
TEST(SolverParts, FreeingFinishedRangesChangesNothing) {
  const auto modules = lower_tree(fs::path(CYCLECHECK_SOURCE_DIR) / "examples" / "leaky_trainer");
  const Program program(modules);
  const auto& models = *LibraryModels::builtin();
  const size_t parts = modules.size();
  const SolveResult freed = solve(program, models, true, parts, true);
  const SolveResult kept = solve(program, models, true, parts, false);
  EXPECT_EQ(cycles_of(freed), cycles_of(kept));
  EXPECT_EQ(events_of(freed), events_of(kept));
}

// Two cycles through one object by different fields (`self._prev = self`, `self._next = self`) are two
// stores to fix. A caller's part sees both through its copies of the object, the class's part sees them
// in `__init__`: merging the parts must keep one finding per field, each at its own store.
TEST(SolverParts, CyclesThroughOneObjectByTwoFieldsStayTwo) {
  std::vector<std::shared_ptr<const ModuleFacts>> modules;
  modules.push_back(lower_module(
      SourceText{"build.py", "build", false, "import graph\n\n\ndef make():\n    return graph.Node()\n"}));
  modules.push_back(lower_module(SourceText{
      "graph.py", "graph", false,
      "class Node:\n    def __init__(self):\n        self._prev = self\n        self._next = self\n"}));
  const Program program(modules);
  for (const size_t parts : {1u, 2u}) {
    const SolveResult result = solve(program, *LibraryModels::builtin(), false, parts);
    std::multiset<std::string> stores;
    for (const CycleWitness& cycle : result.cycles) {
      ASSERT_EQ(cycle.edges.size(), 1u);
      ASSERT_FALSE(cycle.edges[0].chain.empty());
      const SiteRef& store = cycle.edges[0].chain.back();
      stores.insert(cycle.edges[0].field + " line " + std::to_string(store.site.line));
    }
    EXPECT_EQ(stores, (std::multiset<std::string>{"._next line 4", "._prev line 3"})) << parts << " parts";
  }
}

// One cycle seen in two functions: `fit()` reads `self.hooks` and `self.hooks._subs` and appends `self`,
// `main()` runs `__init__` too, which stored them. Reported once, with the stores, in one part or split
// between two (the bus in one module, the trainer in another).
TEST(SolverParts, ACycleSeenThroughReadsAndThroughStoresIsOne) {
  std::vector<std::shared_ptr<const ModuleFacts>> modules;
  modules.push_back(lower_module(SourceText{"bus.py", "bus", false,
                                            "class HookBus:\n"
                                            "    def __init__(self):\n"
                                            "        self._subs = []\n"
                                            "\n"
                                            "    def on(self, handler):\n"
                                            "        self._subs.append((handler, 1))\n"}));
  modules.push_back(lower_module(SourceText{"train.py", "train", false,
                                            "from bus import HookBus\n"
                                            "\n"
                                            "\n"
                                            "class Trainer:\n"
                                            "    def __init__(self):\n"
                                            "        self.hooks = HookBus()\n"
                                            "\n"
                                            "    def fit(self):\n"
                                            "        self.hooks.on(self)\n"
                                            "\n"
                                            "\n"
                                            "def main():\n"
                                            "    Trainer().fit()\n"}));
  const Program program(modules);
  for (const size_t parts : {1u, 2u}) {
    const SolveResult result = solve(program, *LibraryModels::builtin(), false, parts);
    ASSERT_EQ(result.cycles.size(), 1u) << parts << " parts";
    // The witness kept shows where `hooks` was stored, not only where fit() read it.
    bool shows_store = false;
    for (const WitnessEdge& edge : result.cycles[0].edges) {
      for (const SiteRef& site : edge.chain)
        shows_store |= site.note.find("self.hooks = ...") != std::string::npos;
    }
    EXPECT_TRUE(shows_store) << parts << " parts";
  }
}

}  // namespace
