// `json` and `json-lines`: one object per diagnostic, in diagnostic order.
#include "analyzer/output/formats.hpp"

namespace cyclecheck::output {

namespace {

nlohmann::ordered_json position(uint32_t line, uint32_t column) {
  return {{"row", line}, {"column", column}};
}

nlohmann::ordered_json fix_to_json(const Diagnostic& diagnostic) {
  if (diagnostic.fix.empty() && !diagnostic.fix_edit) return nullptr;
  nlohmann::ordered_json edits = nlohmann::ordered_json::array();
  if (diagnostic.fix_edit) {
    const SourceRange& range = diagnostic.fix_edit->range;
    edits.push_back({{"content", diagnostic.fix_edit->replacement},
                     {"location", position(range.line, range.column)},
                     {"end_location", position(range.end_line, range.end_column)}});
  }
  return {{"message", diagnostic.fix}, {"edits", std::move(edits)}};
}

nlohmann::ordered_json cycle_to_json(const Diagnostic& diagnostic) {
  if (diagnostic.cycle_path.empty() && !diagnostic.graph) return nullptr;
  nlohmann::ordered_json cycle;
  cycle["path"] = diagnostic.cycle_path;
  const nlohmann::ordered_json graph =
      diagnostic.graph ? graph_to_json(*diagnostic.graph)
                       : nlohmann::ordered_json{{"nodes", nlohmann::ordered_json::array()},
                                                {"edges", nlohmann::ordered_json::array()}};
  cycle["nodes"] = graph["nodes"];
  cycle["edges"] = graph["edges"];
  return cycle;
}

}  // namespace

nlohmann::ordered_json graph_to_json(const render::Graph& graph) {
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  for (const render::Node& node : graph.nodes) {
    nodes.push_back({{"id", node.id},
                     {"type", node.type},
                     {"detail", node.detail},
                     {"holds_tensors", node.holds_tensors},
                     {"holds_module", node.holds_module},
                     {"in_cycle", node.in_cycle}});
  }
  nlohmann::ordered_json edges = nlohmann::ordered_json::array();
  for (const render::Edge& edge : graph.edges) {
    edges.push_back({{"from", edge.from},
                     {"to", edge.to},
                     {"label", edge.label},
                     {"site", edge.site},
                     {"in_cycle", edge.in_cycle},
                     {"weak_candidate", edge.weak_candidate}});
  }
  return {{"nodes", std::move(nodes)}, {"edges", std::move(edges)}};
}

nlohmann::ordered_json diagnostic_to_json(const Diagnostic& diagnostic) {
  nlohmann::ordered_json related = nlohmann::ordered_json::array();
  for (const RelatedLocation& location : diagnostic.related) {
    related.push_back({{"filename", location.range.path},
                       {"location", position(location.range.line, location.range.column)},
                       {"end_location", position(location.range.end_line, location.range.end_column)},
                       {"message", location.message}});
  }
  nlohmann::ordered_json runtime = nullptr;
  if (diagnostic.runtime_state) {
    runtime = {{"state", *diagnostic.runtime_state}, {"evidence", diagnostic.runtime_evidence}};
  }
  const SourceRange& range = diagnostic.range;
  return {{"code", diagnostic.code},
          {"rule", diagnostic.rule_name},
          {"severity", severity_name(diagnostic.severity)},
          {"message", diagnostic.message},
          {"filename", range.path},
          {"location", position(range.line, range.column)},
          {"end_location", position(range.end_line, range.end_column)},
          {"fix", fix_to_json(diagnostic)},
          {"possible", diagnostic.possible},
          {"fingerprint", diagnostic.fingerprint},
          {"cycle", cycle_to_json(diagnostic)},
          {"related", std::move(related)},
          {"runtime", std::move(runtime)}};
}

void write_json(std::ostream& out, const std::vector<Diagnostic>& diagnostics) {
  nlohmann::ordered_json array = nlohmann::ordered_json::array();
  for (const Diagnostic& diagnostic : diagnostics) array.push_back(diagnostic_to_json(diagnostic));
  // Invalid UTF-8 in a message must not abort the run: replace it.
  out << array.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
}

void write_json_lines(std::ostream& out, const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& diagnostic : diagnostics) {
    out << diagnostic_to_json(diagnostic)
               .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
        << "\n";
  }
}

}  // namespace cyclecheck::output
