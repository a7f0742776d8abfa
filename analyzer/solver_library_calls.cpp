// The solver's calls into libraries: what a library model (library_models.toml) says a call does, and
// the library calls modelled in code (defaultdict, threads, torch.nn containers, autograd.grad, unknown
// calls of torch).

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analyzer/solver_context.hpp"
#include "analyzer/torch_names.hpp"

namespace cyclecheck {

namespace {

EdgeRole role_from_model(const std::string& role) {
  if (role == "module-hook") return EdgeRole::ModuleHook;
  if (role == "tensor-hook") return EdgeRole::TensorHook;
  if (role == "capture") return EdgeRole::Capture;
  if (role == "callback") return EdgeRole::Callback;
  return EdgeRole::Plain;
}

// How many calls up `sys._getframe(k)` reaches, for a small literal k; 0 when not known.
constexpr uint8_t kMaxFramesUp = 3;
// The depth `call` asks for: a literal, or a parameter of `f` whose default is one (`def capture(tag,
// depth=1): sys._getframe(depth)`, as its callers leave it out); 0 when unknown.
uint8_t literal_depth(const Expr& call, const Function& f) {
  for (size_t i = 1; i < call.children.size() && i < call.arg_names.size(); ++i) {
    if (!call.arg_names[i].empty()) continue;
    const Expr* named = &call.children[i];
    if (named->kind == ExprKind::Name) {
      for (const Param& p : f.params) {
        if (p.name == named->text && p.has_default) named = &p.default_value;
      }
    }
    const Expr& depth = *named;
    if (depth.kind != ExprKind::Literal || depth.text.size() != 1 || depth.text[0] < '1' ||
        depth.text[0] > '0' + kMaxFramesUp)
      return 0;
    return static_cast<uint8_t>(depth.text[0] - '0');
  }
  return 0;
}

// `sys._getframe()`, `sys._getframe(0)` and `inspect.currentframe()` are the running frame; any other depth
// (`sys._getframe(1 + depth)`) is a caller's, taken as one when it is not a literal 0.
bool asks_for_own_frame(const Expr& call) {
  for (size_t i = 1; i < call.children.size() && i < call.arg_names.size(); ++i) {
    if (!call.arg_names[i].empty()) continue;  // positional only
    const Expr& depth = call.children[i];
    return depth.kind == ExprKind::Literal && depth.text == "0";
  }
  return true;
}
}  // namespace

// `defaultdict(list)`: `d[key]` makes an empty container and keeps it, so that what is appended to
// `d[key]` lands in a container the dict holds. One object stands for the values of every key.
void Context::fill_with_default(const ValueSet& dicts, const std::vector<Arg>& args, const Expr& node) {
  if (args.empty() || !args[0].name.empty() || dicts.empty()) return;
  for (ObjId factory : args[0].values) {
    if (objs_[factory].kind != ObjKind::ExternalConst) continue;
    const std::string& q = objs_[factory].qualified.str();
    const char* label = q == "builtins.list"                                     ? "list"
                        : q == "builtins.set"                                    ? "set"
                        : q == "collections.deque"                               ? "deque"
                        : q == "builtins.dict" || q == "collections.OrderedDict" ? "dict"
                                                                                 : nullptr;
    if (label == nullptr) continue;
    const ObjId value = at_site(&node, ObjKind::Container, label, node.site, 51);
    store(dicts, elements_field(), ValueSet{value},
          {site_ref(node.site, "the defaultdict makes and keeps a " + std::string(label) + " per key")},
          EdgeRole::Plain);
  }
}

namespace {

bool is_literal(const Expr& e, std::string_view text) {
  return e.kind == ExprKind::Literal && e.text == text;
}

// A `while True:` loop in the thread's target (outside nested functions): the worker waits for work until
// something tells it to stop.
bool has_endless_loop(const Function& target) {
  bool found = false;
  for_each_statement(target.body, [&](const Stmt& s) {
    found |= s.kind == StmtKind::While && (is_literal(s.value, "True") || is_literal(s.value, "1"));
  });
  return found;
}

// Whether the module sends a worker a stop: `q.put(None)` / `put_nowait(None)`, a sentinel constant
// (`q.put(_STOP)`), `event.set()`, or a flag set to True / False outside `__init__` (`self._closed = True`).
bool module_stops_workers(const Program& program, int32_t module) {
  bool stops = false;
  for (const Function& f : program.module(module).functions) {
    // A stop sent only by a finalizer never comes: the running thread's target holds the object.
    if (program.runs_only_from_finalizer(module, f)) continue;
    for_each_statement(f.body, [&](const Stmt& s) {
      if (stops) return;
      if (s.kind == StmtKind::Assign && f.name != "__init__" &&
          (is_literal(s.value, "True") || is_literal(s.value, "False")) &&
          std::any_of(s.targets.begin(), s.targets.end(),
                      [](const Expr& t) { return t.kind == ExprKind::Attribute; }))
        stops = true;
      for_each_expr(s.value, [&](const Expr& e) {
        if (e.kind != ExprKind::Call || e.children.empty() || e.children[0].kind != ExprKind::Attribute)
          return;
        const std::string& method = e.children[0].text;
        if (method == "set" && e.children.size() == 1) stops = true;
        if ((method == "put" || method == "put_nowait") && e.children.size() >= 2) {
          const Expr& item = e.children[1];
          const bool constant = item.kind == ExprKind::Name && !item.text.empty() &&
                                std::none_of(item.text.begin(), item.text.end(), [](char c) {
                                  return std::islower(static_cast<unsigned char>(c));
                                });
          stops |= is_literal(item, "None") || constant;
        }
      });
    });
    if (stops) break;
  }
  return stops;
}

}  // namespace

// `threading.Thread(target=self._drain)` where `_drain` is a `while True:` worker and nothing in its
// module ever tells a worker to stop: the thread never ends, and threading's table of running threads keeps
// it, its target and so the object the target is bound to for the life of the process. (A thread that
// ends drops its target, see library_models.toml.)
void Context::keep_endless_thread_target(const std::vector<Arg>& args, const Expr& node) {
  const ValueSet target = arg_values(args, 1, "target", node.site);
  for (ObjId t : target) {
    const Obj& o = objs_[t];
    if (o.kind != ObjKind::BoundMethod || !o.fn.valid()) continue;
    if (!has_endless_loop(program_.function(o.fn)) || module_stops_workers(program_, o.fn.module)) continue;
    record_event(EventKind::StoreIntoGlobal, global(-1, kProcessRegistry),
                 "table of running threads (threading)", ValueSet{t}, node.site,
                 "a thread whose worker loop never ends keeps its target");
  }
}

// `worker.start()` on an instance of a project `threading.Thread` subclass whose `run()` is a `while True:`
// loop that nothing in its module ever tells to stop (`msg = self.inbox.get(); if msg is None: break` with no
// `inbox.put(None)` anywhere): the thread never ends, and threading's table of running threads keeps the
// thread object, with everything on it, for the life of the process.
void Context::keep_endless_thread(const ValueSet& receivers, const Expr& node) {
  for (ObjId r : receivers) {
    const Obj& o = objs_[r];
    if (o.kind == ObjKind::ClassConst || o.kind == ObjKind::Super || !o.cls.valid()) continue;
    const std::vector<std::string>& bases = program_.class_info(o.cls).external_bases;
    if (std::find(bases.begin(), bases.end(), "threading.Thread") == bases.end()) continue;
    const CodeRef run = program_.find_method(o.cls, "run");
    if (!run.valid() || !has_endless_loop(program_.function(run)) ||
        module_stops_workers(program_, run.module))
      continue;
    record_event(EventKind::StoreIntoGlobal, global(-1, kProcessRegistry),
                 "table of running threads (threading)", ValueSet{r}, node.site,
                 "a thread whose run() loop never ends keeps itself");
  }
}

// Whether `function` calls `name.remove()` on `name`, a variable of an enclosing function it reads.
bool Context::calls_remove_on(const Function& function, const std::string& name) {
  if (std::find(function.free_vars.begin(), function.free_vars.end(), name) == function.free_vars.end())
    return false;
  bool found = false;
  for_each_statement(function.body, [&](const Stmt& s) {
    for_each_expr(s.value, [&](const Expr& e) {
      found |= e.kind == ExprKind::Call && e.children.size() == 1 &&
               e.children[0].kind == ExprKind::Attribute && e.children[0].text == "remove" &&
               e.children[0].children.size() == 1 && e.children[0].children[0].kind == ExprKind::Name &&
               e.children[0].children[0].text == name;
    });
  });
  return found;
}

// Only project context managers are run: a library's (`open()`, a lock, `torch.no_grad()`) has no summary,
// and `as` names the object itself, as before. A placeholder (`with self.tracer:`) is called too, so that a
// caller that knows its class runs its methods (a deferred call), but `as` still names it.
ValueSet Context::enter_contexts(const ValueSet& values, const Expr& item, ValueSet& managers) {
  ValueSet bound;
  for (ObjId v : values) {
    const Obj& o = objs_[v];
    const bool project_manager =
        o.cls.valid() && o.kind != ObjKind::ClassConst && program_.find_method(o.cls, "__enter__").valid();
    const bool class_unknown = !o.cls.valid() && (o.kind == ObjKind::Param || o.kind == ObjKind::Field);
    if (!project_manager && !class_unknown) {
      bound.insert(v);
      continue;
    }
    managers.insert(v);
    // A caller that runs the manager's `__enter__` for this function may find it asking for this frame
    // (a tracer installed there sees the calls made here): the frame keeps its locals for that.
    if (class_unknown) {
      frame();
      frame_kept_for_deferred_ = true;
    }
    const ValueSet entered = call_method(ValueSet{v}, "__enter__", {},
                                         solver_.implicit_method_call(item, ImplicitCall::Enter), true);
    if (project_manager) {
      bound.merge(entered);
    } else {
      bound.insert(v);
    }
  }
  return bound;
}

void Context::exit_contexts(const ValueSet& managers, const Expr& item) {
  // `__exit__(None, None, None)` on a normal exit holds nothing the analysis tracks; on an exception raised
  // in the block, `__exit__(type, exc, tb)` gets the exception, whose traceback keeps this frame (a manager
  // keeping it, `trainer.skipped.append(Skipped(step, exc))`, keeps the frame and its locals).
  std::vector<Arg> raised(3);
  const ObjId exception =
      at_site(&item, ObjKind::Exception, "exception raised in the with block", item.site, 61);
  const ObjId tb = at_site(&item, ObjKind::Traceback, "traceback", item.site, 62);
  store(ValueSet{exception}, intern_field("__traceback__"), ValueSet{tb},
        {site_ref(item.site, "the exception keeps its traceback")}, EdgeRole::Frame);
  store(ValueSet{tb}, intern_field("tb_frame"), ValueSet{frame()},
        {site_ref(item.site, "the traceback keeps the frame of " + fn_.qualname + "()")}, EdgeRole::Frame);
  raised[1].values = ValueSet{exception};
  raised[2].values = ValueSet{tb};
  call_method(managers, "__exit__", raised, solver_.implicit_method_call(item, ImplicitCall::Exit), false);
}

// The worker thread runs with autograd on whatever the submitting code's mode (grad mode is per thread):
// `with torch.no_grad(): outputs = [f.result() for f in futures]` still gets outputs with a graph.
ValueSet Context::submit_to_thread_pool(const std::vector<Arg>& args, const Expr& node) {
  const ObjId future = at_site(&node, ObjKind::LibInstance, "Future", node.site, 35);
  objs_[future].qualified = kFuture;
  if (args.empty() || !args[0].name.empty()) return ValueSet{future};
  const std::vector<Arg> rest(args.begin() + 1, args.end());
  const int saved_no_grad = no_grad_depth_, saved_maybe_off = grad_maybe_off_depth_;
  no_grad_depth_ = 0;
  grad_maybe_off_depth_ = 0;
  ++worker_thread_depth_;
  const ValueSet returned = call(args[0].values, rest, node, true);
  --worker_thread_depth_;
  no_grad_depth_ = saved_no_grad;
  grad_maybe_off_depth_ = saved_maybe_off;
  if (!returned.empty()) {
    store(ValueSet{future}, intern_field("_result"), returned,
          {site_ref(node.site, "the future keeps what the function returns")}, EdgeRole::Plain);
  }
  return ValueSet{future};
}

void Context::apply_to_submodules(const ValueSet& modules, const ValueSet& functions, const Expr& node) {
  const ValueSet callables = project_callables(functions);
  if (callables.empty()) return;
  // The modules reachable through fields (and containers' elements), breadth first, a bounded number.
  constexpr size_t kMaxModules = 32;
  constexpr int kMaxDepth = 4;
  std::vector<ObjId> found(modules.begin(), modules.end());
  std::vector<ObjId> level = found;
  for (int depth = 0; depth < kMaxDepth && !level.empty() && found.size() < kMaxModules; ++depth) {
    std::vector<ObjId> next;
    for (const auto& [key, values] : st_.fields) {
      const auto holder = static_cast<ObjId>(key >> 32);
      if (std::find(level.begin(), level.end(), holder) == level.end()) continue;
      for (ObjId v : values) {
        const Obj& o = objs_[v];
        // Modules, and what may hold them: containers and library objects (an nn.Sequential of blocks).
        if (!o.module && o.kind != ObjKind::Container && o.kind != ObjKind::LibInstance) continue;
        if (std::find(found.begin(), found.end(), v) != found.end()) continue;
        if (std::find(next.begin(), next.end(), v) != next.end()) continue;
        next.push_back(v);
      }
    }
    for (ObjId v : next) {
      if (objs_[v].module && found.size() < kMaxModules) found.push_back(v);
    }
    level = std::move(next);
  }
  std::sort(found.begin(), found.end());  // the order of the calls does not depend on the table's
  for (ObjId m : found) call(callables, {Arg{"", ValueSet{m}}}, node, false);
}

bool Context::makes_task(const std::string& name) {
  return name == "asyncio.create_task" || name == "asyncio.ensure_future" || name == "create_task" ||
         name == "asyncio.tasks.create_task" || name == "asyncio.tasks.ensure_future";
}

ValueSet Context::class_made_at_run_time(const std::vector<Arg>& args, const Expr& node) {
  if (ref_.index == 0) return {};
  // The names the call is assigned to (`cls = type(...)`). A class the function returns, stores into an
  // attribute or a container (`cache[bases] = type(...)`, `cls._backward_cls = made`) or hands to setattr is
  // kept by whoever holds it, as classes usually are; one set as an object's `__class__` lives as long as
  // that object, and is garbage with it.
  std::vector<std::string_view> names;
  bool kept = false;
  auto keeps = [](const Expr& target) {
    return target.kind == ExprKind::Subscript ||
           (target.kind == ExprKind::Attribute && target.text != "__class__");
  };
  for_each_statement(fn_.body, [&](const Stmt& s) {
    if (s.kind != StmtKind::Assign || &s.value != &node) return;
    for (const Expr& target : s.targets) {
      if (target.kind == ExprKind::Name) names.push_back(target.text);
      kept |= keeps(target);
    }
  });
  auto names_the_class = [&](const Expr& e) {
    return &e == &node ||
           (e.kind == ExprKind::Name && std::find(names.begin(), names.end(), e.text) != names.end());
  };
  for_each_statement(fn_.body, [&](const Stmt& s) {
    if (s.kind == StmtKind::Return) kept |= names_the_class(s.value);
    if (s.kind == StmtKind::Assign && names_the_class(s.value))
      kept |= std::any_of(s.targets.begin(), s.targets.end(), keeps);
    for_each_expr(s.value, [&](const Expr& e) {
      if (e.kind == ExprKind::Call && e.children.size() == 4 && e.children[0].kind == ExprKind::Name &&
          e.children[0].text == "setattr")
        kept |= names_the_class(e.children[3]);
    });
  });
  if (kept) return {};
  const ObjId made = at_site(&node, ObjKind::Unknown, "class made by type()", node.site);
  store(ValueSet{made}, intern_field("__mro__"), ValueSet{made},
        {site_ref(node.site, "type() makes a class whose __mro__ starts with the class itself")},
        EdgeRole::Plain);
  // The namespace's values become class attributes.
  const ValueSet attributes = load(args[2].values, elements_field(), node.site);
  if (!attributes.empty())
    store(ValueSet{made}, elements_field(), attributes, {site_ref(node.site, "class attributes")},
          EdgeRole::Plain);
  return ValueSet{made};
}

void Context::parametrize(const std::vector<Arg>& args, const Expr& node) {
  const ValueSet modules = arg_values(args, 0, "module", node.site);
  if (modules.empty()) return;
  const ValueSet parametrization = arg_values(args, 2, "parametrization", node.site);
  const auto& all = program_.modules();
  for (size_t m = 0; m < all.size(); ++m) {
    if (program_.module_calls_removal(static_cast<int32_t>(m), "remove_parametrizations")) return;
  }
  const ObjId holder = at_site(&node, ObjKind::Container, "ModuleDict", node.site, 1);
  if (!parametrization.empty())
    store(ValueSet{holder}, elements_field(), parametrization,
          {site_ref(node.site, "register_parametrization() keeps the parametrization")}, EdgeRole::Plain);
  store(modules, intern_field("parametrizations"), ValueSet{holder},
        {site_ref(node.site, "register_parametrization() adds module.parametrizations")}, EdgeRole::Plain);
  const ObjId made =
      at_site(&node, ObjKind::Unknown, "Parametrized class made by register_parametrization()", node.site, 2);
  const ObjId getter =
      at_site(&node, ObjKind::Closure, "property getter of the parametrized tensor", node.site, 3);
  store(modules, intern_field("__class__"), ValueSet{made},
        {site_ref(node.site, "register_parametrization() gives the module a class of its own")},
        EdgeRole::Plain);
  store(ValueSet{made}, intern_field("property"), ValueSet{getter},
        {site_ref(node.site, "the class's injected property")}, EdgeRole::Plain);
  store(ValueSet{getter}, intern_field("cell:module"), modules,
        {site_ref(node.site, "torch 1.13's property getter closes over the module")}, EdgeRole::Capture);
}

// The task keeps the coroutine's outcome after it ends: its result, or the exception it raised, whose
// traceback holds the coroutine's frame and so its locals (`self` of the method that made the task:
// `self.pending.append(asyncio.create_task(self._score(x)))` is a cycle once `_score` raises, until the
// exception is retrieved and the task dropped). The coroutine itself lets its frame go when it ends, so
// the task's reference to it is left out.
ValueSet Context::run_as_task(const std::vector<Arg>& args, const Expr& node) {
  const ObjId task = at_site(&node, ObjKind::LibInstance, "asyncio Task", node.site, 33);
  objs_[task].qualified = "asyncio.Task";
  for (ObjId coroutine : arg_values(args, 0, "coro", node.site)) {
    const Obj& o = objs_[coroutine];
    // A coroutine of a function that raises (`raise NonFiniteLoss(...)`) may end with that exception, whose
    // traceback keeps the coroutine's frame, and so what the frame holds (its arguments, `self` among them).
    if (o.kind != ObjKind::Generator || !o.fn.valid() || !raises_directly(program_.function(o.fn))) continue;
    const std::string name = program_.function(o.fn).name;
    const uint32_t salt = task_exception_salt(coroutine);
    const ObjId exception =
        at_site(&node, ObjKind::Exception, "exception " + name + "() raises", node.site, salt);
    const ObjId tb = at_site(&node, ObjKind::Traceback, "traceback", node.site, salt + 1);
    store(ValueSet{task}, intern_field("_exception"), ValueSet{exception},
          {site_ref(node.site, "the task keeps the exception its coroutine ends with")}, EdgeRole::Plain);
    store(ValueSet{exception}, intern_field("__traceback__"), ValueSet{tb},
          {site_ref(node.site, "the exception keeps its traceback")}, EdgeRole::Frame);
    store(ValueSet{tb}, intern_field("tb_frame"), ValueSet{coroutine},
          {site_ref(node.site, "the traceback keeps the frame of " + name + "()")}, EdgeRole::Frame);
  }
  return ValueSet{task};
}

bool Context::is_logging_method(const std::string& method) {
  // Asked of every method call: the length and first letter rule out most names before any comparison.
  if (method.size() < 3 || method.size() > 9) return false;
  switch (method[0]) {
    case 'd':
      return method == "debug";
    case 'i':
      return method == "info";
    case 'w':
      return method == "warning" || method == "warn";
    case 'e':
      return method == "error" || method == "exception";
    case 'c':
      return method == "critical";
    case 'f':
      return method == "fatal";
    case 'l':
      return method == "log";
    default:
      return false;
  }
}

// `log.warning("sample %d unreadable", idx, exc_info=True)` on a module-level logger to which the module
// adds a handler of the project (`log.addHandler(recent)`): logging calls the handler's emit() with a
// LogRecord that keeps the logged arguments and, with exc_info (or from `exception()`), the exception
// being handled, with its traceback. A handler that keeps records keeps those.
void Context::emit_log_record(const ValueSet& loggers, const std::string& method,
                              const std::vector<Arg>& args, const Expr& node) {
  ValueSet handlers;
  for (ObjId l : loggers) {
    const Obj& o = objs_[l];
    if (o.kind != ObjKind::Global || o.module_index < 0) continue;
    for (const std::string& name : program_.logger_handlers(o.module_index, o.name.str()))
      handlers.insert(global(o.module_index, name));
  }
  if (handlers.empty()) return;
  const ObjId record = at_site(&node, ObjKind::LibInstance, "LogRecord", node.site, 31);
  objs_[record].qualified = "logging.LogRecord";
  // The message is the first positional argument (the second for `log(level, msg, ...)`), its arguments
  // the rest.
  const size_t message = method == "log" ? 1 : 0;
  ValueSet logged;
  ValueSet exception;
  bool with_exception = method == "exception";
  size_t position = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].name == "exc_info" && i + 1 < node.children.size()) {
      const Expr& given = node.children[i + 1];
      if (given.kind == ExprKind::Literal) {
        with_exception = given.text == "True";
      } else {
        exception.merge(args[i].values);  // `exc_info=err`, or a (type, value, traceback) tuple
      }
      continue;
    }
    if (!args[i].name.empty()) continue;
    if (position++ > message) logged.merge(args[i].values);
  }
  if (!logged.empty())
    store(ValueSet{record}, intern_field("args"), logged,
          {site_ref(node.site, "the record keeps its arguments")}, EdgeRole::Plain);
  if (with_exception && !handler_exceptions_.empty()) exception.insert(handler_exceptions_.back());
  if (!exception.empty()) {
    objs_[record].label = "LogRecord with exc_info";
    const ObjId info = at_site(&node, ObjKind::Container, "exc_info tuple", node.site, 32);
    const std::vector<SiteNote> chain{site_ref(node.site, "the record keeps the exception as exc_info")};
    store(ValueSet{info}, intern_field("[1]"), exception, chain, EdgeRole::Plain);
    store(ValueSet{info}, elements_field(), exception, chain, EdgeRole::Plain);
    store(ValueSet{record}, intern_field("exc_info"), ValueSet{info}, chain, EdgeRole::Plain);
  }
  call_method(handlers, "emit", {Arg{"", ValueSet{record}}}, node, false);
}

