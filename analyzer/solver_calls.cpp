// The solver's calls: a call expression resolved to project functions, methods and classes, their
// arguments, generators and coroutines, and decorator wrappers.

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/solver_context.hpp"
#include "analyzer/torch_names.hpp"

namespace cyclecheck {

// `Fn.apply` of a custom autograd Function: its static forward bound to a new ctx, the backward node that
// the outputs' grad_fn will hold (forward stores that edge on return), so that what forward keeps on ctx
// is reachable from the outputs. kNoObj where the class has no static forward of its own, or defines apply.
ObjId Context::autograd_apply(CodeRef cls, const Expr& node) {
  if (!program_.class_info(cls).is_autograd_function) return kNoObj;
  MethodKind mk = MethodKind::Instance;
  const CodeRef forward = program_.find_method(cls, "forward", &mk);
  if (!forward.valid() || mk != MethodKind::Static || program_.find_method(cls, "apply").valid())
    return kNoObj;
  const ObjId ctx =
      at_site(&node, ObjKind::LibInstance, "ctx of " + program_.class_def(cls).name, node.site, 11);
  objs_[ctx].ctx = true;
  const ValueSet method = bound_method(ctx, forward, node);
  return method.empty() ? kNoObj : *method.begin();
}

ValueSet Context::arg_values(const std::vector<Arg>& args, int position, const std::string& keyword,
                             const Site& site) {
  ValueSet out;
  int index = 0;
  // Given by position or by name, the parameter cannot come from `**kwargs` too (Python raises a TypeError).
  bool given = false;
  ValueSet from_double_star;
  for (const Arg& a : args) {
    if (a.name.empty()) {
      if (index == position) {
        out.merge(a.values);
        given = true;
      }
      ++index;
    } else if (a.name == "*") {
      if (position >= index) out.merge(load(a.values, elements_field(), site));
    } else if (a.name == "**") {
      if (!keyword.empty()) from_double_star.merge(load(a.values, elements_field(), site));
    } else if (!keyword.empty() && a.name == keyword) {
      out.merge(a.values);
      given = true;
    }
  }
  if (!given) out.merge(from_double_star);
  return out;
}

void Context::expand_keyword_dicts(std::vector<Arg>& args) {
  const size_t written = args.size();
  bool drop = false;
  for (size_t i = 0; i < written; ++i) {
    if (args[i].name != "**" || args[i].values.size() != 1) continue;
    const ObjId dict = args[i].values[0];
    if (objs_[dict].kind != ObjKind::Container || objs_[dict].label.str() != "dict") continue;
    std::vector<Arg> named;
    for (const auto& [key, held] : st_.fields) {
      if (static_cast<ObjId>(key >> 32) != dict) continue;
      // A literal key: "['worker_init_fn']" (or with double quotes) names a keyword argument.
      const std::string& field = field_name(static_cast<FieldId>(key & 0xffffffffu));
      if (field.size() < 5 || field.front() != '[' || field.back() != ']' ||
          (field[1] != '\'' && field[1] != '"') || field[field.size() - 2] != field[1])
        continue;
      std::string name = field.substr(2, field.size() - 4);
      if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
          }))
        continue;
      named.push_back(Arg{std::move(name), held});
    }
    if (named.empty()) continue;
    // Field numbers differ between solver threads: the arguments go in the order of their names.
    std::sort(named.begin(), named.end(), [](const Arg& a, const Arg& b) { return a.name < b.name; });
    ValueSet covered;
    for (const Arg& a : named) covered.merge(a.values);
    auto elements = st_.fields.find(field_key(dict, elements_field()));
    const bool every_element_named =
        elements == st_.fields.end() || std::all_of(elements->second.begin(), elements->second.end(),
                                                    [&](ObjId v) { return covered.contains(v); });
    if (every_element_named) {
      args[i].values.clear();
      drop = true;
    }
    for (Arg& a : named) args.push_back(std::move(a));
  }
  if (drop) {
    args.erase(std::remove_if(args.begin(), args.end(),
                              [](const Arg& a) { return a.name == "**" && a.values.empty(); }),
               args.end());
  }
}

ValueSet Context::eval_call(const Expr& e, bool result_used) {
  if (e.children.empty()) return {};
  const Expr* const saved_drained = drained_generator_;
  const char* const saved_into = drained_into_;
  if (const char* into = drains_generator(e)) {
    drained_generator_ = &e.children[1];
    drained_into_ = into;
  }
  std::vector<Arg> args;
  for (size_t i = 1; i < e.children.size(); ++i) {
    Arg a;
    a.name = i < e.arg_names.size() ? e.arg_names[i] : "";
    a.values = eval(e.children[i]);
    args.push_back(std::move(a));
  }
  expand_keyword_dicts(args);
  drained_generator_ = saved_drained;
  drained_into_ = saved_into;
  const Expr& callee = e.children[0];
  // `obj.__dict__.get("name", default)` reads the attribute `name` (as `obj.__dict__["name"]` does), or
  // gives the default: how a `__setattr__` or `__getattr__` reads the instance without calling itself.
  if (callee.kind == ExprKind::Attribute && callee.text == "get" && !callee.children.empty() &&
      callee.children[0].kind == ExprKind::Attribute && callee.children[0].text == "__dict__" &&
      !callee.children[0].children.empty() && e.children.size() > 1 && e.arg_names.size() > 1 &&
      e.arg_names[1].empty() && e.children[1].kind == ExprKind::Literal && e.children[1].text.size() > 2 &&
      e.children[1].text.starts_with('\'')) {
    const std::string& key = e.children[1].text;
    ValueSet out = eval_attribute(eval(callee.children[0].children[0]), key.substr(1, key.size() - 2), e);
    out.merge(arg_values(args, 1, "", e.site));
    return out;
  }
  if (callee.kind == ExprKind::Attribute && callee.text == kDynamicAttribute &&
      callee.arg_names.size() == 1 && !callee.children.empty()) {
    if (ValueSet out = call_method_named_by_parameter(callee, args, e, result_used); !out.empty()) return out;
  }
  // `globals().update(locals())`: every value of the mapping becomes a global of the module, kept for the
  // life of the process (a notebook-style "export everything").
  if (callee.kind == ExprKind::Attribute && callee.text == "update" && callee.children.size() == 1 &&
      callee.children[0].kind == ExprKind::Call && callee.children[0].children.size() == 1 &&
      callee.children[0].children[0].kind == ExprKind::Name &&
      callee.children[0].children[0].text == "globals" && !is_local("globals") &&
      program_.resolve_global(ref_.module, "globals").kind == StaticRef::Kind::Unknown && !args.empty()) {
    ValueSet values = load(arg_values(args, 0, "", e.site), elements_field(), e.site);
    values.merge(arg_values(args, -1, "", e.site));  // keyword arguments: `globals().update(model=model)`
    for (const Arg& a : args) {
      if (!a.name.empty() && a.name != "*" && a.name != "**") values.merge(a.values);
    }
    if (!values.empty()) {
      const ObjId g = global(ref_.module, "globals().update(...)");
      objs_[g].label = "module namespace entries set by globals().update()";
      store(ValueSet{g}, intern_field("value"), values, {site_ref(e.site, "globals().update(...)")},
            EdgeRole::Plain);
      // One event per value, so that each is named by what it is (the model, the last loss).
      for (ObjId v : values)
        record_event(EventKind::StoreIntoGlobal, g, objs_[g].label, ValueSet{v}, e.site,
                     "globals().update(...)");
    }
    return {};
  }
  if (callee.kind == ExprKind::Attribute && !callee.children.empty()) {
    const ValueSet receivers = eval(callee.children[0]);
    return call_method(receivers, callee.text, args, e, result_used);
  }
  if (callee.kind == ExprKind::Name && callee.text == "locals" && args.empty() && ref_.index != 0 &&
      program_.resolve_global(ref_.module, "locals").kind == StaticRef::Kind::Unknown) {
    return frame_locals(e.site);
  }
  if (callee.kind == ExprKind::Name && callee.text == "super") {
    // super() inside a method: the receiver, looked up from the bases of the defining class.
    const ObjId proxy = at_site(&e, ObjKind::Super, "super()", e.site);
    if (fn_.owner_class >= 0) objs_[proxy].cls = CodeRef{ref_.module, fn_.owner_class};
    if (!params_.empty()) {
      // A super object keeps the instance: `self._base = super()` is a cycle.
      store(ValueSet{proxy}, intern_field("__self__"), ValueSet{params_[0]},
            {site_ref(e.site, "super() keeps the instance")}, EdgeRole::Plain);
    }
    return ValueSet{proxy};
  }
  const ValueSet callees = eval(callee);
  return call(callees, args, e, result_used);
}

