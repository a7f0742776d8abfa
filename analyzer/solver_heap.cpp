// The solver's heap: objects and their interning, placeholders, loads, stores, edges, and variables.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/solver_context.hpp"

namespace cyclecheck {

Context::Context(Solver& solver, CodeRef function, CodeRef receiver_cls)
    : solver_(solver),
      program_(solver.program_),
      ref_(function),
      fn_(program_.function(function)),
      receiver_cls_(receiver_cls) {}

ObjId Context::constant(const StaticRef& ref) {
  // Project things are keyed by number: this runs for every name a function reads.
  auto code_key = [&ref](uint64_t kind) {
    return kind << 62 | static_cast<uint64_t>(static_cast<uint32_t>(ref.code.module)) << 31 |
           static_cast<uint32_t>(ref.code.index & 0x7fffffff);
  };
  uint64_t project_key = 0;
  switch (ref.kind) {
    case StaticRef::Kind::ProjectFunction:
      project_key = code_key(1);
      break;
    case StaticRef::Kind::ProjectClass:
      project_key = code_key(2);
      break;
    case StaticRef::Kind::ProjectModule:
      project_key = code_key(3);
      break;
    case StaticRef::Kind::ProjectGlobal:
      return global(ref.code.module, ref.qualified);
    case StaticRef::Kind::External:
      break;
    case StaticRef::Kind::Unknown:
      return kNoObj;
  }
  if (project_key != 0) {
    auto it = project_constants_.find(project_key);
    if (it != project_constants_.end()) return it->second;
  } else {
    auto it = external_constants_.find(ref.qualified);
    if (it != external_constants_.end()) return it->second;
  }
  Obj o;
  // Every context that names a project constant labels it alike: the label is made once per solver.
  auto project_label = [&](auto make) {
    auto [it, added] = solver_.constant_labels_.try_emplace(project_key);
    if (added) it->second = make();
    return it->second;
  };
  switch (ref.kind) {
    case StaticRef::Kind::ProjectFunction:
      o.kind = ObjKind::FunctionConst;
      o.fn = ref.code;
      o.label = project_label([&] { return PooledText(program_.function(ref.code).qualname); });
      break;
    case StaticRef::Kind::ProjectClass:
      o.kind = ObjKind::ClassConst;
      o.cls = ref.code;
      // Iterating an enum class, or looking a member up (`Phase["TRAIN"]`, `Phase("train")`), gives a member.
      if (program_.class_info(ref.code).is_enum) o.element_cls = ref.code;
      o.label = project_label([&] { return PooledText("class " + program_.class_def(ref.code).name); });
      break;
    case StaticRef::Kind::ProjectModule:
      o.kind = ObjKind::ModuleConst;
      o.module_index = ref.code.module;
      o.label =
          project_label([&] { return PooledText("module " + program_.module(ref.code.module).module_name); });
      break;
    default:
      o.kind = ObjKind::ExternalConst;
      o.qualified = ref.qualified;
      o.label = ref.qualified;
      break;
  }
  const ObjId id = add(std::move(o));
  if (project_key != 0) {
    project_constants_.emplace(project_key, id);
  } else {
    external_constants_.emplace(ref.qualified, id);
  }
  return id;
}

ObjId Context::global(int32_t module, const std::string& name) {
  const std::string key = std::to_string(module) + ":" + name;
  auto it = globals_.find(key);
  if (it != globals_.end()) return it->second;
  Obj o;
  o.kind = ObjKind::Global;
  o.module_index = module;
  o.name = name;
  if (module >= 0) o.cls = program_.global_instance_class(module, name);
  if (o.cls.valid()) {
    // A parameter's default instance (see Program::default_instance_name) is no global of that name.
    o.label = program_.class_def(o.cls).name +
              (is_default_instance_name(name) ? " (default of " : " (global ") + name + ")";
  } else {
    o.label = "global " + name;
  }
  if (o.cls.valid()) {
    const ClassInfo& info = program_.class_info(o.cls);
    o.module = info.is_nn_module;
    o.has_del = info.defines_del;
  }
  o.site = SiteNote{module, {}, {}};
  const ObjId id = add(std::move(o));
  globals_.emplace(key, id);
  return id;
}

ObjId Context::cell(const std::string& name) {
  auto it = cells_.find(name);
  if (it != cells_.end()) return it->second;
  Obj o;
  o.kind = ObjKind::Cell;
  o.name = name;
  o.label = "cell " + name;
  o.site = site_ref(fn_.site);
  const ObjId id = add(std::move(o));
  cells_.emplace(name, id);
  return id;
}

ObjId Context::frame(bool for_handler) {
  frame_beyond_handlers_ |= !for_handler;
  if (frame_ != kNoObj) return frame_;
  Obj o;
  o.kind = ObjKind::Frame;
  o.fn = ref_;
  o.label = "frame of " + fn_.qualname + "()";
  o.site = site_ref(fn_.site);
  o.tensor = program_.uses_torch();  // a frame holds every local: tensors included, in torch code
  frame_ = add(std::move(o));
  uses_frame_ = true;
  return frame_;
}

ValueSet Context::frame_locals(const Site& site) {
  if (frame_locals_ == kNoObj) {
    Obj o;
    o.kind = ObjKind::Container;
    o.label = "locals of " + fn_.qualname + "()";
    o.site = site_ref(site);
    frame_locals_ = add(std::move(o));
  }
  std::vector<std::string> names;
  for (const auto& [name, binding] : st_.env) names.push_back(name);
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    const Binding& binding = st_.env.at(name);
    if (binding.values.empty()) continue;
    store(ValueSet{frame_locals_}, elements_field(), binding.values,
          {site_ref(site, "locals() holds " + name)}, EdgeRole::Plain);
  }
  for (const std::string& name : fn_.cell_vars) {
    const ValueSet contents = load(ValueSet{cell(name)}, intern_field("contents"), site);
    if (!contents.empty())
      store(ValueSet{frame_locals_}, elements_field(), contents, {site_ref(site, "locals() holds " + name)},
            EdgeRole::Plain);
  }
  return ValueSet{frame_locals_};
}

