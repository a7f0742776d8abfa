#include "analyzer/import_context.hpp"

#include <algorithm>
#include <deque>
#include <set>
#include <system_error>

#include "analyzer/directory_index.hpp"
#include "analyzer/import_scan.hpp"
#include "analyzer/parallel.hpp"

namespace cyclecheck {
namespace {

namespace fs = std::filesystem;

// `path` is `root` or inside it (both lexically normal).
bool is_within(const fs::path& path, const fs::path& root) {
  const fs::path relative = path.lexically_relative(root);
  return !relative.empty() && *relative.begin() != "..";
}

// Without a configuration file, the project is the nearest directory at or above the working directory that
// holds a repository or packaging marker (a run from `scripts/` still finds `../models`); without one, the
// working directory.
fs::path enclosing_project_root(const fs::path& working_directory) {
  std::error_code error;
  for (fs::path dir = working_directory;; dir = dir.parent_path()) {
    for (const char* marker : {".git", ".hg", "pyproject.toml", "setup.py", "setup.cfg"}) {
      if (fs::exists(dir / marker, error)) return dir;
    }
    if (!dir.has_relative_path() || dir.parent_path() == dir) return working_directory;
  }
}

}  // namespace

std::vector<SourceText> imported_project_modules(const std::vector<CheckedSource>& checked,
                                                 const Config& config, const fs::path& working_directory) {
  const fs::path project_root =
      (!config.file.empty() ? config.root : enclosing_project_root(working_directory.lexically_normal()))
          .lexically_normal();
  std::set<fs::path> known_files;
  std::set<std::string> known_modules;
  std::set<std::string> known_plain_modules;  // not packages: nothing below them is a module
  auto know_module = [&](const SourceText& source) {
    if (source.module_name.empty()) return;
    known_modules.insert(source.module_name);
    if (!source.is_package) known_plain_modules.insert(source.module_name);
  };
  std::set<fs::path> roots;
  for (const CheckedSource& c : checked) {
    const fs::path file = c.path.lexically_normal();
    known_files.insert(file);
    know_module(*c.source);
    // A root outside the project holds no project module (Debian's dist-packages beside a checked file of
    // it): nothing to look up there, and nothing to scan when no root is left.
    const fs::path root = package_root(file, c.source->module_name, c.source->is_package);
    if (is_within(root, project_root) || is_within(project_root, root)) roots.insert(root);
  }
  if (roots.empty()) return {};
  // The project root last: `python train.py` puts a script's own directory first on sys.path, and a run
  // from the project root (or pytest's rootdir) makes `models/layers.py` importable as models.layers
  // from anywhere in it, with or without an __init__.py beside it.
  std::vector<fs::path> search_roots(roots.begin(), roots.end());
  if (roots.count(project_root) == 0) search_roots.push_back(project_root);
  // Each root as a prefix of the paths probed below: a module's relative path holds only identifiers, so
  // joining by text gives a lexically normal path, without the cost of path arithmetic for every module
  // and root (a run on a few files of a tree without __init__.py files has hundreds of roots).
  std::vector<std::string> root_prefixes;
  for (const fs::path& root : search_roots) {
    std::string prefix = root.generic_string();
    if (prefix == ".") prefix.clear();
    if (!prefix.empty() && prefix.back() != '/') prefix += '/';
    root_prefixes.push_back(std::move(prefix));
  }
  // What each source may import; the checked sources are scanned on all cores, each module found when it
  // is found.
  std::deque<std::vector<std::string>> to_look_up(checked.size());
  parallel_for(checked.size(), [&](size_t i) {
    const SourceText& source = *checked[i].source;
    to_look_up[i] = imported_module_candidates(source.text, source.module_name, source.is_package);
  });
  const PathPatterns excluded = excluded_paths(config, working_directory);
  auto below_plain_module = [&](const std::string& dotted) {
    for (size_t dot = dotted.rfind('.'); dot != std::string::npos && dot > 0;
         dot = dotted.rfind('.', dot - 1)) {
      if (known_plain_modules.count(dotted.substr(0, dot)) != 0) return true;
    }
    return false;
  };
  // A name none of whose roots has as a file or a directory: nothing below it is a project module either
  // (`numpy`, then every `numpy.*` a source imports). Candidates come sorted, parents first.
  std::set<std::string> absent;
  auto below_absent = [&](const std::string& dotted) {
    for (size_t dot = dotted.find('.'); dot != std::string::npos; dot = dotted.find('.', dot + 1)) {
      if (absent.count(dotted.substr(0, dot)) != 0) return true;
    }
    return false;
  };
  std::vector<SourceText> found;
  std::set<std::string> looked_up;
  DirectoryIndex directories;
  while (!to_look_up.empty() && found.size() < kMaxContextModules) {
    const std::vector<std::string> candidates = std::move(to_look_up.front());
    to_look_up.pop_front();
    for (const std::string& dotted : candidates) {
      // `from proj.util import helper`: proj.util is a file, so proj.util.helper is a name, not a module.
      if (known_modules.count(dotted) != 0 || below_plain_module(dotted) || below_absent(dotted) ||
          !looked_up.insert(dotted).second)
        continue;
      std::string relative = dotted;
      std::replace(relative.begin(), relative.end(), '.', '/');
      bool present = false;
      for (const std::string& prefix : root_prefixes) {
        const std::string module_path = prefix + relative;
        fs::path file(module_path + ".py");
        if (!directories.is_regular_file(file.native())) {
          if (!directories.is_directory(module_path)) continue;
          present = true;  // a package, or a namespace package without __init__.py
          file = fs::path(module_path + "/__init__.py");
          if (!directories.is_regular_file(file.native())) continue;
        }
        present = true;
        if (!known_files.insert(file).second || !is_within(file, project_root) || excluded.matches(file))
          continue;
        Diagnostic unreadable;  // not reported: the file was not asked for
        std::optional<SourceText> source =
            read_source(file, display_path_for(file, working_directory), unreadable);
        if (!source) continue;
        know_module(*source);
        to_look_up.push_back(
            imported_module_candidates(source->text, source->module_name, source->is_package));
        found.push_back(std::move(*source));
        // No break: two checked scripts' directories may each have their own utils.py, and each script
        // imports the one beside it (Program::module_index).
      }
      if (!present) absent.insert(dotted);
      if (found.size() >= kMaxContextModules) break;
    }
  }
  return found;
}

}  // namespace cyclecheck
