#include "analyzer/directory_index.hpp"

#include <system_error>

namespace cyclecheck {
namespace {

namespace fs = std::filesystem;

DirectoryIndex::EntryType type_of(const fs::file_status& status) {
  switch (status.type()) {
    case fs::file_type::regular:
      return DirectoryIndex::EntryType::File;
    case fs::file_type::directory:
      return DirectoryIndex::EntryType::Directory;
    case fs::file_type::not_found:
    case fs::file_type::none:
      return DirectoryIndex::EntryType::Missing;
    default:
      return DirectoryIndex::EntryType::Other;
  }
}

DirectoryIndex::EntryType stat_type(const std::string& path) {
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  return error ? DirectoryIndex::EntryType::Missing : type_of(status);
}

}  // namespace

const DirectoryIndex::Listing& DirectoryIndex::listing(const std::string& directory) {
  auto [it, inserted] = listings_.try_emplace(directory);
  if (!inserted) return it->second;
  Listing& listing = it->second;
  std::error_code error;
  fs::directory_iterator entries(directory.empty() ? fs::path(".") : fs::path(directory), error);
  if (error) return listing;
  for (; entries != fs::directory_iterator(); entries.increment(error)) {
    if (error) {
      listing.entries.clear();
      return listing;
    }
    const fs::directory_entry& entry = *entries;
    std::error_code entry_error;
    // The type readdir gave, except for a symbolic link, which is followed (one stat for it alone).
    const fs::file_status status = entry.status(entry_error);
    listing.entries.emplace(entry.path().filename().string(),
                            entry_error ? EntryType::Missing : type_of(status));
  }
  listing.readable = true;
  return listing;
}

DirectoryIndex::EntryType DirectoryIndex::type(const std::string& path) {
  const size_t slash = path.rfind('/');
  // The root directory, or a name with no directory part (relative to the working directory).
  if (slash == 0 && path.size() == 1) return stat_type(path);
  const std::string directory = slash == std::string::npos ? "" : path.substr(0, slash == 0 ? 1 : slash);
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.empty() || name == "." || name == "..") return stat_type(path);
  // A directory not listed yet is looked up in its parent's listing first: one that is missing holds
  // nothing, and is not listed.
  const auto listed = listings_.find(directory);
  if (listed == listings_.end() && !directory.empty() && directory != "/" &&
      type(directory) != EntryType::Directory)
    return EntryType::Missing;
  const Listing& found = listed != listings_.end() ? listed->second : listing(directory);
  if (!found.readable) return stat_type(path);
  const auto entry = found.entries.find(name);
  return entry == found.entries.end() ? EntryType::Missing : entry->second;
}

}  // namespace cyclecheck
