// Hover on a rule code inside a suppression comment (`# cyclecheck: ignore[CC104]`, `# noqa: CC104`): shows
// the rule's documentation.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/lsp/positions.hpp"

namespace cyclecheck::lsp {

struct CodeInComment {
  std::string code;
  size_t start = 0;  // byte offsets within the line
  size_t end = 0;
};

// The rule codes named by suppression comments on one line of source.
std::vector<CodeInComment> suppression_codes_in_line(std::string_view line);

// The LSP Hover for `position`, or nullopt when it is not on a known code in a suppression comment.
std::optional<nlohmann::json> suppression_hover(std::string_view text, const LineIndex& lines,
                                                Position position, PositionEncoding encoding,
                                                const std::string& docs_base_url);

}  // namespace cyclecheck::lsp