ValueSet Context::call_method(const ValueSet& called_on, const std::string& method,
                              const std::vector<Arg>& args, const Expr& node, bool result_used) {
  const ValueSet receivers = through_proxies(called_on, node.site);
  // The exception itself with its traceback replaced: by none, or by another (a trimmed one) that is taken
  // not to hold this frame.
  if (method == "with_traceback" && node.children.size() == 2) return without_traceback(receivers, node);
  if (is_logging_method(method)) emit_log_record(receivers, method, args, node);
  // `var.reset(token)` on a ContextVar: its value set by `set()` is gone (copy_context() no longer sees it).
  // Not in a generator, which runs up to a `yield` first (a @contextmanager resets after the `with` body).
  if (method == "reset" && !fn_.is_generator && receivers.size() == 1 &&
      made_by(*receivers.begin(), {"contextvars.ContextVar"}))
    set_field(*receivers.begin(), intern_field("current_value"), {}, true);
  if (method == "submit" || method == "result") {
    // A thread pool's submit() runs the function on a worker thread; its future's result() gives what it
    // returned.
    ValueSet pools, futures, others;
    for (ObjId r : receivers) {
      if (method == "submit" && made_by(r, kThreadPools)) {
        pools.insert(r);
      } else if (method == "result" && objs_[r].kind == ObjKind::LibInstance &&
                 objs_[r].qualified.str() == kFuture) {
        futures.insert(r);
      } else {
        others.insert(r);
      }
    }
    if (!pools.empty() || !futures.empty()) {
      ValueSet out = pools.empty() ? ValueSet{} : submit_to_thread_pool(args, node);
      if (!futures.empty()) out.merge(load(futures, intern_field("_result"), node.site));
      if (!others.empty()) out.merge(call_method(others, method, args, node, result_used));
      return out;
    }
  }
  if (method == "apply" && args.size() == 1 && args[0].name.empty()) {
    // `model.apply(fn)` on an nn.Module calls fn on every submodule and on the module itself (its model
    // below gives the module back). A module this function was given (`def enable(model):
    // model.apply(wrap)`) has submodules only a caller knows: the call is made again there.
    ValueSet modules;
    for (ObjId r : receivers) {
      if (objs_[r].module) modules.insert(r);
      if (is_placeholder(r)) defer(r, kNoObj, method, args, node, kNoObj, result_used);
    }
    if (!modules.empty()) apply_to_submodules(modules, args[0].values, node);
  }
  if (method == "requires_grad_" && asks_for_grad(node, true)) {
    // `delta.requires_grad_()` on a tensor: a leaf that requires grad from now on (a module gives itself
    // back).
    for (ObjId r : receivers) {
      if (!objs_[r].module && !objs_[r].cls.valid()) objs_[r].requires_grad = objs_[r].tensor = true;
    }
  }
  // `self.avg.mul_(0.9).add_(loss)`: see update_in_place.
  if (is_in_place_update(method) && replayed_call_site_ == nullptr) update_in_place(node, method, args);
  // `FORECASTS.slot(key, shape).copy_(pred)`: an in-place write, with autograd on, into a tensor that a
  // module-level object holds and a call hands out makes that tensor keep the graph of what was written.
  if (is_in_place_update(method) && replayed_call_site_ == nullptr && !autograd_maybe_off() &&
      node.children[0].kind == ExprKind::Attribute && !node.children[0].children.empty() &&
      node.children[0].children[0].kind == ExprKind::Call) {
    // What a caller passes is looked at where it is known (the event's values are read there).
    ValueSet written;
    for (const Arg& a : args) {
      for (ObjId v : a.values) {
        if (is_graph(v) || objs_[v].tensor || is_placeholder(v) || is_deferred_result(v)) written.insert(v);
      }
    }
    if (!written.empty()) {
      for (ObjId r : receivers) {
        const Obj& o = objs_[r];
        if (o.module || o.cls.valid() || o.kind == ObjKind::Container ||
            !(root_is_global(r) || o.held_by_global))
          continue;
        record_event(EventKind::StoreIntoGlobal, r, objs_[r].label.str(), written, node.site,
                     describe_target(node.children[0]) + "(...)");
      }
    }
  }
  // `p.grad.add_(g)` (sub_, mul_, copy_, ...) with `g` carrying a graph: the gradient gets one, as by
  // `p.grad = g`.
  if (is_in_place_update(method) && node.children[0].kind == ExprKind::Attribute &&
      !node.children[0].children.empty() && node.children[0].children[0].kind == ExprKind::Attribute &&
      node.children[0].children[0].text == "grad" && !autograd_maybe_off()) {
    ValueSet added;
    for (const Arg& a : args) added.merge(a.values);
    if (any_graph(added)) {
      const std::string gradient = describe_target(node.children[0].children[0]);
      record_event(EventKind::GraphIntoGrad, kNoObj, gradient, added, node.site,
                   gradient + "." + method + "(...)");
    }
  }
  if (method == "start" && args.empty()) keep_endless_thread(receivers, node);
  if (method == "create_task") {
    // On an event loop or a TaskGroup: library objects, or objects whose class is not known here.
    bool project = false;
    for (ObjId r : receivers) project |= objs_[r].cls.valid();
    if (!project) return run_as_task(args, node);
  }
  ValueSet out;
  ValueSet unresolved;
  for (ObjId r : receivers) {
    const ObjKind kind = objs_[r].kind;
    const CodeRef cls = objs_[r].cls;
    if (kind == ObjKind::ModuleConst || kind == ObjKind::ExternalConst || kind == ObjKind::ClassConst ||
        kind == ObjKind::Super || runs_project_method(r, method)) {
      if (kind == ObjKind::Super || kind == ObjKind::ClassConst || cls.valid()) {
        // Resolve to a project method without materialising a bound-method object.
        if (kind != ObjKind::Super && kind != ObjKind::ClassConst) {
          MethodKind mk = MethodKind::Instance;
          const CodeRef m = program_.find_method(cls, method, &mk);
          if (mk == MethodKind::Static) {
            out.merge(invoke(m, {}, args, {}, node));
          } else if (mk == MethodKind::Class) {
            out.merge(invoke(m, {}, args, {}, node));
          } else if (is_property(mk)) {
            // `self._run(x)`: the property's value, called.
            out.merge(call(read_property(r, m, mk, method, node), args, node, result_used));
          } else {
            out.merge(invoke(m, ValueSet{r}, args, {}, node));
          }
          continue;
        }
      }
      if (kind == ObjKind::Super && method == "__new__" && fn_.name == "__new__" && fn_.owner_class >= 0 &&
          !in_metaclass() && !project_base_defines(CodeRef{ref_.module, fn_.owner_class}, "__new__") &&
          !returns_an_entry(fn_.body)) {
        // `obj = super().__new__(cls)` in a `__new__` over `object.__new__`: the instance being made, which
        // `__new__` may register (`_LIVE[obj.handle] = obj`) as an `__init__` registers `self`. Not in one
        // returning an entry of a table (`return Kind._instances[key]`): a cache of shared instances.
        const ObjId made =
            at_site(&node, ObjKind::Unknown, "instance of " + fn_.qualname.substr(0, fn_.qualname.rfind('.')),
                    node.site);
        objs_[made].receiver = true;
        objs_[made].made_by_new = true;  // the instance construct() takes as the one being made
        out.insert(made);
        continue;
      }
      if (kind == ObjKind::Super && method == "__call__" && in_metaclass()) {
        // `super().__call__(*args)` in a metaclass builds the instance: the object being made, which the
        // metaclass may then register (`REGISTRY.append(obj)`) as an `__init__` registers `self`.
        const ObjId made =
            at_site(&node, ObjKind::Unknown,
                    "instance of a class with metaclass " + fn_.qualname.substr(0, fn_.qualname.rfind('.')),
                    node.site);
        objs_[made].receiver = true;
        out.insert(made);
        continue;
      }
      const ValueSet callees = eval_attribute(ValueSet{r}, method, node.children[0]);
      for (ObjId c : callees) {
        if (objs_[c].kind == ObjKind::ExternalConst && objs_[c].receiver_for_super) {
          // super().__init__(...) of a library base: the model's "return" is the object being built.
          const ValueSet self = load_one(r, intern_field("__self__"), node.site);
          const std::string base_q = objs_[c].qualified.str().substr(0, objs_[c].qualified.str().rfind('.'));
          if (const CallModel* model = solver_.models_.function(base_q)) {
            for (ObjId s : self) out.merge(apply_model(*model, {}, args, node, result_used, s));
          } else if (method == "__init__") {
            // `super().__init__(self.now, time.sleep)` in a subclass of a library class (sched.scheduler):
            // kept, as a call of a library class keeps them.
            for (ObjId s : self) keep_callable_arguments(s, base_q, args, node);
          }
          continue;
        }
        out.merge(call(ValueSet{c}, args, node, result_used));
      }
      continue;
    }
    if (kind == ObjKind::Weak) continue;
    unresolved.insert(r);
  }
  if (unresolved.empty()) return out;

  // A field holding a callable (self.cb(...)) is called like any value, and that is the whole call: no
  // method of that name runs.
  ValueSet field_callables, without_field;
  const bool model_like = is_model_like_name(method);
  for (ObjId r : unresolved) {
    auto it = st_.fields.find(field_key(r, intern_field(method)));
    if (it != st_.fields.end() && !it->second.empty()) {
      field_callables.merge(it->second);
      continue;
    }
    if (model_like && placeholder_capable(r)) {
      // `self.model(x)` read for the first time: the model a caller put there, called.
      field_callables.merge(load_one(r, intern_field(method), node.site));
    }
    without_field.insert(r);
  }
  if (!field_callables.empty()) out.merge(call(field_callables, args, node, result_used));
  unresolved = std::move(without_field);
  if (unresolved.empty()) return out;

  if (method == "backward" || method == "manual_backward") {
    // `loss.backward()` back-propagates its receiver; `accelerator.backward(loss)` (Hugging Face Accelerate)
    // and Lightning's `self.manual_backward(loss)` their first argument, a loss where the receiver is no
    // tensor.
    const ValueSet first = arg_values(args, 0, "loss", node.site);
    mark_losses(method == "manual_backward" || (any_graph(first) && !any_graph(unresolved)) ? first
                                                                                            : unresolved);
    return out;
  }
  // `m.eval()` and `m.train()` say that `m` is an nn.Module (`m.eval(); m(x)` runs it), and the methods that
  // return an nn.Module itself give it back (`model = Net().to(device)`, `.cuda()`; a tensor's make a new
  // one).
  if (program_.uses_torch()) {
    if (method == "eval" || method == "train") {
      for (ObjId r : unresolved) objs_[r].module = true;
    }
    if (returns_the_module(method) &&
        std::all_of(unresolved.begin(), unresolved.end(), [this](ObjId r) { return objs_[r].module; })) {
      out.merge(unresolved);
      return out;
    }
  }
  // `model.forward(x)`: the module run directly.
  if (method == "forward" && no_grad_depth_ == 0 &&
      std::any_of(unresolved.begin(), unresolved.end(), [this](ObjId r) { return objs_[r].module; })) {
    const ObjId result = at_site(&node, ObjKind::Unknown, "output of .forward()", node.site);
    mark_graph(ValueSet{result});
    out.insert(result);
    return out;
  }
  if (method == "register") {
    const ValueSet dispatchers = dispatch_functions(unresolved);
    if (!dispatchers.empty()) {
      out.merge(register_dispatch_implementation(dispatchers, args, node));
      if (dispatchers.size() == unresolved.size()) return out;
      ValueSet others;
      for (ObjId r : unresolved) {
        if (!dispatchers.contains(r)) others.insert(r);
      }
      unresolved = std::move(others);
    }
  }
  // `d.setdefault(obj, [])` keeps `obj` as a key, as `d[obj] = v` does.
  if (method == "setdefault" && !args.empty() && args[0].name.empty())
    store_dict_keys(unresolved, args[0].values, node, node.site);
  // `inspect.signature(f).bind(self, *args, **kwargs)`: the BoundArguments' `.arguments` dict holds every
  // argument, `self` included (a decorator saving `{k: v for k, v in bound.arguments.items()}` on `self`).
  if ((method == "bind" || method == "bind_partial") && result_used && !args.empty()) {
    out.merge(bound_arguments(args, node));
    return out;
  }
  // `self.seen.clear()`: the one container named is empty from here on (a cycle through what it held is
  // gone once a method that clears it has run). Not made again for a callee: its summary says what it
  // cleared, and where in its run.
  if (method == "clear" && args.empty() && unresolved.size() == 1 && replayed_call_site_ == nullptr)
    empty_container(unresolved[0]);
  // `self._undo.close()` on an ExitStack runs its callbacks and drops them (`pop_all()` moves them to a new
  // stack): the bound methods it kept are let go of.
  if ((method == "close" || method == "aclose" || method == "pop_all") && args.empty() &&
      unresolved.size() == 1 && replayed_call_site_ == nullptr &&
      made_by(unresolved[0], {"contextlib.ExitStack", "contextlib.AsyncExitStack"}))
    empty_field(unresolved[0], intern_field("_exit_callbacks[]"));
  // The models for some libraries' objects (a logger's addHandler), then the entry for any receiver;
  // receivers none of them takes are left unknown.
  const CallModel* model = nullptr;
  for (const CallModel* entry : solver_.models_.methods(method)) {
    if (entry->receivers.empty()) {
      model = entry;
      break;
    }
    ValueSet made, others;
    for (ObjId r : unresolved) (made_by(r, entry->receivers) ? made : others).insert(r);
    // A field known only by what its class's stores make (`self.tar`, see Context::maker), next to an object
    // made here: left to the callers, which know which object it is (one receiver then, not two).
    if (made.size() > 1) {
      ValueSet made_here;
      for (ObjId r : made) (objs_[r].kind == ObjKind::Field ? others : made_here).insert(r);
      made = std::move(made_here);
    }
    if (!made.empty()) out.merge(apply_model(*entry, made, args, node, result_used));
    if (others.empty()) return out;
    unresolved = std::move(others);
  }
  if (model != nullptr) {
    // A variable captured from the enclosing function (`lambda: a.add(b)`) has a type that function
    // knows: the call is resolved where the closure is called, to a project class's own `add` or to
    // this model on a library object, instead of storing through the model here.
    ValueSet modelled;
    for (ObjId r : unresolved) {
      if (!captured_from_enclosing(r)) {
        modelled.insert(r);
        continue;
      }
      const ObjId result = call_result_at_site(node, "result of ." + method + "()");
      defer(r, kNoObj, method, args, node, result, result_used);
      out.insert(result);
    }
    if (modelled.empty()) return out;
    out.merge(apply_model(*model, modelled, args, node, result_used));
    // A method a project class also defines (`self.scaler.scale(loss)` with the project's own loss scaler,
    // `self.tracker.update(loss)` with its own tracker, not a dict): a caller that knows the receiver's
    // class runs the project's method. Not one that gives its receiver back (`model.train()`): those are a
    // library object's own API. The call's result and effects here stay the model's, for callers that pass
    // a library object.
    if (model->returns != ModelReturn::Receiver && program_.has_method_named(method)) {
      for (ObjId r : modelled) {
        if (is_placeholder(r)) defer_project_method(r, method, args, node, result_used);
      }
    }
    return out;
  }
  bool any_callable = false;
  for (const Arg& a : args) {
    for (ObjId v : a.values) any_callable |= is_callable_value(v);
  }
  if (any_callable && is_registration_method(method)) {
    ValueSet callables;
    for (const Arg& a : args) {
      for (ObjId v : a.values) {
        if (is_callable_value(v)) callables.insert(v);
      }
    }
    // Taken out by a handle, or by the counterpart method a context manager's exit calls
    // (`self.loop.remove_signal_handler(sig)` in `__exit__`). Not one called only at the end of a stream or
    // in a `close()` the caller may skip (v5206).
    const std::string unregister = unregistration_method(method);
    const bool removable =
        (result_used && removes_handles()) ||
        (!unregister.empty() && program_.module_calls_removal_on_exit(ref_.module, unregister));
    // A hook on a module, or on an object whose class is not known, is a module hook; on a library object
    // known to be something else (an optimizer's `register_step_post_hook`) it is a callback that object
    // keeps.
    const bool module_hook = method.find("hook") != std::string::npos &&
                             std::any_of(unresolved.begin(), unresolved.end(), [this](ObjId r) {
                               return objs_[r].module || objs_[r].kind != ObjKind::LibInstance;
                             });
    // Named after the method: the holder is often on the C side (a signal, a future), with no attribute.
    // Ends in "[]" like an element, so registering one callable does not replace another.
    store(unresolved, intern_field(method + std::string(kRegisteredSuffix)), callables,
          {site_ref(node.site, registration_note(method + "() keeps the callable", result_used))},
          module_hook ? EdgeRole::ModuleHook : EdgeRole::Callback, removable);
    return out;
  }
  // Unknown method: an unknown result; tensor methods keep the autograd graph, and so does `self.fc(x)` in
  // a method of an nn.Module (an attribute of the module that is called is a submodule).
  bool graph = false, tensor = false;
  for (ObjId r : unresolved) {
    // `self.log_scale.exp()`: an op on a parameter has a graph (`p.numel()` and such give plain numbers).
    graph |= is_graph(r) || (requires_grad(objs_[r]) && !is_graph_free_attribute(method));
    tensor |= objs_[r].tensor;
    if (objs_[r].receiver && objs_[r].module && !is_module_api_method(method)) graph = tensor = true;
  }
  const ObjId result = call_result_at_site(node, "result of ." + method + "()");
  // `scores.float()` may be `scores` itself, graph and all, even under no_grad.
  if (may_return_its_tensor(method)) objs_[result].no_grad = false;
  if (graph && no_grad_depth_ == 0) objs_[result].graph = true;
  objs_[result].tensor |= tensor;
  // `loss.view(1)`, `out.float()`: computed from its tensor receiver, as a torch op from its arguments.
  for (ObjId r : unresolved) {
    // A placeholder may be a tensor a caller passes (a forward hook's `output`, a helper's argument): where
    // it is one with a graph, what its methods compute carries that graph. Not `self`, a module or an
    // instance of a project class (`self.model(x)` is no op on the trainer).
    const bool maybe_tensor = (is_placeholder(r) || !objs_[r].operands.empty() || is_deferred_result(r)) &&
                              !objs_[r].receiver && !objs_[r].module && !objs_[r].cls.valid();
    // Not `p.numel()`, `loss.item()`, `x.detach()`: plain numbers or a tensor without history.
    if ((objs_[r].tensor || objs_[r].graph || requires_grad(objs_[r]) || maybe_tensor) &&
        !is_graph_free_attribute(method))
      add_operand(result, r);
  }
  if (returns_a_view(method) && !objs_[result].operands.empty()) objs_[result].view = true;
  // `torch.zeros(n).index_add(0, idx, confidence)`: computed from its tensor arguments as well. Not what
  // takes only their shape or type (`view_as`, `new_zeros`, `to`, `type_as`).
  // A tensor, or what may be one: a torch function's result, a value computed here, or a placeholder a caller
  // fills (never a module, a project instance or a container).
  const auto may_be_tensor = [this](ObjId v) {
    const Obj& o = objs_[v];
    if (o.module || o.cls.valid() || o.receiver || o.kind == ObjKind::Container) return false;
    return o.tensor || o.graph || o.kind == ObjKind::Value || o.qualified.str().starts_with("torch.") ||
           is_placeholder(v) || is_deferred_result(v);
  };
  const bool on_a_tensor = std::any_of(unresolved.begin(), unresolved.end(), [this](ObjId r) {
    const Obj& o = objs_[r];
    return (o.tensor || o.graph || o.qualified.str().starts_with("torch.")) && !o.module && !o.cls.valid();
  });
  if (on_a_tensor && !is_graph_free_attribute(method) && !method.ends_with("_as") &&
      !method.starts_with("new_") && method != "to" && method != "type") {
    for (const Arg& a : args) {
      for (ObjId v : a.values) {
        if (!may_be_tensor(v)) continue;
        add_operand(result, v);
        if (is_graph(v) && no_grad_depth_ == 0) objs_[result].graph = true;
      }
    }
  }
  // A call on a placeholder is made again where a caller knows what it is; so is a call on what a deferred
  // `submit()` returned (`self.pool.submit(f, x).result()`: a thread pool's future), once the first has been.
  // (Deferring calls on every deferred call's result cost 3% of the time on torch for no finding.)
  for (ObjId r : unresolved) {
    if (is_placeholder(r) || objs_[r].deferred_result) {
      defer(r, kNoObj, method, args, node, result, result_used);
      if (method == "submit") objs_[result].deferred_result = true;
    }
  }
  out.insert(result);
  return out;
}

