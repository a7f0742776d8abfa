// The solver's run of one function and its summary: the run, joins of branch states, and the exit
// (frame locals, cycles and events when the function is this solver's, then compaction).

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/solver_context.hpp"
#include "analyzer/torch_names.hpp"

namespace cyclecheck {

CodeRef Context::annotated_project_class(const std::string& dotted) const {
  return followable_project_class(program_.resolve_dotted(ref_.module, dotted));
}

// Whether the annotation `dotted` names a module class of torch.nn (`nn.Embedding`, `torch.nn.Module`), as
// seen from this function's module; not a parameter or buffer class, which are tensors.
bool Context::names_torch_module_class(const std::string& dotted) const {
  const StaticRef ref = program_.resolve_dotted(ref_.module, dotted);
  return ref.kind == StaticRef::Kind::External && is_torch_module_class(ref.qualified);
}

// `def drop_path(x, p, training): if p == 0.0 or not training: return x ... return x * mask / keep`: the
// indexes of the parameters such a top-level guard returns as they came, when a later statement returns
// something else.
static std::vector<uint32_t> guard_returned_params(const Function& f) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < f.body.size(); ++i) {
    const Stmt& s = f.body[i];
    if (s.kind != StmtKind::If || s.body.size() != 1 || s.body[0].kind != StmtKind::Return ||
        s.body[0].value.kind != ExprKind::Name)
      continue;
    const std::string& name = s.body[0].value.text;
    const auto param =
        std::find_if(f.params.begin(), f.params.end(), [&](const Param& p) { return p.name == name; });
    if (param == f.params.end()) continue;
    const bool returns_other = std::any_of(
        f.body.begin() + static_cast<std::ptrdiff_t>(i) + 1, f.body.end(), [&](const Stmt& later) {
          return later.kind == StmtKind::Return &&
                 !(later.value.kind == ExprKind::Name && later.value.text == name) &&
                 later.value.kind != ExprKind::Literal;
        });
    if (returns_other) out.push_back(static_cast<uint32_t>(param - f.params.begin()));
  }
  return out;
}

// `LogitsProcessorList()` for `class LogitsProcessorList(list)`: a project subclass of a builtin container,
// as mutable as the container.
bool Context::makes_builtin_container_subclass(const Expr& value) const {
  if (value.kind != ExprKind::Call || value.children.empty()) return false;
  const StaticRef cls = program_.resolve_expr(ref_.module, value.children[0]);
  if (cls.kind != StaticRef::Kind::ProjectClass) return false;
  for (const std::string& base : program_.class_info(cls.code).external_bases) {
    if (base == "builtins.list" || base == "builtins.dict" || base == "builtins.set" ||
        base == "collections.OrderedDict" || base == "collections.defaultdict" || base == "collections.deque")
      return true;
  }
  return false;
}

