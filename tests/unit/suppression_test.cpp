#include "analyzer/suppression.hpp"

#include <gtest/gtest.h>

namespace cyclecheck {
namespace {

TEST(Suppression, CycleCheckIgnoreWithCodesAndNames) {
  const SuppressionIndex index(
      "x = 1\n"
      "self.cb = self.step  # cyclecheck: ignore[CC104, frame-cycle]\n"
      "y = 2  # cyclecheck: ignore\n"
      "z = 3  # cyclecheck:ignore[callable-holds-owner]\n");
  EXPECT_FALSE(index.suppresses(1, "CC104"));
  EXPECT_TRUE(index.suppresses(2, "CC104"));
  EXPECT_FALSE(index.suppresses(2, "CC105"));
  EXPECT_TRUE(index.suppresses(2, "CC301", "frame-cycle"));
  EXPECT_TRUE(index.suppresses(3, "CC999"));
  EXPECT_TRUE(index.suppresses(4, "CC104", "callable-holds-owner"));
  EXPECT_FALSE(index.suppresses(4, "CC104", "other-rule"));
  ASSERT_EQ(index.comments().size(), 3u);
  const SuppressionComment& first = index.comments()[0];
  EXPECT_EQ(first.line, 2u);
  EXPECT_EQ(first.column, 22u);      // the '#'
  EXPECT_EQ(first.end_column, 62u);  // just past the "]"
  EXPECT_EQ(first.codes, (std::vector<std::string>{"CC104", "frame-cycle"}));
  EXPECT_FALSE(first.all_codes());
  EXPECT_TRUE(index.comments()[1].all_codes());
}

TEST(Suppression, Noqa) {
  const SuppressionIndex index(
      "a = 1  # noqa\n"
      "b = 2  # noqa: CC104\n"
      "c = 3  # NOQA:CC104,CC105 because the hook is removed in close()\n"
      "d = 4  # type: ignore  # noqa: E501 CC201\n"
      "e = 5  # noqa:\n"
      "f = 6  # noqanything\n");
  EXPECT_TRUE(index.suppresses(1, "CC104"));
  EXPECT_TRUE(index.suppresses(2, "CC104"));
  EXPECT_FALSE(index.suppresses(2, "CC1"));
  EXPECT_TRUE(index.suppresses(3, "CC105"));
  EXPECT_FALSE(index.suppresses(3, "because"));
  EXPECT_EQ(index.comments_on_line(3).at(0)->codes, (std::vector<std::string>{"CC104", "CC105"}));
  EXPECT_TRUE(index.suppresses(4, "CC201"));
  EXPECT_FALSE(index.suppresses(4, "CC104"));
  EXPECT_TRUE(index.suppresses(5, "CC104"));  // a bare "noqa:" is a blanket noqa, as in flake8
  EXPECT_FALSE(index.suppresses(6, "CC104"));
  EXPECT_EQ(index.comments_on_line(2).at(0)->kind, SuppressionComment::Kind::Noqa);
}

TEST(Suppression, HashesInsideStringsAreNotComments) {
  const SuppressionIndex index(
      "s = '# noqa'\n"
      "t = \"it's # cyclecheck: ignore\"\n"
      "u = '''\n"
      "# noqa\n"
      "'''\n"
      "v = r'\\' # noqa'\n"
      "w = f\"{x}\" \"# noqa\"\n"
      "x = b'\\\\'  # noqa: CC104\n"
      "y = 'unterminated\n"
      "z = 1  # noqa: CC105\n"
      "q = \"\"\"a \\\"\"\" # noqa\n"
      "\"\"\" # noqa\n");
  for (uint32_t line : {1u, 2u, 3u, 4u, 5u, 6u, 7u}) EXPECT_FALSE(index.suppresses(line, "CC104")) << line;
  EXPECT_TRUE(index.suppresses(8, "CC104"));
  EXPECT_TRUE(index.suppresses(10, "CC105"));
  EXPECT_FALSE(index.suppresses(11, "CC104"));  // still inside the triple-quoted string
  EXPECT_TRUE(index.suppresses(12, "CC104"));
}

TEST(Suppression, LineContinuationInStringsAndCrLf) {
  const SuppressionIndex index("s = 'a\\\n# noqa'\r\nt = 1  # noqa: CC104\r\nu = 2\r# noqa: CC105\r");
  EXPECT_FALSE(index.suppresses(2, "CC104"));
  EXPECT_TRUE(index.suppresses(3, "CC104"));
  EXPECT_TRUE(index.suppresses(5, "CC105"));
}

TEST(Suppression, MalformedDirectivesSuppressNothing) {
  const SuppressionIndex index(
      "a = 1  # cyclecheck: ignore[CC104\n"
      "b = 2  # cyclecheck: ignored\n"
      "c = 3  # cyclecheck: ignore[]\n"
      "d = 4  # cyclecheck ignore\n");
  for (uint32_t line = 1; line <= 4; ++line) EXPECT_FALSE(index.suppresses(line, "CC104")) << line;
}

TEST(Suppression, RemoveSuppressedUsesCodeAndRuleName) {
  const SuppressionIndex index(
      "a = 1\nb = 2  # cyclecheck: ignore[callable-holds-owner]\nc = 3  # noqa: CC201\n");
  auto make = [](uint32_t line, std::string code, std::string name) {
    Diagnostic diagnostic;
    diagnostic.code = std::move(code);
    diagnostic.rule_name = std::move(name);
    diagnostic.range = {"a.py", line, 1, line, 2};
    return diagnostic;
  };
  const auto kept = remove_suppressed(
      {make(1, "CC104", "callable-holds-owner"), make(2, "CC104", "callable-holds-owner"),
       make(2, "CC201", "mutable-default-cache"), make(3, "CC201", "mutable-default-cache")},
      index);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].range.line, 1u);
  EXPECT_EQ(kept[1].range.line, 2u);
  EXPECT_EQ(kept[1].code, "CC201");
}

TEST(Suppression, EmptyAndNonUtf8Input) {
  EXPECT_TRUE(SuppressionIndex("").comments().empty());
  const SuppressionIndex index(std::string_view("\xff\xfe x = '\x80'  # noqa\n", 19));
  EXPECT_TRUE(index.suppresses(1, "CC104"));
}

}  // namespace
}  // namespace cyclecheck