ValueSet Context::call_method_named_by_parameter(const Expr& callee, const std::vector<Arg>& args,
                                                 const Expr& node, bool result_used) {
  const std::string& variable = callee.arg_names[0];
  const int32_t param = name_parameter(variable);
  if (param < 0) return {};
  const ValueSet receivers = eval(callee.children[0]);
  const ObjId result = at_site(&node, ObjKind::Unknown, "result of a method named by " + variable, node.site);
  for (ObjId r : receivers) defer(r, kNoObj, "", args, node, result, result_used, param);
  return ValueSet{result};
}

const Expr* Context::argument_passed(const Function& callee, int32_t param, const Expr& node, bool bound) {
  if (node.kind != ExprKind::Call || param < 0 || static_cast<size_t>(param) >= callee.params.size())
    return nullptr;
  const std::string& name = callee.params[static_cast<size_t>(param)].name;
  int32_t position = param - (bound ? 1 : 0);
  for (size_t i = 1; i < node.children.size(); ++i) {
    const std::string& arg_name = node.arg_names[i];
    if (arg_name == "*" || arg_name == "**") return nullptr;
    const bool matches = arg_name.empty() ? position == 0 : arg_name == name;
    if (arg_name.empty()) --position;
    if (matches) return &node.children[i];
  }
  return nullptr;
}

