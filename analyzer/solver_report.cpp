// What the solver reports: descriptions and witness nodes of objects, retention events, and the cycles
// of a function's exit heap.

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analyzer/attribute_release.hpp"
#include "analyzer/early_exit.hpp"
#include "analyzer/scc.hpp"
#include "analyzer/solver_context.hpp"

namespace cyclecheck {

std::string Context::describe_target(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name:
      return e.text;
    case ExprKind::Attribute:
      return e.children.empty() ? e.text : describe_target(e.children[0]) + "." + e.text;
    case ExprKind::Subscript:
      return e.children.empty() ? "" : describe_target(e.children[0]) + "[" + e.text + "]";
    case ExprKind::Call:
      return e.children.empty() ? "" : describe_target(e.children[0]) + "()";
    default:
      return "";
  }
}

std::string Context::describe(ObjId id, int depth) const {
  const Obj& o = objs_[id];
  if (depth > 6) return "...";
  switch (o.kind) {
    case ObjKind::Param:
      return o.name;
    case ObjKind::Global:
      return o.name;
    case ObjKind::Field:
      return describe_field(o.base, o.field, depth);
    default:
      return o.label;
  }
}

std::string Context::describe_field(ObjId base, FieldId field, int depth) const {
  const std::string& name = field_name(field);
  // A closure's cell and what it holds read as the variable ("root"), not as the solver's fields
  // ("function wrapper.cell:root.contents").
  const Obj& base_obj = objs_[base];
  if (name == "contents" && base_obj.kind == ObjKind::Field &&
      field_name(base_obj.field).rfind("cell:", 0) == 0)
    return field_name(base_obj.field).substr(5);
  if (name.rfind("cell:", 0) == 0) return "cell " + name.substr(5) + " of " + describe(base, depth + 1);
  // An enum's members: `Phase.TRAIN`, and "a member of enum Phase" for one looked up or iterated.
  if (base_obj.kind == ObjKind::ClassConst && base_obj.element_cls.valid()) {
    const std::string& enum_name = program_.class_def(base_obj.element_cls).name;
    if (name.starts_with('[')) return "a member of enum " + enum_name;
    return enum_name + "." + name;
  }
  return describe(base, depth + 1) + (name.rfind("[", 0) == 0 ? name : "." + name);
}

std::string Context::node_label(ObjId id) const {
  const Obj& o = objs_[id];
  switch (o.kind) {
    case ObjKind::Param:
      if (o.receiver || o.ctx || o.mutable_default) return o.label;
      return "argument " + o.name.str();
    case ObjKind::Field:
      return describe(id);
    case ObjKind::FuncSelf:
      return o.label;
    default:
      return o.label;
  }
}

WitnessNode Context::witness_node(ObjId id) const {
  const Obj& o = objs_[id];
  WitnessNode n;
  switch (o.kind) {
    case ObjKind::Param:
      n.kind = o.receiver ? NodeKind::Instance : NodeKind::Parameter;
      break;
    case ObjKind::FuncSelf:
    case ObjKind::Closure:
      n.kind = NodeKind::Function;
      break;
    case ObjKind::Global:
      n.kind = NodeKind::Global;
      break;
    case ObjKind::Field:
      n.kind = NodeKind::FieldValue;
      break;
    case ObjKind::Instance:
      n.kind = NodeKind::Instance;
      break;
    case ObjKind::Container:
      n.kind = NodeKind::Container;
      break;
    case ObjKind::BoundMethod:
      n.kind = NodeKind::BoundMethod;
      break;
    case ObjKind::Partial:
      n.kind = NodeKind::Partial;
      break;
    case ObjKind::Cell:
      n.kind = NodeKind::Cell;
      break;
    case ObjKind::Frame:
      n.kind = NodeKind::Frame;
      break;
    case ObjKind::Generator:
      n.kind = NodeKind::Generator;
      break;
    case ObjKind::Traceback:
      n.kind = NodeKind::Traceback;
      break;
    case ObjKind::Exception:
      n.kind = NodeKind::Exception;
      break;
    case ObjKind::LibInstance:
      n.kind = NodeKind::LibraryObject;
      break;
    default:
      n.kind = NodeKind::Unknown;
      break;
  }
  if (o.raised) n.kind = NodeKind::Exception;  // an instance, library object or call result raised here
  n.label = node_label(id);
  n.site = o.site.to_ref();
  n.cls = o.cls;
  n.has_del = o.has_del;
  n.is_ctx = o.ctx;
  n.is_receiver = o.receiver;
  n.holds_module = o.module;
  n.holds_tensors = o.tensor || o.graph || o.module ||
                    ((o.kind == ObjKind::Frame || o.kind == ObjKind::Generator) && program_.uses_torch());
  // What it holds directly counts too: self.model = model makes self hold a module.
  if (id < held_flags_.size()) {
    n.holds_tensors |= (held_flags_[id] & 1) != 0;
    n.holds_module |= (held_flags_[id] & 2) != 0;
  }
  switch (o.kind) {
    case ObjKind::Param:
      n.detail = o.receiver ? "self in " + fn_.qualname + "()" : "argument of " + fn_.qualname + "()";
      break;
    case ObjKind::Field:
      n.detail = "the object in " + describe(id);
      break;
    case ObjKind::Global:
      n.detail = "module-level variable";
      break;
    default:
      n.detail = "created in " + fn_.qualname + "()";
      break;
  }
  return n;
}

WeakContainer Context::weak_container(ObjId id) const {
  if (id == kNoObj) return WeakContainer::None;
  const Obj& o = objs_[id];
  if (o.kind == ObjKind::Global && o.module_index >= 0)
    return program_.global_weak_container(o.module_index, o.name.str());
  // `Registry._stats[key] = value` on a class attribute.
  if (o.kind == ObjKind::Field && o.base != kNoObj && objs_[o.base].kind == ObjKind::ClassConst)
    return program_.class_attribute_weak_container(objs_[o.base].cls, field_name(o.field));
  // `self._values[obj] = value` in a method, with `self._values = weakref.WeakKeyDictionary()` in __init__.
  if (o.kind == ObjKind::Field && o.base != kNoObj) {
    return objs_[o.base].cls.valid()
               ? program_.instance_attribute_weak_container(objs_[o.base].cls, field_name(o.field))
               : program_.module_attribute_weak_container(ref_.module, field_name(o.field));
  }
  return WeakContainer::None;
}

