#include "cli/lsp/lsp_diagnostics.hpp"

namespace cyclecheck::lsp {
namespace {

int lsp_severity(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return 1;
    case Severity::Warning:
      return 2;
    case Severity::Info:
      return 3;
  }
  return 2;
}

}  // namespace

Range to_lsp_range(const SourceRange& range, const FileText& file, PositionEncoding encoding) {
  const Position start = file.lines->position_of_line_column(file.text, range.line, range.column, encoding);
  Position end = start;
  if (range.end_line > 0) {
    end = file.lines->position_of_line_column(file.text, range.end_line, range.end_column, encoding);
  }
  if (end.line < start.line || (end.line == start.line && end.character < start.character)) end = start;
  return {start, end};
}

std::string rule_documentation_url(const std::string& docs_base_url, const std::string& rule_name) {
  if (docs_base_url.empty() || docs_base_url.back() == '/') return docs_base_url + rule_name;
  return docs_base_url + "/" + rule_name;
}

nlohmann::json to_lsp_diagnostic(const Diagnostic& diagnostic, const FileText& file,
                                 const FileResolver& resolve, PositionEncoding encoding,
                                 const std::string& docs_base_url) {
  std::string message = diagnostic.message;
  if (!diagnostic.cycle_path.empty()) message += "\nCycle: " + diagnostic.cycle_path;
  if (!diagnostic.fix.empty()) message += "\nFix: " + diagnostic.fix;

  nlohmann::json result = {
      {"range", to_json(to_lsp_range(diagnostic.range, file, encoding))},
      {"severity", lsp_severity(diagnostic.severity)},
      {"code", diagnostic.code},
      {"source", "cyclecheck"},
      {"message", message},
      {"data",
       {{"fingerprint", diagnostic.fingerprint},
        {"rule", diagnostic.rule_name},
        {"possible", diagnostic.possible},
        {"path", diagnostic.range.path},
        {"line", diagnostic.range.line}}},
  };
  if (!diagnostic.rule_name.empty()) {
    result["codeDescription"] = {{"href", rule_documentation_url(docs_base_url, diagnostic.rule_name)}};
  }
  nlohmann::json related = nlohmann::json::array();
  for (const RelatedLocation& location : diagnostic.related) {
    std::optional<FileText> target = location.range.path == diagnostic.range.path
                                         ? std::optional<FileText>(file)
                                         : resolve(location.range.path);
    if (!target) continue;  // a file the server has not seen: nothing to link to
    related.push_back(
        {{"location",
          {{"uri", target->uri}, {"range", to_json(to_lsp_range(location.range, *target, encoding))}}},
         {"message", location.message}});
  }
  if (!related.empty()) result["relatedInformation"] = std::move(related);
  return result;
}

}  // namespace cyclecheck::lsp
