// `sarif`: SARIF 2.1.0, as read by GitHub code scanning and other SARIF viewers.
#include <algorithm>
#include <cctype>
#include <map>

#include "analyzer/output/formats.hpp"

namespace cyclecheck::output {

namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

const char* sarif_level(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Info:
      return "note";
  }
  return "warning";
}

// RFC 3986 percent-encoding of a path; '/' stays a separator.
std::string percent_encode_path(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string encoded;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      encoded += static_cast<char>(c);
    } else {
      encoded += '%';
      encoded += hex[c >> 4];
      encoded += hex[c & 15];
    }
  }
  return encoded;
}

// Display paths are relative to the working directory when below it: those become %SRCROOT%-relative
// URIs; anything else an absolute file:// URI.
Json artifact_location(const std::string& display_path, const fs::path& working_directory) {
  fs::path path(display_path);
  if (path.is_absolute() && !working_directory.empty()) {
    const fs::path relative =
        path.lexically_normal().lexically_relative(working_directory.lexically_normal());
    const std::string text = relative.generic_string();
    if (!relative.empty() && text != ".." && text.rfind("../", 0) != 0) path = relative;
  }
  if (path.is_absolute())
    return {{"uri", "file://" + percent_encode_path(path.lexically_normal().generic_string())}};
  return {{"uri", percent_encode_path(path.lexically_normal().generic_string())}, {"uriBaseId", "%SRCROOT%"}};
}

// Converts 1-based UTF-8 byte columns to 1-based Unicode code point columns (SARIF's "unicodeCodePoints").
class ColumnMapper {
 public:
  explicit ColumnMapper(const OutputContext& context) : context_(context) {}

  uint32_t code_point_column(const std::string& path, uint32_t line, uint32_t byte_column) const {
    const auto source = context_.source_text_by_path.find(path);
    if (source == context_.source_text_by_path.end() || line == 0 || byte_column <= 1) return byte_column;
    const std::string& text = source->second;
    size_t start = 0;
    for (uint32_t current = 1; current < line; ++current) {
      const size_t newline = text.find('\n', start);
      if (newline == std::string::npos) return byte_column;
      start = newline + 1;
    }
    uint32_t column = 1;
    for (size_t k = start; k < text.size() && k < start + byte_column - 1 && text[k] != '\n'; ++k) {
      if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++column;
    }
    // Past the end of the line (an exclusive end at the line break): count the remaining bytes as columns.
    const size_t line_end = std::min(text.find('\n', start), text.size());
    if (start + byte_column - 1 > line_end)
      column += static_cast<uint32_t>(start + byte_column - 1 - line_end);
    return column;
  }

 private:
  const OutputContext& context_;
};

Json region(const SourceRange& range, const ColumnMapper& columns) {
  Json result = Json::object();
  if (range.line == 0) return result;
  const uint32_t start_column =
      columns.code_point_column(range.path, range.line, std::max<uint32_t>(range.column, 1));
  result["startLine"] = range.line;
  result["startColumn"] = start_column;
  // SARIF forbids a region that ends before it starts.
  const uint32_t end_line = std::max(range.end_line, range.line);
  uint32_t end_column =
      range.end_line == 0
          ? start_column
          : columns.code_point_column(range.path, end_line, std::max<uint32_t>(range.end_column, 1));
  if (end_line == range.line) end_column = std::max(end_column, start_column);
  result["endLine"] = end_line;
  result["endColumn"] = end_column;
  return result;
}

Json physical_location(const SourceRange& range, const OutputContext& context, const ColumnMapper& columns) {
  Json location{{"artifactLocation", artifact_location(range.path, context.working_directory)}};
  Json reg = region(range, columns);
  if (!reg.empty()) location["region"] = std::move(reg);
  return location;
}

Json message(const std::string& text) {
  return {{"text", text.empty() ? std::string("(no message)") : text}};
}

// The rules the run's driver describes: every known rule, plus any a diagnostic uses that is not known.
std::vector<RuleDescription> driver_rules(const std::vector<Diagnostic>& diagnostics,
                                          const OutputContext& context) {
  std::vector<RuleDescription> rules = context.rules;
  for (const Diagnostic& diagnostic : diagnostics) {
    const bool known = std::any_of(rules.begin(), rules.end(),
                                   [&](const RuleDescription& rule) { return rule.code == diagnostic.code; });
    if (!known)
      rules.push_back(
          {diagnostic.code, diagnostic.rule_name, diagnostic.rule_name, "", diagnostic.severity, ""});
  }
  std::stable_sort(rules.begin(), rules.end(),
                   [](const RuleDescription& a, const RuleDescription& b) { return a.code < b.code; });
  return rules;
}

