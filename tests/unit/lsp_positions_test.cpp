#include <gtest/gtest.h>

#include "cli/lsp/positions.hpp"
#include "cli/lsp/uri.hpp"

namespace cyclecheck::lsp {
namespace {

// "é" is 2 UTF-8 bytes / 1 UTF-16 unit; "😀" is 4 bytes / 2 units (a surrogate pair).
const std::string kText = "x = 'é😀'\r\ny = 1\n\nlast";

TEST(LspPositions, Utf16OffsetsCountSurrogatePairs) {
  const LineIndex lines(kText);
  EXPECT_EQ(lines.line_count(), 4u);
  // x = 'é😀' : the closing quote is after 5 ASCII-ish units + é(1) + 😀(2).
  const size_t quote = kText.find("'", 5);
  EXPECT_EQ(lines.offset_of(kText, {0, 8}, PositionEncoding::Utf16), quote);
  EXPECT_EQ(lines.position_of(kText, quote, PositionEncoding::Utf16), (Position{0, 8}));
  EXPECT_EQ(lines.position_of(kText, quote, PositionEncoding::Utf8),
            (Position{0, static_cast<uint32_t>(quote)}));
  EXPECT_EQ(lines.position_of(kText, quote, PositionEncoding::Utf32), (Position{0, 7}));
}

TEST(LspPositions, InsideASurrogatePairSnapsToTheCharacterStart) {
  const LineIndex lines(kText);
  const size_t emoji = kText.find("😀");
  EXPECT_EQ(lines.offset_of(kText, {0, 7}, PositionEncoding::Utf16), emoji);  // between the two surrogates
}

TEST(LspPositions, ClampsPastLineEndAndPastTheText) {
  const LineIndex lines(kText);
  const size_t first_line_end = kText.find("\r\n");
  EXPECT_EQ(lines.offset_of(kText, {0, 500}, PositionEncoding::Utf16), first_line_end);  // before "\r\n"
  EXPECT_EQ(lines.offset_of(kText, {99, 0}, PositionEncoding::Utf16), kText.size());
  EXPECT_EQ(lines.line_text(kText, 0), "x = 'é😀'");
  EXPECT_EQ(lines.line_text(kText, 2), "");
  EXPECT_EQ(lines.line_text(kText, 3), "last");
}

TEST(LspPositions, AnalyzerColumnsAreOneBasedBytes) {
  const LineIndex lines(kText);
  // Column of the byte after 'é' on line 1 (1-based byte column 8) is UTF-16 character 6.
  EXPECT_EQ(lines.position_of_line_column(kText, 1, 8, PositionEncoding::Utf16), (Position{0, 6}));
  EXPECT_EQ(lines.position_of_line_column(kText, 2, 1, PositionEncoding::Utf16), (Position{1, 0}));
  EXPECT_EQ(lines.position_of_line_column(kText, 40, 1, PositionEncoding::Utf16), (Position{3, 4}));
}

TEST(LspPositions, NegotiatesUtf8OnlyWhenOffered) {
  EXPECT_EQ(negotiate_encoding(nlohmann::json::object()), PositionEncoding::Utf16);
  EXPECT_EQ(negotiate_encoding({{"general", {{"positionEncodings", {"utf-16", "utf-8"}}}}}),
            PositionEncoding::Utf8);
  EXPECT_EQ(negotiate_encoding({{"general", {{"positionEncodings", {"utf-32"}}}}}), PositionEncoding::Utf16);
  EXPECT_EQ(negotiate_encoding({{"general", "bogus"}}), PositionEncoding::Utf16);
}

TEST(LspUri, RoundTripsPercentEncodedPaths) {
  const std::filesystem::path path = "/tmp/my project/ünïcode#1.py";
  const std::string uri = file_uri_from_path(path);
  EXPECT_EQ(uri.rfind("file:///tmp/my%20project/", 0), 0u);
  EXPECT_EQ(path_from_file_uri(uri), path);
  EXPECT_EQ(path_from_file_uri("file:///a/b%2Fc.py"), std::filesystem::path("/a/b/c.py"));
  EXPECT_EQ(path_from_file_uri("file://localhost/x.py"), std::filesystem::path("/x.py"));
}

TEST(LspUri, RejectsOtherSchemesAndBrokenEscapes) {
  EXPECT_FALSE(path_from_file_uri("untitled:Untitled-1"));
  EXPECT_FALSE(path_from_file_uri("file://server/share/x.py"));
  EXPECT_FALSE(path_from_file_uri("file:///x%zz.py"));
  EXPECT_FALSE(path_from_file_uri("file:///x%2"));
  EXPECT_FALSE(path_from_file_uri("file:///x%00.py"));
}

}  // namespace
}  // namespace cyclecheck::lsp
