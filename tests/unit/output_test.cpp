#include "analyzer/output/output.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <nlohmann/json.hpp>
#include <sstream>

namespace cyclecheck {
namespace {

using nlohmann::json;

// A must-cycle with a graph, two related edges and a fix edit.
Diagnostic cycle_finding() {
  Diagnostic d;
  d.code = "CC104";
  d.rule_name = "callable-holds-owner";
  d.severity = Severity::Warning;
  d.message = "Trainer.cb holds the bound method Trainer.step, whose __self__ is the Trainer";
  d.range = {"pkg/train.py", 3, 9, 3, 31};
  d.related = {{{"pkg/train.py", 2, 5, 2, 12}, "edge 1/2: Trainer() allocated"},
               {{"pkg/train.py", 3, 19, 3, 28}, "edge 2/2: bound method self.step"}};
  d.cycle_path = "Trainer -> .cb -> method step (__self__) -> Trainer";
  d.fix = "Store weakref.WeakMethod(self.step) instead.";
  d.fix_edit = TextEdit{{"pkg/train.py", 3, 19, 3, 28}, "weakref.WeakMethod(self.step)"};
  d.fingerprint = "3f2a9c0d11aa0001";
  render::Graph graph;
  graph.title = "CC104 callable-holds-owner";
  graph.nodes = {{"n0", "Trainer", "pkg/train.py:2", false, true, true},
                 {"n1", "method step", "pkg/train.py:3", false, false, true}};
  graph.edges = {{"n0", "n1", ".cb", "pkg/train.py:3", true, true},
                 {"n1", "n0", "__self__", "", true, false}};
  d.graph = graph;
  return d;
}

Diagnostic retention_finding() {
  Diagnostic d;
  d.code = "CC201";
  d.rule_name = "mutable-default-cache";
  d.severity = Severity::Info;
  d.message = "the default argument _cache keeps what is stored in it alive";
  d.range = {"a b/ü.py", 1, 13, 1, 22};
  d.fingerprint = "0000aaaa";
  return d;
}

Diagnostic io_error() {
  Diagnostic d;
  d.code = "CC002";
  d.rule_name = "io-error";
  d.severity = Severity::Error;
  d.message = "No such file or directory";
  d.range = {"missing.py", 1, 1, 1, 1};
  d.fingerprint = "ffff";
  return d;
}

const char* kTrainSource =
    "class Trainer:\n"
    "    def __init__(self):\n"
    "        self.cb = self.step  # cycle\n"
    "\n";

OutputContext make_context() {
  OutputContext context;
  context.working_directory = "/work/project";
  context.source_text_by_path["pkg/train.py"] = kTrainSource;
  context.source_text_by_path["a b/ü.py"] = "def f(x, _c=\u00e9\u00e9, _cache={}): pass\n";
  context.files_checked = 3;
  context.rules = {{"CC104", "callable-holds-owner", "A stored callable holds its owner",
                    "## What it does\nFinds ...", Severity::Warning, "Finds stored bound methods."},
                   {"CC201", "mutable-default-cache", "A mutable default argument used as a cache",
                    "## What it does\n...", Severity::Info, ""}};
  return context;
}

std::string render(const std::vector<Diagnostic>& diagnostics, OutputFormat format,
                   const OutputContext& context = make_context()) {
  std::ostringstream out;
  write_diagnostics(out, diagnostics, format, context);
  return out.str();
}

TEST(OutputFormat, ParsesRuffNames) {
  EXPECT_EQ(parse_output_format("full"), OutputFormat::Full);
  EXPECT_EQ(parse_output_format("concise"), OutputFormat::Concise);
  EXPECT_EQ(parse_output_format("json"), OutputFormat::Json);
  EXPECT_EQ(parse_output_format("json-lines"), OutputFormat::JsonLines);
  EXPECT_EQ(parse_output_format("sarif"), OutputFormat::Sarif);
  EXPECT_EQ(parse_output_format("github"), OutputFormat::Github);
  EXPECT_EQ(parse_output_format("gitlab"), OutputFormat::Gitlab);
  EXPECT_FALSE(parse_output_format("JSON"));
  EXPECT_FALSE(parse_output_format(""));
  EXPECT_EQ(output_format_names().size(), 7u);
  for (const auto& name : output_format_names())
    EXPECT_EQ(output_format_name(*parse_output_format(name)), name);
}

TEST(OutputColor, OnlyOnTerminalsWithoutNoColor) {
  ::unsetenv("NO_COLOR");
  EXPECT_TRUE(should_use_color(true));
  EXPECT_FALSE(should_use_color(false));
  ::setenv("NO_COLOR", "1", 1);
  EXPECT_FALSE(should_use_color(true));
  ::unsetenv("NO_COLOR");
}

TEST(FullOutput, CodeFrameCycleNotesHelpAndGraphCommand) {
  const std::string text = render({io_error(), cycle_finding()}, OutputFormat::Full);
  const std::string expected =
      "missing.py:1:1: CC002 [error] No such file or directory\n"
      "\n"
      "pkg/train.py:3:9: CC104 [warning] Trainer.cb holds the bound method Trainer.step, whose __self__ is "
      "the "
      "Trainer\n"
      "  |\n"
      "2 |     def __init__(self):\n"
      "3 |         self.cb = self.step  # cycle\n"
      "  |         ^^^^^^^^^^^^^^^^^^^^^^\n"
      "4 |\n"
      "  |\n"
      "  cycle: Trainer -> .cb -> method step (__self__) -> Trainer\n"
      "  = note: pkg/train.py:2:5: edge 1/2: Trainer() allocated\n"
      "  = note: pkg/train.py:3:19: edge 2/2: bound method self.step\n"
      "  help: Store weakref.WeakMethod(self.step) instead.\n"
      "  graph: cyclecheck graph pkg/train.py --finding 2 -o finding.svg\n"
      "\n"
      "Found 2 findings (1 error, 1 warning) in 3 files.\n";
  EXPECT_EQ(text, expected);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
}

TEST(FullOutput, UnderlineCountsCodePointsAndKeepsTabs) {
  Diagnostic d = retention_finding();
  d.range = {"u.py", 1, 7, 1, 11};  // "éé" is 4 bytes, 2 code points
  OutputContext context = make_context();
  context.source_text_by_path["u.py"] = "\tx = (\u00e9\u00e9)\n";
  const std::string text = render({d}, OutputFormat::Full, context);
  EXPECT_NE(text.find("1 | \tx = (\u00e9\u00e9)\n  | \t     ^^\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("graph:"), std::string::npos);  // no cycle, nothing to draw
  EXPECT_NE(text.find("Found 1 finding (0 errors, 0 warnings, 1 info) in 3 files."), std::string::npos);
}

TEST(FullOutput, QuotesPathsForTheShellAndCopesWithoutSource) {
  Diagnostic d = cycle_finding();
  d.range.path = "my dir/it's.py";
  const std::string text = render({d}, OutputFormat::Full);
  EXPECT_NE(text.find("graph: cyclecheck graph 'my dir/it'\\''s.py' --finding 1 -o finding.svg"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find(" |"), std::string::npos);  // no source text: no code frame
}

TEST(FullOutput, ColorWhenAsked) {
  OutputContext context = make_context();
  context.color = true;
  const std::string text = render({cycle_finding()}, OutputFormat::Full, context);
  EXPECT_NE(text.find("\x1b[1;33mCC104\x1b[0m"), std::string::npos);
}

TEST(ConciseOutput, OneLinePerFindingAndSummary) {
  EXPECT_EQ(render({io_error(), cycle_finding()}, OutputFormat::Concise),
            "missing.py:1:1: CC002 No such file or directory\n"
            "pkg/train.py:3:9: CC104 Trainer.cb holds the bound method Trainer.step, whose __self__ is the "
            "Trainer\n"
            "Found 2 findings (1 error, 1 warning) in 3 files.\n");
  OutputContext one_file = make_context();
  one_file.files_checked = 1;
  EXPECT_EQ(render({}, OutputFormat::Concise, one_file), "All checks passed! (1 file)\n");
  EXPECT_EQ(render({}, OutputFormat::Full), "All checks passed! (3 files)\n");
}

TEST(StatisticsOutput, CountsByRuleMostFirstAndJson) {
  const std::vector<Diagnostic> diagnostics{retention_finding(), cycle_finding(), io_error(),
                                            cycle_finding()};
  std::ostringstream text;
  write_statistics(text, diagnostics, OutputFormat::Full);
  EXPECT_EQ(text.str(),
            "2\tCC104\tcallable-holds-owner\n"
            "1\tCC002\tio-error\n"
            "1\tCC201\tmutable-default-cache\n");
  std::ostringstream as_json;
  write_statistics(as_json, diagnostics, OutputFormat::Json);
  const json list = json::parse(as_json.str());
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0], (json{{"code", "CC104"}, {"name", "callable-holds-owner"}, {"count", 2}}));
  EXPECT_EQ(list[2]["code"], "CC201");
  std::ostringstream none;
  write_statistics(none, {}, OutputFormat::Concise);
  EXPECT_EQ(none.str(), "");
}

TEST(JsonOutput, FieldsInOrder) {
  const json array = json::parse(render({cycle_finding(), retention_finding()}, OutputFormat::Json));
  ASSERT_EQ(array.size(), 2u);
  const json& first = array[0];
  std::vector<std::string> keys;
  const nlohmann::ordered_json ordered =
      nlohmann::ordered_json::parse(render({cycle_finding()}, OutputFormat::Json))[0];
  for (const auto& item : ordered.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"code", "rule", "severity", "message", "filename", "location",
                                            "end_location", "fix", "possible", "fingerprint", "cycle",
                                            "related", "runtime"}));
  EXPECT_EQ(first["code"], "CC104");
  EXPECT_EQ(first["rule"], "callable-holds-owner");
  EXPECT_EQ(first["severity"], "warning");
  EXPECT_EQ(first["filename"], "pkg/train.py");
  EXPECT_EQ(first["location"], json({{"row", 3}, {"column", 9}}));
  EXPECT_EQ(first["end_location"], json({{"row", 3}, {"column", 31}}));
  EXPECT_EQ(first["fix"]["message"], "Store weakref.WeakMethod(self.step) instead.");
  EXPECT_EQ(first["fix"]["edits"][0]["content"], "weakref.WeakMethod(self.step)");
  EXPECT_EQ(first["fix"]["edits"][0]["location"], json({{"row", 3}, {"column", 19}}));
  EXPECT_EQ(first["possible"], false);
  EXPECT_EQ(first["fingerprint"], "3f2a9c0d11aa0001");
  EXPECT_EQ(first["cycle"]["path"], "Trainer -> .cb -> method step (__self__) -> Trainer");
  EXPECT_EQ(first["cycle"]["nodes"][0], json({{"id", "n0"},
                                              {"type", "Trainer"},
                                              {"detail", "pkg/train.py:2"},
                                              {"holds_tensors", false},
                                              {"holds_module", true},
                                              {"in_cycle", true}}));
  EXPECT_EQ(first["cycle"]["edges"][0]["weak_candidate"], true);
  EXPECT_EQ(first["cycle"]["edges"][1]["label"], "__self__");
  EXPECT_EQ(first["related"][1]["message"], "edge 2/2: bound method self.step");
  EXPECT_EQ(first["related"][1]["filename"], "pkg/train.py");
  EXPECT_TRUE(first["runtime"].is_null());

