// Lowering keeps a slice's literal bounds on the slice (the subscript's second child), where the solver reads
// them to copy tuple slots (`exc_info()[:2]`), and nowhere a dict literal keeps its keys.
#include <gtest/gtest.h>

#include <string>

#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

// The value assigned by the module's only statement.
Expr assigned_value(const std::string& statement) {
  const SourceText source{"slices.py", "slices", false, statement + "\n"};
  const auto facts = lower_module(source);
  EXPECT_TRUE(facts->file_diagnostics.empty()) << statement;
  const std::vector<Stmt>& body = facts->functions.at(0).body;
  EXPECT_EQ(body.size(), 1u) << statement;
  return body.empty() ? Expr{} : body[0].value;
}

std::string bounds_of(const std::string& subscript) {
  const Expr e = assigned_value("y = " + subscript);
  EXPECT_EQ(e.kind, ExprKind::Subscript) << subscript;
  EXPECT_EQ(e.text, ":") << subscript;
  return e.children.size() == 2 ? e.children[1].text : "<no slice child>";
}

TEST(LowerSlice, KeepsLiteralBoundsOnTheSlice) {
  EXPECT_EQ(bounds_of("x[:2]"), ":2");
  EXPECT_EQ(bounds_of("x[1:]"), "1:");
  EXPECT_EQ(bounds_of("x[1:3]"), "1:3");
  EXPECT_EQ(bounds_of("x[:]"), ":");
  EXPECT_EQ(bounds_of("x[i:2]"), "?:2");
  EXPECT_EQ(bounds_of("x[-1:]"), "?:");
  EXPECT_EQ(bounds_of("x[::2]"), "?:?");
  EXPECT_EQ(bounds_of("x[1:2:]"), "1:2");  // an empty step is no step
}

TEST(LowerSlice, ASliceInADictLiteralLeavesTheKeyAlone) {
  const Expr dict = assigned_value("d = {'rest': x[1:], 'owner': y}");
  ASSERT_EQ(dict.kind, ExprKind::Container);
  ASSERT_EQ(dict.children.size(), 4u);  // key, value, key, value
  EXPECT_EQ(dict.children[1].kind, ExprKind::Subscript);
  EXPECT_EQ(dict.children[1].arg_names, std::vector<std::string>{"'rest'"});
  EXPECT_EQ(dict.children[3].arg_names, std::vector<std::string>{"'owner'"});
}

}  // namespace
