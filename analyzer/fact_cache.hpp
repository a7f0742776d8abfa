// On-disk cache of lowered module facts, keyed by content hash, path, module name and the running build.
//
// Entries live in pack files, one written per run that lowered something: creating a file per module cost
// more than lowering it on common file systems (about 0.7 ms each here). A pack is written to a temporary
// file and renamed into place, its index and every entry carry a checksum, and a torn or foreign pack or
// entry is ignored, never trusted. When packs pile up, the entries the current run used are rewritten into
// one pack and the packs it read are removed (a process still reading one keeps its open file).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analyzer/fact_serialization.hpp"
#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

namespace cyclecheck {

// The version plus the size and modification time of the running executable: a rebuilt tool never trusts
// entries written by another build of the same version.
const std::string& tool_identity();

class FactCache {
 public:
  // The cache under `<root>/.cyclecheck_cache`; nullptr when it cannot be created (read-only tree).
  static std::unique_ptr<FactCache> open(const std::filesystem::path& root);
  ~FactCache();
  FactCache(const FactCache&) = delete;
  FactCache& operator=(const FactCache&) = delete;

  // Thread-safe. `content_hash` is fast_hash_bytes(source.text), when the caller already has it.
  std::shared_ptr<const ModuleFacts> load(const SourceText& source,
                                          std::optional<uint64_t> content_hash = std::nullopt) const;
  // Writes `entries` as one new pack, each keyed by the path, module name and content hash its facts
  // carry; compacts when there are more than `kMaxPacks` packs. Calls `between_entries`, when given,
  // before each entry is encoded (to yield to the analysis).
  void store(const std::vector<std::shared_ptr<const ModuleFacts>>& entries,
             const std::function<void()>& between_entries = {});
  const std::filesystem::path& directory() const { return directory_; }
  size_t pack_count() const { return packs_.size(); }

  static constexpr size_t kMaxPacks = 8;

 private:
  struct Key {
    uint64_t name = 0, content = 0;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const {
      return static_cast<size_t>(k.name ^ (k.content * 0x9E3779B97F4A7C15ULL));
    }
  };
  struct Pack {
    std::filesystem::path path;
    int fd = -1;
  };
  struct Location {
    size_t pack = 0;
    uint64_t offset = 0, length = 0;
  };

  explicit FactCache(std::filesystem::path directory) : directory_(std::move(directory)) {}
  // `content` is the hash of the source's text (ModuleFacts::content_hash once it is lowered).
  static Key key_of(const std::string& path, const std::string& module_name, bool is_package,
                    uint64_t content);
  void read_pack(const std::filesystem::path& path);
  std::string read_entry(const Location& where) const;
  bool write_pack(const std::vector<std::pair<Key, std::string>>& entries) const;

  std::filesystem::path directory_;
  std::vector<Pack> packs_;
  // Every pack that has the entry: a torn copy in one does not hide a good copy in another.
  std::unordered_map<Key, std::vector<Location>, KeyHash> index_;
  mutable std::mutex used_mutex_;
  mutable std::unordered_map<Key, Location, KeyHash> used_;  // entries this run loaded: kept by a compaction
};

}  // namespace cyclecheck
