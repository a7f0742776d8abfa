#include "analyzer/result_cache.hpp"

#include <unistd.h>

#include <atomic>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analyzer/fact_cache.hpp"
#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace {

using nlohmann::json;

json range_json(const SourceRange& r) {
  return json::array({r.path, r.line, r.column, r.end_line, r.end_column});
}

SourceRange range_from(const json& j) {
  SourceRange r;
  r.path = j.at(0).get<std::string>();
  r.line = j.at(1).get<uint32_t>();
  r.column = j.at(2).get<uint32_t>();
  r.end_line = j.at(3).get<uint32_t>();
  r.end_column = j.at(4).get<uint32_t>();
  return r;
}

json diagnostic_json(const Diagnostic& d) {
  json j;
  j["code"] = d.code;
  j["rule"] = d.rule_name;
  j["severity"] = static_cast<int>(d.severity);
  j["message"] = d.message;
  j["range"] = range_json(d.range);
  j["related"] = json::array();
  for (const auto& r : d.related) j["related"].push_back(json::array({range_json(r.range), r.message}));
  j["cycle_path"] = d.cycle_path;
  j["fix"] = d.fix;
  if (d.fix_edit) j["fix_edit"] = json::array({range_json(d.fix_edit->range), d.fix_edit->replacement});
  j["possible"] = d.possible;
  j["fingerprint"] = d.fingerprint;
  if (d.graph) {
    json g;
    g["title"] = d.graph->title;
    g["nodes"] = json::array();
    for (const auto& n : d.graph->nodes) {
      g["nodes"].push_back(
          json::array({n.id, n.type, n.detail, n.holds_tensors, n.holds_module, n.in_cycle}));
    }
    g["edges"] = json::array();
    for (const auto& e : d.graph->edges) {
      g["edges"].push_back(json::array({e.from, e.to, e.label, e.site, e.in_cycle, e.weak_candidate}));
    }
    j["graph"] = std::move(g);
  }
  return j;
}

Diagnostic diagnostic_from(const json& j) {
  Diagnostic d;
  d.code = j.at("code").get<std::string>();
  d.rule_name = j.at("rule").get<std::string>();
  const int severity = j.at("severity").get<int>();
  if (severity < 0 || severity > 2) throw std::runtime_error("bad severity");
  d.severity = static_cast<Severity>(severity);
  d.message = j.at("message").get<std::string>();
  d.range = range_from(j.at("range"));
  for (const auto& r : j.at("related"))
    d.related.push_back({range_from(r.at(0)), r.at(1).get<std::string>()});
  d.cycle_path = j.at("cycle_path").get<std::string>();
  d.fix = j.at("fix").get<std::string>();
  if (j.contains("fix_edit")) {
    d.fix_edit = TextEdit{range_from(j["fix_edit"].at(0)), j["fix_edit"].at(1).get<std::string>()};
  }
  d.possible = j.at("possible").get<bool>();
  d.fingerprint = j.at("fingerprint").get<std::string>();
  if (j.contains("graph")) {
    render::Graph g;
    g.title = j["graph"].at("title").get<std::string>();
    for (const auto& n : j["graph"].at("nodes")) {
      g.nodes.push_back({n.at(0).get<std::string>(), n.at(1).get<std::string>(), n.at(2).get<std::string>(),
                         n.at(3).get<bool>(), n.at(4).get<bool>(), n.at(5).get<bool>()});
    }
    for (const auto& e : j["graph"].at("edges")) {
      g.edges.push_back({e.at(0).get<std::string>(), e.at(1).get<std::string>(), e.at(2).get<std::string>(),
                         e.at(3).get<std::string>(), e.at(4).get<bool>(), e.at(5).get<bool>()});
    }
    d.graph = std::move(g);
  }
  return d;
}

}  // namespace

std::string serialize_diagnostics(const std::vector<Diagnostic>& diagnostics) {
  json j = json::array();
  for (const auto& d : diagnostics) j.push_back(diagnostic_json(d));
  const std::string body = j.dump();
  // A checksum line first: a torn or edited entry is ignored.
  return hex64(hash_bytes(body)) + "\n" + body;
}

std::optional<std::vector<Diagnostic>> deserialize_diagnostics(const std::string& text) {
  const size_t newline = text.find('\n');
  if (newline != 16) return std::nullopt;
  const std::string body = text.substr(newline + 1);
  if (hex64(hash_bytes(body)) != text.substr(0, 16)) return std::nullopt;
  try {
    const json j = json::parse(body);
    if (!j.is_array()) return std::nullopt;
    std::vector<Diagnostic> out;
    for (const auto& item : j) out.push_back(diagnostic_from(item));
    return out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string ResultCache::project_key(const std::vector<std::pair<const SourceText*, uint64_t>>& sources,
                                     const std::string& options) {
  uint64_t hash = hash_bytes(options, hash_bytes(tool_identity()));
  for (const auto& [s, content_hash] : sources) {
    hash = hash_bytes(s->path, hash);
    hash = hash_bytes(s->module_name, hash);
    hash = hash_bytes(s->is_package ? "p" : "m", hash);
    hash = hash_bytes(hex64(content_hash), hash);
  }
  return hex64(hash);
}

std::optional<std::vector<Diagnostic>> ResultCache::load(const std::string& key) const {
  std::ifstream in(directory_ / ("results-" + key + ".json"), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return deserialize_diagnostics(text.str());
}

void ResultCache::store(const std::string& key, const std::vector<Diagnostic>& diagnostics) const {
  static std::atomic<uint64_t> counter{0};
  const auto target = directory_ / ("results-" + key + ".json");
  const auto temporary =
      target.string() + ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return;
    out << serialize_diagnostics(diagnostics);
    if (!out) return;
  }
  std::error_code ec;
  std::filesystem::rename(temporary, target, ec);
  if (ec) std::filesystem::remove(temporary, ec);
}

}  // namespace cyclecheck
