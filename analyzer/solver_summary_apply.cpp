// The solver applying a callee's summary at a call site.

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/solver_context.hpp"

namespace cyclecheck {

ObjId Context::shared_default(const Context& callee, const Obj& param) {
  const Param& declared = callee.fn_.params[static_cast<size_t>(param.param)];
  const SiteKey key{&declared, &callee.fn_, 0};
  auto found = instantiated_.find(key);
  if (found != instantiated_.end()) return found->second;
  Obj made;
  made.kind = ObjKind::Container;
  made.label = param.label;  // "default of store"
  made.site = param.site;
  made.mutable_default = true;
  const ObjId id = add(std::move(made));
  instantiated_.emplace(key, id);
  return id;
}

// `cm = self.confmat; cm = cm / cm.sum()` in a callee: a local the callee starts again on every call, from
// something other than what its caller passes for it, accumulates nothing across the caller's loop. (`total =
// total + loss` over a parameter `total` may: the caller can pass each call's result back in.)
bool Context::restarts_per_call(const Context& callee, const Event& ev) {
  if (ev.kind != EventKind::Accumulate || ev.base != kNoObj || ev.carried_into_next_step) return false;
  const std::string& name = ev.base_label.str();
  if (name.empty() || !callee.is_local(name) ||
      std::any_of(name.begin(), name.end(), [](char c) { return c == '.' || c == '['; }))
    return false;
  for (ObjId v : ev.values) {
    for (ObjId op : callee.objs_[v].operands) {
      if (callee.objs_[op].kind == ObjKind::Param) return false;
    }
  }
  return true;
}

// Maps a callee's exit state into this context at a call site.
ValueSet Context::instantiate(const Context& callee, const std::vector<ValueSet>& param_values,
                              const ValueSet& func_self, const Expr& node) {
  // A `__setattr__` override run for a store: only its effects on other objects are taken (see
  // run_setattr_overrides).
  const bool setattr_override = applying_setattr_override_;
  applying_setattr_override_ = false;
  const bool receiver_bound = receiver_bound_;  // the call bound the callee's first parameter to a receiver
  receiver_bound_ = false;
  auto rooted_at_receiver = [&callee](ObjId id) {
    for (int depth = 0; depth < 8 && id != kNoObj; ++depth) {
      const Obj& o = callee.objs_[id];
      if (o.kind == ObjKind::Param) return o.param == 0;
      if (o.kind != ObjKind::Field) return false;
      id = o.base;
    }
    return false;
  };
  // Indexed by callee object: summaries are compact, so a flat table is cheaper than a map.
  std::vector<ValueSet> mapped(callee.objs_.size());
  std::vector<bool> is_mapped(callee.objs_.size(), false);
  auto remember = [&](ObjId id, ValueSet values) {
    mapped[id] = std::move(values);
    is_mapped[id] = true;
  };
  // Built on first use: most calls add no edge and record no event.
  std::optional<SiteNote> call_site_text;
  auto call_site = [&]() -> const SiteNote& {
    if (!call_site_text) {
      call_site_text = site_ref(
          node.site, (running_forward_hooks_ ? "runs forward hook " : "call to ") + callee.fn_.name + "()");
    }
    return *call_site_text;
  };
  // Recursive through `self` rather than a std::function, and returning the table's entry rather than a copy:
  // this runs for every object of every summary applied (an entry, once written, only changes for a deferred
  // call's result, before any caller of this holds it).
  static const ValueSet kUnmapped;
  // What the callee read as a module's parameter (`for name, p in model.named_parameters()`) is one here
  // too: an average of them kept on module-level state is then known here, where that state is.
  auto mark_mapped_parameters = [this](const Obj& placeholder, const ValueSet& values) {
    if (!placeholder.parameter) return;
    for (ObjId v : values) objs_[v].parameter = true;
  };
  auto map_rec = [&](auto& self, ObjId id, int depth) -> const ValueSet& {
    if (is_mapped[id]) return mapped[id];
    if (depth > 16) return kUnmapped;
    const Obj& o = callee.objs_[id];
    ValueSet out;
    switch (o.kind) {
      case ObjKind::Param:
        if (o.param >= 0 && static_cast<size_t>(o.param) < param_values.size()) {
          out = param_values[static_cast<size_t>(o.param)];
          if (out.empty() && o.default_obj != kNoObj) out = self(self, o.default_obj, depth + 1);
          // Left out, a mutable default is the one container the def made: the same for every call.
          if (out.empty() && o.mutable_default) out.insert(shared_default(callee, o));
        }
        break;
      case ObjKind::FuncSelf:
        out = func_self;
        break;
      case ObjKind::Global:
        if (o.module_index >= 0)
          out.insert(global(o.module_index, o.name));
        else
          out.insert(global(-1, o.name));
        break;
      case ObjKind::Field: {
        // A field read on a weak proxy is the referent's (as eval reads it).
        const ValueSet bases = through_proxies(self(self, o.base, depth + 1), node.site);
        const std::string& name = field_name(o.field);
        // What the callee read from an object whose graph only this caller knows (`boxes[0]` of the output
        // of a model a deferred call ran here) carries that graph, as eval marks it.
        // So does what it read by index from a tensor made to require grad here (`u[1:]` of the plan
        // `u = init.clone().requires_grad_(True)`); not from a module's parameters, whose metadata
        // (`p.numel()` of `named_parameters()` pairs) callees read more often than slices.
        const bool graph_base =
            no_grad_depth_ == 0 && std::any_of(bases.begin(), bases.end(), [this](ObjId b) {
              return is_graph(b) || (objs_[b].requires_grad && objs_[b].kind != ObjKind::Container);
            });
        // `sys._getframe(1).f_locals` read by the callee: this function's locals as they are now.
        if (name == "f_locals" && frame_ != kNoObj && bases.contains(frame_) && ref_.index != 0 &&
            deferred_caller_frame_ == kNoObj) {
          out = frame_locals(node.site);
          break;
        }
        if (name.size() > 2 && name.front() == '[') {
          out = load_keyed(bases, o.field, node.site);  // a keyed slot may only exist as "[]" here
          mark_mapped_parameters(o, out);
          if (out.empty()) out = views_of_values(bases, node);
          if (graph_base) mark_graph(out);
          break;
        }
        // `self.trainer.on_step` read where the trainer's class was not known: here, where it is, a method
        // of that class read from an instance is a bound method holding the instance (as eval_attribute
        // makes it), unless the instance has an attribute of that name.
        ValueSet plain_bases;
        for (ObjId b : bases) {
          const ObjId method = mapped_bound_method(b, o.field, node, call_site(), o.site);
          if (method != kNoObj) {
            out.insert(method);
          } else {
            plain_bases.insert(b);
          }
        }
        if (!plain_bases.empty()) out.merge(load(plain_bases, o.field, node.site));
        mark_mapped_parameters(o, out);
        if (out.empty() && o.field == elements_field()) out = views_of_values(bases, node);
        if (graph_base && !is_graph_free_attribute(name)) mark_graph(out);
        break;
      }
      case ObjKind::FunctionConst:
        out.insert(constant(project_ref(StaticRef::Kind::ProjectFunction, o.fn)));
        break;
      case ObjKind::ClassConst:
        out.insert(constant(project_ref(StaticRef::Kind::ProjectClass, o.cls)));
        break;
      case ObjKind::ModuleConst:
        out.insert(constant(project_ref(StaticRef::Kind::ProjectModule, CodeRef{o.module_index, -1})));
        break;
      case ObjKind::ExternalConst:
        out.insert(external(o.qualified));
        break;
      case ObjKind::Frame:
        if (o.frames_up == 1) {
          // The callee asked for its caller's frame: that is this function's, or the frame of the function
          // whose deferred call this is.
          out.insert(deferred_caller_frame_ != kNoObj ? deferred_caller_frame_ : frame());
          break;
        }
        [[fallthrough]];
      case ObjKind::Cell:
      default: {
        // An object the callee created: one caller object per call site and callee object.
        const SiteKey key{&node, &callee, id};
        auto found = instantiated_.find(key);
        ObjId copy;
        if (found != instantiated_.end()) {
          copy = found->second;
        } else {
          Obj c = o;
          c.summary = o.summary || loop_depth_ > 0;
          c.operands.clear();
          c.base = kNoObj;
          c.default_obj = kNoObj;
          copy = add(std::move(c));
          instantiated_.emplace(key, copy);
          remember(id, ValueSet{copy});
          std::vector<ObjId> operands;
          for (ObjId op : o.operands) {
            for (ObjId m : self(self, op, depth + 1)) operands.push_back(m);
          }
          objs_[copy].operands = std::move(operands);
          if (is_deep_copy(copy)) take_flags_of_originals(copy);   // `copy.deepcopy(model)` of a module here
          if (objs_[copy].frames_up > 1) --objs_[copy].frames_up;  // one call nearer
          // Made under no_grad here: what the callee computes has no graph, whatever its own analysis saw.
          // Not what a thread pool's worker computed for it: grad mode is per thread.
          if (no_grad_depth_ > 0 && !o.worker_made) {
            objs_[copy].no_grad = true;
            objs_[copy].graph = false;
          }
        }
        out.insert(copy);
        break;
      }
    }
    remember(id, std::move(out));
    return mapped[id];
  };
  auto map_obj = [&](ObjId id, int depth) -> const ValueSet& { return map_rec(map_rec, id, depth); };
  // `copy[] = source[]` in the callee (`list(callbacks)`), with the placeholder of the source's elements
  // standing here for several objects each surely an element: each is surely in the copy too.
  auto every_element_surely_copied = [&](FieldId field, ObjId element, const ValueSet& targets) {
    const Obj& placeholder = callee.objs_[element];
    if (field != elements_field() || placeholder.kind != ObjKind::Field || placeholder.field != field ||
        placeholder.base == kNoObj)
      return false;
    const ValueSet& sources = map_obj(placeholder.base, 0);
    return std::all_of(targets.begin(), targets.end(), [&](ObjId t) {
      return std::any_of(sources.begin(), sources.end(), [&](ObjId source) {
        auto edge = edges_.find(EdgeKey{source, field, t});
        return edge != edges_.end() && (edge->second.must || edge->second.surely_element);
      });
    });
  };

  // Calls the callee could not resolve: its caller may know the receiver's class.
  for (const DeferredCall& d : callee.deferred_) {
    const ValueSet receivers = d.receiver != kNoObj ? map_obj(d.receiver, 0) : ValueSet{};
    const ValueSet callees = d.callee != kNoObj ? map_obj(d.callee, 0) : ValueSet{};
    std::vector<Arg> args;
    for (const auto& [name, values] : d.args) {
      Arg a;
      a.name = name;
      for (ObjId v : values) a.values.merge(map_obj(v, 0));
      args.push_back(std::move(a));
    }
    const int32_t saved = site_module_override_;
    const CodeRef saved_caller = deferred_caller_;
    const ObjId saved_frame = deferred_caller_frame_;
    const void* saved_call_site = std::exchange(replayed_call_site_, &node);
    site_module_override_ = d.module;
    // The call runs where the callee made it: under its no_grad, and called from it.
    deferred_caller_ = d.caller;
    deferred_caller_frame_ = kNoObj;
    if (d.caller == callee.ref_ && callee.frame_ != kNoObj) {
      const ValueSet frame = map_obj(callee.frame_, 0);
      if (frame.size() == 1) deferred_caller_frame_ = frame[0];
    }
    const int saved_no_grad = no_grad_depth_, saved_maybe_off = grad_maybe_off_depth_;
    if (d.on_worker_thread) {
      no_grad_depth_ = grad_maybe_off_depth_ = 0;
      ++worker_thread_depth_;
    }
    no_grad_depth_ += d.no_grad ? 1 : 0;
    grad_maybe_off_depth_ += d.grad_maybe_off ? 1 : 0;
    loop_depth_ += d.in_loop ? 1 : 0;
    ValueSet results;
    if (d.receiver == kNoObj) {
      results = call(callees, args, *d.node, d.result_used);
    } else if (d.name_param >= 0) {
      // A method named by the callee's parameter: by what this call passes for it.
      call_method_named_by_argument(d, callee.fn_, node, receiver_bound, receivers, args, results);
    } else if (d.property_read) {
      for (ObjId r : receivers) {
        MethodKind mk = MethodKind::Instance;
        const CodeRef getter = objs_[r].cls.valid() && objs_[r].kind != ObjKind::ClassConst
                                   ? program_.find_method(objs_[r].cls, d.method, &mk)
                                   : CodeRef{};
        if (getter.valid() && is_property(mk)) {
          results.merge(read_property(r, getter, mk, d.method, *d.node));
        } else if (!objs_[r].cls.valid() && is_placeholder(r)) {
          results.merge(defer_property_read(r, d.method, *d.node));
        }
      }
    } else if (d.project_methods_only) {
      ValueSet project_receivers;
      for (ObjId r : receivers) {
        if (objs_[r].cls.valid() && program_.find_method(objs_[r].cls, d.method).valid()) {
          project_receivers.insert(r);
        } else if (is_placeholder(r)) {
          defer_project_method(r, d.method, args, *d.node, d.result_used);
        }
      }
      if (!project_receivers.empty()) call_method(project_receivers, d.method, args, *d.node, d.result_used);
    } else {
      results = call_method(receivers, d.method, args, *d.node, d.result_used);
    }
    no_grad_depth_ -= d.no_grad ? 1 : 0;
    grad_maybe_off_depth_ -= d.grad_maybe_off ? 1 : 0;
    loop_depth_ -= d.in_loop ? 1 : 0;
    if (d.on_worker_thread) {
      no_grad_depth_ = saved_no_grad;
      grad_maybe_off_depth_ = saved_maybe_off;
      --worker_thread_depth_;
    }
    deferred_caller_ = saved_caller;
    deferred_caller_frame_ = saved_frame;
    replayed_call_site_ = saved_call_site;
    site_module_override_ = saved;
    if (d.result != kNoObj) {
      // Calling weak references gives their referents back, all the call returns besides None: the callee's
      // stand-in for the result is not kept next to them (`self._trainer()` with `self._trainer =
      // weakref.ref(trainer)` is the trainer). Not for calls that make objects: those are made at the
      // callee's call site, one object for every call of the callee from here.
      auto weak_reference = [this](ObjId c) { return objs_[c].kind == ObjKind::Weak && !is_weak_proxy(c); };
      auto all_weak = [&weak_reference](const ValueSet& values) {
        return !values.empty() && std::all_of(values.begin(), values.end(), weak_reference);
      };
      bool calls_weak_references = !results.empty();
      if (d.receiver == kNoObj) {
        calls_weak_references &= all_weak(callees);
      } else {
        calls_weak_references &= !receivers.empty();
        for (ObjId r : receivers) {
          auto field = st_.fields.find(field_key(r, intern_field(d.method)));
          calls_weak_references &= field != st_.fields.end() && all_weak(field->second);
        }
      }
      // A method every receiver's project class defines gives back what that method returns: the callee's
      // stand-in for the result is not kept next to it (`self._unsubscribe = bus.on(...)` holds the closure
      // `on` returns, surely).
      const bool project_method_of_every_receiver =
          d.receiver != kNoObj && d.name_param < 0 && !receivers.empty() && !results.empty() &&
          std::all_of(receivers.begin(), receivers.end(), [&](ObjId r) {
            return objs_[r].kind == ObjKind::Instance && runs_project_method(r, d.method);
          });
      // So does a call of what is known here to be a project function (`method(self)` in a decorator's
      // wrapper, the decorated function in its cell). Not a class (`state_cls(item)`): the instances the call
      // makes would be one object for every caller of the callee, two of them in a ring with each other.
      const bool project_function_every_callee =
          d.receiver == kNoObj && !callees.empty() && !results.empty() &&
          std::all_of(callees.begin(), callees.end(), [this](ObjId c) {
            const ObjKind kind = objs_[c].kind;
            return (kind == ObjKind::FunctionConst || kind == ObjKind::Closure ||
                    kind == ObjKind::BoundMethod) &&
                   objs_[c].fn.valid();
          });
      // And a thread pool's submit() gives back the future it makes, which keeps what the function returns
      // (`client.pending = pool.submit(client.fit, state)` with the pool a caller passes).
      const bool submits_to_thread_pools = d.receiver != kNoObj && d.method == "submit" &&
                                           !receivers.empty() && !results.empty() &&
                                           std::all_of(receivers.begin(), receivers.end(),
                                                       [this](ObjId r) { return made_by(r, kThreadPools); });
      ValueSet merged = calls_weak_references || project_method_of_every_receiver ||
                                project_function_every_callee || submits_to_thread_pools
                            ? ValueSet{}
                            : map_obj(d.result, 0);
      merged.merge(results);
      remember(d.result, std::move(merged));
    }
  }

  // Fields the callee wrote, in the order it recorded them (deterministic).
  std::vector<uint64_t> written(callee.dirty_.begin(), callee.dirty_.end());
  std::sort(written.begin(), written.end());
  // A placeholder is the content a field had before the call (`old = self.a; self.a = wrap(old)`): map
  // every object the writes, the result and the events mention before any write lands, or a placeholder
  // mapped after its own field was written would read the new content and close a cycle that is not there.
  std::vector<const FieldMap::value_type*> writes;  // those whose base exists here
  writes.reserve(written.size());
  for (uint64_t key : written) {
    auto it = callee.st_.fields.find(key);
    if (it == callee.st_.fields.end()) continue;
    // What an override writes into the instance itself (`self.__dict__[name]`, `self._modules[name]`) is
    // routed by the name; an attribute set on an object the instance refers to (`setattr(self._wrapped,
    // name, value)` in a proxy) is an effect on another object.
    if (setattr_override && rooted_at_receiver(static_cast<ObjId>(key >> 32)) &&
        (callee.objs_[static_cast<ObjId>(key >> 32)].kind == ObjKind::Param ||
         field_name(static_cast<FieldId>(key & 0xffffffffu)).find('[') != std::string::npos))
      continue;
    if (map_obj(static_cast<ObjId>(key >> 32), 0).empty()) continue;
    for (ObjId v : it->second) map_obj(v, 0);
    writes.push_back(&*it);
  }
  for (ObjId r : callee.ret_) map_obj(r, 0);
  for (ObjId r : callee.raised_) map_obj(r, 0);
  for (uint64_t key : callee.st_.cleared) map_obj(static_cast<ObjId>(key >> 32), 0);
  for (const Event& ev : callee.events_) {
    if (ev.base != kNoObj) map_obj(ev.base, 0);
    for (ObjId v : ev.values) map_obj(v, 0);
  }
  // Stores the callee made into something its caller passed in that is module-level here: checked once all
  // writes are applied, for an exception kept there (`FAILURES.record(step, err)`) or a tensor with a graph.
  struct IntoGlobal {
    ObjId base;
    FieldId field;
    ValueSet values;
    const EdgeInfo* edge;
  };
  std::vector<IntoGlobal> into_globals;
  // What the callee surely emptied (`self.seen.clear()` in the `forget()` it ran) is empty here too, before
  // its stores land: those made after the clear are among them.
  for (uint64_t key : callee.st_.cleared) {
    const ValueSet& bases = map_obj(static_cast<ObjId>(key >> 32), 0);
    if (bases.size() == 1) empty_field(bases[0], static_cast<FieldId>(key & 0xffffffffu));
  }
  for (const auto* write : writes) {
    const uint64_t key = write->first;
    const ObjId base = static_cast<ObjId>(key >> 32);
    const FieldId field = static_cast<FieldId>(key & 0xffffffffu);
    ValueSet values;
    const std::string& fname = field_name(field);
    for (ObjId v : write->second) values.merge(map_obj(v, 0));
    // A store the callee made on an object whose class it did not know (`module.trainer = self` on a
    // parameter): where the class here defines the attribute as a property with a setter or a data
    // descriptor, the setter runs instead of the store. (One on an object of a known class ran it already,
    // or wrote the instance's __dict__ as a setter does.)
    const ValueSet bases =
        runs_setters() && fname.find('[') == std::string::npos && callee.of_unknown_class(base)
            ? run_descriptor_setters(map_obj(base, 0), fname, call_site().site, values, node)
            : map_obj(base, 0);
    if (bases.empty()) continue;
    // A store the callee made with a value it knew only as a placeholder (`self.last = loss`, loss its
    // parameter): where the value here is one a `__setattr__` override is handed (see
    // run_setattr_overrides), the override runs now, for its effects on other objects.
    if (!setattr_override && fname.find('[') == std::string::npos &&
        std::any_of(bases.begin(), bases.end(), [this](ObjId b) {
          return objs_[b].cls.valid() && objs_[b].kind != ObjKind::ClassConst &&
                 program_.class_info(objs_[b].cls).overrides_setattr;
        })) {
      ValueSet handed;
      for (ObjId v : write->second) {
        if (callee.is_placeholder(v)) handed.merge(map_obj(v, 0));
      }
      if (!handed.empty()) run_setattr_overrides(bases, node, handed);
    }
    const bool global_base = objs_[bases[0]].kind == ObjKind::Global || root_is_global(bases[0]);
    if (callee.outlives_call(base) && (global_base || held_apart_from_its_holder(bases[0], values))) {
      // Each stored value with the statement that stored it: `memo[key] = result` and `memo[key] = err`
      // fill one field, and only the second keeps frames. Into an object a module-level container holds
      // (`GAUGE.labels(k).set_function(self.depth)`), the store is named by that container.
      const ObjId holder = global_base ? bases[0] : global_holder(bases[0]);
      for (ObjId v : write->second) {
        auto edge = callee.edges_.find(EdgeKey{base, field, v});
        if (edge == callee.edges_.end() || edge->second.implicit) continue;
        const ValueSet stored = map_obj(v, 0);
        if (global_base) note_held_by_global(stored);
        into_globals.push_back({holder, field, stored, &edge->second});
      }
    }
    // The callee stored one of `stored`, which are all one object here (see stored_surely below).
    auto alternatives_are_one = [&](const ValueSet& stored, const ValueSet& mapped) {
      if (mapped.size() != 1 || objs_[*mapped.begin()].summary) return false;
      return std::all_of(stored.begin(), stored.end(), [&](ObjId v) {
        return !map_obj(v, 0).empty() || callee.objs_[v].kind == ObjKind::Param;
      });
    };
    // The callee stored its one value into one of several objects (`bucket = self._subs.setdefault(k, {})`:
    // the dict's entry or the new default) that are all one here (the dict holds nothing yet).
    auto bases_are_one = [&](uint32_t group) {
      if (group == 0 || group > callee.base_groups_.size()) return false;
      ValueSet all;
      for (ObjId b : callee.base_groups_[group - 1]) all.merge(map_obj(b, 0));
      return all.size() == 1 && !objs_[*all.begin()].summary;
    };
    // Also on the instance a loop makes, while its `__init__` runs: every object it stands for was made
    // that way, so none keeps what the field held before (a class-level container of that name).
    const bool strong = bases.size() == 1 && (!objs_[bases[0]].summary || bases[0] == constructing_);
    for (ObjId b : bases) {
      const ObjKind bk = objs_[b].kind;
      if (bk == ObjKind::ExternalConst || bk == ObjKind::ModuleConst ||
          (bk == ObjKind::FunctionConst && !objs_[b].fn.valid()))
        continue;
      set_field(b, field, values, strong && fname.find("[]") == std::string::npos);
    }
    for (ObjId v : write->second) {
      auto edge = callee.edges_.find(EdgeKey{base, field, v});
      if (edge == callee.edges_.end()) continue;
      // The callee saw the field's earlier content: here that content is whatever this context already
      // holds (loading it above made the edge when there was none), so the callee cannot make it stronger.
      if (edge->second.implicit) continue;
      const ValueSet targets = map_obj(v, 0);
      if (bases.size() * targets.size() > kMaxEdgeFanout) continue;
      // A store the callee could not tell from a setter's run is sure where the class is known here.
      const bool class_known = bases.size() == 1 && !of_unknown_class(bases[0]);
      // So is a store of one of several objects (`root = self` when `root is None`) that are all one here
      // (`super().__init__(None)`: the parameter is nothing tracked), an object standing for one only.
      const bool stored_surely =
          edge->second.must ||
          (!edge->second.across_turns && ((edge->second.unless_setter && class_known) ||
                                          (edge->second.alternatives && !edge->second.distinct &&
                                           alternatives_are_one(write->second, values)) ||
                                          bases_are_one(edge->second.base_group)));
      const bool must = stored_surely && bases.size() == 1 &&
                        (targets.size() == 1 || every_element_surely_copied(field, v, targets));
      // Surely stored into the callee's one base, which is one of several here (`for p in players: p.turn_of
      // = current` in a helper given `[critic, generator]`): a cycle that closes whichever it is, is sure
      // (see every_base_closes).
      uint32_t base_group = 0;
      if (stored_surely && bases.size() > 1 && bases.size() <= kMaxBaseGroup && targets.size() == 1) {
        base_groups_.push_back(bases);
        base_group = static_cast<uint32_t>(base_groups_.size());
      }
      for (ObjId b : bases) {
        for (ObjId t : targets) {
          if (!edge_wanted(b, field, t, must)) continue;  // spares copying the site chain
          EdgeInfo info = edge->second;
          info.chain.insert(info.chain.begin(), call_site());
          info.must = must;
          info.alternatives = edge->second.alternatives || targets.size() > 1;
          info.surely_element = edge->second.surely_element && bases.size() == 1 && targets.size() == 1;
          info.unless_setter = edge->second.unless_setter && !class_known;
          info.base_group = base_group;  // this context's bases, not the callee's
          // The callee's variables, told apart from this function's and from another callee's.
          if (info.pair_base != 0) {
            const uint32_t callee_key = static_cast<uint32_t>(callee.ref_.module) * 0x9E3779B1u ^
                                        static_cast<uint32_t>(callee.ref_.index) * 0x85EBCA77u;
            info.pair_base = (info.pair_base ^ callee_key) | 1;
            info.pair_value = (info.pair_value ^ callee_key) | 1;
          }
          add_edge(b, field, t, std::move(info));
        }
      }
    }
  }
  for (const IntoGlobal& store : into_globals) {
    // Where autograd may be off, a value that backward() is called on still had a graph (see emit_events).
    // Or this method's own object handed to a callee that keeps it on a module-level instance
    // (`cb.setup(self)` on a default callback made at import) or among the entries of a container such an
    // instance holds (`BUS.subscribe(self)` appending it to the bus's list), not the class a metaclass
    // builds.
    const bool keeps_receiver =
        (objs_[store.base].kind == ObjKind::Global ||
         (objs_[field_root(store.base)].kind == ObjKind::Global &&
          field_name(store.field).starts_with('['))) &&
        !in_metaclass() &&
        std::any_of(store.values.begin(), store.values.end(), [this](ObjId v) { return objs_[v].receiver; });
    // An instance of a project class may be given a model after the call (`vis = Visualizer.get_instance(
    // name); vis.add_graph(model)`): what it holds is read where the events are emitted.
    // So may one a bound method keeps (`module.register_forward_hook(self.hook_fn)` in a tap's constructor,
    // given a module-level model), unless the hook is removed through its handle.
    const bool project_instance = std::any_of(store.values.begin(), store.values.end(), [&](ObjId v) {
      if (objs_[v].kind == ObjKind::BoundMethod) {
        if (store.edge->removable) return false;
        auto self = st_.fields.find(field_key(v, intern_field("__self__")));
        return self != st_.fields.end() &&
               std::any_of(self->second.begin(), self->second.end(), [this](ObjId o) {
                 return objs_[o].kind == ObjKind::Instance && objs_[o].cls.valid();
               });
      }
      return objs_[v].kind == ObjKind::Instance && objs_[v].cls.valid();
    });
    // A record holding a module (`self._watched[key] = {"model": model}`, the model passed in here), a
    // callable holding one (a hook closing over a head, registered on a module-level encoder the caller
    // passed), or an optimizer (`_STAGES.setdefault(optimizer, {...})`): what they hold is a model's memory.
    // Asked last: holds_module scans the field table.
    const auto holds_model_state = [&] {
      return std::any_of(store.values.begin(), store.values.end(), [this](ObjId v) {
        const ObjKind kind = objs_[v].kind;
        return is_optimizer(v) ||
               ((kind == ObjKind::Container || kind == ObjKind::BoundMethod || kind == ObjKind::Partial) &&
                holds_module(v, 2)) ||
               (kind == ObjKind::Closure && holds_module(v, 3));
      });
    };
    // What a caller passes, or what a call of what it passes returns (`method.integrate(func, y0)` storing
    // `self._fsal = func(y0)` on a default instance): a caller that knows it decides (it may carry a graph).
    const auto given = [this](ObjId v) {
      return (objs_[v].kind == ObjKind::Param && !objs_[v].receiver) || is_deferred_result(v);
    };
    const bool passed_in = std::any_of(store.values.begin(), store.values.end(), [&](ObjId v) {
      if (given(v)) return true;
      if (objs_[v].kind != ObjKind::Container) return false;  // or among a display's elements (`(t, y)`)
      auto elements = st_.fields.find(field_key(v, elements_field()));
      return elements != st_.fields.end() &&
             std::any_of(elements->second.begin(), elements->second.end(), given);
    });
    if (!keeps_receiver && !project_instance && !passed_in && !holds_frame_like(store.values) &&
        !any_module(store.values) &&
        ((autograd_maybe_off() && !any_backpropagated(store.values)) || !holds_graph(store.values)) &&
        !holds_model_state())
      continue;
    Event* event = record_event(EventKind::StoreIntoGlobal, store.base, objs_[store.base].label, store.values,
                                call_site().site, "");
    if (event == nullptr) break;
    event->chain = store.edge->chain;
    event->chain.insert(event->chain.begin(), call_site());
    event->origin = callee.ref_;
  }
  for (const Event& ev : callee.events_) {
    if (events_.size() > 256) break;
    if (ev.kind == EventKind::Accumulate && callee.any_model_part(ev.keyed_by))
      continue;  // see Event::keyed_by
    // A store into the callee's own mutable default is the callee's to report; one into an attribute that
    // may hold an instance's default (`self._rows[k] = v`) counts where the default is known.
    if (ev.kind == EventKind::MutableDefaultStore && ev.base != kNoObj &&
        callee.objs_[ev.base].kind == ObjKind::Param)
      continue;
    Event copy = ev;
    if (ev.pending_result_drop) {
      const LocalEscape escape = how_result_escapes(node);
      if (escape == LocalEscape::Kept) continue;
      copy.pending_result_drop = escape == LocalEscape::Returned;
    }
    copy.base = kNoObj;
    if (ev.base != kNoObj) {
      const ValueSet b = map_obj(ev.base, 0);
      if (b.empty()) continue;
      copy.base = b[0];
    }
    copy.values.clear();
    for (ObjId v : ev.values) copy.values.merge(map_obj(v, 0));
    copy.keyed_by.clear();
    for (ObjId v : ev.keyed_by) copy.keyed_by.merge(map_obj(v, 0));
    copy.chain.insert(copy.chain.begin(), call_site());
    // A call in a loop repeats the callee's stores; into what the call made on this turn and nothing older
    // holds (`FeatureExtractor(encoder)(x)` in a helper the step calls, its hooks removed after), they do
    // not pile up across turns.
    const bool base_of_this_turn =
        copy.base != kNoObj && !ev.in_loop && loop_depth_ > 0 && only_this_turn_holds(field_root(copy.base));
    copy.in_loop = ev.in_loop || (loop_depth_ > 0 && !base_of_this_turn && !restarts_per_call(callee, ev));
    copy.accumulator_outlives_loop =
        ev.accumulator_outlives_loop || (ev.kind == EventKind::Accumulate && ev.attribute != 0 &&
                                         accumulator_outlives_loop(copy.base, ev.attribute));
    copy.under_no_grad = ev.under_no_grad || autograd_maybe_off();
    copy.base_made_in_callee =
        ev.base_made_in_callee || (ev.base != kNoObj && !callee.is_placeholder(ev.base) &&
                                   callee.objs_[ev.base].kind != ObjKind::Global);
    if (later_turns_ == 0) events_.push_back(std::move(copy));  // see record_event
  }
  // A `weakref.finalize(p, forget, key)` the callee made is this function's to match against its stores
  // (see note_dead_finalizers).
  for (const Finalizer& f : callee.finalizers_) {
    ValueSet referents;
    for (ObjId r : f.referents) referents.merge(map_obj(r, 0));
    if (!referents.empty() && finalizers_.size() < 64)
      finalizers_.push_back({std::move(referents), f.callback});
  }
  if (!callee.raised_.empty()) {
    ValueSet raised;
    for (ObjId r : callee.raised_) raised.merge(map_obj(r, 0));
    note_raised(raised);
  }
  ValueSet result;
  for (ObjId r : callee.ret_) result.merge(map_obj(r, 0));
  instantiated_yields_.clear();
  for (ObjId y : callee.yielded_) instantiated_yields_.merge(map_obj(y, 0));
  return result;
}

}  // namespace cyclecheck
