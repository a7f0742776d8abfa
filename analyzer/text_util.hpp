// Small text helpers shared by the reader, the lowering and the fingerprints.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cyclecheck {

// 64-bit FNV-1a: stable across runs and platforms (used in fingerprints and cache keys).
uint64_t hash_bytes(std::string_view bytes, uint64_t seed = 0xcbf29ce484222325ULL);
// A faster 64-bit hash, eight bytes at a time on four independent lanes, for what only this tool reads
// back: cache keys of file contents and checksums of cache entries. Fingerprints stay on hash_bytes, so
// baselines written by earlier versions keep matching.
uint64_t fast_hash_bytes(std::string_view bytes, uint64_t seed = 0);
std::string hex64(uint64_t value);

// Byte offset of the first invalid UTF-8 sequence, or npos when the text is valid.
size_t first_invalid_utf8(std::string_view text);

// `"X"` or `'X'`: X; any other text as it is.
std::string_view unquoted(std::string_view text);

// `text` without the blanks (spaces, tabs, carriage returns, form feeds) at either end.
std::string_view trim_blanks(std::string_view text);

// A dotted Python name (`pkg.mod.Class`): identifiers (ASCII letters, digits and '_', or any non-ASCII
// byte; not starting with a digit) joined by single dots.
bool is_dotted_name(std::string_view text);
// One such identifier, without dots (`layers`; not `python3.11` or `my-repo`).
bool is_identifier(std::string_view text);

}  // namespace cyclecheck
