// What the analyzer reports: one finding (a cycle or a retention) with its locations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/render/graph_model.hpp"

namespace cyclecheck {

// 1-based lines; 1-based columns counted in UTF-8 bytes. end_* is exclusive of the last column.
struct SourceRange {
  std::string path;  // as shown to the user: relative to the working directory when below it
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t end_line = 0;
  uint32_t end_column = 0;
};

enum class Severity { Error, Warning, Info };
const char* severity_name(Severity severity);  // "error", "warning", "info"

struct RelatedLocation {
  SourceRange range;
  std::string message;  // e.g. "edge 2/3: Trainer.model = model"
};

// A plain text edit that applies the fix (used by the language server's code actions).
struct TextEdit {
  SourceRange range;
  std::string replacement;
};

struct Diagnostic {
  std::string code;       // stable rule code, e.g. "CC104"
  std::string rule_name;  // e.g. "callable-holds-owner"
  Severity severity = Severity::Warning;
  std::string message;                   // one sentence naming the objects involved
  SourceRange range;                     // primary location: the edge best made weak (closing edge)
  std::vector<RelatedLocation> related;  // the other edges of the cycle, in cycle order
  std::string cycle_path;  // "Trainer -> .sched -> LambdaLR.lr_lambdas[] -> <lambda> (cell self) -> Trainer"
  std::string fix;         // how to fix it, one or two sentences
  std::optional<TextEdit> fix_edit;
  bool possible = false;               // a possible (may) cycle rather than a must-cycle
  std::string fingerprint;             // stable across unrelated edits: no line numbers in it
  std::optional<render::Graph> graph;  // the cycle as a graph, for `cyclecheck graph`
  // Set by `check --runtime-report`: "confirmed" or "not observed", with the run's evidence.
  std::optional<std::string> runtime_state;
  std::string runtime_evidence;
};

// Orders diagnostics by path, line, column, code: the output order is deterministic.
bool diagnostic_less(const Diagnostic& a, const Diagnostic& b);

}  // namespace cyclecheck