void Context::call_method_named_by_argument(const DeferredCall& d, const Function& callee, const Expr& node,
                                            bool bound, const ValueSet& receivers,
                                            const std::vector<Arg>& args, ValueSet& results) {
  const Expr* passed = argument_passed(callee, d.name_param, node, bound);
  if (passed == nullptr) return;
  // A string holding the name: call that method.
  if (passed->kind == ExprKind::Literal && passed->text.size() >= 3 && passed->text.front() == '\'') {
    results.merge(call_method(receivers, passed->text.substr(1, passed->text.size() - 2), args, *d.node,
                              d.result_used));
    return;
  }
  // A parameter of this function passed on (`def fire(self, event): self._call_hooks(event)`): made again
  // where this function's caller passes the name.
  if (passed->kind != ExprKind::Name) return;
  for (size_t i = 0; i < fn_.params.size(); ++i) {
    if (fn_.params[i].name != passed->text || fn_.params[i].kind == ParamKind::VarArgs ||
        fn_.params[i].kind == ParamKind::VarKeywords)
      continue;
    for (ObjId r : receivers)
      defer(r, kNoObj, "", args, *d.node, kNoObj, d.result_used, static_cast<int32_t>(i));
    return;
  }
}

// `functools.reduce(fn, items[, initial])`: fn called with what it has made so far (an item or the initial
// value) and each item. One call stands for all: a second, given the first's result, would make the
// function's objects (one per site) hold themselves (`reduce(compose, stages)` nests lambdas made at one
// line, each a different object at run time).
ValueSet Context::reduce(const std::vector<Arg>& args, const Expr& node) {
  const ValueSet items = load(args[1].values, elements_field(), node.site);
  std::vector<Arg> step(2);
  step[0].values = items;
  if (args.size() > 2) step[0].values.merge(args[2].values);
  step[1].values = items;
  return call(args[0].values, step, node, true);
}

