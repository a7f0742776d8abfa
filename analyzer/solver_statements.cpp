// The solver's statements: assignments, control flow, `with`, `try` and raised exceptions, and what a
// test tells about a variable where it fails.

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "analyzer/carried_state.hpp"
#include "analyzer/solver_context.hpp"
#include "analyzer/torch_names.hpp"

namespace cyclecheck {

// Whether a for loop over `iterable` runs its body at least once: `path.split(".")` (with a separator,
// split returns at least one piece), as in `for part in dotted.split("."): obj = getattr(obj, part)`,
// which ends on an attribute of obj, never obj itself.
static bool iterates_at_least_once(const Expr& iterable) {
  if (iterable.kind != ExprKind::Call || iterable.children.size() < 2) return false;
  const Expr& callee = iterable.children[0];
  return callee.kind == ExprKind::Attribute && (callee.text == "split" || callee.text == "rsplit") &&
         iterable.arg_names.size() > 1 && (iterable.arg_names[1].empty() || iterable.arg_names[1] == "sep");
}

// The statements of `body` and of the blocks nested in it.
static size_t statement_count(const std::vector<Stmt>& body) {
  size_t count = 0;
  for_each_statement(body, [&count](const Stmt&) { ++count; });
  return count;
}

// Whether forward (an autograd Function's, whose first parameter is ctx) calls `ctx.mark_dirty(..., name,
// ...)`: it changed that input in place, and the input is its output now.
bool Context::marked_dirty(const std::string& name) const {
  const std::vector<std::string> dirty = names_marked_on_ctx("mark_dirty");
  return std::find(dirty.begin(), dirty.end(), name) != dirty.end();
}

std::vector<std::string> Context::names_marked_on_ctx(std::string_view method) const {
  return names_passed_to_ctx(fn_, method);
}

std::vector<std::string> Context::names_passed_to_ctx(const Function& f, std::string_view method) {
  std::vector<std::string> names;
  if (f.params.empty()) return names;
  for_each_statement(f.body, [&](const Stmt& st) {
    if (st.kind != StmtKind::ExprStmt || st.value.kind != ExprKind::Call || st.value.children.empty()) return;
    const Expr& callee = st.value.children[0];
    if (callee.kind != ExprKind::Attribute || callee.text != method || callee.children.empty() ||
        callee.children[0].kind != ExprKind::Name || callee.children[0].text != f.params[0].name)
      return;
    for (size_t i = 1; i < st.value.children.size(); ++i) {
      if (st.value.children[i].kind == ExprKind::Name) names.push_back(st.value.children[i].text);
    }
  });
  return names;
}

// `return out` or `return out, aux`: whether `name` is returned as it is, alone or in a tuple.
bool Context::returns_name(const Function& f, const std::string& name) {
  bool found = false;
  for_each_statement(f.body, [&](const Stmt& st) {
    if (st.kind != StmtKind::Return) return;
    if (st.value.kind == ExprKind::Name) found |= st.value.text == name;
    if (st.value.kind == ExprKind::Container) {
      for (const Expr& e : st.value.children) found |= e.kind == ExprKind::Name && e.text == name;
    }
  });
  return found;
}

// In backward of an autograd Function whose forward saved one of its outputs (`ctx.save_for_backward(out);
// return out`), `ctx.saved_tensors` gives that output back, and its grad_fn is the node that owns ctx: kept
// on ctx (`ctx.unpacked = ctx.saved_tensors`), it closes a cycle through C++ the collector cannot see.
void Context::seed_saved_outputs(ObjId ctx) {
  if (fn_.owner_class < 0) return;
  const CodeRef forward = program_.find_method(CodeRef{ref_.module, fn_.owner_class}, "forward");
  if (!forward.valid()) return;
  const Function& f = program_.function(forward);
  const std::vector<std::string> saved = names_passed_to_ctx(f, "save_for_backward");
  if (std::none_of(saved.begin(), saved.end(), [&f](const std::string& n) { return returns_name(f, n); }))
    return;
  Obj tuple;
  tuple.kind = ObjKind::Container;
  tuple.label = "ctx.saved_tensors";
  tuple.site = site_ref(fn_.site);
  tuple.tensor = true;
  const ObjId saved_tensors = add(std::move(tuple));
  Obj output;
  output.kind = ObjKind::Value;
  output.label = "output saved by forward";
  output.site = site_ref(f.site);
  output.tensor = true;
  output.graph = true;
  const ObjId saved_output = add(std::move(output));
  set_field(ctx, intern_field("saved_tensors"), ValueSet{saved_tensors}, true);
  store(ValueSet{saved_tensors}, elements_field(), ValueSet{saved_output},
        {site_ref(f.site, "forward saved its output for backward")}, EdgeRole::Plain);
  store(ValueSet{saved_output}, intern_field("grad_fn"), ValueSet{ctx},
        {site_ref(f.site, "the returned tensor's grad_fn owns ctx")}, EdgeRole::GradFn);
}

// `obj.name = value` on an instance of a class that defines `__setattr__` runs it, with the name and the
// value. The store itself is made after it: most overrides end in `super().__setattr__(name, value)`.
// Only values that are instances of project classes, or tensors with a graph, are handed over: the name is
// not known to the override, so a test of the value's class (`isinstance(value, Node)`) is what tells its
// cases apart, and for a parameter of unknown class (`self.name = name`) it would pass every case. For the
// same reason only its effects on other objects are taken (`value.__dict__["owner"] = self`): what it writes
// into the instance itself is routed by the name (`self._modules[name] = value` for one kind of value), and
// the store stands for that.
void Context::run_setattr_overrides(const ValueSet& bases, const Expr& target, const ValueSet& values) {
  ValueSet instances;
  for (ObjId v : values) {
    const ObjKind kind = objs_[v].kind;
    // A tensor with autograd history too: a proxy's override passing every other name on to the object
    // it wraps (`setattr(self.__wrapped__, name, value)`) puts it there, whatever its tests of the name.
    if ((objs_[v].cls.valid() && kind != ObjKind::ClassConst && kind != ObjKind::FunctionConst) ||
        is_graph(v))
      instances.insert(v);
  }
  if (instances.empty()) return;
  for (ObjId b : bases) {
    const Obj& o = objs_[b];
    if (!o.cls.valid() || o.kind == ObjKind::ClassConst || !program_.class_info(o.cls).overrides_setattr)
      continue;
    const CodeRef method = program_.find_method(o.cls, "__setattr__");
    if (!method.valid()) continue;
    const std::vector<Arg> args{Arg{"", {}}, Arg{"", instances}};
    applying_setattr_override_ = true;
    invoke(method, ValueSet{b}, args, {}, target);
    applying_setattr_override_ = false;
  }
}

void Context::assign_attribute(const Expr& target, const ValueSet& values, const Site& site,
                               bool runs_setattr) {
  const ValueSet bases = through_proxies(eval(target.children[0]), target.site);
  same_identity_store_ = assigned_value_ != nullptr && target.children[0].kind == ExprKind::Name &&
                         assigned_value_->kind == ExprKind::Name &&
                         assigned_value_->text == target.children[0].text;
  store_base_root_ = root_name(target.children[0]);
  store_value_root_ = assigned_value_ != nullptr ? root_name(*assigned_value_) : std::string();
  // The override runs instead of the store, and sees the attribute's earlier value.
  if (runs_setattr) run_setattr_overrides(bases, target, values);
  const ValueSet stored_on =
      runs_setattr && runs_setters() ? run_descriptor_setters(bases, target, values) : bases;
  store_base_choice_ = choice_of(target.children[0]);
  store_value_choice_ = assigned_value_ != nullptr ? choice_of(*assigned_value_) : 0;
  store_maybe_setter_ = runs_setattr && program_.has_property_setter_named(target.text);
  store(stored_on, intern_field(target.text), values, {site_ref(site, describe_target(target) + " = ...")},
        EdgeRole::Plain);
  store_maybe_setter_ = false;
  same_identity_store_ = false;
  store_base_root_.clear();
  store_value_root_.clear();
  store_base_choice_ = store_value_choice_ = 0;
  record_store_events(stored_on, values, site, target);
  if (!is_tensor_property(target.text)) link_values_back_to_tensor(stored_on, values, site);
  // `p.grad = g` for a gradient taken with create_graph: its graph reaches the parameter again.
  if (target.text == "grad" && !autograd_maybe_off() && any_graph(values))
    record_event(EventKind::GraphIntoGrad, kNoObj, describe_target(target), values, site,
                 describe_target(target) + " = ...");
}

// `buf.slices = buf.unbind(0)`, `p.c_local = c_local - p * lr` with autograd on: what a tensor's attribute
// holds reaches the tensor again from C++ (a view keeps its base; the graph of a value computed from a leaf
// ends in the leaf's AccumulateGrad node, which keeps the leaf), so the collector never sees the cycle.
// A tensor that is not a leaf is kept by a graph only where autograd saved it, which is not known here.
void Context::link_values_back_to_tensor(const ValueSet& bases, const ValueSet& values, const Site& site) {
  for (ObjId tensor : bases) {
    const Obj& t = objs_[tensor];
    // Any object a view method was called on is taken for a tensor (a project class's `view()` is its own).
    if (t.module || t.cls.valid() || t.receiver || t.kind == ObjKind::Container) continue;
    for (ObjId stored : values) {
      const ValueSet held = objs_[stored].kind == ObjKind::Container
                                ? load_one(stored, elements_field(), site)
                                : ValueSet{stored};
      for (ObjId value : held) {
        if (value == tensor) continue;
        if (is_view_of(value, tensor)) {
          store(ValueSet{value}, intern_field("_base"), ValueSet{tensor},
                {site_ref(site, "a view keeps the tensor it was taken from")}, EdgeRole::TensorBase);
        } else if (requires_grad(t) && !autograd_maybe_off() && is_graph(value) &&
                   any_within_operands(value, 8, true, [&t](const Obj& o) { return &o == &t; })) {
          store(ValueSet{value}, intern_field("grad_fn"), ValueSet{tensor},
                {site_ref(site, "its autograd graph ends in the tensor's AccumulateGrad node")},
                EdgeRole::TensorBase);
        }
      }
    }
  }
}

bool Context::is_view_of(ObjId value, ObjId tensor) const {
  for (int depth = 0; depth < 4 && objs_[value].view; ++depth) {
    value = objs_[value].operands.front();
    if (value == tensor) return true;
  }
  return false;
}

// `self._progress = self._steps(n); for i, t in self._progress: ...` with no `break` or `return` in the body:
// the loop ends when the generator does, and a finished generator's frame is gone with what it held.
void Context::finish_exhausted_generators(const Stmt& loop, const ValueSet& iterable) {
  if (iterable.empty() || std::any_of(iterable.begin(), iterable.end(), [this](ObjId g) {
        return objs_[g].kind != ObjKind::Generator || objs_[g].summary;
      }))
    return;
  bool leaves_early = false;
  // A `break` of a nested loop ends that loop only; a `return` anywhere leaves this one.
  auto walk = [&](auto& self, std::span<const Stmt> body, bool nested_loop) -> void {
    for (const Stmt& st : body) {
      leaves_early |= st.kind == StmtKind::Return || (st.kind == StmtKind::Break && !nested_loop);
      const bool loop = st.kind == StmtKind::For || st.kind == StmtKind::While;
      self(self, st.body, nested_loop || loop);
      self(self, st.orelse, nested_loop);
      self(self, st.finalbody, nested_loop);
      for (const Handler& h : st.handlers) self(self, h.body, nested_loop);
    }
  };
  walk(walk, loop.body, false);
  if (leaves_early) return;
  for (ObjId g : iterable) {
    std::vector<FieldId> frame_fields;
    for (const auto& [key, values] : st_.fields) {
      if (static_cast<ObjId>(key >> 32) == g &&
          field_name(static_cast<FieldId>(key & 0xffffffffu)).starts_with("local:"))
        frame_fields.push_back(static_cast<FieldId>(key & 0xffffffffu));
    }
    for (FieldId f : frame_fields) set_field(g, f, {}, true);
  }
}

// `while self.pending: handler = self.pending.pop()`: a loop over a container's truth that only its test
// ends (no `break`, `return` or `raise`) leaves the container empty.
void Context::empty_drained_container(const Stmt& loop) {
  if (loop.value.kind != ExprKind::Name && loop.value.kind != ExprKind::Attribute) return;
  // Nor one a `return` or `raise` leaves early: the function's exit state has the loop's state there too.
  bool leaves = false;
  for_each_statement(loop.body, [&leaves](const Stmt& st) {
    leaves |= st.kind == StmtKind::Break || st.kind == StmtKind::Return || st.kind == StmtKind::Raise;
  });
  if (leaves) return;
  for (ObjId container : eval(loop.value)) empty_container(container);
}

ValueSet Context::run_descriptor_setters(const ValueSet& bases, const Expr& target, const ValueSet& values) {
  return run_descriptor_setters(bases, target.text, target.site, values, target);
}

ValueSet Context::run_descriptor_setters(const ValueSet& bases, const std::string& name, const Site& site,
                                         const ValueSet& values, const Expr& anchor) {
  ValueSet stored_on;
  const bool any_attribute = name == kDynamicAttribute;
  for (ObjId b : bases) {
    const CodeRef cls = objs_[b].cls;
    const ObjKind kind = objs_[b].kind;
    if (!cls.valid() || kind == ObjKind::ClassConst || kind == ObjKind::Super) {
      stored_on.insert(b);
      continue;
    }
    std::vector<std::pair<std::string, Program::Descriptor>> setters;
    if (any_attribute) {
      setters = program_.data_descriptors(cls);
      stored_on.insert(b);
    } else if (auto d = program_.descriptor(cls, name); d && d->has_set) {
      setters.emplace_back(name, *d);
    } else if (const CodeRef setter = program_.property_setter(cls, name); setter.valid()) {
      std::vector<Arg> args(1);
      args[0].values = values;
      invoke(setter, ValueSet{b}, args, {},
             solver_.implicit_method_call(anchor, ImplicitCall::DescriptorSet));
    } else {
      stored_on.insert(b);
    }
    for (const auto& [attribute, d] : setters) {
      std::vector<Arg> args(2);
      args[0].values = ValueSet{b};
      args[1].values = values;
      call_method(descriptor_object(d, attribute, site), "__set__", args,
                  solver_.implicit_method_call(anchor, ImplicitCall::DescriptorSet), false);
    }
  }
  return stored_on;
}

ValueSet Context::descriptor_object(const Program::Descriptor& d, const std::string& attribute,
                                    const Site& site) {
  const ValueSet held =
      load_one(constant(project_ref(StaticRef::Kind::ProjectClass, d.owner)), intern_field(attribute), site);
  for (ObjId h : held) {
    // A decorated method's descriptor: the class-body placeholder does not know the decorator's class.
    if (!objs_[h].cls.valid() && objs_[h].kind == ObjKind::Field) objs_[h].cls = d.type;
  }
  return held;
}

void Context::assign(const Expr& target, const ValueSet& values, const Site& site) {
  switch (target.kind) {
    case ExprKind::Name:
      write_name(target.text, values, site);
      break;
    case ExprKind::Attribute: {
      if (target.children.empty()) break;
      if (target.text != kDynamicAttribute) {
        assign_attribute(target, values, site, true);
        break;
      }
      // `setattr(obj, name, value)` with a computed name. A plain function set so is a method installed on a
      // class (`setattr(cls, test_name, instantiated_test)`), and a class is in cycles of its own (its
      // __mro__, its __dict__'s descriptors): only other values are stored.
      ValueSet kept;
      for (ObjId v : values) {
        const ObjKind kind = objs_[v].kind;
        if (kind != ObjKind::Closure && kind != ObjKind::FunctionConst) kept.insert(v);
      }
      if (kept.empty()) {
        const ValueSet bases = eval(target.children[0]);
        if (runs_setters()) run_descriptor_setters(bases, target, values);
      } else {
        assign_attribute(target, kept, site, true);
      }
      break;
    }
    case ExprKind::Subscript: {
      if (target.children.empty()) break;
      if (const std::string key = dict_key_attribute(target); !key.empty()) {
        Expr attribute;
        attribute.kind = ExprKind::Attribute;
        attribute.site = target.site;
        attribute.text = key;
        attribute.children.push_back(target.children[0].children[0]);
        // Writing the instance's __dict__ is how a __setattr__ stores without calling itself again.
        assign_attribute(attribute, values, site, false);
        break;
      }
      // `self.memory.data[index] = feats` into a tensor's data: the values are copied into its storage,
      // outside autograd, and nothing keeps `feats` or its graph.
      if (const Expr& base = target.children[0];
          base.kind == ExprKind::Attribute && base.text == "data" && !base.children.empty()) {
        const ValueSet tensors = eval(base.children[0]);
        auto made_by_torch_function = [this](ObjId t) {
          // `self.memory` where every store of it is `F.normalize(...)`, `torch.zeros(...)`.
          const std::string made = maker(t);
          return made.starts_with("torch.nn.functional.") ||
                 (made.starts_with("torch.") && !made.starts_with("torch.nn.") &&
                  !made.starts_with("torch.optim.") && !made.starts_with("torch.utils.") &&
                  !made.starts_with("torch.distributions."));
        };
        if (!tensors.empty() && std::all_of(tensors.begin(), tensors.end(), [&](ObjId t) {
              const Obj& o = objs_[t];
              return (o.tensor || o.graph || o.parameter || made_by_torch_function(t)) && !o.module &&
                     !o.cls.valid() && o.kind != ObjKind::Container && o.kind != ObjKind::Instance;
            })) {
          for (size_t i = 1; i < target.children.size(); ++i) eval(target.children[i]);
          break;
        }
      }
      // `self.__dict__[key] = value` with a computed key: an attribute set by name, as setattr does, not an
      // entry added to a container on every call.
      if (const Expr& base = target.children[0];
          base.kind == ExprKind::Attribute && base.text == "__dict__" && !base.children.empty()) {
        Expr attribute;
        attribute.kind = ExprKind::Attribute;
        attribute.site = target.site;
        attribute.text = kDynamicAttribute;
        attribute.children.push_back(base.children[0]);
        // Every value, functions too: an instance's __dict__ is no class installing methods.
        assign_attribute(attribute, values, site, true);
        break;
      }
      // `globals()[name] = model`: the module's own namespace, a global set by name (a module-level
      // `__getattr__` caching what it builds).
      if (const Expr& base = target.children[0];
          base.kind == ExprKind::Call && base.children.size() == 1 &&
          base.children[0].kind == ExprKind::Name && base.children[0].text == "globals" &&
          !is_local(base.children[0].text) &&
          program_.resolve_global(ref_.module, "globals").kind == StaticRef::Kind::Unknown) {
        const std::string& key = target.text;
        const bool literal =
            key.size() > 2 && (key.front() == '\'' || key.front() == '"') && key.back() == key.front();
        const Expr* key_expr = target.children.size() > 1 ? &target.children[1] : nullptr;
        const std::string shown = "globals()[" +
                                  (literal               ? key
                                   : key_expr != nullptr ? describe_target(*key_expr)
                                                         : std::string()) +
                                  "]";
        const std::string name = literal ? key.substr(1, key.size() - 2) : shown;
        const ObjId g = global(ref_.module, name);
        if (!literal) objs_[g].label = "module namespace entry " + shown;
        store(ValueSet{g}, intern_field("value"), values, {site_ref(site, shown + " = ...")},
              EdgeRole::Plain);
        record_event(EventKind::StoreIntoGlobal, g, objs_[g].label, values, site, shown + " = ...");
        break;
      }
      const ValueSet bases = eval(target.children[0]);
      ValueSet keys;
      for (size_t i = 1; i < target.children.size(); ++i) keys.merge(eval(target.children[i]));
      const std::vector<SiteNote> chain{site_ref(site, describe_target(target) + " = ...")};
      if (target.text == ":") {
        // `root[:] = [root, root, None]` copies the elements in; the list on the right is not kept.
        const ValueSet elements = load(values, elements_field(), site);
        if (!elements.empty()) store(bases, elements_field(), elements, chain, EdgeRole::Plain);
        record_store_events(bases, elements, site, target);
        break;
      }
      // A weakref.WeakValueDictionary (`self._views[name] = view`, made in __init__) holds its values weakly.
      ValueSet holders;
      for (ObjId b : bases) {
        if (weak_container(b) != WeakContainer::ValueDictionary) holders.insert(b);
      }
      if (!target.text.empty())
        store(holders, intern_field("[" + target.text + "]"), values, chain, EdgeRole::Plain);
      store(holders, elements_field(), values, chain, EdgeRole::Plain);
      record_store_events(holders, values, site, target);
      record_weak_key_store(bases, keys, values, site, target);
      store_dict_keys(bases, keys, target, site);
      // `by_step[step] = loss`: a key that changes keeps every value, like an append. Not a key the
      // function closes over (`captured[name] = output` in a hook made per layer name): each call of that
      // closure writes the same entry again.
      const bool fixed_key = target.children.size() == 2 && target.children[1].kind == ExprKind::Name &&
                             loop_depth_ == 0 && is_free_var(target.children[1].text);
      // `norms[id(p)] = p.norm()` in a loop over a model's parameters: one entry per parameter, written
      // again each step (the last step's values stay, not every step's). Elements only a caller knows are
      // looked at there (Event::keyed_by).
      const bool keyed_by_loop = target.children.size() == 2 && !loops_.empty() &&
                                 names_loop_target(target.children[1], *loops_.back());
      if (target.text.empty() && !fixed_key && !(keyed_by_loop && any_model_part(loop_elements_.back()))) {
        for (ObjId b : bases) {
          if (loop_depth_ == 0 && !outlives_call(b)) continue;
          Event* event =
              record_event(EventKind::Accumulate, b, accumulator_label(b, &target.children[0]), values, site,
                           "stored under a new key of " + describe_target(target.children[0]));
          if (event != nullptr && keyed_by_loop) event->keyed_by = loop_elements_.back();
        }
      }
      break;
    }
    case ExprKind::Container: {
      for (size_t i = 0; i < target.children.size(); ++i) {
        const Expr& child = target.children[i];
        if (child.kind == ExprKind::Starred) {
          if (child.children.empty()) continue;
          const ObjId rest = at_site(&child, ObjKind::Container, "list", child.site);
          const ValueSet elements = load(values, elements_field(), site);
          if (!elements.empty()) {
            store(ValueSet{rest}, elements_field(), elements, {site_ref(site, "unpacked")}, EdgeRole::Plain);
          }
          assign(child.children[0], ValueSet{rest}, site);
          continue;
        }
        ValueSet element;
        const FieldId slot = intern_field("[" + std::to_string(i) + "]");
        bool from_slots = false;  // read from the slot itself, not from elements shared by every slot
        for (ObjId v : values) {
          auto it = st_.fields.find(field_key(v, slot));
          if (it != st_.fields.end()) {
            element.merge(it->second);
            from_slots = true;
          } else if (!is_positional_container(v)) {
            // An unknown value (`coeff, parts = poly.factor_list()`) gets a stand-in per slot: one for every
            // slot would make `parts.append((coeff, 1))` a list holding itself.
            element.merge(load_keyed(ValueSet{v}, slot, site));
          }
        }
        // `recon, mu = model(x)`: each part of an output with a graph carries it (an object of its own, so
        // that marking it leaves the other parts alone), but not the indices a reduction returns second
        // (`_, predicted = torch.max(out, 1)`).
        if (!from_slots && no_grad_depth_ == 0 && !(i == 1 && is_reduction_call(assigned_value_)) &&
            std::any_of(values.begin(), values.end(), [this](ObjId v) { return is_graph(v); })) {
          element = ValueSet{at_site(&child, ObjKind::Unknown, "element", child.site, 5)};
          mark_graph(element);
        }
        // `node.parent, node = root, node.parent`: each target's value is the matching element on the right.
        const Expr* whole = assigned_value_;
        if (whole != nullptr && whole->kind == ExprKind::Container &&
            whole->children.size() == target.children.size())
          assigned_value_ = &whole->children[i];
        assign(child, element, site);
        assigned_value_ = whole;
      }
      break;
    }
    case ExprKind::Starred:
      if (!target.children.empty()) assign(target.children[0], values, site);
      break;
    default:
      break;
  }
}

void Context::exec_block(const std::vector<Stmt>& body) {
  for (const Stmt& s : body) exec(s);
}

void Context::exec(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Assign: {
      evaluating_assignment_ = &s;
      // `x = x + v` / `self.t = self.t + v`, and `x = torch.cat((x, v))`: an accumulation, like `+=`. Either
      // may be one branch of `x = v if x is None else torch.cat((x, v))`, the first step's start: only that
      // branch's values are accumulated (the other's `v` may be a loss back-propagated on its own).
      const Expr* accumulation = s.targets.size() == 1 ? self_accumulation(s.value, s.targets[0]) : nullptr;
      ValueSet values, accumulated;
      if (accumulation != nullptr && accumulation != &s.value) {
        const size_t branches = choice_branches(s.value);
        if (branches < s.value.children.size()) eval(s.value.children.back());  // the condition
        for (size_t i = 0; i < branches; ++i) {
          const Expr& branch = s.value.children[i];
          const ValueSet branch_values = eval(branch);
          if (&branch == accumulation) accumulated = branch_values;
          values.merge(branch_values);
        }
      } else {
        values = eval(s.value);
        if (accumulation != nullptr) accumulated = values;
      }
      evaluating_assignment_ = nullptr;
      // A decorator applied to a nested function (lowered as `f = decorator(f)`) rebinds `f` only to a
      // callable or object of the project's (the function itself, a wrapper closure, a partial, an instance);
      // a library's (`functools.wraps(fn)`, `torch.no_grad()`) leaves `f` the function it was.
      if (s.text == "@" && std::none_of(values.begin(), values.end(), [this](ObjId v) {
            const ObjKind kind = objs_[v].kind;
            return kind == ObjKind::Closure || kind == ObjKind::BoundMethod || kind == ObjKind::Partial ||
                   kind == ObjKind::Instance || kind == ObjKind::Container;
          }))
        break;
      assigned_value_ = &s.value;
      for (const Expr& target : s.targets) {
        assign(target, values, s.site);
        note_derived_names(target, s.value);
      }
      assigned_value_ = nullptr;
      if (!loops_.empty() && s.value.kind == ExprKind::Call && !autograd_maybe_off() && any_graph(values))
        record_carried_state(s, values);
      if (accumulation != nullptr && evolves_state(*accumulation, s.targets[0])) accumulation = nullptr;
      if (accumulation != nullptr) {
        const Expr& target = s.targets[0];
        const std::string target_text = describe_target(target);
        const ValueSet bases = accumulator_holder(target);
        const bool joined = accumulation->kind == ExprKind::Call;
        Event* event = record_event(
            EventKind::Accumulate, bases.empty() ? kNoObj : bases[0], target_text, accumulated, s.site,
            target_text + " = " +
                (joined ? describe_target(accumulation->children[0]) + "((" + target_text + ", ...))"
                        : target_text + " + ..."));
        if (event != nullptr) {
          if (joined) event->augmented = false;  // every joined tensor stays whole
          if (!bases.empty() && target.kind == ExprKind::Attribute) {
            event->attribute = intern_field(target.text);
            event->accumulator_outlives_loop = accumulator_outlives_loop(bases[0], event->attribute);
          }
        }
      }
      break;
    }
    case StmtKind::AugAssign: {
      if (s.targets.empty()) break;
      const Expr& target = s.targets[0];
      const ValueSet old_values = eval(target);
      const ValueSet addend = eval(s.value);
      // A list or set made here, or the one a class body holds for every instance (`callbacks = []`, read
      // through `self.callbacks`): extended in place, and the name rebound to it.
      auto extended_in_place = [this](ObjId v) {
        const Obj& o = objs_[v];
        if (o.kind != ObjKind::Field || o.base == kNoObj) return o.kind == ObjKind::Container;
        const Obj& owner = objs_[o.base];
        return owner.kind == ObjKind::ClassConst && owner.cls.valid() &&
               program_.shared_container_owner(owner.cls, field_name(o.field)).valid();
      };
      bool in_place_container = !old_values.empty();
      for (ObjId v : old_values) {
        in_place_container &= objs_[v].kind == ObjKind::Container ||
                              ((s.text == "+=" || s.text == "|=") && extended_in_place(v));
      }
      if (in_place_container) {
        // lst += items extends the list in place: in a loop, an accumulation like lst.append(item).
        const ValueSet items = load(addend, elements_field(), s.site);
        store(old_values, elements_field(), items, {site_ref(s.site, describe_target(target) + " += ...")},
              EdgeRole::Plain);
        record_store_events(old_values, items, s.site, target);
        if (loop_depth_ > 0) {
          Event* event = record_event(EventKind::Accumulate, old_values[0], describe_target(target), items,
                                      s.site, describe_target(target) + " += [...]");
          if (event != nullptr) event->augmented = false;  // extends the list: each item is kept, not summed
        }
        break;
      }
      const ObjId value = at_site(&s, ObjKind::Value, "value", s.site);
      for (ObjId op : old_values) objs_[value].operands.push_back(op);
      for (ObjId op : addend) objs_[value].operands.push_back(op);
      if (no_grad_depth_ > 0) objs_[value].no_grad = true;
      assign(target, ValueSet{value}, s.site);
      const ValueSet bases = accumulator_holder(target);
      Event* event =
          record_event(EventKind::Accumulate, bases.empty() ? kNoObj : bases[0], describe_target(target),
                       ValueSet{value}, s.site, describe_target(target) + " " + s.text + " ...");
      if (event != nullptr && !bases.empty() && target.kind == ExprKind::Attribute) {
        event->attribute = intern_field(target.text);
        event->accumulator_outlives_loop = accumulator_outlives_loop(bases[0], event->attribute);
      }
      break;
    }
    case StmtKind::ExprStmt:
      if (s.value.kind == ExprKind::Call) {
        eval_call(s.value, false);
        // `torch.set_grad_enabled(False)` as a statement switches autograd for what follows, callees
        // included; after `model.requires_grad_(False)` the model's outputs may need no graph (not after
        // `delta.requires_grad_()`, which asks for one).
        // The callee's own name (`set_grad_enabled` of `torch.set_grad_enabled`): no string is built for
        // every call statement.
        if (!s.value.children.empty()) {
          const std::string& callee = s.value.children[0].text;
          if (grad_switch(callee) == GradSwitch::MaybeOff ||
              (callee.ends_with("requires_grad_") && !asks_for_grad(s.value, true)))
            ++grad_maybe_off_depth_;
        }
      } else {
        eval(s.value);
      }
      break;
    case StmtKind::Return: {
      ValueSet values = eval(s.value);
      // `return hidden` in a custom Function's forward: autograd hands the caller a new tensor, an alias of
      // the input whose grad_fn is the Function's node (the input itself keeps its own history).
      if (fn_.owner_class >= 0 && fn_.name == "forward" && !params_.empty() && objs_[params_[0]].ctx) {
        ValueSet returned;
        for (ObjId v : values) {
          if (objs_[v].kind != ObjKind::Param || v == params_[0] || marked_dirty(objs_[v].name.str())) {
            returned.insert(v);
            continue;
          }
          const ObjId alias = at_site(&s, ObjKind::Value, "alias of " + objs_[v].name.str(), s.site, 71);
          objs_[alias].tensor = true;
          add_operand(alias, v);
          returned.insert(alias);
        }
        values = std::move(returned);
      }
      ret_.merge(values);
      if (fn_.owner_class >= 0 && fn_.name == "training_step") mark_framework_loss(values);
      if (fn_.owner_class >= 0 && fn_.name == "forward" && !params_.empty() && objs_[params_[0]].ctx) {
        // The outputs of a custom autograd Function get grad_fn = the node that owns ctx.
        ValueSet outputs;
        for (ObjId v : values) {
          if (objs_[v].kind == ObjKind::Container) {
            outputs.merge(load_one(v, elements_field(), s.site));
          } else {
            outputs.insert(v);
          }
        }
        // An input returned as it came is no output of its own, unless forward changed it in place and said
        // so (`ctx.mark_dirty(x); return x`): then the input itself gets the grad_fn. An output marked
        // non-differentiable (`ctx.mark_non_differentiable(count)`) gets none.
        ValueSet non_differentiable;
        for (const std::string& name : names_marked_on_ctx("mark_non_differentiable"))
          non_differentiable.merge(read_name(name, s.site));
        for (ObjId out : outputs) {
          if (objs_[out].kind == ObjKind::Param && !marked_dirty(objs_[out].name.str())) continue;
          if (non_differentiable.contains(out)) continue;
          store(ValueSet{out}, intern_field("grad_fn"), ValueSet{params_[0]},
                {site_ref(s.site, "the returned tensor's grad_fn owns ctx")}, EdgeRole::GradFn);
        }
      }
      break;
    }
    case StmtKind::Delete:
      for (const Expr& target : s.targets) {
        if (target.kind == ExprKind::Name) {
          if (is_cell_var(target.text)) {
            store(ValueSet{cell(target.text)}, intern_field("contents"), {}, {site_ref(s.site, "del")},
                  EdgeRole::Plain);
          } else {
            st_.env.erase(target.text);
          }
        } else if (target.kind == ExprKind::Attribute && !target.children.empty()) {
          const ValueSet bases = eval(target.children[0]);
          if (bases.size() == 1 && !objs_[bases[0]].summary) {
            set_field(bases[0], intern_field(target.text), {}, true);
          }
        } else {
          eval(target);
        }
      }
      break;
    case StmtKind::Raise: {
      const ValueSet raised = eval(s.value);
      if (!handler_exceptions_.empty()) raise_chained(raised, s.site, choice_of(s.value));
      keep_traceback_on_module_level_exception(raised, s);
      break;
    }
    case StmtKind::If: {
      eval(s.value);
      HeapState before = st_;
      const size_t guards = distinct_names_.size();
      collect_distinct_names(s.value);
      const std::vector<ClassNarrowing> class_narrowings = narrow_to_project_class(s.value);
      exec_block(s.body);
      restore_narrowed(class_narrowings);
      distinct_names_.resize(guards);
      HeapState after_body = std::move(st_);
      st_ = std::move(before);
      const Expr* tensor_tested = tensor_test_subject(s.value);
      if (tensor_tested != nullptr) narrow_to_non_tensor(tensor_tested->text, s.site);
      const Expr* exception_tested = exception_test_subject(s.value);
      if (exception_tested != nullptr) narrow_to_non_exception(exception_tested->text);
      exec_block(s.orelse);
      // `if torch.is_tensor(v): return ...`: below the `if`, `v` is what the test failed on. (Other
      // variables keep both paths: the frame a traceback keeps has the body's.)
      const bool body_leaves = !s.body.empty() && (s.body.back().kind == StmtKind::Return ||
                                                   s.body.back().kind == StmtKind::Raise);
      for (const Expr* tested : {tensor_tested, exception_tested}) {
        if (tested == nullptr || !body_leaves) continue;
        auto narrowed = st_.env.find(tested->text);
        auto in_body = after_body.env.find(tested->text);
        if (narrowed != st_.env.end() && in_body != after_body.env.end()) in_body->second = narrowed->second;
      }
      join_into(st_, after_body);
      break;
    }
    case StmtKind::For:
    case StmtKind::While: {
      ValueSet elements, iterable;
      if (s.kind == StmtKind::For) {
        iterable = eval(s.value);
        elements = iterated(iterable, s.value.site);
        if (no_grad_depth_ == 0 && any_graph(iterable)) mark_graph(elements);
      } else {
        eval(s.value);
      }
      const HeapState before = st_;
      const ObjId first_obj = static_cast<ObjId>(objs_.size());
      // One turn of the body from the current state; a second one from where the first left off when the
      // first hands the next objects it made (see turn_carries_objects).
      auto run_turn = [&](bool first_turn) {
        ++loop_depth_;
        loops_.push_back(&s);
        loop_first_obj_.push_back(first_obj);
        loop_elements_.push_back(elements);
        if (first_turn) loop_entries_.push_back(LoopEntry{&before, first_obj, {}, {}});
        // `while node is not root: ...`: in the body, as under an `if`, the two are distinct objects.
        const size_t guards = distinct_names_.size();
        if (s.kind == StmtKind::While) collect_distinct_names(s.value);
        if (s.kind == StmtKind::For && !s.targets.empty()) {
          assign(s.targets[0], elements, s.site);
          note_derived_names(s.targets[0], s.value);
        }
        const size_t ring_stores = s.kind == StmtKind::For ? note_ring_stores(s) : 0;
        if (s.kind == StmtKind::For && first_turn) load_dataset_items(iterable, s.value);
        exec_block(s.body);
        ring_closing_values_.resize(ring_closing_values_.size() - ring_stores);
        distinct_names_.resize(guards);
        bool carries = false;
        if (first_turn) {
          carries = turn_carries_objects(loop_entries_.back());
          loop_entries_.pop_back();
        }
        loops_.pop_back();
        loop_first_obj_.pop_back();
        loop_elements_.pop_back();
        --loop_depth_;
        return carries;
      };
      if (run_turn(true) && loop_depth_ < kMaxLoopTurnsDepth && objs_.size() < kMaxObjects &&
          statement_count(s.body) <= kMaxSecondTurnStatements) {
        // What the first turn made stands for what every turn makes from here on (not the placeholders it
        // observed, each one object that was there before).
        for (ObjId id = first_obj; id < objs_.size(); ++id) {
          if (made_here(id)) objs_[id].summary = true;
        }
        join_into(st_, before);
        ++later_turns_;
        run_turn(false);
        --later_turns_;
      }
      if (!(s.kind == StmtKind::For && iterates_at_least_once(s.value))) join_into(st_, before);
      if (s.kind == StmtKind::While) empty_drained_container(s);
      if (s.kind == StmtKind::For) finish_exhausted_generators(s, iterable);
      exec_block(s.orelse);
      break;
    }
    case StmtKind::Try:
      exec_try(s);
      break;
    case StmtKind::With: {
      int no_grad = 0, grad_maybe_off = 0;
      std::vector<ValueSet> managers(s.value.children.size());
      for (size_t i = 0; i < s.value.children.size(); ++i) {
        const Expr& context = s.value.children[i];
        const ValueSet values = eval(context);
        // `set_grad_enabled(phase == "train")` is off in some runs only: values stay graphs there (a loss
        // computed there may be back-propagated), but what is kept there may hold none.
        if (context.kind == ExprKind::Call && !context.children.empty()) {
          const GradSwitch made = grad_switch(describe_target(context.children[0]));
          no_grad += made == GradSwitch::Off;
          grad_maybe_off += made == GradSwitch::MaybeOff;
        } else if (!values.empty()) {
          // `ctx = torch.no_grad(); with ctx:` turns autograd off; `with torch.no_grad() if evaluating else
          // nullcontext():` may.
          size_t off = 0, maybe_off = 0;
          for (ObjId v : values) {
            const GradSwitch made = grad_switch(objs_[v].qualified.str());
            off += made == GradSwitch::Off;
            maybe_off += made == GradSwitch::MaybeOff;
          }
          if (off == 1 && values.size() == 1) {
            ++no_grad;
          } else if (off + maybe_off > 0) {
            ++grad_maybe_off;
          }
        }
        const ValueSet entered = enter_contexts(values, context, managers[i]);
        if (i < s.targets.size() && s.targets[i].kind != ExprKind::Unknown)
          assign(s.targets[i], entered, s.site);
      }
      if (no_grad > 0 || grad_maybe_off > 0) solver_.note_names_called(s.body);
      no_grad_depth_ += no_grad;
      grad_maybe_off_depth_ += grad_maybe_off;
      exec_block(s.body);
      grad_maybe_off_depth_ -= grad_maybe_off;
      no_grad_depth_ -= no_grad;
      // Innermost first, as Python leaves them.
      for (size_t i = managers.size(); i-- > 0;) {
        if (!managers[i].empty()) exit_contexts(managers[i], s.value.children[i]);
      }
      break;
    }
    case StmtKind::FunctionDef: {
      const CodeRef code{ref_.module, s.function_index};
      const Function& nested = program_.function(code);
      if (ref_.index == 0 || nested.parent_function == 0) {
        StaticRef r;
        r.kind = StaticRef::Kind::ProjectFunction;
        r.code = code;
        write_name(s.text, ValueSet{constant(r)}, s.site);
        break;
      }
      const ObjId closure = at_site(&s, ObjKind::Closure, "function " + nested.name, nested.site);
      objs_[closure].fn = code;
      for (const std::string& free : nested.free_vars) {
        ValueSet target;
        if (is_cell_var(free)) {
          target = ValueSet{cell(free)};
        } else if (is_free_var(free) && func_self_ != kNoObj) {
          target = load(ValueSet{func_self_}, intern_field("cell:" + free), nested.site);
        }
        store(ValueSet{closure}, intern_field("cell:" + free), target,
              {site_ref(nested.site, "function " + nested.name + " captures " + free)}, EdgeRole::Capture);
      }
      keep_defaults(closure, nested);
      write_name(s.text, ValueSet{closure}, s.site);
      break;
    }
    case StmtKind::ClassDef: {
      StaticRef r;
      r.kind = StaticRef::Kind::ProjectClass;
      r.code = CodeRef{ref_.module, s.class_index};
      const ObjId made = constant(r);
      write_name(s.text, ValueSet{made}, s.site);
      if (ref_.index != 0) {
        note_class_made_per_call(s);
        keep_method_closures(made, s);
      }
      break;
    }
    case StmtKind::Import:
      for (const ImportBinding& b : s.imports) {
        const ObjId id = constant(program_.resolve_import(ref_.module, b));
        if (id != kNoObj) write_name(b.local_name, ValueSet{id}, s.site);
      }
      break;
    case StmtKind::Global:
    case StmtKind::Nonlocal:
    case StmtKind::Break:
    case StmtKind::Continue:
      break;
  }
}