void Context::run() {
  const Function& f = fn_;
  guard_returned_params_ = guard_returned_params(f);
  // Most functions make a few dozen objects: growing from empty relocated them several times (about a
  // tenth of the solve). The slack goes when the summary is compacted.
  objs_.reserve(64);
  // `@torch.no_grad()` / `@torch.inference_mode()`: the body runs without autograd.
  for (const Decorator& d : f.decorators) {
    if (grad_switch(d.dotted) == GradSwitch::Off) {
      no_grad_depth_ = 1;
      solver_.note_names_called(f.body);
    }
  }
  // Parameters: placeholders for whatever callers pass.
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param& p = f.params[i];
    Obj o;
    o.kind = ObjKind::Param;
    o.param = static_cast<int32_t>(i);
    o.name = p.name;
    o.label = o.name;
    o.site = site_ref(p.site);
    if (i == 0 && f.owner_class >= 0) {
      const CodeRef cls{ref_.module, f.owner_class};
      const ClassInfo& info = program_.class_info(cls);
      auto kind_it = info.method_kinds.find(f.name);
      const MethodKind kind = kind_it == info.method_kinds.end() ? MethodKind::Instance : kind_it->second;
      if (kind == MethodKind::Instance || is_property(kind)) {
        const CodeRef actual = receiver_cls_.valid() ? receiver_cls_ : cls;
        const ClassInfo& actual_info = program_.class_info(actual);
        o.cls = actual;
        o.receiver = true;
        o.module = actual_info.is_nn_module;
        o.has_del = actual_info.defines_del;
        o.label = program_.class_def(actual).name;
      } else if (kind == MethodKind::Static && info.is_autograd_function &&
                 (f.name == "forward" || f.name == "backward" || f.name == "setup_context")) {
        o.ctx = true;
        o.label = "ctx of " + program_.class_def(cls).name;
      }
    }
    if (!o.receiver && !o.ctx && !p.annotation.empty()) {
      // The annotation's class lets method calls on the parameter resolve (`cb: Callback; cb.attach(self)`).
      const CodeRef hinted = annotated_project_class(p.annotation);
      (p.annotation_elements ? o.element_cls : o.cls) = hinted;
      if (!p.annotation_elements && hinted.valid()) o.module = program_.class_info(hinted).is_nn_module;
      // `embedding: nn.Embedding`: a torch module, whose call makes a tensor with a graph.
      if (!p.annotation_elements && program_.uses_torch() && names_torch_module_class(p.annotation))
        o.module = true;
    }
    if (p.kind == ParamKind::Positional || p.kind == ParamKind::KeywordOnly) {
      if (p.has_default && !p.default_per_call &&
          (makes_mutable_container(p.default_value) || makes_builtin_container_subclass(p.default_value))) {
        o.mutable_default = true;
        o.label = "default of " + p.name;
      }
    }
    if (program_.uses_torch() && is_model_like_name(p.name)) o.tensor = true;
    params_.push_back(add(std::move(o)));
  }
  if (!f.free_vars.empty() || ref_.index != 0) {
    Obj self;
    self.kind = ObjKind::FuncSelf;
    self.label = f.is_lambda ? "<lambda>" : "function " + f.name;
    self.fn = ref_;
    self.site = site_ref(f.site);
    func_self_ = add(std::move(self));
  }
  for (size_t i = 0; i < f.params.size(); ++i) {
    const std::string& name = f.params[i].name;
    ValueSet values{params_[i]};
    // A default instance made once, when the def ran: what callers pass, or that shared object.
    if (f.params[i].has_default && f.params[i].default_value.kind == ExprKind::Call) {
      const std::string shared = program_.default_instance_name(ref_, i);
      if (!shared.empty()) values.insert(global(ref_.module, shared));
    }
    if (is_cell_var(name)) {
      const ObjId c = cell(name);
      set_field(c, intern_field("contents"), values, true);
      for (ObjId v : values)
        add_edge(c, intern_field("contents"), v,
                 EdgeInfo{{site_ref(f.params[i].site, "parameter " + name)}, values.size() == 1});
    } else {
      st_.env[name] = Binding{std::move(values), site_module(), f.params[i].site};
    }
  }
  // `field(default_factory=F)` of a dataclass: a call that leaves the parameter out gets a new `F()`, made
  // here (see the Param case of instantiate).
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (!f.params[i].default_per_call) continue;
    const ValueSet made = eval(f.params[i].default_value);
    if (made.size() == 1) objs_[params_[i]].default_obj = made[0];
  }
  if (f.name == "backward" && !params_.empty() && objs_[params_[0]].ctx) seed_saved_outputs(params_[0]);
  exec_block(f.body);
  finish();
}

void Context::join_into(HeapState& into, const HeapState& from) {
  for (const auto& [name, binding] : from.env) {
    auto [it, added] = into.env.try_emplace(name, binding);
    if (added) continue;
    // Keeps the binding site of `into`, unless only `from` bound something tracked there
    // (`details = None` before, `details = sys.exc_info()` in a handler: the frame keeps the latter).
    if (it->second.values.empty() && !binding.values.empty()) {
      it->second.module = binding.module;
      it->second.site = binding.site;
    }
    it->second.values.merge(binding.values);
  }
  // A field written on one path only may still hold its earlier content on the other.
  auto initial = [this](uint64_t key) -> ValueSet {
    const auto base = static_cast<ObjId>(key >> 32);
    if (!placeholder_capable(base)) return {};
    return ValueSet{placeholder(base, static_cast<FieldId>(key & 0xffffffffu), objs_[base].site.site)};
  };
  for (auto& [key, values] : into.fields) {
    if (from.fields.find(key) == from.fields.end()) values.merge(initial(key));
  }
  // Emptied on both paths only.
  std::vector<uint64_t> cleared;
  std::set_intersection(into.cleared.begin(), into.cleared.end(), from.cleared.begin(), from.cleared.end(),
                        std::back_inserter(cleared));
  into.cleared = std::move(cleared);
  for (const auto& [key, values] : from.fields) {
    auto it = into.fields.find(key);
    if (it == into.fields.end()) {
      ValueSet merged = values;
      merged.merge(initial(key));
      into.fields.emplace(key, std::move(merged));
    } else {
      it->second.merge(values);
    }
  }
}

