// A baseline file records today's findings by fingerprint, so that only new ones are reported.
// Format: {"version": 1, "fingerprints": [sorted], "findings": [{"fingerprint","code","path"}...]}.
#pragma once

#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "analyzer/diagnostic.hpp"

namespace cyclecheck {

class BaselineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes (atomically: temp file then rename) the baseline; throws BaselineError when it cannot.
void write_baseline(const std::filesystem::path& file, const std::vector<Diagnostic>& diagnostics);

// The fingerprints of a baseline file; throws BaselineError with a clear message when the file is
// missing, unreadable, not JSON, or not a version-1 baseline.
std::set<std::string> read_baseline(const std::filesystem::path& file);

// The diagnostics whose fingerprint is not in `baseline`, in their original order.
std::vector<Diagnostic> remove_baselined(std::vector<Diagnostic> diagnostics,
                                         const std::set<std::string>& baseline);

}  // namespace cyclecheck