ObjId Context::at_key(const SiteKey& key, ObjKind kind, const std::string& label, const Site& site) {
  auto it = site_objects_.find(key);
  if (it != site_objects_.end()) return it->second;
  Obj o;
  o.kind = kind;
  o.label = label;
  o.site = site_ref(site);
  o.summary = loop_depth_ > 0;
  const ObjId id = add(std::move(o));
  site_objects_.emplace(key, id);
  return id;
}

ObjId Context::at_site(const void* node, ObjKind kind, const std::string& label, const Site& site,
                       uint32_t salt) {
  return at_key(SiteKey{node, nullptr, salt}, kind, label, site);
}

ObjId Context::call_result_at_site(const Expr& call, const std::string& label) {
  const ObjId id = at_key(SiteKey{&call, replayed_call_site_, 0}, ObjKind::Unknown, label, call.site);
  // Computed under torch.no_grad(): no graph, whatever it was computed from (see is_graph). Not in a custom
  // Function's forward: its outputs have the history of its inputs, through the Function's node.
  if (no_grad_depth_ > function_forward_depth_) objs_[id].no_grad = true;
  return id;
}

bool Context::element_of(ObjId element, ObjId container) const {
  // `param` of `for param in module.parameters()` with `module` an element of the model: `model[][]` is
  // one of `model[]`'s, whatever object that is (`param.module = module` surely links the two back).
  for (int depth = 0; depth < 4; ++depth) {
    const Obj& o = objs_[element];
    if (o.kind != ObjKind::Field || o.base == kNoObj || !field_name(o.field).starts_with('[')) return false;
    if (o.base == container) return true;
    element = o.base;
  }
  return false;
}

