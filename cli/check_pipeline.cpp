#include "cli/check_pipeline.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "analyzer/baseline.hpp"
#include "analyzer/discovery.hpp"
#include "analyzer/fact_cache.hpp"
#include "analyzer/idle_cores.hpp"
#include "analyzer/import_context.hpp"
#include "analyzer/library_models.hpp"
#include "analyzer/parallel.hpp"
#include "analyzer/phase_timer.hpp"
#include "analyzer/project.hpp"
#include "analyzer/result_cache.hpp"
#include "analyzer/retain.hpp"
#include "analyzer/suppression.hpp"
#include "analyzer/text_util.hpp"

namespace cyclecheck::cli {
namespace fs = std::filesystem;

namespace {

// A comma-separated list option that takes one value each time it is given: the paths after it stay paths
// (pre-commit appends the staged files after the hook's args).
void as_list(CLI::Option* option) { option->delimiter(',')->allow_extra_args(false); }

}  // namespace

void add_check_options(CLI::App& command, CheckRequest& request) {
  command.add_option("paths", request.paths,
                     "Files or directories to check (default: the current directory)");
  command.add_option("--config", request.config_file,
                     "Configuration file (pyproject.toml or cyclecheck.toml)");
  as_list(
      command.add_option("--select", request.select, "Rule codes or prefixes to enable (comma separated)"));
  as_list(
      command.add_option("--ignore", request.ignore, "Rule codes or prefixes to disable (comma separated)"));
  as_list(command.add_option("--extend-select", request.extend_select, "Rule codes to enable in addition"));
  command.add_flag("--show-possible", request.show_possible,
                   "Also report possible cycles (an object that may stand for many), at lower severity");
  as_list(command.add_option_function<std::vector<std::string>>(
      "--exclude", [&request](const std::vector<std::string>& patterns) { request.exclude = patterns; },
      "Path patterns to leave out instead of the configured `exclude` and the defaults (comma separated)"));
  as_list(
      command.add_option("--extend-exclude", request.extend_exclude,
                         "Path patterns to leave out in addition to the excluded ones (comma separated)"));
  command.add_flag("--force-exclude", request.force_exclude,
                   "Apply exclude patterns to files named on the command line too (for pre-commit)");
  command.add_option("--stdin-filename", request.stdin_filename,
                     "Read the source from standard input and report it under this file name");
  command.add_option("--baseline", request.baseline_file,
                     "Report only findings not recorded in this baseline");
  command.add_flag_callback(
      "--no-cache", [&request] { request.use_cache = false; },
      "Do not read or write the .cyclecheck_cache directory");
}

namespace {

struct LoadedModule {
  std::optional<SourceText> source;
  uint64_t content_hash = 0;  // of source->text: hashed once, for both caches and the facts
  std::shared_ptr<const ModuleFacts> facts;
  std::optional<Diagnostic> error;
};

std::vector<LoadedModule> read_all(const std::vector<DiscoveredFile>& files) {
  std::vector<LoadedModule> loaded(files.size());
  parallel_for(files.size(), [&](size_t i) {
    Diagnostic error;
    loaded[i].source = read_source(files[i].path, files[i].display_path, error);
    if (loaded[i].source) {
      loaded[i].content_hash = fast_hash_bytes(loaded[i].source->text);
    } else {
      loaded[i].error = std::move(error);
    }
  });
  return loaded;
}

// Returns the indices of the modules lowered afresh (not found in the cache).
std::vector<size_t> lower_all(std::vector<LoadedModule>& loaded, const FactCache* cache) {
  // Largest files first, so the threads do not wait on one big file at the end.
  std::vector<size_t> order(loaded.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto size_of = [&](size_t i) { return loaded[i].source ? loaded[i].source->text.size() : 0; };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return size_of(a) > size_of(b); });
  std::vector<char> fresh(loaded.size(), 0);
  parallel_for(order.size(), [&](size_t position) {
    const size_t i = order[position];
    if (!loaded[i].source) return;
    const SourceText& source = *loaded[i].source;
    const uint64_t content_hash = loaded[i].content_hash;
    std::shared_ptr<const ModuleFacts> facts = cache ? cache->load(source, content_hash) : nullptr;
    if (!facts) {
      facts = lower_module(source, nullptr, content_hash);
      fresh[i] = 1;
    }
    loaded[i].facts = std::move(facts);
  });
  std::vector<size_t> lowered;
  for (size_t i = 0; i < loaded.size(); ++i) {
    if (fresh[i]) lowered.push_back(i);
  }
  return lowered;
}

// Writes the new cache entries on a thread of its own. It encodes an entry only while a core is idle (the
// solver's threads leave one free at the end of their ranges, and between phases), so a first run that
// fills the cache takes about as long as one without it, instead of sharing both cores with the solver.
// Entries are keyed by what their facts carry, so the run may hand the source texts on before it is done.
class CacheWriter {
 public:
  CacheWriter(FactCache* cache, const std::vector<LoadedModule>& loaded, const std::vector<size_t>& indices) {
    if (cache == nullptr || indices.empty()) return;
    std::vector<std::shared_ptr<const ModuleFacts>> entries;
    for (size_t i : indices) entries.push_back(loaded[i].facts);
    thread_ = std::thread([cache, entries = std::move(entries)] {
      const auto started = std::chrono::steady_clock::now();
      cache->store(entries, wait_for_idle_core);
      if (std::getenv("CYCLECHECK_DEBUG_TIMES") != nullptr) {
        // CPU time and wall time: the difference is mostly waiting for an idle core.
        timespec used{};
        ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used);
        std::fprintf(stderr, "[times] cache write (thread)  %.3f s of CPU in %.3f s, %zu modules\n",
                     static_cast<double>(used.tv_sec) + static_cast<double>(used.tv_nsec) * 1e-9,
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                     entries.size());
      }
    });
  }
  CacheWriter(const CacheWriter&) = delete;
  CacheWriter& operator=(const CacheWriter&) = delete;
  ~CacheWriter() { finish(); }
  void finish() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::thread thread_;
};