void Context::store_dict_keys(const ValueSet& bases, const ValueSet& keys, const Expr& target,
                              const Site& site) {
  ValueSet kept;
  for (ObjId k : keys) {
    const Obj& key = objs_[k];
    // Named things (classes, functions, modules) live as long as the program does, and a class keyed in a
    // registry (`cls._registry[cls] = ...`, `self.__class__.LABELS[self.__class__]`) was in cycles of its
    // own already (its __mro__, its methods' __globals__).
    const bool named = key.kind == ObjKind::ClassConst || key.kind == ObjKind::FunctionConst ||
                       key.kind == ObjKind::ModuleConst || key.kind == ObjKind::ExternalConst;
    const bool a_class =
        (key.kind == ObjKind::Field && field_name(key.field) == "__class__") ||
        (key.kind == ObjKind::Param && (key.name.str() == "cls" || key.name.str() == "mcs" ||
                                        key.name.str() == "mcls" || key.name.str() == "metacls"));
    if (!named && !a_class) kept.insert(k);
  }
  if (kept.empty()) return;
  ValueSet dicts;
  for (ObjId b : bases) {
    const Obj& o = objs_[b];
    const bool may_be_dict = o.kind == ObjKind::Container
                                 ? o.label.str() == "dict"
                                 : (o.kind == ObjKind::Param || o.kind == ObjKind::Field ||
                                    o.kind == ObjKind::Global || o.kind == ObjKind::Default) &&
                                       !o.tensor && !o.module && !o.cls.valid();
    if (may_be_dict && weak_container(b) == WeakContainer::None) dicts.insert(b);
  }
  if (dicts.empty()) return;
  const std::string note = target.kind == ExprKind::Call ? describe_target(target) + " keeps its key"
                                                         : describe_target(target) + " = ... keeps its key";
  store(dicts, keys_field(), kept, {site_ref(site, note)}, EdgeRole::Plain);
  record_store_events(dicts, kept, site, target);
}

void Context::record_weak_key_store(const ValueSet& bases, const ValueSet& keys, const ValueSet& values,
                                    const Site& site, const Expr& target) {
  if (keys.empty() || values.empty()) return;
  const auto dict = std::find_if(bases.begin(), bases.end(),
                                 [&](ObjId b) { return weak_container(b) == WeakContainer::KeyDictionary; });
  if (dict == bases.end()) return;
  // A key standing for many objects (the elements of one list) may be another element than the one the
  // value refers to, unless the value is made from the key's own variable (`_STATS[m] = Stats(m)` in a loop
  // over modules).
  bool value_names_key = false;
  if (assigned_value_ != nullptr && target.children.size() > 1 && target.children[1].kind == ExprKind::Name) {
    for_each_expr(*assigned_value_, [&](const Expr& read) {
      value_names_key |= read.kind == ExprKind::Name && read.text == target.children[1].text;
    });
  }
  ValueSet usable_keys;
  for (ObjId k : keys) {
    if (value_names_key || !objs_[k].summary) usable_keys.insert(k);
  }
  auto path = path_between(values, usable_keys, 3);
  // `cache[output] = (name, output.pow(2).mean())` with autograd on: the value's graph saves the key. A key
  // only a caller knows (a forward hook's `output`) is looked at there: the event waits for a graph.
  bool needs_graph = false;
  if (!path && no_grad_depth_ == 0) {
    const bool key_from_caller =
        std::any_of(usable_keys.begin(), usable_keys.end(), [this](ObjId k) { return is_placeholder(k); });
    auto computed_from_key = [&](ObjId v) {
      return any_within_operands(v, 8, true, [&](const Obj& o) {
        return std::any_of(usable_keys.begin(), usable_keys.end(), [&](ObjId k) { return &objs_[k] == &o; });
      });
    };
    for (ObjId v : values) {
      // The value itself, or an element of a tuple or list stored (`(name, energy)`).
      ValueSet held = objs_[v].kind == ObjKind::Container ? load_one(v, elements_field(), site) : ValueSet{v};
      for (ObjId h : held) {
        if (!(is_graph(h) || key_from_caller) || !computed_from_key(h)) continue;
        path = std::vector<SiteNote>{site_ref(site, "its autograd graph saves the key")};
        needs_graph = !is_graph(h);
        break;
      }
      if (path) break;
    }
  }
  if (!path) return;
  Event* event = record_event(EventKind::WeakKeyHeldByValue, *dict, objs_[*dict].label, values, site,
                              describe_target(target) + " = ...");
  if (event != nullptr) event->needs_graph = needs_graph;
  if (event != nullptr) event->held_through = std::move(*path);
}

bool Context::removed_only_by_dead_callbacks(int32_t module, const std::string& name, const Event& ev) const {
  // The callbacks of weak references kept with a callback (see apply_model): one that reaches its referent
  // never runs, nor does what it takes out of `name`. So are finalizers of an object the values hold.
  std::vector<int32_t> callbacks;
  for (const CodeRef& f : ev.dead_finalizers) {
    if (f.module == module) callbacks.push_back(f.index);
  }
  for (ObjId v : ev.values) {
    if (objs_[v].kind != ObjKind::LibInstance) continue;
    auto held = st_.fields.find(field_key(v, intern_field("__callback__")));
    if (held == st_.fields.end()) continue;
    for (ObjId callback : held->second) {
      const Obj& c = objs_[callback];
      if (c.fn.valid() && c.fn.module == module) callbacks.push_back(c.fn.index);
    }
  }
  return !callbacks.empty() && program_.global_removed_only_by(module, name, callbacks);
}

// Asked only for accumulations' bases, so the field table is scanned.
bool Context::held_by_global(ObjId id) const {
  if (id == kNoObj) return false;
  for (const auto& [key, values] : st_.fields) {
    if (std::find(values.begin(), values.end(), id) == values.end()) continue;
    if (root_is_global(static_cast<ObjId>(key >> 32))) return true;
  }
  return false;
}

bool Context::closure_in_record_holds_module(ObjId record) const {
  auto closure_holds_module = [this](ObjId held) {
    return objs_[held].kind == ObjKind::Closure && holds_module(held, 3);
  };
  for (const auto& [key, values] : st_.fields) {
    if (static_cast<ObjId>(key >> 32) != record) continue;
    for (ObjId held : values) {
      if (held == record) continue;
      if (closure_holds_module(held)) return true;
      if (objs_[held].kind != ObjKind::Container) continue;
      for (const auto& [inner_key, inner] : st_.fields) {
        if (static_cast<ObjId>(inner_key >> 32) != held) continue;
        if (std::any_of(inner.begin(), inner.end(), closure_holds_module)) return true;
      }
    }
  }
  return false;
}

// Asked only for instances and closures stored into module-level state, so the field table is scanned.
bool Context::holds_module(ObjId id, int depth) const {
  for (const auto& [key, values] : st_.fields) {
    if (static_cast<ObjId>(key >> 32) != id) continue;
    for (ObjId v : values) {
      if (v == id) continue;
      if (objs_[v].module || (depth > 1 && holds_module(v, depth - 1))) return true;
    }
  }
  return false;
}

bool Context::holds_parameter(ObjId id, int depth) const {
  for (const auto& [key, values] : st_.fields) {
    if (static_cast<ObjId>(key >> 32) != id) continue;
    for (ObjId v : values) {
      if (v == id) continue;
      if (objs_[v].parameter ||
          (depth > 1 && objs_[v].kind == ObjKind::Container && holds_parameter(v, depth - 1)))
        return true;
    }
  }
  return false;
}

bool Context::container_holds_graph(ObjId container, int depth) const {
  auto it = st_.fields.find(field_key(container, elements_field()));
  if (it == st_.fields.end()) return false;
  for (ObjId e : it->second) {
    if (is_graph(e)) return true;
    if (depth > 1 && e != container && objs_[e].kind == ObjKind::Container &&
        container_holds_graph(e, depth - 1))
      return true;
  }
  return false;
}

