#include "analyzer/output/output.hpp"

#include <array>
#include <cstdlib>
#include <utility>

#include "analyzer/output/formats.hpp"

namespace cyclecheck {

namespace {

constexpr std::array<std::pair<std::string_view, OutputFormat>, 7> kFormats{{
    {"full", OutputFormat::Full},
    {"concise", OutputFormat::Concise},
    {"json", OutputFormat::Json},
    {"json-lines", OutputFormat::JsonLines},
    {"sarif", OutputFormat::Sarif},
    {"github", OutputFormat::Github},
    {"gitlab", OutputFormat::Gitlab},
}};

}  // namespace

std::optional<OutputFormat> parse_output_format(std::string_view name) {
  for (const auto& [format_name, format] : kFormats) {
    if (format_name == name) return format;
  }
  return std::nullopt;
}

std::string_view output_format_name(OutputFormat format) {
  for (const auto& [format_name, value] : kFormats) {
    if (value == format) return format_name;
  }
  return "full";
}

const std::vector<std::string>& output_format_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> result;
    for (const auto& entry : kFormats) result.emplace_back(entry.first);
    return result;
  }();
  return names;
}

bool should_use_color(bool stream_is_terminal) {
  const char* no_color = std::getenv("NO_COLOR");
  return stream_is_terminal && (no_color == nullptr || *no_color == '\0');
}

void write_diagnostics(std::ostream& out, const std::vector<Diagnostic>& diagnostics, OutputFormat format,
                       const OutputContext& context) {
  switch (format) {
    case OutputFormat::Full:
      output::write_full(out, diagnostics, context);
      break;
    case OutputFormat::Concise:
      output::write_concise(out, diagnostics, context);
      break;
    case OutputFormat::Json:
      output::write_json(out, diagnostics);
      break;
    case OutputFormat::JsonLines:
      output::write_json_lines(out, diagnostics);
      break;
    case OutputFormat::Sarif:
      output::write_sarif(out, diagnostics, context);
      break;
    case OutputFormat::Github:
      output::write_github(out, diagnostics, context);
      break;
    case OutputFormat::Gitlab:
      output::write_gitlab(out, diagnostics, context);
      break;
  }
}

}  // namespace cyclecheck
