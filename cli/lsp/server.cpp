#include "cli/lsp/server.hpp"

#include <iostream>
#include <system_error>

#include "analyzer/discovery.hpp"
#include "analyzer/library_models.hpp"
#include "analyzer/suppression.hpp"
#include "cli/lsp/suppression_hover.hpp"
#include "cli/lsp/uri.hpp"

namespace cyclecheck::lsp {
namespace {

using nlohmann::json;

// A request's parameters were not what the method needs.
class InvalidParams : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

bool is_config_file(const std::filesystem::path& path) {
  const std::string name = path.filename().string();
  return name == "pyproject.toml" || name == "cyclecheck.toml" || name == ".cyclecheck.toml";
}

bool is_python_file(const std::filesystem::path& path) {
  return path.extension() == ".py" || path.extension() == ".pyi";
}

const json& object_param(const json& params, const char* key) {
  const json& value = params.at(key);
  if (!value.is_object()) throw InvalidParams(std::string("'") + key + "' must be an object");
  return value;
}

std::filesystem::path workspace_root(const json& params) {
  if (const auto folders = params.find("workspaceFolders"); folders != params.end() && folders->is_array()) {
    for (const json& folder : *folders) {
      if (folder.is_object() && folder.contains("uri") && folder["uri"].is_string()) {
        if (auto path = path_from_file_uri(folder["uri"].get<std::string>())) return *path;
      }
    }
  }
  if (const auto uri = params.find("rootUri"); uri != params.end() && uri->is_string()) {
    if (auto path = path_from_file_uri(uri->get<std::string>())) return *path;
  }
  if (const auto path = params.find("rootPath"); path != params.end() && path->is_string()) {
    return std::filesystem::path(path->get<std::string>());
  }
  return std::filesystem::current_path();
}

}  // namespace

Server::Server(int input_fd, int output_fd, ServerOptions options)
    : reader_(input_fd), writer_(output_fd), options_(std::move(options)), settings_(options_.defaults) {}

Server::~Server() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
  if (loader_.joinable()) loader_.join();
}

int Server::run() {
  worker_ = std::thread([this] { worker_loop(); });
  for (;;) {
    MessageReader::Result message = reader_.next();
    if (message.status == MessageReader::Status::EndOfStream) return 1;  // the client went away
    if (message.status == MessageReader::Status::BadFrame) {
      writer_.write(make_error(nullptr, error_code::kParseError, message.error));
      continue;
    }
    handle_message(message.body);
    if (exit_code_) return *exit_code_;
    if (writer_.broken()) return 1;
  }
}

void Server::handle_message(const std::string& body) {
  json message;
  try {
    message = json::parse(body);
  } catch (const json::parse_error& error) {
    writer_.write(make_error(nullptr, error_code::kParseError, std::string("invalid JSON: ") + error.what()));
    return;
  }
  if (!message.is_object()) {
    writer_.write(make_error(nullptr, error_code::kInvalidRequest, "a message must be a JSON object"));
    return;
  }
  const auto id = message.find("id");
  const bool has_id = id != message.end();
  if (has_id && !id->is_string() && !id->is_number_integer()) {
    writer_.write(make_error(nullptr, error_code::kInvalidRequest, "'id' must be an integer or a string"));
    return;
  }
  const auto method = message.find("method");
  if (method == message.end() || !method->is_string()) {
    if (has_id && (message.contains("result") || message.contains("error")))
      return;  // a reply to our request
    writer_.write(
        make_error(has_id ? *id : json(nullptr), error_code::kInvalidRequest, "'method' must be a string"));
    return;
  }
  json params = message.value("params", json::object());
  if (params.is_null()) params = json::object();  // `void` params (shutdown, exit) may come as null
  if (!params.is_object() && !params.is_array()) {
    if (has_id)
      writer_.write(make_error(*id, error_code::kInvalidParams, "'params' must be an object or array"));
    return;
  }
  if (has_id) {
    handle_request(*id, method->get<std::string>(), params);
  } else {
    handle_notification(method->get<std::string>(), params);
  }
}