ValueSet Context::call(const ValueSet& callees, const std::vector<Arg>& args, const Expr& node,
                       bool result_used) {
  ValueSet out;
  for (ObjId c : callees) {
    if (auto named = methods_named_by_parameter_.find(c); named != methods_named_by_parameter_.end()) {
      // `fn(ctx)` for `fn = getattr(cb, hook, None)`: the method a caller names, made there.
      const ObjId result = at_site(&node, ObjKind::Unknown, "result of " + objs_[c].label.str(), node.site);
      for (ObjId r : named->second.receivers)
        defer(r, kNoObj, "", args, node, result, result_used, named->second.param);
      out.insert(result);
      continue;
    }
    ObjKind kind = objs_[c].kind;
    // A module-level instance of a project class (`ALIGN = GradAlignment()`) is called like any instance.
    if (kind == ObjKind::Global && objs_[c].cls.valid()) kind = ObjKind::Instance;
    switch (kind) {
      case ObjKind::FunctionConst:
        out.merge(invoke(objs_[c].fn, {}, args, {}, node));
        break;
      case ObjKind::Closure:
        out.merge(invoke(objs_[c].fn, {}, args, ValueSet{c}, node));
        break;
      case ObjKind::BoundMethod: {
        const ValueSet self = load_one(c, intern_field("__self__"), node.site);
        if (objs_[c].fn.valid()) {
          // `Fn.apply(...)`: torch runs a custom Function's forward with autograd off (its outputs get their
          // history from the Function's node, not from what forward computes).
          const bool function_forward =
              self.size() == 1 && objs_[self[0]].ctx && program_.function(objs_[c].fn).name == "forward";
          no_grad_depth_ += function_forward ? 1 : 0;
          function_forward_depth_ += function_forward ? 1 : 0;
          out.merge(invoke(objs_[c].fn, self, args, {}, node));
          function_forward_depth_ -= function_forward ? 1 : 0;
          no_grad_depth_ -= function_forward ? 1 : 0;
        } else {
          out.merge(call(load_one(c, intern_field("__func__"), node.site), args, node, result_used));
        }
        break;
      }
      case ObjKind::Weak:
        // `ref()` gives the referent back (a proxy is called as its referent is: not followed).
        if (!is_weak_proxy(c)) out.merge(load_one(c, referent_field(), node.site));
        break;
      case ObjKind::Partial: {
        // The bound arguments in their places (the first three have slots of their own: `partial(push, heap,
        // counter)(task)` calls `push(heap, counter, task)`; a fourth is not followed), else all of them as
        // one.
        std::vector<Arg> full;
        for (int i = 0; i < 3; ++i) {
          auto slot = st_.fields.find(field_key(c, intern_field("args[" + std::to_string(i) + "]")));
          if (slot == st_.fields.end() || slot->second.empty()) break;
          Arg bound;
          bound.values = slot->second;
          full.push_back(std::move(bound));
        }
        if (full.empty()) {
          Arg bound;
          bound.values = load_one(c, intern_field("args[]"), node.site);
          if (!bound.values.empty()) full.push_back(std::move(bound));
        }
        full.insert(full.end(), args.begin(), args.end());
        out.merge(call(load_one(c, intern_field("func"), node.site), full, node, result_used));
        break;
      }
      case ObjKind::ClassConst:
        if (!objs_[c].cls.valid()) break;
        // `Phase("train")` looks a member up: no new object.
        if (objs_[c].element_cls.valid()) {
          out.merge(load_one(c, elements_field(), node.site));
          break;
        }
        out.merge(construct(objs_[c].cls, args, node));
        break;
      case ObjKind::ExternalConst: {
        const std::string q = objs_[c].qualified;  // a copy: the calls below add objects
        if (q == "builtins.enumerate" || q == "builtins.zip") {
          out.merge(tuple_sequence(q == "builtins.enumerate", args, node));
          break;
        }
        // `type(self)` of an object whose project class is known: that class (`type(self).last = err` sets
        // a class attribute).
        if (q == "builtins.type" && args.size() == 1 && args[0].name.empty()) {
          ValueSet classes;
          for (ObjId v : args[0].values) {
            if (objs_[v].cls.valid() && objs_[v].kind != ObjKind::ClassConst)
              classes.insert(constant(project_ref(StaticRef::Kind::ProjectClass, objs_[v].cls)));
          }
          if (!classes.empty() && classes.size() == args[0].values.size()) {
            out.merge(classes);
            break;
          }
        }
        if (makes_task(q)) {
          out.merge(run_as_task(args, node));
          break;
        }
        // (A shallow copy.copy is the library model's: a container's copy holds its elements.)
        if (q == "copy.deepcopy" && !args.empty() && args[0].name.empty()) {
          out.insert(deep_copy_of(args[0].values, node));
          break;
        }
        if (q == "copy.copy" && args.size() == 1 && args[0].name.empty()) {
          if (ValueSet copies = shallow_copies_of_instances(args[0].values, node); !copies.empty()) {
            out.merge(copies);
            break;
          }
        }
        if (q == "torch.nn.utils.parametrize.register_parametrization") {
          parametrize(args, node);
          break;
        }
        if (q == "functools.reduce" && args.size() >= 2 &&
            std::all_of(args.begin(), args.end(), [](const Arg& a) { return a.name.empty(); })) {
          out.merge(reduce(args, node));
          break;
        }
        if (q == "builtins.type" && args.size() == 3 &&
            std::all_of(args.begin(), args.end(), [](const Arg& a) { return a.name.empty(); })) {
          out.merge(class_made_at_run_time(args, node));
          break;
        }
        const CallModel* model = solver_.models_.function(q);
        // A model that only says the call makes a cyclic object: the call is unknown otherwise.
        if (model != nullptr && model->effects.empty() && model->returns == ModelReturn::Unknown &&
            !model->cycle.empty()) {
          record_library_cycle(*model, args, node);
          model = nullptr;
        }
        if (model != nullptr) {
          const ValueSet made = apply_model(*model, {}, args, node, result_used);
          if (q == "collections.defaultdict") fill_with_default(made, args, node);
          if (q == "threading.Thread") keep_endless_thread_target(args, node);
          if (is_trace_installer(q)) run_trace_function(args, node);
          out.merge(made);
        } else {
          const bool loss = is_loss_function(q) && no_grad_depth_ == 0;
          const bool torch_call = q.rfind("torch.", 0) == 0;
          bool arg_graph = false;
          if (torch_call) {
            for (const Arg& a : args) {
              for (ObjId v : a.values) arg_graph |= is_graph(v);
            }
          }
          out.merge(unknown_call(q, args, node, (loss || arg_graph) && no_grad_depth_ == 0,
                                 torch_call && !is_camel_case(q)));
        }
        break;
      }
      case ObjKind::Instance: {
        const CodeRef cls = objs_[c].cls;
        if (!cls.valid()) break;
        const ClassInfo& info = program_.class_info(cls);
        const CodeRef call_method_ref = program_.find_method(cls, "__call__");
        const CodeRef forward = program_.find_method(cls, "forward");
        ValueSet result;
        if (call_method_ref.valid()) {
          result = invoke(call_method_ref, ValueSet{c}, args, {}, node);
        } else if (info.is_nn_module && forward.valid()) {
          result = invoke(forward, ValueSet{c}, args, {}, node);
        } else if (args.size() == 1 && args[0].name.empty() && is_context_decorator(info)) {
          result = context_decorator_wrapper(c, args[0].values, node);
        }
        if (info.is_nn_module && no_grad_depth_ == 0) {
          if (result.empty())
            result.insert(at_site(&node, ObjKind::Unknown, "output of " + objs_[c].label.str(), node.site));
          mark_graph(result);
        }
        if (info.is_nn_module && forward_hooks_known_) run_forward_hooks(c, args, result, node);
        out.merge(result);
        break;
      }
      default: {
        if (objs_[c].kind == ObjKind::Global && objs_[c].module_index >= 0) {
          // `log_train(step, loss=loss)` with `log_train = make_logger("train")` at module level: the
          // function the factory returns, called (made again here: the module's one is made at import).
          const CodeRef factory = program_.global_factory(objs_[c].module_index, objs_[c].name.str());
          if (factory.valid()) {
            const ValueSet functions = project_callables(invoke(factory, {}, {}, {}, node));
            if (!functions.empty()) {
              out.merge(call(functions, args, node, result_used));
              break;
            }
          }
          // `Transition = namedtuple(...)` at module level: what that library call made, called (as a
          // decorator a factory call made is, below).
          const std::string made_by =
              program_.global_call_qualified(objs_[c].module_index, objs_[c].name.str());
          const CallModel* model = made_by.empty() ? nullptr : solver_.models_.function(made_by);
          if (model != nullptr && model->always_decorator_factory) {
            out.merge(apply_model(*model, {}, args, node, result_used, kNoObj, true));
            break;
          }
        }
        if (objs_[c].kind == ObjKind::LibInstance && objs_[c].qualified.str() == kDispatchRegisterDecorator) {
          const ValueSet implementations = arg_values(args, 0, "", node.site);
          keep_dispatch_implementation(objs_[c].name.str(), implementations, node);
          out.merge(implementations);
          break;
        }
        if (objs_[c].kind == ObjKind::LibInstance && objs_[c].qualified.str() == kCachingWrapper) {
          out.merge(call_caching_wrapper(c, args, node));
          break;
        }
        if (objs_[c].kind == ObjKind::LibInstance && !objs_[c].qualified.empty()) {
          // The decorator a factory call made (`lru_cache(maxsize=8)`), applied to what it decorates.
          const CallModel* model = solver_.models_.function(objs_[c].qualified.str());
          if (model != nullptr && model->decorator_factory) {
            out.merge(apply_model(*model, {}, args, node, result_used, kNoObj, true));
            break;
          }
        }
        // A library object, a parameter or field of unknown type: an unknown result.
        bool graph = false;
        const Obj& o = objs_[c];
        if (o.module) graph = true;
        if (o.kind == ObjKind::LibInstance && o.qualified.str().rfind("torch.nn.", 0) == 0) graph = true;
        // `model(x)`, `self.model(x)`, `self.encoder(x)`: the name a parameter, global or field has.
        const std::string& name = o.kind == ObjKind::Field ? field_name(o.field)
                                  : o.name.empty()         ? o.label.str()
                                                           : o.name.str();
        if ((o.kind == ObjKind::Param || o.kind == ObjKind::Field || o.kind == ObjKind::Global) &&
            is_model_like_name(name)) {
          graph = true;
        }
        // `policy = nn.Sequential(...)` at module level, called in a function.
        if (o.kind == ObjKind::Global && o.module_index >= 0 && program_.uses_torch() &&
            is_torch_module_class(program_.global_call_qualified(o.module_index, name)))
          graph = true;
        // `block(x)` for `block in self.blocks` in a method of an nn.Module: what the module holds and is
        // called is a submodule.
        // Not an element of a plain list or dict the module keeps (`self.pending = []` holding callbacks).
        if (o.kind == ObjKind::Field && objs_[field_root(c)].receiver && objs_[field_root(c)].module &&
            !in_plain_container_attribute(c))
          graph = true;
        // Calling an instance of a library class (`net = nn.Linear(4, 2); net(x)`) runs it: its class's name
        // would make another instance.
        const std::string called = o.kind == ObjKind::LibInstance ? std::string() : o.qualified.str();
        const bool runs_sequential = o.kind == ObjKind::LibInstance &&
                                     o.qualified.str().starts_with("torch.nn.") &&
                                     last_component(o.qualified.str()) == "Sequential";
        const ValueSet result = unknown_call(called, args, node, graph && no_grad_depth_ == 0, graph);
        // `nn.Sequential(QuantLinear(...), nn.ReLU())(x)`: calling the container runs the modules it holds,
        // the project's with their own forward (what they keep on the way, they keep).
        if (runs_sequential && sequential_depth_ < 2) {
          ValueSet project_modules;
          for (ObjId m : load_one(c, elements_field(), node.site)) {
            if (objs_[m].kind == ObjKind::Instance && objs_[m].cls.valid()) project_modules.insert(m);
          }
          if (!project_modules.empty()) {
            // Each gets the activations of the modules before it: computed from the input, with a graph
            // where the container's own call makes one (the container's result stands for them).
            std::vector<Arg> activations = args;
            if (!activations.empty() && activations[0].name.empty()) activations[0].values.merge(result);
            ++sequential_depth_;
            call(project_modules, activations, node, false);
            --sequential_depth_;
          }
        }
        if (is_placeholder(c) && !result.empty()) defer(kNoObj, c, "", args, node, result[0], result_used);
        if (graph && forward_hooks_known_) run_forward_hooks(c, args, result, node);
        out.merge(result);
        break;
      }
    }
  }
  return out;
}

void Context::load_dataset_items(const ValueSet& loaders, const Expr& iterable) {
  for (ObjId loader : loaders) {
    if (objs_[loader].kind != ObjKind::LibInstance || objs_[loader].label.str() != "DataLoader") continue;
    for (ObjId dataset : load_one(loader, intern_field("dataset"), iterable.site)) {
      const CodeRef cls = objs_[dataset].cls;
      if (!cls.valid() || objs_[dataset].kind == ObjKind::ClassConst) continue;
      const CodeRef get_item = program_.find_method(cls, "__getitem__");
      if (!get_item.valid()) continue;
      Arg index;
      index.values.insert(at_site(&iterable, ObjKind::Unknown, "index", iterable.site, 9));
      invoke(get_item, ValueSet{dataset}, {index}, {}, iterable);
    }
  }
}

// `load_teacher(TEACHER["arch"], 4)`: arguments that are literals or read from module-level names (by
// attribute or literal key), the same on every call, so one cached result.
bool Context::names_constants_only(const Expr& call) const {
  auto constant = [this](auto& self, const Expr& e) -> bool {
    switch (e.kind) {
      case ExprKind::Literal:
        return true;
      case ExprKind::Name:
        return !is_local(e.text) && !is_free_var(e.text);
      case ExprKind::Attribute:
        return e.children.size() == 1 && self(self, e.children[0]);
      case ExprKind::Subscript:  // a literal key (lowered into the text) or a literal index
        return !e.children.empty() && self(self, e.children[0]) &&
               (e.children.size() == 1 ? !e.text.empty() && e.text != ":"
                                       : e.children.size() == 2 && e.children[1].kind == ExprKind::Literal);
      default:
        return false;
    }
  };
  for (size_t i = 1; i < call.children.size(); ++i) {
    if (!constant(constant, call.children[i])) return false;
  }
  return call.kind == ExprKind::Call;
}

ObjId Context::deep_copy_of(const ValueSet& originals, const Expr& node) {
  const ObjId copy = at_site(&node, ObjKind::LibInstance, "deep copy", node.site);
  // What it is a copy of, as far as what it keeps alive goes: a module's copy has parameters of its own, a
  // state dict's holds tensors. (A tensor with autograd history cannot be deep-copied.) The originals are
  // its operands, for a caller that knows them better (`copy.deepcopy(model)` of a parameter `model`);
  // no_grad: a copy is no value computed from them with autograd.
  objs_[copy].qualified = "copy.deepcopy";
  objs_[copy].no_grad = true;
  for (ObjId v : originals) add_operand(copy, v);
  take_flags_of_originals(copy);
  return copy;
}

