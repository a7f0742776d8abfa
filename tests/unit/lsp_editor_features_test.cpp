#include <gtest/gtest.h>

#include "cli/lsp/code_actions.hpp"
#include "cli/lsp/lsp_diagnostics.hpp"
#include "cli/lsp/settings.hpp"
#include "cli/lsp/suppression_hover.hpp"
#include "rules/rule.hpp"

namespace cyclecheck::lsp {
namespace {

SourceText source_of(std::string text) {
  SourceText source;
  source.path = "train.py";
  source.text = std::move(text);
  return source;
}

Diagnostic finding_on(uint32_t line, uint32_t column, uint32_t end_column) {
  Diagnostic diagnostic;
  diagnostic.code = "CC104";
  diagnostic.rule_name = "callable-holds-owner";
  diagnostic.message = "Trainer.cb holds a bound method of the Trainer";
  diagnostic.range = {"train.py", line, column, line, end_column};
  diagnostic.cycle_path = "Trainer -> .cb -> Trainer.on_step -> Trainer";
  diagnostic.fix = "Store a weakref.WeakMethod instead.";
  diagnostic.related.push_back({{"other.py", 2, 1, 2, 5}, "edge 2/2: __self__"});
  return diagnostic;
}

TEST(LspSuppressionEdit, AppendsAComment) {
  Document document("file:///train.py", source_of("class T:\n    def f(self):\n        self.cb = self.f\n"),
                    1);
  auto edit = suppression_edit(document, 2, "CC104", PositionEncoding::Utf16);
  ASSERT_TRUE(edit);
  EXPECT_EQ((*edit)["newText"], "  # cyclecheck: ignore[CC104]");
  EXPECT_EQ((*edit)["range"]["start"], to_json(Position{2, 24}));
}

TEST(LspSuppressionEdit, ExtendsAnExistingList) {
  Document document("file:///train.py",
                    source_of("x = y  # cyclecheck: ignore[CC101]\nz = 1  # cyclecheck: ignore[]\n"), 1);
  auto edit = suppression_edit(document, 0, "CC104", PositionEncoding::Utf8);
  ASSERT_TRUE(edit);
  EXPECT_EQ((*edit)["newText"], ", CC104");
  EXPECT_EQ((*edit)["range"]["start"], to_json(Position{0, 33}));
  auto empty_list = suppression_edit(document, 1, "CC104", PositionEncoding::Utf8);
  ASSERT_TRUE(empty_list);
  EXPECT_EQ((*empty_list)["newText"], "CC104");
  EXPECT_FALSE(suppression_edit(document, 0, "CC101", PositionEncoding::Utf8));  // already there
}

TEST(LspSuppressionEdit, RefusesWhereACommentWouldBreakTheCode) {
  Document document("file:///train.py",
                    source_of("s = '''one\ntwo'''\nt = 1 + \\\n    2\nu = 3  # cyclecheck: ignore\n"), 1);
  EXPECT_FALSE(suppression_edit(document, 0, "CC104", PositionEncoding::Utf16));  // ends inside a string
  EXPECT_FALSE(suppression_edit(document, 2, "CC104", PositionEncoding::Utf16));  // backslash continuation
  EXPECT_FALSE(suppression_edit(document, 4, "CC104", PositionEncoding::Utf16));  // blanket ignore already
  EXPECT_TRUE(suppression_edit(document, 3, "CC104", PositionEncoding::Utf16));
}

TEST(LspCodeActions, SuppressAndApplyFixForOverlappingDiagnostics) {
  Document document("file:///train.py", source_of("class T:\n    def f(self):\n        self.cb = self.f\n"),
                    1);
  Diagnostic finding = finding_on(3, 9, 25);
  finding.fix_edit = TextEdit{{"train.py", 3, 19, 3, 25}, "weakref.WeakMethod(self.f)"};
  const FileText file{document.uri(), document.text(), &document.lines()};
  const FileResolver resolve_nothing = [](const std::string&) { return std::optional<FileText>(); };
  const nlohmann::json lsp =
      to_lsp_diagnostic(finding, file, resolve_nothing, PositionEncoding::Utf16, kDefaultDocsBaseUrl);
  const std::vector<PublishedDiagnostic> published = {{finding, lsp}};

  const auto actions =
      code_actions(document, published, {{2, 10}, {2, 10}}, PositionEncoding::Utf16, resolve_nothing);
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_EQ(actions[0]["title"].get<std::string>().rfind("Apply fix for CC104", 0), 0u);
  EXPECT_EQ(actions[0]["edit"]["changes"]["file:///train.py"][0]["newText"], "weakref.WeakMethod(self.f)");
  EXPECT_EQ(actions[1]["title"], "Suppress CC104 on this line");
  EXPECT_EQ(actions[1]["edit"]["changes"]["file:///train.py"][0]["newText"], "  # cyclecheck: ignore[CC104]");
  EXPECT_EQ(actions[1]["diagnostics"][0]["code"], "CC104");

  EXPECT_TRUE(
      code_actions(document, published, {{0, 0}, {0, 3}}, PositionEncoding::Utf16, resolve_nothing).empty());
}

TEST(LspDiagnostics, ConvertsRangeSeverityLinkAndRelatedLocations) {
  const std::string text = "é = 1\nself.cb = self.f\n";
  const LineIndex lines(text);
  const std::string other_text = "x\nhook(model)\n";
  const LineIndex other_lines(other_text);
  const FileText file{"file:///w/train.py", text, &lines};
  const FileResolver resolve = [&](const std::string& path) -> std::optional<FileText> {
    if (path == "other.py") return FileText{"file:///w/other.py", other_text, &other_lines};
    return std::nullopt;
  };
  Diagnostic finding = finding_on(2, 1, 17);
  finding.severity = Severity::Error;
  const auto lsp =
      to_lsp_diagnostic(finding, file, resolve, PositionEncoding::Utf16, "https://docs.example/r");
  EXPECT_EQ(lsp["range"], to_json(Range{{1, 0}, {1, 16}}));
  EXPECT_EQ(lsp["severity"], 1);
  EXPECT_EQ(lsp["code"], "CC104");
  EXPECT_EQ(lsp["codeDescription"]["href"], "https://docs.example/r/callable-holds-owner");
  EXPECT_NE(lsp["message"].get<std::string>().find("Cycle: Trainer -> .cb"), std::string::npos);
  ASSERT_EQ(lsp["relatedInformation"].size(), 1u);
  EXPECT_EQ(lsp["relatedInformation"][0]["location"]["uri"], "file:///w/other.py");
  EXPECT_EQ(lsp["relatedInformation"][0]["location"]["range"], to_json(Range{{1, 0}, {1, 4}}));

  finding.related[0].range.path = "unknown.py";  // not resolvable: left out rather than pointing nowhere
  EXPECT_FALSE(
      to_lsp_diagnostic(finding, file, resolve, PositionEncoding::Utf16, "").contains("relatedInformation"));
}

TEST(LspHover, FindsCodesInSuppressionComments) {
  const auto codes =
      suppression_codes_in_line("x = f()  # cyclecheck: ignore[CC104, callable-holds-owner]  # noqa: CC101");
  ASSERT_EQ(codes.size(), 3u);
  EXPECT_EQ(codes[0].code, "CC104");
  EXPECT_EQ(codes[1].code, "callable-holds-owner");
  EXPECT_EQ(codes[2].code, "CC101");
  EXPECT_TRUE(suppression_codes_in_line("x = 1  # just a comment about CC104").empty());
  EXPECT_TRUE(suppression_codes_in_line("x = 1  # noqa").empty());
}

TEST(LspHover, OutsideACodeGivesNothing) {
  const std::string text = "x = f()  # cyclecheck: ignore[CC104]\n";
  const LineIndex lines(text);
  EXPECT_FALSE(suppression_hover(text, lines, {0, 2}, PositionEncoding::Utf16, kDefaultDocsBaseUrl));
  EXPECT_FALSE(suppression_hover(text, lines, {7, 0}, PositionEncoding::Utf16, kDefaultDocsBaseUrl));
}

TEST(LspHover, ShowsTheRuleDocumentation) {
  if (all_rules().empty()) GTEST_SKIP() << "no rules registered";
  const RuleInfo& rule = *all_rules().front();
  const std::string text = "x = f()  # cyclecheck: ignore[" + rule.code + "]\n";
  const LineIndex lines(text);
  const auto hover = suppression_hover(text, lines, {0, 31}, PositionEncoding::Utf16, kDefaultDocsBaseUrl);
  ASSERT_TRUE(hover);
  const std::string markdown = (*hover)["contents"]["value"];
  EXPECT_NE(markdown.find(rule_documentation_markdown(rule)), std::string::npos);
  EXPECT_NE(markdown.find(kDefaultDocsBaseUrl + rule.name), std::string::npos);
  EXPECT_EQ((*hover)["range"]["start"], to_json(Position{0, 30}));
}

TEST(LspSettings, ReadsBothKeyStylesAndReportsWrongTypes) {
  std::vector<std::string> warnings;
  const auto settings = settings_from_json(
      nlohmann::json::parse(
          R"({"settings": {"cyclecheck": {"select": ["CC1"], "extend-select": ["CC2"], "ignore": "CC104",
         "perFileIgnores": {"tests/*": ["CC101"]}, "showPossible": true, "run": "onSave", "maxWorkspaceFiles": -3}}})"),
      ServerSettings{}, warnings);
  ASSERT_TRUE(settings.select);
  EXPECT_EQ(*settings.select, std::vector<std::string>{"CC1"});
  EXPECT_EQ(settings.extend_select, std::vector<std::string>{"CC2"});
  EXPECT_EQ(settings.ignore, std::vector<std::string>{"CC104"});
  EXPECT_FALSE(settings.analyze_on_type);
  EXPECT_EQ(settings.max_workspace_files, ServerSettings{}.max_workspace_files);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("maxWorkspaceFiles"), std::string::npos);

  Config project;
  project.select = {"ALL"};
  project.ignore = {"CC3"};
  const Config merged = apply_settings(project, settings);
  EXPECT_EQ(merged.select, std::vector<std::string>{"CC1"});
  EXPECT_EQ(merged.ignore, (std::vector<std::string>{"CC3", "CC104"}));
  EXPECT_TRUE(merged.show_possible);
  ASSERT_EQ(merged.per_file_ignores.size(), 1u);
  EXPECT_EQ(merged.per_file_ignores[0].first, "tests/*");
}

}  // namespace
}  // namespace cyclecheck::lsp