void Server::handle_request(const json& id, const std::string& method, const json& params) {
  if (phase_ == Phase::Uninitialized && method != "initialize") {
    writer_.write(make_error(id, error_code::kServerNotInitialized, "the server has not been initialized"));
    return;
  }
  if (phase_ == Phase::ShuttingDown) {
    writer_.write(make_error(id, error_code::kInvalidRequest, "the server is shutting down"));
    return;
  }
  try {
    if (method == "initialize") {
      if (phase_ != Phase::Uninitialized) {
        writer_.write(make_error(id, error_code::kInvalidRequest, "initialize was already received"));
        return;
      }
      json result = initialize(params);
      phase_ = Phase::Running;
      writer_.write(make_response(id, std::move(result)));
    } else if (method == "shutdown") {
      phase_ = Phase::ShuttingDown;
      writer_.write(make_response(id, nullptr));
    } else if (method == "textDocument/diagnostic") {
      pull_diagnostics(id, params);
    } else if (method == "textDocument/hover") {
      writer_.write(make_response(id, hover(params)));
    } else if (method == "textDocument/codeAction") {
      writer_.write(make_response(id, code_action(params)));
    } else {
      writer_.write(make_error(id, error_code::kMethodNotFound, "unknown method '" + method + "'"));
    }
  } catch (const InvalidParams& error) {
    writer_.write(make_error(id, error_code::kInvalidParams, error.what()));
  } catch (const json::exception& error) {
    writer_.write(make_error(id, error_code::kInvalidParams, std::string("invalid params: ") + error.what()));
  } catch (const std::exception& error) {
    writer_.write(make_error(id, error_code::kInternalError, error.what()));
  }
}

void Server::handle_notification(const std::string& method, const json& params) {
  if (method == "exit") {
    exit_code_ = phase_ == Phase::ShuttingDown ? 0 : 1;  // the spec's exit codes
    return;
  }
  if (phase_ != Phase::Running) return;  // notifications before initialize are dropped, as the spec says
  try {
    if (method == "initialized") {
      initialized();
    } else if (method == "textDocument/didOpen") {
      did_open(params);
    } else if (method == "textDocument/didChange") {
      did_change(params);
    } else if (method == "textDocument/didSave") {
      did_save(params);
    } else if (method == "textDocument/didClose") {
      did_close(params);
    } else if (method == "workspace/didChangeConfiguration") {
      did_change_configuration(params);
    } else if (method == "workspace/didChangeWatchedFiles") {
      did_change_watched_files(params);
    } else if (method == "$/cancelRequest") {
      cancel_request(params);
    }
    // Other notifications ($/setTrace, $/progress, ...) need no answer.
  } catch (const std::exception& error) {
    log(kMessageError, "cyclecheck: ignored malformed " + method + ": " + error.what());
  }
}

json Server::initialize(const json& params) {
  if (!params.is_object()) throw InvalidParams("initialize params must be an object");
  const json capabilities = params.value("capabilities", json::object());
  if (!capabilities.is_object()) throw InvalidParams("'capabilities' must be an object");
  std::vector<std::string> warnings;
  std::filesystem::path root = workspace_root(params);
  {
    std::lock_guard lock(mutex_);
    encoding_ = negotiate_encoding(capabilities);
    const json* text_document =
        capabilities.contains("textDocument") ? &capabilities["textDocument"] : nullptr;
    pull_mode_ = text_document && text_document->is_object() && text_document->contains("diagnostic");
    const json& workspace = capabilities.value("workspace", json::object());
    refresh_support_ =
        workspace.is_object() && workspace.value("/diagnostics/refreshSupport"_json_pointer, false);
    watch_registration_ = workspace.is_object() &&
                          workspace.value("/didChangeWatchedFiles/dynamicRegistration"_json_pointer, false);
    if (params.contains("initializationOptions")) {
      settings_ = settings_from_json(params["initializationOptions"], settings_, warnings);
    }
    std::error_code error;
    root = std::filesystem::weakly_canonical(root, error);
    if (error || !std::filesystem::is_directory(root, error)) root = std::filesystem::current_path();
    root_ = root;
    if (options_.change_directory) std::filesystem::current_path(root_, error);
    load_configuration();
    loader_ = std::thread([this, root, config = config_, limit = settings_.max_workspace_files] {
      load_workspace(root, config, limit);
    });
  }
  for (const std::string& warning : warnings) show(kMessageWarning, "cyclecheck: " + warning);

  return {
      {"capabilities",
       {{"positionEncoding", encoding_name(encoding_)},
        {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
        {"diagnosticProvider",
         {{"identifier", "cyclecheck"}, {"interFileDependencies", true}, {"workspaceDiagnostics", false}}},
        {"hoverProvider", true},
        {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}, {"resolveProvider", false}}}}},
      {"serverInfo", {{"name", "cyclecheck"}, {"version", CYCLECHECK_VERSION}}}};
}