ObjId Context::element_container(ObjId id) const {
  ObjId container = kNoObj;
  // `peers[][]` (an element of `peers[1:]`, which stands for the elements) is one of `peers` too.
  for (int depth = 0; depth < 4; ++depth) {
    const Obj& o = objs_[id];
    if (o.kind != ObjKind::Field || o.base == kNoObj || !field_name(o.field).starts_with('[')) break;
    container = id = o.base;
  }
  return container;
}

bool Context::placeholder_capable(ObjId id) const {
  switch (objs_[id].kind) {
    case ObjKind::Param:
    case ObjKind::FuncSelf:
    case ObjKind::Global:
    case ObjKind::Field:
    case ObjKind::Instance:
    case ObjKind::LibInstance:
    case ObjKind::Unknown:
    case ObjKind::Default:
    case ObjKind::ClassConst:
    case ObjKind::Frame:  // f_back, f_code: the caller's frame and such
      return objs_[id].depth < kMaxPlaceholderDepth;
    case ObjKind::FunctionConst:  // `fit.history`: an attribute of a project function
      return objs_[id].fn.valid();
    default:
      return false;
  }
}

ObjId Context::placeholder(ObjId base, FieldId field, Site site) {
  const uint64_t key = field_key(base, field);
  auto it = placeholders_.find(key);
  if (it != placeholders_.end()) return it->second;
  Obj o;
  o.kind = ObjKind::Field;
  o.base = base;
  o.field = field;
  o.depth = static_cast<uint8_t>(objs_[base].depth + 1);
  const std::string& name = field_name(field);
  o.summary = name == "[]" || objs_[base].summary;  // "an element": many objects
  // describe(base) is the base's name (a parameter or a global) or its label (a field's label is its
  // description): that pooled text and the field decide both texts.
  const Obj& base_obj = objs_[base];
  const bool named = base_obj.kind == ObjKind::Param || base_obj.kind == ObjKind::Global;
  const Solver::PlaceholderTextKey text_key{&(named ? base_obj.name : base_obj.label).str(), field};
  auto [texts, added] = solver_.placeholder_texts_.try_emplace(text_key);
  if (added) {
    texts->second.label = describe_field(base, field);
    texts->second.reads_note = "reads " + texts->second.label.str();
  }
  o.label = texts->second.label;
  o.site = site_ref(site);
  o.tensor = objs_[base].module && name != "[]";
  // The rows of a tensor with autograd history (`for row in out`, `out.unbind(0)`, `list.extend(out)`) carry
  // that history too. (Not a numbered slot: `torch.max(out, 1)[1]` and `out.topk(5)[1]` are indices.)
  if (base_obj.graph && name == "[]") o.graph = o.tensor = true;
  if (name == "[]" || (base_obj.kind == ObjKind::ClassConst && name.starts_with('['))) {
    o.cls = objs_[base].element_cls;  // an element of a `List[C]` parameter is a C, a member of an enum class
  } else if (base_obj.kind == ObjKind::ClassConst && base_obj.cls.valid()) {
    // `meter = AverageMeter()` in the class body: the instance the class holds.
    o.cls = program_.class_attribute_instance_class(base_obj.cls, name);
    if (o.cls.valid()) {
      const ClassInfo& info = program_.class_info(o.cls);
      o.module = info.is_nn_module;
      o.has_del = info.defines_del;
    }
  } else if (base_obj.receiver && base_obj.kind == ObjKind::Param && base_obj.cls.valid()) {
    // `self.tracker` where every store of it makes a `Tracker()`: calls on it run Tracker's methods here, on
    // the object a caller put there (which keeps its identity), whether or not a caller is analysed.
    o.cls = program_.instance_attribute_class(base_obj.cls, name);
    if (o.cls.valid()) o.has_del = program_.class_info(o.cls).defines_del;
  }
  const PooledText reads_note = texts->second.reads_note;
  const ObjId id = add(std::move(o));
  placeholders_.emplace(key, id);
  EdgeInfo info;
  info.chain.push_back(SiteNote{site_module(), site, reads_note});
  info.must = true;
  info.implicit = true;
  add_edge(base, field, id, std::move(info));
  return id;
}