bool Context::is_trace_installer(const std::string& qualified) {
  return qualified == "sys.setprofile" || qualified == "sys.settrace" ||
         qualified == "threading.setprofile" || qualified == "threading.settrace" ||
         qualified == "threading.setprofile_all_threads" || qualified == "threading.settrace_all_threads";
}

// The function gets `(frame, event, arg)` for every call that runs while it is installed: the calls of
// the code that installed it, and so of its caller's frame (a `with tracer:` block installs it in
// __enter__ and runs the traced code in the caller). That frame, one call up, stands for them: a function
// that keeps the frame it is given keeps that code's locals (`self.slowest = (elapsed, frame)`).
void Context::run_trace_function(const std::vector<Arg>& args, const Expr& node) {
  const ValueSet functions = project_callables(arg_values(args, 0, "", node.site));
  if (functions.empty()) return;
  const ObjId traced = at_site(&node, ObjKind::Frame, "the frame of a traced call", node.site, 1);
  objs_[traced].frames_up = 1;
  std::vector<Arg> call_args(3);
  call_args[0].values.insert(traced);
  call(functions, call_args, node, false);
}

bool Context::is_torch_module_container(const std::string& qualified) {
  static const char* const kContainers[] = {"Sequential", "ModuleList", "ModuleDict", "ParameterList",
                                            "ParameterDict"};
  if (qualified.rfind("torch.nn.", 0) != 0) return false;
  const std::string name = last_component(qualified);
  return std::any_of(std::begin(kContainers), std::end(kContainers),
                     [&](const char* c) { return name == c; });
}