void Server::initialized() {
  bool register_watchers = false;
  {
    std::lock_guard lock(mutex_);
    register_watchers = watch_registration_;
  }
  if (!register_watchers) return;
  json watchers = json::array();
  for (const char* pattern :
       {"**/*.py", "**/*.pyi", "**/pyproject.toml", "**/cyclecheck.toml", "**/.cyclecheck.toml"}) {
    watchers.push_back({{"globPattern", pattern}});
  }
  writer_.write(make_request("cyclecheck/" + std::to_string(next_request_id_++), "client/registerCapability",
                             {{"registrations",
                               {{{"id", "cyclecheck-watched-files"},
                                 {"method", "workspace/didChangeWatchedFiles"},
                                 {"registerOptions", {{"watchers", watchers}}}}}}}));
}

void Server::load_configuration() {
  Config project;
  project.root = root_;
  try {
    if (auto file = find_config_file(root_)) project = load_config(*file);
  } catch (const ConfigError& error) {
    show(kMessageError, std::string("cyclecheck: ") + error.what() + " (using the default configuration)");
  }
  project_config_ = project;
  config_ = apply_settings(project_config_, settings_);
  try {
    models_ = LibraryModels::with_files(config_.model_files);
  } catch (const std::exception& error) {
    models_ = nullptr;  // the shipped models only
    show(kMessageError, std::string("cyclecheck: ") + error.what() + " (using the shipped library models)");
  }
}

Server::OpenDocument* Server::find_document(const std::string& uri) {
  const auto found = documents_.find(uri);
  return found == documents_.end() ? nullptr : &found->second;
}

void Server::did_open(const json& params) {
  const json& item = object_param(params, "textDocument");
  const std::string uri = item.at("uri").get<std::string>();
  const std::string language = item.value("languageId", "python");
  if (language != "python") return;  // the client may share one server between languages
  SourceText source;
  source.text = item.at("text").get<std::string>();
  const int64_t version = item.value("version", int64_t{0});
  std::filesystem::path absolute;
  if (auto path = path_from_file_uri(uri)) {
    std::error_code error;
    absolute = std::filesystem::weakly_canonical(*path, error);
    if (error) absolute = *path;
    source.path = display_path_for(absolute, std::filesystem::current_path(error));
    source.module_name = module_name_for(absolute, source.is_package);
  } else {
    source.path = uri;  // untitled buffers: analysed on their own
  }
  std::lock_guard lock(mutex_);
  OpenDocument entry;
  entry.document = std::make_unique<Document>(uri, std::move(source), version);
  entry.absolute_path = absolute;
  documents_.insert_or_assign(uri, std::move(entry));
  request_analysis();
}

void Server::did_change(const json& params) {
  const json& item = object_param(params, "textDocument");
  const std::string uri = item.at("uri").get<std::string>();
  const std::vector<ContentChange> changes = content_changes_from_json(params.at("contentChanges"));
  std::lock_guard lock(mutex_);
  OpenDocument* entry = find_document(uri);
  if (!entry) {
    log(kMessageWarning, "cyclecheck: didChange for a document that is not open: " + uri);
    return;
  }
  entry->document->apply_changes(changes, item.value("version", entry->document->version() + 1), encoding_);
  if (settings_.analyze_on_type) request_analysis();
}

void Server::did_save(const json& params) {
  const std::string uri = object_param(params, "textDocument").at("uri").get<std::string>();
  std::lock_guard lock(mutex_);
  if (find_document(uri) && !settings_.analyze_on_type) request_analysis();
}

