// pybind11 module `cyclecheck_runtime._core`: the garbage walk, the release, and (when the build has
// the shared renderer) DOT/SVG drawing of cycles.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <unordered_map>
#include <unordered_set>

#include "cycle_groups.hpp"
#include "object_graph.hpp"
#include "release.hpp"
#include "type_names.hpp"

namespace py = pybind11;

namespace cyclecheck::runtime {
void register_render_bindings(py::module_& module);  // render_bindings.cpp, when built
namespace {

using Clock = std::chrono::steady_clock;

int64_t elapsed_ns(Clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - since).count();
}

std::vector<PyObject*> borrow_list(const py::list& objects) {
  std::vector<PyObject*> result;
  result.reserve(objects.size());
  for (py::handle object : objects) result.push_back(object.ptr());
  return result;
}

uint64_t object_bytes(PyObject* object) {
  const size_t size = _PySys_GetSizeOf(object);
  if (size == static_cast<size_t>(-1)) {
    PyErr_Clear();
    return static_cast<uint64_t>(Py_TYPE(object)->tp_basicsize);
  }
  return size;
}

// The example cycle as nodes and edges the Python side can turn into a report and a graph. Nodes:
// the witness first, then the rest of the component and what it holds, up to `limit`.
py::dict example_dict(const ObjectGraph& graph, const GroupingInput& input, const CycleInstance& instance,
                      const std::vector<uint32_t>& component_of, size_t limit) {
  std::vector<uint32_t> chosen;
  std::unordered_map<uint32_t, size_t> position;
  auto choose = [&](uint32_t node) {
    if (chosen.size() >= limit || position.count(node)) return;
    position[node] = chosen.size();
    chosen.push_back(node);
  };
  for (size_t i = 0; i + 1 < instance.witness_nodes.size(); ++i) choose(instance.witness_nodes[i]);
  for (uint32_t node : instance.members) choose(node);
  for (uint32_t node : instance.held) choose(node);
  const uint32_t cycle_component = instance.members.empty() ? 0 : component_of[instance.members.front()];
  std::unordered_set<uint32_t> witness_edges(instance.witness_edges.begin(), instance.witness_edges.end());

  py::list nodes;
  for (uint32_t node : chosen) {
    const uint32_t type = input.node_type[node];
    py::dict entry;
    entry["object"] = py::reinterpret_borrow<py::object>(graph.nodes[node]);
    entry["type"] = input.type_names[type];
    entry["short_type"] = input.type_short_names[type];
    entry["user_defined"] = static_cast<bool>(input.type_user_defined[type]);
    entry["in_cycle"] = component_of[node] == cycle_component;
    entry["bytes"] = input.node_bytes[node];
    entry["is_tensor"] = static_cast<bool>(input.node_is_tensor[node]);
    nodes.append(std::move(entry));
  }
  py::list edges;
  for (uint32_t node : chosen) {
    for (uint32_t e = graph.graph.offsets[node]; e < graph.graph.offsets[node + 1]; ++e) {
      auto target = position.find(graph.graph.targets[e]);
      if (target == position.end()) continue;
      py::dict entry;
      entry["from"] = position[node];
      entry["to"] = target->second;
      entry["label"] = graph.labels[graph.edge_label[e]];
      entry["in_cycle"] =
          component_of[node] == cycle_component && component_of[graph.graph.targets[e]] == cycle_component;
      entry["witness"] = witness_edges.count(e) > 0;
      edges.append(std::move(entry));
    }
  }
  py::dict example;
  example["nodes"] = std::move(nodes);
  example["edges"] = std::move(edges);
  example["members"] = instance.members.size();
  example["held"] = instance.held.size();
  example["witness_length"] = instance.witness_edges.size();
  example["bytes"] = instance.bytes;
  return example;
}

py::list objects_of(const ObjectGraph& graph, const std::vector<uint32_t>& nodes) {
  py::list result;
  for (uint32_t node : nodes) result.append(py::reinterpret_borrow<py::object>(graph.nodes[node]));
  return result;
}

py::dict walk(const py::list& objects, const py::object& tensor_type, bool measure_sizes,
              size_t example_limit) {
  const auto start = Clock::now();
  const std::vector<PyObject*> borrowed = borrow_list(objects);
  auto* tensor_class = tensor_type.is_none() || !PyType_Check(tensor_type.ptr())
                           ? nullptr
                           : reinterpret_cast<PyTypeObject*>(tensor_type.ptr());
  ObjectLabeler labeler;
  labeler.set_tensor_type(tensor_class);
  ObjectGraph graph = build_object_graph(borrowed, labeler);
  const int64_t graph_ns = elapsed_ns(start);

  const auto scc_start = Clock::now();
  const Components components = strongly_connected_components(graph.graph);
  const int64_t scc_ns = elapsed_ns(scc_start);

  const auto group_start = Clock::now();
  TypeNames names;
  std::unordered_map<PyTypeObject*, uint32_t> type_ids;
  std::vector<std::string> type_names, short_names;
  std::vector<bool> user_defined;
  const size_t n = graph.nodes.size();
  std::vector<uint32_t> node_type(n);
  std::vector<uint64_t> node_bytes(n, 0);
  std::vector<bool> node_is_tensor(n, false);
  for (size_t i = 0; i < n; ++i) {
    PyObject* object = graph.nodes[i];
    PyTypeObject* type = Py_TYPE(object);
    auto [it, inserted] = type_ids.try_emplace(type, static_cast<uint32_t>(type_names.size()));
    if (inserted) {
      const TypeInfo& info = names.info(type);
      type_names.push_back(info.full_name);
      short_names.push_back(info.short_name);
      user_defined.push_back(info.user_defined);
    }
    node_type[i] = it->second;
    // Cyclic components only matter; sizing the rest would make the cost scale with unrelated garbage.
    if (measure_sizes) node_bytes[i] = object_bytes(object);
    if (tensor_class != nullptr && PyObject_TypeCheck(object, tensor_class)) node_is_tensor[i] = true;
  }
  const GroupingInput input{graph.graph, graph.edge_label, graph.labels, node_type,     type_names,
                            short_names, user_defined,     node_bytes,   node_is_tensor};
  const Grouping grouping = group_cycles(input, components);
  const int64_t group_ns = elapsed_ns(group_start);

  py::list groups;
  for (const CycleGroup& group : grouping.groups) {
    py::dict entry;
    entry["signature"] = group.signature;
    entry["path"] = group.path;
    entry["count"] = group.count;
    entry["objects"] = group.objects;
    entry["bytes"] = group.bytes;
    entry["tensors"] = objects_of(graph, group.tensors);
    entry["example"] = example_dict(graph, input, group.example, components.component_of, example_limit);
    groups.append(std::move(entry));
  }
  py::dict acyclic;
  acyclic["objects"] = grouping.acyclic_objects;
  acyclic["bytes"] = grouping.acyclic_bytes;
  acyclic["tensors"] = objects_of(graph, grouping.acyclic_tensors);

  py::dict timings;
  timings["graph"] = graph_ns;
  timings["scc"] = scc_ns;
  timings["groups"] = group_ns;
  timings["total"] = elapsed_ns(start);

  py::dict result;
  result["objects"] = borrowed.size();
  result["nodes"] = n;
  result["edges"] = graph.graph.targets.size();
  result["folded"] = graph.folded_objects;
  result["groups"] = std::move(groups);
  result["acyclic"] = std::move(acyclic);
  result["timings_ns"] = std::move(timings);
  return result;
}

size_t release(const py::list& objects) { return clear_garbage(borrow_list(objects)); }

bool any_legacy_finalizer(const py::list& objects) {
  for (py::handle object : objects) {
    if (has_legacy_finalizer(object.ptr())) return true;
  }
  return false;
}

// Edges among `objects` with their labels, for tests and for comparing with the pure-Python walker.
py::list labelled_edges(const py::list& objects) {
  const std::vector<PyObject*> borrowed = borrow_list(objects);
  ObjectLabeler labeler;
  const ObjectGraph graph = build_object_graph(borrowed, labeler);
  py::list edges;
  for (uint32_t node = 0; node < graph.nodes.size(); ++node) {
    for (uint32_t e = graph.graph.offsets[node]; e < graph.graph.offsets[node + 1]; ++e) {
      edges.append(py::make_tuple(py::reinterpret_borrow<py::object>(graph.nodes[node]),
                                  graph.labels[graph.edge_label[e]],
                                  py::reinterpret_borrow<py::object>(graph.nodes[graph.graph.targets[e]])));
    }
  }
  return edges;
}

}  // namespace
}  // namespace cyclecheck::runtime

PYBIND11_MODULE(_core, module) {
  using namespace cyclecheck::runtime;
  module.doc() = "cyclecheck runtime core: walks collected garbage, finds and groups cycles, releases them";
  module.def("walk", &walk, py::arg("objects"), py::arg("tensor_type") = py::none(),
             py::arg("measure_sizes") = true, py::arg("example_limit") = 40,
             "Graph, cycles and cycle groups of a list of garbage objects.");
  module.def("release", &release, py::arg("objects"),
             "tp_clear every object (as the collector does); the caller then drops its references.");
  module.def("any_legacy_finalizer", &any_legacy_finalizer, py::arg("objects"));
  module.def("labelled_edges", &labelled_edges, py::arg("objects"));
#ifdef CYCLECHECK_RUNTIME_HAS_RENDERER
  register_render_bindings(module);
  module.attr("has_renderer") = true;
#else
  module.attr("has_renderer") = false;
#endif
}