ValueSet Context::load_one(ObjId base, FieldId field, Site site) {
  const uint64_t key = field_key(base, field);
  auto it = st_.fields.find(key);
  if (!loop_entries_.empty()) note_loop_read(key, it != st_.fields.end() ? &it->second : nullptr);
  if (it != st_.fields.end()) return it->second;
  if (!placeholder_capable(base)) return {};
  // An instance made here that has not set the attribute reads the class's (`outputs = []` in the class
  // body, shadowed by `self.outputs = []` in some method): the list every instance shares until then.
  if (const Obj& o = objs_[base]; o.kind == ObjKind::Instance && o.cls.valid() &&
                                  program_.class_info(o.cls).inherits_shadowed_containers) {
    const CodeRef owner = program_.shadowed_container_owner(o.cls, field_name(field));
    if (owner.valid())
      return load_one(constant(project_ref(StaticRef::Kind::ProjectClass, owner)), field, site);
  }
  // The elements of a module-level display (`for cb in DEFAULT_CALLBACKS`): what the display made.
  if (field == elements_field() && objs_[base].kind == ObjKind::Global) {
    if (ValueSet entries = display_entries(base); !entries.empty()) {
      st_.fields.emplace(key, entries);
      return entries;
    }
  }
  // The field's earlier content, now observed: it is part of the heap from here on.
  ValueSet initial{placeholder(base, field, site)};
  st_.fields.emplace(key, initial);
  return initial;
}

ValueSet Context::load(const ValueSet& bases, FieldId field, Site site) {
  ValueSet out;
  for (ObjId b : bases) out.merge(load_one(b, field, site));
  return out;
}

void Context::set_field(ObjId base, FieldId field, ValueSet values, bool strong) {
  const uint64_t key = field_key(base, field);
  dirty_.insert(key);
  if (!forward_hooks_known_) forward_hooks_known_ = forward_hooks_kind(field).has_value();
  auto it = st_.fields.find(key);
  if (strong || it == st_.fields.end()) {
    if (!strong && placeholder_capable(base)) {
      // A weak first write keeps whatever the field held before.
      values.insert(placeholder(base, field, objs_[base].site.site));
    }
    st_.fields[key] = std::move(values);
  } else {
    it->second.merge(values);
  }
}

void Context::empty_field(ObjId container, FieldId field) {
  const ObjKind kind = objs_[container].kind;
  const bool container_like =
      kind == ObjKind::Container ||
      ((kind == ObjKind::Param || kind == ObjKind::Field || kind == ObjKind::Global) &&
       !objs_[container].tensor && !objs_[container].module && !objs_[container].cls.valid());
  if (!container_like || objs_[container].summary) return;
  set_field(container, field, {}, true);
  if (kind == ObjKind::Container) return;  // made here: no caller knows it
  const uint64_t key = field_key(container, field);
  auto at = std::lower_bound(st_.cleared.begin(), st_.cleared.end(), key);
  if (at == st_.cleared.end() || *at != key) st_.cleared.insert(at, key);
}

void Context::empty_container(ObjId container) {
  empty_field(container, elements_field());
  empty_field(container, keys_field());
  // The numbered and literal-key slots of a display (`[(bus, self.on_step), ...]`, `{"model": m}`) too.
  std::vector<FieldId> slots;
  for (const auto& [key, held] : st_.fields) {
    if (static_cast<ObjId>(key >> 32) != container || held.empty()) continue;
    const auto field = static_cast<FieldId>(key & 0xffffffffu);
    if (field != elements_field() && field != keys_field() && field_name(field).starts_with('['))
      slots.push_back(field);
  }
  for (FieldId field : slots) empty_field(container, field);
}

uint32_t Context::choice_of(const Expr& e) const { return e.kind == ExprKind::Name ? binding_of(e.text) : 0; }

