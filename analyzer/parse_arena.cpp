#include "analyzer/parse_arena.hpp"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define CYCLECHECK_POISON(begin, size) ASAN_POISON_MEMORY_REGION(begin, size)
#define CYCLECHECK_UNPOISON(begin, size) ASAN_UNPOISON_MEMORY_REGION(begin, size)
#else
#define CYCLECHECK_POISON(begin, size) ((void)(begin), (void)(size))
#define CYCLECHECK_UNPOISON(begin, size) ((void)(begin), (void)(size))
#endif

namespace cyclecheck {
namespace {

constexpr size_t kAlignment = 16;
constexpr size_t kFirstChunkBytes = size_t{1} << 20;
constexpr size_t kLargestChunkBytes = size_t{64} << 20;
// Chunks kept for the next file; a huge file's extra chunks go back to the system allocator.
constexpr size_t kReservedBytes = size_t{4} << 20;

struct Chunk {
  char* begin;
  char* end;
  char* used;  // [begin, used) is handed out
};

[[noreturn]] void out_of_memory(size_t bytes) {
  std::fprintf(stderr, "cyclecheck: out of memory allocating %zu bytes for the parser\n", bytes);
  std::abort();
}

class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() {
    for (Chunk& chunk : chunks_) std::free(chunk.begin);
  }

  bool active() const { return active_; }
  void begin_scope() {
    if (active_) {
      std::fprintf(stderr, "cyclecheck: internal error: nested parse arena scope\n");
      std::abort();
    }
    active_ = true;
  }

  // Hands back every allocation; keeps the first chunks up to kReservedBytes for the next scope.
  void end_scope() {
    active_ = false;
    last_ = nullptr;
    current_ = 0;
    size_t kept = 0;
    size_t keep_count = 0;
    for (Chunk& chunk : chunks_) {
      const size_t size = static_cast<size_t>(chunk.end - chunk.begin);
      if (keep_count == 0 || kept + size <= kReservedBytes) {
        kept += size;
        ++keep_count;
        chunk.used = chunk.begin;
        CYCLECHECK_POISON(chunk.begin, size);
      } else {
        std::free(chunk.begin);
      }
    }
    chunks_.resize(keep_count);
  }

  size_t reserved() const {
    size_t total = 0;
    for (const Chunk& chunk : chunks_) total += static_cast<size_t>(chunk.end - chunk.begin);
    return total;
  }

  void* allocate(size_t bytes) {
    const size_t rounded = round_up(bytes);
    while (current_ < chunks_.size()) {
      Chunk& chunk = chunks_[current_];
      if (static_cast<size_t>(chunk.end - chunk.used) >= rounded) return take(chunk, rounded);
      ++current_;
    }
    // Chunks double in size so that a big file needs few of them (owner() looks through them all).
    const size_t grown =
        std::min(kLargestChunkBytes, kFirstChunkBytes << std::min<size_t>(chunks_.size(), 16));
    const size_t size = std::max(grown, rounded);
    char* memory = static_cast<char*>(std::malloc(size));
    if (memory == nullptr) out_of_memory(size);
    CYCLECHECK_POISON(memory, size);
    chunks_.push_back(Chunk{memory, memory + size, memory});
    current_ = chunks_.size() - 1;
    return take(chunks_.back(), rounded);
  }

  // The chunk holding `pointer`, or null when it came from malloc (made outside a scope).
  Chunk* owner(const void* pointer) {
    const char* p = static_cast<const char*>(pointer);
    for (size_t i = std::min(current_ + 1, chunks_.size()); i-- > 0;) {
      if (p >= chunks_[i].begin && p < chunks_[i].used) return &chunks_[i];
    }
    return nullptr;
  }

  void* reallocate(void* pointer, size_t bytes) {
    Chunk* chunk = owner(pointer);
    if (chunk == nullptr) return std::realloc(pointer, bytes);
    char* p = static_cast<char*>(pointer);
    const size_t rounded = round_up(bytes);
    // The latest allocation grows in place when its chunk has room (tree-sitter's arrays double this way).
    if (p == last_ && chunk == &chunks_[current_] && static_cast<size_t>(chunk->end - p) >= rounded) {
      CYCLECHECK_UNPOISON(p, rounded);
      chunk->used = p + rounded;
      return p;
    }
    // The old size is not recorded; everything up to the end of the chunk's handed-out part is valid memory,
    // so copying that much (at most `bytes`) keeps the old contents.
    const size_t available = static_cast<size_t>(chunk->used - p);
    void* moved = allocate(bytes);
    std::memcpy(moved, p, std::min(available, bytes));
    return moved;
  }

 private:
  static size_t round_up(size_t bytes) {
    return (std::max<size_t>(bytes, 1) + kAlignment - 1) & ~(kAlignment - 1);
  }

  void* take(Chunk& chunk, size_t rounded) {
    char* p = chunk.used;
    chunk.used += rounded;
    CYCLECHECK_UNPOISON(p, rounded);
    last_ = p;
    return p;
  }

  std::vector<Chunk> chunks_;
  size_t current_ = 0;
  char* last_ = nullptr;
  bool active_ = false;
};

thread_local Arena t_arena;

void* arena_malloc(size_t bytes) {
  if (!t_arena.active()) {
    void* p = std::malloc(bytes);
    if (p == nullptr && bytes != 0) out_of_memory(bytes);
    return p;
  }
  return t_arena.allocate(bytes);
}

void* arena_calloc(size_t count, size_t size) {
  if (size != 0 && count > static_cast<size_t>(-1) / size) out_of_memory(static_cast<size_t>(-1));
  if (!t_arena.active()) {
    void* p = std::calloc(count, size);
    if (p == nullptr && count != 0 && size != 0) out_of_memory(count * size);
    return p;
  }
  void* p = t_arena.allocate(count * size);
  std::memset(p, 0, count * size);
  return p;
}

void* arena_realloc(void* pointer, size_t bytes) {
  if (!t_arena.active() || pointer == nullptr) {
    if (pointer == nullptr) return arena_malloc(bytes);
    void* p = std::realloc(pointer, bytes);
    if (p == nullptr && bytes != 0) out_of_memory(bytes);
    return p;
  }
  return t_arena.reallocate(pointer, bytes);
}

void arena_free(void* pointer) {
  if (pointer == nullptr) return;
  if (t_arena.active() && t_arena.owner(pointer) != nullptr) return;  // dropped with the scope
  std::free(pointer);
}

// Installed before main, while no other thread can be inside tree-sitter. Outside a scope the functions
// forward to malloc, so memory allocated before the switch is still freed correctly.
const bool kAllocatorInstalled = [] {
  ts_set_allocator(arena_malloc, arena_calloc, arena_realloc, arena_free);
  return true;
}();

}  // namespace

ParseArenaScope::ParseArenaScope() {
  (void)kAllocatorInstalled;
  t_arena.begin_scope();
}

ParseArenaScope::~ParseArenaScope() { t_arena.end_scope(); }

unsigned long parse_arena_reserved_bytes() { return t_arena.reserved(); }

}  // namespace cyclecheck
