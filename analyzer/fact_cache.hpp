// On-disk cache of lowered module facts, keyed by content hash, path, module name and tool version.
// Entries are written to a temporary file and renamed into place, and carry a checksum: a torn or
// foreign entry is ignored, never trusted.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

namespace cyclecheck {

// The version plus the size and modification time of the running executable: a rebuilt tool never trusts
// entries written by another build of the same version.
const std::string& tool_identity();

std::string serialize_facts(const ModuleFacts& facts);
// nullptr when the bytes are not a complete, valid encoding.
std::shared_ptr<ModuleFacts> deserialize_facts(const std::string& bytes);

class FactCache {
 public:
  // The cache under `<root>/.cyclecheck_cache`; nullptr when it cannot be created (read-only tree).
  static std::unique_ptr<FactCache> open(const std::filesystem::path& root);

  std::shared_ptr<const ModuleFacts> load(const SourceText& source) const;
  void store(const SourceText& source, const ModuleFacts& facts) const;
  const std::filesystem::path& directory() const { return directory_; }

 private:
  explicit FactCache(std::filesystem::path directory) : directory_(std::move(directory)) {}
  std::filesystem::path entry_path(const SourceText& source) const;
  std::filesystem::path directory_;
};

}  // namespace cyclecheck
