// Whole-project result cache: when no file of the project changed (same paths, module names and contents,
// same tool version and analysis options), the diagnostics of the last run are reused without lowering or
// solving anything. Cross-module findings make per-file results unsound, so the key covers every file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/diagnostic.hpp"
#include "analyzer/project.hpp"

namespace cyclecheck {

std::string serialize_diagnostics(const std::vector<Diagnostic>& diagnostics);
// nullopt when the text is not a complete, valid encoding.
std::optional<std::vector<Diagnostic>> deserialize_diagnostics(const std::string& text);

class ResultCache {
 public:
  // `directory` is the fact cache's directory (versioned).
  explicit ResultCache(std::filesystem::path directory) : directory_(std::move(directory)) {}

  // The key of a project: its sources (path, module name, content: each paired with fast_hash_bytes of
  // its text) and everything else that changes results.
  static std::string project_key(const std::vector<std::pair<const SourceText*, uint64_t>>& sources,
                                 const std::string& options);

  std::optional<std::vector<Diagnostic>> load(const std::string& key) const;
  void store(const std::string& key, const std::vector<Diagnostic>& diagnostics) const;

 private:
  std::filesystem::path directory_;
};

}  // namespace cyclecheck