// What besides the sources changes the analysis: options and the contents of extra library models.
std::string analysis_options_key(const Config& config, bool show_possible) {
  std::string key = show_possible ? "possible;" : "must;";
  for (const auto& file : config.model_files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    key += file.string() + "=" + std::to_string(std::hash<std::string>{}(text.str())) + ";";
  }
  return key;
}

}  // namespace

CheckRun run_check(const CheckRequest& request) {
  PhaseTimer timer;
  CheckRun run;
  const fs::path cwd = fs::current_path();
  std::vector<fs::path> paths;
  for (const auto& p : request.paths) paths.emplace_back(p);
  if (paths.empty() && request.stdin_filename.empty()) paths.emplace_back(".");

  // Configuration: explicit, else the nearest one above the first path.
  std::optional<fs::path> config_file;
  if (!request.config_file.empty()) {
    config_file = fs::path(request.config_file);
  } else {
    fs::path start = paths.empty() ? fs::path(request.stdin_filename) : paths.front();
    std::error_code ec;
    fs::path absolute = fs::absolute(start, ec);
    if (!fs::is_directory(absolute, ec)) absolute = absolute.parent_path();
    config_file = find_config_file(absolute);
  }
  if (config_file) {
    run.config = load_config(*config_file);
  } else {
    run.config.root = cwd;
  }
  Config& config = run.config;
  if (!request.select.empty()) config.select = request.select;
  if (!request.ignore.empty())
    config.ignore.insert(config.ignore.end(), request.ignore.begin(), request.ignore.end());
  config.extend_select.insert(config.extend_select.end(), request.extend_select.begin(),
                              request.extend_select.end());
  if (request.exclude) config.exclude = *request.exclude;
  config.extend_exclude.insert(config.extend_exclude.end(), request.extend_exclude.begin(),
                               request.extend_exclude.end());
  const bool show_possible = request.show_possible || config.show_possible;

  std::vector<Diagnostic> diagnostics;
  std::vector<std::shared_ptr<const ModuleFacts>> modules;
  std::unique_ptr<FactCache> cache;
  if (request.use_cache) cache = FactCache::open(config.root);

  std::optional<SourceText> stdin_source;
  uint64_t stdin_hash = 0;  // of stdin_source->text, for the result cache key and the facts
  if (!request.stdin_filename.empty()) {
    SourceText source;
    source.path = display_path_for(fs::path(request.stdin_filename), cwd);
    source.text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    source.module_name = module_name_for(fs::path(request.stdin_filename), source.is_package);
    stdin_hash = fast_hash_bytes(source.text);
    stdin_source = std::move(source);
    run.files_checked = 1;
  }
  std::vector<Diagnostic> discovery_errors;
  const auto files = paths.empty()
                         ? std::vector<DiscoveredFile>{}
                         : discover_python_files(paths, config, request.force_exclude, discovery_errors);
  diagnostics.insert(diagnostics.end(), discovery_errors.begin(), discovery_errors.end());
  timer.mark("discover");
  auto loaded = read_all(files);
  run.files_checked += files.size();
  timer.mark("read");
  // The project modules the checked files import but that were not given: analysed for what they say
  // about the checked files, never reported.
  std::set<std::string> context_paths;
  {
    std::vector<CheckedSource> checked;
    if (stdin_source) checked.push_back({(cwd / request.stdin_filename).lexically_normal(), &*stdin_source});
    for (size_t i = 0; i < loaded.size(); ++i) {
      if (loaded[i].source) checked.push_back({files[i].path, &*loaded[i].source});
    }
    for (SourceText& context : imported_project_modules(checked, config, cwd)) {
      context_paths.insert(context.path);
      LoadedModule module;
      module.content_hash = fast_hash_bytes(context.text);
      module.source = std::move(context);
      loaded.push_back(std::move(module));
    }
  }
  timer.mark("imported modules");

  // An unchanged project: reuse the last run's findings without lowering or solving anything.
  std::optional<ResultCache> results;
  std::string project_key;
  if (cache) {
    std::vector<std::pair<const SourceText*, uint64_t>> sources;
    if (stdin_source) sources.emplace_back(&*stdin_source, stdin_hash);
    for (const auto& module : loaded) {
      if (module.source) sources.emplace_back(&*module.source, module.content_hash);
    }
    results.emplace(cache->directory());
    project_key = ResultCache::project_key(sources, analysis_options_key(config, show_possible));
  }
  std::optional<std::vector<Diagnostic>> found;
  if (results) found = results->load(project_key);
  timer.mark("result cache");
  std::optional<CacheWriter> cache_writer;
  if (!found) {
    cache_writer.emplace(cache.get(), loaded, lower_all(loaded, cache.get()));
    timer.mark("lower");
    if (stdin_source) modules.push_back(lower_module(*stdin_source, nullptr, stdin_hash));
    for (auto& module : loaded) {
      if (module.facts) modules.push_back(std::move(module.facts));
    }
    AnalysisOptions options;
    options.show_possible = show_possible;
    options.models = LibraryModels::with_files(config.model_files);
    options.free_memory = false;  // the commands that run a check exit after reporting
    options.context_paths = context_paths;
    found = analyze_modules(modules, options);
    if (results) results->store(project_key, *found);
    timer.mark("analysis in all");  // link, solve and rules, each timed above
  }
  for (auto& module : loaded) {
    if (module.error) diagnostics.push_back(std::move(*module.error));
  }
  if (stdin_source) run.sources[stdin_source->path] = std::move(stdin_source->text);
  for (auto& module : loaded) {
    if (module.source) run.sources[module.source->path] = std::move(module.source->text);
  }
  diagnostics.insert(diagnostics.end(), std::make_move_iterator(found->begin()),
                     std::make_move_iterator(found->end()));

  // Selection, then suppression comments, then the baseline.
  std::map<std::string, SuppressionIndex> suppressions;
  std::vector<Diagnostic> kept;
  for (auto& d : diagnostics) {
    if (context_paths.count(d.range.path) != 0) continue;
    if (!is_code_enabled(config, d.code, d.rule_name, d.range.path)) continue;
    auto source = run.sources.find(d.range.path);
    if (source != run.sources.end()) {
      auto it = suppressions.find(d.range.path);
      if (it == suppressions.end())
        it = suppressions.emplace(d.range.path, SuppressionIndex(source->second)).first;
      if (it->second.suppresses(d)) continue;
    }
    kept.push_back(std::move(d));
  }
  if (!request.baseline_file.empty())
    kept = remove_baselined(std::move(kept), read_baseline(request.baseline_file));
  std::sort(kept.begin(), kept.end(), diagnostic_less);
  run.diagnostics = std::move(kept);
  timer.mark("filter");
  run.modules = std::move(modules);
  if (cache_writer) {
    cache_writer->finish();  // the report waits for the cache: a run leaves it complete
    timer.mark("cache written");
  }
  return run;
}

void keep_until_exit(CheckRun&& run) { retain_until_exit(std::make_shared<const CheckRun>(std::move(run))); }

}  // namespace cyclecheck::cli