uint32_t Context::binding_of(const std::string& name) const {
  if (!is_local(name) || is_cell_var(name) || is_free_var(name)) return 0;
  auto it = st_.env.find(name);
  if (it == st_.env.end()) return 0;
  const uint64_t h =
      std::hash<std::string_view>{}(name) ^
      (static_cast<uint64_t>(it->second.site.line) * 0x9e3779b97f4a7c15ULL + it->second.site.column);
  return static_cast<uint32_t>(h | 1);
}

void Context::note_derived_names(const Expr& target, const Expr& value) {
  const std::string source = root_name(value);
  const uint32_t binding = source.empty() ? 0 : binding_of(source);
  auto note = [&](const Expr& name) {
    if (name.kind != ExprKind::Name) return;
    if (binding != 0 && name.text != source) {
      derived_names_[name.text] = {source, binding};
    } else {
      derived_names_.erase(name.text);
    }
  };
  note(target);
  if (target.kind == ExprKind::Container) {
    for (const Expr& element : target.children) note(element);
  }
}

bool Context::derived_from_variable(const std::string& name, const std::string& source) const {
  if (name.empty() || source.empty() || name == source) return false;
  std::string at = name;
  for (int hops = 0; hops < 4; ++hops) {
    auto it = derived_names_.find(at);
    if (it == derived_names_.end()) return false;
    // Derived from the source as it is bound now, not from an earlier binding of it.
    if (it->second.first == source) return it->second.second == binding_of(source);
    at = it->second.first;
  }
  return false;
}

void Context::add_edge(ObjId from, FieldId field, ObjId to, EdgeInfo info) {
  const EdgeKey key{from, field, to};
  auto it = edges_.find(key);
  if (later_turns_ > 0) {
    // Made only on a loop's second turn, from what the first handed it: it may link the objects of two
    // turns (a chain through one abstract object), so only crossed_pair can prove it.
    if (it != edges_.end()) return;
    info.must = false;
    info.base_group = 0;
    info.across_turns = true;
  }
  if (it == edges_.end()) {
    edges_.emplace(key, std::move(info));
  } else if (!it->second.must && info.must) {
    it->second = std::move(info);
  }
}

