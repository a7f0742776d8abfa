// Lowering an `except` clause keeps the handled type next to the bound name: the solver tells which handler
// catches an exception raised in the `try` body (or a callee) by it, and names the caught exception after it.
#include <gtest/gtest.h>

#include <string>

#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

Handler only_handler(const std::string& clause) {
  const SourceText source{"handlers.py", "handlers", false, "try:\n    f()\n" + clause + "\n    pass\n"};
  const auto facts = lower_module(source);
  EXPECT_TRUE(facts->file_diagnostics.empty()) << clause;
  const std::vector<Stmt>& body = facts->functions.at(0).body;
  if (body.size() != 1 || body[0].kind != StmtKind::Try || body[0].handlers.size() != 1) {
    ADD_FAILURE() << "no single handler in: " << clause;
    return {};
  }
  return body[0].handlers[0];
}

TEST(LowerHandler, TheTypeOfAnAsClauseIsKept) {
  const Handler h = only_handler("except KeyError as err:");
  EXPECT_EQ(h.name, "err");
  EXPECT_EQ(h.type.kind, ExprKind::Name);
  EXPECT_EQ(h.type.text, "KeyError");
}

TEST(LowerHandler, ADottedTypeIsAnAttribute) {
  const Handler h = only_handler("except socket.timeout as exc:");
  EXPECT_EQ(h.name, "exc");
  EXPECT_EQ(h.type.kind, ExprKind::Attribute);
  EXPECT_EQ(h.type.text, "timeout");
}

TEST(LowerHandler, ATupleOfTypesListsEach) {
  const Handler h = only_handler("except (ValueError, TypeError) as err:");
  EXPECT_EQ(h.name, "err");
  ASSERT_EQ(h.type.kind, ExprKind::Container);
  ASSERT_EQ(h.type.children.size(), 2u);
  EXPECT_EQ(h.type.children[0].text, "ValueError");
  EXPECT_EQ(h.type.children[1].text, "TypeError");
}

TEST(LowerHandler, WithoutANameOrAType) {
  const Handler typed = only_handler("except OSError:");
  EXPECT_TRUE(typed.name.empty());
  EXPECT_EQ(typed.type.text, "OSError");
  const Handler bare = only_handler("except:");
  EXPECT_TRUE(bare.name.empty());
  EXPECT_EQ(bare.type.kind, ExprKind::Unknown);
}

}  // namespace