std::string Context::attribute_holding_graph(ObjId instance) const {
  std::string first;
  for (const auto& [key, values] : st_.fields) {
    if (static_cast<ObjId>(key >> 32) != instance) continue;
    const std::string& name = field_name(static_cast<FieldId>(key & 0xffffffffu));
    if (name.empty() || name.front() == '[' || (!first.empty() && name >= first)) continue;
    const bool holds = std::any_of(values.begin(), values.end(), [&](ObjId v) {
      return v != instance &&
             (is_graph(v) || (objs_[v].kind == ObjKind::Container && container_holds_graph(v, 3)));
    });
    if (holds) first = name;
  }
  return first;
}

std::optional<std::vector<SiteNote>> Context::path_between(const ValueSet& from, const ValueSet& to,
                                                           size_t max_edges) const {
  if (to.empty()) return std::nullopt;
  for (ObjId v : from) {
    if (to.contains(v)) return std::vector<SiteNote>{};
  }
  // Rare (a store into a weak-keyed dictionary): the out-edges are collected from the whole edge table.
  std::unordered_map<ObjId, std::vector<const EdgeMap::value_type*>> out_edges;
  for (const auto& entry : edges_) {
    if (!entry.second.implicit) out_edges[entry.first.from].push_back(&entry);
  }
  std::unordered_map<ObjId, const EdgeMap::value_type*> reached_by;
  std::vector<ObjId> frontier(from.begin(), from.end());
  for (ObjId v : frontier) reached_by.emplace(v, nullptr);
  for (size_t depth = 0; depth < max_edges && !frontier.empty(); ++depth) {
    std::vector<ObjId> next;
    for (ObjId node : frontier) {
      auto it = out_edges.find(node);
      if (it == out_edges.end()) continue;
      for (const EdgeMap::value_type* edge : it->second) {
        const ObjId target_obj = edge->first.to;
        if (!reached_by.emplace(target_obj, edge).second) continue;
        if (to.contains(target_obj)) {
          std::vector<SiteNote> path;
          for (ObjId at = target_obj; reached_by.at(at) != nullptr; at = reached_by.at(at)->first.from) {
            const std::vector<SiteNote>& chain = reached_by.at(at)->second.chain;
            if (!chain.empty()) path.push_back(chain.back());
          }
          std::reverse(path.begin(), path.end());
          return path;
        }
        next.push_back(target_obj);
      }
    }
    frontier = std::move(next);
  }
  return std::nullopt;
}

Event* Context::record_event(EventKind kind, ObjId base, const std::string& base_label,
                             const ValueSet& values, const Site& site, const std::string& note) {
  if ((values.empty() && kind != EventKind::MutableDefaultStore) || events_.size() > 256) return nullptr;
  // A loop's second turn is run for the links it makes (see turn_carries_objects): its stores repeat the
  // first turn's, or store what a path that left the loop made (`memo[k] = (loc, e)` before a `raise`).
  if (later_turns_ > 0) return nullptr;
  Event ev;
  ev.kind = kind;
  ev.base = base;
  ev.base_label = base_label;
  ev.values = values;
  ev.chain.push_back(site_ref(site, note));
  ev.in_loop = loop_depth_ > 0;
  ev.under_no_grad = autograd_maybe_off();
  ev.origin = ref_;
  ev.augmented = note.find(" = ") != std::string::npos || note.find("=") != std::string::npos;
  events_.push_back(std::move(ev));
  return &events_.back();
}

bool Context::one_choice(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                         CycleWitness& witness) const {
  // Sure for whichever object X the variable names when the store that leaves X took its bases from the
  // variable and the store that enters X took its values from it (so each object it may name is linked the
  // same way), and every other edge is sure.
  const size_t n = witness.edges.size();
  if (n < 2) return false;
  // Edge i leaves cycle[i]; edge (i + n - 1) % n enters it.
  for (size_t i = 0; i < n; ++i) {
    const size_t entering = (i + n - 1) % n;
    const EdgeInfo* out = cycle_edge(cycle, fields, i);
    const EdgeInfo* in = cycle_edge(cycle, fields, entering);
    if (out == nullptr || in == nullptr || out->choice == 0 || out->choice != in->choice ||
        !out->choice_is_base || in->choice_is_base)
      continue;
    return mark_two_sure(witness, i, entering);
  }
  return false;
}

const EdgeInfo* Context::cycle_edge(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                                    size_t i) const {
  auto it = edges_.find(EdgeKey{cycle[i], fields[i], cycle[(i + 1) % cycle.size()]});
  return it == edges_.end() ? nullptr : &it->second;
}

bool Context::mark_two_sure(CycleWitness& witness, size_t i, size_t j) {
  for (size_t k = 0; k < witness.edges.size(); ++k) {
    if (k != i && k != j && !witness.edges[k].must) return false;
  }
  witness.edges[i].must = witness.edges[j].must = true;
  return true;
}

void Context::extend_to_crossed_pair(std::vector<ObjId>& cycle,
                                     const std::vector<std::vector<std::pair<uint32_t, FieldId>>>& labelled,
                                     const std::vector<uint32_t>& component, uint32_t cycle_component) const {
  // `src.outputs.append(node)` seen as `E.outputs -> list -> E` (E: the element both variables name), with
  // `node.inputs.append(src)` as `E.inputs -> list -> E` next to it: the two together are the cycle
  // src -> node -> src (see crossed_pair), which the shortest path back to E does not take.
  if (cycle.size() != 2) return;
  const ObjId element = cycle[0], list = cycle[1];
  const EdgeInfo* there = nullptr;
  for (const auto& [to, field] : labelled[list]) {
    if (to != element) continue;
    auto it = edges_.find(EdgeKey{list, field, element});
    if (it != edges_.end() && it->second.pair_base != 0) there = &it->second;
  }
  if (there == nullptr) return;
  for (const auto& [other, field] : labelled[element]) {
    if (other == list || component[other] != cycle_component) continue;
    for (const auto& [to, back_field] : labelled[other]) {
      if (to != element) continue;
      auto it = edges_.find(EdgeKey{other, back_field, element});
      if (it == edges_.end() || it->second.pair_base != there->pair_value ||
          it->second.pair_value != there->pair_base)
        continue;
      cycle = {element, list, element, other};
      return;
    }
  }
}

bool Context::crossed_pair(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                           CycleWitness& witness) const {
  // `src.outputs.append(node)` and `node.inputs.append(src)`: whichever two objects `src` and `node` name,
  // the two stores link them both ways, so the cycle is sure when every other edge is.
  const size_t n = witness.edges.size();
  if (n < 2) return false;
  for (size_t i = 0; i < n; ++i) {
    const EdgeInfo* there = cycle_edge(cycle, fields, i);
    if (there == nullptr || there->pair_base == 0 || there->pair_base == there->pair_value) continue;
    for (size_t j = 0; j < n; ++j) {
      const EdgeInfo* back = j == i ? nullptr : cycle_edge(cycle, fields, j);
      if (back == nullptr || back->pair_base != there->pair_value || back->pair_value != there->pair_base)
        continue;
      return mark_two_sure(witness, i, j);
    }
  }
  return false;
}

