// Line-level suppression comments: `# cyclecheck: ignore[CC104, callable-holds-owner]`,
// `# cyclecheck: ignore`, `# noqa: CC104`, `# noqa`. Only real comments count: a '#' inside a string
// literal is not a comment.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/diagnostic.hpp"

namespace cyclecheck {

struct SuppressionComment {
  enum class Kind { CycleCheckIgnore, Noqa };
  Kind kind = Kind::CycleCheckIgnore;
  uint32_t line = 0;               // 1-based
  uint32_t column = 0;             // 1-based UTF-8 byte column of the '#' that starts the directive
  uint32_t end_column = 0;         // exclusive: just past the directive ("...]" or the last code)
  std::vector<std::string> codes;  // codes or rule names as written
  bool blanket = false;            // `# noqa` / `# cyclecheck: ignore` without codes: every code
  bool all_codes() const { return blanket; }
};

class SuppressionIndex {
 public:
  explicit SuppressionIndex(std::string_view source_text);

  // Whether a finding with `code` whose primary location is on `line` (1-based) is suppressed.
  // `code` is matched against the comment's entries exactly (a rule name works too).
  bool suppresses(uint32_t line, std::string_view code) const;
  // Matches an entry equal to either the code or the rule name.
  bool suppresses(uint32_t line, std::string_view code, std::string_view rule_name) const;
  bool suppresses(const Diagnostic& diagnostic) const;

  // Every suppression comment, in source order (for editor hovers and unused-suppression checks).
  const std::vector<SuppressionComment>& comments() const { return comments_; }
  // The comments on one line (at most one per line in valid Python, but a noqa and an ignore may share).
  std::vector<const SuppressionComment*> comments_on_line(uint32_t line) const;

 private:
  std::vector<SuppressionComment> comments_;  // sorted by line
};

// Drops the diagnostics suppressed by comments in `source_text` (all of them must be in that file).
std::vector<Diagnostic> remove_suppressed(std::vector<Diagnostic> diagnostics, const SuppressionIndex& index);

}  // namespace cyclecheck
