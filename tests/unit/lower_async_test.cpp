// Lowering marks `async def` functions and `await` expressions, and the cache keeps the mark: the solver
// makes a coroutine for an async function called without `await` and takes its return value under one.
#include <gtest/gtest.h>

#include <string>

#include "analyzer/fact_serialization.hpp"
#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

const char* const kSource =
    "class Client:\n"
    "    async def connect(self):\n"
    "        self.session = await self.start()\n"
    "    def start(self):\n"
    "        return self\n"
    "    async def stream(self):\n"
    "        yield self\n";

const Function& function_named(const ModuleFacts& facts, const std::string& name) {
  for (const Function& f : facts.functions) {
    if (f.name == name) return f;
  }
  ADD_FAILURE() << "no function " << name;
  return facts.functions.at(0);
}

TEST(LowerAsync, MarksAsyncDefinitionsOnly) {
  const auto facts = lower_module(SourceText{"client.py", "client", false, kSource});
  EXPECT_TRUE(function_named(*facts, "connect").is_async);
  EXPECT_FALSE(function_named(*facts, "connect").is_generator);
  EXPECT_FALSE(function_named(*facts, "start").is_async);
  EXPECT_TRUE(function_named(*facts, "stream").is_async);
  EXPECT_TRUE(function_named(*facts, "stream").is_generator);
}

TEST(LowerAsync, AnAwaitWrapsTheCallItAwaits) {
  const auto facts = lower_module(SourceText{"client.py", "client", false, kSource});
  const Function& connect = function_named(*facts, "connect");
  ASSERT_EQ(connect.body.size(), 1u);
  const Expr& value = connect.body[0].value;
  EXPECT_EQ(value.kind, ExprKind::Unknown);
  EXPECT_EQ(value.text, "await");
  ASSERT_EQ(value.children.size(), 1u);
  EXPECT_EQ(value.children[0].kind, ExprKind::Call);
}

TEST(LowerAsync, TheCacheKeepsTheMark) {
  const auto facts = lower_module(SourceText{"client.py", "client", false, kSource});
  const auto decoded = deserialize_facts(serialize_facts(*facts));
  ASSERT_NE(decoded, nullptr);
  EXPECT_TRUE(function_named(*decoded, "connect").is_async);
  EXPECT_FALSE(function_named(*decoded, "start").is_async);
}

}  // namespace
