// The `check` pipeline shared by `cyclecheck check` and `cyclecheck graph`: configuration, discovery,
// parallel reading and lowering, analysis, then filtering (selection, suppressions, baseline).
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/config.hpp"
#include "analyzer/diagnostic.hpp"
#include "analyzer/ir.hpp"

namespace cyclecheck::cli {

struct CheckRequest {
  std::vector<std::string> paths;
  std::string config_file;  // --config; empty: search upward from the first path
  std::vector<std::string> select, ignore, extend_select;
  bool show_possible = false;
  bool force_exclude = false;
  // --exclude replaces the configured `exclude` (or the defaults); --extend-exclude adds (as in ruff).
  std::optional<std::vector<std::string>> exclude;
  std::vector<std::string> extend_exclude;
  std::string stdin_filename;  // read the source of this file from standard input
  std::string baseline_file;
  bool use_cache = true;
};

struct CheckRun {
  Config config;
  std::vector<Diagnostic> diagnostics;         // filtered, sorted
  std::map<std::string, std::string> sources;  // display path -> text
  size_t files_checked = 0;
  std::vector<std::shared_ptr<const ModuleFacts>> modules;  // the lowered modules
};

// Keeps a finished run alive until the process exits: freeing millions of small objects just before
// exiting costs a noticeable share of a large run. The memory stays reachable (no leak report).
void keep_until_exit(CheckRun&& run);

// Throws std::runtime_error (configuration, models, baseline problems): the caller exits with 2.
CheckRun run_check(const CheckRequest& request);

// Adds the options shared by check and graph.
void add_check_options(CLI::App& command, CheckRequest& request);

}  // namespace cyclecheck::cli