bool Context::every_base_closes(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                                const std::vector<std::vector<std::pair<uint32_t, FieldId>>>& labelled,
                                const std::vector<uint32_t>& component, uint32_t cycle_component,
                                CycleWitness& witness) const {
  const size_t n = witness.edges.size();
  // Sure as stored, not sure because every object the field may hold is on the cycle (edge_is_must): such
  // an edge and the choice of base may be correlated (`holder = a if flag else b` with
  // `other = b if flag else a`).
  // A display's element (`[a, b]`) is surely held too, though its field holds several.
  auto stored_surely = [this](ObjId from, FieldId field, ObjId to) {
    auto it = edges_.find(EdgeKey{from, field, to});
    return it != edges_.end() && (it->second.must || it->second.surely_element);
  };
  size_t uncertain = n;
  for (size_t i = 0; i < n; ++i) {
    if (stored_surely(cycle[i], fields[i], cycle[(i + 1) % n])) continue;
    if (uncertain != n) return false;  // a second uncertain edge
    uncertain = i;
  }
  if (uncertain == n) return false;
  auto info = edges_.find(EdgeKey{cycle[uncertain], fields[uncertain], cycle[(uncertain + 1) % n]});
  if (info == edges_.end() || info->second.base_group == 0) return false;
  const ObjId value = cycle[(uncertain + 1) % n];
  // `node = self.children[i - 1]; node.next = child` after appending `child`: one of the bases is the value
  // itself, and the cycle the others close is not the one this witness describes.
  const ValueSet& bases = base_groups_[info->second.base_group - 1];
  if (n == 1 || bases.contains(value)) return false;
  // Breadth-first over sure edges within the cycle's component, bounded: large components are module
  // bodies, where an uncertain finding stays uncertain rather than cost a search per witness.
  auto surely_reaches = [&](ObjId target) {
    std::vector<ObjId> queue{value};
    std::unordered_set<ObjId> seen{value};
    for (size_t head = 0; head < queue.size() && queue.size() < 2048; ++head) {
      const ObjId from = queue[head];
      if (from == target) return true;
      for (const auto& [to, field] : labelled[from]) {
        if (component[to] != cycle_component || seen.contains(to)) continue;
        if (!stored_surely(from, field, to)) continue;
        seen.insert(to);
        queue.push_back(to);
      }
    }
    return false;
  };
  for (ObjId base : bases) {
    if (base == cycle[uncertain]) continue;  // the witness itself closes through it
    if (component[base] != cycle_component || !surely_reaches(base)) return false;
  }
  witness.edges[uncertain].must = true;
  return true;
}

bool Context::every_value_closes(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                                 const std::vector<std::vector<std::pair<uint32_t, FieldId>>>& labelled,
                                 CycleWitness& witness) const {
  const size_t n = witness.edges.size();
  if (n != 2) return false;
  auto sure = [this](ObjId from, FieldId field, ObjId to) {
    auto it = edges_.find(EdgeKey{from, field, to});
    return it != edges_.end() && it->second.must;
  };
  // The one uncertain edge: the owner's field holding one of several callables, each holding the owner.
  size_t uncertain = n;
  for (size_t i = 0; i < n; ++i) {
    if (sure(cycle[i], fields[i], cycle[(i + 1) % n])) continue;
    if (uncertain != n) return false;
    uncertain = i;
  }
  if (uncertain == n) return false;
  const ObjId owner = cycle[uncertain];
  const FieldId field = fields[uncertain];
  const FieldId back = fields[(uncertain + 1) % n];
  auto info = edges_.find(EdgeKey{owner, field, cycle[(uncertain + 1) % n]});
  if (info == edges_.end() || !info->second.alternatives || info->second.distinct ||
      info->second.across_turns)
    return false;
  size_t values = 0;
  for (const auto& [to, via] : labelled[owner]) {
    if (via != field) continue;
    // The field's earlier content, observed where it was read before the store (`self.route` read first).
    if (objs_[to].kind == ObjKind::Field && objs_[to].base == owner && objs_[to].field == field) continue;
    const ObjKind kind = objs_[to].kind;
    if ((kind != ObjKind::BoundMethod && kind != ObjKind::Closure && kind != ObjKind::Partial) ||
        !sure(to, back, owner) || ++values > 8)
      return false;
  }
  if (values < 2) return false;
  witness.edges[uncertain].must = true;
  return true;
}

// "[0]", "[12]": an element of a sequence by its place.
static bool is_numbered_slot(const std::string& field) {
  return field.size() > 2 && field.front() == '[' && field.back() == ']' &&
         std::all_of(field.begin() + 1, field.end() - 1, [](char c) { return c >= '0' && c <= '9'; });
}

bool Context::edge_is_must(ObjId from, FieldId field, ObjId to, const std::vector<uint32_t>& component,
                           uint32_t cycle_component) const {
  auto info = edges_.find(EdgeKey{from, field, to});
  if (info == edges_.end()) return false;
  if (info->second.must) return true;
  // One of several objects stored, each in the cycle's component: the store keeps a member of it, whichever
  // it is. Not a self-loop: that the object keeps itself is one of the choices only.
  if (!info->second.alternatives || info->second.distinct || info->second.across_turns || from == to)
    return false;
  auto current = st_.fields.find(field_key(from, field));
  if (current == st_.fields.end()) return true;
  for (ObjId v : current->second) {
    if (component[v] != cycle_component && !passed_through_.contains(v)) return false;
  }
  return true;
}

