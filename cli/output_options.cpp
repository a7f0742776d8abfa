#include "cli/output_options.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "rules/rule.hpp"

namespace cyclecheck::cli {

OutputContext make_output_context(std::map<std::string, std::string> sources, size_t files_checked,
                                  bool to_terminal, const std::vector<std::string>& checked_paths) {
  OutputContext context;
  context.checked_paths = checked_paths;
  context.working_directory = std::filesystem::current_path();
  context.source_text_by_path = std::move(sources);
  context.files_checked = files_checked;
  context.color = should_use_color(to_terminal);
  context.information_uri = "https://cyclecheck.dev";
  for (const RuleInfo* rule : all_rules()) {
    context.rules.push_back({rule->code, rule->name, rule->summary, rule_documentation_markdown(*rule),
                             rule->default_severity, rule->doc.what_it_does});
  }
  return context;
}

namespace {

// Runs `write` on standard output, or on `output_file` when one is given; false (after saying why) when
// that file cannot be written.
template <typename Write>
bool write_to(const std::string& output_file, Write&& write) {
  if (output_file.empty()) {
    write(std::cout, ::isatty(STDOUT_FILENO) != 0);
    std::cout.flush();
    return true;
  }
  std::ofstream out(output_file, std::ios::binary | std::ios::trunc);
  if (!out) {
    std::cerr << "cyclecheck: cannot write " << output_file << "\n";
    return false;
  }
  write(out, false);
  return static_cast<bool>(out);
}

}  // namespace

bool emit(const std::vector<Diagnostic>& diagnostics, OutputFormat format, const std::string& output_file,
          std::map<std::string, std::string> sources, size_t files_checked,
          const std::vector<std::string>& checked_paths) {
  return write_to(output_file, [&](std::ostream& out, bool to_terminal) {
    write_diagnostics(out, diagnostics, format,
                      make_output_context(std::move(sources), files_checked, to_terminal, checked_paths));
  });
}

bool emit_statistics(const std::vector<Diagnostic>& diagnostics, OutputFormat format,
                     const std::string& output_file) {
  return write_to(output_file, [&](std::ostream& out, bool) { write_statistics(out, diagnostics, format); });
}

}  // namespace cyclecheck::cli