// `nn.ModuleDict({"a": m})`, `nn.ModuleList([m])`, `nn.Sequential(m1, m2)`: the container module keeps what
// it is given (a list's or dict's elements, or the arguments themselves), and indexing it gives them back.
void Context::keep_container_modules(ObjId container, const std::string& qualified,
                                     const std::vector<Arg>& args, const Expr& node) {
  const std::vector<SiteNote> chain{
      site_ref(node.site, last_component(qualified) + "(...) keeps its modules")};
  ValueSet certain, possible;  // kept for sure, and one of several
  for (const Arg& a : args) {
    if (!a.name.empty() && a.name != "*") continue;  // keywords are options, not modules
    const ValueSet given = a.name == "*" ? load(a.values, elements_field(), node.site) : a.values;
    for (ObjId v : given) {
      if (objs_[v].kind != ObjKind::Container) {
        (given.size() == 1 ? certain : possible).insert(v);
        continue;
      }
      // The container module takes every element of the list or dict it is given (a read of the list gives
      // one of them, so the list's own edges to each are only possible ones).
      ValueSet& kept = given.size() == 1 && !objs_[v].summary ? certain : possible;
      kept.merge(load_one(v, elements_field(), node.site));
    }
  }
  // Only its elements: an index (`seq[0]`) reads the container's own placeholder for that slot (load_keyed),
  // which stands for one module where the elements would be several.
  for (ObjId v : certain) store(ValueSet{container}, elements_field(), ValueSet{v}, chain, EdgeRole::Plain);
  if (!possible.empty()) store(ValueSet{container}, elements_field(), possible, chain, EdgeRole::Plain);
}

