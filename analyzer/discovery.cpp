#include "analyzer/discovery.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>
#include <system_error>
#include <utility>

namespace cyclecheck {
namespace fs = std::filesystem;

namespace {

// Identifies a directory or file independently of the path that reached it.
using FileId = std::pair<dev_t, ino_t>;

std::optional<FileId> file_id(const fs::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return std::nullopt;
  return FileId{info.st_dev, info.st_ino};
}

bool is_python_source(const fs::path& path) {
  const std::string extension = path.extension().string();
  return extension == ".py" || extension == ".pyi";
}

std::string describe(const std::error_code& error) {
  std::string text = error.message();
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

uint64_t fnv1a(std::string_view text) {
  uint64_t hash = 1469598103934665603ULL;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

class Walker {
 public:
  Walker(const Config& config, std::vector<Diagnostic>& errors)
      : errors_(errors),
        working_directory_(current_directory()),
        excludes_(excluded_paths(config, working_directory_)) {}

  void add_argument(const fs::path& argument, bool force_exclude) {
    const fs::path path = (working_directory_ / argument).lexically_normal();
    std::error_code error;
    const fs::file_status link_status = fs::symlink_status(path, error);
    if (error || !fs::exists(link_status)) {
      report(path, "No such file or directory");
      return;
    }
    const fs::file_status status = fs::status(path, error);
    if (error) {
      report(path, unresolvable_link_message(error));
      return;
    }
    if (force_exclude && is_excluded(path)) return;
    if (fs::is_directory(status)) {
      walk(path);
    } else {
      add_file(path);
    }
  }

  std::vector<DiscoveredFile> take_files() {
    std::sort(files_.begin(), files_.end(), [](const DiscoveredFile& a, const DiscoveredFile& b) {
      return a.display_path < b.display_path;
    });
    return std::move(files_);
  }

 private:
  static fs::path current_directory() {
    std::error_code error;
    fs::path cwd = fs::current_path(error);
    return error ? fs::path("/") : cwd;
  }

  static std::string unresolvable_link_message(const std::error_code& error) {
    if (error == std::errc::too_many_symbolic_link_levels) return "Symbolic link loop";
    if (error == std::errc::no_such_file_or_directory)
      return "Broken symbolic link (its target does not exist)";
    return describe(error);
  }

  void report(const fs::path& path, const std::string& message) {
    errors_.push_back(make_io_error(display_path_for(path, working_directory_), message));
  }

  bool is_excluded(const fs::path& path) const { return excludes_.matches(path); }

  void add_file(const fs::path& path) {
    // The same file reached through a symlink or named twice is checked once.
    if (const auto id = file_id(path)) {
      if (!seen_files_.insert(*id).second) return;
    }
    files_.push_back({path, display_path_for(path, working_directory_)});
  }

  void walk(const fs::path& directory) {
    const auto id = file_id(directory);
    if (id) {
      if (std::find(ancestors_.begin(), ancestors_.end(), *id) != ancestors_.end()) {
        report(directory, "Symbolic link loop: this directory contains itself; not followed");
        return;
      }
      // Reached again through another symlink: already walked, nothing new to find.
      if (!seen_directories_.insert(*id).second) return;
      ancestors_.push_back(*id);
    }

    std::error_code error;
    fs::directory_iterator it(directory, fs::directory_options::none, error);
    if (error) {
      report(directory, describe(error));
      if (id) ancestors_.pop_back();
      return;
    }
    // Entries keep the type readdir reported, so plain files and directories need no stat. They sort by
    // name: all share this directory, so that is the order of their paths, without comparing paths
    // component by component (a third of the walk's time on the torch tree).
    std::vector<std::pair<std::string, fs::directory_entry>> entries;
    for (; it != fs::directory_iterator(); it.increment(error)) {
      entries.emplace_back(it->path().filename().native(), *it);
    }
    if (error) report(directory, describe(error));
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

    for (const auto& [name, entry] : entries) visit_entry(entry);
    if (id) ancestors_.pop_back();
  }

  void visit_directory(const fs::path& directory) {
    std::error_code error;
    if (fs::exists(directory / "pyvenv.cfg", error)) return;  // a virtual environment
    walk(directory);
  }

  void visit_entry(const fs::directory_entry& dirent) {
    const fs::path& entry = dirent.path();
    std::error_code error;
    if (!dirent.is_symlink(error) && !error) {
      // Not a link: the type readdir reported is the answer, no stat needed (most of a tree is here).
      if (dirent.is_regular_file(error)) {
        if (is_python_source(entry) && !is_excluded(entry)) add_file(entry);
        return;
      }
      if (dirent.is_directory(error)) {
        if (!is_excluded(entry)) visit_directory(entry);
        return;
      }
      if (!error) return;  // sockets, pipes, devices
    }
    if (is_excluded(entry)) return;
    const fs::file_status link_status = fs::symlink_status(entry, error);
    if (error) {
      report(entry, describe(error));
      return;
    }
    const fs::file_status status = fs::status(entry, error);
    if (error) {
      // A dangling link is only worth a message when it was meant to be a Python file; a link that
      // loops on itself might have hidden a directory, so it is always reported.
      if (fs::is_symlink(link_status) &&
          (error == std::errc::too_many_symbolic_link_levels || is_python_source(entry))) {
        report(entry, unresolvable_link_message(error));
      }
      return;
    }
    if (fs::is_directory(status)) {
      visit_directory(entry);
    } else if (fs::is_regular_file(status) && is_python_source(entry)) {
      add_file(entry);
    }
  }

  std::vector<Diagnostic>& errors_;
  fs::path working_directory_;
  PathPatterns excludes_;
  std::vector<DiscoveredFile> files_;
  std::set<FileId> seen_files_;
  std::set<FileId> seen_directories_;
  std::vector<FileId> ancestors_;
};

}  // namespace

std::string display_path_for(const fs::path& path, const fs::path& working_directory) {
  const fs::path normal = path.lexically_normal();
  if (normal.is_absolute() && !working_directory.empty()) {
    const fs::path relative = normal.lexically_relative(working_directory.lexically_normal());
    const std::string text = relative.generic_string();
    if (!relative.empty() && text != ".." && text.rfind("../", 0) != 0) return text;
  }
  return normal.generic_string();
}

Diagnostic make_io_error(const std::string& display_path, const std::string& message) {
  Diagnostic diagnostic;
  diagnostic.code = "CC002";
  diagnostic.rule_name = "io-error";
  diagnostic.severity = Severity::Error;
  diagnostic.message = message;
  diagnostic.range = SourceRange{display_path, 1, 1, 1, 1};
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx",
                static_cast<unsigned long long>(fnv1a("CC002\n" + display_path + "\n" + message)));
  diagnostic.fingerprint = hex;
  return diagnostic;
}

PathPatterns excluded_paths(const Config& config, const fs::path& working_directory) {
  std::vector<std::string> patterns = config.exclude;
  patterns.insert(patterns.end(), config.extend_exclude.begin(), config.extend_exclude.end());
  return PathPatterns(patterns, config.root.empty() ? working_directory : config.root);
}

std::vector<DiscoveredFile> discover_python_files(const std::vector<fs::path>& paths, const Config& config,
                                                  bool force_exclude, std::vector<Diagnostic>& errors) {
  Walker walker(config, errors);
  for (const fs::path& path : paths) walker.add_argument(path, force_exclude);
  return walker.take_files();
}

}  // namespace cyclecheck
