#include "analyzer/config.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

namespace cyclecheck {
namespace fs = std::filesystem;

namespace {

// ---- globs ----

std::vector<std::string_view> split_segments(std::string_view path) {
  std::vector<std::string_view> segments;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t slash = path.find('/', start);
    const size_t end = slash == std::string_view::npos ? path.size() : slash;
    if (end > start) segments.push_back(path.substr(start, end - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return segments;
}

// `[...]` at pattern[pos] (pos points at '['); sets `next` past the class. Returns nullopt when the
// bracket is not a well-formed class (then '[' is a literal character, as in fnmatch).
std::optional<bool> match_class(std::string_view pattern, size_t pos, char c, size_t& next) {
  size_t i = pos + 1;
  bool negate = false;
  if (i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^')) {
    negate = true;
    ++i;
  }
  bool matched = false;
  bool first = true;
  while (i < pattern.size() && (first || pattern[i] != ']')) {
    first = false;
    char low = pattern[i];
    char high = low;
    if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
      high = pattern[i + 2];
      i += 3;
    } else {
      ++i;
    }
    if (low <= c && c <= high) matched = true;
  }
  if (i >= pattern.size()) return std::nullopt;
  next = i + 1;
  return matched != negate;
}

// One path segment against one pattern segment: '*', '?', '[...]'.
bool match_segment(std::string_view pattern, std::string_view text) {
  size_t p = 0, t = 0;
  size_t star_p = std::string_view::npos, star_t = 0;
  while (t < text.size()) {
    if (p < pattern.size()) {
      const char pc = pattern[p];
      if (pc == '*') {
        star_p = p++;
        star_t = t;
        continue;
      }
      if (pc == '?') {
        ++p;
        ++t;
        continue;
      }
      if (pc == '[') {
        size_t next = 0;
        if (const auto m = match_class(pattern, p, text[t], next)) {
          if (*m) {
            p = next;
            ++t;
            continue;
          }
        } else if (text[t] == '[') {
          ++p;
          ++t;
          continue;
        }
      } else if (pc == text[t]) {
        ++p;
        ++t;
        continue;
      }
    }
    if (star_p == std::string_view::npos) return false;
    p = star_p + 1;
    t = ++star_t;
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool match_segments(const std::vector<std::string_view>& pattern, size_t pi,
                    const std::vector<std::string_view>& path, size_t ti) {
  while (pi < pattern.size()) {
    if (pattern[pi] == "**") {
      while (pi < pattern.size() && pattern[pi] == "**") ++pi;
      if (pi == pattern.size()) return true;
      for (size_t k = ti; k <= path.size(); ++k) {
        if (match_segments(pattern, pi, path, k)) return true;
      }
      return false;
    }
    if (ti >= path.size() || !match_segment(pattern[pi], path[ti])) return false;
    ++pi;
    ++ti;
  }
  return ti == path.size();
}

std::string generic(const fs::path& path) { return path.lexically_normal().generic_string(); }

// ---- rule selection ----

// How specifically `selector` names `code`: -1 no match, 0 "ALL", the prefix length, or more for a name.
int selector_specificity(std::string_view selector, std::string_view code, std::string_view rule_name) {
  if (selector == "ALL") return 0;
  if (!rule_name.empty() && selector == rule_name) return 1000;
  if (!selector.empty() && code.substr(0, selector.size()) == selector)
    return static_cast<int>(selector.size());
  return -1;
}

int best_specificity(const std::vector<std::string>& selectors, std::string_view code,
                     std::string_view rule_name) {
  int best = -1;
  for (const auto& selector : selectors)
    best = std::max(best, selector_specificity(selector, code, rule_name));
  return best;
}

// ---- loading ----

const std::vector<std::string>& known_keys() {
  static const std::vector<std::string> keys{"select",         "ignore",           "extend-select", "exclude",
                                             "extend-exclude", "per-file-ignores", "show-possible", "models"};
  return keys;
}

class ConfigReader {
 public:
  explicit ConfigReader(const fs::path& file) : file_(file) {}

  [[noreturn]] void fail(const toml::node* node, const std::string& message) const {
    std::ostringstream text;
    text << file_.string();
    if (node != nullptr && node->source().begin.line > 0) text << ":" << node->source().begin.line;
    text << ": " << message;
    throw ConfigError(text.str());
  }

  // A rule selector: "ALL", a code or code prefix ("CC", "CC1", "CC104"), or a rule name ("some-rule").
  void check_selector(const toml::node& node, const std::string& value, const std::string& key) const {
    const bool is_all = value == "ALL";
    const bool is_code =
        value.size() >= 2 && value.compare(0, 2, "CC") == 0 &&
        std::all_of(value.begin() + 2, value.end(), [](char c) { return c >= '0' && c <= '9'; });
    const bool is_name = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
    if (!is_all && !is_code && !is_name) {
      fail(&node, "'" + key + "' has an invalid rule selector '" + value +
                      "' (expected a code such as CC104, a code prefix such as CC1, a rule name, or ALL)");
    }
  }

  std::vector<std::string> string_list(const toml::node& node, const std::string& key, bool selectors) const {
    const toml::array* array = node.as_array();
    if (array == nullptr) fail(&node, "'" + key + "' must be an array of strings");
    std::vector<std::string> values;
    for (const toml::node& element : *array) {
      const auto* value = element.as_string();
      if (value == nullptr) fail(&element, "'" + key + "' must be an array of strings");
      if (selectors) check_selector(element, value->get(), key);
      values.push_back(value->get());
    }
    return values;
  }

  void read_table(const toml::table& table, Config& config) const {
    for (const auto& [key_node, node] : table) {
      const std::string key(key_node.str());
      if (key == "select") {
        config.select = string_list(node, key, true);
      } else if (key == "ignore") {
        config.ignore = string_list(node, key, true);
      } else if (key == "extend-select") {
        config.extend_select = string_list(node, key, true);
      } else if (key == "exclude") {
        config.exclude = string_list(node, key, false);
      } else if (key == "extend-exclude") {
        config.extend_exclude = string_list(node, key, false);
      } else if (key == "show-possible") {
        const auto* value = node.as_boolean();
        if (value == nullptr) fail(&node, "'show-possible' must be true or false");
        config.show_possible = value->get();
      } else if (key == "models") {
        for (const auto& name : string_list(node, key, false)) {
          fs::path model = fs::path(name).is_absolute() ? fs::path(name) : config.root / name;
          model = model.lexically_normal();
          std::error_code error;
          if (!fs::is_regular_file(model, error)) {
            fail(&node, "library models file '" + name + "' not found (looked for " + model.string() + ")");
          }
          config.model_files.push_back(model);
        }
      } else if (key == "per-file-ignores") {
        const toml::table* globs = node.as_table();
        if (globs == nullptr) fail(&node, "'per-file-ignores' must be a table of glob = [codes]");
        // toml++ orders a table's keys by name; keep the order of the file instead.
        std::vector<std::pair<const toml::key*, const toml::node*>> entries;
        for (const auto& [glob, codes] : *globs) entries.emplace_back(&glob, &codes);
        std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
          const toml::source_position pa = a.first->source().begin, pb = b.first->source().begin;
          return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
        });
        for (const auto& [glob, codes] : entries) {
          const std::string entry = "per-file-ignores." + std::string(glob->str());
          config.per_file_ignores.emplace_back(std::string(glob->str()), string_list(*codes, entry, true));
        }
      } else {
        std::string expected;
        for (const auto& known : known_keys()) expected += (expected.empty() ? "" : ", ") + known;
        const toml::node* where = &node;
        // A key's own position is more useful than its value's for tables (the value spans many lines).
        if (key_node.source().begin.line > 0) {
          std::ostringstream text;
          text << file_.string() << ":" << key_node.source().begin.line << ": unknown key '" << key
               << "' (expected one of: " << expected << ")";
          throw ConfigError(text.str());
        }
        fail(where, "unknown key '" + key + "' (expected one of: " + expected + ")");
      }
    }
  }

 private:
  fs::path file_;
};

toml::table parse_toml_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError(file.string() + ": cannot read the configuration file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  try {
    return toml::parse(text, file.string());
  } catch (const toml::parse_error& error) {
    std::ostringstream message;
    message << file.string();
    if (error.source().begin.line > 0) {
      message << ":" << error.source().begin.line << ":" << error.source().begin.column;
    }
    message << ": invalid TOML: " << error.description();
    throw ConfigError(message.str());
  }
}

bool pyproject_has_section(const fs::path& file) {
  try {
    const toml::table document = parse_toml_file(file);
    return document["tool"]["cyclecheck"].as_table() != nullptr;
  } catch (const ConfigError&) {
    // A broken pyproject.toml is reported when it is loaded, not skipped silently.
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.find("tool.cyclecheck") != std::string::npos) return true;
    }
    return false;
  }
}

}  // namespace

