// tree-sitter-python rejects some valid starred tuple elements (`x, *[]`); the lowering repairs them so that
// valid Python is not reported as a syntax error, and still reports the real ones.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

std::vector<std::string> syntax_errors(const std::string& statement) {
  SourceText source{"repair.py", "repair", false,
                    "def g(x, y, a, c):\n    " + statement + "\n    return x\n"};
  const auto facts = lower_module(source);
  std::vector<std::string> found;
  for (const Diagnostic& d : facts->file_diagnostics) {
    if (d.code == "CC001") found.push_back(std::to_string(d.range.line) + ":" + d.message);
  }
  return found;
}

TEST(ParseRepair, ValidStarredElementsOfBareTuplesAreNotSyntaxErrors) {
  for (const char* statement :
       {"host, *rest = x, *[]", "a = x, *[1], y", "a = *[1], x", "a = x, *(1,)", "a = x, *{1}",
        "a = x, *\"ab\"", "a = x, *[1] + y", "a = x, * [1]", "a[x, *[1]]", "for q in x, *[1]: pass",
        "yield x, *[1]", "return x, *[1], (1, *[2])"}) {
    EXPECT_TRUE(syntax_errors(statement).empty()) << statement;
  }
}

TEST(ParseRepair, RealSyntaxErrorsAreStillReported) {
  for (const char* statement : {"a = *[1]", "a = x, *[1", "a = x, *", "a = x *", "a = (x, *[1]"}) {
    EXPECT_FALSE(syntax_errors(statement).empty()) << statement;
  }
  // A real error elsewhere on the line keeps the file's error, at its own place.
  const auto errors = syntax_errors("a = x, *[1]; b = )");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].rfind("2:", 0), 0u) << errors[0];
}

TEST(ParseRepair, RepairedCodeIsAnalysedWithItsOwnPositions) {
  SourceText source{"node.py", "node", false,
                    "class Node:\n"
                    "    def __init__(self):\n"
                    "        self.pair = self, *[]\n"};
  std::vector<std::shared_ptr<const ModuleFacts>> modules{lower_module(source)};
  EXPECT_TRUE(modules[0]->file_diagnostics.empty());
  std::vector<std::string> findings;
  for (const Diagnostic& d : analyze_modules(modules, AnalysisOptions{})) {
    findings.push_back(d.code + "@" + std::to_string(d.range.line) + ":" + std::to_string(d.range.column));
  }
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0], "CC101@3:21");
}

}  // namespace
