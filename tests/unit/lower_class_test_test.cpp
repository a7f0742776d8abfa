// Lowering keeps the class test of a conditional expression (`a if isinstance(x, C) else b`) on the Choice,
// where the solver reads it to take only the branch the classes it knows pass; nothing else is kept.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

Expr assigned_value(const std::string& statement) {
  const SourceText source{"tests.py", "tests", false, statement + "\n"};
  const auto facts = lower_module(source);
  EXPECT_TRUE(facts->file_diagnostics.empty()) << statement;
  const std::vector<Stmt>& body = facts->functions.at(0).body;
  EXPECT_EQ(body.size(), 1u) << statement;
  return body.empty() ? Expr{} : body[0].value;
}

TEST(LowerClassTest, KeepsIsinstanceAndIssubclassOnTheChoice) {
  const Expr instance = assigned_value("y = a if isinstance(x, mod.Node) else b");
  ASSERT_EQ(instance.kind, ExprKind::Choice);
  // The two values, then the condition (read for what it names, not a value).
  ASSERT_EQ(instance.children.size(), 3u);
  EXPECT_EQ(choice_branches(instance), 2u);
  EXPECT_EQ(instance.children[2].kind, ExprKind::Call);
  EXPECT_EQ(instance.arg_names, (std::vector<std::string>{"isinstance", "x", "mod.Node"}));
  const Expr subclass = assigned_value("y = cls(d) if issubclass(cls, Mix) else cls()");
  EXPECT_EQ(subclass.arg_names, (std::vector<std::string>{"issubclass", "cls", "Mix"}));
}

TEST(LowerClassTest, OtherConditionsKeepNothing) {
  EXPECT_TRUE(assigned_value("y = a if x else b").arg_names.empty());
  EXPECT_TRUE(assigned_value("y = a if isinstance(x.y, C) else b").arg_names.empty());
  EXPECT_TRUE(assigned_value("y = a if isinstance(x, (C, D)) else b").arg_names.empty());
  EXPECT_TRUE(assigned_value("y = a if callable(x, C) else b").arg_names.empty());
}

TEST(LowerClassTest, ADictKeyKeepsNoNames) {
  // Keys are told from values by their names: a key's class test is given up.
  const Expr display = assigned_value("y = {(a if isinstance(x, C) else b): 1}");
  ASSERT_EQ(display.kind, ExprKind::Container);
  ASSERT_EQ(display.children.size(), 2u);
  EXPECT_TRUE(display.children[0].arg_names.empty());
  EXPECT_FALSE(display.children[1].arg_names.empty());
}

}  // namespace