void Context::store(const ValueSet& given_bases, FieldId field, const ValueSet& values,
                    const std::vector<SiteNote>& chain, EdgeRole role, bool removable) {
  // Storing on a library module or function, or into what is held weakly: nothing we track, so the
  // store surely lands in the others (`d = obj.__dict__.setdefault(k, WeakKeyDictionary()); d[t] = v`).
  ValueSet bases;
  for (ObjId b : given_bases) {
    const ObjKind kind = objs_[b].kind;
    if (kind == ObjKind::ExternalConst || kind == ObjKind::ModuleConst || kind == ObjKind::Weak ||
        (kind == ObjKind::FunctionConst && !objs_[b].fn.valid()))
      continue;
    bases.insert(b);
  }
  if (bases.empty()) return;
  const bool strong = bases.size() == 1 && !objs_[bases[0]].summary && loop_depth_ == 0 && !store_adds_;
  const bool strong_in_loop = bases.size() == 1 && !objs_[bases[0]].summary && !store_adds_;
  const bool guarded_distinct = are_distinct(store_base_root_, store_value_root_);
  const Expr* stored_expr = assigned_value_ != nullptr ? assigned_value_ : stored_argument_;
  const bool closes_ring = stored_expr != nullptr &&
                           std::find(ring_closing_values_.begin(), ring_closing_values_.end(), stored_expr) !=
                               ring_closing_values_.end();
  uint32_t base_group = 0;
  if (bases.size() > 1 && bases.size() <= kMaxBaseGroup && values.size() == 1) {
    base_groups_.push_back(bases);
    base_group = static_cast<uint32_t>(base_groups_.size());
  }
  for (ObjId b : bases) {
    const bool container_element =
        field_name(field).rfind("[", 0) == 0 || field_name(field).find("[]") != std::string::npos;
    set_field(b, field, values, (strong || strong_in_loop) && !container_element);
    // Edges from wide stores can never be part of a must-cycle: skip recording them.
    if (bases.size() * values.size() > kMaxEdgeFanout) continue;
    for (ObjId v : values) {
      EdgeInfo info;
      info.must = bases.size() == 1 && values.size() == 1;
      info.base_group = base_group;
      // One abstract object for many (loop allocations, list elements): b.f = b links two of them
      // unless both sides are literally the same variable.
      if (v == b && objs_[b].summary && closes_ring) {
        info.closes_ring = true;
      } else if (v == b && objs_[b].summary && !same_identity_store_) {
        info.must = false;
        info.base_group = 0;
      }
      if (!closes_ring && objs_[v].summary && !store_base_root_.empty() &&
          store_base_root_ != store_value_root_ &&
          (derived_from(b, v) || root_values(store_base_root_).contains(v)) &&
          !(store_value_choice_ != 0 && derived_from_variable(store_base_root_, store_value_root_))) {
        info.must = false;  // parent.children.add(child) with parent and child from the same list
        info.base_group = 0;
        info.pair_base = binding_of(store_base_root_);
        info.pair_value = binding_of(store_value_root_);
        if (info.pair_base == 0 || info.pair_value == 0) info.pair_base = info.pair_value = 0;
      }
      // `peer.leader = peers[0]` with `peer` an element of `peers` too (a parameter's): two stand-ins for
      // elements of one container, which may be one object or two, so the link may be a chain.
      if (info.must && !closes_ring && v != b && element_container(b) != kNoObj &&
          element_container(b) == element_container(v) && !element_of(b, v) && !element_of(v, b)) {
        info.must = false;
        info.base_group = 0;
      }
      // Under `if child is not parent:`, parent.children.add(child) never stores parent in its own field:
      // whatever object both variables may name, a run links two different ones.
      if (guarded_distinct && root_values(store_base_root_).contains(v)) {
        info.must = false;
        info.distinct = true;
        info.base_group = 0;
      }
      if (info.must && store_maybe_setter_ && of_unknown_class(b)) {
        info.must = false;
        info.unless_setter = true;
      }
      info.alternatives = values.size() > 1;
      if (!info.must) {
        if (bases.size() > 1 && values.size() == 1 && store_base_choice_ != 0) {
          info.choice = store_base_choice_;
          info.choice_is_base = true;
        } else if (bases.size() == 1 && values.size() > 1 && store_value_choice_ != 0) {
          info.choice = store_value_choice_;
        }
      }
      info.role = role;
      info.removable = removable;
      if (!edge_wanted(b, field, v, info.must)) continue;  // spares copying the site chain
      info.chain = chain;
      add_edge(b, field, v, std::move(info));
    }
  }
  if (!strong) {
    for (ObjId b : bases) dirty_.insert(field_key(b, field));
  }
}

// ---- variables -----------------------------------------------------------------------------------

bool Context::is_local(const std::string& name) const {
  if (fn_.locals.size() > 16) {
    // Module bodies bind thousands of names: look them up in a set built once.
    if (local_set_.empty()) local_set_.insert(fn_.locals.begin(), fn_.locals.end());
    return local_set_.count(name) != 0;
  }
  return std::find(fn_.locals.begin(), fn_.locals.end(), name) != fn_.locals.end();
}
bool Context::is_cell_var(const std::string& name) const {
  return std::find(fn_.cell_vars.begin(), fn_.cell_vars.end(), name) != fn_.cell_vars.end();
}
bool Context::is_free_var(const std::string& name) const {
  return std::find(fn_.free_vars.begin(), fn_.free_vars.end(), name) != fn_.free_vars.end();
}

