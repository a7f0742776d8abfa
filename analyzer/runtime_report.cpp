#include "analyzer/runtime_report.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace cyclecheck {
namespace {

using nlohmann::json;

std::runtime_error report_error(const std::filesystem::path& report, const std::string& what) {
  return std::runtime_error("runtime report " + report.string() + ": " + what);
}

// The confirmations live in "findings" of the JSON report, or in the SARIF run's properties.
const json* findings_array(const json& document) {
  if (document.is_object() && document.contains("findings")) return &document["findings"];
  if (document.is_object() && document.contains("runs") && document["runs"].is_array()) {
    for (const json& run : document["runs"]) {
      const json* properties = run.is_object() && run.contains("properties") ? &run["properties"] : nullptr;
      if (properties != nullptr && properties->is_object() &&
          properties->contains("cyclecheck/staticFindings")) {
        return &(*properties)["cyclecheck/staticFindings"];
      }
    }
  }
  return nullptr;
}

}  // namespace

std::map<std::string, RuntimeConfirmation> load_runtime_confirmations(const std::filesystem::path& report) {
  std::ifstream in(report, std::ios::binary);
  if (!in) throw report_error(report, "cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  json document = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) throw report_error(report, "is not valid JSON");
  const json* findings = findings_array(document);
  if (findings == nullptr) {
    throw report_error(report, "has no static findings; make it with `cyclecheck run --findings FILE`");
  }
  if (!findings->is_array()) throw report_error(report, "\"findings\" is not an array");
  std::map<std::string, RuntimeConfirmation> result;
  for (const json& finding : *findings) {
    if (!finding.is_object() || !finding.contains("fingerprint") || !finding["fingerprint"].is_string() ||
        !finding.contains("state") || !finding["state"].is_string()) {
      throw report_error(report, "a finding lacks a string \"fingerprint\" or \"state\"");
    }
    const std::string state = finding["state"].get<std::string>();
    if (state != "confirmed" && state != "not observed") {
      throw report_error(report, "unknown state \"" + state + "\" (expected confirmed or not observed)");
    }
    std::string evidence;
    if (finding.contains("evidence") && finding["evidence"].is_string())
      evidence = finding["evidence"].get<std::string>();
    const std::string fingerprint = finding["fingerprint"].get<std::string>();
    if (fingerprint.empty()) continue;  // a finding without a fingerprint cannot be matched back
    result[fingerprint] = {state, std::move(evidence)};
  }
  return result;
}

}  // namespace cyclecheck
