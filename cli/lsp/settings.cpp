#include "cli/lsp/settings.hpp"

#include <initializer_list>

namespace cyclecheck::lsp {
namespace {

using nlohmann::json;

// The first of `names` present in `object`.
const json* find_key(const json& object, std::initializer_list<const char*> names) {
  for (const char* name : names) {
    const auto found = object.find(name);
    if (found != object.end() && !found->is_null()) return &*found;
  }
  return nullptr;
}

std::optional<std::vector<std::string>> string_list(const json* value, const char* key,
                                                    std::vector<std::string>& warnings) {
  if (!value) return std::nullopt;
  if (value->is_string()) return std::vector<std::string>{value->get<std::string>()};
  if (!value->is_array()) {
    warnings.push_back(std::string("setting '") + key + "' must be a list of strings");
    return std::nullopt;
  }
  std::vector<std::string> items;
  for (const json& item : *value) {
    if (!item.is_string()) {
      warnings.push_back(std::string("setting '") + key + "' must be a list of strings");
      return std::nullopt;
    }
    items.push_back(item.get<std::string>());
  }
  return items;
}

const json& unwrap(const json& value) {
  if (!value.is_object()) return value;
  if (const auto inner = value.find("cyclecheck"); inner != value.end() && inner->is_object()) return *inner;
  if (const auto inner = value.find("settings"); inner != value.end() && inner->is_object())
    return unwrap(*inner);
  return value;
}

}  // namespace

ServerSettings settings_from_json(const json& value, const ServerSettings& defaults,
                                  std::vector<std::string>& warnings) {
  ServerSettings settings = defaults;
  const json& object = unwrap(value);
  if (!object.is_object()) {
    if (!object.is_null()) warnings.push_back("settings must be an object");
    return settings;
  }
  settings.select = string_list(find_key(object, {"select"}), "select", warnings);
  settings.ignore =
      string_list(find_key(object, {"ignore"}), "ignore", warnings).value_or(std::vector<std::string>{});
  settings.extend_select =
      string_list(find_key(object, {"extendSelect", "extend-select"}), "extendSelect", warnings)
          .value_or(std::vector<std::string>{});
  settings.exclude =
      string_list(find_key(object, {"exclude"}), "exclude", warnings).value_or(std::vector<std::string>{});
  if (settings.select && settings.select->empty()) settings.select.reset();  // empty: the project decides

  settings.per_file_ignores.clear();
  if (const json* table = find_key(object, {"perFileIgnores", "per-file-ignores"})) {
    if (!table->is_object()) {
      warnings.push_back("setting 'perFileIgnores' must map file patterns to lists of codes");
    } else {
      for (const auto& [pattern, codes] : table->items()) {
        if (auto list = string_list(&codes, "perFileIgnores", warnings)) {
          settings.per_file_ignores.emplace_back(pattern, std::move(*list));
        }
      }
    }
  }
  settings.show_possible.reset();
  if (const json* flag = find_key(object, {"showPossible", "show-possible"})) {
    if (flag->is_boolean()) {
      settings.show_possible = flag->get<bool>();
    } else {
      warnings.push_back("setting 'showPossible' must be true or false");
    }
  }
  if (const json* run = find_key(object, {"run"})) {
    if (*run == "onType") {
      settings.analyze_on_type = true;
    } else if (*run == "onSave") {
      settings.analyze_on_type = false;
    } else {
      warnings.push_back("setting 'run' must be \"onType\" or \"onSave\"");
    }
  }
  if (const json* url = find_key(object, {"docsBaseUrl"})) {
    if (url->is_string()) {
      settings.docs_base_url = url->get<std::string>();
    } else {
      warnings.push_back("setting 'docsBaseUrl' must be a string");
    }
  }
  if (const json* limit = find_key(object, {"maxWorkspaceFiles"})) {
    if (limit->is_number_unsigned()) {
      settings.max_workspace_files = limit->get<size_t>();
    } else {
      warnings.push_back("setting 'maxWorkspaceFiles' must be a non-negative integer");
    }
  }
  return settings;
}

Config apply_settings(Config config, const ServerSettings& settings) {
  if (settings.select) config.select = *settings.select;
  config.ignore.insert(config.ignore.end(), settings.ignore.begin(), settings.ignore.end());
  config.extend_select.insert(config.extend_select.end(), settings.extend_select.begin(),
                              settings.extend_select.end());
  config.extend_exclude.insert(config.extend_exclude.end(), settings.exclude.begin(), settings.exclude.end());
  config.per_file_ignores.insert(config.per_file_ignores.end(), settings.per_file_ignores.begin(),
                                 settings.per_file_ignores.end());
  if (settings.show_possible) config.show_possible = *settings.show_possible;
  return config;
}

}  // namespace cyclecheck::lsp
