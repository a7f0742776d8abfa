// The analysis pipeline as a library: sources -> module facts -> diagnostics.
// Used by `cyclecheck check`, the language server and the cache alike.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analyzer/diagnostic.hpp"

struct TSTree;

namespace cyclecheck {

struct ModuleFacts;   // reference-flow facts of one module (analyzer/ir.hpp)
class LibraryModels;  // analyzer/library_models.hpp

// One Python module's text and where it sits in the project.
struct SourceText {
  std::string path;         // display path (relative to the working directory when below it)
  std::string module_name;  // dotted name, e.g. "pkg.train"; "" when unknown
  bool is_package = false;  // an __init__.py
  std::string text;         // valid UTF-8
};

// Reads a file; on failure (unreadable, binary, not UTF-8, too large) returns nullopt and fills `error`
// with a CC002 io-error diagnostic. `module_name` is derived from the nearest package root.
std::optional<SourceText> read_source(const std::filesystem::path& file, const std::string& display_path,
                                      Diagnostic& error);

// Dotted module name for a file: walks up through directories that hold __init__.py.
std::string module_name_for(const std::filesystem::path& file, bool& is_package);

// The directory that holds a module's top package: `<root>` of `<root>/proj/models/net.py`, module
// proj.models.net (`file` as given: relative stays relative).
std::filesystem::path package_root(const std::filesystem::path& file, const std::string& module_name,
                                   bool is_package);

// Parses and lowers one module. Pure and thread-safe. Pass `tree` (parsed from exactly `source.text`)
// to reuse an incrementally re-parsed tree; otherwise the source is parsed here. Pass `content_hash`
// (fast_hash_bytes of the text) when the caller already has it: the text is not hashed again.
std::shared_ptr<const ModuleFacts> lower_module(const SourceText& source, const TSTree* tree = nullptr,
                                                std::optional<uint64_t> content_hash = std::nullopt);

class ModuleLinkCache;

struct AnalysisOptions {
  bool show_possible = false;                   // also report possible (may) cycles, at lower severity
  std::shared_ptr<const LibraryModels> models;  // null: the shipped models only
  // false in a run that exits right after reporting: large state is kept instead of freed (retain.hpp)
  bool free_memory = true;
  // The paths of modules given only for what they say about the others (the imports of the files a
  // pre-commit hook passes): their own findings are not wanted, so their functions are analysed only where
  // the others call them, unless they import one of the others (see analyzer/context_modules.hpp).
  std::set<std::string> context_paths;
  // Kept by a caller that analyses mostly the same modules again (the editor server): linking takes what it
  // found in each unchanged module from there (see module_link_cache.hpp).
  std::shared_ptr<ModuleLinkCache> link_cache;
};

// Links the modules, solves, runs every rule. Diagnostics come sorted (diagnostic_less);
// suppression comments are NOT applied here (see analyzer/suppression.hpp).
std::vector<Diagnostic> analyze_modules(const std::vector<std::shared_ptr<const ModuleFacts>>& modules,
                                        const AnalysisOptions& options);

}  // namespace cyclecheck
