#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "analyzer/python_grammar.hpp"
#include "cli/lsp/document.hpp"

namespace cyclecheck::lsp {
namespace {

std::string sexp(const TSTree* tree) {
  char* raw = ts_node_string(ts_tree_root_node(tree));
  std::string result(raw);
  free(raw);
  return result;
}

std::string fresh_sexp(const std::string& text) {
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_python());
  TSTree* tree = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  std::string result = sexp(tree);
  ts_tree_delete(tree);
  ts_parser_delete(parser);
  return result;
}

SourceText source_of(std::string text) {
  SourceText source;
  source.path = "m.py";
  source.text = std::move(text);
  return source;
}

TEST(LspDocument, AppliesRangedChangesInOrder) {
  Document document("file:///m.py", source_of("class A:\n    pass\n"), 1);
  // Replace "pass" then insert a line before it: the second range is relative to the first's result.
  document.apply_changes({{Range{{1, 4}, {1, 8}}, "self_ref = None"}, {Range{{1, 0}, {1, 0}}, "    x = 1\n"}},
                         2, PositionEncoding::Utf16);
  EXPECT_EQ(document.text(), "class A:\n    x = 1\n    self_ref = None\n");
  EXPECT_EQ(document.version(), 2);
  EXPECT_EQ(sexp(document.tree()), fresh_sexp(document.text()));
}

TEST(LspDocument, Utf16RangesAfterNonAsciiText) {
  Document document("file:///m.py", source_of("s = '😀'; t = 1\n"), 1);
  // "t" sits at UTF-16 character 10 (the emoji counts twice) but at byte 12.
  document.apply_changes({{Range{{0, 10}, {0, 11}}, "u"}}, 2, PositionEncoding::Utf16);
  EXPECT_EQ(document.text(), "s = '😀'; u = 1\n");
  EXPECT_EQ(sexp(document.tree()), fresh_sexp(document.text()));
}

TEST(LspDocument, FullReplacementAndReversedRanges) {
  Document document("file:///m.py", source_of("a = 1\n"), 1);
  document.apply_changes({{std::nullopt, "b = [1,\n  2]\n"}}, 2, PositionEncoding::Utf8);
  EXPECT_EQ(document.text(), "b = [1,\n  2]\n");
  document.apply_changes({{Range{{1, 3}, {0, 6}}, ""}}, 3, PositionEncoding::Utf8);  // end before start
  EXPECT_EQ(document.text(), "b = [1]\n");
  EXPECT_EQ(sexp(document.tree()), fresh_sexp(document.text()));
}

// Many random edits: the incrementally maintained tree must always equal a fresh parse of the text.
TEST(LspDocument, IncrementalTreeMatchesFreshParseAfterRandomEdits) {
  std::string text;
  for (int i = 0; i < 40; ++i) {
    text += "class Node" + std::to_string(i) +
            ":\n    def __init__(self, parent):\n        self.parent = parent\n"
            "        self.cb = self.step  # é\n\n";
  }
  Document document("file:///m.py", source_of(text), 0);
  std::mt19937 random(1234);
  const std::vector<std::string> insertions = {"x",   "\n", "(",         ")", "    ", "self.a = self\n",
                                               "'😀'", "",   "def f():\n"};
  for (int version = 1; version <= 200; ++version) {
    const LineIndex& lines = document.lines();
    const auto line = static_cast<uint32_t>(random() % lines.line_count());
    const auto character = static_cast<uint32_t>(random() % 40);
    const auto end_line =
        static_cast<uint32_t>(std::min<size_t>(line + random() % 2, lines.line_count() - 1));
    const auto end_character = static_cast<uint32_t>(random() % 40);
    Range range{{line, character}, {end_line, end_character}};
    if (end_line == line && end_character < character) std::swap(range.start, range.end);
    document.apply_changes({{range, insertions[random() % insertions.size()]}}, version,
                           PositionEncoding::Utf16);
    ASSERT_EQ(sexp(document.tree()), fresh_sexp(document.text())) << "after edit " << version;
  }
}

TEST(LspDocument, ParsesContentChangesFromJson) {
  const auto changes = content_changes_from_json(nlohmann::json::parse(
      R"([{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}},"text":"z"},{"text":"all"}])"));
  ASSERT_EQ(changes.size(), 2u);
  ASSERT_TRUE(changes[0].range);
  EXPECT_EQ(changes[0].range->start, (Position{0, 1}));
  EXPECT_FALSE(changes[1].range);
  EXPECT_THROW(content_changes_from_json(nlohmann::json::parse(R"([{"range":{}}])")),
               nlohmann::json::exception);
}

}  // namespace
}  // namespace cyclecheck::lsp
