// A per-thread bump arena for tree-sitter's allocations while one file is parsed and lowered.
// Leaving the scope drops the whole tree at once: no walk over every node to release it, no free per node,
// and the next file reuses the same warm memory. Outside a scope tree-sitter allocates with malloc as before,
// so trees kept between calls (the language server's incremental parses) are untouched.
#pragma once

namespace cyclecheck {

// While alive, tree-sitter memory allocated on this thread lives until the scope ends. Everything made in the
// scope (parser, tree, cursors) must be dropped with it and not touched after; tree-sitter objects made
// before the scope must not be used inside it (what they allocated there would dangle). Not nestable.
class ParseArenaScope {
 public:
  ParseArenaScope();
  ~ParseArenaScope();
  ParseArenaScope(const ParseArenaScope&) = delete;
  ParseArenaScope& operator=(const ParseArenaScope&) = delete;
};

// The number of bytes this thread's arena holds in reserve between scopes (for tests).
unsigned long parse_arena_reserved_bytes();

}  // namespace cyclecheck
