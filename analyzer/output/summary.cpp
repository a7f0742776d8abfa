// Pieces shared by the text formats: the summary line, locations, colours.
#include <string>

#include "analyzer/output/formats.hpp"

namespace cyclecheck::output {

std::string count_noun(size_t count, const std::string& singular, const std::string& plural) {
  return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

std::string summary_line(const std::vector<Diagnostic>& diagnostics, size_t files_checked) {
  const std::string files = count_noun(files_checked, "file", "files");
  if (diagnostics.empty()) return "All checks passed! (" + files + ")";
  size_t errors = 0, warnings = 0, infos = 0;
  for (const Diagnostic& diagnostic : diagnostics) {
    switch (diagnostic.severity) {
      case Severity::Error:
        ++errors;
        break;
      case Severity::Warning:
        ++warnings;
        break;
      case Severity::Info:
        ++infos;
        break;
    }
  }
  std::string counts =
      count_noun(errors, "error", "errors") + ", " + count_noun(warnings, "warning", "warnings");
  if (infos > 0) counts += ", " + std::to_string(infos) + " info";
  return "Found " + count_noun(diagnostics.size(), "finding", "findings") + " (" + counts + ") in " + files +
         ".";
}

std::string location_text(const SourceRange& range) {
  return range.path + ":" + std::to_string(range.line) + ":" + std::to_string(range.column);
}

namespace {
std::string wrap(bool enabled, const char* code, const std::string& text) {
  return enabled ? std::string("\x1b[") + code + "m" + text + "\x1b[0m" : text;
}
}  // namespace

std::string Style::bold(const std::string& text) const { return wrap(enabled, "1", text); }
std::string Style::dim(const std::string& text) const { return wrap(enabled, "2", text); }
std::string Style::help(const std::string& text) const { return wrap(enabled, "1;36", text); }
std::string Style::severity(Severity severity, const std::string& text) const {
  switch (severity) {
    case Severity::Error:
      return wrap(enabled, "1;31", text);
    case Severity::Warning:
      return wrap(enabled, "1;33", text);
    case Severity::Info:
      return wrap(enabled, "1;36", text);
  }
  return text;
}

}  // namespace cyclecheck::output
