#include "cli/lsp/document.hpp"

#include <tree_sitter/api.h>

#include <algorithm>

extern "C" const TSLanguage* tree_sitter_python();

namespace cyclecheck::lsp {
namespace {

TSPoint point_at(const LineIndex& lines, size_t offset, std::string_view text) {
  const Position row = lines.position_of(text, offset, PositionEncoding::Utf8);
  // position_of clamps before a "\r\n"; tree-sitter wants the true byte column.
  return {row.line, static_cast<uint32_t>(offset - lines.line_start(row.line))};
}

TSPoint point_after(TSPoint start, const std::string& inserted) {
  const size_t last_newline = inserted.rfind('\n');
  if (last_newline == std::string::npos) {
    return {start.row, start.column + static_cast<uint32_t>(inserted.size())};
  }
  const auto rows = static_cast<uint32_t>(std::count(inserted.begin(), inserted.end(), '\n'));
  return {start.row + rows, static_cast<uint32_t>(inserted.size() - last_newline - 1)};
}

}  // namespace

std::vector<ContentChange> content_changes_from_json(const nlohmann::json& changes) {
  std::vector<ContentChange> result;
  for (const auto& change : changes) {
    ContentChange parsed;
    parsed.text = change.at("text").get<std::string>();
    if (change.contains("range")) parsed.range = range_from_json(change.at("range"));
    result.push_back(std::move(parsed));
  }
  return result;
}

Document::Document(std::string uri, SourceText source, int64_t version)
    : uri_(std::move(uri)), source_(std::move(source)), version_(version), lines_(source_.text) {
  parser_ = ts_parser_new();
  ts_parser_set_language(parser_, tree_sitter_python());
  reparse(false);
}

Document::~Document() {
  if (tree_) ts_tree_delete(tree_);
  ts_parser_delete(parser_);
}

TSTree* Document::copy_tree() const { return tree_ ? ts_tree_copy(tree_) : nullptr; }

void Document::apply_changes(const std::vector<ContentChange>& changes, int64_t version,
                             PositionEncoding encoding) {
  bool incremental = tree_ != nullptr;
  for (const ContentChange& change : changes) {
    if (!change.range) {
      source_.text = change.text;
      lines_ = LineIndex(source_.text);
      incremental = false;  // nothing of the old tree is known to survive
      continue;
    }
    size_t start = lines_.offset_of(source_.text, change.range->start, encoding);
    size_t end = lines_.offset_of(source_.text, change.range->end, encoding);
    if (end < start) std::swap(start, end);
    replace(start, end, change.text);
  }
  version_ = version;
  reparse(incremental);
}

void Document::replace(size_t start, size_t end, const std::string& text) {
  TSInputEdit edit{};
  edit.start_byte = static_cast<uint32_t>(start);
  edit.old_end_byte = static_cast<uint32_t>(end);
  edit.new_end_byte = static_cast<uint32_t>(start + text.size());
  edit.start_point = point_at(lines_, start, source_.text);
  edit.old_end_point = point_at(lines_, end, source_.text);
  edit.new_end_point = point_after(edit.start_point, text);
  if (tree_) ts_tree_edit(tree_, &edit);
  source_.text.replace(start, end - start, text);
  lines_ = LineIndex(source_.text);
}

void Document::reparse(bool incremental) {
  TSTree* old_tree = incremental ? tree_ : nullptr;
  TSTree* new_tree = ts_parser_parse_string(parser_, old_tree, source_.text.data(),
                                            static_cast<uint32_t>(source_.text.size()));
  if (tree_) ts_tree_delete(tree_);
  tree_ =
      new_tree;  // null only if parsing was cancelled, which this parser never is; lowering then re-parses
}

}  // namespace cyclecheck::lsp