ValueSet Context::shallow_copies_of_instances(const ValueSet& originals, const Expr& node) {
  // Only for objects all of a project class: a container's copy is the library model's.
  const bool instances =
      !originals.empty() && std::all_of(originals.begin(), originals.end(), [this](ObjId v) {
        return objs_[v].cls.valid() && objs_[v].kind != ObjKind::ClassConst;
      });
  if (!instances) return {};
  ValueSet copies;
  uint32_t salt = 0;
  for (ObjId original : originals) {
    const CodeRef cls = objs_[original].cls;
    // A class that says how it is copied (`__copy__` giving the clone fresh views of its own).
    if (const CodeRef own = program_.find_method(cls, "__copy__"); own.valid()) {
      copies.merge(invoke(own, ValueSet{original}, {}, {}, node));
      continue;
    }
    const ObjId copy =
        at_site(&node, ObjKind::Instance, program_.class_def(cls).name, node.site, 200 + salt++);
    objs_[copy].cls = cls;
    objs_[copy].module = program_.class_info(cls).is_nn_module;
    objs_[copy].has_del = program_.class_info(cls).defines_del;
    // `child = copy.copy(self)`: the copy's attributes are the original's objects (a list both share), as
    // far as the class's own methods set them.
    for (const std::string& name : program_.instance_attribute_names(cls, 32)) {
      const ValueSet held = load_one(original, intern_field(name), node.site);
      if (held.empty()) continue;
      store(ValueSet{copy}, intern_field(name), held,
            {site_ref(node.site, "copy.copy() shares ." + name + " with the original")}, EdgeRole::Plain);
    }
    copies.insert(copy);
  }
  return copies;
}

void Context::take_flags_of_originals(ObjId copy) {
  // Named by what it copies, where that is one object: "deep copy of Linear".
  if (objs_[copy].operands.size() == 1)
    objs_[copy].label = PooledText("deep copy of " + objs_[objs_[copy].operands[0]].label.str());
  for (ObjId v : objs_[copy].operands) {
    const Obj& o = objs_[v];
    const bool project_module =
        o.cls.valid() && o.kind != ObjKind::ClassConst && program_.class_info(o.cls).is_nn_module;
    objs_[copy].module |= o.module || project_module;
    objs_[copy].tensor |= o.tensor || o.module || project_module;
  }
}

ValueSet Context::call_caching_wrapper(ObjId wrapper, const std::vector<Arg>& args, const Expr& node) {
  const ValueSet wrapped = load_one(wrapper, intern_field("__wrapped__"), node.site);
  const ValueSet result = wrapped.empty() ? ValueSet{} : call(wrapped, args, node, true);
  ValueSet kept = result;
  for (const Arg& a : args)
    kept.merge(a.name == "*" || a.name == "**" ? load(a.values, elements_field(), node.site) : a.values);
  // One store each: the cache surely keeps every one of them.
  const FieldId cache = intern_field("cache[]");
  for (ObjId v : kept) {
    store(ValueSet{wrapper}, cache, ValueSet{v},
          {site_ref(node.site, "the cache keeps the call's arguments and result")}, EdgeRole::Capture);
  }
  return result;
}

// The class attribute a singleton's `__new__` keeps its one instance in (`if cls._instance is None:
// cls._instance = super().__new__(cls)` ... `return cls._instance`); "" for any other `__new__`.
static std::string singleton_slot(const Function& new_method) {
  if (new_method.params.empty()) return "";
  const std::string& cls = new_method.params[0].name;
  auto slot_of = [&cls](const Expr& e) {
    return e.kind == ExprKind::Attribute && !e.children.empty() && e.children[0].kind == ExprKind::Name &&
                   e.children[0].text == cls
               ? e.text
               : std::string();
  };
  std::string returned;
  std::vector<std::string> assigned;
  bool other_return = false;
  for_each_statement(new_method.body, [&](const Stmt& s) {
    if (s.kind == StmtKind::Return) {
      const std::string slot = slot_of(s.value);
      if (slot.empty() || (!returned.empty() && slot != returned)) other_return = true;
      if (!slot.empty()) returned = slot;
    }
    if (s.kind == StmtKind::Assign) {
      for (const Expr& t : s.targets) assigned.push_back(slot_of(t));
    }
  });
  const bool kept = std::find(assigned.begin(), assigned.end(), returned) != assigned.end();
  return !other_return && !returned.empty() && kept ? returned : "";
}

ValueSet Context::construct(CodeRef cls, const std::vector<Arg>& args, const Expr& node) {
  const ClassDef& def = program_.class_def(cls);
  const ClassInfo& info = program_.class_info(cls);
  // A singleton: the call gives the one instance its class keeps, which lives as long as the class. Its
  // `__init__` is taken to have run when it was made (singletons guard it, `if self._initialized: return`):
  // what it holds is what earlier calls left there, as for a module-level instance.
  if (const CodeRef made_by = program_.find_method(cls, "__new__"); made_by.valid()) {
    if (const std::string slot = singleton_slot(program_.function(made_by)); !slot.empty()) {
      const ValueSet held = load(ValueSet{constant(project_ref(StaticRef::Kind::ProjectClass, cls))},
                                 intern_field(slot), node.site);
      if (!held.empty()) {
        for (ObjId h : held) {
          objs_[h].cls = cls;
          objs_[h].module = info.is_nn_module;
        }
        return held;
      }
    }
  }
  // A project `__new__` makes the instance itself (`obj = super().__new__(cls, text); obj.scorer = scorer;
  // return obj`): the instances it returns that its `super().__new__` made are the ones `__init__` runs on,
  // with what `__new__` stored on them.
  ValueSet made;
  if (const CodeRef maker = program_.find_method(cls, "__new__"); maker.valid()) {
    const ObjId class_constant = constant(project_ref(StaticRef::Kind::ProjectClass, cls));
    for (ObjId m : invoke(maker, ValueSet{class_constant}, args, {}, node)) {
      if (objs_[m].made_by_new) made.insert(m);
    }
  }
  if (made.empty()) made.insert(at_site(&node, ObjKind::Instance, def.name, node.site));
  for (ObjId m : made) {
    // `self` of the `__new__` that made it, not of this function.
    objs_[m].kind = ObjKind::Instance;
    objs_[m].receiver = false;
    objs_[m].cls = cls;
    objs_[m].label = def.name;
    objs_[m].module = info.is_nn_module;
    objs_[m].has_del = info.defines_del;
  }
  const ObjId instance = made[0];
  const CodeRef init = program_.find_method(cls, "__init__");
  if (init.valid()) {
    const ObjId outer = constructing_;
    constructing_ = instance;
    invoke(init, ValueSet{instance}, args, {}, node);
    constructing_ = outer;
  } else {
    for (const std::string& q : info.external_bases) {
      if (const CallModel* model = solver_.models_.function(q)) {
        apply_model(*model, {}, args, node, true, instance);
        break;
      }
    }
    keep_thread_target(cls, instance, args, node);
  }
  return made;
}

bool Context::is_context_decorator(const ClassInfo& info) {
  return std::any_of(info.external_bases.begin(), info.external_bases.end(), [](const std::string& base) {
    return base == "contextlib.ContextDecorator" || base == "contextlib.AsyncContextDecorator";
  });
}

// `guard(fn)` on an instance of a `contextlib.ContextDecorator` subclass: the library's `__call__` returns
// `inner`, a closure over the function and the instance (`with self._recreate_cm(): return func(...)`),
// with the function also in `__wrapped__` (functools.wraps).
ValueSet Context::context_decorator_wrapper(ObjId decorator, const ValueSet& function, const Expr& node) {
  const ObjId inner =
      at_site(&node, ObjKind::LibInstance, "wrapper made by " + objs_[decorator].label.str(), node.site);
  const std::vector<SiteNote> chain{site_ref(node.site, "ContextDecorator.__call__() wraps it")};
  const ObjId func_cell = at_site(&node, ObjKind::Cell, "cell func", node.site, 1);
  const ObjId self_cell = at_site(&node, ObjKind::Cell, "cell self", node.site, 2);
  store(ValueSet{func_cell}, intern_field("contents"), function, chain, EdgeRole::Capture);
  store(ValueSet{self_cell}, intern_field("contents"), ValueSet{decorator}, chain, EdgeRole::Capture);
  store(ValueSet{inner}, intern_field("cell:func"), ValueSet{func_cell}, chain, EdgeRole::Capture);
  store(ValueSet{inner}, intern_field("cell:self"), ValueSet{self_cell}, chain, EdgeRole::Capture);
  store(ValueSet{inner}, intern_field("__wrapped__"), function, chain, EdgeRole::Capture);
  return ValueSet{inner};
}

CodeRef Context::dispatch_class(CodeRef function, const ValueSet& receiver) const {
  // This runs for every call of project code: the receivers are checked first, and most calls stop at
  // a receiver of the method's own class.
  const Function& f = program_.function(function);
  if (f.owner_class < 0 || receiver.empty()) return {};
  CodeRef cls;
  for (ObjId r : receiver) {
    const Obj& o = objs_[r];
    if (!o.cls.valid() || (o.kind != ObjKind::Instance && !o.receiver)) return {};
    if (cls.valid() && !(cls == o.cls)) return {};
    cls = o.cls;
  }
  const CodeRef owner{function.module, f.owner_class};
  if (cls == owner || !program_.is_subclass_of(cls, owner)) return {};
  const auto& kinds = program_.class_info(owner).method_kinds;
  if (auto kind = kinds.find(f.name);
      kind != kinds.end() && kind->second != MethodKind::Instance && !is_property(kind->second)) {
    return {};
  }
  for (const std::string& name : solver_.called_methods(function)) {
    if (!(program_.find_method(cls, name) == program_.find_method(owner, name))) return cls;
  }
  return {};
}