void Context::detect_cycles() {
  const auto n = static_cast<uint32_t>(objs_.size());
  auto traversable = [this](ObjId id) {
    switch (objs_[id].kind) {
      case ObjKind::ExternalConst:
      case ObjKind::ModuleConst:
      case ObjKind::ClassConst:
        // A class made by a statement in a function body is made again by every call, and holds the
        // methods that close over that call's variables (see keep_method_closures).
        return objs_[id].cls.valid() && program_.class_def(objs_[id].cls).parent_function > 0;
      case ObjKind::FunctionConst:
      case ObjKind::Handle:
      case ObjKind::Weak:
        return false;
      default:
        return true;
    }
  };
  Adjacency graph(n);
  std::vector<std::vector<std::pair<uint32_t, FieldId>>> labelled(n);
  held_flags_.assign(n, 0);
  std::vector<uint64_t> keys;
  keys.reserve(st_.fields.size());
  for (const auto& [key, values] : st_.fields) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  for (uint64_t key : keys) {
    const auto from = static_cast<ObjId>(key >> 32);
    const auto field = static_cast<FieldId>(key & 0xffffffffu);
    if (!traversable(from)) continue;
    for (ObjId to : st_.fields[key]) {
      const Obj& held = objs_[to];
      if (held.tensor || held.graph || held.module) held_flags_[from] |= 1;
      if (held.module) held_flags_[from] |= 2;
      if (!traversable(to)) continue;
      graph[from].push_back(to);
      labelled[from].emplace_back(to, field);
    }
  }
  uint32_t components = 0;
  const std::vector<uint32_t> component = strongly_connected_components(graph, components);
  std::vector<uint32_t> size(components, 0);
  for (uint32_t v = 0; v < n; ++v) ++size[component[v]];
  auto priority = [this](ObjId id) {
    const Obj& o = objs_[id];
    if (o.receiver) return 0;
    if (o.ctx) return 1;
    if (o.kind == ObjKind::Param) return 2;
    if (o.kind == ObjKind::FuncSelf || o.kind == ObjKind::Closure) return 3;
    if (o.kind == ObjKind::Global) return 4;
    if (o.kind == ObjKind::Instance) return 5;
    if (o.kind == ObjKind::Frame || o.kind == ObjKind::Generator) return 6;
    if (o.kind == ObjKind::Cell || o.kind == ObjKind::Container) return 9;
    return 7;
  };
  std::vector<std::vector<ObjId>> members(components);
  for (uint32_t v = 0; v < n; ++v) {
    const bool self_loop = std::find(graph[v].begin(), graph[v].end(), v) != graph[v].end();
    if (size[component[v]] > 1 || self_loop) members[component[v]].push_back(v);
  }
  for (uint32_t c = 0; c < components; ++c) {
    auto& nodes = members[c];
    if (nodes.empty()) continue;
    std::stable_sort(nodes.begin(), nodes.end(), [&](ObjId a, ObjId b) {
      const int pa = priority(a), pb = priority(b);
      if (pa != pb) return pa < pb;
      return objs_[a].site.site.line < objs_[b].site.site.line;
    });
    std::set<std::pair<ObjId, ObjId>> covered;
    // An object that holds itself by two fields (`self._prev = self; self._next = self`) is two stores
    // to fix: self-loops are told apart by field.
    std::set<std::pair<ObjId, FieldId>> covered_self_loops;
    // Up to six new cycles per component, out of at most 24 looked at (a large component has many).
    // Self-loops first: each is one store to fix, and the rings of a large component would crowd them out.
    int found = 0, attempts = 0;
    for (int pass = 0; pass < 2; ++pass) {
      for (ObjId start : nodes) {
        if (found >= 6 || attempts >= 24) break;
        for (const auto& [next, field] : labelled[start]) {
          if (found >= 6 || attempts >= 24) break;
          if (component[next] != c || (next == start) != (pass == 0)) continue;
          if (next == start ? !covered_self_loops.insert({start, field}).second
                            : covered.count({start, next}) != 0)
            continue;
          std::vector<uint32_t> path;
          if (next != start) {
            path = shortest_path_within(graph, component, c, next, start);
            if (path.empty()) continue;
          }
          ++attempts;
          // Node sequence: start, next, ..., (back to start).
          std::vector<ObjId> cycle{start};
          if (next != start) {
            cycle.push_back(next);
            for (size_t i = 0; i + 1 < path.size(); ++i) cycle.push_back(path[i]);
          }
          extend_to_crossed_pair(cycle, labelled, component, c);
          // The fields of a cycle through one object only; a self-loop otherwise keeps `field`.
          std::vector<FieldId> self_fields;
          if (next == start) {
            auto self_loop = edges_.find(EdgeKey{start, field, start});
            if (self_loop != edges_.end() && self_loop->second.closes_ring) cycle = {start, start, start};
            // `prev.next = node; node.prev = prev` with both variables naming one object made in a loop: the
            // two self-loops are the cycle between the two objects of consecutive turns.
            if (self_loop != edges_.end() && self_loop->second.pair_base != 0 &&
                !self_loop->second.closes_ring) {
              const EdgeInfo& there = self_loop->second;
              for (const auto& [to, back_field] : labelled[start]) {
                if (to != start || back_field == field) continue;
                auto back = edges_.find(EdgeKey{start, back_field, start});
                if (back == edges_.end() || back->second.pair_base != there.pair_value ||
                    back->second.pair_value != there.pair_base)
                  continue;
                cycle = {start, start};
                self_fields = {field, back_field};
                covered_self_loops.insert({start, back_field});
                break;
              }
            }
          }
          CycleWitness witness;
          witness.module = ref_.module;
          witness.function = ref_;
          bool must = true, removable = false, released = false;
          const bool through_generator = std::any_of(
              cycle.begin(), cycle.end(), [this](ObjId id) { return objs_[id].kind == ObjKind::Generator; });
          std::vector<FieldId> vias;
          std::vector<bool> implicit;  // per witness edge: the field's earlier content, observed at a read
          for (size_t i = 0; i < cycle.size(); ++i) {
            const ObjId from = cycle[i];
            const ObjId to = cycle[(i + 1) % cycle.size()];
            // A self-loop keeps the field it was found by; otherwise the first field from -> to that surely
            // holds `to` (a tuple's "[1]", not its "[]" that may be any element), else the first.
            FieldId via = self_fields.empty() ? field : self_fields[i];
            bool via_must = false;
            if (from != to) {
              bool first = true;
              for (const auto& [target, f] : labelled[from]) {
                if (target != to) continue;
                if (first) via = f;
                first = false;
                if (edge_is_must(from, f, to, component, c)) {
                  via = f;
                  via_must = true;
                  break;
                }
              }
            } else {
              via_must = edge_is_must(from, via, to, component, c);
            }
            covered.insert({from, to});
            vias.push_back(via);
            witness.nodes.push_back(witness_node(from));
            WitnessEdge edge;
            const std::string& fname = field_name(via);
            if (fname.rfind("cell:", 0) == 0) {
              edge.field = "cell " + fname.substr(5);
            } else if (fname.rfind("local:", 0) == 0) {
              edge.field = "local " + fname.substr(6);
            } else if (fname == "contents") {
              edge.field = "contents";
            } else if (fname.rfind("[", 0) == 0) {
              edge.field = fname;
            } else if (fname.ends_with(kRegisteredSuffix)) {
              edge.field = fname.substr(0, fname.size() - 2);  // "connect() callbacks"
            } else {
              edge.field = "." + fname;
              // `disarm()` sets `self._timer = None` and is called: the code breaks this cycle itself. So
              // does a `close()` of the generators the attribute holds, when the cycle goes through a
              // generator's frame.
              released |=
                  program_.attribute_released(objs_[from].cls, fname) ||
                  (through_generator && program_.attribute_released(objs_[from].cls, fname + kClosedSuffix));
            }
            auto info = edges_.find(EdgeKey{from, via, to});
            implicit.push_back(info != edges_.end() && info->second.implicit);
            if (info != edges_.end()) {
              edge.role = info->second.role;
              edge.chain = to_refs(info->second.chain);
              edge.removable = info->second.removable;
              // `remove_hook_from_module(module)` deletes the `module._old_forward` its module's attach
              // stored;
              // `__exit__` pops the `self.model.forward` its `__enter__` set.
              if (edge.field[0] == '.' && !edge.chain.empty())
                released |= program_.attribute_released_by_a_function(fname, edge.chain.back().module) ||
                            program_.nested_store_released(edge.chain.back());
            }
            edge.must = via_must;
            if (edge.field == "contents") edge.role = EdgeRole::Capture;
            must &= edge.must;
            removable |= edge.removable;
            witness.edges.push_back(std::move(edge));
          }
          // A hook's handle is removed, an attribute let go of: unless this function skips the release on an
          // early exit after the call that makes the cycle (`probe.install(self)` ... `return` ...
          // `probe.remove()`).
          if (removable || released) {
            SkippedRelease skipped;
            for (const WitnessEdge& e : witness.edges) {
              if (skipped.exit_line == 0 && !e.chain.empty() && e.chain.front().module == ref_.module)
                skipped = release_skipped_by_early_exit(fn_.body, e.chain.front().site.line, true);
            }
            if (skipped.exit_line == 0) continue;
            witness.skipped_release = skipped_release_note(skipped);
          }
          if (!must) {
            // Links a loop's second turn made may join two turns' objects: only a crossed pair proves them.
            const bool across_turns =
                std::any_of(vias.begin(), vias.end(), [&, i = size_t{0}](FieldId via) mutable {
                  auto info = edges_.find(EdgeKey{cycle[i], via, cycle[(i + 1) % cycle.size()]});
                  ++i;
                  return info != edges_.end() && info->second.across_turns;
                });
            must = (!across_turns && one_choice(cycle, vias, witness)) ||
                   crossed_pair(cycle, vias, witness) ||
                   (!across_turns && every_base_closes(cycle, vias, labelled, component, c, witness)) ||
                   (!across_turns && every_value_closes(cycle, vias, labelled, witness));
          }
          witness.must = must;
          // Key on the innermost sites only, so callers re-discovering a callee's cycle match it. A field's
          // earlier content observed at a read is keyed by the field alone: each caller reads `self._cache`
          // where it runs, and the cycle is the same whatever line read it.
          // A numbered slot is keyed as any element: one function sees a sequence's "[0]" where another,
          // knowing less of it, sees its "[]".
          CycleEdgeKeys edge_keys;
          for (size_t i = 0; i < witness.edges.size(); ++i) {
            const WitnessEdge& e = witness.edges[i];
            if (e.chain.empty()) continue;
            const SiteRef& site = e.chain.back();
            const std::string field = is_numbered_slot(e.field) ? std::string("[]") : e.field;
            edge_keys.parts.push_back(implicit[i] ? "read" + field
                                                  : std::to_string(site.module) + ":" +
                                                        std::to_string(site.site.line) + ":" +
                                                        std::to_string(site.site.column) + field);
            edge_keys.loose.push_back(field[0] == '.' || field == "[]" ? "field" + field
                                                                       : edge_keys.parts.back());
            edge_keys.read.push_back(implicit[i]);
          }
          auto joined = [](std::vector<std::string> sorted) {
            std::sort(sorted.begin(), sorted.end());
            std::string key;
            for (const auto& part : sorted) key += part + "|";
            return key;
          };
          const std::string final_key = joined(edge_keys.parts);
          edge_keys.skeleton = joined(edge_keys.loose);
          // Only a cycle not reported before counts towards the limit: a caller re-discovers its callees'
          // cycles first (they go through `self`), and those must not crowd out the ones its own calls close.
          if (!solver_.knows_cycle(final_key)) ++found;
          solver_.report_cycle(std::move(witness), final_key, std::move(edge_keys));
        }
      }
    }
  }
}

