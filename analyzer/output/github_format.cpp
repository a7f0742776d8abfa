// `github`: GitHub Actions workflow commands (::error ...), which show up as annotations on the diff.
#include <algorithm>

#include "analyzer/output/formats.hpp"

namespace cyclecheck::output {

namespace {

// GitHub's escaping for a command's data (the message).
std::string escape_data(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
      case '%':
        escaped += "%25";
        break;
      case '\r':
        escaped += "%0D";
        break;
      case '\n':
        escaped += "%0A";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

// A property value (file=, title=) additionally escapes the separators ':' and ','.
std::string escape_property(const std::string& text) {
  std::string escaped;
  for (char c : escape_data(text)) {
    if (c == ':') {
      escaped += "%3A";
    } else if (c == ',') {
      escaped += "%2C";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

const char* command_for(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Info:
      return "notice";
  }
  return "warning";
}

int rank(Severity severity) {
  return severity == Severity::Error ? 0 : severity == Severity::Warning ? 1 : 2;
}

// GitHub shows at most this many annotations of each level per step.
constexpr size_t kShownPerLevel = 10;

}  // namespace

void write_github(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                  const OutputContext& context) {
  // Errors first, then warnings, then notices, so the ones GitHub keeps are the most severe.
  std::vector<const Diagnostic*> ordered;
  for (const Diagnostic& diagnostic : diagnostics) ordered.push_back(&diagnostic);
  std::stable_sort(ordered.begin(), ordered.end(), [](const Diagnostic* a, const Diagnostic* b) {
    return rank(a->severity) < rank(b->severity);
  });

  size_t per_level[3] = {0, 0, 0};
  for (const Diagnostic* diagnostic : ordered) {
    ++per_level[rank(diagnostic->severity)];
    const SourceRange& range = diagnostic->range;
    std::string text = diagnostic->message;
    if (!diagnostic->cycle_path.empty()) text += "\ncycle: " + diagnostic->cycle_path;
    if (!diagnostic->fix.empty()) text += "\nhelp: " + diagnostic->fix;
    out << "::" << command_for(diagnostic->severity) << " file=" << escape_property(range.path);
    if (range.line > 0) {
      out << ",line=" << range.line << ",col=" << std::max<uint32_t>(range.column, 1);
      if (range.end_line >= range.line) {
        out << ",endLine=" << range.end_line << ",endColumn=" << std::max<uint32_t>(range.end_column, 1);
      }
    }
    out << ",title=" << escape_property("cyclecheck (" + diagnostic->code + ")") << "::" << escape_data(text)
        << "\n";
  }

  out << "cyclecheck: " << summary_line(diagnostics, context.files_checked);
  if (per_level[0] > kShownPerLevel || per_level[1] > kShownPerLevel || per_level[2] > kShownPerLevel) {
    out << " GitHub shows only the first " << kShownPerLevel
        << " errors, warnings and notices of a step as annotations; the full list is in the log above and in"
           " the SARIF output (--output-format sarif).";
  }
  out << "\n";
}

}  // namespace cyclecheck::output
