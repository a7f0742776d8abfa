#include "cli/lsp/suppression_hover.hpp"

#include <algorithm>
#include <cctype>

#include "analyzer/suppression.hpp"
#include "cli/lsp/lsp_diagnostics.hpp"
#include "rules/rule.hpp"

namespace cyclecheck::lsp {
namespace {

void skip_spaces(std::string_view line, size_t& at) {
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
}

bool take(std::string_view line, size_t& at, std::string_view word) {
  if (line.substr(at, word.size()) != word) return false;
  at += word.size();
  return true;
}

bool is_code_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; }

// Codes or rule names ("CC104", "callable-holds-owner") separated by commas/spaces, from `at` up to `stop`.
void collect_codes(std::string_view line, size_t at, size_t stop, std::vector<CodeInComment>& codes) {
  while (at < stop) {
    while (at < stop && (line[at] == ',' || line[at] == ' ' || line[at] == '\t')) ++at;
    const size_t start = at;
    while (at < stop && is_code_char(line[at])) ++at;
    if (at == start) return;  // not a code: the list ended
    codes.push_back({std::string(line.substr(start, at - start)), start, at});
  }
}

}  // namespace

std::vector<CodeInComment> suppression_codes_in_line(std::string_view line) {
  std::vector<CodeInComment> codes;
  for (size_t hash = line.find('#'); hash != std::string_view::npos; hash = line.find('#', hash + 1)) {
    size_t at = hash + 1;
    skip_spaces(line, at);
    if (take(line, at, "cyclecheck:")) {
      skip_spaces(line, at);
      if (!take(line, at, "ignore")) continue;
      skip_spaces(line, at);
      if (!take(line, at, "[")) continue;
      const size_t close = line.find(']', at);
      if (close != std::string_view::npos) collect_codes(line, at, close, codes);
    } else if (take(line, at, "noqa")) {
      skip_spaces(line, at);
      if (!take(line, at, ":")) continue;
      const size_t next_hash = line.find('#', at);
      collect_codes(line, at, next_hash == std::string_view::npos ? line.size() : next_hash, codes);
    }
  }
  return codes;
}

std::optional<nlohmann::json> suppression_hover(std::string_view text, const LineIndex& lines,
                                                Position position, PositionEncoding encoding,
                                                const std::string& docs_base_url) {
  if (position.line >= lines.line_count()) return std::nullopt;
  const std::string_view line = lines.line_text(text, position.line);
  const size_t line_start = lines.line_start(position.line);
  const size_t cursor = lines.offset_of(text, position, encoding) - line_start;
  // Only real comments count (a '#' inside a string is not one): the analyzer's index knows which are.
  const SuppressionIndex index(text);
  const auto comments = index.comments_on_line(position.line + 1);
  for (const CodeInComment& code : suppression_codes_in_line(line)) {
    if (cursor < code.start || cursor > code.end) continue;
    const bool in_comment =
        std::any_of(comments.begin(), comments.end(), [&](const SuppressionComment* comment) {
          return code.start + 1 >= comment->column &&
                 code.end + 1 <= std::max(comment->end_column, comment->column);
        });
    if (!in_comment) return std::nullopt;
    const RuleInfo* rule = find_rule(code.code);
    if (!rule) return std::nullopt;
    const std::string markdown = rule_documentation_markdown(*rule) + "\n\n[Documentation](" +
                                 rule_documentation_url(docs_base_url, rule->name) + ")";
    const Range range{lines.position_of(text, line_start + code.start, encoding),
                      lines.position_of(text, line_start + code.end, encoding)};
    return nlohmann::json{{"contents", {{"kind", "markdown"}, {"value", markdown}}},
                          {"range", to_json(range)}};
  }
  return std::nullopt;
}

}  // namespace cyclecheck::lsp