void Context::raise_chained(const ValueSet& raised, const Site& site, uint32_t choice) {
  const ObjId handled = handler_exceptions_.back();  // an ObjKind::Exception
  ValueSet chained;
  for (ObjId v : raised) {
    const ObjKind kind = objs_[v].kind;
    // A new exception object; re-raising the handled one (`raise`, `raise err`, or it with another traceback)
    // or one caught from a call chains nothing.
    if ((kind == ObjKind::Instance || kind == ObjKind::LibInstance || kind == ObjKind::Unknown) &&
        !objs_[v].raised)
      chained.insert(v);
  }
  if (chained.empty()) return;
  for (ObjId v : chained) objs_[v].raised = true;
  // `error = make_error(e); raise error from e`, `error` one of several exceptions: whichever it is keeps the
  // handled one, and the frame's local keeps that same one.
  store_base_choice_ = choice;
  store(chained, intern_field("__context__"), ValueSet{handled},
        {site_ref(site,
                  "raised while handling " + objs_[handled].label.str() + ", which it keeps as __context__")},
        EdgeRole::Frame);
  store_base_choice_ = 0;
  note_raised(chained);
}

bool Context::handler_catches(const Expr& type, ObjId raised) const {
  std::vector<const Expr*> names;
  if (type.kind == ExprKind::Container) {
    for (const Expr& element : type.children) names.push_back(&element);
  } else if (type.kind == ExprKind::Name || type.kind == ExprKind::Attribute) {
    names.push_back(&type);
  } else {
    return true;  // a bare `except:`
  }
  const Obj& o = objs_[raised];
  for (const Expr* name : names) {
    if (name->kind != ExprKind::Name && name->kind != ExprKind::Attribute) continue;
    if (name->text == "Exception" || name->text == "BaseException") return true;
    if (o.cls.valid()) {
      const StaticRef handled = program_.resolve_dotted(ref_.module, describe_target(*name));
      if (handled.kind == StaticRef::Kind::ProjectClass) {
        if (program_.is_subclass_of(o.cls, handled.code)) return true;
        continue;
      }
      for (const std::string& base : program_.class_info(o.cls).external_bases) {
        if (last_component(base) == name->text) return true;
      }
    } else if (o.kind == ObjKind::LibInstance && last_component(o.qualified.str()) == name->text) {
      return true;
    }
  }
  return false;
}

