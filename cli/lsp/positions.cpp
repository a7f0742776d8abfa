#include "cli/lsp/positions.hpp"

#include <algorithm>

namespace cyclecheck::lsp {
namespace {

// Bytes in the UTF-8 sequence that starts with `lead`; stray continuation bytes count as one character.
size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xF0 && lead <= 0xF7) return 4;
  if (lead >= 0xE0) return lead <= 0xEF ? 3 : 1;
  if (lead >= 0xC0) return 2;
  return 1;
}

uint32_t units_of(size_t sequence_bytes, PositionEncoding encoding) {
  switch (encoding) {
    case PositionEncoding::Utf8:
      return static_cast<uint32_t>(sequence_bytes);
    case PositionEncoding::Utf16:
      return sequence_bytes == 4 ? 2 : 1;  // characters beyond the BMP take a surrogate pair
    case PositionEncoding::Utf32:
      return 1;
  }
  return 1;
}

}  // namespace

const char* encoding_name(PositionEncoding encoding) {
  switch (encoding) {
    case PositionEncoding::Utf8:
      return "utf-8";
    case PositionEncoding::Utf16:
      return "utf-16";
    case PositionEncoding::Utf32:
      return "utf-32";
  }
  return "utf-16";
}

PositionEncoding negotiate_encoding(const nlohmann::json& client_capabilities) {
  const auto general = client_capabilities.find("general");
  if (general == client_capabilities.end() || !general->is_object()) return PositionEncoding::Utf16;
  const auto offered = general->find("positionEncodings");
  if (offered == general->end() || !offered->is_array()) return PositionEncoding::Utf16;
  for (const auto& name : *offered) {
    if (name == "utf-8") return PositionEncoding::Utf8;
  }
  return PositionEncoding::Utf16;
}

nlohmann::json to_json(const Position& position) {
  return {{"line", position.line}, {"character", position.character}};
}

nlohmann::json to_json(const Range& range) {
  return {{"start", to_json(range.start)}, {"end", to_json(range.end)}};
}

Position position_from_json(const nlohmann::json& value) {
  const int64_t line = value.at("line").get<int64_t>();
  const int64_t character = value.at("character").get<int64_t>();
  // Negative numbers are out of the protocol's uinteger range; clamp instead of wrapping around.
  return {static_cast<uint32_t>(std::clamp<int64_t>(line, 0, UINT32_MAX)),
          static_cast<uint32_t>(std::clamp<int64_t>(character, 0, UINT32_MAX))};
}

Range range_from_json(const nlohmann::json& value) {
  return {position_from_json(value.at("start")), position_from_json(value.at("end"))};
}

LineIndex::LineIndex(std::string_view text) {
  starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') starts_.push_back(i + 1);
  }
}

size_t LineIndex::line_start(size_t line) const {
  return line < starts_.size() ? starts_[line] : starts_.back();
}

size_t LineIndex::line_content_end(std::string_view text, size_t line) const {
  if (line >= starts_.size()) return text.size();
  size_t end = line + 1 < starts_.size() ? starts_[line + 1] - 1 : text.size();  // the '\n' or the text's end
  if (end > starts_[line] && text[end - 1] == '\r') --end;
  return end;
}

std::string_view LineIndex::line_text(std::string_view text, size_t line) const {
  if (line >= starts_.size()) return {};
  const size_t start = starts_[line];
  return text.substr(start, line_content_end(text, line) - start);
}

size_t LineIndex::offset_of(std::string_view text, Position position, PositionEncoding encoding) const {
  if (position.line >= starts_.size()) return text.size();
  size_t offset = starts_[position.line];
  const size_t end = line_content_end(text, position.line);
  uint32_t units = 0;
  while (offset < end) {
    const size_t length = std::min(sequence_length(static_cast<unsigned char>(text[offset])), end - offset);
    const uint32_t width = units_of(length, encoding);
    if (units + width > position.character) break;
    units += width;
    offset += length;
  }
  return offset;
}

Position LineIndex::position_of(std::string_view text, size_t offset, PositionEncoding encoding) const {
  offset = std::min(offset, text.size());
  const size_t line =
      static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), offset) - starts_.begin()) - 1;
  const size_t target = std::min(offset, line_content_end(text, line));
  size_t cursor = starts_[line];
  uint32_t units = 0;
  while (cursor < target) {
    const size_t length =
        std::min(sequence_length(static_cast<unsigned char>(text[cursor])), target - cursor);
    units += units_of(length, encoding);
    cursor += length;
  }
  return {static_cast<uint32_t>(line), units};
}

Position LineIndex::position_of_line_column(std::string_view text, uint32_t line, uint32_t column,
                                            PositionEncoding encoding) const {
  if (line == 0) return {0, 0};
  const size_t row = line - 1;
  if (row >= starts_.size()) return position_of(text, text.size(), encoding);
  const size_t start = starts_[row];
  const size_t end = line_content_end(text, row);
  const size_t offset = std::min(start + (column > 0 ? column - 1 : 0), end);
  return position_of(text, offset, encoding);
}

}  // namespace cyclecheck::lsp