ValueSet Context::bound_arguments(const std::vector<Arg>& args, const Expr& node) {
  ValueSet values;
  for (const Arg& a : args) {
    values.merge(a.name == "*" || a.name == "**" ? load(a.values, elements_field(), node.site) : a.values);
  }
  const ObjId bound = at_site(&node, ObjKind::LibInstance, "inspect.BoundArguments", node.site);
  objs_[bound].qualified = "inspect.BoundArguments";
  const ObjId arguments = at_site(&node, ObjKind::Container, "dict", node.site, 1);
  const std::vector<SiteNote> chain{site_ref(node.site, "the bound arguments")};
  if (!values.empty()) store(ValueSet{arguments}, elements_field(), values, chain, EdgeRole::Plain);
  store(ValueSet{bound}, intern_field("arguments"), ValueSet{arguments}, chain, EdgeRole::Plain);
  return ValueSet{bound};
}

void Context::keep_thread_target(CodeRef cls, ObjId thread, const std::vector<Arg>& args, const Expr& node) {
  const std::vector<std::string>& bases = program_.class_info(cls).external_bases;
  if (std::find(bases.begin(), bases.end(), "threading.Thread") == bases.end()) return;
  const CodeRef run = program_.find_method(cls, "run");
  if (!run.valid()) return;
  // `del self._target` or `self._target = None` in run(): let go of as Thread.run does.
  const Function& f = program_.function(run);
  bool lets_go = false;
  for_each_statement(f.body, [&](const Stmt& st) {
    if (st.kind != StmtKind::Delete &&
        !(st.kind == StmtKind::Assign && st.value.kind == ExprKind::Literal && st.value.text == "None"))
      return;
    auto on_self = [&f](const Expr& e) {
      return e.kind == ExprKind::Attribute && e.text == "_target" && !e.children.empty() &&
             e.children[0].kind == ExprKind::Name && !f.params.empty() &&
             e.children[0].text == f.params[0].name;
    };
    for (const Expr& target : st.targets) {
      lets_go |= on_self(target) || std::any_of(target.children.begin(), target.children.end(), on_self);
    }
  });
  if (lets_go) return;
  const ValueSet target = arg_values(args, 1, "target", node.site);
  if (target.empty()) return;
  store(ValueSet{thread}, intern_field("_target"), target,
        {site_ref(node.site, "the thread keeps its target: " + program_.class_def(cls).name +
                                 ".run() does not delete it")},
        EdgeRole::Callback);
}

ValueSet Context::invoke_wrapper(CodeRef function, const DecoratorWrapper& wrapped, const ValueSet& receiver,
                                 const std::vector<Arg>& args, const Expr& node) {
  const ObjId made = global(function.module, wrapped.name);
  objs_[made].label = "wrapper " + wrapped.name;
  const ObjId closure = at_site(&node, ObjKind::Closure, "wrapper " + wrapped.name, node.site, 11);
  objs_[closure].fn = wrapped.wrapper;
  for (const std::string& free : program_.function(wrapped.wrapper).free_vars) {
    ValueSet cells;
    if (free == wrapped.function_cell) {
      const ObjId cell = at_site(&node, ObjKind::Cell, "cell " + free, node.site, 12);
      set_field(cell, intern_field("contents"),
                ValueSet{constant(StaticRef{StaticRef::Kind::ProjectFunction, function, {}})}, true);
      cells.insert(cell);
    } else {
      cells = load(ValueSet{made}, intern_field("cell:" + free), node.site);
    }
    set_field(closure, intern_field("cell:" + free), cells, true);
  }
  std::vector<Arg> full;
  if (!receiver.empty()) full.push_back(Arg{"", receiver});
  full.insert(full.end(), args.begin(), args.end());
  unwrapping_.push_back(function);
  ValueSet result = invoke(wrapped.wrapper, {}, full, ValueSet{closure}, node);
  unwrapping_.pop_back();
  return result;
}

ValueSet Context::invoke(CodeRef function, const ValueSet& receiver, const std::vector<Arg>& args,
                         const ValueSet& func_self, const Expr& node) {
  if (func_self.empty()) {
    const DecoratorWrapper* wrapped = program_.decorator_wrapper(function);
    if (wrapped != nullptr &&
        std::find(unwrapping_.begin(), unwrapping_.end(), function) == unwrapping_.end())
      return invoke_wrapper(function, *wrapped, receiver, args, node);
  }
  solver_.note_call(deferred_caller_.valid() ? deferred_caller_ : ref_, function, autograd_maybe_off());
  const Context* callee =
      objs_.size() > kMaxObjects ? nullptr : solver_.summary(function, dispatch_class(function, receiver));
  const bool reentered = callee != nullptr && (instantiating_.size() >= 8 ||
                                               std::find(instantiating_.begin(), instantiating_.end(),
                                                         callee) != instantiating_.end());
  if (callee == nullptr || reentered) {
    // Recursion or too deep: an unknown result, no effects.
    return ValueSet{at_site(&node, ObjKind::Unknown, "result of " + program_.function(function).name + "()",
                            node.site, 7)};
  }
  const Function& f = callee->fn_;
  std::vector<ValueSet> bound(f.params.size());
  size_t first = 0;
  const bool has_receiver = !receiver.empty() && !f.params.empty();
  // A cache on a function keeps its arguments (one on a method is CC202's own syntax check).
  if (!has_receiver && program_.cache_decorator(function) != nullptr)
    record_cached_arguments(function, args, node);
  if (has_receiver) {
    bound[0] = receiver;
    first = 1;
  }
  // Positional arguments in order; *args spread over the remaining positional parameters.
  size_t position = first;
  ValueSet extra_positional, extra_keywords, star_elements, double_star_elements;
  std::vector<const Arg*> extra_named;   // the keyword arguments `**kwargs` takes, in order
  std::vector<ValueSet> extra_in_order;  // the positional arguments in extra_positional, while known
  bool extra_known = true;
  size_t star_from = f.params.size();
  std::vector<Arg> spread;  // `*args` of a tuple packed here, put back as the arguments it packed
  auto packed_by = [this](const Arg& a) -> const std::vector<ValueSet>* {
    if (a.name != "*" || a.values.size() != 1) return nullptr;
    auto it = packed_arguments_.find(a.values[0]);
    return it == packed_arguments_.end() || !it->second ? nullptr : &*it->second;
  };
  const bool respread =
      std::any_of(args.begin(), args.end(), [&](const Arg& a) { return packed_by(a) != nullptr; });
  if (respread) {
    for (const Arg& a : args) {
      const std::vector<ValueSet>* packed = packed_by(a);
      if (packed == nullptr) {
        spread.push_back(a);
        continue;
      }
      for (const ValueSet& values : *packed) spread.push_back(Arg{"", values});
    }
  }
  for (const Arg& a : respread ? spread : args) {
    if (a.name.empty()) {
      while (position < f.params.size() && f.params[position].kind != ParamKind::Positional) {
        if (f.params[position].kind == ParamKind::VarArgs) break;
        ++position;
      }
      if (position < f.params.size() && f.params[position].kind == ParamKind::Positional) {
        bound[position++].merge(a.values);
      } else {
        extra_positional.merge(a.values);
        extra_in_order.push_back(a.values);
      }
    } else if (a.name == "*") {
      extra_known = false;
      star_elements.merge(load(a.values, elements_field(), node.site));
      star_from = std::min(star_from, position);
    } else if (a.name == "**") {
      double_star_elements.merge(load(a.values, elements_field(), node.site));
    } else {
      bool matched = false;
      for (size_t p = first; p < f.params.size(); ++p) {
        if (f.params[p].name == a.name &&
            (f.params[p].kind == ParamKind::Positional || f.params[p].kind == ParamKind::KeywordOnly)) {
          bound[p].merge(a.values);
          matched = true;
          break;
        }
      }
      if (!matched) {
        extra_keywords.merge(a.values);
        extra_named.push_back(&a);
      }
    }
  }
  // *args and **kwargs can only supply parameters that no explicit argument bound.
  for (size_t p = first; p < f.params.size(); ++p) {
    if (!bound[p].empty()) continue;
    if (f.params[p].kind == ParamKind::Positional && p >= star_from) bound[p].merge(star_elements);
    if (f.params[p].kind == ParamKind::Positional || f.params[p].kind == ParamKind::KeywordOnly) {
      bound[p].merge(double_star_elements);
    }
  }
  extra_positional.merge(star_elements);
  extra_keywords.merge(double_star_elements);
  for (size_t p = 0; p < f.params.size(); ++p) {
    if (f.params[p].kind == ParamKind::VarArgs || f.params[p].kind == ParamKind::VarKeywords) {
      const ObjId pack =
          at_site(&node, ObjKind::Container, f.params[p].kind == ParamKind::VarArgs ? "tuple" : "dict",
                  node.site, static_cast<uint32_t>(100 + p));
      const ValueSet& extra = f.params[p].kind == ParamKind::VarArgs ? extra_positional : extra_keywords;
      if (!extra.empty()) {
        store(ValueSet{pack}, elements_field(), extra, {site_ref(node.site, "packed arguments")},
              EdgeRole::Plain);
      }
      // `**named` holds every keyword argument (`remember(ctx, y=y, a=a)` keeps `y`), each in its slot.
      if (f.params[p].kind == ParamKind::VarKeywords && extra_named.size() > 1) {
        for (const Arg* a : extra_named) {
          if (a->values.empty()) continue;
          const std::vector<SiteNote> chain{site_ref(node.site, "packed arguments")};
          store(ValueSet{pack}, elements_field(), a->values, chain, EdgeRole::Plain);
          store(ValueSet{pack}, intern_field("['" + a->name + "']"), a->values, chain, EdgeRole::Plain);
        }
      }
      if (f.params[p].kind == ParamKind::VarArgs && extra_known && extra_in_order.size() > 1) {
        // `*args` holds each extra positional argument in its slot, as a display does (`add_event_handler(
        // event, _every, 100, handler)` keeps `handler` in `args[1]`, surely, though `args[]` is one of two).
        const std::vector<SiteNote> chain{site_ref(node.site, "packed arguments")};
        for (size_t i = 0; i < extra_in_order.size(); ++i) {
          if (extra_in_order[i].empty()) continue;
          store(ValueSet{pack}, intern_field("[" + std::to_string(i) + "]"), extra_in_order[i], chain,
                EdgeRole::Plain);
        }
      }
      if (f.params[p].kind == ParamKind::VarArgs) {
        // One tuple per call site: a second call there with other arguments leaves only the merged view.
        auto [known, fresh] = packed_arguments_.try_emplace(pack, extra_in_order);
        if (!extra_known || (known->second && known->second->size() != extra_in_order.size())) {
          known->second.reset();
        } else if (!fresh && known->second) {
          for (size_t i = 0; i < extra_in_order.size(); ++i) (*known->second)[i].merge(extra_in_order[i]);
        }
      }
      bound[p] = ValueSet{pack};
    }
  }
  ValueSet result;
  instantiated_yields_.clear();
  if (callee->dirty_.empty() && callee->events_.empty() && callee->deferred_.empty() &&
      callee->ret_.empty() && callee->raised_.empty() && callee->yielded_.empty()) {
    // No effect a caller can see: nothing to apply.
  } else if (callee->objs_.size() > kMaxSummaryObjects) {
    // A summary this large (a whole compiler pass) costs more to apply at every call than it can tell us:
    // the call is treated as unknown.
    result = ValueSet{at_site(&node, ObjKind::Unknown, "result of " + callee->fn_.name + "()", node.site, 7)};
  } else {
    instantiating_.push_back(callee);
    receiver_bound_ = has_receiver;
    result = instantiate(*callee, bound, func_self, node);
    instantiating_.pop_back();
    for (uint32_t p : callee->guard_returned_params_) {
      if (p >= bound.size()) continue;
      const bool makes_other =
          std::any_of(result.begin(), result.end(), [&](ObjId v) { return !bound[p].contains(v); });
      if (!makes_other) continue;
      for (ObjId v : bound[p]) {
        if (result.contains(v)) passed_through_.insert(v);
      }
    }
  }
  if (program_.cache_decorator(function) != nullptr) {
    for (ObjId v : result) objs_[v].cached_result = true;
  }
  // A cache on a function of parameters keeps what it returns for each new argument (`build_prototype(kind,
  // width)` making a module): a model built for every distinct call stays alive.
  if (!has_receiver && !f.params.empty() && !f.is_generator && !f.is_async && !result.empty() &&
      program_.cache_decorator(function) != nullptr && !names_constants_only(node)) {
    const std::string& name = f.qualname;
    if (Event* event = record_event(EventKind::CachedArgument, kNoObj, name + "()", result, node.site,
                                    "call to " + name + "()")) {
      event->cached_function = function;
      event->cached_result = true;
    }
  }
  // Calling a generator function runs nothing yet (its effects are applied above as if it ran to the end):
  // it returns a generator whose suspended frame holds the arguments, `self` included. What it yields is
  // not tracked (no placeholders on it), so a generator consumed on the spot adds nothing to a summary.
  // Calling an `async def` is the same (a coroutine), unless the call is awaited where it is made: then
  // the coroutine is run to its end on the spot and gives its return value.
  if (f.is_generator) {
    const ValueSet yields = std::move(instantiated_yields_);
    instantiated_yields_.clear();
    const ValueSet gen = generator(f, bound, node);
    // What it yields: the elements a loop over it takes (`for attempt in attempts():`). A value, not a
    // reference the generator keeps (its frame's locals are its references).
    if (!yields.empty()) {
      for (ObjId g : gen) set_field(g, elements_field(), yields, true);
    }
    return gen;
  }
  if (f.is_async) {
    if (&node != awaited_call_) {
      const ValueSet coroutine = generator(f, bound, node);
      for (ObjId c : coroutine) objs_[c].fn = function;  // what a task running it may end with
      return coroutine;
    }
    awaited_result_ = true;
  }
  return result;
}

