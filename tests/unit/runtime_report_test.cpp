// load_runtime_confirmations: the run report's JSON and SARIF forms, and clear errors on bad input.
#include "analyzer/runtime_report.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace cyclecheck {
namespace {

std::filesystem::path write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("runtime_report_test_" + name);
  std::ofstream(path) << text;
  return path;
}

TEST(RuntimeReport, ReadsFindingsOfTheJsonReport) {
  const auto path = write_temp("ok.json", R"({"tool": "cyclecheck-runtime", "findings": [
      {"fingerprint": "abc", "state": "confirmed", "evidence": "R1: 3 cycles"},
      {"fingerprint": "def", "state": "not observed", "evidence": "none"}]})");
  const auto confirmations = load_runtime_confirmations(path);
  ASSERT_EQ(confirmations.size(), 2u);
  EXPECT_EQ(confirmations.at("abc").state, "confirmed");
  EXPECT_EQ(confirmations.at("abc").evidence, "R1: 3 cycles");
  EXPECT_EQ(confirmations.at("def").state, "not observed");
}

TEST(RuntimeReport, ReadsFindingsOfTheSarifReport) {
  const auto path = write_temp("ok.sarif", R"({"version": "2.1.0", "runs": [{"results": [],
      "properties": {"cyclecheck/staticFindings": [{"fingerprint": "x1", "state": "confirmed"}]}}]})");
  const auto confirmations = load_runtime_confirmations(path);
  ASSERT_EQ(confirmations.count("x1"), 1u);
  EXPECT_EQ(confirmations.at("x1").evidence, "");
}

TEST(RuntimeReport, RejectsMissingFileMalformedJsonAndReportsWithoutFindings) {
  EXPECT_THROW(load_runtime_confirmations("/nonexistent/report.json"), std::runtime_error);
  EXPECT_THROW(load_runtime_confirmations(write_temp("bad.json", "{not json")), std::runtime_error);
  try {
    load_runtime_confirmations(write_temp("nofindings.json", R"({"cycles": []})"));
    FAIL() << "expected an error";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("--findings"), std::string::npos);
  }
  EXPECT_THROW(load_runtime_confirmations(write_temp("badstate.json", R"({"findings": [{"fingerprint": "a",
      "state": "maybe"}]})")),
               std::runtime_error);
  EXPECT_THROW(
      load_runtime_confirmations(write_temp("nofp.json", R"({"findings": [{"state": "confirmed"}]})")),
      std::runtime_error);
}

}  // namespace
}  // namespace cyclecheck
