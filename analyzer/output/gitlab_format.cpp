// `gitlab`: GitLab Code Quality report (a subset of the Code Climate format).
#include <cstdlib>
#include <set>

#include "analyzer/output/formats.hpp"

namespace cyclecheck::output {

namespace {

namespace fs = std::filesystem;

const char* gitlab_severity(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "major";
    case Severity::Warning:
      return "minor";
    case Severity::Info:
      return "info";
  }
  return "minor";
}

// GitLab wants paths relative to the repository: CI_PROJECT_DIR when set, else the working directory.
std::string project_relative(const std::string& display_path, const fs::path& working_directory) {
  const char* project_dir = std::getenv("CI_PROJECT_DIR");
  if (project_dir == nullptr || *project_dir == '\0') return display_path;
  fs::path path(display_path);
  if (path.is_relative()) path = working_directory / path;
  const fs::path relative =
      path.lexically_normal().lexically_relative(fs::path(project_dir).lexically_normal());
  const std::string text = relative.generic_string();
  if (relative.empty() || text == ".." || text.rfind("../", 0) == 0) return display_path;
  return text;
}

uint64_t fnv1a(const std::string& text) {
  uint64_t hash = 1469598103934665603ULL;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

std::string hex(uint64_t value) {
  static const char* digits = "0123456789abcdef";
  std::string text(16, '0');
  for (int k = 15; k >= 0; --k, value >>= 4) text[static_cast<size_t>(k)] = digits[value & 15];
  return text;
}

}  // namespace

void write_gitlab(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                  const OutputContext& context) {
  nlohmann::ordered_json report = nlohmann::ordered_json::array();
  std::set<std::string> used;
  for (const Diagnostic& diagnostic : diagnostics) {
    // GitLab drops findings with a repeated fingerprint, so a repeat gets a derived one.
    std::string fingerprint =
        diagnostic.fingerprint.empty()
            ? hex(fnv1a(diagnostic.code + "\n" + diagnostic.range.path + "\n" + diagnostic.message))
            : diagnostic.fingerprint;
    for (int occurrence = 2; !used.insert(fingerprint).second; ++occurrence) {
      fingerprint = hex(fnv1a(diagnostic.fingerprint + "#" + std::to_string(occurrence)));
    }
    const SourceRange& range = diagnostic.range;
    const uint32_t begin = std::max<uint32_t>(range.line, 1);
    report.push_back({{"description", diagnostic.message},
                      {"check_name", diagnostic.code},
                      {"fingerprint", fingerprint},
                      {"severity", gitlab_severity(diagnostic.severity)},
                      {"location",
                       {{"path", project_relative(range.path, context.working_directory)},
                        {"lines", {{"begin", begin}, {"end", std::max(range.end_line, begin)}}}}}});
  }
  out << report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
}

}  // namespace cyclecheck::output
