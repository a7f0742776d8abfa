// Fixed-width integers in the cache's on-disk formats: little-endian whatever the machine, so a pack
// written on one machine reads the same on another.
#pragma once

#include <cstdint>
#include <string>

namespace cyclecheck {

inline void put_u64(char* out, uint64_t value) {
  for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

inline void append_u64(std::string& out, uint64_t value) {
  char bytes[8];
  put_u64(bytes, value);
  out.append(bytes, sizeof bytes);
}

inline uint64_t get_u64(const char* bytes) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

}  // namespace cyclecheck
