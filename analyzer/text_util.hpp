// Small text helpers shared by the reader, the lowering and the fingerprints.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cyclecheck {

// 64-bit FNV-1a: stable across runs and platforms (used in fingerprints and cache keys).
uint64_t hash_bytes(std::string_view bytes, uint64_t seed = 0xcbf29ce484222325ULL);
std::string hex64(uint64_t value);

// Byte offset of the first invalid UTF-8 sequence, or npos when the text is valid.
size_t first_invalid_utf8(std::string_view text);

}  // namespace cyclecheck
