// first_invalid_utf8 skips ASCII eight bytes at a time: an invalid byte must be found wherever it falls in
// or after such a run, and valid sequences after one must pass. fast_hash_bytes reads eight bytes at a
// time on four lanes: a change to any byte, in a full block or in the tail, must change the hash.
#include "analyzer/text_util.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

using cyclecheck::fast_hash_bytes;
using cyclecheck::first_invalid_utf8;
using cyclecheck::is_dotted_name;
using cyclecheck::is_identifier;
using cyclecheck::unquoted;

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

TEST(FastHashBytes, EveryByteOfEveryLengthCounts) {
  std::set<uint64_t> seen;
  size_t hashed = 0;
  for (size_t length = 0; length <= 70; ++length) {
    const std::string text(length, 'x');
    seen.insert(fast_hash_bytes(text));
    ++hashed;
    for (size_t at = 0; at < length; ++at) {
      std::string changed = text;
      changed[at] = 'y';
      seen.insert(fast_hash_bytes(changed));
      ++hashed;
    }
  }
  EXPECT_EQ(seen.size(), hashed);  // no two of these inputs collide
}

TEST(FastHashBytes, StableAndSeeded) {
  const std::string text = "def step(self):\n    self.cb = self.on_step\n";
  EXPECT_EQ(fast_hash_bytes(text), fast_hash_bytes(std::string(text)));
  EXPECT_NE(fast_hash_bytes(text, 1), fast_hash_bytes(text, 2));
  // Swapped eight-byte words land on other lanes: the order of the blocks counts.
  EXPECT_NE(fast_hash_bytes("aaaaaaaabbbbbbbbccccccccdddddddd"),
            fast_hash_bytes("bbbbbbbbaaaaaaaaccccccccdddddddd"));
}

}  // namespace

TEST(PythonNames, DottedNamesAndIdentifiers) {
  EXPECT_TRUE(is_dotted_name("pkg.mod.Class"));
  EXPECT_TRUE(is_dotted_name("_private"));
  EXPECT_FALSE(is_dotted_name("pkg..mod"));
  EXPECT_FALSE(is_dotted_name("pkg.3rd"));
  EXPECT_FALSE(is_dotted_name(".mod"));
  EXPECT_FALSE(is_dotted_name(""));
  // Directory names: only an identifier can be a package name on sys.path.
  EXPECT_TRUE(is_identifier("layers"));
  EXPECT_TRUE(is_identifier("models2"));
  EXPECT_FALSE(is_identifier("python3.11"));
  EXPECT_FALSE(is_identifier("dist-packages"));
  EXPECT_FALSE(is_identifier("3rdparty"));
  EXPECT_FALSE(is_identifier(""));
}

TEST(TextUtil, UnquotedTakesOffOneMatchingPairOfQuotes) {
  EXPECT_EQ(unquoted("'forward'"), "forward");
  EXPECT_EQ(unquoted("\"Node\""), "Node");
  EXPECT_EQ(unquoted("''"), "");
  EXPECT_EQ(unquoted("'mixed\""), "'mixed\"");
  EXPECT_EQ(unquoted("plain"), "plain");
  EXPECT_EQ(unquoted("'"), "'");
}
