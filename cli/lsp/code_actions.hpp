// Quick fixes for cyclecheck's diagnostics: suppress the finding on its line, or apply the fix when it is a
// plain text edit.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/diagnostic.hpp"
#include "cli/lsp/document.hpp"
#include "cli/lsp/lsp_diagnostics.hpp"

namespace cyclecheck::lsp {

// A diagnostic as published for an open document: the analyzer's finding and its LSP form.
struct PublishedDiagnostic {
  Diagnostic finding;
  nlohmann::json lsp;
};

// The TextEdit that makes line `line` (0-based) suppress `code`: extends an existing
// `# cyclecheck: ignore[...]` list or appends one. Nullopt when the line already suppresses the code, or when
// a comment cannot go at its end (the line continues with a backslash or ends inside a string).
std::optional<nlohmann::json> suppression_edit(const Document& document, uint32_t line,
                                               const std::string& code, PositionEncoding encoding);

// The code actions for the diagnostics that overlap `range`.
nlohmann::json code_actions(const Document& document, const std::vector<PublishedDiagnostic>& diagnostics,
                            const Range& range, PositionEncoding encoding, const FileResolver& resolve);

}  // namespace cyclecheck::lsp