// A generator expression not drained on the spot is a suspended frame: it keeps the iterator over its first
// iterable and the cells of the enclosing function's variables it reads (`(self._prepare(b) for b in
// self.loader)` keeps `self`). Stored on `self`, that is a cycle through the generator.
void Context::keep_generator_frame(const Expr& e, ObjId generator, size_t clauses, const ValueSet& iterable) {
  if (ref_.index == 0 || e.children.size() < 2) return;  // at module level the names are globals
  std::vector<std::string_view> bound;
  for (size_t i = 0; i < clauses; i += 2) {
    for_each_expr(e.children[i], [&](const Expr& target) {
      if (target.kind == ExprKind::Name) bound.push_back(target.text);
    });
  }
  std::vector<std::string_view> captured;
  for (size_t i = 2; i < e.children.size(); ++i) {
    if (i < clauses && i % 2 == 0) continue;  // a later clause's target
    for_each_expr(e.children[i], [&](const Expr& read) {
      if (read.kind != ExprKind::Name || (!is_local(read.text) && !is_free_var(read.text))) return;
      if (std::find(bound.begin(), bound.end(), read.text) != bound.end()) return;
      if (std::find(captured.begin(), captured.end(), read.text) == captured.end())
        captured.push_back(read.text);
    });
  }
  if (!iterable.empty()) {
    store(ValueSet{generator}, intern_field("local:.0"), iterable,
          {site_ref(e.children[1].site, "the generator's frame keeps an iterator over this")},
          EdgeRole::Generator);
  }
  for (std::string_view name : captured) {
    const std::string text(name);
    const ValueSet values = read_name(text, e.site);
    if (values.empty()) continue;
    store(ValueSet{generator}, intern_field("local:" + text), values,
          {site_ref(e.site, "the generator's frame keeps " + text)}, EdgeRole::Generator);
  }
}

bool Context::raises_directly(const Function& f) {
  bool raises = false;
  for_each_statement(f.body, [&raises](const Stmt& s) {
    raises |= s.kind == StmtKind::Raise && s.value.kind != ExprKind::Literal;  // not a bare `raise`
  });
  return raises;
}

ValueSet Context::generator(const Function& f, const std::vector<ValueSet>& bound, const Expr& node) {
  const char* kind = f.is_async ? (f.is_generator ? "async generator " : "coroutine ") : "generator ";
  const ObjId gen = at_site(&node, ObjKind::Generator, kind + f.qualname + "()", node.site, 11);
  // An async generator is closed, its frame freed, when the loop that first iterated it shuts down, unless
  // the project runs its loops by hand without shutting their async generators down. One made in `__init__`
  // is made before anything iterates it, and one never iterated is never closed.
  if (f.is_async && f.is_generator && fn_.name != "__init__" &&
      !program_.runs_event_loop_without_closing_async_generators())
    return ValueSet{gen};
  for (size_t p = 0; p < f.params.size() && p < bound.size(); ++p) {
    if (bound[p].empty()) continue;
    store(ValueSet{gen}, intern_field("local:" + f.params[p].name), bound[p],
          {site_ref(node.site,
                    std::string(f.is_async && !f.is_generator ? "the coroutine's" : "the generator's") +
                        " frame keeps " + f.params[p].name)},
          EdgeRole::Generator);
  }
  return ValueSet{gen};
}

bool Context::returns_an_entry(const std::vector<Stmt>& body) {
  bool found = false;
  for_each_statement(body, [&found](const Stmt& s) {
    found |= s.kind == StmtKind::Return && s.value.kind == ExprKind::Subscript;
  });
  return found;
}

bool Context::removes_handles() {
  if (!removes_handles_) {
    const HandleRemoval own = handle_removal(fn_);
    removal_skipped_line_ = own.skipped_line;
    removal_skipped_in_exit_ = own.skipped_in_exit;
    const ClassInfo* owner =
        fn_.owner_class >= 0 ? &program_.class_info(CodeRef{ref_.module, fn_.owner_class}) : nullptr;
    removes_handles_ = own.removes || (owner != nullptr && owner->calls_remove);
    // Registered in `__enter__` (or another method) and removed by an `__exit__` that returns first when the
    // with block raises.
    if (!*removes_handles_ && removal_skipped_line_ == 0 && owner != nullptr &&
        owner->exit_removal_skipped_line != 0) {
      removal_skipped_line_ = owner->exit_removal_skipped_line;
      removal_skipped_in_exit_ = true;
    }
  }
  return *removes_handles_;
}

std::string Context::registration_note(std::string note, bool handle_kept) {
  // A handle not kept cannot be removed: no removal of this function is its.
  if (!handle_kept || removes_handles() || removal_skipped_line_ == 0) return note;
  return note + "; its removal at line " + std::to_string(removal_skipped_line_) +
         (removal_skipped_in_exit_ ? kRemovalSkippedInExit : kRemovalSkippedAtYield);
}

// What a call to a builtin drains its first argument, a generator expression, into, keeping every element:
// "list" for `list(...)` and `sorted(...)`, "tuple", "sum"; null for any other call.
const char* Context::drains_generator(const Expr& call) {
  // The generator is the first argument; `sorted(..., key=...)` and `sum(..., start)` take more.
  if (call.children.size() < 2 || call.children[0].kind != ExprKind::Name) return nullptr;
  const Expr& argument = call.children[1];
  if (argument.kind != ExprKind::Container || argument.container != ContainerKind::Generator ||
      argument.text != "comprehension" || (call.arg_names.size() > 1 && !call.arg_names[1].empty()))
    return nullptr;
  const std::string& callee = call.children[0].text;
  if (callee == "list" || callee == "sorted") return "list";
  if (callee == "tuple") return "tuple";
  return callee == "sum" ? "sum" : nullptr;
}

}  // namespace cyclecheck