void Server::did_close(const json& params) {
  const std::string uri = object_param(params, "textDocument").at("uri").get<std::string>();
  bool clear = false;
  {
    std::lock_guard lock(mutex_);
    OpenDocument* entry = find_document(uri);
    if (!entry) return;
    // What is on disk may differ from the closed buffer: read it again for cross-module facts.
    std::error_code error;
    if (!entry->absolute_path.empty() && std::filesystem::is_regular_file(entry->absolute_path, error)) {
      stale_disk_files_.insert(entry->absolute_path);
    }
    documents_.erase(uri);
    for (auto pull = pending_pulls_.begin(); pull != pending_pulls_.end();) {
      if (pull->uri != uri) {
        ++pull;
        continue;
      }
      writer_.write(make_response(pull->id, {{"kind", "full"}, {"items", json::array()}}));
      pull = pending_pulls_.erase(pull);
    }
    clear = !pull_mode_;
    request_analysis();
  }
  if (clear)
    writer_.write(
        make_notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
}

void Server::did_change_configuration(const json& params) {
  std::vector<std::string> warnings;
  {
    std::lock_guard lock(mutex_);
    settings_ = settings_from_json(params.value("settings", json::object()), settings_, warnings);
    config_ = apply_settings(project_config_, settings_);
    request_analysis();
  }
  for (const std::string& warning : warnings) show(kMessageWarning, "cyclecheck: " + warning);
}

void Server::did_change_watched_files(const json& params) {
  std::lock_guard lock(mutex_);
  bool reload = false;
  for (const json& change : params.at("changes")) {
    const auto path = path_from_file_uri(change.at("uri").get<std::string>());
    if (!path) continue;
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::weakly_canonical(*path, error);
    if (is_config_file(absolute)) {
      reload = true;
    } else if (is_python_file(absolute)) {
      stale_disk_files_.insert(error ? *path : absolute);
    }
  }
  if (reload) load_configuration();
  request_analysis();
}

void Server::pull_diagnostics(const json& id, const json& params) {
  const std::string uri = object_param(params, "textDocument").at("uri").get<std::string>();
  std::optional<std::string> previous;
  if (params.contains("previousResultId") && params["previousResultId"].is_string()) {
    previous = params["previousResultId"].get<std::string>();
  }
  json response;
  {
    std::lock_guard lock(mutex_);
    OpenDocument* entry = find_document(uri);
    if (!entry) throw InvalidParams("document not open: " + uri);
    if (completed_generation_ != requested_generation_ ||
        (settings_.analyze_on_type && entry->results_version != entry->document->version())) {
      pending_pulls_.push_back({id, uri, previous});  // answered when the running analysis finishes
      return;
    }
    response = pull_result(*entry, previous);
  }
  writer_.write(make_response(id, std::move(response)));
}

json Server::hover(const json& params) {
  const std::string uri = object_param(params, "textDocument").at("uri").get<std::string>();
  const Position position = position_from_json(params.at("position"));
  std::lock_guard lock(mutex_);
  OpenDocument* entry = find_document(uri);
  if (!entry) throw InvalidParams("document not open: " + uri);
  const Document& document = *entry->document;
  std::optional<json> result =
      suppression_hover(document.text(), document.lines(), position, encoding_, settings_.docs_base_url);
  return result ? *result : json(nullptr);
}

json Server::code_action(const json& params) {
  const std::string uri = object_param(params, "textDocument").at("uri").get<std::string>();
  const Range range = range_from_json(params.at("range"));
  std::lock_guard lock(mutex_);
  OpenDocument* entry = find_document(uri);
  if (!entry) throw InvalidParams("document not open: " + uri);
  std::map<std::string, LineIndex> line_cache;
  return code_actions(*entry->document, entry->results, range, encoding_, resolver(line_cache));
}

void Server::cancel_request(const json& params) {
  const json id = params.at("id");
  std::lock_guard lock(mutex_);
  for (auto pull = pending_pulls_.begin(); pull != pending_pulls_.end(); ++pull) {
    if (pull->id != id) continue;
    writer_.write(make_error(id, error_code::kRequestCancelled, "cancelled"));
    pending_pulls_.erase(pull);
    return;
  }
}

void Server::log(int type, const std::string& message) {
  if (!writer_.write(make_notification("window/logMessage", {{"type", type}, {"message", message}}))) {
    std::cerr << message << "\n";
  }
}

void Server::show(int type, const std::string& message) {
  writer_.write(make_notification("window/showMessage", {{"type", type}, {"message", message}}));
}

}  // namespace cyclecheck::lsp