void Context::note_raised(const ValueSet& raised) {
  if (raised.empty()) return;
  (try_raised_.empty() ? raised_ : try_raised_.back()).merge(raised);
}

ValueSet Context::without_traceback(const ValueSet& receivers, const Expr& node) {
  const FieldId context = intern_field("__context__");
  ValueSet contexts;
  for (ObjId r : receivers) {
    auto it = st_.fields.find(field_key(r, context));
    if (it == st_.fields.end()) continue;
    // What the field held before the raise set it (a library exception's placeholder) is not a context.
    for (ObjId v : it->second) {
      if (!is_placeholder(v)) contexts.insert(v);
    }
  }
  const bool none = node.children[1].kind == ExprKind::Literal && node.children[1].text == "None";
  const ObjId bare =
      at_site(&node, ObjKind::Exception,
              none ? "exception without its traceback" : "exception with another traceback", node.site);
  if (!contexts.empty()) {
    store(ValueSet{bare}, context, contexts,
          {site_ref(node.site, "with_traceback() keeps the exception's __context__")}, EdgeRole::Frame);
  }
  return ValueSet{bare};
}

void Context::exec_try(const Stmt& s) {
  HeapState before = st_;
  try_raised_.emplace_back();
  exec_block(s.body);
  const ValueSet raised_in_body = std::move(try_raised_.back());
  try_raised_.pop_back();
  // The exceptions raised in the body that each handler names; those no handler names leave the `try`, for
  // an enclosing one or the caller.
  std::vector<ValueSet> caught_by(s.handlers.size());
  ValueSet uncaught;
  for (ObjId v : raised_in_body) {
    bool caught = false;
    for (size_t i = 0; i < s.handlers.size(); ++i) {
      if (!handler_catches(s.handlers[i].type, v)) continue;
      caught_by[i].insert(v);
      caught = true;
    }
    if (!caught) uncaught.insert(v);
  }
  note_raised(uncaught);
  HeapState after_body = st_;
  exec_block(s.orelse);
  HeapState merged = st_;
  for (size_t handler_index = 0; handler_index < s.handlers.size(); ++handler_index) {
    const Handler& h = s.handlers[handler_index];
    const ValueSet& caught_from_body = caught_by[handler_index];
    st_ = before;
    join_into(st_, after_body);
    eval(h.type);
    // The caught exception keeps its traceback, which keeps this frame and so every local of it. Under
    // `except*` the name is an ExceptionGroup of the matched exceptions, with a traceback of its own.
    std::string type = h.group ? "ExceptionGroup" : describe_target(h.type);
    const ObjId exception = at_site(&h, ObjKind::Exception, type.empty() ? "exception" : type, h.site);
    const ObjId tb = at_site(&h, ObjKind::Traceback, "traceback", h.site, 1);
    store(ValueSet{exception}, intern_field("__traceback__"), ValueSet{tb},
          {site_ref(h.site, "the exception keeps its traceback")}, EdgeRole::Frame);
    store(ValueSet{tb}, intern_field("tb_frame"), ValueSet{frame(true)},
          {site_ref(h.site, "the traceback keeps the frame of " + fn_.name + "()")}, EdgeRole::Frame);
    handler_exceptions_.push_back(exception);
    ValueSet caught{exception};
    if (!caught_from_body.empty()) {
      // Python adds this frame to the traceback of an exception that reaches this handler.
      store(caught_from_body, intern_field("__traceback__"), ValueSet{tb},
            {site_ref(h.site, "the exception keeps its traceback")}, EdgeRole::Frame);
      if (h.group) {
        store(ValueSet{exception}, intern_field("exceptions"), caught_from_body,
              {site_ref(h.site, "the ExceptionGroup holds the exceptions it matched")}, EdgeRole::Frame);
      } else {
        caught.merge(caught_from_body);
      }
    }
    if (!h.name.empty()) write_name(h.name, caught, h.site);
    exec_block(h.body);
    // Python deletes the `as` name when the handler ends.
    if (!h.name.empty() && !is_cell_var(h.name)) {
      st_.env.erase(h.name);
    }
    handler_exceptions_.pop_back();
    join_into(merged, st_);
  }
  st_ = std::move(merged);
  exec_block(s.finalbody);
}

