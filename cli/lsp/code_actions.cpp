#include "cli/lsp/code_actions.hpp"

#include <tree_sitter/api.h>

#include <cstring>

namespace cyclecheck::lsp {
namespace {

bool ends_inside_string(const TSTree* tree, size_t offset) {
  if (!tree) return false;
  const auto at = static_cast<uint32_t>(offset);
  for (TSNode node = ts_node_descendant_for_byte_range(ts_tree_root_node(tree), at, at);
       !ts_node_is_null(node); node = ts_node_parent(node)) {
    const char* type = ts_node_type(node);
    if ((std::strcmp(type, "string") == 0 || std::strcmp(type, "concatenated_string") == 0) &&
        ts_node_start_byte(node) < at && at < ts_node_end_byte(node)) {
      return true;
    }
  }
  return false;
}

bool before(const Position& a, const Position& b) {
  return a.line < b.line || (a.line == b.line && a.character < b.character);
}

bool overlaps(const Range& a, const Range& b) { return !before(a.end, b.start) && !before(b.end, a.start); }

nlohmann::json text_edit(const Range& range, const std::string& text) {
  return {{"range", to_json(range)}, {"newText", text}};
}

}  // namespace

std::optional<nlohmann::json> suppression_edit(const Document& document, uint32_t line,
                                               const std::string& code, PositionEncoding encoding) {
  const LineIndex& lines = document.lines();
  if (line >= lines.line_count()) return std::nullopt;
  const std::string_view text = document.text();
  const std::string_view content = lines.line_text(text, line);
  const size_t line_start = lines.line_start(line);

  for (size_t hash = content.find('#'); hash != std::string_view::npos; hash = content.find('#', hash + 1)) {
    size_t at = content.find_first_not_of(" \t", hash + 1);
    if (at == std::string_view::npos || content.compare(at, 11, "cyclecheck:") != 0) continue;
    at = content.find_first_not_of(" \t", at + 11);
    if (at == std::string_view::npos || content.compare(at, 6, "ignore") != 0) continue;
    at = content.find_first_not_of(" \t", at + 6);
    if (at == std::string_view::npos || content[at] != '[') return std::nullopt;  // a blanket ignore already
    const size_t close = content.find(']', at);
    if (close == std::string_view::npos) continue;
    const std::string_view listed = content.substr(at + 1, close - at - 1);
    if (listed.find(code) != std::string_view::npos) return std::nullopt;
    const bool empty = listed.find_first_not_of(" \t") == std::string_view::npos;
    const Position insert_at = lines.position_of(text, line_start + close, encoding);
    return text_edit({insert_at, insert_at}, (empty ? "" : ", ") + code);
  }

  const size_t last_code = content.find_last_not_of(" \t");
  if (last_code != std::string_view::npos && content[last_code] == '\\') return std::nullopt;
  const size_t end = line_start + content.size();
  if (ends_inside_string(document.tree(), end)) return std::nullopt;
  const Position insert_at = lines.position_of(text, end, encoding);
  const std::string separator = last_code == std::string_view::npos ? "" : "  ";
  return text_edit({insert_at, insert_at}, separator + "# cyclecheck: ignore[" + code + "]");
}

nlohmann::json code_actions(const Document& document, const std::vector<PublishedDiagnostic>& diagnostics,
                            const Range& range, PositionEncoding encoding, const FileResolver& resolve) {
  nlohmann::json actions = nlohmann::json::array();
  const FileText self{document.uri(), document.text(), &document.lines()};
  for (const PublishedDiagnostic& published : diagnostics) {
    if (!overlaps(range_from_json(published.lsp.at("range")), range)) continue;
    const Diagnostic& finding = published.finding;
    if (finding.fix_edit) {
      const TextEdit& fix = *finding.fix_edit;
      std::optional<FileText> target =
          fix.range.path == finding.range.path ? std::optional<FileText>(self) : resolve(fix.range.path);
      if (target) {
        nlohmann::json edits =
            nlohmann::json::array({text_edit(to_lsp_range(fix.range, *target, encoding), fix.replacement)});
        actions.push_back({{"title", "Apply fix for " + finding.code + ": " + finding.fix},
                           {"kind", "quickfix"},
                           {"isPreferred", true},
                           {"diagnostics", nlohmann::json::array({published.lsp})},
                           {"edit", {{"changes", {{target->uri, std::move(edits)}}}}}});
      }
    }
    const uint32_t line = finding.range.line > 0 ? finding.range.line - 1 : 0;
    if (auto edit = suppression_edit(document, line, finding.code, encoding)) {
      actions.push_back(
          {{"title", "Suppress " + finding.code + " on this line"},
           {"kind", "quickfix"},
           {"diagnostics", nlohmann::json::array({published.lsp})},
           {"edit", {{"changes", {{document.uri(), nlohmann::json::array({std::move(*edit)})}}}}}});
    }
  }
  return actions;
}

}  // namespace cyclecheck::lsp
