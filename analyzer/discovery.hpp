// Finds the Python files to check: walks directories, honours excludes, reports what it cannot read.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "analyzer/config.hpp"
#include "analyzer/diagnostic.hpp"

namespace cyclecheck {

struct DiscoveredFile {
  std::filesystem::path path;  // as it can be opened (absolute)
  std::string display_path;    // relative to the working directory when below it, '/' separators
};

// Recursively collects *.py and *.pyi under `paths` (files named explicitly are taken whatever their
// extension, unless `force_exclude` and they match an exclude). Unreadable paths, missing paths and
// symlink loops become CC002 io-error diagnostics appended to `errors`; the walk goes on.
// The result is sorted by display path and has no duplicates.
std::vector<DiscoveredFile> discover_python_files(const std::vector<std::filesystem::path>& paths,
                                                  const Config& config, bool force_exclude,
                                                  std::vector<Diagnostic>& errors);

// The `exclude` and `extend-exclude` patterns, anchored at the project root, as discovery applies them.
PathPatterns excluded_paths(const Config& config, const std::filesystem::path& working_directory);

// `path` as shown to the user: relative to `working_directory` when below it, else absolute;
// always with '/' separators.
std::string display_path_for(const std::filesystem::path& path,
                             const std::filesystem::path& working_directory);

// A CC002 io-error diagnostic for `display_path` (line 1, column 1).
Diagnostic make_io_error(const std::string& display_path, const std::string& message);

}  // namespace cyclecheck