std::string Context::skipped_release_note(const SkippedRelease& skipped) const {
  return "the `" + std::string(skipped.exit) + "` at " + program_.module(ref_.module).path + ":" +
         std::to_string(skipped.exit_line) + " skips its release on line " +
         std::to_string(skipped.release_line);
}

void Context::emit_events() {
  for (const Event& ev : events_) {
    if (ev.kind == EventKind::Accumulate && any_model_part(ev.keyed_by)) continue;  // see Event::keyed_by
    if (ev.needs_graph && !holds_graph(ev.values)) continue;                        // see Event::needs_graph
    // `self.feats[idx] = x` into a tensor copies x's values: under no_grad, nothing of x is kept.
    if (ev.under_no_grad && ev.base != kNoObj && objs_[ev.base].tensor &&
        objs_[ev.base].kind != ObjKind::Container)
      continue;
    // A registration taken out again: reported where this function binds what the call registered and an
    // early exit skips the statement releasing it.
    SkippedRelease skipped;
    if (ev.release_pending) {
      if (ev.chain.front().module != ref_.module) continue;
      skipped = release_skipped_by_early_exit(fn_.body, ev.chain.front().site.line);
      if (skipped.exit_line == 0) continue;
    }
    RetentionEvent out;
    if (skipped.exit_line != 0) out.skipped_release = skipped_release_note(skipped);
    out.kind = ev.kind;
    out.chain = to_refs(ev.chain);
    out.base_label = ev.base_label;
    out.in_loop = ev.in_loop;
    out.augmented = ev.augmented;
    out.carried_into_next_step = ev.carried_into_next_step;
    out.accumulator_outlives_loop = ev.accumulator_outlives_loop;
    out.accumulator_bounded = ev.base != kNoObj && objs_[ev.base].bounded;
    out.under_no_grad = ev.under_no_grad;
    out.comprehension = ev.comprehension;
    out.base_made_in_callee = ev.base_made_in_callee;
    out.replaces_slot = ev.replaces_slot;
    out.function = ref_;
    out.origin = ev.origin;
    out.cached_function = ev.cached_function;
    out.cached_result = ev.cached_result;
    out.held_through = to_refs(ev.held_through);
    out.base_is_global =
        ev.base != kNoObj && (objs_[ev.base].kind == ObjKind::Global || root_is_global(ev.base));
    bool project_registry = false;  // a module-level variable of the analysed code
    // A container an attribute of an instance of a project class holds, on module-level state
    // (`BUS._observers`, `Services.model._overrides`): emptied by code of that class (or a base) taking
    // entries out of that attribute (`self._overrides.pop()`), unless only finalizers run it.
    auto emptied_by_holder_class = [&]() {
      ObjId container = ev.base;
      while (container != kNoObj && objs_[container].kind == ObjKind::Field &&
             field_name(objs_[container].field).starts_with('['))
        container = objs_[container].base;
      if (container == kNoObj || objs_[container].kind != ObjKind::Field || objs_[container].base == kNoObj)
        return false;
      const Obj& holder = objs_[objs_[container].base];
      if (!holder.cls.valid() || holder.kind == ObjKind::ClassConst) return false;
      bool only_in_finalizers = false;
      const bool removed =
          program_.hierarchy_removes_from(holder.cls, field_name(objs_[container].field), only_in_finalizers);
      out.removed_only_in_finalizers = removed && only_in_finalizers;
      return removed && !only_in_finalizers;
    };
    if (out.base_is_global) {
      ObjId root = ev.base, attribute = kNoObj;
      while (objs_[root].kind == ObjKind::Field && objs_[root].base != kNoObj) {
        attribute = root;
        root = objs_[root].base;
      }
      const Obj& g = objs_[root];
      if (g.kind == ObjKind::ClassConst) {
        // A class attribute: `instances = weakref.WeakSet()` in the class body, or removed somewhere.
        const std::string name = attribute == kNoObj ? std::string() : field_name(objs_[attribute].field);
        if (weak_container(attribute) != WeakContainer::None && ev.kind != EventKind::WeakKeyHeldByValue)
          continue;
        out.registry_cleared = program_.class_attribute_has_removal(g.cls, name) || emptied_by_holder_class();
        out.base_is_class_attribute = true;
        project_registry = true;
      } else if (g.module_index >= 0) {
        project_registry = true;
        // WeakSet & co.: no retention, unless a value refers to its key.
        if (weak_container(root) != WeakContainer::None && ev.kind != EventKind::WeakKeyHeldByValue) continue;
        // Or the container in one of its attributes, by its access path (`_REGISTRY[name].__kwdefaults__ =
        // saved`) or, in a library object (a project class's own removals are emptied_by_holder_class's),
        // taken out where the store is made (`optimizer.param_groups.pop()` after `add_param_group(...)`; a
        // library model's store into an attribute's elements is on the object, naming the attribute).
        const std::string attribute_key = attribute != kNoObj ? "." + field_name(objs_[attribute].field)
                                          : ev.attribute != 0 ? "." + field_name(ev.attribute)
                                                              : std::string();
        out.registry_cleared =
            (program_.global_has_removal(g.module_index, g.name) &&
             !removed_only_by_dead_callbacks(g.module_index, g.name.str(), ev)) ||
            (attribute != kNoObj &&
             program_.global_has_removal(g.module_index, access_path(ev.base) + "=")) ||
            (!g.cls.valid() && !attribute_key.empty() && !attribute_key.starts_with(".[") &&
             !ev.chain.empty() && ev.chain.back().module >= 0 &&
             program_.global_has_removal(ev.chain.back().module, attribute_key));
        if (!out.registry_cleared) out.registry_cleared = emptied_by_holder_class();
        out.base_is_context_variable =
            root == ev.base &&
            program_.global_call_qualified(g.module_index, g.name) == "contextvars.ContextVar";
        out.base_is_default_instance = is_default_instance_name(g.name.str());
      } else if (g.kind == ObjKind::FunctionConst) {
        // A container in a project function's attribute (`fn.__kwdefaults__.update(values)`): let go of where
        // its module, or the storing one, sets that attribute again (`fn.__kwdefaults__ = saved`).
        if (attribute != kNoObj) {
          const std::string key = "." + field_name(objs_[attribute].field) + "=";
          out.registry_cleared = program_.global_has_removal(g.fn.module, key) ||
                                 (!ev.chain.empty() && ev.chain.back().module >= 0 &&
                                  program_.global_has_removal(ev.chain.back().module, key));
        }
      } else if (g.name.str() == kProcessRoots) {
        // One slot (signal.signal, sys.settrace): the next registration replaces this one.
        out.registry_cleared = true;
        out.base_is_process_slot = true;
      } else if (g.name.str() == kProcessRegistry) {
        project_registry = true;
        out.base_is_process_registry = true;
      }
      // A project registry its code empties, or a process-wide slot (`sys.stderr = _Tee(stream, self)`),
      // registered by a call this function makes and released by a later statement that an early exit
      // skips: left in place on that path.
      if (((project_registry && out.registry_cleared) || out.base_is_process_slot) &&
          skipped.exit_line == 0 && ev.chain.size() >= 2 && ev.chain.front().module == ref_.module) {
        const SkippedRelease left = release_skipped_by_early_exit(fn_.body, ev.chain.front().site.line);
        // What the call made is what was registered (`Session(model)` appending `self`, a bar installing a
        // stream wrapper or a bound method that holds it).
        const bool made_by_the_call = std::any_of(ev.values.begin(), ev.values.end(), [this](ObjId v) {
          const ObjKind kind = objs_[v].kind;
          return (kind == ObjKind::Instance && objs_[v].cls.valid()) || kind == ObjKind::BoundMethod ||
                 kind == ObjKind::Partial || kind == ObjKind::Closure;
        });
        if (left.exit_line != 0 && made_by_the_call) {
          if (out.base_is_process_slot) {
            out.value_holds_receiver = true;
          } else {
            out.registry_cleared = false;
            out.value_is_receiver = true;
          }
          out.skipped_release = skipped_release_note(left);
        }
      }
    }
    if (ev.base != kNoObj) {
      out.base_site = objs_[ev.base].site.to_ref();
      if (ev.kind == EventKind::Accumulate) out.accumulator_key = accumulator_key(ev.base);
      // `self`, or state reached from it that was there before the call (not a list made here).
      out.base_is_receiver_state = objs_[field_root(ev.base)].receiver;
      out.accumulator_backpropagated |= objs_[ev.base].backpropagated;
      if (out.base_is_receiver_state && ev.kind == EventKind::Accumulate && !ev.under_no_grad)
        out.accumulates_per_forward = kept_by_forward(ev.base, ev.attribute);
    }
    // `x = d * x + (1 - d) * p` into state that outlives the call (see
    // RetentionEvent::value_from_parameters); on `self`, only state no method starts again (`self.norm = 0`
    // before a loop that sums into it keeps one call's values, not every call's).
    // Module-level state also where a callee put a fresh dict there first (`EMA.register(model)` setting
    // `self.shadow = {...}` before the updates): the last of the restarted averages stays for good.
    const bool averages_parameters =
        ev.kind == EventKind::Accumulate && ev.augmented &&
        (out.base_is_global || (out.base_is_receiver_state && !state_restarted(ev.base, ev.attribute)) ||
         held_by_global(ev.base));
    out.value_is_frame_like = holds_frame_like(ev.values);
    // Named by the value that holds the frames (`kernel = partial(_raise_error, err)` or `kernel = print`).
    if (out.value_is_frame_like) {
      for (ObjId v : ev.values) {
        if (!holds_frame_like(ValueSet{v})) continue;
        out.value_label = node_label(v);
        break;
      }
    }
    // Else by a value that carries a graph (`delta` after its steps, not the leaf it started from).
    if (out.value_label.empty()) {
      for (ObjId v : ev.values) {
        if (!is_graph(v)) continue;
        out.value_label = node_label(v);
        break;
      }
    }
    for (ObjId v : ev.values) {
      const Obj& o = objs_[v];
      if (out.value_label.empty()) out.value_label = node_label(v);
      out.value_is_receiver |= o.receiver;
      out.value_is_module |= o.module;
      // Or a record of them (`opt.add_param_group({"params": list(head.parameters())})`).
      // Or a custom Function's ctx with parameters set on it (`ctx.step = step`, stashed on the class).
      out.value_is_parameter |=
          ev.kind == EventKind::StoreIntoGlobal &&
          (o.parameter || ((o.kind == ObjKind::Container || o.ctx) && holds_parameter(v, 2)));
      out.value_is_optimizer |= ev.kind == EventKind::StoreIntoGlobal && is_optimizer(v);
      // An instance's fields, a closure's cells (`def show(...): print(model)`) or a suspended generator's
      // frame (`_CURSORS[key] = batches(model, loader)`) holding a module, or holding something that does
      // (the `*args` tuple a wrapper's closure reads); a library object's callables doing so (the callback of
      // `weakref.ref(model, on_collect)`: a callable, a cell, a module); a bound method or partial of the
      // model (`_PLANS[key] = model.forward`), through `__self__` or its arguments; a record holding it
      // (`_watched[key] = {"model": model, "freq": 2}`). So for an argument a function's cache keeps (a
      // frozen dataclass key holding the encoder).
      if ((ev.kind == EventKind::StoreIntoGlobal || ev.kind == EventKind::CachedArgument) && !o.module &&
          (o.kind == ObjKind::Instance || o.kind == ObjKind::Closure || o.kind == ObjKind::LibInstance ||
           o.kind == ObjKind::Generator || o.kind == ObjKind::BoundMethod || o.kind == ObjKind::Partial ||
           o.kind == ObjKind::Container))
        out.value_holds_module |=
            holds_module(v, o.kind == ObjKind::Instance || o.kind == ObjKind::Generator ||
                                    o.kind == ObjKind::BoundMethod || o.kind == ObjKind::Partial ||
                                    o.kind == ObjKind::Container
                                ? 2
                            : o.kind == ObjKind::Closure ? 3
                                                         : 4) ||
            ((o.kind == ObjKind::Instance || o.kind == ObjKind::Container) &&
             closure_in_record_holds_module(v));
      // Registries of the project and a library's that keeps every registration (atexit), and one slot
      // (signal.signal, sys.settrace: reported apart, as the last instance only is kept).
      // An instance holding it counts in a library's registry or one of its attributes (a handler given its
      // trainer, a stream wrapper in `sys.stderr` holding its progress bar); not in a project's own caches of
      // instances, nor in a library table's entry (`sys.modules[name]`, a module whose loader is kept).
      const bool library_attribute =
          out.base_is_process_slot && out.base_label.find('[') == std::string::npos;
      const bool holds_receiver =
          (project_registry || out.base_is_process_slot) &&
          callable_holds_receiver(v, out.base_is_process_registry || library_attribute);
      // Named by the value that holds the instance (`getattr(self, name, self.generic_visit)` may be either).
      if (holds_receiver && !out.value_holds_receiver && !out.value_is_receiver)
        out.value_label = node_label(v);
      out.value_holds_receiver |= holds_receiver;
      if (o.kind == ObjKind::Container) {
        // `history.append({"loss": loss, "step": step})`, `pairs.append((step, loss))`, and a record in a
        // record (`history.append((time.time(), step, {"loss": loss}))`), or pairs per position and layer
        // (`[[(k[:, i], v[:, i]) for k, v in past] for i in ...]`): it keeps the loss, and so its graph, as
        // much as appending the loss itself would.
        auto visit = [&](auto& self, ObjId container, int depth) -> void {
          auto it = st_.fields.find(field_key(container, elements_field()));
          if (it == st_.fields.end()) return;
          for (ObjId e : it->second) {
            if (is_graph(e)) {
              out.value_carries_graph = true;
              out.value_backpropagated |= was_backpropagated(e);
              if (out.graph_added_at.site.line == 0) {
                auto edge = edges_.find(EdgeKey{container, elements_field(), e});
                if (edge != edges_.end() && !edge->second.chain.empty())
                  out.graph_added_at = edge->second.chain.back().to_ref();
              }
            } else if (depth < 3 && e != container && objs_[e].kind == ObjKind::Container) {
              self(self, e, depth + 1);
            }
          }
        };
        visit(visit, v, 1);
      }
      // An instance of a project class kept in module-level state (`node.children[t] = child`, then
      // `child.kv = kv`), holding such a tensor in an attribute: it keeps the graph as the tensor would.
      // So is a bound method of one (a hook registered on a module-level model: `self.r_feature` kept by the
      // tap whose `hook_fn` the model keeps).
      if (ev.kind == EventKind::StoreIntoGlobal && !out.value_carries_graph && !is_graph(v)) {
        ValueSet instances;
        if (o.kind == ObjKind::Instance && o.cls.valid()) {
          instances.insert(v);
        } else if (o.kind == ObjKind::BoundMethod) {
          if (auto self = st_.fields.find(field_key(v, intern_field("__self__"))); self != st_.fields.end())
            for (ObjId i : self->second)
              if (objs_[i].kind == ObjKind::Instance && objs_[i].cls.valid()) instances.insert(i);
        }
        for (ObjId instance : instances) {
          if (std::string attribute = attribute_holding_graph(instance); !attribute.empty()) {
            out.value_carries_graph = true;
            out.graph_attribute = std::move(attribute);
            out.value_label = node_label(instance);
            break;
          }
        }
      }
      out.value_carries_graph |= is_graph(v);
      out.value_from_parameters |=
          averages_parameters && o.kind == ObjKind::Value &&
          any_within_operands(v, 8, true, [](const Obj& op) { return op.parameter; });
      // `total += loss; total.backward()`: the accumulated value itself was back-propagated.
      if (ev.augmented) out.accumulator_backpropagated |= o.backpropagated;
      out.value_backpropagated |= was_backpropagated(v);
    }
    // Autograd may be off where the store runs (`with torch.set_grad_enabled(phase.train):`), but a value
    // that backward() is called on had a graph in the runs that call it, and the store keeps that graph.
    if (out.value_backpropagated) out.under_no_grad = false;
    const bool interesting =
        (ev.kind == EventKind::Accumulate && (out.value_carries_graph || out.value_from_parameters) &&
         out.accumulates_across_steps()) ||
        (ev.kind == EventKind::StoreIntoGlobal && out.base_is_global &&
         (out.value_is_receiver || out.value_holds_receiver || out.value_is_frame_like ||
          out.value_is_module || out.value_holds_module || out.value_is_parameter || out.value_is_optimizer ||
          (out.value_carries_graph && !out.under_no_grad))) ||
        (ev.kind == EventKind::MutableDefaultStore && ev.base != kNoObj && objs_[ev.base].mutable_default) ||
        (ev.kind == EventKind::CachedArgument &&
         (out.value_is_module || out.value_holds_module || out.value_carries_graph ||
          (ev.cached_result && out.value_is_frame_like))) ||
        (ev.kind == EventKind::WeakKeyHeldByValue && out.base_is_global) ||
        (ev.kind == EventKind::GraphIntoGrad && !ev.under_no_grad) ||
        (ev.kind == EventKind::LibraryCycle && ev.in_loop && !ev.pending_result_drop) ||
        (ev.kind == EventKind::LibraryKeepsObject && ev.in_loop);
    if (interesting) solver_.report_event(ref_, std::move(out));
  }
}

