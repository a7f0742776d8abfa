// JSON-RPC 2.0 over the LSP base protocol: `Content-Length` framed messages on file descriptors.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

namespace cyclecheck::lsp {

// Error codes from the JSON-RPC and LSP specifications.
namespace error_code {
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kServerNotInitialized = -32002;
constexpr int kRequestCancelled = -32800;
}  // namespace error_code

// Reads framed messages. Blocking; used by one thread only.
class MessageReader {
 public:
  static constexpr size_t kDefaultMaxMessageBytes = size_t{64} << 20;

  explicit MessageReader(int fd, size_t max_message_bytes = kDefaultMaxMessageBytes);

  enum class Status {
    Message,      // `body` holds one message's bytes (not yet parsed as JSON)
    BadFrame,     // a header block without a usable Content-Length, or an oversized body; `error` says why
    EndOfStream,  // the peer closed the stream (or reading failed)
  };
  struct Result {
    Status status = Status::EndOfStream;
    std::string body;
    std::string error;
  };
  Result next();

 private:
  bool fill();  // appends what read() returns; false at end of stream
  bool discard(size_t count);

  int fd_;
  size_t max_message_bytes_;
  std::string buffer_;
};

// Writes framed messages; safe to call from several threads. Once the peer has gone every write fails fast.
class MessageWriter {
 public:
  explicit MessageWriter(int fd) : fd_(fd) {}
  bool write(const nlohmann::json& message);
  bool broken() const { return broken_; }

 private:
  int fd_;
  std::mutex mutex_;
  std::atomic<bool> broken_{false};
};

nlohmann::json make_response(const nlohmann::json& id, nlohmann::json result);
nlohmann::json make_error(const nlohmann::json& id, int code, const std::string& message);
nlohmann::json make_notification(const std::string& method, nlohmann::json params);
nlohmann::json make_request(const nlohmann::json& id, const std::string& method, nlohmann::json params);

}  // namespace cyclecheck::lsp
