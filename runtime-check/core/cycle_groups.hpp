// Turns the components of a garbage graph into cycles grouped by shape (the types and edge labels
// inside the cycle), each with what it holds: the acyclic garbage reachable only through it.
// Python-free: type names, sizes and tensor flags come in per node.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scc.hpp"

namespace cyclecheck::runtime {

struct GroupingInput {
  const CsrGraph& graph;
  const std::vector<uint32_t>& edge_label;
  const std::vector<std::string>& labels;
  const std::vector<uint32_t>& node_type;      // per node, index into type_names
  const std::vector<std::string>& type_names;  // full names
  const std::vector<std::string>& type_short_names;
  const std::vector<bool>& type_user_defined;
  const std::vector<uint64_t>& node_bytes;
  const std::vector<bool>& node_is_tensor;
};

struct CycleInstance {
  std::vector<uint32_t> members;        // the component
  std::vector<uint32_t> held;           // acyclic garbage only this cycle reaches
  std::vector<uint32_t> witness_nodes;  // a shortest cycle, starting at a user-defined object if any
  std::vector<uint32_t> witness_edges;  // edge positions; witness_edges[i] goes witness_nodes[i] -> [i + 1]
  uint64_t bytes = 0;
};

struct CycleGroup {
  std::string signature;  // canonical: sorted "Type -label-> Type" lines with counts
  std::string path;       // the example's witness as text: "A -> .x -> B -> __self__ -> A"
  uint64_t count = 0;     // cycles of this shape
  uint64_t objects = 0;   // members plus held, over all cycles
  uint64_t bytes = 0;
  std::vector<uint32_t> tensors;  // tensor nodes over all cycles (members and held)
  CycleInstance example;          // the first cycle of this shape
};

struct Grouping {
  std::vector<CycleGroup> groups;  // in order of first appearance
  uint64_t acyclic_objects = 0;    // garbage no cycle reaches (rare: refcounting frees most of it)
  uint64_t acyclic_bytes = 0;
  std::vector<uint32_t> acyclic_tensors;
};

Grouping group_cycles(const GroupingInput& input, const Components& components);

// Normalises a label for shape comparison: container positions ("[3]") become "[]".
std::string shape_label(const std::string& label);

}  // namespace cyclecheck::runtime
