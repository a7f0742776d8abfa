// The analyzer's Diagnostic as an LSP Diagnostic: range in the client's encoding, severity, code with a link
// to the rule's documentation, the cycle's other edges as related information.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "analyzer/diagnostic.hpp"
#include "cli/lsp/positions.hpp"

namespace cyclecheck::lsp {

// A file's URI and text, for converting positions in it.
struct FileText {
  std::string uri;
  std::string_view text;
  const LineIndex* lines = nullptr;
};
// Finds the file a diagnostic's related location names (by display path); nullopt when unknown.
using FileResolver = std::function<std::optional<FileText>(const std::string& display_path)>;

Range to_lsp_range(const SourceRange& range, const FileText& file, PositionEncoding encoding);

// `file` is the document the diagnostic's primary range lies in.
nlohmann::json to_lsp_diagnostic(const Diagnostic& diagnostic, const FileText& file,
                                 const FileResolver& resolve, PositionEncoding encoding,
                                 const std::string& docs_base_url);

std::string rule_documentation_url(const std::string& docs_base_url, const std::string& rule_name);

}  // namespace cyclecheck::lsp
