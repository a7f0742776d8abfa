// The server's analysis side: the worker that lowers edited documents and re-analyses, the loader that
// reads the workspace, and the conversion of findings into published or pulled diagnostics.
#include <tree_sitter/api.h>

#include <algorithm>
#include <atomic>

#include "analyzer/discovery.hpp"
#include "analyzer/ir.hpp"
#include "analyzer/suppression.hpp"
#include "cli/lsp/server.hpp"
#include "cli/lsp/uri.hpp"

namespace cyclecheck::lsp {
namespace {

using nlohmann::json;

struct LowerJob {
  std::string uri;
  SourceText source;
  TSTree* tree = nullptr;  // a copy owned by the job
  int64_t version = 0;
  std::shared_ptr<const ModuleFacts> facts;
};

std::shared_ptr<const ModuleFacts> lower_quietly(const SourceText& source, const TSTree* tree,
                                                 std::string& error) {
  try {
    return lower_module(source, tree);
  } catch (const std::exception& failure) {
    error = source.path + ": " + failure.what();
    return nullptr;
  }
}

}  // namespace

void Server::request_analysis() {
  ++requested_generation_;
  work_requested_ = true;
  wake_.notify_one();
}

void Server::worker_loop() {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || work_requested_; });
      if (stop_) return;
      work_requested_ = false;
    }
    analysis_pass();
  }
}

void Server::analysis_pass() {
  uint64_t generation = 0;
  std::vector<LowerJob> jobs;
  std::vector<std::filesystem::path> stale;
  {
    std::lock_guard lock(mutex_);
    generation = requested_generation_;
    for (auto& [uri, entry] : documents_) {
      if (entry.facts && entry.facts_version == entry.document->version()) continue;
      jobs.push_back(
          {uri, entry.document->source(), entry.document->copy_tree(), entry.document->version(), nullptr});
    }
    stale.assign(stale_disk_files_.begin(), stale_disk_files_.end());
    stale_disk_files_.clear();
  }

  // Only the edited documents are lowered again; every other module keeps its facts.
  std::vector<std::string> errors;
  for (LowerJob& job : jobs) {
    std::string error;
    job.facts = lower_quietly(job.source, job.tree, error);
    if (job.tree) ts_tree_delete(job.tree);
    if (!error.empty()) errors.push_back(error);
  }
  std::map<std::filesystem::path, std::optional<DiskModule>> refreshed;
  for (const std::filesystem::path& path : stale) {
    std::error_code missing;
    Diagnostic read_error;
    std::optional<SourceText> source;
    if (std::filesystem::is_regular_file(path, missing)) {
      source = read_source(path, display_path_for(path, std::filesystem::current_path(missing)), read_error);
    }
    if (!source) {
      refreshed[path] = std::nullopt;
      continue;
    }
    std::string error;
    auto facts = lower_quietly(*source, nullptr, error);
    if (!error.empty()) errors.push_back(error);
    refreshed[path] = DiskModule{std::move(*source), std::move(facts)};
  }

  std::vector<std::shared_ptr<const ModuleFacts>> modules;
  AnalysisOptions options;
  {
    std::lock_guard lock(mutex_);
    for (LowerJob& job : jobs) {
      OpenDocument* entry = find_document(job.uri);
      if (!entry || entry->document->version() != job.version) continue;  // edited again meanwhile
      entry->facts = std::move(job.facts);
      entry->facts_version = job.version;
    }
    for (auto& [path, module] : refreshed) {
      if (module) {
        disk_modules_.insert_or_assign(path, std::move(*module));
      } else {
        disk_modules_.erase(path);
      }
    }
    if (requested_generation_ != generation) return;  // superseded: the worker has been woken again
    std::set<std::filesystem::path> open_paths;
    for (const auto& [uri, entry] : documents_) {
      if (entry.facts) modules.push_back(entry.facts);
      if (!entry.absolute_path.empty()) open_paths.insert(entry.absolute_path);
    }
    // Only open documents are published: the rest of the workspace is solved where the open documents call
    // it, and as their callers where it imports them (analyzer/context_modules.hpp), not for findings of
    // its own, so that an edit in a large repository is not a solve of all of it.
    for (const auto& [path, module] : disk_modules_) {
      if (!module.facts || open_paths.contains(path)) continue;
      modules.push_back(module.facts);
      options.context_paths.insert(module.facts->path);
    }
    options.show_possible = config_.show_possible;
    options.models = models_;
    options.link_cache = link_cache_;
  }
  for (const std::string& error : errors) log(kMessageError, "cyclecheck: cannot analyse " + error);

  std::vector<Diagnostic> diagnostics;
  try {
    diagnostics = analyze_modules(modules, options);
  } catch (const std::exception& failure) {
    log(kMessageError, std::string("cyclecheck: analysis failed: ") + failure.what());
  }

  std::vector<json> messages;
  {
    std::lock_guard lock(mutex_);
    if (requested_generation_ != generation) return;
    messages = publish(diagnostics);
    completed_generation_ = generation;
  }
  for (const json& message : messages) writer_.write(message);
}

