// A rule: stable code, descriptive name, severity, and its documentation.
// Each rule lives in its own file and is listed once in rule_registry.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/diagnostic.hpp"

namespace cyclecheck {

struct RuleDoc {
  std::string what_it_does;
  std::string why_bad;
  std::string example;      // Python code
  std::string use_instead;  // Python code plus the patterns that silence the rule
  std::string known_problems;
};

enum class RuleKind { Cycle, Retention, File };

struct RuleInfo {
  std::string code;  // "CC104"
  std::string name;  // "callable-holds-owner"
  RuleKind kind = RuleKind::Cycle;
  Severity default_severity = Severity::Warning;
  std::string summary;  // one line, for listings and SARIF shortDescription
  RuleDoc doc;
};

// Every rule, ordered by code.
const std::vector<const RuleInfo*>& all_rules();
// By code ("CC104") or by name ("callable-holds-owner"); nullptr when unknown.
const RuleInfo* find_rule(std::string_view code_or_name);
// The documentation as Markdown (headings: What it does / Why is this bad / Example / Use instead / Known
// problems).
std::string rule_documentation_markdown(const RuleInfo& rule);

}  // namespace cyclecheck
