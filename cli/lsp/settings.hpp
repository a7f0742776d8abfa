// Workspace settings sent by the editor (initializationOptions, workspace/didChangeConfiguration): the same
// keys as `[tool.cyclecheck]` in pyproject.toml, plus a few that only make sense in an editor.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/config.hpp"

namespace cyclecheck::lsp {

inline constexpr const char* kDefaultDocsBaseUrl = "https://cyclecheck.dev/rules/";

struct ServerSettings {
  bool analyze_on_type = true;  // "run": "onType" (default) or "onSave"
  std::string docs_base_url = kDefaultDocsBaseUrl;
  size_t max_workspace_files = 5000;  // workspace files read from disk for cross-module facts
  // Overrides of the project's configuration; empty/unset leaves the project's value.
  std::optional<std::vector<std::string>> select;
  std::vector<std::string> ignore;
  std::vector<std::string> extend_select;
  std::vector<std::string> exclude;
  std::vector<std::pair<std::string, std::vector<std::string>>> per_file_ignores;
  std::optional<bool> show_possible;
};

// Reads settings from `{"cyclecheck": {...}}`, `{"settings": {...}}` or the bare object, accepting camelCase
// and the pyproject's kebab-case keys. Keys with the wrong type are skipped and described in `warnings`.
ServerSettings settings_from_json(const nlohmann::json& value, const ServerSettings& defaults,
                                  std::vector<std::string>& warnings);

// The project's configuration with the editor's settings applied on top.
Config apply_settings(Config config, const ServerSettings& settings);

}  // namespace cyclecheck::lsp
