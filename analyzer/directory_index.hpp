// What a set of directories holds, each read once: looking up the modules that checked files import probes
// every dotted name under every root, and most probes miss. A miss costs a hash lookup here instead of a
// failed stat.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>

namespace cyclecheck {

class DirectoryIndex {
 public:
  enum class EntryType : uint8_t { Missing, File, Directory, Other };

  // What `path` names (symbolic links followed, as `std::filesystem::status` does). `path` is lexically
  // normal and written with '/'. A directory that cannot be listed is answered by asking the file system
  // about each path in it.
  EntryType type(const std::string& path);
  bool is_regular_file(const std::string& path) { return type(path) == EntryType::File; }
  bool is_directory(const std::string& path) { return type(path) == EntryType::Directory; }

 private:
  struct Listing {
    bool readable = false;
    std::unordered_map<std::string, EntryType> entries;  // by name; a symbolic link by what it names
  };
  const Listing& listing(const std::string& directory);

  std::unordered_map<std::string, Listing> listings_;
};

}  // namespace cyclecheck
