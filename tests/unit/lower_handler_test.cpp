// Lowering an `except` clause keeps the handled type next to the bound name: the solver tells which handler
// catches an exception raised in the `try` body (or a callee) by it, and names the caught exception after it.
#include <gtest/gtest.h>

#include <string>

#include "analyzer/fact_serialization.hpp"
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

TEST(LowerHandler, AnExceptStarClauseIsAGroupHandler) {
  // tree-sitter-python names no fields in `except*`: the type and the name are found by position.
  const Handler h = only_handler("except* ValueError as group:");
  EXPECT_TRUE(h.group);
  EXPECT_EQ(h.name, "group");
  EXPECT_EQ(h.type.text, "ValueError");
  const Handler tuple = only_handler("except* (ValueError, TypeError):");
  EXPECT_TRUE(tuple.group);
  EXPECT_TRUE(tuple.name.empty());
  EXPECT_EQ(tuple.type.children.size(), 2u);
  EXPECT_FALSE(only_handler("except ValueError as err:").group);
}

TEST(LowerHandler, TheGroupFlagSurvivesTheFactCache) {
  const SourceText source{"handlers.py", "handlers", false,
                          "try:\n    f()\nexcept* KeyError as g:\n    pass\nexcept* OSError:\n    pass\n"};
  const auto facts = lower_module(source);
  const auto read_back = deserialize_facts(serialize_facts(*facts));
  ASSERT_NE(read_back, nullptr);
  const std::vector<Stmt>& body = read_back->functions.at(0).body;
  ASSERT_EQ(body.size(), 1u);
  ASSERT_EQ(body[0].handlers.size(), 2u);
  EXPECT_TRUE(body[0].handlers[0].group);
  EXPECT_EQ(body[0].handlers[0].name, "g");
  EXPECT_TRUE(body[0].handlers[1].group);
  EXPECT_EQ(body[0].handlers[1].type.text, "OSError");
}

}  // namespace
