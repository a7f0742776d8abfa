#include "rules/cycle_report.hpp"

#include <algorithm>
#include <set>

#include "analyzer/text_util.hpp"

namespace cyclecheck {

const RuleInfo& rule_info_of(const std::string& code) { return *find_rule(code); }

std::string hex64_of(const std::string& text) { return hex64(hash_bytes(text)); }

bool has_role(const CycleWitness& cycle, EdgeRole role) {
  for (const auto& e : cycle.edges) {
    if (e.role == role) return true;
  }
  return false;
}

bool has_node(const CycleWitness& cycle, NodeKind kind) {
  for (const auto& n : cycle.nodes) {
    if (n.kind == kind) return true;
  }
  return false;
}

std::optional<size_t> find_edge(const CycleWitness& cycle,
                                const std::function<bool(const WitnessEdge&, size_t)>& pred) {
  for (size_t i = 0; i < cycle.edges.size(); ++i) {
    if (pred(cycle.edges[i], i)) return i;
  }
  return std::nullopt;
}

size_t edge_into_root(const CycleWitness& cycle) { return cycle.edges.empty() ? 0 : cycle.edges.size() - 1; }

namespace {
// `.children` or `["operations"]`: an attribute, or a slot under a literal string key (a dict used as a
// record).
bool is_named_field(const std::string& field) {
  return field.starts_with(".") || field.starts_with("['") || field.starts_with("[\"");
}

// An element slot (`[]`, `[0]`, `['k']`) or the keys of a dict (`.keys[]`).
bool is_element_field(const std::string& field) { return field.starts_with("[") || field == ".keys[]"; }
}  // namespace

bool is_container_node(const CycleWitness& cycle, size_t index) {
  const NodeKind kind = cycle.nodes[index].kind;
  if (kind == NodeKind::Container || kind == NodeKind::Cell) return true;
  // Not an object of the project's own classes, nor a function, frame or exception: something read or made
  // elsewhere (a parameter, a field, `deque()`, a call's result) that an attribute or a named slot holds and
  // that holds elements: `parent.children`, `self._ready`, `ctx["operations"]`. An element of an element
  // (`scopes[][]`, a list of dicts) may be an object.
  const bool held_elsewhere = kind == NodeKind::FieldValue || kind == NodeKind::Parameter ||
                              kind == NodeKind::Global || kind == NodeKind::LibraryObject ||
                              kind == NodeKind::Unknown;
  const size_t edges = cycle.edges.size();
  return held_elsewhere && edges == cycle.nodes.size() && is_element_field(cycle.edges[index].field) &&
         is_named_field(cycle.edges[(index + edges - 1) % edges].field);
}

size_t object_count(const CycleWitness& cycle) {
  size_t count = 0;
  for (size_t i = 0; i < cycle.nodes.size(); ++i) {
    if (!is_container_node(cycle, i)) ++count;
  }
  return count;
}

namespace {

// An attribute the code names (`.children`), not a bound method's object, a closure's capture or a
// frame's local.
bool is_plain_attribute(const WitnessEdge& edge) {
  return edge.field.starts_with(".") && edge.field != ".__self__" && edge.role != EdgeRole::Capture &&
         edge.role != EdgeRole::Frame;
}

// The cycle's objects in order, each with the field that leads to the next; the first object closes it.
std::vector<std::string> cycle_steps(const CycleWitness& cycle) {
  std::vector<std::string> steps;
  const size_t n = cycle.nodes.size();
  for (size_t i = 0; i < n; ++i) {
    const WitnessNode& node = cycle.nodes[i];
    const WitnessEdge& edge = cycle.edges[i];
    if (node.kind == NodeKind::Cell) continue;  // shown as "(cell x)" on the function that owns it
    std::string step = node.label;
    const bool bracket = edge.field.rfind("[", 0) == 0;
    if (bracket || is_plain_attribute(edge)) {
      step += edge.field;
    } else if (edge.field != "contents") {
      step += " (" + (edge.field.rfind(".", 0) == 0 ? edge.field.substr(1) : edge.field) + ")";
    }
    steps.push_back(std::move(step));
  }
  if (!cycle.nodes.empty()) steps.push_back(cycle.nodes[0].label);
  return steps;
}

// `elide_past` steps or more keep their first and last few, with a count of those left out between them:
// a message is one line, and a cycle through 300 nested lists would make it a page.
std::string join_steps(const std::vector<std::string>& steps, size_t elide_past) {
  constexpr size_t kKeptAtEachEnd = 5;
  std::string out;
  for (size_t i = 0; i < steps.size(); ++i) {
    if (i > 0) out += " -> ";
    if (steps.size() > elide_past && i == kKeptAtEachEnd) {
      out += "... (" + std::to_string(steps.size() - 2 * kKeptAtEachEnd) + " more)";
      i = steps.size() - kKeptAtEachEnd - 1;
      continue;
    }
    out += steps[i];
  }
  return out;
}

// Longer cycles are elided in a finding's message (the whole path stays in `cycle_path`).
constexpr size_t kMaxMessageSteps = 12;

}  // namespace

SourceRange to_range(const Program& program, const SiteRef& site) {
  SourceRange r;
  if (site.module >= 0 && static_cast<size_t>(site.module) < program.modules().size()) {
    r.path = program.module(site.module).path;
  }
  r.line = site.site.line == 0 ? 1 : site.site.line;
  r.column = site.site.column == 0 ? 1 : site.site.column;
  r.end_line = site.site.end_line == 0 ? r.line : site.site.end_line;
  r.end_column = site.site.end_column == 0 ? r.column : site.site.end_column;
  if (r.end_line > r.line) {  // keep the underline on the first line of a long statement
    r.end_line = r.line;
    r.end_column = r.column + 1;
  }
  return r;
}

std::string reference_name(const CycleWitness& cycle, size_t index) {
  const std::string& stored = cycle.edges[index].field;
  if (!is_element_field(stored) || !is_container_node(cycle, index)) return stored;
  const std::string field = stored == ".keys[]" ? "[key]" : stored;  // `self.cache[key]`
  const std::string& place = cycle.nodes[index].label;
  // A parameter's label says what it is ("argument resp"); the code only names it.
  auto as_code = [](const std::string& label) {
    return label.starts_with("argument ") ? label.substr(9) : label;
  };
  // A label with an access path names the place ("self.modules"); one without names a kind ("list"), and
  // then the attribute the cycle reached the container through does ("Group.members" for
  // `self.members = []`).
  if (place.find_first_of(".[") != std::string::npos) return as_code(place) + field;
  const size_t before = (index + cycle.nodes.size() - 1) % cycle.nodes.size();
  const WitnessEdge& into = cycle.edges[before];
  if (is_plain_attribute(into) && !is_container_node(cycle, before))
    return as_code(cycle.nodes[before].label) + into.field + field;
  return field;
}

std::string site_text(const Program& program, const SiteRef& site) {
  const SourceRange r = to_range(program, site);
  return r.path + ":" + std::to_string(r.line);
}

namespace {

bool same_site(const SiteRef& a, const SiteRef& b) {
  return a.module == b.module && a.site.line == b.site.line && a.site.column == b.site.column;
}

bool escalates(const CycleWitness& cycle) {
  for (const auto& n : cycle.nodes) {
    if (n.holds_tensors || n.holds_module || n.has_del) return true;
  }
  return false;
}

std::string holds_note(const CycleWitness& cycle) {
  bool tensors = false, module = false, del = false;
  for (const auto& n : cycle.nodes) {
    tensors |= n.holds_tensors;
    module |= n.holds_module;
    del |= n.has_del;
  }
  if (module) return " It holds an nn.Module (parameters, buffers, activations).";
  if (tensors) return " It can hold tensors.";
  if (del) return " An object in it defines __del__.";
  return "";
}

// How to break the cycle at `weak` (named `weak_name`), which leads to an object of kind `target`.
std::string remedy(const WitnessEdge& weak, const std::string& weak_name, NodeKind target) {
  // A frame's local is dropped (`del name`) or never kept.
  if (weak.field.rfind("local ", 0) == 0)
    return " Do not keep it in the local '" + weak.field.substr(6) + "', or delete it when done.";
  // A variable a nested function shares (a cell: `nonlocal last_error`), named by the store into it.
  if (weak.field == "contents" && !weak.chain.empty() && weak.chain.back().note.ends_with(" = ...")) {
    const std::string& note = weak.chain.back().note;
    return " Do not keep it in '" + note.substr(0, note.size() - 6) +
           "', a variable shared with a nested function, or set that to None when done.";
  }
  // Exceptions, tracebacks and frames cannot be weakly referenced.
  const char* what = target == NodeKind::Exception   ? "the exception"
                     : target == NodeKind::Traceback ? "the traceback"
                     : target == NodeKind::Frame     ? "the frame"
                                                     : nullptr;
  if (what != nullptr) {
    // An element slot ("[]", "[2]") reads better as the container it is in, where that has a name.
    const bool element = weak.field.starts_with("[");
    const std::string container =
        weak_name.ends_with("]") ? weak_name.substr(0, weak_name.rfind('[')) : weak_name;
    const std::string place = !element             ? "in '" + weak.field + "'"
                              : !container.empty() ? "in '" + container + "'"
                                                   : std::string("in a container");
    return std::string(" Do not keep ") + what + " " + place +
           " (it cannot be weakly referenced): keep what you need from it.";
  }
  // A dict's key: the dict itself can hold it weakly.
  if (weak.field == ".keys[]") {
    const std::string dict = weak_name.ends_with("[key]")
                                 ? "'" + weak_name.substr(0, weak_name.size() - 5) + "'"
                                 : std::string("the dict");
    return " Make " + dict + " a weakref.WeakKeyDictionary, key it by id(), or drop the entry when done.";
  }
  // A class made by type() on every call: its __mro__ cannot be changed, only the class made less often.
  if (weak.field == ".__mro__")
    return " Make the class once (at module level, or cached by its bases) instead of on every call.";
  // "cell self" is how the path shows a closure's captured variable; advice says it in words.
  if (weak.field.starts_with("cell "))
    return " Make the closure's reference to '" + weak.field.substr(5) + "' weak or break it.";
  return " Make the '" + weak_name + "' reference weak or break it.";
}

}  // namespace

Diagnostic make_cycle_diagnostic(const Program& program, const CycleWitness& cycle,
                                 const RuleDefinition& rule, size_t closing) {
  Diagnostic d;
  d.code = rule.info.code;
  d.rule_name = rule.info.name;
  d.possible = !cycle.must;
  d.severity = !cycle.must ? Severity::Info
               : (rule.info.default_severity == Severity::Warning && escalates(cycle))
                   ? Severity::Error
                   : rule.info.default_severity;
  const std::vector<std::string> steps = cycle_steps(cycle);
  d.cycle_path = join_steps(steps, SIZE_MAX);  // whole: JSON, SARIF, the full format's `cycle:` and graphs
  const WitnessEdge& weak = cycle.edges[closing];
  const SiteRef primary = weak.chain.empty() ? cycle.nodes[closing].site : weak.chain.back();
  d.range = to_range(program, primary);
  d.message =
      std::string(cycle.must ? "Reference cycle" : "Possible reference cycle") + " (" + rule.info.summary +
      "): " + join_steps(steps, kMaxMessageSteps) + "." +
      (cycle.skipped_release.empty() ? std::string() : " It stays when " + cycle.skipped_release + ".") +
      holds_note(cycle) +
      // A super object stored on its instance (`self._base = super()`) is dropped, not made weak.
      (weak.field == ".__self__" && cycle.nodes[closing].label == "super()"
           ? std::string(" Do not keep super() on the instance: call super().method(...) where it is needed.")
           : remedy(weak, reference_name(cycle, closing),
                    cycle.nodes[(closing + 1) % cycle.nodes.size()].kind));
  d.fix = weak.field == ".keys[]"
              ? std::string(
                    "Use a weakref.WeakKeyDictionary, key the entries by id() or a name, or remove the entry "
                    "when the object is done.")
          : rule.fix ? rule.fix(cycle)
                     : std::string();

  std::vector<SiteRef> seen{primary};
  const size_t n = cycle.edges.size();
  for (size_t offset = 1; offset <= n; ++offset) {
    const size_t i = (closing + offset) % n;
    const WitnessEdge& e = cycle.edges[i];
    for (size_t k = 0; k < e.chain.size(); ++k) {
      const SiteRef& s = e.chain[k];
      bool duplicate = false;
      for (const SiteRef& t : seen) duplicate |= same_site(s, t);
      if (duplicate || s.site.line == 0) continue;
      seen.push_back(s);
      RelatedLocation rel;
      rel.range = to_range(program, s);
      const std::string what = cycle.nodes[i].label + " " + e.field + " -> " + cycle.nodes[(i + 1) % n].label;
      rel.message = (k + 1 < e.chain.size() ? "via this call: " : "") + what +
                    (s.note.empty() ? "" : " (" + s.note + ")");
      d.related.push_back(std::move(rel));
    }
  }

  // A fingerprint without line numbers: stable across unrelated edits.
  std::string identity = d.code + "|" + d.range.path + "|";
  if (cycle.function.valid()) identity += program.function(cycle.function).qualname + "|";
  for (size_t i = 0; i < n; ++i) identity += cycle.nodes[i].label + cycle.edges[i].field + ";";
  d.fingerprint = hex64(hash_bytes(identity));

  render::Graph graph;
  graph.title = d.code + " " + d.rule_name + ": " + d.cycle_path;
  for (size_t i = 0; i < n; ++i) {
    const WitnessNode& node = cycle.nodes[i];
    render::Node rn;
    rn.id = "n" + std::to_string(i);
    rn.type = node.label;
    rn.detail = node.site.site.line > 0 ? site_text(program, node.site) : node.detail;
    if (!node.detail.empty() && node.site.site.line > 0) rn.detail += "\n" + node.detail;
    rn.holds_tensors = node.holds_tensors;
    rn.holds_module = node.holds_module;
    graph.nodes.push_back(std::move(rn));
    render::Edge re;
    re.from = "n" + std::to_string(i);
    re.to = "n" + std::to_string((i + 1) % n);
    re.label = cycle.edges[i].field;
    if (!cycle.edges[i].chain.empty()) re.site = site_text(program, cycle.edges[i].chain.back());
    re.weak_candidate = i == closing;
    graph.edges.push_back(std::move(re));
  }
  d.graph = std::move(graph);
  return d;
}

Diagnostic make_event_diagnostic(const Program& program, const RetentionEvent& event, const RuleInfo& rule,
                                 const std::string& message, const std::string& fix, bool escalate) {
  Diagnostic d;
  d.code = rule.code;
  d.rule_name = rule.name;
  d.severity =
      escalate && rule.default_severity == Severity::Warning ? Severity::Error : rule.default_severity;
  d.message = message;
  d.fix = fix;
  const SiteRef primary = event.chain.back();
  d.range = to_range(program, primary);
  for (size_t k = 0; k + 1 < event.chain.size(); ++k) {
    RelatedLocation rel;
    rel.range = to_range(program, event.chain[k]);
    rel.message = "reached from here" + (event.chain[k].note.empty() ? "" : " (" + event.chain[k].note + ")");
    d.related.push_back(std::move(rel));
  }
  for (const SiteRef& store : event.held_through) {
    RelatedLocation rel;
    rel.range = to_range(program, store);
    rel.message = "the value refers to the key through this store" +
                  (store.note.empty() ? "" : " (" + store.note + ")");
    d.related.push_back(std::move(rel));
  }
  if (const SiteRef& added = event.graph_added_at;
      added.site.line > 0 && !(added.module == primary.module && added.site.line == primary.site.line)) {
    RelatedLocation rel;
    rel.range = to_range(program, added);
    rel.message = "a tensor with autograd history is put into it here";
    d.related.push_back(std::move(rel));
  }
  // Not where a stand-in for it was first read, at one of the calls reaching the store (`self.window` of a
  // module-level monitor, seen first at the call that passes it): that is no definition.
  const bool base_site_is_a_call =
      std::any_of(event.chain.begin(), event.chain.end(), [&](const SiteRef& call) {
        return call.module == event.base_site.module && call.site.line == event.base_site.site.line &&
               call.site.column == event.base_site.site.column;
      });
  if (event.base_site.site.line > 0 && !base_site_is_a_call) {
    RelatedLocation rel;
    rel.range = to_range(program, event.base_site);
    rel.message = event.base_label + " is defined here";
    d.related.push_back(std::move(rel));
  }
  d.fingerprint =
      hex64(hash_bytes(d.code + "|" + d.range.path + "|" + event.base_label + "|" + event.value_label));
  return d;
}

}  // namespace cyclecheck