std::string Context::accumulator_key(ObjId accumulator) const {
  const Obj& o = objs_[accumulator];
  if (o.kind == ObjKind::Global && o.module_index >= 0)
    return std::to_string(o.module_index) + ":" + o.name.str();
  if (o.kind != ObjKind::Field || o.base == kNoObj) return {};
  const std::string& attribute = field_name(o.field);
  if (attribute.empty() || attribute.front() == '[') return {};
  return "." + attribute;
}

std::string Context::access_path(ObjId id) const {
  std::string path;
  for (int hops = 0; objs_[id].kind == ObjKind::Field && objs_[id].base != kNoObj && hops < 16; ++hops) {
    const std::string& name = field_name(objs_[id].field);
    path.insert(0, name.starts_with('[') ? std::string("[]") : "." + name);
    id = objs_[id].base;
  }
  return objs_[id].kind == ObjKind::Global ? objs_[id].name.str() + path : std::string();
}

void Context::note_backpropagated_elements(ObjId element) {
  const ObjId accumulator = objs_[element].base;
  if (accumulator == kNoObj) return;
  std::string key = accumulator_key(accumulator);
  if (key.empty()) return;
  // Only where the module also empties it (`del policy.saved_log_probs[:]`, `.clear()`, `= []`): kept and
  // back-propagated, but never emptied, it still keeps every step's graph.
  const Obj& o = objs_[accumulator];
  const bool emptied = key.front() == '.' ? program_.attribute_is_reset(ref_.module, key.substr(1))
                                          : program_.global_has_removal(o.module_index, o.name.str());
  if (emptied) solver_.note_backpropagated_accumulator(std::move(key));
}

}  // namespace cyclecheck
