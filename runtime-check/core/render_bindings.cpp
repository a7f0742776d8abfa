// Draws run-time cycles with the same renderer as `cyclecheck graph`. The Python side passes a graph
// as a dict: {"title", "nodes": [{"id", "type", "detail", "holds_tensors", "holds_module",
// "in_cycle"}], "edges": [{"from", "to", "label", "site", "in_cycle", "weak_candidate"}]}.
#include <pybind11/pybind11.h>

#include "analyzer/render/graph_render.hpp"

namespace py = pybind11;

namespace cyclecheck::runtime {
namespace {

template <typename T>
T get_or(const py::dict& dict, const char* key, T fallback) {
  return dict.contains(key) ? dict[key].cast<T>() : fallback;
}

render::Graph graph_from_dict(const py::dict& data) {
  render::Graph graph;
  graph.title = get_or<std::string>(data, "title", "");
  for (py::handle item : get_or<py::list>(data, "nodes", py::list())) {
    const auto node = item.cast<py::dict>();
    graph.nodes.push_back({get_or<std::string>(node, "id", ""), get_or<std::string>(node, "type", ""),
                           get_or<std::string>(node, "detail", ""),
                           get_or<bool>(node, "holds_tensors", false),
                           get_or<bool>(node, "holds_module", false), get_or<bool>(node, "in_cycle", true)});
  }
  for (py::handle item : get_or<py::list>(data, "edges", py::list())) {
    const auto edge = item.cast<py::dict>();
    graph.edges.push_back({get_or<std::string>(edge, "from", ""), get_or<std::string>(edge, "to", ""),
                           get_or<std::string>(edge, "label", ""), get_or<std::string>(edge, "site", ""),
                           get_or<bool>(edge, "in_cycle", true),
                           get_or<bool>(edge, "weak_candidate", false)});
  }
  return graph;
}

}  // namespace

void register_render_bindings(py::module_& module) {
  static py::exception<render::RenderError> render_error(module, "RenderError", PyExc_RuntimeError);
  module.def(
      "render_dot", [](const py::dict& graph) { return render::to_dot(graph_from_dict(graph)); },
      py::arg("graph"), "DOT text of a cycle graph, drawn like `cyclecheck graph`.");
  module.def(
      "render_file",
      [](const py::dict& graph, const std::string& path) {
        const render::Graph model = graph_from_dict(graph);
        py::gil_scoped_release unlocked;
        render::render_to_file(model, path);
      },
      py::arg("graph"), py::arg("path"), "Writes the graph to path; the format comes from the extension.");
}

}  // namespace cyclecheck::runtime