void Context::keep_callable_arguments(ObjId instance, const std::string& qualified,
                                      const std::vector<Arg>& args, const Expr& node) {
  int position = 0;
  for (const Arg& a : args) {
    ValueSet callables;
    for (ObjId v : a.values) {
      if (is_callable_value(v)) callables.insert(v);
    }
    const std::string slot = a.name.empty() ? "arg" + std::to_string(position) : a.name;
    if (a.name.empty()) ++position;
    if (callables.empty() || a.name == "*" || a.name == "**") continue;
    store(ValueSet{instance}, intern_field(slot), callables,
          {site_ref(node.site, last_component(qualified) + "(" + slot + "=...) keeps the callable")},
          EdgeRole::Callback);
  }
}

void Context::keep_distribution_arguments(ObjId instance, const std::string& qualified,
                                          const std::vector<Arg>& args, const Expr& node) {
  // The positional parameters named as torch names them, where a finding reads better for it.
  static const std::unordered_map<std::string_view, std::vector<std::string>> kPositionalNames = {
      {"TransformedDistribution", {"base_dist", "transforms"}},
      {"Independent", {"base_dist"}},
      {"MixtureSameFamily", {"mixture_distribution", "component_distribution"}},
  };
  const std::string name = last_component(qualified);
  const auto named = kPositionalNames.find(name);
  size_t position = 0;
  for (const Arg& a : args) {
    if (a.name == "*" || a.name == "**") continue;
    std::string slot = a.name;
    if (slot.empty()) {
      slot = named != kPositionalNames.end() && position < named->second.size()
                 ? named->second[position]
                 : "arg" + std::to_string(position);
      ++position;
    }
    if (a.values.empty()) continue;
    store(ValueSet{instance}, intern_field(slot), a.values,
          {site_ref(node.site, name + "(" + slot + "=...) keeps it")}, EdgeRole::Plain);
    // What it computes from them (`rsample()`, `log_prob()`) has the graph of a parameter given here, as far
    // as a caller that knows the parameter sees (`Normal(self.mean, std)` in a helper method).
    for (ObjId v : a.values) add_operand(instance, v);
  }
}

ValueSet Context::unknown_call(std::string qualified, const std::vector<Arg>& args, const Expr& node,
                               bool graph, bool tensor) {
  if (!qualified.empty() && is_camel_case(qualified)) {
    // A library class: its instance probably keeps the callables it is given (callbacks, hooks).
    const ObjId instance = at_site(&node, ObjKind::LibInstance, last_component(qualified), node.site);
    objs_[instance].qualified = qualified;
    if (qualified == "torch.nn.Parameter" || qualified == "torch.nn.parameter.Parameter") {
      // A leaf tensor that requires grad: what is computed from it with autograd on has a graph.
      objs_[instance].parameter = objs_[instance].tensor = true;
    } else if (qualified.rfind("torch.nn.", 0) == 0) {
      objs_[instance].module = true;
    } else if (graph && qualified.rfind("torch.distributions.", 0) == 0) {
      // `Categorical(logits=policy(obs))` keeps its parameters' graph, and what its methods compute from them
      // carries it (`dist.log_prob(action)`, `dist.entropy()`).
      objs_[instance].graph = objs_[instance].tensor = true;
    } else if (is_torch_optimizer_class(qualified)) {
      objs_[instance].tensor = true;  // an optimizer keeps the parameters it is given, and their state
      // The first positional argument or `params=`, not what `**kwargs` may hold (lr, betas).
      ValueSet params;
      for (const Arg& a : args) {
        if (a.name.empty() || a.name == "params") {
          params = a.values;
          break;
        }
      }
      if (!params.empty()) keep_param_groups(instance, params, node);
    }
    if (qualified.rfind("torch.distributions.", 0) == 0) {
      keep_distribution_arguments(instance, qualified, args, node);
    } else {
      keep_callable_arguments(instance, qualified, args, node);
    }
    if (is_torch_module_container(qualified)) keep_container_modules(instance, qualified, args, node);
    return ValueSet{instance};
  }
  if (qualified == "torch.autograd.grad") return gradients_of(node);
  if (qualified == "contextvars.copy_context") return copy_of_running_context(node);
  const ObjId result = call_result_at_site(
      node, qualified.empty() ? "call result" : "result of " + last_component(qualified) + "()");
  objs_[result].qualified = qualified;
  if (graph) objs_[result].graph = true;
  if (tensor || graph) objs_[result].tensor = true;
  // `torch.zeros(n, requires_grad=True)`: a leaf that requires grad, like a parameter.
  if (tensor && asks_for_grad(node, false)) objs_[result].requires_grad = true;
  if (qualified.rfind("torch.", 0) == 0) {
    // A torch op's result is computed from its tensor arguments, and from the tensors in a list or tuple
    // of them (`torch.cat((acc, loss))`).
    for (const Arg& a : args) {
      for (ObjId v : a.values) {
        add_operand(result, v);
        if (objs_[v].kind != ObjKind::Container) continue;
        auto elements = st_.fields.find(field_key(v, elements_field()));
        if (elements == st_.fields.end()) continue;
        for (ObjId element : elements->second) add_operand(result, element);
      }
    }
  }
  if (qualified == "torch.autograd.backward") {
    // The function form of `loss.backward()`: the losses are its first argument, one or a list of them.
    for (ObjId v : arg_values(args, 0, "tensors", node.site)) {
      mark_losses(objs_[v].kind == ObjKind::Container ? load_one(v, elements_field(), node.site)
                                                      : ValueSet{v});
    }
  }
  return ValueSet{result};
}

void Context::keep_param_groups(ObjId optimizer, const ValueSet& params, const Expr& node) {
  // As torch builds it: `param_groups`, a list of dicts, each with a "params" list of the parameters, which
  // `for group in opt.param_groups: for p in group["params"]` reads. Given dicts are the groups themselves.
  const std::vector<SiteNote> chain{site_ref(node.site, "parameters")};
  const ObjId groups = at_site(&node, ObjKind::Container, "list", node.site, 11);
  const ObjId group = at_site(&node, ObjKind::Container, "dict", node.site, 12);
  const ObjId listed = at_site(&node, ObjKind::Container, "list", node.site, 13);
  ValueSet given_groups, parameters;
  for (ObjId element : load(params, elements_field(), node.site)) {
    const Obj& o = objs_[element];
    (o.kind == ObjKind::Container && o.label.str() == "dict" ? given_groups : parameters).insert(element);
  }
  store(ValueSet{optimizer}, intern_field("param_groups"), ValueSet{groups}, chain, EdgeRole::Plain);
  if (!parameters.empty()) {
    store(ValueSet{groups}, elements_field(), ValueSet{group}, chain, EdgeRole::Plain);
    store(ValueSet{group}, intern_field("['params']"), ValueSet{listed}, chain, EdgeRole::Plain);
    store(ValueSet{listed}, elements_field(), parameters, chain, EdgeRole::Plain);
  }
  if (!given_groups.empty()) store(ValueSet{groups}, elements_field(), given_groups, chain, EdgeRole::Plain);
}

ValueSet Context::copy_of_running_context(const Expr& node) {
  const ObjId copy = at_site(&node, ObjKind::LibInstance, "Context", node.site);
  objs_[copy].qualified = "contextvars.Context";
  // Each module-level ContextVar's value as set now (`set()` keeps it in the variable's "current_value"),
  // named by the variable; a project with very many of them is not followed past the first few.
  constexpr size_t kMaxVariables = 16;
  const auto& variables = program_.context_variables();
  for (size_t i = 0; i < variables.size() && i < kMaxVariables; ++i) {
    const auto& [module, name] = variables[i];
    const ValueSet values = load(ValueSet{global(module, name)}, intern_field("current_value"), node.site);
    if (values.empty()) continue;
    store(ValueSet{copy}, intern_field("[" + name + "]"), values,
          {site_ref(node.site, "copy_context() keeps what " + name + " is set to")}, EdgeRole::Plain);
  }
  return ValueSet{copy};
}

ValueSet Context::gradients_of(const Expr& node) {
  bool create_graph = false;
  for (size_t i = 1; i < node.children.size() && i < node.arg_names.size(); ++i) {
    const Expr& arg = node.children[i];
    // A variable (`create_graph=self.second_order`) is taken to be true on some run: the flag is there to
    // be turned on.
    create_graph |=
        node.arg_names[i] == "create_graph" && (arg.kind != ExprKind::Literal || arg.text == "True");
  }
  const ObjId gradients = at_site(&node, ObjKind::Container, "gradients", node.site);
  const ObjId gradient = at_site(&node, ObjKind::Unknown, "gradient", node.site, 1);
  objs_[gradient].tensor = true;
  if (create_graph && no_grad_depth_ == 0) objs_[gradient].graph = true;
  store(ValueSet{gradients}, elements_field(), ValueSet{gradient}, {site_ref(node.site, "gradient")},
        EdgeRole::Plain);
  return ValueSet{gradients};
}

