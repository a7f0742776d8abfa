#include "cli/lsp/json_rpc.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <optional>
#include <string_view>

#include "analyzer/text_util.hpp"

namespace cyclecheck::lsp {
namespace {

constexpr size_t kMaxHeaderBytes = 8192;

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Where the header block ends (index of the first body byte), accepting bare "\n" line ends too.
std::optional<size_t> header_end(const std::string& buffer) {
  const size_t crlf = buffer.find("\r\n\r\n");
  const size_t lf = buffer.find("\n\n");
  if (crlf == std::string::npos && lf == std::string::npos) return std::nullopt;
  if (lf == std::string::npos || (crlf != std::string::npos && crlf < lf)) return crlf + 4;
  return lf + 2;
}

// The Content-Length value, or an explanation of why there is none.
std::optional<size_t> content_length(std::string_view headers, std::string& error) {
  std::optional<size_t> length;
  while (!headers.empty()) {
    const size_t newline = headers.find('\n');
    std::string_view line = trim_blanks(headers.substr(0, newline));
    headers = newline == std::string_view::npos ? std::string_view{} : headers.substr(newline + 1);
    if (line.empty()) continue;
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      error = "malformed header line '" + std::string(line.substr(0, 80)) + "'";
      return std::nullopt;
    }
    if (!iequals(trim_blanks(line.substr(0, colon)), "Content-Length")) continue;  // Content-Type and others
    const std::string_view value = trim_blanks(line.substr(colon + 1));
    size_t parsed = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (ec != std::errc{} || end != value.data() + value.size() || value.empty()) {
      error = "invalid Content-Length '" + std::string(value.substr(0, 40)) + "'";
      return std::nullopt;
    }
    length = parsed;
  }
  if (!length) error = "message header without Content-Length";
  return length;
}

}  // namespace

MessageReader::MessageReader(int fd, size_t max_message_bytes)
    : fd_(fd), max_message_bytes_(max_message_bytes) {}

bool MessageReader::fill() {
  char chunk[65536];
  for (;;) {
    const ssize_t got = ::read(fd_, chunk, sizeof chunk);
    if (got > 0) {
      buffer_.append(chunk, static_cast<size_t>(got));
      return true;
    }
    if (got < 0 && errno == EINTR) continue;
    return false;
  }
}

bool MessageReader::discard(size_t count) {
  while (count > 0) {
    if (buffer_.empty() && !fill()) return false;
    const size_t take = std::min(count, buffer_.size());
    buffer_.erase(0, take);
    count -= take;
  }
  return true;
}

MessageReader::Result MessageReader::next() {
  std::optional<size_t> body_start;
  while (!(body_start = header_end(buffer_))) {
    if (buffer_.size() > kMaxHeaderBytes) {
      buffer_.clear();  // no way to find the next frame boundary in garbage: drop it
      return {Status::BadFrame, {}, "message header longer than 8192 bytes"};
    }
    if (!fill()) return {Status::EndOfStream, {}, {}};
  }
  std::string error;
  const std::optional<size_t> length =
      content_length(std::string_view(buffer_).substr(0, *body_start), error);
  if (!length) {
    buffer_.erase(0, *body_start);
    return {Status::BadFrame, {}, error};
  }
  if (*length > max_message_bytes_) {
    buffer_.erase(0, *body_start);
    if (!discard(*length)) return {Status::EndOfStream, {}, {}};
    return {Status::BadFrame, {}, "message of " + std::to_string(*length) + " bytes exceeds the limit"};
  }
  while (buffer_.size() < *body_start + *length) {
    if (!fill()) return {Status::EndOfStream, {}, {}};
  }
  Result result{Status::Message, buffer_.substr(*body_start, *length), {}};
  buffer_.erase(0, *body_start + *length);
  return result;
}

bool MessageWriter::write(const nlohmann::json& message) {
  // Replace invalid UTF-8 rather than throw: a message must always go out whole.
  const std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::string frame = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  std::lock_guard lock(mutex_);
  if (broken_) return false;
  size_t written = 0;
  while (written < frame.size()) {
    const ssize_t put = ::write(fd_, frame.data() + written, frame.size() - written);
    if (put > 0) {
      written += static_cast<size_t>(put);
    } else if (put < 0 && errno == EINTR) {
      continue;
    } else {
      broken_ = true;  // EPIPE and friends: the client is gone (SIGPIPE is ignored by the server)
      return false;
    }
  }
  return true;
}

nlohmann::json make_response(const nlohmann::json& id, nlohmann::json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

nlohmann::json make_error(const nlohmann::json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

nlohmann::json make_notification(const std::string& method, nlohmann::json params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

nlohmann::json make_request(const nlohmann::json& id, const std::string& method, nlohmann::json params) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

}  // namespace cyclecheck::lsp