// `value` itself, or the branch of a conditional `value`, that adds to or joins onto `target` (`x + v`,
// `torch.cat((x, v))` for `x`); null when none does.
const Expr* Context::self_accumulation(const Expr& value, const Expr& target) {
  if (value.kind == ExprKind::Choice) {
    for (size_t i = 0; i < choice_branches(value); ++i) {
      const Expr& branch = value.children[i];
      if (branch.kind == ExprKind::Choice) continue;  // one level: the branches are evaluated one by one
      if (const Expr* found = self_accumulation(branch, target)) return found;
    }
    return nullptr;
  }
  const Expr* operands = value.kind == ExprKind::Arith ? &value : concatenated_display(value);
  if (operands == nullptr) return nullptr;
  const std::string target_text = describe_target(target);  // only now: most assignments get no further
  if (target_text.empty()) return nullptr;
  // The old value may sit inside nested arithmetic: `avg = 0.9 * avg + 0.1 * loss`.
  auto mentions_target = [&target_text](const Expr& operand, int depth, auto& self) -> bool {
    if (describe_target(operand) == target_text) return true;
    if (operand.kind != ExprKind::Arith || depth >= 3) return false;
    return std::any_of(operand.children.begin(), operand.children.end(),
                       [&](const Expr& inner) { return self(inner, depth + 1, self); });
  };
  const bool self_referencing =
      std::any_of(operands->children.begin(), operands->children.end(),
                  [&](const Expr& operand) { return mentions_target(operand, 0, mentions_target); });
  return self_referencing ? &value : nullptr;
}

