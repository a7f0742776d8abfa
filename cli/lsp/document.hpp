// One open editor buffer: its text, version and a syntax tree kept in step with every edit, so a change
// re-parses incrementally (tree-sitter reuses the unchanged subtrees).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/project.hpp"
#include "cli/lsp/positions.hpp"

struct TSParser;
struct TSTree;

namespace cyclecheck::lsp {

struct ContentChange {
  std::optional<Range> range;  // none: `text` replaces the whole document
  std::string text;
};

// Parses `textDocument/didChange` content changes; throws nlohmann::json::exception when malformed.
std::vector<ContentChange> content_changes_from_json(const nlohmann::json& changes);

class Document {
 public:
  Document(std::string uri, SourceText source, int64_t version);
  ~Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  // Applies the changes in order (each range is relative to the text left by the previous one), editing the
  // syntax tree to match, then re-parses once.
  void apply_changes(const std::vector<ContentChange>& changes, int64_t version, PositionEncoding encoding);

  const std::string& uri() const { return uri_; }
  const SourceText& source() const { return source_; }
  const std::string& text() const { return source_.text; }
  int64_t version() const { return version_; }
  const LineIndex& lines() const { return lines_; }
  const TSTree* tree() const { return tree_; }
  // A tree another thread may use while this document keeps changing (tree-sitter trees are not shared
  // across threads; copies are cheap). The caller owns it: release with ts_tree_delete.
  TSTree* copy_tree() const;

 private:
  void replace(size_t start, size_t end, const std::string& text);
  void reparse(bool incremental);

  std::string uri_;
  SourceText source_;
  int64_t version_;
  LineIndex lines_;
  TSParser* parser_ = nullptr;
  TSTree* tree_ = nullptr;
};

}  // namespace cyclecheck::lsp