const std::vector<std::string>& default_exclude_patterns() {
  static const std::vector<std::string> patterns{".bzr",
                                                 ".cyclecheck_cache",
                                                 ".direnv",
                                                 ".eggs",
                                                 ".git",
                                                 ".git-rewrite",
                                                 ".hg",
                                                 ".ipynb_checkpoints",
                                                 ".mypy_cache",
                                                 ".nox",
                                                 ".pants.d",
                                                 ".pyenv",
                                                 ".pytest_cache",
                                                 ".pytype",
                                                 ".ruff_cache",
                                                 ".svn",
                                                 ".tox",
                                                 ".venv",
                                                 ".vscode",
                                                 "__pycache__",
                                                 "__pypackages__",
                                                 "_build",
                                                 "buck-out",
                                                 "build",
                                                 "dist",
                                                 "node_modules",
                                                 "site-packages",
                                                 "venv"};
  return patterns;
}

bool glob_match(std::string_view pattern, std::string_view path) {
  const bool pattern_absolute = !pattern.empty() && pattern.front() == '/';
  const bool path_absolute = !path.empty() && path.front() == '/';
  if (pattern_absolute != path_absolute) return false;
  return match_segments(split_segments(pattern), 0, split_segments(path), 0);
}

bool path_matches_pattern(std::string_view pattern, const fs::path& absolute_path, const fs::path& root) {
  return PathPatterns({std::string(pattern)}, root).matches(absolute_path);
}