// The locals every `except` handler of `body` lets go of (`self = None`, `del fut`, in the handler or in the
// `finally` of its `try`), the idiom that breaks the cycle through the caught exception's traceback
// (concurrent.futures' `_WorkItem.run`); empty when there is no handler.
static std::vector<std::string> locals_cleared_by_every_handler(const std::vector<Stmt>& body) {
  auto cleared_in = [](const std::vector<Stmt>& block, std::vector<std::string>& out) {
    for (const Stmt& s : block) {
      const bool to_none =
          s.kind == StmtKind::Assign && s.value.kind == ExprKind::Literal && s.value.text == "None";
      if (!to_none && s.kind != StmtKind::Delete) continue;
      for (const Expr& t : s.targets)
        if (t.kind == ExprKind::Name) out.push_back(t.text);
    }
  };
  std::vector<std::string> common;
  bool any_handler = false;
  for_each_statement(body, [&](const Stmt& s) {
    if (s.kind != StmtKind::Try) return;
    std::vector<std::string> in_finally;
    cleared_in(s.finalbody, in_finally);
    for (const Handler& h : s.handlers) {
      std::vector<std::string> cleared = in_finally;
      cleared_in(h.body, cleared);
      std::sort(cleared.begin(), cleared.end());
      if (!any_handler) {
        common = std::move(cleared);
        any_handler = true;
        continue;
      }
      std::vector<std::string> both;
      std::set_intersection(common.begin(), common.end(), cleared.begin(), cleared.end(),
                            std::back_inserter(both));
      common = std::move(both);
    }
  });
  return common;
}

void Context::finish() {
  if (frame_ != kNoObj) {
    // A frame outliving its function (held by a traceback or a variable) keeps its locals; kept only by the
    // tracebacks of caught exceptions, not those every handler lets go of.
    const std::vector<std::string> cleared =
        frame_beyond_handlers_ ? std::vector<std::string>{} : locals_cleared_by_every_handler(fn_.body);
    std::vector<std::string> names;
    for (const auto& [name, binding] : st_.env) names.push_back(name);
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
      const Binding& binding = st_.env.at(name);
      if (binding.values.empty() || std::binary_search(cleared.begin(), cleared.end(), name)) continue;
      // A local naming one of several objects names one of them: a cycle leaving it by a store through the
      // same variable holds whichever it is (see EdgeInfo::choice).
      store_value_choice_ = binding_of(name);
      store(ValueSet{frame_}, intern_field("local:" + name), binding.values,
            {SiteNote{binding.module, binding.site, name + " = ..."}}, EdgeRole::Frame);
      store_value_choice_ = 0;
    }
    for (const std::string& name : fn_.cell_vars) {
      store(ValueSet{frame_}, intern_field("local:" + name), ValueSet{cell(name)},
            {site_ref(fn_.site, "cell " + name)}, EdgeRole::Frame);
    }
    // And the cells of the enclosing function's variables it uses (`nonlocal last_error` holding the
    // exception whose traceback holds this frame).
    if (func_self_ != kNoObj) {
      for (const std::string& name : fn_.free_vars) {
        const ValueSet cells = load(ValueSet{func_self_}, intern_field("cell:" + name), fn_.site);
        if (!cells.empty()) {
          store(ValueSet{frame_}, intern_field("local:" + name), cells, {site_ref(fn_.site, "cell " + name)},
                EdgeRole::Frame);
        }
      }
    }
  }
  static const bool debug_heap = std::getenv("CYCLECHECK_DEBUG_HEAP") != nullptr;
  if (debug_heap) dump_heap();
  // Only the range that owns a function reports what it sees; another range analyses it for its
  // summary alone (its reports would be dropped).
  note_dead_finalizers();
  if (solver_.owns(ref_)) {
    detect_cycles();
    emit_events();
  }
  compact_summary();
}