const Expr* Context::exception_test_subject(const Expr& condition) {
  if (condition.kind != ExprKind::Call || condition.children.size() != 3 ||
      condition.children[0].kind != ExprKind::Name || condition.children[0].text != "isinstance" ||
      condition.children[1].kind != ExprKind::Name) {
    return nullptr;
  }
  auto names_exception = [](const Expr& e) {
    if (e.kind != ExprKind::Name && e.kind != ExprKind::Attribute) return false;
    const std::string& name = e.text;
    return name.ends_with("Exception") || name.ends_with("Error");
  };
  const Expr& tested = condition.children[2];
  const bool all_exceptions =
      tested.kind == ExprKind::Container
          ? !tested.children.empty() &&
                std::all_of(tested.children.begin(), tested.children.end(), names_exception)
          : names_exception(tested);
  return all_exceptions ? &condition.children[1] : nullptr;
}

const Expr* Context::tensor_test_subject(const Expr& condition) {
  if (condition.kind != ExprKind::Call || condition.children.size() < 2) return nullptr;
  const Expr& callee = condition.children[0];
  const Expr& subject = condition.children[1];
  if (subject.kind != ExprKind::Name || condition.arg_names.size() < 2 || !condition.arg_names[1].empty())
    return nullptr;
  if (callee.kind == ExprKind::Attribute && callee.text == "is_tensor" && condition.children.size() == 2)
    return &subject;
  if (callee.kind != ExprKind::Name || condition.children.size() != 3) return nullptr;
  const Expr& tested = condition.children[2];
  if (callee.text == "hasattr") {
    // Attributes every tensor has, that a number, a string or a container has not.
    static const char* const kTensorAttributes[] = {"'item'",   "'detach'",  "'cpu'",           "'numpy'",
                                                    "'tolist'", "'grad_fn'", "'requires_grad'", "'backward'"};
    for (const char* attribute : kTensorAttributes) {
      if (tested.kind == ExprKind::Literal && tested.text == attribute) return &subject;
    }
    return nullptr;
  }
  if (callee.text != "isinstance") return nullptr;
  auto names_tensor = [](const Expr& type) {
    return (type.kind == ExprKind::Attribute || type.kind == ExprKind::Name) && type.text == "Tensor";
  };
  if (names_tensor(tested)) return &subject;
  // `isinstance(v, (torch.Tensor, np.ndarray))`: failing it, `v` is no tensor either.
  if (tested.kind == ExprKind::Container && tested.container == ContainerKind::Tuple &&
      std::any_of(tested.children.begin(), tested.children.end(), names_tensor))
    return &subject;
  return nullptr;
}

