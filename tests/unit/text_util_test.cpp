// first_invalid_utf8 skips ASCII eight bytes at a time: an invalid byte must be found wherever it falls in
// or after such a run, and valid sequences after one must pass.
#include "analyzer/text_util.hpp"

#include <gtest/gtest.h>

#include <string>

using cyclecheck::first_invalid_utf8;

namespace {

constexpr size_t kValid = std::string_view::npos;

TEST(FirstInvalidUtf8, FindsABadByteAtEveryOffsetOfAnAsciiRun) {
  for (size_t at = 0; at < 40; ++at) {
    std::string text(40, 'a');
    text[at] = '\xff';
    EXPECT_EQ(first_invalid_utf8(text), at) << at;
  }
}

TEST(FirstInvalidUtf8, AcceptsValidSequencesAfterAsciiRuns) {
  EXPECT_EQ(first_invalid_utf8(""), kValid);
  EXPECT_EQ(first_invalid_utf8("x = 1\n"), kValid);
  EXPECT_EQ(first_invalid_utf8("name = 'caf\xc3\xa9'  # \xe2\x82\xac and \xf0\x9f\x98\x80\n"), kValid);
  EXPECT_EQ(first_invalid_utf8(std::string(17, ' ') + "\xc3\xa9" + std::string(9, ' ')), kValid);
}

TEST(FirstInvalidUtf8, RejectsMalformedSequencesAfterAsciiRuns) {
  const std::string run(11, 'b');
  EXPECT_EQ(first_invalid_utf8(run + "\xc3"), run.size());                // cut short at the end
  EXPECT_EQ(first_invalid_utf8(run + "\xc3(" + run), run.size());         // a bad continuation byte
  EXPECT_EQ(first_invalid_utf8(run + "\xc0\xaf" + run), run.size());      // overlong
  EXPECT_EQ(first_invalid_utf8(run + "\xed\xa0\x80" + run), run.size());  // a surrogate
  EXPECT_EQ(first_invalid_utf8(run + "\xc3\xa9" + run + "\x80"), 2 * run.size() + 2);
}

}  // namespace