ValueSet Context::read_name(const std::string& name, const Site& site) {
  if (is_free_var(name) && func_self_ != kNoObj) {
    const ValueSet cells = load(ValueSet{func_self_}, intern_field("cell:" + name), site);
    return load(cells, intern_field("contents"), site);
  }
  if (is_cell_var(name)) return load(ValueSet{cell(name)}, intern_field("contents"), site);
  if (ref_.index != 0 && std::find(fn_.globals.begin(), fn_.globals.end(), name) != fn_.globals.end()) {
    // `global x` here: reads and writes go through the global's content, so `old = x; x = old` is no cycle.
    return load(ValueSet{global(ref_.module, name)}, intern_field("value"), site);
  }
  if (ref_.index == 0 || is_local(name)) {
    auto it = st_.env.find(name);
    if (!loop_entries_.empty()) note_loop_read(name, it != st_.env.end() ? it->second.values : ValueSet{});
    if (it != st_.env.end()) return it->second.values;
    if (ref_.index != 0) return {};
  }
  StaticRef r = program_.resolve_global(ref_.module, name);
  if (r.kind == StaticRef::Kind::Unknown) {
    if (name == "self" || name == "cls") return {};
    return ValueSet{external("builtins." + name)};
  }
  const ObjId id = constant(r);
  return id == kNoObj ? ValueSet{} : ValueSet{id};
}

bool Context::only_this_turn_holds(ObjId id) const {
  if (loop_first_obj_.empty()) return false;
  const ObjId first = loop_first_obj_.back();
  auto of_this_turn = [&](ObjId o) {
    const ObjKind kind = objs_[o].kind;
    return o >= first && !objs_[o].tensor && !objs_[o].cached_result &&
           ((kind == ObjKind::Instance && objs_[o].cls.valid()) || kind == ObjKind::Container ||
            kind == ObjKind::Closure || kind == ObjKind::BoundMethod || kind == ObjKind::Partial ||
            kind == ObjKind::Cell);
  };
  if (!of_this_turn(id)) return false;
  std::vector<ObjId> frontier{id}, seen{id};
  for (int depth = 0; depth < 4 && !frontier.empty(); ++depth) {
    std::vector<ObjId> next;
    for (const auto& [key, info] : edges_) {
      if (info.removable || std::find(frontier.begin(), frontier.end(), key.to) == frontier.end()) continue;
      if (!of_this_turn(key.from)) return false;
      if (std::find(seen.begin(), seen.end(), key.from) != seen.end()) continue;
      seen.push_back(key.from);
      next.push_back(key.from);
    }
    frontier = std::move(next);
  }
  return frontier.empty();
}

void Context::note_loop_read(const std::string& name, const ValueSet& values) {
  for (LoopEntry& entry : loop_entries_) {
    auto before = entry.before->env.find(name);
    if (before == entry.before->env.end() ? values.empty() : before->second.values == values)
      entry.names.push_back(name);
  }
}

void Context::note_loop_read(uint64_t key, const ValueSet* values) {
  for (LoopEntry& entry : loop_entries_) {
    // A field of an object the turn made: the next turn makes another.
    if (static_cast<ObjId>(key >> 32) >= entry.first_obj) continue;
    auto before = entry.before->fields.find(key);
    if (before == entry.before->fields.end() ? values == nullptr || values->empty()
                                             : values != nullptr && before->second == *values)
      entry.fields.push_back(key);
  }
}

bool Context::turn_carries_objects(const LoopEntry& entry) const {
  auto links_back = [this](const ValueSet& now, const ValueSet* then) {
    for (ObjId v : now) {
      if (then != nullptr && then->contains(v)) continue;
      const Obj& o = objs_[v];
      if (o.tensor) continue;
      // A tuple made on one turn cannot be given a later turn's objects.
      const bool mutable_container =
          o.kind == ObjKind::Container && o.label.str() != "tuple" && o.label.str() != "slice";
      if ((o.kind == ObjKind::Instance && o.cls.valid()) || mutable_container || o.kind == ObjKind::Closure ||
          o.kind == ObjKind::BoundMethod || o.kind == ObjKind::Partial)
        return true;
    }
    return false;
  };
  for (const std::string& name : entry.names) {
    auto now = st_.env.find(name);
    if (now == st_.env.end()) continue;
    auto then = entry.before->env.find(name);
    if (links_back(now->second.values, then == entry.before->env.end() ? nullptr : &then->second.values))
      return true;
  }
  for (uint64_t key : entry.fields) {
    auto now = st_.fields.find(key);
    if (now == st_.fields.end()) continue;
    auto then = entry.before->fields.find(key);
    if (links_back(now->second, then == entry.before->fields.end() ? nullptr : &then->second)) return true;
  }
  return false;
}

