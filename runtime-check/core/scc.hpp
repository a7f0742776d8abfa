// Strongly connected components of a graph in compressed sparse row form. Python-free.
#pragma once

#include <cstdint>
#include <vector>

namespace cyclecheck::runtime {

// Adjacency of node i: targets[offsets[i] .. offsets[i + 1]).
struct CsrGraph {
  std::vector<uint32_t> offsets{0};
  std::vector<uint32_t> targets;
  uint32_t node_count() const { return static_cast<uint32_t>(offsets.size() - 1); }
};

struct Components {
  std::vector<uint32_t> component_of;          // per node
  std::vector<std::vector<uint32_t>> members;  // per component, in reverse topological order
};

// Tarjan's algorithm, iterative so that a million-object chain cannot overflow the stack.
Components strongly_connected_components(const CsrGraph& graph);

// A component is a cycle when it has two or more nodes, or one node with an edge to itself.
bool is_cyclic(const CsrGraph& graph, const std::vector<uint32_t>& component);

}  // namespace cyclecheck::runtime
