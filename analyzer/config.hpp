// Project configuration: `[tool.cyclecheck]` in pyproject.toml, or cyclecheck.toml / .cyclecheck.toml.
// Keys and their meaning follow ruff's: select/ignore by code or code prefix, excludes, per-file ignores.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cyclecheck {

// Directories and files never checked unless `exclude` is overridden: VCS metadata, caches, build outputs,
// virtual environments (any directory holding pyvenv.cfg is skipped as well, whatever the configuration).
const std::vector<std::string>& default_exclude_patterns();

struct Config {
  std::filesystem::path root;  // the config file's directory (the working directory when there is no file)
  std::filesystem::path file;  // empty when no configuration file was found
  std::vector<std::string> select, ignore, extend_select;
  // `exclude` replaces the defaults (as in ruff); `extend-exclude` adds to them.
  std::vector<std::string> exclude = default_exclude_patterns();
  std::vector<std::string> extend_exclude;
  std::vector<std::pair<std::string, std::vector<std::string>>> per_file_ignores;  // glob -> codes
  bool show_possible = false;
  std::vector<std::filesystem::path> model_files;  // absolute (resolved against the config file's directory)
};

// A malformed configuration: the message names the file and, where known, the line.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The nearest pyproject.toml holding a [tool.cyclecheck] table, or cyclecheck.toml / .cyclecheck.toml,
// searched from start_dir upward. In one directory .cyclecheck.toml wins over cyclecheck.toml over
// pyproject.toml (as ruff prefers .ruff.toml, then ruff.toml, then pyproject.toml).
std::optional<std::filesystem::path> find_config_file(const std::filesystem::path& start_dir);

// Parses one configuration file; throws ConfigError with "file:line: message" on any problem.
Config load_config(const std::filesystem::path& file);

// Whether findings with `code` are reported for the file at `display_path` (relative to the working
// directory, or absolute). Entries in select/ignore/per-file-ignores are codes, code prefixes ("CC1")
// or "ALL"; the most specific matching entry wins, and ignore beats select at equal specificity.
// An empty select means "ALL".
bool is_code_enabled(const Config& config, std::string_view code, std::string_view display_path);
// Same, but entries may also name the rule ("callable-holds-owner").
bool is_code_enabled(const Config& config, std::string_view code, std::string_view rule_name,
                     std::string_view display_path);

// fnmatch-style glob with `**` (any number of path segments), `*` and `?` (not crossing '/'),
// and `[...]` classes. Both sides use '/' separators.
bool glob_match(std::string_view pattern, std::string_view path);

// Whether `path` matches a glob pattern the way ruff applies excludes and per-file-ignores:
// a pattern without '/' is matched against every trailing component (basename or any directory name);
// one with '/' is matched against the path relative to `root` (when below it) or the absolute path.
bool path_matches_pattern(std::string_view pattern, const std::filesystem::path& absolute_path,
                          const std::filesystem::path& root);

// A set of such patterns, prepared once: discovery tests every directory entry against all of them,
// so the path is made root-relative once per entry rather than once per pattern.
class PathPatterns {
 public:
  PathPatterns(const std::vector<std::string>& patterns, const std::filesystem::path& root);
  // Whether any pattern matches `absolute_path` (lexically normal).
  bool matches(const std::filesystem::path& absolute_path) const;

 private:
  std::vector<std::string> bare_names_;  // no '/': matched against each segment
  std::vector<std::string> anchored_;    // with '/': matched against root-relative prefixes
  std::vector<std::string> absolute_;    // starting with '/': matched against absolute prefixes
  std::string root_;                     // generic, lexically normal, no trailing '/'
};

}  // namespace cyclecheck
