// The `check` pipeline shared by `cyclecheck check` and `cyclecheck graph`: configuration, discovery,
// parallel reading and lowering, analysis, then filtering (selection, suppressions, baseline).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "analyzer/config.hpp"
#include "analyzer/diagnostic.hpp"

namespace cyclecheck::cli {

struct CheckRequest {
  std::vector<std::string> paths;
  std::string config_file;  // --config; empty: search upward from the first path
  std::vector<std::string> select, ignore, extend_select;
  bool show_possible = false;
  bool force_exclude = false;
  std::string stdin_filename;  // read the source of this file from standard input
  std::string baseline_file;
  bool use_cache = true;
};

struct CheckRun {
  Config config;
  std::vector<Diagnostic> diagnostics;  // filtered, sorted
  std::map<std::string, std::string> sources;  // display path -> text
  size_t files_checked = 0;
};

// Throws std::runtime_error (configuration, models, baseline problems): the caller exits with 2.
CheckRun run_check(const CheckRequest& request);

// Adds the options shared by check and graph.
void add_check_options(CLI::App& command, CheckRequest& request);

}  // namespace cyclecheck::cli
