// Runs every fixture under fixtures/ through the analyzer and compares with its inline expectations.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "analyzer/project.hpp"
#include "rules/rule.hpp"

namespace fs = std::filesystem;
using namespace cyclecheck;

namespace {

using Expectations = std::set<std::tuple<std::string, uint32_t, std::string>>;  // path, line, code

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void collect_expectations(const std::string& display, const std::string& text, Expectations& out) {
  static const std::regex marker(R"(#\s*expect:\s*([A-Z]{2}[0-9]{3}(\s*,\s*[A-Z]{2}[0-9]{3})*))");
  std::istringstream lines(text);
  std::string line;
  uint32_t number = 0;
  while (std::getline(lines, line)) {
    ++number;
    std::smatch match;
    if (!std::regex_search(line, match, marker)) continue;
    static const std::regex code(R"([A-Z]{2}[0-9]{3})");
    const std::string codes = match[1];
    for (auto it = std::sregex_iterator(codes.begin(), codes.end(), code); it != std::sregex_iterator();
         ++it) {
      out.insert({display, number, it->str()});
    }
  }
}

struct FixtureCase {
  std::string name;
  std::vector<fs::path> files;
};

std::vector<FixtureCase> all_fixtures() {
  std::vector<FixtureCase> cases;
  const fs::path root = fs::path(CYCLECHECK_SOURCE_DIR) / "fixtures";
  for (const auto& rule_dir : fs::directory_iterator(root)) {
    if (!rule_dir.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(rule_dir.path())) {
      FixtureCase c;
      c.name = rule_dir.path().filename().string() + "/" + entry.path().filename().string();
      if (entry.is_directory()) {
        for (const auto& file : fs::recursive_directory_iterator(entry.path())) {
          if (file.path().extension() == ".py") c.files.push_back(file.path());
        }
        std::sort(c.files.begin(), c.files.end());
      } else if (entry.path().extension() == ".py") {
        c.files.push_back(entry.path());
      } else {
        continue;
      }
      cases.push_back(std::move(c));
    }
  }
  std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return cases;
}

class FixtureTest : public ::testing::TestWithParam<FixtureCase> {};

TEST_P(FixtureTest, FindingsMatchInlineExpectations) {
  const FixtureCase& fixture = GetParam();
  Expectations expected, actual;
  std::vector<std::shared_ptr<const ModuleFacts>> modules;
  for (const fs::path& file : fixture.files) {
    SourceText source;
    source.path = file.filename().string();
    source.text = read_file(file);
    source.module_name = file.stem().string();
    collect_expectations(source.path, source.text, expected);
    modules.push_back(lower_module(source));
  }
  AnalysisOptions options;
  std::string report;
  for (const Diagnostic& d : analyze_modules(modules, options)) {
    actual.insert({d.range.path, d.range.line, d.code});
    report +=
        "  " + d.range.path + ":" + std::to_string(d.range.line) + ": " + d.code + " " + d.message + "\n";
  }
  for (const auto& [path, line, code] : expected) {
    EXPECT_TRUE(actual.count({path, line, code}))
        << "missing " << code << " at " << path << ":" << line << "\nreported:\n"
        << report;
  }
  for (const auto& [path, line, code] : actual) {
    EXPECT_TRUE(expected.count({path, line, code}))
        << "unexpected " << code << " at " << path << ":" << line << "\nreported:\n"
        << report;
  }
}

std::string fixture_name(const ::testing::TestParamInfo<FixtureCase>& info) {
  std::string name = info.param.name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, FixtureTest, ::testing::ValuesIn(all_fixtures()), fixture_name);

// Every rule has positive and negative fixtures.
TEST(FixtureCoverage, EveryRuleHasPositiveAndNegativeFixtures) {
  const fs::path root = fs::path(CYCLECHECK_SOURCE_DIR) / "fixtures";
  for (const RuleInfo* rule : all_rules()) {
    if (rule->kind == RuleKind::File) continue;  // exercised by the integration tests on bad input
    const fs::path dir = root / (rule->code + "-" + rule->name);
    ASSERT_TRUE(fs::is_directory(dir)) << "no fixtures for " << rule->code << " (" << dir << ")";
    bool positive = false, negative = false;
    for (const auto& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      positive |= name.rfind("positive", 0) == 0;
      negative |= name.rfind("negative", 0) == 0;
    }
    EXPECT_TRUE(positive) << rule->code << " has no positive fixture";
    EXPECT_TRUE(negative) << rule->code << " has no negative fixture";
  }
}

}  // namespace
