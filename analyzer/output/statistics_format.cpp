// `check --statistics`: how many findings each rule has, most first, as ruff prints them; JSON for the JSON
// formats.
#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "analyzer/output/formats.hpp"

namespace cyclecheck {

void write_statistics(std::ostream& out, const std::vector<Diagnostic>& diagnostics, OutputFormat format) {
  struct RuleCount {
    std::string code, name;
    size_t count = 0;
  };
  std::map<std::string, RuleCount> by_code;
  for (const Diagnostic& d : diagnostics) {
    RuleCount& entry = by_code[d.code];
    entry.code = d.code;
    entry.name = d.rule_name;
    ++entry.count;
  }
  std::vector<RuleCount> counts;
  for (auto& [code, entry] : by_code) counts.push_back(std::move(entry));
  // Most frequent first; equal counts by code (the map's order), so the output is the same on every run.
  std::stable_sort(counts.begin(), counts.end(),
                   [](const RuleCount& a, const RuleCount& b) { return a.count > b.count; });
  if (format == OutputFormat::Json || format == OutputFormat::JsonLines) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const RuleCount& entry : counts) {
      list.push_back({{"code", entry.code}, {"name", entry.name}, {"count", entry.count}});
    }
    out << list.dump(2) << "\n";
    return;
  }
  size_t count_width = 1, code_width = 1;
  for (const RuleCount& entry : counts) {
    count_width = std::max(count_width, std::to_string(entry.count).size());
    code_width = std::max(code_width, entry.code.size());
  }
  for (const RuleCount& entry : counts) {
    const std::string count = std::to_string(entry.count);
    out << std::string(count_width - count.size(), ' ') << count << "\t" << entry.code
        << std::string(code_width - entry.code.size(), ' ') << "\t" << entry.name << "\n";
  }
}

}  // namespace cyclecheck
