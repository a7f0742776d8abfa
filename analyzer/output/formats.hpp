// The individual output formats, dispatched from output.cpp, and the pieces they share.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "analyzer/output/output.hpp"

namespace cyclecheck::output {

void write_full(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const OutputContext& context);
void write_concise(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                   const OutputContext& context);
void write_json(std::ostream& out, const std::vector<Diagnostic>& diagnostics);
void write_json_lines(std::ostream& out, const std::vector<Diagnostic>& diagnostics);
void write_sarif(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const OutputContext& context);
void write_github(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                  const OutputContext& context);
void write_gitlab(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                  const OutputContext& context);

// One diagnostic as the JSON object of `--output-format json`.
nlohmann::ordered_json diagnostic_to_json(const Diagnostic& diagnostic);
// A cycle graph's {"nodes": [...], "edges": [...]}, shared by JSON and SARIF.
nlohmann::ordered_json graph_to_json(const render::Graph& graph);

// "Found 3 findings (1 error, 2 warnings) in 4 files." or "All checks passed! (4 files)".
std::string summary_line(const std::vector<Diagnostic>& diagnostics, size_t files_checked);
// "1 file", "2 files".
std::string count_noun(size_t count, const std::string& singular, const std::string& plural);

// ANSI styling for the text formats; every function returns `text` unchanged when colour is off.
struct Style {
  bool enabled = false;
  std::string bold(const std::string& text) const;
  std::string severity(Severity severity, const std::string& text) const;  // red/yellow/cyan
  std::string dim(const std::string& text) const;
  std::string help(const std::string& text) const;
};

// "path:line:col" of a range.
std::string location_text(const SourceRange& range);

}  // namespace cyclecheck::output
