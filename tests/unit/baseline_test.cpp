#include "analyzer/baseline.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/unit/infra_test_util.hpp"

namespace cyclecheck {
namespace {

using testing::TempDir;

Diagnostic finding(const std::string& code, const std::string& path, const std::string& fingerprint) {
  Diagnostic diagnostic;
  diagnostic.code = code;
  diagnostic.rule_name = "rule-" + code;
  diagnostic.range = {path, 3, 1, 3, 5};
  diagnostic.fingerprint = fingerprint;
  return diagnostic;
}

std::string read_error(const std::filesystem::path& file) {
  try {
    read_baseline(file);
  } catch (const BaselineError& error) {
    return error.what();
  }
  return "";
}

TEST(Baseline, RoundTripsSortedFingerprintsWithCodesAndPaths) {
  TempDir dir;
  const auto file = dir.path() / "baseline.json";
  write_baseline(file, {finding("CC104", "b.py", "ff01"), finding("CC201", "a.py", "aa02"),
                        finding("CC104", "b.py", "ff01"), finding("CC301", "c.py", "")});
  EXPECT_EQ(read_baseline(file), (std::set<std::string>{"aa02", "ff01"}));

  std::ifstream in(file);
  const nlohmann::json document = nlohmann::json::parse(in);
  EXPECT_EQ(document["version"], 1);
  EXPECT_EQ(document["fingerprints"], nlohmann::json({"aa02", "ff01"}));
  ASSERT_EQ(document["findings"].size(), 2u);
  EXPECT_EQ(document["findings"][0]["code"], "CC201");
  EXPECT_EQ(document["findings"][0]["path"], "a.py");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "baseline.json.tmp"));
}

TEST(Baseline, EmptyRunWritesAnEmptyBaseline) {
  TempDir dir;
  write_baseline(dir.path() / "b.json", {});
  EXPECT_TRUE(read_baseline(dir.path() / "b.json").empty());
}

TEST(Baseline, RemoveBaselinedKeepsNewFindingsInOrder) {
  const auto kept = remove_baselined(
      {finding("CC104", "a.py", "1"), finding("CC105", "a.py", "2"), finding("CC106", "b.py", "3")}, {"2"});
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].code, "CC104");
  EXPECT_EQ(kept[1].code, "CC106");
}

TEST(Baseline, MalformedFilesAreClearErrors) {
  TempDir dir;
  EXPECT_NE(read_error(dir.path() / "missing.json").find("cannot read the baseline file"), std::string::npos);
  EXPECT_NE(read_error(dir.write("a.json", "{not json")).find("invalid JSON"), std::string::npos);
  EXPECT_NE(read_error(dir.write("b.json", "[1, 2]")).find("expected a JSON object"), std::string::npos);
  EXPECT_NE(read_error(dir.write("c.json", "{\"version\": 2, \"fingerprints\": []}")).find("version"),
            std::string::npos);
  EXPECT_NE(
      read_error(dir.write("d.json", "{\"version\": 1, \"fingerprints\": [1]}")).find("array of strings"),
      std::string::npos);
  EXPECT_NE(read_error(dir.write("e.json", "{\"version\": 1}")).find("\"fingerprints\""), std::string::npos);
}

TEST(Baseline, UnwritableTargetIsAnError) {
  TempDir dir;
  EXPECT_THROW(write_baseline(dir.path() / "no/such/dir/b.json", {finding("CC104", "a.py", "1")}),
               BaselineError);
}

}  // namespace
}  // namespace cyclecheck