Json rule_to_json(const RuleDescription& rule) {
  const std::string summary = rule.summary.empty() ? rule.name : rule.summary;
  Json json{{"id", rule.code}};
  if (!rule.name.empty()) json["name"] = rule.name;
  json["shortDescription"] = message(summary);
  json["fullDescription"] = message(rule.full_description.empty() ? summary : rule.full_description);
  if (!rule.help_markdown.empty()) json["help"] = {{"text", summary}, {"markdown", rule.help_markdown}};
  json["defaultConfiguration"] = {{"level", sarif_level(rule.default_severity)}};
  return json;
}

Json result_to_json(const Diagnostic& diagnostic, size_t rule_index, const OutputContext& context,
                    const ColumnMapper& columns) {
  Json result{{"ruleId", diagnostic.code},
              {"ruleIndex", rule_index},
              {"level", sarif_level(diagnostic.severity)},
              {"message", message(diagnostic.message)},
              {"locations",
               Json::array({{{"physicalLocation", physical_location(diagnostic.range, context, columns)}}})}};

  if (!diagnostic.related.empty()) {
    Json related = Json::array();
    int id = 1;
    for (const RelatedLocation& location : diagnostic.related) {
      related.push_back({{"id", id++},
                         {"message", message(location.message)},
                         {"physicalLocation", physical_location(location.range, context, columns)}});
    }
    result["relatedLocations"] = std::move(related);
  }

  // The cycle as a code flow: the other edges in cycle order, then the closing edge (the primary location).
  if (!diagnostic.cycle_path.empty() || diagnostic.graph) {
    Json steps = Json::array();
    for (const RelatedLocation& location : diagnostic.related) {
      steps.push_back({{"location",
                        {{"physicalLocation", physical_location(location.range, context, columns)},
                         {"message", message(location.message)}}}});
    }
    steps.push_back({{"location",
                      {{"physicalLocation", physical_location(diagnostic.range, context, columns)},
                       {"message", message("closing edge (best made weak): " + diagnostic.message)}}}});
    result["codeFlows"] = Json::array(
        {{{"message", message(diagnostic.cycle_path.empty() ? diagnostic.message : diagnostic.cycle_path)},
          {"threadFlows", Json::array({{{"locations", std::move(steps)}}})}}});
  }

  if (diagnostic.fix_edit) {
    const TextEdit& edit = *diagnostic.fix_edit;
    result["fixes"] = Json::array(
        {{{"description", message(diagnostic.fix)},
          {"artifactChanges",
           Json::array(
               {{{"artifactLocation", artifact_location(edit.range.path, context.working_directory)},
                 {"replacements", Json::array({{{"deletedRegion", region(edit.range, columns)},
                                                {"insertedContent", {{"text", edit.replacement}}}}})}}})}}});
  }

  if (!diagnostic.fingerprint.empty())
    result["partialFingerprints"] = {{"cyclecheck/v1", diagnostic.fingerprint}};

  Json properties{{"cyclePath", diagnostic.cycle_path}, {"possible", diagnostic.possible}};
  if (!diagnostic.rule_name.empty()) properties["ruleName"] = diagnostic.rule_name;
  if (!diagnostic.fix.empty()) properties["fix"] = diagnostic.fix;
  if (diagnostic.graph) properties["cycleGraph"] = graph_to_json(*diagnostic.graph);
  if (diagnostic.runtime_state) {
    properties["runtimeState"] = *diagnostic.runtime_state;
    properties["runtimeEvidence"] = diagnostic.runtime_evidence;
  }
  result["properties"] = std::move(properties);
  return result;
}

std::string directory_uri(const fs::path& directory) {
  std::string text = directory.lexically_normal().generic_string();
  if (text.empty() || text.back() != '/') text += '/';
  return "file://" + percent_encode_path(text);
}

}  // namespace

void write_sarif(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                 const OutputContext& context) {
  const ColumnMapper columns(context);
  const std::vector<RuleDescription> rules = driver_rules(diagnostics, context);
  std::map<std::string, size_t> rule_index;
  Json rules_json = Json::array();
  for (const RuleDescription& rule : rules) {
    if (rule_index.emplace(rule.code, rules_json.size()).second) rules_json.push_back(rule_to_json(rule));
  }

  Json driver{
      {"name", "cyclecheck"}, {"version", context.tool_version}, {"semanticVersion", context.tool_version}};
  if (!context.information_uri.empty()) driver["informationUri"] = context.information_uri;
  driver["rules"] = std::move(rules_json);

  Json results = Json::array();
  for (const Diagnostic& diagnostic : diagnostics) {
    results.push_back(result_to_json(diagnostic, rule_index.at(diagnostic.code), context, columns));
  }

  Json run{{"tool", {{"driver", std::move(driver)}}}};
  if (context.working_directory.is_absolute()) {
    run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", directory_uri(context.working_directory)}}}};
  }
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);

  const Json log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                 {"version", "2.1.0"},
                 {"runs", Json::array({std::move(run)})}};
  out << log.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace cyclecheck::output
