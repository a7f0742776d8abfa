#include "analyzer/scc.hpp"

#include <algorithm>
#include <limits>
#include <queue>

namespace cyclecheck {

std::vector<uint32_t> strongly_connected_components(const Adjacency& graph, uint32_t& component_count) {
  constexpr uint32_t kUnvisited = std::numeric_limits<uint32_t>::max();
  const auto n = static_cast<uint32_t>(graph.size());
  std::vector<uint32_t> index(n, kUnvisited), low(n, 0), component(n, kUnvisited);
  std::vector<bool> on_stack(n, false);
  std::vector<uint32_t> stack;
  std::vector<std::pair<uint32_t, uint32_t>> work;  // (node, next child position)
  uint32_t counter = 0;
  component_count = 0;
  for (uint32_t start = 0; start < n; ++start) {
    if (index[start] != kUnvisited) continue;
    work.emplace_back(start, 0);
    while (!work.empty()) {
      auto& [node, child] = work.back();
      if (child == 0 && index[node] == kUnvisited) {
        index[node] = low[node] = counter++;
        stack.push_back(node);
        on_stack[node] = true;
      }
      if (child < graph[node].size()) {
        const uint32_t next = graph[node][child++];
        if (index[next] == kUnvisited) {
          work.emplace_back(next, 0);
        } else if (on_stack[next]) {
          low[node] = std::min(low[node], index[next]);
        }
        continue;
      }
      if (low[node] == index[node]) {
        uint32_t member;
        do {
          member = stack.back();
          stack.pop_back();
          on_stack[member] = false;
          component[member] = component_count;
        } while (member != node);
        ++component_count;
      }
      const uint32_t finished = node;
      work.pop_back();
      if (!work.empty()) low[work.back().first] = std::min(low[work.back().first], low[finished]);
    }
  }
  return component;
}

std::vector<uint32_t> shortest_path_within(const Adjacency& graph, const std::vector<uint32_t>& component_of,
                                           uint32_t component, uint32_t from, uint32_t to) {
  if (from == to) return {to};
  std::vector<uint32_t> parent(graph.size(), std::numeric_limits<uint32_t>::max());
  std::queue<uint32_t> queue;
  queue.push(from);
  parent[from] = from;
  while (!queue.empty()) {
    const uint32_t node = queue.front();
    queue.pop();
    for (uint32_t next : graph[node]) {
      if (component_of[next] != component || parent[next] != std::numeric_limits<uint32_t>::max()) continue;
      parent[next] = node;
      if (next == to) {
        std::vector<uint32_t> path{to};
        for (uint32_t at = node; at != from; at = parent[at]) path.push_back(at);
        path.push_back(from);
        std::reverse(path.begin(), path.end());
        path.erase(path.begin());
        return path;
      }
      queue.push(next);
    }
  }
  return {};
}

}  // namespace cyclecheck
