#include "cycle_groups.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <unordered_map>

namespace cyclecheck::runtime {
namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

uint32_t pick_start(const GroupingInput& input, const std::vector<uint32_t>& members) {
  for (uint32_t node : members) {
    if (input.type_user_defined[input.node_type[node]]) return node;
  }
  for (uint32_t node : members) {  // then a function: closures read best from the function
    if (input.type_names[input.node_type[node]] == "function") return node;
  }
  return *std::min_element(members.begin(), members.end());
}

// Breadth-first search inside the component for the shortest path from `start` back to itself.
void find_witness(const GroupingInput& input, const std::vector<uint32_t>& component_of, uint32_t component,
                  uint32_t start, CycleInstance& instance) {
  const CsrGraph& g = input.graph;
  std::unordered_map<uint32_t, uint32_t> parent_edge;  // node -> edge that reached it
  std::vector<uint32_t> frontier{start};
  parent_edge[start] = kNone;
  uint32_t closing_edge = kNone;
  std::unordered_map<uint32_t, uint32_t> source_of_edge;
  for (size_t head = 0; head < frontier.size() && closing_edge == kNone; ++head) {
    const uint32_t node = frontier[head];
    for (uint32_t e = g.offsets[node]; e < g.offsets[node + 1]; ++e) {
      const uint32_t target = g.targets[e];
      if (component_of[target] != component) continue;
      if (target == start) {
        closing_edge = e;
        source_of_edge[e] = node;
        break;
      }
      if (parent_edge.emplace(target, e).second) {
        source_of_edge[e] = node;
        frontier.push_back(target);
      }
    }
  }
  if (closing_edge == kNone) return;  // not reached for a cyclic component
  std::vector<uint32_t> edges{closing_edge};
  for (uint32_t node = source_of_edge[closing_edge]; node != start;) {
    const uint32_t e = parent_edge[node];
    edges.push_back(e);
    node = source_of_edge[e];
  }
  std::reverse(edges.begin(), edges.end());
  instance.witness_nodes.push_back(start);
  for (uint32_t e : edges) {
    instance.witness_edges.push_back(e);
    instance.witness_nodes.push_back(g.targets[e]);
  }
}

std::string witness_text(const GroupingInput& input, const CycleInstance& instance) {
  if (instance.witness_nodes.empty()) return {};
  std::string text = input.type_short_names[input.node_type[instance.witness_nodes[0]]];
  for (size_t i = 0; i < instance.witness_edges.size(); ++i) {
    text += " -> " + input.labels[input.edge_label[instance.witness_edges[i]]] + " -> ";
    text += input.type_short_names[input.node_type[instance.witness_nodes[i + 1]]];
  }
  return text;
}

std::string signature_of(const GroupingInput& input, const std::vector<uint32_t>& component_of,
                         uint32_t component, const std::vector<uint32_t>& members) {
  std::map<std::string, uint64_t> lines;
  std::unordered_map<uint32_t, std::string> label_shape;
  for (uint32_t node : members) {
    for (uint32_t e = input.graph.offsets[node]; e < input.graph.offsets[node + 1]; ++e) {
      const uint32_t target = input.graph.targets[e];
      if (component_of[target] != component) continue;
      auto [shape, inserted] = label_shape.try_emplace(input.edge_label[e]);
      if (inserted) shape->second = shape_label(input.labels[input.edge_label[e]]);
      ++lines[input.type_names[input.node_type[node]] + " -" + shape->second + "-> " +
              input.type_names[input.node_type[target]]];
    }
  }
  std::string signature;
  for (const auto& [line, n] : lines) {
    signature += line;
    if (n > 1) signature += " x" + std::to_string(n);
    signature += "\n";
  }
  return signature;
}

}  // namespace

std::string shape_label(const std::string& label) {
  if (label.size() >= 3 && label.front() == '[' && label.back() == ']' &&
      std::all_of(label.begin() + 1, label.end() - 1,
                  [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '-'; })) {
    return "[]";
  }
  return label;
}

Grouping group_cycles(const GroupingInput& input, const Components& components) {
  Grouping result;
  const uint32_t n = input.graph.node_count();
  std::vector<uint32_t> claimed_by(n, kNone);  // node -> cycle instance id (members and held)
  std::unordered_map<std::string, size_t> group_of_signature;
  std::vector<uint32_t> queue;
  uint32_t instance_id = 0;

  // Tarjan lists components sinks first; walk them sources first so that a cycle claims what hangs
  // below it before a downstream cycle's own walk sees it.
  for (size_t c = components.members.size(); c-- > 0;) {
    const auto& members = components.members[c];
    if (!is_cyclic(input.graph, members)) continue;
    const auto component = static_cast<uint32_t>(c);
    CycleInstance instance;
    instance.members = members;
    std::sort(instance.members.begin(), instance.members.end());
    for (uint32_t node : members) claimed_by[node] = instance_id;
    queue.assign(members.begin(), members.end());
    for (size_t head = 0; head < queue.size(); ++head) {
      const uint32_t node = queue[head];
      for (uint32_t e = input.graph.offsets[node]; e < input.graph.offsets[node + 1]; ++e) {
        const uint32_t target = input.graph.targets[e];
        if (claimed_by[target] != kNone) continue;
        if (is_cyclic(input.graph, components.members[components.component_of[target]])) continue;
        claimed_by[target] = instance_id;
        instance.held.push_back(target);
        queue.push_back(target);
      }
    }
    for (uint32_t node : instance.members) instance.bytes += input.node_bytes[node];
    for (uint32_t node : instance.held) instance.bytes += input.node_bytes[node];

    const std::string signature = signature_of(input, components.component_of, component, members);
    auto [slot, is_new] = group_of_signature.try_emplace(signature, result.groups.size());
    if (is_new) {
      CycleGroup& group = result.groups.emplace_back();
      group.signature = signature;
      find_witness(input, components.component_of, component, pick_start(input, instance.members), instance);
      group.path = witness_text(input, instance);
    }
    CycleGroup& group = result.groups[slot->second];
    ++group.count;
    group.objects += instance.members.size() + instance.held.size();
    group.bytes += instance.bytes;
    for (const auto* list : {&instance.members, &instance.held}) {
      for (uint32_t node : *list) {
        if (input.node_is_tensor[node]) group.tensors.push_back(node);
      }
    }
    if (is_new) group.example = std::move(instance);
    ++instance_id;
  }
  for (uint32_t node = 0; node < n; ++node) {
    if (claimed_by[node] != kNone) continue;
    ++result.acyclic_objects;
    result.acyclic_bytes += input.node_bytes[node];
    if (input.node_is_tensor[node]) result.acyclic_tensors.push_back(node);
  }
  return result;
}

}  // namespace cyclecheck::runtime
