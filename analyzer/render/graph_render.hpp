// Draws render::Graph objgraph-style with Graphviz: cgraph builds the graph, gvc lays it out.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "analyzer/render/graph_model.hpp"

namespace cyclecheck::render {

struct RenderError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// DOT text of the graph. Deterministic: the same graph gives the same bytes.
std::string to_dot(const Graph& graph);

// Renders with the given Graphviz format ("dot", "svg", "png", ...) and layout engine.
std::string render(const Graph& graph, const std::string& format, const std::string& engine = "dot");

// Writes the graph to `path`, the format taken from its extension (.dot, .svg, .png). Throws RenderError.
void render_to_file(const Graph& graph, const std::filesystem::path& path);

}  // namespace cyclecheck::render
