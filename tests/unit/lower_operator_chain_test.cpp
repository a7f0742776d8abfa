// Generated code writes long operator chains (`x = a0 + a1 + ... + a999`), which tree-sitter nests by the
// left operand. The lowering flattens a long chain into one value instead of recursing once per operator,
// so the chain is analysed rather than cut off at the nesting limit.
#include <gtest/gtest.h>

#include <string>

#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

std::string chain(int terms, const std::string& last) {
  std::string text = "total = ";
  for (int i = 0; i < terms; ++i) text += "a" + std::to_string(i) + " + ";
  return text + last + "\n";
}

const Expr& assigned_value(const ModuleFacts& facts) {
  const std::vector<Stmt>& body = facts.functions.at(0).body;
  EXPECT_EQ(body.size(), 1u);
  return body.at(0).value;
}

TEST(LowerOperatorChain, ALongChainIsOneValueOfEveryOperand) {
  const SourceText source{"chain.py", "chain", false, chain(5000, "keep(x)")};
  const auto facts = lower_module(source);
  EXPECT_TRUE(facts->file_diagnostics.empty());  // no "nested deeper than" note
  const Expr& value = assigned_value(*facts);
  ASSERT_EQ(value.kind, ExprKind::Arith);
  ASSERT_EQ(value.children.size(), 5001u);
  EXPECT_EQ(value.children.front().text, "a0");
  EXPECT_EQ(value.children[4999].text, "a4999");
  // The call at the end is still there, for the solver to run.
  EXPECT_EQ(value.children.back().kind, ExprKind::Call);
}

TEST(LowerOperatorChain, AShortChainStaysNestedAsWritten) {
  const SourceText source{"chain.py", "chain", false, chain(3, "b")};
  const auto facts = lower_module(source);
  const Expr& value = assigned_value(*facts);
  ASSERT_EQ(value.kind, ExprKind::Arith);
  ASSERT_EQ(value.children.size(), 2u);  // (((a0 + a1) + a2) + b)
  EXPECT_EQ(value.children[0].kind, ExprKind::Arith);
  EXPECT_EQ(value.children[1].text, "b");
}

TEST(LowerOperatorChain, SequenceOperatorsWithADisplayKeepTheirOperator) {
  // `(self,) + args` and `[x] * n` make sequences of their operands' elements; `"%s" % (a,)` formats;
  // `p + q` is left for the solver to tell (lists or numbers), `p * q` is a product.
  const SourceText source{"ops.py", "ops", false,
                          "a = (x,) + rest\nb = [x] * n\nc = '%s' % (x,)\nd = p + q\ne = p * q\n"};
  const auto facts = lower_module(source);
  const std::vector<Stmt>& body = facts->functions.at(0).body;
  ASSERT_EQ(body.size(), 5u);
  EXPECT_EQ(body[0].value.text, "+");
  EXPECT_EQ(body[1].value.text, "*");
  EXPECT_EQ(body[2].value.text, "");
  EXPECT_EQ(body[3].value.text, kMaybeConcatenation);
  EXPECT_EQ(body[4].value.text, "");
}

}  // namespace