  const json& second = array[1];
  EXPECT_EQ(second["severity"], "info");
  EXPECT_TRUE(second["fix"].is_null());
  EXPECT_TRUE(second["cycle"].is_null());
  EXPECT_EQ(second["related"], json::array());
}

TEST(JsonOutput, RuntimeStateAndEmptyRun) {
  Diagnostic d = cycle_finding();
  d.runtime_state = "confirmed";
  d.runtime_evidence = "3 cycles of Trainer collected";
  const json array = json::parse(render({d}, OutputFormat::Json));
  EXPECT_EQ(array[0]["runtime"],
            json({{"state", "confirmed"}, {"evidence", "3 cycles of Trainer collected"}}));
  EXPECT_EQ(json::parse(render({}, OutputFormat::Json)), json::array());
  EXPECT_EQ(render({}, OutputFormat::JsonLines), "");
}

TEST(JsonOutput, InvalidUtf8IsReplacedNotFatal) {
  Diagnostic d = io_error();
  d.message = "bad \xff byte";
  EXPECT_NO_THROW(json::parse(render({d}, OutputFormat::Json)));
}

TEST(JsonLinesOutput, OneObjectPerLine) {
  const std::string text = render({cycle_finding(), io_error()}, OutputFormat::JsonLines);
  std::istringstream lines(text);
  std::string line;
  std::vector<json> objects;
  while (std::getline(lines, line)) objects.push_back(json::parse(line));
  ASSERT_EQ(objects.size(), 2u);
  EXPECT_EQ(objects[0], json::parse(render({cycle_finding()}, OutputFormat::Json))[0]);
  EXPECT_EQ(objects[1]["code"], "CC002");
}

TEST(SarifOutput, DriverRulesAndResults) {
  Diagnostic unknown_rule = io_error();
  const json log =
      json::parse(render({unknown_rule, cycle_finding(), retention_finding()}, OutputFormat::Sarif));
  EXPECT_EQ(log["version"], "2.1.0");
  EXPECT_TRUE(log["$schema"].get<std::string>().find("sarif") != std::string::npos);
  const json& run = log["runs"][0];
  const json& driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"], "cyclecheck");
  EXPECT_FALSE(driver["version"].get<std::string>().empty());
  ASSERT_EQ(driver["rules"].size(), 3u);  // the two described rules plus the io-error a result uses
  EXPECT_EQ(driver["rules"][0]["id"], "CC002");
  EXPECT_EQ(driver["rules"][1]["id"], "CC104");
  EXPECT_EQ(driver["rules"][1]["name"], "callable-holds-owner");
  EXPECT_EQ(driver["rules"][1]["shortDescription"]["text"], "A stored callable holds its owner");
  EXPECT_EQ(driver["rules"][1]["fullDescription"]["text"], "Finds stored bound methods.");
  EXPECT_EQ(driver["rules"][1]["help"]["markdown"], "## What it does\nFinds ...");
  EXPECT_EQ(driver["rules"][1]["defaultConfiguration"]["level"], "warning");
  EXPECT_EQ(driver["rules"][2]["defaultConfiguration"]["level"], "note");
  EXPECT_EQ(run["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///work/project/");

  const json& results = run["results"];
  ASSERT_EQ(results.size(), 3u);
  for (const json& result : results) {
    EXPECT_EQ(driver["rules"][result["ruleIndex"].get<size_t>()]["id"], result["ruleId"]);
    EXPECT_FALSE(result["partialFingerprints"].contains("primaryLocationLineHash"));
  }
  const json& cycle = results[1];
  EXPECT_EQ(cycle["level"], "warning");
  EXPECT_EQ(results[0]["level"], "error");
  EXPECT_EQ(results[2]["level"], "note");
  const json& location = cycle["locations"][0]["physicalLocation"];
  EXPECT_EQ(location["artifactLocation"], json({{"uri", "pkg/train.py"}, {"uriBaseId", "%SRCROOT%"}}));
  EXPECT_EQ(location["region"],
            json({{"startLine", 3}, {"startColumn", 9}, {"endLine", 3}, {"endColumn", 31}}));
  EXPECT_EQ(cycle["relatedLocations"].size(), 2u);
  EXPECT_EQ(cycle["relatedLocations"][0]["id"], 1);
  EXPECT_EQ(cycle["relatedLocations"][0]["message"]["text"], "edge 1/2: Trainer() allocated");
  const json& steps = cycle["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_EQ(steps.size(), 3u);  // two related edges, then the closing edge
  EXPECT_EQ(steps[0]["location"]["physicalLocation"]["region"]["startLine"], 2);
  EXPECT_EQ(steps[2]["location"]["physicalLocation"]["region"]["startColumn"], 9);
  EXPECT_EQ(cycle["partialFingerprints"], json({{"cyclecheck/v1", "3f2a9c0d11aa0001"}}));
  EXPECT_EQ(cycle["properties"]["cyclePath"], "Trainer -> .cb -> method step (__self__) -> Trainer");
  EXPECT_EQ(cycle["properties"]["possible"], false);
  EXPECT_EQ(cycle["properties"]["cycleGraph"]["edges"][0]["label"], ".cb");
  EXPECT_EQ(cycle["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"],
            "weakref.WeakMethod(self.step)");
  EXPECT_FALSE(results[2].contains("codeFlows"));  // a retention has no cycle to walk
}

TEST(SarifOutput, EncodesUrisAndCountsColumnsInCodePoints) {
  Diagnostic outside = io_error();
  outside.range.path = "/elsewhere/x y.py";
  Diagnostic below = io_error();
  below.range.path = "/work/project/sub/z.py";
  const json results =
      json::parse(render({retention_finding(), outside, below}, OutputFormat::Sarif))["runs"][0]["results"];
  const json& first = results[0]["locations"][0]["physicalLocation"];
  EXPECT_EQ(first["artifactLocation"]["uri"], "a%20b/%C3%BC.py");
  // "def f(x, _c=éé, _cache={})": byte 13 is the first 'é'; byte 22 is code point 20.
  EXPECT_EQ(first["region"]["startColumn"], 13);
  EXPECT_EQ(first["region"]["endColumn"], 20);
  EXPECT_EQ(results[1]["locations"][0]["physicalLocation"]["artifactLocation"],
            json({{"uri", "file:///elsewhere/x%20y.py"}}));
  EXPECT_EQ(results[2]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "sub/z.py");
}

TEST(SarifOutput, EmptyRunStillDescribesTheRules) {
  const json log = json::parse(render({}, OutputFormat::Sarif));
  EXPECT_EQ(log["runs"][0]["results"], json::array());
  EXPECT_EQ(log["runs"][0]["tool"]["driver"]["rules"].size(), 2u);
}

TEST(GithubOutput, ErrorsFirstEscapingAndSummary) {
  Diagnostic warning = cycle_finding();
  warning.range.path = "odd,dir:x/100%.py";
  warning.message = "50% of\nit";
  Diagnostic info = retention_finding();
  const std::string text = render({info, warning, io_error()}, OutputFormat::Github);
  std::istringstream lines(text);
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(
      all[0],
      "::error file=missing.py,line=1,col=1,endLine=1,endColumn=1,title=cyclecheck (CC002)::No such file or "
      "directory");
  EXPECT_EQ(
      all[1],
      "::warning file=odd%2Cdir%3Ax/100%25.py,line=3,col=9,endLine=3,endColumn=31,title=cyclecheck "
      "(CC104)::50%25 of%0Ait%0Acycle: Trainer -> .cb -> method step (__self__) -> Trainer%0Ahelp: Store "
      "weakref.WeakMethod(self.step) instead.");
  EXPECT_EQ(all[2].rfind("::notice file=a b/ü.py,line=1,col=13,", 0), 0u) << all[2];
  EXPECT_EQ(all[3], "cyclecheck: Found 3 findings (1 error, 1 warning, 1 info) in 3 files.");
}

TEST(GithubOutput, SaysWhereTheRestIsWhenGithubTruncates) {
  std::vector<Diagnostic> many(11, cycle_finding());
  const std::string text = render(many, OutputFormat::Github);
  EXPECT_NE(text.find("GitHub shows only the first 10"), std::string::npos);
  EXPECT_NE(text.find("--output-format sarif"), std::string::npos);
  EXPECT_EQ(render({}, OutputFormat::Github), "cyclecheck: All checks passed! (3 files)\n");
}

TEST(GitlabOutput, CodeQualityReport) {
  ::unsetenv("CI_PROJECT_DIR");
  const json report =
      json::parse(render({cycle_finding(), cycle_finding(), io_error()}, OutputFormat::Gitlab));
  ASSERT_EQ(report.size(), 3u);
  EXPECT_EQ(report[0]["description"], cycle_finding().message);
  EXPECT_EQ(report[0]["check_name"], "CC104");
  EXPECT_EQ(report[0]["severity"], "minor");
  EXPECT_EQ(report[0]["location"], json({{"path", "pkg/train.py"}, {"lines", {{"begin", 3}, {"end", 3}}}}));
  EXPECT_EQ(report[0]["fingerprint"], "3f2a9c0d11aa0001");
  EXPECT_NE(report[1]["fingerprint"], report[0]["fingerprint"]);  // GitLab would drop a repeat
  EXPECT_EQ(report[2]["severity"], "major");
  EXPECT_EQ(json::parse(render({}, OutputFormat::Gitlab)), json::array());
}

TEST(GitlabOutput, PathsRelativeToTheCiProjectDir) {
  OutputContext context = make_context();
  ::setenv("CI_PROJECT_DIR", "/work", 1);
  const json report = json::parse(render({cycle_finding()}, OutputFormat::Gitlab, context));
  ::unsetenv("CI_PROJECT_DIR");
  EXPECT_EQ(report[0]["location"]["path"], "project/pkg/train.py");
}

}  // namespace
}  // namespace cyclecheck