FileResolver Server::resolver(std::map<std::string, LineIndex>& line_cache) {
  return [this, &line_cache](const std::string& display_path) -> std::optional<FileText> {
    for (const auto& [uri, entry] : documents_) {
      if (entry.document->source().path == display_path) {
        return FileText{uri, entry.document->text(), &entry.document->lines()};
      }
    }
    for (const auto& [path, module] : disk_modules_) {
      if (module.source.path != display_path) continue;
      auto cached = line_cache.try_emplace(display_path, module.source.text).first;
      return FileText{file_uri_from_path(path), module.source.text, &cached->second};
    }
    return std::nullopt;
  };
}

std::vector<json> Server::publish(const std::vector<Diagnostic>& diagnostics) {
  std::map<std::string, std::vector<const Diagnostic*>> by_path;
  for (const Diagnostic& diagnostic : diagnostics) by_path[diagnostic.range.path].push_back(&diagnostic);

  std::map<std::string, LineIndex> line_cache;
  const FileResolver resolve = resolver(line_cache);
  std::vector<json> messages;
  bool refresh = false;
  for (auto& [uri, entry] : documents_) {
    const Document& document = *entry.document;
    const std::string& path = document.source().path;
    const SuppressionIndex suppressions(document.text());
    const FileText file{uri, document.text(), &document.lines()};
    std::vector<PublishedDiagnostic> results;
    json items = json::array();
    for (const Diagnostic* diagnostic : by_path[path]) {
      if (!is_code_enabled(config_, diagnostic->code, diagnostic->rule_name, path)) continue;
      if (suppressions.suppresses(*diagnostic)) continue;
      json lsp = to_lsp_diagnostic(*diagnostic, file, resolve, encoding_, settings_.docs_base_url);
      items.push_back(lsp);
      results.push_back({*diagnostic, std::move(lsp)});
    }
    const bool changed = items != entry.results_json;
    const bool new_version = entry.results_version != document.version();
    entry.results = std::move(results);
    entry.results_json = std::move(items);
    entry.results_version = document.version();
    if (changed) ++entry.result_id;
    if (!pull_mode_ && (changed || new_version)) {
      messages.push_back(make_notification(
          "textDocument/publishDiagnostics",
          {{"uri", uri}, {"version", document.version()}, {"diagnostics", entry.results_json}}));
    }
    if (pull_mode_ && changed) entry.awaiting_pull = true;
  }
  for (const PendingPull& pull : pending_pulls_) {
    OpenDocument* entry = find_document(pull.uri);
    if (!entry) {
      messages.push_back(make_response(pull.id, {{"kind", "full"}, {"items", json::array()}}));
      continue;
    }
    messages.push_back(make_response(pull.id, pull_result(*entry, pull.previous_result_id)));
  }
  pending_pulls_.clear();
  // A cross-module change altered the results of documents nobody asked about: ask the client to pull again.
  for (const auto& [uri, entry] : documents_) refresh = refresh || entry.awaiting_pull;
  if (pull_mode_ && refresh && refresh_support_) {
    messages.push_back(make_request("cyclecheck/" + std::to_string(next_request_id_++),
                                    "workspace/diagnostic/refresh", nullptr));
    for (auto& [uri, entry] : documents_) entry.awaiting_pull = false;
  }
  return messages;
}

json Server::pull_result(OpenDocument& entry, const std::optional<std::string>& previous_id) {
  entry.awaiting_pull = false;
  const std::string result_id = std::to_string(entry.result_id);
  if (previous_id && *previous_id == result_id) return {{"kind", "unchanged"}, {"resultId", result_id}};
  return {{"kind", "full"}, {"resultId", result_id}, {"items", entry.results_json}};
}

void Server::load_workspace(std::filesystem::path root, Config config, size_t max_files) {
  std::vector<Diagnostic> errors;
  std::vector<DiscoveredFile> files;
  try {
    files = discover_python_files({root}, config, false, errors);
  } catch (const std::exception& failure) {
    log(kMessageError, std::string("cyclecheck: cannot list the workspace: ") + failure.what());
    return;
  }
  if (files.size() > max_files) {
    log(kMessageInfo, "cyclecheck: the workspace has " + std::to_string(files.size()) +
                          " Python files; reading the first " + std::to_string(max_files) +
                          " (setting maxWorkspaceFiles)");
    files.resize(max_files);
  }
  // A few threads: lowering is pure, and big workspaces should not keep cross-module findings waiting long.
  std::atomic<size_t> next{0};
  const size_t thread_count = std::clamp<size_t>(std::thread::hardware_concurrency() / 2, 1, 8);
  auto read_files = [&] {
    for (size_t index = next++; index < files.size(); index = next++) {
      {
        std::lock_guard lock(mutex_);
        if (stop_) return;
      }
      Diagnostic read_error;
      std::optional<SourceText> source =
          read_source(files[index].path, files[index].display_path, read_error);
      if (!source) continue;
      std::string error;
      auto facts = lower_quietly(*source, nullptr, error);
      std::lock_guard lock(mutex_);
      std::error_code ignored;
      const std::filesystem::path key = std::filesystem::weakly_canonical(files[index].path, ignored);
      if (!stale_disk_files_.contains(key))
        disk_modules_.insert_or_assign(key, DiskModule{std::move(*source), std::move(facts)});
    }
  };
  std::vector<std::thread> threads;
  for (size_t i = 1; i < thread_count; ++i) threads.emplace_back(read_files);
  read_files();
  for (std::thread& thread : threads) thread.join();
  std::lock_guard lock(mutex_);
  if (!stop_) request_analysis();
}

}  // namespace cyclecheck::lsp
