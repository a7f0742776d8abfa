// `cyclecheck server`: a Language Server Protocol server over a pair of file descriptors (stdio in use).
//
// Threads: the calling thread reads and dispatches messages and never waits on analysis; one worker thread
// lowers edited documents and re-runs the analysis over every known module; one loader thread reads the
// workspace's files at start-up so cross-module findings see modules that are not open.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "analyzer/config.hpp"
#include "analyzer/module_link_cache.hpp"
#include "analyzer/project.hpp"
#include "cli/lsp/code_actions.hpp"
#include "cli/lsp/document.hpp"
#include "cli/lsp/json_rpc.hpp"
#include "cli/lsp/settings.hpp"

namespace cyclecheck::lsp {

struct ServerOptions {
  ServerSettings defaults;       // before the client's settings arrive
  bool change_directory = true;  // chdir to the workspace root so display paths match `cyclecheck check`
  bool stdio_flag = false;       // `--stdio`, which editors pass; stdio is the only transport anyway
};

class Server {
 public:
  Server(int input_fd, int output_fd, ServerOptions options = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Serves until `exit` or the end of input. Returns the process exit code: 0 after shutdown + exit,
  // 1 when the client left without shutting down.
  int run();

 private:
  enum class Phase { Uninitialized, Running, ShuttingDown };
  // window/logMessage and window/showMessage types.
  static constexpr int kMessageError = 1;
  static constexpr int kMessageWarning = 2;
  static constexpr int kMessageInfo = 3;

  struct OpenDocument {
    std::unique_ptr<Document> document;
    std::filesystem::path absolute_path;  // empty for non-file URIs
    std::shared_ptr<const ModuleFacts> facts;
    int64_t facts_version = -1;
    std::vector<PublishedDiagnostic> results;
    nlohmann::json results_json = nlohmann::json::array();
    int64_t results_version = -1;  // the document version `results` were computed from
    uint64_t result_id = 0;        // changes whenever `results_json` does
    bool awaiting_pull = false;    // a changed result the client has not pulled yet
  };
  struct DiskModule {
    SourceText source;
    std::shared_ptr<const ModuleFacts> facts;
  };
  struct PendingPull {
    nlohmann::json id;
    std::string uri;
    std::optional<std::string> previous_result_id;  // answered "unchanged" when it still matches
  };

  // Dispatch (reader thread).
  void handle_message(const std::string& body);
  void handle_request(const nlohmann::json& id, const std::string& method, const nlohmann::json& params);
  void handle_notification(const std::string& method, const nlohmann::json& params);
  nlohmann::json initialize(const nlohmann::json& params);
  void initialized();
  void did_open(const nlohmann::json& params);
  void did_change(const nlohmann::json& params);
  void did_save(const nlohmann::json& params);
  void did_close(const nlohmann::json& params);
  void did_change_configuration(const nlohmann::json& params);
  void did_change_watched_files(const nlohmann::json& params);
  void pull_diagnostics(const nlohmann::json& id, const nlohmann::json& params);
  nlohmann::json hover(const nlohmann::json& params);
  nlohmann::json code_action(const nlohmann::json& params);
  void cancel_request(const nlohmann::json& params);
  void load_configuration();  // mutex_ held
  void log(int type, const std::string& message);
  void show(int type, const std::string& message);

  // Analysis (worker and loader threads); functions marked "locked" expect mutex_ held.
  void request_analysis();  // locked
  void worker_loop();
  void analysis_pass();
  std::vector<nlohmann::json> publish(const std::vector<Diagnostic>& diagnostics);                 // locked
  nlohmann::json pull_result(OpenDocument& entry, const std::optional<std::string>& previous_id);  // locked
  FileResolver resolver(std::map<std::string, LineIndex>& line_cache);                             // locked
  void load_workspace(std::filesystem::path root, Config config, size_t max_files);
  OpenDocument* find_document(const std::string& uri);  // locked

  MessageReader reader_;
  MessageWriter writer_;
  ServerOptions options_;
  Phase phase_ = Phase::Uninitialized;  // reader thread only
  std::optional<int> exit_code_;        // set by `exit`
  uint64_t next_request_id_ = 1;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  bool work_requested_ = false;
  uint64_t requested_generation_ = 0;
  uint64_t completed_generation_ = 0;
  PositionEncoding encoding_ = PositionEncoding::Utf16;
  bool pull_mode_ = false;
  bool refresh_support_ = false;
  bool watch_registration_ = false;
  std::filesystem::path root_;
  Config project_config_;
  Config config_;  // project_config_ with the client's settings applied
  ServerSettings settings_;
  std::shared_ptr<const LibraryModels> models_;  // the shipped models plus the configuration's model files
  // What linking found in each module whose facts did not change since the last analysis (worker only).
  std::shared_ptr<ModuleLinkCache> link_cache_ = std::make_shared<ModuleLinkCache>();
  std::map<std::string, OpenDocument> documents_;             // by URI
  std::map<std::filesystem::path, DiskModule> disk_modules_;  // by absolute path
  std::set<std::filesystem::path> stale_disk_files_;          // changed on disk, to re-read
  std::vector<PendingPull> pending_pulls_;

  std::thread worker_;
  std::thread loader_;
};

}  // namespace cyclecheck::lsp
