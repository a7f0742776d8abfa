#include "analyzer/text_util.hpp"

#include <cstdio>
#include <cstring>

namespace cyclecheck {

uint64_t hash_bytes(std::string_view bytes, uint64_t seed) {
  uint64_t hash = seed;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

namespace {

constexpr uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
constexpr uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr uint64_t kPrime3 = 0x165667B19E3779F9ULL;

uint64_t rotate_left(uint64_t value, int bits) { return (value << bits) | (value >> (64 - bits)); }

// Native-order load (x86 and ARM builds are little-endian and agree; a big-endian build would only miss
// the cache entries another machine wrote).
uint64_t load64(const char* bytes) {
  uint64_t value;
  std::memcpy(&value, bytes, sizeof value);
  return value;
}

uint64_t mix_lane(uint64_t lane, uint64_t word) { return rotate_left(lane + word * kPrime2, 31) * kPrime1; }

}  // namespace

uint64_t fast_hash_bytes(std::string_view bytes, uint64_t seed) {
  const char* p = bytes.data();
  size_t n = bytes.size();
  uint64_t lanes[4] = {seed + kPrime1 + kPrime2, seed + kPrime2, seed, seed - kPrime1};
  for (; n >= 32; p += 32, n -= 32) {
    for (int k = 0; k < 4; ++k) lanes[k] = mix_lane(lanes[k], load64(p + 8 * k));
  }
  uint64_t hash = rotate_left(lanes[0], 1) + rotate_left(lanes[1], 7) + rotate_left(lanes[2], 12) +
                  rotate_left(lanes[3], 18);
  hash += bytes.size();
  for (; n >= 8; p += 8, n -= 8) hash = rotate_left(hash ^ mix_lane(0, load64(p)), 27) * kPrime1 + kPrime3;
  for (; n > 0; ++p, --n) hash = rotate_left(hash ^ (static_cast<unsigned char>(*p) * kPrime1), 11) * kPrime2;
  // Final avalanche, so that nearby inputs give unrelated keys.
  hash ^= hash >> 33;
  hash *= kPrime2;
  hash ^= hash >> 29;
  hash *= kPrime3;
  hash ^= hash >> 32;
  return hash;
}

std::string hex64(uint64_t value) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
  return buffer;
}

size_t first_invalid_utf8(std::string_view text) {
  size_t i = 0;
  const size_t n = text.size();
  while (i < n) {
    // Source is almost all ASCII: eight bytes with no high bit are skipped at once.
    uint64_t word;
    while (i + sizeof word <= n) {
      std::memcpy(&word, text.data() + i, sizeof word);
      if ((word & 0x8080808080808080ULL) != 0) break;
      i += sizeof word;
    }
    if (i >= n) break;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t length = 0;
    uint32_t min_value = 0;
    uint32_t value = 0;
    if ((c & 0xE0) == 0xC0) {
      length = 2, min_value = 0x80, value = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      length = 3, min_value = 0x800, value = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      length = 4, min_value = 0x10000, value = c & 0x07;
    } else {
      return i;
    }
    if (i + length > n) return i;
    for (size_t k = 1; k < length; ++k) {
      const auto cc = static_cast<unsigned char>(text[i + k]);
      if ((cc & 0xC0) != 0x80) return i;
      value = (value << 6) | (cc & 0x3F);
    }
    if (value < min_value || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return i;
    i += length;
  }
  return std::string_view::npos;
}

std::string_view unquoted(std::string_view text) {
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front()) {
    return text.substr(1, text.size() - 2);
  }
  return text;
}

std::string_view trim_blanks(std::string_view text) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

bool is_dotted_name(std::string_view text) {
  if (text.empty()) return false;
  bool at_start = true;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '.') {
      if (at_start) return false;
      at_start = true;
      continue;
    }
    const bool digit = c >= '0' && c <= '9';
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || ch == '_' || c >= 0x80;
    if (!(letter || digit) || (at_start && digit)) return false;
    at_start = false;
  }
  return !at_start;
}

bool is_identifier(std::string_view text) {
  return text.find('.') == std::string_view::npos && is_dotted_name(text);
}

}  // namespace cyclecheck
