// `full`: each finding with a code frame, its cycle, related edges, the fix and how to draw it.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

#include "analyzer/output/formats.hpp"

namespace cyclecheck::output {

namespace {

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

size_t code_points(std::string_view text) {
  return static_cast<size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation_byte(c); }));
}

// Line `number` (1-based) of `text` without its line break; nullopt past the end.
std::optional<std::string_view> source_line(std::string_view text, uint32_t number) {
  size_t start = 0;
  for (uint32_t line = 1; line < number; ++line) {
    const size_t newline = text.find('\n', start);
    if (newline == std::string_view::npos) return std::nullopt;
    start = newline + 1;
  }
  if (start > text.size() || (start == text.size() && number > 1 && !text.empty() && text.back() == '\n')) {
    return std::nullopt;
  }
  size_t end = text.find('\n', start);
  if (end == std::string_view::npos) end = text.size();
  std::string_view line = text.substr(start, end - start);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// The primary line with the one before and after, and a ^^^ under the range.
void write_code_frame(std::ostream& out, const SourceRange& range, std::string_view text,
                      const Style& style) {
  const auto primary = source_line(text, range.line);
  if (range.line == 0 || !primary) return;
  const uint32_t first = range.line > 1 ? range.line - 1 : range.line;
  uint32_t last = range.line;
  if (source_line(text, range.line + 1)) last = range.line + 1;
  const size_t width = std::to_string(last).size();
  const std::string blank_gutter = std::string(width + 1, ' ') + "|";
  out << style.dim(blank_gutter) << "\n";
  for (uint32_t number = first; number <= last; ++number) {
    const std::string_view line = *source_line(text, number);
    std::string label = std::to_string(number);
    label = std::string(width - label.size(), ' ') + label + " |";
    out << style.dim(label) << (line.empty() ? "" : " ") << line << "\n";
    if (number != range.line) continue;
    const size_t start = std::min<size_t>(range.column > 0 ? range.column - 1 : 0, line.size());
    size_t end = line.size();
    if (range.end_line == range.line && range.end_column > range.column) {
      end = std::min<size_t>(range.end_column - 1, line.size());
    }
    std::string indent;
    for (size_t k = 0; k < start; ++k) {
      if (line[k] == '\t') {
        indent += '\t';
      } else if (!is_continuation_byte(line[k])) {
        indent += ' ';
      }
    }
    const size_t carets = std::max<size_t>(1, code_points(line.substr(start, end - start)));
    out << style.dim(blank_gutter) << " " << indent
        << style.severity(Severity::Error, std::string(carets, '^')) << "\n";
  }
  out << style.dim(blank_gutter) << "\n";
}

// Quotes a path for a shell command line when it needs it.
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("/._-+:,@%").find(c) != std::string_view::npos;
  });
  if (plain) return text;
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

void write_full(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const OutputContext& context) {
  const Style style{context.color};
  size_t index = 0;
  for (const Diagnostic& diagnostic : diagnostics) {
    ++index;
    out << style.bold(location_text(diagnostic.range)) << ": "
        << style.severity(diagnostic.severity, diagnostic.code) << " [" << severity_name(diagnostic.severity)
        << "] " << style.bold(diagnostic.message) << "\n";
    const auto source = context.source_text_by_path.find(diagnostic.range.path);
    if (source != context.source_text_by_path.end())
      write_code_frame(out, diagnostic.range, source->second, style);
    if (!diagnostic.cycle_path.empty())
      out << "  " << style.bold("cycle:") << " " << diagnostic.cycle_path << "\n";
    for (const RelatedLocation& related : diagnostic.related) {
      out << "  = note: " << location_text(related.range) << ": " << related.message << "\n";
    }
    if (!diagnostic.fix.empty()) out << "  " << style.help("help:") << " " << diagnostic.fix << "\n";
    if (diagnostic.runtime_state) {
      out << "  runtime: " << *diagnostic.runtime_state;
      if (!diagnostic.runtime_evidence.empty()) out << " (" << diagnostic.runtime_evidence << ")";
      out << "\n";
    }
    if (diagnostic.graph || !diagnostic.cycle_path.empty()) {
      std::string paths;
      for (const std::string& path : context.checked_paths) paths += shell_word(path) + " ";
      if (context.checked_paths.empty()) paths = shell_word(diagnostic.range.path) + " ";
      out << "  graph: cyclecheck graph " << paths << "--finding " << index << " -o finding.svg\n";
    }
    out << "\n";
  }
  out << summary_line(diagnostics, context.files_checked) << "\n";
}

}  // namespace cyclecheck::output
