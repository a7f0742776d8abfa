#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <thread>

#include "cli/lsp/json_rpc.hpp"

namespace cyclecheck::lsp {
namespace {

// Writes `bytes` into a pipe from another thread and reads it back as frames.
class Pipe {
 public:
  Pipe() { EXPECT_EQ(::pipe(fds_), 0); }
  ~Pipe() {
    if (fds_[0] >= 0) ::close(fds_[0]);
    if (fds_[1] >= 0) ::close(fds_[1]);
  }
  void feed_and_close(const std::string& bytes) {
    writer_ = std::thread([this, bytes] {
      size_t done = 0;
      while (done < bytes.size()) {
        const ssize_t put = ::write(fds_[1], bytes.data() + done, bytes.size() - done);
        if (put <= 0) break;
        done += static_cast<size_t>(put);
      }
      ::close(fds_[1]);
      fds_[1] = -1;
    });
  }
  int read_end() const { return fds_[0]; }
  void join() {
    if (writer_.joinable()) writer_.join();
  }

 private:
  int fds_[2] = {-1, -1};
  std::thread writer_;
};

std::string frame(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

TEST(LspFraming, ReadsConsecutiveMessagesAndReportsEnd) {
  Pipe pipe;
  pipe.feed_and_close(frame(R"({"a":1})") + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" +
                      frame(R"({"b":"é"})"));
  MessageReader reader(pipe.read_end());
  auto first = reader.next();
  EXPECT_EQ(first.status, MessageReader::Status::Message);
  EXPECT_EQ(first.body, R"({"a":1})");
  auto second = reader.next();
  EXPECT_EQ(second.status, MessageReader::Status::Message);
  EXPECT_EQ(second.body, R"({"b":"é"})");
  EXPECT_EQ(reader.next().status, MessageReader::Status::EndOfStream);
  pipe.join();
}

TEST(LspFraming, LargeBodyArrivesWhole) {
  const std::string body = "{\"text\":\"" + std::string(300000, 'x') + "\"}";
  Pipe pipe;
  pipe.feed_and_close(frame(body));
  MessageReader reader(pipe.read_end());
  auto message = reader.next();
  ASSERT_EQ(message.status, MessageReader::Status::Message);
  EXPECT_EQ(message.body.size(), body.size());
  pipe.join();
}

TEST(LspFraming, BadHeadersAreReportedAndReadingGoesOn) {
  Pipe pipe;
  pipe.feed_and_close("Content-Type: x\r\n\r\n" + std::string("Content-Length: 12abc\r\n\r\n") + frame("{}"));
  MessageReader reader(pipe.read_end());
  auto missing = reader.next();
  EXPECT_EQ(missing.status, MessageReader::Status::BadFrame);
  EXPECT_NE(missing.error.find("without Content-Length"), std::string::npos);
  auto invalid = reader.next();
  EXPECT_EQ(invalid.status, MessageReader::Status::BadFrame);
  EXPECT_NE(invalid.error.find("invalid Content-Length"), std::string::npos);
  auto good = reader.next();
  EXPECT_EQ(good.status, MessageReader::Status::Message);
  EXPECT_EQ(good.body, "{}");
  pipe.join();
}

TEST(LspFraming, OversizedBodyIsSkipped) {
  Pipe pipe;
  pipe.feed_and_close(frame(std::string(100, 'z')) + frame("{}"));
  MessageReader reader(pipe.read_end(), 50);
  EXPECT_EQ(reader.next().status, MessageReader::Status::BadFrame);
  auto good = reader.next();
  EXPECT_EQ(good.status, MessageReader::Status::Message);
  EXPECT_EQ(good.body, "{}");
  pipe.join();
}

TEST(LspFraming, TruncatedBodyIsEndOfStream) {
  Pipe pipe;
  pipe.feed_and_close("Content-Length: 100\r\n\r\n{\"partial\":");
  MessageReader reader(pipe.read_end());
  EXPECT_EQ(reader.next().status, MessageReader::Status::EndOfStream);
  pipe.join();
}

TEST(LspFraming, WriterFramesAndFailsOnceThePeerIsGone) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  MessageWriter writer(fds[1]);
  ASSERT_TRUE(writer.write(make_response(7, {{"ok", true}})));
  char buffer[256] = {};
  const ssize_t got = ::read(fds[0], buffer, sizeof buffer - 1);
  ASSERT_GT(got, 0);
  const std::string text(buffer, static_cast<size_t>(got));
  EXPECT_EQ(text.rfind("Content-Length: ", 0), 0u);
  EXPECT_NE(text.find(R"("id":7)"), std::string::npos);
  ::close(fds[0]);
  ::signal(SIGPIPE, SIG_IGN);
  EXPECT_FALSE(writer.write(make_notification("x", nullptr)));
  EXPECT_TRUE(writer.broken());
  ::close(fds[1]);
}

}  // namespace
}  // namespace cyclecheck::lsp
