// StringInterner (analyzer/string_interner.hpp): ids are dense and follow first use (the solver's
// field ids, and so the order of its findings, depend on that), and stored texts never move.
#include "analyzer/string_interner.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using cyclecheck::StringInterner;

namespace {

TEST(StringInterner, NumbersTextsInTheOrderTheyAreFirstSeen) {
  StringInterner interner;
  EXPECT_EQ(interner.intern(""), 0u);
  EXPECT_EQ(interner.intern("[]"), 1u);
  EXPECT_EQ(interner.intern("contents"), 2u);
  EXPECT_EQ(interner.intern(std::string("[") + "]"), 1u);
  EXPECT_EQ(interner.text(2), "contents");
  EXPECT_EQ(interner.size(), 3u);
}

TEST(StringInterner, KeepsIdsAndAddressesThroughGrowth) {
  StringInterner interner;
  const uint32_t first = interner.intern("self.callback");
  const std::string* address = &interner.text(first);
  std::vector<std::string> names;
  for (int i = 0; i < 5000; ++i) names.push_back("field_" + std::to_string(i));
  for (size_t i = 0; i < names.size(); ++i) EXPECT_EQ(interner.intern(names[i]), i + 1);
  for (size_t i = 0; i < names.size(); ++i) EXPECT_EQ(interner.intern(names[i]), i + 1);
  EXPECT_EQ(interner.intern("self.callback"), first);
  EXPECT_EQ(&interner.text(first), address);
  EXPECT_EQ(interner.text(4000), "field_3999");
  EXPECT_EQ(interner.size(), names.size() + 1);
}

}  // namespace