CodeRef Context::followable_project_class(const StaticRef& ref) const {
  if (ref.kind != StaticRef::Kind::ProjectClass) return {};
  // A subclass of another library class (the project's own `Tensor` when torch is checked) may do anything
  // through methods the analysis cannot see; a torch module's library methods are modelled.
  const ClassInfo& info = program_.class_info(ref.code);
  return info.external_bases.empty() || info.is_nn_module ? ref.code : CodeRef{};
}

std::vector<Context::ClassNarrowing> Context::narrow_to_project_class(const Expr& condition) {
  std::vector<ClassNarrowing> placeholders;
  narrow_to_project_class(condition, placeholders);
  return placeholders;
}

void Context::narrow_to_project_class(const Expr& condition, std::vector<ClassNarrowing>& placeholders) {
  if (condition.kind == ExprKind::Choice && condition.text == "and") {
    for (const Expr& operand : condition.children) narrow_to_project_class(operand, placeholders);
    return;
  }
  if (condition.kind != ExprKind::Call || condition.children.size() != 3 ||
      condition.children[0].kind != ExprKind::Name || condition.children[0].text != "isinstance" ||
      condition.children[1].kind != ExprKind::Name)
    return;
  const std::string& name = condition.children[1].text;
  if (!is_local(name) || is_cell_var(name) || is_free_var(name)) return;
  auto binding = st_.env.find(name);
  if (binding == st_.env.end()) return;
  std::vector<CodeRef> classes;
  const Expr& tested = condition.children[2];
  auto add_class = [&](const Expr& e) {
    if (e.kind != ExprKind::Name && e.kind != ExprKind::Attribute) return;
    const CodeRef cls = followable_project_class(program_.resolve_expr(ref_.module, e));
    if (cls.valid()) classes.push_back(cls);
  };
  if (tested.kind == ExprKind::Container && tested.container == ContainerKind::Tuple) {
    for (const Expr& element : tested.children) add_class(element);
  } else {
    add_class(tested);
  }
  if (classes.empty()) return;
  // `isinstance(m, (Conv, DWConv))` with DWConv a Conv: a placeholder is seen as the common base.
  CodeRef common;
  for (CodeRef candidate : classes) {
    if (std::all_of(classes.begin(), classes.end(),
                    [&](CodeRef cls) { return program_.is_subclass_of(cls, candidate); })) {
      common = candidate;
      break;
    }
  }
  static const char kNarrowed = 0;  // keys the narrowed objects apart from others made at the test
  ValueSet narrowed;
  for (ObjId v : binding->second.values) {
    Obj& o = objs_[v];
    if (o.cls.valid()) {
      narrowed.insert(v);
      continue;
    }
    ObjId root = v;
    while (objs_[root].kind == ObjKind::Field && objs_[root].base != kNoObj) root = objs_[root].base;
    const ObjKind root_kind = objs_[root].kind;
    if (root_kind == ObjKind::Param || root_kind == ObjKind::Global || root_kind == ObjKind::Default) {
      // What a caller provides keeps its identity, so that what the body stores into it reaches the
      // caller's object: it is given the class for the body's time only.
      if (common.valid() && o.kind != ObjKind::Default) {
        placeholders.push_back(ClassNarrowing{v, o.module});
        o.cls = common;
        o.module = o.module || program_.class_info(common).is_nn_module;
      }
      narrowed.insert(v);
      continue;
    }
    if (o.kind != ObjKind::Unknown && o.kind != ObjKind::LibInstance && o.kind != ObjKind::Field) {
      narrowed.insert(v);
      continue;
    }
    // An object from a library (`for m in model.modules()` on a model made here): an instance of each class.
    for (size_t i = 0; i < classes.size(); ++i) {
      const SiteKey key{&condition, &kNarrowed, (uint64_t{v} << 8) | i};
      auto [it, added] = site_objects_.try_emplace(key, kNoObj);
      if (added) {
        const ClassInfo& info = program_.class_info(classes[i]);
        Obj instance;
        instance.kind = ObjKind::Instance;
        instance.cls = classes[i];
        instance.label = program_.class_def(classes[i]).name;
        instance.site = site_ref(condition.site);
        instance.summary = objs_[v].summary || loop_depth_ > 0;
        instance.module = info.is_nn_module;
        instance.has_del = info.defines_del;
        it->second = add(std::move(instance));
      }
      narrowed.insert(it->second);
    }
  }
  binding->second.values = std::move(narrowed);
}

void Context::restore_narrowed(const std::vector<ClassNarrowing>& placeholders) {
  for (auto it = placeholders.rbegin(); it != placeholders.rend(); ++it) {
    objs_[it->placeholder].cls = {};
    objs_[it->placeholder].module = it->module;
  }
}

void Context::narrow_to_non_tensor(const std::string& name, const Site& site) {
  if (!is_local(name) || is_cell_var(name) || is_free_var(name)) return;
  auto it = st_.env.find(name);
  if (it == st_.env.end()) return;
  ValueSet narrowed;
  for (ObjId v : it->second.values) {
    switch (objs_[v].kind) {
      case ObjKind::Param:
      case ObjKind::Global:
      case ObjKind::Field:
      case ObjKind::Default:
      case ObjKind::LibInstance:
      case ObjKind::Value:
      case ObjKind::Unknown: {
        // May be a tensor: seen as a value computed from it with autograd off, which no graph reaches.
        const ObjId value = at_site(&site, ObjKind::Value, "value", site, 12);
        add_operand(value, v);
        objs_[value].no_grad = true;
        narrowed.insert(value);
        break;
      }
      default:  // an instance, container or callable made here: no tensor, kept as it is
        narrowed.insert(v);
    }
  }
  it->second.values = std::move(narrowed);
}

bool Context::any_model_part(const ValueSet& elements) const {
  auto part = [this](ObjId v) { return objs_[v].parameter || objs_[v].module; };
  for (ObjId v : elements) {
    if (part(v)) return true;
    // named_parameters() / named_modules() yield (name, part) pairs.
    if (objs_[v].kind != ObjKind::Container) continue;
    auto second = st_.fields.find(field_key(v, intern_field("[1]")));
    if (second != st_.fields.end() && std::any_of(second->second.begin(), second->second.end(), part))
      return true;
  }
  return false;
}

bool Context::holds_graph(const ValueSet& values) const {
  for (ObjId v : values) {
    if (is_graph(v)) return true;
    if (objs_[v].kind != ObjKind::Container) continue;
    auto elements = st_.fields.find(field_key(v, elements_field()));
    if (elements != st_.fields.end() && std::any_of(elements->second.begin(), elements->second.end(),
                                                    [this](ObjId e) { return is_graph(e); }))
      return true;
  }
  return false;
}

