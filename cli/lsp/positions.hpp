// LSP positions (0-based line, character counted in the negotiated encoding) <-> byte offsets in UTF-8 text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace cyclecheck::lsp {

enum class PositionEncoding { Utf8, Utf16, Utf32 };
const char* encoding_name(PositionEncoding encoding);  // "utf-8", "utf-16", "utf-32"

// Picks from the client's `general.positionEncodings`: UTF-8 when offered (no conversion), else UTF-16,
// the protocol's default.
PositionEncoding negotiate_encoding(const nlohmann::json& client_capabilities);

struct Position {
  uint32_t line = 0;
  uint32_t character = 0;
  bool operator==(const Position&) const = default;
};
struct Range {
  Position start;
  Position end;
};

nlohmann::json to_json(const Position& position);
nlohmann::json to_json(const Range& range);
Position position_from_json(const nlohmann::json& value);  // throws nlohmann::json::exception when malformed
Range range_from_json(const nlohmann::json& value);

// Line starts of one text. Lines end at '\n'; a '\r' before it is not part of the line's content.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);

  size_t line_count() const { return starts_.size(); }
  size_t line_start(size_t line) const;  // clamped: past the last line gives the text's end
  // End of the line's content (before "\n" or "\r\n").
  size_t line_content_end(std::string_view text, size_t line) const;
  std::string_view line_text(std::string_view text, size_t line) const;

  // Byte offset of an LSP position; characters past the line's end clamp to it, lines past the end to the
  // text's end, and a position inside a multi-unit character to that character's start.
  size_t offset_of(std::string_view text, Position position, PositionEncoding encoding) const;
  Position position_of(std::string_view text, size_t offset, PositionEncoding encoding) const;
  // From the analyzer's 1-based line and 1-based UTF-8 byte column.
  Position position_of_line_column(std::string_view text, uint32_t line, uint32_t column,
                                   PositionEncoding encoding) const;

 private:
  std::vector<size_t> starts_;
};

}  // namespace cyclecheck::lsp
