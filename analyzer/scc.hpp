// Strongly connected components (iterative Tarjan) and shortest cycles inside one.
#pragma once

#include <cstdint>
#include <vector>

namespace cyclecheck {

using Adjacency = std::vector<std::vector<uint32_t>>;

// Component id per node; components numbered in reverse topological order. Iterative: no recursion depth.
std::vector<uint32_t> strongly_connected_components(const Adjacency& graph, uint32_t& component_count);

// Shortest path from `from` to `to` using only nodes with component[node] == component; empty when none.
// The result lists the nodes visited after `from`, ending with `to`.
std::vector<uint32_t> shortest_path_within(const Adjacency& graph, const std::vector<uint32_t>& component_of,
                                           uint32_t component, uint32_t from, uint32_t to);

}  // namespace cyclecheck