void Context::link_hook_captures_to_tensor(const ValueSet& tensors, const ValueSet& hooks, const Expr& node) {
  // What each hook closes over: the contents of its cells.
  ValueSet captured;
  const FieldId contents = intern_field("contents");
  for (ObjId hook : hooks) {
    if (objs_[hook].kind != ObjKind::Closure) continue;
    for (const auto& [key, cells] : st_.fields) {
      if (static_cast<ObjId>(key >> 32) != hook ||
          !field_name(static_cast<FieldId>(key & 0xffffffffu)).starts_with("cell:"))
        continue;
      for (ObjId cell : cells) {
        auto held = st_.fields.find(field_key(cell, contents));
        if (held != st_.fields.end()) captured.merge(held->second);
      }
    }
  }
  if (captured.empty() || autograd_maybe_off()) return;
  for (ObjId tensor : tensors) {
    for (ObjId value : captured) {
      if (value == tensor ||
          !any_within_operands(value, 8, true, [&](const Obj& o) { return &o == &objs_[tensor]; }))
        continue;
      store(ValueSet{value}, intern_field("grad_fn"), ValueSet{tensor},
            {site_ref(node.site, "its graph leads back to the tensor the hook is registered on")},
            EdgeRole::Capture);
    }
  }
}

void Context::record_library_cycle(const CallModel& model, const std::vector<Arg>& args, const Expr& node) {
  if (model.cycle.empty() || model.names.empty() || module_closes(model)) return;
  // What the object holds (the arguments it was given) waits for the collector with it.
  ValueSet held;
  for (const Arg& a : args) held.merge(a.values);
  // Named as the call is written (`mock.patch.object`) when the model has several names.
  const std::string called =
      model.names.size() > 1 && !node.children.empty() ? describe_target(node.children[0]) : std::string();
  const std::string name = called.empty() ? model.names.front() : called;
  if (held.empty()) held.insert(at_site(&node, ObjKind::LibInstance, last_component(name), node.site, 5));
  record_event(EventKind::LibraryCycle, kNoObj, name, held, node.site, model.cycle);
}

void Context::record_library_keep(const CallModel& model, const Expr& node) {
  if (model.kept_by.empty() || model.names.empty() || module_closes(model)) return;
  // Named as the call is written (`plt.subplots`), the model's names being several.
  const std::string called = !node.children.empty() ? describe_target(node.children[0]) : std::string();
  const std::string name = called.empty() ? model.names.front() : called;
  const ObjId made = at_site(&node, ObjKind::LibInstance, last_component(name), node.site, 6);
  record_event(EventKind::LibraryKeepsObject, kNoObj, name, ValueSet{made}, node.site, model.kept_by);
}

bool Context::updates_keyword_keys(const Expr& call) const {
  if (call.children.size() < 2 || call.children[0].kind != ExprKind::Attribute ||
      call.children[0].text != "update")
    return false;
  // Into the instance's own state (`self.postfix`), which each turn updates again; not into what a tensor
  // holds (`loss.grad_fn.metadata.update(info)` keeps each step's own).
  const Expr* root = &call.children[0];
  while (root->kind == ExprKind::Attribute && !root->children.empty()) root = &root->children[0];
  if (fn_.owner_class < 0 || fn_.params.empty() || root->kind != ExprKind::Name ||
      root->text != fn_.params[0].name)
    return false;
  bool keywords_only = true;
  for (size_t i = 1; i < call.children.size(); ++i) {
    const std::string& name = i < call.arg_names.size() ? call.arg_names[i] : std::string();
    keywords_only &= !name.empty() && name != "*" && name != "**";
  }
  if (keywords_only) return true;
  if (call.children.size() != 2 || (call.arg_names.size() > 1 && !call.arg_names[1].empty()) ||
      call.children[1].kind != ExprKind::Name)
    return false;
  return std::any_of(fn_.params.begin(), fn_.params.end(), [&call](const Param& p) {
    return p.kind == ParamKind::VarKeywords && p.name == call.children[1].text;
  });
}

