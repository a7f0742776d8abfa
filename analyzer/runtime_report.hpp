// Reads the report of `cyclecheck run` (JSON, or its SARIF) so that `cyclecheck check --runtime-report`
// can mark each static finding confirmed or not observed.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace cyclecheck {

struct RuntimeConfirmation {
  std::string state;     // "confirmed" or "not observed"
  std::string evidence;  // what the run saw, e.g. "R1: 3 cycles collected at run time (...)"
};

// Keyed by static finding fingerprint. The report must have been made with `run --findings`.
// Throws std::runtime_error with a message naming the file on unreadable or malformed input.
std::map<std::string, RuntimeConfirmation> load_runtime_confirmations(const std::filesystem::path& report);

}  // namespace cyclecheck
