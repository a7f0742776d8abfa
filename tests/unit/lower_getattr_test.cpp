// Lowering reads `getattr(obj, "name")` as `obj.name` and `setattr(obj, "name", v)` as `obj.name = v`; a name
// built around a variable from literal parts becomes a pattern the solver matches against method names, and a
// name held in a variable reads (or, for setattr with any computed name, stores) some attribute.
#include <gtest/gtest.h>

#include <string>

#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

const Stmt only_statement(const std::string& statement) {
  const SourceText source{"names.py", "names", false, statement + "\n"};
  const auto facts = lower_module(source);
  EXPECT_TRUE(facts->file_diagnostics.empty()) << statement;
  const std::vector<Stmt>& body = facts->functions.at(0).body;
  EXPECT_EQ(body.size(), 1u) << statement;
  return body.empty() ? Stmt{} : body[0];
}

// What `y = <expr>` reads, as "Kind:text".
std::string read_by(const std::string& expr) {
  const Expr e = only_statement("y = " + expr).value;
  switch (e.kind) {
    case ExprKind::Attribute:
      return "Attribute:" + e.text;
    case ExprKind::Choice:
      return "Choice:" + (e.children.empty() ? std::string() : e.children[0].text);
    case ExprKind::Call:
      return "Call";
    default:
      return "other";
  }
}

TEST(LowerGetattr, ALiteralNameIsAnAttribute) {
  EXPECT_EQ(read_by("getattr(self, 'on_step')"), "Attribute:on_step");
  EXPECT_EQ(read_by("getattr(self, \"lr\", None)"), "Choice:lr");
}

TEST(LowerGetattr, ANameBuiltAroundAVariableIsAPattern) {
  EXPECT_EQ(read_by("getattr(self, f'_{loss}_loss')"), "Attribute:_*_loss");
  EXPECT_EQ(read_by("getattr(self, 'on_' + event)"), "Attribute:on_*");
  EXPECT_EQ(read_by("getattr(self, event + '_hook')"), "Attribute:*_hook");
  // ('a' + b) + 'c': only the last literal is read, which still matches every name the call can make.
  EXPECT_EQ(read_by("getattr(self, 'a' + b + 'c')"), "Attribute:*c");
}

TEST(LowerGetattr, ANameInAVariableIsSomeAttribute) {
  EXPECT_EQ(read_by("getattr(obj, part)"), std::string("Attribute:") + kDynamicAttribute);
  // With a default, that attribute or the default (`getattr(self, name, self.generic_visit)`).
  EXPECT_EQ(read_by("getattr(obj, part, None)"), std::string("Choice:") + kDynamicAttribute);
  // A name computed by a call: the call stays (its effects are kept).
  EXPECT_EQ(read_by("getattr(obj, next_name())"), "Call");
}

TEST(LowerGetattr, NamesThatSayNothingStayCalls) {
  EXPECT_EQ(read_by("getattr(self, f'{a}_{b}')"), "Call");
  EXPECT_EQ(read_by("getattr(self, f'{name}')"), "Call");
  EXPECT_EQ(read_by("getattr(self, 'not an identifier')"), "Call");

  EXPECT_EQ(read_by("getattr(self, 'x', default=None)"), "Call");
}

TEST(LowerSetattr, ALiteralNameIsAnAssignment) {
  const Stmt s = only_statement("setattr(cb, 'trainer', trainer)");
  EXPECT_EQ(s.kind, StmtKind::Assign);
  ASSERT_EQ(s.targets.size(), 1u);
  EXPECT_EQ(s.targets[0].kind, ExprKind::Attribute);
  EXPECT_EQ(s.targets[0].text, "trainer");
  EXPECT_EQ(s.value.kind, ExprKind::Name);
}

// A computed name stores some attribute (what getattr with a variable reads); a name that is not a plain
// variable is still evaluated first, for what its calls do.
TEST(LowerSetattr, AComputedNameStoresSomeAttribute) {
  const Stmt s = only_statement("setattr(cb, name, trainer)");
  EXPECT_EQ(s.kind, StmtKind::Assign);
  ASSERT_EQ(s.targets.size(), 1u);
  EXPECT_EQ(s.targets[0].text, kDynamicAttribute);
  EXPECT_EQ(s.value.kind, ExprKind::Name);

  const SourceText source{"names.py", "names", false, "setattr(cb, make_name(x), trainer)\n"};
  const auto facts = lower_module(source);
  const std::vector<Stmt>& body = facts->functions.at(0).body;
  ASSERT_EQ(body.size(), 2u);
  EXPECT_EQ(body[0].kind, StmtKind::ExprStmt);
  EXPECT_EQ(body[0].value.kind, ExprKind::Call);
  EXPECT_EQ(body[1].kind, StmtKind::Assign);
  EXPECT_EQ(body[1].targets[0].text, kDynamicAttribute);
}

TEST(LowerSetattr, KeywordArgumentsStayCalls) {
  EXPECT_EQ(only_statement("setattr(cb, 'x', value=trainer)").kind, StmtKind::ExprStmt);
}

TEST(LowerGetattr, ANameHeldInAVariableKeepsTheVariable) {
  // `getattr(callback, hook_name)`: the caller's argument for `hook_name` names the method.
  const Expr e = only_statement("y = getattr(callback, hook_name)").value;
  ASSERT_EQ(e.kind, ExprKind::Attribute);
  EXPECT_EQ(e.text, kDynamicAttribute);
  EXPECT_EQ(e.arg_names, std::vector<std::string>{"hook_name"});
}

TEST(LowerGetattr, AStringArgumentHoldingANameKeepsIt) {
  // `self._call_hooks("on_fit_start", stage="fit")`: quoted, as a subscript's key is. Other strings do not.
  const Expr call = only_statement("call_hooks('on_fit_start', 'a b', f'{x}', stage='fit')").value;
  ASSERT_EQ(call.kind, ExprKind::Call);
  ASSERT_EQ(call.children.size(), 5u);
  EXPECT_EQ(call.children[1].text, "'on_fit_start'");
  EXPECT_EQ(call.children[2].text, "");
  EXPECT_EQ(call.children[4].text, "'fit'");
}

}  // namespace