ValueSet Context::apply_model(const CallModel& model, const ValueSet& receiver, const std::vector<Arg>& args,
                              const Expr& node, bool result_used, ObjId constructed, bool decorating) {
  if (model.decorator_factory && !decorating && !model.names.empty() &&
      (model.always_decorator_factory || std::none_of(args.begin(), args.end(), [](const Arg& a) {
         return a.name.empty() || a.name == "*";
       }))) {
    const ObjId decorator = at_site(&node, ObjKind::LibInstance, "decorator", node.site);
    objs_[decorator].qualified = model.names.front();
    return ValueSet{decorator};
  }
  ValueSet ret;
  ObjId created = constructed;
  ObjId element = kNoObj;  // each element of `created`, with model.element_label
  // The name called, where the entry lists several (`pipe.batch(8)` under the entry for `map` and others,
  // `list(it)` under the one for `sorted`).
  std::string what = model.names.empty() ? "call" : last_component(model.names.front());
  if (!node.children.empty() &&
      (node.children[0].kind == ExprKind::Attribute || node.children[0].kind == ExprKind::Name)) {
    // Compared in place: this runs for every library call modelled.
    const std::string& called = node.children[0].text;
    const auto names_called = [&called](const std::string& name) {
      return name == called || (name.size() > called.size() && name.ends_with(called) &&
                                name[name.size() - called.size() - 1] == '.');
    };
    if (std::any_of(model.names.begin(), model.names.end(), names_called)) what = called;
  }
  // Only for the library's call itself, not a project subclass's `super().__init__`.
  if (constructed == kNoObj) {
    record_library_cycle(model, args, node);
    record_library_keep(model, node);
  }
  switch (model.returns) {
    case ModelReturn::None:
      break;
    case ModelReturn::New:
      if (created == kNoObj) {
        ObjKind kind = ObjKind::LibInstance;
        if (model.new_label == "partial") kind = ObjKind::Partial;
        if (model.new_label == "method") kind = ObjKind::BoundMethod;
        if (model.new_label == "list" || model.new_label == "dict" || model.new_label == "tuple")
          kind = ObjKind::Container;
        created = at_site(&node, kind, model.new_label, node.site);
        if (model.caches_calls) objs_[created].qualified = kCachingWrapper;
        // `deque(items, maxlen=n)`, `deque(items, n)`: a window of the last n entries.
        if (what == "deque") {
          size_t positional = 0;
          for (const Arg& a : args) {
            positional += a.name.empty() ? 1 : 0;
            objs_[created].bounded |= a.name == "maxlen" || positional == 2;
          }
        }
        if (model.chains) {
          for (ObjId r : receiver) {
            if (std::string made = maker(r); !made.empty()) {
              objs_[created].qualified = made;
              break;
            }
          }
        }
      }
      if (model.carries_graph) {
        // `sum(...)` adds numbers as well as tensors: a tensor only where what it adds is one.
        const bool always_tensor = what != "sum";
        objs_[created].tensor = always_tensor;
        if (no_grad_depth_ > function_forward_depth_) objs_[created].no_grad = true;
        for (const Arg& a : args) {
          for (ObjId v : a.values) {
            // `parameters_to_vector(model.parameters())`: computed from leaf tensors that require grad;
            // `sum(d.pow(2).sum() for d in deltas)`: from tensors with a graph.
            auto elements = st_.fields.find(field_key(v, elements_field()));
            if (elements != st_.fields.end()) {
              for (ObjId element : elements->second) {
                if (!requires_grad(objs_[element]) && !is_graph(element) && !objs_[element].tensor) continue;
                add_operand(created, element);
                objs_[created].tensor = true;
                if (no_grad_depth_ == 0 && (requires_grad(objs_[element]) || is_graph(element)))
                  objs_[created].graph = true;
              }
            }
            // `sum(loss for _, loss in losses).backward()` back-propagates the container summed: its losses
            // are kept to be summed on purpose (as `torch.stack(losses).sum()`), see mark_backpropagated.
            if (what == "sum" && objs_[v].kind == ObjKind::Container) add_operand(created, v);
            if (!is_graph(v) && !objs_[v].tensor) continue;
            add_operand(created, v);
            objs_[created].tensor = true;
            if (is_graph(v) && no_grad_depth_ == 0) objs_[created].graph = true;
          }
        }
      }
      if (!model.element_label.empty()) {
        element = at_site(&node, ObjKind::LibInstance, model.element_label, node.site, 1);
        store(ValueSet{created}, elements_field(), ValueSet{element},
              {site_ref(node.site, what + "() makes its elements")}, EdgeRole::Plain);
      }
      ret.insert(created);
      break;
    case ModelReturn::Receiver:
      ret = receiver;
      break;
    case ModelReturn::Argument:
      ret = arg_values(args, model.return_argument, "", node.site);
      break;
    case ModelReturn::ArgumentElements:
      // `min(1.0, clip / norm)`: with several positional arguments, min and max give one of them; kept
      // where it is a value computed here or a tensor (its graph goes on), not where it may be anything
      // (`max(state.get(k, -1), seq)` of numbers: an entry of a dict is not stored into it).
      if ((what == "min" || what == "max") &&
          std::count_if(args.begin(), args.end(), [](const Arg& a) { return a.name.empty(); }) > 1) {
        for (const Arg& a : args) {
          if (!a.name.empty()) continue;
          for (ObjId v : a.values) {
            if (objs_[v].kind == ObjKind::Value || objs_[v].tensor || is_graph(v)) ret.insert(v);
          }
        }
        break;
      }
      ret = load(arg_values(args, model.return_argument, "", node.site), elements_field(), node.site);
      break;
    case ModelReturn::ReceiverElements:
      if (model.keyed_by_arg0 && node.children.size() > 1 && node.arg_names.size() > 1 &&
          node.arg_names[1].empty() && node.children[1].kind == ExprKind::Literal &&
          node.children[1].text.starts_with('\'')) {
        // `cfg.get("packages")` is `cfg["packages"]`, or the default given second. A string key only: a
        // list's `pop(0)` after `append(x)` in the same function is still `x`.
        ret = load_keyed(receiver, intern_field("[" + node.children[1].text + "]"), node.site);
        ret.merge(arg_values(args, 1, "", node.site));
      } else {
        ret = load(receiver, elements_field(), node.site);
        // `groups.setdefault(key, [])`, `d.get(key, fallback)` on a dict that holds nothing yet (made here):
        // the default given second.
        if (model.keyed_by_arg0 && ret.empty()) ret = arg_values(args, 1, "", node.site);
      }
      break;
    case ModelReturn::Handle:
      ret.insert(at_site(&node, ObjKind::Handle, "hook handle", node.site));
      break;
    case ModelReturn::Weak:
      // With a callback that reaches the referent (`weakref.ref(self, self._on_release)`), the reference is
      // an object that holds it (the effects store it there): the referent can never die, nor the callback
      // run. A callback that does not reach it runs when it dies (and usually takes the entry holding the
      // reference out: `weakref.ref(module, partial(self._forget, key))`). Without one, nothing at all.
      if (!model.effects.empty() && created == kNoObj &&
          path_between(arg_values(args, 1, model.effects.front().source.keyword, node.site),
                       arg_values(args, 0, "", node.site), 6)) {
        created = at_site(&node, ObjKind::LibInstance, "weak reference with a callback", node.site);
        ret.insert(created);
      } else {
        created = at_site(&node, ObjKind::Weak, what == "proxy" ? kWeakProxy : "weak reference", node.site);
        ret.insert(created);
      }
      // What the reference names, held without an edge: calling a reference gives it back, and a proxy
      // forwards attribute reads and calls to it.
      if (const ValueSet referents = arg_values(args, 0, "", node.site); !referents.empty()) {
        set_field(created, referent_field(), referents, true);
        if (what == "finalize") {
          for (ObjId c : arg_values(args, 1, "", node.site)) {
            if (objs_[c].kind == ObjKind::FunctionConst && objs_[c].fn.valid())
              finalizers_.push_back({referents, objs_[c].fn});
          }
        }
      }
      break;
    case ModelReturn::CurrentFrame:
      if (asks_for_own_frame(node)) {
        ret.insert(frame());
      } else {
        // `sys._getframe(1)`: a caller's frame, which holds nothing of this one. A literal depth says whose:
        // a caller that gets it back from this function sees its own frame, or one further up.
        const ObjId caller_frame = at_site(&node, ObjKind::Frame, "a caller's frame", node.site);
        objs_[caller_frame].frames_up = literal_depth(node, fn_);
        ret.insert(caller_frame);
      }
      break;
    case ModelReturn::CurrentStack: {
      // Only the first entry is this function's own frame: `inspect.stack()[1]` and a loop over the
      // entries (whose variable ends on the outermost) hold none of it, so nothing goes into "[]".
      const ObjId stack = at_site(&node, ObjKind::Container, "list of frame records", node.site);
      const ObjId record =
          at_site(&node, ObjKind::Container, "frame record of " + fn_.qualname + "()", node.site, 1);
      for (const char* field : {"[0]", "frame"}) {
        store(ValueSet{record}, intern_field(field), ValueSet{frame()},
              {site_ref(node.site, "the first record is this function's frame")}, EdgeRole::Frame);
      }
      store(ValueSet{stack}, intern_field("[0]"), ValueSet{record},
            {site_ref(node.site, what + "() lists this function's frame first")}, EdgeRole::Frame);
      // `inspect.stack()[2]`: the record of a caller's frame, whose caller that far up sees its own.
      for (uint8_t up = 1; up <= kMaxFramesUp; ++up) {
        const std::string slot = "[" + std::to_string(up) + "]";
        const ObjId caller_record =
            at_site(&node, ObjKind::Container, "frame record of a caller", node.site, 1 + up);
        const ObjId caller_frame = at_site(&node, ObjKind::Frame, "a caller's frame", node.site, 8 + up);
        objs_[caller_frame].frames_up = up;
        for (const char* field : {"[0]", "frame"}) {
          store(ValueSet{caller_record}, intern_field(field), ValueSet{caller_frame},
                {site_ref(node.site, "the record of the frame " + std::to_string(up) + " up")},
                EdgeRole::Frame);
        }
        store(ValueSet{stack}, intern_field(slot), ValueSet{caller_record},
              {site_ref(node.site, what + "() lists the callers' frames next")}, EdgeRole::Frame);
      }
      ret.insert(stack);
      break;
    }
    case ModelReturn::ExcInfo:
    case ModelReturn::ExcInfoException: {
      ObjId exception;
      if (!handler_exceptions_.empty()) {
        exception = handler_exceptions_.back();
      } else {
        // Called outside a handler of this function: the traceback holds the frames of the code that
        // raised and handled the exception, not this one.
        exception = at_site(&node, ObjKind::Exception, "exception being handled", node.site);
        const ObjId tb = at_site(&node, ObjKind::Traceback, "traceback", node.site, 1);
        const ObjId frames =
            at_site(&node, ObjKind::Frame, "frames of the raising and handling code", node.site, 2);
        objs_[frames].tensor = program_.uses_torch();
        store(ValueSet{exception}, intern_field("__traceback__"), ValueSet{tb},
              {site_ref(node.site, "exception keeps its traceback")}, EdgeRole::Frame);
        store(ValueSet{tb}, intern_field("tb_frame"), ValueSet{frames},
              {site_ref(node.site, "traceback keeps the frames")}, EdgeRole::Frame);
      }
      if (model.returns == ModelReturn::ExcInfoException) {
        ret.insert(exception);
        break;
      }
      const ObjId info = at_site(&node, ObjKind::Container, "exc_info tuple", node.site, 3);
      const ValueSet tb = load_one(exception, intern_field("__traceback__"), node.site);
      const ObjId type = at_site(&node, ObjKind::Unknown, "exception type", node.site, 4);
      store(ValueSet{info}, intern_field("[0]"), ValueSet{type}, {site_ref(node.site, "exc_info")},
            EdgeRole::Plain);
      store(ValueSet{info}, intern_field("[1]"), ValueSet{exception}, {site_ref(node.site, "exc_info")},
            EdgeRole::Frame);
      store(ValueSet{info}, intern_field("[2]"), tb, {site_ref(node.site, "exc_info")}, EdgeRole::Frame);
      ValueSet both{exception};
      both.merge(tb);
      store(ValueSet{info}, elements_field(), both, {site_ref(node.site, "exc_info")}, EdgeRole::Frame);
      ret.insert(info);
      break;
    }
    case ModelReturn::Unknown:
      ret.insert(at_site(&node, ObjKind::Unknown, "result of " + what + "()", node.site));
      break;
  }
  if (model.yields_receiver && created != kNoObj)
    yield_receiver_first(created, receiver, model.yields_pairs, node);
  // `self._handle = m.register_forward_hook(h)` in a loop keeps the last handle only: the hooks of the
  // earlier iterations stay, whatever removes `self._handle`.
  const bool handle_overwritten = loop_depth_ > 0 && evaluating_assignment_ != nullptr &&
                                  &evaluating_assignment_->value == &node &&
                                  evaluating_assignment_->targets.size() == 1 &&
                                  evaluating_assignment_->targets[0].kind == ExprKind::Attribute;
  // `self._handles[name] = m.register_forward_hook(h)` into a weakref.WeakValueDictionary: nothing keeps the
  // handle, which dies at once, so no remove() can reach the hook.
  auto handle_held_weakly = [&] {
    if (evaluating_assignment_ == nullptr || &evaluating_assignment_->value != &node ||
        evaluating_assignment_->targets.size() != 1 ||
        evaluating_assignment_->targets[0].kind != ExprKind::Subscript ||
        evaluating_assignment_->targets[0].children.empty())
      return false;
    const Expr& holder = evaluating_assignment_->targets[0].children[0];
    // Read again here, so only a plain name or attribute chain (no call to run twice).
    for (const Expr* part = &holder; part->kind != ExprKind::Name; part = &part->children[0]) {
      if (part->kind != ExprKind::Attribute || part->children.size() != 1) return false;
    }
    // `self._handles` where this method sets it: what the class's methods set the attribute to.
    if (holder.kind == ExprKind::Attribute && holder.children.size() == 1) {
      const ValueSet owners = eval(holder.children[0]);
      if (!owners.empty() && std::all_of(owners.begin(), owners.end(), [&](ObjId o) {
            return objs_[o].cls.valid() && program_.instance_attribute_weak_container(
                                               objs_[o].cls, holder.text) == WeakContainer::ValueDictionary;
          }))
        return true;
    }
    const ValueSet holders = eval(holder);
    return !holders.empty() && std::all_of(holders.begin(), holders.end(), [this](ObjId h) {
      return weak_container(h) == WeakContainer::ValueDictionary;
    });
  };
  // `handle = layer.register_forward_hook(grab)` where `grab` calls `handle.remove()`: a one-shot hook, gone
  // the first time it runs. Not one registered in a loop (`for name, layer in model.named_modules()`), where
  // a layer the forward never runs keeps its hook.
  auto removes_itself = [&] {
    if (loop_depth_ > 0 || evaluating_assignment_ == nullptr || &evaluating_assignment_->value != &node ||
        evaluating_assignment_->targets.size() != 1 ||
        evaluating_assignment_->targets[0].kind != ExprKind::Name)
      return false;
    const std::string& handle = evaluating_assignment_->targets[0].text;
    for (const Arg& a : args) {
      for (ObjId v : a.values) {
        if (objs_[v].kind == ObjKind::Closure && objs_[v].fn.valid() &&
            calls_remove_on(program_.function(objs_[v].fn), handle))
          return true;
      }
    }
    return false;
  };
  const bool removable =
      result_used && !handle_overwritten && (removes_handles() || removes_itself()) && !handle_held_weakly();
  for (const ModelEffect& effect : model.effects) {
    ValueSet source;
    const ModelOperand& src = effect.source;
    switch (src.base) {
      case ModelOperand::Base::Argument:
        source = arg_values(args, src.position, src.keyword, node.site);
        break;
      case ModelOperand::Base::RestArguments: {
        int index = 0;
        for (const Arg& a : args) {
          if (a.name.empty()) {
            if (index >= src.position) source.merge(a.values);
            ++index;
          } else if (a.name == "*") {
            source.merge(load(a.values, elements_field(), node.site));
          }
        }
        break;
      }
      case ModelOperand::Base::KeywordArguments:
        for (const Arg& a : args) {
          // `SimpleNamespace(**locals())`: the values of the dict spread as keywords.
          if (a.name == "**") source.merge(load(a.values, elements_field(), node.site));
          if (a.name.empty() || a.name == "*" || a.name == "**") continue;
          source.merge(a.values);
          // `dict(lr=lr, transform=self.centralize)` keeps each value in its own slot, as a display does;
          // `partial(penalty, module=module, weight=w)` each keyword in its own (a cycle through one of them
          // is sure whatever the others hold).
          if (model.new_label == "dict" && created != kNoObj && !a.values.empty()) {
            store(ValueSet{created}, intern_field("['" + a.name + "']"), a.values,
                  {site_ref(node.site, "element")}, EdgeRole::Plain);
          }
          if (model.new_label == "partial" && created != kNoObj && !a.values.empty()) {
            store(ValueSet{created}, intern_field("keywords['" + a.name + "']"), a.values,
                  {site_ref(node.site, "partial keeps " + a.name + "=")}, role_from_model(model.role));
          }
        }
        break;
      case ModelOperand::Base::Receiver:
        source = receiver;
        break;
      case ModelOperand::Base::Return:
        // `receiver._subparsers = return`: the receiver keeps the object the call makes.
        if (created != kNoObj) source.insert(created);
        break;
      default:
        break;
    }
    if (src.field == "[]") {
      const ValueSet whole = std::move(source);
      // `tuple(named)`, `sorted(d)`: a copy into anything but a dict takes a dict's keys, as a loop does.
      source = model.copies_every_element && model.new_label != "dict"
                   ? iterated(whole, node.site)
                   : load(whole, elements_field(), node.site);
      if (model.yields_parameters)
        for (ObjId p : source) objs_[p].parameter = true;
      // The rows of a tensor with a graph (`outs.extend(model(x))`) carry it.
      if (no_grad_depth_ == 0 &&
          std::any_of(whole.begin(), whole.end(), [this](ObjId v) { return is_graph(v); })) {
        if (source.empty()) source.insert(at_site(&node, ObjKind::Unknown, "element", node.site, 3));
        mark_graph(source);
      }
      // The receiver a `modules()` sequence yields first is surely there: stored apart, so that the edge
      // to it does not read as one of the alternatives the other elements are.
      if (model.copies_every_element && created != kNoObj &&
          effect.destination.base == ModelOperand::Base::Return && effect.destination.field == "[]") {
        ValueSet firsts = first_elements(whole);
        firsts.merge(surely_held_elements(whole));
        if (model.new_label == "dict") firsts = values_of_pairs(firsts, created, node);
        for (ObjId first : firsts) {
          store(ValueSet{created}, elements_field(), ValueSet{first}, {site_ref(node.site, "element")},
                EdgeRole::Plain);
        }
      }
      // `dict(model.named_modules())`, `dict(zip(names, layers))`: the pairs' second slots are the values.
      if (model.new_label == "dict" && created != kNoObj) source = values_of_pairs(source, created, node);
    }
    if (source.empty()) continue;
    ValueSet destination;
    const ModelOperand& dst = effect.destination;
    if (model.yields_pairs && dst.base == ModelOperand::Base::Return && created != kNoObj) {
      add_pairs(created, receiver, source, node);
      continue;
    }
    std::string_view dst_field = dst.field;
    switch (dst.base) {
      case ModelOperand::Base::Return:
        if (dst_field.starts_with("[].")) {
          dst_field.remove_prefix(3);  // "return[].dataset": the field of each element
          if (element != kNoObj) destination.insert(element);
        } else if (created != kNoObj) {
          destination.insert(created);
        }
        break;
      case ModelOperand::Base::Receiver:
        // `operand._dependents.add(self)` with every `_dependents` of the project a weakref.WeakSet: the set
        // keeps no reference (a WeakSet made here is a library object whose own model says so).
        for (ObjId r : receiver) {
          if ((dst_field.empty() || dst_field == "[]") && model.role == "plain" &&
              weak_container(r) == WeakContainer::Set)
            continue;
          destination.insert(r);
        }
        break;
      case ModelOperand::Base::Argument:
        destination = arg_values(args, dst.position, dst.keyword, node.site);
        break;
      case ModelOperand::Base::Root: {
        // An accumulating registry (atexit) is reported like a module-level list, named in full
        // ("atexit.register() registry"), unless this module takes entries out again
        // (`atexit.unregister(self.close)`, or a model's removed_by method).
        const bool accumulates = model.keeps_every_registration && !model.names.empty();
        // A global hook whose handle is kept and removed (`self.handle.remove()` in close()) is let go.
        if (model.returns == ModelReturn::Handle && removable) continue;
        // One slot is let go by its model's removed_by call too (`faulthandler.unregister(sig)`). A registry
        // taken out again somewhere is still recorded: left in place where an early exit skips the release.
        bool release_pending = false;
        if (accumulates || !model.removed_by.empty()) {
          const std::string& name = model.names.front();
          const bool removed = model.removed_by.empty()
                                   ? program_.global_has_removal(ref_.module, name.substr(0, name.rfind('.')))
                                   : std::any_of(model.removed_by.begin(), model.removed_by.end(),
                                                 [this](const std::string& method) {
                                                   return program_.module_calls_removal(ref_.module, method);
                                                 });
          if (removed && !accumulates) continue;
          release_pending = removed;
        }
        const ObjId root = global(-1, accumulates ? kProcessRegistry : kProcessRoots);
        const std::string registry = !model.registry.empty()
                                         ? model.registry
                                         : (accumulates ? model.names.front() : what) + "() registry";
        Event* event = record_event(EventKind::StoreIntoGlobal, root, registry, source, node.site,
                                    what + "() keeps it for the life of the process");
        if (event != nullptr) event->release_pending = release_pending;
        continue;
      }
      default:
        break;
    }
    if (destination.empty()) continue;
    // `receiver` in `receiver.add(arg)` when the store goes into it.
    const Expr* receiver_expr = dst.base == ModelOperand::Base::Receiver && !node.children.empty() &&
                                        node.children[0].kind == ExprKind::Attribute &&
                                        !node.children[0].children.empty()
                                    ? &node.children[0].children[0]
                                    : nullptr;
    const std::string field = dst_field.empty() ? "[]" : std::string(dst_field);
    const EdgeRole role = role_from_model(model.role);
    const bool is_registration = role == EdgeRole::ModuleHook || role == EdgeRole::TensorHook;
    // receiver.add(arg): remember which variables they come from (see store()).
    if (receiver_expr != nullptr) {
      store_base_root_ = root_name(*receiver_expr);
      if (src.base == ModelOperand::Base::Argument && src.position >= 0 &&
          static_cast<size_t>(src.position) + 1 < node.children.size()) {
        store_value_root_ = root_name(node.children[static_cast<size_t>(src.position) + 1]);
      }
    }
    // `partial(setattr, parent, name, old)`: the argument a slot keeps, when it is a variable.
    if (src.base == ModelOperand::Base::Argument && src.field.empty() && src.position >= 0 &&
        static_cast<size_t>(src.position) + 1 < node.children.size()) {
      const size_t at = static_cast<size_t>(src.position) + 1;
      bool positional = true;
      for (size_t i = 1; i <= at; ++i) {
        positional &= node.children[i].kind != ExprKind::Starred &&
                      (i >= node.arg_names.size() || node.arg_names[i].empty());
      }
      if (positional) {
        store_value_choice_ = choice_of(node.children[at]);
        stored_argument_ = &node.children[at];
      }
    }
    store(destination, intern_field(field), source,
          {site_ref(node.site, is_registration ? registration_note(what + "() registers it", result_used)
                                               : what + "() keeps it")},
          role, is_registration && removable);
    stored_argument_ = nullptr;
    if (role == EdgeRole::TensorHook) link_hook_captures_to_tensor(destination, source, node);
    // A fresh iterable made of one argument (`itertools.repeat(self)`, `ChainMap(overrides)`) surely holds
    // it: a copy of its elements (`chain.from_iterable(repeat(self))`) then surely holds it too.
    if (src.base == ModelOperand::Base::Argument && src.field.empty() && field == "[]" &&
        dst.base == ModelOperand::Base::Return && created != kNoObj && source.size() == 1 &&
        destination.size() == 1 && destination[0] == created)
      surely_holds(created, elements_field(), source[0]);
    // Every keyword argument is kept (`partial(fn, owner=self, name=name)`), not one of them: each is its own
    // store, so that the edge to each is sure.
    if (src.base == ModelOperand::Base::KeywordArguments && source.size() > 1) {
      for (const Arg& a : args) {
        // Each value a `**` dict spreads is a keyword of its own too (`SimpleNamespace(**locals())`).
        if (a.name == "**") {
          for (ObjId v : load(a.values, elements_field(), node.site)) {
            store(destination, intern_field(field), ValueSet{v},
                  {site_ref(node.site, is_registration
                                           ? registration_note(what + "() registers it", result_used)
                                           : what + "() keeps it")},
                  role, is_registration && removable);
          }
        }
        if (a.name.empty() || a.name == "*" || a.name == "**" || a.values.empty()) continue;
        store(destination, intern_field(field), a.values,
              {site_ref(node.site, is_registration ? registration_note(what + "() registers it", result_used)
                                                   : what + "() keeps it")},
              role, is_registration && removable);
      }
    }
    store_base_root_.clear();
    store_value_root_.clear();
    store_value_choice_ = 0;
    // A forward hook runs on every call of its module: remembered (with no edge of its own, the one above
    // is the reference) so that calling the module runs it (run_forward_hooks).
    if (role == EdgeRole::ModuleHook) {
      if (const auto kind = forward_hook_registration(node)) {
        for (ObjId d : destination) set_field(d, forward_hooks_field(*kind), source, false);
      }
    }
    // `CONSOLE.setFormatter(ProgressFormatter(trial))`: one attribute of a module-level object.
    if (dst.base == ModelOperand::Base::Receiver && !field.empty() && field.find("[]") == std::string::npos) {
      for (ObjId d : destination) {
        if (objs_[d].kind != ObjKind::Global && !root_is_global(d)) continue;
        if (Event* event =
                record_event(EventKind::StoreIntoGlobal, d, objs_[d].label, source, node.site, what + "()"))
          event->replaces_slot = true;
      }
    }
    // `for arg in args: found.append(arg)`: a list of the elements the loop iterates holds nothing that the
    // iterated container does not, so only a list that outlives the call accumulates them.
    const bool copies_loop_elements =
        !loop_elements_.empty() && !loop_elements_.back().empty() && !source.empty() &&
        std::all_of(source.begin(), source.end(),
                    [this](ObjId v) { return loop_elements_.back().contains(v); });
    if (field == "[]" || field.find("[]") != std::string::npos) {
      for (ObjId d : destination) {
        if (objs_[d].kind == ObjKind::Global || root_is_global(d) || stored_for_callers(d, source)) {
          Event* event =
              record_event(EventKind::StoreIntoGlobal, d, objs_[d].label, source, node.site, what + "()");
          // Into the elements of an attribute (`receiver.param_groups[]`): named, for its removals.
          if (event != nullptr && field.size() > 2 && field.ends_with("[]") &&
              field.find('[') == field.size() - 2)
            event->attribute = intern_field(field.substr(0, field.size() - 2));
        } else if (const ImportTimeHolder* holder = import_time_holder_of(d);
                   holder != nullptr && no_grad_depth_ == 0 && !is_registration && holds_graph(source)) {
          // `self.window.append(out.mean())` on a monitor that only `MONITOR = AcceptanceMonitor()` makes.
          record_event(EventKind::StoreIntoGlobal, global(holder->module, holder->name),
                       import_time_label(*holder, d), source, node.site, what + "()");
        }
        // In a loop here, or into a container the caller passed in (`self.history.append(loss)` in a
        // method) or a module-level one (`FEATURES.append(output)` in a forward hook): a caller that calls
        // it in a loop accumulates too (the event's in_loop is set there).
        if (((loop_depth_ > 0 && !copies_loop_elements) || outlives_call(d) ||
             objs_[d].kind == ObjKind::Global || root_is_global(d)) &&
            field == "[]" && !is_registration && !updates_keyword_keys(node)) {
          record_event(EventKind::Accumulate, d, accumulator_label(d, receiver_expr), source, node.site,
                       what + "()");
        }
      }
    }
  }
  // Writing into a parameter's mutable default through its methods (append, add, setdefault, update).
  bool stores_into_receiver = false;
  for (const ModelEffect& effect : model.effects) {
    stores_into_receiver |= effect.destination.base == ModelOperand::Base::Receiver;
  }
  if (stores_into_receiver) {
    for (ObjId r : receiver) {
      if ((objs_[r].kind == ObjKind::Param && objs_[r].mutable_default) ||
          holds_receivers_mutable_default(r)) {
        record_event(EventKind::MutableDefaultStore, r, objs_[r].label, {}, node.site, what + "()");
      }
    }
  }
  if (!model.kills_graph && no_grad_depth_ == 0) {
    if (any_graph(receiver)) {
      for (ObjId v : ret) {
        if (objs_[v].kind == ObjKind::Unknown) objs_[v].graph = true;
      }
    }
  }
  // `await asyncio.start_server(...)`: the awaited coroutine gives the object the model makes.
  if (model.awaited_result && awaited_call_ == &node) awaited_result_ = true;
  return ret;
}

