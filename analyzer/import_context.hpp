// The project modules that checked files import but that were not given: a pre-commit hook passes only the
// staged files, and `cyclecheck check train.py` names one. The analysis needs what those modules say (a
// base class that is an nn.Module, a callee that stores its argument) to find what a run over the whole
// project finds in the given files; it reports nothing in them.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "analyzer/config.hpp"
#include "analyzer/discovery.hpp"
#include "analyzer/project.hpp"

namespace cyclecheck {

struct CheckedSource {
  std::filesystem::path path;  // absolute (for stdin, the name it is reported under)
  const SourceText* source = nullptr;
};

// Stops a check of one file in a huge monorepo from reading all of it.
constexpr size_t kMaxContextModules = 5000;

// The files the checked sources import, directly or through each other: looked up as `<root>/a/b.py` or
// `<root>/a/b/__init__.py` beside each checked file's top package, then in the project root (config.root;
// without a configuration file, the nearest directory at or above the working directory with a `.git`, `.hg`,
// `pyproject.toml`, `setup.py` or `setup.cfg`), kept when they are below the project root, not excluded by
// the configuration and readable. Checked files are never returned. In the order they were found, each with
// its display path as `path`.
std::vector<SourceText> imported_project_modules(const std::vector<CheckedSource>& checked,
                                                 const Config& config,
                                                 const std::filesystem::path& working_directory);

}  // namespace cyclecheck