void Context::write_name(const std::string& name, const ValueSet& values, const Site& site) {
  if (!derived_names_.empty()) {
    derived_names_.erase(name);
    // What was derived from the name's earlier binding is not from the new one, though a loop's next turn
    // binds it at the same site (`prev = node` ... `node = Node()`).
    std::erase_if(derived_names_, [&name](const auto& entry) { return entry.second.first == name; });
  }
  if (is_free_var(name) && func_self_ != kNoObj) {
    const ValueSet cells = load(ValueSet{func_self_}, intern_field("cell:" + name), site);
    store(cells, intern_field("contents"), values, {site_ref(site, name + " = ...")}, EdgeRole::Capture);
    return;
  }
  if (is_cell_var(name)) {
    store(ValueSet{cell(name)}, intern_field("contents"), values, {site_ref(site, name + " = ...")},
          EdgeRole::Capture);
    return;
  }
  if (std::find(fn_.globals.begin(), fn_.globals.end(), name) != fn_.globals.end()) {
    const ObjId g = global(ref_.module, name);
    store(ValueSet{g}, intern_field("value"), values, {site_ref(site, "global " + name + " = ...")},
          EdgeRole::Plain);
    record_event(EventKind::StoreIntoGlobal, g, objs_[g].label, values, site, "global " + name + " = ...");
    return;
  }
  st_.env[name] = Binding{values, site_module(), site};
  // A guard about the old value says nothing about the new one (cleared in place: the If pops by count).
  for (auto& [a, b] : distinct_names_) {
    if (a == name || b == name) {
      a.clear();
      b.clear();
    }
  }
}

std::string Context::maker(ObjId id) const {
  const Obj& o = objs_[id];
  if (o.kind == ObjKind::Unknown || o.kind == ObjKind::LibInstance) return o.qualified.str();
  // `self.rng` in a method, where every store of it makes a `random.Random(...)`.
  if (o.kind == ObjKind::Field && o.base != kNoObj && objs_[o.base].receiver &&
      objs_[o.base].kind == ObjKind::Param && objs_[o.base].cls.valid())
    return program_.instance_attribute_maker(objs_[o.base].cls, field_name(o.field));
  // A module-level variable, as a function names it (or reads it under `global x`: its "value").
  const Obj* variable = &o;
  if (o.kind == ObjKind::Field && o.base != kNoObj && field_name(o.field) == "value")
    variable = &objs_[o.base];
  if (variable->kind != ObjKind::Global || variable->module_index < 0) return {};
  return program_.global_call_qualified(variable->module_index, variable->name.str());
}

bool Context::made_by(ObjId id, const std::vector<std::string>& functions) const {
  const std::string qualified = maker(id);
  if (qualified.empty()) return false;
  return std::any_of(functions.begin(), functions.end(), [&qualified](const std::string& listed) {
    if (listed.ends_with(".*"))
      return qualified.size() > listed.size() - 1 &&
             qualified.starts_with(std::string_view(listed).substr(0, listed.size() - 1));
    return qualified == listed;
  });
}

// Rooted at a module-level variable, or at an attribute of a project class (`Model.instances`): either lives
// as long as the process.
bool Context::root_is_global(ObjId id) const {
  if (id == kNoObj) return false;
  id = field_root(id);
  return objs_[id].kind == ObjKind::Global ||
         (objs_[id].kind == ObjKind::ClassConst && objs_[id].cls.valid()) ||
         (objs_[id].kind == ObjKind::FunctionConst && objs_[id].fn.valid());
}

}  // namespace cyclecheck
