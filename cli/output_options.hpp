// Writing diagnostics where the user asked (-o/--output-file or standard output) in the asked format.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "analyzer/diagnostic.hpp"
#include "analyzer/output/output.hpp"

namespace cyclecheck::cli {

// Fills the SARIF rule metadata from the rule registry.
OutputContext make_output_context(std::map<std::string, std::string> sources, size_t files_checked,
                                  bool to_terminal, const std::vector<std::string>& checked_paths = {});

// Returns false (after printing why) when the output file cannot be written.
bool emit(const std::vector<Diagnostic>& diagnostics, OutputFormat format, const std::string& output_file,
          std::map<std::string, std::string> sources, size_t files_checked,
          const std::vector<std::string>& checked_paths = {});

// The same for `--statistics`: the findings counted by rule.
bool emit_statistics(const std::vector<Diagnostic>& diagnostics, OutputFormat format,
                     const std::string& output_file);

}  // namespace cyclecheck::cli
