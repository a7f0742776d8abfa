#include "scc.hpp"

#include <algorithm>
#include <limits>

namespace cyclecheck::runtime {

Components strongly_connected_components(const CsrGraph& graph) {
  constexpr uint32_t kUnvisited = std::numeric_limits<uint32_t>::max();
  const uint32_t n = graph.node_count();
  std::vector<uint32_t> index(n, kUnvisited), lowlink(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<uint32_t> stack;
  // Explicit DFS stack: (node, next edge position).
  std::vector<std::pair<uint32_t, uint32_t>> dfs;
  Components result;
  result.component_of.assign(n, kUnvisited);
  uint32_t next_index = 0;

  for (uint32_t root = 0; root < n; ++root) {
    if (index[root] != kUnvisited) continue;
    dfs.emplace_back(root, graph.offsets[root]);
    index[root] = lowlink[root] = next_index++;
    stack.push_back(root);
    on_stack[root] = true;
    while (!dfs.empty()) {
      auto& [node, edge] = dfs.back();
      if (edge < graph.offsets[node + 1]) {
        const uint32_t target = graph.targets[edge++];
        if (index[target] == kUnvisited) {
          index[target] = lowlink[target] = next_index++;
          stack.push_back(target);
          on_stack[target] = true;
          dfs.emplace_back(target, graph.offsets[target]);
        } else if (on_stack[target]) {
          lowlink[node] = std::min(lowlink[node], index[target]);
        }
        continue;
      }
      const uint32_t finished = node;
      dfs.pop_back();
      if (!dfs.empty()) {
        const uint32_t parent = dfs.back().first;
        lowlink[parent] = std::min(lowlink[parent], lowlink[finished]);
      }
      if (lowlink[finished] == index[finished]) {
        const auto component_id = static_cast<uint32_t>(result.members.size());
        auto& members = result.members.emplace_back();
        uint32_t member;
        do {
          member = stack.back();
          stack.pop_back();
          on_stack[member] = false;
          result.component_of[member] = component_id;
          members.push_back(member);
        } while (member != finished);
      }
    }
  }
  return result;
}

bool is_cyclic(const CsrGraph& graph, const std::vector<uint32_t>& component) {
  if (component.size() > 1) return true;
  if (component.empty()) return false;
  const uint32_t node = component.front();
  for (uint32_t e = graph.offsets[node]; e < graph.offsets[node + 1]; ++e) {
    if (graph.targets[e] == node) return true;
  }
  return false;
}

}  // namespace cyclecheck::runtime