void Context::update_in_place(const Expr& call, const std::string& method, const std::vector<Arg>& args) {
  if (autograd_maybe_off() || call.children.empty() || call.children[0].kind != ExprKind::Attribute ||
      call.children[0].children.empty())
    return;
  ValueSet added;
  for (const Arg& a : args) added.merge(a.values);
  if (added.empty()) return;
  // Through a chain of in-place updates (`avg.mul_(0.9).add_(x)` updates `avg`).
  const Expr* target = &call.children[0].children[0];
  while (target->kind == ExprKind::Call && !target->children.empty() &&
         target->children[0].kind == ExprKind::Attribute && is_in_place_update(target->children[0].text) &&
         !target->children[0].children.empty())
    target = &target->children[0].children[0];
  // `self.avg`, `RUNNING`, or a literal key's slot (`state["exp_avg"]`).
  const bool keyed_slot = target->kind == ExprKind::Subscript && !target->text.empty() && target->text != ":";
  if (target->kind != ExprKind::Attribute && target->kind != ExprKind::Name && !keyed_slot) return;
  if (target->kind == ExprKind::Attribute && target->text == "grad") {
    // `u.grad.add_(smoothness_grad(u))` with autograd on: the graph added reaches the tensor again.
    if (any_graph(added))
      record_event(EventKind::GraphIntoGrad, kNoObj, describe_target(*target), added, call.site,
                   describe_target(*target) + "." + method + "(...)");
    return;
  }
  const ValueSet old_values = eval(*target);
  // A tensor, or what may be one: not a module, a container or an instance of a project class.
  if (old_values.empty() || std::any_of(old_values.begin(), old_values.end(), [this](ObjId v) {
        const Obj& o = objs_[v];
        return o.module || o.cls.valid() || o.kind == ObjKind::Container || o.kind == ObjKind::Instance;
      }))
    return;
  const ObjId value = at_site(&call, ObjKind::Value, "value", call.site, 3);
  for (ObjId op : old_values) add_operand(value, op);
  for (ObjId op : added) add_operand(value, op);
  objs_[value].tensor = true;
  // Here, or where a caller knows what was added (the operands).
  if (any_graph(added)) objs_[value].graph = true;
  const bool global_name = target->kind == ExprKind::Name && !is_local(target->text);
  if (target->kind == ExprKind::Attribute || keyed_slot) {
    assign(*target, ValueSet{value}, call.site);  // what a caller sees in the attribute or slot
  } else if (!global_name) {
    // A local names the same tensor as before, now computed from what was added too (`buf.copy_(t)`).
    for (ObjId old : old_values) {
      if (is_placeholder(old)) continue;
      for (ObjId op : added) add_operand(old, op);
      if (objs_[value].graph) objs_[old].graph = true;
    }
  }
  const std::string text = describe_target(*target);
  // A local made in this call (`reduced = x.clone(); reduced.div_(n)`) accumulates nothing across calls; in
  // this function's loop, only one made before the loop does.
  if (target->kind == ExprKind::Name && !global_name &&
      (loop_first_obj_.empty() || std::any_of(old_values.begin(), old_values.end(), [this](ObjId v) {
         return v >= loop_first_obj_.back() && !is_placeholder(v);
       })))
    return;
  const ValueSet bases = accumulator_holder(*target);
  Event* event = record_event(EventKind::Accumulate, bases.empty() ? kNoObj : bases[0], text, ValueSet{value},
                              call.site, text + "." + method + "(...)");
  if (event != nullptr) {
    event->augmented = true;
    if (!bases.empty() && target->kind == ExprKind::Attribute) {
      event->attribute = intern_field(target->text);
      event->accumulator_outlives_loop = accumulator_outlives_loop(bases[0], event->attribute);
    }
  }
  // A module-level tensor (`RUNNING.add_(loss)`): kept there with its graph.
  if (global_name) {
    for (ObjId g : old_values) {
      if (objs_[g].kind == ObjKind::Global)
        record_event(EventKind::StoreIntoGlobal, g, text, ValueSet{value}, call.site,
                     text + "." + method + "(...)");
    }
  }
}

bool Context::names_loop_target(const Expr& e, const Stmt& loop) const {
  if (loop.kind != StmtKind::For || loop.targets.empty()) return false;
  std::vector<std::string> bound;
  for_each_expr(loop.targets[0], [&](const Expr& t) {
    if (t.kind == ExprKind::Name) bound.push_back(t.text);
  });
  auto reads_bound = [&bound](const Expr& value) {
    bool found = false;
    for_each_expr(value, [&](const Expr& x) {
      found |= x.kind == ExprKind::Name && std::find(bound.begin(), bound.end(), x.text) != bound.end();
    });
    return found;
  };
  // Names the loop body makes from them (`key = id(p)`), two steps deep.
  for (int pass = 0; pass < 2; ++pass) {
    for_each_statement(loop.body, [&](const Stmt& s) {
      if (s.kind == StmtKind::Assign && s.targets.size() == 1 && s.targets[0].kind == ExprKind::Name &&
          std::find(bound.begin(), bound.end(), s.targets[0].text) == bound.end() && reads_bound(s.value))
        bound.push_back(s.targets[0].text);
    });
  }
  return reads_bound(e);
}

namespace {

// Calls that only look at a class.
bool only_inspects(const Expr& callee) {
  static const std::unordered_set<std::string_view> kInspecting{"isinstance", "issubclass", "type",  "super",
                                                                "getattr",    "hasattr",    "print", "repr",
                                                                "str",        "id",         "len",   "vars"};
  return callee.kind == ExprKind::Name && kInspecting.count(callee.text) != 0;
}

// Whether `e`'s value may be what the local `name` holds, or hold it: `C`, `C.apply`, `(C, 1)`, `f(C)`; not
// the result of a call made on it (`C.apply(x)`, `C()` hands out something else).
bool value_names(const Expr& e, const std::string& name) {
  if (e.kind == ExprKind::Name) return e.text == name;
  const size_t first = e.kind == ExprKind::Call ? 1 : 0;  // a call's callee is not its value
  for (size_t i = first; i < e.children.size(); ++i) {
    if (value_names(e.children[i], name)) return true;
  }
  return false;
}

}  // namespace

Context::LocalEscape Context::how_local_escapes(const std::string& name, int32_t own_class) const {
  bool returned = false, kept = false;
  for_each_statement(fn_.body, [&](const Stmt& s) {
    if (kept) return;
    if (s.kind == StmtKind::Return) returned |= value_names(s.value, name);
    if (s.kind == StmtKind::Raise) kept |= value_names(s.value, name);
    if (s.kind == StmtKind::Assign) {
      for (const Expr& target : s.targets)
        kept |= target.kind != ExprKind::Name && value_names(s.value, name);
    }
    auto visit = [&](const Expr& e) {
      if (e.kind != ExprKind::Call || e.children.empty() || only_inspects(e.children[0])) return;
      for (size_t i = 1; i < e.children.size(); ++i) kept |= value_names(e.children[i], name);
    };
    for_each_expr(s.value, visit);
    for (const Expr& target : s.targets) for_each_expr(target, visit);
  });
  // A nested function (not one of the class's own methods) that reads it.
  for (const Function& f : program_.module(ref_.module).functions) {
    if (kept) break;
    if (f.parent_function != ref_.index || (own_class >= 0 && f.owner_class == own_class)) continue;
    kept = std::find(f.free_vars.begin(), f.free_vars.end(), name) != f.free_vars.end();
  }
  return kept ? LocalEscape::Kept : returned ? LocalEscape::Returned : LocalEscape::Stays;
}

Context::LocalEscape Context::how_result_escapes(const Expr& call) const {
  std::optional<LocalEscape> found;
  for_each_statement(fn_.body, [&](const Stmt& s) {
    if (found) return;
    // `make(...)(x)`: called and dropped.
    auto called_at_once = [&call](const Expr& e) {
      return e.kind == ExprKind::Call && !e.children.empty() && &e.children[0] == &call;
    };
    bool contains = &s.value == &call, called = false;
    for_each_expr(s.value, [&](const Expr& e) {
      contains |= &e == &call;
      called |= called_at_once(e);
    });
    if (!contains) return;
    if (called || (s.kind == StmtKind::ExprStmt && &s.value == &call)) {
      found = LocalEscape::Stays;
    } else if (s.kind == StmtKind::Return && value_names_call(s.value, call)) {
      found = LocalEscape::Returned;
    } else if (s.kind == StmtKind::Assign && &s.value == &call && s.targets.size() == 1 &&
               s.targets[0].kind == ExprKind::Name) {
      found = how_local_escapes(s.targets[0].text, -1);
    } else {
      found = LocalEscape::Kept;
    }
  });
  return found.value_or(LocalEscape::Kept);
}

bool Context::value_names_call(const Expr& e, const Expr& call) {
  if (&e == &call) return true;
  if (e.kind == ExprKind::Call) return false;  // what a call on it gives back is something else
  return std::any_of(e.children.begin(), e.children.end(),
                     [&call](const Expr& child) { return value_names_call(child, call); });
}

void Context::keep_traceback_on_module_level_exception(const ValueSet& raised, const Stmt& statement) {
  for (ObjId r : raised) {
    if (objs_[r].kind != ObjKind::Global || objs_[r].module_index < 0) continue;
    // Copied: the objects made below may move objs_.
    const int32_t module = objs_[r].module_index;
    const std::string name = objs_[r].name.str();
    const PooledText label = objs_[r].label;
    // An instance made by a call at import (`STOP_TRAINING = StopTraining()`), not a class.
    if (!program_.global_instance_class(module, name).valid() &&
        program_.global_call_qualified(module, name).empty())
      continue;
    const ObjId tb = at_site(&statement, ObjKind::Traceback, "traceback", statement.site, 63);
    store(ValueSet{tb}, intern_field("tb_frame"), ValueSet{frame()},
          {site_ref(statement.site, "the traceback keeps the frame of " + fn_.qualname + "()")},
          EdgeRole::Frame);
    const std::string raising = "raise " + name;
    store(ValueSet{r}, intern_field("__traceback__"), ValueSet{tb},
          {site_ref(statement.site, raising + " sets its traceback")}, EdgeRole::Frame);
    record_event(EventKind::StoreIntoGlobal, r, label, ValueSet{tb}, statement.site, raising);
  }
}