PathPatterns::PathPatterns(const std::vector<std::string>& patterns, const fs::path& root)
    : root_(root.lexically_normal().generic_string()) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
  for (const std::string& pattern : patterns) {
    std::string_view trimmed = pattern;
    while (trimmed.substr(0, 2) == "./") trimmed.remove_prefix(2);
    while (trimmed.size() > 1 && trimmed.back() == '/') trimmed.remove_suffix(1);
    if (trimmed.empty()) continue;
    if (trimmed.find('/') == std::string_view::npos) {
      bare_names_.emplace_back(trimmed);
    } else if (trimmed.front() == '/') {
      absolute_.emplace_back(trimmed);
    } else {
      anchored_.emplace_back(trimmed);
    }
  }
}

namespace {

// Whether the pattern names the path or any directory above it ("src/generated").
bool matches_some_prefix(std::string_view pattern, const std::vector<std::string_view>& segments) {
  const std::vector<std::string_view> pattern_segments = split_segments(pattern);
  for (size_t length = segments.size(); length > 0; --length) {
    const std::vector<std::string_view> prefix(segments.begin(), segments.begin() + length);
    if (match_segments(pattern_segments, 0, prefix, 0)) return true;
  }
  return false;
}

}  // namespace

bool PathPatterns::matches(const fs::path& absolute_path) const {
  const std::string absolute = generic(absolute_path);
  // Below the root, patterns see the root-relative path; directories above the root never match a
  // bare name (a project that lives in ~/build/project is not excluded by "build").
  std::string_view relative;
  const bool below_root = absolute.size() > root_.size() && absolute.compare(0, root_.size(), root_) == 0 &&
                          (root_ == "/" || absolute[root_.size()] == '/');
  if (below_root) relative = std::string_view(absolute).substr(root_ == "/" ? 1 : root_.size() + 1);

  if (!bare_names_.empty()) {
    if (below_root) {
      const auto segments = split_segments(relative);
      for (const std::string& name : bare_names_) {
        for (const auto& segment : segments) {
          if (match_segment(name, segment)) return true;
        }
      }
    } else {
      const std::string filename = absolute_path.filename().string();
      for (const std::string& name : bare_names_) {
        if (match_segment(name, filename)) return true;
      }
    }
  }
  if (below_root && !anchored_.empty()) {
    const auto segments = split_segments(relative);
    for (const std::string& pattern : anchored_) {
      if (matches_some_prefix(pattern, segments)) return true;
    }
  }
  if (!absolute_.empty()) {
    const auto segments = split_segments(absolute);
    for (const std::string& pattern : absolute_) {
      if (matches_some_prefix(pattern, segments)) return true;
    }
  }
  return false;
}