ValueSet Context::dispatch_functions(const ValueSet& receivers) const {
  ValueSet dispatchers;
  for (ObjId r : receivers) {
    const Obj& o = objs_[r];
    // A singledispatch function made inside another is let go with its registry; a module-level one is not.
    if (o.kind == ObjKind::FunctionConst && o.fn.valid() && program_.is_singledispatch(o.fn) &&
        program_.function(o.fn).qualname.find("<locals>") == std::string::npos)
      dispatchers.insert(r);
  }
  return dispatchers;
}

ValueSet Context::register_dispatch_implementation(const ValueSet& dispatchers, const std::vector<Arg>& args,
                                                   const Expr& node) {
  const Arg* implementation = nullptr;
  std::vector<const Arg*> positional;
  for (const Arg& a : args) {
    if (a.name == "func") implementation = &a;
    if (a.name.empty()) positional.push_back(&a);
  }
  const bool first_is_class =
      !positional.empty() && !positional[0]->values.empty() &&
      std::all_of(positional[0]->values.begin(), positional[0]->values.end(), [this](ObjId v) {
        return objs_[v].kind == ObjKind::ClassConst || objs_[v].kind == ObjKind::ExternalConst;
      });
  if (implementation == nullptr && positional.size() >= 2) implementation = positional[1];
  if (implementation == nullptr && positional.size() == 1 && !first_is_class) implementation = positional[0];
  // Named like a call of the function with the class: "encode(Sample)".
  const std::string cls = first_is_class && node.children.size() > 1 ? describe_target(node.children[1]) : "";
  const std::string registry = program_.function(objs_[dispatchers[0]].fn).name + "(" + cls + ")";
  if (implementation == nullptr) {
    // `@f.register(cls)`: a decorator that registers the function it decorates.
    const ObjId decorator = at_site(&node, ObjKind::LibInstance, "register decorator", node.site);
    objs_[decorator].qualified = kDispatchRegisterDecorator;
    objs_[decorator].name = registry;
    return ValueSet{decorator};
  }
  keep_dispatch_implementation(registry, implementation->values, node);
  return implementation->values;
}

void Context::keep_dispatch_implementation(const std::string& registry, const ValueSet& implementations,
                                           const Expr& node) {
  // One implementation per class: the next registration for the class replaces it, like a signal handler.
  record_event(EventKind::StoreIntoGlobal, global(-1, kProcessRoots), registry, implementations, node.site,
               "register() keeps it for the life of the process");
}

}  // namespace cyclecheck
