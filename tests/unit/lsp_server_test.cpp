#include <gtest/gtest.h>
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <future>

#include "cli/lsp/server.hpp"
#include "cli/lsp/uri.hpp"

namespace cyclecheck::lsp {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// Runs a Server on a thread, connected to this test by two pipes.
class ServerHarness {
 public:
  ServerHarness() {
    ::signal(SIGPIPE, SIG_IGN);
    EXPECT_EQ(::pipe(to_server_), 0);
    EXPECT_EQ(::pipe(from_server_), 0);
    root_ = std::filesystem::temp_directory_path() / ("cyclecheck-lsp-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(root_);
    ServerOptions options;
    options.change_directory = false;
    exit_code_ = std::async(std::launch::async, [this, options] {
      Server server(to_server_[0], from_server_[1], options);
      return server.run();
    });
  }
  ~ServerHarness() {
    close_input();
    if (exit_code_.valid()) exit_code_.wait();
    ::close(to_server_[0]);
    ::close(from_server_[0]);
    ::close(from_server_[1]);
    std::filesystem::remove_all(root_);
  }

  void send(const json& message) { send_raw(message.dump()); }
  void send_raw(const std::string& body) {
    const std::string frame = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    ASSERT_EQ(::write(to_server_[1], frame.data(), frame.size()), static_cast<ssize_t>(frame.size()));
  }
  void close_input() {
    if (to_server_[1] >= 0) ::close(to_server_[1]);
    to_server_[1] = -1;
  }

  // The next message the server sends, skipping log messages; fails the test after a few seconds.
  json receive() {
    for (;;) {
      const size_t body_start = buffer_.find("\r\n\r\n");
      if (body_start != std::string::npos) {
        const size_t length = std::stoul(buffer_.substr(16, body_start - 16));
        if (buffer_.size() >= body_start + 4 + length) {
          json message = json::parse(buffer_.substr(body_start + 4, length));
          buffer_.erase(0, body_start + 4 + length);
          if (message.value("method", "") == "window/logMessage") continue;
          return message;
        }
      }
      pollfd ready{from_server_[0], POLLIN, 0};
      if (::poll(&ready, 1, 10000) <= 0) {
        ADD_FAILURE() << "no message from the server within 10 s";
        return json();
      }
      char chunk[65536];
      const ssize_t got = ::read(from_server_[0], chunk, sizeof chunk);
      if (got <= 0) return json();
      buffer_.append(chunk, static_cast<size_t>(got));
    }
  }
  json request(int id, const std::string& method, json params) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    return receive();
  }
  void notify(const std::string& method, json params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  json initialize(json capabilities) {
    return request(
        1, "initialize",
        {{"processId", nullptr}, {"rootUri", file_uri_from_path(root_)}, {"capabilities", capabilities}});
  }
  // The server's exit code, or -1 when it has not stopped within a few seconds.
  int exit_code() {
    if (exit_code_.valid() && exit_code_.wait_for(5s) == std::future_status::ready)
      exit_code_result_ = exit_code_.get();
    return exit_code_result_;
  }

 private:
  int to_server_[2] = {-1, -1};
  int from_server_[2] = {-1, -1};
  std::filesystem::path root_;
  std::string buffer_;
  std::future<int> exit_code_;
  int exit_code_result_ = -1;
};

const json kPullCapabilities = {{"general", {{"positionEncodings", {"utf-8", "utf-16"}}}},
                                {"textDocument", {{"diagnostic", {{"dynamicRegistration", false}}}}}};

json open_params(const std::string& uri, const std::string& text, int version = 1) {
  return {{"textDocument", {{"uri", uri}, {"languageId", "python"}, {"version", version}, {"text", text}}}};
}

TEST(LspServer, LifecycleAndProtocolErrors) {
  ServerHarness server;
  EXPECT_EQ(server.request(7, "textDocument/hover", json::object())["error"]["code"],
            error_code::kServerNotInitialized);

  const json init = server.initialize(kPullCapabilities);
  EXPECT_EQ(init["result"]["capabilities"]["positionEncoding"], "utf-8");
  EXPECT_EQ(init["result"]["capabilities"]["textDocumentSync"]["change"], 2);
  EXPECT_EQ(init["result"]["serverInfo"]["name"], "cyclecheck");
  EXPECT_EQ(server.initialize(kPullCapabilities)["error"]["code"], error_code::kInvalidRequest);
  server.notify("initialized", json::object());

  EXPECT_EQ(server.request(2, "textDocument/definition", json::object())["error"]["code"],
            error_code::kMethodNotFound);
  server.send_raw("{not json");
  EXPECT_EQ(server.receive()["error"]["code"], error_code::kParseError);
  server.send_raw("[1, 2]");
  EXPECT_EQ(server.receive()["error"]["code"], error_code::kInvalidRequest);
  server.send_raw(R"({"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"})");
  EXPECT_EQ(server.receive()["error"]["code"], error_code::kInvalidRequest);

  const json unopened = {{"textDocument", {{"uri", "file:///nowhere.py"}}},
                         {"position", {{"line", 0}, {"character", 0}}}};
  const json hover = server.request(3, "textDocument/hover", unopened);
  EXPECT_EQ(hover["id"], 3);
  EXPECT_EQ(hover["error"]["code"], error_code::kInvalidParams);
  EXPECT_EQ(server.request(4, "textDocument/diagnostic", unopened)["error"]["code"],
            error_code::kInvalidParams);
  EXPECT_EQ(server.request(5, "textDocument/codeAction", {{"textDocument", 3}})["error"]["code"],
            error_code::kInvalidParams);
  server.notify("textDocument/didChange", {{"bogus", true}});  // a malformed notification is ignored

  const json shutdown = server.request(6, "shutdown", nullptr);
  EXPECT_EQ(shutdown["id"], 6) << shutdown.dump();
  EXPECT_TRUE(shutdown.contains("result"));
  EXPECT_EQ(server.request(8, "textDocument/hover", unopened)["error"]["code"], error_code::kInvalidRequest);
  server.notify("exit", nullptr);
  EXPECT_EQ(server.exit_code(), 0);
}

TEST(LspServer, ClientThatDisappearsEndsTheServer) {
  ServerHarness server;
  server.initialize(kPullCapabilities);
  server.notify("textDocument/didOpen", open_params("file:///tmp/a.py", "x = []\n"));
  server.close_input();
  EXPECT_EQ(server.exit_code(), 1);
}

TEST(LspServer, ExitWithoutShutdownIsAnError) {
  ServerHarness server;
  server.notify("exit", nullptr);
  EXPECT_EQ(server.exit_code(), 1);
}

TEST(LspServer, PullDiagnosticsReportsAResultIdAndUnchanged) {
  ServerHarness server;
  server.initialize(kPullCapabilities);
  server.notify("textDocument/didOpen",
                open_params("file:///tmp/clean.py", "x = []\ny = [x, [x], dict(x=x)]\n"));
  const json first =
      server.request(2, "textDocument/diagnostic", {{"textDocument", {{"uri", "file:///tmp/clean.py"}}}});
  ASSERT_EQ(first["result"]["kind"], "full");
  EXPECT_TRUE(first["result"]["items"].is_array());
  const std::string result_id = first["result"]["resultId"];
  const json second =
      server.request(3, "textDocument/diagnostic",
                     {{"textDocument", {{"uri", "file:///tmp/clean.py"}}}, {"previousResultId", result_id}});
  EXPECT_EQ(second["result"]["kind"], "unchanged");
  EXPECT_EQ(second["result"]["resultId"], result_id);
}

TEST(LspServer, PushesDiagnosticsForEachVersionWithoutPullSupport) {
  ServerHarness server;
  server.initialize(json::object());
  server.notify("textDocument/didOpen", open_params("file:///tmp/push.py", "a = 1\n", 1));
  json published = server.receive();
  EXPECT_EQ(published["method"], "textDocument/publishDiagnostics");
  EXPECT_EQ(published["params"]["version"], 1);
  server.notify(
      "textDocument/didChange",
      {{"textDocument", {{"uri", "file:///tmp/push.py"}, {"version", 2}}},
       {"contentChanges",
        {{{"range", {{"start", {{"line", 0}, {"character", 4}}}, {"end", {{"line", 0}, {"character", 5}}}}},
          {"text", "2"}}}}});
  published = server.receive();
  EXPECT_EQ(published["params"]["version"], 2);
  server.notify("textDocument/didClose", {{"textDocument", {{"uri", "file:///tmp/push.py"}}}});
  published = server.receive();
  EXPECT_EQ(published["params"]["uri"], "file:///tmp/push.py");
  EXPECT_TRUE(published["params"]["diagnostics"].empty());
}

}  // namespace
}  // namespace cyclecheck::lsp