std::optional<fs::path> find_config_file(const fs::path& start_dir) {
  std::error_code error;
  fs::path dir = fs::absolute(start_dir, error).lexically_normal();
  if (error) return std::nullopt;
  while (true) {
    for (const char* name : {".cyclecheck.toml", "cyclecheck.toml"}) {
      const fs::path candidate = dir / name;
      if (fs::is_regular_file(candidate, error)) return candidate;
    }
    const fs::path pyproject = dir / "pyproject.toml";
    if (fs::is_regular_file(pyproject, error) && pyproject_has_section(pyproject)) return pyproject;
    if (!dir.has_relative_path() || dir.parent_path() == dir) return std::nullopt;
    dir = dir.parent_path();
  }
}

Config load_config(const fs::path& file) {
  std::error_code error;
  const fs::path absolute = fs::absolute(file, error).lexically_normal();
  if (error || !fs::exists(absolute, error))
    throw ConfigError(file.string() + ": configuration file not found");
  Config config;
  config.file = absolute;
  config.root = absolute.parent_path();
  const toml::table document = parse_toml_file(absolute);
  const ConfigReader reader(file);
  if (absolute.filename() == "pyproject.toml") {
    const toml::node* tool = document.get("tool");
    if (tool == nullptr) return config;
    if (!tool->is_table()) reader.fail(tool, "'tool' must be a table");
    const toml::node* section = tool->as_table()->get("cyclecheck");
    if (section == nullptr) return config;
    if (!section->is_table()) reader.fail(section, "'tool.cyclecheck' must be a table");
    reader.read_table(*section->as_table(), config);
  } else {
    reader.read_table(document, config);
  }
  return config;
}

bool is_code_enabled(const Config& config, std::string_view code, std::string_view display_path) {
  return is_code_enabled(config, code, {}, display_path);
}

bool is_code_enabled(const Config& config, std::string_view code, std::string_view rule_name,
                     std::string_view display_path) {
  int selected = config.select.empty() ? 0 : best_specificity(config.select, code, rule_name);
  selected = std::max(selected, best_specificity(config.extend_select, code, rule_name));
  const int ignored = best_specificity(config.ignore, code, rule_name);
  if (selected < 0 || ignored >= selected) return false;

  if (config.per_file_ignores.empty()) return true;
  std::error_code error;
  const fs::path working = fs::current_path(error);
  fs::path path{std::string(display_path)};
  if (path.is_relative()) path = working / path;
  const fs::path root = config.root.empty() ? working : config.root;
  for (const auto& [pattern, codes] : config.per_file_ignores) {
    if (best_specificity(codes, code, rule_name) >= 0 && path_matches_pattern(pattern, path, root))
      return false;
  }
  return true;
}

}  // namespace cyclecheck