// `_PLANS[key] = Plan(model.forward)` with `weakref.finalize(model, _drop_plans, key)`: the finalizer that
// would take the entry out runs when the model dies, which the entry prevents. Noted on the event, so that
// callers which apply this summary see it too.
void Context::note_dead_finalizers() {
  if (finalizers_.empty()) return;
  for (Event& ev : events_) {
    if (ev.kind != EventKind::StoreIntoGlobal) continue;
    for (const Finalizer& f : finalizers_) {
      // Held through fields, or by the autograd graph of a value computed from the object (`p.norm()`).
      const bool holds = path_between(ev.values, f.referents, 6).has_value() ||
                         std::any_of(ev.values.begin(), ev.values.end(), [&](ObjId v) {
                           return is_graph(v) && any_within_operands(v, 8, true, [&](const Obj& o) {
                                    return std::any_of(f.referents.begin(), f.referents.end(),
                                                       [&](ObjId r) { return &objs_[r] == &o; });
                                  });
                         });
      if (holds && std::find(ev.dead_finalizers.begin(), ev.dead_finalizers.end(), f.callback) ==
                       ev.dead_finalizers.end())
        ev.dead_finalizers.push_back(f.callback);
    }
  }
}

// Keeps only what a caller can observe: objects reachable from the parameters, globals, the result and
// pending events and calls. Everything local to this invocation is dropped, so summaries stay small
// however deep the call graph is.
void Context::compact_summary() {
  std::vector<ObjId> roots(params_.begin(), params_.end());
  if (func_self_ != kNoObj) roots.push_back(func_self_);
  // Module-level state is not carried up the call graph (every caller would re-apply every registry
  // write below it); retention through globals is reported from events instead.
  for (ObjId r : ret_) roots.push_back(r);
  for (ObjId r : yielded_) roots.push_back(r);
  for (ObjId r : raised_) roots.push_back(r);
  for (const Event& ev : events_) {
    if (ev.base != kNoObj) roots.push_back(ev.base);
    for (ObjId v : ev.values) roots.push_back(v);
    for (ObjId v : ev.keyed_by) roots.push_back(v);
  }
  for (const Finalizer& f : finalizers_) {
    for (ObjId v : f.referents) roots.push_back(v);
  }
  if (frame_kept_for_deferred_ && frame_ != kNoObj) roots.push_back(frame_);
  for (const DeferredCall& d : deferred_) {
    for (ObjId id : {d.receiver, d.callee, d.result}) {
      if (id != kNoObj) roots.push_back(id);
    }
    for (const auto& [name, values] : d.args) {
      for (ObjId v : values) roots.push_back(v);
    }
  }
  // The field contents of each object, grouped by object in one flat array (offsets per object).
  std::vector<uint32_t> first_field(objs_.size() + 1, 0);
  for (const auto& [key, values] : st_.fields) ++first_field[(key >> 32) + 1];
  for (size_t id = 0; id < objs_.size(); ++id) first_field[id + 1] += first_field[id];
  std::vector<const ValueSet*> field_values(st_.fields.size());
  {
    std::vector<uint32_t> filled(first_field.begin(), first_field.end() - 1);
    for (const auto& [key, values] : st_.fields) field_values[filled[key >> 32]++] = &values;
  }
  std::vector<ObjId> remap(objs_.size(), kNoObj);
  std::vector<ObjId> stack = roots;
  std::vector<bool> reached(objs_.size(), false);
  while (!stack.empty()) {
    const ObjId id = stack.back();
    stack.pop_back();
    if (id == kNoObj || reached[id]) continue;
    reached[id] = true;
    const Obj& o = objs_[id];
    if (o.base != kNoObj) stack.push_back(o.base);
    if (o.default_obj != kNoObj) stack.push_back(o.default_obj);
    for (ObjId op : o.operands) stack.push_back(op);
    for (uint32_t f = first_field[id]; f < first_field[id + 1]; ++f) {
      for (ObjId v : *field_values[f]) stack.push_back(v);
    }
  }
  std::vector<Obj> kept;
  // Exactly sized: every summary lives to the end of the solve, and growth slack was a tenth of the peak.
  kept.reserve(static_cast<size_t>(std::count(reached.begin(), reached.end(), true)));
  for (ObjId id = 0; id < objs_.size(); ++id) {
    if (!reached[id]) continue;
    remap[id] = static_cast<ObjId>(kept.size());
    kept.push_back(std::move(objs_[id]));
  }
  auto map_id = [&remap](ObjId id) { return id == kNoObj ? kNoObj : remap[id]; };
  auto map_set = [&remap](const ValueSet& values) {
    ValueSet out;
    for (ObjId v : values) {
      if (remap[v] != kNoObj) out.insert(remap[v]);
    }
    return out;
  };
  for (Obj& o : kept) {
    o.base = map_id(o.base);
    o.default_obj = map_id(o.default_obj);
    for (ObjId& op : o.operands) op = map_id(op);
    o.operands.erase(std::remove(o.operands.begin(), o.operands.end(), kNoObj), o.operands.end());
  }
  FieldMap fields;
  FlatSet<uint64_t, std::hash<uint64_t>> dirty;
  EdgeMap edges;
  for (uint64_t key : dirty_) {
    const auto base = static_cast<ObjId>(key >> 32);
    const auto field = static_cast<FieldId>(key & 0xffffffffu);
    auto it = st_.fields.find(key);
    if (!reached[base] || it == st_.fields.end()) continue;
    const uint64_t new_key = field_key(remap[base], field);
    fields[new_key] = map_set(it->second);
    dirty.insert(new_key);
    for (ObjId v : it->second) {
      auto edge = edges_.find(EdgeKey{base, field, v});
      if (edge == edges_.end() || remap[v] == kNoObj) continue;
      EdgeInfo info = std::move(edge->second);
      // Long call chains add little: keep the outermost call and the innermost sites.
      if (info.chain.size() > 4) info.chain.erase(info.chain.begin() + 1, info.chain.end() - 3);
      edges.emplace(EdgeKey{remap[base], field, remap[v]}, std::move(info));
    }
  }
  for (Event& ev : events_) {
    ev.base = map_id(ev.base);
    ev.values = map_set(ev.values);
    ev.keyed_by = map_set(ev.keyed_by);
    if (ev.chain.size() > 4) ev.chain.erase(ev.chain.begin() + 1, ev.chain.end() - 3);
  }
  for (Finalizer& f : finalizers_) f.referents = map_set(f.referents);
  // A caller reads the groups of the edges it copies (see apply_summary's bases_are_one).
  for (ValueSet& group : base_groups_) group = map_set(group);
  for (DeferredCall& d : deferred_) {
    d.receiver = map_id(d.receiver);
    d.callee = map_id(d.callee);
    d.result = map_id(d.result);
    for (auto& [name, values] : d.args) values = map_set(values);
  }
  ret_ = map_set(ret_);
  yielded_ = map_set(yielded_);
  raised_ = map_set(raised_);
  for (ObjId& p : params_) p = map_id(p);
  func_self_ = map_id(func_self_);
  frame_ = map_id(frame_);
  objs_ = std::move(kept);
  std::vector<uint64_t> cleared;
  for (uint64_t key : st_.cleared) {
    const auto base = static_cast<ObjId>(key >> 32);
    if (reached[base]) cleared.push_back(field_key(remap[base], static_cast<FieldId>(key & 0xffffffffu)));
  }
  std::sort(cleared.begin(), cleared.end());
  st_ = HeapState{};
  st_.fields = std::move(fields);
  st_.cleared = std::move(cleared);
  dirty_ = std::move(dirty);
  edges_ = std::move(edges);
  // Assigned, not cleared: clear() keeps the bucket arrays, and every summary stays alive to the end.
  project_constants_ = {};
  external_constants_ = {};
  placeholders_ = {};
  globals_ = {};
  cells_ = {};
  site_objects_ = {};
  instantiated_ = {};
  held_flags_ = {};
  methods_named_by_parameter_ = {};
  walk_marks_ = {};
}

// Debugging aid (CYCLECHECK_DEBUG_HEAP=1): the exit heap of every analysed function, on stderr.
void Context::dump_heap() const {
  std::fprintf(stderr, "== %s\n", fn_.qualname.c_str());
  std::vector<uint64_t> keys;
  for (const auto& [key, values] : st_.fields) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  for (uint64_t key : keys) {
    const auto from = static_cast<ObjId>(key >> 32);
    std::string line = "  #" + std::to_string(from) + " " + objs_[from].label.str() + " ." +
                       field_name(static_cast<FieldId>(key & 0xffffffffu)) + " ->";
    for (ObjId to : st_.fields.at(key)) {
      auto info = edges_.find(EdgeKey{from, static_cast<FieldId>(key & 0xffffffffu), to});
      line += " #" + std::to_string(to) + " " + objs_[to].label.str() +
              (info == edges_.end() ? "(no edge)"
               : info->second.must  ? ""
                                    : "(may)");
    }
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

}  // namespace cyclecheck
