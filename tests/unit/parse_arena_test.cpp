// The parse arena holds tree-sitter's memory for one file: what it hands out must behave like malloc inside a
// scope, memory from outside a scope must still go back to malloc, and lowering through it must give the same
// facts as lowering a tree parsed the ordinary way.
#include "analyzer/parse_arena.hpp"

#include <gtest/gtest.h>
#include <tree_sitter/api.h>

#include <cstring>
#include <string>

#include "analyzer/fact_serialization.hpp"
#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

// tree-sitter's current allocator (lib/src/alloc.h), which cyclecheck replaces with the arena's functions.
extern "C" {
extern void* (*ts_current_malloc)(size_t);
extern void* (*ts_current_calloc)(size_t, size_t);
extern void* (*ts_current_realloc)(void*, size_t);
extern void (*ts_current_free)(void*);
}
extern "C" const TSLanguage* tree_sitter_python();

using namespace cyclecheck;

namespace {

TEST(ParseArena, ReallocKeepsContentsWhetherItGrowsInPlaceOrMoves) {
  ParseArenaScope scope;
  auto* first = static_cast<unsigned char*>(ts_current_malloc(24));
  for (int i = 0; i < 24; ++i) first[i] = static_cast<unsigned char>(i);
  // The latest allocation grows in place.
  auto* grown = static_cast<unsigned char*>(ts_current_realloc(first, 4000));
  EXPECT_EQ(grown, first);
  auto* later = static_cast<unsigned char*>(ts_current_calloc(10, 8));
  for (int i = 0; i < 80; ++i) EXPECT_EQ(later[i], 0) << i;
  std::memset(later, 0xab, 80);
  // An older one moves, with its contents.
  auto* moved = static_cast<unsigned char*>(ts_current_realloc(grown, 3 << 20));
  EXPECT_NE(moved, grown);
  for (int i = 0; i < 24; ++i) EXPECT_EQ(moved[i], i) << i;
  moved[(3 << 20) - 1] = 1;  // the whole new size is usable
  for (int i = 0; i < 80; ++i) EXPECT_EQ(later[i], 0xab) << i;
  ts_current_free(later);  // a no-op: dropped with the scope
}

TEST(ParseArena, MemoryFromOutsideAScopeGoesBackToMalloc) {
  void* outside = ts_current_malloc(64);
  std::memset(outside, 1, 64);
  {
    ParseArenaScope scope;
    outside = ts_current_realloc(outside, 128);
    static_cast<char*>(outside)[127] = 2;
    ts_current_free(outside);  // freed by malloc's free: AddressSanitizer reports a leak otherwise
  }
  void* after = ts_current_malloc(16);
  ts_current_free(after);
}

TEST(ParseArena, KeepsOnlyABoundedReserveAfterAHugeFile) {
  {
    ParseArenaScope scope;
    for (int i = 0; i < 64; ++i) ts_current_malloc(1 << 20);
  }
  EXPECT_LE(parse_arena_reserved_bytes(), 4ul << 20);
  EXPECT_GT(parse_arena_reserved_bytes(), 0ul);
}

TEST(ParseArena, LoweringThroughTheArenaGivesTheSameFacts) {
  std::string text =
      "import torch\n"
      "class Trainer:\n"
      "    def __init__(self, model):\n"
      "        self.model = model\n"
      "        self.cb = self.on_step\n"
      "        self.hooks = [model.register_forward_hook(lambda m, i, o: self.seen.append(o))]\n"
      "    def on_step(self, loss):\n"
      "        self.losses.append(loss)\n"
      "x, *rest = 1, *[]\n"  // repaired (parsed a second time) inside the arena
      "def broken(:\n";      // and a syntax error
  for (int i = 0; i < 200; ++i) text += "def f" + std::to_string(i) + "(a):\n    return [a, {'k': a}]\n";
  const SourceText source{"trainer.py", "trainer", false, text};

  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_python());
  TSTree* tree = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  const std::string expected = serialize_facts(*lower_module(source, tree));
  ts_tree_delete(tree);
  ts_parser_delete(parser);

  for (int round = 0; round < 3; ++round) {  // the second and third reuse the reserve
    EXPECT_EQ(serialize_facts(*lower_module(source)), expected) << round;
  }
}

}  // namespace
