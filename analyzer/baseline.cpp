#include "analyzer/baseline.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

namespace cyclecheck {
namespace fs = std::filesystem;

void write_baseline(const fs::path& file, const std::vector<Diagnostic>& diagnostics) {
  // Fingerprint -> (code, path) of its first finding, so humans can read what the baseline holds.
  std::map<std::string, const Diagnostic*> by_fingerprint;
  for (const Diagnostic& diagnostic : diagnostics) {
    if (diagnostic.fingerprint.empty()) continue;
    by_fingerprint.emplace(diagnostic.fingerprint, &diagnostic);
  }
  nlohmann::ordered_json fingerprints = nlohmann::ordered_json::array();
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  for (const auto& [fingerprint, diagnostic] : by_fingerprint) {
    fingerprints.push_back(fingerprint);
    findings.push_back({{"fingerprint", fingerprint},
                        {"code", diagnostic->code},
                        {"rule", diagnostic->rule_name},
                        {"path", diagnostic->range.path}});
  }
  nlohmann::ordered_json document;
  document["version"] = 1;
  document["tool"] = "cyclecheck";
  document["fingerprints"] = std::move(fingerprints);
  document["findings"] = std::move(findings);

  // Written next to the target and renamed, so an interrupted run never leaves half a baseline.
  fs::path temporary = file;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw BaselineError(file.string() + ": cannot write the baseline file");
    out << document.dump(2) << "\n";
    if (!out.flush()) throw BaselineError(file.string() + ": cannot write the baseline file");
  }
  std::error_code error;
  fs::rename(temporary, file, error);
  if (error) {
    fs::remove(temporary, error);
    throw BaselineError(file.string() + ": cannot write the baseline file: " + error.message());
  }
}

std::set<std::string> read_baseline(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw BaselineError(file.string() + ": cannot read the baseline file (does it exist?)");
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& error) {
    throw BaselineError(file.string() + ": not a baseline file: invalid JSON (" + error.what() + ")");
  }
  if (!document.is_object())
    throw BaselineError(file.string() + ": not a baseline file: expected a JSON object");
  const auto version = document.find("version");
  if (version == document.end() || !version->is_number_integer() || version->get<int64_t>() != 1) {
    throw BaselineError(file.string() + ": unsupported baseline: expected \"version\": 1");
  }
  const auto fingerprints = document.find("fingerprints");
  if (fingerprints == document.end() || !fingerprints->is_array()) {
    throw BaselineError(file.string() +
                        ": not a baseline file: \"fingerprints\" must be an array of strings");
  }
  std::set<std::string> result;
  for (const auto& entry : *fingerprints) {
    if (!entry.is_string()) {
      throw BaselineError(file.string() +
                          ": not a baseline file: \"fingerprints\" must be an array of strings");
    }
    result.insert(entry.get<std::string>());
  }
  return result;
}

std::vector<Diagnostic> remove_baselined(std::vector<Diagnostic> diagnostics,
                                         const std::set<std::string>& baseline) {
  std::erase_if(diagnostics, [&](const Diagnostic& d) { return baseline.count(d.fingerprint) > 0; });
  return diagnostics;
}

}  // namespace cyclecheck