namespace {

// `xs` or `self.xs`: the same variable or attribute chain, written the same way.
bool same_reference(const Expr& a, const Expr& b) {
  if (a.kind != b.kind || a.text != b.text) return false;
  if (a.kind == ExprKind::Name) return true;
  return a.kind == ExprKind::Attribute && a.children.size() == 1 && b.children.size() == 1 &&
         same_reference(a.children[0], b.children[0]);
}

// The variable an attribute chain or subscript starts from (`peer` in `peer.out_peers[k]`), or null.
const Expr* chain_root(const Expr& e) {
  const Expr* at = &e;
  while ((at->kind == ExprKind::Attribute || at->kind == ExprKind::Subscript) && !at->children.empty())
    at = &at->children[0];
  return at->kind == ExprKind::Name ? at : nullptr;
}

}  // namespace

size_t Context::note_element_ring_stores(const Stmt& loop) {
  if (loop.targets.empty() || loop.targets[0].kind != ExprKind::Name) return 0;
  const Expr& list = loop.value;
  if (list.kind != ExprKind::Name && list.kind != ExprKind::Attribute) return 0;
  const std::string& element = loop.targets[0].text;
  bool leaves = false;
  for_each_statement(loop.body, [&leaves](const Stmt& st) {
    leaves |= st.kind == StmtKind::Break || st.kind == StmtKind::Continue || st.kind == StmtKind::Return ||
              st.kind == StmtKind::Raise;
  });
  if (leaves) return 0;
  // `xs[(i + 1) % len(xs)]`: one element of the list (not a slice), or a name the body binds to one.
  std::vector<std::string> element_names;
  auto one_element = [&](const Expr& e) {
    if (e.kind == ExprKind::Name)
      return std::find(element_names.begin(), element_names.end(), e.text) != element_names.end();
    return e.kind == ExprKind::Subscript && e.text != ":" && !e.children.empty() &&
           same_reference(e.children[0], list);
  };
  auto on_element = [&](const Expr& target) {
    const Expr* root = chain_root(target);
    return root != nullptr && root != &target && root->text == element;
  };
  size_t added = 0;
  // Statements run on every turn: the body's own and those of loops nested in it.
  std::function<void(const std::vector<Stmt>&)> scan = [&](const std::vector<Stmt>& body) {
    for (const Stmt& st : body) {
      if (st.kind == StmtKind::For || st.kind == StmtKind::With) {
        scan(st.body);
      } else if (st.kind == StmtKind::Assign && st.targets.size() == 1) {
        const Expr& target = st.targets[0];
        if (target.kind == ExprKind::Name && one_element(st.value)) {
          element_names.push_back(target.text);
        } else if ((target.kind == ExprKind::Attribute || target.kind == ExprKind::Subscript) &&
                   on_element(target) && one_element(st.value)) {
          ring_closing_values_.push_back(&st.value);
          ++added;
        }
      } else if (st.kind == StmtKind::ExprStmt && st.value.kind == ExprKind::Call &&
                 st.value.children.size() == 2 && st.value.children[0].kind == ExprKind::Attribute &&
                 (st.value.children[0].text == "append" || st.value.children[0].text == "add" ||
                  st.value.children[0].text == "appendleft") &&
                 !st.value.children[0].children.empty() && on_element(st.value.children[0]) &&
                 one_element(st.value.children[1])) {
        // `x.peers.append(xs[k])`
        ring_closing_values_.push_back(&st.value.children[1]);
        ++added;
      }
    }
  };
  scan(loop.body);
  return added;
}

size_t Context::note_ring_stores(const Stmt& loop) {
  if (loop.value.kind != ExprKind::Call) return note_element_ring_stores(loop);
  const Expr& iterable = loop.value;
  if (iterable.kind != ExprKind::Call || iterable.children.size() != 3 ||
      iterable.children[0].kind != ExprKind::Name || iterable.children[0].text != "zip" ||
      loop.targets.empty() || loop.targets[0].kind != ExprKind::Container ||
      loop.targets[0].children.size() != 2)
    return 0;
  for (const std::string& keyword : iterable.arg_names) {
    if (!keyword.empty()) return 0;
  }
  const Expr& first = loop.targets[0].children[0];
  const Expr& second = loop.targets[0].children[1];
  if (first.kind != ExprKind::Name || second.kind != ExprKind::Name || first.text == second.text) return 0;
  // `xs` and `xs[k:] + xs[:k]`: two slices of one list joined, the same length as the list.
  auto is_list = [](const Expr& e) { return e.kind == ExprKind::Name; };
  auto rotates = [](const Expr& e, const std::string& list) {
    return e.kind == ExprKind::Arith && e.children.size() == 2 &&
           std::all_of(e.children.begin(), e.children.end(), [&list](const Expr& part) {
             return part.kind == ExprKind::Subscript && part.text == ":" && !part.children.empty() &&
                    part.children[0].kind == ExprKind::Name && part.children[0].text == list;
           });
  };
  const Expr& left = iterable.children[1];
  const Expr& right = iterable.children[2];
  if (!((is_list(left) && rotates(right, left.text)) || (is_list(right) && rotates(left, right.text))))
    return 0;
  bool skips = false;
  for_each_statement(loop.body, [&skips](const Stmt& st) {
    skips |= st.kind == StmtKind::Break || st.kind == StmtKind::Continue;
  });
  if (skips) return 0;
  size_t added = 0;
  for (const Stmt& st : loop.body) {
    if (st.kind != StmtKind::Assign || st.targets.size() != 1 || st.targets[0].kind != ExprKind::Attribute ||
        st.targets[0].children.empty() || st.targets[0].children[0].kind != ExprKind::Name ||
        st.value.kind != ExprKind::Name)
      continue;
    const std::string& base = st.targets[0].children[0].text;
    if ((base == first.text && st.value.text == second.text) ||
        (base == second.text && st.value.text == first.text)) {
      ring_closing_values_.push_back(&st.value);
      ++added;
    }
  }
  return added;
}

void Context::keep_method_closures(ObjId made, const Stmt& statement) {
  const ClassDef& def = program_.class_def(CodeRef{ref_.module, statement.class_index});
  for (const Stmt& member : def.body) {
    if (member.kind != StmtKind::FunctionDef) continue;
    const CodeRef code{ref_.module, member.function_index};
    const Function& method = program_.function(code);
    std::vector<std::string> captured;
    // Not the class's own name (`super(Local, self)`): a class refers to itself anyway (its `__mro__`),
    // which CC111 reports where that matters.
    for (const std::string& free : method.free_vars) {
      if (is_cell_var(free) && free != statement.text) captured.push_back(free);
    }
    if (captured.empty()) continue;
    const ObjId closure = at_site(&member, ObjKind::Closure, "function " + method.name, method.site);
    objs_[closure].fn = code;
    for (const std::string& free : captured) {
      store(ValueSet{closure}, intern_field("cell:" + free), ValueSet{cell(free)},
            {site_ref(method.site, "function " + method.name + " captures " + free)}, EdgeRole::Capture);
    }
    store(ValueSet{made}, intern_field(method.name), ValueSet{closure},
          {site_ref(method.site, "class " + def.name + " holds its method " + method.name)},
          EdgeRole::Capture);
  }
}

// A class statement in a function makes a new class at every call, which refers to itself (its `__mro__`
// starts with it): garbage for the collector once dropped, with what its methods close over. An event that
// CC111 reports where the function runs in a loop. Only for a class that stays in the function, or that it
// returns (or returns something of: `return C.apply`) to a caller that drops it (see Event::
// pending_result_drop). One it stores, hands to a call (a registry) or lets a nested function see may be kept
// by whoever gets it (a class made once per registered op), which is not known here; so may one a cached
// factory returns.
void Context::note_class_made_per_call(const Stmt& statement) {
  const ClassDef& made = program_.class_def(CodeRef{ref_.module, statement.class_index});
  const LocalEscape escape = how_local_escapes(statement.text, statement.class_index);
  if (escape == LocalEscape::Kept ||
      (escape == LocalEscape::Returned && program_.cache_decorator(ref_) != nullptr))
    return;
  ValueSet held;  // what its methods close over waits for the collector with it
  for (const Stmt& member : made.body) {
    if (member.kind != StmtKind::FunctionDef) continue;
    for (const std::string& free : program_.function(CodeRef{ref_.module, member.function_index}).free_vars) {
      if (is_local(free) || is_cell_var(free)) held.merge(read_name(free, statement.site));
    }
  }
  if (held.empty())
    held.insert(at_site(&statement, ObjKind::Unknown, "class " + made.name, statement.site, 7));
  Event* event =
      record_event(EventKind::LibraryCycle, kNoObj, "class " + made.name, held, statement.site,
                   "a class statement in " + fn_.name +
                       "() makes a new class at every call, which refers to itself through its __mro__");
  if (event != nullptr) event->pending_result_drop = escape == LocalEscape::Returned;
}

// `u = u + dt * f(u)` in a loop that back-propagates nothing itself: a state stepped through a model (an
// ODE or physics rollout, `x = x + layer(x)` over blocks), whose graph is meant to grow over the loop and
// is back-propagated, or dropped, once the loop is done. Not `total = total + loss` (nothing is computed
// from the old total) nor a running average whose loop calls backward() each step.
bool Context::evolves_state(const Expr& accumulation, const Expr& target) const {
  // `x = torch.cat((x, v))` joins: that is accumulating, whatever the call.
  if (loops_.empty() || target.kind != ExprKind::Name || accumulation.kind == ExprKind::Call) return false;
  const std::string& name = target.text;
  bool fed_to_a_call = false;
  for_each_expr(accumulation, [&](const Expr& e) {
    if (e.kind != ExprKind::Call) return;
    for (size_t i = 1; i < e.children.size(); ++i) {
      for_each_expr(e.children[i],
                    [&](const Expr& x) { fed_to_a_call |= x.kind == ExprKind::Name && x.text == name; });
    }
  });
  if (!fed_to_a_call) return false;
  bool steps = false;
  auto visit = [&steps](const Expr& e) {
    steps |=
        is_backward_call(e) || (e.kind == ExprKind::Call && !e.children.empty() &&
                                e.children[0].kind == ExprKind::Attribute && e.children[0].text == "step");
  };
  for_each_statement(loops_.back()->body, [&](const Stmt& st) {
    for_each_expr(st.value, visit);
    for (const Expr& t : st.targets) for_each_expr(t, visit);
  });
  return !steps;
}

}  // namespace cyclecheck
