// Writes a run's diagnostics in one of ruff's output formats.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/diagnostic.hpp"

namespace cyclecheck {

enum class OutputFormat { Full, Concise, Json, JsonLines, Sarif, Github, Gitlab };

// "full", "concise", "json", "json-lines", "sarif", "github", "gitlab"; nullopt for anything else.
std::optional<OutputFormat> parse_output_format(std::string_view name);
std::string_view output_format_name(OutputFormat format);
// The names above, for --help and error messages.
const std::vector<std::string>& output_format_names();

// What SARIF's tool.driver.rules[] says about a rule. Fill from the rule registry, e.g.
//   for (const RuleInfo* r : all_rules())
//     ctx.rules.push_back({r->code, r->name, r->summary, rule_documentation_markdown(*r),
//     r->default_severity});
// Rules used by a diagnostic but missing here get an entry with the code and name only.
struct RuleDescription {
  std::string code;
  std::string name;
  std::string summary;
  std::string help_markdown;
  Severity default_severity = Severity::Warning;
  std::string full_description;  // SARIF fullDescription; the summary when empty
};

struct OutputContext {
  std::filesystem::path working_directory;
  std::map<std::string, std::string>
      source_text_by_path;  // display path -> text, for code frames in full output
  size_t files_checked = 0;
  // The paths given to `check`: the graph hint repeats them, since --finding numbers the whole run.
  std::vector<std::string> checked_paths;
  std::vector<RuleDescription> rules;  // SARIF rules metadata
  // Colours in full/concise output. write_diagnostics never decides this itself: set it with
  // should_use_color(stream_is_terminal) so NO_COLOR and non-terminals turn it off.
  bool color = false;
  std::string
      information_uri;  // SARIF tool.driver.informationUri (the project's home page); omitted when empty
#ifdef CYCLECHECK_VERSION
  std::string tool_version = CYCLECHECK_VERSION;
#else
  std::string tool_version = "0.0.0";
#endif
};

// True when `stream_is_terminal` and NO_COLOR is unset (or empty).
bool should_use_color(bool stream_is_terminal);

void write_diagnostics(std::ostream& out, const std::vector<Diagnostic>& diagnostics, OutputFormat format,
                       const OutputContext& context);

// `--statistics`: one line per rule with findings, "count<TAB>code<TAB>name", most frequent first (ruff's
// layout); a JSON list of {code, name, count} for the json and json-lines formats; nothing without findings.
void write_statistics(std::ostream& out, const std::vector<Diagnostic>& diagnostics, OutputFormat format);

}  // namespace cyclecheck
